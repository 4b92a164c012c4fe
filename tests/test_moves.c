/*
 * test_moves.c: the movement modes and rally-phase options of rules core I on
 * Map 15 with forced dice: double time (6.2), low crawl (6.3), assault fire
 * (6.1.1), self-rally pairs (3.1) and recombining half-squads (3.0).
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
                                        "tests/fixtures/units/srp.json"};
    board_open(files, 5, "data/maps/map15.json");
    return 0;
}

static void rule_6_2_double_time_with_a_leader(void **state)
{
    (void)state;
    int sq = board_add("us_abn_squad_254", 1, "H7");
    int shaken = board_add("us_abn_half_144", 1, "H7");
    board_add("us_maj_tom", 1, "H7");
    board_add("de_squad_164", 2, "A1");
    T.st.unit[shaken].status = LNLT_SHAKEN;
    board_to_operations();
    board_play("activate H7", "");
    /* all three: the shaken half-squad (MF 2 + 1 = 3) sets the pace */
    board_play("dt H7", "");
    assert_true(board_logged("move at double time from H7 with 3 MP"));
    assert_int_equal(T.st.move.mode, LNLT_MV_DOUBLE_TIME);
    board_play("stop", "");
    board_play("done", "");
    board_close();
    setup(NULL);
    sq = board_add("us_abn_squad_254", 1, "H7");
    board_add("us_maj_tom", 1, "H7");
    board_add("de_squad_164", 2, "A1");
    board_to_operations();
    board_play("activate H7", "");
    /* the squad (MF 4 + 2 = 6, Major Tom's MF 6 caps it) */
    board_play("dt H7", "");
    assert_true(board_logged("move at double time from H7 with 6 MP"));
    (void)sq;
    /* without a leader there is no double time */
    board_close();
    setup(NULL);
    board_add("us_abn_squad_254", 1, "H7");
    board_add("de_squad_164", 2, "A1");
    board_to_operations();
    board_play("activate H7", "");
    assert_false(board_legal("dt H7"));
}

static void rule_6_3_low_crawl_one_hex(void **state)
{
    (void)state;
    int sq = board_add("us_abn_squad_254", 1, "H7");
    board_add("de_squad_164", 2, "A1");
    board_to_operations();
    board_play("activate H7", "");
    board_play("crawl H7", "");
    board_play("step H8", "");
    /* one hex, the whole impulse: the move is over and the unit is marked LC */
    assert_int_equal(T.st.move.active, 0);
    assert_true(T.st.unit[sq].marks & LNLT_MARK_LOW_CRAWL);
    board_play("done", "");
    /* a shaken squad (MF 2) may not crawl into Light Woods (2 MP): it would need all its MP */
    board_close();
    setup(NULL);
    sq = board_add("us_abn_squad_254", 1, "J5");
    T.st.unit[sq].status = LNLT_SHAKEN;
    board_add("de_squad_164", 2, "A1");
    board_to_operations();
    board_play("activate J5", "");
    board_play("crawl J5", "");
    assert_false(board_legal("step K5")); /* Light Woods */
}

static void rule_6_1_1_assault_fire_then_half_move(void **state)
{
    (void)state;
    int sq = board_add("us_abn_squad_254", 1, "I5");
    int de = board_add("de_squad_164", 2, "I3");
    lnlt_bit_set(T.st.spotted[1], T.st.unit[de].cell);
    board_to_operations();
    board_play("activate I5", "");
    /* 2 (IFP) - 2 (assault fire) = 0; 4 + 0 vs 3 + TM 0 -> DC 1; the squad rolls 2 */
    board_play("assault-fire I5 I3", "4,3,2");
    assert_true(board_logged("fire at I3: 1d6 4 + 0 = 4 vs 1d6 3 + TM 0 = 3 -> DC+1"));
    /* then it must move half its MF (2 MP), marked Moved rather than Fired */
    assert_int_equal(lnlt_decision_get(&T.ctx, &T.st).kind, LNLT_DECIDE_MOVE);
    assert_int_equal(T.st.unit[sq].marks & LNLT_MARK_FIRED, 0);
    board_play("step H6", "");
    if (lnlt_decision_get(&T.ctx, &T.st).kind == LNLT_DECIDE_OPFIRE)
        board_play("no-fire", "");
    assert_true(T.st.unit[sq].marks & LNLT_MARK_MOVED);
    /* the church, a blocking hex, stays spotted to the Germans until the admin phase */
    int i5 = lnlt_map_index(T.map, (lnlt_hex){8, 5, 0});
    assert_true(lnlt_bit(T.st.spotted[2], i5));
}

static void rule_3_1_self_rally_pairs(void **state)
{
    (void)state;
    int a = board_add("test_srp_squad", 2, "A1"), b = board_add("test_srp_squad", 2, "B1");
    board_add("us_abn_squad_254", 1, "H7");
    T.st.unit[a].status = LNLT_SHAKEN;
    T.st.unit[b].status = LNLT_SHAKEN;
    board_play("end-rally", ""); /* the US rallies first (initiative) */
    board_play("rally A1", "3,3");
    assert_int_equal(T.st.unit[a].status, LNLT_GOOD_ORDER); /* a pair, whatever the morale */
    board_play("rally B1", "2,1");
    assert_int_equal(T.st.unit[b].status, LNLT_SHAKEN); /* 3 <= morale 4, but not a pair */
    assert_false(board_legal("rally B1"));                   /* one attempt per rally phase */
}

