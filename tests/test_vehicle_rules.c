/*
 * test_vehicle_rules.c: rules of 14.0-17.0 and 21.x that no worked example of the
 * book covers, through the engine on Map 14 with forced dice, and the interpreted
 * examples of the digest (EX-I07 wire, EX-I08 overrun, EX-I13 unloading past the
 * stacking limit, EX-I15 vehicle MG ranges), each asserting the rule's numbers in
 * the engine's log and state.
 */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <string.h>
#include <cmocka.h>

#include <jansson.h>

#include "lnlt/check.h"
#include "lnlt/ordnance.h"
#include "lnlt/view.h"
#include "support/board.h"
#include "rules/internal.h"

#define US LNLT_SIDE_1
#define DE LNLT_SIDE_2

static int open_board(void **state)
{
    (void)state;
    static const char *const files[] = {
        "data/nations/starter_kit.json",      "data/nations/vehicle_examples.json", "data/units/us_wwii.json",
        "data/units/de_wwii.json",            "data/units/vehicle_examples.json",   "data/weapons/starter_kit.json",
        "data/weapons/legend_examples.json",  "data/weapons/anti_tank.json",        "data/vehicles/heroes_of_normandy.json",
        "data/vehicles/vehicle_examples.json", "tests/fixtures/vehicles/carrier_2xpp.json",
        "tests/fixtures/units/atgm_team.json", "tests/fixtures/units/stealth.json",
        "tests/fixtures/units/aa_team.json"};
    board_open(files, (int)(sizeof files / sizeof files[0]), "data/maps/map14.json");
    return 0;
}

static void face(int unit, const char *a, const char *b)
{
    lnlt_error err;
    if (!lnlt_state_set_facing(&T.ctx, &T.st, unit, a, b, &err))
        fail_msg("%s", err.msg);
}

static void board_in(int unit, int vehicle, bool outside) __attribute__((unused));
static void board_in(int unit, int vehicle, bool outside)
{
    lnlt_error err;
    if (!lnlt_state_board(&T.ctx, &T.st, unit, vehicle, outside, &err))
        fail_msg("%s", err.msg);
}

static void dump_legal(void) __attribute__((unused));
static void dump_legal(void)
{
    static lnlt_action list[4096];
    int n = lnlt_legal_actions(&T.ctx, &T.st, list, 4096);
    char text[128];
    for (int i = 0; i < n; i++) {
        lnlt_action_format(&T.ctx, &list[i], text, sizeof text);
        print_message("  legal: %s\n", text);
    }
}

static void vplay(const char *dice, bool loose, const char *fmt, va_list ap)
{
    char cmd[128];
    vsnprintf(cmd, sizeof cmd, fmt, ap);
    if (loose)
        board_play_loose(cmd, dice);
    else
        board_play(cmd, dice);
}

static void play_f(const char *dice, const char *fmt, ...)
{
    va_list ap;
    va_start(ap, fmt);
    vplay(dice, false, fmt, ap);
    va_end(ap);
}

static bool legal_f(const char *fmt, ...) __attribute__((unused));
static bool legal_f(const char *fmt, ...)
{
    char cmd[128];
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(cmd, sizeof cmd, fmt, ap);
    va_end(ap);
    return board_legal(cmd);
}

static void step(const char *hex) __attribute__((unused));
static void step(const char *hex)
{
    char cmd[32];
    snprintf(cmd, sizeof cmd, "step %s", hex);
    board_play(cmd, "");
    while (T.st.decision == LNLT_DECIDE_OPFIRE)
        board_play("no-fire", "");
}

static void germans_first(void) __attribute__((unused));
static void germans_first(void)
{
    T.st.initiative = DE;
    T.st.impulse_side = DE;
}

/* EX-I08 (15.3): an HE-equivalent of 2x2 adds 4 to an overrun; with the MG's 2
 * and the overrun's +2, 1d6 + 8 against 1d6 + TM. */
static void EX_I08_overrun_he_times_shots(void **state)
{
    (void)state;
    int brad = board_add("us_m2_bradley", US, "E3");
    face(brad, "F3", "F4");
    board_add("de_squad_164", DE, "F4");
    board_to_operations();
    board_play("activate E3", "");
    play_f("", "drive E3 #%d", brad);
    /* 3 + 8 = 11 against 6 + 0: a damage check of 5 (die 2: 7 vs 5, shaken), then
     * the survivors may close-assault the Bradley (15.3): they decline */
    board_play("overrun F4", "3,6,2");
    board_expect_log("overruns F4 from E3 (5 MP)"); /* 1 MP to enter and 4 more */
    board_expect_log("overrun on F4: 1d6 3 + FP 8 (HE 2x2 4 + MG 2 + overrun 2) = 11 vs 1d6 6 + TM 0 = 6 -> damage checks");
}

