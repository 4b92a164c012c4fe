/*
 * test_opportunity_move.c: opportunity movement (rule 6.8) through the engine, on
 * Map 15: a red-MF stack moving instead of firing at a mover, the fire and the
 * counter-move it draws, and the interrupted move going on afterwards. Movement
 * Example 7 (EX-026) and ruling R-CORE-36. British (side 1) move, Italians with
 * motorcycles and cavalry (side 2) react; counters from
 * tests/fixtures/units/mounted.json.
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
                                        "tests/fixtures/nations/mounted.json", "tests/fixtures/units/mounted.json",
                                        "tests/fixtures/weapons/mounted.json"};
    board_open(files, 7, "data/maps/map15.json");
    return 0;
}

static lnlt_decision decision(void) { return lnlt_decision_get(&T.ctx, &T.st); }

static void play_units(const char *verb, const char *hex, const int *units, int n, const char *dice)
{
    char cmd[96];
    int len = snprintf(cmd, sizeof cmd, "%s %s", verb, hex);
    for (int i = 0; i < n; i++)
        len += snprintf(cmd + len, sizeof cmd - (size_t)len, " #%d", units[i]);
    board_play(cmd, dice);
}

/* EX-026 (Movement Example 7): Sgt Newell and a 1-5-4-5 half-squad leave F3 (where
 * another half-squad stays) for E3, to rush the Bersaglieri half-squad in D5,
 * which is under a Fired marker. The Italian 0-4-20 motorcycle half-squad in E5
 * moves instead of firing: it rides to E4, where the half-squad left in F3 fires
 * at it (-1: a moving mounted unit), and stops. Newell's stack then goes on from
 * E3 with the 2 MP it has left. */
static void EX_026_motorcycles_move_instead_of_firing(void **state)
{
    (void)state;
    int newell = board_add("test_uk_sgt", 1, "F3");
    int hs1 = board_add("test_uk_half_1545", 1, "F3");
    board_add("test_uk_half_1545", 1, "F3");
    int bers = board_add("test_it_bers_half_144", 2, "D5");
    int moto = board_add("test_it_moto_half_0420", 2, "E5");
    T.st.unit[bers].marks |= LNLT_MARK_FIRED;
    board_to_operations();
    board_play("activate F3", "");
    int movers[] = {newell, hs1};
    play_units("move", "F3", movers, 2, "");
    board_play("step E3", "");
    assert_int_equal(decision().kind, LNLT_DECIDE_OPFIRE);
    assert_int_equal(decision().side, 2);
    assert_true(board_legal("opp-move E5"));
    assert_true(board_legal("opp-hit-and-run E5"));
    assert_false(board_legal("opp-move D5")); /* no red MF, and Fired */
    board_play("opp-move E5", "");
    board_expect_log("opportunity move: the units in E5 move instead of firing at the stack in E3");
    assert_int_equal(decision().kind, LNLT_DECIDE_MOVE);
    assert_int_equal(decision().side, 2);
    board_play("step E4", "");
    assert_int_equal(decision().kind, LNLT_DECIDE_OPFIRE);
    assert_int_equal(decision().side, 1);
    assert_true(board_legal("opfire F3"));
    board_play("opfire F3", "4,6");
    board_expect_log("fire at E4: 1d6 4 + 1 - mounted moving 1 = 4 vs 1d6 6 + TM 0 = 6 -> no effect");
    if (decision().kind == LNLT_DECIDE_OPFIRE)
        board_play("no-fire", "");
    board_play("stop", "");
    board_expect_log("the opportunity move is over; the stack in E3 goes on with 2 MP");
    assert_int_equal(decision().kind, LNLT_DECIDE_MOVE);
    assert_int_equal(decision().side, 1);
    assert_int_equal(T.st.move.cell, board_cell("E3"));
    assert_true(lnlt_bit(T.st.move.units, newell) && lnlt_bit(T.st.move.units, hs1));
    assert_int_equal(rules_stack_mp2_left(&T.ctx, &T.st), 4);
    assert_true(T.st.unit[moto].marks & LNLT_MARK_MOVED);
    assert_int_equal(T.st.om_depth, 0);
    board_play("stop", "");
    assert_int_equal(decision().kind, LNLT_DECIDE_ACTIVATION);
    assert_int_equal(decision().side, 1);
}

/* 6.8 (ruling R-CORE-140): an opportunity move may be made by any group of a
 * hex's units. Five Italian motorcycle half-squads in E5: the whole stack and each
 * alone are listed; three of them are gathered and ride off together, the other
 * two stay in E5 unmarked. */
