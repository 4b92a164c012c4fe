/*
 * optional_rules.h: a scenario's optional special rules (22.0) as choices made
 * when a game is created on the server (optional_rules.c; docs/server.md,
 * "Optional rules"; rulings R-SRV-30, R-SRV-31). JSON values are json_t*.
 */
#ifndef LNLT_SERVER_OPTIONAL_RULES_H
#define LNLT_SERVER_OPTIONAL_RULES_H

#include <stdbool.h>

#include "lnlt/session.h"

/* [{"id", "name", "default"}] for each rule of the scenario the players may
 * choose (names from the briefing card, its "special_rules"), with "on" (played
 * in this game) when st is given. */
void *srv_optional_rules_json(const lnlt_ctx *ctx, const void *briefing, const lnlt_state *st);
/* Applies a create request's "optional_rules" ({"ID": true|false}; NULL: none)
 * to the game's first state; false with a precise reason, for the client, on the
 * first bad entry (st is then to be thrown away). */
bool srv_optional_rules_choose(const lnlt_ctx *ctx, const char *scenario_id, const void *choice, lnlt_state *st,
                               lnlt_error *err);
/* Starts a session of a game with the choice stored as rules_off (-1: the
 * scenario's defaults): call right after lnlt_session_start. */
bool srv_optional_rules_apply(lnlt_session *s, int rules_off, lnlt_error *err);

#endif
