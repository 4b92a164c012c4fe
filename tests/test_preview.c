/*
 * test_preview.c: previews (lnlt_preview_json) agree with the resolution. Each
 * previewed attack is then resolved through lnlt_apply with every pair of
 * opposed-roll faces forced, and the preview's modifiers, totals, TM and the
 * probability of each DC must be what apply logged (5.0, 5.3, 5.5); the
 * probabilities are also checked against the 5.0 arithmetic done here by hand,
 * and the meaning of each DC against the Damage Check Table (5.1). Melee odds and
 * kill numbers against SK-RULE-010 (8.0); a step's MP and opportunity fire
 * against the window the engine then opens (6.0, 5.3). On Map 15, as the worked
 * examples EX-014 and EX-017 set it up.
 */
#include <jansson.h>
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <cmocka.h>

#include "lnlt/combat.h"
#include "lnlt/data.h"
#include "lnlt/game.h"
#include "lnlt/scenario.h"
#include "lnlt/view.h"
#include "support/board.h"

static int setup(void **state)
{
    (void)state;
    board_open(NULL, 0, "data/maps/map15.json");
    return 0;
}

static lnlt_session S;

/* A session on the bench's current position (its start is this position). */
static void session_here(void)
{
    lnlt_session_start(&S, &T.ctx, "board", 1);
    S.start = S.state = T.st;
}

static json_t *preview(const char *cmd)
{
    lnlt_error err;
    json_t *o = lnlt_preview_json(&S, cmd, &err);
    if (!o)
        fail_msg("preview %s: %s", cmd, err.msg);
    return o;
}

static double prob_of_dc(const json_t *dcs, int dc)
{
    for (size_t i = 0; i < json_array_size(dcs); i++)
        if (json_integer_value(json_object_get(json_array_get(dcs, i), "dc")) == dc)
            return json_real_value(json_object_get(json_array_get(dcs, i), "probability"));
    return 0;
}

static const json_t *target(const json_t *o, int unit)
{
    const json_t *tg = json_object_get(o, "targets");
    for (size_t i = 0; i < json_array_size(tg); i++)
        if (json_integer_value(json_object_get(json_array_get(tg, i), "unit")) == unit)
            return json_array_get(tg, i);
    fail_msg("no target #%d in the preview", unit);
    return NULL;
}

/* The opposed roll's DC from the log line "... -> DC+5" (0 for no effect). */
static int logged_dc(const lnlt_events *log, int *tm)
{
    for (int i = 0; i < log->count; i++) {
        const char *t = log->ev[i].text;
        const char *p = strstr(t, " + TM ");
        if (log->ev[i].kind != LNLT_EV_RESULT || strcmp(log->ev[i].what, "opposed roll") || !p)
            continue;
        *tm = atoi(p + 6);
        const char *dc = strstr(t, "-> DC+");
        return dc ? atoi(dc + 6) : 0;
    }
    fail_msg("no opposed roll in the log");
    return -1;
}

/* The attack total the opposed-roll line prints before " = " (its modifiers per
 * target included: "1d6 5 + 4 + moving 1 = 10" gives 10 - 5 = 5 over the die). */
static int logged_attack_over_die(const lnlt_events *log, int die)
{
    for (int i = 0; i < log->count; i++) {
        const char *t = log->ev[i].text, *eq = strstr(t, " = ");
        if (log->ev[i].kind == LNLT_EV_RESULT && !strcmp(log->ev[i].what, "opposed roll") && eq)
            return atoi(eq + 3) - die;
    }
    fail_msg("no opposed roll in the log");
    return -1;
}

static int sum_of_terms(const json_t *terms)
{
    int sum = 0;
    for (size_t i = 0; i < json_array_size(terms); i++)
        sum += (int)json_integer_value(json_object_get(json_array_get(terms, i), "value"));
    return sum;
}

/* Applies `cmd` to a copy of the position for every (attack, defence) pair and
 * checks that the preview's terms, total, TM and DC probabilities are what the
 * engine logged. */
