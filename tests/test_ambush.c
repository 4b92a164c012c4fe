/*
 * test_ambush.c: ambush in melee (rule 8.4) on Map 15. A stack of an
 * ambush-capable nation that enters a melee with enemies who could not see its
 * starting hex at the start of the impulse triples its FP for that round, and
 * the round is not simultaneous: the ambushers' kills come off before the
 * counterattack. With a line of sight, or as reinforcements of a melee already
 * going on (8.2), the round is an ordinary simultaneous one.
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

static struct {
    lnlt_catalog *cat;
    lnlt_map *map;
    lnlt_ctx ctx;
    lnlt_state st;
    lnlt_dice_queue dice;
    lnlt_events log;
} T;

static int setup(void **state)
{
    (void)state;
    lnlt_error err;
    memset(&T, 0, sizeof T);
    static const char *files[] = {"data/nations/starter_kit.json", "tests/fixtures/nations/ambush.json",
                                  "data/units/us_wwii.json",       "data/units/de_wwii.json",
                                  "data/weapons/starter_kit.json", "tests/fixtures/units/ambush.json"};
    T.cat = lnlt_catalog_new();
    for (size_t i = 0; i < sizeof files / sizeof files[0]; i++)
        if (!lnlt_catalog_add_file(T.cat, files[i], &err))
            fail_msg("%s", err.msg);
    if (!lnlt_catalog_link(T.cat, &err) || !lnlt_map_load_file("data/maps/map15.json", &T.map, &err))
        fail_msg("%s", err.msg);
    T.ctx.turns = 3;
    T.ctx.first_initiative = 1;
    T.ctx.side_name[1] = "Ambushers";
    T.ctx.side_name[2] = "German";
    T.ctx.map = T.map;
    T.ctx.catalog = T.cat;
    lnlt_state_init(&T.st, &T.ctx, 1);
    lnlt_dice_queue_clear(&T.dice);
    lnlt_events_init(&T.log);
    return 0;
}

static int teardown(void **state)
{
    (void)state;
    lnlt_events_free(&T.log);
    lnlt_map_free(T.map);
    lnlt_catalog_free(T.cat);
    return 0;
}

static int add(const char *type, int side, const char *hex)
{
    lnlt_error err;
    int u = lnlt_state_add_unit(&T.ctx, &T.st, type, side, hex, &err);
    if (u < 0)
        fail_msg("%s", err.msg);
    return u;
}

static void play(const char *cmd, const char *dice)
{
    lnlt_error err;
    lnlt_action a;
    if (dice[0] && !lnlt_dice_queue_parse(&T.dice, dice, &err))
        fail_msg("%s", err.msg);
    static lnlt_action list[4096];
    if (!lnlt_action_parse(&T.ctx, &T.st, cmd, &a, &err))
        fail_msg("%s: %s", cmd, err.msg);
    int n = lnlt_legal_actions(&T.ctx, &T.st, list, 4096);
    bool legal = false;
    for (int i = 0; i < n; i++)
        legal |= lnlt_action_equal(&list[i], &a);
    if (!legal)
        fail_msg("\"%s\" is not legal now", cmd);
    if (!lnlt_apply(&T.ctx, &T.st, &a, &T.dice, &T.log, &err))
        fail_msg("%s: %s", cmd, err.msg);
    assert_int_equal(lnlt_dice_queue_left(&T.dice), 0);
}

static bool logged(const char *needle)
{
    char text[512];
    for (int i = 0; i < T.log.count; i++) {
        lnlt_event_text(&T.log.ev[i], text, sizeof text);
        if (strstr(text, needle))
            return true;
    }
    return false;
}

static void target(int unit, const char *dice)
{
    char cmd[32];
    snprintf(cmd, sizeof cmd, "target #%d", unit);
    play(cmd, dice);
}

/* The squad starts in J6; the church (I6) blocks the line of sight from H7.
 * It moves J6 - I6 - H7 and ambushes: FP 1 x 3 = 3 against 1, odds 3-1. It rolls
 * 6+6 and kills the German squad, which is gone before it can strike back: the
 * German's pick is asked for but no German roll is made. */
