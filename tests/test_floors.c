/*
 * test_floors.c: upper floors and rooftops as locations of their own, through the
 * engine (rules 1.3 stacking per floor, 10.2 multi-storey buildings, 10.4.1 hexes
 * within hexes, 10.6 rooftops, 1.7 weapon teams across floors), on the test board
 * tests/fixtures/maps/floors.json: a two-storey stone building F2-G2-G3 with the
 * road hex G1 next to it, one-hex houses with usable roofs at C3, C4 and D4, and a
 * two-hex house J5-J6 with one roof. Worked examples: EX-001 (3 squads on each
 * floor), EX-064 (a sniper above the enemy), EX-065 and EX-069 (no rally across
 * floors), EX-068 (a rooftop and the floor under it are spotted together); the Hex within a Hex Examples 2 and 3 and the Rooftop
 * Examples 1 and 2 as rule tests.
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

static int setup(void **state)
{
    (void)state;
    board_open(NULL, 0, "tests/fixtures/maps/floors.json");
    return 0;
}

static void restart(void)
{
    board_close();
    setup(NULL);
}

/* EX-001: a two-storey building hex holds three squads on the ground floor and
 * three more upstairs; each floor is full on its own. */
static void EX_001_three_squads_on_each_floor(void **state)
{
    (void)state;
    for (int i = 0; i < 3; i++) {
        board_add("us_abn_squad_254", 1, "G2");
        board_add("us_abn_squad_254", 1, "G2:upper");
    }
    board_add("us_abn_squad_254", 1, "G3");
    board_add("us_abn_squad_254", 1, "F2:upper");
    board_add("de_squad_164", 2, "A8");
    assert_int_equal(T.st.unit[1].floor, LNLT_FLOOR_UPPER);
    assert_int_equal(T.st.unit[0].cell, T.st.unit[1].cell);
    board_to_operations();
    board_play("activate G3", "");
    board_play("move G3", "");
    assert_false(board_legal("step G2"));       /* the ground floor is full */
    assert_true(board_legal("step G3:upper"));  /* the stairs of its own hex */
    board_play("step G3:upper", "");
    assert_false(board_legal("step G2:upper")); /* the upper floor is full too */
    board_play("stop", "");
    board_play("done", "");
    board_play("pass", "");
    board_play("activate F2:upper", "");
    board_play("move F2:upper", "");
    assert_false(board_legal("step G2:upper"));
    assert_true(board_legal("step F2"));
}

/* 10.2: the stairs cost 2 MP; a stack moves from hex to hex on one floor, and the
 * upper floor joins only the hexes of its own building (ruling R-CORE-40). */
static void rule_10_2_stairs_and_upper_floor_moves(void **state)
{
    (void)state;
    int us = board_add("us_abn_squad_254", 1, "G3");
    board_add("de_squad_164", 2, "A8");
    board_to_operations();
    board_play("activate G3", "");
    board_play("move G3", "");
    board_play("step G3:upper", "");
    board_expect_log("the stack enters G3:upper (2 MP;");
    assert_int_equal(T.st.unit[us].floor, LNLT_FLOOR_UPPER);
    assert_false(board_legal("step H3"));       /* down first, then out */
    assert_false(board_legal("step G3:roof"));  /* the stone building has no usable roof */
    assert_true(board_legal("step G2:upper"));  /* along the upper floor */
    board_play("step G2:upper", "");
    assert_int_equal(T.st.unit[us].cell, board_cell("G2"));
    assert_int_equal(T.st.unit[us].floor, LNLT_FLOOR_UPPER);
    assert_false(board_legal("step G1"));
}

/* 10.6, Rooftop Example 2: 1 MP up onto the roof and 1 MP to the next roof of the
 * same building, never to the roof of another building; one MMC per rooftop. */
