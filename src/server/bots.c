/*
 * bots.c: the computer's seats. A small pool of worker threads takes games whose
 * decision belongs to a bot seat from a queue, copies what that side may see
 * (lnlt_state_for_side: never the real state, whose generator would tell the dice
 * to come), lets the bot think without holding the game's lock — so requests and
 * other games never wait on it — and applies its choice like a player's, with
 * the seq it saw (a stale choice is simply dropped). Each decision has a time
 * budget (--bot-ms) handed to the bot API. The bot's seeds are derived from the
 * server's own secret (R-SRV-04), so its play is reproducible on the server and
 * nowhere else, and the same position gets the same reply after an undo.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "lnlt/bot.h"
#include "lnlt/view.h"
#include "server/server.h"

uint64_t srv_bot_seed(const srv_server *srv, const char *game_id, int side, int step, const char *label)
{
    char msg[128];
    int n = snprintf(msg, sizeof msg, "%s|%s|%d|%d", label, game_id, side, step);
    return srv_hmac_u64(srv->server_key, sizeof srv->server_key, msg, (size_t)n);
}

void srv_bots_wake(srv_server *srv, const char *game_id)
{
    pthread_mutex_lock(&srv->bot_mu);
    for (int i = 0; i < srv->bot_count; i++)
        if (!strcmp(srv->bot_queue[(srv->bot_head + i) % srv->bot_cap], game_id)) {
            pthread_mutex_unlock(&srv->bot_mu);
            return; /* already waiting */
        }
    if (srv->bot_count == srv->bot_cap) {
        int cap = srv->bot_cap ? srv->bot_cap * 2 : 64;
        char(*q)[SRV_ID_LEN + 1] = malloc((size_t)cap * sizeof *q);
        if (!q) {
            pthread_mutex_unlock(&srv->bot_mu);
            srv_log(srv, "game %s: out of memory queueing the computer's move", game_id);
            return;
        }
        for (int i = 0; i < srv->bot_count; i++)
            memcpy(q[i], srv->bot_queue[(srv->bot_head + i) % srv->bot_cap], sizeof q[i]);
        free(srv->bot_queue);
        srv->bot_queue = q;
        srv->bot_head = 0;
        srv->bot_cap = cap;
    }
    snprintf(srv->bot_queue[(srv->bot_head + srv->bot_count) % srv->bot_cap], SRV_ID_LEN + 1, "%s", game_id);
    srv->bot_count++;
    pthread_cond_signal(&srv->bot_cv);
    pthread_mutex_unlock(&srv->bot_mu);
}

static bool next_game(srv_server *srv, char id[SRV_ID_LEN + 1])
{
    pthread_mutex_lock(&srv->bot_mu);
    while (srv->bot_count == 0 && !atomic_load(&srv->stopping))
        pthread_cond_wait(&srv->bot_cv, &srv->bot_mu);
    bool got = srv->bot_count > 0 && !atomic_load(&srv->stopping);
    if (got) {
        memcpy(id, srv->bot_queue[srv->bot_head], SRV_ID_LEN + 1);
        srv->bot_head = (srv->bot_head + 1) % srv->bot_cap;
        srv->bot_count--;
    }
    pthread_mutex_unlock(&srv->bot_mu);
    return got;
}

static double seconds_since(const struct timespec *t0)
{
    struct timespec t;
    clock_gettime(CLOCK_MONOTONIC, &t);
    return (double)(t.tv_sec - t0->tv_sec) + (double)(t.tv_nsec - t0->tv_nsec) / 1e9;
}

