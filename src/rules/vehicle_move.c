/*
 * vehicle_move.c: moving vehicles and turning guns (rules 15.1 facing a vertex:
 * forward into the two hexes beside it, reverse into the two behind at twice the
 * cost, a pivot 1 MP per corner, no entering an enemy vehicle's hex or a melee;
 * 15.0 a shaken vehicle's halved MF; 15.2 assault moves at half MF, then fire;
 * 15.2.1 assault fire, then half MF; 15.2.2 a modern vehicle's fire during its
 * move; 15.5 continuous movement; 15.10 hull down (optional); 1.7.1 gun teams
 * pivoting two corners per MP; 6.5 leg units moving with one vehicle; 21.3 wire
 * and its removal; 21.4 mines on entry; 14.3 a moving or pivoting vehicle losing
 * its acquisitions; 15.1.2 rubbling a building or huts on entry, rubble.c). Each
 * hex entered, pivot made or passenger loaded opens the opportunity-fire window
 * of 5.3 as infantry moves do (movement.c).
 */
#include <string.h>

#include "lnlt/ordnance.h"
#include "rules/internal.h"

static int mover_column(const lnlt_ctx *ctx, const lnlt_unit *u)
{
    const lnlt_vehicle_type *t = rules_vtype(ctx, u);
    if (!t)
        return LNLT_MOVER_LEG;
    static const int col[LNLT_MC_COUNT] = {LNLT_MOVER_TRACKED, LNLT_MOVER_OTHER, LNLT_MOVER_ROAD};
    return col[t->move_class];
}

bool rules_vehicle_mvam(const lnlt_ctx *ctx, const lnlt_state *st, int unit)
{
    const lnlt_unit *u = &st->unit[unit];
    const lnlt_vehicle_type *t = rules_vtype(ctx, u);
    return t && t->gun_count > 0 && lnlt_vehicle_armored(t) &&
           ctx->catalog->nation[rules_type(ctx, u)->nation].era == LNLT_ERA_MODERN;
}

/* May the vehicle stand in `loc` at set-up (22.0): terrain its movement type
 * enters (TEC), never a building or huts (1.3; a vehicle is only ever in one by
 * rubbling it, 15.1.2, and then the hex is Rubble). */
bool rules_vehicle_may_stand(const lnlt_ctx *ctx, const lnlt_state *st, int unit, int loc)
{
    const lnlt_unit *u = &st->unit[unit];
    if (!rules_is_vehicle(ctx, u))
        return true;
    const lnlt_terrain *t = rules_terrain(ctx, st, loc);
    if (!t || lnlt_loc_floor(loc) != LNLT_FLOOR_GROUND || (t->flags & (LNLT_TF_BUILDING | LNLT_TF_HUT)))
        return false;
    if ((t->flags & LNLT_TF_VEHICLE_ROAD_ONLY) && !(lnlt_map_cell(ctx->map, lnlt_loc_cell(loc))->flags & LNLT_HEXF_ROAD))
        return false;
    return rules_enter_mp2(ctx, st, loc, (lnlt_mover)mover_column(ctx, u)) != LNLT_MP_PROHIBITED;
}

/* The vehicle (or pivoting gun team) of the move under way, or -1. */
int rules_move_vehicle(const lnlt_ctx *ctx, const lnlt_state *st)
{
    if (!rules_vehicle_move(st))
        return -1;
    for (int i = 0; i < st->unit_count; i++)
        if (lnlt_bit(st->move.units, i) && rules_vslot(st, i) >= 0 &&
            (rules_is_vehicle(ctx, &st->unit[i]) || st->move.mode == LNLT_MV_PIVOT))
            return i;
    return -1;
}

/* ---- allowance ---- */

int rules_vehicle_allowance2(const lnlt_ctx *ctx, const lnlt_state *st, int unit, int mode)
{
    const lnlt_unit *u = &st->unit[unit];
    const lnlt_vehicle *v = rules_veh_c(st, unit);
    if (v && (v->flags & LNLT_VEH_IMMOBILIZED) && rules_is_vehicle(ctx, u))
        return 0; /* 21.4.2 */
    int mf = rules_type(ctx, u)->front.mf;
    if (!rules_is_vehicle(ctx, u))
        mf = rules_face(ctx, u)->mf;
    bool half = mode == LNLT_MV_VEHICLE_ASSAULT || mode == LNLT_MV_VEHICLE_AF;
    return lnlt_vehicle_mp2(mf, rules_is_vehicle(ctx, u) && !rules_is_good(u), half);
}

