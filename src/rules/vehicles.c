/*
 * vehicles.c: vehicles and gun teams in the flat state (rules 15.0 vehicle
 * counters, 15.0.1 open and buttoned, 15.1 facing a vertex, 15.1.1 turrets, 15.4
 * crews and armor leaders, 1.7.1 gun teams facing a vertex, 16.0 passengers riding
 * in or on a vehicle, 1.3 and 10.1 wrecks and vehicles as counters in a hex): which
 * units are vehicles, their slot of lnlt_state.vehicle, who rides where, what a
 * vehicle in a hex does to stacking, terrain and line of sight, and the state API
 * that sets facings, passengers, wrecks and acquisitions up.
 *
 * A vehicle is a unit (kind vehicle) like any other for activation and markers;
 * what its counter does not hold (facing, turret, buttoned, abandoned...) is in
 * its slot. Passengers and an armor leader in command are off the map
 * (LNLT_CELL_ABOARD) and go where their vehicle goes.
 */
#include <string.h>

#include "lnlt/ordnance.h"
#include "rules/internal.h"

const lnlt_vehicle_type *rules_vtype(const lnlt_ctx *ctx, const lnlt_unit *u)
{
    return lnlt_catalog_vehicle_of(ctx->catalog, u->type);
}

bool rules_is_vehicle(const lnlt_ctx *ctx, const lnlt_unit *u) { return rules_type(ctx, u)->kind == LNLT_UK_VEHICLE; }

bool rules_is_gun_team(const lnlt_ctx *ctx, const lnlt_unit *u) { return rules_type(ctx, u)->gun >= 0; }

bool rules_atgm_team(const lnlt_ctx *ctx, const lnlt_unit *u)
{
    int g = rules_type(ctx, u)->gun;
    return g >= 0 && ctx->catalog->gun[g].ammo == LNLT_AMMO_ATGM;
}

int rules_vslot(const lnlt_state *st, int unit)
{
    for (int i = 0; i < st->vehicle_count; i++)
        if (st->vehicle[i].unit == unit)
            return i;
    return -1;
}

lnlt_vehicle *rules_veh(lnlt_state *st, int unit)
{
    int k = rules_vslot(st, unit);
    return k >= 0 ? &st->vehicle[k] : NULL;
}

const lnlt_vehicle *rules_veh_c(const lnlt_state *st, int unit)
{
    int k = rules_vslot(st, unit);
    return k >= 0 ? &st->vehicle[k] : NULL;
}

bool rules_vehicle_attach(const lnlt_ctx *ctx, lnlt_state *st, int unit)
{
    const lnlt_unit *u = &st->unit[unit];
    if (!rules_is_vehicle(ctx, u) && !rules_is_gun_team(ctx, u))
        return true;
    if (rules_vslot(st, unit) >= 0)
        return true;
    if (st->vehicle_count >= LNLT_MAX_VEHICLES)
        return false;
    lnlt_vehicle *v = &st->vehicle[st->vehicle_count++];
    memset(v, 0, sizeof *v);
    v->unit = (int16_t)unit;
    v->fire_loc = -1;
    return true;
}

bool rules_vehicle_abandoned(const lnlt_state *st, int unit)
{
    const lnlt_vehicle *v = rules_veh_c(st, unit);
    return v && (v->flags & LNLT_VEH_ABANDONED);
}

bool rules_vehicle_live(const lnlt_ctx *ctx, const lnlt_state *st, int unit)
{
    const lnlt_unit *u = &st->unit[unit];
    return rules_on_map(u) && rules_is_vehicle(ctx, u) && !rules_vehicle_abandoned(st, unit);
}

bool rules_vehicle_armored(const lnlt_ctx *ctx, const lnlt_unit *u)
{
    const lnlt_vehicle_type *v = rules_vtype(ctx, u);
    return v && lnlt_vehicle_armored(v);
}

bool rules_vehicle_buttoned(const lnlt_ctx *ctx, const lnlt_state *st, int unit)
{
    const lnlt_vehicle *v = rules_veh_c(st, unit);
    const lnlt_vehicle_type *t = rules_vtype(ctx, &st->unit[unit]);
    /* 15.0.1: open tops and unarmoured vehicles are always open; a shaken one is buttoned (15.0) */
    if (!v || !t || (t->flags & LNLT_VF_OPEN_TOP) || !lnlt_vehicle_armored(t))
        return false;
    return (v->flags & LNLT_VEH_BUTTONED) || !rules_is_good(&st->unit[unit]);
}

