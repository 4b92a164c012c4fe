/*
 * ai_draw.c: what the enemy's unspent opportunity fire is worth to the side that
 * moves (5.3, 4.1), so the scripted player can draw it with a cheap unit before
 * its main body crosses the same ground (R-AI-03).
 *
 * 5.3: only good-order units without a Moved, Low Crawl, Hit and Run or Fired
 * marker may fire at a mover, and a unit that does is marked Fired, so it fires
 * at nobody else for the rest of the turn. A stack that fires at the first unit
 * entering its sight has spent that fire. What it is worth to the mover's side is
 * the shot it would otherwise have had at the side's other units that may still
 * act this turn (Operations Phase, no marker of having acted) on the first hexes
 * of their way to their goals (down the side's distance field): the best such
 * shot, times the worth of the units it would hit. A move that enters the stack's
 * sight is credited that much, unless the side's exit goals cannot do without
 * the movers (R-AI-21): only units the victory can spare draw fire.
 */
#include "ai/ai.h"

#include <string.h>

enum {
    /* Hexes of a unit's way to its goal counted as crossed this turn: a leg
     * move of 4 MP through mixed terrain. */
    WAY_HEXES = 4,
    /* Groups of units (by hex) that may still move: more are not counted. */
    WAITING_MAX = 32
};

float ai_shot_at_mover(const ai_board *bd, const ai_stack *e, int cell)
{
    int ec = lnlt_loc_cell(e->loc);
    int range = ai_dist(ec, cell, bd);
    if (e->op_firers == 0 || range > e->range || (range > 0 && ai_los(bd, ec, cell) == LNLT_LOS_BLOCKED))
        return 0;
    /* A mover has no cover bonus of a hex whose TM counts only for units that
     * stay still (10.4): the same -1 the move planner uses. */
    int tm = bd->tm[cell] + (bd->no_moving_bonus[cell] ? 0 : -1);
    /* Only the units that may still fire at a mover count (5.3, ai_stack.op_fp);
     * an MMC under Ops Complete may fire with a FP below 1. */
    return ai_hit(bd, e->op_fp - tm - ai_los_degrade(bd, ec, cell) + (range <= 1 ? 2 : 0));
}

static bool has_own_goal(const ai_board *bd, int side)
{
    for (int k = 0; k < bd->goal_count; k++)
        if (bd->goal[k].side == side && bd->goal[k].count > 0)
            return true;
    return false;
}

/* The first WAY_HEXES hexes from `cell` toward the side's nearest goal hex; the
 * count of them written to way[]. */
static int way_to_goal(const ai_board *bd, int side, int cell, int *way)
{
    int n = 0;
    for (int at = cell; n < WAY_HEXES;) {
        int here = bd->attract2[side][at], next = -1;
        if (here == 0 || here >= AI_FAR)
            break;
        for (int d = 0; d < 6; d++) {
            int c = bd->nb[at][d];
            if (c >= 0 && bd->usable[c] && bd->attract2[side][c] < here &&
                (next < 0 || bd->attract2[side][c] < bd->attract2[side][next]))
                next = c;
        }
        if (next < 0)
            break;
        way[n++] = next;
        at = next;
    }
    return n;
}

/* reserve[k]: what the unspent fire of sc->stack[k] is worth to the side's units
 * that may still move (0 for the side's own stacks and spent ones). */
static void fire_reserve(const ai_board *bd, const ai_scan *sc, const lnlt_state *st, int side, float *reserve)
{
    for (int k = 0; k < sc->nstacks; k++)
        reserve[k] = 0;
    if (st->phase != LNLT_PHASE_OPERATIONS || !has_own_goal(bd, side))
        return;
    /* The worth, by hex, of the side's units that may still move this turn and
     * are not moving now. */
    int cells[WAITING_MAX], groups = 0;
    float worth[WAITING_MAX];
    for (int i = 0; i < st->unit_count; i++) {
        const lnlt_unit *u = &st->unit[i];
        if (u->side != side || u->cell < 0 || u->cell >= bd->cells || u->status != LNLT_GOOD_ORDER ||
            (u->marks & AI_ACTED_MARKS) || u->type < 0 || u->type >= LNLT_MAX_UNIT_TYPES || lnlt_bit(st->move.units, i))
            continue;
        int g = 0;
        while (g < groups && cells[g] != u->cell)
            g++;
        if (g == groups) {
            if (groups == WAITING_MAX)
                continue;
            cells[groups] = u->cell;
            worth[groups++] = 0;
        }
        worth[g] += bd->unit_value[u->type];
    }
    for (int g = 0; g < groups; g++) {
        int way[WAY_HEXES];
        int n = way_to_goal(bd, side, cells[g], way);
        if (n == 0)
            continue;
        for (int k = 0; k < sc->nstacks; k++) {
            const ai_stack *e = &sc->stack[k];
            if (e->side == side || e->op_firers == 0)
                continue;
            /* 5.3: the stack fires once this turn, at the hex of their way it
             * likes best; what that shot would take from these units is what its
             * fire drawn elsewhere saves them, and the most it saves any of them
             * is what it is worth. */
            float shot = 0;
            for (int h = 0; h < n; h++) {
                float at = ai_shot_at_mover(bd, e, way[h]);
                if (at > shot)
                    shot = at;
            }
            if (shot * worth[g] > reserve[k])
                reserve[k] = shot * worth[g];
        }
    }
}

