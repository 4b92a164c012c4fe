/*
 * test_order_of_play.c: the order of play of the operations phase (rules 4.0
 * and 4.1) through the engine on Map 15 with forced dice: the units of one
 * activated hex that fire fire together at one hex, those that move move
 * together; units (leaders too) that did nothing stay available; a leader who
 * activated adjacent hexes and did nothing else is marked Ops Complete; a lone
 * unit that spots a hex may fire at it at full FP; the phase lasts while a side
 * may still place its off-map sniper (11.4).
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
#include "support/board.h"

static lnlt_scenario *scn; /* the hand-made scenario of the sniper test */

static int setup(void **state)
{
    (void)state;
    board_open(NULL, 0, "data/maps/map15.json");
    return 0;
}

static int teardown(void **state)
{
    board_teardown(state);
    free(scn);
    scn = NULL;
    return 0;
}

/* A step; the other side declines any opportunity fire it is offered. */
static void step(const char *cmd)
{
    board_play(cmd, "");
    if (lnlt_decision_get(&T.ctx, &T.st).kind == LNLT_DECIDE_OPFIRE)
        board_play("no-fire", "");
}

static const char *cmd_with(const char *fmt, int unit)
{
    static char cmd[96];
    snprintf(cmd, sizeof cmd, fmt, unit);
    return cmd;
}

/* "cmd #a #b #c" */
static const char *cmd_with3(const char *fmt, int a, int b, int c)
{
    static char cmd[96];
    snprintf(cmd, sizeof cmd, fmt, a, b, c);
    return cmd;
}

/* 4.0 (ruling R-CORE-94): a player may act with any group of a hex's units. A
 * stack of five lists the whole stack and each unit alone; the three squads
 * without their two leaders are gathered one unit at a time, then move or fire
 * together; `cancel` drops a group. */
static void rule_4_0_any_group_of_a_large_stack_may_act(void **state)
{
    (void)state;
    int sq[3];
    for (int i = 0; i < 3; i++)
        sq[i] = board_add("us_abn_squad_254", 1, "H6");
    int tom = board_add("us_maj_tom", 1, "H6");
    int medrow = board_add("us_cpl_medrow", 1, "H6");
    board_add("de_squad_164", 2, "H4");
    board_to_operations();
    board_play("activate H6", "");
    assert_true(board_legal("move H6"));
    assert_true(board_legal(cmd_with("move H6 #%d", sq[0])));
    assert_false(board_legal(cmd_with3("move H6 #%d #%d #%d", sq[0], sq[1], sq[2])));
    /* a group is gathered, then dropped */
    board_play(cmd_with("gather H6 #%d", tom), "");
    assert_int_equal(lnlt_decision_get(&T.ctx, &T.st).kind, LNLT_DECIDE_GATHER);
    assert_false(board_legal(cmd_with("join #%d", tom)));
    board_play("cancel", "");
    assert_int_equal(lnlt_decision_get(&T.ctx, &T.st).kind, LNLT_DECIDE_ACTIVATION);
    /* the three squads: gathered, they may fire at H4 or move */
    board_play(cmd_with("gather H6 #%d", sq[0]), "");
    assert_false(board_legal(cmd_with("move H6 #%d", sq[0]))); /* a group of one: its own command */
    board_play(cmd_with("join #%d", sq[1]), "");
    board_play(cmd_with("join #%d", sq[2]), "");
    assert_true(board_legal(cmd_with3("fire H6 H4 #%d #%d #%d", sq[0], sq[1], sq[2])));
    assert_false(board_legal("done"));
    board_play(cmd_with3("move H6 #%d #%d #%d", sq[0], sq[1], sq[2]), "");
    step("step H5");
    board_play("stop", "");
    for (int i = 0; i < 3; i++)
        assert_int_equal(T.st.unit[sq[i]].cell, board_cell("H5"));
    assert_int_equal(T.st.unit[tom].cell, board_cell("H6"));
    assert_int_equal(T.st.unit[medrow].cell, board_cell("H6"));
    assert_false(T.st.unit[tom].marks & LNLT_MARK_MOVED);
}

