/*
 * sw_actions.c: the actions a player takes with support weapons (1.6, 3.0), listed
 * and performed:
 *
 *   - in the rally phase: pick up an unpossessed weapon (no enemy in the hex),
 *     drop, destroy, hand over to another unit (the swap), and flip a tripod MG or
 *     mortar between its assembled and dismantled sides (1.6.1, 1.6.5; once per
 *     turn; shaken units may only dismantle);
 *   - in a moving stack's impulse: abandon a weapon in the hex it leaves, pick one
 *     up for 2 MP, flip a tripod for half the MF (1.6.1);
 *   - the other decisions about weapons, dispatched from here: which weapon a unit
 *     over its capacity drops (1.6), where a shaken unit retreats (sw_retreat.c),
 *     which mortar fires indirectly (sw_indirect.c).
 */
#include <string.h>

#include "rules/internal.h"
#include "rules/sw_internal.h"

/* ---- the actions a player may take with weapons ---- */

void rules_sw_put(lnlt_action *out, int cap, int *n, int type, int side, int cell, int sw, int unit)
{
    if (*n < cap) {
        lnlt_action *a = &out[*n];
        memset(a, 0, sizeof *a);
        a->type = (uint8_t)type;
        a->side = (uint8_t)side;
        a->nargs = 2;
        a->arg[0] = (int16_t)cell;
        a->arg[1] = (int16_t)sw;
        if (unit >= 0)
            lnlt_bit_set(a->units, unit);
    }
    (*n)++;
}

/* The half MP a unit pays to flip a tripod in its impulse: half its MF, rounded
 * up (1.6.1). */
static int flip_cost2(const lnlt_ctx *ctx, const lnlt_unit *u)
{
    int mf = rules_face(ctx, u)->mf;
    return 2 * (((mf > 0 ? mf : 0) + 1) / 2);
}

static int mp2_left(const lnlt_ctx *ctx, const lnlt_state *st, int unit)
{
    return rules_mp2_allowance(ctx, st, unit) - st->unit[unit].mp2;
}

static bool may_flip(const lnlt_ctx *ctx, const lnlt_state *st, int sw)
{
    const lnlt_sw *w = &st->sw[sw];
    if (w->holder < 0 || !rules_sw_flippable(ctx, w) || (w->flags & LNLT_SW_FLIPPED))
        return false;
    const lnlt_unit *u = &st->unit[w->holder];
    if (!rules_on_map(u) || rules_in_melee(st, lnlt_unit_loc(u)))
        return false;
    /* 1.6.1: a shaken unit may dismantle, never assemble. */
    return rules_is_good(u) || !(w->flags & LNLT_SW_BACK_SIDE);
}

static int rally_actions(const lnlt_ctx *ctx, const lnlt_state *st, int side, lnlt_action *out, int cap)
{
    int n = 0;
    for (int i = 0; i < st->sw_count; i++) {
        const lnlt_sw *w = &st->sw[i];
        if (w->holder >= 0) {
            const lnlt_unit *h = &st->unit[w->holder];
            if (h->side != side || !rules_on_map(h))
                continue;
            if (rules_is_good(h)) {
                rules_sw_put(out, cap, &n, LNLT_ACT_SW_DROP, side, lnlt_unit_loc(h), i, -1);
                if (rules_sw_may_destroy(ctx, h))
                    rules_sw_put(out, cap, &n, LNLT_ACT_SW_DESTROY, side, lnlt_unit_loc(h), i, -1);
                /* 1.6, 3.0: good-order units not locked in melee hand weapons over. */
                for (int v = 0; v < st->unit_count && !rules_in_melee(st, lnlt_unit_loc(h)); v++)
                    if (v != w->holder && lnlt_unit_loc(&st->unit[v]) == lnlt_unit_loc(h) && st->unit[v].side == side &&
                        rules_is_good(&st->unit[v]) && rules_sw_has_room(ctx, st, v))
                        rules_sw_put(out, cap, &n, LNLT_ACT_SW_GIVE, side, lnlt_unit_loc(h), i, v);
            }
            if (may_flip(ctx, st, i))
                rules_sw_put(out, cap, &n, LNLT_ACT_SW_FLIP, side, lnlt_unit_loc(h), i, -1);
        } else if (w->cell >= 0) {
            /* 3.0: pick-ups only in a hex free of enemy units (so never in a melee);
             * TEC: Heavy Jungle holds two weapons per side. */
            if (rules_enemy_in(st, lnlt_sw_loc(w), side) || rules_in_melee(st, lnlt_sw_loc(w)))
                continue;
            for (int v = 0; v < st->unit_count && rules_hex_sw_room(ctx, st, lnlt_sw_loc(w), side); v++)
                if (lnlt_unit_loc(&st->unit[v]) == lnlt_sw_loc(w) && st->unit[v].side == side && rules_is_good(&st->unit[v]) &&
                    rules_sw_has_room(ctx, st, v))
                    rules_sw_put(out, cap, &n, LNLT_ACT_SW_PICKUP, side, lnlt_sw_loc(w), i, v);
        }
    }
    return n;
}

