/*
 * test_nations.c: national characteristics on the Modern terrain chart (rule
 * 13.0): the Viet Cong's TM and movement exceptions in jungle, and the reduced
 * stacking of Heavy Jungle that the NVA ignore. Map 1 (1I3 Light Jungle, 1K7
 * Heavy Jungle).
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
#include "rules/internal.h"

static int setup(void **state)
{
    (void)state;
    board_open(NULL, 0, "data/maps/map1.json");
    return 0;
}

static void rule_13_0_vc_tm_in_jungle(void **state)
{
    (void)state;
    board_add("vc_squad_143", 2, "I3");
    board_add("usa_squad_264", 1, "K7");
    /* Light Jungle: +1, +2 for the VC; Heavy Jungle: +2, +3 for the VC */
    assert_int_equal(rules_hex_tm(&T.ctx, &T.st, board_cell("I3"), 2, NULL), 2);
    assert_int_equal(rules_hex_tm(&T.ctx, &T.st, board_cell("K7"), 1, NULL), 2);
    board_add("vc_squad_143", 2, "K7");
    assert_int_equal(rules_hex_tm(&T.ctx, &T.st, board_cell("K7"), 2, NULL), 3);
}

static void rule_13_0_vc_move_one_mp_in_jungle(void **state)
{
    (void)state;
    /* a VC squad entering Light Jungle pays 1 MP; a US squad pays 2 */
    int vc = board_add("vc_squad_143", 2, "I4"), us = board_add("usa_squad_264", 1, "J4");
    (void)us;
    T.st.move.active = 1;
    T.st.impulse_side = 2;
    T.st.move.cell = (int16_t)board_cell("I4");
    lnlt_bit_set(T.st.move.units, vc);
    const char *why = "";
    int c = rules_step_cost(&T.ctx, &T.st, board_cell("I3"), &why);
    assert_int_equal(c, 2); /* half MP */
    memset(T.st.move.units, 0, sizeof T.st.move.units);
    T.st.unit[vc].cell = LNLT_CELL_NONE;
    T.st.impulse_side = 1;
    T.st.move.cell = (int16_t)board_cell("J4");
    lnlt_bit_set(T.st.move.units, us);
    c = rules_step_cost(&T.ctx, &T.st, board_cell("I3"), &why);
    assert_int_equal(c, 4);
}

static void rule_13_0_heavy_jungle_stacking_nva_ignore(void **state)
{
    (void)state;
    int k7 = board_cell("K7");
    board_add("usa_squad_264", 1, "K7");
    board_add("usa_squad_264", 1, "K7");
    uint8_t adding[LNLT_UNIT_BITS] = {0};
    int third = board_add("usa_squad_264", 1, NULL);
    lnlt_bit_set(adding, third);
    const char *why = NULL;
    assert_false(rules_stacking_ok(&T.ctx, &T.st, k7, 1, adding, &why));
    assert_non_null(strstr(why, "Heavy Jungle"));
    /* the NVA stack three squads there */
    board_add("nva_squad_254", 2, "K7");
    board_add("nva_squad_254", 2, "K7");
    memset(adding, 0, sizeof adding);
    lnlt_bit_set(adding, board_add("nva_squad_254", 2, NULL));
    assert_true(rules_stacking_ok(&T.ctx, &T.st, k7, 2, adding, &why));
}

/* Heavy Jungle holds two weapons per side (TEC): with two M-60s in K7 the US
 * squads may not pick up the third lying there in the Rally Phase; with one fewer
 * they may. The NVA ignore the limit. */
static void rule_13_0_heavy_jungle_two_weapons_also_for_pick_ups(void **state)
{
    (void)state;
    int a = board_add("usa_squad_264", 1, "K7");
    int b = board_add("usa_squad_264", 1, "K7");
    board_add("vc_squad_143", 2, "A1");
    board_add_sw("m60", a, NULL);
    int second = board_add_sw("m60", b, NULL);
    board_add_sw("m60", -1, "K7");
    assert_false(board_legal("pickup K7 w2 #0"));
    assert_false(board_legal("pickup K7 w2 #1"));
    T.st.sw[second].holder = -1;
    T.st.sw[second].cell = (int16_t)board_cell("J7");
    assert_true(board_legal("pickup K7 w2 #1"));
    /* the NVA: three weapons in Heavy Jungle are fine */
    board_close();
    setup(NULL);
    int n1 = board_add("nva_squad_254", 1, "K7");
    int n2 = board_add("nva_squad_254", 1, "K7");
    board_add("vc_squad_143", 2, "A1");
    board_add_sw("rpd", n1, NULL);
    board_add_sw("rpd", n2, NULL);
    board_add_sw("rpd", -1, "K7");
    assert_true(board_legal("pickup K7 w2 #0"));
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test_setup_teardown(rule_13_0_vc_tm_in_jungle, setup, board_teardown),
        cmocka_unit_test_setup_teardown(rule_13_0_vc_move_one_mp_in_jungle, setup, board_teardown),
        cmocka_unit_test_setup_teardown(rule_13_0_heavy_jungle_stacking_nva_ignore, setup, board_teardown),
        cmocka_unit_test_setup_teardown(rule_13_0_heavy_jungle_two_weapons_also_for_pick_ups, setup, board_teardown),
    };
    return cmocka_run_group_tests_name("nations", tests, NULL, NULL);
}
