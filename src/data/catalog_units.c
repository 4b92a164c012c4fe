/*
 * catalog_units.c: one entry of a units file (docs/formats/units.md): the two faces
 * of a counter (1.1), morale (1.5), weapon teams (1.7), assault move and stealth
 * capability (6.1, 6.4), single-man counters (11.x) and mounts. The checks per kind
 * refuse counters the rules could not use: a leader without an LM, a squad
 * without IFP, a sniper with an MF, a hero whose back is not a wounded side (11.2).
 */
#include "lnlt/data.h"

#include <string.h>

#include "data/catalog_internal.h"

/* ---- unit types ---- */

static bool read_unit_face(jr *r, json_t *obj, const char *key, lnlt_unit_face *f, bool required)
{
    static const char *const keys[] = {"ifp", "range", "mf", "morale", "lm", "assaulter",
                                       "melee", "jam", "assault_move", "stealth", "self_rally",
                                       "self_rally_pairs", "extended_range", "hit_and_run",
                                       "min_range", NULL};
    json_t *v = json_object_get(obj, key);
    size_t old = jr_key(r, key);
    memset(f, 0, sizeof *f);
    f->ifp = f->range = f->mf = f->morale = f->lm = LNLT_NONE;
    if (!v) {
        if (required)
            return jr_fail(r, "missing (required)");
        jr_pop(r, old);
        return true;
    }
    if (!jr_is_object(r, v) || !jr_keys(r, v, keys))
        return false;
    if (!jr_int_or_none(r, v, "ifp", false, 0, 20, &f->ifp) ||
        !jr_int_or_none(r, v, "range", false, 0, 60, &f->range) ||
        !jr_int_or_none(r, v, "mf", false, 0, 40, &f->mf) ||
        !jr_int_or_none(r, v, "morale", false, 0, 12, &f->morale) ||
        !jr_int_or_none(r, v, "lm", false, 0, 4, &f->lm) ||
        !jr_int_or_none(r, v, "min_range", false, 1, 60, &f->min_range))
        return false;
    if (f->min_range == LNLT_NONE)
        f->min_range = 0;
    for (int i = 0; i < CATALOG_UFLAG_COUNT; i++) {
        bool b;
        if (!jr_bool(r, v, catalog_uflag_names[i], false, &b))
            return false;
        if (b)
            f->flags |= (uint16_t)(1u << i);
    }
    jr_pop(r, old);
    return true;
}

