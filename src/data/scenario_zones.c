/*
 * scenario_zones.c: the "zones" of a scenario file (docs/formats/scenario.md):
 * the named areas of the map the set-up, entry and victory rules refer to (rule
 * 22.0 set-up areas), each made of hexes, map edges and other zones.
 */
#include "lnlt/scenario.h"

#include "data/scenario_internal.h"

/* ---- zones ---- */

bool scn_read_zones(ctx *c, json_t *root)
{
    json_t *a;
    if (!jr_array(&c->r, root, "zones", false, LNLT_SCN_ZONES, &a))
        return false;
    if (!a)
        return true;
    size_t old = jr_key(&c->r, "zones");
    for (size_t i = 0; i < json_array_size(a); i++) {
        static const char *const keys[] = {"id", "hexes", "within", "edges", "east_of",
                                           "west_of", "terrain", NULL};
        lnlt_scn_zone *z = &c->s->zone[i];
        json_t *v = json_array_get(a, i);
        size_t o2 = jr_idx(&c->r, i);
        if (!jr_is_object(&c->r, v) || !jr_keys(&c->r, v, keys) || !jr_id(&c->r, v, "id", true, z->id))
            return false;
        if (lnlt_scenario_zone(c->s, z->id) >= 0) {
            jr_key(&c->r, "id");
            return jr_fail(&c->r, "zone id \"%s\" is defined twice", z->id);
        }
        bool has_e = json_object_get(v, "east_of") != NULL, has_w = json_object_get(v, "west_of") != NULL;
        int parts = (json_object_get(v, "hexes") != NULL) + has_e + has_w;
        if (parts > 1)
            return jr_fail(&c->r, "a zone has at most one of \"hexes\", \"east_of\", \"west_of\"");
        const char *hk = has_e ? "east_of" : has_w ? "west_of" : "hexes";
        if (!scn_read_hex_list(c, v, hk, z->hex, LNLT_SCN_ZONE_HEXES, &z->hex_count))
            return false;
        z->path_side = (int8_t)(has_e ? 1 : has_w ? -1 : 0);
        if (z->path_side) {
            for (int p = 0; p < z->hex_count; p++)
                for (int q = 0; q < p; q++)
                    if (z->hex[p].row == z->hex[q].row) {
                        size_t o3 = jr_key(&c->r, hk);
                        jr_idx(&c->r, (size_t)p);
                        jr_fail(&c->r, "a dividing path has one hex per row; row %d appears twice",
                                z->hex[p].row);
                        jr_pop(&c->r, o3);
                        return false;
                    }
        }
        json_t *w = json_object_get(v, "within");
        if (w) {
            static const char *const wk[] = {"hex", "range", NULL};
            int range;
            size_t o3 = jr_key(&c->r, "within");
            if (!jr_is_object(&c->r, w) || !jr_keys(&c->r, w, wk) ||
                !jr_hex(&c->r, w, "hex", true, &z->center) ||
                !jr_int(&c->r, w, "range", true, 0, 60, 0, &range))
                return false;
            z->has_within = true;
            z->range = (int8_t)range;
            jr_pop(&c->r, o3);
        }
        if (!scn_read_edges(c, v, "edges", &z->edges))
            return false;
        json_t *t;
        if (!jr_array(&c->r, v, "terrain", false, LNLT_SCN_ZONE_TERRAIN, &t))
            return false;
        if (t) {
            size_t o3 = jr_key(&c->r, "terrain");
            for (size_t k = 0; k < json_array_size(t); k++) {
                size_t o4 = jr_idx(&c->r, k);
                if (!jr_id_value(&c->r, json_array_get(t, k), z->terrain[k]))
                    return false;
                jr_pop(&c->r, o4);
            }
            z->terrain_count = (uint8_t)json_array_size(t);
            jr_pop(&c->r, o3);
        }
        if (!z->hex_count && !z->has_within && !z->edges && !z->terrain_count)
            return jr_fail(&c->r, "a zone needs \"hexes\", \"within\", \"edges\", \"east_of\", "
                                  "\"west_of\" or \"terrain\"");
        c->s->zone_count++;
        jr_pop(&c->r, o2);
    }
    jr_pop(&c->r, old);
    return true;
}
