/*
 * server_harness.h: what the end-to-end tests of `lnlt serve` need: the server as
 * a real process (started, stopped, killed with SIGKILL), a real PostgreSQL
 * server in a temporary directory (initdb and pg_ctl from Debian's postgresql
 * package, run as the postgres user when the tests run as root), an HTTP client
 * and a WebSocket client over civetweb's client API, and a small HTTP listener
 * that records the webhooks it receives.
 */
#ifndef LNLT_TEST_SERVER_HARNESS_H
#define LNLT_TEST_SERVER_HARNESS_H

#include <jansson.h>
#include <pthread.h>
#include <stdbool.h>
#include <sys/types.h>

/* The lnlt program next to the test program (build/<config>/lnlt). */
void harness_set_program(const char *test_argv0);
const char *harness_program(void);

typedef struct test_server {
    pid_t pid;
    int port;
    char log[256]; /* its stderr */
} test_server;

/* Starts `lnlt serve --listen 127.0.0.1:0 --db DB --quiet EXTRA...` (extra is a
 * NULL-terminated list, may be NULL) and waits for its "listening" line. */
void server_start(test_server *s, const char *db, const char *const *extra);
/* SIGTERM and wait (a clean stop); server_kill: SIGKILL and wait. */
void server_stop(test_server *s);
void server_kill(test_server *s);

/* One HTTP request (Connection: close); returns the parsed JSON body (NULL if the
 * body is not JSON) and the status in *status. body may be NULL. */
json_t *http_call(int port, const char *method, const char *path, const char *body, int *status);
/* The same with a JSON body built by the caller (consumed). */
json_t *http_post_json(int port, const char *path, json_t *body, int *status);
/* Raw body text (the caller frees), for checks on exact bytes. */
char *http_call_raw(int port, const char *method, const char *path, const char *body, int *status);

/* A WebSocket client collecting every text message it receives. */
typedef struct ws_client {
    struct mg_connection *conn;
    pthread_mutex_t mu;
    char **msg;
    int n, cap;
    bool closed;
} ws_client;

bool ws_open(ws_client *w, int port, const char *path);
void ws_close(ws_client *w);
/* Waits until a message containing `needle` arrived (up to ms milliseconds). */
bool ws_wait_for(ws_client *w, const char *needle, int ms);
int ws_count(ws_client *w);

/* A PostgreSQL server of the test's own. */
typedef struct test_pg {
    char dir[256];
    char uri[512];
    bool running;
} test_pg;

/* Starts one; false (with a message on stderr) if initdb/pg_ctl are missing. */
bool pg_start(test_pg *pg);
void pg_stop(test_pg *pg);

/* A local HTTP listener recording POST bodies (for webhooks). */
typedef struct hook_listener {
    struct mg_context *ctx;
    int port;
    pthread_mutex_t mu;
    char *bodies[64];
    int n;
} hook_listener;

void hook_listener_start(hook_listener *h);
void hook_listener_stop(hook_listener *h);
bool hook_listener_wait(hook_listener *h, int count, int ms);

void sleep_ms(int ms);

#endif
