/*
 * test_vehicle_engine.c: the worked examples of 14.0-17.0 played through the engine
 * with forced dice, on the reconstructed Map 14 (ordnance fire at infantry and at
 * vehicles, non-penetrating hits, HEAT against red armour, ATGM depletion, armor
 * leaders, reversing, MVAM, passengers shot off, unloading, close assault), each
 * named by its digest id and asserting the book's numbers in the engine's log and
 * state. Rule tests of the same sections that no example covers are in
 * test_vehicle_rules.c.
 */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <cmocka.h>

#include <jansson.h>

#include "lnlt/ordnance.h"
#include "lnlt/view.h"
#include "support/board.h"
#include "support/vehicle_board.h"

#define US LNLT_SIDE_1
#define DE LNLT_SIDE_2

/* EX-079 (14.1 Ordnance Example 3): an M4A1 fires at two 1-6-4-5 squads in a Clear
 * hex 5 hexes away, no modifiers: a 7 hits (to-hit 8); 4 + 3 = 7 against 3 is a
 * Damage Check 4 for each squad. */
static void EX_079_sherman_he_through_the_engine(void **state)
{
    (void)state;
    int sherman = board_add("us_m4a1", US, "I1");
    vboard_face(sherman, "I2", "J2"); /* facing south-east-south: the I1-I6 line is in its arc */
    int a = board_add("de_squad_164", DE, "I6");
    int b = board_add("de_squad_164", DE, "I6");
    board_to_operations();
    board_play("activate I1", "");
    char cmd[64];
    snprintf(cmd, sizeof cmd, "shoot I1 I6 #%d", sherman);
    board_play(cmd, "3,4,4,3,2,2");
    board_expect_log("range 5: to-hit 8, PV 4");
    board_expect_log("+0 = 7 vs 8 -> hit");
    board_expect_log("HE on I6: 1d6 4 + HE 3 = 7 vs 1d6 3 -> damage checks");
    board_expect_log("+ DC 4 = 6 vs morale 5 -> Shaken");
    assert_int_equal(T.st.unit[a].status, LNLT_SHAKEN);
    assert_int_equal(T.st.unit[b].status, LNLT_SHAKEN);
    assert_true(T.st.unit[sherman].marks & LNLT_MARK_FIRED);
    /* 14.3: it did not destroy its target: an Acquiring marker on it */
    assert_int_equal(T.st.acq[0].firer, sherman);
    assert_int_equal(T.st.acq[0].level, 1);
}

/* EX-077 (14.1 Ordnance Example 1) through the engine: the Sherman may fire out to 28
 * hexes and no farther; 1-7 hexes take the left column, 10 the middle. */
static void EX_077_sherman_ranges_through_the_engine(void **state)
{
    (void)state;
    int sherman = board_add("us_m4a1", US, "H1");
    vboard_face(sherman, "H2", "I1");
    board_add("de_squad_164", DE, "H8"); /* 7 hexes: left column */
    board_to_operations();
    board_play("activate H1", "");
    char cmd[64];
    snprintf(cmd, sizeof cmd, "shoot H1 H8 #%d", sherman);
    board_play_loose(cmd, "6,6");
    board_expect_log("range 7: to-hit 8, PV 4");
    board_expect_log("-> miss (a natural 12)");
}

/* EX-077 (14.1 Ordnance Example 1): at 10 hexes the middle column. */
static void EX_077_sherman_middle_column_at_ten(void **state)
{
    (void)state;
    int sherman = board_add("us_m4a1", US, "A5");
    vboard_face(sherman, "B5", "B6");
    board_add("de_squad_164", DE, "K5");
    board_to_operations();
    board_play("activate A5", "");
    vboard_play_f("6,6", "shoot A5 K5 #%d", sherman);
    board_expect_log("range 10: to-hit 6, PV 3");
}

/* EX-074 (11.5 SMC Example 6): a Crusader III (morale 6) commanded by Lt Hird
 * (7-1) uses morale 7: its morale check after a hit that does not penetrate. */
