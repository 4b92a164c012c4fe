/*
 * test_ex_melee.c: the melee tables and worked examples of 8.0-8.6 reproduced
 * by src/rules/calc/melee_calc.c. The odds column rule is checked against every
 * one of the 196 cells printed on the Melee PAC (digest T6a), and each Melee
 * Example is a test named by its digest id.
 */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <cmocka.h>
#include <string.h>

#include "lnlt/combat.h"

/* Digest T6a (PAC 07), rows = defending FP 1-14, columns = attacking FP 1-14. */
static const char *const printed_odds[14][14] = {
    /* D= 1 */ {"1-1", "2-1", "3-1", "4-1", "5-1", "5-1", "5-1", "5-1", "5-1", "5-1", "5-1", "5-1", "5-1", "5-1"},
    /* D= 2 */ {"1-2", "1-1", "3-2", "2-1", "3-1", "3-1", "4-1", "4-1", "5-1", "5-1", "5-1", "5-1", "5-1", "5-1"},
    /* D= 3 */ {"1-3", "2-3", "1-1", "3-2", "2-1", "2-1", "3-1", "3-1", "3-1", "4-1", "4-1", "4-1", "5-1", "5-1"},
    /* D= 4 */ {"1-3", "1-2", "1-1", "1-1", "3-2", "3-2", "2-1", "2-1", "3-1", "3-1", "3-1", "3-1", "4-1", "4-1"},
    /* D= 5 */ {"1-3", "1-2", "2-3", "1-1", "1-1", "3-2", "3-2", "2-1", "2-1", "2-1", "3-1", "3-1", "3-1", "3-1"},
    /* D= 6 */ {"1-3", "1-3", "1-2", "2-3", "1-1", "1-1", "3-2", "3-2", "3-2", "2-1", "2-1", "2-1", "3-1", "3-1"},
    /* D= 7 */ {"1-3", "1-3", "1-2", "2-3", "1-1", "1-1", "1-1", "3-2", "3-2", "3-2", "2-1", "2-1", "2-1", "2-1"},
    /* D= 8 */ {"1-3", "1-3", "1-2", "1-2", "2-3", "1-1", "1-1", "1-1", "3-2", "3-2", "3-2", "3-2", "2-1", "2-1"},
    /* D= 9 */ {"1-3", "1-3", "1-3", "1-2", "2-3", "2-3", "1-1", "1-1", "1-1", "3-2", "3-2", "3-2", "3-2", "2-1"},
    /* D=10 */ {"1-3", "1-3", "1-3", "1-2", "1-2", "2-3", "1-1", "1-1", "1-1", "1-1", "3-2", "3-2", "3-2", "3-2"},
    /* D=11 */ {"1-3", "1-3", "1-3", "1-2", "1-2", "2-3", "2-3", "1-1", "1-1", "1-1", "1-1", "3-2", "3-2", "3-2"},
    /* D=12 */ {"1-3", "1-3", "1-3", "1-3", "1-2", "1-2", "2-3", "2-3", "1-1", "1-1", "1-1", "1-1", "3-2", "3-2"},
    /* D=13 */ {"1-3", "1-3", "1-3", "1-3", "1-2", "1-2", "2-3", "2-3", "1-1", "1-1", "1-1", "1-1", "1-1", "3-2"},
    /* D=14 */ {"1-3", "1-3", "1-3", "1-3", "1-2", "1-2", "1-2", "2-3", "2-3", "1-1", "1-1", "1-1", "1-1", "1-1"},
};

static lnlt_melee_unit squad(const char *name, int ifp)
{
    lnlt_melee_unit u;
    memset(&u, 0, sizeof u);
    u.name = name;
    u.ifp = ifp;
    u.uses_ifp = true;
    return u;
}

static void give_sw(lnlt_melee_unit *u, int fp, bool m)
{
    lnlt_melee_sw *w = &u->sw[u->sw_count++];
    w->fp = fp;
    w->melee_eligible = true;
    w->m_superscript = m;
}

static int group(const lnlt_melee_unit *u, int n, lnlt_melee_role role)
{
    return lnlt_melee_group_fp(u, n, role, false, false).fp;
}

static void melee_T6a_odds_table_all_196_cells(void **state)
{
    (void)state;
    for (int d = 1; d <= 14; d++)
        for (int a = 1; a <= 14; a++) {
            const char *got = lnlt_odds_name(lnlt_melee_odds(a, d));
            if (strcmp(got, printed_odds[d - 1][a - 1]) != 0)
                fail_msg("A=%d D=%d: printed %s, computed %s", a, d, printed_odds[d - 1][a - 1],
                         got);
        }
}

