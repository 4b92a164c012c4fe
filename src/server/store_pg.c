/*
 * store_pg.c: the PostgreSQL backend of store.h, through libpq. The same schema as
 * SQLite, so several `lnlt serve` processes can share every game: the primary key
 * (game_id, seq) of `actions` decides between two processes appending at once, and
 * after each append the others are notified on the channel `lnlt_games` with the
 * payload "GAMEID:SEQ" — ids only, never game content (the listener is at the end).
 */
#include <libpq-fe.h>
#include <inttypes.h>
#include <poll.h>
#include <pthread.h>
#include <stdatomic.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "server/store_backend.h"

#define SRV_PG_CHANNEL "lnlt_games"

static bool fail_res(PGconn *c, PGresult *r, lnlt_error *err, const char *what)
{
    const char *msg = r ? PQresultErrorMessage(r) : PQerrorMessage(c);
    lnlt_error_set(err, "PostgreSQL: %s: %s", what, msg && *msg ? msg : PQerrorMessage(c));
    /* libpq messages end with a newline */
    size_t n = err ? strlen(err->msg) : 0;
    if (n && err->msg[n - 1] == '\n')
        err->msg[n - 1] = 0;
    PQclear(r);
    return false;
}

static bool cmd(PGconn *c, const char *sql, lnlt_error *err)
{
    PGresult *r = PQexec(c, sql);
    if (PQresultStatus(r) != PGRES_COMMAND_OK && PQresultStatus(r) != PGRES_TUPLES_OK)
        return fail_res(c, r, err, sql);
    PQclear(r);
    return true;
}

static PGresult *params(PGconn *c, const char *sql, int n, const char *const *values)
{
    return PQexecParams(c, sql, n, NULL, values, NULL, NULL, 0);
}

static void pg_disconnect(void *conn) { PQfinish(conn); }

static void *pg_connect(const char *db, bool durable, lnlt_error *err)
{
    (void)durable; /* PostgreSQL commits durably by default (synchronous_commit) */
    PGconn *c = PQconnectdb(db);
    if (PQstatus(c) != CONNECTION_OK) {
        lnlt_error_set(err, "cannot connect to PostgreSQL: %s", PQerrorMessage(c));
        PQfinish(c);
        return NULL;
    }
    lnlt_error ignored;
    cmd(c, "SET client_min_messages = warning", &ignored); /* no NOTICE for IF NOT EXISTS */
    return c;
}

static bool pg_schema(void *conn, lnlt_error *err)
{
    /* Two processes starting at once could both create the tables: an advisory lock
     * makes the second wait and then find them. */
    return cmd(conn, "SELECT pg_advisory_lock(7011)", err) && cmd(conn, SRV_SCHEMA("BYTEA"), err) &&
           cmd(conn, "ALTER TABLE games ADD COLUMN IF NOT EXISTS rules_off INTEGER NOT NULL DEFAULT -1", err) &&
           cmd(conn, "SELECT pg_advisory_unlock(7011)", err);
}

static bool pg_meta(void *conn, const char *key, const char *fresh, char *out, size_t len, lnlt_error *err)
{
    const char *v[] = {key, fresh};
    PGresult *r = params(conn, "INSERT INTO server_meta (key, value) VALUES ($1, $2) ON CONFLICT (key) DO NOTHING",
                         2, v);
    if (PQresultStatus(r) != PGRES_COMMAND_OK)
        return fail_res(conn, r, err, "writing server_meta");
    PQclear(r);
    r = params(conn, "SELECT value FROM server_meta WHERE key = $1", 1, v);
    if (PQresultStatus(r) != PGRES_TUPLES_OK || PQntuples(r) != 1)
        return fail_res(conn, r, err, "reading server_meta");
    srv_copy_text(out, len, PQgetvalue(r, 0, 0));
    PQclear(r);
    return true;
}

