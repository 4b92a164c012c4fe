/*
 * test_ex_fire.c: the direct-fire worked examples of the core rules (5.0-5.6,
 * 4.1, the fire parts of 1.6, 6.1 and 20.1) reproduced by the pure calculations
 * of src/rules/calc/fire_calc.c. Each test is named by its digest id and asserts
 * the numbers the rulebook states.
 */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <cmocka.h>
#include <string.h>

#include "lnlt/combat.h"

static lnlt_fire_unit mmc(const char *name, int ifp)
{
    lnlt_fire_unit u;
    memset(&u, 0, sizeof u);
    u.name = name;
    u.ifp = ifp;
    u.fires_ifp = true;
    return u;
}

static lnlt_fire_unit hero(const char *name, int ifp)
{
    lnlt_fire_unit u = mmc(name, ifp);
    u.smc = true;
    u.hero = true;
    return u;
}

static void give_sw(lnlt_fire_unit *u, const char *name, int fp, lnlt_fire_sw_kind kind)
{
    lnlt_fire_sw *w = &u->sw[u->sw_count++];
    memset(w, 0, sizeof *w);
    w->name = name;
    w->fp = fp;
    w->kind = kind;
}

static lnlt_fire_attack fire(const lnlt_fire_unit *u, int n, int lead, const lnlt_fire_context *c)
{
    lnlt_fire_attack a;
    lnlt_error err = {{0}};
    bool ok = lnlt_fire_compute(u, n, lead, c, &a, &err);
    if (!ok)
        fail_msg("%s", err.msg);
    return a;
}

/* 1.6.3 SW Ex.2: a 2-6-4 with a 6-FP Satchel at an adjacent hex. */
static void EX_003_satchel_alone_and_with_ifp(void **state)
{
    (void)state;
    lnlt_fire_context c = {0};
    c.adjacent = true;
    lnlt_fire_unit u = mmc("2-6-4", 2);
    u.fires_ifp = false;
    give_sw(&u, "satchel", 6, LNLT_SW_SATCHEL);
    lnlt_fire_attack a = fire(&u, 1, 0, &c);
    assert_int_equal(a.total, 6); /* no adjacency bonus for the Satchel alone */
    assert_int_equal(a.drm.count, 0);

    u.fires_ifp = true;
    a = fire(&u, 1, 0, &c);
    assert_int_equal(a.fp, 8);
    assert_int_equal(a.total, 10); /* 2 IFP + 2 adjacent + 6 Satchel */
}

/* 1.6.5 SW Ex.4: a 1-7-4-5 with a 51 mm mortar (FP 2) fires directly. */
static void EX_005_mortar_direct_fire_high_die(void **state)
{
    (void)state;
    lnlt_fire_context c = {0};
    lnlt_fire_unit u = mmc("1-7-4-5", 1);
    give_sw(&u, "51mm mortar", 2, LNLT_SW_MORTAR);
    lnlt_fire_attack a = fire(&u, 1, 0, &c);
    assert_int_equal(a.total, 3);
    assert_true(a.uses_mortar);
    assert_false(a.mortar_only);
    assert_int_equal(lnlt_high_die(2, 5), 5);
    assert_int_equal(lnlt_high_die(6, 1), 6);
}

/* 1.6.5 SW Ex.5: a Japanese 1-5-4 fires its 50 mm mortar indirectly, spotted by
 * Sgt. Hiro (7-1-6) next to it, through blocking terrain: neither the Squad's IFP
 * nor Hiro's LM is added, and the terrain costs nothing. */
static void EX_006_indirect_mortar_no_ifp_no_lm(void **state)
{
    (void)state;
    lnlt_fire_unit u = mmc("1-5-4", 1);
    u.fires_ifp = false;
    give_sw(&u, "50mm mortar", 2, LNLT_SW_MORTAR);
    lnlt_fire_context c = {0};
    c.leader_lm = 1;
    lnlt_fire_attack a = fire(&u, 1, 0, &c);
    assert_true(a.mortar_only);
    assert_int_equal(a.drm.count, 0);
    assert_int_equal(a.total, 2);
}

