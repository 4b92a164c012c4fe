/*
 * map_counters.c: the terrain counters a scenario lays on the map before play and
 * the tree-lined road of the map itself (rules 10.5.2 Fords, 10.5.3 Tree/Jungle-
 * lined Roads, 10.5.4 Roadblocks, 10.5.5 Craters). A Ford or a Roadblock turns its
 * hex into the chart's row of that name (open +1 and 4 MP for all; blocking +2 and
 * 4 MP for Leg units only), so movement, fire, spotting and LOS read it as they
 * read any terrain; Craters stay on top of the hex's own terrain (lnlt_map_hex
 * .counter), and the map functions add their TM, cost and LOS effect. The
 * counters are permanent (10.5.4: roadblocks are never removed), so they change
 * only a game's private map copy, before its LOS table is built.
 */
#include <string.h>

#include "map/map_internal.h"

static const char *row_id(int kind)
{
    switch (kind) {
    case LNLT_HEXC_FORD: return "ford";
    case LNLT_HEXC_ROADBLOCK: return "roadblock";
    case LNLT_HEXC_CRATER1:
    case LNLT_HEXC_CRATER2: return "craters";
    case LNLT_HEXC_TREE_ROW: return "tree_lined_road";
    default: return NULL;
    }
}

const lnlt_terrain *lnlt_map_counter_row(const lnlt_map *m, int kind)
{
    const char *id = row_id(kind);
    int t = id ? lnlt_tec_find(&m->tec, id) : -1;
    return t >= 0 ? &m->tec.t[t] : NULL;
}

int lnlt_map_counter(const lnlt_map *m, int cell)
{
    return lnlt_map_cell_exists(m, cell) ? m->cell[cell].counter : LNLT_HEXC_NONE;
}

int lnlt_map_crater_tm(const lnlt_map *m, int cell)
{
    int k = lnlt_map_counter(m, cell);
    return k == LNLT_HEXC_CRATER1 ? 1 : k == LNLT_HEXC_CRATER2 ? 2 : 0;
}

static bool is_river(const lnlt_terrain *t) { return (t->flags & LNLT_TF_RIVER) || !strcmp(t->id, "river"); }

const char *lnlt_map_counter_barred(const lnlt_map *m, int cell, int kind)
{
    if (!lnlt_map_cell_exists(m, cell))
        return "the hex is not on the map";
    if (kind != LNLT_HEXC_FORD && kind != LNLT_HEXC_ROADBLOCK && kind != LNLT_HEXC_CRATER1 &&
        kind != LNLT_HEXC_CRATER2)
        return "unknown terrain counter";
    if (!lnlt_map_counter_row(m, kind))
        return "the map's terrain chart has no row for this counter";
    const lnlt_map_hex *h = &m->cell[cell];
    const lnlt_terrain *t = &m->tec.t[h->terrain];
    if (h->counter != LNLT_HEXC_NONE)
        return "the hex already holds a terrain counter (one per hex)";
    switch (kind) {
    case LNLT_HEXC_FORD:
        return is_river(t) ? NULL : "a Ford lies on a River hex only (10.5.2)";
    case LNLT_HEXC_ROADBLOCK:
        if (!(h->flags & LNLT_HEXF_ROAD))
            return "a Roadblock lies on a road hex only (10.5.4)";
        if (t->flags & (LNLT_TF_BUILDING | LNLT_TF_HUT))
            return "a Roadblock lies in the road, not in a building (10.5.4)";
        return NULL;
    default:
        /* Craters are holes in open ground or cover, not in a building or the river (ruling R-CORE-103). */
        if (t->flags & (LNLT_TF_BUILDING | LNLT_TF_HUT))
            return "Craters are not placed in a building or hut hex (ruling R-CORE-103)";
        if (is_river(t))
            return "Craters are not placed in a River hex (ruling R-CORE-103)";
        return NULL;
    }
}

bool lnlt_map_place_counter(lnlt_map *m, int cell, int kind, lnlt_error *err)
{
    const char *why = lnlt_map_counter_barred(m, cell, kind);
    if (why)
        return lnlt_error_set(err, "%s", why);
    lnlt_map_hex *h = &m->cell[cell];
    h->counter = (uint8_t)kind;
    if (kind == LNLT_HEXC_FORD || kind == LNLT_HEXC_ROADBLOCK)
        h->terrain = (uint8_t)(lnlt_map_counter_row(m, kind) - m->tec.t);
    return true;
}

bool lnlt_map_line_along_road(const lnlt_map *m, int from_cell, int to_cell)
{
    if (!lnlt_map_cell_exists(m, from_cell) || !lnlt_map_cell_exists(m, to_cell))
        return false;
    if (!(m->cell[from_cell].flags & LNLT_HEXF_ROAD) || !(m->cell[to_cell].flags & LNLT_HEXF_ROAD))
        return false;
    if (from_cell == to_cell)
        return true;
    lnlt_trace tr;
    if (!map_trace(m, map_ghex(m, from_cell), map_ghex(m, to_cell), &tr))
        return false;
    for (int i = 0; i < tr.count; i++) {
        const lnlt_trace_step *s = &tr.step[i];
        /* a line along a hexside runs between two hexes, off any road (R-CORE-100) */
        if (s->kind == LNLT_TRACE_ALONG)
            return false;
        if (s->kind == LNLT_TRACE_HEX) {
            int c = map_cell_of(m, s->a.col, s->a.row);
            if (c < 0 || !(m->cell[c].flags & LNLT_HEXF_ROAD))
                return false;
        }
    }
    return true;
}
