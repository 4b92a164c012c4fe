/*
 * test_tec.c: the terrain effects charts row by row (the WWII and Modern TECs of
 * the v5.1 book and the starter kit). First the data: every row's LOS class, MP
 * columns, TM and obstacle height as the chart prints them. Then the effects the
 * engine draws from the chart, through the engine with forced dice on the bench
 * map tests/fixtures/maps/tec_wwii.json: the Wall's TM against fire across it
 * (10.4), the Hedge that cancels the moving-target bonus, the Hill's TM against
 * fire from below and its MP to climb, the Road's MP from one road hex to the
 * next, the morale check's -2 behind a wall or uphill (1.5.1, 3.0), the Smoke row's
 * TM. docs/conformance.md ("Terrain effects charts") lists each row and its test.
 */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <string.h>
#include <cmocka.h>

#include "lnlt/data.h"
#include "lnlt/game.h"
#include "lnlt/map.h"
#include "support/board.h"

#define P LNLT_MP_PROHIBITED
#define T_ LNLT_HEIGHT_PER_TERRAIN

/* One printed row: MP as half points (Road's 1/2 is 1), P prohibited; height in
 * half levels (T_ = "per terrain height"); -9 = the row leaves it to the other
 * terrain (counters without an MP column). */
typedef struct chart_row {
    const char *id;
    int los, kind;
    int tracked, other, road, leg;
    int tm, height;
} chart_row;

static void check_rows(const char *path, const chart_row *rows, int n)
{
    static lnlt_tec tec;
    lnlt_error err;
    if (!lnlt_tec_load_file(path, &tec, &err))
        fail_msg("%s", err.msg);
    for (int i = 0; i < n; i++) {
        const chart_row *r = &rows[i];
        int k = lnlt_tec_find(&tec, r->id);
        if (k < 0)
            fail_msg("%s: no row %s", path, r->id);
        const lnlt_terrain *t = &tec.t[k];
        print_message("  %s %s\n", path, r->id);
        assert_int_equal(t->los, r->los);
        assert_int_equal(t->kind, r->kind);
        assert_int_equal(t->tm, r->tm);
        assert_int_equal(t->height2, r->height);
        if (r->leg != -9) {
            assert_int_equal(t->mp2[LNLT_MOVER_TRACKED], r->tracked);
            assert_int_equal(t->mp2[LNLT_MOVER_OTHER], r->other);
            assert_int_equal(t->mp2[LNLT_MOVER_ROAD], r->road);
            assert_int_equal(t->mp2[LNLT_MOVER_LEG], r->leg);
        }
    }
}

enum { O = LNLT_LOS_OPEN, D = LNLT_LOS_DEGRADING, B = LNLT_LOS_BLOCKING };
enum { HX = LNLT_TK_HEX, SD = LNLT_TK_HEXSIDE, CT = LNLT_TK_COUNTER };

/* The WWII chart (v5.1 "WW2 Terrain Target Modifier Chart"). Heights: a printed
 * "Level-0" on terrain that affects LOS is half a level (ruling R-LOS-01). */
