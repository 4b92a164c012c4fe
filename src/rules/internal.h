/*
 * rules/internal.h: what the rule modules of src/rules/ share and the public API
 * does not show: the working context of one action being applied, and the unit,
 * hex and spotting queries every rule area needs.
 */
#ifndef LNLT_RULES_INTERNAL_H
#define LNLT_RULES_INTERNAL_H

#include <stdio.h>

#include "lnlt/combat.h"
#include "lnlt/data.h"
#include "lnlt/game.h"
#include "lnlt/map.h"

/* Everything a rule needs while one action is applied to a scratch copy of the
 * state. If any step fails the scratch copy is dropped, so rules may change st
 * freely before they detect a problem. */
typedef struct lnlt_step {
    const lnlt_ctx *ctx;
    lnlt_state *st;
    lnlt_dice dice;
    lnlt_events *log; /* may be NULL */
    lnlt_error *err;
} lnlt_step;

/* Text only when somebody reads it: within the rules, lnlt_events_say evaluates
 * its arguments (the unit labels and hex names it formats) only when there is a
 * log, so the search and self-play, which apply actions without one, never
 * format them. Its arguments must have no effect but their text: every call
 * passes s->log and names. */
#define lnlt_events_say(log, ...) ((log) ? (lnlt_events_say)((log), __VA_ARGS__) : (lnlt_event *)NULL)

/* ---- engine.c ---- */
/* lnlt_legal_actions for a state whose index is up to date. */
int rules_legal_actions(const lnlt_ctx *ctx, const lnlt_state *st, lnlt_action *out, int cap);
/* Runs a (legal) action on s->st in place: its rule, then what follows every
 * action (a suspended move resuming, control, the action count). */
bool rules_apply_action(lnlt_step *s, const lnlt_action *a);

/* ---- locations.c (10.2, 10.4.1, 10.6): floors of a hex as locations ----
 * Every `cell` argument of the rule modules is a location (lnlt_loc); on a map
 * without upper floors or roofs the two are the same numbers. */
bool rules_loc_exists(const lnlt_ctx *ctx, int loc);
/* 22.0: is the cell inside the scenario's playable area (victory.c)? */
bool rules_in_play_area(const lnlt_ctx *ctx, int cell);
/* Adjacency of locations (10.4.1, 10.6; R-LOS-10 for roofs of one building). */
bool rules_loc_adjacent(const lnlt_ctx *ctx, int a, int b);
int rules_loc_neighbors(const lnlt_ctx *ctx, int loc, int *out, int cap);
/* Half MP to go between two floors of one hex (10.2 stairs 2 MP, 10.6 roof 1 MP), or -1. */
int rules_climb_cost(const lnlt_ctx *ctx, int from, int to);
bool rules_same_building(const lnlt_ctx *ctx, int a, int b);
/* 10.6.1: the location spotted together with this one (roof <-> floor under it), or -1. */
int rules_spot_partner(const lnlt_ctx *ctx, int loc);
bool rules_spot_marker(const lnlt_state *st, int side, int loc);
void rules_set_spot_marker(lnlt_state *st, int side, int loc);
/* 6.1.1: the location's Spotted markers stay until the administrative phase. */
void rules_keep_spot_marker(lnlt_state *st, int loc);
/* 10.1.1: takes off the Spotted markers of locations left empty (after each action). */
void rules_spot_markers_sweep(lnlt_state *st);
bool rules_melee_marker(const lnlt_state *st, int loc);
void rules_set_melee_marker(lnlt_state *st, int loc, bool on);
bool rules_melee_was_fought(const lnlt_state *st, int loc);
void rules_set_melee_fought(lnlt_state *st, int loc);
/* 4.0, 11.1.2: may a leader at `from` activate (or rally) units at `to`? */
bool rules_leader_reaches(const lnlt_ctx *ctx, int from, int to);
/* The locations a leader there reaches (neighbours and the floors above and below). */
int rules_leader_range(const lnlt_ctx *ctx, int loc, int *out, int cap);
/* tables.c: the lists of rules_loc_neighbors and rules_leader_range from the
 * ctx's tables; false when it has none for this map (compute them then). */
bool rules_table_neighbors(const lnlt_ctx *ctx, int loc, int *out, int cap, int *n);
bool rules_table_leader_range(const lnlt_ctx *ctx, int loc, int *out, int cap, int *n);
/* 22.0: is the hex of a location in scenario zone `zone`; is a cell on map edge
 * `edge` (LNLT_EDGE_*, inside the playable area; entry.c computes it)? From the
 * ctx's tables when it has them for this map and scenario. */
bool rules_zone_has(const lnlt_ctx *ctx, int zone, int loc);
bool rules_on_edge(const lnlt_ctx *ctx, int cell, int edge);
bool rules_on_edge_compute(const lnlt_ctx *ctx, int cell, int edge);
/* 22.0: the cells of zone `zone` (none when negative) or on any of the edges in
 * `edges` (LNLT_EDGE_* bits), as a cell bit set of LNLT_MAX_CELLS / 8 bytes, from
 * the ctx's tables; false when it has none for this map and scenario. */
bool rules_table_entry_cells(const lnlt_ctx *ctx, int zone, unsigned edges, uint8_t *out);
/* Locations holding units of `side` (0: either), each once, in location order. */
int rules_occupied(const lnlt_state *st, int side, int *out, int cap);
/* Every change of a unit's place goes through these, which keep the index of
 * units by location (lnlt_state.by_loc) up to date: a unit to a location (or off
 * the map, for a negative one, floor 0); a unit off the map (LNLT_CELL_*) with its
 * floor kept; a unit just added at the end of unit[] (unit_count counts it). */
void rules_put_unit(lnlt_state *st, int unit, int loc);
void rules_unit_off_map(lnlt_state *st, int unit, int where);
void rules_index_add(lnlt_state *st, int unit);
/* Is there a unit of `side` (1 or 2) in the location? One bit of the index. */
bool rules_side_in_scan(const lnlt_state *st, int loc, int side);
static inline bool rules_side_in(const lnlt_state *st, int loc, int side)
{
    if (loc < 0 || (side != LNLT_SIDE_1 && side != LNLT_SIDE_2) || lnlt_loc_floor(loc) >= LNLT_FLOORS)
        return rules_side_in_scan(st, loc, side); /* off the map: not indexed */
    return lnlt_bit(st->occupied[side - 1][lnlt_loc_floor(loc)], lnlt_loc_cell(loc));
}
/* The index rebuilt from unit[], and whether it matches unit[]. */
void rules_index_rebuild(lnlt_state *st);
bool rules_index_valid(const lnlt_state *st);
/* st itself if its index is valid, else a copy in *spare with the index rebuilt
 * (a program may have written unit places directly). */
const lnlt_state *rules_indexed(const lnlt_state *st, lnlt_state *spare);
void rules_put_sw(lnlt_sw *w, int loc);

/* ---- turn.c (2.0, 3.0, 9.0) ---- */
bool lnlt_turn_end_rally(lnlt_step *s);
/* The active side's impulse is over (passed or acted): next impulse or next phase. */
bool lnlt_turn_after_impulse(lnlt_step *s, bool passed);

