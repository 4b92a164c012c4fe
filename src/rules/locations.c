/*
 * locations.c: the floors of a hex as separate places (rules 10.2 multi-storey
 * buildings, 10.4.1 hexes within hexes, 10.6 rooftops). A location is a cell and a
 * floor (lnlt_loc in game.h); this file answers which locations exist, which touch,
 * what it costs to climb between them, and keeps the per-location Spotted and
 * Melee markers. Everything else in the engine works on locations through it, so
 * a map without upper floors or roofs plays exactly as before.
 */
#include "rules/internal.h"

/* The map layer knows ground, upper floor and roof; a bunker sits at its hex's
 * ground level (21.1: it does not change LOS). */
static lnlt_loc map_loc(const lnlt_ctx *ctx, int loc)
{
    int f = lnlt_loc_floor(loc);
    lnlt_loc l = {lnlt_map_hex_at(ctx->map, lnlt_loc_cell(loc)), (uint8_t)(f == LNLT_FLOOR_BUNKER ? 0 : f)};
    return l;
}

bool rules_loc_exists(const lnlt_ctx *ctx, int loc)
{
    int cell = lnlt_loc_cell(loc), level;
    if (!ctx->map || cell < 0 || cell >= lnlt_map_cells(ctx->map) || !lnlt_map_cell_exists(ctx->map, cell))
        return false;
    if (lnlt_loc_floor(loc) == LNLT_FLOOR_BUNKER) /* 21.1: where the scenario put one */
        return rules_bunker_at(ctx, cell) != NULL;
    return lnlt_loc_floor(loc) == LNLT_FLOOR_GROUND || lnlt_map_loc_level(ctx->map, map_loc(ctx, loc), &level);
}

const lnlt_bunker *rules_bunker_at(const lnlt_ctx *ctx, int cell)
{
    for (int i = 0; ctx->bunkers && i < ctx->bunkers->count && i < LNLT_MAX_BUNKERS; i++)
        if (ctx->bunkers->b[i].cell == lnlt_loc_cell(cell))
            return &ctx->bunkers->b[i];
    return NULL;
}

/* The highest floor inside the building of a cell (ground or upper). */
static int top_inside(const lnlt_ctx *ctx, int cell)
{
    return rules_loc_exists(ctx, lnlt_location(cell, LNLT_FLOOR_UPPER)) ? LNLT_FLOOR_UPPER : LNLT_FLOOR_GROUND;
}

bool rules_loc_adjacent(const lnlt_ctx *ctx, int a, int b)
{
    if (a < LNLT_MAX_CELLS && b < LNLT_MAX_CELLS) /* both on the ground: plain hex adjacency (the hot path) */
        return a >= 0 && b >= 0 && a != b && lnlt_hex_distance(rules_hex(ctx, a), rules_hex(ctx, b)) == 1;
    if (a == b || !rules_loc_exists(ctx, a) || !rules_loc_exists(ctx, b))
        return false;
    if (lnlt_loc_cell(a) == lnlt_loc_cell(b)) {
        /* 10.6: a rooftop touches the floor right under it; the floors inside one
         * hex are separate sub-hexes that do not (ruling R-CORE-41). 21.1: a
         * bunker and the ground around it fire at each other as if adjacent. */
        int fa = lnlt_loc_floor(a), fb = lnlt_loc_floor(b);
        if (fa == LNLT_FLOOR_BUNKER || fb == LNLT_FLOOR_BUNKER)
            return fa + fb == LNLT_FLOOR_BUNKER + LNLT_FLOOR_GROUND;
        int top = top_inside(ctx, lnlt_loc_cell(a));
        return (fa == LNLT_FLOOR_ROOF && fb == top) || (fb == LNLT_FLOOR_ROOF && fa == top);
    }
    return lnlt_map_loc_adjacent(ctx->map, map_loc(ctx, a), map_loc(ctx, b));
}

int rules_loc_neighbors(const lnlt_ctx *ctx, int loc, int *out, int cap)
{
    int n = 0, cell = lnlt_loc_cell(loc);
    if (cell < 0)
        return 0;
    lnlt_hex h = rules_hex(ctx, loc);
    for (int d = 0; d <= 6; d++) {
        int c = d == 0 ? cell : lnlt_map_index(ctx->map, lnlt_hex_neighbor(h, (lnlt_dir)d));
        if (c < 0)
            continue;
        for (int f = 0; f < LNLT_FLOORS; f++) {
            int other = lnlt_location(c, f);
            if (rules_loc_adjacent(ctx, loc, other)) {
                if (n < cap)
                    out[n] = other;
                n++;
            }
        }
    }
    return n;
}

int rules_climb_cost(const lnlt_ctx *ctx, int from, int to)
{
    if (lnlt_loc_cell(from) != lnlt_loc_cell(to) || from == to || !rules_loc_exists(ctx, from) ||
        !rules_loc_exists(ctx, to))
        return -1;
    int ff = lnlt_loc_floor(from), ft = lnlt_loc_floor(to);
    if (ff == LNLT_FLOOR_BUNKER || ft == LNLT_FLOOR_BUNKER) /* 21.1: 2 MP in or out, from the ground only */
        return ff + ft == LNLT_FLOOR_BUNKER + LNLT_FLOOR_GROUND ? 4 : -1;
    if (ff == LNLT_FLOOR_ROOF || ft == LNLT_FLOOR_ROOF) /* 10.6: 1 MP, only from the floor right under it */
        return (ff == LNLT_FLOOR_ROOF ? ft : ff) == top_inside(ctx, lnlt_loc_cell(from)) ? 2 : -1;
    return 4; /* 10.2: the staircase, 2 MP either way */
}