static void melee_T6b_kill_numbers(void **state)
{
    (void)state;
    const int kn[LNLT_ODDS_COUNT] = {11, 10, 9, 8, 7, 6, 5, 4, 3};
    for (int i = 0; i < LNLT_ODDS_COUNT; i++)
        assert_int_equal(lnlt_kill_number((lnlt_odds)i), kn[i]);
    /* beyond the printed grid the same rule holds */
    assert_string_equal(lnlt_odds_name(lnlt_melee_odds(30, 2)), "5-1");
    assert_string_equal(lnlt_odds_name(lnlt_melee_odds(2, 30)), "1-3");
    assert_string_equal(lnlt_odds_name(lnlt_melee_odds(21, 14)), "3-2");
}

/* 8.0 Melee Ex.1 */
static void EX_027_odds_round_up(void **state)
{
    (void)state;
    assert_string_equal(lnlt_odds_name(lnlt_melee_odds(4, 2)), "2-1");
    assert_string_equal(lnlt_odds_name(lnlt_melee_odds(5, 2)), "3-1"); /* 2.5 up */
    lnlt_melee_unit us[2] = {squad("2-5-4", 2), squad("2-5-4", 2)};
    lnlt_melee_unit ge[2] = {squad("1-6-4", 1), squad("1-6-4", 1)};
    give_sw(&ge[0], 2, false); /* MG-34 */
    int a = group(us, 2, LNLT_MELEE_ATTACKING), d = group(ge, 2, LNLT_MELEE_DEFENDING);
    assert_int_equal(a, 4);
    assert_int_equal(d, 4);
    lnlt_melee_input in = {.att_fp = a, .def_fp = d, .multiple_targets = true, .d1 = 4, .d2 = 4};
    lnlt_melee_outcome o = lnlt_melee_attack(&in);
    assert_string_equal(lnlt_odds_name(o.odds), "1-1");
    assert_int_equal(o.kill_number, 8);
    assert_true(o.kill);
}

/* 8.0 Melee Ex.2: US 2-5-4 vs two 1-6-4 and a 1-6-6 Hero. */
static void EX_028_target_choice_and_hero_shift(void **state)
{
    (void)state;
    lnlt_melee_unit ge[3] = {squad("1-6-4", 1), squad("1-6-4", 1), squad("Hero 1-6-6", 1)};
    ge[2].smc = true;
    ge[2].hero = true;
    assert_string_equal(lnlt_odds_name(lnlt_melee_odds(2, group(ge, 3, LNLT_MELEE_DEFENDING))),
                        "2-3");
    assert_string_equal(lnlt_odds_name(lnlt_melee_odds(2, group(ge, 1, LNLT_MELEE_DEFENDING))),
                        "2-1");
    assert_string_equal(lnlt_odds_name(lnlt_melee_odds(2, group(ge + 2, 1,
                                                                 LNLT_MELEE_DEFENDING))),
                        "2-1");
    assert_string_equal(lnlt_odds_name(lnlt_melee_odds(2, group(ge + 1, 2,
                                                                 LNLT_MELEE_DEFENDING))),
                        "1-1");
    /* the German counterattack: 3 vs 2 = 3-2, the Hero shifts it to 2-1 */
    lnlt_melee_fp g = lnlt_melee_group_fp(ge, 3, LNLT_MELEE_ATTACKING, false, false);
    assert_true(g.hero);
    lnlt_melee_input in = {.att_fp = g.fp, .def_fp = 2, .hero = g.hero, .d1 = 3, .d2 = 3};
    lnlt_melee_outcome o = lnlt_melee_attack(&in);
    assert_string_equal(lnlt_odds_name(o.base_odds), "3-2");
    assert_string_equal(lnlt_odds_name(o.odds), "2-1");
    assert_int_equal(o.kill_number, 6);
    assert_true(o.kill);
}

