/*
 * lnlt/scenario.h: scenarios as loaded data (rule 22.0 scenario layout: OOB, set-up
 * and entry, playable area, turns, initiative, SSRs, event markers and paragraphs,
 * victory conditions; 22.1 control; 11.4 sniper placement; 18.2 scripted fire
 * missions), plus an optional mid-game starting position so any worked example can
 * be written as a file. Format: docs/formats/scenario.md.
 *
 * Flat like the catalog: fixed arrays, small integer indices (sides, zones, forces,
 * events, paragraphs, actions, objectives), catalog indices for unit, weapon and
 * skill types, and the string ids kept beside them so a scenario saves back to
 * the same JSON data.
 */
#ifndef LNLT_SCENARIO_H
#define LNLT_SCENARIO_H

#include <stdbool.h>
#include <stdint.h>

#include "lnlt/data.h"
#include "lnlt/error.h"
#include "lnlt/hex.h"

#define LNLT_SCN_MAPS 4
#define LNLT_SCN_SIDES 2
#define LNLT_SCN_SIDE_NATIONS 4
#define LNLT_SCN_ZONES 24
#define LNLT_SCN_ZONE_HEXES 64
#define LNLT_SCN_ZONE_TERRAIN 4
#define LNLT_SCN_FORCES 16
#define LNLT_SCN_LINES 64      /* unit lines over all forces */
#define LNLT_SCN_SW_LINES 32   /* weapon lines over all forces */
#define LNLT_SCN_EVENTS 4      /* event markers A-D */
#define LNLT_SCN_PARAGRAPHS 8
#define LNLT_SCN_ACTIONS 48
#define LNLT_SCN_RULES 12
#define LNLT_SCN_OBJECTIVES 4
#define LNLT_SCN_CONDITIONS 6
#define LNLT_SCN_VP 8
#define LNLT_SCN_CONTROL 4
#define LNLT_SCN_STATE_UNITS 96    /* as many as a game holds (LNLT_MAX_UNITS) */
#define LNLT_SCN_STATE_SW 48       /* LNLT_MAX_SWS */
#define LNLT_SCN_STATE_MARKERS 4096
#define LNLT_SCN_STATE_CONTROL 1024 /* controlled hexes of both sides */
#define LNLT_SCN_STATE_FORTS 16    /* LNLT_MAX_FORTS */
#define LNLT_SCN_FORTS 32      /* bunkers, foxholes, wire and mines of the set-up (21.x) */
#define LNLT_SCN_ARTILLERY 2   /* off-board artillery of the OOB (18.2), one line per side */

/* Map edges, as bits (entry edges, edge zones). North is the map's row-1 edge
 * when north_edge is "top" (the four starter scenarios). */
enum { LNLT_EDGE_N = 1, LNLT_EDGE_E = 2, LNLT_EDGE_S = 4, LNLT_EDGE_W = 8 };

/* ---- zones: named sets of hexes ---- */
typedef struct lnlt_scn_zone {
    char id[LNLT_ID_MAX];
    uint8_t hex_count;
    lnlt_hex hex[LNLT_SCN_ZONE_HEXES]; /* explicit hexes (or the path of east_of/west_of) */
    bool has_within;
    lnlt_hex center;   /* within `range` hexes of center, inclusive */
    int8_t range;
    uint8_t edges;     /* LNLT_EDGE_*: hexes on those map edges */
    int8_t path_side;  /* 0 none; +1 east of the path in hex[], -1 west of it */
    uint8_t terrain_count; /* filter: only hexes of these terrain ids */
    char terrain[LNLT_SCN_ZONE_TERRAIN][LNLT_ID_MAX];
} lnlt_scn_zone;

/* ---- how a force arrives ---- */
typedef enum lnlt_arrive_how {
    LNLT_ARRIVE_SETUP = 0, /* placed in a zone before play */
    LNLT_ARRIVE_ENTER,     /* enters from a map edge or hex */
    LNLT_ARRIVE_SNIPER,    /* placed during play as per 11.4 */
    LNLT_ARRIVE_HELD,      /* off map until a paragraph releases or places it */
    LNLT_ARRIVE_COUNT
} lnlt_arrive_how;

typedef enum lnlt_arrive_when {
    LNLT_WHEN_TURN = 0,        /* on turn `turn` */
    LNLT_WHEN_NEXT_IMPULSE,    /* from the owner's next impulse */
    LNLT_WHEN_NEXT_TURN,       /* from the next turn */
    LNLT_WHEN_AFTER_FORCE,     /* any owner impulse after a unit of force `ref` entered */
    LNLT_WHEN_ROLL,            /* from turn `turn` on, enters the turn 1d6 <= roll_at_most */
    LNLT_WHEN_COUNT
} lnlt_arrive_when;

