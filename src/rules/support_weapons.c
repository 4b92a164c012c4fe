/*
 * support_weapons.c: support weapons as counters that units carry (rules 1.6-1.6.8,
 * 3.0's rally-phase weapon actions, 1.7's "weapon teams hold no SWs"):
 *
 *   - who may carry how many (1.6, PAC T8): squad 2, half-squad or crew 1, an
 *     eligible SMC 1 at -2 MP unless it is a satchel or molotov (1.6.3, 1.6.7);
 *     weapon teams and the other SMCs none;
 *   - the rally-phase actions of 1.6 and 3.0: pick up an unpossessed weapon (no
 *     enemy in the hex), drop, destroy, hand over to another unit (the swap), and
 *     flip a tripod MG or mortar between its assembled and dismantled sides
 *     (1.6.1, 1.6.5; once per turn; shaken units may only dismantle);
 *   - the operations-phase actions of a moving stack: abandon a weapon in the hex
 *     it leaves, pick one up for 2 MP, flip a tripod for half the MF (1.6.1);
 *     a unit holding an assembled tripod or mortar cannot leave its hex;
 *   - the jam repair roll of 1.6.2 (1 breaks it for good, 1-2 on maps with sand);
 *   - what happens to weapons after an attack: single-use satchels and molotovs
 *     are spent (1.6.3, 1.6.7), and a picked-up enemy weapon whose attack caused
 *     no damage check is removed (1.6.8); the same after a melee round, a captured
 *     weapon going in the admin phase if its melee goes on;
 *   - a squad reduced to a half-squad drops the weapon its owner picks (1.6);
 *   - the forced retreat of units a flamethrower or molotov shakes (1.6.3, 1.6.7),
 *     one hex of their owner's choice, or elimination;
 *   - indirect mortar fire: who may direct it (1.6.5);
 *   - where weapon teams may go and that they fire apart (1.7).
 *
 * The firing side of weapons (FP, halving for SMCs, pairs of SMCs crewing one
 * weapon, the mortar's high die, the jam itself) is fire.c and the pure layer in
 * src/rules/calc/fire_calc.c. Rulings: R-SW-01 to R-SW-14 in docs/rulings.md.
 */
#include <string.h>

#include "rules/internal.h"

/* ---- who may carry what ---- */

int rules_sw_capacity(const lnlt_ctx *ctx, const lnlt_unit *u)
{
    switch (rules_type(ctx, u)->kind) {
    case LNLT_UK_SQUAD: return 2;
    case LNLT_UK_HALF_SQUAD:
    case LNLT_UK_CREW:
    case LNLT_UK_LEADER:
    case LNLT_UK_HERO:
    case LNLT_UK_SCOUT:
    case LNLT_UK_COMMISSAR:
    case LNLT_UK_ADVISOR: return 1;
    default: return 0; /* 1.6, 1.7: weapon teams, medics, snipers, chaplains... */
    }
}

/* 3.0: destroying a weapon takes a good-order MMC other than a weapon team, or a
 * leader (11.7: a commissar is one for every purpose), hero, scout or advisor. */
static bool may_destroy(const lnlt_ctx *ctx, const lnlt_unit *u)
{
    int k = rules_type(ctx, u)->kind;
    return k == LNLT_UK_SQUAD || k == LNLT_UK_HALF_SQUAD || k == LNLT_UK_CREW || rules_is_leader(ctx, u) ||
           k == LNLT_UK_HERO || k == LNLT_UK_SCOUT || k == LNLT_UK_ADVISOR;
}

static int held_count(const lnlt_state *st, int unit)
{
    int n = 0;
    for (int i = 0; i < st->sw_count; i++)
        n += st->sw[i].holder == unit;
    return n;
}

static bool has_room(const lnlt_ctx *ctx, const lnlt_state *st, int unit)
{
    return held_count(st, unit) < rules_sw_capacity(ctx, &st->unit[unit]);
}