static bool pg_create_game(void *conn, const srv_game_row *g, lnlt_error *err)
{
    char to_act[16], created[32], rules_off[16];
    snprintf(to_act, sizeof to_act, "%d", g->to_act);
    snprintf(rules_off, sizeof rules_off, "%d", g->rules_off);
    snprintf(created, sizeof created, "%" PRId64, g->created);
    lnlt_error ignored;
    if (!cmd(conn, "BEGIN", err))
        return false;
    const char *v[] = {g->id,   g->scenario, g->scenario_hash, g->engine_version, g->seed, g->commitment,
                       to_act, created,     rules_off};
    PGresult *r = params(conn,
                         "INSERT INTO games (id, scenario, scenario_hash, engine_version, seed, seed_commitment,"
                         " seq, to_act, result, winner, created, updated, rules_off)"
                         " VALUES ($1, $2, $3, $4, $5, $6, 0, $7, '', 0, $8, $8, $9)",
                         9, v);
    bool ok = PQresultStatus(r) == PGRES_COMMAND_OK;
    if (!ok)
        fail_res(conn, r, err, "creating a game");
    else
        PQclear(r);
    for (int side = 1; ok && side <= 2; side++) {
        char sidebuf[4];
        snprintf(sidebuf, sizeof sidebuf, "%d", side);
        const srv_seat_row *s = &g->seat[side];
        const char *sv[] = {g->id, sidebuf, s->kind, s->level, s->token_hash, s->webhook};
        r = params(conn,
                   "INSERT INTO seats (game_id, side, kind, level, token_hash, webhook)"
                   " VALUES ($1, $2, $3, $4, $5, $6)",
                   6, sv);
        ok = PQresultStatus(r) == PGRES_COMMAND_OK;
        if (!ok)
            fail_res(conn, r, err, "creating the seats of a game");
        else
            PQclear(r);
    }
    if (!ok) {
        cmd(conn, "ROLLBACK", &ignored);
        return false;
    }
    return cmd(conn, "COMMIT", err);
}

static srv_store_rc pg_get_game(void *conn, const char *id, srv_game_row *g, lnlt_error *err)
{
    memset(g, 0, sizeof *g);
    const char *v[] = {id};
    PGresult *r = params(conn, "SELECT " SRV_GAME_COLUMNS " FROM games g WHERE g.id = $1", 1, v);
    if (PQresultStatus(r) != PGRES_TUPLES_OK)
        return fail_res(conn, r, err, "reading a game"), SRV_STORE_ERROR;
    if (PQntuples(r) == 0) {
        PQclear(r);
        return SRV_STORE_NOT_FOUND;
    }
    srv_copy_text(g->id, sizeof g->id, PQgetvalue(r, 0, 0));
    srv_copy_text(g->scenario, sizeof g->scenario, PQgetvalue(r, 0, 1));
    srv_copy_text(g->scenario_hash, sizeof g->scenario_hash, PQgetvalue(r, 0, 2));
    srv_copy_text(g->engine_version, sizeof g->engine_version, PQgetvalue(r, 0, 3));
    srv_copy_text(g->seed, sizeof g->seed, PQgetvalue(r, 0, 4));
    srv_copy_text(g->commitment, sizeof g->commitment, PQgetvalue(r, 0, 5));
    g->seq = strtoll(PQgetvalue(r, 0, 6), NULL, 10);
    g->to_act = atoi(PQgetvalue(r, 0, 7));
    srv_copy_text(g->result, sizeof g->result, PQgetvalue(r, 0, 8));
    g->winner = atoi(PQgetvalue(r, 0, 9));
    g->created = strtoll(PQgetvalue(r, 0, 10), NULL, 10);
    g->updated = strtoll(PQgetvalue(r, 0, 11), NULL, 10);
    g->rules_off = atoi(PQgetvalue(r, 0, 12));
    PQclear(r);
    r = params(conn, "SELECT side, kind, level, token_hash, webhook FROM seats WHERE game_id = $1", 1, v);
    if (PQresultStatus(r) != PGRES_TUPLES_OK)
        return fail_res(conn, r, err, "reading the seats of a game"), SRV_STORE_ERROR;
    for (int i = 0; i < PQntuples(r); i++) {
        int side = atoi(PQgetvalue(r, i, 0));
        if (side < 1 || side > 2)
            continue;
        srv_seat_row *s = &g->seat[side];
        srv_copy_text(s->kind, sizeof s->kind, PQgetvalue(r, i, 1));
        srv_copy_text(s->level, sizeof s->level, PQgetvalue(r, i, 2));
        srv_copy_text(s->token_hash, sizeof s->token_hash, PQgetvalue(r, i, 3));
        srv_copy_text(s->webhook, sizeof s->webhook, PQgetvalue(r, i, 4));
    }
    PQclear(r);
    return SRV_STORE_OK;
}