static void tec_wwii_chart_rows(void **state)
{
    (void)state;
    static const chart_row rows[] = {
        {"bocage", B, SD, 18, P, P, 8, 3, 2},
        {"bridge", O, HX, 2, 2, 1, 2, 0, 0},
        {"brush", D, HX, 2, 2, 4, 2, 0, T_},
        {"cemetery", D, HX, P, P, P, 2, 2, T_},
        {"clear", O, HX, 2, 2, 4, 2, 0, 0},
        {"forest", B, HX, P, P, P, 4, 2, 4},
        {"hedge", B, SD, 0, 6, 8, 2, 0, T_},
        {"light_woods", D, HX, 8, 12, 16, 4, 1, 2},
        {"low_crops", D, HX, 2, 2, 6, 2, 0, T_},
        {"marsh", D, HX, P, P, P, 4, 1, T_},
        {"river", O, HX, P, P, P, P, 0, T_},
        {"road", O, HX, 2, 2, 1, 2, 0, T_},
        {"hc_building", B, HX, P, P, P, 4, 4, 2},
        {"wall", B, SD, 2, P, P, 2, 1, T_},
        {"wheat_field", B, HX, 4, 4, 12, 4, 0, T_},
        {"lc_building", B, HX, 12, 24, P, 4, 3, 2},
        {"rubble", D, CT, 8, P, P, 6, 3, 2},
        {"smoke", B, CT, 0, 0, 0, -9, 1, 4},
        {"wire", O, CT, 4, 8, 12, 8, 0, T_},
        {"wreck", D, CT, 0, 0, 0, -9, 2, T_},
        {"foxholes", O, CT, 0, 0, 0, -9, 1, T_},
        {"bunker", O, CT, 0, 0, 0, -9, 2, T_},
    };
    check_rows("data/terrain/wwii.json", rows, (int)(sizeof rows / sizeof rows[0]));
    static lnlt_tec tec;
    lnlt_error err;
    assert_true(lnlt_tec_load_file("data/terrain/wwii.json", &tec, &err));
    /* Hill: +1 vs direct fire from below; +1 MP (R: +2) a level up, +2 two up, +1 two down */
    assert_int_equal(tec.hill_tm, 1);
    assert_int_equal(tec.climb1_mp2[LNLT_MOVER_LEG], 2);
    assert_int_equal(tec.climb1_mp2[LNLT_MOVER_ROAD], 4);
    assert_int_equal(tec.climb2_mp2[LNLT_MOVER_LEG], 4);
    assert_int_equal(tec.descend2_mp2[LNLT_MOVER_LEG], 2);
    /* Notes the engine acts on */
    assert_true(tec.t[lnlt_tec_find(&tec, "brush")].flags & LNLT_TF_NO_MOVING_BONUS);
    assert_true(tec.t[lnlt_tec_find(&tec, "low_crops")].flags & LNLT_TF_NO_MOVING_BONUS);
    assert_true(tec.t[lnlt_tec_find(&tec, "wheat_field")].flags & LNLT_TF_NO_MOVING_BONUS);
    assert_true(tec.t[lnlt_tec_find(&tec, "hedge")].flags & LNLT_TF_CROSS_NO_MOVING_BONUS);
    assert_true(tec.t[lnlt_tec_find(&tec, "wall")].flags & LNLT_TF_NO_INDIRECT_TM);
    assert_true(tec.t[lnlt_tec_find(&tec, "hedge")].flags & LNLT_TF_NO_INDIRECT_TM);
    assert_true(tec.t[lnlt_tec_find(&tec, "marsh")].flags & LNLT_TF_NO_WT);
    assert_true(tec.t[lnlt_tec_find(&tec, "smoke")].flags & LNLT_TF_BLOCKS_ALONG);
    assert_true(tec.t[lnlt_tec_find(&tec, "rubble")].flags & LNLT_TF_NOT_WHOLE_HEX);
    assert_true(tec.t[lnlt_tec_find(&tec, "wreck")].flags & LNLT_TF_NOT_WHOLE_HEX);
    assert_int_equal(tec.t[lnlt_tec_find(&tec, "hc_building")].height2_multistory, 4);
}

