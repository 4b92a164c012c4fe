/*
 * catalog.c: the catalog of counters (lnlt/data.h): making and freeing one, the
 * lookups by id, the hero stand-ins of the optional rules (11.2.1), reading a data
 * file, telling its kind, and adding its entries through the loader of that kind
 * (catalog_units.c, catalog_weapons.c, catalog_nations.c, vehicles.c). A file
 * that fails leaves the catalog as it was.
 */
#include "lnlt/data.h"
#include "lnlt/sandbox.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "data/catalog_internal.h"

/* ---- catalog basics ---- */

lnlt_catalog *lnlt_catalog_new(void)
{
    return calloc(1, sizeof(lnlt_catalog));
}

void lnlt_catalog_free(lnlt_catalog *c)
{
    free(c);
}

#define FIND(arr, count)                                                                       \
    do {                                                                                       \
        if (!c || !id)                                                                         \
            return LNLT_NONE;                                                                  \
        for (int i = 0; i < c->count; i++)                                                     \
            if (!strcmp(c->arr[i].id, id))                                                     \
                return i;                                                                      \
        return LNLT_NONE;                                                                      \
    } while (0)

int lnlt_catalog_add_stand_in_hero(lnlt_catalog *c, int base, int nation, int morale, int copies, lnlt_error *err)
{
    if (base < 0 || base >= c->unit_count || nation < 0 || nation >= c->nation_count)
        return lnlt_error_set(err, "a hero stand-in needs a counter and a nation of the catalog"), LNLT_NONE;
    if (c->unit_count >= LNLT_MAX_UNIT_TYPES)
        return lnlt_error_set(err, "too many unit types for the hero stand-ins (at most %d)", LNLT_MAX_UNIT_TYPES),
               LNLT_NONE;
    static const lnlt_unit_type zero;
    lnlt_unit_type b = c->unit[base], made = zero, *h = &made;
    char id[LNLT_ID_MAX];
    snprintf(id, sizeof id, "hero_for_%.21s", b.id);
    for (int k = 2; lnlt_catalog_unit(c, id) >= 0 && k < 100; k++) /* one per nation of the side */
        snprintf(id, sizeof id, "h%d_for_%.20s", k, b.id);
    memcpy(h->id, id, sizeof h->id);
    snprintf(h->name, sizeof h->name, "Hero (%.36s)", b.name);
    snprintf(h->nation_id, sizeof h->nation_id, "%s", c->nation[nation].id);
    snprintf(h->note, sizeof h->note, "a scenario's stand-in for a hero counter (11.2.1, 22.0)");
    h->kind = LNLT_UK_HERO;
    h->back_kind = LNLT_BACK_WOUNDED;
    h->countermix = (int8_t)(copies > 0 ? copies : 1);
    h->nation = (int16_t)nation;
    h->reduces_to = LNLT_NONE;
    h->dismounts_to = LNLT_NONE;
    h->vehicle = h->gun = LNLT_NONE; /* no vehicle, no ordnance (14.0, 15.0) */
    h->stand_in_for = (int16_t)base;
    for (int i = 0; i < 6; i++)
        h->casualty[i] = LNLT_NONE;
    h->front = b.front;
    h->front.morale = (int8_t)morale;
    h->front.lm = LNLT_NONE;
    h->front.flags |= LNLT_UF_ASSAULT_MOVE;
    /* a hero counter keeps its wounded side; any other is wounded under a marker */
    h->back = b.kind == LNLT_UK_HERO ? b.back : h->front;
    h->back.morale = (int8_t)morale;
    h->back.flags |= LNLT_UF_ASSAULT_MOVE;
    h->file = UINT16_MAX; /* made for one game, never saved */
    c->unit[c->unit_count] = made;
    return c->unit_count++;
}

int lnlt_catalog_unit(const lnlt_catalog *c, const char *id) { FIND(unit, unit_count); }
int lnlt_catalog_sw(const lnlt_catalog *c, const char *id) { FIND(sw, sw_count); }
int lnlt_catalog_nation(const lnlt_catalog *c, const char *id) { FIND(nation, nation_count); }
int lnlt_catalog_skill(const lnlt_catalog *c, const char *id) { FIND(skill, skill_count); }

/* Where an entry was defined, for messages about duplicates. */
static bool id_taken(const lnlt_catalog *c, const char *id, char *where, size_t cap)
{
    int i;
    if ((i = lnlt_catalog_unit(c, id)) >= 0)
        snprintf(where, cap, "a unit type in %s", c->file_name[c->unit[i].file]);
    else if ((i = lnlt_catalog_sw(c, id)) >= 0)
        snprintf(where, cap, "a support weapon in %s", c->file_name[c->sw[i].file]);
    else if ((i = lnlt_catalog_nation(c, id)) >= 0)
        snprintf(where, cap, "a nation in %s", c->file_name[c->nation[i].file]);
    else if ((i = lnlt_catalog_skill(c, id)) >= 0)
        snprintf(where, cap, "a skill in %s", c->file_name[c->skill[i].file]);
    else
        return false;
    return true;
}

