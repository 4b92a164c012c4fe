/*
 * save_load.c: opening a save (docs/formats/save.md): its shape checked field by
 * field, its scenario resolved inside the data directory, its actions replayed
 * with their forced faces and a check hash after each, and the replay hash at the
 * end. A save from an older lnlt whose replay no longer gives the saved game (a
 * rules fix changed what happened) is not refused: the player is told at which
 * action and why, and the game continues from the final position the save holds,
 * or, for a save without one (version 1), after the actions that still replay
 * (issue 17: never lose a game; rulings R-SAVE-07 to R-SAVE-09).
 */
#define _XOPEN_SOURCE 700 /* realpath */
#include <errno.h>
#include <inttypes.h>
#include <jansson.h>
#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "lnlt/data.h"
#include "lnlt/sandbox.h"
#include "lnlt/scenario.h"
#include "lnlt/session.h"

#ifndef LNLT_SOURCE_DIR
#define LNLT_SOURCE_DIR "."
#endif

/* What a save holds, once its shape is checked. */
typedef struct save_view {
    int version;
    const char *scenario, *hash;
    uint64_t seed;
    int rules_off; /* 22.0: the optional rules turned off, -1: as the scenario says */
    const json_t *acts, *checks, *base, *final;
    uint8_t seat[3]; /* who played each side (LNLT_SEAT_*), when the save says */
} save_view;

static bool parse_u64(const char *text, uint64_t *out)
{
    if (!*text)
        return false;
    uint64_t v = 0;
    for (const char *p = text; *p; p++) {
        if (*p < '0' || *p > '9')
            return false;
        uint64_t d = (uint64_t)(*p - '0');
        if (v > (UINT64_MAX - d) / 10)
            return false;
        v = v * 10 + d;
    }
    *out = v;
    return true;
}

static bool is_hex_digits(const char *h, size_t n)
{
    if (!h || strlen(h) != n)
        return false;
    for (; *h; h++)
        if (!((*h >= '0' && *h <= '9') || (*h >= 'a' && *h <= 'f')))
            return false;
    return true;
}

