/*
 * close_assault.c: infantry against vehicles at close quarters and vehicles
 * running over infantry (rules 17.1 close assault: who may, the pre-assault morale
 * checks with the leader first, the move in without opportunity fire, 1d6 + IFP +
 * one anti-tank weapon + one LM against 1d6 + the lowest armour factor, the wreck
 * and the Melee marker, the way back, two vehicles in a hex; 15.3 overruns: where,
 * the +4 MP, the FP of guns and machine guns, no opportunity fire in the hex, the
 * survivors' close assault and the retreat of those left when the vehicle stays;
 * 21.1.3 bunkers in an overrun hex).
 */
#include <string.h>

#include "lnlt/combat.h"
#include "lnlt/ordnance.h"
#include "rules/internal.h"

/* ---- who may close-assault (17.1) ---- */

/* The best anti-tank weapon of a unit for a close assault: an ordnance weapon's HE,
 * or a flamethrower's, satchel's or molotov's FP (17.1; ATRs have no HE). */
static int at_weapon(const lnlt_ctx *ctx, const lnlt_state *st, int unit, int *value)
{
    int sws[4], best = -1;
    int n = rules_sws_of(st, unit, sws, 4);
    *value = 0;
    for (int i = 0; i < n && i < 4; i++) {
        const lnlt_sw *w = &st->sw[sws[i]];
        const lnlt_sw_type *t = rules_sw_type(ctx, w);
        if (w->flags & (LNLT_SW_USED | LNLT_SW_JAMMED))
            continue;
        int v = t->kind == LNLT_SWK_ORDNANCE ? t->he : (t->flags & LNLT_SWF_CLOSE_ASSAULT) ? t->front.fp : LNLT_NONE;
        if (v == LNLT_NONE || v < 0)
            continue;
        if (v > *value || best < 0) {
            *value = v;
            best = sws[i];
        }
    }
    return best;
}

static bool assault_capable(const lnlt_ctx *ctx, const lnlt_state *st, int unit)
{
    const lnlt_unit *u = &st->unit[unit];
    int kind = rules_type(ctx, u)->kind;
    if (!rules_on_map(u) || !rules_is_good(u) || rules_is_mounted(ctx, u))
        return false;
    if (kind == LNLT_UK_SQUAD || kind == LNLT_UK_HALF_SQUAD || kind == LNLT_UK_CREW || kind == LNLT_UK_HERO)
        return true;
    return kind == LNLT_UK_LEADER; /* a leader goes along, or alone with an anti-tank weapon */
}

/* Can the vehicle in `to` be close-assaulted at all now (17.1)? */
static const char *target_barred(const lnlt_ctx *ctx, const lnlt_state *st, int to, int vehicle, int side)
{
    if (vehicle < 0 || vehicle >= st->unit_count || !rules_vehicle_live(ctx, st, vehicle) ||
        st->unit[vehicle].side == side || lnlt_unit_loc(&st->unit[vehicle]) != to)
        return "no enemy vehicle to close-assault there";
    int legs[LNLT_MAX_UNITS];
    int n = rules_leg_units_in(ctx, st, to, lnlt_other_side(side), legs, LNLT_MAX_UNITS);
    for (int i = 0; i < n; i++)
        if (rules_melee_eligible(ctx, st, legs[i]))
            return "melee-eligible enemy units there prevent a close assault (17.1)";
    int out[LNLT_MAX_UNITS];
    int k = rules_riders(st, vehicle, RIDER_OUTSIDE, out, LNLT_MAX_UNITS);
    for (int i = 0; i < k; i++)
        if (rules_is_good(&st->unit[out[i]]))
            return "good-order passengers on top prevent a close assault (17.1)";
    if (rules_in_melee(st, to))
        return "a hex under a Melee marker";
    return NULL;
}

/* The units of `from` (or `pick`) that would assault: capable, and a leader only
 * with others or an anti-tank weapon of his own. */
static int assaulters(const lnlt_ctx *ctx, const lnlt_state *st, const int *cand, int n, int *out)
{
    int k = 0, men = 0;
    for (int i = 0; i < n; i++)
        if (assault_capable(ctx, st, cand[i])) {
            out[k++] = cand[i];
            int v;
            men += !rules_is_leader(ctx, &st->unit[cand[i]]) || at_weapon(ctx, st, cand[i], &v) >= 0;
        }
    return men > 0 ? k : 0;
}

