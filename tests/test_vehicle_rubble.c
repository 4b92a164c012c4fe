/*
 * test_vehicle_rubble.c: rubbling buildings and huts (rule 15.1.2) through the
 * engine with forced dice: who may drive into a Wooden (LC) building or Bamboo
 * Huts (T or O class, front hull armour above 3, above 1 for huts, the hex
 * unoccupied), the chart's cost, the Rubble marker, the abandonment roll (2d6,
 * 2d6 - 2 for huts, a 12 always), and the hex as Rubble afterwards for line of
 * sight (with and without the precomputed table), TM, movement and floors; the
 * marker in saves and mid-game positions. Rulings R-VEH-37 to R-VEH-41.
 */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <cmocka.h>

#include "lnlt/check.h"
#include "lnlt/scenario.h"
#include "lnlt/snapshot.h"
#include "rules/internal.h"
#include "support/board.h"
#include "support/vehicle_board.h"

#define US LNLT_SIDE_1
#define DE LNLT_SIDE_2

static const char *const files[] = {
    "data/nations/starter_kit.json",        "data/nations/vehicle_examples.json",   "data/units/us_wwii.json",
    "data/units/de_wwii.json",              "data/units/vehicle_examples.json",     "data/weapons/starter_kit.json",
    "data/weapons/anti_tank.json",          "data/vehicles/heroes_of_normandy.json", "data/vehicles/vehicle_examples.json",
    "tests/fixtures/vehicles/rubble_test.json"};

/* E4 one-storey LC, G4 two-storey LC, I4 HC, J3 LC (WWII chart) */
static int open_wwii(void **state)
{
    (void)state;
    board_open(files, (int)(sizeof files / sizeof files[0]), "tests/fixtures/maps/rubble_wwii.json");
    return 0;
}

/* Row 3: E3 HC, G3 LC, I3 Bamboo Huts (Modern chart); row 4 clear */
static int open_modern(void **state)
{
    (void)state;
    board_open(files, (int)(sizeof files / sizeof files[0]), "tests/fixtures/maps/tec_rows_modern.json");
    return 0;
}

/* Operations, the vehicle activated and driving from `hex`. */
static void drive_from(int vehicle, const char *hex)
{
    char cmd[64];
    board_to_operations();
    snprintf(cmd, sizeof cmd, "activate %s", hex);
    board_play(cmd, "");
    snprintf(cmd, sizeof cmd, "drive %s #%d", hex, vehicle);
    board_play(cmd, "");
}

static void add_rubble(const char *hex)
{
    lnlt_error err;
    if (!lnlt_state_add_rubble(&T.ctx, &T.st, hex, &err))
        fail_msg("%s", err.msg);
}

static int los_verdict(const char *a, const char *b, int *degrade)
{
    lnlt_los_result r;
    rules_los(&T.ctx, &T.st, board_cell(a), board_cell(b), &r);
    if (degrade)
        *degrade = r.degrade;
    return r.verdict;
}

/* 15.1.2: a Sherman (T, front hull 5) drives into the empty LC building at the
 * chart's 6 MP, rubbles it, rolls 2 + 1 = 3, not above 5, and drives on. */
static void rule_15_1_2_rubble_lc_and_move_on(void **state)
{
    (void)state;
    int v = board_add("us_m4a1", US, "E5");
    vboard_face(v, "E4", "F5");
    drive_from(v, "E5");
    assert_true(vboard_legal_f("step E4"));
    board_play("step E4", "2,1");
    board_expect_log("enters E4 from E5 (6 MP;");
    board_expect_log("rubbles E4: a Rubble marker goes on it");
    board_expect_log("rubble E4: 2d6 2+1 = 3 vs front hull AF 5 -> it may move on");
    assert_true(rules_rubbled(&T.st, board_cell("E4")));
    assert_false(rules_vehicle_abandoned(&T.st, v));
    vboard_pass_opfire();
    assert_int_equal(T.st.decision, LNLT_DECIDE_MOVE);
    board_play("step E3", "");
    board_expect_log("enters E3 from E4 (1 MP;");
    char why[256];
    assert_true(lnlt_check_invariants(&T.ctx, &T.st, why, sizeof why));
}

/* 15.1.2: 4 + 2 = 6 is above the Sherman's 5: abandoned in the Rubble hex, its
 * crew bailing out there (15.4), and the move is over. */
