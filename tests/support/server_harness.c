/*
 * server_harness.c: the server, PostgreSQL, HTTP, WebSocket and webhook-listener
 * helpers of server_harness.h. Every wait is bounded, so a broken server fails a
 * test instead of hanging CI.
 */
#include "server_harness.h"

#include <civetweb.h>
#include <dirent.h>
#include <errno.h>
#include <fcntl.h>
#include <glob.h>
#include <pwd.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/prctl.h>
#include <sys/stat.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>

static char program[1024] = "build/debug/lnlt";

void sleep_ms(int ms)
{
    struct timespec t = {ms / 1000, (long)(ms % 1000) * 1000000L};
    nanosleep(&t, NULL);
}

void harness_set_program(const char *argv0)
{
    char buf[1000];
    snprintf(buf, sizeof buf, "%s", argv0);
    char *slash = strrchr(buf, '/');
    if (!slash)
        return;
    *slash = 0;
    slash = strrchr(buf, '/');
    if (slash)
        *slash = 0;
    snprintf(program, sizeof program, "%s/lnlt", buf);
    mg_init_library(MG_FEATURES_WEBSOCKET);
    signal(SIGPIPE, SIG_IGN);
}

const char *harness_program(void) { return program; }

static void fail_now(const char *fmt, const char *a)
{
    fprintf(stderr, fmt, a);
    fprintf(stderr, "\n");
    abort();
}

void server_start(test_server *s, const char *db, const char *const *extra)
{
    memset(s, 0, sizeof *s);
    static int count;
    snprintf(s->log, sizeof s->log, "/tmp/lnlt-test-server-%ld-%d.log", (long)getpid(), count++);
    int out[2];
    if (pipe(out) != 0)
        fail_now("pipe: %s", strerror(errno));
    const char *argv[40] = {program, "serve", "--listen", "127.0.0.1:0", "--db", db, "--data", "data",
                            "--threads", "16"};
    int argc = 10;
    for (int i = 0; extra && extra[i] && argc < 38; i++)
        argv[argc++] = extra[i];
    argv[argc] = NULL;
    pid_t pid = fork();
    if (pid == 0) {
        /* A test that fails mid-case never reaches its stop: the server goes
         * when the test program does. */
        prctl(PR_SET_PDEATHSIG, SIGKILL);
        dup2(out[1], 1);
        int log = open(s->log, O_WRONLY | O_CREAT | O_TRUNC, 0644);
        if (log >= 0)
            dup2(log, 2);
        close(out[0]);
        execv(program, (char *const *)argv);
        _exit(127);
    }
    close(out[1]);
    s->pid = pid;
    /* Wait (up to 60 s: the sanitizer build is slow) for the listening line. */
    char line[512];
    size_t len = 0;
    time_t start = time(NULL);
    fcntl(out[0], F_SETFL, O_NONBLOCK);
    while (time(NULL) - start < 60) {
        ssize_t got = read(out[0], line + len, sizeof line - 1 - len);
        if (got > 0) {
            len += (size_t)got;
            line[len] = 0;
            const char *p = strstr(line, "http://127.0.0.1:");
            if (p && strchr(p, '\n')) {
                s->port = atoi(p + strlen("http://127.0.0.1:"));
                break;
            }
        } else if (got == 0) {
            break; /* the server exited */
        } else {
            sleep_ms(20);
        }
    }
    close(out[0]);
    if (s->port <= 0) {
        char cmd[400];
        snprintf(cmd, sizeof cmd, "cat %s >&2", s->log);
        if (system(cmd) != 0)
            fprintf(stderr, "(no server log)\n");
        fail_now("the server did not start (log above, %s)", s->log);
    }
}

static int wait_exit(test_server *s)
{
    int status = 0;
    for (int i = 0; i < 1200; i++) {
        if (waitpid(s->pid, &status, WNOHANG) == s->pid) {
            s->pid = 0;
            return status;
        }
        sleep_ms(25);
    }
    kill(s->pid, SIGKILL);
    waitpid(s->pid, &status, 0);
    s->pid = 0;
    return -1;
}

