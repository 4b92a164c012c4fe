/*
 * lnlt/snapshot.h: the position of a game in progress written as a mid-game
 * scenario (docs/formats/scenario.md, "Mid-game position"): the game's scenario
 * with a "state" that holds everything of the game state that matters, so that
 * loading it gives back the same state (the same lnlt_state_hash). Saves embed
 * it as their final position (docs/formats/save.md), and `lnlt play` or `lnlt
 * engine` can start from it like from any scenario.
 */
#ifndef LNLT_SNAPSHOT_H
#define LNLT_SNAPSHOT_H

#include "lnlt/error.h"
#include "lnlt/game.h"
#include "lnlt/scenario.h"

/* A copy of ctx's scenario with the position of st as its state (malloc'd; free
 * with lnlt_scenario_free). Fails when ctx has no scenario, catalog or map, or
 * when st holds something the format cannot say (err says what). */
lnlt_scenario *lnlt_snapshot(const lnlt_ctx *ctx, const lnlt_state *st, lnlt_error *err);

/* The same as scenario JSON text (malloc'd), or NULL with err set. */
char *lnlt_snapshot_text(const lnlt_ctx *ctx, const lnlt_state *st, lnlt_error *err);

#endif
