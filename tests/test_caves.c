/*
 * test_caves.c: caves (10.7) as hexes within a hex, through the engine on Map 14
 * with forced dice, and the rows of the other sections that name caves and
 * bunkers: stacking (1.3), moving in and out, fire only through a cave's front,
 * which support weapons and weapon teams may fire from them or enter them (1.6.4,
 * 1.6.5, 1.7, 18.1), leaders' reach (4.0), opportunity fire (5.3), low crawl
 * (6.3), spotting (10.1), adjacency (10.4.1, Hex within a Hex Example 1) and
 * control (22.1). Tunnels (10.7.1), collapsed entrances (10.7.2) and attacks that
 * reach a cave or bunker from behind: test_caves_tunnels.c. Caves as scenario
 * data, and a short soak over them: test_caves_data.c.
 */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <string.h>
#include <cmocka.h>

#include "lnlt/view.h"
#include "rules/internal.h"
#include "support/board.h"
#include "support/cave_board.h"
#include "support/vehicle_board.h"

#define US LNLT_SIDE_1
#define DE LNLT_SIDE_2

static bool has_mod(const lnlt_modifiers *m, const char *name, int value)
{
    for (int i = 0; i < m->count; i++)
        if (!strcmp(m->mod[i].source, name) && m->mod[i].value == value)
            return true;
    return false;
}

/* 10.7, 10.4.1: a cave is a place of its own in its hex, named "H4:cave"; its
 * marker's TM adds to the hex's, within the +4 of 5.5. */
static void rule_10_7_cave_is_a_hex_within_a_hex(void **state)
{
    (void)state;
    cboard_put_cave("H4", LNLT_DIR_S, 2);
    cboard_put_cave("N2", LNLT_DIR_S, 4); /* a forest hex */
    int in = board_add("de_squad_164", DE, "H4:cave");
    int out = board_add("de_squad_164", DE, "H4");
    char name[LNLT_HEX_ID_MAX];
    assert_string_equal(lnlt_cell_name(&T.ctx, lnlt_unit_loc(&T.st.unit[in]), name), "H4:cave");
    assert_string_equal(lnlt_location_floor_name(&T.ctx, lnlt_unit_loc(&T.st.unit[in])), "cave");
    assert_int_equal(T.st.unit[in].cell, T.st.unit[out].cell);
    assert_int_not_equal(lnlt_unit_loc(&T.st.unit[in]), lnlt_unit_loc(&T.st.unit[out]));
    /* a cave's hex has no bunker, and a hex without a cave has no cave */
    lnlt_error err = {{0}};
    assert_true(lnlt_state_add_unit(&T.ctx, &T.st, "de_squad_164", DE, "H4:bunker", &err) < 0);
    assert_non_null(strstr(err.msg, "has no bunker"));
    assert_true(lnlt_state_add_unit(&T.ctx, &T.st, "de_squad_164", DE, "H5:cave", &err) < 0);
    assert_non_null(strstr(err.msg, "has no cave"));
    lnlt_modifiers m = {0};
    assert_int_equal(rules_hex_tm(&T.ctx, &T.st, board_cell("H4:cave"), DE, &m), 0 + 2);
    assert_true(has_mod(&m, "Cave", 2));
    assert_int_equal(rules_hex_tm(&T.ctx, &T.st, board_cell("H4"), DE, NULL), 0); /* outside: the hex only */
    lnlt_modifiers parts = {0};
    int raw = rules_hex_tm(&T.ctx, &T.st, board_cell("N2:cave"), DE, &parts);
    assert_int_equal(raw, 2 + 4);                         /* forest +2, the cave +4 */
    assert_int_equal(lnlt_target_tm(&parts, false, NULL), 4); /* 5.5: at most +4 */
}

/* 10.7, 1.3: the inside of a cave stacks on its own: three squads inside and
 * three outside. */
