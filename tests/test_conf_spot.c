/*
 * test_conf_spot.c: conformance tests for spotting (rules 10.1, 10.1.1) and smoke
 * (7.0) written for docs/conformance.md, on Map 15 with forced dice: what makes a
 * hex spotted (a good-order neighbour, markers, and not a shaken neighbour or a
 * Low Crawl marker), who may attempt to spot and how often, Spotted markers that
 * go when their hex empties (the assault-fire marker excepted), two Smoke markers
 * in one hex, and a smoke layer moving into a melee. K5 is light woods, K2 and K3
 * clear, L5 clear; column H is road.
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
        "data/nations/starter_kit.json",         "data/units/us_wwii.json",
        "data/units/de_wwii.json",               "tests/fixtures/units/smc.json",
        "tests/fixtures/units/sk_example.json", "data/weapons/starter_kit.json"};
    board_open(files, 6, "data/maps/map15.json");
    return 0;
}

static const char *cmd1(const char *fmt, int a)
{
    static char buf[96];
    snprintf(buf, sizeof buf, fmt, a);
    return buf;
}

static bool spotted_for(int side, const char *hex) { return rules_spotted(&T.ctx, &T.st, board_cell(hex), side); }

/* 10.1: a good-order unit spots the six hexes around it, marked or not; a shaken
 * one does not (5.1). */
static void rule_10_1_good_order_neighbours_spot_shaken_ones_do_not(void **state)
{
    (void)state;
    int near = board_add("us_abn_squad_254", 1, "K4");
    board_add("us_abn_squad_254", 1, "K2");
    board_add("de_squad_164", 2, "K5"); /* light woods */
    assert_true(spotted_for(1, "K5"));
    T.st.unit[near].marks = LNLT_MARK_FIRED; /* marked units still spot their neighbours */
    assert_true(spotted_for(1, "K5"));
    T.st.unit[near].status = LNLT_SHAKEN;
    assert_false(spotted_for(1, "K5"));
    board_to_operations();
    board_play("activate K2", "");
    assert_false(board_legal("fire K2 K5"));
}

/* 11.3: a medic does not spot the hexes around him. */
static void rule_11_3_medic_does_not_spot_his_neighbours(void **state)
{
    (void)state;
    board_add("us_medic_wwii", 1, "K4");
    board_add("de_squad_164", 2, "K5");
    assert_false(spotted_for(1, "K5"));
}

/* 10.1: Moved, Assault Move, Hit and Run, Fired and Melee markers give a hex away;
 * Low Crawl and Stealth markers do not (6.3, 6.4). */
static void rule_10_1_markers_that_give_a_hex_away(void **state)
{
    (void)state;
    board_add("us_abn_squad_254", 1, "K2");
    int de = board_add("de_squad_164", 2, "K5");
    static const struct {
        uint8_t mark;
        bool spotted;
    } cases[] = {{0, false},
                 {LNLT_MARK_MOVED, true},
                 {LNLT_MARK_ASSAULT_MOVE, true},
                 {LNLT_MARK_HIT_AND_RUN, true},
                 {LNLT_MARK_FIRED, true},
                 {LNLT_MARK_LOW_CRAWL, false},
                 {LNLT_MARK_STEALTH | LNLT_MARK_MOVED, false},
                 {LNLT_MARK_OPS_COMPLETE, false}};
    for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++) {
        T.st.unit[de].marks = cases[i].mark;
        if (spotted_for(1, "K5") != cases[i].spotted)
            fail_msg("marks %#x: expected %s", cases[i].mark, cases[i].spotted ? "spotted" : "unspotted");
    }
    T.st.unit[de].marks = 0;
    rules_set_melee_marker(&T.st, board_cell("K5"), true);
    assert_true(spotted_for(1, "K5"));
}

/* 10.1.1: good-order units may try, not medics, chaplains, nurses or pipers, nor
 * units that have acted; one attempt per impulse, and the spotter is Ops Complete
 * whatever the roll. */