static int move_actions(const lnlt_ctx *ctx, const lnlt_state *st, int side, lnlt_action *out, int cap)
{
    const lnlt_move_state *mv = &st->move;
    int n = 0;
    if (!mv->active || mv->cell < 0)
        return 0;
    for (int i = 0; i < st->sw_count; i++) {
        const lnlt_sw *w = &st->sw[i];
        if (w->holder >= 0) {
            if (!lnlt_bit(mv->units, w->holder))
                continue;
            /* 1.6: a unit leaving a hex may abandon weapons there (R-SW-02). */
            if (!(w->flags & LNLT_SW_ABANDON))
                rules_sw_put(out, cap, &n, LNLT_ACT_SW_DROP, side, mv->cell, i, -1);
            /* 1.6.1: flipping in the impulse costs half the MF (R-SW-03). */
            if (may_flip(ctx, st, i) && !(w->flags & LNLT_SW_ABANDON) &&
                mp2_left(ctx, st, w->holder) >= flip_cost2(ctx, &st->unit[w->holder]))
                rules_sw_put(out, cap, &n, LNLT_ACT_SW_FLIP, side, mv->cell, i, -1);
        } else if (lnlt_sw_loc(w) == mv->cell && !rules_enemy_in(st, lnlt_sw_loc(w), side) &&
                   rules_hex_sw_room(ctx, st, lnlt_sw_loc(w), side)) {
            /* 1.6: a moving good-order unit picks a weapon up for 2 more MP (TEC:
             * Heavy Jungle holds two weapons per side). */
            for (int v = 0; v < st->unit_count; v++)
                if (lnlt_bit(mv->units, v) && rules_is_good(&st->unit[v]) && rules_sw_has_room(ctx, st, v) &&
                    mp2_left(ctx, st, v) >= 4)
                    rules_sw_put(out, cap, &n, LNLT_ACT_SW_PICKUP, side, lnlt_sw_loc(w), i, v);
        }
    }
    return n;
}

int rules_sw_actions(const lnlt_ctx *ctx, const lnlt_state *st, int kind, int side, lnlt_action *out, int cap)
{
    if (!ctx->catalog || !ctx->map || cap < 0)
        return 0;
    if (kind == LNLT_DECIDE_RALLY)
        return rally_actions(ctx, st, side, out, cap);
    if (kind == LNLT_DECIDE_MOVE)
        return move_actions(ctx, st, side, out, cap);
    if (kind == LNLT_DECIDE_RETREAT)
        return rules_sw_retreat_actions(ctx, st, side, out, cap);
    if (kind == LNLT_DECIDE_ACTIVATION)
        return rules_sw_indirect_actions(ctx, st, side, out, cap);
    if (kind == LNLT_DECIDE_SW_DROP) {
        int n = 0;
        for (int i = 0; i < st->sw_count; i++) {
            int h = st->sw[i].holder;
            if (h >= 0 && st->unit[h].side == side && rules_sw_over_capacity(ctx, st, h))
                rules_sw_put(out, cap, &n, LNLT_ACT_SW_DROP, side, rules_place_of(st, h), i, -1); /* R-CORE-144 */
        }
        return n;
    }
    return 0;
}

const char *rules_sw_name(const lnlt_step *s, int sw) { return rules_sw_type(s->ctx, &s->st->sw[sw])->name; }

/* Takes a weapon out of play (destroyed, spent, or a failed captured weapon). */
void rules_sw_remove(lnlt_state *st, int sw)
{
    lnlt_sw *w = &st->sw[sw];
    w->holder = -1;
    rules_put_sw(w, LNLT_CELL_ELIMINATED); /* no floor either, as a position written and loaded back has it */
    w->flags = (uint8_t)((w->flags & ~LNLT_SW_ABANDON) | LNLT_SW_USED);
}

static void hand_to(const lnlt_ctx *ctx, lnlt_state *st, int sw, int unit)
{
    lnlt_sw *w = &st->sw[sw];
    w->holder = (int16_t)unit;
    rules_put_sw(w, LNLT_CELL_NONE); /* held: lying nowhere, on no floor (as set-up and a loaded position have it) */
    w->flags &= (uint8_t)~LNLT_SW_ABANDON;
    /* 1.6.8: an enemy weapon picked up is captured; it stops being so when its own
     * side takes it back. Weapons handed over keep their status. */
    if (rules_sw_own_weapon(ctx, w, &st->unit[unit]))
        w->flags &= (uint8_t)~LNLT_SW_CAPTURED;
    else
        w->flags |= LNLT_SW_CAPTURED;
}

