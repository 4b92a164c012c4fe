/*
 * test_ex_engine.c: the worked examples of rules core I whose point is the state
 * machine rather than the arithmetic (pac digest / rules digest Part 3): who is
 * activated, marked or spotted afterwards, and which moves stay possible. Played
 * on Map 15 with forced dice; the numbers come from the examples.
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
    board_open(NULL, 0, "data/maps/map15.json");
    T.log_last_command = true;
    return 0;
}

static void give(const char *sw, int unit) { board_add_sw(sw, unit, NULL); }

/* EX-010: a squad firing only its MG beyond its own range has still been
 * activated: it cannot fire its IFP later in the turn. */
static void EX_010_firing_only_the_mg_activates_the_squad(void **state)
{
    (void)state;
    int sq = board_add("us_abn_squad_254", 1, "L7"); /* IFP range 5 */
    give("m1919a4", sq);
    int de = board_add("de_squad_164", 2, "L1"), near = board_add("de_squad_164", 2, "L5");
    lnlt_bit_set(T.st.spotted[1], T.st.unit[de].cell);
    lnlt_bit_set(T.st.spotted[1], T.st.unit[near].cell);
    board_to_operations();
    board_play("activate L7", "");
    board_play("fire L7 L1", "1,6"); /* range 6: only the MG reaches */
    board_expect_log("M1919A4");
    assert_true(T.st.unit[sq].marks & LNLT_MARK_FIRED);
    board_play("done", "");
    board_play("pass", "");
    assert_false(board_legal("activate L7"));
    assert_false(board_legal("fire L7 L5"));
}

/* EX-011: of three squads in an activated hex one moves; the other two have
 * neither moved nor fired and can be activated later. */
static void EX_011_units_that_did_nothing_stay_available(void **state)
{
    (void)state;
    int a = board_add("us_abn_squad_254", 1, "L6"), b = board_add("us_abn_squad_254", 1, "L6"), c = board_add("us_abn_squad_254", 1, "L6");
    board_add("de_squad_164", 2, "A1");
    board_to_operations();
    board_play("activate L6", "");
    char cmd[64];
    snprintf(cmd, sizeof cmd, "move L6 #%d", a);
    board_play(cmd, "");
    board_play("step L7", "");
    board_play("stop", "");
    board_play("done", "");
    board_play("pass", "");
    assert_true(board_legal("activate L6"));
    board_play("activate L6", "");
    (void)b;
    (void)c;
    assert_true(board_legal("move L6")); /* the two that stayed, together */
}

/* EX-014: FP 4 (squad 2 + BAR 1 + half of a second squad) against a 1-6-4 in
 * Light Woods (+1): (a) 1 + 4 = 5 vs 5 + 1 = 6, no effect; (b) 4 + 4 = 8 vs
 * 2 + 1 = 3: DC 5; the firers are marked Fired. */
static void EX_014_opposed_roll_and_fired_markers(void **state)
{
    (void)state;
    int s1 = board_add("us_abn_squad_254", 1, "K3"), s2 = board_add("us_abn_squad_254", 1, "K3");
    give("bar", s1);
    int de = board_add("de_squad_164", 2, "K5");
    lnlt_bit_set(T.st.spotted[1], T.st.unit[de].cell);
    board_to_operations();
    board_play("activate K3", "");
    board_play("fire K3 K5", "1,5");
    board_expect_log("fire at K5: 1d6 1 + 4 = 5 vs 1d6 5 + TM 1 = 6 -> no effect");
    assert_true((T.st.unit[s1].marks & LNLT_MARK_FIRED) && (T.st.unit[s2].marks & LNLT_MARK_FIRED));
    /* (b) on a fresh state */
    board_close();
    setup(NULL);
    s1 = board_add("us_abn_squad_254", 1, "K3");
    board_add("us_abn_squad_254", 1, "K3");
    give("bar", s1);
    de = board_add("de_squad_164", 2, "K5");
    lnlt_bit_set(T.st.spotted[1], T.st.unit[de].cell);
    board_to_operations();
    board_play("activate K3", "");
    board_play("fire K3 K5", "4,2,3");
    board_expect_log("fire at K5: 1d6 4 + 4 = 8 vs 1d6 2 + TM 1 = 3 -> DC+5");
    board_expect_log("1d6 3 + DC 5 = 8 vs morale 5 -> Shaken");
}

