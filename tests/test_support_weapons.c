/*
 * test_support_weapons.c: support weapons in the engine on Map 15 with forced dice:
 * the rally-phase weapon actions (1.6, 3.0), the SMC's -2 MP (1.6), tripods and
 * mortars that must be dismantled to move (1.6.1, 1.6.5), jamming and the repair
 * roll (1.6.2, ruling R-CORE-12), the mortar's high die (1.6.5, EX-005), single-use
 * satchels (1.6.3), captured weapons (1.6.8), abandoning and picking up while
 * moving (1.6, rulings R-SW-02, R-SW-07), where weapon teams may go (1.7) and the
 * flamethrower's forced retreat (1.6.3), indirect mortar fire (1.6.5, EX-006).
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
                                        "data/weapons/legend_examples.json", "tests/fixtures/units/weapon_teams.json"};
    board_open(files, 6, "data/maps/map15.json");
    return 0;
}

static void spot(int enemy_side_unit, int for_side)
{
    lnlt_bit_set(T.st.spotted[for_side], T.st.unit[enemy_side_unit].cell);
}

/* Three passes end the operations phase; initiative dice "us,de" start the next turn. */
static void next_turn(const char *initiative)
{
    int side = lnlt_decision_get(&T.ctx, &T.st).side;
    (void)side;
    board_play("pass", "");
    board_play("pass", "");
    board_play("pass", initiative);
    assert_int_equal(T.st.phase, LNLT_PHASE_RALLY);
}

static void rule_1_6_rally_pickup_give_drop_destroy(void **state)
{
    (void)state;
    int sq = board_add("us_abn_squad_254", 1, "H7");
    int half = board_add("us_abn_half_144", 1, "H7");
    int tom = board_add("us_maj_tom", 1, "H7");
    board_add("de_squad_164", 2, "A1");
    int bar = board_add_sw("bar", -1, "H7");
    int mg = board_add_sw("m1919a4", half, NULL);
    /* 3.0: a good-order unit picks up an unpossessed weapon in its hex */
    assert_true(board_legal("pickup H7 w0 #0"));
    assert_false(board_legal("pickup H7 w0 #1")); /* the half-squad carries one already (1.6) */
    board_play("pickup H7 w0 #2", "");
    assert_int_equal(T.st.sw[bar].holder, tom);
    assert_true(board_logged("Major Tom picks up the BAR in H7"));
    /* handing over (the swap of 1.6) and dropping */
    board_play("give H7 w0 #0", "");
    assert_int_equal(T.st.sw[bar].holder, sq);
    board_play("drop H7 w1", "");
    assert_int_equal(T.st.sw[mg].holder, -1);
    assert_int_equal(T.st.sw[mg].cell, T.st.unit[half].cell);
    board_play("destroy-sw H7 w0", "");
    assert_int_equal(T.st.sw[bar].cell, LNLT_CELL_ELIMINATED);
    assert_true(T.st.sw[bar].flags & LNLT_SW_USED);
    assert_false(board_legal("pickup H7 w0 #0")); /* gone for good */
    /* a shaken unit may not pick anything up */
    T.st.unit[half].status = LNLT_SHAKEN;
    assert_false(board_legal("pickup H7 w1 #1"));
    assert_true(board_legal("pickup H7 w1 #0"));
}

static void rule_1_6_smc_carrying_a_weapon_loses_2_mp(void **state)
{
    (void)state;
    int tom = board_add("us_maj_tom", 1, "H7");
    board_add("de_squad_164", 2, "A1");
    board_add_sw("bar", tom, NULL);
    board_to_operations();
    board_play("activate H7", "");
    board_play("move H7", "");
    assert_true(board_logged("1 unit move from H7 with 4 MP")); /* MF 6 - 2 */
    board_close();
    setup(NULL);
    tom = board_add("us_maj_tom", 1, "H7");
    board_add("de_squad_164", 2, "A1");
    board_add_sw("satchel_charge", tom, NULL); /* 1.6.3: no penalty for a satchel */
    board_to_operations();
    board_play("activate H7", "");
    board_play("move H7", "");
    assert_true(board_logged("1 unit move from H7 with 6 MP"));
}

