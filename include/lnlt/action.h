/*
 * lnlt/action.h: what the engine waits on and what a player may answer: the phases
 * of a turn (2.0), the kinds of decision, the action types with their command words
 * (docs/protocol.md) and the action itself. Included by lnlt/game.h, which says how
 * a decision is asked (lnlt_decision_get) and an action applied (lnlt_apply).
 */
#ifndef LNLT_ACTION_H
#define LNLT_ACTION_H

#include <stdint.h>

/* Phases of a turn (rule 2.0), plus the state after the last turn. */
typedef enum lnlt_phase {
    LNLT_PHASE_RALLY = 1,
    LNLT_PHASE_OPERATIONS = 2,
    LNLT_PHASE_ADMIN = 3,
    LNLT_PHASE_GAME_OVER = 4,
    LNLT_PHASE_SETUP = 5    /* before turn 1: the sides place their set-up forces (22.0) */
} lnlt_phase;

/* What kind of decision the engine waits on. */
typedef enum lnlt_decision_kind {
    LNLT_DECIDE_NONE = 0,       /* game over */
    LNLT_DECIDE_RALLY = 1,      /* rally-phase actions of one side (3.0), then "end-rally" */
    LNLT_DECIDE_IMPULSE = 2,    /* an operations impulse: activate a hex or pass (4.0) */
    LNLT_DECIDE_ACTIVATION = 3, /* what the activated hexes do: fire, move, also, done (4.0) */
    LNLT_DECIDE_MOVE = 4,       /* the moving stack's next hex, or stop (6.0) */
    LNLT_DECIDE_OPFIRE = 5,     /* the other side may fire at the mover's hex (5.3) */
    LNLT_DECIDE_SETUP = 6,      /* where the next set-up unit goes (22.0) */
    LNLT_DECIDE_EVENT_PLACE = 7, /* an event places a force where its owner chooses (22.0) */
    LNLT_DECIDE_EVENT_CHOOSE = 8, /* an event asks a side to pick the unit that checks morale */
    LNLT_DECIDE_MELEE_TARGET = 9  /* a melee side picks the enemy units it attacks (8.0) */
} lnlt_decision_kind;

/* 18.2: where the leader shifts a spotting round that landed (A Friend in Need). */
enum { LNLT_DECIDE_FIRE_SHIFT = 20 };

typedef struct lnlt_decision {
    uint8_t side; /* who decides; 0 when the game is over */
    uint8_t kind; /* lnlt_decision_kind */
} lnlt_decision;

