/*
 * test_terrain_counters.c: the terrain counters and features of rule 10.5 through
 * the engine, with forced dice, on the bench map
 * tests/fixtures/maps/terrain_counters.json: Fords (10.5.2), Tree/Jungle-lined
 * Roads (10.5.3), Roadblocks (10.5.4) and Craters (10.5.5); their chart rows; the
 * scenario key "terrain_counters" that lays them (tests/fixtures/data/
 * scenario_terrain_counters.json) and the errors it gives for bad values. The
 * optional Fire rule (10.5.6) is tests/test_fire_markers.c's.
 */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <cmocka.h>

#include "lnlt/data.h"
#include "lnlt/game.h"
#include "lnlt/map.h"
#include "lnlt/scenario.h"
#include "lnlt/session.h"
#include "lnlt/snapshot.h"
#include "lnlt/view.h"
#include "support/board.h"
#include <jansson.h>

#define BENCH "tests/fixtures/maps/terrain_counters.json"

static int setup(void **state)
{
    (void)state;
    board_open(NULL, 0, BENCH);
    return 0;
}

static void lay(const char *hex, int kind)
{
    lnlt_error err;
    if (!lnlt_map_place_counter(T.map, board_cell(hex), kind, &err))
        fail_msg("%s: %s", hex, err.msg);
}

static lnlt_hex hx(const char *id)
{
    lnlt_hex h;
    char why[96];
    if (!lnlt_hex_parse(id, &h, why, sizeof why))
        fail_msg("%s", why);
    return h;
}

static int los_verdict(const char *a, const char *b)
{
    lnlt_los_result r;
    lnlt_loc fa = {hx(a), 0}, fb = {hx(b), 0};
    assert_true(lnlt_los(T.map, fa, fb, NULL, &r));
    return r.verdict;
}

static void expect_fire(const char *cmd, const char *dice, const char *needle)
{
    T.log.count = 0;
    board_play_loose(cmd, dice);
    board_expect_log(needle);
}

/* ---- the chart rows ---- */

static void rule_10_5_chart_rows(void **state)
{
    (void)state;
    const char *charts[] = {"data/terrain/wwii.json", "data/terrain/modern.json"};
    for (int i = 0; i < 2; i++) {
        static lnlt_tec tec;
        lnlt_error err;
        if (!lnlt_tec_load_file(charts[i], &tec, &err))
            fail_msg("%s", err.msg);
        const lnlt_terrain *ford = &tec.t[lnlt_tec_find(&tec, "ford")];
        const lnlt_terrain *rb = &tec.t[lnlt_tec_find(&tec, "roadblock")];
        const lnlt_terrain *cr = &tec.t[lnlt_tec_find(&tec, "craters")];
        const lnlt_terrain *tr = &tec.t[lnlt_tec_find(&tec, "tree_lined_road")];
        /* 10.5.2: 4 MP for all unit types, open, +1 */
        for (int m = 0; m < LNLT_MOVER_COUNT; m++)
            assert_int_equal(ford->mp2[m], 8);
        assert_int_equal(ford->los, LNLT_LOS_OPEN);
        assert_int_equal(ford->tm, 1);
        /* 10.5.4: blocking +2, 4 MP for Leg units, no vehicles; not whole-hex along its edge */
        assert_int_equal(rb->los, LNLT_LOS_BLOCKING);
        assert_int_equal(rb->tm, 2);
        assert_int_equal(rb->mp2[LNLT_MOVER_LEG], 8);
        assert_int_equal(rb->mp2[LNLT_MOVER_TRACKED], LNLT_MP_PROHIBITED);
        assert_int_equal(rb->mp2[LNLT_MOVER_OTHER], LNLT_MP_PROHIBITED);
        assert_int_equal(rb->mp2[LNLT_MOVER_ROAD], LNLT_MP_PROHIBITED);
        assert_true(rb->flags & LNLT_TF_NOT_WHOLE_HEX);
        assert_true(rb->flags & LNLT_TF_COST_IS_TOTAL);
        /* 10.5.5: degrading; +1 T and Leg, +2 O, R prohibited */
        assert_int_equal(cr->los, LNLT_LOS_DEGRADING);
        assert_int_equal(cr->mp2[LNLT_MOVER_LEG], 2);
        assert_int_equal(cr->mp2[LNLT_MOVER_TRACKED], 2);
        assert_int_equal(cr->mp2[LNLT_MOVER_OTHER], 4);
        assert_int_equal(cr->mp2[LNLT_MOVER_ROAD], LNLT_MP_PROHIBITED);
        /* 10.5.3: degrading with +1 off the road */
        assert_int_equal(tr->los, LNLT_LOS_DEGRADING);
        assert_int_equal(tr->tm, 1);
    }
}

