/*
 * ai_rollout.c: the fast policy of the search's simulations (ai.h) and the priors
 * of its inner nodes. No look-ahead: each legal action gets a score from the
 * position as it stands (ai_scan_position) and the scenario knowledge:
 *   - an attack: the expected loss it inflicts (5.0, 5.1 through ai_hit) on the
 *     target stack's worth, by the firers' FP against the target hex's cover;
 *   - activating a hex or starting a move: the best attack or step its units have;
 *   - a step: how much better the next hex is than this one (nearer the goals,
 *     better cover, less enemy fire on it); stopping when no step is better;
 *   - rally, medics, picking up weapons: small fixed preferences; destroying or
 *     dropping one's own weapons: never (unless it is the only choice).
 * A simulation picks the best action most of the time and a random one now and
 * then, so the playouts vary.
 */
#include "ai/ai.h"

#include <string.h>

static int cover(const ai_board *bd, const lnlt_state *st, int cell)
{
    int tm = bd->tm[cell];
    if (lnlt_bit(st->smoke[0], cell) || lnlt_bit(st->smoke[1], cell))
        tm += 1;
    return tm > 4 ? 4 : tm;
}

/* Enemy fire a hex is under (expected loss fraction, capped). */
static float danger(const ai_board *bd, const ai_scan *sc, const lnlt_state *st, int cell, int side)
{
    int tm = cover(bd, st, cell);
    float e = 0;
    for (int k = 0; k < sc->nstacks; k++) {
        const ai_stack *s = &sc->stack[k];
        if (s->side == side || s->fp <= 0)
            continue;
        int sc_cell = lnlt_loc_cell(s->loc);
        int range = ai_dist(sc_cell, cell, bd);
        if (range > s->range || (range > 0 && ai_los(bd, sc_cell, cell) == LNLT_LOS_BLOCKED))
            continue;
        e += ai_hit(bd, s->fp - tm + (range <= 1 ? 2 : 0));
    }
    return e > 1 ? 1 : e;
}

/* How good a hex is for a stack of `side`: near its goals, in cover, out of fire. */
static float desirability(const ai_board *bd, const ai_scan *sc, const lnlt_state *st, int cell, int side)
{
    if (cell < 0 || cell >= bd->cells)
        return -10;
    int d2 = bd->attract2[side][cell];
    float far = d2 >= AI_FAR ? 0 : (float)d2 / 8.0f;
    if (far > 6)
        far = 6;
    float late = st->last_turn ? (float)st->turn / (float)st->last_turn : 0.5f;
    return -(1.0f + late) * far + 0.4f * (float)cover(bd, st, cell) - 3.0f * danger(bd, sc, st, cell, side);
}

static const ai_stack *stack_of(const ai_scan *sc, int loc, int side)
{
    for (int k = 0; k < sc->nstacks; k++)
        if (sc->stack[k].loc == loc && sc->stack[k].side == side)
            return &sc->stack[k];
    return NULL;
}

/* Expected worth an attack from `from` takes off the enemy at `target`. */
static float attack_value(const ai_board *bd, const ai_scan *sc, const lnlt_state *st, int from, int target,
                          int side, int bonus)
{
    const ai_stack *a = stack_of(sc, from, side);
    const ai_stack *t = stack_of(sc, target, lnlt_other_side(side));
    int tc = lnlt_loc_cell(target), fc = lnlt_loc_cell(from);
    if (!a || !t || tc < 0 || tc >= bd->cells || fc < 0 || fc >= bd->cells)
        return 0;
    int range = ai_dist(fc, tc, bd);
    int x = a->fp - cover(bd, st, tc) + bonus + (range <= 1 ? 2 : 0) - (range > 0 ? ai_los_degrade(bd, fc, tc) : 0);
    if (range > a->range)
        x = (a->fp + 1) / 2 - cover(bd, st, tc) + bonus;
    return ai_hit(bd, x) * t->value;
}

/* The best attack the stack at `loc` could make now. */
static float best_attack(const ai_board *bd, const ai_scan *sc, const lnlt_state *st, int loc, int side)
{
    const ai_stack *a = stack_of(sc, loc, side);
    int fc = lnlt_loc_cell(loc);
    if (!a || a->fp <= 0 || fc < 0 || fc >= bd->cells)
        return 0;
    float best = 0;
    for (int k = 0; k < sc->nstacks; k++) {
        const ai_stack *t = &sc->stack[k];
        int tc = lnlt_loc_cell(t->loc);
        if (t->side == side || tc < 0 || tc >= bd->cells)
            continue;
        int range = ai_dist(fc, tc, bd);
        if (range > a->range || (range > 0 && ai_los(bd, fc, tc) == LNLT_LOS_BLOCKED))
            continue;
        float v = attack_value(bd, sc, st, loc, t->loc, side, 0);
        if (v > best)
            best = v;
    }
    return best;
}

/* How much the stack at `loc` gains by stepping to its best neighbour. */
static float move_desire(const ai_board *bd, const ai_scan *sc, const lnlt_state *st, int loc, int side)
{
    int cell = lnlt_loc_cell(loc);
    if (cell < 0 || cell >= bd->cells)
        return 0;
    float here = desirability(bd, sc, st, cell, side), best = 0;
    for (int k = 0; k < 6; k++) {
        int n = bd->nb[cell][k];
        if (n < 0)
            continue;
        float g = desirability(bd, sc, st, n, side) - here;
        if (g > best)
            best = g;
    }
    return best;
}

