/*
 * ai_quick_activation.c: the cheaper judgement of an activation used by the
 * scripted player that plays both sides inside the hard search's playouts
 * (ruling R-AI-24; ai_tactics_cfg.quick). The full judgement weighs every action
 * the activated units could take one level down: each smoke attempt on every
 * hex in reach, and each kind of move (assault, double time, low crawl) planned
 * whole besides the plain move. A playout needs a plausible line of play, not the
 * finest one, and pays for that look-ahead at every impulse of both sides; so
 * here smoke is left out of the look-ahead and a stack's assault moves are
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
    /* An assault move reaches less far than the plain move of the same units,
     * and double time is judged by where the plain move leads; a low crawl
     * (one hex, cheap to plan, the way through fire) and stealth stay. */
    if ((a->type != LNLT_ACT_ASSAULT && a->type != LNLT_ACT_ASSAULT_DT && a->type != LNLT_ACT_DOUBLE_TIME) ||
        a->nargs < 1)
        return false;
    for (int i = 0; i < n; i++) {
        const lnlt_action *b = &legal[i];
        if (b->type == LNLT_ACT_MOVE && b->nargs >= 1 && b->arg[0] == a->arg[0] &&
            !memcmp(b->units, a->units, sizeof a->units))
            return true;
    }
    return false;
}
