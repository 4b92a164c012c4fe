/*
 * session.c: a game in progress: history, undo, forced dice, atomic saves and
 * replaying a save with its hash check (see lnlt/session.h; the save format is in
 * docs/cli.md). Everything here goes through the public engine API, so new rules
 * and actions need no change here. Opening a scenario file into a ctx is in
 * ctx_open.c.
 */
#include "lnlt/session.h"

#include <errno.h>
#include <inttypes.h>
#include <jansson.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "lnlt/data.h"
#include "lnlt/hex.h"
#include "lnlt/map.h"

#ifndef LNLT_SOURCE_DIR
#define LNLT_SOURCE_DIR "."
#endif

void lnlt_hash_format(uint64_t h, char buf[17]) { snprintf(buf, 17, "%016" PRIx64, h); }

void lnlt_session_start(lnlt_session *s, const lnlt_ctx *ctx, const char *label, uint64_t seed)
{
    memset(s, 0, sizeof *s);
    snprintf(s->scenario, sizeof s->scenario, "%s", label ? label : "");
    s->seed = seed;
    s->ctx = *ctx;
    s->ctx.owned = NULL; /* the caller's data: never freed here */
    lnlt_state_init(&s->start, &s->ctx, seed);
    lnlt_state_clone(&s->state, &s->start);
    lnlt_dice_queue_clear(&s->forced);
    lnlt_events_init(&s->log);
}

bool lnlt_session_open(lnlt_session *s, const char *scenario_path, uint64_t seed, lnlt_error *err)
{
    lnlt_ctx ctx;
    memset(s, 0, sizeof *s);
    if (!lnlt_ctx_open(scenario_path, &ctx, err))
        return false;
    lnlt_session_start(s, &ctx, scenario_path, seed);
    s->ctx.owned = ctx.owned;
    s->owns_ctx = true;
    return true;
}

void lnlt_session_close(lnlt_session *s)
{
    free(s->steps);
    lnlt_events_free(&s->log);
    if (s->owns_ctx)
        lnlt_ctx_close(&s->ctx);
    memset(s, 0, sizeof *s);
}

void lnlt_session_use_forced_dice(lnlt_session *s) { s->use_forced = true; }
void lnlt_session_random_dice(lnlt_session *s) { s->use_forced = false; }

bool lnlt_session_force_dice(lnlt_session *s, const char *faces, lnlt_error *err)
{
    /* Parse into a copy so a bad list adds nothing. */
    lnlt_dice_queue *copy = malloc(sizeof *copy);
    if (!copy)
        return lnlt_error_set(err, "out of memory");
    *copy = s->forced;
    bool ok = lnlt_dice_queue_parse(copy, faces, err);
    if (ok) {
        s->forced = *copy;
        s->use_forced = true;
    }
    free(copy);
    return ok;
}

bool lnlt_session_apply(lnlt_session *s, const lnlt_action *a, lnlt_error *err)
{
    if (s->nsteps == s->capsteps) {
        int cap = s->capsteps ? s->capsteps * 2 : 64;
        lnlt_session_step *steps = realloc(s->steps, (size_t)cap * sizeof *steps);
        if (!steps)
            return lnlt_error_set(err, "out of memory for the action history");
        s->steps = steps;
        s->capsteps = cap;
    }
    int dice_from = s->forced.next, log_from = s->log.count;
    if (!lnlt_apply(&s->ctx, &s->state, a, s->use_forced ? &s->forced : NULL, &s->log, err))
        return false;
    lnlt_session_step *st = &s->steps[s->nsteps++];
    st->action = *a;
    st->forced = s->use_forced;
    st->dice_from = dice_from;
    st->dice_to = s->forced.next;
    st->log_from = log_from;
    return true;
}

bool lnlt_session_apply_text(lnlt_session *s, const char *command, lnlt_error *err)
{
    lnlt_action a;
    if (!lnlt_action_parse(&s->ctx, &s->state, command, &a, err))
        return false;
    return lnlt_session_apply(s, &a, err);
}

