/*
 * opportunity_move.c: opportunity movement (rule 6.8).
 *
 * While the other side may fire at a mover (the 5.3 window after a hex entered or
 * a dismount), a stack able to hit and run (6.7) that has not moved, fired or been
 * marked Ops Complete may instead activate and move: a normal move or a hit and
 * run move, with everything those allow (melee and charges, dismounting, the hit
 * and run attack). That move is itself open to opportunity fire and to a second
 * opportunity move by the first side. When it is over, the interrupted move goes
 * on with the units that are still in good order, if they have MP left.
 *
 * The interrupted move is suspended, not copied: its units keep their MP spent in
 * lnlt_unit.mp2, and are marked in lnlt_unit.mu_flags (with the units activated in
 * its impulse); the few values of the move itself go in lnlt_state.om_frame. The
 * engine calls rules_om_after_action after every action: once the opportunity
 * move is over (no move, nothing pending, the mover's side back at its activation)
 * the suspended move is put back. Ruling R-CORE-36.
 */
#include <stdio.h>
#include <string.h>

#include "rules/internal.h"

/* Where a unit stands, as the rule modules name places: its location (cell and
 * floor, 10.4.1). */
static int place_of(const lnlt_unit *u) { return lnlt_unit_loc(u); }

static uint8_t mover_bit(int depth) { return (uint8_t)(LNLT_MU_OM_MOVER << (2 * depth)); }
static uint8_t activated_bit(int depth) { return (uint8_t)(LNLT_MU_OM_ACTIVATED << (2 * depth)); }

/* 6.8: unmarked (no Moved, H&R, Fired or Ops Complete, nor any other trace of a
 * move made), in good order and not yet acted this phase. */
static bool ready(const lnlt_ctx *ctx, const lnlt_state *st, int unit)
{
    const lnlt_unit *u = &st->unit[unit];
    return rules_is_good(u) && u->marks == 0 && !(u->flags & LNLT_UNIT_ACTIVATED) && rules_face(ctx, u)->mf > 0;
}

/* A unit that may take part in an opportunity move: a ready red-MF unit, or a
 * ready single-man counter who would ride with one. */
static bool om_candidate(const lnlt_ctx *ctx, const lnlt_state *st, int unit)
{
    const lnlt_unit *u = &st->unit[unit];
    return ready(ctx, st, unit) && ((rules_face(ctx, u)->flags & LNLT_UF_HIT_AND_RUN) || rules_is_smc(ctx, u));
}

/* Whether a move is under way that the other side may react to (else no place
 * has an opportunity move); R-SW-40: a forced move draws fire only. */
static bool om_open(const lnlt_state *st)
{
    return st->om_depth < LNLT_OM_DEPTH_MAX && st->move.active && st->move.cell >= 0 && !st->forced_window;
}

int rules_om_units(const lnlt_ctx *ctx, const lnlt_state *st, int cell, int *out)
{
    const lnlt_move_state *mv = &st->move;
    int side = lnlt_other_side(st->impulse_side);
    if (!om_open(st) || cell == mv->cell || rules_in_melee(st, cell))
        return 0;
    int here[LNLT_MAX_UNITS], n = 0;
    int nh = rules_units_in(st, cell, side, here, LNLT_MAX_UNITS);
    for (int i = 0; i < nh; i++)
        if (om_candidate(ctx, st, here[i]))
            out[n++] = here[i];
    if (!rules_can_hit_and_run(ctx, st, out, n))
        return 0;
    /* No range is needed, but they must see the mover they react to (ruling R-CORE-36). */
    lnlt_los_result los;
    return rules_los(ctx, st, cell, mv->cell, &los) ? n : 0;
}

bool rules_om_possible(const lnlt_ctx *ctx, const lnlt_state *st)
{
    int side = lnlt_other_side(st->impulse_side);
    if (!om_open(st))
        return false;
    /* the places of the units that could take part (a place without one has no
     * opportunity move), each asked once */
    int asked[LNLT_MAX_UNITS], nasked = 0;
    for (int i = 0; i < st->unit_count; i++) {
        const lnlt_unit *u = &st->unit[i];
        if (u->side != side || !rules_on_map(u) || !om_candidate(ctx, st, i))
            continue;
        int k = 0;
        while (k < nasked && asked[k] != place_of(u))
            k++;
        if (k < nasked)
            continue;
        asked[nasked++] = place_of(u);
        int m[LNLT_MAX_UNITS];
        if (rules_om_units(ctx, st, place_of(u), m) > 0)
            return true;
    }
    return false;
}