/* ---- draw.c: one of n things at random with d6s (a random unit, a cup) ---- */
bool rules_random_index(lnlt_step *s, int n, const char *purpose, const char *rule, int *out);

/* ---- units.c: counters and their printed values ----
 * The smallest questions are inline here: every rule asks them, in every loop. */
static inline const lnlt_unit_type *rules_type(const lnlt_ctx *ctx, const lnlt_unit *u)
{
    return &ctx->catalog->unit[u->type];
}
/* The face in use: the back when shaken (or a wounded hero), else the front. */
static inline const lnlt_unit_face *rules_face(const lnlt_ctx *ctx, const lnlt_unit *u)
{
    const lnlt_unit_type *t = rules_type(ctx, u);
    if (t->back_kind == LNLT_BACK_SHAKEN && u->status == LNLT_SHAKEN)
        return &t->back;
    if (t->back_kind == LNLT_BACK_WOUNDED && (u->flags & LNLT_UNIT_WOUNDED))
        return &t->back;
    return &t->front;
}
static inline bool rules_on_map(const lnlt_unit *u) { return u->cell >= 0; }
static inline bool rules_is_good(const lnlt_unit *u) { return u->status == LNLT_GOOD_ORDER; }
bool rules_is_smc(const lnlt_ctx *ctx, const lnlt_unit *u);
bool rules_is_leader(const lnlt_ctx *ctx, const lnlt_unit *u);
bool rules_is_hero(const lnlt_ctx *ctx, const lnlt_unit *u);
/* Current morale (1.5): the face's value, -1 for a wounded SMC other than a hero. */
int rules_morale(const lnlt_ctx *ctx, const lnlt_unit *u);
/* Leadership modifier of a good-order, unwounded-or-wounded leader (11.1); 0 otherwise. */
int rules_lm(const lnlt_ctx *ctx, const lnlt_unit *u);
/* Same identification badge / nationality (rules 3.0, 5.0.1, 11.1). */
bool rules_same_ib(const lnlt_ctx *ctx, const lnlt_unit *a, const lnlt_unit *b);
/* The members below `count` of a set of units (a bit per unit, lnlt_bit),
 * ascending, written to out; returns how many. Only the bytes below `count` are
 * read, and an empty one costs a test. */
static inline int rules_unit_bits(const uint8_t *set, int count, int *out)
{
    int n = 0;
    for (int b = 0; b < LNLT_UNIT_BITS && 8 * b < count; b++)
        for (unsigned x = set[b]; x; x &= x - 1) {
            int i = 8 * b + __builtin_ctz(x);
            if (i >= count)
                return n;
            out[n++] = i;
        }
    return n;
}
/* Units of `side` on `cell` (any side when side is 0), written to out; returns count. */
int rules_units_in(const lnlt_state *st, int cell, int side, int *out, int cap);
bool rules_enemy_in(const lnlt_state *st, int cell, int side);
/* Support weapons held by a unit. */
int rules_sws_of(const lnlt_state *st, int unit, int *out, int cap);
const lnlt_sw_type *rules_sw_type(const lnlt_ctx *ctx, const lnlt_sw *w);
const char *rules_cell(const lnlt_step *s, int cell, char *buf);
/* A unit as the log names it, "#3 Squad 1-6-4", so identical counters are told
 * apart (the number the commands take). A thread-local buffer: at most eight in
 * one expression. */
const char *rules_label(const lnlt_ctx *ctx, const lnlt_state *st, int unit);
/* The units of a bitset the same way: "#5 Squad 1-6-4, #6 Squad 1-6-4 and #9 Lt Koch". */
const char *rules_labels(const lnlt_ctx *ctx, const lnlt_state *st, const uint8_t *units, char *buf, size_t len);
/* A scenario force in words, never by its id: "4 × Squad 1-6-4, Sgt Baumann (Germans)". */
const char *rules_force_label(const lnlt_ctx *ctx, int force, char *buf, size_t len);
void rules_eliminate(lnlt_step *s, int unit);
/* damage.c, 5.1: a Casualties result (a squad is reduced, anything smaller eliminated). */
bool rules_apply_casualties(lnlt_step *s, int unit);
/* victory.c, 22.0: a squad of the unit's side was just reduced to a half-squad. */
void rules_note_squad_reduced(lnlt_step *s, int unit);
/* 1.3 stacking: would `side` on `cell` be legal with unit `extra` added (-1 none)? */
bool rules_stacking_ok(const lnlt_ctx *ctx, const lnlt_state *st, int cell, int side, const uint8_t *adding,
                       const char **why);
/* TEC Heavy Jungle: may `side` hold one more weapon in `cell`? */
bool rules_hex_sw_room(const lnlt_ctx *ctx, const lnlt_state *st, int cell, int side);
/* Where a new unit of catalog type `type` may appear next to `cell` (R-CORE-25), or -1. */
int rules_room_near(const lnlt_ctx *ctx, lnlt_state *st, int cell, int side, int type);

/* ---- skills.c (12.0) ---- */
/* The value of a skill effect the unit holds (1 for effects without a number),
 * or 0 when it holds none. */
int rules_skill_value(const lnlt_ctx *ctx, const lnlt_unit *u, int effect);
/* The best value of an effect held by a good-order unit of `side` in `cell`. */
int rules_stack_skill(const lnlt_ctx *ctx, const lnlt_state *st, int cell, int side, int effect, int *holder);
/* The skill effects (bit 1 << LNLT_SE_*) that some unit of `side` on the map may
 * use now (rules_skill_value > 0): a listing skips a skill nobody there has. */
unsigned rules_side_skill_effects(const lnlt_ctx *ctx, const lnlt_state *st, int side);
const char *rules_skill_name(const lnlt_ctx *ctx, const lnlt_unit *u);
/* Decisive (12.0): may the stack in `cell` activate a second time, and do it. */
bool rules_can_decisive(const lnlt_ctx *ctx, const lnlt_state *st, int cell, int side);
bool rules_decisive(lnlt_step *s, int cell);
/* The Ambush (12.0): may the leader or hero in `cell` call it now, and do it. */
bool rules_can_the_ambush(const lnlt_ctx *ctx, const lnlt_state *st, int cell, int side);
bool rules_the_ambush(lnlt_step *s, int cell);

/* ---- stealth.c (6.4, 6.4.1) ---- */
bool rules_can_stealth(const lnlt_ctx *ctx, const lnlt_state *st, const int *m, int n);
bool rules_can_stealth_assault(const lnlt_ctx *ctx, const lnlt_state *st, const int *m, int n);
bool rules_stealth_mode(int mode);
void rules_stealth_on_stop(lnlt_step *s);
bool rules_stealth_targetable(const lnlt_ctx *ctx, const lnlt_state *st, int unit, int side);
/* spotting.c: spotted for another reason than an adjacent good-order enemy. */
bool rules_spotted_without_adjacency(const lnlt_ctx *ctx, const lnlt_state *st, int cell, int observer);

/* ---- nations.c (13.0) ---- */
/* The chart's exception for this unit's nation on terrain t, or NULL. */
const lnlt_terrain_override *rules_terrain_override(const lnlt_ctx *ctx, const lnlt_terrain *t, const lnlt_unit *u);
bool rules_ignores_reduced_stacking(const lnlt_ctx *ctx, const lnlt_unit *u);
bool rules_ambush_capable(const lnlt_ctx *ctx, const lnlt_unit *u);

