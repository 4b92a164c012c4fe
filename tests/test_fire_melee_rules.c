/*
 * test_fire_melee_rules.c: fire and melee rules through the engine on Map 15
 * with forced dice: the opportunity-fire window of 5.3 stays open for the second
 * attack on a 2-MP hex after the first shook the mover; a hex under a Melee
 * marker is never fired into and keeps its marker until the Administrative Phase
 * (5.0, 8.1); Deadly's +1 counts in melee (12.0); mutual destruction takes the
 * single-man counters of both sides with it (8.1); which support weapons are
 * melee-eligible (8.0, ruling R-SW-16).
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

static const char *cmd_with(const char *fmt, int unit)
{
    static char cmd[96];
    snprintf(cmd, sizeof cmd, fmt, unit);
    return cmd;
}

/* 5.3: "Even if the first OF attack Shakes the unit(s), forcing it to stop
 * moving, the second OF attack can still be made." A squad enters Light Woods
 * (2 MP): K3 shakes it, M4 may still fire. */
static void rule_5_3_second_attack_on_a_2_mp_hex_after_the_mover_is_shaken(void **state)
{
    (void)state;
    lnlt_state *st = &T.st;
    int us = board_add("us_abn_squad_254", 1, "K6");
    board_add("de_squad_164", 2, "K3");
    board_add("de_squad_164", 2, "M4");
    board_to_operations();
    board_play("activate K6", "");
    board_play("move K6", "");
    board_play("step K5", "");
    assert_int_equal(lnlt_decision_get(&T.ctx, st).kind, LNLT_DECIDE_OPFIRE);
    /* 6 + 1 IFP + 1 moving = 8 vs 1 + TM 1 = 2: DC 6; 2 + 6 = 8 > morale 6: shaken */
    board_play("opfire K3", "6,1,2");
    board_expect_log("1d6 6 + 1 + moving 1 = 8 vs 1d6 1 + TM 1 = 2 -> DC+6");
    assert_int_equal(st->unit[us].status, LNLT_SHAKEN);
    assert_int_equal(lnlt_decision_get(&T.ctx, st).kind, LNLT_DECIDE_OPFIRE);
    assert_true(board_legal("opfire M4"));
    assert_false(board_legal("opfire K3")); /* each attack from another hex */
    board_play_loose("opfire M4", "1,6");
    /* two MP, two attacks: the window is spent and the move is over */
    assert_int_equal(lnlt_decision_get(&T.ctx, st).kind, LNLT_DECIDE_ACTIVATION);
    assert_int_equal(lnlt_decision_get(&T.ctx, st).side, 1);
}

/* One US squad enters H6 and wipes out the German squad there, which misses. */
static int melee_won_by_the_us(int *de_out)
{
    int us = board_add("us_abn_squad_254", 1, "H7");
    int de = board_add("de_squad_164", 2, "H6");
    board_to_operations();
    board_play("activate H7", "");
    board_play("move H7", "");
    board_play("step H6", "");
    board_play(cmd_with("target #%d", de), "");
    board_play(cmd_with("target #%d", us), "6,6,1,1");
    if (de_out)
        *de_out = de;
    return us;
}

/* 5.0, 8.1: "Any hex with a Melee marker, whether it contains friendly units or
 * not, cannot be fired on", and the marker of a melee one side lost stays until
 * the ensuing Administrative Phase. */
static void rule_8_1_melee_marker_bars_fire_until_the_admin_phase(void **state)
{
    (void)state;
    lnlt_state *st = &T.st;
    board_add("de_squad_164", 2, "H5");
    int de;
    int us = melee_won_by_the_us(&de);
    int h6 = st->unit[us].cell;
    assert_int_equal(st->unit[de].cell, LNLT_CELL_ELIMINATED);
    assert_true(lnlt_bit(st->melee, h6));
    board_play("done", "");
    /* the Germans' impulse: H5 sees H6 next door, but may not fire into it */
    board_play("activate H5", "");
    assert_false(board_legal("fire H5 H6"));
    assert_false(board_legal("assault-fire H5 H6"));
    board_play("done", ""); /* nobody acted: a pass (R-CORE-27) */
    assert_true(lnlt_bit(st->melee, h6));
    board_play("pass", "");
    board_play("pass", "3,1");
    assert_int_equal(st->turn, 2);
    assert_false(lnlt_bit(st->melee, h6)); /* gone in the Administrative Phase */
}

/* 12.0 Deadly: +1 to the FP of the attacks of his stack, melee attacks too (the
 * starter kit's Layer fights his melee with IFP 2 + 1). Not to its defence. */
static void rule_12_0_deadly_counts_in_melee(void **state)
{
    (void)state;
    lnlt_error err;
    int us = board_add("us_abn_squad_254", 1, "H7");
    int tom = board_add("us_maj_tom", 1, "H7");
    int de = board_add("de_squad_164", 2, "H6");
    if (!lnlt_state_set_skill(&T.ctx, &T.st, tom, "deadly", &err))
        fail_msg("%s", err.msg);
    board_to_operations();
    board_play("activate H7", "");
    board_play("move H7", "");
    board_play("step H6", "");
    board_play(cmd_with("target #%d", de), "");
    board_play(cmd_with("target #%d", us), "1,1,1,1");
    board_expect_log("FP 3 vs 1: 3-1"); /* 2 + Deadly 1 against 1 */
    board_expect_log("FP 1 vs 2: 1-2"); /* the German reply: the squad defends with 2 */
}

