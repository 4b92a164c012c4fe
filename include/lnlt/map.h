/*
 * lnlt/map.h: maps (rules 1.4, 10.2 buildings and hills, 10.3.2 hexside terrain,
 * 10.4.1 hexes within hexes, 10.6 rooftops) and line of sight (10.2-10.4.1, 10.6).
 * File format: docs/formats/map.md.
 *
 * A loaded map is immutable: the rules engine keeps a pointer to it and holds
 * everything that changes in play (smoke, wrecks, fire, rubble) in its own flat
 * state, passing it to lnlt_los() as an lnlt_los_dynamic. Every query here is a
 * lookup in flat arrays and allocates nothing.
 *
 * Several geomorphic maps may be joined side by side in one board (a "board"
 * file); hexes are then named with their map number ("15H7"). A hex given with
 * map number 0 means the board's first map.
 */
#ifndef LNLT_MAP_H
#define LNLT_MAP_H

#include <stdbool.h>
#include <stdint.h>

#include "lnlt/error.h"
#include "lnlt/hex.h"
#include "lnlt/terrain.h"

typedef struct lnlt_map lnlt_map;

/* Loads a map file (one map) or a board file (several maps side by side); from
 * the opening cache (docs/performance.md) when lnlt_map_cache_write wrote the
 * same map's files there, which gives the same map. */
bool lnlt_map_load_file(const char *path, lnlt_map **out, lnlt_error *err);
/* Loads the map from its files and writes it to the opening cache. */
bool lnlt_map_cache_write(const char *path, lnlt_error *err);
void lnlt_map_free(lnlt_map *m);

/* True if the hex is on the map (h.map is 0 or one of the board's map numbers). */
bool lnlt_map_has_hex(const lnlt_map *m, lnlt_hex h);

/* ---- Flat per-hex data ---- */

enum {
    LNLT_HEXF_ROAD = 1u << 0,
    LNLT_HEXF_HALF = 1u << 1,          /* an edge half-hex (in play as a whole hex) */
    LNLT_HEXF_RECONSTRUCTED = 1u << 2, /* not backed by a source: correct it from a printed map */
    LNLT_HEXF_STEEPLE = 1u << 3,       /* the building's steeple / tower hex */
    LNLT_HEXF_NO_UPPER = 1u << 4,      /* a scenario rule took this hex's upper floor away */
    LNLT_HEXF_JOINED = 1u << 5,        /* two maps' edge half-hexes joined into one hex (1.4; 22.0: no set-up) */
    LNLT_HEXF_TREE_LINED = 1u << 6     /* a Tree/Jungle-lined Road hex (10.5.3; map key tree_lined) */
};

/* The terrain counter a scenario laid in a hex before play (10.5.2 Ford, 10.5.4
 * Roadblock, 10.5.5 Craters; lnlt_map_hex.counter). They never move or go away,
 * so they belong to the game's private copy of the map (lnlt_map_place_counter)
 * rather than to the state. */
enum {
    LNLT_HEXC_NONE = 0,
    LNLT_HEXC_FORD = 1,      /* the River hex takes the chart's ford row */
    LNLT_HEXC_ROADBLOCK = 2, /* the Road hex takes the chart's roadblock row */
    LNLT_HEXC_CRATER1 = 3,   /* a +1 TM Craters marker on top of the hex's terrain */
    LNLT_HEXC_CRATER2 = 4    /* a +2 TM Craters marker */
};

#define LNLT_NO_BUILDING 0xFFFF
#define LNLT_NO_FEATURE 0xFF

typedef struct lnlt_map_hex {
    uint8_t terrain;     /* index into lnlt_map_tec(m)->t */
    int8_t level;        /* ground level (hills 1..3) */
    uint8_t flags;       /* LNLT_HEXF_* */
    uint8_t nsil;        /* silhouettes of this hex */
    uint16_t building;   /* building index, or LNLT_NO_BUILDING */
    uint16_t sil_first;  /* first silhouette index */
    /* Hexside features of this hex's N, NE and SE sides (the canonical sides of
     * lnlt_hexside_of): a hexside terrain index or LNLT_NO_FEATURE, and a stream
     * class 0..5. */
    uint8_t side[3];
    uint8_t stream[3];
    uint8_t counter;     /* LNLT_HEXC_* */
    uint8_t reserved;
} lnlt_map_hex;

