/*
 * lnlt/ordnance.h: the pure rule calculations of ordnance, vehicles, passengers
 * and the attacks on vehicles (rules 14.0-17.4, with 15.10, 18.2 drift and 21.4.1),
 * in the style of lnlt/combat.h: plain inputs (printed values, flags for the
 * markers and terrain that matter, die faces already rolled), a number or an
 * outcome with its labelled modifiers, no state, no I/O, no allocation.
 *
 * Source files under src/rules/calc/:
 *   ordnance_calc.c  14.1 range columns, the OFT modifiers, hit and turret by the
 *                    natural roll, penetration (dud, catastrophic), the 14.1.1
 *                    morale checks, HE against non-vehicles (14.2.1 HEAT), 14.4.1
 *                    ATGM depletion, 15.6 size and speed
 *   vehicle_calc.c   15.1 facing a vertex: covered arcs, hit angle, pivots and
 *                    reverse costs; 15.0 MG reach; 15.3 overrun; 16.1-16.2
 *                    capacity; 17.1 close assault; 17.2 small arms; 21.4.1 mines;
 *                    15.1.2 rubbling; 15.10 hull down; 15.4/16.1.1 crews and
 *                    bailouts; 18.2 drift
 *
 * Rulings cited are in docs/rulings.md (R-VEH-nn).
 */
#ifndef LNLT_ORDNANCE_H
#define LNLT_ORDNANCE_H

#include <stdbool.h>

#include "lnlt/data.h"
#include "lnlt/hex.h"
#include "lnlt/modifier.h"

/* ===================================================================== */
/* Ordnance fire (14.1-14.4)                                             */
/* ===================================================================== */

/* 14.1: the column of a to-hit table for a target at `range` hexes: the leftmost
 * whose range is at least it. -1 when the target is beyond the last column or the
 * column is printed '*' (the weapon cannot fire there). */
int lnlt_oft_column(const lnlt_to_hit table[3], int range);

/* The OFT's die-roll modifications (14.1; PAC 04, digest T4), added to the 2d6
 * to-hit roll (lower is better). Firing side first, target side after. */
typedef struct lnlt_oft_context {
    int leader_lm;            /* Leader or Armor Leader lending his LM (11.1.3, 11.5): -LM */
    bool buttoned;            /* firing vehicle buttoned (15.0.1): +1 */
    bool turret_rotated;      /* the turret turned to bring the gun to bear (15.1.1): +1 */
    bool pivoted;             /* a WT or vehicle pivoted its chassis in its hex to fire (1.7.1, 15.1): +1 */
    bool leg_assault;         /* MMC/SMC firing after AM/Stealth AM or using AF (6.1, 6.1.1; scouts exempt): +1 */
    bool smc_sw;              /* an SMC fires the SW alone (1.6): +1 */
    int degrading_hexes;      /* degrading hexes crossed by the LOS, at most 2 (10.3): +1 each */
    bool out_of_smoke;        /* firing out of a Smoke hex, no TIS (7.0): +1 */
    bool vehicle_assault;     /* vehicle-mounted gun after AM or with AF (15.2, 15.2.1): +2 */
    bool ops_complete;        /* vehicle or eligible MMC under Ops Complete (4.1): +2 */
    bool mvam;                /* a modern vehicle's main gun (15.2.2): those two are +1 instead */
    bool building_alley;      /* LOS between two separate adjacent buildings (10.3.2): +2 */
    bool night;               /* 20.1: at a Fired target beyond 2 hexes: +3 */
    bool railroad;            /* the LOS crosses railroad tracks (10.5.7): +1 */
    /* target */
    bool target_moving;       /* moving, or marked Moved, Assault Move or Hit & Run: +1 */
    bool target_speed;        /* optional 15.6 speed: +2 in place of the +1 */
    bool adjacent;            /* target adjacent to the firer: -2 */
    int target_tm;            /* TM of the target's hex, already capped (5.5): +TM */
    bool mu_still;            /* a mounted unit neither moving nor marked (6.6): -1 */
    int size_drm;             /* optional 15.6 size modifier */
    int acquisition;          /* 14.3: 1 or 2 for the -1 or -2 marker */
    bool backblast;           /* target in a building holding an OFT SW, marked Fired (1.6.4): -1 */
} lnlt_oft_context;

