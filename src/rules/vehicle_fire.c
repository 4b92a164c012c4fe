/*
 * vehicle_fire.c: small arms and vehicles (rules 15.0 vehicle machine guns: each
 * fires alone, in its arc, the turret's MGs turning with it at -2, all-round ones
 * only when open, every weapon of a vehicle at one hex in its impulse; the optional
 * 2 + 2 split of 15.0; 17.2 small arms against open armoured vehicles and the
 * riders on top, 1d6 + FP against 1d6 + TM + the lowest armour factor, at most 1
 * for outside passengers; 17.3 unarmoured vehicles and unarmoured facings; 17.4
 * mortars and off-board artillery against any vehicle; 16.2 riders shaken off,
 * and the two more opportunity attacks their getting off allows).
 */
#include <string.h>

#include "lnlt/combat.h"
#include "lnlt/ordnance.h"
#include "rules/internal.h"

/* ---- which procedure (17.2, 17.3, 17.4) ---- */

/* Does fire from `from` meet the vehicle on an unarmoured face (17.3 exception 3)? */
static bool through_unarmored(const lnlt_ctx *ctx, const lnlt_state *st, int vehicle, int from)
{
    const lnlt_vehicle_type *t = rules_vtype(ctx, &st->unit[vehicle]);
    const lnlt_vehicle *v = rules_veh_c(st, vehicle);
    if (!lnlt_vehicle_armored(t))
        return true;
    unsigned faces = lnlt_impact_faces(rules_hex(ctx, st->unit[vehicle].cell), v->facing, rules_hex(ctx, from));
    for (int f = 0; f < 3; f++)
        if ((faces & (1u << f)) && t->armor[LNLT_HULL][f] == LNLT_NONE)
            return true; /* the firer may pick the face best for him */
    return false;
}

static bool has_unarmored_face(const lnlt_vehicle_type *t)
{
    for (int p = 0; p < 2; p++)
        for (int f = 0; f < 3; f++)
            if (t->armor[p][f] == LNLT_NONE && (p == LNLT_HULL || (t->flags & LNLT_VF_TURRET)))
                return true;
    return false;
}

bool rules_small_arms_reach(const lnlt_ctx *ctx, const lnlt_state *st, int vehicle, int from, const char **why)
{
    const lnlt_vehicle_type *t = rules_vtype(ctx, &st->unit[vehicle]);
    int out[1];
    /* 17.2: open, open-topped and unarmoured vehicles; a buttoned one only for its riders on top */
    if (!rules_vehicle_buttoned(ctx, st, vehicle) || !lnlt_vehicle_armored(t) || through_unarmored(ctx, st, vehicle, from) ||
        rules_riders(st, vehicle, RIDER_OUTSIDE, out, 1))
        return true;
    *why = "small arms do not harm a buttoned armoured vehicle (17.2)";
    return false;
}

bool rules_can_fire_at_vehicle(const lnlt_ctx *ctx, const lnlt_state *st, int from, int to, int vehicle, int side,
                               bool opfire, const char **why)
{
    if (vehicle < 0 || vehicle >= st->unit_count || !rules_vehicle_live(ctx, st, vehicle) ||
        st->unit[vehicle].side == side || lnlt_unit_loc(&st->unit[vehicle]) != to) {
        *why = "no enemy vehicle there";
        return false;
    }
    if (opfire && to != rules_opfire_loc(st)) {
        *why = "opportunity fire goes at the moving units' hex (5.3), or at an ATGM firer (14.4)";
        return false;
    }
    int group[LNLT_MAX_UNITS];
    int n = rules_fire_group_at(ctx, st, from, to, side, opfire, group, LNLT_MAX_UNITS);
    int range = lnlt_hex_distance(rules_hex(ctx, from), rules_hex(ctx, to));
    bool fires = false;
    for (int i = 0; i < n && !fires; i++)
        fires = rules_unit_reach(ctx, st, group[i]) >= range && rules_unit_fires_at(ctx, st, group[i], range, opfire);
    if (from == to || !fires) {
        *why = "no unit there can fire at that range";
        return false;
    }
    if (rules_in_melee(st, to)) {
        *why = "a hex under a Melee marker is never fired at (5.0)";
        return false;
    }
    const char *b = rules_bunker_fire_barred(ctx, from, to, false);
    if (b) {
        *why = b;
        return false;
    }
    lnlt_los_result los;
    if (!rules_los(ctx, st, from, to, &los)) {
        *why = "no line of sight (10.3)";
        return false;
    }
    if (!rules_spotted(ctx, st, to, side)) {
        *why = "the target hex is not spotted (10.1)";
        return false;
    }
    return rules_small_arms_reach(ctx, st, vehicle, from, why);
}