/* The Modern chart ("Modern Era Terrain Effects Chart"). */
static void tec_modern_chart_rows(void **state)
{
    (void)state;
    static const chart_row rows[] = {
        {"hc_building", B, HX, P, P, P, 4, 4, 2},
        {"lc_building", B, HX, 12, 24, P, 4, 3, 2},
        {"bamboo_hut", B, HX, 8, 18, 24, 4, 1, 2},
        {"wall", B, SD, 2, P, P, 2, 1, T_},
        {"kunai_grass", B, HX, 2, 2, 4, 4, 0, 2},
        {"rice_paddy", O, HX, P, P, P, 4, 1, T_},
        {"heavy_jungle", B, HX, P, P, P, 4, 2, 4},
        {"light_jungle", D, HX, 8, 12, 16, 4, 1, 2},
        {"brush", D, HX, 2, 2, 4, 2, 0, T_},
        {"clear", O, HX, 2, 2, 4, 2, 0, 0},
        {"rubble", D, CT, 8, P, P, 6, 3, 2},
        {"soccer_field", O, HX, 2, 2, 2, 2, 0, 0},
        {"soccer_stands", D, HX, P, P, P, 4, 2, 2},
        {"road", O, HX, 2, 2, 1, 2, 0, T_},
        {"wire", O, CT, 4, 8, 12, 8, 0, T_},
        {"smoke", B, CT, 0, 0, 0, -9, 1, 4},
        {"wreck", D, CT, 0, 0, 0, -9, 2, T_},
        {"pool", O, HX, P, P, P, P, 0, 0},
        {"foxholes", O, CT, 0, 0, 0, -9, 1, T_},
    };
    check_rows("data/terrain/modern.json", rows, (int)(sizeof rows / sizeof rows[0]));
    static lnlt_tec tec;
    lnlt_error err;
    assert_true(lnlt_tec_load_file("data/terrain/modern.json", &tec, &err));
    /* VC and NVA exceptions printed on the chart */
    const lnlt_terrain *hj = &tec.t[lnlt_tec_find(&tec, "heavy_jungle")];
    const lnlt_terrain *lj = &tec.t[lnlt_tec_find(&tec, "light_jungle")];
    assert_int_equal(hj->noverride, 2);
    assert_true(hj->flags & LNLT_TF_STACKING_LIMIT);
    assert_int_equal(lj->noverride, 1);
    assert_string_equal(lj->override[0].nation, "VC");
    assert_int_equal(lj->override[0].tm, 2);
    assert_int_equal(lj->override[0].leg_mp2, 2);
    assert_int_equal(tec.t[lnlt_tec_find(&tec, "soccer_stands")].unit_level, 1);
    assert_int_equal(tec.hill_tm, 1);
    assert_int_equal(tec.climb1_mp2[LNLT_MOVER_LEG], 2);
}

/* ---- every hex row through the engine ----
 * On a map holding one hex of each hex terrain of a chart (row 3, clear row 4 south
 * of it), a squad steps in from the south at the chart's Leg cost (or may not: P),
 * and an enemy squad south of it then fires: the defender adds the row's TM, and
 * the +1 against the unit that just moved counts unless the row cancels it. */
static void rows_through_engine(const char *map, const char *mover, const char *firer)
{
    board_open(NULL, 0, map);
    int cols, rows;
    lnlt_map_extent(T.map, &cols, &rows);
    board_add(firer, 2, "A1"); /* the firing side has a unit on the map from the start */
    board_to_operations();
    for (int c = 0; c < cols; c += 2) {
        lnlt_hex h3 = {(int16_t)c, 3, 0}, h4 = {(int16_t)c, 4, 0};
        char x3[LNLT_HEX_ID_MAX], x4[LNLT_HEX_ID_MAX], cmd[64], want[96];
        lnlt_hex_format(h3, x3);
        lnlt_hex_format(h4, x4);
        const lnlt_terrain *t = lnlt_map_terrain(T.map, h3);
        print_message("  %s: %s\n", x3, t->id);
        board_add(mover, 1, x4);
        snprintf(cmd, sizeof cmd, "activate %s", x4);
        board_play(cmd, "");
        snprintf(cmd, sizeof cmd, "move %s", x4);
        board_play(cmd, "");
        snprintf(cmd, sizeof cmd, "step %s", x3);
        int mp2 = t->mp2[LNLT_MOVER_LEG];
        if (mp2 == LNLT_MP_PROHIBITED) {
            assert_false(board_legal(cmd));
            board_play("stop", "");
            board_play("done", "");
            board_play("pass", "");
            continue;
        }
        board_play(cmd, "");
        snprintf(want, sizeof want, "enters %s (%d%s MP", x3, mp2 / 2, mp2 & 1 ? ".5" : "");
        board_expect_log(want);
        while (lnlt_decision_get(&T.ctx, &T.st).kind == LNLT_DECIDE_OPFIRE)
            board_play("no-fire", ""); /* the firers of the earlier rows hold their fire */
        if (T.st.move.active)
            board_play("stop", "");
        board_play("done", "");
        board_add(firer, 2, x4);
        snprintf(cmd, sizeof cmd, "activate %s", x4);
        board_play(cmd, "");
        snprintf(cmd, sizeof cmd, "fire %s %s", x4, x3);
        T.log.count = 0;
        board_play_loose(cmd, "1,6,6,6");
        snprintf(want, sizeof want, "vs 1d6 6 + TM %d = %d", t->tm, 6 + t->tm);
        board_expect_log(want);
        assert_int_equal(board_logged("moving 1"), !(t->flags & LNLT_TF_NO_MOVING_BONUS));
        board_play("done", "");
    }
    board_close();
}

