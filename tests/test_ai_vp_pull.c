/*
 * test_ai_vp_pull.c: the pull of a scenario's victory-point hexes on the side
 * that must take them (src/ai/ai_eval.c, ruling R-AI-101).
 *
 *   R_AI_101: in A Friend in Need's turn 4 of 8, an American stack of two squads
 *   and Lt Jenson in G6, four hexes from the nearest hut, with one Viet Cong
 *   squad in hut K4 that could fire at it on the way, spends its turn closing
 *   on the huts rather than standing off: at the start of turn 5 an American
 *   unit stands nearer a hut the Americans do not hold than the stack began
 *   (with the pull at 0.25 the stack passed the whole turn on every seed).
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

#define HUTS_PULL "tests/fixtures/ai/friend_huts_pull.json"

/* The huts and the building of map 1: the scenario's VP hexes (zone vp_hexes). */
static const char *const huts[] = {"G1", "J3", "J4", "K4", "L2", "L3", "M3"};

/* Hexes from `cell` to the nearest hut the Americans (side 1) do not control. */
static int to_huts(const lnlt_ctx *ctx, const lnlt_state *st, int cell)
{
    int best = 99;
    for (size_t h = 0; h < sizeof huts / sizeof huts[0]; h++) {
        int c = test_ctx_cell(ctx, huts[h]);
        if (lnlt_bit(st->control[1], c))
            continue;
        int d = lnlt_map_cell_distance(ctx->map, cell, c);
        if (d < best)
            best = d;
    }
    return best;
}

static void R_AI_101_a_stack_closes_on_the_huts_it_must_take(void **state)
{
    (void)state;
    lnlt_ctx ctx;
    test_ctx_open(HUTS_PULL, &ctx);
    for (uint64_t seed = 1; seed <= 6; seed++) {
        lnlt_state *st = malloc(sizeof *st);
        assert_non_null(st);
        lnlt_state_init(st, &ctx, seed);
        int jenson = test_unit_of_type(&ctx, st, "usa_lt_jenson");
        int before = to_huts(&ctx, st, st->unit[jenson].cell);
        lnlt_bot *bot = lnlt_bot_new(LNLT_BOT_NORMAL, seed, 50);
        assert_non_null(bot);
        lnlt_error err;
        for (int guard = 0; guard < 300; guard++) {
            lnlt_decision d = lnlt_decision_get(&ctx, st);
            if (d.kind == LNLT_DECIDE_NONE || st->turn == 5)
                break;
            lnlt_action a;
            if (d.side == 1)
                assert_true(lnlt_bot_act(bot, &ctx, st, &a));
            else
                a = test_stand_still(&ctx, st);
            if (!lnlt_apply(&ctx, st, &a, NULL, NULL, &err))
                fail_msg("seed %llu: %s", (unsigned long long)seed, err.msg);
        }
        int best = 99, held = 0;
        for (int i = 0; i < st->unit_count; i++)
            if (st->unit[i].side == 1 && st->unit[i].cell >= 0) {
                int d = to_huts(&ctx, st, st->unit[i].cell);
                if (d < best)
                    best = d;
            }
        for (size_t h = 0; h < sizeof huts / sizeof huts[0]; h++)
            held += lnlt_bit(st->control[1], test_ctx_cell(&ctx, huts[h]));
        if (st->turn != 5 || best >= before)
            fail_msg("seed %llu: turn %d begins with the Americans %d hexes from a hut they do not hold (%d before), "
                     "%d huts held",
                     (unsigned long long)seed, st->turn, best, before, held);
        lnlt_bot_free(bot);
        free(st);
    }
    lnlt_ctx_close(&ctx);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(R_AI_101_a_stack_closes_on_the_huts_it_must_take),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
