/*
 * store.h: where games live: the game is its replay (DESIGN.md, "Server and
 * clients"). A `games` row (scenario id and content hash, engine version, the
 * seed secret and its commitment, the last seq, who is to act, the result), one
 * `seats` row per side (human or bot, the bot's level, the SHA-256 of the seat
 * token — never the token — and a webhook URL), an append-only `actions` table
 * whose primary key (game_id, seq) is the concurrency check, `snapshots` of the
 * state every N actions to make loading fast, and `server_meta` for the server's
 * own secret. Two backends share this interface and the schema: SQLite in WAL
 * mode (store_sqlite.c, the default) and PostgreSQL through libpq (store_pg.c),
 * whose processes tell each other of new actions with LISTEN/NOTIFY.
 *
 * Every call takes a connection from a small pool (store.c), so request threads,
 * bot workers and the PostgreSQL listener never share one.
 */
#ifndef LNLT_SERVER_STORE_H
#define LNLT_SERVER_STORE_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "lnlt/error.h"
#include "server/crypto.h"

#define SRV_ID_LEN 16        /* game ids: 16 hex digits */
#define SRV_SCENARIO_ID_MAX 64
#define SRV_LEVEL_MAX 32
#define SRV_URL_MAX 512
#define SRV_RECORD_TEXT_MAX 256
#define SRV_VERSION_MAX 64

typedef enum srv_store_rc { SRV_STORE_OK = 0, SRV_STORE_CONFLICT, SRV_STORE_NOT_FOUND, SRV_STORE_ERROR } srv_store_rc;

typedef struct srv_seat_row {
    char kind[8];                  /* "human" or "bot" */
    char level[SRV_LEVEL_MAX];     /* a bot's level; "" for a human */
    char token_hash[SRV_SHA256_HEX];
    char webhook[SRV_URL_MAX];     /* "" when none */
} srv_seat_row;

typedef struct srv_game_row {
    char id[SRV_ID_LEN + 1];
    char scenario[SRV_SCENARIO_ID_MAX];
    char scenario_hash[SRV_SHA256_HEX];
    char engine_version[SRV_VERSION_MAX];
    char seed[SRV_SHA256_HEX];       /* the 32-byte secret in hex (R-SRV-01) */
    char commitment[SRV_SHA256_HEX]; /* its SHA-256 */
    srv_seat_row seat[3];            /* [1] and [2] */
    int64_t seq;                     /* the last record's seq; 0 before the first */
    int to_act;                      /* the side that decides; 0 when the game is over */
    char result[16];                 /* "" while playing, "victory" or "resigned" */
    int winner;                      /* 0 draw or none yet, else the winning side */
    int64_t created, updated;        /* unix seconds */
    /* 22.0: the scenario's optional special rules this game plays without (bit r:
     * rule r is off, as lnlt_state.rules_off); -1: the scenario's defaults, what a
     * game stored before the column existed played (ruling R-SRV-31). */
    int rules_off;
} srv_game_row;

/* One row of `actions`: an engine action (kind "act", its text as the engine
 * formats it), a take-back ("undo", text = how many engine actions it takes back)
 * or a resignation ("resign"); side is the seat that made it. */
typedef struct srv_record {
    int64_t seq;
    char kind[8];
    int side;
    char text[SRV_RECORD_TEXT_MAX];
} srv_record;

/* What an append changes in the games row, and an optional snapshot. */
typedef struct srv_append {
    const srv_record *rec;
    int to_act;
    const char *result;
    int winner;
    /* A snapshot of the state after this record (NULL: none), by engine_version. */
    const void *state;
    const char *engine_version;
    size_t state_len;
    int steps; /* engine actions the snapshot's state has seen */
} srv_append;

typedef struct srv_snapshot {
    int64_t seq;
    int steps;
    void *state; /* malloc'd; the caller frees */
    size_t state_len;
} srv_snapshot;

typedef void (*srv_record_fn)(void *arg, const srv_record *r);
typedef void (*srv_id_fn)(void *arg, const char *game_id, int side);

typedef struct srv_store srv_store;

/* Opens the store named by `db`: "postgresql://..." or "postgres://..." is a
 * PostgreSQL connection URI, anything else an SQLite file (created if missing).
 * Creates the schema when missing. pool_size: connections kept open. */
srv_store *srv_store_open(const char *db, int pool_size, bool durable, lnlt_error *err);
void srv_store_close(srv_store *st);
const char *srv_store_kind(const srv_store *st); /* "sqlite" or "postgresql" */

/* The value of a server_meta key, created as `fresh` when absent (the first writer
 * wins, so processes sharing a database agree). */
bool srv_store_meta(srv_store *st, const char *key, const char *fresh, char *out, size_t len, lnlt_error *err);

bool srv_store_create_game(srv_store *st, const srv_game_row *g, lnlt_error *err);
srv_store_rc srv_store_get_game(srv_store *st, const char *id, srv_game_row *out, lnlt_error *err);
/* Calls fn for each record with seq > after, in seq order. */
bool srv_store_records(srv_store *st, const char *id, int64_t after, srv_record_fn fn, void *arg, lnlt_error *err);
/* Appends a record with seq = the game's seq + 1: CONFLICT when that seq is taken
 * (another writer got there first), and then nothing is written. */
srv_store_rc srv_store_append(srv_store *st, const char *id, const srv_append *a, lnlt_error *err);
/* The latest snapshot at or before max_seq taken by engine_version (NOT_FOUND when
 * none). */
srv_store_rc srv_store_snapshot(srv_store *st, const char *id, const char *engine_version, int64_t max_seq,
                                srv_snapshot *out, lnlt_error *err);
bool srv_store_set_webhook(srv_store *st, const char *id, int side, const char *url, lnlt_error *err);
/* Calls fn(game id, side) for each seat whose token hash is among hashes. */
bool srv_store_games_for_tokens(srv_store *st, const char *const *hashes, int n, srv_id_fn fn, void *arg,
                                lnlt_error *err);
/* Calls fn(game id, side) for each unfinished game waiting on a bot seat. */
bool srv_store_waiting_bots(srv_store *st, srv_id_fn fn, void *arg, lnlt_error *err);

/* PostgreSQL only: call fn(arg, payload) for every notification on the games
 * channel, from a thread of the store's own, until srv_store_close. The payload is
 * "GAMEID:SEQ". No-op (true) for SQLite, where one process owns the file. */
typedef void (*srv_notify_fn)(void *arg, const char *payload);
bool srv_store_listen(srv_store *st, srv_notify_fn fn, void *arg, lnlt_error *err);

#endif
