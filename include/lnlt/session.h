/*
 * lnlt/session.h: a game being played: the static data (ctx), the seed, the start
 * state, the current state, the actions applied so far (with the forced dice each
 * consumed) and the event log.
 *
 * This is the layer the command line, the engine protocol and saves share; it uses
 * only the public engine API (game.h), so it keeps working as rules are added.
 * A save (docs/formats/save.md) records the scenario, the seed, the action list (as
 * text commands, with the forced faces of any action that used them), a check hash
 * after each action, the replay hash, the engine version, and the final position as
 * a mid-game scenario. Loading replays the actions (as Battle for Wesnoth does); if
 * a rules change makes the replay diverge, the player is told where and why and the
 * game continues from the saved position: a game is never lost.
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
#define LNLT_SAVE_VERSION 2
/* A save file larger than this is refused unread (as data files are). */
#define LNLT_SAVE_MAX_BYTES (16u << 20)

typedef struct lnlt_session_step {
    lnlt_action action;
    bool forced;            /* its dice came from the forced queue */
    int dice_from, dice_to; /* forced faces it consumed: [from, to) of the session's queue */
    int log_from;           /* its first event in the log */
    uint64_t hash;          /* the replay hash after it */
} lnlt_session_step;

/* The forced faces a session was given, in order: those used by its actions
 * (faces [0, next), kept so saves and undo can give each action its dice again)
 * and those still waiting [next, count). Grows as needed up to
 * LNLT_SESSION_FORCED_MAX faces; undo gives the faces of the action it takes back
 * to the waiting ones. */
#define LNLT_SESSION_FORCED_MAX (1 << 20)
typedef struct lnlt_forced_faces {
    uint8_t *face;
    int count, next, cap;
} lnlt_forced_faces;

typedef struct lnlt_session {
    char scenario[512];     /* the scenario file, as given (the save's reference) */
    uint64_t seed;
    lnlt_ctx ctx;
    bool owns_ctx;          /* ctx is the session's own: closed with it (else shared, lnlt_ctx_open_cached) */
    lnlt_state start;       /* the state before the first action */
    lnlt_state state;
    lnlt_session_step *steps;
    int nsteps, capsteps;
    lnlt_forced_faces forced; /* every forced face given; forced.next = the next to use */
    bool use_forced;        /* dice come from `forced` (scripted runs, tests) */
    lnlt_events log;
    char *base;             /* the scenario JSON the game started from when it is not the
                             * file `scenario` names (a save's final position); malloc'd */
    bool diverged;          /* loading: the replay did not give the saved game */
    char notice[1024];      /* loading: what the player must be told (divergence, old save) */
    /* [side]: who plays it, LNLT_SEAT_*; saved as the optional "seats" field so a
     * resumed game knows who was human (docs/formats/save.md). */
    uint8_t seat[3];
} lnlt_session;

enum { LNLT_SEAT_UNKNOWN = 0, LNLT_SEAT_HUMAN = 1, LNLT_SEAT_BOT = 2 };

/* Opens a scenario file (shared per process: lnlt_ctx_open_cached) and starts a game with the given seed. On
 * failure s is zeroed (safe to close) and err says why. */
bool lnlt_session_open(lnlt_session *s, const char *scenario_path, uint64_t seed, lnlt_error *err);

/* Starts a game on a ctx built by the caller (tests; the ctx's data must outlive
 * s). label is what saves record as the scenario. */
void lnlt_session_start(lnlt_session *s, const lnlt_ctx *ctx, const char *label, uint64_t seed);
/* 22.0: turns the scenario's optional special rule `rule` on or off for this game
 * (lnlt_rule_set); only before the first action. */
bool lnlt_session_set_rule(lnlt_session *s, int rule, bool on, lnlt_error *err);
/* The same from text "N=on" or "N=off" (a command-line or request option). */
bool lnlt_session_set_rule_text(lnlt_session *s, const char *text, lnlt_error *err);

void lnlt_session_close(lnlt_session *s);

/* Adds forced faces ("4,3,6": commas or blanks between single faces 1-6) and
 * switches to forced dice: from now on every die comes from the queue, and
 * running out is an error of the action that needed the die. A bad list adds
 * nothing. lnlt_session_random_dice switches back to the state's generator and
 * drops the faces still waiting, so they never surface in a later forced roll. */
bool lnlt_session_force_dice(lnlt_session *s, const char *faces, lnlt_error *err);
void lnlt_session_use_forced_dice(lnlt_session *s);
void lnlt_session_random_dice(lnlt_session *s);
/* Appends n forced faces (each 1-6) without switching to forced dice; a bad face
 * adds nothing. */
bool lnlt_session_push_faces(lnlt_session *s, const uint8_t *faces, int n, lnlt_error *err);
/* Forced faces given and not yet used. */
int lnlt_session_forced_left(const lnlt_session *s);

/* Applies a legal action; on failure nothing changes (state, log, dice, history). */
bool lnlt_session_apply(lnlt_session *s, const lnlt_action *a, lnlt_error *err);
/* Parses a text command against the current decision and applies it. */
bool lnlt_session_apply_text(lnlt_session *s, const char *command, lnlt_error *err);

/* Takes back the last action (replays from the start without it, so it needs no
 * snapshots), including its log lines and forced faces. False if none. */
bool lnlt_session_undo(lnlt_session *s, lnlt_error *err);

uint64_t lnlt_session_hash(const lnlt_session *s);
bool lnlt_session_over(const lnlt_session *s);

/* Writes the save atomically: a new temporary file (O_EXCL, random name) in the
 * same directory, flushed to disk, given the mode of the file it replaces, renamed
 * over path, then the directory flushed: a crash while saving leaves the previous
 * save intact. A sandbox (lnlt/sandbox.h) confines path. */
bool lnlt_session_save(const lnlt_session *s, const char *path, lnlt_error *err);

/* Opens a save: replays its actions on its scenario and checks the hash after each
 * and at the end. On success *s is overwritten (close any earlier session first);
 * s->notice says what the player must know: a replay that diverged (where and why;
 * the game then continues from the save's final position, or from as far as the
 * actions replayed when the save holds none), or an old save. On failure *s is not
 * touched and err names the file, the JSON path and what was wrong. The scenario
 * resolves inside the data directory only (lnlt_data_dir; outside a sandbox also
 * relative to the working directory, the save and the source tree, never through
 * ".." or an absolute path). */
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
