/*
 * ordnance.c: firing ordnance (rules 14.0-14.4) as the engine performs it: which
 * units fire which guns (vehicles' guns, gun teams' guns, ordnance support
 * weapons), at what (one vehicle, or every non-vehicle unit of a hex, 14.1), in
 * their covered arc (turrets turn at +1, 15.1.1; hulls and gun teams pivot first,
 * 15.1, 1.7.1), the to-hit roll with every OFT modifier, the hit on the turret or
 * the hull and the face it strikes (14.1.3), penetration and what it does to the
 * vehicle and its riders (14.1, 14.1.1, 14.1.2, 14.2.2, 16.2), HE against
 * non-vehicles (14.1, 14.2.1), "N x" shots, split tables and their ammunition
 * (14.1) and ATGM depletion (14.4.1); the Acquiring and Acquisition markers
 * (14.3) are in acquisition.c, the ATGM's reaction window (14.4) in atgm.c, the
 * list of legal shots in ordnance_actions.c. The arithmetic is in
 * src/rules/calc/ (lnlt/ordnance.h).
 */
#include <string.h>

#include "lnlt/combat.h"
#include "lnlt/ordnance.h"
#include "lnlt/scenario.h"
#include "rules/internal.h"

/* One piece of ordnance a unit holds. */
typedef struct ord_weapon {
    const char *name;
    const lnlt_to_hit *table;
    int he, shots, ammo, depletion;
    bool hull;     /* fires through the hull's (or the gun team's) arc, not a turret's */
    bool turret;   /* a turret gun */
    int sw;        /* support weapon index, or -1 */
} ord_weapon;

static bool weapon_of(const lnlt_ctx *ctx, const lnlt_state *st, int unit, int code, ord_weapon *w)
{
    const lnlt_unit *u = &st->unit[unit];
    memset(w, 0, sizeof *w);
    w->sw = -1;
    if (code >= LNLT_WEAPON_SW) {
        int i = code - LNLT_WEAPON_SW;
        if (i >= st->sw_count || st->sw[i].holder != unit)
            return false;
        const lnlt_sw_type *t = rules_sw_type(ctx, &st->sw[i]);
        if (t->kind != LNLT_SWK_ORDNANCE || t->to_hit_count != 3 || (st->sw[i].flags & (LNLT_SW_JAMMED | LNLT_SW_USED)))
            return false;
        w->name = t->name;
        w->table = t->to_hit;
        w->he = t->he;
        w->shots = 1;
        w->ammo = (t->flags & LNLT_SWF_HEAT) ? LNLT_AMMO_HEAT : (t->flags & LNLT_SWF_AA) ? LNLT_AMMO_AA : LNLT_AMMO_AP;
        w->depletion = t->depletion;
        w->sw = i;
        return true;
    }
    const lnlt_vehicle_type *vt = rules_vtype(ctx, u);
    const lnlt_gun *g = NULL;
    if (vt && code >= 0 && code < vt->gun_count)
        g = &vt->gun[code];
    else if (!vt && code == 0 && rules_is_gun_team(ctx, u))
        g = &ctx->catalog->gun[rules_type(ctx, u)->gun];
    if (!g)
        return false;
    w->name = g->name;
    w->table = g->to_hit;
    w->he = g->he;
    w->shots = g->shots;
    w->ammo = g->ammo;
    w->depletion = g->depletion;
    w->turret = vt && (vt->flags & LNLT_VF_TURRET) && !(g->flags & LNLT_GUNF_HULL);
    w->hull = !w->turret;
    return true;
}

/* ---- who fires ---- */

/* The unit of a weapon team, vehicle or holder, ready to fire ordnance now. */
bool rules_ord_firer_ready(const lnlt_ctx *ctx, const lnlt_state *st, int unit, bool opfire, bool moving)
{
    const lnlt_unit *u = &st->unit[unit];
    if (!rules_on_map(u) || !rules_is_good(u) || rules_in_melee(st, lnlt_unit_loc(u)))
        return false;
    bool vehicle = rules_is_vehicle(ctx, u);
    if (vehicle && rules_vehicle_abandoned(st, unit))
        return false;
    const lnlt_vehicle *v = rules_veh_c(st, unit);
    if (opfire) {
        /* 5.3: not Moved, Low Crawl, Hit & Run or Fired; 15.5: not a continuous mover */
        if (u->marks & (LNLT_MARK_MOVED | LNLT_MARK_LOW_CRAWL | LNLT_MARK_HIT_AND_RUN | LNLT_MARK_FIRED))
            return false;
        return !(v && (v->flags & LNLT_VEH_CONTINUOUS));
    }
    if (moving) /* 15.2.2: a modern vehicle fires during its assault move */
        return vehicle && st->move.active && lnlt_bit(st->move.units, unit) && !(u->marks & LNLT_MARK_FIRED);
    if (!lnlt_bit(st->activated, unit))
        return false;
    if (vehicle || rules_is_gun_team(ctx, u)) {
        if (!v)
            return false; /* no slot (more than LNLT_MAX_VEHICLES): the validator refuses such a set-up */
        if ((u->marks & LNLT_MARK_FIRED) && v->fire_loc < 0)
            return false; /* fired in an earlier impulse */
        if (v->flags & LNLT_VEH_ASSAULT_FIRE)
            return !(v->impulse & LNLT_VI_MOVED); /* 15.2.1: it fires before it moves */
        if (u->marks & LNLT_MARK_MOVED)
            return false;
        if ((u->flags & LNLT_UNIT_ACTIVATED) && !(u->marks & (LNLT_MARK_ASSAULT_MOVE | LNLT_MARK_FIRED)) &&
            !(v->impulse & LNLT_VI_PIVOTED))
            return false; /* it moved, or did something else */
        return true;
    }
    /* A weapon's holder fires it apart from its hex's other fire (14.0), once a
     * turn, in the impulse it is activated: not after a plain move, nor a stealth
     * move unless it was a stealth assault move (6.4.1: it fires, at +1). */
    if ((u->marks & LNLT_MARK_STEALTH) && !(u->marks & LNLT_MARK_ASSAULT_MOVE))
        return false;
    return !(u->marks & (LNLT_MARK_MOVED | LNLT_MARK_LOW_CRAWL | LNLT_MARK_HIT_AND_RUN));
}