static void resolve_every_pair(const char *cmd, const json_t *o)
{
    const json_t *atk = json_object_get(o, "attack"), *terms = json_object_get(atk, "terms");
    int counts[32] = {0};
    for (int a = 1; a <= 6; a++)
        for (int d = 1; d <= 6; d++) {
            lnlt_state st = S.state;
            lnlt_dice_queue q;
            lnlt_events log;
            lnlt_error err;
            lnlt_action act;
            lnlt_dice_queue_clear(&q);
            lnlt_dice_queue_push(&q, a, NULL);
            lnlt_dice_queue_push(&q, d, NULL);
            for (int k = 0; k < 40; k++)
                lnlt_dice_queue_push(&q, 4, NULL);
            lnlt_events_init(&log);
            assert_true(lnlt_action_parse(&S.ctx, &st, cmd, &act, &err));
            if (!lnlt_apply(&S.ctx, &st, &act, &q, &log, &err))
                fail_msg("%s: %s", cmd, err.msg);
            const lnlt_event *calc = NULL;
            for (int i = 0; i < log.count && !calc; i++)
                if (log.ev[i].kind == LNLT_EV_CALC)
                    calc = &log.ev[i];
            assert_non_null(calc);
            assert_int_equal(calc->total, json_integer_value(json_object_get(atk, "total")));
            assert_int_equal(calc->mods.count, (int)json_array_size(terms));
            for (int k = 0; k < calc->mods.count; k++) {
                const json_t *t = json_array_get(terms, (size_t)k);
                assert_string_equal(calc->mods.mod[k].source, json_string_value(json_object_get(t, "source")));
                assert_int_equal(calc->mods.mod[k].value, json_integer_value(json_object_get(t, "value")));
                assert_string_equal(calc->mods.mod[k].rule, json_string_value(json_object_get(t, "rule")));
            }
            /* the attack's total and the per-target terms add up to what the roll printed */
            assert_int_equal(logged_attack_over_die(&log, a),
                             calc->total + sum_of_terms(json_object_get(atk, "target_terms")));
            int tm;
            counts[logged_dc(&log, &tm)]++;
            assert_int_equal(tm, json_integer_value(json_object_get(json_object_get(o, "defence"), "tm")));
            lnlt_events_free(&log);
        }
    const json_t *outcomes = json_object_get(o, "outcomes");
    for (int k = 0; k < 32; k++)
        assert_float_equal(prob_of_dc(outcomes, k), counts[k] / 36.0, 1e-4);
}

/* EX-014 (b): two squads with a BAR fire at a squad in Light Woods: 1d6 + 4
 * against 1d6 + TM 1. The preview gives each DC the chance of a - d = DC - 3, and
 * a DC+5 with a damage-check die of 3 shakes the squad (8 vs morale 5). */
static void EX_014_preview_fire_matches_the_opposed_roll(void **state)
{
    (void)state;
    int s1 = board_add("us_abn_squad_254", 1, "K3");
    board_add("us_abn_squad_254", 1, "K3");
    board_add_sw("bar", s1, NULL);
    int de = board_add("de_squad_164", 2, "K5");
    lnlt_bit_set(T.st.spotted[1], T.st.unit[de].cell);
    board_to_operations();
    board_play("activate K3", "");
    session_here();
    json_t *o = preview("fire K3 K5");
    const json_t *atk = json_object_get(o, "attack");
    assert_int_equal(json_integer_value(json_object_get(atk, "total")), 4);
    assert_int_equal(json_integer_value(json_object_get(json_object_get(o, "defence"), "tm")), 1);
    /* by hand (5.0): DC = a + 4 - (d + 1) when positive */
    for (int dc = 0; dc <= 8; dc++) {
        int n = 0;
        for (int a = 1; a <= 6; a++)
            for (int d = 1; d <= 6; d++) {
                int diff = a + 4 - d - 1;
                n += (diff > 0 ? diff : 0) == dc;
            }
        assert_float_equal(prob_of_dc(json_object_get(o, "outcomes"), dc), n / 36.0, 1e-4);
    }
    /* what each DC means (5.1): the squad's column, morale 5 */
    const json_t *t = target(o, de);
    const json_t *dcs = json_object_get(t, "dc");
    for (size_t i = 0; i < json_array_size(dcs); i++) {
        const json_t *d = json_array_get(dcs, i);
        int dc = (int)json_integer_value(json_object_get(d, "dc"));
        const json_t *by_die = json_object_get(d, "by_die");
        if (dc == 0)
            continue;
        assert_non_null(by_die);
        for (int die = 1; die <= 6; die++) {
            lnlt_dct_result r = lnlt_dct_lookup(LNLT_DCT_GO_MMC, die + dc, 5);
            const char *want = r == LNLT_DCT_NO_EFFECT ? "no_effect" : r == LNLT_DCT_SHAKEN ? "shaken"
                             : r == LNLT_DCT_CASUALTIES ? "casualties" : "eliminated";
            assert_string_equal(json_string_value(json_array_get(by_die, (size_t)die - 1)), want);
        }
    }
    assert_string_equal(json_string_value(json_array_get(json_object_get(json_array_get(dcs, 5), "by_die"), 2)),
                        "shaken"); /* DC+5, die 3: "1d6 3 + DC 5 = 8 vs morale 5 -> Shaken" */
    resolve_every_pair("fire K3 K5", o);
    json_decref(o);
    lnlt_session_close(&S);
}

