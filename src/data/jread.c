/*
 * jread.c: strict JSON field readers with file + JSON-path error messages (see
 * jread.h). Every reader checks type and range before touching its output, so a
 * loader built from them is total: any input gives data or a precise error.
 */
#include "data/jread.h"

#include <stdarg.h>
#include <stdio.h>
#include <string.h>

void jr_init(jr *r, const char *file, lnlt_error *err)
{
    r->file = file ? file : "(input)";
    strcpy(r->path, "$");
    r->len = 1;
    r->err = err;
}

/* Appends text to the path, truncated to the room left (as snprintf would):
 * every field read pushes its key, so no printf here. */
static void path_append(jr *r, const char *text, size_t n)
{
    size_t room = sizeof r->path - r->len - 1;
    if (n > room)
        n = room;
    memcpy(r->path + r->len, text, n);
    r->len += n;
    r->path[r->len] = 0;
}

size_t jr_key(jr *r, const char *key)
{
    size_t old = r->len;
    path_append(r, ".", 1);
    path_append(r, key, strlen(key));
    return old;
}

size_t jr_idx(jr *r, size_t i)
{
    size_t old = r->len;
    char digits[24], *p = digits + sizeof digits;
    *--p = ']';
    do
        *--p = (char)('0' + i % 10);
    while ((i /= 10) > 0);
    *--p = '[';
    path_append(r, p, (size_t)(digits + sizeof digits - p));
    return old;
}

void jr_pop(jr *r, size_t len)
{
    r->len = len;
    r->path[len] = 0;
}

bool jr_fail(jr *r, const char *fmt, ...)
{
    if (!r->err)
        return false;
    char msg[LNLT_ERROR_MAX];
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(msg, sizeof msg, fmt, ap);
    va_end(ap);
    lnlt_error_set(r->err, "%s: %s: %s", r->file, r->path, msg);
    return false;
}

const char *jr_type(const json_t *v)
{
    if (!v)
        return "nothing";
    switch (json_typeof(v)) {
    case JSON_OBJECT: return "an object";
    case JSON_ARRAY: return "an array";
    case JSON_STRING: return "a string";
    case JSON_INTEGER: return "an integer";
    case JSON_REAL: return "a real number";
    case JSON_TRUE:
    case JSON_FALSE: return "a boolean";
    case JSON_NULL: return "null";
    }
    return "an unknown value";
}

json_t *jr_parse(jr *r, const char *text, size_t len)
{
    json_error_t je;
    json_t *root = json_loadb(text, len, JSON_REJECT_DUPLICATES, &je);
    if (!root) {
        lnlt_error_set(r->err, "%s: line %d, column %d: not valid JSON: %s", r->file, je.line,
                       je.column, je.text);
        return NULL;
    }
    if (!json_is_object(root)) {
        jr_fail(r, "expected the file to hold a JSON object, found %s", jr_type(root));
        json_decref(root);
        return NULL;
    }
    return root;
}

bool jr_is_object(jr *r, json_t *v)
{
    if (!json_is_object(v))
        return jr_fail(r, "expected an object, found %s", jr_type(v));
    return true;
}

bool jr_keys(jr *r, json_t *obj, const char *const *allowed)
{
    const char *key;
    json_t *v;
    json_object_foreach(obj, key, v) {
        bool ok = false;
        for (size_t i = 0; allowed[i]; i++)
            if (!strcmp(key, allowed[i])) {
                ok = true;
                break;
            }
        if (!ok) {
            char list[300] = "";
            size_t n = 0;
            for (size_t i = 0; allowed[i] && n < sizeof list - 40; i++)
                n += (size_t)snprintf(list + n, sizeof list - n, "%s%s", i ? ", " : "", allowed[i]);
            (void)v;
            return jr_fail(r, "unknown key \"%.40s\" (expected one of: %s)", key, list);
        }
    }
    return true;
}

static json_t *field(jr *r, json_t *obj, const char *key, bool required, size_t *old,
                     bool *missing)
{
    json_t *v = json_object_get(obj, key);
    *old = jr_key(r, key);
    *missing = !v;
    if (!v && required) {
        jr_fail(r, "missing (required)");
        return NULL;
    }
    return v;
}