/* 5.3 (ruling R-CORE-140): opportunity fire may be made by any group of a hex's
 * units, as an activation's fire may (R-CORE-94). The Germans' stack of five in
 * H4 lists its whole stack and each unit alone at the Americans moving into H5;
 * its three squads without their leaders are gathered, `cancel` returns to the
 * opportunity fire, and the three then fire together while the leaders stay
 * unmarked. */
static void rule_5_3_any_group_of_a_large_stack_may_opportunity_fire(void **state)
{
    (void)state;
    int sq[3];
    for (int i = 0; i < 3; i++)
        sq[i] = board_add("de_squad_164", 2, "H4");
    int koch = board_add("de_lt_koch", 2, "H4");
    int plassmann = board_add("de_lt_plassmann", 2, "H4");
    board_add("us_abn_squad_254", 1, "H6");
    board_to_operations();
    board_play("activate H6", "");
    board_play("move H6", "");
    board_play("step H5", "");
    assert_int_equal(lnlt_decision_get(&T.ctx, &T.st).kind, LNLT_DECIDE_OPFIRE);
    assert_true(board_legal("opfire H4"));
    assert_true(board_legal(cmd_with("opfire H4 #%d", sq[0])));
    assert_false(board_legal(cmd_with3("opfire H4 #%d #%d #%d", sq[0], sq[1], sq[2])));
    assert_true(board_legal(cmd_with("gather H4 #%d", sq[0])));
    /* gathered, then dropped: back to the opportunity fire, nothing spent */
    board_play(cmd_with("gather H4 #%d", sq[0]), "");
    assert_int_equal(lnlt_decision_get(&T.ctx, &T.st).kind, LNLT_DECIDE_OPP_GATHER);
    assert_int_equal(lnlt_decision_get(&T.ctx, &T.st).side, 2);
    assert_false(board_legal("no-fire"));
    board_play("cancel", "");
    assert_int_equal(lnlt_decision_get(&T.ctx, &T.st).kind, LNLT_DECIDE_OPFIRE);
    assert_true(board_legal("no-fire"));
    /* the three squads gathered: they fire together, the leaders do not */
    board_play(cmd_with("gather H4 #%d", sq[0]), "");
    board_play(cmd_with("join #%d", sq[1]), "");
    assert_false(board_legal(cmd_with3("opfire H4 #%d #%d #%d", sq[0], sq[1], sq[2])));
    board_play(cmd_with("join #%d", sq[2]), "");
    assert_true(board_legal(cmd_with3("opfire H4 #%d #%d #%d", sq[0], sq[1], sq[2])));
    board_play(cmd_with3("opfire H4 #%d #%d #%d", sq[0], sq[1], sq[2]), "1,6");
    board_expect_log("op fire from H4 at H5: FP +2 + adjacent target +2 = 4 (Squad 1-6-4 IFP 1 1 + Squad 1-6-4 IFP 1 x1/2 0.5 + Squad 1-6-4 IFP 1 x1/2 0.5, range 1)");
    for (int i = 0; i < 3; i++)
        assert_true(T.st.unit[sq[i]].marks & LNLT_MARK_FIRED);
    assert_false(T.st.unit[koch].marks & LNLT_MARK_FIRED);
    assert_false(T.st.unit[plassmann].marks & LNLT_MARK_FIRED);
}

/* 4.0: "all firing units within a hex that are activated in the same impulse
 * must engage the same target": after one squad of L6 fired at L5, the other
 * may not fire at L7, nor make a second attack on L5; it may still move. */
static void rule_4_0_a_hex_fires_once_at_one_target(void **state)
{
    (void)state;
    int a = board_add("us_abn_squad_254", 1, "L6"), b = board_add("us_abn_squad_254", 1, "L6");
    board_add("de_squad_164", 2, "L5");
    board_add("de_squad_164", 2, "L7");
    board_to_operations();
    board_play("activate L6", "");
    assert_true(board_legal(cmd_with("fire L6 L7 #%d", b)));
    board_play_loose(cmd_with("fire L6 L5 #%d", a), "1,6");
    assert_false(board_legal("fire L6 L7"));
    assert_false(board_legal("fire L6 L5"));
    assert_false(board_legal("assault-fire L6 L7"));
    assert_false(board_legal("assault-fire L6 L5"));
    /* 4.0: some units of a hex may fire and others move */
    assert_true(board_legal("move L6"));
    /* the unit that did nothing stays available for a later impulse */
    board_play("done", "");
    board_play("pass", "");
    assert_true(board_legal("activate L6"));
    board_play("activate L6", "");
    assert_true(board_legal("fire L6 L7"));
}

