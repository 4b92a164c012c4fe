/*
 * test_mounted.c: mounted units (rules 6.6, 6.6.1, 6.6.2) and cavalry charges
 * (8.6) through the engine, on Map 15, with the Italian cavalry and motorcycle
 * counters of tests/fixtures/units/mounted.json (side 1) against British or
 * German infantry (side 2). Worked examples EX-024 (Movement Example 5) and
 * EX-038 (Melee Example 12); rulings R-CORE-34 and R-CORE-35.
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
#include "lnlt/scenario.h"
#include "support/board.h"
#include "rules/internal.h"

static int setup(void **state)
{
    (void)state;
    static const char *const files[] = {"data/nations/starter_kit.json", "data/units/us_wwii.json",
                                        "data/units/de_wwii.json",       "data/weapons/starter_kit.json",
                                        "data/weapons/legend_examples.json", "tests/fixtures/nations/mounted.json",
                                        "tests/fixtures/units/mounted.json", "tests/fixtures/weapons/mounted.json"};
    board_open(files, 8, "data/maps/map15.json");
    return 0;
}

static lnlt_decision decision(void) { return lnlt_decision_get(&T.ctx, &T.st); }

/* A step, letting the other side pass on opportunity fire. */
static void step(const char *cmd)
{
    board_play(cmd, "");
    while (decision().kind == LNLT_DECIDE_OPFIRE)
        board_play("no-fire", "");
}

static void target(int unit, const char *dice)
{
    char cmd[32];
    snprintf(cmd, sizeof cmd, "target #%d", unit);
    board_play(cmd, dice);
}

/* ---- 6.6: stacking, movement ---- */

/* Two MU squads and a leg squad stack; a third MU half-squad does not, though the
 * hex would hold only 2.5 squads. */
static void rule_6_6_at_most_two_mounted_squads_in_a_hex(void **state)
{
    (void)state;
    board_add("test_it_cav_1412", 1, "L6");
    board_add("test_it_moto_1420", 1, "L6");
    int extra = board_add("test_it_moto_half_0420", 1, "L7");
    int leg = board_add("test_it_squad_144", 1, "L7");
    uint8_t add[LNLT_UNIT_BITS] = {0};
    const char *why = NULL;
    lnlt_bit_set(add, extra);
    assert_false(rules_stacking_ok(&T.ctx, &T.st, board_cell("L6"), 1, add, &why));
    assert_string_equal(why, "more than two mounted squads or equivalents (6.6)");
    memset(add, 0, sizeof add);
    lnlt_bit_set(add, leg);
    assert_true(rules_stacking_ok(&T.ctx, &T.st, board_cell("L6"), 1, add, &why));
}

static void rule_6_6_one_mounted_squad_and_two_leg_squads_stack(void **state)
{
    (void)state;
    board_add("test_it_cav_1412", 1, "L6");
    board_add("test_it_squad_144", 1, "L6");
    int leg = board_add("test_it_squad_144", 1, "L7");
    int mu = board_add("test_it_moto_half_0420", 1, "L7");
    uint8_t add[LNLT_UNIT_BITS] = {0};
    lnlt_bit_set(add, leg);
    assert_true(rules_stacking_ok(&T.ctx, &T.st, board_cell("L6"), 1, add, NULL));
    lnlt_bit_set(add, mu); /* and a mounted half-squad would make 3.5 squads */
    assert_false(rules_stacking_ok(&T.ctx, &T.st, board_cell("L6"), 1, add, NULL));
}

/* The O column: light woods cost an MU 6 MP (a leg unit 2); walls, stone
 * buildings and cemeteries are prohibited to it. */
