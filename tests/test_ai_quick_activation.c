/*
 * test_ai_quick_activation.c: the cheaper judgement of an activation that only
 * the hard search's playouts use (R-AI-24, src/ai/ai_quick_activation.c): the
 * look-ahead of an activation leaves out smoke, and a stack's double-time and
 * assault moves where its plain move stands for them.
 *
 * R-AI-24, normal unchanged (tests/fixtures/ai/quick_double_time.json, a
 * position of normal against itself in the Weapons Cache, turn 4): the Viet
 * Cong's best activation is M4 (squad and Lt Diem), for a double-time move. The
 * quick look-ahead, which judges that stack by its plain move, activates K3
 * instead (the North Vietnamese squad that has not fired, for a plain move);
 * the position tells the two judgements apart, and normal must still activate M4.
 *
 * R-AI-24, the quick judgement (tests/fixtures/ai/tripod_exit.json, R-AI-07's
 * position): in the last turn the squad the German exit still needs stands in
 * I6 with an assembled tripod machine gun. The quick look-ahead must still
 * activate I6, and the playouts' player must still take the squad out.
 */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <cmocka.h>

#include "ai/ai.h"
#include "lnlt/bot.h"
#include "lnlt/game.h"
#include "support/scenario_load.h"

#define QUICK_DOUBLE_TIME "tests/fixtures/ai/quick_double_time.json"
#define TRIPOD_EXIT "tests/fixtures/ai/tripod_exit.json"

/* The choice of the playouts' scripted player (one dice sample), quick or full. */
static lnlt_action scripted_choice(const lnlt_ctx *ctx, const ai_board *bd, const lnlt_state *st, bool quick,
                                   uint64_t seed)
{
    ai_tactics_cfg cfg = {.samples = 1, .plan_moves = true, .quick = quick};
    ai_tactics *t = ai_tactics_new(bd, &cfg, seed);
    assert_non_null(t);
    lnlt_action a;
    assert_true(ai_tactics_choose(t, st, &a));
    ai_tactics_free(t);
    (void)ctx;
    return a;
}

static void assert_activates(const lnlt_action *a, int cell, const char *who, uint64_t seed)
{
    if (a->type != LNLT_ACT_ACTIVATE || lnlt_loc_cell(a->arg[0]) != cell)
        fail_msg("seed %llu: %s chose action type %d at cell %d, not the activation of cell %d",
                 (unsigned long long)seed, who, a->type, a->nargs ? lnlt_loc_cell(a->arg[0]) : -1, cell);
}

static void R_AI_24_normal_still_weighs_every_kind_of_move(void **state)
{
    (void)state;
    lnlt_ctx ctx;
    test_ctx_open(QUICK_DOUBLE_TIME, &ctx);
    ai_board *bd = ai_board_new(&ctx);
    assert_non_null(bd);
    lnlt_state *st = malloc(sizeof *st);
    assert_non_null(st);
    lnlt_state_init(st, &ctx, 5);
    int m4 = test_ctx_cell(&ctx, "1M4"), k3 = test_ctx_cell(&ctx, "1K3");
    for (uint64_t seed = 1; seed <= 4; seed++) {
        /* The premise: the full look-ahead and the quick one part here. */
        lnlt_action full = scripted_choice(&ctx, bd, st, false, seed);
        assert_activates(&full, m4, "the full look-ahead", seed);
        lnlt_action quick = scripted_choice(&ctx, bd, st, true, seed);
        assert_activates(&quick, k3, "the quick look-ahead", seed);
        /* Normal judges in full. */
        lnlt_bot *bot = lnlt_bot_new(LNLT_BOT_NORMAL, seed, 50);
        assert_non_null(bot);
        lnlt_action a;
        assert_true(lnlt_bot_act(bot, &ctx, st, &a));
        assert_activates(&a, m4, "normal", seed);
        lnlt_bot_free(bot);
    }
    free(st);
    ai_board_free(bd);
    lnlt_ctx_close(&ctx);
}

static void R_AI_24_the_quick_look_ahead_still_takes_the_last_squad_out(void **state)
{
    (void)state;
    lnlt_ctx ctx;
    test_ctx_open(TRIPOD_EXIT, &ctx);
    ai_board *bd = ai_board_new(&ctx);
    assert_non_null(bd);
    lnlt_state *st = malloc(sizeof *st);
    assert_non_null(st);
    int i6 = test_ctx_cell(&ctx, "15I6");
    for (uint64_t seed = 1; seed <= 4; seed++) {
        lnlt_state_init(st, &ctx, seed);
        lnlt_action first = scripted_choice(&ctx, bd, st, true, seed);
        assert_activates(&first, i6, "the quick look-ahead", seed);
        /* The playouts' player (quick) plays the Germans to the end. */
        ai_tactics_cfg cfg = {.samples = 1, .plan_moves = true, .quick = true};
        ai_tactics *t = ai_tactics_new(bd, &cfg, seed);
        assert_non_null(t);
        lnlt_error err;
        for (int guard = 0; guard < 200; guard++) {
            lnlt_decision d = lnlt_decision_get(&ctx, st);
            if (d.kind == LNLT_DECIDE_NONE)
                break;
            lnlt_action a;
            if (d.side == 2)
                assert_true(ai_tactics_choose(t, st, &a));
            else
                a = test_stand_still(&ctx, st);
            if (!lnlt_apply(&ctx, st, &a, NULL, NULL, &err))
                fail_msg("seed %llu: %s", (unsigned long long)seed, err.msg);
        }
        ai_tactics_free(t);
        if (st->winner != 2)
            fail_msg("seed %llu: the squad stayed in I6; the Germans did not win", (unsigned long long)seed);
    }
    free(st);
    ai_board_free(bd);
    lnlt_ctx_close(&ctx);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(R_AI_24_normal_still_weighs_every_kind_of_move),
        cmocka_unit_test(R_AI_24_the_quick_look_ahead_still_takes_the_last_squad_out),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
