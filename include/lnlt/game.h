/*
 * lnlt/game.h: the rules engine's public face (DESIGN.md principles 1-3).
 *
 * The game state is one flat struct (no pointers, fixed capacity), so cloning is a
 * memcpy; a hash of its meaningful fields detects divergence. The engine always waits on
 * exactly one decision: which side decides, what kind of decision, and the complete
 * list of legal actions. lnlt_apply accepts only an action from that list; anything
 * else is rejected with a reason and the state is left byte for byte unchanged.
 *
 * Static data (map, counters, scenario) is reached through lnlt_ctx, which the state
 * never points into: the same state bytes mean the same game under the same ctx.
 */
#ifndef LNLT_GAME_H
#define LNLT_GAME_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "lnlt/dice.h"
#include "lnlt/error.h"
#include "lnlt/event.h"
#include "lnlt/hex.h"

/* Sides are 1 and 2; the scenario says which nation each is. */
enum { LNLT_SIDE_NONE = 0, LNLT_SIDE_1 = 1, LNLT_SIDE_2 = 2 };
static inline int lnlt_other_side(int side) { return 3 - side; }

/* The phases, decision kinds and action types, and the action itself. */
#include "lnlt/action.h"


#define LNLT_MAX_SWS 48
#define LNLT_MAX_CELLS 512
#define LNLT_MAX_FORTS 16

/* 10.4.1, 10.6: a location is a hex and one of its floors (lnlt_floor in map.h:
 * ground, upper floor, rooftop), numbered cell + LNLT_MAX_CELLS * floor, so a
 * ground-floor location is its cell number. Action arguments that name a hex name
 * a location; negative numbers (off the map) are their own location. */
#define LNLT_FLOORS 4
/* 21.1: the inside of a bunker is a place of its own in its hex (a hex within a
 * hex, 10.4.1), the fourth floor of the location numbering; lnlt_ctx.bunkers says
 * which hexes have one. */
enum { LNLT_FLOOR_BUNKER = 3 };
static inline int lnlt_location(int cell, int floor) { return cell < 0 ? cell : cell + LNLT_MAX_CELLS * floor; }
static inline int lnlt_loc_cell(int loc) { return loc < 0 ? loc : loc % LNLT_MAX_CELLS; }
static inline int lnlt_loc_floor(int loc) { return loc < 0 ? 0 : loc / LNLT_MAX_CELLS; }

/* Where a unit is when it is not on a map cell. A passenger (16.0) or an armor
 * leader commanding a vehicle (11.5) is LNLT_CELL_ABOARD: its place is its
 * vehicle's (lnlt_state.aboard). */
enum { LNLT_CELL_NONE = -1, LNLT_CELL_ELIMINATED = -2, LNLT_CELL_EXITED = -3, LNLT_CELL_MERGED = -4,
       LNLT_CELL_ABOARD = -5 };

/* lnlt_unit.status */
enum { LNLT_GOOD_ORDER = 0, LNLT_SHAKEN = 1 };

/* lnlt_unit.marks: the markers of 4.0 and 6.x, removed in the admin phase (9.0). */
enum {
    LNLT_MARK_MOVED = 1u << 0,
    LNLT_MARK_ASSAULT_MOVE = 1u << 1,
    LNLT_MARK_FIRED = 1u << 2,
    LNLT_MARK_OPS_COMPLETE = 1u << 3,
    LNLT_MARK_LOW_CRAWL = 1u << 4,
    LNLT_MARK_STEALTH = 1u << 5,    /* 6.4: moved stealthily */
    LNLT_MARK_HIT_AND_RUN = 1u << 6, /* 6.7: a hit and run move */
    LNLT_MARK_IN_TUNNEL = 1u << 7    /* 10.7.1: came into its cave through a tunnel */
};

/* lnlt_unit.flags */
enum {
    LNLT_UNIT_WOUNDED = 1u << 0,     /* 5.1: an SMC's wound; a second one eliminates */
    LNLT_UNIT_ACTIVATED = 1u << 1,   /* 4.0: has acted (moved, fired, spotted) this operations phase */
    LNLT_UNIT_RALLY_TRIED = 1u << 2, /* 3.0: one rally attempt per rally phase */
    LNLT_UNIT_SMOKE_TRIED = 1u << 3, /* 7.0: one smoke attempt per unit per turn */
    LNLT_UNIT_LAID_SMOKE = 1u << 4,  /* 7.0: laid Smoke this turn (MF -1, no fire) */
    LNLT_UNIT_TENDED = 1u << 5,      /* 11.3, 11.10: a medic/nurse used this rally phase */
    LNLT_UNIT_AMBUSHING = 1u << 6,   /* 8.4: ambushes in the melee round being set up */
    LNLT_UNIT_LENT_LM = 1u << 7      /* 11.1.3: a leader who lent his LM in this impulse */
};

