/*
 * fire_firers.c: who fires in direct fire (rules 5.0-5.6) and with what: a unit's
 * reach (5.4 extended range; 12.0 Deadeye), which units of a hex fire together at
 * a hex, whether they may fire at it (range, LOS, spotting; the weapons left behind
 * a cave's or bunker's front, 10.7, 21.1.2), and the pure layer's description of a
 * firing unit with the weapons it adds (1.6).
 */
#include <string.h>

#include "lnlt/combat.h"
#include "rules/fire_internal.h"
#include "rules/internal.h"

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

/* 1.6.5: in indirect fire a unit adds its mortars alone, not its IFP nor other weapons. */
void rules_keep_mortars(lnlt_fire_unit *fu, int *sw_ids)
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
void rules_keep_rear_weapons(const lnlt_ctx *ctx, int to, lnlt_fire_unit *fu, int *sw_ids)
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
void rules_keep_collapse_weapons(lnlt_fire_unit *fu, int *sw_ids)
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

/* 10.7, 10.7.2, 21.1.2: does the unit fire at `to` with the only weapons that may
 * (behind a front, at an empty cave), at this range? */
static bool fires_limited(const lnlt_ctx *ctx, const lnlt_state *st, int unit, int from, int to, int range,
                          bool opfire)
{
    lnlt_fire_unit fu;
    int ids[LNLT_FIRE_SW_MAX];
    rules_describe_firer(ctx, st, unit, range, false, opfire, &fu, ids);
    if (rules_rear_attack(ctx, from, to))
        rules_keep_rear_weapons(ctx, to, &fu, ids);
    if (!opfire && rules_empty_cave(ctx, st, to))
        rules_keep_collapse_weapons(&fu, ids);
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
void rules_describe_firer(const lnlt_ctx *ctx, const lnlt_state *st, int unit, int range, bool full_fp,
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
    rules_describe_firer(ctx, st, unit, range, false, opfire, &fu, ids);
    return fu.fires_ifp || fu.sw_count > 0;
}
