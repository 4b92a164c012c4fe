/*
 * ai_goal_reach.c: how soon a side can stand in the goal hexes it still misses
 * (22.0, 22.1: control of hexes, for VP or as a condition), each hex by a unit
 * of its own (R-AI-61). Counting every missing hex from the one nearest unit,
 * as the evaluation once did, rewards moving the lead stack alone: the rest of
 * the force loses nothing by standing still, so a second stack waited on the
 * entry edge while the first fought for the village. Pairing hexes with units
 * greedily, the nearest pair first, pulls each good-order controlling unit
 * toward a hex nobody else is bound for.
 */
#include "ai/ai.h"

#include <string.h>

/* Units that take and hold hexes (22.0: MMCs and heroes), able to move now. */
static bool takes_hexes(const ai_board *bd, const lnlt_unit *u, int side)
{
    const lnlt_catalog *cat = bd->ctx->catalog;
    if (u->side != side || u->cell < 0 || u->cell >= bd->cells || u->status != LNLT_GOOD_ORDER || u->type < 0 ||
        u->type >= cat->unit_count)
        return false;
    const lnlt_unit_type *t = &cat->unit[u->type];
    return lnlt_unit_kind_is_mmc(t->kind) || t->kind == LNLT_UK_HERO;
}

/* Turns a unit whose movement is `mf2` half MP a turn (twice its MF) needs to
 * the hex whose distance field is `field`, from `cell`. */
static float turns_between(int cell, float mf2, const int16_t *field)
{
    int d2 = field[cell];
    return d2 >= AI_FAR ? AI_REACH_NEVER : (float)d2 / mf2;
}

int ai_goal_reach(const ai_board *bd, const lnlt_state *st, int side, const ai_goal *g, int missing, float *out,
                  int max)
{
    enum { MAXH = 64 };
    int hex[MAXH], nh = 0, nu = 0;
    for (int k = 0; k < g->count && nh < MAXH; k++)
        if (!lnlt_bit(st->control[side], g->hex[k]))
            hex[nh++] = g->hex[k];
    /* each unit's hex and movement read once: the pairing below asks every pair
     * again for each hex it settles */
    int unit_cell[LNLT_MAX_UNITS];
    float unit_mf2[LNLT_MAX_UNITS];
    for (int i = 0; i < st->unit_count && nu < LNLT_MAX_UNITS; i++)
        if (takes_hexes(bd, &st->unit[i], side)) {
            const lnlt_unit_type *t = &bd->ctx->catalog->unit[st->unit[i].type];
            unit_cell[nu] = st->unit[i].cell;
            unit_mf2[nu++] = 2.0f * (float)(t->front.mf > 0 ? t->front.mf : 4);
        }
    if (missing > nh)
        missing = nh;
    if (missing > max)
        missing = max;
    const int16_t *field[MAXH];
    for (int h = 0; h < nh; h++)
        field[h] = bd->to_cell[hex[h]] ? bd->to_cell[hex[h]] : g->dist2;
    bool hex_done[MAXH] = {false}, unit_done[LNLT_MAX_UNITS] = {false};
    int n = 0;
    for (; n < missing; n++) {
        int bh = -1, bu = -1;
        float best = AI_REACH_NEVER;
        for (int h = 0; h < nh; h++)
            for (int k = 0; !hex_done[h] && k < nu; k++) {
                float turns = unit_done[k] ? AI_REACH_NEVER : turns_between(unit_cell[k], unit_mf2[k], field[h]);
                if (turns < best) {
                    best = turns;
                    bh = h;
                    bu = k;
                }
            }
        if (bh < 0) /* no unit left for the remaining hexes */
            break;
        hex_done[bh] = true;
        unit_done[bu] = true;
        out[n] = best;
    }
    for (int i = n; i < missing; i++)
        out[i] = AI_REACH_NEVER;
    return missing;
}