/* A chart field the engine does not read is an error, not silently dropped. */
static void terrain_chart_unknown_keys_are_errors(void **state)
{
    (void)state;
    static lnlt_tec tec;
    lnlt_error err;
    assert_false(lnlt_tec_load_file("tests/fixtures/terrain/bad_unknown_key.json", &tec, &err));
    assert_non_null(strstr(err.msg, "$.caves: unknown field"));
    assert_false(lnlt_tec_load_file("tests/fixtures/terrain/bad_unknown_field.json", &tec, &err));
    assert_non_null(strstr(err.msg, "$.terrain[0].spotting: unknown field"));
}

/* ---- 10.5.2 Fords ---- */

static void rule_10_5_2_ford_crosses_the_river_at_four_mp(void **state)
{
    (void)state;
    /* without the ford the river is prohibited */
    assert_int_equal(lnlt_map_step_mp2(T.map, hx("D7"), hx("D8"), LNLT_MOVER_LEG), LNLT_MP_PROHIBITED);
    lay("D8", LNLT_HEXC_FORD);
    for (int m = 0; m < LNLT_MOVER_COUNT; m++)
        assert_int_equal(lnlt_map_step_mp2(T.map, hx("D7"), hx("D8"), (lnlt_mover)m), 8);
    board_add("us_abn_squad_254", 1, "D7");
    board_add("de_squad_164", 2, "N1");
    board_to_operations();
    board_play("activate D7", "");
    board_play("move D7", "");
    assert_false(board_legal("step C8")); /* the river beside the ford */
    board_play("step D8", "");
    board_expect_log("enters D8 (4 MP");
}

static void rule_10_5_2_ford_is_open_terrain_with_plus_one(void **state)
{
    (void)state;
    lay("D8", LNLT_HEXC_FORD);
    board_add("de_squad_164", 2, "D8");
    board_add("us_abn_squad_254", 1, "D4");
    board_to_operations();
    board_play("activate D4", "");
    /* open: seen from four hexes away without a spotting roll; +1 TM */
    assert_true(board_legal("fire D4 D8"));
    expect_fire("fire D4 D8", "4,4,6,6", "1d6 4 + TM 1 = 5");
}

/* ---- 10.5.3 Tree-lined roads ---- */

static void rule_10_5_3_tree_lined_road_los(void **state)
{
    (void)state;
    /* along the road: the trees do not count */
    assert_int_equal(los_verdict("G1", "G7"), LNLT_LOS_CLEAR);
    assert_int_equal(los_verdict("G10", "G2"), LNLT_LOS_CLEAR);
    assert_true(lnlt_map_line_along_road(T.map, board_cell("G1"), board_cell("G7")));
    /* across it: a degrading hex */
    assert_int_equal(los_verdict("E5", "I5"), LNLT_LOS_DEGRADED);
    assert_int_equal(los_verdict("F3", "H6"), LNLT_LOS_DEGRADED);
    /* from off the road to a road hex beyond: not along the road */
    assert_false(lnlt_map_line_along_road(T.map, board_cell("E5"), board_cell("G5")));
}

static void rule_10_5_3_tree_lined_road_tm_and_spotting(void **state)
{
    (void)state;
    board_add("de_squad_164", 2, "G5");
    board_add("us_abn_squad_254", 1, "D5");
    board_to_operations();
    board_play("activate D5", "");
    /* degrading for spotting when not seen along the road: no fire without a spot */
    assert_false(board_legal("fire D5 G5"));
    board_play("done", "");
    board_play("pass", "");
    /* a unit looking down the road sees it as open (R-CORE-104) */
    board_add("us_abn_squad_254", 1, "G1");
    board_play("activate G1", "");
    assert_true(board_legal("fire G1 G5"));
    /* along the road: open, TM 0 */
    expect_fire("fire G1 G5", "4,4,6,6", "1d6 4 + TM 0 = 4");
    assert_false(board_logged("Tree-lined"));
    board_play("done", "");
    board_play("pass", "");
    /* not along the road: +1 */
    board_play("activate D5", "");
    assert_true(board_legal("fire D5 G5"));
    expect_fire("fire D5 G5", "4,4,6,6", "1d6 4 + TM 1 = 5");
    board_expect_log("Tree-lined road");
}

