/*
 * test_ai_melee_samples.c: how many dice samples a melee is judged over when
 * the move planner weighs a step into the enemy's hex (src/ai/ai_tactics.c,
 * melee_value, ruling R-AI-103; rules 8.0 and 8.1: a kill eliminates every unit
 * targeted, and leaders and medics left without an MMC are overrun).
 *
 *   R_AI_103: in A Friend in Need's turn 4 of 8, an American squad with Lt
 *   Jenson and the medic stands in F1 next to the NVA squad and Lt Van Du in
 *   hut G1. Going in wins the hut and 2 VP about five times in six, but about
 *   one time in four the NVA kill the squad, and Jenson and the medic are
 *   overrun with it (6 VP for the Viet Cong): the stack stays out on every
 *   seed. Judged over the level's six samples, it went in on 2 of 10 seeds,
 *   the ones whose samples happened to spare it.
 */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <cmocka.h>

#include "lnlt/bot.h"
#include "lnlt/game.h"
#include "lnlt/map.h"
#include "lnlt/scenario.h"
#include "support/scenario_load.h"

#define MELEE_G1 "tests/fixtures/ai/friend_melee_g1.json"

/* Plays the Americans' turn 4 on `seed` (the NVA standing still); true when
 * an American unit entered G1. */
static bool goes_in(const lnlt_ctx *ctx, uint64_t seed)
{
    lnlt_state *st = malloc(sizeof *st);
    assert_non_null(st);
    lnlt_state_init(st, ctx, seed);
    int g1 = test_ctx_cell(ctx, "G1");
    lnlt_bot *bot = lnlt_bot_new(LNLT_BOT_NORMAL, seed, 50);
    assert_non_null(bot);
    lnlt_error err;
    bool in = false;
    for (int guard = 0; guard < 300 && !in; guard++) {
        lnlt_decision d = lnlt_decision_get(ctx, st);
        if (d.kind == LNLT_DECIDE_NONE || st->turn == 5)
            break;
        lnlt_action a;
        if (d.side == 1)
            assert_true(lnlt_bot_act(bot, ctx, st, &a));
        else
            a = test_stand_still(ctx, st);
        if (!lnlt_apply(ctx, st, &a, NULL, NULL, &err))
            fail_msg("seed %llu: %s", (unsigned long long)seed, err.msg);
        for (int i = 0; i < st->unit_count; i++)
            if (st->unit[i].side == 1 && st->unit[i].cell == g1)
                in = true;
    }
    lnlt_bot_free(bot);
    free(st);
    return in;
}

static void R_AI_103_a_melee_is_judged_over_enough_dice(void **state)
{
    (void)state;
    lnlt_ctx ctx;
    test_ctx_open(MELEE_G1, &ctx);
    int in = 0;
    for (uint64_t seed = 1; seed <= 10; seed++)
        in += goes_in(&ctx, seed);
    if (in != 0)
        fail_msg("the stack went into G1 on %d of 10 seeds", in);
    lnlt_ctx_close(&ctx);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(R_AI_103_a_melee_is_judged_over_enough_dice),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