/* The modifiers of one shot, each with its source and rule. */
void lnlt_oft_modifiers(const lnlt_oft_context *c, lnlt_modifiers *out);

typedef struct lnlt_oft_roll {
    int natural;      /* d1 + d2 */
    int modified;     /* natural + modifiers */
    bool hit;         /* natural 2 always hits, 12 always misses (14.1); else modified <= to-hit */
    bool turret;      /* 14.1.3: a hit whose natural roll is even and above 2 strikes the turret
                         (ruling R-VEH-03: the natural roll, as 15.10 and 21.7 say) */
} lnlt_oft_roll;

lnlt_oft_roll lnlt_oft_to_hit(int d1, int d2, int to_hit, const lnlt_modifiers *mods);

/* 14.4.1: the coloured die of an ATGM's to-hit roll below the depletion number
 * expends the ATGM (after the shot). */
bool lnlt_atgm_depleted(int colored_die, int depletion);

/* The outcome of a hit on a vehicle (14.1, 14.1.1). */
typedef enum lnlt_pen_result {
    LNLT_PEN_DUD = 0,         /* natural 1 against natural 6: no effect */
    LNLT_PEN_CATASTROPHIC,    /* natural 6 against natural 1: destroyed */
    LNLT_PEN_DESTROYED,       /* MPV above MAV */
    LNLT_PEN_EQUAL,           /* MPV equals MAV: MC, fail abandoned, pass shaken */
    LNLT_PEN_LESS             /* MPV below MAV: MC at -(MAV - MPV), fail shaken */
} lnlt_pen_result;

const char *lnlt_pen_result_name(lnlt_pen_result r);

typedef struct lnlt_penetration {
    int pv;                   /* PV used: the column's, -4 for HEAT against red armour (14.2.2) */
    int mpv, mav;             /* 1d6 + PV, 1d6 + armour at the point of impact */
    lnlt_pen_result result;
} lnlt_penetration;

/* heat_vs_red: HEAT ammunition against a red armour factor (14.2.2). */
lnlt_penetration lnlt_penetrate(int attack_die, int pv, int defence_die, int armor, bool heat_vs_red);

/* 14.1.1: the vehicle's morale check after a non-penetrating hit. */
typedef enum lnlt_nonpen_effect { LNLT_NONPEN_NONE = 0, LNLT_NONPEN_SHAKEN, LNLT_NONPEN_ABANDONED } lnlt_nonpen_effect;

typedef struct lnlt_nonpen_check {
    int roll;                 /* 2d6 - (MAV - MPV) when the MPV was less */
    bool pass;
    lnlt_nonpen_effect effect;/* before "shaken again is abandoned", which the engine applies */
    lnlt_modifiers mods;
} lnlt_nonpen_check;

/* morale: the vehicle's (an armor leader's if he commands it, 11.5). No -2 for
 * terrain (ruling R-VEH-05). */
lnlt_nonpen_check lnlt_nonpen_mc(int d1, int d2, int morale, const lnlt_penetration *p);

/* 14.1 and 14.2.1: after a hit on non-vehicle targets, 1d6 + HE equivalent (HEAT
 * -1 unless every target is in a building, hut, bunker or cave) against a plain
 * 1d6; the DC modifier, 0 for no effect. */
typedef struct lnlt_he_attack {
    int he;                   /* HE used */
    int attack, defence;
    int dc;
} lnlt_he_attack;

lnlt_he_attack lnlt_he_vs_infantry(int attack_die, int he, bool heat, bool target_covered, int defence_die);

