/*
 * test_conf_ordnance.c: the rules of sections 1-13 that change an ordnance shot or
 * a fire attack once vehicles and ordnance are in play (docs/conformance.md),
 * through the engine on the reconstructed Map 14 with forced dice: the backblast
 * weapons in buildings (1.6.4), Ops Complete firers (4.1), the leader's LM on the
 * OFT (5.0.1, 11.1.1), ordnance after an assault move and a stealth assault move
 * (6.1, 6.4.1), mounted targets on the OFT (6.6), firing out of smoke (7.0).
 * Each test names its section and asserts the modifier in the engine's log.
 */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <string.h>
#include <cmocka.h>

#include "lnlt/ordnance.h"
#include "support/board.h"
#include "support/vehicle_board.h"

#define US LNLT_SIDE_1
#define DE LNLT_SIDE_2

/* The shipped counters with the test counters of stealth-capable and mounted units. */
static int open_fixture_board(void **state)
{
    (void)state;
    static const char *const files[] = {"data/nations/starter_kit.json",       "data/nations/vehicle_examples.json",
                                        "data/units/us_wwii.json",             "data/units/de_wwii.json",
                                        "data/weapons/starter_kit.json",       "data/weapons/anti_tank.json",
                                        "tests/fixtures/units/stealth.json",   "tests/fixtures/nations/mounted.json",
                                        "tests/fixtures/units/mounted.json",   "tests/fixtures/weapons/mounted.json"};
    vboard_open_files(files, (int)(sizeof files / sizeof files[0]));
    return 0;
}

/* 1.6.4: a German squad holding a Panzerfaust in the building D6, marked Fired: the
 * Americans' DFT attack at it gets +1, their Bazooka's to-hit roll -1. */
static void rule_1_6_4_fired_backblast_holder_in_a_building(void **state)
{
    (void)state;
    int us = board_add("us_abn_squad_254", US, "D4");
    board_add_sw("bazooka", us, "D4");
    board_add("us_abn_squad_254", US, "E4");
    int de = board_add("de_squad_164", DE, "D6");
    board_add_sw("panzerfaust_30", de, "D6");
    board_to_operations();
    T.st.unit[de].marks |= LNLT_MARK_FIRED;
    board_play("activate E4", "");
    board_play_loose("fire E4 D6", "3,6");
    board_expect_log("+ backblast 1 = 6 vs 1d6 6");
    board_play("done", "");
    board_play("pass", "");
    board_play("activate D4", "");
    vboard_play_loose_f("4,4", "shoot D4 D6 w0 #%d", us);
    board_expect_log("target's TM +3 + backblast in a building -1");
    /* a holder that has not fired, or one outside a building, gives nothing */
    assert_false(board_logged("backblast in a building -1 + backblast"));
}

/* 1.6.4: the same holder outside a building (D5, a road) gives no modifier. */
static void rule_1_6_4_no_backblast_outside_a_building(void **state)
{
    (void)state;
    board_add("us_abn_squad_254", US, "D3");
    int de = board_add("de_squad_164", DE, "D5");
    board_add_sw("panzerfaust_30", de, "D5");
    board_to_operations();
    T.st.unit[de].marks |= LNLT_MARK_FIRED;
    board_play("activate D3", "");
    board_play_loose("fire D3 D5", "3,6");
    board_expect_log("fire at D5: 1d6 3 + 2 = 5 vs");
}

/* The German squad leaves D6 for D5 (a road, 1 hex from D4): the Americans'
 * opportunity fire. */
static void germans_step_into_d5(void)
{
    board_play("pass", "");
    board_play("activate D6", "");
    board_play("move D6", "");
    board_play("step D5", "");
    assert_int_equal(lnlt_decision_get(&T.ctx, &T.st).kind, LNLT_DECIDE_OPFIRE);
}

/* 4.1: an MMC under an Ops Complete marker opportunity-fires its Bazooka at +2 to
 * hit, and keeps its Ops Complete marker under the Fired one. */
