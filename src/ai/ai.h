/*
 * ai.h: the computer players' internal interface (src/ai/ only; the public face is
 * lnlt/bot.h). The pieces, one file each:
 *
 *   ai_engine.c   the thin layer over the engine every search goes through: the
 *                 legal list, applying an action without a log, re-sampling the
 *                 dice, and the side's view of a position. Swapping the public API
 *                 for the fast search API (lnlt/search.h) or the view query
 *                 (lnlt/view.h) is a change to that file alone.
 *   ai_board.c    what a bot knows about the scenario before play: per-hex cover,
 *                 line of sight between hexes, and the goals the victory conditions
 *                 set each side (hexes to control, exits, objectives, VP), with a
 *                 movement-cost distance field to each.
 *   ai_board_cache.c  that study kept per scenario and map content, so a
 *                 bot built for every decision does not study the scenario again.
 *   ai_eval.c     the value of a position for one side, in [-1, 1]: material,
 *                 shaken units, cover against the fire it faces, progress toward
 *                 the goals, the time left.
 *   ai_draw.c     what the enemy's unspent opportunity fire is worth to a mover.
 *   ai_events.c   what an event marker not yet set off may cost the units that
 *                 set it off (an ambush of unknown size).
 *   ai_tactics.c  the scripted player (easy, normal): every legal action scored
 *                 in the manner of Wesnoth's RCA AI, moves planned to a destination.
 *   ai_rollout.c  the cheap policy that plays out the search's simulations.
 *   ai_mcts.c     Monte-Carlo tree search (hard).
 *
 * Everything here reads the game only through include/lnlt (DESIGN.md layering).
 */
#ifndef LNLT_AI_INTERNAL_H
#define LNLT_AI_INTERNAL_H

#include <stdbool.h>
#include <stdint.h>

#include "lnlt/data.h"
#include "lnlt/dice.h"
#include "lnlt/game.h"
#include "lnlt/map.h"
#include "lnlt/scenario.h"

/* ---------------------------------------------------------------------- */
/* ai_engine.c: the engine as the search sees it                           */
/* ---------------------------------------------------------------------- */

/* Legal actions of the current decision, into a growable buffer owned by the
 * caller. Returns the count (0: the game is over) or -1 when out of memory. */
typedef struct ai_moves {
    lnlt_action *a;
    int n, cap;
} ai_moves;

int ai_legal(const lnlt_ctx *ctx, const lnlt_state *st, ai_moves *m);
void ai_moves_free(ai_moves *m);

/* The no-fire that lets the other side's opportunity fire (or its fire at an
 * ATGM's firer) go by, without listing the decision (lnlt_search_pass): false
 * when the decision is not one of those. */
bool ai_pass(const lnlt_ctx *ctx, const lnlt_state *st, lnlt_action *out);

/* A legal action of st that changes nothing (pass, end-rally, done, stop,
 * decline), read from the whole list; false if there is none (bot.c: the rest a
 * bot takes after too many decisions in one phase). */
bool ai_rest_action(const lnlt_ctx *ctx, const lnlt_state *st, lnlt_action *out);

/* Applies an action of ai_legal's list of this very state (the trusted path of
 * lnlt/search.h), with the state's own dice and no log. */
bool ai_play(const lnlt_ctx *ctx, lnlt_state *st, const lnlt_action *a);

/* Gives the state fresh dice: every die it rolls from now on follows `seed`, so a
 * simulation never uses (or learns) the dice of the real game. */
void ai_reseed(lnlt_state *st, uint64_t seed);

/* The position as `side` may know it (DESIGN.md "The computer opponent"): the
 * dice are re-sampled from resample_seed, so nothing a bot computes depends on
 * the game's future rolls, and what the side may not know is out of it
 * (lnlt_state_for_side). The one place a bot turns a state into what it may
 * look at. */
void ai_view(const lnlt_ctx *ctx, const lnlt_state *st, int side, uint64_t resample_seed, lnlt_state *out);

/* The first word of an action's command text is not needed: these classify by
 * type. */
bool ai_is_fire(int type);   /* fire, opfire, assault-fire, snipe, hr-fire, ... */
bool ai_is_move(int type);   /* starts a move: move, assault, dt, crawl, enter, stealth... */

/* splitmix64: a well-mixed 64-bit sequence for seeds. */
static inline uint64_t ai_mix(uint64_t *x)
{
    uint64_t z = (*x += 0x9e3779b97f4a7c15ull);
    z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9ull;
    z = (z ^ (z >> 27)) * 0x94d049bb133111ebull;
    return z ^ (z >> 31);
}

