/*
 * test_smc.c: smoke (7.0), snipers (11.4) and medics (11.3) in the engine, on
 * Map 15 with forced dice. Column H is road from H1 to H8 (TM 0, open), E7 and B6
 * are Forest (+2), G7 a wooden building (+3), E6 clear.
 */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <cmocka.h>

#include "lnlt/data.h"
#include "lnlt/game.h"
#include "lnlt/map.h"
#include "support/board.h"
#include "lnlt/scenario.h"

static int setup(void **state)
{
    (void)state;
    static const char *const files[] = {"data/nations/starter_kit.json", "data/units/us_wwii.json",
                                        "data/units/de_wwii.json",       "data/weapons/starter_kit.json",
                                        "tests/fixtures/units/smc.json"};
    board_open(files, 5, "data/maps/map15.json");
    return 0;
}

/* A scenario built by hand for the tests that need one (the off-map sniper). */
static lnlt_scenario *scn;

static int teardown(void **state)
{
    (void)state;
    board_close();
    free(scn);
    scn = NULL;
    return 0;
}

/* The reason lnlt_apply gives for refusing a command. */
static const char *refusal(const char *cmd)
{
    static lnlt_error err;
    lnlt_action a;
    if (!lnlt_action_parse(&T.ctx, &T.st, cmd, &a, &err))
        return err.msg;
    if (lnlt_apply(&T.ctx, &T.st, &a, NULL, NULL, &err))
        fail_msg("\"%s\" was accepted", cmd);
    return err.msg;
}

/* ---- 7.0 smoke ---- */

static void rule_7_0_smoke_laid_then_move_with_mf_minus_1(void **state)
{
    (void)state;
    char cmd[64];
    int sq = board_add("us_abn_squad_254", 1, "H7");
    board_add("de_squad_164", 2, "H3");
    board_to_operations();
    board_play("activate H7", "");
    snprintf(cmd, sizeof cmd, "smoke H7 #%d", sq);
    assert_true(board_legal(cmd));
    snprintf(cmd, sizeof cmd, "smoke H5 #%d", sq);
    assert_false(board_legal(cmd)); /* own or adjacent hex only */
    /* 1d6 2 <= the US capability 2: Smoke 1 in H6 */
    snprintf(cmd, sizeof cmd, "smoke H6 #%d", sq);
    board_play(cmd, "2");
    assert_true(lnlt_bit(T.st.smoke[0], board_cell("H6")));
    assert_true(board_logged("Smoke 1 is placed in H6"));
    /* it may move (MF 4 - 1) or double-time, not fire, crawl or assault-move */
    assert_false(board_legal("fire H7 H3"));
    assert_false(board_legal("crawl H7"));
    assert_false(board_legal("assault H7"));
    assert_false(board_legal(cmd)); /* one attempt a turn */
    board_play("move H7", "");
    assert_true(board_logged("from H7 with 3 MP"));
    board_play("step G7", "");
    board_play("stop", "");
    board_play("done", "");
    /* the smoke blocks the German line from H3 to H8 */
    board_add("us_abn_squad_254", 1, "H8");
    board_play("activate H3", "");
    const char *why = refusal("fire H3 H8");
    assert_non_null(strstr(why, "line of sight"));
}

static void rule_7_0_smoke_failed_is_ops_complete(void **state)
{
    (void)state;
    char cmd[64];
    int sq = board_add("us_abn_squad_254", 1, "H7");
    board_add("de_squad_164", 2, "H3");
    board_to_operations();
    board_play("activate H7", "");
    snprintf(cmd, sizeof cmd, "smoke H6 #%d", sq);
    board_play(cmd, "3");
    assert_false(lnlt_bit(T.st.smoke[0], board_cell("H6")));
    assert_true(T.st.unit[sq].marks & LNLT_MARK_OPS_COMPLETE);
    assert_false(board_legal("move H7"));
    board_play("done", "");
}

static void rule_7_0_smoke_only_is_ops_complete(void **state)
{
    (void)state;
    char cmd[64];
    int sq = board_add("us_abn_squad_254", 1, "H7");
    board_add("de_squad_164", 2, "H3");
    board_to_operations();
    board_play("activate H7", "");
    snprintf(cmd, sizeof cmd, "smoke H7 #%d", sq);
    board_play(cmd, "1");
    assert_false(board_legal("also H6")); /* hexes are declared before anyone acts */
    board_play("done", "");
    assert_true(T.st.unit[sq].marks & LNLT_MARK_OPS_COMPLETE);
    assert_true(board_logged("laid smoke and did nothing else"));
}

