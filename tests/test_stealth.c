/*
 * test_stealth.c: stealth movement (rules 6.4, 6.4.1, 6.4.2) on Map 15: a stealthy
 * stack does not give its hex away by moving, an enemy next to it sees the hex
 * but may not target the stealthy units there, fire at them gets no moving-target
 * bonus, a stealth assault move has half the MF, and stealth assault fire
 * (6.4.2) fires first, then moves stealthily.
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
#include "rules/internal.h"

static int setup(void **state)
{
    (void)state;
    static const char *const files[] = {"data/nations/starter_kit.json", "data/units/us_wwii.json",
                                        "data/units/de_wwii.json",       "data/weapons/starter_kit.json",
                                        "data/weapons/legend_examples.json", "tests/fixtures/units/stealth.json"};
    board_open(files, 6, "data/maps/map15.json");
    T.log_last_command = true;
    return 0;
}

/* Light Woods K5 is degrading; the Germans in L3 and K3 cannot see in without
 * a reason. A normal move into K5 opens an opportunity-fire window; a stealth
 * move does not. */
static void rule_6_4_stealth_move_does_not_give_the_hex_away(void **state)
{
    (void)state;
    int sq = board_add("test_stealth_squad", 1, "K4");
    board_add("de_squad_164", 2, "L3");
    board_to_operations();
    board_play("activate K4", "");
    assert_true(board_legal("stealth K4"));
    board_play("stealth K4", "");
    board_play("step K5", "");
    assert_true(T.st.unit[sq].marks & LNLT_MARK_STEALTH);
    assert_false(T.st.unit[sq].marks & LNLT_MARK_MOVED);
    assert_false(rules_spotted(&T.ctx, &T.st, board_cell("K5"), 2));
    assert_int_equal(lnlt_decision_get(&T.ctx, &T.st).kind, LNLT_DECIDE_MOVE); /* no OF window */
}

/* A German next to the stealthy squad sees its hex, but may not target it there;
 * other units in the hex may be targeted. */
static void rule_6_4_adjacency_alone_does_not_reveal_stealth(void **state)
{
    (void)state;
    int sq = board_add("test_stealth_squad", 1, "K5");
    T.st.unit[sq].marks = LNLT_MARK_STEALTH;
    T.st.unit[sq].flags = LNLT_UNIT_ACTIVATED;
    board_add("de_squad_164", 2, "L5");
    T.st.initiative = 2;
    T.st.to_act = 2;
    board_to_operations();
    assert_true(rules_spotted(&T.ctx, &T.st, board_cell("K5"), 2));
    board_play("activate L5", "");
    assert_false(board_legal("fire L5 K5"));
    /* a non-stealthy half-squad joins it: now there is a target */
    int half = board_add("us_abn_half_144", 1, "K5");
    assert_true(board_legal("fire L5 K5"));
    /* 1 + adjacent 2 = 3: 6 + 3 = 9 vs 2 + TM 1 = 3, DC 6; only the half-squad checks */
    board_play("fire L5 K5", "6,2,3");
    char want[2][64];
    snprintf(want[0], sizeof want[0], "damage check, #%d Airborne half-squad", half);
    snprintf(want[1], sizeof want[1], "damage check, #%d Stealth squad", sq);
    assert_true(board_logged(want[0]));
    assert_false(board_logged(want[1]));
}

/* Opportunity fire at a stealth mover in open terrain: no +1 for a moving target. */
static void rule_6_4_no_moving_bonus_against_stealth(void **state)
{
    (void)state;
    board_add("test_stealth_squad", 1, "L7");
    board_add("de_squad_164", 2, "L3");
    board_to_operations();
    board_play("activate L7", "");
    board_play("stealth L7", "");
    board_play("step L6", ""); /* clear: open terrain is always spotted */
    assert_int_equal(lnlt_decision_get(&T.ctx, &T.st).kind, LNLT_DECIDE_OPFIRE);
    board_play("opfire L3", "4,6");
    assert_true(board_logged("fire at L6: 1d6 4 + 1 = 5 vs 1d6 6 + TM 0 = 6 -> no effect"));
}

/* 6.4.1: a stealth assault move has half the MF (4 -> 2) and keeps the unit stealthy. */
static void rule_6_4_1_stealth_assault_half_mf(void **state)
{
    (void)state;
    int sq = board_add("test_stealth_squad", 1, "L7");
    board_add("de_squad_164", 2, "A1");
    board_to_operations();
    board_play("activate L7", "");
    board_play("stealth-assault L7", "");
    assert_int_equal(rules_stack_mp2_left(&T.ctx, &T.st), 4);
    board_play("step L6", "");
    assert_true((T.st.unit[sq].marks & LNLT_MARK_STEALTH) && (T.st.unit[sq].marks & LNLT_MARK_ASSAULT_MOVE));
}

/* 6.4.2: stealth assault fire. The stealthy squad in L7 fires at the Germans in
 * L3 at -2 FP, loses its Fired marker, moves half its MF (4 -> 2) and is marked
 * Stealth, not Moved, once it has moved. The half-squad beside it, without the
 * yellow box, may not join in. */
