/*
 * test_conf_vehicles.c: the rules of sections 1-13 that meet vehicles
 * (docs/conformance.md), through the engine on the reconstructed Map 14 with
 * forced dice: whom leaders and armor leaders activate next door (4.0, 11.1.2,
 * 11.5), spotting by and around vehicles (10.1, 10.1.1), the TM a vehicle or a
 * Wreck gives Leg units in its hex (10.1, 10.4), and how units may go into a
 * close assault (1.6.8, 1.7, 6.2, 6.3, 11.1.1).
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

/* The shipped counters and vehicles with the test Molotov Cocktail. */
static int open_molotov_board(void **state)
{
    (void)state;
    static const char *const files[] = {"data/nations/starter_kit.json",          "data/nations/vehicle_examples.json",
                                        "data/units/us_wwii.json",                "data/units/de_wwii.json",
                                        "data/weapons/starter_kit.json",          "data/vehicles/heroes_of_normandy.json",
                                        "tests/fixtures/weapons/conformance.json"};
    vboard_open_files(files, (int)(sizeof files / sizeof files[0]));
    return 0;
}

/* The vehicle rules' counters with the test ATGM weapon team and stealth squad. */
static int open_atgm_board(void **state)
{
    (void)state;
    static const char *const fixtures[] = {"tests/fixtures/units/atgm_team.json",
                                           "tests/fixtures/units/stealth.json"};
    vboard_open_vehicle_data(fixtures, (int)(sizeof fixtures / sizeof fixtures[0]));
    return 0;
}

static const char *fmt1(const char *fmt, int a)
{
    static char cmd[96];
    snprintf(cmd, sizeof cmd, fmt, a);
    return cmd;
}

static const char *fmt2(const char *fmt, int a, int b)
{
    static char cmd[96];
    snprintf(cmd, sizeof cmd, fmt, a, b);
    return cmd;
}

/* 4.0, 11.1.2: Maj Tom in D3 activates the squad next door in E3, not the Sherman
 * next door in D4. */
static void rule_11_1_2_leader_does_not_activate_an_adjacent_vehicle(void **state)
{
    (void)state;
    board_add("us_maj_tom", US, "D3");
    board_add("us_abn_squad_254", US, "D3");
    board_add("us_abn_squad_254", US, "E3");
    int sherman = board_add("us_m4a1", US, "D4");
    vboard_face(sherman, "D5", "E4");
    board_add("de_squad_164", DE, "K4");
    board_to_operations();
    board_play("activate D3", "");
    assert_true(board_legal("also E3"));
    assert_false(board_legal("also D4"));
    board_play("also E3", "");
    assert_false(board_legal("also D4"));
}

/* 11.5, 4.0: Lt Hird commanding the Crusader in D3 activates the Sherman next door
 * in D4, not the squad next door in E3. */
static void rule_11_5_armor_leader_activates_adjacent_vehicles_only(void **state)
{
    (void)state;
    int crusader = board_add("gb_crusader3", US, "D3");
    vboard_face(crusader, "D4", "E3");
    int hird = board_add("gb_lt_hird", US, NULL);
    lnlt_error err;
    if (!lnlt_state_board(&T.ctx, &T.st, hird, crusader, false, &err))
        fail_msg("%s", err.msg);
    int sherman = board_add("us_m4a1", US, "D4");
    vboard_face(sherman, "D5", "E4");
    board_add("us_abn_squad_254", US, "E3");
    board_add("de_squad_164", DE, "K4");
    board_to_operations();
    board_play("activate D3", "");
    assert_false(board_legal("also E3"));
    assert_true(board_legal("also D4"));
    board_play("also D4", "");
    assert_true(lnlt_bit(T.st.activated, sherman));
}

/* 10.1, 15.0.1: a good-order vehicle spots the hexes next to it, a buttoned one
 * does not. The German squad in the building D6 is next to the Sherman in D5; the
 * American squad in D3 may fire at it only while it is spotted. */
