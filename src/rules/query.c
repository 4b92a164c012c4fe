/*
 * query.c: the rule answers the views need (lnlt/view.h) that only the rules
 * can give: whether a location is spotted for a side (10.1).
 */
#include "lnlt/view.h"
#include "rules/internal.h"

bool lnlt_location_spotted(const lnlt_ctx *ctx, const lnlt_state *st, int loc, int observer)
{
    if (!ctx->map || !ctx->catalog || observer < 1 || observer > 2 || !rules_loc_exists(ctx, loc))
        return false;
    return rules_spotted(ctx, st, loc, observer);
}

int lnlt_move_mp2_left(const lnlt_ctx *ctx, const lnlt_state *st)
{
    if (!st->move.active || !ctx->map || !ctx->catalog)
        return 0;
    return rules_stack_mp2_left(ctx, st);
}

int lnlt_next_placed_unit(const lnlt_ctx *ctx, const lnlt_state *st)
{
    if (!ctx->map || !ctx->catalog || !ctx->scenario)
        return -1;
    if (st->pending == LNLT_DECIDE_EVENT_PLACE)
        return rules_event_place_unit(ctx, st);
    if (st->phase == LNLT_PHASE_SETUP && !st->pending)
        return rules_next_setup_unit(ctx, st, st->to_act);
    return -1;
}

const char *lnlt_location_floor_name(const lnlt_ctx *ctx, int loc)
{
    static const char *const name[LNLT_FLOORS] = {"ground", "upper", "roof", "bunker"};
    if (rules_in_cave(ctx, loc))
        return "cave"; /* 10.7: the fourth floor of a cave's hex */
    return name[lnlt_loc_floor(loc) % LNLT_FLOORS];
}

bool lnlt_cave_collapsed(const lnlt_state *st, int cell) { return rules_cave_collapsed(st, cell); }

bool lnlt_location_exists(const lnlt_ctx *ctx, int loc)
{
    return ctx->map && loc >= 0 && lnlt_loc_cell(loc) < lnlt_map_cells(ctx->map) &&
           lnlt_map_cell_exists(ctx->map, lnlt_loc_cell(loc)) && rules_loc_exists(ctx, loc);
}
