/*
 * rules/internal_vehicles.h: what the rule modules share about vehicles, guns and
 * ordnance: vehicles in the state (15.0, 15.4, 16.0, 1.7.1), their fate (14.1.1,
 * 15.4, 16.x, 17.2-17.4), ordnance and ATGMs (14.1-14.4), vehicle movement (15.1,
 * 15.2, 15.5, 15.10, 6.5), close assault (17.1), passengers (16.1-16.4) and
 * vehicle fire (15.0, 17.2-17.4). Included by rules/internal.h, after the caves
 * and fortifications they use; not part of the public API.
 */
#ifndef LNLT_RULES_INTERNAL_VEHICLES_H
#define LNLT_RULES_INTERNAL_VEHICLES_H

#include "rules/internal.h"

/* ---- vehicles.c (15.0, 15.4, 16.0, 1.7.1: vehicles and gun teams in the state) ---- */
/* 21.1: the bunker of a hex, or NULL (locations.c). */
const lnlt_bunker *rules_bunker_at(const lnlt_ctx *ctx, int cell);
const lnlt_vehicle_type *rules_vtype(const lnlt_ctx *ctx, const lnlt_unit *u);
bool rules_is_vehicle(const lnlt_ctx *ctx, const lnlt_unit *u);
/* 1.7.1: a weapon team firing ordnance (it faces a vertex); 1.3: an ATGM team is a half-squad. */
bool rules_is_gun_team(const lnlt_ctx *ctx, const lnlt_unit *u);
bool rules_atgm_team(const lnlt_ctx *ctx, const lnlt_unit *u);
/* The slot of a vehicle or gun team in lnlt_state.vehicle, or -1; its slot. */
int rules_vslot(const lnlt_state *st, int unit);
lnlt_vehicle *rules_veh(lnlt_state *st, int unit);
const lnlt_vehicle *rules_veh_c(const lnlt_state *st, int unit);
/* Gives a new vehicle or gun team its slot; false when no slot is left. */
bool rules_vehicle_attach(const lnlt_ctx *ctx, lnlt_state *st, int unit);
bool rules_vehicle_abandoned(const lnlt_state *st, int unit);
/* A vehicle on the map and not abandoned (14.1.1: abandoned ones serve no one). */
bool rules_vehicle_live(const lnlt_ctx *ctx, const lnlt_state *st, int unit);
bool rules_side_has_live_vehicle(const lnlt_ctx *ctx, const lnlt_state *st, int side);
bool rules_vehicle_armored(const lnlt_ctx *ctx, const lnlt_unit *u);
/* 15.0.1: buttoned (shaken vehicles always are; open tops and unarmoured never). */
bool rules_vehicle_buttoned(const lnlt_ctx *ctx, const lnlt_state *st, int unit);
/* Live vehicles of `side` (0: either) in a location; non-vehicle units there. */
int rules_vehicles_in(const lnlt_ctx *ctx, const lnlt_state *st, int loc, int side, int *out, int cap);
bool rules_enemy_vehicle_in(const lnlt_ctx *ctx, const lnlt_state *st, int loc, int side);
int rules_leg_units_in(const lnlt_ctx *ctx, const lnlt_state *st, int loc, int side, int *out, int cap);
bool rules_enemy_leg_in(const lnlt_ctx *ctx, const lnlt_state *st, int loc, int side);
/* 16.0, 11.5: who rides a vehicle: RIDER_* bits select inside and outside
 * passengers and the armor leader in command. */
enum { RIDER_INSIDE = 1u, RIDER_OUTSIDE = 2u, RIDER_COMMANDER = 4u, RIDER_PASSENGERS = 3u, RIDER_ALL = 7u };
int rules_riders(const lnlt_state *st, int vehicle, unsigned which, int *out, int cap);
/* The vehicle a unit rides, or -1; where a unit is (its vehicle's place when aboard). */
int rules_carrier_of(const lnlt_state *st, int unit);
int rules_place_of(const lnlt_state *st, int unit);
int rules_armor_leader_of(const lnlt_ctx *ctx, const lnlt_state *st, int vehicle);
/* 11.5: the vehicle's morale (its good-order armor leader's), and his LM for its attacks. */
int rules_vehicle_morale(const lnlt_ctx *ctx, const lnlt_state *st, int vehicle);
int rules_armor_leader_lm(const lnlt_ctx *ctx, const lnlt_state *st, int vehicle);
/* 16.1, 16.2: would the vehicle carry its riders of that side plus `adding`? */
bool rules_capacity_ok(const lnlt_ctx *ctx, const lnlt_state *st, int vehicle, bool outside, const uint8_t *adding,
                       const char **why);