static void rule_7_0_who_may_lay_smoke(void **state)
{
    (void)state;
    char cmd[64];
    int leader = board_add("us_maj_tom", 1, "H7");
    int sh = board_add("us_abn_half_144", 1, "H7");
    int sq = board_add("us_abn_squad_254", 1, "H7");
    board_add("de_squad_164", 2, "H3");
    T.st.unit[sh].status = LNLT_SHAKEN;
    board_to_operations();
    board_play("activate H7", "");
    snprintf(cmd, sizeof cmd, "smoke H7 #%d", leader);
    assert_false(board_legal(cmd)); /* an SMC */
    snprintf(cmd, sizeof cmd, "smoke H7 #%d", sh);
    assert_false(board_legal(cmd)); /* shaken */
    snprintf(cmd, sizeof cmd, "smoke H7 #%d", sq);
    assert_true(board_legal(cmd));
    /* once a unit has moved, it is no longer the start of the impulse */
    snprintf(cmd, sizeof cmd, "move H7 #%d", leader);
    board_play(cmd, "");
    board_play("stop", "");
    snprintf(cmd, sizeof cmd, "smoke H7 #%d", sq);
    assert_false(board_legal(cmd));
}

static void rule_7_0_smoke_1_2_gone(void **state)
{
    (void)state;
    char cmd[64];
    int sq = board_add("us_abn_squad_254", 1, "H7");
    board_add("de_squad_164", 2, "A1");
    board_to_operations();
    board_play("activate H7", "");
    snprintf(cmd, sizeof cmd, "smoke H6 #%d", sq);
    board_play(cmd, "1");
    board_play("done", "");
    board_play("pass", "");
    board_play("pass", "");
    board_play("pass", "3,4"); /* three passes: admin phase, Smoke 1 becomes Smoke 2; turn 2's initiative */
    int h6 = board_cell("H6");
    assert_false(lnlt_bit(T.st.smoke[0], h6));
    assert_true(lnlt_bit(T.st.smoke[1], h6));
    assert_int_equal(T.st.unit[sq].flags & (LNLT_UNIT_SMOKE_TRIED | LNLT_UNIT_LAID_SMOKE), 0);
    /* turn 2 */
    lnlt_dice_queue_clear(&T.dice);
    assert_int_equal(T.st.turn, 2);
    board_to_operations();
    board_play("pass", "");
    board_play("pass", "");
    board_play("pass", "4,3"); /* turn 3's initiative */
    assert_false(lnlt_bit(T.st.smoke[1], h6));
    assert_true(board_logged("smoke clears from 1 hex"));
}

static void rule_7_0_smoke_tm_and_firing_out(void **state)
{
    (void)state;
    board_add("us_abn_squad_254", 1, "H7");
    board_add("de_squad_164", 2, "H4");
    lnlt_bit_set(T.st.smoke[0], board_cell("H4"));
    lnlt_bit_set(T.st.spotted[1], board_cell("H4")); /* smoke is not open ground: spotted by a marker */
    board_to_operations();
    board_play("activate H7", "");
    board_play("fire H7 H4", "1,6"); /* 1 + 2 vs 6 + TM 1 (road 0 + smoke 1): no effect */
    assert_true(board_logged("+ TM 1 = 7"));
    board_play("done", "");
    /* the German squad fires out of the smoke: -1 */
    board_play("activate H4", "");
    board_play("fire H4 H7", "1,6");
    assert_true(board_logged("firing out of smoke"));
}

static void EX_I05_smoked_forest_tm_3(void **state)
{
    (void)state;
    board_add("us_abn_squad_254", 1, "E5");
    board_add("de_squad_164", 2, "E7");
    lnlt_bit_set(T.st.smoke[1], board_cell("E7"));
    lnlt_bit_set(T.st.spotted[1], board_cell("E7"));
    board_to_operations();
    board_play("activate E5", "");
    board_play("fire E5 E7", "1,6");
    if (!board_logged("+ TM 3 = 9"))
        board_dump_log();
    assert_true(board_logged("+ TM 3 = 9"));
}

/* ---- 11.4 snipers ---- */

/* A scenario with one force, the US sniper, placed during play. */
static int sniper_setup(void)
{
    scn = calloc(1, sizeof *scn);
    assert_non_null(scn);
    scn->force_count = 1;
    scn->force[0].side = 0;
    scn->force[0].arrive.how = LNLT_ARRIVE_SNIPER;
    T.ctx.scenario = scn;
    int sn = board_add("us_sniper_wwii", 1, NULL);
    T.st.unit[sn].force = 0;
    return sn;
}

