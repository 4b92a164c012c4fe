/*
 * test_leaders_heroes.c: leaders, heroes and skills through the engine on Map 15
 * with forced dice: what a wound takes from a leader (5.1: morale, LM, range of
 * activation, the Charismatic rally range), how a new hero is drawn with a skill
 * from the cup (11.2.1, 12.0, ruling R-CORE-45), the two-hero limit counting
 * heroes still to enter, and a scenario rule that forbids heroes rolling no hero
 * die at all (22.0).
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

static lnlt_scenario *scn;

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

static void set_skill(int unit, const char *skill)
{
    lnlt_error err;
    if (!lnlt_state_set_skill(&T.ctx, &T.st, unit, skill, &err))
        fail_msg("%s", err.msg);
}

static int hero_of(int side)
{
    for (int i = 0; i < T.st.unit_count; i++)
        if (T.st.unit[i].side == side && T.cat->unit[T.st.unit[i].type].kind == LNLT_UK_HERO)
            return i;
    return -1;
}

/* 5.1, 12.0: a Charismatic leader rallies units one hex away; wounded, his rally
 * range drops by one, to his own hex only. */
static void rule_5_1_wounded_charismatic_leader_rallies_only_his_hex(void **state)
{
    (void)state;
    lnlt_state *st = &T.st;
    int tom = board_add("us_maj_tom", 1, "L6");
    int sq = board_add("us_abn_squad_254", 1, "L7");
    board_add("de_squad_164", 2, "A1");
    set_skill(tom, "charismatic");
    st->unit[sq].status = LNLT_SHAKEN;
    assert_true(board_legal("rally L7"));
    st->unit[tom].flags |= LNLT_UNIT_WOUNDED;
    assert_false(board_legal("rally L7"));
}

/* 5.1, 11.1.2: a wounded leader activates his own hex only. */
static void rule_5_1_wounded_leader_activates_his_hex_only(void **state)
{
    (void)state;
    lnlt_state *st = &T.st;
    int tom = board_add("us_maj_tom", 1, "L6");
    board_add("us_abn_squad_254", 1, "L7");
    board_add("de_squad_164", 2, "A1");
    board_to_operations();
    board_play("activate L6", "");
    assert_true(board_legal("also L7"));
    board_play("done", "");
    board_play("pass", "");
    st->unit[tom].flags |= LNLT_UNIT_WOUNDED;
    board_play("activate L6", "");
    assert_false(board_legal("also L7"));
}

/* 5.1: a wounded leader's LM drops by one: Major Tom (LM 2) lends 1 to the rally
 * of a shaken squad (morale 6) in his hex, so 2d6 8 - 1 = 7 fails. */
static void rule_5_1_wounded_leader_lends_one_less_lm(void **state)
{
    (void)state;
    lnlt_state *st = &T.st;
    int tom = board_add("us_maj_tom", 1, "L6");
    int sq = board_add("us_abn_squad_254", 1, "L6");
    board_add("de_squad_164", 2, "A1");
    st->unit[tom].flags |= LNLT_UNIT_WOUNDED; /* rallied since: good order */
    st->unit[sq].status = LNLT_SHAKEN;
    board_play("rally L6", "4,4");
    assert_int_equal(st->unit[sq].status, LNLT_SHAKEN);
}

/* 5.1: a wounded SMC's morale drops by one: shaken and wounded, Major Tom (morale
 * 6) self-rallies on 5 or less, so 2d6 6 fails. */
static void rule_5_1_wounded_leader_morale_minus_one(void **state)
{
    (void)state;
    lnlt_state *st = &T.st;
    int tom = board_add("us_maj_tom", 1, "L6");
    board_add("de_squad_164", 2, "A1");
    st->unit[tom].flags |= LNLT_UNIT_WOUNDED;
    st->unit[tom].status = LNLT_SHAKEN;
    board_play("rally L6", "3,3");
    assert_int_equal(st->unit[tom].status, LNLT_SHAKEN);
}