typedef struct lnlt_scn_arrive {
    uint8_t how;     /* lnlt_arrive_how */
    uint8_t when;    /* lnlt_arrive_when (ENTER) */
    int8_t turn;     /* ENTER with WHEN_TURN; first turn rolled for with WHEN_ROLL */
    int8_t roll_at_most; /* WHEN_ROLL: enters on 1d6 at or below this (1..5) */
    int8_t zone;     /* SETUP: set-up zone; ENTER: entry hexes (or LNLT_NONE) */
    uint8_t edges;   /* ENTER: edges the owner may choose from */
    uint8_t random_edge[6]; /* ENTER: edge by 1d6 face (all 0 = not random) */
    int8_t ref;      /* force index for WHEN_AFTER_FORCE / adjacent_to */
    bool adjacent_to_ref; /* enter by an edge adjacent to the one `ref` used */
    bool same_edge;  /* every unit of the force uses one edge */
    char ref_id[LNLT_ID_MAX];
} lnlt_scn_arrive;

/* One OOB line: count x unit type, with an optional skill. */
typedef struct lnlt_scn_line {
    char type_id[LNLT_ID_MAX];
    char skill_id[LNLT_ID_MAX];
    int16_t type;
    int16_t skill; /* LNLT_NONE */
    uint8_t count;
    int8_t force;
} lnlt_scn_line;

typedef enum lnlt_sw_mode { LNLT_MODE_ANY = 0, LNLT_MODE_FRONT, LNLT_MODE_BACK } lnlt_sw_mode;

/* One OOB weapon line, optionally assigned to a unit line of the same force. */
typedef struct lnlt_scn_sw_line {
    char type_id[LNLT_ID_MAX];
    int16_t type;
    uint8_t count;
    uint8_t mode;   /* lnlt_sw_mode: tripod/assembled side, or the back */
    int8_t force;
    int8_t held_by; /* index into the force's unit lines; LNLT_NONE = owner's choice */
} lnlt_scn_sw_line;

typedef struct lnlt_scn_force {
    char id[LNLT_ID_MAX];
    int8_t side;
    lnlt_scn_arrive arrive;
    uint8_t first_line, line_count; /* into scenario lines[] */
    uint8_t first_sw, sw_count;     /* into scenario sw[] */
} lnlt_scn_force;

typedef struct lnlt_scn_side {
    char id[LNLT_ID_MAX];
    char name[LNLT_NAME_MAX];
    char formation[LNLT_TEXT_MAX];
    uint8_t nation_count;
    char nation_id[LNLT_SCN_SIDE_NATIONS][LNLT_ID_MAX];
    int16_t nation[LNLT_SCN_SIDE_NATIONS];
    bool sets_up_first;
} lnlt_scn_side;

/* ---- special rules: switches the engine tests ---- */
typedef enum lnlt_scn_rule_kind {
    LNLT_SSR_BUILDINGS_ONE_LEVEL = 0,
    LNLT_SSR_NO_HERO_CREATION,
    LNLT_SSR_HERO_STAND_IN,       /* optional: side's heroes use `unit` with `value` morale */
    LNLT_SSR_SNIPER_ZONE,         /* side's sniper may be placed only in `zone` */
    LNLT_SSR_NO_ENTRY_EDGE,       /* side never enters by `edges` */
    LNLT_SSR_NO_UPPER_LEVEL,      /* hexes of `zone` have no upper level (a destroyed steeple) */
    LNLT_SSR_EXIT_IS_ELIMINATION, /* side's units leaving the playable area count as eliminated */
    LNLT_SSR_VEHICLE_SIZE_SPEED,  /* optional 15.6: vehicle size and speed OFT modifiers */
    LNLT_SSR_HULL_DOWN,           /* optional 15.10: hull-down positions */
    LNLT_SSR_MG_SPLIT,            /* optional 15.0: a 4-FP MG fires 2 + 2 into turret and hull arcs */
    LNLT_SSR_FIRE,                /* optional 10.5.6: Fire markers (start checks, spreading, damage) */
    LNLT_SSR_RAIN_OR_SNOW,        /* the scenario is played in rain or snow (10.5.6.1: Fire Start -1) */
    LNLT_SSR_SPOT_VEHICLES,       /* optional 10.1.1: -1 to spot a hex holding an enemy vehicle */
    LNLT_SSR_COUNT
} lnlt_scn_rule_kind;

