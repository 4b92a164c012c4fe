/*
 * fire.c: direct fire (rules 5.0-5.6) as the engine performs it: which units of a
 * hex fire together, whether they may fire at a hex (range, LOS, spotting), and
 * the attack itself with every number logged. The arithmetic (combined FP, DFT
 * modifiers, the opposed roll) is the pure layer in src/rules/calc/; which leader
 * lends his LM is leadership.c.
 */
#include <stdlib.h>
#include <string.h>

#include "lnlt/combat.h"
#include "rules/internal.h"

int rules_hex_tm(const lnlt_ctx *ctx, const lnlt_state *st, int cell, int side, lnlt_modifiers *mods)
{
    const lnlt_terrain *t = rules_terrain(ctx, st, cell); /* 15.1.2: Rubble once rubbled */
    int tm = t->tm;
    /* 7.0, TEC Smoke row: the marker's TM adds to the hex's (two markers still add
     * it once; 5.5 caps later). */
    int smoke = lnlt_map_smoke_terrain(ctx->map);
    int smoke_tm = smoke >= 0 ? lnlt_map_tec(ctx->map)->t[smoke].tm : 1;
    if (lnlt_loc_floor(cell) == LNLT_FLOOR_ROOF) {
        /* 10.6: a rooftop's own +1, not the building's (ruling R-CORE-42) */
        tm = 1;
        if (mods)
            lnlt_mods_add(mods, tm, "Rooftop", "10.6");
        if (rules_smoked(st, cell)) {
            tm += smoke_tm;
            if (mods)
                lnlt_mods_add(mods, smoke_tm, "Smoke", "7.0");
        }
        return tm;
    }
    /* 13.0: a nation's exception printed on the chart (VC in jungle); the first
     * unit of the side in the hex decides, as IB-mixed stacks do not occur in the kit. */
    int ids[LNLT_MAX_UNITS];
    int n = rules_units_in(st, cell, side, ids, LNLT_MAX_UNITS);
    if (n > 0) {
        const lnlt_terrain_override *o = rules_terrain_override(ctx, t, &st->unit[ids[0]]);
        if (o)
            tm = o->tm;
    }
    if (mods)
        lnlt_mods_add(mods, tm, t->name, "10.4");
    for (int i = 0; i < LNLT_MAX_FORTS; i++) {
        if (st->fort[i].kind != LNLT_FORT_FOXHOLES || st->fort[i].cell != cell) /* foxholes: ground only */
            continue;
        int f = lnlt_tec_find(lnlt_map_tec(ctx->map), "foxholes");
        int ftm = f >= 0 ? lnlt_map_tec(ctx->map)->t[f].tm : 1;
        tm += ftm;
        if (mods)
            lnlt_mods_add(mods, ftm, "Foxholes", "21.2");
    }
    if (rules_smoked(st, cell)) {
        tm += smoke_tm;
        if (mods)
            lnlt_mods_add(mods, smoke_tm, "Smoke", "7.0");
    }
    tm += rules_crater_tm(ctx, cell, mods); /* 10.5.5: on top of the hex's */
    /* 21.1, 10.7: inside a bunker or a cave its TM adds to the hex's */
    int btm = rules_bunker_tm(ctx, cell);
    if (btm) {
        tm += btm;
        if (mods)
            lnlt_mods_add(mods, btm, rules_in_cave(ctx, cell) ? "Cave" : "Bunker", rules_in_cave(ctx, cell) ? "10.7" : "21.1");
    }
    /* 10.1, TEC: a Wreck, or a vehicle, in the hex gives Leg units +2 (once) */
    int vtm = rules_vehicle_hex_tm(ctx, st, cell, false);
    if (vtm) {
        tm += vtm;
        if (mods)
            lnlt_mods_add(mods, vtm, rules_wreck_at(st, cell) ? "Wreck" : "vehicle in the hex", "10.1");
    }
    return tm;
}

/* The 256-bit summary of the dynamic obstacles on the map (smoke and Fire For
 * Effect markers) the LOS table asks for: bit c % 256 for each hex c holding one.
 * The marker sets hold hex c at bit c of their 512, so the summary is their
 * halves or'ed together: the state's markers are the obstacle mask, kept up to
 * date by the rules that place and remove them, and no layer is built to ask the
 * table. False when the map has no obstacle at all. */
static inline void fold_markers(uint8_t *restrict out, const uint8_t *restrict a, const uint8_t *restrict b,
                                const uint8_t *restrict c, const uint8_t *restrict d)
{
    enum { HALF = LNLT_LOS_TOUCH_BITS / 8 };
    for (int j = 0; j < HALF; j++)
        out[j] = (uint8_t)(a[j] | a[j + HALF] | b[j] | b[j + HALF] | c[j] | c[j + HALF] | d[j] | d[j + HALF]);
}

static bool obstacle_mask(const lnlt_ctx *ctx, const lnlt_state *st, uint64_t *mask)
{
    enum { WORDS = LNLT_LOS_TOUCH_BITS / 64, HALF = LNLT_LOS_TOUCH_BITS / 8 };
    /* byte j of the summary is byte j and byte j + 32 of each set (little-endian
     * words): a loop the compiler does a vector at a time */
    uint8_t folded[HALF];
    fold_markers(folded, st->smoke[0], st->smoke[1], st->ffe, st->wreck); /* TEC: Wrecks degrade */
    memcpy(mask, folded, sizeof folded);
    uint64_t any = 0;
    for (int i = 0; i < WORDS; i++)
        any |= mask[i];
    /* 10.5.6.4: Fire markers block as Smoke */
    bool fire = rules_any_fire(st);
    for (int k = 0; fire && k < LNLT_MAX_FORTS; k++) {
        int c = st->fort[k].cell;
        if (st->fort[k].kind == LNLT_FORT_FIRE && c >= 0) {
            mask[(c % LNLT_LOS_TOUCH_BITS) / 64] |= 1ull << (c % 64);
            any = 1;
        }
    }
    /* 15.1.2: Rubble turns a blocking building into a degrading obstacle */
    if (st->rubble_any) {
        uint8_t rubble[HALF];
        for (int j = 0; j < HALF; j++)
            rubble[j] = (uint8_t)(st->rubble[j] | st->rubble[j + HALF]);
        for (int i = 0; i < WORDS; i++) {
            uint64_t w;
            memcpy(&w, rubble + 8 * i, sizeof w);
            mask[i] |= w;
        }
        any = 1;
    }
    /* TEC: so do vehicles, abandoned ones too */
    for (int k = 0; k < st->vehicle_count; k++) {
        int u = st->vehicle[k].unit, c = u >= 0 ? st->unit[u].cell : -1;
        if (c >= 0 && rules_is_vehicle(ctx, &st->unit[u])) {
            mask[(c % LNLT_LOS_TOUCH_BITS) / 64] |= 1ull << (c % 64);
            any = 1;
        }
    }
    return any != 0;
}
_Static_assert(sizeof(((lnlt_state *)0)->ffe) == LNLT_MAX_CELLS / 8 && sizeof(((lnlt_state *)0)->wreck) == LNLT_MAX_CELLS / 8 &&
                   LNLT_MAX_CELLS == 2 * LNLT_LOS_TOUCH_BITS,
               "marker sets are two 256-bit summaries (fold_markers)");