/* R-AI-21: can the side's exit goals spare the movers? Without them, the units
 * already out and the good-order ones on the map must still make the halves
 * and leaders each exit goal counts; a unit they cannot do without is no decoy,
 * however much fire it would draw (a decoy is shaken or broken as often as not,
 * and then the goal is out of reach). */
static bool movers_spare(const ai_board *bd, const lnlt_state *st, int side)
{
    const lnlt_catalog *cat = bd->ctx->catalog;
    for (int k = 0; k < bd->goal_count; k++) {
        const ai_goal *g = &bd->goal[k];
        if (g->side != side || g->kind != AI_GOAL_EXIT)
            continue;
        int halves = 0, leaders = 0;
        for (int i = 0; i < st->unit_count; i++) {
            const lnlt_unit *u = &st->unit[i];
            if (u->side != side || u->type < 0 || u->type >= cat->unit_count || lnlt_bit(st->move.units, i))
                continue;
            bool out = u->cell == LNLT_CELL_EXITED && (!g->by_turn || u->entry_turn <= g->by_turn);
            if (!out && (u->cell < 0 || u->status != LNLT_GOOD_ORDER))
                continue;
            halves += ai_exit_halves(cat->unit[u->type].kind);
            leaders += cat->unit[u->type].kind == LNLT_UK_LEADER;
        }
        if (halves < g->need || leaders < g->leaders)
            return false;
    }
    return true;
}

void ai_draw_find(const ai_board *bd, const ai_scan *sc, const lnlt_state *st, int side, ai_draw_targets *dt)
{
    dt->n = 0;
    if (!movers_spare(bd, st, side))
        return; /* R-AI-21 */
    float reserve[AI_STACKS];
    fire_reserve(bd, sc, st, side, reserve);
    for (int k = 0; k < sc->nstacks; k++) {
        if (reserve[k] <= 0)
            continue;
        int at;
        if (dt->n < AI_DRAWN_MAX)
            at = dt->n++;
        else if (dt->reserve[AI_DRAWN_MAX - 1] < reserve[k])
            at = AI_DRAWN_MAX - 1; /* the least of the list gives way */
        else
            continue;
        while (at > 0 && dt->reserve[at - 1] < reserve[k]) {
            dt->stack[at] = dt->stack[at - 1];
            dt->reserve[at] = dt->reserve[at - 1];
            at--;
        }
        dt->stack[at] = k;
        dt->reserve[at] = reserve[k];
    }
}

/* A stack that may fire at the movers in `cell` is taken to do so (drawn[j]),
 * as a defender who fires at the first target he sees does: weighting that by
 * how good a target the movers are against the units behind them made the
 * attackers wait more and win less (docs/ai.md). 5.3: a mover may be fired at
 * only once for each MP it spends in a hex, so at most `shots` stacks are drawn
 * there, those whose fire is worth most. */
void ai_draw_pull(const ai_board *bd, const ai_scan *sc, const ai_draw_targets *dt, int cell, int shots, bool *drawn)
{
    for (int s = 0; s < shots; s++) {
        int pick = -1;
        for (int j = 0; j < dt->n && pick < 0; j++) /* the list runs from the most worth */
            if (!drawn[j] && ai_shot_at_mover(bd, &sc->stack[dt->stack[j]], cell) > 0)
                pick = j;
        if (pick < 0)
            return;
        drawn[pick] = true;
    }
}

/* The worth to the waiting units of the fire the path draws. */
float ai_draw_worth(const ai_draw_targets *dt, const bool *drawn)
{
    float sum = 0;
    for (int j = 0; j < dt->n; j++)
        if (drawn[j])
            sum += dt->reserve[j];
    return sum;
}
