/*
 * game_json.c: what the server sends about a game: a side's view with the seq,
 * the decision and the legal list (issue 18's contract), the events a side may
 * see, the victory report, and the full replay once the game is over, with the
 * seed revealed (R-SRV-01, R-SRV-07).
 */
#include <jansson.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "lnlt/view.h"
#include "server/games_internal.h"
#include "server/optional_rules.h"
#include "server/server.h"

static json_t *legal_json(const srv_game *g)
{
    json_t *arr = json_array();
    enum { FIRST = 256 };
    lnlt_action *acts = malloc(FIRST * sizeof *acts);
    int n = acts ? lnlt_legal_actions(&g->s.ctx, &g->s.state, acts, FIRST) : 0;
    if (n > FIRST) { /* the complete list, never cut short */
        lnlt_action *more = realloc(acts, (size_t)n * sizeof *acts);
        n = more ? lnlt_legal_actions(&g->s.ctx, &g->s.state, more, n) : 0;
        acts = more ? more : acts;
    }
    for (int i = 0; i < n; i++) {
        char text[256];
        lnlt_action_format(&g->s.ctx, &acts[i], text, sizeof text);
        json_array_append_new(arr, json_string(text));
    }
    free(acts);
    return arr;
}

void *srv_game_events(const srv_game *g, int side, int from_step, int to_step)
{
    json_t *arr = json_array();
    if (from_step < 0)
        from_step = 0;
    if (to_step > g->s.nsteps)
        to_step = g->s.nsteps;
    bool over = srv_game_over(g);
    for (int i = from_step; i < to_step; i++) {
        int log_to = i + 1 < g->s.nsteps ? g->s.steps[i + 1].log_from : g->s.log.count;
        for (int e = g->s.steps[i].log_from; e < log_to; e++) {
            const lnlt_event *ev = &g->s.log.ev[e];
            /* R-SRV-07: once the game is over every event may be seen. */
            if (!over && !lnlt_event_visible(&g->s, ev, side))
                continue;
            json_t *o = lnlt_event_json(ev);
            char line[512];
            lnlt_event_text(ev, line, sizeof line);
            json_object_set_new(o, "seq", json_integer(g->step_seq[i]));
            json_object_set_new(o, "line", json_string(line));
            json_array_append_new(arr, o);
        }
    }
    return arr;
}

void *srv_game_result(const srv_game *g)
{
    if (!srv_game_over(g))
        return NULL;
    json_t *o = json_object();
    bool resigned = !strcmp(g->row.result, "resigned");
    int winner = resigned ? g->row.winner : g->s.state.winner;
    json_object_set_new(o, "reason", json_string(resigned ? "resigned" : "victory"));
    json_object_set_new(o, "winner", json_integer(winner));
    json_object_set_new(o, "winner_name", winner ? json_string(lnlt_side_name(&g->s.ctx, winner)) : json_null());
    json_object_set_new(o, "turn", json_integer(g->s.state.turn));
    /* The victory report: the engine's closing lines (22.0), from the last action. */
    json_t *report = json_array();
    if (resigned) {
        char line[160];
        snprintf(line, sizeof line, "the %s resigned: victory to the %s", lnlt_side_name(&g->s.ctx, 3 - winner),
                 lnlt_side_name(&g->s.ctx, winner));
        json_array_append_new(report, json_string(line));
    } else if (g->s.nsteps > 0) {
        for (int e = g->s.steps[g->s.nsteps - 1].log_from; e < g->s.log.count; e++) {
            const lnlt_event *ev = &g->s.log.ev[e];
            if (!strcmp(ev->what, "summary") || !strcmp(ev->what, "condition") || !strcmp(ev->what, "game-over")) {
                char line[512];
                lnlt_event_text(ev, line, sizeof line);
                json_array_append_new(report, json_string(line));
            }
        }
    }
    json_object_set_new(o, "report", report);
    return o;
}

static json_t *seats_json(srv_server *srv, const srv_game *g)
{
    json_t *seats = json_object();
    for (int side = 1; side <= 2; side++) {
        const srv_seat_row *s = &g->row.seat[side];
        json_t *o = json_object();
        json_object_set_new(o, "kind", json_string(s->kind));
        json_object_set_new(o, "name", json_string(lnlt_side_name(&g->s.ctx, side)));
        if (s->kind[0] == 'b')
            json_object_set_new(o, "level", json_string(s->level));
        else
            json_object_set_new(o, "connected", json_boolean(srv_push_connected(srv, g->id, side)));
        char key[4];
        snprintf(key, sizeof key, "%d", side);
        json_object_set_new(seats, key, o);
    }
    return seats;
}

