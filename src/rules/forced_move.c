/*
 * forced_move.c: moves a unit makes because a rule forces it, and the
 * opportunity fire they draw (rules 1.6.3 and 1.6.7: a unit shaken by a
 * flamethrower or a molotov retreats one hex, "marked Moved and may trigger
 * Opportunity Fire"; 8.0: a unit that an FFE (or mines) renders non-melee-eligible
 * as it enters a hex of non-melee-eligible enemies goes back to the hex it came
 * from, under a Moved marker, attacked again by an FFE there and "subject to OF").
 *
 * The unit that moved is noted in lnlt_state.forced. As soon as no move is under
 * way and no other decision is pending (at once after a retreat in an activation;
 * when the move ends for a unit shaken during someone's move), the engine opens
 * the 5.3 window at each such unit's location, one location at a time: the
 * opportunity-fire machinery of movement.c works on a move made of those units,
 * the side whose units they are taking the mover's place for the window
 * (lnlt_state.impulse_side), with as many attacks as the hex costs a Leg unit to
 * enter. When the window closes, the impulse and decision it interrupted come back
 * (ruling R-SW-40).
 */
#include <string.h>

#include "rules/internal.h"

void rules_forced_note(lnlt_state *st, int unit)
{
    if (unit >= 0 && unit < st->unit_count)
        lnlt_bit_set(st->forced, unit);
}

/* May a window open now: the operations phase, no move, melee set-up or other
 * decision under way, the game waiting on an impulse or an activation? */
static bool window_may_open(const lnlt_state *st)
{
    int d = st->decision ? st->decision : LNLT_DECIDE_IMPULSE;
    return st->phase == LNLT_PHASE_OPERATIONS && !st->pending && !st->move.active && !st->melee_stage &&
           (d == LNLT_DECIDE_ACTIVATION || d == LNLT_DECIDE_IMPULSE);
}

/* Opens the window of the first noted unit still on the map, with every noted
 * unit of its side in its location. False when none is left. */
static bool open_window(lnlt_step *s)
{
    const lnlt_ctx *ctx = s->ctx;
    lnlt_state *st = s->st;
    int first = -1;
    for (int i = 0; i < st->unit_count; i++) {
        if (!lnlt_bit(st->forced, i))
            continue;
        if (!rules_on_map(&st->unit[i]))
            lnlt_bit_clear(st->forced, i); /* eliminated meanwhile: nothing to fire at */
        else if (first < 0)
            first = i;
    }
    if (first < 0)
        return false;
    int loc = lnlt_unit_loc(&st->unit[first]), side = st->unit[first].side;
    st->forced_window = (uint8_t)(st->decision ? st->decision : LNLT_DECIDE_IMPULSE);
    st->forced_impulse_side = st->impulse_side;
    lnlt_move_state *mv = &st->move;
    memset(mv, 0, sizeof *mv);
    mv->active = 1;
    mv->mode = LNLT_MV_NORMAL;
    mv->cell = (int16_t)loc;
    mv->origin = (int16_t)loc;
    mv->hexes = 1;
    /* R-SW-40: as many attacks as the location costs a Leg unit to enter */
    int mp2 = rules_enter_mp2(ctx, st, loc, LNLT_MOVER_LEG);
    mv->mp2_here = (uint8_t)(mp2 > 0 ? mp2 : 2);
    for (int i = 0; i < st->unit_count; i++)
        if (lnlt_bit(st->forced, i) && st->unit[i].side == side && lnlt_unit_loc(&st->unit[i]) == loc) {
            lnlt_bit_set(mv->units, i);
            lnlt_bit_clear(st->forced, i);
        }
    st->impulse_side = (uint8_t)side;
    char who[160], where[LNLT_HEX_ID_MAX];
    lnlt_events_say(s->log, LNLT_EV_CHANGE, "5.3", "forced-move-window",
                    "%s, forced to move into %s, may draw opportunity fire",
                    rules_labels(ctx, st, mv->units, who, sizeof who), rules_cell(s, loc, where));
    return true;
}