static void rule_11_4_sniper_placement(void **state)
{
    (void)state;
    char cmd[64];
    int sn = sniper_setup();
    board_add("us_abn_squad_254", 1, "H8");
    board_add("de_squad_164", 2, "E5");
    snprintf(cmd, sizeof cmd, "sniper E7 #%d", sn);
    assert_false(board_legal(cmd)); /* not before the operations phase */
    board_to_operations();
    assert_true(board_legal(cmd));   /* Forest, +2 */
    snprintf(cmd, sizeof cmd, "sniper E6 #%d", sn);
    assert_false(board_legal(cmd)); /* clear: no positive TM */
    snprintf(cmd, sizeof cmd, "sniper E5 #%d", sn);
    assert_false(board_legal(cmd)); /* enemy there */
    /* a counter's TM counts: smoke on clear ground */
    lnlt_bit_set(T.st.smoke[0], board_cell("E6"));
    snprintf(cmd, sizeof cmd, "sniper E6 #%d", sn);
    assert_true(board_legal(cmd));
    snprintf(cmd, sizeof cmd, "sniper E7 #%d", sn);
    board_play(cmd, "");
    assert_int_equal(T.st.unit[sn].cell, board_cell("E7"));
    assert_int_equal(lnlt_decision_get(&T.ctx, &T.st).kind, LNLT_DECIDE_IMPULSE);
    /* it never moves */
    board_play("activate E7", "");
    assert_false(board_legal("move E7"));
}

static void EX_073_sniper_attacks_one_random_unit(void **state)
{
    (void)state;
    char cmd[64];
    int sn = sniper_setup();
    int sq = board_add("de_squad_164", 2, "E5");
    int koch = board_add("de_lt_koch", 2, "E5");
    board_to_operations();
    snprintf(cmd, sizeof cmd, "sniper E7 #%d", sn);
    board_play(cmd, "");
    board_play("activate E7", "");
    /* the squad is not among the fire groups: the sniper fires alone */
    assert_false(board_legal("fire E7 E5"));
    snprintf(cmd, sizeof cmd, "snipe E7 E5 #%d", sn);
    /* random target 2 of 2 (Lt Koch); 2d6 1+1 + 0 = 2 vs 1d6 6 + TM 0 = 6: no effect */
    board_play(cmd, "2,1,1,6");
    char want[160];
    snprintf(want, sizeof want, "Sniper (US) at E5 (#%d Lt Koch): 2d6 1+1 + 0 = 2 vs 1d6 6 + TM 0 = 6 -> no effect", koch);
    assert_true(board_logged(want));
    assert_true(T.st.unit[sn].marks & LNLT_MARK_FIRED);
    (void)sq;
    (void)koch;
    board_play("done", "");
    /* the lone sniper doubles its Forest TM: 2 x 2 = 4 (11.4, 5.5) */
    board_play("activate E5", "");
    board_play("fire E5 E7", "1,6");
    assert_true(board_logged("+ TM 4 = 10"));
}

static void rule_11_4_sniper_damage_on_one_unit(void **state)
{
    (void)state;
    char cmd[64];
    int sn = sniper_setup();
    int sq = board_add("de_squad_164", 2, "E5");
    int sq2 = board_add("de_squad_164", 2, "E5");
    board_to_operations();
    snprintf(cmd, sizeof cmd, "sniper E7 #%d", sn);
    board_play(cmd, "");
    board_play("activate E7", "");
    snprintf(cmd, sizeof cmd, "snipe E7 E5 #%d", sn);
    /* target 1 of 2; 6+6 + 0 = 12 vs 1 + 0: DC+11 on that squad only */
    board_play_loose(cmd, "1,6,6,1,6,6,6,6");
    assert_true(board_logged("-> DC+11"));
    assert_true(T.st.unit[sq].status == LNLT_SHAKEN || T.st.unit[sq].cell < 0 || T.st.unit[sq].type != T.st.unit[sq2].type);
    assert_int_equal(T.st.unit[sq2].status, LNLT_GOOD_ORDER);
    assert_int_equal(T.st.unit[sq2].cell, board_cell("E5"));
}