void server_stop(test_server *s)
{
    if (s->pid <= 0)
        return;
    kill(s->pid, SIGTERM);
    int status = wait_exit(s);
    /* A clean stop exits 0: the sanitizer build exits otherwise on a leak or an
     * error, and its report is in the log. */
    if (status != 0) {
        char cmd[400];
        snprintf(cmd, sizeof cmd, "cat %s >&2", s->log);
        if (system(cmd) != 0)
            fprintf(stderr, "(no server log)\n");
        fail_now("the server did not stop cleanly (status %s)", status < 0 ? "timeout" : "non-zero");
    }
    unlink(s->log);
}

void server_kill(test_server *s)
{
    if (s->pid <= 0)
        return;
    kill(s->pid, SIGKILL);
    wait_exit(s);
    unlink(s->log);
}

char *http_call_raw(int port, const char *method, const char *path, const char *body, int *status)
{
    char ebuf[256];
    *status = 0;
    /* A refused or failed connect is no answer from the server: try again for a
     * few seconds (a loaded machine running the suite in parallel can briefly run
     * short of connections) before reporting status 0. */
    struct mg_connection *c = NULL;
    for (int attempt = 0; !c && attempt < 100; attempt++) {
        c = mg_connect_client("127.0.0.1", port, 0, ebuf, sizeof ebuf);
        if (!c)
            sleep_ms(50);
    }
    if (!c) {
        fprintf(stderr, "http_call: cannot connect to 127.0.0.1:%d: %s\n", port, ebuf);
        return NULL;
    }
    size_t blen = body ? strlen(body) : 0;
    mg_printf(c, "%s %s HTTP/1.1\r\nHost: 127.0.0.1\r\nConnection: close\r\nContent-Length: %zu\r\n%s\r\n", method,
              path, blen, body ? "Content-Type: application/json\r\n" : "");
    if (blen)
        mg_write(c, body, blen);
    if (mg_get_response(c, ebuf, sizeof ebuf, 60000) < 0) {
        mg_close_connection(c);
        return NULL;
    }
    *status = mg_get_response_info(c)->status_code;
    size_t cap = 1 << 16, len = 0;
    char *buf = malloc(cap);
    for (;;) {
        if (len + 4096 > cap) {
            cap *= 2;
            buf = realloc(buf, cap);
        }
        int got = mg_read(c, buf + len, cap - len - 1);
        if (got <= 0)
            break;
        len += (size_t)got;
    }
    buf[len] = 0;
    mg_close_connection(c);
    return buf;
}

json_t *http_call(int port, const char *method, const char *path, const char *body, int *status)
{
    char *text = http_call_raw(port, method, path, body, status);
    if (!text)
        return NULL;
    json_t *o = json_loads(text, 0, NULL);
    free(text);
    return o;
}

json_t *http_post_json(int port, const char *path, json_t *body, int *status)
{
    char *text = json_dumps(body, JSON_COMPACT);
    json_decref(body);
    json_t *o = http_call(port, "POST", path, text, status);
    free(text);
    return o;
}

/* ---- WebSocket client ---- */

static int ws_on_data(struct mg_connection *c, int bits, char *data, size_t len, void *arg)
{
    (void)c;
    ws_client *w = arg;
    if ((bits & 0x0f) != MG_WEBSOCKET_OPCODE_TEXT)
        return (bits & 0x0f) != MG_WEBSOCKET_OPCODE_CONNECTION_CLOSE;
    char *copy = malloc(len + 1);
    memcpy(copy, data, len);
    copy[len] = 0;
    pthread_mutex_lock(&w->mu);
    if (w->n == w->cap) {
        w->cap = w->cap ? w->cap * 2 : 64;
        w->msg = realloc(w->msg, (size_t)w->cap * sizeof *w->msg);
    }
    w->msg[w->n++] = copy;
    pthread_mutex_unlock(&w->mu);
    return 1;
}

static void ws_on_close(const struct mg_connection *c, void *arg)
{
    (void)c;
    ws_client *w = arg;
    pthread_mutex_lock(&w->mu);
    w->closed = true;
    pthread_mutex_unlock(&w->mu);
}

