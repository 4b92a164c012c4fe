/*
 * test_conf_units.c: conformance tests for the general concepts of rule 1.0 that
 * had no engine test, written for docs/conformance.md, on Map 15 (and the floors
 * board) with forced dice: stacking (1.3), who carries weapons and whose weapons
 * are captured (1.6, 1.6.8), weapons of an eliminated unit (1.6), tripods between
 * floors (1.6.1), mortar weapons' limits (1.6.5), Molotov Cocktails (1.6.7) and
 * weapon teams in melee (1.7). Column H of Map 15 is road (TM 0), G7 a wooden
 * building, K5 light woods.
 */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <string.h>
#include <cmocka.h>

#include "lnlt/game.h"
#include "rules/internal.h"
#include "support/board.h"
#include "support/scenario_load.h"

static const char *const files[] = {
    "data/nations/starter_kit.json",         "tests/fixtures/nations/conformance.json",
    "data/units/us_wwii.json",               "data/units/de_wwii.json",
    "data/units/vc.json",                    "data/units/nva.json",
    "tests/fixtures/units/smc.json",         "tests/fixtures/units/sk_example.json",
    "tests/fixtures/units/weapon_teams.json", "tests/fixtures/units/conformance.json",
    "data/weapons/starter_kit.json",         "data/weapons/legend_examples.json",
    "tests/fixtures/weapons/conformance.json"};

static int setup(void **state)
{
    (void)state;
    board_open(files, (int)(sizeof files / sizeof files[0]), "data/maps/map15.json");
    return 0;
}

static const char *cmd1(const char *fmt, int a)
{
    static char buf[96];
    snprintf(buf, sizeof buf, fmt, a);
    return buf;
}

static void spot(int side, const char *hex) { rules_set_spot_marker(&T.st, side, board_cell(hex)); }

/* The US pass their first impulse so that the Germans act. */
static void german_impulse(void)
{
    board_to_operations();
    board_play("pass", "");
}

/* ---- 1.3 stacking ---- */

/* 1.3: three squads per side and hex; a stack may neither enter nor pass through a
 * hex it would overstack. */
static void rule_1_3_no_fourth_squad_in_or_through_a_hex(void **state)
{
    (void)state;
    for (int i = 0; i < 3; i++)
        board_add("us_abn_squad_254", 1, "H5");
    board_add("us_abn_squad_254", 1, "H6");
    board_add("de_squad_164", 2, "A1");
    board_to_operations();
    board_play("activate H6", "");
    board_play("move H6", "");
    assert_false(board_legal("step H5"));
    assert_true(board_legal("step H7"));
}

/* 4.0: units a stack moves through do not join it. */
static void rule_4_0_units_passed_through_do_not_join_the_move(void **state)
{
    (void)state;
    int mover = board_add("us_abn_squad_254", 1, "H7");
    int stay = board_add("us_abn_squad_254", 1, "H6");
    board_add("de_squad_164", 2, "A1");
    board_to_operations();
    board_play("activate H7", "");
    board_play("move H7", "");
    board_play("step H6", "");
    board_play("step H5", "");
    board_play("stop", "");
    assert_int_equal(T.st.unit[mover].cell, board_cell("H5"));
    assert_int_equal(T.st.unit[stay].cell, board_cell("H6"));
    assert_int_equal(T.st.unit[stay].marks, 0);
}

/* 1.3: two SMCs per side and hex. */
static void rule_1_3_no_third_smc_in_a_hex(void **state)
{
    (void)state;
    board_add("us_maj_tom", 1, "H5");
    board_add("us_cpl_medrow", 1, "H5");
    board_add("us_hero_hird", 1, "H6");
    board_add("de_squad_164", 2, "A1");
    board_to_operations();
    board_play("activate H6", "");
    board_play("move H6", "");
    assert_false(board_legal("step H5"));
}

