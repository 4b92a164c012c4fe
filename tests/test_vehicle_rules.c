/*
 * test_vehicle_rules.c: rules of 14.0-17.0 and 21.x that no worked example of the
 * book covers, through the engine on Map 14 with forced dice (turrets and hull
 * guns, acquisition, overruns, assaults on vehicles, shaken vehicles, continuous
 * movement, hull down, vehicle assault fire, wire, mines, bunkers, off-board
 * artillery), and the interpreted examples of the digest (EX-I07 wire, EX-I08
 * overrun, EX-I15 vehicle MG ranges), each asserting the rule's numbers in the
 * engine's log and state. The ATGM rules of 14.4 are in test_vehicle_atgm.c,
 * getting on and off vehicles (16.x) in test_vehicle_passengers.c.
 */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <string.h>
#include <cmocka.h>

#include <jansson.h>

#include "lnlt/view.h"
#include "rules/internal.h"
#include "support/board.h"
#include "support/vehicle_board.h"

#define US LNLT_SIDE_1
#define DE LNLT_SIDE_2

/* EX-I08 (15.3): an HE-equivalent of 2x2 adds 4 to an overrun; with the MG's 2
 * and the overrun's +2, 1d6 + 8 against 1d6 + TM. */
static void EX_I08_overrun_he_times_shots(void **state)
{
    (void)state;
    int brad = board_add("us_m2_bradley", US, "E3");
    vboard_face(brad, "F3", "F4");
    board_add("de_squad_164", DE, "F4");
    board_to_operations();
    board_play("activate E3", "");
    vboard_play_f("", "drive E3 #%d", brad);
    /* 3 + 8 = 11 against 6 + 0: a damage check of 5 (die 2: 7 vs 5, shaken), then
     * the survivors may close-assault the Bradley (15.3): they decline */
    board_play("overrun F4", "3,6,2");
    board_expect_log("overruns F4 from E3 (5 MP)"); /* 1 MP to enter and 4 more */
    board_expect_log("overrun on F4: 1d6 3 + FP 8 (HE 2x2 4 + MG 2 + overrun 2) = 11 vs 1d6 6 + TM 0 = 6 -> damage checks");
}

/* EX-I15 (15.0): a vehicle MG of FP 2 reaches 10 hexes, one of FP 4, 14. */
static void EX_I15_vehicle_mg_ranges(void **state)
{
    (void)state;
    int jeep = board_add("us_jeep", US, "A5");    /* MG FP 2, all round */
    int sherman = board_add("us_m4a1", US, "A5"); /* MGs of FP 4 */
    vboard_face(sherman, "B5", "B6");
    board_add("de_squad_164", DE, "K5"); /* 10 hexes */
    board_add("de_squad_164", DE, "L5"); /* 11 */
    board_to_operations();
    board_play("activate A5", "");
    assert_true(vboard_legal_f("mg A5 K5 #%d", jeep));
    assert_false(vboard_legal_f("mg A5 L5 #%d", jeep));
    assert_true(vboard_legal_f("mg A5 L5 #%d", sherman)); /* (on Map 14 no line of 14 hexes is open) */
}

/* EX-I07 (21.3): wire in Light Woods costs 4 MP, and in Clear 4 MP as well: the
 * whole cost, not added to the terrain's. */
static void EX_I07_wire_costs_four(void **state)
{
    (void)state;
    lnlt_error err;
    assert_true(lnlt_state_add_fort(&T.ctx, &T.st, "wire", "F5", &err) >= 0); /* Light Woods */
    assert_true(lnlt_state_add_fort(&T.ctx, &T.st, "wire", "G4", &err) >= 0); /* Clear */
    board_add("us_abn_squad_254", US, "F4");
    board_add("us_abn_squad_254", US, "G3");
    board_add("de_squad_164", DE, "O8");
    board_to_operations();
    board_play("activate F4", "");
    board_play("move F4", "");
    board_play("step F5", "");
    board_expect_log("enters F5 (4 MP; 0 MP left)");
    board_play("done", "");
    board_play("pass", "");
    board_play("activate G3", "");
    board_play("move G3", "");
    board_play("step G4", "");
    board_expect_log("enters G4 (4 MP; 0 MP left)");
}

/* 21.3.1: a tracked vehicle leaving a Wire hex tears the Wire down. The other
 * fortifications keep their order and stay packed at the front of the table, so
 * the position can still be written and loads back the same (a gap used to make
 * the mid-game writer refuse it: "fortification slot 3 cannot be written"). */