typedef struct lnlt_scn_rule {
    uint8_t kind;
    bool optional;
    bool off;      /* an optional rule a game plays without unless its players turn it on ("on": false) */
    int8_t side;   /* LNLT_NONE = both */
    int8_t zone;
    int8_t value;
    uint8_t edges;
    int16_t unit;
    char unit_id[LNLT_ID_MAX];
} lnlt_scn_rule;

/* ---- events and paragraphs (22.0) ---- */
typedef enum lnlt_event_type { LNLT_EVENT_OCCUPATION = 0, LNLT_EVENT_LOS } lnlt_event_type;

typedef enum lnlt_scn_op {
    LNLT_OP_READ = 0,          /* read paragraph `paragraph` */
    LNLT_OP_REMOVE_EVENTS,     /* remove event markers in `events` (bits A..D) */
    LNLT_OP_RELEASE,           /* force may now arrive as `arrive` */
    LNLT_OP_PLACE,             /* place force at `hex`, or by the owner in `zone` */
    LNLT_OP_MORALE_CHECK,      /* chosen unit checks; pass -> `paragraph`, fail -> `paragraph_fail` */
    LNLT_OP_END_TRIGGER_IMPULSE, /* the triggering units stop; their impulse ends */
    LNLT_OP_FIRE_MISSION,      /* scripted off-board mission (18.2) */
    LNLT_OP_REVEAL_OBJECTIVE,
    LNLT_OP_COUNT
} lnlt_scn_op;

typedef enum lnlt_scn_marker {
    LNLT_SCN_MARK_NONE = 0, LNLT_SCN_MARK_MOVED, LNLT_SCN_MARK_ASSAULT_MOVE, LNLT_SCN_MARK_FIRED,
    LNLT_SCN_MARK_OPS_COMPLETE, LNLT_SCN_MARK_LOW_CRAWL, LNLT_SCN_MARK_STEALTH, LNLT_SCN_MARK_MELEE,
    LNLT_SCN_MARK_HIT_AND_RUN,
    LNLT_SCN_MARK_IN_TUNNEL, /* 10.7.1 */
    LNLT_SCN_MARK_COUNT
} lnlt_scn_marker;

typedef struct lnlt_scn_action {
    uint8_t op;        /* lnlt_scn_op */
    int8_t paragraph;  /* READ; MORALE_CHECK pass */
    int8_t paragraph_fail;
    uint8_t events;    /* REMOVE_EVENTS: bit 0 = A ... bit 3 = D */
    int8_t force;      /* RELEASE, PLACE */
    int8_t zone;       /* PLACE by the owner */
    bool has_hex;
    lnlt_hex hex;      /* PLACE exactly here */
    uint8_t marker;    /* PLACE: lnlt_scn_marker on the placed units */
    lnlt_scn_arrive arrive; /* RELEASE */
    int8_t side;       /* MORALE_CHECK chooser; FIRE_MISSION owner */
    bool modified;     /* MORALE_CHECK: modifiers apply */
    bool shake_on_fail;
    uint32_t exclude_kinds; /* MORALE_CHECK: unit kinds that may not be chosen */
    int8_t event;      /* MORALE_CHECK: the unit must see this event marker (index) */
    int8_t fp;         /* FIRE_MISSION */
    int8_t shift;      /* FIRE_MISSION: hexes the leader may shift the round */
    uint32_t caller_kinds;   /* FIRE_MISSION: kinds who may call it */
    uint32_t fallback_kinds; /* ... if none of those is alive (no shift) */
    int8_t objective;  /* REVEAL_OBJECTIVE */
    char force_id[LNLT_ID_MAX];
    char objective_id[LNLT_ID_MAX];
} lnlt_scn_action;

typedef struct lnlt_scn_event {
    char marker;       /* 'A'..'D' */
    uint8_t type;      /* lnlt_event_type */
    int8_t side;       /* the side whose units activate it */
    lnlt_hex hex;
    uint8_t first_action, action_count;
} lnlt_scn_event;

/* The bit of a state's events_done (lnlt/game.h) that records this marker as set
 * off: by its letter (A bit 0 ... D bit 3), not by its place in the scenario's list,
 * which skips letters (The Weapons Cache has A, B and D); 0 for a bad letter. */
