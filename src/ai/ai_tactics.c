/*
 * ai_tactics.c: the scripted computer player (levels easy and normal), in the
 * manner of Wesnoth's RCA AI: every legal action of the decision is a candidate,
 * each gets a score, the best is played. A score is the evaluation (ai_eval.c) of
 * where the action leads, from the deciding side's view:
 *   - an attack (5.0, 5.3 opportunity fire, 11.4 sniper, 8.0 melee) is played on
 *     copies of the position with re-sampled dice and its results averaged, so
 *     the expected damage against the target's cover decides where to fire;
 *   - activating a hex (4.0) or a leader's adjacent hex is worth the best thing
 *     the activated units can then do;
 *   - a move (6.0-6.4, entry 22.0) is worth its best destination: the reachable
 *     hexes are explored through the engine's own step list, each ending scored by
 *     the evaluation less the opportunity fire the path walks through (5.3),
 *     plus what the fire it draws is worth to the units still to move (R-AI-03);
 *   - everything else (rally 3.0, medics 11.3, weapons 1.6, set-up 22.0, events)
 *     is worth the position it leaves.
 * Passing, ending the rally phase or an activation keep the position as it is;
 * another action must beat them by a margin, so weapons are not juggled and
 * nothing moves for nothing; a rally attempt, free when it fails, need not
 * (R-AI-02). A support weapon is destroyed only to deny it to an
 * enemy about to take it (its holder shaken, an enemy next to it).
 */
#include "ai/ai.h"

#include <math.h>
#include <stdlib.h>
#include <string.h>

#define DEPTHS 4
#define PLAN_NODES 48
#define PATH_MAX 24
/* R-AI-02: a rally attempt is judged over this many times the level's samples. */
#define FREE_ATTEMPT_SAMPLES 4

struct ai_tactics {
    const ai_board *bd;
    const lnlt_ctx *ctx;
    ai_tactics_cfg cfg;
    uint64_t seeds;        /* splitmix state for the dice of simulations */
    lnlt_pcg32 rng;        /* noise (easy) */
    ai_moves list[DEPTHS]; /* legal lists, one per level of look-ahead */
    ai_moves plan_list;
    lnlt_state *nodes;     /* PLAN_NODES states for move planning */
    /* The action an activation was chosen for (4.0): played at the next
     * decision, so a hex is never activated only to do nothing. */
    lnlt_action follow;
    uint32_t follow_at;    /* the actions_applied of the position it is for */
    lnlt_action next;      /* set by continuation at depth 0: its best action */
    /* The move being walked (6.0): planned once when it starts, so the units
     * get where they were sent; re-planned only if the move goes otherwise. */
    lnlt_action path[PATH_MAX];
    int path_len, path_next;
    int16_t path_from;     /* where the moving stack should be for path[path_next] */
    uint8_t path_units[LNLT_UNIT_BITS];
    uint8_t unread_events; /* R-AI-41: markers still on the map (ai_events.c) */
};

ai_tactics *ai_tactics_new(const ai_board *bd, const ai_tactics_cfg *cfg, uint64_t seed)
{
    ai_tactics *t = calloc(1, sizeof *t);
    if (!t)
        return NULL;
    t->nodes = malloc(PLAN_NODES * sizeof *t->nodes);
    if (!t->nodes) {
        free(t);
        return NULL;
    }
    t->bd = bd;
    t->ctx = bd->ctx;
    t->cfg = *cfg;
    if (t->cfg.samples < 1)
        t->cfg.samples = 1;
    t->seeds = seed;
    lnlt_pcg32_seed(&t->rng, seed, 0x7461637469637375ull);
    return t;
}

void ai_tactics_free(ai_tactics *t)
{
    if (!t)
        return;
    for (int i = 0; i < DEPTHS; i++)
        ai_moves_free(&t->list[i]);
    ai_moves_free(&t->plan_list);
    free(t->nodes);
    free(t);
}

/* Actions whose outcome rides on dice, so their score is an average. */
static bool rolls_dice(int type)
{
    if (ai_is_fire(type))
        return true;
    switch (type) {
    case LNLT_ACT_RALLY:
    case LNLT_ACT_TEND:
    case LNLT_ACT_SMOKE:
    case LNLT_ACT_SPOT:
    case LNLT_ACT_MELEE:
    case LNLT_ACT_TARGET:
    case LNLT_ACT_CHOOSE:
    case LNLT_ACT_FIGHT_OR_DIE:
    case LNLT_ACT_WITHDRAW:
    case LNLT_ACT_CALL_FIRE:
    case LNLT_ACT_SHIFT_FIRE:
    case LNLT_ACT_THE_AMBUSH:
        return true;
    default:
        return false;
    }
}