/* ---- starting ---- */

static bool vehicle_may_drive(const lnlt_ctx *ctx, const lnlt_state *st, int unit, int mode)
{
    const lnlt_unit *u = &st->unit[unit];
    const lnlt_vehicle *v = rules_veh_c(st, unit);
    if (!rules_vehicle_live(ctx, st, unit) || !lnlt_bit(st->activated, unit) || !v)
        return false;
    if (v->flags & LNLT_VEH_IMMOBILIZED)
        return false;
    if (v->flags & LNLT_VEH_ASSAULT_FIRE) /* 15.2.1: after its fire, the half-MF move (or an unload instead, 16.4) */
        return mode == LNLT_MV_VEHICLE_AF && (u->marks & LNLT_MARK_FIRED) && !(v->impulse & LNLT_VI_MOVED) &&
               !(v->flags & LNLT_VEH_PAUSED);
    if (v->flags & LNLT_VEH_PAUSED) /* 16.4: it drives on after letting passengers off */
        return mode == v->paused;
    if (mode == LNLT_MV_VEHICLE_AF)
        return false;
    if (u->flags & LNLT_UNIT_ACTIVATED)
        return false; /* it acted already this phase */
    if (mode == LNLT_MV_VEHICLE_ASSAULT && !rules_is_good(u))
        return false; /* a shaken vehicle may not fire, so it has no assault move */
    /* 16.4: a shaken vehicle whose passengers got off this turn stays */
    if (!rules_is_good(u) && (v->turn & LNLT_VT_UNLOADED))
        return false;
    return true;
}

/* 6.5: the leg units of the vehicle's hex that may move with it. */
static bool coordinated_ok(const lnlt_ctx *ctx, const lnlt_state *st, int vehicle, const uint8_t *pick)
{
    int from = lnlt_unit_loc(&st->unit[vehicle]);
    for (int i = 0; i < st->unit_count; i++) {
        if (!lnlt_bit(pick, i) || i == vehicle)
            continue;
        const lnlt_unit *u = &st->unit[i];
        if (rules_is_vehicle(ctx, u))
            return false; /* 6.5: one vehicle at most */
        if (lnlt_unit_loc(u) != from)
            return false;
        bool mover = false;
        int ms[LNLT_MAX_UNITS];
        int n = rules_movers(ctx, st, from, ms, LNLT_MAX_UNITS);
        for (int k = 0; k < n; k++)
            mover |= ms[k] == i;
        if (!mover)
            return false;
    }
    return true;
}

bool rules_can_drive(const lnlt_ctx *ctx, const lnlt_state *st, int vehicle, int mode, const uint8_t *pick)
{
    if (!vehicle_may_drive(ctx, st, vehicle, mode))
        return false;
    if (pick && !coordinated_ok(ctx, st, vehicle, pick))
        return false;
    /* 15.5: a continuous mover must leave its hex; it may not stay to fire */
    return true;
}

