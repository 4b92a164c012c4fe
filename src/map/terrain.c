/*
 * terrain.c: loads a terrain effects chart (TEC) from JSON into the flat lnlt_tec
 * table (rules 6.0 costs, 10.0 LOS classes, 10.3 obstacle heights, 10.4 TMs,
 * 10.5.1 streams). Format: docs/formats/terrain.md. Every field is checked; a bad
 * file is rejected with its JSON path and what was expected.
 */
#include "lnlt/terrain.h"

#include <jansson.h>
#include <math.h>
#include <stdio.h>
#include <string.h>

#include "map/jsonutil.h"

const char *lnlt_los_class_name(int los)
{
    switch (los) {
    case LNLT_LOS_OPEN: return "open";
    case LNLT_LOS_DEGRADING: return "degrading";
    case LNLT_LOS_BLOCKING: return "blocking";
    default: return "?";
    }
}

int lnlt_tec_find(const lnlt_tec *tec, const char *id)
{
    for (int i = 0; i < tec->count; i++)
        if (!strcmp(tec->t[i].id, id))
            return i;
    return -1;
}

static const char *mover_key[LNLT_MOVER_COUNT] = {"leg", "tracked", "other", "road"};

/* An MP cell: a number (halves allowed) or "P". */
static bool parse_mp(json_t *v, const char *path, int8_t *out, lnlt_error *err)
{
    if (json_is_string(v) && !strcmp(json_string_value(v), "P")) {
        *out = LNLT_MP_PROHIBITED;
        return true;
    }
    if (!json_is_number(v))
        return lnlt_error_set(err, "%s: expected a number of MP or \"P\"", path);
    double d = json_number_value(v) * 2;
    if (d < 0 || d > 100 || d != floor(d))
        return lnlt_error_set(err, "%s: expected a whole or half MP between 0 and 50", path);
    *out = (int8_t)d;
    return true;
}

static bool parse_mp_row(json_t *obj, const char *path, int8_t mp2[LNLT_MOVER_COUNT], bool required,
                         lnlt_error *err)
{
    char p[256];
    for (int k = 0; k < LNLT_MOVER_COUNT; k++)
        mp2[k] = 0;
    if (!obj) {
        if (required)
            return lnlt_error_set(err, "%s: missing (expected an object with leg, tracked, other, road)", path);
        return true;
    }
    if (!json_is_object(obj))
        return lnlt_error_set(err, "%s: expected an object with leg, tracked, other, road", path);
    const char *key;
    json_t *v;
    json_object_foreach(obj, key, v) {
        int k = 0;
        while (k < LNLT_MOVER_COUNT && strcmp(key, mover_key[k]))
            k++;
        snprintf(p, sizeof p, "%s.%s", path, key);
        if (k == LNLT_MOVER_COUNT)
            return lnlt_error_set(err, "%s: unknown mover class (expected leg, tracked, other or road)", p);
        if (!parse_mp(v, p, &mp2[k], err))
            return false;
    }
    for (int k = 0; k < LNLT_MOVER_COUNT; k++) {
        if (required && !json_object_get(obj, mover_key[k]))
            return lnlt_error_set(err, "%s.%s: missing", path, mover_key[k]);
    }
    return true;
}

static const struct {
    const char *name;
    uint32_t bit;
} flag_names[] = {
    {"no_moving_bonus", LNLT_TF_NO_MOVING_BONUS},
    {"building", LNLT_TF_BUILDING},
    {"hut", LNLT_TF_HUT},
    {"flammable", LNLT_TF_FLAMMABLE},
    {"vehicle_road_only", LNLT_TF_VEHICLE_ROAD_ONLY},
    {"no_weapon_teams", LNLT_TF_NO_WT},
    {"rubbles", LNLT_TF_RUBBLES},
    {"not_whole_hex", LNLT_TF_NOT_WHOLE_HEX},
    {"no_indirect_tm", LNLT_TF_NO_INDIRECT_TM},
    {"cross_no_moving_bonus", LNLT_TF_CROSS_NO_MOVING_BONUS},
    {"stacking_limit", LNLT_TF_STACKING_LIMIT},
    {"cost_is_total", LNLT_TF_COST_IS_TOTAL},
    {"blocks_along", LNLT_TF_BLOCKS_ALONG},
    {"river", LNLT_TF_RIVER},
};

/* Height: a number of levels or "terrain" (per terrain height). */
static bool parse_height(json_t *v, const char *path, uint8_t *out, lnlt_error *err)
{
    if (json_is_string(v) && !strcmp(json_string_value(v), "terrain")) {
        *out = LNLT_HEIGHT_PER_TERRAIN;
        return true;
    }
    if (!json_is_integer(v) || json_integer_value(v) < 0 || json_integer_value(v) > 3)
        return lnlt_error_set(err, "%s: expected a level 0..3 or \"terrain\"", path);
    *out = (uint8_t)(2 * json_integer_value(v));
    return true;
}

