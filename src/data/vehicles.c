/*
 * vehicles.c: loading, checking, linking and saving vehicle counters and the guns
 * of ordnance weapon teams (lnlt/data.h; format in docs/formats/vehicles.md).
 *
 * Counter values follow rules 14.1 (to-hit tables by range column, HE equivalent,
 * "N x" shots, ammunition colours, split tables), 14.2 (HEAT and red armour), 14.4.1
 * (ATGM depletion), 15.0 (movement class, morale, MG firepower and arcs, armour per
 * face for hull and turret), 15.4 (the crew), 15.6 (optional size modifier), 15.7
 * (no armour on a face), 15.8 (open tops) and 16.1-16.2 (passenger codes). Checks
 * reject counters the rules could not use: a to-hit table whose ranges do not rise,
 * an ATGM without its depletion number, an open top on an unarmoured vehicle, a red
 * factor where no armour is printed, a crew that is not a crew of the same nation.
 */
#include <stdio.h>
#include <string.h>

#include "data/catalog_internal.h"

static const char *const ammo_names[LNLT_AMMO_COUNT] = {"ap", "heat", "aa", "atgm"};
static const char *const class_names[LNLT_MC_COUNT] = {"tracked", "off_road", "road"};
static const char *const arc_names[LNLT_MGA_COUNT] = {"covered", "hull", "all_round", "rear"};
static const char *const red_names[6] = {"hull_front", "hull_flank", "hull_rear",
                                         "turret_front", "turret_flank", "turret_rear"};

/* 16.1, 16.2: the printed codes and their capacity in units of P. */
static const struct {
    const char *code;
    uint8_t inside, outside;
} passenger_codes[] = {
    {"P", 1, 0},   {"PP", 2, 0},   {"2PP", 4, 0},   {"2xPP", 4, 0}, {"PPPP", 4, 0},
    {"PO", 0, 1},  {"PPO", 0, 2},  {"2PPO", 0, 4},  {"2xPPO", 0, 4},
};
#define PASSENGER_CODES (sizeof passenger_codes / sizeof passenger_codes[0])

const char *lnlt_ammo_name(int ammo) { return ammo >= 0 && ammo < LNLT_AMMO_COUNT ? ammo_names[ammo] : "?"; }

bool lnlt_vehicle_armored(const lnlt_vehicle_type *v)
{
    for (int p = 0; p < 2; p++)
        for (int f = 0; f < 3; f++)
            if (v->armor[p][f] != LNLT_NONE)
                return true;
    return false;
}

const lnlt_vehicle_type *lnlt_catalog_vehicle_of(const lnlt_catalog *c, int unit_type)
{
    if (!c || unit_type < 0 || unit_type >= c->unit_count)
        return NULL;
    int v = c->unit[unit_type].vehicle;
    return v >= 0 && v < c->vehicle_count ? &c->vehicle[v] : NULL;
}

