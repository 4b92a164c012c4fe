/*
 * test_ex_move.c: stacking and movement allowances (1.3, 6.0-6.7, 11.2.1)
 * reproduced by src/rules/calc/movement_calc.c, each worked example named by
 * its digest id.
 */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <cmocka.h>

#include "lnlt/combat.h"

static int allowance(lnlt_mp_input in)
{
    lnlt_mp_allowance a;
    lnlt_error err = {{0}};
    if (!lnlt_mp_allowance_compute(&in, &a, &err))
        fail_msg("%s", err.msg);
    return a.mp;
}

/* 1.3 Stacking Example: 3 Squads on each floor of a 2-level building hex. Each
 * level is its own location, so each is counted on its own. */
static void EX_001_stacking_per_building_level(void **state)
{
    (void)state;
    lnlt_stack_count ground = {.squads = 3}, upper = {.squads = 3};
    assert_true(lnlt_stack_ok(&ground, NULL));
    assert_true(lnlt_stack_ok(&upper, NULL));
    lnlt_stack_count one = {.squads = 4};
    const char *why = NULL;
    assert_false(lnlt_stack_ok(&one, &why));
    assert_non_null(why);
    /* equivalents: 1 Squad = 2 Half-Squads = 2 Crews = 1 WT = 2 ATGM WTs */
    lnlt_stack_count mix = {.squads = 1, .half_squads = 1, .crews = 1, .weapon_teams = 1};
    assert_int_equal(lnlt_stack_halves(&mix), 6);
    assert_true(lnlt_stack_ok(&mix, NULL));
    mix.atgm_teams = 1;
    assert_false(lnlt_stack_ok(&mix, NULL));
    lnlt_stack_count smc = {.smcs = 3};
    assert_false(lnlt_stack_ok(&smc, NULL));
}

/* 6.6 / EX-I11: 2 MU Squads + 1 Leg Squad; 1 MU + 2 Leg; never 3 MU Squads. */
static void EX_I11_mounted_unit_stacking(void **state)
{
    (void)state;
    lnlt_stack_count a = {.squads = 3, .mu_halves = 4};
    assert_true(lnlt_stack_ok(&a, NULL));
    lnlt_stack_count b = {.squads = 3, .mu_halves = 2};
    assert_true(lnlt_stack_ok(&b, NULL));
    lnlt_stack_count c = {.squads = 3, .mu_halves = 6};
    assert_false(lnlt_stack_ok(&c, NULL));
}

/* 5.1 Fire Ex.2 (b): a mover that spent 1 MP spawns a Hero with MF 6. */
static void EX_015_hero_inherits_spent_mp(void **state)
{
    (void)state;
    assert_int_equal(allowance((lnlt_mp_input){.mf = 6, .spent = 1}), 5);
    assert_int_equal(allowance((lnlt_mp_input){.mf = 6, .kind = LNLT_MOVE_ASSAULT, .spent = 1}),
                     2);
    /* a parent that spent 1.5 MP (a half-MP step) leaves 4.5 */
    lnlt_mp_input in = {.mf = 6, .spent = 1, .spent2 = 1};
    lnlt_mp_allowance a;
    assert_true(lnlt_mp_allowance_compute(&in, &a, NULL));
    assert_int_equal(a.mp2, 9);
    assert_int_equal(a.mp, 4);
}

/* 6.5 Move Ex.4: a Squad and a tank move together into Light Woods. Costs are
 * in half MP, as the TEC data holds them. */
static void EX_023_coordinated_move_costs(void **state)
{
    (void)state;
    const int8_t light_woods[LNLT_MOVER_COUNT] = {[LNLT_MOVER_LEG] = 4, [LNLT_MOVER_TRACKED] = 8,
                                                  [LNLT_MOVER_OTHER] = 8,
                                                  [LNLT_MOVER_ROAD] = LNLT_MP_PROHIBITED};
    assert_int_equal(lnlt_move_cost2(light_woods, LNLT_MOVER_LEG, 0, false), 2 * 2);
    assert_int_equal(lnlt_move_cost2(light_woods, LNLT_MOVER_TRACKED, 0, false), 2 * 4);
    assert_int_equal(lnlt_move_cost2(light_woods, LNLT_MOVER_ROAD, 0, false),
                     LNLT_MP_PROHIBITED);
    /* 11.6: a stack moving with a Scout pays 1 in woods */
    assert_int_equal(lnlt_move_cost2(light_woods, LNLT_MOVER_LEG, 0, true), 2 * 1);
    /* a hexside extra adds; a prohibited hexside prohibits */
    assert_int_equal(lnlt_move_cost2(light_woods, LNLT_MOVER_LEG, 2, false), 2 * 3);
    assert_int_equal(lnlt_move_cost2(light_woods, LNLT_MOVER_LEG, LNLT_MP_PROHIBITED, false),
                     LNLT_MP_PROHIBITED);
}