/* 1.6: carrying more than it may; a passenger too (16.1, 16.2), ruling R-CORE-144. */
static bool over_capacity(const lnlt_ctx *ctx, const lnlt_state *st, int unit)
{
    bool in_play = rules_on_map(&st->unit[unit]) || rules_carrier_of(st, unit) >= 0;
    return in_play && held_count(st, unit) > rules_sw_capacity(ctx, &st->unit[unit]);
}

/* Is the weapon the unit's own side's (its nation's, any nation's, or a nation it
 * shares weapons with, 1.6)? Otherwise a unit that picks it up has captured it. */
static bool own_weapon(const lnlt_ctx *ctx, const lnlt_sw *w, const lnlt_unit *u)
{
    const lnlt_sw_type *wt = rules_sw_type(ctx, w);
    int nation = rules_type(ctx, u)->nation;
    if (wt->nation == LNLT_NONE || wt->nation == nation)
        return true;
    const lnlt_nation *nat = &ctx->catalog->nation[nation];
    for (int i = 0; i < nat->share_count && i < LNLT_MAX_SHARE; i++)
        if (nat->share_sw[i] == wt->nation)
            return true;
    return false;
}

/* 1.6.1, 1.6.5: the two-sided weapons that a unit flips between assembled (front)
 * and dismantled (back). */
static bool flippable(const lnlt_ctx *ctx, const lnlt_sw *w)
{
    const lnlt_sw_type *wt = rules_sw_type(ctx, w);
    bool two_sided = wt->back_kind == LNLT_SWB_DISMANTLED || wt->back_kind == LNLT_SWB_BIPOD;
    return two_sided && ((wt->flags & LNLT_SWF_TRIPOD) || wt->kind == LNLT_SWK_MORTAR);
}

bool rules_sw_immobile(const lnlt_ctx *ctx, const lnlt_sw *w)
{
    return flippable(ctx, w) && !(w->flags & LNLT_SW_BACK_SIDE);
}

bool rules_holds_immobile_sw(const lnlt_ctx *ctx, const lnlt_state *st, int unit)
{
    for (int i = 0; i < st->sw_count; i++)
        if (st->sw[i].holder == unit && !(st->sw[i].flags & LNLT_SW_ABANDON) && rules_sw_immobile(ctx, &st->sw[i]))
            return true;
    return false;
}

int rules_sw_mp_penalty(const lnlt_ctx *ctx, const lnlt_state *st, int unit)
{
    const lnlt_unit *u = &st->unit[unit];
    if (!rules_is_smc(ctx, u))
        return 0;
    for (int i = 0; i < st->sw_count; i++) {
        if (st->sw[i].holder != unit)
            continue;
        int k = rules_sw_type(ctx, &st->sw[i])->kind;
        if (k != LNLT_SWK_SATCHEL && k != LNLT_SWK_MOLOTOV) /* 1.6.3, 1.6.7: no penalty */
            return 2;
    }
    return 0;
}

/* ---- the actions a player may take with weapons ---- */