/* The candidates: activated units of `from` that have not acted, the moving stack,
 * or (after an overrun) the overrun side's units in the hex. */
static int candidates(const lnlt_ctx *ctx, const lnlt_state *st, int from, int *out)
{
    int n = 0;
    if (st->pending == LNLT_DECIDE_COUNTER_ASSAULT) {
        for (int i = 0; i < st->unit_count; i++)
            if (lnlt_unit_loc(&st->unit[i]) == from && st->unit[i].side == st->pending_side &&
                !rules_is_vehicle(ctx, &st->unit[i]))
                out[n++] = i;
        return n;
    }
    if (st->move.active) {
        /* 17.1: not by low crawl, assault move, assault fire, hit and run or with a vehicle */
        int m = st->move.mode;
        if (m != LNLT_MV_NORMAL && m != LNLT_MV_DOUBLE_TIME && m != LNLT_MV_STEALTH)
            return 0;
        for (int i = 0; i < st->unit_count; i++)
            if (lnlt_bit(st->move.units, i))
                out[n++] = i;
        return n;
    }
    for (int i = 0; i < st->unit_count; i++) {
        const lnlt_unit *u = &st->unit[i];
        if (lnlt_unit_loc(u) == from && lnlt_bit(st->activated, i) && !(u->flags & LNLT_UNIT_ACTIVATED) &&
            u->side == st->impulse_side)
            out[n++] = i;
    }
    return n;
}

bool rules_can_close_assault(const lnlt_ctx *ctx, const lnlt_state *st, int from, int to, int vehicle,
                             const uint8_t *pick, const char **why)
{
    bool counter = st->pending == LNLT_DECIDE_COUNTER_ASSAULT;
    int side = counter ? st->pending_side : st->impulse_side;
    if (counter ? from != to : (st->move.active && from != st->move.cell)) {
        *why = "not the assaulting units' hex";
        return false;
    }
    if (!counter && (from < 0 || !lnlt_hex_adjacent(rules_hex(ctx, from), rules_hex(ctx, to)) ||
                     lnlt_loc_floor(to) != LNLT_FLOOR_GROUND)) {
        *why = "a close assault goes into an adjacent hex (17.1)";
        return false;
    }
    const char *t = target_barred(ctx, st, to, vehicle, side);
    if (t && !(counter && !strcmp(t, "a hex under a Melee marker"))) {
        *why = t;
        return false;
    }
    int c[LNLT_MAX_UNITS], a[LNLT_MAX_UNITS];
    int n = candidates(ctx, st, from, c);
    if (pick)
        n = rules_pick(pick, c, n);
    if (pick) { /* every picked unit must be able to go */
        int k = 0;
        for (int i = 0; i < st->unit_count; i++)
            k += lnlt_bit(pick, i);
        if (k > 0 && k != n) {
            *why = "a picked unit cannot close-assault now";
            return false;
        }
    }
    /* the whole hex's command sends those able to go (a weapon team stays, 1.7,
     * 17.1); a pick must hold only such units */
    int k = assaulters(ctx, st, c, n, a);
    if (k == 0 || (pick && k != n)) {
        *why = "close assaults are made by MMCs (no weapon teams), heroes and leaders with them or with an anti-tank "
               "weapon (17.1)";
        return false;
    }
    if (!counter && !st->move.active) {
        /* the entering units must be able to enter that terrain at all */
        lnlt_hex a0 = rules_hex(ctx, from), b0 = rules_hex(ctx, to);
        if (rules_enter_mp2(ctx, st, to, LNLT_MOVER_LEG) == LNLT_MP_PROHIBITED ||
            lnlt_map_hexside_mp2(ctx->map, a0, b0, LNLT_MOVER_LEG) == LNLT_MP_PROHIBITED) {
            *why = "the terrain chart prohibits it";
            return false;
        }
    }
    return true;
}

/* ---- the assault ---- */