bool rules_los(const lnlt_ctx *ctx, const lnlt_state *st, int from, int to, lnlt_los_result *out)
{
    /* 10.2, 10.6: a unit sees from its floor's level; 21.1.1: a bunker from its hex's ground */
    int ff = lnlt_loc_floor(from), ft = lnlt_loc_floor(to);
    ff = ff == LNLT_FLOOR_BUNKER ? 0 : ff;
    ft = ft == LNLT_FLOOR_BUNKER ? 0 : ft;
    uint8_t v;
    uint64_t obstacles[LNLT_LOS_TOUCH_BITS / 64];
    bool any = ctx->los_table && obstacle_mask(ctx, st, obstacles);
    /* 15.1.2: a line from or into a rubbled hex (whose building no longer makes
     * the limited LOS of 10.3.2) is traced, the table's lines record only the
     * hexes between the ends */
    bool rubbled_end = __builtin_expect(st->rubble_any != 0, 0) &&
                       (lnlt_bit(st->rubble, lnlt_loc_cell(from)) || lnlt_bit(st->rubble, lnlt_loc_cell(to)));
    if (ctx->los_table && !rubbled_end && lnlt_los_table_lookup(ctx->los_table, lnlt_loc_cell(from), ff,
                                                lnlt_loc_cell(to), ft, any ? obstacles : NULL, &v) &&
        v != 0xFF) {
        /* The precomputed table answers the verdict, degrading count and limited
         * flag, which is all the rules ask; reasons are for the LOS tool. */
        memset(out, 0, sizeof *out);
        out->verdict = (uint8_t)(v & 3);
        out->degrade = (uint8_t)((v >> 2) & 3);
        out->limited = (uint8_t)((v >> 4) & 1);
        out->range = (int16_t)lnlt_map_cell_distance(ctx->map, lnlt_loc_cell(from), lnlt_loc_cell(to));
        return out->verdict != LNLT_LOS_BLOCKED;
    }
    lnlt_loc a = {rules_hex(ctx, from), (uint8_t)ff};
    lnlt_loc b = {rules_hex(ctx, to), (uint8_t)ft};
    /* 7.0: Smoke markers are dynamic blocking obstacles on top of the map. */
    uint8_t cells[LNLT_MAX_CELLS];
    lnlt_los_dynamic dyn = {cells};
    bool smoke = rules_smoke_layer(ctx, st, cells);
    smoke = rules_ffe_layer(ctx, st, cells, smoke); /* 18.2: FFE hexes degrade LOS */
    smoke = rules_vehicle_layer(ctx, st, cells, smoke); /* TEC: wrecks and vehicles degrade LOS */
    smoke = rules_rubble_layer(ctx, st, cells, smoke);  /* 15.1.2: Rubble instead of the building */
    if (ctx->los_table && !rubbled_end) {
        /* a line the obstacles may touch: traced with them, and answered as the
         * table answers (lnlt_los_table_get would trace it so, the obstacle mask
         * meeting the line's summary) */
        lnlt_los_result r;
        if (lnlt_los(ctx->map, a, b, smoke ? &dyn : NULL, &r)) {
            memset(out, 0, sizeof *out);
            out->verdict = r.verdict;
            out->degrade = r.degrade;
            out->limited = r.limited;
            out->range = (int16_t)lnlt_hex_distance(a.hex, b.hex);
            return out->verdict != LNLT_LOS_BLOCKED;
        }
    }
    lnlt_los(ctx->map, a, b, smoke ? &dyn : NULL, out);
    return out->verdict != LNLT_LOS_BLOCKED;
}

/* The range at which a unit (with its weapons) can reach: printed, or doubled
 * where the range is boxed for extended range (5.4). */
/* 12.0 Deadeye: a leader's doubles the ranges of his stack; a hero's, his own
 * (ruling R-DATA-03). */
static int range_factor(const lnlt_ctx *ctx, const lnlt_state *st, int unit)
{
    const lnlt_unit *u = &st->unit[unit];
    if (rules_is_hero(ctx, u))
        return rules_skill_value(ctx, u, LNLT_SE_RANGE_MULTIPLIER) > 1 ? rules_skill_value(ctx, u, LNLT_SE_RANGE_MULTIPLIER) : 1;
    int best = 1, here[LNLT_MAX_UNITS];
    int nh = rules_units_in(st, lnlt_unit_loc(u), u->side, here, LNLT_MAX_UNITS);
    for (int k = 0; k < nh; k++) {
        const lnlt_unit *l = &st->unit[here[k]];
        if (rules_is_leader(ctx, l) && rules_is_good(l)) {
            int v = rules_skill_value(ctx, l, LNLT_SE_RANGE_MULTIPLIER);
            if (v > best)
                best = v;
        }
    }
    return best;
}

/* rules_unit_reach with the range factor k (range_factor) given. */
static int reach_by(const lnlt_ctx *ctx, const lnlt_state *st, int unit, int k)
{
    const lnlt_unit *u = &st->unit[unit];
    const lnlt_unit_face *f = rules_face(ctx, u);
    int reach = f->ifp >= 0 && f->range > 0 ? lnlt_max_range(k * f->range, f->flags & LNLT_UF_EXTENDED_RANGE) : 0;
    int sws[4];
    int n = rules_sws_of(st, unit, sws, 4);
    for (int i = 0; i < n && i < 4; i++) {
        const lnlt_sw *w = &st->sw[sws[i]];
        const lnlt_sw_face *sf = (w->flags & LNLT_SW_BACK_SIDE) ? &rules_sw_type(ctx, w)->back : &rules_sw_type(ctx, w)->front;
        if (!(w->flags & LNLT_SW_JAMMED) && sf->fp >= 0 && sf->range > reach)
            reach = sf->range;
    }
    return reach;
}

int rules_unit_reach(const lnlt_ctx *ctx, const lnlt_state *st, int unit)
{
    return reach_by(ctx, st, unit, range_factor(ctx, st, unit));
}

int rules_fire_group(const lnlt_ctx *ctx, const lnlt_state *st, int from, int side, bool opfire, int *out, int cap)
{
    int n = 0, here[LNLT_MAX_UNITS];
    int nh = rules_in_melee(st, from) ? 0 : rules_units_in(st, from, side, here, LNLT_MAX_UNITS);
    for (int k = 0; k < nh; k++) {
        int i = here[k];
        const lnlt_unit *u = &st->unit[i];
        if (!rules_is_good(u))
            continue;
        if (u->marks & LNLT_MARK_FIRED)
            continue;
        /* 11.4, 11.12: snipers and marksmen fire on their own (sniper.c); 7.0: a
         * unit that laid smoke may move but not fire in that impulse. */
        if (rules_fires_alone(ctx, u) || (!opfire && (u->flags & LNLT_UNIT_LAID_SMOKE)))
            continue;
        if (opfire) {
            /* 5.3: not marked Moved, Low Crawl or Fired; OC units may, at a cost,
             * if they are MMCs (4.1: an SMC under Ops Complete does nothing). */
            if (u->marks & (LNLT_MARK_MOVED | LNLT_MARK_LOW_CRAWL | LNLT_MARK_HIT_AND_RUN))
                continue;
            if ((u->marks & LNLT_MARK_OPS_COMPLETE) && rules_is_smc(ctx, u))
                continue;
        } else if (!lnlt_bit(st->activated, i)) {
            continue;
        } else if ((u->mu_flags & LNLT_MU_CONTINUOUS) && !st->move.active) {
            continue; /* 15.5.1: a continuous mover must move on first */
        } else if ((u->flags & LNLT_UNIT_ACTIVATED) && !(u->marks & LNLT_MARK_ASSAULT_MOVE) && i != st->spotter &&
                   !rules_hit_and_run_may_fire(st, i) && !rules_joins_spotted_fire(ctx, st, i)) {
            continue; /* it moved (or acted) already; 6.1 lets assault movers fire, 6.7 hit and run movers */
        }
        /* whether it reaches at all: the range factor (at least 1) only stretches
         * a range that is there, so it is not looked up for this */
        if (!rules_is_leader(ctx, u) && reach_by(ctx, st, i, 1) <= 0)
            continue;
        if (n < cap)
            out[n] = i;
        n++;
    }
    return n;
}