/* ---------------------------------------------------------------------- */
/* ai_board.c: static knowledge of the scenario                            */
/* ---------------------------------------------------------------------- */

#define AI_CELLS LNLT_MAX_CELLS
#define AI_GOALS 12

/* The marks of a unit that has acted this turn (moved, fired, ops complete...):
 * it may not act again before the next turn. */
enum {
    AI_ACTED_MARKS = LNLT_MARK_MOVED | LNLT_MARK_ASSAULT_MOVE | LNLT_MARK_FIRED | LNLT_MARK_OPS_COMPLETE |
                     LNLT_MARK_LOW_CRAWL | LNLT_MARK_STEALTH | LNLT_MARK_HIT_AND_RUN
};
#define AI_FAR 0x7fff

typedef enum ai_goal_kind {
    AI_GOAL_CONTROL = 0, /* hold `need` hexes of the set (VP per hex when vp > 0) */
    AI_GOAL_EXIT,        /* leave the map through the set: `need` halves and `leaders` leaders */
    AI_GOAL_OBJECTIVE,   /* hold the objective hex with the named units until it is destroyed */
    AI_GOAL_ELIMINATE,   /* eliminate `need` enemy half squads */
    AI_GOAL_BREAK        /* leave no good-order enemy on the map */
} ai_goal_kind;

typedef struct ai_goal {
    uint8_t kind;        /* ai_goal_kind */
    uint8_t side;        /* the side the goal serves (1 or 2) */
    bool for_victory;    /* a victory condition (all must hold), not a VP source */
    int8_t objective;    /* AI_GOAL_OBJECTIVE: index into the scenario's objectives */
    int16_t need;        /* hexes, halves, or eliminated halves; 0 = every hex of the set */
    int16_t leaders;     /* AI_GOAL_EXIT */
    int16_t vp;          /* VP per hex held (most-VP scenarios) */
    int16_t by_turn;     /* 0 = the end of the game */
    int16_t count;       /* hexes in the set */
    uint8_t cells[AI_CELLS / 8];
    /* The set's count hexes in cell order, so the evaluation, run for every
     * candidate of every decision, visits them rather than every hex of the map. */
    int16_t hex[AI_CELLS];
    int16_t dist2[AI_CELLS]; /* half MP from each hex to the nearest hex of the set (AI_FAR: none) */
} ai_goal;

typedef struct ai_board {
    const lnlt_ctx *ctx;
    int cells;
    bool usable[AI_CELLS];      /* on the board and in the playable area */
    int16_t nb[AI_CELLS][6];    /* neighbours (-1 off the board) */
    int8_t tm[AI_CELLS];        /* the hex terrain's target modifier */
    bool no_moving_bonus[AI_CELLS];
    uint8_t *los;               /* cells x cells: verdict | degrade << 2 at ground level */
    int goal_count;
    ai_goal goal[AI_GOALS];
    int defender;               /* the side that wins when the conditions fail (0: none) */
    /* Half MP from each hex to each goal hex (NULL for hexes in no goal), so a
     * player can tell how far its units are from the goal hexes it still lacks. */
    int16_t *to_cell[AI_CELLS];
    /* Expected loss (fraction of a unit's worth) from one attack of strength
     * FP + DRM - TM = x, for x = -12..12 (index x + 12): 5.0 opposed roll, 5.1 DCT
     * against a good-order Morale 5 MMC. */
    float hit[25];
    /* Half MP from each hex to the nearest hex a side's goals name (its own, or
     * the enemy's when it has none: the hexes it must deny), AI_FAR if none. */
    int16_t attract2[3][AI_CELLS];
    /* Unit values by catalog type: what losing one costs. */
    float unit_value[LNLT_MAX_UNIT_TYPES];
    float sw_value[LNLT_MAX_SW_TYPES];
} ai_board;

/* Builds the knowledge for ctx (heap); NULL when out of memory or ctx has no map
 * and scenario (a bot then falls back to its plain scores). */
ai_board *ai_board_new(const lnlt_ctx *ctx);
void ai_board_free(ai_board *b);
/* Fills the counters' worth (unit_value, sw_value) from a catalog. */
void ai_board_set_values(ai_board *b, const lnlt_catalog *cat);