/* 6.7 Move Ex.6: a Horse MU with MF 12 uses Hit & Run: 2 MP, fire, 4 more. */
static void EX_025_hit_and_run(void **state)
{
    (void)state;
    assert_int_equal(allowance((lnlt_mp_input){.mf = 12, .kind = LNLT_MOVE_HIT_AND_RUN}), 6);
    assert_int_equal(allowance((lnlt_mp_input){.mf = 12, .kind = LNLT_MOVE_HIT_AND_RUN,
                                               .spent = 2}),
                     4);
}

/* 19.2.11 step 7: Marines disembark by Double Time with Lt. Weigand (3 of 6). */
static void EX_113_double_time_marines(void **state)
{
    (void)state;
    lnlt_mp_input in = {.mf = 4, .double_time = true, .leader_mf = 6};
    assert_int_equal(allowance(in), 6);
    in.spent = 3;
    assert_int_equal(allowance(in), 3);
}

/* 6.2: Shaken units get +1; the Leader's printed MF caps the move. */
static void move_6_2_double_time(void **state)
{
    (void)state;
    assert_int_equal(allowance((lnlt_mp_input){.mf = 4, .double_time = true, .shaken = true,
                                               .leader_mf = 6}),
                     5);
    assert_int_equal(allowance((lnlt_mp_input){.mf = 5, .double_time = true, .leader_mf = 6}),
                     6);
    /* AM with DT: +2 before halving (6.1); the cap halves too (R-CORE-06) */
    assert_int_equal(allowance((lnlt_mp_input){.mf = 4, .kind = LNLT_MOVE_ASSAULT,
                                               .double_time = true, .leader_mf = 6}),
                     3);
    lnlt_mp_input bad = {.mf = 4, .kind = LNLT_MOVE_LOW_CRAWL, .double_time = true};
    lnlt_mp_allowance a;
    assert_false(lnlt_mp_allowance_compute(&bad, &a, NULL));
}

/* 1.6: a lone SMC carrying a SW loses 2 MP (after halving, R-CORE-07). */
static void move_1_6_smc_carrying_sw(void **state)
{
    (void)state;
    assert_int_equal(allowance((lnlt_mp_input){.mf = 6, .smc_carrying_sw = true}), 4);
    assert_int_equal(allowance((lnlt_mp_input){.mf = 6, .kind = LNLT_MOVE_ASSAULT,
                                               .smc_carrying_sw = true}),
                     1);
}

/* 6.0 minimum move, 6.3 Low Crawl. */
static void move_6_0_minimum_move_and_low_crawl(void **state)
{
    (void)state;
    /* half MP: MF 4 = 8 */
    assert_int_equal(lnlt_move_step(4, 8, 8, 4), LNLT_STEP_OK);
    assert_int_equal(lnlt_move_step(10, 8, 8, 4), LNLT_STEP_MINIMUM_MOVE);
    assert_int_equal(lnlt_move_step(6, 4, 8, 4), LNLT_STEP_NOT_ENOUGH_MP);
    assert_int_equal(lnlt_move_step(1, 1, 8, 4), LNLT_STEP_OK); /* a half-MP road step */
    assert_int_equal(lnlt_move_step(LNLT_MP_PROHIBITED, 8, 8, 4), LNLT_STEP_PROHIBITED);
    assert_true(lnlt_low_crawl_allowed(4, 4));
    assert_false(lnlt_low_crawl_allowed(8, 4));
    lnlt_mp_allowance a;
    lnlt_mp_input lc = {.mf = 4, .kind = LNLT_MOVE_LOW_CRAWL};
    assert_true(lnlt_mp_allowance_compute(&lc, &a, NULL));
    assert_true(a.one_hex_only);
}

/* 7.0: after laying Smoke the unit moves with MF -1. */
static void move_7_0_smoke_layer(void **state)
{
    (void)state;
    assert_int_equal(allowance((lnlt_mp_input){.mf = 4, .laid_smoke = true}), 3);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(EX_001_stacking_per_building_level),
        cmocka_unit_test(EX_I11_mounted_unit_stacking),
        cmocka_unit_test(EX_015_hero_inherits_spent_mp),
        cmocka_unit_test(EX_023_coordinated_move_costs),
        cmocka_unit_test(EX_025_hit_and_run),
        cmocka_unit_test(EX_113_double_time_marines),
        cmocka_unit_test(move_6_2_double_time),
        cmocka_unit_test(move_1_6_smc_carrying_sw),
        cmocka_unit_test(move_6_0_minimum_move_and_low_crawl),
        cmocka_unit_test(move_7_0_smoke_layer),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
