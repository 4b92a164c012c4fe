/*
 * step_cost.c: what entering a location costs the moving stack, or why it may
 * not (6.0 terrain costs and the minimum move, 6.1-6.4 the move modes' costs,
 * 10.4 floors and stairs, 15.x roads and rubble through the terrain chart, 5.1
 * shaken units that may not advance on an enemy they see, 1.3 stacking where the
 * stack arrives). movement.c moves the stack; the computer player and the
 * legal-action list ask these costs for every hex they consider.
 */
#include <stdlib.h>
#include <string.h>

#include "rules/internal.h"

/* 12.0 Versatile: a good-order leader or hero with it, moving with the stack,
 * lets assault fire end in a melee (6.1.1). */
static bool versatile_mover(const lnlt_ctx *ctx, const lnlt_state *st)
{
    int m[LNLT_MAX_UNITS];
    int n = rules_unit_bits(st->move.units, st->unit_count, m);
    for (int k = 0; k < n; k++)
        if (rules_is_good(&st->unit[m[k]]) && rules_skill_value(ctx, &st->unit[m[k]], LNLT_SE_ASSAULT_FIRE_THEN_MELEE))
            return true;
    return false;
}

/* The first unit of the moving stack (0 when it is empty). */
static int first_mover(const lnlt_state *st)
{
    for (int i = 0; i < st->unit_count; i++)
        if (lnlt_bit(st->move.units, i))
            return i;
    return 0;
}

/* The level of a location (ground level, floors, roof), 0 when unknown. */
static int loc_level(const lnlt_ctx *ctx, int loc)
{
    int level = 0;
    lnlt_loc l = {rules_hex(ctx, loc), (uint8_t)lnlt_loc_floor(loc)};
    return lnlt_map_loc_level(ctx->map, l, &level) ? level : 0;
}

/* 5.1: a shaken unit may not move closer to an enemy unit it can see, changing
 * floors included: a step between hexes is closer when the hex distance shrinks,
 * a change of floor inside a hex when the difference of levels to the enemy does
 * (ruling R-CORE-90). */
static bool shaken_advance(const lnlt_ctx *ctx, const lnlt_state *st, int to)
{
    int from = st->move.cell;
    bool shaken = false;
    if (from < 0)
        return false; /* entering from off the map */
    int m[LNLT_MAX_UNITS];
    int n = rules_unit_bits(st->move.units, st->unit_count, m);
    for (int k = 0; k < n; k++)
        if (!rules_is_good(&st->unit[m[k]]))
            shaken = true;
    if (!shaken)
        return false;
    int side = st->unit[first_mover(st)].side; /* the movers' side (a retreat is the other side's move) */
    bool floor_change = lnlt_loc_cell(from) == lnlt_loc_cell(to);
    lnlt_hex hf = rules_hex(ctx, from), ht = rules_hex(ctx, to);
    int lf = floor_change ? loc_level(ctx, from) : 0, lt = floor_change ? loc_level(ctx, to) : 0;
    for (int i = 0; i < st->unit_count; i++) {
        const lnlt_unit *e = &st->unit[i];
        if (e->side == side || !rules_on_map(e))
            continue;
        int eloc = lnlt_unit_loc(e);
        if (floor_change) {
            int le = loc_level(ctx, eloc);
            if (abs(lt - le) >= abs(lf - le))
                continue;
        } else {
            lnlt_hex he = rules_hex(ctx, eloc);
            if (lnlt_hex_distance(ht, he) >= lnlt_hex_distance(hf, he))
                continue;
        }
        lnlt_los_result los;
        if (rules_los(ctx, st, from, eloc, &los))
            return true;
    }
    return false;
}

/* The hex's own Leg cost (with Craters, 10.5.5; Rubble, 15.1.2), asked only where
 * a step uses it: entering the map, or a nation's printed exception. */
static int leg_enter_mp2(const lnlt_ctx *ctx, const lnlt_state *st, const lnlt_terrain *t, int to)
{
    return t ? rules_enter_mp2(ctx, st, to, LNLT_MOVER_LEG) : LNLT_MP_PROHIBITED;
}