static void rule_21_3_1_torn_wire_leaves_no_gap(void **state)
{
    (void)state;
    lnlt_error err = {0};
    assert_int_equal(lnlt_state_add_fort(&T.ctx, &T.st, "foxholes", "B2", &err), 0);
    assert_int_equal(lnlt_state_add_fort(&T.ctx, &T.st, "wire", "G4", &err), 1);
    assert_int_equal(lnlt_state_add_fort(&T.ctx, &T.st, "foxholes", "C2", &err), 2);
    lnlt_step s = {.ctx = &T.ctx, .st = &T.st, .err = &err};
    rules_wire_on_leave(&s, board_cell("G4"));
    assert_int_equal(T.st.fort[0].kind, LNLT_FORT_FOXHOLES);
    assert_int_equal(T.st.fort[0].cell, board_cell("B2"));
    assert_int_equal(T.st.fort[1].kind, LNLT_FORT_FOXHOLES);
    assert_int_equal(T.st.fort[1].cell, board_cell("C2"));
    assert_int_equal(T.st.fort[2].kind, LNLT_FORT_NONE);
    rules_wire_on_leave(&s, board_cell("B2")); /* no Wire there: nothing changes */
    assert_int_equal(T.st.fort[0].kind, LNLT_FORT_FOXHOLES);
    assert_int_equal(T.st.fort[1].kind, LNLT_FORT_FOXHOLES);
}

/* EX-023 (6.5 Movement Example 4) through the engine: a squad and a tank moving
 * together into Light Woods spend 2 and 4 MP. */
static void EX_023_coordinated_move(void **state)
{
    (void)state;
    int sherman = board_add("us_m4a1", US, "E4");
    vboard_face(sherman, "F4", "F5");
    int squad = board_add("us_abn_squad_254", US, "E4");
    board_to_operations();
    board_play("activate E4", "");
    vboard_play_f("", "drive E4 #%d #%d", squad, sherman);
    vboard_step("F5");
    assert_int_equal(T.st.unit[squad].mp2, 4);
    assert_int_equal(T.st.unit[sherman].mp2, 8);
    assert_int_equal(T.st.unit[squad].cell, board_cell("F5"));
}

/* 15.1.1, ruling R-VEH-01: a turret turns to a target outside its arc for +1; a
 * buttoned vehicle fires at +1 more (15.0.1); the hull keeps its facing. */
static void rule_15_1_1_turret_turns_plus_one(void **state)
{
    (void)state;
    int sherman = board_add("us_m4a1", US, "E3");
    vboard_face(sherman, "F3", "F4"); /* east */
    lnlt_error err;
    assert_true(lnlt_state_set_buttoned(&T.ctx, &T.st, sherman, true, &err));
    board_add("de_squad_164", DE, "E7"); /* due south */
    board_to_operations();
    board_play("activate E3", "");
    vboard_play_f("6,6", "shoot E3 E7 #%d", sherman);
    board_expect_log("turns its turret 1 corner to bring the gun to bear");
    board_expect_log("buttoned +1");
    board_expect_log("turret turned to the target +1");
    const lnlt_vehicle *v = &T.st.vehicle[0];
    assert_int_equal(v->facing, 1);
    assert_int_equal(v->turret, 2);
}

/* 15.1, ruling R-VEH-01: a hull gun out of its arc pivots the vehicle (+1). */
static void rule_15_1_hull_gun_pivots(void **state)
{
    (void)state;
    int grant = board_add("gb_grant", US, "E3");
    vboard_face(grant, "F3", "F4"); /* east */
    board_add("de_squad_164", DE, "E7");
    board_to_operations();
    board_play("activate E3", "");
    assert_false(vboard_legal_f("shoot E3 E7 g1 #%d", grant)); /* the 75 mm is in the hull */
    vboard_play_f("", "pivot E3 F4/E4 #%d", grant);               /* 1 MP: open to opportunity fire */
    board_expect_log("pivots 1 corner");
    board_play("no-fire", "");
    board_play("stop", "");
    vboard_play_f("6,6", "shoot E3 E7 g1 #%d", grant);
    board_expect_log("pivoted to fire +1");
    assert_int_equal(T.st.vehicle[0].facing, 2);
}