/* Action types. Arguments are map cell indices (lnlt_map_index). */
typedef enum lnlt_action_type {
    LNLT_ACT_NONE = 0,
    LNLT_ACT_PASS = 1,      /* 4.0: pass the impulse */
    LNLT_ACT_END_RALLY = 2, /* 3.0: this side has finished its rally-phase actions */
    LNLT_ACT_RALLY = 3,     /* 3.0: rally attempts for the shaken units in hex arg0 */
    LNLT_ACT_ACTIVATE = 4,  /* 4.0: activate hex arg0 */
    LNLT_ACT_ALSO = 5,      /* 4.0: a leader in an activated hex also activates adjacent hex arg0 */
    LNLT_ACT_FIRE = 6,      /* 5.0: units in arg0 fire at hex arg1 */
    LNLT_ACT_MOVE = 7,      /* 6.0: units in arg0 start moving */
    LNLT_ACT_ASSAULT = 8,   /* 6.1: units in arg0 start an assault move */
    LNLT_ACT_STEP = 9,      /* 6.0: the moving stack enters adjacent hex arg0 */
    LNLT_ACT_STOP = 10,     /* 6.0: the moving stack ends its move */
    LNLT_ACT_DONE = 11,     /* 4.0: end the activation (and so the impulse) */
    LNLT_ACT_OPFIRE = 12,   /* 5.3: units in arg0 fire at the mover's hex */
    LNLT_ACT_NO_FIRE = 13,  /* 5.3: no (more) opportunity fire at this hex entry */
    LNLT_ACT_SPOT = 14,     /* 10.1.1: unit `units` attempts to spot hex arg0 */
    LNLT_ACT_PLACE = 15,    /* 22.0: set unit `units` up on hex arg0 */
    LNLT_ACT_ENTER = 16,    /* 22.0: off-map units `units` enter through hex arg0 (a move) */
    LNLT_ACT_EXIT = 17,     /* 22.0: the moving stack leaves the map through its exit hex */
    LNLT_ACT_CHOOSE = 18,   /* 22.0: the unit `units` takes the event's morale check */
    LNLT_ACT_TARGET = 19,   /* 8.0: attack the enemy units `units` in the melee */
    LNLT_ACT_MELEE = 20,    /* 8.1: fight another melee round in hex arg0 */
    LNLT_ACT_DOUBLE_TIME = 21,  /* 6.2: units in arg0 move at double time with their leader */
    LNLT_ACT_LOW_CRAWL = 22,    /* 6.3: units in arg0 low crawl one hex */
    LNLT_ACT_ASSAULT_FIRE = 23, /* 6.1.1: units in arg0 fire at arg1, then move half their MF */
    LNLT_ACT_RECOMBINE = 24,    /* 3.0: two half-squads in hex arg0 become a squad */
    LNLT_ACT_SMOKE = 25,        /* 7.0: the MMC `units` tries to lay Smoke in hex arg0 */
    LNLT_ACT_SNIPER = 26,       /* 11.4: place the off-map sniper `units` on hex arg0 */
    LNLT_ACT_SNIPE = 27,        /* 11.4, 11.12: sniper/marksman `units` in arg0 attacks hex arg1 */
    LNLT_ACT_TEND = 28,         /* 11.3, 11.10: a medic/nurse in arg0 heals or rallies unit `units` */
    LNLT_ACT_FIGHT_OR_DIE = 29, /* 11.7.1: the commissar in arg0 re-rolls the failed rallies there */
    LNLT_ACT_ASSAULT_DT = 30,   /* 6.1, 6.2: units in arg0 assault-move at double time with their leader */
    LNLT_ACT_ASSAULT_FIRE_DT = 31 /* 6.1.1, 6.2: units in arg0 fire at arg1, then move at double time */
} lnlt_action_type;

/* 18.2 scripted fire missions (A Friend in Need paragraph 4). */
enum {
    LNLT_ACT_CALL_FIRE = 60,  /* unit `units` places a spotting round on hex arg0 */
    LNLT_ACT_SHIFT_FIRE = 61  /* the round's Fire For Effect goes on hex arg0 (the landing hex or next to it) */
};

/* 8.1.1: the activated units in melee hex arg0 try to withdraw (a normal move),
 * or withdraw by assault move, double time, low crawl, stealth or hit and run. */
enum { LNLT_ACT_WITHDRAW = 62 };
enum {
    LNLT_ACT_WITHDRAW_ASSAULT = 32,
    LNLT_ACT_WITHDRAW_DT = 33,
    LNLT_ACT_WITHDRAW_CRAWL = 34,
    LNLT_ACT_WITHDRAW_STEALTH = 35,
    LNLT_ACT_WITHDRAW_HIT_AND_RUN = 36
};

/* 6.4, 6.4.1: the units in arg0 start a stealth move or a stealth assault move;
 * 6.4.2: they fire at arg1, then move half their MF stealthily. */
enum { LNLT_ACT_STEALTH = 63, LNLT_ACT_STEALTH_ASSAULT = 64, LNLT_ACT_STEALTH_ASSAULT_FIRE = 65 };

/* 12.0 Decisive: the leader in arg0 activates his stack a second time this phase;
 * The Ambush: the leader or hero in arg0 rolls for reinforcements placed with him. */
enum { LNLT_ACT_DECISIVE = 66, LNLT_ACT_THE_AMBUSH = 67 };

/* 6.7: the units in arg0 start a hit and run move; the moving stack attacks hex arg0. */
enum { LNLT_ACT_HIT_AND_RUN = 68, LNLT_ACT_HR_FIRE = 69 };
/* 18.1: the mortar team `units` (with the caller, a leader, scout or advisor, also
 * in `units`) in arg0 fires indirectly at arg1; a Fire For Effect marker follows. */
enum { LNLT_ACT_MORTAR_CALL = 80 };

/* Vehicles and ordnance (14.0-17.0, 18.2, 21.x), numbered from 90. arg0 is the
 * acting hex, arg1 the target hex, arg2 a target vehicle's unit index (-1: the
 * non-vehicle units there), arg3 the weapon; `units` holds the acting unit(s). */