#include "rules/internal_terrain.h" /* hexsides and hills on a line of fire, fire markers, terrain counters, rubble */

/* ---- spotting.c (10.1) ---- */
/* Is `cell` spotted for units of `observer`? `moving` marks units currently moving. */
bool rules_spotted(const lnlt_ctx *ctx, const lnlt_state *st, int cell, int observer);

/* ---- fire.c, fire_firers.c, fire_los.c (5.0-5.6) and damage.c (5.1) ---- */
/* Units of `side` on `from` that may fire now (in an activation or as OF). */
int rules_fire_group(const lnlt_ctx *ctx, const lnlt_state *st, int from, int side, bool opfire, int *out,
                     int cap);
/* How far a unit can fire with its IFP or weapons (5.4 doubled when boxed). */
int rules_unit_reach(const lnlt_ctx *ctx, const lnlt_state *st, int unit);
/* Does the unit fire anything at that range (its IFP, or a weapon allowed there: a
 * mortar's minimum range and 1.6.5 limits, ordnance not yet)? opfire: as 5.3 fire. */
bool rules_unit_fires_at(const lnlt_ctx *ctx, const lnlt_state *st, int unit, int range, bool opfire);
/* The same, for fire at `to` (the 4.1 spotter fires only at the hex it spotted). */
int rules_fire_group_at(const lnlt_ctx *ctx, const lnlt_state *st, int from, int to, int side, bool opfire, int *out,
                        int cap);
/* rules_fire_group_at from the hex's fire group (rules_fire_group of from, side
 * and opfire, all n of it), so a listing forms it once for all its targets. */
int rules_fire_group_for(const lnlt_ctx *ctx, const lnlt_state *st, int from, int to, bool opfire, const int *group,
                         int n, int *out, int cap);
/* Keeps only the units of group whose bit is set in pick (pick all-zero: keep all). */
int rules_pick(const uint8_t *pick, int *group, int n);
/* Can that group fire at `to` (range, LOS, spotted, enemies there)? why on failure. */
bool rules_can_fire_at(const lnlt_ctx *ctx, const lnlt_state *st, int from, int to, int side, bool opfire,
                       const char **why);
/* refusal.c: why action a is not legal now: true with the rule's reason in buf,
 * or false with the command words that are legal now ("pass, activate, spot"). */
bool rules_refusal(const lnlt_ctx *ctx, const lnlt_state *st, const lnlt_action *a, char *buf, size_t len);
bool rules_fire(lnlt_step *s, int from, int to, bool opfire, const uint8_t *pick);
/* 1.6.5: the mortars of `from` fire at `to` as `director` (adjacent, with LOS) directs. */
bool rules_fire_indirect(lnlt_step *s, int from, int to, int director);
/* 18.1: the mortar team fires indirectly at `to`, called by `caller`; an FFE follows. */
bool rules_fire_mortar_team(lnlt_step *s, int team, int to, int caller);
/* leadership.c (5.0.1, 11.1.3): the leader who lends his LM to an attack of `group`
 * from `from` at `to` (`exclude`: one left out), or -1; and, when that leader holds a
 * weapon that fires there (leader_fu), whether he fires it instead: then he joins
 * the firers and *leader becomes the other lender (R-CORE-73). */
int rules_lending_leader(const lnlt_ctx *ctx, const lnlt_state *st, int from, int to, const int *group, int n,
                         bool opfire, int exclude);
bool rules_leader_fires_instead(const lnlt_ctx *ctx, const lnlt_state *st, int from, int to, const int *group, int n,
                                bool opfire, lnlt_fire_unit *fu, int *firer, int (*swid)[LNLT_FIRE_SW_MAX], int *nf,
                                int *leader, const lnlt_fire_unit *leader_fu, const int *leader_sw,
                                lnlt_fire_context *fc, int *lead, lnlt_fire_attack *atk, lnlt_error *err);
/* The same with the 6.1.1 assault-fire penalty; fills fired with the units that fired. */
bool rules_fire_assault(lnlt_step *s, int from, int to, const uint8_t *pick, uint8_t *fired);
/* Damage checks (5.0, 5.1) for the targeted units, each with its own DC modifier
 * (0: unaffected). Leaders check first; a surviving good-order leader's LM then
 * lowers the others' checks. */
bool rules_damage_checks(lnlt_step *s, const int *units, const int *dcs, int n);

/* ---- activation.c (4.0) ---- */
bool rules_unit_can_act(const lnlt_ctx *ctx, const lnlt_state *st, int unit);
/* 4.1 (ruling R-CORE-93): a unit under Ops Complete, in the hex of this impulse's
 * successful spotter, that may still join the fire at the hex just spotted. */
bool rules_joins_spotted_fire(const lnlt_ctx *ctx, const lnlt_state *st, int unit);
int rules_activatable(const lnlt_ctx *ctx, const lnlt_state *st, int cell, int side);
bool rules_activate(lnlt_step *s, int cell, bool also);
bool rules_end_activation(lnlt_step *s);
/* 4.0, 5.2: the impulse's record of its activated hexes. May a unit of `loc`
 * fire at `to` now (apart: a weapon team, sniper or marksman, which fires apart
 * from the hex's fire group but at the same hex)? May its units start a move? */
bool rules_impulse_may_fire(const lnlt_state *st, int loc, int to, bool apart);
void rules_impulse_note_fire(lnlt_state *st, int loc, int to, bool group);
bool rules_impulse_may_move(const lnlt_state *st, int loc);
void rules_impulse_note_move(lnlt_state *st, int loc);
void rules_impulse_clear(lnlt_state *st);
/* 4.0: is there a unit of either side that has not yet moved, fired or been marked
 * Ops Complete this phase (or that may still enter)? */
bool rules_anyone_can_act(const lnlt_ctx *ctx, const lnlt_state *st);
/* Hexes a leader chain in the activation may still add (4.0). */
bool rules_can_also(const lnlt_ctx *ctx, const lnlt_state *st, int cell);
/* 10.1.1 spotting attempts: may the unit spot at target (with LOS)? It is the
 * spotter's part (the unit may try now), the target's (an enemy there, not yet
 * spotted for the side), and the line of sight. */
bool rules_may_spot(const lnlt_ctx *ctx, const lnlt_state *st, int unit, int target, lnlt_los_result *los);
bool rules_may_spot_unit(const lnlt_ctx *ctx, const lnlt_state *st, int unit);
bool rules_may_spot_target(const lnlt_ctx *ctx, const lnlt_state *st, int side, int target);
bool rules_spot(lnlt_step *s, int unit, int target);

