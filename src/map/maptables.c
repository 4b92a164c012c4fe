/*
 * maptables.c: per-cell tables of a loaded map, built once at load so that the
 * rules engine's hot paths are lookups: the hex of a cell, the neighbour cell in
 * each direction, which floors of a hex exist and their levels (rules 1.4, 10.2,
 * 10.4.1, 10.6). Each entry is what the general functions of map.c answer for it
 * (lnlt_map_hex_at, lnlt_map_index of lnlt_hex_neighbor, lnlt_map_loc_level):
 * the tables only remember the answers.
 */
#include <stdlib.h>

#include "map/map_internal.h"

/* The sheet hex of a cell, computed (the table's source). */
static lnlt_hex sheet_hex_of(const lnlt_map *m, int cell)
{
    const map_sheet *s = &m->sheet[m->owner[cell]];
    lnlt_hex h = {(int16_t)(cell / m->stride - s->col_off), (int16_t)(cell % m->stride - s->row_off), s->number};
    return h;
}

bool map_build_tables(lnlt_map *m, lnlt_error *err)
{
    int n = m->ncell;
    m->hex_of = calloc((size_t)n, sizeof *m->hex_of);
    m->nb = malloc(sizeof *m->nb * (size_t)n);
    m->floors = calloc((size_t)n, 1);
    m->floor_level = calloc((size_t)n, sizeof *m->floor_level);
    if (!m->hex_of || !m->nb || !m->floors || !m->floor_level)
        return lnlt_error_set(err, "out of memory");
    /* field by field into zeroed memory: the padding byte of each hex stays 0,
     * so the map's bytes in the opening cache (map_cache.c) depend on the map alone */
    for (int c = 0; c < n; c++) {
        lnlt_hex h = sheet_hex_of(m, c);
        m->hex_of[c].col = h.col;
        m->hex_of[c].row = h.row;
        m->hex_of[c].map = h.map;
    }
    for (int c = 0; c < n; c++) {
        m->nb[c][0] = (int16_t)c;
        for (int d = 1; d <= 6; d++)
            m->nb[c][d] = (int16_t)lnlt_map_index(m, lnlt_hex_neighbor(m->hex_of[c], (lnlt_dir)d));
        map_refresh_floors(m, c);
    }
    return true;
}

void map_refresh_floors(lnlt_map *m, int c)
{
    m->floors[c] = 0;
    for (int f = 0; f < 3 && m->exists[c]; f++) {
        lnlt_loc l = {m->hex_of[c], (uint8_t)f};
        int lv;
        m->floor_level[c][f] = 0;
        if (lnlt_map_loc_level(m, l, &lv)) {
            m->floors[c] |= (uint8_t)(1u << f);
            m->floor_level[c][f] = (int8_t)lv;
        }
    }
}

void map_free_tables(lnlt_map *m)
{
    free(m->hex_of);
    free(m->nb);
    free(m->floors);
    free(m->floor_level);
}

int lnlt_map_neighbor(const lnlt_map *m, int cell, int d)
{
    return cell >= 0 && cell < m->ncell && d >= 0 && d <= 6 ? m->nb[cell][d] : -1;
}

unsigned lnlt_map_floors(const lnlt_map *m, int cell)
{
    return cell >= 0 && cell < m->ncell ? m->floors[cell] : 0;
}

int lnlt_map_cell_distance(const lnlt_map *m, int a, int b)
{
    return lnlt_hex_distance(m->hex_of[a], m->hex_of[b]);
}
