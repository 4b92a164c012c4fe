/*
 * lostable.c: the precomputed static line-of-sight table of a map (rule 10.3),
 * so that the engine and the AI can ask "can A see B" in a few nanoseconds.
 *
 * Every pair of locations (ground, upper floor, roof of every cell) holds its
 * static verdict. Every pair of cells also holds a 64-bit summary (one bit per
 * cell index modulo 64) of the cells whose dynamic obstacles could change the
 * verdict: the hexes the line enters and those beside a hexside it runs along.
 * A lookup with dynamic obstacles falls back to lnlt_los() only when the two
 * summaries meet, so smoke or a wreck invalidates only the lines it touches.
 */
#include <stdlib.h>
#include <string.h>

#include "map/map_internal.h"

struct lnlt_los_table {
    int ncell;
    uint8_t *verdict; /* [(from_cell*3+floor) * (ncell*3) + to_cell*3+floor] */
    uint64_t *touch;  /* [from_cell * ncell + to_cell] */
};

static uint8_t pack(const lnlt_los_result *r)
{
    return (uint8_t)(r->verdict | (r->degrade << 2) | (r->limited << 4));
}

void lnlt_los_table_free(lnlt_los_table *t)
{
    if (!t)
        return;
    free(t->verdict);
    free(t->touch);
    free(t);
}

bool lnlt_los_table_build(const lnlt_map *m, lnlt_los_table **out, lnlt_error *err)
{
    *out = NULL;
    lnlt_los_table *t = calloc(1, sizeof *t);
    if (!t)
        return lnlt_error_set(err, "out of memory");
    int n = m->ncell, nl = 3 * n;
    t->ncell = n;
    t->verdict = malloc((size_t)nl * (size_t)nl);
    t->touch = calloc((size_t)n * (size_t)n, sizeof *t->touch);
    if (!t->verdict || !t->touch) {
        lnlt_los_table_free(t);
        return lnlt_error_set(err, "out of memory");
    }
    memset(t->verdict, 0xFF, (size_t)nl * (size_t)nl);
    lnlt_trace tr;
    for (int a = 0; a < n; a++) {
        if (!m->exists[a])
            continue;
        for (int b = 0; b < n; b++) {
            if (!m->exists[b])
                continue;
            uint64_t mask = 0;
            if (a != b && map_trace(m, map_ghex(m, a), map_ghex(m, b), &tr)) {
                for (int i = 1; i + 1 < tr.count; i++) {
                    const lnlt_trace_step *s = &tr.step[i];
                    if (s->kind == LNLT_TRACE_CROSS)
                        continue;
                    int ca = map_cell_of(m, s->a.col, s->a.row);
                    if (ca >= 0)
                        mask |= 1ull << (ca & 63);
                    if (s->kind == LNLT_TRACE_ALONG) {
                        int cb = map_cell_of(m, s->b.col, s->b.row);
                        if (cb >= 0)
                            mask |= 1ull << (cb & 63);
                    }
                }
            }
            t->touch[(size_t)a * n + b] = mask;
            for (int fa = 0; fa < 3; fa++)
                for (int fb = 0; fb < 3; fb++) {
                    lnlt_loc la = {lnlt_map_hex_at(m, a), (uint8_t)fa}, lb = {lnlt_map_hex_at(m, b), (uint8_t)fb};
                    int lv;
                    if (!lnlt_map_loc_level(m, la, &lv) || !lnlt_map_loc_level(m, lb, &lv))
                        continue;
                    lnlt_los_result r;
                    lnlt_los(m, la, lb, NULL, &r);
                    t->verdict[(size_t)(a * 3 + fa) * nl + (size_t)(b * 3 + fb)] = pack(&r);
                }
        }
    }
    *out = t;
    return true;
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
    if (dynmask & t->touch[(size_t)from_cell * t->ncell + to_cell]) {
        lnlt_loc a = {lnlt_map_hex_at(m, from_cell), (uint8_t)from_floor};
        lnlt_loc b = {lnlt_map_hex_at(m, to_cell), (uint8_t)to_floor};
        lnlt_los_result r;
        if (!lnlt_los(m, a, b, dyn, &r))
            return 0xFF;
        return pack(&r);
    }
    size_t nl = (size_t)t->ncell * 3;
    return t->verdict[(size_t)(from_cell * 3 + from_floor) * nl + (size_t)(to_cell * 3 + to_floor)];
}

bool lnlt_los_table_lookup(const lnlt_los_table *t, int from_cell, int from_floor, int to_cell, int to_floor,
                           uint64_t dynmask, uint8_t *packed)
{
    if (from_cell < 0 || to_cell < 0 || from_cell >= t->ncell || to_cell >= t->ncell || from_floor < 0 ||
        from_floor > 2 || to_floor < 0 || to_floor > 2)
        return false;
    if (dynmask & t->touch[(size_t)from_cell * t->ncell + to_cell])
        return false;
    size_t nl = (size_t)t->ncell * 3;
    *packed = t->verdict[(size_t)(from_cell * 3 + from_floor) * nl + (size_t)(to_cell * 3 + to_floor)];
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