/* Whether `side` has a vehicle still in play anywhere. Without one there is nothing
 * to board (16.0), and without an enemy one nothing to close-assault (17.1) or to
 * fire at as a vehicle (14.0), so the listing skips those per-hex searches and
 * infantry-only games stay as cheap as before vehicles existed. */
bool rules_side_has_live_vehicle(const lnlt_ctx *ctx, const lnlt_state *st, int side)
{
    for (int k = 0; k < st->vehicle_count; k++) {
        int u = st->vehicle[k].unit;
        if (u >= 0 && st->unit[u].side == side && rules_vehicle_live(ctx, st, u))
            return true;
    }
    return false;
}

int rules_vehicles_in(const lnlt_ctx *ctx, const lnlt_state *st, int loc, int side, int *out, int cap)
{
    int n = 0;
    for (int k = 0; k < st->vehicle_count; k++) {
        int i = st->vehicle[k].unit;
        if (i < 0 || !rules_vehicle_live(ctx, st, i) || lnlt_unit_loc(&st->unit[i]) != loc ||
            (side && st->unit[i].side != side))
            continue;
        if (n < cap)
            out[n] = i;
        n++;
    }
    return n;
}

bool rules_enemy_vehicle_in(const lnlt_ctx *ctx, const lnlt_state *st, int loc, int side)
{
    int v[1];
    return rules_vehicles_in(ctx, st, loc, lnlt_other_side(side), v, 1) > 0;
}

int rules_leg_units_in(const lnlt_ctx *ctx, const lnlt_state *st, int loc, int side, int *out, int cap)
{
    int all[LNLT_MAX_UNITS];
    int n = rules_units_in(st, loc, side, all, LNLT_MAX_UNITS), k = 0;
    for (int i = 0; i < n; i++) {
        if (rules_is_vehicle(ctx, &st->unit[all[i]]))
            continue;
        if (k < cap)
            out[k] = all[i];
        k++;
    }
    return k;
}

bool rules_enemy_leg_in(const lnlt_ctx *ctx, const lnlt_state *st, int loc, int side)
{
    int u[1];
    return rules_leg_units_in(ctx, st, loc, lnlt_other_side(side), u, 1) > 0;
}

/* ---- passengers and armor leaders (16.0, 11.5) ---- */

int rules_carrier_of(const lnlt_state *st, int unit)
{
    if (unit < 0 || st->unit[unit].cell != LNLT_CELL_ABOARD || !st->aboard[unit])
        return -1;
    int slot = (st->aboard[unit] & LNLT_ABOARD_SLOT) - 1;
    return slot >= 0 && slot < st->vehicle_count ? st->vehicle[slot].unit : -1;
}

int rules_place_of(const lnlt_state *st, int unit)
{
    int c = rules_carrier_of(st, unit);
    return c >= 0 ? lnlt_unit_loc(&st->unit[c]) : lnlt_unit_loc(&st->unit[unit]);
}

int rules_riders(const lnlt_state *st, int vehicle, unsigned which, int *out, int cap)
{
    int slot = rules_vslot(st, vehicle), n = 0;
    if (slot < 0)
        return 0;
    for (int i = 0; i < st->unit_count; i++) {
        uint8_t a = st->aboard[i];
        if (st->unit[i].cell != LNLT_CELL_ABOARD || (a & LNLT_ABOARD_SLOT) != slot + 1)
            continue;
        unsigned kind = (a & LNLT_ABOARD_COMMANDER) ? RIDER_COMMANDER : (a & LNLT_ABOARD_OUTSIDE) ? RIDER_OUTSIDE : RIDER_INSIDE;
        if (!(which & kind))
            continue;
        if (n < cap)
            out[n] = i;
        n++;
    }
    return n;
}

int rules_armor_leader_of(const lnlt_ctx *ctx, const lnlt_state *st, int vehicle)
{
    int c[1];
    int n = rules_riders(st, vehicle, RIDER_COMMANDER, c, 1);
    return n > 0 && rules_type(ctx, &st->unit[c[0]])->kind == LNLT_UK_ARMOR_LEADER ? c[0] : -1;
}

