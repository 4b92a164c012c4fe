/*
 * map.c: the hex grid of a loaded map (lnlt/map.h, docs/formats/map.md): which
 * board hexes a map's sheets cover, board and cell numbering, the plain accessors,
 * locations of a hex with their floors and which locations are adjacent (10.2,
 * 10.4.1), and freeing a map. The per-hex and per-hexside queries are in
 * map_query.c; loading is in map_load.c and map_parse.c.
 */
#include <stdlib.h>

#include "map/map_internal.h"

static bool column_is_low(int col) { return (col & 1) == 0; }

/* Does sheet-local (col,row) exist on a sheet of cols x rows? Odd-letter columns
 * (A, C, ...) sit lower and so have the half-hex row 0 at the top; all columns
 * run down to row `rows`. */
bool map_sheet_has(const map_sheet *s, int col, int row)
{
    if (col < 0 || col >= s->cols || row > s->rows)
        return false;
    return row >= (column_is_low(col) ? 0 : 1);
}

bool map_sheet_half(const map_sheet *s, int col, int row)
{
    return col == 0 || col == s->cols - 1 || (column_is_low(col) && (row == 0 || row == s->rows));
}

lnlt_hex map_to_board(const struct lnlt_map *m, lnlt_hex h)
{
    lnlt_hex g = {-1, -1, 0};
    if (m->nsheet == 1) { /* one map: the loop below, unrolled */
        const map_sheet *s = &m->sheet[0];
        if ((h.map != 0 && h.map != s->number) || !map_sheet_has(s, h.col, h.row))
            return g;
        g.col = (int16_t)(h.col + s->col_off);
        g.row = (int16_t)(h.row + s->row_off);
        return g;
    }
    for (int i = 0; i < m->nsheet; i++) {
        const map_sheet *s = &m->sheet[i];
        if (h.map != 0 && h.map != s->number)
            continue;
        if (!map_sheet_has(s, h.col, h.row)) {
            if (h.map == 0)
                return g;
            continue;
        }
        g.col = (int16_t)(h.col + s->col_off);
        g.row = (int16_t)(h.row + s->row_off);
        return g;
    }
    return g;
}

int lnlt_map_index(const lnlt_map *m, lnlt_hex h)
{
    lnlt_hex g = map_to_board(m, h);
    if (g.col < 0)
        return -1;
    return map_cell_of(m, g.col, g.row);
}

bool lnlt_map_has_hex(const lnlt_map *m, lnlt_hex h) { return lnlt_map_index(m, h) >= 0; }

int lnlt_map_cells(const lnlt_map *m) { return m->ncell; }
bool lnlt_map_cell_exists(const lnlt_map *m, int cell) { return cell >= 0 && cell < m->ncell && m->exists[cell]; }
const lnlt_map_hex *lnlt_map_cell(const lnlt_map *m, int cell) { return &m->cell[cell]; }
const lnlt_tec *lnlt_map_tec(const lnlt_map *m) { return &m->tec; }
int lnlt_map_smoke_terrain(const lnlt_map *m) { return m->tid_smoke; }
int lnlt_map_number(const lnlt_map *m) { return m->sheet[0].number; }
const char *lnlt_map_name(const lnlt_map *m) { return m->name; }
int lnlt_map_building_count(const lnlt_map *m) { return m->nbuild; }
const lnlt_building *lnlt_map_building(const lnlt_map *m, int b) { return &m->build[b]; }

int lnlt_map_silhouette(const lnlt_map *m, int cell, int i, int *terrain, const float **xy)
{
    const map_sil *s = &m->sil[m->cell[cell].sil_first + i];
    *terrain = s->terrain;
    *xy = &m->pts[2 * s->first];
    return s->npt;
}

void lnlt_map_extent(const lnlt_map *m, int *cols, int *rows)
{
    *cols = m->cols;
    *rows = m->rows;
}

lnlt_hex lnlt_map_board_hex(const lnlt_map *m, int cell) { return map_ghex(m, cell); }
int lnlt_map_cell_at(const lnlt_map *m, int board_col, int row) { return map_cell_of(m, board_col, row); }

lnlt_hex lnlt_map_hex_at(const lnlt_map *m, int cell)
{
    if (m->hex_of)
        return m->hex_of[cell];
    const map_sheet *s = &m->sheet[m->owner[cell]];
    lnlt_hex h = {(int16_t)(cell / m->stride - s->col_off), (int16_t)(cell % m->stride - s->row_off),
                  s->number};
    return h;
}

bool lnlt_map_loc_level(const lnlt_map *m, lnlt_loc l, int *level)
{
    int i = lnlt_map_index(m, l.hex);
    if (i < 0 || l.floor > LNLT_FLOOR_ROOF)
        return false;
    const lnlt_map_hex *c = &m->cell[i];
    int lv = c->level;
    if (l.floor != LNLT_FLOOR_GROUND) {
        if (c->building == LNLT_NO_BUILDING)
            return false;
        const lnlt_building *b = &m->build[c->building];
        if (l.floor == LNLT_FLOOR_UPPER) {
            if (b->stories < 2 || (c->flags & LNLT_HEXF_NO_UPPER))
                return false;
            lv += 1;
        } else {
            if (!b->roof)
                return false;
            lv += b->stories; /* 10.6: roof at Level-1 on one storey, Level-2 on two */
        }
    } else {
        lv += m->tec.t[c->terrain].unit_level;
    }
    *level = lv;
    return true;
}

bool lnlt_map_loc_adjacent(const lnlt_map *m, lnlt_loc a, lnlt_loc b)
{
    int lv, ia = lnlt_map_index(m, a.hex), ib = lnlt_map_index(m, b.hex);
    if (ia < 0 || ib < 0 || !lnlt_map_loc_level(m, a, &lv) || !lnlt_map_loc_level(m, b, &lv))
        return false;
    int ba = m->cell[ia].building, bb = m->cell[ib].building;
    if (ia == ib) /* 10.6: a roof touches the inside of its own hex; floors are separate sub-hexes */
        return (a.floor == LNLT_FLOOR_ROOF) != (b.floor == LNLT_FLOOR_ROOF);
    if (lnlt_hex_distance(map_ghex(m, ia), map_ghex(m, ib)) != 1)
        return false;
    if (a.floor == LNLT_FLOOR_ROOF || b.floor == LNLT_FLOOR_ROOF) {
        lnlt_loc roof = a.floor == LNLT_FLOOR_ROOF ? a : b, other = a.floor == LNLT_FLOOR_ROOF ? b : a;
        int br = roof.floor == a.floor ? ba : bb, bo = roof.floor == a.floor ? bb : ba;
        (void)roof;
        if (bo == LNLT_NO_BUILDING)
            return false;
        if (bo != br)
            return true; /* inside or on the roof of another building */
        return other.floor == LNLT_FLOOR_ROOF; /* roofs of one building (ruling R-LOS-10) */
    }
    /* 10.2 / 10.4.1: different floors of one multi-storey building are not adjacent. */
    if (ba != LNLT_NO_BUILDING && ba == bb && a.floor != b.floor)
        return false;
    return true;
}

void lnlt_map_free(lnlt_map *m)
{
    if (!m)
        return;
    free(m->cell);
    free(m->exists);
    free(m->owner);
    free(m->build);
    free(m->sil);
    free(m->pts);
    map_free_shapes(m);
    map_free_tables(m);
    free(m);
}
