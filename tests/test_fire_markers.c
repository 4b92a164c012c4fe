/*
 * test_fire_markers.c: the optional Fire rule of 10.5.6 through the engine, with
 * forced dice, on the bench map tests/fixtures/maps/terrain_counters.json with a
 * scenario that turns the rule on (tests/fixtures/data/scenario_fire.json): the
 * Fire Start check (10.5.6.1: DFT natural 6, OFT 10+, flamethrower +5, rain -1),
 * Fire as smoke (10.5.6.4), the Administrative Phase's damage, intensity and
 * spreading (2.0 d, 9.0 d, 10.5.6.2, 10.5.6.4), putting a Fire out (10.5.6.3), the
 * game option, and Fire markers in positions.
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
#include "lnlt/snapshot.h"
#include "support/board.h"

#define BENCH "tests/fixtures/maps/terrain_counters.json"

static lnlt_hex hx(const char *id)
{
    lnlt_hex h;
    char why[96];
    if (!lnlt_hex_parse(id, &h, why, sizeof why))
        fail_msg("%s", why);
    return h;
}

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

static void vface(int unit, const char *a, const char *b)
{
    lnlt_error err;
    if (!lnlt_state_set_facing(&T.ctx, &T.st, unit, a, b, &err))
        fail_msg("%s", err.msg);
}

/* ---- 10.5.6 Fire (optional) ----
 * The bench with a scenario that has the optional "fire" rule
 * (tests/fixtures/data/scenario_fire.json): Light Woods in M4 burn, Clear does not. */

static lnlt_scenario *fire_scn;

static int fire_setup(void **state)
{
    (void)state;
    board_open(NULL, 0, BENCH);
    char *text = read_text("tests/fixtures/data/scenario_fire.json");
    lnlt_error err;
    if (!lnlt_scenario_load_json("fire", text, strlen(text), T.cat, &fire_scn, &err))
        fail_msg("%s", err.msg);
    free(text);
    T.ctx.scenario = fire_scn;
    return 0;
}

static int fire_teardown(void **state)
{
    lnlt_scenario_free(fire_scn);
    fire_scn = NULL;
    return board_teardown(state);
}

/* The Fire marker of a location of the state (0 none). */
static int fire_in(const char *hex, int floor)
{
    int loc = lnlt_location(board_cell(hex), floor);
    for (int i = 0; i < LNLT_MAX_FORTS; i++)
        if (T.st.fort[i].kind == LNLT_FORT_FIRE && T.st.fort[i].cell == lnlt_loc_cell(loc) &&
            (T.st.fort[i].value >> 4) == floor)
            return T.st.fort[i].value & 0x0F;
    return 0;
}

static void set_fire(const char *hex, int level)
{
    for (int i = 0; i < LNLT_MAX_FORTS; i++)
        if (T.st.fort[i].kind == LNLT_FORT_NONE) {
            T.st.fort[i].cell = (int16_t)board_cell(hex);
            T.st.fort[i].kind = LNLT_FORT_FIRE;
            T.st.fort[i].value = (uint8_t)level;
            return;
        }
    fail_msg("no fortification slot left");
}

static void rule_10_5_6_1_fire_start_on_a_natural_six(void **state)
{
    (void)state;
    board_add("de_squad_164", 2, "M4");
    board_add("de_squad_164", 2, "K5");
    board_add("us_abn_squad_254", 1, "M5");
    board_add("us_abn_squad_254", 1, "K6");
    board_to_operations();
    /* a natural 6 at enemy units in Light Woods (Flammable): 2d6 5 + 5 = 10 sets it afire */
    board_play("activate M5", "");
    board_play_loose("fire M5 M4", "6,6,2,5,5");
    board_expect_log("Fire Start check in M4: 2d6 10 +0 = 10 -> the fire starts");
    assert_int_equal(fire_in("M4", 0), 1);
    board_play("done", "");
    /* 9 is not enough; Clear is not Flammable: no check at all */
    board_play("pass", "");
    board_play("activate K6", "");
    T.log.count = 0;
    board_play_loose("fire K6 K5", "6,6,2,4,4");
    assert_false(board_logged("Fire Start"));
    assert_int_equal(fire_in("K5", 0), 0);
}