/* 1.6.5 SW Ex.6: two 51 mm mortars; the Squad forfeits its IFP. */
static void EX_007_two_mortars_forfeit_ifp(void **state)
{
    (void)state;
    lnlt_fire_context c = {0};
    c.leader_lm = 1; /* a lone mortar attack takes no LM (1.6.5) */
    c.degrading_hexes = 1;
    lnlt_fire_unit u = mmc("1-7-4-5", 1);
    u.fires_ifp = false;
    give_sw(&u, "51mm mortar", 2, LNLT_SW_MORTAR);
    give_sw(&u, "51mm mortar", 2, LNLT_SW_MORTAR);
    lnlt_fire_attack a = fire(&u, 1, 0, &c);
    assert_true(a.mortar_only);
    assert_int_equal(a.total, 4);
}

/* 4.1 Ops Ex.3: a US 2-5-4 under OC opportunity-fires at a mover. */
static void EX_012_ops_complete_op_fire(void **state)
{
    (void)state;
    lnlt_fire_context c = {0};
    c.target_moving = true;
    lnlt_fire_unit u = mmc("2-5-4", 2);
    u.ops_complete = true;
    lnlt_fire_attack a = fire(&u, 1, 0, &c);
    assert_int_equal(a.fp, 1);
    assert_int_equal(a.total, 2);
}

/* 4.1 Ops Ex.4: a 0-2-4 Half-Squad under OC: FP may go negative before DRMs. */
static void EX_013_zero_ifp_ops_complete(void **state)
{
    (void)state;
    lnlt_fire_context c = {0};
    c.target_moving = true;
    lnlt_fire_unit u = mmc("0-2-4", 0);
    u.ops_complete = true;
    lnlt_fire_attack a = fire(&u, 1, 0, &c);
    assert_int_equal(a.fp, -1);
    assert_int_equal(a.total, 0);
}

/* 5.0 Fire Ex.1: total FP 4 against a GO 1-6-4-5 in Light Woods (+1). */
static void EX_014_opposed_roll_and_dc(void **state)
{
    (void)state;
    lnlt_opposed r = lnlt_fire_resolve(1, 4, 5, 1);
    assert_int_equal(r.attacker_total, 5);
    assert_int_equal(r.defender_total, 6);
    assert_int_equal(r.dc, 0);

    r = lnlt_fire_resolve(4, 4, 2, 1);
    assert_int_equal(r.attacker_total, 8);
    assert_int_equal(r.defender_total, 3);
    assert_int_equal(r.dc, 5);
    /* the defender then rolls 1d6 + 5 on the GO MMC column, Morale 5 */
    lnlt_dc_input in = {.die = 1, .dc = r.dc, .morale = 5, .column = LNLT_DCT_GO_MMC};
    lnlt_dc_outcome o = lnlt_damage_check(&in);
    assert_int_equal(o.roll, 6);
    assert_int_equal(o.result, LNLT_DCT_SHAKEN);
}

/* 5.2 Fire Ex.3: 2-5-4 + BAR leads, 2-5-4 (Bazooka fires apart), 1-6-6 Hero,
 * 6-1-6 Leader, at a Road hex. */
static void EX_016_fire_group_bar_hero_leader(void **state)
{
    (void)state;
    lnlt_fire_unit u[3];
    u[0] = mmc("2-5-4", 2);
    give_sw(&u[0], "BAR", 1, LNLT_SW_OTHER);
    u[1] = mmc("2-5-4", 2); /* its Bazooka uses the OFT: not in this attack */
    u[2] = hero("Hero 1-6-6", 1);
    lnlt_fire_context c = {0};
    c.leader_lm = 1;
    lnlt_fire_attack a = fire(u, 3, 0, &c);
    assert_int_equal(a.part_count, 4);
    assert_int_equal(a.part[0].x8, 16); /* lead IFP 2 */
    assert_int_equal(a.part[1].x8, 8);  /* BAR 1 */
    assert_int_equal(a.part[2].x8, 8);  /* half of 2 */
    assert_int_equal(a.part[3].x8, 8);  /* Hero full IFP 1 */
    assert_int_equal(a.fp, 5);
    assert_int_equal(a.total, 6);
    /* defender in a Road hex: TM 0 */
    assert_int_equal(lnlt_target_tm(NULL, false, NULL), 0);
    assert_int_equal(lnlt_fire_best_lead(u, 3, &c), 0);
}

