/*
 * test_caves_tunnels.c: cave tunnels (10.7.1) and collapsed entrances (10.7.2)
 * through the engine on Map 14 with forced dice: moving from cave to cave, what
 * the enemy may see of and fire at the units come through, satchel charges and
 * flamethrowers collapsing a cave (its occupants eliminated when no open cave is
 * left to reach), and the attacks that reach a cave or a bunker from behind its
 * front (a mortar at a cave, a satchel at a bunker: 10.7, 21.1.2).
 */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <string.h>
#include <cmocka.h>

#include <jansson.h>

#include "lnlt/view.h"
#include "rules/internal.h"
#include "support/board.h"
#include "support/cave_board.h"
#include "support/vehicle_board.h"

#define US LNLT_SIDE_1
#define DE LNLT_SIDE_2

/* 10.7.1: from cave to cave through the tunnels, 1 MP a hex with the far
 * entrance's hex; an In Tunnel marker on arrival; the scenario may keep a side
 * out; weapon teams never go (10.7.1), nor a stack short of the MP (R-CORE-123). */
static void rule_10_7_1_tunnel_moves(void **state)
{
    (void)state;
    cboard_put_cave("H4", LNLT_DIR_S, 2);
    cboard_put_cave("H1", LNLT_DIR_S, 2);                                     /* 3 hexes away */
    cboard_put_cave("C4", LNLT_DIR_S, 2);                                     /* 5 hexes away */
    cboard_put_place("D4", LNLT_DIR_S, 2, LNLT_PLACE_CAVE, 1u << DE);         /* the Germans' tunnels only */
    int sq = board_add("us_abn_squad_254", US, "H4:cave");
    board_add("test_wt_mg", US, "H4:cave");
    board_add("de_lt_koch", DE, "A8");
    board_to_operations();
    board_play("activate H4:cave", "");
    board_play("move H4:cave #0", "");
    assert_true(board_legal("step H1:cave"));
    assert_false(board_legal("step C4:cave")); /* 5 MP: more than its 4 MF */
    assert_false(board_legal("step D4:cave")); /* not the Americans' tunnel */
    vboard_refused_f("keeps that side out of these tunnels (10.7.1)", "step D4:cave");
    board_play("step H1:cave", "");
    board_expect_log("the stack enters H1:cave through the tunnel (3 MP; 1 MP left)");
    assert_int_equal(T.st.unit[sq].cell, board_cell("H1"));
    assert_true(T.st.unit[sq].marks & LNLT_MARK_IN_TUNNEL);
    assert_true(T.st.unit[sq].marks & LNLT_MARK_MOVED);
    cboard_stop_moving();
    board_play("done", "");
    board_play("pass", "");
    board_play("activate H4:cave", "");
    board_play("move H4:cave", "");
    assert_false(board_legal("step H1:cave"));
    vboard_refused_f("weapon teams and mounted units never go through a tunnel", "step H1:cave");
}

/* 10.7.1: a stack come through a tunnel does not give its cave away by its Moved
 * marker, unless the enemy has units in the cave's hex or next to it; a
 * good-order one next to it spots it anyway (10.1). */
static void rule_10_7_1_tunnel_arrival_is_not_spotted(void **state)
{
    (void)state;
    cboard_put_cave("H4", LNLT_DIR_S, 2);
    cboard_put_cave("H1", LNLT_DIR_S, 2);
    int sq = board_add("us_abn_squad_254", US, "H4:cave");
    int de = board_add("de_squad_164", DE, "H7");
    board_to_operations();
    board_play("activate H4:cave", "");
    board_play("move H4:cave", "");
    board_play("step H1:cave", "");
    assert_int_not_equal(T.st.decision, LNLT_DECIDE_OPFIRE); /* nobody may fire at it */
    assert_false(lnlt_location_spotted(&T.ctx, &T.st, board_cell("H1:cave"), DE));
    T.st.unit[sq].marks &= (uint8_t)~LNLT_MARK_IN_TUNNEL; /* the same move on foot would give it away */
    assert_true(lnlt_location_spotted(&T.ctx, &T.st, board_cell("H1:cave"), DE));
    T.st.unit[sq].marks |= LNLT_MARK_IN_TUNNEL;
    /* a shaken German next to the cave's hex: no spotting by adjacency, but the
     * Moved marker now counts */
    T.st.unit[de].cell = (int16_t)board_cell("H2");
    T.st.unit[de].status = LNLT_SHAKEN;
    rules_index_rebuild(&T.st);
    assert_true(lnlt_location_spotted(&T.ctx, &T.st, board_cell("H1:cave"), DE));
}

/* 10.7, 10.7.2: a satchel reaches a cave from behind; an attack of it that brings
 * a damage check collapses the cave: a Collapsed Entrance marker, the occupants
 * through the tunnel to the nearest open cave with room (ruling R-CORE-125). */
