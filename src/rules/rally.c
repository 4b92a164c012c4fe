/*
 * rally.c: rallying shaken units in the rally phase (rule 3.0): who may rally
 * whom (a good-order leader or hero of the same IB in the hex, or self-rally for
 * SMCs and units printed SR), one attempt per unit per phase, shaken leaders
 * first, 2d6 against morale with the leader's LM and -2 in a hex with a positive
 * TM. The check arithmetic is lnlt_morale_check in src/rules/calc/.
 */
#include <string.h>

#include "lnlt/combat.h"
#include "rules/internal.h"

/* 3.0: a rallier (leader, hero, chaplain, nurse, piper, medic) helps only units of
 * his colour and IB; weapon teams, the exception, take help from any rallier of
 * their colour (ruling R-CORE-71). */
bool rules_rallies_for(const lnlt_ctx *ctx, const lnlt_unit *helper, const lnlt_unit *u)
{
    if (helper->side != u->side)
        return false;
    if (rules_same_ib(ctx, helper, u))
        return true;
    if (rules_type(ctx, u)->kind != LNLT_UK_WEAPON_TEAM)
        return false;
    const lnlt_nation *a = &ctx->catalog->nation[rules_type(ctx, helper)->nation];
    const lnlt_nation *b = &ctx->catalog->nation[rules_type(ctx, u)->nation];
    return !strcmp(a->color, b->color);
}

/* The best LM of a good-order leader of the unit's IB in its hex (one LM counts). */
static int rally_lm(const lnlt_ctx *ctx, const lnlt_state *st, int unit, bool *helper)
{
    const lnlt_unit *u = &st->unit[unit];
    int best = 0;
    *helper = false;
    for (int i = 0; i < st->unit_count; i++) {
        const lnlt_unit *l = &st->unit[i];
        if (i == unit || lnlt_unit_loc(l) != lnlt_unit_loc(u) || !rules_is_good(l) || !rules_rallies_for(ctx, l, u))
            continue;
        if (rules_is_leader(ctx, l)) {
            *helper = true;
            if (rules_lm(ctx, l) > best)
                best = rules_lm(ctx, l);
        } else if (rules_is_hero(ctx, l)) {
            *helper = true;
        } else if (rules_rally_lm_of(ctx, l) >= 0) {
            *helper = true; /* 11.8, 11.11: chaplains and pipers */
            if (rules_rally_lm_of(ctx, l) > best)
                best = rules_rally_lm_of(ctx, l);
        }
    }
    /* 12.0 Charismatic: a leader rallies units up to `value` hexes beyond his own. */
    for (int i = 0; i < st->unit_count && ctx->map; i++) {
        const lnlt_unit *l = &st->unit[i];
        if (i == unit || !rules_on_map(l) || lnlt_unit_loc(l) == lnlt_unit_loc(u) || !rules_is_good(l) ||
            !rules_is_leader(ctx, l) || !rules_rallies_for(ctx, l, u))
            continue;
        int reach = rules_skill_value(ctx, l, LNLT_SE_RALLY_RANGE);
        if (l->flags & LNLT_UNIT_WOUNDED)
            reach = reach > 0 ? reach - 1 : 0; /* 5.1: a wounded leader's rally range drops by one */
        /* 10.4.1: never into another floor of his own hex */
        if (reach > 0 && l->cell != u->cell &&
            lnlt_hex_distance(rules_hex(ctx, lnlt_unit_loc(l)), rules_hex(ctx, lnlt_unit_loc(u))) <= reach) {
            *helper = true;
            if (rules_lm(ctx, l) > best)
                best = rules_lm(ctx, l);
        }
    }
    return best;
}

static bool may_try(const lnlt_ctx *ctx, const lnlt_state *st, int unit)
{
    const lnlt_unit *u = &st->unit[unit];
    if (!rules_on_map(u) || rules_is_good(u) || (u->flags & LNLT_UNIT_RALLY_TRIED))
        return false;
    if (rules_is_vehicle(ctx, u)) /* 15.0: vehicles self-rally (abandoned ones never) */
        return !rules_vehicle_abandoned(st, unit);
    bool helper;
    rally_lm(ctx, st, unit, &helper);
    bool self = rules_is_smc(ctx, u) || (rules_face(ctx, u)->flags & (LNLT_UF_SELF_RALLY | LNLT_UF_SELF_RALLY_PAIRS)) ||
                rules_type(ctx, u)->kind == LNLT_UK_WEAPON_TEAM;
    return helper || self;
}