static bool pre_assault_mc(lnlt_step *s, int unit, int lm, bool positive_tm, bool *pass)
{
    const lnlt_ctx *ctx = s->ctx;
    lnlt_unit *u = &s->st->unit[unit];
    lnlt_mc_input in;
    memset(&in, 0, sizeof in);
    in.morale = rules_face(ctx, u)->morale;
    in.adjust.wounded_smc = (u->flags & LNLT_UNIT_WOUNDED) && !rules_is_hero(ctx, u);
    in.lm = rules_is_hero(ctx, u) ? 0 : lm; /* 17.1: the leader's LM helps MMCs, not heroes */
    in.positive_tm = positive_tm;
    char purpose[80];
    snprintf(purpose, sizeof purpose, "pre-assault morale check, %s", rules_label(ctx, s->st, unit));
    lnlt_mc_outcome out;
    if (!rules_roll_morale_check(s, &in, purpose, "17.1", NULL, "goes in", "holds back", &out))
        return false;
    *pass = out.pass;
    return true;
}

/* One vehicle, assaulted by the units of `units` that pass their checks. Fills
 * went with those who went in; *destroyed when it burns. */
static bool assault_one(lnlt_step *s, int from, int to, int vehicle, const int *units, int n, bool counter,
                        int *went, int *nwent, bool *destroyed)
{
    const lnlt_ctx *ctx = s->ctx;
    lnlt_state *st = s->st;
    *nwent = 0;
    *destroyed = false;
    /* 17.1: -2 when entering from a hex with a positive TM */
    bool positive = !counter && rules_hex_tm(ctx, st, from, st->unit[units[0]].side, NULL) > 0;
    int lm = 0, leader = -1;
    bool passed[LNLT_MAX_UNITS] = {false};
    for (int pass = 0; pass < 2; pass++)
        for (int i = 0; i < n; i++) {
            bool is_leader = rules_is_leader(ctx, &st->unit[units[i]]);
            if (is_leader != (pass == 0))
                continue;
            if (!pre_assault_mc(s, units[i], pass ? lm : 0, positive, &passed[i]))
                return false;
            if (is_leader && passed[i] && rules_lm(ctx, &st->unit[units[i]]) > lm) {
                lm = rules_lm(ctx, &st->unit[units[i]]);
                leader = units[i];
            }
        }
    /* those who hold back stay: Moved if they moved, else Ops Complete */
    int men = 0;
    for (int i = 0; i < n; i++) {
        lnlt_unit *u = &st->unit[units[i]];
        int v;
        bool armed_leader = rules_is_leader(ctx, u) && at_weapon(ctx, st, units[i], &v) >= 0;
        if (passed[i] && (!rules_is_leader(ctx, u) || armed_leader)) {
            went[(*nwent)++] = units[i];
            men++;
        }
    }
    if (leader >= 0) { /* a leader who passed goes with them (he lends his LM to one) */
        bool listed = false;
        for (int i = 0; i < *nwent; i++)
            listed |= went[i] == leader;
        if (!listed && men > 0)
            went[(*nwent)++] = leader;
    }
    if (men == 0)
        *nwent = 0;
    for (int i = 0; i < n; i++) {
        bool in = false;
        for (int k = 0; k < *nwent; k++)
            in |= went[k] == units[i];
        if (!in) {
            lnlt_unit *u = &st->unit[units[i]];
            u->marks |= (u->marks & LNLT_MARK_MOVED) || st->move.active ? LNLT_MARK_MOVED : LNLT_MARK_OPS_COMPLETE;
            u->flags |= LNLT_UNIT_ACTIVATED;
            lnlt_bit_clear(st->move.units, units[i]);
        }
    }
    if (*nwent == 0) {
        lnlt_events_say(s->log, LNLT_EV_RESULT, "17.1", "no-assault", "nobody goes in: no close assault");
        return true;
    }
    /* 17.1: into the hex, with no opportunity fire */
    char a[LNLT_HEX_ID_MAX], b[LNLT_HEX_ID_MAX];
    if (!counter) {
        for (int i = 0; i < *nwent; i++) {
            rules_put_unit(st, went[i], to);
            st->unit[went[i]].flags |= LNLT_UNIT_ACTIVATED;
            lnlt_bit_clear(st->move.units, went[i]);
        }
        lnlt_events_say(s->log, LNLT_EV_CHANGE, "17.1", "close-assault", "%d unit%s close-assault %s from %s to %s",
                        *nwent, *nwent == 1 ? "" : "s", rules_label(ctx, st, vehicle), rules_cell(s, from, a),
                        rules_cell(s, to, b));
    }
    const lnlt_vehicle_type *vt = rules_vtype(ctx, &st->unit[vehicle]);
    int low = vt ? lnlt_lowest_armor(vt) : 0;
    /* 17.1: the leader's LM helps one unit: the strongest assault (ruling R-VEH-13) */
    int helped = -1, best = -1;
    for (int i = 0; i < *nwent && lm > 0; i++) {
        const lnlt_unit *u = &st->unit[went[i]];
        if (went[i] == leader || rules_is_leader(ctx, u))
            continue;
        int v;
        at_weapon(ctx, st, went[i], &v);
        int ifp = rules_face(ctx, u)->ifp > 0 ? rules_face(ctx, u)->ifp : 0;
        if (ifp + v > best) {
            best = ifp + v;
            helped = went[i];
        }
    }
    for (int i = 0; i < *nwent && !*destroyed; i++) {
        const lnlt_unit *u = &st->unit[went[i]];
        if (went[i] == leader && men > 1)
            continue; /* he helps; he assaults himself only when he went alone */
        int v;
        int sw = at_weapon(ctx, st, went[i], &v);
        int ifp = rules_face(ctx, u)->ifp > 0 ? rules_face(ctx, u)->ifp : 0;
        int ad, dd;
        char purpose[80];
        snprintf(purpose, sizeof purpose, "close assault, %s", rules_label(ctx, st, went[i]));
        if (!lnlt_dice_roll(&s->dice, 1, NULL, purpose, "17.1", &ad, NULL, s->err) ||
            !lnlt_dice_roll(&s->dice, 1, NULL, "vehicle's defence", "17.1", &dd, NULL, s->err))
            return false;
        lnlt_close_assault c = lnlt_close_assault_roll(ad, ifp, went[i] == helped ? lm : 0, v, dd, low);
        lnlt_events_say(s->log, LNLT_EV_RESULT, "17.1", "close-assault-roll",
                        "%s: 1d6 %d + IFP %d%s%s = %d vs 1d6 %d + lowest AF %d = %d -> %s", rules_label(ctx, st, went[i]),
                        ad, ifp, went[i] == helped && lm ? " + LM" : "", sw >= 0 ? " + anti-tank weapon" : "", c.attack,
                        dd, low, c.defence, c.destroyed ? "destroyed" : "it survives");
        if (sw >= 0) {
            lnlt_sw *w = &st->sw[sw];
            const lnlt_sw_type *t = rules_sw_type(ctx, w);
            /* 1.6: single-use weapons are spent; 17.1: a captured one fails and is lost */
            if ((t->flags & LNLT_SWF_SINGLE_USE) || ((w->flags & LNLT_SW_CAPTURED) && !c.destroyed)) {
                w->holder = -1;
                w->flags |= LNLT_SW_USED;
                rules_put_sw(w, LNLT_CELL_ELIMINATED);
                lnlt_events_say(s->log, LNLT_EV_RESULT, "17.1", "sw-spent", "the %s is gone", t->name);
            }
        }
        *destroyed = c.destroyed;
    }
    return true;
}