static void rule_1_6_1_assembled_tripod_cannot_move(void **state)
{
    (void)state;
    int sq = board_add("us_abn_squad_254", 1, "H7");
    board_add("de_squad_164", 2, "A1");
    int mg = board_add_sw("m1919a4", sq, NULL); /* front up: the assembled tripod */
    board_to_operations();
    board_play("activate H7", "");
    board_play("move H7", "");
    assert_false(board_legal("step H8"));
    /* 1.6.1: dismantling in the impulse costs half the MF (2 of 4 MP) */
    board_play("flip H7 w0", "");
    assert_true(T.st.sw[mg].flags & LNLT_SW_BACK_SIDE);
    assert_true(board_logged("dismantles the M1919A4 in H7 (2 MP)"));
    assert_false(board_legal("flip H7 w0")); /* once per turn */
    board_play("step H8", "");
    assert_int_equal(T.st.unit[sq].cell, board_cell("H8"));
}

static void rule_1_6_1_rally_flip_once_per_turn_shaken_only_dismantle(void **state)
{
    (void)state;
    int sq = board_add("us_abn_squad_254", 1, "H7");
    board_add("de_squad_164", 2, "A1");
    int mg = board_add_sw("m1919a4", sq, NULL);
    board_play("flip H7 w0", "");
    assert_true(T.st.sw[mg].flags & LNLT_SW_BACK_SIDE);
    assert_false(board_legal("flip H7 w0"));
    /* next turn: a shaken squad may not assemble it */
    board_to_operations();
    next_turn("6,1");
    T.st.unit[sq].status = LNLT_SHAKEN;
    assert_false(board_legal("flip H7 w0"));
    T.st.unit[sq].status = LNLT_GOOD_ORDER;
    board_play("flip H7 w0", "");
    assert_false(T.st.sw[mg].flags & LNLT_SW_BACK_SIDE);
    (void)mg;
}

static void rule_1_6_2_jam_then_repair(void **state)
{
    (void)state;
    int sq = board_add("us_abn_squad_254", 1, "I5");
    int de = board_add("de_squad_164", 2, "I3");
    int ch = board_add_sw("chauchat", sq, NULL);
    spot(de, 1);
    board_to_operations();
    board_play("activate I5", "");
    /* IFP 2 + Chauchat 1 = 3; equal dice (3, 3) jam it: 3 + 2 = 5 vs 3 + TM 0 -> DC+2 */
    board_play("fire I5 I3", "3,3,2");
    assert_true(T.st.sw[ch].flags & LNLT_SW_JAMMED);
    assert_true(board_logged("equal dice: the Chauchat jams and leaves the attack (3 -> 2)"));
    assert_true(board_logged("fire at I3: 1d6 3 + 2 = 5 vs 1d6 3 + TM 0 = 3 -> DC+2"));
    board_play("done", "");
    /* next rally phase: the US ends its rally actions and rolls the repair */
    next_turn("6,1");
    board_play("end-rally", "4");
    assert_false(T.st.sw[ch].flags & LNLT_SW_JAMMED);
    assert_true(board_logged("the Chauchat is repaired (4)"));
}

static void rule_1_6_2_repair_roll_of_1_breaks_it(void **state)
{
    (void)state;
    int sq = board_add("us_abn_squad_254", 1, "H7");
    board_add("de_squad_164", 2, "A1");
    int ch = board_add_sw("chauchat", sq, NULL);
    T.st.sw[ch].flags |= LNLT_SW_JAMMED;
    board_play("end-rally", "1");
    assert_true(T.st.sw[ch].flags & LNLT_SW_BROKEN);
    assert_true(T.st.sw[ch].flags & LNLT_SW_JAMMED);
    board_play("end-rally", "");
    /* broken for good: no more repair rolls */
    next_turn("6,1");
    board_play("end-rally", "");
    /* a shaken holder rolls nothing */
    board_close();
    setup(NULL);
    sq = board_add("us_abn_squad_254", 1, "H7");
    board_add("de_squad_164", 2, "A1");
    ch = board_add_sw("chauchat", sq, NULL);
    T.st.sw[ch].flags |= LNLT_SW_JAMMED;
    T.st.unit[sq].status = LNLT_SHAKEN;
    T.st.unit[sq].flags |= LNLT_UNIT_RALLY_TRIED;
    board_play("end-rally", "");
    assert_true(T.st.sw[ch].flags & LNLT_SW_JAMMED);
}

/* EX-005 (1.6.5 SW Ex.4): a squad with a mortar adds IFP and mortar FP to the high
 * die of 2d6; here the US 2-5-4 with the 51 mm mortar (FP 2) at range 2. */