/* R-AI-02: a rally attempt (3.0) and a medic's help (11.3) cost nothing when
 * they fail (the unit stays shaken, nothing else changes) and win the unit back
 * when they succeed, so they are never worse than ending the rally phase. They
 * are judged over more samples than other dice (a lone leader rallying at 28%
 * failed all six samples of normal one time in seven, and the attempt was
 * skipped) and need not beat doing nothing by the usual margin. */
static bool free_attempt(int type)
{
    return type == LNLT_ACT_RALLY || type == LNLT_ACT_TEND;
}

/* R-AI-06: starting a group out of a large stack (4.0, R-CORE-94) changes
 * nothing by itself and `cancel` undoes it, so a gather scored like any other
 * action beat every real action worse than doing nothing, and the player
 * gathered and cancelled the same group for ever. It must beat doing nothing by
 * this many points (a tenth of the evaluation's scale). */
#define GATHER_MARGIN 3.0f

/* R-AI-08: the follow-up an activation's look-ahead remembered is kept unless
 * another action, scored in full at its decision, beats it by this much. */
#define FOLLOW_MARGIN 0.5f

/* Actions that keep things as they are: the baseline others must beat. */
static bool is_rest(int type)
{
    return type == LNLT_ACT_PASS || type == LNLT_ACT_END_RALLY || type == LNLT_ACT_DONE || type == LNLT_ACT_NO_FIRE ||
           type == LNLT_ACT_STOP;
}

/* 4.0: an activation in which no hex has moved or fired yet. Ending it there
 * costs the side nothing and keeps the phase from ending on passes, so a player
 * that did it could stall a phase for ever: the scripted player never does. */
static bool fresh_activation(const lnlt_ctx *ctx, const lnlt_state *st)
{
    if (lnlt_decision_get(ctx, st).kind != LNLT_DECIDE_ACTIVATION || st->impulse_hex_count == 0)
        return false;
    for (int i = 0; i < st->impulse_hex_count && i < LNLT_IMPULSE_HEXES; i++)
        if (st->impulse_hex[i].done)
            return false;
    return true;
}

static int units_in(const lnlt_action *a)
{
    int n = 0;
    for (int i = 0; i < LNLT_UNIT_BITS; i++)
        n += __builtin_popcount(a->units[i]);
    return n;
}

/* 1.6, 3.0: a weapon is destroyed only when the enemy would otherwise take it:
 * its holder's hex is in melee (an enemy in it), or the holder stands alone next
 * to at least two good-order enemy MMCs. */
static bool denial_justified(const ai_tactics *t, const lnlt_state *st, const lnlt_action *a)
{
    int w = a->arg[1];
    if (w < 0 || w >= st->sw_count)
        return false;
    int holder = st->sw[w].holder;
    int cell = holder >= 0 ? st->unit[holder].cell : st->sw[w].cell;
    if (cell < 0)
        return false;
    int friends = 0, adjacent = 0;
    for (int i = 0; i < st->unit_count; i++) {
        const lnlt_unit *u = &st->unit[i];
        if (u->cell < 0 || u->status != LNLT_GOOD_ORDER)
            continue;
        const lnlt_catalog *cat = t->ctx->catalog;
        bool mmc = u->type >= 0 && u->type < cat->unit_count && lnlt_unit_kind_is_mmc(cat->unit[u->type].kind);
        if (u->side == a->side) {
            friends += u->cell == cell && mmc;
            continue;
        }
        if (u->cell == cell)
            return true;
        adjacent += mmc && ai_dist(u->cell, cell, t->bd) == 1;
    }
    return friends <= 1 && adjacent >= 2;
}

/* Walks a simulated move through what interrupts it until `side` decides again:
 * the other side's opportunity fire is declined (its cost is priced as risk
 * instead), and the choices a step can bring (a melee's targets 8.0, retreats,
 * weapons dropped, an event's unit) take the first legal answer, so the plan
 * sees the melee fought and the event played. */
