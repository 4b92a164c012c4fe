/*
 * test_conf_forts.c: the rules of sections 1-13 and 22 that meet fortifications
 * (docs/conformance.md), through the engine on the reconstructed Map 14 with
 * forced dice: mines in the entry sequence (6.0, 8.0), and a bunker as a hex
 * within the hex (1.3, 4.0, 5.3, 10.1, 10.4.1, 22.1; 21.1).
 */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <string.h>
#include <cmocka.h>

#include "lnlt/game.h"
#include "support/board.h"
#include "support/vehicle_board.h"
#include "rules/internal.h"

#define US LNLT_SIDE_1
#define DE LNLT_SIDE_2

static lnlt_bunkers bunkers;

static int open_board(void **state)
{
    (void)state;
    board_open(NULL, 0, "data/maps/map14.json");
    return 0;
}

/* A bunker in D4 (Clear), its front to the south (D5, C5, E5 side). */
static int open_bunker_board(void **state)
{
    open_board(state);
    memset(&bunkers, 0, sizeof bunkers);
    bunkers.count = 1;
    bunkers.b[0].cell = (int16_t)board_cell("D4");
    bunkers.b[0].tm = 2;
    bunkers.b[0].front = LNLT_DIR_S;
    T.ctx.bunkers = &bunkers;
    return 0;
}

static void mines(const char *hex, int side, int fp)
{
    lnlt_error err;
    if (lnlt_state_add_fort_value(&T.ctx, &T.st, "mines", hex, side, fp, &err) < 0)
        fail_msg("%s", err.msg);
}

/* 6.0, 21.4: a stack entering a hex of enemy mines is attacked as it enters,
 * before the opportunity fire: the mines miss, then the squad in A5 may fire. */
static void rule_6_0_mines_attack_the_entering_stack(void **state)
{
    (void)state;
    mines("D5", DE, 2);
    int squad = board_add("us_abn_squad_254", US, "D3");
    board_add("de_squad_164", DE, "A5");
    board_to_operations();
    board_play("activate D3", "");
    board_play("move D3", "");
    board_play("step D4", "");
    while (lnlt_decision_get(&T.ctx, &T.st).kind == LNLT_DECIDE_OPFIRE)
        board_play("no-fire", "");
    board_play("step D5", "1,6");
    board_expect_log("mines in D5: 1d6 1 + FP 2 = 3 vs 1d6 6 -> no effect");
    assert_int_equal(lnlt_decision_get(&T.ctx, &T.st).kind, LNLT_DECIDE_OPFIRE);
    assert_true(board_legal("opfire A5"));
    assert_int_equal(T.st.unit[squad].status, LNLT_GOOD_ORDER);
}

/* 8.0, 21.4 (ruling R-CORE-91): mines go off before the melee; the squad they
 * reduce and shake, entering a hex of shaken (not melee-eligible) Germans, goes
 * back to the hex it came from under a Moved marker and no melee starts. */
static void rule_8_0_mines_shake_an_enterer_before_the_melee(void **state)
{
    (void)state;
    mines("D5", DE, 2);
    int squad = board_add("us_abn_squad_254", US, "D4");
    int de = board_add("de_squad_164", DE, "D5");
    T.st.unit[de].status = LNLT_SHAKEN;
    board_to_operations();
    board_play("activate D4", "");
    board_play("move D4", "");
    board_play_loose("step D5", "6,1,6");
    board_expect_log("mines in D5: 1d6 6 + FP 2 = 8 vs 1d6 1 -> damage checks");
    assert_false(board_logged("a melee begins"));
    assert_int_equal(T.st.unit[squad].cell, board_cell("D4"));
    assert_true(T.st.unit[squad].marks & LNLT_MARK_MOVED);
    assert_false(lnlt_bit(T.st.melee, board_cell("D5")));
}

/* 4.0: a leader outside a bunker activates the units inside it and the hexes next
 * door. */
static void rule_4_0_leader_outside_a_bunker_activates_it_and_next_door(void **state)
{
    (void)state;
    board_add("de_lt_koch", DE, "D4");
    board_add("de_squad_164", DE, "D4:bunker");
    board_add("de_squad_164", DE, "D5");
    board_add("us_abn_squad_254", US, "K4");
    vboard_germans_first();
    board_to_operations();
    board_play("activate D4", "");
    assert_true(board_legal("also D4:bunker"));
    assert_true(board_legal("also D5"));
}