static void rule_10_5_3_road_cost_between_tree_lined_hexes(void **state)
{
    (void)state;
    /* from one tree-lined road hex to the next: the Road's cost */
    const lnlt_terrain *road = &lnlt_map_tec(T.map)->t[lnlt_tec_find(lnlt_map_tec(T.map), "road")];
    assert_int_equal(lnlt_map_step_mp2(T.map, hx("G3"), hx("G4"), LNLT_MOVER_ROAD), road->mp2[LNLT_MOVER_ROAD]);
    assert_int_equal(lnlt_map_step_mp2(T.map, hx("G4"), hx("G5"), LNLT_MOVER_TRACKED), road->mp2[LNLT_MOVER_TRACKED]);
    /* from off the road: the hex's terrain (Clear along a road: the road hex's own row) */
    assert_int_equal(lnlt_map_step_mp2(T.map, hx("F4"), hx("G4"), LNLT_MOVER_ROAD),
                     lnlt_map_terrain(T.map, hx("G4"))->mp2[LNLT_MOVER_ROAD]);
}

static void rule_10_5_3_tree_lined_needs_a_road_through_open_ground(void **state)
{
    (void)state;
    lnlt_map *m = NULL;
    lnlt_error err;
    assert_false(lnlt_map_load_file("tests/fixtures/maps/bad/tree_lined_off_road.json", &m, &err));
    assert_non_null(strstr(err.msg, "only a road hex is tree-lined (10.5.3)"));
    assert_false(lnlt_map_load_file("tests/fixtures/maps/bad/tree_lined_in_woods.json", &m, &err));
    assert_non_null(strstr(err.msg, "R-CORE-101"));
}

/* ---- 10.5.4 Roadblocks ---- */

static void rule_10_5_4_roadblock_leg_units_only_at_four_mp(void **state)
{
    (void)state;
    lay("J5", LNLT_HEXC_ROADBLOCK);
    /* 4 MP in all, even from the next road hex; no vehicles */
    assert_int_equal(lnlt_map_step_mp2(T.map, hx("J4"), hx("J5"), LNLT_MOVER_LEG), 8);
    assert_int_equal(lnlt_map_step_mp2(T.map, hx("J4"), hx("J5"), LNLT_MOVER_TRACKED), LNLT_MP_PROHIBITED);
    assert_int_equal(lnlt_map_step_mp2(T.map, hx("J4"), hx("J5"), LNLT_MOVER_OTHER), LNLT_MP_PROHIBITED);
    assert_int_equal(lnlt_map_step_mp2(T.map, hx("J4"), hx("J5"), LNLT_MOVER_ROAD), LNLT_MP_PROHIBITED);
    board_add("us_abn_squad_254", 1, "J4");
    board_add("de_squad_164", 2, "A1");
    board_to_operations();
    board_play("activate J4", "");
    board_play("move J4", "");
    board_play("step J5", "");
    board_expect_log("enters J5 (4 MP");
}

static void rule_10_5_4_roadblock_blocks_los_with_plus_two(void **state)
{
    (void)state;
    assert_int_equal(los_verdict("H4", "L6"), LNLT_LOS_CLEAR);
    lay("J5", LNLT_HEXC_ROADBLOCK);
    /* blocking terrain in the line */
    assert_int_equal(los_verdict("H4", "L6"), LNLT_LOS_BLOCKED);
    /* a line along its hexside passes (here beside the woods of J6, which alone
     * would not block a line along its edge either) */
    assert_int_equal(los_verdict("I5", "K5"), LNLT_LOS_CLEAR);
    board_add("de_squad_164", 2, "J5");
    board_add("us_abn_squad_254", 1, "J4");
    board_to_operations();
    board_play("activate J4", "");
    expect_fire("fire J4 J5", "4,4,6,6", "1d6 4 + TM 2 = 6");
}