bool ws_open(ws_client *w, int port, const char *path)
{
    memset(w, 0, sizeof *w);
    pthread_mutex_init(&w->mu, NULL);
    char ebuf[256];
    w->conn = mg_connect_websocket_client("127.0.0.1", port, 0, ebuf, sizeof ebuf, path, NULL, ws_on_data,
                                          ws_on_close, w);
    return w->conn != NULL;
}

void ws_close(ws_client *w)
{
    if (w->conn) {
        mg_websocket_client_write(w->conn, MG_WEBSOCKET_OPCODE_CONNECTION_CLOSE, "", 0);
        for (int i = 0; i < 100; i++) {
            pthread_mutex_lock(&w->mu);
            bool closed = w->closed;
            pthread_mutex_unlock(&w->mu);
            if (closed)
                break;
            sleep_ms(10);
        }
        mg_close_connection(w->conn);
    }
    for (int i = 0; i < w->n; i++)
        free(w->msg[i]);
    free(w->msg);
    pthread_mutex_destroy(&w->mu);
    memset(w, 0, sizeof *w);
}

int ws_count(ws_client *w)
{
    pthread_mutex_lock(&w->mu);
    int n = w->n;
    pthread_mutex_unlock(&w->mu);
    return n;
}

bool ws_wait_for(ws_client *w, const char *needle, int ms)
{
    for (int waited = 0; waited <= ms; waited += 10) {
        pthread_mutex_lock(&w->mu);
        bool found = false;
        for (int i = 0; i < w->n && !found; i++)
            found = strstr(w->msg[i], needle) != NULL;
        pthread_mutex_unlock(&w->mu);
        if (found)
            return true;
        sleep_ms(10);
    }
    return false;
}

/* ---- PostgreSQL ---- */

static bool find_pg_bin(const char *name, char *out, size_t len)
{
    glob_t g;
    char pattern[128];
    snprintf(pattern, sizeof pattern, "/usr/lib/postgresql/*/bin/%s", name);
    bool ok = glob(pattern, 0, NULL, &g) == 0 && g.gl_pathc > 0;
    if (ok)
        snprintf(out, len, "%s", g.gl_pathv[g.gl_pathc - 1]); /* the newest version */
    globfree(&g);
    return ok;
}

/* Runs a command as the postgres user when we are root (initdb refuses root). */
static int run_as_pg(const char *cmd)
{
    char full[2048];
    if (geteuid() == 0)
        snprintf(full, sizeof full, "runuser -u postgres -- sh -c '%s' >/dev/null 2>&1", cmd);
    else
        snprintf(full, sizeof full, "sh -c '%s' >/dev/null 2>&1", cmd);
    return system(full);
}