bool catalog_check_new_id(jr *r, const lnlt_catalog *c, const char *id)
{
    char where[200];
    if (id_taken(c, id, where, sizeof where)) {
        size_t old = jr_key(r, "id");
        jr_fail(r, "id \"%s\" is already used by %s", id, where);
        jr_pop(r, old);
        return false;
    }
    return true;
}

/* ---- files ---- */

bool lnlt_read_file(const char *path, char **text, size_t *len, lnlt_error *err)
{
    if (!lnlt_sandbox_allows(path, false, "file", err))
        return false; /* issue 17: never a file outside the sandbox, by any path */
    FILE *f = fopen(path, "rb");
    if (!f)
        return lnlt_error_set(err, "%s: cannot open the file", path);
    size_t cap = 4096, n = 0;
    char *buf = malloc(cap + 1);
    if (!buf) {
        fclose(f);
        return lnlt_error_set(err, "%s: out of memory", path);
    }
    for (;;) {
        if (n == cap) {
            if (cap >= (16u << 20)) {
                free(buf);
                fclose(f);
                return lnlt_error_set(err, "%s: larger than the 16 MB limit for data files", path);
            }
            char *nb = realloc(buf, cap * 2 + 1);
            if (!nb) {
                free(buf);
                fclose(f);
                return lnlt_error_set(err, "%s: out of memory", path);
            }
            buf = nb;
            cap *= 2;
        }
        size_t got = fread(buf + n, 1, cap - n, f);
        n += got;
        if (got == 0)
            break;
    }
    bool bad = ferror(f);
    fclose(f);
    if (bad) {
        free(buf);
        return lnlt_error_set(err, "%s: read error", path);
    }
    buf[n] = 0;
    *text = buf;
    *len = n;
    return true;
}

lnlt_data_kind lnlt_data_detect_kind(const char *name, const char *text, size_t len,
                                     lnlt_error *err)
{
    jr r;
    jr_init(&r, name, err);
    json_t *root = jr_parse(&r, text, len);
    if (!root)
        return LNLT_KIND_UNKNOWN;
    static const char *const kinds[] = {NULL,       "units", "weapons", "nations", "skills",
                                        "scenario", "map",   "terrain", "vehicles"};
    int k = 0;
    json_t *kv = json_object_get(root, "kind");
    /* The map and terrain formats (docs/formats/map.md, terrain.md) name themselves in
     * "format" instead: "lnlt-map", "lnlt-board", "lnlt-terrain". */
    json_t *fv = json_object_get(root, "format");
    if (!kv && json_is_string(fv)) {
        const char *f = json_string_value(fv);
        k = !strcmp(f, "lnlt-map") || !strcmp(f, "lnlt-board") ? LNLT_KIND_MAP
            : !strcmp(f, "lnlt-terrain")                       ? LNLT_KIND_TERRAIN
                                                               : 0;
        if (k) {
            json_decref(root);
            return (lnlt_data_kind)k;
        }
    }
    size_t old = jr_key(&r, "kind");
    if (!kv)
        jr_fail(&r, "missing: every data file names its kind (\"units\", \"weapons\", "
                    "\"vehicles\", \"nations\", \"skills\", \"scenario\"), or its \"format\" "
                    "(\"lnlt-map\", \"lnlt-board\", \"lnlt-terrain\")");
    else if (!jr_enum_value(&r, kv, kinds, 9, &k))
        k = 0;
    jr_pop(&r, old);
    json_decref(root);
    return (lnlt_data_kind)k;
}

