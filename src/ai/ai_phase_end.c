/*
 * ai_phase_end.c: R-AI-09, the pass the enemy can answer by ending the phase.
 *
 * Three consecutive passes end the Operations Phase (4.0). Judged alone, a pass
 * leaves every unit that has not acted free to act later, so it looks free;
 * but once the enemy has passed, our pass lets the enemy end the phase with its
 * next one, and those units never act this turn. Pricing every such pass by
 * the phase's end made attackers act where waiting was right (docs/ai.md,
 * ai16); it is done only in the phase a goal of the side is due: the game's
 * last turn, a goal's deadline turn, or the last turn in which an objective's
 * hold can begin.
 */
#include <string.h>

#include "ai/ai.h"

/* The turn by which goal `g` must be met (its deadline, or the game's end). */
static int deadline(const lnlt_state *st, const ai_goal *g)
{
    return g->by_turn > 0 && g->by_turn < st->last_turn ? g->by_turn : st->last_turn;
}

bool ai_phase_end_costs_goal(const ai_board *bd, const lnlt_state *st, int side)
{
    if (st->phase != LNLT_PHASE_OPERATIONS)
        return false;
    /* The phase's end is the game's: whatever is not done now never will be. */
    if (st->turn >= st->last_turn)
        return true;
    for (int k = 0; k < bd->goal_count; k++) {
        const ai_goal *g = &bd->goal[k];
        if (g->side != side)
            continue;
        int last = deadline(st, g);
        if (g->kind == AI_GOAL_OBJECTIVE && g->objective >= 0) {
            /* The hold must span whole turns before the deadline (R-AI-87): this
             * turn is the last in which it can begin, unless it already has or
             * the objective is gone. */
            const lnlt_scn_objective *o = &bd->ctx->scenario->objective[g->objective];
            int hold = o->turns > 0 ? o->turns : 1;
            bool done = ai_objective_destroyed(st, g->objective);
            bool begun = ai_objective_hold_begun(st, g->objective);
            if (!done && !begun && st->turn == last - hold)
                return true;
        } else if ((g->kind == AI_GOAL_EXIT || g->kind == AI_GOAL_CONTROL) && st->turn == last) {
            return true;
        }
    }
    return false;
}

float ai_phase_end_value(const lnlt_ctx *ctx, const ai_board *bd, const lnlt_state *st, const lnlt_action *pass,
                         ai_moves *scratch, uint64_t seed)
{
    int side = pass->side;
    lnlt_state sim;
    lnlt_state_clone(&sim, st);
    ai_reseed(&sim, seed);
    if (!ai_play(ctx, &sim, pass))
        return -1e6f;
    lnlt_decision d = lnlt_decision_get(ctx, &sim);
    if (sim.phase != LNLT_PHASE_OPERATIONS || d.side == side || d.kind != LNLT_DECIDE_IMPULSE)
        return 1e6f;
    int n = ai_legal(ctx, &sim, scratch);
    for (int i = 0; i < n; i++) {
        if (scratch->a[i].type != LNLT_ACT_PASS)
            continue;
        lnlt_action answer = scratch->a[i];
        int turn = sim.turn;
        if (!ai_play(ctx, &sim, &answer))
            return -1e6f;
        /* An answer that leaves the phase running costs nothing by itself. */
        if (sim.phase == LNLT_PHASE_OPERATIONS && sim.turn == turn)
            break;
        return ai_evaluate_points(bd, &sim, side);
    }
    return 1e6f;
}