static void rule_10_5_4_roadblock_only_on_a_road(void **state)
{
    (void)state;
    lnlt_error err;
    assert_non_null(lnlt_map_counter_barred(T.map, board_cell("K5"), LNLT_HEXC_ROADBLOCK));
    assert_false(lnlt_map_place_counter(T.map, board_cell("K5"), LNLT_HEXC_ROADBLOCK, &err));
    assert_non_null(strstr(err.msg, "road hex only (10.5.4)"));
    assert_int_equal(lnlt_map_counter(T.map, board_cell("K5")), LNLT_HEXC_NONE);
    /* a Ford on dry land is refused too */
    assert_false(lnlt_map_place_counter(T.map, board_cell("K5"), LNLT_HEXC_FORD, &err));
    assert_non_null(strstr(err.msg, "River hex only (10.5.2)"));
}

/* ---- 10.5.5 Craters ---- */

static void rule_10_5_5_craters_add_their_tm_to_the_hex(void **state)
{
    (void)state;
    lay("M4", LNLT_HEXC_CRATER2);
    board_add("de_squad_164", 2, "M4");
    board_add("us_abn_squad_254", 1, "M5");
    board_to_operations();
    board_play("activate M5", "");
    /* Light Woods +1 and Craters +2 */
    expect_fire("fire M5 M4", "4,4,6,6", "1d6 4 + TM 3 = 7");
    board_expect_log("Craters");
}

static void rule_10_5_5_craters_cost_extra_mp(void **state)
{
    (void)state;
    lay("L3", LNLT_HEXC_CRATER1);
    /* Clear 1 MP + 1 for Leg and T, + 2 for O, R prohibited */
    assert_int_equal(lnlt_map_step_mp2(T.map, hx("L4"), hx("L3"), LNLT_MOVER_LEG), 4);
    assert_int_equal(lnlt_map_step_mp2(T.map, hx("L4"), hx("L3"), LNLT_MOVER_TRACKED), 4);
    assert_int_equal(lnlt_map_step_mp2(T.map, hx("L4"), hx("L3"), LNLT_MOVER_OTHER), 6);
    assert_int_equal(lnlt_map_step_mp2(T.map, hx("L4"), hx("L3"), LNLT_MOVER_ROAD), LNLT_MP_PROHIBITED);
    board_add("us_abn_squad_254", 1, "L4");
    board_add("de_squad_164", 2, "A1");
    board_to_operations();
    board_play("activate L4", "");
    board_play("move L4", "");
    board_play("step L3", "");
    board_expect_log("enters L3 (2 MP");
}

static void rule_10_5_5_craters_degrade_los_and_spotting(void **state)
{
    (void)state;
    assert_int_equal(los_verdict("L1", "L5"), LNLT_LOS_CLEAR);
    lay("L3", LNLT_HEXC_CRATER1);
    assert_int_equal(los_verdict("L1", "L5"), LNLT_LOS_DEGRADED);
    board_add("de_squad_164", 2, "L3");
    board_add("us_abn_squad_254", 1, "L6");
    board_to_operations();
    board_play("activate L6", "");
    /* a unit in Craters in open ground is not seen without a spotting roll */
    assert_false(board_legal("fire L6 L3"));
}

static void rule_10_5_5_craters_never_in_a_building(void **state)
{
    (void)state;
    assert_non_null(lnlt_map_counter_barred(T.map, board_cell("L8"), LNLT_HEXC_CRATER1));
    assert_non_null(lnlt_map_counter_barred(T.map, board_cell("D8"), LNLT_HEXC_CRATER2));
    assert_null(lnlt_map_counter_barred(T.map, board_cell("M4"), LNLT_HEXC_CRATER2));
    lay("M4", LNLT_HEXC_CRATER1);
    assert_non_null(strstr(lnlt_map_counter_barred(T.map, board_cell("M4"), LNLT_HEXC_CRATER2), "one per hex"));
}

/* 15.3: Craters prevent an overrun; a tree-lined road hex is overrun only from the
 * next road hex. */
static void vface(int unit, const char *a, const char *b)
{
    lnlt_error err;
    if (!lnlt_state_set_facing(&T.ctx, &T.st, unit, a, b, &err))
        fail_msg("%s", err.msg);
}

static void drive(int unit, const char *hex)
{
    char cmd[64];
    snprintf(cmd, sizeof cmd, "activate %s", hex);
    board_play(cmd, "");
    snprintf(cmd, sizeof cmd, "drive %s #%d", hex, unit);
    board_play(cmd, "");
}