bool lnlt_session_undo(lnlt_session *s, lnlt_error *err)
{
    if (s->nsteps == 0)
        return lnlt_error_set(err, "nothing to undo");
    /* Replaying from the start is exact (the engine is deterministic) and cheap
     * next to a person's thinking time; it needs no per-step snapshots. Each
     * replayed step takes its dice where it took them the first time. */
    int keep = s->nsteps - 1;
    lnlt_state st;
    lnlt_state_clone(&st, &s->start);
    lnlt_dice_queue *q = malloc(sizeof *q);
    if (!q)
        return lnlt_error_set(err, "out of memory");
    *q = s->forced;
    bool ok = true;
    for (int i = 0; ok && i < keep; i++) {
        q->next = s->steps[i].dice_from;
        ok = lnlt_apply(&s->ctx, &st, &s->steps[i].action, s->steps[i].forced ? q : NULL, NULL, err);
    }
    free(q);
    if (!ok) {
        lnlt_error_prefix(err, "undo: the replay diverged");
        return false;
    }
    s->log.count = s->steps[keep].log_from;
    s->forced.next = s->steps[keep].dice_from;
    s->nsteps = keep;
    lnlt_state_clone(&s->state, &st);
    return true;
}

uint64_t lnlt_session_hash(const lnlt_session *s) { return lnlt_state_hash(&s->state); }

bool lnlt_session_over(const lnlt_session *s)
{
    return lnlt_decision_get(&s->ctx, &s->state).kind == LNLT_DECIDE_NONE;
}

/* ---- saves ---- */

void *lnlt_session_save_json(const lnlt_session *s)
{
    json_t *o = json_object();
    char buf[32];
    json_object_set_new(o, "format", json_string(LNLT_SAVE_FORMAT));
    json_object_set_new(o, "version", json_integer(LNLT_SAVE_VERSION));
    json_object_set_new(o, "scenario", json_string(s->scenario));
    /* A string: JSON numbers lose precision above 2^53 in many readers. */
    snprintf(buf, sizeof buf, "%" PRIu64, s->seed);
    json_object_set_new(o, "seed", json_string(buf));
    json_t *acts = json_array();
    for (int i = 0; i < s->nsteps; i++) {
        const lnlt_session_step *st = &s->steps[i];
        char text[256];
        lnlt_action_format(&s->ctx, &st->action, text, sizeof text);
        if (!st->forced) {
            json_array_append_new(acts, json_string(text));
            continue;
        }
        json_t *step = json_object(), *dice = json_array();
        json_object_set_new(step, "do", json_string(text));
        for (int f = st->dice_from; f < st->dice_to; f++)
            json_array_append_new(dice, json_integer(s->forced.face[f]));
        json_object_set_new(step, "dice", dice);
        json_array_append_new(acts, step);
    }
    json_object_set_new(o, "actions", acts);
    /* Who plays each side, when the game says (lnlt play): a resumed game keeps them. */
    if (s->seat[1] || s->seat[2]) {
        json_t *seats = json_object();
        for (int side = 1; side <= 2; side++)
            if (s->seat[side])
                json_object_set_new(seats, side == 1 ? "1" : "2",
                                    json_string(s->seat[side] == LNLT_SEAT_BOT ? "bot" : "human"));
        json_object_set_new(o, "seats", seats);
    }
    /* Informational: lets a person see where the game stands without replaying. */
    json_object_set_new(o, "turn", json_integer(s->state.turn));
    json_object_set_new(o, "phase", json_string(lnlt_phase_name(s->state.phase)));
    lnlt_hash_format(lnlt_session_hash(s), buf);
    json_object_set_new(o, "hash", json_string(buf));
    return o;
}

bool lnlt_session_save(const lnlt_session *s, const char *path, lnlt_error *err)
{
    char tmp[1100];
    if (snprintf(tmp, sizeof tmp, "%s.tmp-%ld", path, (long)getpid()) >= (int)sizeof tmp)
        return lnlt_error_set(err, "save path too long: %s", path);
    json_t *o = lnlt_session_save_json(s);
    char *text = json_dumps(o, JSON_INDENT(1));
    json_decref(o);
    if (!text)
        return lnlt_error_set(err, "out of memory writing the save");
    FILE *f = fopen(tmp, "w");
    if (!f) {
        int e = errno;
        free(text);
        return lnlt_error_set(err, "cannot write save %s: %s", tmp, strerror(e));
    }
    size_t len = strlen(text);
    bool ok = fwrite(text, 1, len, f) == len && fputc('\n', f) != EOF && fflush(f) == 0;
    int e = errno;
    /* fsync before rename: otherwise a crash could leave the new name pointing at
     * an empty file, losing the previous save too. */
    if (ok && fsync(fileno(f)) != 0) {
        ok = false;
        e = errno;
    }
    if (fclose(f) != 0 && ok) {
        ok = false;
        e = errno;
    }
    free(text);
    if (!ok) {
        unlink(tmp);
        return lnlt_error_set(err, "cannot write save %s: %s", tmp, strerror(e));
    }
    if (rename(tmp, path) != 0) {
        e = errno;
        unlink(tmp);
        return lnlt_error_set(err, "cannot move save into place at %s: %s", path, strerror(e));
    }
    return true;
}

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