static void rule_10_7_stacking_inside(void **state)
{
    (void)state;
    cboard_put_cave("H4", LNLT_DIR_S, 2);
    for (int i = 0; i < 3; i++) {
        board_add("us_abn_squad_254", US, "H4:cave");
        board_add("us_abn_squad_254", US, "H4");
    }
    board_add("us_abn_squad_254", US, "H5");
    board_add("de_lt_koch", DE, "A8");
    board_to_operations();
    board_play("activate H4", "");
    board_play("move H4", "");
    assert_false(board_legal("step H4:cave")); /* the cave is full */
    board_play("stop", "");
    board_play("done", "");
    board_play("pass", "");
    board_play("activate H5", "");
    board_play("move H5", "");
    assert_false(board_legal("step H4")); /* so is the hex around it */
}

/* 10.7: 2 MP from outside a cave to inside it, and 2 MP back out. */
static void rule_10_7_two_mp_in_and_out(void **state)
{
    (void)state;
    cboard_put_cave("H4", LNLT_DIR_S, 2);
    int a = board_add("us_abn_squad_254", US, "H5");
    int b = board_add("us_abn_squad_254", US, "H4:cave");
    board_add("de_lt_koch", DE, "A8");
    board_to_operations();
    board_play("activate H5", "");
    board_play("move H5", "");
    board_play("step H4", "");
    board_play("step H4:cave", "");
    board_expect_log("the stack enters H4:cave (2 MP;");
    assert_int_equal(T.st.unit[a].floor, LNLT_FLOOR_BUNKER);
    assert_false(board_legal("step H4")); /* 1 + 2 spent: 2 more would pass its 4 MF */
    board_play("stop", "");
    board_play("done", "");
    board_play("pass", "");
    (void)b;
}

/* 10.7: the units in a cave fire, and are fired on, only through its three front
 * hexsides; the units outside it in its hex fire at them as if adjacent. */
static void rule_10_7_fire_only_through_the_front(void **state)
{
    (void)state;
    cboard_put_cave("H4", LNLT_DIR_S, 2);
    board_add("de_squad_164", DE, "H4:cave");
    board_add("us_abn_squad_254", US, "H7"); /* in front */
    board_add("us_abn_squad_254", US, "H2"); /* behind */
    vboard_germans_first();
    board_to_operations();
    board_play("activate H4:cave", "");
    assert_true(board_legal("fire H4:cave H7"));
    assert_false(board_legal("fire H4:cave H2"));
    vboard_refused_f("only through its three front hexsides (10.7)", "fire H4:cave H2");
    board_play_loose("fire H4:cave H7", "1,6,6"); /* no effect; the cave is marked Fired */
    board_play("done", "");
    board_play("activate H7", "");
    assert_true(board_legal("fire H7 H4:cave"));
    board_play("done", "");
    board_play("pass", "");
    board_play("activate H2", "");
    assert_false(board_legal("fire H2 H4:cave"));
    vboard_refused_f("fired on only through its three front hexsides (10.7)", "fire H2 H4:cave");
    /* 10.7 against 21.1.2: ordnance reaches a bunker from behind, never a cave */
    assert_non_null(rules_bunker_fire_barred(&T.ctx, board_cell("H2"), board_cell("H4:cave"), true));
    assert_null(rules_bunker_fire_barred(&T.ctx, board_cell("H7"), board_cell("H4:cave"), true));
}

static void rule_21_1_2_ordnance_reaches_a_bunker_from_behind(void **state)
{
    (void)state;
    cboard_put_bunker("H4", LNLT_DIR_S, 2);
    assert_null(rules_bunker_fire_barred(&T.ctx, board_cell("H2"), board_cell("H4:bunker"), true));
    assert_non_null(rules_bunker_fire_barred(&T.ctx, board_cell("H2"), board_cell("H4:bunker"), false));
}

/* 10.7: units outside a cave fire at those inside as if adjacent and vice versa,
 * but never melee them: neither side may move in on the other. */
