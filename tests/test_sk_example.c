/*
 * test_sk_example.c: the starter kit's example of play "Basic Infantry Combat"
 * (pac-and-starter-kit.md §4: SK-EX-nnn) and its rules-text cases (SK-RULE-nnn),
 * as far as they are calculations, reproduced with the stated dice by the pure
 * functions of include/lnlt/combat.h. Steps about markers, activation and
 * eligibility belong to the state machine's tests (see docs/rules-coverage.md).
 */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <cmocka.h>
#include <string.h>

#include "lnlt/combat.h"

enum { GERMAN = 0, US = 1 };

static lnlt_fire_unit mmc(const char *name, int ifp)
{
    lnlt_fire_unit u;
    memset(&u, 0, sizeof u);
    u.name = name;
    u.ifp = ifp;
    u.fires_ifp = true;
    return u;
}

static lnlt_fire_attack fire(const lnlt_fire_unit *u, int n, const lnlt_fire_context *c)
{
    lnlt_fire_attack a;
    lnlt_error err = {{0}};
    if (!lnlt_fire_compute(u, n, 0, c, &a, &err))
        fail_msg("%s", err.msg);
    return a;
}

static int tm_of(int a, int b)
{
    lnlt_modifiers m = {0};
    lnlt_mods_add(&m, a, "terrain", "TEC");
    lnlt_mods_add(&m, b, "fortification", "21.0");
    return lnlt_target_tm(&m, false, NULL);
}

static int mp(lnlt_mp_input in)
{
    lnlt_mp_allowance a;
    if (!lnlt_mp_allowance_compute(&in, &a, NULL))
        fail_msg("mp allowance refused");
    return a.mp;
}

static void SK_EX_001_initiative(void **state)
{
    (void)state;
    assert_int_equal(lnlt_initiative(3, 5, GERMAN), US);
}

static void SK_EX_002_spotting_with_lm(void **state)
{
    (void)state;
    lnlt_spot_input in = {.target = LNLT_LOS_DEGRADING, .spotter_lm = 1, .die = 3};
    lnlt_spot_outcome o = lnlt_spot_attempt(&in);
    assert_int_equal(o.roll, 2);
    assert_true(o.success);
}

static void SK_EX_003_combined_fp(void **state)
{
    (void)state;
    lnlt_fire_unit u[2] = {mmc("2-5-4", 2), mmc("2-5-4", 2)};
    lnlt_fire_context c = {.leader_lm = 1, .leader_name = "Clarkson"};
    lnlt_fire_attack a = fire(u, 2, &c);
    assert_int_equal(a.total, 4);
    assert_int_equal(a.drm.count, 1);
}

static void SK_EX_004_fire_resolution(void **state)
{
    (void)state;
    int tm = tm_of(0, 1); /* Low Crops + Foxholes */
    lnlt_opposed r = lnlt_fire_resolve(5, 4, 2, tm);
    assert_int_equal(r.attacker_total, 9);
    assert_int_equal(r.defender_total, 3);
    assert_int_equal(r.dc, 6);
}

static void SK_EX_005_damage_check_casualties(void **state)
{
    (void)state;
    lnlt_dc_input in = {.die = 4, .dc = 6, .morale = 5, .column = LNLT_DCT_GO_MMC,
                        .hero_capable = true, .enemy_fire = true};
    lnlt_dc_outcome o = lnlt_damage_check(&in);
    assert_int_equal(o.roll, 10);
    assert_int_equal(o.result, LNLT_DCT_CASUALTIES);
    assert_false(o.hero_check);
    const lnlt_reduction_row german[1] = {{164, 154}}; /* illustrative type ids */
    lnlt_casualty_fate fate;
    int hs = 0;
    assert_true(lnlt_casualty_reduce(LNLT_SIZE_SQUAD, 164, german, 1, &fate, &hs, NULL));
    assert_int_equal(fate, LNLT_CASUALTY_REDUCED);
    assert_int_equal(hs, 154);
}