/* 4.0, 6.0: the units of a hex that move in an impulse move together: after one
 * group moved off, another group of that hex may not start its own move in the
 * same impulse. It may still fire. */
static void rule_4_0_a_hex_moves_once_as_one_stack(void **state)
{
    (void)state;
    int a = board_add("us_abn_squad_254", 1, "L6"), b = board_add("us_abn_squad_254", 1, "L6");
    board_add("de_squad_164", 2, "L4");
    board_to_operations();
    board_play("activate L6", "");
    board_play(cmd_with("move L6 #%d", a), "");
    step("step M6");
    board_play("stop", "");
    assert_false(board_legal("move L6"));
    assert_false(board_legal("assault L6"));
    assert_false(board_legal("crawl L6"));
    assert_false(board_legal("stealth L6"));
    /* it may still fire */
    assert_true(board_legal("fire L6 L4"));
    /* a hex may be activated again later: b never acted */
    board_play("done", "");
    board_play("pass", "");
    board_play("activate L6", "");
    assert_true(board_legal("move L6"));
    (void)b;
}

/* 4.0 and its Ops Phase Example 2: a leader in the activated hex who does nothing
 * while a squad of his hex fires stays free, in that activation and later. */
static void rule_4_0_a_leader_who_did_nothing_stays_available(void **state)
{
    (void)state;
    lnlt_state *st = &T.st;
    int sq = board_add("us_abn_squad_254", 1, "L6"), ld = board_add("us_maj_tom", 1, "L6");
    board_add("de_squad_164", 2, "L5");
    board_to_operations();
    board_play("activate L6", "");
    board_play_loose(cmd_with("fire L6 L5 #%d", sq), "1,6");
    /* still free in this activation: he may move off */
    assert_false(st->unit[ld].marks & LNLT_MARK_OPS_COMPLETE);
    assert_true(board_legal("move L6"));
    board_play("done", "");
    assert_false(st->unit[ld].marks & LNLT_MARK_OPS_COMPLETE);
    assert_false(st->unit[ld].flags & LNLT_UNIT_ACTIVATED);
    board_play("pass", "");
    assert_true(board_legal("activate L6"));
    board_play("activate L6", "");
    assert_true(board_legal("move L6"));
}

/* 4.0: "a Leader activating adjacent units is marked with an Ops Complete marker
 * if he does nothing else in this impulse". */
static void rule_4_0_a_leader_who_activated_others_and_did_nothing_is_ops_complete(void **state)
{
    (void)state;
    lnlt_state *st = &T.st;
    int ld = board_add("us_maj_tom", 1, "L6"), sq = board_add("us_abn_squad_254", 1, "L7");
    board_add("de_squad_164", 2, "L8");
    board_to_operations();
    board_play("activate L6", "");
    board_play("also L7", "");
    board_play_loose("fire L7 L8", "1,6");
    assert_true(st->unit[sq].marks & LNLT_MARK_FIRED);
    board_play("done", "");
    assert_true(st->unit[ld].marks & LNLT_MARK_OPS_COMPLETE);
    assert_true(st->unit[ld].flags & LNLT_UNIT_ACTIVATED);
}

/* 4.0: the same leader may still act himself in that impulse, after the units he
 * activated: then he is marked for what he did, not Ops Complete. */
static void rule_4_0_a_leader_who_activated_others_may_still_act(void **state)
{
    (void)state;
    lnlt_state *st = &T.st;
    int ld = board_add("us_maj_tom", 1, "L6");
    board_add("us_abn_squad_254", 1, "L7");
    board_add("de_squad_164", 2, "L8");
    board_to_operations();
    board_play("activate L6", "");
    board_play("also L7", "");
    board_play_loose("fire L7 L8", "1,6");
    board_play("move L6", "");
    step("step M6");
    if (lnlt_decision_get(&T.ctx, st).kind == LNLT_DECIDE_MOVE)
        board_play("stop", "");
    board_play("done", "");
    assert_true(st->unit[ld].marks & LNLT_MARK_MOVED);
    assert_false(st->unit[ld].marks & LNLT_MARK_OPS_COMPLETE);
}

