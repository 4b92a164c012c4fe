/*
 * sw_retreat.c: the forced retreat of the units a flamethrower or a molotov shakes
 * (1.6.3, 1.6.7): one hex of their owner's choice, or elimination when there is
 * none; the choices offered and the retreat performed.
 */
#include <string.h>

#include "rules/internal.h"
#include "rules/sw_internal.h"

/* ---- the flamethrower's and molotov's forced retreat (1.6.3, 1.6.7) ---- */

bool rules_sw_flame_attack(const lnlt_ctx *ctx, const lnlt_state *st, const int *sws, int n)
{
    for (int i = 0; i < n; i++) {
        int k = rules_sw_type(ctx, &st->sw[sws[i]])->kind;
        if (k == LNLT_SWK_FLAMETHROWER || k == LNLT_SWK_MOLOTOV)
            return true;
    }
    return false;
}

/* 1.6.3: one hex further from the flamethrower's hex, no closer to any other enemy
 * unit the retreating unit sees, and a hex it could enter and stack in. */
static bool retreat_ok(const lnlt_ctx *ctx, const lnlt_state *st, int unit, int to)
{
    const lnlt_unit *u = &st->unit[unit];
    int from = st->retreat_from;
    lnlt_hex here = rules_hex(ctx, lnlt_unit_loc(u)), there = rules_hex(ctx, to);
    /* 15.3: units an overrunning vehicle drives out go to any adjacent hex not held
     * by the enemy nor under a Melee marker, or into their own hex's bunker */
    if (from == LNLT_RETREAT_ANY) {
        uint8_t add[LNLT_UNIT_BITS] = {0};
        lnlt_bit_set(add, unit);
        bool into_bunker = lnlt_loc_cell(to) == u->cell && lnlt_loc_floor(to) == LNLT_FLOOR_BUNKER;
        if (!rules_loc_open(ctx, st, to) || (!into_bunker && (!lnlt_hex_adjacent(here, there) || lnlt_loc_floor(to) != u->floor)))
            return false;
        if (!into_bunker && (rules_enter_mp2(ctx, st, to, LNLT_MOVER_LEG) == LNLT_MP_PROHIBITED ||
                             lnlt_map_hexside_mp2(ctx->map, here, there, LNLT_MOVER_LEG) == LNLT_MP_PROHIBITED))
            return false;
        return !rules_enemy_in(st, to, u->side) && !rules_enemy_vehicle_in(ctx, st, to, u->side) &&
               !rules_in_melee(st, to) && !rules_wt_barred(ctx, st, u, lnlt_unit_loc(u), to) &&
               rules_stacking_ok(ctx, st, to, u->side, add, NULL);
    }
    if (!rules_loc_open(ctx, st, to) || !lnlt_hex_adjacent(here, there))
        return false;
    /* R-CORE-40: one hex along its own floor (upper floors and roofs: within the building) */
    if (lnlt_loc_floor(to) != u->floor ||
        (u->floor != LNLT_FLOOR_GROUND && !rules_same_building(ctx, lnlt_unit_loc(u), to)))
        return false;
    if (rules_enter_mp2(ctx, st, to, LNLT_MOVER_LEG) == LNLT_MP_PROHIBITED ||
        lnlt_map_hexside_mp2(ctx->map, here, there, LNLT_MOVER_LEG) == LNLT_MP_PROHIBITED)
        return false;
    if (rules_enemy_in(st, to, u->side) || rules_in_melee(st, to) || rules_wt_barred(ctx, st, u, lnlt_unit_loc(u), to))
        return false;
    lnlt_hex fh = rules_hex(ctx, from);
    if (lnlt_hex_distance(there, fh) <= lnlt_hex_distance(here, fh))
        return false;
    for (int i = 0; i < st->unit_count; i++) {
        const lnlt_unit *e = &st->unit[i];
        if (e->side == u->side || !rules_on_map(e) || lnlt_unit_loc(e) == from)
            continue;
        lnlt_hex eh = rules_hex(ctx, lnlt_unit_loc(e));
        lnlt_los_result los;
        if (lnlt_hex_distance(there, eh) < lnlt_hex_distance(here, eh) && rules_los(ctx, st, lnlt_unit_loc(u), lnlt_unit_loc(e), &los))
            return false;
    }
    uint8_t adding[LNLT_UNIT_BITS] = {0};
    lnlt_bit_set(adding, unit);
    return rules_stacking_ok(ctx, st, to, u->side, adding, NULL);
}

static int retreat_cells(const lnlt_ctx *ctx, const lnlt_state *st, int unit, int *out)
{
    int n = 0;
    const lnlt_unit *u = &st->unit[unit];
    if (rules_type(ctx, u)->kind == LNLT_UK_SNIPER || rules_face(ctx, u)->mf <= 0)
        return 0; /* 1.6.3: a unit that cannot move is eliminated */
    for (int d = 1; d <= 6; d++) {
        int c = lnlt_map_neighbor(ctx->map, u->cell, d);
        if (c >= 0 && retreat_ok(ctx, st, unit, lnlt_location(c, u->floor)))
            out[n++] = lnlt_location(c, u->floor);
    }
    int bunker = lnlt_location(u->cell, LNLT_FLOOR_BUNKER);
    if (st->retreat_from == LNLT_RETREAT_ANY && u->floor == LNLT_FLOOR_GROUND && retreat_ok(ctx, st, unit, bunker))
        out[n++] = bunker; /* 15.3: into the bunker, if it has room */
    return n;
}

