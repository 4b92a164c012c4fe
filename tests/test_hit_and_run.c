/*
 * test_hit_and_run.c: hit and run movement (rule 6.7) on Map 15. A stack with the
 * red MF declares it when it starts moving, spends up to half its MF, and may
 * fire once at any point of the move at -2 FP, all in one impulse; it ends
 * marked Hit & Run (and Fired if it fired), and may not enter a melee.
 * Movement Example 6's pattern: move, fire, move on.
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
                                        "tests/fixtures/units/hit_and_run.json"};
    board_open(files, 5, "data/maps/map15.json");
    return 0;
}

/* The H&R squad in L8 (MF 6, so 3 MP) steps to L7, fires at the Germans in L4
 * at FP 2 - 2 = 0, then steps on to K7 (brush, 2 MP), which spends the rest. It
 * may fire only once, and ends marked Hit & Run and Fired. */
static void rule_6_7_move_fire_move(void **state)
{
    (void)state;
    int hr = board_add("test_hr_squad", 1, "L8");
    board_add("de_squad_164", 2, "L4");
    board_to_operations();
    board_play("activate L8", "");
    assert_true(board_legal("hit-and-run L8"));
    board_play("hit-and-run L8", "");
    assert_int_equal(rules_stack_mp2_left(&T.ctx, &T.st), 6);
    assert_true(board_legal("hr-fire L4")); /* it may fire before moving, too */
    board_play("step L7", "");
    if (lnlt_decision_get(&T.ctx, &T.st).kind == LNLT_DECIDE_OPFIRE)
        board_play("no-fire", "");
    assert_true(board_legal("hr-fire L4"));
    board_play("hr-fire L4", "3,6");
    board_expect_log("hit and run -2");
    board_expect_log("fire at L4: 1d6 3 + 0 = 3 vs 1d6 6 + TM 0 = 6 -> no effect");
    assert_int_equal(lnlt_decision_get(&T.ctx, &T.st).kind, LNLT_DECIDE_MOVE);
    assert_false(board_legal("hr-fire L4")); /* once per move */
    board_play("step K7", ""); /* brush, 2 MP: the 3 MP are spent and the move ends */
    if (lnlt_decision_get(&T.ctx, &T.st).kind == LNLT_DECIDE_OPFIRE)
        board_play("no-fire", "");
    assert_false(T.st.move.active);
    assert_true(T.st.unit[hr].marks & LNLT_MARK_HIT_AND_RUN);
    assert_true(T.st.unit[hr].marks & LNLT_MARK_FIRED);
    assert_false(T.st.unit[hr].marks & LNLT_MARK_MOVED);
}

/* Only red-MF stacks may; half the MF; never into a melee. */
static void rule_6_7_who_and_where(void **state)
{
    (void)state;
    board_add("test_hr_squad", 1, "L6");
    board_add("us_abn_squad_254", 1, "L7");
    board_add("de_squad_164", 2, "L5");
    board_to_operations();
    board_play("activate L7", "");
    assert_false(board_legal("hit-and-run L7"));
    board_play("done", "");
    board_play("pass", "");
    board_play("activate L6", "");
    board_play("hit-and-run L6", "");
    assert_false(board_legal("step L5")); /* 6.7: no melee */
}

/* Major Tom rides with the H&R squad (an SMC stacked with a red-MF unit) and
 * lends his LM to its one attack, made here before the first step. */
static void rule_6_7_leader_rides_and_lends_his_lm(void **state)
{
    (void)state;
    board_add("test_hr_squad", 1, "L8");
    int tom = board_add("us_maj_tom", 1, "L8");
    board_add("de_squad_164", 2, "L4");
    board_to_operations();
    board_play("activate L8", "");
    board_play("hit-and-run L8", "");
    assert_true(lnlt_bit(T.st.move.units, tom));
    board_play("hr-fire L4", "3,6");
    board_expect_log("fire from L8 at L4: FP +2 + LM Major Tom +2 + hit and run -2 = 2");
    board_expect_log("fire at L4: 1d6 3 + 2 = 5 vs 1d6 6 + TM 0 = 6 -> no effect");
    board_play("stop", "");
    assert_true(T.st.unit[tom].marks & LNLT_MARK_HIT_AND_RUN);
}

/* The Hit & Run marker gives the hex away like a Moved marker: L8 (low crops,
 * degrading) is not spotted by the distant Germans until the stack, without
 * firing, ends its hit and run move there. */
static void rule_6_7_the_marker_gives_the_hex_away(void **state)
{
    (void)state;
    board_add("test_hr_squad", 1, "L8");
    board_add("de_squad_164", 2, "L4");
    int l8 = board_cell("L8");
    assert_false(rules_spotted(&T.ctx, &T.st, l8, 2));
    board_to_operations();
    board_play("activate L8", "");
    board_play("hit-and-run L8", "");
    board_play("stop", "");
    assert_true(rules_spotted(&T.ctx, &T.st, l8, 2));
}

/* EX-025 (6.7, Movement Example 6): a 12-MF horse unit spends 2 MP, fires at -2,
 * then spends its remaining 4 MP, and ends marked Hit & Run and Fired. Here along
 * the H road of the reconstructed Map 15: H2 to H3 (2 MP), the attack on the
 * Germans in H8, then H4 (2 MP), H5 and H6 (1 MP each). */
static void EX_025_spend_two_fire_spend_four(void **state)
{
    (void)state;
    int horse = board_add("test_hr_horse", 1, "H2");
    board_add("de_squad_164", 2, "H8");
    board_to_operations();
    board_play("activate H2", "");
    board_play("hit-and-run H2", "");
    assert_int_equal(rules_stack_mp2_left(&T.ctx, &T.st), 12); /* 6 MP */
    static const char *const first[] = {"step H3"}, *const then[] = {"step H4", "step H5", "step H6"};
    for (int i = 0; i < 1; i++) {
        board_play(first[i], "");
        if (lnlt_decision_get(&T.ctx, &T.st).kind == LNLT_DECIDE_OPFIRE)
            board_play("no-fire", "");
    }
    assert_int_equal(rules_stack_mp2_left(&T.ctx, &T.st), 8); /* 2 MP spent, 4 left */
    board_play("hr-fire H8", "1,6");
    board_expect_log("fire from H3 at H8: FP +1 + hit and run -2 = -1");
    board_expect_log("fire at H8: 1d6 1 - 1 = 0 vs 1d6 6 + TM 0 = 6 -> no effect");
    for (int i = 0; i < 3; i++) {
        board_play(then[i], "");
        if (lnlt_decision_get(&T.ctx, &T.st).kind == LNLT_DECIDE_OPFIRE)
            board_play("no-fire", "");
    }
    assert_false(T.st.move.active); /* the 4 MP are spent */
    assert_int_equal(T.st.unit[horse].cell, board_cell("H6"));
    assert_true((T.st.unit[horse].marks & LNLT_MARK_HIT_AND_RUN) && (T.st.unit[horse].marks & LNLT_MARK_FIRED));
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test_setup_teardown(EX_025_spend_two_fire_spend_four, setup, board_teardown),
        cmocka_unit_test_setup_teardown(rule_6_7_move_fire_move, setup, board_teardown),
        cmocka_unit_test_setup_teardown(rule_6_7_who_and_where, setup, board_teardown),
        cmocka_unit_test_setup_teardown(rule_6_7_leader_rides_and_lends_his_lm, setup, board_teardown),
        cmocka_unit_test_setup_teardown(rule_6_7_the_marker_gives_the_hex_away, setup, board_teardown),
    };
    return cmocka_run_group_tests_name("hit_and_run", tests, NULL, NULL);
}