/* ---- the effects ---- */

/* 16.2, 17.2: after forced riders got off in an opportunity-fire window, two more
 * attacks may come at them before the vehicle goes on (an implied 2 MP). */
static void reopen_window(lnlt_state *st, int vehicle)
{
    if (!st->move.active || st->decision != LNLT_DECIDE_OPFIRE)
        return;
    st->move.mp2_here = 4;
    st->move.of_made = 0;
    memset(st->move.of_from, 0, sizeof st->move.of_from);
    rules_veh(st, vehicle)->impulse |= LNLT_VI_REOPENED; /* the attack that did it is not one of the two */
}

bool rules_take_reopened(lnlt_state *st)
{
    bool any = false;
    for (int k = 0; k < st->vehicle_count; k++)
        if (st->vehicle[k].impulse & LNLT_VI_REOPENED) {
            st->vehicle[k].impulse &= (uint8_t)~LNLT_VI_REOPENED;
            any = true;
        }
    return any;
}

bool rules_after_disembark(lnlt_step *s)
{
    lnlt_state *st = s->st;
    if (st->move.active && st->decision == LNLT_DECIDE_OPFIRE && !rules_opfire_window(s->ctx, st)) {
        if (rules_vehicle_move(st))
            return rules_vehicle_continue(s);
        return rules_no_fire(s);
    }
    return true;
}

/* The riders' damage checks (17.2): leaders first, their LM for the others. */
static bool riders_dc(lnlt_step *s, const int *units, const int *dcs, int n) { return rules_damage_checks(s, units, dcs, n); }

