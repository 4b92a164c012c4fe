/*
 * bot.c: the computer players by level (lnlt/bot.h). Dispatches a decision to the
 * random player (random_bot.c), the scripted player (ai_tactics.c: easy, normal)
 * or the search (ai_mcts.c: hard), after turning the position it is given into
 * what the deciding side may know (ai_view: the dice re-sampled, so no level ever
 * sees the game's future rolls). The scenario knowledge (ai_board.c) is built on
 * the first decision for a ctx and rebuilt if the bot is moved to another game.
 */
#include "lnlt/bot.h"

#include <stdlib.h>
#include <string.h>
#include <strings.h>

#include "ai/ai.h"

/* Indexed by lnlt_bot_level; NULL-terminated for lnlt_bot_levels. */
static const char *const level_names[LNLT_BOT_LEVELS + 1] = {"random", "easy", "normal", "hard", NULL};

bool lnlt_bot_level_parse(const char *name, int *level)
{
    if (!name)
        return false;
    for (int i = 0; i < LNLT_BOT_LEVELS; i++)
        if (!strcasecmp(name, level_names[i])) {
            *level = i;
            return true;
        }
    return false;
}

const char *lnlt_bot_level_name(int level)
{
    return level >= 0 && level < LNLT_BOT_LEVELS ? level_names[level] : "unknown";
}

const char *const *lnlt_bot_levels(void) { return level_names; }

bool lnlt_bot_level_known(const char *level)
{
    int ignored;
    return lnlt_bot_level_parse(level, &ignored);
}

/* The level's player for one game's ctx. */
struct lnlt_ai {
    const lnlt_ctx *ctx;
    const void *scenario, *map; /* with ctx: which game the knowledge is for */
    ai_board *board;
    ai_tactics *tactics;
    ai_tactics *playout; /* hard: the scripted player the simulations use */
    ai_mcts *mcts;
    uint64_t views;             /* splitmix state for the view's dice */
    lnlt_bot_stats stats;
    /* Decisions made in the current turn and phase: a bot that has made a great
     * many without the phase ending is going round in circles, and rests. */
    int turn, phase, in_phase;
    /* The last action this bot chose and the position's action count then: the
     * first decision of an activation it opened follows the scripted player's
     * plan for it (see lnlt_bot_act). */
    int last_type;
    uint32_t last_at;
};

#define PHASE_DECISIONS_MAX 400

/* The decisions the search is spent on: which hex to activate (or pass), what the
 * activated units do, whether to fire at a mover. A move under way follows the
 * scripted player's plan, which already weighs every reachable hex; weapons and
 * rallies in the rally phase and set-up are the scripted player's too. */
static bool searched_kind(int kind)
{
    return kind == LNLT_DECIDE_IMPULSE || kind == LNLT_DECIDE_ACTIVATION || kind == LNLT_DECIDE_OPFIRE ||
           kind == LNLT_DECIDE_MELEE_TARGET;
}

/* A legal action that leaves things as they are (pass, end the rally phase or
 * the activation, stop, decline), if there is one. The whole list is read: the
 * resting action is listed last, and a rally phase with many weapons in hand
 * lists more than 256 actions. */
bool ai_rest_action(const lnlt_ctx *ctx, const lnlt_state *st, lnlt_action *out)
{
    ai_moves legal = {0};
    int n = ai_legal(ctx, st, &legal);
    bool found = false;
    for (int i = 0; i < n && !found; i++) {
        int t = legal.a[i].type;
        if (t == LNLT_ACT_PASS || t == LNLT_ACT_END_RALLY || t == LNLT_ACT_DONE || t == LNLT_ACT_STOP ||
            t == LNLT_ACT_NO_FIRE) {
            *out = legal.a[i];
            found = true;
        }
    }
    ai_moves_free(&legal);
    return found;
}

static void ai_release(struct lnlt_ai *ai)
{
    if (!ai)
        return;
    ai_mcts_free(ai->mcts);
    ai_tactics_free(ai->playout);
    ai_tactics_free(ai->tactics);
    ai_board_free(ai->board);
    free(ai);
}

