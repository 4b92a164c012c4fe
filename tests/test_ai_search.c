/*
 * test_ai_search.c: the hard player's root search (src/ai/ai_mcts.c, Sequential
 * Halving over paired playouts; rulings R-AI-42 and R-AI-43).
 *
 *   R_AI_43: the final comparison of the scripted choice with the best challenger
 *   counts every pair of playouts both played on the same dice, those of the
 *   round the budget cut short included. With four candidates and 22 playouts:
 *   a first round of 2 each (8), a second of 4 each for the two left (8, six
 *   pairs in all), and three pairs of the third round before the budget ends.
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
#include "lnlt/scenario.h"
#include "support/scenario_load.h"

#define SK3 "data/scenarios/sk3_the_weapons_cache.json"

/* Plays normal against normal from the start until an impulse decision (which
 * hex to activate, or pass) with at least `least` legal actions. */
static void play_to_an_impulse(const lnlt_ctx *ctx, lnlt_state *st, int least)
{
    lnlt_state_init(st, ctx, 43);
    lnlt_bot *bot[3] = {NULL, lnlt_bot_new(LNLT_BOT_NORMAL, 1, 0), lnlt_bot_new(LNLT_BOT_NORMAL, 2, 0)};
    assert_non_null(bot[1]);
    assert_non_null(bot[2]);
    for (int n = 0; n < 2000; n++) {
        lnlt_decision d = lnlt_decision_get(ctx, st);
        assert_true(d.kind != LNLT_DECIDE_NONE);
        if (d.kind == LNLT_DECIDE_IMPULSE && st->turn >= 2 && lnlt_legal_actions(ctx, st, NULL, 0) >= least)
            break;
        lnlt_action a;
        lnlt_error err;
        assert_true(lnlt_bot_act(bot[d.side], ctx, st, &a));
        if (!lnlt_apply(ctx, st, &a, NULL, NULL, &err))
            fail_msg("%s", err.msg);
    }
    assert_int_equal(lnlt_decision_get(ctx, st).kind, LNLT_DECIDE_IMPULSE);
    lnlt_bot_free(bot[1]);
    lnlt_bot_free(bot[2]);
}

static void R_AI_43_the_cut_rounds_pairs_are_compared_too(void **state)
{
    (void)state;
    lnlt_ctx ctx;
    test_ctx_open(SK3, &ctx);
    lnlt_state *st = malloc(sizeof *st);
    assert_non_null(st);
    play_to_an_impulse(&ctx, st, 6);
    ai_board *bd = ai_board_new(&ctx);
    assert_non_null(bd);
    ai_tactics_cfg full = {.samples = 6, .plan_moves = true}, lite = {.samples = 1, .plan_moves = true};
    ai_tactics *priors = ai_tactics_new(bd, &full, 1), *playout = ai_tactics_new(bd, &lite, 2);
    assert_non_null(priors);
    assert_non_null(playout);
    ai_mcts_cfg cfg = {.mode = AI_SEARCH_HALVING, .max_iters = 22, .rollout_depth = 3000, .horizon = 0,
                       .tree_depth = 1, .playout = playout, .candidates = 4};
    ai_mcts *m = ai_mcts_new(bd, priors, &cfg, 3);
    assert_non_null(m);
    lnlt_action a;
    ai_mcts_stats stats;
    assert_true(ai_mcts_choose(m, st, &a, &stats));
    assert_int_equal(stats.iterations, 22);
    assert_int_equal(stats.finished, 22);
    assert_int_equal(stats.compared, 9);
    ai_mcts_free(m);
    ai_tactics_free(priors);
    ai_tactics_free(playout);
    ai_board_free(bd);
    free(st);
    lnlt_ctx_close(&ctx);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(R_AI_43_the_cut_rounds_pairs_are_compared_too),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