/* 11.2.1, 12.0 (ruling R-CORE-45): a spawned hero draws a skill from the cup:
 * the skills a hero may hold, of his era, that no unit in play holds. With Deadly
 * held by Major Tom, the US cup is Deadeye, The Ambush, Versatile: a 2 draws The
 * Ambush. */
static void rule_11_2_1_a_new_hero_draws_a_skill_from_the_cup(void **state)
{
    (void)state;
    lnlt_state *st = &T.st;
    int tom = board_add("us_maj_tom", 1, "A8");
    set_skill(tom, "deadly");
    board_add("us_abn_squad_254", 1, "L6");
    board_add("de_squad_164", 2, "L5");
    board_to_operations();
    board_play("pass", "");
    board_play("activate L5", "");
    /* 6 + 1 + adjacent 2 = 9 vs 1 + 0 = 1: DC 8; the DC die is a natural 1 (9 >
     * morale 6: shaken), the hero die 4 (even), the skill die 2 */
    board_play("fire L5 L6", "6,1,1,4,2");
    board_expect_log("a hero appears in L6");
    int h = hero_of(1);
    assert_true(h >= 0);
    assert_true(st->unit[h].skill >= 0);
    assert_string_equal(T.cat->skill[st->unit[h].skill].id, "the_ambush");
    board_expect_log("draws the skill The Ambush");
}

/* The draw re-rolls faces beyond the cup (11.2.1: "if not, pick again"). */
static void rule_11_2_1_skill_draw_rerolls_past_the_cup(void **state)
{
    (void)state;
    lnlt_state *st = &T.st;
    board_add("us_abn_squad_254", 1, "L6");
    board_add("de_squad_164", 2, "L5");
    board_to_operations();
    board_play("pass", "");
    board_play("activate L5", "");
    /* cup: Deadly, Deadeye, The Ambush, Versatile; 6 and 5 are re-rolled, 1 draws Deadly */
    board_play("fire L5 L6", "6,1,1,4,6,5,1");
    int h = hero_of(1);
    assert_true(h >= 0);
    assert_string_equal(T.cat->skill[st->unit[h].skill].id, "deadly");
}

/* 11.2: at most two heroes per nation in play, counting heroes still to enter:
 * one on the map and one due as a reinforcement leave no room for a third. */
static void rule_11_2_hero_limit_counts_heroes_to_enter(void **state)
{
    (void)state;
    lnlt_state *st = &T.st;
    board_add("us_abn_squad_254", 1, "L6");
    int h1 = board_add("us_hero_hird", 1, "A8");
    int h2 = board_add("us_hero_hird", 1, NULL);
    st->unit[h2].entry_turn = 3;
    board_add("de_squad_164", 2, "L5");
    board_to_operations();
    board_play("pass", "");
    board_play("activate L5", "");
    int before = st->unit_count;
    board_play("fire L5 L6", "6,1,1"); /* no hero die: the limit is reached */
    assert_int_equal(st->unit_count, before);
    board_expect_log("no hero appears (the hero limit is reached)");
    (void)h1;
}

/* 22.0: a scenario rule forbidding heroes to a side: its natural 1 rolls no hero
 * die at all. */
static void rule_22_0_no_hero_rule_rolls_no_hero_die(void **state)
{
    (void)state;
    lnlt_state *st = &T.st;
    scn = calloc(1, sizeof *scn);
    assert_non_null(scn);
    scn->rule_count = 1;
    scn->rule[0].kind = LNLT_SSR_NO_HERO_CREATION;
    scn->rule[0].side = 0; /* side 1, the US */
    T.ctx.scenario = scn;
    board_add("us_abn_squad_254", 1, "L6");
    board_add("de_squad_164", 2, "L5");
    board_to_operations();
    board_play("pass", "");
    board_play("activate L5", "");
    int before = st->unit_count;
    board_play("fire L5 L6", "6,1,1"); /* every die used: none for a hero */
    assert_int_equal(st->unit_count, before);
    board_expect_log("the scenario forbids hero creation");
}