/* 15.6 (optional, T13): the +2 speed modifier against a moving vehicle. */
bool lnlt_speed_drm_applies(lnlt_move_class mc, int mf, bool moving, int road_mp_spent);

/* ===================================================================== */
/* Vehicles: facing, arcs, movement (15.0-15.1.2, 15.10, 1.7.1)          */
/* ===================================================================== */

/* A vehicle or gun faces one of the six corners of its hex, 0..5 clockwise from
 * the north-east corner (lnlt_vertex_of). */
#define LNLT_CORNERS 6

/* The corner of h shared with its neighbours a and b ("D5 facing D6/E5"), or -1. */
int lnlt_corner_between(lnlt_hex h, lnlt_hex a, lnlt_hex b);
/* The two directions (1..6, lnlt_dir) of the hexes beside corner k: the hexes a
 * vehicle facing k moves into. */
void lnlt_corner_dirs(int corner, int *d1, int *d2);

/* 14.1, 15.1.1, 1.7.1: is `target` inside the covered arc of a weapon at `from`
 * facing corner k? The arc is the wedge between the lines through the centres of
 * the two hexes beside k (ruling R-VEH-01); the lines belong to it. */
bool lnlt_in_covered_arc(lnlt_hex from, int corner, lnlt_hex target);
/* 15.0 'R' guns: the turret's rear arc (the covered arc of the opposite corner). */
bool lnlt_in_rear_arc(lnlt_hex from, int corner, lnlt_hex target);
/* 21.1: a bunker's front is three hexes wide: the hexes in directions dir-1..dir+1
 * and the wedge between their outer lines. */
bool lnlt_in_bunker_arc(lnlt_hex bunker, int front_dir, lnlt_hex target);
/* The corner whose covered arc holds `target` that is fewest corners from `from_corner`
 * (the turret's shortest turn; ties clockwise). */
int lnlt_corner_toward(lnlt_hex from, int from_corner, lnlt_hex target);
/* Corners between two facings (0..3). */
int lnlt_corner_turns(int a, int b);

/* 14.1.3: which face of a vehicle facing `corner` a shot from `firer` strikes.
 * Front and rear are the 120-degree sectors about the facing corner and its
 * opposite, the flanks the 60-degree sectors between (ruling R-VEH-02). A shot
 * exactly along a boundary may strike either face: the result is a bit set of
 * LNLT_FACE_* (bit 1 << face); the caller takes the one best for the firer. */
unsigned lnlt_impact_faces(lnlt_hex vehicle, int corner, lnlt_hex firer);
/* Of the faces in `faces`, the one with the least armour (a '*' face first). */
int lnlt_weakest_face(const int8_t armor[3], unsigned faces);

/* 15.1: half MP to move into a neighbour: a front hex at the terrain's cost, a rear
 * hex at twice it (reverse), a side hex never (-1). cost2 is the TEC cost in half MP. */
int lnlt_vehicle_step_cost2(int corner, int dir, int cost2, bool *reverse);
/* 15.1: MP to pivot in the hex, one per corner turned; 1.7.1: a weapon team pays
 * one MP per two corners (rounded up). In half MP. */
int lnlt_pivot_cost2(int from_corner, int to_corner, bool weapon_team);

/* 15.0: a vehicle's movement allowance in half MP: its MF, halved rounded down
 * when shaken (the only fraction rounded down), halved rounded up for an assault
 * move or assault fire (15.2, 15.2.1). */
int lnlt_vehicle_mp2(int mf, bool shaken, bool assault);

/* 15.1.2: rubbling an LC building (2d6 above the front hull AF, or a 12, abandons
 * it) or a bamboo hut (2d6 - 2). Returns true when the vehicle is abandoned. */
