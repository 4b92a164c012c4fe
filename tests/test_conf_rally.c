/*
 * test_conf_rally.c: conformance tests for the turn sequence and the rally phase
 * (rules 2.0, 3.0 and 9.0) written for docs/conformance.md, on Map 15 with forced
 * dice: who may rally whom (a rallier of the same IB in the hex, self-rally for
 * SMCs, weapon teams and units printed SR), the order of the attempts, one
 * attempt a phase, rallies inside a melee, and the markers the administrative
 * phase removes. Map 15: column H is road (TM 0), G7 a wooden building (+3).
 */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <string.h>
#include <cmocka.h>

#include "lnlt/game.h"
#include "rules/internal.h"
#include "support/board.h"

static int setup(void **state)
{
    (void)state;
    static const char *const files[] = {
        "data/nations/starter_kit.json",         "tests/fixtures/nations/conformance.json",
        "data/units/us_wwii.json",               "data/units/de_wwii.json",
        "tests/fixtures/units/smc.json",         "tests/fixtures/units/weapon_teams.json",
        "tests/fixtures/units/conformance.json", "data/weapons/starter_kit.json"};
    board_open(files, 8, "data/maps/map15.json");
    return 0;
}

static int add_shaken(const char *type, int side, const char *hex)
{
    int u = board_add(type, side, hex);
    T.st.unit[u].status = LNLT_SHAKEN;
    return u;
}

/* The US (initiative on turn 1) ends its rally actions so the Germans act. */
static void germans_rally(void) { board_play("end-rally", ""); }

/* 3.0: shaken leaders try first, so that a rallied leader can lend his LM. */
static void rule_3_0_shaken_leader_rallies_first_then_helps(void **state)
{
    (void)state;
    int sq = add_shaken("de_squad_164", 2, "H5"); /* listed before the leader on purpose */
    int koch = add_shaken("de_lt_koch", 2, "H5");
    board_add("us_abn_squad_254", 1, "A1");
    germans_rally();
    /* Koch 3+3 = 6 <= 7 rallies; then the squad 4+2 - LM 1 = 5 <= 5 */
    board_play("rally H5", "3,3,4,2");
    assert_int_equal(T.st.unit[koch].status, LNLT_GOOD_ORDER);
    assert_int_equal(T.st.unit[sq].status, LNLT_GOOD_ORDER);
}

/* 11.8, 11.11: a chaplain or piper who has just rallied may rally the others: he
 * rallies first, like a leader. */
static void rule_11_8_just_rallied_chaplain_rallies_the_others(void **state)
{
    (void)state;
    int sq = add_shaken("test_squad_144", 1, "H5");
    int chap = add_shaken("test_chaplain", 1, "H5");
    board_add("de_squad_164", 2, "A1");
    /* the chaplain 1+1 <= 6 (shaken side); the squad 2+3 - LM 1 = 4 <= 4 (its shaken morale) */
    board_play("rally H5", "1,1,2,3");
    assert_int_equal(T.st.unit[chap].status, LNLT_GOOD_ORDER);
    assert_int_equal(T.st.unit[sq].status, LNLT_GOOD_ORDER);
}

static void rule_11_11_just_rallied_piper_rallies_the_others(void **state)
{
    (void)state;
    int sq = add_shaken("test_squad_144", 1, "H5");
    int piper = add_shaken("test_piper", 1, "H5");
    board_add("de_squad_164", 2, "A1");
    board_play("rally H5", "2,2,3,2"); /* 4 <= 6; 5 - 1 = 4 <= 4 */
    assert_int_equal(T.st.unit[piper].status, LNLT_GOOD_ORDER);
    assert_int_equal(T.st.unit[sq].status, LNLT_GOOD_ORDER);
}

/* 3.0: Leg units with no good-order leader, hero, chaplain, nurse or piper in the
 * hex cannot try; a shaken leader may try for himself only. */
static void rule_3_0_no_rally_without_a_rallier(void **state)
{
    (void)state;
    add_shaken("de_squad_164", 2, "H5");
    add_shaken("de_squad_164", 2, "H7");
    int koch = add_shaken("de_lt_koch", 2, "H7");
    board_add("us_abn_squad_254", 1, "A1");
    germans_rally();
    assert_false(board_legal("rally H5"));
    assert_true(board_legal("rally H7"));
    board_play("rally H7", "6,6"); /* Koch fails; the squad has nobody to rally it */
    assert_int_equal(T.st.unit[koch].status, LNLT_SHAKEN);
    assert_false(board_legal("rally H7"));
}