/* 14.3: a miss leaves an Acquisition marker at the end of the impulse: -1 on
 * the next shot in the firer's next impulse, -2 after a second miss; the marker
 * goes when the target moves. */
static void rule_14_3_acquisition(void **state)
{
    (void)state;
    int sherman = board_add("us_m4a1", US, "E3");
    vboard_face(sherman, "F3", "F4");
    board_add("de_squad_164", DE, "J3");
    board_add("de_squad_164", DE, "O8");
    board_to_operations();
    for (int turn = 0; turn < 3; turn++) {
        board_play("activate E3", "");
        vboard_play_f("6,6", "shoot E3 J3 #%d", sherman);
        if (turn == 1)
            board_expect_log("acquired target -1");
        if (turn == 2)
            board_expect_log("acquired target -2");
        board_play("done", "");
        if (turn == 2)
            break;
        /* the Germans pass, and so does everyone: the next turn */
        while (T.st.phase != LNLT_PHASE_RALLY)
            board_play_loose("pass", "5,2");
        board_to_operations();
    }
    assert_int_equal(T.st.acq[0].firer, sherman);
    assert_int_equal(T.st.acq[0].level, 2);
    /* the target moves away: the marker goes */
    board_play("activate J3", "");
    board_play("move J3", "");
    vboard_step("J4");
    board_play("stop", "");
    board_play("done", ""); /* the impulse ends */
    assert_int_equal(T.st.acq[0].firer, -1);
}

/* 17.2: small arms at an open armoured vehicle: 1d6 + FP against 1d6 + TM +
 * lowest AF; greater, the vehicle takes a damage check on the armored column. */
static void rule_17_2_small_arms_at_an_open_vehicle(void **state)
{
    (void)state;
    int pz = board_add("de_pz4h", DE, "G4");
    vboard_face(pz, "H4", "H5");
    board_add("us_abn_squad_254", US, "G2");
    board_to_operations();
    board_play("activate G2", "");
    /* 6 + 2 = 8 against 1 + AF 2 = 3: a damage check of 5; 6 + 5 = 11 vs 6: shaken */
    vboard_play_f("6,1,6", "fire-at G2 G4 v%d", pz);
    board_expect_log("at #0 Pz IV H in G4: 8 vs 1d6 1 + TM 0 + AF 2 = 3 -> damage check");
    board_expect_log("(armored column) -> Shaken");
    assert_int_equal(T.st.unit[pz].status, LNLT_SHAKEN);
    assert_true(T.st.vehicle[0].flags & LNLT_VEH_BUTTONED); /* 15.0: a shaken vehicle buttons up */
}

/* 17.1: a close assault the vehicle survives sends the assaulters back to their
 * hex under a Moved marker. */
static void rule_17_1_assaulters_go_back(void **state)
{
    (void)state;
    int squad = board_add("us_abn_squad_254", US, "G2");
    int pz = board_add("de_pz4h", DE, "G3");
    vboard_face(pz, "G4", "H4");
    board_to_operations();
    board_play("activate G2", "");
    vboard_play_f("2,2,1,6", "close-assault G2 G3 v%d", pz);
    board_expect_log("1d6 1 + IFP 2 = 3 vs 1d6 6 + lowest AF 2 = 8 -> it survives");
    assert_int_equal(T.st.unit[squad].cell, board_cell("G2"));
    assert_true(T.st.unit[squad].marks & LNLT_MARK_MOVED);
}

/* 15.3: a vehicle that stays in the hex it overran sends the enemy there to an
 * adjacent hex under Moved markers. */
static void rule_15_3_overrun_then_stay(void **state)
{
    (void)state;
    int sherman = board_add("us_m4a1", US, "E3");
    vboard_face(sherman, "F3", "F4");
    int squad = board_add("de_squad_164", DE, "F4");
    board_to_operations();
    board_play("activate E3", "");
    vboard_play_f("", "drive E3 #%d", sherman);
    board_play("overrun F4", "1,6,1,6"); /* DC 1 + 8 = 9 vs 5: shaken; the hero die 6 */
    board_expect_log("overrun on F4: 1d6 1 + FP 13 (HE 3 + MG 8 + overrun 2) = 14 vs 1d6 6 + TM 0 = 6 -> damage checks");
    assert_int_equal(T.st.unit[squad].status, LNLT_SHAKEN);
    board_play("stop", ""); /* it stays: the squad must go, to a hex of its owner's choice */
    vboard_play_f("", "retreat G4 #%d", squad);
    assert_int_equal(T.st.unit[squad].cell, board_cell("G4"));
    assert_true(T.st.unit[squad].marks & LNLT_MARK_MOVED);
}

