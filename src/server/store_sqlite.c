/*
 * store_sqlite.c: the embedded SQLite backend of store.h, the default (`lnlt serve`
 * with no --db creates lnlt.db). WAL mode lets readers go on while one writer
 * appends; synchronous=NORMAL keeps every committed action through a crash of
 * the process (kill -9), and --durable (synchronous=FULL) through a power cut too
 * (ruling R-SRV-05). Statements are prepared once per connection.
 */
#include <sqlite3.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "server/store_backend.h"

enum {
    Q_GET_GAME, Q_GET_SEATS, Q_RECORDS, Q_INSERT_ACTION, Q_UPDATE_GAME, Q_INSERT_SNAPSHOT, Q_SNAPSHOT,
    Q_META_INSERT, Q_META_GET, Q_WEBHOOK, Q_WAITING, Q_COUNT
};

static const char *const sql_text[Q_COUNT] = {
    [Q_GET_GAME] = "SELECT " SRV_GAME_COLUMNS " FROM games g WHERE g.id = ?1",
    [Q_GET_SEATS] = "SELECT side, kind, level, token_hash, webhook FROM seats WHERE game_id = ?1",
    [Q_RECORDS] = "SELECT seq, kind, side, text FROM actions WHERE game_id = ?1 AND seq > ?2 ORDER BY seq",
    [Q_INSERT_ACTION] = "INSERT INTO actions (game_id, seq, kind, side, text, created) VALUES (?1, ?2, ?3, ?4, ?5, ?6)",
    [Q_UPDATE_GAME] = "UPDATE games SET seq = ?2, to_act = ?3, result = ?4, winner = ?5, updated = ?6"
                      " WHERE id = ?1 AND seq = ?2 - 1",
    [Q_INSERT_SNAPSHOT] = "INSERT OR REPLACE INTO snapshots (game_id, seq, engine_version, steps, state)"
                          " VALUES (?1, ?2, ?3, ?4, ?5)",
    [Q_SNAPSHOT] = "SELECT seq, steps, state FROM snapshots WHERE game_id = ?1 AND engine_version = ?2"
                   " AND seq <= ?3 ORDER BY seq DESC LIMIT 1",
    [Q_META_INSERT] = "INSERT OR IGNORE INTO server_meta (key, value) VALUES (?1, ?2)",
    [Q_META_GET] = "SELECT value FROM server_meta WHERE key = ?1",
    [Q_WEBHOOK] = "UPDATE seats SET webhook = ?3 WHERE game_id = ?1 AND side = ?2",
    [Q_WAITING] = "SELECT g.id, g.to_act FROM games g JOIN seats s ON s.game_id = g.id AND s.side = g.to_act"
                  " WHERE g.to_act > 0 AND s.kind = 'bot'",
};

typedef struct sq_conn {
    sqlite3 *db;
    sqlite3_stmt *stmt[Q_COUNT];
} sq_conn;

static bool fail(sq_conn *c, lnlt_error *err, const char *what)
{
    return lnlt_error_set(err, "SQLite: %s: %s", what, sqlite3_errmsg(c->db));
}

/* The prepared statement q, reset and ready to bind. */
static sqlite3_stmt *stmt(sq_conn *c, int q, lnlt_error *err)
{
    if (!c->stmt[q] &&
        sqlite3_prepare_v3(c->db, sql_text[q], -1, SQLITE_PREPARE_PERSISTENT, &c->stmt[q], NULL) != SQLITE_OK) {
        fail(c, err, "preparing a statement");
        return NULL;
    }
    sqlite3_reset(c->stmt[q]);
    sqlite3_clear_bindings(c->stmt[q]);
    return c->stmt[q];
}

static bool exec(sq_conn *c, const char *sql, lnlt_error *err)
{
    char *msg = NULL;
    if (sqlite3_exec(c->db, sql, NULL, NULL, &msg) != SQLITE_OK) {
        lnlt_error_set(err, "SQLite: %s", msg ? msg : sqlite3_errmsg(c->db));
        sqlite3_free(msg);
        return false;
    }
    return true;
}

static void sq_disconnect(void *conn)
{
    sq_conn *c = conn;
    if (!c)
        return;
    for (int i = 0; i < Q_COUNT; i++)
        sqlite3_finalize(c->stmt[i]);
    sqlite3_close(c->db);
    free(c);
}