static void SK_EX_008_mortar_tie_no_effect(void **state)
{
    (void)state;
    lnlt_fire_unit wt = mmc("50mm mortar WT", 0);
    wt.fires_ifp = false;
    wt.sw_count = 1;
    wt.sw[0] = (lnlt_fire_sw){.fp = 2, .kind = LNLT_SW_MORTAR, .name = "50mm"};
    lnlt_fire_context c = {0};
    lnlt_fire_attack a = fire(&wt, 1, &c);
    lnlt_opposed r = lnlt_fire_resolve(lnlt_high_die(3, 4), a.total, 5, 1);
    assert_int_equal(r.attacker_total, 6);
    assert_int_equal(r.defender_total, 6);
    assert_int_equal(r.dc, 0);
}

static void SK_EX_010_op_fire_fp(void **state)
{
    (void)state;
    lnlt_fire_unit u[2] = {mmc("1-6-4", 1), mmc("1-6-4", 1)};
    lnlt_fire_context c = {.leader_lm = 1, .leader_name = "Koch", .target_moving = true};
    lnlt_fire_attack a = fire(u, 2, &c);
    assert_int_equal(a.fp, 2); /* 1 + 1/2 rounded up */
    assert_int_equal(a.total, 4);
}

static void SK_EX_011_op_fire_resolution(void **state)
{
    (void)state;
    lnlt_opposed r = lnlt_fire_resolve(6, 4, 2, 0);
    assert_int_equal(r.attacker_total, 10);
    assert_int_equal(r.defender_total, 2);
    assert_int_equal(r.dc, 8);
}

static void SK_EX_012_damage_check_shaken(void **state)
{
    (void)state;
    lnlt_dc_input in = {.die = 1, .dc = 8, .morale = 6, .column = LNLT_DCT_GO_MMC,
                        .hero_capable = true, .enemy_fire = true};
    lnlt_dc_outcome o = lnlt_damage_check(&in);
    assert_int_equal(o.roll, 9);
    assert_int_equal(o.result, LNLT_DCT_SHAKEN);
    assert_true(o.hero_check);
}

static void SK_EX_013_hero_created(void **state)
{
    (void)state;
    assert_true(lnlt_hero_created(4));
}

static void SK_EX_014_hero_mp_carry_over(void **state)
{
    (void)state;
    assert_int_equal(mp((lnlt_mp_input){.mf = 6, .spent = 2}), 4);
}

static void SK_EX_015_hero_melee_vs_weapon_team(void **state)
{
    (void)state;
    lnlt_melee_unit layer = {.name = "Layer", .ifp = 2, .smc = true, .hero = true,
                             .uses_ifp = true, .skill_fp = 1 /* Deadly */};
    lnlt_melee_unit wt = {.name = "50mm mortar WT", .ifp = 2, .weapon_team = true};
    lnlt_melee_fp a = lnlt_melee_group_fp(&layer, 1, LNLT_MELEE_ATTACKING, false, false);
    lnlt_melee_fp d = lnlt_melee_group_fp(&wt, 1, LNLT_MELEE_DEFENDING, false, false);
    assert_int_equal(a.fp, 3);
    assert_int_equal(d.fp, 1);
    lnlt_melee_input in = {.att_fp = a.fp, .def_fp = d.fp, .hero = a.hero, .d1 = 3, .d2 = 4};
    lnlt_melee_outcome o = lnlt_melee_attack(&in);
    assert_string_equal(lnlt_odds_name(o.base_odds), "3-1");
    assert_string_equal(lnlt_odds_name(o.odds), "4-1");
    assert_int_equal(o.kill_number, 4);
    assert_int_equal(o.roll, 7);
    assert_true(o.kill);
    /* the non-MG WT may not counterattack */
    assert_true(lnlt_melee_group_fp(&wt, 1, LNLT_MELEE_ATTACKING, false, false).cannot_attack);
}

static void SK_EX_017_assault_move_mp(void **state)
{
    (void)state;
    assert_int_equal(mp((lnlt_mp_input){.mf = 4, .kind = LNLT_MOVE_ASSAULT}), 2);
    assert_int_equal(mp((lnlt_mp_input){.mf = 4, .kind = LNLT_MOVE_ASSAULT, .spent = 1}), 1);
}