/* ---- movement.c (6.0, 6.1, 5.3 trigger) ---- */
int rules_movers(const lnlt_ctx *ctx, const lnlt_state *st, int from, int *out, int cap);
bool rules_can_assault(const lnlt_ctx *ctx, const lnlt_state *st, const int *movers, int n);
bool rules_start_move(lnlt_step *s, int from, int mode, const uint8_t *pick);
/* The same for a given list of units (8.1.1: units withdrawing from a melee). */
bool rules_start_move_units(lnlt_step *s, int from, int mode, const int *m, int n);
bool rules_can_double_time(const lnlt_ctx *ctx, const lnlt_state *st, const int *movers, int n);
bool rules_can_low_crawl(const lnlt_ctx *ctx, const lnlt_state *st, const int *movers, int n);
/* 6.3: is there a hex the units of `from` could low-crawl into? */
bool rules_crawl_has_a_hex(const lnlt_ctx *ctx, const lnlt_state *st, int from, const int *m, int n);
/* Until rules_crawl_scope(NULL), `st` does not change: rules_crawl_has_a_hex asks
 * of it keep one copy of it rather than copy it at every call (a listing). */
void rules_crawl_scope(const lnlt_state *st);
/* 6.1, 6.2: an assault move at double time. */
bool rules_start_assault_double_time(lnlt_step *s, int from, const uint8_t *pick);
/* 6.1.1: fire at -2, then a half-MF move by the same units (6.2: at double time
 * with their leader); those unable to assault-move only fire. */
bool rules_assault_fire(lnlt_step *s, int from, int to, const uint8_t *pick, bool stealthy, bool double_time);
bool rules_moves_after_assault_fire(const lnlt_ctx *ctx, const lnlt_state *st, int unit, int from);
/* 6.7 hit and run: who may, the stack's one attack during its move, and whether
 * unit `unit` is a mover that may still make it. */
bool rules_can_hit_and_run(const lnlt_ctx *ctx, const lnlt_state *st, const int *m, int n);
bool rules_hit_and_run_fire(lnlt_step *s, int to);
bool rules_fire_hit_and_run(lnlt_step *s, int from, int to, const uint8_t *pick);
static inline bool rules_hit_and_run_may_fire(const lnlt_state *st, int unit)
{
    return st->move.active && st->move.mode == LNLT_MV_HIT_AND_RUN && !st->move.hr_fired &&
           lnlt_bit(st->move.units, unit);
}
/* Half MP the moving stack can still spend (the least any mover has left). */
int rules_stack_mp2_left(const lnlt_ctx *ctx, const lnlt_state *st);
/* A mover's allowance in half MP (6.0, 6.1). */
int rules_mp2_allowance(const lnlt_ctx *ctx, const lnlt_state *st, int unit);
/* Half MP for the moving stack to enter `to`, or -1 if it may not. */
int rules_step_cost(const lnlt_ctx *ctx, const lnlt_state *st, int to, const char **why);
/* The moving stack's part of a step's cost: what does not depend on the hex it
 * enters (its movers, MP left, weapons, scout, mounted units, melee ability), so
 * a move decision works it out once for its six or seven next hexes. Owned by
 * the caller, valid for the state it was taken from until that state changes;
 * rules_step_cost is rules_move_facts_of then rules_step_cost_with. */
typedef struct rules_move_facts {
    int movers[LNLT_MAX_UNITS]; /* the units of st->move.units, ascending */
    int n;
    int mp2_left;               /* rules_stack_mp2_left */
    bool immobile_sw;           /* 1.6.1: a mover holds an assembled tripod or mortar */
    bool weapon_team;           /* a mover is a weapon team (1.7, 8.0) */
    bool melee_able;            /* 8.0: a mover may fight a melee and is no weapon team */
    bool melee_mode;            /* 6.0-6.7, 8.0: the move mode may enter a melee */
    bool scout;                 /* 11.6: a scout moves with the stack */
    bool shaken;                /* 5.1: a mover is not in good order */
    bool mounted, leg;          /* 6.6: movers that are mounted units; leg MMCs */
    bool wire_or_mines;         /* 21.3, 21.4: a Wire or Mines marker is on the map (their step costs) */
} rules_move_facts;
void rules_move_facts_of(const lnlt_ctx *ctx, const lnlt_state *st, rules_move_facts *f);
int rules_step_cost_with(const lnlt_ctx *ctx, const lnlt_state *st, const rules_move_facts *f, int to,
                         const char **why);
bool rules_step(lnlt_step *s, int to);
bool rules_stop_move(lnlt_step *s);
/* 5.3: has `loc` made an opportunity attack at this hex entry already? */
bool rules_of_hex_fired(const lnlt_state *st, int loc);
/* The OF window (5.3) after the mover spent MP in a hex. */
int rules_opfire_hexes(const lnlt_ctx *ctx, const lnlt_state *st, int *out, int cap);
bool rules_opfire(lnlt_step *s, int from, const uint8_t *pick);
bool rules_no_fire(lnlt_step *s);
/* Is the 5.3 window open (a fire group, sniper or marksman may fire at the mover)? */
bool rules_opfire_window(const lnlt_ctx *ctx, const lnlt_state *st);

/* ---- morale.c: the 2d6 morale check, rolled and explained ---- */
/* Rolls 2d6 into `in`, checks it and writes the explanation on the roll event:
 * the modifiers, the total against `whose` morale ("the medic's"; NULL for the
 * unit's own), and `pass_word` or `fail_word`. */
bool rules_roll_morale_check(lnlt_step *s, lnlt_mc_input *in, const char *purpose, const char *rule,
                             const char *whose, const char *pass_word, const char *fail_word, lnlt_mc_outcome *out);
/* The one way a unit becomes shaken (a failed check, a damage result, a bailout):
 * a hero never shakes (11.2), so he is left as he is. Returns whether it shook. */
bool rules_shake_unit(const lnlt_ctx *ctx, lnlt_state *st, int unit);

/* ---- rally.c (3.0) ---- */
bool rules_can_recombine(const lnlt_ctx *ctx, const lnlt_state *st, int cell, int side);
bool rules_recombine(lnlt_step *s, int cell);
bool rules_can_rally(const lnlt_ctx *ctx, const lnlt_state *st, int cell, int side);
/* 3.0: may `helper` rally (or lend his LM to, or tend) unit u? Same side and IB;
 * a weapon team, any rallier of its colour (ruling R-CORE-71). */
bool rules_rallies_for(const lnlt_ctx *ctx, const lnlt_unit *helper, const lnlt_unit *u);
bool rules_rally(lnlt_step *s, int cell);

