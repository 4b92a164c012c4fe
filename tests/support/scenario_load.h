/*
 * scenario_load.h: test helper that loads a scenario with the data/ catalog and
 * its first map into a ready lnlt_ctx, failing the test on any error.
 */
#ifndef LNLT_TEST_SCENARIO_LOAD_H
#define LNLT_TEST_SCENARIO_LOAD_H

#include "lnlt/data.h"
#include "lnlt/game.h"
#include "lnlt/map.h"
#include "lnlt/scenario.h"

typedef struct test_scenario {
    lnlt_catalog *cat;
    lnlt_map *map;
    lnlt_scenario *scn;
    lnlt_ctx ctx;
} test_scenario;

void test_scenario_load(test_scenario *l, const char *path);
void test_scenario_unload(test_scenario *l);
/* Cell of a hex id ("H5") on the scenario's map; fails the test if off the map. */
int test_cell(const test_scenario *l, const char *hex);

#endif