/* 21.4.1: mines attack a vehicle that enters their hex: 1d6 + FP against 1d6 +
 * half its lowest hull AF; the mine winning, the Mines-vs-Vehicles table. */
static void rule_21_4_1_mines_against_a_vehicle(void **state)
{
    (void)state;
    lnlt_error err;
    assert_true(lnlt_state_add_fort_value(&T.ctx, &T.st, "mines", "F4", DE, 4, &err) >= 0);
    int sherman = board_add("us_m4a1", US, "E3");
    vboard_face(sherman, "F3", "F4");
    board_add("de_squad_164", DE, "O8");
    board_to_operations();
    board_play("activate E3", "");
    vboard_play_f("", "drive E3 #%d", sherman);
    board_play("step F4", "6,1,3");
    board_expect_log("mines against #0 M4A1 Sherman: 1d6 6 + FP 4 = 10 vs 1d6 1 + half of AF 2 = 2 -> roll on the table");
    board_expect_log("Mines vs Vehicles table: 1d6 3 -> shaken");
    assert_int_equal(T.st.unit[sherman].status, LNLT_SHAKEN);
}

/* 15.0, 3.0: a shaken vehicle moves at half its MF rounded down and does not
 * fire; it self-rallies, its armor leader's morale in place of its own, -2 in a
 * hex with a positive TM. */
static void rule_15_0_shaken_vehicle(void **state)
{
    (void)state;
    int sherman = board_add("us_m4a1", US, "F5"); /* Light Woods: +1 */
    vboard_face(sherman, "G4", "G5");
    T.st.unit[sherman].status = LNLT_SHAKEN;
    board_add("de_squad_164", DE, "J5");
    board_play("rally F5", "3,3");
    board_expect_log("2d6 3+3 = 6, positive TM hex -2 = 4 vs morale 6 -> rallied");
    assert_int_equal(T.st.unit[sherman].status, LNLT_GOOD_ORDER);
}

/* 15.5: a vehicle that moved keeps its Moved marker through the administrative
 * phase when declared continuous, and must leave its hex in the next turn. */
static void rule_15_5_continuous_movement(void **state)
{
    (void)state;
    int sherman = board_add("us_m4a1", US, "E3");
    vboard_face(sherman, "F3", "F4");
    board_add("de_squad_164", DE, "O8");
    board_to_operations();
    board_play("activate E3", "");
    vboard_play_f("", "drive E3 #%d", sherman);
    vboard_step("F3");
    board_play("stop", "");
    board_play("done", "");
    while (lnlt_decision_get(&T.ctx, &T.st).kind != LNLT_DECIDE_CONTINUOUS)
        board_play("pass", "");
    vboard_play_f("", "continuous #%d", sherman);
    board_expect_log("keeps moving into the next turn");
    board_play("end-continuous", "5,2"); /* the next turn's initiative: US 5, German 2 */
    assert_true(T.st.unit[sherman].marks & LNLT_MARK_MOVED); /* its Moved marker stays */
    board_to_operations();
    board_play("activate F3", "");
    /* it must move on: no firing where it stands, no staying */
    assert_false(vboard_legal_f("shoot F3 O8 #%d", sherman));
    vboard_play_f("", "drive F3 #%d", sherman);
    assert_false(board_legal("stop")); /* a pivot or a stop does not do: it leaves its hex */
    vboard_step("G3");
    board_play("stop", "");
}

/* 15.10 (optional): a vehicle goes hull down for its hex's cost + 1 MP on 1-2
 * (WWII), +1 in a hex that is not degrading; then a hull hit through its front
 * arc does nothing. */
static void rule_15_10_hull_down(void **state)
{
    (void)state;
    T.ctx.options = LNLT_OPT_HULL_DOWN;
    int sherman = board_add("us_m4a1", US, "F4");
    vboard_face(sherman, "G3", "G4");
    board_add("de_squad_164", DE, "O8");
    board_to_operations();
    board_play("activate F4", "");
    vboard_play_f("", "drive F4 #%d", sherman);
    vboard_step("G4");
    assert_true(board_legal("hull-down"));
    board_play("hull-down", "1");
    board_expect_log("hull down: 1d6 1 +1 = 2 vs 2 -> hull down"); /* +1: G4 is neither degrading nor blocking */
    assert_true(T.st.vehicle[0].flags & LNLT_VEH_HULL_DOWN);
    assert_true(T.st.unit[sherman].marks & LNLT_MARK_MOVED); /* its impulse ends, Moved */
}