bool lnlt_catalog_add_json(lnlt_catalog *c, const char *name, const char *text, size_t len,
                           lnlt_error *err)
{
    jr r;
    jr_init(&r, name, err);
    if (c->file_count >= LNLT_MAX_FILES)
        return lnlt_error_set(err, "%s: too many data files (at most %d)", r.file, LNLT_MAX_FILES);
    json_t *root = jr_parse(&r, text, len);
    if (!root)
        return false;
    static const char *const kinds[] = {NULL, "units", "weapons", "nations", "skills", "vehicles"};
    static const char *const sections[] = {NULL, "units", "weapons", "nations", "skills", "vehicles"};
    static const int caps[] = {0, LNLT_MAX_UNIT_TYPES, LNLT_MAX_SW_TYPES, LNLT_MAX_NATIONS,
                               LNLT_MAX_SKILLS, LNLT_MAX_UNIT_TYPES};
    int kind = 0;
    bool ok = false;
    json_t *kv = json_object_get(root, "kind");
    size_t old = jr_key(&r, "kind");
    if (!kv) {
        jr_fail(&r, "missing (required): one of \"units\", \"weapons\", \"nations\", \"skills\", \"vehicles\"");
        goto out;
    }
    if (!jr_enum_value(&r, kv, kinds, 6, &kind))
        goto out;
    jr_pop(&r, old);
    const char *const top[] = {"kind", "format", sections[kind], "note", NULL};
    if (!jr_keys(&r, root, top) || !jr_header(&r, root, kinds[kind]))
        goto out;
    json_t *arr;
    int *count = kind == CAT_UNITS || kind == CAT_VEHICLES ? &c->unit_count : kind == CAT_WEAPONS ? &c->sw_count
                 : kind == CAT_NATIONS ? &c->nation_count : &c->skill_count;
    if (!jr_array(&r, root, sections[kind], true, 1000, &arr))
        goto out;
    int before = *count, guns_before = c->gun_count, vehicles_before = c->vehicle_count;
    uint16_t file = (uint16_t)c->file_count;
    old = jr_key(&r, sections[kind]);
    for (size_t i = 0; i < json_array_size(arr); i++) {
        size_t o2 = jr_idx(&r, i);
        if (*count >= caps[kind]) {
            jr_fail(&r, "too many %s in the catalog (at most %d)", sections[kind], caps[kind]);
            goto undo;
        }
        json_t *e = json_array_get(arr, i);
        bool good;
        switch (kind) {
        case 1:
            good = catalog_read_unit(&r, c, e, &c->unit[*count]);
            c->unit[*count].file = file;
            break;
        case 2:
            good = catalog_read_sw(&r, c, e, &c->sw[*count]);
            c->sw[*count].file = file;
            break;
        case 3:
            good = catalog_read_nation(&r, c, e, &c->nation[*count]);
            c->nation[*count].file = file;
            break;
        case CAT_VEHICLES:
            if (c->vehicle_count >= LNLT_MAX_VEHICLE_TYPES) {
                jr_fail(&r, "too many vehicles in the catalog (at most %d)", LNLT_MAX_VEHICLE_TYPES);
                goto undo;
            }
            good = catalog_read_vehicle(&r, c, e, &c->unit[*count], &c->vehicle[c->vehicle_count]);
            c->unit[*count].file = file;
            c->unit[*count].vehicle = (int16_t)c->vehicle_count;
            c->vehicle[c->vehicle_count].unit = (int16_t)*count;
            c->vehicle[c->vehicle_count].file = file;
            c->vehicle_count++;
            break;
        default:
            good = catalog_read_skill(&r, c, e, &c->skill[*count]);
            c->skill[*count].file = file;
            break;
        }
        /* An entry counts as soon as it is read so later entries of the same file
         * see its id (duplicates inside one file are caught too). */
        (*count)++;
        if (!good)
            goto undo;
        jr_pop(&r, o2);
    }
    jr_copy(c->file_name[file], sizeof c->file_name[file], r.file);
    c->file_kind[file] = (uint8_t)kind;
    c->file_count++;
    c->linked = false;
    ok = true;
    goto out;
undo:
    /* Leave the catalog as it was: forget and zero what this file added. */
    for (int i = before; i < *count; i++) {
        if (kind == CAT_UNITS || kind == CAT_VEHICLES)
            memset(&c->unit[i], 0, sizeof c->unit[i]);
        else if (kind == 2)
            memset(&c->sw[i], 0, sizeof c->sw[i]);
        else if (kind == 3)
            memset(&c->nation[i], 0, sizeof c->nation[i]);
        else
            memset(&c->skill[i], 0, sizeof c->skill[i]);
    }
    *count = before;
    for (int i = guns_before; i < c->gun_count; i++)
        memset(&c->gun[i], 0, sizeof c->gun[i]);
    c->gun_count = guns_before;
    for (int i = vehicles_before; i < c->vehicle_count; i++)
        memset(&c->vehicle[i], 0, sizeof c->vehicle[i]);
    c->vehicle_count = vehicles_before;
out:
    json_decref(root);
    return ok;
}

bool lnlt_catalog_add_file(lnlt_catalog *c, const char *path, lnlt_error *err)
{
    char *text;
    size_t len;
    if (!lnlt_read_file(path, &text, &len, err))
        return false;
    bool ok = lnlt_catalog_add_json(c, path, text, len, err);
    free(text);
    return ok;
}
