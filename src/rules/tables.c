/*
 * tables.c: the engine's per-map tables (lnlt_tables, lnlt/game.h): for every
 * location of the map, the locations next to it (10.2, 10.4.1, 10.6; ruling
 * R-LOS-10) and those a leader there reaches (4.0, 11.1.2; ruling R-CORE-42); for
 * the scenario on that map, the hexes of each zone and of each map edge (22.0).
 * lnlt_ctx_open builds them once, so the rules read a list or a bit where they
 * would otherwise test every floor of every neighbouring hex, or a zone's
 * definition. Each entry is exactly what the rules compute without them (the
 * tables are built by asking them), in the same order.
 */
#include <stdlib.h>
#include <string.h>

#include "lnlt/scenario.h"
#include "rules/internal.h"

/* Lists of locations, one per location of the map, packed in one array. */
typedef struct loc_lists {
    int32_t *start; /* [slot], one more at the end; slot = floor * cells + cell */
    int16_t *loc;
} loc_lists;

struct lnlt_tables {
    const lnlt_map *map; /* the map they were built for */
    const struct lnlt_scenario *scenario; /* and the scenario (zones, edges), or NULL */
    int cells;
    loc_lists adjacent, leader;
    uint8_t zone[LNLT_SCN_ZONES][LNLT_MAX_CELLS / 8]; /* cells of each scenario zone */
    uint8_t edge[LNLT_MAX_CELLS];                    /* LNLT_EDGE_* bits of the edges a cell is on */
    uint8_t edge_set[16][LNLT_MAX_CELLS / 8];        /* [edges]: the cells on any of those edges */
};

static void lists_free(loc_lists *l)
{
    free(l->start);
    free(l->loc);
}

typedef int (*list_fn)(const lnlt_ctx *, int, int *, int);

static bool lists_build(const lnlt_ctx *bare, int cells, list_fn fn, loc_lists *l)
{
    int slots = LNLT_FLOORS * cells, used = 0, cap = 8 * slots + 8;
    l->start = malloc(sizeof *l->start * (size_t)(slots + 1));
    l->loc = malloc(sizeof *l->loc * (size_t)cap);
    if (!l->start || !l->loc)
        return false;
    for (int slot = 0; slot < slots; slot++) {
        int loc = lnlt_location(slot % cells, slot / cells), out[LNLT_FLOORS * 7 + 3];
        int n = rules_loc_exists(bare, loc) ? fn(bare, loc, out, (int)(sizeof out / sizeof out[0])) : 0;
        if (n > (int)(sizeof out / sizeof out[0]))
            return false;
        if (used + n > cap) {
            cap = 2 * (used + n);
            int16_t *more = realloc(l->loc, sizeof *more * (size_t)cap);
            if (!more)
                return false;
            l->loc = more;
        }
        l->start[slot] = used;
        for (int i = 0; i < n; i++)
            l->loc[used++] = (int16_t)out[i];
    }
    l->start[slots] = used;
    return true;
}

lnlt_tables *lnlt_tables_build(const lnlt_ctx *ctx, lnlt_error *err)
{
    if (!ctx->map) {
        lnlt_error_set(err, "no map to build tables for");
        return NULL;
    }
    lnlt_tables *t = calloc(1, sizeof *t);
    if (!t) {
        lnlt_error_set(err, "out of memory");
        return NULL;
    }
    lnlt_ctx bare = *ctx; /* the lists are computed without tables */
    bare.tables = NULL;
    t->map = ctx->map;
    t->cells = lnlt_map_cells(ctx->map);
    if (t->cells > LNLT_MAX_CELLS || !lists_build(&bare, t->cells, rules_loc_neighbors, &t->adjacent) ||
        !lists_build(&bare, t->cells, rules_leader_range, &t->leader)) {
        lnlt_tables_free(t);
        lnlt_error_set(err, "cannot build the engine's tables for this map");
        return NULL;
    }
    const lnlt_scenario *scn = ctx->scenario;
    if (scn) {
        static const uint8_t edges[4] = {LNLT_EDGE_N, LNLT_EDGE_E, LNLT_EDGE_S, LNLT_EDGE_W};
        const lnlt_map *maps[1] = {ctx->map};
        for (int c = 0; c < t->cells; c++) {
            if (!lnlt_map_cell_exists(ctx->map, c))
                continue;
            for (int z = 0; z < scn->zone_count && z < LNLT_SCN_ZONES; z++)
                if (lnlt_scenario_zone_has(scn, z, maps, 1, lnlt_map_hex_at(ctx->map, c)))
                    lnlt_bit_set(t->zone[z], c);
            for (int e = 0; e < 4; e++)
                if (rules_on_edge(&bare, c, edges[e]))
                    t->edge[c] |= edges[e];
        }
        for (int m = 0; m < 16; m++)
            for (int c = 0; c < t->cells; c++)
                if (t->edge[c] & m)
                    lnlt_bit_set(t->edge_set[m], c);
        t->scenario = scn;
    }
    return t;
}