static int units_in(const lnlt_action *a)
{
    int n = 0;
    for (int i = 0; i < LNLT_UNIT_BITS; i++)
        n += __builtin_popcount(a->units[i]);
    return n;
}

void ai_quick_scores(const ai_board *bd, const ai_scan *sc, const lnlt_state *st, const lnlt_action *legal, int n,
                     float *scores)
{
    for (int i = 0; i < n; i++) {
        const lnlt_action *a = &legal[i];
        int side = a->side;
        float s = 0;
        switch (a->type) {
        case LNLT_ACT_FIRE:
        case LNLT_ACT_ASSAULT_FIRE:
        case LNLT_ACT_STEALTH_ASSAULT_FIRE:
        case LNLT_ACT_SW_INDIRECT:
        case LNLT_ACT_MORTAR_CALL:
            s = 2.0f * attack_value(bd, sc, st, a->arg[0], a->arg[1], side, 0) - 0.4f;
            break;
        case LNLT_ACT_SNIPE:
            s = 0.5f * attack_value(bd, sc, st, a->arg[0], a->arg[1], side, -2);
            break;
        case LNLT_ACT_OPFIRE:
            s = 2.0f * attack_value(bd, sc, st, a->arg[0], lnlt_location(st->move.cell, 0), side, 1) - 0.5f;
            break;
        case LNLT_ACT_HR_FIRE:
            s = 2.0f * attack_value(bd, sc, st, lnlt_location(st->move.cell, 0), a->arg[0], side, 0);
            break;
        case LNLT_ACT_ACTIVATE: {
            float f = 2.0f * best_attack(bd, sc, st, a->arg[0], side);
            float m = move_desire(bd, sc, st, a->arg[0], side);
            s = (f > m ? f : m) - 0.2f;
            break;
        }
        case LNLT_ACT_MOVE:
        case LNLT_ACT_ASSAULT:
        case LNLT_ACT_DOUBLE_TIME:
        case LNLT_ACT_STEALTH:
        case LNLT_ACT_STEALTH_ASSAULT:
        case LNLT_ACT_HIT_AND_RUN:
        case LNLT_ACT_LOW_CRAWL:
        case LNLT_ACT_OPP_MOVE:
        case LNLT_ACT_OPP_HIT_AND_RUN:
            s = move_desire(bd, sc, st, a->arg[0], side) - 0.3f + (units_in(a) == 0 ? 0.1f : 0.0f) -
                (a->type == LNLT_ACT_LOW_CRAWL ? 0.2f : 0.0f);
            break;
        case LNLT_ACT_ENTER:
            s = 1.0f + 0.1f * (float)units_in(a);
            break;
        case LNLT_ACT_STEP: {
            int here = st->move.cell, to = lnlt_loc_cell(a->arg[0]);
            s = desirability(bd, sc, st, to, side) - desirability(bd, sc, st, here, side) - 0.05f;
            break;
        }
        case LNLT_ACT_EXIT:
            s = 5.0f;
            break;
        case LNLT_ACT_RALLY: s = 2.0f; break;
        case LNLT_ACT_TEND: s = 1.5f; break;
        case LNLT_ACT_RECOMBINE: s = 0.5f; break;
        case LNLT_ACT_SW_PICKUP: s = 1.0f; break;
        case LNLT_ACT_SW_GIVE: s = -0.5f; break;
        case LNLT_ACT_SW_FLIP: s = -0.2f; break;
        case LNLT_ACT_SW_DROP: s = -5.0f; break;
        case LNLT_ACT_SW_DESTROY: s = -20.0f; break;
        case LNLT_ACT_SMOKE:
        case LNLT_ACT_SPOT: s = -0.5f; break;
        case LNLT_ACT_PASS: s = 0.05f; break;
        case LNLT_ACT_ALSO: s = 0.1f; break;
        case LNLT_ACT_PLACE:
        case LNLT_ACT_SNIPER:
            s = desirability(bd, sc, st, lnlt_loc_cell(a->arg[0]), side);
            break;
        default:
            s = 0;
            break;
        }
        scores[i] = s;
    }
}

int ai_quick_pick(const ai_board *bd, const lnlt_state *st, const lnlt_action *legal, int n, lnlt_pcg32 *rng)
{
    if (n <= 1)
        return 0;
    if (lnlt_pcg32_below(rng, 10) == 0) {
        /* Now and then anything but throwing one's weapons away. */
        for (int tries = 0; tries < 4; tries++) {
            int k = (int)lnlt_pcg32_below(rng, (uint32_t)n);
            if (legal[k].type != LNLT_ACT_SW_DESTROY && legal[k].type != LNLT_ACT_SW_DROP)
                return k;
        }
    }
    ai_scan sc;
    ai_scan_position(bd, st, &sc);
    float scores[256];
    int m = n < 256 ? n : 256;
    ai_quick_scores(bd, &sc, st, legal, m, scores);
    int best = 0, ties = 1;
    for (int i = 1; i < m; i++) {
        if (scores[i] > scores[best] + 1e-6f) {
            best = i;
            ties = 1;
        } else if (scores[i] > scores[best] - 1e-6f && lnlt_pcg32_below(rng, (uint32_t)++ties) == 0) {
            best = i;
        }
    }
    return best;
}