typedef struct lnlt_building {
    char id[24];
    uint8_t stories; /* 1 or 2 */
    bool roof;       /* rooftops usable (10.6) */
    uint16_t nhex;
} lnlt_building;

/* Silhouette i (0..nsil-1) of a cell: its terrain index and its points as x,y
 * pairs in board lattice coordinates (lnlt/hex.h). Returns the point count. */
int lnlt_map_silhouette(const lnlt_map *m, int cell, int i, int *terrain, const float **xy);

/* Number of cells; a dynamic-obstacle array is indexed by lnlt_map_index(). */
int lnlt_map_cells(const lnlt_map *m);
/* Cell index of a hex on the map, or -1. */
int lnlt_map_index(const lnlt_map *m, lnlt_hex h);
/* The hex at a cell index (with its map number); cell must exist. */
lnlt_hex lnlt_map_hex_at(const lnlt_map *m, int cell);
/* Position of a cell on the board grid (map 0, board columns), for drawing; and
 * the cell at a board column and row, or -1. */
lnlt_hex lnlt_map_board_hex(const lnlt_map *m, int cell);
int lnlt_map_cell_at(const lnlt_map *m, int board_col, int row);
/* The cell next to `cell` in direction d (1..6): lnlt_map_index of
 * lnlt_hex_neighbor of its hex, or -1 off the map; d = 0 gives the cell itself. A
 * table lookup. */
int lnlt_map_neighbor(const lnlt_map *m, int cell, int d);
/* The floors of a cell that exist as locations: bit f set for lnlt_floor f
 * (ground, upper floor, rooftop); 0 for a cell off the map. A table lookup. */
unsigned lnlt_map_floors(const lnlt_map *m, int cell);
/* lnlt_hex_distance between the hexes of two cells. */
int lnlt_map_cell_distance(const lnlt_map *m, int a, int b);
/* True if the cell index names a playable hex (some cells are grid padding). */
bool lnlt_map_cell_exists(const lnlt_map *m, int cell);
const lnlt_map_hex *lnlt_map_cell(const lnlt_map *m, int cell);

const lnlt_tec *lnlt_map_tec(const lnlt_map *m);
/* A 64-bit digest of everything the map's answers depend on (chart, grid, hexes,
 * hexsides, counters, buildings, silhouettes), not of its name or address: two
 * maps with the same content have the same digest (src/map/map_digest.c). */
uint64_t lnlt_map_digest(const lnlt_map *m);
/* The chart row of the Smoke marker (every loaded map's chart has one). */
int lnlt_map_smoke_terrain(const lnlt_map *m);
int lnlt_map_number(const lnlt_map *m);   /* the first map's number */
const char *lnlt_map_name(const lnlt_map *m);
int lnlt_map_building_count(const lnlt_map *m);
const lnlt_building *lnlt_map_building(const lnlt_map *m, int b);
/* Grid extent: columns 0..cols-1 and rows 0..rows (row 0 is the top half-hex row). */
void lnlt_map_extent(const lnlt_map *m, int *cols, int *rows);

/* Convenience lookups; h must be on the map. */
const lnlt_terrain *lnlt_map_terrain(const lnlt_map *m, lnlt_hex h);
int lnlt_map_level(const lnlt_map *m, lnlt_hex h);
int lnlt_map_building_of(const lnlt_map *m, lnlt_hex h); /* -1 if none */
/* Total obstacle height of the hex's terrain (10.3): ground level plus the
 * terrain's obstacle height (by storeys for buildings), in half levels; 0 for
 * open terrain. */
int lnlt_map_obstacle_top2(const lnlt_map *m, lnlt_hex h);
/* Half MP to enter h (by the hex's own terrain), or LNLT_MP_PROHIBITED. */
int lnlt_map_mp2(const lnlt_map *m, lnlt_hex h, lnlt_mover mover);
/* Half MP to enter b from adjacent a by the terrain chart (6.0, TEC): b's own cost,
 * or the chart's Road cost when both hexes are road hexes (TEC Road note: moving
 * from one road hex to the next ignores the other terrain), or
 * LNLT_MP_PROHIBITED. */
int lnlt_map_step_mp2(const lnlt_map *m, lnlt_hex a, lnlt_hex b, lnlt_mover mover);
/* True when a and b are adjacent road hexes, so a step between them goes by the
 * road (ruling R-TEC-04). */
