/*
 * bench_los.c: line-of-sight speed (rule 10.3) on Maps 15 and 1: uncached
 * lnlt_los() queries per second, and nanoseconds per lookup in the per-map table:
 * the first lookup of a pair (which traces it into the table), then lookups of
 * filled pairs with and without a smoke counter on the map, and the whole table
 * filled. Prints figures; never fails on a slow machine. Goals: >= 2M uncached
 * queries/s, <= 50 ns cached.
 */
#include <stdint.h>
#include <stdio.h>
#include <time.h>

#include "lnlt/map.h"

static double now(void)
{
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return (double)ts.tv_sec + ts.tv_nsec * 1e-9;
}

static uint32_t rng = 12345;
static uint32_t next(void)
{
    rng ^= rng << 13;
    rng ^= rng >> 17;
    rng ^= rng << 5;
    return rng;
}

static int bench(const char *path)
{
    lnlt_map *m;
    lnlt_error err;
    if (!lnlt_map_load_file(path, &m, &err)) {
        fprintf(stderr, "%s\n", err.msg);
        return 1;
    }
    int cells[4096], n = 0;
    for (int c = 0; c < lnlt_map_cells(m); c++)
        if (lnlt_map_cell_exists(m, c))
            cells[n++] = c;
    enum { PAIRS = 4096 };
    static lnlt_loc a[PAIRS], b[PAIRS];
    static int ca[PAIRS], cb[PAIRS];
    for (int i = 0; i < PAIRS; i++) {
        ca[i] = cells[next() % (uint32_t)n];
        cb[i] = cells[next() % (uint32_t)n];
        a[i].hex = lnlt_map_hex_at(m, ca[i]);
        b[i].hex = lnlt_map_hex_at(m, cb[i]);
        a[i].floor = b[i].floor = 0;
    }
    /* Uncached. */
    long q = 0, blocked = 0;
    double t0 = now(), t1;
    do {
        for (int i = 0; i < PAIRS; i++) {
            lnlt_los_result r;
            lnlt_los(m, a[i], b[i], NULL, &r);
            blocked += r.verdict == LNLT_LOS_BLOCKED;
        }
        q += PAIRS;
        t1 = now();
    } while (t1 - t0 < 1.0);
    double uncached = q / (t1 - t0);
    long nq = q;
    /* Table: created empty, each pair traced the first time it is asked. */
    lnlt_los_table *t;
    double b0 = now();
    if (!lnlt_los_table_build(m, &t, &err)) {
        fprintf(stderr, "%s\n", err.msg);
        lnlt_map_free(m);
        return 1;
    }
    double build = now() - b0;
    long first_sum = 0;
    b0 = now();
    for (int i = 0; i < PAIRS; i++)
        first_sum += lnlt_los_table_get_masked(t, m, ca[i], 0, cb[i], 0, 0, NULL);
    double first = now() - b0;
    /* every pair of the map, as an eager build would have */
    b0 = now();
    for (int i = 0; i < n; i++)
        for (int j = 0; j < n; j++)
            first_sum += lnlt_los_table_get_masked(t, m, cells[i], 0, cells[j], 0, 0, NULL);
    double all = now() - b0;
    long sum = 0;
    q = 0;
    t0 = now();
    do {
        for (int rep = 0; rep < 64; rep++)
            for (int i = 0; i < PAIRS; i++)
                sum += lnlt_los_table_get_masked(t, m, ca[i], 0, cb[i], 0, 0, NULL);
        q += 64L * PAIRS;
        t1 = now();
    } while (t1 - t0 < 1.0);
    double cached_ns = (t1 - t0) * 1e9 / q;
    /* Table with one smoke counter: lines through it fall back to lnlt_los(). */
    uint8_t dyn[4096] = {0};
    dyn[cells[n / 2]] = LNLT_DYN_SMOKE;
    lnlt_los_dynamic d = {dyn};
    uint64_t mask = lnlt_los_dynamic_mask(m, &d);
    q = 0;
    t0 = now();
    do {
        for (int rep = 0; rep < 8; rep++)
            for (int i = 0; i < PAIRS; i++)
                sum += lnlt_los_table_get_masked(t, m, ca[i], 0, cb[i], 0, mask, &d);
        q += 8L * PAIRS;
        t1 = now();
    } while (t1 - t0 < 1.0);
    double smoke_ns = (t1 - t0) * 1e9 / q;
    printf("%s: %d hexes\n", lnlt_map_name(m), n);
    printf("  uncached lnlt_los:        %.2f M queries/s (%.0f ns each; %.0f%% of lines blocked)\n", uncached / 1e6,
           1e9 / uncached, 100.0 * blocked / (double)nq);
    printf("  table creation:           %.3f ms (empty)\n", build * 1e3);
    printf("  first lookups (tracing):  %.0f ns each over %d random pairs; the rest of the map %.1f ms (%ld)\n",
           first * 1e9 / PAIRS, PAIRS, all * 1e3, first_sum % 10);
    printf("  cached lookup:            %.1f ns\n", cached_ns);
    printf("  cached, one smoke on map: %.1f ns (checksum %ld)\n", smoke_ns, sum);
    lnlt_los_table_free(t);
    lnlt_map_free(m);
    return 0;
}

int main(void)
{
    int rc = bench("data/maps/map15.json");
    rc |= bench("data/maps/map1.json");
    return rc;
}