static bool check_save(const json_t *o, const char *name, save_view *v, lnlt_error *err)
{
    memset(v, 0, sizeof *v);
    if (!json_is_object(o))
        return lnlt_error_set(err, "%s: not a save: expected a JSON object", name);
    const char *fmt = json_string_value(json_object_get(o, "format"));
    json_t *ver = json_object_get(o, "version");
    const char *seedtext = json_string_value(json_object_get(o, "seed"));
    v->scenario = json_string_value(json_object_get(o, "scenario"));
    v->acts = json_object_get(o, "actions");
    v->checks = json_object_get(o, "checks");
    v->base = json_object_get(o, "base");
    v->final = json_object_get(o, "final");
    v->hash = json_string_value(json_object_get(o, "hash"));
    if (!fmt || strcmp(fmt, LNLT_SAVE_FORMAT))
        return lnlt_error_set(err, "%s: $.format: expected \"%s\" (this is not an lnlt save)", name,
                              LNLT_SAVE_FORMAT);
    if (!json_is_integer(ver) || json_integer_value(ver) < 1 || json_integer_value(ver) > LNLT_SAVE_VERSION)
        return lnlt_error_set(err, "%s: $.version: expected 1 to %d (a save from a newer lnlt?)", name,
                              LNLT_SAVE_VERSION);
    v->version = (int)json_integer_value(ver);
    if (!v->scenario || !*v->scenario || strlen(v->scenario) > 500)
        return lnlt_error_set(err, "%s: $.scenario: expected the scenario file name (a string)", name);
    if (!seedtext || !parse_u64(seedtext, &v->seed))
        return lnlt_error_set(err, "%s: $.seed: expected a decimal number 0..2^64-1 in a string", name);
    if (!json_is_array(v->acts))
        return lnlt_error_set(err, "%s: $.actions: expected an array of commands", name);
    json_t *off = json_object_get(o, "optional_rules_off");
    v->rules_off = -1;
    if (off && (!json_is_integer(off) || json_integer_value(off) < 0 || json_integer_value(off) >= 1 << LNLT_SCN_RULES))
        return lnlt_error_set(err, "%s: $.optional_rules_off: expected a number 0..%d (bit r: special rule r is off)",
                              name, (1 << LNLT_SCN_RULES) - 1);
    if (off)
        v->rules_off = (int)json_integer_value(off);
    if (!is_hex_digits(v->hash, 16))
        return lnlt_error_set(err, "%s: $.hash: expected 16 lower-case hexadecimal digits", name);
    if (v->version >= 2 && !json_is_string(json_object_get(o, "engine")))
        return lnlt_error_set(err, "%s: $.engine: expected the version of lnlt that wrote the save", name);
    for (size_t i = 0; i < json_array_size(v->acts); i++) {
        /* The shape of every action first: a malformed save is refused whole, while
         * an action that no longer replays is a divergence (below). */
        const json_t *item = json_array_get(v->acts, i), *dice = json_object_get(item, "dice");
        if (json_is_string(item))
            continue;
        if (!json_is_object(item))
            return lnlt_error_set(err, "%s: $.actions[%zu]: expected a command string or {\"do\", \"dice\"}", name, i);
        if (!json_is_string(json_object_get(item, "do")))
            return lnlt_error_set(err, "%s: $.actions[%zu].do: expected a command string", name, i);
        if (!json_is_array(dice) || json_array_size(dice) > LNLT_DICE_QUEUE_MAX)
            return lnlt_error_set(err, "%s: $.actions[%zu].dice: expected an array of die faces", name, i);
        for (size_t f = 0; f < json_array_size(dice); f++) {
            json_t *d = json_array_get(dice, f);
            if (!json_is_integer(d) || json_integer_value(d) < 1 || json_integer_value(d) > 6)
                return lnlt_error_set(err, "%s: $.actions[%zu].dice[%zu]: expected a die face 1-6", name, i, f);
        }
    }
    if (v->checks) {
        if (!json_is_array(v->checks) || json_array_size(v->checks) != json_array_size(v->acts))
            return lnlt_error_set(err, "%s: $.checks: expected one check hash per action", name);
        for (size_t i = 0; i < json_array_size(v->checks); i++)
            if (!is_hex_digits(json_string_value(json_array_get(v->checks, i)), 8))
                return lnlt_error_set(err, "%s: $.checks[%zu]: expected 8 lower-case hexadecimal digits", name, i);
    }
    const json_t *seats = json_object_get(o, "seats");
    if (seats && !json_is_object(seats))
        return lnlt_error_set(err, "%s: $.seats: expected an object such as {\"1\": \"human\", \"2\": \"bot\"}", name);
    for (int side = 1; seats && side <= 2; side++) {
        const json_t *sv = json_object_get(seats, side == 1 ? "1" : "2");
        const char *who = json_string_value(sv);
        if (!sv)
            continue;
        if (who && !strcmp(who, "human"))
            v->seat[side] = LNLT_SEAT_HUMAN;
        else if (who && !strcmp(who, "bot"))
            v->seat[side] = LNLT_SEAT_BOT;
        else
            return lnlt_error_set(err, "%s: $.seats.%d: expected \"human\" or \"bot\"", name, side);
    }
    if (v->base && !json_is_object(v->base))
        return lnlt_error_set(err, "%s: $.base: expected the scenario the game started from", name);
    if (v->final && !json_is_object(v->final))
        return lnlt_error_set(err, "%s: $.final: expected the final position as a scenario", name);
    return true;
}

/* A scenario reference a save may hold: a relative path without "..", blanks
 * or control bytes (ruling R-SAVE-09). */
