/*
 * sniper.c: snipers (rule 11.4) and marksmen (11.12), the single-man counters
 * that fire on their own.
 *
 * 11.4 placement: a scenario's "sniper" force (arrive.how = sniper, or released
 * as one by a paragraph) stays off the map until its owner places it, in his own
 * impulse or in an opportunity-fire window of the enemy's, on a hex with a
 * positive TM (terrain or counters such as Smoke) free of enemy units, inside the
 * scenario's sniper zone if an SSR gives one. It never moves afterwards.
 *
 * The attack (both kinds): the direct-fire routine of 5.0 with 2d6 instead of 1d6
 * for the attacker, against ONE unit of the target hex chosen at random; the
 * defender rolls 1d6 + TM as usual. A sniper alone in its hex doubles its TM
 * (capped at +8) against every attacker except mortar/artillery barrages and
 * enemy snipers; that doubling is applied in fire.c and here through
 * rules_lone_sniper. Rulings R-SMC-01..05 (docs/rulings.md).
 */
#include <string.h>

#include "lnlt/combat.h"
#include "lnlt/scenario.h"
#include "rules/internal.h"

bool rules_fires_alone(const lnlt_ctx *ctx, const lnlt_unit *u)
{
    int k = rules_type(ctx, u)->kind;
    return k == LNLT_UK_SNIPER || k == LNLT_UK_MARKSMAN;
}

bool rules_lone_sniper(const lnlt_ctx *ctx, const lnlt_state *st, int cell)
{
    int ids[LNLT_MAX_UNITS];
    int n = rules_units_in(st, cell, 0, ids, LNLT_MAX_UNITS);
    for (int i = 0; i < n; i++)
        if (rules_type(ctx, &st->unit[ids[i]])->kind != LNLT_UK_SNIPER)
            return false;
    return n > 0;
}

/* How the unit's force arrives now: its own arrival, or the one a paragraph gave it. */
static int arrival(const lnlt_ctx *ctx, const lnlt_state *st, const lnlt_unit *u)
{
    if (!ctx->scenario || u->force == LNLT_NO_FORCE || u->force >= ctx->scenario->force_count)
        return -1;
    int k = u->force < LNLT_MAX_FORCES ? st->force_arrive[u->force] : 0xFF;
    if (k != 0xFF && k < ctx->scenario->action_count)
        return ctx->scenario->action[k].arrive.how;
    return ctx->scenario->force[u->force].arrive.how;
}

bool rules_sniper_ready(const lnlt_ctx *ctx, const lnlt_state *st, int unit)
{
    const lnlt_unit *u = &st->unit[unit];
    return st->phase == LNLT_PHASE_OPERATIONS && u->cell == LNLT_CELL_NONE &&
           rules_type(ctx, u)->kind == LNLT_UK_SNIPER && arrival(ctx, st, u) == LNLT_ARRIVE_SNIPER;
}

/* The SSR sniper zone of the side, or -1 for anywhere. */
int rules_sniper_zone(const lnlt_ctx *ctx, const lnlt_state *st, int side)
{
    const lnlt_scenario *scn = ctx->scenario;
    for (int i = 0; scn && i < scn->rule_count; i++) {
        const lnlt_scn_rule *r = &scn->rule[i];
        if (r->kind == LNLT_SSR_SNIPER_ZONE && (r->side < 0 || r->side + 1 == side) && lnlt_rule_on(ctx, st, i))
            return r->zone;
    }
    return -1;
}