static void EX_074_armor_leader_lends_his_morale(void **state)
{
    (void)state;
    int crusader = board_add("gb_crusader3", US, "E3");
    vboard_face(crusader, "F3", "F4");
    int hird = board_add("gb_lt_hird", US, NULL);
    vboard_board_in(hird, crusader, false);
    int pz = board_add("de_pz4h", DE, "J3");
    vboard_face(pz, "I2", "I3");
    T.st.initiative = DE;
    T.st.impulse_side = DE;
    board_to_operations();
    board_play("activate J3", "");
    /* to hit 3 + 1 = 4 (even: the turret), penetration 2 + 5 = 7 vs 6 + AF 3 = 9,
     * morale check 4 + 4 = 8 - 2 = 6 vs 7: passes */
    vboard_play_f("3,1,2,6,4,4", "shoot J3 E3 v%d #%d", crusader, pz);
    board_expect_log("- (MAV - MPV) = 6 vs morale 7 -> passes");
    assert_int_equal(T.st.unit[crusader].status, LNLT_GOOD_ORDER);
}

/* EX-078 (14.1 Ordnance Example 2): the Grant's 37 mm and 75 mm both fire in the
 * same impulse, at the same hex only. */
static void EX_078_grant_two_guns_one_hex(void **state)
{
    (void)state;
    int grant = board_add("gb_grant", US, "E3");
    vboard_face(grant, "F3", "F4");
    board_add("de_squad_164", DE, "I4");
    board_add("de_squad_164", DE, "I3");
    board_to_operations();
    board_play("activate E3", "");
    vboard_play_f("6,6", "shoot E3 I4 #%d", grant);
    assert_true(vboard_legal_f("shoot E3 I4 g1 #%d", grant));
    assert_false(vboard_legal_f("shoot E3 I3 g1 #%d", grant));
    vboard_play_f("6,6", "shoot E3 I4 g1 #%d", grant);
    assert_false(vboard_legal_f("shoot E3 I4 #%d", grant)); /* each gun once */
}

/* EX-080 (14.1.1 Ordnance Example 4): MPV 4 against MAV 10 modifies the
 * vehicle's morale check by -6. */
static void EX_080_nonpenetrating_hit_morale_check(void **state)
{
    (void)state;
    int grant = board_add("gb_grant", US, "E3");
    vboard_face(grant, "F3", "F4");
    int pz = board_add("de_pz4h", DE, "J3");
    vboard_face(pz, "I2", "I3");
    board_to_operations();
    board_play("activate E3", "");
    /* the 37 mm: 4 + 3 = 7 vs 8 hits the hull (coloured 3); 2 + PV 2 = 4 vs 5 + AF 5 = 10;
     * morale check 6 + 5 = 11 - 6 = 5 vs 6: passes, no effect */
    vboard_play_f("4,3,2,5,6,5", "shoot E3 J3 v%d #%d", pz, grant);
    board_expect_log("1d6 2 + PV 2 = 4 vs 1d6 5 + AF 5 = 10");
    board_expect_log("- (MAV - MPV) = 5 vs morale 6 -> passes");
    assert_int_equal(T.st.unit[pz].status, LNLT_GOOD_ORDER);
}

static double jprob(const json_t *o, const char *key) { return json_real_value(json_object_get(o, key)); }

/* The probability of `result` in an "outcomes" array, 0 when absent. */
static double outcome_p(const json_t *arr, const char *result)
{
    for (size_t i = 0; i < json_array_size(arr); i++)
        if (!strcmp(json_string_value(json_object_get(json_array_get(arr, i), "result")), result))
            return jprob(json_array_get(arr, i), "probability");
    return 0;
}