static void decline_interruptions(ai_tactics *t, lnlt_state *st, int side)
{
    for (int guard = 0; guard < 24; guard++) {
        lnlt_decision d = lnlt_decision_get(t->ctx, st);
        if (d.kind == LNLT_DECIDE_NONE || (d.side == side && d.kind != LNLT_DECIDE_MELEE_TARGET &&
                                           d.kind != LNLT_DECIDE_RETREAT && d.kind != LNLT_DECIDE_SW_DROP))
            return;
        if (d.kind == LNLT_DECIDE_IMPULSE || d.kind == LNLT_DECIDE_ACTIVATION || d.kind == LNLT_DECIDE_MOVE ||
            d.kind == LNLT_DECIDE_RALLY)
            return; /* the other side's own turn: the plan ends here */
        lnlt_action pass;
        if (ai_pass(t->ctx, st, &pass)) { /* the list's own no-fire, without the list */
            if (!ai_play(t->ctx, st, &pass))
                return;
            continue;
        }
        int n = ai_legal(t->ctx, st, &t->plan_list);
        if (n <= 0)
            return;
        int pick = 0;
        for (int i = 0; i < n; i++)
            if (t->plan_list.a[i].type == LNLT_ACT_NO_FIRE) {
                pick = i;
                break;
            }
        if (!ai_play(t->ctx, st, &t->plan_list.a[pick]))
            return;
    }
}

/* Half MP the moving stack has spent (the most among its movers). */
static int move_spent(const lnlt_state *st)
{
    int spent = 0;
    for (int i = 0; i < st->unit_count; i++)
        if (lnlt_bit(st->move.units, i) && st->unit[i].mp2 > spent)
            spent = st->unit[i].mp2;
    return spent;
}

/* Worth of the moving stack. */
static float movers_worth(const ai_board *bd, const lnlt_state *st)
{
    float worth = 0;
    for (int i = 0; i < st->unit_count; i++)
        if (lnlt_bit(st->move.units, i) && st->unit[i].type >= 0)
            worth += bd->unit_value[st->unit[i].type] * (st->unit[i].status == LNLT_GOOD_ORDER ? 1.0f : 0.55f);
    return worth;
}

/* R-AI-41: what the ambush an unread marker may hide costs the movers that set
 * it off entering `cell`: one shot at them there, on the worth the side need not
 * expose (ai_ambush_exposed). */
static float ambush_risk(const ai_tactics *t, const lnlt_state *st, int side, int cell)
{
    return ai_ambush_exposed(t->bd, st, side) * ai_ambush_loss(t->bd, cell);
}

/* Worth of the moving stack and the opportunity fire it may draw entering `cell`. */
static float entry_risk(const ai_tactics *t, const ai_scan *sc, const lnlt_state *st, int cell, int side)
{
    const ai_board *bd = t->bd;
    float worth = movers_worth(bd, st);
    float expect = 0;
    for (int k = 0; k < sc->nstacks; k++) {
        const ai_stack *e = &sc->stack[k];
        if (e->side == side || e->op_firers == 0)
            continue;
        expect += ai_shot_at_mover(bd, e, cell);
    }
    if (expect > 1.0f)
        expect = 1.0f;
    /* Each hex entered in sight is charged the whole expected loss: the enemy's
     * units fire one by one, each at the hex it likes best (5.3), and a stack
     * shaken on the way stops where it is hit. Charged at 35% it walked its
     * stacks through fire (A Friend in Need's Americans won 52% against random
     * play, 60% charged whole over 300 games each). Charged twice over (a
     * shaken squad also gives the enemy VP when it is caught again, and stops
     * the attack), they were shaken by opportunity fire less often than in
     * the games they lost: 70.9% -> 76.3% on average over 900 games a side. */
    return 2.0f * expect * worth;
}

static float eval_points(const ai_tactics *t, const lnlt_state *st, int side)
{
    return ai_evaluate_points(t->bd, st, side);
}

/* Units of the other side in the location `loc`. */
static bool enemy_at(const lnlt_state *st, int loc, int side)
{
    for (int i = 0; i < st->unit_count; i++)
        if (st->unit[i].side != side && st->unit[i].cell >= 0 && lnlt_unit_loc(&st->unit[i]) == loc)
            return true;
    return false;
}

