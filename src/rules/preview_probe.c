/*
 * preview_probe.c: the engine run behind every preview (rules/preview.h): the
 * action applied with lnlt_apply, exactly as play applies it, to a scratch copy of
 * the state as the deciding side may know it, with chosen dice.
 */
#include <stdlib.h>
#include <string.h>

#include "lnlt/view.h"
#include "rules/preview.h"

/* A fixed seed for the copies: every die of a preview run is forced anyway. */
#define PREVIEW_SEED 0x7072657669657721ull

preview_probe *preview_probe_new(const lnlt_ctx *ctx, const lnlt_state *st, const lnlt_action *a, int side)
{
    preview_probe *p = calloc(1, sizeof *p);
    if (!p)
        return NULL;
    p->base = malloc(sizeof *p->base);
    p->out = malloc(sizeof *p->out);
    p->q = malloc(sizeof *p->q);
    if (!p->base || !p->out || !p->q) {
        preview_probe_free(p);
        return NULL;
    }
    p->ctx = ctx;
    p->action = *a;
    p->side = side;
    p->markers_set_off = st->events_done & 0x0F;
    lnlt_state_for_side(ctx, st, side, PREVIEW_SEED, p->base);
    lnlt_state_clone(p->out, p->base);
    lnlt_events_init(&p->log);
    return p;
}

void preview_probe_free(preview_probe *p)
{
    if (!p)
        return;
    lnlt_events_free(&p->log);
    free(p->base);
    free(p->out);
    free(p->q);
    free(p);
}

bool preview_probe_run(preview_probe *p, const int *faces, int n)
{
    lnlt_dice_queue_clear(p->q);
    for (int i = 0; i < n && i < PREVIEW_DICE; i++)
        lnlt_dice_queue_push(p->q, faces[i], NULL);
    for (int i = n; i < PREVIEW_DICE; i++)
        lnlt_dice_queue_push(p->q, PREVIEW_FILLER, NULL);
    lnlt_events_clear(&p->log);
    lnlt_state_clone(p->out, p->base);
    p->runs++;
    lnlt_error err;
    bool ok = lnlt_apply(p->ctx, p->out, &p->action, p->q, &p->log, &err);
    if (ok && p->let_atgm_fly && p->out->decision == LNLT_DECIDE_ATGM) {
        /* 14.4: the odds of the missile once the enemy lets it fly */
        lnlt_action fly;
        memset(&fly, 0, sizeof fly);
        fly.type = LNLT_ACT_NO_FIRE;
        fly.side = p->out->to_act;
        ok = lnlt_apply(p->ctx, p->out, &fly, p->q, &p->log, &err);
    }
    if (!ok) {
        if (!p->failed) {
            p->failed = true;
            p->err = err;
        }
        return false;
    }
    return true;
}

int preview_die_index(const preview_probe *p, const lnlt_event *e)
{
    int at = 0;
    for (int i = 0; i < p->log.count && &p->log.ev[i] != e; i++)
        if (p->log.ev[i].kind == LNLT_EV_ROLL)
            at += p->log.ev[i].ndice;
    return at;
}