/* 1.3: a weapon team counts as a squad, two half-squads as one. */
static void rule_1_3_weapon_team_and_two_half_squads_are_squads(void **state)
{
    (void)state;
    board_add("de_squad_164", 2, "H5");
    board_add("de_squad_164", 2, "H5");
    board_add("test_wt_mg", 2, "H5"); /* full */
    board_add("de_half_154", 2, "H3");
    board_add("de_half_154", 2, "H3");
    board_add("de_squad_164", 2, "H3");
    board_add("de_squad_164", 2, "H3"); /* full too */
    board_add("de_half_154", 2, "H4");
    board_add("us_abn_squad_254", 1, "A1");
    german_impulse();
    board_play("activate H4", "");
    board_play("move H4", "");
    assert_false(board_legal("step H5"));
    assert_false(board_legal("step H3"));
}

/* ---- 1.6 support weapons ---- */

/* 1.6, 11.x: squads, half-squads, crews and the eligible SMCs (leaders, heroes,
 * scouts, commissars, advisors) carry weapons; weapon teams, medics, snipers,
 * chaplains, nurses, pipers and marksmen do not. */
static void rule_1_6_who_may_carry_a_weapon(void **state)
{
    (void)state;
    static const struct {
        const char *type;
        bool carries;
    } kinds[] = {{"us_abn_squad_254", true}, {"us_abn_half_144", true}, {"us_maj_tom", true},
                 {"us_hero_hird", true},     {"test_scout", true},      {"test_advisor", true},
                 {"us_medic_wwii", false},   {"us_sniper_wwii", false}, {"test_chaplain", false},
                 {"test_nurse", false},      {"test_piper", false},     {"test_marksman", false}};
    static const char *const hexes[] = {"A1", "A3", "A7", "B3", "B8", "C3", "C5", "D3", "D5", "E1", "E6", "F1"};
    int n = (int)(sizeof kinds / sizeof kinds[0]);
    int u[16];
    for (int i = 0; i < n; i++) {
        u[i] = board_add(kinds[i].type, 1, hexes[i]);
        board_add_sw("bar", -1, hexes[i]);
    }
    board_add("de_squad_164", 2, "O8");
    for (int i = 0; i < n; i++) {
        char cmd[64];
        snprintf(cmd, sizeof cmd, "pickup %s w%d #%d", hexes[i], i, u[i]);
        if (board_legal(cmd) != kinds[i].carries)
            fail_msg("%s: expected %s", kinds[i].type, kinds[i].carries ? "a pick-up" : "none");
    }
    /* 11.7: commissars too (a German one, in the German rally actions) */
    int com = board_add("test_commissar", 2, "O6");
    int w = board_add_sw("mg34", -1, "O6");
    int team = board_add("test_wt_mg", 2, "O6");
    board_play("end-rally", "");
    char cmd[64];
    snprintf(cmd, sizeof cmd, "pickup O6 w%d #%d", w, com);
    assert_true(board_legal(cmd));
    snprintf(cmd, sizeof cmd, "pickup O6 w%d #%d", w, team);
    assert_false(board_legal(cmd)); /* 1.7: weapon teams hold no support weapons */
}

/* 1.6, 1.6.8: a side uses weapons of its colour and those it shares (the VC and the
 * NVA); an enemy weapon picked up is captured. */
static void rule_1_6_shared_weapons_are_not_captured(void **state)
{
    (void)state;
    int vc = board_add("vc_squad_143", 2, "H5");
    int rpd = board_add_sw("rpd", -1, "H5");
    int de = board_add("de_squad_164", 2, "H7");
    int bar = board_add_sw("bar", -1, "H7");
    board_add("us_abn_squad_254", 1, "A1");
    board_play("end-rally", "");
    char cmd[64];
    snprintf(cmd, sizeof cmd, "pickup H5 w%d #%d", rpd, vc);
    board_play(cmd, "");
    assert_false(T.st.sw[rpd].flags & LNLT_SW_CAPTURED);
    snprintf(cmd, sizeof cmd, "pickup H7 w%d #%d", bar, de);
    board_play(cmd, "");
    assert_true(T.st.sw[bar].flags & LNLT_SW_CAPTURED);
    board_expect_log("a captured weapon (1.6.8)");
}