bool rules_vehicle_hit_by(lnlt_step *s, int vehicle, int from, int attack, int ddie, int mode, bool *any)
{
    const lnlt_ctx *ctx = s->ctx;
    lnlt_state *st = s->st;
    const lnlt_vehicle_type *t = rules_vtype(ctx, &st->unit[vehicle]);
    bool barrage = mode == HIT_BARRAGE, opfire = mode == HIT_OPFIRE;
    bool fire_marker = mode == HIT_FIRE_MARKER; /* 10.5.6.4: `attack` is the Fire Damage Check's DC */
    /* 17.3, 17.4: unarmoured (or through an unarmoured face, or open-topped under a barrage) */
    bool unarmored = !lnlt_vehicle_armored(t) || (barrage ? has_unarmored_face(t) || (t->flags & LNLT_VF_OPEN_TOP)
                                                          : through_unarmored(ctx, st, vehicle, from));
    bool open = !rules_vehicle_buttoned(ctx, st, vehicle);
    bool vehicle_hit = unarmored || open || barrage || fire_marker;
    int low = lnlt_vehicle_armored(t) && !unarmored ? lnlt_lowest_armor(t) : 0;
    int loc = lnlt_unit_loc(&st->unit[vehicle]);
    int tm = rules_vehicle_tm(ctx, st, loc, NULL);
    int def = ddie + tm + low, def_out = ddie + tm + (low > 1 ? 1 : low);
    int dc = lnlt_dc_modifier(attack, def), dc_out = lnlt_dc_modifier(attack, def_out);
    if (fire_marker)
        dc = dc_out = attack;
    *any = (vehicle_hit && dc > 0) || dc_out > 0;
    char name[LNLT_HEX_ID_MAX], top[96] = "";
    int on_top[1];
    if (rules_riders(st, vehicle, RIDER_OUTSIDE, on_top, 1) > 0) /* 17.2: for riders on top the AF counts 1 at most */
        snprintf(top, sizeof top, "; the riders on top (AF at most 1): %d vs %d -> %s", attack, def_out,
                 dc_out > 0 ? "damage checks" : "no effect");
    if (fire_marker)
        lnlt_events_say(s->log, LNLT_EV_RESULT, "10.5.6.4", "vs-vehicle",
                        "the Fire 2 in %s: %s and its riders take Fire Damage Checks at DC+%d",
                        rules_cell(s, loc, name), rules_label(ctx, st, vehicle), attack);
    else
        lnlt_events_say(s->log, LNLT_EV_RESULT, barrage ? "17.4" : unarmored ? "17.3" : "17.2", "vs-vehicle",
                        "at %s in %s: %d vs 1d6 %d + TM %d + AF %d = %d -> %s%s", rules_label(ctx, st, vehicle),
                        rules_cell(s, loc, name), attack, ddie, tm, low, def,
                        !vehicle_hit ? "the buttoned vehicle is not harmed" : dc > 0 ? "damage check" : "no effect", top);
    int inside[LNLT_MAX_UNITS], outside[LNLT_MAX_UNITS];
    int ni = rules_riders(st, vehicle, RIDER_INSIDE, inside, LNLT_MAX_UNITS);
    int no = rules_riders(st, vehicle, RIDER_OUTSIDE, outside, LNLT_MAX_UNITS);
    /* 17.2: inside passengers of an open (not open-topped) armoured vehicle are safe */
    bool inside_hit = unarmored || (t->flags & LNLT_VF_OPEN_TOP) || fire_marker;
    lnlt_dct_result r = LNLT_DCT_NO_EFFECT;
    /* the vehicle first; a kill waits until its riders have taken their checks (17.3) */
    int riders[LNLT_MAX_UNITS], rdc[LNLT_MAX_UNITS], nr = 0;
    for (int i = 0; i < ni && inside_hit; i++) {
        riders[nr] = inside[i];
        rdc[nr++] = dc;
    }
    for (int i = 0; i < no; i++) {
        riders[nr] = outside[i];
        rdc[nr++] = dc_out;
    }
    if (vehicle_hit && dc > 0) {
        int die;
        char purpose[80];
        snprintf(purpose, sizeof purpose, "damage check, %s", rules_label(ctx, st, vehicle));
        lnlt_event *re;
        if (!lnlt_dice_roll(&s->dice, 1, NULL, purpose, "5.1", &die, &re, s->err))
            return false;
        int morale = rules_vehicle_morale(ctx, st, vehicle);
        lnlt_dc_input in;
        memset(&in, 0, sizeof in);
        in.die = die;
        in.dc = dc;
        in.morale = morale;
        in.column = unarmored ? LNLT_DCT_UNARMORED : LNLT_DCT_ARMORED;
        lnlt_dc_outcome out = lnlt_damage_check(&in);
        r = out.result;
        if (re) {
            re->unit = (int16_t)vehicle;
            snprintf(re->text, sizeof re->text, "+ DC %d = %d vs morale %d (%s column) -> %s", dc, out.roll, morale,
                     unarmored ? "unarmored" : "armored", lnlt_dct_result_name(out.result));
        }
    }
    if (r == LNLT_DCT_ABANDONED) /* 16.3, T7: its riders get off and check morale instead */
        return rules_vehicle_abandon(s, vehicle, "17.2");
    if (r == LNLT_DCT_SHAKEN && !rules_vehicle_shake(s, vehicle, "17.2"))
        return false;
    if (rules_vehicle_abandoned(st, vehicle))
        return true; /* shaken twice: abandoned, its riders already off */
    if (nr > 0 && !riders_dc(s, riders, rdc, nr))
        return false;
    if (r == LNLT_DCT_DESTROYED)
        return rules_vehicle_destroy(s, vehicle, FATE_DCT, "17.3");
    /* 16.2, 17.2: shaken riders on top get off; the others may go with them */
    int off[LNLT_MAX_UNITS], noff = 0, stay = 0;
    no = rules_riders(st, vehicle, RIDER_OUTSIDE, outside, LNLT_MAX_UNITS);
    for (int i = 0; i < no; i++) {
        if (rules_is_good(&st->unit[outside[i]]) || rules_is_hero(ctx, &st->unit[outside[i]]))
            stay++;
        else
            off[noff++] = outside[i];
    }
    for (int i = 0; i < noff; i++) {
        rules_disembark_unit(st, off[i], loc);
        st->unit[off[i]].marks |= LNLT_MARK_MOVED;
        st->unit[off[i]].flags |= LNLT_UNIT_ACTIVATED;
        lnlt_events_say(s->log, LNLT_EV_RESULT, "16.2", "disembark", "%s, shaken, gets off in %s under a Moved marker",
                        rules_label(ctx, st, off[i]), name);
    }
    if (noff > 0) {
        if (!rules_mines_attack_units(s, loc, off, noff))
            return false;
        if (opfire)
            reopen_window(st, vehicle);
        if (stay > 0) {
            st->pending = LNLT_DECIDE_DISEMBARK;
            st->pending_side = st->unit[vehicle].side;
            st->pending_vehicle = (uint8_t)rules_vslot(st, vehicle);
        }
    }
    return true;
}

