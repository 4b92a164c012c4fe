/*
 * cmd_selfplay.c: `lnlt selfplay SCENARIO --games N --seed S --bot random`: a
 * computer player against itself, game after game, for soak testing and speed
 * figures. Prints one line per game (seed, result, length, final state hash, which
 * `lnlt replay` of a saved game reproduces, and a digest of the actions played,
 * which does not depend on the state's layout) and a summary: wins per side,
 * draws, average length in actions and games per second. It drives the bare
 * engine (no log) to measure the engine.
 */
#include <getopt.h>
#include <jansson.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "cli_game.h"
#include "commands.h"
#include "lnlt/bot.h"
#include "lnlt/search.h"

static void usage(FILE *out)
{
    fprintf(out, "usage: lnlt selfplay SCENARIO [--games N] [--seed S] [--max-actions M] [--quiet] [--save-dir DIR]\n"
                 "                     [--verify] [--bot random]\n"
                 "  --games N        games to play (default 10)\n"
                 "  --seed S         game i uses seed S+i (default 1)\n"
                 "  --max-actions M  stop a game after M actions and count it unfinished (default 100000)\n"
                 "  --quiet          only the summary\n"
                 "  --save-dir DIR   write each game as DIR/game-<seed>.json (replayable)\n"
                 "  --verify         replay each game from its save and check the state hash\n"
                 "  --bot random     the computer player: random (uniform among the legal actions,\n"
                 "                   attacks first; the benchmark workload)\n");
}

static double now_seconds(void)
{
    struct timespec t;
    clock_gettime(CLOCK_MONOTONIC, &t);
    return (double)t.tv_sec + (double)t.tv_nsec * 1e-9;
}

/* The digest of a game's actions: FNV-1a over their bytes (lnlt_action has no
 * padding), so two runs that played the same game agree whatever the state layout. */
static uint64_t digest_action(uint64_t h, const lnlt_action *a)
{
    const unsigned char *p = (const unsigned char *)a;
    for (size_t i = 0; i < sizeof *a; i++) {
        h ^= p[i];
        h *= 1099511628211ULL;
    }
    return h;
}

typedef struct action_buf {
    lnlt_action *a;
    int cap;
} action_buf;

/* The bot's choice among the legal actions, listed once (lnlt/search.h). */
static bool choose(lnlt_bot *bot, const lnlt_ctx *ctx, const lnlt_state *st, action_buf *list, lnlt_action *out)
{
    int n = lnlt_search_actions(ctx, st, list->a, list->cap);
    if (n > list->cap) {
        lnlt_action *bigger = realloc(list->a, (size_t)n * sizeof *bigger);
        if (!bigger)
            return false;
        list->a = bigger;
        list->cap = n;
        n = lnlt_search_actions(ctx, st, list->a, list->cap);
    }
    if (n <= 0)
        return false;
    *out = list->a[lnlt_bot_pick(bot, list->a, n)];
    return true;
}

