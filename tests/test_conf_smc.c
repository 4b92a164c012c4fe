/*
 * test_conf_smc.c: conformance tests for the single-man counters other than
 * heroes (rules 11.1 leaders, 11.4 snipers, 11.6 scouts, 11.7 commissars, 11.9
 * advisors, 11.12 marksmen) and for mortar weapon teams' callers (18.1), written
 * for docs/conformance.md, on Map 15 with forced dice. Column H is road (TM 0,
 * open), K5 light woods, E7 forest (+2), G7 a wooden building.
 */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <string.h>
#include <cmocka.h>

#include "lnlt/game.h"
#include "rules/internal.h"
#include "support/board.h"

static int setup(void **state)
{
    (void)state;
    static const char *const files[] = {
        "data/nations/starter_kit.json",         "tests/fixtures/nations/conformance.json",
        "data/units/us_wwii.json",               "data/units/de_wwii.json",
        "tests/fixtures/units/smc.json",         "tests/fixtures/units/weapon_teams.json",
        "tests/fixtures/units/conformance.json", "data/weapons/starter_kit.json",
        "data/weapons/legend_examples.json"};
    board_open(files, 9, "data/maps/map15.json");
    return 0;
}

static const char *cmd1(const char *fmt, int a)
{
    static char buf[96];
    snprintf(buf, sizeof buf, fmt, a);
    return buf;
}

static const char *cmd2(const char *fmt, int a, int b)
{
    static char buf[96];
    snprintf(buf, sizeof buf, fmt, a, b);
    return buf;
}

/* The US pass their first impulse so that the Germans act. */
static void german_impulse(void)
{
    board_to_operations();
    board_play("pass", "");
}

/* ---- 11.1 leaders ---- */

/* 11.1.1, 5.1: a shaken leader lends his LM to nothing. */
static void rule_11_1_1_shaken_leader_lends_no_lm(void **state)
{
    (void)state;
    board_add("de_squad_164", 2, "H7");
    int koch = board_add("de_lt_koch", 2, "H7");
    board_add("us_abn_squad_254", 1, "H4");
    T.st.unit[koch].status = LNLT_SHAKEN;
    german_impulse();
    board_play("activate H7", "");
    board_play("fire H7 H4", "2,3"); /* 2 + IFP 1 vs 3 + 0: no effect, and no LM */
    assert_false(board_logged("LM Lt Koch"));
    board_expect_log("no effect");
}

/* 11.1.2: a wounded leader activates his own hex only. */
static void rule_11_1_2_wounded_leader_activates_only_his_hex(void **state)
{
    (void)state;
    int koch = board_add("de_lt_koch", 2, "H7");
    board_add("de_squad_164", 2, "H6");
    board_add("us_abn_squad_254", 1, "A1");
    german_impulse();
    board_play("activate H7", "");
    assert_true(board_legal("also H6"));
    board_play("done", "");
    /* the next German impulse, with Koch wounded */
    board_play("pass", "");
    T.st.unit[koch].flags |= LNLT_UNIT_WOUNDED;
    T.st.unit[koch].marks = 0;
    T.st.unit[koch].flags &= (uint8_t)~LNLT_UNIT_ACTIVATED;
    board_play("activate H7", "");
    assert_false(board_legal("also H6"));
}

/* 11.1.3, 1.6: a leader holding a weapon that does not fire at the target still
 * lends his LM (he must only choose between his weapon and his LM). */
static void rule_11_1_3_leader_with_an_idle_weapon_lends_his_lm(void **state)
{
    (void)state;
    board_add("de_squad_164", 2, "H7");
    int koch = board_add("de_lt_koch", 2, "H7");
    board_add_sw("satchel_charge", koch, NULL); /* range 1: idle at range 3 */
    board_add("us_abn_squad_254", 1, "H4");
    german_impulse();
    board_play("activate H7", "");
    /* IFP 1 + LM 1 = 2; 3 + 2 = 5 vs 4 + 0: DC+1; the DC 2 + 1 <= 6 */
    board_play("fire H7 H4", "3,4,2");
    board_expect_log("LM Lt Koch +1");
    board_expect_log("DC+1");
}