static bool safe_ref(const char *ref)
{
    if (ref[0] == '/' || strlen(ref) > 400)
        return false;
    for (const char *p = ref; *p; p++) {
        if ((unsigned char)*p < 0x20 || *p == 0x7f || *p == '\\')
            return false;
        if (p[0] == '.' && p[1] == '.' && (p == ref || p[-1] == '/') && (p[2] == '/' || p[2] == 0))
            return false;
    }
    return true;
}

static bool usable(const char *path)
{
    lnlt_error e;
    return access(path, R_OK) == 0 && lnlt_sandbox_allows(path, false, "scenario", &e);
}

/* out = a/b (or b alone when a is NULL), if it fits and is usable. */
static bool try_path(char *out, size_t len, const char *a, int alen, const char *b)
{
    int n = a ? snprintf(out, len, "%.*s/%s", alen, a, b) : snprintf(out, len, "%s", b);
    return n > 0 && (size_t)n < len && usable(out);
}

/* Where the save's scenario is: in the data directory (a reference written by an
 * older lnlt as "data/scenarios/x.json" too); outside a sandbox also as written,
 * next to the save and in the source tree. */
static bool resolve_scenario(const char *save_path, const char *ref, char *out, size_t len)
{
    char data[PATH_MAX];
    lnlt_data_dir(data, sizeof data);
    if (try_path(out, len, data, (int)strlen(data), ref) ||
        (!strncmp(ref, "data/", 5) && try_path(out, len, data, (int)strlen(data), ref + 5)))
        return true;
    if (lnlt_sandbox_dir())
        return false;
    const char *slash = save_path ? strrchr(save_path, '/') : NULL;
    return try_path(out, len, NULL, 0, ref) ||
           (slash && try_path(out, len, save_path, (int)(slash - save_path), ref)) ||
           try_path(out, len, LNLT_SOURCE_DIR, (int)strlen(LNLT_SOURCE_DIR), ref);
}

/* Replays action i of a save into fresh. */
static bool replay_step(lnlt_session *fresh, const json_t *item, size_t i, const char *name, lnlt_error *err)
{
    const char *cmd = json_string_value(item);
    const json_t *dice = NULL;
    if (json_is_object(item)) {
        cmd = json_string_value(json_object_get(item, "do"));
        dice = json_object_get(item, "dice");
        if (!cmd)
            return lnlt_error_set(err, "%s: $.actions[%zu].do: expected a command string", name, i);
        if (!json_is_array(dice))
            return lnlt_error_set(err, "%s: $.actions[%zu].dice: expected an array of die faces", name, i);
    } else if (!cmd) {
        return lnlt_error_set(err, "%s: $.actions[%zu]: expected a command string or {\"do\", \"dice\"}", name, i);
    }
    if (dice) {
        size_t n = json_array_size(dice);
        if (n > LNLT_DICE_QUEUE_MAX)
            return lnlt_error_set(err, "%s: $.actions[%zu].dice: more faces than one action can roll", name, i);
        uint8_t faces[LNLT_DICE_QUEUE_MAX];
        for (size_t f = 0; f < n; f++) {
            json_t *v = json_array_get(dice, f);
            if (!json_is_integer(v) || json_integer_value(v) < 1 || json_integer_value(v) > 6)
                return lnlt_error_set(err, "%s: $.actions[%zu].dice[%zu]: expected a die face 1-6", name, i, f);
            faces[f] = (uint8_t)json_integer_value(v);
        }
        lnlt_error e2;
        if (!lnlt_session_push_faces(fresh, faces, (int)n, &e2))
            return lnlt_error_set(err, "%s: $.actions[%zu].dice: %s", name, i, e2.msg);
        fresh->use_forced = true;
    } else {
        fresh->use_forced = false;
    }
    if (!lnlt_session_apply_text(fresh, cmd, err)) {
        char why[LNLT_ERROR_MAX];
        snprintf(why, sizeof why, "%s", err->msg);
        return lnlt_error_set(err, "%s: $.actions[%zu] \"%.60s\" does not replay: %s", name, i, cmd, why);
    }
    if (dice && fresh->forced.next != fresh->forced.count)
        return lnlt_error_set(err, "%s: $.actions[%zu].dice: %d forced face(s) left unused: the save diverges", name,
                              i, fresh->forced.count - fresh->forced.next);
    return true;
}