static void rule_10_6_rooftop_moves_and_stacking(void **state)
{
    (void)state;
    board_add("us_abn_squad_254", 1, "J5");
    board_add("us_abn_half_144", 1, "C3:roof");
    board_add("us_abn_squad_254", 1, "D4");
    board_add("de_lt_koch", 2, "A8"); /* no fire: nothing interrupts the moves */
    board_to_operations();
    board_play("activate J5", "");
    board_play("move J5", "");
    board_play("step J5:roof", "");
    board_expect_log("the stack enters J5:roof (1 MP;");
    board_play("step J6:roof", "");
    board_expect_log("the stack enters J6:roof (1 MP;");
    board_play("stop", "");
    board_play("done", "");
    board_play("pass", "");
    board_play("activate C3:roof", "");
    board_play("move C3:roof", "");
    assert_false(board_legal("step C4:roof")); /* C3 and C4 are separate buildings */
    assert_false(board_legal("step D4:roof"));
    assert_true(board_legal("step C3"));       /* down into its own house */
    board_play("stop", "");
    board_play("done", "");
    board_play("pass", "");
    /* D4's roof is free, so the squad may climb onto it */
    board_play("activate D4", "");
    board_play("move D4", "");
    assert_true(board_legal("step D4:roof"));
    board_play("step D4:roof", "");
    board_play("stop", "");
    board_play("done", "");
    restart();
    board_add("us_abn_half_144", 1, "J5:roof");
    board_add("us_abn_squad_254", 1, "J5");
    board_add("de_lt_koch", 2, "A8"); /* no fire: nothing interrupts the moves */
    board_to_operations();
    board_play("activate J5", "");
    board_play("move J5", "");
    assert_false(board_legal("step J5:roof"));
}

/* 10.4.1 Hex within a Hex Examples 2 and 3: a unit outside a two-storey building
 * is next to both of its floors; a unit on the ground floor of the next building
 * hex is next to the ground floor only, and does not see the upper floor. */
static void rule_10_4_1_outside_sees_both_floors_inside_only_its_own(void **state)
{
    (void)state;
    board_add("us_abn_squad_254", 1, "G1");
    board_add("de_squad_164", 2, "G2");
    board_add("de_half_154", 2, "G2:upper");
    board_to_operations();
    board_play("activate G1", "");
    assert_true(board_legal("fire G1 G2"));
    assert_true(board_legal("fire G1 G2:upper"));
    restart();
    board_add("us_abn_half_144", 1, "F2");
    board_add("de_squad_164", 2, "G2");
    board_add("de_half_154", 2, "G2:upper");
    board_to_operations();
    board_play("activate F2", "");
    assert_true(board_legal("fire F2 G2"));
    assert_false(board_legal("fire F2 G2:upper"));
}

/* EX-068: the unit on D4's roof is marked Fired, so the roof and the floor under
 * it are both spotted; the hero in F3 may fire at one or the other. Without the
 * marker neither is spotted from F3. */
static void EX_068_roof_and_floor_below_spotted_together(void **state)
{
    (void)state;
    board_add("us_hero_hird", 1, "F3");
    int roof = board_add("de_lt_koch", 2, "D4:roof");
    board_add("de_half_154", 2, "D4");
    board_add("de_half_154", 2, "A8");
    board_to_operations();
    board_play("activate F3", "");
    assert_false(board_legal("fire F3 D4"));
    assert_false(board_legal("fire F3 D4:roof"));
    restart();
    board_add("us_hero_hird", 1, "F3");
    roof = board_add("de_lt_koch", 2, "D4:roof");
    board_add("de_half_154", 2, "D4");
    board_add("de_half_154", 2, "A8");
    T.st.unit[roof].marks |= LNLT_MARK_FIRED;
    board_to_operations();
    board_play("activate F3", "");
    assert_true(board_legal("fire F3 D4"));
    assert_true(board_legal("fire F3 D4:roof"));
    /* one attack, at one of the two: the roof's own TM is +1 (10.6) */
    board_play_loose("fire F3 D4:roof", "3,2,6,6");
    board_expect_log("+ TM 1");
    assert_false(board_legal("fire F3 D4"));
}

/* EX-069: the leader is on the roof, the shaken half-squad inside the same house;
 * they are in different hexes within the hex, so no rally attempt is offered.
 * With the leader inside, it is. */
static void EX_069_no_rally_across_floors(void **state)
{
    (void)state;
    board_add("de_lt_koch", 2, "D4:roof");
    int hs = board_add("de_half_154", 2, "D4");
    board_add("us_abn_squad_254", 1, "A8");
    T.st.unit[hs].status = LNLT_SHAKEN;
    board_play("end-rally", "");
    assert_false(board_legal("rally D4"));
    restart();
    board_add("de_lt_koch", 2, "D4");
    hs = board_add("de_half_154", 2, "D4");
    board_add("us_abn_squad_254", 1, "A8");
    T.st.unit[hs].status = LNLT_SHAKEN;
    board_play("end-rally", "");
    assert_true(board_legal("rally D4"));
}

