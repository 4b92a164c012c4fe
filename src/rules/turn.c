/*
 * turn.c: the turn sequence (rule 2.0): Rally Phase, Operations Phase,
 * Administrative Phase; the initiative roll at the start of each turn after the
 * first (3.0); the end of the operations phase after three consecutive passes
 * (4.0); and the end of the game after the last turn.
 */
#include <stdio.h>
#include <string.h>

#include "rules/internal.h"

static void say_change(lnlt_step *s, const char *rule, const char *key, const char *text)
{
    lnlt_events_say(s->log, LNLT_EV_CHANGE, rule, key, "%s", text);
}

/* 3.0: each side rolls a die; the higher wins and ties stay with the holder. */
static bool roll_initiative(lnlt_step *s)
{
    int face[3][1];
    lnlt_event *ev;
    for (int side = LNLT_SIDE_1; side <= LNLT_SIDE_2; side++) {
        char purpose[48];
        snprintf(purpose, sizeof purpose, "initiative, %s", lnlt_side_name(s->ctx, side));
        if (!lnlt_dice_roll(&s->dice, 1, NULL, purpose, "3.0", face[side], &ev, s->err))
            return false;
        if (ev)
            ev->side = (uint8_t)side;
    }
    int previous = s->st->initiative;
    int winner = face[1][0] > face[2][0] ? LNLT_SIDE_1 : face[2][0] > face[1][0] ? LNLT_SIDE_2 : previous;
    s->st->initiative = (uint8_t)winner;
    lnlt_event *e = lnlt_events_say(s->log, LNLT_EV_CHANGE, "3.0", "initiative", "%s has the initiative (%d vs %d%s)",
                                    lnlt_side_name(s->ctx, winner), face[winner][0],
                                    face[lnlt_other_side(winner)][0], face[1][0] == face[2][0] ? ", tie kept by the holder" : "");
    if (e)
        e->side = (uint8_t)winner;
    return true;
}

static bool start_turn(lnlt_step *s)
{
    lnlt_state *st = s->st;
    st->turn++;
    char text[64];
    snprintf(text, sizeof text, "turn %d of %d begins", st->turn, st->last_turn);
    say_change(s, "2.0", "turn", text);
    if (!roll_initiative(s))
        return false;
    st->phase = LNLT_PHASE_RALLY;
    st->rally_done = 0;
    st->passes = 0;
    st->to_act = st->initiative;
    say_change(s, "3.0", "phase", "Rally Phase");
    rules_objectives_turn_start(s->ctx, st);
    return true;
}

void rules_admin_markers(lnlt_step *s)
{
    lnlt_state *st = s->st;
    int removed = 0;
    for (int i = 0; i < st->unit_count; i++) {
        lnlt_unit *u = &st->unit[i];
        removed += u->marks != 0;
        /* 15.5.1: a continuous MU keeps its Moved or Hit & Run marker */
        u->marks = (u->mu_flags & LNLT_MU_CONTINUOUS) ? (uint8_t)(u->marks & (LNLT_MARK_MOVED | LNLT_MARK_HIT_AND_RUN)) : 0;
        u->mp2 = 0;
        u->flags &= (uint8_t)~(LNLT_UNIT_ACTIVATED | LNLT_UNIT_RALLY_TRIED | LNLT_UNIT_LENT_LM);
    }
    memset(st->spotted, 0, sizeof st->spotted);
    memset(st->spotted_up, 0, sizeof st->spotted_up);
    memset(st->activated, 0, sizeof st->activated);
    rules_sw_admin(st); /* 1.6.1: tripods may flip again next turn */
    if (removed)
        lnlt_events_say(s->log, LNLT_EV_CHANGE, "9.0", "markers", "Moved, Assault Move, Fired, Ops Complete and Spotted markers are removed (%d unit%s)",
                        removed, removed == 1 ? "" : "s");
}

/* 9.0: markers come off; then the next turn, or the end of the game. */
static bool admin_rest(lnlt_step *s);

/* 15.5, 15.5.1: has `side` a vehicle or mounted unit that may keep moving? */
static bool continuous_candidate(const lnlt_ctx *ctx, const lnlt_state *st, int side)
{
    for (int v = 0; v < st->vehicle_count; v++) {
        int u = st->vehicle[v].unit;
        if (u >= 0 && st->unit[u].side == side && rules_continuous_eligible(ctx, st, u))
            return true;
    }
    for (int u = 0; u < st->unit_count; u++)
        if (st->unit[u].side == side && rules_mu_continuous_eligible(ctx, st, u))
            return true;
    return false;
}

static bool admin_phase(lnlt_step *s)
{
    lnlt_state *st = s->st;
    st->phase = LNLT_PHASE_ADMIN;
    say_change(s, "9.0", "phase", "Administrative Phase");
    /* 15.5.1: a mounted unit's declaration lasts one turn: one that did not move on
     * since is declared anew or not at all */
    for (int u = 0; u < st->unit_count; u++)
        st->unit[u].mu_flags &= (uint8_t)~LNLT_MU_CONTINUOUS;
    /* 15.5: first the initiative side, then the other, say which vehicles (and
     * 15.5.1 mounted units) keep moving */
    for (int k = 0; k < 2; k++) {
        int side = k == 0 ? st->initiative : lnlt_other_side(st->initiative);
        if (continuous_candidate(s->ctx, st, side)) {
            st->pending = LNLT_DECIDE_CONTINUOUS;
            st->pending_side = (uint8_t)side;
            st->pending_ref = (uint8_t)k;
            st->to_act = (uint8_t)side;
            return true;
        }
    }
    return admin_rest(s);
}