static struct lnlt_ai *ai_build(const lnlt_bot *b, const lnlt_ctx *ctx)
{
    struct lnlt_ai *ai = calloc(1, sizeof *ai);
    if (!ai)
        return NULL;
    ai->ctx = ctx;
    ai->scenario = ctx->scenario;
    ai->map = ctx->map;
    ai->views = b->seed ^ 0x766965772d736565ull;
    ai->board = ai_board_get(ctx); /* studied once per scenario content (ai_board_cache.c) */
    if (!ai->board)
        return ai; /* no scenario data: the bot plays at random */
    ai_tactics_cfg cfg = {.samples = 6, .noise = 0, .plan_moves = true};
    if (b->level == LNLT_BOT_EASY) {
        cfg.samples = 2;
        cfg.noise = 4.0f;
        /* Moves stay planned whole: judged a step at a time, easy stopped after
         * the first step and never took ground (it won no game on the side of a
         * starter scenario that must attack, no better than random). */
    }
    ai->tactics = ai_tactics_new(ai->board, &cfg, b->seed);
    if (!ai->tactics) {
        ai_release(ai);
        return NULL;
    }
    if (b->level == LNLT_BOT_HARD) {
        ai_tactics_cfg lite = {.samples = 1, .noise = 0, .plan_moves = true};
        ai->playout = ai_tactics_new(ai->board, &lite, b->seed ^ 0x706c61796f7574ull);
        if (!ai->playout) {
            ai_release(ai);
            return NULL;
        }
        /* LNLT_AI_MODE=tree (the PUCT tree with the scripted playouts) or quick
         * (the tree with fast playouts) selects the other searches for
         * measurements with `lnlt arena` (docs/ai.md); players get halving. */
        const char *mode = getenv("LNLT_AI_MODE");
        ai_mcts_cfg mc = {.mode = AI_SEARCH_HALVING, .ms = b->ms, .max_iters = b->iterations, .rollout_depth = 200,
                          .horizon = 3, .tree_depth = 1, .playout = ai->playout, .candidates = 4};
        if (mode && !strcmp(mode, "quick"))
            mc = (ai_mcts_cfg){.mode = AI_SEARCH_TREE, .ms = b->ms, .max_iters = b->iterations, .rollout_depth = 40};
        if (mode && !strcmp(mode, "tree"))
            mc.mode = AI_SEARCH_TREE;
        ai->mcts = ai_mcts_new(ai->board, ai->tactics, &mc, b->seed ^ 0x6d637473ull);
        if (!ai->mcts) {
            ai_release(ai);
            return NULL;
        }
    }
    return ai;
}

/* The hex was activated by this bot's previous action: the activation was chosen
 * for what the scripted player means to do with it, so that player acts now. (A
 * search there could end the activation at once, which costs nothing under 4.0
 * and would let a side activate and stop for ever instead of passing.) */
static bool opened_here(const struct lnlt_ai *ai, const lnlt_state *st)
{
    return (ai->last_type == LNLT_ACT_ACTIVATE || ai->last_type == LNLT_ACT_ALSO) &&
           st->actions_applied == ai->last_at + 1;
}

lnlt_bot *lnlt_bot_new(int level, uint64_t seed, int ms)
{
    if (level < 0 || level >= LNLT_BOT_LEVELS)
        return NULL;
    lnlt_bot *b = malloc(sizeof *b);
    if (!b)
        return NULL;
    lnlt_bot_init(b, seed);
    b->level = level;
    b->ms = ms > 0 ? ms : LNLT_BOT_DEFAULT_MS;
    b->seed = seed;
    return b;
}

void lnlt_bot_free(lnlt_bot *b)
{
    if (!b)
        return;
    ai_release(b->ai);
    free(b);
}

void lnlt_bot_set_iterations(lnlt_bot *b, int iterations)
{
    b->iterations = iterations > 0 ? iterations : 0;
    /* The search is built with its budget: rebuild it on the next decision. */
    ai_release(b->ai);
    b->ai = NULL;
}

void lnlt_bot_get_stats(const lnlt_bot *b, lnlt_bot_stats *out)
{
    memset(out, 0, sizeof *out);
    if (b && b->ai)
        *out = b->ai->stats;
}