/* The level of a location for 23.1.1: its ground, floor, roof or stand (a bunker's
 * or cave's inside is at its hex's ground, as for line of sight). */
static int level_of(const lnlt_ctx *ctx, int loc)
{
    int floor = lnlt_loc_floor(loc) == LNLT_FLOOR_BUNKER ? 0 : lnlt_loc_floor(loc);
    lnlt_loc l = {rules_hex(ctx, loc), (uint8_t)floor};
    int level = 0;
    return lnlt_map_loc_level(ctx->map, l, &level) ? level : 0;
}

/* 1.6.4, 21.1, 10.7: where an ordnance support weapon may not be fired from. */
static bool sw_place_barred(const lnlt_ctx *ctx, const lnlt_state *st, int sw, int loc)
{
    const lnlt_sw_type *t = rules_sw_type(ctx, &st->sw[sw]);
    return lnlt_loc_floor(loc) == LNLT_FLOOR_BUNKER && !(t->flags & LNLT_SWF_BUNKER_FIRE);
}

/* May this unit fire weapon `code` now at all (ammunition, shots, fired before)? */
static bool weapon_ready(const lnlt_ctx *ctx, const lnlt_state *st, int unit, int code, const ord_weapon *w,
                         const char **why)
{
    const lnlt_vehicle *v = rules_veh_c(st, unit);
    if (w->ammo == LNLT_AMMO_ATGM) { /* 14.4: neither with nor after an assault move, nor as assault fire */
        bool assault_moving = st->move.active && lnlt_bit(st->move.units, unit) &&
                              (st->move.mode == LNLT_MV_VEHICLE_ASSAULT || st->move.mode == LNLT_MV_ASSAULT);
        if ((st->unit[unit].marks & LNLT_MARK_ASSAULT_MOVE) || assault_moving) {
            *why = "no unit fires an ATGM with or after an assault move (14.4)";
            return false;
        }
        if (v && (v->flags & LNLT_VEH_ASSAULT_FIRE)) {
            *why = "an ATGM is never fired as assault fire (14.4)";
            return false;
        }
    }
    if (w->sw >= 0) {
        if (lnlt_bit(st->sw_fired, w->sw)) {
            *why = "that weapon has fired this turn";
            return false;
        }
        if (!rules_mounted_sw_usable(ctx, st, unit, &st->sw[w->sw])) {
            *why = "a mounted unit fires no ordnance (6.6.2)";
            return false;
        }
        if (sw_place_barred(ctx, st, w->sw, lnlt_unit_loc(&st->unit[unit]))) {
            *why = rules_in_cave(ctx, lnlt_unit_loc(&st->unit[unit])) ? "this weapon is not fired from a cave (1.6.4, 10.7)"
                                                                      : "this weapon is not fired from a bunker (1.6.4, 21.1)";
            return false;
        }
        return true;
    }
    if (!v)
        return false;
    int at = lnlt_unit_loc(&st->unit[unit]);
    const lnlt_terrain *here = rules_terrain(ctx, st, at);
    if (w->ammo == LNLT_AMMO_ATGM && rules_is_gun_team(ctx, &st->unit[unit]) &&
        ((here->flags & (LNLT_TF_BUILDING | LNLT_TF_HUT)) || lnlt_loc_floor(at) == LNLT_FLOOR_BUNKER)) {
        /* caves: the bunker's place of the location numbering (R-CORE-120, as R-VEH-35 foresaw) */
        *why = rules_in_cave(ctx, at) ? "an ATGM team does not fire from a cave (14.4)"
                                      : "an ATGM team does not fire from a building or a bunker (14.4)";
        return false;
    }
    if (w->ammo == LNLT_AMMO_ATGM && (v->flags & LNLT_VEH_ATGM_EXPENDED)) {
        *why = "its ATGM is expended (14.4.1)";
        return false;
    }
    int fired = (v->shots >> (4 * code)) & 0x0F;
    if (fired >= (w->ammo == LNLT_AMMO_ATGM ? 1 : w->shots)) {
        *why = "that gun has fired all its shots (14.1)";
        return false;
    }
    /* 14.1: one type of ammunition a turn, unless both guns fire AP; 14.4: one of
     * an ATGM and its vehicle's other gun an impulse */
    const lnlt_vehicle_type *vt = rules_vtype(ctx, &st->unit[unit]);
    for (int g = 0; vt && g < vt->gun_count; g++) {
        if (g == code || !(v->turn & (LNLT_VT_GUN0 << g)))
            continue;
        if (vt->gun[g].ammo != w->ammo || w->ammo != LNLT_AMMO_AP) {
            *why = "its other gun fired another ammunition this turn (14.1)";
            return false;
        }
    }
    return true;
}

/* ---- the shot's geometry ---- */

/* The corner the weapon faces now: its turret's, or its hull's or gun's. */
static int weapon_corner(const lnlt_state *st, int unit, const ord_weapon *w)
{
    const lnlt_vehicle *v = rules_veh_c(st, unit);
    return v ? (w->turret ? v->turret : v->facing) : 0;
}

