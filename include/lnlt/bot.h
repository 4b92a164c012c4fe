/*
 * lnlt/bot.h: computer players. For now one: a random player that picks uniformly
 * among the legal actions of the current decision, preferring an attack whenever
 * one is legal (so games have some fighting in them). It sees only the public
 * engine API, so every new action type the rules add is playable at once.
 */
#ifndef LNLT_BOT_H
#define LNLT_BOT_H

#include <stdbool.h>
#include <stdint.h>

#include "lnlt/dice.h"
#include "lnlt/error.h"
#include "lnlt/game.h"

typedef struct lnlt_bot {
    lnlt_pcg32 rng; /* the bot's own choices; the game's dice stay in the state */
    bool prefer_fire;
} lnlt_bot;

/* Seeds the bot; the same seed and the same positions give the same choices. */
void lnlt_bot_init(lnlt_bot *b, uint64_t seed);

/* The bot seed `lnlt selfplay` uses for the game played with dice seed
 * game_seed: a fixed scramble, so a game is reproduced from the one number. */
uint64_t lnlt_bot_selfplay_seed(uint64_t game_seed);

/* Chooses one legal action for the side to decide. False when the game is over
 * (no legal action). */
bool lnlt_bot_choose(lnlt_bot *b, const lnlt_ctx *ctx, const lnlt_state *st, lnlt_action *out);

/* The same choice among a list the caller enumerated (lnlt_legal_actions or
 * lnlt_search_actions of the position): the index of the action chosen, or -1
 * when n is 0. lnlt_bot_choose is lnlt_bot_pick over the whole legal list. */
int lnlt_bot_pick(lnlt_bot *b, const lnlt_action *legal, int n);

/* True if the action is an attack: its command word names fire ("fire", "opfire")
 * and is not a refusal to fire ("no-fire"); see lnlt_action_is_attack. */
bool lnlt_action_is_fire(const lnlt_ctx *ctx, const lnlt_action *a);

/* ---- levels: the computer players a program can name ----
 * A level is named by a string ("random" today; stronger levels join the list as
 * they are written). Programs such as `lnlt serve` take the name from their users
 * and pass it through, so they accept a new level without a change of their own. */

/* The levels known, as a NULL-terminated list; the first is the default. */
const char *const *lnlt_bot_levels(void);
/* Is `level` one of lnlt_bot_levels()? */
bool lnlt_bot_level_known(const char *level);

/* Chooses one legal action with the named level for the side to decide in st,
 * seeded with `seed` (the same level, seed and position give the same choice) and
 * thinking for at most budget_ms milliseconds of wall time. False with a reason
 * for an unknown level, or when there is no legal action (the game is over). */
bool lnlt_bot_decide(const char *level, const lnlt_ctx *ctx, const lnlt_state *st, uint64_t seed, int budget_ms,
                     lnlt_action *out, lnlt_error *err);

#endif