static void rule_10_1_buttoned_vehicle_does_not_spot_its_neighbours(void **state)
{
    (void)state;
    int sherman = board_add("us_m4a1", US, "D5");
    vboard_face(sherman, "D6", "E5");
    board_add("us_abn_squad_254", US, "D3");
    board_add("de_squad_164", DE, "D6");
    board_to_operations();
    board_play("activate D3", "");
    assert_true(board_legal("fire D3 D6"));
    vboard_vehicle(sherman)->flags |= LNLT_VEH_BUTTONED;
    assert_false(board_legal("fire D3 D6"));
}

/* 10.1.1, 15.0.1: a buttoned vehicle may try to spot, at +1. */
static void rule_10_1_1_buttoned_vehicle_spots_at_plus_one(void **state)
{
    (void)state;
    int sherman = board_add("us_m4a1", US, "D3");
    vboard_face(sherman, "D4", "E3");
    vboard_vehicle(sherman)->flags |= LNLT_VEH_BUTTONED;
    board_add("de_squad_164", DE, "D6");
    board_to_operations();
    board_play(fmt1("spot D6 #%d", sherman), "3");
    board_expect_log("spotting D6 by M4A1 Sherman: 1d6 3 = 4 vs 2 -> not spotted");
}

/* 10.1.1 (optional, special rule spot_vehicles): -1 to spot a hex holding an enemy
 * vehicle. The half-track in the Light Woods of F5: 1d6 4 spots it only with the
 * option. */
static void spot_the_halftrack(bool option)
{
    int ht = board_add("de_sdkfz251", DE, "F5");
    vboard_face(ht, "G4", "G5");
    int us = board_add("us_abn_squad_254", US, "F2");
    if (option)
        T.ctx.options |= LNLT_OPT_SPOT_VEHICLES;
    board_to_operations();
    board_play(fmt1("spot F5 #%d", us), "4");
}

static void rule_10_1_1_optional_minus_one_against_a_vehicle(void **state)
{
    (void)state;
    spot_the_halftrack(true);
    board_expect_log("spotting F5 by Airborne squad 2-5-4: 1d6 4 = 3 vs 3 -> spotted");
}

static void rule_10_1_1_without_the_option_no_modifier_against_a_vehicle(void **state)
{
    (void)state;
    spot_the_halftrack(false);
    board_expect_log("spotting F5 by Airborne squad 2-5-4: 1d6 4 = 4 vs 3 -> not spotted");
}

/* 10.1, TEC: Leg units in an open hex with a vehicle get +2 TM. */
static void rule_10_1_vehicle_in_an_open_hex_gives_leg_units_tm(void **state)
{
    (void)state;
    int sherman = board_add("us_m4a1", US, "D5");
    vboard_face(sherman, "D6", "E5");
    board_add("us_abn_squad_254", US, "D5");
    board_add("de_squad_164", DE, "D3");
    T.st.initiative = DE;
    T.st.impulse_side = DE;
    board_to_operations();
    board_play("activate D3", "");
    board_play_loose("fire D3 D5", "1,6");
    board_expect_log("vs 1d6 6 + TM 2 = 8");
}

/* 10.1, 10.4, TEC: a Wreck gives Leg units in its hex +2 TM. */
static void rule_10_4_wreck_gives_leg_units_tm(void **state)
{
    (void)state;
    board_add("us_abn_squad_254", US, "D5");
    lnlt_bit_set(T.st.wreck, board_cell("D5"));
    board_add("de_squad_164", DE, "D3");
    T.st.initiative = DE;
    T.st.impulse_side = DE;
    board_to_operations();
    board_play("activate D3", "");
    board_play_loose("fire D3 D5", "1,6");
    board_expect_log("vs 1d6 6 + TM 2 = 8");
}