/* The EX-080 situation (14.1, 14.1.1, 14.1.3) previewed before the dice roll: the
 * Grant's 37 mm (to-hit 8, PV 2 at 5 hexes, no modifier) at the Pz IV H facing it
 * (front turret AF 4, front hull AF 5, morale 6). By hand:
 *  - hit: 2d6 <= 8, 26/36; turret (natural 4, 6, 8): 13/36; hull (2, 3, 5, 7): 13/36;
 *  - turret, 1d6 + 2 against 1d6 + 4 (a, d): destroyed when a - d >= 3 (6 pairs, the
 *    catastrophic 6-1 among them): 1/6; equal when a - d = 2 (4 pairs): MC 2d6 <= 6
 *    (15/36) shakes, else abandoned: 4/36 x 21/36 = 7/108; the other 26 pairs: the
 *    dud 1-6 does nothing, the 25 others take the MC at -(MAV - MPV), failing (or a
 *    natural 12) shakes: shaken 121/648 in all, no effect 377/648;
 *  - hull (AF 5): destroyed 3/36 = 1/12, abandoned 3/36 x 21/36 = 7/144, shaken
 *    215/1296, no effect 455/648;
 *  - in all: miss 10/36, destroyed 13/144, abandoned 637/15552, shaken 5941/46656,
 *    no effect 338/729. */
static void EX_080_preview_odds(void **state)
{
    (void)state;
    int grant = board_add("gb_grant", US, "E3");
    vboard_face(grant, "F3", "F4");
    int pz = board_add("de_pz4h", DE, "J3");
    vboard_face(pz, "I2", "I3");
    board_to_operations();
    board_play("activate E3", "");
    char cmd[64];
    snprintf(cmd, sizeof cmd, "shoot E3 J3 v%d #%d", pz, grant);
    lnlt_error err;
    json_t *o = lnlt_preview_state_json(&T.ctx, &T.st, cmd, &err);
    if (!o)
        fail_msg("%s", err.msg);
    const double eps = 0.00006; /* the preview rounds to four places */
    json_t *th = json_object_get(o, "to_hit");
    assert_int_equal(json_integer_value(json_object_get(th, "number")), 8);
    assert_int_equal(json_integer_value(json_object_get(th, "modifier")), 0);
    assert_float_equal(jprob(th, "probability"), 26.0 / 36, eps);
    json_t *parts = json_object_get(o, "hit_location");
    assert_int_equal(json_array_size(parts), 2);
    json_t *tur = json_array_get(parts, 0), *hull = json_array_get(parts, 1);
    assert_string_equal(json_string_value(json_object_get(tur, "face")), "front turret");
    assert_int_equal(json_integer_value(json_object_get(tur, "armor")), 4);
    assert_int_equal(json_integer_value(json_object_get(tur, "pv")), 2);
    assert_float_equal(jprob(tur, "probability"), 13.0 / 36, eps);
    assert_float_equal(jprob(tur, "penetration"), 1.0 / 6, eps);
    assert_float_equal(outcome_p(json_object_get(tur, "outcomes"), "abandoned"), 7.0 / 108, eps);
    assert_float_equal(outcome_p(json_object_get(tur, "outcomes"), "shaken"), 121.0 / 648, eps);
    assert_float_equal(outcome_p(json_object_get(tur, "outcomes"), "no_effect"), 377.0 / 648, eps);
    assert_string_equal(json_string_value(json_object_get(hull, "face")), "front hull");
    assert_int_equal(json_integer_value(json_object_get(hull, "armor")), 5);
    assert_float_equal(jprob(hull, "probability"), 13.0 / 36, eps);
    assert_float_equal(jprob(hull, "penetration"), 1.0 / 12, eps);
    assert_float_equal(outcome_p(json_object_get(hull, "outcomes"), "abandoned"), 7.0 / 144, eps);
    assert_float_equal(outcome_p(json_object_get(hull, "outcomes"), "shaken"), 215.0 / 1296, eps);
    json_t *out = json_object_get(o, "outcomes");
    assert_float_equal(outcome_p(out, "miss"), 10.0 / 36, eps);
    assert_float_equal(outcome_p(out, "destroyed"), 13.0 / 144, eps);
    assert_float_equal(outcome_p(out, "abandoned"), 637.0 / 15552, eps);
    assert_float_equal(outcome_p(out, "shaken"), 5941.0 / 46656, eps);
    assert_float_equal(outcome_p(out, "no_effect"), 338.0 / 729, eps);
    json_decref(o);
    /* nothing changed: the shot is still to be made, and makes what EX-080 says */
    vboard_play_f("4,3,2,5,6,5", "shoot E3 J3 v%d #%d", pz, grant);
    board_expect_log("- (MAV - MPV) = 5 vs morale 6 -> passes");
}