/* 11.1.3: the LM counts for every attack from the leader's hex in his impulse (the
 * weapon team's separate attack too), and one leader per hex lends it (11.1.1). */
static void rule_11_1_3_leader_lends_his_lm_to_every_attack_of_his_impulse(void **state)
{
    (void)state;
    int sq = board_add("de_squad_164", 2, "H7");
    int koch = board_add("de_lt_koch", 2, "H7");
    int wt = board_add("test_wt_mg", 2, "H7");
    board_add("test_commissar", 2, "H7"); /* LM 2, but Koch already lends his */
    board_add("us_abn_squad_254", 1, "H4");
    board_add("us_abn_squad_254", 1, "H3");
    german_impulse();
    board_play("activate H7", "");
    board_play(cmd2("fire H7 H4 #%d #%d", sq, koch), "1,6");
    board_expect_log("LM Lt Koch +1");
    T.log_last_command = true;
    board_play("fire H7 H4", "1,6"); /* what is left: the team, and the commissar who lends nothing */
    board_expect_log("LM Lt Koch +1");
    assert_false(board_logged("LM Commissar"));
    assert_true(T.st.unit[wt].marks & LNLT_MARK_FIRED);
}

/* 11.1.3, 1.6 (ruling R-CORE-47): a leader who crews another SMC's weapon fires;
 * he lends no LM to that attack, and so none to the weapon team of his hex that
 * fires apart at the same hex afterwards. */
static void rule_11_1_3_leader_who_crewed_lends_no_lm_to_the_weapon_team(void **state)
{
    (void)state;
    int plassmann = board_add("de_lt_plassmann", 2, "H7");
    int koch = board_add("de_lt_koch", 2, "H7");
    int wt = board_add("test_wt_mg", 2, "H7");
    board_add_sw("flamethrower", plassmann, NULL);
    board_add("us_abn_squad_254", 1, "H5");
    german_impulse();
    board_play("activate H7", "");
    /* Plassmann alone fires the flamethrower at 2, + Koch's LM 1 = 3; crewed by
     * Koch at its full 4 */
    board_play(cmd2("fire H7 H5 #%d #%d", plassmann, koch), "1,6");
    board_expect_log("Lt Koch crews the weapon with its holder: full FP");
    assert_false(board_logged("LM Lt Koch"));
    assert_false(T.st.unit[koch].flags & LNLT_UNIT_LENT_LM);
    T.log_last_command = true;
    board_play("fire H7 H5", "1,6"); /* the MG team, apart */
    assert_true(T.st.unit[wt].marks & LNLT_MARK_FIRED);
    assert_false(board_logged("LM Lt Koch"));
    board_expect_log("fire at H5: 1d6 1 + 3 = 4");
}

/* 11.1.3 (ruling R-CORE-72): a leader aids attacks by units of his IB only. */
static void rule_11_1_3_leader_lends_only_to_his_own_ib(void **state)
{
    (void)state;
    board_add("test_ss_squad", 2, "H7");
    board_add("de_lt_koch", 2, "H7");
    board_add("us_abn_squad_254", 1, "H4");
    german_impulse();
    board_play("activate H7", "");
    board_play("fire H7 H4", "1,6");
    assert_false(board_logged("LM Lt Koch"));
}

/* 11.1.3, 18.1: a leader who calls indirect fire does not add his LM to direct fire
 * in the same turn, even against the hex he spotted. */
static void rule_11_1_3_leader_who_called_mortar_fire_lends_no_lm(void **state)
{
    (void)state;
    int koch = board_add("de_lt_koch", 2, "K3");
    board_add("de_squad_164", 2, "K3");
    int team = board_add("test_wt_mortar", 2, "L3");
    board_add("us_abn_squad_254", 1, "K5"); /* light woods: a spotting roll */
    german_impulse();
    board_play(cmd1("spot K5 #%d", koch), "2"); /* 2 - LM 1 <= 3 */
    board_play("activate K3", "");
    board_play("also L3", "");
    /* the team's high die 6 + FP 2 = 8 vs 6 + TM 1 = 7: DC+1; the DC 2 + 1 */
    board_play(cmd2("call-mortar L3 K5 #%d #%d", team, koch), "6,1,6,2");
    T.log_last_command = true;
    board_play("fire K3 K5", "1,6");
    assert_false(board_logged("LM Lt Koch"));
}