static inline uint8_t lnlt_scn_event_bit(const lnlt_scn_event *ev)
{
    return ev->marker >= 'A' && ev->marker <= 'D' ? (uint8_t)(1u << (ev->marker - 'A')) : 0;
}

typedef struct lnlt_scn_paragraph {
    int8_t number;
    uint8_t first_action, action_count;
} lnlt_scn_paragraph;

/* An objective such as the weapons cache: found by an event, destroyed by holding
 * its hex for a whole turn with the listed units doing nothing else. */
typedef struct lnlt_scn_objective {
    char id[LNLT_ID_MAX];
    lnlt_hex hex;
    int8_t side;          /* the side that must destroy it */
    bool needs_go_mmc;
    int16_t needs_unit;   /* a named unit type that must be there, or LNLT_NONE */
    char needs_unit_id[LNLT_ID_MAX];
    int8_t turns;
    bool hidden;          /* unknown until revealed by a paragraph */
} lnlt_scn_objective;

/* ---- victory ---- */
typedef enum lnlt_cond_type {
    LNLT_COND_CONTROL = 0, /* side controls >= count hexes of zone (count 0 = all) */
    LNLT_COND_EXIT,        /* side exits >= halves/2 squads + leaders via zone by turn */
    LNLT_COND_OBJECTIVE,   /* objective destroyed */
    LNLT_COND_ELIMINATE,   /* side eliminated >= count enemy squads-equivalent */
    LNLT_COND_ENEMY_BROKEN, /* no Good Order enemy MMC or SMC is on the map */
    LNLT_COND_COUNT
} lnlt_cond_type;

typedef struct lnlt_scn_condition {
    uint8_t type;
    int8_t side;      /* LNLT_NONE = either side (the one that meets it) */
    int8_t zone;
    int8_t count;
    int8_t by_turn;   /* 0 = at the end of the scenario */
    int8_t halves;    /* EXIT: squad-equivalents in half squads */
    int8_t leaders;   /* EXIT */
    int8_t objective;
    char objective_id[LNLT_ID_MAX];
} lnlt_scn_condition;

typedef enum lnlt_vp_for { LNLT_VP_CONTROL = 0, LNLT_VP_ELIMINATED } lnlt_vp_for;

typedef struct lnlt_scn_vp {
    int8_t side;           /* LNLT_NONE = both sides */
    uint8_t vp_for;        /* lnlt_vp_for */
    int8_t zone;           /* CONTROL */
    int8_t vp;
    uint32_t kinds;        /* ELIMINATED: enemy unit kinds that score */
    bool half_for_half_squads; /* a squad reduced to a half-squad scores half */
} lnlt_scn_vp;

typedef struct lnlt_scn_control {
    int8_t side;
    int8_t zone;
} lnlt_scn_control;

typedef enum lnlt_outcome { LNLT_OUTCOME_DRAW = -2 } lnlt_outcome;

typedef struct lnlt_scn_victory {
    uint8_t condition_count, vp_count, control_count;
    lnlt_scn_condition condition[LNLT_SCN_CONDITIONS]; /* all must hold */
    int8_t winner;    /* side meeting the conditions; LNLT_NONE = whichever does */
    int8_t otherwise; /* side index, or LNLT_OUTCOME_DRAW */
    lnlt_scn_vp vp[LNLT_SCN_VP];
    bool most_vp_wins;
    lnlt_scn_control initial_control[LNLT_SCN_CONTROL];
} lnlt_scn_victory;

/* ---- optional mid-game start (docs/formats/scenario.md, "Mid-game position") ---- */
typedef enum lnlt_scn_phase {
    LNLT_SCN_PHASE_RALLY = 0, LNLT_SCN_PHASE_OPERATIONS, LNLT_SCN_PHASE_ADMIN, LNLT_SCN_PHASE_SETUP,
    LNLT_SCN_PHASE_GAME_OVER, LNLT_SCN_PHASE_COUNT
} lnlt_scn_phase;

/* Where a mid-game unit or weapon is when it is not on the map. */
typedef enum lnlt_scn_where {
    LNLT_SCN_ON_MAP = 0, LNLT_SCN_WAITING, /* off the map, still to arrive */
    LNLT_SCN_ELIMINATED, LNLT_SCN_EXITED, LNLT_SCN_MERGED, /* a half-squad recombined into a squad (3.0) */
    LNLT_SCN_WHERE_COUNT
} lnlt_scn_where;

/* entry_turn of a unit that enters from a turn on when a die allows (22.0), and
 * of one that enters once a unit of the force it follows has entered. */
