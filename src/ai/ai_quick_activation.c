/*
 * ai_quick_activation.c: the cheaper judgement of an activation used by the
 * scripted player that plays both sides inside the hard search's playouts
 * (ruling R-AI-24; ai_tactics_cfg.quick). The full judgement weighs every action
 * the activated units could take one level down: each smoke attempt on every
 * hex in reach, and each kind of move (assault, double time, low crawl) planned
 * whole besides the plain move. A playout needs a plausible line of play, not the
 * finest one, and pays for that look-ahead at every impulse of both sides; so
 * here smoke is left out of the look-ahead and a stack's other kinds of move are
 * judged by its plain move, when it has one. The decision the activated units
 * then face is still judged in full. Outside the playouts (easy, normal, the
 * search's own priors) nothing changes.
 */
#include "ai/ai.h"

#include <string.h>

bool ai_quick_follow_skip(const lnlt_action *a, const lnlt_action *legal, int n)
{
    if (a->type == LNLT_ACT_SMOKE)
        return true;
    if (a->type == LNLT_ACT_MOVE || a->type == LNLT_ACT_ENTER || !ai_is_move(a->type) || a->nargs < 1)
        return false;
    for (int i = 0; i < n; i++) {
        const lnlt_action *b = &legal[i];
        if (b->type == LNLT_ACT_MOVE && b->nargs >= 1 && b->arg[0] == a->arg[0] &&
            !memcmp(b->units, a->units, sizeof a->units))
            return true;
    }
    return false;
}