bool lnlt_rubble_abandons(int d1, int d2, int front_hull_af, bool hut);
/* Who may rubble: T or O class, front hull AF above 3 (huts: above 1), unoccupied. */
bool lnlt_may_rubble(lnlt_move_class mc, int front_hull_af, bool hut);

/* 15.10 (optional): a hull-down attempt succeeds on 1d6 + modifiers at most 2
 * (WWII) or 3 (modern); -LM of an armor leader, +1 in a hex that is neither
 * degrading, blocking nor a hill. */
typedef struct lnlt_hull_down {
    int roll, need;
    bool success;
    lnlt_modifiers mods;
} lnlt_hull_down;
lnlt_hull_down lnlt_hull_down_attempt(int die, bool modern, int armor_leader_lm, bool open_hex);

/* 15.0: the MG's reach; vehicles' MGs fire each alone (no combining). */
int lnlt_vehicle_mg_range(int fp);

/* ===================================================================== */
/* Overrun, close assault, small arms, mines (15.3, 17.1-17.4, 21.4.1)   */
/* ===================================================================== */

/* 15.3: the overrun's FP: HE x shots, the MGs (all-round ones only when open),
 * the armor leader's LM, +2. */
typedef struct lnlt_overrun_input {
    int he;                   /* LNLT_NONE for none */
    int shots;                /* "N x" */
    int mg_fp;                /* sum of the usable MGs */
    int armor_leader_lm;
} lnlt_overrun_input;
int lnlt_overrun_fp(const lnlt_overrun_input *in, lnlt_modifiers *mods);

/* 17.1: one close-assaulting unit: 1d6 + IFP + LM + one AT weapon's HE (or FP)
 * against 1d6 + the vehicle's lowest armour factor; greater destroys it. */
typedef struct lnlt_close_assault {
    int attack, defence;
    bool destroyed;
    lnlt_modifiers mods;
} lnlt_close_assault;
lnlt_close_assault lnlt_close_assault_roll(int attack_die, int ifp, int lm, int at_sw, int defence_die, int lowest_af);

/* 17.2, 17.3: the lowest armour factor a small-arms attack meets: the vehicle's
 * lowest printed factor (0 where a face prints '*' is never used: such fire is
 * 17.3 against an unarmored facing), at most 1 against outside passengers. */
int lnlt_lowest_armor(const lnlt_vehicle_type *v);
int lnlt_lowest_hull_armor(const lnlt_vehicle_type *v);

/* 21.4.1: mines against a vehicle: 1d6 + FP against 1d6 + half the lowest hull AF
 * rounded up; a win rolls on the Mines vs Vehicles table. */
typedef enum lnlt_mine_effect {
    LNLT_MINE_NONE = 0,
    LNLT_MINE_SHAKEN,
    LNLT_MINE_IMMOBILIZED,    /* shaken and immobilized */
    LNLT_MINE_DESTROYED       /* with its crew */
} lnlt_mine_effect;
int lnlt_mine_defence(int defence_die, int lowest_hull_af);
lnlt_mine_effect lnlt_mines_vs_vehicle(int table_die);

/* 15.4, 16.1.1: a crew survives a kill by ordnance on a 1 (in good order); a
 * passenger or weapon bails out on an even die (shaken). */
bool lnlt_crew_survives_ordnance(int die);
bool lnlt_bailout_survives(int die);

/* 16.1, 16.2: does a load of passengers (half-squads, weapons, SMCs) fit a
 * capacity of `p` units of P (P 1, PP 2, 2PP 4)? */
bool lnlt_passengers_fit(int p, int halves, int sws, int smcs);

/* 16.4: MP to mount or dismount: half the MF, rounded up, of vehicle and unit each. */
int lnlt_mount_cost(int mf);

/* 18.2: how far a spotting round drifts: (white die + degrading hexes in the
 * caller's LOS - LM) / 2, rounded up, never below 0 (ruling R-VEH-30). */
int lnlt_oba_drift(int white_die, int degrading, int lm);

#endif