static void rule_10_5_5_craters_prevent_an_overrun(void **state)
{
    (void)state;
    int brad = board_add("us_m2_bradley", 1, "L6");
    vface(brad, "L5", "M5");
    board_add("de_squad_164", 2, "L5");
    board_add("de_squad_164", 2, "M5");
    lay("L5", LNLT_HEXC_CRATER1);
    board_to_operations();
    drive(brad, "L6");
    assert_true(board_legal("overrun M5"));
    assert_false(board_legal("overrun L5"));
}

static void rule_10_5_3_tree_lined_overrun_only_from_the_road(void **state)
{
    (void)state;
    int brad = board_add("us_m2_bradley", 1, "F3");
    vface(brad, "G2", "G3");
    board_add("de_squad_164", 2, "G3");
    board_add("de_squad_164", 2, "G2");
    board_to_operations();
    drive(brad, "F3");
    assert_false(board_legal("overrun G3")); /* from F3, off the road */
    assert_true(board_legal("overrun G2"));  /* G2 is a plain road hex */
}

static void rule_10_5_5_no_foxholes_in_craters(void **state)
{
    (void)state;
    lnlt_error err;
    lay("L3", LNLT_HEXC_CRATER2);
    assert_true(lnlt_state_add_fort(&T.ctx, &T.st, "foxholes", "L3", &err) < 0);
    assert_non_null(strstr(err.msg, "no Foxholes in a hex with Craters (10.5.5)"));
    assert_true(lnlt_state_add_fort(&T.ctx, &T.st, "foxholes", "L4", &err) >= 0);
}

/* ---- the scenario key ---- */

static char *read_text(const char *path)
{
    FILE *f = fopen(path, "rb");
    assert_non_null(f);
    fseek(f, 0, SEEK_END);
    long n = ftell(f);
    fseek(f, 0, SEEK_SET);
    char *b = malloc((size_t)n + 1);
    assert_non_null(b);
    assert_int_equal(fread(b, 1, (size_t)n, f), (size_t)n);
    b[n] = 0;
    fclose(f);
    return b;
}

/* Loads the fixture scenario with its "terrain_counters" (the file's last key)
 * replaced by `counters`, and Foxholes fortifications when `forts` is given;
 * checks it against the bench map and lays it there. The first error, or "". */
static const char *load_with(const char *counters, const char *forts, lnlt_scenario **keep)
{
    static char msg[LNLT_ERROR_MAX];
    char *text = read_text("tests/fixtures/data/scenario_terrain_counters.json");
    char *at = strstr(text, "\"terrain_counters\"");
    assert_non_null(at);
    *at = 0;
    char buf[8192];
    snprintf(buf, sizeof buf, "%s\"terrain_counters\": %s%s%s}", text, counters, forts ? ", \"fortifications\": " : "",
             forts ? forts : "");
    free(text);
    lnlt_catalog *cat = NULL;
    lnlt_scenario *s = NULL;
    lnlt_error err = {{0}};
    msg[0] = 0;
    assert_true(lnlt_catalog_load_dir("data", &cat, &err));
    if (!lnlt_scenario_load_json("t", buf, strlen(buf), cat, &s, &err) ||
        !lnlt_scenario_check_board(s, cat, "t", (const lnlt_map *const *)&T.map, 1, &err) ||
        !lnlt_scenario_prepare(s, cat, T.map, &err))
        snprintf(msg, sizeof msg, "%s", err.msg);
    if (keep && !msg[0])
        *keep = s;
    else
        lnlt_scenario_free(s);
    lnlt_catalog_free(cat);
    return msg;
}