int rules_vehicle_morale(const lnlt_ctx *ctx, const lnlt_state *st, int vehicle)
{
    /* 11.5: a vehicle with a (good-order) armor leader takes his morale for every purpose */
    int al = rules_armor_leader_of(ctx, st, vehicle);
    int m = rules_type(ctx, &st->unit[vehicle])->front.morale;
    if (al >= 0 && rules_is_good(&st->unit[al]))
        m = rules_face(ctx, &st->unit[al])->morale;
    return m;
}

int rules_armor_leader_lm(const lnlt_ctx *ctx, const lnlt_state *st, int vehicle)
{
    int al = rules_armor_leader_of(ctx, st, vehicle);
    if (al < 0 || !rules_is_good(&st->unit[al]))
        return 0;
    int lm = rules_face(ctx, &st->unit[al])->lm;
    return lm > 0 ? lm : 0;
}

/* The load of a vehicle on one side (inside or outside), in the units of 16.1. */
static void load_of(const lnlt_ctx *ctx, const lnlt_state *st, int vehicle, unsigned which, const uint8_t *adding,
                    int *halves, int *sws, int *smcs)
{
    int r[LNLT_MAX_UNITS];
    int n = rules_riders(st, vehicle, which, r, LNLT_MAX_UNITS);
    *halves = *sws = *smcs = 0;
    for (int i = 0; i < st->unit_count; i++) {
        bool rides = false;
        for (int k = 0; k < n; k++)
            rides |= r[k] == i;
        if (!rides && !(adding && lnlt_bit(adding, i)))
            continue;
        int kind = rules_type(ctx, &st->unit[i])->kind;
        if (lnlt_unit_kind_is_smc(kind))
            (*smcs)++;
        else
            *halves += rules_atgm_team(ctx, &st->unit[i]) ? 1 : lnlt_unit_kind_stack_halves(kind); /* 1.3 */
        int held[4];
        *sws += rules_sws_of(st, i, held, 4);
    }
}

bool rules_capacity_ok(const lnlt_ctx *ctx, const lnlt_state *st, int vehicle, bool outside, const uint8_t *adding,
                       const char **why)
{
    const lnlt_vehicle_type *t = rules_vtype(ctx, &st->unit[vehicle]);
    int cap = t ? (outside ? t->outside : t->inside) : 0;
    if (cap == 0) {
        if (why)
            *why = outside ? "no one rides on top of this vehicle (16.2)" : "this vehicle carries no one inside (16.1)";
        return false;
    }
    int halves, sws, smcs;
    load_of(ctx, st, vehicle, outside ? RIDER_OUTSIDE : RIDER_INSIDE, adding, &halves, &sws, &smcs);
    if (!lnlt_passengers_fit(cap, halves, sws, smcs)) {
        if (why)
            *why = "more than the vehicle carries (16.1, 16.2)";
        return false;
    }
    return true;
}

void rules_board(lnlt_state *st, int unit, int vehicle, unsigned how)
{
    int slot = rules_vslot(st, vehicle);
    lnlt_unit *u = &st->unit[unit];
    rules_put_unit(st, unit, LNLT_CELL_ABOARD);
    u->floor = 0;
    st->aboard[unit] = (uint8_t)((slot + 1) | (how & RIDER_OUTSIDE ? LNLT_ABOARD_OUTSIDE : 0) |
                                 (how & RIDER_COMMANDER ? LNLT_ABOARD_COMMANDER : 0));
    lnlt_bit_clear(st->move.units, unit);
}

void rules_disembark_unit(lnlt_state *st, int unit, int loc)
{
    st->aboard[unit] = 0;
    rules_put_unit(st, unit, loc < 0 ? LNLT_CELL_NONE : lnlt_location(lnlt_loc_cell(loc), 0));
}

/* ---- wrecks, vehicles as terrain (1.3, 10.1, 10.3, TEC) ---- */

bool rules_wreck_at(const lnlt_state *st, int cell) { return cell >= 0 && lnlt_bit(st->wreck, lnlt_loc_cell(cell)); }