static void put(lnlt_action *out, int cap, int *n, int type, int side, int cell, int sw, int unit)
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
    if (w->holder < 0 || !flippable(ctx, w) || (w->flags & LNLT_SW_FLIPPED))
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
                put(out, cap, &n, LNLT_ACT_SW_DROP, side, lnlt_unit_loc(h), i, -1);
                if (may_destroy(ctx, h))
                    put(out, cap, &n, LNLT_ACT_SW_DESTROY, side, lnlt_unit_loc(h), i, -1);
                /* 1.6, 3.0: good-order units not locked in melee hand weapons over. */
                for (int v = 0; v < st->unit_count && !rules_in_melee(st, lnlt_unit_loc(h)); v++)
                    if (v != w->holder && lnlt_unit_loc(&st->unit[v]) == lnlt_unit_loc(h) && st->unit[v].side == side &&
                        rules_is_good(&st->unit[v]) && has_room(ctx, st, v))
                        put(out, cap, &n, LNLT_ACT_SW_GIVE, side, lnlt_unit_loc(h), i, v);
            }
            if (may_flip(ctx, st, i))
                put(out, cap, &n, LNLT_ACT_SW_FLIP, side, lnlt_unit_loc(h), i, -1);
        } else if (w->cell >= 0) {
            /* 3.0: pick-ups only in a hex free of enemy units (so never in a melee);
             * TEC: Heavy Jungle holds two weapons per side. */
            if (rules_enemy_in(st, lnlt_sw_loc(w), side) || rules_in_melee(st, lnlt_sw_loc(w)))
                continue;
            for (int v = 0; v < st->unit_count && rules_hex_sw_room(ctx, st, lnlt_sw_loc(w), side); v++)
                if (lnlt_unit_loc(&st->unit[v]) == lnlt_sw_loc(w) && st->unit[v].side == side && rules_is_good(&st->unit[v]) &&
                    has_room(ctx, st, v))
                    put(out, cap, &n, LNLT_ACT_SW_PICKUP, side, lnlt_sw_loc(w), i, v);
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
                put(out, cap, &n, LNLT_ACT_SW_DROP, side, mv->cell, i, -1);
            /* 1.6.1: flipping in the impulse costs half the MF (R-SW-03). */
            if (may_flip(ctx, st, i) && !(w->flags & LNLT_SW_ABANDON) &&
                mp2_left(ctx, st, w->holder) >= flip_cost2(ctx, &st->unit[w->holder]))
                put(out, cap, &n, LNLT_ACT_SW_FLIP, side, mv->cell, i, -1);
        } else if (lnlt_sw_loc(w) == mv->cell && !rules_enemy_in(st, lnlt_sw_loc(w), side) &&
                   rules_hex_sw_room(ctx, st, lnlt_sw_loc(w), side)) {
            /* 1.6: a moving good-order unit picks a weapon up for 2 more MP (TEC:
             * Heavy Jungle holds two weapons per side). */
            for (int v = 0; v < st->unit_count; v++)
                if (lnlt_bit(mv->units, v) && rules_is_good(&st->unit[v]) && has_room(ctx, st, v) &&
                    mp2_left(ctx, st, v) >= 4)
                    put(out, cap, &n, LNLT_ACT_SW_PICKUP, side, lnlt_sw_loc(w), i, v);
        }
    }
    return n;
}

static int retreat_actions(const lnlt_ctx *ctx, const lnlt_state *st, int side, lnlt_action *out, int cap);
static int indirect_actions(const lnlt_ctx *ctx, const lnlt_state *st, int side, lnlt_action *out, int cap);
static bool retreat(lnlt_step *s, int unit, int to);
static void settle_drops(lnlt_step *s, int side);

int rules_sw_actions(const lnlt_ctx *ctx, const lnlt_state *st, int kind, int side, lnlt_action *out, int cap)
{
    if (!ctx->catalog || !ctx->map || cap < 0)
        return 0;
    if (kind == LNLT_DECIDE_RALLY)
        return rally_actions(ctx, st, side, out, cap);
    if (kind == LNLT_DECIDE_MOVE)
        return move_actions(ctx, st, side, out, cap);
    if (kind == LNLT_DECIDE_RETREAT)
        return retreat_actions(ctx, st, side, out, cap);
    if (kind == LNLT_DECIDE_ACTIVATION)
        return indirect_actions(ctx, st, side, out, cap);
    if (kind == LNLT_DECIDE_SW_DROP) {
        int n = 0;
        for (int i = 0; i < st->sw_count; i++) {
            int h = st->sw[i].holder;
            if (h >= 0 && st->unit[h].side == side && over_capacity(ctx, st, h))
                put(out, cap, &n, LNLT_ACT_SW_DROP, side, rules_place_of(st, h), i, -1); /* R-CORE-144 */
        }
        return n;
    }
    return 0;
}

static const char *sw_name(const lnlt_step *s, int sw) { return rules_sw_type(s->ctx, &s->st->sw[sw])->name; }