bool rules_start_drive(lnlt_step *s, int vehicle, int mode, const uint8_t *pick)
{
    const lnlt_ctx *ctx = s->ctx;
    lnlt_state *st = s->st;
    if (!rules_can_drive(ctx, st, vehicle, mode, pick))
        return lnlt_error_set(s->err, "that vehicle may not move now");
    lnlt_vehicle *v = rules_veh(st, vehicle);
    bool resume = (v->flags & LNLT_VEH_PAUSED) != 0;
    int from = lnlt_unit_loc(&st->unit[vehicle]);
    memset(&st->move, 0, sizeof st->move);
    st->move.active = 1;
    st->move.mode = (uint8_t)mode;
    st->move.cell = (int16_t)from;
    st->move.origin = (int16_t)from;
    lnlt_bit_set(st->move.units, vehicle);
    int n = 1;
    for (int i = 0; pick && i < st->unit_count; i++)
        if (lnlt_bit(pick, i) && i != vehicle) {
            lnlt_bit_set(st->move.units, i);
            st->unit[i].flags |= LNLT_UNIT_ACTIVATED;
            st->unit[i].mp2 = 0;
            n++;
        }
    lnlt_unit *u = &st->unit[vehicle];
    u->flags |= LNLT_UNIT_ACTIVATED;
    if (!resume) {
        if (!(v->flags & LNLT_VEH_ASSAULT_FIRE))
            u->mp2 = 0;
        v->road_mp2 = 0;
    } else {
        st->move.hexes = (v->impulse & LNLT_VI_MOVED) ? 1 : 0;
    }
    v->flags &= (uint8_t)~LNLT_VEH_PAUSED;
    v->impulse |= LNLT_VI_ACTED;
    if (mode == LNLT_MV_VEHICLE_AF) /* 15.2.1: its hex of origin is spotted, occupied or not */
        rules_set_spot_marker(st, lnlt_other_side(u->side), from);
    st->acted = 1;
    st->decision = LNLT_DECIDE_MOVE;
    char name[LNLT_HEX_ID_MAX];
    static const char *const how[] = {"moves", "assault-moves", "moves after assault fire", "turns in its hex"};
    int left = rules_vehicle_allowance2(ctx, st, vehicle, mode) - u->mp2;
    lnlt_events_say(s->log, LNLT_EV_CHANGE, mode == LNLT_MV_VEHICLE_ASSAULT ? "15.2" : mode == LNLT_MV_VEHICLE_AF ? "15.2.1" : "15.1",
                    "move", "%s %s from %s with %d%s MP%s", rules_label(ctx, st, vehicle), how[mode - LNLT_MV_VEHICLE],
                    rules_cell(s, from, name), left / 2, left & 1 ? ".5" : "",
                    n > 1 ? ", leg units moving with it (6.5)" : "");
    return true;
}

/* ---- steps ---- */

/* Half MP for one mover of a vehicle move to enter `to` from `from`, or -1. */
static int unit_step_cost2(const lnlt_ctx *ctx, const lnlt_state *st, int unit, int from, int to, bool *reverse,
                           const char **why)
{
    const lnlt_unit *u = &st->unit[unit];
    lnlt_hex a = rules_hex(ctx, from), b = rules_hex(ctx, to);
    int col = mover_column(ctx, u);
    int enter = rules_enter_mp2(ctx, st, to, (lnlt_mover)col); /* Rubble's once rubbled (15.1.2) */
    int side = lnlt_map_hexside_mp2(ctx->map, a, b, (lnlt_mover)col);
    const lnlt_terrain *t = rules_terrain(ctx, st, to);
    *reverse = false;
    /* TEC: terrain vehicles enter only along a road */
    if (col != LNLT_MOVER_LEG && (t->flags & LNLT_TF_VEHICLE_ROAD_ONLY)) {
        bool road = (lnlt_map_cell(ctx->map, lnlt_loc_cell(to))->flags & LNLT_HEXF_ROAD) &&
                    (lnlt_map_cell(ctx->map, lnlt_loc_cell(from))->flags & LNLT_HEXF_ROAD);
        if (!road)
            enter = LNLT_MP_PROHIBITED;
        else
            enter = lnlt_map_tec(ctx->map)->t[lnlt_tec_find(lnlt_map_tec(ctx->map), "road")].mp2[col];
    }
    /* 15.1.2: a vehicle enters a building or huts only by rubbling it, at the
     * chart's cost (HC buildings: never; huts: never by R-class vehicles, ruling
     * R-VEH-41) */
    if (col != LNLT_MOVER_LEG && (t->flags & (LNLT_TF_BUILDING | LNLT_TF_HUT))) {
        const char *barred = rules_rubble_barred(ctx, st, unit, to);
        if (barred) {
            *why = barred;
            return -1;
        }
    }
    if (enter == LNLT_MP_PROHIBITED || side == LNLT_MP_PROHIBITED) {
        *why = "the terrain chart prohibits it";
        return -1;
    }
    enter = rules_wire_cost2(ctx, st, to, col, enter); /* 21.3 */
    if (enter == LNLT_MP_PROHIBITED) {
        *why = "the wire prohibits it (21.3)";
        return -1;
    }
    if (rules_friendly_mines(st, to, u->side))
        enter += 2; /* 21.4: +1 MP through one's own mines */
    int cost = enter + side;
    if (col == LNLT_MOVER_LEG)
        return cost;
    const lnlt_vehicle *v = rules_veh_c(st, unit);
    int c = lnlt_vehicle_step_cost2(v->facing, lnlt_hex_direction_to(a, b), cost, reverse);
    if (c < 0)
        *why = "a vehicle moves into the two hexes at its front, or reverses into the two behind (15.1)";
    return c;
}

