/*
 * map.c: loads and validates map files and board files (docs/formats/map.md) and
 * answers the flat per-hex queries of lnlt/map.h: terrain, ground level (10.2
 * hills), buildings and their storeys (10.2, 10.6), hexside walls, hedges, bocage
 * and streams (10.3.2, 10.5.1), and the movement cost columns of the TEC (6.0).
 *
 * Every malformed input is rejected with the file, the JSON path and what was
 * expected; nothing is half-loaded.
 */
#include <jansson.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "map/jsonutil.h"
#include "map/map_internal.h"

static bool column_is_low(int col) { return (col & 1) == 0; }

/* Does sheet-local (col,row) exist on a sheet of cols x rows? Odd-letter columns
 * (A, C, ...) sit lower and so have the half-hex row 0 at the top; all columns
 * run down to row `rows`. */
static bool sheet_has(const map_sheet *s, int col, int row)
{
    if (col < 0 || col >= s->cols || row > s->rows)
        return false;
    return row >= (column_is_low(col) ? 0 : 1);
}

static bool sheet_half(const map_sheet *s, int col, int row)
{
    return col == 0 || col == s->cols - 1 || (column_is_low(col) && (row == 0 || row == s->rows));
}

lnlt_hex map_to_board(const struct lnlt_map *m, lnlt_hex h)
{
    lnlt_hex g = {-1, -1, 0};
    if (m->nsheet == 1) { /* one map: the loop below, unrolled */
        const map_sheet *s = &m->sheet[0];
        if ((h.map != 0 && h.map != s->number) || !sheet_has(s, h.col, h.row))
            return g;
        g.col = (int16_t)(h.col + s->col_off);
        g.row = (int16_t)(h.row + s->row_off);
        return g;
    }
    for (int i = 0; i < m->nsheet; i++) {
        const map_sheet *s = &m->sheet[i];
        if (h.map != 0 && h.map != s->number)
            continue;
        if (!sheet_has(s, h.col, h.row)) {
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

int lnlt_map_mp2_cell(const lnlt_map *m, int cell, lnlt_mover mover)
{
    if (!lnlt_map_cell_exists(m, cell))
        return LNLT_MP_PROHIBITED;
    return with_craters(m, cell, mover, m->tec.t[m->cell[cell].terrain].mp2[mover]);
}

int lnlt_map_mp2(const lnlt_map *m, lnlt_hex h, lnlt_mover mover)
{
    return lnlt_map_mp2_cell(m, lnlt_map_index(m, h), mover);
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

static void free_shapes(lnlt_map *m);

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
    free_shapes(m);
    map_free_tables(m);
    free(m);
}

/* ---------------------------------------------------------------- loading */

typedef struct sheet_src {
    json_t *root;
    char path[512];
} sheet_src;

/* Resolves `rel` against the directory of `base`. */
static void resolve(const char *base, const char *rel, char *out, size_t n)
{
    const char *slash = strrchr(base, '/');
    if (rel[0] == '/' || !slash)
        snprintf(out, n, "%s", rel);
    else
        snprintf(out, n, "%.*s/%s", (int)(slash - base), base, rel);
}

static bool parse_hex_id(const char *text, const map_sheet *s, const char *path, lnlt_hex *out, lnlt_error *err)
{
    char why[96];
    if (!lnlt_hex_parse(text, out, why, sizeof why))
        return lnlt_error_set(err, "%s: \"%s\" is not a hex id (%s)", path, text, why);
    if (out->map != 0 && out->map != s->number)
        return lnlt_error_set(err, "%s: hex \"%s\" names map %d, but this is map %d", path, text, out->map,
                              s->number);
    if (!sheet_has(s, out->col, out->row))
        return lnlt_error_set(err, "%s: hex \"%s\" is outside the map (columns A..%c, rows 0/1..%d)", path, text,
                              'A' + s->cols - 1, s->rows);
    return true;
}

static int sheet_cell(const lnlt_map *m, const map_sheet *s, lnlt_hex h)
{
    return map_cell_of(m, h.col + s->col_off, h.row + s->row_off);
}

static bool in_hex_local(double x, double y)
{
    /* The hex in lattice-local coordinates: |y| <= 1 and |x| + |y| <= 2. */
    const double eps = 1e-9;
    return fabs(y) <= 1 + eps && fabs(x) + fabs(y) <= 2 + eps;
}

static bool parse_silhouettes(lnlt_map *m, json_t *arr, const char *path, lnlt_map_hex *c, lnlt_point centre,
                              lnlt_error *err)
{
    if (!json_is_array(arr))
        return lnlt_error_set(err, "%s: expected an array of silhouettes", path);
    c->sil_first = (uint16_t)m->nsil;
    size_t i;
    json_t *v;
    char p[600];
    json_array_foreach(arr, i, v) {
        snprintf(p, sizeof p, "%.400s[%zu]", path, i);
        if (!json_is_object(v))
            return lnlt_error_set(err, "%s: expected an object {terrain, points}", p);
        if (c->nsil == 255 || m->nsil >= 60000)
            return lnlt_error_set(err, "%s: too many silhouettes", p);
        int tid = c->terrain;
        const char *tn;
        if (!lj_string(v, "terrain", p, &tn, false, err))
            return false;
        if (*tn) {
            tid = lnlt_tec_find(&m->tec, tn);
            if (tid < 0 || m->tec.t[tid].kind != LNLT_TK_HEX)
                return lnlt_error_set(err, "%s.terrain: unknown hex terrain \"%s\" for era %s", p, tn, m->tec.era);
        }
        json_t *pts = json_object_get(v, "points");
        if (!json_is_array(pts) || json_array_size(pts) < 3 || json_array_size(pts) > 64)
            return lnlt_error_set(err, "%s.points: expected an array of 3 to 64 [x, y] points", p);
        map_sil *s = realloc(m->sil, sizeof *s * (size_t)(m->nsil + 1));
        if (!s)
            return lnlt_error_set(err, "%s: out of memory", p);
        m->sil = s;
        float *np = realloc(m->pts, sizeof(float) * 2 * (size_t)(m->npts + (int)json_array_size(pts)));
        if (!np)
            return lnlt_error_set(err, "%s: out of memory", p);
        m->pts = np;
        map_sil *ns = &m->sil[m->nsil];
        ns->terrain = (uint8_t)tid;
        ns->npt = (uint8_t)json_array_size(pts);
        ns->first = (uint16_t)m->npts;
        ns->minx = ns->miny = 1e9f;
        ns->maxx = ns->maxy = -1e9f;
        size_t j;
        json_t *pt;
        json_array_foreach(pts, j, pt) {
            if (!json_is_array(pt) || json_array_size(pt) != 2 || !json_is_number(json_array_get(pt, 0)) ||
                !json_is_number(json_array_get(pt, 1)))
                return lnlt_error_set(err, "%s.points[%zu]: expected [x, y] numbers", p, j);
            double x = json_number_value(json_array_get(pt, 0)), y = json_number_value(json_array_get(pt, 1));
            if (!in_hex_local(x, y))
                return lnlt_error_set(err, "%s.points[%zu]: point (%g, %g) is outside the hex (|y| <= 1, |x|+|y| <= 2)",
                                      p, j, x, y);
            float gx = (float)(centre.x + x), gy = (float)(centre.y + y);
            m->pts[2 * m->npts] = gx;
            m->pts[2 * m->npts + 1] = gy;
            m->npts++;
            if (gx < ns->minx) ns->minx = gx;
            if (gx > ns->maxx) ns->maxx = gx;
            if (gy < ns->miny) ns->miny = gy;
            if (gy > ns->maxy) ns->maxy = gy;
        }
        m->nsil++;
        c->nsil++;
    }
    return true;
}

static bool parse_hex(lnlt_map *m, const map_sheet *s, json_t *o, const char *path, lnlt_map_hex *c,
                      lnlt_point centre, lnlt_error *err)
{
    if (!json_is_object(o))
        return lnlt_error_set(err, "%s: expected an object {terrain, level, road, ...}", path);
    static const char *known[] = {"terrain",  "level", "road", "reconstructed", "silhouettes",
                                  "steeple", "tree_lined", "note", NULL};
    const char *key;
    json_t *v;
    json_object_foreach(o, key, v) {
        int k = 0;
        while (known[k] && strcmp(known[k], key))
            k++;
        if (!known[k])
            return lnlt_error_set(err, "%s.%s: unknown field (expected terrain, level, road, reconstructed, "
                                  "silhouettes, steeple, tree_lined or note)", path, key);
    }
    const char *tn;
    if (!lj_string(o, "terrain", path, &tn, true, err))
        return false;
    int tid = lnlt_tec_find(&m->tec, tn);
    if (tid < 0 || m->tec.t[tid].kind != LNLT_TK_HEX)
        return lnlt_error_set(err, "%s.terrain: unknown hex terrain \"%s\" (not in the %s chart)", path, tn,
                              m->tec.era);
    c->terrain = (uint8_t)tid;
    json_int_t lv = 0;
    if (!lj_int(o, "level", path, 0, 3, &lv, false, err))
        return false;
    c->level = (int8_t)lv;
    bool road = false, rec = false, steeple = false;
    if (!lj_bool(o, "road", path, &road, err) || !lj_bool(o, "reconstructed", path, &rec, err) ||
        !lj_bool(o, "steeple", path, &steeple, err))
        return false;
    if (road || !strcmp(m->tec.t[tid].id, "road"))
        c->flags |= LNLT_HEXF_ROAD;
    if (rec)
        c->flags |= LNLT_HEXF_RECONSTRUCTED;
    if (steeple)
        c->flags |= LNLT_HEXF_STEEPLE;
    bool tree_lined = false;
    if (!lj_bool(o, "tree_lined", path, &tree_lined, err))
        return false;
    if (tree_lined) {
        /* 10.5.3: trees along a road through open ground (ruling R-CORE-101) */
        if (!(c->flags & LNLT_HEXF_ROAD))
            return lnlt_error_set(err, "%s.tree_lined: only a road hex is tree-lined (10.5.3)", path);
        if (m->tec.t[tid].los != LNLT_LOS_OPEN || m->tec.t[tid].tm != 0)
            return lnlt_error_set(err, "%s.tree_lined: the road must run through open terrain, not %s (ruling R-CORE-101)",
                                  path, m->tec.t[tid].name);
        if (lnlt_tec_find(&m->tec, "tree_lined_road") < 0)
            return lnlt_error_set(err, "%s.tree_lined: the %s chart has no tree_lined_road row", path, m->tec.era);
        c->flags |= LNLT_HEXF_TREE_LINED;
    }
    json_t *sil = json_object_get(o, "silhouettes");
    if (sil) {
        char p[300];
        snprintf(p, sizeof p, "%.200s.silhouettes", path);
        if (!parse_silhouettes(m, sil, p, c, centre, err))
            return false;
    }
    (void)s;
    return true;
}

/* Flood fill over the building's hexes from the first: all must be reached. */
static bool building_connected(const lnlt_hex *h, int n)
{
    int seen[256] = {0}, stack[256], sp = 0, reached = 1;
    seen[0] = 1;
    stack[sp++] = 0;
    while (sp) {
        int i = stack[--sp];
        for (int j = 0; j < n; j++)
            if (!seen[j] && lnlt_hex_adjacent(h[i], h[j])) {
                seen[j] = 1;
                reached++;
                stack[sp++] = j;
            }
    }
    return reached == n;
}

static bool add_building(lnlt_map *m, const char *id, int stories, bool roof, lnlt_error *err, const char *path)
{
    lnlt_building *b = realloc(m->build, sizeof *b * (size_t)(m->nbuild + 1));
    if (!b)
        return lnlt_error_set(err, "%s: out of memory", path);
    m->build = b;
    lnlt_building *nb = &m->build[m->nbuild++];
    memset(nb, 0, sizeof *nb);
    snprintf(nb->id, sizeof nb->id, "%s", id);
    nb->stories = (uint8_t)stories;
    nb->roof = roof;
    return true;
}

static bool parse_buildings(lnlt_map *m, const map_sheet *s, json_t *arr, lnlt_error *err)
{
    if (!arr)
        return true;
    if (!json_is_array(arr))
        return lnlt_error_set(err, "$.buildings: expected an array of building objects");
    size_t i;
    json_t *v;
    char p[64], p2[96];
    json_array_foreach(arr, i, v) {
        snprintf(p, sizeof p, "$.buildings[%zu]", i);
        if (!json_is_object(v))
            return lnlt_error_set(err, "%s: expected an object {id, hexes, stories, roof}", p);
        const char *id;
        if (!lj_string(v, "id", p, &id, true, err))
            return false;
        json_t *hx = json_object_get(v, "hexes");
        if (!json_is_array(hx) || json_array_size(hx) == 0 || json_array_size(hx) > 256)
            return lnlt_error_set(err, "%s.hexes: expected an array of 1 to 256 hex ids", p);
        lnlt_hex hs[256];
        int n = 0;
        bool hc = false, hut = false;
        size_t j;
        json_t *h;
        json_array_foreach(hx, j, h) {
            snprintf(p2, sizeof p2, "%s.hexes[%zu]", p, j);
            if (!json_is_string(h))
                return lnlt_error_set(err, "%s: expected a hex id string", p2);
            if (!parse_hex_id(json_string_value(h), s, p2, &hs[n], err))
                return false;
            int c = sheet_cell(m, s, hs[n]);
            const lnlt_terrain *t = &m->tec.t[m->cell[c].terrain];
            if (!(t->flags & (LNLT_TF_BUILDING | LNLT_TF_HUT)))
                return lnlt_error_set(err, "%s: hex %s is %s, not a building terrain", p2, json_string_value(h),
                                      t->name);
            if (m->cell[c].building != LNLT_NO_BUILDING)
                return lnlt_error_set(err, "%s: hex %s already belongs to building \"%s\"", p2,
                                      json_string_value(h), m->build[m->cell[c].building].id);
            hc |= !strcmp(t->id, "hc_building");
            hut |= (t->flags & LNLT_TF_HUT) != 0;
            n++;
        }
        if (!building_connected(hs, n))
            return lnlt_error_set(err, "%s.hexes: the hexes of building \"%s\" do not all touch each other", p, id);
        /* 10.2: an HC building of three or more hexes has two storeys. */
        json_int_t stories = (hc && n >= 3) ? 2 : 1;
        if (!lj_int(v, "stories", p, 1, 2, &stories, false, err))
            return false;
        if (hut && stories != 1)
            return lnlt_error_set(err, "%s.stories: huts have a single storey", p);
        bool roof = false;
        if (!lj_bool(v, "roof", p, &roof, err))
            return false;
        if (!add_building(m, id, (int)stories, roof, err, p))
            return false;
        m->build[m->nbuild - 1].nhex = (uint16_t)n;
        for (int k = 0; k < n; k++)
            m->cell[sheet_cell(m, s, hs[k])].building = (uint16_t)(m->nbuild - 1);
    }
    return true;
}

static bool parse_hexsides(lnlt_map *m, const map_sheet *s, json_t *arr, lnlt_error *err)
{
    if (!arr)
        return true;
    if (!json_is_array(arr))
        return lnlt_error_set(err, "$.hexsides: expected an array of hexside objects");
    size_t i;
    json_t *v;
    char p[64], p2[96];
    json_array_foreach(arr, i, v) {
        snprintf(p, sizeof p, "$.hexsides[%zu]", i);
        if (!json_is_object(v))
            return lnlt_error_set(err, "%s: expected an object {hexes, feature, stream}", p);
        json_t *hx = json_object_get(v, "hexes");
        if (!json_is_array(hx) || json_array_size(hx) != 2)
            return lnlt_error_set(err, "%s.hexes: expected two adjacent hex ids", p);
        lnlt_hex h[2];
        for (int k = 0; k < 2; k++) {
            snprintf(p2, sizeof p2, "%s.hexes[%d]", p, k);
            json_t *e = json_array_get(hx, (size_t)k);
            if (!json_is_string(e))
                return lnlt_error_set(err, "%s: expected a hex id string", p2);
            if (!parse_hex_id(json_string_value(e), s, p2, &h[k], err))
                return false;
        }
        lnlt_hex g0 = {(int16_t)(h[0].col + s->col_off), (int16_t)(h[0].row + s->row_off), 0};
        lnlt_hex g1 = {(int16_t)(h[1].col + s->col_off), (int16_t)(h[1].row + s->row_off), 0};
        lnlt_hexside side;
        if (!lnlt_hexside_between(g0, g1, &side))
            return lnlt_error_set(err, "%s.hexes: %s and %s are not adjacent, so share no hexside", p,
                                  json_string_value(json_array_get(hx, 0)), json_string_value(json_array_get(hx, 1)));
        int c = map_cell_of(m, side.hex.col, side.hex.row);
        if (c < 0)
            return lnlt_error_set(err, "%s.hexes: the hexside is outside the map", p);
        const char *fn;
        if (!lj_string(v, "feature", p, &fn, false, err))
            return false;
        json_int_t stream = 0;
        if (!lj_int(v, "stream", p, 1, LNLT_STREAM_CLASSES, &stream, false, err))
            return false;
        if (!*fn && !stream)
            return lnlt_error_set(err, "%s: expected a feature (wall, hedge, bocage) or a stream class 1..5", p);
        if (*fn) {
            int tid = lnlt_tec_find(&m->tec, fn);
            if (tid < 0 || m->tec.t[tid].kind != LNLT_TK_HEXSIDE)
                return lnlt_error_set(err, "%s.feature: unknown hexside terrain \"%s\" (not in the %s chart)", p, fn,
                                      m->tec.era);
            m->cell[c].side[side.dir - 1] = (uint8_t)tid;
        }
        m->cell[c].stream[side.dir - 1] = (uint8_t)stream;
        bool rec = false;
        if (!lj_bool(v, "reconstructed", p, &rec, err))
            return false;
    }
    return true;
}

static bool parse_sheet_header(json_t *root, map_sheet *s, lnlt_error *err)
{
    if (!json_is_object(root))
        return lnlt_error_set(err, "$: expected an object");
    const char *f;
    if (!lj_string(root, "format", "$", &f, true, err))
        return false;
    if (strcmp(f, "lnlt-map"))
        return lnlt_error_set(err, "$.format: expected \"lnlt-map\"");
    json_int_t num = 0, cols = 0, rows = 0;
    if (!lj_int(root, "map", "$", 1, 255, &num, true, err) || !lj_int(root, "columns", "$", 1, 52, &cols, true, err) ||
        !lj_int(root, "rows", "$", 1, 60, &rows, true, err))
        return false;
    s->number = (uint8_t)num;
    s->cols = (int16_t)cols;
    s->rows = (int16_t)rows;
    return true;
}

/* Fills the sheet's hexes into the (allocated) board grid. */
static bool load_sheet(lnlt_map *m, int si, json_t *root, lnlt_error *err)
{
    const map_sheet *s = &m->sheet[si];
    json_t *hexes = json_object_get(root, "hexes");
    if (!json_is_object(hexes))
        return lnlt_error_set(err, "$.hexes: expected an object keyed by hex id");
    const char *fill;
    if (!lj_string(root, "fill", "$", &fill, false, err))
        return false;
    int fill_tid = -1;
    if (*fill) {
        fill_tid = lnlt_tec_find(&m->tec, fill);
        if (fill_tid < 0 || m->tec.t[fill_tid].kind != LNLT_TK_HEX)
            return lnlt_error_set(err, "$.fill: unknown hex terrain \"%s\" (not in the %s chart)", fill, m->tec.era);
    }
    /* Mark the sheet's hexes; overlapping edge half-hexes keep the first sheet's data. */
    uint8_t *listed = calloc((size_t)m->ncell, 1);
    if (!listed)
        return lnlt_error_set(err, "$: out of memory");
    bool ok = true;
    const char *key;
    json_t *v;
    char p[64];
    json_object_foreach(hexes, key, v) {
        snprintf(p, sizeof p, "$.hexes.%s", key);
        lnlt_hex h;
        if (!(ok = parse_hex_id(key, s, p, &h, err)))
            break;
        int c = sheet_cell(m, s, h);
        if (listed[c]) {
            ok = lnlt_error_set(err, "%s: hex listed twice", p);
            break;
        }
        listed[c] = 1;
        if (m->owner[c] != si)
            continue; /* joined half-hex already defined by an earlier map */
        lnlt_point centre = lnlt_hex_center(map_ghex(m, c));
        if (!(ok = parse_hex(m, s, v, p, &m->cell[c], centre, err)))
            break;
        if (sheet_half(s, h.col, h.row))
            m->cell[c].flags |= LNLT_HEXF_HALF;
    }
    for (int col = 0; ok && col < s->cols; col++)
        for (int row = 0; ok && row <= s->rows; row++) {
            lnlt_hex h = {(int16_t)col, (int16_t)row, s->number};
            if (!sheet_has(s, col, row))
                continue;
            int c = sheet_cell(m, s, h);
            if (listed[c] || m->owner[c] != si)
                continue;
            if (fill_tid < 0) {
                char id[LNLT_HEX_ID_MAX];
                h.map = 0;
                ok = lnlt_error_set(err, "$.hexes: hex %s is missing (list every hex, or give \"fill\")",
                                    lnlt_hex_format(h, id));
                break;
            }
            m->cell[c].terrain = (uint8_t)fill_tid;
            if (sheet_half(s, col, row))
                m->cell[c].flags |= LNLT_HEXF_HALF;
        }
    free(listed);
    if (!ok)
        return false;
    if (!parse_buildings(m, s, json_object_get(root, "buildings"), err))
        return false;
    if (!parse_hexsides(m, s, json_object_get(root, "hexsides"), err))
        return false;
    /* Building hexes not named in any building each form a one-hex building. */
    for (int col = 0; col < s->cols; col++)
        for (int row = 0; row <= s->rows; row++) {
            lnlt_hex h = {(int16_t)col, (int16_t)row, s->number};
            if (!sheet_has(s, col, row))
                continue;
            int c = sheet_cell(m, s, h);
            if (m->owner[c] != si || m->cell[c].building != LNLT_NO_BUILDING)
                continue;
            if (!(m->tec.t[m->cell[c].terrain].flags & (LNLT_TF_BUILDING | LNLT_TF_HUT)))
                continue;
            char id[LNLT_HEX_ID_MAX];
            if (!add_building(m, lnlt_hex_format(h, id), 1, false, err, "$.hexes"))
                return false;
            m->build[m->nbuild - 1].nhex = 1;
            m->cell[c].building = (uint16_t)(m->nbuild - 1);
        }
    return true;
}

bool map_build_shapes(lnlt_map *m, lnlt_error *err)
{
    m->shape_dc = m->cols - 1;
    m->shape_dr = m->rows;
    m->nshape = 2 * (2 * m->shape_dc + 1) * (2 * m->shape_dr + 1);
    m->shape = calloc((size_t)m->nshape, sizeof *m->shape); /* all NULL: traced when first asked */
    if (!m->shape)
        return lnlt_error_set(err, "out of memory");
    for (int k = 0; k < m->nshape; k++)
        atomic_init(&m->shape[k], NULL);
    return true;
}

static void free_shapes(lnlt_map *m)
{
    for (int k = 0; m->shape && k < m->nshape; k++)
        free(atomic_load_explicit(&m->shape[k], memory_order_relaxed));
    free(m->shape);
}

/* The line of shape s run backwards, from its far end: its steps in reverse
 * order, each crossing from the hex left to the next (a and b swapped), offsets
 * moved by (dc, dr) to the new origin. NULL when out of memory. */
static struct map_shape *shape_reversed(const struct map_shape *s, int dc, int dr)
{
    struct map_shape *b = malloc(sizeof *b + sizeof b->step[0] * (size_t)s->count);
    if (!b)
        return NULL;
    b->count = s->count;
    for (int i = 0; i < s->count; i++) {
        const struct map_shape_step *f = &s->step[s->count - 1 - i];
        bool cross = f->kind == LNLT_TRACE_CROSS;
        struct map_shape_step *o = &b->step[i];
        o->kind = f->kind;
        o->dca = (int8_t)((cross ? f->dcb : f->dca) + dc);
        o->dra = (int8_t)((cross ? f->drb : f->dra) + dr);
        o->dcb = (int8_t)((cross ? f->dca : f->dcb) + dc);
        o->drb = (int8_t)((cross ? f->dra : f->drb) + dr);
    }
    return b;
}

/* Stores shape s as shape k unless a thread stored it first; returns the one kept. */
static struct map_shape *shape_publish(const struct lnlt_map *m, int k, struct map_shape *s)
{
    struct map_shape *none = NULL;
    if (atomic_compare_exchange_strong_explicit(&m->shape[k], &none, s, memory_order_acq_rel, memory_order_acquire))
        return s;
    free(s); /* another thread stored the same shape first */
    return none;
}

/* Shape k (parity par, offset c, r), made now if no line of it was asked for
 * before: the line back along it run forwards (test_map_tables checks that the
 * two agree), or else traced, and then its own backward line stored as well.
 * NULL only when out of memory. */
static const struct map_shape *shape_of(const struct lnlt_map *m, int k, int par, int c, int r)
{
    struct map_shape *s = atomic_load_explicit(&m->shape[k], memory_order_acquire);
    if (s)
        return s;
    int back = (((par + c) & 1) * (2 * m->shape_dc + 1) + (m->shape_dc - c)) * (2 * m->shape_dr + 1) +
               (m->shape_dr - r);
    const struct map_shape *b = atomic_load_explicit(&m->shape[back], memory_order_acquire);
    if (b)
        return (s = shape_reversed(b, c, r)) ? shape_publish(m, k, s) : NULL;
    /* Far from the origin so every column and row stays positive. */
    lnlt_hex f = {(int16_t)(2 * MAP_MAX_COLS + par), (int16_t)(2 * MAP_MAX_ROWS), 0};
    lnlt_hex t = {(int16_t)(f.col + c), (int16_t)(f.row + r), 0};
    lnlt_trace tr;
    if (!lnlt_hex_trace(f, t, &tr))
        tr.count = 0; /* too long for a trace: map_trace() reports it */
    s = malloc(sizeof *s + sizeof s->step[0] * (size_t)tr.count);
    if (!s)
        return NULL;
    s->count = tr.count;
    for (int i = 0; i < tr.count; i++) {
        struct map_shape_step *st = &s->step[i];
        st->kind = tr.step[i].kind;
        st->dca = (int8_t)(tr.step[i].a.col - f.col);
        st->dra = (int8_t)(tr.step[i].a.row - f.row);
        st->dcb = (int8_t)(tr.step[i].b.col - f.col);
        st->drb = (int8_t)(tr.step[i].b.row - f.row);
    }
    s = shape_publish(m, k, s);
    if (back != k) {
        struct map_shape *rev = shape_reversed(s, -c, -r);
        if (rev)
            shape_publish(m, back, rev);
    }
    return s;
}

/* Every shape traced so far, each as its count (-1: not traced) then its steps of
 * five bytes; the bytes needed, written only up to cap. */
size_t map_shapes_pack(const struct lnlt_map *m, uint8_t *buf, size_t cap)
{
    size_t n = 0;
    for (int k = 0; k < m->nshape; k++) {
        const struct map_shape *s = atomic_load_explicit(&m->shape[k], memory_order_acquire);
        int32_t count = s ? s->count : -1;
        if (n + 4 <= cap)
            memcpy(buf + n, &count, 4);
        n += 4;
        for (int i = 0; s && i < s->count; i++, n += 5)
            if (n + 5 <= cap) {
                const struct map_shape_step *st = &s->step[i];
                uint8_t b[5] = {st->kind, (uint8_t)st->dca, (uint8_t)st->dra, (uint8_t)st->dcb, (uint8_t)st->drb};
                memcpy(buf + n, b, 5);
            }
    }
    return n;
}

bool map_shapes_unpack(const struct lnlt_map *m, const uint8_t *buf, size_t n)
{
    size_t at = 0;
    for (int k = 0; k < m->nshape; k++) {
        int32_t count;
        if (at + 4 > n)
            return false;
        memcpy(&count, buf + at, 4);
        at += 4;
        if (count < 0)
            continue;
        if (count > LNLT_TRACE_MAX || at + 5 * (size_t)count > n)
            return false;
        struct map_shape *s = malloc(sizeof *s + sizeof s->step[0] * (size_t)count);
        if (!s)
            return false;
        s->count = count;
        for (int i = 0; i < count; i++, at += 5) {
            struct map_shape_step *st = &s->step[i];
            st->kind = buf[at];
            st->dca = (int8_t)buf[at + 1];
            st->dra = (int8_t)buf[at + 2];
            st->dcb = (int8_t)buf[at + 3];
            st->drb = (int8_t)buf[at + 4];
        }
        shape_publish(m, k, s);
    }
    return at == n;
}

bool map_trace(const struct lnlt_map *m, lnlt_hex from, lnlt_hex to, lnlt_trace *out)
{
    int c = to.col - from.col, r = to.row - from.row;
    if (!m->shape || c < -m->shape_dc || c > m->shape_dc || r < -m->shape_dr || r > m->shape_dr)
        return lnlt_hex_trace(from, to, out);
    int par = from.col & 1;
    int k = (par * (2 * m->shape_dc + 1) + c + m->shape_dc) * (2 * m->shape_dr + 1) + r + m->shape_dr;
    const struct map_shape *s = shape_of(m, k, par, c, r);
    if (!s || s->count == 0)
        return lnlt_hex_trace(from, to, out);
    out->count = s->count;
    for (int i = 0; i < out->count; i++) {
        const struct map_shape_step *st = &s->step[i];
        lnlt_trace_step *o = &out->step[i];
        o->kind = st->kind;
        o->a.col = (int16_t)(from.col + st->dca);
        o->a.row = (int16_t)(from.row + st->dra);
        o->b.col = (int16_t)(from.col + st->dcb);
        o->b.row = (int16_t)(from.row + st->drb);
        o->a.map = o->b.map = from.map;
    }
    return true;
}

/* Adds a file the load read to `files` (when asked to note them), once. */
static void note_file(map_files *files, const char *path)
{
    for (int i = 0; files && i < files->n; i++)
        if (!strcmp(files->path[i], path))
            return;
    if (files && files->n < MAP_FILES_MAX)
        snprintf(files->path[files->n++], sizeof files->path[0], "%s", path);
    else if (files)
        files->overflow = true;
}

static bool load_tec_for(lnlt_map *m, json_t *root, const char *path, map_files *files, lnlt_error *err)
{
    const char *tp;
    if (!lj_string(root, "terrain", "$", &tp, true, err))
        return false;
    char full[600];
    resolve(path, tp, full, sizeof full);
    note_file(files, full);
    if (m->tec.count != 0 && !strcmp(full, m->tec_file))
        return true; /* another sheet on the chart already read: the same era */
    lnlt_tec *tec = malloc(sizeof *tec);
    if (!tec)
        return lnlt_error_set(err, "$.terrain: out of memory");
    bool ok = lnlt_tec_load_file(full, tec, err);
    if (!ok) {
        free(tec);
        lnlt_error_prefix(err, "$.terrain");
        return false;
    }
    if (m->tec.count == 0) {
        m->tec = *tec;
        snprintf(m->tec_file, sizeof m->tec_file, "%s", full);
    } else if (strcmp(m->tec.era, tec->era)) {
        ok = lnlt_error_set(err, "$.terrain: chart era \"%s\" differs from the board's \"%s\"", tec->era, m->tec.era);
    }
    free(tec);
    return ok;
}

static bool build(lnlt_map *m, sheet_src *src, int n, lnlt_error *err, int *failed)
{
    *failed = -1;
    int maxc = 0, maxr = 0;
    for (int i = 0; i < n; i++) {
        map_sheet *s = &m->sheet[i];
        if (s->col_off + s->cols > maxc) maxc = s->col_off + s->cols;
        if (s->row_off + s->rows > maxr) maxr = s->row_off + s->rows;
        for (int j = 0; j < i; j++)
            if (m->sheet[j].number == s->number) {
                *failed = i;
                return lnlt_error_set(err, "$.map: map number %d is used twice on the board", s->number);
            }
    }
    if (maxc > MAP_MAX_COLS || maxr >= MAP_MAX_ROWS)
        return lnlt_error_set(err, "board larger than %d columns x %d rows", MAP_MAX_COLS, MAP_MAX_ROWS);
    m->cols = maxc;
    m->rows = maxr;
    m->stride = maxr + 1;
    m->ncell = m->cols * m->stride;
    m->cell = calloc((size_t)m->ncell, sizeof *m->cell);
    m->exists = calloc((size_t)m->ncell, 1);
    m->owner = calloc((size_t)m->ncell, 1);
    if (!m->cell || !m->exists || !m->owner)
        return lnlt_error_set(err, "out of memory");
    for (int c = 0; c < m->ncell; c++) {
        m->cell[c].building = LNLT_NO_BUILDING;
        memset(m->cell[c].side, LNLT_NO_FEATURE, sizeof m->cell[c].side);
    }
    for (int i = n - 1; i >= 0; i--) { /* earlier sheets own shared half-hexes */
        const map_sheet *s = &m->sheet[i];
        for (int col = 0; col < s->cols; col++)
            for (int row = 0; row <= s->rows; row++)
                if (sheet_has(s, col, row)) {
                    int c = (col + s->col_off) * m->stride + row + s->row_off;
                    m->exists[c]++; /* 2 where two maps' edge half-hexes meet */
                    m->owner[c] = (uint8_t)i;
                }
    }
    for (int i = 0; i < n; i++) {
        if (!load_sheet(m, i, src[i].root, err)) {
            *failed = i;
            return false;
        }
    }
    /* Two half-hexes joined across maps make one whole hex (1.4). */
    for (int c = 0; c < m->ncell; c++)
        if (m->exists[c] > 1) {
            m->exists[c] = 1;
            m->cell[c].flags &= (uint8_t)~LNLT_HEXF_HALF;
            m->cell[c].flags |= LNLT_HEXF_JOINED;
        }
    m->tid_wall = lnlt_tec_find(&m->tec, "wall");
    m->tid_smoke = lnlt_tec_find(&m->tec, "smoke");
    m->tid_wreck = lnlt_tec_find(&m->tec, "wreck");
    m->tid_rubble = lnlt_tec_find(&m->tec, "rubble");
    m->tid_road = lnlt_tec_find(&m->tec, "road");
    if (m->tid_smoke < 0 || m->tid_wreck < 0 || m->tid_rubble < 0) {
        *failed = 0;
        return lnlt_error_set(err, "$.terrain: the chart must define smoke, wreck and rubble counters");
    }
    return map_build_shapes(m, err) && map_build_tables(m, err);
}

bool map_load_files(const char *path, lnlt_map **out, map_files *files, lnlt_error *err)
{
    *out = NULL;
    if (files)
        files->n = 0, files->overflow = false;
    json_error_t je;
    json_t *root = lj_load_file(path, &je);
    if (!root)
        return lnlt_error_set(err, "%s: line %d: %s", path, je.line, je.text);
    lnlt_map *m = calloc(1, sizeof *m);
    sheet_src src[MAP_MAX_SHEETS];
    memset(src, 0, sizeof src);
    int n = 0, failed = -1;
    bool ok = m != NULL;
    const char *errfile = path;
    if (!ok)
        lnlt_error_set(err, "out of memory");
    const char *fmt = json_is_object(root) ? json_string_value(json_object_get(root, "format")) : NULL;
    if (ok && fmt && !strcmp(fmt, "lnlt-board")) {
        /* A board: several maps side by side, each at a column/row offset. */
        const char *nm;
        ok = lj_string(root, "name", "$", &nm, false, err);
        if (ok)
            snprintf(m->name, sizeof m->name, "%s", nm);
        json_t *arr = json_object_get(root, "maps");
        if (ok && (!json_is_array(arr) || json_array_size(arr) == 0 || json_array_size(arr) > MAP_MAX_SHEETS))
            ok = lnlt_error_set(err, "$.maps: expected an array of 1 to %d {file, column_offset, row_offset}",
                                MAP_MAX_SHEETS);
        for (size_t i = 0; ok && i < json_array_size(arr); i++) {
            json_t *e = json_array_get(arr, i);
            char p[64];
            snprintf(p, sizeof p, "$.maps[%zu]", i);
            const char *file;
            json_int_t co = 0, ro = 0;
            if (!json_is_object(e)) {
                ok = lnlt_error_set(err, "%s: expected an object {file, column_offset, row_offset}", p);
                break;
            }
            if (!(ok = lj_string(e, "file", p, &file, true, err) &&
                       lj_int(e, "column_offset", p, 0, MAP_MAX_COLS, &co, false, err) &&
                       lj_int(e, "row_offset", p, 0, MAP_MAX_ROWS, &ro, false, err)))
                break;
            if (co % 2) {
                ok = lnlt_error_set(err, "%s.column_offset: expected an even number (column parity must match)", p);
                break;
            }
            resolve(path, file, src[n].path, sizeof src[n].path);
            note_file(files, src[n].path);
            src[n].root = lj_load_file(src[n].path, &je);
            if (!src[n].root) {
                ok = lnlt_error_set(err, "%s: line %d: %s", src[n].path, je.line, je.text);
                errfile = NULL;
                break;
            }
            m->sheet[n].col_off = (int16_t)co;
            m->sheet[n].row_off = (int16_t)ro;
            n++;
            if (!(ok = parse_sheet_header(src[n - 1].root, &m->sheet[n - 1], err) &&
                       load_tec_for(m, src[n - 1].root, src[n - 1].path, files, err))) {
                errfile = src[n - 1].path;
                break;
            }
        }
    } else if (ok) {
        src[0].root = json_incref(root);
        snprintf(src[0].path, sizeof src[0].path, "%s", path);
        n = 1;
        const char *nm = NULL;
        ok = parse_sheet_header(root, &m->sheet[0], err) && load_tec_for(m, root, path, files, err) &&
             lj_string(root, "name", "$", &nm, false, err);
        if (ok)
            snprintf(m->name, sizeof m->name, "%s", nm);
    }
    if (ok) {
        m->nsheet = n;
        ok = build(m, src, n, err, &failed);
        if (!ok && failed >= 0)
            errfile = src[failed].path;
    }
    for (int i = 0; i < n; i++)
        json_decref(src[i].root);
    json_decref(root);
    if (!ok) {
        if (errfile)
            lnlt_error_prefix(err, errfile);
        lnlt_map_free(m);
        return false;
    }
    *out = m;
    return true;
}
