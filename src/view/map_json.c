/*
 * map_json.c: the board's terrain for drawing it (lnlt_map_json; shape in
 * docs/view.md "map"): every hex with its terrain, ground level (10.2 hills),
 * road, building and the floors that exist there (10.2, 10.4.1, 10.6), its
 * silhouettes; hexside walls, hedges, bocage and streams (10.3.2, 10.5); the
 * buildings; the terrain chart's names, LOS classes and target modifiers (10.0,
 * 10.4). It depends on the ctx only, so clients may cache it.
 */
#include <jansson.h>
#include <stdio.h>

#include "lnlt/map.h"
#include "lnlt/scenario.h"
#include "lnlt/view.h"
#include "view/view_internal.h"

static json_t *terrain_json(const lnlt_tec *tec)
{
    static const char *const kinds[] = {"hex", "hexside", "counter"};
    json_t *arr = json_array();
    for (int i = 0; i < tec->count; i++) {
        const lnlt_terrain *t = &tec->t[i];
        json_t *o = json_object();
        json_object_set_new(o, "index", json_integer(i));
        json_object_set_new(o, "id", json_string(t->id));
        json_object_set_new(o, "name", json_string(t->name));
        json_object_set_new(o, "kind", json_string(t->kind < 3 ? kinds[t->kind] : "?"));
        json_object_set_new(o, "los", json_string(lnlt_los_class_name(t->los)));
        json_object_set_new(o, "tm", json_integer(t->tm));
        json_object_set_new(o, "building", json_boolean((t->flags & LNLT_TF_BUILDING) != 0));
        json_object_set_new(o, "hut", json_boolean((t->flags & LNLT_TF_HUT) != 0));
        json_array_append_new(arr, o);
    }
    return arr;
}

static json_t *point_json(double x, double y)
{
    json_t *p = json_array();
    json_array_append_new(p, json_real(x));
    json_array_append_new(p, json_real(y));
    return p;
}

