/*
 * test_ambush.c: ambush in melee (rule 8.4) on Map 15. A stack of an
 * ambush-capable nation that enters a melee with enemies who could not see its
 * starting hex at the start of the impulse triples its FP for that round, and
 * the round is not simultaneous: the ambushers' kills come off before the
 * counterattack. With a line of sight, or as reinforcements of a melee already
 * going on (8.2), the round is an ordinary simultaneous one.
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
    static const char *const files[] = {"data/nations/starter_kit.json", "tests/fixtures/nations/ambush.json",
                                        "data/units/us_wwii.json",       "data/units/de_wwii.json",
                                        "data/weapons/starter_kit.json", "tests/fixtures/units/ambush.json"};
    board_open(files, 6, "data/maps/map15.json");
    T.ctx.side_name[1] = "Ambushers";
    return 0;
}

static void target(int unit, const char *dice)
{
    char cmd[32];
    snprintf(cmd, sizeof cmd, "target #%d", unit);
    board_play(cmd, dice);
}

/* The squad starts in J6; the church (I6) blocks the line of sight from H7.
 * It moves J6 - I6 - H7 and ambushes: FP 1 x 3 = 3 against 1, odds 3-1. It rolls
 * 6+6 and kills the German squad, which is gone before it can strike back: the
 * German's pick is asked for but no German roll is made. */
static void rule_8_4_ambush_triples_fp_and_strikes_first(void **state)
{
    (void)state;
    int amb = board_add("test_ambush_squad", 1, "J6");
    int de = board_add("de_squad_164", 2, "H7");
    board_to_operations();
    board_play("activate J6", "");
    board_play("move J6", "");
    board_play("step I6", "");
    if (lnlt_decision_get(&T.ctx, &T.st).kind == LNLT_DECIDE_OPFIRE)
        board_play("no-fire", "");
    board_play("step H7", "");
    assert_true(board_logged("[8.4] the enemy in H7 did not see them coming: an ambush"));
    target(de, "");
    target(amb, "6,6"); /* only the ambushers roll */
    assert_true(board_logged("ambush: FP 1 of the ambushers tripled to 3"));
    assert_true(board_logged("FP 3 vs 1: 3-1, kill number 5; roll = 12 -> kill"));
    assert_true(board_logged("ambush in H7: the losses come off before the counterattack"));
    assert_int_equal(T.st.unit[de].cell, LNLT_CELL_ELIMINATED);
    assert_true(T.st.unit[amb].cell >= 0);
    for (int i = 0; i < T.st.unit_count; i++)
        assert_false(T.st.unit[i].flags & (1u << 6)); /* the ambush flag does not outlive the round */
}

/* From I7, next to H7 and in its sight, the same move is an ordinary melee:
 * 1 against 1, both sides roll. */
static void rule_8_4_no_ambush_when_the_enemy_saw_the_start_hex(void **state)
{
    (void)state;
    int amb = board_add("test_ambush_squad", 1, "I7");
    int de = board_add("de_squad_164", 2, "H7");
    board_to_operations();
    board_play("activate I7", "");
    board_play("move I7", "");
    board_play("step H7", "");
    assert_false(board_logged("ambush"));
    target(de, "");
    target(amb, "6,6,1,1"); /* both roll: simultaneous */
    assert_true(board_logged("FP 1 vs 1: 1-1"));
    assert_int_equal(T.st.unit[de].cell, LNLT_CELL_ELIMINATED);
}

/* A German squad of a nation without the trait gets no ambush from the same hex. */
static void rule_8_4_only_ambush_capable_stacks(void **state)
{
    (void)state;
    board_add("us_abn_squad_254", 1, "J6");
    int de = board_add("de_squad_164", 2, "H7");
    board_to_operations();
    board_play("activate J6", "");
    board_play("move J6", "");
    board_play("step I6", "");
    if (lnlt_decision_get(&T.ctx, &T.st).kind == LNLT_DECIDE_OPFIRE)
        board_play("no-fire", "");
    board_play("step H7", "");
    assert_false(board_logged("ambush"));
    target(de, "");
    target(0, "1,1,1,1");
    assert_true(board_logged("FP 2 vs 1: 2-1"));
}

/* 8.2 with 8.4: ambushers reinforcing a melee already marked in H7 (no round yet
 * this turn) add their tripled FP to their friend's normal FP, 1 + 3 = 4 against
 * 1, and the round is simultaneous: the Germans roll too. */
static void rule_8_4_ambushers_reinforcing_a_melee_fight_simultaneously(void **state)
{
    (void)state;
    int amb = board_add("test_ambush_squad", 1, "J6");
    int friend = board_add("test_ambush_squad", 1, "H7");
    int de = board_add("de_squad_164", 2, "H7");
    T.st.unit[friend].flags |= LNLT_UNIT_ACTIVATED;
    lnlt_bit_set(T.st.melee, T.st.unit[de].cell);
    board_to_operations();
    board_play("activate J6", "");
    board_play("move J6", "");
    board_play("step I6", "");
    if (lnlt_decision_get(&T.ctx, &T.st).kind == LNLT_DECIDE_OPFIRE)
        board_play("no-fire", "");
    board_play("step H7", "");
    target(de, "");
    target(amb, "6,6,6,6"); /* both sides roll */
    assert_true(board_logged("ambush: FP 1 of the ambushers tripled to 3"));
    assert_true(board_logged("FP 4 vs 1: 4-1"));
    assert_false(board_logged("the losses come off before the counterattack"));
    /* simultaneous: the German struck back before it was removed */
    assert_int_equal(T.st.unit[de].cell, LNLT_CELL_ELIMINATED);
    assert_int_equal(T.st.unit[amb].cell, LNLT_CELL_ELIMINATED);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test_setup_teardown(rule_8_4_ambush_triples_fp_and_strikes_first, setup, board_teardown),
        cmocka_unit_test_setup_teardown(rule_8_4_no_ambush_when_the_enemy_saw_the_start_hex, setup, board_teardown),
        cmocka_unit_test_setup_teardown(rule_8_4_only_ambush_capable_stacks, setup, board_teardown),
        cmocka_unit_test_setup_teardown(rule_8_4_ambushers_reinforcing_a_melee_fight_simultaneously, setup, board_teardown),
    };
    return cmocka_run_group_tests_name("ambush", tests, NULL, NULL);
}
