/*
 * passengers.c: getting on and off vehicles (rules 16.1 and 16.2 capacity inside
 * and on top, 16.4 mounting and dismounting: half the MF of the vehicle and of the
 * unit, the vehicle keeping at least half its MP, loading activating the vehicle,
 * the unloaded units moving on before the vehicle, passengers leaving a shaken
 * vehicle; 5.3 the opportunity fire those MP open; 16.2 and 17.2 unshaken riders
 * choosing to jump off with shaken ones).
 */
#include <string.h>

#include "lnlt/ordnance.h"
#include "rules/internal.h"

/* Half MP a unit pays to get on or off (16.4). */
static int mount_cost2(const lnlt_ctx *ctx, const lnlt_state *st, int unit)
{
    const lnlt_unit *u = &st->unit[unit];
    int mf = rules_is_vehicle(ctx, u) ? rules_type(ctx, u)->front.mf : rules_face(ctx, u)->mf;
    return 2 * lnlt_mount_cost(mf);
}

/* 16.4: the vehicle still has at least half its MP. */
static bool vehicle_half_left(const lnlt_ctx *ctx, const lnlt_state *st, int vehicle)
{
    int mode = st->move.active && lnlt_bit(st->move.units, vehicle) ? st->move.mode : LNLT_MV_VEHICLE;
    int all = rules_vehicle_allowance2(ctx, st, vehicle, mode);
    int left = all - st->unit[vehicle].mp2;
    return all > 0 && left >= mount_cost2(ctx, st, vehicle) && 2 * left >= all;
}

/* May the vehicle take part in a load or unload now: moving in this impulse, or in
 * an activated hex and not yet acted, or (for a leg stack boarding it) able to act. */
static bool vehicle_available(const lnlt_ctx *ctx, const lnlt_state *st, int vehicle, int side)
{
    const lnlt_unit *v = &st->unit[vehicle];
    const lnlt_vehicle *vs = rules_veh_c(st, vehicle);
    if (!rules_vehicle_live(ctx, st, vehicle) || v->side != side || (vs->flags & LNLT_VEH_ASSAULT_FIRE))
        return false;
    if (st->move.active && lnlt_bit(st->move.units, vehicle))
        return st->move.mode == LNLT_MV_VEHICLE || st->move.mode == LNLT_MV_VEHICLE_ASSAULT;
    if (vs->flags & LNLT_VEH_PAUSED)
        return true;
    if (v->flags & LNLT_UNIT_ACTIVATED)
        return false;
    return lnlt_bit(st->activated, vehicle) || rules_unit_can_act(ctx, st, vehicle);
}

/* The units that would load: picked (or every eligible one) among the candidates. */
static int loaders(const lnlt_ctx *ctx, const lnlt_state *st, int loc, int side, const uint8_t *pick, int *out)
{
    int n = 0;
    bool leg_move = st->move.active && !rules_vehicle_move(st);
    for (int i = 0; i < st->unit_count; i++) {
        const lnlt_unit *u = &st->unit[i];
        if (u->side != side || lnlt_unit_loc(u) != loc || rules_is_vehicle(ctx, u) || (pick && !lnlt_bit(pick, i)))
            continue;
        if (rules_may_ride(ctx, st, i))
            continue;
        if (leg_move) {
            if (!lnlt_bit(st->move.units, i))
                continue;
            if (rules_mp2_allowance(ctx, st, i) - u->mp2 < mount_cost2(ctx, st, i))
                continue;
        } else if ((u->flags & LNLT_UNIT_ACTIVATED) || !rules_unit_can_act(ctx, st, i) ||
                   (st->move.active ? false : !lnlt_bit(st->activated, i))) {
            continue;
        }
        out[n++] = i;
    }
    return n;
}