static void rule_3_0_recombine_half_squads(void **state)
{
    (void)state;
    int h1 = board_add("de_half_154", 2, "F3"), h2 = board_add("de_half_054", 2, "F3");
    board_add("de_lt_koch", 2, "F3");
    board_add("us_abn_squad_254", 1, "H7");
    board_play("end-rally", "");
    assert_true(board_legal("recombine F3"));
    board_play("recombine F3", "");
    assert_string_equal(lnlt_unit_name(&T.ctx, &T.st, h1), "Squad 1-6-4");
    assert_int_equal(T.st.unit[h2].cell, LNLT_CELL_MERGED);
    assert_false(board_legal("recombine F3"));
    /* without a leader they cannot */
    board_close();
    setup(NULL);
    board_add("de_half_154", 2, "F3");
    board_add("de_half_054", 2, "F3");
    board_add("us_abn_squad_254", 1, "H7");
    board_play("end-rally", "");
    assert_false(board_legal("recombine F3"));
}

/* The starter kit, a second squad type reducing to the US 1-4-4, on Map 15. */
static void open_recombine_board(void)
{
    static const char *const files[] = {"data/nations/starter_kit.json", "data/units/us_wwii.json",
                                        "data/units/de_wwii.json", "data/weapons/starter_kit.json",
                                        "tests/fixtures/units/recombine.json"};
    board_open(files, 5, "data/maps/map15.json");
}

/* A German squad fires at the US squad next to it and reduces it: 1d6 1 + FP 3
 * against 1d6 3, then the damage check 5 + DC 1 = 6 (morale 3: 2M <= 6 < 3M). */
static void reduce_by_fire(const char *us_hex, const char *de_hex)
{
    char cmd[48];
    snprintf(cmd, sizeof cmd, "activate %s", de_hex);
    board_play(cmd, "");
    snprintf(cmd, sizeof cmd, "fire %s %s", de_hex, us_hex);
    board_play(cmd, "1,3,5");
    board_expect_log("casualties, now a shaken Airborne half-squad 1-4-4");
    board_play("done", "");
}

/* 3.0: half-squads that do not remember their squad, and could form two types:
 * the die decides. */
static void rule_3_0_recombine_unknown_parent_by_die(void **state)
{
    (void)state;
    board_close();
    open_recombine_board();
    int h1 = board_add("us_abn_half_144", 1, "H7");
    board_add("us_abn_half_144", 1, "H7");
    board_add("us_maj_tom", 1, "H7");
    board_add("de_squad_164", 2, "A1");
    board_play("recombine H7", "2");
    board_expect_log("recombination, parent type");
    assert_string_equal(lnlt_unit_name(&T.ctx, &T.st, h1), "Green airborne squad 2-5-4-3");
}

/* 3.0: a half-squad made by casualties remembers its squad: recombined with one
 * that does not, it forms that squad and no die is rolled; two that remember
 * different squads are not from the same root squad. */
static void rule_3_0_recombine_remembers_the_root_squad(void **state)
{
    (void)state;
    board_close();
    open_recombine_board();
    int green = board_add("test_abn_squad_253", 1, "E6");
    board_add("de_squad_164", 2, "F6");
    board_to_operations();
    board_play("pass", "");
    reduce_by_fire("E6", "F6");
    /* a half-squad of the OOB, which remembers nothing, and a leader join it */
    int half = board_add("us_abn_half_144", 1, "E6");
    board_add("us_maj_tom", 1, "E6");
    assert_int_equal(T.st.unit[green].parent, lnlt_catalog_unit(T.cat, "test_abn_squad_253"));
    /* next turn's rally phase (initiative 4 to 3 for the US): the reduced half is
     * shaken; Major Tom rallies it (2 - LM 2 <= 3), then they recombine */
    while (T.st.phase == LNLT_PHASE_OPERATIONS)
        board_play_loose("pass", "4,3");
    assert_int_equal(T.st.phase, LNLT_PHASE_RALLY);
    assert_int_equal(T.st.to_act, 1);
    board_play("rally E6", "1,1");
    T.log.count = 0;
    board_play("recombine E6", "");
    assert_false(board_logged("recombination, parent type"));
    assert_string_equal(lnlt_unit_name(&T.ctx, &T.st, green), "Green airborne squad 2-5-4-3");
    assert_int_equal(T.st.unit[half].cell, LNLT_CELL_MERGED);
    assert_int_equal(T.st.unit[green].parent, -1);
    /* two half-squads that remember different squads cannot join (ruling R-DATA-09) */
    board_close();
    open_recombine_board();
    int a = board_add("us_abn_half_144", 1, "H7"), b = board_add("us_abn_half_144", 1, "H7");
    board_add("us_maj_tom", 1, "H7");
    board_add("de_squad_164", 2, "A1");
    T.st.unit[a].parent = (int16_t)lnlt_catalog_unit(T.cat, "test_abn_squad_253");
    T.st.unit[b].parent = (int16_t)lnlt_catalog_unit(T.cat, "us_abn_squad_254");
    assert_false(board_legal("recombine H7"));
    T.st.unit[b].parent = -1;
    assert_true(board_legal("recombine H7"));
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test_setup_teardown(rule_6_2_double_time_with_a_leader, setup, board_teardown),
        cmocka_unit_test_setup_teardown(rule_6_3_low_crawl_one_hex, setup, board_teardown),
        cmocka_unit_test_setup_teardown(rule_6_1_1_assault_fire_then_half_move, setup, board_teardown),
        cmocka_unit_test_setup_teardown(rule_3_1_self_rally_pairs, setup, board_teardown),
        cmocka_unit_test_setup_teardown(rule_3_0_recombine_half_squads, setup, board_teardown),
        cmocka_unit_test_setup_teardown(rule_3_0_recombine_unknown_parent_by_die, setup, board_teardown),
        cmocka_unit_test_setup_teardown(rule_3_0_recombine_remembers_the_root_squad, setup, board_teardown),
    };
    return cmocka_run_group_tests_name("moves", tests, NULL, NULL);
}