static bool pg_records(void *conn, const char *id, int64_t after, srv_record_fn fn, void *arg, lnlt_error *err)
{
    char afterbuf[32];
    snprintf(afterbuf, sizeof afterbuf, "%" PRId64, after);
    const char *v[] = {id, afterbuf};
    PGresult *r = params(conn, "SELECT seq, kind, side, text FROM actions WHERE game_id = $1 AND seq > $2 ORDER BY seq",
                         2, v);
    if (PQresultStatus(r) != PGRES_TUPLES_OK)
        return fail_res(conn, r, err, "reading the actions of a game");
    for (int i = 0; i < PQntuples(r); i++) {
        srv_record rec;
        memset(&rec, 0, sizeof rec);
        rec.seq = strtoll(PQgetvalue(r, i, 0), NULL, 10);
        srv_copy_text(rec.kind, sizeof rec.kind, PQgetvalue(r, i, 1));
        rec.side = atoi(PQgetvalue(r, i, 2));
        srv_copy_text(rec.text, sizeof rec.text, PQgetvalue(r, i, 3));
        fn(arg, &rec);
    }
    PQclear(r);
    return true;
}

static srv_store_rc pg_append(void *conn, const char *id, const srv_append *a, lnlt_error *err)
{
    char seq[32], side[8], to_act[8], winner[8], now[32], steps[16];
    snprintf(seq, sizeof seq, "%" PRId64, a->rec->seq);
    snprintf(side, sizeof side, "%d", a->rec->side);
    snprintf(to_act, sizeof to_act, "%d", a->to_act);
    snprintf(winner, sizeof winner, "%d", a->winner);
    snprintf(now, sizeof now, "%" PRId64, (int64_t)time(NULL));
    snprintf(steps, sizeof steps, "%d", a->steps);
    /* One statement, so one round trip and one commit: the insert (whose key is
     * the concurrency check) and the games row (still at seq - 1). If the row
     * was not at seq - 1, the division by zero aborts the whole statement (a
     * run-time error, so nothing is written). */
    const char *v[] = {id, seq, a->rec->kind, side, a->rec->text, now, to_act, a->result ? a->result : "", winner};
    PGresult *r = params(conn,
                         "WITH ins AS (INSERT INTO actions (game_id, seq, kind, side, text, created)"
                         "  VALUES ($1, $2, $3, $4, $5, $6) RETURNING game_id),"
                         " upd AS (UPDATE games SET seq = $2, to_act = $7, result = $8, winner = $9, updated = $6"
                         "  WHERE id = $1 AND seq = $2::bigint - 1 AND EXISTS (SELECT 1 FROM ins) RETURNING id)"
                         " SELECT 1 / (SELECT count(*) FROM upd)",
                         9, v);
    if (PQresultStatus(r) != PGRES_TUPLES_OK) {
        const char *state = PQresultErrorField(r, PG_DIAG_SQLSTATE);
        /* 23505 unique_violation: the seq is taken; 22012: the row moved on */
        if (state && (!strcmp(state, "23505") || !strcmp(state, "22012"))) {
            PQclear(r);
            return SRV_STORE_CONFLICT;
        }
        fail_res(conn, r, err, "appending an action");
        return SRV_STORE_ERROR;
    }
    PQclear(r);
    /* The other processes hear of it after the commit, in a transaction of its
     * own: PostgreSQL serialises the commits of transactions that NOTIFY (a lock
     * held through the WAL flush), which would cost the appends their group
     * commit. A process that dies between the two leaves the others to catch up
     * at their next notification or conflict. */
    const char *nv[] = {id, seq};
    r = params(conn, "SELECT pg_notify('" SRV_PG_CHANNEL "', $1 || ':' || $2)", 2, nv);
    PQclear(r);
    if (a->state) {
        /* A cache beside the records: written after them, and a failure here
         * loses nothing (the game loads from an older snapshot). */
        const char *sv[] = {id, seq, a->engine_version, steps, a->state};
        int lens[] = {0, 0, 0, 0, (int)a->state_len};
        int formats[] = {0, 0, 0, 0, 1};
        r = PQexecParams(conn,
                         "INSERT INTO snapshots (game_id, seq, engine_version, steps, state) VALUES ($1, $2, $3, $4, $5)"
                         " ON CONFLICT (game_id, seq) DO UPDATE SET engine_version = $3, steps = $4, state = $5",
                         5, NULL, sv, lens, formats, 0);
        PQclear(r);
    }
    return SRV_STORE_OK;
}