bool rules_small_arms_on_vehicle(lnlt_step *s, int vehicle, int from, int attack, int ddie, bool opfire, bool *any)
{
    return rules_vehicle_hit_by(s, vehicle, from, attack, ddie, opfire ? HIT_OPFIRE : HIT_FIRE, any);
}

/* ---- vehicle machine guns (15.0) ---- */

typedef struct vmg {
    int fp, range, arc;
    bool split;   /* 15.0 optional: half of a 4-FP MG */
} vmg;

/* MG `index` of a vehicle now: 0..3 as printed; with the optional split, 4..7 is
 * the hull half of MG index - 4. */
static bool vmg_of(const lnlt_ctx *ctx, const lnlt_state *st, int unit, int index, vmg *m)
{
    const lnlt_vehicle_type *t = rules_vtype(ctx, &st->unit[unit]);
    const lnlt_vehicle *v = rules_veh_c(st, unit);
    if (!t || !v)
        return false;
    int k = index % LNLT_VEHICLE_MGS;
    if (k >= t->mg_count)
        return false;
    const lnlt_vehicle_mg *g = &t->mg[k];
    bool splits = rules_option(ctx, LNLT_OPT_MG_SPLIT) && g->fp == 4 && g->arc == LNLT_MGA_COVERED &&
                  (t->flags & LNLT_VF_TURRET) && v->turret != v->facing;
    if (index >= LNLT_VEHICLE_MGS && !splits)
        return false;
    m->fp = splits ? 2 : g->fp;
    m->range = splits ? 10 : g->range;
    m->arc = splits && index >= LNLT_VEHICLE_MGS ? LNLT_MGA_HULL : g->arc;
    m->split = splits;
    return true;
}

static bool vehicle_may_fire(const lnlt_ctx *ctx, const lnlt_state *st, int unit, bool opfire, bool moving)
{
    const lnlt_unit *u = &st->unit[unit];
    const lnlt_vehicle *v = rules_veh_c(st, unit);
    if (!rules_vehicle_live(ctx, st, unit) || !rules_is_good(u) || !v || rules_in_melee(st, u->cell))
        return false;
    if (opfire)
        return !(u->marks & (LNLT_MARK_MOVED | LNLT_MARK_LOW_CRAWL | LNLT_MARK_HIT_AND_RUN | LNLT_MARK_FIRED)) &&
               !(v->flags & LNLT_VEH_CONTINUOUS);
    if (moving)
        return rules_vehicle_mvam(ctx, st, unit) && st->move.mode == LNLT_MV_VEHICLE_ASSAULT &&
               lnlt_bit(st->move.units, unit) && !((u->marks & LNLT_MARK_FIRED) && v->fire_loc < 0);
    if (!lnlt_bit(st->activated, unit))
        return false;
    if ((u->marks & LNLT_MARK_FIRED) && v->fire_loc < 0)
        return false;
    if (v->flags & LNLT_VEH_ASSAULT_FIRE)
        return !(v->impulse & LNLT_VI_MOVED);
    if (u->marks & LNLT_MARK_MOVED)
        return false;
    if ((u->flags & LNLT_UNIT_ACTIVATED) && !(u->marks & (LNLT_MARK_ASSAULT_MOVE | LNLT_MARK_FIRED)) &&
        !(v->impulse & LNLT_VI_PIVOTED))
        return false;
    return true;
}