/* ---- support_weapons.c, sw_actions.c, sw_retreat.c, sw_indirect.c (1.6-1.6.8, 1.7, 3.0 weapon actions) ---- */
/* How many weapons a unit may carry (1.6, T8): 2, 1 or 0. */
int rules_sw_capacity(const lnlt_ctx *ctx, const lnlt_unit *u);
/* An assembled tripod MG or mortar, which cannot move (1.6.1, 1.6.5). */
bool rules_sw_immobile(const lnlt_ctx *ctx, const lnlt_sw *w);
bool rules_holds_immobile_sw(const lnlt_ctx *ctx, const lnlt_state *st, int unit);
/* MP an SMC loses for the weapon it carries (1.6): 2, or 0. */
int rules_sw_mp_penalty(const lnlt_ctx *ctx, const lnlt_state *st, int unit);
/* The weapon actions of a rally or move decision; returns the count (may exceed cap). */
int rules_sw_actions(const lnlt_ctx *ctx, const lnlt_state *st, int kind, int side, lnlt_action *out, int cap);
bool rules_sw_action(lnlt_step *s, const lnlt_action *a);
void rules_sw_on_step(lnlt_step *s, int from);
void rules_sw_on_stop(lnlt_state *st);
/* After a casualty reduction: drop what the smaller unit cannot carry. */
void rules_sw_fit_capacity(lnlt_step *s, int unit);
/* 1.6.2: the repair rolls of the side whose rally actions end. */
bool rules_sw_repairs(lnlt_step *s);
void rules_sw_admin(lnlt_state *st);
/* After an attack by the weapons sws: spent single-use and failed captured weapons go. */
void rules_sw_after_fire(lnlt_step *s, const int *sws, int n, bool any_dc);
/* 1.6.5: mortar weapons may not fire from this hex (buildings, huts, forest...). */
bool rules_sw_mortar_barred(const lnlt_ctx *ctx, const lnlt_state *st, int cell);
/* 1.6.1: does a mover hold an assembled tripod or mortar? */
bool rules_sw_movers_immobile(const lnlt_ctx *ctx, const lnlt_state *st);
/* 1.6.1: entering units carry their tripods dismantled. */
void rules_sw_enter_dismantled(const lnlt_ctx *ctx, lnlt_state *st, const uint8_t *units);
/* 1.7: why the moving stack's weapon teams may not go from `from` (-1: off the map)
 * into `to`, or NULL. */
const char *rules_wt_step_barred(const lnlt_ctx *ctx, const lnlt_state *st, int from, int to);
/* The same for one unit (set-up: from = -1). */
const char *rules_wt_barred(const lnlt_ctx *ctx, const lnlt_state *st, const lnlt_unit *u, int from, int to);
/* 1.6.3, 1.6.7: does the attack by the weapons sws include a flamethrower or molotov? */
bool rules_sw_flame_attack(const lnlt_ctx *ctx, const lnlt_state *st, const int *sws, int n);
/* After such an attack from `from`: the targets that were good order and are now
 * shaken must retreat (a decision of their owner, or elimination). */
bool rules_sw_flame_retreats(lnlt_step *s, int from, const int *targets, int n, const uint8_t *was_good);
/* After a melee round in `cell`: satchels and molotovs are spent, captured weapons
 * remembered (1.6.3, 1.6.7, 1.6.8); in the admin phase those whose enemy is still
 * there are removed. */
void rules_sw_after_melee(lnlt_step *s, int cell);
/* 8.0: may this weapon be used in melee now (ruling R-SW-16)? */
bool rules_sw_melee_eligible(const lnlt_ctx *ctx, const lnlt_sw *w);
/* 1.7: a weapon team fires apart from the other units of its hex: a group with one
 * holds no other unit that fires at that range (a leader lending his LM may be
 * there), and never two teams (ruling R-SW-14). */
bool rules_wt_fires_apart(const lnlt_ctx *ctx, const lnlt_state *st, const int *units, int n, int range);
void rules_sw_melee_admin(lnlt_step *s);

/* ---- setup.c (22.0 set-up) and entry.c (22.0 entering units) ---- */
struct lnlt_scenario;
void rules_setup_from_scenario(const lnlt_ctx *ctx, lnlt_state *st);
/* The unit the side places next, or -1 when it has none left. */
int rules_next_setup_unit(const lnlt_ctx *ctx, const lnlt_state *st, int side);
bool rules_can_place(const lnlt_ctx *ctx, const lnlt_state *st, int unit, int cell);
/* The first test of rules_can_place, which depends only on the hex: the cell is
 * in the unit's set-up zone (the listing asks it once per hex, not per floor). */
bool rules_in_setup_zone(const lnlt_ctx *ctx, const lnlt_state *st, int unit, int cell);
bool rules_place(lnlt_step *s, int unit, int cell);
/* Hexes through which a force may enter now (fills out, returns count). */
int rules_entry_cells(const lnlt_ctx *ctx, const lnlt_state *st, int force, int *out, int cap);
/* Off-map units of a force that may enter in this impulse. */
int rules_entering_units(const lnlt_ctx *ctx, const lnlt_state *st, int force, int *out, int cap);
/* Is this off-map unit due to enter now (its turn, or released and waiting)? */
bool rules_entry_open(const lnlt_ctx *ctx, const lnlt_state *st, int unit);
/* 9.0 with 22.0: units due on this turn only that did not enter stay out. */
void rules_entry_turn_over(lnlt_step *s);
/* Is this off-map unit of the side in its impulse due to enter now? */
bool rules_entry_due(const lnlt_ctx *ctx, const lnlt_state *st, int unit);
/* The forces (bit per force) that may use `cell` to enter now. */
uint32_t rules_entry_forces_at(const lnlt_ctx *ctx, const lnlt_state *st, int cell);
/* May this off-map unit use `cell` to enter now (its force's edge or hexes)? */
bool rules_may_enter_at(const lnlt_ctx *ctx, const lnlt_state *st, int unit, int cell);
/* The units enter through `cell` as one stack moving in mode `mode` (LNLT_MV_*). */
bool rules_enter(lnlt_step *s, int cell, const uint8_t *units, int mode, bool double_time);
/* ---- entry_group.c (22.0, 6.0: the stack that enters together) ---- */
/* The shared rule of listing and applying: may these units step onto the map
 * through `cell` in mode `mode`? `scratch` is a copy of the state that the test
 * may change (rules_step_cost asked as the entry would ask it). */
bool rules_entry_step_ok(const lnlt_ctx *ctx, lnlt_state *scratch, int cell, const uint8_t *units, int mode,
                         bool double_time, const char **why);
/* The entry actions of an impulse ("enter H1 #3"), and of the gathering decision
 * that follows ("join #4", then "move H1 #3 #4", "dt H1 #3 #4", ...). */
int rules_entry_actions(const lnlt_ctx *ctx, const lnlt_state *st, lnlt_action *out, int cap);
int rules_entry_group_actions(const lnlt_ctx *ctx, const lnlt_state *st, lnlt_action *out, int cap);
bool rules_entry_begin(lnlt_step *s, int cell, const uint8_t *units);
bool rules_entry_join(lnlt_step *s, const uint8_t *units);
/* The group enters in the mode of the move action `type` (LNLT_ACT_MOVE, ...). */
bool rules_entry_commit(lnlt_step *s, int type, int cell, const uint8_t *units);
/* At the start of an operations phase: roll random entry edges due this turn. */
bool rules_roll_entry_edges(lnlt_step *s);

/* ---- events.c (1.8, 22.0 event markers and paragraphs) ---- */
#define LNLT_ENTRY_AFTER_FORCE 0xFE /* entry_turn: once a unit of the reference force entered */
#define LNLT_ENTRY_BY_ROLL 0xFD     /* entry_turn: from a turn on, when a die allows it */
/* After the moving stack entered a hex: fire any markers it triggers. May leave a
 * decision pending (st->pending); the step's tail resumes after it. */