/* 3.0, 11.2: a hero lets the units of his hex try, without an LM. */
static void rule_3_0_hero_lets_units_rally(void **state)
{
    (void)state;
    int sq = add_shaken("us_abn_squad_254", 1, "H5");
    board_add("us_hero_hird", 1, "H5");
    board_add("de_squad_164", 2, "A1");
    board_play("rally H5", "4,3"); /* 7 > 6, and no LM to help */
    assert_int_equal(T.st.unit[sq].status, LNLT_SHAKEN);
    board_play("end-rally", "");
    board_play("end-rally", "");
    board_play("pass", "");
    board_play("pass", "");
    board_play("pass", "5,3"); /* turn 2: the US keep the initiative */
    board_play("rally H5", "3,3"); /* 6 <= 6 */
    assert_int_equal(T.st.unit[sq].status, LNLT_GOOD_ORDER);
}

/* 3.0: ralliers help only units of their colour and IB; weapon teams are the
 * exception (ruling R-CORE-71: any rallier of their colour). */
static void rule_3_0_ralliers_help_only_their_own_ib(void **state)
{
    (void)state;
    add_shaken("test_ss_squad", 2, "H5");
    board_add("de_lt_koch", 2, "H5");
    int wt = add_shaken("test_ss_wt_mg", 2, "H7");
    board_add("de_lt_koch", 2, "H7");
    board_add("us_abn_squad_254", 1, "A1");
    germans_rally();
    assert_false(board_legal("rally H5")); /* a Wehrmacht leader cannot rally an SS squad */
    board_play("rally H7", "4,2"); /* the SS MG team: 6 - Koch's LM 1 = 5 <= 5 */
    assert_int_equal(T.st.unit[wt].status, LNLT_GOOD_ORDER);
    board_expect_log("LM -1");
}

/* 3.0, 11.3: a medic tends only units of his own IB. */
static void rule_3_0_medic_tends_only_his_own_ib(void **state)
{
    (void)state;
    char cmd[64];
    int ss = add_shaken("test_ss_squad", 2, "H5");
    int sq = add_shaken("de_squad_164", 2, "H5");
    board_add("de_medic", 2, "H5");
    board_add("us_abn_squad_254", 1, "A1");
    germans_rally();
    snprintf(cmd, sizeof cmd, "tend H5 #%d", ss);
    assert_false(board_legal(cmd));
    snprintf(cmd, sizeof cmd, "tend H5 #%d", sq);
    assert_true(board_legal(cmd));
}

/* 3.0: weapon teams and every SMC self-rally; so do MMCs printed SR. */
static void rule_3_0_self_rally_of_teams_smcs_and_sr_units(void **state)
{
    (void)state;
    int wt = add_shaken("test_wt_mg", 2, "H3");
    int sr = add_shaken("test_de_sr_squad", 2, "H5");
    int med = add_shaken("de_medic", 2, "H7");
    int plain = add_shaken("de_squad_164", 2, "H1");
    board_add("us_abn_squad_254", 1, "A1");
    germans_rally();
    assert_false(board_legal("rally H1"));
    board_play("rally H3", "2,3"); /* 5 <= 5 */
    board_play("rally H5", "1,4");
    board_play("rally H7", "3,3"); /* 6 <= 6 */
    assert_int_equal(T.st.unit[wt].status, LNLT_GOOD_ORDER);
    assert_int_equal(T.st.unit[sr].status, LNLT_GOOD_ORDER);
    assert_int_equal(T.st.unit[med].status, LNLT_GOOD_ORDER);
    assert_int_equal(T.st.unit[plain].status, LNLT_SHAKEN);
}

/* 3.0: one attempt per unit per rally phase. */
static void rule_3_0_one_rally_attempt_per_phase(void **state)
{
    (void)state;
    int sq = add_shaken("de_squad_164", 2, "H5");
    board_add("de_lt_koch", 2, "H5");
    board_add("us_abn_squad_254", 1, "A1");
    germans_rally();
    board_play("rally H5", "6,5");
    assert_int_equal(T.st.unit[sq].status, LNLT_SHAKEN);
    assert_true(T.st.unit[sq].flags & LNLT_UNIT_RALLY_TRIED);
    assert_false(board_legal("rally H5"));
}

/* 3.0: eligible shaken units locked in melee may try to rally; 11.3: a medic
 * tends there too (nothing in the rules keeps him from it). */
static void rule_3_0_rally_and_tend_in_a_melee_hex(void **state)
{
    (void)state;
    char cmd[64];
    int sq = add_shaken("de_squad_164", 2, "H5");
    int wounded = board_add("de_lt_plassmann", 2, "H5");
    board_add("de_lt_koch", 2, "H5");
    board_add("de_medic", 2, "H5");
    board_add("us_abn_squad_254", 1, "H5");
    T.st.unit[wounded].flags |= LNLT_UNIT_WOUNDED;
    rules_set_melee_marker(&T.st, board_cell("H5"), true);
    germans_rally();
    board_play("rally H5", "2,2");
    assert_int_equal(T.st.unit[sq].status, LNLT_GOOD_ORDER);
    snprintf(cmd, sizeof cmd, "tend H5 #%d", wounded);
    board_play(cmd, "2,2");
    assert_false(T.st.unit[wounded].flags & LNLT_UNIT_WOUNDED);
}