/* EX-065 (Hex within a Hex Example 5): the leader on the ground floor cannot rally
 * the shaken squad upstairs in his own hex; upstairs with it, he can. */
static void EX_065_no_rally_between_ground_and_upper_floor(void **state)
{
    (void)state;
    board_add("de_lt_koch", 2, "G2");
    int sq = board_add("de_squad_164", 2, "G2:upper");
    board_add("us_abn_squad_254", 1, "A8");
    T.st.unit[sq].status = LNLT_SHAKEN;
    board_play("end-rally", "");
    assert_false(board_legal("rally G2:upper"));
    assert_false(board_legal("rally G2"));
    restart();
    board_add("de_lt_koch", 2, "G2:upper");
    sq = board_add("de_squad_164", 2, "G2:upper");
    board_add("us_abn_squad_254", 1, "A8");
    T.st.unit[sq].status = LNLT_SHAKEN;
    board_play("end-rally", "");
    assert_true(board_legal("rally G2:upper"));
}

/* EX-064 (Hex within a Hex Example 4): a sniper may be placed on the upper floor of
 * a hex whose ground floor holds the enemy (not on the enemy's own floor). */
static void EX_064_sniper_above_the_enemy(void **state)
{
    (void)state;
    lnlt_scenario *scn = calloc(1, sizeof *scn);
    assert_non_null(scn);
    scn->force_count = 1;
    scn->force[0].side = 0; /* the US force (0-based side) */
    scn->force[0].arrive.how = LNLT_ARRIVE_SNIPER;
    T.ctx.scenario = scn;
    int sn = board_add("us_sniper_wwii", 1, NULL);
    T.st.unit[sn].force = 0;
    board_add("de_squad_164", 2, "G2");
    board_add("us_abn_squad_254", 1, "A8");
    board_to_operations();
    char cmd[64];
    snprintf(cmd, sizeof cmd, "sniper G2:upper #%d", sn);
    bool above = board_legal(cmd);
    snprintf(cmd, sizeof cmd, "sniper G2 #%d", sn);
    bool with_them = board_legal(cmd);
    T.ctx.scenario = NULL;
    free(scn);
    assert_true(above);
    assert_false(with_them);
}

/* 4.0 with 10.4.1: a leader on the ground floor activates the floor above him and
 * the hexes next to him on his own level, not another floor of the next hex. */
static void rule_4_0_leader_activates_floor_above_not_next_upper_floor(void **state)
{
    (void)state;
    board_add("us_maj_tom", 1, "G2");
    board_add("us_abn_squad_254", 1, "G2:upper");
    board_add("us_abn_squad_254", 1, "F2:upper");
    board_add("us_abn_squad_254", 1, "G1");
    board_add("de_squad_164", 2, "A8");
    board_to_operations();
    board_play("activate G2", "");
    assert_true(board_legal("also G2:upper"));
    assert_true(board_legal("also G1"));
    assert_false(board_legal("also F2:upper"));
}

/* 10.4.1: the floors are separate places for melee: enemies on different floors
 * of one hex fight no melee until one side climbs to the other. */
static void rule_10_4_1_melee_per_floor(void **state)
{
    (void)state;
    board_add("us_abn_squad_254", 1, "G2");
    board_add("de_squad_164", 2, "G2:upper");
    board_to_operations();
    assert_false(board_logged("melee begins"));
    board_play("activate G2", "");
    board_play("move G2", "");
    board_play("step G2:upper", "");
    board_expect_log("a melee begins in G2:upper");
}

/* 1.7: a machine-gun team on an upper floor does not fire at the floor below it
 * in the same hex; a squad there may (the floors see each other, range 0). */
static void rule_1_7_weapon_team_does_not_fire_at_another_floor(void **state)
{
    (void)state;
    board_close();
    static const char *const files[] = {"data/nations/starter_kit.json", "data/units/us_wwii.json",
                                        "data/units/de_wwii.json", "data/weapons/starter_kit.json",
                                        "tests/fixtures/units/weapon_teams.json"};
    board_open(files, 5, "tests/fixtures/maps/floors.json");
    int team = board_add("test_wt_mg", 2, "G2:upper");
    board_add("us_abn_squad_254", 1, "G2");
    board_add("us_abn_squad_254", 1, "A8");
    lnlt_state *st = &T.st;
    int g2 = board_cell("G2");
    lnlt_bit_set(st->spotted[2], g2); /* a Spotted marker on the ground floor, for the Germans */
    board_to_operations();
    board_play("pass", "");
    board_play("activate G2:upper", "");
    assert_false(board_legal("fire G2:upper G2"));
    /* the same hex with a squad upstairs instead */
    restart();
    board_add("de_squad_164", 2, "G2:upper");
    board_add("us_abn_squad_254", 1, "G2");
    board_add("us_abn_squad_254", 1, "A8");
    lnlt_bit_set(T.st.spotted[2], board_cell("G2"));
    board_to_operations();
    board_play("pass", "");
    board_play("activate G2:upper", "");
    assert_true(board_legal("fire G2:upper G2"));
    (void)team;
}