static void *sq_connect(const char *db, bool durable, lnlt_error *err)
{
    sq_conn *c = calloc(1, sizeof *c);
    if (!c) {
        lnlt_error_set(err, "out of memory");
        return NULL;
    }
    if (sqlite3_open_v2(db, &c->db, SQLITE_OPEN_READWRITE | SQLITE_OPEN_CREATE | SQLITE_OPEN_NOMUTEX, NULL) !=
        SQLITE_OK) {
        lnlt_error_set(err, "cannot open the SQLite database %s: %s", db, sqlite3_errmsg(c->db));
        sq_disconnect(c);
        return NULL;
    }
    sqlite3_busy_timeout(c->db, 10000);
    if (!exec(c, "PRAGMA journal_mode=WAL", err) ||
        !exec(c, durable ? "PRAGMA synchronous=FULL" : "PRAGMA synchronous=NORMAL", err) ||
        !exec(c, "PRAGMA foreign_keys=ON", err)) {
        lnlt_error_prefix(err, db);
        sq_disconnect(c);
        return NULL;
    }
    return c;
}

/* SQLite has no ADD COLUMN IF NOT EXISTS: the migration runs when the games
 * table lacks the column (one process owns a SQLite store). */
static bool sq_schema(void *conn, lnlt_error *err)
{
    sq_conn *c = conn;
    if (!exec(c, SRV_SCHEMA("BLOB"), err))
        return false;
    sqlite3_stmt *s = NULL;
    if (sqlite3_prepare_v2(c->db, "SELECT COUNT(*) FROM pragma_table_info('games') WHERE name = 'rules_off'", -1, &s,
                           NULL) != SQLITE_OK)
        return fail(c, err, "reading the schema");
    bool has = sqlite3_step(s) == SQLITE_ROW && sqlite3_column_int(s, 0) > 0;
    sqlite3_finalize(s);
    return has || exec(c, SRV_MIGRATE_RULES_OFF, err);
}

static const char *col(sqlite3_stmt *s, int i) { return (const char *)sqlite3_column_text(s, i); }

static bool sq_meta(void *conn, const char *key, const char *fresh, char *out, size_t len, lnlt_error *err)
{
    sq_conn *c = conn;
    sqlite3_stmt *s = stmt(c, Q_META_INSERT, err);
    if (!s)
        return false;
    sqlite3_bind_text(s, 1, key, -1, SQLITE_STATIC);
    sqlite3_bind_text(s, 2, fresh, -1, SQLITE_STATIC);
    if (sqlite3_step(s) != SQLITE_DONE)
        return fail(c, err, "writing server_meta");
    if (!(s = stmt(c, Q_META_GET, err)))
        return false;
    sqlite3_bind_text(s, 1, key, -1, SQLITE_STATIC);
    if (sqlite3_step(s) != SQLITE_ROW)
        return fail(c, err, "reading server_meta");
    srv_copy_text(out, len, col(s, 0));
    sqlite3_reset(s);
    return true;
}