/* One counter. 18 bytes, no padding. */
typedef struct lnlt_unit {
    int16_t type;    /* index into the catalog's unit types */
    int16_t cell;    /* map cell, or LNLT_CELL_* */
    uint8_t side;
    uint8_t floor;   /* lnlt_floor */
    uint8_t status;  /* LNLT_GOOD_ORDER or LNLT_SHAKEN */
    uint8_t marks;   /* LNLT_MARK_* */
    uint8_t flags;   /* LNLT_UNIT_* */
    uint8_t mp2;     /* half MP spent in the current move */
    uint8_t entry_turn; /* off-map units: the turn from which they may enter; 0 = not scheduled */
    uint8_t force;      /* the scenario force it belongs to, or LNLT_NO_FORCE */
    int8_t skill;       /* 12.0: index into the catalog's skills, or -1 */
    uint8_t skill_used; /* a single-use skill has been used */
    uint8_t wounds;     /* 5.1: wounds taken (the Bull skill survives one more) */
    uint8_t mu_flags;   /* LNLT_MU_*: its part in a cavalry charge (8.6) or a suspended move (6.8) */
    int16_t parent;     /* 3.0: a half-squad made by casualties: the squad type it came from; -1 unknown */
} lnlt_unit;

/* The location (cell and floor) a unit occupies. */
static inline int lnlt_unit_loc(const lnlt_unit *u) { return lnlt_location(u->cell, u->floor); }

/* lnlt_unit.mu_flags */
enum {
    LNLT_MU_CHARGING = 1u << 0,     /* 8.6: charges in the first round of the melee being fought */
    LNLT_MU_HELD = 1u << 1,         /* 8.6: failed its check against a charge: only defends that round */
    LNLT_MU_OM_MOVER = 1u << 2,     /* 6.8: a mover of the move suspended at depth d (shifted by 2 d) */
    LNLT_MU_OM_ACTIVATED = 1u << 3, /* 6.8: activated in the impulse suspended at depth d (shifted by 2 d) */
    LNLT_MU_CONTINUOUS = 1u << 6    /* 15.5.1: a mounted unit keeping its move into the next turn */
};

#define LNLT_NO_FORCE 0xFF
#define LNLT_MAX_FORCES 16

/* One support weapon: held by a unit, or lying in a hex. 8 bytes. */
typedef struct lnlt_sw {
    int16_t type;   /* index into the catalog's support weapons */
    int16_t holder; /* unit index, or -1 when it lies in `cell` */
    int16_t cell;
    uint8_t flags;  /* LNLT_SW_* */
    uint8_t floor;  /* lnlt_floor of `cell` where it lies (10.4.1) */
} lnlt_sw;

/* The location where a weapon lies (meaningful when holder < 0). */
static inline int lnlt_sw_loc(const lnlt_sw *w) { return lnlt_location(w->cell, w->floor); }

enum {
    LNLT_SW_JAMMED = 1u << 0,
    LNLT_SW_BACK_SIDE = 1u << 1,
    LNLT_SW_USED = 1u << 2,     /* out of play: destroyed, spent or lost (then cell is LNLT_CELL_ELIMINATED) */
    LNLT_SW_FLIPPED = 1u << 3,  /* 1.6.1: assembled or dismantled this turn */
    LNLT_SW_CAPTURED = 1u << 4, /* 1.6.8: an enemy weapon picked up during the game */
    LNLT_SW_BROKEN = 1u << 5,   /* 1.6.2: failed its repair roll, jammed for good */
    LNLT_SW_ABANDON = 1u << 6,  /* 1.6: left behind when its moving holder leaves the hex */
    LNLT_SW_MELEE = 1u << 7     /* 1.6.8: a captured weapon used in a melee this turn */
};

/* A fortification counter in a hex (21.0): foxholes, wire, mines; and the Fire
 * markers of the optional rule 10.5.6 (value: intensity 1 or 2 | floor << 4, a
 * Fire burns in one location). Bunkers are places of their own
 * (lnlt_ctx.bunkers). 4 bytes. */
typedef struct lnlt_fort {
    int16_t cell;
    uint8_t kind;   /* LNLT_FORT_* */
    uint8_t value;  /* mines: their FP (21.4) */
} lnlt_fort;
enum { LNLT_FORT_NONE = 0, LNLT_FORT_FOXHOLES = 1, LNLT_FORT_WIRE = 2, LNLT_FORT_MINES = 3, LNLT_FORT_FIRE = 4 };
/* 10.7.2: a cave's Collapsed Entrance (its cave can no longer be entered). */
enum { LNLT_FORT_COLLAPSED = 9 };

/* A vehicle, or a weapon team firing ordnance (1.7.1): what its unit counter does
 * not hold. 12 bytes. */
typedef struct lnlt_vehicle {
    int16_t unit;     /* the vehicle's or gun team's unit index; -1 for a free slot */
    int16_t fire_loc; /* 15.0: the hex its weapons fire at in this impulse, or -1 */
    uint8_t facing;   /* 15.1, 1.7.1: the corner (0..5, lnlt/ordnance.h) its hull or gun faces */
    uint8_t turret;   /* 15.1.1: the corner its turret faces */
    uint8_t flags;    /* LNLT_VEH_*: lasting state */
    uint8_t impulse;  /* LNLT_VI_*: what it did in this impulse */
    uint8_t turn;     /* LNLT_VT_*: what it did this turn */
    uint8_t road_mp2; /* 15.6: half MP of its current move spent along roads */
    uint8_t shots;    /* 14.1: shots its guns fired this turn ("N x"), four bits a gun */
    uint8_t paused;   /* 16.4: the move mode it drives on with after letting passengers off */
} lnlt_vehicle;
#define LNLT_MAX_VEHICLES 16