/* 5.3 Fire Ex.4: a German 1-6-4 op-fires into Light Woods at a moving 2-5-4
 * and a stationary 1-4-4 Half-Squad: one roll, two totals. */
static void EX_017_op_fire_mover_and_stationary(void **state)
{
    (void)state;
    lnlt_fire_unit u = mmc("1-6-4", 1);
    lnlt_fire_context c = {0};
    c.target_moving = true;
    assert_int_equal(fire(&u, 1, 0, &c).total, 2);
    c.target_moving = false;
    assert_int_equal(fire(&u, 1, 0, &c).total, 1);
    /* both defenders add Light Woods +1 */
    lnlt_modifiers tm = {0};
    lnlt_mods_add(&tm, 1, "Light Woods", "TEC");
    assert_int_equal(lnlt_target_tm(&tm, false, NULL), 1);
}

/* 5.4 Fire Ex.5: a Guards 2-2-4-5 with a boxed range. */
static void EX_018_extended_range(void **state)
{
    (void)state;
    assert_int_equal(lnlt_max_range(2, true), 4);
    assert_int_equal(lnlt_max_range(2, false), 2);
    assert_int_equal(lnlt_extended_range_fp(2), 1);
    lnlt_fire_unit u = mmc("2-2-4-5", 2);
    lnlt_fire_context c = {0};
    assert_int_equal(fire(&u, 1, 0, &c).total, 2); /* ranges 1-2 */
    u.extended_range = true;
    assert_int_equal(fire(&u, 1, 0, &c).total, 1); /* ranges 3-4 */
}

/* 5.6 Fire Ex.6: two A1-6-4 Squads and a 2-2-6 Hero at an adjacent hex. */
static void EX_019_fire_group_with_hero(void **state)
{
    (void)state;
    lnlt_fire_unit u[3];
    u[0] = mmc("A1-6-4", 1);
    u[0].assaulter = true;
    u[1] = mmc("A1-6-4", 1);
    u[1].assaulter = true;
    u[2] = hero("Hero 2-2-6", 2);
    lnlt_fire_context c = {0};
    c.adjacent = true;
    lnlt_fire_attack a = fire(u, 3, 0, &c);
    assert_int_equal(a.sum_x8, 28); /* 1 + 0.5 + 2 = 3.5 */
    assert_int_equal(a.fp, 4);
    assert_int_equal(a.drm.count, 1);
    assert_int_equal(a.drm.mod[0].value, 3);
    assert_int_equal(a.total, 7);
}

/* 6.1 Move Ex.2: two NVA 2-5-4 (AM) Squads fire after an Assault Move. */
static void EX_021_assault_move_fire(void **state)
{
    (void)state;
    lnlt_fire_unit u[2] = {mmc("2-5-4", 2), mmc("2-5-4", 2)};
    lnlt_fire_context c = {0};
    c.assault_move = true;
    lnlt_fire_attack a = fire(u, 2, 0, &c);
    assert_int_equal(a.fp, 3);
    assert_int_equal(a.total, 1);
}

/* 6.1.1 Move Ex.3: the same two Squads Assault Fire at a target 3 hexes away,
 * then move half their MF. */
static void EX_022_assault_fire_then_move(void **state)
{
    (void)state;
    lnlt_fire_unit u[2] = {mmc("2-5-4", 2), mmc("2-5-4", 2)};
    lnlt_fire_context c = {0};
    c.assault_move = true;
    assert_int_equal(fire(u, 2, 0, &c).total, 1);
    lnlt_mp_input in = {.mf = 4, .kind = LNLT_MOVE_ASSAULT_FIRE};
    lnlt_mp_allowance mp;
    assert_true(lnlt_mp_allowance_compute(&in, &mp, NULL));
    assert_int_equal(mp.mp, 2);
}

/* 6.6.2 Move Ex.5: a 1-4-20 motorcycle MU with a 1-FP Breda MG. */
static void EX_024_motorcycle_mu_fires_mg(void **state)
{
    (void)state;
    lnlt_fire_unit u = mmc("1-4-20 MU", 1);
    give_sw(&u, "Breda 30", 1, LNLT_SW_MG);
    lnlt_fire_context c = {0};
    assert_int_equal(fire(&u, 1, 0, &c).total, 2);
}

