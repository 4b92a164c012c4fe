/*
 * map_load.c: loading a map file or a board file (lnlt_map_load_file,
 * docs/formats/map.md): the sheets it names, read by map_parse.c, the terrain
 * effects chart it uses, the line-of-sight shapes and tables built from them.
 * Nothing is half-loaded: on failure the map is freed and the error says where.
 */
#include <jansson.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "map/jsonutil.h"
#include "map/map_internal.h"
#include "map/map_parse.h"

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

static bool load_tec_for(lnlt_map *m, json_t *root, const char *path, lnlt_error *err)
{
    const char *tp;
    if (!lj_string(root, "terrain", "$", &tp, true, err))
        return false;
    char full[600];
    resolve(path, tp, full, sizeof full);
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
                if (map_sheet_has(s, col, row)) {
                    int c = (col + s->col_off) * m->stride + row + s->row_off;
                    m->exists[c]++; /* 2 where two maps' edge half-hexes meet */
                    m->owner[c] = (uint8_t)i;
                }
    }
    for (int i = 0; i < n; i++) {
        if (!map_load_sheet(m, i, src[i].root, err)) {
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

bool lnlt_map_load_file(const char *path, lnlt_map **out, lnlt_error *err)
{
    *out = NULL;
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
            src[n].root = lj_load_file(src[n].path, &je);
            if (!src[n].root) {
                ok = lnlt_error_set(err, "%s: line %d: %s", src[n].path, je.line, je.text);
                errfile = NULL;
                break;
            }
            m->sheet[n].col_off = (int16_t)co;
            m->sheet[n].row_off = (int16_t)ro;
            n++;
            if (!(ok = map_parse_sheet_header(src[n - 1].root, &m->sheet[n - 1], err) &&
                       load_tec_for(m, src[n - 1].root, src[n - 1].path, err))) {
                errfile = src[n - 1].path;
                break;
            }
        }
    } else if (ok) {
        src[0].root = json_incref(root);
        snprintf(src[0].path, sizeof src[0].path, "%s", path);
        n = 1;
        const char *nm = NULL;
        ok = map_parse_sheet_header(root, &m->sheet[0], err) && load_tec_for(m, root, path, err) &&
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
