/*
 * game_play.c: what a seat does to a game: apply an action, take actions back,
 * resign. Each change is checked against the engine first, then appended to the
 * store with the seq the caller expected (the store's primary key refuses a stale
 * one), and only then kept in memory: an acknowledged change is in the store, and
 * a refused one changes nothing. Rulings R-SRV-03 (undo) and R-SRV-08 (resign).
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "server/games_internal.h"
#include "server/server.h"

/* What a failed append leaves to undo in memory. */
typedef struct saved_session {
    lnlt_state state;
    int nsteps, log_count;
} saved_session;

static int decision_side(const srv_game *g) { return srv_game_to_act(g); }

/* Appends rec; fills the games row change from the game in memory (after the
 * change was made there). */
static srv_store_rc append(srv_server *srv, srv_game *g, const srv_record *rec, lnlt_error *err)
{
    srv_append a = {.rec = rec};
    bool over = srv_game_over(g);
    a.to_act = over ? 0 : decision_side(g);
    a.result = g->row.result[0] ? g->row.result : over ? "victory" : "";
    a.winner = g->row.result[0] ? g->row.winner : over ? g->s.state.winner : 0;
    int steps = g->base_steps + g->s.nsteps;
    if (srv->cfg.snapshot_every > 0 && rec->seq % srv->cfg.snapshot_every == 0) {
        a.state = &g->s.state;
        a.state_len = sizeof g->s.state;
        a.steps = steps;
        a.engine_version = srv_engine_version;
    }
    srv_store_rc rc = srv_store_append(srv->store, g->id, &a, err);
    if (rc == SRV_STORE_OK) {
        g->row.seq = rec->seq;
        g->row.to_act = a.to_act;
        if (a.result != g->row.result)
            snprintf(g->row.result, sizeof g->row.result, "%s", a.result);
        g->row.winner = a.winner;
    }
    return rc;
}

/* The outcome of a refused append: a conflict means another process wrote first;
 * the game catches up with it. */
static srv_status append_failed(srv_server *srv, srv_game *g, srv_store_rc rc, lnlt_error *err)
{
    if (rc == SRV_STORE_CONFLICT) {
        lnlt_error ignored;
        if (!srv_game_catch_up(srv, g, &ignored))
            srv_log(srv, "game %s: catching up after a conflict failed: %s", g->id, ignored.msg);
        lnlt_error_set(err, "stale seq: the game has moved on to seq %lld", (long long)g->row.seq);
        return SRV_CONFLICT;
    }
    return SRV_INTERNAL;
}

static srv_status check_turn(const srv_game *g, int side, int64_t expect_seq, lnlt_error *err)
{
    if (srv_game_over(g))
        return lnlt_error_set(err, "the game is over"), SRV_CONFLICT;
    if (expect_seq != g->row.seq)
        return lnlt_error_set(err, "stale seq %lld: the game is at seq %lld", (long long)expect_seq,
                              (long long)g->row.seq),
               SRV_CONFLICT;
    if (side < 1)
        return lnlt_error_set(err, "a seat token is required"), SRV_FORBIDDEN;
    return SRV_OK;
}

srv_status srv_game_apply(srv_server *srv, srv_game *g, int side, int64_t expect_seq, const char *text,
                          void **events, lnlt_error *err)
{
    srv_status st = check_turn(g, side, expect_seq, err);
    if (st != SRV_OK)
        return st;
    int to_act = decision_side(g);
    if (to_act != side)
        return lnlt_error_set(err, "not your decision: side %d decides now", to_act), SRV_FORBIDDEN;
    lnlt_action act;
    if (!lnlt_action_parse(&g->s.ctx, &g->s.state, text, &act, err))
        return SRV_UNPROCESSABLE;
    saved_session *saved = malloc(sizeof *saved);
    if (!saved)
        return lnlt_error_set(err, "out of memory"), SRV_INTERNAL;
    saved->state = g->s.state;
    saved->nsteps = g->s.nsteps;
    saved->log_count = g->s.log.count;
    if (!lnlt_session_apply(&g->s, &act, err)) {
        free(saved);
        return SRV_UNPROCESSABLE;
    }
    srv_record rec = {.seq = g->row.seq + 1, .side = side};
    snprintf(rec.kind, sizeof rec.kind, "act");
    lnlt_action_format(&g->s.ctx, &act, rec.text, sizeof rec.text);
    srv_store_rc rc = srv_game_note_step(g, rec.seq, side) ? append(srv, g, &rec, err)
                                                           : (lnlt_error_set(err, "out of memory"), SRV_STORE_ERROR);
    if (rc != SRV_STORE_OK) {
        g->s.state = saved->state;
        g->s.nsteps = saved->nsteps;
        g->s.log.count = saved->log_count;
        free(saved);
        return append_failed(srv, g, rc, err);
    }
    free(saved);
    int step = g->s.nsteps - 1;
    if (events)
        *events = srv_game_events(g, side, step, step + 1);
    atomic_fetch_add(&srv->applied, 1);
    srv_after_change(srv, g, step, to_act);
    return SRV_OK;
}

/* R-SRV-03: did engine step i (session state `before` -> `after`) roll a die or
 * reveal anything to `side`? */