static void EX_005_engine_mortar_high_die(void **state)
{
    (void)state;
    int sq = board_add("us_abn_squad_254", 1, "L2");
    int de = board_add("de_squad_164", 2, "L4");
    board_add_sw("mortar_51mm", sq, NULL);
    spot(de, 1);
    board_to_operations();
    board_play("activate L2", "");
    board_play_loose("fire L2 L4", "2,5,6,3,3,3");
    assert_true(board_logged("attack (mortar: high die)"));
    assert_true(board_logged("fire at L4: 1d6 5 + 4 = 9 vs 1d6 6 + TM 0 = 6 -> DC+3"));
    /* 1.6.5: not from a building: in the church the squad fires its IFP alone */
    board_close();
    setup(NULL);
    sq = board_add("us_abn_squad_254", 1, "I5");
    de = board_add("de_squad_164", 2, "I3");
    board_add_sw("mortar_51mm", sq, NULL);
    spot(de, 1);
    board_to_operations();
    board_play("activate I5", "");
    board_play_loose("fire I5 I3", "5,6,3,3,3");
    assert_false(board_logged("mortar: high die"));
    assert_true(board_logged("fire at I3: 1d6 5 + 2 = 7 vs 1d6 6 + TM 0 = 6 -> DC+1"));
}

/* EX-004: the 51 mm mortar's minimum range is 2: at an adjacent hex only the IFP fires. */
static void EX_004_mortar_minimum_range(void **state)
{
    (void)state;
    int sq = board_add("us_abn_squad_254", 1, "L2");
    int de = board_add("de_squad_164", 2, "L3");
    board_add_sw("mortar_51mm", sq, NULL);
    spot(de, 1);
    board_to_operations();
    board_play("activate L2", "");
    board_play_loose("fire L2 L3", "3,6,3,3,3");
    assert_false(board_logged("mortar: high die"));
    /* IFP 2 + 2 adjacent */
    assert_true(board_logged("fire at L3: 1d6 3 + 4 = 7 vs 1d6 6 + TM 0 = 6 -> DC+1"));
    /* a leader whose only weapon is a mortar has nothing to fire at an adjacent hex */
    board_close();
    setup(NULL);
    int tom = board_add("us_maj_tom", 1, "L2");
    de = board_add("de_squad_164", 2, "L3");
    board_add_sw("mortar_51mm", tom, NULL);
    spot(de, 1);
    board_to_operations();
    board_play("activate L2", "");
    assert_false(board_legal("fire L2 L3"));
    /* 1.6.5: nor does a mortar opportunity-fire */
    board_close();
    setup(NULL);
    T.ctx.first_initiative = 2;
    lnlt_state_init(&T.st, &T.ctx, 1);
    tom = board_add("us_maj_tom", 1, "L2");
    board_add("de_squad_164", 2, "L6");
    board_add_sw("mortar_51mm", tom, NULL);
    board_to_operations();
    board_play("activate L6", "");
    board_play("move L6", "");
    board_play("step L5", "");
    assert_int_not_equal(lnlt_decision_get(&T.ctx, &T.st).kind, LNLT_DECIDE_OPFIRE);
}

static void rule_1_6_3_satchel_is_used_once(void **state)
{
    (void)state;
    int sq = board_add("us_abn_squad_254", 1, "L2");
    int de = board_add("de_squad_164", 2, "L3");
    int sc = board_add_sw("satchel_charge", sq, NULL);
    spot(de, 1);
    board_to_operations();
    board_play("activate L2", "");
    /* EX-003: IFP 2 + 2 adjacent + satchel 6 = 10 */
    board_play_loose("fire L2 L3", "1,6,3,3,3");
    assert_true(board_logged("fire at L3: 1d6 1 + 10 = 11 vs 1d6 6 + TM 0 = 6 -> DC+5"));
    assert_int_equal(T.st.sw[sc].cell, LNLT_CELL_ELIMINATED);
    assert_int_equal(T.st.sw[sc].holder, -1);
    assert_true(board_logged("the Satchel Charge is used up"));
}

static void rule_1_6_8_captured_weapon_lost_after_a_miss(void **state)
{
    (void)state;
    int us = board_add("us_abn_squad_254", 1, "I3");
    int de = board_add("de_squad_164", 2, "I5");
    int bar = board_add_sw("bar", -1, "I5");
    spot(us, 2);
    board_play("end-rally", "");
    board_play("pickup I5 w0 #1", "");
    assert_true(T.st.sw[bar].flags & LNLT_SW_CAPTURED);
    assert_true(board_logged("a captured weapon (1.6.8)"));
    board_play("end-rally", "");
    board_play("pass", "");
    board_play("activate I5", "");
    /* 1 + 1 (half of the squad's...) no: squad IFP 1 + BAR 1 = 2; 1 + 2 = 3 vs 6 + 0: no DC */
    board_play("fire I5 I3", "1,6");
    assert_int_equal(T.st.sw[bar].cell, LNLT_CELL_ELIMINATED);
    assert_true(board_logged("the captured BAR caused no damage check and is removed"));
    (void)de;
}