/* 5.5: Forest +2, Bunker +2, Smoke +1 give +4; a lone Sniper could reach +8. */
static void EX_I04_target_modifier_cap(void **state)
{
    (void)state;
    lnlt_modifiers tm = {0}, shown;
    lnlt_mods_add(&tm, 2, "Forest", "TEC");
    lnlt_mods_add(&tm, 2, "Bunker", "21.1");
    lnlt_mods_add(&tm, 1, "Smoke", "7.0");
    assert_int_equal(lnlt_target_tm(&tm, false, &shown), 4);
    assert_int_equal(lnlt_mods_total(&shown), 4); /* the cap is listed */
    assert_int_equal(lnlt_target_tm(&tm, true, &shown), 8);
    assert_int_equal(lnlt_mods_total(&shown), 8);
}

/* 7.0: a Smoked Forest hex has TM +3. */
static void EX_I05_smoke_in_forest(void **state)
{
    (void)state;
    lnlt_modifiers tm = {0};
    lnlt_mods_add(&tm, 2, "Forest", "TEC");
    lnlt_mods_add(&tm, 1, "Smoke", "7.0");
    assert_int_equal(lnlt_target_tm(&tm, false, NULL), 3);
}

/* 10.5.7: a Forest hex with railroad tracks has TM +3. */
static void EX_I06_forest_with_railroad(void **state)
{
    (void)state;
    lnlt_modifiers tm = {0};
    lnlt_mods_add(&tm, 2, "Forest", "TEC");
    lnlt_mods_add(&tm, 1, "railroad", "10.5.7");
    assert_int_equal(lnlt_target_tm(&tm, false, NULL), 3);
}

/* 5.3: entering Light Woods (2 MP) allows 2 OF attacks; mixed movers: lowest. */
static void EX_I03_op_fire_budget(void **state)
{
    (void)state;
    int one[] = {2};
    assert_int_equal(lnlt_of_budget(one, 1), 2);
    int two[] = {3, 2};
    assert_int_equal(lnlt_of_budget(two, 2), 2);
}

/* 1.6: a lone SMC firing a 3-FP SW fires at 2; two SMCs crewing it at 3. */
static void EX_I16_smc_fires_sw_at_half(void **state)
{
    (void)state;
    lnlt_fire_unit u = mmc("Leader", 0);
    u.smc = true;
    u.fires_ifp = false;
    give_sw(&u, "MG", 3, LNLT_SW_MG);
    lnlt_fire_context c = {0};
    assert_int_equal(fire(&u, 1, 0, &c).total, 2);
    u.paired_smc_crew = true;
    assert_int_equal(fire(&u, 1, 0, &c).total, 3);
}

/* 1.6.2 / EX-I02: both players roll a 1 on the opposed dice: a J-MG jams. */
static void EX_I02_jam_on_equal_dice(void **state)
{
    (void)state;
    assert_true(lnlt_fire_resolve(1, 3, 1, 0).jam);
    assert_false(lnlt_fire_resolve(2, 3, 1, 0).jam);
}

/* 18.1 Mortar Ex.1: a 50 mm mortar fires through 2 degrading hexes at Light
 * Woods: dice 3 and 5, no degrading penalty; defender 2 + 1. */
static void EX_088_mortar_high_die_dc(void **state)
{
    (void)state;
    lnlt_fire_unit u = mmc("50mm mortar WT", 0);
    u.fires_ifp = false;
    give_sw(&u, "50mm", 2, LNLT_SW_MORTAR);
    lnlt_fire_context c = {0};
    c.degrading_hexes = 2;
    lnlt_fire_attack a = fire(&u, 1, 0, &c);
    assert_int_equal(a.total, 2);
    lnlt_opposed r = lnlt_fire_resolve(lnlt_high_die(3, 5), a.total, 2, 1);
    assert_int_equal(r.attacker_total, 7);
    assert_int_equal(r.defender_total, 3);
    assert_int_equal(r.dc, 4);
}

/* 20.1 Night Ex.1: an AM stack fires at night at a Fired target beyond 2 hexes. */
static void EX_114_night_assault_move(void **state)
{
    (void)state;
    lnlt_fire_unit u = mmc("2-5-4", 2);
    lnlt_fire_context c = {0};
    c.assault_move = true;
    c.night_penalty = true;
    lnlt_fire_attack a = fire(&u, 1, 0, &c);
    assert_int_equal(lnlt_mods_total(&a.drm), -5);
}

