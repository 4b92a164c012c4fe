/*
 * bench_playout.c: how many playouts the hard search runs per second of
 * processor time (the search's budget is time, so a cheaper playout is
 * more playouts per decision). On each starter scenario a hard player searching
 * a fixed number of playouts a decision plays two games against the normal
 * player, one per side; printed: searched decisions, playouts, the processor
 * seconds of the searched decisions (the scripted scoring of their roots
 * included, the decisions the search leaves to the scripted player not) and
 * playouts per second. Figures only; it never fails on a slow machine.
 */
#include <stdio.h>
#include <time.h>

#include "lnlt/bot.h"
#include "lnlt/game.h"
#include "lnlt/action.h"

#define ITERS 24

static const char *const starters[] = {
    "data/scenarios/sk1_assault_on_vierville.json",
    "data/scenarios/sk2_rejoining_the_regiment.json",
    "data/scenarios/sk3_the_weapons_cache.json",
    "data/scenarios/sk4_a_friend_in_need.json",
};

static double cpu_now(void)
{
    struct timespec ts;
    clock_gettime(CLOCK_THREAD_CPUTIME_ID, &ts);
    return (double)ts.tv_sec + 1e-9 * (double)ts.tv_nsec;
}

static void bench(const char *path)
{
    lnlt_ctx ctx;
    lnlt_error err;
    if (!lnlt_ctx_open(path, &ctx, &err)) {
        printf("%s: %s\n", path, err.msg);
        return;
    }
    long searched = 0, playouts = 0;
    double seconds = 0;
    for (int hard_side = 1; hard_side <= 2; hard_side++) {
        lnlt_state st;
        lnlt_state_init(&st, &ctx, 11 + (uint64_t)hard_side);
        lnlt_bot *bots[3] = {NULL, NULL, NULL};
        bots[hard_side] = lnlt_bot_new(LNLT_BOT_HARD, 5, 20);
        bots[3 - hard_side] = lnlt_bot_new(LNLT_BOT_NORMAL, 6, 20);
        if (!bots[1] || !bots[2]) {
            printf("%s: out of memory\n", path);
            lnlt_bot_free(bots[1]);
            lnlt_bot_free(bots[2]);
            break;
        }
        lnlt_bot_set_iterations(bots[hard_side], ITERS);
        for (int n = 0; n < 3000; n++) {
            lnlt_decision d = lnlt_decision_get(&ctx, &st);
            lnlt_action a;
            lnlt_bot_stats before, after;
            lnlt_bot_get_stats(bots[hard_side], &before);
            double t0 = cpu_now();
            if (d.kind == LNLT_DECIDE_NONE || !lnlt_bot_act(bots[d.side], &ctx, &st, &a))
                break;
            double t = cpu_now() - t0;
            lnlt_bot_get_stats(bots[hard_side], &after);
            if (after.searched > before.searched) {
                searched++;
                playouts += after.iterations - before.iterations;
                seconds += t;
            }
            if (!lnlt_apply(&ctx, &st, &a, NULL, NULL, &err))
                break;
        }
        lnlt_bot_free(bots[1]);
        lnlt_bot_free(bots[2]);
    }
    printf("%-48s searched %5ld  playouts %6ld  %7.2f s  %7.0f playouts/s\n", path, searched, playouts, seconds,
           seconds > 0 ? (double)playouts / seconds : 0.0);
    lnlt_ctx_close(&ctx);
}

int main(void)
{
    printf("hard (%d playouts a searched decision) against normal, two games a scenario\n", ITERS);
    for (size_t i = 0; i < sizeof starters / sizeof starters[0]; i++)
        bench(starters[i]);
    return 0;
}
