/*
 * bench_selfplay.c: the engine's speed as a search uses it, on every shipped
 * scenario and on Assault on Vierville with two and four times its units (built
 * here from sk1: every unit and weapon line of every force counted k times;
 * benchmark data, never a player's scenario). For each it prints:
 *
 *   - random self-play as `lnlt selfplay --bot random` plays it (list once, the
 *     bot's pick, trusted apply): games/s, actions/s, actions per game;
 *   - over the positions of those games: ns per legal-action listing, per apply
 *     (checking lnlt_apply and trusted lnlt_search_apply), per clone, per hash
 *     (replay lnlt_state_hash, Zobrist lnlt_search_hash from scratch and its
 *     incremental update), and the checking self-play's games/s for comparison;
 *   - line of sight on the scenario's map: ns per table lookup once a pair is
 *     filled, per first lookup of a pair (it is traced then), per traced lnlt_los;
 *   - the cost of replaying a save (loading = replaying) per action.
 *
 * Figures only; it never fails on a slow machine. `bench_selfplay --write-scaled
 * DIR` writes the 2x and 4x scenarios to DIR (for callgrind: `lnlt selfplay
 * DIR/sk1_x4.json --games 20 --seed 7 --bot random`).
 */
#include <dirent.h>
#include <jansson.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>

#include "lnlt/bot.h"
#include "lnlt/data.h"
#include "lnlt/map.h"
#include "lnlt/search.h"
#include "lnlt/session.h"

#define SK1 "data/scenarios/sk1_assault_on_vierville.json"
enum { SAMPLE_MAX = 6000 };

static double now(void)
{
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return (double)ts.tv_sec + ts.tv_nsec * 1e-9;
}

/* ---- the scaled scenarios ---- */

/* Multiplies the "count" of every unit and weapon line of a force by k; a line
 * naming a unit with a skill (one unit) is repeated k times instead; heroes stay
 * as they are (a nation has at most two, 11.2). */
static bool scale_lines(json_t *lines, int k, const lnlt_catalog *cat)
{
    size_t n = json_array_size(lines);
    for (size_t i = 0; i < n; i++) {
        json_t *line = json_array_get(lines, i);
        int type = lnlt_catalog_unit(cat, json_string_value(json_object_get(line, "type")));
        if (type >= 0 && cat->unit[type].kind == LNLT_UK_HERO)
            continue;
        if (json_object_get(line, "skill")) {
            for (int copy = 1; copy < k; copy++)
                if (json_array_append_new(lines, json_deep_copy(line)) != 0)
                    return false;
            continue;
        }
        json_t *count = json_object_get(line, "count");
        json_int_t c = count ? json_integer_value(count) : 1;
        if (json_object_set_new(line, "count", json_integer(c * k)) != 0)
            return false;
    }
    return true;
}

/* Writes sk1 with k times its units to path; false with a message. */
static bool write_scaled(int k, const char *path)
{
    json_error_t je;
    json_t *root = json_load_file(SK1, 0, &je);
    if (!root) {
        printf("%s: %s\n", SK1, je.text);
        return false;
    }
    char id[64], title[128];
    snprintf(id, sizeof id, "sk1_x%d", k);
    snprintf(title, sizeof title, "Vierville, %dx the units (benchmark)", k);
    json_object_set_new(root, "id", json_string(id));
    json_object_set_new(root, "title", json_string(title));
    size_t i;
    json_t *force;
    lnlt_catalog *cat;
    lnlt_error err;
    if (!lnlt_catalog_load_dir("data", &cat, &err)) {
        printf("data: %s\n", err.msg);
        json_decref(root);
        return false;
    }
    bool ok = true;
    json_array_foreach(json_object_get(root, "forces"), i, force) {
        json_t *units = json_object_get(force, "units"), *weapons = json_object_get(force, "weapons");
        ok = ok && (!units || scale_lines(units, k, cat)) && (!weapons || scale_lines(weapons, k, cat));
    }
    lnlt_catalog_free(cat);
    ok = ok && json_dump_file(root, path, JSON_INDENT(1)) == 0;
    if (!ok)
        printf("%s: cannot write the %dx scenario\n", path, k);
    json_decref(root);
    return ok;
}