static void rule_11_4_sniper_opportunity_fire(void **state)
{
    (void)state;
    char cmd[64];
    int sn = sniper_setup();
    board_add("us_abn_squad_254", 1, "H8");
    board_add("de_squad_164", 2, "E4");
    board_to_operations();
    snprintf(cmd, sizeof cmd, "sniper E7 #%d", sn);
    board_play(cmd, "");
    board_play("pass", "");
    board_play("activate E4", "");
    board_play("move E4", "");
    board_play("step E5", "");
    /* the window opens for the sniper alone */
    assert_int_equal(lnlt_decision_get(&T.ctx, &T.st).kind, LNLT_DECIDE_OPFIRE);
    snprintf(cmd, sizeof cmd, "snipe E7 E5 #%d", sn);
    /* 1 target; 1+1 + 0 + moving 1 = 3 vs 6 + 0: no effect */
    board_play(cmd, "1,1,6");
    assert_true(board_logged("+ moving 1 = 3"));
}

/* ---- 11.3 medics ---- */

static void EX_072_shaken_medic_self_rallies_then_rallies_squad(void **state)
{
    (void)state;
    char cmd[64];
    int med = board_add("de_medic", 2, "H5");
    int sq = board_add("de_squad_164", 2, "H5");
    board_add("us_abn_squad_254", 1, "A1");
    T.st.unit[med].status = LNLT_SHAKEN;
    T.st.unit[sq].status = LNLT_SHAKEN;
    board_play("end-rally", ""); /* the US (initiative) first */
    snprintf(cmd, sizeof cmd, "tend H5 #%d", sq);
    assert_false(board_legal(cmd)); /* a shaken medic tends no one */
    board_play("rally H5", "3,3"); /* the medic self-rallies: 6 <= 6 */
    assert_int_equal(T.st.unit[med].status, LNLT_GOOD_ORDER);
    assert_int_equal(T.st.unit[sq].status, LNLT_SHAKEN);
    board_play(cmd, "4,2"); /* his second MC: 6 <= 6 */
    assert_int_equal(T.st.unit[sq].status, LNLT_GOOD_ORDER);
    assert_int_equal(T.st.unit[sq].flags & LNLT_UNIT_RALLY_TRIED, 0); /* not the squad's own attempt */
    assert_false(board_legal(cmd));
}

static void rule_11_3_medic_heals_in_cover_with_minus_2(void **state)
{
    (void)state;
    char cmd[64];
    int med = board_add("de_medic", 2, "G7");
    int koch = board_add("de_lt_koch", 2, "G7");
    board_add("us_abn_squad_254", 1, "A1");
    T.st.unit[koch].flags |= LNLT_UNIT_WOUNDED;
    board_play("end-rally", "");
    snprintf(cmd, sizeof cmd, "tend G7 #%d", koch);
    /* 5 + 4 - 2 (wooden building, +TM) = 7 > 6: failed, and no second try */
    board_play(cmd, "5,4");
    assert_true(T.st.unit[koch].flags & LNLT_UNIT_WOUNDED);
    assert_false(board_legal(cmd));
    /* next turn: 4 + 4 - 2 = 6 passes */
    teardown(NULL);
    setup(NULL);
    med = board_add("de_medic", 2, "G7");
    koch = board_add("de_lt_koch", 2, "G7");
    board_add("us_abn_squad_254", 1, "A1");
    T.st.unit[koch].flags |= LNLT_UNIT_WOUNDED;
    T.st.unit[med].flags |= LNLT_UNIT_WOUNDED; /* a wounded medic still heals, himself too, at morale 5 */
    board_play("end-rally", "");
    snprintf(cmd, sizeof cmd, "tend G7 #%d", med);
    assert_true(board_legal(cmd));
    snprintf(cmd, sizeof cmd, "tend G7 #%d", koch);
    board_play(cmd, "4,3"); /* 7 - 2 = 5 <= 5 */
    assert_false(T.st.unit[koch].flags & LNLT_UNIT_WOUNDED);
}


/* ---- 11.7-11.12 ---- */