/* 8.0 Melee Ex.3: French 1-5-4 vs a 1-4-4 with a 2-FP SW and a 2-6-4. */
static void EX_029_below_1_3_single_target_only(void **state)
{
    (void)state;
    lnlt_melee_unit ge[2] = {squad("1-4-4", 1), squad("2-6-4", 2)};
    give_sw(&ge[0], 2, false);
    assert_int_equal(group(ge, 2, LNLT_MELEE_DEFENDING), 5);
    lnlt_melee_input both = {.att_fp = 1, .def_fp = 5, .multiple_targets = true, .d1 = 6, .d2 = 6};
    lnlt_melee_outcome o = lnlt_melee_attack(&both);
    assert_false(o.legal);
    assert_false(o.kill);
    lnlt_melee_input one = {.att_fp = 1, .def_fp = group(ge, 1, LNLT_MELEE_DEFENDING)};
    o = lnlt_melee_attack(&one);
    assert_true(o.legal);
    assert_string_equal(lnlt_odds_name(o.odds), "1-3");
    one.def_fp = group(ge + 1, 1, LNLT_MELEE_DEFENDING);
    o = lnlt_melee_attack(&one);
    assert_string_equal(lnlt_odds_name(o.odds), "1-2");
}

/* 8.0 Melee Ex.4: three 2-5-4 vs a 1-6-4: 6-1 is capped at 5-1. */
static void EX_030_odds_capped_5_1(void **state)
{
    (void)state;
    lnlt_melee_unit us[3] = {squad("2-5-4", 2), squad("2-5-4", 2), squad("2-5-4", 2)};
    assert_int_equal(group(us, 3, LNLT_MELEE_ATTACKING), 6);
    assert_string_equal(lnlt_odds_name(lnlt_melee_odds(6, 1)), "5-1");
}

/* 8.0 Melee Ex.5: a 6-1-6 Leader with a 2-FP MG-34 and a 1-6-4 vs a Dutch 1-5-4. */
static void EX_031_leader_sw_or_lm(void **state)
{
    (void)state;
    lnlt_melee_unit ldr = squad("6-1-6", 0);
    ldr.smc = true;
    ldr.leader = true;
    ldr.uses_ifp = false;
    give_sw(&ldr, 2, false);
    lnlt_melee_fp alone = lnlt_melee_group_fp(&ldr, 1, LNLT_MELEE_ATTACKING, false, false);
    assert_int_equal(alone.fp, 1); /* half of 2 */
    assert_true(alone.leader_used_sw);

    lnlt_melee_unit ge[2] = {ldr, squad("1-6-4", 1)};
    lnlt_melee_fp with_sw = lnlt_melee_group_fp(ge, 2, LNLT_MELEE_ATTACKING, false, false);
    assert_int_equal(with_sw.fp, 2);
    lnlt_melee_input in = {.att_fp = with_sw.fp, .def_fp = 1, .leader_lm = 0};
    lnlt_melee_outcome o = lnlt_melee_attack(&in);
    assert_string_equal(lnlt_odds_name(o.odds), "2-1");
    assert_string_equal(lnlt_odds_name(lnlt_melee_odds(1, with_sw.fp)), "1-2"); /* Dutch */

    ge[0].sw_count = 0; /* not using the SW: LM instead */
    lnlt_melee_fp no_sw = lnlt_melee_group_fp(ge, 2, LNLT_MELEE_ATTACKING, false, false);
    assert_int_equal(no_sw.fp, 1);
    assert_false(no_sw.leader_used_sw);
    lnlt_melee_input in2 = {.att_fp = no_sw.fp, .def_fp = 1, .leader_lm = 1};
    o = lnlt_melee_attack(&in2);
    assert_string_equal(lnlt_odds_name(o.odds), "1-1");
    assert_int_equal(lnlt_mods_total(&o.mods), 1);
    assert_string_equal(lnlt_odds_name(lnlt_melee_odds(1, no_sw.fp)), "1-1");
}

/* 8.0 Melee Ex.7: a US 2-5-4 vs an 88 mm ATG WT, then vs a 4-FP MG WT. */
static void EX_033_weapon_teams(void **state)
{
    (void)state;
    lnlt_melee_unit atg = squad("88mm ATG WT", 0);
    atg.weapon_team = true;
    assert_int_equal(group(&atg, 1, LNLT_MELEE_DEFENDING), 1);
    assert_true(lnlt_melee_group_fp(&atg, 1, LNLT_MELEE_ATTACKING, false, false).cannot_attack);
    assert_string_equal(lnlt_odds_name(lnlt_melee_odds(2, 1)), "2-1");

    lnlt_melee_unit mg = squad("MG WT", 4);
    mg.weapon_team = true;
    mg.mg_team = true;
    int d = group(&mg, 1, LNLT_MELEE_DEFENDING);
    assert_int_equal(d, 4);
    assert_string_equal(lnlt_odds_name(lnlt_melee_odds(2, d)), "1-2");
    lnlt_melee_fp a = lnlt_melee_group_fp(&mg, 1, LNLT_MELEE_ATTACKING, false, false);
    assert_false(a.cannot_attack);
    assert_string_equal(lnlt_odds_name(lnlt_melee_odds(a.fp, 2)), "2-1");
}