typedef struct shot_plan {
    int range, column;
    bool turret_turns;   /* 15.1.1: +1 */
    bool pivots;         /* 15.1, 1.7.1: a pivot to fire (opportunity fire only, or after one) */
    int new_corner;      /* where the turret or hull faces after it */
    lnlt_los_result los;
} shot_plan;

/* Can `unit` fire weapon w from `from` at `to` (target vehicle tv or -1)? */
static bool plan_shot(const lnlt_ctx *ctx, const lnlt_state *st, int unit, const ord_weapon *w, int from, int to,
                      int tv, bool opfire, shot_plan *p, const char **why)
{
    memset(p, 0, sizeof *p);
    int side = st->unit[unit].side;
    p->range = lnlt_hex_distance(rules_hex(ctx, from), rules_hex(ctx, to));
    if (p->range == 0 && lnlt_loc_floor(from) != LNLT_FLOOR_BUNKER && lnlt_loc_floor(to) != LNLT_FLOOR_BUNKER) {
        *why = "ordnance fires at another hex (14.1)";
        return false;
    }
    p->column = lnlt_oft_column(w->table, p->range > 0 ? p->range : 1);
    if (p->column < 0) {
        *why = "beyond the weapon's to-hit table, or a '*' column (14.1)";
        return false;
    }
    if (tv >= 0) {
        const lnlt_unit *t = &st->unit[tv];
        if (!rules_vehicle_live(ctx, st, tv) || t->side == side || lnlt_unit_loc(t) != to) {
            *why = "no enemy vehicle to fire at there";
            return false;
        }
    } else {
        if (w->he == LNLT_NONE) {
            *why = "a '*' HE equivalent fires at vehicles only (14.1)";
            return false;
        }
        if (!rules_enemy_leg_in(ctx, st, to, side)) {
            *why = "no enemy non-vehicle unit there";
            return false;
        }
        int mine[1];
        if (rules_leg_units_in(ctx, st, to, side, mine, 1) > 0 || rules_in_melee(st, to)) {
            *why = "the hex holds units of both sides (5.0)";
            return false;
        }
        /* 14.4: an ATGM fires at infantry only in buildings or bunkers */
        const lnlt_terrain *tt = rules_terrain(ctx, st, to);
        if (w->ammo == LNLT_AMMO_ATGM && !(tt->flags & (LNLT_TF_BUILDING | LNLT_TF_HUT)) &&
            (lnlt_loc_floor(to) != LNLT_FLOOR_BUNKER || rules_in_cave(ctx, to))) { /* a cave is not named */
            *why = "an ATGM fires at infantry only in buildings and bunkers (14.4)";
            return false;
        }
    }
    const char *bwhy = rules_bunker_fire_barred(ctx, from, to, true);
    if (bwhy) {
        *why = bwhy;
        return false;
    }
    if (w->sw >= 0 && (rules_sw_type(ctx, &st->sw[w->sw])->flags & LNLT_SWF_NO_FIRE_DOWN) &&
        level_of(ctx, from) > level_of(ctx, to)) {
        *why = "this weapon never fires at a target below its firer's level (1.6.4, 23.1.1)";
        return false;
    }
    if (!rules_los(ctx, st, from, to, &p->los)) {
        *why = "no line of sight (10.3)";
        return false;
    }
    /* 10.1, 14.3: the hex is spotted, or the firer has acquired the target */
    if (!rules_spotted(ctx, st, to, side) && !rules_acq_level(ctx, st, unit, rules_acq_code(st, tv, to))) {
        *why = "the target hex is not spotted (10.1)";
        return false;
    }
    /* 14.1, 15.1.1: the covered arc; a turret turns at +1, a hull or a gun pivots */
    const lnlt_vehicle *v = rules_veh_c(st, unit);
    if (v) {
        lnlt_hex fh = rules_hex(ctx, from), th = rules_hex(ctx, to);
        int corner = weapon_corner(st, unit, w);
        p->new_corner = corner;
        if (!lnlt_in_covered_arc(fh, corner, th)) {
            p->new_corner = lnlt_corner_toward(fh, corner, th);
            if (w->turret)
                p->turret_turns = true;
            else if (opfire || rules_is_gun_team(ctx, &st->unit[unit])) {
                /* 15.1, 1.7.1: a pivot to fire, at +1; a gun team up to its MF (two corners a MP) */
                int mf = rules_face(ctx, &st->unit[unit])->mf;
                if (rules_is_gun_team(ctx, &st->unit[unit]) &&
                    lnlt_pivot_cost2(corner, p->new_corner, true) > 2 * (mf > 0 ? mf : 0)) {
                    *why = "the gun cannot pivot that far (1.7.1)";
                    return false;
                }
                p->pivots = true;
            } else {
                *why = "outside its covered arc: pivot first (14.1, 15.1)";
                return false;
            }
        }
    }
    return true;
}

/* 15.0: every weapon of a vehicle fires at one hex in its impulse. */
static bool same_hex_rule(const lnlt_state *st, int unit, int to)
{
    const lnlt_vehicle *v = rules_veh_c(st, unit);
    return !v || v->fire_loc < 0 || v->fire_loc == to;
}

/* "N x" (14.1): a further shot of the same gun goes to the first target's hex or one
 * next to it (ruling R-VEH-11). */
static bool next_shot_ok(const lnlt_ctx *ctx, const lnlt_state *st, int unit, int code, int to)
{
    const lnlt_vehicle *v = rules_veh_c(st, unit);
    if (!v || code >= LNLT_WEAPON_SW || ((v->shots >> (4 * code)) & 0x0F) == 0 || v->fire_loc < 0)
        return true;
    return lnlt_hex_distance(rules_hex(ctx, v->fire_loc), rules_hex(ctx, to)) <= 1;
}

