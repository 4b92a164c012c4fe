/*
 * jsonutil.h: small checked getters for the map and terrain loaders, each of
 * which reports the JSON path and what was expected (DESIGN.md principle 5).
 * Internal to src/map/.
 */
#ifndef LNLT_MAP_JSONUTIL_H
#define LNLT_MAP_JSONUTIL_H

#include <jansson.h>
#include <errno.h>
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "lnlt/error.h"
#include "lnlt/sandbox.h"

/* The largest map or terrain file read (as the 16 MB limit of the other data files). */
#define LJ_FILE_MAX (16u << 20)

/* json_load_file with that limit: a larger file is refused unread (je says so),
 * and so is one outside the sandbox (lnlt/sandbox.h), whatever path led there.
 * The file is read whole and parsed from memory, which spares jansson reading a
 * FILE a character at a time through stdio. */
static inline json_t *lj_load_file(const char *path, json_error_t *je)
{
    lnlt_error serr;
    if (!lnlt_sandbox_allows(path, false, "file", &serr)) {
        snprintf(je->text, sizeof je->text, "%.150s", serr.msg); /* je->text holds 160 */
        je->line = -1;
        return NULL;
    }
    FILE *f = fopen(path, "rb");
    if (!f) { /* as jansson says it */
        snprintf(je->text, sizeof je->text, "unable to open %s: %s", path, strerror(errno));
        je->line = -1;
        return NULL;
    }
    json_t *root = NULL;
    long size = fseek(f, 0, SEEK_END) == 0 ? ftell(f) : -1;
    char *text = NULL;
    if (size > (long)LJ_FILE_MAX) {
        snprintf(je->text, sizeof je->text, "larger than the %u MB limit for data files", LJ_FILE_MAX >> 20);
        je->line = 0;
    } else if (size >= 0 && !(text = malloc((size_t)size + 1))) {
        snprintf(je->text, sizeof je->text, "out of memory");
        je->line = -1;
    } else if (size < 0 || fseek(f, 0, SEEK_SET) != 0 || fread(text, 1, (size_t)size, f) != (size_t)size) {
        snprintf(je->text, sizeof je->text, "unable to read %s: %s", path, strerror(errno));
        je->line = -1;
    } else {
        root = json_loadb(text, (size_t)size, JSON_REJECT_DUPLICATES, je);
    }
    free(text);
    fclose(f);
    return root;
}

static inline bool lj_string(json_t *o, const char *key, const char *path, const char **out, bool required,
                             lnlt_error *err)
{
    json_t *v = json_object_get(o, key);
    *out = "";
    if (!v) {
        if (required)
            return lnlt_error_set(err, "%s.%s: missing (expected a string)", path, key);
        return true;
    }
    if (!json_is_string(v))
        return lnlt_error_set(err, "%s.%s: expected a string", path, key);
    *out = json_string_value(v);
    return true;
}

static inline bool lj_int(json_t *o, const char *key, const char *path, json_int_t lo, json_int_t hi,
                          json_int_t *out, bool required, lnlt_error *err)
{
    json_t *v = json_object_get(o, key);
    if (!v) {
        if (required)
            return lnlt_error_set(err, "%s.%s: missing (expected an integer %lld..%lld)", path, key,
                                  (long long)lo, (long long)hi);
        return true;
    }
    if (!json_is_integer(v) || json_integer_value(v) < lo || json_integer_value(v) > hi)
        return lnlt_error_set(err, "%s.%s: expected an integer %lld..%lld", path, key, (long long)lo,
                              (long long)hi);
    *out = json_integer_value(v);
    return true;
}

static inline bool lj_bool(json_t *o, const char *key, const char *path, bool *out, lnlt_error *err)
{
    json_t *v = json_object_get(o, key);
    if (!v)
        return true;
    if (!json_is_boolean(v))
        return lnlt_error_set(err, "%s.%s: expected true or false", path, key);
    *out = json_is_true(v);
    return true;
}

/* names is NULL-terminated; the value must be one of them. */
static inline bool lj_enum(json_t *o, const char *key, const char *path, const char *const *names, int *out,
                           lnlt_error *err)
{
    json_t *v = json_object_get(o, key);
    char want[200] = "";
    *out = 0;
    for (int i = 0; names[i]; i++) {
        if (v && json_is_string(v) && !strcmp(json_string_value(v), names[i])) {
            *out = i;
            return true;
        }
        size_t n = strlen(want);
        if (n + strlen(names[i]) + 4 < sizeof want) {
            if (n)
                strcat(want, ", ");
            strcat(want, names[i]);
        }
    }
    return lnlt_error_set(err, "%s.%s: %s (expected one of %s)", path, key, v ? "unknown value" : "missing",
                          want);
}

#endif