bool rules_can_load(const lnlt_ctx *ctx, const lnlt_state *st, int loc, int vehicle, bool outside, const uint8_t *pick,
                    const char **why)
{
    int side = st->impulse_side;
    if (vehicle < 0 || vehicle >= st->unit_count || lnlt_unit_loc(&st->unit[vehicle]) != loc ||
        !vehicle_available(ctx, st, vehicle, side)) {
        *why = "no friendly vehicle there may take passengers now (16.4)";
        return false;
    }
    if (st->move.active && !rules_vehicle_move(st) && st->move.cell != loc) {
        *why = "the moving stack is not in the vehicle's hex";
        return false;
    }
    if (!vehicle_half_left(ctx, st, vehicle)) {
        *why = "a vehicle takes passengers with at least half its MP left (16.4)";
        return false;
    }
    /* 16.4: only inside passengers mount a vehicle that assault-fired its gun */
    if (outside && (st->unit[vehicle].marks & LNLT_MARK_FIRED)) {
        *why = "after its gun fired, passengers only get inside (16.4)";
        return false;
    }
    int l[LNLT_MAX_UNITS];
    int n = loaders(ctx, st, loc, side, pick, l);
    int k = 0;
    for (int i = 0; pick && i < st->unit_count; i++)
        k += lnlt_bit(pick, i);
    if (n == 0 || (pick && k != n)) {
        *why = "no unit there may get on (16.1, 16.4)";
        return false;
    }
    uint8_t add[LNLT_UNIT_BITS] = {0};
    for (int i = 0; i < n; i++)
        lnlt_bit_set(add, l[i]);
    return rules_capacity_ok(ctx, st, vehicle, outside, add, why);
}

/* After MP spent loading or unloading in the vehicle's hex: its window (5.3). */
static bool open_window(lnlt_step *s, int vehicle, int mp2)
{
    lnlt_state *st = s->st;
    if (!st->move.active || !lnlt_bit(st->move.units, vehicle)) {
        memset(&st->move, 0, sizeof st->move);
        st->move.active = 1;
        st->move.mode = LNLT_MV_VEHICLE;
        st->move.cell = st->move.origin = (int16_t)lnlt_unit_loc(&st->unit[vehicle]);
        lnlt_bit_set(st->move.units, vehicle);
    }
    st->move.mp2_here = (uint8_t)mp2;
    st->move.of_made = 0;
    if (rules_opfire_window(s->ctx, st)) {
        st->decision = LNLT_DECIDE_OPFIRE;
        st->to_act = (uint8_t)lnlt_other_side(st->impulse_side);
        return true;
    }
    return rules_vehicle_continue(s);
}

bool rules_load(lnlt_step *s, int loc, int vehicle, bool outside, const uint8_t *pick)
{
    const lnlt_ctx *ctx = s->ctx;
    lnlt_state *st = s->st;
    const char *why = "";
    if (!rules_can_load(ctx, st, loc, vehicle, outside, pick, &why))
        return lnlt_error_set(s->err, "%s", why);
    int l[LNLT_MAX_UNITS];
    int n = loaders(ctx, st, loc, st->impulse_side, pick, l);
    int least = mount_cost2(ctx, st, vehicle);
    for (int i = 0; i < n; i++) {
        int c = mount_cost2(ctx, st, l[i]);
        least = c < least ? c : least;
        lnlt_unit *u = &st->unit[l[i]];
        u->mp2 = (uint8_t)(u->mp2 + c);
        u->marks |= LNLT_MARK_MOVED;
        u->flags |= LNLT_UNIT_ACTIVATED;
        rules_board(st, l[i], vehicle, outside ? RIDER_OUTSIDE : RIDER_INSIDE);
    }
    lnlt_unit *v = &st->unit[vehicle];
    v->mp2 = (uint8_t)(v->mp2 + mount_cost2(ctx, st, vehicle));
    lnlt_bit_set(st->activated, vehicle); /* 16.4: loading activates the vehicle */
    rules_veh(st, vehicle)->impulse |= LNLT_VI_ACTED;
    st->acted = 1;
    char name[LNLT_HEX_ID_MAX];
    lnlt_events_say(s->log, LNLT_EV_CHANGE, "16.4", "load", "%d unit%s get%s %s %s in %s", n, n == 1 ? "" : "s",
                    n == 1 ? "s" : "", outside ? "on top of" : "into", rules_label(ctx, st, vehicle),
                    rules_cell(s, loc, name));
    /* the vehicle pays half its MF too; the MP spent there open the window */
    rules_veh(st, vehicle)->flags &= (uint8_t)~LNLT_VEH_PAUSED;
    return open_window(s, vehicle, least);
}

/* ---- unloading ---- */