/* 1.6: the weapons of an eliminated unit stay in its hex, unpossessed. */
static void rule_1_6_weapons_of_an_eliminated_unit_stay_in_the_hex(void **state)
{
    (void)state;
    int hs = board_add("us_abn_half_144", 1, "H4");
    int bar = board_add_sw("bar", hs, NULL);
    board_add("de_squad_164", 2, "H7");
    board_add("de_lt_koch", 2, "H7");
    german_impulse();
    board_play("activate H7", "");
    /* 6 + IFP 1 + LM 1 = 8 vs 1: DC+7; 6 + 7 = 13 >= 2 x 6: casualties, the half-squad is eliminated */
    board_play("fire H7 H4", "6,1,6");
    assert_int_equal(T.st.unit[hs].cell, LNLT_CELL_ELIMINATED);
    assert_int_equal(T.st.sw[bar].holder, -1);
    assert_int_equal(T.st.sw[bar].cell, board_cell("H4"));
}

/* 1.6.1: an assembled tripod MG upstairs (or on a roof) does not fire at the floor
 * below in its own hex, nor the other way; on its bipod side it does. */
static void rule_1_6_1_tripod_mg_does_not_fire_between_floors_of_its_hex(void **state)
{
    (void)state;
    board_close();
    board_open(files, (int)(sizeof files / sizeof files[0]), "tests/fixtures/maps/floors.json");
    int sq = board_add("de_squad_164", 2, "G2:upper");
    int mg = board_add_sw("mg42", sq, NULL); /* front: the assembled tripod, FP 3 */
    board_add("us_abn_squad_254", 1, "G2");
    board_add("us_abn_squad_254", 1, "A8");
    spot(2, "G2");
    german_impulse();
    board_play("activate G2:upper", "");
    board_play("fire G2:upper G2", "1,6"); /* the squad's IFP 1 alone */
    board_expect_log("fire at G2: 1d6 1 + 1 = 2");
    /* the bipod side (FP 2) fires between the floors */
    board_close();
    board_open(files, (int)(sizeof files / sizeof files[0]), "tests/fixtures/maps/floors.json");
    sq = board_add("de_squad_164", 2, "G2:upper");
    mg = board_add_sw("mg42", sq, NULL);
    T.st.sw[mg].flags |= LNLT_SW_BACK_SIDE;
    board_add("us_abn_squad_254", 1, "G2");
    board_add("us_abn_squad_254", 1, "A8");
    spot(2, "G2");
    german_impulse();
    board_play("activate G2:upper", "");
    board_play("fire G2:upper G2", "1,6");
    board_expect_log("fire at G2: 1d6 1 + 3 = 4");
    /* and from the ground floor up, with the tripod assembled */
    board_close();
    board_open(files, (int)(sizeof files / sizeof files[0]), "tests/fixtures/maps/floors.json");
    sq = board_add("de_squad_164", 2, "G2");
    board_add_sw("mg42", sq, NULL);
    board_add("us_abn_squad_254", 1, "G2:upper");
    board_add("us_abn_squad_254", 1, "A8");
    spot(2, "G2:upper");
    german_impulse();
    board_play("activate G2", "");
    board_play("fire G2 G2:upper", "1,6");
    board_expect_log("fire at G2:upper: 1d6 1 + 1 = 2");
}

/* 1.6.2: on a map with Sand a jammed weapon is lost for good on a repair roll of
 * 1 or 2 (1 elsewhere). */
static void rule_1_6_2_sand_breaks_a_jammed_weapon_on_1_or_2(void **state)
{
    (void)state;
    board_close();
    board_open(files, (int)(sizeof files / sizeof files[0]), "tests/fixtures/maps/sand.json");
    int sq = board_add("us_abn_squad_254", 1, "B2");
    int mg = board_add_sw("m1919a4", sq, NULL);
    T.st.sw[mg].flags |= LNLT_SW_JAMMED;
    board_add("de_squad_164", 2, "G5");
    board_play("end-rally", "2"); /* the US repair roll: 2 */
    assert_true(T.st.sw[mg].flags & LNLT_SW_BROKEN);
    board_expect_log("sand");
}

