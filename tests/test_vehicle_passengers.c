/*
 * test_vehicle_passengers.c: units getting on and off vehicles (16.x) through
 * the engine on Map 14 with forced dice: loading at half MF (16.4), boarding
 * after double time (6.2 c) or assault fire (16.4 c), unloading by assault move
 * (16.4), the stacking limit when unloading SMCs (EX-I13, 16.1), riders getting
 * off when the gun fires (16.2) with a hero who never shakes (11.2, and the
 * invariant checker refusing a shaken hero), and a reduced passenger keeping
 * only the weapons it can carry (1.6, R-CORE-144).
 */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <string.h>
#include <cmocka.h>

#include "lnlt/check.h"
#include "support/board.h"
#include "support/vehicle_board.h"

#define US LNLT_SIDE_1
#define DE LNLT_SIDE_2

/* EX-I13 (16.1): a 2xPP vehicle holds four SMCs, but unloads no more than two at
 * once where the stacking limit is two SMCs (1.3). */
static void EX_I13_four_smcs_unload_two_at_a_time(void **state)
{
    (void)state;
    int car = board_add("t_carrier", US, "E3");
    vboard_face(car, "F3", "F4");
    static const char *const smcs[4] = {"us_cpl_medrow", "us_maj_tom", "us_lt_michael", "us_hero_hird"};
    int u[4];
    for (int i = 0; i < 4; i++) {
        u[i] = board_add(smcs[i], US, NULL);
        vboard_board_in(u[i], car, false);
    }
    board_to_operations();
    board_play("activate E3", "");
    assert_false(vboard_legal_f("unload E3 v%d", car));                             /* all four: too many */
    assert_false(vboard_legal_f("unload E3 v%d #%d #%d #%d", car, u[0], u[1], u[2])); /* three: too many */
    vboard_play_f("", "unload E3 v%d #%d #%d", car, u[0], u[1]);                     /* two fit */
    board_play("stop", "");
    assert_false(vboard_legal_f("unload E3 v%d #%d", car, u[2])); /* E3 holds two SMCs already */
}

/* 16.4: getting on costs half the MF of the unit and of the vehicle, and
 * activates the vehicle. */
static void rule_16_4_loading(void **state)
{
    (void)state;
    int ht = board_add("de_sdkfz251", DE, "G3");
    vboard_face(ht, "G4", "H4");
    int squad = board_add("de_squad_164", DE, "G3");
    board_add("us_abn_squad_254", US, "O8");
    vboard_germans_first();
    board_to_operations();
    board_play("activate G3", "");
    vboard_dump_legal();
    vboard_play_f("", "load G3 v%d #%d", ht, squad);
    board_expect_log("1 unit gets into #0 SdKfz 251 in G3");
    assert_int_equal(T.st.unit[squad].cell, LNLT_CELL_ABOARD);
    assert_int_equal(T.st.unit[squad].mp2, 4);  /* half of MF 4: 2 MP */
    assert_int_equal(T.st.unit[ht].mp2, 12);    /* half of MF 11, rounded up: 6 MP */
    vboard_step("G4");                                 /* it drives on with the rest */
    board_expect_log("(1 MP; 4 MP left)");
}

/* 16.4 c, 6.2 c: units stacked with a leader may get on by double time: a squad
 * (MF 4) double-timing with its leader (MF 6) enters the half-track's hex for 1 MP
 * and still has the 2 MP to get in. */
static void rule_6_2_c_double_time_allows_boarding(void **state)
{
    (void)state;
    int ht = board_add("de_sdkfz251", DE, "G3");
    vboard_face(ht, "G4", "H4");
    int squad = board_add("de_squad_164", DE, "F3");
    int leader = board_add("de_lt_koch", DE, "F3");
    board_add("us_abn_squad_254", US, "O8");
    vboard_germans_first();
    board_to_operations();
    board_play("activate F3", "");
    board_play("dt F3", "");
    vboard_step("G3");
    assert_true(vboard_legal_f("load G3 v%d #%d", ht, squad));
    vboard_play_f("", "load G3 v%d", ht);
    assert_int_equal(T.st.unit[squad].cell, LNLT_CELL_ABOARD);
    assert_int_equal(T.st.unit[leader].cell, LNLT_CELL_ABOARD);
    board_expect_log("2 units get into #0 SdKfz 251 in G3");
}