/* 20.1 Night Ex.2: a 2-IFP unit at an adjacent target at night. */
static void EX_115_night_adjacent(void **state)
{
    (void)state;
    lnlt_fire_unit u = mmc("2-5-4", 2);
    lnlt_fire_context c = {0};
    c.adjacent = true;
    assert_int_equal(fire(&u, 1, 0, &c).total, 4);
}

/* Rule checks without a numbered example. */
static void fire_5_0_dc_table_all_cells(void **state)
{
    (void)state;
    /* The printed grid: attacker 1-14 against defender 1-11. */
    for (int a = 1; a <= 14; a++)
        for (int d = 1; d <= 11; d++)
            assert_int_equal(lnlt_dc_modifier(a, d), a > d ? a - d : 0);
    assert_int_equal(lnlt_dc_modifier(17, 2), 15); /* beyond the grid */
    assert_int_equal(lnlt_dc_modifier(-1, 0), 0);
}

static void fire_5_2_zero_and_oc_secondary_add_nothing(void **state)
{
    (void)state;
    lnlt_fire_unit u[3] = {mmc("2-5-4", 2), mmc("0-2-4", 0), mmc("1-6-4", 1)};
    u[2].ops_complete = true;
    lnlt_fire_context c = {0};
    lnlt_fire_attack a = fire(u, 3, 0, &c);
    assert_int_equal(a.total, 2); /* R-CORE-01 */
}

/* 5.2 rounds the summed FP once; SK-EX-010's "half of 1, rounded up" gives the
 * same number there, but three 1-IFP Squads make 2, not 3 (R-CORE-13). */
static void fire_5_2_round_once_at_the_end(void **state)
{
    (void)state;
    lnlt_fire_unit u[3] = {mmc("1-6-4", 1), mmc("1-6-4", 1), mmc("1-6-4", 1)};
    lnlt_fire_context c = {0};
    lnlt_fire_attack a = fire(u, 3, 0, &c);
    assert_int_equal(a.sum_x8, 16);
    assert_int_equal(a.fp, 2);
}

static void fire_4_1_ops_complete_mg_halved(void **state)
{
    (void)state;
    lnlt_fire_unit u = mmc("1-6-4", 1);
    u.ops_complete = true;
    give_sw(&u, "MG42", 3, LNLT_SW_MG);
    lnlt_fire_context c = {0};
    lnlt_fire_attack a = fire(&u, 1, 0, &c);
    assert_int_equal(a.sum_x8, 12); /* 0 + 1.5 */
    assert_int_equal(a.total, 2);
}

/* halvings multiply: an OC SMC's MG at extended range is x1/8. */
static void fire_4_1_halvings_multiply(void **state)
{
    (void)state;
    lnlt_fire_unit u = mmc("Hero", 0);
    u.smc = true;
    u.fires_ifp = false;
    u.ops_complete = true;
    give_sw(&u, "MG", 4, LNLT_SW_MG);
    u.sw[0].extended_range = true;
    lnlt_fire_context c = {0};
    lnlt_fire_attack a = fire(&u, 1, 0, &c);
    assert_int_equal(a.sum_x8, 4); /* 0.5 */
    assert_int_equal(a.fp, 1);
}

/* 1.6.2: a J weapon jams on equal natural dice; its FP leaves the attack and the
 * same dice are compared again (R-CORE-12). */
static void fire_1_6_2_jammed_mg_leaves_attack(void **state)
{
    (void)state;
    lnlt_fire_unit u[2] = {mmc("1-6-4", 1), mmc("1-6-4", 1)};
    give_sw(&u[1], "MG42", 3, LNLT_SW_MG);
    u[1].sw[0].can_jam = true;
    lnlt_fire_context c = {0};
    c.leader_lm = 1;
    lnlt_fire_attack a = fire(u, 2, 0, &c);
    assert_int_equal(a.total, 6); /* 1 + 0.5 + 3 -> 5, +1 */
    assert_int_equal(a.jam_candidates, 1);
    lnlt_opposed r = lnlt_fire_resolve(3, a.total, 3, 2);
    assert_true(r.jam);
    assert_int_equal(r.dc, 4);
    lnlt_fire_attack j;
    lnlt_error err = {{0}};
    assert_true(lnlt_fire_jammed(u, 2, 0, &c, 1, 0, &j, &err));
    assert_int_equal(j.total, 3); /* 1 + 0.5 -> 2, +1 */
    assert_int_equal(lnlt_fire_resolve(3, j.total, 3, 2).dc, 1);
    assert_false(lnlt_fire_jammed(u, 2, 0, &c, 0, 0, &j, &err));
}