int rules_fire_group_at(const lnlt_ctx *ctx, const lnlt_state *st, int from, int to, int side, bool opfire, int *out,
                        int cap)
{
    int all[LNLT_MAX_UNITS];
    int n = rules_fire_group(ctx, st, from, side, opfire, all, LNLT_MAX_UNITS);
    return rules_fire_group_for(ctx, st, from, to, opfire, all, n, out, cap);
}

int rules_fire_group_for(const lnlt_ctx *ctx, const lnlt_state *st, int from, int to, bool opfire, const int *all,
                         int n, int *out, int cap)
{
    int k = 0;
    for (int i = 0; i < n; i++) {
        /* 4.1: the unit that spotted this impulse fires only at the hex it spotted. */
        if (!opfire && (all[i] == st->spotter || rules_joins_spotted_fire(ctx, st, all[i])) && to != st->spotted_cell)
            continue; /* R-CORE-93: so do the Ops Complete units that join him */
        /* 5.3: a hex that made its opportunity attack at this entry adds only its
         * weapon teams' own attacks */
        if (opfire && rules_of_hex_fired(st, from) && rules_type(ctx, &st->unit[all[i]])->kind != LNLT_UK_WEAPON_TEAM)
            continue;
        /* 4.0, 5.2: the units of a hex fire together at one hex in an impulse; a
         * weapon team fires apart, at the same hex. A hit and run stack fires
         * during its move, wherever it is (6.7). */
        if (!opfire && !rules_hit_and_run_may_fire(st, all[i]) &&
            !rules_impulse_may_fire(st, from, to, rules_type(ctx, &st->unit[all[i]])->kind == LNLT_UK_WEAPON_TEAM))
            continue;
        /* 10.7, 21.1.2: behind a cave's or bunker's front only satchels (and, at a
         * cave, mortars) reach the inside */
        if (rules_rear_attack(ctx, from, to) && !rules_has_rear_weapon(ctx, st, all[i], to))
            continue;
        /* 10.7.2: at an empty cave, only a satchel or a flamethrower, to collapse it */
        if (!opfire && rules_empty_cave(ctx, st, to) && !rules_has_collapse_weapon(ctx, st, all[i]))
            continue;
        /* 1.7: a weapon team never fires at another floor of its own hex; the
         * other units may, at range 0 (ruling R-CORE-41) */
        if (lnlt_loc_cell(from) == lnlt_loc_cell(to) && rules_type(ctx, &st->unit[all[i]])->kind == LNLT_UK_WEAPON_TEAM)
            continue;
        if (k < cap)
            out[k] = all[i];
        k++;
    }
    return k;
}

int rules_pick(const uint8_t *pick, int *group, int n)
{
    bool any = false;
    for (int i = 0; i < LNLT_UNIT_BITS; i++)
        any |= pick[i] != 0;
    if (!any)
        return n;
    int k = 0;
    for (int i = 0; i < n; i++)
        if (lnlt_bit(pick, group[i]))
            group[k++] = group[i];
    return k;
}

static void describe_firer(const lnlt_ctx *ctx, const lnlt_state *st, int unit, int range, bool full_fp,
                           bool opfire, lnlt_fire_unit *fu, int *sw_ids);
static void keep_rear_weapons(const lnlt_ctx *ctx, int to, lnlt_fire_unit *fu, int *sw_ids);
static void keep_collapse_weapons(lnlt_fire_unit *fu, int *sw_ids);

/* 10.7, 10.7.2, 21.1.2: does the unit fire at `to` with the only weapons that may
 * (behind a front, at an empty cave), at this range? */
static bool fires_limited(const lnlt_ctx *ctx, const lnlt_state *st, int unit, int from, int to, int range,
                          bool opfire)
{
    lnlt_fire_unit fu;
    int ids[LNLT_FIRE_SW_MAX];
    describe_firer(ctx, st, unit, range, false, opfire, &fu, ids);
    if (rules_rear_attack(ctx, from, to))
        keep_rear_weapons(ctx, to, &fu, ids);
    if (!opfire && rules_empty_cave(ctx, st, to))
        keep_collapse_weapons(&fu, ids);
    return fu.sw_count > 0;
}

bool rules_can_fire_at(const lnlt_ctx *ctx, const lnlt_state *st, int from, int to, int side, bool opfire,
                       const char **why)
{
    int group[LNLT_MAX_UNITS];
    int n = rules_fire_group_at(ctx, st, from, to, side, opfire, group, LNLT_MAX_UNITS);
    int range = lnlt_hex_distance(rules_hex(ctx, from), rules_hex(ctx, to));
    int reach = 0;
    for (int i = 0; i < n; i++) {
        int r = rules_unit_reach(ctx, st, group[i]);
        if (r > reach)
            reach = r;
    }
    if (n == 0 && rules_rear_attack(ctx, from, to) && rules_bunker_fire_barred(ctx, from, to, false)) {
        *why = rules_bunker_fire_barred(ctx, from, to, false); /* 10.7, 21.1.2: and no satchel there */
        return false;
    }
    if (from == to || reach == 0) {
        *why = "no unit there can fire";
        return false;
    }
    if (range > reach) {
        *why = "out of range (5.0)";
        return false;
    }
    bool fires = false;
    bool limited = rules_rear_attack(ctx, from, to) || (!opfire && rules_empty_cave(ctx, st, to));
    for (int i = 0; i < n && !fires; i++)
        fires = limited ? fires_limited(ctx, st, group[i], from, to, range, opfire)
                        : rules_unit_fires_at(ctx, st, group[i], range, opfire);
    if (!fires) {
        *why = limited ? "no satchel charge (or mortar, or flamethrower) there reaches it at that range (10.7, 21.1.2)"
                       : "no weapon there may fire at that range now (1.6.5: mortar limits)";
        return false;
    }
    bool empty_cave = !opfire && rules_empty_cave(ctx, st, to); /* 10.7.2: an attempt to collapse it */
    if (!empty_cave && !rules_enemy_leg_in(ctx, st, to, side)) {
        *why = rules_enemy_vehicle_in(ctx, st, to, side) ? "only vehicles there: fire at one of them (17.2)"
                                                         : "no enemy unit in the target hex";
        return false;
    }
    /* 5.0: a hex holding both sides, or under a Melee marker (which stays until
     * the Administrative Phase even when one side is gone, 8.1), is never fired at. */
    int mine[1];
    if (rules_leg_units_in(ctx, st, to, side, mine, 1) > 0 || rules_in_melee(st, to)) {
        *why = "the target hex is in a melee (5.0, 8.1)";
        return false;
    }
    const char *bwhy = rules_bunker_fire_barred(ctx, from, to, false); /* 21.1, 21.1.2, 10.7 */
    if (bwhy && rules_rear_attack(ctx, from, to) && !rules_bunker_fire_barred(ctx, from, lnlt_loc_cell(to), false))
        bwhy = NULL; /* the group holds only units with a satchel (or a mortar, at a cave): they fire alone */
    if (bwhy) {
        *why = bwhy;
        return false;
    }
    lnlt_los_result los;
    if (!rules_los(ctx, st, from, to, &los)) {
        *why = "no line of sight (10.3)";
        return false;
    }
    if (empty_cave)
        return true; /* nobody there to spot or to hit: the entrance is the target */
    if (!rules_spotted(ctx, st, to, side)) {
        *why = "the target hex is not spotted (10.1)";
        return false;
    }
    bool target = false, tunnelled = false;
    int there[LNLT_MAX_UNITS];
    int nt = rules_units_in(st, to, 0, there, LNLT_MAX_UNITS);
    for (int k = 0; k < nt && !target; k++) {
        bool enemy = st->unit[there[k]].side != side && !rules_is_vehicle(ctx, &st->unit[there[k]]);
        tunnelled |= enemy && rules_tunnel_hides(ctx, st, there[k], side);
        target = enemy && rules_stealth_targetable(ctx, st, there[k], side);
    }
    if (!target) {
        *why = tunnelled ? "the units there came through a tunnel, and none of yours is in or next to their hex (10.7.1)"
                         : "only stealthy units are there, and adjacency alone does not reveal them (6.4)";
        return false;
    }
    return true;
}