enum {
    LNLT_VEH_BUTTONED = 1u << 0,      /* 15.0.1 */
    LNLT_VEH_ABANDONED = 1u << 1,     /* 14.1.1, 5.1: stays on the map, used by no one */
    LNLT_VEH_IMMOBILIZED = 1u << 2,   /* 21.4.2 */
    LNLT_VEH_HULL_DOWN = 1u << 3,     /* 15.10 (optional) */
    LNLT_VEH_CONTINUOUS = 1u << 4,    /* 15.5: keeps moving this turn */
    LNLT_VEH_ATGM_EXPENDED = 1u << 5, /* 14.4.1 */
    LNLT_VEH_ASSAULT_FIRE = 1u << 6,  /* 15.2.1: declared assault fire this impulse */
    LNLT_VEH_PAUSED = 1u << 7         /* 16.4: stopped to let passengers off; may drive on this impulse */
};
enum {
    LNLT_VI_PIVOTED = 1u << 0,  /* 15.1, 1.7.1: pivoted in its hex without moving (+1 OFT) */
    LNLT_VI_MOVED = 1u << 1,    /* it left its hex in this impulse */
    LNLT_VI_MG0 = 1u << 2,      /* 15.0: MG i fired in this impulse is LNLT_VI_MG0 << i (four MGs) */
    LNLT_VI_ACTED = 1u << 6,    /* it moved or fired: too late to button or unbutton (15.0.1) */
    LNLT_VI_REOPENED = 1u << 7  /* 16.2: riders forced off; the attack that did it opens a new window */
};
enum {
    LNLT_VT_GUN0 = 1u << 0,        /* 14.1: gun i fired this turn is LNLT_VT_GUN0 << i */
    LNLT_VT_HULL_DOWN = 1u << 2,   /* 15.10: one attempt per turn */
    LNLT_VT_MOVED = 1u << 3,       /* 16.4: it moved this turn */
    LNLT_VT_LEFT_HEX = 1u << 4,    /* 15.5: it left its hex this turn */
    LNLT_VT_UNLOADED = 1u << 5     /* 16.4: passengers got off it this turn */
};

/* 14.3: an Acquiring marker on a firer and the Acquisition marker of the same
 * letter on its target (a vehicle, or every non-vehicle unit of a location). 6 bytes. */
typedef struct lnlt_acquisition {
    int16_t firer;    /* unit index, -1 for a free slot */
    int16_t target;   /* a vehicle's unit index, or LNLT_ACQ_LOC - location */
    uint8_t level;    /* 1 or 2: the -1 or -2 marker */
    uint8_t fresh;    /* placed in this impulse: in force from the firer's next impulse */
} lnlt_acquisition;
#define LNLT_MAX_ACQ 8
#define LNLT_ACQ_LOC (-2)
/* lnlt_state.aboard: 0, or the vehicle slot + 1 with these bits. */
enum { LNLT_ABOARD_SLOT = 0x1F, LNLT_ABOARD_OUTSIDE = 0x40, LNLT_ABOARD_COMMANDER = 0x80 };

enum {
    LNLT_MV_NORMAL = 0,
    LNLT_MV_ASSAULT = 1,      /* 6.1: half MF, may fire afterwards */
    LNLT_MV_DOUBLE_TIME = 2,  /* 6.2: +2 MF with a leader */
    LNLT_MV_LOW_CRAWL = 3,    /* 6.3: one hex, the whole impulse */
    LNLT_MV_ASSAULT_FIRE = 4, /* 6.1.1: the half-MF move after firing */
    LNLT_MV_STEALTH = 5,      /* 6.4: stealth movement */
    LNLT_MV_STEALTH_ASSAULT = 6, /* 6.4.1: stealth assault move, half MF */
    LNLT_MV_STEALTH_ASSAULT_FIRE = 7, /* 6.4.2: the half-MF stealth move after firing */
    LNLT_MV_HIT_AND_RUN = 8,          /* 6.7: half MF, one attack at any point of the move */
    LNLT_MV_VEHICLE = 9,              /* 15.1: a vehicle (with leg units moving with it, 6.5) */
    LNLT_MV_VEHICLE_ASSAULT = 10,     /* 15.2: its assault move, half MF */
    LNLT_MV_VEHICLE_AF = 11,          /* 15.2.1: its half-MF move after assault fire */
    LNLT_MV_PIVOT = 12                /* 15.1, 1.7.1: a vehicle or gun team turning in its hex */
};

/* The move in progress (6.0) and its opportunity-fire window (5.3). Each mover's
 * MP spent is in its lnlt_unit.mp2; a hero created during the move joins it. */
typedef struct lnlt_move_state {
    int16_t cell;         /* where the moving stack is */
    int16_t origin;       /* the hex it started from */
    uint8_t active;       /* a move is in progress */
    uint8_t mode;         /* LNLT_MV_*: normal, assault (6.1), double time (6.2), low crawl (6.3) */
    uint8_t mp2_here;     /* half MP spent entering the current hex (OF budget, 5.3) */
    uint8_t of_made;      /* OF attacks made at this hex entry */
    uint8_t hexes;        /* hexes entered so far */
    uint8_t hr_fired;     /* 6.7: the hit and run stack has made its attack */
    uint8_t double_time;  /* 6.2: an assault move or assault fire's move at double time */
    uint8_t reserved;
    int16_t of_from[6];   /* hexes that have already fired at this entry */
    uint8_t units[LNLT_UNIT_BITS]; /* the movers */
} lnlt_move_state;