bool rules_events_check(lnlt_step *s);
bool rules_events_resume(lnlt_step *s);
int rules_event_place_unit(const lnlt_ctx *ctx, const lnlt_state *st);
bool rules_event_can_place(const lnlt_ctx *ctx, const lnlt_state *st, int unit, int cell);
/* The zone the pending event placement uses, or -1. */
int rules_event_place_zone(const lnlt_ctx *ctx, const lnlt_state *st);
bool rules_event_place(lnlt_step *s, int unit, int cell);
bool rules_event_may_choose(const lnlt_ctx *ctx, const lnlt_state *st, int unit);
bool rules_event_choose(lnlt_step *s, int unit);
void rules_objectives_turn_start(const lnlt_ctx *ctx, lnlt_state *st);
void rules_objectives_turn_end(lnlt_step *s);
/* movement.c: what follows a hex entered (the 5.3 window, or moving on). */
bool rules_after_step(lnlt_step *s);

/* ---- melee.c (8.0-8.3, 8.5) ---- */
bool rules_melee_eligible(const lnlt_ctx *ctx, const lnlt_state *st, int unit);
bool rules_in_melee(const lnlt_state *st, int cell);
bool rules_melee_targets_ok(const lnlt_ctx *ctx, const lnlt_state *st, int cell, int side, const uint8_t *pick);
bool rules_melee_target(lnlt_step *s, const uint8_t *pick);
/* The input of `side`'s melee attack on `targets` in `cell` (8.0-8.6) as the round
 * rolls it, dice aside; false when that side makes no attack. ambush_fp: the
 * ambushers' FP before tripling (8.4), or -1 when none ambush. */
bool rules_melee_attack_input(const lnlt_ctx *ctx, const lnlt_state *st, int cell, int side, const uint8_t *targets,
                              lnlt_melee_input *in, int *ambush_fp);
bool rules_melee_on_entry(lnlt_step *s, int cell);
bool rules_melee_can_fight(const lnlt_ctx *ctx, const lnlt_state *st, int cell);
bool rules_melee_round(lnlt_step *s, int cell);
void rules_melee_admin(lnlt_step *s);
bool rules_melee_can_withdraw(const lnlt_ctx *ctx, const lnlt_state *st, int cell);
/* 8.1.1: the activated units of `cell` that may try to withdraw, together (R-CORE-26). */
int rules_melee_withdrawers(const lnlt_ctx *ctx, const lnlt_state *st, int cell, int *out);
/* They check morale, then leave by a move of `mode` (LNLT_MV_*), or fight at once. */
bool rules_melee_withdraw(lnlt_step *s, int cell, int mode);
/* After a stack left `cell`: if that emptied one side of a melee, the marker goes. */
void rules_melee_after_leave(lnlt_step *s, int cell);
int rules_melee_target_actions(const lnlt_ctx *ctx, const lnlt_state *st, uint8_t (*out)[LNLT_UNIT_BITS], int cap);

/* ---- fire_mission.c (18.2 as the starter scenarios script it) ---- */
/* A scenario's vehicle parts in the starting state (scenario_vehicles_setup.c). */
/* 15.5: may the vehicle of the move under way stop now? */
/* Why a vehicle, ordnance or passenger command is not legal now, or NULL (refusal.c). */
const char *rules_vehicle_refusal(const lnlt_ctx *ctx, const lnlt_state *st, const lnlt_action *a);
bool rules_vehicle_may_stop(const lnlt_ctx *ctx, const lnlt_state *st);
bool rules_vehicle_may_stand(const lnlt_ctx *ctx, const lnlt_state *st, int unit, int loc);
/* 11.5: a friendly vehicle of `loc` without a commander, or -1. */
int rules_commandable_vehicle(const lnlt_ctx *ctx, const lnlt_state *st, int side, int loc);
void rules_vehicles_attach_all(const lnlt_ctx *ctx, lnlt_state *st);
void rules_scenario_forts(const lnlt_ctx *ctx, lnlt_state *st);
void rules_scenario_vehicle_state(const lnlt_ctx *ctx, lnlt_state *st, const int *index_of);
/* 18.2, 18.3: the OOB's off-board artillery (artillery.c); its calls use the
 * Fire For Effect of fire_mission.c with mission_action LNLT_OBA_ACTION. */
#define LNLT_OBA_ACTION 0xFE
void rules_oba_setup(const lnlt_ctx *ctx, lnlt_state *st);
int rules_oba_fp(const lnlt_state *st, int side);
bool rules_oba_available(const lnlt_ctx *ctx, const lnlt_state *st, int side);
bool rules_oba_may_call(const lnlt_ctx *ctx, const lnlt_state *st, int unit);
bool rules_oba_call(lnlt_step *s, int unit, int target);
bool rules_oba_may_abort(const lnlt_state *st);
bool rules_oba_abort(lnlt_step *s);
bool rules_place_ffe(lnlt_step *s, int impact);
bool rules_fire_mission_finish(lnlt_step *s);
bool rules_may_call_fire(const lnlt_ctx *ctx, const lnlt_state *st, int unit, int target);
bool rules_call_fire(lnlt_step *s, int unit, int target);
bool rules_may_shift_fire(const lnlt_ctx *ctx, const lnlt_state *st, int cell);
bool rules_shift_fire(lnlt_step *s, int cell);
/* A unit entering an FFE hex is attacked (18.2); the moving stack's units only. */
bool rules_ffe_on_entry(lnlt_step *s, int cell);
/* The same for the units of a bitset that came into `cell` another way (a forced
 * move: 1.6.3, 8.0). */
bool rules_ffe_on_units(lnlt_step *s, int cell, const uint8_t *units);
/* Adds the FFE hexes to a dynamic-obstacle array (rules_smoke_layer's); returns
 * whether the array now holds anything. */
bool rules_ffe_layer(const lnlt_ctx *ctx, const lnlt_state *st, uint8_t *cells, bool have);
void rules_fire_mission_admin(lnlt_step *s);

/* ---- victory.c (22.0, 22.1) ---- */
void rules_update_control(const lnlt_ctx *ctx, lnlt_state *st);
void rules_initial_control(const lnlt_ctx *ctx, lnlt_state *st);
bool rules_exit_zone_has(const lnlt_ctx *ctx, const lnlt_state *st, int cell, int side);
bool rules_exit(lnlt_step *s);
void rules_decide_winner(lnlt_step *s);

/* ---- turn.c admin (9.0) ---- */
void rules_admin_markers(lnlt_step *s);

/* ---- smoke.c (7.0) ---- */
bool rules_smoked(const lnlt_state *st, int cell);
/* Fills cells (lnlt_map_cells bytes) with LNLT_DYN_SMOKE for lnlt_los; false and
 * nothing written when no hex holds smoke. */
bool rules_smoke_layer(const lnlt_ctx *ctx, const lnlt_state *st, uint8_t *cells);
bool rules_may_lay_smoke(const lnlt_ctx *ctx, const lnlt_state *st, int unit, int cell);
/* rules_may_lay_smoke in its two parts: the unit's (asked once for its seven hexes), the hex's. */
bool rules_may_lay_smoke_unit(const lnlt_ctx *ctx, const lnlt_state *st, int unit);
bool rules_may_lay_smoke_at(const lnlt_ctx *ctx, const lnlt_state *st, int unit, int cell);
bool rules_lay_smoke(lnlt_step *s, int unit, int cell);
/* Any of these units laid smoke this turn (they may only move or double-time). */
bool rules_laid_smoke_only(const lnlt_ctx *ctx, const lnlt_state *st, const int *units, int n);
void rules_smoke_impulse_end(lnlt_step *s);
void rules_smoke_admin(lnlt_step *s);

