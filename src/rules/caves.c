/*
 * caves.c: caves (rule 10.7), the tunnels between them (10.7.1) and collapsed
 * entrances (10.7.2). A cave is a place of its own inside its hex (a hex within a
 * hex, 10.4.1), kept at the same fourth floor of the location numbering as a
 * bunker's inside (a hex never holds both, ruling R-CORE-120), so stacking,
 * spotting as blocking terrain, adjacency, the 2 MP in and out, the leaders' reach
 * (4.0) and the bar on melee between inside and outside follow the bunker's model
 * in locations.c and fortifications.c. This file holds what differs: who may enter
 * (1.7: MG and mortar weapon teams only), which fire reaches the inside (only
 * through the front, mortars, artillery and satchels from any side), tunnel moves
 * and the collapse of an entrance.
 */
#include <string.h>

#include "lnlt/ordnance.h"
#include "rules/internal.h"

const lnlt_bunker *rules_cave_at(const lnlt_ctx *ctx, int cell)
{
    const lnlt_bunker *b = rules_bunker_at(ctx, cell);
    return b && b->kind == LNLT_PLACE_CAVE ? b : NULL;
}

bool rules_in_cave(const lnlt_ctx *ctx, int loc)
{
    return loc >= 0 && lnlt_loc_floor(loc) == LNLT_FLOOR_BUNKER && rules_cave_at(ctx, loc) != NULL;
}

bool rules_cave_collapsed(const lnlt_state *st, int cell)
{
    return rules_forts_at(st, cell, LNLT_FORT_COLLAPSED, NULL) > 0;
}

const char *rules_cave_fire_barred(const lnlt_ctx *ctx, int from, int to)
{
    /* 10.7: the inside fires out only through its three front hexsides (the units
     * outside it in its own hex count as adjacent, so they are reached too) */
    if (rules_in_cave(ctx, from) && !rules_in_bunker_front(ctx, from, to))
        return "from a cave, fire goes only through its three front hexsides (10.7)";
    /* 10.7: and is fired on through them only: no direct fire of either table
     * reaches it from behind (unlike a bunker's, 21.1.2) */
    if (rules_in_cave(ctx, to) && !rules_in_bunker_front(ctx, to, from))
        return "a cave is fired on only through its three front hexsides (10.7)";
    return NULL;
}

const char *rules_inside_barred(const lnlt_ctx *ctx, const lnlt_state *st, const lnlt_unit *u, int to)
{
    if (to < 0 || lnlt_loc_floor(to) != LNLT_FLOOR_BUNKER)
        return NULL;
    const lnlt_unit_type *t = rules_type(ctx, u);
    bool wt = t->kind == LNLT_UK_WEAPON_TEAM;
    if (!rules_in_cave(ctx, to)) {
        /* 21.1: vehicles, mounted units and weapon teams other than MGs stay out of a bunker */
        if (wt && t->wt_weapon != LNLT_WTW_MG)
            return "only MG weapon teams enter bunkers (1.7, 21.1)";
        if (rules_is_vehicle(ctx, u) || rules_is_mounted(ctx, u))
            return "vehicles and mounted units never enter a bunker (21.1)";
        return NULL;
    }
    if (rules_cave_collapsed(st, to))
        return "that cave's entrance has collapsed (10.7.2)";
    if (wt && t->wt_weapon != LNLT_WTW_MG && t->wt_weapon != LNLT_WTW_MORTAR)
        return "only MG and mortar weapon teams enter a cave (1.7, 10.7)";
    /* ruling R-CORE-121: vehicles and mounted units never go into a cave either */
    if (rules_is_vehicle(ctx, u) || rules_is_mounted(ctx, u))
        return "vehicles and mounted units never enter a cave (ruling R-CORE-121)";
    return NULL;
}

/* ---- tunnels (10.7.1) ---- */

bool rules_tunnel_step(const lnlt_ctx *ctx, int from, int to)
{
    return from >= 0 && to >= 0 && lnlt_loc_cell(from) != lnlt_loc_cell(to) && rules_in_cave(ctx, from) &&
           rules_in_cave(ctx, to);
}

int rules_tunnel_exits(const lnlt_ctx *ctx, int from, int *out, int cap)
{
    int n = 0;
    for (int i = 0; rules_in_cave(ctx, from) && i < ctx->bunkers->count && i < LNLT_MAX_BUNKERS; i++) {
        const lnlt_bunker *b = &ctx->bunkers->b[i];
        int to = lnlt_location(b->cell, LNLT_FLOOR_BUNKER);
        if (b->kind == LNLT_PLACE_CAVE && b->cell != lnlt_loc_cell(from) && n < cap)
            out[n++] = to;
    }
    return n;
}

/* 10.7.1: may `side` use the tunnels of the caves of both these hexes? */
static bool tunnel_open_to(const lnlt_ctx *ctx, int from, int to, int side)
{
    const lnlt_bunker *a = rules_cave_at(ctx, from), *b = rules_cave_at(ctx, to);
    return a && b && (a->tunnel_sides & b->tunnel_sides & (1u << side));
}

