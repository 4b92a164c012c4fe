/*
 * map_parse.c: reading one sheet of a map file (docs/formats/map.md): its header,
 * its hexes with their terrain, levels and silhouettes, its buildings (a building's
 * hexes must be connected, 10.6) and its hexsides (10.3.2, 10.5.1). Every malformed
 * input is refused with the file, the JSON path and what was expected.
 */
#include <jansson.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "map/jsonutil.h"
#include "map/map_internal.h"
#include "map/map_parse.h"

static bool parse_hex_id(const char *text, const map_sheet *s, const char *path, lnlt_hex *out, lnlt_error *err)
{
    char why[96];
    if (!lnlt_hex_parse(text, out, why, sizeof why))
        return lnlt_error_set(err, "%s: \"%s\" is not a hex id (%s)", path, text, why);
    if (out->map != 0 && out->map != s->number)
        return lnlt_error_set(err, "%s: hex \"%s\" names map %d, but this is map %d", path, text, out->map,
                              s->number);
    if (!map_sheet_has(s, out->col, out->row))
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

bool map_parse_sheet_header(json_t *root, map_sheet *s, lnlt_error *err)
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
bool map_load_sheet(lnlt_map *m, int si, json_t *root, lnlt_error *err)
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
        if (map_sheet_half(s, h.col, h.row))
            m->cell[c].flags |= LNLT_HEXF_HALF;
    }
    for (int col = 0; ok && col < s->cols; col++)
        for (int row = 0; ok && row <= s->rows; row++) {
            lnlt_hex h = {(int16_t)col, (int16_t)row, s->number};
            if (!map_sheet_has(s, col, row))
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
            if (map_sheet_half(s, col, row))
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
            if (!map_sheet_has(s, col, row))
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
