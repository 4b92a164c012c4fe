/*
 * lnlt/dice.h: six-sided dice for the rules (DESIGN.md principle 4).
 *
 * Random faces come from PCG32 (O'Neill's permuted congruential generator,
 * XSH-RR 64/32), whose state lives inside the game state so that a seed and an
 * action list always give the same game. A forced queue of faces, kept outside
 * the state, replaces the generator for tests and scripted runs: each roll takes
 * the next face, and an empty queue is an error rather than a quiet switch to
 * random dice. Every roll is labelled (purpose, rule section, white or coloured
 * die) and recorded in the event log by the caller.
 */
#ifndef LNLT_DICE_H
#define LNLT_DICE_H

#include <stdbool.h>
#include <stdint.h>

#include "lnlt/error.h"
#include "lnlt/event.h"

typedef struct lnlt_pcg32 {
    uint64_t state;
    uint64_t inc;
} lnlt_pcg32;

void lnlt_pcg32_seed(lnlt_pcg32 *g, uint64_t seed, uint64_t stream);
uint32_t lnlt_pcg32_next(lnlt_pcg32 *g);
/* Uniform in [0, bound) without modulo bias. */
uint32_t lnlt_pcg32_below(lnlt_pcg32 *g, uint32_t bound);

/* Which physical die a rule reads, where it tells them apart (e.g. 18.2 drift:
 * the white die gives the distance, the coloured die the direction). */
typedef enum lnlt_die_color {
    LNLT_DIE_PLAIN = 0,
    LNLT_DIE_WHITE = 1,
    LNLT_DIE_COLORED = 2
} lnlt_die_color;

#define LNLT_DICE_QUEUE_MAX 4096

typedef struct lnlt_dice_queue {
    int count; /* faces loaded */
    int next;  /* index of the next face to hand out */
    uint8_t face[LNLT_DICE_QUEUE_MAX];
} lnlt_dice_queue;

void lnlt_dice_queue_clear(lnlt_dice_queue *q);
/* Appends faces 1..6; false (with a message) for a face outside 1..6 or overflow. */
bool lnlt_dice_queue_push(lnlt_dice_queue *q, int face, lnlt_error *err);
/* Parses "4,3,6" (commas or whitespace). */
bool lnlt_dice_queue_parse(lnlt_dice_queue *q, const char *text, lnlt_error *err);
int lnlt_dice_queue_left(const lnlt_dice_queue *q);

/* Where the faces come from during one action: the generator (inside the state),
 * or the forced queue when one is given. */
typedef struct lnlt_dice {
    lnlt_pcg32 *rng;
    lnlt_dice_queue *forced; /* NULL: random */
    lnlt_events *log;        /* every roll is recorded here; NULL: not recorded */
} lnlt_dice;

/* Rolls n d6 (1..3) for one labelled purpose and records them as one ROLL event.
 * color[i] says which die each is where the rule tells them apart (NULL: plain).
 * Fails only when forced and the queue runs out; the message names the roll that
 * was waiting, and no face is consumed. The event is returned through *ev when
 * ev is not NULL (NULL when no log), so the caller can add a verdict text. */
bool lnlt_dice_roll(lnlt_dice *d, int n, const uint8_t *color, const char *purpose, const char *rule,
                    int *faces, lnlt_event **ev, lnlt_error *err);

#endif