/* 16.4 c: leg units that assault-fire (6.1.1) may then get on a vehicle in their
 * hex if they have the MP: the airborne squad fires at J3, then climbs on top of
 * the Sherman with the MP its assault fire leaves it. */
static void rule_16_4_c_assault_fire_then_board(void **state)
{
    (void)state;
    int sherman = board_add("us_m4a1", US, "G3");
    vboard_face(sherman, "H3", "H4");
    int squad = board_add("us_abn_squad_254", US, "G3");
    board_add("de_squad_164", DE, "J3");
    board_to_operations();
    board_play("activate G3", "");
    board_play_loose("assault-fire G3 J3", "1,6");
    board_expect_log("fire from G3 at J3");
    assert_true(T.st.move.active && lnlt_bit(T.st.move.units, squad)); /* the half MF move that follows */
    assert_true(vboard_legal_f("load G3 v%d outside #%d", sherman, squad));
    vboard_play_f("", "load G3 v%d outside #%d", sherman, squad);
    assert_int_equal(T.st.unit[squad].cell, LNLT_CELL_ABOARD);
    board_expect_log("1 unit gets on top of #0 M4A1 Sherman in G3");
}

/* 16.4: units able to assault-move get off by assault move: Assault Move marker,
 * no MP left to leave the hex, and they may fire afterwards; others may not. */
static void rule_16_4_unload_by_assault_move(void **state)
{
    (void)state;
    int jeep = board_add("us_jeep", US, "E3");
    vboard_face(jeep, "F3", "F4");
    int squad = board_add("us_abn_half_144", US, "E3"); /* a jeep carries a half-squad (16.1) */
    vboard_board_in(squad, jeep, false);
    int ht = board_add("de_sdkfz251", DE, "I1");
    vboard_face(ht, "H2", "I2");
    int germans = board_add("de_squad_164", DE, "I1");
    vboard_board_in(germans, ht, false);
    board_add("de_squad_164", DE, "H3");
    board_to_operations();
    board_play("activate E3", "");
    vboard_play_f("", "unload E3 v%d assault", jeep); /* all its passengers: the one half-squad */
    board_expect_log("by assault move: it may fire, and stays in the hex this turn");
    assert_true(T.st.unit[squad].marks & LNLT_MARK_ASSAULT_MOVE);
    assert_false(T.st.unit[squad].marks & LNLT_MARK_MOVED);
    while (T.st.decision == LNLT_DECIDE_OPFIRE)
        board_play("no-fire", "");
    /* getting off spent its whole assault-move allowance: its move is over */
    assert_int_equal(T.st.decision, LNLT_DECIDE_ACTIVATION);
    assert_false(vboard_legal_f("step F3"));
    assert_true(vboard_legal_f("fire E3 H3")); /* 6.1: an assault mover fires afterwards */
    board_play("fire E3 H3", "1,1");
    board_expect_log("Airborne half-squad 1-4-4");
    board_play("done", "");
    board_play("activate I1", "");
    vboard_refused_f("only units able to assault-move get off by assault move (16.4, 6.1)",
                     "unload I1 v%d assault #%d", ht, germans);
}

/* 16.2, 11.2: riders on top get off when their vehicle's gun fires and check
 * morale; a failed check shakes the squad, but a hero never shakes, so he has
 * no check to take and stays in good order (self-play seed 308902). */
static void rule_11_2_hero_never_shaken_by_riders_off_check(void **state)
{
    (void)state;
    int sherman = board_add("us_m4a1", US, "E3");
    vboard_face(sherman, "F3", "F4"); /* east */
    int squad = board_add("us_abn_half_144", US, "E3");
    int hero = board_add("us_hero_hird", US, "E3");
    vboard_board_in(squad, sherman, true);
    vboard_board_in(hero, sherman, true);
    board_add("de_squad_164", DE, "E7");
    board_to_operations();
    board_play("activate E3", "");
    vboard_play_f("6,6,6,5", "shoot E3 E7 #%d", sherman); /* a miss, then the squad's check: 11 fails */
    board_expect_log("gets off in E3 under a Moved marker");
    board_expect_log("never shakes (11.2)");
    assert_int_equal(T.st.unit[squad].status, LNLT_SHAKEN);
    assert_int_equal(T.st.unit[hero].status, LNLT_GOOD_ORDER);
    assert_int_equal(T.st.unit[hero].cell, board_cell("E3"));
    assert_true(T.st.unit[hero].marks & LNLT_MARK_MOVED);
}

