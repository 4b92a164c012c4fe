/*
 * terrain_counters.c: what the terrain counters of 10.5 do in play beyond the
 * chart rows the map layer already gives them (src/map/map_counters.c): the
 * Craters' TM on top of the hex's (10.5.5) and their hex being degrading for
 * spotting, never with Foxholes, no overrun into them (15.3); the tree-lined
 * road's +1 against fire not traced along the road and its spotting (10.5.3,
 * rulings R-CORE-100 and R-CORE-104), and its overrun only from the road (15.3).
 * Fords (10.5.2) and Roadblocks (10.5.4) are wholly chart rows: their hex takes
 * the ford or roadblock row, so cost, TM, LOS and spotting follow from it.
 */
#include "rules/internal.h"

int rules_crater_tm(const lnlt_ctx *ctx, int loc, lnlt_modifiers *mods)
{
    /* Craters lie on the ground: upper floors, roofs and a bunker's inside are
     * not in them (ruling R-CORE-103). */
    if (!ctx->map || lnlt_loc_floor(loc) != LNLT_FLOOR_GROUND)
        return 0;
    int tm = lnlt_map_crater_tm(ctx->map, lnlt_loc_cell(loc));
    if (tm && mods)
        lnlt_mods_add(mods, tm, "Craters", "10.5.5");
    return tm;
}

static bool tree_lined(const lnlt_ctx *ctx, int loc)
{
    return ctx->map && lnlt_loc_floor(loc) == LNLT_FLOOR_GROUND &&
           (lnlt_map_cell(ctx->map, lnlt_loc_cell(loc))->flags & LNLT_HEXF_TREE_LINED);
}

int rules_tree_lined_tm(const lnlt_ctx *ctx, int from, int to)
{
    if (!tree_lined(ctx, to) || from < 0)
        return 0;
    if (lnlt_loc_floor(from) == LNLT_FLOOR_GROUND &&
        lnlt_map_line_along_road(ctx->map, lnlt_loc_cell(from), lnlt_loc_cell(to)))
        return 0;
    const lnlt_terrain *row = lnlt_map_counter_row(ctx->map, LNLT_HEXC_TREE_ROW);
    return row ? row->tm : 1;
}

int rules_spot_class_from(const lnlt_ctx *ctx, const lnlt_state *st, int from, int loc)
{
    const lnlt_terrain *t = rules_terrain(ctx, st, loc);
    if (!t)
        return LNLT_LOS_BLOCKING;
    if (t->los != LNLT_LOS_OPEN || lnlt_loc_floor(loc) != LNLT_FLOOR_GROUND)
        return t->los;
    /* 10.5.5: Craters are degrading terrain for spotting */
    if (lnlt_map_crater_tm(ctx->map, lnlt_loc_cell(loc)) > 0)
        return LNLT_LOS_DEGRADING;
    /* 10.5.3: open seen exactly along the road, degrading otherwise */
    if (tree_lined(ctx, loc) && !(from >= 0 && lnlt_loc_floor(from) == LNLT_FLOOR_GROUND &&
                                  lnlt_map_line_along_road(ctx->map, lnlt_loc_cell(from), lnlt_loc_cell(loc))))
        return LNLT_LOS_DEGRADING;
    return LNLT_LOS_OPEN;
}

int rules_spot_terrain_class(const lnlt_ctx *ctx, const lnlt_state *st, int loc, int observer)
{
    int cls = rules_spot_class_from(ctx, st, -1, loc);
    if (cls != LNLT_LOS_DEGRADING || !tree_lined(ctx, loc) || lnlt_map_crater_tm(ctx->map, lnlt_loc_cell(loc)) > 0)
        return cls;
    /* Spotting here is a side's, so the tree-lined hex is open for the side as
     * soon as one of its units sees it exactly along the road (R-CORE-104). */
    int where[LNLT_MAX_UNITS];
    int n = observer > 0 ? rules_occupied(st, observer, where, LNLT_MAX_UNITS) : 0;
    for (int i = 0; i < n; i++) {
        lnlt_los_result los;
        if (rules_spot_class_from(ctx, st, where[i], loc) == LNLT_LOS_OPEN && rules_los(ctx, st, where[i], loc, &los) &&
            los.verdict != LNLT_LOS_BLOCKED)
            return LNLT_LOS_OPEN;
    }
    return LNLT_LOS_DEGRADING;
}

const char *rules_counter_overrun_barred(const lnlt_ctx *ctx, int from, int to)
{
    if (!ctx->map || lnlt_loc_floor(to) != LNLT_FLOOR_GROUND)
        return NULL;
    if (lnlt_map_crater_tm(ctx->map, lnlt_loc_cell(to)) > 0)
        return "Craters prevent an overrun (15.3, 10.5.5)";
    if (tree_lined(ctx, to) && (from < 0 || !lnlt_map_road_link_cells(ctx->map, lnlt_loc_cell(from), lnlt_loc_cell(to))))
        return "a tree-lined road hex is overrun only from the next road hex (15.3, 10.5.3)";
    return NULL;
}

bool rules_crater_barred_foxholes(const lnlt_ctx *ctx, int cell)
{
    return ctx->map && lnlt_map_crater_tm(ctx->map, lnlt_loc_cell(cell)) > 0;
}