static int unloaders(const lnlt_ctx *ctx, const lnlt_state *st, int vehicle, const uint8_t *pick, int *out)
{
    int r[LNLT_MAX_UNITS], n = 0;
    int k = rules_riders(st, vehicle, RIDER_PASSENGERS, r, LNLT_MAX_UNITS);
    for (int i = 0; i < k; i++)
        if (!pick || lnlt_bit(pick, r[i]))
            out[n++] = r[i];
    (void)ctx;
    return n;
}

bool rules_can_unload(const lnlt_ctx *ctx, const lnlt_state *st, int loc, int vehicle, const uint8_t *pick,
                      bool assault, const char **why)
{
    int side = st->impulse_side;
    if (vehicle < 0 || vehicle >= st->unit_count || lnlt_unit_loc(&st->unit[vehicle]) != loc ||
        !vehicle_available(ctx, st, vehicle, side) || (st->move.active && !rules_vehicle_move(st))) {
        *why = "passengers get off in their vehicle's impulse (16.4)";
        return false;
    }
    const lnlt_vehicle *v = rules_veh_c(st, vehicle);
    /* 16.4: off a shaken vehicle only before it moved this turn */
    if (!rules_is_good(&st->unit[vehicle]) && (v->turn & LNLT_VT_MOVED)) {
        *why = "passengers do not get off a shaken vehicle that moved this turn (16.4)";
        return false;
    }
    if (!vehicle_half_left(ctx, st, vehicle)) {
        *why = "passengers get off while the vehicle has at least half its MP (16.4)";
        return false;
    }
    int u[LNLT_MAX_UNITS];
    int n = unloaders(ctx, st, vehicle, pick, u);
    int k = 0;
    for (int i = 0; pick && i < st->unit_count; i++)
        k += lnlt_bit(pick, i);
    if (n == 0 || (pick && k != n)) {
        *why = "no such passengers";
        return false;
    }
    for (int i = 0; assault && i < n; i++)
        if (!rules_assault_capable(ctx, st, u[i], loc)) {
            *why = "only units able to assault-move get off by assault move (16.4, 6.1)";
            return false;
        }
    /* 1.3: they must fit the hex (EX-I13: a 2xPP vehicle's four SMCs do not) */
    uint8_t add[LNLT_UNIT_BITS] = {0};
    for (int i = 0; i < n; i++)
        lnlt_bit_set(add, u[i]);
    lnlt_state probe = *st; /* where they would stand */
    for (int i = 0; i < n; i++)
        rules_put_unit(&probe, u[i], LNLT_CELL_NONE);
    if (!rules_stacking_ok(ctx, &probe, loc, side, add, why))
        return false;
    return true;
}

bool rules_unload(lnlt_step *s, int loc, int vehicle, const uint8_t *pick, bool assault)
{
    const lnlt_ctx *ctx = s->ctx;
    lnlt_state *st = s->st;
    const char *why = "";
    if (!rules_can_unload(ctx, st, loc, vehicle, pick, assault, &why))
        return lnlt_error_set(s->err, "%s", why);
    int u[LNLT_MAX_UNITS];
    int n = unloaders(ctx, st, vehicle, pick, u);
    int least = 255; /* the MP the slowest of them spent getting off */
    char name[LNLT_HEX_ID_MAX];
    for (int i = 0; i < n; i++) {
        int c = mount_cost2(ctx, st, u[i]);
        least = c < least ? c : least;
        rules_disembark_unit(st, u[i], loc);
        lnlt_unit *p = &st->unit[u[i]];
        p->mp2 = (uint8_t)c;
        /* 16.4: Moved at the moment they get off; by assault move, Assault Move */
        p->marks |= assault ? LNLT_MARK_ASSAULT_MOVE : LNLT_MARK_MOVED;
        p->flags |= LNLT_UNIT_ACTIVATED;
        lnlt_bit_set(st->activated, u[i]);
        lnlt_events_say(s->log, LNLT_EV_CHANGE, "16.4", "unload", "%s gets off %s in %s (%d%s MP)%s",
                        rules_label(ctx, st, u[i]), rules_label(ctx, st, vehicle), rules_cell(s, loc, name), c / 2,
                        c & 1 ? ".5" : "", assault ? " by assault move: it may fire, and stays in the hex this turn" : "");
    }
    lnlt_unit *v = &st->unit[vehicle];
    lnlt_vehicle *vs = rules_veh(st, vehicle);
    int mode = st->move.active ? st->move.mode : LNLT_MV_VEHICLE;
    v->mp2 = (uint8_t)(v->mp2 + mount_cost2(ctx, st, vehicle));
    vs->turn |= LNLT_VT_UNLOADED;
    vs->impulse |= LNLT_VI_ACTED;
    lnlt_bit_set(st->activated, vehicle);
    st->acted = 1;
    /* 16.4: the infantry moves first; the vehicle may drive on afterwards with the
     * MP it has left: its own move (if it was moving) pauses here */
    vs->flags |= LNLT_VEH_PAUSED;
    vs->paused = (uint8_t)mode;
    memset(&st->move, 0, sizeof st->move);
    st->move.active = 1;
    /* 16.4: by assault move, getting off spends the whole half MF: they stay */
    st->move.mode = assault ? LNLT_MV_ASSAULT : LNLT_MV_NORMAL;
    st->move.cell = st->move.origin = (int16_t)loc;
    for (int i = 0; i < n; i++)
        lnlt_bit_set(st->move.units, u[i]); /* their move: on with the MP left after getting off */
    if (!rules_mines_attack_units(s, loc, u, n)) /* 21.4 */
        return false;
    /* 5.3: they may be fired on in the unload hex, one attack per MP they spent
     * there; then they move on with what MP they have left, or stop */
    st->move.mp2_here = (uint8_t)least;
    st->move.of_made = 0;
    if (rules_opfire_window(ctx, st)) {
        st->decision = LNLT_DECIDE_OPFIRE;
        st->to_act = (uint8_t)lnlt_other_side(st->impulse_side);
        return true;
    }
    return rules_no_fire(s); /* the window closed at once: on with the move */
}