static void rule_1_6_abandon_when_leaving_the_hex(void **state)
{
    (void)state;
    int sq = board_add("us_abn_squad_254", 1, "H7");
    board_add("de_squad_164", 2, "A1");
    int mg = board_add_sw("m1919a4", sq, NULL); /* assembled */
    board_to_operations();
    board_play("activate H7", "");
    board_play("move H7", "");
    board_play("drop H7 w0", ""); /* R-SW-02: left behind once the squad leaves H7 */
    assert_int_equal(T.st.sw[mg].holder, sq);
    board_play("step H8", "");
    assert_int_equal(T.st.sw[mg].holder, -1);
    assert_int_equal(T.st.sw[mg].cell, board_cell("H7"));
    assert_false(T.st.sw[mg].flags & LNLT_SW_BACK_SIDE); /* it stays assembled */
    assert_true(board_logged("abandons the M1919A4 in H7"));
    /* a stack that stops where it is keeps the weapon */
    board_close();
    setup(NULL);
    sq = board_add("us_abn_squad_254", 1, "H7");
    board_add("de_squad_164", 2, "A1");
    mg = board_add_sw("m1919a4", sq, NULL);
    board_to_operations();
    board_play("activate H7", "");
    board_play("move H7", "");
    board_play("drop H7 w0", "");
    board_play("stop", "");
    assert_int_equal(T.st.sw[mg].holder, sq);
    assert_false(T.st.sw[mg].flags & LNLT_SW_ABANDON);
}

static void rule_1_6_pick_up_while_moving_costs_2_mp(void **state)
{
    (void)state;
    int sq = board_add("us_abn_squad_254", 1, "H7");
    board_add("de_squad_164", 2, "A1");
    int bar = board_add_sw("bar", -1, "H8");
    board_to_operations();
    board_play("activate H7", "");
    board_play("move H7", "");
    assert_false(board_legal("pickup H8 w0 #0")); /* not in the squad's hex yet */
    board_play("step H8", "");
    board_play("pickup H8 w0 #0", "");
    assert_int_equal(T.st.sw[bar].holder, sq);
    assert_true(board_logged("picks up the BAR in H8 (2 MP)"));
    assert_int_equal(T.st.unit[sq].mp2, 2 + 4); /* the road hex (1 MP) and the pick-up (2 MP) */
}

static void rule_1_7_weapon_teams_buildings_and_hexsides(void **state)
{
    (void)state;
    board_add("us_abn_squad_254", 1, "A1");
    board_add("test_wt_gun", 2, "K6");
    board_add("test_wt_mg", 2, "M6");
    board_add_sw("bar", -1, "K6");
    board_play("end-rally", "");
    assert_false(board_legal("pickup K6 w0 #1")); /* weapon teams hold no support weapons (1.7) */
    board_play("end-rally", "");
    board_play("pass", "");
    board_play("activate K6", "");
    board_play("move K6", "");
    assert_false(board_legal("step J7")); /* an LC building: only MG teams (1.7) */
    assert_false(board_legal("step L6")); /* across the K6/L6 wall */
    assert_true(board_legal("step K7"));
    board_play("stop", "");
    board_play("done", "");
    board_play("pass", "");
    board_play("activate M6", "");
    board_play("move M6", "");
    board_play("step L6", "");
    if (lnlt_decision_get(&T.ctx, &T.st).kind == LNLT_DECIDE_OPFIRE)
        board_play("no-fire", "");
    assert_true(board_legal("step K6")); /* the MG team crosses the wall */
}