/* 8.1: when every melee-eligible unit of both sides is eliminated, each side's
 * leaders and other single-man counters go down with them. */
static void rule_8_1_mutual_destruction_removes_both_sides_smcs(void **state)
{
    (void)state;
    lnlt_state *st = &T.st;
    int us = board_add("us_abn_squad_254", 1, "H7");
    int medrow = board_add("us_cpl_medrow", 1, "H7");
    int de = board_add("de_squad_164", 2, "H6");
    int koch = board_add("de_lt_koch", 2, "H6");
    board_add("de_squad_164", 2, "A1");
    board_to_operations();
    board_play("activate H7", "");
    board_play("move H7", "");
    board_play("step H6", "");
    int h6 = board_cell("H6");
    board_play(cmd_with("target #%d", de), "");
    board_play(cmd_with("target #%d", us), "6,6,6,6");
    assert_int_equal(st->unit[us].cell, LNLT_CELL_ELIMINATED);
    assert_int_equal(st->unit[de].cell, LNLT_CELL_ELIMINATED);
    assert_int_equal(st->unit[medrow].cell, LNLT_CELL_ELIMINATED);
    assert_int_equal(st->unit[koch].cell, LNLT_CELL_ELIMINATED);
    assert_true(lnlt_bit(st->melee, h6)); /* the marker alone, until the admin phase */
}

/* 8.0, ruling R-SW-16: a BAR is melee-eligible: its squad fights with IFP 2 + 1,
 * and a leader holding one may enter a melee (half its FP, rounded up: 1). */
static void rule_8_0_bar_is_melee_eligible(void **state)
{
    (void)state;
    int us = board_add("us_abn_squad_254", 1, "H7");
    int de = board_add("de_squad_164", 2, "H6");
    board_add_sw("bar", us, NULL);
    board_to_operations();
    board_play("activate H7", "");
    board_play("move H7", "");
    board_play("step H6", "");
    board_play(cmd_with("target #%d", de), "");
    board_play(cmd_with("target #%d", us), "1,1,1,1");
    board_expect_log("FP 3 vs 1: 3-1");
}

static void rule_8_0_leader_with_a_bar_may_enter_a_melee(void **state)
{
    (void)state;
    int tom = board_add("us_maj_tom", 1, "H7");
    board_add("de_squad_164", 2, "H6");
    board_add_sw("bar", tom, NULL);
    board_to_operations();
    board_play("activate H7", "");
    board_play("move H7", "");
    assert_true(board_legal("step H6"));
}

/* The data catalog and the test weapon teams (1.7). */
static int setup_wt(void **state)
{
    (void)state;
    static const char *const files[] = {"data/nations/starter_kit.json", "data/units/us_wwii.json",
                                        "data/units/de_wwii.json",       "data/weapons/starter_kit.json",
                                        "data/skills/skills.json",       "tests/fixtures/units/weapon_teams.json"};
    board_open(files, 6, "data/maps/map15.json");
    return 0;
}

/* 6.3, 8.0: low crawl is not among the ways of moving that may not enter a melee
 * (8.0 bars assault moves and fire, coordinated and hit and run moves): a squad
 * may crawl into the enemy's hex and fight. */
static void rule_8_0_a_low_crawl_may_enter_a_melee(void **state)
{
    (void)state;
    board_add("us_abn_squad_254", 1, "H7");
    board_add("de_squad_164", 2, "H6");
    board_to_operations();
    board_play("activate H7", "");
    board_play("crawl H7", "");
    assert_true(board_legal("step H6"));
    board_play("step H6", "");
    board_expect_log("a melee begins in H6");
}

/* 8.0 with 1.6: "a Half-Squad/Crew can fire one SW and forfeit its IFP", and every
 * ME weapon takes part: a German 1-5-4 with an MG34 fights with the MG's 2, not
 * 1 + 2, against a US 2-5-4 (2): 1-1. */
static void rule_8_0_a_half_squad_fights_with_its_weapon_not_its_ifp(void **state)
{
    (void)state;
    int us = board_add("us_abn_squad_254", 1, "H6");
    int de = board_add("de_half_154", 2, "H5");
    board_add_sw("mg34", de, NULL);
    board_to_operations();
    board_play("pass", "");
    board_play("activate H5", "");
    board_play("move H5", "");
    board_play("step H6", "");
    board_play(cmd_with("target #%d", us), "");
    board_play(cmd_with("target #%d", de), "1,1,1,1");
    board_expect_log("FP 2 vs 2: 1-1");
}

/* 8.0: "WTs cannot enter Melee": a stack with a weapon team may not step into the
 * enemy's hex; the squad alone may. */