static void SK_EX_018_assault_move_fire_fp(void **state)
{
    (void)state;
    lnlt_fire_unit u = mmc("2-5-4", 2);
    u.sw_count = 1;
    u.sw[0] = (lnlt_fire_sw){.fp = 1, .name = "BAR"};
    lnlt_fire_context c = {.adjacent = true, .assault_move = true};
    assert_int_equal(fire(&u, 1, &c).total, 3);
    assert_int_equal(tm_of(3, 0), 3); /* LC building */
}

static void SK_EX_019_resolution_dc_1(void **state)
{
    (void)state;
    lnlt_opposed r = lnlt_fire_resolve(5, 3, 4, 3);
    assert_int_equal(r.attacker_total, 8);
    assert_int_equal(r.defender_total, 7);
    assert_int_equal(r.dc, 1);
}

static void SK_EX_020_dc_order_with_leader(void **state)
{
    (void)state;
    /* Koch rolls first without his own LM: no die can Shake him */
    for (int d = 1; d <= 6; d++) {
        lnlt_dc_input k = {.die = d, .dc = 1, .morale = 7, .column = LNLT_DCT_GO_SMC};
        assert_int_equal(lnlt_damage_check(&k).result, LNLT_DCT_NO_EFFECT);
    }
    /* then each Squad with DC 1 - LM 1 */
    lnlt_dc_input a = {.die = 3, .dc = 1, .leader_lm = 1, .morale = 5,
                       .column = LNLT_DCT_GO_MMC, .hero_capable = true, .enemy_fire = true};
    lnlt_dc_outcome o = lnlt_damage_check(&a);
    assert_int_equal(o.roll, 3);
    assert_int_equal(o.result, LNLT_DCT_NO_EFFECT);
    a.die = 6;
    o = lnlt_damage_check(&a);
    assert_int_equal(o.roll, 6);
    assert_int_equal(o.result, LNLT_DCT_SHAKEN);
}

static void SK_EX_023_initiative_tie(void **state)
{
    (void)state;
    assert_int_equal(lnlt_initiative(5, 5, US), US);
}

static void SK_EX_024_medic_rally_fails(void **state)
{
    (void)state;
    lnlt_mc_input in = {.morale = 6, .d1 = 4, .d2 = 4}; /* Clear: no TM, no LM */
    lnlt_mc_outcome o = lnlt_morale_check(&in);
    assert_int_equal(o.roll, 8);
    assert_false(o.pass);
}

static void SK_EX_025_rally_with_koch(void **state)
{
    (void)state;
    lnlt_mc_input in = {.morale = 5, .lm = 1, .positive_tm = true, .d1 = 4, .d2 = 6};
    lnlt_mc_outcome o = lnlt_morale_check(&in);
    assert_int_equal(o.need, 8);
    assert_false(o.pass);
}

static void SK_RULE_001_ops_complete_op_fire(void **state)
{
    (void)state;
    lnlt_fire_unit u = mmc("2-5-4", 2);
    u.ops_complete = true;
    lnlt_fire_context c = {.target_moving = true};
    assert_int_equal(fire(&u, 1, &c).total, 2);
}

static void SK_RULE_002_zero_ifp_ops_complete(void **state)
{
    (void)state;
    lnlt_fire_unit u = mmc("0-5-4", 0);
    u.ops_complete = true;
    lnlt_fire_context c = {.target_moving = true};
    lnlt_fire_attack a = fire(&u, 1, &c);
    assert_int_equal(a.fp, -1);
    assert_int_equal(a.total, 0);
}

static void SK_RULE_003_assault_move_fire(void **state)
{
    (void)state;
    lnlt_fire_unit u[2] = {mmc("2-5-4", 2), mmc("2-5-4", 2)};
    lnlt_fire_context c = {.assault_move = true};
    assert_int_equal(fire(u, 2, &c).total, 1);
}

static void SK_RULE_004_satchel(void **state)
{
    (void)state;
    lnlt_fire_unit u = mmc("2-6-4", 2);
    u.sw_count = 1;
    u.sw[0] = (lnlt_fire_sw){.fp = 6, .kind = LNLT_SW_SATCHEL};
    lnlt_fire_context c = {.adjacent = true};
    assert_int_equal(fire(&u, 1, &c).total, 10);
    u.fires_ifp = false;
    assert_int_equal(fire(&u, 1, &c).total, 6);
}