/* After a successful assault: the Melee marker, and the enemy who cannot fight dies. */
static void assault_won(lnlt_step *s, int to, int side)
{
    lnlt_state *st = s->st;
    rules_set_melee_marker(st, to, true);
    int legs[LNLT_MAX_UNITS];
    int n = rules_leg_units_in(s->ctx, st, to, lnlt_other_side(side), legs, LNLT_MAX_UNITS);
    for (int i = 0; i < n; i++) {
        if (rules_melee_eligible(s->ctx, st, legs[i]))
            continue;
        lnlt_events_say(s->log, LNLT_EV_RESULT, "17.1", "eliminated", "%s, left without its vehicle, is eliminated",
                        rules_label(s->ctx, st, legs[i]));
        rules_eliminate(s, legs[i]);
    }
}

bool finish_assault(lnlt_step *s, bool was_moving, bool counter);

/* Those who went in and must leave: back to their hex under Moved (17.1), or after
 * an overrun away to an adjacent hex of their owner's choice (15.3). */
static bool send_back(lnlt_step *s, int from, const int *units, int n, bool counter)
{
    lnlt_state *st = s->st;
    if (n == 0)
        return true;
    for (int i = 0; i < n; i++)
        st->unit[units[i]].marks |= LNLT_MARK_MOVED;
    if (counter)
        return rules_retreat_units(s, units, n);
    char a[LNLT_HEX_ID_MAX];
    for (int i = 0; i < n; i++)
        rules_put_unit(st, units[i], from);
    lnlt_events_say(s->log, LNLT_EV_CHANGE, "17.1", "assault-back", "%d unit%s go%s back to %s under Moved markers", n,
                    n == 1 ? "" : "s", n == 1 ? "es" : "", rules_cell(s, from, a));
    return true;
}