int rules_vehicle_step_cost(const lnlt_ctx *ctx, const lnlt_state *st, int to, const char **why)
{
    const lnlt_move_state *mv = &st->move;
    int veh = rules_move_vehicle(ctx, st);
    if (veh < 0 || mv->mode == LNLT_MV_PIVOT) {
        *why = "a pivot in place moves no hex";
        return -1;
    }
    lnlt_hex a = rules_hex(ctx, mv->cell), b = rules_hex(ctx, to);
    if (lnlt_loc_floor(to) != LNLT_FLOOR_GROUND || !lnlt_hex_adjacent(a, b)) {
        *why = "a vehicle moves hex to hex on the ground (15.1, 21.1)";
        return -1;
    }
    int side = st->impulse_side;
    if (rules_enemy_vehicle_in(ctx, st, to, side)) {
        *why = "no vehicle enters an enemy vehicle's hex (15.1)";
        return -1;
    }
    if (rules_enemy_leg_in(ctx, st, to, side)) {
        *why = "a vehicle enters enemy infantry's hex only by an overrun (15.1, 15.3)";
        return -1;
    }
    if (rules_in_melee(st, to)) {
        *why = "no vehicle enters a hex under a Melee marker (15.1)";
        return -1;
    }
    const char *sw = NULL;
    if (!rules_stacking_ok(ctx, st, to, side, mv->units, &sw)) {
        *why = sw;
        return -1;
    }
    /* every mover pays its own way (6.5); the least any has left decides */
    int worst = 0, lowest_left = 255;
    bool minimum = mv->hexes == 0;
    for (int i = 0; i < st->unit_count; i++) {
        if (!lnlt_bit(mv->units, i))
            continue;
        bool rev;
        int c = unit_step_cost2(ctx, st, i, mv->cell, to, &rev, why);
        if (c < 0)
            return -1;
        int left = (rules_is_vehicle(ctx, &st->unit[i]) ? rules_vehicle_allowance2(ctx, st, i, mv->mode)
                                                         : rules_mp2_allowance(ctx, st, i)) - st->unit[i].mp2;
        if (c > left && !(minimum && left > 0 && (rules_veh_c(st, i) == NULL || !(rules_veh_c(st, i)->impulse & LNLT_VI_PIVOTED)))) {
            *why = "not enough MP left";
            return -1;
        }
        if (c > worst)
            worst = c;
        if (left < lowest_left)
            lowest_left = left;
    }
    return worst > lowest_left ? lowest_left : worst;
}

/* The hexes the moving vehicle may enter (for the legal list). */
int rules_vehicle_steps(const lnlt_ctx *ctx, const lnlt_state *st, int *out, int cap)
{
    int n = 0;
    lnlt_hex h = rules_hex(ctx, st->move.cell);
    for (int d = 1; d <= 6; d++) {
        int c = lnlt_map_index(ctx->map, lnlt_hex_neighbor(h, (lnlt_dir)d));
        const char *why;
        if (c >= 0 && lnlt_map_cell_exists(ctx->map, c) && rules_vehicle_step_cost(ctx, st, c, &why) >= 0 && n < cap)
            out[n++] = c;
    }
    return n;
}

/* What every vehicle step and pivot leaves behind: acquisitions (14.3), hull down (15.10). */
static void vehicle_turned(lnlt_state *st, int vehicle)
{
    rules_acq_forget(st, vehicle);
    lnlt_vehicle *v = rules_veh(st, vehicle);
    if (v)
        v->flags &= (uint8_t)~LNLT_VEH_HULL_DOWN;
}

static bool after_vehicle_entry(lnlt_step *s);

