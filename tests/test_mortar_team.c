/*
 * test_mortar_team.c: mortar weapon teams through the engine (rules 1.7, 18.1) on
 * the long field tests/fixtures/maps/mortar_range.json: direct fire with the high
 * die of 2d6 and no degrading penalty (EX-088, Onboard Mortars Example 1), the
 * minimum range, no opportunity fire, no fire from forest, and called (indirect)
 * fire by a leader that marks him Ops Complete and leaves a Fire For Effect marker.
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

/* The starter-kit counters and the test weapon teams, on the given map. */
static void open_board(const char *map)
{
    static const char *const files[] = {"data/nations/starter_kit.json", "data/units/us_wwii.json",
                                        "data/units/de_wwii.json", "data/weapons/starter_kit.json",
                                        "tests/fixtures/units/weapon_teams.json"};
    board_open(files, 5, map);
}

static int setup(void **state)
{
    (void)state;
    open_board("tests/fixtures/maps/mortar_range.json");
    return 0;
}

/* The Germans' turn to act: the US side (initiative) passes its first impulse. */
static void german_impulse(void)
{
    board_to_operations();
    board_play("pass", "");
}

static void spot(const char *hex) { lnlt_bit_set(T.st.spotted[2], board_cell(hex)); }

/* EX-088: the 50mm mortar team (FP 2, range 2-30) fires 12 hexes through two
 * degrading hexes at a spotted light woods hex: dice 3 and 5 give 5 + 2 = 7, with
 * no degrading penalty; the defender's 2 + TM 1 = 3; DC 4. */
static void EX_088_mortar_team_direct_fire_high_die(void **state)
{
    (void)state;
    board_add("test_wt_mortar", 2, "A3");
    int us = board_add("us_abn_squad_254", 1, "M3");
    spot("M3");
    german_impulse();
    board_play("activate A3", "");
    /* attack 3 and 5, defence 2, then the squad's damage check */
    board_play_loose("fire A3 M3", "3,5,2,6,6");
    board_expect_log("mortar: high die");
    board_expect_log("= 7 vs 1d6 2 + TM 1 = 3 -> DC+4");
    assert_false(board_logged("degrading"));
    assert_true(T.st.unit[us].cell == board_cell("M3"));
}

/* 18.1: the range band (2-30): nothing at range 1. */
static void rule_18_1_mortar_team_minimum_range(void **state)
{
    (void)state;
    board_add("test_wt_mortar", 2, "A3");
    board_add("us_abn_squad_254", 1, "B3");
    board_add("us_abn_squad_254", 1, "M3");
    spot("M3");
    german_impulse();
    board_play("activate A3", "");
    assert_false(board_legal("fire A3 B3"));
    assert_true(board_legal("fire A3 M3"));
}

/* 18.1: no fire from forest (nor buildings, bunkers, heavy jungle). */
static void rule_18_1_mortar_team_not_from_forest(void **state)
{
    (void)state;
    board_add("test_wt_mortar", 2, "B6");
    board_add("us_abn_squad_254", 1, "M3");
    spot("M3");
    german_impulse();
    board_play("activate B6", "");
    assert_false(board_legal("fire B6 M3"));
}

/* 18.1: mortars never fire as opportunity fire. */
static void rule_18_1_mortar_team_no_opportunity_fire(void **state)
{
    (void)state;
    board_add("test_wt_mortar", 2, "A3");
    board_add("us_abn_squad_254", 1, "L2");
    board_add("de_squad_164", 2, "K5");
    board_to_operations();
    board_play("activate L2", "");
    board_play("move L2", "");
    board_play("step L3", "");
    /* the window is open for the squad in K5, not for the mortar team (range 11) */
    assert_true(board_legal("opfire K5"));
    assert_false(board_legal("opfire A3"));
}

/* 18.1: a leader who sees the hex calls the team's fire from afar: the team needs
 * no line of sight, the leader is marked Ops Complete and lends no LM, and a Fire
 * For Effect marker stays on the hex. A squad cannot call. */