static void rule_1_6_3_flamethrower_shakes_and_the_unit_retreats(void **state)
{
    (void)state;
    int sq = board_add("us_abn_squad_254", 1, "L2");
    int de = board_add("de_squad_164", 2, "L4");
    board_add_sw("flamethrower", sq, NULL);
    spot(de, 1);
    board_to_operations();
    board_play("activate L2", "");
    /* IFP 2 + flamethrower 4 = 6: 1 + 6 = 7 vs 6 + 0 -> DC+1; 5 + 1 = 6 > morale 5: shaken */
    board_play("fire L2 L4", "1,6,5");
    assert_int_equal(T.st.unit[de].status, LNLT_SHAKEN);
    lnlt_decision d = lnlt_decision_get(&T.ctx, &T.st);
    assert_int_equal(d.kind, LNLT_DECIDE_RETREAT);
    assert_int_equal(d.side, 2);
    assert_false(board_legal("retreat L3 #1")); /* closer to the flamethrower */
    assert_false(board_legal("done"));
    board_play("retreat L5 #1", "");
    assert_int_equal(T.st.unit[de].cell, board_cell("L5"));
    assert_true(T.st.unit[de].marks & LNLT_MARK_MOVED);
    assert_true(board_logged("retreats from L4 to L5"));
    /* the activation goes on */
    d = lnlt_decision_get(&T.ctx, &T.st);
    assert_int_equal(d.kind, LNLT_DECIDE_ACTIVATION);
    assert_int_equal(d.side, 1);
    /* at the north edge the only hexes farther from L3 hold US units: eliminated */
    board_close();
    setup(NULL);
    sq = board_add("us_abn_squad_254", 1, "L3");
    de = board_add("de_squad_164", 2, "L1");
    board_add("us_abn_half_144", 1, "K0");
    board_add("us_abn_half_144", 1, "M0");
    board_add_sw("flamethrower", sq, NULL);
    spot(de, 1);
    board_to_operations();
    board_play("activate L3", "");
    board_play_loose("fire L3 L1", "1,6,5,2,2");
    assert_true(board_logged("cannot retreat and is eliminated"));
    assert_int_equal(T.st.unit[de].cell, LNLT_CELL_ELIMINATED);
    assert_int_equal(lnlt_decision_get(&T.ctx, &T.st).kind, LNLT_DECIDE_ACTIVATION);
}

/* 1.6.3 (conformance 1.6.3 c): a unit retreating from a flamethrower attack is
 * marked Moved and draws opportunity fire where it goes, even from the side whose
 * impulse it is (ruling R-SW-40); then the activation goes on. */
static void rule_1_6_3_c_the_retreat_draws_opportunity_fire(void **state)
{
    (void)state;
    int sq = board_add("us_abn_squad_254", 1, "L2");
    board_add("us_abn_squad_254", 1, "L1");
    int de = board_add("de_squad_164", 2, "L4");
    board_add_sw("flamethrower", sq, NULL);
    spot(de, 1);
    board_to_operations();
    board_play("activate L2", "");
    board_play("fire L2 L4", "1,6,5"); /* DC+1, 5 + 1 = 6 > 5: shaken */
    board_play("retreat L5 #2", "");
    lnlt_decision d = lnlt_decision_get(&T.ctx, &T.st);
    assert_int_equal(d.kind, LNLT_DECIDE_OPFIRE);
    assert_int_equal(d.side, 1);
    assert_true(board_legal("opfire L1"));
    assert_false(board_legal("opfire L2")); /* the flamethrower squad has fired */
    T.log_last_command = true;
    /* IFP 2 + 1 against a Moved unit: 4 + 3 = 7 vs 2 + 0: DC+5; 2 + 5 = 7 > 5: a
     * shaken squad takes casualties */
    board_play("opfire L1", "4,2,2,2");
    board_expect_log("op fire from L1 at L5");
    board_expect_log("fire at L5: 1d6 4 + 2 + moving 1 = 7 vs 1d6 2 + TM 0 = 2 -> DC+5");
    d = lnlt_decision_get(&T.ctx, &T.st);
    assert_int_equal(d.kind, LNLT_DECIDE_ACTIVATION); /* the window over, the activation goes on */
    assert_int_equal(d.side, 1);
    assert_int_equal(T.st.impulse_side, 1);
    assert_false(T.st.move.active);
}

static void rule_1_6_reduced_squad_drops_a_weapon_of_its_owners_choice(void **state)
{
    (void)state;
    T.ctx.first_initiative = 2;
    lnlt_state_init(&T.st, &T.ctx, 1);
    int de = board_add("de_squad_164", 2, "L2");
    int us = board_add("us_abn_squad_254", 1, "L4");
    board_add_sw("mg34", de, NULL);
    int bar = board_add_sw("bar", us, NULL);
    int mg = board_add_sw("m1919a4", us, NULL);
    spot(us, 2);
    board_to_operations();
    board_play("activate L2", "");
    /* 6 + 3 = 9 vs 1 + 0: DC+8; 6 + 8 = 14: casualties, the squad becomes a half-squad */
    board_play_loose("fire L2 L4", "6,1,6,1,1,1");
    assert_int_not_equal(T.st.unit[us].type, lnlt_catalog_unit(T.cat, "us_abn_squad_254"));
    lnlt_decision d = lnlt_decision_get(&T.ctx, &T.st);
    assert_int_equal(d.kind, LNLT_DECIDE_SW_DROP);
    assert_int_equal(d.side, 1);
    assert_true(board_legal("drop L4 w1"));
    assert_true(board_legal("drop L4 w2"));
    board_play("drop L4 w2", "");
    assert_int_equal(T.st.sw[mg].holder, -1);
    assert_int_equal(T.st.sw[mg].cell, board_cell("L4"));
    assert_int_equal(T.st.sw[bar].holder, us);
    d = lnlt_decision_get(&T.ctx, &T.st);
    assert_int_equal(d.kind, LNLT_DECIDE_ACTIVATION);
    assert_int_equal(d.side, 2);
}

