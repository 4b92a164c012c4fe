/*
 * lnlt/modifier.h: a die-roll or value modifier with its source, as shown to the
 * player ("moving target +1 (5.0)"). Rule calculations return lists of these so the
 * event log can explain every number (DESIGN.md principle 4).
 */
#ifndef LNLT_MODIFIER_H
#define LNLT_MODIFIER_H

#include <stdint.h>

#define LNLT_MOD_SOURCE_MAX 40
#define LNLT_MOD_RULE_MAX 12
#define LNLT_MODS_MAX 16

typedef struct lnlt_modifier {
    int8_t value;
    char source[LNLT_MOD_SOURCE_MAX]; /* e.g. "moving target", "LM Lt Koch" */
    char rule[LNLT_MOD_RULE_MAX];     /* e.g. "5.0", "11.1" */
} lnlt_modifier;

typedef struct lnlt_modifiers {
    int count;
    lnlt_modifier mod[LNLT_MODS_MAX];
} lnlt_modifiers;

/* Appends a modifier (silently keeps the first LNLT_MODS_MAX; no rule needs more). */
void lnlt_mods_add(lnlt_modifiers *m, int value, const char *source, const char *rule);
int lnlt_mods_total(const lnlt_modifiers *m);

#endif