static void rule_10_7_outside_fires_in_but_never_melees(void **state)
{
    (void)state;
    cboard_put_cave("H4", LNLT_DIR_N, 2); /* its front away from the US squad's way in */
    board_add("de_squad_164", DE, "H4:cave");
    board_add("us_abn_squad_254", US, "H4");
    board_to_operations();
    board_play("activate H4", "");
    assert_true(board_legal("fire H4 H4:cave")); /* the same hex, whatever the front */
    board_play("move H4", "");
    assert_false(board_legal("step H4:cave"));
    vboard_refused_f("never melee those inside (10.7)", "step H4:cave");
}

/* 1.7, 10.7: only MG and mortar weapon teams enter a cave. */
static void rule_10_7_only_mg_and_mortar_teams_enter(void **state)
{
    (void)state;
    cboard_put_cave("H4", LNLT_DIR_S, 2);
    board_add("test_wt_mg", DE, "H5");
    board_add("test_wt_mortar", DE, "H3");
    board_add("us_cpl_medrow", US, "A1");
    vboard_germans_first();
    board_to_operations();
    board_play("activate H5", "");
    board_play("move H5", "");
    board_play("step H4", "");
    assert_true(board_legal("step H4:cave"));
    board_play("step H4:cave", "");
    cboard_stop_moving();
    board_play("done", "");
    board_play("pass", "");
    board_play("activate H3", "");
    board_play("move H3", "");
    board_play("step H4", "");
    assert_true(board_legal("step H4:cave"));
    board_play("step H4:cave", "");
    cboard_stop_moving();
    board_play("done", "");
    board_play("pass", "");
    /* a gun team comes no further than the cave's hex */
    int gun = board_add("test_wt_gun", DE, "H4");
    assert_string_equal(rules_inside_barred(&T.ctx, &T.st, &T.st.unit[gun], board_cell("H4:cave")),
                        "only MG and mortar weapon teams enter a cave (1.7, 10.7)");
    board_play("activate H4", "");
    board_play("move H4", "");
    assert_false(board_legal("step H4:cave"));
    vboard_refused_f("only MG and mortar weapon teams enter a cave (1.7, 10.7)", "step H4:cave");
}

/* 1.7, 21.1: a mortar team never enters a bunker (only MG teams do). */
static void rule_21_1_only_mg_teams_enter_a_bunker(void **state)
{
    (void)state;
    cboard_put_bunker("H4", LNLT_DIR_S, 2);
    board_add("test_wt_mortar", DE, "H4");
    board_add("test_wt_mg", DE, "H5");
    board_add("us_cpl_medrow", US, "A1");
    vboard_germans_first();
    board_to_operations();
    board_play("activate H4", "");
    board_play("move H4", "");
    assert_false(board_legal("step H4:bunker"));
    vboard_refused_f("only MG weapon teams enter bunkers", "step H4:bunker");
    board_play("stop", "");
    board_play("done", "");
    board_play("pass", "");
    board_play("activate H5", "");
    board_play("move H5", "");
    board_play("step H4", "");
    assert_true(board_legal("step H4:bunker"));
}

/* 10.7, 1.6.5: a mortar fires from a cave, through its front; 1.6.5: never from a
 * bunker. */
static void rule_10_7_mortar_fires_from_a_cave(void **state)
{
    (void)state;
    cboard_put_cave("H4", LNLT_DIR_S, 2);
    int sq = board_add("de_squad_164", DE, "H4:cave");
    board_add_sw("mortar_51mm", sq, NULL);
    board_add("us_abn_squad_254", US, "H7");
    assert_true(rules_unit_fires_at(&T.ctx, &T.st, sq, 3, false));
    assert_false(rules_sw_mortar_barred(&T.ctx, &T.st, board_cell("H4:cave")));
    vboard_germans_first();
    board_to_operations();
    board_play("activate H4:cave", "");
    board_play_loose("fire H4:cave H7", "1,1,6,6,6,6,6");
    board_expect_log("51 mm mortar");
}

