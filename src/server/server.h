/*
 * server.h: `lnlt serve`, the game server (issue 18; docs/server.md): the parts
 * shared by its files. One srv_server per process: the configuration, the store,
 * the scenarios it offers, the games it holds in memory, the bot workers, the
 * WebSocket connections and the webhook sender. Everything here uses only the
 * public engine API (include/lnlt).
 *
 * What one side may see comes from the engine's queries (lnlt/view.h); every
 * message to a side goes through them (R-SRV-02).
 *
 * Files: server.c (start, stop, civetweb), http.c (request helpers), api_*.c (the
 * HTTP contract), games.c (games in memory: load, replay), game_play.c (apply,
 * undo, resign), game_json.c (views, events, the replay), scenarios.c, bots.c,
 * push.c (WebSocket), webhook.c, store*.c, crypto.c.
 */
#ifndef LNLT_SERVER_SERVER_H
#define LNLT_SERVER_SERVER_H

#include <pthread.h>
#include <stdatomic.h>
#include <stdbool.h>
#include <stdint.h>

#include "lnlt/session.h"
#include "server/store.h"

#define SRV_PATH_MAX 1024
#define SRV_MAX_BODY (64 * 1024)       /* request bodies (R-SRV-06) */
#define SRV_MAX_ACTION_TEXT 200        /* an action text */
#define SRV_MAX_QUERY 2048             /* a query string */
#define SRV_MAX_TOKENS 100             /* tokens in one "my games" request */
#define SRV_TOKEN_HEX 32               /* seat tokens: 16 random bytes */

typedef struct srv_config {
    char listen[128];        /* "127.0.0.1:8080"; port 0 picks a free one */
    char db[SRV_PATH_MAX];   /* SQLite file or postgresql:// URI */
    char data_dir[SRV_PATH_MAX];
    char web_dir[SRV_PATH_MAX]; /* "" when there is none */
    char webhook_allow[1024];   /* "host:port,host" */
    int threads;             /* civetweb worker threads */
    int bot_workers;
    int bot_budget_ms;
    int snapshot_every;
    int max_games_cached;
    bool durable;            /* SQLite synchronous=FULL */
    bool quiet;
    /* No listener and no bot thread: requests come through srv_dispatch and the
     * computer's moves through srv_bots_step, in the caller's thread (the fuzz
     * target fuzz/fuzz_http.c). */
    bool in_memory;
} srv_config;

void srv_config_defaults(srv_config *c);

/* A scenario the server offers: its file, the hash of its bytes, and the data
 * loaded once and shared read-only by every game of it. */
typedef struct srv_scenario {
    char id[SRV_SCENARIO_ID_MAX];
    char path[SRV_PATH_MAX];
    char hash[SRV_SHA256_HEX];
    lnlt_ctx ctx;
    void *briefing; /* json_t*: the /api/scenarios entry */
} srv_scenario;

/* A game in memory. `mu` guards everything below it; `refs` counts holders (the
 * registry lock guards it). The session is the replay from the start, or from a
 * snapshot when base_steps > 0 (then the first base_steps engine actions are not
 * in it: srv_game_complete replays them when the log or an undo needs them). */
typedef struct srv_game {
    char id[SRV_ID_LEN + 1];
    struct srv_game *next;   /* registry bucket */
    int refs;
    int64_t last_used;
    pthread_mutex_t mu;
    srv_game_row row;
    const srv_scenario *scn;
    uint64_t seed;
    lnlt_session s;
    int base_steps;
    int64_t *step_seq;       /* [step]: the record that made the session's step */
    uint8_t *step_side;      /* [step]: the side that made it */
    int step_cap;
    bool bot_queued;
} srv_game;

typedef struct srv_server srv_server;

/* The parts of server.c the other files call. */
struct srv_server {
    srv_config cfg;
    srv_store *store;
    struct mg_context *mg;
    int port;
    uint8_t server_key[32];     /* the bots' seeds are keyed by it (R-SRV-04) */
    srv_scenario *scenarios;
    int nscenarios;
    /* games in memory */
    pthread_mutex_t games_mu;
    srv_game *bucket[256];
    int ngames;
    /* bot workers */
    pthread_mutex_t bot_mu;
    pthread_cond_t bot_cv;
    char (*bot_queue)[SRV_ID_LEN + 1];
    int bot_head, bot_count, bot_cap;
    pthread_t *bot_threads;
    int nbot_threads;
    atomic_bool stopping;
    /* WebSocket connections and webhooks */
    struct srv_push *push;
    struct srv_webhooks *hooks;
    struct srv_web *web;        /* the static files of --web */
    /* counters for the log line at exit */
    atomic_long applied, requests;
};

extern const char srv_engine_version[];

/* server.c */
srv_server *srv_start(const srv_config *cfg, lnlt_error *err);
void srv_stop(srv_server *srv);
void srv_log(const srv_server *srv, const char *fmt, ...) __attribute__((format(printf, 2, 3)));

/* scenarios.c */
bool srv_scenarios_load(srv_server *srv, lnlt_error *err);
void srv_scenarios_free(srv_server *srv);
const srv_scenario *srv_scenario_find(const srv_server *srv, const char *id);

