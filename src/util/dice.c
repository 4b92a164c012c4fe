/*
 * dice.c: PCG32 and the forced-dice queue (see lnlt/dice.h). The PCG32 constants
 * and output permutation are those of the reference implementation (pcg-random.org,
 * pcg32_random_r), so sequences can be checked against any other PCG32.
 */
#include "lnlt/dice.h"

#include <ctype.h>
#include <stdlib.h>

void lnlt_pcg32_seed(lnlt_pcg32 *g, uint64_t seed, uint64_t stream)
{
    g->state = 0;
    g->inc = (stream << 1u) | 1u;
    lnlt_pcg32_next(g);
    g->state += seed;
    lnlt_pcg32_next(g);
}

uint32_t lnlt_pcg32_next(lnlt_pcg32 *g)
{
    uint64_t old = g->state;
    g->state = old * 6364136223846793005ULL + g->inc;
    uint32_t xorshifted = (uint32_t)(((old >> 18u) ^ old) >> 27u);
    uint32_t rot = (uint32_t)(old >> 59u);
    return (xorshifted >> rot) | (xorshifted << ((-rot) & 31));
}

uint32_t lnlt_pcg32_below(lnlt_pcg32 *g, uint32_t bound)
{
    uint32_t threshold = (-bound) % bound;
    for (;;) {
        uint32_t r = lnlt_pcg32_next(g);
        if (r >= threshold)
            return r % bound;
    }
}

void lnlt_dice_queue_clear(lnlt_dice_queue *q)
{
    q->count = 0;
    q->next = 0;
}

bool lnlt_dice_queue_push(lnlt_dice_queue *q, int face, lnlt_error *err)
{
    if (face < 1 || face > 6)
        return lnlt_error_set(err, "forced die face %d is not between 1 and 6", face);
    if (q->count >= LNLT_DICE_QUEUE_MAX)
        return lnlt_error_set(err, "more than %d forced dice", LNLT_DICE_QUEUE_MAX);
    q->face[q->count++] = (uint8_t)face;
    return true;
}

bool lnlt_dice_queue_parse(lnlt_dice_queue *q, const char *text, lnlt_error *err)
{
    const char *p = text;
    int index = 0;
    while (*p) {
        if (*p == ',' || isspace((unsigned char)*p)) {
            p++;
            continue;
        }
        if (*p < '1' || *p > '6' || (p[1] && isdigit((unsigned char)p[1])))
            return lnlt_error_set(err, "forced dice: item %d (\"%.8s\") is not a die face 1-6", index + 1, p);
        if (!lnlt_dice_queue_push(q, *p - '0', err))
            return false;
        p++;
        index++;
    }
    return true;
}

int lnlt_dice_queue_left(const lnlt_dice_queue *q) { return q->count - q->next; }

bool lnlt_dice_roll(lnlt_dice *d, int n, const uint8_t *color, const char *purpose, const char *rule,
                    int *faces, lnlt_event **ev, lnlt_error *err)
{
    if (n < 1 || n > LNLT_EVENT_FACES_MAX)
        return lnlt_error_set(err, "internal: %d dice asked for the %s roll", n, purpose);
    if (d->forced && lnlt_dice_queue_left(d->forced) < n)
        return lnlt_error_set(err, "forced dice ran out: the %s roll (%s) needs %d more", purpose, rule,
                              n - lnlt_dice_queue_left(d->forced));
    int total = 0;
    for (int i = 0; i < n; i++) {
        faces[i] = d->forced ? d->forced->face[d->forced->next++] : (int)lnlt_pcg32_below(d->rng, 6) + 1;
        total += faces[i];
    }
    lnlt_event *e = lnlt_events_add(d->log, LNLT_EV_ROLL, rule, purpose);
    if (e) {
        e->ndice = (uint8_t)n;
        e->total = (int16_t)total;
        for (int i = 0; i < n; i++) {
            e->faces[i] = (uint8_t)faces[i];
            e->color[i] = color ? color[i] : LNLT_DIE_PLAIN;
        }
    }
    if (ev)
        *ev = e;
    return true;
}