bool rules_can_rally(const lnlt_ctx *ctx, const lnlt_state *st, int cell, int side)
{
    int here[LNLT_MAX_UNITS];
    int n = rules_units_in(st, cell, side, here, LNLT_MAX_UNITS); /* the index: the units there, in order */
    for (int k = 0; k < n; k++)
        if (may_try(ctx, st, here[k]))
            return true;
    return false;
}

static bool attempt(lnlt_step *s, int unit)
{
    const lnlt_ctx *ctx = s->ctx;
    lnlt_state *st = s->st;
    lnlt_unit *u = &st->unit[unit];
    bool helper;
    lnlt_mc_input in;
    memset(&in, 0, sizeof in);
    in.morale = rules_face(ctx, u)->morale;
    in.adjust.wounded_smc = (u->flags & LNLT_UNIT_WOUNDED) && !rules_is_hero(ctx, u);
    in.adjust.advisor = rules_advisor_bonus(ctx, st, unit) > 0; /* 11.9 */
    in.lm = rally_lm(ctx, st, unit, &helper);
    in.positive_tm = rules_mc_cover(ctx, st, lnlt_unit_loc(u), u->side); /* 1.5.1, 3.0, TEC Wall and Hill */
    bool vehicle = rules_is_vehicle(ctx, u);
    if (vehicle) {
        /* 15.0, 11.5: the armor leader's morale, no LM; -2 in terrain with a positive TM */
        memset(&in.adjust, 0, sizeof in.adjust);
        in.morale = rules_vehicle_morale(ctx, st, unit);
        in.lm = 0;
        in.positive_tm = rules_vehicle_tm(ctx, st, lnlt_unit_loc(u), NULL) > 0;
        helper = false;
    }
    /* 3.1: with nobody to rally it, an SRP unit rallies on any pair (ruling R-CORE-24:
     * with a rallier present the normal attempt is used, as it is never worse). */
    in.srp = !helper && (rules_face(ctx, u)->flags & LNLT_UF_SELF_RALLY_PAIRS) && !rules_is_smc(ctx, u);
    char purpose[80];
    snprintf(purpose, sizeof purpose, "rally, %s", rules_label(ctx, st, unit));
    lnlt_mc_outcome out;
    if (!rules_roll_morale_check(s, &in, purpose, "3.0", NULL, "rallied", "still shaken", &out))
        return false;
    u->flags |= LNLT_UNIT_RALLY_TRIED;
    if (out.pass)
        u->status = LNLT_GOOD_ORDER;
    if (out.pass && vehicle) {
        int al = rules_armor_leader_of(ctx, st, unit);
        if (al >= 0)
            st->unit[al].status = LNLT_GOOD_ORDER; /* 11.5: the armor leader is its crew */
    }
    lnlt_events_say(s->log, LNLT_EV_RESULT, "3.0", out.pass ? "rallied" : "not-rallied", "%s %s",
                    rules_label(ctx, st, unit), out.pass ? "rallies" : "stays shaken");
    return true;
}

/* Who tries first: the shaken leaders (3.0), and the chaplains and pipers, who
 * may rally the others once they have rallied themselves (11.8, 11.11). A just
 * rallied nurse may not (11.10), so she tries with the rest. */
static bool rallies_first(const lnlt_ctx *ctx, const lnlt_unit *u)
{
    int k = rules_type(ctx, u)->kind;
    return rules_is_leader(ctx, u) || k == LNLT_UK_CHAPLAIN || k == LNLT_UK_PIPER;
}

bool rules_rally(lnlt_step *s, int cell)
{
    const lnlt_ctx *ctx = s->ctx;
    lnlt_state *st = s->st;
    int side = st->to_act;
    for (int pass = 0; pass < 2; pass++)
        for (int i = 0; i < st->unit_count; i++) {
            const lnlt_unit *u = &st->unit[i];
            if (lnlt_unit_loc(u) != cell || u->side != side || rallies_first(ctx, u) != (pass == 0) || !may_try(ctx, st, i))
                continue;
            if (!attempt(s, i))
                return false;
        }
    rules_piper_after_rally(s, cell, side); /* 11.11 */
    return true;
}

/* ---- recombining half-squads (3.0) ---- */