static void rule_15_1_2_rubble_lc_abandoned_by_roll(void **state)
{
    (void)state;
    int v = board_add("us_m4a1", US, "E5");
    vboard_face(v, "E4", "F5");
    drive_from(v, "E5");
    board_play("step E4", "4,2");
    board_expect_log("rubble E4: 2d6 4+2 = 6 vs front hull AF 5 -> abandoned");
    board_expect_log("is abandoned");
    board_expect_log("crew bails out in E4");
    assert_true(rules_rubbled(&T.st, board_cell("E4")));
    assert_true(rules_vehicle_abandoned(&T.st, v));
    assert_int_equal(T.st.unit[v].cell, board_cell("E4"));
    assert_false(T.st.move.active && lnlt_bit(T.st.move.units, v));
    char why[256];
    assert_true(lnlt_check_invariants(&T.ctx, &T.st, why, sizeof why));
}

/* 15.1.2 on huts: 2d6 - 2. A Crusader III (T, front hull 3) keeps going on
 * 4 + 1 - 2 = 3 and is abandoned on 4 + 2 - 2 = 4; the heavy O-class test
 * vehicle (front hull 10) is abandoned by a 12 although 12 - 2 = 10 is not
 * above 10. */
static void rule_15_1_2_rubble_huts_minus_two(void **state)
{
    (void)state;
    int c = board_add("gb_crusader3", US, "I4");
    vboard_face(c, "I3", "J4");
    drive_from(c, "I4");
    board_play("step I3", "4,1");
    board_expect_log("rubble I3: 2d6 4+1 = 5 - 2 (huts) = 3 vs front hull AF 3 -> it may move on");
    assert_false(rules_vehicle_abandoned(&T.st, c));
}

static void rule_15_1_2_rubble_huts_abandoned(void **state)
{
    (void)state;
    int c = board_add("gb_crusader3", US, "I4");
    vboard_face(c, "I3", "J4");
    drive_from(c, "I4");
    board_play("step I3", "4,2");
    board_expect_log("rubble I3: 2d6 4+2 = 6 - 2 (huts) = 4 vs front hull AF 3 -> abandoned");
    assert_true(rules_vehicle_abandoned(&T.st, c));
}

static void rule_15_1_2_rubble_twelve_always_abandons(void **state)
{
    (void)state;
    int h = board_add("t_heavy_halftrack", US, "I4");
    vboard_face(h, "I3", "J4");
    drive_from(h, "I4");
    assert_true(vboard_legal_f("step I3")); /* O class may rubble */
    board_play("step I3", "6,6");
    board_expect_log("rubble I3: 2d6 6+6 = 12 - 2 (huts) = 10 vs front hull AF 10 -> abandoned (a 12 always abandons)");
    assert_true(rules_vehicle_abandoned(&T.st, h));
}

/* 15.1.2 and the chart: who may not drive in. A Crusader (front hull 3) into an
 * LC building; an SdKfz 251 (front hull 1) into huts; a Jeep (R class) into
 * huts despite the chart's 12 MP (ruling R-VEH-41); anyone into an HC building. */
static void rule_15_1_2_not_listed_by_class_armour_or_terrain(void **state)
{
    (void)state;
    int c = board_add("gb_crusader3", US, "G4");
    vboard_face(c, "G3", "H4");
    drive_from(c, "G4");
    assert_false(vboard_legal_f("step G3")); /* LC, front hull 3 */
    const char *why = rules_rubble_barred(&T.ctx, &T.st, c, board_cell("G3"));
    assert_non_null(why);
    assert_non_null(strstr(why, "above 3"));
}

static void rule_15_1_2_not_listed_light_armour_huts(void **state)
{
    (void)state;
    int s = board_add("de_sdkfz251", US, "I4");
    vboard_face(s, "I3", "J4");
    int j = board_add("us_jeep", US, "J4");
    vboard_face(j, "I3", "J3");
    board_to_operations();
    /* the move list itself: a step no vehicle can take is refused with the reason */
    assert_non_null(rules_rubble_barred(&T.ctx, &T.st, s, board_cell("I3")));
    assert_non_null(rules_rubble_barred(&T.ctx, &T.st, j, board_cell("I3")));
    board_play("activate I4", "");
    char cmd[64];
    snprintf(cmd, sizeof cmd, "drive I4 #%d", s);
    board_play(cmd, "");
    assert_false(vboard_legal_f("step I3"));
}

static void rule_15_1_2_never_hc(void **state)
{
    (void)state;
    int v = board_add("us_m4a1", US, "I5");
    vboard_face(v, "I4", "J5");
    drive_from(v, "I5");
    assert_false(vboard_legal_f("step I4"));
    assert_true(vboard_legal_f("step J5"));
}

/* 15.1.2, 15.3 (ruling R-VEH-37): "unoccupied" is nobody of either side on any
 * floor: a friendly squad on the ground of J3, or one alone on the upper floor of
 * the two-storey G4, bars the entry. */