/* Takes a weapon out of play (destroyed, spent, or a failed captured weapon). */
static void remove_sw(lnlt_state *st, int sw)
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
    if (own_weapon(ctx, w, &st->unit[unit]))
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
        return retreat(s, unit, a->arg[0]);
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
                        rules_label(ctx, st, unit), sw_name(s, sw), hex, in_move ? " (2 MP)" : "",
                        (w->flags & LNLT_SW_CAPTURED) ? ", a captured weapon (1.6.8)" : "");
        return true;
    case LNLT_ACT_SW_DROP:
        if (st->pending == LNLT_DECIDE_SW_DROP) {
            w->holder = -1;
            rules_put_sw(w, rules_place_of(st, holder)); /* a passenger's falls in its vehicle's hex (R-CORE-144) */
            w->flags &= (uint8_t)~LNLT_SW_ABANDON;
            lnlt_events_say(s->log, LNLT_EV_CHANGE, "1.6", "sw-drop", "%s drops the %s in %s",
                            rules_label(ctx, st, holder), sw_name(s, sw), hex);
            settle_drops(s, st->unit[holder].side);
            return true;
        }
        if (in_move) {
            /* R-SW-02: it stays behind when the stack leaves this hex. */
            w->flags |= LNLT_SW_ABANDON;
            lnlt_events_say(s->log, LNLT_EV_CHANGE, "1.6", "sw-abandon", "%s will leave the %s in %s",
                            rules_label(ctx, st, holder), sw_name(s, sw), hex);
            return true;
        }
        w->holder = -1;
        rules_put_sw(w, lnlt_unit_loc(&st->unit[holder]));
        lnlt_events_say(s->log, LNLT_EV_CHANGE, "1.6", "sw-drop", "%s drops the %s in %s", lnlt_unit_name(ctx, st, holder),
                        sw_name(s, sw), hex);
        return true;
    case LNLT_ACT_SW_DESTROY:
        remove_sw(st, sw);
        lnlt_events_say(s->log, LNLT_EV_CHANGE, "3.0", "sw-destroy", "%s destroys the %s in %s",
                        lnlt_unit_name(ctx, st, holder), sw_name(s, sw), hex);
        return true;
    case LNLT_ACT_SW_GIVE:
        if (unit < 0)
            return lnlt_error_set(s->err, "give needs the unit that takes the weapon");
        hand_to(ctx, st, sw, unit);
        lnlt_events_say(s->log, LNLT_EV_CHANGE, "1.6", "sw-give", "%s hands the %s to %s in %s",
                        lnlt_unit_name(ctx, st, holder), sw_name(s, sw), lnlt_unit_name(ctx, st, unit), hex);
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
                            lnlt_unit_name(ctx, st, holder), how, sw_name(s, sw), hex, cost / 2, cost & 1 ? ".5" : "");
            return true;
        }
        lnlt_events_say(s->log, LNLT_EV_CHANGE, "1.6.1", "sw-flip", "%s %s the %s in %s",
                        lnlt_unit_name(ctx, st, holder), how, sw_name(s, sw), hex);
        return true;
    }
    default:
        return lnlt_error_set(s->err, "internal: action type %d is not a weapon action", a->type);
    }
}

/* ---- moves ---- */

void rules_sw_on_step(lnlt_step *s, int from)
{
    lnlt_state *st = s->st;
    char hex[LNLT_HEX_ID_MAX];
    for (int i = 0; i < st->sw_count; i++) {
        lnlt_sw *w = &st->sw[i];
        if (!(w->flags & LNLT_SW_ABANDON) || w->holder < 0 || !lnlt_bit(st->move.units, w->holder))
            continue;
        int holder = w->holder;
        w->flags &= (uint8_t)~LNLT_SW_ABANDON;
        w->holder = -1;
        rules_put_sw(w, from);
        lnlt_events_say(s->log, LNLT_EV_CHANGE, "1.6", "sw-abandoned", "%s abandons the %s in %s",
                        lnlt_unit_name(s->ctx, st, holder), sw_name(s, i), rules_cell(s, from, hex));
    }
}

void rules_sw_on_stop(lnlt_state *st)
{
    /* R-SW-02: a stack that did not leave the hex keeps what it meant to abandon. */
    for (int i = 0; i < st->sw_count; i++)
        st->sw[i].flags &= (uint8_t)~LNLT_SW_ABANDON;
}