int cmd_selfplay(int argc, char **argv)
{
    static const struct option opts[] = {{"games", required_argument, 0, 'g'}, {"seed", required_argument, 0, 's'},
                                         {"max-actions", required_argument, 0, 'm'}, {"quiet", no_argument, 0, 'q'},
                                         {"save-dir", required_argument, 0, 'd'}, {"help", no_argument, 0, 'h'},
                                         {"verify", no_argument, 0, 'v'}, {"bot", required_argument, 0, 'b'},
                                         {0, 0, 0, 0}};
    uint64_t games = 10, seed = 1, max_actions = 100000;
    bool quiet = false, verify = false;
    const char *save_dir = NULL;
    int c;
    optind = 1;
    while ((c = getopt_long(argc, argv, "", opts, NULL)) != -1) {
        uint64_t *target = c == 'g' ? &games : c == 's' ? &seed : c == 'm' ? &max_actions : NULL;
        if (target) {
            if (!cli_parse_u64(optarg, target) || (c != 's' && *target == 0)) {
                fprintf(stderr, "lnlt selfplay: --%s: expected a whole number%s, got \"%s\"\n",
                        c == 'g' ? "games" : c == 's' ? "seed" : "max-actions", c == 's' ? "" : " above 0", optarg);
                return 2;
            }
            continue;
        }
        switch (c) {
        case 'q': quiet = true; break;
        case 'd': save_dir = optarg; break;
        case 'v': verify = true; break;
        case 'b':
            if (strcmp(optarg, "random") != 0) {
                fprintf(stderr, "lnlt selfplay: --bot: expected random, got \"%s\"\n", optarg);
                return 2;
            }
            break;
        case 'h': usage(stdout); return 0;
        default: usage(stderr); return 2;
        }
    }
    if (optind + 1 != argc) {
        fprintf(stderr, "lnlt selfplay: expected one SCENARIO file\n");
        usage(stderr);
        return 2;
    }
    lnlt_error err;
    lnlt_ctx ctx;
    if (!lnlt_ctx_open(argv[optind], &ctx, &err)) {
        fprintf(stderr, "lnlt selfplay: %s\n", err.msg);
        return 1;
    }
    /* Saving or verifying needs the action history: play through a session. */
    lnlt_session *s = save_dir || verify ? malloc(sizeof *s) : NULL;
    action_buf list = {NULL, 0};
    uint64_t wins[3] = {0, 0, 0}, unfinished = 0, total_actions = 0;
    int rc = 0;
    double t0 = now_seconds();
    for (uint64_t g = 0; g < games && rc == 0; g++) {
        uint64_t gseed = seed + g;
        lnlt_state st;
        lnlt_bot bot;
        lnlt_state_init(&st, &ctx, gseed);
        lnlt_bot_init(&bot, lnlt_bot_selfplay_seed(gseed));
        if (s)
            lnlt_session_start(s, &ctx, argv[optind], gseed);
        uint64_t n = 0, digest = 14695981039346656037ULL;
        lnlt_action a;
        while (n < max_actions && choose(&bot, &ctx, &st, &list, &a)) {
            /* The bare engine takes the trusted path, as a search does; a session
             * checks every action as it does for players. */
            bool ok = s ? lnlt_session_apply(s, &a, &err) : lnlt_search_apply(&ctx, &st, &a, &err);
            if (!ok) {
                /* A legal action the engine refuses is an engine bug: report it. */
                char text[256];
                lnlt_action_format(&ctx, &a, text, sizeof text);
                fprintf(stderr, "lnlt selfplay: game seed %llu, action %llu \"%s\": %s\n", (unsigned long long)gseed,
                        (unsigned long long)n + 1, text, err.msg);
                rc = 1;
                break;
            }
            if (s)
                st = s->state;
            digest = digest_action(digest, &a);
            n++;
        }
        total_actions += n;
        bool over = lnlt_decision_get(&ctx, &st).kind == LNLT_DECIDE_NONE;
        const char *result;
        char rbuf[96];
        if (!over) {
            unfinished++;
            result = "unfinished";
        } else if (st.winner == LNLT_SIDE_1 || st.winner == LNLT_SIDE_2) {
            wins[st.winner]++;
            snprintf(rbuf, sizeof rbuf, "%s wins", lnlt_side_name(&ctx, st.winner));
            result = rbuf;
        } else {
            wins[0]++;
            result = "draw";
        }
        char hash[17], actions[17];
        lnlt_hash_format(lnlt_state_hash(&st), hash);
        lnlt_hash_format(digest, actions);
        if (!quiet && rc == 0)
            printf("game %llu: seed %llu: %s after %llu actions (turn %d), hash %s, actions %s\n",
                   (unsigned long long)g + 1, (unsigned long long)gseed, result, (unsigned long long)n, st.turn, hash,
                   actions);
        if (s && verify && rc == 0) {
            /* The soak check of DESIGN.md: the action list reproduces the state. */
            json_t *save = lnlt_session_save_json(s);
            lnlt_session *r = malloc(sizeof *r);
            if (!r || !lnlt_session_load_json(r, save, argv[optind], &ctx, &err)) {
                fprintf(stderr, "lnlt selfplay: game seed %llu does not replay: %s\n", (unsigned long long)gseed,
                        r ? err.msg : "out of memory");
                rc = 1;
            } else {
                lnlt_session_close(r);
            }
            free(r);
            json_decref(save);
        }
        if (s && save_dir) {
            char path[1200];
            snprintf(path, sizeof path, "%s/game-%llu.json", save_dir, (unsigned long long)gseed);
            if (rc == 0 && !lnlt_session_save(s, path, &err)) {
                fprintf(stderr, "lnlt selfplay: %s\n", err.msg);
                rc = 1;
            }
        }
        if (s)
            lnlt_session_close(s);
    }
    double secs = now_seconds() - t0;
    if (rc == 0) {
        printf("summary: %llu games; wins: %s %llu, %s %llu; draws %llu", (unsigned long long)games,
               lnlt_side_name(&ctx, 1), (unsigned long long)wins[1], lnlt_side_name(&ctx, 2),
               (unsigned long long)wins[2], (unsigned long long)wins[0]);
        if (unfinished)
            printf("; unfinished %llu", (unsigned long long)unfinished);
        printf("; average length %.1f actions; %.1f games/second\n", (double)total_actions / (double)games,
               secs > 0 ? (double)games / secs : 0.0);
    }
    free(s);
    free(list.a);
    lnlt_ctx_close(&ctx);
    return rc;
}