bool rules_ord_can_shoot(const lnlt_ctx *ctx, const lnlt_state *st, int unit, int code, int to, int tv, bool opfire,
                         bool moving, const char **why)
{
    ord_weapon w;
    shot_plan p;
    if (!weapon_of(ctx, st, unit, code, &w)) {
        *why = "no such ordnance";
        return false;
    }
    if (!rules_ord_firer_ready(ctx, st, unit, opfire, moving)) {
        *why = "that unit may not fire now";
        return false;
    }
    if (!weapon_ready(ctx, st, unit, code, &w, why))
        return false;
    if (opfire && (to != st->move.cell || !st->move.active)) {
        *why = "opportunity fire goes at the moving units' hex (5.3)";
        return false;
    }
    const lnlt_vehicle *v = rules_veh_c(st, unit);
    bool tied = v && v->fire_loc >= 0;
    if (tied && (code >= LNLT_WEAPON_SW || ((v->shots >> (4 * code)) & 0x0F) == 0) && !same_hex_rule(st, unit, to)) {
        *why = "a vehicle fires all its weapons at one hex (15.0)";
        return false;
    }
    if (!next_shot_ok(ctx, st, unit, code, to)) {
        *why = "a further shot goes to the first target's hex or one next to it (14.1)";
        return false;
    }
    return plan_shot(ctx, st, unit, &w, lnlt_unit_loc(&st->unit[unit]), to, tv, opfire, &p, why);
}

/* ---- the shot ---- */

/* 11.1.3: the best LM of a good-order leader of the firer's IB in its hex who
 * neither moved nor holds a weapon; 11.5: a vehicle's armor leader. */
static int ord_leader(const lnlt_ctx *ctx, const lnlt_state *st, int unit, int *lm)
{
    const lnlt_unit *u = &st->unit[unit];
    *lm = 0;
    if (rules_is_vehicle(ctx, u)) {
        *lm = rules_armor_leader_lm(ctx, st, unit);
        return -1;
    }
    int best = -1;
    for (int i = 0; i < st->unit_count; i++) {
        const lnlt_unit *l = &st->unit[i];
        int held[1];
        if (i == unit || lnlt_unit_loc(l) != lnlt_unit_loc(u) || l->side != u->side || !rules_is_leader(ctx, l) ||
            !rules_is_good(l) || !rules_same_ib(ctx, l, u) || rules_sws_of(st, i, held, 1) > 0 ||
            (l->marks & (LNLT_MARK_MOVED | LNLT_MARK_LOW_CRAWL | LNLT_MARK_OPS_COMPLETE)))
            continue;
        if (rules_lm(ctx, l) > *lm) {
            *lm = rules_lm(ctx, l);
            best = i;
        }
    }
    return best;
}

bool rules_backblast_target(const lnlt_ctx *ctx, const lnlt_state *st, int unit)
{
    const lnlt_unit *t = &st->unit[unit];
    const lnlt_terrain *tt = rules_terrain(ctx, st, lnlt_unit_loc(t));
    if (!(t->marks & LNLT_MARK_FIRED) || !(tt->flags & (LNLT_TF_BUILDING | LNLT_TF_HUT)) ||
        lnlt_loc_floor(lnlt_unit_loc(t)) == LNLT_FLOOR_BUNKER)
        return false;
    int sws[8];
    int k = rules_sws_of(st, unit, sws, 8);
    for (int j = 0; j < k; j++) {
        const lnlt_sw_type *swt = rules_sw_type(ctx, &st->sw[sws[j]]);
        if (swt->kind == LNLT_SWK_ORDNANCE && !(swt->flags & LNLT_SWF_BUNKER_FIRE))
            return true;
    }
    return false;
}

/* The TM a target vehicle gets from its hex: the terrain, Smoke, a Wreck (TEC). */
int rules_vehicle_tm(const lnlt_ctx *ctx, const lnlt_state *st, int loc, lnlt_modifiers *mods)
{
    const lnlt_terrain *t = rules_terrain(ctx, st, loc);
    int tm = t->tm > 0 ? t->tm : 0;
    if (mods && tm)
        lnlt_mods_add(mods, tm, t->name, "10.4");
    if (rules_smoked(st, loc)) {
        tm += 1;
        if (mods)
            lnlt_mods_add(mods, 1, "Smoke", "7.0");
    }
    int w = rules_vehicle_hex_tm(ctx, st, loc, true);
    if (w) {
        tm += w;
        if (mods)
            lnlt_mods_add(mods, w, "Wreck", "10.1");
    }
    return tm > 4 ? 4 : tm;
}

static bool unit_moving(const lnlt_state *st, int unit)
{
    return st->move.active && lnlt_bit(st->move.units, unit) && st->move.mode != LNLT_MV_LOW_CRAWL &&
           !rules_stealth_mode(st->move.mode);
}

static bool era_modern(const lnlt_ctx *ctx, const lnlt_unit *u)
{
    return ctx->catalog->nation[rules_type(ctx, u)->nation].era == LNLT_ERA_MODERN;
}

