/* modifier.c: lists of labelled modifiers (see lnlt/modifier.h). */
#include "lnlt/modifier.h"

#include <stdio.h>
#include <string.h>

/* snprintf(dst, size, "%s", src) without the printf machinery: every modifier
 * of every attack passes here, with or without a log. */
static void copy_text(char *dst, size_t size, const char *src)
{
    size_t n = src ? strlen(src) : 0;
    if (n >= size)
        n = size - 1;
    memcpy(dst, src ? src : "", n);
    dst[n] = 0;
}

void lnlt_mods_add(lnlt_modifiers *m, int value, const char *source, const char *rule)
{
    if (m->count >= LNLT_MODS_MAX)
        return;
    lnlt_modifier *x = &m->mod[m->count++];
    x->value = (int8_t)value;
    copy_text(x->source, sizeof x->source, source);
    copy_text(x->rule, sizeof x->rule, rule);
}

int lnlt_mods_total(const lnlt_modifiers *m)
{
    int t = 0;
    for (int i = 0; i < m->count; i++)
        t += m->mod[i].value;
    return t;
}
