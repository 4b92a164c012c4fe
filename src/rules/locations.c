/*
 * locations.c: the floors of a hex as separate places (rules 10.2 multi-storey
 * buildings, 10.4.1 hexes within hexes, 10.6 rooftops). A location is a cell and a
 * floor (lnlt_loc in game.h); this file answers which locations exist, which touch,
 * what it costs to climb between them, and keeps the per-location Spotted and
 * Melee markers. Everything else in the engine works on locations through it, so
 * a map without upper floors or roofs plays exactly as before.
 */
#include <string.h>

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
    /* the map's floor table says which floors of a hex exist (lnlt_map_loc_level) */
    if (!ctx->map || loc < 0 || lnlt_loc_floor(loc) >= LNLT_FLOORS) /* a number past every floor */
        return false;
    if (lnlt_loc_floor(loc) == LNLT_FLOOR_BUNKER) { /* 21.1: where the scenario put one */
        if (!lnlt_map_cell_exists(ctx->map, lnlt_loc_cell(loc)) || !rules_bunker_at(ctx, lnlt_loc_cell(loc)))
            return false;
    } else if (!((lnlt_map_floors(ctx->map, lnlt_loc_cell(loc)) >> lnlt_loc_floor(loc)) & 1)) {
        return false;
    }
    /* 22.0: a hex outside the playable area is not in play */
    return !ctx->scenario || rules_in_play_area(ctx, lnlt_loc_cell(loc));
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
    if (rules_table_neighbors(ctx, loc, out, cap, &n)) /* tables.c: this very list */
        return n;
    if (cell < 0)
        return 0;
    for (int d = 0; d <= 6; d++) {
        int c = lnlt_map_neighbor(ctx->map, cell, d);
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

void rules_keep_spot_marker(lnlt_state *st, int loc)
{
    /* spotted[0] is no side's: it marks the locations whose Spotted markers stay
     * until the administrative phase (6.1.1, ruling R-CORE-70) */
    if (loc >= 0)
        loc_put(st->spotted[0], st->spotted_up[0], loc, true);
}

/* set &= occupied | keep over a floor's cells: three distinct arrays, so the
 * compiler works on them a vector at a time; read 64 cells a word, so a build
 * that counts every loop turn (the fuzz targets' coverage) counts 8, not 64. */
_Static_assert(LNLT_MAX_CELLS % 64 == 0, "a floor's cells are whole 64-bit words");
static inline void keep_marked(uint8_t *restrict set, const uint8_t *restrict occupied, const uint8_t *restrict keep)
{
    for (size_t i = 0; i < LNLT_MAX_CELLS / 8; i += sizeof(uint64_t)) {
        uint64_t s, o, k;
        memcpy(&s, set + i, sizeof s);
        memcpy(&o, occupied + i, sizeof o);
        memcpy(&k, keep + i, sizeof k);
        s &= o | k;
        memcpy(set + i, &s, sizeof s);
    }
}

void rules_spot_markers_sweep(lnlt_state *st)
{
    /* 10.1, 10.1.1: a Spotted marker goes once every unit has left its location or
     * been eliminated, except the assault-fire markers kept above (R-CORE-70).
     * A word at a time: this runs after every action. */
    for (int side = 1; side <= 2; side++) {
        int seen = lnlt_other_side(side); /* the marker shows `side` where `seen`'s units are */
        for (int f = 0; f < LNLT_FLOORS; f++) {
            uint8_t *set = f == LNLT_FLOOR_GROUND ? st->spotted[side] : st->spotted_up[side][f - 1];
            const uint8_t *keep = f == LNLT_FLOOR_GROUND ? st->spotted[0] : st->spotted_up[0][f - 1];
            const uint8_t *occupied = st->occupied[seen - 1][f]; /* the location index */
            keep_marked(set, occupied, keep);
        }
    }
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

/* ---- The units-by-location index (lnlt_state.by_loc, .by_loc_at) ----
 * The units on the map, sorted by (location, index), each entry with its
 * location beside it so a search reads one array. The key of a unit at a
 * location orders them. */
static inline int index_key(int loc, int unit) { return loc * 256 + unit; }
static inline int entry_key(const lnlt_state *st, int k) { return index_key(st->by_loc_at[k], st->by_loc[k]); }
_Static_assert(LNLT_MAX_UNITS <= 256 && LNLT_FLOORS * LNLT_MAX_CELLS <= 65536, "keys fit an int, locations a uint16");

/* The first position in by_loc whose key is at least `key`. */
static int index_lower_bound(const lnlt_state *st, int key)
{
    int lo = 0, hi = st->by_loc_count;
    while (lo < hi) {
        int mid = (lo + hi) / 2;
        if (entry_key(st, mid) < key)
            lo = mid + 1;
        else
            hi = mid;
    }
    return lo;
}

/* The first position in by_loc whose location is at least `loc` (the index is
 * sorted by location first: one array to read). */
static int index_first_at(const lnlt_state *st, int loc)
{
    int lo = 0, hi = st->by_loc_count;
    while (lo < hi) {
        int mid = (lo + hi) / 2;
        if (st->by_loc_at[mid] < loc)
            lo = mid + 1;
        else
            hi = mid;
    }
    return lo;
}

/* The occupied bit of a side at a location (sides 1 and 2; a floor the state
 * keeps markers for). */
static uint8_t *occupied_set(lnlt_state *st, int side, int loc)
{
    return side == LNLT_SIDE_1 || side == LNLT_SIDE_2 ? st->occupied[side - 1][lnlt_loc_floor(loc)] : NULL;
}

static void index_remove(lnlt_state *st, int unit)
{
    const uint8_t *at = memchr(st->by_loc, unit, st->by_loc_count);
    if (!at)
        return;
    int i = (int)(at - st->by_loc);
    memmove(&st->by_loc[i], &st->by_loc[i + 1], (size_t)(st->by_loc_count - i - 1));
    memmove(&st->by_loc_at[i], &st->by_loc_at[i + 1], sizeof st->by_loc_at[0] * (size_t)(st->by_loc_count - i - 1));
    st->by_loc_count--;
    st->by_loc[st->by_loc_count] = 0;
    st->by_loc_at[st->by_loc_count] = 0;
    /* the side still occupies the location if another of its units is there */
    const lnlt_unit *u = &st->unit[unit];
    int loc = lnlt_unit_loc(u), other[1];
    uint8_t *set = occupied_set(st, u->side, loc);
    if (set && rules_units_in(st, loc, u->side, other, 1) == 0)
        lnlt_bit_clear(set, lnlt_loc_cell(loc));
}

static void index_insert(lnlt_state *st, int unit)
{
    int loc = lnlt_unit_loc(&st->unit[unit]);
    int i = index_lower_bound(st, index_key(loc, unit));
    memmove(&st->by_loc[i + 1], &st->by_loc[i], (size_t)(st->by_loc_count - i));
    memmove(&st->by_loc_at[i + 1], &st->by_loc_at[i], sizeof st->by_loc_at[0] * (size_t)(st->by_loc_count - i));
    st->by_loc[i] = (uint8_t)unit;
    st->by_loc_at[i] = (uint16_t)loc;
    st->by_loc_count++;
    const lnlt_unit *u = &st->unit[unit];
    uint8_t *set = occupied_set(st, u->side, lnlt_unit_loc(u));
    if (set)
        lnlt_bit_set(set, u->cell);
}

void rules_index_rebuild(lnlt_state *st)
{
    memset(st->by_loc, 0, sizeof st->by_loc);
    memset(st->by_loc_at, 0, sizeof st->by_loc_at);
    memset(st->occupied, 0, sizeof st->occupied);
    st->by_loc_count = 0;
    for (int i = 0; i < st->unit_count; i++)
        if (st->unit[i].cell >= 0 && st->unit[i].floor < LNLT_FLOORS)
            index_insert(st, i);
}

bool rules_index_valid(const lnlt_state *st)
{
    int on_map = 0;
    uint8_t occupied[2][LNLT_FLOORS][LNLT_MAX_CELLS / 8];
    memset(occupied, 0, sizeof occupied);
    for (int i = 0; i < st->unit_count; i++) {
        const lnlt_unit *u = &st->unit[i];
        if (u->cell < 0)
            continue;
        if (u->floor >= LNLT_FLOORS)
            return false;
        on_map++;
        if (u->side == LNLT_SIDE_1 || u->side == LNLT_SIDE_2)
            lnlt_bit_set(occupied[u->side - 1][u->floor], u->cell);
    }
    if (on_map != st->by_loc_count || memcmp(occupied, st->occupied, sizeof occupied) != 0)
        return false;
    for (int k = 0; k < st->by_loc_count; k++) {
        int u = st->by_loc[k];
        if (u >= st->unit_count || st->unit[u].cell < 0 || st->by_loc_at[k] != lnlt_unit_loc(&st->unit[u]) ||
            (k > 0 && entry_key(st, k - 1) >= entry_key(st, k)))
            return false;
    }
    return true;
}

bool rules_side_in_scan(const lnlt_state *st, int loc, int side)
{
    int one[1];
    return rules_units_in(st, loc, side, one, 1) > 0;
}

const lnlt_state *rules_indexed(const lnlt_state *st, lnlt_state *spare)
{
    if (rules_index_valid(st))
        return st;
    lnlt_state_clone(spare, st);
    rules_index_rebuild(spare);
    return spare;
}

void rules_put_unit(lnlt_state *st, int unit, int loc)
{
    bool indexed = unit < st->unit_count;
    if (indexed)
        index_remove(st, unit);
    lnlt_unit *u = &st->unit[unit];
    u->cell = (int16_t)lnlt_loc_cell(loc);
    u->floor = (uint8_t)lnlt_loc_floor(loc);
    if (indexed && u->cell >= 0 && u->floor < LNLT_FLOORS)
        index_insert(st, unit);
}

void rules_unit_off_map(lnlt_state *st, int unit, int where)
{
    index_remove(st, unit);
    st->unit[unit].cell = (int16_t)where;
}

void rules_index_add(lnlt_state *st, int unit)
{
    if (st->unit[unit].cell >= 0 && st->unit[unit].floor < LNLT_FLOORS)
        index_insert(st, unit);
}

int rules_units_in(const lnlt_state *st, int loc, int side, int *out, int cap)
{
    int n = 0;
    if (loc < 0) { /* off the map (not indexed): a scan */
        for (int i = 0; i < st->unit_count; i++) {
            const lnlt_unit *u = &st->unit[i];
            if (lnlt_unit_loc(u) != loc || (side && u->side != side))
                continue;
            if (n < cap)
                out[n] = i;
            n++;
        }
        return n;
    }
    /* the occupied bits answer the many questions about empty locations */
    int floor = lnlt_loc_floor(loc), cell = lnlt_loc_cell(loc);
    if (floor < LNLT_FLOORS) {
        bool one = side == LNLT_SIDE_1 || side == LNLT_SIDE_2;
        if (one ? !lnlt_bit(st->occupied[side - 1][floor], cell)
                : side == 0 && !lnlt_bit(st->occupied[0][floor], cell) && !lnlt_bit(st->occupied[1][floor], cell))
            return 0;
    }
    for (int k = index_first_at(st, loc); k < st->by_loc_count && st->by_loc_at[k] == loc; k++) {
        if (side && st->unit[st->by_loc[k]].side != side)
            continue;
        if (n < cap)
            out[n] = st->by_loc[k];
        n++;
    }
    return n;
}

void rules_put_sw(lnlt_sw *w, int loc)
{
    w->cell = (int16_t)lnlt_loc_cell(loc);
    w->floor = (uint8_t)lnlt_loc_floor(loc);
}

/* 4.0, 21.1: a leader in a bunker reaches only the ground of his own hex, and a
 * leader next door reaches the units outside a bunker, not those inside. */
static bool bunker_out_of_reach(int from, int to)
{
    return (lnlt_loc_floor(from) == LNLT_FLOOR_BUNKER || lnlt_loc_floor(to) == LNLT_FLOOR_BUNKER) &&
           lnlt_loc_cell(from) != lnlt_loc_cell(to);
}

bool rules_leader_reaches(const lnlt_ctx *ctx, int from, int to)
{
    /* 4.0, 11.1.2 with 10.4.1: the locations next to him, and the floor right
     * above or below his own in his hex (ruling R-CORE-42). 4.0: a bunker's or a
     * cave's inside (both the bunker floor) and the hexes around its hex never
     * reach each other: a leader next door activates only those outside it, one
     * inside only his hex. */
    if (bunker_out_of_reach(from, to))
        return false;
    if (rules_loc_adjacent(ctx, from, to))
        return true;
    int df = lnlt_loc_floor(from) - lnlt_loc_floor(to);
    return lnlt_loc_cell(from) == lnlt_loc_cell(to) && (df == 1 || df == -1) && rules_loc_exists(ctx, from) &&
           rules_loc_exists(ctx, to);
}

int rules_leader_range(const lnlt_ctx *ctx, int loc, int *out, int cap)
{
    int n;
    if (rules_table_leader_range(ctx, loc, out, cap, &n)) /* tables.c: this very list */
        return n;
    int near[LNLT_FLOORS * 7];
    int nn = rules_loc_neighbors(ctx, loc, near, LNLT_FLOORS * 7);
    n = 0;
    for (int i = 0; i < nn && i < LNLT_FLOORS * 7; i++)
        if (!bunker_out_of_reach(loc, near[i])) { /* 4.0: not across a bunker's or cave's walls */
            if (n < cap)
                out[n] = near[i];
            n++;
        }
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
    /* the index is in location order: each location once, as it first appears */
    int n = 0, last = -1;
    for (int k = 0; k < st->by_loc_count && n < cap; k++) {
        const lnlt_unit *u = &st->unit[st->by_loc[k]];
        int loc = st->by_loc_at[k];
        if ((side && u->side != side) || loc == last)
            continue;
        out[n++] = last = loc;
    }
    return n;
}