static srv_store_rc pg_snapshot(void *conn, const char *id, const char *engine_version, int64_t max_seq,
                                srv_snapshot *out, lnlt_error *err)
{
    char maxbuf[32];
    snprintf(maxbuf, sizeof maxbuf, "%" PRId64, max_seq);
    const char *v[] = {id, engine_version, maxbuf};
    PGresult *r = params(conn,
                         "SELECT seq, steps, state FROM snapshots WHERE game_id = $1 AND engine_version = $2"
                         " AND seq <= $3 ORDER BY seq DESC LIMIT 1",
                         3, v);
    if (PQresultStatus(r) != PGRES_TUPLES_OK)
        return fail_res(conn, r, err, "reading a snapshot"), SRV_STORE_ERROR;
    if (PQntuples(r) == 0) {
        PQclear(r);
        return SRV_STORE_NOT_FOUND;
    }
    out->seq = strtoll(PQgetvalue(r, 0, 0), NULL, 10);
    out->steps = atoi(PQgetvalue(r, 0, 1));
    size_t len = 0;
    unsigned char *bytes = PQunescapeBytea((const unsigned char *)PQgetvalue(r, 0, 2), &len);
    PQclear(r);
    if (!bytes)
        return lnlt_error_set(err, "PostgreSQL: a snapshot does not decode"), SRV_STORE_ERROR;
    out->state = malloc(len ? len : 1);
    if (out->state)
        memcpy(out->state, bytes, len);
    out->state_len = len;
    PQfreemem(bytes);
    if (!out->state)
        return lnlt_error_set(err, "out of memory"), SRV_STORE_ERROR;
    return SRV_STORE_OK;
}

static bool pg_set_webhook(void *conn, const char *id, int side, const char *url, lnlt_error *err)
{
    char sidebuf[8];
    snprintf(sidebuf, sizeof sidebuf, "%d", side);
    const char *v[] = {id, sidebuf, url};
    PGresult *r = params(conn, "UPDATE seats SET webhook = $3 WHERE game_id = $1 AND side = $2", 3, v);
    if (PQresultStatus(r) != PGRES_COMMAND_OK)
        return fail_res(conn, r, err, "writing a webhook");
    PQclear(r);
    return true;
}

static bool each_id(PGconn *conn, PGresult *r, srv_id_fn fn, void *arg, lnlt_error *err, const char *what)
{
    if (PQresultStatus(r) != PGRES_TUPLES_OK)
        return fail_res(conn, r, err, what);
    for (int i = 0; i < PQntuples(r); i++)
        fn(arg, PQgetvalue(r, i, 0), atoi(PQgetvalue(r, i, 1)));
    PQclear(r);
    return true;
}