static void tec_wwii_rows_through_the_engine(void **state)
{
    (void)state;
    rows_through_engine("tests/fixtures/maps/tec_rows_wwii.json", "us_abn_squad_254", "de_squad_164");
}

/* The Modern rows, fired on by NVA squads (the VC's jungle exceptions are
 * tests/test_nations.c's). */
static void tec_modern_rows_through_the_engine(void **state)
{
    (void)state;
    rows_through_engine("tests/fixtures/maps/tec_rows_modern.json", "usa_squad_264", "nva_squad_254");
}

/* ---- the effects, through the engine ---- */

static int setup(void **state)
{
    (void)state;
    board_open(NULL, 0, "tests/fixtures/maps/tec_wwii.json");
    return 0;
}

/* The opposed-roll line of the last attack. */
static void expect_fire(const char *cmd, const char *dice, const char *needle)
{
    board_play_loose(cmd, dice);
    board_expect_log(needle);
}

/* TEC Wall: +1 TM against direct fire that crosses the wall into the target's hex;
 * none for fire from the other side. */
static void tec_10_4_wall_tm_against_fire_across_it(void **state)
{
    (void)state;
    board_add("de_squad_164", 2, "E5");
    board_add("us_abn_squad_254", 1, "E8");
    board_add("us_abn_squad_254", 1, "E2");
    board_to_operations();
    board_play("activate E8", "");
    /* 1d6 4 + FP 2 = 6 against 1d6 4 + Clear 0 + Wall 1 */
    expect_fire("fire E8 E5", "4,4,6,6", "1d6 4 + TM 1 = 5 -> DC+1");
    board_expect_log("Wall");
    board_play("done", "");
    board_play("pass", "");
    board_play("activate E2", "");
    /* from the north the line crosses E4/E5, no wall */
    expect_fire("fire E2 E5", "4,4,6,6", "1d6 4 + TM 0 = 4 -> DC+2");
}

/* Ruling R-TEC-03: K5-L7 runs along the K6/L6 hexside and reaches L7 at the corner
 * of its K6/L7 and L6/L7 sides: a wall counts there only when both are walled (here;
 * on the LOS bench map only K6/L7 is, and the line crosses no wall). */
static void tec_wall_at_a_corner_counts_when_both_sides_are_walled(void **state)
{
    (void)state;
    lnlt_los_result r;
    lnlt_loc k5 = {{10, 5, 0}, 0}, l7 = {{11, 7, 0}, 0};
    assert_true(lnlt_los(T.map, k5, l7, NULL, &r));
    assert_int_equal(r.to_side, lnlt_tec_find(lnlt_map_tec(T.map), "wall"));
    lnlt_map *bench;
    lnlt_error err;
    if (!lnlt_map_load_file("tests/fixtures/maps/los_wwii.json", &bench, &err))
        fail_msg("%s", err.msg);
    assert_true(lnlt_los(bench, k5, l7, NULL, &r));
    assert_int_equal(r.to_side, LNLT_NO_FEATURE);
    lnlt_map_free(bench);
    /* and through the engine: fire from K5 meets Clear 0 + Wall 1 */
    board_add("de_squad_164", 2, "L7");
    board_add("us_abn_squad_254", 1, "K5");
    board_to_operations();
    board_play("activate K5", "");
    expect_fire("fire K5 L7", "4,4,6,6", "1d6 4 + TM 1 = 5");
}

/* TEC Hedge: direct fire traced across a hedge loses the +1 against a moving
 * target; fire from elsewhere keeps it. */
static void tec_hedge_cancels_moving_bonus_across_it(void **state)
{
    (void)state;
    int g = board_add("de_squad_164", 2, "H5");
    board_add("us_abn_squad_254", 1, "H8");
    board_add("us_abn_squad_254", 1, "H2");
    T.st.unit[g].marks |= LNLT_MARK_MOVED;
    board_to_operations();
    board_play("activate H8", "");
    expect_fire("fire H8 H5", "4,4,6,6", "1d6 4 + 2 = 6 vs 1d6 4 + TM 0");
    assert_false(board_logged("moving 1"));
    board_play("done", "");
    board_play("pass", "");
    board_play("activate H2", "");
    expect_fire("fire H2 H5", "4,4,6,6", "1d6 4 + 2 + moving 1 = 7");
}