/* The OFT modifiers of one shot (T4). */
static void oft_context(const lnlt_ctx *ctx, const lnlt_state *st, int unit, const ord_weapon *w, int to, int tv,
                        bool opfire, const shot_plan *p, int leader_lm, lnlt_oft_context *c)
{
    const lnlt_unit *u = &st->unit[unit];
    const lnlt_vehicle *v = rules_veh_c(st, unit);
    bool vehicle = rules_is_vehicle(ctx, u);
    memset(c, 0, sizeof *c);
    c->leader_lm = leader_lm;
    c->buttoned = vehicle && rules_vehicle_buttoned(ctx, st, unit);
    c->turret_rotated = p->turret_turns;
    c->pivoted = p->pivots || (v && (v->impulse & LNLT_VI_PIVOTED) && !(u->marks & LNLT_MARK_ASSAULT_MOVE));
    if (!vehicle && !rules_is_gun_team(ctx, u)) {
        c->leg_assault = (u->marks & LNLT_MARK_ASSAULT_MOVE) && rules_type(ctx, u)->kind != LNLT_UK_SCOUT;
        c->smc_sw = rules_is_smc(ctx, u);
    }
    c->degrading_hexes = p->los.degrade;
    c->building_alley = p->los.limited;
    c->out_of_smoke = rules_smoked(st, lnlt_unit_loc(u)) && !(vehicle && (rules_vtype(ctx, u)->flags & LNLT_VF_TIS));
    if (vehicle) {
        c->vehicle_assault = (u->marks & LNLT_MARK_ASSAULT_MOVE) || (v->flags & LNLT_VEH_ASSAULT_FIRE) ||
                             (st->move.active && lnlt_bit(st->move.units, unit));
        c->mvam = era_modern(ctx, u) && rules_vehicle_armored(ctx, u) && w->ammo == LNLT_AMMO_AP; /* 15.2.2 */
    }
    c->ops_complete = opfire && (u->marks & LNLT_MARK_OPS_COMPLETE);
    c->adjacent = p->range == 1;
    if (tv >= 0) {
        const lnlt_unit *t = &st->unit[tv];
        c->target_tm = rules_vehicle_tm(ctx, st, to, NULL);
        c->target_moving = unit_moving(st, tv) || (t->marks & (LNLT_MARK_MOVED | LNLT_MARK_ASSAULT_MOVE));
        const lnlt_vehicle_type *tt = rules_vtype(ctx, t);
        const lnlt_vehicle *tvv = rules_veh_c(st, tv);
        if (rules_option(ctx, LNLT_OPT_SIZE_SPEED)) { /* 15.6 (optional) */
            c->size_drm = tt->size_drm;
            c->target_speed = lnlt_speed_drm_applies((lnlt_move_class)tt->move_class,
                                                     rules_type(ctx, t)->front.mf, c->target_moving,
                                                     tvv->road_mp2 / 2);
        }
    } else {
        lnlt_modifiers parts = {0};
        int target_side = lnlt_other_side(u->side);
        rules_hex_tm(ctx, st, to, target_side, &parts);
        int tree = rules_tree_lined_tm(ctx, lnlt_unit_loc(u), to); /* 10.5.3: all fire not along the road */
        if (tree)
            lnlt_mods_add(&parts, tree, "Tree-lined road, fire not along it", "10.5.3");
        c->target_tm = lnlt_target_tm(&parts, rules_lone_sniper(ctx, st, to), NULL);
        int legs[LNLT_MAX_UNITS];
        int n = rules_leg_units_in(ctx, st, to, target_side, legs, LNLT_MAX_UNITS);
        bool moving = false, backblast = false, still_mu = n > 0;
        const lnlt_terrain *tt = rules_terrain(ctx, st, to);
        for (int i = 0; i < n; i++) {
            const lnlt_unit *t = &st->unit[legs[i]];
            bool m = (unit_moving(st, legs[i]) || (t->marks & (LNLT_MARK_MOVED | LNLT_MARK_ASSAULT_MOVE))) &&
                     !(t->marks & LNLT_MARK_STEALTH);
            moving |= m;
            still_mu &= rules_mounted_target_drm(ctx, st, legs[i], unit_moving(st, legs[i])) > 0;
            /* 1.6.4: one shot at the hex: -1 when any of its units qualifies (R-CORE-141) */
            backblast |= rules_backblast_target(ctx, st, legs[i]);
        }
        c->target_moving = moving && !(tt->flags & LNLT_TF_NO_MOVING_BONUS) && !(p->los.to_side != LNLT_NO_FEATURE &&
                           (lnlt_map_tec(ctx->map)->t[p->los.to_side].flags & LNLT_TF_CROSS_NO_MOVING_BONUS));
        c->mu_still = still_mu;
        c->backblast = backblast;
    }
    c->acquisition = rules_acq_level(ctx, st, unit, rules_acq_code(st, tv, to));
}

/* 16.2: the outside passengers of a vehicle hit but not destroyed, or of one that
 * fires its gun, get off under Moved markers and check morale. */
static bool outside_off(lnlt_step *s, int vehicle, const char *rule)
{
    int r[1];
    if (!rules_riders(s->st, vehicle, RIDER_OUTSIDE, r, 1))
        return true;
    return rules_riders_off(s, vehicle, RIDER_OUTSIDE, true, rule);
}

int riders_best_lm(const lnlt_ctx *ctx, const lnlt_state *st, const int *units, int n);

static const char *const face_name[3] = {"front", "flank", "rear"};