void *lnlt_map_json(const lnlt_ctx *ctx)
{
    if (!ctx || !ctx->map)
        return NULL;
    const lnlt_map *m = ctx->map;
    const lnlt_tec *tec = lnlt_map_tec(m);
    json_t *o = json_object();
    json_object_set_new(o, "format", json_integer(LNLT_VIEW_FORMAT));
    if (ctx->scenario)
        json_object_set_new(o, "id", json_string(ctx->scenario->map_id[0]));
    json_object_set_new(o, "name", json_string(lnlt_map_name(m)));
    json_object_set_new(o, "map_number", json_integer(lnlt_map_number(m)));
    json_object_set_new(o, "era", json_string(tec->era));
    int cols, rows;
    lnlt_map_extent(m, &cols, &rows);
    json_object_set_new(o, "columns", json_integer(cols));
    json_object_set_new(o, "rows", json_integer(rows));
    if (ctx->scenario) {
        static const char *const north[] = {"top", "bottom", "left", "right"};
        json_object_set_new(o, "north_edge", json_string(ctx->scenario->north < 4 ? north[ctx->scenario->north] : "top"));
    }
    json_object_set_new(o, "terrain", terrain_json(tec));
    json_t *hexes = json_array(), *sides = json_array();
    char id[LNLT_HEX_ID_MAX], id2[LNLT_HEX_ID_MAX];
    for (int c = 0; c < lnlt_map_cells(m); c++) {
        if (!lnlt_map_cell_exists(m, c))
            continue;
        const lnlt_map_hex *x = lnlt_map_cell(m, c);
        lnlt_hex h = lnlt_map_hex_at(m, c), b = lnlt_map_board_hex(m, c);
        lnlt_point p = lnlt_hex_center(b);
        json_t *ho = json_object();
        json_object_set_new(ho, "id", json_string(lnlt_cell_name(ctx, c, id)));
        json_object_set_new(ho, "x", json_integer(p.x));
        json_object_set_new(ho, "y", json_integer(p.y));
        json_object_set_new(ho, "terrain", json_string(tec->t[x->terrain].id));
        json_object_set_new(ho, "level", json_integer(x->level));
        json_object_set_new(ho, "road", json_boolean((x->flags & LNLT_HEXF_ROAD) != 0));
        if (x->flags & LNLT_HEXF_HALF)
            json_object_set_new(ho, "half", json_true());
        if (x->flags & LNLT_HEXF_RECONSTRUCTED)
            json_object_set_new(ho, "reconstructed", json_true());
        if (x->building != LNLT_NO_BUILDING) {
            const lnlt_building *bd = lnlt_map_building(m, x->building);
            json_object_set_new(ho, "building", json_string(bd ? bd->id : "?"));
        }
        json_t *floors = json_array();
        for (int f = 0; f < LNLT_FLOORS; f++) /* 10.4.1, 21.1, 10.7 */
            if (lnlt_location_exists(ctx, lnlt_location(c, f)))
                json_array_append_new(floors, json_string(lnlt_location_floor_name(ctx, lnlt_location(c, f))));
        json_object_set_new(ho, "floors", floors);
        if (x->nsil > 0) {
            json_t *sils = json_array();
            for (int k = 0; k < x->nsil; k++) {
                int terrain;
                const float *xy;
                int np = lnlt_map_silhouette(m, c, k, &terrain, &xy);
                json_t *so = json_object(), *pts = json_array();
                json_object_set_new(so, "terrain", json_string(terrain >= 0 && terrain < tec->count ? tec->t[terrain].id : "?"));
                for (int q = 0; q < np; q++)
                    json_array_append_new(pts, point_json(xy[2 * q], xy[2 * q + 1]));
                json_object_set_new(so, "points", pts);
                json_array_append_new(sils, so);
            }
            json_object_set_new(ho, "silhouettes", sils);
        }
        json_array_append_new(hexes, ho);
        /* the hex's canonical sides (N, NE, SE): features and streams */
        for (int k = 0; k < 3; k++) {
            if (x->side[k] == LNLT_NO_FEATURE && x->stream[k] == 0)
                continue;
            lnlt_hex nb = lnlt_hex_neighbor(h, (lnlt_dir)(k + 1));
            json_t *so = json_object();
            json_object_set_new(so, "a", json_string(lnlt_cell_name(ctx, c, id)));
            nb.map = 0; /* bare ids, as the commands write them */
            json_object_set_new(so, "b", json_string(lnlt_hex_format(nb, id2)));
            json_object_set_new(so, "direction", json_string(k == 0 ? "N" : k == 1 ? "NE" : "SE"));
            if (x->side[k] != LNLT_NO_FEATURE && x->side[k] < tec->count)
                json_object_set_new(so, "feature", json_string(tec->t[x->side[k]].id));
            if (x->stream[k])
                json_object_set_new(so, "stream", json_integer(x->stream[k]));
            lnlt_hexside hs = lnlt_hexside_of(b, (lnlt_dir)(k + 1));
            lnlt_point p1, p2;
            lnlt_hexside_endpoints(hs, &p1, &p2);
            json_t *ends = json_array();
            json_array_append_new(ends, point_json(p1.x, p1.y));
            json_array_append_new(ends, point_json(p2.x, p2.y));
            json_object_set_new(so, "ends", ends);
            json_array_append_new(sides, so);
        }
    }
    json_object_set_new(o, "hexes", hexes);
    json_object_set_new(o, "hexsides", sides);
    json_t *blds = json_array();
    for (int k = 0; k < lnlt_map_building_count(m); k++) {
        const lnlt_building *bd = lnlt_map_building(m, k);
        json_t *bo = json_object(), *bh = json_array();
        json_object_set_new(bo, "id", json_string(bd->id));
        json_object_set_new(bo, "stories", json_integer(bd->stories));
        json_object_set_new(bo, "roof", json_boolean(bd->roof));
        for (int c = 0; c < lnlt_map_cells(m); c++)
            if (lnlt_map_cell_exists(m, c) && lnlt_map_cell(m, c)->building == k)
                json_array_append_new(bh, json_string(lnlt_cell_name(ctx, c, id)));
        json_object_set_new(bo, "hexes", bh);
        json_array_append_new(blds, bo);
    }
    json_object_set_new(o, "buildings", blds);
    return o;
}