/* R-CORE-40: mounted units stay on the ground; their dismounted leg unit climbs. */
static void rule_10_2_mounted_units_do_not_climb(void **state)
{
    (void)state;
    board_close();
    static const char *const files[] = {"data/nations/starter_kit.json", "data/units/us_wwii.json",
                                        "data/units/de_wwii.json", "data/weapons/starter_kit.json",
                                        "tests/fixtures/nations/mounted.json", "tests/fixtures/units/mounted.json"};
    board_open(files, 6, "tests/fixtures/maps/floors.json");
    board_add("test_it_cav_1412", 1, "D4"); /* in the wooden house under the roof */
    board_add("de_lt_koch", 2, "A8");
    board_to_operations();
    board_play("activate D4", "");
    board_play("move D4", "");
    assert_false(board_legal("step D4:roof"));
    board_play("dismount", "");           /* half the MF: the leg squad has half its own MF left */
    assert_true(board_legal("step D4:roof"));
}

/* 5.1 (conformance 5.1 b2): a shaken unit may not change floors towards an enemy
 * it sees (ruling R-CORE-90: towards is a smaller difference of levels to him);
 * away from him it may. */
static void rule_5_1_b2_shaken_units_do_not_change_floors_towards_a_seen_enemy(void **state)
{
    (void)state;
    int up = board_add("us_abn_squad_254", 1, "G3:upper");
    int down = board_add("us_abn_squad_254", 1, "F2");
    board_add("de_squad_164", 2, "F5");
    T.st.unit[up].status = LNLT_SHAKEN;
    T.st.unit[down].status = LNLT_SHAKEN;
    board_to_operations();
    board_play("activate G3:upper", "");
    board_play("move G3:upper", "");
    assert_false(board_legal("step G3")); /* down the stairs, towards the squad in F5 */
    assert_true(board_legal("step G2:upper"));
    lnlt_action a;
    lnlt_error err;
    assert_true(lnlt_action_parse(&T.ctx, &T.st, "step G3", &a, &err));
    assert_false(lnlt_apply(&T.ctx, &T.st, &a, NULL, NULL, &err));
    assert_non_null(strstr(err.msg, "a shaken unit may not move closer to an enemy it sees (5.1)"));
    board_play("stop", "");
    board_play("done", "");
    board_play("pass", "");
    /* away from the enemy on the ground: up the stairs is allowed */
    board_play("activate F2", "");
    board_play("move F2", "");
    assert_true(board_legal("step F2:upper"));
}

/* A step, the other side letting the mover go by (5.3). */
static void step_by(const char *loc)
{
    char cmd[32];
    snprintf(cmd, sizeof cmd, "step %s", loc);
    board_play(cmd, "");
    if (lnlt_decision_get(&T.ctx, &T.st).kind == LNLT_DECIDE_OPFIRE)
        board_play("no-fire", "");
}

/* Ends the move under way, if the mover has not used up its MF already. */
static void end_move(void)
{
    if (board_legal("stop"))
        board_play("stop", "");
}

/* 22.1 (conformance 22.1 b): the floors of a building are hexes within the hex,
 * each controlled on its own (ruling R-CORE-92). The US held the whole of G2;
 * a German squad climbing into its upper floor takes that floor while the US
 * squad below keeps the ground floor, so nobody holds the hex as a whole. Once
 * the US squad leaves, the ground floor stays American (the last to pass
 * through it) and the hex is still nobody's; a second German squad coming down
 * into the ground floor takes it too and the hex becomes German. */