/* Which floors a step may join (ruling R-CORE-40): a stack goes from hex to hex on
 * the ground, or along the upper floor or the rooftops of one building, and
 * changes floor inside its hex by the stairs (10.2) or onto the roof above its
 * top floor (10.6). Entering units come onto the ground. NULL when allowed. */
static const char *floor_step_barred(const lnlt_ctx *ctx, const lnlt_state *st, int from, int to, bool entering)
{
    int ft = lnlt_loc_floor(to);
    if (!rules_loc_open(ctx, st, to)) /* 15.1.2: not above Rubble */
        return !rules_in_play_area(ctx, to)    ? "that hex is outside the playable area (22.0)"
               : ft == LNLT_FLOOR_UPPER ? "that hex has no upper floor (10.2)"
                                        : "that hex has no usable rooftop (10.6)";
    if (entering)
        return ft == LNLT_FLOOR_GROUND ? NULL : "units enter the map on the ground (R-CORE-40)";
    if (lnlt_loc_cell(from) == lnlt_loc_cell(to))
        return rules_climb_cost(ctx, from, to) < 0 ? "the roof is reached only from the floor right under it (10.6)"
                                                   : NULL;
    int ff = lnlt_loc_floor(from);
    if (ff != ft)
        return "change floors inside a hex, then move (R-CORE-40)";
    if (ft != LNLT_FLOOR_GROUND && !rules_same_building(ctx, from, to))
        return ft == LNLT_FLOOR_ROOF ? "rooftops connect only within one building (10.6)"
                                     : "upper floors connect only within one building (R-CORE-40)";
    return NULL;
}

/* TEC Hill: the extra MP to climb from a to b, by the Leg column, or the O column
 * when mounted units move in the stack (6.6); the dearer of the two. */
static int stack_climb_mp2(const lnlt_ctx *ctx, const rules_move_facts *f, int a, int b)
{
    int cost = lnlt_map_climb_mp2_cells(ctx->map, a, b, LNLT_MOVER_LEG);
    if (f->mounted && cost >= 0) {
        int o = lnlt_map_climb_mp2_cells(ctx->map, a, b, LNLT_MOVER_OTHER);
        cost = o < 0 ? o : o > cost ? o : cost;
    }
    return cost;
}

void rules_move_facts_of(const lnlt_ctx *ctx, const lnlt_state *st, rules_move_facts *f)
{
    const lnlt_move_state *mv = &st->move;
    /* every field but the movers past n (never read): clearing the whole array
     * cost more than the rest of the facts */
    f->n = rules_unit_bits(mv->units, st->unit_count, f->movers);
    f->immobile_sw = f->weapon_team = f->melee_able = f->melee_mode = false;
    f->scout = f->shaken = f->mounted = f->leg = f->wire_or_mines = false;
    f->mp2_left = rules_stack_mp2_left(ctx, st);
    for (int i = 0; i < LNLT_MAX_FORTS; i++) /* asked once here, not at every hex a step may enter */
        f->wire_or_mines |= st->fort[i].kind == LNLT_FORT_WIRE || st->fort[i].kind == LNLT_FORT_MINES;
    bool me = false;
    for (int k = 0; k < f->n; k++) {
        int i = f->movers[k];
        const lnlt_unit *u = &st->unit[i];
        int kind = rules_type(ctx, u)->kind;
        f->immobile_sw |= rules_holds_immobile_sw(ctx, st, i);
        f->weapon_team |= kind == LNLT_UK_WEAPON_TEAM;
        me |= rules_melee_eligible(ctx, st, i) && kind != LNLT_UK_WEAPON_TEAM;
        f->scout |= kind == LNLT_UK_SCOUT;
        f->shaken |= !rules_is_good(u);
        f->mounted |= rules_is_mounted(ctx, u);
    }
    f->melee_able = me;
    f->scout = f->scout && mv->active;
    /* 6.3, 8.0: a low crawl is not among the moves barred from a melee */
    f->melee_mode = mv->mode == LNLT_MV_NORMAL || mv->mode == LNLT_MV_DOUBLE_TIME || mv->mode == LNLT_MV_STEALTH ||
                    mv->mode == LNLT_MV_LOW_CRAWL || (mv->mode == LNLT_MV_ASSAULT_FIRE && versatile_mover(ctx, st));
}