static void rule_4_1_ops_complete_ordnance_sw_at_plus_two(void **state)
{
    (void)state;
    int us = board_add("us_abn_squad_254", US, "D4");
    board_add_sw("bazooka", us, "D4");
    board_add("de_squad_164", DE, "D6");
    board_to_operations();
    T.st.unit[us].marks |= LNLT_MARK_OPS_COMPLETE;
    germans_step_into_d5();
    vboard_play_loose_f("5,6", "opshoot D4 D5 w0 #%d", us);
    board_expect_log("Ops Complete +2");
    board_expect_log("moving target +1 + adjacent target -2");
    assert_true(T.st.unit[us].marks & LNLT_MARK_FIRED);
    assert_true(T.st.unit[us].marks & LNLT_MARK_OPS_COMPLETE);
}

/* 4.1: a vehicle under Ops Complete opportunity-fires its gun at +2 to hit. */
static void rule_4_1_ops_complete_vehicle_gun_at_plus_two(void **state)
{
    (void)state;
    int sherman = board_add("us_m4a1", US, "D3");
    lnlt_error err;
    if (!lnlt_state_set_facing(&T.ctx, &T.st, sherman, "D4", "E3", &err))
        fail_msg("%s", err.msg);
    board_add("de_squad_164", DE, "D6");
    board_to_operations();
    T.st.unit[sherman].marks |= LNLT_MARK_OPS_COMPLETE;
    germans_step_into_d5();
    vboard_play_loose_f("5,6", "opshoot D3 D5 #%d", sherman);
    board_expect_log("Ops Complete +2");
}

/* 4.1: a vehicle under Ops Complete opportunity-fires its MG at half FP. */
static void rule_4_1_ops_complete_vehicle_mg_halved(void **state)
{
    (void)state;
    int sherman = board_add("us_m4a1", US, "D3");
    lnlt_error err;
    if (!lnlt_state_set_facing(&T.ctx, &T.st, sherman, "D4", "E3", &err))
        fail_msg("%s", err.msg);
    board_add("de_squad_164", DE, "D6");
    board_to_operations();
    T.st.unit[sherman].marks |= LNLT_MARK_OPS_COMPLETE;
    germans_step_into_d5();
    vboard_play_loose_f("1,6", "opmg D3 D5 #%d", sherman);
    board_expect_log("MG op fire from D3 at D5: FP +2 = 2 #0 M4A1 Sherman fires a 4-FP machine gun, range 2");
}

/* 5.3: one opportunity attack per MP, but an OFT weapon of a unit stacked with the
 * first firers fires besides. The Americans enter D5 (a road, 1 MP): squad A in
 * D6 fires; squad B there may still fire its Panzerfaust, the squad in A5 may not
 * fire a second attack. */
static void rule_5_3_an_oft_weapon_stacked_with_the_firers_fires_besides(void **state)
{
    (void)state;
    board_add("us_abn_squad_254", US, "D4");
    int a = board_add("de_squad_164", DE, "D6");
    int b = board_add("de_squad_164", DE, "D6");
    board_add_sw("panzerfaust_30", b, "D6");
    board_add("de_squad_164", DE, "A5");
    board_to_operations();
    board_play("activate D4", "");
    board_play("move D4", "");
    board_play("step D5", "");
    assert_int_equal(lnlt_decision_get(&T.ctx, &T.st).kind, LNLT_DECIDE_OPFIRE);
    assert_true(board_legal("opfire A5"));
    vboard_play_loose_f("1,6", "opfire D6 #%d", a);
    assert_false(board_legal("opfire A5"));
    char cmd[64];
    snprintf(cmd, sizeof cmd, "opshoot D6 D5 w0 #%d", b);
    assert_true(board_legal(cmd));
}