/* EX-079's situation previewed (14.1): the Sherman's HE at the two squads in the
 * open: to-hit 8 (26/36), then 1d6 + 3 against 1d6: DC k (k = 1..8) on
 * (6 - |k - 3|)/36 of the HE pairs, where it is positive; no effect on the other
 * 6/36 pairs and on every miss. */
static void EX_079_preview_he_odds(void **state)
{
    (void)state;
    int sherman = board_add("us_m4a1", US, "I1");
    vboard_face(sherman, "I2", "J2");
    board_add("de_squad_164", DE, "I6");
    board_add("de_squad_164", DE, "I6");
    board_to_operations();
    board_play("activate I1", "");
    char cmd[64];
    snprintf(cmd, sizeof cmd, "shoot I1 I6 #%d", sherman);
    lnlt_error err;
    json_t *o = lnlt_preview_state_json(&T.ctx, &T.st, cmd, &err);
    if (!o)
        fail_msg("%s", err.msg);
    const double eps = 0.00006;
    assert_float_equal(jprob(json_object_get(o, "to_hit"), "probability"), 26.0 / 36, eps);
    assert_int_equal(json_integer_value(json_object_get(json_object_get(o, "he"), "he")), 3);
    assert_null(json_object_get(o, "defence"));
    json_t *out = json_object_get(o, "outcomes");
    double hit = 26.0 / 36, seen = 0;
    for (size_t i = 0; i < json_array_size(out); i++) {
        json_t *oc = json_array_get(out, i);
        int dc = (int)json_integer_value(json_object_get(oc, "dc"));
        double want = dc == 0 ? 1 - hit + hit * 6.0 / 36 : hit * (6 - abs(dc - 3)) / 36.0;
        assert_float_equal(jprob(oc, "probability"), want, eps);
        seen += jprob(oc, "probability");
    }
    assert_int_equal(json_array_size(out), 9); /* no effect and DC 1..8 */
    assert_float_equal(seen, 1.0, 0.0005);
    assert_int_equal(json_array_size(json_object_get(o, "targets")), 2);
    json_decref(o);
}

/* EX-081 (14.2.2 Ordnance Example 5): an RPG-16 (HEAT, PV 9) hits the red side
 * hull (AF 2) of an M2 Bradley at 5 hexes: 1d6 + 5 against 1d6 + 2. */
static void EX_081_heat_against_red_armour(void **state)
{
    (void)state;
    int squad = board_add("sm_squad_255", DE, "E2");
    board_add_sw("rpg16", squad, NULL);
    int brad = board_add("us_m2_bradley", US, "E7");
    vboard_face(brad, "F7", "F8"); /* facing east: E2, due north, looks at its flank */
    T.st.initiative = DE;
    T.st.impulse_side = DE;
    board_to_operations();
    board_play("activate E2", "");
    /* 4 + 3 = 7 (odd) hits the hull; 4 + 5 against 4 + 2 destroys it; the crew's 1d6 2 is lost */
    vboard_play_f("4,3,4,4,2", "shoot E2 E7 v%d w0 #%d", brad, squad);
    board_expect_log("range 5: to-hit 7, PV 9");
    board_expect_log("hit on the flank hull: 1d6 4 + PV 9 - 4 (HEAT on red armour) = 9 vs 1d6 4 + AF 2 = 6");
    assert_true(lnlt_bit(T.st.wreck, board_cell("E7")));
}