/* 1.6.5: a mortar weapon does not fire from a building nor as opportunity fire, and
 * leaves no Fire For Effect marker. */
static void rule_1_6_5_mortar_weapon_limits(void **state)
{
    (void)state;
    int in_house = board_add("de_squad_164", 2, "N3"); /* a wooden building */
    board_add_sw("mortar_51mm", in_house, NULL);
    int in_open = board_add("de_squad_164", 2, "H7");
    board_add_sw("mortar_51mm", in_open, NULL);
    board_add("us_abn_squad_254", 1, "H4");
    board_add("us_abn_squad_254", 1, "N5");
    german_impulse();
    board_play("activate N3", "");
    board_play("fire N3 N5", "1,6"); /* IFP 1 alone: no 2d6 for the mortar */
    assert_false(board_logged("mortar: high die"));
    board_play("done", "");
    board_play("pass", "");
    board_play("activate H7", "");
    board_play("fire H7 H4", "1,2,6"); /* high die 2 + IFP 1 + mortar 2 */
    board_expect_log("fire at H4: 1d6 2 + 3 = 5");
    assert_false(lnlt_bit(T.st.ffe, board_cell("H4")));
    board_play("done", "");
    /* a third German squad with a mortar fires at a mover: its IFP only */
    int of = board_add("de_squad_164", 2, "H8");
    board_add_sw("mortar_51mm", of, NULL);
    board_play("activate H4", "");
    board_play("move H4", "");
    board_play("step H5", "");
    T.log_last_command = true;
    board_play("opfire H8", "1,6");
    assert_false(board_logged("mortar: high die"));
    board_expect_log("fire at H5: 1d6 1 + 1 + moving 1 = 3");
}

/* 10.6: every SW, mortars included, fires from a rooftop (1.6.5 bars the building
 * itself). */
static void rule_10_6_mortar_fires_from_a_rooftop(void **state)
{
    (void)state;
    board_close();
    board_open(files, (int)(sizeof files / sizeof files[0]), "tests/fixtures/maps/floors.json");
    int roof = board_add("de_squad_164", 2, "J5:roof");
    board_add_sw("mortar_51mm", roof, NULL);
    int inside = board_add("de_squad_164", 2, "J5"); /* the floor under the roof */
    board_add_sw("mortar_51mm", inside, NULL);
    board_add("us_abn_squad_254", 1, "J2");
    german_impulse();
    board_play("activate J5:roof", "");
    board_play("fire J5:roof J2", "1,2,6"); /* high die 2 + IFP 1 + mortar 2 */
    board_expect_log("fire at J2: 1d6 2 + 3 = 5");
    board_play("done", "");
    board_play("pass", "");
    board_play("activate J5", "");
    T.log_last_command = true;
    board_play("fire J5 J2", "1,6"); /* inside the building: the IFP alone */
    board_expect_log("fire at J2: 1d6 1 + 1 = 2");
}

/* 1.6.5: a mortar fired by a lone SMC is halved (never halved in a group). */
static void rule_1_6_5_mortar_of_a_lone_smc_is_halved(void **state)
{
    (void)state;
    int adv = board_add("test_advisor", 1, "H7");
    board_add_sw("mortar_51mm", adv, NULL);
    board_add("de_squad_164", 2, "H4");
    board_to_operations();
    board_play("activate H7", "");
    board_play("fire H7 H4", "1,3,6"); /* high die 3 + mortar 2 halved = 1 */
    board_expect_log("fire at H4: 1d6 3 + 1 = 4");
}

/* 1.6.7: a Molotov Cocktail (FP 1, range 1) adds to the IFP, is used once, takes
 * no other DFT modifier when thrown alone, costs an SMC no MP, and a target it
 * shakes retreats. */