/* EX-006 (1.6.5 SW Ex.5) in the engine: the squad with the mortar cannot see the
 * target (the I2 building), the leader next to it can; the mortar fires alone (no
 * IFP, no LM), the squad is marked Fired and the leader Ops Complete. */
static void EX_006_indirect_mortar_fire_directed_by_an_adjacent_leader(void **state)
{
    (void)state;
    int sq = board_add("us_abn_squad_254", 1, "H3");
    int tom = board_add("us_maj_tom", 1, "H2");
    int de = board_add("de_squad_164", 2, "J1");
    board_add_sw("mortar_51mm", sq, NULL);
    spot(de, 1);
    board_to_operations();
    board_play("activate H3", "");
    assert_false(board_legal("fire H3 J1")); /* no line of sight */
    assert_true(board_legal("indirect H3 J1 #1"));
    /* high die 5 + mortar 2 = 7 vs 6 + TM 0 = 6 -> DC+1 */
    board_play_loose("indirect H3 J1 #1", "3,5,6,2,2,2");
    assert_true(board_logged("Major Tom directs mortar fire at J1"));
    assert_true(board_logged("attack (mortar: high die)"));
    assert_true(board_logged("fire at J1: 1d6 5 + 2 = 7 vs 1d6 6 + TM 0 = 6 -> DC+1"));
    assert_true(T.st.unit[sq].marks & LNLT_MARK_FIRED);
    assert_true(T.st.unit[tom].marks & LNLT_MARK_OPS_COMPLETE);
    /* a director already marked may not direct */
    board_close();
    setup(NULL);
    sq = board_add("us_abn_squad_254", 1, "H3");
    tom = board_add("us_maj_tom", 1, "H2");
    de = board_add("de_squad_164", 2, "J1");
    board_add_sw("mortar_51mm", sq, NULL);
    spot(de, 1);
    T.st.unit[tom].marks |= LNLT_MARK_MOVED;
    board_to_operations();
    board_play("activate H3", "");
    assert_false(board_legal("indirect H3 J1 #1"));
}

/* 1.6: two good-order SMCs crewing one weapon fire it at full FP (ruling R-SW-12). */
static void rule_1_6_two_smcs_crew_a_weapon_at_full_fp(void **state)
{
    (void)state;
    int tom = board_add("us_maj_tom", 1, "L2");
    int medrow = board_add("us_cpl_medrow", 1, "L2");
    int de = board_add("de_squad_164", 2, "L4");
    board_add_sw("mg42", tom, NULL);
    spot(de, 1);
    board_to_operations();
    board_play("activate L2", "");
    /* alone Major Tom fires the MG42 at 1.5 -> 2; with Cpl Medrow crewing it, 3 */
    board_play("fire L2 L4", "1,6");
    assert_true(board_logged("Cpl Medrow crews the weapon with its holder: full FP"));
    assert_true(board_logged("fire at L4: 1d6 1 + 3 = 4 vs 1d6 6 + TM 0 = 6 -> no effect"));
    assert_true(T.st.unit[medrow].marks & LNLT_MARK_FIRED);
    /* Major Tom's LM 2 is worth more than crewing Cpl Medrow's M1919A4 (1 + 2 against 2) */
    board_close();
    setup(NULL);
    tom = board_add("us_maj_tom", 1, "L2");
    medrow = board_add("us_cpl_medrow", 1, "L2");
    de = board_add("de_squad_164", 2, "L4");
    board_add_sw("m1919a4", medrow, NULL);
    spot(de, 1);
    board_to_operations();
    board_play("activate L2", "");
    board_play("fire L2 L4", "1,6");
    assert_false(board_logged("crews the weapon"));
    assert_true(board_logged("fire at L4: 1d6 1 + 3 = 4 vs 1d6 6 + TM 0 = 6 -> no effect"));
    (void)tom;
}

/* 1.6.3, 1.6.8 in melee: the satchel is spent in the round; the captured MG, used in
 * a melee that goes on, is removed in the administrative phase (ruling R-SW-13). */
