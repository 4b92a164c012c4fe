/*
 * test_ex_ordnance.c: the worked examples and stated numbers of 14.0-17.0 reproduced
 * by the pure calculations of src/rules/calc/ordnance_calc.c and vehicle_calc.c
 * (lnlt/ordnance.h), plus the geometry of facing a vertex (covered arcs, the face a
 * shot strikes) on the vehicle narrative's positions. Each example test is named
 * by its digest id and asserts the numbers the rulebook states; the same examples
 * run through the engine in test_vehicle_engine.c.
 */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <string.h>
#include <cmocka.h>

#include "lnlt/combat.h"
#include "lnlt/ordnance.h"

static lnlt_hex H(const char *id)
{
    lnlt_hex h;
    char err[96];
    if (!lnlt_hex_parse(id, &h, err, sizeof err))
        fail_msg("%s", err);
    return h;
}

static const lnlt_to_hit sherman[3] = {{7, 8, 4}, {14, 6, 3}, {28, 5, 3}};

/* EX-077: 1-7 hexes use the left column (to-hit 8, PV 4), 10 hexes the middle, 28
 * is the farthest. */
static void EX_077_range_columns(void **state)
{
    (void)state;
    for (int r = 1; r <= 7; r++)
        assert_int_equal(lnlt_oft_column(sherman, r), 0);
    assert_int_equal(sherman[lnlt_oft_column(sherman, 1)].to_hit, 8);
    assert_int_equal(sherman[lnlt_oft_column(sherman, 1)].pv, 4);
    assert_int_equal(lnlt_oft_column(sherman, 10), 1);
    assert_int_equal(lnlt_oft_column(sherman, 28), 2);
    assert_int_equal(lnlt_oft_column(sherman, 29), -1);
    /* a '*' column cannot fire (the Panzerfaust 30 beyond 2 hexes) */
    const lnlt_to_hit pf[3] = {{1, 8, 4}, {2, 6, 4}, {3, LNLT_NONE, LNLT_NONE}};
    assert_int_equal(lnlt_oft_column(pf, 2), 1);
    assert_int_equal(lnlt_oft_column(pf, 3), -1);
}

/* 14.1: modified roll at most the to-hit number hits; natural 2 always, 12 never;
 * 14.1.3: the turret on an even natural roll above 2. */
static void rule_14_1_hit_and_turret(void **state)
{
    (void)state;
    lnlt_modifiers m = {0};
    lnlt_mods_add(&m, 3, "test", "14.1");
    lnlt_oft_roll r = lnlt_oft_to_hit(1, 1, 4, &m);
    assert_true(r.hit); /* 2 + 3 = 5 > 4, but a natural 2 hits */
    assert_false(r.turret);
    m.count = 0;
    lnlt_mods_add(&m, -6, "test", "14.1");
    r = lnlt_oft_to_hit(6, 6, 8, &m);
    assert_false(r.hit); /* 12 - 6 = 6 <= 8, but a natural 12 misses */
    r = lnlt_oft_to_hit(3, 3, 8, NULL);
    assert_true(r.hit);
    assert_true(r.turret);
    r = lnlt_oft_to_hit(3, 4, 8, NULL);
    assert_true(r.hit);
    assert_false(r.turret);
    m.count = 0;
    lnlt_mods_add(&m, 1, "test", "14.1");
    r = lnlt_oft_to_hit(4, 4, 8, &m); /* 8 + 1 = 9 misses */
    assert_false(r.hit);
    assert_false(r.turret);
}

/* T4: the OFT modifiers, each with its value. */
static void rule_14_1_oft_modifiers(void **state)
{
    (void)state;
    lnlt_oft_context c;
    memset(&c, 0, sizeof c);
    c.leader_lm = 1;
    c.buttoned = true;
    c.turret_rotated = true;
    c.degrading_hexes = 3; /* at most 2 count */
    c.vehicle_assault = true;
    c.target_moving = true;
    c.adjacent = true;
    c.target_tm = 2;
    c.acquisition = 2;
    lnlt_modifiers m;
    lnlt_oft_modifiers(&c, &m);
    assert_int_equal(lnlt_mods_total(&m), -1 + 1 + 1 + 2 + 2 + 1 - 2 + 2 - 2);
    /* 15.2.2: a modern vehicle's gun takes +1 for an assault move, not +2 (EX-084) */
    c.mvam = true;
    lnlt_oft_modifiers(&c, &m);
    assert_int_equal(lnlt_mods_total(&m), -1 + 1 + 1 + 2 + 1 + 1 - 2 + 2 - 2);
    /* 15.6: the speed +2 includes the moving +1 */
    memset(&c, 0, sizeof c);
    c.target_moving = true;
    c.target_speed = true;
    lnlt_oft_modifiers(&c, &m);
    assert_int_equal(lnlt_mods_total(&m), 2);
}