int rules_tunnel_cost2(const lnlt_ctx *ctx, const lnlt_state *st, const rules_move_facts *f, int to,
                       const char **why)
{
    const lnlt_move_state *mv = &st->move;
    if (rules_cave_collapsed(st, mv->cell) || rules_cave_collapsed(st, to)) {
        *why = "a collapsed entrance closes its tunnel (10.7.2)";
        return -1;
    }
    if (!tunnel_open_to(ctx, mv->cell, to, st->impulse_side)) {
        *why = "the scenario keeps that side out of these tunnels (10.7.1)";
        return -1;
    }
    if (f->weapon_team || f->mounted) {
        *why = "weapon teams and mounted units never go through a tunnel (10.7.1; ruling R-CORE-121)";
        return -1;
    }
    if (f->immobile_sw) {
        *why = "a unit holds an assembled tripod or mortar: dismantle or abandon it first (1.6.1)";
        return -1;
    }
    if (mv->mode == LNLT_MV_LOW_CRAWL) {
        *why = "a low crawl never goes through a tunnel (ruling R-CORE-123)";
        return -1;
    }
    int them[1];
    if (rules_units_in(st, to, lnlt_other_side(st->impulse_side), them, 1) > 0) {
        *why = "a tunnel never leads into a cave the enemy holds (ruling R-CORE-124)";
        return -1;
    }
    const char *stack_why = NULL;
    if (!rules_stacking_ok(ctx, st, to, st->impulse_side, mv->units, &stack_why)) {
        *why = stack_why;
        return -1;
    }
    /* 1 MP a hex, the far entrance's hex included; the whole way in one go, as no
     * unit stays under an In Tunnel marker between two caves (ruling R-CORE-123) */
    int cost = 2 * lnlt_hex_distance(rules_hex(ctx, mv->cell), rules_hex(ctx, to));
    if (cost > f->mp2_left) {
        *why = "not enough MP left for the whole tunnel (10.7.1; ruling R-CORE-123)";
        return -1;
    }
    return cost;
}

bool rules_tunnel_hides(const lnlt_ctx *ctx, const lnlt_state *st, int unit, int observer)
{
    const lnlt_unit *u = &st->unit[unit];
    if (!(u->marks & LNLT_MARK_IN_TUNNEL) || (u->marks & LNLT_MARK_FIRED) || !rules_in_cave(ctx, lnlt_unit_loc(u)))
        return false; /* firing gives it away like any unit */
    /* 10.7.1: unless the observer's side has units in the cave's hex or next to it */
    int cell = u->cell, mine[1];
    for (int f = 0; f < LNLT_FLOORS; f++)
        if (rules_units_in(st, lnlt_location(cell, f), observer, mine, 1) > 0)
            return false;
    for (int d = 1; d <= 6; d++) {
        int c = lnlt_map_neighbor(ctx->map, cell, d);
        for (int f = 0; c >= 0 && f < LNLT_FLOORS; f++)
            if (rules_units_in(st, lnlt_location(c, f), observer, mine, 1) > 0)
                return false;
    }
    return true;
}

/* ---- collapsed entrances (10.7.2) ---- */

bool rules_sw_collapses_caves(const lnlt_ctx *ctx, const lnlt_state *st, const int *sws, int n)
{
    for (int i = 0; i < n; i++) {
        int k = rules_sw_type(ctx, &st->sw[sws[i]])->kind;
        if (k == LNLT_SWK_SATCHEL || k == LNLT_SWK_FLAMETHROWER)
            return true;
    }
    return false;
}

/* The nearest open cave `side` may reach by tunnel from `cell` that takes all of
 * `group` (stacking) and holds no enemy; the first in the scenario's order on a
 * tie (ruling R-CORE-125). -1 when there is none. */
static int refuge_for(const lnlt_ctx *ctx, const lnlt_state *st, int cell, int side, const uint8_t *group)
{
    int best = -1, best_range = 0;
    for (int i = 0; i < ctx->bunkers->count && i < LNLT_MAX_BUNKERS; i++) {
        const lnlt_bunker *b = &ctx->bunkers->b[i];
        int to = lnlt_location(b->cell, LNLT_FLOOR_BUNKER), them[1];
        const char *why = NULL;
        if (b->kind != LNLT_PLACE_CAVE || b->cell == cell || rules_cave_collapsed(st, b->cell) ||
            !tunnel_open_to(ctx, cell, b->cell, side) ||
            rules_units_in(st, to, lnlt_other_side(side), them, 1) > 0 ||
            !rules_stacking_ok(ctx, st, to, side, group, &why))
            continue;
        int range = lnlt_hex_distance(rules_hex(ctx, cell), rules_hex(ctx, b->cell));
        if (best < 0 || range < best_range) {
            best = to;
            best_range = range;
        }
    }
    return best;
}

