/*
 * lnlt/check.h: self-checks of the engine for soak runs (`lnlt selfplay --check`,
 * tests/test_soak.c): the invariants every reachable state keeps, and that the
 * list of legal actions is exactly what lnlt_apply accepts.
 */
#ifndef LNLT_CHECK_H
#define LNLT_CHECK_H

#include <stdbool.h>
#include <stddef.h>

#include "lnlt/dice.h"
#include "lnlt/game.h"

/* The invariants of a state: sides and unit types valid; every unit in exactly one
 * place (a location the map has, or off the map on the ground floor); stacking per
 * side and location (1.3: 3 squad-equivalents, 2 SMCs; 6.6: 2 mounted; 10.6: one
 * MMC on a roof); every support weapon held by one unit on the map, lying on the
 * map, or out of play (a unit still waiting to arrive holds its own); carry limits (1.6); charge and opportunity-move marks only
 * while their decision is under way (8.6, 6.8). False with the first broken one
 * in why. Needs ctx's catalog and map. */
bool lnlt_check_invariants(const lnlt_ctx *ctx, const lnlt_state *st, char *why, size_t len);

/* The legal list is exactly what apply accepts: each listed action (all of them,
 * or `max_listed` picked with rng when there are more) applies to a copy of st,
 * and `unlisted` variants of listed actions (another side, hex, unit or type) that
 * are not in the list are refused, leaving st byte for byte unchanged. Also: a
 * state that is not over has at least one legal action, and one that is over has
 * none. False with the first failure in why. */
bool lnlt_check_legal_list(const lnlt_ctx *ctx, const lnlt_state *st, lnlt_pcg32 *rng, int max_listed, int unlisted,
                           char *why, size_t len);

/* A scenario's mid-game position (its `state`) is one play can go on from: the
 * invariants hold and, unless the game is over, its decision lists at least one
 * action. lnlt_ctx_open refuses a scenario whose position fails this. False with
 * the reason in why. */
bool lnlt_check_position(const lnlt_ctx *ctx, char *why, size_t len);

#endif