/* R-AI-41: the unread event markers the side may still set off: those its view
 * does not record as set off (R-VIEW-05). */
static void note_events(struct lnlt_ai *ai, const lnlt_state *view, int side)
{
    if (side < 1 || side > 2)
        return;
    uint8_t left = ai_events_unread(ai->board, side) & (uint8_t)~ai_events_gone(ai->board, view);
    ai_tactics_set_unread_events(ai->tactics, left);
    if (ai->playout)
        ai_tactics_set_unread_events(ai->playout, left);
}

bool lnlt_bot_act(lnlt_bot *b, const lnlt_ctx *ctx, const lnlt_state *view, lnlt_action *out)
{
    if (b->level == LNLT_BOT_RANDOM)
        return lnlt_bot_choose(b, ctx, view, out);
    if (b->ai && (b->ai->ctx != ctx || b->ai->scenario != ctx->scenario || b->ai->map != ctx->map)) {
        ai_release(b->ai);
        b->ai = NULL;
    }
    if (!b->ai && !(b->ai = ai_build(b, ctx)))
        return false;
    struct lnlt_ai *ai = b->ai;
    lnlt_decision d = lnlt_decision_get(ctx, view);
    if (d.kind == LNLT_DECIDE_NONE)
        return false;
    if (!ai->board)
        return lnlt_bot_choose(b, ctx, view, out);
    /* Decide on what this side may know, with dice of our own. */
    lnlt_state *mine = malloc(sizeof *mine);
    if (!mine)
        return false;
    ai_view(ctx, view, d.side, ai_mix(&ai->views), mine);
    note_events(ai, mine, d.side);
    double t0 = ai_now();
    bool ok;
    int legal = lnlt_legal_actions(ctx, mine, NULL, 0);
    if (mine->turn != ai->turn || mine->phase != ai->phase) {
        ai->turn = mine->turn;
        ai->phase = mine->phase;
        ai->in_phase = 0;
    }
    if (legal <= 1) {
        ok = lnlt_legal_actions(ctx, mine, out, 1) == 1;
    } else if (++ai->in_phase > PHASE_DECISIONS_MAX && ai_rest_action(ctx, mine, out)) {
        ok = true;
    } else if (ai->mcts && searched_kind(lnlt_decision_get(ctx, mine).kind) && !opened_here(ai, mine)) {
        ai_mcts_stats ms;
        ok = ai_mcts_choose(ai->mcts, mine, out, &ms);
        ai->stats.searched += ms.iterations > 0; /* one candidate left: no search ran */
        ai->stats.iterations += ms.iterations;
    } else {
        ok = ai_tactics_choose(ai->tactics, mine, out);
    }
    if (ok) {
        ai->last_type = out->type;
        ai->last_at = mine->actions_applied;
    }
    if (legal > 1) {
        ai->stats.decisions++;
        ai->stats.seconds += ai_now() - t0;
    }
    free(mine);
    return ok;
}

bool lnlt_bot_decide(const char *level, const lnlt_ctx *ctx, const lnlt_state *st, uint64_t seed, int budget_ms,
                     lnlt_action *out, lnlt_error *err)
{
    int lv;
    if (!lnlt_bot_level_parse(level, &lv))
        return lnlt_error_set(err, "unknown computer player level \"%s\"", level ? level : "(none)");
    /* Half the wall-time budget for the search (see lnlt/bot.h). */
    int ms = budget_ms > 1 ? budget_ms / 2 : 1;
    lnlt_bot *b = lnlt_bot_new(lv, seed, ms);
    if (!b)
        return lnlt_error_set(err, "out of memory for the %s computer player", lnlt_bot_level_name(lv));
    bool ok = lnlt_bot_act(b, ctx, st, out);
    lnlt_bot_free(b);
    if (!ok && lnlt_decision_get(ctx, st).kind == LNLT_DECIDE_NONE)
        return lnlt_error_set(err, "the game is over: no legal action to choose");
    if (!ok)
        return lnlt_error_set(err, "the %s computer player chose nothing (out of memory)", lnlt_bot_level_name(lv));
    return true;
}