static void rule_10_5_6_1_no_check_below_ten_or_for_a_lone_smc(void **state)
{
    (void)state;
    board_add("de_squad_164", 2, "M4");
    board_add("us_abn_squad_254", 1, "M5");
    board_to_operations();
    board_play("activate M5", "");
    board_play_loose("fire M5 M4", "6,6,2,4,5");
    board_expect_log("Fire Start check in M4: 2d6 9 +0 = 9 -> no fire");
    assert_int_equal(fire_in("M4", 0), 0);
    /* no natural 6, no check */
    board_play("done", "");
    board_play("pass", "");
    board_add("us_abn_squad_254", 1, "L4");
    board_play("activate L4", "");
    T.log.count = 0;
    board_play_loose("fire L4 M4", "5,6,2,6,6");
    assert_false(board_logged("Fire Start"));
}

static void rule_10_5_6_1_flamethrower_adds_five(void **state)
{
    (void)state;
    int sq = board_add("us_abn_squad_254", 1, "M5");
    board_add_sw("flamethrower", sq, NULL);
    board_add("de_squad_164", 2, "M4");
    board_to_operations();
    board_play("activate M5", "");
    board_play_loose("fire M5 M4", "6,6,2,3,2,6,6,6,6");
    board_expect_log("Fire Start check in M4: 2d6 5 +5 = 10 -> the fire starts");
    assert_int_equal(fire_in("M4", 0), 1);
}

static void rule_10_5_6_1_rain_or_snow_takes_one(void **state)
{
    (void)state;
    /* the same scenario played in the rain */
    char *text = read_text("tests/fixtures/data/scenario_fire_rain.json");
    lnlt_error err;
    lnlt_scenario *wet = NULL;
    if (!lnlt_scenario_load_json("rain", text, strlen(text), T.cat, &wet, &err))
        fail_msg("%s", err.msg);
    free(text);
    T.ctx.scenario = wet;
    board_add("de_squad_164", 2, "M4");
    board_add("us_abn_squad_254", 1, "M5");
    board_to_operations();
    board_play("activate M5", "");
    board_play_loose("fire M5 M4", "6,6,2,5,5");
    board_expect_log("Fire Start check in M4: 2d6 10 -1 = 9 -> no fire");
    assert_int_equal(fire_in("M4", 0), 0);
    T.ctx.scenario = fire_scn;
    lnlt_scenario_free(wet);
}

static void rule_10_5_6_1_oft_to_hit_of_ten_or_more(void **state)
{
    (void)state;
    int sherman = board_add("us_m4a1", 1, "M6");
    vface(sherman, "M5", "N6");
    int de = board_add("de_squad_164", 2, "M4");
    lnlt_bit_set(T.st.spotted[1], T.st.unit[de].cell); /* a Spotted marker: the woods need one */
    board_to_operations();
    board_play("activate M6", "");
    /* a natural 10 on the to-hit roll (a miss here), then 2d6 5 + 5 + 1 for the OFT */
    char cmd[64];
    snprintf(cmd, sizeof cmd, "shoot M6 M4 #%d", sherman);
    board_play_loose(cmd, "5,5,5,5,6,6,6,6");
    board_expect_log("Fire Start check in M4: 2d6 10 +1 = 11 -> the fire starts");
    assert_int_equal(fire_in("M4", 0), 1);
}

static void rule_10_5_6_4_fire_counts_as_smoke(void **state)
{
    (void)state;
    board_add("de_squad_164", 2, "M2");
    board_add("us_abn_squad_254", 1, "M5");
    set_fire("M4", 1);
    board_to_operations();
    board_play("activate M5", "");
    /* the Fire in M4 blocks the line as Smoke does */
    assert_false(board_legal("fire M5 M2"));
    lnlt_los_result r;
    lnlt_loc a = {hx("M5"), 0}, b = {hx("M2"), 0};
    assert_true(lnlt_los(T.map, a, b, NULL, &r)); /* the map alone: clear */
}

