/*
 * rules/internal_terrain.h: what the rule modules share about terrain beyond the
 * hex's own chart line: hexside and hill effects on a line of fire (TEC, 1.5.1,
 * 3.0), the optional fire markers (10.5.6), terrain counters (10.5.3, 10.5.5) and
 * rubble (15.1.2). Included by rules/internal.h where these sections stood; not
 * part of the public API.
 */
#ifndef LNLT_RULES_INTERNAL_TERRAIN_H
#define LNLT_RULES_INTERNAL_TERRAIN_H

#include "rules/internal.h"

/* ---- terrain_effects.c (TEC Wall, Hedge, Bocage, Hill; 1.5.1, 3.0) ---- */
/* What the line of fire from `from` to `to` adds to the target's hex TM, and
 * whether it cancels the moving-target bonus. `indirect`: mortar and artillery
 * fire, against which walls, hedges and hills give nothing. */
typedef struct rules_line_effects {
    int side_tm;           /* a Wall's or Bocage's TM: the fire crosses it into the target hex */
    int hill_tm;           /* the Hill's TM: the firer is below the target's hill */
    bool moving_negated;   /* the fire crosses a Hedge */
    int tree_tm;           /* 10.5.3: a tree-lined road target not fired at along the road */
    const char *side_name; /* the hexside terrain's name, for the log */
} rules_line_effects;
void rules_line_terrain(const lnlt_ctx *ctx, const lnlt_state *st, int from, int to, bool indirect,
                        rules_line_effects *out);
/* Adds the line's TM parts to mods (may be NULL); returns their sum. */
int rules_line_tm_add(const rules_line_effects *le, lnlt_modifiers *mods);
/* Logs the parts of a target's TM (before the 5.5 cap) as a CALC event. */
void rules_log_tm(lnlt_step *s, int to, const lnlt_modifiers *parts);
/* 1.5.1 / 3.0: does a unit of `side` at loc take the -2 of a positive-TM hex on a
 * morale check (the hex's TM, or walls and hills every enemy's fire would meet)? */
bool rules_mc_cover(const lnlt_ctx *ctx, const lnlt_state *st, int loc, int side);

/* ---- fire_markers.c (10.5.6, optional; 2.0 d, 9.0 d) ---- */
/* Is the optional fire rule in play (the scenario's "fire" rule, on for this game)? */
bool rules_fire_on(const lnlt_ctx *ctx, const lnlt_state *st);
/* The Fire marker of a location: 0 none, 1 or 2. */
int rules_fire_at(const lnlt_state *st, int loc);
bool rules_fire_in_hex(const lnlt_state *st, int cell);
bool rules_any_fire(const lnlt_state *st);
/* 10.5.6.1: may a Fire burn in the location (Flammable terrain, ground or upper floor)? */
bool rules_flammable(const lnlt_ctx *ctx, const lnlt_state *st, int loc);
/* 10.5.6.1: after an attack on enemy units at loc whose natural roll was `natural`
 * (the DFT attack die, or the OFT to-hit 2d6 when `oft`): the Fire Start check,
 * with the weapon's modifier (+5 flame, +3 artillery or mortar team). */
bool rules_fire_start_check(lnlt_step *s, int loc, int natural, bool oft, int weapon_mod);
/* 9.0, 10.5.6.2, 10.5.6.4: Fire Damage Checks, then intensity, then spreading. */
bool rules_fire_admin(lnlt_step *s);
/* 10.5.6.3: the put-out attempts of an activation (each unit alone, or all together). */
int rules_fire_actions(const lnlt_ctx *ctx, const lnlt_state *st, int side, lnlt_action *out, int cap);
bool rules_put_out_fire(lnlt_step *s, int loc, const uint8_t *units);

/* ---- terrain_counters.c (10.5.3 tree-lined roads, 10.5.5 craters; 15.3) ---- */
/* 10.5.5: the Craters' TM of a location (added to mods when given). */
int rules_crater_tm(const lnlt_ctx *ctx, int loc, lnlt_modifiers *mods);
/* 10.5.3: +1 for fire from `from` at a tree-lined road location, unless the line
 * runs exactly along the road (R-CORE-100). */
int rules_tree_lined_tm(const lnlt_ctx *ctx, int from, int to);
/* The LOS class a location is spotted as (10.1) by a unit at `from` (-1: nobody
 * in particular): the terrain's, Craters degrading, a tree-lined road open only
 * along the road. */
int rules_spot_class_from(const lnlt_ctx *ctx, const lnlt_state *st, int from, int loc);
/* The same for a whole side (R-CORE-104: open once one of its units sees it along the road). */
int rules_spot_terrain_class(const lnlt_ctx *ctx, const lnlt_state *st, int loc, int observer);
/* 15.3: Craters bar an overrun; a tree-lined road hex only from the next road hex. */
const char *rules_counter_overrun_barred(const lnlt_ctx *ctx, int from, int to);
/* 10.5.5: no Foxholes in a Craters hex. */
bool rules_crater_barred_foxholes(const lnlt_ctx *ctx, int cell);