bool rules_retreat_units(lnlt_step *s, const int *units, int n)
{
    lnlt_state *st = s->st;
    bool any = false;
    for (int i = 0; i < n; i++)
        if (rules_on_map(&st->unit[units[i]])) {
            lnlt_bit_set(st->retreat, units[i]);
            any = true;
        }
    if (!any)
        return true;
    st->retreat_from = LNLT_RETREAT_ANY;
    if (st->pending && st->pending != LNLT_DECIDE_RETREAT && st->pending != LNLT_DECIDE_SW_DROP)
        return lnlt_error_set(s->err, "internal: a retreat while another decision is pending");
    rules_sw_settle_retreats(s);
    return true;
}

/* Eliminates the retreating units that have nowhere to go, then waits on the owner
 * for the others, or ends the retreat. */
void rules_sw_settle_retreats(lnlt_step *s)
{
    lnlt_state *st = s->st;
    int left = 0, side = 0;
    for (int i = 0; i < st->unit_count; i++) {
        if (!lnlt_bit(st->retreat, i))
            continue;
        int cells[7];
        if (!rules_on_map(&st->unit[i])) {
            lnlt_bit_clear(st->retreat, i);
        } else if (retreat_cells(s->ctx, st, i, cells) == 0) {
            lnlt_events_say(s->log, LNLT_EV_RESULT, "1.6.3", "retreat-eliminated",
                            "%s cannot retreat and is eliminated", lnlt_unit_name(s->ctx, st, i));
            lnlt_bit_clear(st->retreat, i);
            rules_eliminate(s, i);
        } else {
            left++;
            side = st->unit[i].side;
        }
    }
    if (st->pending == LNLT_DECIDE_SW_DROP)
        return; /* the drop comes first; its end settles the retreats again */
    if (left > 0) {
        st->pending = LNLT_DECIDE_RETREAT;
        st->pending_side = (uint8_t)side;
    } else if (st->pending == LNLT_DECIDE_RETREAT) {
        st->pending = 0;
    }
}

bool rules_sw_flame_retreats(lnlt_step *s, int from, const int *targets, int n, const uint8_t *was_good)
{
    lnlt_state *st = s->st;
    bool any = false;
    for (int i = 0; i < n; i++) {
        const lnlt_unit *u = &st->unit[targets[i]];
        if (lnlt_bit(was_good, targets[i]) && rules_on_map(u) && !rules_is_good(u)) {
            lnlt_bit_set(st->retreat, targets[i]);
            any = true;
        }
    }
    if (!any)
        return true;
    st->retreat_from = (int16_t)from;
    if (st->pending && st->pending != LNLT_DECIDE_RETREAT && st->pending != LNLT_DECIDE_SW_DROP)
        return lnlt_error_set(s->err, "internal: a retreat while another decision is pending");
    rules_sw_settle_retreats(s);
    return true;
}

int rules_sw_retreat_actions(const lnlt_ctx *ctx, const lnlt_state *st, int side, lnlt_action *out, int cap)
{
    int n = 0;
    for (int i = 0; i < st->unit_count; i++) {
        if (!lnlt_bit(st->retreat, i) || st->unit[i].side != side)
            continue;
        int cells[7];
        int k = retreat_cells(ctx, st, i, cells);
        for (int j = 0; j < k; j++) {
            rules_sw_put(out, cap, &n, LNLT_ACT_SW_RETREAT, side, cells[j], 0, i);
            if (n <= cap)
                out[n - 1].nargs = 1;
        }
    }
    return n;
}

bool rules_sw_retreat(lnlt_step *s, int unit, int to)
{
    const lnlt_ctx *ctx = s->ctx;
    lnlt_state *st = s->st;
    if (unit < 0 || !lnlt_bit(st->retreat, unit) || !retreat_ok(ctx, st, unit, to))
        return lnlt_error_set(s->err, "that unit may not retreat there (1.6.3)");
    lnlt_unit *u = &st->unit[unit];
    char a[LNLT_HEX_ID_MAX], b[LNLT_HEX_ID_MAX];
    rules_cell(s, lnlt_unit_loc(u), a);
    /* 1.6.5: a retreating unit abandons its mortar, and cannot carry an assembled
     * tripod either (1.6.1, ruling R-SW-10). */
    for (int i = 0; i < st->sw_count; i++)
        if (st->sw[i].holder == unit &&
            (rules_sw_immobile(ctx, &st->sw[i]) || rules_sw_type(ctx, &st->sw[i])->kind == LNLT_SWK_MORTAR)) {
            st->sw[i].holder = -1;
            rules_put_sw(&st->sw[i], lnlt_unit_loc(u));
            st->sw[i].flags &= (uint8_t)~LNLT_SW_ABANDON;
            lnlt_events_say(s->log, LNLT_EV_CHANGE, "1.6.5", "sw-abandoned", "%s abandons the %s in %s",
                            lnlt_unit_name(ctx, st, unit), rules_sw_name(s, i), a);
        }
    rules_put_unit(st, unit, to);
    u->marks |= LNLT_MARK_MOVED;
    lnlt_bit_clear(st->move.units, unit);
    lnlt_bit_clear(st->retreat, unit);
    lnlt_events_say(s->log, LNLT_EV_CHANGE, "1.6.3", "retreat", "%s retreats from %s to %s", lnlt_unit_name(ctx, st, unit),
                    a, rules_cell(s, to, b));
    /* 1.6.3: it may draw opportunity fire there (forced_move.c), after a Fire For
     * Effect on the hex, which attacks whoever enters it (18.2) */
    rules_forced_note(st, unit);
    uint8_t one[LNLT_UNIT_BITS] = {0};
    lnlt_bit_set(one, unit);
    if (!rules_ffe_on_units(s, to, one))
        return false;
    rules_sw_settle_retreats(s);
    return true;
}