/* 8.3 Melee Ex.10: two 0-3-4 Partisan Squads vs a German 2-6-4. */
static void EX_036_zero_fp_units(void **state)
{
    (void)state;
    lnlt_melee_unit p[2] = {squad("0-3-4", 0), squad("0-3-4", 0)};
    lnlt_melee_fp pf = lnlt_melee_group_fp(p, 2, LNLT_MELEE_ATTACKING, false, false);
    assert_int_equal(pf.fp, 2);
    assert_int_equal(pf.zero_fp_units, 2);
    lnlt_melee_input in = {.att_fp = 2, .def_fp = 2, .zero_fp_attackers = pf.zero_fp_units,
                           .multiple_targets = false, .d1 = 5, .d2 = 4};
    lnlt_melee_outcome o = lnlt_melee_attack(&in);
    assert_int_equal(o.kill_number, 8);
    assert_int_equal(o.need, 10);
    assert_false(o.kill);   /* 9 - 2 = 7 */
    in.d2 = 5;
    assert_true(lnlt_melee_attack(&in).kill); /* 10 - 2 = 8 */

    lnlt_melee_fp df = lnlt_melee_group_fp(p, 2, LNLT_MELEE_DEFENDING, false, false);
    lnlt_melee_input g = {.att_fp = 2, .def_fp = df.fp, .zero_fp_defenders = df.zero_fp_units,
                          .multiple_targets = true, .d1 = 3, .d2 = 3};
    o = lnlt_melee_attack(&g);
    assert_int_equal(o.kill_number, 8);
    assert_int_equal(o.need, 6);
    assert_true(o.kill);
}

/* 8.5 Melee Ex.11: two Spetsnaz 2M-3-5 Half-Squads vs two 1-3-4-5 Squads. */
static void EX_037_m_superscript(void **state)
{
    (void)state;
    lnlt_melee_unit sp[2] = {squad("2M-3-5", 2), squad("2M-3-5", 2)};
    sp[0].m_superscript = sp[1].m_superscript = true;
    lnlt_melee_unit mj[2] = {squad("1-3-4-5", 1), squad("1-3-4-5", 1)};
    int a = group(sp, 2, LNLT_MELEE_ATTACKING);
    assert_int_equal(a, 6);
    assert_string_equal(lnlt_odds_name(lnlt_melee_odds(a, group(mj, 2, LNLT_MELEE_DEFENDING))),
                        "3-1");
    int m = group(mj, 2, LNLT_MELEE_ATTACKING);
    assert_string_equal(lnlt_odds_name(lnlt_melee_odds(m, group(sp, 2, LNLT_MELEE_DEFENDING))),
                        "1-3");
    assert_string_equal(lnlt_odds_name(lnlt_melee_odds(m, group(sp, 1, LNLT_MELEE_DEFENDING))),
                        "2-3");
}

/* 8.6 Melee Ex.12: an Italian 1-4-12 Cavalry Squad charges a British 1-7-4-5. */
static void EX_038_cavalry_charge(void **state)
{
    (void)state;
    lnlt_melee_unit cav = squad("1-4-12 cavalry", 1);
    lnlt_melee_fp c = lnlt_melee_group_fp(&cav, 1, LNLT_MELEE_ATTACKING, false, true);
    assert_int_equal(c.fp, 2);
    assert_string_equal(lnlt_odds_name(lnlt_melee_odds(c.fp, 1)), "2-1");
    /* the British must pass an MC to counterattack, then attack at 1-2 */
    lnlt_melee_fp cd = lnlt_melee_group_fp(&cav, 1, LNLT_MELEE_DEFENDING, false, true);
    assert_string_equal(lnlt_odds_name(lnlt_melee_odds(1, cd.fp)), "1-2");
}