static void rule_10_1_1_who_may_attempt_and_how_often(void **state)
{
    (void)state;
    int sq = board_add("us_abn_squad_254", 1, "K2");
    int shaken = board_add("us_abn_squad_254", 1, "L3");
    int med = board_add("us_medic_wwii", 1, "K3");
    int chap = board_add("test_chaplain", 1, "J3");
    int nurse = board_add("test_nurse", 1, "L2");
    int piper = board_add("test_piper", 1, "M2");
    int marks = board_add("test_marksman", 1, "M3");
    board_add("de_squad_164", 2, "K5");
    T.st.unit[shaken].status = LNLT_SHAKEN;
    board_to_operations();
    assert_true(board_legal(cmd1("spot K5 #%d", sq)));
    assert_true(board_legal(cmd1("spot K5 #%d", marks)));
    assert_false(board_legal(cmd1("spot K5 #%d", shaken)));
    assert_false(board_legal(cmd1("spot K5 #%d", med)));
    assert_false(board_legal(cmd1("spot K5 #%d", chap)));
    assert_false(board_legal(cmd1("spot K5 #%d", nurse)));
    assert_false(board_legal(cmd1("spot K5 #%d", piper)));
    board_play(cmd1("spot K5 #%d", sq), "6"); /* fails */
    assert_true(T.st.unit[sq].marks & LNLT_MARK_OPS_COMPLETE);
    assert_false(board_legal(cmd1("spot K5 #%d", marks))); /* one attempt per impulse */
    board_play("pass", "");
    board_play("pass", "");
    /* the US impulse again: a new attempt, but not by the Ops Complete squad */
    assert_false(board_legal(cmd1("spot K5 #%d", sq)));
    assert_true(board_legal(cmd1("spot K5 #%d", marks)));
}

/* 4.1 (conformance 4.1 g): "all units in the same hex as a successful spotting
 * unit" fire at full FP at the hex just spotted, and the bullet stands among the
 * exceptions for units under Ops Complete: a squad of the spotter's hex that
 * failed its own attempt in an earlier impulse joins the fire, at full FP (ruling
 * R-CORE-93), and at that hex only. */
static void rule_4_1_g_ops_complete_units_of_the_spotters_hex_join_its_fire(void **state)
{
    (void)state;
    int first = board_add("us_abn_squad_254", 1, "K2");
    int second = board_add("us_abn_squad_254", 1, "K2");
    board_add("de_squad_164", 2, "K5");
    board_add("de_squad_164", 2, "N7");
    board_to_operations();
    board_play(cmd1("spot K5 #%d", first), "6"); /* fails: Ops Complete */
    board_play("pass", "");
    board_play("pass", "");
    board_play(cmd1("spot K5 #%d", second), "1"); /* spotted */
    board_play("activate K2", "");
    assert_false(board_legal("move K2")); /* they fire at the spotted hex, nothing else */
    assert_false(board_legal("fire K2 N7"));
    T.log_last_command = true;
    /* lead 2 + half of 2 = 3 at full FP; 5 + 3 = 8 vs 1 + TM */
    board_play_loose("fire K2 K5", "5,1,1,1");
    board_expect_log("fire at K5: 1d6 5 + 3 =");
    assert_true(T.st.unit[first].marks & LNLT_MARK_FIRED);
    assert_true(T.st.unit[second].marks & LNLT_MARK_FIRED);
}

/* 10.1, 10.1.1: a Spotted marker goes when every unit has left its hex or been
 * eliminated (ruling R-CORE-70). */
static void rule_10_1_1_spotted_marker_goes_when_the_hex_empties(void **state)
{
    (void)state;
    int sq = board_add("us_abn_squad_254", 1, "K2");
    board_add("de_squad_164", 2, "K5");
    board_add("de_squad_164", 2, "N7");
    board_to_operations();
    board_play(cmd1("spot K5 #%d", sq), "1");
    assert_true(rules_spot_marker(&T.st, 1, board_cell("K5")));
    board_play("pass", ""); /* the spotting attempt was the US impulse */
    board_play("activate K5", "");
    board_play("move K5", "");
    board_play("step L6", ""); /* the squad leaves the woods */
    assert_false(rules_spot_marker(&T.st, 1, board_cell("K5")));
}

static void rule_10_1_1_spotted_marker_goes_with_the_last_unit_eliminated(void **state)
{
    (void)state;
    int sq = board_add("us_abn_squad_254", 1, "K2");
    board_add("us_maj_tom", 1, "K2");
    int hs = board_add("de_half_054", 2, "K5");
    board_add("de_squad_164", 2, "N7");
    board_to_operations();
    board_play(cmd1("spot K5 #%d", sq), "1");
    board_play("activate K2", "");
    /* full FP (4.1): IFP 2 + LM 2 - 1 degrading... the half-squad is eliminated */
    board_play("fire K2 K5", "6,1,6");
    assert_int_equal(T.st.unit[hs].cell, LNLT_CELL_ELIMINATED);
    assert_false(rules_spot_marker(&T.st, 1, board_cell("K5")));
}