/* EX-017: opportunity fire at a hex with a mover (+1, 5.3) and a stationary
 * half-squad: one roll, the mover's DC one more than the half-squad's. */
static void EX_017_preview_opfire_mover_and_stationary(void **state)
{
    (void)state;
    int hs = board_add("us_abn_half_144", 1, "K5");
    int mover = board_add("us_abn_squad_254", 1, "K4");
    T.st.unit[hs].flags |= LNLT_UNIT_ACTIVATED;
    board_add("de_squad_164", 2, "L3");
    board_add("de_squad_164", 2, "A1");
    board_to_operations();
    board_play("activate K4", "");
    board_play("move K4", "");
    board_play("step K5", "");
    session_here();
    json_t *o = preview("opfire L3");
    const json_t *m = json_object_get(target(o, mover), "dc"), *h = json_object_get(target(o, hs), "dc");
    for (int k = 1; k <= 10; k++)
        assert_float_equal(prob_of_dc(m, k + 1), prob_of_dc(h, k), 1e-4);
    /* the mover's +1 is shown with the attack, as the roll's line prints it (5.3) */
    const json_t *tt = json_object_get(json_object_get(o, "attack"), "target_terms");
    assert_int_equal(json_array_size(tt), 1);
    assert_string_equal(json_string_value(json_object_get(json_array_get(tt, 0), "rule")), "5.3");
    assert_int_equal(json_integer_value(json_object_get(json_array_get(tt, 0), "value")), 1);
    assert_true(prob_of_dc(m, 1) > 0); /* a - d = -1: only the mover is hit */
    assert_float_equal(prob_of_dc(h, 0), prob_of_dc(m, 0) + prob_of_dc(m, 1), 3e-4); /* each rounded to 4 places */
    resolve_every_pair("opfire L3", o);
    json_decref(o);
    lnlt_session_close(&S);
}

/* SK-RULE-010: two US squads against two German squads with an MG34: 4 vs 4,
 * odds 1-1, kill number 8, a kill on 8 or more (15 rolls of 36). */
