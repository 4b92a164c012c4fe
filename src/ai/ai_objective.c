/*
 * ai_objective.c: what the scripted player knows of an objective the victory
 * conditions name (22.0; the Weapons Cache's cache, R-SCN-05): whether its
 * named unit and a good-order MMC hold its hex, and which moves of a part of a
 * stack bring the named unit there. The engine destroys such an objective when
 * both stay in its hex through a whole turn without acting or fighting a melee
 * (R-SCN-05); a move of the whole stack cannot always take them there (the hex
 * may not have room for the whole stack, 1.3), so the named unit's own moves are
 * judged too (R-AI-83).
 */
#include <string.h>

#include "ai/ai.h"

static bool melee_in_hex(const lnlt_state *st, int cell)
{
    if (lnlt_bit(st->melee, cell) || lnlt_bit(st->melee_fought, cell))
        return true;
    for (int f = 0; f < LNLT_FLOORS - 1; f++)
        if (lnlt_bit(st->melee_up[f], cell) || lnlt_bit(st->melee_fought_up[f], cell))
            return true;
    return false;
}

bool ai_objective_held(const ai_board *bd, const lnlt_state *st, const lnlt_scn_objective *o, int cell, bool idle)
{
    const lnlt_catalog *cat = bd->ctx->catalog;
    if (cell < 0 || cell >= bd->cells || melee_in_hex(st, cell))
        return false;
    bool mmc = !o->needs_go_mmc, named = o->needs_unit < 0;
    for (int i = 0; i < st->unit_count; i++) {
        const lnlt_unit *u = &st->unit[i];
        if (u->cell != cell || u->side != o->side + 1 || u->type < 0 || u->type >= cat->unit_count ||
            u->status != LNLT_GOOD_ORDER)
            continue;
        /* 7.0: a unit that laid smoke ends its activation Ops Complete. */
        if (idle && (u->marks || (u->flags & LNLT_UNIT_LAID_SMOKE)))
            continue;
        if (lnlt_unit_kind_is_mmc(cat->unit[u->type].kind))
            mmc = true;
        if (u->type == o->needs_unit)
            named = true;
    }
    return mmc && named;
}

bool ai_objective_destroyed(const lnlt_state *st, int k)
{
    return (st->events_done >> (4 + k)) & 1;
}

bool ai_objective_hold_begun(const lnlt_state *st, int k)
{
    return (st->objectives >> (4 + k)) & 1;
}

bool ai_objective_named_among(const ai_board *bd, const lnlt_state *st, int side, const uint8_t *units)
{
    const lnlt_scenario *scn = bd->ctx->scenario;
    for (int k = 0; k < bd->goal_count; k++) {
        const ai_goal *g = &bd->goal[k];
        if (g->kind != AI_GOAL_OBJECTIVE || g->side != side || g->objective < 0 ||
            g->objective >= scn->objective_count || ai_objective_destroyed(st, g->objective))
            continue;
        int named = scn->objective[g->objective].needs_unit;
        for (int i = 0; named >= 0 && i < st->unit_count && i < LNLT_MAX_UNITS; i++)
            if (lnlt_bit(units, i) && st->unit[i].side == side && st->unit[i].type == named)
                return true;
    }
    return false;
}

bool ai_objective_mover(const ai_board *bd, const lnlt_state *st, const lnlt_action *a)
{
    int n = 0;
    for (int i = 0; i < st->unit_count && i < LNLT_MAX_UNITS; i++)
        n += lnlt_bit(a->units, i) ? 1 : 0;
    if (n == 0 || n > 2 || !ai_objective_named_among(bd, st, a->side, a->units))
        return false;
    /* Where a hidden objective lies is known only once it is revealed. */
    const lnlt_scenario *scn = bd->ctx->scenario;
    for (int k = 0; k < bd->goal_count; k++) {
        const ai_goal *g = &bd->goal[k];
        if (g->kind == AI_GOAL_OBJECTIVE && g->side == a->side && g->objective >= 0 &&
            g->objective < scn->objective_count &&
            (!scn->objective[g->objective].hidden || ((st->objectives >> g->objective) & 1)))
            return true;
    }
    return false;
}

bool ai_objective_named_in_cell(const ai_board *bd, const lnlt_state *st, int side, int cell)
{
    if (cell < 0)
        return false;
    uint8_t here[LNLT_UNIT_BITS];
    memset(here, 0, sizeof here);
    for (int i = 0; i < st->unit_count && i < LNLT_MAX_UNITS; i++)
        if (st->unit[i].side == side && st->unit[i].cell == cell)
            here[i >> 3] |= (uint8_t)(1u << (i & 7));
    return ai_objective_named_among(bd, st, side, here);
}