static void rule_6_6_mounted_units_use_the_o_column(void **state)
{
    (void)state;
    board_add("test_it_cav_1412", 1, "L6");
    board_add("test_it_squad_144", 1, "H7");
    board_add("de_squad_164", 2, "A0");
    board_to_operations();
    board_play("activate L6", "");
    board_play("move L6", "");
    const char *why = NULL;
    assert_int_equal(rules_step_cost(&T.ctx, &T.st, board_cell("K5"), &why), 12); /* light woods: 6 MP */
    assert_int_equal(rules_step_cost(&T.ctx, &T.st, board_cell("L5"), &why), 2);
    assert_false(board_legal("step K6")); /* across the K6/L6 wall */
    assert_int_equal(rules_step_cost(&T.ctx, &T.st, board_cell("K6"), &why), -1);
    step("step L5"); /* clear, 1 MP */
    assert_int_equal(rules_stack_mp2_left(&T.ctx, &T.st), 22);
    board_play("stop", "");
    board_play("done", "");
    board_play("pass", "");
    /* next to the stone building I6 and the cemetery J6 */
    board_add("test_it_moto_1420", 1, "H7");
    board_play("activate H7", "");
    board_play("move H7", "");
    assert_false(board_legal("step I6"));
    assert_int_equal(rules_step_cost(&T.ctx, &T.st, board_cell("I6"), &why), -1);
    assert_string_equal(why, "the terrain chart prohibits it for mounted units (6.6: the O column)");
}

/* No double time, no low crawl; a leader moving with an MU rides at its MF. */
static void rule_6_6_no_double_time_or_low_crawl_and_the_leader_rides(void **state)
{
    (void)state;
    board_add("test_it_cav_1412", 1, "L6");
    int lt = board_add("test_it_lt", 1, "L6");
    board_add("de_squad_164", 2, "A0");
    board_to_operations();
    board_play("activate L6", "");
    assert_false(board_legal("dt L6"));
    assert_false(board_legal("crawl L6"));
    board_play("move L6", "");
    assert_true(lnlt_bit(T.st.move.units, lt));
    assert_int_equal(rules_stack_mp2_left(&T.ctx, &T.st), 24); /* 12 MP, not the leader's 6 */
}

/* Scenario files are held to the same limit: in a set-up zone, and in a saved
 * state (three mounted units in 15H6, only 2.5 squad-equivalents in all). */
static void rule_6_6_scenarios_respect_the_mounted_stacking_limit(void **state)
{
    (void)state;
    static const struct {
        const char *file, *message;
    } cases[] = {
        {"tests/fixtures/data/scenario_mu_overstacked.json",
         "tests/fixtures/data/scenario_mu_overstacked.json: $.state.units[2]: overstacked in 15H6: at most 2 mounted "
         "squad-equivalents per side per hex (6.6)"},
        {"tests/fixtures/data/scenario_mu_setup_too_small.json",
         "tests/fixtures/data/scenario_mu_setup_too_small.json: $.forces[0].arrive.zone: force \"it_main\" (3 mounted "
         "squad-equivalents) cannot stack legally in set-up zone \"it_setup\" (1 hex(es); at most 2 mounted "
         "squad-equivalents per hex, 6.6)"},
    };
    for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++) {
        lnlt_scenario *s = NULL;
        lnlt_error err = {{0}};
        bool ok = lnlt_scenario_load_file(cases[i].file, T.cat, &s, &err) &&
                  lnlt_scenario_check_maps(s, T.cat, cases[i].file, "data/maps", &err);
        lnlt_scenario_free(s);
        assert_false(ok);
        assert_string_equal(err.msg, cases[i].message);
    }
}

/* ---- 6.6: fire at mounted units ---- */

/* +1 against an MU standing still (exposed), -1 against one moving. */
static void rule_6_6_fire_at_a_still_mu_is_plus_one(void **state)
{
    (void)state;
    board_add("test_it_cav_1412", 1, "L6");
    board_add("de_squad_164", 2, "L4");
    board_to_operations();
    board_play("pass", "");
    board_play("activate L4", "");
    board_play("fire L4 L6", "3,6");
    board_expect_log("fire at L6: 1d6 3 + 1 + mounted exposed 1 = 5 vs 1d6 6 + TM 0 = 6 -> no effect");
}

static void rule_6_6_fire_at_a_moving_mu_is_minus_one(void **state)
{
    (void)state;
    board_add("test_it_cav_1412", 1, "L7");
    board_add("de_squad_164", 2, "L4");
    board_to_operations();
    board_play("activate L7", "");
    board_play("move L7", "");
    board_play("step L6", "");
    assert_int_equal(decision().kind, LNLT_DECIDE_OPFIRE);
    board_play("opfire L4", "3,6");
    board_expect_log("fire at L6: 1d6 3 + 1 - mounted moving 1 = 3 vs 1d6 6 + TM 0 = 6 -> no effect");
}