/* Any key not in `known` is an error: a field the engine does not read must not
 * pass as if it did (docs/formats/terrain.md). */
static bool known_keys(json_t *o, const char *path, const char *const *known, lnlt_error *err)
{
    const char *key;
    json_t *v;
    json_object_foreach(o, key, v) {
        int k = 0;
        while (known[k] && strcmp(known[k], key))
            k++;
        if (!known[k])
            return lnlt_error_set(err, "%s.%s: unknown field (see docs/formats/terrain.md)", path, key);
    }
    return true;
}

static bool parse_terrain(json_t *o, const char *path, lnlt_terrain *t, lnlt_error *err)
{
    char p[256];
    memset(t, 0, sizeof *t);
    if (!json_is_object(o))
        return lnlt_error_set(err, "%s: expected an object", path);
    static const char *const fields[] = {"id",   "name",     "kind",   "los",         "mp",
                                         "tm",   "height",   "height_multistory", "unit_level",
                                         "nation_overrides", "flags", "note", "example", NULL};
    if (!known_keys(o, path, fields, err))
        return false;
    const char *s;
    if (!lj_string(o, "id", path, &s, true, err))
        return false;
    if (strlen(s) >= sizeof t->id || !*s)
        return lnlt_error_set(err, "%s.id: expected a non-empty id shorter than %zu", path, sizeof t->id);
    strcpy(t->id, s);
    if (!lj_string(o, "name", path, &s, true, err))
        return false;
    snprintf(t->name, sizeof t->name, "%s", s);
    static const char *kinds[] = {"hex", "hexside", "counter", NULL};
    int k;
    if (!lj_enum(o, "kind", path, kinds, &k, err))
        return false;
    t->kind = (uint8_t)k;
    static const char *los[] = {"open", "degrading", "blocking", NULL};
    if (!lj_enum(o, "los", path, los, &k, err))
        return false;
    t->los = (uint8_t)k;
    json_int_t tm = 0;
    if (!lj_int(o, "tm", path, -4, 8, &tm, false, err))
        return false;
    t->tm = (int8_t)tm;
    json_t *h = json_object_get(o, "height");
    snprintf(p, sizeof p, "%s.height", path);
    if (!h)
        return lnlt_error_set(err, "%s: missing (expected a level 0..3 or \"terrain\")", p);
    if (!parse_height(h, p, &t->height2, err))
        return false;
    /* A terrain that affects LOS but is printed "Level-0" (Marsh) still stands
     * above units on its own level, as ground cover does (ruling R-LOS-01). */
    if (t->los != LNLT_LOS_OPEN && t->height2 == 0)
        t->height2 = LNLT_HEIGHT_PER_TERRAIN;
    t->height2_multistory = t->height2;
    if ((h = json_object_get(o, "height_multistory"))) {
        snprintf(p, sizeof p, "%s.height_multistory", path);
        if (!parse_height(h, p, &t->height2_multistory, err))
            return false;
    }
    json_int_t ul = 0;
    if (!lj_int(o, "unit_level", path, 0, 3, &ul, false, err))
        return false;
    t->unit_level = (uint8_t)ul;
    snprintf(p, sizeof p, "%s.mp", path);
    if (!parse_mp_row(json_object_get(o, "mp"), p, t->mp2, t->kind != LNLT_TK_COUNTER, err))
        return false;
    json_t *fl = json_object_get(o, "flags");
    if (fl) {
        if (!json_is_array(fl))
            return lnlt_error_set(err, "%s.flags: expected an array of flag names", path);
        size_t i;
        json_t *v;
        json_array_foreach(fl, i, v) {
            size_t f = 0, nf = sizeof flag_names / sizeof flag_names[0];
            if (json_is_string(v))
                while (f < nf && strcmp(flag_names[f].name, json_string_value(v)))
                    f++;
            if (!json_is_string(v) || f == nf)
                return lnlt_error_set(err, "%s.flags[%zu]: expected a known flag name (see docs/formats/terrain.md)",
                                      path, i);
            t->flags |= flag_names[f].bit;
        }
    }
    json_t *ov = json_object_get(o, "nation_overrides");
    if (ov) {
        if (!json_is_object(ov))
            return lnlt_error_set(err, "%s.nation_overrides: expected an object keyed by nation", path);
        const char *key;
        json_t *v;
        json_object_foreach(ov, key, v) {
            snprintf(p, sizeof p, "%s.nation_overrides.%s", path, key);
            if (t->noverride == LNLT_TERRAIN_OVERRIDES)
                return lnlt_error_set(err, "%s: at most %d nation overrides", p, LNLT_TERRAIN_OVERRIDES);
            if (strlen(key) >= sizeof t->override[0].nation || !json_is_object(v))
                return lnlt_error_set(err, "%s: expected a short nation code with an object {tm, leg}", p);
            lnlt_terrain_override *o2 = &t->override[t->noverride++];
            strcpy(o2->nation, key);
            json_int_t otm = t->tm;
            if (!lj_int(v, "tm", p, -4, 8, &otm, false, err))
                return false;
            o2->tm = (int8_t)otm;
            o2->leg_mp2 = t->mp2[LNLT_MOVER_LEG];
            json_t *lm = json_object_get(v, "leg");
            if (lm) {
                char p2[300];
                snprintf(p2, sizeof p2, "%s.leg", p);
                if (!parse_mp(lm, p2, &o2->leg_mp2, err))
                    return false;
            }
        }
    }
    return true;
}