/* Fills the pure layer's description of one firing unit. */
static void describe_firer(const lnlt_ctx *ctx, const lnlt_state *st, int unit, int range, bool full_fp,
                           bool opfire, lnlt_fire_unit *fu, int *sw_ids)
{
    const lnlt_unit *u = &st->unit[unit];
    const lnlt_unit_type *t = rules_type(ctx, u);
    const lnlt_unit_face *f = rules_face(ctx, u);
    memset(fu, 0, sizeof *fu);
    fu->name = t->name;
    fu->smc = lnlt_unit_kind_is_smc(t->kind);
    fu->hero = t->kind == LNLT_UK_HERO;
    fu->ifp = f->ifp > 0 ? f->ifp : 0;
    int k = range_factor(ctx, st, unit);
    fu->fires_ifp = f->ifp >= 0 && f->range > 0 && range <= lnlt_max_range(k * f->range, f->flags & LNLT_UF_EXTENDED_RANGE);
    fu->extended_range = f->range > 0 && range > k * f->range;
    fu->ops_complete = (u->marks & LNLT_MARK_OPS_COMPLETE) != 0 && !full_fp;
    fu->assaulter = (f->flags & LNLT_UF_ASSAULTER) != 0;
    fu->scout = rules_scout_abilities(ctx, st, unit); /* 11.6: not while carrying a weapon (R-SMC-20) */
    if (rules_is_mortar_team(ctx, u)) {
        /* 18.1: the team fires its mortar as a mortar weapon fires (the high die of
         * 2d6, no LM, no degrading penalty): in its range band, never as
         * opportunity fire, and not from buildings, woods or jungle. */
        fu->fires_ifp = false;
        if (f->ifp >= 0 && range <= f->range && range >= f->min_range && !opfire &&
            !rules_sw_mortar_barred(ctx, st, lnlt_unit_loc(u))) {
            sw_ids[0] = -1; /* no weapon counter: the team is its own mortar */
            lnlt_fire_sw *fs = &fu->sw[fu->sw_count++];
            fs->fp = f->ifp;
            fs->name = t->name;
            fs->kind = LNLT_SW_MORTAR;
        }
        return;
    }
    int sws[4];
    int n = rules_sws_of(st, unit, sws, 4);
    for (int i = 0; i < n && i < 4 && fu->sw_count < LNLT_FIRE_SW_MAX; i++) {
        const lnlt_sw *w = &st->sw[sws[i]];
        const lnlt_sw_type *wt = rules_sw_type(ctx, w);
        const lnlt_sw_face *sf = (w->flags & LNLT_SW_BACK_SIDE) ? &wt->back : &wt->front;
        if ((w->flags & LNLT_SW_JAMMED) || sf->fp < 0 || range > sf->range)
            continue;
        if (wt->kind == LNLT_SWK_ORDNANCE || (sf->min_range > 0 && range < sf->min_range))
            continue; /* ordnance fires on the to-hit table (14.0), not yet in the engine */
        if (wt->kind == LNLT_SWK_MORTAR && (opfire || rules_sw_mortar_barred(ctx, st, lnlt_unit_loc(u))))
            continue; /* 1.6.5: no opportunity fire, and not from buildings or woods */
        if (range == 0 && (wt->flags & LNLT_SWF_TRIPOD) && !(w->flags & LNLT_SW_BACK_SIDE))
            continue; /* 1.6.1: an assembled tripod never fires at another floor of its own hex */
        if (!rules_mounted_sw_usable(ctx, st, unit, w))
            continue; /* 6.6.1, 6.6.2: what a mounted unit may fire */
        sw_ids[fu->sw_count] = sws[i];
        lnlt_fire_sw *fs = &fu->sw[fu->sw_count++];
        fs->fp = sf->fp;
        fs->name = wt->name;
        fs->can_jam = (wt->flags & LNLT_SWF_JAM) != 0;
        fs->kind = wt->kind == LNLT_SWK_MG ? LNLT_SW_MG
                 : wt->kind == LNLT_SWK_FLAMETHROWER ? LNLT_SW_FLAMETHROWER
                 : wt->kind == LNLT_SWK_MORTAR ? LNLT_SW_MORTAR
                 : wt->kind == LNLT_SWK_SATCHEL ? LNLT_SW_SATCHEL
                 : wt->kind == LNLT_SWK_MOLOTOV ? LNLT_SW_MOLOTOV
                 : LNLT_SW_OTHER;
    }
    /* 1.6: a squad fires two weapons and gives up its IFP, or one weapon with its
     * IFP; the engine takes the larger FP, two weapons on a tie (ruling R-SW-05). */
    if (fu->sw_count == 2) {
        int best = fu->sw[1].fp > fu->sw[0].fp ? 1 : 0;
        if (fu->fires_ifp && fu->ifp + fu->sw[best].fp > fu->sw[0].fp + fu->sw[1].fp) {
            fu->sw[0] = fu->sw[best];
            sw_ids[0] = sw_ids[best];
            fu->sw_count = 1;
        } else {
            fu->fires_ifp = false;
        }
    }
    /* 1.6: a half-squad, crew or hero fires its weapon or its IFP, not both; the
     * engine takes the one that adds more (ruling R-SW-05). */
    if (fu->sw_count == 1 && fu->fires_ifp &&
        (t->kind == LNLT_UK_HALF_SQUAD || t->kind == LNLT_UK_CREW || t->kind == LNLT_UK_HERO)) {
        int sw_fp = fu->smc && fu->sw[0].kind != LNLT_SW_SATCHEL && fu->sw[0].kind != LNLT_SW_MOLOTOV
                        ? (fu->sw[0].fp + 1) / 2
                        : fu->sw[0].fp;
        if (sw_fp >= fu->ifp)
            fu->fires_ifp = false;
        else
            fu->sw_count = 0;
    }
    /* SK-RULE-002: a 0-IFP unit may still fire (FP 0 plus modifiers). */
}

bool rules_unit_fires_at(const lnlt_ctx *ctx, const lnlt_state *st, int unit, int range, bool opfire)
{
    lnlt_fire_unit fu;
    int ids[LNLT_FIRE_SW_MAX];
    describe_firer(ctx, st, unit, range, false, opfire, &fu, ids);
    return fu.fires_ifp || fu.sw_count > 0;
}

/* 6.3: low crawlers are not "moving" for the +1. */
static bool unit_is_moving(const lnlt_state *st, int unit)
{
    return st->move.active && lnlt_bit(st->move.units, unit) && st->move.mode != LNLT_MV_LOW_CRAWL &&
           !rules_stealth_mode(st->move.mode);
}

