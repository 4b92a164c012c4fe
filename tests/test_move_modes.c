/*
 * test_move_modes.c: the ways of moving through the engine on Map 15: assault
 * move and assault fire with a leader at double time (6.1, 6.1.1, 6.2: the +2 is
 * added before halving), units that cannot assault fire joining the attack of
 * those that can (6.1.1), and low crawl offered only where a hex may be crawled
 * into (6.3: never a hex that takes all the MP).
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

static int setup(void **state)
{
    (void)state;
    static const char *const files[] = {"data/nations/starter_kit.json", "data/units/us_wwii.json",
                                        "data/units/de_wwii.json",       "data/weapons/starter_kit.json",
                                        "tests/fixtures/units/smc.json"};
    board_open(files, 5, "data/maps/map15.json");
    return 0;
}

static const char *cmd_with(const char *fmt, int unit)
{
    static char cmd[96];
    snprintf(cmd, sizeof cmd, fmt, unit);
    return cmd;
}

/* 6.1.1, 6.2: a 2-5-4 (MF 4) assault-fires with Major Tom lending his LM, then
 * moves with him at double time: half of 4 + 2 = 3 MP (the leader's own half MF
 * is 3 too). */
static void rule_6_1_1_assault_fire_with_a_leader_then_double_time(void **state)
{
    (void)state;
    lnlt_state *st = &T.st;
    int sq = board_add("us_abn_squad_254", 1, "L6");
    int tom = board_add("us_maj_tom", 1, "L6");
    board_add("de_squad_164", 2, "L4");
    board_to_operations();
    board_play("activate L6", "");
    assert_true(board_legal("assault-fire-dt L6 L4"));
    board_play_loose("assault-fire-dt L6 L4", "1,6");
    board_expect_log("2 units move after assault fire at double time from L6 with 3 MP");
    assert_int_equal(lnlt_decision_get(&T.ctx, st).kind, LNLT_DECIDE_MOVE);
    assert_true(lnlt_bit(st->move.units, sq) && lnlt_bit(st->move.units, tom));
}

/* 6.1, 6.2: assault move at double time: the same 3 MP; without the leader no
 * double time is offered. */
static void rule_6_1_assault_move_at_double_time(void **state)
{
    (void)state;
    board_add("us_abn_squad_254", 1, "L6");
    board_add("us_maj_tom", 1, "L6");
    int lone = board_add("us_abn_squad_254", 1, "H7");
    board_add("de_squad_164", 2, "A1");
    board_to_operations();
    board_play("activate H7", "");
    assert_false(board_legal("assault-dt H7"));
    board_play("done", "");
    board_play("pass", "");
    board_play("activate L6", "");
    board_play("assault-dt L6", "");
    board_expect_log("2 units assault-move at double time from L6 with 3 MP");
    (void)lone;
}

/* 6.1.1: "Non-AF-capable units in the same hex as an AF-capable unit(s) CAN
 * participate/contribute their FP to the AF-unit(s) fire attack": the 1-4-4 (no
 * assault move) adds its FP, is marked Fired and stays; the 2-5-4 moves. */
static void rule_6_1_1_units_that_cannot_assault_fire_join_the_attack(void **state)
{
    (void)state;
    lnlt_state *st = &T.st;
    int am = board_add("us_abn_squad_254", 1, "L6");
    int plain = board_add("test_squad_144", 1, "L6");
    board_add("de_squad_164", 2, "L4");
    board_to_operations();
    board_play("activate L6", "");
    assert_true(board_legal("assault-fire L6 L4"));
    board_play_loose("assault-fire L6 L4", "1,6");
    /* 2 + half of 1, rounded up, - 2 */
    board_expect_log("fire from L6 at L4: FP +3 + assault move/fire -2 = 1");
    assert_true(lnlt_bit(st->move.units, am));
    assert_false(lnlt_bit(st->move.units, plain));
    assert_true(st->unit[plain].marks & LNLT_MARK_FIRED);
    assert_int_equal(st->unit[plain].cell, board_cell("L6"));
}

/* 6.3: low crawl is never offered to a unit for which every hex would take all
 * its MP: Cpl Medrow, shaken (MF 3) and carrying a BAR (-2), has 1 MP. */