/* 17.1 c, 6.4 c: a stack may stealth-move up to a vehicle from a hex that is
 * not next to it and close-assault it in the same move; stealth assault move
 * (6.4.1) may not. */
static void rule_17_1_c_stealth_approach_from_a_non_adjacent_hex(void **state)
{
    (void)state;
    int squad = board_add("test_stealth_squad", US, "E3");
    int ht = board_add("de_sdkfz251", DE, "G3");
    vboard_face(ht, "G4", "H4");
    board_to_operations();
    board_play("activate E3", "");
    lnlt_state before = T.st;
    board_play("stealth-assault E3", ""); /* 6.4.1: not into a close assault */
    vboard_step("F3");
    assert_false(vboard_legal_f("close-assault F3 G3 v%d", ht));
    T.st = before;
    board_play("stealth E3", "");
    vboard_step("F3");
    assert_true(vboard_legal_f("close-assault F3 G3 v%d", ht));
    /* the pre-assault check 2 + 3 = 5 vs 7 passes; 6 + 2 = 8 vs 1 + 0 destroys it */
    vboard_play_f("2,3,6,1", "close-assault F3 G3 v%d", ht);
    board_expect_log("-> destroyed");
    assert_int_equal(T.st.unit[squad].cell, board_cell("G3"));
}

/* 17.1 d, 1.6.8: a captured anti-tank weapon that fails to destroy the vehicle in a
 * close assault is removed from play; a failed weapon of one's own is kept. */
static void rule_17_1_d_captured_weapon_that_fails_is_removed(void **state)
{
    (void)state;
    int squad = board_add("us_abn_squad_254", US, "F3");
    int pf = board_add_sw("panzerfaust_30", squad, "F3");
    T.st.sw[pf].flags |= LNLT_SW_CAPTURED;
    int ht = board_add("de_pz4h", DE, "G3");
    vboard_face(ht, "G4", "H4");
    board_to_operations();
    board_play("activate F3", "");
    /* the check passes; 1 + 2 + the weapon's HE against 6 + the lowest AF: it survives */
    vboard_play_f("2,3,1,6", "close-assault F3 G3 v%d", ht);
    board_expect_log("-> it survives");
    assert_true(T.st.sw[pf].holder < 0);
    assert_int_equal(T.st.sw[pf].cell, LNLT_CELL_ELIMINATED);
    board_expect_log("the Panzerfaust 30 is gone");
}

/* 14.1 g: an anti-aircraft weapon team (blue to-hit numbers) also fires at leg
 * units (with its HE) and at vehicles (with its PV). */
static void rule_14_1_g_aa_team_fires_at_ground_targets(void **state)
{
    (void)state;
    int flak = board_add("test_de_flak_team", DE, "E3");
    vboard_face(flak, "F3", "F4");
    board_add("us_abn_squad_254", US, "H3");
    int jeep = board_add("us_jeep", US, "I3");
    vboard_germans_first();
    board_to_operations();
    board_play("activate E3", "");
    assert_true(vboard_legal_f("shoot E3 H3 #%d", flak));
    assert_true(vboard_legal_f("shoot E3 I3 v%d #%d", jeep, flak));
    vboard_play_f("3,3,5,1,2", "shoot E3 H3 #%d", flak); /* 6 vs 8 hits; 5 + HE 2 = 7 vs 1: DC 6 */
    board_expect_log("HE on H3: 1d6 5 + HE 2 = 7 vs 1d6 1 -> damage checks");
}

/* 15.2.1: a vehicle's assault fire: declared first, fires at +2, then moves half
 * its MF; its hex of origin is spotted. */