bool catalog_read_gun(jr *r, json_t *g, const char *owner, lnlt_gun *out)
{
    static const char *const keys[] = {"name", "he", "shots", "ammo", "depletion", "hull", "to_hit", NULL};
    memset(out, 0, sizeof *out);
    int shots, ammo;
    bool hull;
    if (!jr_is_object(r, g) || !jr_keys(r, g, keys))
        return false;
    if (!json_object_get(g, "he")) {
        jr_key(r, "he");
        return jr_fail(r, "missing: the boxed HE equivalent, a number or null for '*' (14.1)");
    }
    if (!jr_str(r, g, "name", false, out->name, sizeof out->name) ||
        !jr_int_or_none(r, g, "he", true, 0, 20, &out->he) || !jr_int(r, g, "shots", false, 1, 4, 1, &shots) ||
        !jr_enum(r, g, "ammo", false, ammo_names, LNLT_AMMO_COUNT, LNLT_AMMO_AP, &ammo) ||
        !jr_int_or_none(r, g, "depletion", false, 1, 6, &out->depletion) || !jr_bool(r, g, "hull", false, &hull))
        return false;
    if (!out->name[0])
        jr_copy(out->name, sizeof out->name, owner);
    out->shots = (uint8_t)shots;
    out->ammo = (uint8_t)ammo;
    out->flags = hull ? LNLT_GUNF_HULL : 0;
    json_t *th;
    if (!jr_array(r, g, "to_hit", true, 3, &th))
        return false;
    size_t old = jr_key(r, "to_hit");
    if (json_array_size(th) != 3)
        return jr_fail(r, "expected the three columns of a to-hit table (14.1), found %zu", json_array_size(th));
    bool any = false;
    for (size_t i = 0; i < 3; i++) {
        static const char *const tk[] = {"range", "to_hit", "pv", NULL};
        json_t *col = json_array_get(th, i);
        size_t o2 = jr_idx(r, i);
        int range;
        lnlt_to_hit *t = &out->to_hit[i];
        if (!jr_is_object(r, col) || !jr_keys(r, col, tk) || !jr_int(r, col, "range", true, 1, 99, 0, &range) ||
            !jr_int_or_none(r, col, "to_hit", true, 2, 12, &t->to_hit) ||
            !jr_int_or_none(r, col, "pv", true, 0, 30, &t->pv))
            return false;
        t->range = (int8_t)range;
        if (i > 0 && t->range <= out->to_hit[i - 1].range)
            return jr_fail(r, "the ranges of a to-hit table rise from left to right (14.1)");
        if ((t->to_hit == LNLT_NONE) != (t->pv == LNLT_NONE))
            return jr_fail(r, "'*' marks a range the ordnance cannot fire at: to_hit and pv are both null or neither (14.1)");
        any |= t->to_hit != LNLT_NONE;
        jr_pop(r, o2);
    }
    if (!any)
        return jr_fail(r, "a to-hit table fires at some range (14.1): every column is '*'");
    jr_pop(r, old);
    if (ammo == LNLT_AMMO_ATGM && out->depletion == LNLT_NONE) {
        old = jr_key(r, "depletion");
        return jr_fail(r, "an ATGM prints its depletion number (14.4.1)");
    }
    if (ammo != LNLT_AMMO_ATGM && out->depletion != LNLT_NONE) {
        old = jr_key(r, "depletion");
        return jr_fail(r, "only ATGMs have a depletion number (14.4.1)");
    }
    if (ammo == LNLT_AMMO_ATGM && shots > 1) {
        old = jr_key(r, "shots");
        return jr_fail(r, "an ATGM fires once per turn whatever the \"N x\" (14.4.1)");
    }
    return true;
}

json_t *catalog_save_gun(const lnlt_gun *g)
{
    json_t *o = json_object();
    json_object_set_new(o, "name", json_string(g->name));
    json_object_set_new(o, "he", g->he == LNLT_NONE ? json_null() : json_integer(g->he));
    json_object_set_new(o, "shots", json_integer(g->shots));
    json_object_set_new(o, "ammo", json_string(ammo_names[g->ammo]));
    if (g->depletion != LNLT_NONE)
        json_object_set_new(o, "depletion", json_integer(g->depletion));
    if (g->flags & LNLT_GUNF_HULL)
        json_object_set_new(o, "hull", json_true());
    json_t *t = json_array();
    for (int k = 0; k < 3; k++) {
        const lnlt_to_hit *c = &g->to_hit[k];
        json_array_append_new(t, json_pack("{s:i,s:o,s:o}", "range", c->range, "to_hit",
                                           c->to_hit == LNLT_NONE ? json_null() : json_integer(c->to_hit), "pv",
                                           c->pv == LNLT_NONE ? json_null() : json_integer(c->pv)));
    }
    json_object_set_new(o, "to_hit", t);
    return o;
}

static bool read_armor_row(jr *r, json_t *armor, const char *key, bool required, int8_t *row)
{
    json_t *a;
    for (int f = 0; f < 3; f++)
        row[f] = LNLT_NONE;
    if (!jr_array(r, armor, key, required, 3, &a))
        return false;
    if (!a)
        return true;
    size_t old = jr_key(r, key);
    if (json_array_size(a) != 3)
        return jr_fail(r, "expected three armour factors: front, flank, rear (15.0), found %zu", json_array_size(a));
    for (size_t f = 0; f < 3; f++) {
        json_t *x = json_array_get(a, f);
        size_t o2 = jr_idx(r, f);
        if (json_is_null(x)) {
            jr_pop(r, o2);
            continue;
        }
        if (!json_is_integer(x) || json_integer_value(x) < 0 || json_integer_value(x) > 20)
            return jr_fail(r, "expected an armour factor from 0 to 20, or null for '*' (15.7), found %s", jr_type(x));
        row[f] = (int8_t)json_integer_value(x);
        jr_pop(r, o2);
    }
    jr_pop(r, old);
    return true;
}