static void rule_6_3_no_crawl_without_a_hex_to_crawl_into(void **state)
{
    (void)state;
    lnlt_state *st = &T.st;
    int medrow = board_add("us_cpl_medrow", 1, "L6");
    board_add_sw("bar", medrow, NULL);
    board_add("de_squad_164", 2, "A1");
    st->unit[medrow].status = LNLT_SHAKEN;
    board_to_operations();
    board_play("activate L6", "");
    assert_true(board_legal("move L6"));
    assert_false(board_legal("crawl L6"));
    (void)cmd_with;
}

/* 6.2: the MMCs double-time while they "move the entire impulse with a GO
 * Leader": once opportunity fire shakes Major Tom, the squad goes on with its own
 * MF 4, not 6. */
static void rule_6_2_double_time_ends_when_the_leader_is_shaken(void **state)
{
    (void)state;
    lnlt_state *st = &T.st;
    int sq = board_add("us_abn_squad_254", 1, "L7");
    int tom = board_add("us_maj_tom", 1, "L7");
    board_add("de_squad_164", 2, "L4");
    board_to_operations();
    board_play("activate L7", "");
    board_play("dt L7", "");
    board_play("step L6", "");
    board_expect_log("5 MP left");
    /* 1 + 1 IFP + 1 moving = 3 vs 1 + 0: DC 2; Tom 6 + 2 = 8 > 6: shaken; the
     * squad 3 + 2 = 5: no effect */
    board_play("opfire L4", "1,1,6,3");
    assert_int_equal(st->unit[tom].status, LNLT_SHAKEN);
    assert_int_equal(st->unit[sq].status, LNLT_GOOD_ORDER);
    assert_int_equal(lnlt_decision_get(&T.ctx, st).kind, LNLT_DECIDE_MOVE);
    T.log.count = 0;
    board_play("step M6", "");
    board_expect_log("2 MP left"); /* 4 - 1 - 1 */
}

/* 6.0: "they don't have to use the same type of movement. For example, one could
 * Move and the other one could assault move": a 1-4-4 without assault move goes
 * with an assault-moving 2-5-4; the stack keeps to the 2 MP of the assault move,
 * the 2-5-4 is marked Assault Move (it may fire later) and the 1-4-4 Moved. */
static void rule_6_0_one_stack_may_mix_a_move_and_an_assault_move(void **state)
{
    (void)state;
    lnlt_state *st = &T.st;
    int am = board_add("us_abn_squad_254", 1, "L6");
    int plain = board_add("test_squad_144", 1, "L6");
    board_add("de_squad_164", 2, "A1");
    board_to_operations();
    board_play("activate L6", "");
    assert_true(board_legal("assault L6"));
    board_play("assault L6", "");
    board_expect_log("2 units assault-move from L6 with 2 MP");
    board_play("step M6", "");
    assert_true(st->unit[am].marks & LNLT_MARK_ASSAULT_MOVE);
    assert_false(st->unit[am].marks & LNLT_MARK_MOVED);
    assert_true(st->unit[plain].marks & LNLT_MARK_MOVED);
    assert_false(st->unit[plain].marks & LNLT_MARK_ASSAULT_MOVE);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test_setup_teardown(rule_6_1_1_assault_fire_with_a_leader_then_double_time, setup, board_teardown),
        cmocka_unit_test_setup_teardown(rule_6_1_assault_move_at_double_time, setup, board_teardown),
        cmocka_unit_test_setup_teardown(rule_6_1_1_units_that_cannot_assault_fire_join_the_attack, setup,
                                        board_teardown),
        cmocka_unit_test_setup_teardown(rule_6_3_no_crawl_without_a_hex_to_crawl_into, setup, board_teardown),
        cmocka_unit_test_setup_teardown(rule_6_2_double_time_ends_when_the_leader_is_shaken, setup, board_teardown),
        cmocka_unit_test_setup_teardown(rule_6_0_one_stack_may_mix_a_move_and_an_assault_move, setup, board_teardown),
    };
    return cmocka_run_group_tests_name("move_modes", tests, NULL, NULL);
}