#define LNLT_SCN_ENTRY_BY_ROLL 0xFD
#define LNLT_SCN_ENTRY_AFTER_FORCE 0xFE

typedef struct lnlt_scn_unit_state {
    char type_id[LNLT_ID_MAX];
    char skill_id[LNLT_ID_MAX];
    int16_t type, skill;
    int8_t side;
    int8_t force;      /* the force whose arrival rules it follows, or LNLT_NONE */
    uint8_t where;     /* lnlt_scn_where; ON_MAP: `hex` and `floor` */
    lnlt_hex hex;
    uint8_t floor;     /* 0 ground, 1 upper, 2 roof, 3 bunker */
    bool shaken;
    int8_t wounds;
    uint16_t markers;  /* bit (1u << lnlt_scn_marker) */
    bool has_flags;    /* `flags` given: exactly those; else wounded and activated are derived */
    uint8_t flags;     /* LNLT_UNIT_* bits (lnlt/game.h) */
    uint8_t entry_turn; /* turn from which a waiting unit may enter, LNLT_SCN_ENTRY_BY_ROLL, 0 none */
    uint8_t half_mp;   /* half movement points spent in the move under way */
    bool skill_used;
    uint8_t mu_flags;  /* LNLT_MU_* bits */
    int16_t parent;    /* 3.0: a half-squad's parent squad type, or LNLT_NONE (unknown) */
    char parent_id[LNLT_ID_MAX];
    bool has_facing;
    lnlt_hex facing[2]; /* the two hexes that with `hex` name the faced vertex (15.1, 1.7.1) */
    bool has_turret;
    lnlt_hex turret[2]; /* the turret's (15.1.1) */
    /* vehicles, passengers and ordnance (14.0-16.0; docs/formats/scenario.md) */
    bool buttoned;      /* 15.0.1 */
    int8_t aboard;      /* index of the vehicle it rides (16.0) or commands (11.5), or LNLT_NONE */
    bool outside;       /* 16.2: on top */
    int8_t acq_target;  /* 14.3: the unit index it has acquired, or LNLT_NONE */
    bool acq_hex_set;   /* ... or the non-vehicle units of acq_hex */
    lnlt_hex acq_hex;
    uint8_t acq_floor;  /* ... on that floor of acq_hex (0 ground, 1 upper, 2 roof, 3 bunker) */
    uint8_t acq_level;  /* 1 or 2 (0: none) */
    uint8_t acq_fresh;  /* the engine's bits: placed this impulse, fired this turn */
    bool has_vehicle_state; /* `vehicle_state` given: the vehicle slot's counters below */
    uint8_t veh_flags, veh_impulse, veh_turn, veh_road_mp2, veh_shots, veh_paused;
    bool veh_has_corners;        /* off the map: the corners its hull and turret last faced */
    uint8_t veh_corner, veh_turret_corner;
    int16_t veh_fire_loc;
} lnlt_scn_unit_state;

typedef struct lnlt_scn_sw_state {
    char type_id[LNLT_ID_MAX];
    int16_t type;
    int8_t held_by;    /* index into state units; LNLT_NONE = lying in `hex`, or `where` */
    uint8_t where;     /* lnlt_scn_where: ON_MAP (held or lying), ELIMINATED (out of play), WAITING (nowhere yet) */
    lnlt_hex hex;
    uint8_t floor;
    uint8_t mode;      /* lnlt_sw_mode */
    uint8_t flags;     /* LNLT_SW_* bits other than jammed, back side and used */
    bool jammed;
} lnlt_scn_sw_state;

/* Markers that lie in a hex (and on a floor): Smoke, Spotted (for a side),
 * Melee, a melee fought there this turn, Fire For Effect, foxholes, Wrecks, wire,
 * mines. */
typedef enum lnlt_scn_hex_marker_kind {
    LNLT_SCN_HM_SMOKE1 = 0, LNLT_SCN_HM_SMOKE2, LNLT_SCN_HM_SPOTTED, LNLT_SCN_HM_MELEE,
    LNLT_SCN_HM_MELEE_FOUGHT, LNLT_SCN_HM_FFE, LNLT_SCN_HM_FOXHOLES,
    LNLT_SCN_HM_SPOTTED_KEPT, /* a location whose Spotted markers stay until the Administrative Phase (6.1.1) */
    LNLT_SCN_HM_WRECK,        /* 1.3, 10.1: a Wreck */
    LNLT_SCN_HM_WIRE,         /* 21.3 */
    LNLT_SCN_HM_MINES,        /* 21.4: of `side`, with `fp` */
    LNLT_SCN_HM_FIRE1,        /* 10.5.6: a Fire 1 marker on `floor` */
    LNLT_SCN_HM_FIRE2,        /* 10.5.6: a Fire 2 marker */
    LNLT_SCN_HM_COLLAPSED,    /* 10.7.2: a cave's Collapsed Entrance */
    LNLT_SCN_HM_RUBBLE,       /* 15.1.2: a rubbled building or huts hex */
    LNLT_SCN_HM_COUNT
} lnlt_scn_hex_marker_kind;

