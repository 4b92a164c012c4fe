/*
 * random_bot.c: the random computer player (lnlt/bot.h): a uniform choice among
 * the legal actions, narrowed to the attacks when there are any. Seeded with its
 * own generator so a self-play game is reproducible from the game seed and the
 * bot seed, and the bot's choices never disturb the game's dice.
 */
#include "lnlt/bot.h"

#include <stdlib.h>
#include <string.h>

void lnlt_bot_init(lnlt_bot *b, uint64_t seed)
{
    memset(b, 0, sizeof *b);
    lnlt_pcg32_seed(&b->rng, seed, 0x626f74u /* "bot" */);
    b->prefer_fire = true;
}

uint64_t lnlt_bot_selfplay_seed(uint64_t game_seed) { return game_seed * 0x9e3779b97f4a7c15ull + 0x5851f42d4c957f2dull; }

bool lnlt_action_is_fire(const lnlt_ctx *ctx, const lnlt_action *a)
{
    (void)ctx;
    return lnlt_action_is_attack(a->type);
}

int lnlt_bot_pick(lnlt_bot *b, const lnlt_action *legal, int n)
{
    if (n <= 0)
        return -1;
    int fires = 0;
    if (b->prefer_fire)
        for (int i = 0; i < n; i++)
            fires += lnlt_action_is_attack(legal[i].type);
    if (!fires)
        return (int)lnlt_pcg32_below(&b->rng, (uint32_t)n);
    /* the r-th attack in list order */
    int r = (int)lnlt_pcg32_below(&b->rng, (uint32_t)fires);
    for (int i = 0; i < n; i++)
        if (lnlt_action_is_attack(legal[i].type) && r-- == 0)
            return i;
    return -1; /* not reached: r < fires */
}

bool lnlt_bot_choose(lnlt_bot *b, const lnlt_ctx *ctx, const lnlt_state *st, lnlt_action *out)
{
    enum { CAP = 256 };
    lnlt_action stack_buf[CAP];
    lnlt_action *legal = stack_buf;
    int n = lnlt_legal_actions(ctx, st, legal, CAP);
    if (n <= 0)
        return false;
    if (n > CAP) {
        /* Rare (long move lists): fetch them all rather than bias the choice. */
        legal = malloc((size_t)n * sizeof *legal);
        if (!legal) {
            *out = stack_buf[lnlt_pcg32_below(&b->rng, CAP)];
            return true;
        }
        n = lnlt_legal_actions(ctx, st, legal, n);
    }
    *out = legal[lnlt_bot_pick(b, legal, n)];
    if (legal != stack_buf)
        free(legal);
    return true;
}