/* The average worth of a step that starts a melee (8.0), over the level's dice
 * samples (one sample would let a lucky melee send the leaders in). */
#define NAMED_MELEE_SAMPLES 4
static float melee_value(ai_tactics *t, const lnlt_state *from, const lnlt_action *step, int side)
{
    lnlt_state sim;
    float sum = 0;
    int ok = 0;
    /* R-AI-85: with an objective's named unit among the movers, a rare kill by
     * the defenders (8.1: the unit is overrun when no MMC is left with it) loses
     * the objective; it must not slip between a handful of samples. */
    int samples = t->cfg.samples;
    if (ai_objective_named_among(t->bd, from, side, from->move.units))
        samples *= NAMED_MELEE_SAMPLES;
    for (int s = 0; s < samples; s++) {
        lnlt_state_clone(&sim, from);
        ai_reseed(&sim, ai_mix(&t->seeds));
        if (!ai_play(t->ctx, &sim, step))
            return -1e6f;
        decline_interruptions(t, &sim, side);
        sum += eval_points(t, &sim, side);
        ok++;
    }
    return ok ? sum / (float)ok : -1e6f;
}

/* The best end of the move the position is in the middle of (decision MOVE for
 * `side`), explored through the engine's steps: a cheapest-first search by MP
 * spent, the other side's opportunity fire declined and priced instead. With
 * `must_move`, ending the move where it began does not count (6.0: a move of no
 * hex is a wasted activation). When `path` is given it receives the actions from
 * here to the best end (*path_len of them, at most PATH_MAX). */