/* EX-I13 (16.1): a 2xPP vehicle holds four SMCs, but unloads no more than two at
 * once where the stacking limit is two SMCs (1.3). */
static void EX_I13_four_smcs_unload_two_at_a_time(void **state)
{
    (void)state;
    int car = board_add("t_carrier", US, "E3");
    face(car, "F3", "F4");
    static const char *const smcs[4] = {"us_cpl_medrow", "us_maj_tom", "us_lt_michael", "us_hero_hird"};
    int u[4];
    for (int i = 0; i < 4; i++) {
        u[i] = board_add(smcs[i], US, NULL);
        board_in(u[i], car, false);
    }
    board_to_operations();
    board_play("activate E3", "");
    assert_false(legal_f("unload E3 v%d", car));                             /* all four: too many */
    assert_false(legal_f("unload E3 v%d #%d #%d #%d", car, u[0], u[1], u[2])); /* three: too many */
    play_f("", "unload E3 v%d #%d #%d", car, u[0], u[1]);                     /* two fit */
    board_play("stop", "");
    assert_false(legal_f("unload E3 v%d #%d", car, u[2])); /* E3 holds two SMCs already */
}

/* EX-I15 (15.0): a vehicle MG of FP 2 reaches 10 hexes, one of FP 4, 14. */
static void EX_I15_vehicle_mg_ranges(void **state)
{
    (void)state;
    int jeep = board_add("us_jeep", US, "A5");    /* MG FP 2, all round */
    int sherman = board_add("us_m4a1", US, "A5"); /* MGs of FP 4 */
    face(sherman, "B5", "B6");
    board_add("de_squad_164", DE, "K5"); /* 10 hexes */
    board_add("de_squad_164", DE, "L5"); /* 11 */
    board_to_operations();
    board_play("activate A5", "");
    assert_true(legal_f("mg A5 K5 #%d", jeep));
    assert_false(legal_f("mg A5 L5 #%d", jeep));
    assert_true(legal_f("mg A5 L5 #%d", sherman)); /* (on Map 14 no line of 14 hexes is open) */
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
    face(sherman, "F4", "F5");
    int squad = board_add("us_abn_squad_254", US, "E4");
    board_to_operations();
    board_play("activate E4", "");
    play_f("", "drive E4 #%d #%d", squad, sherman);
    step("F5");
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
    face(sherman, "F3", "F4"); /* east */
    lnlt_error err;
    assert_true(lnlt_state_set_buttoned(&T.ctx, &T.st, sherman, true, &err));
    board_add("de_squad_164", DE, "E7"); /* due south */
    board_to_operations();
    board_play("activate E3", "");
    play_f("6,6", "shoot E3 E7 #%d", sherman);
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
    face(grant, "F3", "F4"); /* east */
    board_add("de_squad_164", DE, "E7");
    board_to_operations();
    board_play("activate E3", "");
    assert_false(legal_f("shoot E3 E7 g1 #%d", grant)); /* the 75 mm is in the hull */
    play_f("", "pivot E3 F4/E4 #%d", grant);               /* 1 MP: open to opportunity fire */
    board_expect_log("pivots 1 corner");
    board_play("no-fire", "");
    board_play("stop", "");
    play_f("6,6", "shoot E3 E7 g1 #%d", grant);
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
    face(sherman, "F3", "F4");
    board_add("de_squad_164", DE, "J3");
    board_add("de_squad_164", DE, "O8");
    board_to_operations();
    for (int turn = 0; turn < 3; turn++) {
        board_play("activate E3", "");
        play_f("6,6", "shoot E3 J3 #%d", sherman);
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
    step("J4");
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
    face(pz, "H4", "H5");
    board_add("us_abn_squad_254", US, "G2");
    board_to_operations();
    board_play("activate G2", "");
    /* 6 + 2 = 8 against 1 + AF 2 = 3: a damage check of 5; 6 + 5 = 11 vs 6: shaken */
    play_f("6,1,6", "fire-at G2 G4 v%d", pz);
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
    face(pz, "G4", "H4");
    board_to_operations();
    board_play("activate G2", "");
    play_f("2,2,1,6", "close-assault G2 G3 v%d", pz);
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
    face(sherman, "F3", "F4");
    int squad = board_add("de_squad_164", DE, "F4");
    board_to_operations();
    board_play("activate E3", "");
    play_f("", "drive E3 #%d", sherman);
    board_play("overrun F4", "1,6,1,6"); /* DC 1 + 8 = 9 vs 5: shaken; the hero die 6 */
    board_expect_log("overrun on F4: 1d6 1 + FP 13 (HE 3 + MG 8 + overrun 2) = 14 vs 1d6 6 + TM 0 = 6 -> damage checks");
    assert_int_equal(T.st.unit[squad].status, LNLT_SHAKEN);
    board_play("stop", ""); /* it stays: the squad must go, to a hex of its owner's choice */
    play_f("", "retreat G4 #%d", squad);
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
    face(sherman, "F3", "F4");
    board_add("de_squad_164", DE, "O8");
    board_to_operations();
    board_play("activate E3", "");
    play_f("", "drive E3 #%d", sherman);
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
    face(sherman, "G4", "G5");
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
    face(sherman, "F3", "F4");
    board_add("de_squad_164", DE, "O8");
    board_to_operations();
    board_play("activate E3", "");
    play_f("", "drive E3 #%d", sherman);
    step("F3");
    board_play("stop", "");
    board_play("done", "");
    while (lnlt_decision_get(&T.ctx, &T.st).kind != LNLT_DECIDE_CONTINUOUS)
        board_play("pass", "");
    play_f("", "continuous #%d", sherman);
    board_expect_log("keeps moving into the next turn");
    board_play("end-continuous", "5,2"); /* the next turn's initiative: US 5, German 2 */
    assert_true(T.st.unit[sherman].marks & LNLT_MARK_MOVED); /* its Moved marker stays */
    board_to_operations();
    board_play("activate F3", "");
    /* it must move on: no firing where it stands, no staying */
    assert_false(legal_f("shoot F3 O8 #%d", sherman));
    play_f("", "drive F3 #%d", sherman);
    assert_false(board_legal("stop")); /* a pivot or a stop does not do: it leaves its hex */
    step("G3");
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
    face(sherman, "G3", "G4");
    board_add("de_squad_164", DE, "O8");
    board_to_operations();
    board_play("activate F4", "");
    play_f("", "drive F4 #%d", sherman);
    step("G4");
    assert_true(board_legal("hull-down"));
    board_play("hull-down", "1");
    board_expect_log("hull down: 1d6 1 +1 = 2 vs 2 -> hull down"); /* +1: G4 is neither degrading nor blocking */
    assert_true(T.st.vehicle[0].flags & LNLT_VEH_HULL_DOWN);
    assert_true(T.st.unit[sherman].marks & LNLT_MARK_MOVED); /* its impulse ends, Moved */
}

/* 16.4: getting on costs half the MF of the unit and of the vehicle, and
 * activates the vehicle. */
static void rule_16_4_loading(void **state)
{
    (void)state;
    int ht = board_add("de_sdkfz251", DE, "G3");
    face(ht, "G4", "H4");
    int squad = board_add("de_squad_164", DE, "G3");
    board_add("us_abn_squad_254", US, "O8");
    germans_first();
    board_to_operations();
    board_play("activate G3", "");
    dump_legal();
    play_f("", "load G3 v%d #%d", ht, squad);
    board_expect_log("1 unit gets into #0 SdKfz 251 in G3");
    assert_int_equal(T.st.unit[squad].cell, LNLT_CELL_ABOARD);
    assert_int_equal(T.st.unit[squad].mp2, 4);  /* half of MF 4: 2 MP */
    assert_int_equal(T.st.unit[ht].mp2, 12);    /* half of MF 11, rounded up: 6 MP */
    step("G4");                                 /* it drives on with the rest */
    board_expect_log("(1 MP; 4 MP left)");
}

/* 16.4 c, 6.2 c: units stacked with a leader may get on by double time: a squad
 * (MF 4) double-timing with its leader (MF 6) enters the half-track's hex for 1 MP
 * and still has the 2 MP to get in. */
static void rule_6_2_c_double_time_allows_boarding(void **state)
{
    (void)state;
    int ht = board_add("de_sdkfz251", DE, "G3");
    face(ht, "G4", "H4");
    int squad = board_add("de_squad_164", DE, "F3");
    int leader = board_add("de_lt_koch", DE, "F3");
    board_add("us_abn_squad_254", US, "O8");
    germans_first();
    board_to_operations();
    board_play("activate F3", "");
    board_play("dt F3", "");
    step("G3");
    assert_true(legal_f("load G3 v%d #%d", ht, squad));
    play_f("", "load G3 v%d", ht);
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
    face(sherman, "H3", "H4");
    int squad = board_add("us_abn_squad_254", US, "G3");
    board_add("de_squad_164", DE, "J3");
    board_to_operations();
    board_play("activate G3", "");
    board_play_loose("assault-fire G3 J3", "1,6");
    board_expect_log("fire from G3 at J3");
    assert_true(T.st.move.active && lnlt_bit(T.st.move.units, squad)); /* the half MF move that follows */
    assert_true(legal_f("load G3 v%d outside #%d", sherman, squad));
    play_f("", "load G3 v%d outside #%d", sherman, squad);
    assert_int_equal(T.st.unit[squad].cell, LNLT_CELL_ABOARD);
    board_expect_log("1 unit gets on top of #0 M4A1 Sherman in G3");
}

/* 17.1 c, 6.4 c: a stack may stealth-move up to a vehicle from a hex that is
 * not next to it and close-assault it in the same move; stealth assault move
 * (6.4.1) may not. */
static void rule_17_1_c_stealth_approach_from_a_non_adjacent_hex(void **state)
{
    (void)state;
    int squad = board_add("test_stealth_squad", US, "E3");
    int ht = board_add("de_sdkfz251", DE, "G3");
    face(ht, "G4", "H4");
    board_to_operations();
    board_play("activate E3", "");
    lnlt_state before = T.st;
    board_play("stealth-assault E3", ""); /* 6.4.1: not into a close assault */
    step("F3");
    assert_false(legal_f("close-assault F3 G3 v%d", ht));
    T.st = before;
    board_play("stealth E3", "");
    step("F3");
    assert_true(legal_f("close-assault F3 G3 v%d", ht));
    /* the pre-assault check 2 + 3 = 5 vs 7 passes; 6 + 2 = 8 vs 1 + 0 destroys it */
    play_f("2,3,6,1", "close-assault F3 G3 v%d", ht);
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
    face(ht, "G4", "H4");
    board_to_operations();
    board_play("activate F3", "");
    /* the check passes; 1 + 2 + the weapon's HE against 6 + the lowest AF: it survives */
    play_f("2,3,1,6", "close-assault F3 G3 v%d", ht);
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
    face(flak, "F3", "F4");
    board_add("us_abn_squad_254", US, "H3");
    int jeep = board_add("us_jeep", US, "I3");
    germans_first();
    board_to_operations();
    board_play("activate E3", "");
    assert_true(legal_f("shoot E3 H3 #%d", flak));
    assert_true(legal_f("shoot E3 I3 v%d #%d", jeep, flak));
    play_f("3,3,5,1,2", "shoot E3 H3 #%d", flak); /* 6 vs 8 hits; 5 + HE 2 = 7 vs 1: DC 6 */
    board_expect_log("HE on H3: 1d6 5 + HE 2 = 7 vs 1d6 1 -> damage checks");
}

/* 15.2.1: a vehicle's assault fire: declared first, fires at +2, then moves half
 * its MF; its hex of origin is spotted. */
static void rule_15_2_1_vehicle_assault_fire(void **state)
{
    (void)state;
    int sherman = board_add("us_m4a1", US, "E3");
    face(sherman, "F3", "F4");
    board_add("de_squad_164", DE, "J3");
    board_to_operations();
    board_play("activate E3", "");
    play_f("", "vehicle-af E3 #%d", sherman);
    play_f("6,6", "shoot E3 J3 #%d", sherman);
    board_expect_log("vehicle assault move or fire +2");
    play_f("", "drive E3 #%d", sherman);
    board_expect_log("with 5 MP");
    assert_true(rules_spot_marker(&T.st, DE, board_cell("E3"))); /* 15.2.1: its hex of origin is spotted */
}

/* The refusal of a command: fails the test when it is accepted or when the
 * message lacks `needle`. */
static void refused_f(const char *needle, const char *fmt, ...)
{
    char cmd[128];
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(cmd, sizeof cmd, fmt, ap);
    va_end(ap);
    lnlt_action a;
    lnlt_error err = {{0}};
    if (!lnlt_action_parse(&T.ctx, &T.st, cmd, &a, &err))
        fail_msg("%s: %s", cmd, err.msg);
    lnlt_state before = T.st;
    if (lnlt_apply(&T.ctx, &T.st, &a, NULL, NULL, &err))
        fail_msg("%s was accepted", cmd);
    if (!strstr(err.msg, needle))
        fail_msg("%s: \"%s\" lacks \"%s\"", cmd, err.msg, needle);
    assert_memory_equal(&before, &T.st, sizeof before); /* a refusal changes nothing */
}

/* 14.4: no unit fires an ATGM during or after an assault move; its other gun
 * (the BMP-1's HEAT cannon) is not barred. */
static void rule_14_4_no_atgm_with_assault_move(void **state)
{
    (void)state;
    int bmp = board_add("su_bmp1", DE, "E3");
    face(bmp, "F3", "F4");
    int sherman = board_add("us_m4a1", US, "J3");
    germans_first();
    board_to_operations();
    board_play("activate E3", "");
    play_f("", "drive-assault E3 #%d", bmp);
    step("F3");
    refused_f("with or after an assault move (14.4)", "shoot F3 J3 v%d g1 #%d", sherman, bmp);
    board_play("stop", "");
    assert_true(T.st.unit[bmp].marks & LNLT_MARK_ASSAULT_MOVE);
    assert_int_equal(T.st.decision, LNLT_DECIDE_ACTIVATION); /* it may still fire, but not its ATGM */
    refused_f("with or after an assault move (14.4)", "shoot F3 J3 v%d g1 #%d", sherman, bmp);
}

/* 14.4: an ATGM is never fired as a vehicle's assault fire (15.2.1); the HEAT
 * cannon may be. */
static void rule_14_4_no_atgm_as_assault_fire(void **state)
{
    (void)state;
    int bmp = board_add("su_bmp1", DE, "E3");
    face(bmp, "F3", "F4");
    int sherman = board_add("us_m4a1", US, "J3");
    germans_first();
    board_to_operations();
    board_play("activate E3", "");
    assert_true(legal_f("shoot E3 J3 v%d g1 #%d", sherman, bmp)); /* the ATGM fires normally */
    play_f("", "vehicle-af E3 #%d", bmp);
    refused_f("never fired as assault fire (14.4)", "shoot E3 J3 v%d g1 #%d", sherman, bmp);
    assert_true(legal_f("shoot E3 J3 v%d #%d", sherman, bmp));
}

/* 14.4: an ATGM weapon team fires from open ground, never from a building (nor
 * a bunker, which the same check reads from the firer's floor). */
static void rule_14_4_atgm_team_not_from_a_building(void **state)
{
    (void)state;
    int in_house = board_add("test_su_atgm_team", DE, "D6"); /* a building of Map 14 */
    face(in_house, "E5", "E6");
    int in_open = board_add("test_su_atgm_team", DE, "E3");
    face(in_open, "F3", "F4");
    int sherman = board_add("us_m4a1", US, "J3");
    germans_first();
    board_to_operations();
    board_play("activate D6", "");
    refused_f("does not fire from a building or a bunker (14.4)", "shoot D6 J3 v%d #%d", sherman, in_house);
    board_play("done", "");
    board_play("pass", "");
    board_play("activate E3", "");
    assert_true(legal_f("shoot E3 J3 v%d #%d", sherman, in_open));
}

/* Whether the log of the last command holds `needle`. */
static bool log_has(const char *needle) __attribute__((unused));
static bool log_has(const char *needle)
{
    char text[LNLT_EVENT_TEXT_MAX + 64];
    for (int i = 0; i < T.log.count; i++) {
        lnlt_event_text(&T.log.ev[i], text, sizeof text);
        if (strstr(text, needle))
            return true;
    }
    return false;
}

/* 14.4 b: an ATGM shot is announced; before it flies, the enemy's units may fire
 * at the ATGM team as opportunity fire (here a squad and the Sherman's MG, whose
 * covered arc holds the team); a damage check on the team, even one that does
 * nothing to it, makes the missile miss: no to-hit roll. */
static void rule_14_4_b_reaction_check_makes_the_atgm_miss(void **state)
{
    (void)state;
    int team = board_add("test_su_atgm_team", DE, "E3");
    face(team, "F3", "F4");
    int sherman = board_add("us_m4a1", US, "J3");
    board_add("us_abn_squad_254", US, "G3");
    germans_first();
    board_to_operations();
    board_play("activate E3", "");
    /* the preview gives the missile's odds once it flies, and says the enemy fires first */
    char cmd[64];
    snprintf(cmd, sizeof cmd, "shoot E3 J3 v%d #%d", sherman, team);
    lnlt_error err;
    json_t *pv = lnlt_preview_state_json(&T.ctx, &T.st, cmd, &err);
    if (!pv)
        fail_msg("%s", err.msg);
    assert_non_null(json_object_get(pv, "atgm_window"));
    assert_true(json_real_value(json_object_get(json_object_get(pv, "to_hit"), "probability")) > 0.2);
    json_decref(pv);
    play_f("", "shoot E3 J3 v%d #%d", sherman, team);
    assert_true(log_has("announces an ATGM shot at #1 M4A1 Sherman in J3"));
    assert_false(log_has("to hit"));
    assert_int_equal(T.st.decision, LNLT_DECIDE_ATGM);
    assert_int_equal(lnlt_decision_get(&T.ctx, &T.st).side, US);
    assert_true(board_legal("opfire G3"));
    assert_true(legal_f("opmg J3 E3 m1 #%d", sherman));
    assert_true(board_legal("no-fire"));
    /* 4 + 2 = 6 against 4: DC 2; the check 1 + 2 = 3 against morale 6 does nothing */
    board_play("opfire G3", "4,4,1");
    assert_true(log_has("-> DC+2"));
    assert_int_equal(T.st.unit[team].status, LNLT_GOOD_ORDER);
    assert_true(log_has("its ATGM misses"));
    assert_false(log_has("to hit"));
    assert_true(T.st.unit[team].marks & LNLT_MARK_FIRED);        /* it did fire */
    assert_int_equal(T.st.unit[sherman].status, LNLT_GOOD_ORDER);
    assert_int_equal(T.st.decision, LNLT_DECIDE_ACTIVATION);      /* back to the Germans */
    assert_int_equal(lnlt_decision_get(&T.ctx, &T.st).side, DE);
    assert_int_equal(T.st.atgm_unit, 0);
}

/* 14.4 b: reaction fire that causes no damage check leaves the window open for
 * the others; when the enemy is done, the missile flies and is rolled (14.1). */
static void rule_14_4_b_no_check_then_the_missile_flies(void **state)
{
    (void)state;
    int team = board_add("test_su_atgm_team", DE, "E3");
    face(team, "F3", "F4");
    int sherman = board_add("us_m4a1", US, "J3");
    board_add("us_abn_squad_254", US, "G3");
    germans_first();
    board_to_operations();
    board_play("activate E3", "");
    play_f("", "shoot E3 J3 v%d #%d", sherman, team);
    board_play("opfire G3", "1,6"); /* 1 + 2 against 6: no effect */
    assert_true(log_has("no effect"));
    assert_int_equal(T.st.decision, LNLT_DECIDE_ATGM); /* the Sherman's MG may still fire */
    assert_false(board_legal("opfire G3"));             /* the squad has fired */
    assert_true(legal_f("opmg J3 E3 m1 #%d", sherman));
    board_play_loose("no-fire", "6,6");
    assert_true(log_has("the missile flies"));
    assert_true(log_has("to hit"));
    assert_true(log_has("miss (a natural 12)"));
    assert_int_equal(T.st.decision, LNLT_DECIDE_ACTIVATION);
}

/* 14.4 b: a vehicle's MG reacts only in its covered arc, without turning its
 * turret; with nobody able to react the missile flies at once. */
static void rule_14_4_b_mg_arc_and_no_reaction(void **state)
{
    (void)state;
    int team = board_add("test_su_atgm_team", DE, "E3");
    face(team, "F3", "F4");
    int sherman = board_add("us_m4a1", US, "J3");
    face(sherman, "K2", "K3"); /* facing away from the team: its turret would have to turn */
    germans_first();
    board_to_operations();
    board_play("activate E3", "");
    /* open, its all-round MG may fire at the team (14.4) */
    T.st.unit[sherman].marks = 0;
    lnlt_state saved = T.st;
    play_f("", "shoot E3 J3 v%d #%d", sherman, team);
    assert_int_equal(T.st.decision, LNLT_DECIDE_ATGM);
    assert_true(legal_f("opmg J3 E3 m1 #%d", sherman));  /* the all-round MG */
    assert_false(legal_f("opmg J3 E3 m0 #%d", sherman)); /* the turret's MG would have to turn */
    /* buttoned, nothing may react: the missile flies in the same command */
    T.st = saved;
    ((lnlt_vehicle *)rules_veh_c(&T.st, sherman))->flags |= LNLT_VEH_BUTTONED;
    char cmd[64];
    snprintf(cmd, sizeof cmd, "shoot E3 J3 v%d #%d", sherman, team);
    board_play_loose(cmd, "6,6");
    assert_true(log_has("no enemy unit can fire at it: the missile flies"));
    assert_true(log_has("to hit"));
    assert_int_equal(T.st.decision, LNLT_DECIDE_ACTIVATION);
}

/* 16.4: units able to assault-move get off by assault move: Assault Move marker,
 * no MP left to leave the hex, and they may fire afterwards; others may not. */
static void rule_16_4_unload_by_assault_move(void **state)
{
    (void)state;
    int jeep = board_add("us_jeep", US, "E3");
    face(jeep, "F3", "F4");
    int squad = board_add("us_abn_half_144", US, "E3"); /* a jeep carries a half-squad (16.1) */
    board_in(squad, jeep, false);
    int ht = board_add("de_sdkfz251", DE, "I1");
    face(ht, "H2", "I2");
    int germans = board_add("de_squad_164", DE, "I1");
    board_in(germans, ht, false);
    board_add("de_squad_164", DE, "H3");
    board_to_operations();
    board_play("activate E3", "");
    play_f("", "unload E3 v%d assault", jeep); /* all its passengers: the one half-squad */
    board_expect_log("by assault move: it may fire, and stays in the hex this turn");
    assert_true(T.st.unit[squad].marks & LNLT_MARK_ASSAULT_MOVE);
    assert_false(T.st.unit[squad].marks & LNLT_MARK_MOVED);
    while (T.st.decision == LNLT_DECIDE_OPFIRE)
        board_play("no-fire", "");
    /* getting off spent its whole assault-move allowance: its move is over */
    assert_int_equal(T.st.decision, LNLT_DECIDE_ACTIVATION);
    assert_false(legal_f("step F3"));
    assert_true(legal_f("fire E3 H3")); /* 6.1: an assault mover fires afterwards */
    board_play("fire E3 H3", "1,1");
    board_expect_log("Airborne half-squad 1-4-4");
    board_play("done", "");
    board_play("activate I1", "");
    refused_f("only units able to assault-move get off by assault move (16.4, 6.1)", "unload I1 v%d assault #%d", ht,
              germans);
}

/* 16.2, 11.2: riders on top get off when their vehicle's gun fires and check
 * morale; a failed check shakes the squad, but a hero never shakes, so he has
 * no check to take and stays in good order (self-play seed 308902). */
static void rule_11_2_hero_never_shaken_by_riders_off_check(void **state)
{
    (void)state;
    int sherman = board_add("us_m4a1", US, "E3");
    face(sherman, "F3", "F4"); /* east */
    int squad = board_add("us_abn_half_144", US, "E3");
    int hero = board_add("us_hero_hird", US, "E3");
    board_in(squad, sherman, true);
    board_in(hero, sherman, true);
    board_add("de_squad_164", DE, "E7");
    board_to_operations();
    board_play("activate E3", "");
    play_f("6,6,6,5", "shoot E3 E7 #%d", sherman); /* a miss, then the squad's check: 11 fails */
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
    face(ht, "H4", "H5");
    int squad = board_add("de_squad_164", DE, "G4");
    int mg = board_add_sw("mg42", squad, NULL);
    int pf = board_add_sw("panzerfaust_30", squad, NULL);
    board_in(squad, ht, false);
    board_add("us_abn_squad_254", US, "G2");
    board_to_operations();
    board_play("activate G2", "");
    /* 6 + 2 = 8 against 1 + AF 0: checks of DC 7, the vehicle's (1 + 7 = 8 vs 6:
     * shaken), then its passenger's (6 + 7 = 13 vs 5: casualties, die 2) */
    play_f("6,1,1,6,2", "fire-at G2 G4 v%d", ht);
    board_expect_log("casualties, now a shaken Half-squad");
    board_expect_log("can carry only one weapon");
    assert_int_equal(T.st.pending, LNLT_DECIDE_SW_DROP);
    assert_true(legal_f("drop G4 w%d", mg));
    assert_true(legal_f("drop G4 w%d", pf));
    play_f("", "drop G4 w%d", pf);
    assert_int_equal(T.st.sw[mg].holder, squad);
    assert_int_equal(T.st.sw[pf].holder, -1);
    assert_int_equal(T.st.sw[pf].cell, board_cell("G4"));
    assert_int_equal(T.st.unit[squad].cell, LNLT_CELL_ABOARD);
    assert_int_not_equal(T.st.pending, LNLT_DECIDE_SW_DROP);
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
    assert_false(legal_f("call-fire I3 #0")); /* 18.3: one call a turn, aborted or not */
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
    germans_first();
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
        cmocka_unit_test_setup_teardown(EX_I08_overrun_he_times_shots, open_board, board_teardown),
        cmocka_unit_test_setup_teardown(hostile_vehicle_action_arguments_are_refused, open_board, board_teardown),
        cmocka_unit_test_setup_teardown(EX_I13_four_smcs_unload_two_at_a_time, open_board, board_teardown),
        cmocka_unit_test_setup_teardown(EX_I15_vehicle_mg_ranges, open_board, board_teardown),
        cmocka_unit_test_setup_teardown(EX_I07_wire_costs_four, open_board, board_teardown),
        cmocka_unit_test_setup_teardown(rule_21_3_1_torn_wire_leaves_no_gap, open_board, board_teardown),
        cmocka_unit_test_setup_teardown(EX_023_coordinated_move, open_board, board_teardown),
        cmocka_unit_test_setup_teardown(rule_15_1_1_turret_turns_plus_one, open_board, board_teardown),
        cmocka_unit_test_setup_teardown(rule_15_1_hull_gun_pivots, open_board, board_teardown),
        cmocka_unit_test_setup_teardown(rule_14_3_acquisition, open_board, board_teardown),
        cmocka_unit_test_setup_teardown(rule_17_2_small_arms_at_an_open_vehicle, open_board, board_teardown),
        cmocka_unit_test_setup_teardown(rule_17_1_assaulters_go_back, open_board, board_teardown),
        cmocka_unit_test_setup_teardown(rule_15_3_overrun_then_stay, open_board, board_teardown),
        cmocka_unit_test_setup_teardown(rule_21_4_1_mines_against_a_vehicle, open_board, board_teardown),
        cmocka_unit_test_setup_teardown(rule_15_0_shaken_vehicle, open_board, board_teardown),
        cmocka_unit_test_setup_teardown(rule_15_5_continuous_movement, open_board, board_teardown),
        cmocka_unit_test_setup_teardown(rule_15_10_hull_down, open_board, board_teardown),
        cmocka_unit_test_setup_teardown(rule_16_4_loading, open_board, board_teardown),
        cmocka_unit_test_setup_teardown(rule_15_2_1_vehicle_assault_fire, open_board, board_teardown),
        cmocka_unit_test_setup_teardown(rule_14_4_no_atgm_with_assault_move, open_board, board_teardown),
        cmocka_unit_test_setup_teardown(rule_14_4_no_atgm_as_assault_fire, open_board, board_teardown),
        cmocka_unit_test_setup_teardown(rule_14_4_atgm_team_not_from_a_building, open_board, board_teardown),
        cmocka_unit_test_setup_teardown(rule_14_4_b_reaction_check_makes_the_atgm_miss, open_board, board_teardown),
        cmocka_unit_test_setup_teardown(rule_14_4_b_no_check_then_the_missile_flies, open_board, board_teardown),
        cmocka_unit_test_setup_teardown(rule_14_4_b_mg_arc_and_no_reaction, open_board, board_teardown),
        cmocka_unit_test_setup_teardown(rule_6_2_c_double_time_allows_boarding, open_board, board_teardown),
        cmocka_unit_test_setup_teardown(rule_16_4_c_assault_fire_then_board, open_board, board_teardown),
        cmocka_unit_test_setup_teardown(rule_17_1_c_stealth_approach_from_a_non_adjacent_hex, open_board, board_teardown),
        cmocka_unit_test_setup_teardown(rule_14_1_g_aa_team_fires_at_ground_targets, open_board, board_teardown),
        cmocka_unit_test_setup_teardown(rule_17_1_d_captured_weapon_that_fails_is_removed, open_board, board_teardown),
        cmocka_unit_test_setup_teardown(rule_16_4_unload_by_assault_move, open_board, board_teardown),
        cmocka_unit_test_setup_teardown(rule_18_2_off_board_artillery, open_board, board_teardown),
        cmocka_unit_test_setup_teardown(rule_21_1_bunker, open_board, board_teardown),
        cmocka_unit_test_setup_teardown(rule_11_2_hero_never_shaken_by_riders_off_check, open_board, board_teardown),
        cmocka_unit_test_setup_teardown(rule_1_6_passenger_reduced_respects_carry_limit, open_board, board_teardown),
        cmocka_unit_test_setup_teardown(rule_11_2_invariants_refuse_a_shaken_hero, open_board, board_teardown),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