/* Why a unit may not ride a vehicle (16.1), or NULL. */
const char *rules_may_ride(const lnlt_ctx *ctx, const lnlt_state *st, int unit);
void rules_board(lnlt_state *st, int unit, int vehicle, unsigned how);
void rules_disembark_unit(lnlt_state *st, int unit, int loc);
bool rules_wreck_at(const lnlt_state *st, int cell);
void rules_place_wreck(lnlt_step *s, int cell, const char *rule);
/* Adds wrecks and vehicles to a dynamic-obstacle array (as rules_ffe_layer). */
bool rules_vehicle_layer(const lnlt_ctx *ctx, const lnlt_state *st, uint8_t *cells, bool have);
/* TEC, 10.1: the +2 a Wreck (or, for Leg units, a vehicle) gives in a location. */
int rules_vehicle_hex_tm(const lnlt_ctx *ctx, const lnlt_state *st, int loc, bool for_vehicle);
/* 1.3: vehicles of `side` in a location, a Wreck counting one, with `adding` joining. */
int rules_vehicle_stack(const lnlt_ctx *ctx, const lnlt_state *st, int loc, int side, const uint8_t *adding);

/* ---- vehicle_fate.c (14.1.1, 15.4, 16.1.1, 16.2, 16.3, 17.2-17.4, 21.4.1) ---- */
enum { FATE_ORDNANCE = 0, FATE_DCT = 1, FATE_CLOSE_ASSAULT = 2, FATE_MINES = 3 };
bool rules_vehicle_shake(lnlt_step *s, int vehicle, const char *rule);
bool rules_vehicle_abandon(lnlt_step *s, int vehicle, const char *rule);
bool rules_vehicle_destroy(lnlt_step *s, int vehicle, int cause, const char *rule);
/* A DC on the Armored or Unarmored column (17.2, 17.3); *result tells what it did. */
bool rules_vehicle_dc(lnlt_step *s, int vehicle, int dc, const char *rule, lnlt_dct_result *result);
bool rules_mines_vs_vehicle(lnlt_step *s, int vehicle, int fp);
/* The riders `which` get off into the vehicle's hex under Moved markers, with a
 * morale check each when `mc` (16.2, 16.3). */
bool rules_riders_off(lnlt_step *s, int vehicle, unsigned which, bool mc, const char *rule);
/* A passenger's morale check; failing shakes it. lm: a riding leader's. */
bool rules_passenger_mc(lnlt_step *s, int unit, int lm, const char *rule);
/* The vehicle leaves the moving stack (and loses a hull-down position). */
void rules_vehicle_stops(lnlt_state *st, int vehicle);

/* ---- ordnance.c (14.1-14.4) ---- */
/* 14.3: the Acquiring markers of a unit, and those on it, go; those it fires, or
 * those on it. */
void rules_acq_forget(lnlt_state *st, int unit);
void rules_acq_forget_firer(lnlt_state *st, int unit);
void rules_acq_forget_target(lnlt_state *st, int unit);
enum { ACQ_FRESH = 1u, ACQ_FIRED = 2u }; /* lnlt_acquisition.fresh */
void rules_acq_impulse_end(const lnlt_ctx *ctx, lnlt_state *st);
void rules_acq_admin(lnlt_step *s);
/* The code of a target for an acquisition: the vehicle, or LNLT_ACQ_LOC - location
 * for the non-vehicle units there; the level in force (0 none); after a shot. */
int rules_acq_code(const lnlt_state *st, int target_vehicle, int loc);
int rules_acq_level(const lnlt_ctx *ctx, const lnlt_state *st, int firer, int code);
void rules_acq_after_shot(lnlt_state *st, int firer, int code, bool destroyed);
/* Which shots: in an activation, as opportunity fire, or during a modern vehicle's move. */
enum { ORD_ACTIVATION = 0, ORD_OPFIRE = 1, ORD_MOVING = 2 };
bool rules_ord_can_shoot(const lnlt_ctx *ctx, const lnlt_state *st, int unit, int code, int to, int tv, bool opfire,
                         bool moving, const char **why);
