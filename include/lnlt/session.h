/*
 * lnlt/session.h: a game being played: the static data (ctx), the seed, the start
 * state, the current state, the actions applied so far (with the forced dice each
 * consumed) and the event log.
 *
 * This is the layer the command line, the engine protocol and saves share; it uses
 * only the public engine API (game.h), so it keeps working as rules are added.
 * A save is the scenario reference, the seed, the action list (as text commands,
 * with the forced faces of any action that used them) and the state hash: loading a
 * save is replaying it (as Battle for Wesnoth does), and a save whose replay ends on
 * another hash is refused. Format: docs/cli.md, "Save files".
 */
#ifndef LNLT_SESSION_H
#define LNLT_SESSION_H

#include <stdbool.h>
#include <stdint.h>

#include "lnlt/dice.h"
#include "lnlt/error.h"
#include "lnlt/event.h"
#include "lnlt/game.h"

#define LNLT_SAVE_FORMAT "lnlt-save"
#define LNLT_SAVE_VERSION 1

typedef struct lnlt_session_step {
    lnlt_action action;
    bool forced;            /* its dice came from the forced queue */
    int dice_from, dice_to; /* forced faces it consumed: [from, to) of the session's queue */
    int log_from;           /* its first event in the log */
} lnlt_session_step;

typedef struct lnlt_session {
    char scenario[512];     /* the scenario file, as given (the save's reference) */
    uint64_t seed;
    lnlt_ctx ctx;
    bool owns_ctx;          /* ctx came from lnlt_ctx_open: closed with the session */
    lnlt_state start;       /* the state before the first action */
    lnlt_state state;
    lnlt_session_step *steps;
    int nsteps, capsteps;
    lnlt_dice_queue forced; /* every forced face given; forced.next = the next to use */
    bool use_forced;        /* dice come from `forced` (scripted runs, tests) */
    lnlt_events log;
    /* [side]: who plays it, LNLT_SEAT_*; saved as the optional "seats" field so a
     * resumed game knows who was human (docs/cli.md, "Save files"). */
    uint8_t seat[3];
} lnlt_session;

enum { LNLT_SEAT_UNKNOWN = 0, LNLT_SEAT_HUMAN = 1, LNLT_SEAT_BOT = 2 };

/* Opens a scenario file (lnlt_ctx_open) and starts a game with the given seed. On
 * failure s is zeroed (safe to close) and err says why. */
bool lnlt_session_open(lnlt_session *s, const char *scenario_path, uint64_t seed, lnlt_error *err);

/* Starts a game on a ctx built by the caller (tests; the ctx's data must outlive
 * s). label is what saves record as the scenario. */
void lnlt_session_start(lnlt_session *s, const lnlt_ctx *ctx, const char *label, uint64_t seed);

void lnlt_session_close(lnlt_session *s);

/* Adds forced faces ("4,3,6") and switches to forced dice: from now on every die
 * comes from the queue, and running out is an error of the action that needed the
 * die. lnlt_session_random_dice switches back to the state's generator. */
bool lnlt_session_force_dice(lnlt_session *s, const char *faces, lnlt_error *err);
void lnlt_session_use_forced_dice(lnlt_session *s);
void lnlt_session_random_dice(lnlt_session *s);

/* Applies a legal action; on failure nothing changes (state, log, dice, history). */
bool lnlt_session_apply(lnlt_session *s, const lnlt_action *a, lnlt_error *err);
/* Parses a text command against the current decision and applies it. */
bool lnlt_session_apply_text(lnlt_session *s, const char *command, lnlt_error *err);

/* Takes back the last action (replays from the start without it, so it needs no
 * snapshots), including its log lines and forced faces. False if none. */
bool lnlt_session_undo(lnlt_session *s, lnlt_error *err);

uint64_t lnlt_session_hash(const lnlt_session *s);
bool lnlt_session_over(const lnlt_session *s);

/* Writes the save atomically (a temporary file in the same directory, flushed to
 * disk, then renamed over path): a crash while saving leaves any previous save
 * intact. */
bool lnlt_session_save(const lnlt_session *s, const char *path, lnlt_error *err);

/* Opens a save: loads its scenario, replays its actions and checks the hash. On
 * success *s is overwritten (close any earlier session first); on failure *s is
 * not touched and err names the file, the JSON path and what was wrong. The
 * scenario is looked for as written, then next to the save, then in the source
 * tree. */
bool lnlt_session_load(lnlt_session *s, const char *path, lnlt_error *err);

/* The same for a save already parsed (a jansson json_t*, as void*); `name` is used
 * in messages. ctx, when not NULL, is used instead of opening the save's scenario
 * (tests with hand-built data). */
bool lnlt_session_load_json(lnlt_session *s, const void *save, const char *name, const lnlt_ctx *ctx,
                            lnlt_error *err);

/* The save as JSON (jansson json_t*, as void*; the caller decrefs). */
void *lnlt_session_save_json(const lnlt_session *s);

/* The state as JSON (jansson json_t*, as void*; caller decrefs): turn, phase,
 * decision, legal actions, units (with type names and hex ids when the catalog
 * and map are loaded) and the hash. */
void *lnlt_session_state_json(const lnlt_session *s);

/* "0123456789abcdef": the hash as saves and the protocol print it. */
void lnlt_hash_format(uint64_t h, char buf[17]);

#endif