static bool step_hides_nothing(const srv_game *g, int i, const lnlt_state *before, const lnlt_state *after,
                               int side, lnlt_error *err)
{
    int log_to = i + 1 < g->s.nsteps ? g->s.steps[i + 1].log_from : g->s.log.count;
    for (int e = g->s.steps[i].log_from; e < log_to; e++)
        if (g->s.log.ev[e].kind == LNLT_EV_ROLL)
            return lnlt_error_set(err, "cannot take it back: a die was rolled since (%s, rule %s)",
                                  g->s.log.ev[e].what, g->s.log.ev[e].rule);
    if (memcmp(&before->rng, &after->rng, sizeof before->rng))
        return lnlt_error_set(err, "cannot take it back: a random draw was made since");
    if (before->events_done != after->events_done || before->objectives != after->objectives ||
        memcmp(before->force_arrive, after->force_arrive, sizeof before->force_arrive) ||
        before->pending != after->pending)
        return lnlt_error_set(err, "cannot take it back: a scenario event was triggered since");
    for (int u = 0; u < after->unit_count && u < LNLT_MAX_UNITS; u++)
        if (after->unit[u].side != side && before->unit[u].cell < 0 && after->unit[u].cell >= 0)
            return lnlt_error_set(err, "cannot take it back: enemy units were revealed since");
    return true;
}

bool srv_game_can_undo(srv_server *srv, srv_game *g, int side, int *count, lnlt_error *err)
{
    if (srv_game_over(g))
        return lnlt_error_set(err, "the game is over");
    if (side < 1 || g->row.seat[side].kind[0] != 'h')
        return lnlt_error_set(err, "only a human seat can take actions back");
    if (!srv_game_complete(srv, g, err))
        return false;
    int n = g->s.nsteps;
    /* With two human seats only your own last action; against the computer, its
     * replies since your last action go with it. */
    bool other_is_bot = g->row.seat[3 - side].kind[0] == 'b';
    int k = n - 1;
    if (other_is_bot)
        while (k >= 0 && g->step_side[k] != side)
            k--;
    if (k < 0 || g->step_side[k] != side)
        return lnlt_error_set(err, "nothing of yours to take back");
    lnlt_state *st = malloc(2 * sizeof *st);
    if (!st)
        return lnlt_error_set(err, "out of memory");
    lnlt_state *before = &st[0], *after = &st[1];
    lnlt_state_clone(after, &g->s.start);
    bool ok = true;
    for (int i = 0; ok && i < n; i++) {
        *before = *after;
        ok = lnlt_apply(&g->s.ctx, after, &g->s.steps[i].action, NULL, NULL, err);
        if (ok && i >= k)
            ok = step_hides_nothing(g, i, before, after, side, err);
    }
    free(st);
    if (ok)
        *count = n - k;
    return ok;
}

srv_status srv_game_undo(srv_server *srv, srv_game *g, int side, int64_t expect_seq, lnlt_error *err)
{
    srv_status st = check_turn(g, side, expect_seq, err);
    if (st != SRV_OK)
        return st;
    int count = 0;
    if (!srv_game_can_undo(srv, g, side, &count, err))
        return SRV_UNPROCESSABLE;
    int to_act = decision_side(g);
    int keep = g->s.nsteps - count;
    /* Take the actions back on a copy of the action list, so a refused append
     * can put them back by replaying them. */
    lnlt_action *gone = malloc((size_t)count * sizeof *gone);
    if (!gone)
        return lnlt_error_set(err, "out of memory"), SRV_INTERNAL;
    for (int i = 0; i < count; i++)
        gone[i] = g->s.steps[keep + i].action;
    if (!srv_game_keep_steps(g, keep, err)) {
        free(gone);
        return SRV_INTERNAL;
    }
    srv_record rec = {.seq = g->row.seq + 1, .side = side};
    snprintf(rec.kind, sizeof rec.kind, "undo");
    snprintf(rec.text, sizeof rec.text, "%d", count);
    srv_store_rc rc = append(srv, g, &rec, err);
    if (rc != SRV_STORE_OK) {
        lnlt_error ignored;
        for (int i = 0; i < count; i++)
            if (!lnlt_session_apply(&g->s, &gone[i], &ignored))
                srv_log(srv, "game %s: restoring after a failed undo: %s", g->id, ignored.msg);
        free(gone);
        return append_failed(srv, g, rc, err);
    }
    free(gone);
    srv_after_change(srv, g, keep, to_act);
    return SRV_OK;
}

srv_status srv_game_resign(srv_server *srv, srv_game *g, int side, int64_t expect_seq, lnlt_error *err)
{
    srv_status st = check_turn(g, side, expect_seq, err);
    if (st != SRV_OK)
        return st;
    if (g->row.seat[side].kind[0] != 'h')
        return lnlt_error_set(err, "only a human seat resigns"), SRV_FORBIDDEN;
    int to_act = decision_side(g);
    srv_record rec = {.seq = g->row.seq + 1, .side = side};
    snprintf(rec.kind, sizeof rec.kind, "resign");
    snprintf(rec.text, sizeof rec.text, "side %d resigns", side);
    char old_result[16];
    int old_winner = g->row.winner;
    snprintf(old_result, sizeof old_result, "%s", g->row.result);
    snprintf(g->row.result, sizeof g->row.result, "resigned");
    g->row.winner = 3 - side;
    srv_store_rc rc = append(srv, g, &rec, err);
    if (rc != SRV_STORE_OK) {
        snprintf(g->row.result, sizeof g->row.result, "%s", old_result);
        g->row.winner = old_winner;
        return append_failed(srv, g, rc, err);
    }
    srv_after_change(srv, g, g->s.nsteps, to_act);
    return SRV_OK;
}

void srv_after_change(srv_server *srv, srv_game *g, int from_step, int prev_to_act)
{
    srv_push_game(srv, g, from_step);
    int to_act = srv_game_to_act(g);
    if (!to_act)
        return;
    const srv_seat_row *seat = &g->row.seat[to_act];
    if (seat->kind[0] == 'b')
        srv_bots_wake(srv, g->id);
    else if (to_act != prev_to_act && seat->webhook[0] && !srv_push_connected(srv, g->id, to_act))
        srv_webhook_your_turn(srv, g, to_act);
}
