/*
 * ai_mcts.c: Monte-Carlo tree search for the hard level (ai.h).
 *
 * Open-loop search: a node is a sequence of decisions from the root, not a
 * position, because the dice are chance: every iteration plays from a copy of the
 * root whose dice are re-sampled (ai_reseed), so the same decisions may lead to
 * other positions and other legal lists. A node's children are matched to the
 * legal actions of the position the iteration reached; children not legal there
 * are skipped, new legal actions join with their own prior.
 *
 *   - Selection: PUCT (a child's mean value plus an exploration bonus weighted by
 *     its prior), for whichever side decides at the node, over the children that
 *     progressive widening lets in: the best 1 + sqrt(visits) by prior.
 *   - Priors: at the root the scripted player's scores (ai_tactics.c), inside the
 *     tree the fast policy's (ai_rollout.c), through a softmax.
 *   - Simulation: the fast policy plays on for a few dozen actions, then the
 *     evaluation (ai_eval.c) judges the position; a finished game counts +-1.
 *   - Decision: the root child with the most visits, when the time budget runs out.
 */
#include "ai/ai.h"

#include <math.h>
#include <stdlib.h>
#include <string.h>

#define MAX_TREE_DEPTH 64
#define HALVING_MAX 8
#define HALVING_PLAYOUTS 512
#define C_PUCT 1.2f
#define ROOT_TEMPERATURE 2.0f  /* points */
#define INNER_TEMPERATURE 0.6f /* quick-score units */

typedef struct mc_child {
    lnlt_action a;
    float prior;
    float value; /* sum of values for the side deciding at the parent */
    int visits;
    int node;    /* the node below, or -1 */
} mc_child;

typedef struct mc_node {
    mc_child *child;
    int count, cap;
    int visits;
    uint8_t side;
    bool expanded;
} mc_node;

struct ai_mcts {
    const ai_board *bd;
    const lnlt_ctx *ctx;
    ai_tactics *priors;
    ai_mcts_cfg cfg;
    uint64_t seeds;
    lnlt_pcg32 rng;
    mc_node *node;
    int nodes, node_cap;
    ai_moves moves;
    lnlt_state sim;
    float value[HALVING_MAX][HALVING_PLAYOUTS]; /* halving: [candidate][playout] */
    float *scratch;
    int scratch_cap;
};

ai_mcts *ai_mcts_new(const ai_board *bd, ai_tactics *priors, const ai_mcts_cfg *cfg, uint64_t seed)
{
    ai_mcts *m = calloc(1, sizeof *m);
    if (!m)
        return NULL;
    m->bd = bd;
    m->ctx = bd->ctx;
    m->priors = priors;
    m->cfg = *cfg;
    if (m->cfg.rollout_depth <= 0)
        m->cfg.rollout_depth = 40;
    if (m->cfg.tree_depth <= 0 || m->cfg.tree_depth > MAX_TREE_DEPTH)
        m->cfg.tree_depth = MAX_TREE_DEPTH;
    m->seeds = seed;
    lnlt_pcg32_seed(&m->rng, seed, 0x6d63747372756eull);
    return m;
}

static void clear_tree(ai_mcts *m)
{
    for (int i = 0; i < m->nodes; i++)
        free(m->node[i].child);
    m->nodes = 0;
}

void ai_mcts_free(ai_mcts *m)
{
    if (!m)
        return;
    clear_tree(m);
    free(m->node);
    free(m->scratch);
    ai_moves_free(&m->moves);
    free(m);
}

static int new_node(ai_mcts *m, int side)
{
    if (m->nodes == m->node_cap) {
        int cap = m->node_cap ? 2 * m->node_cap : 1024;
        mc_node *n = realloc(m->node, (size_t)cap * sizeof *n);
        if (!n)
            return -1;
        m->node = n;
        m->node_cap = cap;
    }
    mc_node *n = &m->node[m->nodes];
    memset(n, 0, sizeof *n);
    n->side = (uint8_t)side;
    return m->nodes++;
}