bool rules_ord_impact_of(const lnlt_ctx *ctx, const lnlt_state *st, int unit, int code, int tv, bool turret_roll,
                         rules_ord_impact *out)
{
    ord_weapon w;
    memset(out, 0, sizeof *out);
    const lnlt_unit *t = &st->unit[tv];
    const lnlt_vehicle_type *vt = rules_vtype(ctx, t);
    const lnlt_vehicle *tvv = rules_veh_c(st, tv);
    if (!vt || !tvv || !weapon_of(ctx, st, unit, code, &w))
        return false;
    lnlt_hex vh = rules_hex(ctx, t->cell), fh = rules_hex(ctx, lnlt_unit_loc(&st->unit[unit]));
    int range = lnlt_hex_distance(vh, fh);
    int column = lnlt_oft_column(w.table, range > 0 ? range : 1);
    if (column < 0)
        return false;
    out->turret = turret_roll && (vt->flags & LNLT_VF_TURRET);
    int part = out->turret ? LNLT_TURRET : LNLT_HULL;
    int corner = out->turret ? tvv->turret : tvv->facing;
    out->face = lnlt_weakest_face(vt->armor[part], lnlt_impact_faces(vh, corner, fh));
    out->af = vt->armor[part][out->face];
    out->pv = w.table[column].pv;
    bool red = (vt->red >> (part * 3 + out->face)) & 1;
    out->heat_red = red && (w.ammo == LNLT_AMMO_HEAT || w.ammo == LNLT_AMMO_ATGM);
    out->hull_down = !out->turret && (tvv->flags & LNLT_VEH_HULL_DOWN) && lnlt_in_covered_arc(vh, tvv->facing, fh);
    snprintf(out->where, sizeof out->where, "%s %s", face_name[out->face], out->turret ? "turret" : "hull");
    return true;
}

/* 14.1, 14.1.1-14.1.3: a hit on a vehicle. */
static bool hit_vehicle(lnlt_step *s, int firer, int code, int tv, bool turret_roll, bool *destroyed)
{
    const lnlt_ctx *ctx = s->ctx;
    lnlt_state *st = s->st;
    const lnlt_unit *t = &st->unit[tv];
    rules_ord_impact im;
    if (!rules_ord_impact_of(ctx, st, firer, code, tv, turret_roll, &im))
        return lnlt_error_set(s->err, "the shot has no vehicle to strike");
    const char *where = im.where;
    *destroyed = false;
    /* 15.10: hull down, a hull hit through its front covered arc is ignored */
    if (im.hull_down) {
        lnlt_events_say(s->log, LNLT_EV_RESULT, "15.10", "hull-down", "the shot strikes the %s of the hull-down %s: no effect",
                        where, rules_type(ctx, t)->name);
        return true;
    }
    int af = im.af;
    if (af == LNLT_NONE) { /* 14.1.2, 15.7: no armour there, or none at all */
        lnlt_events_say(s->log, LNLT_EV_RESULT, "14.1.2", "unarmored", "the shot strikes the %s: no armour there", where);
        *destroyed = true;
        return rules_vehicle_destroy(s, tv, FATE_ORDNANCE, "14.1.2");
    }
    bool heat_red = im.heat_red;
    int ad, dd;
    lnlt_event *re;
    if (!lnlt_dice_roll(&s->dice, 1, NULL, "penetration", "14.1", &ad, &re, s->err) ||
        !lnlt_dice_roll(&s->dice, 1, NULL, "armour", "14.1", &dd, NULL, s->err))
        return false;
    lnlt_penetration pen = lnlt_penetrate(ad, im.pv, dd, af, heat_red);
    lnlt_events_say(s->log, LNLT_EV_RESULT, "14.1", "penetration",
                    "hit on the %s: 1d6 %d + PV %d%s = %d vs 1d6 %d + AF %d = %d -> %s", where, ad, im.pv,
                    heat_red ? " - 4 (HEAT on red armour)" : "", pen.mpv, dd, af, pen.mav, lnlt_pen_result_name(pen.result));
    switch (pen.result) {
    case LNLT_PEN_DUD:
        return outside_off(s, tv, "16.2");
    case LNLT_PEN_CATASTROPHIC:
    case LNLT_PEN_DESTROYED:
        *destroyed = true;
        return rules_vehicle_destroy(s, tv, FATE_ORDNANCE, "14.1");
    default:
        break;
    }
    /* 14.1.1: the vehicle's morale check */
    int d[2];
    lnlt_event *me;
    char purpose[80];
    snprintf(purpose, sizeof purpose, "morale check, %s", rules_label(ctx, st, tv));
    if (!lnlt_dice_roll(&s->dice, 2, NULL, purpose, "14.1.1", d, &me, s->err))
        return false;
    int morale = rules_vehicle_morale(ctx, st, tv);
    lnlt_nonpen_check mc = lnlt_nonpen_mc(d[0], d[1], morale, &pen);
    if (me)
        snprintf(me->text, sizeof me->text, "%s= %d vs morale %d -> %s", pen.result == LNLT_PEN_LESS ? "- (MAV - MPV) " : "",
                 mc.roll, morale, mc.pass ? "passes" : "fails");
    if (mc.effect == LNLT_NONPEN_ABANDONED)
        return outside_off(s, tv, "16.2") && rules_vehicle_abandon(s, tv, "14.1.1");
    if (mc.effect == LNLT_NONPEN_SHAKEN) {
        bool was_good = rules_is_good(t);
        if (!outside_off(s, tv, "16.2") || !rules_vehicle_shake(s, tv, "14.1.1"))
            return false;
        if (!was_good || rules_vehicle_abandoned(st, tv))
            return true;
        /* 14.1.1: inside passengers check too, a good-order leader among them helping */
        int r[LNLT_MAX_UNITS];
        int n = rules_riders(st, tv, RIDER_INSIDE, r, LNLT_MAX_UNITS);
        for (int pass = 0; pass < 2; pass++)
            for (int i = 0; i < n; i++)
                if (rules_is_leader(ctx, &st->unit[r[i]]) == (pass == 0) &&
                    !rules_passenger_mc(s, r[i], pass ? riders_best_lm(ctx, st, r, n) : 0, "14.1.1"))
                    return false;
        return true;
    }
    return outside_off(s, tv, "16.2");
}