static void rule_6_8_any_group_of_a_large_stack_may_move(void **state)
{
    (void)state;
    board_add("test_uk_half_1545", 1, "F3");
    int moto[5];
    for (int i = 0; i < 5; i++)
        moto[i] = board_add("test_it_moto_half_0420", 2, "E5");
    board_to_operations();
    board_play("activate F3", "");
    board_play("move F3", "");
    board_play("step E3", "");
    assert_int_equal(decision().kind, LNLT_DECIDE_OPFIRE);
    assert_true(board_legal("opp-move E5"));
    char cmd[96];
    snprintf(cmd, sizeof cmd, "opp-move E5 #%d", moto[0]);
    assert_true(board_legal(cmd));
    snprintf(cmd, sizeof cmd, "opp-move E5 #%d #%d #%d", moto[0], moto[2], moto[4]);
    assert_false(board_legal(cmd));
    snprintf(cmd, sizeof cmd, "gather E5 #%d", moto[0]);
    board_play(cmd, "");
    assert_int_equal(decision().kind, LNLT_DECIDE_OPP_GATHER);
    assert_int_equal(decision().side, 2);
    snprintf(cmd, sizeof cmd, "join #%d", moto[2]);
    board_play(cmd, "");
    snprintf(cmd, sizeof cmd, "join #%d", moto[4]);
    board_play(cmd, "");
    int group[] = {moto[0], moto[2], moto[4]};
    play_units("opp-move", "E5", group, 3, "");
    assert_int_equal(decision().kind, LNLT_DECIDE_MOVE);
    assert_int_equal(decision().side, 2);
    for (int i = 0; i < 5; i++)
        assert_int_equal(lnlt_bit(T.st.move.units, moto[i]) != 0, i % 2 == 0);
    board_play("step E4", "");
    while (decision().kind == LNLT_DECIDE_OPFIRE)
        board_play("no-fire", "");
    board_play("stop", "");
    for (int i = 0; i < 5; i++) {
        assert_int_equal(T.st.unit[moto[i]].cell, board_cell(i % 2 == 0 ? "E4" : "E5"));
        assert_int_equal((T.st.unit[moto[i]].marks & LNLT_MARK_MOVED) != 0, i % 2 == 0);
    }
}

/* Only stacks able to hit and run, unmarked and not yet acted, may; and only while
 * the opportunity-fire window is open. */
static void rule_6_8_only_unmarked_red_mf_stacks(void **state)
{
    (void)state;
    board_add("test_uk_half_1545", 1, "F3");
    int moved = board_add("test_it_moto_half_0420", 2, "E5");
    int fired = board_add("test_it_cav_1412", 2, "D5");
    board_add("test_it_squad_144", 2, "E6");
    T.st.unit[moved].marks |= LNLT_MARK_MOVED;
    T.st.unit[fired].marks |= LNLT_MARK_FIRED;
    board_to_operations();
    board_play("activate F3", "");
    board_play("move F3", "");
    board_play("step E3", "");
    assert_false(board_legal("opp-move E5"));
    assert_false(board_legal("opp-move D5"));
    assert_false(board_legal("opp-move E6"));
    T.st.unit[fired].marks = 0; /* as if it had not fired */
    assert_true(board_legal("opp-move D5"));
}

/* An opportunity move is answered by one: the British cavalry in L8 moves against
 * the Italian motorcycles, then the motorcycles' move goes on, then the British
 * leg squad's. A third level is not offered. */
static void rule_6_8_an_opportunity_move_draws_one_in_return(void **state)
{
    (void)state;
    int leg = board_add("test_uk_squad_1745", 1, "L6");
    int cav = board_add("test_it_cav_1412", 1, "M6");
    int moto = board_add("test_it_moto_half_0420", 2, "L3");
    board_add("test_it_moto_half_0420", 2, "K3");
    board_to_operations();
    board_play("activate L6", "");
    board_play("move L6", "");
    board_play("step L7", "");
    board_play("opp-move L3", "");
    board_play("step L4", "");
    assert_int_equal(decision().side, 1);
    assert_true(board_legal("opp-move M6"));
    board_play("opp-move M6", "");
    assert_int_equal(T.st.om_depth, 2);
    board_play("step M5", "");
    assert_int_equal(decision().kind, LNLT_DECIDE_OPFIRE);
    assert_false(board_legal("opp-move K3")); /* no third level... */
    int g[LNLT_MAX_UNITS];
    T.st.om_depth = 1;
    assert_true(rules_om_units(&T.ctx, &T.st, board_cell("K3"), g) > 0); /* ...though it could otherwise */
    T.st.om_depth = 2;
    board_play("no-fire", "");
    board_play("stop", "");
    board_expect_log("the opportunity move is over; the stack in L4 goes on with");
    assert_int_equal(decision().kind, LNLT_DECIDE_MOVE);
    assert_int_equal(decision().side, 2);
    assert_true(lnlt_bit(T.st.move.units, moto));
    board_play("stop", "");
    board_expect_log("the opportunity move is over; the stack in L7 goes on with 3 MP");
    assert_int_equal(decision().side, 1);
    assert_true(lnlt_bit(T.st.move.units, leg));
    assert_true(T.st.unit[cav].marks & LNLT_MARK_MOVED);
    assert_int_equal(T.st.om_depth, 0);
}