static void EX_076_nurse_heals_or_rallies_two(void **state)
{
    (void)state;
    char cmd[64];
    int nurse = board_add("test_nurse", 1, "G7"); /* wooden building: +TM */
    int hero = board_add("us_hero_hird", 1, "G7");
    int a = board_add("test_squad_144", 1, "G7"), b = board_add("test_squad_144", 1, "G7");
    board_add("de_squad_164", 2, "A1");
    T.st.unit[hero].flags |= LNLT_UNIT_WOUNDED;
    T.st.unit[a].status = LNLT_SHAKEN;
    T.st.unit[b].status = LNLT_SHAKEN;
    snprintf(cmd, sizeof cmd, "tend G7 #%d", nurse);
    assert_false(board_legal(cmd)); /* nothing to heal on herself, and she is in good order */
    /* heal the hero: 2d6 <= 6 + 2 */
    snprintf(cmd, sizeof cmd, "tend G7 #%d", hero);
    board_play(cmd, "5,3");
    assert_false(T.st.unit[hero].flags & LNLT_UNIT_WOUNDED);
    /* either, not both */
    snprintf(cmd, sizeof cmd, "tend G7 #%d #%d", a, b);
    assert_false(board_legal(cmd));
    teardown(NULL);
    setup(NULL);
    nurse = board_add("test_nurse", 1, "G7");
    hero = board_add("us_hero_hird", 1, "G7");
    a = board_add("test_squad_144", 1, "G7");
    b = board_add("test_squad_144", 1, "G7");
    board_add("de_squad_164", 2, "A1");
    T.st.unit[hero].flags |= LNLT_UNIT_WOUNDED;
    T.st.unit[a].status = LNLT_SHAKEN;
    T.st.unit[b].status = LNLT_SHAKEN;
    /* the two squads, each on 2d6 <= 4 + 1 + 2 = 7 */
    snprintf(cmd, sizeof cmd, "tend G7 #%d #%d", a, b);
    board_play(cmd, "4,3,5,3");
    assert_int_equal(T.st.unit[a].status, LNLT_GOOD_ORDER);
    assert_int_equal(T.st.unit[b].status, LNLT_SHAKEN);
    assert_true(T.st.unit[b].flags & LNLT_UNIT_RALLY_TRIED); /* their rally attempts */
    snprintf(cmd, sizeof cmd, "tend G7 #%d", hero);
    assert_false(board_legal(cmd));
    (void)nurse;
}

static void rule_11_10_nurse_who_self_rallied_does_not_help(void **state)
{
    (void)state;
    char cmd[64];
    int nurse = board_add("test_nurse", 1, "H5");
    int a = board_add("test_squad_144", 1, "H5");
    board_add("de_squad_164", 2, "A1");
    T.st.unit[nurse].status = LNLT_SHAKEN;
    T.st.unit[a].status = LNLT_SHAKEN;
    board_play("rally H5", "2,2"); /* she self-rallies (4 <= 5) */
    assert_int_equal(T.st.unit[nurse].status, LNLT_GOOD_ORDER);
    snprintf(cmd, sizeof cmd, "tend H5 #%d", a);
    assert_false(board_legal(cmd));
}

static void EX_075_advisor_raises_morale(void **state)
{
    (void)state;
    int dunk = board_add("test_sgt_dunk", 1, "H5");
    int sq = board_add("test_squad_144", 1, "H5");
    board_add("test_advisor", 1, "H5");
    board_add("de_squad_164", 2, "A1");
    T.st.unit[dunk].status = LNLT_SHAKEN;
    T.st.unit[sq].status = LNLT_SHAKEN;
    /* shaken Dunk 4 -> 5 rallies on 5; then the squad 4 -> 5, with his LM 1: 6 - 1 = 5 */
    board_play("rally H5", "3,2,4,2");
    assert_int_equal(T.st.unit[dunk].status, LNLT_GOOD_ORDER);
    assert_int_equal(T.st.unit[sq].status, LNLT_GOOD_ORDER);
    assert_true(board_logged("vs morale 5"));
    assert_false(board_logged("vs morale 4"));
}

static void rule_11_8_chaplain_and_11_11_piper_rally(void **state)
{
    (void)state;
    int sq = board_add("test_squad_144", 1, "H5");
    board_add("test_chaplain", 1, "H5");
    board_add("de_squad_164", 2, "A1");
    T.st.unit[sq].status = LNLT_SHAKEN;
    board_play("rally H5", "4,2"); /* 6 - LM 1 = 5 > 4: still shaken, but the chaplain let it try */
    assert_true(T.st.unit[sq].flags & LNLT_UNIT_RALLY_TRIED);
    assert_false(lnlt_bit(T.st.spotted[2], board_cell("H5")));
    teardown(NULL);
    setup(NULL);
    sq = board_add("test_squad_144", 1, "H5");
    board_add("test_piper", 1, "H5");
    board_add("de_squad_164", 2, "A1");
    T.st.unit[sq].status = LNLT_SHAKEN;
    board_play("rally H5", "3,2"); /* 5 - 1 = 4 <= 4 */
    assert_int_equal(T.st.unit[sq].status, LNLT_GOOD_ORDER);
    /* the piper's hex starts the operations phase spotted */
    assert_true(lnlt_bit(T.st.spotted[2], board_cell("H5")));
    /* and one unit in one adjacent hex */
    teardown(NULL);
    setup(NULL);
    board_add("test_piper", 1, "H5");
    int far = board_add("test_squad_144", 1, "H6");
    int other = board_add("test_squad_144", 1, "H4");
    board_add("de_squad_164", 2, "A1");
    T.st.unit[far].status = LNLT_SHAKEN;
    T.st.unit[other].status = LNLT_SHAKEN;
    char cmd[64];
    snprintf(cmd, sizeof cmd, "tend H6 #%d", far);
    board_play(cmd, "3,2"); /* 5 - LM 1 = 4 <= 4 */
    assert_int_equal(T.st.unit[far].status, LNLT_GOOD_ORDER);
    assert_true(lnlt_bit(T.st.spotted[2], board_cell("H5")));
    assert_false(lnlt_bit(T.st.spotted[2], board_cell("H6")));
    snprintf(cmd, sizeof cmd, "tend H4 #%d", other);
    assert_false(board_legal(cmd)); /* only one */
}