static float plan_move(ai_tactics *t, const lnlt_state *start, int side, bool must_move, lnlt_action *path,
                       int *path_len)
{
    ai_scan sc;
    ai_scan_position(t->bd, start, &sc);
    /* R-AI-03: the enemy fire a path may draw away from the units still to move. */
    ai_draw_targets dt;
    ai_draw_find(t->bd, &sc, start, side, &dt);
    lnlt_state *node = t->nodes;
    /* R-AI-41: what setting off a marker first spares the units still to move. */
    float clearing = t->unread_events ? ai_ambush_clearing(t->bd, start, side) : 0.0f;
    float risk[PLAN_NODES];
    bool drawn[PLAN_NODES][AI_DRAWN_MAX];
    uint8_t armed[PLAN_NODES]; /* R-AI-41: unread markers the path has set off */
    int spent[PLAN_NODES], loc[PLAN_NODES], parent[PLAN_NODES];
    bool stepped[PLAN_NODES]; /* a hex entered on the way here (must_move) */
    lnlt_action via[PLAN_NODES];
    bool open[PLAN_NODES];
    int count = 1;
    lnlt_state_clone(&node[0], start);
    risk[0] = 0;
    memset(drawn[0], 0, sizeof drawn[0]);
    armed[0] = 0;
    spent[0] = move_spent(start);
    loc[0] = start->move.cell;
    parent[0] = -1;
    stepped[0] = false;
    open[0] = true;
    memset(&via[0], 0, sizeof via[0]);
    float best = -1e9f;
    int best_node = 0;
    lnlt_action best_end;
    memset(&best_end, 0, sizeof best_end);
    lnlt_state tmp;
    for (;;) {
        int cur = -1;
        for (int i = 0; i < count; i++)
            if (open[i] && (cur < 0 || spent[i] < spent[cur]))
                cur = i;
        if (cur < 0)
            break;
        open[cur] = false;
        int n = ai_legal(t->ctx, &node[cur], &t->plan_list);
        if (n <= 0)
            continue;
        /* Copy the list: exploring children reuses plan_list. */
        lnlt_action acts[64];
        if (n > 64)
            n = 64;
        memcpy(acts, t->plan_list.a, (size_t)n * sizeof acts[0]);
        bool can_step = false;
        for (int i = 0; i < n && !can_step; i++)
            can_step = acts[i].type == LNLT_ACT_STEP || acts[i].type == LNLT_ACT_EXIT;
        for (int i = 0; i < n; i++) {
            const lnlt_action *a = &acts[i];
            if (a->type == LNLT_ACT_STOP || a->type == LNLT_ACT_EXIT || a->type == LNLT_ACT_DONE) {
                if (!stepped[cur] && must_move && a->type != LNLT_ACT_EXIT)
                    continue;
                lnlt_state_clone(&tmp, &node[cur]);
                if (!ai_play(t->ctx, &tmp, a))
                    continue;
                decline_interruptions(t, &tmp, side);
                float v = eval_points(t, &tmp, side) - risk[cur] + ai_draw_worth(&dt, drawn[cur]);
                if (v > best) {
                    best = v;
                    best_node = cur;
                    best_end = *a;
                }
                continue;
            }
            if (!stepped[cur] && !can_step && (a->type == LNLT_ACT_SW_FLIP || a->type == LNLT_ACT_SW_DROP)) {
                /* 1.6, 1.6.1: a stack whose weapon holds it in place (an
                 * assembled tripod MG) first dismantles or abandons it; without
                 * these the stack could never be moved (R-AI-07). */
                if (count >= PLAN_NODES)
                    continue;
                lnlt_state *child = &node[count];
                lnlt_state_clone(child, &node[cur]);
                if (!ai_play(t->ctx, child, a))
                    continue;
                lnlt_decision d = lnlt_decision_get(t->ctx, child);
                if (d.side != side || d.kind != LNLT_DECIDE_MOVE)
                    continue;
                risk[count] = risk[cur];
                memcpy(drawn[count], drawn[cur], sizeof drawn[cur]);
                armed[count] = armed[cur];
                spent[count] = move_spent(child);
                loc[count] = loc[cur];
                parent[count] = cur;
                stepped[count] = false;
                via[count] = *a;
                open[count] = true;
                count++;
                continue;
            }
            if (a->type != LNLT_ACT_STEP)
                continue;
            int target = a->arg[0];
            if (enemy_at(&node[cur], target, side)) {
                /* 8.0: stepping into the enemy starts a melee, which ends the
                 * move; its outcome is dice, so it is judged over several. */
                float v = melee_value(t, &node[cur], a, side) - risk[cur] + ai_draw_worth(&dt, drawn[cur]);
                if (v > best) {
                    best = v;
                    best_node = cur;
                    best_end = *a;
                }
                continue;
            }
            bool seen = false;
            for (int j = 0; j < count && !seen; j++)
                seen = loc[j] == target;
            if (seen || count >= PLAN_NODES)
                continue;
            lnlt_state *child = &node[count];
            lnlt_state_clone(child, &node[cur]);
            if (!ai_play(t->ctx, child, a))
                continue;
            int cell = lnlt_loc_cell(target);
            float r = risk[cur];
            bool dr[AI_DRAWN_MAX];
            memcpy(dr, drawn[cur], sizeof dr);
            uint8_t arm = armed[cur];
            if (cell >= 0 && cell < t->bd->cells) {
                r += entry_risk(t, &sc, &node[cur], cell, side);
                /* R-AI-41: a marker set off here for the first time on this path. */
                uint8_t now = ai_events_set_off_at(t->bd, t->unread_events, cell) & (uint8_t)~arm;
                if (now)
                    r += ambush_risk(t, &node[cur], side, cell) - clearing;
                arm |= now;
                int mp = (move_spent(child) - spent[cur] + 1) / 2;
                ai_draw_pull(t->bd, &sc, &dt, cell, mp < 1 ? 1 : mp, dr);
            }
            decline_interruptions(t, child, side);
            lnlt_decision d = lnlt_decision_get(t->ctx, child);
            if (d.side != side || d.kind != LNLT_DECIDE_MOVE) {
                /* The move ended by itself (MP spent, shaken, an event). */
                float v = eval_points(t, child, side) - r + ai_draw_worth(&dt, dr);
                if (v > best) {
                    best = v;
                    best_node = cur;
                    best_end = *a;
                }
                continue;
            }
            risk[count] = r;
            memcpy(drawn[count], dr, sizeof dr);
            armed[count] = arm;
            spent[count] = move_spent(child);
            loc[count] = target;
            parent[count] = cur;
            stepped[count] = true;
            via[count] = *a;
            open[count] = true;
            count++;
        }
    }
    if (path && path_len) {
        /* The steps from here to the best node, then the action that ends there. */
        int chain[PLAN_NODES], len = 0;
        for (int k = best_node; k > 0 && len < PLAN_NODES; k = parent[k])
            chain[len++] = k;
        int n = 0;
        for (int i = len - 1; i >= 0 && n < PATH_MAX - 1; i--)
            path[n++] = via[chain[i]];
        if (best_end.type != LNLT_ACT_NONE)
            path[n++] = best_end;
        *path_len = n;
    }
    return best;
}

