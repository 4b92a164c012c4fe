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