/* 1.6: an SMC firing an OFT weapon alone: +1 to hit. */
static void rule_1_6_smc_fires_an_ordnance_weapon_at_plus_one(void **state)
{
    (void)state;
    int tom = board_add("us_maj_tom", US, "D4");
    board_add_sw("bazooka", tom, "D4");
    int de = board_add("de_squad_164", DE, "D6");
    board_to_operations();
    T.st.unit[de].marks |= LNLT_MARK_FIRED; /* spotted (10.1) */
    board_play("activate D4", "");
    vboard_play_loose_f("4,4", "shoot D4 D6 w0 #%d", tom);
    board_expect_log("SMC firing a weapon +1");
}

/* 4.0, 5.2: an ordnance weapon fires apart from its holder's hex: the squad in D4
 * fires at D6, its Bazooka at the other German squad in D2, in the same impulse. */
static void rule_4_0_an_ordnance_weapon_fires_at_another_target(void **state)
{
    (void)state;
    int us = board_add("us_abn_squad_254", US, "D4");
    board_add_sw("bazooka", us, "D4");
    int a = board_add("de_squad_164", DE, "D6");
    int b = board_add("de_squad_164", DE, "D2");
    board_to_operations();
    T.st.unit[a].marks |= LNLT_MARK_FIRED; /* spotted (10.1) */
    T.st.unit[b].marks |= LNLT_MARK_FIRED;
    board_play("activate D4", "");
    board_play_loose("fire D4 D6", "1,6");
    assert_false(board_legal("fire D4 D2")); /* the hex's fire went at D6 (4.0) */
    vboard_play_loose_f("6,6", "shoot D4 D2 w0 #%d", us);
    board_expect_log("ordnance fire from D4 at D2");
}

/* 5.0.1, 11.1.1: Maj Tom (LM 2) in the firer's hex takes his LM off the Bazooka's
 * to-hit roll and is marked Fired. */
static void rule_5_0_1_leader_lm_off_the_oft_roll(void **state)
{
    (void)state;
    int us = board_add("us_abn_squad_254", US, "D4");
    board_add_sw("bazooka", us, "D4");
    int tom = board_add("us_maj_tom", US, "D4");
    int de = board_add("de_squad_164", DE, "D6");
    board_to_operations();
    T.st.unit[de].marks |= LNLT_MARK_FIRED; /* spotted (10.1) */
    board_play("activate D4", "");
    vboard_play_loose_f("4,4", "shoot D4 D6 w0 #%d", us);
    board_expect_log("leader's LM -2");
    assert_true(T.st.unit[tom].marks & LNLT_MARK_FIRED);
}

/* 6.1: a squad that assault-moved fires its Bazooka afterwards at +1 to hit. */
static void rule_6_1_ordnance_after_an_assault_move_plus_one(void **state)
{
    (void)state;
    int us = board_add("us_abn_squad_254", US, "D3");
    board_add_sw("bazooka", us, "D3");
    int de = board_add("de_squad_164", DE, "D6");
    board_to_operations();
    T.st.unit[de].marks |= LNLT_MARK_FIRED; /* spotted (10.1) */
    board_play("activate D3", "");
    board_play("assault D3", "");
    board_play("step D4", "");
    while (lnlt_decision_get(&T.ctx, &T.st).kind == LNLT_DECIDE_OPFIRE)
        board_play("no-fire", "");
    board_play("stop", "");
    assert_true(T.st.unit[us].marks & LNLT_MARK_ASSAULT_MOVE);
    vboard_play_loose_f("4,4", "shoot D4 D6 w0 #%d", us);
    board_expect_log("assault move or fire +1");
}

/* 6.4.1: a squad that made a stealth assault move still fires its Bazooka
 * afterwards, at +1 to hit, like after an assault move. */