static void rule_10_5_6_4_admin_damage_then_intensity_then_spread(void **state)
{
    (void)state;
    board_add("de_squad_164", 2, "M4");
    board_add("us_abn_squad_254", 1, "A1");
    set_fire("M4", 1);
    board_to_operations();
    board_play("pass", "");
    board_play("pass", "");
    /* into the Administrative Phase: the squad in the Fire 1 checks at DC+2 (die 1:
     * 1 + 2 = 3 against morale 5, no effect); then the intensity roll 6 makes it a
     * Fire 2; then the Flammable neighbours of the Fire 2 roll to catch (none of
     * M4's neighbours is Flammable on the bench); then the next turn's initiative */
    board_play_loose("pass", "2,6,3,4,5,6,1,2");
    board_expect_log("the Fire 1 in M4: Fire Damage Checks at DC+2");
    board_expect_log("becomes a Fire 2");
    assert_int_equal(fire_in("M4", 0), 2);
}

static void rule_10_5_6_2_fire_goes_out_on_a_one(void **state)
{
    (void)state;
    board_add("us_abn_squad_254", 1, "A1");
    board_add("de_squad_164", 2, "A3");
    set_fire("M4", 1);
    board_to_operations();
    board_play("pass", "");
    board_play("pass", "");
    board_play_loose("pass", "1,3,4,5,6,2,2");
    board_expect_log("the Fire in M4 goes out");
    assert_int_equal(fire_in("M4", 0), 0);
}

static void rule_10_5_6_2_fire_spreads_to_flammable_neighbours(void **state)
{
    (void)state;
    /* a Fire 2 in M4: of its neighbours only M3 (Light Woods) is Flammable, and
     * it rolls once; a 6 sets it afire */
    board_add("us_abn_squad_254", 1, "A1");
    board_add("de_squad_164", 2, "A3");
    set_fire("M4", 2);
    board_to_operations();
    board_play("pass", "");
    board_play("pass", "");
    board_play_loose("pass", "6,3,4,5,6,1,2");
    board_expect_log("Fire spreading to M3: 1d6 6 -> it catches fire");
    assert_int_equal(fire_in("M3", 0), 1);
    assert_int_equal(fire_in("M4", 0), 2);
    assert_int_equal(fire_in("M5", 0), 0); /* Clear: no roll */
    assert_false(board_logged("Fire spreading to M5"));
}

static void rule_10_5_6_3_put_out_a_fire_1(void **state)
{
    (void)state;
    int a = board_add("us_abn_squad_254", 1, "M4");
    int b = board_add("us_abn_squad_254", 1, "M4");
    board_add("de_squad_164", 2, "A1");
    set_fire("M4", 1);
    board_to_operations();
    board_play("activate M4", "");
    char cmd[64];
    snprintf(cmd, sizeof cmd, "put-out M4 #%d #%d", a, b);
    assert_true(board_legal(cmd));
    /* 1d6 5 + 1 for the helper = 6: out */
    board_play(cmd, "5");
    board_expect_log("putting out the Fire in M4: 1d6 5 + 1 helping + LM 0 = 6 -> the fire is out");
    assert_int_equal(fire_in("M4", 0), 0);
    assert_true(T.st.unit[a].marks & LNLT_MARK_FIRED);
    assert_true(T.st.unit[b].marks & LNLT_MARK_FIRED);
}

static void rule_10_5_6_3_no_putting_out_a_fire_2(void **state)
{
    (void)state;
    int a = board_add("us_abn_squad_254", 1, "M4");
    board_add("de_squad_164", 2, "A1");
    set_fire("M4", 2);
    board_to_operations();
    board_play("activate M4", "");
    char cmd[64];
    snprintf(cmd, sizeof cmd, "put-out M4 #%d", a);
    assert_false(board_legal(cmd));
}

static void rule_10_5_6_fire_is_a_game_option(void **state)
{
    (void)state;
    /* switched off before play: no Fire Start check, no put-out */
    lnlt_error err;
    assert_true(lnlt_rule_set(&T.ctx, &T.st, 0, false, &err));
    board_add("de_squad_164", 2, "M4");
    board_add("us_abn_squad_254", 1, "M5");
    board_to_operations();
    board_play("activate M5", "");
    board_play_loose("fire M5 M4", "6,6,2,5,5");
    assert_false(board_logged("Fire Start"));
}