bool rules_ord_shoot(lnlt_step *s, int unit, int code, int to, int tv, bool opfire, bool moving);
/* The unit of a weapon team, vehicle or holder, ready to fire ordnance now (ordnance.c). */
bool rules_ord_firer_ready(const lnlt_ctx *ctx, const lnlt_state *st, int unit, bool opfire, bool moving);
int rules_ord_actions(const lnlt_ctx *ctx, const lnlt_state *st, int side, int mode, lnlt_action *out, int cap);
/* A legal-list entry: type, side, nargs and its first two arguments, all else zero (legal_actions.c). */
void rules_action_init(lnlt_action *a, int type, int side, int nargs, int a0, int a1);
/* One four-argument action into out[n] if there is room; returns n + 1 (legal_actions.c). */
int rules_action_put4(lnlt_action *out, int n, int cap, int type, int side, int unit, int from, int to, int tv, int arg3);
/* 14.1.3, 14.2.2, 15.10: where a hit of `unit`'s weapon `code` on vehicle `tv`
 * strikes when the to-hit roll calls for the turret (turret_roll) or the hull:
 * the part (a vehicle without a turret is hit on the hull), the face the shot
 * meets, its armour and the PV that goes against it. */
typedef struct rules_ord_impact {
    bool turret;      /* the part struck */
    int face;         /* 0 front, 1 flank, 2 rear */
    int af;           /* LNLT_NONE: no armour there (14.1.2) */
    int pv;           /* the range column's PV */
    bool heat_red;    /* HEAT or ATGM against red armour: PV - 4 (14.2.2) */
    bool hull_down;   /* a hull hit through a hull-down vehicle's front arc: ignored (15.10) */
    char where[32];   /* "front turret" */
} rules_ord_impact;
bool rules_ord_impact_of(const lnlt_ctx *ctx, const lnlt_state *st, int unit, int code, int tv, bool turret_roll,
                         rules_ord_impact *out);
/* 14.4: the announced ATGM shot, once the reaction fire is over; `lost`: its
 * firer took a damage check, the missile misses. */
bool rules_ord_resolve_atgm(lnlt_step *s, int unit, int code, int to, int tv, bool lost);

/* ---- atgm.c (14.4: two-step ATGM fire) ---- */
/* Announces an ATGM shot: the enemy's reaction window opens (or, when nobody can
 * react, the missile flies at once). */
bool rules_atgm_announce(lnlt_step *s, int unit, int code, int to, int tv);
/* The location of the unit that announced an ATGM shot, while the enemy may fire
 * at it (decision LNLT_DECIDE_ATGM), else -1. */
int rules_atgm_target(const lnlt_state *st);
/* Where opportunity fire goes now: the moving stack's location, or the ATGM
 * firer's during its window; -1 when neither. */
int rules_opfire_loc(const lnlt_state *st);
/* The locations of the reacting side whose fire groups may fire at the ATGM
 * firer (their units in out_units[k] bits); and its vehicles' reactions. */
int rules_atgm_fire_hexes(const lnlt_ctx *ctx, const lnlt_state *st, int *cells, int cap);
int rules_atgm_vehicle_reactions(const lnlt_ctx *ctx, const lnlt_state *st, lnlt_action *out, int cap);
/* A reaction attack (opfire, opmg, opfire-at) in the window, and letting it fly. */
bool rules_atgm_react(lnlt_step *s, const lnlt_action *a);
bool rules_atgm_let_fly(lnlt_step *s);
/* A damage check (5.1, 17.2) on `unit`: the announced missile will miss. */
void rules_atgm_note_check(lnlt_state *st, int unit);

/* The TM a vehicle gets in a location (terrain, Smoke, a Wreck; at most 4). */
int rules_vehicle_tm(const lnlt_ctx *ctx, const lnlt_state *st, int loc, lnlt_modifiers *mods);
/* 1.6.4: the unit is in a building or hut, marked Fired, and holds an ordnance SW
 * that may not fire from a bunker (the backblast weapons): +1 DFT, -1 OFT at it. */
bool rules_backblast_target(const lnlt_ctx *ctx, const lnlt_state *st, int unit);
static inline bool rules_option(const lnlt_ctx *ctx, unsigned opt) { return (ctx->options & opt) != 0; }