bool rules_vmg_can_fire(const lnlt_ctx *ctx, const lnlt_state *st, int unit, int index, int to, int tv, bool opfire,
                        bool moving, const char **why)
{
    vmg m;
    if (!vmg_of(ctx, st, unit, index, &m)) {
        *why = "no such machine gun";
        return false;
    }
    if (!vehicle_may_fire(ctx, st, unit, opfire, moving)) {
        *why = "that vehicle may not fire now";
        return false;
    }
    const lnlt_vehicle *v = rules_veh_c(st, unit);
    int k = index % LNLT_VEHICLE_MGS;
    if (v->impulse & (LNLT_VI_MG0 << k)) {
        *why = "that machine gun has fired (15.0: each once)";
        return false;
    }
    if (m.arc == LNLT_MGA_ALL_ROUND && rules_vehicle_buttoned(ctx, st, unit)) {
        *why = "an all-round ('*') machine gun fires only while the vehicle is open (15.0.1)";
        return false;
    }
    if (m.arc == LNLT_MGA_HULL && (v->flags & LNLT_VEH_HULL_DOWN)) {
        *why = "a hull-down vehicle's hull machine guns are silent (15.10)";
        return false;
    }
    int from = lnlt_unit_loc(&st->unit[unit]);
    if (m.arc != LNLT_MGA_REAR && v->fire_loc >= 0 && v->fire_loc != to) {
        *why = "a vehicle fires all its weapons at one hex in its impulse (15.0)";
        return false;
    }
    if (opfire && to != rules_opfire_loc(st)) {
        *why = "opportunity fire goes at the moving units' hex (5.3), or at an ATGM firer (14.4)";
        return false;
    }
    int range = lnlt_hex_distance(rules_hex(ctx, from), rules_hex(ctx, to));
    if (range == 0 || range > m.range) {
        *why = "out of the machine gun's range (15.0)";
        return false;
    }
    lnlt_hex fh = rules_hex(ctx, from), th = rules_hex(ctx, to);
    const lnlt_vehicle_type *t = rules_vtype(ctx, &st->unit[unit]);
    bool turret = (t->flags & LNLT_VF_TURRET) != 0;
    if (m.arc == LNLT_MGA_HULL || (m.arc == LNLT_MGA_COVERED && !turret)) {
        if (!lnlt_in_covered_arc(fh, v->facing, th)) {
            *why = "outside the hull's covered arc (15.0)";
            return false;
        }
    } else if (m.arc == LNLT_MGA_REAR && !lnlt_in_rear_arc(fh, v->turret, th)) {
        *why = "outside the turret's rear arc (15.0)";
        return false;
    } else if (m.arc == LNLT_MGA_COVERED && m.split && !lnlt_in_covered_arc(fh, v->turret, th)) {
        *why = "a split machine gun's turret half fires in the turret's arc (15.0)";
        return false;
    } else if (m.arc == LNLT_MGA_COVERED && opfire && rules_atgm_target(st) == to && !lnlt_in_covered_arc(fh, v->turret, th)) {
        *why = "at an ATGM firer a machine gun fires in its covered arc, without turning (14.4)";
        return false;
    }
    if (tv >= 0) {
        if (!rules_vehicle_live(ctx, st, tv) || st->unit[tv].side == st->unit[unit].side || lnlt_unit_loc(&st->unit[tv]) != to) {
            *why = "no enemy vehicle there";
            return false;
        }
        if (!rules_small_arms_reach(ctx, st, tv, from, why))
            return false;
    } else {
        int mine[1];
        if (!rules_enemy_leg_in(ctx, st, to, st->unit[unit].side)) {
            *why = "no enemy non-vehicle unit there";
            return false;
        }
        if (rules_leg_units_in(ctx, st, to, st->unit[unit].side, mine, 1) > 0) {
            *why = "the hex holds units of both sides (5.0)";
            return false;
        }
    }
    if (rules_in_melee(st, to)) {
        *why = "a hex under a Melee marker is never fired at (5.0)";
        return false;
    }
    const char *b = rules_bunker_fire_barred(ctx, from, to, false);
    if (b) {
        *why = b;
        return false;
    }
    lnlt_los_result los;
    if (!rules_los(ctx, st, from, to, &los)) {
        *why = "no line of sight (10.3)";
        return false;
    }
    if (!rules_spotted(ctx, st, to, st->unit[unit].side)) {
        *why = "the target hex is not spotted (10.1)";
        return false;
    }
    return true;
}

