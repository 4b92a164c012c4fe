/*
 * scenario_terrain.h: the "terrain_counters" part of scenario files
 * (scenario_terrain.c: 10.5.2 Fords, 10.5.4 Roadblocks, 10.5.5 Craters), called
 * by scenario.c and scenario_check.c. Internal to src/data.
 */
#ifndef LNLT_DATA_SCENARIO_TERRAIN_H
#define LNLT_DATA_SCENARIO_TERRAIN_H

#include <jansson.h>

#include "data/jread.h"
#include "lnlt/map.h"
#include "lnlt/scenario.h"

bool scn_read_terrain_counters(jr *r, lnlt_scenario *s, json_t *root);
void scn_save_terrain_counters(json_t *o, const lnlt_scenario *s);
/* Against the first map of the board (the one the game plays on): each counter
 * on it, where its rule lets it lie, and no Foxholes with Craters (10.5.5). */
bool scn_check_terrain_counters(const lnlt_scenario *s, const lnlt_map *map, const char *name, lnlt_error *err);
/* Lays the counters on the game's private map (lnlt_scenario_prepare). */
bool scn_place_terrain_counters(const lnlt_scenario *s, lnlt_map *map, lnlt_error *err);

#endif
