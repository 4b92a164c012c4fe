/*
 * test_melee_engine.c: melee through the engine (rules 8.0, 8.1, 8.2, 8.3) on
 * Map 15 with forced dice: entering an enemy hex starts a round, each side picks
 * its targets, both attacks are rolled before losses (simultaneous), one round per
 * hex per turn, the Melee marker locks the units in, another round is fought from
 * an activation next turn, and the marker goes once a side is gone. SK-RULE-010
 * (two US squads against two German squads with an MG34: 4 vs 4, 1-1, kill 8).
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
    board_open(NULL, 0, "data/maps/map15.json");
    return 0;
}

static void SK_RULE_010_melee_round_simultaneous_then_locked(void **state)
{
    (void)state;
    lnlt_state *st = &T.st;
    lnlt_error err;
    int us1 = board_add("us_abn_squad_254", 1, "H7"), us2 = board_add("us_abn_squad_254", 1, "H7");
    int de1 = board_add("de_squad_164", 2, "H6"), de2 = board_add("de_squad_164", 2, "H6");
    assert_true(lnlt_state_add_sw(&T.ctx, st, "mg34", de1, NULL, &err) >= 0);
    int far = board_add("de_squad_164", 2, "A1"); /* keeps the Germans in the game */
    (void)far;
    board_to_operations();
    board_play("activate H7", "");
    /* an assault move may not enter a melee (6.1) */
    board_play("assault H7", "");
    lnlt_action a;
    assert_true(lnlt_action_parse(&T.ctx, st, "step H6", &a, &err));
    assert_false(lnlt_apply(&T.ctx, st, &a, NULL, NULL, &err));
    assert_non_null(strstr(err.msg, "assault move cannot enter a melee"));
    board_play("stop", "");
    board_play("done", "");
    board_play("pass", "");

    /* The H7 squads have acted this turn; start again for the melee itself. */
    board_close();
    setup(NULL);
    st = &T.st;
    us1 = board_add("us_abn_squad_254", 1, "H7");
    us2 = board_add("us_abn_squad_254", 1, "H7");
    de1 = board_add("de_squad_164", 2, "H6");
    de2 = board_add("de_squad_164", 2, "H6");
    assert_true(lnlt_state_add_sw(&T.ctx, st, "mg34", de1, NULL, &err) >= 0);
    board_add("de_squad_164", 2, "A1");
    board_to_operations();
    board_play("activate H7", "");
    board_play("move H7", "");
    board_play("step H6", "");
    board_expect_log("a melee begins in H6");
    lnlt_decision d = lnlt_decision_get(&T.ctx, st);
    assert_int_equal(d.kind, LNLT_DECIDE_MELEE_TARGET);
    assert_int_equal(d.side, 1);
    /* US: both German squads (2 + 2 = 4 vs 1 + 2 MG34 + 1 = 4: 1-1, kill 8) */
    char cmd[64];
    snprintf(cmd, sizeof cmd, "target #%d #%d", de1, de2);
    board_play(cmd, "");
    d = lnlt_decision_get(&T.ctx, st);
    assert_int_equal(d.side, 2);
    /* Germans strike back at one squad; the US rolls 8 (kill), the Germans 9 */
    snprintf(cmd, sizeof cmd, "target #%d", us1);
    board_play(cmd, "4,4,5,4");
    board_expect_log("FP 4 vs 4: 1-1, kill number 8; roll = 8 -> kill");
    board_expect_log("-> kill");
    /* simultaneous: the German squads struck before they were removed */
    assert_int_equal(st->unit[de1].cell, LNLT_CELL_ELIMINATED);
    assert_int_equal(st->unit[de2].cell, LNLT_CELL_ELIMINATED);
    assert_int_equal(st->unit[us1].cell, LNLT_CELL_ELIMINATED);
    assert_true(st->unit[us2].cell >= 0);
    /* the marker stays until the admin phase; the MG34 lies in H6 */
    assert_true(lnlt_bit(st->melee, st->unit[us2].cell));
    bool mg_dropped = false;
    for (int i = 0; i < st->sw_count; i++)
        mg_dropped |= st->sw[i].holder < 0 && st->sw[i].cell == st->unit[us2].cell;
    assert_true(mg_dropped);
    board_play("done", "");
    board_play("pass", "");
    board_play("pass", "");
    board_play("pass", "3,1");
    assert_int_equal(st->turn, 2);
    assert_false(lnlt_bit(st->melee, st->unit[us2].cell)); /* one side gone */
}