/* EX-015 (b): a squad that spent 1 MP is shaken by opportunity fire and a hero
 * (MF 6) appears: he may go on with 5 more MP. With an assault move, 3 - 1 = 2. */
static void EX_015_hero_continues_the_move(void **state)
{
    (void)state;
    for (int assault = 0; assault < 2; assault++) {
        if (assault) {
            board_close();
            setup(NULL);
        }
        int sq = board_add("us_abn_squad_254", 1, "L6");
        board_add("de_squad_164", 2, "L3");
        board_add("de_squad_164", 2, "A1");
        board_to_operations();
        board_play("activate L6", "");
        board_play(assault ? "assault L6" : "move L6", "");
        board_play("step L5", "");
        assert_int_equal(lnlt_decision_get(&T.ctx, &T.st).kind, LNLT_DECIDE_OPFIRE);
        /* 1 + moving 1 = 2: 6 + 2 = 8 vs 1 + 0 = 1, DC 7; natural 1 -> 8: shaken; hero on a 4;
         * the skill die 1 draws the first skill of the cup (11.2.1, R-CORE-45) */
        board_play("opfire L3", "6,1,1,4,1");
        board_expect_log("a hero appears in L5");
        int hero = T.st.unit_count - 1;
        assert_int_equal(T.st.unit[sq].status, LNLT_SHAKEN);
        assert_true(lnlt_bit(T.st.move.units, hero));
        assert_false(lnlt_bit(T.st.move.units, sq));
        assert_int_equal(rules_stack_mp2_left(&T.ctx, &T.st), assault ? 2 * 2 : 2 * 5);
    }
}

/* EX-017: one roll against a mover and a stationary half-squad in Light Woods:
 * 1d6 + 2 against the mover, 1d6 + 1 against the half-squad, both at TM +1; the
 * hex is spotted only while the mover is there. */
static void EX_017_one_roll_mover_and_stationary(void **state)
{
    (void)state;
    int hs = board_add("us_abn_half_144", 1, "K5");
    int mover = board_add("us_abn_squad_254", 1, "K4");
    T.st.unit[hs].flags |= LNLT_UNIT_ACTIVATED; /* it stays put */
    board_add("de_squad_164", 2, "L3");
    board_add("de_squad_164", 2, "A1");
    board_to_operations();
    assert_false(rules_spotted(&T.ctx, &T.st, board_cell("K5"), 2));
    board_play("activate K4", "");
    board_play("move K4", "");
    board_play("step K5", "");
    assert_true(rules_spotted(&T.ctx, &T.st, board_cell("K5"), 2));
    /* 5 + 2 = 7 vs the mover, 5 + 1 = 6 vs the half-squad; defence 3 + 1 = 4 */
    board_play("opfire L3", "5,3,2,2");
    board_expect_log("fire at K5: 1d6 5 + 1 + moving 1 = 7 vs 1d6 3 + TM 1 = 4 -> DC+3");
    board_expect_log("1d6 2 + DC 3 = 5 vs morale 6 -> no effect"); /* the mover */
    board_expect_log("1d6 2 + DC 2 = 4 vs morale 6 -> no effect"); /* the half-squad: one less */
    board_play("step K6", "");
    if (lnlt_decision_get(&T.ctx, &T.st).kind == LNLT_DECIDE_OPFIRE)
        board_play("no-fire", "");
    (void)mover;
    assert_false(rules_spotted(&T.ctx, &T.st, board_cell("K5"), 2));
}

/* EX-020: three half-squads move together; one is shaken by opportunity fire and
 * stops; the other two may go on. */