/* 6.8: a move suspended by an opportunity move, with its units marked in
 * lnlt_unit.mu_flags: where it started (cell + 1, 0 = off the map; low byte
 * first) and how it moves (LNLT_MV_* in bits 0-3, LNLT_OM_HR_FIRED, LNLT_OM_ENTERED).
 * 3 bytes. Two fit in the state: a move, an opportunity move, and one answering it. */
typedef struct lnlt_om_frame {
    uint8_t origin[2];
    uint8_t how;
} lnlt_om_frame;
enum { LNLT_OM_HR_FIRED = 0x10, LNLT_OM_ENTERED = 0x20, LNLT_OM_DOUBLE_TIME = 0x40 };
#define LNLT_OM_DEPTH_MAX 2

/* 4.0: a hex activated in the current impulse and what its units have done so
 * far. The units of a hex that fire fire together at one hex (weapon teams,
 * snipers and marksmen fire apart, at the same hex: 5.2); the units that move
 * move together. 6 bytes. */
typedef struct lnlt_impulse_hex {
    int16_t loc;      /* the location */
    int16_t fired_at; /* the hex its units attacked this impulse, or -1 */
    uint8_t done;     /* LNLT_IMP_* */
    int8_t by_leader; /* the leader whose range added it (4.0 `also`), or -1 */
} lnlt_impulse_hex;
enum {
    LNLT_IMP_MOVED = 1u << 0,      /* its move group has started */
    LNLT_IMP_GROUP_FIRED = 1u << 1 /* its fire group (not only a weapon team) has fired */
};
#define LNLT_IMPULSE_HEXES 16

/* The whole game state. Every byte is meaningful: lnlt_state_init zeroes it and the
 * fields are laid out without padding, so a clone copies nothing undefined. */