static void SK_RULE_005_one_roll_two_targets(void **state)
{
    (void)state;
    lnlt_fire_unit u = mmc("1-6-4", 1);
    lnlt_fire_context mover = {.target_moving = true}, still = {0};
    int tm = tm_of(1, 0);
    lnlt_opposed a = lnlt_fire_resolve(4, fire(&u, 1, &mover).total, 3, tm);
    lnlt_opposed b = lnlt_fire_resolve(4, fire(&u, 1, &still).total, 3, tm);
    assert_int_equal(a.attacker_total, 6);
    assert_int_equal(b.attacker_total, 5);
    assert_int_equal(a.defender_total, 4);
    assert_int_equal(a.dc, 2);
    assert_int_equal(b.dc, 1);
}

static void SK_RULE_006_light_woods_two_op_fires(void **state)
{
    (void)state;
    int spent[1] = {2};
    assert_int_equal(lnlt_of_budget(spent, 1), 2);
}

static void SK_RULE_007_tm_cap(void **state)
{
    (void)state;
    lnlt_modifiers m = {0};
    lnlt_mods_add(&m, 2, "Forest", "TEC");
    lnlt_mods_add(&m, 2, "Wreck", "10.1");
    lnlt_mods_add(&m, 1, "Smoke", "7.0");
    assert_int_equal(lnlt_target_tm(&m, false, NULL), 4);
    assert_int_equal(lnlt_target_tm(&m, true, NULL), 8);
}

static void SK_RULE_008_smoke_in_forest(void **state)
{
    (void)state;
    assert_int_equal(tm_of(2, 1), 3);
}

static void SK_RULE_009_melee_round_up(void **state)
{
    (void)state;
    assert_string_equal(lnlt_odds_name(lnlt_melee_odds(4, 2)), "2-1");
    assert_string_equal(lnlt_odds_name(lnlt_melee_odds(5, 2)), "3-1");
}

static void SK_RULE_010_melee_even(void **state)
{
    (void)state;
    lnlt_melee_unit us[2] = {{.ifp = 2, .uses_ifp = true}, {.ifp = 2, .uses_ifp = true}};
    lnlt_melee_unit ge[2] = {{.ifp = 1, .uses_ifp = true}, {.ifp = 1, .uses_ifp = true}};
    ge[0].sw_count = 1;
    ge[0].sw[0] = (lnlt_melee_sw){.fp = 2, .melee_eligible = true}; /* MG34 */
    int a = lnlt_melee_group_fp(us, 2, LNLT_MELEE_ATTACKING, false, false).fp;
    int d = lnlt_melee_group_fp(ge, 2, LNLT_MELEE_DEFENDING, false, false).fp;
    assert_int_equal(a, 4);
    assert_int_equal(d, 4);
    assert_string_equal(lnlt_odds_name(lnlt_melee_odds(a, d)), "1-1");
}

static void SK_RULE_011_zero_ifp_half_squads(void **state)
{
    (void)state;
    lnlt_melee_input hs = {.att_fp = 2, .def_fp = 2, .zero_fp_attackers = 2};
    lnlt_melee_outcome o = lnlt_melee_attack(&hs);
    assert_int_equal(o.kill_number, 8);
    assert_int_equal(o.need, 10);
    lnlt_melee_input sq = {.att_fp = 2, .def_fp = 2, .zero_fp_defenders = 2,
                           .multiple_targets = true};
    o = lnlt_melee_attack(&sq);
    assert_int_equal(o.need, 6);
}

static void SK_RULE_012_hero_spawned_mid_move(void **state)
{
    (void)state;
    assert_int_equal(mp((lnlt_mp_input){.mf = 6, .spent = 1}), 5);
    assert_int_equal(mp((lnlt_mp_input){.mf = 6, .kind = LNLT_MOVE_ASSAULT, .spent = 1}), 2);
}