bool rules_same_building(const lnlt_ctx *ctx, int a, int b)
{
    int ba = lnlt_map_building_of(ctx->map, rules_hex(ctx, a));
    return ba >= 0 && ba == lnlt_map_building_of(ctx->map, rules_hex(ctx, b));
}

int rules_spot_partner(const lnlt_ctx *ctx, int loc)
{
    int cell = lnlt_loc_cell(loc), f = lnlt_loc_floor(loc);
    if (cell < 0 || lnlt_map_cell(ctx->map, cell)->building == LNLT_NO_BUILDING)
        return -1;
    /* 10.6.1: a rooftop and the floor right under it are spotted together. */
    int roof = lnlt_location(cell, LNLT_FLOOR_ROOF);
    if (f == LNLT_FLOOR_ROOF)
        return lnlt_location(cell, top_inside(ctx, cell));
    if (f == top_inside(ctx, cell) && rules_loc_exists(ctx, roof))
        return roof;
    return -1;
}

/* The byte set holding a location's bit in a marker kept per floor. */
static const uint8_t *loc_set(const uint8_t *ground, const uint8_t (*up)[LNLT_MAX_CELLS / 8], int loc)
{
    int f = lnlt_loc_floor(loc);
    return f == LNLT_FLOOR_GROUND ? ground : up[f - 1];
}

static void loc_put(uint8_t *ground, uint8_t (*up)[LNLT_MAX_CELLS / 8], int loc, bool on)
{
    int f = lnlt_loc_floor(loc);
    uint8_t *set = f == LNLT_FLOOR_GROUND ? ground : up[f - 1];
    if (on)
        lnlt_bit_set(set, lnlt_loc_cell(loc));
    else
        lnlt_bit_clear(set, lnlt_loc_cell(loc));
}

bool rules_spot_marker(const lnlt_state *st, int side, int loc)
{
    return loc >= 0 && lnlt_bit(loc_set(st->spotted[side], st->spotted_up[side], loc), lnlt_loc_cell(loc));
}

void rules_set_spot_marker(lnlt_state *st, int side, int loc)
{
    if (loc >= 0)
        loc_put(st->spotted[side], st->spotted_up[side], loc, true);
}

bool rules_melee_marker(const lnlt_state *st, int loc)
{
    return loc >= 0 && lnlt_bit(loc_set(st->melee, st->melee_up, loc), lnlt_loc_cell(loc));
}

void rules_set_melee_marker(lnlt_state *st, int loc, bool on)
{
    if (loc >= 0)
        loc_put(st->melee, st->melee_up, loc, on);
}

bool rules_melee_was_fought(const lnlt_state *st, int loc)
{
    return loc >= 0 && lnlt_bit(loc_set(st->melee_fought, st->melee_fought_up, loc), lnlt_loc_cell(loc));
}

void rules_set_melee_fought(lnlt_state *st, int loc)
{
    if (loc >= 0)
        loc_put(st->melee_fought, st->melee_fought_up, loc, true);
}

void rules_put_unit(lnlt_unit *u, int loc)
{
    u->cell = (int16_t)lnlt_loc_cell(loc);
    u->floor = (uint8_t)lnlt_loc_floor(loc);
}

void rules_put_sw(lnlt_sw *w, int loc)
{
    w->cell = (int16_t)lnlt_loc_cell(loc);
    w->floor = (uint8_t)lnlt_loc_floor(loc);
}

bool rules_leader_reaches(const lnlt_ctx *ctx, int from, int to)
{
    /* 4.0, 11.1.2 with 10.4.1: the locations next to him, and the floor right
     * above or below his own in his hex (ruling R-CORE-42). */
    if (rules_loc_adjacent(ctx, from, to))
        return true;
    int df = lnlt_loc_floor(from) - lnlt_loc_floor(to);
    return lnlt_loc_cell(from) == lnlt_loc_cell(to) && (df == 1 || df == -1) && rules_loc_exists(ctx, from) &&
           rules_loc_exists(ctx, to);
}

int rules_leader_range(const lnlt_ctx *ctx, int loc, int *out, int cap)
{
    int n = rules_loc_neighbors(ctx, loc, out, cap);
    for (int f = 0; f < LNLT_FLOORS; f++) {
        int other = lnlt_location(lnlt_loc_cell(loc), f);
        if (rules_leader_reaches(ctx, loc, other) && !rules_loc_adjacent(ctx, loc, other)) {
            if (n < cap)
                out[n] = other;
            n++;
        }
    }
    return n;
}

int rules_occupied(const lnlt_state *st, int side, int *out, int cap)
{
    uint8_t seen[LNLT_FLOORS * LNLT_MAX_CELLS / 8] = {0};
    int n = 0;
    for (int i = 0; i < st->unit_count; i++) {
        const lnlt_unit *u = &st->unit[i];
        int loc = lnlt_unit_loc(u);
        if (u->cell < 0 || (side && u->side != side) || lnlt_bit(seen, loc))
            continue;
        lnlt_bit_set(seen, loc);
        if (n < cap)
            out[n++] = loc;
    }
    /* insertion sort keeps the enumeration order independent of unit order */
    for (int i = 1; i < n; i++)
        for (int j = i; j > 0 && out[j - 1] > out[j]; j--) {
            int t = out[j];
            out[j] = out[j - 1];
            out[j - 1] = t;
        }
    return n;
}