static void rule_10_7_2_satchel_collapses_a_cave(void **state)
{
    (void)state;
    cboard_put_cave("H4", LNLT_DIR_S, 2);
    cboard_put_cave("H1", LNLT_DIR_S, 2);
    cboard_put_cave("C4", LNLT_DIR_S, 2);
    int de = board_add("de_squad_164", DE, "H4:cave");
    T.st.unit[de].marks |= LNLT_MARK_FIRED; /* spotted */
    int us = board_add("us_abn_squad_254", US, "H3");
    board_add_sw("satchel_charge", us, NULL);
    board_add("us_abn_squad_254", US, "I2"); /* behind too, no satchel */
    board_to_operations();
    board_play("activate I2", "");
    vboard_refused_f("fired on only through its three front hexsides (10.7)", "fire I2 H4:cave");
    board_play("done", "");
    board_play("pass", "");
    board_play("activate H3", "");
    assert_true(board_legal("fire H3 H4:cave"));
    /* 1d6 3 + satchel 6 = 9 vs 1d6 1 + TM 2 (the cave) = 3: DC+6; its check 12: shaken */
    board_play_loose("fire H3 H4:cave", "3,1,6,6,6,6");
    board_expect_log("Satchel Charge");
    board_expect_log("the cave in H4 collapses");
    assert_true(lnlt_cave_collapsed(&T.st, board_cell("H4")));
    assert_int_equal(T.st.unit[de].cell, board_cell("H1"));
    assert_int_equal(T.st.unit[de].floor, LNLT_FLOOR_BUNKER);
    assert_true(T.st.unit[de].marks & LNLT_MARK_IN_TUNNEL);
    /* no way back in */
    lnlt_unit probe = T.st.unit[us];
    assert_string_equal(rules_inside_barred(&T.ctx, &T.st, &probe, board_cell("H4:cave")),
                        "that cave's entrance has collapsed (10.7.2)");
}

/* 10.7.2: with no open cave left to reach, the occupants are eliminated. */
static void rule_10_7_2_no_open_cave_left_eliminates(void **state)
{
    (void)state;
    cboard_put_cave("H4", LNLT_DIR_S, 2);
    int de = board_add("de_squad_164", DE, "H4:cave");
    T.st.unit[de].marks |= LNLT_MARK_FIRED;
    int us = board_add("us_abn_squad_254", US, "H5"); /* in front */
    board_add_sw("flamethrower", us, NULL);
    board_to_operations();
    board_play("activate H5", "");
    /* 1d6 1 + 8 = 9 vs 1d6 6 + TM 2 = 8: DC+1; its check 1 + 1 passes */
    board_play_loose("fire H5 H4:cave", "1,6,1,6,6,6,6,6");
    board_expect_log("the cave in H4 collapses");
    board_expect_log("no tunnel leads");
    assert_int_equal(T.st.unit[de].cell, LNLT_CELL_ELIMINATED);
}

/* 21.1.2: a satchel charge reaches a bunker from behind its front; nothing else
 * the DFT fires does. */
static void rule_21_1_2_satchel_reaches_a_bunker_from_behind(void **state)
{
    (void)state;
    cboard_put_bunker("H4", LNLT_DIR_S, 2);
    int de = board_add("de_squad_164", DE, "H4:bunker");
    T.st.unit[de].marks |= LNLT_MARK_FIRED;
    int us = board_add("us_abn_squad_254", US, "H3");
    board_add_sw("satchel_charge", us, NULL);
    board_add("us_abn_squad_254", US, "I2");
    board_to_operations();
    board_play("activate I2", "");
    assert_false(board_legal("fire I2 H4:bunker"));
    board_play("done", "");
    board_play("pass", "");
    board_play("activate H3", "");
    assert_true(board_legal("fire H3 H4:bunker"));
    board_play_loose("fire H3 H4:bunker", "1,6,6,6");
    board_expect_log("Satchel Charge");
    assert_false(lnlt_cave_collapsed(&T.st, board_cell("H4"))); /* a bunker never collapses */
}

/* 10.7: a mortar attacks a cave from any side; only the mortar fires then. */
static void rule_10_7_mortar_reaches_a_cave_from_behind(void **state)
{
    (void)state;
    cboard_put_cave("H4", LNLT_DIR_S, 2);
    int de = board_add("de_squad_164", DE, "H4:cave");
    T.st.unit[de].marks |= LNLT_MARK_FIRED;
    int us = board_add("us_abn_squad_254", US, "H2");
    board_add_sw("mortar_51mm", us, NULL);
    board_to_operations();
    board_play("activate H2", "");
    assert_true(board_legal("fire H2 H4:cave"));
    board_play_loose("fire H2 H4:cave", "1,1,6,6,6,6");
    board_expect_log("51 mm mortar");
    assert_false(board_logged("IFP"));
}

