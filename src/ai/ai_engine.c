/*
 * ai_engine.c: the engine as the computer players see it (ai.h). Every search and
 * policy in src/ai/ reaches the rules through these few functions, over the public
 * API: the legal list and the trusted apply of lnlt/search.h (an action from the
 * list of the very state it is applied to), fresh dice for a simulation, and the
 * side's view of a position (lnlt/view.h).
 */
#include "ai/ai.h"

#include "lnlt/search.h"
#include "lnlt/view.h"

#include <stdlib.h>
#include <string.h>
#include <time.h>

int ai_legal(const lnlt_ctx *ctx, const lnlt_state *st, ai_moves *m)
{
    if (m->cap < 64) {
        lnlt_action *a = realloc(m->a, 64 * sizeof *a);
        if (!a)
            return -1;
        m->a = a;
        m->cap = 64;
    }
    int n = lnlt_search_actions(ctx, st, m->a, m->cap);
    if (n > m->cap) {
        lnlt_action *a = realloc(m->a, (size_t)n * sizeof *a);
        if (!a)
            return -1;
        m->a = a;
        m->cap = n;
        n = lnlt_search_actions(ctx, st, m->a, m->cap);
    }
    m->n = n;
    return n;
}

void ai_moves_free(ai_moves *m)
{
    free(m->a);
    memset(m, 0, sizeof *m);
}

bool ai_play(const lnlt_ctx *ctx, lnlt_state *st, const lnlt_action *a)
{
    return lnlt_search_apply(ctx, st, a, NULL);
}

bool ai_pass(const lnlt_ctx *ctx, const lnlt_state *st, lnlt_action *out) { return lnlt_search_pass(ctx, st, out); }

void ai_reseed(lnlt_state *st, uint64_t seed) { lnlt_search_reseed(st, seed); }

/* The view is the engine's own (lnlt/view.h): the dice re-sampled, the enemy's
 * forces the scenario holds back (22.0: released only by an event paragraph) and
 * what untriggered events would do taken out, so a look-ahead finds no ambush to
 * place and no reinforcement to bring. */
void ai_view(const lnlt_ctx *ctx, const lnlt_state *st, int side, uint64_t resample_seed, lnlt_state *out)
{
    lnlt_state_for_side(ctx, st, side, resample_seed, out);
}

bool ai_is_fire(int type)
{
    switch (type) {
    case LNLT_ACT_FIRE:
    case LNLT_ACT_OPFIRE:
    case LNLT_ACT_ASSAULT_FIRE:
    case LNLT_ACT_SNIPE:
    case LNLT_ACT_SW_INDIRECT:
    case LNLT_ACT_STEALTH_ASSAULT_FIRE:
    case LNLT_ACT_HR_FIRE:
    case LNLT_ACT_MORTAR_CALL:
        return true;
    default:
        return false;
    }
}

bool ai_is_move(int type)
{
    switch (type) {
    case LNLT_ACT_MOVE:
    case LNLT_ACT_ASSAULT:
    case LNLT_ACT_DOUBLE_TIME:
    case LNLT_ACT_LOW_CRAWL:
    case LNLT_ACT_ENTER:
    case LNLT_ACT_STEALTH:
    case LNLT_ACT_STEALTH_ASSAULT:
    case LNLT_ACT_HIT_AND_RUN:
    case LNLT_ACT_OPP_MOVE:
    case LNLT_ACT_OPP_HIT_AND_RUN:
        return true;
    default:
        return false;
    }
}

double ai_now(void)
{
    struct timespec t;
    clock_gettime(CLOCK_THREAD_CPUTIME_ID, &t);
    return (double)t.tv_sec + (double)t.tv_nsec * 1e-9;
}
