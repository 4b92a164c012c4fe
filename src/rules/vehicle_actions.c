/*
 * vehicle_actions.c: the vehicle, ordnance and passenger choices of each decision
 * (the legal-action lists of 14.0-17.0 and 15.5) and their dispatch, so that
 * engine.c only calls in here: buttoning (15.0.1), assault fire (15.2.1), driving
 * and pivoting (15.1, 15.2, 6.5, 1.7.1), firing guns (14.1) and vehicle MGs (15.0),
 * small arms at vehicles (17.2), close assaults (17.1), overruns (15.3), getting on
 * and off (16.4), hull down (15.10), the riders' choice (16.2), the survivors'
 * close assault after an overrun (15.3) and continuous movement (15.5).
 */
#include <string.h>

#include "lnlt/ordnance.h"
#include "rules/internal.h"

typedef struct alist {
    lnlt_action *out;
    int cap, n, side;
} alist;

static void add(alist *l, int type, int nargs, int a0, int a1, int a2, int a3, const int *units, int nu)
{
    if (l->out && l->n < l->cap) {
        lnlt_action *a = &l->out[l->n];
        memset(a, 0, sizeof *a);
        a->type = (uint8_t)type;
        a->side = (uint8_t)l->side;
        a->nargs = (uint8_t)nargs;
        a->arg[0] = (int16_t)a0;
        a->arg[1] = (int16_t)a1;
        a->arg[2] = (int16_t)a2;
        a->arg[3] = (int16_t)a3;
        for (int i = 0; i < nu; i++)
            lnlt_bit_set(a->units, units[i]);
    }
    l->n++;
}

static void add_list(alist *l, int (*fn)(const lnlt_ctx *, const lnlt_state *, int, int, lnlt_action *, int),
                     const lnlt_ctx *ctx, const lnlt_state *st, int mode)
{
    int at = l->n < l->cap ? l->n : l->cap;
    l->n += fn(ctx, st, l->side, mode, l->out ? l->out + at : NULL, l->cap - at);
}

/* Units picked one by one, and all of them (as the empty pick), for a choice. */
typedef bool (*pick_ok_fn)(const lnlt_ctx *, const lnlt_state *, const int *, int, const void *);

static void add_picks(alist *l, int type, int nargs, int a0, int a1, int a2, int a3, const int *units, int n)
{
    add(l, type, nargs, a0, a1, a2, a3, NULL, 0);
    for (int i = 0; i < n && n > 1; i++)
        add(l, type, nargs, a0, a1, a2, a3, &units[i], 1);
}

/* 16.4: the passengers of `veh` getting off: all of them (the empty pick), and
 * every smaller group of them (one by one when there are more than six), those
 * that fit the hex (EX-I13). */
static void unloads(const lnlt_ctx *ctx, const lnlt_state *st, alist *l, int loc, int veh)
{
    int r[LNLT_MAX_UNITS];
    int nr = rules_riders(st, veh, RIDER_PASSENGERS, r, LNLT_MAX_UNITS);
    const char *why;
    if (nr == 0)
        return;
    /* arg3 1: by assault move (16.4, 6.1) */
    for (int am = 0; am < 2; am++)
        if (rules_can_unload(ctx, st, loc, veh, NULL, am, &why))
            add(l, LNLT_ACT_UNLOAD, 4, loc, 0, veh, am, NULL, 0);
    if (nr == 1)
        return;
    if (nr > 6) {
        for (int i = 0; i < nr; i++) {
            uint8_t one[LNLT_UNIT_BITS] = {0};
            lnlt_bit_set(one, r[i]);
            for (int am = 0; am < 2; am++)
                if (rules_can_unload(ctx, st, loc, veh, one, am, &why))
                    add(l, LNLT_ACT_UNLOAD, 4, loc, 0, veh, am, &r[i], 1);
        }
        return;
    }
    for (unsigned set = 1; set + 1 < (1u << nr); set++) {
        uint8_t pick[LNLT_UNIT_BITS] = {0};
        int g[6], ng = 0;
        for (int i = 0; i < nr; i++)
            if (set & (1u << i)) {
                lnlt_bit_set(pick, r[i]);
                g[ng++] = r[i];
            }
        for (int am = 0; am < 2; am++)
            if (rules_can_unload(ctx, st, loc, veh, pick, am, &why))
                add(l, LNLT_ACT_UNLOAD, 4, loc, 0, veh, am, g, ng);
    }
}