static void settle_retreats(lnlt_step *s);

/* Waits on the owner of a unit carrying more than it may (side first, then the
 * other), or, when none is left, goes on with any pending retreat. */
static void settle_drops(lnlt_step *s, int side)
{
    lnlt_state *st = s->st;
    for (int k = 0; k < 2; k++, side = lnlt_other_side(side))
        for (int i = 0; i < st->unit_count; i++)
            if (st->unit[i].side == side && over_capacity(s->ctx, st, i)) {
                st->pending = LNLT_DECIDE_SW_DROP;
                st->pending_side = (uint8_t)side;
                return;
            }
    if (st->pending == LNLT_DECIDE_SW_DROP)
        st->pending = 0;
    settle_retreats(s);
}

void rules_sw_fit_capacity(lnlt_step *s, int unit)
{
    lnlt_state *st = s->st;
    const lnlt_ctx *ctx = s->ctx;
    if (!over_capacity(ctx, st, unit))
        return;
    /* 1.6: a squad reduced to a half-squad drops one weapon of its owner's choice. */
    if (!st->pending || st->pending == LNLT_DECIDE_SW_DROP) {
        lnlt_events_say(s->log, LNLT_EV_CHANGE, "1.6", "sw-too-many", "%s can carry only one weapon: %s drops one",
                        lnlt_unit_name(ctx, st, unit), lnlt_side_name(ctx, st->unit[unit].side));
        settle_drops(s, st->unit[unit].side);
        return;
    }
    /* R-SW-04: with another decision pending, the engine keeps the weapon with the
     * higher FP (the first on a tie). */
    while (held_count(st, unit) > rules_sw_capacity(ctx, &st->unit[unit])) {
        int worst = -1, worst_fp = 1000;
        for (int i = 0; i < st->sw_count; i++) {
            if (st->sw[i].holder != unit)
                continue;
            int fp = rules_sw_type(ctx, &st->sw[i])->front.fp;
            if (fp <= worst_fp) {
                worst_fp = fp;
                worst = i;
            }
        }
        if (worst < 0)
            return;
        char hex[LNLT_HEX_ID_MAX];
        st->sw[worst].holder = -1;
        rules_put_sw(&st->sw[worst], rules_place_of(st, unit)); /* R-CORE-144 */
        st->sw[worst].flags &= (uint8_t)~LNLT_SW_ABANDON;
        lnlt_events_say(s->log, LNLT_EV_CHANGE, "1.6", "sw-drop", "%s can carry only one weapon and drops the %s in %s",
                        lnlt_unit_name(ctx, st, unit), sw_name(s, worst), rules_cell(s, rules_place_of(st, unit), hex));
    }
}

/* ---- the rally phase and the admin phase ---- */

static bool map_has_sand(const lnlt_ctx *ctx)
{
    int cells = lnlt_map_cells(ctx->map);
    const lnlt_tec *tec = lnlt_map_tec(ctx->map);
    for (int c = 0; c < cells; c++)
        if (lnlt_map_cell_exists(ctx->map, c) && strstr(tec->t[lnlt_map_cell(ctx->map, c)->terrain].id, "sand"))
            return true;
    return false;
}

bool rules_sw_repairs(lnlt_step *s)
{
    const lnlt_ctx *ctx = s->ctx;
    lnlt_state *st = s->st;
    int side = st->to_act;
    if (!ctx->map || !ctx->catalog)
        return true;
    int broken_max = -1;
    for (int i = 0; i < st->sw_count; i++) {
        lnlt_sw *w = &st->sw[i];
        if (!(w->flags & LNLT_SW_JAMMED) || (w->flags & LNLT_SW_BROKEN) || w->holder < 0)
            continue;
        const lnlt_unit *h = &st->unit[w->holder];
        if (h->side != side || !rules_on_map(h) || !rules_is_good(h))
            continue;
        if (broken_max < 0)
            broken_max = map_has_sand(ctx) ? 2 : 1;
        char purpose[80];
        snprintf(purpose, sizeof purpose, "repair, %s", sw_name(s, i));
        int d;
        if (!lnlt_dice_roll(&s->dice, 1, NULL, purpose, "1.6.2", &d, NULL, s->err))
            return false;
        if (d <= broken_max) {
            w->flags |= LNLT_SW_BROKEN;
            lnlt_events_say(s->log, LNLT_EV_RESULT, "1.6.2", "sw-broken", "the %s stays jammed for the rest of the game (%d%s)",
                            sw_name(s, i), d, broken_max == 2 ? ", sand" : "");
        } else {
            w->flags &= (uint8_t)~LNLT_SW_JAMMED;
            lnlt_events_say(s->log, LNLT_EV_RESULT, "1.6.2", "sw-repaired", "the %s is repaired (%d)", sw_name(s, i), d);
        }
    }
    return true;
}

