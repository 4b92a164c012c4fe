/*
 * catalog_weapons.c: one entry of a weapons file (docs/formats/weapons.md): the two
 * faces of a support weapon counter and its flags (1.6 support weapons; the guns
 * of ordnance are read by vehicles.c, 14.1).
 */
#include "lnlt/data.h"

#include <string.h>

#include "data/catalog_internal.h"

/* ---- support weapons ---- */

static bool read_sw_face(jr *r, json_t *obj, const char *key, lnlt_sw_face *f, bool required)
{
    static const char *const keys[] = {"fp", "range", "min_range", NULL};
    json_t *v = json_object_get(obj, key);
    size_t old = jr_key(r, key);
    f->fp = f->range = f->min_range = LNLT_NONE;
    if (!v) {
        if (required)
            return jr_fail(r, "missing (required)");
        jr_pop(r, old);
        return true;
    }
    if (!jr_is_object(r, v) || !jr_keys(r, v, keys) ||
        !jr_int_or_none(r, v, "fp", false, 0, 40, &f->fp) ||
        !jr_int_or_none(r, v, "range", false, 0, 99, &f->range) ||
        !jr_int_or_none(r, v, "min_range", false, 0, 99, &f->min_range))
        return false;
    if (f->fp != LNLT_NONE && f->range == LNLT_NONE)
        return jr_fail(r, "a side that fires needs a range");
    if (f->min_range != LNLT_NONE && f->range != LNLT_NONE && f->min_range > f->range)
        return jr_fail(r, "min_range %d is above range %d", f->min_range, f->range);
    jr_pop(r, old);
    return true;
}

