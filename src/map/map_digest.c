/*
 * map_digest.c: a digest of what a map holds (lnlt_map_digest), for caches keyed
 * by a map's content rather than by where it sits in memory (the computer
 * player's study of a scenario, src/ai/ai_board_cache.c). It covers everything a
 * map's answers (terrain, movement costs 6.0, line of sight 10.3) are computed
 * from: the terrain chart, the sheets and the grid, every hex with its hexsides
 * and terrain counter, the buildings and the silhouettes. The per-cell tables
 * (maptables.c) and the traced line shapes are derived from those, and the map's
 * name and file names do not change any answer, so they are left out.
 */
#include "map/map_internal.h"
#include "util/opencache.h"

uint64_t lnlt_map_digest(const lnlt_map *m)
{
    if (!m)
        return 0;
    const int32_t grid[] = {m->nsheet, m->cols, m->rows, m->stride, m->ncell, m->nbuild, m->nsil, m->npts,
                            m->tid_wall, m->tid_smoke, m->tid_wreck, m->tid_rubble, m->tid_road};
    uint64_t d = oc_digest(grid, sizeof grid, OC_DIGEST_SEED);
    d = oc_digest(&m->tec, sizeof m->tec, d);
    d = oc_digest(m->sheet, (size_t)m->nsheet * sizeof m->sheet[0], d);
    size_t n = (size_t)m->ncell;
    d = oc_digest(m->cell, n * sizeof *m->cell, d);
    d = oc_digest(m->exists, n, d);
    d = oc_digest(m->owner, n, d);
    d = oc_digest(m->build, (size_t)m->nbuild * sizeof *m->build, d);
    d = oc_digest(m->sil, (size_t)m->nsil * sizeof *m->sil, d);
    return oc_digest(m->pts, (size_t)m->npts * 2 * sizeof *m->pts, d);
}
