/*
 * support_weapons.c: support weapons as counters that units carry (rules 1.6-1.6.8,
 * 1.7's "weapon teams hold no SWs"):
 *
 *   - who may carry how many (1.6, PAC T8): squad 2, half-squad or crew 1, an
 *     eligible SMC 1 at -2 MP unless it is a satchel or molotov (1.6.3, 1.6.7);
 *     weapon teams and the other SMCs none;
 *   - a moving stack: a unit holding an assembled tripod or mortar cannot leave
 *     its hex (1.6.1); a unit over its capacity drops what its owner picks (1.6);
 *   - the jam repair roll of 1.6.2 (1 breaks it for good, 1-2 on maps with sand);
 *   - what happens to weapons after an attack: single-use satchels and molotovs
 *     are spent (1.6.3, 1.6.7), and a picked-up enemy weapon whose attack caused
 *     no damage check is removed (1.6.8); the same after a melee round, a captured
 *     weapon going in the admin phase if its melee goes on;
 *   - where weapon teams may go and that they fire apart (1.7).
 *
 * The actions a player takes with weapons are sw_actions.c, the forced retreat
 * after a flamethrower or molotov sw_retreat.c, indirect mortar fire
 * sw_indirect.c. The firing side of weapons (FP, halving for SMCs, pairs of SMCs
 * crewing one weapon, the mortar's high die, the jam itself) is fire.c and the
 * pure layer in src/rules/calc/fire_calc.c. Rulings: R-SW-01 to R-SW-14 in
 * docs/rulings.md.
 */
#include <string.h>

#include "rules/internal.h"
#include "rules/sw_internal.h"

/* ---- who may carry what ---- */

int rules_sw_capacity(const lnlt_ctx *ctx, const lnlt_unit *u)
{
    return lnlt_unit_kind_sw_capacity(rules_type(ctx, u)->kind); /* 1.6, 1.7, 11.3 */
}

/* 3.0: destroying a weapon takes a good-order MMC other than a weapon team, or a
 * leader (11.7: a commissar is one for every purpose), hero, scout or advisor. */
bool rules_sw_may_destroy(const lnlt_ctx *ctx, const lnlt_unit *u)
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

bool rules_sw_has_room(const lnlt_ctx *ctx, const lnlt_state *st, int unit)
{
    return held_count(st, unit) < rules_sw_capacity(ctx, &st->unit[unit]);
}

/* 1.6: carrying more than it may; a passenger too (16.1, 16.2), ruling R-CORE-144. */
bool rules_sw_over_capacity(const lnlt_ctx *ctx, const lnlt_state *st, int unit)
{
    bool in_play = rules_on_map(&st->unit[unit]) || rules_carrier_of(st, unit) >= 0;
    return in_play && held_count(st, unit) > rules_sw_capacity(ctx, &st->unit[unit]);
}

/* Is the weapon the unit's own side's (its nation's, any nation's, or a nation it
 * shares weapons with, 1.6)? Otherwise a unit that picks it up has captured it. */
bool rules_sw_own_weapon(const lnlt_ctx *ctx, const lnlt_sw *w, const lnlt_unit *u)
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
bool rules_sw_flippable(const lnlt_ctx *ctx, const lnlt_sw *w)
{
    const lnlt_sw_type *wt = rules_sw_type(ctx, w);
    bool two_sided = wt->back_kind == LNLT_SWB_DISMANTLED || wt->back_kind == LNLT_SWB_BIPOD;
    return two_sided && ((wt->flags & LNLT_SWF_TRIPOD) || wt->kind == LNLT_SWK_MORTAR);
}

bool rules_sw_immobile(const lnlt_ctx *ctx, const lnlt_sw *w)
{
    return rules_sw_flippable(ctx, w) && !(w->flags & LNLT_SW_BACK_SIDE);
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
                        lnlt_unit_name(s->ctx, st, holder), rules_sw_name(s, i), rules_cell(s, from, hex));
    }
}

void rules_sw_on_stop(lnlt_state *st)
{
    /* R-SW-02: a stack that did not leave the hex keeps what it meant to abandon. */
    for (int i = 0; i < st->sw_count; i++)
        st->sw[i].flags &= (uint8_t)~LNLT_SW_ABANDON;
}

/* Waits on the owner of a unit carrying more than it may (side first, then the
 * other), or, when none is left, goes on with any pending retreat. */