/* ---- vehicle_move.c (15.1, 15.1.1, 15.1.2, 15.2, 15.2.1, 15.2.2, 15.5, 15.10, 6.5) ---- */
/* Is the move under way a vehicle's (or a gun team's pivot)? */
static inline bool rules_vehicle_move(const lnlt_state *st)
{
    return st->move.active && st->move.mode >= LNLT_MV_VEHICLE && st->move.mode <= LNLT_MV_PIVOT;
}
/* 15.2.2: a modern armoured vehicle with a gun moves and fires in any order. */
bool rules_vehicle_mvam(const lnlt_ctx *ctx, const lnlt_state *st, int unit);
int rules_move_vehicle(const lnlt_ctx *ctx, const lnlt_state *st);
/* A vehicle's (or gun team's) allowance in half MP for a move mode (15.0, 15.2). */
int rules_vehicle_allowance2(const lnlt_ctx *ctx, const lnlt_state *st, int unit, int mode);
/* pick: leg units of its hex moving with it (6.5), or NULL. */
bool rules_can_drive(const lnlt_ctx *ctx, const lnlt_state *st, int vehicle, int mode, const uint8_t *pick);
bool rules_start_drive(lnlt_step *s, int vehicle, int mode, const uint8_t *pick);
int rules_vehicle_step_cost(const lnlt_ctx *ctx, const lnlt_state *st, int to, const char **why);
int rules_vehicle_steps(const lnlt_ctx *ctx, const lnlt_state *st, int *out, int cap);
bool rules_vehicle_step(lnlt_step *s, int to);
bool rules_vehicle_continue(lnlt_step *s);
bool rules_vehicle_stop(lnlt_step *s);
int rules_pivot_cost2(const lnlt_ctx *ctx, const lnlt_state *st, int unit, int corner);
bool rules_can_pivot(const lnlt_ctx *ctx, const lnlt_state *st, int unit, int corner);
bool rules_pivot(lnlt_step *s, int unit, int corner);
bool rules_can_vehicle_af(const lnlt_ctx *ctx, const lnlt_state *st, int vehicle);
bool rules_vehicle_af(lnlt_step *s, int vehicle);
bool rules_can_hull_down(const lnlt_ctx *ctx, const lnlt_state *st);
bool rules_hull_down(lnlt_step *s);

void rules_vehicles_end_activation(lnlt_step *s);
void rules_vehicles_impulse_end(const lnlt_ctx *ctx, lnlt_state *st);
/* 9.0: kept_marks are the continuous movers' markers before the admin phase cleared them. */
void rules_vehicles_admin(lnlt_step *s, const uint8_t *kept_marks);

/* ---- vehicle_actions.c: the vehicle choices of each decision, and their dispatch ---- */
int rules_vehicle_actions(const lnlt_ctx *ctx, const lnlt_state *st, int kind, int side, lnlt_action *out, int cap);
bool rules_vehicle_action(lnlt_step *s, const lnlt_action *a);
/* 15.5: may the vehicle be declared a continuous mover; turn.c: declare one (or
 * end the side's declarations with unit -1). */
bool rules_continuous_eligible(const lnlt_ctx *ctx, const lnlt_state *st, int unit);
/* 15.5.1: a good-order mounted unit marked Moved or Hit & Run may keep moving. */
bool rules_mu_continuous_eligible(const lnlt_ctx *ctx, const lnlt_state *st, int unit);
/* 15.5.1: the moving stack holds a continuous MU that has not left its hex yet. */
bool rules_mu_must_move_on(const lnlt_ctx *ctx, const lnlt_state *st);
bool rules_continuous_action(lnlt_step *s, int unit);

/* ---- close_assault.c (17.1, 15.3, 21.1.3) ---- */
bool rules_can_close_assault(const lnlt_ctx *ctx, const lnlt_state *st, int from, int to, int vehicle,
                             const uint8_t *pick, const char **why);
bool rules_close_assault(lnlt_step *s, int from, int to, int vehicle, const uint8_t *pick);
bool rules_decline_counter_assault(lnlt_step *s);
bool rules_can_overrun(const lnlt_ctx *ctx, const lnlt_state *st, int to, const char **why);
bool rules_overrun(lnlt_step *s, int to);
/* 15.3: the enemy left in the hex a vehicle stays in goes. */
bool rules_overrun_retreats(lnlt_step *s, int cell);
/* support_weapons.c: these units retreat to an adjacent hex of their owner's
 * choice (15.3, 17.1), or are eliminated when they cannot. */