/* ---- activation ---- */

static void vehicle_activation(const lnlt_ctx *ctx, const lnlt_state *st, alist *l)
{
    int side = l->side;
    for (int k = 0; k < st->vehicle_count; k++) {
        int u = st->vehicle[k].unit;
        if (u < 0 || st->unit[u].side != side || !rules_on_map(&st->unit[u]) || !lnlt_bit(st->activated, u))
            continue;
        const lnlt_vehicle *v = &st->vehicle[k];
        int loc = lnlt_unit_loc(&st->unit[u]);
        bool vehicle = rules_is_vehicle(ctx, &st->unit[u]);
        /* 15.0.1: at the start of its impulse, before it acts */
        if (vehicle && rules_vehicle_live(ctx, st, u) && rules_is_good(&st->unit[u]) && !(v->impulse & LNLT_VI_ACTED) &&
            !(st->unit[u].flags & LNLT_UNIT_ACTIVATED)) {
            const lnlt_vehicle_type *t = rules_vtype(ctx, &st->unit[u]);
            if (lnlt_vehicle_armored(t) && !(t->flags & LNLT_VF_OPEN_TOP))
                add(l, (v->flags & LNLT_VEH_BUTTONED) ? LNLT_ACT_UNBUTTON : LNLT_ACT_BUTTON, 1, loc, 0, 0, 0, &u, 1);
        }
        if (vehicle && rules_can_vehicle_af(ctx, st, u))
            add(l, LNLT_ACT_VEHICLE_AF, 1, loc, 0, 0, 0, &u, 1);
        if (vehicle) {
            static const int modes[3] = {LNLT_MV_VEHICLE, LNLT_MV_VEHICLE_ASSAULT, LNLT_MV_VEHICLE_AF};
            static const int types[3] = {LNLT_ACT_DRIVE, LNLT_ACT_DRIVE_ASSAULT, LNLT_ACT_DRIVE};
            for (int m = 0; m < 3; m++) {
                if (!rules_can_drive(ctx, st, u, modes[m], NULL))
                    continue;
                add(l, types[m], 1, loc, 0, 0, 0, &u, 1);
                /* 6.5: with every leg unit of its hex that may move */
                int g[LNLT_MAX_UNITS];
                int n = modes[m] == LNLT_MV_VEHICLE_AF ? 0 : rules_movers(ctx, st, loc, g, LNLT_MAX_UNITS);
                if (n > 0) {
                    uint8_t pick[LNLT_UNIT_BITS] = {0};
                    for (int i = 0; i < n; i++)
                        lnlt_bit_set(pick, g[i]);
                    if (rules_can_drive(ctx, st, u, modes[m], pick)) {
                        g[n++] = u;
                        add(l, types[m], 1, loc, 0, 0, 0, g, n);
                    }
                }
            }
        }
        /* 15.1, 1.7.1: turn in place */
        for (int c = 0; c < LNLT_CORNERS; c++)
            if (rules_can_pivot(ctx, st, u, c))
                add(l, LNLT_ACT_PIVOT, 2, loc, c, 0, 0, &u, 1);
        if (vehicle)
            unloads(ctx, st, l, loc, u); /* 16.4: passengers get off */
    }
    add_list(l, rules_ord_actions, ctx, st, ORD_ACTIVATION);
    add_list(l, rules_vmg_actions, ctx, st, ORD_ACTIVATION);
    int at = l->n < l->cap ? l->n : l->cap;
    l->n += rules_fire_at_actions(ctx, st, side, false, l->out ? l->out + at : NULL, l->cap - at);
}