static void rule_15_2_1_vehicle_assault_fire(void **state)
{
    (void)state;
    int sherman = board_add("us_m4a1", US, "E3");
    vboard_face(sherman, "F3", "F4");
    board_add("de_squad_164", DE, "J3");
    board_to_operations();
    board_play("activate E3", "");
    vboard_play_f("", "vehicle-af E3 #%d", sherman);
    vboard_play_f("6,6", "shoot E3 J3 #%d", sherman);
    board_expect_log("vehicle assault move or fire +2");
    vboard_play_f("", "drive E3 #%d", sherman);
    board_expect_log("with 5 MP");
    assert_true(rules_spot_marker(&T.st, DE, board_cell("E3"))); /* 15.2.1: its hex of origin is spotted */
}

/* 18.2: the OOB's artillery: a leader places a spotting round in sight; it drifts
 * (white + degrading - LM) / 2 towards the coloured die; he may shift it a hex and
 * fire for effect, or abort and keep the mission. One call per turn (18.3). */
static void rule_18_2_off_board_artillery(void **state)
{
    (void)state;
    board_add("us_lt_michael", US, "E3");
    board_add("de_squad_164", DE, "I3");
    T.st.oba_left[0] = 1;
    T.st.oba_fp[0] = 5;
    board_to_operations();
    /* white 3 + 0 degrading - LM 1 = 2, halved: 1 hex towards the coloured 2 (NE) */
    board_play("call-fire I3 #0", "3,2");
    board_expect_log("3 + 0 degrading - LM 1, halved: drifts 1 hex NE");
    board_expect_log("the round lands on J3");
    assert_true(board_legal("ffe I3")); /* shifted one hex back, in sight */
    board_play("abort", "");             /* aborted: the mission is kept, the caller is Ops Complete */
    assert_int_equal(T.st.oba_left[0], 1);
    assert_true(T.st.unit[0].marks & LNLT_MARK_OPS_COMPLETE);
    board_play("pass", "");
    assert_false(vboard_legal_f("call-fire I3 #0")); /* 18.3: one call a turn, aborted or not */
}

/* 21.1: a bunker is a place of its own in its hex: +2 TM inside; its units fire
 * only through its front arc. */
static void rule_21_1_bunker(void **state)
{
    (void)state;
    static lnlt_bunkers b;
    b.count = 1;
    b.b[0].cell = (int16_t)board_cell("H4");
    b.b[0].tm = 2;
    b.b[0].front = LNLT_DIR_S;
    T.ctx.bunkers = &b;
    board_add("de_squad_164", DE, "H4:bunker");
    board_add("us_abn_squad_254", US, "H7"); /* in front */
    board_add("us_abn_squad_254", US, "H2"); /* behind */
    vboard_germans_first();
    board_to_operations();
    board_play("activate H4:bunker", "");
    assert_true(board_legal("fire H4:bunker H7"));  /* through its front */
    assert_false(board_legal("fire H4:bunker H2")); /* not behind it */
    lnlt_modifiers m = {0};
    assert_int_equal(rules_hex_tm(&T.ctx, &T.st, board_cell("H4:bunker"), DE, &m), 0 + 2); /* Brush +0, the bunker +2 */
    /* 21.1.1: the LOS tool traces a bunker's line from its hex's ground, as fire
     * does: a clear verdict with no "no such location" reason beside it */
    lnlt_error err = {0};
    json_t *los = lnlt_los_state_json(&T.ctx, &T.st, "H4:bunker", "H7", &err);
    assert_non_null(los);
    assert_string_equal(json_string_value(json_object_get(los, "verdict")), "clear");
    assert_int_equal(json_array_size(json_object_get(los, "reasons")), 0);
    json_decref(los);
}

/* An action a program builds by hand (C API, not parsed from text) may name any
 * number: a vehicle fire, MG, fire-at or close assault whose target vehicle or
 * locations lie outside the game is refused with a reason and changes nothing
 * (it used to read past the unit table and crash `lnlt selfplay --check`). */
