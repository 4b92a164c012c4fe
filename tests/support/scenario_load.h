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
/* Cell of a hex id ("H5", or a location "H5:upper") on an opened ctx's map; fails
 * the test if it names no place of the map. */
int test_ctx_cell(const lnlt_ctx *ctx, const char *hex);
/* Opens a scenario file as lnlt does (lnlt_ctx_open); fails the test on any error. */
void test_ctx_open(const char *path, lnlt_ctx *ctx);
/* The first unit of st whose catalog type is type_id; fails the test if none. */
int test_unit_of_type(const lnlt_ctx *ctx, const lnlt_state *st, const char *type_id);
/* The scenario started with dice seed `seed` and played past its set-up, each
 * placement the first legal one; fails the test if the set-up does not end. */
void test_past_setup(const lnlt_ctx *ctx, lnlt_state *st, uint64_t seed);
/* A side that holds its fire and stays put: pass, no fire or end the rally phase
 * when one is legal, else the first legal action; so an AI test reads the other
 * side's decisions, not the dice. */
lnlt_action test_stand_still(const lnlt_ctx *ctx, const lnlt_state *st);
/* Every unit of st except `a` and `b` taken off the map (eliminated): a position
 * for two units alone. */
void test_keep_only_two(lnlt_state *st, int a, int b);

#endif