int riders_best_lm(const lnlt_ctx *ctx, const lnlt_state *st, const int *units, int n)
{
    int best = 0;
    for (int i = 0; i < n; i++)
        if (rules_lm(ctx, &st->unit[units[i]]) > best)
            best = rules_lm(ctx, &st->unit[units[i]]);
    return best;
}

/* 14.1, 14.2.1: a hit on the non-vehicle units of a location. */
static bool hit_infantry(lnlt_step *s, int firer, const ord_weapon *w, int to, bool *destroyed)
{
    const lnlt_ctx *ctx = s->ctx;
    lnlt_state *st = s->st;
    int side = lnlt_other_side(st->unit[firer].side);
    int targets[LNLT_MAX_UNITS];
    int n = rules_leg_units_in(ctx, st, to, side, targets, LNLT_MAX_UNITS);
    const lnlt_terrain *tt = rules_terrain(ctx, st, to);
    /* 14.2.1: HEAT keeps its HE against these (caves are the bunker floor: R-CORE-120, R-VEH-35) */
    bool covered = (tt->flags & (LNLT_TF_BUILDING | LNLT_TF_HUT)) || lnlt_loc_floor(to) == LNLT_FLOOR_BUNKER ||
                   lnlt_loc_floor(to) == LNLT_FLOOR_UPPER;
    int ad, dd;
    if (!lnlt_dice_roll(&s->dice, 1, NULL, "HE attack", "14.1", &ad, NULL, s->err) ||
        !lnlt_dice_roll(&s->dice, 1, NULL, "defence", "14.1", &dd, NULL, s->err))
        return false;
    bool heat = w->ammo == LNLT_AMMO_HEAT;
    lnlt_he_attack a = lnlt_he_vs_infantry(ad, w->he, heat, covered, dd);
    char name[LNLT_HEX_ID_MAX];
    lnlt_events_say(s->log, LNLT_EV_RESULT, "14.1", "he", "HE on %s: 1d6 %d + HE %d%s = %d vs 1d6 %d -> %s",
                    rules_cell(s, to, name), ad, a.he, heat && !covered ? " (HEAT -1 in the open)" : "", a.attack, dd,
                    a.dc > 0 ? "damage checks" : "no effect");
    int dcs[LNLT_MAX_UNITS];
    for (int i = 0; i < n; i++)
        dcs[i] = a.dc;
    if (a.dc > 0 && !rules_damage_checks(s, targets, dcs, n))
        return false;
    *destroyed = !rules_enemy_leg_in(ctx, st, to, lnlt_other_side(side));
    return true;
}

/* The shot itself; `lost` (14.4): an ATGM whose firer took a damage check from
 * the enemy's reaction fire: it is fired, and misses, with no roll. */
static bool ord_resolve(lnlt_step *s, int unit, int code, int to, int tv, bool opfire, bool lost);

bool rules_ord_shoot(lnlt_step *s, int unit, int code, int to, int tv, bool opfire, bool moving)
{
    const lnlt_ctx *ctx = s->ctx;
    lnlt_state *st = s->st;
    const char *why = "";
    if (!rules_ord_can_shoot(ctx, st, unit, code, to, tv, opfire, moving, &why))
        return lnlt_error_set(s->err, "%s", why);
    ord_weapon w;
    weapon_of(ctx, st, unit, code, &w);
    /* 14.4: an ATGM is announced, the enemy may fire at its firer, then it flies
     * (atgm.c); fired as opportunity fire it flies at once (ruling R-VEH-31) */
    if (w.ammo == LNLT_AMMO_ATGM && !opfire && !moving)
        return rules_atgm_announce(s, unit, code, to, tv);
    return ord_resolve(s, unit, code, to, tv, opfire, false);
}

bool rules_ord_resolve_atgm(lnlt_step *s, int unit, int code, int to, int tv, bool lost)
{
    const char *why = "";
    if (!rules_ord_can_shoot(s->ctx, s->st, unit, code, to, tv, false, false, &why)) {
        /* shaken or gone after the reaction fire (R-VEH-32): nothing is launched */
        lnlt_events_say(s->log, LNLT_EV_RESULT, "14.4", "atgm-miss", "%s: its ATGM misses (%s)",
                        lost ? "the reaction fire put the firer to a damage check" : "the firer cannot fire now", why);
        return true;
    }
    return ord_resolve(s, unit, code, to, tv, false, lost);
}