/* 4.1, 10.1.1: a lone unit that spots a hex may fire at it at full FP in the same
 * impulse (its Ops Complete -1 does not apply to that fire). */
static void rule_4_1_a_lone_spotter_fires_at_the_hex_it_spotted(void **state)
{
    (void)state;
    lnlt_state *st = &T.st;
    int sq = board_add("us_abn_squad_254", 1, "L6");
    board_add("de_squad_164", 2, "M3"); /* a building: not spotted by being open */
    board_to_operations();
    assert_true(board_legal(cmd_with("spot M3 #%d", sq)));
    board_play(cmd_with("spot M3 #%d", sq), "1");
    assert_true(st->unit[sq].marks & LNLT_MARK_OPS_COMPLETE);
    assert_true(board_legal("activate L6"));
    board_play("activate L6", "");
    assert_true(board_legal("fire L6 M3"));
    board_play_loose("fire L6 M3", "1,6");
    board_expect_log("fire from L6 at M3: FP +2 = 2"); /* 2, not 2 - 1 */
    assert_true(st->unit[sq].marks & LNLT_MARK_FIRED);
}

/* 4.1: a unit that failed to spot is Ops Complete and does nothing else; its
 * hex cannot be activated for it. */
static void rule_4_1_a_failed_spotter_does_nothing_else(void **state)
{
    (void)state;
    int sq = board_add("us_abn_squad_254", 1, "L6");
    board_add("de_squad_164", 2, "M3");
    board_to_operations();
    board_play(cmd_with("spot M3 #%d", sq), "6");
    assert_false(board_legal("activate L6"));
    assert_true(board_legal("pass"));
}

/* 4.1, SK-EX-002/007: a leader who spotted a hex is Ops Complete, but he may still
 * lend his LM against that hex and activate the hexes next to his. */
static void rule_4_1_a_spotting_leader_may_still_activate_adjacent_hexes(void **state)
{
    (void)state;
    int tom = board_add("us_maj_tom", 1, "L6");
    board_add("us_abn_squad_254", 1, "L7");
    board_add("de_squad_164", 2, "M3");
    board_to_operations();
    board_play(cmd_with("spot M3 #%d", tom), "1");
    board_play("activate L6", "");
    assert_true(board_legal("also L7"));
    board_play("also L7", "");
    board_play_loose("fire L7 M3", "1,6");
}

/* 4.0, 11.4: the phase does not end while a side may still place its off-map
 * sniper: the Germans have acted, the US squad fires with Major Tom's LM, and
 * the phase goes on (Major Tom Fired, not Ops Complete) so that the US may still
 * place the sniper. */