static float *scratch(ai_mcts *m, int n)
{
    if (n > m->scratch_cap) {
        float *s = realloc(m->scratch, (size_t)n * sizeof *s);
        if (!s)
            return NULL;
        m->scratch = s;
        m->scratch_cap = n;
    }
    return m->scratch;
}

/* Adds legal[] as children with priors softmax(scores / temperature), best first. */
static bool add_children(mc_node *node, const lnlt_action *legal, const float *scores, int n, float temperature)
{
    if (node->count + n > node->cap) {
        int cap = node->count + n + 4;
        mc_child *c = realloc(node->child, (size_t)cap * sizeof *c);
        if (!c)
            return false;
        node->child = c;
        node->cap = cap;
    }
    float top = -1e30f;
    for (int i = 0; i < n; i++)
        if (scores[i] > top)
            top = scores[i];
    float sum = 0;
    int base = node->count;
    for (int i = 0; i < n; i++) {
        mc_child *c = &node->child[base + i];
        c->a = legal[i];
        c->prior = expf((scores[i] - top) / temperature);
        c->value = 0;
        c->visits = 0;
        c->node = -1;
        sum += c->prior;
    }
    /* Late arrivals (open loop: legal only in some positions) get a quarter of
     * the prior mass the first children got. */
    for (int i = 0; i < n; i++)
        node->child[base + i].prior = node->child[base + i].prior / sum * (base > 0 ? 0.25f : 1.0f);
    node->count += n;
    /* Insertion sort by prior, best first (progressive widening takes a prefix). */
    for (int i = 1; i < node->count; i++) {
        mc_child c = node->child[i];
        int j = i - 1;
        while (j >= 0 && node->child[j].prior < c.prior) {
            node->child[j + 1] = node->child[j];
            j--;
        }
        node->child[j + 1] = c;
    }
    return true;
}

static bool expand(ai_mcts *m, mc_node *node, const lnlt_state *st, const lnlt_action *legal, int n, bool root)
{
    float *s = scratch(m, n);
    if (!s)
        return false;
    if (root && m->priors) {
        ai_tactics_score(m->priors, st, legal, n, s);
        node->expanded = true;
        return add_children(node, legal, s, n, ROOT_TEMPERATURE);
    }
    ai_scan sc;
    ai_scan_position(m->bd, st, &sc);
    ai_quick_scores(m->bd, &sc, st, legal, n, s);
    node->expanded = true;
    return add_children(node, legal, s, n, INNER_TEMPERATURE);
}

/* Children legal in this iteration's position: marks avail[], adds missing ones. */
static int match_children(ai_mcts *m, mc_node *node, const lnlt_state *st, const lnlt_action *legal, int n,
                          bool *avail)
{
    for (int k = 0; k < node->count; k++)
        avail[k] = false;
    lnlt_action missing[64];
    int nmissing = 0;
    for (int i = 0; i < n; i++) {
        bool found = false;
        for (int k = 0; k < node->count && !found; k++)
            if (lnlt_action_equal(&node->child[k].a, &legal[i])) {
                avail[k] = true;
                found = true;
            }
        if (!found && nmissing < 64)
            missing[nmissing++] = legal[i];
    }
    if (nmissing > 0) {
        float *s = scratch(m, nmissing);
        if (!s)
            return node->count;
        ai_scan sc;
        ai_scan_position(m->bd, st, &sc);
        ai_quick_scores(m->bd, &sc, st, missing, nmissing, s);
        if (add_children(node, missing, s, nmissing, INNER_TEMPERATURE)) {
            /* The sort moved children: recompute availability. */
            for (int k = 0; k < node->count; k++) {
                avail[k] = false;
                for (int i = 0; i < n && !avail[k]; i++)
                    avail[k] = lnlt_action_equal(&node->child[k].a, &legal[i]);
            }
        }
    }
    return node->count;
}