/* A German half-track in G3, facing south-east; the American unit in G1. */
static int halftrack_in_g3(void)
{
    int ht = board_add("de_sdkfz251", DE, "G3");
    vboard_face(ht, "G4", "H4");
    return ht;
}

/* 6.2: double time allows a close assault: the squad runs from G1 to G2 with Maj
 * Tom and goes in. 11.1.1: the leader checks first, his LM comes off the squad's
 * pre-assault check and goes on its close-assault roll. */
static void rule_6_2_double_time_into_a_close_assault_with_a_leader(void **state)
{
    (void)state;
    int squad = board_add("us_abn_squad_254", US, "G1");
    board_add("us_maj_tom", US, "G1");
    int ht = halftrack_in_g3();
    board_to_operations();
    board_play("activate G1", "");
    board_play("dt G1", "");
    board_play("step G2", "");
    assert_true(board_legal(fmt2("close-assault G2 G3 v%d #%d", ht, squad)));
    board_play_loose(fmt1("close-assault G2 G3 v%d", ht), "1,1,1,1,6,1");
    board_expect_log("pre-assault morale check, #1 Major Tom: 2d6 1+1 = 2 vs morale 6 -> goes in");
    board_expect_log("pre-assault morale check, #0 Airborne squad 2-5-4: 2d6 1+1 = 2, LM -2 = 0 vs morale 6 -> goes in");
    board_expect_log("#0 Airborne squad 2-5-4: 1d6 6 + IFP 2 + LM = 10 vs 1d6 1 + lowest AF 0 = 1 -> destroyed");
    assert_true(lnlt_bit(T.st.wreck, board_cell("G3")));
}

/* 6.3: no low crawl into a close assault: the crawl to G2, next to the half-track,
 * ends there; a normal move to G2 may go on into it. */
static void rule_6_3_no_low_crawl_into_a_close_assault(void **state)
{
    (void)state;
    board_add("us_abn_squad_254", US, "G1");
    int ht = halftrack_in_g3();
    board_to_operations();
    board_play("activate G1", "");
    board_play("crawl G1", "");
    board_play("step G2", "");
    assert_false(board_legal(fmt1("close-assault G2 G3 v%d", ht)));
    assert_true(board_legal("done"));
}

/* The control case of 6.3: a normal move may. */
static void rule_6_3_a_normal_move_may_go_into_a_close_assault(void **state)
{
    (void)state;
    board_add("us_abn_squad_254", US, "G1");
    int ht = halftrack_in_g3();
    board_to_operations();
    board_play("activate G1", "");
    board_play("move G1", "");
    board_play("step G2", "");
    assert_true(board_legal(fmt1("close-assault G2 G3 v%d", ht)));
}

/* 1.7, 17.1: weapon teams do not close-assault; one in the hex does not keep the
 * squad with it from going in, and stays behind. */
static void rule_1_7_weapon_teams_do_not_close_assault(void **state)
{
    (void)state;
    int wt = board_add("us_mortar_60mm", US, "G2");
    int squad = board_add("us_abn_squad_254", US, "G2");
    int ht = halftrack_in_g3();
    board_to_operations();
    board_play("activate G2", "");
    assert_true(board_legal(fmt2("close-assault G2 G3 v%d #%d", ht, squad)));
    assert_false(board_legal(fmt2("close-assault G2 G3 v%d #%d", ht, wt)));
    board_play_loose(fmt1("close-assault G2 G3 v%d", ht), "1,1,6,1");
    board_expect_log("1 unit close-assault");
    assert_int_equal(T.st.unit[squad].cell, board_cell("G3"));
    assert_int_equal(T.st.unit[wt].cell, board_cell("G2"));
}

/* 1.6.8, 17.1: a captured anti-tank weapon used in a close assault that leaves the
 * vehicle alive is removed; one that destroys it is kept. */
