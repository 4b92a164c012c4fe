/*
 * lostable.c: the precomputed static line-of-sight table of a map (rule 10.3),
 * so that the engine and the AI can ask "can A see B" in a few nanoseconds.
 *
 * Every pair of locations (ground, upper floor, roof of every cell) holds its
 * static verdict. Every pair of cells also holds a 256-bit summary (one bit per
 * cell index modulo 256: exact on maps of up to 256 cells) of the cells whose
 * dynamic obstacles could change the verdict: the hexes the line enters and those
 * beside a hexside it runs along. A lookup with dynamic obstacles falls back to
 * lnlt_los() only when the two summaries meet, so smoke or a wreck invalidates
 * only the lines it touches.
 *
 * A pair of cells is filled the first time it is asked (all the floors of both
 * and both directions at once), so opening a game costs no tracing and a game
 * traces only the lines it looks along: a few thousand of the tens of thousands
 * a map has. Several threads may share a table: a pair is published with a
 * release store of its ready flag after its entries, and two threads filling
 * one pair write the same values (all through atomics).
 *
 * `lnlt cache` fills every pair of a scenario's map and writes the table to the
 * opening cache (src/util/opencache.h), keyed by a digest of everything on the
 * map that line of sight reads; a table built for a map with that digest, by the
 * same program, starts complete from that file.
 */
#include <stdatomic.h>
#include <stdlib.h>
#include <string.h>

#include "map/map_internal.h"
#include "util/opencache.h"

enum { TOUCH_WORDS = LNLT_LOS_TOUCH_BITS / 64 };

struct lnlt_los_table {
    const lnlt_map *m;         /* the map, which outlives its table */
    int ncell;
    atomic_uchar *ready;       /* [from_cell * ncell + to_cell]: 1 once the pair is filled */
    atomic_uchar *verdict;     /* [(from_cell*3+floor) * (ncell*3) + to_cell*3+floor] */
    _Atomic uint64_t *touch;   /* [(from_cell * ncell + to_cell) * TOUCH_WORDS]: cell c at bit c % 256 */
    bool from_cache;           /* complete from the opening cache */
};

bool map_los_table_from_cache(const lnlt_los_table *t) { return t->from_cache; }

static uint8_t pack(const lnlt_los_result *r)
{
    return (uint8_t)(r->verdict | (r->degrade << 2) | (r->limited << 4));
}

void lnlt_los_table_free(lnlt_los_table *t)
{
    if (!t)
        return;
    free(t->ready);
    free(t->verdict);
    free(t->touch);
    free(t);
}

_Static_assert(sizeof(atomic_uchar) == 1 && sizeof(_Atomic uint64_t) == 8,
               "the table's arrays are read and written as plain bytes by the opening cache");

/* A digest of what line of sight reads from the map: the grid, every cell's
 * terrain, level, hexsides and silhouettes, the buildings, the terrain chart and
 * the floors (a scenario's rules may have changed the buildings). */
static uint64_t map_digest(const lnlt_map *m)
{
    return map_content_digest(m, oc_digest("los", 3, OC_DIGEST_SEED));
}

static void table_parts(const lnlt_los_table *t, oc_part parts[3])
{
    size_t n = (size_t)t->ncell, nl = 3 * n;
    parts[0] = (oc_part){(void *)t->ready, n * n * sizeof *t->ready};
    parts[1] = (oc_part){(void *)t->verdict, nl * nl * sizeof *t->verdict};
    parts[2] = (oc_part){(void *)t->touch, n * n * TOUCH_WORDS * sizeof *t->touch};
}

static bool table_alloc(const lnlt_map *m, lnlt_los_table **out, lnlt_error *err)
{
    *out = NULL;
    lnlt_los_table *t = calloc(1, sizeof *t);
    if (!t)
        return lnlt_error_set(err, "out of memory");
    int n = m->ncell, nl = 3 * n;
    t->m = m;
    t->ncell = n;
    /* zero bytes are "not filled yet" and empty summaries */
    t->ready = calloc((size_t)n * (size_t)n, sizeof *t->ready);
    t->verdict = calloc((size_t)nl * (size_t)nl, sizeof *t->verdict);
    t->touch = calloc((size_t)n * (size_t)n * TOUCH_WORDS, sizeof *t->touch);
    if (!t->ready || !t->verdict || !t->touch) {
        lnlt_los_table_free(t);
        return lnlt_error_set(err, "out of memory");
    }
    *out = t;
    return true;
}

