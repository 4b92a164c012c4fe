/*
 * map_digest.c: a digest of what a map holds (lnlt_map_digest), for caches keyed
 * by a map's content rather than by where it sits in memory (the computer
 * player's study of a scenario, src/ai/ai_board_cache.c). It covers everything a
 * map's answers (terrain, movement costs 6.0, line of sight 10.3) are computed
 * from: the terrain chart, the sheets and the grid, every hex with its hexsides
 * and terrain counter, the buildings, their floors and the silhouettes. The LOS
 * table cache (lostable.c) keys its entries with the same digest. The per-cell tables
 * (maptables.c) and the traced line shapes are derived from those, and the map's
 * name and file names do not change any answer, so they are left out.
 */
#include "map/map_internal.h"
#include "util/opencache.h"

uint64_t map_content_digest(const lnlt_map *m, uint64_t seed)
{
    /* Field by field where a struct has padding (a sheet), so that the same map
     * loaded by two processes has the same digest (the opening cache on disk). */
    int grid[] = {m->cols, m->rows, m->stride, m->ncell, m->nsheet, m->nbuild, m->nsil, m->npts,
                  m->tid_wall, m->tid_smoke, m->tid_wreck, m->tid_rubble, m->tid_road, m->tec.count};
    uint64_t d = oc_digest(grid, sizeof grid, seed);
    for (int i = 0; i < m->nsheet; i++) {
        int16_t sh[5] = {m->sheet[i].number, m->sheet[i].col_off, m->sheet[i].row_off, m->sheet[i].cols,
                         m->sheet[i].rows};
        d = oc_digest(sh, sizeof sh, d);
    }
    size_t n = (size_t)m->ncell;
    d = oc_digest(m->cell, n * sizeof *m->cell, d);
    d = oc_digest(m->exists, n, d);
    d = oc_digest(m->owner, n, d);
    d = oc_digest(m->build, (size_t)m->nbuild * sizeof *m->build, d);
    d = oc_digest(m->sil, (size_t)m->nsil * sizeof *m->sil, d);
    d = oc_digest(m->pts, (size_t)m->npts * 2 * sizeof *m->pts, d);
    d = oc_digest(m->tec.t, (size_t)m->tec.count * sizeof m->tec.t[0], d);
    d = oc_digest(m->tec.era, sizeof m->tec.era, d);
    /* the chart's streams and hills (movement 6.0, 10.2) */
    d = oc_digest(m->tec.stream_mp2, sizeof m->tec.stream_mp2, d);
    d = oc_digest(&m->tec.hill_tm, sizeof m->tec.hill_tm, d);
    d = oc_digest(m->tec.climb1_mp2, sizeof m->tec.climb1_mp2, d);
    d = oc_digest(m->tec.climb2_mp2, sizeof m->tec.climb2_mp2, d);
    d = oc_digest(m->tec.descend2_mp2, sizeof m->tec.descend2_mp2, d);
    /* the floors a scenario's rules may have changed (upper levels, 10.4) */
    if (m->floors)
        d = oc_digest(m->floors, n, d);
    if (m->floor_level)
        d = oc_digest(m->floor_level, n * sizeof *m->floor_level, d);
    return d;
}

uint64_t lnlt_map_digest(const lnlt_map *m)
{
    return m ? map_content_digest(m, OC_DIGEST_SEED) : 0;
}