/* 16.4: boarding the friendly vehicles of `loc` (all the units that may, or one). */
static void boardings(const lnlt_ctx *ctx, const lnlt_state *st, alist *l, int loc)
{
    int vs[4];
    int nv = rules_vehicles_in(ctx, st, loc, l->side, vs, 4);
    for (int j = 0; j < nv && j < 4; j++)
        for (int out = 0; out < 2; out++) {
            const char *why;
            if (!rules_can_load(ctx, st, loc, vs[j], out, NULL, &why))
                continue;
            add(l, LNLT_ACT_LOAD, 4, loc, 0, vs[j], out, NULL, 0);
            for (int i = 0; i < st->unit_count; i++) {
                uint8_t one[LNLT_UNIT_BITS] = {0};
                lnlt_bit_set(one, i);
                if (st->unit[i].side == l->side && lnlt_unit_loc(&st->unit[i]) == loc && i != vs[j] &&
                    rules_can_load(ctx, st, loc, vs[j], out, one, &why))
                    add(l, LNLT_ACT_LOAD, 4, loc, 0, vs[j], out, &i, 1);
            }
        }
}

/* 17.1: the close assaults from `from` (all who may, or one at a time). */
static void assaults(const lnlt_ctx *ctx, const lnlt_state *st, alist *l, int from, bool counter)
{
    lnlt_hex h = rules_hex(ctx, from);
    for (int d = counter ? 0 : 1; d <= (counter ? 0 : 6); d++) {
        int to = d == 0 ? from : lnlt_map_index(ctx->map, lnlt_hex_neighbor(h, (lnlt_dir)d));
        if (to < 0)
            continue;
        int vs[4];
        int nv = rules_vehicles_in(ctx, st, to, lnlt_other_side(l->side), vs, 4);
        for (int j = 0; j < nv && j < 4; j++) {
            const char *why;
            if (!rules_can_close_assault(ctx, st, from, to, vs[j], NULL, &why))
                continue;
            add(l, LNLT_ACT_CLOSE_ASSAULT, 4, from, to, vs[j], 0, NULL, 0);
            for (int i = 0; i < st->unit_count; i++) {
                uint8_t one[LNLT_UNIT_BITS] = {0};
                lnlt_bit_set(one, i);
                if (st->unit[i].side == l->side && lnlt_unit_loc(&st->unit[i]) == from &&
                    rules_can_close_assault(ctx, st, from, to, vs[j], one, &why))
                    add(l, LNLT_ACT_CLOSE_ASSAULT, 4, from, to, vs[j], 0, &i, 1);
            }
        }
    }
}

static void activation(const lnlt_ctx *ctx, const lnlt_state *st, alist *l)
{
    vehicle_activation(ctx, st, l);
    bool enemy_vehicles = rules_side_has_live_vehicle(ctx, st, lnlt_other_side(l->side));
    bool own_vehicles = rules_side_has_live_vehicle(ctx, st, l->side);
    if (!enemy_vehicles && !own_vehicles)
        return;
    int cells[LNLT_MAX_UNITS];
    int n = rules_occupied(st, l->side, cells, LNLT_MAX_UNITS);
    for (int i = 0; i < n; i++) {
        if (enemy_vehicles)
            assaults(ctx, st, l, cells[i], false);
        if (own_vehicles)
            boardings(ctx, st, l, cells[i]);
    }
}

/* ---- during a move ---- */

