/*
 * lnlt/search.h: the engine as a search sees it (Monte-Carlo playouts, tree
 * search). The same rules as lnlt/game.h, with the costs a player never notices
 * taken out of the way:
 *
 *   - list the legal actions once, into the caller's buffer;
 *   - apply one of them without listing them again to check it, without text,
 *     without a log, in place (the trusted fast path; lnlt_apply is the checking
 *     path that players, scripts and the protocol use);
 *   - a Zobrist hash per search node, updated from its parent's in the cost of
 *     comparing the two states (the replay hash lnlt_state_hash stays the one
 *     saves and replays use);
 *   - re-seeding a state's dice, so a search samples chance for itself and never
 *     reads the game's real future dice.
 *
 * A typical tree-search step:
 *
 *     lnlt_action moves[LNLT_SEARCH_ACTIONS_MAX];
 *     int n = lnlt_search_actions(ctx, &node->st, moves, LNLT_SEARCH_ACTIONS_MAX);
 *     lnlt_state child = node->st;                  // a clone is a memcpy
 *     lnlt_search_reseed(&child, sample_seed);       // chance of this sample
 *     if (!lnlt_search_apply(ctx, &child, &moves[i], NULL)) ...  // engine bug: drop child
 *     uint64_t key = lnlt_search_hash_update(node->key, &node->st, &child);
 *
 * Everything here is deterministic: the same state and action give the same
 * state, on every machine and build.
 *
 * The state is trusted too: it must be as the engine left it (lnlt_state_init,
 * lnlt_apply, lnlt_search_apply, or a clone of one of those). The state keeps an
 * index of its units by location; a program that moved units by hand (writing
 * lnlt_unit.cell or .floor) calls lnlt_state_refresh before handing the state to
 * this API. (lnlt_legal_actions and lnlt_apply check the index themselves.)
 */
#ifndef LNLT_SEARCH_H
#define LNLT_SEARCH_H

#include <stdbool.h>
#include <stdint.h>

#include "lnlt/game.h"

/* A buffer of this many actions holds every legal list of the shipped scenarios
 * (the longest seen is about 300); lnlt_search_actions says when one is longer. */
#define LNLT_SEARCH_ACTIONS_MAX 1024

/* Writes up to cap legal actions of the decision the state waits on to out and
 * returns how many there are in all (more than cap: call again with a larger
 * buffer). The list is exactly lnlt_legal_actions' list, in the same order: an
 * index into it names the same action for every caller. 0 when the game is over.
 * Checked: nothing needs to be (any state the engine produced). */
int lnlt_search_actions(const lnlt_ctx *ctx, const lnlt_state *st, lnlt_action *out, int cap);

/* Applies action a in place, with the state's own dice, no forced dice and no log.
 * Trusted: a must come from lnlt_search_actions (or lnlt_legal_actions) of this
 * very state, unmodified; it is not looked for in the legal list, and nothing is
 * formatted as text. Returns false only if the rules fail half way, which for a
 * listed action is an engine bug (the rule's reason in err, which may be NULL,
 * and the only text ever written): *st is then unspecified and must be dropped
 * (apply to a clone when the original is still needed). An action that is not
 * from the list may be applied in part or refused: use lnlt_apply to check. */
bool lnlt_search_apply(const lnlt_ctx *ctx, lnlt_state *st, const lnlt_action *a, lnlt_error *err);

/* The action that lets the waiting decision go by without acting, when the
 * decision is one whose list always ends with it: the other side's opportunity
 * fire at a moving stack, or its fire at an ATGM's firer (no-fire, 6.0, 14.4).
 * Writes it to *out and returns true; false for any other decision. It is the
 * list's own entry (lnlt_search_actions' last), found without listing the rest,
 * so lnlt_search_apply takes it: a look-ahead that declines the enemy's fire
 * (and prices it instead) needs no list. */
bool lnlt_search_pass(const lnlt_ctx *ctx, const lnlt_state *st, lnlt_action *out);

/* lnlt_search_apply(ctx, st, &list[i], err) for 0 <= i < n; false (st unchanged,
 * the reason in err) for an index outside the list. */
bool lnlt_search_apply_index(const lnlt_ctx *ctx, lnlt_state *st, const lnlt_action *list, int n, int i,
                             lnlt_error *err);

/* The Zobrist hash of a position: the exclusive-or of a pseudo-random key for
 * each (place in the state, value there) pair. It ignores the dice generator and
 * the count of actions applied, so positions reached by different orders of
 * actions or with different dice streams hash alike (a transposition table
 * keeps one node for them). It depends on the state layout of this build: keep it
 * in memory, never in a file (saves use lnlt_state_hash). */
uint64_t lnlt_search_hash(const lnlt_state *st);

/* The incremental form: the hash of `after` from the hash of `before` (which
 * after was cloned from and changed), touching only what differs between them.
 * Equal to lnlt_search_hash(after) whenever parent_hash is lnlt_search_hash(before). */
uint64_t lnlt_search_hash_update(uint64_t parent_hash, const lnlt_state *before, const lnlt_state *after);

/* Rebuilds the state's index of units by location (lnlt_state.by_loc and
 * .occupied) from the units' places, after a program changed them by hand. */
void lnlt_state_refresh(lnlt_state *st);

/* Replaces the state's dice generator by one seeded with `seed` (on a stream of
 * its own, never the game's), so the random dice of every later action in this
 * state are the search's sample, not the game's real dice. The position is
 * unchanged (lnlt_search_hash stays the same; lnlt_state_hash, which covers the
 * generator, changes). */
void lnlt_search_reseed(lnlt_state *st, uint64_t seed);

#endif