static void rule_11_7_1_fight_or_die(void **state)
{
    (void)state;
    char cmd[64];
    int sq = board_add("de_squad_164", 2, "H5");
    int c = board_add("test_commissar", 2, "H5");
    board_add("us_abn_squad_254", 1, "A1");
    T.st.unit[sq].status = LNLT_SHAKEN;
    board_play("end-rally", "");
    snprintf(cmd, sizeof cmd, "fight-or-die H5 #%d", c);
    assert_false(board_legal(cmd)); /* nobody failed yet */
    board_play("rally H5", "6,4"); /* 10 - LM 2 = 8 > 5: fails */
    assert_true(board_legal(cmd));
    /* morale 5 + 1, LM 2: 5 + 3 - 2 = 6 <= 6 */
    board_play(cmd, "5,3");
    assert_int_equal(T.st.unit[sq].status, LNLT_GOOD_ORDER);
    assert_false(board_legal(cmd));
    teardown(NULL);
    setup(NULL);
    sq = board_add("de_squad_164", 2, "H5");
    c = board_add("test_commissar", 2, "H5");
    board_add("us_abn_squad_254", 1, "A1");
    T.st.unit[sq].status = LNLT_SHAKEN;
    board_play("end-rally", "");
    board_play("rally H5", "6,4");
    /* a 12: casualties, and the commissar is killed */
    snprintf(cmd, sizeof cmd, "fight-or-die H5 #%d", c);
    board_play_loose(cmd, "6,6,1,1,1,1");
    assert_true(board_logged("is killed by his men"));
    assert_int_equal(T.st.unit[c].cell, LNLT_CELL_ELIMINATED);
    assert_true(T.st.unit[sq].cell < 0 || T.st.unit[sq].type != lnlt_catalog_unit(T.cat, "de_squad_164"));
}

static void rule_11_12_marksman_fires_alone_without_lm(void **state)
{
    (void)state;
    char cmd[64];
    int m = board_add("test_marksman", 1, "E7");
    board_add("us_maj_tom", 1, "E7");
    int sq = board_add("de_squad_164", 2, "E5");
    board_to_operations();
    board_play("activate E7", "");
    snprintf(cmd, sizeof cmd, "snipe E7 E5 #%d", m);
    /* one target; 2d6 1+1 + IFP 1 (no LM) = 3 vs 6 + 0 */
    board_play(cmd, "1,1,6");
    char want[160];
    snprintf(want, sizeof want, "Marksman at E5 (#%d Squad 1-6-4): 2d6 1+1 + 1 = 3 vs 1d6 6 + TM 0 = 6 -> no effect", sq);
    assert_true(board_logged(want));
    board_play("done", "");
    /* a marksman alone gets no doubled TM: Forest +2 */
    teardown(NULL);
    setup(NULL);
    board_add("test_marksman", 1, "E7");
    board_add("de_squad_164", 2, "E5");
    lnlt_bit_set(T.st.spotted[2], board_cell("E7"));
    board_to_operations();
    board_play("pass", "");
    board_play("activate E5", "");
    board_play("fire E5 E7", "1,6");
    assert_true(board_logged("+ TM 2 = 8"));
}

static void rule_11_6_stack_with_a_scout_pays_1_mp_in_forest(void **state)
{
    (void)state;
    board_add("us_abn_squad_254", 1, "E6");
    board_add("test_scout", 1, "E6");
    board_add("de_squad_164", 2, "A1");
    board_to_operations();
    board_play("activate E6", "");
    board_play("move E6", "");
    board_play("step E7", ""); /* Forest: 2 MP, 1 with the scout */
    assert_true(board_logged("the stack enters E7 (1 MP;"));
    board_play("stop", "");
    board_play("done", "");
    /* without the scout: 2 MP */
    teardown(NULL);
    setup(NULL);
    board_add("us_abn_squad_254", 1, "E6");
    board_add("de_squad_164", 2, "A1");
    board_to_operations();
    board_play("activate E6", "");
    board_play("move E6", "");
    board_play("step E7", "");
    assert_true(board_logged("the stack enters E7 (2 MP;"));
}

