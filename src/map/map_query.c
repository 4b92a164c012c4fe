/*
 * map_query.c: the flat per-hex and per-hexside queries of lnlt/map.h on a loaded
 * map: terrain, ground level (10.2 hills), buildings and their storeys (10.2,
 * 10.6), helicopter levels, craters, road links, hexside walls, hedges, bocage and
 * streams (10.3.2, 10.5.1), and the movement cost columns of the TEC (6.0).
 */

#include "map/map_internal.h"

const lnlt_terrain *lnlt_map_terrain(const lnlt_map *m, lnlt_hex h)
{
    int i = lnlt_map_index(m, h);
    return i < 0 ? NULL : &m->tec.t[m->cell[i].terrain];
}

int lnlt_map_level(const lnlt_map *m, lnlt_hex h)
{
    int i = lnlt_map_index(m, h);
    return i < 0 ? 0 : m->cell[i].level;
}

int lnlt_map_building_of(const lnlt_map *m, lnlt_hex h)
{
    int i = lnlt_map_index(m, h);
    return (i < 0 || m->cell[i].building == LNLT_NO_BUILDING) ? -1 : m->cell[i].building;
}

int lnlt_map_obstacle_top2(const lnlt_map *m, lnlt_hex h)
{
    int i = lnlt_map_index(m, h);
    if (i < 0)
        return 0;
    const lnlt_map_hex *c = &m->cell[i];
    const lnlt_terrain *t = &m->tec.t[c->terrain];
    if (t->los == LNLT_LOS_OPEN)
        return 0;
    int hh = t->height2;
    if (c->building != LNLT_NO_BUILDING && m->build[c->building].stories >= 2)
        hh = t->height2_multistory;
    return 2 * c->level + hh;
}

int lnlt_map_helicopter_level(const lnlt_map *m, lnlt_hex h)
{
    int top2 = lnlt_map_obstacle_top2(m, h), ground = lnlt_map_level(m, h);
    int top = top2 / 2; /* half-level ground cover does not raise it */
    return (top > ground ? top : ground) + 1;
}

/* 10.5.5: Craters cost their extra on top of the hex's cost (R: prohibited). */
static int with_craters(const lnlt_map *m, int cell, lnlt_mover mover, int mp2)
{
    if (mp2 == LNLT_MP_PROHIBITED || lnlt_map_crater_tm(m, cell) == 0)
        return mp2;
    const lnlt_terrain *c = lnlt_map_counter_row(m, LNLT_HEXC_CRATER1);
    int extra = c ? c->mp2[mover] : 0;
    return extra == LNLT_MP_PROHIBITED ? LNLT_MP_PROHIBITED : mp2 + extra;
}

int lnlt_map_mp2(const lnlt_map *m, lnlt_hex h, lnlt_mover mover)
{
    const lnlt_terrain *t = lnlt_map_terrain(m, h);
    return t ? with_craters(m, lnlt_map_index(m, h), mover, t->mp2[mover]) : LNLT_MP_PROHIBITED;
}

/* A cell as lnlt_map_index names it: itself when it exists, else -1. */
static int cell_or_none(const lnlt_map *m, int c) { return lnlt_map_cell_exists(m, c) ? c : -1; }

bool lnlt_map_road_link_cells(const lnlt_map *m, int a, int b)
{
    int ia = cell_or_none(m, a), ib = cell_or_none(m, b);
    /* The map marks road hexes, not the road's course through them: adjacent road
     * hexes are taken as joined by it (ruling R-TEC-04). */
    return ia >= 0 && ib >= 0 && m->tid_road >= 0 && (m->cell[ia].flags & LNLT_HEXF_ROAD) &&
           (m->cell[ib].flags & LNLT_HEXF_ROAD) && lnlt_hex_distance(map_ghex(m, ia), map_ghex(m, ib)) == 1;
}

bool lnlt_map_road_link(const lnlt_map *m, lnlt_hex a, lnlt_hex b)
{
    return lnlt_map_road_link_cells(m, lnlt_map_index(m, a), lnlt_map_index(m, b));
}

int lnlt_map_step_mp2_cells(const lnlt_map *m, int a, int b, lnlt_mover mover)
{
    int ib = cell_or_none(m, b);
    if (ib < 0 || (int)mover < 0 || (int)mover >= LNLT_MOVER_COUNT)
        return LNLT_MP_PROHIBITED;
    const lnlt_terrain *t = &m->tec.t[m->cell[ib].terrain];
    int mp2;
    /* TEC Road: from a road hex to the next one the other terrain does not count;
     * a counter whose cost is the total (a Roadblock, 10.5.4; a Ford, 10.5.2) is
     * paid in full even along the road. */
    if (lnlt_map_road_link_cells(m, a, ib) && !(t->flags & LNLT_TF_COST_IS_TOTAL))
        mp2 = m->tec.t[m->tid_road].mp2[mover];
    else
        mp2 = t->mp2[mover];
    return with_craters(m, ib, mover, mp2);
}