bool lnlt_map_road_link(const lnlt_map *m, lnlt_hex a, lnlt_hex b);
/* Extra half MP for the change of ground level from a to adjacent b (TEC Hill:
 * one or two levels up, two levels down), or LNLT_MP_PROHIBITED for three or more
 * levels (a cliff). */
int lnlt_map_climb_mp2(const lnlt_map *m, lnlt_hex a, lnlt_hex b, lnlt_mover mover);
/* Hexside feature terrain between adjacent a and b, or NULL. */
const lnlt_terrain *lnlt_map_hexside(const lnlt_map *m, lnlt_hex a, lnlt_hex b);
int lnlt_map_stream(const lnlt_map *m, lnlt_hex a, lnlt_hex b); /* 0 if none */
/* Extra half MP to cross the a/b hexside (features + stream), or LNLT_MP_PROHIBITED. */
int lnlt_map_hexside_mp2(const lnlt_map *m, lnlt_hex a, lnlt_hex b, lnlt_mover mover);
/* The same four between cells (lnlt_map_index), and lnlt_map_mp2 of a cell: what
 * the functions above answer for the cells' hexes, without finding the cells
 * again (the engine's move test asks them for every candidate step). A cell that
 * does not exist is no hex. */
int lnlt_map_mp2_cell(const lnlt_map *m, int cell, lnlt_mover mover);
int lnlt_map_step_mp2_cells(const lnlt_map *m, int a, int b, lnlt_mover mover);
bool lnlt_map_road_link_cells(const lnlt_map *m, int a, int b);
int lnlt_map_climb_mp2_cells(const lnlt_map *m, int a, int b, lnlt_mover mover);
int lnlt_map_hexside_mp2_cells(const lnlt_map *m, int a, int b, lnlt_mover mover);

/* ---- Locations: a hex and the sub-hex a unit is in (10.4.1, 10.6) ---- */

typedef enum lnlt_floor {
    LNLT_FLOOR_GROUND = 0,
    LNLT_FLOOR_UPPER = 1, /* upper floor of a two-storey building (10.2) */
    LNLT_FLOOR_ROOF = 2   /* rooftop (10.6) */
} lnlt_floor;

typedef struct lnlt_loc {
    lnlt_hex hex;
    uint8_t floor; /* lnlt_floor */
} lnlt_loc;

/* Scenario rules that change a map before play (22.0 SSRs); call them before
 * building the LOS table. Every building becomes single-storey (Assault on
 * Vierville SSR 1), or the hex loses its upper floor (a destroyed steeple). */
void lnlt_map_one_storey_buildings(lnlt_map *m);
bool lnlt_map_remove_upper_floor(lnlt_map *m, lnlt_hex h);

/* Level of a location: ground level, +1 on an upper floor, + storeys on a roof,
 * + the terrain's unit level (stands). False if the location does not exist. */
bool lnlt_map_loc_level(const lnlt_map *m, lnlt_loc l, int *level);

/* Adjacency between locations (10.2, 10.4.1, 10.6; ruling R-LOS-10): hexes one
 * apart are adjacent, except different floors of one multi-storey building, and
 * except that a rooftop unit is adjacent only to the inside of its own hex, to
 * the insides and roofs of other buildings' neighbouring hexes, and to the roofs
 * of its own building's neighbouring hexes. */
bool lnlt_map_loc_adjacent(const lnlt_map *m, lnlt_loc a, lnlt_loc b);

/* ---- Terrain counters (10.5.2-10.5.5; src/map/map_counters.c) ----
 * Lays counter `kind` (LNLT_HEXC_*) in a cell of a map not yet shared with
 * anyone (a game's private copy; the LOS table is built afterwards): a Ford on a
 * River hex, a Roadblock on a Road hex, Craters anywhere but a building, hut or
 * River hex; one counter per hex. The chart must have the counter's row. False
 * with a reason otherwise, the map unchanged. */
bool lnlt_map_place_counter(lnlt_map *m, int cell, int kind, lnlt_error *err);
/* Why counter `kind` may not lie in the cell (as lnlt_map_place_counter would
 * refuse it), or NULL. */
const char *lnlt_map_counter_barred(const lnlt_map *m, int cell, int kind);
/* The counter of a cell (LNLT_HEXC_NONE off the map). */
int lnlt_map_counter(const lnlt_map *m, int cell);
/* 10.5.5: the TM of the cell's Craters marker (0, 1 or 2). */
int lnlt_map_crater_tm(const lnlt_map *m, int cell);
/* The chart row of a counter kind or of the tree-lined road (LNLT_HEXC_* or
 * LNLT_HEXC_TREE_ROW), or NULL when the chart has none. */