/* 8.6 / EX-I12: a 0-IFP charger counts 1 -> 2 and keeps its -1. */
static void EX_I12_zero_ifp_cavalry(void **state)
{
    (void)state;
    lnlt_melee_unit cav = squad("0-4-12 cavalry", 0);
    lnlt_melee_fp c = lnlt_melee_group_fp(&cav, 1, LNLT_MELEE_ATTACKING, false, true);
    assert_int_equal(c.fp, 2);
    assert_int_equal(c.zero_fp_units, 1);
}

/* 8.4: an Ambush triples; a 0-FP unit counts 1 x 3 = 3 with its -1. */
static void melee_8_4_ambush_triples(void **state)
{
    (void)state;
    lnlt_melee_unit u[2] = {squad("1-6-4", 1), squad("0-3-4", 0)};
    give_sw(&u[0], 2, false);
    lnlt_melee_fp f = lnlt_melee_group_fp(u, 2, LNLT_MELEE_ATTACKING, true, false);
    assert_int_equal(f.fp, 9 + 3);
    assert_int_equal(f.zero_fp_units, 1);
    assert_int_equal(lnlt_mods_total(&f.parts), f.fp);
}

/* 1.6 in melee: a Hero using an ME SW fights with half of it and no IFP; a
 * Squad using two ME SWs gives up its IFP; a Leader's SW FP triples in an Ambush. */
static void melee_8_0_sw_use_limits(void **state)
{
    (void)state;
    lnlt_melee_unit h = squad("Hero 2-2-6", 2);
    h.smc = true;
    h.hero = true;
    give_sw(&h, 3, false);
    assert_int_equal(group(&h, 1, LNLT_MELEE_ATTACKING), 2);
    lnlt_melee_unit s = squad("2-6-4", 2);
    give_sw(&s, 2, false);
    assert_int_equal(group(&s, 1, LNLT_MELEE_ATTACKING), 4);
    give_sw(&s, 1, true);
    assert_int_equal(group(&s, 1, LNLT_MELEE_ATTACKING), 2 + 1 + 1);
    lnlt_melee_unit l = squad("6-1-6", 0);
    l.smc = true;
    l.leader = true;
    give_sw(&l, 2, false);
    assert_int_equal(lnlt_melee_group_fp(&l, 1, LNLT_MELEE_ATTACKING, true, false).fp, 3);
}

/* 19.2.11 step 7 (a melee inside the In-Depth example): 4 FP vs a 1M unit. */
static void EX_113_melee_with_m_superscript(void **state)
{
    (void)state;
    lnlt_melee_unit br = squad("British 1M", 1);
    br.m_superscript = true;
    int d = group(&br, 1, LNLT_MELEE_DEFENDING);
    assert_int_equal(d, 2);
    lnlt_melee_input in = {.att_fp = 4, .def_fp = d, .leader_lm = 1, .multiple_targets = false,
                           .d1 = 3, .d2 = 4};
    lnlt_melee_outcome o = lnlt_melee_attack(&in);
    assert_string_equal(lnlt_odds_name(o.odds), "2-1");
    assert_int_equal(o.kill_number, 6);
    assert_int_equal(o.roll, 8);
    assert_true(o.kill);
    /* counterattack on one Squad: 2 vs 2 = 1-1, KN 8; a total of 9 kills */
    lnlt_melee_input c = {.att_fp = 2, .def_fp = 2, .d1 = 5, .d2 = 4};
    o = lnlt_melee_attack(&c);
    assert_int_equal(o.kill_number, 8);
    assert_true(o.kill);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(melee_T6a_odds_table_all_196_cells),
        cmocka_unit_test(melee_T6b_kill_numbers),
        cmocka_unit_test(EX_027_odds_round_up),
        cmocka_unit_test(EX_028_target_choice_and_hero_shift),
        cmocka_unit_test(EX_029_below_1_3_single_target_only),
        cmocka_unit_test(EX_030_odds_capped_5_1),
        cmocka_unit_test(EX_031_leader_sw_or_lm),
        cmocka_unit_test(EX_033_weapon_teams),
        cmocka_unit_test(EX_036_zero_fp_units),
        cmocka_unit_test(EX_037_m_superscript),
        cmocka_unit_test(EX_038_cavalry_charge),
        cmocka_unit_test(EX_I12_zero_ifp_cavalry),
        cmocka_unit_test(melee_8_4_ambush_triples),
        cmocka_unit_test(melee_8_0_sw_use_limits),
        cmocka_unit_test(EX_113_melee_with_m_superscript),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
