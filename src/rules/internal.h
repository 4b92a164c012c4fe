/*
 * rules/internal.h: what the rule modules of src/rules/ share and the public API
 * does not show: the working context of one action being applied.
 */
#ifndef LNLT_RULES_INTERNAL_H
#define LNLT_RULES_INTERNAL_H

#include "lnlt/game.h"

/* Everything a rule needs while one action is applied to a scratch copy of the
 * state. If any step fails the scratch copy is dropped, so rules may change st
 * freely before they detect a problem. */
typedef struct lnlt_step {
    const lnlt_ctx *ctx;
    lnlt_state *st;
    lnlt_dice dice;
    lnlt_events *log; /* may be NULL */
    lnlt_error *err;
} lnlt_step;

/* turn.c (2.0, 3.0, 9.0): advance after a side ends its rally actions or an
 * impulse ends; rolls initiative at the start of turns after the first. */
bool lnlt_turn_end_rally(lnlt_step *s);
bool lnlt_turn_after_impulse(lnlt_step *s, bool passed);

#endif