static bool sq_create_game(void *conn, const srv_game_row *g, lnlt_error *err)
{
    sq_conn *c = conn;
    sqlite3_stmt *s = NULL;
    if (!exec(c, "BEGIN IMMEDIATE", err))
        return false;
    int rc = sqlite3_prepare_v2(c->db,
                                "INSERT INTO games (id, scenario, scenario_hash, engine_version, seed, seed_commitment,"
                                " seq, to_act, result, winner, created, updated, rules_off)"
                                " VALUES (?1, ?2, ?3, ?4, ?5, ?6, 0, ?7, '', 0, ?8, ?8, ?9)",
                                -1, &s, NULL);
    if (rc == SQLITE_OK) {
        sqlite3_bind_text(s, 1, g->id, -1, SQLITE_STATIC);
        sqlite3_bind_text(s, 2, g->scenario, -1, SQLITE_STATIC);
        sqlite3_bind_text(s, 3, g->scenario_hash, -1, SQLITE_STATIC);
        sqlite3_bind_text(s, 4, g->engine_version, -1, SQLITE_STATIC);
        sqlite3_bind_text(s, 5, g->seed, -1, SQLITE_STATIC);
        sqlite3_bind_text(s, 6, g->commitment, -1, SQLITE_STATIC);
        sqlite3_bind_int(s, 7, g->to_act);
        sqlite3_bind_int64(s, 8, g->created);
        sqlite3_bind_int(s, 9, g->rules_off);
        rc = sqlite3_step(s) == SQLITE_DONE ? SQLITE_OK : SQLITE_ERROR;
    }
    sqlite3_finalize(s);
    s = NULL;
    if (rc == SQLITE_OK)
        rc = sqlite3_prepare_v2(c->db,
                                "INSERT INTO seats (game_id, side, kind, level, token_hash, webhook)"
                                " VALUES (?1, ?2, ?3, ?4, ?5, ?6)",
                                -1, &s, NULL);
    for (int side = 1; rc == SQLITE_OK && side <= 2; side++) {
        const srv_seat_row *seat = &g->seat[side];
        sqlite3_reset(s);
        sqlite3_bind_text(s, 1, g->id, -1, SQLITE_STATIC);
        sqlite3_bind_int(s, 2, side);
        sqlite3_bind_text(s, 3, seat->kind, -1, SQLITE_STATIC);
        sqlite3_bind_text(s, 4, seat->level, -1, SQLITE_STATIC);
        sqlite3_bind_text(s, 5, seat->token_hash, -1, SQLITE_STATIC);
        sqlite3_bind_text(s, 6, seat->webhook, -1, SQLITE_STATIC);
        rc = sqlite3_step(s) == SQLITE_DONE ? SQLITE_OK : SQLITE_ERROR;
    }
    if (rc != SQLITE_OK)
        fail(c, err, "creating a game");
    sqlite3_finalize(s);
    lnlt_error ignored;
    if (rc != SQLITE_OK) {
        exec(c, "ROLLBACK", &ignored);
        return false;
    }
    return exec(c, "COMMIT", err);
}

static srv_store_rc sq_get_game(void *conn, const char *id, srv_game_row *g, lnlt_error *err)
{
    sq_conn *c = conn;
    sqlite3_stmt *s = stmt(c, Q_GET_GAME, err);
    if (!s)
        return SRV_STORE_ERROR;
    memset(g, 0, sizeof *g);
    sqlite3_bind_text(s, 1, id, -1, SQLITE_STATIC);
    int rc = sqlite3_step(s);
    if (rc == SQLITE_DONE)
        return SRV_STORE_NOT_FOUND;
    if (rc != SQLITE_ROW)
        return fail(c, err, "reading a game"), SRV_STORE_ERROR;
    srv_copy_text(g->id, sizeof g->id, col(s, 0));
    srv_copy_text(g->scenario, sizeof g->scenario, col(s, 1));
    srv_copy_text(g->scenario_hash, sizeof g->scenario_hash, col(s, 2));
    srv_copy_text(g->engine_version, sizeof g->engine_version, col(s, 3));
    srv_copy_text(g->seed, sizeof g->seed, col(s, 4));
    srv_copy_text(g->commitment, sizeof g->commitment, col(s, 5));
    g->seq = sqlite3_column_int64(s, 6);
    g->to_act = sqlite3_column_int(s, 7);
    srv_copy_text(g->result, sizeof g->result, col(s, 8));
    g->winner = sqlite3_column_int(s, 9);
    g->created = sqlite3_column_int64(s, 10);
    g->updated = sqlite3_column_int64(s, 11);
    g->rules_off = sqlite3_column_int(s, 12);
    sqlite3_reset(s);
    if (!(s = stmt(c, Q_GET_SEATS, err)))
        return SRV_STORE_ERROR;
    sqlite3_bind_text(s, 1, id, -1, SQLITE_STATIC);
    while ((rc = sqlite3_step(s)) == SQLITE_ROW) {
        int side = sqlite3_column_int(s, 0);
        if (side < 1 || side > 2)
            continue;
        srv_seat_row *seat = &g->seat[side];
        srv_copy_text(seat->kind, sizeof seat->kind, col(s, 1));
        srv_copy_text(seat->level, sizeof seat->level, col(s, 2));
        srv_copy_text(seat->token_hash, sizeof seat->token_hash, col(s, 3));
        srv_copy_text(seat->webhook, sizeof seat->webhook, col(s, 4));
    }
    sqlite3_reset(s);
    if (rc != SQLITE_DONE)
        return fail(c, err, "reading the seats of a game"), SRV_STORE_ERROR;
    return SRV_STORE_OK;
}