static bool is_hex16(const char *h)
{
    if (strlen(h) != 16)
        return false;
    for (; *h; h++)
        if (!((*h >= '0' && *h <= '9') || (*h >= 'a' && *h <= 'f')))
            return false;
    return true;
}

static bool readable(const char *path) { return access(path, R_OK) == 0; }

/* The scenario a save names: as written (relative to the working directory), then
 * next to the save, then in the source tree, so a save still opens after being
 * moved or when run from elsewhere. */
static void find_scenario(const char *save_path, const char *scenario, char *out, size_t len)
{
    snprintf(out, len, "%s", scenario);
    if (readable(out) || scenario[0] == '/')
        return;
    const char *slash = save_path ? strrchr(save_path, '/') : NULL;
    if (slash) {
        snprintf(out, len, "%.*s/%s", (int)(slash - save_path), save_path, scenario);
        if (readable(out))
            return;
    }
    snprintf(out, len, "%s/%s", LNLT_SOURCE_DIR, scenario);
    if (readable(out))
        return;
    snprintf(out, len, "%s", scenario);
}

/* Checks the save's shape; on success fills the fields it names. */
static bool check_save(const json_t *o, const char *name, const char **scenario, uint64_t *seed,
                       const json_t **acts, const char **hash, lnlt_error *err)
{
    if (!json_is_object(o))
        return lnlt_error_set(err, "%s: not a save: expected a JSON object", name);
    const char *fmt = json_string_value(json_object_get(o, "format"));
    json_t *ver = json_object_get(o, "version");
    const char *seedtext = json_string_value(json_object_get(o, "seed"));
    *scenario = json_string_value(json_object_get(o, "scenario"));
    *acts = json_object_get(o, "actions");
    *hash = json_string_value(json_object_get(o, "hash"));
    if (!fmt || strcmp(fmt, LNLT_SAVE_FORMAT))
        return lnlt_error_set(err, "%s: $.format: expected \"%s\" (this is not an lnlt save)", name,
                              LNLT_SAVE_FORMAT);
    if (!json_is_integer(ver) || json_integer_value(ver) != LNLT_SAVE_VERSION)
        return lnlt_error_set(err, "%s: $.version: expected %d (a save from another lnlt version?)", name,
                              LNLT_SAVE_VERSION);
    if (!*scenario || !**scenario)
        return lnlt_error_set(err, "%s: $.scenario: expected the scenario file name (a string)", name);
    if (!seedtext || !parse_u64(seedtext, seed))
        return lnlt_error_set(err, "%s: $.seed: expected a decimal number 0..2^64-1 in a string", name);
    if (!json_is_array(*acts))
        return lnlt_error_set(err, "%s: $.actions: expected an array of commands", name);
    if (!*hash || !is_hex16(*hash))
        return lnlt_error_set(err, "%s: $.hash: expected 16 lower-case hexadecimal digits", name);
    return true;
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
        for (size_t f = 0; f < json_array_size(dice); f++) {
            json_t *v = json_array_get(dice, f);
            lnlt_error e2;
            if (!json_is_integer(v) || json_integer_value(v) < 1 || json_integer_value(v) > 6 ||
                !lnlt_dice_queue_push(&fresh->forced, (int)json_integer_value(v), &e2))
                return lnlt_error_set(err, "%s: $.actions[%zu].dice[%zu]: expected a die face 1-6", name, i, f);
        }
        fresh->use_forced = true;
    } else {
        fresh->use_forced = false;
    }
    if (!lnlt_session_apply_text(fresh, cmd, err)) {
        char why[LNLT_ERROR_MAX];
        snprintf(why, sizeof why, "%s", err->msg);
        return lnlt_error_set(err, "%s: $.actions[%zu] \"%s\" does not replay: %s", name, i, cmd, why);
    }
    if (dice && fresh->forced.next != fresh->forced.count)
        return lnlt_error_set(err, "%s: $.actions[%zu].dice: %d forced face(s) left unused: the save diverges",
                              name, i, fresh->forced.count - fresh->forced.next);
    return true;
}