static void rule_8_0_a_weapon_team_never_enters_a_melee(void **state)
{
    (void)state;
    board_add("us_abn_squad_254", 1, "L6");
    int sq = board_add("de_squad_164", 2, "L5");
    board_add("test_wt_mg", 2, "L5");
    board_to_operations();
    board_play("pass", "");
    board_play("activate L5", "");
    board_play("move L5", "");
    assert_false(board_legal("step L6"));
    board_play("stop", "");
    board_play("done", "");
    board_play("pass", "");
    board_close();
    setup_wt(NULL);
    board_add("us_abn_squad_254", 1, "L6");
    sq = board_add("de_squad_164", 2, "L5");
    board_add("test_wt_mg", 2, "L5");
    board_to_operations();
    board_play("pass", "");
    board_play("activate L5", "");
    board_play(cmd_with("move L5 #%d", sq), "");
    assert_true(board_legal("step L6"));
}

/* 5.3: "Moving unit(s) cannot be attacked more than once per MP expended in the
 * hex unless attacked by ... WTs ... that are stacked with the units that first
 * performed OF": after the squad of L4 used the one attack on a 1-MP hex, the MG
 * team with it still fires. */
static void rule_5_3_a_weapon_team_adds_an_attack_beyond_the_mp(void **state)
{
    (void)state;
    lnlt_state *st = &T.st;
    board_add("us_abn_squad_254", 1, "L7");
    int sq = board_add("de_squad_164", 2, "L4");
    int wt = board_add("test_wt_mg", 2, "L4");
    board_to_operations();
    board_play("activate L7", "");
    board_play("move L7", "");
    board_play("step L6", "");
    assert_int_equal(lnlt_decision_get(&T.ctx, st).kind, LNLT_DECIDE_OPFIRE);
    board_play_loose(cmd_with("opfire L4 #%d", sq), "1,6");
    assert_int_equal(lnlt_decision_get(&T.ctx, st).kind, LNLT_DECIDE_OPFIRE);
    assert_true(board_legal("opfire L4"));
    board_play_loose("opfire L4", "1,6");
    assert_true(st->unit[wt].marks & LNLT_MARK_FIRED);
    assert_int_equal(lnlt_decision_get(&T.ctx, st).kind, LNLT_DECIDE_MOVE);
}

/* 8.1.1: units that pass the withdrawal check "can exit the hex by regular
 * Movement, Assault Move, Double Time, Low Crawl, Stealth or H&R": a squad locked
 * in H6 withdraws by assault move (half its MF 4: 2 MP) and is marked AM. */
static void rule_8_1_1_withdrawal_by_assault_move(void **state)
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
    board_play(cmd_with("target #%d", de), "");
    board_play(cmd_with("target #%d", us), "1,1,1,1"); /* both miss */
    board_play("done", "");
    board_play("pass", "");
    board_play("pass", "");
    board_play("pass", "6,1"); /* US initiative on turn 2 */
    board_to_operations();
    board_play("activate H6", "");
    assert_true(board_legal("withdraw H6"));
    assert_true(board_legal("withdraw-assault H6"));
    assert_true(board_legal("withdraw-crawl H6"));
    assert_false(board_legal("withdraw-dt H6")); /* no leader */
    board_play("withdraw-assault H6", "2,2"); /* 4 <= morale 6 */
    board_expect_log("1 unit assault-move from H6 with 2 MP");
    board_play("step H7", "");
    assert_true(st->unit[us].marks & LNLT_MARK_ASSAULT_MOVE);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test_setup_teardown(rule_5_3_second_attack_on_a_2_mp_hex_after_the_mover_is_shaken, setup,
                                        board_teardown),
        cmocka_unit_test_setup_teardown(rule_8_1_melee_marker_bars_fire_until_the_admin_phase, setup, board_teardown),
        cmocka_unit_test_setup_teardown(rule_12_0_deadly_counts_in_melee, setup, board_teardown),
        cmocka_unit_test_setup_teardown(rule_8_1_mutual_destruction_removes_both_sides_smcs, setup, board_teardown),
        cmocka_unit_test_setup_teardown(rule_8_0_bar_is_melee_eligible, setup, board_teardown),
        cmocka_unit_test_setup_teardown(rule_8_0_leader_with_a_bar_may_enter_a_melee, setup, board_teardown),
        cmocka_unit_test_setup_teardown(rule_8_0_a_low_crawl_may_enter_a_melee, setup, board_teardown),
        cmocka_unit_test_setup_teardown(rule_8_0_a_half_squad_fights_with_its_weapon_not_its_ifp, setup,
                                        board_teardown),
        cmocka_unit_test_setup_teardown(rule_8_0_a_weapon_team_never_enters_a_melee, setup_wt, board_teardown),
        cmocka_unit_test_setup_teardown(rule_5_3_a_weapon_team_adds_an_attack_beyond_the_mp, setup_wt, board_teardown),
        cmocka_unit_test_setup_teardown(rule_8_1_1_withdrawal_by_assault_move, setup, board_teardown),
    };
    return cmocka_run_group_tests_name("fire_melee_rules", tests, NULL, NULL);
}