/* 15.5.1, 6.6 f: a good-order mounted unit marked Moved keeps moving into the next
 * turn: declared in the Administrative Phase, its Moved marker stays (fire at it
 * keeps the moving modifier, 6.6), it may not opportunity-fire, and in the next
 * Operations Phase it must move on: it may switch to hit and run, fires nothing
 * from where it stands and may not stop before it has left its hex. */
static void rule_15_5_1_continuous_mounted_unit(void **state)
{
    (void)state;
    int cav = board_add("test_it_cav_1412", 1, "L7");
    board_add("de_squad_164", 2, "L3");
    board_to_operations();
    board_play("activate L7", "");
    board_play("move L7", "");
    step("step L6");
    board_play("stop", "");
    board_play("done", "");
    while (decision().kind != LNLT_DECIDE_CONTINUOUS)
        board_play("pass", "");
    assert_int_equal(decision().side, 1);
    char cmd[32];
    snprintf(cmd, sizeof cmd, "continuous #%d", cav);
    assert_true(board_legal(cmd));
    board_play(cmd, "");
    board_expect_log("[15.5.1] #0 Cavalry 1-4-12 keeps moving into the next turn");
    assert_true(T.st.unit[cav].mu_flags & LNLT_MU_CONTINUOUS);
    board_play_loose("end-continuous", "5,2"); /* the next turn's initiative */
    assert_true(T.st.unit[cav].marks & LNLT_MARK_MOVED); /* its Moved marker stays */
    board_to_operations();
    while (decision().side != 1)
        board_play("pass", "");
    /* still Moved: fire at it is -1 (6.6), and it is no opportunity firer */
    board_play("activate L6", "");
    assert_false(board_legal("fire L6 L3"));        /* it must move on, not fire */
    assert_true(board_legal("hit-and-run L6"));     /* it may switch to hit and run */
    board_play("move L6", "");
    assert_false(T.st.unit[cav].marks & LNLT_MARK_MOVED); /* this move's marker replaces last turn's */
    assert_false(board_legal("stop"));              /* it must leave its hex */
    step("step L5");
    assert_false(T.st.unit[cav].mu_flags & LNLT_MU_CONTINUOUS);
    assert_true(board_legal("stop"));
    board_play("stop", "");
}

/* 15.5.1: not for a shaken MU, nor one that did not move; the declaration lasts one
 * turn. */
static void rule_6_6_f_only_good_order_movers_continue(void **state)
{
    (void)state;
    int cav = board_add("test_it_cav_1412", 1, "L7");
    int still = board_add("test_it_moto_1420", 1, "N7");
    board_add("de_squad_164", 2, "L3");
    T.st.unit[cav].marks = LNLT_MARK_MOVED;
    T.st.unit[cav].status = LNLT_SHAKEN;
    assert_false(rules_mu_continuous_eligible(&T.ctx, &T.st, cav));
    assert_false(rules_mu_continuous_eligible(&T.ctx, &T.st, still));
    T.st.unit[cav].status = LNLT_GOOD_ORDER;
    assert_true(rules_mu_continuous_eligible(&T.ctx, &T.st, cav));
    T.st.unit[still].marks = LNLT_MARK_HIT_AND_RUN;
    assert_true(rules_mu_continuous_eligible(&T.ctx, &T.st, still));
}

/* Foxholes do not cover a mounted unit: the leg squad with it in L6 has TM 1, the
 * cavalry TM 0 (and +1 exposed): 3 + 1 + 1 = 5 against 4 + 0 is DC+1 for the
 * cavalry, 4 against 4 + 1 nothing for the squad. */
static void rule_6_6_no_foxholes_for_mounted_units(void **state)
{
    (void)state;
    lnlt_error err;
    int cav = board_add("test_it_cav_1412", 1, "L6");
    int leg = board_add("test_it_squad_144", 1, "L6");
    assert_true(lnlt_state_add_fort(&T.ctx, &T.st, "foxholes", "L6", &err) >= 0);
    board_add("de_squad_164", 2, "L4");
    board_to_operations();
    board_play("pass", "");
    board_play("activate L4", "");
    board_play("fire L4 L6", "3,4,6"); /* the cavalry's damage check: 6 */
    board_expect_log("Cavalry 1-4-12 is mounted: no foxholes, TM 0 instead of 1");
    board_expect_log("vs 1d6 4 + TM 1 = 5");
    board_expect_log("damage check, #0 Cavalry 1-4-12");
    assert_false(board_logged("damage check, #1 Squad 1-4-4"));
    (void)cav;
    (void)leg;
}