bool jr_int(jr *r, json_t *obj, const char *key, bool required, int min, int max, int dflt,
            int *out)
{
    size_t old;
    bool missing;
    json_t *v = field(r, obj, key, required, &old, &missing);
    if (missing) {
        jr_pop(r, old);
        if (required)
            return false;
        *out = dflt;
        return true;
    }
    if (!json_is_integer(v) || json_integer_value(v) < min || json_integer_value(v) > max)
        return jr_fail(r, "expected an integer from %d to %d, found %s", min, max,
                       json_is_integer(v) ? "one out of range" : jr_type(v));
    *out = (int)json_integer_value(v);
    jr_pop(r, old);
    return true;
}

bool jr_int_or_none(jr *r, json_t *obj, const char *key, bool required, int min, int max,
                    int8_t *out)
{
    size_t old;
    bool missing;
    json_t *v = field(r, obj, key, required, &old, &missing);
    if (missing) {
        jr_pop(r, old);
        if (required)
            return false;
        *out = LNLT_NONE;
        return true;
    }
    if (json_is_null(v)) {
        *out = LNLT_NONE;
        jr_pop(r, old);
        return true;
    }
    if (!json_is_integer(v) || json_integer_value(v) < min || json_integer_value(v) > max)
        return jr_fail(r, "expected an integer from %d to %d or null, found %s", min, max,
                       json_is_integer(v) ? "one out of range" : jr_type(v));
    *out = (int8_t)json_integer_value(v);
    jr_pop(r, old);
    return true;
}

bool jr_bool(jr *r, json_t *obj, const char *key, bool dflt, bool *out)
{
    size_t old;
    bool missing;
    json_t *v = field(r, obj, key, false, &old, &missing);
    if (missing) {
        jr_pop(r, old);
        *out = dflt;
        return true;
    }
    if (!json_is_boolean(v))
        return jr_fail(r, "expected true or false, found %s", jr_type(v));
    *out = json_is_true(v);
    jr_pop(r, old);
    return true;
}

void jr_copy(char *dst, size_t cap, const char *s)
{
    memset(dst, 0, cap);
    size_t n = strlen(s);
    if (n >= cap)
        n = cap - 1;
    memcpy(dst, s, n);
}

bool jr_str(jr *r, json_t *obj, const char *key, bool required, char *buf, size_t cap)
{
    size_t old;
    bool missing;
    json_t *v = field(r, obj, key, required, &old, &missing);
    if (missing) {
        jr_pop(r, old);
        if (required)
            return false;
        memset(buf, 0, cap);
        return true;
    }
    if (!json_is_string(v))
        return jr_fail(r, "expected a string, found %s", jr_type(v));
    const char *s = json_string_value(v);
    size_t n = json_string_length(v);
    if (n >= cap)
        return jr_fail(r, "expected a string of at most %zu bytes, found %zu", cap - 1, n);
    if (strlen(s) != n)
        return jr_fail(r, "expected a string without NUL characters");
    jr_copy(buf, cap, s);
    jr_pop(r, old);
    return true;
}

bool jr_id_value(jr *r, json_t *v, char *buf)
{
    if (!json_is_string(v))
        return jr_fail(r, "expected an id (a string of a-z, 0-9, _), found %s", jr_type(v));
    const char *s = json_string_value(v);
    size_t n = json_string_length(v);
    if (n == 0 || n >= LNLT_ID_MAX)
        return jr_fail(r, "expected an id of 1 to %d characters, found %zu", LNLT_ID_MAX - 1, n);
    for (size_t i = 0; i < n; i++) {
        char c = s[i];
        if (!((c >= 'a' && c <= 'z') || (c >= '0' && c <= '9') || c == '_'))
            return jr_fail(r, "expected an id made of a-z, 0-9 and _, found \"%.40s\"", s);
    }
    jr_copy(buf, LNLT_ID_MAX, s);
    return true;
}