/* 3.0: on later turns each side rolls 1d6, the higher takes the initiative and
 * makes all its rally actions first. */
static void rule_3_0_initiative_winner_rallies_first(void **state)
{
    (void)state;
    board_add("us_abn_squad_254", 1, "A1");
    board_add("de_squad_164", 2, "O8");
    board_to_operations();
    board_play("pass", "");
    board_play("pass", "");
    board_play("pass", "2,5"); /* turn 2: US 2, Germans 5 */
    assert_int_equal(T.st.initiative, 2);
    lnlt_decision d = lnlt_decision_get(&T.ctx, &T.st);
    assert_int_equal(d.kind, LNLT_DECIDE_RALLY);
    assert_int_equal(d.side, 2);
}

/* 9.0: the administrative phase takes off Moved, Assault Move, Stealth, Hit and
 * Run, Low Crawl, Fired, Ops Complete, Spotted and Fire For Effect markers, turns
 * Smoke 1 into Smoke 2 and removes Smoke 2, then the next turn's rally phase
 * begins with an initiative roll. */
static void rule_9_0_admin_phase_clears_the_markers(void **state)
{
    (void)state;
    static const uint8_t marks[] = {LNLT_MARK_MOVED,     LNLT_MARK_ASSAULT_MOVE, LNLT_MARK_FIRED,
                                    LNLT_MARK_OPS_COMPLETE, LNLT_MARK_LOW_CRAWL, LNLT_MARK_STEALTH,
                                    LNLT_MARK_HIT_AND_RUN};
    static const char *const hexes[] = {"A1", "A3", "A7", "B8", "C3", "C5", "D3"};
    int u[7];
    for (int i = 0; i < 7; i++)
        u[i] = board_add("us_abn_squad_254", 1, hexes[i]);
    board_add("de_squad_164", 2, "O8");
    board_to_operations();
    for (int i = 0; i < 7; i++) {
        T.st.unit[u[i]].marks = marks[i];
        T.st.unit[u[i]].flags |= LNLT_UNIT_ACTIVATED;
    }
    rules_set_spot_marker(&T.st, 2, board_cell("A1"));
    lnlt_bit_set(T.st.smoke[0], board_cell("E6"));
    lnlt_bit_set(T.st.smoke[1], board_cell("E5"));
    lnlt_bit_set(T.st.ffe, board_cell("L5"));
    board_play("pass", "");
    board_play("pass", "");
    board_play("pass", "4,1");
    assert_int_equal(T.st.turn, 2);
    assert_int_equal(T.st.phase, LNLT_PHASE_RALLY);
    for (int i = 0; i < 7; i++) {
        assert_int_equal(T.st.unit[u[i]].marks, 0);
        assert_false(T.st.unit[u[i]].flags & LNLT_UNIT_ACTIVATED);
    }
    assert_false(rules_spot_marker(&T.st, 2, board_cell("A1")));
    assert_false(lnlt_bit(T.st.smoke[0], board_cell("E6")));
    assert_true(lnlt_bit(T.st.smoke[1], board_cell("E6")));
    assert_false(lnlt_bit(T.st.smoke[1], board_cell("E5")));
    assert_false(lnlt_bit(T.st.ffe, board_cell("L5")));
    board_expect_log("initiative");
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test_setup_teardown(rule_3_0_shaken_leader_rallies_first_then_helps, setup, board_teardown),
        cmocka_unit_test_setup_teardown(rule_11_8_just_rallied_chaplain_rallies_the_others, setup, board_teardown),
        cmocka_unit_test_setup_teardown(rule_11_11_just_rallied_piper_rallies_the_others, setup, board_teardown),
        cmocka_unit_test_setup_teardown(rule_3_0_no_rally_without_a_rallier, setup, board_teardown),
        cmocka_unit_test_setup_teardown(rule_3_0_hero_lets_units_rally, setup, board_teardown),
        cmocka_unit_test_setup_teardown(rule_3_0_ralliers_help_only_their_own_ib, setup, board_teardown),
        cmocka_unit_test_setup_teardown(rule_3_0_medic_tends_only_his_own_ib, setup, board_teardown),
        cmocka_unit_test_setup_teardown(rule_3_0_self_rally_of_teams_smcs_and_sr_units, setup, board_teardown),
        cmocka_unit_test_setup_teardown(rule_3_0_one_rally_attempt_per_phase, setup, board_teardown),
        cmocka_unit_test_setup_teardown(rule_3_0_rally_and_tend_in_a_melee_hex, setup, board_teardown),
        cmocka_unit_test_setup_teardown(rule_3_0_initiative_winner_rallies_first, setup, board_teardown),
        cmocka_unit_test_setup_teardown(rule_9_0_admin_phase_clears_the_markers, setup, board_teardown),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