static bool pg_games_for_tokens(void *conn, const char *const *hashes, int n, srv_id_fn fn, void *arg,
                                lnlt_error *err)
{
    for (int i = 0; i < n; i++) {
        const char *v[] = {hashes[i]};
        if (!each_id(conn, params(conn, "SELECT game_id, side FROM seats WHERE token_hash = $1", 1, v), fn, arg,
                     err, "searching seats"))
            return false;
    }
    return true;
}

static bool pg_waiting_bots(void *conn, srv_id_fn fn, void *arg, lnlt_error *err)
{
    PGresult *r = PQexec(conn, "SELECT g.id, g.to_act FROM games g JOIN seats s ON s.game_id = g.id AND s.side = g.to_act"
                               " WHERE g.to_act > 0 AND s.kind = 'bot'");
    return each_id(conn, r, fn, arg, err, "listing the games waiting on a bot");
}

/* ---- LISTEN/NOTIFY: one connection and one thread per process ---- */

typedef struct pg_listener {
    PGconn *conn;
    pthread_t thread;
    atomic_bool stop;
    srv_notify_fn fn;
    void *arg;
} pg_listener;

static void *listen_loop(void *p)
{
    pg_listener *l = p;
    int fd = PQsocket(l->conn);
    while (!atomic_load(&l->stop)) {
        struct pollfd pfd = {.fd = fd, .events = POLLIN};
        int n = poll(&pfd, 1, 100); /* wakes up to notice stop */
        if (n < 0)
            continue;
        if (n > 0 && !PQconsumeInput(l->conn)) {
            /* The connection is gone (the database restarted): try again until
             * stopped, so pushes between processes resume by themselves. */
            struct timespec pause = {0, 200 * 1000 * 1000};
            nanosleep(&pause, NULL);
            PQreset(l->conn);
            if (PQstatus(l->conn) == CONNECTION_OK) {
                PGresult *r = PQexec(l->conn, "LISTEN " SRV_PG_CHANNEL);
                PQclear(r);
                fd = PQsocket(l->conn);
            }
            continue;
        }
        PGnotify *note;
        while ((note = PQnotifies(l->conn)) != NULL) {
            l->fn(l->arg, note->extra);
            PQfreemem(note);
        }
    }
    return NULL;
}

static void pg_listen_stop(void *p)
{
    pg_listener *l = p;
    if (!l)
        return;
    atomic_store(&l->stop, true);
    pthread_join(l->thread, NULL);
    PQfinish(l->conn);
    free(l);
}

static void *pg_listen_start(const char *db, srv_notify_fn fn, void *arg, lnlt_error *err)
{
    pg_listener *l = calloc(1, sizeof *l);
    if (!l) {
        lnlt_error_set(err, "out of memory");
        return NULL;
    }
    l->fn = fn;
    l->arg = arg;
    atomic_init(&l->stop, false);
    l->conn = pg_connect(db, false, err);
    if (!l->conn || !cmd(l->conn, "LISTEN " SRV_PG_CHANNEL, err)) {
        PQfinish(l->conn);
        free(l);
        return NULL;
    }
    if (pthread_create(&l->thread, NULL, listen_loop, l) != 0) {
        lnlt_error_set(err, "cannot start the notification thread");
        PQfinish(l->conn);
        free(l);
        return NULL;
    }
    return l;
}

const srv_backend srv_pg_backend = {
    .kind = "postgresql",
    .connect = pg_connect,
    .disconnect = pg_disconnect,
    .schema = pg_schema,
    .meta = pg_meta,
    .create_game = pg_create_game,
    .get_game = pg_get_game,
    .records = pg_records,
    .append = pg_append,
    .snapshot = pg_snapshot,
    .set_webhook = pg_set_webhook,
    .games_for_tokens = pg_games_for_tokens,
    .waiting_bots = pg_waiting_bots,
    .listen_start = pg_listen_start,
    .listen_stop = pg_listen_stop,
};