bool pg_start(test_pg *pg)
{
    memset(pg, 0, sizeof *pg);
    char initdb[256], pg_ctl[256];
    if (!find_pg_bin("initdb", initdb, sizeof initdb) || !find_pg_bin("pg_ctl", pg_ctl, sizeof pg_ctl)) {
        fprintf(stderr, "PostgreSQL's initdb/pg_ctl are missing: run scripts/setup.sh\n");
        return false;
    }
    snprintf(pg->dir, sizeof pg->dir, "/tmp/lnlt-test-pg-XXXXXX");
    if (!mkdtemp(pg->dir))
        return false;
    if (geteuid() == 0) {
        struct passwd *pw = getpwnam("postgres");
        if (!pw || chown(pg->dir, pw->pw_uid, pw->pw_gid) != 0) {
            fprintf(stderr, "no postgres user to run the test database as\n");
            return false;
        }
    }
    int port = 20000 + (int)(getpid() % 20000);
    char cmd[1536];
    snprintf(cmd, sizeof cmd, "%s -D %s/data -A trust -U postgres --no-sync -E UTF8", initdb, pg->dir);
    if (run_as_pg(cmd) != 0) {
        fprintf(stderr, "initdb failed in %s\n", pg->dir);
        return false;
    }
    /* Unix socket only (no TCP port at all), in the test's own directory. */
    snprintf(cmd, sizeof cmd,
             "%s -D %s/data -l %s/log -w -t 60 -o \"-k %s -p %d -c listen_addresses= -c max_connections=60\" start",
             pg_ctl, pg->dir, pg->dir, pg->dir, port);
    if (run_as_pg(cmd) != 0) {
        fprintf(stderr, "pg_ctl start failed (see %s/log)\n", pg->dir);
        return false;
    }
    pg->running = true;
    snprintf(pg->uri, sizeof pg->uri, "postgresql:///postgres?host=%s&port=%d&user=postgres", pg->dir, port);
    /* A test that crashes never reaches pg_stop, and its server would outlive it
     * (one did, after a server test crashed under development): a detached
     * watcher stops the server and removes its directory once this process is
     * gone. After a normal pg_stop it finds nothing left to do. */
    snprintf(cmd, sizeof cmd,
             "(while kill -0 %ld 2>/dev/null; do sleep 1; done; %s%s -D %s/data -m immediate stop; rm -rf %s)"
             " </dev/null >/dev/null 2>&1 &",
             (long)getpid(), geteuid() == 0 ? "runuser -u postgres -- " : "", pg_ctl, pg->dir, pg->dir);
    if (system(cmd) != 0)
        fprintf(stderr, "no watcher for the test database in %s: stop it by hand if the test crashes\n", pg->dir);
    return true;
}

void pg_stop(test_pg *pg)
{
    char pg_ctl[256], cmd[1024];
    if (pg->running && find_pg_bin("pg_ctl", pg_ctl, sizeof pg_ctl)) {
        snprintf(cmd, sizeof cmd, "%s -D %s/data -m immediate -w stop", pg_ctl, pg->dir);
        run_as_pg(cmd);
    }
    pg->running = false;
    if (pg->dir[0]) {
        snprintf(cmd, sizeof cmd, "rm -rf %s", pg->dir);
        if (system(cmd) != 0)
            fprintf(stderr, "could not remove %s\n", pg->dir);
    }
}

/* ---- webhook listener ---- */

static int hook_handler(struct mg_connection *c, void *arg)
{
    hook_listener *h = arg;
    char buf[4096];
    int len = 0, got;
    while (len < (int)sizeof buf - 1 && (got = mg_read(c, buf + len, sizeof buf - 1 - (size_t)len)) > 0)
        len += got;
    buf[len] = 0;
    pthread_mutex_lock(&h->mu);
    if (h->n < 64)
        h->bodies[h->n++] = strdup(buf);
    pthread_mutex_unlock(&h->mu);
    mg_printf(c, "HTTP/1.1 204 No Content\r\nContent-Length: 0\r\nConnection: close\r\n\r\n");
    return 204;
}

void hook_listener_start(hook_listener *h)
{
    memset(h, 0, sizeof *h);
    pthread_mutex_init(&h->mu, NULL);
    const char *opts[] = {"listening_ports", "127.0.0.1:0", "num_threads", "2", NULL};
    struct mg_callbacks cb;
    memset(&cb, 0, sizeof cb);
    h->ctx = mg_start(&cb, NULL, opts);
    if (!h->ctx)
        fail_now("%s", "cannot start the webhook listener");
    mg_set_request_handler(h->ctx, "/", hook_handler, h);
    struct mg_server_port ports[2];
    if (mg_get_server_ports(h->ctx, 2, ports) > 0)
        h->port = ports[0].port;
}

void hook_listener_stop(hook_listener *h)
{
    if (h->ctx)
        mg_stop(h->ctx);
    for (int i = 0; i < h->n; i++)
        free(h->bodies[i]);
    pthread_mutex_destroy(&h->mu);
    memset(h, 0, sizeof *h);
}

bool hook_listener_wait(hook_listener *h, int count, int ms)
{
    for (int waited = 0; waited <= ms; waited += 10) {
        pthread_mutex_lock(&h->mu);
        int n = h->n;
        pthread_mutex_unlock(&h->mu);
        if (n >= count)
            return true;
        sleep_ms(10);
    }
    return false;
}