/* One decision of one bot seat. */
static void play_one(srv_server *srv, const char *id, lnlt_state *seen)
{
    srv_status st;
    lnlt_error err;
    srv_game *g = srv_game_acquire(srv, id, &st, &err);
    if (!g)
        return;
    int side = srv_game_to_act(g);
    if (!side || g->row.seat[side].kind[0] != 'b') {
        srv_game_release(srv, g);
        return;
    }
    int64_t seq = g->row.seq;
    int step = g->base_steps + g->s.nsteps;
    char level[SRV_LEVEL_MAX];
    snprintf(level, sizeof level, "%s", g->row.seat[side].level);
    const lnlt_ctx *ctx = &g->scn->ctx; /* the scenario's data outlive every game */
    lnlt_state_for_side(ctx, &g->s.state, side, srv_bot_seed(srv, id, side, step, "resample"), seen);
    srv_game_release(srv, g);

    struct timespec t0;
    clock_gettime(CLOCK_MONOTONIC, &t0);
    lnlt_action act;
    bool chose = lnlt_bot_decide(level, ctx, seen, srv_bot_seed(srv, id, side, step, "bot"), srv->cfg.bot_budget_ms,
                                 &act, &err);
    double took = seconds_since(&t0);
    if (took * 1000 > srv->cfg.bot_budget_ms)
        srv_log(srv, "game %s: the %s bot took %.0f ms, over its %d ms budget", id, level, took * 1000,
                srv->cfg.bot_budget_ms);
    char text[256];
    if (chose)
        lnlt_action_format(ctx, &act, text, sizeof text);

    if (!(g = srv_game_acquire(srv, id, &st, &err)))
        return;
    if (g->row.seq != seq || srv_game_to_act(g) != side) {
        srv_game_release(srv, g); /* the game moved on while the bot thought */
        return;
    }
    st = chose ? srv_game_apply(srv, g, side, seq, text, NULL, &err) : SRV_UNPROCESSABLE;
    if (st == SRV_UNPROCESSABLE) {
        /* What the bot saw differs from the real position where hidden things
         * are: its choice may not be legal here. The first legal action stands in
         * (deterministic, so an undo gives the same reply). */
        lnlt_action first;
        if (lnlt_legal_actions(ctx, &g->s.state, &first, 1) > 0) {
            srv_log(srv, "game %s: the bot's choice was refused (%s); it plays the first legal action", id, err.msg);
            lnlt_action_format(ctx, &first, text, sizeof text);
            st = srv_game_apply(srv, g, side, seq, text, NULL, &err);
        }
    }
    if (st != SRV_OK && st != SRV_CONFLICT)
        srv_log(srv, "game %s: the bot's move failed: %s", id, err.msg);
    srv_game_release(srv, g);
}

static void *worker(void *arg)
{
    srv_server *srv = arg;
    lnlt_state *seen = malloc(sizeof *seen);
    char id[SRV_ID_LEN + 1];
    while (seen && next_game(srv, id))
        play_one(srv, id, seen);
    free(seen);
    return NULL;
}

static void wake_waiting(void *arg, const char *id, int side)
{
    (void)side;
    srv_bots_wake(arg, id);
}

bool srv_bots_start(srv_server *srv, lnlt_error *err)
{
    pthread_mutex_init(&srv->bot_mu, NULL);
    pthread_cond_init(&srv->bot_cv, NULL);
    int n = srv->cfg.in_memory ? 0 : srv->cfg.bot_workers < 1 ? 1 : srv->cfg.bot_workers;
    srv->bot_threads = calloc((size_t)n + 1, sizeof *srv->bot_threads);
    if (!srv->bot_threads)
        return lnlt_error_set(err, "out of memory");
    for (int i = 0; i < n; i++) {
        if (pthread_create(&srv->bot_threads[i], NULL, worker, srv) != 0)
            return lnlt_error_set(err, "cannot start a bot worker thread");
        srv->nbot_threads++;
    }
    /* Games left waiting on a bot when the server last stopped. */
    return srv_store_waiting_bots(srv->store, wake_waiting, srv, err);
}

/* Takes the next queued game without waiting (in_memory). */
static bool queued_game(srv_server *srv, char id[SRV_ID_LEN + 1])
{
    pthread_mutex_lock(&srv->bot_mu);
    bool got = srv->bot_count > 0;
    if (got) {
        memcpy(id, srv->bot_queue[srv->bot_head], SRV_ID_LEN + 1);
        srv->bot_head = (srv->bot_head + 1) % srv->bot_cap;
        srv->bot_count--;
    }
    pthread_mutex_unlock(&srv->bot_mu);
    return got;
}

int srv_bots_step(srv_server *srv, int max)
{
    lnlt_state *seen = malloc(sizeof *seen);
    char id[SRV_ID_LEN + 1];
    int played = 0;
    while (seen && played < max && queued_game(srv, id)) {
        play_one(srv, id, seen);
        played++;
    }
    free(seen);
    return played;
}

void srv_bots_clear(srv_server *srv)
{
    pthread_mutex_lock(&srv->bot_mu);
    srv->bot_count = 0;
    srv->bot_head = 0;
    pthread_mutex_unlock(&srv->bot_mu);
}

void srv_bots_stop(srv_server *srv)
{
    pthread_mutex_lock(&srv->bot_mu);
    atomic_store(&srv->stopping, true);
    pthread_cond_broadcast(&srv->bot_cv);
    pthread_mutex_unlock(&srv->bot_mu);
    for (int i = 0; i < srv->nbot_threads; i++)
        pthread_join(srv->bot_threads[i], NULL);
    free(srv->bot_threads);
    srv->bot_threads = NULL;
    srv->nbot_threads = 0;
    free(srv->bot_queue);
    srv->bot_queue = NULL;
    pthread_mutex_destroy(&srv->bot_mu);
    pthread_cond_destroy(&srv->bot_cv);
}