/* 1.6.5: a mortar weapon is never fired from a bunker: its squad fires its own FP. */
static void rule_1_6_5_no_mortar_from_a_bunker(void **state)
{
    (void)state;
    cboard_put_bunker("H4", LNLT_DIR_S, 2);
    int bq = board_add("de_squad_164", DE, "H4:bunker");
    board_add_sw("mortar_51mm", bq, NULL);
    board_add("us_abn_squad_254", US, "H7");
    assert_true(rules_sw_mortar_barred(&T.ctx, &T.st, board_cell("H4:bunker")));
    vboard_germans_first();
    board_to_operations();
    board_play("activate H4:bunker", "");
    board_play_loose("fire H4:bunker H7", "1,6,6,6,6,6");
    assert_false(board_logged("51 mm mortar"));
}

/* 1.6.4, 10.7: an ordnance weapon is not fired from a cave (an anti-tank rifle is). */
static void rule_1_6_4_no_ordnance_weapon_from_a_cave(void **state)
{
    (void)state;
    cboard_put_cave("H4", LNLT_DIR_S, 2);
    int sq = board_add("us_abn_squad_254", US, "H4:cave");
    board_add_sw("bazooka", sq, NULL);
    board_add("de_squad_164", DE, "H7");
    board_to_operations();
    board_play("activate H4:cave", "");
    static lnlt_action list[4096];
    int n = lnlt_legal_actions(&T.ctx, &T.st, list, 4096);
    char text[128];
    for (int i = 0; i < n; i++) {
        lnlt_action_format(&T.ctx, &list[i], text, sizeof text);
        assert_null(strstr(text, "shoot")); /* no ordnance shot is offered */
    }
    /* outside it, in the same hex, the bazooka fires */
    T.st.unit[sq].floor = LNLT_FLOOR_GROUND;
    rules_index_rebuild(&T.st);
    board_play("done", "");
    board_play("pass", "");
    board_play("activate H4", "");
    n = lnlt_legal_actions(&T.ctx, &T.st, list, 4096);
    bool shoots = false;
    for (int i = 0; i < n; i++) {
        lnlt_action_format(&T.ctx, &list[i], text, sizeof text);
        shoots |= strstr(text, "shoot H4 H7") != NULL;
    }
    assert_true(shoots);
}

/* 4.0: next to a cave or bunker hex, a leader activates only the units outside
 * it; outside it in its hex, his hex, the six around and the units inside; inside
 * it, only the inside and his hex. */
static void leaders_around(const char *hex, const char *inside)
{
    char cmd[48];
    int lt = board_add("us_lt_michael", US, hex);
    board_add("us_abn_squad_254", US, inside);
    board_add("us_abn_squad_254", US, "H5");
    board_add("us_abn_squad_254", US, "H3");
    board_add("de_lt_koch", DE, "A8");
    board_to_operations();
    /* a leader outside, in the hex */
    board_play("activate H4", "");
    snprintf(cmd, sizeof cmd, "also %s", inside);
    assert_true(board_legal(cmd));
    assert_true(board_legal("also H5"));
    board_play("done", "");
    board_play("pass", "");
    /* the same leader inside */
    T.st.unit[lt].floor = LNLT_FLOOR_BUNKER;
    rules_index_rebuild(&T.st);
    snprintf(cmd, sizeof cmd, "activate %s", inside);
    board_play(cmd, "");
    assert_true(board_legal("also H4"));
    assert_false(board_legal("also H5"));
    assert_false(board_legal("also H3"));
}

static void rule_4_0_leaders_and_caves(void **state)
{
    (void)state;
    cboard_put_cave("H4", LNLT_DIR_S, 2);
    board_add("us_abn_squad_254", US, "H4");
    leaders_around("H4", "H4:cave");
}

static void rule_4_0_leaders_and_bunkers(void **state)
{
    (void)state;
    cboard_put_bunker("H4", LNLT_DIR_S, 2);
    board_add("us_abn_squad_254", US, "H4");
    leaders_around("H4", "H4:bunker");
}

/* 4.0: a leader next to the hex activates only the units outside the cave or
 * bunker. */