/* ---- figures ---- */

typedef struct sample {
    lnlt_state *st;      /* positions met in self-play */
    lnlt_action *chosen; /* the action played there */
    int n;
} sample;

static lnlt_action list[LNLT_SEARCH_ACTIONS_MAX];

/* Random self-play through the search API until both 20 games and 1 second are
 * done; keeps the positions of the first games as the sample. */
static void selfplay(const lnlt_ctx *ctx, sample *s, long *games, long *actions, double *secs)
{
    double t0 = now();
    *games = *actions = 0;
    *secs = 0;
    while (*games < 20 || now() - t0 < 1.0) {
        lnlt_state st;
        lnlt_bot bot;
        uint64_t seed = (uint64_t)*games + 1;
        lnlt_state_init(&st, ctx, seed);
        lnlt_bot_init(&bot, lnlt_bot_selfplay_seed(seed));
        int n;
        while ((n = lnlt_search_actions(ctx, &st, list, LNLT_SEARCH_ACTIONS_MAX)) > 0 && *actions < 100000000L) {
            int i = lnlt_bot_pick(&bot, list, n > LNLT_SEARCH_ACTIONS_MAX ? LNLT_SEARCH_ACTIONS_MAX : n);
            if (s->n < SAMPLE_MAX) {
                s->st[s->n] = st;
                s->chosen[s->n++] = list[i];
            }
            lnlt_error err;
            if (!lnlt_search_apply(ctx, &st, &list[i], &err)) {
                /* an engine bug: say so, and go on with the next game */
                char text[128];
                lnlt_action_format(ctx, &list[i], text, sizeof text);
                printf("  engine bug: seed %llu, \"%s\" listed but refused: %s\n", (unsigned long long)seed, text,
                       err.msg);
                break;
            }
            (*actions)++;
        }
        (*games)++;
    }
    *secs = now() - t0;
}

/* Games per second of the checking path (lnlt_bot_choose + lnlt_apply). */
static double checking_games_per_second(const lnlt_ctx *ctx)
{
    double t0 = now(), t;
    long games = 0;
    while ((t = now() - t0) < 0.5 || games < 5) {
        lnlt_state st;
        lnlt_bot bot;
        lnlt_error err;
        lnlt_action a;
        lnlt_state_init(&st, ctx, (uint64_t)games + 1);
        lnlt_bot_init(&bot, lnlt_bot_selfplay_seed((uint64_t)games + 1));
        while (lnlt_bot_choose(&bot, ctx, &st, &a) && lnlt_apply(ctx, &st, &a, NULL, NULL, &err))
            ;
        games++;
    }
    return games / t;
}

/* Nanoseconds per call of `what` over the sample, repeated for about 0.2 s. */
typedef long (*per_state_fn)(const lnlt_ctx *, const sample *, int);

static double ns_per(const lnlt_ctx *ctx, const sample *s, per_state_fn what)
{
    long calls = 0, sink = 0;
    double t0 = now(), t;
    do {
        for (int i = 0; i < s->n; i++)
            sink += what(ctx, s, i);
        calls += s->n;
    } while ((t = now() - t0) < 0.2);
    if (sink == 42)
        printf(" "); /* keeps the work observable */
    return t * 1e9 / (double)calls;
}

static long do_list(const lnlt_ctx *ctx, const sample *s, int i)
{
    return lnlt_search_actions(ctx, &s->st[i], list, LNLT_SEARCH_ACTIONS_MAX);
}

static long do_clone(const lnlt_ctx *ctx, const sample *s, int i)
{
    (void)ctx;
    lnlt_state c;
    lnlt_state_clone(&c, &s->st[i]);
    return c.actions_applied;
}

static long do_apply_checking(const lnlt_ctx *ctx, const sample *s, int i)
{
    lnlt_state c;
    lnlt_error err;
    lnlt_state_clone(&c, &s->st[i]);
    return lnlt_apply(ctx, &c, &s->chosen[i], NULL, NULL, &err);
}

