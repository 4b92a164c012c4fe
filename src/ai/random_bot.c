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
    char text[128], word[64];
    lnlt_action_format(ctx, a, text, sizeof text);
    size_t n = strcspn(text, " ");
    if (n >= sizeof word)
        n = sizeof word - 1;
    memcpy(word, text, n);
    word[n] = 0;
    return strstr(word, "fire") != NULL && strncmp(word, "no", 2) != 0;
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
    int fires = 0;
    if (b->prefer_fire) {
        /* Move the attacks to the front, then choose among them. */
        for (int i = 0; i < n; i++)
            if (lnlt_action_is_fire(ctx, &legal[i])) {
                lnlt_action t = legal[fires];
                legal[fires++] = legal[i];
                legal[i] = t;
            }
    }
    int pool = fires ? fires : n;
    *out = legal[lnlt_pcg32_below(&b->rng, (uint32_t)pool)];
    if (legal != stack_buf)
        free(legal);
    return true;
}