/* EX-082 (14.4.1 Ordnance Example 6): a BMP-1 (ATGM depletion 5) fires its
 * ATGM; a coloured die of 4 or less expends it after the shot. */
static void EX_082_atgm_depletion(void **state)
{
    (void)state;
    int bmp = board_add("su_bmp1", DE, "E3");
    vboard_face(bmp, "F3", "F4");
    board_add("us_m4a1", US, "J3"); /* 14.4: an ATGM does not fire at infantry in the open */
    T.st.initiative = DE;
    T.st.impulse_side = DE;
    board_to_operations();
    board_play("activate E3", "");
    /* 14.4: the shot is announced; the Sherman may fire back first, and lets it fly */
    vboard_play_f("", "shoot E3 J3 v1 g1 #%d", bmp);
    assert_int_equal(T.st.decision, LNLT_DECIDE_ATGM);
    board_play("no-fire", "6,5");
    assert_false(vboard_vehicle(bmp)->flags & LNLT_VEH_ATGM_EXPENDED);
    T.st.unit[bmp].marks = 0;
    T.st.unit[bmp].flags = 0;
    lnlt_vehicle *v = vboard_vehicle(bmp);
    v->shots = 0;
    v->turn = 0;
    v->impulse = 0;
    v->fire_loc = -1;
    T.st.decision = LNLT_DECIDE_ACTIVATION;
    vboard_play_f("", "shoot E3 J3 v1 g1 #%d", bmp);
    board_play("no-fire", "6,4");
    board_expect_log("the coloured die 4 is below the depletion number 5");
    assert_true(vboard_vehicle(bmp)->flags & LNLT_VEH_ATGM_EXPENDED);
}

/* EX-083 (15.1 Vehicle Example 1): reversing into a Clear hex costs 2 MP. */
static void EX_083_reverse_costs_double(void **state)
{
    (void)state;
    int sherman = board_add("us_m4a1", US, "E3");
    vboard_face(sherman, "F3", "F4"); /* east: D3 and D4 are behind it */
    board_to_operations();
    board_play("activate E3", "");
    vboard_play_f("", "drive E3 #%d", sherman);
    board_play("step D3", "");
    board_expect_log("enters D3 from E3 (2 MP; 8 MP left)");
    assert_int_equal(vboard_vehicle(sherman)->facing, 1); /* reversing keeps the facing */
}

/* EX-084 (15.2.2 Vehicle Example 2): a Scorpion (MF 20) assault-moving by MVAM
 * moves 4, fires at +1, and still has 6 of its 10 MP. */
static void EX_084_mvam_move_fire_move(void **state)
{
    (void)state;
    int scorpion = board_add("gb_scorpion", US, "D3");
    vboard_face(scorpion, "E2", "E3");
    board_add("de_squad_164", DE, "J3");
    board_to_operations();
    board_play("activate D3", "");
    vboard_play_f("", "drive-assault D3 #%d", scorpion);
    vboard_step("E3");
    vboard_step("F3");
    vboard_step("G3");
    vboard_step("H3");
    vboard_play_f("6,6", "shoot H3 J3 #%d", scorpion);
    board_expect_log("assault move (MVAM)");
    vboard_step("I2");
    board_expect_log("(1 MP; 5 MP left)");
}

/* EX-087 (17.1 Close Assault Example 1): a 2-6-4 squad close-assaults a vehicle
 * whose lowest AF is 0: 1d6 + 2 against 1d6 + 0; greater destroys it, a Wreck is
 * placed and the squad takes a Melee marker. */
static void EX_087_close_assault(void **state)
{
    (void)state;
    int squad = board_add("usa_squad_264", US, "G2");
    int ht = board_add("de_sdkfz251", DE, "G3");
    vboard_face(ht, "G4", "H4");
    board_to_operations();
    board_play("activate G2", "");
    /* the pre-assault morale check 2 + 3 = 5 vs 5, then 4 + 2 = 6 vs 3 + 0 */
    vboard_play_f("2,3,4,3", "close-assault G2 G3 v%d", ht);
    board_expect_log("1d6 4 + IFP 2 = 6 vs 1d6 3 + lowest AF 0 = 3 -> destroyed");
    assert_true(lnlt_bit(T.st.wreck, board_cell("G3")));
    assert_int_equal(T.st.unit[squad].cell, board_cell("G3"));
    assert_true(lnlt_bit(T.st.melee, board_cell("G3")));
}