void rules_sw_settle_drops(lnlt_step *s, int side)
{
    lnlt_state *st = s->st;
    for (int k = 0; k < 2; k++, side = lnlt_other_side(side))
        for (int i = 0; i < st->unit_count; i++)
            if (st->unit[i].side == side && rules_sw_over_capacity(s->ctx, st, i)) {
                st->pending = LNLT_DECIDE_SW_DROP;
                st->pending_side = (uint8_t)side;
                return;
            }
    if (st->pending == LNLT_DECIDE_SW_DROP)
        st->pending = 0;
    rules_sw_settle_retreats(s);
}

void rules_sw_fit_capacity(lnlt_step *s, int unit)
{
    lnlt_state *st = s->st;
    const lnlt_ctx *ctx = s->ctx;
    if (!rules_sw_over_capacity(ctx, st, unit))
        return;
    /* 1.6: a squad reduced to a half-squad drops one weapon of its owner's choice. */
    if (!st->pending || st->pending == LNLT_DECIDE_SW_DROP) {
        lnlt_events_say(s->log, LNLT_EV_CHANGE, "1.6", "sw-too-many", "%s can carry only one weapon: %s drops one",
                        lnlt_unit_name(ctx, st, unit), lnlt_side_name(ctx, st->unit[unit].side));
        rules_sw_settle_drops(s, st->unit[unit].side);
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
                        lnlt_unit_name(ctx, st, unit), rules_sw_name(s, worst), rules_cell(s, rules_place_of(st, unit), hex));
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
        snprintf(purpose, sizeof purpose, "repair, %s", rules_sw_name(s, i));
        int d;
        if (!lnlt_dice_roll(&s->dice, 1, NULL, purpose, "1.6.2", &d, NULL, s->err))
            return false;
        if (d <= broken_max) {
            w->flags |= LNLT_SW_BROKEN;
            lnlt_events_say(s->log, LNLT_EV_RESULT, "1.6.2", "sw-broken", "the %s stays jammed for the rest of the game (%d%s)",
                            rules_sw_name(s, i), d, broken_max == 2 ? ", sand" : "");
        } else {
            w->flags &= (uint8_t)~LNLT_SW_JAMMED;
            lnlt_events_say(s->log, LNLT_EV_RESULT, "1.6.2", "sw-repaired", "the %s is repaired (%d)", rules_sw_name(s, i), d);
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
            rules_sw_remove(st, i);
        } else if ((st->sw[i].flags & LNLT_SW_CAPTURED) && !any_dc) {
            lnlt_events_say(s->log, LNLT_EV_CHANGE, "1.6.8", "sw-captured-lost",
                            "the captured %s caused no damage check and is removed", wt->name);
            rules_sw_remove(st, i);
        }
    }
}

bool rules_sw_mortar_barred(const lnlt_ctx *ctx, const lnlt_state *st, int cell)
{
    /* 1.6.5: not from buildings, bamboo huts, heavy jungle, dense palms, forest or
     * bunkers; 10.6: a rooftop is open; 10.7: from a cave, at its lip, whatever the
     * hex (ruling R-CORE-122; its front is checked with the target). */
    if (lnlt_loc_floor(cell) == LNLT_FLOOR_ROOF || rules_in_cave(ctx, cell))
        return false;
    if (lnlt_loc_floor(cell) == LNLT_FLOOR_BUNKER)
        return true;
    const lnlt_terrain *t = rules_terrain(ctx, st, cell);
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
        if (st->sw[i].holder >= 0 && lnlt_bit(units, st->sw[i].holder) && rules_sw_flippable(ctx, &st->sw[i]))
            st->sw[i].flags |= LNLT_SW_BACK_SIDE;
}

/* ---- weapon teams (1.7) ---- */

const char *rules_wt_barred(const lnlt_ctx *ctx, const lnlt_state *st, const lnlt_unit *u, int from, int to)
{
    const lnlt_unit_type *ut = rules_type(ctx, u);
    if (ut->kind != LNLT_UK_WEAPON_TEAM)
        return NULL;
    const lnlt_terrain *t = rules_terrain(ctx, st, to);
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
        const char *why = rules_wt_barred(ctx, st, &st->unit[m[k]], from, to);
        if (why)
            return why;
    }
    return NULL;
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
            rules_sw_remove(st, i);
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
                            "the captured %s was used in a melee that goes on, and is removed", rules_sw_name(s, i));
            rules_sw_remove(st, i);
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