static int select_child(const mc_node *node, const bool *avail)
{
    int allowed = 1 + (int)sqrtf((float)node->visits);
    float sqrt_n = sqrtf((float)node->visits + 1.0f);
    /* First-play urgency: an unvisited child is assumed a little worse than the
     * parent's average. */
    float parent_q = 0;
    int seen = 0;
    for (int k = 0; k < node->count; k++)
        if (node->child[k].visits) {
            parent_q += node->child[k].value;
            seen += node->child[k].visits;
        }
    parent_q = seen ? parent_q / (float)seen - 0.05f : 0.0f;
    int best = -1, considered = 0;
    float best_u = -1e30f;
    for (int k = 0; k < node->count && considered < allowed; k++) {
        if (!avail[k])
            continue;
        considered++;
        const mc_child *c = &node->child[k];
        float q = c->visits ? c->value / (float)c->visits : parent_q;
        float u = q + C_PUCT * c->prior * sqrt_n / (1.0f + (float)c->visits);
        if (u > best_u) {
            best_u = u;
            best = k;
        }
    }
    return best;
}

static float rollout(ai_mcts *m, lnlt_state *st)
{
    int impulses = 0;
    for (int i = 0; i < m->cfg.rollout_depth; i++) {
        lnlt_decision d = lnlt_decision_get(m->ctx, st);
        if (d.kind == LNLT_DECIDE_IMPULSE && m->cfg.horizon > 0 && ++impulses > m->cfg.horizon)
            break;
        lnlt_action a;
        if (m->cfg.playout) {
            if (!ai_tactics_choose(m->cfg.playout, st, &a))
                break;
        } else {
            int n = ai_legal(m->ctx, st, &m->moves);
            if (n <= 0)
                break;
            a = m->moves.a[n == 1 ? 0 : ai_quick_pick(m->bd, st, m->moves.a, n, &m->rng)];
        }
        if (!ai_play(m->ctx, st, &a))
            break;
    }
    return ai_evaluate(m->bd, st, LNLT_SIDE_1);
}

/* ---- Sequential Halving at the root ----
 * The scripted player's best `candidates` actions compete (the widening: the
 * prior decides who enters). In each round every candidate still in plays the
 * same number of playouts, and playout j of a round starts from the same
 * re-sampled dice for every candidate (common random numbers), so they are
 * compared on the same luck; the worse half leaves after each round. The
 * scripted player's own choice is kept unless another candidate beat it, playout
 * for playout, by more than the noise of the comparison. */


static float playout_value(ai_mcts *m, const lnlt_state *root, const lnlt_action *a, uint64_t seed, int side)
{
    lnlt_state *st = &m->sim;
    lnlt_state_clone(st, root);
    ai_reseed(st, seed);
    if (!ai_play(m->ctx, st, a))
        return -1.0f;
    float v1 = rollout(m, st);
    return side == LNLT_SIDE_1 ? v1 : -v1;
}