/* EX-086 (16.4 Passengers Example 6): a 1-6-4 squad (MF 4) unloads from a tank
 * (MF 10): it pays 2 MP and is Moved at once, moves 2 Clear hexes, and only then
 * does the tank spend its remaining 5 MP. */
static void EX_086_unload_then_move_on(void **state)
{
    (void)state;
    int pz = board_add("de_pz4h", DE, "E3");
    vboard_face(pz, "F3", "F4");
    int squad = board_add("de_squad_164", DE, NULL);
    vboard_board_in(squad, pz, true); /* a tank's riders ride outside (PPO) */
    T.st.initiative = DE;
    T.st.impulse_side = DE;
    board_to_operations();
    board_play("activate E3", "");
    vboard_play_f("", "unload E3 v%d", pz);
    board_expect_log("gets off #0 Pz IV H in E3 (2 MP)");
    assert_true(T.st.unit[squad].marks & LNLT_MARK_MOVED); /* at the moment it gets off */
    assert_int_equal(T.st.unit[squad].cell, board_cell("E3"));
    /* the squad moves first: 2 MP left, two Clear hexes */
    vboard_step("F3");
    vboard_step("G3");
    assert_false(board_legal("step H3"));
    assert_int_equal(T.st.unit[squad].cell, board_cell("G3"));
    /* then the tank, with 5 MP, in any direction */
    vboard_play_f("", "drive E3 #%d", pz);
    board_expect_log("moves from E3 with 5 MP");
    vboard_step("F4");
    vboard_step("G4");
    vboard_step("H5");
    vboard_step("I5");
    vboard_step("J6");
    assert_false(board_legal("step K6"));
    assert_false(board_legal("step K7"));
}

/* EX-085 (16.2 Passengers Example 1): a buttoned T-34 (MF 11) carrying a squad, a
 * leader and a hero outside has spent 7 MP when small arms hit it. The T-34 is
 * unaffected; squad and leader are shaken and must get off (no MP, Moved), the
 * hero may; the T-34 may stay or go on with 4 MP; the enemy has two more
 * opportunity attacks on those who got off before it leaves the hex. */