typedef struct lnlt_state {
    uint32_t version;       /* LNLT_STATE_VERSION */
    uint8_t turn;           /* 1-based */
    uint8_t last_turn;
    uint8_t phase;          /* lnlt_phase */
    uint8_t initiative;     /* side holding the initiative this turn (3.0) */
    uint8_t to_act;         /* side whose decision it is */
    uint8_t passes;         /* consecutive passes in this operations phase (4.0) */
    uint8_t rally_done;     /* bit per side: finished its rally actions */
    uint8_t winner;         /* after the game: 0 draw, else the winning side */
    uint8_t decision;       /* lnlt_decision_kind in the operations phase */
    uint8_t acted;          /* a unit has acted in the current activation */
    uint8_t impulse_side;   /* the side whose impulse it is */
    uint8_t spot_tried;     /* 10.1.1: a spotting attempt was made this impulse (LNLT_SPOT_*) */
    int16_t spotter;        /* 10.1.1 / 4.1: the unit that spotted this impulse, or -1 */
    int16_t spotted_cell;   /* 4.1: the hex it spotted (full-FP fire from OC), or -1 */
    /* Only in a side's view (lnlt_state_for_side, R-VIEW-05): LNLT_VIEW_MARKERS_KNOWN
     * with the event markers (bits 0-3) the game itself had set off. Which markers
     * are still on the map is public (R-VIEW-01), but the view counts every one as
     * spent in events_done so that no paragraph plays out in a search. 0 in a
     * game's own state; never hashed or saved. */
    uint8_t view_markers;
    uint8_t reserved0[3];
    lnlt_pcg32 rng;
    uint16_t unit_count;
    uint16_t sw_count;
    uint32_t actions_applied;
    lnlt_unit unit[LNLT_MAX_UNITS];
    lnlt_sw sw[LNLT_MAX_SWS];
    lnlt_move_state move;
    uint8_t activated[LNLT_UNIT_BITS];           /* units activated this impulse */
    lnlt_fort fort[LNLT_MAX_FORTS];
    uint8_t spotted[3][LNLT_MAX_CELLS / 8];      /* [side]: Spotted markers placed for that side (10.1) */
    uint8_t control[3][LNLT_MAX_CELLS / 8];      /* [side]: hexes that side controls (22.1) */
    uint8_t force_edge[LNLT_MAX_FORCES];         /* entry edge chosen or rolled (LNLT_EDGE_* bit), 0 none */
    uint8_t force_arrive[LNLT_MAX_FORCES];       /* scenario action that released it, or 0xFF: its own arrival */
    uint8_t events_done;                         /* bits 0-3: event markers A-D triggered; 4-7: objectives destroyed */
    uint8_t objectives;                          /* bits 0-3: revealed; 4-7: held since the turn began */
    uint8_t pending;                             /* an event waiting on a decision: LNLT_DECIDE_EVENT_* or 0 */
    uint8_t pending_ref;                         /* the force it places, or the morale check's scenario action */
    uint8_t pending_side;                        /* who decides */
    uint8_t resume;                              /* what to do once the event is done (events.c) */
    uint8_t resume_to_act;
    uint8_t cont_count;                          /* scenario actions still to run after the decision */
    uint8_t cont_next[2], cont_end[2];
    uint8_t melee[LNLT_MAX_CELLS / 8];           /* 8.1: Melee markers */
    uint8_t melee_fought[LNLT_MAX_CELLS / 8];    /* 8.0: one round per hex per turn */
    uint8_t melee_targets[LNLT_UNIT_BITS];       /* the first side's chosen targets, awaiting the reply */
    int16_t melee_cell;                          /* the melee being set up, or -1 */
    uint8_t melee_stage;                         /* 0 none; 1 first side picks; 2 the other side picks */
    uint8_t melee_first;                         /* the side that picks first (whose impulse it is) */
    uint8_t smoke[2][LNLT_MAX_CELLS / 8];        /* 7.0: [0] Smoke 1, [1] Smoke 2 markers per hex */
    uint8_t reserved_tail[4];
    uint8_t ffe[LNLT_MAX_CELLS / 8];             /* 18.2: Fire For Effect markers until the admin phase */
    int16_t mission_landing;                     /* 18.2: where the pending spotting round landed, or -1 */
    int16_t mission_caller;                      /* the unit that called it, or -1 */
    uint8_t missions[3];                         /* [side]: scripted fire missions granted and not yet used */
    uint8_t ffe_fp;                              /* FP of the Fire For Effect */
    uint8_t mission_action;                      /* the scenario action that granted the mission */
    uint8_t om_depth;                            /* 6.8: opportunity moves under way, each suspending a move */
    lnlt_om_frame om_frame[LNLT_OM_DEPTH_MAX];   /* the moves they suspended, outermost first */
    uint8_t retreat[LNLT_UNIT_BITS];             /* 1.6.3, 1.6.7: shaken units that must still retreat */
    int16_t retreat_from;                        /* the hex of the flamethrower or molotov attack */
    uint8_t reserved_sw[2];
    /* 10.4.1, 10.6: Spotted and Melee markers of the upper floors ([0]) and
     * rooftops ([1]) and bunker interiors ([2]); the ground floor's are spotted, melee and melee_fought. */
    uint8_t spotted_up[3][LNLT_FLOORS - 1][LNLT_MAX_CELLS / 8];
    uint8_t melee_up[LNLT_FLOORS - 1][LNLT_MAX_CELLS / 8];
    uint8_t melee_fought_up[LNLT_FLOORS - 1][LNLT_MAX_CELLS / 8];
    /* 4.0: the hexes activated in the current impulse, in the order declared */
    uint8_t impulse_hex_count;
    /* 14.4 (decision LNLT_DECIDE_ATGM): an ATGM shot announced and waiting on the
     * enemy's reaction fire: its firer (unit + 1, 0 none), target location,
     * weapon code, target vehicle (unit + 1, 0: the non-vehicle units there),
     * LNLT_ATGM_* flags, and the decision to go back to once it is resolved. */
    uint8_t atgm_unit;
    int16_t atgm_to;
    uint8_t atgm_code;
    uint8_t atgm_tv;
    uint8_t atgm_flags;
    uint8_t atgm_resume;
    lnlt_impulse_hex impulse_hex[LNLT_IMPULSE_HEXES];
    /* 22.0: squads of each side ([side - 1]) reduced to half-squads so far; each
     * scores the enemy half a squad's VP when it happens (A Friend in Need). */
    uint8_t squads_reduced[2];
    /* 22.0, 6.0: off-map units being gathered to enter together through one hex
     * (decision LNLT_DECIDE_ENTRY_GROUP): the hex, and the units chosen so far. */
    int16_t entry_cell;
    uint8_t entry_units[LNLT_UNIT_BITS];
    /* 1.6.3, 8.0 (forced_move.c): units that made a forced move (a retreat from a
     * flamethrower or molotov, shaken enterers going back) and still await the
     * opportunity fire it draws; the window of one under way (the decision to go
     * back to afterwards, 0 none) and whose impulse it was then; and where the
     * moving stack entered its present location from (8.0: where shaken enterers go
     * back to). */
    uint8_t forced[LNLT_UNIT_BITS];
    uint8_t forced_window;
    uint8_t forced_impulse_side;
    int16_t move_step_from;
    /* 22.1 (ruling R-CORE-92): control of the upper floors ([0]) and rooftops ([1])
     * of each hex by side, each a hex within the hex (10.4.1); `control` holds
     * the ground floors. lnlt_hex_controller() says who holds a hex as a whole. */
    uint8_t control_up[3][LNLT_FLOORS - 1][LNLT_MAX_CELLS / 8];
    /* 4.0 (decision LNLT_DECIDE_GATHER, or LNLT_DECIDE_OPP_GATHER): the location of the group a player gathers
     * out of a large stack, -1 none, and its units. */
    int16_t gather_cell;
    uint8_t gather_units[LNLT_UNIT_BITS];
    /* 22.0: bit r set: the scenario's optional special rule r is off in this game
     * (chosen before the first action: lnlt_rule_set). */
    uint16_t rules_off;
    /* ---- vehicles, ordnance and passengers (14.0-17.0; rules/vehicles.c) ---- */
    lnlt_vehicle vehicle[LNLT_MAX_VEHICLES];     /* vehicles and gun teams, by slot */
    lnlt_acquisition acq[LNLT_MAX_ACQ];          /* 14.3 */
    uint8_t aboard[LNLT_MAX_UNITS];              /* 16.0, 11.5: where an LNLT_CELL_ABOARD unit rides */
    uint8_t wreck[LNLT_MAX_CELLS / 8];           /* Wreck markers (one per hex, 1.3) */
    /* 15.1.2: Rubble markers, a bit per cell: the hex's building or huts are Rubble
     * for the rest of the game (rules/rubble.c). rubble_any: some bit is set, so
     * games that never rubble anything pay one byte test per terrain question. */
    uint8_t rubble[LNLT_MAX_CELLS / 8];
    uint8_t oba_called;                          /* 18.3: bit per side: an off-board mission was called this turn */
    uint8_t vehicle_count;                       /* slots in use (the highest + 1) */
    uint8_t pending_vehicle;                     /* the vehicle slot a pending vehicle decision concerns */
    uint8_t sw_fired[LNLT_MAX_SWS / 8];          /* 14.1: ordnance weapons fired this turn */
    uint8_t oba_left[2];                         /* 18.2: [side - 1] off-board missions of the OOB not yet used */
    uint8_t oba_fp[2];                           /* [side - 1]: their FP */
    uint8_t rubble_any;
    uint8_t reserved_veh[2];
    /* ---- New game fields go above this line: lnlt_search_hash covers the state
     * up to by_loc, and what follows is derived, not part of a position. ---- */
    /* Derived from unit[], for speed: the units on the map sorted by location,
     * then by index, so "who is in this location" is a binary search rather than a
     * scan of every unit, and for each side the locations it occupies, so "is
     * anyone of this side there" is one bit. Every change of a unit's place keeps
     * them up to date; the engine rebuilds them when a program wrote unit places
     * directly. Not part of the position: lnlt_search_hash skips them. */
    uint8_t by_loc[LNLT_MAX_UNITS];
    uint8_t by_loc_count;
    uint8_t reserved_index[7];
    uint8_t occupied[2][LNLT_FLOORS][LNLT_MAX_CELLS / 8]; /* [side - 1][floor]: a bit per cell */
    uint16_t by_loc_at[LNLT_MAX_UNITS];                   /* the location of each by_loc entry */
} lnlt_state;