/* 11.2: the invariant checker of `selfplay --check` and of loaded positions
 * refuses a shaken hero at the action that shook him, not only when the final
 * position is written (seed 308902 was found that late). */
static void rule_11_2_invariants_refuse_a_shaken_hero(void **state)
{
    (void)state;
    int hero = board_add("us_hero_hird", US, "E3");
    board_add("de_squad_164", DE, "E7");
    board_to_operations();
    char why[200];
    assert_true(lnlt_check_invariants(&T.ctx, &T.st, why, sizeof why));
    T.st.unit[hero].status = LNLT_SHAKEN;
    assert_false(lnlt_check_invariants(&T.ctx, &T.st, why, sizeof why));
    assert_non_null(strstr(why, "shaken hero"));
}

/* 1.6, 16.1, ruling R-CORE-144: a squad riding inside a vehicle with two weapons
 * that is reduced to a half-squad still carries only one: its owner drops the
 * other, which lands in the vehicle's hex (self-play seed 506953). */
static void rule_1_6_passenger_reduced_respects_carry_limit(void **state)
{
    (void)state;
    int ht = board_add("de_sdkfz251", DE, "G4");
    vboard_face(ht, "H4", "H5");
    int squad = board_add("de_squad_164", DE, "G4");
    int mg = board_add_sw("mg42", squad, NULL);
    int pf = board_add_sw("panzerfaust_30", squad, NULL);
    vboard_board_in(squad, ht, false);
    board_add("us_abn_squad_254", US, "G2");
    board_to_operations();
    board_play("activate G2", "");
    /* 6 + 2 = 8 against 1 + AF 0: checks of DC 7, the vehicle's (1 + 7 = 8 vs 6:
     * shaken), then its passenger's (6 + 7 = 13 vs 5: casualties, die 2) */
    vboard_play_f("6,1,1,6,2", "fire-at G2 G4 v%d", ht);
    board_expect_log("casualties, now a shaken Half-squad");
    board_expect_log("can carry only one weapon");
    assert_int_equal(T.st.pending, LNLT_DECIDE_SW_DROP);
    assert_true(vboard_legal_f("drop G4 w%d", mg));
    assert_true(vboard_legal_f("drop G4 w%d", pf));
    vboard_play_f("", "drop G4 w%d", pf);
    assert_int_equal(T.st.sw[mg].holder, squad);
    assert_int_equal(T.st.sw[pf].holder, -1);
    assert_int_equal(T.st.sw[pf].cell, board_cell("G4"));
    assert_int_equal(T.st.unit[squad].cell, LNLT_CELL_ABOARD);
    assert_int_not_equal(T.st.pending, LNLT_DECIDE_SW_DROP);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test_setup_teardown(EX_I13_four_smcs_unload_two_at_a_time, vboard_setup_vehicle_rules,
                                        board_teardown),
        cmocka_unit_test_setup_teardown(rule_16_4_loading, vboard_setup_vehicle_rules, board_teardown),
        cmocka_unit_test_setup_teardown(rule_6_2_c_double_time_allows_boarding, vboard_setup_vehicle_rules,
                                        board_teardown),
        cmocka_unit_test_setup_teardown(rule_16_4_c_assault_fire_then_board, vboard_setup_vehicle_rules,
                                        board_teardown),
        cmocka_unit_test_setup_teardown(rule_16_4_unload_by_assault_move, vboard_setup_vehicle_rules, board_teardown),
        cmocka_unit_test_setup_teardown(rule_11_2_hero_never_shaken_by_riders_off_check, vboard_setup_vehicle_rules,
                                        board_teardown),
        cmocka_unit_test_setup_teardown(rule_11_2_invariants_refuse_a_shaken_hero, vboard_setup_vehicle_rules,
                                        board_teardown),
        cmocka_unit_test_setup_teardown(rule_1_6_passenger_reduced_respects_carry_limit, vboard_setup_vehicle_rules,
                                        board_teardown),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