static void moving(const lnlt_ctx *ctx, const lnlt_state *st, alist *l)
{
    int veh = rules_move_vehicle(ctx, st);
    int here = st->move.cell;
    if (veh >= 0) {
        for (int c = 0; c < LNLT_CORNERS; c++)
            if (rules_can_pivot(ctx, st, veh, c))
                add(l, LNLT_ACT_PIVOT, 2, here, c, 0, 0, &veh, 1);
        if (st->move.mode == LNLT_MV_PIVOT)
            return;
        lnlt_hex h = rules_hex(ctx, here);
        for (int d = 1; d <= 6; d++) {
            int to = lnlt_map_index(ctx->map, lnlt_hex_neighbor(h, (lnlt_dir)d));
            const char *why;
            if (to >= 0 && rules_can_overrun(ctx, st, to, &why))
                add(l, LNLT_ACT_OVERRUN, 1, to, 0, 0, 0, NULL, 0);
        }
        boardings(ctx, st, l, here);
        unloads(ctx, st, l, here, veh);
        if (rules_can_hull_down(ctx, st))
            add(l, LNLT_ACT_HULL_DOWN, 0, 0, 0, 0, 0, NULL, 0);
        add_list(l, rules_ord_actions, ctx, st, ORD_MOVING); /* 15.2.2 */
        add_list(l, rules_vmg_actions, ctx, st, ORD_MOVING);
        return;
    }
    /* a leg stack: its gun teams face anew after a new hex (1.7.1), it may board,
     * or close-assault from where it stands (17.1) */
    for (int i = 0; i < st->unit_count; i++)
        if (lnlt_bit(st->move.units, i) && rules_is_gun_team(ctx, &st->unit[i]))
            for (int c = 0; c < LNLT_CORNERS; c++)
                if (rules_can_pivot(ctx, st, i, c))
                    add(l, LNLT_ACT_PIVOT, 2, here, c, 0, 0, &i, 1);
    if (rules_side_has_live_vehicle(ctx, st, l->side))
        boardings(ctx, st, l, here);
    if (rules_side_has_live_vehicle(ctx, st, lnlt_other_side(l->side)))
        assaults(ctx, st, l, here, false);
}

/* ---- 15.5: continuous movement, declared in the administrative phase ---- */

bool rules_continuous_eligible(const lnlt_ctx *ctx, const lnlt_state *st, int unit)
{
    const lnlt_unit *u = &st->unit[unit];
    const lnlt_vehicle *v = rules_veh_c(st, unit);
    return v && rules_vehicle_live(ctx, st, unit) && rules_is_good(u) && !(v->flags & (LNLT_VEH_CONTINUOUS | LNLT_VEH_IMMOBILIZED)) &&
           (u->marks & (LNLT_MARK_MOVED | LNLT_MARK_ASSAULT_MOVE)) && (v->turn & LNLT_VT_LEFT_HEX);
}

static void continuous(const lnlt_ctx *ctx, const lnlt_state *st, alist *l)
{
    for (int k = 0; k < st->vehicle_count; k++) {
        int u = st->vehicle[k].unit;
        if (u >= 0 && st->unit[u].side == l->side && rules_continuous_eligible(ctx, st, u))
            add(l, LNLT_ACT_CONTINUOUS, 0, 0, 0, 0, 0, &u, 1);
    }
    for (int u = 0; u < st->unit_count; u++) /* 15.5.1: mounted units too */
        if (st->unit[u].side == l->side && rules_mu_continuous_eligible(ctx, st, u))
            add(l, LNLT_ACT_CONTINUOUS, 0, 0, 0, 0, 0, &u, 1);
    add(l, LNLT_ACT_END_CONTINUOUS, 0, 0, 0, 0, 0, NULL, 0);
}

