/*
 * lnlt/error.h: the one error type every fallible lnlt call fills in.
 *
 * Messages are complete sentences for a person: where (file, JSON path or line,
 * hex, action) and what was expected. A function that fails leaves its outputs
 * and the game state untouched.
 */
#ifndef LNLT_ERROR_H
#define LNLT_ERROR_H

#include <stddef.h>

#define LNLT_ERROR_MAX 512

typedef struct lnlt_error {
    char msg[LNLT_ERROR_MAX];
} lnlt_error;

/* printf-style; err may be NULL. Always returns false so callers can write
 * `return lnlt_error_set(err, "...")` in a function returning bool. */
#if defined(__GNUC__)
__attribute__((format(printf, 2, 3)))
#endif
_Bool lnlt_error_set(lnlt_error *err, const char *fmt, ...);

/* Prefixes the existing message with "prefix: " (used to add a file name). */
void lnlt_error_prefix(lnlt_error *err, const char *prefix);

#endif