static void hostile_vehicle_action_arguments_are_refused(void **state)
{
    (void)state;
    int jeep = board_add("us_jeep", US, "A5");
    board_add("de_squad_164", DE, "K5");
    board_to_operations();
    board_play("activate A5", "");
    lnlt_action good;
    lnlt_error err = {0};
    char text[64];
    snprintf(text, sizeof text, "mg A5 K5 #%d", jeep);
    assert_true(lnlt_action_parse(&T.ctx, &T.st, text, &good, &err));
    static const int types[] = {LNLT_ACT_SHOOT, LNLT_ACT_OPSHOOT, LNLT_ACT_VMG,           LNLT_ACT_OPVMG,
                                LNLT_ACT_FIRE_AT, LNLT_ACT_OPFIRE_AT, LNLT_ACT_CLOSE_ASSAULT, LNLT_ACT_LOAD,
                                LNLT_ACT_UNLOAD, LNLT_ACT_OVERRUN};
    static const int16_t wild[][3] = {{-1, -1, 121}, {0, 0, 30000}, {-7, 3, 0}, {0, 30000, -1}, {0, 0, -5}};
    uint64_t before = lnlt_state_hash(&T.st);
    for (size_t t = 0; t < sizeof types / sizeof types[0]; t++)
        for (size_t w = 0; w < sizeof wild / sizeof wild[0]; w++) {
            lnlt_action a = good;
            a.type = (uint8_t)types[t];
            a.arg[0] = wild[w][0];
            a.arg[1] = wild[w][1];
            a.arg[2] = wild[w][2];
            lnlt_error e = {0};
            assert_false(lnlt_apply(&T.ctx, &T.st, &a, NULL, NULL, &e));
            assert_true(e.msg[0] != 0);
            assert_true(lnlt_state_hash(&T.st) == before);
        }
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test_setup_teardown(EX_I08_overrun_he_times_shots, vboard_setup_vehicle_rules, board_teardown),
        cmocka_unit_test_setup_teardown(hostile_vehicle_action_arguments_are_refused, vboard_setup_vehicle_rules,
                                        board_teardown),
        cmocka_unit_test_setup_teardown(EX_I15_vehicle_mg_ranges, vboard_setup_vehicle_rules, board_teardown),
        cmocka_unit_test_setup_teardown(EX_I07_wire_costs_four, vboard_setup_vehicle_rules, board_teardown),
        cmocka_unit_test_setup_teardown(rule_21_3_1_torn_wire_leaves_no_gap, vboard_setup_vehicle_rules,
                                        board_teardown),
        cmocka_unit_test_setup_teardown(EX_023_coordinated_move, vboard_setup_vehicle_rules, board_teardown),
        cmocka_unit_test_setup_teardown(rule_15_1_1_turret_turns_plus_one, vboard_setup_vehicle_rules, board_teardown),
        cmocka_unit_test_setup_teardown(rule_15_1_hull_gun_pivots, vboard_setup_vehicle_rules, board_teardown),
        cmocka_unit_test_setup_teardown(rule_14_3_acquisition, vboard_setup_vehicle_rules, board_teardown),
        cmocka_unit_test_setup_teardown(rule_17_2_small_arms_at_an_open_vehicle, vboard_setup_vehicle_rules,
                                        board_teardown),
        cmocka_unit_test_setup_teardown(rule_17_1_assaulters_go_back, vboard_setup_vehicle_rules, board_teardown),
        cmocka_unit_test_setup_teardown(rule_15_3_overrun_then_stay, vboard_setup_vehicle_rules, board_teardown),
        cmocka_unit_test_setup_teardown(rule_21_4_1_mines_against_a_vehicle, vboard_setup_vehicle_rules,
                                        board_teardown),
        cmocka_unit_test_setup_teardown(rule_15_0_shaken_vehicle, vboard_setup_vehicle_rules, board_teardown),
        cmocka_unit_test_setup_teardown(rule_15_5_continuous_movement, vboard_setup_vehicle_rules, board_teardown),
        cmocka_unit_test_setup_teardown(rule_15_10_hull_down, vboard_setup_vehicle_rules, board_teardown),
        cmocka_unit_test_setup_teardown(rule_15_2_1_vehicle_assault_fire, vboard_setup_vehicle_rules, board_teardown),
        cmocka_unit_test_setup_teardown(rule_17_1_c_stealth_approach_from_a_non_adjacent_hex,
                                        vboard_setup_vehicle_rules, board_teardown),
        cmocka_unit_test_setup_teardown(rule_14_1_g_aa_team_fires_at_ground_targets, vboard_setup_vehicle_rules,
                                        board_teardown),
        cmocka_unit_test_setup_teardown(rule_17_1_d_captured_weapon_that_fails_is_removed, vboard_setup_vehicle_rules,
                                        board_teardown),
        cmocka_unit_test_setup_teardown(rule_18_2_off_board_artillery, vboard_setup_vehicle_rules, board_teardown),
        cmocka_unit_test_setup_teardown(rule_21_1_bunker, vboard_setup_vehicle_rules, board_teardown),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