static void rule_1_6_8_captured_weapon_that_fails_in_a_close_assault_is_removed(void **state)
{
    (void)state;
    int squad = board_add("de_squad_164", DE, "G2");
    int bz = board_add_sw("bazooka", squad, "G2");
    T.st.sw[bz].flags |= LNLT_SW_CAPTURED;
    int sherman = board_add("us_m4a1", US, "G3");
    vboard_face(sherman, "G4", "H4");
    T.st.initiative = DE;
    T.st.impulse_side = DE;
    board_to_operations();
    board_play("activate G2", "");
    /* the check 1 + 1 passes; 1d6 1 + IFP 1 + the weapon vs 1d6 6 + AF: it survives */
    board_play_loose(fmt1("close-assault G2 G3 v%d", sherman), "1,1,1,6");
    board_expect_log("+ anti-tank weapon");
    board_expect_log("-> it survives");
    board_expect_log("the Bazooka is gone");
    assert_int_equal(T.st.sw[bz].holder, -1);
    assert_true(T.st.sw[bz].flags & LNLT_SW_USED);
}

/* 5.3, 16.4: units getting off together in a hex after spending different MP: the
 * lowest decides the opportunity attacks. The squad (MF 4) spends 2 MP, the
 * leader (MF 6) 3: two attacks at most. */
static void rule_5_3_the_lowest_mp_spent_in_a_hex_counts(void **state)
{
    (void)state;
    int ht = board_add("de_sdkfz251", DE, "E3");
    vboard_face(ht, "F3", "F4");
    int squad = board_add("de_squad_164", DE, NULL);
    int koch = board_add("de_lt_koch", DE, NULL);
    lnlt_error err;
    if (!lnlt_state_board(&T.ctx, &T.st, squad, ht, false, &err) ||
        !lnlt_state_board(&T.ctx, &T.st, koch, ht, false, &err))
        fail_msg("%s", err.msg);
    board_add("us_abn_squad_254", US, "E1");
    board_add("us_abn_squad_254", US, "C3");
    board_add("us_abn_squad_254", US, "G3");
    T.st.initiative = DE;
    T.st.impulse_side = DE;
    board_to_operations();
    board_play("activate E3", "");
    board_play(fmt1("unload E3 v%d", ht), "");
    board_expect_log("gets off");
    assert_int_equal(T.st.move.mp2_here, 4);
    assert_int_equal(lnlt_decision_get(&T.ctx, &T.st).kind, LNLT_DECIDE_OPFIRE);
    assert_true(board_legal("opfire G3"));
    board_play_loose("opfire E1", "1,6");
    assert_int_equal(lnlt_decision_get(&T.ctx, &T.st).kind, LNLT_DECIDE_OPFIRE);
    board_play_loose("opfire C3", "1,6");
    assert_false(board_legal("opfire G3"));
}

/* 1.6.7: a DFT attack with a Molotov that shakes a vehicle makes its crew abandon
 * it. */
static void rule_1_6_7_molotov_that_shakes_a_vehicle_abandons_it(void **state)
{
    (void)state;
    int squad = board_add("us_abn_squad_254", US, "G2");
    board_add_sw("test_molotov", squad, "G2");
    int ht = halftrack_in_g3();
    board_to_operations();
    board_play("activate G2", "");
    board_play_loose(fmt1("fire-at G2 G3 v%d", ht), "6,1,6,6,6,6");
    board_expect_log("#1 SdKfz 251 is shaken and buttons up");
    board_expect_log("[1.6.7] #1 SdKfz 251 is abandoned");
    board_expect_log("a shaken crew bails out in G3");
}

/* 1.6.3, 1.6.7, 17.1: a satchel, a flamethrower or a Molotov adds its FP to the
 * squad's close-assault roll; the single-use ones are then gone. */
