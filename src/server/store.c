/*
 * store.c: the storage interface of store.h over a backend (store_sqlite.c or
 * store_pg.c): picks the backend from the --db text, keeps a pool of connections
 * (each call borrows one, so threads never share a connection), and starts the
 * PostgreSQL notification listener.
 */
#include "server/store.h"

#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "server/store_backend.h"

struct srv_store {
    const srv_backend *be;
    char *db;
    pthread_mutex_t mu;
    pthread_cond_t freed;
    void **idle;
    int nidle, size;
    void *listener;
};

void srv_copy_text(char *dst, size_t len, const char *src)
{
    snprintf(dst, len, "%s", src ? src : "");
}

static bool is_pg_uri(const char *db)
{
    return !strncmp(db, "postgresql://", 13) || !strncmp(db, "postgres://", 11);
}

srv_store *srv_store_open(const char *db, int pool_size, bool durable, lnlt_error *err)
{
    if (pool_size < 1)
        pool_size = 1;
    srv_store *st = calloc(1, sizeof *st);
    if (!st) {
        lnlt_error_set(err, "out of memory");
        return NULL;
    }
    st->be = is_pg_uri(db) ? &srv_pg_backend : &srv_sqlite_backend;
    st->db = strdup(db);
    st->idle = calloc((size_t)pool_size, sizeof *st->idle);
    pthread_mutex_init(&st->mu, NULL);
    pthread_cond_init(&st->freed, NULL);
    if (!st->db || !st->idle) {
        lnlt_error_set(err, "out of memory");
        srv_store_close(st);
        return NULL;
    }
    for (int i = 0; i < pool_size; i++) {
        void *c = st->be->connect(db, durable, err);
        if (!c || (i == 0 && !st->be->schema(c, err))) {
            if (c)
                st->be->disconnect(c);
            srv_store_close(st);
            return NULL;
        }
        st->idle[st->nidle++] = c;
        st->size++;
    }
    return st;
}

void srv_store_close(srv_store *st)
{
    if (!st)
        return;
    if (st->listener)
        st->be->listen_stop(st->listener);
    /* Every borrowed connection has come back by now: the server stops its threads
     * before it closes the store. */
    for (int i = 0; i < st->nidle; i++)
        st->be->disconnect(st->idle[i]);
    pthread_mutex_destroy(&st->mu);
    pthread_cond_destroy(&st->freed);
    free(st->idle);
    free(st->db);
    free(st);
}

const char *srv_store_kind(const srv_store *st) { return st->be->kind; }

static void *borrow(srv_store *st)
{
    pthread_mutex_lock(&st->mu);
    while (st->nidle == 0)
        pthread_cond_wait(&st->freed, &st->mu);
    void *c = st->idle[--st->nidle];
    pthread_mutex_unlock(&st->mu);
    return c;
}

static void give_back(srv_store *st, void *c)
{
    pthread_mutex_lock(&st->mu);
    st->idle[st->nidle++] = c;
    pthread_cond_signal(&st->freed);
    pthread_mutex_unlock(&st->mu);
}

#define WITH_CONN(type, call)                                                                                  \
    do {                                                                                                       \
        void *c = borrow(st);                                                                                  \
        type r = call;                                                                                         \
        give_back(st, c);                                                                                      \
        return r;                                                                                              \
    } while (0)

bool srv_store_meta(srv_store *st, const char *key, const char *fresh, char *out, size_t len, lnlt_error *err)
{
    WITH_CONN(bool, st->be->meta(c, key, fresh, out, len, err));
}

bool srv_store_create_game(srv_store *st, const srv_game_row *g, lnlt_error *err)
{
    WITH_CONN(bool, st->be->create_game(c, g, err));
}

srv_store_rc srv_store_get_game(srv_store *st, const char *id, srv_game_row *out, lnlt_error *err)
{
    WITH_CONN(srv_store_rc, st->be->get_game(c, id, out, err));
}

bool srv_store_records(srv_store *st, const char *id, int64_t after, srv_record_fn fn, void *arg, lnlt_error *err)
{
    WITH_CONN(bool, st->be->records(c, id, after, fn, arg, err));
}

srv_store_rc srv_store_append(srv_store *st, const char *id, const srv_append *a, lnlt_error *err)
{
    WITH_CONN(srv_store_rc, st->be->append(c, id, a, err));
}

srv_store_rc srv_store_snapshot(srv_store *st, const char *id, const char *engine_version, int64_t max_seq,
                                srv_snapshot *out, lnlt_error *err)
{
    WITH_CONN(srv_store_rc, st->be->snapshot(c, id, engine_version, max_seq, out, err));
}

bool srv_store_set_webhook(srv_store *st, const char *id, int side, const char *url, lnlt_error *err)
{
    WITH_CONN(bool, st->be->set_webhook(c, id, side, url, err));
}

bool srv_store_games_for_tokens(srv_store *st, const char *const *hashes, int n, srv_id_fn fn, void *arg,
                                lnlt_error *err)
{
    WITH_CONN(bool, st->be->games_for_tokens(c, hashes, n, fn, arg, err));
}

bool srv_store_waiting_bots(srv_store *st, srv_id_fn fn, void *arg, lnlt_error *err)
{
    WITH_CONN(bool, st->be->waiting_bots(c, fn, arg, err));
}

bool srv_store_listen(srv_store *st, srv_notify_fn fn, void *arg, lnlt_error *err)
{
    if (!st->be->listen_start || st->listener)
        return true;
    st->listener = st->be->listen_start(st->db, fn, arg, err);
    return st->listener != NULL;
}