static void melee_locked_units_fight_again_next_turn(void **state)
{
    (void)state;
    lnlt_state *st = &T.st;
    int us = board_add("us_abn_squad_254", 1, "H7");
    int de = board_add("de_squad_164", 2, "H6");
    board_to_operations();
    board_play("activate H7", "");
    board_play("move H7", "");
    board_play("step H6", "");
    char cmd[64];
    snprintf(cmd, sizeof cmd, "target #%d", de);
    board_play(cmd, "");
    snprintf(cmd, sizeof cmd, "target #%d", us);
    board_play(cmd, "1,1,1,1"); /* both miss */
    int h6 = st->unit[us].cell;
    assert_true(lnlt_bit(st->melee, h6) && lnlt_bit(st->melee_fought, h6));
    /* 8.0: the German defenders count as activated too, so every unit has acted
     * and the phase ends (4.0); the Germans win turn 2's initiative */
    board_play("done", "2,5");
    assert_int_equal(st->turn, 2);
    board_to_operations();
    assert_true(lnlt_bit(st->melee, h6)); /* both sides still there */
    board_play("activate H6", "");
    board_play("melee H6", "");
    snprintf(cmd, sizeof cmd, "target #%d", us);
    board_play(cmd, "");
    snprintf(cmd, sizeof cmd, "target #%d", de);
    board_play(cmd, "6,6,1,2"); /* the Germans kill; the US misses */
    assert_int_equal(st->unit[us].cell, LNLT_CELL_ELIMINATED);
    assert_int_equal(st->unit[de].cell, h6);
}

/* 8.1.1: locked in, the US squad tries to withdraw next turn: a pass and it moves
 * out, the marker goes, and the German squad may fire at it as it leaves. A
 * failure instead brings a melee round at once. */
static void rule_8_1_1_withdrawal(void **state)
{
    (void)state;
    lnlt_state *st = &T.st;
    int us = board_add("us_abn_squad_254", 1, "H7");
    int de = board_add("de_squad_164", 2, "H6");
    board_add("de_squad_164", 2, "A1");
    board_to_operations();
    board_play("activate H7", "");
    board_play("move H7", "");
    board_play("step H6", "");
    char cmd[64];
    snprintf(cmd, sizeof cmd, "target #%d", de);
    board_play(cmd, "");
    snprintf(cmd, sizeof cmd, "target #%d", us);
    board_play(cmd, "1,1,1,1"); /* both miss */
    board_play("done", "");
    board_play("pass", "");
    board_play("pass", "");
    board_play("pass", "6,1"); /* US initiative on turn 2 */
    board_to_operations();
    int h6 = st->unit[us].cell;
    board_play("activate H6", "");
    assert_true(board_legal("withdraw H6"));
    /* 2d6 4 <= morale 6: it withdraws */
    board_play("withdraw H6", "2,2");
    assert_int_equal(lnlt_decision_get(&T.ctx, st).kind, LNLT_DECIDE_MOVE);
    board_play("step H7", "");
    assert_false(lnlt_bit(st->melee, h6));
    board_expect_log("the melee in H6 is over");
    assert_int_equal(lnlt_decision_get(&T.ctx, st).kind, LNLT_DECIDE_OPFIRE);
    assert_true(board_legal("opfire H6"));
}

/* The stack in H6 moves into H5, which lies under a Fire For Effect of FP 1
 * (and H6 too if `h6_too`), with the dice of the entry attacks. */
static void step_from_h6_into_ffe(bool h6_too, const char *dice)
{
    lnlt_bit_set(T.st.ffe, board_cell("H5"));
    if (h6_too)
        lnlt_bit_set(T.st.ffe, board_cell("H6"));
    T.st.ffe_fp = 1;
    board_to_operations();
    board_play("activate H6", "");
    board_play("move H6", "");
    board_play("step H5", dice);
}

/* 8.0 (conformance 8.0 p): a melee-eligible unit entering a hex of
 * non-melee-eligible enemies under a Fire For Effect is attacked first; shaken by
 * it, it may not melee and goes back to the hex it came from under a Moved marker,
 * attacked again by an FFE there and open to opportunity fire (ruling R-CORE-91);
 * the enemies in the hex are not eliminated and no Melee marker goes on. */
static void rule_8_0_p_shaken_enterer_goes_back(void **state)
{
    (void)state;
    int us = board_add("us_abn_squad_254", 1, "H6");
    int medic = board_add("de_medic", 2, "H5");
    board_add("de_squad_164", 2, "H8");
    /* FFE: 6 + 1 = 7 vs 1 + 0: DC+6; 2 + 6 = 8 > morale 5: shaken */
    step_from_h6_into_ffe(false, "6,1,2");
    board_expect_log("FFE on H5");
    assert_int_equal(T.st.unit[us].status, LNLT_SHAKEN);
    assert_int_equal(T.st.unit[us].cell, board_cell("H6"));
    assert_true(T.st.unit[us].marks & LNLT_MARK_MOVED);
    board_expect_log("may no longer melee the enemy in H5 and goes back to H6");
    assert_int_equal(T.st.unit[medic].cell, board_cell("H5"));
    assert_false(lnlt_bit(T.st.melee, board_cell("H5")));
    /* open to opportunity fire where it went back */
    lnlt_decision d = lnlt_decision_get(&T.ctx, &T.st);
    assert_int_equal(d.kind, LNLT_DECIDE_OPFIRE);
    assert_int_equal(d.side, 2);
    assert_true(board_legal("opfire H8"));
    board_play("no-fire", "");
    d = lnlt_decision_get(&T.ctx, &T.st);
    assert_int_equal(d.kind, LNLT_DECIDE_ACTIVATION); /* the move is over, the activation goes on */
    assert_int_equal(d.side, 1);
    assert_false(T.st.move.active);
    assert_false(board_legal("move H6"));

    /* under an FFE too, the hex it goes back to attacks it again */
    board_close();
    setup(NULL);
    us = board_add("us_abn_squad_254", 1, "H6");
    board_add("de_medic", 2, "H5");
    board_add("de_squad_164", 2, "A1");
    step_from_h6_into_ffe(true, "6,1,2,1,6");
    board_expect_log("FFE on H6: 1d6 1 + FP 1 = 2 vs 1d6 6 + TM 0 = 6 -> no effect");
    assert_int_equal(T.st.unit[us].cell, board_cell("H6"));
    assert_int_equal(lnlt_decision_get(&T.ctx, &T.st).kind, LNLT_DECIDE_ACTIVATION);
}

