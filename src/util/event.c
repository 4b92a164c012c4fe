/*
 * event.c: building and rendering the event log (see lnlt/event.h).
 */
#include "lnlt/event.h"

#include <jansson.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "lnlt/dice.h"

void lnlt_events_init(lnlt_events *l)
{
    l->ev = NULL;
    l->count = 0;
    l->cap = 0;
}

void lnlt_events_free(lnlt_events *l)
{
    free(l->ev);
    lnlt_events_init(l);
}

void lnlt_events_clear(lnlt_events *l) { l->count = 0; }

lnlt_event *lnlt_events_add(lnlt_events *l, lnlt_event_kind kind, const char *rule, const char *what)
{
    if (!l)
        return NULL;
    if (l->count == l->cap) {
        int cap = l->cap ? l->cap * 2 : 32;
        lnlt_event *ev = realloc(l->ev, (size_t)cap * sizeof *ev);
        if (!ev)
            return NULL;
        l->ev = ev;
        l->cap = cap;
    }
    lnlt_event *e = &l->ev[l->count++];
    memset(e, 0, sizeof *e);
    e->kind = (uint8_t)kind;
    e->unit = -1;
    snprintf(e->rule, sizeof e->rule, "%s", rule ? rule : "");
    snprintf(e->what, sizeof e->what, "%s", what ? what : "");
    return e;
}

bool lnlt_events_append(lnlt_events *dst, const lnlt_events *src)
{
    for (int i = 0; i < src->count; i++) {
        lnlt_event *e = lnlt_events_add(dst, (lnlt_event_kind)src->ev[i].kind, NULL, NULL);
        if (!e)
            return false;
        *e = src->ev[i];
    }
    return true;
}

lnlt_event *lnlt_events_say(lnlt_events *l, lnlt_event_kind kind, const char *rule, const char *what,
                            const char *fmt, ...)
{
    lnlt_event *e = lnlt_events_add(l, kind, rule, what);
    if (!e)
        return NULL;
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(e->text, sizeof e->text, fmt, ap);
    va_end(ap);
    return e;
}

static const char *color_name(int c)
{
    return c == LNLT_DIE_WHITE ? "white" : c == LNLT_DIE_COLORED ? "coloured" : "plain";
}

void lnlt_event_text(const lnlt_event *e, char *buf, size_t len)
{
    size_t n = 0;
#define PUT(...)                                                  \
    do {                                                          \
        int w_ = snprintf(buf + n, n < len ? len - n : 0, __VA_ARGS__); \
        if (w_ > 0)                                               \
            n += (size_t)w_;                                      \
    } while (0)
    if (len == 0)
        return;
    buf[0] = 0;
    if (e->rule[0])
        PUT("[%s] ", e->rule);
    switch (e->kind) {
    case LNLT_EV_ROLL: {
        /* plain dice that are added up read "2d6 3+6 = 9, ..."; dice read apart
         * (a white and a coloured die, the high die of a mortar) "2d6 3,6" */
        bool sum = e->text[0] == '=';
        PUT("%s: %dd6", e->what, e->ndice);
        for (int i = 0; i < e->ndice && i < LNLT_EVENT_FACES_MAX; i++)
            PUT("%s%d%s%s", i ? (sum && !e->color[i] ? "+" : ",") : " ", e->faces[i], e->color[i] ? " " : "",
                e->color[i] ? color_name(e->color[i]) : "");
        if (e->text[0])
            PUT(" %s", e->text);
        break;
    }
    case LNLT_EV_CALC:
        PUT("%s:", e->what);
        for (int i = 0; i < e->mods.count; i++)
            PUT(" %s%s %+d", i ? "+ " : "", e->mods.mod[i].source, e->mods.mod[i].value);
        PUT(" = %d", e->total);
        if (e->text[0])
            PUT(" %s", e->text);
        break;
    default:
        PUT("%s", e->text[0] ? e->text : e->what);
        break;
    }
#undef PUT
    if (n >= len)
        buf[len - 1] = 0;
}

static const char *kind_name(int k)
{
    switch (k) {
    case LNLT_EV_ROLL: return "roll";
    case LNLT_EV_CALC: return "calc";
    case LNLT_EV_RESULT: return "result";
    case LNLT_EV_CHANGE: return "change";
    case LNLT_EV_ACTION: return "action";
    default: return "unknown";
    }
}

void *lnlt_event_json(const lnlt_event *e)
{
    json_t *o = json_object();
    json_object_set_new(o, "kind", json_string(kind_name(e->kind)));
    if (e->rule[0])
        json_object_set_new(o, "rule", json_string(e->rule));
    if (e->what[0])
        json_object_set_new(o, e->kind == LNLT_EV_ROLL ? "purpose" : "what", json_string(e->what));
    if (e->side)
        json_object_set_new(o, "side", json_integer(e->side));
    if (e->unit >= 0)
        json_object_set_new(o, "unit", json_integer(e->unit));
    if (e->kind == LNLT_EV_ROLL) {
        json_t *faces = json_array(), *colors = json_array();
        for (int i = 0; i < e->ndice && i < LNLT_EVENT_FACES_MAX; i++) {
            json_array_append_new(faces, json_integer(e->faces[i]));
            json_array_append_new(colors, json_string(color_name(e->color[i])));
        }
        json_object_set_new(o, "faces", faces);
        json_object_set_new(o, "dice", colors);
        json_object_set_new(o, "total", json_integer(e->total));
    }
    if (e->kind == LNLT_EV_CALC || (e->kind == LNLT_EV_ROLL && e->mods.count > 0)) {
        json_t *terms = json_array();
        for (int i = 0; i < e->mods.count; i++) {
            json_t *t = json_object();
            json_object_set_new(t, "source", json_string(e->mods.mod[i].source));
            json_object_set_new(t, "value", json_integer(e->mods.mod[i].value));
            if (e->mods.mod[i].rule[0])
                json_object_set_new(t, "rule", json_string(e->mods.mod[i].rule));
            json_array_append_new(terms, t);
        }
        json_object_set_new(o, "terms", terms);
        if (e->kind == LNLT_EV_CALC)
            json_object_set_new(o, "total", json_integer(e->total));
    }
    char text[LNLT_EVENT_TEXT_MAX + 128];
    lnlt_event_text(e, text, sizeof text);
    json_object_set_new(o, "text", json_string(text));
    return o;
}