void ai_tactics_set_unread_events(ai_tactics *t, uint8_t markers) { t->unread_events = markers; }

static float score_at(ai_tactics *t, const lnlt_state *st, const lnlt_action *a, int depth);

/* 22.0: units entering through one hex gather first (decision ENTRY_GROUP: "join"
 * one more, or set off with a kind of move). The group is judged whole: every
 * unit that may join does, then the best way in by where it leads. */
static float entry_group(ai_tactics *t, const lnlt_state *st, int side, int depth)
{
    lnlt_state *g = malloc(sizeof *g);
    if (!g)
        return eval_points(t, st, side);
    lnlt_state_clone(g, st);
    ai_moves *l = &t->list[DEPTHS - 1];
    float best = -1e9f;
    for (int guard = 0; guard < LNLT_MAX_UNITS; guard++) {
        lnlt_decision d = lnlt_decision_get(t->ctx, g);
        int n = d.side == side && d.kind == LNLT_DECIDE_ENTRY_GROUP ? ai_legal(t->ctx, g, l) : 0;
        if (n <= 0)
            break;
        int join = -1;
        for (int i = 0; i < n && join < 0; i++)
            if (l->a[i].type == LNLT_ACT_JOIN)
                join = i;
        if (join >= 0) {
            if (!ai_play(t->ctx, g, &l->a[join]))
                break;
            continue;
        }
        /* Everyone is in: the ways to set off (copied: score_at reuses the lists). */
        lnlt_action *ways = malloc((size_t)n * sizeof *ways);
        if (!ways)
            break;
        memcpy(ways, l->a, (size_t)n * sizeof *ways);
        for (int i = 0; i < n; i++) {
            float v = score_at(t, g, &ways[i], depth + 1);
            if (v > best)
                best = v;
        }
        free(ways);
        break;
    }
    free(g);
    return best > -1e8f ? best : eval_points(t, st, side);
}

/* Worth of a position in which `side` goes on deciding within its impulse: for a
 * move under way, its best destination; right after an activation (depth 0),
 * the best of what the activated units can do; otherwise the evaluation. */
static float continuation(ai_tactics *t, const lnlt_state *st, int side, int depth, bool must_act)
{
    lnlt_decision d = lnlt_decision_get(t->ctx, st);
    if (d.side == side && d.kind == LNLT_DECIDE_MOVE && depth <= 1)
        return t->cfg.plan_moves ? plan_move(t, st, side, true, NULL, NULL) : eval_points(t, st, side);
    if (d.side == side && d.kind == LNLT_DECIDE_ENTRY_GROUP && depth <= 1)
        return entry_group(t, st, side, depth);
    if (d.side != side || d.kind != LNLT_DECIDE_ACTIVATION || depth > 0)
        return eval_points(t, st, side);
    ai_moves *l = &t->list[depth];
    int n = ai_legal(t->ctx, st, l);
    if (n <= 0)
        return eval_points(t, st, side);
    float best = -1e9f;
    for (int i = 0; i < n; i++) {
        const lnlt_action *a = &l->a[i];
        /* One level down, moves are judged for whole stacks only, for the
         * good-order part of a stack that holds shaken units (R-AI-04), and for
         * the units an objective needs (ai_objective_mover). */
        if (ai_is_move(a->type) && units_in(a) > 0 && !ai_move_is_good_order_part(st, a) &&
            !ai_objective_mover(t->bd, st, a))
            continue;
        /* A fresh activation is worth what its units do: ending it at once is no
         * use (passing is the way to do nothing). Weapons are not thrown away. */
        if (a->type == LNLT_ACT_SW_DESTROY || a->type == LNLT_ACT_SW_DROP || (must_act && is_rest(a->type)))
            continue;
        float v = score_at(t, st, a, depth + 1) - (is_rest(a->type) ? 0.0f : 0.15f);
        if (v > best) {
            best = v;
            t->next = *a;
        }
    }
    if (best > -1e8f)
        return best;
    return must_act ? -1e6f : eval_points(t, st, side);
}

