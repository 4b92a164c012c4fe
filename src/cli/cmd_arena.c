/*
 * cmd_arena.c: `lnlt arena SCENARIO --a LEVEL --b LEVEL --games N --seed S
 * [--ms MS] [--trace]`: measures one computer player against another in paired games. Each
 * dice seed is played twice, A on side 1 then A on side 2, so a scenario that
 * favours one side favours both players equally. Prints one line per game and a
 * summary: wins per side, A's score (a win 1, a draw 1/2) with its 95% interval,
 * A's score on each side, and the time per decision of each player (decisions
 * with a single legal action are not counted): processor time of the deciding
 * thread, which a hard player's budget is counted in, and elapsed time.
 *
 * The interval is the normal one over the seeds' pair scores (each the mean of
 * the seed's two games), which respects the pairing; when every pair scored the
 * same, the Wilson interval over the games is given instead.
 */
#include <getopt.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "cli_bot.h"
#include "cli_game.h"
#include "commands.h"
#include "lnlt/bot.h"

static void usage(FILE *out)
{
    fprintf(out,
            "usage: lnlt arena SCENARIO --a LEVEL --b LEVEL [--games N] [--seed S] [--ms MS] [--ms-b MS]\n"
            "                  [--iters N] [--max-actions M] [--quiet] [--json]\n"
            "  --a, --b LEVEL   the two players: random, easy, normal or hard\n"
            "  --games N        games to play, in pairs: seeds S .. S+N/2-1, each twice with the\n"
            "                   sides swapped (default 20; an odd N is rounded up)\n"
            "  --seed S         first dice seed (default 1)\n"
            "  --ms MS          time budget per decision of a hard player (default %d)\n"
            "  --ms-b MS        B's budget when it differs from A's\n"
            "  --iters N        hard players search N iterations a decision instead of a time:\n"
            "                   the same games on any machine\n"
            "  --max-actions M  count a game still running after M actions as a draw (default 20000)\n"
            "  --trace          write every action of every game and what it did to stderr\n"
            "  --quiet          only the summary\n"
            "  --json           the summary as one line of JSON\n",
            LNLT_BOT_DEFAULT_MS);
}

/* Wilson score interval for k successes (halves allowed) in n trials. */
static void wilson(double k, double n, double *lo, double *hi)
{
    const double z = 1.96;
    if (n <= 0) {
        *lo = 0;
        *hi = 1;
        return;
    }
    double p = k / n, d = 1 + z * z / n;
    double c = (p + z * z / (2 * n)) / d, h = z * sqrt(p * (1 - p) / n + z * z / (4 * n * n)) / d;
    *lo = c - h < 0 ? 0 : c - h;
    *hi = c + h > 1 ? 1 : c + h;
}

typedef struct player_time {
    long decisions;
    double seconds, worst; /* CPU time */
    double wall;           /* elapsed time */
} player_time;

/* One game; returns the winner (0 draw) and counts the actions. */
static int play_game(const lnlt_ctx *ctx, uint64_t seed, lnlt_bot *bots[3], long max_actions, long *actions,
                     player_time *time[3], bool trace, bool *ok)
{
    lnlt_state *st = malloc(sizeof *st);
    if (!st) {
        *ok = false;
        return 0;
    }
    lnlt_state_init(st, ctx, seed);
    long n = 0;
    lnlt_action a;
    lnlt_error err;
    *ok = true;
    while (n < max_actions) {
        lnlt_decision d = lnlt_decision_get(ctx, st);
        if (d.kind == LNLT_DECIDE_NONE)
            break;
        int legal = lnlt_legal_actions(ctx, st, NULL, 0);
        double t0 = cli_cpu_now(), w0 = cli_now();
        if (!cli_bot_decide(bots[d.side], ctx, st, &a)) {
            fprintf(stderr, "lnlt arena: seed %llu: the %s player found no action\n", (unsigned long long)seed,
                    lnlt_bot_level_name(bots[d.side]->level));
            *ok = false;
            break;
        }
        double dt = cli_cpu_now() - t0;
        if (legal > 1) {
            time[d.side]->decisions++;
            time[d.side]->seconds += dt;
            time[d.side]->wall += cli_now() - w0;
            if (dt > time[d.side]->worst)
                time[d.side]->worst = dt;
        }
        lnlt_events log;
        lnlt_events_init(&log);
        int turn = st->turn;
        bool applied = lnlt_apply(ctx, st, &a, NULL, trace ? &log : NULL, &err);
        if (trace && applied) {
            char text[256];
            lnlt_action_format(ctx, &a, text, sizeof text);
            fprintf(stderr, "[seed %llu] turn %d, %s: %s\n", (unsigned long long)seed, turn,
                    lnlt_side_name(ctx, d.side), text);
            cli_print_events(stderr, &log, 0, false, "    ");
        }
        lnlt_events_free(&log);
        if (!applied) {
            char text[256];
            lnlt_action_format(ctx, &a, text, sizeof text);
            fprintf(stderr, "lnlt arena: seed %llu, action %ld \"%s\": %s\n", (unsigned long long)seed, n + 1, text,
                    err.msg);
            *ok = false;
            break;
        }
        n++;
    }
    *actions = n;
    int winner = lnlt_decision_get(ctx, st).kind == LNLT_DECIDE_NONE ? st->winner : 0;
    free(st);
    return winner;
}