bool rules_sw_action(lnlt_step *s, const lnlt_action *a)
{
    const lnlt_ctx *ctx = s->ctx;
    lnlt_state *st = s->st;
    int sw = a->arg[1], unit = -1;
    for (int i = 0; i < LNLT_MAX_UNITS && unit < 0; i++)
        if (lnlt_bit(a->units, i))
            unit = i;
    if (a->type == LNLT_ACT_SW_RETREAT)
        return rules_sw_retreat(s, unit, a->arg[0]);
    if (a->type == LNLT_ACT_SW_INDIRECT)
        return unit >= 0 && rules_fire_indirect(s, a->arg[0], a->arg[1], unit);
    if (sw < 0 || sw >= st->sw_count)
        return lnlt_error_set(s->err, "there is no support weapon w%d", sw);
    lnlt_sw *w = &st->sw[sw];
    char hex[LNLT_HEX_ID_MAX];
    rules_cell(s, a->arg[0], hex);
    bool in_move = st->phase == LNLT_PHASE_OPERATIONS;
    int holder = w->holder;
    switch (a->type) {
    case LNLT_ACT_SW_PICKUP:
        if (unit < 0)
            return lnlt_error_set(s->err, "pickup needs the unit that picks the weapon up");
        hand_to(ctx, st, sw, unit);
        if (in_move)
            st->unit[unit].mp2 = (uint8_t)(st->unit[unit].mp2 + 4); /* 1.6: 2 MP */
        lnlt_events_say(s->log, LNLT_EV_CHANGE, "1.6", "sw-pickup", "%s picks up the %s in %s%s%s",
                        rules_label(ctx, st, unit), rules_sw_name(s, sw), hex, in_move ? " (2 MP)" : "",
                        (w->flags & LNLT_SW_CAPTURED) ? ", a captured weapon (1.6.8)" : "");
        return true;
    case LNLT_ACT_SW_DROP:
        if (st->pending == LNLT_DECIDE_SW_DROP) {
            w->holder = -1;
            rules_put_sw(w, rules_place_of(st, holder)); /* a passenger's falls in its vehicle's hex (R-CORE-144) */
            w->flags &= (uint8_t)~LNLT_SW_ABANDON;
            lnlt_events_say(s->log, LNLT_EV_CHANGE, "1.6", "sw-drop", "%s drops the %s in %s",
                            rules_label(ctx, st, holder), rules_sw_name(s, sw), hex);
            rules_sw_settle_drops(s, st->unit[holder].side);
            return true;
        }
        if (in_move) {
            /* R-SW-02: it stays behind when the stack leaves this hex. */
            w->flags |= LNLT_SW_ABANDON;
            lnlt_events_say(s->log, LNLT_EV_CHANGE, "1.6", "sw-abandon", "%s will leave the %s in %s",
                            rules_label(ctx, st, holder), rules_sw_name(s, sw), hex);
            return true;
        }
        w->holder = -1;
        rules_put_sw(w, lnlt_unit_loc(&st->unit[holder]));
        lnlt_events_say(s->log, LNLT_EV_CHANGE, "1.6", "sw-drop", "%s drops the %s in %s", lnlt_unit_name(ctx, st, holder),
                        rules_sw_name(s, sw), hex);
        return true;
    case LNLT_ACT_SW_DESTROY:
        rules_sw_remove(st, sw);
        lnlt_events_say(s->log, LNLT_EV_CHANGE, "3.0", "sw-destroy", "%s destroys the %s in %s",
                        lnlt_unit_name(ctx, st, holder), rules_sw_name(s, sw), hex);
        return true;
    case LNLT_ACT_SW_GIVE:
        if (unit < 0)
            return lnlt_error_set(s->err, "give needs the unit that takes the weapon");
        hand_to(ctx, st, sw, unit);
        lnlt_events_say(s->log, LNLT_EV_CHANGE, "1.6", "sw-give", "%s hands the %s to %s in %s",
                        lnlt_unit_name(ctx, st, holder), rules_sw_name(s, sw), lnlt_unit_name(ctx, st, unit), hex);
        return true;
    case LNLT_ACT_SW_FLIP: {
        w->flags ^= LNLT_SW_BACK_SIDE;
        w->flags |= LNLT_SW_FLIPPED;
        bool assembled = !(w->flags & LNLT_SW_BACK_SIDE);
        const char *how = assembled ? "assembles" : "dismantles";
        if (in_move) {
            /* 1.6.1: half the MF; it counts as the unit's movement (R-SW-03). */
            lnlt_unit *u = &st->unit[holder];
            int cost = flip_cost2(ctx, u);
            u->mp2 = (uint8_t)(u->mp2 + cost);
            u->marks |= st->move.mode == LNLT_MV_ASSAULT ? LNLT_MARK_ASSAULT_MOVE : LNLT_MARK_MOVED;
            lnlt_events_say(s->log, LNLT_EV_CHANGE, "1.6.1", "sw-flip", "%s %s the %s in %s (%d%s MP)",
                            lnlt_unit_name(ctx, st, holder), how, rules_sw_name(s, sw), hex, cost / 2, cost & 1 ? ".5" : "");
            return true;
        }
        lnlt_events_say(s->log, LNLT_EV_CHANGE, "1.6.1", "sw-flip", "%s %s the %s in %s",
                        lnlt_unit_name(ctx, st, holder), how, rules_sw_name(s, sw), hex);
        return true;
    }
    default:
        return lnlt_error_set(s->err, "internal: action type %d is not a weapon action", a->type);
    }
}
