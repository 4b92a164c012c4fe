/*
 * test_ex_rally.c: rally attempts, morale checks and initiative (1.5.1, 3.0,
 * 3.1, 11.1.1, 11.7.1, 11.9, 11.10) reproduced by src/rules/calc/rally_calc.c,
 * each worked example named by its digest id.
 */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <cmocka.h>

#include "lnlt/combat.h"

/* 3.1 SRP Ex.1: a Shaken 2-3-4(AM)-6 Legion Squad alone in Hammada (+2 TM). */
static void EX_008_self_rally_pairs(void **state)
{
    (void)state;
    lnlt_mc_input in = {.morale = 6, .positive_tm = true, .srp = true};
    const int dice[4][2] = {{5, 5}, {3, 6}, {2, 2}, {3, 1}};
    const bool pass[4] = {true, false, true, false};
    for (int i = 0; i < 4; i++) {
        in.d1 = dice[i][0];
        in.d2 = dice[i][1];
        lnlt_mc_outcome o = lnlt_morale_check(&in);
        assert_int_equal(o.pass, pass[i]);
        assert_int_equal(o.mods.count, 0); /* TM and Morale are irrelevant */
    }
}

/* 3.1 SRP Ex.2: the same Squad in a Wadi (+1 TM) with GO Ltn. Ries (7-1-6). */
static void EX_009_rally_with_leader_in_tm_hex(void **state)
{
    (void)state;
    lnlt_mc_input in = {.morale = 6, .lm = 1, .positive_tm = true, .d1 = 4, .d2 = 5};
    lnlt_mc_outcome o = lnlt_morale_check(&in);
    assert_int_equal(o.need, 9);
    assert_int_equal(lnlt_mods_total(&o.mods), -3);
    assert_true(o.pass);
    in.d2 = 6;
    assert_false(lnlt_morale_check(&in).pass); /* 10 */
    /* Ries Shaken and failed: the Squad may use SRP instead */
    lnlt_mc_input srp = {.morale = 6, .srp = true, .d1 = 6, .d2 = 6};
    assert_true(lnlt_morale_check(&srp).pass);
}

/* 11.1.1 SMC Ex.1: a 6-1-6 and a 7-1-6 with a Shaken Squad: one LM only. */
static void EX_070_only_one_lm(void **state)
{
    (void)state;
    int lms[2] = {1, 1};
    int lm = lnlt_best_lm(lms, 2);
    assert_int_equal(lm, 1);
    lnlt_mc_input in = {.morale = 5, .lm = lm, .d1 = 3, .d2 = 3};
    lnlt_mc_outcome o = lnlt_morale_check(&in);
    assert_int_equal(lnlt_mods_total(&o.mods), -1);
    assert_int_equal(o.need, 6);
}

/* 11.9 SMC Ex.7: a US Advisor with ARVN Sgt. Dunk (5-1-6) and a 2-4-4 (Morale 4). */
static void EX_075_advisor_morale(void **state)
{
    (void)state;
    lnlt_morale_adjust adj = {.advisor = true};
    lnlt_modifiers m;
    assert_int_equal(lnlt_morale_adjusted(5, &adj, &m), 6);
    assert_int_equal(m.count, 1);
    assert_int_equal(lnlt_morale_adjusted(4, &adj, NULL), 5);
}

/* 11.10 SMC Ex.8: GO Nurse Ladoshkina (Morale 6, LM 1) in an LC Building. */
static void EX_076_nurse_heal_or_rally(void **state)
{
    (void)state;
    /* heal Hero Turpov: an MC on her Morale with -2 for the +TM hex */
    lnlt_mc_input heal = {.morale = 6, .positive_tm = true, .d1 = 4, .d2 = 4};
    lnlt_mc_outcome o = lnlt_morale_check(&heal);
    assert_int_equal(o.need, 8);
    assert_true(o.pass);
    /* or rally each 1-4-4-4 Squad: Morale 4, her LM 1, -2 TM */
    lnlt_mc_input rally = {.morale = 4, .lm = 1, .positive_tm = true, .d1 = 4, .d2 = 4};
    o = lnlt_morale_check(&rally);
    assert_int_equal(o.need, 7);
    assert_false(o.pass);
}

/* 11.7.1: Fight or Die re-roll at Morale +1; a natural 12 kills the Commissar. */
static void rally_11_7_1_fight_or_die(void **state)
{
    (void)state;
    lnlt_mc_input in = {.morale = 5, .adjust = {.fight_or_die = true}, .d1 = 3, .d2 = 3};
    lnlt_mc_outcome o = lnlt_morale_check(&in);
    assert_int_equal(o.morale, 6);
    assert_true(o.pass);
    assert_false(o.commissar_killed);
    in.d1 = in.d2 = 6;
    o = lnlt_morale_check(&in);
    assert_false(o.pass);
    assert_true(o.commissar_killed);
}

/* 5.1: a wounded SMC (not a Hero) loses 1 Morale. */
static void rally_5_1_wounded_smc_morale(void **state)
{
    (void)state;
    lnlt_morale_adjust adj = {.wounded_smc = true};
    assert_int_equal(lnlt_morale_adjusted(7, &adj, NULL), 6);
}

/* 3.0: initiative by the higher die; ties stay with the previous holder. */
static void rally_3_0_initiative(void **state)
{
    (void)state;
    assert_int_equal(lnlt_initiative(2, 5, 0), 1);
    assert_int_equal(lnlt_initiative(6, 1, 1), 0);
    assert_int_equal(lnlt_initiative(4, 4, 1), 1);
    assert_int_equal(lnlt_initiative(4, 4, 0), 0);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(EX_008_self_rally_pairs),
        cmocka_unit_test(EX_009_rally_with_leader_in_tm_hex),
        cmocka_unit_test(EX_070_only_one_lm),
        cmocka_unit_test(EX_075_advisor_morale),
        cmocka_unit_test(EX_076_nurse_heal_or_rally),
        cmocka_unit_test(rally_11_7_1_fight_or_die),
        cmocka_unit_test(rally_5_1_wounded_smc_morale),
        cmocka_unit_test(rally_3_0_initiative),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