/* 6.1.1, 10.1.1: the Spotted marker left by assault fire stays when the units go. */
static void rule_10_1_1_assault_fire_marker_stays(void **state)
{
    (void)state;
    board_add("us_abn_squad_254", 1, "K5");
    board_add("de_squad_164", 2, "K2");
    board_add("de_squad_164", 2, "N7");
    board_to_operations();
    board_play("activate K5", "");
    board_play("assault-fire K5 K2", "1,6");
    board_play("step L6", "");
    if (lnlt_decision_get(&T.ctx, &T.st).kind == LNLT_DECIDE_OPFIRE)
        board_play("no-fire", "");
    board_play("step M6", "");
    if (lnlt_decision_get(&T.ctx, &T.st).kind == LNLT_DECIDE_OPFIRE)
        board_play("no-fire", "");
    assert_true(rules_spot_marker(&T.st, 2, board_cell("K5")));
}

/* 7.0: two Smoke markers in a hex double the duration, not the effect. */
static void rule_7_0_two_smoke_markers_do_not_add(void **state)
{
    (void)state;
    int sq = board_add("us_abn_squad_254", 1, "H7");
    board_add("de_squad_164", 2, "H4");
    lnlt_bit_set(T.st.smoke[1], board_cell("H6")); /* a Smoke 2 from last turn */
    board_to_operations();
    board_play("activate H7", "");
    board_play(cmd1("smoke H6 #%d", sq), "1"); /* and a Smoke 1 */
    board_play("done", "");
    assert_true(lnlt_bit(T.st.smoke[0], board_cell("H6")) && lnlt_bit(T.st.smoke[1], board_cell("H6")));
    assert_int_equal(rules_hex_tm(&T.ctx, &T.st, board_cell("H6"), 2, NULL), 1); /* road 0 + smoke 1 */
    /* the next admin phase removes the Smoke 2 and turns the Smoke 1 over: still smoke */
    board_play("pass", "");
    board_play("pass", "");
    board_play("pass", "3,3");
    assert_true(rules_smoked(&T.st, board_cell("H6")));
}

/* 7.0: a unit that laid smoke may move into a melee. */
static void rule_7_0_smoke_layer_may_move_into_a_melee(void **state)
{
    (void)state;
    int sq = board_add("us_abn_squad_254", 1, "H7");
    board_add("de_squad_164", 2, "H6");
    board_add("de_squad_164", 2, "A1");
    board_to_operations();
    board_play("activate H7", "");
    board_play(cmd1("smoke H7 #%d", sq), "1");
    board_play("move H7", "");
    board_play("step H6", "");
    board_expect_log("a melee begins in H6");
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test_setup_teardown(rule_10_1_good_order_neighbours_spot_shaken_ones_do_not, setup, board_teardown),
        cmocka_unit_test_setup_teardown(rule_4_1_g_ops_complete_units_of_the_spotters_hex_join_its_fire, setup, board_teardown),
        cmocka_unit_test_setup_teardown(rule_11_3_medic_does_not_spot_his_neighbours, setup, board_teardown),
        cmocka_unit_test_setup_teardown(rule_10_1_markers_that_give_a_hex_away, setup, board_teardown),
        cmocka_unit_test_setup_teardown(rule_10_1_1_who_may_attempt_and_how_often, setup, board_teardown),
        cmocka_unit_test_setup_teardown(rule_10_1_1_spotted_marker_goes_when_the_hex_empties, setup, board_teardown),
        cmocka_unit_test_setup_teardown(rule_10_1_1_spotted_marker_goes_with_the_last_unit_eliminated, setup,
                                        board_teardown),
        cmocka_unit_test_setup_teardown(rule_10_1_1_assault_fire_marker_stays, setup, board_teardown),
        cmocka_unit_test_setup_teardown(rule_7_0_two_smoke_markers_do_not_add, setup, board_teardown),
        cmocka_unit_test_setup_teardown(rule_7_0_smoke_layer_may_move_into_a_melee, setup, board_teardown),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