bool rules_vehicle_step(lnlt_step *s, int to)
{
    const lnlt_ctx *ctx = s->ctx;
    lnlt_state *st = s->st;
    const char *why = "";
    int cost = rules_vehicle_step_cost(ctx, st, to, &why);
    if (cost < 0)
        return lnlt_error_set(s->err, "cannot enter that hex: %s", why);
    lnlt_move_state *mv = &st->move;
    int from = mv->cell;
    int veh = rules_move_vehicle(ctx, st);
    const lnlt_vehicle_type *vt = rules_vtype(ctx, &st->unit[veh]);
    uint8_t mark = mv->mode == LNLT_MV_VEHICLE_ASSAULT ? LNLT_MARK_ASSAULT_MOVE : LNLT_MARK_MOVED;
    int least = 255;
    bool road = (lnlt_map_cell(ctx->map, lnlt_loc_cell(from))->flags & LNLT_HEXF_ROAD) &&
                (lnlt_map_cell(ctx->map, lnlt_loc_cell(to))->flags & LNLT_HEXF_ROAD);
    for (int i = 0; i < st->unit_count; i++) {
        if (!lnlt_bit(mv->units, i))
            continue;
        bool rev;
        int c = unit_step_cost2(ctx, st, i, from, to, &rev, &why);
        int left = (rules_is_vehicle(ctx, &st->unit[i]) ? rules_vehicle_allowance2(ctx, st, i, mv->mode)
                                                         : rules_mp2_allowance(ctx, st, i)) - st->unit[i].mp2;
        if (c > left)
            c = left; /* 6.0: the minimum move takes what is left */
        lnlt_unit *u = &st->unit[i];
        rules_put_unit(st, i, to);
        u->marks |= mark;
        u->mp2 = (uint8_t)(u->mp2 + c);
        if (c < least)
            least = c;
        lnlt_vehicle *v = rules_veh(st, i);
        if (v && rules_is_vehicle(ctx, u)) {
            v->impulse |= LNLT_VI_MOVED | LNLT_VI_ACTED;
            v->impulse &= (uint8_t)~LNLT_VI_PIVOTED;
            v->turn |= LNLT_VT_MOVED | LNLT_VT_LEFT_HEX;
            if (road)
                v->road_mp2 = (uint8_t)(v->road_mp2 + c);
        }
    }
    vehicle_turned(st, veh);
    mv->mp2_here = (uint8_t)(least == 255 ? cost : least); /* 5.3: the lowest spent decides */
    mv->of_made = 0;
    mv->hexes++;
    mv->cell = (int16_t)to;
    char a[LNLT_HEX_ID_MAX], b[LNLT_HEX_ID_MAX];
    int left = rules_vehicle_allowance2(ctx, st, veh, mv->mode) - st->unit[veh].mp2;
    lnlt_events_say(s->log, LNLT_EV_CHANGE, "15.1", "step", "%s enters %s from %s (%d%s MP; %d%s MP left)",
                    rules_label(ctx, st, veh), rules_cell(s, to, b), rules_cell(s, from, a), cost / 2,
                    cost & 1 ? ".5" : "", left / 2, left & 1 ? ".5" : "");
    /* 15.1.2: entering a building or huts rubbles it, then the abandonment check */
    if (rules_rubble_target(ctx, st, lnlt_loc_cell(to), NULL) && !rules_rubble_entry(s, veh, lnlt_loc_cell(to)))
        return false;
    if (vt && vt->move_class == LNLT_MC_TRACKED)
        rules_wire_on_leave(s, from); /* 21.3.1 */
    rules_melee_after_leave(s, from);
    /* 6.0 entry sequence: Fire For Effect and mines, then events, then opportunity fire */
    if (!rules_ffe_on_entry(s, to) || !rules_mines_attack(s, to, mv->units))
        return false;
    if (!rules_events_check(s))
        return false;
    if (st->pending || !st->move.active)
        return true;
    return after_vehicle_entry(s);
}