static long do_apply_trusted(const lnlt_ctx *ctx, const sample *s, int i)
{
    lnlt_state c;
    lnlt_state_clone(&c, &s->st[i]);
    return lnlt_search_apply(ctx, &c, &s->chosen[i], NULL);
}

static long do_hash(const lnlt_ctx *ctx, const sample *s, int i)
{
    (void)ctx;
    return (long)lnlt_state_hash(&s->st[i]);
}

static long do_zobrist(const lnlt_ctx *ctx, const sample *s, int i)
{
    (void)ctx;
    return (long)lnlt_search_hash(&s->st[i]);
}

static long do_zobrist_update(const lnlt_ctx *ctx, const sample *s, int i)
{
    (void)ctx;
    /* consecutive positions of one game: a parent and its child */
    return i + 1 < s->n ? (long)lnlt_search_hash_update(0, &s->st[i], &s->st[i + 1]) : 0;
}

/* LOS on the scenario's map: a fresh table per figure, random pairs of hexes. */
static void los_figures(const lnlt_ctx *ctx)
{
    const lnlt_map *m = ctx->map;
    enum { PAIRS = 4096 };
    static int ca[PAIRS], cb[PAIRS];
    int cells[LNLT_MAX_CELLS], n = 0;
    for (int c = 0; c < lnlt_map_cells(m) && n < LNLT_MAX_CELLS; c++)
        if (lnlt_map_cell_exists(m, c))
            cells[n++] = c;
    uint32_t r = 12345;
    for (int i = 0; i < PAIRS; i++) {
        r = r * 1664525u + 1013904223u;
        ca[i] = cells[(r >> 8) % (uint32_t)n];
        r = r * 1664525u + 1013904223u;
        cb[i] = cells[(r >> 8) % (uint32_t)n];
    }
    lnlt_los_table *t;
    lnlt_error err;
    if (!lnlt_los_table_build(m, &t, &err)) {
        printf("  LOS: %s\n", err.msg);
        return;
    }
    long sum = 0, q = 0, first = 0;
    uint8_t v;
    double t0 = now();
    for (int i = 0; i < PAIRS; i++) /* the first asks fill their pairs */
        sum += lnlt_los_table_lookup(t, ca[i], 0, cb[i], 0, NULL, &v) ? v : 0;
    double fill = now() - t0;
    for (int i = 0; i < PAIRS; i++)
        first += ca[i] != cb[i];
    t0 = now();
    double t1;
    do {
        for (int i = 0; i < PAIRS; i++)
            sum += lnlt_los_table_lookup(t, ca[i], 0, cb[i], 0, NULL, &v) ? v : 0;
        q += PAIRS;
    } while ((t1 = now()) - t0 < 0.1);
    double filled_ns = (t1 - t0) * 1e9 / (double)q;
    q = 0;
    t0 = now();
    do {
        for (int i = 0; i < 256; i++) {
            lnlt_loc a = {lnlt_map_hex_at(m, ca[i]), 0}, b = {lnlt_map_hex_at(m, cb[i]), 0};
            lnlt_los_result res;
            lnlt_los(m, a, b, NULL, &res);
            sum += res.verdict;
        }
        q += 256;
    } while ((t1 = now()) - t0 < 0.1);
    double traced_ns = (t1 - t0) * 1e9 / (double)q;
    printf("  LOS %-28s %6.1f ns lookup, %6.0f ns first lookup of a pair, %6.0f ns traced (%ld)\n", lnlt_map_name(m),
           filled_ns, fill * 1e9 / (double)(first ? first : 1), traced_ns, sum % 10);
    lnlt_los_table_free(t);
}

static void replay_figure(const lnlt_ctx *ctx, const char *path)
{
    lnlt_session s, r;
    lnlt_error err;
    lnlt_session_start(&s, ctx, path, 1);
    lnlt_bot bot;
    lnlt_bot_init(&bot, 3);
    lnlt_action a;
    while (lnlt_bot_choose(&bot, ctx, &s.state, &a) && lnlt_session_apply(&s, &a, &err))
        ;
    json_t *save = lnlt_session_save_json(&s);
    double r0 = now();
    int loads = 0;
    while (loads < 3 || now() - r0 < 0.2) {
        if (!lnlt_session_load_json(&r, save, path, ctx, &err)) {
            printf("  replay failed: %s\n", err.msg);
            break;
        }
        lnlt_session_close(&r);
        loads++;
    }
    double per_action = (now() - r0) / loads / (s.nsteps ? s.nsteps : 1);
    json_decref(save);
    lnlt_session_close(&s);
    printf("  replay of a save: %.1f us/action\n", per_action * 1e6);
}