typedef struct lnlt_scn_hex_marker {
    uint8_t kind;      /* lnlt_scn_hex_marker_kind */
    uint8_t floor;
    int8_t side;       /* SPOTTED: the side that spotted the hex; MINES: their owner */
    int8_t fp;         /* MINES: their FP */
    lnlt_hex hex;
} lnlt_scn_hex_marker;

typedef struct lnlt_scn_control_hex {
    int8_t side;
    uint8_t floor; /* lnlt_floor: each floor is controlled on its own (22.1) */
    lnlt_hex hex;
} lnlt_scn_control_hex;

/* The engine's registers: the decision under way (impulse, move, opportunity
 * fire, melee set-up, event, fire mission...) in the engine's own numbering; the
 * table in src/data/scenario_registers.c names each, its range and its place in
 * the game state. */
#define LNLT_SCN_REG_SLOTS 320
typedef struct lnlt_scn_registers {
    uint64_t given[2];                    /* bit r % 64 of word r / 64: register r was given */
    int32_t slot[LNLT_SCN_REG_SLOTS];     /* the values, register after register */
} lnlt_scn_registers;

/* 21.1-21.4: a fortification of the set-up: a bunker (with the hex its front
 * faces), foxholes, wire or mines (of a side, with their FP). */
typedef enum lnlt_scn_fort_kind {
    LNLT_SCN_FORT_BUNKER = 0, LNLT_SCN_FORT_FOXHOLES, LNLT_SCN_FORT_WIRE, LNLT_SCN_FORT_MINES,
    LNLT_SCN_FORT_CAVE, /* 10.7: a cave, with its front and TM, like a bunker */
    LNLT_SCN_FORT_COUNT
} lnlt_scn_fort_kind;
typedef struct lnlt_scn_fort {
    uint8_t kind;   /* lnlt_scn_fort_kind */
    lnlt_hex hex;
    lnlt_hex front; /* bunker: the hex its front faces */
    int8_t side;    /* mines: the side they belong to */
    int8_t fp;      /* mines: their FP (21.4); bunker: its TM (0 = the chart's); cave: its TM */
    int8_t tunnel_side; /* cave: the only side that may use its tunnels, or LNLT_NONE for both (10.7.1) */
} lnlt_scn_fort;

/* 10.5.2-10.5.5: a terrain counter laid before play ("terrain_counters"): a Ford,
 * a Roadblock or Craters (+1 or +2), as lnlt_map_place_counter takes them. */
#define LNLT_SCN_COUNTERS 32
typedef struct lnlt_scn_counter {
    uint8_t kind; /* LNLT_HEXC_* (lnlt/map.h) */
    lnlt_hex hex;
} lnlt_scn_counter;

/* 18.2, 18.3: off-board artillery missions of a side's OOB. */
typedef struct lnlt_scn_artillery {
    int8_t side;
    uint8_t missions; /* for the whole game */
    uint8_t fp;
} lnlt_scn_artillery;

typedef struct lnlt_scn_state {
    int8_t turn;
    int8_t last_turn;  /* the scenario's turns unless a position says otherwise */
    bool has_registers; /* `registers` given: each register not listed takes its default */
    uint8_t phase;     /* lnlt_scn_phase */
    int8_t initiative; /* side index */
    int8_t to_act;     /* side index; LNLT_NONE when the game is over */
    uint8_t events_done; /* bits A..D already activated */
    bool has_rng;      /* `dice`: the random generator's state */
    uint64_t rng_state, rng_inc;
    bool has_control;  /* `control` given: exactly those hexes; else derived */
    uint8_t unit_count, sw_count;
    uint16_t marker_count, control_count;
    lnlt_scn_unit_state unit[LNLT_SCN_STATE_UNITS];
    lnlt_scn_sw_state sw[LNLT_SCN_STATE_SW];
    lnlt_scn_hex_marker marker[LNLT_SCN_STATE_MARKERS];
    lnlt_scn_control_hex control[LNLT_SCN_STATE_CONTROL];
    lnlt_scn_registers reg;
} lnlt_scn_state;