bool rules_close_assault(lnlt_step *s, int from, int to, int vehicle, const uint8_t *pick)
{
    const lnlt_ctx *ctx = s->ctx;
    lnlt_state *st = s->st;
    const char *why = "";
    if (!rules_can_close_assault(ctx, st, from, to, vehicle, pick, &why))
        return lnlt_error_set(s->err, "%s", why);
    bool counter = st->pending == LNLT_DECIDE_COUNTER_ASSAULT;
    int side = counter ? st->pending_side : st->impulse_side;
    int c[LNLT_MAX_UNITS], units[LNLT_MAX_UNITS];
    int n = candidates(ctx, st, from, c);
    if (pick)
        n = rules_pick(pick, c, n);
    n = assaulters(ctx, st, c, n, units);
    bool was_moving = st->move.active && !counter;
    if (counter) {
        st->pending = 0;
    } else {
        st->acted = 1;
        for (int i = 0; i < n; i++)
            st->unit[units[i]].flags |= LNLT_UNIT_ACTIVATED; /* 17.1: a close assault is movement */
    }
    int group[LNLT_MAX_UNITS], ng;
    bool destroyed;
    if (!assault_one(s, from, to, vehicle, units, n, counter, group, &ng, &destroyed))
        return false;
    while (destroyed) {
        if (!rules_vehicle_destroy(s, vehicle, FATE_CLOSE_ASSAULT, "17.1"))
            return false;
        int vs[4];
        if (rules_vehicles_in(ctx, st, to, lnlt_other_side(side), vs, 4) == 0) {
            assault_won(s, to, side);
            for (int i = 0; i < ng; i++)
                st->unit[group[i]].marks |= LNLT_MARK_MOVED;
            return finish_assault(s, was_moving, counter);
        }
        /* 17.1: a second vehicle in the hex: the procedure again, a second check */
        vehicle = vs[0];
        int again[LNLT_MAX_UNITS], na;
        if (!assault_one(s, to, to, vehicle, group, ng, true, again, &na, &destroyed))
            return false;
        int back[LNLT_MAX_UNITS], nb = 0;
        for (int i = 0; i < ng; i++) {
            bool went = false;
            for (int k = 0; k < na; k++)
                went |= again[k] == group[i];
            if (!went || !destroyed)
                back[nb++] = group[i];
        }
        if (!send_back(s, from, back, nb, counter))
            return false;
        memcpy(group, again, sizeof(int) * (size_t)na);
        ng = destroyed ? na : 0;
    }
    if (!send_back(s, from, group, ng, counter))
        return false;
    return finish_assault(s, was_moving, counter);
}

bool finish_assault(lnlt_step *s, bool was_moving, bool counter)
{
    lnlt_state *st = s->st;
    if (was_moving) { /* the stack's move ends with its assault */
        memset(&st->move, 0, sizeof st->move);
        st->decision = LNLT_DECIDE_ACTIVATION;
        st->to_act = st->impulse_side;
        return true;
    }
    if (counter && !st->pending) { /* the overrunning vehicle's move goes on */
        st->to_act = st->impulse_side;
        if (st->move.active)
            st->decision = LNLT_DECIDE_MOVE;
    }
    return true;
}

bool rules_decline_counter_assault(lnlt_step *s)
{
    lnlt_state *st = s->st;
    if (st->pending != LNLT_DECIDE_COUNTER_ASSAULT)
        return lnlt_error_set(s->err, "no close assault is being offered");
    st->pending = 0;
    lnlt_events_say(s->log, LNLT_EV_CHANGE, "15.3", "no-counter-assault", "%s makes no close assault",
                    lnlt_side_name(s->ctx, st->pending_side));
    return finish_assault(s, false, true);
}

/* ---- overruns (15.3, 21.1.3) ---- */