/* The penalty the way of firing brings: none, assault fire (6.1.1) or hit and run (6.7). */
enum { FIRE_PLAIN = 0, FIRE_ASSAULT = 1, FIRE_HIT_AND_RUN = 2 };
static bool fire(lnlt_step *s, int from, int to, bool opfire, int how, const uint8_t *pick, uint8_t *fired,
                 int director, int vtarget);

/* 1.6: a second good-order SMC that fires nothing of its own may crew an SMC's
 * weapon, which then fires at full FP; a leader doing so gives up his LM. The
 * engine pairs them when that makes the stronger attack (ruling R-SW-12). */
static void pair_smc_crew(const lnlt_ctx *ctx, const lnlt_state *st, const int *group, int n, const int *firer,
                          lnlt_fire_unit *fu, int nf, int leader, lnlt_fire_context *fc, int *lead,
                          lnlt_fire_attack *atk, int *crew)
{
    for (int k = 0; k < nf; k++) {
        if (!fu[k].smc || fu[k].sw_count != 1 || fu[k].sw[0].kind == LNLT_SW_SATCHEL ||
            fu[k].sw[0].kind == LNLT_SW_MOLOTOV)
            continue;
        for (int i = 0; i < n; i++) {
            int j = group[i], held[1];
            const lnlt_unit *c = &st->unit[j];
            bool fires = false;
            for (int m = 0; m < nf; m++)
                fires |= firer[m] == j;
            if (fires || !rules_is_smc(ctx, c) || !rules_is_good(c) || rules_sw_capacity(ctx, c) == 0 ||
                rules_sws_of(st, j, held, 1) > 0)
                continue;
            lnlt_fire_unit alt[LNLT_FIRE_UNITS_MAX];
            memcpy(alt, fu, (size_t)nf * sizeof *fu);
            alt[k].paired_smc_crew = true;
            lnlt_fire_context afc = *fc;
            if (j == leader) {
                afc.leader_lm = 0;
                afc.leader_name = NULL;
            }
            int alead = lnlt_fire_best_lead(alt, nf, &afc);
            lnlt_fire_attack aatk;
            if (!lnlt_fire_compute(alt, nf, alead, &afc, &aatk, NULL) || aatk.total <= atk->total)
                continue;
            memcpy(fu, alt, (size_t)nf * sizeof *fu);
            *fc = afc;
            *lead = alead;
            *atk = aatk;
            *crew = j;
            return;
        }
    }
}

/* 1.6.5: in indirect fire a unit adds its mortars alone, not its IFP nor other weapons. */
static void keep_mortars(lnlt_fire_unit *fu, int *sw_ids)
{
    int k = 0;
    fu->fires_ifp = false;
    for (int i = 0; i < fu->sw_count; i++)
        if (fu->sw[i].kind == LNLT_SW_MORTAR) {
            sw_ids[k] = sw_ids[i];
            fu->sw[k++] = fu->sw[i];
        }
    fu->sw_count = k;
}

/* 10.7, 21.1.2: from behind a cave's or bunker's front only its satchel (and, at
 * a cave, its mortar) fires: no IFP, no other weapon. */
static void keep_rear_weapons(const lnlt_ctx *ctx, int to, lnlt_fire_unit *fu, int *sw_ids)
{
    int k = 0;
    fu->fires_ifp = false;
    for (int i = 0; i < fu->sw_count; i++)
        if (fu->sw[i].kind == LNLT_SW_SATCHEL || (fu->sw[i].kind == LNLT_SW_MORTAR && rules_in_cave(ctx, to))) {
            sw_ids[k] = sw_ids[i];
            fu->sw[k++] = fu->sw[i];
        }
    fu->sw_count = k;
}

/* 10.7.2: at an empty cave only a satchel or a flamethrower fires. */
static void keep_collapse_weapons(lnlt_fire_unit *fu, int *sw_ids)
{
    int k = 0;
    fu->fires_ifp = false;
    for (int i = 0; i < fu->sw_count; i++)
        if (fu->sw[i].kind == LNLT_SW_SATCHEL || fu->sw[i].kind == LNLT_SW_FLAMETHROWER) {
            sw_ids[k] = sw_ids[i];
            fu->sw[k++] = fu->sw[i];
        }
    fu->sw_count = k;
}

/* 1.6.2: one J weapon that added FP jams; with several, a die picks it for the
 * owner. The attack is recomputed without it (ruling R-CORE-12). */
static bool jam(lnlt_step *s, const lnlt_fire_unit *fu, int nf, int lead, const lnlt_fire_context *fc,
                int (*swid)[LNLT_FIRE_SW_MAX], lnlt_fire_attack *atk)
{
    int cu[LNLT_FIRE_UNITS_MAX * LNLT_FIRE_SW_MAX], cw[LNLT_FIRE_UNITS_MAX * LNLT_FIRE_SW_MAX], nc = 0;
    for (int i = 0; i < nf; i++)
        for (int k = 0; k < fu[i].sw_count; k++)
            if (fu[i].sw[k].can_jam && fu[i].sw[k].fp > 0) {
                cu[nc] = i;
                cw[nc++] = k;
            }
    if (nc == 0)
        return true;
    int pick = 0;
    if (nc > 1) {
        int face;
        if (!lnlt_dice_roll(&s->dice, 1, NULL, "which J weapon jams", "1.6.2", &face, NULL, s->err))
            return false;
        pick = (face - 1) * nc / 6;
    }
    int before = atk->total;
    if (!lnlt_fire_jammed(fu, nf, lead, fc, cu[pick], cw[pick], atk, s->err))
        return false;
    lnlt_sw *w = &s->st->sw[swid[cu[pick]][cw[pick]]];
    w->flags |= LNLT_SW_JAMMED;
    lnlt_events_say(s->log, LNLT_EV_RESULT, "1.6.2", "sw-jammed", "equal dice: the %s jams and leaves the attack (%d -> %d)",
                    rules_sw_type(s->ctx, w)->name, before, atk->total);
    return true;
}

bool rules_fire(lnlt_step *s, int from, int to, bool opfire, const uint8_t *pick)
{
    return fire(s, from, to, opfire, FIRE_PLAIN, pick, NULL, -1, -1);
}

bool rules_fire_indirect(lnlt_step *s, int from, int to, int director)
{
    char name[LNLT_HEX_ID_MAX];
    lnlt_events_say(s->log, LNLT_EV_CHANGE, "1.6.5", "indirect", "%s directs mortar fire at %s",
                    lnlt_unit_name(s->ctx, s->st, director), rules_cell(s, to, name));
    return fire(s, from, to, false, FIRE_PLAIN, NULL, NULL, director, -1);
}

bool rules_fire_mortar_team(lnlt_step *s, int team, int to, int caller)
{
    lnlt_state *st = s->st;
    int from = lnlt_unit_loc(&st->unit[team]);
    uint8_t pick[LNLT_UNIT_BITS] = {0};
    lnlt_bit_set(pick, team);
    char name[LNLT_HEX_ID_MAX];
    lnlt_events_say(s->log, LNLT_EV_CHANGE, "18.1", "mortar-call", "%s calls the fire of %s on %s",
                    lnlt_unit_name(s->ctx, st, caller), lnlt_unit_name(s->ctx, st, team), rules_cell(s, to, name));
    int fp = rules_face(s->ctx, &st->unit[team])->ifp;
    if (!fire(s, from, to, false, FIRE_PLAIN, pick, NULL, caller, -1))
        return false;
    /* 18.1: a Fire For Effect marker stays on the hex until the admin phase
     * (ruling R-SW-15 for its strength) */
    int cell = lnlt_loc_cell(to);
    lnlt_bit_set(st->ffe, cell);
    if (fp > st->ffe_fp)
        st->ffe_fp = (uint8_t)fp;
    lnlt_events_say(s->log, LNLT_EV_CHANGE, "18.1", "ffe", "a Fire For Effect marker (FP %d) goes on %s until the administrative phase",
                    st->ffe_fp, rules_cell(s, cell, name));
    return true;
}