#define LNLT_HEXC_TREE_ROW 100
const lnlt_terrain *lnlt_map_counter_row(const lnlt_map *m, int kind);
/* 10.5.3: does the line between two cells run exactly along the road (ruling
 * R-CORE-100: both ends and every hex the line enters or runs beside are road
 * hexes, so no step of it leaves the road)? */
bool lnlt_map_line_along_road(const lnlt_map *m, int from_cell, int to_cell);

/* ---- Dynamic obstacles (7.0 smoke, 10.5.6 fire, wrecks, rubble) ----
 * One byte per cell, indexed by lnlt_map_index(); owned by the caller. */
enum {
    LNLT_DYN_SMOKE = 1u << 0,   /* blocking, Level-2, whole hex even along its edges */
    LNLT_DYN_FIRE = 1u << 1,    /* counts as Smoke (10.5.6.4) */
    LNLT_DYN_WRECK = 1u << 2,   /* degrading, never whole-hex */
    LNLT_DYN_VEHICLE = 1u << 3, /* degrading, never whole-hex */
    LNLT_DYN_RUBBLE = 1u << 4   /* the hex's building is Rubble: degrading, Level-1, not whole-hex */
};

typedef struct lnlt_los_dynamic {
    const uint8_t *cell; /* lnlt_map_cells() bytes, or NULL for none */
} lnlt_los_dynamic;

/* ---- Line of sight ---- */

typedef enum lnlt_los_verdict {
    LNLT_LOS_CLEAR = 0,
    LNLT_LOS_DEGRADED = 1,
    LNLT_LOS_BLOCKED = 2
} lnlt_los_verdict;

/* Why a step of the line mattered. */
typedef enum lnlt_los_cause {
    LNLT_LC_TERRAIN = 1,    /* terrain (or its silhouette) in an intermediate hex */
    LNLT_LC_SHADOW,         /* the hex lies in an obstacle's shadow (10.3) */
    LNLT_LC_ALONG,          /* along a hexside with terrain on both sides (10.3.2) */
    LNLT_LC_HEXSIDE,        /* a Wall / Hedge / Bocage hexside (10.3.2) */
    LNLT_LC_SMOKE,          /* Smoke or Fire (7.0, 10.5.6.4) */
    LNLT_LC_WRECK,          /* a Wreck or vehicle (10.1, TEC) */
    LNLT_LC_RUBBLE,         /* Rubble */
    LNLT_LC_HILL,           /* the hill itself (10.2, 10.3.1) */
    LNLT_LC_THIRD_DEGRADE,  /* a third degrading hex (10.3) */
    LNLT_LC_BUILDING_ALLEY, /* between two adjacent separate buildings: limited LOS (10.3.2) */
    LNLT_LC_FLOORS,         /* different floors of a building in adjacent hexes (10.2) */
    LNLT_LC_NO_LOCATION     /* an end location does not exist */
} lnlt_los_cause;

typedef struct lnlt_los_reason {
    uint8_t effect;  /* lnlt_los_verdict: what this reason does (DEGRADED or BLOCKED; CLEAR = note) */
    uint8_t cause;   /* lnlt_los_cause */
    uint8_t terrain; /* terrain index, or LNLT_NO_FEATURE */
    uint8_t is_side; /* 1: a hexside a/b; 0: the hex a */
    lnlt_hex a, b;
    const char *rule; /* "10.3", "10.3.2", ... (static string) */
} lnlt_los_reason;

#define LNLT_LOS_REASONS 6

typedef struct lnlt_los_result {
    uint8_t verdict;  /* lnlt_los_verdict */
    uint8_t degrade;  /* degrading hexes counted (0..2 unless blocked) */
    uint8_t limited;  /* 1: 10.3.2 limited LOS between buildings (DFT -2, OFT +2, spotting +2) */
    uint8_t nreason;
    int16_t range;    /* hex distance */
    /* A Wall, Hedge or Bocage on a side of the `to` (`from`) hex that the line
     * crosses, as a terrain index, or LNLT_NO_FEATURE. Fire from `from` at `to`
     * adds to_side's TM to the target's (Wall +1, Bocage +3; direct fire only), and
     * a Hedge there cancels the moving-target bonus (TEC). A line that reaches an
     * end hex through a corner counts as crossing a feature there only when both
     * sides of that end hex meeting at the corner carry one (ruling R-TEC-03). */
    uint8_t to_side, from_side;
    uint8_t reserved[2];
    /* The terrain flags (LNLT_TF_*) of every Wall, Hedge or Bocage hexside the line
     * crosses, ends included (a Hedge's cross_no_moving_bonus, TEC). */
    uint32_t crossed_flags;
    lnlt_los_reason reason[LNLT_LOS_REASONS];
} lnlt_los_result;