/* A unit's situation in words: "shaken in H5", "eliminated". */
static const char *situation(const lnlt_ctx *ctx, const lnlt_unit *u, char *buf, size_t len)
{
    char hex[LNLT_HEX_ID_MAX];
    if (u->cell == LNLT_CELL_ELIMINATED)
        return "eliminated";
    if (u->cell == LNLT_CELL_EXITED)
        return "exited";
    if (u->cell < 0)
        return "off the map";
    snprintf(buf, len, "%s in %s%s", u->status == LNLT_SHAKEN ? "shaken" : "in good order",
             lnlt_cell_name(ctx, lnlt_location(u->cell, u->floor), hex), u->wounds ? ", wounded" : "");
    return buf;
}

/* Says in words how the replayed state a differs from the saved one b: the
 * first few differences a player can see. */
static void describe_difference(const lnlt_ctx *ctx, const lnlt_state *a, const lnlt_state *b, char *buf,
                                size_t len)
{
    size_t n = 0;
    int found = 0;
#define SAY(...)                                                                                                      do {                                                                                                                  if (found < 3 && n < len) {                                                                                           n += (size_t)snprintf(buf + n, len - n, "%s", found ? "; " : "");                                                 if (n < len)                                                                                                          n += (size_t)snprintf(buf + n, len - n, __VA_ARGS__);                                                     }                                                                                                                 found++;                                                                                                      } while (0)
    buf[0] = 0;
    if (a->turn != b->turn || a->phase != b->phase || a->to_act != b->to_act)
        SAY("this version reaches turn %d, %s, %s to act, the save turn %d, %s, %s to act", a->turn,
            lnlt_phase_name(a->phase), lnlt_side_name(ctx, a->to_act), b->turn, lnlt_phase_name(b->phase),
            lnlt_side_name(ctx, b->to_act));
    if (a->unit_count != b->unit_count)
        SAY("%d units here, %d in the save", a->unit_count, b->unit_count);
    for (int i = 0; i < a->unit_count && i < b->unit_count; i++) {
        const lnlt_unit *x = &a->unit[i], *y = &b->unit[i];
        if (x->cell == y->cell && x->floor == y->floor && x->status == y->status && x->wounds == y->wounds &&
            x->type == y->type)
            continue;
        char p[80], q[80];
        SAY("unit #%d (%s) is %s here, %s in the save", i, lnlt_unit_name(ctx, a, i), situation(ctx, x, p, sizeof p),
            situation(ctx, y, q, sizeof q));
    }
    if (!found)
        SAY("the difference is in the game's bookkeeping (markers, dice or the decision under way)");
#undef SAY
}

/* Starts a session from scenario JSON (a save's base or final position). */
static bool open_from_json(lnlt_session *out, const json_t *scn, const char *name, const char *label, uint64_t seed,
                           lnlt_error *err)
{
    char *text = json_dumps(scn, JSON_COMPACT);
    if (!text)
        return lnlt_error_set(err, "out of memory");
    char data[PATH_MAX];
    lnlt_data_dir(data, sizeof data);
    lnlt_ctx ctx;
    if (!lnlt_ctx_open_text(name, text, strlen(text), data, &ctx, err)) {
        free(text);
        return false;
    }
    lnlt_session_start(out, &ctx, label, seed);
    out->ctx.owned = ctx.owned;
    out->owns_ctx = true;
    out->base = text;
    return true;
}