void rules_place_wreck(lnlt_step *s, int cell, const char *rule)
{
    char name[LNLT_HEX_ID_MAX];
    if (cell < 0 || rules_wreck_at(s->st, cell))
        return; /* 1.3: one Wreck marker per hex */
    lnlt_bit_set(s->st->wreck, lnlt_loc_cell(cell));
    lnlt_events_say(s->log, LNLT_EV_CHANGE, rule, "wreck", "a Wreck marker goes on %s", rules_cell(s, cell, name));
}

bool rules_vehicle_layer(const lnlt_ctx *ctx, const lnlt_state *st, uint8_t *cells, bool have)
{
    bool any = false;
    for (int i = 0; i < LNLT_MAX_CELLS / 8 && !any; i++)
        any = st->wreck[i] != 0;
    for (int k = 0; k < st->vehicle_count && !any; k++) {
        int u = st->vehicle[k].unit;
        any = u >= 0 && rules_on_map(&st->unit[u]) && rules_is_vehicle(ctx, &st->unit[u]);
    }
    if (!any)
        return have;
    int n = lnlt_map_cells(ctx->map);
    if (n > LNLT_MAX_CELLS)
        n = LNLT_MAX_CELLS;
    if (!have)
        memset(cells, 0, (size_t)n);
    /* TEC: a Wreck, or a vehicle (abandoned ones too), degrades LOS through its hex,
     * never whole-hex; one factor per hex (10.3). */
    for (int c = 0; c < n; c++)
        if (lnlt_bit(st->wreck, c))
            cells[c] |= LNLT_DYN_WRECK;
    for (int k = 0; k < st->vehicle_count; k++) {
        int u = st->vehicle[k].unit;
        if (u >= 0 && rules_on_map(&st->unit[u]) && rules_is_vehicle(ctx, &st->unit[u]) && st->unit[u].cell < n)
            cells[st->unit[u].cell] |= LNLT_DYN_VEHICLE;
    }
    return true;
}

int rules_vehicle_hex_tm(const lnlt_ctx *ctx, const lnlt_state *st, int loc, bool for_vehicle)
{
    if (lnlt_loc_floor(loc) != LNLT_FLOOR_GROUND)
        return 0;
    /* TEC and 10.1: only a Wreck gives a vehicle +2; a Wreck or one vehicle gives
     * Leg units +2 (once per hex). */
    if (rules_wreck_at(st, loc))
        return 2;
    if (for_vehicle)
        return 0;
    for (int k = 0; k < st->vehicle_count; k++) {
        int u = st->vehicle[k].unit;
        if (u >= 0 && rules_on_map(&st->unit[u]) && rules_is_vehicle(ctx, &st->unit[u]) &&
            lnlt_unit_loc(&st->unit[u]) == loc)
            return 2;
    }
    return 0;
}

int rules_vehicle_stack(const lnlt_ctx *ctx, const lnlt_state *st, int loc, int side, const uint8_t *adding)
{
    int n = rules_wreck_at(st, loc) ? 1 : 0; /* 1.3: a Wreck counts as one vehicle */
    for (int k = 0; k < st->vehicle_count; k++) {
        int u = st->vehicle[k].unit;
        if (u < 0 || !rules_is_vehicle(ctx, &st->unit[u]) || st->unit[u].side != side)
            continue;
        bool here = rules_on_map(&st->unit[u]) && lnlt_unit_loc(&st->unit[u]) == loc && !(adding && lnlt_bit(adding, u));
        n += here || (adding && lnlt_bit(adding, u));
    }
    return n;
}

/* ---- the state API for set-up, mid-game files and tests ---- */

static bool vehicle_unit(const lnlt_ctx *ctx, const lnlt_state *st, int unit, lnlt_error *err)
{
    if (!ctx->catalog || unit < 0 || unit >= st->unit_count)
        return lnlt_error_set(err, "no unit %d", unit);
    if (rules_vslot(st, unit) < 0)
        return lnlt_error_set(err, "%s is neither a vehicle nor a gun team", rules_type(ctx, &st->unit[unit])->name);
    return true;
}