static void rule_1_6_8_captured_weapon_in_a_melee_that_goes_on(void **state)
{
    (void)state;
    int us = board_add("us_abn_squad_254", 1, "H7");
    int de = board_add("de_squad_164", 2, "H6");
    int mg = board_add_sw("mg34", us, NULL);
    int sc = board_add_sw("satchel_charge", us, NULL);
    T.st.sw[mg].flags |= LNLT_SW_CAPTURED;
    board_to_operations();
    board_play("activate H7", "");
    board_play("move H7", "");
    board_play("step H6", "");
    char cmd[64];
    snprintf(cmd, sizeof cmd, "target #%d", de);
    board_play(cmd, "");
    snprintf(cmd, sizeof cmd, "target #%d", us);
    board_play(cmd, "1,1,1,1"); /* both miss: the melee goes on */
    assert_int_equal(T.st.sw[sc].cell, LNLT_CELL_ELIMINATED);
    assert_true(board_logged("the Satchel Charge is used up in the melee"));
    assert_int_equal(T.st.sw[mg].holder, us);
    board_play("done", "2,5"); /* every unit has acted: the turn ends */
    assert_int_equal(T.st.turn, 2);
    assert_int_equal(T.st.sw[mg].cell, LNLT_CELL_ELIMINATED);
    assert_true(board_logged("the captured MG34 was used in a melee that goes on, and is removed"));
}

/* 1.7: a weapon team fires apart from the other units of its hex (ruling R-SW-14). */
static void rule_1_7_weapon_team_fires_apart(void **state)
{
    (void)state;
    T.ctx.first_initiative = 2;
    lnlt_state_init(&T.st, &T.ctx, 1);
    int us = board_add("us_abn_squad_254", 1, "L4");
    board_add("test_wt_mg", 2, "L2");   /* #1 */
    board_add("de_squad_164", 2, "L2"); /* #2 */
    board_add("de_lt_koch", 2, "L2");   /* #3 */
    spot(us, 2);
    board_to_operations();
    board_play("activate L2", "");
    assert_false(board_legal("fire L2 L4"));
    assert_false(board_legal("fire L2 L4 #1 #2"));
    assert_true(board_legal("fire L2 L4 #2"));
    assert_true(board_legal("fire L2 L4 #1 #3")); /* the leader lends his LM to the team */
    board_play("fire L2 L4 #1", "1,6");
    assert_true(T.st.unit[1].marks & LNLT_MARK_FIRED);
    assert_true(board_legal("fire L2 L4 #2")); /* the squad fires its own attack */
}

/* 1.6: a squad with two weapons fires both without its IFP, or one with it; here
 * IFP 2 + BAR 1 = 3 beats BAR 1 + Chauchat 1 = 2 (ruling R-SW-05). */
static void rule_1_6_squad_fires_one_weapon_with_its_ifp_or_two_without(void **state)
{
    (void)state;
    int sq = board_add("us_abn_squad_254", 1, "L2");
    int de = board_add("de_squad_164", 2, "L4");
    board_add_sw("bar", sq, NULL);
    board_add_sw("chauchat", sq, NULL);
    spot(de, 1);
    board_to_operations();
    board_play("activate L2", "");
    board_play("fire L2 L4", "1,6");
    assert_true(board_logged("fire at L4: 1d6 1 + 3 = 4 vs 1d6 6 + TM 0 = 6 -> no effect"));
    /* with the MG42 (3) and the BAR (1): 3 + 1 = 4 against IFP 2 + 3 = 5: IFP and MG42 */
    board_close();
    setup(NULL);
    sq = board_add("us_abn_squad_254", 1, "L2");
    de = board_add("de_squad_164", 2, "L4");
    board_add_sw("mg42", sq, NULL);
    board_add_sw("bar", sq, NULL);
    spot(de, 1);
    board_to_operations();
    board_play("activate L2", "");
    board_play("fire L2 L4", "1,6");
    assert_true(board_logged("fire at L4: 1d6 1 + 5 = 6 vs 1d6 6 + TM 0 = 6 -> no effect"));
}

/* EX-032 (8.0, Melee Example 6): a 6-0-6 leader holding a captured MG and a
 * 1-6-4 squad enter a melee against an enemy 1-5-4; neither side eliminates the
 * other, and the captured MG is taken from the leader in the Admin Phase. The
 * counters have no 1-FP MG, so a captured MG34 (FP 2, which the leader adds at
 * half in melee) stands in: the leader's 1 and the squad's 1 make 2 against 1. */