static void rule_1_6_7_molotov_cocktail(void **state)
{
    (void)state;
    int sq = board_add("us_abn_squad_254", 1, "H6");
    int m = board_add_sw("test_molotov", sq, NULL);
    int de = board_add("de_squad_164", 2, "H5");
    board_to_operations();
    board_play("activate H6", "");
    /* IFP 2 + 2 adjacent + Molotov 1 = 5; 1 + 5 = 6 vs 5: DC+1; 4 + 1 = 5 > 5? no: shaken needs > 5 */
    board_play("fire H6 H5", "1,5,5");
    board_expect_log("fire at H5: 1d6 1 + 5 = 6");
    assert_int_equal(T.st.sw[m].cell, LNLT_CELL_ELIMINATED);
    assert_int_equal(T.st.unit[de].status, LNLT_SHAKEN);
    lnlt_decision d = lnlt_decision_get(&T.ctx, &T.st);
    assert_int_equal(d.kind, LNLT_DECIDE_RETREAT); /* as a flamethrower's target (1.6.3) */
    /* an SMC: full FP, and no -2 MP for carrying it */
    board_close();
    setup(NULL);
    int adv = board_add("test_advisor", 1, "H6");
    board_add_sw("test_molotov", adv, NULL);
    board_add("de_squad_164", 2, "H5");
    board_add("de_squad_164", 2, "A1");
    board_to_operations();
    board_play("activate H6", "");
    board_play("fire H6 H5", "1,6"); /* the Molotov's 1 alone: no other DFT modifier (no +2 adjacent) */
    board_expect_log("fire at H5: 1d6 1 + 1 = 2");
    board_play("done", "");
    board_close();
    setup(NULL);
    adv = board_add("test_advisor", 1, "H6");
    board_add_sw("test_molotov", adv, NULL);
    board_add("de_squad_164", 2, "A1");
    board_to_operations();
    board_play("activate H6", "");
    board_play("move H6", "");
    board_expect_log("with 5 MP"); /* the advisor's MF 5, nothing taken off */
}

/* 1.7: weapon teams neither double-time nor low crawl. */
static void rule_1_7_weapon_teams_neither_double_time_nor_crawl(void **state)
{
    (void)state;
    board_add("test_wt_mg", 2, "H5");
    board_add("de_lt_koch", 2, "H5");
    board_add("us_abn_squad_254", 1, "A1");
    german_impulse();
    board_play("activate H5", "");
    assert_true(board_legal("move H5"));
    assert_false(board_legal("dt H5"));
    assert_false(board_legal("crawl H5"));
}

/* 1.7, 8.0: weapon teams never enter a melee; attacked, an MG team defends and
 * counterattacks with its full IFP, another team defends with 1 and cannot. */
static void rule_1_7_weapon_teams_in_melee(void **state)
{
    (void)state;
    int us = board_add("us_abn_squad_254", 1, "H7");
    int team = board_add("test_wt_mg", 2, "H6");
    board_add("de_squad_164", 2, "A1");
    board_to_operations();
    board_play("activate H7", "");
    board_play("move H7", "");
    board_play("step H6", "");
    board_play(cmd1("target #%d", team), "");
    /* the MG team strikes back: 3 vs 2 */
    board_play(cmd1("target #%d", us), "1,1,1,1");
    board_expect_log("FP 3 vs 2");
    board_close();
    setup(NULL);
    us = board_add("us_abn_squad_254", 1, "H7");
    team = board_add("test_wt_gun", 2, "H6");
    board_add("de_squad_164", 2, "A1");
    board_to_operations();
    board_play("activate H7", "");
    board_play("move H7", "");
    board_play("step H6", "");
    board_play(cmd1("target #%d", team), "");
    /* the Germans' reply names a target, but the gun team cannot attack: one roll, 2 vs 1 */
    board_play(cmd1("target #%d", us), "1,1");
    board_expect_log("FP 2 vs 1");
    assert_false(board_logged("German attacks"));
}

