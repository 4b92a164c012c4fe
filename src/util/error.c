/* error.c: filling in lnlt_error (see lnlt/error.h). */
#include "lnlt/error.h"

#include <stdarg.h>
#include <stdio.h>
#include <string.h>

_Bool lnlt_error_set(lnlt_error *err, const char *fmt, ...)
{
    if (!err)
        return 0;
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(err->msg, sizeof err->msg, fmt, ap);
    va_end(ap);
    return 0;
}

void lnlt_error_prefix(lnlt_error *err, const char *prefix)
{
    if (!err)
        return;
    char old[LNLT_ERROR_MAX];
    memcpy(old, err->msg, sizeof old);
    size_t n = strlen(prefix);
    if (n > sizeof err->msg - 3)
        n = sizeof err->msg - 3;
    memcpy(err->msg, prefix, n);
    err->msg[n] = ':';
    err->msg[n + 1] = ' ';
    size_t room = sizeof err->msg - n - 3;
    size_t m = strnlen(old, room);
    memcpy(err->msg + n + 2, old, m);
    err->msg[n + 2 + m] = 0;
}