/* ---------------------------------------------------------------------- */
/* ai_board_cache.c: the study kept per scenario and map content            */
/* ---------------------------------------------------------------------- */

#define AI_BOARD_CACHE_MAX 8

/* The same study as ai_board_new(ctx), from the cache when a scenario and map of
 * the same content were studied before (the caller's own copy: ai_board_free).
 * lnlt_bot_cache_clear (lnlt/bot.h) empties the cache. */
ai_board *ai_board_get(const lnlt_ctx *ctx);

typedef struct ai_board_cache_stats {
    int entries;
    long hits, misses, evictions; /* since the last lnlt_bot_cache_clear */
} ai_board_cache_stats;
void ai_board_cache_get_stats(ai_board_cache_stats *out);

static inline int ai_dist(int a, int b, const ai_board *bd)
{
    return lnlt_hex_distance(lnlt_map_hex_at(bd->ctx->map, a), lnlt_map_hex_at(bd->ctx->map, b));
}
/* LOS verdict between the ground locations of two cells (lnlt_los_verdict). */
static inline int ai_los(const ai_board *bd, int a, int b) { return bd->los[a * bd->cells + b] & 3; }
static inline int ai_los_degrade(const ai_board *bd, int a, int b) { return (bd->los[a * bd->cells + b] >> 2) & 3; }

/* ---------------------------------------------------------------------- */
/* ai_eval.c: the value of a position                                       */
/* ---------------------------------------------------------------------- */

/* What the evaluation learns about a position, reused by the policies. */
typedef struct ai_stack {
    int16_t loc;      /* location (cell + floor) */
    uint8_t side;
    uint8_t units;    /* units here */
    uint8_t mmc_go;   /* good-order MMCs */
    uint8_t shaken;
    int8_t lm;        /* best good-order leader's LM, 0 if none */
    int8_t fp;        /* firepower it can put out now (IFP + SW + LM) */
    int8_t range;     /* the longest range among its firers */
    bool can_fire;    /* someone here may still fire this phase */
    int8_t op_fp;     /* the FP of the units here that may still fire at a mover (5.3) */
    uint8_t op_firers; /* how many units and weapons that FP comes from (none: no fire) */
    bool medic;       /* a good-order medic or corpsman */
    float value;      /* its units' worth */
} ai_stack;

#define AI_STACKS 64

typedef struct ai_scan {
    int nstacks;
    ai_stack stack[AI_STACKS];
    int16_t stack_of_cell[AI_CELLS]; /* ground stack index per cell, -1 none (first found) */
} ai_scan;

void ai_scan_position(const ai_board *bd, const lnlt_state *st, ai_scan *out);

/* Expected loss from an attack of strength x = FP + DRM - TM (ai_board.hit). */
static inline float ai_hit(const ai_board *bd, int x) { return bd->hit[x < -12 ? 0 : x > 12 ? 24 : x + 12]; }

/* ai_draw.c (R-AI-03): the expected loss of one opportunity-fire attack (5.3)
 * of enemy stack e on a unit entering `cell`. */
float ai_shot_at_mover(const ai_board *bd, const ai_stack *e, int cell);

/* The enemy stacks whose unspent opportunity fire a move may draw away from the
 * side's units still to move this turn: at most AI_DRAWN_MAX, those worth most to
 * the waiting units first. */
#define AI_DRAWN_MAX 12
typedef struct ai_draw_targets {
    int n;
    int stack[AI_DRAWN_MAX];    /* index into the scan */
    float reserve[AI_DRAWN_MAX]; /* what its fire spent is worth to the waiting units */
} ai_draw_targets;

/* The targets for a move of st->move.units by `side` (none outside the
 * Operations Phase, for a side without goals of its own, or when the side's exit
 * goals cannot spare the movers, R-AI-21). */
void ai_draw_find(const ai_board *bd, const ai_scan *sc, const lnlt_state *st, int side, ai_draw_targets *dt);
/* Movers entering `cell` (spending `shots` MP there) draw the fire of targets
 * that may fire at them there: drawn[j] (false at the move's start) is set. */
void ai_draw_pull(const ai_board *bd, const ai_scan *sc, const ai_draw_targets *dt, int cell, int shots, bool *drawn);
/* What the fire drawn is worth to the waiting units. */
float ai_draw_worth(const ai_draw_targets *dt, const bool *drawn);

/* ai_events.c (R-AI-41): event markers not yet set off (1.8), priced as an
 * ambush. Bits are the scenario's event indices (scenario->event[k]). */