static bool ord_resolve(lnlt_step *s, int unit, int code, int to, int tv, bool opfire, bool lost)
{
    const lnlt_ctx *ctx = s->ctx;
    lnlt_state *st = s->st;
    const char *why = "";
    ord_weapon w;
    shot_plan p;
    weapon_of(ctx, st, unit, code, &w);
    int from = lnlt_unit_loc(&st->unit[unit]);
    plan_shot(ctx, st, unit, &w, from, to, tv, opfire, &p, &why);
    lnlt_vehicle *v = rules_veh(st, unit);
    char fname[LNLT_HEX_ID_MAX], tname[LNLT_HEX_ID_MAX];
    rules_cell(s, from, fname);
    rules_cell(s, to, tname);
    if (p.turret_turns || p.pivots) {
        int turns = lnlt_corner_turns(weapon_corner(st, unit, &w), p.new_corner);
        if (w.turret)
            v->turret = (uint8_t)p.new_corner;
        else {
            v->turret = (uint8_t)((v->turret + p.new_corner - v->facing + 6) % 6); /* the turret turns with the hull */
            v->facing = (uint8_t)p.new_corner;
            v->impulse |= LNLT_VI_PIVOTED;
            v->flags &= (uint8_t)~LNLT_VEH_HULL_DOWN; /* 15.10 */
            rules_acq_forget(st, unit);             /* 14.3: a pivoting vehicle loses its markers */
        }
        lnlt_events_say(s->log, LNLT_EV_CHANGE, w.turret ? "15.1.1" : "15.1", "pivot", "%s %s %d corner%s to bring the gun to bear",
                        rules_label(ctx, st, unit), w.turret ? "turns its turret" : "pivots", turns, turns == 1 ? "" : "s");
    }
    int leader_lm;
    int leader = ord_leader(ctx, st, unit, &leader_lm);
    lnlt_oft_context c;
    oft_context(ctx, st, unit, &w, to, tv, opfire, &p, leader_lm, &c);
    lnlt_event *e = lnlt_events_add(s->log, LNLT_EV_CALC, opfire ? "5.3" : "14.1", "");
    lnlt_modifiers mods;
    lnlt_oft_modifiers(&c, &mods);
    int to_hit = w.table[p.column].to_hit;
    if (e) {
        snprintf(e->what, sizeof e->what, "%s from %.15s at %.15s", opfire ? "ordnance op fire" : "ordnance fire", fname, tname);
        snprintf(e->text, sizeof e->text, "%s fires its %s at %s, range %d: to-hit %d, PV %d", rules_label(ctx, st, unit),
                 w.name, tv >= 0 ? rules_label(ctx, st, tv) : "the non-vehicle units", p.range, to_hit,
                 w.table[p.column].pv);
        e->mods = mods;
        e->total = (int16_t)to_hit;
        e->side = st->unit[unit].side;
    }
    static const uint8_t colors[2] = {LNLT_DIE_WHITE, LNLT_DIE_COLORED};
    int d[2] = {0, 0};
    lnlt_event *re;
    lnlt_oft_roll r = {0};
    if (lost) { /* 14.4: no to-hit roll, so no depletion roll either (R-VEH-32) */
        lnlt_events_say(s->log, LNLT_EV_RESULT, "14.4", "atgm-miss",
                        "the reaction fire put %s to a damage check: its ATGM misses", rules_label(ctx, st, unit));
    } else {
        if (!lnlt_dice_roll(&s->dice, 2, colors, "to hit", "14.1", d, &re, s->err))
            return false;
        r = lnlt_oft_to_hit(d[0], d[1], to_hit, &mods);
        if (re)
            snprintf(re->text, sizeof re->text, "%+d = %d vs %d -> %s%s", lnlt_mods_total(&mods), r.modified, to_hit,
                     r.hit ? "hit" : "miss", r.natural == 2 ? " (a natural 2)" : r.natural == 12 ? " (a natural 12)" : "");
    }
    /* the firer's markers (5.0, 1.7.1) */
    lnlt_unit *u = &st->unit[unit];
    bool ops_complete = (u->marks & LNLT_MARK_OPS_COMPLETE) != 0;
    u->marks = (uint8_t)((u->marks & ~LNLT_MARK_OPS_COMPLETE) | LNLT_MARK_FIRED);
    if (opfire && ops_complete) /* 4.1: an Ops Complete unit's opportunity fire keeps its marker */
        u->marks |= LNLT_MARK_OPS_COMPLETE;
    u->flags |= LNLT_UNIT_ACTIVATED;
    if (leader >= 0) {
        st->unit[leader].marks |= LNLT_MARK_FIRED;
        st->unit[leader].flags |= LNLT_UNIT_ACTIVATED;
    }
    if (w.sw >= 0)
        lnlt_bit_set(st->sw_fired, w.sw);
    if (v) {
        if (v->fire_loc < 0)
            v->fire_loc = (int16_t)to;
        if (code < LNLT_WEAPON_SW) {
            v->shots = (uint8_t)(v->shots + (1u << (4 * code)));
            v->turn |= (uint8_t)(LNLT_VT_GUN0 << code);
        }
        v->impulse |= LNLT_VI_ACTED;
    }
    /* 14.4.1: the coloured die below the depletion number expends the ATGM */
    bool depleted = !lost && w.ammo == LNLT_AMMO_ATGM && lnlt_atgm_depleted(d[1], w.depletion);
    bool destroyed = false;
    if (r.hit) {
        if (tv >= 0) {
            if (!hit_vehicle(s, unit, code, tv, r.turret, &destroyed))
                return false;
        } else if (!hit_infantry(s, unit, &w, to, &destroyed)) {
            return false;
        }
    }
    /* 10.5.6.1: a to-hit roll of 10 or more at enemy units in a Flammable location */
    if (!rules_fire_start_check(s, to, d[0] + d[1], true, 0))
        return false;
    if (rules_on_map(&st->unit[unit]) && rules_is_good(&st->unit[unit]))
        rules_acq_after_shot(st, unit, rules_acq_code(st, tv, to), destroyed); /* 14.3 */
    if (depleted && v) {
        v->flags |= LNLT_VEH_ATGM_EXPENDED;
        lnlt_events_say(s->log, LNLT_EV_RESULT, "14.4.1", "atgm-expended",
                        "the coloured die %d is below the depletion number %d: %s is out of ATGMs", d[1], w.depletion,
                        rules_label(ctx, st, unit));
    }
    /* 16.2: riders on top get off when the gun (not an MG) fires */
    if (rules_is_vehicle(ctx, &st->unit[unit]) && rules_on_map(&st->unit[unit]) && !outside_off(s, unit, "16.2"))
        return false;
    return true;
}
