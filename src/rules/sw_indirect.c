/*
 * sw_indirect.c: indirect mortar fire (1.6.5): which mortars reach the target,
 * who may direct their fire, and the actions that offer it.
 */
#include <string.h>

#include "rules/internal.h"
#include "rules/sw_internal.h"

/* ---- indirect mortar fire (1.6.5) ---- */

/* Does the unit hold an assembled mortar that may fire at that range from its hex? */
static bool mortar_reaches(const lnlt_ctx *ctx, const lnlt_state *st, int unit, int range)
{
    if (rules_sw_mortar_barred(ctx, st, lnlt_unit_loc(&st->unit[unit])))
        return false;
    for (int i = 0; i < st->sw_count; i++) {
        const lnlt_sw *w = &st->sw[i];
        const lnlt_sw_type *wt = rules_sw_type(ctx, w);
        const lnlt_sw_face *f = (w->flags & LNLT_SW_BACK_SIDE) ? &wt->back : &wt->front;
        if (w->holder == unit && wt->kind == LNLT_SWK_MORTAR && !(w->flags & LNLT_SW_JAMMED) && f->fp >= 0 &&
            range <= f->range && range >= (f->min_range > 0 ? f->min_range : 0) &&
            rules_mounted_sw_usable(ctx, st, unit, w)) /* 6.6.1, 6.6.2: never from the saddle */
            return true;
    }
    return false;
}

/* 1.6.5: a squad, half-squad, crew, advisor, leader, hero or scout adjacent to the
 * mortars, unmarked (the one that spotted this impulse may direct at that hex), not
 * in a melee, that sees the target. */
static bool may_direct(const lnlt_ctx *ctx, const lnlt_state *st, int unit, int from, int to)
{
    const lnlt_unit *u = &st->unit[unit];
    int k = rules_type(ctx, u)->kind;
    if (!rules_on_map(u) || !rules_is_good(u) || lnlt_unit_loc(u) == from || rules_in_melee(st, lnlt_unit_loc(u)))
        return false;
    if (k != LNLT_UK_SQUAD && k != LNLT_UK_HALF_SQUAD && k != LNLT_UK_CREW && k != LNLT_UK_ADVISOR &&
        !rules_is_leader(ctx, u) && k != LNLT_UK_HERO && k != LNLT_UK_SCOUT) /* 11.7: commissars lead too */
        return false;
    bool spotter = unit == st->spotter && to == st->spotted_cell;
    if (u->marks & ~(spotter ? (unsigned)LNLT_MARK_OPS_COMPLETE : 0u))
        return false;
    if (lnlt_hex_distance(rules_hex(ctx, lnlt_unit_loc(u)), rules_hex(ctx, from)) != 1)
        return false;
    lnlt_los_result los;
    return rules_los(ctx, st, lnlt_unit_loc(u), to, &los);
}

int rules_sw_indirect_actions(const lnlt_ctx *ctx, const lnlt_state *st, int side, lnlt_action *out, int cap)
{
    int n = 0;
    uint8_t seen[LNLT_FLOORS * LNLT_MAX_CELLS / 8] = {0}; /* by location */
    uint8_t holds_mortar[LNLT_UNIT_BITS] = {0}; /* a fire group fires a mortar only if a unit there holds one */
    bool any = false;
    for (int w = 0; w < st->sw_count; w++)
        if (st->sw[w].holder >= 0 && rules_sw_type(ctx, &st->sw[w])->kind == LNLT_SWK_MORTAR) {
            lnlt_bit_set(holds_mortar, st->sw[w].holder);
            any = true;
        }
    for (int i = 0; i < st->unit_count && any; i++) {
        int from = lnlt_unit_loc(&st->unit[i]);
        if (st->unit[i].side != side || from < 0 || lnlt_bit(seen, from))
            continue;
        lnlt_bit_set(seen, from);
        int here[LNLT_MAX_UNITS], mortar = 0;
        int nh = rules_units_in(st, from, side, here, LNLT_MAX_UNITS);
        for (int k = 0; k < nh; k++)
            mortar |= lnlt_bit(holds_mortar, here[k]);
        if (!mortar)
            continue;
        int group[LNLT_MAX_UNITS];
        int ng = rules_fire_group(ctx, st, from, side, false, group, LNLT_MAX_UNITS);
        bool any_mortar = false;
        for (int w = 0; w < st->sw_count && !any_mortar; w++)
            for (int g = 0; g < ng && !any_mortar; g++)
                any_mortar = st->sw[w].holder == group[g] && rules_sw_type(ctx, &st->sw[w])->kind == LNLT_SWK_MORTAR;
        if (!any_mortar)
            continue;
        int enemy[LNLT_MAX_UNITS];
        int ne = rules_occupied(st, lnlt_other_side(side), enemy, LNLT_MAX_UNITS); /* every floor (10.4.1) */
        for (int k = 0; k < ne; k++) {
            int to = enemy[k];
            if (rules_in_melee(st, to) || !rules_spotted(ctx, st, to, side))
                continue;
            int mine[1];
            if (rules_units_in(st, to, side, mine, 1) > 0)
                continue;
            int range = lnlt_hex_distance(rules_hex(ctx, from), rules_hex(ctx, to));
            int fg[LNLT_MAX_UNITS];
            int nfg = rules_fire_group_at(ctx, st, from, to, side, false, fg, LNLT_MAX_UNITS);
            bool fires = false;
            for (int g = 0; g < nfg && !fires; g++)
                fires = mortar_reaches(ctx, st, fg[g], range);
            if (!fires)
                continue;
            for (int d = 0; d < st->unit_count; d++)
                if (st->unit[d].side == side && may_direct(ctx, st, d, from, to))
                    rules_sw_put(out, cap, &n, LNLT_ACT_SW_INDIRECT, side, from, to, d);
        }
    }
    return n;
}