void rules_sw_admin(lnlt_state *st)
{
    /* 1.6.1: each weapon flips at most once per turn. */
    for (int i = 0; i < st->sw_count; i++)
        st->sw[i].flags &= (uint8_t)~(LNLT_SW_FLIPPED | LNLT_SW_ABANDON);
}

/* ---- after an attack ---- */

void rules_sw_after_fire(lnlt_step *s, const int *sws, int n, bool any_dc)
{
    lnlt_state *st = s->st;
    for (int k = 0; k < n; k++) {
        int i = sws[k];
        const lnlt_sw_type *wt = rules_sw_type(s->ctx, &st->sw[i]);
        if (wt->flags & LNLT_SWF_SINGLE_USE) {
            lnlt_events_say(s->log, LNLT_EV_CHANGE, wt->kind == LNLT_SWK_MOLOTOV ? "1.6.7" : "1.6.3", "sw-spent",
                            "the %s is used up", wt->name);
            remove_sw(st, i);
        } else if ((st->sw[i].flags & LNLT_SW_CAPTURED) && !any_dc) {
            lnlt_events_say(s->log, LNLT_EV_CHANGE, "1.6.8", "sw-captured-lost",
                            "the captured %s caused no damage check and is removed", wt->name);
            remove_sw(st, i);
        }
    }
}

bool rules_sw_mortar_barred(const lnlt_ctx *ctx, int cell)
{
    /* 1.6.5: not from buildings, bamboo huts, heavy jungle, dense palms, forest or
     * bunkers; 10.6: a rooftop is open; 10.7: from a cave, at its lip, whatever the
     * hex (ruling R-CORE-122; its front is checked with the target). */
    if (lnlt_loc_floor(cell) == LNLT_FLOOR_ROOF || rules_in_cave(ctx, cell))
        return false;
    if (lnlt_loc_floor(cell) == LNLT_FLOOR_BUNKER)
        return true;
    const lnlt_terrain *t = &lnlt_map_tec(ctx->map)->t[lnlt_map_cell(ctx->map, lnlt_loc_cell(cell))->terrain];
    return (t->flags & (LNLT_TF_BUILDING | LNLT_TF_HUT)) || strstr(t->id, "forest") || strstr(t->id, "heavy_jungle") ||
           strstr(t->id, "dense_palm") || strstr(t->id, "bunker");
}

bool rules_sw_movers_immobile(const lnlt_ctx *ctx, const lnlt_state *st)
{
    for (int i = 0; i < st->unit_count; i++)
        if (lnlt_bit(st->move.units, i) && rules_holds_immobile_sw(ctx, st, i))
            return true;
    return false;
}

void rules_sw_enter_dismantled(const lnlt_ctx *ctx, lnlt_state *st, const uint8_t *units)
{
    for (int i = 0; i < st->sw_count; i++)
        if (st->sw[i].holder >= 0 && lnlt_bit(units, st->sw[i].holder) && flippable(ctx, &st->sw[i]))
            st->sw[i].flags |= LNLT_SW_BACK_SIDE;
}

/* ---- weapon teams (1.7) ---- */