/* TEC Hill: +1 against direct fire from a lower level, on top of the hex's own TM;
 * nothing against fire from the same level. */
static void tec_hill_tm_against_fire_from_below(void **state)
{
    (void)state;
    board_add("de_squad_164", 2, "K4");
    board_add("de_squad_164", 2, "M4");
    board_add("us_abn_squad_254", 1, "K8");
    board_add("us_abn_squad_254", 1, "J4");
    board_add("us_abn_squad_254", 1, "M5");
    board_to_operations();
    board_play("activate K8", "");
    expect_fire("fire K8 K4", "4,4,6,6", "1d6 4 + TM 1 = 5");
    board_expect_log("Hill");
    board_play("done", "");
    board_play("pass", "");
    board_play("activate J4", ""); /* J4 is a Level-1 hill too */
    expect_fire("fire J4 K4", "4,4,6,6", "1d6 4 + TM 0 = 4");
    board_play("done", "");
    board_play("pass", "");
    board_play("activate M5", ""); /* adjacent (so spotted): Light Woods +1 and the hill +1 */
    expect_fire("fire M5 M4", "4,4,6,6", "1d6 4 + TM 2 = 6");
}

/* TEC Hill: the cost of the hex plus +1 MP a level up, +2 MP two levels up in one
 * step, +1 MP two levels down; three levels is a cliff. */
static void tec_hill_mp_to_climb(void **state)
{
    (void)state;
    board_add("us_abn_squad_254", 1, "B8");
    board_add("us_abn_squad_254", 1, "B5");
    board_add("de_squad_164", 2, "N10");
    board_to_operations();
    board_play("activate B8", "");
    board_play("move B8", "");
    board_play("step B7", "");
    board_expect_log("enters B7 (2 MP; 2 MP left)");
    /* two levels up: 1 + 2 = 3 MP, more than the 2 left and not the first hex */
    assert_false(board_legal("step B6"));
    board_play("stop", "");
    board_play("done", "");
    board_play("pass", "");
    board_play("activate B5", "");
    board_play("move B5", "");
    assert_false(board_legal("step B6")); /* 0 to 3: a cliff */
}

/* TEC Hill note: +1 MP to come down two levels in one step. */
static void tec_hill_mp_to_descend_two_levels(void **state)
{
    (void)state;
    board_add("us_abn_squad_254", 1, "B6");
    board_add("de_squad_164", 2, "N10");
    board_to_operations();
    board_play("activate B6", "");
    board_play("move B6", "");
    board_play("step B7", ""); /* Level 3 to Level 1: Clear 1 + 1 */
    board_expect_log("enters B7 (2 MP; 2 MP left)");
    board_play("step B8", ""); /* one level down: no extra */
    board_expect_log("enters B8 (1 MP; 1 MP left)");
}

/* TEC Marsh: weapon teams may not enter it (nor set up in it). */
static void tec_marsh_keeps_weapon_teams_out(void **state)
{
    (void)state;
    board_close();
    static const char *const files[] = {"data/nations/starter_kit.json", "data/units/us_wwii.json",
                                        "data/units/de_wwii.json", "data/weapons/starter_kit.json",
                                        "tests/fixtures/units/weapon_teams.json"};
    board_open(files, 5, "tests/fixtures/maps/tec_rows_wwii.json");
    board_add("test_wt_mg", 1, "Q4");
    board_add("us_abn_squad_254", 1, "O4");
    board_add("de_squad_164", 2, "A1");
    board_to_operations();
    board_play("activate Q4", "");
    board_play("move Q4", "");
    assert_false(board_legal("step Q3")); /* Q3 is Marsh */
    assert_true(board_legal("step Q5"));
    board_play("stop", "");
    board_play("done", "");
    board_play("pass", "");
    board_play("activate O4", ""); /* a squad may: 2 MP */
    board_play("move O4", "");
    board_play("step O3", "");
    board_expect_log("enters O3 (1 MP");
}

