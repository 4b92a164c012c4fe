/*
 * lnlt/view.h: what a player may see and what an action would do (DESIGN.md
 * "Views, never the state"). Clients (the server, the browser, the terminal) show
 * these instead of the state:
 *
 *   - a side's view of a game: the board, every unit it may see with its markers
 *     and numbers, the turn track, the decision being waited on and the scenario
 *     briefing in words, without what that side may not know (held forces not yet
 *     revealed, paragraphs not yet read, hidden objectives, the other side's
 *     sealed melee targets), and never the seed or the dice state;
 *   - the static map, for drawing the board once;
 *   - previews: what a legal action would do, computed by the engine's own rules
 *     with every die distribution enumerated (no sampling);
 *   - line of sight between two locations with its reasons;
 *   - the state as one side may know it, for computer players.
 *
 * Every JSON result is a jansson json_t* returned as void* (so this header does
 * not force jansson on its includers); the caller json_decref()s it. The shapes
 * are specified in docs/view.md; the hidden-information rulings are R-VIEW-nn in
 * docs/rulings.md.
 */
#ifndef LNLT_VIEW_H
#define LNLT_VIEW_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "lnlt/error.h"
#include "lnlt/event.h"
#include "lnlt/game.h"
#include "lnlt/session.h"

/* Version of the view, preview and map JSON shapes (docs/view.md). */
#define LNLT_VIEW_FORMAT 1

/* What `side` (1 or 2; 0 = a spectator: public information only) may see, as a jansson json_t*
 * returned as void* (the caller decrefs). Never contains the seed or the dice state. */
void *lnlt_view_json(const lnlt_session *s, int side);
/* The "decision" member of lnlt_view_json alone (the same for every viewer): what
 * the game waits for, as a json_t* returned as void* (the caller decrefs); for a
 * caller that needs no more than that, without building the whole view. */
void *lnlt_decision_json(const lnlt_session *s);

/* The name docs/view.md gives a decision kind (lnlt_decision.kind): "rally",
 * "opportunity_fire", "none" (game over) ...; "other" for a number it does not know. */
const char *lnlt_decision_kind_name(int kind);

/* Whether side may see event e of the session's log (so logs and pushes can be filtered). */
bool lnlt_event_visible(const lnlt_session *s, const lnlt_event *e, int side);

/* What the action (a text command, legal for the side that decides now) would do; NULL + err
 * when it is not legal now. */
void *lnlt_preview_json(const lnlt_session *s, const char *action, lnlt_error *err);

/* Line of sight between two locations ("H5", "H5:upper") with verdict, range, reasons + rules. */
void *lnlt_los_json(const lnlt_session *s, const char *from, const char *to, lnlt_error *err);

/* The state as `side` may know it, for computer players: everything that side may not see
 * replaced by what a player could assume (hidden forces and untriggered event effects removed or
 * neutralised), and the dice generator re-seeded from `resample_seed`, so a bot that searches on
 * it can neither read hidden forces nor the future dice. The result must still be a state the
 * engine can play on from that side's point of view. Every event marker not yet set off counts
 * as spent there; which markers the game had set off (public, R-VIEW-01) is kept in
 * view_markers (LNLT_VIEW_MARKERS_KNOWN). A view of a view keeps the first view's record. */
void lnlt_state_for_side(const lnlt_ctx *ctx, const lnlt_state *st, int side, uint64_t resample_seed,
                         lnlt_state *out);

/* The board's terrain for drawing it (hexes with terrain, level, building and
 * floors, road; hexside walls, hedges and streams; buildings; the terrain chart's
 * names and classes). It depends on the ctx only, so a client may cache it. */
void *lnlt_map_json(const lnlt_ctx *ctx);

/* Is unit `unit` hidden from `side` (0: a spectator) in this state (ruling R-VIEW-02)?
 * A unit that is hidden from both sides is hidden from every viewer. */
bool lnlt_unit_hidden(const lnlt_ctx *ctx, const lnlt_state *st, int unit, int side);
/* Is scenario force f (a held force not yet revealed) hidden from `side`? */
bool lnlt_force_hidden(const lnlt_ctx *ctx, const lnlt_state *st, int f, int side);

/* The same queries on a bare state (what lnlt_preview_json and lnlt_los_json
 * answer for a session's current state). */
void *lnlt_preview_state_json(const lnlt_ctx *ctx, const lnlt_state *st, const char *action, lnlt_error *err);
void *lnlt_los_state_json(const lnlt_ctx *ctx, const lnlt_state *st, const char *from, const char *to,
                          lnlt_error *err);

/* ---- What the views show of the victory rules (src/rules/victory.c) ---- */
/* The side's victory points so far, doubled (a half-squad may score half, 22.0). */
int lnlt_victory_points2(const lnlt_ctx *ctx, const lnlt_state *st, int side);
/* Does `side` meet victory condition k of the scenario now? why: where it stands
 * ("controls 2 of the 4 required hexes (...)"). */
bool lnlt_victory_condition_status(const lnlt_ctx *ctx, const lnlt_state *st, int k, int side, char *why, size_t len);

/* ---- Queries the views ask of the rules (src/rules/query.c) ---- */
/* Is location `loc` spotted for units of `observer` (10.1)? */
bool lnlt_location_spotted(const lnlt_ctx *ctx, const lnlt_state *st, int loc, int observer);
/* Does the location exist (an upper floor only in a two-storey building, a roof
 * only where rooftops are used, 10.4.1, 10.6; scenario rules count)? */
bool lnlt_location_exists(const lnlt_ctx *ctx, int loc);
/* The name of a location's floor: "ground", "upper", "roof", "bunker" (21.1) or
 * "cave" (10.7), as location names end (":upper", ":cave"...). */
const char *lnlt_location_floor_name(const lnlt_ctx *ctx, int loc);
/* 10.7.2: has the cave of this hex collapsed (a Collapsed Entrance marker)? */
bool lnlt_cave_collapsed(const lnlt_state *st, int cell);
/* Half MP the moving stack may still spend (6.0), 0 when nothing moves. */
int lnlt_move_mp2_left(const lnlt_ctx *ctx, const lnlt_state *st);
/* The unit a set-up or event-placement decision places next, or -1. */
int lnlt_next_placed_unit(const lnlt_ctx *ctx, const lnlt_state *st);

#endif
