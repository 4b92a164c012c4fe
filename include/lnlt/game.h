/*
 * lnlt/game.h: the rules engine's public face (DESIGN.md principles 1-3).
 *
 * The game state is one flat struct (no pointers, fixed capacity), so cloning is a
 * memcpy and a hash of its bytes detects divergence. The engine always waits on
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

/* Sides are 1 and 2; the scenario says which nation each is. */
enum { LNLT_SIDE_NONE = 0, LNLT_SIDE_1 = 1, LNLT_SIDE_2 = 2 };
static inline int lnlt_other_side(int side) { return 3 - side; }

/* Phases of a turn (rule 2.0), plus the state after the last turn. */
typedef enum lnlt_phase {
    LNLT_PHASE_RALLY = 1,
    LNLT_PHASE_OPERATIONS = 2,
    LNLT_PHASE_ADMIN = 3,
    LNLT_PHASE_GAME_OVER = 4
} lnlt_phase;

/* What kind of decision the engine waits on. */
typedef enum lnlt_decision_kind {
    LNLT_DECIDE_NONE = 0,    /* game over */
    LNLT_DECIDE_RALLY = 1,   /* rally-phase actions of one side (3.0), then "end-rally" */
    LNLT_DECIDE_IMPULSE = 2  /* an operations impulse: activate or pass (4.0) */
} lnlt_decision_kind;

typedef struct lnlt_decision {
    uint8_t side; /* who decides; 0 when the game is over */
    uint8_t kind; /* lnlt_decision_kind */
} lnlt_decision;

/* Action types. Arguments are small integers (hex indices, unit indices). */
typedef enum lnlt_action_type {
    LNLT_ACT_NONE = 0,
    LNLT_ACT_PASS = 1,      /* 4.0: pass the impulse */
    LNLT_ACT_END_RALLY = 2  /* 3.0: this side has finished its rally-phase actions */
} lnlt_action_type;

#define LNLT_ACTION_ARGS 12

typedef struct lnlt_action {
    uint8_t type; /* lnlt_action_type */
    uint8_t side;
    uint8_t nargs;
    uint8_t reserved;
    int16_t arg[LNLT_ACTION_ARGS];
} lnlt_action;

#define LNLT_MAX_UNITS 64

/* One counter on the map. Grows with the rules (status, markers, held weapons). */
typedef struct lnlt_unit {
    int16_t type;  /* index into the counter data */
    int16_t hex;   /* index into the map's hexes; -1 off map */
    uint8_t side;
    uint8_t level;
    uint8_t status;
    uint8_t marks;
} lnlt_unit;

/* The whole game state. Every byte is meaningful: lnlt_state_init zeroes it and the
 * fields are laid out without padding, so hashing the bytes is sound. */
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
    uint32_t reserved0;
    lnlt_pcg32 rng;
    uint16_t unit_count;
    uint16_t reserved;
    uint32_t actions_applied;
    lnlt_unit unit[LNLT_MAX_UNITS];
} lnlt_state;

#define LNLT_STATE_VERSION 1u

struct lnlt_map;
struct lnlt_catalog;
struct lnlt_scenario;

/* Static inputs of a game. lnlt_ctx_open fills it from a scenario file; tests may
 * fill it by hand (the data pointers may then be NULL). */
typedef struct lnlt_ctx {
    int turns;              /* number of game turns */
    int first_initiative;   /* side with the initiative on turn 1 */
    const char *side_name[3]; /* [1], [2]: e.g. "US", "German"; NULL: "side 1" */
    const struct lnlt_map *map;
    const struct lnlt_catalog *catalog;
    const struct lnlt_scenario *scenario;
    void *owned;            /* what lnlt_ctx_open loaded; freed by lnlt_ctx_close */
} lnlt_ctx;

/* Loads a scenario file with the map and counter data it names (data/ next to it
 * or the source tree's data/) and fills ctx. On failure ctx is zeroed. */
bool lnlt_ctx_open(const char *scenario_path, lnlt_ctx *ctx, lnlt_error *err);
void lnlt_ctx_close(lnlt_ctx *ctx);

/* Starts a game at turn 1, rally phase. seed fixes every random die of the game. */
void lnlt_state_init(lnlt_state *st, const lnlt_ctx *ctx, uint64_t seed);

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

/* 64-bit FNV-1a of the state bytes. */
uint64_t lnlt_state_hash(const lnlt_state *st);

void lnlt_state_clone(lnlt_state *dst, const lnlt_state *src);

/* Actions as short text: "pass", "end-rally". */
bool lnlt_action_parse(const lnlt_ctx *ctx, const lnlt_state *st, const char *text, lnlt_action *out,
                       lnlt_error *err);
void lnlt_action_format(const lnlt_ctx *ctx, const lnlt_action *a, char *buf, size_t len);
bool lnlt_action_equal(const lnlt_action *a, const lnlt_action *b);

const char *lnlt_side_name(const lnlt_ctx *ctx, int side);
const char *lnlt_phase_name(int phase);

#endif