static void bench(const char *path, const char *label)
{
    lnlt_ctx ctx;
    lnlt_error err;
    if (!lnlt_ctx_open(path, &ctx, &err)) {
        printf("%s: %s\n", label, err.msg);
        return;
    }
    sample s = {malloc(sizeof *s.st * SAMPLE_MAX), malloc(sizeof *s.chosen * SAMPLE_MAX), 0};
    if (!s.st || !s.chosen) {
        printf("%s: out of memory\n", label);
        free(s.st);
        free(s.chosen);
        lnlt_ctx_close(&ctx);
        return;
    }
    int units = 0;
    lnlt_state first;
    lnlt_state_init(&first, &ctx, 1);
    units = first.unit_count;
    long games, actions;
    double secs = 0;
    selfplay(&ctx, &s, &games, &actions, &secs);
    printf("%s (%d units)\n", label, units);
    printf("  self-play: %8.0f games/s %9.0f actions/s  %6.1f actions/game; checking path %6.0f games/s\n",
           games / secs, actions / secs, (double)actions / games, checking_games_per_second(&ctx));
    printf("  per call (ns): list %6.0f  apply checking %6.0f trusted %6.0f  clone %4.0f  hash replay %5.0f "
           "Zobrist %5.0f incremental %4.0f\n",
           ns_per(&ctx, &s, do_list), ns_per(&ctx, &s, do_apply_checking) - ns_per(&ctx, &s, do_clone),
           ns_per(&ctx, &s, do_apply_trusted) - ns_per(&ctx, &s, do_clone), ns_per(&ctx, &s, do_clone),
           ns_per(&ctx, &s, do_hash), ns_per(&ctx, &s, do_zobrist), ns_per(&ctx, &s, do_zobrist_update));
    los_figures(&ctx);
    replay_figure(&ctx, path);
    free(s.st);
    free(s.chosen);
    lnlt_ctx_close(&ctx);
}

int main(int argc, char **argv)
{
    if (argc == 3 && !strcmp(argv[1], "--write-scaled")) {
        char p2[1024], p4[1024];
        snprintf(p2, sizeof p2, "%s/sk1_x2.json", argv[2]);
        snprintf(p4, sizeof p4, "%s/sk1_x4.json", argv[2]);
        return write_scaled(2, p2) && write_scaled(4, p4) ? 0 : 1;
    }
    DIR *d = opendir("data/scenarios");
    if (!d) {
        printf("run from the source root (data/scenarios not found)\n");
        return 0;
    }
    char names[32][256];
    int n = 0;
    struct dirent *e;
    while ((e = readdir(d)) && n < 32) {
        size_t len = strlen(e->d_name);
        if (len > 5 && !strcmp(e->d_name + len - 5, ".json"))
            snprintf(names[n++], sizeof names[0], "data/scenarios/%s", e->d_name);
    }
    closedir(d);
    qsort(names, (size_t)n, sizeof names[0], (int (*)(const void *, const void *))strcmp);
    for (int i = 0; i < n; i++)
        bench(names[i], names[i]);
    /* the larger scenarios, written to a temporary directory */
    char dir[] = "/tmp/lnlt-bench-XXXXXX";
    if (!mkdtemp(dir)) {
        printf("cannot make a temporary directory for the 2x and 4x scenarios\n");
        return 0;
    }
    for (int k = 2; k <= 4; k += 2) {
        char path[256], label[64];
        snprintf(path, sizeof path, "%s/sk1_x%d.json", dir, k);
        snprintf(label, sizeof label, "sk1 with %dx the units", k);
        if (write_scaled(k, path))
            bench(path, label);
        unlink(path);
    }
    rmdir(dir);
    return 0;
}