/* The FP a vehicle brings to an overrun: HE x shots, the MGs it may fire, its armor
 * leader's LM, +2; and whether it has a functional weapon at all. */
static int overrun_fp(const lnlt_ctx *ctx, const lnlt_state *st, int vehicle, bool *armed, lnlt_modifiers *mods)
{
    const lnlt_vehicle_type *t = rules_vtype(ctx, &st->unit[vehicle]);
    const lnlt_vehicle *v = rules_veh_c(st, vehicle);
    bool open = !rules_vehicle_buttoned(ctx, st, vehicle);
    lnlt_overrun_input in = {0, 1, 0, rules_armor_leader_lm(ctx, st, vehicle)};
    *armed = false;
    for (int g = 0; g < t->gun_count; g++)
        if (t->gun[g].he != LNLT_NONE && !(t->gun[g].ammo == LNLT_AMMO_ATGM && (v->flags & LNLT_VEH_ATGM_EXPENDED))) {
            if (t->gun[g].he * t->gun[g].shots > in.he * in.shots) {
                in.he = t->gun[g].he;
                in.shots = t->gun[g].shots;
            }
            *armed = true;
        }
    for (int m = 0; m < t->mg_count; m++)
        if (t->mg[m].arc != LNLT_MGA_ALL_ROUND || open) { /* 15.3: '*' MGs only when open */
            in.mg_fp += t->mg[m].fp;
            *armed = true;
        }
    return lnlt_overrun_fp(&in, mods);
}

/* Is the hex one a vehicle may overrun (15.3)? */
static const char *overrun_hex_barred(const lnlt_ctx *ctx, const lnlt_state *st, int to)
{
    const lnlt_terrain *t = rules_terrain(ctx, st, to);
    if (t->los == LNLT_LOS_BLOCKING || t->tm > 0 || (t->flags & LNLT_TF_RIVER))
        return "overruns go only into open, non-water hexes without a TM (15.3)";
    if (rules_smoked(st, to))
        return "Smoke prevents an overrun (15.3)";
    if (rules_forts_at(st, to, LNLT_FORT_MINES, NULL))
        return "Mines prevent an overrun (15.3)";
    return rules_counter_overrun_barred(ctx, st->move.active ? st->move.cell : -1, to); /* 10.5.3, 10.5.5 */
}

/* 15.3: craters and module-specific hexes are not in the shipped data (ruling R-VEH-36). */
bool rules_can_overrun(const lnlt_ctx *ctx, const lnlt_state *st, int to, const char **why)
{
    int veh = rules_move_vehicle(ctx, st);
    if (veh < 0 || st->move.mode != LNLT_MV_VEHICLE) {
        *why = "only a vehicle's normal move overruns (15.3: not after AM or AF)";
        return false;
    }
    for (int i = 0; i < st->unit_count; i++)
        if (lnlt_bit(st->move.units, i) && i != veh) {
            *why = "no overrun with coordinated movement (6.5)";
            return false;
        }
    if (!rules_is_good(&st->unit[veh])) {
        *why = "a shaken vehicle fires nothing, so it cannot overrun (15.0, 15.3)";
        return false;
    }
    int r[1];
    if (rules_riders(st, veh, RIDER_OUTSIDE, r, 1)) {
        *why = "no overrun with passengers on top (15.3)";
        return false;
    }
    bool armed;
    overrun_fp(ctx, st, veh, &armed, NULL);
    if (!armed) {
        *why = "an overrun needs a functional weapon (15.3)";
        return false;
    }
    lnlt_hex a = rules_hex(ctx, st->move.cell), b = rules_hex(ctx, to);
    if (lnlt_loc_floor(to) != LNLT_FLOOR_GROUND || !lnlt_hex_adjacent(a, b) ||
        !rules_enemy_leg_in(ctx, st, to, st->unit[veh].side) || rules_enemy_vehicle_in(ctx, st, to, st->unit[veh].side) ||
        rules_in_melee(st, to)) {
        *why = "an overrun goes into an adjacent hex of enemy infantry without enemy vehicles (15.3)";
        return false;
    }
    const char *hw = overrun_hex_barred(ctx, st, to);
    if (hw) {
        *why = hw;
        return false;
    }
    const lnlt_vehicle *v = rules_veh_c(st, veh);
    int col = rules_vtype(ctx, &st->unit[veh])->move_class == LNLT_MC_TRACKED ? LNLT_MOVER_TRACKED
            : rules_vtype(ctx, &st->unit[veh])->move_class == LNLT_MC_OFF_ROAD ? LNLT_MOVER_OTHER
                                                                                : LNLT_MOVER_ROAD;
    int enter = rules_enter_mp2(ctx, st, to, (lnlt_mover)col), side = lnlt_map_hexside_mp2(ctx->map, a, b, (lnlt_mover)col);
    bool rev;
    int cost = enter < 0 || side < 0 ? -1 : lnlt_vehicle_step_cost2(v->facing, lnlt_hex_direction_to(a, b), enter + side, &rev);
    if (cost < 0) {
        *why = "the vehicle cannot enter that hex (15.1)";
        return false;
    }
    const char *sw = NULL;
    if (!rules_stacking_ok(ctx, st, to, st->unit[veh].side, st->move.units, &sw)) {
        *why = sw;
        return false;
    }
    int left = rules_vehicle_allowance2(ctx, st, veh, st->move.mode) - st->unit[veh].mp2;
    if (cost + 8 > left) {
        *why = "an overrun takes the hex's MP and 4 more (15.3)";
        return false;
    }
    return true;
}