/* The per-kind shape of a counter (1.1, 11.0): which values must be printed. */
static bool check_unit_shape(jr *r, const lnlt_unit_type *u)
{
    const lnlt_unit_face *f = &u->front;
    int k = u->kind;
    size_t old = jr_key(r, "front");
    if (f->morale == LNLT_NONE) {
        jr_key(r, "morale");
        return jr_fail(r, "a %s needs a morale", catalog_unit_kind_names[k]);
    }
    bool fires = k == LNLT_UK_SQUAD || k == LNLT_UK_HALF_SQUAD || k == LNLT_UK_CREW ||
                 k == LNLT_UK_HERO || k == LNLT_UK_SNIPER || k == LNLT_UK_MARKSMAN;
    bool leads = k == LNLT_UK_LEADER || k == LNLT_UK_COMMISSAR || k == LNLT_UK_ARMOR_LEADER ||
                 k == LNLT_UK_CHAPLAIN || k == LNLT_UK_NURSE || k == LNLT_UK_PIPER;
    bool no_mf = k == LNLT_UK_SNIPER || k == LNLT_UK_ARMOR_LEADER;
    if (fires && (f->ifp == LNLT_NONE || f->range == LNLT_NONE)) {
        jr_key(r, f->ifp == LNLT_NONE ? "ifp" : "range");
        return jr_fail(r, "a %s prints an IFP and a range on its front", catalog_unit_kind_names[k]);
    }
    if (!fires && k != LNLT_UK_WEAPON_TEAM && k != LNLT_UK_SCOUT &&
        (f->ifp != LNLT_NONE || f->range != LNLT_NONE)) {
        jr_key(r, f->ifp != LNLT_NONE ? "ifp" : "range");
        return jr_fail(r, "a %s has no IFP or range (expected null)", catalog_unit_kind_names[k]);
    }
    if (leads && f->lm == LNLT_NONE) {
        jr_key(r, "lm");
        return jr_fail(r, "a %s needs a leadership modifier (lm)", catalog_unit_kind_names[k]);
    }
    if (!leads && f->lm != LNLT_NONE) {
        jr_key(r, "lm");
        return jr_fail(r, "only leaders, commissars, armor leaders, chaplains, nurses and "
                          "pipers have an lm; a %s does not (expected null)",
                       catalog_unit_kind_names[k]);
    }
    if (no_mf && f->mf != LNLT_NONE) {
        jr_key(r, "mf");
        return jr_fail(r, "a %s has no movement factor (expected null)", catalog_unit_kind_names[k]);
    }
    if (!no_mf && f->mf == LNLT_NONE) {
        jr_key(r, "mf");
        return jr_fail(r, "a %s needs a movement factor", catalog_unit_kind_names[k]);
    }
    jr_pop(r, old);
    if (k == LNLT_UK_HERO && u->back_kind != LNLT_BACK_WOUNDED) {
        old = jr_key(r, "back_is");
        return jr_fail(r, "a hero's back is his wounded side (11.2): expected \"wounded\"");
    }
    if (k != LNLT_UK_HERO && u->back_kind == LNLT_BACK_WOUNDED) {
        old = jr_key(r, "back_is");
        return jr_fail(r, "only heroes have a wounded back side (11.2)");
    }
    if (u->back_kind != LNLT_BACK_NONE && u->back.morale == LNLT_NONE) {
        old = jr_key(r, "back");
        jr_key(r, "morale");
        return jr_fail(r, "the back side needs a morale");
    }
    if (u->back_kind == LNLT_BACK_SHAKEN && u->back.ifp != LNLT_NONE) {
        old = jr_key(r, "back");
        jr_key(r, "ifp");
        return jr_fail(r, "shaken units cannot fire (1.1): expected null");
    }
    if (u->back_kind == LNLT_BACK_SHAKEN && u->back.lm != LNLT_NONE) {
        old = jr_key(r, "back");
        jr_key(r, "lm");
        return jr_fail(r, "a shaken leader has no LM (11.1): expected null");
    }
    return true;
}

/* 6.6: mounted units are squads and half-squads with the red MF, and each names
 * the leg unit printed on its counter, which it becomes on dismounting. */
static bool check_mount(jr *r, const lnlt_unit_type *u)
{
    size_t old;
    if (u->mount == LNLT_MOUNT_NONE) {
        if (!u->dismounts_to_id[0])
            return true;
        old = jr_key(r, "dismounts_to");
        jr_fail(r, "only mounted units dismount (6.6): give \"mount\" too, or leave this out");
        jr_pop(r, old);
        return false;
    }
    if (u->kind != LNLT_UK_SQUAD && u->kind != LNLT_UK_HALF_SQUAD) {
        old = jr_key(r, "mount");
        jr_fail(r, "only squads and half-squads are mounted units (6.6); a %s is not", catalog_unit_kind_names[u->kind]);
        jr_pop(r, old);
        return false;
    }
    if (!(u->front.flags & LNLT_UF_HIT_AND_RUN)) {
        old = jr_key(r, "front");
        jr_key(r, "hit_and_run");
        return jr_fail(r, "a mounted unit prints its MF in red (6.6): expected true");
    }
    if (!u->dismounts_to_id[0]) {
        old = jr_key(r, "dismounts_to");
        return jr_fail(r, "missing: a mounted unit names the leg unit it dismounts to (6.6)");
    }
    return true;
}