static bool load(json_t *root, lnlt_tec *out, lnlt_error *err)
{
    if (!json_is_object(root))
        return lnlt_error_set(err, "$: expected an object");
    static const char *const top[] = {"format", "version", "era", "title", "source", "mp_note",
                                      "terrain", "hill",   "streams", NULL};
    if (!known_keys(root, "$", top, err))
        return false;
    const char *s;
    if (!lj_string(root, "format", "$", &s, true, err))
        return false;
    if (strcmp(s, "lnlt-terrain"))
        return lnlt_error_set(err, "$.format: expected \"lnlt-terrain\"");
    if (!lj_string(root, "era", "$", &s, true, err))
        return false;
    snprintf(out->era, sizeof out->era, "%s", s);
    json_t *arr = json_object_get(root, "terrain");
    if (!json_is_array(arr) || json_array_size(arr) == 0)
        return lnlt_error_set(err, "$.terrain: expected a non-empty array of terrain objects");
    if (json_array_size(arr) > LNLT_TERRAIN_MAX)
        return lnlt_error_set(err, "$.terrain: at most %d terrain types", LNLT_TERRAIN_MAX);
    size_t i;
    json_t *v;
    char p[64];
    json_array_foreach(arr, i, v) {
        snprintf(p, sizeof p, "$.terrain[%zu]", i);
        if (!parse_terrain(v, p, &out->t[i], err))
            return false;
        if (lnlt_tec_find(out, out->t[i].id) >= 0)
            return lnlt_error_set(err, "%s.id: \"%s\" is defined twice", p, out->t[i].id);
        out->count = (int)i + 1;
    }
    json_t *hill = json_object_get(root, "hill");
    if (hill) {
        if (!json_is_object(hill))
            return lnlt_error_set(err, "$.hill: expected an object");
        json_int_t htm = 0;
        if (!lj_int(hill, "tm_vs_lower", "$.hill", 0, 4, &htm, true, err))
            return false;
        out->hill_tm = (int8_t)htm;
        if (!parse_mp_row(json_object_get(hill, "climb_one"), "$.hill.climb_one", out->climb1_mp2, true, err) ||
            !parse_mp_row(json_object_get(hill, "climb_two"), "$.hill.climb_two", out->climb2_mp2, true, err) ||
            !parse_mp_row(json_object_get(hill, "descend_two"), "$.hill.descend_two", out->descend2_mp2, true, err))
            return false;
    }
    json_t *st = json_object_get(root, "streams");
    if (st) {
        if (!json_is_array(st) || json_array_size(st) != LNLT_STREAM_CLASSES)
            return lnlt_error_set(err, "$.streams: expected an array of %d MP rows (classes 1..%d)",
                                  LNLT_STREAM_CLASSES, LNLT_STREAM_CLASSES);
        json_array_foreach(st, i, v) {
            snprintf(p, sizeof p, "$.streams[%zu]", i);
            if (!parse_mp_row(v, p, out->stream_mp2[i + 1], true, err))
                return false;
        }
    }
    return true;
}

bool lnlt_tec_load_file(const char *path, lnlt_tec *out, lnlt_error *err)
{
    memset(out, 0, sizeof *out);
    json_error_t je;
    json_t *root = lj_load_file(path, &je);
    if (!root)
        return lnlt_error_set(err, "%s: line %d: %s", path, je.line, je.text);
    bool ok = load(root, out, err);
    json_decref(root);
    if (!ok) {
        lnlt_error_prefix(err, path);
        memset(out, 0, sizeof *out);
    }
    return ok;
}