bool lnlt_session_load_json(lnlt_session *s, const void *save, const char *name, const lnlt_ctx *ctx,
                            lnlt_error *err)
{
    const json_t *o = save;
    const char *scenario = NULL, *hash = NULL;
    const json_t *acts = NULL;
    uint64_t seed = 0;
    if (!check_save(o, name, &scenario, &seed, &acts, &hash, err))
        return false;
    lnlt_session *fresh = malloc(sizeof *fresh);
    if (!fresh)
        return lnlt_error_set(err, "out of memory");
    if (ctx) {
        lnlt_session_start(fresh, ctx, scenario, seed);
    } else {
        char path[1024];
        find_scenario(name, scenario, path, sizeof path);
        if (!lnlt_session_open(fresh, path, seed, err)) {
            char why[LNLT_ERROR_MAX];
            snprintf(why, sizeof why, "%s", err->msg);
            lnlt_error_set(err, "%s: $.scenario \"%s\" cannot be opened: %s", name, scenario, why);
            free(fresh);
            return false;
        }
        snprintf(fresh->scenario, sizeof fresh->scenario, "%s", scenario);
    }
    bool ok = true;
    const json_t *seats = json_object_get(o, "seats");
    if (seats && !json_is_object(seats))
        ok = lnlt_error_set(err, "%s: $.seats: expected an object such as {\"1\": \"human\", \"2\": \"bot\"}", name);
    for (int side = 1; ok && seats && side <= 2; side++) {
        const json_t *v = json_object_get(seats, side == 1 ? "1" : "2");
        const char *who = json_string_value(v);
        if (!v)
            continue;
        if (who && !strcmp(who, "human"))
            fresh->seat[side] = LNLT_SEAT_HUMAN;
        else if (who && !strcmp(who, "bot"))
            fresh->seat[side] = LNLT_SEAT_BOT;
        else
            ok = lnlt_error_set(err, "%s: $.seats.%d: expected \"human\" or \"bot\"", name, side);
    }
    for (size_t i = 0; ok && i < json_array_size(acts); i++)
        ok = replay_step(fresh, json_array_get(acts, i), i, name, err);
    char got[17];
    lnlt_hash_format(lnlt_session_hash(fresh), got);
    if (ok && strcmp(got, hash)) {
        lnlt_error_set(err,
                       "%s: the replay diverges: the save records state hash %s but its %zu actions give %s "
                       "(another engine version or an edited save)",
                       name, hash, json_array_size(acts), got);
        ok = false;
    }
    if (ok) {
        fresh->use_forced = false; /* play on with random dice unless told otherwise */
        *s = *fresh;
    } else {
        lnlt_session_close(fresh);
    }
    free(fresh);
    return ok;
}

bool lnlt_session_load(lnlt_session *s, const char *path, lnlt_error *err)
{
    json_error_t jerr;
    json_t *o = json_load_file(path, JSON_REJECT_DUPLICATES, &jerr);
    if (!o) {
        if (!readable(path))
            return lnlt_error_set(err, "%s: cannot read the save: %s", path, strerror(errno));
        return lnlt_error_set(err, "%s: not a readable save (corrupt or truncated?): line %d column %d: %s", path,
                              jerr.line, jerr.column, jerr.text);
    }
    bool ok = lnlt_session_load_json(s, o, path, NULL, err);
    json_decref(o);
    return ok;
}

/* ---- the state as JSON ---- */

static const char *kind_name(int kind)
{
    switch (kind) {
    case LNLT_DECIDE_RALLY: return "rally";
    case LNLT_DECIDE_IMPULSE: return "impulse";
    case LNLT_DECIDE_NONE: return "none";
    default: return "other";
    }
}

/* A location as the protocol shows it: a hex id, "eliminated", "exited", or null
 * (off the map, not yet entered). */
