/*
 * test_ex_damage.c: the Damage Check Table, the DC roll with a Leader's LM,
 * casualty reduction and hero creation (5.0, 5.1, 11.1.1, 11.2.1) as computed by
 * src/rules/calc/damage_check.c.
 */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <cmocka.h>
#include <string.h>

#include "lnlt/combat.h"

/* Digest T2b: every column at the band edges for Morale 5 (rolls 5, 6, 9, 10,
 * 14, 15). */
static void dct_5_1_every_column_band_edges(void **state)
{
    (void)state;
    const int rolls[6] = {5, 6, 9, 10, 14, 15};
    const lnlt_dct_result want[7][6] = {
        {0, LNLT_DCT_SHAKEN, LNLT_DCT_SHAKEN, LNLT_DCT_CASUALTIES, LNLT_DCT_CASUALTIES,
         LNLT_DCT_ELIMINATED},
        {0, LNLT_DCT_CASUALTIES, LNLT_DCT_CASUALTIES, LNLT_DCT_CASUALTIES, LNLT_DCT_CASUALTIES,
         LNLT_DCT_ELIMINATED},
        {0, LNLT_DCT_SHAKEN, LNLT_DCT_SHAKEN, LNLT_DCT_WOUNDED, LNLT_DCT_WOUNDED,
         LNLT_DCT_ELIMINATED},
        {0, LNLT_DCT_WOUNDED, LNLT_DCT_WOUNDED, LNLT_DCT_WOUNDED, LNLT_DCT_WOUNDED,
         LNLT_DCT_ELIMINATED},
        {0, LNLT_DCT_SHAKEN, LNLT_DCT_SHAKEN, LNLT_DCT_SHAKEN, LNLT_DCT_SHAKEN,
         LNLT_DCT_ABANDONED},
        {0, LNLT_DCT_SHAKEN, LNLT_DCT_SHAKEN, LNLT_DCT_DESTROYED, LNLT_DCT_DESTROYED,
         LNLT_DCT_DESTROYED},
        {0, LNLT_DCT_DAMAGED, LNLT_DCT_DAMAGED, LNLT_DCT_DESTROYED, LNLT_DCT_DESTROYED,
         LNLT_DCT_DESTROYED},
    };
    for (int c = 0; c < 7; c++)
        for (int r = 0; r < 6; r++)
            if (lnlt_dct_lookup((lnlt_dct_column)c, rolls[r], 5) != want[c][r])
                fail_msg("column %d roll %d: got %s", c, rolls[r],
                         lnlt_dct_result_name(lnlt_dct_lookup((lnlt_dct_column)c, rolls[r], 5)));
}

static void dct_5_1_columns_for_leg_units(void **state)
{
    (void)state;
    assert_int_equal(lnlt_dct_column_for(false, false, false), LNLT_DCT_GO_MMC);
    assert_int_equal(lnlt_dct_column_for(false, false, true), LNLT_DCT_SHAKEN_MMC);
    assert_int_equal(lnlt_dct_column_for(true, false, false), LNLT_DCT_GO_SMC);
    assert_int_equal(lnlt_dct_column_for(true, false, true), LNLT_DCT_HERO_OR_SHAKEN_SMC);
    assert_int_equal(lnlt_dct_column_for(true, true, false), LNLT_DCT_HERO_OR_SHAKEN_SMC);
}

static void dc_5_0_leader_lm_reduces(void **state)
{
    (void)state;
    lnlt_dc_input in = {.die = 5, .dc = 3, .leader_lm = 2, .morale = 6,
                        .column = LNLT_DCT_GO_MMC, .hero_capable = true, .enemy_fire = true};
    lnlt_dc_outcome o = lnlt_damage_check(&in);
    assert_int_equal(o.roll, 6);
    assert_int_equal(o.result, LNLT_DCT_NO_EFFECT);
    assert_int_equal(o.mods.count, 2);
    assert_false(o.hero_check);
}

/* 11.2.1: a natural 1 on a Squad/Half-Squad DC from enemy fire, then an even die. */
static void dc_11_2_1_hero_creation(void **state)
{
    (void)state;
    lnlt_dc_input in = {.die = 1, .dc = 9, .morale = 4, .column = LNLT_DCT_GO_MMC,
                        .hero_capable = true, .enemy_fire = true};
    lnlt_dc_outcome o = lnlt_damage_check(&in);
    assert_int_equal(o.result, LNLT_DCT_CASUALTIES);
    assert_true(o.hero_check); /* even if the parent is lost */
    in.hero_capable = false;   /* a Crew, WT or MU */
    assert_false(lnlt_damage_check(&in).hero_check);
    in.hero_capable = true;
    in.enemy_fire = false;     /* ruling R-CORE-05 */
    assert_false(lnlt_damage_check(&in).hero_check);
    for (int d = 1; d <= 6; d++)
        assert_int_equal(lnlt_hero_created(d), d % 2 == 0);
}

/* 19.2.11 step 2: a DC 5 on Hero Beckin (Morale 6), roll 3: 8 > 6, Wounded. */
static void EX_108_hero_wounded(void **state)
{
    (void)state;
    lnlt_dc_input in = {.die = 3, .dc = 5, .morale = 6,
                        .column = lnlt_dct_column_for(true, true, false)};
    lnlt_dc_outcome o = lnlt_damage_check(&in);
    assert_int_equal(o.roll, 8);
    assert_int_equal(o.result, LNLT_DCT_WOUNDED);
}

static void casualty_5_1_reduction_table(void **state)
{
    (void)state;
    const lnlt_reduction_row german[2] = {{101, 201}, {102, 202}};
    lnlt_casualty_fate fate;
    int hs = -1;
    lnlt_error err = {{0}};
    assert_true(lnlt_casualty_reduce(LNLT_SIZE_SQUAD, 102, german, 2, &fate, &hs, &err));
    assert_int_equal(fate, LNLT_CASUALTY_REDUCED);
    assert_int_equal(hs, 202);
    assert_true(lnlt_casualty_reduce(LNLT_SIZE_HALF_SQUAD, 201, german, 2, &fate, &hs, &err));
    assert_int_equal(fate, LNLT_CASUALTY_ELIMINATED);
    assert_true(lnlt_casualty_reduce(LNLT_SIZE_WEAPON_TEAM, 7, german, 2, &fate, NULL, &err));
    assert_int_equal(fate, LNLT_CASUALTY_ELIMINATED);
    assert_false(lnlt_casualty_reduce(LNLT_SIZE_SQUAD, 999, german, 2, &fate, &hs, &err));
    assert_non_null(strstr(err.msg, "999"));
    assert_false(lnlt_casualty_reduce(LNLT_SIZE_SMC, 5, german, 2, &fate, &hs, &err));
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(dct_5_1_every_column_band_edges),
        cmocka_unit_test(dct_5_1_columns_for_leg_units),
        cmocka_unit_test(dc_5_0_leader_lm_reduces),
        cmocka_unit_test(dc_11_2_1_hero_creation),
        cmocka_unit_test(EX_108_hero_wounded),
        cmocka_unit_test(casualty_5_1_reduction_table),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