/* 4.0: a leader inside a bunker activates only his hex: the units outside the
 * bunker, not the hexes next door. */
static void rule_4_0_leader_inside_a_bunker_activates_only_his_hex(void **state)
{
    (void)state;
    board_add("de_lt_koch", DE, "D4:bunker");
    board_add("de_squad_164", DE, "D4");
    board_add("de_squad_164", DE, "D5");
    board_add("us_abn_squad_254", US, "K4");
    vboard_germans_first();
    board_to_operations();
    board_play("activate D4:bunker", "");
    assert_true(board_legal("also D4"));
    assert_false(board_legal("also D5"));
}

/* 4.0: a leader next door activates the units outside the bunker only. */
static void rule_4_0_leader_next_door_does_not_reach_into_a_bunker(void **state)
{
    (void)state;
    board_add("de_lt_koch", DE, "D5");
    board_add("de_squad_164", DE, "D4:bunker");
    board_add("de_squad_164", DE, "D4");
    board_add("us_abn_squad_254", US, "K4");
    vboard_germans_first();
    board_to_operations();
    board_play("activate D5", "");
    assert_true(board_legal("also D4"));
    assert_false(board_legal("also D4:bunker"));
}

/* 10.1, 21.1.1: the units on top of a bunker in open ground are spotted, those
 * inside are not; a good-order unit next door spots both (10.4.1). */
static void rule_10_1_spotting_a_bunker_hex_does_not_expose_the_bunker(void **state)
{
    (void)state;
    board_add("de_squad_164", DE, "D4:bunker");
    board_add("de_squad_164", DE, "D4");
    int us = board_add("us_abn_squad_254", US, "D1");
    assert_true(rules_spotted(&T.ctx, &T.st, board_cell("D4"), US));
    assert_false(rules_spotted(&T.ctx, &T.st, board_cell("D4:bunker"), US));
    rules_put_unit(&T.st, us, board_cell("D3"));
    assert_true(rules_spotted(&T.ctx, &T.st, board_cell("D4"), US));
    assert_true(rules_spotted(&T.ctx, &T.st, board_cell("D4:bunker"), US));
}

/* 5.3: opportunity fire at a stack entering the bunker's hex hits the movers
 * outside the bunker, not the friends inside it. */
static void rule_5_3_opportunity_fire_at_a_bunker_hex_spares_those_inside(void **state)
{
    (void)state;
    int inside = board_add("us_abn_squad_254", US, "D4:bunker");
    int mover = board_add("us_abn_squad_254", US, "D3");
    board_add("de_squad_164", DE, "D6");
    board_to_operations();
    board_play("activate D3", "");
    board_play("move D3", "");
    board_play("step D4", "");
    assert_int_equal(lnlt_decision_get(&T.ctx, &T.st).kind, LNLT_DECIDE_OPFIRE);
    board_play_loose("opfire D6", "6,1,1,1,1,1");
    board_expect_log("fire at D4: 1d6 6 + 1 + moving 1 = 8 vs 1d6 1 + TM 0 = 1 -> DC+7");
    assert_int_equal(T.st.unit[mover].status, LNLT_SHAKEN);
    assert_int_equal(T.st.unit[inside].status, LNLT_GOOD_ORDER);
    assert_false(board_logged("damage check, #0"));
}

/* 22.1: a bunker is controlled on its own: the Americans who take the ground of D4
 * do not take the Germans' bunker, and the hex is held by neither. */
static void rule_22_1_a_bunker_is_controlled_on_its_own(void **state)
{
    (void)state;
    board_add("de_squad_164", DE, "D4:bunker");
    board_add("us_abn_squad_254", US, "D3");
    int d4 = board_cell("D4");
    lnlt_bit_set(T.st.control[DE], d4);
    lnlt_bit_set(T.st.control_up[DE][LNLT_FLOOR_BUNKER - 1], d4);
    assert_int_equal(lnlt_hex_controller(&T.st, d4), DE);
    board_to_operations();
    board_play("activate D3", "");
    board_play("move D3", "");
    board_play("step D4", "");
    while (lnlt_decision_get(&T.ctx, &T.st).kind == LNLT_DECIDE_OPFIRE)
        board_play("no-fire", "");
    board_play("stop", "");
    assert_int_equal(lnlt_hex_controller(&T.st, d4), 0);
}

