/*
 * ai_overrun.c: what a side's evaluation gains from enemy stacks it can take
 * without a fight (R-AI-100). 8.0: when units enter a hex whose enemies have no
 * unit able to fight a melee (every MMC shaken, only leaders without a melee
 * weapon, medics, snipers...), those enemies are eliminated at once. Such a
 * stack next to a good-order MMC of the side that may still move this turn is
 * as good as taken; the evaluation counts part of its worth, so fire that shakes
 * the last fighter of a defended hex is worth more when another stack stands
 * ready to walk in (fire first, then move in), and a squad entering a hex of
 * fighters at poor odds is compared with that.
 */
#include "ai/ai.h"

/* The share of the helpless stack's worth counted: the move in is not made
 * yet, the enemy's other stacks may fire at the movers first, and a rally
 * phase may come between. */
#define OVERRUN_SHARE 0.5f

static int kind_of(const ai_board *bd, const lnlt_unit *u)
{
    const lnlt_catalog *cat = bd->ctx->catalog;
    return u->type >= 0 && u->type < cat->unit_count ? (int)cat->unit[u->type].kind : -1;
}

/* 8.0: may this unit fight a melee? Leaders count as not (only one holding a
 * melee weapon fights, which the scripted player's view does not weigh). */
static bool fights(const ai_board *bd, const lnlt_unit *u)
{
    if (u->cell < 0 || u->status != LNLT_GOOD_ORDER)
        return false;
    switch (kind_of(bd, u)) {
    case LNLT_UK_SNIPER: case LNLT_UK_MEDIC: case LNLT_UK_CORPSMAN: case LNLT_UK_CHAPLAIN:
    case LNLT_UK_NURSE: case LNLT_UK_PIPER: case LNLT_UK_MARKSMAN: case LNLT_UK_VEHICLE:
    case LNLT_UK_LEADER: case LNLT_UK_ADVISOR: case LNLT_UK_ARMOR_LEADER: case LNLT_UK_COMMISSAR:
    case -1:
        return false;
    default:
        return true;
    }
}

/* A good-order MMC of `side` in `cell` that has not acted this turn. */
static bool ready_mover_in(const ai_board *bd, const lnlt_state *st, int side, int cell)
{
    for (int i = 0; i < st->unit_count; i++) {
        const lnlt_unit *u = &st->unit[i];
        if (u->side != side || u->cell != cell || u->status != LNLT_GOOD_ORDER || (u->marks & AI_ACTED_MARKS))
            continue;
        int k = kind_of(bd, u);
        if (k >= 0 && lnlt_unit_kind_is_mmc(k))
            return true;
    }
    return false;
}

float ai_overrun_points(const ai_board *bd, const lnlt_state *st, const ai_scan *sc, int side)
{
    if (st->phase != LNLT_PHASE_OPERATIONS && st->phase != LNLT_PHASE_RALLY)
        return 0;
    float pts = 0;
    for (int k = 0; k < sc->nstacks; k++) {
        const ai_stack *s = &sc->stack[k];
        int cell = lnlt_loc_cell(s->loc);
        if (s->side == side || s->units == 0 || cell < 0 || cell >= bd->cells || s->loc != cell)
            continue;
        bool helpless = true;
        for (int i = 0; i < st->unit_count && helpless; i++)
            if (st->unit[i].side == s->side && st->unit[i].cell == cell && fights(bd, &st->unit[i]))
                helpless = false;
        if (!helpless)
            continue;
        for (int d = 0; d < 6; d++) {
            int n = bd->nb[cell][d];
            if (n >= 0 && ready_mover_in(bd, st, side, n)) {
                pts += OVERRUN_SHARE * s->value;
                break;
            }
        }
    }
    return pts;
}