const char *rules_wt_barred(const lnlt_ctx *ctx, const lnlt_unit *u, int from, int to)
{
    const lnlt_unit_type *ut = rules_type(ctx, u);
    if (ut->kind != LNLT_UK_WEAPON_TEAM)
        return NULL;
    const lnlt_terrain *t = rules_terrain(ctx, to);
    bool building = (t->flags & (LNLT_TF_BUILDING | LNLT_TF_HUT)) != 0 || strstr(t->id, "bunker");
    bool hexside = from >= 0 && lnlt_map_hexside(ctx->map, rules_hex(ctx, from), rules_hex(ctx, to)) != NULL;
    if (t->flags & LNLT_TF_NO_WT)
        return "weapon teams may not enter that terrain (TEC)";
    if (ut->wt_weapon != LNLT_WTW_MG && building)
        return "only machine-gun weapon teams enter buildings (1.7)";
    if (ut->wt_weapon != LNLT_WTW_MG && hexside)
        return "only machine-gun weapon teams cross hexside terrain (1.7)";
    return NULL;
}

const char *rules_wt_step_barred(const lnlt_ctx *ctx, const lnlt_state *st, int from, int to)
{
    int m[LNLT_MAX_UNITS];
    int n = rules_unit_bits(st->move.units, st->unit_count, m);
    for (int k = 0; k < n; k++) {
        const char *why = rules_wt_barred(ctx, &st->unit[m[k]], from, to);
        if (why)
            return why;
    }
    return NULL;
}

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
        if (!rules_loc_exists(ctx, to) || (!into_bunker && (!lnlt_hex_adjacent(here, there) || lnlt_loc_floor(to) != u->floor)))
            return false;
        if (!into_bunker && (lnlt_map_mp2(ctx->map, there, LNLT_MOVER_LEG) == LNLT_MP_PROHIBITED ||
                             lnlt_map_hexside_mp2(ctx->map, here, there, LNLT_MOVER_LEG) == LNLT_MP_PROHIBITED))
            return false;
        return !rules_enemy_in(st, to, u->side) && !rules_enemy_vehicle_in(ctx, st, to, u->side) &&
               !rules_in_melee(st, to) && !rules_wt_barred(ctx, u, lnlt_unit_loc(u), to) &&
               rules_stacking_ok(ctx, st, to, u->side, add, NULL);
    }
    if (!rules_loc_exists(ctx, to) || !lnlt_hex_adjacent(here, there))
        return false;
    /* R-CORE-40: one hex along its own floor (upper floors and roofs: within the building) */
    if (lnlt_loc_floor(to) != u->floor ||
        (u->floor != LNLT_FLOOR_GROUND && !rules_same_building(ctx, lnlt_unit_loc(u), to)))
        return false;
    if (lnlt_map_mp2(ctx->map, there, LNLT_MOVER_LEG) == LNLT_MP_PROHIBITED ||
        lnlt_map_hexside_mp2(ctx->map, here, there, LNLT_MOVER_LEG) == LNLT_MP_PROHIBITED)
        return false;
    if (rules_enemy_in(st, to, u->side) || rules_in_melee(st, to) || rules_wt_barred(ctx, u, lnlt_unit_loc(u), to))
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
    settle_retreats(s);
    return true;
}

/* Eliminates the retreating units that have nowhere to go, then waits on the owner
 * for the others, or ends the retreat. */
static void settle_retreats(lnlt_step *s)
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
    settle_retreats(s);
    return true;
}

static int retreat_actions(const lnlt_ctx *ctx, const lnlt_state *st, int side, lnlt_action *out, int cap)
{
    int n = 0;
    for (int i = 0; i < st->unit_count; i++) {
        if (!lnlt_bit(st->retreat, i) || st->unit[i].side != side)
            continue;
        int cells[7];
        int k = retreat_cells(ctx, st, i, cells);
        for (int j = 0; j < k; j++) {
            put(out, cap, &n, LNLT_ACT_SW_RETREAT, side, cells[j], 0, i);
            if (n <= cap)
                out[n - 1].nargs = 1;
        }
    }
    return n;
}

static bool retreat(lnlt_step *s, int unit, int to)
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
                            lnlt_unit_name(ctx, st, unit), sw_name(s, i), a);
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
    settle_retreats(s);
    return true;
}