static void rule_4_0_the_phase_waits_for_an_off_map_sniper(void **state)
{
    (void)state;
    lnlt_state *st = &T.st;
    scn = calloc(1, sizeof *scn);
    assert_non_null(scn);
    scn->force_count = 1;
    scn->force[0].side = 0;
    scn->force[0].arrive.how = LNLT_ARRIVE_SNIPER;
    T.ctx.scenario = scn;
    int sn = board_add("us_sniper_wwii", 1, NULL);
    st->unit[sn].force = 0;
    int tom = board_add("us_maj_tom", 1, "L6");
    board_add("us_abn_squad_254", 1, "L6");
    int de = board_add("de_squad_164", 2, "L5");
    st->unit[de].marks |= LNLT_MARK_FIRED; /* it has acted this turn */
    st->unit[de].flags |= LNLT_UNIT_ACTIVATED;
    board_to_operations();
    board_play("activate L6", "");
    board_play_loose("fire L6 L5", "1,6,6,6");
    board_play("done", "");
    assert_int_equal(st->phase, LNLT_PHASE_OPERATIONS);
    assert_int_equal(st->turn, 1);
    assert_true(st->unit[tom].marks & LNLT_MARK_FIRED);
    assert_false(st->unit[tom].marks & LNLT_MARK_OPS_COMPLETE);
    board_play("pass", ""); /* the Germans have nothing left to do */
    assert_true(board_legal(cmd_with("sniper E7 #%d", sn)));
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

/* 5.0.1, 11.1.3: a leader's LM "is applied to every attack that occurs from the
 * Leader's hex in its activation impulse": after the squads' attack, the MG
 * team of the hex fires apart at the same hex, with Lt Koch's LM again. */
static void rule_11_1_3_leader_lm_aids_every_attack_from_his_hex(void **state)
{
    (void)state;
    lnlt_state *st = &T.st;
    board_add("us_abn_squad_254", 1, "L6");
    board_add("us_abn_squad_254", 1, "A8");
    int sq = board_add("de_squad_164", 2, "L5");
    int koch = board_add("de_lt_koch", 2, "L5");
    int wt = board_add("test_wt_mg", 2, "L5");
    board_to_operations();
    board_play("pass", "");
    board_play("activate L5", "");
    char cmd[64];
    snprintf(cmd, sizeof cmd, "fire L5 L6 #%d #%d", sq, koch);
    board_play_loose(cmd, "1,6");
    board_expect_log("LM Lt Koch +1");
    assert_true(st->unit[koch].marks & LNLT_MARK_FIRED);
    T.log.count = 0;
    assert_true(board_legal("fire L5 L6"));
    board_play_loose("fire L5 L6", "1,6,6,6");
    board_expect_log("MG team 3-10-4");
    board_expect_log("LM Lt Koch +1");
    assert_true(st->unit[wt].marks & LNLT_MARK_FIRED);
}

/* 4.1, 5.3: under an Ops Complete marker only MMCs (at -1) and their weapons may
 * fire at a mover; a hero, an SMC, may not. */
static void rule_4_1_an_ops_complete_smc_may_not_opportunity_fire(void **state)
{
    (void)state;
    lnlt_state *st = &T.st;
    int hero = board_add("us_hero_hird", 1, "L6");
    int sq = board_add("us_abn_squad_254", 1, "K6");
    board_add("de_squad_164", 2, "L3");
    board_add("de_squad_164", 2, "A1");
    st->unit[hero].marks |= LNLT_MARK_OPS_COMPLETE;
    st->unit[hero].flags |= LNLT_UNIT_ACTIVATED;
    st->unit[sq].marks |= LNLT_MARK_OPS_COMPLETE;
    st->unit[sq].flags |= LNLT_UNIT_ACTIVATED;
    board_to_operations();
    board_play("pass", "");
    board_play("activate L3", "");
    board_play("move L3", "");
    board_play("step L4", "");
    assert_int_equal(lnlt_decision_get(&T.ctx, st).kind, LNLT_DECIDE_OPFIRE);
    assert_false(board_legal("opfire L6"));
    assert_true(board_legal("opfire K6")); /* the squad, at IFP - 1 */
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test_setup_teardown(rule_4_0_any_group_of_a_large_stack_may_act, setup, teardown),
        cmocka_unit_test_setup_teardown(rule_5_3_any_group_of_a_large_stack_may_opportunity_fire, setup, teardown),
        cmocka_unit_test_setup_teardown(rule_4_0_a_hex_fires_once_at_one_target, setup, teardown),
        cmocka_unit_test_setup_teardown(rule_4_0_a_hex_moves_once_as_one_stack, setup, teardown),
        cmocka_unit_test_setup_teardown(rule_4_0_a_leader_who_did_nothing_stays_available, setup, teardown),
        cmocka_unit_test_setup_teardown(rule_4_0_a_leader_who_activated_others_and_did_nothing_is_ops_complete, setup,
                                        teardown),
        cmocka_unit_test_setup_teardown(rule_4_0_a_leader_who_activated_others_may_still_act, setup, teardown),
        cmocka_unit_test_setup_teardown(rule_4_1_a_lone_spotter_fires_at_the_hex_it_spotted, setup, teardown),
        cmocka_unit_test_setup_teardown(rule_4_1_a_failed_spotter_does_nothing_else, setup, teardown),
        cmocka_unit_test_setup_teardown(rule_4_1_a_spotting_leader_may_still_activate_adjacent_hexes, setup, teardown),
        cmocka_unit_test_setup_teardown(rule_4_0_the_phase_waits_for_an_off_map_sniper, setup, teardown),
        cmocka_unit_test_setup_teardown(rule_11_1_3_leader_lm_aids_every_attack_from_his_hex, setup_wt, teardown),
        cmocka_unit_test_setup_teardown(rule_4_1_an_ops_complete_smc_may_not_opportunity_fire, setup, teardown),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