void *srv_game_status(const srv_game *g, int side)
{
    json_t *o = json_object();
    lnlt_decision d = lnlt_decision_get(&g->s.ctx, &g->s.state);
    bool over = srv_game_over(g);
    int to_act = over ? 0 : d.side;
    json_t *dec = json_object();
    json_object_set_new(dec, "side", json_integer(to_act));
    json_object_set_new(dec, "kind", json_string(over ? "none" : lnlt_decision_kind_name(d.kind)));
    json_object_set_new(o, "decision", dec);
    json_object_set_new(o, "your_turn", json_boolean(side > 0 && to_act == side));
    json_object_set_new(o, "legal", side > 0 && to_act == side ? legal_json(g) : json_array());
    json_object_set_new(o, "over", json_boolean(over));
    json_t *result = srv_game_result(g);
    json_object_set_new(o, "result", result ? result : json_null());
    if (over)
        json_object_set_new(o, "seed", json_string(g->row.seed)); /* R-SRV-01: revealed at the end */
    return o;
}

void *srv_game_view(srv_server *srv, srv_game *g, int side)
{
    if (srv_game_over(g) && g->base_steps > 0) {
        /* The victory report reads the last action's log lines. */
        lnlt_error ignored;
        srv_game_complete(srv, g, &ignored);
    }
    json_t *v = lnlt_view_json(&g->s, side);
    if (!json_is_object(v)) {
        json_decref(v);
        v = json_object();
    }
    json_object_set_new(v, "game", json_string(g->id));
    json_object_set_new(v, "scenario", json_string(g->row.scenario));
    json_object_set_new(v, "seq", json_integer(g->row.seq));
    json_object_set_new(v, "side", json_integer(side));
    json_object_set_new(v, "seats", seats_json(srv, g));
    json_object_set_new(v, "seed_commitment", json_string(g->row.commitment));
    json_object_set_new(v, "optional_rules", srv_optional_rules_json(&g->s.ctx, g->scn->briefing, &g->s.start));
    /* The engine's own decision object (if its view has one) keeps its fields;
     * "side" is the server's (a resignation ends a game the engine does not
     * know is over), "kind" is added where missing. */
    json_t *engine_decision = json_incref(json_object_get(v, "decision"));
    json_t *status = srv_game_status(g, side);
    json_object_update(v, status);
    json_decref(status);
    if (json_is_object(engine_decision)) {
        json_t *ours = json_object_get(v, "decision");
        json_object_update_missing(engine_decision, ours);
        json_object_set(engine_decision, "side", json_object_get(ours, "side"));
        if (srv_game_over(g))
            json_object_set_new(engine_decision, "kind", json_string("none"));
        json_object_set(v, "decision", engine_decision);
    }
    json_decref(engine_decision);
    return v;
}

srv_status srv_game_view_at(srv_server *srv, srv_game *g, int side, int at, void **out, lnlt_error *err)
{
    if (!srv_game_over(g))
        return lnlt_error_set(err, "positions of the past are shown once the game is over"), SRV_CONFLICT;
    if (!srv_game_complete(srv, g, err))
        return SRV_INTERNAL;
    if (at > g->s.nsteps)
        return lnlt_error_set(err, "the game has %d actions", g->s.nsteps), SRV_UNPROCESSABLE;
    lnlt_session *past = malloc(sizeof *past);
    if (!past)
        return lnlt_error_set(err, "out of memory"), SRV_INTERNAL;
    if (!srv_game_session_start(g, past, g->s.scenario, err)) {
        lnlt_session_close(past);
        free(past);
        return SRV_INTERNAL;
    }
    for (int i = 0; i < at; i++)
        if (!lnlt_session_apply(past, &g->s.steps[i].action, err)) {
            lnlt_session_close(past);
            free(past);
            return SRV_INTERNAL;
        }
    json_t *v = lnlt_view_json(past, side);
    if (!json_is_object(v)) {
        json_decref(v);
        v = json_object();
    }
    json_object_set_new(v, "game", json_string(g->id));
    json_object_set_new(v, "scenario", json_string(g->row.scenario));
    json_object_set_new(v, "side", json_integer(side));
    json_object_set_new(v, "at", json_integer(at));
    json_object_set_new(v, "actions", json_integer(g->s.nsteps));
    json_object_set_new(v, "events", srv_game_events(g, side, at > 0 ? at - 1 : 0, at));
    lnlt_session_close(past);
    free(past);
    *out = v;
    return SRV_OK;
}

void *srv_game_export(srv_server *srv, srv_game *g, int side, lnlt_error *err)
{
    (void)side;
    if (!srv_game_over(g)) {
        lnlt_error_set(err, "the replay is given once the game is over");
        return NULL;
    }
    if (!srv_game_complete(srv, g, err))
        return NULL;
    json_t *o = lnlt_session_save_json(&g->s);
    json_object_set_new(o, "game", json_string(g->id));
    json_object_set_new(o, "scenario_id", json_string(g->row.scenario));
    json_object_set_new(o, "scenario_hash", json_string(g->row.scenario_hash));
    json_object_set_new(o, "engine_version", json_string(g->row.engine_version));
    json_object_set_new(o, "seed_secret", json_string(g->row.seed));
    json_object_set_new(o, "seed_commitment", json_string(g->row.commitment));
    json_t *result = srv_game_result(g);
    json_object_set_new(o, "result", result ? result : json_null());
    json_object_set_new(o, "log", srv_game_events(g, 0, 0, g->s.nsteps));
    return o;
}