static void rule_6_4_1_ordnance_after_a_stealth_assault_move_plus_one(void **state)
{
    (void)state;
    int us = board_add("test_stealth_squad", US, "D3");
    board_add_sw("bazooka", us, "D3");
    int de = board_add("de_squad_164", DE, "D6");
    board_to_operations();
    T.st.unit[de].marks |= LNLT_MARK_FIRED; /* spotted (10.1) */
    board_play("activate D3", "");
    board_play("stealth-assault D3", "");
    board_play("step D4", "");
    while (lnlt_decision_get(&T.ctx, &T.st).kind == LNLT_DECIDE_OPFIRE)
        board_play("no-fire", "");
    board_play("stop", "");
    assert_true(T.st.unit[us].marks & LNLT_MARK_STEALTH);
    assert_true(T.st.unit[us].marks & LNLT_MARK_ASSAULT_MOVE);
    vboard_play_loose_f("4,4", "shoot D4 D6 w0 #%d", us);
    board_expect_log("assault move or fire +1");
}

/* 6.6: on the OFT a mounted unit standing still is easier to hit (-1), one that
 * moves harder (+1): the reverse of the DFT. Italian cavalry in D5 (a road). */
static void rule_6_6_oft_against_mounted_units(void **state)
{
    (void)state;
    int us = board_add("us_abn_squad_254", US, "D3");
    board_add_sw("bazooka", us, "D3");
    int cav = board_add("test_it_cav_1412", DE, "D5");
    board_to_operations();
    T.st.unit[cav].marks |= LNLT_MARK_FIRED; /* spotted, and not moving */
    board_play("activate D3", "");
    vboard_play_loose_f("6,6", "shoot D3 D5 w0 #%d", us);
    board_expect_log("mounted unit standing still -1");
    assert_false(board_logged("moving target +1"));
}

/* 6.6: the same cavalry moving into D5 draws the Bazooka's opportunity fire at +1. */
static void rule_6_6_oft_against_a_moving_mounted_unit(void **state)
{
    (void)state;
    int us = board_add("us_abn_squad_254", US, "D3");
    board_add_sw("bazooka", us, "D3");
    board_add("test_it_cav_1412", DE, "D6");
    board_to_operations();
    germans_step_into_d5();
    vboard_play_loose_f("6,6", "opshoot D3 D5 w0 #%d", us);
    board_expect_log("moving target +1");
    assert_false(board_logged("mounted unit standing still"));
}

/* 7.0: a Bazooka fired out of a Smoke hex: +1 to hit. */
static void rule_7_0_ordnance_out_of_smoke_plus_one(void **state)
{
    (void)state;
    int us = board_add("us_abn_squad_254", US, "D4");
    board_add_sw("bazooka", us, "D4");
    int de = board_add("de_squad_164", DE, "D6");
    lnlt_bit_set(T.st.smoke[0], board_cell("D4"));
    board_to_operations();
    T.st.unit[de].marks |= LNLT_MARK_FIRED; /* spotted (10.1) */
    board_play("activate D4", "");
    vboard_play_loose_f("4,4", "shoot D4 D6 w0 #%d", us);
    board_expect_log("firing out of smoke +1");
}

/* 1.6.4 and 23.1.1: a PIAT never fires at a target below its firer's level (here
 * from a rooftop); at a target on its own level it fires, and the
 * same weapon on the ground fires up. Test board: floors.json (D4 a roof of one
 * storey; F2 and G2 a two-storey building). */
