/*
 * lnlt/bot.h: computer players, by level:
 *   random  a uniform choice among the legal actions, any attack preferred (for
 *           benchmarks and soak tests);
 *   easy    the scripted player with its judgement blurred by noise;
 *   normal  the scripted player: every legal action scored by where it leads
 *           (expected damage of attacks, cover and goals of moves, rallies...);
 *   hard    Monte-Carlo tree search over the scripted player's scores, within a
 *           time budget per decision.
 * Every level sees only the public engine API, so each action type the rules add
 * is playable at once; docs/ai.md describes the players and their measured
 * strength.
 *
 * A bot decides from the state as its side may know it. Callers pass that view;
 * the bot re-samples the dice of whatever it is given before it looks further,
 * so it never reads or reuses the game's future dice.
 */
#ifndef LNLT_BOT_H
#define LNLT_BOT_H

#include <stdbool.h>
#include <stdint.h>

#include "lnlt/dice.h"
#include "lnlt/error.h"
#include "lnlt/game.h"

typedef enum lnlt_bot_level {
    LNLT_BOT_RANDOM = 0,
    LNLT_BOT_EASY = 1,
    LNLT_BOT_NORMAL = 2,
    LNLT_BOT_HARD = 3
} lnlt_bot_level;
#define LNLT_BOT_LEVELS 4

/* The default time budget of a hard decision, in milliseconds. */
#define LNLT_BOT_DEFAULT_MS 1000

/* "random", "easy", "normal", "hard" (case-insensitive) to a level; false for
 * anything else (*level untouched). */
bool lnlt_bot_level_parse(const char *name, int *level);
/* The level's name; "unknown" outside 0..LNLT_BOT_LEVELS-1. */
const char *lnlt_bot_level_name(int level);

struct lnlt_ai;

typedef struct lnlt_bot {
    lnlt_pcg32 rng;   /* the bot's own choices; the game's dice stay in the state */
    bool prefer_fire; /* random level: any attack first */
    int level;        /* lnlt_bot_level */
    int ms;           /* hard: time budget per decision */
    int iterations;   /* hard: > 0 replaces the time budget by this many search iterations */
    uint64_t seed;
    struct lnlt_ai *ai; /* the level's player, built on first use; NULL for random */
} lnlt_bot;

/* Figures of the decisions made so far (for `lnlt arena` and the docs). */
typedef struct lnlt_bot_stats {
    long decisions;   /* calls that chose among two or more actions */
    long searched;    /* of those, decided by the search (hard) */
    long iterations;  /* search iterations in all */
    double seconds;   /* time spent deciding */
} lnlt_bot_stats;

/* A bot of `level` (lnlt_bot_level) with its own seed and, for hard, a time
 * budget per decision in milliseconds (<= 0: LNLT_BOT_DEFAULT_MS). NULL if the
 * level is unknown or memory ran out. Free with lnlt_bot_free. */
lnlt_bot *lnlt_bot_new(int level, uint64_t seed, int ms);
void lnlt_bot_free(lnlt_bot *b);
/* Empties the computer players' cache of scenario studies (src/ai/ai_board_cache.c:
 * a bot studies a scenario's map and goals once per scenario content, and every
 * bot playing it later starts from that study). Bots in play keep their own copy. */
void lnlt_bot_cache_clear(void);

/* Chooses one legal action for the side to decide in `view` (that side's view of
 * the game, lnlt_state_for_side of lnlt/view.h). The same seed, level and
 * positions give the same choices, except that a hard bot's search depends on
 * the time it is given. A bot object keeps what it learnt between decisions (the
 * scenario's distances, the plan of a move under way): a program playing a whole
 * game keeps one per side. False when the game is over (no legal action) or out
 * of memory. */
bool lnlt_bot_act(lnlt_bot *b, const lnlt_ctx *ctx, const lnlt_state *view, lnlt_action *out);

void lnlt_bot_get_stats(const lnlt_bot *b, lnlt_bot_stats *out);

/* A hard bot searches this many iterations per decision instead of for a time
 * (iterations > 0), so its choices repeat exactly whatever the machine's load:
 * for tests and reproducible measurements. 0 returns to the time budget. */
void lnlt_bot_set_iterations(lnlt_bot *b, int iterations);

/* The random player on a caller-owned struct (no lnlt_bot_free needed): seeds it;
 * the same seed and the same positions give the same choices. */
void lnlt_bot_init(lnlt_bot *b, uint64_t seed);

/* The bot seed `lnlt selfplay` uses for the game played with dice seed
 * game_seed: a fixed scramble, so a game is reproduced from the one number. */
uint64_t lnlt_bot_selfplay_seed(uint64_t game_seed);

/* The random player's choice (whatever b->level says): one legal action for the
 * side to decide. False when the game is over (no legal action). */
bool lnlt_bot_choose(lnlt_bot *b, const lnlt_ctx *ctx, const lnlt_state *st, lnlt_action *out);

/* The same choice among a list the caller enumerated (lnlt_legal_actions or
 * lnlt_search_actions of the position): the index of the action chosen, or -1
 * when n is 0. lnlt_bot_choose is lnlt_bot_pick over the whole legal list. */
int lnlt_bot_pick(lnlt_bot *b, const lnlt_action *legal, int n);

/* True if the action is an attack: its command word names fire ("fire", "opfire")
 * and is not a refusal to fire ("no-fire"); see lnlt_action_is_attack. */
bool lnlt_action_is_fire(const lnlt_ctx *ctx, const lnlt_action *a);

/* ---- levels by name, one decision at a time (the server's bot seats) ----
 * Programs such as `lnlt serve` take the level's name from their users and pass
 * it through, so they accept a new level without a change of their own. */

/* The level names (lnlt_bot_level_name of each level, in order), as a
 * NULL-terminated list; the first ("random") is the default. */
const char *const *lnlt_bot_levels(void);
/* Is `level` one of lnlt_bot_levels()? (lnlt_bot_level_parse succeeds.) */
bool lnlt_bot_level_known(const char *level);

/* Chooses one legal action with the named level for the side to decide in st
 * (that side's view), seeded with `seed` (the same level, seed and position give
 * the same choice, except that hard depends on the time it is given): a bot of
 * lnlt_bot_new for this one decision. budget_ms is wall time for the whole call:
 * hard searches for half of it (processor time), leaving the rest for building
 * the scenario's knowledge and for a busy machine. False with a reason for an
 * unknown level, or when there is no legal action (the game is over). */
bool lnlt_bot_decide(const char *level, const lnlt_ctx *ctx, const lnlt_state *st, uint64_t seed, int budget_ms,
                     lnlt_action *out, lnlt_error *err);

#endif