bool lnlt_state_set_facing(const lnlt_ctx *ctx, lnlt_state *st, int unit, const char *a, const char *b,
                           lnlt_error *err)
{
    int la, lb;
    if (!vehicle_unit(ctx, st, unit, err) || !lnlt_location_parse(ctx, a, &la, err) ||
        !lnlt_location_parse(ctx, b, &lb, err))
        return false;
    const lnlt_unit *u = &st->unit[unit];
    int k = rules_on_map(u) ? lnlt_corner_between(rules_hex(ctx, u->cell), rules_hex(ctx, la), rules_hex(ctx, lb)) : -1;
    if (k < 0)
        return lnlt_error_set(err, "%s and %s do not share a corner with the hex of %s (15.1)", a, b,
                              rules_type(ctx, u)->name);
    lnlt_vehicle *v = rules_veh(st, unit);
    v->facing = v->turret = (uint8_t)k;
    return true;
}

bool lnlt_state_set_buttoned(const lnlt_ctx *ctx, lnlt_state *st, int unit, bool buttoned, lnlt_error *err)
{
    if (!vehicle_unit(ctx, st, unit, err))
        return false;
    const lnlt_vehicle_type *t = rules_vtype(ctx, &st->unit[unit]);
    if (!t || (buttoned && ((t->flags & LNLT_VF_OPEN_TOP) || !lnlt_vehicle_armored(t))))
        return lnlt_error_set(err, "%s cannot button up (15.0.1, 15.8)", rules_type(ctx, &st->unit[unit])->name);
    lnlt_vehicle *v = rules_veh(st, unit);
    v->flags = (uint8_t)(buttoned ? v->flags | LNLT_VEH_BUTTONED : v->flags & ~LNLT_VEH_BUTTONED);
    return true;
}

bool lnlt_state_board(const lnlt_ctx *ctx, lnlt_state *st, int unit, int vehicle, bool outside, lnlt_error *err)
{
    if (!vehicle_unit(ctx, st, vehicle, err) || unit < 0 || unit >= st->unit_count)
        return lnlt_error_set(err, "no unit %d", unit);
    const lnlt_unit *u = &st->unit[unit], *v = &st->unit[vehicle];
    if (!rules_is_vehicle(ctx, v))
        return lnlt_error_set(err, "only vehicles carry passengers (16.0)");
    if (u->side != v->side)
        return lnlt_error_set(err, "%s rides only a vehicle of its own side", rules_type(ctx, u)->name);
    int kind = rules_type(ctx, u)->kind;
    if (kind == LNLT_UK_ARMOR_LEADER) {
        int rider[1];
        if (rules_riders(st, vehicle, RIDER_COMMANDER, rider, 1))
            return lnlt_error_set(err, "%s already has a commander (11.5)", rules_type(ctx, v)->name);
        rules_board(st, unit, vehicle, RIDER_COMMANDER);
        return true;
    }
    const char *why = rules_may_ride(ctx, st, unit);
    if (why)
        return lnlt_error_set(err, "%s", why);
    uint8_t add[LNLT_UNIT_BITS] = {0};
    lnlt_bit_set(add, unit);
    if (!rules_capacity_ok(ctx, st, vehicle, outside, add, &why))
        return lnlt_error_set(err, "%s: %s", rules_type(ctx, u)->name, why);
    rules_board(st, unit, vehicle, outside ? RIDER_OUTSIDE : RIDER_INSIDE);
    return true;
}

const char *rules_may_ride(const lnlt_ctx *ctx, const lnlt_state *st, int unit)
{
    const lnlt_unit_type *t = rules_type(ctx, &st->unit[unit]);
    if (t->kind == LNLT_UK_VEHICLE || t->kind == LNLT_UK_ARMOR_LEADER)
        return "a vehicle or armor leader is no passenger (16.0)";
    if (t->kind == LNLT_UK_WEAPON_TEAM && t->wt_weapon != LNLT_WTW_MG && !rules_atgm_team(ctx, &st->unit[unit]))
        return "only MG and ATGM weapon teams ride as passengers (16.1)";
    if (rules_is_mounted(ctx, &st->unit[unit]))
        return "a mounted unit rides its own mounts (6.6)";
    return NULL;
}

bool lnlt_state_add_wreck(const lnlt_ctx *ctx, lnlt_state *st, const char *hex, lnlt_error *err)
{
    int loc;
    if (!lnlt_location_parse(ctx, hex, &loc, err))
        return false;
    if (loc < 0 || lnlt_loc_floor(loc) != LNLT_FLOOR_GROUND)
        return lnlt_error_set(err, "a Wreck lies on the ground of a hex");
    lnlt_bit_set(st->wreck, loc);
    return true;
}

