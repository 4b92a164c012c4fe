/*
 * ai_engine.c: the engine as the computer players see it (ai.h). Every search and
 * policy in src/ai/ reaches the rules through these few functions, over the public
 * API of lnlt/game.h: the legal list, an apply without a log, fresh dice for a
 * simulation, and the side's view of a position. When the fast search API
 * (enumerate once, apply by index) and the view query land, this is the one file
 * that changes.
 */
#include "ai/ai.h"

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
    int n = lnlt_legal_actions(ctx, st, m->a, m->cap);
    if (n > m->cap) {
        lnlt_action *a = realloc(m->a, (size_t)n * sizeof *a);
        if (!a)
            return -1;
        m->a = a;
        m->cap = n;
        n = lnlt_legal_actions(ctx, st, m->a, m->cap);
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
    lnlt_error err;
    return lnlt_apply(ctx, st, a, NULL, NULL, &err);
}

void ai_reseed(lnlt_state *st, uint64_t seed)
{
    lnlt_pcg32_seed(&st->rng, seed, 0x41492d64696365ull /* "AI-dice" */);
}

/* The view: the dice re-sampled, and the enemy's forces the scenario holds back
 * (22.0: released only by an event paragraph) taken out of play, so a look-ahead
 * that triggers an event finds no ambush to place and no reinforcement to bring.
 * Those units become LNLT_CELL_MERGED, the place of counters no longer in the
 * game, which every rule already skips. */
void ai_view(const lnlt_ctx *ctx, const lnlt_state *st, int side, uint64_t resample_seed, lnlt_state *out)
{
    lnlt_state_clone(out, st);
    ai_reseed(out, resample_seed);
    const lnlt_scenario *scn = ctx->scenario;
    if (!scn)
        return;
    for (int i = 0; i < out->unit_count; i++) {
        lnlt_unit *u = &out->unit[i];
        if (u->side == side || u->cell != LNLT_CELL_NONE || u->force >= scn->force_count ||
            u->force >= LNLT_MAX_FORCES)
            continue;
        if (scn->force[u->force].arrive.how == LNLT_ARRIVE_HELD && out->force_arrive[u->force] == 0xFF)
            u->cell = LNLT_CELL_MERGED;
    }
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