bool lnlt_los_table_build(const lnlt_map *m, lnlt_los_table **out, lnlt_error *err)
{
    if (!table_alloc(m, out, err))
        return false;
    oc_part parts[3];
    table_parts(*out, parts);
    uint64_t digest = map_digest(m);
    (*out)->from_cache = oc_read("los", digest, parts, 3);
    if (!(*out)->from_cache)
        for (int i = 0; i < 3; i++) /* a refused file may have left part of itself */
            memset(parts[i].p, 0, parts[i].n);
    /* the line shapes, which lines with smoke on them are traced along */
    void *shapes;
    size_t n;
    if ((*out)->from_cache && oc_read_blob("shapes", digest, &shapes, &n)) {
        map_shapes_unpack(m, shapes, n);
        free(shapes);
    }
    return true;
}

static void fill_pair(const lnlt_los_table *t, int a, int b);

bool lnlt_los_table_cache_write(const lnlt_map *m, lnlt_error *err)
{
    lnlt_los_table *t;
    if (!table_alloc(m, &t, err))
        return false;
    for (int a = 0; a < t->ncell; a++) /* every pair, from the map itself */
        for (int b = a; b < t->ncell; b++)
            fill_pair(t, a, b);
    oc_part parts[3];
    table_parts(t, parts);
    uint64_t digest = map_digest(m);
    bool ok = oc_write("los", digest, parts, 3, err);
    /* the line shapes those lines were traced along (all of them, on this map) */
    size_t n = map_shapes_pack(m, NULL, 0);
    uint8_t *shapes = malloc(n ? n : 1);
    if (!shapes)
        ok = ok && lnlt_error_set(err, "out of memory");
    else {
        map_shapes_pack(m, shapes, n);
        oc_part all = {shapes, n};
        ok = ok && oc_write("shapes", digest, &all, 1, err);
        free(shapes);
    }
    lnlt_los_table_free(t);
    return ok;
}

/* Fills the pair of cells a, b in both directions. The line from b to a crosses
 * the cells the line from a to b crosses, and its verdict is the same (lnlt_los
 * is reciprocal); so is its degrading count and limited flag unless the line is
 * blocked, where the count stops at the blocking step and depends on the
 * direction: a blocked line is traced both ways. */
static void fill_pair(const lnlt_los_table *t, int a, int b)
{
    const lnlt_map *m = t->m;
    int n = t->ncell;
    size_t nl = (size_t)n * 3;
    uint64_t mask[TOUCH_WORDS] = {0};
    lnlt_trace tr, back_tr;
    bool traced = m->exists[a] && m->exists[b] && a != b && map_trace(m, map_ghex(m, a), map_ghex(m, b), &tr);
    bool back_made = false; /* back_tr: only a blocked line needs it */
    if (traced) {
        for (int i = 1; i + 1 < tr.count; i++) {
            const lnlt_trace_step *s = &tr.step[i];
            if (s->kind == LNLT_TRACE_CROSS)
                continue;
            int ca = map_cell_of(m, s->a.col, s->a.row);
            if (ca >= 0)
                mask[(ca % LNLT_LOS_TOUCH_BITS) / 64] |= 1ull << (ca & 63);
            if (s->kind == LNLT_TRACE_ALONG) {
                int cb = map_cell_of(m, s->b.col, s->b.row);
                if (cb >= 0)
                    mask[(cb % LNLT_LOS_TOUCH_BITS) / 64] |= 1ull << (cb & 63);
            }
        }
    }
    for (int w = 0; w < TOUCH_WORDS; w++) {
        atomic_store_explicit(&t->touch[((size_t)a * n + b) * TOUCH_WORDS + w], mask[w], memory_order_relaxed);
        atomic_store_explicit(&t->touch[((size_t)b * n + a) * TOUCH_WORDS + w], mask[w], memory_order_relaxed);
    }
    for (int fa = 0; fa < 3; fa++)
        for (int fb = 0; fb < 3; fb++) {
            uint8_t there = 0xFF, back = 0xFF; /* a location that does not exist */
            if (m->exists[a] && m->exists[b] && ((m->floors[a] >> fa) & 1) && ((m->floors[b] >> fb) & 1)) {
                lnlt_loc la = {m->hex_of[a], (uint8_t)fa}, lb = {m->hex_of[b], (uint8_t)fb};
                lnlt_los_result r;
                if (traced) /* the line traced above, rather than once more per floor */
                    map_los_traced(m, a, fa, b, fb, &tr, &r);
                else
                    lnlt_los(m, la, lb, NULL, &r);
                there = back = pack(&r);
                if (r.verdict == LNLT_LOS_BLOCKED) {
                    if (traced && !back_made) {
                        /* the line from b to a is this one backwards (test_map_tables checks it) */
                        back_tr.count = tr.count;
                        for (int i = 0; i < tr.count; i++) {
                            lnlt_trace_step s = tr.step[tr.count - 1 - i];
                            if (s.kind == LNLT_TRACE_CROSS) { /* a crossing runs from the hex left to the next */
                                lnlt_hex x = s.a;
                                s.a = s.b;
                                s.b = x;
                            }
                            back_tr.step[i] = s;
                        }
                        back_made = true;
                    }
                    if (traced)
                        map_los_traced(m, b, fb, a, fa, &back_tr, &r);
                    else
                        lnlt_los(m, lb, la, NULL, &r);
                    back = pack(&r);
                }
            }
            atomic_store_explicit(&t->verdict[(size_t)(a * 3 + fa) * nl + (size_t)(b * 3 + fb)], there,
                                  memory_order_relaxed);
            if (a != b)
                atomic_store_explicit(&t->verdict[(size_t)(b * 3 + fb) * nl + (size_t)(a * 3 + fa)], back,
                                      memory_order_relaxed);
        }
    atomic_store_explicit(&t->ready[(size_t)a * n + b], 1, memory_order_release);
    atomic_store_explicit(&t->ready[(size_t)b * n + a], 1, memory_order_release);
}