static void rule_10_5_terrain_counters_of_a_scenario(void **state)
{
    (void)state;
    lnlt_scenario *s = NULL;
    const char *why = load_with("[{\"type\": \"ford\", \"hex\": \"96D8\"}, {\"type\": \"roadblock\", \"hex\": \"96J5\"},"
                                " {\"type\": \"craters\", \"hex\": \"96M4\", \"tm\": 2},"
                                " {\"type\": \"craters\", \"hex\": \"96L3\", \"tm\": 1}]",
                                NULL, &s);
    assert_string_equal(why, "");
    assert_int_equal(lnlt_map_counter(T.map, board_cell("D8")), LNLT_HEXC_FORD);
    assert_string_equal(lnlt_map_terrain(T.map, hx("D8"))->id, "ford");
    assert_int_equal(lnlt_map_counter(T.map, board_cell("J5")), LNLT_HEXC_ROADBLOCK);
    assert_int_equal(lnlt_map_crater_tm(T.map, board_cell("M4")), 2);
    assert_int_equal(lnlt_map_crater_tm(T.map, board_cell("L3")), 1);
    /* a position saved as a scenario keeps them */
    lnlt_catalog *cat = NULL;
    lnlt_error err;
    assert_true(lnlt_catalog_load_dir("data", &cat, &err));
    char *saved = lnlt_scenario_save(s, cat);
    assert_non_null(saved);
    assert_non_null(strstr(saved, "\"terrain_counters\""));
    lnlt_scenario *back = NULL;
    assert_true(lnlt_scenario_load_json("saved", saved, strlen(saved), cat, &back, &err));
    assert_int_equal(back->counter_count, 4);
    for (int i = 0; i < 4; i++) {
        assert_int_equal(back->counter[i].kind, s->counter[i].kind);
        assert_true(lnlt_hex_equal(back->counter[i].hex, s->counter[i].hex));
    }
    free(saved);
    lnlt_scenario_free(back);
    lnlt_scenario_free(s);
    lnlt_catalog_free(cat);
}

static void rule_10_5_terrain_counters_bad_values(void **state)
{
    (void)state;
    static const struct {
        const char *counters, *fort, *error;
    } cases[] = {
        {"[{\"type\": \"ford\", \"hex\": \"96K5\"}]", NULL, "River hex only (10.5.2)"},
        {"[{\"type\": \"roadblock\", \"hex\": \"96K5\"}]", NULL, "road hex only (10.5.4)"},
        {"[{\"type\": \"craters\", \"hex\": \"96K5\"}]", NULL, "tm"},
        {"[{\"type\": \"craters\", \"hex\": \"96K5\", \"tm\": 3}]", NULL, "tm"},
        {"[{\"type\": \"roadblock\", \"hex\": \"96J5\", \"tm\": 1}]", NULL, "only craters carry a \"tm\""},
        {"[{\"type\": \"bridge\", \"hex\": \"96J5\"}]", NULL, "type"},
        {"[{\"type\": \"ford\", \"hex\": \"96D8\", \"level\": 2}]", NULL, "level"},
        {"[{\"type\": \"craters\", \"hex\": \"96L8\", \"tm\": 1}]", NULL, "building"},
        {"[{\"type\": \"craters\", \"hex\": \"96K5\", \"tm\": 1}, {\"type\": \"ford\", \"hex\": \"96K5\"}]", NULL,
         "one per hex"},
        {"[{\"type\": \"craters\", \"hex\": \"96K5\", \"tm\": 1}]", "[{\"type\": \"foxholes\", \"hex\": \"96K5\"}]",
         "Craters (10.5.5)"},
        {"[{\"type\": \"ford\", \"hex\": \"96Z5\"}]", NULL, "hex"},
    };
    for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++) {
        const char *why = load_with(cases[i].counters, cases[i].fort, NULL);
        print_message("  %s -> %s\n", cases[i].counters, why);
        assert_true(why[0] != 0);
        assert_non_null(strstr(why, cases[i].error));
        /* nothing was laid */
        assert_int_equal(lnlt_map_counter(T.map, board_cell("K5")), LNLT_HEXC_NONE);
    }
}


/* A scenario on a shipped map, opened as a game: the counters lie on the game's
 * own map (its LOS table built after them) and the view lists them. */