/* 8.0 (ruling R-CORE-146): the same when the enemies in the hex could melee. A
 * squad and a leader without a melee weapon step into a German squad's hex under
 * a Fire For Effect; the FFE shakes the squad, so nobody who entered may melee any
 * more and both go back under a Moved marker. Before, the melee began with no
 * attacker: the Germans were asked for targets among nobody and the game stopped
 * with an empty legal list (found by the arena, A Friend in Need, seed 2164). */
static void rule_8_0_shaken_enterers_go_back_from_enemies_who_could_melee(void **state)
{
    (void)state;
    int us = board_add("us_abn_squad_254", 1, "H6");
    int lt = board_add("us_lt_michael", 1, "H6");
    int de = board_add("de_squad_164", 2, "H5");
    board_add("de_squad_164", 2, "A1");
    /* FFE: 5 + 1 = 6 vs 1 + 0: DC+5; Lt Michael 2 + 5 = 7 passes his morale 7,
     * the squad 3 + 5 - LM 1 = 7 fails its 6 */
    step_from_h6_into_ffe(false, "5,1,2,3");
    board_expect_log("FFE on H5: 1d6 5 + FP 1 = 6 vs 1d6 1 + TM 0 = 1");
    assert_int_equal(T.st.unit[us].status, LNLT_SHAKEN);
    assert_int_equal(T.st.unit[lt].status, LNLT_GOOD_ORDER);
    assert_int_equal(T.st.unit[us].cell, board_cell("H6"));
    assert_int_equal(T.st.unit[lt].cell, board_cell("H6"));
    assert_true(T.st.unit[us].marks & LNLT_MARK_MOVED);
    assert_true(T.st.unit[lt].marks & LNLT_MARK_MOVED);
    assert_int_equal(T.st.unit[de].cell, board_cell("H5"));
    assert_false(lnlt_bit(T.st.melee, board_cell("H5")));
    /* the game goes on: opportunity fire at them where they went back, then the
     * rest of the activation */
    lnlt_decision d = lnlt_decision_get(&T.ctx, &T.st);
    assert_int_equal(d.kind, LNLT_DECIDE_OPFIRE);
    assert_int_equal(d.side, 2);
    assert_true(board_legal("opfire H5"));
    board_play("no-fire", "");
    d = lnlt_decision_get(&T.ctx, &T.st);
    assert_int_equal(d.kind, LNLT_DECIDE_ACTIVATION);
    assert_int_equal(d.side, 1);
}

/* 8.0 with 1.6: a leader is melee-eligible only with a melee-eligible weapon. One
 * who abandons his MG34 in the hex he is leaving (R-SW-02) arrives without it, so
 * he may not step into the enemy's hex (found by the soak: the melee that
 * followed had nobody to fight). */
static void rule_8_0_leader_abandoning_his_mg_may_not_enter_a_melee(void **state)
{
    (void)state;
    int tom = board_add("us_maj_tom", 1, "H6");
    board_add("de_squad_164", 2, "H5");
    board_add_sw("mg34", tom, NULL);
    board_to_operations();
    board_play("activate H6", "");
    board_play("move H6", "");
    assert_true(board_legal("step H5"));
    board_play("drop H6 w0", "");
    assert_false(board_legal("step H5"));
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test_setup_teardown(rule_8_0_leader_abandoning_his_mg_may_not_enter_a_melee, setup, board_teardown),
        cmocka_unit_test_setup_teardown(rule_8_0_p_shaken_enterer_goes_back, setup, board_teardown),
        cmocka_unit_test_setup_teardown(rule_8_0_shaken_enterers_go_back_from_enemies_who_could_melee, setup,
                                        board_teardown),
        cmocka_unit_test_setup_teardown(SK_RULE_010_melee_round_simultaneous_then_locked, setup, board_teardown),
        cmocka_unit_test_setup_teardown(melee_locked_units_fight_again_next_turn, setup, board_teardown),
        cmocka_unit_test_setup_teardown(rule_8_1_1_withdrawal, setup, board_teardown),
    };
    return cmocka_run_group_tests_name("melee_engine", tests, NULL, NULL);
}