/* 10.7.1: units come through a tunnel are not fired on (small arms, mortars or
 * artillery) unless the enemy has units in or next to their cave's hex; firing
 * gives them away. */
static void rule_10_7_1_tunnel_arrivals_are_not_fired_on(void **state)
{
    (void)state;
    cboard_put_cave("H4", LNLT_DIR_S, 2);
    cboard_put_cave("H1", LNLT_DIR_S, 2);
    int sq = board_add("us_abn_squad_254", US, "H4:cave");
    int de = board_add("de_squad_164", DE, "H7");
    int h1 = lnlt_loc_cell(board_cell("H1"));
    lnlt_bit_set(T.st.ffe, h1); /* a Fire For Effect marker on the far cave's hex */
    T.st.ffe_fp = 6;
    board_to_operations();
    board_play("activate H4:cave", "");
    board_play("move H4:cave", "");
    board_play("step H1:cave", ""); /* no die: the FFE does not reach it */
    assert_false(board_logged("18.2"));
    cboard_stop_moving();
    board_play("done", "");
    /* a Spotted marker on the cave does not help the Germans: nobody of theirs is near */
    rules_set_spot_marker(&T.st, DE, board_cell("H1:cave"));
    board_play("activate H7", "");
    vboard_refused_f("came through a tunnel", "fire H7 H1:cave");
    board_play("done", "");
    /* once a German stands next to the hex, they may */
    T.st.unit[de].cell = (int16_t)board_cell("H2");
    rules_index_rebuild(&T.st);
    assert_false(rules_tunnel_hides(&T.ctx, &T.st, sq, DE));
    T.st.unit[de].cell = (int16_t)board_cell("H7");
    rules_index_rebuild(&T.st);
    assert_true(rules_tunnel_hides(&T.ctx, &T.st, sq, DE));
    T.st.unit[sq].marks |= LNLT_MARK_FIRED; /* it fired: seen like any unit */
    assert_false(rules_tunnel_hides(&T.ctx, &T.st, sq, DE));
}

/* 10.7.2: a satchel or flamethrower may attack an empty cave to collapse it; the
 * cave's TM is not counted then. */
static void rule_10_7_2_empty_cave_collapses_without_its_tm(void **state)
{
    (void)state;
    cboard_put_cave("H4", LNLT_DIR_S, 2);
    int ft = board_add("us_abn_squad_254", US, "H6"); /* in front, range 2 */
    board_add_sw("flamethrower", ft, NULL);
    board_add("us_abn_squad_254", US, "H5");          /* no such weapon */
    board_add("de_lt_koch", DE, "A8");
    board_to_operations();
    board_play("activate H5", "");
    assert_false(board_legal("fire H5 H4:cave"));
    board_play("done", "");
    board_play("pass", "");
    board_play("activate H6", "");
    assert_true(board_legal("fire H6 H4:cave"));
    lnlt_error err = {{0}};
    json_t *preview = lnlt_preview_state_json(&T.ctx, &T.st, "fire H6 H4:cave", &err); /* previewed like any fire */
    if (!preview)
        fail_msg("%s", err.msg);
    assert_int_equal(json_array_size(json_object_get(preview, "targets")), 0);
    json_decref(preview);
    /* the flamethrower alone: 1d6 1 + 4 = 5 against 1d6 4 + TM 0 (Brush, no cave +2): a DC */
    board_play_loose("fire H6 H4:cave", "1,4");
    board_expect_log("= 5 vs 1d6 4 + TM 0 = 4");
    board_expect_log("the cave in H4 collapses");
    assert_true(lnlt_cave_collapsed(&T.st, board_cell("H4")));
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test_setup_teardown(rule_10_7_1_tunnel_moves, cboard_setup, board_teardown),
        cmocka_unit_test_setup_teardown(rule_10_7_1_tunnel_arrival_is_not_spotted, cboard_setup, board_teardown),
        cmocka_unit_test_setup_teardown(rule_10_7_1_tunnel_arrivals_are_not_fired_on, cboard_setup, board_teardown),
        cmocka_unit_test_setup_teardown(rule_10_7_2_satchel_collapses_a_cave, cboard_setup, board_teardown),
        cmocka_unit_test_setup_teardown(rule_10_7_2_no_open_cave_left_eliminates, cboard_setup, board_teardown),
        cmocka_unit_test_setup_teardown(rule_10_7_2_empty_cave_collapses_without_its_tm, cboard_setup, board_teardown),
        cmocka_unit_test_setup_teardown(rule_21_1_2_satchel_reaches_a_bunker_from_behind, cboard_setup, board_teardown),
        cmocka_unit_test_setup_teardown(rule_10_7_mortar_reaches_a_cave_from_behind, cboard_setup, board_teardown),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