static json_t *cell_json(const lnlt_map *map, int cell)
{
    if (cell == LNLT_CELL_ELIMINATED)
        return json_string("eliminated");
    if (cell == LNLT_CELL_EXITED)
        return json_string("exited");
    if (cell < 0)
        return json_null();
    if (map && cell < lnlt_map_cells(map)) {
        char id[LNLT_HEX_ID_MAX];
        return json_string(lnlt_hex_format(lnlt_map_hex_at(map, cell), id));
    }
    return json_integer(cell);
}

/* 14.0-16.0: a vehicle's or gun team's facing, turret and state; a passenger's
 * vehicle (its hex is the vehicle's). */
static void vehicle_fields(const lnlt_session *s, int i, json_t *o)
{
    const lnlt_state *st = &s->state;
    const lnlt_unit *u = &st->unit[i];
    char buf[LNLT_HEX_ID_MAX + 8];
    if (u->cell == LNLT_CELL_ABOARD) {
        int slot = (st->aboard[i] & LNLT_ABOARD_SLOT) - 1;
        int v = slot >= 0 && slot < st->vehicle_count ? st->vehicle[slot].unit : -1;
        json_object_set_new(o, "aboard", v >= 0 ? json_integer(v) : json_null());
        json_object_set_new(o, "outside", json_boolean((st->aboard[i] & LNLT_ABOARD_OUTSIDE) != 0));
        json_object_set_new(o, "commander", json_boolean((st->aboard[i] & LNLT_ABOARD_COMMANDER) != 0));
        if (v >= 0)
            json_object_set_new(o, "hex", cell_json(s->ctx.map, st->unit[v].cell));
        return;
    }
    for (int k = 0; k < st->vehicle_count && k < LNLT_MAX_VEHICLES; k++) {
        const lnlt_vehicle *v = &st->vehicle[k];
        if (v->unit != i)
            continue;
        if (u->cell >= 0) {
            json_object_set_new(o, "facing", json_string(lnlt_corner_text(&s->ctx, lnlt_unit_loc(u), v->facing, buf, sizeof buf)));
            json_object_set_new(o, "turret", json_string(lnlt_corner_text(&s->ctx, lnlt_unit_loc(u), v->turret, buf, sizeof buf)));
        }
        json_object_set_new(o, "buttoned", json_boolean((v->flags & LNLT_VEH_BUTTONED) != 0));
        json_object_set_new(o, "abandoned", json_boolean((v->flags & LNLT_VEH_ABANDONED) != 0));
        json_object_set_new(o, "vehicle_flags", json_integer(v->flags));
    }
}

static json_t *units_json(const lnlt_session *s)
{
    const lnlt_state *st = &s->state;
    const lnlt_catalog *cat = s->ctx.catalog;
    const lnlt_map *map = s->ctx.map;
    json_t *arr = json_array();
    for (int i = 0; i < st->unit_count && i < LNLT_MAX_UNITS; i++) {
        const lnlt_unit *u = &st->unit[i];
        json_t *o = json_object();
        json_object_set_new(o, "id", json_integer(i));
        json_object_set_new(o, "side", json_integer(u->side));
        json_object_set_new(o, "type", json_integer(u->type));
        if (cat && u->type >= 0 && u->type < cat->unit_count) {
            json_object_set_new(o, "type_id", json_string(cat->unit[u->type].id));
            json_object_set_new(o, "name", json_string(cat->unit[u->type].name));
        }
        json_object_set_new(o, "hex", cell_json(map, u->cell));
        json_object_set_new(o, "floor", json_integer(u->floor));
        json_object_set_new(o, "status", json_string(u->status == LNLT_SHAKEN ? "shaken" : "good order"));
        json_object_set_new(o, "marks", json_integer(u->marks));
        vehicle_fields(s, i, o);
        json_array_append_new(arr, o);
    }
    return arr;
}