static void close_assault_with(const char *weapon, int fp, bool single_use)
{
    int squad = board_add("us_abn_squad_254", US, "G2");
    int w = board_add_sw(weapon, squad, "G2");
    int ht = halftrack_in_g3();
    board_to_operations();
    board_play("activate G2", "");
    /* the check 1 + 1 passes; 1d6 1 + IFP 2 + the weapon's FP vs 1d6 6 + AF 0 */
    board_play_loose(fmt1("close-assault G2 G3 v%d", ht), "1,1,1,6");
    char line[128];
    snprintf(line, sizeof line, "1d6 1 + IFP 2 + anti-tank weapon = %d vs 1d6 6", 3 + fp);
    board_expect_log(line);
    assert_int_equal(T.st.sw[w].holder == squad, !single_use);
}

static void rule_1_6_3_satchel_in_a_close_assault(void **state)
{
    (void)state;
    close_assault_with("satchel_charge", 6, true);
}

static void rule_1_6_3_flamethrower_in_a_close_assault(void **state)
{
    (void)state;
    close_assault_with("flamethrower", 4, false);
}

static void rule_1_6_7_molotov_in_a_close_assault(void **state)
{
    (void)state;
    close_assault_with("test_molotov", 1, true);
}

/* 11.1.1, 15.0: a leader in the hex does not help a vehicle rally. */
static void rule_11_1_1_leaders_do_not_help_vehicles_rally(void **state)
{
    (void)state;
    int sherman = board_add("us_m4a1", US, "F5"); /* Light Woods: +1 */
    vboard_face(sherman, "G4", "G5");
    T.st.unit[sherman].status = LNLT_SHAKEN;
    board_add("us_maj_tom", US, "F5");
    board_add("de_squad_164", DE, "J5");
    board_play("rally F5", "4,4");
    board_expect_log("2d6 4+4 = 8, positive TM hex -2 = 6 vs morale 6 -> rallied");
    assert_false(board_logged("LM"));
}

/* 1.3: an ATGM weapon team counts as a half-squad for stacking, another weapon
 * team as a squad: two squads and the team in E4 leave room for a half-squad with
 * the ATGM team, none with a mortar team. */
static void stack_with_team(const char *team, bool room)
{
    board_add("us_abn_squad_254", US, "E4");
    board_add("us_abn_squad_254", US, "E4");
    int t = board_add(team, US, "E4");
    for (int i = 0; i < T.st.vehicle_count; i++)
        if (T.st.vehicle[i].unit == t) /* a gun team faces a corner (1.7.1) */
            vboard_face(t, "F4", "F5");
    board_add("us_abn_half_144", US, "E5");
    board_add("de_squad_164", DE, "K4");
    board_to_operations();
    board_play("activate E5", "");
    board_play("move E5", "");
    assert_int_equal(board_legal("step E4"), room);
}

static void rule_1_3_an_atgm_team_stacks_as_a_half_squad(void **state)
{
    (void)state;
    stack_with_team("test_su_atgm_team", true);
}

static void rule_1_3_another_weapon_team_stacks_as_a_squad(void **state)
{
    (void)state;
    stack_with_team("us_mortar_60mm", false);
}

/* 1.7, 1.7.1: an ordnance weapon team pivots in its hex (at 1 MP per two
 * vertices, open to opportunity fire) to bring a target outside its arc into it,
 * and fires at +1 on the OFT. The German 75 mm ATG in E3 faces south-east; the
 * American squad in B3 is behind it. */
static void rule_1_7_1_gun_team_pivots_to_fire_at_plus_one(void **state)
{
    (void)state;
    int atg = board_add("de_75mm_atg", DE, "E3");
    vboard_face(atg, "F3", "F4");
    int us = board_add("us_abn_squad_254", US, "B3");
    T.st.initiative = DE;
    T.st.impulse_side = DE;
    board_to_operations();
    T.st.unit[us].marks |= LNLT_MARK_FIRED; /* spotted (10.1) */
    board_play("activate E3", "");
    board_play(fmt1("pivot E3 D3/E2 #%d", atg), "");
    while (lnlt_decision_get(&T.ctx, &T.st).kind == LNLT_DECIDE_OPFIRE)
        board_play("no-fire", "");
    board_play("stop", "");
    board_play_loose(fmt1("shoot E3 B3 #%d", atg), "6,6");
    board_expect_log("pivots");
    board_expect_log("pivoted to fire +1");
    assert_true(T.st.unit[atg].marks & LNLT_MARK_FIRED);
}