/* The score of one action: what it leads to, for the side taking it. */
static float score_at(ai_tactics *t, const lnlt_state *st, const lnlt_action *a, int depth)
{
    int side = a->side;
    /* What an enemy would do with the weapon is worth more than keeping it a
     * moment longer. */
    float denial = 0;
    if (a->type == LNLT_ACT_SW_DESTROY) {
        if (!denial_justified(t, st, a))
            return -1e6f;
        int w = a->arg[1];
        denial = 1.2f * t->bd->sw_value[st->sw[w].type >= 0 ? st->sw[w].type : 0];
    }
    int samples = rolls_dice(a->type) ? (depth == 0 ? t->cfg.samples : (t->cfg.samples + 1) / 2) : 1;
    if (depth == 0 && free_attempt(a->type))
        samples *= FREE_ATTEMPT_SAMPLES;
    float sum = 0;
    lnlt_state sim;
    int ok = 0;
    for (int s = 0; s < samples; s++) {
        lnlt_state_clone(&sim, st);
        ai_reseed(&sim, ai_mix(&t->seeds));
        if (!ai_play(t->ctx, &sim, a))
            return -1e6f;
        sum += continuation(t, &sim, side, depth, a->type == LNLT_ACT_ACTIVATE || a->type == LNLT_ACT_ALSO);
        ok++;
    }
    return ok ? sum / (float)ok + denial : -1e6f;
}

/* Scores legal[] into scores[]; next[i] (when next is not NULL) gets the action
 * an activation would be followed by (type NONE if none). */
static void score_all(ai_tactics *t, const lnlt_state *st, const lnlt_action *legal, int n, float *scores,
                      lnlt_action *next)
{
    bool fresh = fresh_activation(t->ctx, st);
    for (int i = 0; i < n; i++) {
        if (fresh && n > 1 && legal[i].type == LNLT_ACT_DONE) {
            scores[i] = -1e5f; /* chosen only if nothing else can be done */
            if (next)
                memset(&next[i], 0, sizeof next[i]);
            continue;
        }
        memset(&t->next, 0, sizeof t->next);
        scores[i] = score_at(t, st, &legal[i], 0);
        if (next)
            next[i] = t->next;
        /* R-AI-09: after the enemy's pass, ours lets it end the phase; where that
         * costs a goal still due, the pass is worth no more than that end. */
        if (legal[i].type == LNLT_ACT_PASS && st->passes >= 1 && ai_phase_end_costs_goal(t->bd, st, legal[i].side)) {
            float end = ai_phase_end_value(t->ctx, t->bd, st, &legal[i], &t->list[1], ai_mix(&t->seeds));
            if (end < scores[i])
                scores[i] = end;
        }
        /* Doing something must beat doing nothing by a margin; an attempt that
         * costs nothing when it fails is preferred to doing nothing (R-AI-02). */
        if (free_attempt(legal[i].type))
            scores[i] += 0.05f;
        else if (legal[i].type == LNLT_ACT_GATHER)
            scores[i] -= GATHER_MARGIN; /* R-AI-06 */
        else if (!is_rest(legal[i].type))
            scores[i] -= 0.15f;
        if (t->cfg.noise > 0 && scores[i] > -1e5f) {
            float u1 = ((float)lnlt_pcg32_next(&t->rng) + 1.0f) / 4294967297.0f;
            float u2 = (float)lnlt_pcg32_next(&t->rng) / 4294967296.0f;
            scores[i] += t->cfg.noise * sqrtf(-2.0f * logf(u1)) * cosf(6.2831853f * u2);
        }
    }
}

void ai_tactics_score(ai_tactics *t, const lnlt_state *st, const lnlt_action *legal, int n, float *scores)
{
    lnlt_decision d = lnlt_decision_get(t->ctx, st);
    if (d.kind == LNLT_DECIDE_MOVE && t->cfg.plan_moves) {
        /* In the middle of a move one plan ranks every step: the planned one first,
         * the others by how much nearer they bring the goals. */
        lnlt_action path[PATH_MAX];
        int len = 0;
        float best = plan_move(t, st, d.side, false, path, &len);
        lnlt_action first;
        memset(&first, 0, sizeof first);
        if (len > 0)
            first = path[0];
        ai_scan sc;
        ai_scan_position(t->bd, st, &sc);
        ai_quick_scores(t->bd, &sc, st, legal, n, scores);
        for (int i = 0; i < n; i++) {
            float other = best - 1.0f + 0.3f * scores[i];
            scores[i] = lnlt_action_equal(&legal[i], &first) ? best : other < best - 0.3f ? other : best - 0.3f;
        }
        return;
    }
    score_all(t, st, legal, n, scores, NULL);
}