bool rules_continuous_action(lnlt_step *s, int unit)
{
    lnlt_state *st = s->st;
    if (st->pending != LNLT_DECIDE_CONTINUOUS)
        return lnlt_error_set(s->err, "no continuous movement is being declared");
    if (unit >= 0) {
        bool mu = rules_mu_continuous_eligible(s->ctx, st, unit);
        if ((!mu && !rules_continuous_eligible(s->ctx, st, unit)) || st->unit[unit].side != st->pending_side)
            return lnlt_error_set(s->err, "that unit cannot keep moving (15.5, 15.5.1)");
        if (mu)
            st->unit[unit].mu_flags |= LNLT_MU_CONTINUOUS;
        else
            rules_veh(st, unit)->flags |= LNLT_VEH_CONTINUOUS;
        lnlt_events_say(s->log, LNLT_EV_CHANGE, mu ? "15.5.1" : "15.5", "continuous", "%s keeps moving into the next turn",
                        rules_label(s->ctx, st, unit));
        return true;
    }
    /* this side is done: the other side declares, or the phase goes on */
    if (st->pending_ref == 0) {
        int other = lnlt_other_side(st->pending_side);
        if (continuous_candidate(s->ctx, st, other)) {
            st->pending_side = (uint8_t)other;
            st->pending_ref = 1;
            st->to_act = (uint8_t)other;
            return true;
        }
    }
    st->pending = 0;
    return admin_rest(s);
}

static bool admin_rest(lnlt_step *s)
{
    lnlt_state *st = s->st;
    uint8_t kept[LNLT_MAX_VEHICLES];
    for (int k = 0; k < st->vehicle_count; k++)
        kept[k] = st->vehicle[k].unit >= 0 ? (uint8_t)(st->unit[st->vehicle[k].unit].marks &
                                                       (LNLT_MARK_MOVED | LNLT_MARK_ASSAULT_MOVE))
                                           : 0;
    rules_objectives_turn_end(s); /* before the markers that show who acted go */
    rules_entry_turn_over(s);      /* 22.0: reinforcements are not held in reserve */
    rules_admin_markers(s);
    rules_vehicles_admin(s, kept); /* 15.5, 14.3 */
    rules_fire_mission_admin(s);
    rules_smoke_admin(s);
    if (!rules_fire_admin(s)) /* 9.0, 10.5.6.2, 10.5.6.4 (optional) */
        return false;
    rules_melee_admin(s);
    if (st->turn >= st->last_turn) {
        st->phase = LNLT_PHASE_GAME_OVER;
        st->to_act = LNLT_SIDE_NONE;
        rules_decide_winner(s);
        return true;
    }
    return start_turn(s);
}

bool lnlt_turn_end_rally(lnlt_step *s)
{
    lnlt_state *st = s->st;
    if (!rules_sw_repairs(s)) /* 1.6.2: once the side's rally actions are over (ruling R-SW-01) */
        return false;
    st->rally_done |= (uint8_t)(1u << st->to_act);
    int other = lnlt_other_side(st->to_act);
    if (!(st->rally_done & (1u << other))) {
        st->to_act = (uint8_t)other;
        return true;
    }
    st->phase = LNLT_PHASE_OPERATIONS;
    st->passes = 0;
    st->to_act = st->initiative;
    st->impulse_side = st->initiative;
    st->decision = LNLT_DECIDE_IMPULSE;
    say_change(s, "4.0", "phase", "Operations Phase");
    if (!rules_roll_entry_edges(s))
        return false;
    return true;
}

bool lnlt_turn_after_impulse(lnlt_step *s, bool passed)
{
    lnlt_state *st = s->st;
    rules_smoke_impulse_end(s); /* 7.0: Ops Complete for smoke layers that did nothing else */
    rules_vehicles_impulse_end(s->ctx, s->st); /* 14.3, 15.0: markers come into force, weapons reset */
    rules_impulse_clear(st); /* 4.0: what the impulse's hexes did */
    st->spot_tried = LNLT_SPOT_NONE; /* 10.1.1: one attempt per impulse */
    st->spotter = -1;
    st->spotted_cell = -1;
    for (int i = 0; i < st->unit_count; i++) /* 11.1.3: a leader lends his LM for one impulse */
        st->unit[i].flags &= (uint8_t)~LNLT_UNIT_LENT_LM;
    st->passes = passed ? (uint8_t)(st->passes + 1) : 0;
    if (st->passes >= 3) {
        say_change(s, "4.0", "phase-end", "three consecutive passes end the Operations Phase");
        return admin_phase(s);
    }
    /* (A board without units is left to the passes: there is nothing to act.) */
    if (s->ctx->catalog && st->unit_count > 0 && !rules_anyone_can_act(s->ctx, st)) {
        say_change(s, "4.0", "phase-end", "every unit has acted: the Operations Phase ends");
        return admin_phase(s);
    }
    st->impulse_side = (uint8_t)lnlt_other_side(st->impulse_side);
    st->to_act = st->impulse_side;
    st->decision = LNLT_DECIDE_IMPULSE;
    return true;
}