/* rules_sniper_can_place's part that depends on the location (a ready sniper). */
bool rules_sniper_place_ok(const lnlt_ctx *ctx, const lnlt_state *st, int unit, int zone, int cell)
{
    int side = st->unit[unit].side;
    if (!rules_loc_open(ctx, st, cell)) /* 10.4.1: any floor, even above or below an enemy */
        return false;
    /* the map's terrain: Rubble (15.1.2) and the building it was are both open to
     * Leg units; read by the cell, which is the hex's (no hex to find again) */
    if (lnlt_map_mp2_cell(ctx->map, lnlt_loc_cell(cell), LNLT_MOVER_LEG) == LNLT_MP_PROHIBITED ||
        rules_enemy_in(st, cell, side))
        return false;
    if (zone >= 0 && !rules_zone_has(ctx, zone, cell))
        return false;
    /* 11.4: a positive TM, from the terrain or from a counter (Smoke, Foxholes). */
    if (rules_hex_tm(ctx, st, cell, side, NULL) <= 0)
        return false;
    uint8_t adding[LNLT_UNIT_BITS] = {0};
    lnlt_bit_set(adding, unit);
    return rules_stacking_ok(ctx, st, cell, side, adding, NULL);
}

bool rules_sniper_can_place(const lnlt_ctx *ctx, const lnlt_state *st, int unit, int cell)
{
    if (unit < 0 || unit >= st->unit_count || !rules_sniper_ready(ctx, st, unit))
        return false;
    return rules_sniper_place_ok(ctx, st, unit, rules_sniper_zone(ctx, st, st->unit[unit].side), cell);
}

bool rules_sniper_place(lnlt_step *s, int unit, int cell)
{
    if (!rules_sniper_can_place(s->ctx, s->st, unit, cell))
        return lnlt_error_set(s->err, "the sniper may not be placed there (11.4)");
    rules_put_unit(s->st, unit, cell);
    char name[LNLT_HEX_ID_MAX];
    lnlt_events_say(s->log, LNLT_EV_CHANGE, "11.4", "sniper-placed", "%s places %s in %s",
                    lnlt_side_name(s->ctx, s->st->unit[unit].side), rules_label(s->ctx, s->st, unit),
                    rules_cell(s, cell, name));
    return true;
}

bool rules_can_snipe(const lnlt_ctx *ctx, const lnlt_state *st, int unit, int to, bool opfire)
{
    if (unit < 0 || unit >= st->unit_count)
        return false;
    const lnlt_unit *u = &st->unit[unit];
    /* Shaken snipers and marksmen do not fire (their backs print no IFP). */
    if (!rules_on_map(u) || !rules_fires_alone(ctx, u) || !rules_is_good(u) || (u->marks & LNLT_MARK_FIRED))
        return false;
    if (rules_face(ctx, u)->ifp < 0 || rules_in_melee(st, lnlt_unit_loc(u)))
        return false;
    if (opfire) {
        /* 5.3: against the moving stack, by a unit not marked Moved or Low Crawl. */
        if (!st->move.active || to != st->move.cell || u->side == st->impulse_side ||
            (u->marks & (LNLT_MARK_MOVED | LNLT_MARK_LOW_CRAWL | LNLT_MARK_HIT_AND_RUN)))
            return false;
        if (u->marks & LNLT_MARK_OPS_COMPLETE)
            return false; /* 4.1: an SMC under Ops Complete does nothing, opportunity fire included */
    } else {
        /* 4.1: this impulse's spotter may still fire, at the hex it spotted */
        if (u->side != st->impulse_side || !lnlt_bit(st->activated, unit) ||
            ((u->flags & LNLT_UNIT_ACTIVATED) && unit != st->spotter))
            return false;
        if (unit == st->spotter && to != st->spotted_cell)
            return false; /* 4.1: the spotter fires only at the hex it spotted */
        if (!rules_impulse_may_fire(st, lnlt_unit_loc(u), to, true))
            return false; /* 5.2: apart from its hex's fire group, at the same hex */
    }
    if (rules_in_melee(st, to))
        return false; /* 5.0: never into a hex under a Melee marker */
    if (to < 0 || to == lnlt_unit_loc(u) || !rules_enemy_in(st, to, u->side))
        return false;
    int mine[1];
    if (rules_units_in(st, to, u->side, mine, 1) > 0)
        return false; /* 5.0: never into a hex holding both sides */
    int range = lnlt_hex_distance(rules_hex(ctx, lnlt_unit_loc(u)), rules_hex(ctx, to));
    if (range > rules_unit_reach(ctx, st, unit))
        return false;
    lnlt_los_result los;
    if (!rules_los(ctx, st, lnlt_unit_loc(u), to, &los) || !rules_spotted(ctx, st, to, u->side))
        return false;
    for (int i = 0; i < st->unit_count; i++) /* 6.4: stealthy units seen only by adjacency */
        if (lnlt_unit_loc(&st->unit[i]) == to && st->unit[i].side != u->side && !rules_is_vehicle(ctx, &st->unit[i]) &&
            rules_stealth_targetable(ctx, st, i, u->side))
            return true; /* ruling R-VEH-15: no sniper shoots at a vehicle */
    return false;
}

