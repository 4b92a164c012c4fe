/*
 * test_engine.c: the engine skeleton (DESIGN.md principles 1-3, rules 2.0, 3.0,
 * 4.0, 9.0): the flat state, one decision at a time with its legal actions, apply
 * rejecting anything else without touching the state, the turn sequence with the
 * initiative roll, determinism by hash, and the event log.
 */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <string.h>
#include <cmocka.h>

#include "lnlt/game.h"

static const lnlt_ctx ctx = {3, LNLT_SIDE_2, {NULL, "US", "German"}};

static lnlt_action act(const lnlt_state *st, const char *text)
{
    lnlt_action a;
    lnlt_error err;
    if (!lnlt_action_parse(&ctx, st, text, &a, &err))
        fail_msg("%s", err.msg);
    return a;
}

static void apply_ok(lnlt_state *st, const char *text, lnlt_dice_queue *q, lnlt_events *log)
{
    lnlt_action a = act(st, text);
    lnlt_error err;
    if (!lnlt_apply(&ctx, st, &a, q, log, &err))
        fail_msg("%s: %s", text, err.msg);
}

static void engine_state_is_flat_and_small(void **state)
{
    (void)state;
    printf("sizeof(lnlt_state) = %zu bytes\n", sizeof(lnlt_state));
    assert_true(sizeof(lnlt_state) < 16 * 1024);
    lnlt_state a, b;
    lnlt_state_init(&a, &ctx, 99);
    lnlt_state_clone(&b, &a);
    assert_memory_equal(&a, &b, sizeof a);
    assert_int_equal(lnlt_state_hash(&a), lnlt_state_hash(&b));
}

static void engine_turn1_rally_initiative_side_first(void **state)
{
    (void)state;
    lnlt_state st;
    lnlt_state_init(&st, &ctx, 1);
    lnlt_decision d = lnlt_decision_get(&ctx, &st);
    assert_int_equal(d.side, LNLT_SIDE_2); /* German initiative on turn 1 */
    assert_int_equal(d.kind, LNLT_DECIDE_RALLY);
    lnlt_action legal[8];
    assert_int_equal(lnlt_legal_actions(&ctx, &st, legal, 8), 1);
    assert_int_equal(legal[0].type, LNLT_ACT_END_RALLY);
    apply_ok(&st, "end-rally", NULL, NULL);
    assert_int_equal(lnlt_decision_get(&ctx, &st).side, LNLT_SIDE_1);
    apply_ok(&st, "end-rally", NULL, NULL);
    d = lnlt_decision_get(&ctx, &st);
    assert_int_equal(d.kind, LNLT_DECIDE_IMPULSE);
    assert_int_equal(d.side, LNLT_SIDE_2); /* 4.0: impulses start with the initiative side */
}

static void engine_illegal_action_leaves_state_unchanged(void **state)
{
    (void)state;
    lnlt_state st;
    lnlt_state_init(&st, &ctx, 5);
    apply_ok(&st, "end-rally", NULL, NULL);
    uint64_t h = lnlt_state_hash(&st);
    lnlt_state before;
    lnlt_state_clone(&before, &st);
    lnlt_error err = {""};
    lnlt_events log;
    lnlt_events_init(&log);

    lnlt_action wrong_kind = act(&st, "pass"); /* rally phase: pass is not an option */
    assert_false(lnlt_apply(&ctx, &st, &wrong_kind, NULL, &log, &err));
    assert_non_null(strstr(err.msg, "not a legal action"));
    assert_int_equal(lnlt_state_hash(&st), h);

    lnlt_action wrong_side = act(&st, "end-rally");
    wrong_side.side = LNLT_SIDE_2;
    assert_false(lnlt_apply(&ctx, &st, &wrong_side, NULL, &log, &err));
    assert_non_null(strstr(err.msg, "US's decision"));

    lnlt_action junk = {200, LNLT_SIDE_1, 0, 0, {0}};
    assert_false(lnlt_apply(&ctx, &st, &junk, NULL, &log, &err));

    assert_memory_equal(&st, &before, sizeof st);
    assert_int_equal(log.count, 0);
    lnlt_events_free(&log);

    lnlt_action parsed;
    assert_false(lnlt_action_parse(&ctx, &st, "fly-away", &parsed, &err));
    assert_non_null(strstr(err.msg, "unknown command"));
    assert_false(lnlt_action_parse(&ctx, &st, "pass now", &parsed, &err));
    assert_false(lnlt_action_parse(&ctx, &st, "  ", &parsed, &err));
}

/* Plays to the end by passing: 3 turns, each rally (2 end-rally) and three passes. */
static void play_out(lnlt_state *st, lnlt_dice_queue *q, lnlt_events *log)
{
    int guard = 0;
    while (lnlt_decision_get(&ctx, st).kind != LNLT_DECIDE_NONE && guard++ < 1000) {
        lnlt_action legal[8];
        int n = lnlt_legal_actions(&ctx, st, legal, 8);
        assert_true(n > 0); /* never stuck before the end */
        lnlt_error err;
        if (!lnlt_apply(&ctx, st, &legal[0], q, log, &err))
            fail_msg("%s", err.msg);
    }
}