enum {
    LNLT_ACT_BUTTON = 90,     /* 15.0.1: the vehicle `units` in arg0 buttons up */
    LNLT_ACT_UNBUTTON = 91,   /* 15.0.1: ... opens its hatches */
    LNLT_ACT_SHOOT = 92,      /* 14.1: `units` fires ordnance from arg0 at arg1 (arg2 vehicle or -1;
                                 arg3: gun 0-1, or LNLT_WEAPON_SW + weapon index) */
    LNLT_ACT_OPSHOOT = 93,    /* 5.3, 14.1: the same as opportunity fire at the mover's hex arg1 */
    LNLT_ACT_VMG = 94,        /* 15.0: the vehicle `units` fires its MG arg3 from arg0 at arg1 (arg2 vehicle or -1) */
    LNLT_ACT_OPVMG = 95,      /* 5.3, 15.0: the same as opportunity fire */
    LNLT_ACT_FIRE_AT = 96,    /* 17.2, 17.3: the units of arg0 fire small arms at vehicle arg2 in arg1 */
    LNLT_ACT_OPFIRE_AT = 97,  /* 5.3, 17.2: the same at a moving vehicle */
    LNLT_ACT_DRIVE = 98,      /* 15.1: the vehicle `units` in arg0 starts moving */
    LNLT_ACT_DRIVE_ASSAULT = 99, /* 15.2: ... with an assault move (half MF, may fire afterwards) */
    LNLT_ACT_PIVOT = 100,     /* 15.1, 1.7.1: the moving vehicle (or gun) turns to face the corner between arg0 and arg1 */
    LNLT_ACT_OVERRUN = 101,   /* 15.3: the moving vehicle overruns the enemy in adjacent hex arg0 */
    LNLT_ACT_CLOSE_ASSAULT = 102, /* 17.1: the units of arg0 (or the moving stack) close-assault vehicle arg2 in arg1 */
    LNLT_ACT_LOAD = 103,      /* 16.4: the units `units` in arg0 board vehicle arg2 (arg3 1: riding outside) */
    LNLT_ACT_UNLOAD = 104,    /* 16.4: the passengers `units` of vehicle arg2 get off in arg0 (arg3 1: by assault move) */
    LNLT_ACT_HULL_DOWN = 105, /* 15.10 (optional): the moving vehicle tries to go hull down */
    LNLT_ACT_CONTINUOUS = 106,/* 15.5: in the admin phase, vehicle `units` keeps moving next turn */
    LNLT_ACT_END_CONTINUOUS = 107, /* 15.5: this side declares no more continuous movers */
    LNLT_ACT_ABORT_FIRE = 108,/* 18.2: the caller aborts the fire mission (it is not used up) */
    LNLT_ACT_DISEMBARK = 109, /* 16.2, 17.2: the unshaken outside passengers `units` get off with the shaken */
    LNLT_ACT_STAY = 110,      /* 16.2, 17.2: ... or stay on */
    LNLT_ACT_VEHICLE_AF = 111 /* 15.2.1: the vehicle `units` in arg0 declares assault fire: it fires, then moves half */
};
/* 15.5: the admin-phase decision whether vehicles keep moving; 16.2: whether
 * unshaken outside passengers get off with the shaken ones. */
enum { LNLT_DECIDE_CONTINUOUS = 26, LNLT_DECIDE_DISEMBARK = 27 };
/* 15.3: after an overrun, the overrun side decides which of its surviving units
 * close-assault the vehicle (LNLT_ACT_CLOSE_ASSAULT) or none (LNLT_ACT_STAY). */
enum { LNLT_DECIDE_COUNTER_ASSAULT = 28 };
/* arg3 of LNLT_ACT_SHOOT: a support weapon's index is added to this. */
#define LNLT_WEAPON_SW 16

/* 6.6: the mounted units of the moving stack dismount where they are (70-79 are the
 * mounted-unit actions). */
enum { LNLT_ACT_DISMOUNT = 70 };
/* 6.8: instead of opportunity fire, the units in arg0 (red MF, with riders) make a
 * normal move or a hit and run move; the interrupted move goes on afterwards. */
enum { LNLT_ACT_OPP_MOVE = 71, LNLT_ACT_OPP_HIT_AND_RUN = 72 };
/* 10.5.6.3 (optional Fire rule): the MMCs and heroes `units` of location arg0
 * try to put its Fire 1 out. */