/* After MP spent in a hex: the 5.3 window, or the move goes on. */
static bool after_vehicle_entry(lnlt_step *s)
{
    lnlt_state *st = s->st;
    int veh = rules_move_vehicle(s->ctx, st);
    if (veh < 0 || !lnlt_bit(st->move.units, veh))
        return rules_vehicle_stop(s); /* shaken, abandoned or destroyed: the move ends (5.1) */
    if (rules_opfire_window(s->ctx, st)) {
        st->decision = LNLT_DECIDE_OPFIRE;
        st->to_act = (uint8_t)lnlt_other_side(st->impulse_side);
        return true;
    }
    return rules_vehicle_continue(s);
}

bool rules_vehicle_continue(lnlt_step *s)
{
    lnlt_state *st = s->st;
    st->to_act = st->impulse_side;
    int veh = rules_move_vehicle(s->ctx, st);
    if (veh < 0 || !lnlt_bit(st->move.units, veh))
        return rules_vehicle_stop(s);
    st->decision = LNLT_DECIDE_MOVE;
    return true;
}

/* ---- pivots (15.1, 1.7.1) ---- */

int rules_pivot_cost2(const lnlt_ctx *ctx, const lnlt_state *st, int unit, int corner)
{
    const lnlt_vehicle *v = rules_veh_c(st, unit);
    if (!v || corner < 0 || corner >= LNLT_CORNERS || corner == v->facing)
        return -1;
    const lnlt_unit *u = &st->unit[unit];
    if (rules_is_vehicle(ctx, u) && (v->flags & LNLT_VEH_IMMOBILIZED))
        return -1; /* 21.4.2: only its turret turns */
    bool team = !rules_is_vehicle(ctx, u);
    /* 1.7.1: a gun team faces as it likes after entering a new hex */
    if (team && st->move.active && st->move.hexes > 0 && lnlt_bit(st->move.units, unit))
        return 0;
    return lnlt_pivot_cost2(v->facing, corner, team);
}

bool rules_can_pivot(const lnlt_ctx *ctx, const lnlt_state *st, int unit, int corner)
{
    int c = rules_pivot_cost2(ctx, st, unit, corner);
    if (c < 0)
        return false;
    int left;
    if (st->move.active && lnlt_bit(st->move.units, unit)) {
        left = rules_is_vehicle(ctx, &st->unit[unit]) ? rules_vehicle_allowance2(ctx, st, unit, st->move.mode)
                                                       : rules_mp2_allowance(ctx, st, unit);
        left -= st->unit[unit].mp2;
    } else {
        if (!lnlt_bit(st->activated, unit) || (st->unit[unit].flags & LNLT_UNIT_ACTIVATED) ||
            !rules_on_map(&st->unit[unit]) || rules_vehicle_abandoned(st, unit))
            return false;
        left = rules_is_vehicle(ctx, &st->unit[unit]) ? rules_vehicle_allowance2(ctx, st, unit, LNLT_MV_PIVOT)
                                                       : 2 * (rules_face(ctx, &st->unit[unit])->mf > 0 ? rules_face(ctx, &st->unit[unit])->mf : 0);
    }
    return c <= left && (c > 0 || st->move.active);
}