bool rules_fire_assault(lnlt_step *s, int from, int to, const uint8_t *pick, uint8_t *fired)
{
    return fire(s, from, to, false, FIRE_ASSAULT, pick, fired, -1, -1);
}

bool rules_fire_hit_and_run(lnlt_step *s, int from, int to, const uint8_t *pick)
{
    return fire(s, from, to, false, FIRE_HIT_AND_RUN, pick, NULL, -1, -1);
}

bool rules_fire_at_vehicle(lnlt_step *s, int from, int to, int vehicle, bool opfire, const uint8_t *pick)
{
    return fire(s, from, to, opfire, FIRE_PLAIN, pick, NULL, -1, vehicle);
}

static bool fire(lnlt_step *s, int from, int to, bool opfire, int how, const uint8_t *pick, uint8_t *fired,
                 int director, int vtarget)
{
    const lnlt_ctx *ctx = s->ctx;
    lnlt_state *st = s->st;
    int side = opfire ? lnlt_other_side(st->impulse_side) : st->impulse_side;
    int group[LNLT_MAX_UNITS];
    int n = rules_fire_group_at(ctx, st, from, to, side, opfire, group, LNLT_MAX_UNITS);
    if (pick)
        n = rules_pick(pick, group, n);
    int range = lnlt_hex_distance(rules_hex(ctx, from), rules_hex(ctx, to));
    bool empty_cave = !opfire && vtarget < 0 && rules_empty_cave(ctx, st, to); /* 10.7.2 */
    /* 4.1: units in the spotter's hex fire at full FP at the hex just spotted. */
    bool full_fp = !opfire && to == st->spotted_cell && st->spotter >= 0 && lnlt_unit_loc(&st->unit[st->spotter]) == from;
    char fromname[LNLT_HEX_ID_MAX], toname[LNLT_HEX_ID_MAX];
    rules_cell(s, from, fromname);
    rules_cell(s, to, toname);

    /* Who fires: every unit of the group that reaches the target. */
    lnlt_fire_unit fu[LNLT_FIRE_UNITS_MAX];
    int firer[LNLT_FIRE_UNITS_MAX];
    int swid[LNLT_FIRE_UNITS_MAX][LNLT_FIRE_SW_MAX]; /* state index of each fu[].sw[] */
    int nf = 0;
    /* 1.6.5: no LM on indirect fire; 11.1.3: a leader who lent his LM this impulse
     * lends it to the hex's next attack too (R-CORE-47, R-CORE-72) */
    int leader = director >= 0 ? -1 : rules_lending_leader(ctx, st, from, to, group, n, opfire, -1);
    for (int i = 0; i < n && nf < LNLT_FIRE_UNITS_MAX; i++) {
        if (group[i] == leader)
            continue;
        describe_firer(ctx, st, group[i], range, full_fp, opfire, &fu[nf], swid[nf]);
        if (director >= 0)
            keep_mortars(&fu[nf], swid[nf]);
        if (rules_rear_attack(ctx, from, to))
            keep_rear_weapons(ctx, to, &fu[nf], swid[nf]); /* 10.7, 21.1.2 */
        if (empty_cave)
            keep_collapse_weapons(&fu[nf], swid[nf]); /* 10.7.2 */
        if (!fu[nf].fires_ifp && fu[nf].sw_count == 0)
            continue;
        firer[nf++] = group[i];
    }
    /* 11.1.3: a leader holding a weapon that fires here uses it or his LM, not both. */
    lnlt_fire_unit leader_fu;
    int leader_sw[LNLT_FIRE_SW_MAX];
    bool leader_weapon = false;
    if (leader >= 0 && !(st->unit[leader].flags & LNLT_UNIT_LENT_LM) && nf < LNLT_FIRE_UNITS_MAX) {
        describe_firer(ctx, st, leader, range, full_fp, opfire, &leader_fu, leader_sw);
        leader_weapon = leader_fu.sw_count > 0;
    }
    if (nf == 0 && !leader_weapon)
        return lnlt_error_set(s->err, "no unit in %s can fire at %s", fromname, toname);

    lnlt_los_result los;
    rules_los(ctx, st, from, to, &los);
    lnlt_fire_context fc;
    memset(&fc, 0, sizeof fc);
    if (leader >= 0) {
        fc.leader_lm = rules_lm(ctx, &st->unit[leader]);
        fc.leader_name = rules_type(ctx, &st->unit[leader])->name;
    }
    fc.adjacent = range == 1;
    fc.degrading_hexes = los.degrade;
    fc.building_alley = los.limited;
    fc.out_of_smoke = rules_smoked(st, from);
    if (director >= 0) { /* 1.6.5: the firers' own line of sight does not matter */
        fc.degrading_hexes = 0;
        fc.building_alley = false;
    }
    for (int i = 0; i < nf; i++)
        if (st->unit[firer[i]].marks & LNLT_MARK_ASSAULT_MOVE)
            fc.assault_move = true;
    if (how == FIRE_ASSAULT)
        fc.assault_move = true; /* 6.1.1: the same -2 as after an assault move */
    fc.hit_and_run = how == FIRE_HIT_AND_RUN; /* 6.7: -2 for the stack */
    /* 12.0 Deadly: +FP once for the attacks of the units stacked with a
     * good-order leader holding it (whether or not he lends his LM); a hero:
     * his own attacks. Not indirect fire, which no leader aids (11.1.3, ruling
     * R-CORE-48). */
    bool indirect = director >= 0;
    for (int i = 0; i < nf; i++)
        indirect |= rules_is_mortar_team(ctx, &st->unit[firer[i]]);
    for (int i = 0; i < st->unit_count && !indirect; i++) {
        const lnlt_unit *u = &st->unit[i];
        if (lnlt_unit_loc(u) != from || u->side != side)
            continue;
        int v = rules_skill_value(ctx, u, LNLT_SE_FP_BONUS);
        bool fires = i == leader || !rules_is_hero(ctx, u);
        for (int k = 0; k < nf; k++)
            fires |= firer[k] == i;
        if (v > 0 && fires && rules_is_good(u)) {
            char src[LNLT_MOD_SOURCE_MAX];
            snprintf(src, sizeof src, "%.20s (%.15s)", rules_skill_name(ctx, u), rules_type(ctx, u)->name);
            lnlt_mods_add(&fc.extra, v, src, "12.0");
            break;
        }
    }
    bool team_mortar = false; /* 11.4: a lone sniper's TM is not doubled against a mortar team's barrage */
    for (int i = 0; i < nf; i++)
        team_mortar |= rules_is_mortar_team(ctx, &st->unit[firer[i]]);
    /* TEC Wall, Bocage, Hill, Hedge: what the line of fire adds; nothing against
     * indirect fire or a mortar team's (18.0, 18.1) */
    rules_line_effects line;
    rules_line_terrain(ctx, st, from, to, director >= 0 || team_mortar, &line);
    const lnlt_terrain *tt = rules_terrain(ctx, st, to);
    fc.moving_negated = (tt->flags & LNLT_TF_NO_MOVING_BONUS) != 0 || line.moving_negated;
    fc.target_moving = false; /* applied per target unit below (5.3) */
    /* 5.3, DFT card: -1 against a vehicle moving or marked Moved or Assault Move (17.2) */
    if (vtarget >= 0)
        fc.target_vehicle_moving = unit_is_moving(st, vtarget) ||
                                   (st->unit[vtarget].marks & (LNLT_MARK_MOVED | LNLT_MARK_ASSAULT_MOVE));

    lnlt_fire_attack atk;
    int lead = 0;
    if (nf > 0) {
        lead = lnlt_fire_best_lead(fu, nf, &fc);
        if (!lnlt_fire_compute(fu, nf, lead, &fc, &atk, s->err))
            return false;
    }
    if (leader_weapon && !rules_leader_fires_instead(ctx, st, from, to, group, n, opfire, fu, firer, swid, &nf, &leader,
                                               &leader_fu, leader_sw, &fc, &lead, &atk, s->err))
        return false;
    int crew = -1;
    if (director < 0)
        pair_smc_crew(ctx, st, group, n, firer, fu, nf, leader, &fc, &lead, &atk, &crew);
    if (crew >= 0)
        lnlt_events_say(s->log, LNLT_EV_CHANGE, "1.6", "sw-crew", "%s crews the weapon with its holder: full FP",
                        lnlt_unit_name(ctx, st, crew));

    /* The attack explained: each unit's share of the FP (5.2), the sum rounded up,
     * then the stack-wide modifiers. */
    lnlt_event *e = lnlt_events_add(s->log, LNLT_EV_CALC, opfire ? "5.3" : "5.0", "");
    if (e) {
        snprintf(e->what, sizeof e->what, "%s %.15s at %.15s", opfire ? "op fire from" : "fire from", fromname, toname);
        size_t len = 0;
        for (int i = 0; i < atk.part_count && len < sizeof e->text; i++) {
            int x8 = atk.part[i].x8;
            len += (size_t)snprintf(e->text + len, sizeof e->text - len, "%s%s %d%s", i ? " + " : "(",
                                    atk.part[i].source, x8 / 8, x8 % 8 == 4 ? ".5" : x8 % 8 ? "+" : "");
        }
        if (len < sizeof e->text)
            snprintf(e->text + len, sizeof e->text - len, "%s, range %d)", atk.part_count ? "" : "(no FP", range);
        lnlt_mods_add(&e->mods, atk.fp, "FP", "5.2");
        for (int i = 0; i < atk.drm.count && e->mods.count < LNLT_MODS_MAX; i++)
            e->mods.mod[e->mods.count++] = atk.drm.mod[i];
        e->total = (int16_t)atk.total;
        e->side = (uint8_t)side;
    }

    /* The opposed roll (5.0). */
    int ad[2], dd[1];
    lnlt_event *re;
    if (atk.uses_mortar) {
        if (!lnlt_dice_roll(&s->dice, 2, NULL, "attack (mortar: high die)", "1.6.5", ad, &re, s->err))
            return false;
        ad[0] = lnlt_high_die(ad[0], ad[1]);
    } else if (!lnlt_dice_roll(&s->dice, 1, NULL, "attack", "5.0", ad, &re, s->err)) {
        return false;
    }
    if (!lnlt_dice_roll(&s->dice, 1, NULL, "defence", "5.0", dd, NULL, s->err))
        return false;
    int target_side = lnlt_other_side(side);
    lnlt_modifiers tmparts = {0};
    /* 10.7.2: against an empty cave, the hex's TM without the cave's */
    rules_hex_tm(ctx, st, empty_cave ? lnlt_loc_cell(to) : to, target_side, &tmparts);
    /* the parts are logged when more than the hex's row makes the TM */
    if (rules_line_tm_add(&line, &tmparts) || rules_crater_tm(ctx, to, NULL))
        rules_log_tm(s, to, &tmparts);
    lnlt_modifiers tmmods = {0};
    int tm = lnlt_target_tm(&tmparts, rules_lone_sniper(ctx, st, to) && !team_mortar, &tmmods);

    int targets[LNLT_MAX_UNITS];
    /* 14.1, 17.2: fire at a hex hits its non-vehicle units; vehicles are fired at one by one */
    int nt = vtarget >= 0 ? 0 : rules_leg_units_in(ctx, st, to, target_side, targets, LNLT_MAX_UNITS), kept = 0;
    if (team_mortar) /* 18.0: a mortar team's barrage hits the enemy on every floor of the hex (R-SW-15) */
        for (int f = 0; f < LNLT_FLOORS; f++)
            if (lnlt_location(lnlt_loc_cell(to), f) != to)
                nt += rules_leg_units_in(ctx, st, lnlt_location(lnlt_loc_cell(to), f), target_side, targets + nt,
                                         LNLT_MAX_UNITS - nt);
    /* 6.4: stealth units seen only by adjacency are not hit, except by mortars */
    for (int i = 0; i < nt; i++)
        if (!rules_tunnel_hides(ctx, st, targets[i], side) && /* 10.7.1: not even mortars */
            (atk.uses_mortar || rules_stealth_targetable(ctx, st, targets[i], side)))
            targets[kept++] = targets[i];
    nt = kept;
    int dcs[LNLT_MAX_UNITS];
    /* 1.6.2: equal natural dice jam a J weapon of the attack (ruling R-CORE-12). */
    if (ad[0] == dd[0] && atk.jam_candidates > 0 && !jam(s, fu, nf, lead, &fc, swid, &atk))
        return false;
    int attack = ad[0] + atk.total, defence = dd[0] + tm;
    bool any_mover = false, any_backblast = false;
    int mu_drm = 0; /* 6.6: the modifier against mounted targets, for the log */
    for (int i = 0; i < nt; i++) {
        const lnlt_unit *u = &st->unit[targets[i]];
        /* 5.3 / DFT card: +1 against Leg units moving or marked Moved or AM, unless
         * the terrain cancels it; in a mixed hex only the movers get it. */
        bool moving = (unit_is_moving(st, targets[i]) || (u->marks & (LNLT_MARK_MOVED | LNLT_MARK_ASSAULT_MOVE))) &&
                      !(u->marks & LNLT_MARK_STEALTH); /* 6.4: no bonus against stealth */
        int mu = rules_mounted_target_drm(ctx, st, targets[i], unit_is_moving(st, targets[i])); /* 6.6 */
        moving &= mu == 0; /* an MU is not a Leg unit: its own -1 or +1 instead */
        mu_drm = mu ? mu : mu_drm;
        /* 1.6.4: +1 against a Fired holder of a backblast weapon in a building, unit
         * by unit as the moving +1 (R-CORE-141) */
        bool backblast = vtarget < 0 && rules_backblast_target(ctx, st, targets[i]);
        int a = attack + (moving && !fc.moving_negated ? 1 : 0) + mu + (backblast ? 1 : 0);
        any_mover |= moving && !fc.moving_negated;
        any_backblast |= backblast;
        int where = lnlt_unit_loc(u), own_tm = tm; /* each floor its own TM (18.0) */
        if (where != to) {
            lnlt_modifiers parts = {0};
            rules_hex_tm(ctx, st, where, target_side, &parts);
            own_tm = lnlt_target_tm(&parts, false, NULL);
        }
        dcs[i] = lnlt_dc_modifier(a, defence - tm + rules_mounted_target_tm(s, targets[i], where, own_tm)); /* 6.6 */
        if (where != to) {
            char wname[LNLT_HEX_ID_MAX], result[16] = "no effect";
            if (dcs[i] > 0)
                snprintf(result, sizeof result, "DC+%d", dcs[i]);
            lnlt_events_say(s->log, LNLT_EV_RESULT, "18.0", "other-floor", "%s in %s is hit too: %d vs 1d6 %d + TM %d = %d -> %s",
                            rules_label(ctx, st, targets[i]), rules_cell(s, where, wname), a, dd[0], own_tm,
                            dd[0] + own_tm, result);
        }
    }
    lnlt_event *v = vtarget >= 0 ? NULL : lnlt_events_add(s->log, LNLT_EV_RESULT, opfire ? "5.3" : "5.0", "opposed roll");
    if (v) {
        v->side = (uint8_t)side;
        int dcmax = empty_cave ? lnlt_dc_modifier(attack, defence) : 0; /* 10.7.2: as if a unit were there */
        for (int i = 0; i < nt; i++) /* the target location's units (other floors have their own line) */
            if (lnlt_unit_loc(&st->unit[targets[i]]) == to)
                dcmax = dcs[i] > dcmax ? dcs[i] : dcmax;
        /* a negative total (FP 1 at -2) reads "1d6 4 - 1", not "+ -1" */
        snprintf(v->text, sizeof v->text, "fire at %s: 1d6 %d %c %d%s%s%s = %d vs 1d6 %d + TM %d = %d -> %s", toname,
                 ad[0], atk.total < 0 ? '-' : '+', atk.total < 0 ? -atk.total : atk.total,
                 any_mover ? " + moving 1" : "", rules_mounted_drm_text(mu_drm),
                 any_backblast ? " + backblast 1" : "",
                 attack + (any_mover ? 1 : 0) + mu_drm + (any_backblast ? 1 : 0), dd[0], tm, defence,
                 dcmax > 0 ? "DC" : "no effect");
        if (dcmax > 0) {
            size_t len = strlen(v->text);
            snprintf(v->text + len, sizeof v->text - len, "+%d", dcmax);
        }
    }
    (void)re;
    /* Firers (and the leader lending his LM) are marked Fired (5.0, 5.0.1). */
    for (int i = 0; i < nf; i++) {
        st->unit[firer[i]].marks |= LNLT_MARK_FIRED;
        st->unit[firer[i]].flags |= LNLT_UNIT_ACTIVATED;
        if (fired)
            lnlt_bit_set(fired, firer[i]);
    }
    if (crew >= 0 && crew == leader)
        leader = -1; /* he crewed the weapon instead of lending his LM: he lent nothing (R-CORE-47) */
    if (leader >= 0) {
        /* SK-EX-006: the spotter's Ops Complete gives way to Fired. */
        st->unit[leader].marks = (uint8_t)((st->unit[leader].marks & ~LNLT_MARK_OPS_COMPLETE) | LNLT_MARK_FIRED);
        st->unit[leader].flags |= LNLT_UNIT_ACTIVATED | LNLT_UNIT_LENT_LM; /* 11.1.3: for the impulse */
        if (fired) /* 6.1.1: a leader who lent his LM to assault fire moves with the firers */
            lnlt_bit_set(fired, leader);
    }
    if (crew >= 0) { /* 1.6: the crewing SMC fired too */
        st->unit[crew].marks = (uint8_t)((st->unit[crew].marks & ~LNLT_MARK_OPS_COMPLETE) | LNLT_MARK_FIRED);
        st->unit[crew].flags |= LNLT_UNIT_ACTIVATED;
        if (fired)
            lnlt_bit_set(fired, crew);
    }
    if (director >= 0) { /* 1.6.5, 18.1: who directs or calls mortar fire is marked Ops Complete */
        st->unit[director].marks |= LNLT_MARK_OPS_COMPLETE;
        if (director == st->spotter) /* 11.1.3: and lends no LM to direct fire this turn */
            st->spot_tried = LNLT_SPOT_CALLED;
    }
    if (!opfire && how != FIRE_HIT_AND_RUN) { /* 4.0: the hex has fired at `to` */
        bool squads = leader >= 0 || crew >= 0;
        for (int i = 0; i < nf; i++)
            squads |= rules_type(ctx, &st->unit[firer[i]])->kind != LNLT_UK_WEAPON_TEAM;
        rules_impulse_note_fire(st, from, to, squads);
    }
    /* 1.6.3, 1.6.7, 1.6.8: spent and failed captured weapons leave play. */
    int used[LNLT_FIRE_UNITS_MAX * LNLT_FIRE_SW_MAX], nused = 0;
    bool any_dc = false;
    for (int i = 0; i < nf; i++)
        for (int k = 0; k < fu[i].sw_count; k++)
            if (swid[i][k] >= 0) /* a mortar team's own mortar is no weapon counter */
                used[nused++] = swid[i][k];
    for (int i = 0; i < nt; i++)
        any_dc |= dcs[i] > 0;
    any_dc |= empty_cave && lnlt_dc_modifier(attack, defence) > 0; /* 10.7.2: it would have been a DC */
    bool flame = rules_sw_flame_attack(ctx, st, used, nused);
    if (vtarget >= 0) { /* 17.2, 17.3: the vehicle and its riders take what the roll does */
        bool hit, was_good = rules_is_good(&st->unit[vtarget]);
        if (!rules_small_arms_on_vehicle(s, vtarget, from, ad[0] + atk.total, dd[0], opfire, &hit))
            return false;
        /* 1.6.7: a DFT attack with a Molotov that shakes a vehicle: its crew abandons it */
        bool molotov = false;
        for (int i = 0; i < nused; i++)
            molotov |= rules_sw_type(ctx, &st->sw[used[i]])->kind == LNLT_SWK_MOLOTOV;
        if (molotov && was_good && rules_on_map(&st->unit[vtarget]) && !rules_is_good(&st->unit[vtarget]) &&
            !rules_vehicle_abandoned(st, vtarget) && !rules_vehicle_abandon(s, vtarget, "1.6.7"))
            return false;
        rules_sw_after_fire(s, used, nused, hit);
        return true;
    }
    rules_sw_after_fire(s, used, nused, any_dc);
    uint8_t was_good[LNLT_UNIT_BITS] = {0};
    for (int i = 0; i < nt; i++)
        if (rules_is_good(&st->unit[targets[i]]))
            lnlt_bit_set(was_good, targets[i]);
    /* The damage checks, per unit with its own modifier. */
    if (!rules_damage_checks(s, targets, dcs, nt))
        return false;
    /* 10.5.6.1: a natural 6 against enemy units in a Flammable location may set it
     * afire; a lone SMC only with a flamethrower (molotovs count as flame, +5);
     * a mortar team's fire +3 (a mortar support weapon is no Mortar WT) */
    bool lone_smc = true;
    for (int i = 0; i < nf; i++)
        lone_smc &= rules_is_smc(ctx, &st->unit[firer[i]]);
    if (nt > 0 && (!lone_smc || flame) &&
        !rules_fire_start_check(s, to, ad[0], false, flame ? 5 : team_mortar ? 3 : 0))
        return false;
    if (team_mortar) { /* 17.4: a mortar team's barrage hits the vehicles there too */
        int vs[LNLT_MAX_UNITS];
        int nv = rules_vehicles_in(ctx, st, lnlt_location(lnlt_loc_cell(to), 0), target_side, vs, LNLT_MAX_UNITS);
        for (int i = 0; i < nv; i++) {
            bool any;
            if (!rules_vehicle_hit_by(s, vs[i], from, attack, dd[0], HIT_BARRAGE, &any))
                return false;
        }
    }
    /* 10.7.2: a satchel's or flamethrower's damage check collapses a cave; its
     * occupants go into the tunnel instead of the flamethrower's retreat (R-CORE-125) */
    if (any_dc && rules_in_cave(ctx, to) && rules_sw_collapses_caves(ctx, st, used, nused))
        return rules_cave_collapse(s, to);
    return !flame || rules_sw_flame_retreats(s, from, targets, nt, was_good);
}