/* EX-079: an M4A1 hits two squads in a Clear hex 5 hexes away on a 7 (to-hit 8);
 * HE 3: 4 + 3 = 7 against 3, a Damage Check 4 each. */
static void EX_079_he_against_squads(void **state)
{
    (void)state;
    int col = lnlt_oft_column(sherman, 5);
    assert_int_equal(sherman[col].to_hit, 8);
    lnlt_oft_roll r = lnlt_oft_to_hit(3, 4, sherman[col].to_hit, NULL);
    assert_true(r.hit);
    lnlt_he_attack a = lnlt_he_vs_infantry(4, 3, false, false, 3);
    assert_int_equal(a.attack, 7);
    assert_int_equal(a.dc, 4);
    /* 14.2.1: HEAT loses 1 HE against infantry in the open, not in a building */
    assert_int_equal(lnlt_he_vs_infantry(4, 3, true, false, 3).dc, 3);
    assert_int_equal(lnlt_he_vs_infantry(4, 3, true, true, 3).dc, 4);
    /* no effect when the attack does not beat the defence */
    assert_int_equal(lnlt_he_vs_infantry(1, 2, false, false, 3).dc, 0);
}

/* EX-080: MPV 4 against MAV 10 takes 6 off the vehicle's MC. */
static void EX_080_non_penetration_mc(void **state)
{
    (void)state;
    lnlt_penetration p = lnlt_penetrate(2, 2, 4, 6, false); /* 4 vs 10 */
    assert_int_equal(p.mpv, 4);
    assert_int_equal(p.mav, 10);
    assert_int_equal(p.result, LNLT_PEN_LESS);
    lnlt_nonpen_check c = lnlt_nonpen_mc(5, 6, 6, &p);
    assert_int_equal(lnlt_mods_total(&c.mods), -6);
    assert_int_equal(c.roll, 5);
    assert_true(c.pass);
    assert_int_equal(c.effect, LNLT_NONPEN_NONE);
    /* a natural 12 shakes it whatever the modifier */
    c = lnlt_nonpen_mc(6, 6, 6, &p);
    assert_false(c.pass);
    assert_int_equal(c.effect, LNLT_NONPEN_SHAKEN);
    /* MPV equal to MAV: passing shakes, failing abandons */
    p = lnlt_penetrate(3, 4, 5, 2, false);
    assert_int_equal(p.result, LNLT_PEN_EQUAL);
    assert_int_equal(lnlt_nonpen_mc(3, 3, 6, &p).effect, LNLT_NONPEN_SHAKEN);
    assert_int_equal(lnlt_nonpen_mc(4, 3, 6, &p).effect, LNLT_NONPEN_ABANDONED);
}

/* 14.1: duds and catastrophic hits by the natural dice; MPV above MAV destroys. */
static void rule_14_1_penetration(void **state)
{
    (void)state;
    assert_int_equal(lnlt_penetrate(1, 20, 6, 0, false).result, LNLT_PEN_DUD);
    assert_int_equal(lnlt_penetrate(6, 0, 1, 20, false).result, LNLT_PEN_CATASTROPHIC);
    assert_int_equal(lnlt_penetrate(4, 4, 3, 4, false).result, LNLT_PEN_DESTROYED);
}

/* EX-081: the RPG-16 (HEAT, PV 9) on the Bradley's red side hull (AF 2): 1d6 + 5
 * against 1d6 + 2. */
static void EX_081_heat_against_red_armor(void **state)
{
    (void)state;
    lnlt_penetration p = lnlt_penetrate(3, 9, 3, 2, true);
    assert_int_equal(p.pv, 5);
    assert_int_equal(p.mpv, 3 + 5);
    assert_int_equal(p.mav, 3 + 2);
}

/* EX-082: the BMP-1's depletion number 5: a coloured die of 4 or less expends it. */
static void EX_082_atgm_depletion(void **state)
{
    (void)state;
    for (int d = 1; d <= 4; d++)
        assert_true(lnlt_atgm_depleted(d, 5));
    assert_false(lnlt_atgm_depleted(5, 5));
    assert_false(lnlt_atgm_depleted(6, 5));
}

/* EX-083: reversing into a Clear hex costs 2 MP; moving forward 1; a side hex not at
 * all. */