/* ---- 11.4 snipers, 11.12 marksmen ---- */

/* 5.1, 11.4: a shaken sniper does not snipe. */
static void rule_11_4_shaken_sniper_does_not_snipe(void **state)
{
    (void)state;
    int sn = board_add("us_sniper_wwii", 1, "E7");
    board_add("de_squad_164", 2, "E5");
    board_to_operations();
    board_play("activate E7", "");
    assert_true(board_legal(cmd1("snipe E7 E5 #%d", sn)));
    assert_false(board_legal("move E7")); /* 11.4: once placed, a sniper never moves */
    board_play("done", "");
    board_play("pass", "");
    T.st.unit[sn].status = LNLT_SHAKEN;
    board_play("activate E7", ""); /* a shaken sniper may be activated, but not to fire */
    assert_false(board_legal(cmd1("snipe E7 E5 #%d", sn)));
}

/* 11.12: a marksman fires alone at 2d6 but gets no doubled TM when fired on; 11.4:
 * a lone sniper does, up to +8 (5.5). */
static void rule_11_12_marksman_has_no_doubled_tm(void **state)
{
    (void)state;
    board_add("test_marksman", 1, "E7");  /* forest, +2 */
    board_add("us_sniper_wwii", 1, "B6"); /* forest, +2 */
    board_add("de_squad_164", 2, "E6");   /* next to E7: spots it */
    board_add("de_squad_164", 2, "B5");   /* next to B6 */
    board_to_operations();
    board_play("pass", "");
    board_play("activate E6", "");
    board_play_loose("fire E6 E7", "1,6");
    board_expect_log("TM 2 =");
    board_play("done", "");
    board_play("pass", "");
    board_play("activate B5", "");
    board_play_loose("fire B5 B6", "1,6");
    board_expect_log("TM 4 ="); /* forest +2, doubled for a lone sniper */
}

/* ---- 11.6 scouts ---- */

/* 11.6: a scout who carries a weapon loses his scout abilities: stealth moves and
 * the -2 on spotting (ruling R-SMC-20). */
static void rule_11_6_scout_carrying_a_weapon_loses_his_abilities(void **state)
{
    (void)state;
    int scout = board_add("test_scout", 1, "L3");
    board_add("de_squad_164", 2, "K5"); /* light woods */
    board_to_operations();
    assert_true(board_legal(cmd1("spot K5 #%d", scout)));
    board_play("activate L3", "");
    assert_true(board_legal("stealth L3"));
    board_play("done", ""); /* nobody acted: a pass (R-CORE-27) */
    board_play("pass", "");
    board_play("pass", "3,3"); /* the third pass; turn 2 */
    board_play("end-rally", "");
    board_play("end-rally", "");
    board_add_sw("bar", scout, NULL);
    /* a 4 spots only with the scout's -2 */
    board_play(cmd1("spot K5 #%d", scout), "4");
    board_expect_log("stays unspotted");
    board_play("pass", "");
    board_play("pass", "");
    assert_false(board_legal("activate L3")); /* Ops Complete from the spotting attempt */
}

static void rule_11_6_scout_with_a_weapon_moves_without_stealth(void **state)
{
    (void)state;
    int scout = board_add("test_scout", 1, "H7");
    board_add_sw("bar", scout, NULL);
    board_add("de_squad_164", 2, "K5");
    board_to_operations();
    board_play("activate H7", "");
    assert_false(board_legal("stealth H7"));
    assert_true(board_legal("move H7"));
}

/* ---- 11.7 commissars ---- */