/* The training scenario keeps the US sniper to rows 5 to 8 (an SSR sniper zone). */
static void rule_11_4_sniper_zone_ssr(void **state)
{
    (void)state;
    lnlt_ctx c;
    lnlt_error err;
    if (!lnlt_ctx_open("data/scenarios/training_infantry_narrative.json", &c, &err))
        fail_msg("%s", err.msg);
    static lnlt_state s;
    static lnlt_action list[4096];
    lnlt_state_init(&s, &c, 7);
    int placements = 0;
    for (int step = 0; step < 400; step++) {
        lnlt_decision d = lnlt_decision_get(&c, &s);
        int n = lnlt_legal_actions(&c, &s, list, 4096);
        assert_true(n > 0 && n <= 4096);
        if (s.phase == LNLT_PHASE_OPERATIONS && d.kind == LNLT_DECIDE_IMPULSE && d.side == LNLT_SIDE_1) {
            for (int i = 0; i < n; i++) {
                if (list[i].type != LNLT_ACT_SNIPER)
                    continue;
                lnlt_hex h = lnlt_map_hex_at(c.map, list[i].arg[0]);
                if (h.row < 5 || h.row > 8)
                    fail_msg("sniper placement offered at col %d row %d", h.col, h.row);
                placements++;
            }
            break;
        }
        /* set up, end the rally phases, let the Germans pass */
        int k = 0;
        for (int i = 0; i < n; i++)
            if (list[i].type == LNLT_ACT_END_RALLY || list[i].type == LNLT_ACT_PASS)
                k = i;
        if (!lnlt_apply(&c, &s, &list[k], NULL, NULL, &err))
            fail_msg("%s", err.msg);
    }
    assert_true(placements > 0);
    lnlt_ctx_close(&c);
}

static void rule_7_0_smoke_layer_may_double_time_with_others(void **state)
{
    (void)state;
    char cmd[64];
    int sq = board_add("us_abn_squad_254", 1, "H7");
    int sq2 = board_add("us_abn_squad_254", 1, "H7");
    board_add("us_maj_tom", 1, "H7");
    board_add("de_squad_164", 2, "A1");
    board_to_operations();
    board_play("activate H7", "");
    snprintf(cmd, sizeof cmd, "smoke H6 #%d", sq);
    board_play(cmd, "1");
    /* the second squad may still try too, at the start of the same activation */
    snprintf(cmd, sizeof cmd, "smoke H7 #%d", sq2);
    assert_true(board_legal(cmd));
    /* all three double-time: 4 - 1 + 2 = 5 for the smoke-layer sets the pace */
    board_play("dt H7", "");
    assert_true(board_logged("from H7 with 5 MP"));
}

static void EX_034_nme_units_do_not_enter_enemy_hexes(void **state)
{
    (void)state;
    char cmd[64];
    int sn = sniper_setup();
    board_add("de_medic", 2, "E5");
    board_to_operations();
    snprintf(cmd, sizeof cmd, "sniper E7 #%d", sn);
    board_play(cmd, "");
    board_play("pass", "");
    board_play("activate E5", "");
    board_play("move E5", "");
    board_play("step E6", "");
    if (lnlt_decision_get(&T.ctx, &T.st).kind == LNLT_DECIDE_OPFIRE)
        board_play("no-fire", "");
    assert_false(board_legal("step E7")); /* a medic alone cannot enter the sniper's hex */
}

static void rule_4_1_sniper_spots_then_fires_at_that_hex(void **state)
{
    (void)state;
    char cmd[64];
    int sn = sniper_setup();
    board_add("us_abn_squad_254", 1, "E7");
    board_add("de_squad_164", 2, "C7"); /* Forest, two hexes away: not spotted */
    board_to_operations();
    snprintf(cmd, sizeof cmd, "sniper E7 #%d", sn);
    board_play(cmd, "");
    snprintf(cmd, sizeof cmd, "spot C7 #%d", sn);
    board_play(cmd, "1");
    assert_true(lnlt_bit(T.st.spotted[1], board_cell("C7")));
    board_play("activate E7", "");
    snprintf(cmd, sizeof cmd, "snipe E7 C7 #%d", sn);
    board_play(cmd, "1,1,6"); /* 2 + 0 vs 6 + 2: no effect */
    assert_true(T.st.unit[sn].marks & LNLT_MARK_FIRED);
}