/* Bumped whenever the layout or the meaning of a field changes (3: the weapon
 * flags and retreat block of rules core II; 4: locations on upper floors and
 * rooftops; 5: the impulse's activated hexes; 6: the units-by-location index; 7: a
 * half-squad's parent squad, the entry group being formed and the squads reduced per
 * side; 8: forced moves and their opportunity fire, control per floor, the group
 * gathered out of a large stack, the optional rules turned off (fid3); vehicles,
 * passengers, wrecks, acquisition, bunkers as places (vehicles); 9: Rubble markers
 * (15.1.2)), so a hash from
 * another layout never matches by accident. */
#define LNLT_STATE_VERSION 9u

/* lnlt_state.view_markers: set in every view; the low four bits then tell which
 * event markers the game had set off (R-VIEW-05). */
#define LNLT_VIEW_MARKERS_KNOWN 0x80u

/* lnlt_state.spot_tried: none, an attempt, or an attempt whose spotter then called or
 * directed indirect fire (11.1.3: he lends no LM to direct fire that turn). */
enum { LNLT_SPOT_NONE = 0, LNLT_SPOT_TRIED = 1, LNLT_SPOT_CALLED = 2 };

static inline bool lnlt_bit(const uint8_t *set, int i) { return (set[i >> 3] >> (i & 7)) & 1; }
static inline void lnlt_bit_set(uint8_t *set, int i) { set[i >> 3] |= (uint8_t)(1u << (i & 7)); }
static inline void lnlt_bit_clear(uint8_t *set, int i) { set[i >> 3] &= (uint8_t)~(1u << (i & 7)); }

struct lnlt_map;
struct lnlt_catalog;
struct lnlt_scenario;
struct lnlt_los_table;

/* Static inputs of a game. lnlt_ctx_open fills it from a scenario file; tests may
 * fill it by hand (the data pointers may then be NULL). */
typedef struct lnlt_ctx {
    int turns;              /* number of game turns */
    int first_initiative;   /* side with the initiative on turn 1 */
    const char *side_name[3]; /* [1], [2]: e.g. "US", "German"; NULL: "side 1" */
    const struct lnlt_map *map;
    const struct lnlt_catalog *catalog;
    const struct lnlt_scenario *scenario;
    /* The map's precomputed static LOS (lnlt_los_table_build), or NULL: the
     * engine then traces every line. */
    const struct lnlt_los_table *los_table;
    /* 21.1: the bunkers of the game, fixed from set-up (the scenario's), or NULL. */
    const struct lnlt_bunkers *bunkers;
    /* Optional rules in play (LNLT_OPT_*), from the scenario's special rules. */
    unsigned options;
    void *owned;            /* what lnlt_ctx_open loaded; freed by lnlt_ctx_close */
    /* The engine's per-map tables (lnlt_tables_build), or NULL: the engine then
     * works the same answers out as it goes, only slower. */
    const struct lnlt_tables *tables;
} lnlt_ctx;

/* Optional rules a scenario may switch on (lnlt_ctx.options). */
enum {
    LNLT_OPT_SIZE_SPEED = 1u << 0, /* 15.6: vehicle size and speed OFT modifiers */
    LNLT_OPT_HULL_DOWN = 1u << 1,  /* 15.10: hull-down positions */
    LNLT_OPT_MG_SPLIT = 1u << 2,   /* 15.0: a 4-FP MG splits 2 + 2 between turret and hull arcs */
    LNLT_OPT_SPOT_VEHICLES = 1u << 3 /* 10.1.1: -1 to spot a hex holding an enemy vehicle */
};