static bool open_scenario(lnlt_session *fresh, const save_view *v, const char *name, const lnlt_ctx *ctx,
                          lnlt_error *err)
{
    if (ctx) {
        lnlt_session_start(fresh, ctx, v->scenario, v->seed);
        return true;
    }
    char where[600];
    snprintf(where, sizeof where, "%s: $.base", name);
    if (v->base)
        return open_from_json(fresh, v->base, where, v->scenario, v->seed, err);
    char path[PATH_MAX];
    if (!safe_ref(v->scenario))
        return lnlt_error_set(err, "%s: $.scenario \"%.60s\": a save names its scenario inside the data directory "
                                   "(a relative path, without \"..\")", name, v->scenario);
    if (!resolve_scenario(name, v->scenario, path, sizeof path))
        return lnlt_error_set(err, "%s: $.scenario \"%s\" cannot be opened: no such scenario in the data directory",
                              name, v->scenario);
    lnlt_error e2;
    if (!lnlt_session_open(fresh, path, v->seed, &e2))
        return lnlt_error_set(err, "%s: $.scenario \"%s\" cannot be opened: %s", name, v->scenario, e2.msg);
    snprintf(fresh->scenario, sizeof fresh->scenario, "%s", v->scenario);
    return true;
}

bool lnlt_session_load_json(lnlt_session *s, const void *save, const char *name, const lnlt_ctx *ctx,
                            lnlt_error *err)
{
    save_view v;
    if (!check_save(save, name, &v, err))
        return false;
    lnlt_session *fresh = calloc(1, sizeof *fresh), *snap = NULL;
    if (!fresh)
        return lnlt_error_set(err, "out of memory");
    char why[LNLT_ERROR_MAX] = "";
    long diverge_at = -1; /* the first action that does not replay or gives another game */
    bool opened = open_scenario(fresh, &v, name, ctx, err);
    /* 22.0: the optional rules as the players chose them */
    for (int r = 0; opened && v.rules_off >= 0 && fresh->ctx.scenario && r < fresh->ctx.scenario->rule_count; r++)
        if (fresh->ctx.scenario->rule[r].optional &&
            lnlt_rule_on(&fresh->ctx, &fresh->start, r) != !((v.rules_off >> r) & 1))
            opened = lnlt_session_set_rule(fresh, r, !((v.rules_off >> r) & 1), err);
    size_t nacts = json_array_size(v.acts), replayed = 0;
    if (opened) {
        lnlt_error e2;
        for (size_t i = 0; i < nacts; i++) {
            if (!replay_step(fresh, json_array_get(v.acts, i), i, name, &e2)) {
                if (diverge_at < 0) {
                    diverge_at = (long)i;
                    snprintf(why, sizeof why, "%s", e2.msg);
                }
                break;
            }
            replayed++;
            char got[9];
            snprintf(got, sizeof got, "%08" PRIx32, (uint32_t)fresh->steps[i].hash);
            if (v.checks && diverge_at < 0 && strcmp(got, json_string_value(json_array_get(v.checks, i)))) {
                diverge_at = (long)i;
                snprintf(why, sizeof why, "after it this version's game differs from the saved one");
            }
        }
        char got[17];
        /* Version-1 hashes were the bytes of a state layout (version 4) that this
         * lnlt no longer has: they cannot be checked (ruling R-SAVE-08). */
        bool checkable = v.version >= 2;
        lnlt_hash_format(lnlt_session_hash(fresh), got);
        if (diverge_at < 0 && checkable && strcmp(got, v.hash)) {
            diverge_at = (long)nacts;
            snprintf(why, sizeof why, "the replay ends on state hash %s, the save recorded %s", got, v.hash);
        }
        if (diverge_at < 0 && !checkable)
            snprintf(fresh->notice, sizeof fresh->notice,
                     "version-1 save: its %zu actions replay, but its hash predates this version and cannot be "
                     "checked; saving again writes the current version", nacts);
        else if (diverge_at < 0 && v.version < LNLT_SAVE_VERSION)
            snprintf(fresh->notice, sizeof fresh->notice,
                     "version-%d save: replayed and verified; saving again writes version %d", v.version,
                     LNLT_SAVE_VERSION);
    } else if (!v.final) {
        lnlt_session_close(fresh);
        free(fresh);
        return false;
    } else {
        snprintf(why, sizeof why, "%s", err->msg);
    }
    memcpy(fresh->seat, v.seat, sizeof fresh->seat);
    if (opened && diverge_at < 0) {
        fresh->use_forced = false; /* play on with random dice unless told otherwise */
        *s = *fresh;
        free(fresh);
        return true;
    }
    /* The replay diverged (or could not start): continue from the saved position. */
    char where[80];
    if (!opened)
        snprintf(where, sizeof where, "cannot start");
    else if (diverge_at >= (long)nacts)
        snprintf(where, sizeof where, "diverges after its last action");
    else
        snprintf(where, sizeof where, "diverges at action %ld of %zu", diverge_at + 1, nacts);
    lnlt_error e3 = {{0}};
    if (v.final) {
        snap = calloc(1, sizeof *snap);
        char label[600];
        snprintf(label, sizeof label, "%s: $.final", name);
        if (snap && open_from_json(snap, v.final, label, v.scenario, v.seed, &e3)) {
            char diff[600] = "";
            if (opened)
                describe_difference(&snap->ctx, &fresh->state, &snap->state, diff, sizeof diff);
            snprintf(snap->scenario, sizeof snap->scenario, "%s", v.scenario);
            snprintf(snap->notice, sizeof snap->notice,
                     "the replay %s (%s)%s%s; the game continues from the position the save holds (turn %d, %s), "
                     "without the history before it",
                     where, why, diff[0] ? ": " : "", diff, snap->state.turn, lnlt_phase_name(snap->state.phase));
            snap->diverged = true;
            memcpy(snap->seat, v.seat, sizeof snap->seat);
            if (opened)
                lnlt_session_close(fresh);
            free(fresh);
            *s = *snap;
            free(snap);
            return true;
        }
        if (snap)
            lnlt_session_close(snap);
        free(snap);
        if (!opened) {
            lnlt_error_set(err, "%s: the save's scenario cannot be opened (%s), nor its final position (%s)", name,
                           why, e3.msg);
            free(fresh);
            return false;
        }
    }
    /* No position to continue from: continue after the actions that replayed. */
    snprintf(fresh->notice, sizeof fresh->notice, "the replay %s (%s)%s%s; the game continues after the %zu action%s "
             "that replayed",
             where, why, e3.msg[0] ? "; the saved position cannot be opened: " : "", e3.msg, replayed,
             replayed == 1 ? "" : "s");
    fresh->diverged = true;
    fresh->use_forced = false;
    *s = *fresh;
    free(fresh);
    return true;
}

bool lnlt_session_load(lnlt_session *s, const char *path, lnlt_error *err)
{
    if (!lnlt_sandbox_allows(path, false, "save", err))
        return false;
    if (access(path, R_OK) != 0)
        return lnlt_error_set(err, "%s: cannot read the save: %s", path, strerror(errno));
    char *text = NULL;
    size_t len = 0;
    lnlt_error e2;
    if (!lnlt_read_file(path, &text, &len, &e2))
        return lnlt_error_set(err, "%s: cannot read the save: %s", path, e2.msg);
    json_error_t jerr;
    json_t *o = json_loadb(text, len, JSON_REJECT_DUPLICATES, &jerr);
    free(text);
    if (!o)
        return lnlt_error_set(err, "%s: not a readable save (corrupt or truncated?): line %d column %d: %s", path,
                              jerr.line, jerr.column, jerr.text);
    bool ok = lnlt_session_load_json(s, o, path, NULL, err);
    json_decref(o);
    return ok;
}
