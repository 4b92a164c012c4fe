/*
 * cli_bot.c: running computer players from the command line (see cli_bot.h).
 */
#include "cli_bot.h"

#include <stdio.h>
#include <stdlib.h>
#include <time.h>

#include "cli_game.h"
#include "lnlt/view.h"

bool cli_bot_decide(lnlt_bot *b, const lnlt_ctx *ctx, const lnlt_state *st, lnlt_action *out)
{
    int side = lnlt_decision_get(ctx, st).side;
    lnlt_state *view = malloc(sizeof *view);
    if (!view)
        return false;
    lnlt_state_for_side(ctx, st, side, b->seed ^ (0x9e3779b97f4a7c15ull * (st->actions_applied + 1)), view);
    bool ok = lnlt_bot_act(b, ctx, view, out);
    free(view);
    return ok;
}

bool cli_parse_level(const char *cmd, const char *opt, const char *text, int *level)
{
    if (lnlt_bot_level_parse(text, level))
        return true;
    fprintf(stderr, "lnlt %s: --%s: expected random, easy, normal or hard, got \"%s\"\n", cmd, opt, text);
    return false;
}

bool cli_parse_ms(const char *cmd, const char *text, int *ms)
{
    uint64_t v;
    if (!cli_parse_u64(text, &v) || v < 1 || v > 600000) {
        fprintf(stderr, "lnlt %s: --ms: expected milliseconds 1..600000, got \"%s\"\n", cmd, text);
        return false;
    }
    *ms = (int)v;
    return true;
}

double cli_now(void)
{
    struct timespec t;
    clock_gettime(CLOCK_MONOTONIC, &t);
    return (double)t.tv_sec + (double)t.tv_nsec * 1e-9;
}

double cli_cpu_now(void)
{
    struct timespec t;
    clock_gettime(CLOCK_THREAD_CPUTIME_ID, &t);
    return (double)t.tv_sec + (double)t.tv_nsec * 1e-9;
}