/* 1.6.4, 21.1: an OFT weapon is not fired from a bunker, an anti-tank rifle is; the
 * same Panzerfaust fires from the ground of the hex. The target in D5 is in the
 * bunker's front. */
static void rule_1_6_4_ordnance_weapons_not_from_a_bunker(void **state)
{
    (void)state;
    int in = board_add("de_squad_164", DE, "D4:bunker");
    int pf_in = board_add_sw("panzerfaust_30", in, "D4:bunker");
    int atr = board_add("de_squad_164", DE, "D4:bunker");
    int rifle = board_add_sw("solothurn", atr, "D4:bunker");
    int out = board_add("de_squad_164", DE, "D4");
    int pf_out = board_add_sw("panzerfaust_30", out, "D4");
    int jeep = board_add("us_jeep", US, "D5");
    lnlt_error err;
    if (!lnlt_state_set_facing(&T.ctx, &T.st, jeep, "D6", "E5", &err))
        fail_msg("%s", err.msg);
    vboard_germans_first();
    board_to_operations();
    board_play("activate D4:bunker", "");
    char cmd[64];
    snprintf(cmd, sizeof cmd, "shoot D4:bunker D5 v%d w%d #%d", jeep, pf_in, in);
    assert_false(board_legal(cmd));
    snprintf(cmd, sizeof cmd, "shoot D4:bunker D5 v%d w%d #%d", jeep, rifle, atr);
    assert_true(board_legal(cmd));
    board_play("done", "");
    board_play("pass", "");
    board_play("activate D4", "");
    snprintf(cmd, sizeof cmd, "shoot D4 D5 v%d w%d #%d", jeep, pf_out, out);
    assert_true(board_legal(cmd));
}

/* 1.3, 10.4.1: a bunker is a hex within the hex with its own stacking: three
 * squads inside leave room outside, none inside. */
static void rule_1_3_a_bunker_has_its_own_stacking(void **state)
{
    (void)state;
    for (int i = 0; i < 3; i++)
        board_add("de_squad_164", DE, "D4:bunker");
    board_add("de_squad_164", DE, "D5");
    board_add("us_abn_squad_254", US, "K4");
    vboard_germans_first();
    board_to_operations();
    board_play("activate D5", "");
    board_play("move D5", "");
    assert_true(board_legal("step D4"));
    board_play("step D4", "");
    assert_false(board_legal("step D4:bunker"));
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test_setup_teardown(rule_6_0_mines_attack_the_entering_stack, open_board, board_teardown),
        cmocka_unit_test_setup_teardown(rule_8_0_mines_shake_an_enterer_before_the_melee, open_board,
                                        board_teardown),
        cmocka_unit_test_setup_teardown(rule_4_0_leader_outside_a_bunker_activates_it_and_next_door,
                                        open_bunker_board, board_teardown),
        cmocka_unit_test_setup_teardown(rule_4_0_leader_inside_a_bunker_activates_only_his_hex, open_bunker_board,
                                        board_teardown),
        cmocka_unit_test_setup_teardown(rule_4_0_leader_next_door_does_not_reach_into_a_bunker, open_bunker_board,
                                        board_teardown),
        cmocka_unit_test_setup_teardown(rule_10_1_spotting_a_bunker_hex_does_not_expose_the_bunker,
                                        open_bunker_board, board_teardown),
        cmocka_unit_test_setup_teardown(rule_5_3_opportunity_fire_at_a_bunker_hex_spares_those_inside,
                                        open_bunker_board, board_teardown),
        cmocka_unit_test_setup_teardown(rule_22_1_a_bunker_is_controlled_on_its_own, open_bunker_board,
                                        board_teardown),
        cmocka_unit_test_setup_teardown(rule_1_6_4_ordnance_weapons_not_from_a_bunker, open_bunker_board,
                                        board_teardown),
        cmocka_unit_test_setup_teardown(rule_1_3_a_bunker_has_its_own_stacking, open_bunker_board, board_teardown),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