/* games.c: the outcome of a game operation, mapped to an HTTP status by api. */
typedef enum srv_status {
    SRV_OK = 200,
    SRV_CREATED = 201,
    SRV_BAD_REQUEST = 400,
    SRV_FORBIDDEN = 403,
    SRV_NOT_FOUND = 404,
    SRV_CONFLICT = 409,
    SRV_UNPROCESSABLE = 422,
    SRV_INTERNAL = 500,
    SRV_UNAVAILABLE = 503
} srv_status;

/* Seat kinds as the create request names them. */
typedef struct srv_seat_request {
    bool bot;
    char level[SRV_LEVEL_MAX];
} srv_seat_request;

/* optional_rules: the request's "optional_rules" (json_t*, NULL for none): a bad
 * one is BAD_REQUEST and nothing is stored (R-SRV-30). */
srv_status srv_game_create(srv_server *srv, const char *scenario, const srv_seat_request seats[3],
                           const void *optional_rules, char *id_out, char tokens_out[3][SRV_TOKEN_HEX + 1],
                           lnlt_error *err);
/* Finds a game (loading it from the store if needed) and locks it; NULL with
 * NOT_FOUND or INTERNAL in *st. Release with srv_game_release. */
srv_game *srv_game_acquire(srv_server *srv, const char *id, srv_status *st, lnlt_error *err);
void srv_game_release(srv_server *srv, srv_game *g);
/* The side a token sits on (1, 2), 0 for no token (a spectator), -1 unknown. */
int srv_game_side_of(const srv_game *g, const char *token);
bool srv_game_over(const srv_game *g);
int srv_game_to_act(const srv_game *g);
/* Applies an action text for `side` expecting seq; on success *events gets the
 * events of the action as JSON visible to `side` (json_t*). */
srv_status srv_game_apply(srv_server *srv, srv_game *g, int side, int64_t expect_seq, const char *text,
                          void **events, lnlt_error *err);
srv_status srv_game_undo(srv_server *srv, srv_game *g, int side, int64_t expect_seq, lnlt_error *err);
srv_status srv_game_resign(srv_server *srv, srv_game *g, int side, int64_t expect_seq, lnlt_error *err);
/* Reads records past the game's seq from the store (another process wrote them). */
bool srv_game_catch_up(srv_server *srv, srv_game *g, lnlt_error *err);
/* Makes the session hold every engine action from the start. */
bool srv_game_complete(srv_server *srv, srv_game *g, lnlt_error *err);
/* Is an undo by `side` possible now (R-SRV-03)? Why not in err. */
bool srv_game_can_undo(srv_server *srv, srv_game *g, int side, int *count, lnlt_error *err);

/* What a side receives (json_t*): the view with seq, decision and legal. */
void *srv_game_view(srv_server *srv, srv_game *g, int side);
/* The short form the answer to a change carries: decision, your_turn, legal
 * (when this side decides), over, result and, at the end, the seed (json_t*). */
void *srv_game_status(const srv_game *g, int side);
/* The visible events of steps from..to-1 as [{"seq", "text", ...}] (json_t*). */
void *srv_game_events(const srv_game *g, int side, int from_step, int to_step);
/* The victory report, or NULL while the game goes on (json_t*). */
void *srv_game_result(const srv_game *g);
/* A finished game's position after its first `at` engine actions, with the
 * events of the last of them (json_t* in *out). */
srv_status srv_game_view_at(srv_server *srv, srv_game *g, int side, int at, void **out, lnlt_error *err);
/* The whole game once it is over: a save-format replay with the seed revealed. */
void *srv_game_export(srv_server *srv, srv_game *g, int side, lnlt_error *err);

/* bots.c */
bool srv_bots_start(srv_server *srv, lnlt_error *err);
/* in_memory: plays up to max queued computer decisions in the caller's thread;
 * returns how many were played. srv_bots_clear empties the queue. */
int srv_bots_step(srv_server *srv, int max);
void srv_bots_clear(srv_server *srv);
void srv_bots_stop(srv_server *srv);
void srv_bots_wake(srv_server *srv, const char *game_id);
uint64_t srv_bot_seed(const srv_server *srv, const char *game_id, int side, int step, const char *label);

/* push.c: WebSocket connections, and after every change the messages to them. */
bool srv_push_start(srv_server *srv, lnlt_error *err);
void srv_push_stop(srv_server *srv);
/* Sends every connection of the game its side's update; g is locked. */
void srv_push_game(srv_server *srv, srv_game *g, int from_step);
bool srv_push_connected(srv_server *srv, const char *game_id, int side);

/* webhook.c */
bool srv_webhooks_start(srv_server *srv, lnlt_error *err);
void srv_webhooks_stop(srv_server *srv);
/* Is the URL allowed (http://HOST[:PORT]/PATH with HOST[:PORT] in the allow list)? */
bool srv_webhook_allowed(const srv_server *srv, const char *url, lnlt_error *err);
void srv_webhook_your_turn(srv_server *srv, const srv_game *g, int side);

/* After every change to a game (g locked): pushes, webhooks, bot wake-up. */
void srv_after_change(srv_server *srv, srv_game *g, int from_step, int prev_to_act);

#endif
