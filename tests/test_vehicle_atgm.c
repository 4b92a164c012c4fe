/*
 * test_vehicle_atgm.c: the anti-tank guided missile rules of 14.4 through the
 * engine on Map 14 with forced dice: no ATGM during or after an assault move nor
 * as a vehicle's assault fire, ATGM weapon teams never firing from a building,
 * and the announced shot of 14.4 b that the enemy may answer with opportunity
 * fire at the team, a damage check on it making the missile miss.
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
#include "support/vehicle_board.h"

#define US LNLT_SIDE_1
#define DE LNLT_SIDE_2

/* 14.4: no unit fires an ATGM during or after an assault move; its other gun
 * (the BMP-1's HEAT cannon) is not barred. */
static void rule_14_4_no_atgm_with_assault_move(void **state)
{
    (void)state;
    int bmp = board_add("su_bmp1", DE, "E3");
    vboard_face(bmp, "F3", "F4");
    int sherman = board_add("us_m4a1", US, "J3");
    vboard_germans_first();
    board_to_operations();
    board_play("activate E3", "");
    vboard_play_f("", "drive-assault E3 #%d", bmp);
    vboard_step("F3");
    vboard_refused_f("with or after an assault move (14.4)", "shoot F3 J3 v%d g1 #%d", sherman, bmp);
    board_play("stop", "");
    assert_true(T.st.unit[bmp].marks & LNLT_MARK_ASSAULT_MOVE);
    assert_int_equal(T.st.decision, LNLT_DECIDE_ACTIVATION); /* it may still fire, but not its ATGM */
    vboard_refused_f("with or after an assault move (14.4)", "shoot F3 J3 v%d g1 #%d", sherman, bmp);
}

/* 14.4: an ATGM is never fired as a vehicle's assault fire (15.2.1); the HEAT
 * cannon may be. */
static void rule_14_4_no_atgm_as_assault_fire(void **state)
{
    (void)state;
    int bmp = board_add("su_bmp1", DE, "E3");
    vboard_face(bmp, "F3", "F4");
    int sherman = board_add("us_m4a1", US, "J3");
    vboard_germans_first();
    board_to_operations();
    board_play("activate E3", "");
    assert_true(vboard_legal_f("shoot E3 J3 v%d g1 #%d", sherman, bmp)); /* the ATGM fires normally */
    vboard_play_f("", "vehicle-af E3 #%d", bmp);
    vboard_refused_f("never fired as assault fire (14.4)", "shoot E3 J3 v%d g1 #%d", sherman, bmp);
    assert_true(vboard_legal_f("shoot E3 J3 v%d #%d", sherman, bmp));
}

/* 14.4: an ATGM weapon team fires from open ground, never from a building (nor
 * a bunker, which the same check reads from the firer's floor). */
static void rule_14_4_atgm_team_not_from_a_building(void **state)
{
    (void)state;
    int in_house = board_add("test_su_atgm_team", DE, "D6"); /* a building of Map 14 */
    vboard_face(in_house, "E5", "E6");
    int in_open = board_add("test_su_atgm_team", DE, "E3");
    vboard_face(in_open, "F3", "F4");
    int sherman = board_add("us_m4a1", US, "J3");
    vboard_germans_first();
    board_to_operations();
    board_play("activate D6", "");
    vboard_refused_f("does not fire from a building or a bunker (14.4)", "shoot D6 J3 v%d #%d", sherman, in_house);
    board_play("done", "");
    board_play("pass", "");
    board_play("activate E3", "");
    assert_true(vboard_legal_f("shoot E3 J3 v%d #%d", sherman, in_open));
}

/* 14.4 b: an ATGM shot is announced; before it flies, the enemy's units may fire
 * at the ATGM team as opportunity fire (here a squad and the Sherman's MG, whose
 * covered arc holds the team); a damage check on the team, even one that does
 * nothing to it, makes the missile miss: no to-hit roll. */
static void rule_14_4_b_reaction_check_makes_the_atgm_miss(void **state)
{
    (void)state;
    int team = board_add("test_su_atgm_team", DE, "E3");
    vboard_face(team, "F3", "F4");
    int sherman = board_add("us_m4a1", US, "J3");
    board_add("us_abn_squad_254", US, "G3");
    vboard_germans_first();
    board_to_operations();
    board_play("activate E3", "");
    /* the preview gives the missile's odds once it flies, and says the enemy fires first */
    char cmd[64];
    snprintf(cmd, sizeof cmd, "shoot E3 J3 v%d #%d", sherman, team);
    lnlt_error err;
    json_t *pv = lnlt_preview_state_json(&T.ctx, &T.st, cmd, &err);
    if (!pv)
        fail_msg("%s", err.msg);
    assert_non_null(json_object_get(pv, "atgm_window"));
    assert_true(json_real_value(json_object_get(json_object_get(pv, "to_hit"), "probability")) > 0.2);
    json_decref(pv);
    vboard_play_f("", "shoot E3 J3 v%d #%d", sherman, team);
    assert_true(board_logged("announces an ATGM shot at #1 M4A1 Sherman in J3"));
    assert_false(board_logged("to hit"));
    assert_int_equal(T.st.decision, LNLT_DECIDE_ATGM);
    assert_int_equal(lnlt_decision_get(&T.ctx, &T.st).side, US);
    assert_true(board_legal("opfire G3"));
    assert_true(vboard_legal_f("opmg J3 E3 m1 #%d", sherman));
    assert_true(board_legal("no-fire"));
    /* 4 + 2 = 6 against 4: DC 2; the check 1 + 2 = 3 against morale 6 does nothing */
    board_play("opfire G3", "4,4,1");
    assert_true(board_logged("-> DC+2"));
    assert_int_equal(T.st.unit[team].status, LNLT_GOOD_ORDER);
    assert_true(board_logged("its ATGM misses"));
    assert_false(board_logged("to hit"));
    assert_true(T.st.unit[team].marks & LNLT_MARK_FIRED);        /* it did fire */
    assert_int_equal(T.st.unit[sherman].status, LNLT_GOOD_ORDER);
    assert_int_equal(T.st.decision, LNLT_DECIDE_ACTIVATION);      /* back to the Germans */
    assert_int_equal(lnlt_decision_get(&T.ctx, &T.st).side, DE);
    assert_int_equal(T.st.atgm_unit, 0);
}