static void rule_11_6_scout_moves_stealthily(void **state)
{
    (void)state;
    char cmd[64];
    int sc = board_add("test_scout", 1, "E6");
    board_add("us_abn_squad_254", 1, "E6");
    board_add("de_squad_164", 2, "A1");
    board_to_operations();
    board_play("activate E6", "");
    snprintf(cmd, sizeof cmd, "stealth E6 #%d", sc);
    assert_true(board_legal(cmd));         /* no yellow box printed: 11.6 gives it */
    assert_false(board_legal("stealth E6")); /* not the squad, which prints none */
}

static void rule_11_11_piper_does_not_double_time(void **state)
{
    (void)state;
    char cmd[64];
    int pi = board_add("test_piper", 1, "H7");
    int sq = board_add("us_abn_squad_254", 1, "H7");
    int tom = board_add("us_maj_tom", 1, "H7");
    board_add("de_squad_164", 2, "A1");
    board_to_operations();
    board_play("activate H7", "");
    assert_false(board_legal("dt H7"));
    snprintf(cmd, sizeof cmd, "dt H7 #%d #%d", sq, tom);
    assert_true(board_legal(cmd));
    snprintf(cmd, sizeof cmd, "move H7 #%d", pi);
    assert_true(board_legal(cmd));
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test_setup_teardown(rule_7_0_smoke_laid_then_move_with_mf_minus_1, setup, teardown),
        cmocka_unit_test_setup_teardown(rule_7_0_smoke_failed_is_ops_complete, setup, teardown),
        cmocka_unit_test_setup_teardown(rule_7_0_smoke_only_is_ops_complete, setup, teardown),
        cmocka_unit_test_setup_teardown(rule_7_0_who_may_lay_smoke, setup, teardown),
        cmocka_unit_test_setup_teardown(rule_7_0_smoke_1_2_gone, setup, teardown),
        cmocka_unit_test_setup_teardown(rule_7_0_smoke_layer_may_double_time_with_others, setup, teardown),
        cmocka_unit_test_setup_teardown(EX_034_nme_units_do_not_enter_enemy_hexes, setup, teardown),
        cmocka_unit_test_setup_teardown(rule_7_0_smoke_tm_and_firing_out, setup, teardown),
        cmocka_unit_test_setup_teardown(EX_I05_smoked_forest_tm_3, setup, teardown),
        cmocka_unit_test_setup_teardown(rule_11_4_sniper_placement, setup, teardown),
        cmocka_unit_test_setup_teardown(EX_073_sniper_attacks_one_random_unit, setup, teardown),
        cmocka_unit_test_setup_teardown(rule_11_4_sniper_damage_on_one_unit, setup, teardown),
        cmocka_unit_test_setup_teardown(rule_11_4_sniper_opportunity_fire, setup, teardown),
        cmocka_unit_test(rule_11_4_sniper_zone_ssr),
        cmocka_unit_test_setup_teardown(rule_4_1_sniper_spots_then_fires_at_that_hex, setup, teardown),
        cmocka_unit_test_setup_teardown(EX_072_shaken_medic_self_rallies_then_rallies_squad, setup, teardown),
        cmocka_unit_test_setup_teardown(rule_11_3_medic_heals_in_cover_with_minus_2, setup, teardown),
        cmocka_unit_test_setup_teardown(EX_076_nurse_heals_or_rallies_two, setup, teardown),
        cmocka_unit_test_setup_teardown(rule_11_10_nurse_who_self_rallied_does_not_help, setup, teardown),
        cmocka_unit_test_setup_teardown(EX_075_advisor_raises_morale, setup, teardown),
        cmocka_unit_test_setup_teardown(rule_11_8_chaplain_and_11_11_piper_rally, setup, teardown),
        cmocka_unit_test_setup_teardown(rule_11_7_1_fight_or_die, setup, teardown),
        cmocka_unit_test_setup_teardown(rule_11_12_marksman_fires_alone_without_lm, setup, teardown),
        cmocka_unit_test_setup_teardown(rule_11_6_stack_with_a_scout_pays_1_mp_in_forest, setup, teardown),
        cmocka_unit_test_setup_teardown(rule_11_6_scout_moves_stealthily, setup, teardown),
        cmocka_unit_test_setup_teardown(rule_11_11_piper_does_not_double_time, setup, teardown),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