/* Modern TEC Soccer Field Stands: units in them are at Level-1 (LOS and the hill
 * rule count from there). */
static void tec_stands_put_units_at_level_1(void **state)
{
    (void)state;
    lnlt_map *m;
    lnlt_error err;
    if (!lnlt_map_load_file("tests/fixtures/maps/tec_rows_modern.json", &m, &err))
        fail_msg("%s", err.msg);
    int level = -1;
    lnlt_loc stands = {{22, 3, 0}, LNLT_FLOOR_GROUND}; /* W3 */
    assert_string_equal(lnlt_map_terrain(m, stands.hex)->id, "soccer_stands");
    assert_true(lnlt_map_loc_level(m, stands, &level));
    assert_int_equal(level, 1);
    lnlt_map_free(m);
}

/* The defect of the issue: on Map 1 (A Friend in Need), B5 (Level 0) to C5 (a
 * Level-1 Clear hill) costs 1 MP for the Clear hex and 1 to climb. */
static void tec_hill_climb_on_map_1(void **state)
{
    (void)state;
    board_close();
    board_open(NULL, 0, "data/maps/map1.json");
    board_add("usa_squad_264", 1, "B5");
    board_add("vc_squad_143", 2, "O8");
    board_to_operations();
    board_play("activate B5", "");
    board_play("move B5", "");
    board_play("step C5", "");
    board_expect_log("enters C5 (2 MP; 2 MP left)");
}

/* TEC Road: moving from one road hex to the next ignores the other terrain. */
static void tec_road_to_road_ignores_other_terrain(void **state)
{
    (void)state;
    board_add("us_abn_squad_254", 1, "D2");
    board_add("de_squad_164", 2, "N10");
    board_to_operations();
    board_play("activate D2", "");
    board_play("move D2", "");
    board_play("step D3", "");
    board_expect_log("enters D3 (1 MP; 3 MP left)");
    board_play("step D4", ""); /* off the road: Light Woods, 2 MP */
    board_expect_log("enters D4 (2 MP; 1 MP left)");
}

/* 3.0 / TEC Wall note: a unit behind a wall takes the rally -2 only when all
 * potential enemy fire would cross the wall. */
static void rally_3_0_wall_counts_when_all_fire_crosses_it(void **state)
{
    (void)state;
    int sq = board_add("us_abn_squad_254", 1, "E5");
    board_add("us_maj_tom", 1, "E5");
    board_add("de_squad_164", 2, "E8");
    T.st.unit[sq].status = LNLT_SHAKEN;
    /* 2d6 5+4 = 9 - LM 2 - 2 = 5 <= 6 */
    board_play("rally E5", "5,4");
    board_expect_log("positive TM hex");
    assert_int_equal(T.st.unit[sq].status, LNLT_GOOD_ORDER);
}

/* ... and not when one enemy could fire at it from a side without a wall. */
static void rally_3_0_wall_not_when_fire_from_open_side(void **state)
{
    (void)state;
    int sq = board_add("us_abn_squad_254", 1, "E5");
    board_add("us_maj_tom", 1, "E5");
    board_add("de_squad_164", 2, "E8");
    board_add("de_squad_164", 2, "E2");
    T.st.unit[sq].status = LNLT_SHAKEN;
    board_play("rally E5", "5,4"); /* 9 - 2 = 7 > 6 */
    assert_false(board_logged("positive TM hex"));
    assert_int_equal(T.st.unit[sq].status, LNLT_SHAKEN);
}

/* 3.0: an otherwise Clear hill hex qualifies when all enemy fire would come uphill. */
static void rally_3_0_clear_hill_when_all_fire_is_uphill(void **state)
{
    (void)state;
    int sq = board_add("us_abn_squad_254", 1, "K4");
    board_add("us_maj_tom", 1, "K4");
    int e = board_add("de_squad_164", 2, "K8");
    T.st.unit[sq].status = LNLT_SHAKEN;
    board_play("rally K4", "5,4");
    board_expect_log("positive TM hex");
    board_close();
    setup(NULL);
    sq = board_add("us_abn_squad_254", 1, "K4");
    board_add("us_maj_tom", 1, "K4");
    e = board_add("de_squad_164", 2, "L2"); /* Level 2: fires downhill */
    board_add("de_squad_164", 2, "K8");
    T.st.unit[sq].status = LNLT_SHAKEN;
    board_play("rally K4", "5,4");
    assert_false(board_logged("positive TM hex"));
    (void)e;
}

