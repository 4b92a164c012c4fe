/*
 * ai_board_cache.c: the computer player's study of a scenario (ai_board.c), kept
 * per content so that it is made once per scenario and map rather than at every
 * decision. `lnlt engine`'s `bot`, the server's computer seats and the fuzz
 * targets build a new bot for each decision (lnlt_bot_decide), and the study
 * (line of sight between every pair of hexes, 10.3; a movement-cost field, 6.0,
 * to every goal hex of the victory conditions, 22.0-22.1) was most of the cost of
 * such a decision.
 *
 * An entry is keyed by what the study is computed from, never by an address:
 *   - the scenario's bytes, compared exactly, except its mid-game position
 *     (has_state, state), which the study does not read: a save resumed from its
 *     final position shares the study of its scenario;
 *   - the map's content digest (lnlt_map_digest: chart, grid, hexes, hexsides,
 *     counters, buildings, silhouettes), with its size;
 *   - whether the ctx has a precomputed LOS table (the study reads it when there
 *     is one, and traces the lines otherwise).
 * The worth of the counters (what losing one costs) comes from the catalog and is
 * recomputed for each ctx, so the catalog is not part of the key.
 *
 * A caller gets its own copy of the cached study (ai_board_free frees it), with
 * its ctx: entries can be evicted or cleared at any time without touching a bot
 * in play. At most AI_BOARD_CACHE_MAX entries are kept (the least recently used
 * makes way); lnlt_bot_cache_clear() empties the cache. A mutex guards it, since
 * the server decides for several games at once.
 */
#include <pthread.h>
#include <stddef.h>
#include <stdlib.h>
#include <string.h>

#include "ai/ai.h"
#include "lnlt/bot.h"

/* The position lies between the victory conditions and the fortifications. */
#define SCN_HEAD offsetof(lnlt_scenario, has_state)
#define SCN_TAIL offsetof(lnlt_scenario, fort_count)
_Static_assert(offsetof(lnlt_scenario, state) > SCN_HEAD && offsetof(lnlt_scenario, state) < SCN_TAIL,
               "the study's key skips exactly the scenario's position");
#define SCN_KEY_BYTES (SCN_HEAD + (sizeof(lnlt_scenario) - SCN_TAIL))

typedef struct study_key {
    uint64_t map_digest;
    int map_cells;
    bool los_table;
} study_key;

typedef struct study_entry {
    study_key key;
    uint8_t *scenario;  /* SCN_KEY_BYTES: the scenario without its position */
    ai_board *board;    /* the study, without a ctx */
    uint64_t last_used;
} study_entry;

static pthread_mutex_t lock = PTHREAD_MUTEX_INITIALIZER;
static study_entry cache[AI_BOARD_CACHE_MAX];
static int cache_count;
static uint64_t use_clock;
static ai_board_cache_stats stats;

static study_key key_of(const lnlt_ctx *ctx)
{
    study_key k;
    memset(&k, 0, sizeof k);
    k.map_digest = lnlt_map_digest(ctx->map);
    k.map_cells = lnlt_map_cells(ctx->map);
    k.los_table = ctx->los_table != NULL;
    return k;
}

static bool same_scenario(const uint8_t *kept, const lnlt_scenario *s)
{
    const uint8_t *b = (const uint8_t *)s;
    return !memcmp(kept, b, SCN_HEAD) && !memcmp(kept + SCN_HEAD, b + SCN_TAIL, sizeof(lnlt_scenario) - SCN_TAIL);
}

static uint8_t *scenario_key(const lnlt_scenario *s)
{
    uint8_t *k = malloc(SCN_KEY_BYTES);
    if (k) {
        memcpy(k, s, SCN_HEAD);
        memcpy(k + SCN_HEAD, (const uint8_t *)s + SCN_TAIL, sizeof(lnlt_scenario) - SCN_TAIL);
    }
    return k;
}