/* The pair's entries, filled if it is asked for the first time. */
static inline void need_pair(const lnlt_los_table *t, int a, int b)
{
    if (!atomic_load_explicit(&t->ready[(size_t)a * t->ncell + b], memory_order_acquire))
        fill_pair(t, a, b);
}

/* The 64-bit summary (bit c % 64) of the 256-bit one: its words or'ed. */
static inline uint64_t touch_of(const lnlt_los_table *t, int a, int b)
{
    uint64_t folded = 0;
    for (int w = 0; w < TOUCH_WORDS; w++)
        folded |= atomic_load_explicit(&t->touch[((size_t)a * t->ncell + b) * TOUCH_WORDS + w], memory_order_relaxed);
    return folded;
}

static inline bool touches(const lnlt_los_table *t, int a, int b, const uint64_t *obstacles)
{
    uint64_t meet = 0;
    for (int w = 0; w < TOUCH_WORDS; w++)
        meet |= obstacles[w] &
                atomic_load_explicit(&t->touch[((size_t)a * t->ncell + b) * TOUCH_WORDS + w], memory_order_relaxed);
    return meet != 0;
}

static inline uint8_t verdict_of(const lnlt_los_table *t, int a, int fa, int b, int fb)
{
    size_t nl = (size_t)t->ncell * 3;
    return atomic_load_explicit(&t->verdict[(size_t)(a * 3 + fa) * nl + (size_t)(b * 3 + fb)], memory_order_relaxed);
}

uint64_t lnlt_los_dynamic_mask(const lnlt_map *m, const lnlt_los_dynamic *dyn)
{
    uint64_t mask = 0;
    if (!dyn || !dyn->cell)
        return 0;
    for (int i = 0; i < m->ncell; i++)
        if (dyn->cell[i])
            mask |= 1ull << (i & 63);
    return mask;
}

uint8_t lnlt_los_table_get_masked(const lnlt_los_table *t, const lnlt_map *m, int from_cell, int from_floor,
                                  int to_cell, int to_floor, uint64_t dynmask, const lnlt_los_dynamic *dyn)
{
    need_pair(t, from_cell, to_cell);
    if (dynmask & touch_of(t, from_cell, to_cell)) {
        lnlt_loc a = {lnlt_map_hex_at(m, from_cell), (uint8_t)from_floor};
        lnlt_loc b = {lnlt_map_hex_at(m, to_cell), (uint8_t)to_floor};
        lnlt_los_result r;
        if (!lnlt_los(m, a, b, dyn, &r))
            return 0xFF;
        return pack(&r);
    }
    return verdict_of(t, from_cell, from_floor, to_cell, to_floor);
}

bool lnlt_los_table_lookup(const lnlt_los_table *t, int from_cell, int from_floor, int to_cell, int to_floor,
                           const uint64_t *obstacles, uint8_t *packed)
{
    if (from_cell < 0 || to_cell < 0 || from_cell >= t->ncell || to_cell >= t->ncell || from_floor < 0 ||
        from_floor > 2 || to_floor < 0 || to_floor > 2)
        return false;
    need_pair(t, from_cell, to_cell);
    if (obstacles && touches(t, from_cell, to_cell, obstacles))
        return false;
    *packed = verdict_of(t, from_cell, from_floor, to_cell, to_floor);
    return true;
}

uint8_t lnlt_los_table_get(const lnlt_los_table *t, const lnlt_map *m, lnlt_loc from, lnlt_loc to,
                           const lnlt_los_dynamic *dyn)
{
    int a = lnlt_map_index(m, from.hex), b = lnlt_map_index(m, to.hex);
    if (a < 0 || b < 0 || from.floor > 2 || to.floor > 2)
        return 0xFF;
    return lnlt_los_table_get_masked(t, m, a, from.floor, b, to.floor, lnlt_los_dynamic_mask(m, dyn), dyn);
}
