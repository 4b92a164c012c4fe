/*
 * cmd_selfplay.c: `lnlt selfplay SCENARIO... --games N --seed S --bot LEVEL`: a
 * computer player against itself, game after game, for soak testing and speed
 * figures. Prints one line per game (seed, result, length, final state hash, which
 * `lnlt replay` of a saved game reproduces, and a digest of the actions played,
 * which does not depend on the state's layout) and a summary per scenario: wins
 * per side, draws, average length in actions and games per second. Without
 * --verify or --check it drives the bare engine (no log) to measure the engine.
 *
 * --check (issue 17) checks the engine while it plays: before every action the
 * state invariants and that the legal list is exactly what apply accepts (each
 * listed action applies to a copy, variants not listed are refused with the state
 * unchanged); at the end that the save replays to the same hash, and that the
 * final position and one position from the middle of the game, written as
 * mid-game scenarios, load back identical.
 */
#include <getopt.h>
#include <jansson.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "cli_bot.h"
#include "cli_game.h"
#include "commands.h"
#include "lnlt/bot.h"
#include "lnlt/check.h"
#include "lnlt/scenario.h"
#include "lnlt/search.h"
#include "lnlt/snapshot.h"

static void usage(FILE *out)
{
    fprintf(out, "usage: lnlt selfplay SCENARIO... [--games N] [--seed S] [--max-actions M] [--quiet]\n"
                 "                     [--save-dir DIR] [--verify] [--check] [--bot LEVEL] [--ms MS]\n"
                 "  --games N        games to play per scenario (default 10)\n"
                 "  --seed S         game i uses seed S+i (default 1)\n"
                 "  --max-actions M  stop a game after M actions and count it unfinished (default 100000)\n"
                 "  --quiet          only the summaries\n"
                 "  --save-dir DIR   write each game as DIR/game-<seed>.json (replayable)\n"
                 "  --verify         replay each game from its save and check the state hash\n"
                 "  --check          check the engine while playing: invariants and the legal list before\n"
                 "                   every action, the replay and mid-game positions at the end\n"
                 "  --bot LEVEL      the computer player on both sides: random (default: uniform among the\n"
                 "                   legal actions, attacks first; the benchmark workload), easy, normal, hard\n"
                 "  --ms MS          a hard player's time per decision\n");
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

typedef struct options {
    uint64_t games, seed, max_actions;
    bool quiet, verify, check;
    const char *save_dir;
    int level, ms; /* the players (lnlt_bot_level) and a hard player's budget */
} options;

typedef struct check_counts {
    uint64_t states, snapshots;
} check_counts;

/* A position written as a mid-game scenario opens as a game of its own (as a
 * save's final position does: a fresh catalog and the maps of the scenario's
 * data directory) and loads back to the same hash. */
static bool snapshot_round_trip(const lnlt_ctx *ctx, const char *scenario, const lnlt_state *st, char *why,
                                size_t len)
{
    lnlt_error err;
    char *text = lnlt_snapshot_text(ctx, st, &err);
    if (!text) {
        snprintf(why, len, "the position cannot be written: %.300s", err.msg);
        return false;
    }
    char data_dir[1024];
    lnlt_ctx back;
    bool ok = lnlt_ctx_open_text("snapshot", text, strlen(text),
                                 lnlt_ctx_data_dir_of(scenario, data_dir, sizeof data_dir), &back, &err);
    free(text);
    if (!ok) {
        snprintf(why, len, "the written position does not open: %.300s", err.msg);
        return false;
    }
    lnlt_state *re = malloc(sizeof *re);
    if (re) {
        lnlt_state_init(re, &back, 1);
        ok = lnlt_state_hash(re) == lnlt_state_hash(st);
        if (!ok)
            snprintf(why, len, "the written position loads back different");
        free(re);
    }
    lnlt_ctx_close(&back);
    return ok;
}

/* Plays one game; false (after a message) when the engine broke a rule of its own. */
static bool play_game(const lnlt_ctx *ctx, const char *scenario, const options *o, uint64_t g, lnlt_session *s,
                      action_buf *list, uint64_t *wins, uint64_t *unfinished, uint64_t *total_actions,
                      check_counts *cc)
{
    uint64_t gseed = o->seed + g;
    lnlt_state st;
    lnlt_bot bot;
    lnlt_error err;
    char why[512];
    lnlt_state_init(&st, ctx, gseed);
    lnlt_bot_init(&bot, lnlt_bot_selfplay_seed(gseed));
    /* Above random, each side its own player (they keep per-game plans). */
    lnlt_bot *side_bot[3] = {NULL, NULL, NULL};
    if (o->level != LNLT_BOT_RANDOM) {
        side_bot[1] = lnlt_bot_new(o->level, lnlt_bot_selfplay_seed(gseed) + 1, o->ms);
        side_bot[2] = lnlt_bot_new(o->level, lnlt_bot_selfplay_seed(gseed) + 2, o->ms);
        if (!side_bot[1] || !side_bot[2]) {
            fprintf(stderr, "lnlt selfplay: out of memory\n");
            lnlt_bot_free(side_bot[1]);
            lnlt_bot_free(side_bot[2]);
            return false;
        }
    }
    if (s)
        lnlt_session_start(s, ctx, scenario, gseed);
    lnlt_pcg32 pick; /* the checks' own choices, apart from the game's dice */
    lnlt_pcg32_seed(&pick, gseed, 17);
    uint64_t n = 0, snap_at = 1 + lnlt_pcg32_below(&pick, 200), digest = 14695981039346656037ULL;
    lnlt_action a;
    bool ok = true;
    while (ok && n < o->max_actions) {
        if (o->check) {
            cc->states++;
            if (!lnlt_check_invariants(ctx, &st, why, sizeof why) ||
                !lnlt_check_legal_list(ctx, &st, &pick, 0, 8, why, sizeof why) ||
                (n == snap_at && !snapshot_round_trip(ctx, scenario, &st, why, sizeof why))) {
                fprintf(stderr, "lnlt selfplay: %s: game seed %llu, before action %llu: %s\n", scenario,
                        (unsigned long long)gseed, (unsigned long long)n + 1, why);
                ok = false;
                break;
            }
            cc->snapshots += n == snap_at;
        }
        int side = lnlt_decision_get(ctx, &st).side;
        if (o->level == LNLT_BOT_RANDOM ? !choose(&bot, ctx, &st, list, &a)
                                        : side == 0 || !cli_bot_decide(side_bot[side], ctx, &st, &a))
            break;
        /* The bare engine takes the trusted path, as a search does; a session
         * checks every action as it does for players, and so does the bare
         * engine for the levels that choose from their side's view, which may
         * differ from the real position where things are hidden. */
        bool applied = s ? lnlt_session_apply(s, &a, &err)
                   : o->level == LNLT_BOT_RANDOM ? lnlt_search_apply(ctx, &st, &a, &err)
                                                 : lnlt_apply(ctx, &st, &a, NULL, NULL, &err);
        if (!applied) {
            /* A legal action the engine refuses is an engine bug: report it. */
            char text[256];
            lnlt_action_format(ctx, &a, text, sizeof text);
            fprintf(stderr, "lnlt selfplay: game seed %llu, action %llu \"%s\": %s\n", (unsigned long long)gseed,
                    (unsigned long long)n + 1, text, err.msg);
            ok = false;
            break;
        }
        if (s)
            st = s->state;
        digest = digest_action(digest, &a);
        n++;
    }
    lnlt_bot_free(side_bot[1]);
    lnlt_bot_free(side_bot[2]);
    *total_actions += n;
    bool over = lnlt_decision_get(ctx, &st).kind == LNLT_DECIDE_NONE;
    const char *result;
    char rbuf[96];
    if (!over) {
        (*unfinished)++;
        result = "unfinished";
    } else if (st.winner == LNLT_SIDE_1 || st.winner == LNLT_SIDE_2) {
        wins[st.winner]++;
        snprintf(rbuf, sizeof rbuf, "%s wins", lnlt_side_name(ctx, st.winner));
        result = rbuf;
    } else {
        wins[0]++;
        result = "draw";
    }
    char hash[17], actions[17];
    lnlt_hash_format(lnlt_state_hash(&st), hash);
    lnlt_hash_format(digest, actions);
    if (!o->quiet && ok)
        printf("game %llu: seed %llu: %s after %llu actions (turn %d), hash %s, actions %s\n",
               (unsigned long long)g + 1, (unsigned long long)gseed, result, (unsigned long long)n, st.turn, hash,
               actions);
    if (ok && o->check) {
        cc->snapshots++;
        if (!snapshot_round_trip(ctx, scenario, &st, why, sizeof why)) {
            fprintf(stderr, "lnlt selfplay: %s: game seed %llu, final position: %s\n", scenario,
                    (unsigned long long)gseed, why);
            ok = false;
        }
    }
    if (ok && s && (o->verify || o->check)) {
        /* The soak check of DESIGN.md: the action list reproduces the state. */
        json_t *save = lnlt_session_save_json(s);
        lnlt_session *r = malloc(sizeof *r);
        if (!r || !lnlt_session_load_json(r, save, scenario, ctx, &err)) {
            fprintf(stderr, "lnlt selfplay: game seed %llu does not replay: %s\n", (unsigned long long)gseed,
                    r ? err.msg : "out of memory");
            ok = false;
        } else {
            if (r->diverged || lnlt_session_hash(r) != lnlt_session_hash(s)) {
                fprintf(stderr, "lnlt selfplay: game seed %llu does not replay: %s\n", (unsigned long long)gseed,
                        r->notice);
                ok = false;
            }
            lnlt_session_close(r);
        }
        free(r);
        json_decref(save);
    }
    if (ok && s && o->save_dir) {
        char path[1200];
        snprintf(path, sizeof path, "%s/game-%llu.json", o->save_dir, (unsigned long long)gseed);
        if (!lnlt_session_save(s, path, &err)) {
            fprintf(stderr, "lnlt selfplay: %s\n", err.msg);
            ok = false;
        }
    }
    if (s)
        lnlt_session_close(s);
    return ok;
}

static int run_scenario(const char *scenario, const options *o)
{
    lnlt_error err;
    lnlt_ctx ctx;
    if (!lnlt_ctx_open(scenario, &ctx, &err)) {
        fprintf(stderr, "lnlt selfplay: %s\n", err.msg);
        return 1;
    }
    /* Saving, verifying or checking needs the action history: play through a session. */
    lnlt_session *s = o->save_dir || o->verify || o->check ? malloc(sizeof *s) : NULL;
    uint64_t wins[3] = {0, 0, 0}, unfinished = 0, total_actions = 0;
    check_counts cc = {0, 0};
    action_buf list = {NULL, 0};
    int rc = 0;
    double t0 = now_seconds();
    uint64_t faults = 0;
    /* --check reports every fault and plays on, so a long run counts them all;
     * otherwise the first refused action stops the run. */
    for (uint64_t g = 0; g < o->games && (rc == 0 || o->check); g++)
        if (!play_game(&ctx, scenario, o, g, s, &list, wins, &unfinished, &total_actions, &cc)) {
            rc = 1;
            faults++;
        }
    double secs = now_seconds() - t0;
    if (rc == 0 || o->check) {
        printf("summary: %llu games; wins: %s %llu, %s %llu; draws %llu", (unsigned long long)o->games,
               lnlt_side_name(&ctx, 1), (unsigned long long)wins[1], lnlt_side_name(&ctx, 2),
               (unsigned long long)wins[2], (unsigned long long)wins[0]);
        if (unfinished)
            printf("; unfinished %llu", (unsigned long long)unfinished);
        printf("; average length %.1f actions; %.1f games/second\n", (double)total_actions / (double)o->games,
               secs > 0 ? (double)o->games / secs : 0.0);
        if (o->check && faults)
            printf("checked: %llu states (invariants, legal list), %llu positions written and loaded back: %llu "
                   "game(s) with a fault (on stderr)\n",
                   (unsigned long long)cc.states, (unsigned long long)cc.snapshots, (unsigned long long)faults);
        else if (o->check)
            printf("checked: %llu states (invariants, legal list), %llu positions written and loaded back, "
                   "%llu replays: no fault\n",
                   (unsigned long long)cc.states, (unsigned long long)cc.snapshots, (unsigned long long)o->games);
    }
    free(s);
    free(list.a);
    lnlt_ctx_close(&ctx);
    return rc;
}

int cmd_selfplay(int argc, char **argv)
{
    static const struct option opts[] = {{"games", required_argument, 0, 'g'}, {"seed", required_argument, 0, 's'},
                                         {"max-actions", required_argument, 0, 'm'}, {"quiet", no_argument, 0, 'q'},
                                         {"save-dir", required_argument, 0, 'd'}, {"help", no_argument, 0, 'h'},
                                         {"verify", no_argument, 0, 'v'}, {"check", no_argument, 0, 'c'},
                                         {"bot", required_argument, 0, 'b'}, {"ms", required_argument, 0, 'M'},
                                         {0, 0, 0, 0}};
    options o = {10, 1, 100000, false, false, false, NULL, LNLT_BOT_RANDOM, LNLT_BOT_DEFAULT_MS};
    int c;
    optind = 1;
    while ((c = getopt_long(argc, argv, "", opts, NULL)) != -1) {
        uint64_t *target = c == 'g' ? &o.games : c == 's' ? &o.seed : c == 'm' ? &o.max_actions : NULL;
        if (target) {
            if (!cli_parse_u64(optarg, target) || (c != 's' && *target == 0)) {
                fprintf(stderr, "lnlt selfplay: --%s: expected a whole number%s, got \"%s\"\n",
                        c == 'g' ? "games" : c == 's' ? "seed" : "max-actions", c == 's' ? "" : " above 0", optarg);
                return 2;
            }
            continue;
        }
        switch (c) {
        case 'q': o.quiet = true; break;
        case 'd': o.save_dir = optarg; break;
        case 'v': o.verify = true; break;
        case 'c': o.check = true; break;
        case 'b':
            if (!cli_parse_level("selfplay", "bot", optarg, &o.level))
                return 2;
            break;
        case 'M':
            if (!cli_parse_ms("selfplay", optarg, &o.ms))
                return 2;
            break;
        case 'h': usage(stdout); return 0;
        default: usage(stderr); return 2;
        }
    }
    if (optind >= argc) {
        fprintf(stderr, "lnlt selfplay: expected a SCENARIO file\n");
        usage(stderr);
        return 2;
    }
    int rc = 0;
    for (int i = optind; i < argc && (rc == 0 || o.check); i++) {
        if (argc - optind > 1)
            printf("== %s\n", argv[i]);
        fflush(stdout);
        rc |= run_scenario(argv[i], &o);
    }
    return rc;
}