static void rule_8_4_ambush_triples_fp_and_strikes_first(void **state)
{
    (void)state;
    int amb = add("test_ambush_squad", 1, "J6");
    int de = add("de_squad_164", 2, "H7");
    play("end-rally", "");
    play("end-rally", "");
    play("activate J6", "");
    play("move J6", "");
    play("step I6", "");
    if (lnlt_decision_get(&T.ctx, &T.st).kind == LNLT_DECIDE_OPFIRE)
        play("no-fire", "");
    play("step H7", "");
    assert_true(logged("[8.4] the enemy in H7 did not see them coming: an ambush"));
    target(de, "");
    target(amb, "6,6"); /* only the ambushers roll */
    assert_true(logged("ambush: FP 1 of the ambushers tripled to 3"));
    assert_true(logged("FP 3 vs 1: 3-1, kill number 5; roll = 12 -> kill"));
    assert_true(logged("ambush in H7: the losses come off before the counterattack"));
    assert_int_equal(T.st.unit[de].cell, LNLT_CELL_ELIMINATED);
    assert_true(T.st.unit[amb].cell >= 0);
    for (int i = 0; i < T.st.unit_count; i++)
        assert_false(T.st.unit[i].flags & (1u << 6)); /* the ambush flag does not outlive the round */
}

/* From I7, next to H7 and in its sight, the same move is an ordinary melee:
 * 1 against 1, both sides roll. */
static void rule_8_4_no_ambush_when_the_enemy_saw_the_start_hex(void **state)
{
    (void)state;
    int amb = add("test_ambush_squad", 1, "I7");
    int de = add("de_squad_164", 2, "H7");
    play("end-rally", "");
    play("end-rally", "");
    play("activate I7", "");
    play("move I7", "");
    play("step H7", "");
    assert_false(logged("ambush"));
    target(de, "");
    target(amb, "6,6,1,1"); /* both roll: simultaneous */
    assert_true(logged("FP 1 vs 1: 1-1"));
    assert_int_equal(T.st.unit[de].cell, LNLT_CELL_ELIMINATED);
}

/* A German squad of a nation without the trait gets no ambush from the same hex. */
static void rule_8_4_only_ambush_capable_stacks(void **state)
{
    (void)state;
    add("us_abn_squad_254", 1, "J6");
    int de = add("de_squad_164", 2, "H7");
    play("end-rally", "");
    play("end-rally", "");
    play("activate J6", "");
    play("move J6", "");
    play("step I6", "");
    if (lnlt_decision_get(&T.ctx, &T.st).kind == LNLT_DECIDE_OPFIRE)
        play("no-fire", "");
    play("step H7", "");
    assert_false(logged("ambush"));
    target(de, "");
    target(0, "1,1,1,1");
    assert_true(logged("FP 2 vs 1: 2-1"));
}

/* 8.2 with 8.4: ambushers reinforcing a melee already marked in H7 (no round yet
 * this turn) add their tripled FP to their friend's normal FP, 1 + 3 = 4 against
 * 1, and the round is simultaneous: the Germans roll too. */
static void rule_8_4_ambushers_reinforcing_a_melee_fight_simultaneously(void **state)
{
    (void)state;
    int amb = add("test_ambush_squad", 1, "J6");
    int friend = add("test_ambush_squad", 1, "H7");
    int de = add("de_squad_164", 2, "H7");
    T.st.unit[friend].flags |= LNLT_UNIT_ACTIVATED;
    lnlt_bit_set(T.st.melee, T.st.unit[de].cell);
    play("end-rally", "");
    play("end-rally", "");
    play("activate J6", "");
    play("move J6", "");
    play("step I6", "");
    if (lnlt_decision_get(&T.ctx, &T.st).kind == LNLT_DECIDE_OPFIRE)
        play("no-fire", "");
    play("step H7", "");
    target(de, "");
    target(amb, "6,6,6,6"); /* both sides roll */
    assert_true(logged("ambush: FP 1 of the ambushers tripled to 3"));
    assert_true(logged("FP 4 vs 1: 4-1"));
    assert_false(logged("the losses come off before the counterattack"));
    /* simultaneous: the German struck back before it was removed */
    assert_int_equal(T.st.unit[de].cell, LNLT_CELL_ELIMINATED);
    assert_int_equal(T.st.unit[amb].cell, LNLT_CELL_ELIMINATED);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test_setup_teardown(rule_8_4_ambush_triples_fp_and_strikes_first, setup, teardown),
        cmocka_unit_test_setup_teardown(rule_8_4_no_ambush_when_the_enemy_saw_the_start_hex, setup, teardown),
        cmocka_unit_test_setup_teardown(rule_8_4_only_ambush_capable_stacks, setup, teardown),
        cmocka_unit_test_setup_teardown(rule_8_4_ambushers_reinforcing_a_melee_fight_simultaneously, setup, teardown),
    };
    return cmocka_run_group_tests_name("ambush", tests, NULL, NULL);
}
