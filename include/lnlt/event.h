/*
 * lnlt/event.h: the structured event log (DESIGN.md principle 4).
 *
 * Every die rolled, every calculation with its labelled modifiers, every result
 * for a unit and every change of turn, phase or side to act is an event. The log
 * is the "why" shown to players (lnlt_event_text) and the record programs read
 * (lnlt_event_json). It lives outside the game state: the state stays small and
 * flat, and a search that does not want the log passes NULL.
 */
#ifndef LNLT_EVENT_H
#define LNLT_EVENT_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "lnlt/modifier.h"

typedef enum lnlt_event_kind {
    LNLT_EV_ROLL = 1,   /* one or more dice: purpose, rule, faces, die colours */
    LNLT_EV_CALC = 2,   /* a total built from labelled terms (mods), e.g. fire strength */
    LNLT_EV_RESULT = 3, /* an outcome for a unit or hex: "Squad 3 shaken" */
    LNLT_EV_CHANGE = 4, /* turn, phase, initiative, side to act, game over */
    LNLT_EV_ACTION = 5  /* the action that was applied, as text */
} lnlt_event_kind;

#define LNLT_EVENT_TEXT_MAX 200
#define LNLT_EVENT_FACES_MAX 3

typedef struct lnlt_event {
    uint8_t kind;
    uint8_t side;       /* the side concerned, 0 when none */
    uint8_t ndice;
    uint8_t faces[LNLT_EVENT_FACES_MAX];
    uint8_t color[LNLT_EVENT_FACES_MAX]; /* lnlt_die_color */
    int16_t total;      /* ROLL: sum of faces; CALC: the total */
    int16_t unit;       /* unit index concerned, -1 when none */
    char rule[LNLT_MOD_RULE_MAX];
    char what[96];      /* ROLL: purpose; CALC: what is computed; RESULT/CHANGE: a key */
    char text[LNLT_EVENT_TEXT_MAX]; /* the human explanation */
    lnlt_modifiers mods; /* CALC terms */
} lnlt_event;

/* A growable list of events. Owned by the caller; free with lnlt_events_free. */
typedef struct lnlt_events {
    lnlt_event *ev;
    int count;
    int cap;
} lnlt_events;

void lnlt_events_init(lnlt_events *l);
void lnlt_events_free(lnlt_events *l);
void lnlt_events_clear(lnlt_events *l);
/* Returns a zeroed event appended to l, or NULL if l is NULL or memory ran out. */
lnlt_event *lnlt_events_add(lnlt_events *l, lnlt_event_kind kind, const char *rule, const char *what);
/* Appends all of src to dst. */
bool lnlt_events_append(lnlt_events *dst, const lnlt_events *src);

/* Convenience for RESULT and CHANGE events: printf-style text. */
#if defined(__GNUC__)
__attribute__((format(printf, 5, 6)))
#endif
lnlt_event *lnlt_events_say(lnlt_events *l, lnlt_event_kind kind, const char *rule, const char *what,
                            const char *fmt, ...);

/* Human-readable line, e.g. "[5.0] fire at J3: 1d6 4 + FP 5 + moving target +1 = 10". */
void lnlt_event_text(const lnlt_event *e, char *buf, size_t len);

/* One JSON object per event (a jansson json_t*, returned as void* so this header
 * does not force jansson on every includer). The caller json_decref()s it. */
void *lnlt_event_json(const lnlt_event *e);

#endif