/* The registers of a mid-game position (see lnlt_scn_registers). */
typedef enum lnlt_scn_reg_kind {
    LNLT_REG_NUMBER = 0, /* a number in [min, max] */
    LNLT_REG_UNIT,       /* a unit index, or -1 */
    LNLT_REG_LOCATION,   /* a location (cell + 512 * floor) on the map, or one of the negative "nowhere" values */
    LNLT_REG_UNITS,      /* a set of units: written as the list of their indices */
    LNLT_REG_HIGH_NIBBLE /* the high four bits of a byte whose low four bits another key holds */
} lnlt_scn_reg_kind;

typedef struct lnlt_scn_register {
    const char *name;
    uint8_t kind;      /* lnlt_scn_reg_kind */
    uint8_t count;     /* elements (bytes of the set for UNITS) */
    uint8_t size;      /* bytes of one element in the game state */
    bool is_signed;
    uint16_t offset;   /* in lnlt_state */
    int32_t min, max, def; /* range of each element; the fresh-state default is always allowed */
    uint8_t stride;    /* bytes from one element to the next (size, or a struct's for a field of each) */
    bool has_extra;    /* one more value allowed outside [min, max]: `extra` */
    int32_t extra;
} lnlt_scn_register;

extern const lnlt_scn_register lnlt_scn_register_table[];
extern const int lnlt_scn_register_count;
/* The register named `name`, or -1. */
int lnlt_scn_register_find(const char *name);
/* Its first slot in lnlt_scn_registers.slot. */
int lnlt_scn_register_slot(int reg);
/* Copies every register from a game state (an lnlt_state, as bytes) into regs
 * (all marked given), or from regs into the state (the registers not given take
 * their default). */
void lnlt_scn_registers_from_state(lnlt_scn_registers *regs, const void *state);
void lnlt_scn_registers_to_state(const lnlt_scn_registers *regs, void *state);

typedef enum lnlt_north { LNLT_NORTH_TOP = 0, LNLT_NORTH_BOTTOM, LNLT_NORTH_LEFT, LNLT_NORTH_RIGHT } lnlt_north;

typedef struct lnlt_scenario {
    char id[LNLT_ID_MAX];
    char title[LNLT_NAME_MAX];
    char place[LNLT_NAME_MAX];
    char date[16];        /* ISO date, or year-month ("1969-05") */
    char summary[LNLT_TEXT_MAX];
    char source[LNLT_TEXT_MAX];
    uint8_t map_count;
    char map_id[LNLT_SCN_MAPS][LNLT_ID_MAX];
    bool has_area;        /* playable area narrower than the whole board */
    int16_t area_col[2];  /* inclusive column range (0 = A) */
    int16_t area_row[2];  /* inclusive row range */
    uint8_t north;        /* lnlt_north */
    int8_t turns;
    int8_t initiative;    /* side index holding the turn-1 initiative */
    lnlt_scn_side side[LNLT_SCN_SIDES];
    uint8_t zone_count, force_count, line_count, sw_count, event_count, paragraph_count,
        action_count, rule_count, objective_count;
    lnlt_scn_zone zone[LNLT_SCN_ZONES];
    lnlt_scn_force force[LNLT_SCN_FORCES];
    lnlt_scn_line line[LNLT_SCN_LINES];
    lnlt_scn_sw_line sw[LNLT_SCN_SW_LINES];
    lnlt_scn_rule rule[LNLT_SCN_RULES];
    lnlt_scn_event event[LNLT_SCN_EVENTS];
    lnlt_scn_paragraph paragraph[LNLT_SCN_PARAGRAPHS];
    lnlt_scn_action action[LNLT_SCN_ACTIONS];
    lnlt_scn_objective objective[LNLT_SCN_OBJECTIVES];
    lnlt_scn_victory victory;
    bool has_state;
    lnlt_scn_state state;
    uint8_t fort_count, artillery_count;
    lnlt_scn_fort fort[LNLT_SCN_FORTS];
    lnlt_scn_artillery artillery[LNLT_SCN_ARTILLERY];
    uint8_t counter_count;
    lnlt_scn_counter counter[LNLT_SCN_COUNTERS];
} lnlt_scenario;

/* Parses and checks a scenario against the catalog (unit, weapon, skill and nation
 * ids; per-kind rules such as "only leaders hold Assaulter"). The result is
 * malloc'd; free with lnlt_scenario_free. Map-dependent checks are separate. */