static void EX_083_reverse_costs_double(void **state)
{
    (void)state;
    bool rev;
    int clear2 = 2; /* Clear, T column: 1 MP */
    /* facing corner 0 (between N and NE): forward N or NE, reverse S or SW */
    assert_int_equal(lnlt_vehicle_step_cost2(0, LNLT_DIR_N, clear2, &rev), 2);
    assert_false(rev);
    assert_int_equal(lnlt_vehicle_step_cost2(0, LNLT_DIR_NE, clear2, &rev), 2);
    assert_int_equal(lnlt_vehicle_step_cost2(0, LNLT_DIR_S, clear2, &rev), 4);
    assert_true(rev);
    assert_int_equal(lnlt_vehicle_step_cost2(0, LNLT_DIR_SW, clear2, &rev), 4);
    assert_int_equal(lnlt_vehicle_step_cost2(0, LNLT_DIR_SE, clear2, &rev), -1);
    assert_int_equal(lnlt_vehicle_step_cost2(0, LNLT_DIR_NW, clear2, &rev), -1);
    /* 15.1: one MP per corner pivoted; 1.7.1: a gun team two corners per MP */
    assert_int_equal(lnlt_pivot_cost2(0, 1, false), 2);
    assert_int_equal(lnlt_pivot_cost2(0, 3, false), 6);
    assert_int_equal(lnlt_pivot_cost2(0, 5, false), 2);
    assert_int_equal(lnlt_pivot_cost2(0, 2, true), 2);
    assert_int_equal(lnlt_pivot_cost2(0, 3, true), 4);
}

/* EX-084: the Scorpion (MF 20) fires with +1 (MVAM) and MGs at -2, spending half its
 * MF (10); a shaken vehicle's MF halves rounding down (15.0). */
static void EX_084_mvam_allowance(void **state)
{
    (void)state;
    assert_int_equal(lnlt_vehicle_mp2(20, false, true), 20); /* 10 MP */
    assert_int_equal(lnlt_vehicle_mp2(20, false, false), 40);
    assert_int_equal(lnlt_vehicle_mp2(11, true, false), 10); /* 5.5 -> 5 */
    assert_int_equal(lnlt_vehicle_mp2(11, false, true), 12); /* 5.5 -> 6 */
    lnlt_oft_context c;
    memset(&c, 0, sizeof c);
    c.vehicle_assault = true;
    c.mvam = true;
    lnlt_modifiers m;
    lnlt_oft_modifiers(&c, &m);
    assert_int_equal(lnlt_mods_total(&m), 1);
}

/* EX-087: a 2-6-4 close-assaults a tank whose lowest AF is 0: 1d6 + 2 against 1d6. */
static void EX_087_close_assault(void **state)
{
    (void)state;
    lnlt_close_assault c = lnlt_close_assault_roll(3, 2, 0, 0, 4, 0);
    assert_int_equal(c.attack, 5);
    assert_int_equal(c.defence, 4);
    assert_true(c.destroyed);
    c = lnlt_close_assault_roll(2, 2, 0, 0, 4, 0);
    assert_false(c.destroyed); /* equal: the vehicle survives */
    /* a satchel (6) and a leader's LM (1) add to the roll */
    c = lnlt_close_assault_roll(1, 1, 1, 6, 6, 3);
    assert_int_equal(c.attack, 9);
    assert_int_equal(c.defence, 9);
}

/* EX-I08: an HE of 2 x 2 adds 4 to the overrun's FP (15.3), with the MGs, the armor
 * leader and +2. */
static void EX_I08_overrun_fp(void **state)
{
    (void)state;
    lnlt_overrun_input in = {2, 2, 0, 0};
    assert_int_equal(lnlt_overrun_fp(&in, NULL), 4 + 2);
    lnlt_overrun_input sherman_in = {3, 1, 8, 1}; /* M4A1 open: 4 + 4* MGs, Darius 7-1 */
    lnlt_modifiers m = {0};
    assert_int_equal(lnlt_overrun_fp(&sherman_in, &m), 3 + 8 + 1 + 2);
    assert_int_equal(m.count, 4);
}

/* EX-I13: a 2xPP vehicle holds four SMCs; 16.1 capacity by units of P. EX-I15: an
 * FP-2 MG reaches 10 hexes, FP 4 14. */