/* 1.7, 16.1: weapon teams other than MG and ATGM teams are no passengers: the
 * mortar team may not get into the half-track, the squad may. */
static void rule_1_7_a_mortar_team_is_no_passenger(void **state)
{
    (void)state;
    int ht = board_add("de_sdkfz251", DE, "G3");
    vboard_face(ht, "G4", "H4");
    int mortar = board_add("us_mortar_60mm", DE, "G3");
    board_add("us_abn_squad_254", US, "O8");
    T.st.initiative = DE;
    T.st.impulse_side = DE;
    board_to_operations();
    board_play("activate G3", "");
    assert_false(board_legal(fmt2("load G3 v%d #%d", ht, mortar)));
    int squad = board_add("de_squad_164", DE, "G3");
    lnlt_bit_set(T.st.activated, squad);
    assert_true(board_legal(fmt2("load G3 v%d #%d", ht, squad)));
}

/* 6.4: a stealth move may go into a close assault from a hex not next to the
 * vehicle; 6.4.1: a stealth assault move may not. */
static void stealth_towards_the_halftrack(const char *mode, bool may)
{
    board_add("test_stealth_squad", US, "G1");
    int ht = halftrack_in_g3();
    board_to_operations();
    board_play("activate G1", "");
    board_play(mode, "");
    board_play("step G2", "");
    assert_int_equal(board_legal(fmt1("close-assault G2 G3 v%d", ht)), may);
}

static void rule_6_4_stealth_move_into_a_close_assault(void **state)
{
    (void)state;
    stealth_towards_the_halftrack("stealth G1", true);
}

static void rule_6_4_1_no_stealth_assault_move_into_a_close_assault(void **state)
{
    (void)state;
    stealth_towards_the_halftrack("stealth-assault G1", false);
}

/* 11.2: a hero may close-assault a vehicle alone. */
static void rule_11_2_a_hero_close_assaults(void **state)
{
    (void)state;
    int hero = board_add("us_hero_hird", US, "G2");
    int ht = halftrack_in_g3();
    board_to_operations();
    board_play("activate G2", "");
    assert_true(board_legal(fmt2("close-assault G2 G3 v%d #%d", ht, hero)));
}

/* The control case of 1.6.7: the same attack without a Molotov shakes the
 * half-track and no more. */
