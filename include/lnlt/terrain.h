/*
 * lnlt/terrain.h: terrain effects charts as data (rules 6.0 movement costs, 10.0
 * terrain types, 10.3 obstacle heights, 10.4 target modifiers, 10.5 streams; the
 * WWII and Modern TECs). Loaded from the JSON files in data/terrain/, described in
 * docs/formats/terrain.md.
 *
 * A chart is a flat, immutable table: the map and the rules engine refer to a
 * terrain by its small index, so asking "what TM / MP / LOS class" is an array
 * lookup with no allocation.
 */
#ifndef LNLT_TERRAIN_H
#define LNLT_TERRAIN_H

#include <stdbool.h>
#include <stdint.h>

#include "lnlt/error.h"

/* How a terrain acts on LOS and spotting (10.0, 10.1.1). */
typedef enum lnlt_los_class {
    LNLT_LOS_OPEN = 0,
    LNLT_LOS_DEGRADING = 1,
    LNLT_LOS_BLOCKING = 2
} lnlt_los_class;

/* The four movement columns of the TEC (6.0, 15.1). */
typedef enum lnlt_mover {
    LNLT_MOVER_LEG = 0,     /* MMC, SMC, WT */
    LNLT_MOVER_TRACKED = 1, /* T */
    LNLT_MOVER_OTHER = 2,   /* O: half-tracks, armoured cars */
    LNLT_MOVER_ROAD = 3     /* R: wheeled road vehicles */
} lnlt_mover;
#define LNLT_MOVER_COUNT 4

/* Where a terrain lives. */
typedef enum lnlt_terrain_kind {
    LNLT_TK_HEX = 0,     /* fills a hex (Clear, Forest, a Building) */
    LNLT_TK_HEXSIDE = 1, /* lies on a hexside (Wall, Hedge, Bocage) */
    LNLT_TK_COUNTER = 2  /* a counter placed in play (Smoke, Wreck, Rubble, Wire) */
} lnlt_terrain_kind;

/* Rule notes of the TEC that the engine acts on. */
enum {
    LNLT_TF_NO_MOVING_BONUS = 1u << 0,   /* cancels the +1 DFT vs moving targets in it (Brush, crops) */
    LNLT_TF_BUILDING = 1u << 1,          /* a Building (10.2): floors, 10.3.2 limited LOS */
    LNLT_TF_HUT = 1u << 2,               /* a Hut / dwelling: 10.3.2 limited LOS, single storey */
    LNLT_TF_FLAMMABLE = 1u << 3,         /* 10.5.6.1 */
    LNLT_TF_VEHICLE_ROAD_ONLY = 1u << 4, /* vehicles only along a road through it (Forest, Heavy Jungle) */
    LNLT_TF_NO_WT = 1u << 5,             /* Weapon Teams may not enter (Marsh) */
    LNLT_TF_RUBBLES = 1u << 6,           /* vehicles may enter and turn it to Rubble (LC buildings, huts) */
    LNLT_TF_NOT_WHOLE_HEX = 1u << 7,     /* never counts as whole-hex when LOS runs along its edge (10.3.2) */
    LNLT_TF_NO_INDIRECT_TM = 1u << 8,    /* hexside TM only against direct fire (Wall, Hedge) */
    LNLT_TF_CROSS_NO_MOVING_BONUS = 1u << 9, /* fire across it loses the moving-target bonus (Hedge) */
    LNLT_TF_STACKING_LIMIT = 1u << 10,   /* reduced stacking (Heavy Jungle) */
    LNLT_TF_COST_IS_TOTAL = 1u << 11,    /* counter MP cost replaces the hex cost (Wire, 21.3) */
    LNLT_TF_BLOCKS_ALONG = 1u << 12,     /* blocks LOS along its edges whatever the other side (Smoke) */
    LNLT_TF_RIVER = 1u << 13             /* crossable only by a bridge or ford */
};

/* Obstacle height (10.3) in half levels. "Per terrain height" on the TEC means
 * the terrain rises only a little above its hex: that is one half level here, so
 * it stands above two units at its own level but not above a unit one level up
 * (ruling R-LOS-01). */
#define LNLT_HEIGHT_PER_TERRAIN 1

#define LNLT_TERRAIN_ID_MAX 24
#define LNLT_TERRAIN_NAME_MAX 40
#define LNLT_TERRAIN_MAX 48
#define LNLT_TERRAIN_OVERRIDES 2
#define LNLT_MP_PROHIBITED (-1)

/* A per-nationality exception printed on the chart ("VC: 1 MP, +2 TM"). */
typedef struct lnlt_terrain_override {
    char nation[8];
    int8_t tm;
    int8_t leg_mp2; /* Leg MP in half points, or LNLT_MP_PROHIBITED */
} lnlt_terrain_override;

typedef struct lnlt_terrain {
    char id[LNLT_TERRAIN_ID_MAX];     /* "light_woods" */
    char name[LNLT_TERRAIN_NAME_MAX]; /* "Light Woods" */
    uint8_t kind;                     /* lnlt_terrain_kind */
    uint8_t los;                      /* lnlt_los_class */
    int8_t tm;                        /* target modifier */
    uint8_t height2;                  /* obstacle height in half levels (see above) */
    uint8_t height2_multistory;       /* buildings: height of a two-storey building */
    uint8_t unit_level;               /* units in it stand this many levels up (Stands) */
    int8_t mp2[LNLT_MOVER_COUNT];     /* half MP to enter (hexside: extra to cross); -1 = P */
    uint32_t flags;                   /* LNLT_TF_* */
    uint8_t noverride;
    lnlt_terrain_override override[LNLT_TERRAIN_OVERRIDES];
} lnlt_terrain;

/* Stream classes 1..5 (10.5.1): extra half MP per hexside crossed, or P. */
#define LNLT_STREAM_CLASSES 5

typedef struct lnlt_tec {
    char era[16]; /* "wwii", "modern" */
    int count;
    lnlt_terrain t[LNLT_TERRAIN_MAX];
    int8_t stream_mp2[LNLT_STREAM_CLASSES + 1][LNLT_MOVER_COUNT]; /* [0] unused */
    /* Hills (10.2, TEC): TM against direct fire from a lower level, and the extra
     * half MP to climb one or two levels or drop two in one hex step. */
    int8_t hill_tm;
    int8_t climb1_mp2[LNLT_MOVER_COUNT];
    int8_t climb2_mp2[LNLT_MOVER_COUNT];
    int8_t descend2_mp2[LNLT_MOVER_COUNT];
} lnlt_tec;

/* Loads a chart. On failure fills err with file, JSON path and what was expected. */
bool lnlt_tec_load_file(const char *path, lnlt_tec *out, lnlt_error *err);

/* Index of the terrain with that id, or -1. */
int lnlt_tec_find(const lnlt_tec *tec, const char *id);

const char *lnlt_los_class_name(int los);

#endif