static void engine_three_passes_end_operations_and_game_ends_after_last_turn(void **state)
{
    (void)state;
    lnlt_state st;
    lnlt_state_init(&st, &ctx, 5);
    apply_ok(&st, "end-rally", NULL, NULL);
    apply_ok(&st, "end-rally", NULL, NULL);
    apply_ok(&st, "pass", NULL, NULL);
    apply_ok(&st, "pass", NULL, NULL);
    assert_int_equal(st.phase, LNLT_PHASE_OPERATIONS);
    assert_int_equal(st.turn, 1);
    lnlt_dice_queue q;
    lnlt_dice_queue_clear(&q);
    lnlt_error err;
    assert_true(lnlt_dice_queue_parse(&q, "6,2", &err)); /* turn-2 initiative: US 6, German 2 */
    apply_ok(&st, "pass", &q, NULL);
    assert_int_equal(st.turn, 2);
    assert_int_equal(st.phase, LNLT_PHASE_RALLY);
    assert_int_equal(st.initiative, LNLT_SIDE_1);
    assert_int_equal(lnlt_decision_get(&ctx, &st).side, LNLT_SIDE_1);
    assert_true(lnlt_dice_queue_parse(&q, "3,3", &err)); /* turn 3: tie stays with the US */
    play_out(&st, &q, NULL);
    assert_int_equal(st.phase, LNLT_PHASE_GAME_OVER);
    assert_int_equal(st.turn, 3);
    assert_int_equal(st.initiative, LNLT_SIDE_1);
    assert_int_equal(lnlt_legal_actions(&ctx, &st, NULL, 0), 0);
    assert_int_equal(lnlt_dice_queue_left(&q), 0);
}

static void engine_forced_dice_running_out_rejects_action_untouched(void **state)
{
    (void)state;
    lnlt_state st;
    lnlt_state_init(&st, &ctx, 5);
    apply_ok(&st, "end-rally", NULL, NULL);
    apply_ok(&st, "end-rally", NULL, NULL);
    apply_ok(&st, "pass", NULL, NULL);
    apply_ok(&st, "pass", NULL, NULL);
    lnlt_dice_queue q;
    lnlt_dice_queue_clear(&q);
    lnlt_error err = {""};
    assert_true(lnlt_dice_queue_parse(&q, "4", &err)); /* one face; the roll needs two */
    lnlt_state before;
    lnlt_state_clone(&before, &st);
    lnlt_events log;
    lnlt_events_init(&log);
    lnlt_action pass = act(&st, "pass");
    assert_false(lnlt_apply(&ctx, &st, &pass, &q, &log, &err));
    assert_non_null(strstr(err.msg, "forced dice ran out"));
    assert_memory_equal(&st, &before, sizeof st);
    assert_int_equal(q.next, 0);
    assert_int_equal(log.count, 0);
    lnlt_events_free(&log);
}

static void engine_same_seed_same_game(void **state)
{
    (void)state;
    lnlt_state a, b, c;
    lnlt_state_init(&a, &ctx, 1234);
    lnlt_state_init(&b, &ctx, 1234);
    lnlt_state_init(&c, &ctx, 4321);
    play_out(&a, NULL, NULL);
    play_out(&b, NULL, NULL);
    play_out(&c, NULL, NULL);
    assert_int_equal(lnlt_state_hash(&a), lnlt_state_hash(&b));
    assert_memory_equal(&a, &b, sizeof a);
    assert_true(lnlt_state_hash(&a) != lnlt_state_hash(&c));
}

static void engine_log_explains_initiative_roll(void **state)
{
    (void)state;
    lnlt_state st;
    lnlt_state_init(&st, &ctx, 5);
    lnlt_dice_queue q;
    lnlt_dice_queue_clear(&q);
    lnlt_error err;
    assert_true(lnlt_dice_queue_parse(&q, "2,5", &err));
    lnlt_events log;
    lnlt_events_init(&log);
    for (int i = 0; i < 5; i++)
        apply_ok(&st, i < 2 ? "end-rally" : "pass", &q, &log);
    char text[4][256];
    int rolls = 0, found_change = 0;
    for (int i = 0; i < log.count; i++) {
        if (log.ev[i].kind == LNLT_EV_ROLL && rolls < 2)
            lnlt_event_text(&log.ev[i], text[rolls++], sizeof text[0]);
        if (log.ev[i].kind == LNLT_EV_CHANGE && !strcmp(log.ev[i].what, "initiative")) {
            lnlt_event_text(&log.ev[i], text[2], sizeof text[2]);
            found_change = 1;
        }
    }
    assert_int_equal(rolls, 2);
    assert_true(found_change);
    assert_string_equal(text[0], "[3.0] initiative, US: 1d6 2");
    assert_string_equal(text[1], "[3.0] initiative, German: 1d6 5");
    assert_string_equal(text[2], "[3.0] German has the initiative (5 vs 2)");
    lnlt_events_free(&log);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(engine_state_is_flat_and_small),
        cmocka_unit_test(engine_turn1_rally_initiative_side_first),
        cmocka_unit_test(engine_illegal_action_leaves_state_unchanged),
        cmocka_unit_test(engine_three_passes_end_operations_and_game_ends_after_last_turn),
        cmocka_unit_test(engine_forced_dice_running_out_rejects_action_untouched),
        cmocka_unit_test(engine_same_seed_same_game),
        cmocka_unit_test(engine_log_explains_initiative_roll),
    };
    return cmocka_run_group_tests_name("engine", tests, NULL, NULL);
}
