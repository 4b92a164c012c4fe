/*
 * morale.c: the 2d6 morale check as the engine rolls and explains it (rule 3.0
 * rally, and every rule that calls for a morale check: 1.5.1 event checks, 8.1.1
 * withdrawal, 11.3 and 11.10 medics and nurses, 11.7.1 Fight or Die). The
 * arithmetic is the pure layer's (lnlt_morale_check); this file rolls the dice
 * and writes the one explanation every check shares: the modifiers, the total
 * against the morale, and the result in the caller's words. Also the one routine
 * that shakes a unit, which knows that heroes never shake (11.2).
 */
#include <stdio.h>

#include "lnlt/combat.h"
#include "rules/internal.h"

bool rules_roll_morale_check(lnlt_step *s, lnlt_mc_input *in, const char *purpose, const char *rule,
                             const char *whose, const char *pass_word, const char *fail_word, lnlt_mc_outcome *out)
{
    int d[2];
    lnlt_event *re;
    if (!lnlt_dice_roll(&s->dice, 2, NULL, purpose, rule, d, &re, s->err))
        return false;
    in->d1 = d[0];
    in->d2 = d[1];
    *out = lnlt_morale_check(in);
    if (re) {
        /* "= 9, LM -1, in cover +1 = 9 vs morale 7 -> rallied": the dice's sum, each
         * modifier with its source, the total, what it is checked against */
        re->mods = out->mods;
        size_t n = (size_t)snprintf(re->text, sizeof re->text, "= %d", d[0] + d[1]);
        for (int i = 0; i < out->mods.count && n < sizeof re->text; i++)
            n += (size_t)snprintf(re->text + n, sizeof re->text - n, ", %s %+d", out->mods.mod[i].source,
                                  out->mods.mod[i].value);
        if (out->mods.count > 0 && n < sizeof re->text)
            n += (size_t)snprintf(re->text + n, sizeof re->text - n, " = %d", out->roll);
        if (n < sizeof re->text)
            snprintf(re->text + n, sizeof re->text - n, " vs %s%smorale %d -> %s", whose ? whose : "", whose ? " " : "",
                     out->morale, out->pass ? pass_word : fail_word);
    }
    return true;
}

bool rules_shake_unit(const lnlt_ctx *ctx, lnlt_state *st, int unit)
{
    lnlt_unit *u = &st->unit[unit];
    if (rules_is_hero(ctx, u))
        return false; /* 11.2: heroes never shake */
    u->status = LNLT_SHAKEN;
    return true;
}