static void rule_1_6_4_piat_never_fires_down(void **state)
{
    (void)state;
    static const char *const files[] = {"data/nations/starter_kit.json",   "data/nations/vehicle_examples.json",
                                        "data/units/us_wwii.json",         "data/units/de_wwii.json",
                                        "data/weapons/starter_kit.json",   "data/weapons/anti_tank.json",
                                        "tests/fixtures/weapons/piat.json"};
    board_open(files, 7, "tests/fixtures/maps/floors.json");
    int roof = board_add("us_abn_squad_254", US, "D4:roof");
    board_add_sw("piat_test", roof, "D4:roof");
    int ground = board_add("us_abn_squad_254", US, "F5");
    board_add_sw("piat_test", ground, "F5");
    board_add("de_squad_164", DE, "D5");
    board_add("de_squad_164", DE, "F2:upper");
    board_to_operations();
    for (int c = 0; c < LNLT_MAX_CELLS; c++) { /* every location spotted: only the level decides */
        lnlt_bit_set(T.st.spotted[US], c);
        for (int f = 0; f < LNLT_FLOORS - 1; f++)
            lnlt_bit_set(T.st.spotted_up[US][f], c);
    }
    lnlt_error err = {{0}};
    assert_true(board_legal("activate D4:roof"));
    board_play("activate D4:roof", "");
    assert_true(board_legal("shoot D4:roof F2:upper w0 #0")); /* a roof of one storey: level 1 both */
    assert_false(board_legal("shoot D4:roof D5 w0 #0"));
    lnlt_action a;
    lnlt_state before = T.st;
    if (lnlt_action_parse(&T.ctx, &T.st, "shoot D4:roof D5 w0 #0", &a, &err))
        assert_false(lnlt_apply(&T.ctx, &T.st, &a, NULL, NULL, &err));
    assert_non_null(strstr(err.msg, "below its firer's level (1.6.4, 23.1.1)"));
    assert_memory_equal(&before, &T.st, sizeof before);
    /* the same weapon on the ground fires up at the upper floor */
    T.st.unit[roof].flags |= LNLT_UNIT_ACTIVATED;
    board_play("done", "");
    board_play("pass", "");
    board_play("activate F5", "");
    assert_true(board_legal("shoot F5 F2:upper w1 #1"));
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test_teardown(rule_1_6_4_piat_never_fires_down, board_teardown),
        cmocka_unit_test_setup_teardown(rule_1_6_4_fired_backblast_holder_in_a_building, vboard_setup_all_data,
                                        board_teardown),
        cmocka_unit_test_setup_teardown(rule_1_6_4_no_backblast_outside_a_building, vboard_setup_all_data,
                                        board_teardown),
        cmocka_unit_test_setup_teardown(rule_4_1_ops_complete_ordnance_sw_at_plus_two, vboard_setup_all_data,
                                        board_teardown),
        cmocka_unit_test_setup_teardown(rule_4_1_ops_complete_vehicle_gun_at_plus_two, vboard_setup_all_data,
                                        board_teardown),
        cmocka_unit_test_setup_teardown(rule_4_1_ops_complete_vehicle_mg_halved, vboard_setup_all_data, board_teardown),
        cmocka_unit_test_setup_teardown(rule_5_3_an_oft_weapon_stacked_with_the_firers_fires_besides,
                                        vboard_setup_all_data,
                                        board_teardown),
        cmocka_unit_test_setup_teardown(rule_1_6_smc_fires_an_ordnance_weapon_at_plus_one, vboard_setup_all_data,
                                        board_teardown),
        cmocka_unit_test_setup_teardown(rule_4_0_an_ordnance_weapon_fires_at_another_target, vboard_setup_all_data,
                                        board_teardown),
        cmocka_unit_test_setup_teardown(rule_5_0_1_leader_lm_off_the_oft_roll, vboard_setup_all_data, board_teardown),
        cmocka_unit_test_setup_teardown(rule_6_1_ordnance_after_an_assault_move_plus_one, vboard_setup_all_data,
                                        board_teardown),
        cmocka_unit_test_setup_teardown(rule_6_4_1_ordnance_after_a_stealth_assault_move_plus_one, open_fixture_board,
                                        board_teardown),
        cmocka_unit_test_setup_teardown(rule_6_6_oft_against_mounted_units, open_fixture_board, board_teardown),
        cmocka_unit_test_setup_teardown(rule_6_6_oft_against_a_moving_mounted_unit, open_fixture_board, board_teardown),
        cmocka_unit_test_setup_teardown(rule_7_0_ordnance_out_of_smoke_plus_one, vboard_setup_all_data, board_teardown),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