int rules_step_cost(const lnlt_ctx *ctx, const lnlt_state *st, int to, const char **why)
{
    rules_move_facts f;
    rules_move_facts_of(ctx, st, &f);
    return rules_step_cost_with(ctx, st, &f, to, why);
}

int rules_step_cost_with(const lnlt_ctx *ctx, const lnlt_state *st, const rules_move_facts *f, int to,
                         const char **why)
{
    const lnlt_move_state *mv = &st->move;
    if (rules_vehicle_move(st))
        return rules_vehicle_step_cost(ctx, st, to, why);
    lnlt_hex b = rules_hex(ctx, to);
    bool entering = mv->cell < 0; /* 22.0: entering units pay only the first hex */
    lnlt_hex a = entering ? b : rules_hex(ctx, mv->cell);
    /* the cells of a and b, for the map's costs (lnlt_map_*_cells) */
    int cb = lnlt_loc_cell(to), ca = entering ? cb : lnlt_loc_cell(mv->cell);
    /* 10.2, 10.6: climbing to another floor of the hex is a step of its own */
    bool climbing = !entering && lnlt_loc_cell(mv->cell) == lnlt_loc_cell(to);
    if (!entering && rules_tunnel_step(ctx, mv->cell, to)) { /* 10.7.1: cave to cave (caves.c) */
        int tunnel = rules_tunnel_cost2(ctx, st, f, to, why);
        if (tunnel >= 0 && f->shaken && shaken_advance(ctx, st, to)) {
            *why = "a shaken unit may not move closer to an enemy it sees (5.1)";
            return -1;
        }
        return tunnel;
    }
    if (!climbing && !entering && !lnlt_hex_adjacent(a, b)) {
        *why = "not adjacent to the moving stack";
        return -1;
    }
    const char *floor_why = floor_step_barred(ctx, st, mv->cell, to, entering);
    if (floor_why) {
        *why = floor_why;
        return -1;
    }
    if (f->immobile_sw) {
        *why = "a unit holds an assembled tripod or mortar: dismantle or abandon it first (1.6.1)";
        return -1;
    }
    /* (rules_wt_barred bars weapon teams only) */
    const char *wt_why = f->weapon_team ? rules_wt_step_barred(ctx, st, entering ? -1 : mv->cell, to) : NULL;
    if (wt_why) {
        *why = wt_why;
        return -1;
    }
    /* TEC: the hex's cost (a road hex from the next one: the road's), the hexside's
     * extra, and the hill's extra for each level climbed (6.0, TEC Road, Hill) */
    const lnlt_terrain *t = rules_terrain(ctx, st, to); /* lnlt_map_terrain of b, or Rubble (15.1.2) */
    int enter = climbing ? rules_climb_cost(ctx, mv->cell, to)
              : entering ? leg_enter_mp2(ctx, st, t, to)
                         : rules_step_mp2(ctx, st, ca, cb, LNLT_MOVER_LEG);
    int side_cost = entering || climbing ? 0 : lnlt_map_hexside_mp2_cells(ctx->map, ca, cb, LNLT_MOVER_LEG);
    int hill_cost = entering || climbing ? 0 : stack_climb_mp2(ctx, f, ca, cb);
    if (hill_cost == LNLT_MP_PROHIBITED) {
        *why = "a change of three levels is a cliff (TEC Hill)";
        return -1;
    }
    if (!climbing && lnlt_loc_floor(to) == LNLT_FLOOR_ROOF)
        enter = 2; /* 10.6: 1 MP to the next rooftop of the same building */
    if (enter == LNLT_MP_PROHIBITED || side_cost == LNLT_MP_PROHIBITED) {
        *why = "the terrain chart prohibits it";
        return -1;
    }
    /* 13.0: VC and other nations with a printed exception pay their own cost
     * (the stack pays the most any of its units pays). */
    bool by_road = !entering && !climbing && lnlt_map_road_link_cells(ctx->map, ca, cb);
    if (t->noverride && !climbing && !by_road && lnlt_loc_floor(to) == LNLT_FLOOR_GROUND) {
        int worst = -1, leg = leg_enter_mp2(ctx, st, t, to);
        for (int k = 0; k < f->n; k++) {
            const lnlt_terrain_override *o = rules_terrain_override(ctx, t, &st->unit[f->movers[k]]);
            int c = o && o->leg_mp2 >= 0 ? o->leg_mp2 + (leg - t->mp2[LNLT_MOVER_LEG]) : leg; /* + Craters */
            if (c > worst)
                worst = c;
        }
        if (worst >= 0)
            enter = worst;
    }
    if (enter > 2 && !climbing && !by_road && f->scout && rules_scout_eases(ctx, st, t))
        enter = 2; /* 11.6: 1 MP with a scout */
    /* 6.6: mounted units pay the O column (nothing to do without them) */
    if (f->mounted && !rules_mounted_step_cost(ctx, st, entering ? -1 : mv->cell, to, &enter, &side_cost, why))
        return -1;
    if (f->wire_or_mines && !climbing && lnlt_loc_floor(to) == LNLT_FLOOR_GROUND) {
        enter = rules_wire_cost2(ctx, st, to, LNLT_MOVER_LEG, enter); /* 21.3: 4 MP in all */
        if (rules_friendly_mines(st, to, st->impulse_side))
            enter += 2; /* 21.4: +1 MP through one's own mines */
    }
    if (rules_enemy_vehicle_in(ctx, st, to, st->impulse_side)) {
        *why = "Leg units enter an enemy vehicle's hex only by a close assault (17.1)";
        return -1;
    }
    if (lnlt_loc_floor(to) == LNLT_FLOOR_BUNKER) {
        int legs[1];
        for (int i = 0; i < st->unit_count; i++) {
            const char *in_why = lnlt_bit(mv->units, i) ? rules_inside_barred(ctx, st, &st->unit[i], to) : NULL;
            if (in_why) { /* 21.1, 10.7, 1.7 */
                *why = in_why;
                return -1;
            }
        }
        if (rules_leg_units_in(ctx, st, to, lnlt_other_side(st->impulse_side), legs, 1)) {
            *why = rules_in_cave(ctx, to) ? "units outside a cave never melee those inside (10.7)"
                                          : "units on top of a bunker never melee those inside (21.1; ruling R-VEH-21)";
            return -1;
        }
    }
    if (rules_enemy_in(st, to, st->impulse_side) || rules_in_melee(st, to)) {
        /* 8.0: a melee is entered by a normal move with at least one ME unit;
         * never by assault move, and never from off the map (ruling R-CORE-20);
         * "WTs cannot enter Melee", not even with others */
        if (!f->melee_mode || entering || !f->melee_able || f->weapon_team) {
            *why = mv->mode == LNLT_MV_ASSAULT        ? "an assault move cannot enter a melee (6.1)"
                 : mv->mode == LNLT_MV_ASSAULT_FIRE || mv->mode == LNLT_MV_STEALTH_ASSAULT_FIRE
                     ? "assault fire cannot be followed by a melee (6.1.1)"
                 : mv->mode == LNLT_MV_HIT_AND_RUN  ? "hit and run cannot enter a melee (6.7)"
                 : f->weapon_team && !entering       ? "a weapon team never enters a melee (8.0)"
                 : entering   ? "units entering the map may not enter an enemy hex (R-CORE-20)"
                              : "no unit of the stack may fight a melee (8.0)";
            return -1;
        }
    }
    const char *stack_why = NULL;
    if (!rules_stacking_ok(ctx, st, to, st->impulse_side, mv->units, &stack_why)) {
        *why = stack_why;
        return -1;
    }
    if (f->shaken && shaken_advance(ctx, st, to)) {
        *why = "a shaken unit may not move closer to an enemy it sees (5.1)";
        return -1;
    }
    int cost = enter + side_cost + hill_cost;
    int left = f->mp2_left;
    if (mv->mode == LNLT_MV_LOW_CRAWL) {
        /* 6.3: one hex for the whole impulse, unless that hex would take all the MP anyway */
        if (mv->hexes > 0) {
            *why = "a low crawl moves one hex only (6.3)";
            return -1;
        }
        if (cost >= left) {
            *why = "the hex costs all the MP, so it cannot be low-crawled into (6.3)";
            return -1;
        }
        return left;
    }
    if (cost > left) {
        /* 6.0 minimum move: one hex is always possible at the start. */
        if (mv->hexes == 0 && left > 0)
            return left;
        *why = "not enough MP left";
        return -1;
    }
    return cost;
}