/* 11.7: a commissar is a leader for every purpose: his troops double-time with
 * him (6.2), he destroys weapons in the rally phase (3.0) and directs mortar fire
 * (1.6.5). */
static void rule_11_7_commissar_is_a_leader_for_every_purpose(void **state)
{
    (void)state;
    int com = board_add("test_commissar", 2, "H5");
    board_add("de_squad_164", 2, "H5");
    board_add_sw("mg34", com, NULL);
    int mortar_sq = board_add("de_squad_164", 2, "H8");
    int mortar = board_add_sw("mortar_51mm", mortar_sq, NULL);
    (void)mortar;
    board_add("us_abn_squad_254", 1, "H2");
    board_play("end-rally", "");
    assert_true(board_legal("destroy-sw H5 w0"));
    board_play("end-rally", "");
    board_play("pass", "");
    board_play("activate H5", "");
    assert_true(board_legal("dt H5"));
    board_play("done", "");
    (void)com;
}

static void rule_11_7_commissar_directs_mortar_fire(void **state)
{
    (void)state;
    int com = board_add("test_commissar", 2, "H6");
    int sq = board_add("de_squad_164", 2, "H7");
    board_add_sw("mortar_51mm", sq, NULL);
    board_add("us_abn_squad_254", 1, "H4");
    german_impulse();
    board_play("activate H7", "");
    assert_true(board_legal(cmd1("indirect H7 H4 #%d", com)));
}

/* ---- 18.1: who calls a mortar team's fire ---- */

/* 18.1, 11.6, 11.9: leaders, scouts and advisors call it; a squad or a marksman
 * does not. */
static void rule_18_1_who_calls_mortar_team_fire(void **state)
{
    (void)state;
    int team = board_add("test_wt_mortar", 2, "L3");
    int sq = board_add("de_squad_164", 2, "K3");
    board_add("us_abn_squad_254", 1, "K6");
    german_impulse();
    board_play("activate L3", "");
    assert_false(board_legal(cmd2("call-mortar L3 K6 #%d #%d", team, sq)));
    board_play("done", "");
    (void)sq;
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test_setup_teardown(rule_11_1_1_shaken_leader_lends_no_lm, setup, board_teardown),
        cmocka_unit_test_setup_teardown(rule_11_1_2_wounded_leader_activates_only_his_hex, setup, board_teardown),
        cmocka_unit_test_setup_teardown(rule_11_1_3_leader_with_an_idle_weapon_lends_his_lm, setup, board_teardown),
        cmocka_unit_test_setup_teardown(rule_11_1_3_leader_lends_his_lm_to_every_attack_of_his_impulse, setup,
                                        board_teardown),
        cmocka_unit_test_setup_teardown(rule_11_1_3_leader_lends_only_to_his_own_ib, setup, board_teardown),
        cmocka_unit_test_setup_teardown(rule_11_1_3_leader_who_crewed_lends_no_lm_to_the_weapon_team, setup,
                                        board_teardown),
        cmocka_unit_test_setup_teardown(rule_11_1_3_leader_who_called_mortar_fire_lends_no_lm, setup, board_teardown),
        cmocka_unit_test_setup_teardown(rule_11_4_shaken_sniper_does_not_snipe, setup, board_teardown),
        cmocka_unit_test_setup_teardown(rule_11_12_marksman_has_no_doubled_tm, setup, board_teardown),
        cmocka_unit_test_setup_teardown(rule_11_6_scout_carrying_a_weapon_loses_his_abilities, setup, board_teardown),
        cmocka_unit_test_setup_teardown(rule_11_6_scout_with_a_weapon_moves_without_stealth, setup, board_teardown),
        cmocka_unit_test_setup_teardown(rule_11_7_commissar_is_a_leader_for_every_purpose, setup, board_teardown),
        cmocka_unit_test_setup_teardown(rule_11_7_commissar_directs_mortar_fire, setup, board_teardown),
        cmocka_unit_test_setup_teardown(rule_18_1_who_calls_mortar_team_fire, setup, board_teardown),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