static bool read_mg(jr *r, json_t *m, lnlt_vehicle_mg *mg)
{
    static const char *const keys[] = {"fp", "range", "arc", NULL};
    int fp, range, arc;
    memset(mg, 0, sizeof *mg);
    if (!jr_is_object(r, m) || !jr_keys(r, m, keys) || !jr_int(r, m, "fp", true, 1, 12, 0, &fp) ||
        !jr_enum(r, m, "arc", false, arc_names, LNLT_MGA_COUNT, LNLT_MGA_COVERED, &arc))
        return false;
    /* 15.0: FP 2 reaches 10 hexes and FP 4 14; other values print their range. */
    int dflt = fp == 2 ? 10 : fp == 4 ? 14 : 0;
    if (dflt == 0 && !json_object_get(m, "range")) {
        jr_key(r, "range");
        return jr_fail(r, "missing: 15.0 gives the range of FP 2 (10) and FP 4 (14) machine guns only; an FP-%d one prints its range", fp);
    }
    if (!jr_int(r, m, "range", false, 1, 40, dflt, &range))
        return false;
    mg->fp = (int8_t)fp;
    mg->range = (int8_t)range;
    mg->arc = (uint8_t)arc;
    return true;
}

bool catalog_read_vehicle(jr *r, lnlt_catalog *c, json_t *v, lnlt_unit_type *u, lnlt_vehicle_type *veh)
{
    static const char *const keys[] = {"id", "name", "nation", "mf", "movement", "morale", "armor", "red_armor",
                                       "open_top", "tis", "mgs", "guns", "passengers", "crew", "size_drm",
                                       "countermix", "note", NULL};
    memset(u, 0, sizeof *u);
    memset(veh, 0, sizeof *veh);
    int mf, morale, mclass, size;
    bool open_top, tis;
    if (!jr_is_object(r, v) || !jr_keys(r, v, keys))
        return false;
    if (!jr_id(r, v, "id", true, u->id) || !catalog_check_new_id(r, c, u->id) ||
        !jr_str(r, v, "name", true, u->name, sizeof u->name) || !jr_id(r, v, "nation", true, u->nation_id) ||
        !jr_str(r, v, "note", false, u->note, sizeof u->note) || !jr_int(r, v, "mf", true, 0, 40, 0, &mf) ||
        !jr_enum(r, v, "movement", true, class_names, LNLT_MC_COUNT, 0, &mclass) ||
        !jr_int(r, v, "morale", true, 1, 12, 0, &morale) || !jr_bool(r, v, "open_top", false, &open_top) ||
        !jr_bool(r, v, "tis", false, &tis) || !jr_int(r, v, "size_drm", false, -2, 2, 0, &size) ||
        !jr_id(r, v, "crew", true, veh->crew_id) || !jr_int_or_none(r, v, "countermix", false, 0, 99, &u->countermix))
        return false;
    u->kind = LNLT_UK_VEHICLE;
    u->back_kind = LNLT_BACK_NONE; /* a vehicle is shaken under a marker (15.0) */
    u->front.ifp = u->front.range = u->front.lm = LNLT_NONE;
    u->front.mf = (int8_t)mf;
    u->front.morale = (int8_t)morale;
    u->back.ifp = u->back.range = u->back.mf = u->back.morale = u->back.lm = LNLT_NONE;
    u->nation = u->reduces_to = u->dismounts_to = u->gun = LNLT_NONE;
    for (int i = 0; i < 6; i++)
        u->casualty[i] = LNLT_NONE;
    veh->move_class = (uint8_t)mclass;
    veh->size_drm = (int8_t)size;
    veh->crew = LNLT_NONE;
    veh->flags = (uint8_t)((open_top ? LNLT_VF_OPEN_TOP : 0) | (tis ? LNLT_VF_TIS : 0));

    json_t *armor = json_object_get(v, "armor");
    size_t old = jr_key(r, "armor");
    static const char *const ak[] = {"hull", "turret", NULL};
    if (!armor)
        return jr_fail(r, "missing (required): {\"hull\": [front, flank, rear]} with null for '*'");
    if (!jr_is_object(r, armor) || !jr_keys(r, armor, ak) || !read_armor_row(r, armor, "hull", true, veh->armor[LNLT_HULL]) ||
        !read_armor_row(r, armor, "turret", false, veh->armor[LNLT_TURRET]))
        return false;
    if (json_object_get(armor, "turret"))
        veh->flags |= LNLT_VF_TURRET;
    jr_pop(r, old);
    if (open_top && !lnlt_vehicle_armored(veh)) {
        old = jr_key(r, "open_top");
        return jr_fail(r, "an open top is an armoured vehicle that cannot button (15.8); this one prints no armour");
    }
    json_t *a;
    if (!jr_array(r, v, "red_armor", false, 6, &a))
        return false;
    if (a) {
        old = jr_key(r, "red_armor");
        for (size_t i = 0; i < json_array_size(a); i++) {
            int k;
            size_t o2 = jr_idx(r, i);
            if (!jr_enum_value(r, json_array_get(a, i), red_names, 6, &k))
                return false;
            if (veh->armor[k / 3][k % 3] == LNLT_NONE)
                return jr_fail(r, "%s prints no armour factor to be red (14.2.2)", red_names[k]);
            veh->red |= (uint8_t)(1u << k);
            jr_pop(r, o2);
        }
        jr_pop(r, old);
    }
    if (!jr_array(r, v, "mgs", false, LNLT_VEHICLE_MGS, &a))
        return false;
    if (a) {
        old = jr_key(r, "mgs");
        for (size_t i = 0; i < json_array_size(a); i++) {
            size_t o2 = jr_idx(r, i);
            if (!read_mg(r, json_array_get(a, i), &veh->mg[veh->mg_count]))
                return false;
            if (veh->mg[veh->mg_count].arc == LNLT_MGA_REAR && !(veh->flags & LNLT_VF_TURRET)) {
                jr_key(r, "arc");
                return jr_fail(r, "an 'R' machine gun fires in the turret's rear arc (15.0): this vehicle has no turret");
            }
            veh->mg_count++;
            jr_pop(r, o2);
        }
        jr_pop(r, old);
    }
    if (!jr_array(r, v, "guns", false, LNLT_VEHICLE_GUNS, &a))
        return false;
    if (a) {
        old = jr_key(r, "guns");
        for (size_t i = 0; i < json_array_size(a); i++) {
            size_t o2 = jr_idx(r, i);
            if (!catalog_read_gun(r, json_array_get(a, i), u->name, &veh->gun[veh->gun_count]))
                return false;
            if (!(veh->flags & LNLT_VF_TURRET))
                veh->gun[veh->gun_count].flags |= LNLT_GUNF_HULL; /* no turret: the hull carries it */
            veh->gun_count++;
            jr_pop(r, o2);
        }
        jr_pop(r, old);
    }
    json_t *p = json_object_get(v, "passengers");
    if (p) {
        old = jr_key(r, "passengers");
        bool found = false;
        for (size_t i = 0; json_is_string(p) && i < PASSENGER_CODES; i++)
            if (!strcmp(json_string_value(p), passenger_codes[i].code)) {
                veh->inside = passenger_codes[i].inside;
                veh->outside = passenger_codes[i].outside;
                found = true;
            }
        if (!found)
            return jr_fail(r, "expected a passenger code (16.1, 16.2): P, PP, 2PP, 2xPP, PPPP, PO, PPO, 2PPO or 2xPPO");
        jr_pop(r, old);
    }
    return true;
}