bool catalog_read_sw(jr *r, lnlt_catalog *c, json_t *v, lnlt_sw_type *w)
{
    static const char *const keys[] = {"id", "name", "kind", "nation", "front", "back",
                                       "back_is", "countermix", "note", "he", "depletion",
                                       "to_hit", "jam", "melee", "tripod", "melee_eligible",
                                       "single_use", "throwable", "close_assault", "heat",
                                       "aa", "bunker_fire", "no_fire_down", NULL};
    int kind, back;
    memset(w, 0, sizeof *w);
    if (!jr_is_object(r, v) || !jr_keys(r, v, keys))
        return false;
    if (!jr_id(r, v, "id", true, w->id) || !catalog_check_new_id(r, c, w->id) ||
        !jr_str(r, v, "name", true, w->name, sizeof w->name) ||
        !jr_enum(r, v, "kind", true, catalog_sw_kind_names, LNLT_SWK_COUNT, 0, &kind) ||
        !jr_id(r, v, "nation", false, w->nation_id) ||
        !jr_str(r, v, "note", false, w->note, sizeof w->note) ||
        !jr_enum(r, v, "back_is", false, catalog_sw_back_names, 5, LNLT_SWB_NONE, &back) ||
        !jr_int_or_none(r, v, "countermix", false, 0, 99, &w->countermix) ||
        !jr_int_or_none(r, v, "he", false, 0, 20, &w->he) ||
        !jr_int_or_none(r, v, "depletion", false, 0, 20, &w->depletion))
        return false;
    w->kind = (uint8_t)kind;
    w->back_kind = (uint8_t)back;
    for (int i = 0; i < CATALOG_SWFLAG_COUNT; i++) {
        bool b;
        if (!jr_bool(r, v, catalog_swflag_names[i], false, &b))
            return false;
        if (b)
            w->flags |= (uint16_t)(1u << i);
    }
    if (!read_sw_face(r, v, "front", &w->front, true) ||
        !read_sw_face(r, v, "back", &w->back, back == LNLT_SWB_BIPOD))
        return false;
    json_t *th;
    if (!jr_array(r, v, "to_hit", false, 3, &th))
        return false;
    if (th) {
        size_t old = jr_key(r, "to_hit");
        if (json_array_size(th) != 3)
            return jr_fail(r, "expected the three columns of a to-hit table (14.1), found %zu",
                           json_array_size(th));
        for (size_t i = 0; i < 3; i++) {
            static const char *const tk[] = {"range", "to_hit", "pv", NULL};
            json_t *col = json_array_get(th, i);
            size_t o2 = jr_idx(r, i);
            int a;
            if (!jr_is_object(r, col) || !jr_keys(r, col, tk) ||
                !jr_int(r, col, "range", true, 0, 99, 0, &a) ||
                !jr_int_or_none(r, col, "to_hit", true, 0, 12, &w->to_hit[i].to_hit) ||
                !jr_int_or_none(r, col, "pv", true, 0, 30, &w->to_hit[i].pv))
                return false;
            if (i > 0 && a <= w->to_hit[i - 1].range)
                return jr_fail(r, "ranges of a to-hit table must increase");
            /* 14.1: '*' (null) marks a range the weapon cannot fire at */
            if ((w->to_hit[i].to_hit == LNLT_NONE) != (w->to_hit[i].pv == LNLT_NONE))
                return jr_fail(r, "'*' marks a range the ordnance cannot fire at: to_hit and pv are both null or neither (14.1)");
            w->to_hit[i].range = (int8_t)a;
            jr_pop(r, o2);
        }
        w->to_hit_count = 3;
        jr_pop(r, old);
    }
    /* Cross-field rules of 1.6. */
    const char *bad = NULL, *badkey = NULL;
    if (kind == LNLT_SWK_ORDNANCE && !th)
        bad = "an ordnance weapon needs its to-hit table (14.1)", badkey = "to_hit";
    else if (kind != LNLT_SWK_ORDNANCE && kind != LNLT_SWK_MORTAR && th)
        bad = "only ordnance weapons have a to-hit table", badkey = "to_hit";
    else if ((w->flags & LNLT_SWF_JAM) && back != LNLT_SWB_JAMMED)
        bad = "a J weapon's back is its jammed side: expected \"jammed\"", badkey = "back_is";
    else if (back == LNLT_SWB_JAMMED && !(w->flags & LNLT_SWF_JAM))
        bad = "only J weapons have a jammed side (set \"jam\": true)", badkey = "jam";
    else if ((w->flags & LNLT_SWF_TRIPOD) && back != LNLT_SWB_DISMANTLED && back != LNLT_SWB_BIPOD)
        bad = "a tripod weapon's back is \"dismantled\" or \"bipod\"", badkey = "back_is";
    else if ((back == LNLT_SWB_DISMANTLED || back == LNLT_SWB_BIPOD) &&
             !(w->flags & LNLT_SWF_TRIPOD) && kind != LNLT_SWK_MORTAR)
        bad = "only tripod weapons and mortars have a dismantled or bipod side", badkey = "tripod";
    else if (kind == LNLT_SWK_MORTAR && w->front.min_range == LNLT_NONE)
        bad = "a mortar prints its range as min-max: min_range is missing", badkey = "front";
    else if (kind != LNLT_SWK_MORTAR && w->front.min_range != LNLT_NONE)
        bad = "only mortars have a minimum range", badkey = "front";
    else if ((kind == LNLT_SWK_SATCHEL || kind == LNLT_SWK_MOLOTOV) &&
             !(w->flags & LNLT_SWF_SINGLE_USE))
        bad = "satchel charges and molotovs are single-use (1.6): set \"single_use\": true",
        badkey = "single_use";
    else if ((kind == LNLT_SWK_FLAMETHROWER || kind == LNLT_SWK_MG || kind == LNLT_SWK_SATCHEL ||
              kind == LNLT_SWK_MOLOTOV) && !(w->flags & LNLT_SWF_MELEE_ELIGIBLE))
        bad = "machine guns, flamethrowers, satchels and molotovs are melee-eligible (8.0): set \"melee_eligible\": true",
        badkey = "melee_eligible";
    else if ((kind == LNLT_SWK_ORDNANCE || kind == LNLT_SWK_MORTAR) && (w->flags & LNLT_SWF_MELEE_ELIGIBLE))
        bad = "ordnance and mortars are never melee-eligible (8.0)", badkey = "melee_eligible";
    else if (w->front.fp == LNLT_NONE && kind != LNLT_SWK_ORDNANCE)
        bad = "the front of a support weapon needs its firepower", badkey = "front";
    else if (kind == LNLT_SWK_ORDNANCE && !json_object_get(v, "he"))
        bad = "an ordnance weapon prints its HE equivalent (14.1): a number, or null for '*'", badkey = "he";
    else if ((w->flags & LNLT_SWF_BUNKER_FIRE) && kind != LNLT_SWK_ORDNANCE)
        bad = "bunker_fire is the exception of OFT weapons (1.6.4, 21.1): this one is no ordnance", badkey = "bunker_fire";
    else if ((w->flags & LNLT_SWF_NO_FIRE_DOWN) && kind != LNLT_SWK_ORDNANCE)
        bad = "no_fire_down is a limit of OFT weapons (the PIAT, 1.6.4, 23.1.1): this one is no ordnance",
        badkey = "no_fire_down";
    if (bad) {
        size_t old = jr_key(r, badkey);
        jr_fail(r, "%s", bad);
        jr_pop(r, old);
        return false;
    }
    w->nation = LNLT_NONE;
    return true;
}
