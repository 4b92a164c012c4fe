/*
 * stealth.c: stealth movement (rules 6.4, 6.4.1 stealth assault move, 6.4.2
 * stealth assault fire): which stacks may move stealthily (every unit printed
 * with the yellow box, no leaders), and what a Stealth marker changes: the hex is not spotted by the
 * movement or the marker, a hex spotted only because a good-order enemy is next
 * to it does not let the enemy target the stealthy units, and fire at them gets
 * no bonus for a moving target. Firing gives them away (10.1: the Fired marker).
 */
#include "rules/internal.h"

bool rules_can_stealth(const lnlt_ctx *ctx, const lnlt_state *st, const int *m, int n)
{
    for (int i = 0; i < n; i++) {
        const lnlt_unit *u = &st->unit[m[i]];
        /* 6.4: not for leaders unless a scenario rule allows it; 11.6: scouts may,
         * whatever their counter prints, unless they carry a weapon (R-SMC-20) */
        bool scout = rules_scout_abilities(ctx, st, m[i]);
        if ((!(rules_face(ctx, u)->flags & LNLT_UF_STEALTH) && !scout) || rules_is_leader(ctx, u))
            return false;
    }
    return n > 0;
}

bool rules_can_stealth_assault(const lnlt_ctx *ctx, const lnlt_state *st, const int *m, int n)
{
    for (int i = 0; i < n; i++)
        if (!rules_is_good(&st->unit[m[i]]))
            return false;
    return rules_can_stealth(ctx, st, m, n);
}

bool rules_stealth_mode(int mode)
{
    return mode == LNLT_MV_STEALTH || mode == LNLT_MV_STEALTH_ASSAULT || mode == LNLT_MV_STEALTH_ASSAULT_FIRE;
}

/* 6.4: a stealthy stack that ends its move in a hex its own side has already
 * given away (a friendly unit there marked Fired or Moved, a Melee or Spotted
 * marker) loses its stealth: it is marked as an ordinary mover. Only the end of
 * the move counts, because a stack passing through leaves in the same impulse.
 * Ruling R-CORE-28: any Spotted marker counts, whoever caused it. */
void rules_stealth_on_stop(lnlt_step *s)
{
    lnlt_state *st = s->st;
    const lnlt_move_state *mv = &st->move;
    if (!mv->active || !rules_stealth_mode(mv->mode) || mv->hexes == 0)
        return;
    int cell = mv->cell;
    bool given_away = rules_spot_marker(st, lnlt_other_side(st->impulse_side), cell) || rules_melee_marker(st, cell);
    for (int i = 0; i < st->unit_count && !given_away; i++) {
        const lnlt_unit *u = &st->unit[i];
        if (lnlt_unit_loc(u) != cell || u->side != st->impulse_side || lnlt_bit(mv->units, i) || !rules_on_map(u))
            continue;
        given_away = (u->marks & LNLT_MARK_FIRED) ||
                     ((u->marks & (LNLT_MARK_MOVED | LNLT_MARK_ASSAULT_MOVE)) && !(u->marks & LNLT_MARK_STEALTH));
    }
    if (!given_away)
        return;
    for (int i = 0; i < st->unit_count; i++)
        if (lnlt_bit(mv->units, i) && (st->unit[i].marks & LNLT_MARK_STEALTH)) {
            st->unit[i].marks &= (uint8_t)~LNLT_MARK_STEALTH;
            /* a stealth assault move stays an assault move (6.4.1) */
            if (!(st->unit[i].marks & LNLT_MARK_ASSAULT_MOVE))
                st->unit[i].marks |= LNLT_MARK_MOVED;
            char name[LNLT_HEX_ID_MAX];
            lnlt_events_say(s->log, LNLT_EV_CHANGE, "6.4", "stealth", "%s loses its stealth in %s, a hex already spotted",
                            rules_label(s->ctx, st, i), rules_cell(s, cell, name));
        }
}

/* May the attackers of `side` target unit u in `cell`? Not a Stealth-marked unit
 * in a hex that only adjacency spots (6.4). */
bool rules_stealth_targetable(const lnlt_ctx *ctx, const lnlt_state *st, int unit, int side)
{
    const lnlt_unit *u = &st->unit[unit];
    if (rules_tunnel_hides(ctx, st, unit, side))
        return false; /* 10.7.1: come through a tunnel, with no enemy next to its hex */
    if (!(u->marks & LNLT_MARK_STEALTH) || (u->marks & LNLT_MARK_FIRED))
        return true;
    return rules_spotted_without_adjacency(ctx, st, lnlt_unit_loc(u), side);
}