/* 14.4 b: reaction fire that causes no damage check leaves the window open for
 * the others; when the enemy is done, the missile flies and is rolled (14.1). */
static void rule_14_4_b_no_check_then_the_missile_flies(void **state)
{
    (void)state;
    int team = board_add("test_su_atgm_team", DE, "E3");
    vboard_face(team, "F3", "F4");
    int sherman = board_add("us_m4a1", US, "J3");
    board_add("us_abn_squad_254", US, "G3");
    vboard_germans_first();
    board_to_operations();
    board_play("activate E3", "");
    vboard_play_f("", "shoot E3 J3 v%d #%d", sherman, team);
    board_play("opfire G3", "1,6"); /* 1 + 2 against 6: no effect */
    assert_true(board_logged("no effect"));
    assert_int_equal(T.st.decision, LNLT_DECIDE_ATGM); /* the Sherman's MG may still fire */
    assert_false(board_legal("opfire G3"));             /* the squad has fired */
    assert_true(vboard_legal_f("opmg J3 E3 m1 #%d", sherman));
    board_play_loose("no-fire", "6,6");
    assert_true(board_logged("the missile flies"));
    assert_true(board_logged("to hit"));
    assert_true(board_logged("miss (a natural 12)"));
    assert_int_equal(T.st.decision, LNLT_DECIDE_ACTIVATION);
}

/* 14.4 b: a vehicle's MG reacts only in its covered arc, without turning its
 * turret; with nobody able to react the missile flies at once. */
static void rule_14_4_b_mg_arc_and_no_reaction(void **state)
{
    (void)state;
    int team = board_add("test_su_atgm_team", DE, "E3");
    vboard_face(team, "F3", "F4");
    int sherman = board_add("us_m4a1", US, "J3");
    vboard_face(sherman, "K2", "K3"); /* facing away from the team: its turret would have to turn */
    vboard_germans_first();
    board_to_operations();
    board_play("activate E3", "");
    /* open, its all-round MG may fire at the team (14.4) */
    T.st.unit[sherman].marks = 0;
    lnlt_state saved = T.st;
    vboard_play_f("", "shoot E3 J3 v%d #%d", sherman, team);
    assert_int_equal(T.st.decision, LNLT_DECIDE_ATGM);
    assert_true(vboard_legal_f("opmg J3 E3 m1 #%d", sherman));  /* the all-round MG */
    assert_false(vboard_legal_f("opmg J3 E3 m0 #%d", sherman)); /* the turret's MG would have to turn */
    /* buttoned, nothing may react: the missile flies in the same command */
    T.st = saved;
    ((lnlt_vehicle *)rules_veh_c(&T.st, sherman))->flags |= LNLT_VEH_BUTTONED;
    char cmd[64];
    snprintf(cmd, sizeof cmd, "shoot E3 J3 v%d #%d", sherman, team);
    board_play_loose(cmd, "6,6");
    assert_true(board_logged("no enemy unit can fire at it: the missile flies"));
    assert_true(board_logged("to hit"));
    assert_int_equal(T.st.decision, LNLT_DECIDE_ACTIVATION);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test_setup_teardown(rule_14_4_no_atgm_with_assault_move, vboard_setup_vehicle_rules,
                                        board_teardown),
        cmocka_unit_test_setup_teardown(rule_14_4_no_atgm_as_assault_fire, vboard_setup_vehicle_rules, board_teardown),
        cmocka_unit_test_setup_teardown(rule_14_4_atgm_team_not_from_a_building, vboard_setup_vehicle_rules,
                                        board_teardown),
        cmocka_unit_test_setup_teardown(rule_14_4_b_reaction_check_makes_the_atgm_miss, vboard_setup_vehicle_rules,
                                        board_teardown),
        cmocka_unit_test_setup_teardown(rule_14_4_b_no_check_then_the_missile_flies, vboard_setup_vehicle_rules,
                                        board_teardown),
        cmocka_unit_test_setup_teardown(rule_14_4_b_mg_arc_and_no_reaction, vboard_setup_vehicle_rules, board_teardown),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