bool rules_cave_collapse(lnlt_step *s, int cell)
{
    const lnlt_ctx *ctx = s->ctx;
    lnlt_state *st = s->st;
    cell = lnlt_loc_cell(cell);
    if (!rules_cave_at(ctx, cell) || rules_cave_collapsed(st, cell))
        return true;
    int slot = -1;
    for (int i = 0; i < LNLT_MAX_FORTS && slot < 0; i++)
        if (st->fort[i].kind == LNLT_FORT_NONE)
            slot = i;
    if (slot < 0)
        return lnlt_error_set(s->err, "no room left for a Collapsed Entrance marker (%d markers)", LNLT_MAX_FORTS);
    /* the used slots stay packed at the front, as set-up and mid-game positions fill them */
    st->fort[slot].cell = (int16_t)cell;
    st->fort[slot].kind = LNLT_FORT_COLLAPSED;
    st->fort[slot].value = 0;
    char name[LNLT_HEX_ID_MAX], there[LNLT_HEX_ID_MAX], who[160];
    int inside = lnlt_location(cell, LNLT_FLOOR_BUNKER);
    lnlt_events_say(s->log, LNLT_EV_CHANGE, "10.7.2", "cave-collapsed",
                    "the cave in %s collapses: a Collapsed Entrance marker replaces it", rules_cell(s, cell, name));
    /* its occupants (one side: no melee inside, 10.7) go into the tunnel behind it */
    for (int side = LNLT_SIDE_1; side <= LNLT_SIDE_2; side++) {
        int ids[LNLT_MAX_UNITS];
        int n = rules_units_in(st, inside, side, ids, LNLT_MAX_UNITS);
        if (n == 0)
            continue;
        uint8_t group[LNLT_UNIT_BITS] = {0};
        for (int k = 0; k < n; k++)
            lnlt_bit_set(group, ids[k]);
        rules_labels(ctx, st, group, who, sizeof who);
        int to = refuge_for(ctx, st, cell, side, group);
        if (to < 0) {
            lnlt_events_say(s->log, LNLT_EV_RESULT, "10.7.2", "tunnel-eliminated",
                            "no tunnel leads %s to an open cave: eliminated", who);
            for (int k = 0; k < n; k++)
                rules_eliminate(s, ids[k]);
            continue;
        }
        for (int k = 0; k < n; k++) {
            rules_put_unit(st, ids[k], to);
            st->unit[ids[k]].marks |= LNLT_MARK_IN_TUNNEL;
        }
        lnlt_events_say(s->log, LNLT_EV_CHANGE, "10.7.2", "into-tunnel",
                        "%s go through the tunnel to %s (ruling R-CORE-125)", who, rules_cell(s, to, there));
    }
    return true;
}

/* ---- attacks from behind a cave's or bunker's front (10.7, 21.1.2) ---- */

bool rules_rear_attack(const lnlt_ctx *ctx, int from, int to)
{
    return to >= 0 && from >= 0 && lnlt_loc_floor(to) == LNLT_FLOOR_BUNKER && rules_bunker_at(ctx, to) &&
           lnlt_loc_cell(from) != lnlt_loc_cell(to) && !rules_in_bunker_front(ctx, to, from);
}

bool rules_rear_weapon(const lnlt_ctx *ctx, int to, int sw_kind)
{
    /* 21.1.2: a satchel reaches a bunker from any side; 10.7: a satchel or a mortar a cave */
    return sw_kind == LNLT_SWK_SATCHEL || (sw_kind == LNLT_SWK_MORTAR && rules_in_cave(ctx, to));
}

bool rules_has_rear_weapon(const lnlt_ctx *ctx, const lnlt_state *st, int unit, int to)
{
    if (rules_is_mortar_team(ctx, &st->unit[unit]))
        return rules_in_cave(ctx, to); /* 10.7: mortar teams attack a cave normally */
    for (int i = 0; i < st->sw_count; i++)
        if (st->sw[i].holder == unit && !(st->sw[i].flags & (LNLT_SW_JAMMED | LNLT_SW_USED)) &&
            rules_rear_weapon(ctx, to, rules_sw_type(ctx, &st->sw[i])->kind))
            return true;
    return false;
}

/* ---- attempts on an empty cave (10.7.2) ---- */

bool rules_empty_cave(const lnlt_ctx *ctx, const lnlt_state *st, int loc)
{
    int anyone[1];
    return rules_in_cave(ctx, loc) && !rules_cave_collapsed(st, loc) && rules_units_in(st, loc, 0, anyone, 1) == 0;
}

bool rules_has_collapse_weapon(const lnlt_ctx *ctx, const lnlt_state *st, int unit)
{
    for (int i = 0; i < st->sw_count; i++)
        if (st->sw[i].holder == unit && !(st->sw[i].flags & (LNLT_SW_JAMMED | LNLT_SW_USED)) &&
            rules_sw_collapses_caves(ctx, st, &i, 1))
            return true;
    return false;
}