bool rules_pivot(lnlt_step *s, int unit, int corner)
{
    const lnlt_ctx *ctx = s->ctx;
    lnlt_state *st = s->st;
    if (!rules_can_pivot(ctx, st, unit, corner))
        return lnlt_error_set(s->err, "that unit cannot pivot there now (15.1, 1.7.1)");
    int cost = rules_pivot_cost2(ctx, st, unit, corner);
    if (!st->move.active) { /* a pivot in place is a move of its own that leaves no hex */
        memset(&st->move, 0, sizeof st->move);
        st->move.active = 1;
        st->move.mode = LNLT_MV_PIVOT;
        st->move.cell = st->move.origin = (int16_t)lnlt_unit_loc(&st->unit[unit]);
        lnlt_bit_set(st->move.units, unit);
        st->unit[unit].flags |= LNLT_UNIT_ACTIVATED;
        st->unit[unit].mp2 = 0;
        st->acted = 1;
    }
    lnlt_vehicle *v = rules_veh(st, unit);
    int turns = lnlt_corner_turns(v->facing, corner);
    v->turret = (uint8_t)((v->turret + corner - v->facing + 6) % 6); /* the turret turns with the hull (ruling R-VEH-12) */
    v->facing = (uint8_t)corner;
    if (!(v->impulse & LNLT_VI_MOVED))
        v->impulse |= LNLT_VI_PIVOTED;
    v->impulse |= LNLT_VI_ACTED;
    st->unit[unit].mp2 = (uint8_t)(st->unit[unit].mp2 + cost);
    if (rules_is_vehicle(ctx, &st->unit[unit]))
        vehicle_turned(st, unit);
    else
        rules_acq_forget_firer(st, unit);
    int d1, d2;
    lnlt_corner_dirs(corner, &d1, &d2);
    lnlt_hex h = rules_hex(ctx, st->move.cell);
    char a[LNLT_HEX_ID_MAX], b[LNLT_HEX_ID_MAX];
    lnlt_events_say(s->log, LNLT_EV_CHANGE, rules_is_vehicle(ctx, &st->unit[unit]) ? "15.1" : "1.7.1", "pivot",
                    "%s pivots %d corner%s to face %s/%s (%d%s MP)", rules_label(ctx, st, unit), turns, turns == 1 ? "" : "s",
                    lnlt_cell_name(ctx, lnlt_map_index(ctx->map, lnlt_hex_neighbor(h, (lnlt_dir)d1)), a),
                    lnlt_cell_name(ctx, lnlt_map_index(ctx->map, lnlt_hex_neighbor(h, (lnlt_dir)d2)), b), cost / 2,
                    cost & 1 ? ".5" : "");
    if (cost == 0) {
        st->decision = LNLT_DECIDE_MOVE;
        return true;
    }
    /* 5.3: the MP spent pivoting open the window, as many attacks as MP */
    st->move.mp2_here = (uint8_t)cost;
    st->move.of_made = 0;
    if (st->move.mode != LNLT_MV_PIVOT && !rules_is_vehicle(ctx, &st->unit[unit])) {
        st->decision = LNLT_DECIDE_MOVE; /* a gun team moving with leg units: their window follows their steps */
        return rules_after_step(s);
    }
    return after_vehicle_entry(s);
}

/* ---- stopping ---- */

bool rules_vehicle_may_stop(const lnlt_ctx *ctx, const lnlt_state *st)
{
    int veh = rules_move_vehicle(ctx, st);
    const lnlt_vehicle *v = veh >= 0 ? rules_veh_c(st, veh) : NULL;
    /* 15.5: a continuous mover must actually leave its hex (pivots and loads do not
     * count); when it cannot step anywhere, stopping is all that is left */
    return !v || !(v->flags & LNLT_VEH_CONTINUOUS) || st->move.hexes > 0;
}

bool rules_vehicle_stop(lnlt_step *s)
{
    const lnlt_ctx *ctx = s->ctx;
    lnlt_state *st = s->st;
    char name[LNLT_HEX_ID_MAX];
    for (int i = 0; i < st->unit_count; i++) {
        lnlt_vehicle *v = rules_veh(st, i);
        if (!v || !lnlt_bit(st->move.units, i))
            continue;
        if ((v->impulse & LNLT_VI_MOVED) && st->move.mode == LNLT_MV_VEHICLE_AF)
            st->unit[i].marks = (uint8_t)((st->unit[i].marks & ~LNLT_MARK_FIRED) | LNLT_MARK_MOVED); /* 15.2.1 */
        if (v->flags & LNLT_VEH_CONTINUOUS) /* 15.5: the continuous mover moved on */
            v->flags &= (uint8_t)~LNLT_VEH_CONTINUOUS;
        (void)ctx;
    }
    lnlt_events_say(s->log, LNLT_EV_CHANGE, "15.1", "stop", "the move ends in %s", rules_cell(s, st->move.cell, name));
    int stopped_in = st->move.cell, veh = rules_move_vehicle(ctx, st);
    memset(&st->move, 0, sizeof st->move);
    st->decision = LNLT_DECIDE_ACTIVATION;
    st->to_act = st->impulse_side;
    /* 15.3: a vehicle that stays in the hex it overran sends the enemy there back */
    if (veh >= 0 && rules_on_map(&st->unit[veh]) && rules_enemy_leg_in(ctx, st, stopped_in, st->unit[veh].side))
        return rules_overrun_retreats(s, stopped_in);
    return true;
}

