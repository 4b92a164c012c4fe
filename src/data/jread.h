/*
 * jread.h: strict, total JSON field readers shared by every data loader
 * (docs/formats/). Each reader knows the file name and the JSON path of the value
 * it is looking at, so every error says where it is and what was expected:
 *
 *   data/units/us.json: $.units[2].front.morale: expected an integer from 0 to 12, found a string
 *
 * Unknown keys are errors too (a misspelt optional key would otherwise be ignored
 * silently). Internal to src/data.
 */
#ifndef LNLT_DATA_JREAD_H
#define LNLT_DATA_JREAD_H

#include <jansson.h>
#include <stdbool.h>

#include "lnlt/data.h"
#include "lnlt/error.h"
#include "lnlt/hex.h"

typedef struct jr {
    const char *file;
    char path[256];
    size_t len;
    lnlt_error *err;
} jr;

void jr_init(jr *r, const char *file, lnlt_error *err);
/* Push a path component; returns the length to restore with jr_pop. */
size_t jr_key(jr *r, const char *key);
size_t jr_idx(jr *r, size_t i);
void jr_pop(jr *r, size_t len);

/* Sets the error "file: path: message"; always returns false. */
#if defined(__GNUC__)
__attribute__((format(printf, 2, 3)))
#endif
bool jr_fail(jr *r, const char *fmt, ...);

/* A short description of a JSON value's type for messages ("a string"). */
const char *jr_type(const json_t *v);

/* Parses text into a JSON object (duplicate keys rejected). */
json_t *jr_parse(jr *r, const char *text, size_t len);

/* Fails if obj (at the current path) has a key not in allowed (NULL-ended). */
bool jr_keys(jr *r, json_t *obj, const char *const *allowed);
/* obj must be an object. */
bool jr_is_object(jr *r, json_t *v);

/* Field readers. A missing optional field leaves *out at the default given. */
bool jr_int(jr *r, json_t *obj, const char *key, bool required, int min, int max, int dflt,
            int *out);
/* Like jr_int, but JSON null (or absence when optional) gives LNLT_NONE. */
bool jr_int_or_none(jr *r, json_t *obj, const char *key, bool required, int min, int max,
                    int8_t *out);
bool jr_bool(jr *r, json_t *obj, const char *key, bool dflt, bool *out);
bool jr_str(jr *r, json_t *obj, const char *key, bool required, char *buf, size_t cap);
/* An id: [a-z0-9_], 1..LNLT_ID_MAX-1 characters. */
bool jr_id(jr *r, json_t *obj, const char *key, bool required, char *buf);
bool jr_id_value(jr *r, json_t *v, char *buf);
/* One of names[0..n-1]; the message lists them. */
bool jr_enum(jr *r, json_t *obj, const char *key, bool required, const char *const *names,
             int n, int dflt, int *out);
bool jr_enum_value(jr *r, json_t *v, const char *const *names, int n, int *out);
bool jr_hex(jr *r, json_t *obj, const char *key, bool required, lnlt_hex *out);
bool jr_hex_value(jr *r, json_t *v, lnlt_hex *out);
/* An array with at most max elements; absent optional arrays give *out = NULL. */
bool jr_array(jr *r, json_t *obj, const char *key, bool required, size_t max, json_t **out);
/* Checks "kind" and "format" at the top of a file. */
bool jr_header(jr *r, json_t *root, const char *kind);

/* Copy s into a fixed buffer (zero-filled, truncated). */
void jr_copy(char *dst, size_t cap, const char *s);

#endif
