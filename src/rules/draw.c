/*
 * draw.c: drawing one of n things at random with six-sided dice, the way the
 * rules pick a random unit (11.4 snipers, digest A-14) or a counter from a cup
 * (11.2.1 heroes and their skills): one die for up to six things, two dice
 * (36 outcomes) beyond, faces past the last thing re-rolled, so every thing has
 * the same chance and a forced queue of dice can reproduce any draw.
 */
#include "rules/internal.h"

bool rules_random_index(lnlt_step *s, int n, const char *purpose, const char *rule, int *out)
{
    *out = 0;
    if (n <= 1)
        return true;
    for (int tries = 0; tries < 32; tries++) {
        int d[2];
        int dice = n <= 6 ? 1 : 2;
        if (!lnlt_dice_roll(&s->dice, dice, NULL, purpose, rule, d, NULL, s->err))
            return false;
        int v = dice == 1 ? d[0] - 1 : (d[0] - 1) * 6 + (d[1] - 1);
        if (v < n) {
            *out = v;
            return true;
        }
    }
    *out = 0; /* unreachable with fair dice; keeps a bad forced queue finite */
    return true;
}