static void EX_020_a_shaken_mover_stays_the_others_go_on(void **state)
{
    (void)state;
    int u[3];
    for (int i = 0; i < 3; i++)
        u[i] = board_add("de_half_154", 2, "L6");
    board_add("us_abn_squad_254", 1, "L3");
    board_add("us_abn_squad_254", 1, "A1");
    T.st.initiative = 2;
    T.st.to_act = 2;
    board_to_operations();
    board_play("activate L6", "");
    board_play("move L6", "");
    board_play("step L5", "");
    /* 2 + moving 1 = 3: 1 + 3 = 4 vs 1: DC 3; checks 3 (6 > 5: shaken), 2 and 2 (5: no effect) */
    board_play("opfire L3", "1,1,3,2,2");
    int moving = 0;
    for (int i = 0; i < 3; i++)
        moving += lnlt_bit(T.st.move.units, u[i]);
    assert_int_equal(T.st.unit[u[0]].status, LNLT_SHAKEN);
    assert_int_equal(moving, 2);
    assert_int_equal(lnlt_decision_get(&T.ctx, &T.st).kind, LNLT_DECIDE_MOVE);
}

/* EX-022: two squads in degrading terrain assault-fire at FP 1 (2 + 1 - 2), then
 * move 2 MP; marked Moved, and their origin hex gets a Spotted marker. */
static void EX_022_assault_fire_from_degrading_terrain(void **state)
{
    (void)state;
    int a = board_add("us_abn_squad_254", 1, "K5"), b = board_add("us_abn_squad_254", 1, "K5");
    int de = board_add("de_squad_164", 2, "K2");
    lnlt_bit_set(T.st.spotted[1], T.st.unit[de].cell);
    board_to_operations();
    board_play("activate K5", "");
    if (!board_legal("assault-fire K5 K2"))
        skip();
    board_play("assault-fire K5 K2", "1,6");
    const lnlt_event *calc = NULL;
    for (int i = 0; i < T.log.count; i++)
        if (T.log.ev[i].kind == LNLT_EV_CALC)
            calc = &T.log.ev[i];
    assert_non_null(calc);
    assert_int_equal(calc->total, 1);
    assert_int_equal(rules_stack_mp2_left(&T.ctx, &T.st), 4);
    board_play("step L6", "");
    if (lnlt_decision_get(&T.ctx, &T.st).kind == LNLT_DECIDE_OPFIRE)
        board_play("no-fire", "");
    assert_true((T.st.unit[a].marks & LNLT_MARK_MOVED) && (T.st.unit[b].marks & LNLT_MARK_MOVED));
    assert_true(lnlt_bit(T.st.spotted[2], board_cell("K5")));
}

/* EX-034: non-melee-eligible units (a medic; a shaken squad) may not enter an
 * enemy hex. */
static void EX_034_nme_units_cannot_enter_an_enemy_hex(void **state)
{
    (void)state;
    int sq = board_add("de_squad_164", 2, "L6");
    board_add("de_medic", 2, "L6");
    board_add("us_abn_squad_254", 1, "L5");
    T.st.unit[sq].status = LNLT_SHAKEN;
    T.st.initiative = 2;
    T.st.to_act = 2;
    board_to_operations();
    board_play("activate L6", "");
    board_play("move L6", "");
    assert_false(board_legal("step L5"));
}

/* EX-035: a squad entering a hex of only non-eligible enemies (a medic, a shaken
 * leader, a shaken squad) eliminates them all, stops, and a Melee marker goes there. */
static void EX_035_entering_a_hex_of_nme_units(void **state)
{
    (void)state;
    int m = board_add("de_medic", 2, "L5"), l = board_add("de_lt_koch", 2, "L5"), s = board_add("de_squad_164", 2, "L5");
    T.st.unit[l].status = LNLT_SHAKEN;
    T.st.unit[s].status = LNLT_SHAKEN;
    board_add("de_squad_164", 2, "A1");
    int us = board_add("us_abn_squad_254", 1, "L6");
    board_to_operations();
    board_play("activate L6", "");
    board_play("move L6", "");
    board_play("step L5", "");
    assert_int_equal(T.st.unit[m].cell, LNLT_CELL_ELIMINATED);
    assert_int_equal(T.st.unit[l].cell, LNLT_CELL_ELIMINATED);
    assert_int_equal(T.st.unit[s].cell, LNLT_CELL_ELIMINATED);
    assert_int_equal(T.st.move.active, 0);
    assert_true(lnlt_bit(T.st.melee, T.st.unit[us].cell));
}