static void rule_1_6_7_without_a_molotov_the_vehicle_is_only_shaken(void **state)
{
    (void)state;
    board_add("us_abn_squad_254", US, "G2");
    board_add("us_abn_squad_254", US, "G2");
    int ht = halftrack_in_g3();
    board_to_operations();
    board_play("activate G2", "");
    board_play_loose(fmt1("fire-at G2 G3 v%d", ht), "6,1,6,6,6,6");
    board_expect_log("#2 SdKfz 251 is shaken and buttons up");
    assert_false(board_logged("is abandoned"));
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test_setup_teardown(rule_11_1_2_leader_does_not_activate_an_adjacent_vehicle, vboard_setup_all_data,
                                        board_teardown),
        cmocka_unit_test_setup_teardown(rule_11_5_armor_leader_activates_adjacent_vehicles_only, vboard_setup_all_data,
                                        board_teardown),
        cmocka_unit_test_setup_teardown(rule_10_1_buttoned_vehicle_does_not_spot_its_neighbours, vboard_setup_all_data,
                                        board_teardown),
        cmocka_unit_test_setup_teardown(rule_10_1_1_buttoned_vehicle_spots_at_plus_one, vboard_setup_all_data,
                                        board_teardown),
        cmocka_unit_test_setup_teardown(rule_10_1_1_optional_minus_one_against_a_vehicle, vboard_setup_all_data,
                                        board_teardown),
        cmocka_unit_test_setup_teardown(rule_10_1_1_without_the_option_no_modifier_against_a_vehicle,
                                        vboard_setup_all_data,
                                        board_teardown),
        cmocka_unit_test_setup_teardown(rule_10_1_vehicle_in_an_open_hex_gives_leg_units_tm, vboard_setup_all_data,
                                        board_teardown),
        cmocka_unit_test_setup_teardown(rule_10_4_wreck_gives_leg_units_tm, vboard_setup_all_data, board_teardown),
        cmocka_unit_test_setup_teardown(rule_6_2_double_time_into_a_close_assault_with_a_leader, vboard_setup_all_data,
                                        board_teardown),
        cmocka_unit_test_setup_teardown(rule_6_3_no_low_crawl_into_a_close_assault, vboard_setup_all_data,
                                        board_teardown),
        cmocka_unit_test_setup_teardown(rule_6_3_a_normal_move_may_go_into_a_close_assault, vboard_setup_all_data,
                                        board_teardown),
        cmocka_unit_test_setup_teardown(rule_1_7_weapon_teams_do_not_close_assault, vboard_setup_all_data,
                                        board_teardown),
        cmocka_unit_test_setup_teardown(rule_1_6_7_molotov_that_shakes_a_vehicle_abandons_it, open_molotov_board,
                                        board_teardown),
        cmocka_unit_test_setup_teardown(rule_1_6_7_without_a_molotov_the_vehicle_is_only_shaken, vboard_setup_all_data,
                                        board_teardown),
        cmocka_unit_test_setup_teardown(rule_1_6_3_satchel_in_a_close_assault, vboard_setup_all_data, board_teardown),
        cmocka_unit_test_setup_teardown(rule_1_6_3_flamethrower_in_a_close_assault, vboard_setup_all_data,
                                        board_teardown),
        cmocka_unit_test_setup_teardown(rule_1_6_7_molotov_in_a_close_assault, open_molotov_board, board_teardown),
        cmocka_unit_test_setup_teardown(rule_11_1_1_leaders_do_not_help_vehicles_rally, vboard_setup_all_data,
                                        board_teardown),
        cmocka_unit_test_setup_teardown(rule_1_3_an_atgm_team_stacks_as_a_half_squad, open_atgm_board, board_teardown),
        cmocka_unit_test_setup_teardown(rule_1_3_another_weapon_team_stacks_as_a_squad, vboard_setup_all_data,
                                        board_teardown),
        cmocka_unit_test_setup_teardown(rule_1_7_1_gun_team_pivots_to_fire_at_plus_one, vboard_setup_all_data,
                                        board_teardown),
        cmocka_unit_test_setup_teardown(rule_1_7_a_mortar_team_is_no_passenger, vboard_setup_all_data, board_teardown),
        cmocka_unit_test_setup_teardown(rule_6_4_stealth_move_into_a_close_assault, open_atgm_board, board_teardown),
        cmocka_unit_test_setup_teardown(rule_6_4_1_no_stealth_assault_move_into_a_close_assault, open_atgm_board,
                                        board_teardown),
        cmocka_unit_test_setup_teardown(rule_11_2_a_hero_close_assaults, vboard_setup_all_data, board_teardown),
        cmocka_unit_test_setup_teardown(rule_5_3_the_lowest_mp_spent_in_a_hex_counts, vboard_setup_all_data,
                                        board_teardown),
        cmocka_unit_test_setup_teardown(rule_1_6_8_captured_weapon_that_fails_in_a_close_assault_is_removed,
                                        vboard_setup_all_data, board_teardown),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