static void rule_10_5_terrain_counters_in_a_game_and_its_view(void **state)
{
    (void)state;
    lnlt_error err;
    lnlt_catalog *cat = NULL;
    lnlt_scenario *scn = NULL;
    assert_true(lnlt_catalog_load_dir("data", &cat, &err));
    if (!lnlt_scenario_load_file("tests/fixtures/data/scenario_terrain_map15.json", cat, &scn, &err) ||
        !lnlt_scenario_check_maps(scn, cat, "t", "data/maps", &err))
        fail_msg("%s", err.msg);
    lnlt_scenario_free(scn);
    lnlt_catalog_free(cat);
    static lnlt_session s;
    if (!lnlt_session_open(&s, "tests/fixtures/data/scenario_terrain_map15.json", 1, &err))
        fail_msg("%s", err.msg);
    const lnlt_map *m = s.ctx.map;
    assert_int_equal(lnlt_map_counter(m, lnlt_map_index(m, hx("15H5"))), LNLT_HEXC_ROADBLOCK);
    assert_int_equal(lnlt_map_crater_tm(m, lnlt_map_index(m, hx("15L5"))), 2);
    /* the shared map15 of other games is untouched */
    lnlt_map *plain = NULL;
    assert_true(lnlt_map_load_file("data/maps/map15.json", &plain, &err));
    assert_int_equal(lnlt_map_counter(plain, lnlt_map_index(plain, hx("15H5"))), LNLT_HEXC_NONE);
    lnlt_map_free(plain);
    /* the roadblock blocks the road: H3 to H7 along column H (with the table) */
    lnlt_los_result r;
    lnlt_loc a = {hx("15H3"), 0}, b = {hx("15H7"), 0};
    assert_true(!lnlt_los(m, a, b, NULL, &r) || r.verdict == LNLT_LOS_BLOCKED);
    json_t *v = lnlt_view_json(&s, 1);
    char *text = json_dumps(v, JSON_COMPACT);
    assert_non_null(strstr(text, "{\"marker\":\"roadblock\",\"location\":\"H5\",\"rule\":\"10.5.4\"}"));
    assert_non_null(strstr(text, "{\"marker\":\"craters\",\"location\":\"L5\",\"tm\":2,\"rule\":\"10.5.5\"}"));
    free(text);
    json_decref(v);
    lnlt_session_close(&s);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(rule_10_5_chart_rows),
        cmocka_unit_test(terrain_chart_unknown_keys_are_errors),
        cmocka_unit_test_setup_teardown(rule_10_5_2_ford_crosses_the_river_at_four_mp, setup, board_teardown),
        cmocka_unit_test_setup_teardown(rule_10_5_2_ford_is_open_terrain_with_plus_one, setup, board_teardown),
        cmocka_unit_test_setup_teardown(rule_10_5_3_tree_lined_road_los, setup, board_teardown),
        cmocka_unit_test_setup_teardown(rule_10_5_3_tree_lined_road_tm_and_spotting, setup, board_teardown),
        cmocka_unit_test_setup_teardown(rule_10_5_3_road_cost_between_tree_lined_hexes, setup, board_teardown),
        cmocka_unit_test_setup_teardown(rule_10_5_3_tree_lined_needs_a_road_through_open_ground, setup, board_teardown),
        cmocka_unit_test_setup_teardown(rule_10_5_4_roadblock_leg_units_only_at_four_mp, setup, board_teardown),
        cmocka_unit_test_setup_teardown(rule_10_5_4_roadblock_blocks_los_with_plus_two, setup, board_teardown),
        cmocka_unit_test_setup_teardown(rule_10_5_4_roadblock_only_on_a_road, setup, board_teardown),
        cmocka_unit_test_setup_teardown(rule_10_5_5_craters_add_their_tm_to_the_hex, setup, board_teardown),
        cmocka_unit_test_setup_teardown(rule_10_5_5_craters_cost_extra_mp, setup, board_teardown),
        cmocka_unit_test_setup_teardown(rule_10_5_5_craters_degrade_los_and_spotting, setup, board_teardown),
        cmocka_unit_test_setup_teardown(rule_10_5_5_craters_never_in_a_building, setup, board_teardown),
        cmocka_unit_test_setup_teardown(rule_10_5_5_craters_prevent_an_overrun, setup, board_teardown),
        cmocka_unit_test_setup_teardown(rule_10_5_3_tree_lined_overrun_only_from_the_road, setup, board_teardown),
        cmocka_unit_test_setup_teardown(rule_10_5_5_no_foxholes_in_craters, setup, board_teardown),
        cmocka_unit_test_setup_teardown(rule_10_5_terrain_counters_of_a_scenario, setup, board_teardown),
        cmocka_unit_test_setup_teardown(rule_10_5_terrain_counters_bad_values, setup, board_teardown),
        cmocka_unit_test(rule_10_5_terrain_counters_in_a_game_and_its_view),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