bool rules_sniper_opfire_possible(const lnlt_ctx *ctx, const lnlt_state *st)
{
    if (!st->move.active)
        return false;
    for (int i = 0; i < st->unit_count; i++)
        if (rules_can_snipe(ctx, st, i, st->move.cell, true))
            return true;
    return false;
}

bool rules_snipe(lnlt_step *s, int unit, int to, bool opfire)
{
    const lnlt_ctx *ctx = s->ctx;
    lnlt_state *st = s->st;
    if (!rules_can_snipe(ctx, st, unit, to, opfire))
        return lnlt_error_set(s->err, "that unit cannot attack that hex now");
    lnlt_unit *u = &st->unit[unit];
    const lnlt_unit_type *t = rules_type(ctx, u);
    const lnlt_unit_face *f = rules_face(ctx, u);
    bool sniper = t->kind == LNLT_UK_SNIPER;
    const char *rule = sniper ? "11.4" : "11.12";
    int from = lnlt_unit_loc(u);
    int range = lnlt_hex_distance(rules_hex(ctx, from), rules_hex(ctx, to));
    char fromname[LNLT_HEX_ID_MAX], toname[LNLT_HEX_ID_MAX];
    rules_cell(s, from, fromname);
    rules_cell(s, to, toname);

    /* The firer alone, without a leader's LM (11.12; ruling R-SMC-02 for snipers). */
    lnlt_fire_unit fu;
    memset(&fu, 0, sizeof fu);
    fu.name = t->name;
    fu.smc = true;
    fu.ifp = f->ifp > 0 ? f->ifp : 0;
    fu.fires_ifp = true;
    fu.extended_range = f->range > 0 && range > f->range;
    fu.ops_complete = opfire && (u->marks & LNLT_MARK_OPS_COMPLETE);
    lnlt_los_result los;
    rules_los(ctx, st, from, to, &los);
    lnlt_fire_context fc;
    memset(&fc, 0, sizeof fc);
    fc.adjacent = range == 1;
    fc.degrading_hexes = los.degrade;
    fc.building_alley = los.limited;
    fc.out_of_smoke = rules_smoked(st, from);
    const lnlt_terrain *tt = rules_terrain(ctx, st, to);
    rules_line_effects line; /* TEC Wall, Bocage, Hill, Hedge: the attack is direct fire */
    rules_line_terrain(ctx, st, from, to, false, &line);
    fc.moving_negated = (tt->flags & LNLT_TF_NO_MOVING_BONUS) != 0 || line.moving_negated;
    lnlt_fire_attack atk;
    if (!lnlt_fire_compute(&fu, 1, 0, &fc, &atk, s->err))
        return false;
    lnlt_event *e = lnlt_events_add(s->log, LNLT_EV_CALC, rule, "");
    if (e) {
        snprintf(e->what, sizeof e->what, "%s %.6s at %.6s", sniper ? "sniper" : "marksman", fromname, toname);
        snprintf(e->text, sizeof e->text, "(%s IFP %d, range %d; 2d6, one random unit)", t->name, fu.ifp, range);
        lnlt_mods_add(&e->mods, atk.fp, "FP", "5.2");
        for (int i = 0; i < atk.drm.count && e->mods.count < LNLT_MODS_MAX; i++)
            e->mods.mod[e->mods.count++] = atk.drm.mod[i];
        e->total = (int16_t)atk.total;
        e->side = u->side;
    }

    /* Which unit is hit (A-14: uniform over the units of the hex). */
    int target_side = lnlt_other_side(u->side);
    int ids[LNLT_MAX_UNITS], cand[LNLT_MAX_UNITS], nc = 0;
    int nt = rules_units_in(st, to, target_side, ids, LNLT_MAX_UNITS);
    if (nt > LNLT_MAX_UNITS)
        nt = LNLT_MAX_UNITS;
    for (int i = 0; i < nt; i++) /* 6.4: stealthy units seen only by adjacency are not candidates; R-VEH-15: nor vehicles */
        if (rules_stealth_targetable(ctx, st, ids[i], u->side) && !rules_is_vehicle(ctx, &st->unit[ids[i]]))
            cand[nc++] = ids[i];
    int pick;
    if (nc == 0 || !rules_random_index(s, nc, "random target", rule, &pick))
        return nc == 0 ? lnlt_error_set(s->err, "no unit there can be targeted") : false;
    int target = cand[pick];

    int ad[2], dd[1];
    if (!lnlt_dice_roll(&s->dice, 2, NULL, sniper ? "sniper attack" : "marksman attack", rule, ad, NULL, s->err))
        return false;
    if (!lnlt_dice_roll(&s->dice, 1, NULL, "defence", "5.0", dd, NULL, s->err))
        return false;
    lnlt_modifiers parts = {0}, tmmods = {0};
    rules_hex_tm(ctx, st, to, target_side, &parts);
    if (rules_line_tm_add(&line, &parts))
        rules_log_tm(s, to, &parts);
    /* 11.4: no doubling against an enemy sniper's attack. */
    int tm = lnlt_target_tm(&parts, !sniper && rules_lone_sniper(ctx, st, to), &tmmods);
    const lnlt_unit *tu = &st->unit[target];
    bool moving = ((st->move.active && lnlt_bit(st->move.units, target) && st->move.mode != LNLT_MV_LOW_CRAWL &&
                    !rules_stealth_mode(st->move.mode)) ||
                   (tu->marks & (LNLT_MARK_MOVED | LNLT_MARK_ASSAULT_MOVE))) &&
                  !(tu->marks & LNLT_MARK_STEALTH); /* 6.3, 6.4: no bonus */
    int mu = rules_mounted_target_drm(ctx, st, target, st->move.active && lnlt_bit(st->move.units, target)); /* 6.6 */
    int mv = moving && !fc.moving_negated && mu == 0 ? 1 : 0;
    tm = rules_mounted_target_tm(s, target, to, tm); /* 6.6: no foxholes for a mounted unit */
    int attack = ad[0] + ad[1] + atk.total + mv + mu, defence = dd[0] + tm;
    int dc = lnlt_dc_modifier(attack, defence);
    char verdict[16];
    snprintf(verdict, sizeof verdict, dc > 0 ? "DC+%d" : "no effect", dc);
    lnlt_events_say(s->log, LNLT_EV_RESULT, rule, "opposed roll",
                    "%s at %s (%s): 2d6 %d+%d + %d%s%s = %d vs 1d6 %d + TM %d = %d -> %s", t->name, toname,
                    rules_label(ctx, st, target), ad[0], ad[1], atk.total, mv ? " + moving 1" : "",
                    rules_mounted_drm_text(mu), attack, dd[0], tm,
                    defence, verdict);
    u->marks |= LNLT_MARK_FIRED;
    u->flags |= LNLT_UNIT_ACTIVATED;
    if (!opfire) {
        st->acted = 1;
        rules_impulse_note_fire(st, from, to, false); /* 4.0, 5.2 */
    }
    /* The other units of the hex are listed with no DC so that a leader among
     * them still lends his LM to the one check (11.1.1). */
    int dcs[LNLT_MAX_UNITS];
    for (int i = 0; i < nt; i++)
        dcs[i] = ids[i] == target ? dc : 0;
    if (!rules_damage_checks(s, ids, dcs, nt))
        return false;
    if (!opfire)
        return true;
    st->move.of_made++;
    if (rules_opfire_window(ctx, st))
        return true;
    return rules_no_fire(s);
}
