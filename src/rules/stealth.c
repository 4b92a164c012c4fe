/*
 * stealth.c: stealth movement (rules 6.4, 6.4.1 stealth assault move): which
 * stacks may move stealthily (every unit printed with the yellow box, no
 * leaders), and what a Stealth marker changes: the hex is not spotted by the
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
         * whatever their counter prints */
        bool scout = rules_type(ctx, u)->kind == LNLT_UK_SCOUT;
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

bool rules_stealth_mode(int mode) { return mode == LNLT_MV_STEALTH || mode == LNLT_MV_STEALTH_ASSAULT; }

/* May the attackers of `side` target unit u in `cell`? Not a Stealth-marked unit
 * in a hex that only adjacency spots (6.4). */
bool rules_stealth_targetable(const lnlt_ctx *ctx, const lnlt_state *st, int unit, int side)
{
    const lnlt_unit *u = &st->unit[unit];
    if (!(u->marks & LNLT_MARK_STEALTH) || (u->marks & LNLT_MARK_FIRED))
        return true;
    return rules_spotted_without_adjacency(ctx, st, u->cell, side);
}