bool rules_vmg_fire(lnlt_step *s, int unit, int index, int to, int tv, bool opfire, bool moving)
{
    const lnlt_ctx *ctx = s->ctx;
    lnlt_state *st = s->st;
    const char *why = "";
    if (!rules_vmg_can_fire(ctx, st, unit, index, to, tv, opfire, moving, &why))
        return lnlt_error_set(s->err, "%s", why);
    vmg m;
    vmg_of(ctx, st, unit, index, &m);
    lnlt_vehicle *v = rules_veh(st, unit);
    lnlt_unit *u = &st->unit[unit];
    const lnlt_vehicle_type *t = rules_vtype(ctx, u);
    int from = lnlt_unit_loc(u);
    lnlt_hex fh = rules_hex(ctx, from), th = rules_hex(ctx, to);
    lnlt_los_result los;
    rules_los(ctx, st, from, to, &los);
    int range = lnlt_hex_distance(fh, th);
    /* the attack as the DFT counts it: one MG, fired alone (15.0) */
    lnlt_fire_unit fu;
    memset(&fu, 0, sizeof fu);
    fu.name = t->mg[index % LNLT_VEHICLE_MGS].arc == LNLT_MGA_ALL_ROUND ? "all-round MG" : "MG";
    fu.ifp = 0;
    fu.fires_ifp = false;
    fu.ops_complete = opfire && (u->marks & LNLT_MARK_OPS_COMPLETE); /* 5.3: MGs at half FP under OC */
    fu.sw_count = 1;
    fu.sw[0].fp = m.fp;
    fu.sw[0].kind = LNLT_SW_MG;
    fu.sw[0].name = rules_type(ctx, u)->name;
    lnlt_fire_context fc;
    memset(&fc, 0, sizeof fc);
    fc.leader_lm = rules_armor_leader_lm(ctx, st, unit); /* 11.5 */
    fc.leader_name = "armor leader";
    fc.adjacent = range == 1;
    fc.degrading_hexes = los.degrade;
    fc.building_alley = los.limited;
    fc.out_of_smoke = rules_smoked(st, from) && !(t->flags & LNLT_VF_TIS);
    fc.assault_move = (u->marks & LNLT_MARK_ASSAULT_MOVE) || (v->flags & LNLT_VEH_ASSAULT_FIRE) || moving; /* 15.2 */
    /* DFT card: a turreted MG firing outside the turret's arc turns it, at -2 */
    bool turret_gun = m.arc == LNLT_MGA_COVERED && (t->flags & LNLT_VF_TURRET) && !m.split;
    if (turret_gun && !lnlt_in_covered_arc(fh, v->turret, th)) {
        v->turret = (uint8_t)lnlt_corner_toward(fh, v->turret, th);
        lnlt_mods_add(&fc.extra, -2, "turret turned to the target", "15.1.1");
    }
    if (tv >= 0)
        fc.target_vehicle_moving = (st->move.active && lnlt_bit(st->move.units, tv)) ||
                                   (st->unit[tv].marks & (LNLT_MARK_MOVED | LNLT_MARK_ASSAULT_MOVE));
    const lnlt_terrain *tt = rules_terrain(ctx, st, lnlt_map_index(ctx->map, th)); /* 15.1.2: Rubble once rubbled */
    fc.moving_negated = (tt->flags & LNLT_TF_NO_MOVING_BONUS) != 0;
    lnlt_fire_attack atk;
    if (!lnlt_fire_compute(&fu, 1, 0, &fc, &atk, s->err))
        return false;
    char fname[LNLT_HEX_ID_MAX], tname[LNLT_HEX_ID_MAX];
    lnlt_event *e = lnlt_events_add(s->log, LNLT_EV_CALC, opfire ? "5.3" : "15.0", "");
    if (e) {
        snprintf(e->what, sizeof e->what, "%s from %.15s at %.15s", opfire ? "MG op fire" : "MG fire", rules_cell(s, from, fname),
                 rules_cell(s, to, tname));
        snprintf(e->text, sizeof e->text, "%s fires a %d-FP machine gun, range %d", rules_label(ctx, st, unit), m.fp, range);
        lnlt_mods_add(&e->mods, atk.fp, "FP", "15.0");
        for (int i = 0; i < atk.drm.count && e->mods.count < LNLT_MODS_MAX; i++)
            e->mods.mod[e->mods.count++] = atk.drm.mod[i];
        e->total = (int16_t)atk.total;
        e->side = u->side;
    }
    int ad, dd;
    if (!lnlt_dice_roll(&s->dice, 1, NULL, "attack", "5.0", &ad, NULL, s->err) ||
        !lnlt_dice_roll(&s->dice, 1, NULL, "defence", "5.0", &dd, NULL, s->err))
        return false;
    u->marks = (uint8_t)(u->marks | LNLT_MARK_FIRED);
    u->flags |= LNLT_UNIT_ACTIVATED;
    v->impulse |= (uint8_t)((LNLT_VI_MG0 << (index % LNLT_VEHICLE_MGS)) | LNLT_VI_ACTED);
    if (m.arc != LNLT_MGA_REAR && v->fire_loc < 0)
        v->fire_loc = (int16_t)to;
    if (tv >= 0) {
        bool any;
        return rules_vehicle_hit_by(s, tv, from, ad + atk.total, dd, opfire ? HIT_OPFIRE : HIT_FIRE, &any);
    }
    int side = lnlt_other_side(u->side);
    int targets[LNLT_MAX_UNITS], dcs[LNLT_MAX_UNITS];
    int n = rules_leg_units_in(ctx, st, to, side, targets, LNLT_MAX_UNITS), kept = 0;
    lnlt_modifiers parts = {0};
    rules_hex_tm(ctx, st, to, side, &parts);
    int tree = rules_tree_lined_tm(ctx, from, to); /* 10.5.3: all fire not along the road */
    if (tree)
        lnlt_mods_add(&parts, tree, "Tree-lined road, fire not along it", "10.5.3");
    int tm = lnlt_target_tm(&parts, rules_lone_sniper(ctx, st, to), NULL);
    int dcmax = 0;
    for (int i = 0; i < n; i++) {
        const lnlt_unit *x = &st->unit[targets[i]];
        if (!rules_stealth_targetable(ctx, st, targets[i], u->side))
            continue;
        bool moving_target = ((st->move.active && lnlt_bit(st->move.units, targets[i]) && st->move.mode != LNLT_MV_LOW_CRAWL &&
                               !rules_stealth_mode(st->move.mode)) ||
                              (x->marks & (LNLT_MARK_MOVED | LNLT_MARK_ASSAULT_MOVE))) &&
                             !(x->marks & LNLT_MARK_STEALTH) && !fc.moving_negated;
        int mu = rules_mounted_target_drm(ctx, st, targets[i], st->move.active && lnlt_bit(st->move.units, targets[i]));
        int a = ad + atk.total + (moving_target && mu == 0 ? 1 : 0) + mu;
        targets[kept] = targets[i];
        dcs[kept] = lnlt_dc_modifier(a, dd + tm);
        dcmax = dcs[kept] > dcmax ? dcs[kept] : dcmax;
        kept++;
    }
    lnlt_events_say(s->log, LNLT_EV_RESULT, opfire ? "5.3" : "5.0", "opposed roll", "MG fire at %s: 1d6 %d %+d = %d vs 1d6 %d + TM %d = %d -> %s",
                    tname, ad, atk.total, ad + atk.total, dd, tm, dd + tm, dcmax > 0 ? "damage checks" : "no effect");
    return rules_damage_checks(s, targets, dcs, kept);
}