/* A position with Fire markers is written as fire1/fire2 markers and loads back. */
static void rule_10_5_6_fire_markers_in_a_saved_position(void **state)
{
    (void)state;
    board_add("de_squad_164", 2, "A3");
    board_add("us_abn_squad_254", 1, "A1");
    set_fire("M4", 2);
    set_fire("M3", 1);
    board_to_operations();
    lnlt_error err;
    lnlt_scenario *snap = lnlt_snapshot(&T.ctx, &T.st, &err);
    if (!snap)
        fail_msg("%s", err.msg);
    char *text = lnlt_scenario_save(snap, T.cat);
    assert_non_null(strstr(text, "\"marker\": \"fire2\""));
    assert_non_null(strstr(text, "\"marker\": \"fire1\""));
    lnlt_scenario *back = NULL;
    if (!lnlt_scenario_load_json("back", text, strlen(text), T.cat, &back, &err))
        fail_msg("%s", err.msg);
    int fires = 0;
    for (int i = 0; i < back->state.marker_count; i++)
        fires += back->state.marker[i].kind == LNLT_SCN_HM_FIRE1 || back->state.marker[i].kind == LNLT_SCN_HM_FIRE2;
    assert_int_equal(fires, 2);
    free(text);
    lnlt_scenario_free(back);
    lnlt_scenario_free(snap);
}

static void rule_10_5_6_fire_markers_need_the_fire_rule(void **state)
{
    (void)state;
    lnlt_error err;
    /* the fixture without its "fire" rule, with a Fire marker in a position */
    char *text = read_text("tests/fixtures/data/scenario_fire.json");
    char *rules = strstr(text, "\"special_rules\"");
    assert_non_null(rules);
    char buf[8192];
    *rules = 0;
    snprintf(buf, sizeof buf, "%s\"state\": {\"turn\": 1, \"phase\": \"operations\", \"initiative\": \"de\", \"to_act\": \"de\", \"units\": [], "
             "\"markers\": [{\"marker\": \"fire1\", \"hex\": \"96M4\"}]}}", text);
    free(text);
    const char *text_off = buf;
    lnlt_scenario *s = NULL;
    assert_false(lnlt_scenario_load_json("x", text_off, strlen(text_off), T.cat, &s, &err));
    print_message("  %s\n", err.msg);
    assert_non_null(strstr(err.msg, "needs the \"fire\" special rule (10.5.6)"));
}


int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test_setup_teardown(rule_10_5_6_1_fire_start_on_a_natural_six, fire_setup, fire_teardown),
        cmocka_unit_test_setup_teardown(rule_10_5_6_1_no_check_below_ten_or_for_a_lone_smc, fire_setup, fire_teardown),
        cmocka_unit_test_setup_teardown(rule_10_5_6_1_flamethrower_adds_five, fire_setup, fire_teardown),
        cmocka_unit_test_setup_teardown(rule_10_5_6_1_rain_or_snow_takes_one, fire_setup, fire_teardown),
        cmocka_unit_test_setup_teardown(rule_10_5_6_1_oft_to_hit_of_ten_or_more, fire_setup, fire_teardown),
        cmocka_unit_test_setup_teardown(rule_10_5_6_4_fire_counts_as_smoke, fire_setup, fire_teardown),
        cmocka_unit_test_setup_teardown(rule_10_5_6_4_admin_damage_then_intensity_then_spread, fire_setup, fire_teardown),
        cmocka_unit_test_setup_teardown(rule_10_5_6_2_fire_goes_out_on_a_one, fire_setup, fire_teardown),
        cmocka_unit_test_setup_teardown(rule_10_5_6_2_fire_spreads_to_flammable_neighbours, fire_setup, fire_teardown),
        cmocka_unit_test_setup_teardown(rule_10_5_6_3_put_out_a_fire_1, fire_setup, fire_teardown),
        cmocka_unit_test_setup_teardown(rule_10_5_6_3_no_putting_out_a_fire_2, fire_setup, fire_teardown),
        cmocka_unit_test_setup_teardown(rule_10_5_6_fire_is_a_game_option, fire_setup, fire_teardown),
        cmocka_unit_test_setup_teardown(rule_10_5_6_fire_markers_in_a_saved_position, fire_setup, fire_teardown),
        cmocka_unit_test_setup_teardown(rule_10_5_6_fire_markers_need_the_fire_rule, fire_setup, fire_teardown),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