/* 21.1: a bunker, a place of its own inside its hex (LNLT_FLOOR_BUNKER), with its
 * TM and the direction (1..6, lnlt_dir) of its front hex. 10.7: a cave is the same
 * kind of place (kind LNLT_PLACE_CAVE, at the same fourth floor: a hex never holds
 * both, ruling R-CORE-120), with the sides that may use its tunnels (10.7.1). */
typedef struct lnlt_bunker {
    int16_t cell;
    int8_t tm;
    uint8_t front;
    uint8_t kind;         /* LNLT_PLACE_BUNKER or LNLT_PLACE_CAVE */
    uint8_t tunnel_sides; /* caves: bit s set when side s may use its tunnels (10.7.1) */
} lnlt_bunker;
enum { LNLT_PLACE_BUNKER = 0, LNLT_PLACE_CAVE = 1 };
#define LNLT_MAX_BUNKERS 8
typedef struct lnlt_bunkers {
    int count;
    lnlt_bunker b[LNLT_MAX_BUNKERS];
} lnlt_bunkers;

/* The engine's precomputed per-map tables: for every location, the locations
 * next to it and those a leader there reaches. lnlt_ctx_open builds them (and
 * frees them on close); a ctx filled by hand may build its own once its map is
 * set. NULL with a reason on failure. */
typedef struct lnlt_tables lnlt_tables;
lnlt_tables *lnlt_tables_build(const lnlt_ctx *ctx, lnlt_error *err);
void lnlt_tables_free(lnlt_tables *t);

/* Loads a scenario file with the map and counter data it names (data/ next to it
 * or the source tree's data/) and fills ctx. On failure ctx is zeroed. */
bool lnlt_ctx_open(const char *scenario_path, lnlt_ctx *ctx, lnlt_error *err);
/* The same for scenario JSON already in memory (a save's snapshot), with the
 * counters and maps of data_dir; `name` is used in messages. */
bool lnlt_ctx_open_text(const char *name, const char *text, size_t len, const char *data_dir, lnlt_ctx *ctx,
                        lnlt_error *err);
/* The same for a scenario file whose counters and maps are in data_dir (as
 * `lnlt validate --data DIR` checks it). */
bool lnlt_ctx_open_with(const char *scenario_path, const char *data_dir, lnlt_ctx *ctx, lnlt_error *err);
/* The data directory lnlt_ctx_open uses for a scenario file (written to out). */
const char *lnlt_ctx_data_dir_of(const char *scenario_path, char *out, size_t len);
void lnlt_ctx_close(lnlt_ctx *ctx);
/* A ctx shared by the whole process for this scenario file (src/game/ctx_cache.c):
 * read once, kept until lnlt_ctx_cache_clear, never to be closed by the caller.
 * *out is NULL (and the result true) when the cache is full: open your own then. */
bool lnlt_ctx_open_cached(const char *scenario_path, const lnlt_ctx **out, lnlt_error *err);
/* Closes every shared ctx, and the maps lnlt_ctx_open shares between games (it
 * reads each map file once per process): only once no game uses them. */
void lnlt_ctx_cache_clear(void);
/* The map part of lnlt_ctx_cache_clear. */
void lnlt_ctx_maps_clear(void);

/* Starts a game at turn 1, rally phase. seed fixes every random die of the game.
 * Units the scenario sets up are placed by the scenario set-up; tests and mid-game
 * files place them with lnlt_state_add_unit / lnlt_state_add_sw. */
void lnlt_state_init(lnlt_state *st, const lnlt_ctx *ctx, uint64_t seed);

/* Adds a unit of the catalog type `type_id` for `side` on hex `hex` ("H5"; NULL
 * keeps it off the map). Returns its index, or -1 with a reason. */
int lnlt_state_add_unit(const lnlt_ctx *ctx, lnlt_state *st, const char *type_id, int side, const char *hex,
                        lnlt_error *err);
/* Adds a support weapon held by unit `holder` (or lying on `hex` if holder < 0). */
int lnlt_state_add_sw(const lnlt_ctx *ctx, lnlt_state *st, const char *sw_id, int holder, const char *hex,
                      lnlt_error *err);

/* Gives unit `unit` the skill `skill_id` (12.0). */
bool lnlt_state_set_skill(const lnlt_ctx *ctx, lnlt_state *st, int unit, const char *skill_id, lnlt_error *err);
/* Adds a fortification counter ("foxholes", "wire", "mines") on hex; mines belong
 * to `side` (the units they spare, 21.4) and attack with FP `value`. Returns its
 * index or -1. */
int lnlt_state_add_fort(const lnlt_ctx *ctx, lnlt_state *st, const char *kind, const char *hex, lnlt_error *err);
int lnlt_state_add_fort_value(const lnlt_ctx *ctx, lnlt_state *st, const char *kind, const char *hex, int side,
                              int value, lnlt_error *err);

/* Vehicles (15.0) and gun teams (1.7.1) are added with lnlt_state_add_unit, which
 * gives them a vehicle slot facing corner 0. These set their facing (the corner
 * of their hex shared with hexes a and b, "D5 facing D6/E5") and state, put a
 * unit aboard a vehicle as a passenger (16.0, outside when `outside`) or an armor
 * leader in command of it (11.5), and lay a Wreck marker. */
bool lnlt_state_set_facing(const lnlt_ctx *ctx, lnlt_state *st, int unit, const char *a, const char *b,
                           lnlt_error *err);