bool lnlt_state_add_acquisition(const lnlt_ctx *ctx, lnlt_state *st, int firer, int target, const char *target_hex,
                                int level, lnlt_error *err)
{
    if (firer < 0 || firer >= st->unit_count || level < 1 || level > 2)
        return lnlt_error_set(err, "an acquisition needs a firing unit and a level of 1 or 2 (14.3)");
    int code;
    if (target >= 0) {
        if (target >= st->unit_count || !rules_is_vehicle(ctx, &st->unit[target]))
            return lnlt_error_set(err, "unit %d is no vehicle: give the target hex instead", target);
        code = target;
    } else {
        int loc;
        if (!lnlt_location_parse(ctx, target_hex, &loc, err))
            return false;
        if (loc < 0)
            return lnlt_error_set(err, "an acquisition of non-vehicle units names their hex");
        code = LNLT_ACQ_LOC - loc;
    }
    for (int i = 0; i < LNLT_MAX_ACQ; i++)
        if (st->acq[i].firer < 0 || st->acq[i].firer == firer) {
            st->acq[i].firer = (int16_t)firer;
            st->acq[i].target = (int16_t)code;
            st->acq[i].level = (uint8_t)level;
            st->acq[i].fresh = 0;
            return true;
        }
    return lnlt_error_set(err, "more than %d acquisitions", LNLT_MAX_ACQ);
}

/* ---- the turn's bookkeeping (15.0, 15.2.1, 15.5, 16.4, 1.7.1, 14.3) ---- */

void rules_vehicles_end_activation(lnlt_step *s)
{
    lnlt_state *st = s->st;
    for (int k = 0; k < st->vehicle_count; k++) {
        int u = st->vehicle[k].unit;
        lnlt_vehicle *v = &st->vehicle[k];
        if (u < 0 || !lnlt_bit(st->activated, u) || !rules_on_map(&st->unit[u]))
            continue;
        lnlt_unit *x = &st->unit[u];
        /* 1.7.1, 15.1: one that turned or spent MP in its hex and did not fire is
         * marked Moved (ruling R-VEH-14 for loading, unloading and unfinished
         * assault fire) */
        if ((v->impulse & LNLT_VI_ACTED) && !(x->marks & (LNLT_MARK_FIRED | LNLT_MARK_MOVED | LNLT_MARK_ASSAULT_MOVE)))
            x->marks |= LNLT_MARK_MOVED;
        if ((v->flags & LNLT_VEH_ASSAULT_FIRE) && !(v->impulse & LNLT_VI_MOVED) && (x->marks & LNLT_MARK_FIRED))
            x->marks = (uint8_t)((x->marks & ~LNLT_MARK_FIRED) | LNLT_MARK_MOVED);
        if (v->impulse & LNLT_VI_ACTED)
            x->flags |= LNLT_UNIT_ACTIVATED;
        v->flags &= (uint8_t)~(LNLT_VEH_ASSAULT_FIRE | LNLT_VEH_PAUSED);
    }
}

void rules_vehicles_impulse_end(const lnlt_ctx *ctx, lnlt_state *st)
{
    rules_acq_impulse_end(ctx, st);
    for (int k = 0; k < st->vehicle_count; k++) {
        st->vehicle[k].impulse = 0;
        st->vehicle[k].fire_loc = -1;
    }
}

void rules_vehicles_admin(lnlt_step *s, const uint8_t *kept_marks)
{
    lnlt_state *st = s->st;
    rules_acq_admin(s);
    for (int k = 0; k < st->vehicle_count; k++) {
        lnlt_vehicle *v = &st->vehicle[k];
        v->turn = 0;
        v->shots = 0;
        v->impulse = 0;
        v->fire_loc = -1;
        v->road_mp2 = 0;
        v->flags &= (uint8_t)~(LNLT_VEH_ASSAULT_FIRE | LNLT_VEH_PAUSED);
        int u = v->unit;
        if (u >= 0 && (v->flags & LNLT_VEH_CONTINUOUS)) {
            /* 15.5: its Moved or Assault Move marker stays; its acquisitions go */
            st->unit[u].marks = kept_marks[k];
            rules_acq_forget(st, u);
        }
    }
    memset(st->sw_fired, 0, sizeof st->sw_fired);
    st->oba_called = 0;
}