static void EX_085_riders_shot_off(void **state)
{
    (void)state;
    int t34 = board_add("su_t34", US, "E1");
    vboard_face(t34, "F2", "E2"); /* south-east corner: straight down column E */
    lnlt_error err;
    assert_true(lnlt_state_set_buttoned(&T.ctx, &T.st, t34, true, &err));
    int squad = board_add("su_squad_244", US, NULL);
    int leader = board_add("su_sgt_pavlov", US, NULL);
    int hero = board_add("su_hero_turpov", US, NULL);
    vboard_board_in(squad, t34, true);
    vboard_board_in(leader, t34, true);
    vboard_board_in(hero, t34, true);
    int de = board_add("de_squad_164", DE, "G8");
    board_add("de_squad_164", DE, "H8");
    board_add("de_squad_164", DE, "H7");
    board_add("de_squad_164", DE, "I8");
    board_to_operations();
    board_play("activate E1", "");
    vboard_play_f("", "drive E1 #%d", t34);
    vboard_step("E2");
    vboard_step("E3");
    vboard_step("E4");
    vboard_step("E5");
    vboard_step("E6");
    vboard_step("E7");
    board_play("step E8", "");
    board_expect_log("enters E8 from E7 (1 MP; 4 MP left)");
    /* attack 6 + 1 - 1 (moving vehicle) = 6 against 1 + AF 2 = 3: the buttoned
     * T-34 is not harmed; the riders count AF 1: 6 vs 2, damage checks of 4, the
     * leader first (3: shaken), the squad (2: shaken), the hero (1: unaffected) */
    board_play("opfire-at G8 E8 v0", "6,1,3,2,1");
    board_expect_log("the buttoned vehicle is not harmed; the riders on top (AF at most 1): 6 vs 2 -> damage checks");
    assert_int_equal(T.st.unit[t34].status, LNLT_GOOD_ORDER);
    assert_int_equal(T.st.unit[squad].status, LNLT_SHAKEN);
    assert_int_equal(T.st.unit[leader].status, LNLT_SHAKEN);
    assert_int_equal(T.st.unit[hero].status, LNLT_GOOD_ORDER);
    /* squad and leader got off, under Moved, paying no MP */
    assert_int_equal(T.st.unit[squad].cell, board_cell("E8"));
    assert_int_equal(T.st.unit[leader].cell, board_cell("E8"));
    assert_true(T.st.unit[squad].marks & LNLT_MARK_MOVED);
    /* the hero may go with them, or stay on */
    assert_true(vboard_legal_f("disembark #%d", hero));
    assert_true(board_legal("stay"));
    board_play("stay", "");
    assert_int_equal(T.st.unit[hero].cell, LNLT_CELL_ABOARD);
    /* two more opportunity attacks at those who got off, before the T-34 goes on */
    assert_int_equal(T.st.decision, LNLT_DECIDE_OPFIRE);
    board_play_loose("opfire H8", "1,6");
    assert_int_equal(T.st.decision, LNLT_DECIDE_OPFIRE);
    board_play_loose("opfire H7", "1,6");
    assert_false(board_legal("opfire I8")); /* two attacks, as for 2 MP */
    assert_int_equal(T.st.decision, LNLT_DECIDE_MOVE);
    /* the T-34 goes on with its 4 MP (at the map's edge: backing out, 2 MP a hex) */
    board_play("step E7", "");
    board_expect_log("enters E7 from E8 (2 MP; 2 MP left)");
    (void)de;
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test_setup_teardown(EX_079_sherman_he_through_the_engine, vboard_setup_all_data, board_teardown),
        cmocka_unit_test_setup_teardown(EX_077_sherman_ranges_through_the_engine, vboard_setup_all_data,
                                        board_teardown),
        cmocka_unit_test_setup_teardown(EX_077_sherman_middle_column_at_ten, vboard_setup_all_data, board_teardown),
        cmocka_unit_test_setup_teardown(EX_074_armor_leader_lends_his_morale, vboard_setup_all_data, board_teardown),
        cmocka_unit_test_setup_teardown(EX_078_grant_two_guns_one_hex, vboard_setup_all_data, board_teardown),
        cmocka_unit_test_setup_teardown(EX_080_nonpenetrating_hit_morale_check, vboard_setup_all_data, board_teardown),
        cmocka_unit_test_setup_teardown(EX_080_preview_odds, vboard_setup_all_data, board_teardown),
        cmocka_unit_test_setup_teardown(EX_079_preview_he_odds, vboard_setup_all_data, board_teardown),
        cmocka_unit_test_setup_teardown(EX_081_heat_against_red_armour, vboard_setup_all_data, board_teardown),
        cmocka_unit_test_setup_teardown(EX_082_atgm_depletion, vboard_setup_all_data, board_teardown),
        cmocka_unit_test_setup_teardown(EX_083_reverse_costs_double, vboard_setup_all_data, board_teardown),
        cmocka_unit_test_setup_teardown(EX_084_mvam_move_fire_move, vboard_setup_all_data, board_teardown),
        cmocka_unit_test_setup_teardown(EX_087_close_assault, vboard_setup_all_data, board_teardown),
        cmocka_unit_test_setup_teardown(EX_086_unload_then_move_on, vboard_setup_all_data, board_teardown),
        cmocka_unit_test_setup_teardown(EX_085_riders_shot_off, vboard_setup_all_data, board_teardown),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