/* A leader stacked with the cavalry shares its mounted status: +1 against him as
 * against the cavalry, not against the leg squad with them (4 + 1 = 5 against 4:
 * DC+1 for the leader and the cavalry, nothing for the squad). */
static void rule_6_6_a_leader_with_mounted_units_counts_as_mounted(void **state)
{
    (void)state;
    board_add("test_it_cav_1412", 1, "L6");
    board_add("test_it_lt", 1, "L6");
    board_add("test_it_squad_144", 1, "L6");
    board_add("de_squad_164", 2, "L4");
    board_to_operations();
    board_play("pass", "");
    board_play("activate L4", "");
    board_play("fire L4 L6", "3,4,2,2");
    board_expect_log("fire at L6: 1d6 3 + 1 + mounted exposed 1 = 5 vs 1d6 4 + TM 0 = 4 -> DC+1");
    board_expect_log("damage check, #1 Ten. Rossi");
    board_expect_log("damage check, #0 Cavalry 1-4-12");
    assert_false(board_logged("damage check, #2 Squad 1-4-4"));
}

/* A sniper's attack is a DFT attack too: +1 against the cavalry standing still
 * (7 against 6: DC+1, where a leg unit would have had no effect). */
static void rule_6_6_sniper_attacks_on_mounted_units(void **state)
{
    (void)state;
    board_add("test_it_cav_1412", 2, "L6");
    int sniper = board_add("us_sniper_wwii", 1, "L2");
    board_to_operations();
    char cmd[48];
    snprintf(cmd, sizeof cmd, "snipe L2 L6 #%d", sniper);
    board_play("activate L2", "");
    board_play(cmd, "3,3,6,1");
    board_expect_log("Sniper (US) at L6 (#0 Cavalry 1-4-12): 2d6 3+3 + 0 + mounted exposed 1 = 7 vs 1d6 6 + TM 0 = 6 -> DC+1");
}

/* A natural 1 on a mounted unit's damage check makes no hero (the catalog's
 * US hero would otherwise be one roll away: here the mounted unit is Italian,
 * and the log says why no hero roll was made). */
static void rule_6_6_mounted_units_spawn_no_heroes(void **state)
{
    (void)state;
    int cav = board_add("test_it_cav_1412", 1, "L6");
    board_add("de_squad_164", 2, "L5");
    board_to_operations();
    board_play("pass", "");
    board_play("activate L5", "");
    int before = T.st.unit_count;
    board_play("fire L5 L6", "6,1,1"); /* 6 + 1 + 2 adjacent + 1 exposed = 10 vs 1: DC+9; the DC die is 1 */
    board_expect_log("a natural 1, but Cavalry 1-4-12 is mounted: no hero");
    assert_false(board_logged("hero creation"));
    assert_int_equal(T.st.unit_count, before);
    (void)cav;
}

/* ---- 6.6.1, 6.6.2: weapons ---- */

/* EX-024 (Movement Example 5): the 1-4-20 motorcycle squad with a 1J-6 Breda 30
 * fires with FP 2 (IFP 1 + 1). With the Solothurn ATR (OFT) it could not fire it
 * until dismounted; nor a mortar, nor a 3-FP machine gun. */
static void EX_024_motorcycle_squad_fires_its_breda_at_fp_2(void **state)
{
    (void)state;
    int moto = board_add("test_it_moto_1420", 1, "L6");
    board_add_sw("test_breda30", moto, NULL);
    board_add("de_squad_164", 2, "L2");
    board_to_operations();
    board_play("activate L6", "");
    board_play("fire L6 L2", "3,6");
    board_expect_log("fire from L6 at L2: FP +2 = 2");
    board_expect_log("Breda 30 FP 1 1");
}

