/*
 * scenario_terrain.c: the terrain counters a scenario lays before play
 * (docs/formats/scenario.md "Terrain counters"): Fords on River hexes (10.5.2),
 * Roadblocks on road hexes (10.5.4) and Craters of +1 or +2 (10.5.5), read,
 * checked against the map (where each may lie; Craters never share a hex with
 * Foxholes), saved with a position, and laid on the game's private map copy.
 */
#include <string.h>

#include "data/scenario_terrain.h"

static const char *const counter_names[] = {"ford", "roadblock", "craters", NULL};

bool scn_read_terrain_counters(jr *r, lnlt_scenario *s, json_t *root)
{
    json_t *a;
    if (!jr_array(r, root, "terrain_counters", false, LNLT_SCN_COUNTERS, &a))
        return false;
    if (!a)
        return true;
    size_t old = jr_key(r, "terrain_counters");
    for (size_t i = 0; i < json_array_size(a); i++) {
        static const char *const keys[] = {"type", "hex", "tm", NULL};
        lnlt_scn_counter *c = &s->counter[i];
        json_t *v = json_array_get(a, i);
        int type, tm;
        size_t o2 = jr_idx(r, i);
        if (!jr_is_object(r, v) || !jr_keys(r, v, keys) || !jr_enum(r, v, "type", true, counter_names, 3, 0, &type) ||
            !jr_hex(r, v, "hex", true, &c->hex))
            return false;
        bool has_tm = json_object_get(v, "tm") != NULL;
        if (type == 2) {
            /* 10.5.5: the marker is printed +1 or +2 */
            if (!jr_int(r, v, "tm", true, 1, 2, 1, &tm))
                return false;
            c->kind = tm == 2 ? LNLT_HEXC_CRATER2 : LNLT_HEXC_CRATER1;
        } else {
            if (has_tm)
                return jr_fail(r, "only craters carry a \"tm\" (a %s takes a \"type\" and a \"hex\")",
                               counter_names[type]);
            c->kind = type == 0 ? LNLT_HEXC_FORD : LNLT_HEXC_ROADBLOCK;
        }
        for (size_t k = 0; k < i; k++)
            if (lnlt_hex_equal(s->counter[k].hex, c->hex)) {
                jr_key(r, "hex");
                return jr_fail(r, "a second terrain counter in the same hex (one per hex)");
            }
        s->counter_count++;
        jr_pop(r, o2);
    }
    jr_pop(r, old);
    return true;
}

static const char *name_of(int kind)
{
    return kind == LNLT_HEXC_FORD ? "ford" : kind == LNLT_HEXC_ROADBLOCK ? "roadblock" : "craters";
}

void scn_save_terrain_counters(json_t *o, const lnlt_scenario *s)
{
    if (!s->counter_count)
        return;
    char buf[LNLT_HEX_ID_MAX];
    json_t *a = json_array();
    for (int i = 0; i < s->counter_count; i++) {
        const lnlt_scn_counter *c = &s->counter[i];
        json_t *y = json_pack("{s:s,s:s}", "type", name_of(c->kind), "hex", lnlt_hex_format(c->hex, buf));
        if (c->kind == LNLT_HEXC_CRATER1 || c->kind == LNLT_HEXC_CRATER2)
            json_object_set_new(y, "tm", json_integer(c->kind == LNLT_HEXC_CRATER2 ? 2 : 1));
        json_array_append_new(a, y);
    }
    json_object_set_new(o, "terrain_counters", a);
}

static bool is_crater(int kind) { return kind == LNLT_HEXC_CRATER1 || kind == LNLT_HEXC_CRATER2; }

bool scn_check_terrain_counters(const lnlt_scenario *s, const lnlt_map *map, const char *name, lnlt_error *err)
{
    char id[LNLT_HEX_ID_MAX];
    for (int i = 0; i < s->counter_count; i++) {
        const lnlt_scn_counter *c = &s->counter[i];
        lnlt_hex_format(c->hex, id);
        int cell = lnlt_map_has_hex(map, c->hex) ? lnlt_map_index(map, c->hex) : -1;
        if (cell < 0)
            return lnlt_error_set(err, "%s: $.terrain_counters[%d].hex: hex %s is not on the scenario's first map", name,
                                  i, id);
        const char *why = lnlt_map_counter_barred(map, cell, c->kind);
        if (why)
            return lnlt_error_set(err, "%s: $.terrain_counters[%d]: %s in %s: %s", name, i, name_of(c->kind), id, why);
        if (!is_crater(c->kind))
            continue;
        /* 10.5.5: never with Foxholes (nor Sangars, which the engine has not) */
        for (int f = 0; f < s->fort_count; f++)
            if (s->fort[f].kind == LNLT_SCN_FORT_FOXHOLES && lnlt_map_index(map, s->fort[f].hex) == cell)
                return lnlt_error_set(err, "%s: $.fortifications[%d]: Foxholes in %s, which holds Craters (10.5.5)",
                                      name, f, id);
        for (int k = 0; s->has_state && k < s->state.marker_count; k++)
            if (s->state.marker[k].kind == LNLT_SCN_HM_FOXHOLES && lnlt_map_index(map, s->state.marker[k].hex) == cell)
                return lnlt_error_set(err, "%s: $.state.markers[%d]: Foxholes in %s, which holds Craters (10.5.5)", name,
                                      k, id);
    }
    return true;
}

bool scn_place_terrain_counters(const lnlt_scenario *s, lnlt_map *map, lnlt_error *err)
{
    for (int i = 0; i < s->counter_count; i++) {
        char id[LNLT_HEX_ID_MAX];
        lnlt_error e = {{0}};
        if (!lnlt_map_place_counter(map, lnlt_map_index(map, s->counter[i].hex), s->counter[i].kind, &e))
            return lnlt_error_set(err, "$.terrain_counters[%d]: %s in %s: %s", i, name_of(s->counter[i].kind),
                                  lnlt_hex_format(s->counter[i].hex, id), e.msg);
    }
    return true;
}