bool catalog_read_unit(jr *r, lnlt_catalog *c, json_t *v, lnlt_unit_type *u)
{
    static const char *const keys[] = {"id", "name", "kind", "nation", "front", "back",
                                       "back_is", "reduces_to", "countermix", "note", "weapon",
                                       "mount", "dismounts_to", "ordnance", NULL};
    int kind, back, weapon, mount;
    memset(u, 0, sizeof *u);
    if (!jr_is_object(r, v) || !jr_keys(r, v, keys))
        return false;
    if (!jr_id(r, v, "id", true, u->id) || !catalog_check_new_id(r, c, u->id) ||
        !jr_str(r, v, "name", true, u->name, sizeof u->name) ||
        !jr_enum(r, v, "kind", true, catalog_unit_kind_names, LNLT_UK_COUNT, 0, &kind) ||
        !jr_id(r, v, "nation", true, u->nation_id) ||
        !jr_id(r, v, "reduces_to", false, u->reduces_to_id) ||
        !jr_str(r, v, "note", false, u->note, sizeof u->note) ||
        !jr_enum(r, v, "mount", false, catalog_mount_names, 2, -1, &mount) ||
        !jr_id(r, v, "dismounts_to", false, u->dismounts_to_id))
        return false;
    u->mount = (uint8_t)(mount + 1);
    if (kind == LNLT_UK_VEHICLE) {
        size_t old = jr_key(r, "kind");
        jr_fail(r, "vehicle counters go in a vehicles file (15.0, docs/formats/vehicles.md)");
        jr_pop(r, old);
        return false;
    }
    u->kind = (uint8_t)kind;
    int dflt_back = kind == LNLT_UK_HERO ? LNLT_BACK_WOUNDED : LNLT_BACK_SHAKEN;
    if (!jr_enum(r, v, "back_is", false, catalog_back_names, 3, dflt_back, &back))
        return false;
    u->back_kind = (uint8_t)back;
    /* 1.7: what a weapon team serves decides where it may go */
    if (!jr_enum(r, v, "weapon", false, catalog_wt_weapon_names, LNLT_WTW_COUNT, LNLT_WTW_OTHER, &weapon))
        return false;
    if (json_object_get(v, "weapon") && kind != LNLT_UK_WEAPON_TEAM) {
        size_t old = jr_key(r, "weapon");
        jr_fail(r, "only weapon teams name the weapon they serve (1.7)");
        jr_pop(r, old);
        return false;
    }
    u->wt_weapon = (uint8_t)weapon;
    int8_t mix;
    if (!jr_int_or_none(r, v, "countermix", false, 0, 99, &mix))
        return false;
    u->countermix = mix;
    if (!read_unit_face(r, v, "front", &u->front, true) ||
        !read_unit_face(r, v, "back", &u->back, back != LNLT_BACK_NONE))
        return false;
    if (u->reduces_to_id[0] && !lnlt_unit_kind_is_mmc(kind)) {
        size_t old = jr_key(r, "reduces_to");
        jr_fail(r, "only squads, half-squads, crews and weapon teams take casualty "
                   "reductions; a %s is wounded or eliminated instead",
                catalog_unit_kind_names[kind]);
        jr_pop(r, old);
        return false;
    }
    if (!check_unit_shape(r, u) || !check_mount(r, u))
        return false;
    /* 18.1: a minimum range is printed on mortar weapon teams only */
    for (int side = 0; side < 2; side++) {
        const lnlt_unit_face *f = side ? &u->back : &u->front;
        if (f->min_range <= 0)
            continue;
        size_t old = jr_key(r, side ? "back" : "front");
        jr_key(r, "min_range");
        if (kind != LNLT_UK_WEAPON_TEAM || weapon != LNLT_WTW_MORTAR)
            return jr_fail(r, "only mortar weapon teams print a minimum range (18.1)");
        if (f->range == LNLT_NONE || f->min_range > f->range)
            return jr_fail(r, "the minimum range %d is beyond the range", f->min_range);
        jr_pop(r, old);
    }
    u->nation = LNLT_NONE;
    u->reduces_to = LNLT_NONE;
    u->dismounts_to = LNLT_NONE;
    u->vehicle = LNLT_NONE;
    u->gun = LNLT_NONE;
    u->stand_in_for = LNLT_NONE;
    for (int i = 0; i < 6; i++)
        u->casualty[i] = LNLT_NONE;
    /* 1.7.1: a weapon team that fires ordnance prints a to-hit table on its back
     * and a covered-arc arrow; it fires no IFP. */
    json_t *ord = json_object_get(v, "ordnance");
    if (ord) {
        size_t old = jr_key(r, "ordnance");
        if (kind != LNLT_UK_WEAPON_TEAM || weapon != LNLT_WTW_OTHER)
            return jr_fail(r, "only gun weapon teams (weapon \"other\") fire ordnance (1.7.1)");
        if (u->front.ifp != LNLT_NONE)
            return jr_fail(r, "an ordnance weapon team fires its gun, not an IFP (1.7.1): the front's ifp is null");
        if (c->gun_count >= LNLT_MAX_GUNS)
            return jr_fail(r, "too many guns in the catalog (at most %d)", LNLT_MAX_GUNS);
        if (!catalog_read_gun(r, ord, u->name, &c->gun[c->gun_count]))
            return false;
        u->gun = (int16_t)c->gun_count++;
        jr_pop(r, old);
    }
    return true;
}