/* ---- indirect mortar fire (1.6.5) ---- */

/* Does the unit hold an assembled mortar that may fire at that range from its hex? */
static bool mortar_reaches(const lnlt_ctx *ctx, const lnlt_state *st, int unit, int range)
{
    if (rules_sw_mortar_barred(ctx, lnlt_unit_loc(&st->unit[unit])))
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

static int indirect_actions(const lnlt_ctx *ctx, const lnlt_state *st, int side, lnlt_action *out, int cap)
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
                    put(out, cap, &n, LNLT_ACT_SW_INDIRECT, side, from, to, d);
        }
    }
    return n;
}

/* ---- weapons in melee (1.6.3, 1.6.7, 1.6.8) ---- */

/* 8.0: a weapon its data marks melee-eligible (machine guns, automatic rifles,
 * flamethrowers, satchels, molotovs: ruling R-SW-16; never ordnance or mortars,
 * which the catalog refuses), on a side that fires, and not jammed. */
bool rules_sw_melee_eligible(const lnlt_ctx *ctx, const lnlt_sw *w)
{
    const lnlt_sw_type *t = rules_sw_type(ctx, w);
    if (((w->flags & LNLT_SW_BACK_SIDE) && t->back_kind == LNLT_SWB_DISMANTLED) || (w->flags & LNLT_SW_JAMMED))
        return false;
    return (t->flags & LNLT_SWF_MELEE_ELIGIBLE) != 0;
}

void rules_sw_after_melee(lnlt_step *s, int cell)
{
    lnlt_state *st = s->st;
    for (int i = 0; i < st->sw_count; i++) {
        lnlt_sw *w = &st->sw[i];
        if (w->holder < 0 || lnlt_unit_loc(&st->unit[w->holder]) != cell || !rules_melee_eligible(s->ctx, st, w->holder) ||
            !rules_sw_melee_eligible(s->ctx, w))
            continue;
        const lnlt_sw_type *wt = rules_sw_type(s->ctx, w);
        if (wt->flags & LNLT_SWF_SINGLE_USE) {
            /* R-SW-13: every weapon of a unit fighting the round took part */
            lnlt_events_say(s->log, LNLT_EV_CHANGE, wt->kind == LNLT_SWK_MOLOTOV ? "1.6.7" : "1.6.3", "sw-spent",
                            "the %s is used up in the melee", wt->name);
            remove_sw(st, i);
        } else if (w->flags & LNLT_SW_CAPTURED) {
            w->flags |= LNLT_SW_MELEE;
        }
    }
}

void rules_sw_melee_admin(lnlt_step *s)
{
    lnlt_state *st = s->st;
    for (int i = 0; i < st->sw_count; i++) {
        lnlt_sw *w = &st->sw[i];
        if (!(w->flags & LNLT_SW_MELEE))
            continue;
        w->flags &= (uint8_t)~LNLT_SW_MELEE;
        int where = w->holder >= 0 ? lnlt_unit_loc(&st->unit[w->holder]) : lnlt_sw_loc(w);
        int dummy[1];
        if (where >= 0 && rules_units_in(st, where, 1, dummy, 1) > 0 && rules_units_in(st, where, 2, dummy, 1) > 0) {
            lnlt_events_say(s->log, LNLT_EV_CHANGE, "1.6.8", "sw-captured-lost",
                            "the captured %s was used in a melee that goes on, and is removed", sw_name(s, i));
            remove_sw(st, i);
        }
    }
}

bool rules_wt_fires_apart(const lnlt_ctx *ctx, const lnlt_state *st, const int *units, int n, int range)
{
    int teams = 0, others = 0;
    for (int i = 0; i < n; i++) {
        const lnlt_unit *u = &st->unit[units[i]];
        if (rules_type(ctx, u)->kind == LNLT_UK_WEAPON_TEAM)
            teams++;
        else if (rules_unit_fires_at(ctx, st, units[i], range, u->side != st->impulse_side))
            others++;
    }
    return teams == 0 || (teams == 1 && others == 0);
}
