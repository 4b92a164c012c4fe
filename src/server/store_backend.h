/*
 * store_backend.h: what a storage backend provides to store.c, which adds the
 * connection pool and hands each call one connection of its own. One backend per
 * database kind: store_sqlite.c and store_pg.c. The SQL schema they create is the
 * same (docs/server.md, "Storage").
 */
#ifndef LNLT_SERVER_STORE_BACKEND_H
#define LNLT_SERVER_STORE_BACKEND_H

#include "server/store.h"

typedef struct srv_backend {
    const char *kind;
    void *(*connect)(const char *db, bool durable, lnlt_error *err);
    void (*disconnect)(void *conn);
    bool (*schema)(void *conn, lnlt_error *err);
    bool (*meta)(void *conn, const char *key, const char *fresh, char *out, size_t len, lnlt_error *err);
    bool (*create_game)(void *conn, const srv_game_row *g, lnlt_error *err);
    srv_store_rc (*get_game)(void *conn, const char *id, srv_game_row *out, lnlt_error *err);
    bool (*records)(void *conn, const char *id, int64_t after, srv_record_fn fn, void *arg, lnlt_error *err);
    srv_store_rc (*append)(void *conn, const char *id, const srv_append *a, lnlt_error *err);
    srv_store_rc (*snapshot)(void *conn, const char *id, const char *engine_version, int64_t max_seq,
                             srv_snapshot *out, lnlt_error *err);
    bool (*set_webhook)(void *conn, const char *id, int side, const char *url, lnlt_error *err);
    bool (*games_for_tokens)(void *conn, const char *const *hashes, int n, srv_id_fn fn, void *arg,
                             lnlt_error *err);
    bool (*waiting_bots)(void *conn, srv_id_fn fn, void *arg, lnlt_error *err);
    /* Notifications between processes (NULL when the backend has none): starts a
     * thread that calls fn for each payload; stop ends and joins it. */
    void *(*listen_start)(const char *db, srv_notify_fn fn, void *arg, lnlt_error *err);
    void (*listen_stop)(void *listener);
} srv_backend;

extern const srv_backend srv_sqlite_backend;
extern const srv_backend srv_pg_backend;

/* The schema, shared by both backends; blob_type is BLOB or BYTEA. */
#define SRV_SCHEMA(blob_type)                                                                                   \
    "CREATE TABLE IF NOT EXISTS server_meta (key TEXT PRIMARY KEY, value TEXT NOT NULL);"                       \
    "CREATE TABLE IF NOT EXISTS games ("                                                                       \
    " id TEXT PRIMARY KEY, scenario TEXT NOT NULL, scenario_hash TEXT NOT NULL, engine_version TEXT NOT NULL," \
    " seed TEXT NOT NULL, seed_commitment TEXT NOT NULL, seq BIGINT NOT NULL DEFAULT 0,"                      \
    " to_act INTEGER NOT NULL, result TEXT NOT NULL DEFAULT '', winner INTEGER NOT NULL DEFAULT 0,"            \
    " created BIGINT NOT NULL, updated BIGINT NOT NULL, rules_off INTEGER NOT NULL DEFAULT -1);"                                                      \
    "CREATE TABLE IF NOT EXISTS seats ("                                                                       \
    " game_id TEXT NOT NULL REFERENCES games(id), side INTEGER NOT NULL, kind TEXT NOT NULL,"                  \
    " level TEXT NOT NULL, token_hash TEXT NOT NULL, webhook TEXT NOT NULL DEFAULT '',"                         \
    " PRIMARY KEY (game_id, side));"                                                                           \
    "CREATE INDEX IF NOT EXISTS seats_by_token ON seats (token_hash);"                                         \
    "CREATE TABLE IF NOT EXISTS actions ("                                                                     \
    " game_id TEXT NOT NULL REFERENCES games(id), seq BIGINT NOT NULL, kind TEXT NOT NULL,"                    \
    " side INTEGER NOT NULL, text TEXT NOT NULL, created BIGINT NOT NULL, PRIMARY KEY (game_id, seq));"        \
    "CREATE TABLE IF NOT EXISTS snapshots ("                                                                   \
    " game_id TEXT NOT NULL REFERENCES games(id), seq BIGINT NOT NULL, engine_version TEXT NOT NULL,"          \
    " steps INTEGER NOT NULL, state " blob_type " NOT NULL, PRIMARY KEY (game_id, seq));"

/* The columns every games read selects, in this order. */
#define SRV_GAME_COLUMNS                                                                                       \
    "g.id, g.scenario, g.scenario_hash, g.engine_version, g.seed, g.seed_commitment, g.seq, g.to_act,"        \
    " g.result, g.winner, g.created, g.updated, g.rules_off"

/* Migrations of a store made by an older lnlt: each adds what a later version
 * needs, keeps every row, and is a no-op on a store that has it (each backend
 * checks or uses IF NOT EXISTS). 1: games.rules_off, the optional rules chosen at
 * creation (ruling R-SRV-31); the rows of older games get -1, the defaults they
 * were played with. */
#define SRV_MIGRATE_RULES_OFF "ALTER TABLE games ADD COLUMN rules_off INTEGER NOT NULL DEFAULT -1"

/* Copies a column's text into a fixed buffer, truncating (never overflowing). */
void srv_copy_text(char *dst, size_t len, const char *src);

#endif
