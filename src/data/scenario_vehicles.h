/*
 * scenario_vehicles.h: the vehicle, ordnance and fortification parts of scenario
 * files (scenario_vehicles.c), called by scenario.c. Internal to src/data.
 */
#ifndef LNLT_DATA_SCENARIO_VEHICLES_H
#define LNLT_DATA_SCENARIO_VEHICLES_H

#include <jansson.h>

#include "data/jread.h"
#include "lnlt/scenario.h"

/* Top-level "fortifications" (21.1-21.4) and "artillery" (18.2). */
bool scn_read_fortifications(jr *r, lnlt_scenario *s, json_t *root);
bool scn_read_artillery(jr *r, lnlt_scenario *s, json_t *root);
/* A mid-game unit's "buttoned", "aboard", "outside" and "acquiring" (unit i of st,
 * its type, hex and facing already read; "hex" may be absent when "aboard"). */
bool scn_read_unit_vehicle_state(jr *r, const lnlt_catalog *cat, lnlt_scn_state *st, int i, json_t *e);
/* After every unit is read (`units`: their JSON array): passengers' vehicles (they
 * take its hex), acquisition targets, the number of vehicle slots. */
bool scn_check_vehicle_state(jr *r, const lnlt_catalog *cat, lnlt_scn_state *st, json_t *units);
/* A mid-game unit on the "bunker" floor is in a hex with a bunker (21.1). */
bool scn_check_bunker_floors(jr *r, const lnlt_scenario *s);
void scn_save_fortifications(json_t *o, const lnlt_scenario *s);
void scn_save_unit_vehicle_state(json_t *y, const lnlt_scenario *s, const lnlt_scn_unit_state *u);

#endif