static void fire_explain_text(void **state)
{
    (void)state;
    lnlt_fire_unit u[3];
    u[0] = mmc("A1-6-4", 1);
    u[0].assaulter = true;
    u[1] = mmc("A1-6-4", 1);
    u[2] = hero("Hero", 2);
    lnlt_fire_context c = {0};
    c.adjacent = true;
    lnlt_fire_attack a = fire(u, 3, 0, &c);
    char buf[256];
    lnlt_fire_explain(&a, buf, sizeof buf);
    assert_string_equal(buf, "1 (A1-6-4 IFP 1) + 0.5 (A1-6-4 IFP 1 x1/2) + 2 (Hero IFP 2) = 3.5 "
                             "-> 4; +3 adjacent, Assaulters = 7");
    char small[8];
    int need = lnlt_fire_explain(&a, small, sizeof small);
    assert_true(need > (int)sizeof small);
    assert_int_equal(strlen(small), sizeof small - 1);
}

static void fire_input_errors(void **state)
{
    (void)state;
    lnlt_fire_unit u = mmc("x", 1);
    lnlt_fire_context c = {0};
    lnlt_fire_attack a;
    lnlt_error err = {{0}};
    assert_false(lnlt_fire_compute(&u, 1, 1, &c, &a, &err));
    assert_non_null(strstr(err.msg, "lead"));
    c.degrading_hexes = 3;
    assert_false(lnlt_fire_compute(&u, 1, 0, &c, &a, &err));
    assert_non_null(strstr(err.msg, "10.3"));
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(EX_003_satchel_alone_and_with_ifp),
        cmocka_unit_test(EX_005_mortar_direct_fire_high_die),
        cmocka_unit_test(EX_006_indirect_mortar_no_ifp_no_lm),
        cmocka_unit_test(EX_007_two_mortars_forfeit_ifp),
        cmocka_unit_test(EX_012_ops_complete_op_fire),
        cmocka_unit_test(EX_013_zero_ifp_ops_complete),
        cmocka_unit_test(EX_014_opposed_roll_and_dc),
        cmocka_unit_test(EX_016_fire_group_bar_hero_leader),
        cmocka_unit_test(EX_017_op_fire_mover_and_stationary),
        cmocka_unit_test(EX_018_extended_range),
        cmocka_unit_test(EX_019_fire_group_with_hero),
        cmocka_unit_test(EX_021_assault_move_fire),
        cmocka_unit_test(EX_022_assault_fire_then_move),
        cmocka_unit_test(EX_024_motorcycle_mu_fires_mg),
        cmocka_unit_test(EX_I02_jam_on_equal_dice),
        cmocka_unit_test(EX_I03_op_fire_budget),
        cmocka_unit_test(EX_I04_target_modifier_cap),
        cmocka_unit_test(EX_I05_smoke_in_forest),
        cmocka_unit_test(EX_I06_forest_with_railroad),
        cmocka_unit_test(EX_I16_smc_fires_sw_at_half),
        cmocka_unit_test(EX_088_mortar_high_die_dc),
        cmocka_unit_test(EX_114_night_assault_move),
        cmocka_unit_test(EX_115_night_adjacent),
        cmocka_unit_test(fire_5_0_dc_table_all_cells),
        cmocka_unit_test(fire_5_2_zero_and_oc_secondary_add_nothing),
        cmocka_unit_test(fire_5_2_round_once_at_the_end),
        cmocka_unit_test(fire_4_1_ops_complete_mg_halved),
        cmocka_unit_test(fire_4_1_halvings_multiply),
        cmocka_unit_test(fire_1_6_2_jammed_mg_leaves_attack),
        cmocka_unit_test(fire_explain_text),
        cmocka_unit_test(fire_input_errors),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