/* The Line of Sight markers `side` sets off whose effect is a paragraph nobody
 * has read. */
uint8_t ai_events_unread(const ai_board *bd, int side);
/* Which of `markers` a unit of the side in `cell` sets off (occupying the hex
 * of an Occupation marker, seeing that of a Line of Sight one). */
uint8_t ai_events_set_off_at(const ai_board *bd, uint8_t markers, int cell);
/* The markers a side's view (lnlt_state_for_side) records as set off in the game:
 * public, R-VIEW-01, 05. A state that is not a view records none. */
uint8_t ai_events_gone(const ai_board *bd, const lnlt_state *view);
/* Expected loss (fraction of the worth) of a unit entering `cell` under the fire
 * of the ambush an unread marker may hide. */
float ai_ambush_loss(const ai_board *bd, int cell);
/* The worth of the moving stack (st->move.units) that setting a marker off
 * exposes beyond what the side cannot avoid exposing: somebody must set it off,
 * and the cheapest good-order MMC of the side on the map is the least it can
 * send, so a stack with an MMC is charged its worth less that one's. */
float ai_ambush_exposed(const ai_board *bd, const lnlt_state *st, int side);
/* What setting a marker off spares the side's other units: the exposed worth of
 * its largest stack that may still move this turn, crossing open ground. */
float ai_ambush_clearing(const ai_board *bd, const lnlt_state *st, int side);

/* ai_overrun.c, R-AI-100: part of the worth of the enemy stacks with no unit
 * able to fight a melee (8.0) next to a good-order MMC of `side` still free to move. */
float ai_overrun_points(const ai_board *bd, const lnlt_state *st, const ai_scan *sc, int side);
/* Value of st for `side` in [-1, 1]: +1 a won game, -1 a lost one. */
float ai_evaluate(const ai_board *bd, const lnlt_state *st, int side);
/* The same before squashing (material and goal points, side minus enemy), for
 * explanations and the scripted scores. */
float ai_evaluate_points(const ai_board *bd, const lnlt_state *st, int side);

/* R-AI-09 (ai_phase_end.c): whether the Operations Phase's end now would cost
 * `side` a goal still due (the game's last turn, a goal's deadline turn, the
 * last turn an objective's hold can begin); and the worth for the passing side
 * of its `pass` answered by the enemy's pass, when that answer ends the phase
 * (1e6 when it cannot: the pass then costs nothing more than it shows). */
bool ai_phase_end_costs_goal(const ai_board *bd, const lnlt_state *st, int side);
float ai_phase_end_value(const lnlt_ctx *ctx, const ai_board *bd, const lnlt_state *st, const lnlt_action *pass,
                         ai_moves *scratch, uint64_t seed);
/* Half-squads a unit of this kind counts for an exit condition (22.0, as the
 * engine counts them in victory.c: a squad or weapon team two, a half-squad or
 * crew one, others none). */
int ai_exit_halves(int kind);

/* ai_goal_reach.c: turns of movement before `side` could stand in the `missing`
 * nearest hexes of control goal g it does not hold, each hex by a different
 * good-order controlling unit, paired nearest first (R-AI-61); written to out
 * in ascending order (AI_REACH_NEVER where no unit is left). Returns how many. */
#define AI_REACH_NEVER 6.0f
int ai_goal_reach(const ai_board *bd, const lnlt_state *st, int side, const ai_goal *g, int missing, float *out,
                  int max);

/* ai_objective.c: an objective's named unit and a good-order MMC of its side in
 * hex `cell` with no melee there (R-SCN-05). With `idle`, neither has acted this
 * turn either (so a hold begun with the turn still counts at its end); without,
 * they are there to begin a hold with the next turn (R-AI-82). */
/* Objective k's state bits (lnlt/game.h): destroyed (events_done bits 4-7) and
 * held since the turn began (objectives bits 4-7). */
bool ai_objective_destroyed(const lnlt_state *st, int k);
bool ai_objective_hold_begun(const lnlt_state *st, int k);
bool ai_objective_held(const ai_board *bd, const lnlt_state *st, const lnlt_scn_objective *o, int cell, bool idle);
/* The named unit of an objective of `side` not yet destroyed is among `units`
 * (a unit bit set). */