static void SK_RULE_013_coordinated_move(void **state)
{
    (void)state;
    const int8_t lw[LNLT_MOVER_COUNT] = {[LNLT_MOVER_LEG] = 4, [LNLT_MOVER_TRACKED] = 8,
                                         [LNLT_MOVER_OTHER] = 8,
                                         [LNLT_MOVER_ROAD] = LNLT_MP_PROHIBITED};
    assert_int_equal(lnlt_move_cost2(lw, LNLT_MOVER_LEG, 0, false), 2 * 2);     /* half MP */
    assert_int_equal(lnlt_move_cost2(lw, LNLT_MOVER_TRACKED, 0, false), 2 * 4);
}

static void SK_RULE_014_hero_shift_limits(void **state)
{
    (void)state;
    lnlt_melee_input worse = {.att_fp = 1, .def_fp = 6, .hero = true};
    lnlt_melee_outcome o = lnlt_melee_attack(&worse);
    assert_string_equal(lnlt_odds_name(o.base_odds), "1-3");
    assert_string_equal(lnlt_odds_name(o.odds), "1-2");
    lnlt_melee_input best = {.att_fp = 9, .def_fp = 1, .hero = true};
    o = lnlt_melee_attack(&best);
    assert_string_equal(lnlt_odds_name(o.odds), "5-1");
}

static void SK_RULE_015_wounded_leader(void **state)
{
    (void)state;
    lnlt_leader_values v = lnlt_leader_wounded((lnlt_leader_values){.morale = 7, .lm = 1,
                                                                    .lr = 1});
    assert_int_equal(v.morale, 6);
    assert_int_equal(v.lm, 0);
    assert_int_equal(v.lr, 0);
    v = lnlt_leader_wounded((lnlt_leader_values){.morale = 6, .lm = 0, .lr = 1});
    assert_int_equal(v.lm, 0); /* never below 0 */
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(SK_EX_001_initiative),
        cmocka_unit_test(SK_EX_002_spotting_with_lm),
        cmocka_unit_test(SK_EX_003_combined_fp),
        cmocka_unit_test(SK_EX_004_fire_resolution),
        cmocka_unit_test(SK_EX_005_damage_check_casualties),
        cmocka_unit_test(SK_EX_008_mortar_tie_no_effect),
        cmocka_unit_test(SK_EX_010_op_fire_fp),
        cmocka_unit_test(SK_EX_011_op_fire_resolution),
        cmocka_unit_test(SK_EX_012_damage_check_shaken),
        cmocka_unit_test(SK_EX_013_hero_created),
        cmocka_unit_test(SK_EX_014_hero_mp_carry_over),
        cmocka_unit_test(SK_EX_015_hero_melee_vs_weapon_team),
        cmocka_unit_test(SK_EX_017_assault_move_mp),
        cmocka_unit_test(SK_EX_018_assault_move_fire_fp),
        cmocka_unit_test(SK_EX_019_resolution_dc_1),
        cmocka_unit_test(SK_EX_020_dc_order_with_leader),
        cmocka_unit_test(SK_EX_023_initiative_tie),
        cmocka_unit_test(SK_EX_024_medic_rally_fails),
        cmocka_unit_test(SK_EX_025_rally_with_koch),
        cmocka_unit_test(SK_RULE_001_ops_complete_op_fire),
        cmocka_unit_test(SK_RULE_002_zero_ifp_ops_complete),
        cmocka_unit_test(SK_RULE_003_assault_move_fire),
        cmocka_unit_test(SK_RULE_004_satchel),
        cmocka_unit_test(SK_RULE_005_one_roll_two_targets),
        cmocka_unit_test(SK_RULE_006_light_woods_two_op_fires),
        cmocka_unit_test(SK_RULE_007_tm_cap),
        cmocka_unit_test(SK_RULE_008_smoke_in_forest),
        cmocka_unit_test(SK_RULE_009_melee_round_up),
        cmocka_unit_test(SK_RULE_010_melee_even),
        cmocka_unit_test(SK_RULE_011_zero_ifp_half_squads),
        cmocka_unit_test(SK_RULE_012_hero_spawned_mid_move),
        cmocka_unit_test(SK_RULE_013_coordinated_move),
        cmocka_unit_test(SK_RULE_014_hero_shift_limits),
        cmocka_unit_test(SK_RULE_015_wounded_leader),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