/* LOS from one location to another (reciprocal). dyn may be NULL. Returns false
 * (and a BLOCKED result with cause NO_LOCATION) if either location is not on the
 * map or does not exist (an upper floor of a single-storey building). */
bool lnlt_los(const lnlt_map *m, lnlt_loc from, lnlt_loc to, const lnlt_los_dynamic *dyn,
              lnlt_los_result *out);

/* LOS between hexes at explicit levels (whole levels 0..15), for units no floor
 * describes: helicopters and aircraft (19.1.1, 19.2.3). No 10.2 floor rule. */
bool lnlt_los_levels(const lnlt_map *m, lnlt_hex from, int from_level, lnlt_hex to, int to_level,
                     const lnlt_los_dynamic *dyn, lnlt_los_result *out);
/* Level of a helicopter over the hex (19.2.3): one above the hex's ground or its
 * terrain obstacle, whichever is higher. */
int lnlt_map_helicopter_level(const lnlt_map *m, lnlt_hex h);

/* Formats a reason as one line ("blocked by Wall on hexside G4/H5 (10.3.2)"). */
char *lnlt_los_reason_format(const lnlt_map *m, const lnlt_los_reason *r, char *buf, int len);

/* ---- Precomputed static LOS (bench/bench_los.c) ----
 * One entry per pair of locations (ground, upper, roof of every cell), holding
 * the static verdict and a 64-bit summary of the cells whose dynamic obstacles
 * could change it; a lookup falls back to lnlt_los() only when one of them holds
 * a dynamic obstacle. Each pair of cells is traced the first time it is asked
 * (a lookup, whatever its cost the first time, gives what lnlt_los gives), so
 * building is an allocation. The map must outlive its table; threads may share
 * one. */
typedef struct lnlt_los_table lnlt_los_table;
bool lnlt_los_table_build(const lnlt_map *m, lnlt_los_table **out, lnlt_error *err);
void lnlt_los_table_free(lnlt_los_table *t);
/* Fills every pair of the map's table and writes it to the opening cache
 * (docs/performance.md), where lnlt_los_table_build finds it for a map with the
 * same contents while this program stays the same. */
bool lnlt_los_table_cache_write(const lnlt_map *m, lnlt_error *err);
/* Verdict (lnlt_los_verdict) | degrade << 2 | limited << 4; 0xFF if a location is invalid. */
uint8_t lnlt_los_table_get(const lnlt_los_table *t, const lnlt_map *m, lnlt_loc from, lnlt_loc to,
                           const lnlt_los_dynamic *dyn);
/* The 64-bit mask of a set of dynamic obstacles, to pass to the fast lookup. */
uint64_t lnlt_los_dynamic_mask(const lnlt_map *m, const lnlt_los_dynamic *dyn);
uint8_t lnlt_los_table_get_masked(const lnlt_los_table *t, const lnlt_map *m, int from_cell,
                                  int from_floor, int to_cell, int to_floor, uint64_t dynmask,
                                  const lnlt_los_dynamic *dyn);
/* The table alone: true with the packed verdict (as lnlt_los_table_get gives it,
 * 0xFF for a location that does not exist) when no dynamic obstacle can touch
 * the line; false when one may (or a cell is outside the table): then trace it
 * with lnlt_los and the obstacles. `obstacles` is the 256-bit summary of the
 * cells holding one (bit c % 256 in word (c % 256) / 64: exact on maps of up to
 * 256 cells), or NULL for none. Nothing is built; a pair asked for the first
 * time is traced into the table. */
#define LNLT_LOS_TOUCH_BITS 256
bool lnlt_los_table_lookup(const lnlt_los_table *t, int from_cell, int from_floor, int to_cell, int to_floor,
                           const uint64_t *obstacles, uint8_t *packed);

#endif