/* 1.6, R-SW-05: a half-squad fires its weapon or its IFP, not both; a hero too. */
static void rule_1_6_half_squad_and_hero_fire_weapon_or_ifp(void **state)
{
    (void)state;
    int hs = board_add("us_abn_half_144", 1, "H7");
    board_add_sw("bar", hs, NULL);
    board_add("de_squad_164", 2, "H4");
    board_to_operations();
    board_play("activate H7", "");
    board_play("fire H7 H4", "1,6"); /* IFP 1 or BAR 1: FP 1, not 2 */
    board_expect_log("fire at H4: 1d6 1 + 1 = 2");
    board_close();
    setup(NULL);
    int hero = board_add("us_hero_hird", 1, "H6");
    board_add_sw("bar", hero, NULL);
    board_add("de_squad_164", 2, "H4");
    board_to_operations();
    board_play("activate H6", "");
    board_play("fire H6 H4", "1,6"); /* IFP 2, not 2 + the BAR's half */
    board_expect_log("fire at H4: 1d6 1 + 2 = 3");
}

/* 1.6.1: units entering the map carry their tripods dismantled, whatever the OOB
 * wrote. */
static void rule_1_6_1_entering_tripods_come_dismantled(void **state)
{
    (void)state;
    test_scenario l;
    test_scenario_load(&l, "tests/fixtures/data/scenario_entering_tripod.json");
    lnlt_state st;
    lnlt_state_init(&st, &l.ctx, 1);
    for (int i = 0; i < st.unit_count; i++)
        if (st.unit[i].cell >= 0)
            st.unit[i].cell = LNLT_CELL_NONE;
    lnlt_error err;
    assert_true(lnlt_state_add_unit(&l.ctx, &st, "us_abn_squad_254", 1, "A8", &err) >= 0);
    st.phase = LNLT_PHASE_OPERATIONS;
    st.decision = LNLT_DECIDE_IMPULSE;
    st.impulse_side = st.to_act = 2;
    int mg = -1;
    for (int i = 0; i < st.sw_count; i++)
        if (!strcmp(l.ctx.catalog->sw[st.sw[i].type].id, "mg42"))
            mg = i;
    assert_true(mg >= 0);
    assert_false(st.sw[mg].flags & LNLT_SW_BACK_SIDE);
    static lnlt_action legal[4096];
    int n = lnlt_legal_actions(&l.ctx, &st, legal, 4096), enter = -1;
    for (int i = 0; i < n && enter < 0; i++)
        if (legal[i].type == LNLT_ACT_ENTER && lnlt_bit(legal[i].units, st.sw[mg].holder))
            enter = i;
    assert_true(enter >= 0);
    if (!lnlt_apply(&l.ctx, &st, &legal[enter], NULL, NULL, &err))
        fail_msg("%s", err.msg);
    /* the entry gathers its group, then moves in (R-SCN-09): send the holder in alone */
    assert_int_equal(lnlt_decision_get(&l.ctx, &st).kind, LNLT_DECIDE_ENTRY_GROUP);
    n = lnlt_legal_actions(&l.ctx, &st, legal, 4096);
    int go = -1;
    for (int i = 0; i < n && go < 0; i++)
        if (legal[i].type == LNLT_ACT_MOVE)
            go = i;
    assert_true(go >= 0);
    if (!lnlt_apply(&l.ctx, &st, &legal[go], NULL, NULL, &err))
        fail_msg("%s", err.msg);
    assert_true(st.sw[mg].flags & LNLT_SW_BACK_SIDE);
    test_scenario_unload(&l);
}