/* ---- sniper.c (11.4, 11.12) ---- */
/* Is the unit an off-map sniper its owner may place now? */
bool rules_sniper_ready(const lnlt_ctx *ctx, const lnlt_state *st, int unit);
bool rules_sniper_can_place(const lnlt_ctx *ctx, const lnlt_state *st, int unit, int cell);
/* rules_sniper_can_place in parts, for a placement listing: the SSR sniper zone
 * of the side (-1: anywhere), and the location's part for a ready sniper. */
int rules_sniper_zone(const lnlt_ctx *ctx, const lnlt_state *st, int side);
bool rules_sniper_place_ok(const lnlt_ctx *ctx, const lnlt_state *st, int unit, int zone, int cell);
bool rules_sniper_place(lnlt_step *s, int unit, int cell);
/* Snipers and marksmen fire alone, 2d6 at one random unit (11.4, 11.12). */
bool rules_fires_alone(const lnlt_ctx *ctx, const lnlt_unit *u);
bool rules_can_snipe(const lnlt_ctx *ctx, const lnlt_state *st, int unit, int to, bool opfire);
bool rules_snipe(lnlt_step *s, int unit, int to, bool opfire);
/* Is the only unit of the hex a sniper (11.4 doubled TM)? */
bool rules_lone_sniper(const lnlt_ctx *ctx, const lnlt_state *st, int cell);
/* Would the non-moving side's sniper or marksman have an OF attack or placement now? */
bool rules_sniper_opfire_possible(const lnlt_ctx *ctx, const lnlt_state *st);

/* ---- smc.c (11.3, 11.10) ---- */
/* May the medic or nurse of `cell` tend the unit(s) of `units` (two: a nurse's rallies)? */
bool rules_can_tend(const lnlt_ctx *ctx, const lnlt_state *st, int cell, const uint8_t *units);
bool rules_tend(lnlt_step *s, int cell, const uint8_t *units);
/* The smoke, sniper and medic actions of a decision; returns the count (may exceed cap). */
int rules_smc_actions(const lnlt_ctx *ctx, const lnlt_state *st, int kind, int side, lnlt_action *out, int cap);
bool rules_smc_action(lnlt_step *s, const lnlt_action *a);
/* The LM a chaplain or piper lends to rallies in his hex (11.8, 11.11), or -1 if
 * the unit is not one (or not in good order). */
int rules_rally_lm_of(const lnlt_ctx *ctx, const lnlt_unit *u);
/* 11.9: +1 morale when stacked with a friendly advisor, else 0. */
int rules_advisor_bonus(const lnlt_ctx *ctx, const lnlt_state *st, int unit);
/* 11.11: after rally attempts in a hex with a good-order piper, the hex is Spotted. */
void rules_piper_after_rally(lnlt_step *s, int cell, int side);
/* 11.6: is the unit a scout with his scout abilities (stealth, -2 spotting, assault
 * fire without penalty): one who carries no weapon (R-SMC-20)? */
bool rules_scout_abilities(const lnlt_ctx *ctx, const lnlt_state *st, int unit);
/* 11.6: does a scout in the moving stack bring the cost of entering t down to 1 MP? */
bool rules_scout_eases(const lnlt_ctx *ctx, const lnlt_state *st, const lnlt_terrain *t);
/* Is a unit of that kind (lnlt_unit_kind) among the units? (11.11: pipers never double-time) */
bool rules_group_has_kind(const lnlt_ctx *ctx, const lnlt_state *st, const int *units, int n, int kind);

/* ---- mortar_team.c (18.1 mortar weapon teams) ---- */
bool rules_is_mortar_team(const lnlt_ctx *ctx, const lnlt_unit *u);
/* The called (indirect) fire actions of `side`'s activated mortar teams. */
int rules_mortar_team_actions(const lnlt_ctx *ctx, const lnlt_state *st, int side, lnlt_action *out, int cap);
bool rules_mortar_team_action(lnlt_step *s, const lnlt_action *a);

/* ---- mounted.c (6.6, 6.6.1, 6.6.2 mounted units) ---- */
/* What the unit rides (LNLT_MOUNT_*), and whether it is a mounted unit. */
int rules_mount(const lnlt_ctx *ctx, const lnlt_unit *u);
bool rules_is_mounted(const lnlt_ctx *ctx, const lnlt_unit *u);
/* Is any of these units mounted (6.6: no double time, no low crawl)? */
bool rules_group_mounted(const lnlt_ctx *ctx, const lnlt_state *st, const int *m, int n);
/* Stacking weight in half squads of a mounted unit, 0 for others (6.6: at most 4). */
int rules_mu_stack_halves(const lnlt_ctx *ctx, const lnlt_unit *u);
/* 6.6: the O column for a moving stack with an MU; may raise *enter and
 * *side_cost (half MP, from = -1 when entering the map), or forbid the step. */
bool rules_mounted_step_cost(const lnlt_ctx *ctx, const lnlt_state *st, int from, int to, int *enter,
                             int *side_cost, const char **why);
/* 6.6: the MF of an SMC riding with a moving MU, else mf. */
int rules_rider_mf(const lnlt_ctx *ctx, const lnlt_state *st, int unit, int mf);
/* 6.6: the DFT modifier against a target unit (-1 moving MU, +1 still MU, 0 else),
 * and its words in the opposed-roll line. */
int rules_mounted_target_drm(const lnlt_ctx *ctx, const lnlt_state *st, int unit, bool moving);
const char *rules_mounted_drm_text(int drm);
/* 6.6, 21.2: the TM of a target unit: a mounted one has no foxholes (tm: the hex's). */
int rules_mounted_target_tm(lnlt_step *s, int unit, int cell, int tm);
/* 6.6.1, 6.6.2: may the unit use weapon w now (fire or melee)? */
bool rules_mounted_sw_usable(const lnlt_ctx *ctx, const lnlt_state *st, int unit, const lnlt_sw *w);
/* 6.6: true (no hero) for a mounted unit, noting a natural 1 in the log. */
bool rules_mounted_no_hero(lnlt_step *s, int unit, int die);
/* 6.6: dismounting the moving stack's MUs (LNLT_ACT_DISMOUNT). */
bool rules_can_dismount(const lnlt_ctx *ctx, const lnlt_state *st);
bool rules_dismount(lnlt_step *s);

/* ---- cavalry.c (8.6 cavalry charges) ---- */
bool rules_charging(const lnlt_unit *u);
/* After the movers (bits) from `origin` entered `cell` for a fresh melee round:
 * mark the chargers and roll the defenders' morale checks. */
bool rules_charge_on_entry(lnlt_step *s, int cell, int origin, const uint8_t *movers);
/* Drops the defenders who only defend; returns the new count. */
int rules_charge_attackers(const lnlt_state *st, int *units, int n);
int rules_charge_leader_lm(const lnlt_ctx *ctx, const lnlt_state *st, int cell, int side, int lm);
/* Adds the chargers (IFP doubled) to the FP of the others (nplain of them). */
lnlt_melee_fp rules_charge_group_fp(lnlt_melee_fp plain, int nplain, const lnlt_melee_unit *chargers, int n,
                                    lnlt_melee_role role);