int cmd_arena(int argc, char **argv)
{
    static const struct option opts[] = {{"a", required_argument, 0, 'a'},     {"b", required_argument, 0, 'b'},
                                         {"games", required_argument, 0, 'g'}, {"seed", required_argument, 0, 's'},
                                         {"ms", required_argument, 0, 'm'},    {"ms-b", required_argument, 0, 'M'},
                                         {"max-actions", required_argument, 0, 'x'},
                                         {"iters", required_argument, 0, 'i'},
                                         {"quiet", no_argument, 0, 'q'},       {"json", no_argument, 0, 'j'},
                                         {"trace", no_argument, 0, 't'},
                                         {"help", no_argument, 0, 'h'},        {0, 0, 0, 0}};
    int level_a = -1, level_b = -1, ms_a = LNLT_BOT_DEFAULT_MS, ms_b = -1;
    uint64_t games = 20, seed = 1, max_actions = 20000, iters = 0;
    bool quiet = false, json = false, trace = false;
    int c;
    optind = 1;
    while ((c = getopt_long(argc, argv, "", opts, NULL)) != -1) {
        switch (c) {
        case 'a':
            if (!cli_parse_level("arena", "a", optarg, &level_a))
                return 2;
            break;
        case 'b':
            if (!cli_parse_level("arena", "b", optarg, &level_b))
                return 2;
            break;
        case 'g':
        case 's':
        case 'x':
        case 'i': {
            uint64_t *target = c == 'g' ? &games : c == 's' ? &seed : c == 'x' ? &max_actions : &iters;
            const char *name = c == 'g' ? "games" : c == 's' ? "seed" : c == 'x' ? "max-actions" : "iters";
            if (!cli_parse_u64(optarg, target) || (c != 's' && *target == 0) || (c == 'i' && *target > 1000000)) {
                fprintf(stderr, "lnlt arena: --%s: expected a whole number%s, got \"%s\"\n", name,
                        c == 's' ? "" : c == 'i' ? " 1..1000000" : " above 0", optarg);
                return 2;
            }
            break;
        }
        case 'm':
            if (!cli_parse_ms("arena", optarg, &ms_a))
                return 2;
            break;
        case 'M':
            if (!cli_parse_ms("arena", optarg, &ms_b))
                return 2;
            break;
        case 'q': quiet = true; break;
        case 't': trace = true; break;
        case 'j': json = true; quiet = true; break;
        case 'h': usage(stdout); return 0;
        default: usage(stderr); return 2;
        }
    }
    if (optind + 1 != argc || level_a < 0 || level_b < 0) {
        fprintf(stderr, "lnlt arena: expected one SCENARIO file and both --a and --b\n");
        usage(stderr);
        return 2;
    }
    if (ms_b < 0)
        ms_b = ms_a;
    const char *scenario = argv[optind];
    lnlt_error err;
    lnlt_ctx ctx;
    if (!lnlt_ctx_open(scenario, &ctx, &err)) {
        fprintf(stderr, "lnlt arena: %s\n", err.msg);
        return 1;
    }
    uint64_t pairs = (games + 1) / 2;
    long wins_side[3] = {0, 0, 0};
    double score_a = 0, score_a_side[3] = {0, 0, 0}, pair_sum = 0, pair_sq = 0;
    long unfinished = 0, total_actions = 0;
    player_time time_a = {0}, time_b = {0};
    int rc = 0;
    for (uint64_t p = 0; p < pairs && rc == 0; p++) {
        uint64_t gseed = seed + p;
        double pair = 0;
        for (int a_side = 1; a_side <= 2 && rc == 0; a_side++) {
            /* Each player's seed follows from the game seed and its seat. */
            uint64_t mix = gseed * 0x9e3779b97f4a7c15ull;
            lnlt_bot *a = lnlt_bot_new(level_a, mix ^ 0xa11ce, ms_a);
            lnlt_bot *b = lnlt_bot_new(level_b, mix ^ 0xb0b, ms_b);
            if (a && b && iters) {
                lnlt_bot_set_iterations(a, (int)iters);
                lnlt_bot_set_iterations(b, (int)iters);
            }
            if (!a || !b) {
                fprintf(stderr, "lnlt arena: out of memory\n");
                lnlt_bot_free(a);
                lnlt_bot_free(b);
                rc = 1;
                break;
            }
            lnlt_bot *bots[3] = {NULL, a_side == 1 ? a : b, a_side == 1 ? b : a};
            player_time *times[3] = {NULL, a_side == 1 ? &time_a : &time_b, a_side == 1 ? &time_b : &time_a};
            long actions;
            bool ok;
            int winner = play_game(&ctx, gseed, bots, (long)max_actions, &actions, times, trace, &ok);
            lnlt_bot_free(a);
            lnlt_bot_free(b);
            if (!ok) {
                rc = 1;
                break;
            }
            bool over = actions < (long)max_actions || winner != 0;
            unfinished += !over;
            wins_side[winner]++;
            total_actions += actions;
            double s = winner == 0 ? 0.5 : winner == a_side ? 1.0 : 0.0;
            score_a += s;
            score_a_side[a_side] += s;
            pair += s / 2;
            if (!quiet)
                printf("seed %llu, A (%s) as %s: %s after %ld actions\n", (unsigned long long)gseed,
                       lnlt_bot_level_name(level_a), lnlt_side_name(&ctx, a_side),
                       winner == 0 ? (over ? "draw" : "unfinished (a draw)")
                                   : winner == a_side ? "A wins" : "B wins",
                       actions);
            fflush(stdout);
        }
        pair_sum += pair;
        pair_sq += pair * pair;
    }
    if (rc == 0) {
        double n = (double)(2 * pairs), mean = score_a / n, lo, hi;
        double var = pairs > 1 ? (pair_sq - pair_sum * pair_sum / (double)pairs) / (double)(pairs - 1) : 0;
        if (var > 1e-12) {
            double half = 1.96 * sqrt(var / (double)pairs);
            lo = mean - half < 0 ? 0 : mean - half;
            hi = mean + half > 1 ? 1 : mean + half;
        } else {
            wilson(score_a, n, &lo, &hi);
        }
        double per_a = time_a.decisions ? time_a.seconds / (double)time_a.decisions : 0;
        double per_b = time_b.decisions ? time_b.seconds / (double)time_b.decisions : 0;
        if (json) {
            printf("{\"scenario\":\"%s\",\"a\":\"%s\",\"b\":\"%s\",\"games\":%.0f,\"seed\":%llu,\"ms\":%d,\"iters\":%llu,"
                   "\"wins_side1\":%ld,\"wins_side2\":%ld,\"draws\":%ld,\"unfinished\":%ld,\"score_a\":%.4f,"
                   "\"ci_low\":%.4f,\"ci_high\":%.4f,\"score_a_side1\":%.4f,\"score_a_side2\":%.4f,"
                   "\"sec_per_decision_a\":%.4f,\"sec_per_decision_b\":%.4f,\"worst_a\":%.3f,\"worst_b\":%.3f,"
                   "\"avg_actions\":%.1f}\n",
                   scenario, lnlt_bot_level_name(level_a), lnlt_bot_level_name(level_b), n, (unsigned long long)seed,
                   ms_a, (unsigned long long)iters, wins_side[1], wins_side[2], wins_side[0], unfinished, mean, lo, hi,
                   score_a_side[1] / (double)pairs, score_a_side[2] / (double)pairs, per_a, per_b, time_a.worst,
                   time_b.worst, (double)total_actions / n);
        } else {
            printf("arena: %s, A %s against B %s, %.0f games (%llu seeds x 2)\n", scenario,
                   lnlt_bot_level_name(level_a), lnlt_bot_level_name(level_b), n, (unsigned long long)pairs);
            printf("wins: %s %ld, %s %ld, draws %ld", lnlt_side_name(&ctx, 1), wins_side[1], lnlt_side_name(&ctx, 2),
                   wins_side[2], wins_side[0]);
            if (unfinished)
                printf(" (%ld unfinished)", unfinished);
            printf("\nscore of A: %.1f%% (95%% interval %.1f%% - %.1f%%); as %s %.1f%%, as %s %.1f%%\n", 100 * mean,
                   100 * lo, 100 * hi, lnlt_side_name(&ctx, 1), 100 * score_a_side[1] / (double)pairs,
                   lnlt_side_name(&ctx, 2), 100 * score_a_side[2] / (double)pairs);
            printf("CPU time per decision: A %.1f ms (worst %.0f ms, %ld decisions), B %.1f ms (worst %.0f ms, %ld "
                   "decisions); elapsed A %.1f ms, B %.1f ms; %.1f actions per game\n",
                   1000 * per_a, 1000 * time_a.worst, time_a.decisions, 1000 * per_b, 1000 * time_b.worst,
                   time_b.decisions, time_a.decisions ? 1000 * time_a.wall / (double)time_a.decisions : 0,
                   time_b.decisions ? 1000 * time_b.wall / (double)time_b.decisions : 0,
                   (double)total_actions / n);
        }
    }
    lnlt_ctx_close(&ctx);
    return rc;
}