static bool is_legal(const lnlt_action *a, const lnlt_action *legal, int n)
{
    for (int i = 0; i < n; i++)
        if (lnlt_action_equal(a, &legal[i]))
            return true;
    return false;
}

/* The next action of the planned move, if the move is where the plan expects,
 * with the same units, and the action is legal. */
static bool follow_path(ai_tactics *t, const lnlt_state *st, const lnlt_action *legal, int n, lnlt_action *out)
{
    if (t->path_next >= t->path_len || st->move.cell != t->path_from ||
        memcmp(st->move.units, t->path_units, sizeof t->path_units))
        return false;
    const lnlt_action *a = &t->path[t->path_next];
    if (!is_legal(a, legal, n))
        return false;
    *out = *a;
    t->path_next++;
    if (a->type == LNLT_ACT_STEP)
        t->path_from = a->arg[0];
    return true;
}

bool ai_tactics_choose(ai_tactics *t, const lnlt_state *st, lnlt_action *out)
{
    ai_moves *l = &t->list[0];
    int n = ai_legal(t->ctx, st, l);
    if (n <= 0)
        return false;
    if (n == 1) {
        *out = l->a[0];
        return true;
    }
    lnlt_decision d = lnlt_decision_get(t->ctx, st);
    /* The follow-up the activation's look-ahead remembered is weighed again
     * with the full scoring (R-AI-08): that look-ahead judged only whole
     * stacks' moves, so a fire it preferred may spend units a goal needs. */
    lnlt_action follow = t->follow;
    bool have_follow = follow.type != LNLT_ACT_NONE && st->actions_applied == t->follow_at &&
                       follow.side == d.side && is_legal(&follow, l->a, n);
    t->follow.type = LNLT_ACT_NONE;
    /* Except in the hex of an objective's named unit: the hold needs him with
     * an MMC, which the evaluation counts apart, so the full scoring splits his
     * stack (a squad or the medic walking off) where the look-ahead had sent
     * the stack in whole; there the follow-up is played as remembered. */
    if (have_follow && follow.nargs > 0 &&
        ai_objective_named_in_cell(t->bd, st, d.side, lnlt_loc_cell(follow.arg[0]))) {
        *out = follow;
        return true;
    }
    if (d.kind == LNLT_DECIDE_MOVE && t->cfg.plan_moves) {
        if (!follow_path(t, st, l->a, n, out)) {
            /* A new move (or one that went otherwise): plan it from here. The
             * first decision of a move must take it somewhere. */
            bool fresh = st->move.hexes == 0 && st->move.cell == st->move.origin;
            plan_move(t, st, d.side, fresh, t->path, &t->path_len);
            t->path_next = 0;
            t->path_from = st->move.cell;
            memcpy(t->path_units, st->move.units, sizeof t->path_units);
            if (!follow_path(t, st, l->a, n, out))
                *out = l->a[0];
        }
        return true;
    }
    /* list[0] is reused by the look-ahead below: keep a copy. */
    lnlt_action *legal = malloc((size_t)n * 2 * sizeof *legal);
    float *scores = malloc((size_t)n * sizeof *scores);
    if (!legal || !scores) {
        free(legal);
        free(scores);
        *out = l->a[0];
        return true;
    }
    lnlt_action *next = legal + n;
    memcpy(legal, l->a, (size_t)n * sizeof *legal);
    score_all(t, st, legal, n, scores, next);
    int best = 0;
    for (int i = 1; i < n; i++)
        if (scores[i] > scores[best])
            best = i;
    if (have_follow) {
        for (int i = 0; i < n; i++)
            if (lnlt_action_equal(&legal[i], &follow) && scores[best] < scores[i] + FOLLOW_MARGIN)
                best = i;
    }
    *out = legal[best];
    if ((out->type == LNLT_ACT_ACTIVATE || out->type == LNLT_ACT_ALSO) && next[best].type != LNLT_ACT_NONE) {
        t->follow = next[best];
        t->follow_at = st->actions_applied + 1;
    }
    free(legal);
    free(scores);
    return true;
}