/* ---- the legal actions ---- */

int rules_vmg_actions(const lnlt_ctx *ctx, const lnlt_state *st, int side, int mode, lnlt_action *out, int cap)
{
    bool opfire = mode == ORD_OPFIRE, moving = mode == ORD_MOVING;
    int n = 0, targets[LNLT_MAX_UNITS];
    if (st->vehicle_count == 0)
        return 0; /* no vehicle to fire its machine guns: the targets are not listed */
    int nt = opfire ? (rules_opfire_loc(st) >= 0 ? 1 : 0) : rules_occupied(st, lnlt_other_side(side), targets, LNLT_MAX_UNITS);
    if (opfire)
        targets[0] = rules_opfire_loc(st);
    for (int k = 0; k < st->vehicle_count; k++) {
        int u = st->vehicle[k].unit;
        if (u < 0 || st->unit[u].side != side || !rules_is_vehicle(ctx, &st->unit[u]) ||
            !vehicle_may_fire(ctx, st, u, opfire, moving))
            continue;
        for (int g = 0; g < 2 * LNLT_VEHICLE_MGS; g++) {
            vmg m;
            if (!vmg_of(ctx, st, u, g, &m))
                continue;
            for (int t = 0; t < nt; t++) {
                const char *why;
                int vs[4];
                int nv = rules_vehicles_in(ctx, st, targets[t], lnlt_other_side(side), vs, 4);
                if (rules_vmg_can_fire(ctx, st, u, g, targets[t], -1, opfire, moving, &why))
                    n = rules_action_put4(out, n, cap, opfire ? LNLT_ACT_OPVMG : LNLT_ACT_VMG, side, u, lnlt_unit_loc(&st->unit[u]),
                            targets[t], -1, g);
                for (int j = 0; j < nv && j < 4; j++)
                    if (rules_vmg_can_fire(ctx, st, u, g, targets[t], vs[j], opfire, moving, &why))
                        n = rules_action_put4(out, n, cap, opfire ? LNLT_ACT_OPVMG : LNLT_ACT_VMG, side, u,
                                lnlt_unit_loc(&st->unit[u]), targets[t], vs[j], g);
            }
        }
    }
    return n;
}