static void rule_6_4_2_stealth_assault_fire(void **state)
{
    (void)state;
    int sq = board_add("test_stealth_squad", 1, "L7");
    int half = board_add("us_abn_half_144", 1, "L7");
    board_add("de_squad_164", 2, "L3");
    board_to_operations();
    board_play("activate L7", "");
    char cmd[64];
    snprintf(cmd, sizeof cmd, "stealth-assault-fire L7 L3 #%d", half);
    assert_false(board_legal(cmd));
    snprintf(cmd, sizeof cmd, "stealth-assault-fire L7 L3 #%d #%d", sq, half);
    assert_false(board_legal(cmd));
    snprintf(cmd, sizeof cmd, "stealth-assault-fire L7 L3 #%d", sq);
    board_play(cmd, "3,6");
    assert_true(board_logged("FP +2 + assault move/fire -2 = 0"));
    assert_true(board_logged("fire at L3: 1d6 3 + 0 = 3 vs 1d6 6 + TM 0 = 6 -> no effect"));
    assert_true(board_logged("1 unit move stealthily after assault fire from L7 with 2 MP"));
    assert_false(T.st.unit[sq].marks & LNLT_MARK_FIRED);
    assert_int_equal(lnlt_decision_get(&T.ctx, &T.st).kind, LNLT_DECIDE_MOVE);
    assert_int_equal(rules_stack_mp2_left(&T.ctx, &T.st), 4);
    board_play("step L6", "");
    assert_true(T.st.unit[sq].marks & LNLT_MARK_STEALTH);
    assert_false(T.st.unit[sq].marks & (LNLT_MARK_MOVED | LNLT_MARK_ASSAULT_MOVE));
    assert_int_equal(T.st.unit[half].cell, board_cell("L7"));
}

/* 6.4: a stealthy squad that ends its move in a hex its own side has already
 * given away (a friendly squad there marked Fired) loses its stealth and is
 * marked Moved; passing through such a hex costs nothing. */
static void rule_6_4_stealth_lost_in_a_hex_given_away_by_friends(void **state)
{
    (void)state;
    int sq = board_add("test_stealth_squad", 1, "K4");
    int friend = board_add("us_abn_half_144", 1, "K5");
    T.st.unit[friend].marks = LNLT_MARK_FIRED;
    T.st.unit[friend].flags = LNLT_UNIT_ACTIVATED;
    board_add("de_squad_164", 2, "A1");
    board_to_operations();
    board_play("activate K4", "");
    board_play("stealth K4", "");
    board_play("step K5", "");
    assert_true(T.st.unit[sq].marks & LNLT_MARK_STEALTH); /* still moving: it may leave */
    board_play("stop", "");
    assert_false(T.st.unit[sq].marks & LNLT_MARK_STEALTH);
    assert_true(T.st.unit[sq].marks & LNLT_MARK_MOVED);
    assert_true(board_logged("loses its stealth"));
}

/* ... while ending in an unspotted hex keeps it. */
static void rule_6_4_stealth_kept_in_a_quiet_hex(void **state)
{
    (void)state;
    int sq = board_add("test_stealth_squad", 1, "K4");
    board_add("de_squad_164", 2, "A1");
    board_to_operations();
    board_play("activate K4", "");
    board_play("stealth K4", "");
    board_play("step K5", "");
    board_play("stop", "");
    assert_true(T.st.unit[sq].marks & LNLT_MARK_STEALTH);
    assert_false(T.st.unit[sq].marks & LNLT_MARK_MOVED);
    assert_false(board_logged("loses its stealth"));
}

/* 6.4: mortars always affect stealthy units. K5 (light woods) is spotted only
 * because a German squad stands next to it in L5. An attack with the 51 mm mortar
 * from K3 checks the stealthy squad as well as the half-squad beside it; the same
 * squad's attack without a mortar in range reaches only the half-squad. */
static void rule_6_4_mortars_always_affect_stealth(void **state)
{
    (void)state;
    int sq = board_add("test_stealth_squad", 1, "K5");
    T.st.unit[sq].marks = LNLT_MARK_STEALTH;
    T.st.unit[sq].flags = LNLT_UNIT_ACTIVATED;
    int half = board_add("us_abn_half_144", 1, "K5");
    int gunners = board_add("de_squad_164", 2, "K3");
    board_add("de_squad_164", 2, "L5");
    board_add_sw("mortar_51mm", gunners, NULL);
    T.st.initiative = 2;
    T.st.to_act = 2;
    board_to_operations();
    board_play("activate K3", "");
    /* high die 6, defence 1, then a damage check for each of the two units */
    board_play("fire K3 K5", "6,2,1,6,6");
    assert_true(board_logged("attack (mortar: high die)"));
    char want[2][64];
    snprintf(want[0], sizeof want[0], "damage check, #%d Stealth squad", sq);
    snprintf(want[1], sizeof want[1], "damage check, #%d Airborne half-squad", half);
    assert_true(board_logged(want[0]));
    assert_true(board_logged(want[1]));
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test_setup_teardown(rule_6_4_stealth_move_does_not_give_the_hex_away, setup, board_teardown),
        cmocka_unit_test_setup_teardown(rule_6_4_adjacency_alone_does_not_reveal_stealth, setup, board_teardown),
        cmocka_unit_test_setup_teardown(rule_6_4_no_moving_bonus_against_stealth, setup, board_teardown),
        cmocka_unit_test_setup_teardown(rule_6_4_1_stealth_assault_half_mf, setup, board_teardown),
        cmocka_unit_test_setup_teardown(rule_6_4_2_stealth_assault_fire, setup, board_teardown),
        cmocka_unit_test_setup_teardown(rule_6_4_stealth_lost_in_a_hex_given_away_by_friends, setup, board_teardown),
        cmocka_unit_test_setup_teardown(rule_6_4_stealth_kept_in_a_quiet_hex, setup, board_teardown),
        cmocka_unit_test_setup_teardown(rule_6_4_mortars_always_affect_stealth, setup, board_teardown),
    };
    return cmocka_run_group_tests_name("stealth", tests, NULL, NULL);
}