static void next_door_leader(const char *inside)
{
    char cmd[48];
    board_add("us_lt_michael", US, "H5");
    board_add("us_abn_squad_254", US, inside);
    board_add("us_abn_squad_254", US, "H4");
    board_add("de_lt_koch", DE, "A8");
    board_to_operations();
    board_play("activate H5", "");
    assert_true(board_legal("also H4"));
    snprintf(cmd, sizeof cmd, "also %s", inside);
    assert_false(board_legal(cmd));
}

static void rule_4_0_next_door_leader_and_cave(void **state)
{
    (void)state;
    cboard_put_cave("H4", LNLT_DIR_S, 2);
    next_door_leader("H4:cave");
}

static void rule_4_0_next_door_leader_and_bunker(void **state)
{
    (void)state;
    cboard_put_bunker("H4", LNLT_DIR_S, 2);
    next_door_leader("H4:bunker");
}

/* 10.1, 10.7: a cave is spotted as blocking terrain, apart from its hex; a
 * good-order unit next to its hex spots both (and, 10.4.1 Example 1, is
 * adjacent to the units inside and outside). */
static void rule_10_7_spotting_and_adjacency(void **state)
{
    (void)state;
    cboard_put_cave("H4", LNLT_DIR_S, 2);
    board_add("de_squad_164", DE, "H4:cave");
    board_add("de_squad_164", DE, "H4");
    int far = board_add("us_abn_squad_254", US, "H7");
    int in = board_cell("H4:cave"), out = board_cell("H4");
    assert_false(lnlt_location_spotted(&T.ctx, &T.st, in, US)); /* the cave: blocking */
    /* the units outside firing give their place away, not the cave's */
    T.st.unit[1].marks |= LNLT_MARK_FIRED;
    assert_true(lnlt_location_spotted(&T.ctx, &T.st, out, US));
    assert_false(lnlt_location_spotted(&T.ctx, &T.st, in, US));
    T.st.unit[0].marks |= LNLT_MARK_FIRED;
    assert_true(lnlt_location_spotted(&T.ctx, &T.st, in, US));
    T.st.unit[0].marks = T.st.unit[1].marks = 0;
    /* 10.4.1 Example 1: from the next hex, adjacent to inside and outside */
    T.st.unit[far].cell = (int16_t)board_cell("H5");
    rules_index_rebuild(&T.st);
    assert_true(rules_loc_adjacent(&T.ctx, board_cell("H5"), in));
    assert_true(rules_loc_adjacent(&T.ctx, board_cell("H5"), out));
    assert_true(lnlt_location_spotted(&T.ctx, &T.st, in, US));
    T.st.unit[far].status = LNLT_SHAKEN; /* only a good-order unit spots by adjacency */
    assert_false(lnlt_location_spotted(&T.ctx, &T.st, in, US));
}

/* 5.3: opportunity fire at a mover entering a cave's hex hits those outside the
 * cave only; the units inside are a hex of their own. */
static void rule_5_3_opportunity_fire_spares_the_cave(void **state)
{
    (void)state;
    cboard_put_cave("H4", LNLT_DIR_N, 2);
    int in = board_add("us_abn_squad_254", US, "H4:cave");
    int mover = board_add("us_abn_squad_254", US, "H3");
    board_add("de_squad_164", DE, "H7");
    board_to_operations();
    board_play("activate H3", "");
    board_play("move H3", "");
    board_play("step H4", "");
    assert_int_equal(T.st.decision, LNLT_DECIDE_OPFIRE);
    /* 1d6 6 + FP 1 + moving 1 against 1d6 1 + TM 0: DC; one damage check (the mover's) */
    board_play("opfire H7", "6,1,6");
    assert_int_equal(T.st.unit[in].status, LNLT_GOOD_ORDER);
    board_expect_log("fire at H4");
    (void)mover;
}