/* ---- riders thrown off by small arms (16.2, 17.2) ---- */

int rules_disembark_choices(const lnlt_ctx *ctx, const lnlt_state *st, lnlt_action *out, int cap)
{
    int veh = st->pending == LNLT_DECIDE_DISEMBARK && st->pending_vehicle < st->vehicle_count
                  ? st->vehicle[st->pending_vehicle].unit
                  : -1;
    if (veh < 0)
        return 0;
    int r[LNLT_MAX_UNITS], n = 0;
    int k = rules_riders(st, veh, RIDER_OUTSIDE, r, LNLT_MAX_UNITS);
    (void)ctx;
    for (int i = 0; i < k; i++) {
        if (out && n < cap) {
            memset(&out[n], 0, sizeof out[n]);
            out[n].type = LNLT_ACT_DISEMBARK;
            out[n].side = st->pending_side;
            lnlt_bit_set(out[n].units, r[i]);
        }
        n++;
    }
    if (out && n < cap) {
        memset(&out[n], 0, sizeof out[n]);
        out[n].type = LNLT_ACT_STAY;
        out[n].side = st->pending_side;
    }
    return n + 1;
}

bool rules_disembark_choice(lnlt_step *s, const lnlt_action *a)
{
    lnlt_state *st = s->st;
    int veh = st->vehicle[st->pending_vehicle].unit;
    if (a->type == LNLT_ACT_STAY) {
        st->pending = 0;
        lnlt_events_say(s->log, LNLT_EV_CHANGE, "16.2", "stay", "the other riders stay on");
        return rules_after_disembark(s);
    }
    int r[LNLT_MAX_UNITS];
    int k = rules_riders(st, veh, RIDER_OUTSIDE, r, LNLT_MAX_UNITS);
    for (int i = 0; i < k; i++)
        if (lnlt_bit(a->units, r[i])) {
            int loc = lnlt_unit_loc(&st->unit[veh]);
            rules_disembark_unit(st, r[i], loc);
            st->unit[r[i]].marks |= LNLT_MARK_MOVED;
            st->unit[r[i]].flags |= LNLT_UNIT_ACTIVATED;
            char name[LNLT_HEX_ID_MAX];
            lnlt_events_say(s->log, LNLT_EV_CHANGE, "16.2", "disembark", "%s jumps off too, in %s, under a Moved marker",
                            rules_label(s->ctx, st, r[i]), rules_cell(s, loc, name));
            if (!rules_mines_attack_units(s, loc, &r[i], 1))
                return false;
        }
    if (rules_riders(st, veh, RIDER_OUTSIDE, r, 1) == 0) {
        st->pending = 0;
        return rules_after_disembark(s);
    }
    return true;
}