/* ---- assault fire (15.2.1) and hull down (15.10) ---- */

bool rules_can_vehicle_af(const lnlt_ctx *ctx, const lnlt_state *st, int vehicle)
{
    const lnlt_unit *u = &st->unit[vehicle];
    const lnlt_vehicle *v = rules_veh_c(st, vehicle);
    /* 15.2.1: declared at the start of its impulse, before it did anything else */
    return v && rules_vehicle_live(ctx, st, vehicle) && rules_is_good(u) && lnlt_bit(st->activated, vehicle) &&
           !(u->flags & LNLT_UNIT_ACTIVATED) && !(v->impulse & LNLT_VI_ACTED) &&
           !(v->flags & (LNLT_VEH_IMMOBILIZED | LNLT_VEH_ASSAULT_FIRE | LNLT_VEH_PAUSED));
}

bool rules_vehicle_af(lnlt_step *s, int vehicle)
{
    if (!rules_can_vehicle_af(s->ctx, s->st, vehicle))
        return lnlt_error_set(s->err, "that vehicle may not assault fire now (15.2.1)");
    lnlt_vehicle *v = rules_veh(s->st, vehicle);
    v->flags |= LNLT_VEH_ASSAULT_FIRE;
    s->st->unit[vehicle].flags |= LNLT_UNIT_ACTIVATED;
    s->st->acted = 1;
    lnlt_events_say(s->log, LNLT_EV_CHANGE, "15.2.1", "assault-fire", "%s declares assault fire: it fires, then moves half its MF",
                    rules_label(s->ctx, s->st, vehicle));
    return true;
}

bool rules_can_hull_down(const lnlt_ctx *ctx, const lnlt_state *st)
{
    int veh = rules_move_vehicle(ctx, st);
    if (veh < 0 || !rules_option(ctx, LNLT_OPT_HULL_DOWN) || st->move.mode != LNLT_MV_VEHICLE)
        return false;
    const lnlt_vehicle *v = rules_veh_c(st, veh);
    if (!rules_is_good(&st->unit[veh]) || (v->turn & LNLT_VT_HULL_DOWN) || (v->flags & LNLT_VEH_HULL_DOWN))
        return false;
    /* 15.10: it needs the hex's cost plus 1 MP: here, 1 MP left in the hex it is in */
    return rules_vehicle_allowance2(ctx, st, veh, st->move.mode) - st->unit[veh].mp2 >= 2;
}

bool rules_hull_down(lnlt_step *s)
{
    const lnlt_ctx *ctx = s->ctx;
    lnlt_state *st = s->st;
    if (!rules_can_hull_down(ctx, st))
        return lnlt_error_set(s->err, "no hull-down attempt now (15.10)");
    int veh = rules_move_vehicle(ctx, st);
    lnlt_vehicle *v = rules_veh(st, veh);
    const lnlt_terrain *t = rules_terrain(ctx, st, st->move.cell);
    bool open = t->los == LNLT_LOS_OPEN && lnlt_map_cell(ctx->map, lnlt_loc_cell(st->move.cell))->level == 0;
    bool modern = ctx->catalog->nation[rules_type(ctx, &st->unit[veh])->nation].era == LNLT_ERA_MODERN;
    int d;
    lnlt_event *re;
    if (!lnlt_dice_roll(&s->dice, 1, NULL, "hull down", "15.10", &d, &re, s->err))
        return false;
    lnlt_hull_down h = lnlt_hull_down_attempt(d, modern, rules_armor_leader_lm(ctx, st, veh), open);
    if (re)
        snprintf(re->text, sizeof re->text, "%+d = %d vs %d -> %s", lnlt_mods_total(&h.mods), h.roll, h.need,
                 h.success ? "hull down" : "no position found");
    st->unit[veh].mp2 = (uint8_t)(st->unit[veh].mp2 + 2);
    v->turn |= LNLT_VT_HULL_DOWN;
    if (h.success)
        v->flags |= LNLT_VEH_HULL_DOWN;
    st->unit[veh].marks |= LNLT_MARK_MOVED; /* 15.10: success or not, Moved, and it is done for the impulse */
    return rules_vehicle_stop(s);
}