static void SK_RULE_010_preview_melee_odds_and_kill_number(void **state)
{
    (void)state;
    lnlt_error err;
    board_add("us_abn_squad_254", 1, "H7");
    board_add("us_abn_squad_254", 1, "H7");
    int de1 = board_add("de_squad_164", 2, "H6"), de2 = board_add("de_squad_164", 2, "H6");
    assert_true(lnlt_state_add_sw(&T.ctx, &T.st, "mg34", de1, NULL, &err) >= 0);
    board_add("de_squad_164", 2, "A1");
    board_to_operations();
    board_play("activate H7", "");
    board_play("move H7", "");
    session_here();
    /* the step into the Germans' hex: a melee follows, the attack on both */
    json_t *o = preview("step H6");
    const json_t *all = json_object_get(json_object_get(o, "melee"), "attack_all");
    assert_string_equal(json_string_value(json_object_get(all, "odds")), "1-1");
    json_decref(o);
    lnlt_session_close(&S);
    board_play("step H6", "");
    session_here();
    char cmd[32];
    snprintf(cmd, sizeof cmd, "target #%d #%d", de1, de2);
    o = preview(cmd);
    const json_t *atk = json_object_get(json_object_get(o, "melee"), "attack");
    assert_int_equal(json_integer_value(json_object_get(atk, "attack_fp")), 4);
    assert_int_equal(json_integer_value(json_object_get(atk, "defence_fp")), 4);
    assert_string_equal(json_string_value(json_object_get(atk, "odds")), "1-1");
    assert_int_equal(json_integer_value(json_object_get(atk, "kill_number")), 8);
    assert_float_equal(json_real_value(json_object_get(atk, "kill_probability")), 15 / 36.0, 1e-4);
    json_decref(o);
    lnlt_session_close(&S);
    /* and the round rolls what the preview said */
    board_play(cmd, "");
    board_play("target #0", "4,4,5,4");
    board_expect_log("FP 4 vs 4: 1-1, kill number 8; roll = 8 -> kill");
}

/* 6.0, 5.3: a step's cost and the enemy locations that may then fire at the
 * stack are those of the window the engine opens. */
static void rule_6_0_preview_step_mp_and_opportunity_fire(void **state)
{
    (void)state;
    board_add("us_abn_squad_254", 1, "L7");
    board_add("de_squad_164", 2, "L3");
    board_add("de_squad_164", 2, "A1");
    board_to_operations();
    board_play("activate L7", "");
    board_play("move L7", "");
    session_here();
    json_t *o = preview("step L6");
    assert_float_equal(json_real_value(json_object_get(o, "mp_before")), 4.0, 1e-9);
    double cost = json_real_value(json_object_get(o, "mp_cost"));
    assert_true(cost > 0);
    assert_float_equal(json_real_value(json_object_get(o, "mp_after")), 4.0 - cost, 1e-9);
    const json_t *of = json_object_get(o, "opportunity_fire_from");
    assert_int_equal(json_array_size(of), 1);
    assert_string_equal(json_string_value(json_object_get(json_array_get(of, 0), "location")), "L3");
    json_decref(o);
    lnlt_session_close(&S);
    board_play("step L6", "");
    assert_int_equal(lnlt_decision_get(&T.ctx, &T.st).kind, LNLT_DECIDE_OPFIRE);
    assert_true(board_legal("opfire L3"));
}

/* The chance of each DC when the attack rolls `dice` (its distribution over the
 * attack total a, as counts of 216) against 1d6 + tm, by the 5.0 arithmetic. */
static double chance_of_dc(const int *atk216, int total, int tm, int dc)
{
    int n = 0;
    for (int a = 1; a <= 12; a++)
        for (int d = 1; d <= 6; d++) {
            int diff = a + total - d - tm;
            if ((diff > 0 ? diff : 0) == dc)
                n += atk216[a];
        }
    return n / 216.0 / 6.0;
}

/* 11.4 (EX-073): a sniper rolls 2d6 against one unit of the hex picked at random:
 * each of the two units is the target half the time. */