static void rule_22_1_b_each_floor_is_controlled_on_its_own(void **state)
{
    (void)state;
    board_add("us_abn_squad_254", 1, "G2");
    board_add("us_abn_squad_254", 1, "A1");
    board_add("de_squad_164", 2, "G3:upper");
    board_add("de_squad_164", 2, "F2:upper");
    int g2 = board_cell("G2");
    lnlt_bit_set(T.st.control[1], g2);
    board_to_operations();
    assert_int_equal(lnlt_hex_controller(&T.st, g2), 1);
    if (T.st.impulse_side == 1)
        board_play("pass", "");
    board_play("activate G3:upper", "");
    board_play("move G3:upper", "");
    step_by("G2:upper");
    end_move();
    assert_int_equal(lnlt_hex_controller(&T.st, g2), 0);
    board_play("done", "");
    board_play("activate G2", "");
    board_play("move G2", "");
    step_by("G1");
    end_move();
    board_play("done", "");
    assert_int_equal(lnlt_hex_controller(&T.st, g2), 0);
    board_play("activate F2:upper", "");
    board_play("move F2:upper", "");
    step_by("F2");
    step_by("G2");
    end_move();
    assert_int_equal(lnlt_hex_controller(&T.st, g2), 2);
}

/* Locations as typed: the floor after a colon; a floor the hex lacks is refused. */
static void rule_10_4_1_location_names(void **state)
{
    (void)state;
    int loc;
    lnlt_error err;
    assert_true(lnlt_location_parse(&T.ctx, "G2:upper", &loc, &err));
    assert_int_equal(lnlt_loc_cell(loc), board_cell("G2"));
    assert_int_equal(lnlt_loc_floor(loc), LNLT_FLOOR_UPPER);
    char buf[LNLT_HEX_ID_MAX];
    assert_string_equal(lnlt_cell_name(&T.ctx, loc, buf), "G2:upper");
    assert_false(lnlt_location_parse(&T.ctx, "G1:upper", &loc, &err));
    assert_string_equal(err.msg, "hex G1 has no upper floor");
    assert_false(lnlt_location_parse(&T.ctx, "C3:upper", &loc, &err));
    assert_false(lnlt_location_parse(&T.ctx, "G2:roof", &loc, &err));
    assert_string_equal(err.msg, "hex G2 has no usable rooftop");
    assert_false(lnlt_location_parse(&T.ctx, "G2:attic", &loc, &err));
    assert_string_equal(err.msg, "unknown floor \"attic\" in G2:attic (known: upper, roof, bunker, cave)");
    assert_true(lnlt_location_parse(&T.ctx, "D4:roof", &loc, &err));
    assert_string_equal(lnlt_cell_name(&T.ctx, loc, buf), "D4:roof");
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test_setup_teardown(EX_001_three_squads_on_each_floor, setup, board_teardown),
        cmocka_unit_test_setup_teardown(rule_10_2_stairs_and_upper_floor_moves, setup, board_teardown),
        cmocka_unit_test_setup_teardown(rule_10_6_rooftop_moves_and_stacking, setup, board_teardown),
        cmocka_unit_test_setup_teardown(rule_10_4_1_outside_sees_both_floors_inside_only_its_own, setup,
                                        board_teardown),
        cmocka_unit_test_setup_teardown(EX_068_roof_and_floor_below_spotted_together, setup, board_teardown),
        cmocka_unit_test_setup_teardown(EX_069_no_rally_across_floors, setup, board_teardown),
        cmocka_unit_test_setup_teardown(EX_065_no_rally_between_ground_and_upper_floor, setup, board_teardown),
        cmocka_unit_test_setup_teardown(EX_064_sniper_above_the_enemy, setup, board_teardown),
        cmocka_unit_test_setup_teardown(rule_4_0_leader_activates_floor_above_not_next_upper_floor, setup,
                                        board_teardown),
        cmocka_unit_test_setup_teardown(rule_10_4_1_melee_per_floor, setup, board_teardown),
        cmocka_unit_test_setup_teardown(rule_1_7_weapon_team_does_not_fire_at_another_floor, setup, board_teardown),
        cmocka_unit_test_setup_teardown(rule_10_2_mounted_units_do_not_climb, setup, board_teardown),
        cmocka_unit_test_setup_teardown(rule_10_4_1_location_names, setup, board_teardown),
        cmocka_unit_test_setup_teardown(rule_22_1_b_each_floor_is_controlled_on_its_own, setup, board_teardown),
        cmocka_unit_test_setup_teardown(rule_5_1_b2_shaken_units_do_not_change_floors_towards_a_seen_enemy, setup,
                                        board_teardown),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