bool catalog_link_vehicles(lnlt_catalog *c, lnlt_error *err)
{
    for (int i = 0; i < c->vehicle_count; i++) {
        lnlt_vehicle_type *v = &c->vehicle[i];
        const lnlt_unit_type *u = &c->unit[v->unit];
        int pos = 0;
        for (int j = 0; j < i; j++)
            pos += c->vehicle[j].file == v->file;
        int crew = lnlt_catalog_unit(c, v->crew_id);
        const char *why = crew < 0                               ? "expected the id of a unit type, found"
                        : c->unit[crew].kind != LNLT_UK_CREW     ? "a vehicle's crew is a crew counter (15.4), not"
                        : strcmp(c->unit[crew].nation_id, u->nation_id) ? "a vehicle's crew is of its own nation, not"
                                                                  : NULL;
        if (why)
            return lnlt_error_set(err, "%s: $.vehicles[%d].crew: %s \"%s\"", c->file_name[v->file], pos, why, v->crew_id);
        v->crew = (int16_t)crew;
    }
    return true;
}

static json_t *armor_row(const int8_t *row)
{
    json_t *a = json_array();
    for (int f = 0; f < 3; f++)
        json_array_append_new(a, row[f] == LNLT_NONE ? json_null() : json_integer(row[f]));
    return a;
}