static void EX_I13_capacity_and_EX_I15_mg_range(void **state)
{
    (void)state;
    assert_true(lnlt_passengers_fit(4, 2, 4, 4));
    assert_false(lnlt_passengers_fit(2, 2, 2, 3));
    assert_true(lnlt_passengers_fit(1, 1, 1, 1)); /* P: a half-squad, a weapon, an SMC */
    assert_false(lnlt_passengers_fit(1, 2, 0, 0)); /* a squad does not fit a P */
    assert_int_equal(lnlt_vehicle_mg_range(2), 10);
    assert_int_equal(lnlt_vehicle_mg_range(4), 14);
    /* EX-086: a 1-6-4 (MF 4) pays 2 MP to unload, the tank (MF 10) 5 */
    assert_int_equal(lnlt_mount_cost(4), 2);
    assert_int_equal(lnlt_mount_cost(10), 5);
}

/* 21.4.1 and T15: mines against a vehicle meet half its lowest hull AF, rounded up. */
static void rule_21_4_1_mines_vs_vehicles(void **state)
{
    (void)state;
    assert_int_equal(lnlt_mine_defence(3, 2), 4);
    assert_int_equal(lnlt_mine_defence(3, 3), 5);
    assert_int_equal(lnlt_mine_defence(3, 0), 3);
    assert_int_equal(lnlt_mines_vs_vehicle(1), LNLT_MINE_NONE);
    assert_int_equal(lnlt_mines_vs_vehicle(3), LNLT_MINE_SHAKEN);
    assert_int_equal(lnlt_mines_vs_vehicle(4), LNLT_MINE_IMMOBILIZED);
    assert_int_equal(lnlt_mines_vs_vehicle(6), LNLT_MINE_DESTROYED);
}

/* 15.1.2 rubbling; 15.4 and 16.1.1 crews and bailouts; 15.10 hull down; 18.2 drift. */
static void rule_15_misc(void **state)
{
    (void)state;
    assert_true(lnlt_may_rubble(LNLT_MC_TRACKED, 4, false));
    assert_false(lnlt_may_rubble(LNLT_MC_TRACKED, 3, false));
    assert_false(lnlt_may_rubble(LNLT_MC_ROAD, 5, false));
    assert_true(lnlt_may_rubble(LNLT_MC_OFF_ROAD, 2, true));
    assert_true(lnlt_rubble_abandons(3, 3, 5, false));
    assert_false(lnlt_rubble_abandons(2, 3, 5, false));
    assert_true(lnlt_rubble_abandons(6, 6, 20, false));
    assert_false(lnlt_rubble_abandons(3, 3, 5, true)); /* huts: 2d6 - 2 */
    assert_true(lnlt_crew_survives_ordnance(1));
    assert_false(lnlt_crew_survives_ordnance(2));
    assert_true(lnlt_bailout_survives(4));
    assert_false(lnlt_bailout_survives(3));
    lnlt_hull_down h = lnlt_hull_down_attempt(2, false, 0, true);
    assert_false(h.success); /* 2 + 1 > 2 */
    h = lnlt_hull_down_attempt(3, false, 1, false);
    assert_true(h.success);
    assert_true(lnlt_hull_down_attempt(3, true, 0, false).success);
    assert_int_equal(lnlt_oba_drift(5, 1, 1), 3);
    assert_int_equal(lnlt_oba_drift(1, 0, 2), 0);
}

/* 15.1: the narrative's facings name the corners; 14.1 covered arcs contain the
 * targets the narrative's guns fire at (ruling R-VEH-01). */
static void rule_15_1_facing_and_arcs(void **state)
{
    (void)state;
    assert_int_equal(lnlt_corner_between(H("D5"), H("D6"), H("E5")), 2);
    assert_int_equal(lnlt_corner_between(H("G5"), H("F5"), H("G4")), 5);
    assert_int_equal(lnlt_corner_between(H("C6"), H("C5"), H("D6")), 0);
    assert_int_equal(lnlt_corner_between(H("E2"), H("E3"), H("F3")), 2);
    assert_int_equal(lnlt_corner_between(H("D5"), H("D6"), H("F6")), -1);
    int d1, d2;
    lnlt_corner_dirs(2, &d1, &d2);
    assert_int_equal(d1, LNLT_DIR_SE);
    assert_int_equal(d2, LNLT_DIR_S);
    /* Pz IV D5 facing D6/E5 sees H7 (on the E5 line); Sherman H7 facing G6/H6 sees D5 */
    assert_true(lnlt_in_covered_arc(H("D5"), 2, H("H7")));
    assert_true(lnlt_in_covered_arc(H("H7"), 5, H("D5")));
    /* the Pz IV in I3 facing H4/I4 sees the Sherman in G5 */
    assert_true(lnlt_in_covered_arc(H("I3"), 3, H("G5")));
    /* the gun in E2 facing E3/F3 sees G5 */
    assert_true(lnlt_in_covered_arc(H("E2"), 2, H("G5")));
    /* a 60-degree arc: the side hexes are outside */
    assert_false(lnlt_in_covered_arc(H("D5"), 2, H("E4")));
    assert_false(lnlt_in_covered_arc(H("D5"), 2, H("C5")));
    assert_true(lnlt_in_covered_arc(H("D5"), 2, H("D8")));
    assert_true(lnlt_in_rear_arc(H("D5"), 2, H("D3")));
    /* the turret turns the shortest way */
    assert_int_equal(lnlt_corner_toward(H("D5"), 2, H("E4")), 1);
    assert_int_equal(lnlt_corner_turns(2, 5), 3);
    assert_int_equal(lnlt_corner_turns(0, 5), 1);
    /* 21.1: the H4 bunker's front faces H5: H5, G4, I4 and the wedge beyond */
    assert_true(lnlt_in_bunker_arc(H("H4"), LNLT_DIR_S, H("H5")));
    assert_true(lnlt_in_bunker_arc(H("H4"), LNLT_DIR_S, H("G4")));
    assert_true(lnlt_in_bunker_arc(H("H4"), LNLT_DIR_S, H("I4")));
    assert_true(lnlt_in_bunker_arc(H("H4"), LNLT_DIR_S, H("H8")));
    assert_false(lnlt_in_bunker_arc(H("H4"), LNLT_DIR_S, H("H3")));
    assert_false(lnlt_in_bunker_arc(H("H4"), LNLT_DIR_S, H("G3")));
}