/* 12.0 Deadly: "add one to the FP of attacks from units stacked with this
 * Leader": Cpl Medrow (Deadly, LM 0) is stacked with the squad while Major Tom
 * lends the LM: the attack still gets the +1. */
static void rule_12_0_deadly_counts_for_his_stack_when_another_leader_lends(void **state)
{
    (void)state;
    board_add("us_abn_squad_254", 1, "L6");
    board_add("us_maj_tom", 1, "L6");
    int medrow = board_add("us_cpl_medrow", 1, "L6");
    set_skill(medrow, "deadly");
    board_add("de_squad_164", 2, "L5");
    board_to_operations();
    board_play("activate L6", "");
    board_play_loose("fire L6 L5", "1,6,6,6");
    board_expect_log("Deadly (Cpl Medrow) +1");
    board_expect_log("LM Major Tom +2");
}

/* 12.0 Assaulter: "units in the same hex with this Leader are given Assault
 * Movement capabilities": German squads (no red box) stacked with Sgt Baumann may
 * assault-move without him. */
static void rule_12_0_assaulter_grants_assault_move_to_his_hex(void **state)
{
    (void)state;
    int sq = board_add("de_squad_164", 2, "L5");
    int baumann = board_add("de_sgt_baumann", 2, "L5");
    set_skill(baumann, "assaulter");
    board_add("us_abn_squad_254", 1, "A8");
    board_to_operations();
    board_play("pass", "");
    board_play("activate L5", "");
    char cmd[64];
    snprintf(cmd, sizeof cmd, "assault L5 #%d", sq);
    assert_true(board_legal(cmd));
    assert_true(board_legal("assault L5"));
}

/* 6.1: "Leaders of the same nationality/color/IB can also AM if they start their
 * impulse with AM-eligible units": a German leader may not assault-move with a
 * US hero. */
static void rule_6_1_a_leader_assault_moves_only_with_his_own_ib(void **state)
{
    (void)state;
    int hero = board_add("us_hero_hird", 1, "L6");
    board_add("de_lt_koch", 1, "L6");
    board_add("de_squad_164", 2, "A1");
    board_to_operations();
    board_play("activate L6", "");
    assert_false(board_legal("assault L6"));
    char cmd[64];
    snprintf(cmd, sizeof cmd, "assault L6 #%d", hero);
    assert_true(board_legal(cmd));
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test_setup_teardown(rule_5_1_wounded_charismatic_leader_rallies_only_his_hex, setup, teardown),
        cmocka_unit_test_setup_teardown(rule_5_1_wounded_leader_activates_his_hex_only, setup, teardown),
        cmocka_unit_test_setup_teardown(rule_5_1_wounded_leader_lends_one_less_lm, setup, teardown),
        cmocka_unit_test_setup_teardown(rule_5_1_wounded_leader_morale_minus_one, setup, teardown),
        cmocka_unit_test_setup_teardown(rule_11_2_1_a_new_hero_draws_a_skill_from_the_cup, setup, teardown),
        cmocka_unit_test_setup_teardown(rule_11_2_1_skill_draw_rerolls_past_the_cup, setup, teardown),
        cmocka_unit_test_setup_teardown(rule_11_2_hero_limit_counts_heroes_to_enter, setup, teardown),
        cmocka_unit_test_setup_teardown(rule_22_0_no_hero_rule_rolls_no_hero_die, setup, teardown),
        cmocka_unit_test_setup_teardown(rule_12_0_deadly_counts_for_his_stack_when_another_leader_lends, setup,
                                        teardown),
        cmocka_unit_test_setup_teardown(rule_12_0_assaulter_grants_assault_move_to_his_hex, setup, teardown),
        cmocka_unit_test_setup_teardown(rule_6_1_a_leader_assault_moves_only_with_his_own_ib, setup, teardown),
    };
    return cmocka_run_group_tests_name("leaders_heroes", tests, NULL, NULL);
}