bool rules_overrun(lnlt_step *s, int to)
{
    const lnlt_ctx *ctx = s->ctx;
    lnlt_state *st = s->st;
    const char *why = "";
    if (!rules_can_overrun(ctx, st, to, &why))
        return lnlt_error_set(s->err, "%s", why);
    int veh = rules_move_vehicle(ctx, st);
    int side = st->unit[veh].side, enemy = lnlt_other_side(side);
    int from = st->move.cell;
    lnlt_vehicle *v = rules_veh(st, veh);
    /* the defenders' TMs before the vehicle is there (its own +2 is no cover) */
    int outside_tm, inside_tm = 0;
    lnlt_modifiers parts = {0};
    rules_hex_tm(ctx, st, to, enemy, &parts);
    outside_tm = lnlt_target_tm(&parts, false, NULL);
    int bunker = lnlt_location(lnlt_loc_cell(to), LNLT_FLOOR_BUNKER);
    const lnlt_bunker *bk = rules_bunker_at(ctx, to);
    /* 21.1.3: those in a bunker only when the vehicle comes through its front */
    bool inside = bk && rules_in_bunker_front(ctx, bunker, from);
    if (inside) {
        lnlt_modifiers bp = {0};
        rules_hex_tm(ctx, st, bunker, enemy, &bp);
        inside_tm = lnlt_target_tm(&bp, false, NULL);
    }
    /* the move into the hex: its cost and 4 MP more */
    lnlt_hex a = rules_hex(ctx, from), b = rules_hex(ctx, to);
    const lnlt_vehicle_type *vt = rules_vtype(ctx, &st->unit[veh]);
    int col = vt->move_class == LNLT_MC_TRACKED ? LNLT_MOVER_TRACKED : vt->move_class == LNLT_MC_OFF_ROAD ? LNLT_MOVER_OTHER
                                                                                                        : LNLT_MOVER_ROAD;
    bool rev;
    int cost = lnlt_vehicle_step_cost2(v->facing, lnlt_hex_direction_to(a, b),
                                       rules_enter_mp2(ctx, st, to, (lnlt_mover)col) + lnlt_map_hexside_mp2(ctx->map, a, b, (lnlt_mover)col),
                                       &rev) + 8;
    lnlt_unit *u = &st->unit[veh];
    rules_put_unit(st, veh, to);
    u->marks |= LNLT_MARK_MOVED;
    u->mp2 = (uint8_t)(u->mp2 + cost);
    v->impulse |= LNLT_VI_MOVED | LNLT_VI_ACTED;
    v->impulse &= (uint8_t)~LNLT_VI_PIVOTED;
    v->turn |= LNLT_VT_MOVED | LNLT_VT_LEFT_HEX;
    rules_acq_forget(st, veh);
    v->flags &= (uint8_t)~LNLT_VEH_HULL_DOWN;
    st->move.cell = (int16_t)to;
    st->move.hexes++;
    st->move.mp2_here = 0; /* 15.3: no opportunity fire at the vehicle in the overrun hex */
    st->move.of_made = 0;
    char fa[LNLT_HEX_ID_MAX], ta[LNLT_HEX_ID_MAX];
    lnlt_events_say(s->log, LNLT_EV_CHANGE, "15.3", "overrun", "%s overruns %s from %s (%d%s MP)", rules_label(ctx, st, veh),
                    rules_cell(s, to, ta), rules_cell(s, from, fa), cost / 2, cost & 1 ? ".5" : "");
    if (vt->move_class == LNLT_MC_TRACKED)
        rules_wire_on_leave(s, from);
    /* 15.3: a Fire For Effect there attacks the vehicle first */
    if (!rules_ffe_on_entry(s, to))
        return false;
    if (rules_on_map(u) && rules_is_good(u) && !rules_vehicle_abandoned(st, veh)) {
        lnlt_modifiers fpm = {0};
        bool armed;
        int fp = overrun_fp(ctx, st, veh, &armed, &fpm);
        int ad, dd;
        if (!lnlt_dice_roll(&s->dice, 1, NULL, "overrun", "15.3", &ad, NULL, s->err) ||
            !lnlt_dice_roll(&s->dice, 1, NULL, "defence against the overrun", "15.3", &dd, NULL, s->err))
            return false;
        int units[LNLT_MAX_UNITS], dcs[LNLT_MAX_UNITS], n = 0;
        for (int pass = 0; pass < 2; pass++) {
            int loc = pass ? bunker : to;
            if (pass && !inside)
                continue;
            int tm = pass ? inside_tm : outside_tm;
            int dc = lnlt_dc_modifier(ad + fp, dd + tm);
            int k = rules_leg_units_in(ctx, st, loc, enemy, units + n, LNLT_MAX_UNITS - n);
            for (int i = 0; i < k; i++)
                dcs[n + i] = dc;
            n += k;
            char fpt[96];
            size_t pl = 0;
            fpt[0] = 0;
            for (int m = 0; m < fpm.count && pl < sizeof fpt; m++) {
                int w = snprintf(fpt + pl, sizeof fpt - pl, "%s%s %d", m ? " + " : "", fpm.mod[m].source, fpm.mod[m].value);
                pl += w > 0 ? (size_t)w : 0;
            }
            lnlt_events_say(s->log, LNLT_EV_RESULT, "15.3", "overrun-roll",
                            "overrun on %s%s: 1d6 %d + FP %d (%s) = %d vs 1d6 %d + TM %d = %d -> %s", ta,
                            pass ? " (the bunker)" : "", ad, fp, fpt, ad + fp, dd, tm, dd + tm,
                            dc > 0 ? "damage checks" : "no effect");
        }
        if (!rules_damage_checks(s, units, dcs, n))
            return false;
    }
    /* 15.3: the survivors may close-assault it (those in a bunker may not, 21.1.3) */
    if (rules_vehicle_live(ctx, st, veh)) {
        const char *cw;
        st->pending = LNLT_DECIDE_COUNTER_ASSAULT;
        st->pending_side = (uint8_t)enemy;
        if (!rules_can_close_assault(ctx, st, to, to, veh, NULL, &cw))
            st->pending = 0;
    }
    if (!st->pending)
        return rules_vehicle_continue(s);
    return true;
}

bool rules_overrun_retreats(lnlt_step *s, int cell)
{
    const lnlt_ctx *ctx = s->ctx;
    lnlt_state *st = s->st;
    int side = lnlt_other_side(st->impulse_side);
    int legs[LNLT_MAX_UNITS], r[LNLT_MAX_UNITS], nr = 0;
    int n = rules_leg_units_in(ctx, st, cell, side, legs, LNLT_MAX_UNITS);
    for (int i = 0; i < n; i++) {
        const lnlt_unit *u = &st->unit[legs[i]];
        int kind = rules_type(ctx, u)->kind;
        /* 15.3: snipers and shaken weapon teams are eliminated; the others go */
        if (kind == LNLT_UK_SNIPER || (kind == LNLT_UK_WEAPON_TEAM && !rules_is_good(u))) {
            lnlt_events_say(s->log, LNLT_EV_RESULT, "15.3", "eliminated", "%s cannot get away from the vehicle: eliminated",
                            rules_label(ctx, st, legs[i]));
            rules_eliminate(s, legs[i]);
            continue;
        }
        r[nr++] = legs[i];
    }
    return rules_retreat_units(s, r, nr);
}