void lnlt_tables_free(lnlt_tables *t)
{
    if (!t)
        return;
    lists_free(&t->adjacent);
    lists_free(&t->leader);
    free(t);
}

/* The list of a location, or NULL when the ctx has no tables for its map. */
static const int16_t *list_of(const lnlt_ctx *ctx, const loc_lists *(*pick)(const lnlt_tables *), int loc, int *n)
{
    const lnlt_tables *t = ctx->tables;
    int cell = lnlt_loc_cell(loc);
    if (!t || t->map != ctx->map || cell < 0 || cell >= t->cells || lnlt_loc_floor(loc) >= LNLT_FLOORS)
        return NULL;
    const loc_lists *l = pick(t);
    int slot = lnlt_loc_floor(loc) * t->cells + cell;
    *n = l->start[slot + 1] - l->start[slot];
    return l->loc + l->start[slot];
}

bool rules_zone_has(const lnlt_ctx *ctx, int zone, int loc)
{
    const lnlt_tables *t = ctx->tables;
    int cell = lnlt_loc_cell(loc);
    if (t && t->map == ctx->map && t->scenario == ctx->scenario && cell >= 0 && cell < t->cells &&
        lnlt_map_cell_exists(ctx->map, cell) && zone >= 0 && zone < ctx->scenario->zone_count && zone < LNLT_SCN_ZONES)
        return lnlt_bit(t->zone[zone], cell);
    return lnlt_scenario_zone_has(ctx->scenario, zone, &ctx->map, 1, rules_hex(ctx, cell));
}

bool rules_on_edge(const lnlt_ctx *ctx, int cell, int edge)
{
    const lnlt_tables *t = ctx->tables;
    if (t && t->map == ctx->map && t->scenario == ctx->scenario && cell >= 0 && cell < t->cells &&
        lnlt_map_cell_exists(ctx->map, cell))
        return (t->edge[cell] & edge) != 0;
    return rules_on_edge_compute(ctx, cell, edge);
}

bool rules_table_entry_cells(const lnlt_ctx *ctx, int zone, unsigned edges, uint8_t *out)
{
    const lnlt_tables *t = ctx->tables;
    if (!t || t->map != ctx->map || t->scenario != ctx->scenario || !ctx->scenario || zone >= ctx->scenario->zone_count ||
        zone >= LNLT_SCN_ZONES)
        return false;
    memcpy(out, t->edge_set[edges & 15], LNLT_MAX_CELLS / 8);
    for (int b = 0; zone >= 0 && b < LNLT_MAX_CELLS / 8; b++)
        out[b] |= t->zone[zone][b];
    return true;
}

static const loc_lists *adjacent_lists(const lnlt_tables *t) { return &t->adjacent; }
static const loc_lists *leader_lists(const lnlt_tables *t) { return &t->leader; }

static int copy_list(const int16_t *list, int n, int *out, int cap)
{
    for (int i = 0; i < n && i < cap; i++)
        out[i] = list[i];
    return n;
}

bool rules_table_neighbors(const lnlt_ctx *ctx, int loc, int *out, int cap, int *n)
{
    const int16_t *list = list_of(ctx, adjacent_lists, loc, n);
    if (list)
        copy_list(list, *n, out, cap);
    return list != NULL;
}

bool rules_table_leader_range(const lnlt_ctx *ctx, int loc, int *out, int cap, int *n)
{
    const int16_t *list = list_of(ctx, leader_lists, loc, n);
    if (list)
        copy_list(list, *n, out, cap);
    return list != NULL;
}