static void EX_032_captured_mg_leaves_an_unfinished_melee_in_the_admin_phase(void **state)
{
    (void)state;
    int medrow = board_add("us_cpl_medrow", 1, "H7"); /* 6-0-6 */
    int squad = board_add("de_squad_164", 1, "H7");   /* 1-6-4 */
    int enemy = board_add("de_half_154", 2, "H6");    /* 1-5-4 */
    int mg = board_add_sw("mg34", medrow, NULL);
    T.st.sw[mg].flags |= LNLT_SW_CAPTURED;
    board_to_operations();
    board_play("activate H7", "");
    board_play("move H7", "");
    board_play("step H6", "");
    char cmd[64];
    snprintf(cmd, sizeof cmd, "target #%d", enemy);
    board_play(cmd, "");
    snprintf(cmd, sizeof cmd, "target #%d", squad);
    board_play(cmd, "1,1,1,1"); /* neither side kills */
    board_expect_log("FP 2 vs 1: 2-1");
    assert_true(T.st.unit[medrow].cell >= 0 && T.st.unit[squad].cell >= 0 && T.st.unit[enemy].cell >= 0);
    assert_int_equal(T.st.sw[mg].holder, medrow);
    board_play("done", "2,5"); /* every unit has acted: the Admin Phase, then turn 2 */
    assert_int_equal(T.st.turn, 2);
    assert_int_equal(T.st.sw[mg].cell, LNLT_CELL_ELIMINATED);
    assert_true(T.st.unit[medrow].cell >= 0); /* the leader stays, without it */
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test_setup_teardown(rule_1_6_rally_pickup_give_drop_destroy, setup, board_teardown),
        cmocka_unit_test_setup_teardown(rule_1_6_smc_carrying_a_weapon_loses_2_mp, setup, board_teardown),
        cmocka_unit_test_setup_teardown(rule_1_6_1_assembled_tripod_cannot_move, setup, board_teardown),
        cmocka_unit_test_setup_teardown(rule_1_6_1_rally_flip_once_per_turn_shaken_only_dismantle, setup, board_teardown),
        cmocka_unit_test_setup_teardown(rule_1_6_2_jam_then_repair, setup, board_teardown),
        cmocka_unit_test_setup_teardown(rule_1_6_2_repair_roll_of_1_breaks_it, setup, board_teardown),
        cmocka_unit_test_setup_teardown(EX_005_engine_mortar_high_die, setup, board_teardown),
        cmocka_unit_test_setup_teardown(EX_004_mortar_minimum_range, setup, board_teardown),
        cmocka_unit_test_setup_teardown(rule_1_6_3_satchel_is_used_once, setup, board_teardown),
        cmocka_unit_test_setup_teardown(rule_1_6_8_captured_weapon_lost_after_a_miss, setup, board_teardown),
        cmocka_unit_test_setup_teardown(rule_1_6_abandon_when_leaving_the_hex, setup, board_teardown),
        cmocka_unit_test_setup_teardown(rule_1_6_pick_up_while_moving_costs_2_mp, setup, board_teardown),
        cmocka_unit_test_setup_teardown(rule_1_7_weapon_teams_buildings_and_hexsides, setup, board_teardown),
        cmocka_unit_test_setup_teardown(rule_1_6_3_flamethrower_shakes_and_the_unit_retreats, setup, board_teardown),
        cmocka_unit_test_setup_teardown(rule_1_6_3_c_the_retreat_draws_opportunity_fire, setup, board_teardown),
        cmocka_unit_test_setup_teardown(rule_1_6_reduced_squad_drops_a_weapon_of_its_owners_choice, setup, board_teardown),
        cmocka_unit_test_setup_teardown(EX_006_indirect_mortar_fire_directed_by_an_adjacent_leader, setup, board_teardown),
        cmocka_unit_test_setup_teardown(rule_1_6_two_smcs_crew_a_weapon_at_full_fp, setup, board_teardown),
        cmocka_unit_test_setup_teardown(rule_1_6_8_captured_weapon_in_a_melee_that_goes_on, setup, board_teardown),
        cmocka_unit_test_setup_teardown(EX_032_captured_mg_leaves_an_unfinished_melee_in_the_admin_phase, setup, board_teardown),
        cmocka_unit_test_setup_teardown(rule_1_7_weapon_team_fires_apart, setup, board_teardown),
        cmocka_unit_test_setup_teardown(rule_1_6_squad_fires_one_weapon_with_its_ifp_or_two_without, setup, board_teardown),
    };
    return cmocka_run_group_tests_name("support_weapons", tests, NULL, NULL);
}