void rules_charge_round_over(lnlt_state *st);

/* ---- options.c (22.0 optional special rules) ---- */
/* The optional rules a new game plays without, as the scenario data says. */
void rules_options_init(const lnlt_ctx *ctx, lnlt_state *st);

/* ---- forced_move.c (1.6.3 retreats, 8.0 shaken enterers going back) ---- */
/* The unit made a forced move: once no move is under way it draws opportunity
 * fire where it stands (5.3). */
void rules_forced_note(lnlt_state *st, int unit);
/* After every applied action: opens the window of the next forced move due, if
 * the game is at a point where one may open. */
bool rules_forced_after_action(lnlt_step *s);
/* The window of a forced move is over: back to the decision it interrupted. */
void rules_forced_window_end(lnlt_step *s);
/* 8.0: after the entry attacks (FFE, mines), the movers that entered a hex of
 * non-melee-eligible enemies and none of which may melee any more go back to the
 * hex they came from; true when that happened (the move is then over). */
bool rules_shaken_enterers_return(lnlt_step *s, bool *returned);
/* ---- caves.c (10.7 caves, 10.7.1 tunnels, 10.7.2 collapsed entrances) ---- */
/* 10.7: the cave of a hex (a bunker-floor place of kind LNLT_PLACE_CAVE), or NULL. */
const lnlt_bunker *rules_cave_at(const lnlt_ctx *ctx, int cell);
/* Is this location the inside of a cave? */
bool rules_in_cave(const lnlt_ctx *ctx, int loc);
/* 10.7.2: has the cave of this hex collapsed? */
bool rules_cave_collapsed(const lnlt_state *st, int cell);
/* 10.7: why fire from `from` may not reach `to` because of a cave, or NULL. */
const char *rules_cave_fire_barred(const lnlt_ctx *ctx, int from, int to);
/* 21.1, 10.7, 1.7: why this unit may not set up in or enter the bunker or cave `to`, or NULL. */
const char *rules_inside_barred(const lnlt_ctx *ctx, const lnlt_state *st, const lnlt_unit *u, int to);
/* 10.7.1: is a step from `from` to `to` a move through a tunnel (cave to cave)? */
bool rules_tunnel_step(const lnlt_ctx *ctx, int from, int to);
/* The other caves a stack in the cave `from` might reach through tunnels. */
int rules_tunnel_exits(const lnlt_ctx *ctx, int from, int *out, int cap);
/* 10.7.1: the half MP of the moving stack's tunnel move to the cave `to`, or -1 and *why. */
int rules_tunnel_cost2(const lnlt_ctx *ctx, const lnlt_state *st, const rules_move_facts *f, int to,
                       const char **why);
/* 10.7.1: is this unit, come through a tunnel and not fired since, out of reach
 * of `observer`'s attacks (small arms, mortars, artillery alike), its Moved marker
 * spotting nothing: no unit of that side in its cave's hex or next to it? */
bool rules_tunnel_hides(const lnlt_ctx *ctx, const lnlt_state *st, int unit, int observer);
/* 10.7.2: the cave of this hex collapses after a satchel or flamethrower attack
 * that brought a damage check: its occupants go through the tunnels to the
 * nearest open cave with room, or are eliminated. */
bool rules_cave_collapse(lnlt_step *s, int cell);
/* 10.7, 21.1.2: is `to` the inside of a cave or bunker seen from behind its front
 * (from another hex)? Then only some weapons reach it: */
bool rules_rear_attack(const lnlt_ctx *ctx, int from, int to);
/* a satchel (bunker or cave) or a mortar (cave) */
bool rules_rear_weapon(const lnlt_ctx *ctx, int to, int sw_kind);
/* Does the unit hold such a weapon (or is it a mortar team, for a cave)? */
bool rules_has_rear_weapon(const lnlt_ctx *ctx, const lnlt_state *st, int unit, int to);
/* 10.7.2: is `loc` an open cave with nobody inside (which a satchel or a
 * flamethrower may still try to collapse, without the cave's TM)? */
bool rules_empty_cave(const lnlt_ctx *ctx, const lnlt_state *st, int loc);
/* Does the unit hold a satchel charge or a flamethrower it may use? */
bool rules_has_collapse_weapon(const lnlt_ctx *ctx, const lnlt_state *st, int unit);
/* 10.7.2: is one of these weapons a satchel charge or a flamethrower (which collapse caves)? */
bool rules_sw_collapses_caves(const lnlt_ctx *ctx, const lnlt_state *st, const int *sws, int n);

/* ---- fortifications.c (21.1 bunkers, 21.2 foxholes, 21.3 wire, 21.4 mines) ---- */
/* Markers of a kind in a hex (mines: their FPs summed in *fp_total). */
int rules_forts_at(const lnlt_state *st, int cell, int kind, int *fp_total);
/* Why such a marker may not go there, or NULL. */
const char *rules_fort_barred(const lnlt_ctx *ctx, const lnlt_state *st, int kind, int cell);
int rules_bunker_tm(const lnlt_ctx *ctx, int loc);
/* Is `other` in the front arc of the bunker at bunker_loc (or in its own hex)? */
bool rules_in_bunker_front(const lnlt_ctx *ctx, int bunker_loc, int other);
/* 21.1, 21.1.2: why fire from `from` may not reach `to` for a bunker, or NULL. */
const char *rules_bunker_fire_barred(const lnlt_ctx *ctx, int from, int to, bool ordnance);
/* 21.3: the half MP to enter `cell` for a mover column: the wire's total there, else cost2. */
int rules_wire_cost2(const lnlt_ctx *ctx, const lnlt_state *st, int cell, int mover, int cost2);
void rules_wire_on_leave(lnlt_step *s, int cell);
int rules_mines_side(const lnlt_fort *f);
int rules_mines_fp(const lnlt_fort *f);
/* 21.4: friendly mines there cost +1 MP. */
bool rules_friendly_mines(const lnlt_state *st, int cell, int side);
/* 21.4, 21.4.1: the mines of a hex attack the entering enemy units. */
bool rules_mines_attack(lnlt_step *s, int cell, const uint8_t *entering);
bool rules_mines_attack_units(lnlt_step *s, int cell, const int *units, int n);

#include "rules/internal_vehicles.h" /* vehicles, guns, ordnance and ATGMs, close assault, passengers */

/* ---- opportunity_move.c (6.8 opportunity movement) ---- */
/* The units of the side not moving in `cell` that may opportunity-move now. */
int rules_om_units(const lnlt_ctx *ctx, const lnlt_state *st, int cell, int *out);
/* Is there any (the 5.3 window stays open for it)? */
bool rules_om_possible(const lnlt_ctx *ctx, const lnlt_state *st);
/* Suspends the move and starts the opportunity move of `cell`'s units (pick). */
bool rules_opp_move(lnlt_step *s, int cell, const uint8_t *pick, int mode);
/* After every applied action: resumes the suspended move once the opportunity
 * move is over. */
bool rules_om_after_action(lnlt_step *s);

#endif