static void rule_15_1_2_occupied_not_listed(void **state)
{
    (void)state;
    int v = board_add("us_m4a1", US, "J4");
    vboard_face(v, "J3", "K3"); /* J odd: J3 north, K3 north-east */
    board_add("us_abn_squad_254", US, "J3");
    int w = board_add("us_m4a1", US, "G5");
    vboard_face(w, "G4", "H5");
    board_add("us_abn_squad_254", US, "G4:upper");
    board_to_operations();
    assert_non_null(rules_rubble_barred(&T.ctx, &T.st, v, board_cell("J3")));
    assert_non_null(rules_rubble_barred(&T.ctx, &T.st, w, board_cell("G4")));
    board_play("activate G5", "");
    char cmd[64];
    snprintf(cmd, sizeof cmd, "drive G5 #%d", w);
    board_play(cmd, "");
    assert_false(vboard_legal_f("step G4"));
}

/* After rubbling: the building that blocked E2-E6 degrades it once (the table
 * and the trace agree); TM 3 as Rubble; Leg units pay 3 MP, tracked vehicles 4,
 * O-class ones may not enter; G4 loses its upper floor. */
static void rule_15_1_2_rubble_hex_for_every_rule(void **state)
{
    (void)state;
    board_add("us_abn_squad_254", US, "E2");
    board_add("de_squad_164", DE, "E6");
    int deg = -1;
    assert_int_equal(los_verdict("E2", "E6", NULL), LNLT_LOS_BLOCKED);
    lnlt_los_table *table = NULL;
    lnlt_error err;
    if (!lnlt_los_table_build(T.map, &table, &err))
        fail_msg("%s", err.msg);
    T.ctx.los_table = table;
    assert_int_equal(los_verdict("E2", "E6", NULL), LNLT_LOS_BLOCKED);
    add_rubble("E4");
    add_rubble("G4");
    assert_int_equal(los_verdict("E2", "E6", &deg), LNLT_LOS_DEGRADED); /* with the table */
    assert_int_equal(deg, 1);
    assert_int_equal(los_verdict("E4", "E6", &deg), LNLT_LOS_CLEAR); /* out of the rubbled hex */
    T.ctx.los_table = NULL;
    assert_int_equal(los_verdict("E2", "E6", &deg), LNLT_LOS_DEGRADED); /* traced */
    assert_int_equal(deg, 1);
    lnlt_los_table_free(table);

    lnlt_modifiers mods = {0};
    assert_int_equal(rules_hex_tm(&T.ctx, &T.st, board_cell("E4"), US, &mods), 3);
    assert_string_equal(mods.mod[0].source, "Rubble");
    assert_int_equal(rules_enter_mp2(&T.ctx, &T.st, board_cell("E4"), LNLT_MOVER_LEG), 6);
    assert_int_equal(rules_enter_mp2(&T.ctx, &T.st, board_cell("E4"), LNLT_MOVER_TRACKED), 8);
    assert_int_equal(rules_enter_mp2(&T.ctx, &T.st, board_cell("E4"), LNLT_MOVER_OTHER), LNLT_MP_PROHIBITED);
    assert_false(rules_loc_open(&T.ctx, &T.st, lnlt_location(board_cell("G4"), LNLT_FLOOR_UPPER)));
    assert_true(rules_loc_exists(&T.ctx, lnlt_location(board_cell("G4"), LNLT_FLOOR_UPPER)));
    /* a second Sherman drives through at Rubble's 4 MP, with no roll */
    int v = board_add("us_m4a1", US, "E5");
    vboard_face(v, "E4", "F5");
    drive_from(v, "E5");
    board_play("step E4", "");
    board_expect_log("enters E4 from E5 (4 MP;");
    assert_false(board_logged("rubbles"));
    assert_false(rules_vehicle_abandoned(&T.st, v));
}

/* The same on huts: TM 1 becomes Rubble's 3, and the Leg cost 2 MP becomes 3. */
static void rule_15_1_2_huts_become_rubble(void **state)
{
    (void)state;
    assert_int_equal(rules_hex_tm(&T.ctx, &T.st, board_cell("I3"), US, NULL), 1);
    assert_int_equal(rules_enter_mp2(&T.ctx, &T.st, board_cell("I3"), LNLT_MOVER_LEG), 4);
    add_rubble("I3");
    assert_int_equal(rules_hex_tm(&T.ctx, &T.st, board_cell("I3"), US, NULL), 3);
    assert_int_equal(rules_enter_mp2(&T.ctx, &T.st, board_cell("I3"), LNLT_MOVER_LEG), 6);
    lnlt_error err;
    assert_false(lnlt_state_add_rubble(&T.ctx, &T.st, "K3", &err)); /* kunai grass: no building */
    assert_non_null(strstr(err.msg, "building or huts"));
}