bool lnlt_state_set_buttoned(const lnlt_ctx *ctx, lnlt_state *st, int unit, bool buttoned, lnlt_error *err);
bool lnlt_state_board(const lnlt_ctx *ctx, lnlt_state *st, int unit, int vehicle, bool outside, lnlt_error *err);
bool lnlt_state_add_wreck(const lnlt_ctx *ctx, lnlt_state *st, const char *hex, lnlt_error *err);
/* 15.1.2: puts a Rubble marker in a building or huts hex with nobody on its upper
 * floor or rooftop (as a vehicle rubbling it, without the roll): the hex is Rubble
 * for every rule from then on. */
bool lnlt_state_add_rubble(const lnlt_ctx *ctx, lnlt_state *st, const char *hex, lnlt_error *err);
/* 14.3: `firer` holds an Acquiring marker on `target` (a vehicle's unit index, or
 * -1 for the non-vehicle units of target_hex) at level 1 or 2. */
bool lnlt_state_add_acquisition(const lnlt_ctx *ctx, lnlt_state *st, int firer, int target, const char *target_hex,
                                int level, lnlt_error *err);

/* Corner `corner` (0..5 clockwise from the north-east one) of the hex of `loc` as
 * commands write it: the two hexes beside it ("D6/E5"), or its compass point ("ne")
 * at the map's edge (15.1). */
const char *lnlt_corner_text(const lnlt_ctx *ctx, int loc, int corner, char *buf, size_t len);

/* Reads a location: a hex id ("H5"), or one with its floor ("H5:upper", "H5:roof",
 * 10.4.1, 10.6). NULL gives LNLT_CELL_NONE. False with a reason if it is not on
 * the map or the hex has no such floor. */
bool lnlt_location_parse(const lnlt_ctx *ctx, const char *text, int *loc, lnlt_error *err);
/* A hex id ("H5", "H5:upper") for a location, for messages; buf needs
 * LNLT_HEX_ID_MAX bytes. */
const char *lnlt_cell_name(const lnlt_ctx *ctx, int cell, char *buf);
/* The printed name of a unit's type ("Lt Koch", "1-6-4"). */
const char *lnlt_unit_name(const lnlt_ctx *ctx, const lnlt_state *st, int unit);

lnlt_decision lnlt_decision_get(const lnlt_ctx *ctx, const lnlt_state *st);

/* Writes up to cap legal actions to out and returns how many there are in all
 * (which may exceed cap). Zero only when the game is over. */
int lnlt_legal_actions(const lnlt_ctx *ctx, const lnlt_state *st, lnlt_action *out, int cap);

/* Applies a legal action. dice->rng is ignored (the state's generator is used)
 * unless forced faces are given through dice->forced; events go to dice->log.
 * On failure: false, a reason in err, st unchanged and nothing logged. dice may be
 * NULL for random dice and no log. */
bool lnlt_apply(const lnlt_ctx *ctx, lnlt_state *st, const lnlt_action *a, lnlt_dice_queue *forced,
                lnlt_events *log, lnlt_error *err);

/* The replay hash: 64-bit FNV-1a over a canonical serialisation of the fields
 * that mean something to the game (not the struct's bytes), so it survives
 * layout changes and new fields (src/rules/state_hash.c, docs/formats/save.md). */
uint64_t lnlt_state_hash(const lnlt_state *st);

void lnlt_state_clone(lnlt_state *dst, const lnlt_state *src);

/* Actions as short text: "pass", "end-rally". */
bool lnlt_action_parse(const lnlt_ctx *ctx, const lnlt_state *st, const char *text, lnlt_action *out,
                       lnlt_error *err);
void lnlt_action_format(const lnlt_ctx *ctx, const lnlt_action *a, char *buf, size_t len);
/* The command word of an action type ("fire", "no-fire"), or NULL for an unknown type. */
const char *lnlt_action_word(int type);
/* Is the action type an attack: one whose command word names fire ("fire",
 * "opfire", "hr-fire", "call-fire", "fire-at"...), a refusal ("no-fire") aside, or
 * a vehicle's or gun's attack ("shoot", "opshoot", "mg", "opmg", "overrun",
 * "close-assault")? No text is formatted. */
bool lnlt_action_is_attack(int type);
bool lnlt_action_equal(const lnlt_action *a, const lnlt_action *b);

/* 22.0: optional special rules are game options. lnlt_rule_set turns the
 * scenario's rule `rule` (its index in special_rules) on or off before the first
 * action of the game; false, with the reason and nothing changed, for a rule that
 * is not optional, one that changes the map (fixed when the scenario opens), an
 * index out of range, or a game under way. lnlt_rule_on says whether a rule is
 * played in this game (a rule that is not optional always is). */
bool lnlt_rule_set(const lnlt_ctx *ctx, lnlt_state *st, int rule, bool on, lnlt_error *err);
bool lnlt_rule_on(const lnlt_ctx *ctx, const lnlt_state *st, int rule);

/* 22.1: the side (1 or 2) that controls hex `cell` as a whole, 0 for none: a
 * side holds a hex when it controls one of its locations (ground floor, upper
 * floor, rooftop) and the other side none of them (ruling R-CORE-92). */
int lnlt_hex_controller(const lnlt_state *st, int cell);

const char *lnlt_side_name(const lnlt_ctx *ctx, int side);
const char *lnlt_phase_name(int phase);

#endif