static void EX_024_no_oft_weapon_no_mortar_no_3_fp_weapon_while_mounted(void **state)
{
    (void)state;
    int moto = board_add("test_it_moto_1420", 1, "L6");
    int leg = board_add("test_it_squad_144", 1, "L7");
    int ws[4];
    static const char *const ids[] = {"test_solothurn", "test_brixia", "test_fiat35", "test_breda30"};
    for (int i = 0; i < 4; i++)
        ws[i] = board_add_sw(ids[i], i < 2 ? moto : leg, NULL);
    assert_false(rules_mounted_sw_usable(&T.ctx, &T.st, moto, &T.st.sw[ws[0]])); /* OFT */
    assert_false(rules_mounted_sw_usable(&T.ctx, &T.st, moto, &T.st.sw[ws[1]])); /* mortar */
    assert_false(rules_mounted_sw_usable(&T.ctx, &T.st, moto, &T.st.sw[ws[2]])); /* FP 3 */
    assert_true(rules_mounted_sw_usable(&T.ctx, &T.st, moto, &T.st.sw[ws[3]]));
    assert_true(rules_mounted_sw_usable(&T.ctx, &T.st, leg, &T.st.sw[ws[2]])); /* leg units: anything */
}

/* 6.6.2: no mortar fire from a motorcycle, directed (1.6.5) or not; the same
 * weapon fires once its holder is a leg unit. */
static void rule_6_6_2_no_indirect_mortar_fire_while_mounted(void **state)
{
    (void)state;
    int moto = board_add("test_it_moto_1420", 1, "L6");
    board_add_sw("test_brixia", moto, NULL);
    int dir = board_add("test_it_squad_144", 1, "L5");
    board_add("de_squad_164", 2, "L3");
    board_to_operations();
    board_play("activate L6", "");
    char cmd[48];
    snprintf(cmd, sizeof cmd, "indirect L6 L3 #%d", dir);
    assert_false(board_legal(cmd));
    T.st.unit[moto].type = T.st.unit[dir].type; /* as if dismounted */
    assert_true(board_legal(cmd));
}

/* 6.6.1: cavalry carries its Breda but fires with its IFP alone. */
static void rule_6_6_1_cavalry_carries_weapons_but_does_not_fire_them(void **state)
{
    (void)state;
    int cav = board_add("test_it_cav_1412", 1, "L6");
    board_add_sw("test_breda30", cav, NULL);
    board_add("de_squad_164", 2, "L2");
    board_to_operations();
    board_play("activate L6", "");
    board_play("fire L6 L2", "3,6");
    board_expect_log("fire from L6 at L2: FP +1 = 1");
    assert_false(board_logged("Breda 30"));
}

/* ---- 6.6: dismounting (ruling R-CORE-34) ---- */

/* The cavalry rides 5 MP (the L8/L7 hedge costs it 3 more on the O column),
 * dismounts for 6 (half its MF), becomes its 1-4-4 leg squad with 2 MP (half of
 * 4) left; the Germans may fire at the hex where it
 * dismounted, at +1 as against any moving leg unit. */
static void rule_6_6_dismounting_costs_half_the_mf_and_leaves_half_the_new_mf(void **state)
{
    (void)state;
    int cav = board_add("test_it_cav_1412", 1, "L8");
    board_add_sw("test_breda30", cav, NULL);
    board_add("de_squad_164", 2, "L4");
    board_to_operations();
    board_play("activate L8", "");
    assert_false(board_legal("dismount")); /* only while moving */
    board_play("move L8", "");
    step("step L7");
    step("step L6");
    assert_true(board_legal("dismount"));
    board_play("dismount", "");
    board_expect_log("Cavalry 1-4-12 dismounts in L6 for 6 MP and is now Squad 1-4-4 with 2 MP to spend");
    assert_string_equal(rules_type(&T.ctx, &T.st.unit[cav])->id, "test_it_squad_144");
    assert_int_equal(rules_stack_mp2_left(&T.ctx, &T.st), 4);
    assert_int_equal(decision().kind, LNLT_DECIDE_OPFIRE); /* the dismount hex draws fire */
    board_play("opfire L4", "3,6");
    board_expect_log("fire at L6: 1d6 3 + 1 + moving 1 = 5 vs 1d6 6 + TM 0 = 6 -> no effect");
    assert_false(board_legal("dismount")); /* the mounts are gone */
    step("step L5");
    board_play("stop", "");
    assert_false(T.st.move.active);
    assert_true(rules_sws_of(&T.st, cav, (int[1]){0}, 1) == 1); /* it keeps its weapon */
}