/* 14.1.3: which face a shot strikes (ruling R-VEH-02); a line along a boundary gives
 * the firer the weaker face. */
static void rule_14_1_3_angle_of_impact(void **state)
{
    (void)state;
    unsigned front = 1u << LNLT_FACE_FRONT, flank = 1u << LNLT_FACE_FLANK, rear = 1u << LNLT_FACE_REAR;
    /* Sherman G5 facing F5/G4: the gun in E2 fires straight down the facing corner */
    assert_int_equal(lnlt_impact_faces(H("G5"), 5, H("E2")), front);
    /* the adjacent hexes of a vehicle facing corner 0: N and NE front, SE and NW flanks, S and SW rear */
    lnlt_hex c = H("H5");
    assert_int_equal(lnlt_impact_faces(c, 0, lnlt_hex_neighbor(c, LNLT_DIR_N)), front);
    assert_int_equal(lnlt_impact_faces(c, 0, lnlt_hex_neighbor(c, LNLT_DIR_NE)), front);
    assert_int_equal(lnlt_impact_faces(c, 0, lnlt_hex_neighbor(c, LNLT_DIR_SE)), flank);
    assert_int_equal(lnlt_impact_faces(c, 0, lnlt_hex_neighbor(c, LNLT_DIR_NW)), flank);
    assert_int_equal(lnlt_impact_faces(c, 0, lnlt_hex_neighbor(c, LNLT_DIR_S)), rear);
    assert_int_equal(lnlt_impact_faces(c, 0, lnlt_hex_neighbor(c, LNLT_DIR_SW)), rear);
    /* along the front/flank boundary (through corner 1, the east corner): both */
    assert_int_equal(lnlt_impact_faces(H("H5"), 0, H("L5")), front | flank);
    int8_t armor[3] = {5, 3, 2};
    assert_int_equal(lnlt_weakest_face(armor, front | flank), LNLT_FACE_FLANK);
    int8_t star[3] = {1, 0, LNLT_NONE};
    assert_int_equal(lnlt_weakest_face(star, flank | rear), LNLT_FACE_REAR);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(EX_077_range_columns),
        cmocka_unit_test(rule_14_1_hit_and_turret),
        cmocka_unit_test(rule_14_1_oft_modifiers),
        cmocka_unit_test(EX_079_he_against_squads),
        cmocka_unit_test(EX_080_non_penetration_mc),
        cmocka_unit_test(rule_14_1_penetration),
        cmocka_unit_test(EX_081_heat_against_red_armor),
        cmocka_unit_test(EX_082_atgm_depletion),
        cmocka_unit_test(EX_083_reverse_costs_double),
        cmocka_unit_test(EX_084_mvam_allowance),
        cmocka_unit_test(EX_087_close_assault),
        cmocka_unit_test(EX_I08_overrun_fp),
        cmocka_unit_test(EX_I13_capacity_and_EX_I15_mg_range),
        cmocka_unit_test(rule_21_4_1_mines_vs_vehicles),
        cmocka_unit_test(rule_15_misc),
        cmocka_unit_test(rule_15_1_facing_and_arcs),
        cmocka_unit_test(rule_14_1_3_angle_of_impact),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