/* 18.0, 18.1, TEC Wall and Hill: a mortar team's attack takes no TM from a wall
 * or a hill. */
static void tec_18_1_no_wall_or_hill_tm_against_mortar_teams(void **state)
{
    (void)state;
    board_close();
    static const char *const files[] = {"data/nations/starter_kit.json", "data/units/us_wwii.json",
                                        "data/units/de_wwii.json", "data/weapons/starter_kit.json",
                                        "tests/fixtures/units/weapon_teams.json"};
    board_open(files, 5, "tests/fixtures/maps/tec_wwii.json");
    board_add("test_wt_mortar", 2, "E9");
    board_add("test_wt_mortar", 2, "K9");
    board_add("us_abn_squad_254", 1, "E5");
    board_add("us_abn_squad_254", 1, "K4");
    board_to_operations();
    board_play("pass", "");
    board_play("activate E9", "");
    /* high die 5 + FP 2 = 7 against 1d6 2 + TM 0: the wall E5/E6 does not count */
    expect_fire("fire E9 E5", "3,5,2,6,6", "vs 1d6 2 + TM 0 = 2");
    board_play("done", "");
    board_play("pass", "");
    board_play("activate K9", "");
    expect_fire("fire K9 K4", "3,5,2,6,6", "vs 1d6 2 + TM 0 = 2");
}

/* TEC Smoke row: the marker's +1 adds to the hex's TM (7.0). */
static void tec_smoke_row_tm(void **state)
{
    (void)state;
    board_add("de_squad_164", 2, "G5");
    board_add("us_abn_squad_254", 1, "G6");
    lnlt_bit_set(T.st.smoke[0], board_cell("G5"));
    board_to_operations();
    board_play("activate G6", ""); /* adjacent, so the smoked hex is spotted */
    expect_fire("fire G6 G5", "4,4,6,6", "1d6 4 + TM 1 = 5");
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(tec_wwii_chart_rows),
        cmocka_unit_test(tec_modern_chart_rows),
        cmocka_unit_test(tec_wwii_rows_through_the_engine),
        cmocka_unit_test(tec_modern_rows_through_the_engine),
        cmocka_unit_test_setup_teardown(tec_10_4_wall_tm_against_fire_across_it, setup, board_teardown),
        cmocka_unit_test_setup_teardown(tec_wall_at_a_corner_counts_when_both_sides_are_walled, setup, board_teardown),
        cmocka_unit_test_setup_teardown(tec_hedge_cancels_moving_bonus_across_it, setup, board_teardown),
        cmocka_unit_test_setup_teardown(tec_hill_tm_against_fire_from_below, setup, board_teardown),
        cmocka_unit_test_setup_teardown(tec_hill_mp_to_climb, setup, board_teardown),
        cmocka_unit_test_setup_teardown(tec_hill_mp_to_descend_two_levels, setup, board_teardown),
        cmocka_unit_test_setup_teardown(tec_marsh_keeps_weapon_teams_out, setup, board_teardown),
        cmocka_unit_test(tec_stands_put_units_at_level_1),
        cmocka_unit_test_setup_teardown(tec_hill_climb_on_map_1, setup, board_teardown),
        cmocka_unit_test_setup_teardown(tec_road_to_road_ignores_other_terrain, setup, board_teardown),
        cmocka_unit_test_setup_teardown(rally_3_0_wall_counts_when_all_fire_crosses_it, setup, board_teardown),
        cmocka_unit_test_setup_teardown(rally_3_0_wall_not_when_fire_from_open_side, setup, board_teardown),
        cmocka_unit_test_setup_teardown(rally_3_0_clear_hill_when_all_fire_is_uphill, setup, board_teardown),
        cmocka_unit_test_setup_teardown(tec_18_1_no_wall_or_hill_tm_against_mortar_teams, setup, board_teardown),
        cmocka_unit_test_setup_teardown(tec_smoke_row_tm, setup, board_teardown),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
