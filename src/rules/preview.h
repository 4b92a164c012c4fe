/*
 * rules/preview.h: what the preview modules of src/rules/ share (lnlt_preview_json
 * in lnlt/view.h): a probe that applies one action to scratch copies of the state
 * as the deciding side may know it, with chosen leading dice and a fixed face for
 * every die after them.
 */
#ifndef LNLT_RULES_PREVIEW_H
#define LNLT_RULES_PREVIEW_H

#include <jansson.h>
#include <stdbool.h>

#include "lnlt/game.h"

/* Every die after the chosen ones shows this face: no natural 1, so no hero
 * creation roll follows a damage check (11.2.1) and the rolls stay few. */
#define PREVIEW_FILLER 3
/* Dice the probe may hand out in one run. */
#define PREVIEW_DICE 256

typedef struct preview_probe {
    const lnlt_ctx *ctx;
    lnlt_state *base;    /* the state as the deciding side may know it (R-VIEW-05) */
    lnlt_state *out;     /* the state after the last run */
    lnlt_action action;
    int side;            /* who decides */
    uint8_t markers_set_off; /* the real game's event markers set off (bits A-D): the
                              * markers are public, though base spends them all */
    lnlt_events log;     /* the last run's events */
    lnlt_dice_queue *q;
    int runs;            /* engine runs so far (a bound keeps previews quick) */
    bool let_atgm_fly;   /* 14.4: an announced ATGM shot is let fly at once (no reaction) */
    bool failed;         /* a run failed for another reason than the dice */
    lnlt_error err;
} preview_probe;

preview_probe *preview_probe_new(const lnlt_ctx *ctx, const lnlt_state *st, const lnlt_action *a, int side);
void preview_probe_free(preview_probe *p);
/* Applies the action with `faces` first (n of them), then PREVIEW_FILLER. False
 * (p->failed, p->err) if the engine refused it. */
bool preview_probe_run(preview_probe *p, const int *faces, int n);
/* The index in dice order of the first die of the log's ROLL event e. */
int preview_die_index(const preview_probe *p, const lnlt_event *e);

json_t *preview_terms_json(const lnlt_modifiers *m);
json_t *preview_unit_json(const lnlt_ctx *ctx, const lnlt_state *st, int unit);

/* preview_fire.c: fire, opportunity fire, assault fire, hit and run fire, sniper
 * and marksman attacks, indirect mortar fire and mortar teams (5.0-5.6, 1.6.5,
 * 11.4, 11.12, 18.1). */
bool preview_fire(preview_probe *p, json_t *o, lnlt_error *err);
/* preview_melee.c: odds, kill numbers and the chance of a kill (8.0-8.6). */
bool preview_melee(preview_probe *p, json_t *o, lnlt_error *err);

/* preview_ordnance.c: an ordnance shot: to-hit, hit location, armour,
 * penetration and the chance of each outcome (14.1-14.4, 15.10). */
bool preview_ordnance(preview_probe *p, json_t *o, lnlt_error *err);

#endif