static void EX_073_preview_sniper_attack(void **state)
{
    (void)state;
    lnlt_scenario *scn = calloc(1, sizeof *scn);
    assert_non_null(scn);
    scn->force_count = 1;
    scn->force[0].arrive.how = LNLT_ARRIVE_SNIPER;
    T.ctx.scenario = scn;
    int sn = board_add("us_sniper_wwii", 1, NULL);
    T.st.unit[sn].force = 0;
    int sq = board_add("de_squad_164", 2, "E5");
    int koch = board_add("de_lt_koch", 2, "E5");
    board_to_operations();
    char cmd[64];
    snprintf(cmd, sizeof cmd, "sniper E7 #%d", sn);
    board_play(cmd, "");
    board_play("activate E7", "");
    session_here();
    snprintf(cmd, sizeof cmd, "snipe E7 E5 #%d", sn);
    json_t *o = preview(cmd);
    int total = (int)json_integer_value(json_object_get(json_object_get(o, "attack"), "total"));
    int tm = (int)json_integer_value(json_object_get(json_object_get(o, "defence"), "tm"));
    int two_d6[13] = {0}; /* in 216ths: 2d6 sums */
    for (int x = 1; x <= 6; x++)
        for (int y = 1; y <= 6; y++)
            two_d6[x + y] += 6;
    for (int dc = 1; dc <= 12; dc++) {
        double want = chance_of_dc(two_d6, total, tm, dc) / 2; /* one target in two */
        assert_float_equal(prob_of_dc(json_object_get(target(o, sq), "dc"), dc), want, 1e-4);
        assert_float_equal(prob_of_dc(json_object_get(target(o, koch), "dc"), dc), want, 1e-4);
    }
    json_decref(o);
    lnlt_session_close(&S);
    T.ctx.scenario = NULL;
    free(scn);
}

/* 1.6.5: a mortar fires with the higher of 2d6; the preview's DC chances are
 * those of that die (k the high die: (2k - 1) of 36). */
static void rule_1_6_5_preview_mortar_high_die(void **state)
{
    (void)state;
    int gunners = board_add("de_squad_164", 2, "K3");
    board_add_sw("mortar_51mm", gunners, NULL);
    int target_unit = board_add("us_abn_squad_254", 1, "K5");
    board_add("us_abn_squad_254", 1, "A1");
    lnlt_bit_set(T.st.spotted[2], T.st.unit[target_unit].cell);
    T.st.initiative = 2;
    T.st.to_act = 2;
    board_to_operations();
    board_play("activate K3", "");
    session_here();
    json_t *o = preview("fire K3 K5");
    assert_non_null(strstr(json_string_value(json_object_get(json_object_get(o, "attack"), "dice")), "higher"));
    int total = (int)json_integer_value(json_object_get(json_object_get(o, "attack"), "total"));
    int tm = (int)json_integer_value(json_object_get(json_object_get(o, "defence"), "tm"));
    int high[13] = {0};
    for (int k = 1; k <= 6; k++)
        high[k] = (2 * k - 1) * 6; /* in 216ths */
    for (int dc = 0; dc <= 10; dc++)
        assert_float_equal(prob_of_dc(json_object_get(target(o, target_unit), "dc"), dc),
                           chance_of_dc(high, total, tm, dc), 1e-4);
    json_decref(o);
    lnlt_session_close(&S);
}

/* A preview of an action that is not legal now says why and shows nothing. */
static void preview_refuses_what_is_not_legal(void **state)
{
    (void)state;
    board_add("us_abn_squad_254", 1, "K3");
    board_add("de_squad_164", 2, "A1");
    board_to_operations();
    session_here();
    lnlt_error err;
    assert_null(lnlt_preview_json(&S, "fire K3 A1", &err));
    assert_non_null(strstr(err.msg, "not"));
    assert_null(lnlt_preview_json(&S, "frobnicate", &err));
    assert_non_null(strstr(err.msg, "unknown command"));
    json_t *o = preview("activate K3");
    assert_non_null(json_object_get(o, "effects"));
    json_decref(o);
    lnlt_session_close(&S);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test_setup_teardown(EX_014_preview_fire_matches_the_opposed_roll, setup, board_teardown),
        cmocka_unit_test_setup_teardown(EX_017_preview_opfire_mover_and_stationary, setup, board_teardown),
        cmocka_unit_test_setup_teardown(SK_RULE_010_preview_melee_odds_and_kill_number, setup, board_teardown),
        cmocka_unit_test_setup_teardown(rule_6_0_preview_step_mp_and_opportunity_fire, setup, board_teardown),
        cmocka_unit_test_setup_teardown(EX_073_preview_sniper_attack, setup, board_teardown),
        cmocka_unit_test_setup_teardown(rule_1_6_5_preview_mortar_high_die, setup, board_teardown),
        cmocka_unit_test_setup_teardown(preview_refuses_what_is_not_legal, setup, board_teardown),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