static bool sq_records(void *conn, const char *id, int64_t after, srv_record_fn fn, void *arg, lnlt_error *err)
{
    sq_conn *c = conn;
    sqlite3_stmt *s = stmt(c, Q_RECORDS, err);
    if (!s)
        return false;
    sqlite3_bind_text(s, 1, id, -1, SQLITE_STATIC);
    sqlite3_bind_int64(s, 2, after);
    int rc;
    while ((rc = sqlite3_step(s)) == SQLITE_ROW) {
        srv_record r;
        memset(&r, 0, sizeof r);
        r.seq = sqlite3_column_int64(s, 0);
        srv_copy_text(r.kind, sizeof r.kind, col(s, 1));
        r.side = sqlite3_column_int(s, 2);
        srv_copy_text(r.text, sizeof r.text, col(s, 3));
        fn(arg, &r);
    }
    sqlite3_reset(s);
    if (rc != SQLITE_DONE)
        return fail(c, err, "reading the actions of a game");
    return true;
}

static srv_store_rc sq_append(void *conn, const char *id, const srv_append *a, lnlt_error *err)
{
    sq_conn *c = conn;
    lnlt_error ignored;
    int64_t now = (int64_t)time(NULL);
    if (!exec(c, "BEGIN IMMEDIATE", err))
        return SRV_STORE_ERROR;
    srv_store_rc result = SRV_STORE_ERROR;
    sqlite3_stmt *s = stmt(c, Q_INSERT_ACTION, err);
    if (!s)
        goto out;
    sqlite3_bind_text(s, 1, id, -1, SQLITE_STATIC);
    sqlite3_bind_int64(s, 2, a->rec->seq);
    sqlite3_bind_text(s, 3, a->rec->kind, -1, SQLITE_STATIC);
    sqlite3_bind_int(s, 4, a->rec->side);
    sqlite3_bind_text(s, 5, a->rec->text, -1, SQLITE_STATIC);
    sqlite3_bind_int64(s, 6, now);
    int rc = sqlite3_step(s);
    sqlite3_reset(s);
    if (rc == SQLITE_CONSTRAINT) {
        result = SRV_STORE_CONFLICT; /* (game_id, seq) taken: someone else appended first */
        goto out;
    }
    if (rc != SQLITE_DONE) {
        fail(c, err, "appending an action");
        goto out;
    }
    if (!(s = stmt(c, Q_UPDATE_GAME, err)))
        goto out;
    sqlite3_bind_text(s, 1, id, -1, SQLITE_STATIC);
    sqlite3_bind_int64(s, 2, a->rec->seq);
    sqlite3_bind_int(s, 3, a->to_act);
    sqlite3_bind_text(s, 4, a->result ? a->result : "", -1, SQLITE_STATIC);
    sqlite3_bind_int(s, 5, a->winner);
    sqlite3_bind_int64(s, 6, now);
    rc = sqlite3_step(s);
    sqlite3_reset(s);
    if (rc != SQLITE_DONE) {
        fail(c, err, "updating a game");
        goto out;
    }
    if (sqlite3_changes(c->db) != 1) {
        result = SRV_STORE_CONFLICT;
        goto out;
    }
    if (a->state) {
        if (!(s = stmt(c, Q_INSERT_SNAPSHOT, err)))
            goto out;
        sqlite3_bind_text(s, 1, id, -1, SQLITE_STATIC);
        sqlite3_bind_int64(s, 2, a->rec->seq);
        sqlite3_bind_text(s, 3, a->engine_version, -1, SQLITE_STATIC);
        sqlite3_bind_int(s, 4, a->steps);
        sqlite3_bind_blob(s, 5, a->state, (int)a->state_len, SQLITE_STATIC);
        rc = sqlite3_step(s);
        sqlite3_reset(s);
        if (rc != SQLITE_DONE) {
            fail(c, err, "writing a snapshot");
            goto out;
        }
    }
    if (exec(c, "COMMIT", err))
        return SRV_STORE_OK;
out:
    exec(c, "ROLLBACK", &ignored);
    return result;
}