bool rules_opp_move(lnlt_step *s, int cell, const uint8_t *pick, int mode)
{
    const lnlt_ctx *ctx = s->ctx;
    lnlt_state *st = s->st;
    int m[LNLT_MAX_UNITS];
    int n = rules_om_units(ctx, st, cell, m);
    if (pick)
        n = rules_pick(pick, m, n);
    if (n == 0 || !rules_can_hit_and_run(ctx, st, m, n))
        return lnlt_error_set(s->err, "no stack there may make an opportunity move (6.8)");
    /* Suspend the move: its values in a frame, its units and the impulse's
     * activated units marked on the units. */
    int d = st->om_depth;
    lnlt_move_state *mv = &st->move;
    lnlt_om_frame *f = &st->om_frame[d];
    int origin = mv->origin + 1;
    f->origin[0] = (uint8_t)(origin & 0xFF);
    f->origin[1] = (uint8_t)(origin >> 8);
    f->how = (uint8_t)((mv->mode & 0x0F) | (mv->hr_fired ? LNLT_OM_HR_FIRED : 0) | (mv->hexes ? LNLT_OM_ENTERED : 0) |
                       (mv->double_time ? LNLT_OM_DOUBLE_TIME : 0));
    for (int i = 0; i < st->unit_count; i++) {
        if (lnlt_bit(mv->units, i))
            st->unit[i].mu_flags |= mover_bit(d);
        if (lnlt_bit(st->activated, i))
            st->unit[i].mu_flags |= activated_bit(d);
    }
    char from[LNLT_HEX_ID_MAX], at[LNLT_HEX_ID_MAX];
    lnlt_events_say(s->log, LNLT_EV_CHANGE, "6.8", "opportunity-move",
                    "opportunity move: the units in %s move instead of firing at the stack in %s",
                    rules_cell(s, cell, from), rules_cell(s, mv->cell, at));
    st->om_depth = (uint8_t)(d + 1);
    st->impulse_side = (uint8_t)lnlt_other_side(st->impulse_side);
    st->to_act = st->impulse_side;
    memset(st->activated, 0, sizeof st->activated);
    for (int i = 0; i < n; i++)
        lnlt_bit_set(st->activated, m[i]);
    return rules_start_move_units(s, cell, mode, m, n);
}

/* Is an opportunity move under way and over now? */
static bool om_over(const lnlt_state *st)
{
    return st->om_depth > 0 && st->phase == LNLT_PHASE_OPERATIONS && !st->move.active && !st->pending &&
           st->decision == LNLT_DECIDE_ACTIVATION;
}

/* Puts back the move the innermost opportunity move interrupted. */
static bool resume(lnlt_step *s)
{
    lnlt_state *st = s->st;
    int d = --st->om_depth;
    lnlt_om_frame f = st->om_frame[d];
    memset(&st->om_frame[d], 0, sizeof st->om_frame[d]);
    st->impulse_side = (uint8_t)lnlt_other_side(st->impulse_side);
    st->to_act = st->impulse_side;
    st->acted = 1;
    memset(st->activated, 0, sizeof st->activated);
    lnlt_move_state *mv = &st->move;
    memset(mv, 0, sizeof *mv);
    int cell = -1;
    for (int i = 0; i < st->unit_count; i++) {
        lnlt_unit *u = &st->unit[i];
        if (u->mu_flags & activated_bit(d))
            lnlt_bit_set(st->activated, i);
        /* 6.8: those shaken, wounded or eliminated meanwhile do not go on */
        if ((u->mu_flags & mover_bit(d)) && rules_on_map(u) && rules_is_good(u) && !(u->flags & LNLT_UNIT_WOUNDED)) {
            lnlt_bit_set(mv->units, i);
            cell = place_of(u);
        }
        u->mu_flags &= (uint8_t)~(mover_bit(d) | activated_bit(d));
    }
    char name[LNLT_HEX_ID_MAX];
    if (cell < 0 || rules_in_melee(st, cell)) {
        /* nobody left to go on, or locked in a melee the opportunity move started */
        memset(mv, 0, sizeof *mv);
        rules_sw_on_stop(st);
        st->decision = LNLT_DECIDE_ACTIVATION;
        lnlt_events_say(s->log, LNLT_EV_CHANGE, "6.8", "opportunity-move",
                        "the opportunity move is over; the move it interrupted cannot go on");
        return true;
    }
    mv->active = 1;
    mv->cell = (int16_t)cell;
    mv->origin = (int16_t)((f.origin[0] | (f.origin[1] << 8)) - 1);
    mv->mode = (uint8_t)(f.how & 0x0F);
    mv->hr_fired = (f.how & LNLT_OM_HR_FIRED) != 0;
    mv->double_time = (f.how & LNLT_OM_DOUBLE_TIME) != 0;
    mv->hexes = (f.how & LNLT_OM_ENTERED) ? 1 : 0;
    mv->mp2_here = 0;
    mv->of_made = 1; /* the opportunity move used the window of that hex (ruling R-CORE-36) */
    int left = rules_stack_mp2_left(s->ctx, st);
    lnlt_events_say(s->log, LNLT_EV_CHANGE, "6.8", "opportunity-move",
                    "the opportunity move is over; the stack in %s goes on with %d%s MP", rules_cell(s, cell, name),
                    left / 2, left & 1 ? ".5" : "");
    return rules_no_fire(s); /* moves on, or ends its move for lack of MP */
}

bool rules_om_after_action(lnlt_step *s)
{
    /* The resumed move may itself be an opportunity move with nothing left to
     * spend, so it ends at once and the move below it resumes in turn. */
    while (om_over(s->st))
        if (!resume(s))
            return false;
    return true;
}