/* Saves and mid-game positions: a rubbled hex is in the canonical hash, written
 * as a "rubble" marker, and loads back the same; a Rubble marker outside a
 * building, or a vehicle in a building without one, is refused. */
static void rule_15_1_2_rubble_in_saves_and_positions(void **state)
{
    (void)state;
    lnlt_ctx ctx;
    lnlt_error err = {{0}};
    if (!lnlt_ctx_open("data/scenarios/training_vehicle_narrative.json", &ctx, &err))
        fail_msg("%s", err.msg);
    lnlt_state st;
    lnlt_state_init(&st, &ctx, 5);
    uint64_t before = lnlt_state_hash(&st);
    if (!lnlt_state_add_rubble(&ctx, &st, "14K3", &err))
        fail_msg("%s", err.msg);
    assert_true(lnlt_state_hash(&st) != before);
    char *text = lnlt_snapshot_text(&ctx, &st, &err);
    if (!text)
        fail_msg("%s", err.msg);
    assert_non_null(strstr(text, "\"rubble\""));
    lnlt_scenario *back = NULL;
    if (!lnlt_scenario_load_json("rubble", text, strlen(text), ctx.catalog, &back, &err) ||
        !lnlt_scenario_check_maps(back, ctx.catalog, "rubble", "data/maps", &err))
        fail_msg("%s\n%s", err.msg, text);
    lnlt_ctx c2 = ctx;
    c2.scenario = back;
    c2.owned = NULL;
    lnlt_state re;
    lnlt_state_init(&re, &c2, 999);
    assert_int_equal(lnlt_state_hash(&re), lnlt_state_hash(&st));
    int k3;
    assert_true(lnlt_location_parse(&ctx, "14K3", &k3, &err));
    assert_true(rules_rubbled(&re, k3));
    char why[256];
    assert_true(lnlt_check_invariants(&c2, &re, why, sizeof why));
    lnlt_scenario_free(back);

    /* a Rubble marker in a clear hex is refused with its path */
    char *bad = malloc(strlen(text) + 1);
    strcpy(bad, text);
    char *at = strstr(bad, "\"rubble\"");
    assert_non_null(at);
    char *hex = strstr(at, "14K3");
    assert_non_null(hex);
    memcpy(hex, "14D3", 4); /* open ground on Map 14 */
    back = NULL;
    bool loaded = lnlt_scenario_load_json("bad", bad, strlen(bad), ctx.catalog, &back, &err) &&
                  lnlt_scenario_check_maps(back, ctx.catalog, "bad", "data/maps", &err);
    assert_false(loaded);
    if (!strstr(err.msg, "Rubble lies only in a building or huts hex"))
        fail_msg("%s", err.msg);
    lnlt_scenario_free(back);
    free(bad);
    free(text);
    lnlt_ctx_close(&ctx);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test_setup_teardown(rule_15_1_2_rubble_lc_and_move_on, open_wwii, board_teardown),
        cmocka_unit_test_setup_teardown(rule_15_1_2_rubble_lc_abandoned_by_roll, open_wwii, board_teardown),
        cmocka_unit_test_setup_teardown(rule_15_1_2_rubble_huts_minus_two, open_modern, board_teardown),
        cmocka_unit_test_setup_teardown(rule_15_1_2_rubble_huts_abandoned, open_modern, board_teardown),
        cmocka_unit_test_setup_teardown(rule_15_1_2_rubble_twelve_always_abandons, open_modern, board_teardown),
        cmocka_unit_test_setup_teardown(rule_15_1_2_not_listed_by_class_armour_or_terrain, open_modern, board_teardown),
        cmocka_unit_test_setup_teardown(rule_15_1_2_not_listed_light_armour_huts, open_modern, board_teardown),
        cmocka_unit_test_setup_teardown(rule_15_1_2_never_hc, open_wwii, board_teardown),
        cmocka_unit_test_setup_teardown(rule_15_1_2_occupied_not_listed, open_wwii, board_teardown),
        cmocka_unit_test_setup_teardown(rule_15_1_2_rubble_hex_for_every_rule, open_wwii, board_teardown),
        cmocka_unit_test_setup_teardown(rule_15_1_2_huts_become_rubble, open_modern, board_teardown),
        cmocka_unit_test(rule_15_1_2_rubble_in_saves_and_positions),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
