/*
 * bench_quick_agree.c: how often the cheaper judgement of an activation that the
 * hard search's playouts use (R-AI-24, ai_tactics_cfg.quick) picks what the full
 * judgement of the playouts' scripted player (one dice sample) picks, and what
 * each costs. On each starter, normal plays both sides (two games); at every
 * impulse and every decision of activated units with more than one legal action,
 * three scripted players of one dice sample choose: the full one, the full one
 * with other dice (the noise floor: one sample disagrees with itself), and the
 * quick one with the first one's dice. Figures only; it never fails.
 */
#include <stdio.h>
#include <stdlib.h>
#include <time.h>

#include "ai/ai.h"
#include "lnlt/action.h"
#include "lnlt/bot.h"
#include "lnlt/game.h"

static const char *const starters[] = {
    "data/scenarios/sk1_assault_on_vierville.json",
    "data/scenarios/sk2_rejoining_the_regiment.json",
    "data/scenarios/sk3_the_weapons_cache.json",
    "data/scenarios/sk4_a_friend_in_need.json",
};

static double cpu_now(void)
{
    struct timespec ts;
    clock_gettime(CLOCK_THREAD_CPUTIME_ID, &ts);
    return (double)ts.tv_sec + 1e-9 * (double)ts.tv_nsec;
}

typedef struct tally {
    long asked, same_dice, same_quick;
    double full_s, quick_s;
} tally;

static void bench(const char *path)
{
    lnlt_ctx ctx;
    lnlt_error err;
    if (!lnlt_ctx_open(path, &ctx, &err)) {
        printf("%s: %s\n", path, err.msg);
        return;
    }
    ai_board *bd = ai_board_new(&ctx);
    tally tl[2] = {{0}, {0}}; /* impulses, activated units */
    for (int game = 0; game < 2 && bd; game++) {
        lnlt_state *st = malloc(sizeof *st);
        lnlt_bot *bots[3] = {NULL, lnlt_bot_new(LNLT_BOT_NORMAL, 21 + (uint64_t)game, 20),
                             lnlt_bot_new(LNLT_BOT_NORMAL, 31 + (uint64_t)game, 20)};
        if (!st || !bots[1] || !bots[2]) {
            free(st);
            lnlt_bot_free(bots[1]);
            lnlt_bot_free(bots[2]);
            break;
        }
        lnlt_state_init(st, &ctx, 41 + (uint64_t)game);
        for (int n = 0; n < 3000; n++) {
            lnlt_decision d = lnlt_decision_get(&ctx, st);
            if (d.kind == LNLT_DECIDE_NONE)
                break;
            lnlt_action first;
            if ((d.kind == LNLT_DECIDE_IMPULSE || d.kind == LNLT_DECIDE_ACTIVATION) &&
                lnlt_legal_actions(&ctx, st, &first, 1) > 1) {
                uint64_t seed = 1000 + (uint64_t)n;
                ai_tactics_cfg full = {.samples = 1, .plan_moves = true};
                ai_tactics_cfg quick = {.samples = 1, .plan_moves = true, .quick = true};
                ai_tactics *tf = ai_tactics_new(bd, &full, seed), *tg = ai_tactics_new(bd, &full, seed * 7 + 3),
                           *tq = ai_tactics_new(bd, &quick, seed);
                lnlt_action af, ag, aq;
                double t0 = cpu_now();
                bool ok = tf && tg && tq && ai_tactics_choose(tf, st, &af);
                double t1 = cpu_now();
                ok = ok && ai_tactics_choose(tq, st, &aq);
                double t2 = cpu_now();
                ok = ok && ai_tactics_choose(tg, st, &ag);
                if (ok) {
                    tally *t = &tl[d.kind == LNLT_DECIDE_IMPULSE ? 0 : 1];
                    t->asked++;
                    t->same_dice += lnlt_action_equal(&af, &ag);
                    t->same_quick += lnlt_action_equal(&af, &aq);
                    t->full_s += t1 - t0;
                    t->quick_s += t2 - t1;
                }
                ai_tactics_free(tf);
                ai_tactics_free(tg);
                ai_tactics_free(tq);
            }
            lnlt_action a;
            if (!lnlt_bot_act(bots[d.side], &ctx, st, &a) || !lnlt_apply(&ctx, st, &a, NULL, NULL, &err))
                break;
        }
        lnlt_bot_free(bots[1]);
        lnlt_bot_free(bots[2]);
        free(st);
    }
    for (int k = 0; k < 2; k++) {
        const tally *t = &tl[k];
        double a = t->asked ? (double)t->asked : 1.0;
        printf("%-46s %-10s %5ld asked  other dice %5.1f%%  quick %5.1f%%  full %.3f ms  quick %.3f ms\n", path,
               k ? "activated" : "impulses", t->asked, 100.0 * (double)t->same_dice / a,
               100.0 * (double)t->same_quick / a, 1e3 * t->full_s / a, 1e3 * t->quick_s / a);
    }
    ai_board_free(bd);
    lnlt_ctx_close(&ctx);
}

int main(void)
{
    printf("the playouts' scripted player: the full judgement against the quick one (R-AI-24)\n");
    for (size_t i = 0; i < sizeof starters / sizeof starters[0]; i++)
        bench(starters[i]);
    return 0;
}