#define LNLT_RETREAT_ANY (-2)
bool rules_retreat_units(lnlt_step *s, const int *units, int n);

/* ---- passengers.c (16.1-16.4) ---- */
bool rules_can_load(const lnlt_ctx *ctx, const lnlt_state *st, int loc, int vehicle, bool outside, const uint8_t *pick,
                    const char **why);
bool rules_load(lnlt_step *s, int loc, int vehicle, bool outside, const uint8_t *pick);
/* `assault`: 16.4, they get off by assault move (Assault Move marker, they may
 * fire afterwards but leave the hex no more this turn). */
bool rules_can_unload(const lnlt_ctx *ctx, const lnlt_state *st, int loc, int vehicle, const uint8_t *pick,
                      bool assault, const char **why);
bool rules_unload(lnlt_step *s, int loc, int vehicle, const uint8_t *pick, bool assault);
/* 6.1: may the unit assault-move from hex (its counter, or a skill in the stack)?
 * Leaders always may (movement.c). */
bool rules_assault_capable(const lnlt_ctx *ctx, const lnlt_state *st, int unit, int hex);
int rules_disembark_choices(const lnlt_ctx *ctx, const lnlt_state *st, lnlt_action *out, int cap);
bool rules_disembark_choice(lnlt_step *s, const lnlt_action *a);

/* ---- vehicle_fire.c (15.0 MGs, 17.2-17.4) ---- */
enum { HIT_FIRE = 0, HIT_OPFIRE = 1, HIT_BARRAGE = 2, HIT_FIRE_MARKER = 3 /* 10.5.6.4: attack = the DC */ };
/* fire.c: the units of `from` fire small arms at a vehicle (17.2, 17.3). */
bool rules_fire_at_vehicle(lnlt_step *s, int from, int to, int vehicle, bool opfire, const uint8_t *pick);
bool rules_small_arms_reach(const lnlt_ctx *ctx, const lnlt_state *st, int vehicle, int from, const char **why);
bool rules_can_fire_at_vehicle(const lnlt_ctx *ctx, const lnlt_state *st, int from, int to, int vehicle, int side,
                               bool opfire, const char **why);
/* What an attack total against a 1d6 does to a vehicle and its riders (17.2-17.4). */
bool rules_vehicle_hit_by(lnlt_step *s, int vehicle, int from, int attack, int ddie, int mode, bool *any);
bool rules_small_arms_on_vehicle(lnlt_step *s, int vehicle, int from, int attack, int ddie, bool opfire, bool *any);
/* 16.2: was the opportunity window reopened by the attack just made (riders forced off)? Clears the mark. */
bool rules_take_reopened(lnlt_state *st);
bool rules_after_disembark(lnlt_step *s);
bool rules_vmg_can_fire(const lnlt_ctx *ctx, const lnlt_state *st, int unit, int index, int to, int tv, bool opfire,
                        bool moving, const char **why);
bool rules_vmg_fire(lnlt_step *s, int unit, int index, int to, int tv, bool opfire, bool moving);
int rules_vmg_actions(const lnlt_ctx *ctx, const lnlt_state *st, int side, int mode, lnlt_action *out, int cap);
int rules_fire_at_actions(const lnlt_ctx *ctx, const lnlt_state *st, int side, bool opfire, lnlt_action *out, int cap);
/* 5.3: the opportunity attacks with ordnance, vehicle MGs and small arms at
 * vehicles that the window allows now; whether there is any. */
int rules_vehicle_of_actions(const lnlt_ctx *ctx, const lnlt_state *st, int side, lnlt_action *out, int cap);
bool rules_vehicle_of_possible(const lnlt_ctx *ctx, const lnlt_state *st);
/* movement.c, 5.3: the attacks an entry allows, whether a hex fired at it, and what
 * follows an opportunity attack (counts: it used one of the MP's attacks). */
int rules_of_budget(const lnlt_state *st);
bool rules_of_hex_fired(const lnlt_state *st, int loc);
bool rules_after_vehicle_of(lnlt_step *s, int from, bool counts);

#endif
