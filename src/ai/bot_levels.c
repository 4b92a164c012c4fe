/*
 * bot_levels.c: the computer players by name (lnlt/bot.h, "levels"). A program
 * passes the level its user asked for; this file maps the name to a player. Today
 * there is one, "random" (random_bot.c); a stronger level is one more entry in
 * the table and one more branch in lnlt_bot_decide.
 */
#include "lnlt/bot.h"

#include <string.h>

static const char *const levels[] = {"random", NULL};

const char *const *lnlt_bot_levels(void) { return levels; }

bool lnlt_bot_level_known(const char *level)
{
    if (!level)
        return false;
    for (int i = 0; levels[i]; i++)
        if (!strcmp(levels[i], level))
            return true;
    return false;
}

bool lnlt_bot_decide(const char *level, const lnlt_ctx *ctx, const lnlt_state *st, uint64_t seed, int budget_ms,
                     lnlt_action *out, lnlt_error *err)
{
    (void)budget_ms; /* the random player answers at once, far inside any budget */
    if (!lnlt_bot_level_known(level))
        return lnlt_error_set(err, "unknown computer player level \"%s\"", level ? level : "(none)");
    lnlt_bot bot;
    lnlt_bot_init(&bot, seed);
    if (!lnlt_bot_choose(&bot, ctx, st, out))
        return lnlt_error_set(err, "the game is over: no legal action to choose");
    return true;
}