/* Squad types that reduce to half-squad type `half` (by their casualty table). */
static int parents_of(const lnlt_ctx *ctx, int half, int *out, int cap)
{
    int n = 0;
    for (int t = 0; t < ctx->catalog->unit_count; t++) {
        const lnlt_unit_type *ut = &ctx->catalog->unit[t];
        if (ut->kind != LNLT_UK_SQUAD)
            continue;
        bool parent = ut->reduces_to == half;
        for (int f = 0; f < 6; f++)
            parent |= ut->casualty[f] == half;
        if (parent && n < cap)
            out[n++] = t;
    }
    return n;
}

/* 3.0: the squad types two half-squads may form: a type both reduce from by their
 * casualty tables. A half-squad made by casualties remembers its squad, and then
 * only that type is possible; two that remember different squads do not share a
 * root squad and cannot join (ruling R-DATA-09). */
static int root_squads(const lnlt_ctx *ctx, const lnlt_unit *x, const lnlt_unit *y, int common[8])
{
    int px[8], py[8];
    int nx = parents_of(ctx, x->type, px, 8), ny = parents_of(ctx, y->type, py, 8), nc = 0;
    for (int p = 0; p < nx; p++)
        for (int q = 0; q < ny; q++)
            if (px[p] == py[q] && nc < 8 && (x->parent < 0 || x->parent == px[p]) &&
                (y->parent < 0 || y->parent == px[p]))
                common[nc++] = px[p];
    return nc;
}

/* Two good-order half-squads of one IB with a common parent type, and a good-order
 * leader of that IB, in a hex not locked in melee. Fills a, b and the parents. */
static bool recombine_pair(const lnlt_ctx *ctx, const lnlt_state *st, int cell, int side, int *a, int *b,
                           int *common, int *ncommon)
{
    if (rules_in_melee(st, cell))
        return false;
    int here[LNLT_MAX_UNITS];
    int n = rules_units_in(st, cell, side, here, LNLT_MAX_UNITS); /* the index: the units there, in order */
    for (int hi = 0; hi < n; hi++) {
        int i = here[hi];
        const lnlt_unit *x = &st->unit[i];
        if (!rules_is_good(x) || rules_type(ctx, x)->kind != LNLT_UK_HALF_SQUAD)
            continue;
        for (int hj = hi + 1; hj < n; hj++) {
            int j = here[hj];
            const lnlt_unit *y = &st->unit[j];
            if (!rules_is_good(y) || rules_type(ctx, y)->kind != LNLT_UK_HALF_SQUAD || !rules_same_ib(ctx, x, y))
                continue;
            int nc = root_squads(ctx, x, y, common);
            if (nc == 0)
                continue;
            for (int hl = 0; hl < n; hl++) {
                const lnlt_unit *ld = &st->unit[here[hl]];
                if (rules_is_leader(ctx, ld) && rules_is_good(ld) && rules_same_ib(ctx, ld, x)) {
                    *a = i;
                    *b = j;
                    *ncommon = nc;
                    return true;
                }
            }
        }
    }
    return false;
}

bool rules_can_recombine(const lnlt_ctx *ctx, const lnlt_state *st, int cell, int side)
{
    int a, b, common[8], nc;
    return recombine_pair(ctx, st, cell, side, &a, &b, common, &nc);
}

bool rules_recombine(lnlt_step *s, int cell)
{
    lnlt_state *st = s->st;
    int a, b, common[8], nc;
    if (!recombine_pair(s->ctx, st, cell, st->to_act, &a, &b, common, &nc))
        return lnlt_error_set(s->err, "no two half-squads there can recombine");
    int parent = common[0];
    if (nc > 1) {
        /* 3.0: neither remembers its squad and the tables allow several, so a die picks it */
        int face;
        if (!lnlt_dice_roll(&s->dice, 1, NULL, "recombination, parent type", "3.0", &face, NULL, s->err))
            return false;
        parent = common[(face - 1) % nc];
    }
    char name[LNLT_HEX_ID_MAX];
    lnlt_events_say(s->log, LNLT_EV_RESULT, "3.0", "recombined", "%s and %s in %s recombine into a %s",
                    rules_label(s->ctx, st, a), rules_label(s->ctx, st, b),
                    rules_cell(s, cell, name), s->ctx->catalog->unit[parent].name);
    st->unit[a].type = (int16_t)parent;
    st->unit[a].parent = -1;
    rules_unit_off_map(st, b, LNLT_CELL_MERGED);
    for (int i = 0; i < st->sw_count; i++)
        if (st->sw[i].holder == b)
            st->sw[i].holder = (int16_t)a;
    return true;
}