static study_entry *find(const study_key *k, const lnlt_scenario *s)
{
    for (int i = 0; i < cache_count; i++) {
        study_entry *e = &cache[i];
        if (e->key.map_digest == k->map_digest && e->key.map_cells == k->map_cells &&
            e->key.los_table == k->los_table && same_scenario(e->scenario, s))
            return e;
    }
    return NULL;
}

/* A deep copy of a study for ctx (NULL: kept in the cache without one). */
static ai_board *board_copy(const ai_board *src, const lnlt_ctx *ctx)
{
    ai_board *b = malloc(sizeof *b);
    if (!b)
        return NULL;
    memcpy(b, src, sizeof *b);
    b->ctx = ctx;
    size_t cells = (size_t)src->cells;
    b->los = malloc(cells * cells);
    memset(b->to_cell, 0, sizeof b->to_cell);
    bool ok = b->los != NULL;
    if (ok)
        memcpy(b->los, src->los, cells * cells);
    for (int c = 0; ok && c < AI_CELLS; c++) {
        if (!src->to_cell[c])
            continue;
        ok = (b->to_cell[c] = malloc(cells * sizeof(int16_t))) != NULL;
        if (ok)
            memcpy(b->to_cell[c], src->to_cell[c], cells * sizeof(int16_t));
    }
    if (!ok) {
        ai_board_free(b);
        return NULL;
    }
    if (ctx)
        ai_board_set_values(b, ctx->catalog);
    return b;
}

static void entry_free(study_entry *e)
{
    ai_board_free(e->board);
    free(e->scenario);
    memset(e, 0, sizeof *e);
}

/* Keeps a copy of a study just made (the least recently used entry makes way when
 * the cache is full). */
static void keep(const study_key *k, const lnlt_ctx *ctx, const ai_board *made)
{
    if (find(k, ctx->scenario))
        return; /* another thread made it meanwhile */
    uint8_t *skey = scenario_key(ctx->scenario);
    ai_board *copy = board_copy(made, NULL);
    if (!skey || !copy) {
        free(skey);
        ai_board_free(copy);
        return;
    }
    study_entry *e;
    if (cache_count < AI_BOARD_CACHE_MAX) {
        e = &cache[cache_count++];
    } else {
        e = &cache[0];
        for (int i = 1; i < cache_count; i++)
            if (cache[i].last_used < e->last_used)
                e = &cache[i];
        entry_free(e);
        stats.evictions++;
    }
    e->key = *k;
    e->scenario = skey;
    e->board = copy;
    e->last_used = ++use_clock;
}

ai_board *ai_board_get(const lnlt_ctx *ctx)
{
    if (!ctx || !ctx->map || !ctx->scenario || !ctx->catalog)
        return NULL;
    study_key k = key_of(ctx);
    pthread_mutex_lock(&lock);
    study_entry *e = find(&k, ctx->scenario);
    ai_board *got = NULL;
    if (e) {
        e->last_used = ++use_clock;
        got = board_copy(e->board, ctx);
        stats.hits++;
    } else {
        stats.misses++;
    }
    pthread_mutex_unlock(&lock);
    if (got)
        return got;
    /* Not known (or no memory for a copy): studied here, outside the lock. */
    ai_board *made = ai_board_new(ctx);
    if (made) {
        pthread_mutex_lock(&lock);
        keep(&k, ctx, made);
        pthread_mutex_unlock(&lock);
    }
    return made;
}

void ai_board_cache_get_stats(ai_board_cache_stats *out)
{
    pthread_mutex_lock(&lock);
    *out = stats;
    out->entries = cache_count;
    pthread_mutex_unlock(&lock);
}

void lnlt_bot_cache_clear(void)
{
    pthread_mutex_lock(&lock);
    for (int i = 0; i < cache_count; i++)
        entry_free(&cache[i]);
    cache_count = 0;
    memset(&stats, 0, sizeof stats);
    pthread_mutex_unlock(&lock);
}