/* 18.1, 10.7: a mortar team fires from a cave, through its front only. */
static void rule_18_1_mortar_team_fires_from_a_cave(void **state)
{
    (void)state;
    cboard_put_cave("H4", LNLT_DIR_S, 2);
    board_add("test_wt_mortar", DE, "H4:cave");
    board_add("us_abn_squad_254", US, "H7"); /* in front, range 3 */
    int behind = board_add("us_abn_squad_254", US, "H1");
    T.st.unit[behind].marks |= LNLT_MARK_FIRED; /* spotted */
    vboard_germans_first();
    board_to_operations();
    board_play("activate H4:cave", "");
    assert_true(board_legal("fire H4:cave H7"));
    assert_false(board_legal("fire H4:cave H1"));
}

/* 1.7: an MG team in a cave never fires at the units outside it in its hex, nor
 * they at it; other units do, as if adjacent (10.7). */
static void rule_1_7_mg_team_and_the_rest_of_its_hex(void **state)
{
    (void)state;
    cboard_put_cave("H4", LNLT_DIR_N, 2);
    board_add("test_wt_mg", DE, "H4:cave");
    board_add("de_squad_164", DE, "H4:cave");
    board_add("us_abn_squad_254", US, "H4");
    vboard_germans_first();
    board_to_operations();
    board_play("activate H4:cave", "");
    board_play_loose("fire H4:cave H4", "1,6,6");
    board_expect_log("Squad 1-6-4");
    assert_false(board_logged("MG team"));
}

/* 6.3: a low crawl enters a cave, or changes hex, never both. */
static void rule_6_3_low_crawl_into_a_cave(void **state)
{
    (void)state;
    cboard_put_cave("H4", LNLT_DIR_S, 2);
    board_add("us_abn_squad_254", US, "H5");
    board_add("us_abn_squad_254", US, "H4");
    board_add("de_lt_koch", DE, "A8");
    board_to_operations();
    board_play("activate H4", "");
    board_play("crawl H4", "");
    board_play("step H4:cave", "");
    assert_false(board_legal("step H3"));
    cboard_stop_moving();
    board_play("done", "");
    board_play("pass", "");
    board_play("activate H5", "");
    board_play("crawl H5", "");
    board_play("step H4", "");
    assert_false(board_legal("step H4:cave"));
}

/* 22.1: a cave is controlled apart from the rest of its hex (R-CORE-92). */
static bool controls(int side, int floor, const char *hex)
{
    int cell = lnlt_loc_cell(board_cell(hex));
    return lnlt_bit(floor ? T.st.control_up[side][floor - 1] : T.st.control[side], cell);
}

static void rule_22_1_b_a_cave_is_controlled_on_its_own(void **state)
{
    (void)state;
    cboard_put_cave("H4", LNLT_DIR_S, 2);
    board_add("de_squad_164", DE, "H4:cave");
    board_add("us_abn_squad_254", US, "H5");
    board_add("de_lt_koch", DE, "A8");
    rules_update_control(&T.ctx, &T.st);
    assert_true(controls(DE, LNLT_FLOOR_BUNKER, "H4"));
    assert_false(controls(DE, LNLT_FLOOR_GROUND, "H4"));
    board_to_operations();
    board_play("activate H5", "");
    board_play("move H5", "");
    board_play("step H4", "");
    cboard_stop_moving();
    board_play("done", "");
    assert_true(controls(US, LNLT_FLOOR_GROUND, "H4"));
    assert_true(controls(DE, LNLT_FLOOR_BUNKER, "H4"));
    assert_false(controls(US, LNLT_FLOOR_BUNKER, "H4"));
    assert_int_equal(lnlt_hex_controller(&T.st, board_cell("H4")), 0); /* the hex as a whole: split */
}

/* EX-061 (10.4.1, Hex within a Hex Example 1): a German squad in G5 is adjacent
 * to the units outside the bunker in G4 and to the half-squad inside it. No
 * Partisan counters are in the data: US counters stand in for them (a squad and
 * a leader outside, a half-squad inside). */