/* 1.6: the support weapons, named "wN" as the weapon commands take them. */
static json_t *weapons_json(const lnlt_session *s)
{
    const lnlt_state *st = &s->state;
    const lnlt_catalog *cat = s->ctx.catalog;
    json_t *arr = json_array();
    for (int i = 0; i < st->sw_count && i < LNLT_MAX_SWS; i++) {
        const lnlt_sw *w = &st->sw[i];
        json_t *o = json_object();
        char id[16];
        snprintf(id, sizeof id, "w%d", i);
        json_object_set_new(o, "id", json_string(id));
        if (cat && w->type >= 0 && w->type < cat->sw_count) {
            json_object_set_new(o, "type_id", json_string(cat->sw[w->type].id));
            json_object_set_new(o, "name", json_string(cat->sw[w->type].name));
        }
        bool held = w->holder >= 0 && w->holder < st->unit_count;
        json_object_set_new(o, "holder", held ? json_integer(w->holder) : json_null());
        int cell = (w->flags & LNLT_SW_USED) ? LNLT_CELL_ELIMINATED : held ? st->unit[w->holder].cell : w->cell;
        json_object_set_new(o, "hex", cell_json(s->ctx.map, cell));
        int floor = (w->flags & LNLT_SW_USED) ? 0 : held ? st->unit[w->holder].floor : w->floor;
        json_object_set_new(o, "floor", json_integer(floor)); /* 10.4.1: as the units' */
        json_object_set_new(o, "face", json_string(w->flags & LNLT_SW_BACK_SIDE ? "back" : "front"));
        json_object_set_new(o, "jammed", json_boolean(w->flags & LNLT_SW_JAMMED));
        json_object_set_new(o, "broken", json_boolean(w->flags & LNLT_SW_BROKEN));
        json_object_set_new(o, "captured", json_boolean(w->flags & LNLT_SW_CAPTURED));
        json_array_append_new(arr, o);
    }
    return arr;
}

void *lnlt_session_state_json(const lnlt_session *s)
{
    const lnlt_state *st = &s->state;
    lnlt_decision d = lnlt_decision_get(&s->ctx, st);
    json_t *o = json_object();
    char buf[32];
    json_object_set_new(o, "scenario", json_string(s->scenario));
    json_object_set_new(o, "turn", json_integer(st->turn));
    json_object_set_new(o, "last_turn", json_integer(st->last_turn));
    json_object_set_new(o, "phase", json_string(lnlt_phase_name(st->phase)));
    json_object_set_new(o, "initiative", json_integer(st->initiative));
    json_t *sides = json_object();
    json_object_set_new(sides, "1", json_string(lnlt_side_name(&s->ctx, 1)));
    json_object_set_new(sides, "2", json_string(lnlt_side_name(&s->ctx, 2)));
    json_object_set_new(o, "sides", sides);
    json_t *dec = json_object();
    json_object_set_new(dec, "side", json_integer(d.side));
    json_object_set_new(dec, "kind", json_string(kind_name(d.kind)));
    json_object_set_new(o, "decision", dec);
    json_object_set_new(o, "actions_applied", json_integer(s->nsteps));
    if (d.kind == LNLT_DECIDE_NONE)
        json_object_set_new(o, "winner", json_integer(st->winner));
    json_t *legal = json_array();
    enum { CAP = 512 };
    lnlt_action *acts = malloc(CAP * sizeof *acts);
    int n = acts ? lnlt_legal_actions(&s->ctx, st, acts, CAP) : 0;
    for (int i = 0; i < n && i < CAP; i++) {
        char text[256];
        lnlt_action_format(&s->ctx, &acts[i], text, sizeof text);
        json_array_append_new(legal, json_string(text));
    }
    free(acts);
    json_object_set_new(o, "legal", legal);
    json_object_set_new(o, "legal_count", json_integer(n));
    json_object_set_new(o, "units", units_json(s));
    json_object_set_new(o, "weapons", weapons_json(s));
    /* 7.0: Smoke markers, listed only when there are some: [{"hex", "smoke": [1, 2]}] */
    json_t *smoke = json_array();
    for (int c = 0; c < LNLT_MAX_CELLS; c++) {
        if (!lnlt_bit(st->smoke[0], c) && !lnlt_bit(st->smoke[1], c))
            continue;
        char hex[LNLT_HEX_ID_MAX];
        json_t *levels = json_array();
        for (int k = 0; k < 2; k++)
            if (lnlt_bit(st->smoke[k], c))
                json_array_append_new(levels, json_integer(k + 1));
        json_t *h = json_object();
        json_object_set_new(h, "hex", json_string(lnlt_cell_name(&s->ctx, c, hex)));
        json_object_set_new(h, "smoke", levels);
        json_array_append_new(smoke, h);
    }
    if (json_array_size(smoke))
        json_object_set_new(o, "smoke", smoke);
    else
        json_decref(smoke);
    lnlt_hash_format(lnlt_session_hash(s), buf);
    json_object_set_new(o, "hash", json_string(buf));
    return o;
}