/* Dismounting needs half the MF still unspent, and a normal move. */
static void rule_6_6_no_dismount_without_half_the_mf_or_in_hit_and_run(void **state)
{
    (void)state;
    board_add("test_it_cav_1412", 1, "H1");
    board_add("de_squad_164", 2, "A0");
    board_to_operations();
    board_play("activate H1", "");
    board_play("hit-and-run H1", "");
    assert_false(board_legal("dismount"));
    board_play("stop", "");
    board_play("done", "");
    board_play("pass", "");
    board_add("test_it_cav_1412", 1, "L2");
    board_play("activate L2", "");
    board_play("move L2", "");
    static const char *const path[] = {"step L3", "step L4", "step L5", "step L6", "step L7", "step K7", "step K8"};
    for (int i = 0; i < 7; i++) {
        assert_true(board_legal("dismount")); /* up to 6 MP spent, 6 left: exactly half */
        step(path[i]);
    }
    assert_false(board_legal("dismount")); /* 7 MP spent: 5 left */
}

/* ---- 8.6: cavalry charges ---- */

/* EX-038 (Melee Example 12): the Italian 1-4-12 cavalry charges the British 1-7-4-5
 * in an open hex four hexes away (L2 to L6 here), through the British fire: its
 * IFP 1 doubles to 2, 2-1 instead of 1-1. The British pass their morale check
 * (4 against 5) and counterattack at 1-2. */
static void EX_038_cavalry_charge_doubles_ifp(void **state)
{
    (void)state;
    int cav = board_add("test_it_cav_1412", 1, "L2");
    int uk = board_add("test_uk_squad_1745", 2, "L6");
    board_to_operations();
    board_play("activate L2", "");
    board_play("move L2", "");
    step("step L3");
    step("step L4");
    step("step L5");
    board_play("step L6", "2,2");
    board_expect_log("a cavalry charge into L6 from 4 hexes");
    board_expect_log("charged, Squad 1-7-4-5");
    board_expect_log("stands");
    assert_int_equal(decision().kind, LNLT_DECIDE_MELEE_TARGET);
    assert_int_equal(decision().side, 1);
    target(uk, "");
    assert_int_equal(decision().side, 2); /* they passed: they may strike back */
    target(cav, "6,6,6,6");
    board_expect_log("FP 2 vs 1: 2-1");
    board_expect_log("FP 1 vs 2: 1-2");
    assert_int_equal(T.st.unit[cav].mu_flags, 0); /* only the first round */
}

/* The same charge, the British failing their check: they only defend, and the
 * round is over without their roll. */
static void EX_038_defenders_failing_the_check_only_defend(void **state)
{
    (void)state;
    board_add("test_it_cav_1412", 1, "L2");
    int uk = board_add("test_uk_squad_1745", 2, "L6");
    board_to_operations();
    board_play("activate L2", "");
    board_play("move L2", "");
    step("step L3");
    step("step L4");
    step("step L5");
    board_play("step L6", "6,5");
    board_expect_log("only defends this round");
    target(uk, "6,6");
    board_expect_log("FP 2 vs 1: 2-1");
    assert_false(board_logged("FP 1 vs 2"));
    assert_int_equal(decision().kind, LNLT_DECIDE_ACTIVATION);
    assert_int_equal(T.st.unit[uk].mu_flags, 0);
}

/* 8.6: a cavalry unit that starts next to the enemy fights a normal melee. */
static void rule_8_6_no_charge_from_the_next_hex(void **state)
{
    (void)state;
    int cav = board_add("test_it_cav_1412", 1, "L5");
    int uk = board_add("test_uk_squad_1745", 2, "L6");
    board_to_operations();
    board_play("activate L5", "");
    board_play("move L5", "");
    board_play("step L6", "");
    assert_false(board_logged("cavalry charge"));
    target(uk, "");
    target(cav, "6,6,6,6");
    board_expect_log("FP 1 vs 1: 1-1");
}

/* Motorcycles do not charge (8.6 is for horses). */
static void rule_8_6_motorcycles_do_not_charge(void **state)
{
    (void)state;
    board_add("test_it_moto_1420", 1, "L2");
    board_add("test_uk_squad_1745", 2, "L6");
    board_to_operations();
    board_play("activate L2", "");
    board_play("move L2", "");
    step("step L3");
    step("step L4");
    step("step L5");
    board_play("step L6", "");
    assert_false(board_logged("cavalry charge"));
}

/* A 0-IFP cavalry half-squad charges at 1 doubled to 2, with one -1 DRM only;
 * a British leader who fails his check lends no LM to the counterattack, though
 * the squad with him passed. */