static void EX_061_next_to_a_bunker_hex_is_next_to_inside_and_outside(void **state)
{
    (void)state;
    cboard_put_bunker("G4", LNLT_DIR_S, 2); /* facing G5 */
    board_add("de_squad_164", DE, "G5");
    board_add("us_abn_squad_254", US, "G4");
    board_add("us_cpl_medrow", US, "G4");
    int hs = board_add("us_abn_half_144", US, "G4:bunker");
    int g5 = board_cell("G5"), out = board_cell("G4"), in = board_cell("G4:bunker");
    assert_true(rules_loc_adjacent(&T.ctx, g5, out));
    assert_true(rules_loc_adjacent(&T.ctx, g5, in));
    /* adjacent, so spotted by the good-order squad (10.1) ... */
    assert_true(lnlt_location_spotted(&T.ctx, &T.st, out, DE));
    assert_true(lnlt_location_spotted(&T.ctx, &T.st, in, DE));
    /* ... and fired at with the adjacent-target modifier (5.0) */
    vboard_germans_first();
    board_to_operations();
    board_play("activate G5", "");
    board_play_loose("fire G5 G4:bunker", "1,6,6,6");
    board_expect_log("adjacent target +2");
    assert_int_equal(T.st.unit[hs].status, LNLT_GOOD_ORDER);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test_setup_teardown(rule_10_7_cave_is_a_hex_within_a_hex, cboard_setup, board_teardown),
        cmocka_unit_test_setup_teardown(rule_10_7_stacking_inside, cboard_setup, board_teardown),
        cmocka_unit_test_setup_teardown(rule_10_7_two_mp_in_and_out, cboard_setup, board_teardown),
        cmocka_unit_test_setup_teardown(rule_10_7_fire_only_through_the_front, cboard_setup, board_teardown),
        cmocka_unit_test_setup_teardown(rule_21_1_2_ordnance_reaches_a_bunker_from_behind, cboard_setup,
                                        board_teardown),
        cmocka_unit_test_setup_teardown(rule_10_7_outside_fires_in_but_never_melees, cboard_setup, board_teardown),
        cmocka_unit_test_setup_teardown(rule_10_7_only_mg_and_mortar_teams_enter, cboard_setup, board_teardown),
        cmocka_unit_test_setup_teardown(rule_21_1_only_mg_teams_enter_a_bunker, cboard_setup, board_teardown),
        cmocka_unit_test_setup_teardown(rule_10_7_mortar_fires_from_a_cave, cboard_setup, board_teardown),
        cmocka_unit_test_setup_teardown(rule_1_6_5_no_mortar_from_a_bunker, cboard_setup, board_teardown),
        cmocka_unit_test_setup_teardown(rule_1_6_4_no_ordnance_weapon_from_a_cave, cboard_setup, board_teardown),
        cmocka_unit_test_setup_teardown(rule_4_0_leaders_and_caves, cboard_setup, board_teardown),
        cmocka_unit_test_setup_teardown(rule_4_0_leaders_and_bunkers, cboard_setup, board_teardown),
        cmocka_unit_test_setup_teardown(rule_4_0_next_door_leader_and_cave, cboard_setup, board_teardown),
        cmocka_unit_test_setup_teardown(rule_4_0_next_door_leader_and_bunker, cboard_setup, board_teardown),
        cmocka_unit_test_setup_teardown(rule_10_7_spotting_and_adjacency, cboard_setup, board_teardown),
        cmocka_unit_test_setup_teardown(rule_5_3_opportunity_fire_spares_the_cave, cboard_setup, board_teardown),
        cmocka_unit_test_setup_teardown(rule_18_1_mortar_team_fires_from_a_cave, cboard_setup, board_teardown),
        cmocka_unit_test_setup_teardown(rule_1_7_mg_team_and_the_rest_of_its_hex, cboard_setup, board_teardown),
        cmocka_unit_test_setup_teardown(rule_6_3_low_crawl_into_a_cave, cboard_setup, board_teardown),
        cmocka_unit_test_setup_teardown(rule_22_1_b_a_cave_is_controlled_on_its_own, cboard_setup, board_teardown),
        cmocka_unit_test_setup_teardown(EX_061_next_to_a_bunker_hex_is_next_to_inside_and_outside, cboard_setup,
                                        board_teardown),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