int rules_vehicle_actions(const lnlt_ctx *ctx, const lnlt_state *st, int kind, int side, lnlt_action *out, int cap)
{
    alist l = {out, cap, 0, side};
    if (!ctx->catalog || !ctx->map)
        return 0;
    switch (kind) {
    case LNLT_DECIDE_ACTIVATION:
        activation(ctx, st, &l);
        break;
    case LNLT_DECIDE_MOVE:
        moving(ctx, st, &l);
        break;
    case LNLT_DECIDE_OPFIRE: {
        int at = 0;
        l.n += rules_vehicle_of_actions(ctx, st, side, out ? out + at : NULL, cap - at);
        break;
    }
    case LNLT_DECIDE_ATGM: /* 14.4: vehicle MGs and small arms at the ATGM firer */
        l.n += rules_atgm_vehicle_reactions(ctx, st, out, cap);
        break;
    case LNLT_DECIDE_COUNTER_ASSAULT: {
        int veh = rules_move_vehicle(ctx, st);
        if (veh >= 0)
            assaults(ctx, st, &l, lnlt_unit_loc(&st->unit[veh]), true);
        add(&l, LNLT_ACT_STAY, 0, 0, 0, 0, 0, NULL, 0);
        break;
    }
    case LNLT_DECIDE_DISEMBARK:
        l.n += rules_disembark_choices(ctx, st, out, cap);
        break;
    case LNLT_DECIDE_CONTINUOUS:
        continuous(ctx, st, &l);
        break;
    default:
        break;
    }
    (void)add_picks;
    return l.n;
}

/* ---- refusals: why a vehicle command is not legal now (refusal.c) ---- */

static int first_pick(const lnlt_action *a)
{
    for (int i = 0; i < LNLT_MAX_UNITS; i++)
        if (lnlt_bit(a->units, i))
            return i;
    return -1;
}

/* Whether an action's location argument names a place on the map: an action
 * built by a program (not parsed from text) may hold anything, and the checks
 * below index tables by it. */
static bool loc_ok(const lnlt_ctx *ctx, int loc) { return loc >= 0 && rules_loc_exists(ctx, loc); }

const char *rules_vehicle_refusal(const lnlt_ctx *ctx, const lnlt_state *st, const lnlt_action *a)
{
    const char *why = NULL;
    int u = first_pick(a);
    bool any = u >= 0;
    int side = lnlt_decision_get(ctx, st).side;
    bool moving = st->move.active && st->decision == LNLT_DECIDE_MOVE;
    switch (a->type) {
    case LNLT_ACT_SHOOT:
    case LNLT_ACT_OPSHOOT:
    case LNLT_ACT_VMG:
    case LNLT_ACT_OPVMG:
    case LNLT_ACT_FIRE_AT:
    case LNLT_ACT_OPFIRE_AT:
    case LNLT_ACT_CLOSE_ASSAULT:
        if (!loc_ok(ctx, a->arg[0]) || !loc_ok(ctx, a->arg[1]))
            return "no such location";
        if (a->arg[2] < -1 || a->arg[2] >= st->unit_count)
            return "no such vehicle (vN)";
        break;
    case LNLT_ACT_OVERRUN:
    case LNLT_ACT_LOAD:
    case LNLT_ACT_UNLOAD:
        if (!loc_ok(ctx, a->arg[0]))
            return "no such location";
        break;
    default:
        break;
    }
    switch (a->type) {
    case LNLT_ACT_SHOOT:
    case LNLT_ACT_OPSHOOT:
        if (u < 0 || u >= st->unit_count)
            return "name the firing unit (#N)";
        rules_ord_can_shoot(ctx, st, u, a->arg[3], a->arg[1], a->arg[2], a->type == LNLT_ACT_OPSHOOT,
                            moving && a->type == LNLT_ACT_SHOOT, &why);
        return why;
    case LNLT_ACT_VMG:
    case LNLT_ACT_OPVMG:
        if (u < 0 || u >= st->unit_count)
            return "name the firing vehicle (#N)";
        rules_vmg_can_fire(ctx, st, u, a->arg[3], a->arg[1], a->arg[2], a->type == LNLT_ACT_OPVMG,
                           moving && a->type == LNLT_ACT_VMG, &why);
        return why;
    case LNLT_ACT_FIRE_AT:
    case LNLT_ACT_OPFIRE_AT:
        if (a->arg[2] < 0 || a->arg[2] >= st->unit_count)
            return "name the vehicle fired at (vN)";
        rules_can_fire_at_vehicle(ctx, st, a->arg[0], a->arg[1], a->arg[2], side, a->type == LNLT_ACT_OPFIRE_AT, &why);
        return why;
    case LNLT_ACT_CLOSE_ASSAULT:
        if (a->arg[2] < 0 || a->arg[2] >= st->unit_count)
            return "name the vehicle assaulted (vN)";
        rules_can_close_assault(ctx, st, a->arg[0], a->arg[1], a->arg[2], any ? a->units : NULL, &why);
        return why;
    case LNLT_ACT_OVERRUN:
        rules_can_overrun(ctx, st, a->arg[0], &why);
        return why;
    case LNLT_ACT_LOAD:
        if (a->arg[2] < 0 || a->arg[2] >= st->unit_count)
            return "name the vehicle (vN)";
        rules_can_load(ctx, st, a->arg[0], a->arg[2], a->arg[3] != 0, any ? a->units : NULL, &why);
        return why;
    case LNLT_ACT_UNLOAD:
        if (a->arg[2] < 0 || a->arg[2] >= st->unit_count)
            return "name the vehicle (vN)";
        if (a->arg[3] < 0 || a->arg[3] > 1)
            return "\"assault\" or nothing after the passengers";
        rules_can_unload(ctx, st, a->arg[0], a->arg[2], any ? a->units : NULL, a->arg[3] == 1, &why);
        return why;
    default:
        return NULL;
    }
}