/* The opportunity move may be a charge (8.6): the Italian cavalry four hexes away
 * rides into the British squad that has just entered L6. After the melee round the
 * British squad is locked in the melee: its move cannot go on. */
static void rule_6_8_an_opportunity_charge_ends_the_interrupted_move(void **state)
{
    (void)state;
    int uk = board_add("test_uk_squad_1745", 1, "L7");
    int cav = board_add("test_it_cav_1412", 2, "L2");
    board_to_operations();
    board_play("activate L7", "");
    board_play("move L7", "");
    board_play("step L6", "");
    board_play("opp-move L2", "");
    static const char *const path[] = {"step L3", "step L4", "step L5"};
    for (int i = 0; i < 3; i++) {
        board_play(path[i], "");
        if (decision().kind == LNLT_DECIDE_OPFIRE)
            board_play("no-fire", "");
    }
    board_play("step L6", "2,2"); /* the British pass their check */
    board_expect_log("a cavalry charge into L6 from 4 hexes");
    char cmd[32];
    snprintf(cmd, sizeof cmd, "target #%d", uk);
    board_play(cmd, "");
    snprintf(cmd, sizeof cmd, "target #%d", cav);
    board_play(cmd, "6,6,6,6");
    board_expect_log("FP 2 vs 1: 2-1");
    board_expect_log("the opportunity move is over; the move it interrupted cannot go on");
    assert_int_equal(decision().kind, LNLT_DECIDE_ACTIVATION);
    assert_int_equal(decision().side, 1);
    assert_false(T.st.move.active);
    assert_int_equal(T.st.om_depth, 0);
}

/* A hit and run opportunity move may fire before it rides anywhere: the motorcycle
 * squad in L2 fires at the British squad that has just entered L6 (FP 1 - 2, +1
 * against a leg unit marked Moved) and shakes it, so the British move is over. */
static void rule_6_8_hit_and_run_opportunity_move_fires_at_the_mover(void **state)
{
    (void)state;
    int uk = board_add("test_uk_squad_1745", 1, "L7");
    int moto = board_add("test_it_moto_1420", 2, "L2");
    board_to_operations();
    board_play("activate L7", "");
    board_play("move L7", "");
    board_play("step L6", "");
    board_play("opp-hit-and-run L2", "");
    assert_true(T.st.unit[moto].marks & LNLT_MARK_HIT_AND_RUN);
    board_play("hr-fire L6", "6,1,2");
    board_expect_log("fire at L6: 1d6 6 - 1 + moving 1 = 6 vs 1d6 1 + TM 0 = 1 -> DC+5");
    board_expect_log("Squad 1-7-4-5 is shaken");
    assert_false(rules_is_good(&T.st.unit[uk]));
    board_play("stop", "");
    board_expect_log("the opportunity move is over; the move it interrupted cannot go on");
    assert_int_equal(decision().kind, LNLT_DECIDE_ACTIVATION);
    assert_int_equal(decision().side, 1);
    assert_true(T.st.unit[moto].marks & LNLT_MARK_FIRED);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test_setup_teardown(rule_6_8_any_group_of_a_large_stack_may_move, setup, board_teardown),
        cmocka_unit_test_setup_teardown(EX_026_motorcycles_move_instead_of_firing, setup, board_teardown),
        cmocka_unit_test_setup_teardown(rule_6_8_only_unmarked_red_mf_stacks, setup, board_teardown),
        cmocka_unit_test_setup_teardown(rule_6_8_an_opportunity_move_draws_one_in_return, setup, board_teardown),
        cmocka_unit_test_setup_teardown(rule_6_8_an_opportunity_charge_ends_the_interrupted_move, setup,
                                        board_teardown),
        cmocka_unit_test_setup_teardown(rule_6_8_hit_and_run_opportunity_move_fires_at_the_mover, setup,
                                        board_teardown),
    };
    return cmocka_run_group_tests_name("opportunity_move", tests, NULL, NULL);
}