static bool halving_choose(ai_mcts *m, const lnlt_state *root, lnlt_action *out, ai_mcts_stats *stats, double t0)
{
    int n = ai_legal(m->ctx, root, &m->moves);
    if (n <= 0)
        return false;
    lnlt_action *legal = malloc((size_t)n * sizeof *legal);
    float *score = scratch(m, n);
    if (!legal || !score) {
        free(legal);
        return false;
    }
    memcpy(legal, m->moves.a, (size_t)n * sizeof *legal);
    if (m->priors) {
        ai_tactics_score(m->priors, root, legal, n, score);
    } else {
        ai_scan sc;
        ai_scan_position(m->bd, root, &sc);
        ai_quick_scores(m->bd, &sc, root, legal, n, score);
    }
    /* The candidates: the best by score, the scripted choice first. */
    int k = m->cfg.candidates > 0 ? m->cfg.candidates : 4;
    if (k > HALVING_MAX)
        k = HALVING_MAX;
    if (k > n)
        k = n;
    int cand[HALVING_MAX];
    bool taken[512] = {false};
    for (int c = 0; c < k; c++) {
        int best = -1;
        for (int i = 0; i < n && i < 512; i++)
            if (!taken[i] && score[i] > -1e5f && (best < 0 || score[i] > score[best]))
                best = i;
        if (best < 0) {
            k = c;
            break;
        }
        taken[best] = true;
        cand[c] = best;
    }
    if (k <= 1) {
        *out = legal[k == 1 ? cand[0] : 0];
        free(legal);
        return true;
    }
    lnlt_decision d = lnlt_decision_get(m->ctx, root);
    /* value[c][j]: candidate c's playout j (NAN: not played). */
    float (*value)[HALVING_PLAYOUTS] = m->value;
    int played = 0;
    bool alive[HALVING_MAX];
    for (int c = 0; c < k; c++)
        alive[c] = true;
    int in = k, per_round = 2;
    double budget = (double)m->cfg.ms / 1000.0;
    bool out_of_time = false;
    int iters = 0;
    while (!out_of_time && played + per_round <= HALVING_PLAYOUTS) {
        for (int j = played; j < played + per_round && !out_of_time; j++) {
            uint64_t seed = ai_mix(&m->seeds);
            for (int c = 0; c < k; c++) {
                value[c][j] = NAN;
                if (!alive[c])
                    continue;
                if (m->cfg.max_iters > 0 ? iters >= m->cfg.max_iters : ai_now() - t0 > budget) {
                    out_of_time = true;
                    break;
                }
                value[c][j] = playout_value(m, root, &legal[cand[c]], seed, d.side);
                iters++;
            }
        }
        if (out_of_time)
            break;
        played += per_round;
        if (in > 2) {
            /* The worse half leaves (by mean over the playouts all of them played). */
            float mean[HALVING_MAX];
            for (int c = 0; c < k; c++) {
                float sum = 0;
                int cnt = 0;
                for (int j = 0; j < played; j++)
                    if (!isnan(value[c][j])) {
                        sum += value[c][j];
                        cnt++;
                    }
                mean[c] = alive[c] && cnt ? sum / (float)cnt : -1e9f;
            }
            int keep = (in + 1) / 2;
            for (int drop = in - keep; drop > 0; drop--) {
                int worst = -1;
                for (int c = 1; c < k; c++) /* the scripted choice (c = 0) stays to be compared */
                    if (alive[c] && (worst < 0 || mean[c] < mean[worst]))
                        worst = c;
                if (worst < 0)
                    break;
                alive[worst] = false;
                in--;
            }
        }
        per_round *= 2;
    }
    /* The best challenger against the scripted choice, playout for playout. */
    int best = 0;
    float best_margin = 0;
    for (int c = 1; c < k; c++) {
        float sum = 0, sq = 0;
        int cnt = 0;
        for (int j = 0; j < HALVING_PLAYOUTS && j < played + per_round; j++)
            if (!isnan(value[c][j]) && !isnan(value[0][j]) && j < played) {
                float diff = value[c][j] - value[0][j];
                sum += diff;
                sq += diff * diff;
                cnt++;
            }
        if (cnt < 4)
            continue;
        float mean = sum / (float)cnt, var = (sq - sum * mean) / (float)(cnt - 1);
        float se = sqrtf(var > 0 ? var / (float)cnt : 0);
        float margin = mean - 1.0f * se;
        if (margin > best_margin) {
            best_margin = margin;
            best = c;
        }
    }
    *out = legal[cand[best]];
    stats->iterations = iters;
    free(legal);
    return true;
}