bool ai_objective_named_among(const ai_board *bd, const lnlt_state *st, int side, const uint8_t *units);
/* R-AI-83: a move of a part of a stack worth judging one level down: it carries
 * the named unit of an objective of the mover's side that is known and not yet
 * destroyed, with at most one other unit. */
bool ai_objective_mover(const ai_board *bd, const lnlt_state *st, const lnlt_action *a);
/* R-AI-08: a unit of `side` in `cell` is the named unit of an objective of the
 * side not yet destroyed. */
bool ai_objective_named_in_cell(const ai_board *bd, const lnlt_state *st, int side, int cell);

/* The scale that turns points into [-1, 1]: value = tanh(points / AI_POINT_SCALE). */
#define AI_POINT_SCALE 30.0f

/* ---------------------------------------------------------------------- */
/* ai_tactics.c: the scripted player                                        */
/* ---------------------------------------------------------------------- */

typedef struct ai_tactics ai_tactics;

typedef struct ai_tactics_cfg {
    int samples;        /* dice samples per scored action */
    float noise;        /* easy: points of random noise added to each score */
    bool plan_moves;    /* search each move's destination (off: greedy steps) */
} ai_tactics_cfg;

/* ai_groups.c, ruling R-AI-04: is `a` the move of exactly the good-order units
 * of a hex that also holds shaken ones (weighed with the whole stacks' moves)? */
bool ai_move_is_good_order_part(const lnlt_state *st, const lnlt_action *a);

ai_tactics *ai_tactics_new(const ai_board *bd, const ai_tactics_cfg *cfg, uint64_t seed);
void ai_tactics_free(ai_tactics *t);

/* R-AI-41: the event markers (ai_events_unread bits) still on the map that the
 * side to move may set off; a move that sets one off is charged the ambush. */
void ai_tactics_set_unread_events(ai_tactics *t, uint8_t markers);

/* Scores every legal action of the current decision (points for the side to
 * act; higher is better) into scores[] (n entries, in the order of legal[]). */
void ai_tactics_score(ai_tactics *t, const lnlt_state *st, const lnlt_action *legal, int n, float *scores);
/* Picks one action; false when the game is over. */
bool ai_tactics_choose(ai_tactics *t, const lnlt_state *st, lnlt_action *out);

/* ---------------------------------------------------------------------- */
/* ai_rollout.c: the fast policy of the simulations                         */
/* ---------------------------------------------------------------------- */

/* Cheap prior scores (no look-ahead) for every legal action of the current
 * decision; scores[] gets n entries. */
void ai_quick_scores(const ai_board *bd, const ai_scan *scan, const lnlt_state *st, const lnlt_action *legal,
                     int n, float *scores);
/* Picks an action by the quick scores with some randomness from rng. */
int ai_quick_pick(const ai_board *bd, const lnlt_state *st, const lnlt_action *legal, int n, lnlt_pcg32 *rng);

/* ---------------------------------------------------------------------- */
/* ai_mcts.c: the search                                                     */
/* ---------------------------------------------------------------------- */

typedef struct ai_mcts ai_mcts;

typedef enum ai_search_mode {
    AI_SEARCH_HALVING = 0, /* the root's best candidates by prior, Sequential Halving over paired playouts */
    AI_SEARCH_TREE         /* open-loop PUCT tree with progressive widening */
} ai_search_mode;

typedef struct ai_mcts_cfg {
    int mode;          /* ai_search_mode */
    int ms;            /* time budget per decision */
    int max_iters;     /* 0: no cap (time decides); else stop after this many */
    int rollout_depth; /* at most this many actions played out after a leaf */
    int horizon;       /* ... and no further than this many impulses (0: no limit) */
    int tree_depth;    /* the deepest the tree grows (1: the root's children only) */
    ai_tactics *playout; /* the policy of the simulations (NULL: the fast policy) */
    int candidates;    /* halving: how many of the best-scored actions compete */
} ai_mcts_cfg;

typedef struct ai_mcts_stats {
    int iterations;
    int nodes;
    double seconds;
} ai_mcts_stats;

ai_mcts *ai_mcts_new(const ai_board *bd, ai_tactics *priors, const ai_mcts_cfg *cfg, uint64_t seed);
void ai_mcts_free(ai_mcts *m);
bool ai_mcts_choose(ai_mcts *m, const lnlt_state *st, lnlt_action *out, ai_mcts_stats *stats);

/* CPU seconds of the calling thread: the search's budget is processor time, so
 * a busy machine makes a decision slower but not weaker. */
double ai_now(void);

#endif