static void rule_18_1_called_mortar_fire_and_ffe(void **state)
{
    (void)state;
    int team = board_add("test_wt_mortar", 2, "A3");
    int koch = board_add("de_lt_koch", 2, "K4");
    int squad = board_add("de_squad_164", 2, "K2");
    board_add("us_abn_squad_254", 1, "M3");
    spot("M3");
    german_impulse();
    board_play("activate A3", "");
    char cmd[64];
    snprintf(cmd, sizeof cmd, "call-mortar A3 M3 #%d #%d", team, squad);
    assert_false(board_legal(cmd));
    snprintf(cmd, sizeof cmd, "call-mortar A3 M3 #%d #%d", team, koch);
    assert_true(board_legal(cmd));
    board_play_loose(cmd, "3,5,2,6,6");
    board_expect_log("calls the fire of");
    board_expect_log("= 7 vs 1d6 2 + TM 1 = 3 -> DC+4"); /* no LM from the caller */
    assert_true(T.st.unit[koch].marks & LNLT_MARK_OPS_COMPLETE);
    assert_true(lnlt_bit(T.st.ffe, board_cell("M3")));
    assert_int_equal(T.st.ffe_fp, 2);
}

/* 11.4: a lone sniper doubles his TM, but not against a mortar team's fire. */
static void rule_11_4_no_doubled_sniper_tm_against_a_mortar_team(void **state)
{
    (void)state;
    board_close();
    open_board("tests/fixtures/maps/mortar_range.json");
    board_add("test_wt_mortar", 2, "A3");
    board_add("us_sniper_wwii", 1, "M3"); /* light woods, TM +1 */
    board_add("us_abn_squad_254", 1, "P6");
    spot("M3");
    german_impulse();
    board_play("activate A3", "");
    board_play_loose("fire A3 M3", "3,5,2,6,6");
    board_expect_log("= 7 vs 1d6 2 + TM 1 = 3 -> DC+4");
}

/* 18.0: a mortar team's attack hits the enemy on every floor of the building hex,
 * with one roll and each floor's own TM (the roof +1, the wooden house +3). */
static void rule_18_0_mortar_team_hits_every_floor(void **state)
{
    (void)state;
    board_close();
    open_board("tests/fixtures/maps/floors.json");
    int team = board_add("test_wt_mortar", 2, "A7");
    int koch = board_add("de_lt_koch", 2, "E4"); /* next to D4: he sees it, and spots it */
    board_add("us_abn_squad_254", 1, "D4");
    board_add("us_abn_half_144", 1, "D4:roof");
    german_impulse();
    board_play("activate A7", "");
    char cmd[64];
    snprintf(cmd, sizeof cmd, "call-mortar A7 D4 #%d #%d", team, koch);
    board_play_loose(cmd, "3,5,1,6,6,6,6,6,6");
    board_expect_log("fire at D4: 1d6 5 + 2 = 7 vs 1d6 1 + TM 3 = 4 -> DC+3");
    board_expect_log("Airborne half-squad 1-4-4 in D4:roof is hit too: 7 vs 1d6 1 + TM 1 = 2 -> DC+5");
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test_setup_teardown(EX_088_mortar_team_direct_fire_high_die, setup, board_teardown),
        cmocka_unit_test_setup_teardown(rule_18_1_mortar_team_minimum_range, setup, board_teardown),
        cmocka_unit_test_setup_teardown(rule_18_1_mortar_team_not_from_forest, setup, board_teardown),
        cmocka_unit_test_setup_teardown(rule_18_1_mortar_team_no_opportunity_fire, setup, board_teardown),
        cmocka_unit_test_setup_teardown(rule_18_1_called_mortar_fire_and_ffe, setup, board_teardown),
        cmocka_unit_test_setup_teardown(rule_11_4_no_doubled_sniper_tm_against_a_mortar_team, setup, board_teardown),
        cmocka_unit_test_setup_teardown(rule_18_0_mortar_team_hits_every_floor, setup, board_teardown),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