/* 1.8: an event marker that names no side is set off by either side's units. */
static void enter_j5(int side, const char *from, const char *type)
{
    test_scenario l;
    test_scenario_load(&l, "tests/fixtures/data/scenario_event_either_side.json");
    lnlt_state st;
    lnlt_state_init(&st, &l.ctx, 1);
    for (int i = 0; i < st.unit_count; i++)
        st.unit[i].cell = LNLT_CELL_NONE;
    lnlt_error err;
    int u = lnlt_state_add_unit(&l.ctx, &st, type, side, from, &err);
    assert_true(u >= 0);
    assert_true(lnlt_state_add_unit(&l.ctx, &st, side == 1 ? "de_squad_164" : "us_abn_squad_254", 3 - side, "A8",
                                    &err) >= 0);
    st.phase = LNLT_PHASE_OPERATIONS;
    st.decision = LNLT_DECIDE_IMPULSE;
    st.impulse_side = st.to_act = (uint8_t)side;
    lnlt_events log;
    lnlt_events_init(&log);
    char cmd[3][32];
    snprintf(cmd[0], sizeof cmd[0], "activate %s", from);
    snprintf(cmd[1], sizeof cmd[1], "move %s", from);
    snprintf(cmd[2], sizeof cmd[2], "step J5");
    for (int k = 0; k < 3; k++) {
        lnlt_action a;
        if (!lnlt_action_parse(&l.ctx, &st, cmd[k], &a, &err) || !lnlt_apply(&l.ctx, &st, &a, NULL, &log, &err))
            fail_msg("%s: %s", cmd[k], err.msg);
    }
    assert_true(st.events_done & 1);
    bool said = false;
    char text[512];
    for (int i = 0; i < log.count; i++) {
        lnlt_event_text(&log.ev[i], text, sizeof text);
        said |= strstr(text, "event marker A in J5 is triggered") != NULL;
    }
    assert_true(said);
    lnlt_events_free(&log);
    test_scenario_unload(&l);
}

static void rule_1_8_marker_without_a_side_fires_for_either_side(void **state)
{
    (void)state;
    enter_j5(1, "K5", "us_abn_squad_254");
    enter_j5(2, "K5", "de_squad_164");
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test_setup_teardown(rule_1_3_no_fourth_squad_in_or_through_a_hex, setup, board_teardown),
        cmocka_unit_test_setup_teardown(rule_1_3_no_third_smc_in_a_hex, setup, board_teardown),
        cmocka_unit_test_setup_teardown(rule_4_0_units_passed_through_do_not_join_the_move, setup, board_teardown),
        cmocka_unit_test_setup_teardown(rule_1_3_weapon_team_and_two_half_squads_are_squads, setup, board_teardown),
        cmocka_unit_test_setup_teardown(rule_1_6_who_may_carry_a_weapon, setup, board_teardown),
        cmocka_unit_test_setup_teardown(rule_1_6_shared_weapons_are_not_captured, setup, board_teardown),
        cmocka_unit_test_setup_teardown(rule_1_6_weapons_of_an_eliminated_unit_stay_in_the_hex, setup, board_teardown),
        cmocka_unit_test_setup_teardown(rule_1_6_1_tripod_mg_does_not_fire_between_floors_of_its_hex, setup,
                                        board_teardown),
        cmocka_unit_test_setup_teardown(rule_1_6_2_sand_breaks_a_jammed_weapon_on_1_or_2, setup, board_teardown),
        cmocka_unit_test_setup_teardown(rule_1_6_5_mortar_weapon_limits, setup, board_teardown),
        cmocka_unit_test_setup_teardown(rule_1_6_5_mortar_of_a_lone_smc_is_halved, setup, board_teardown),
        cmocka_unit_test_setup_teardown(rule_10_6_mortar_fires_from_a_rooftop, setup, board_teardown),
        cmocka_unit_test_setup_teardown(rule_1_6_7_molotov_cocktail, setup, board_teardown),
        cmocka_unit_test_setup_teardown(rule_1_7_weapon_teams_neither_double_time_nor_crawl, setup, board_teardown),
        cmocka_unit_test_setup_teardown(rule_1_7_weapon_teams_in_melee, setup, board_teardown),
        cmocka_unit_test_setup_teardown(rule_1_6_half_squad_and_hero_fire_weapon_or_ifp, setup, board_teardown),
        cmocka_unit_test(rule_1_6_1_entering_tripods_come_dismantled),
        cmocka_unit_test(rule_1_8_marker_without_a_side_fires_for_either_side),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