int lnlt_map_step_mp2(const lnlt_map *m, lnlt_hex a, lnlt_hex b, lnlt_mover mover)
{
    return lnlt_map_step_mp2_cells(m, lnlt_map_index(m, a), lnlt_map_index(m, b), mover);
}

int lnlt_map_climb_mp2_cells(const lnlt_map *m, int a, int b, lnlt_mover mover)
{
    int ia = cell_or_none(m, a), ib = cell_or_none(m, b);
    if (ia < 0 || ib < 0 || (int)mover < 0 || (int)mover >= LNLT_MOVER_COUNT)
        return LNLT_MP_PROHIBITED;
    int up = m->cell[ib].level - m->cell[ia].level;
    if (up >= 3 || up <= -3)
        return LNLT_MP_PROHIBITED; /* TEC Hill: three levels at once is a cliff */
    if (up == 2)
        return m->tec.climb2_mp2[mover];
    if (up == 1)
        return m->tec.climb1_mp2[mover];
    if (up == -2)
        return m->tec.descend2_mp2[mover];
    return 0;
}

int lnlt_map_climb_mp2(const lnlt_map *m, lnlt_hex a, lnlt_hex b, lnlt_mover mover)
{
    return lnlt_map_climb_mp2_cells(m, lnlt_map_index(m, a), lnlt_map_index(m, b), mover);
}

void lnlt_map_one_storey_buildings(lnlt_map *m)
{
    for (int b = 0; b < m->nbuild; b++)
        m->build[b].stories = 1;
    for (int c = 0; c < m->ncell; c++)
        map_refresh_floors(m, c);
}

bool lnlt_map_remove_upper_floor(lnlt_map *m, lnlt_hex h)
{
    int i = lnlt_map_index(m, h);
    if (i < 0)
        return false;
    m->cell[i].flags |= LNLT_HEXF_NO_UPPER;
    map_refresh_floors(m, i);
    return true;
}

/* The cell and canonical side slot (0 = N, 1 = NE, 2 = SE) holding the hexside
 * between board-grid hexes ga and gb. */
static bool side_slot_board(const lnlt_map *m, lnlt_hex ga, lnlt_hex gb, int *cell, int *slot)
{
    if (ga.col < 0 || gb.col < 0)
        return false;
    lnlt_hexside s;
    if (!lnlt_hexside_between(ga, gb, &s))
        return false;
    *cell = map_cell_of(m, s.hex.col, s.hex.row);
    *slot = s.dir - 1;
    return *cell >= 0;
}

/* The same for the a/b hexside of two hexes. */
static bool side_slot(const lnlt_map *m, lnlt_hex a, lnlt_hex b, int *cell, int *slot)
{
    return side_slot_board(m, map_to_board(m, a), map_to_board(m, b), cell, slot);
}

const lnlt_terrain *lnlt_map_hexside(const lnlt_map *m, lnlt_hex a, lnlt_hex b)
{
    int c, k;
    if (!side_slot(m, a, b, &c, &k) || m->cell[c].side[k] == LNLT_NO_FEATURE)
        return NULL;
    return &m->tec.t[m->cell[c].side[k]];
}

int lnlt_map_stream(const lnlt_map *m, lnlt_hex a, lnlt_hex b)
{
    int c, k;
    return side_slot(m, a, b, &c, &k) ? m->cell[c].stream[k] : 0;
}

/* Extra half MP to cross the hexside in slot k of cell c (features + stream). */
static int side_mp2(const lnlt_map *m, int c, int k, lnlt_mover mover)
{
    int total = 0;
    if (m->cell[c].side[k] != LNLT_NO_FEATURE) {
        int v = m->tec.t[m->cell[c].side[k]].mp2[mover];
        if (v < 0)
            return LNLT_MP_PROHIBITED;
        total += v;
    }
    if (m->cell[c].stream[k]) {
        int v = m->tec.stream_mp2[m->cell[c].stream[k]][mover];
        if (v < 0)
            return LNLT_MP_PROHIBITED;
        total += v;
    }
    return total;
}

int lnlt_map_hexside_mp2(const lnlt_map *m, lnlt_hex a, lnlt_hex b, lnlt_mover mover)
{
    int c, k;
    return side_slot(m, a, b, &c, &k) ? side_mp2(m, c, k, mover) : LNLT_MP_PROHIBITED;
}

int lnlt_map_hexside_mp2_cells(const lnlt_map *m, int a, int b, lnlt_mover mover)
{
    lnlt_hex none = {-1, -1, 0};
    int ia = cell_or_none(m, a), ib = cell_or_none(m, b), c, k;
    return side_slot_board(m, ia >= 0 ? map_ghex(m, ia) : none, ib >= 0 ? map_ghex(m, ib) : none, &c, &k)
               ? side_mp2(m, c, k, mover)
               : LNLT_MP_PROHIBITED;
}