bool jr_id(jr *r, json_t *obj, const char *key, bool required, char *buf)
{
    size_t old;
    bool missing;
    json_t *v = field(r, obj, key, required, &old, &missing);
    if (missing) {
        jr_pop(r, old);
        if (required)
            return false;
        memset(buf, 0, LNLT_ID_MAX);
        return true;
    }
    if (!jr_id_value(r, v, buf))
        return false;
    jr_pop(r, old);
    return true;
}

bool jr_enum_value(jr *r, json_t *v, const char *const *names, int n, int *out)
{
    if (json_is_string(v)) {
        for (int i = 0; i < n; i++)
            if (names[i] && !strcmp(json_string_value(v), names[i])) {
                *out = i;
                return true;
            }
    }
    char list[360] = "";
    size_t len = 0;
    for (int i = 0; i < n && len < sizeof list - 40; i++)
        if (names[i])
            len += (size_t)snprintf(list + len, sizeof list - len, "%s\"%s\"", len ? ", " : "",
                                    names[i]);
    if (json_is_string(v))
        return jr_fail(r, "expected one of %s, found \"%.40s\"", list, json_string_value(v));
    return jr_fail(r, "expected one of %s, found %s", list, jr_type(v));
}

bool jr_enum(jr *r, json_t *obj, const char *key, bool required, const char *const *names,
             int n, int dflt, int *out)
{
    size_t old;
    bool missing;
    json_t *v = field(r, obj, key, required, &old, &missing);
    if (missing) {
        jr_pop(r, old);
        if (required)
            return false;
        *out = dflt;
        return true;
    }
    if (!jr_enum_value(r, v, names, n, out))
        return false;
    jr_pop(r, old);
    return true;
}

bool jr_hex_value(jr *r, json_t *v, lnlt_hex *out)
{
    if (!json_is_string(v))
        return jr_fail(r, "expected a hex id such as \"15H7\", found %s", jr_type(v));
    char why[128];
    if (json_string_length(v) > 12 || strlen(json_string_value(v)) != json_string_length(v))
        return jr_fail(r, "expected a hex id such as \"15H7\", found a string that is too long");
    if (!lnlt_hex_parse(json_string_value(v), out, why, sizeof why))
        return jr_fail(r, "expected a hex id such as \"15H7\", found \"%s\" (%s)",
                       json_string_value(v), why);
    return true;
}

bool jr_hex(jr *r, json_t *obj, const char *key, bool required, lnlt_hex *out)
{
    size_t old;
    bool missing;
    json_t *v = field(r, obj, key, required, &old, &missing);
    if (missing) {
        jr_pop(r, old);
        return !required;
    }
    if (!jr_hex_value(r, v, out))
        return false;
    jr_pop(r, old);
    return true;
}

bool jr_array(jr *r, json_t *obj, const char *key, bool required, size_t max, json_t **out)
{
    size_t old;
    bool missing;
    json_t *v = field(r, obj, key, required, &old, &missing);
    *out = NULL;
    if (missing) {
        jr_pop(r, old);
        return !required;
    }
    if (!json_is_array(v))
        return jr_fail(r, "expected an array, found %s", jr_type(v));
    if (json_array_size(v) > max)
        return jr_fail(r, "expected at most %zu elements, found %zu", max, json_array_size(v));
    *out = v;
    jr_pop(r, old);
    return true;
}

bool jr_header(jr *r, json_t *root, const char *kind)
{
    char k[LNLT_ID_MAX];
    int fmt;
    if (!jr_str(r, root, "kind", true, k, sizeof k))
        return false;
    if (strcmp(k, kind)) {
        size_t old = jr_key(r, "kind");
        jr_fail(r, "expected \"%s\", found \"%s\"", kind, k);
        jr_pop(r, old);
        return false;
    }
    json_t *f = json_object_get(root, "format");
    if (f && json_is_integer(f) && json_integer_value(f) != LNLT_DATA_FORMAT) {
        size_t old = jr_key(r, "format");
        jr_fail(r, "expected format %d (the only one this lnlt reads), found %" JSON_INTEGER_FORMAT,
                LNLT_DATA_FORMAT, json_integer_value(f));
        jr_pop(r, old);
        return false;
    }
    return jr_int(r, root, "format", true, LNLT_DATA_FORMAT, LNLT_DATA_FORMAT, 1, &fmt);
}