static srv_store_rc sq_snapshot(void *conn, const char *id, const char *engine_version, int64_t max_seq,
                                srv_snapshot *out, lnlt_error *err)
{
    sq_conn *c = conn;
    sqlite3_stmt *s = stmt(c, Q_SNAPSHOT, err);
    if (!s)
        return SRV_STORE_ERROR;
    sqlite3_bind_text(s, 1, id, -1, SQLITE_STATIC);
    sqlite3_bind_text(s, 2, engine_version, -1, SQLITE_STATIC);
    sqlite3_bind_int64(s, 3, max_seq);
    int rc = sqlite3_step(s);
    if (rc == SQLITE_DONE)
        return SRV_STORE_NOT_FOUND;
    if (rc != SQLITE_ROW)
        return fail(c, err, "reading a snapshot"), SRV_STORE_ERROR;
    out->seq = sqlite3_column_int64(s, 0);
    out->steps = sqlite3_column_int(s, 1);
    out->state_len = (size_t)sqlite3_column_bytes(s, 2);
    out->state = malloc(out->state_len ? out->state_len : 1);
    if (out->state)
        memcpy(out->state, sqlite3_column_blob(s, 2), out->state_len);
    sqlite3_reset(s);
    if (!out->state)
        return lnlt_error_set(err, "out of memory"), SRV_STORE_ERROR;
    return SRV_STORE_OK;
}

static bool sq_set_webhook(void *conn, const char *id, int side, const char *url, lnlt_error *err)
{
    sq_conn *c = conn;
    sqlite3_stmt *s = stmt(c, Q_WEBHOOK, err);
    if (!s)
        return false;
    sqlite3_bind_text(s, 1, id, -1, SQLITE_STATIC);
    sqlite3_bind_int(s, 2, side);
    sqlite3_bind_text(s, 3, url, -1, SQLITE_STATIC);
    int rc = sqlite3_step(s);
    sqlite3_reset(s);
    return rc == SQLITE_DONE || fail(c, err, "writing a webhook");
}

static bool sq_games_for_tokens(void *conn, const char *const *hashes, int n, srv_id_fn fn, void *arg,
                                lnlt_error *err)
{
    sq_conn *c = conn;
    sqlite3_stmt *s = NULL;
    if (sqlite3_prepare_v2(c->db, "SELECT game_id, side FROM seats WHERE token_hash = ?1", -1, &s, NULL) !=
        SQLITE_OK)
        return fail(c, err, "preparing the seat search");
    int rc = SQLITE_DONE;
    for (int i = 0; i < n && rc == SQLITE_DONE; i++) {
        sqlite3_reset(s);
        sqlite3_bind_text(s, 1, hashes[i], -1, SQLITE_STATIC);
        while ((rc = sqlite3_step(s)) == SQLITE_ROW)
            fn(arg, col(s, 0), sqlite3_column_int(s, 1));
    }
    if (rc != SQLITE_DONE)
        fail(c, err, "searching seats");
    sqlite3_finalize(s);
    return rc == SQLITE_DONE;
}

static bool sq_waiting_bots(void *conn, srv_id_fn fn, void *arg, lnlt_error *err)
{
    sq_conn *c = conn;
    sqlite3_stmt *s = stmt(c, Q_WAITING, err);
    if (!s)
        return false;
    int rc;
    while ((rc = sqlite3_step(s)) == SQLITE_ROW)
        fn(arg, col(s, 0), sqlite3_column_int(s, 1));
    sqlite3_reset(s);
    return rc == SQLITE_DONE || fail(c, err, "listing the games waiting on a bot");
}

const srv_backend srv_sqlite_backend = {
    .kind = "sqlite",
    .connect = sq_connect,
    .disconnect = sq_disconnect,
    .schema = sq_schema,
    .meta = sq_meta,
    .create_game = sq_create_game,
    .get_game = sq_get_game,
    .records = sq_records,
    .append = sq_append,
    .snapshot = sq_snapshot,
    .set_webhook = sq_set_webhook,
    .games_for_tokens = sq_games_for_tokens,
    .waiting_bots = sq_waiting_bots,
};