bool ai_mcts_choose(ai_mcts *m, const lnlt_state *root_state, lnlt_action *out, ai_mcts_stats *stats)
{
    double t0 = ai_now();
    if (m->cfg.mode == AI_SEARCH_HALVING) {
        memset(stats, 0, sizeof *stats);
        bool ok = halving_choose(m, root_state, out, stats, t0);
        stats->seconds = ai_now() - t0;
        return ok;
    }
    memset(stats, 0, sizeof *stats);
    clear_tree(m);
    int n = ai_legal(m->ctx, root_state, &m->moves);
    if (n <= 0)
        return false;
    if (n == 1) {
        *out = m->moves.a[0];
        return true;
    }
    lnlt_decision d = lnlt_decision_get(m->ctx, root_state);
    int root = new_node(m, d.side);
    if (root < 0)
        return false;
    lnlt_action *legal = malloc((size_t)n * sizeof *legal);
    if (!legal)
        return false;
    memcpy(legal, m->moves.a, (size_t)n * sizeof *legal);
    bool ok = expand(m, &m->node[root], root_state, legal, n, true);
    free(legal);
    if (!ok)
        return false;
    lnlt_state *st = malloc(sizeof *st);
    bool *avail = NULL;
    int avail_cap = 0;
    if (!st)
        return false;
    double budget = (double)m->cfg.ms / 1000.0;
    int path_node[MAX_TREE_DEPTH], path_child[MAX_TREE_DEPTH];
    int iters = 0;
    while ((m->cfg.max_iters <= 0 || iters < m->cfg.max_iters) &&
           (m->cfg.max_iters > 0 || ai_now() - t0 < budget)) {
        lnlt_state_clone(st, root_state);
        ai_reseed(st, ai_mix(&m->seeds));
        int cur = root, depth = 0;
        bool leaf = false;
        while (!leaf && depth < MAX_TREE_DEPTH) {
            int k = ai_legal(m->ctx, st, &m->moves);
            if (k <= 0)
                break;
            mc_node *node = &m->node[cur];
            if (!node->expanded) {
                lnlt_action *copy = malloc((size_t)k * sizeof *copy);
                if (!copy)
                    break;
                memcpy(copy, m->moves.a, (size_t)k * sizeof *copy);
                bool e = expand(m, node, st, copy, k, false);
                free(copy);
                if (!e)
                    break;
                node = &m->node[cur];
            }
            int need = node->count + k;
            if (need > avail_cap) {
                bool *a = realloc(avail, (size_t)need * sizeof *a);
                if (!a)
                    break;
                avail = a;
                avail_cap = need;
            }
            lnlt_action *copy = malloc((size_t)k * sizeof *copy);
            if (!copy)
                break;
            memcpy(copy, m->moves.a, (size_t)k * sizeof *copy);
            match_children(m, node, st, copy, k, avail);
            free(copy);
            int c = select_child(node, avail);
            if (c < 0)
                break;
            lnlt_action a = node->child[c].a;
            if (!ai_play(m->ctx, st, &a))
                break;
            path_node[depth] = cur;
            path_child[depth] = c;
            depth++;
            if (node->child[c].node < 0 && depth < m->cfg.tree_depth) {
                lnlt_decision nd = lnlt_decision_get(m->ctx, st);
                int made = new_node(m, nd.side ? nd.side : node->side);
                if (made < 0)
                    break;
                m->node[cur].child[c].node = made; /* new_node may have moved the pool */
                leaf = true;
            } else if (node->child[c].node < 0) {
                leaf = true;
            } else {
                cur = node->child[c].node;
            }
        }
        float v1 = rollout(m, st);
        for (int i = 0; i < depth; i++) {
            mc_node *node = &m->node[path_node[i]];
            mc_child *c = &node->child[path_child[i]];
            float v = node->side == LNLT_SIDE_1 ? v1 : -v1;
            node->visits++;
            c->visits++;
            c->value += v;
        }
        iters++;
    }
    free(st);
    free(avail);
    mc_node *r = &m->node[root];
    int best = 0;
    for (int k = 1; k < r->count; k++) {
        const mc_child *a = &r->child[k], *b = &r->child[best];
        if (a->visits > b->visits ||
            (a->visits == b->visits && a->visits > 0 && a->value / (float)a->visits > b->value / (float)b->visits))
            best = k;
    }
    *out = r->child[best].a;
    stats->iterations = iters;
    stats->nodes = m->nodes;
    stats->seconds = ai_now() - t0;
    return true;
}