static void rule_8_6_zero_ifp_charger_and_a_leader_who_fails(void **state)
{
    (void)state;
    int cav = board_add("test_it_cav_half_0412", 1, "L2");
    int uk = board_add("test_uk_squad_1745", 2, "L6");
    int sgt = board_add("test_uk_sgt", 2, "L6");
    board_to_operations();
    board_play("activate L2", "");
    board_play("move L2", "");
    step("step L3");
    step("step L4");
    step("step L5");
    board_play("step L6", "6,6,1,1"); /* the sergeant fails (12), the squad passes (2) */
    assert_int_equal(T.st.unit[sgt].mu_flags, LNLT_MU_HELD);
    assert_int_equal(T.st.unit[uk].mu_flags, 0);
    target(uk, "");
    target(cav, "3,3,3,3");
    board_expect_log("FP 2 vs 1: 2-1, kill number");
    board_expect_log("0-FP attackers -1");
    board_expect_log("FP 1 vs 2: 1-2");
    assert_false(board_logged("Leader's LM"));
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test_setup_teardown(rule_6_6_at_most_two_mounted_squads_in_a_hex, setup, board_teardown),
        cmocka_unit_test_setup_teardown(rule_6_6_one_mounted_squad_and_two_leg_squads_stack, setup, board_teardown),
        cmocka_unit_test_setup_teardown(rule_6_6_scenarios_respect_the_mounted_stacking_limit, setup, board_teardown),
        cmocka_unit_test_setup_teardown(rule_6_6_mounted_units_use_the_o_column, setup, board_teardown),
        cmocka_unit_test_setup_teardown(rule_6_6_no_double_time_or_low_crawl_and_the_leader_rides, setup,
                                        board_teardown),
        cmocka_unit_test_setup_teardown(rule_6_6_fire_at_a_still_mu_is_plus_one, setup, board_teardown),
        cmocka_unit_test_setup_teardown(rule_6_6_fire_at_a_moving_mu_is_minus_one, setup, board_teardown),
        cmocka_unit_test_setup_teardown(rule_15_5_1_continuous_mounted_unit, setup, board_teardown),
        cmocka_unit_test_setup_teardown(rule_6_6_f_only_good_order_movers_continue, setup, board_teardown),
        cmocka_unit_test_setup_teardown(rule_6_6_mounted_units_spawn_no_heroes, setup, board_teardown),
        cmocka_unit_test_setup_teardown(rule_6_6_no_foxholes_for_mounted_units, setup, board_teardown),
        cmocka_unit_test_setup_teardown(rule_6_6_sniper_attacks_on_mounted_units, setup, board_teardown),
        cmocka_unit_test_setup_teardown(rule_6_6_a_leader_with_mounted_units_counts_as_mounted, setup,
                                        board_teardown),
        cmocka_unit_test_setup_teardown(EX_024_motorcycle_squad_fires_its_breda_at_fp_2, setup, board_teardown),
        cmocka_unit_test_setup_teardown(EX_024_no_oft_weapon_no_mortar_no_3_fp_weapon_while_mounted, setup,
                                        board_teardown),
        cmocka_unit_test_setup_teardown(rule_6_6_1_cavalry_carries_weapons_but_does_not_fire_them, setup,
                                        board_teardown),
        cmocka_unit_test_setup_teardown(rule_6_6_2_no_indirect_mortar_fire_while_mounted, setup, board_teardown),
        cmocka_unit_test_setup_teardown(rule_6_6_dismounting_costs_half_the_mf_and_leaves_half_the_new_mf, setup,
                                        board_teardown),
        cmocka_unit_test_setup_teardown(rule_6_6_no_dismount_without_half_the_mf_or_in_hit_and_run, setup,
                                        board_teardown),
        cmocka_unit_test_setup_teardown(EX_038_cavalry_charge_doubles_ifp, setup, board_teardown),
        cmocka_unit_test_setup_teardown(EX_038_defenders_failing_the_check_only_defend, setup, board_teardown),
        cmocka_unit_test_setup_teardown(rule_8_6_no_charge_from_the_next_hex, setup, board_teardown),
        cmocka_unit_test_setup_teardown(rule_8_6_motorcycles_do_not_charge, setup, board_teardown),
        cmocka_unit_test_setup_teardown(rule_8_6_zero_ifp_charger_and_a_leader_who_fails, setup, board_teardown),
    };
    return cmocka_run_group_tests_name("mounted", tests, NULL, NULL);
}