void catalog_save_vehicles(const lnlt_catalog *c, int file, json_t *arr)
{
    for (int i = 0; i < c->vehicle_count; i++) {
        const lnlt_vehicle_type *v = &c->vehicle[i];
        if (v->file != file)
            continue;
        const lnlt_unit_type *u = &c->unit[v->unit];
        json_t *o = json_object();
        json_object_set_new(o, "id", json_string(u->id));
        json_object_set_new(o, "name", json_string(u->name));
        json_object_set_new(o, "nation", json_string(u->nation_id));
        json_object_set_new(o, "mf", json_integer(u->front.mf));
        json_object_set_new(o, "movement", json_string(class_names[v->move_class]));
        json_object_set_new(o, "morale", json_integer(u->front.morale));
        json_t *armor = json_object();
        json_object_set_new(armor, "hull", armor_row(v->armor[LNLT_HULL]));
        if (v->flags & LNLT_VF_TURRET)
            json_object_set_new(armor, "turret", armor_row(v->armor[LNLT_TURRET]));
        json_object_set_new(o, "armor", armor);
        if (v->red) {
            json_t *red = json_array();
            for (int k = 0; k < 6; k++)
                if (v->red & (1u << k))
                    json_array_append_new(red, json_string(red_names[k]));
            json_object_set_new(o, "red_armor", red);
        }
        if (v->flags & LNLT_VF_OPEN_TOP)
            json_object_set_new(o, "open_top", json_true());
        if (v->flags & LNLT_VF_TIS)
            json_object_set_new(o, "tis", json_true());
        json_t *mgs = json_array();
        for (int k = 0; k < v->mg_count; k++)
            json_array_append_new(mgs, json_pack("{s:i,s:i,s:s}", "fp", v->mg[k].fp, "range", v->mg[k].range, "arc",
                                                 arc_names[v->mg[k].arc]));
        json_object_set_new(o, "mgs", mgs);
        json_t *guns = json_array();
        for (int k = 0; k < v->gun_count; k++) {
            lnlt_gun g = v->gun[k];
            if (!(v->flags & LNLT_VF_TURRET))
                g.flags &= (uint8_t)~LNLT_GUNF_HULL; /* implied, as read */
            json_array_append_new(guns, catalog_save_gun(&g));
        }
        json_object_set_new(o, "guns", guns);
        for (size_t k = 0; k < PASSENGER_CODES; k++)
            if ((v->inside || v->outside) && passenger_codes[k].inside == v->inside &&
                passenger_codes[k].outside == v->outside) {
                json_object_set_new(o, "passengers", json_string(passenger_codes[k].code));
                break;
            }
        json_object_set_new(o, "crew", json_string(v->crew_id));
        if (v->size_drm)
            json_object_set_new(o, "size_drm", json_integer(v->size_drm));
        json_object_set_new(o, "countermix", u->countermix == LNLT_NONE ? json_null() : json_integer(u->countermix));
        if (u->note[0])
            json_object_set_new(o, "note", json_string(u->note));
        json_array_append_new(arr, o);
    }
}
