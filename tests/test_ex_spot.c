/*
 * test_ex_spot.c: spotted status and spotting attempts (10.1, 10.1.1)
 * reproduced by src/rules/calc/spotting_calc.c.
 */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <cmocka.h>

#include "lnlt/combat.h"

/* 10.1 Spot Ex.1: an enemy Squad in an LC Building 2 hexes away: LOS but not
 * spotted, so no fire. */
static void EX_039_building_not_spotted(void **state)
{
    (void)state;
    lnlt_spot_status s = {0};
    assert_false(lnlt_hex_spotted(&s));
    s.unit_marked = true; /* once it fires it is */
    assert_true(lnlt_hex_spotted(&s));
}

/* 10.1 Spot Ex.2: spotted only by a GO adjacent unit; lost when it Shakes or
 * leaves. */
static void EX_040_adjacency_spotting_lost(void **state)
{
    (void)state;
    lnlt_spot_status s = {.go_enemy_adjacent = true};
    assert_true(lnlt_hex_spotted(&s));
    s.go_enemy_adjacent = false;
    assert_false(lnlt_hex_spotted(&s));
}

/* 10.1.1 Spot Ex.3: degrading 1d6 <= 3, blocking <= 2. */
static void EX_041_spotting_numbers(void **state)
{
    (void)state;
    for (int d = 1; d <= 6; d++) {
        lnlt_spot_input deg = {.target = LNLT_LOS_DEGRADING, .die = d};
        lnlt_spot_input blk = {.target = LNLT_LOS_BLOCKING, .die = d};
        assert_int_equal(lnlt_spot_attempt(&deg).success, d <= 3);
        assert_int_equal(lnlt_spot_attempt(&blk).success, d <= 2);
    }
    lnlt_spot_input open = {.target = LNLT_LOS_OPEN, .die = 6};
    assert_true(lnlt_spot_attempt(&open).automatic);
}

/* T10: the modifiers, and a natural 6 always fails. */
static void spot_10_1_1_modifiers(void **state)
{
    (void)state;
    lnlt_spot_input in = {.target = LNLT_LOS_DEGRADING, .degrading_between = 2, .die = 1};
    lnlt_spot_outcome o = lnlt_spot_attempt(&in);
    assert_int_equal(o.roll, 3);
    assert_true(o.success);
    in.building_alley = true;
    assert_false(lnlt_spot_attempt(&in).success);
    lnlt_spot_input scout = {.target = LNLT_LOS_BLOCKING, .scout = true, .tis = true,
                             .die = 6};
    o = lnlt_spot_attempt(&scout);
    assert_int_equal(o.roll, 2);
    assert_false(o.success); /* natural 6 */
    lnlt_spot_input veh = {.target = LNLT_LOS_BLOCKING, .buttoned_vehicle = true,
                           .target_vehicle = true, .die = 2};
    assert_true(lnlt_spot_attempt(&veh).success);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(EX_039_building_not_spotted),
        cmocka_unit_test(EX_040_adjacency_spotting_lost),
        cmocka_unit_test(EX_041_spotting_numbers),
        cmocka_unit_test(spot_10_1_1_modifiers),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