bool lnlt_scenario_load_json(const char *name, const char *text, size_t len,
                             const lnlt_catalog *cat, lnlt_scenario **out, lnlt_error *err);
bool lnlt_scenario_load_file(const char *path, const lnlt_catalog *cat, lnlt_scenario **out,
                             lnlt_error *err);
void lnlt_scenario_free(lnlt_scenario *s);

/* Back to JSON text (malloc'd). Loading the text gives equal data. */
char *lnlt_scenario_save(const lnlt_scenario *s, const lnlt_catalog *cat);

/* Cross-checks against the maps in maps_dir (the scenario's map ids name files
 * maps_dir/<id>.json): every hex on the board and inside the playable area, zone
 * terrain ids known to the map's chart, set-up zones non-empty and big enough for
 * their forces, mid-game stacking legal. `name` prefixes messages. */
bool lnlt_scenario_check_maps(const lnlt_scenario *s, const lnlt_catalog *cat,
                              const char *name, const char *maps_dir, lnlt_error *err);
struct lnlt_map;
/* The same in two steps, so a caller that keeps the maps loads them once: loads
 * the scenario's maps (maps_dir/<id>.json, up to LNLT_SCN_MAPS, into out[]; *count
 * of them; the caller frees them), then checks the scenario against loaded maps. */
bool lnlt_scenario_load_maps(const lnlt_scenario *s, const char *name, const char *maps_dir,
                             struct lnlt_map **out, int *count, lnlt_error *err);
bool lnlt_scenario_check_board(const lnlt_scenario *s, const lnlt_catalog *cat, const char *name,
                               const struct lnlt_map *const *maps, int map_count, lnlt_error *err);

/* Whether the scenario's special rules change its map (lnlt_scenario_prepare then
 * needs a map of the game's own, not one shared with other games). */
bool lnlt_scenario_changes_map(const lnlt_scenario *s);

/* Applies the special rules that change the static data of a game before play:
 * `buildings_one_level` and `no_upper_level` change the map (call this before
 * building its LOS table), `hero_stand_in` adds the stand-in hero types to the
 * catalog (lnlt_catalog_add_stand_in_hero), one per nation of the side. Call once
 * per catalog and map, after lnlt_scenario_check_maps; on failure the reason is in
 * err. */
struct lnlt_map;
bool lnlt_scenario_prepare(const lnlt_scenario *s, lnlt_catalog *cat, struct lnlt_map *map, lnlt_error *err);

/* Index of a side / zone / force by id, or LNLT_NONE. */
int lnlt_scenario_side(const lnlt_scenario *s, const char *id);
int lnlt_scenario_zone(const lnlt_scenario *s, const char *id);
int lnlt_scenario_force(const lnlt_scenario *s, const char *id);

/* True if hex h (on one of the board's maps, inside the playable area) belongs to
 * zone `zone`: all the zone's parts hold at once (listed hexes, within range, on
 * an edge, east/west of its path, of its terrain). maps are the scenario's maps in
 * order (lnlt/map.h). */
struct lnlt_map;
bool lnlt_scenario_zone_has(const lnlt_scenario *s, int zone, const struct lnlt_map *const *maps,
                            int map_count, lnlt_hex h);

/* True if h is inside the scenario's playable area (ignores map membership). */
bool lnlt_scenario_in_area(const lnlt_scenario *s, lnlt_hex h);

/* ---- scenario elements in words (src/data/scenario_words.c) ----
 * For logs, briefings and views: no internal id reaches a player. */
/* A force by its counters: "4 × Squad 1-6-4, Sgt Baumann (Assaulter) with MG34, MG42". */
char *lnlt_scenario_force_words(const lnlt_scenario *s, const lnlt_catalog *cat, int force, char *buf, size_t len);
/* A zone by what defines it: "Stone building or Wooden building hexes in or within 3
 * hexes of 15H7"; map (may be NULL) names the terrain types. */
char *lnlt_scenario_zone_words(const lnlt_scenario *s, const struct lnlt_map *map, int zone, char *buf, size_t len);
/* An objective: "the cache", with " in 1M3" unless it is hidden and not revealed. */
char *lnlt_scenario_objective_words(const lnlt_scenario *s, int objective, bool revealed, char *buf, size_t len);
/* Map edges (LNLT_EDGE_* bits) in words: "north or east edges". */
const char *lnlt_edge_words(unsigned edges, char *buf, size_t len);

#endif