int rules_fire_at_actions(const lnlt_ctx *ctx, const lnlt_state *st, int side, bool opfire, lnlt_action *out, int cap)
{
    if (!rules_side_has_live_vehicle(ctx, st, lnlt_other_side(side)))
        return 0; /* no vehicle to fire at anywhere */
    int n = 0, mine[LNLT_MAX_UNITS], theirs[LNLT_MAX_UNITS];
    int nm = rules_occupied(st, side, mine, LNLT_MAX_UNITS);
    int nt = opfire ? (rules_opfire_loc(st) >= 0 ? 1 : 0) : rules_occupied(st, lnlt_other_side(side), theirs, LNLT_MAX_UNITS);
    if (opfire)
        theirs[0] = rules_opfire_loc(st);
    for (int i = 0; i < nm; i++) {
        if (opfire && rules_atgm_target(st) < 0) { /* 5.3: once per hex at each entry */
            bool done = false;
            for (int k = 0; k < st->move.of_made && k < 6; k++)
                done |= st->move.of_from[k] == mine[i];
            if (done)
                continue;
        }
        for (int k = 0; k < nt; k++) {
            int vs[4];
            int nv = rules_vehicles_in(ctx, st, theirs[k], lnlt_other_side(side), vs, 4);
            for (int j = 0; j < nv && j < 4; j++) {
                const char *why;
                if (rules_can_fire_at_vehicle(ctx, st, mine[i], theirs[k], vs[j], side, opfire, &why))
                    n = rules_action_put4(out, n, cap, opfire ? LNLT_ACT_OPFIRE_AT : LNLT_ACT_FIRE_AT, side, -1, mine[i], theirs[k],
                            vs[j], 0);
            }
        }
    }
    return n;
}

/* ---- opportunity fire with and at vehicles (5.3) ---- */

int rules_vehicle_of_actions(const lnlt_ctx *ctx, const lnlt_state *st, int side, lnlt_action *out, int cap)
{
    if (!st->move.active)
        return 0;
    enum { CAP = 512 };
    lnlt_action buf[CAP];
    int n = 0, k = rules_ord_actions(ctx, st, side, ORD_OPFIRE, buf, CAP);
    if (k > CAP)
        k = CAP;
    int m = rules_vmg_actions(ctx, st, side, ORD_OPFIRE, buf + k, CAP - k);
    k += m > CAP - k ? CAP - k : m;
    m = rules_fire_at_actions(ctx, st, side, true, buf + k, CAP - k);
    k += m > CAP - k ? CAP - k : m;
    bool budget = st->move.of_made < rules_of_budget(st);
    for (int i = 0; i < k; i++) {
        bool fired = rules_of_hex_fired(st, buf[i].arg[0]);
        /* 5.3: ordnance, gun teams and vehicles stacked with a hex that fired add
         * an attack of their own; anything else needs an MP's attack left */
        bool ok = buf[i].type == LNLT_ACT_OPFIRE_AT ? budget && !fired : fired || budget;
        if (!ok)
            continue;
        if (out && n < cap)
            out[n] = buf[i];
        n++;
    }
    return n;
}

bool rules_vehicle_of_possible(const lnlt_ctx *ctx, const lnlt_state *st)
{
    return rules_vehicle_of_actions(ctx, st, lnlt_other_side(st->impulse_side), NULL, 0) > 0;
}