/* ---- dispatch ---- */

static int first_unit(const lnlt_action *a)
{
    for (int i = 0; i < LNLT_MAX_UNITS; i++)
        if (lnlt_bit(a->units, i))
            return i;
    return -1;
}

static bool any_pick(const lnlt_action *a) { return first_unit(a) >= 0; }

bool rules_vehicle_action(lnlt_step *s, const lnlt_action *a)
{
    lnlt_state *st = s->st;
    int u = first_unit(a);
    switch (a->type) {
    case LNLT_ACT_BUTTON:
    case LNLT_ACT_UNBUTTON: {
        lnlt_vehicle *v = u >= 0 ? rules_veh(st, u) : NULL;
        if (!v)
            return lnlt_error_set(s->err, "no vehicle picked");
        v->flags = (uint8_t)(a->type == LNLT_ACT_BUTTON ? v->flags | LNLT_VEH_BUTTONED : v->flags & ~LNLT_VEH_BUTTONED);
        lnlt_events_say(s->log, LNLT_EV_CHANGE, "15.0.1", a->type == LNLT_ACT_BUTTON ? "buttoned" : "unbuttoned",
                        "%s %s", rules_label(s->ctx, st, u), a->type == LNLT_ACT_BUTTON ? "buttons up" : "opens its hatches");
        return true;
    }
    case LNLT_ACT_VEHICLE_AF:
        return rules_vehicle_af(s, u);
    case LNLT_ACT_DRIVE:
    case LNLT_ACT_DRIVE_ASSAULT: {
        /* the vehicle is the picked vehicle; the other picks move with it (6.5) */
        int veh = -1;
        uint8_t legs[LNLT_UNIT_BITS] = {0};
        bool coordinated = false;
        for (int i = 0; i < st->unit_count; i++)
            if (lnlt_bit(a->units, i)) {
                if (rules_is_vehicle(s->ctx, &st->unit[i]))
                    veh = i;
                else {
                    lnlt_bit_set(legs, i);
                    coordinated = true;
                }
            }
        if (veh < 0)
            return lnlt_error_set(s->err, "no vehicle picked");
        const lnlt_vehicle *v = rules_veh_c(st, veh);
        int mode = a->type == LNLT_ACT_DRIVE_ASSAULT ? LNLT_MV_VEHICLE_ASSAULT
                 : (v->flags & LNLT_VEH_ASSAULT_FIRE) ? LNLT_MV_VEHICLE_AF
                 : (v->flags & LNLT_VEH_PAUSED)       ? v->paused
                                                      : LNLT_MV_VEHICLE;
        return rules_start_drive(s, veh, mode, coordinated ? legs : NULL);
    }
    case LNLT_ACT_PIVOT:
        return rules_pivot(s, u, a->arg[1]);
    case LNLT_ACT_SHOOT:
    case LNLT_ACT_OPSHOOT: {
        bool op = a->type == LNLT_ACT_OPSHOOT;
        bool mv = !op && st->move.active && st->decision == LNLT_DECIDE_MOVE;
        bool counts = op && !rules_of_hex_fired(st, a->arg[0]);
        if (!op && !mv)
            st->acted = 1;
        if (!rules_ord_shoot(s, u, a->arg[3], a->arg[1], a->arg[2], op, mv))
            return false;
        return op ? rules_after_vehicle_of(s, a->arg[0], !rules_take_reopened(st) && counts) : true;
    }
    case LNLT_ACT_VMG:
    case LNLT_ACT_OPVMG: {
        if (a->type == LNLT_ACT_OPVMG && st->decision == LNLT_DECIDE_ATGM)
            return rules_atgm_react(s, a); /* 14.4 */
        bool op = a->type == LNLT_ACT_OPVMG;
        bool mv = !op && st->move.active && st->decision == LNLT_DECIDE_MOVE;
        bool counts = op && !rules_of_hex_fired(st, a->arg[0]);
        if (!op && !mv)
            st->acted = 1;
        if (!rules_vmg_fire(s, u, a->arg[3], a->arg[1], a->arg[2], op, mv))
            return false;
        return op ? rules_after_vehicle_of(s, a->arg[0], !rules_take_reopened(st) && counts) : true;
    }
    case LNLT_ACT_FIRE_AT:
        st->acted = 1;
        return rules_fire_at_vehicle(s, a->arg[0], a->arg[1], a->arg[2], false, any_pick(a) ? a->units : NULL);
    case LNLT_ACT_OPFIRE_AT:
        if (st->decision == LNLT_DECIDE_ATGM)
            return rules_atgm_react(s, a); /* 14.4 */
        if (!rules_fire_at_vehicle(s, a->arg[0], a->arg[1], a->arg[2], true, any_pick(a) ? a->units : NULL))
            return false;
        return rules_after_vehicle_of(s, a->arg[0], !rules_take_reopened(st));
    case LNLT_ACT_OVERRUN:
        return rules_overrun(s, a->arg[0]);
    case LNLT_ACT_CLOSE_ASSAULT:
        return rules_close_assault(s, a->arg[0], a->arg[1], a->arg[2], any_pick(a) ? a->units : NULL);
    case LNLT_ACT_STAY:
        if (st->pending == LNLT_DECIDE_COUNTER_ASSAULT)
            return rules_decline_counter_assault(s);
        return rules_disembark_choice(s, a);
    case LNLT_ACT_DISEMBARK:
        return rules_disembark_choice(s, a);
    case LNLT_ACT_LOAD:
        return rules_load(s, a->arg[0], a->arg[2], a->arg[3] != 0, any_pick(a) ? a->units : NULL);
    case LNLT_ACT_UNLOAD:
        return rules_unload(s, a->arg[0], a->arg[2], any_pick(a) ? a->units : NULL, a->arg[3] == 1);
    case LNLT_ACT_HULL_DOWN:
        return rules_hull_down(s);
    case LNLT_ACT_CONTINUOUS:
    case LNLT_ACT_END_CONTINUOUS:
        return rules_continuous_action(s, a->type == LNLT_ACT_CONTINUOUS ? u : -1);
    default:
        return lnlt_error_set(s->err, "internal: action type %d has no vehicle rule", a->type);
    }
}
