/*
 * session.c: a game in progress: history, undo, forced dice (see lnlt/session.h).
 * Everything here goes through the public engine API, so new rules and actions
 * need no change here. Saves are written by save_write.c and read by save_load.c;
 * the state as the protocol shows it is state_json.c; opening a scenario file into
 * a ctx is ctx_open.c.
 */
#include "lnlt/session.h"

#include <inttypes.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

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
    lnlt_events_init(&s->log);
}

bool lnlt_session_set_rule(lnlt_session *s, int rule, bool on, lnlt_error *err)
{
    if (s->nsteps > 0)
        return lnlt_error_set(err, "optional rules are chosen before the first action of the game");
    if (!lnlt_rule_set(&s->ctx, &s->start, rule, on, err))
        return false;
    lnlt_state_clone(&s->state, &s->start);
    return true;
}

bool lnlt_session_set_rule_text(lnlt_session *s, const char *text, lnlt_error *err)
{
    char *end;
    long rule = strtol(text, &end, 10);
    if (end == text || (strcmp(end, "=on") && strcmp(end, "=off")) || rule < 0 || rule > 99)
        return lnlt_error_set(err, "\"%.40s\": expected an optional rule as N=on or N=off (N: its index in the "
                                   "scenario's special rules)", text);
    return lnlt_session_set_rule(s, (int)rule, !strcmp(end, "=on"), err);
}

bool lnlt_session_open(lnlt_session *s, const char *scenario_path, uint64_t seed, lnlt_error *err)
{
    lnlt_ctx ctx;
    const lnlt_ctx *shared = NULL;
    memset(s, 0, sizeof *s);
    if (!lnlt_ctx_open_cached(scenario_path, &shared, err))
        return false;
    if (shared) { /* the process's copy of this scenario's data */
        lnlt_session_start(s, shared, scenario_path, seed);
        return true;
    }
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
    free(s->forced.face);
    free(s->base);
    lnlt_events_free(&s->log);
    if (s->owns_ctx)
        lnlt_ctx_close(&s->ctx);
    memset(s, 0, sizeof *s);
}

void lnlt_session_use_forced_dice(lnlt_session *s) { s->use_forced = true; }

void lnlt_session_random_dice(lnlt_session *s)
{
    s->use_forced = false;
    s->forced.count = s->forced.next;
}

int lnlt_session_forced_left(const lnlt_session *s) { return s->forced.count - s->forced.next; }

/* Room for n more faces. */
static bool forced_reserve(lnlt_forced_faces *f, int n, lnlt_error *err)
{
    if (n > LNLT_SESSION_FORCED_MAX - f->count)
        return lnlt_error_set(err, "more than %d forced dice in one game", LNLT_SESSION_FORCED_MAX);
    if (f->count + n <= f->cap)
        return true;
    int cap = f->cap ? f->cap : 64;
    while (cap < f->count + n)
        cap *= 2;
    uint8_t *face = realloc(f->face, (size_t)cap);
    if (!face)
        return lnlt_error_set(err, "out of memory for forced dice");
    f->face = face;
    f->cap = cap;
    return true;
}

bool lnlt_session_force_dice(lnlt_session *s, const char *faces, lnlt_error *err)
{
    /* Check the whole list first, so a bad one adds nothing. */
    int n = 0, index = 0;
    for (const char *p = faces; *p; p++) {
        if (*p == ',' || *p == ' ' || *p == '\t' || *p == '\n' || *p == '\r')
            continue;
        index++;
        if (*p < '1' || *p > '6' || (p[1] >= '0' && p[1] <= '9')) {
            if ((unsigned char)*p < 0x20 || *p == 0x7f)
                return lnlt_error_set(err, "forced dice: item %d is the control byte 0x%02x, not a die face 1-6",
                                      index, (unsigned char)*p);
            return lnlt_error_set(err, "forced dice: item %d (\"%.8s\") is not a die face 1-6", index, p);
        }
        n++;
    }
    if (!forced_reserve(&s->forced, n, err))
        return false;
    for (const char *p = faces; *p; p++)
        if (*p >= '1' && *p <= '6')
            s->forced.face[s->forced.count++] = (uint8_t)(*p - '0');
    s->use_forced = true;
    return true;
}

bool lnlt_session_push_faces(lnlt_session *s, const uint8_t *faces, int n, lnlt_error *err)
{
    for (int i = 0; i < n; i++)
        if (faces[i] < 1 || faces[i] > 6)
            return lnlt_error_set(err, "forced die face %d is not between 1 and 6", faces[i]);
    if (n == 0)
        return true;
    if (n < 0 || !forced_reserve(&s->forced, n, err))
        return false;
    memcpy(s->forced.face + s->forced.count, faces, (size_t)n);
    s->forced.count += n;
    return true;
}

/* Applies a to st with the waiting forced faces from *next on (when forced);
 * *next moves past the faces used. One action never rolls more than a dice
 * queue holds. */
static bool apply_with_faces(const lnlt_ctx *ctx, lnlt_state *st, const lnlt_action *a, const lnlt_forced_faces *f,
                             bool forced, int *next, lnlt_events *log, lnlt_error *err)
{
    if (!forced)
        return lnlt_apply(ctx, st, a, NULL, log, err);
    lnlt_dice_queue *q = malloc(sizeof *q);
    if (!q)
        return lnlt_error_set(err, "out of memory");
    lnlt_dice_queue_clear(q);
    int avail = f->count - *next;
    if (avail > LNLT_DICE_QUEUE_MAX)
        avail = LNLT_DICE_QUEUE_MAX;
    if (avail > 0)
        memcpy(q->face, f->face + *next, (size_t)avail);
    q->count = avail;
    bool ok = lnlt_apply(ctx, st, a, q, log, err);
    if (ok)
        *next += q->next;
    free(q);
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
    int dice_from = s->forced.next, log_from = s->log.count, next = s->forced.next;
    if (!apply_with_faces(&s->ctx, &s->state, a, &s->forced, s->use_forced, &next, &s->log, err))
        return false;
    s->forced.next = next;
    lnlt_session_step *st = &s->steps[s->nsteps++];
    st->action = *a;
    st->forced = s->use_forced;
    st->dice_from = dice_from;
    st->dice_to = next;
    st->log_from = log_from;
    st->hash = lnlt_state_hash(&s->state);
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
    bool ok = true;
    for (int i = 0; ok && i < keep; i++) {
        int next = s->steps[i].dice_from;
        ok = apply_with_faces(&s->ctx, &st, &s->steps[i].action, &s->forced, s->steps[i].forced, &next, NULL, err);
    }
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