enum { LNLT_ACT_PUT_OUT = 73 };

/* Support-weapon actions (1.6, 1.6.1, 3.0): arg0 is the hex, arg1 the weapon's index
 * in lnlt_state.sw (written "w3"), `units` the unit that takes it, where one does.
 * Numbered from 40 to stay clear of the other rule areas' actions. */
enum {
    LNLT_ACT_SW_PICKUP = 40,  /* the unit `units` picks weapon arg1 up (rally phase, or moving for 2 MP) */
    LNLT_ACT_SW_DROP = 41,    /* rally phase: drop it; moving: abandon it in the hex the stack leaves */
    LNLT_ACT_SW_DESTROY = 42, /* 3.0: its holder destroys it */
    LNLT_ACT_SW_GIVE = 43,    /* 1.6, 3.0: its holder hands it to the unit `units` (a swap) */
    LNLT_ACT_SW_FLIP = 44,    /* 1.6.1: assemble or dismantle a tripod MG or mortar */
    LNLT_ACT_SW_RETREAT = 45, /* 1.6.3, 1.6.7: the unit `units` retreats into hex arg0 */
    LNLT_ACT_SW_INDIRECT = 46 /* 1.6.5: the mortars in arg0 fire at arg1, directed by the unit `units` */
};

/* 22.0, 6.0: the owner gathers the off-map units that enter together through one
 * hex: `enter H1 #3` starts with one unit, `join #4` adds another that stacking
 * allows, and a move command on the entry hex (`move H1 #3 #4`, `dt`, `assault`,
 * `crawl`, `stealth`, `stealth-assault`, `hit-and-run`) sends them in that mode. */
enum { LNLT_DECIDE_ENTRY_GROUP = 23 };
enum { LNLT_ACT_JOIN = 82 };

/* 4.0 (ruling R-CORE-94): a hex of more than four units that may act together
 * offers the whole group and each unit alone; any other group is gathered one unit
 * at a time: `gather H6 #3` starts it, `join #4` adds a unit of the hex, and a
 * fire or move command of the hex with exactly those units (`fire H6 H9 #3 #4`,
 * `move H6 #3 #4`, ...) acts with them; `cancel` drops the group. */
enum { LNLT_DECIDE_GATHER = 30 };
/* 5.3, 6.8 (ruling R-CORE-140): the same for opportunity fire and opportunity
 * moves: in the opportunity-fire decision `gather H6 #3` starts a group of a large
 * stack, `join #4` adds a unit, `opfire H6 #3 #4` or `opp-move H6 #3 #4` acts with
 * them, `cancel` returns to the opportunity-fire decision. */
enum { LNLT_DECIDE_OPP_GATHER = 32 };

/* 14.4: an ATGM shot has been announced: the enemy may fire at the ATGM unit
 * first (`opfire FROM`, `opmg ...`, `opfire-at ...`) or let it fly (`no-fire`).
 * A damage check on the firer makes the missile miss (LNLT_ATGM_CHECKED). */
enum { LNLT_DECIDE_ATGM = 31 };
enum { LNLT_ATGM_CHECKED = 1u };
enum { LNLT_ACT_GATHER = 120, LNLT_ACT_CANCEL = 121 };

/* 1.6.3, 1.6.7: the owner of units shaken by a flamethrower or molotov picks the hex
 * each retreats into (lnlt_state.retreat). */
enum { LNLT_DECIDE_RETREAT = 21 };
/* 1.6: the owner of a unit reduced below the weapons it carries picks the one to
 * drop (`drop H5 w2`). */
enum { LNLT_DECIDE_SW_DROP = 22 };

#define LNLT_ACTION_ARGS 4
#define LNLT_MAX_UNITS 96
#define LNLT_UNIT_BITS (LNLT_MAX_UNITS / 8)

/* An action. `units` picks which units act (a bitset of unit indices); empty means
 * every eligible unit in the hex. 24 bytes, no padding. */
typedef struct lnlt_action {
    uint8_t type; /* lnlt_action_type */
    uint8_t side;
    uint8_t nargs;
    uint8_t reserved;
    int16_t arg[LNLT_ACTION_ARGS];
    uint8_t units[LNLT_UNIT_BITS];
} lnlt_action;

#endif
