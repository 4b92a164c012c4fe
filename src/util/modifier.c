/* modifier.c: lists of labelled modifiers (see lnlt/modifier.h). */
#include "lnlt/modifier.h"

#include <stdio.h>

void lnlt_mods_add(lnlt_modifiers *m, int value, const char *source, const char *rule)
{
    if (m->count >= LNLT_MODS_MAX)
        return;
    lnlt_modifier *x = &m->mod[m->count++];
    x->value = (int8_t)value;
    snprintf(x->source, sizeof x->source, "%s", source ? source : "");
    snprintf(x->rule, sizeof x->rule, "%s", rule ? rule : "");
}

int lnlt_mods_total(const lnlt_modifiers *m)
{
    int t = 0;
    for (int i = 0; i < m->count; i++)
        t += m->mod[i].value;
    return t;
}