/* EX-071 (and EX-015 a): a squad already marked Fired spawns a hero, who is Fired too. */
static void EX_071_hero_of_a_fired_squad_is_fired(void **state)
{
    (void)state;
    int sq = board_add("us_abn_squad_254", 1, "L6");
    T.st.unit[sq].marks |= LNLT_MARK_FIRED;
    T.st.unit[sq].flags |= LNLT_UNIT_ACTIVATED;
    board_add("de_squad_164", 2, "L5");
    T.st.initiative = 2;
    T.st.to_act = 2;
    board_to_operations();
    board_play("activate L5", "");
    /* adjacent: 1 + 2 = 3: 6 + 3 = 9 vs 1 + 0: DC 8; natural 1 -> 9: shaken; hero on a 2,
     * then his skill (11.2.1, R-CORE-45) */
    board_play("fire L5 L6", "6,1,1,2,1");
    int hero = T.st.unit_count - 1;
    assert_true(rules_is_hero(&T.ctx, &T.st.unit[hero]));
    assert_true(T.st.unit[hero].marks & LNLT_MARK_FIRED);
}

/* 11.2.1: a natural 1 on the damage check may spawn a hero "whatever the outcome
 * of the check": here the half-squad is eliminated by the same roll, and Hero
 * Hird still appears in L6, where it stood. */
static void rule_11_2_1_hero_of_an_eliminated_half_squad(void **state)
{
    (void)state;
    int hs = board_add("us_abn_half_144", 1, "L6");
    int de = board_add("de_squad_164", 2, "L5");
    board_add("de_squad_164", 2, "L5");
    board_add("de_lt_koch", 2, "L5");
    board_add_sw("mg42", de, NULL);
    T.st.initiative = 2;
    T.st.to_act = 2;
    board_to_operations();
    board_play("activate L5", "");
    board_play("fire L5 L6", "6,1,1,2,1");
    board_expect_log("eliminated");
    assert_int_equal(T.st.unit[hs].cell, LNLT_CELL_ELIMINATED);
    int hero = T.st.unit_count - 1;
    assert_true(rules_is_hero(&T.ctx, &T.st.unit[hero]));
    assert_int_equal(T.st.unit[hero].cell, board_cell("L6"));
    board_expect_log("a hero appears in L6");
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test_setup_teardown(EX_010_firing_only_the_mg_activates_the_squad, setup, board_teardown),
        cmocka_unit_test_setup_teardown(EX_011_units_that_did_nothing_stay_available, setup, board_teardown),
        cmocka_unit_test_setup_teardown(EX_014_opposed_roll_and_fired_markers, setup, board_teardown),
        cmocka_unit_test_setup_teardown(EX_015_hero_continues_the_move, setup, board_teardown),
        cmocka_unit_test_setup_teardown(rule_11_2_1_hero_of_an_eliminated_half_squad, setup, board_teardown),
        cmocka_unit_test_setup_teardown(EX_017_one_roll_mover_and_stationary, setup, board_teardown),
        cmocka_unit_test_setup_teardown(EX_020_a_shaken_mover_stays_the_others_go_on, setup, board_teardown),
        cmocka_unit_test_setup_teardown(EX_022_assault_fire_from_degrading_terrain, setup, board_teardown),
        cmocka_unit_test_setup_teardown(EX_034_nme_units_cannot_enter_an_enemy_hex, setup, board_teardown),
        cmocka_unit_test_setup_teardown(EX_035_entering_a_hex_of_nme_units, setup, board_teardown),
        cmocka_unit_test_setup_teardown(EX_071_hero_of_a_fired_squad_is_fired, setup, board_teardown),
    };
    return cmocka_run_group_tests_name("ex_engine", tests, NULL, NULL);
}