/* ---- terrain helpers ---- */
lnlt_hex rules_hex(const lnlt_ctx *ctx, int cell);
/* 15.1.2: has the location's hex been rubbled (a Rubble marker in it)? */
static inline bool rules_rubbled(const lnlt_state *st, int loc)
{
    return __builtin_expect(st->rubble_any != 0, 0) && loc >= 0 && lnlt_bit(st->rubble, lnlt_loc_cell(loc));
}
/* rules_loc_exists in play: a rubbled hex keeps only its ground and bunker
 * (15.1.2, ruling R-VEH-39). Asked wherever a unit may come onto a floor. */
static inline bool rules_loc_open(const lnlt_ctx *ctx, const lnlt_state *st, int loc)
{
    return rules_loc_exists(ctx, loc) &&
           !(rules_rubbled(st, loc) && lnlt_loc_floor(loc) != LNLT_FLOOR_GROUND && lnlt_loc_floor(loc) != LNLT_FLOOR_BUNKER);
}
/* The chart's Rubble row (every chart defines it: map.c checks). */
const lnlt_terrain *rules_rubble_terrain(const lnlt_ctx *ctx);
/* The terrain the map prints in a location's hex (NULL off the map), for rules
 * whose terrain is never a building, so never Rubble (15.1.2). */
static inline const lnlt_terrain *rules_map_terrain(const lnlt_ctx *ctx, int loc)
{
    int cell = lnlt_loc_cell(loc);
    if (cell < 0 || !lnlt_map_cell_exists(ctx->map, cell))
        return NULL;
    return &lnlt_map_tec(ctx->map)->t[lnlt_map_cell(ctx->map, cell)->terrain];
}
/* The terrain of a location's hex in play: the map's (as lnlt_map_terrain of its
 * hex gives it), or Rubble once a vehicle has rubbled the hex (15.1.2); NULL off
 * the map. From the cell without converting to a hex and back. */
static inline const lnlt_terrain *rules_terrain(const lnlt_ctx *ctx, const lnlt_state *st, int loc)
{
    int cell = lnlt_loc_cell(loc);
    if (cell < 0 || !lnlt_map_cell_exists(ctx->map, cell))
        return NULL;
    if (rules_rubbled(st, cell))
        return rules_rubble_terrain(ctx);
    return &lnlt_map_tec(ctx->map)->t[lnlt_map_cell(ctx->map, cell)->terrain];
}
int rules_rubble_enter_mp2(const lnlt_ctx *ctx, lnlt_mover mover);
/* Half MP for a mover to enter the location's hex (no hexside), as lnlt_map_mp2
 * gives it, or the Rubble row's once the hex is rubbled (15.1.2). */
static inline int rules_enter_mp2(const lnlt_ctx *ctx, const lnlt_state *st, int loc, lnlt_mover mover)
{
    if (rules_rubbled(st, loc))
        return rules_rubble_enter_mp2(ctx, mover);
    return lnlt_map_mp2(ctx->map, rules_hex(ctx, loc), mover);
}
/* ---- rubble.c (15.1.2 rubbling buildings and huts) ---- */
/* Half MP to enter `to` from adjacent `from` (-1: entering the map), road and
 * Craters counted (lnlt_map_step_mp2_cells), or the Rubble row's (R-VEH-40). */
static inline int rules_step_mp2(const lnlt_ctx *ctx, const lnlt_state *st, int from, int to, lnlt_mover mover)
{
    /* ruling R-VEH-40: Rubble fills the hex, so a road through it no longer lowers
     * the cost of entering it */
    if (from < 0 || rules_rubbled(st, to))
        return rules_enter_mp2(ctx, st, to, mover);
    return lnlt_map_step_mp2_cells(ctx->map, lnlt_loc_cell(from), lnlt_loc_cell(to), mover);
}
/* Is the cell a building or huts a vehicle could rubble (TEC `rubbles`), not yet
 * Rubble? *hut (may be NULL): Bamboo Huts. */
bool rules_rubble_target(const lnlt_ctx *ctx, const lnlt_state *st, int cell, bool *hut);
/* Why the moving vehicle may not rubble its way into `to`, or NULL when it may. */
const char *rules_rubble_barred(const lnlt_ctx *ctx, const lnlt_state *st, int vehicle, int to);
/* Adds Rubble (LNLT_DYN_RUBBLE) to a dynamic-obstacle array (as rules_ffe_layer). */
bool rules_rubble_layer(const lnlt_ctx *ctx, const lnlt_state *st, uint8_t *cells, bool have);
/* Puts a Rubble marker in the cell: its upper floors and rooftop are gone. */
void rules_place_rubble(lnlt_state *st, int cell);
/* The vehicle has entered a cell it rubbles: the marker, then the abandonment
 * roll (abandoned: rules_vehicle_abandon). False on a dice error. */
bool rules_rubble_entry(lnlt_step *s, int vehicle, int cell);

/* Target modifier parts of the hex for a unit of `side`, with fortifications
 * (5.5 cap applied by the caller). */
int rules_hex_tm(const lnlt_ctx *ctx, const lnlt_state *st, int cell, int side, lnlt_modifiers *mods);
bool rules_los(const lnlt_ctx *ctx, const lnlt_state *st, int from, int to, lnlt_los_result *out);

#endif