void rules_forced_window_end(lnlt_step *s)
{
    lnlt_state *st = s->st;
    memset(&st->move, 0, sizeof st->move);
    st->impulse_side = st->forced_impulse_side;
    st->decision = st->forced_window;
    st->to_act = st->impulse_side;
    st->forced_window = 0;
    st->forced_impulse_side = 0;
}

bool rules_forced_after_action(lnlt_step *s)
{
    lnlt_state *st = s->st;
    while (!st->forced_window && window_may_open(st) && open_window(s)) {
        if (rules_opfire_window(s->ctx, st)) {
            st->decision = LNLT_DECIDE_OPFIRE;
            st->to_act = (uint8_t)lnlt_other_side(st->impulse_side);
            return true;
        }
        rules_forced_window_end(s); /* nobody may fire at them: over at once */
    }
    return true;
}

bool rules_shaken_enterers_return(lnlt_step *s, bool *returned)
{
    const lnlt_ctx *ctx = s->ctx;
    lnlt_state *st = s->st;
    int cell = st->move.cell, side = st->impulse_side, back = st->move_step_from;
    *returned = false;
    if (!rules_enemy_in(st, cell, side))
        return true;
    int here[LNLT_MAX_UNITS];
    int n = rules_units_in(st, cell, 0, here, LNLT_MAX_UNITS);
    bool enemy_fights = false, movers_fight = false, movers_clear = false, friends = false;
    for (int k = 0; k < n; k++) {
        int u = here[k];
        /* the enterers are the activated units of the moving side: those shaken
         * by the entry attack have left the moving stack (5.1) */
        if (st->unit[u].side != side) {
            enemy_fights |= rules_melee_eligible(ctx, st, u);
        } else if (!lnlt_bit(st->activated, u)) {
            friends = true; /* a melee already under way that these units join */
        } else if (rules_melee_eligible(ctx, st, u)) {
            movers_fight = true;
            movers_clear |= rules_type(ctx, &st->unit[u])->kind != LNLT_UK_WEAPON_TEAM;
        }
    }
    /* Against enemies who fight, any mover able to melee starts one as usual;
     * against enemies who cannot, one who may clear them out (R-CORE-91). */
    if ((enemy_fights ? movers_fight : movers_clear) || friends || back < 0)
        return true;
    /* 8.0: the entry attack left none of the movers able to melee, and NME units
     * may not be in a hex of enemies alone: they go back, Moved, and the move is
     * over, whether or not the enemies there could melee (R-CORE-91, R-CORE-146). */
    uint8_t group[LNLT_UNIT_BITS] = {0};
    int moved = 0;
    for (int k = 0; k < n; k++) {
        int u = here[k];
        if (st->unit[u].side != side)
            continue;
        rules_put_unit(st, u, back);
        st->unit[u].marks |= LNLT_MARK_MOVED;
        lnlt_bit_set(group, u);
        rules_forced_note(st, u);
        moved++;
    }
    char a[LNLT_HEX_ID_MAX], b[LNLT_HEX_ID_MAX], who[160];
    if (moved)
        lnlt_events_say(s->log, LNLT_EV_CHANGE, "8.0", "back", "%s may no longer melee the enemy in %s and go%s back to %s",
                        rules_labels(ctx, st, group, who, sizeof who), rules_cell(s, cell, a), moved == 1 ? "es" : "",
                        rules_cell(s, back, b));
    else
        lnlt_events_say(s->log, LNLT_EV_CHANGE, "8.0", "no-melee", "nobody is left to melee the enemy in %s",
                        rules_cell(s, cell, a));
    rules_sw_on_stop(st);
    memset(&st->move, 0, sizeof st->move);
    st->decision = LNLT_DECIDE_ACTIVATION;
    st->to_act = st->impulse_side;
    *returned = true;
    /* 8.0: attacked again by a Fire For Effect in the hex they go back to */
    return !moved || rules_ffe_on_units(s, back, group);
}
