/*
 * catalog.c: loading, linking and saving unit types, support weapons, nations and
 * skills (lnlt/data.h; formats in docs/formats/units.md, weapons.md, nations.md,
 * skills.md).
 *
 * Counter values follow rules 1.1 (front/back of a counter), 1.5 (morale), 1.6
 * (support weapons), 1.7 (weapon teams), 6.1 and 6.4 (AM / stealth capability),
 * 11.x (single-man counters), 12.0 (skills) and 13.0 (national characteristics).
 * Per-kind checks reject counters the rules could not use: a leader without an
 * LM, a squad without IFP, a sniper with an MF, a hero whose back is not a
 * wounded side (11.2), and so on.
 */
#include "lnlt/data.h"
#include "lnlt/sandbox.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "data/catalog_internal.h"
#include "util/opencache.h"

/* ---- names shared by load and save ---- */

static const char *const unit_kind_names[LNLT_UK_COUNT] = {
    "squad", "half_squad", "crew", "weapon_team", "leader", "hero", "medic", "corpsman",
    "sniper", "scout", "commissar", "chaplain", "advisor", "nurse", "piper", "marksman",
    "armor_leader", "vehicle"};

static const char *const sw_kind_names[LNLT_SWK_COUNT] = {
    "small_arms", "mg", "flamethrower", "satchel", "molotov", "mortar", "ordnance"};

static const char *const sw_back_names[] = {"none", "jammed", "dismantled", "bipod", "to_hit"};
static const char *const back_names[] = {"shaken", "wounded", "none"};
static const char *const wt_weapon_names[] = {"other", "mg", "mortar"};
static const char *const mount_names[] = {"horse", "motorcycle"}; /* lnlt_mount - 1 */
static const char *const era_names[] = {"wwii", "modern", "any"};
static const char *const trait_names[LNLT_TRAIT_COUNT] = {
    "jungle_move_1mp", "light_jungle_tm_plus1", "heavy_jungle_tm_plus1",
    "ignore_heavy_jungle_stacking", "ambush"};
static const char *const effect_names[LNLT_SE_COUNT] = {
    "grant_assault_move", "grant_assault_fire", "fp_bonus", "range_multiplier",
    "extra_activation", "extra_wounds", "rally_range", "assault_fire_then_melee",
    "ambush_reinforcement", "unspecified"};
static const char *const scope_names[LNLT_SS_COUNT] = {"self", "stack", "stack_total",
                                                       "adjacent"};

/* Unit face flags in JSON, in bit order. */
static const char *const uflag_names[] = {"assaulter", "melee", "jam", "assault_move",
                                          "stealth", "self_rally", "self_rally_pairs",
                                          "extended_range", "hit_and_run"};
#define UFLAG_COUNT 9
/* Weapon flags in JSON, in bit order. */
static const char *const swflag_names[] = {"jam", "melee", "tripod", "melee_eligible",
                                           "single_use", "throwable", "close_assault",
                                           "heat", "aa", "bunker_fire", "no_fire_down"};
#define SWFLAG_COUNT 11

const char *lnlt_unit_kind_name(int k)
{
    return k >= 0 && k < LNLT_UK_COUNT ? unit_kind_names[k] : "?";
}
const char *lnlt_sw_kind_name(int k)
{
    return k >= 0 && k < LNLT_SWK_COUNT ? sw_kind_names[k] : "?";
}
const char *lnlt_trait_name(int t)
{
    return t >= 0 && t < LNLT_TRAIT_COUNT ? trait_names[t] : "?";
}
const char *lnlt_skill_effect_name(int e)
{
    return e >= 0 && e < LNLT_SE_COUNT ? effect_names[e] : "?";
}
const char *lnlt_skill_scope_name(int s)
{
    return s >= 0 && s < LNLT_SS_COUNT ? scope_names[s] : "?";
}

const char *lnlt_data_kind_name(lnlt_data_kind k)
{
    static const char *const n[] = {"unknown", "units", "weapons", "nations",
                                    "skills", "scenario", "map", "terrain", "vehicles"};
    return (unsigned)k < sizeof n / sizeof n[0] ? n[k] : "unknown";
}

bool lnlt_unit_kind_is_mmc(int k)
{
    return k == LNLT_UK_SQUAD || k == LNLT_UK_HALF_SQUAD || k == LNLT_UK_CREW ||
           k == LNLT_UK_WEAPON_TEAM;
}
bool lnlt_unit_kind_is_smc(int k)
{
    return k >= LNLT_UK_LEADER && k <= LNLT_UK_ARMOR_LEADER;
}
int lnlt_unit_kind_stack_halves(int k)
{
    if (k == LNLT_UK_SQUAD || k == LNLT_UK_WEAPON_TEAM)
        return 2;
    if (k == LNLT_UK_HALF_SQUAD || k == LNLT_UK_CREW)
        return 1;
    return 0;
}

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
    for (int i = 0; i < UFLAG_COUNT; i++) {
        bool b;
        if (!jr_bool(r, v, uflag_names[i], false, &b))
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
        return jr_fail(r, "a %s needs a morale", unit_kind_names[k]);
    }
    bool fires = k == LNLT_UK_SQUAD || k == LNLT_UK_HALF_SQUAD || k == LNLT_UK_CREW ||
                 k == LNLT_UK_HERO || k == LNLT_UK_SNIPER || k == LNLT_UK_MARKSMAN;
    bool leads = k == LNLT_UK_LEADER || k == LNLT_UK_COMMISSAR || k == LNLT_UK_ARMOR_LEADER ||
                 k == LNLT_UK_CHAPLAIN || k == LNLT_UK_NURSE || k == LNLT_UK_PIPER;
    bool no_mf = k == LNLT_UK_SNIPER || k == LNLT_UK_ARMOR_LEADER;
    if (fires && (f->ifp == LNLT_NONE || f->range == LNLT_NONE)) {
        jr_key(r, f->ifp == LNLT_NONE ? "ifp" : "range");
        return jr_fail(r, "a %s prints an IFP and a range on its front", unit_kind_names[k]);
    }
    if (!fires && k != LNLT_UK_WEAPON_TEAM && k != LNLT_UK_SCOUT &&
        (f->ifp != LNLT_NONE || f->range != LNLT_NONE)) {
        jr_key(r, f->ifp != LNLT_NONE ? "ifp" : "range");
        return jr_fail(r, "a %s has no IFP or range (expected null)", unit_kind_names[k]);
    }
    if (leads && f->lm == LNLT_NONE) {
        jr_key(r, "lm");
        return jr_fail(r, "a %s needs a leadership modifier (lm)", unit_kind_names[k]);
    }
    if (!leads && f->lm != LNLT_NONE) {
        jr_key(r, "lm");
        return jr_fail(r, "only leaders, commissars, armor leaders, chaplains, nurses and "
                          "pipers have an lm; a %s does not (expected null)",
                       unit_kind_names[k]);
    }
    if (no_mf && f->mf != LNLT_NONE) {
        jr_key(r, "mf");
        return jr_fail(r, "a %s has no movement factor (expected null)", unit_kind_names[k]);
    }
    if (!no_mf && f->mf == LNLT_NONE) {
        jr_key(r, "mf");
        return jr_fail(r, "a %s needs a movement factor", unit_kind_names[k]);
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
        jr_fail(r, "only squads and half-squads are mounted units (6.6); a %s is not", unit_kind_names[u->kind]);
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

static bool read_unit(jr *r, lnlt_catalog *c, json_t *v, lnlt_unit_type *u)
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
        !jr_enum(r, v, "kind", true, unit_kind_names, LNLT_UK_COUNT, 0, &kind) ||
        !jr_id(r, v, "nation", true, u->nation_id) ||
        !jr_id(r, v, "reduces_to", false, u->reduces_to_id) ||
        !jr_str(r, v, "note", false, u->note, sizeof u->note) ||
        !jr_enum(r, v, "mount", false, mount_names, 2, -1, &mount) ||
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
    if (!jr_enum(r, v, "back_is", false, back_names, 3, dflt_back, &back))
        return false;
    u->back_kind = (uint8_t)back;
    /* 1.7: what a weapon team serves decides where it may go */
    if (!jr_enum(r, v, "weapon", false, wt_weapon_names, LNLT_WTW_COUNT, LNLT_WTW_OTHER, &weapon))
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
                unit_kind_names[kind]);
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

static bool read_sw(jr *r, lnlt_catalog *c, json_t *v, lnlt_sw_type *w)
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
        !jr_enum(r, v, "kind", true, sw_kind_names, LNLT_SWK_COUNT, 0, &kind) ||
        !jr_id(r, v, "nation", false, w->nation_id) ||
        !jr_str(r, v, "note", false, w->note, sizeof w->note) ||
        !jr_enum(r, v, "back_is", false, sw_back_names, 5, LNLT_SWB_NONE, &back) ||
        !jr_int_or_none(r, v, "countermix", false, 0, 99, &w->countermix) ||
        !jr_int_or_none(r, v, "he", false, 0, 20, &w->he) ||
        !jr_int_or_none(r, v, "depletion", false, 0, 20, &w->depletion))
        return false;
    w->kind = (uint8_t)kind;
    w->back_kind = (uint8_t)back;
    for (int i = 0; i < SWFLAG_COUNT; i++) {
        bool b;
        if (!jr_bool(r, v, swflag_names[i], false, &b))
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

/* ---- nations ---- */

static bool read_nation(jr *r, lnlt_catalog *c, json_t *v, lnlt_nation *n)
{
    static const char *const keys[] = {"id", "name", "module", "era", "color", "badge",
                                       "smoke", "starshell", "heroes", "casualty_table",
                                       "traits", "shares_sw_with", "note", NULL};
    int era, smoke;
    memset(n, 0, sizeof *n);
    if (!jr_is_object(r, v) || !jr_keys(r, v, keys))
        return false;
    if (!jr_id(r, v, "id", true, n->id) || !catalog_check_new_id(r, c, n->id) ||
        !jr_str(r, v, "name", true, n->name, sizeof n->name) ||
        !jr_str(r, v, "module", false, n->module, sizeof n->module) ||
        !jr_enum(r, v, "era", true, era_names, 2, 0, &era) ||
        !jr_str(r, v, "color", true, n->color, sizeof n->color) ||
        !jr_str(r, v, "badge", false, n->badge, sizeof n->badge) ||
        !jr_int(r, v, "smoke", true, 0, 6, 0, &smoke) ||
        !jr_int_or_none(r, v, "starshell", false, 0, 6, &n->starshell) ||
        !jr_str(r, v, "note", false, n->note, sizeof n->note))
        return false;
    n->era = (uint8_t)era;
    n->smoke = (int8_t)smoke;
    n->heroes_allowed = true;
    n->heroes_max = 2;
    json_t *h = json_object_get(v, "heroes");
    if (h) {
        static const char *const hk[] = {"allowed", "max", NULL};
        size_t old = jr_key(r, "heroes");
        int mx;
        if (!jr_is_object(r, h) || !jr_keys(r, h, hk) ||
            !jr_bool(r, h, "allowed", true, &n->heroes_allowed) ||
            !jr_int(r, h, "max", false, 0, 9, 2, &mx))
            return false;
        n->heroes_max = (int8_t)mx;
        jr_pop(r, old);
    }
    json_t *a;
    if (!jr_array(r, v, "traits", false, 16, &a))
        return false;
    if (a) {
        size_t old = jr_key(r, "traits");
        for (size_t i = 0; i < json_array_size(a); i++) {
            int t;
            size_t o2 = jr_idx(r, i);
            if (!jr_enum_value(r, json_array_get(a, i), trait_names, LNLT_TRAIT_COUNT, &t))
                return false;
            n->traits |= 1u << t;
            jr_pop(r, o2);
        }
        jr_pop(r, old);
    }
    if (!jr_array(r, v, "shares_sw_with", false, LNLT_MAX_SHARE, &a))
        return false;
    if (a) {
        size_t old = jr_key(r, "shares_sw_with");
        for (size_t i = 0; i < json_array_size(a); i++) {
            size_t o2 = jr_idx(r, i);
            if (!jr_id_value(r, json_array_get(a, i), n->share_sw_id[i]))
                return false;
            jr_pop(r, o2);
        }
        n->share_count = (uint8_t)json_array_size(a);
        jr_pop(r, old);
    }
    if (!jr_array(r, v, "casualty_table", false, LNLT_MAX_CASUALTY_ROWS, &a))
        return false;
    if (a) {
        size_t old = jr_key(r, "casualty_table");
        for (size_t i = 0; i < json_array_size(a); i++) {
            static const char *const ck[] = {"from", "results", NULL};
            lnlt_casualty_row *row = &n->casualty[i];
            json_t *e = json_array_get(a, i), *res;
            size_t o2 = jr_idx(r, i);
            if (!jr_is_object(r, e) || !jr_keys(r, e, ck) || !jr_id(r, e, "from", true, row->from_id) ||
                !jr_array(r, e, "results", true, 6, &res))
                return false;
            bool seen[6] = {false};
            size_t o3 = jr_key(r, "results");
            for (size_t k = 0; k < json_array_size(res); k++) {
                static const char *const rk[] = {"faces", "to", NULL};
                json_t *x = json_array_get(res, k), *faces;
                char to[LNLT_ID_MAX];
                size_t o4 = jr_idx(r, k);
                if (!jr_is_object(r, x) || !jr_keys(r, x, rk))
                    return false;
                json_t *tov = json_object_get(x, "to");
                if (tov && json_is_null(tov))
                    to[0] = 0;
                else if (!jr_id(r, x, "to", true, to))
                    return false;
                if (!jr_array(r, x, "faces", true, 6, &faces))
                    return false;
                size_t o5 = jr_key(r, "faces");
                for (size_t f = 0; f < json_array_size(faces); f++) {
                    json_t *fv = json_array_get(faces, f);
                    size_t o6 = jr_idx(r, f);
                    if (!json_is_integer(fv) || json_integer_value(fv) < 1 ||
                        json_integer_value(fv) > 6)
                        return jr_fail(r, "expected a die face from 1 to 6, found %s",
                                       json_is_integer(fv) ? "one out of range" : jr_type(fv));
                    int face = (int)json_integer_value(fv);
                    if (seen[face - 1])
                        return jr_fail(r, "face %d is listed twice", face);
                    seen[face - 1] = true;
                    jr_copy(row->to_id[face - 1], LNLT_ID_MAX, to);
                    jr_pop(r, o6);
                }
                jr_pop(r, o5);
                jr_pop(r, o4);
            }
            for (int f = 0; f < 6; f++)
                if (!seen[f])
                    return jr_fail(r, "every face 1-6 needs a result; face %d has none", f + 1);
            jr_pop(r, o3);
            jr_pop(r, o2);
        }
        n->casualty_count = (uint8_t)json_array_size(a);
        jr_pop(r, old);
    }
    return true;
}

/* ---- skills ---- */

static bool read_skill(jr *r, lnlt_catalog *c, json_t *v, lnlt_skill *s)
{
    static const char *const keys[] = {"id", "name", "era", "holders", "single_use",
                                       "effects", "note", NULL};
    int era;
    memset(s, 0, sizeof *s);
    if (!jr_is_object(r, v) || !jr_keys(r, v, keys))
        return false;
    if (!jr_id(r, v, "id", true, s->id) || !catalog_check_new_id(r, c, s->id) ||
        !jr_str(r, v, "name", true, s->name, sizeof s->name) ||
        !jr_enum(r, v, "era", false, era_names, 3, 2, &era) ||
        !jr_bool(r, v, "single_use", false, &s->single_use) ||
        !jr_str(r, v, "note", false, s->note, sizeof s->note))
        return false;
    s->era = (uint8_t)era;
    json_t *a;
    if (!jr_array(r, v, "holders", true, LNLT_UK_COUNT, &a))
        return false;
    size_t old = jr_key(r, "holders");
    if (json_array_size(a) == 0)
        return jr_fail(r, "expected at least one kind of unit that may hold the skill");
    for (size_t i = 0; i < json_array_size(a); i++) {
        int k;
        size_t o2 = jr_idx(r, i);
        if (!jr_enum_value(r, json_array_get(a, i), unit_kind_names, LNLT_UK_COUNT, &k))
            return false;
        s->holders |= 1u << k;
        jr_pop(r, o2);
    }
    jr_pop(r, old);
    if (!jr_array(r, v, "effects", true, LNLT_MAX_SKILL_EFFECTS, &a))
        return false;
    old = jr_key(r, "effects");
    for (size_t i = 0; i < json_array_size(a); i++) {
        static const char *const ek[] = {"effect", "scope", "value", NULL};
        json_t *e = json_array_get(a, i);
        int kind, scope;
        size_t o2 = jr_idx(r, i);
        if (!jr_is_object(r, e) || !jr_keys(r, e, ek) ||
            !jr_enum(r, e, "effect", true, effect_names, LNLT_SE_COUNT, 0, &kind) ||
            !jr_enum(r, e, "scope", false, scope_names, LNLT_SS_COUNT, LNLT_SS_SELF, &scope) ||
            !jr_int_or_none(r, e, "value", false, 0, 20, &s->effect[i].value))
            return false;
        bool needs_value = kind == LNLT_SE_FP_BONUS || kind == LNLT_SE_RANGE_MULTIPLIER ||
                           kind == LNLT_SE_EXTRA_WOUNDS || kind == LNLT_SE_RALLY_RANGE;
        if (needs_value && s->effect[i].value == LNLT_NONE) {
            jr_key(r, "value");
            return jr_fail(r, "the effect \"%s\" needs a value", effect_names[kind]);
        }
        s->effect[i].kind = (uint8_t)kind;
        s->effect[i].scope = (uint8_t)scope;
        jr_pop(r, o2);
    }
    s->effect_count = (uint8_t)json_array_size(a);
    jr_pop(r, old);
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
            good = read_unit(&r, c, e, &c->unit[*count]);
            c->unit[*count].file = file;
            break;
        case 2:
            good = read_sw(&r, c, e, &c->sw[*count]);
            c->sw[*count].file = file;
            break;
        case 3:
            good = read_nation(&r, c, e, &c->nation[*count]);
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
            good = read_skill(&r, c, e, &c->skill[*count]);
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

/* ---- linking ---- */

static bool link_fail(lnlt_error *err, const lnlt_catalog *c, int file, const char *section,
                      int index, const char *rest, const char *msg, const char *id)
{
    /* index is the position inside the section of its file. */
    return lnlt_error_set(err, "%s: $.%s[%d]%s: %s \"%s\"", c->file_name[file], section, index,
                          rest, msg, id);
}

/* Position of entry i among the entries of the same file (for JSON paths). */
static int pos_unit(const lnlt_catalog *c, int i)
{
    int p = 0;
    for (int j = 0; j < i; j++)
        p += c->unit[j].file == c->unit[i].file;
    return p;
}
static int pos_sw(const lnlt_catalog *c, int i)
{
    int p = 0;
    for (int j = 0; j < i; j++)
        p += c->sw[j].file == c->sw[i].file;
    return p;
}
static int pos_nation(const lnlt_catalog *c, int i)
{
    int p = 0;
    for (int j = 0; j < i; j++)
        p += c->nation[j].file == c->nation[i].file;
    return p;
}

bool lnlt_catalog_link(lnlt_catalog *c, lnlt_error *err)
{
    for (int i = 0; i < c->unit_count; i++) {
        lnlt_unit_type *u = &c->unit[i];
        u->nation = (int16_t)lnlt_catalog_nation(c, u->nation_id);
        if (u->nation < 0)
            return link_fail(err, c, u->file, "units", pos_unit(c, i), ".nation",
                             "expected the id of a nation, found", u->nation_id);
        u->reduces_to = LNLT_NONE;
        for (int f = 0; f < 6; f++)
            u->casualty[f] = LNLT_NONE;
        if (u->reduces_to_id[0]) {
            u->reduces_to = (int16_t)lnlt_catalog_unit(c, u->reduces_to_id);
            if (u->reduces_to < 0)
                return link_fail(err, c, u->file, "units", pos_unit(c, i), ".reduces_to",
                                 "expected the id of a unit type, found", u->reduces_to_id);
            if (u->reduces_to == i)
                return link_fail(err, c, u->file, "units", pos_unit(c, i), ".reduces_to",
                                 "a unit cannot reduce to itself:", u->reduces_to_id);
            for (int f = 0; f < 6; f++)
                u->casualty[f] = u->reduces_to;
        }
        u->dismounts_to = LNLT_NONE;
        if (u->dismounts_to_id[0]) { /* 6.6: a leg unit of the same kind and nation */
            int d = lnlt_catalog_unit(c, u->dismounts_to_id);
            const char *why = d < 0                             ? "expected the id of a unit type, found"
                            : c->unit[d].mount != LNLT_MOUNT_NONE ? "a mounted unit dismounts to a leg unit, not to"
                            : c->unit[d].kind != u->kind ? "a mounted unit dismounts to a leg unit of its own kind "
                                                           "(squad or half-squad), not to"
                            : strcmp(c->unit[d].nation_id, u->nation_id)
                                ? "a mounted unit dismounts to a leg unit of its own nation, not to"
                                : NULL;
            if (why)
                return link_fail(err, c, u->file, "units", pos_unit(c, i), ".dismounts_to", why,
                                 u->dismounts_to_id);
            u->dismounts_to = (int16_t)d;
        }
    }
    for (int i = 0; i < c->sw_count; i++) {
        lnlt_sw_type *w = &c->sw[i];
        w->nation = LNLT_NONE;
        if (w->nation_id[0]) {
            w->nation = (int16_t)lnlt_catalog_nation(c, w->nation_id);
            if (w->nation < 0)
                return link_fail(err, c, w->file, "weapons", pos_sw(c, i), ".nation",
                                 "expected the id of a nation, found", w->nation_id);
        }
    }
    for (int i = 0; i < c->nation_count; i++) {
        lnlt_nation *n = &c->nation[i];
        char rest[96];
        for (int s = 0; s < n->share_count; s++) {
            n->share_sw[s] = (int16_t)lnlt_catalog_nation(c, n->share_sw_id[s]);
            snprintf(rest, sizeof rest, ".shares_sw_with[%d]", s);
            if (n->share_sw[s] < 0)
                return link_fail(err, c, n->file, "nations", pos_nation(c, i), rest,
                                 "expected the id of a nation, found", n->share_sw_id[s]);
        }
        for (int k = 0; k < n->casualty_count; k++) {
            lnlt_casualty_row *row = &n->casualty[k];
            snprintf(rest, sizeof rest, ".casualty_table[%d].from", k);
            row->from = (int16_t)lnlt_catalog_unit(c, row->from_id);
            if (row->from < 0)
                return link_fail(err, c, n->file, "nations", pos_nation(c, i), rest,
                                 "expected the id of a unit type, found", row->from_id);
            lnlt_unit_type *u = &c->unit[row->from];
            if (u->nation != i)
                return link_fail(err, c, n->file, "nations", pos_nation(c, i), rest,
                                 "a nation's casualty table lists its own units only; not",
                                 row->from_id);
            if (u->reduces_to_id[0])
                return link_fail(err, c, n->file, "nations", pos_nation(c, i), rest,
                                 "ambiguous: the unit file also gives reduces_to for",
                                 row->from_id);
            for (int f = 0; f < 6; f++) {
                row->to[f] = LNLT_NONE;
                if (!row->to_id[f][0])
                    continue;
                row->to[f] = (int16_t)lnlt_catalog_unit(c, row->to_id[f]);
                snprintf(rest, sizeof rest, ".casualty_table[%d].results", k);
                if (row->to[f] < 0)
                    return link_fail(err, c, n->file, "nations", pos_nation(c, i), rest,
                                     "expected the id of a unit type, found", row->to_id[f]);
                u->casualty[f] = row->to[f];
            }
        }
    }
    if (!catalog_link_vehicles(c, err))
        return false;
    c->linked = true;
    return true;
}

/* ---- loading a directory ---- */

#include <dirent.h>
#include <sys/stat.h>

static int cmp_str(const void *a, const void *b)
{
    return strcmp(*(char *const *)a, *(char *const *)b);
}

/* The file to leave out of a directory load (same device and inode). */
typedef struct skip_id {
    bool set;
    dev_t dev;
    ino_t ino;
} skip_id;

/* The paths of the .json files of DIR/SUB in name order, appended to paths (n of them so far),
 * leaving out the skipped file. A missing section is simply empty. */
static bool list_dir(const char *dir, const char *sub, const skip_id *skip, char **paths, int *n,
                     lnlt_error *err)
{
    char path[1024];
    snprintf(path, sizeof path, "%s/%s", dir, sub);
    DIR *d = opendir(path);
    if (!d)
        return true;
    char *names[LNLT_MAX_FILES];
    int k = 0;
    bool ok = true;
    struct dirent *e;
    while (ok && (e = readdir(d))) {
        size_t l = strlen(e->d_name);
        if (l > 5 && !strcmp(e->d_name + l - 5, ".json") && e->d_name[0] != '.') {
            if (k == LNLT_MAX_FILES)
                ok = lnlt_error_set(err, "%s: more than %d data files", path, LNLT_MAX_FILES);
            else if (!(names[k++] = strdup(e->d_name)))
                ok = lnlt_error_set(err, "out of memory");
        }
    }
    closedir(d);
    if (ok)
        qsort(names, (size_t)k, sizeof names[0], cmp_str);
    for (int i = 0; i < k; i++) {
        char fp[1200];
        if (ok && names[i]) {
            snprintf(fp, sizeof fp, "%s/%s", path, names[i]);
            struct stat st;
            bool skipped = skip->set && stat(fp, &st) == 0 && st.st_dev == skip->dev && st.st_ino == skip->ino;
            if (!skipped && *n == 5 * LNLT_MAX_FILES)
                ok = lnlt_error_set(err, "%s: too many data files", path);
            else if (!skipped && !(paths[(*n)++] = strdup(fp)))
                ok = lnlt_error_set(err, "out of memory");
        }
        free(names[i]);
    }
    return ok;
}

/* Reads the files into texts (NULL where one cannot be read) and returns the
 * digest of their names and bytes: the key of the linked catalog in the opening
 * cache (src/util/opencache.h). */
static uint64_t read_all(char *const *paths, int n, char **texts, size_t *lens)
{
    uint64_t d = oc_digest("catalog", 7, OC_DIGEST_SEED);
    for (int i = 0; i < n; i++) {
        lnlt_error ignored;
        if (!lnlt_read_file(paths[i], &texts[i], &lens[i], &ignored)) {
            texts[i] = NULL;
            lens[i] = 0;
        }
        d = oc_digest(paths[i], strlen(paths[i]) + 1, d);
        d = oc_digest(texts[i] ? texts[i] : "", lens[i], d);
    }
    return d;
}

static bool load_dir(const char *dir, const char *file, bool use_cache, lnlt_catalog **out, lnlt_error *err)
{
    *out = NULL;
    skip_id skip = {false, 0, 0};
    if (file) {
        struct stat st;
        if (stat(file, &st) != 0)
            return lnlt_error_set(err, "%s: cannot open the file", file);
        skip.set = true;
        skip.dev = st.st_dev;
        skip.ino = st.st_ino;
    }
    lnlt_catalog *c = lnlt_catalog_new();
    if (!c)
        return lnlt_error_set(err, "out of memory");
    static const char *const subs[] = {"nations", "units", "vehicles", "weapons", "skills"};
    char *paths[5 * LNLT_MAX_FILES];
    char *texts[5 * LNLT_MAX_FILES];
    size_t lens[5 * LNLT_MAX_FILES];
    int n = 0;
    bool ok = true;
    for (int i = 0; ok && i < 5; i++)
        ok = list_dir(dir, subs[i], &skip, paths, &n, err);
    memset(texts, 0, sizeof texts);
    uint64_t key = ok ? read_all(paths, n, texts, lens) : 0;
    /* The whole directory as a previous run of this program linked it, when the
     * opening cache holds it: the same files, byte for byte. */
    oc_part whole = {c, sizeof *c};
    bool cached = ok && use_cache && !file && oc_read("catalog", key, &whole, 1);
    if (!cached && ok) {
        memset(c, 0, sizeof *c);
        for (int i = 0; ok && i < n; i++)
            ok = texts[i] ? lnlt_catalog_add_json(c, paths[i], texts[i], lens[i], err)
                          : lnlt_read_file(paths[i], &texts[i], &lens[i], err) && /* its reason */
                                lnlt_catalog_add_json(c, paths[i], texts[i], lens[i], err);
        ok = ok && (!file || lnlt_catalog_add_file(c, file, err)) && lnlt_catalog_link(c, err);
    }
    for (int i = 0; i < n; i++) {
        free(texts[i]);
        free(paths[i]);
    }
    if (!ok) {
        lnlt_catalog_free(c);
        return false;
    }
    *out = c;
    return true;
}

bool lnlt_catalog_cache_write(const char *dir, lnlt_error *err)
{
    lnlt_catalog *c = NULL;
    static const char *const subs[] = {"nations", "units", "vehicles", "weapons", "skills"};
    skip_id none = {false, 0, 0};
    char *paths[5 * LNLT_MAX_FILES];
    char *texts[5 * LNLT_MAX_FILES];
    size_t lens[5 * LNLT_MAX_FILES];
    int n = 0;
    bool ok = true;
    for (int i = 0; ok && i < 5; i++)
        ok = list_dir(dir, subs[i], &none, paths, &n, err);
    memset(texts, 0, sizeof texts);
    uint64_t key = ok ? read_all(paths, n, texts, lens) : 0;
    for (int i = 0; i < n; i++) {
        free(texts[i]);
        free(paths[i]);
    }
    /* linked from the files themselves, never from an older cache file */
    ok = ok && load_dir(dir, NULL, false, &c, err);
    if (ok) {
        oc_part whole = {c, sizeof *c};
        ok = oc_write("catalog", key, &whole, 1, err);
    }
    lnlt_catalog_free(c);
    return ok;
}

bool lnlt_catalog_load_dir(const char *dir, lnlt_catalog **out, lnlt_error *err)
{
    return load_dir(dir, NULL, true, out, err);
}

bool lnlt_catalog_load_dir_with(const char *dir, const char *file, lnlt_catalog **out,
                                lnlt_error *err)
{
    return load_dir(dir, file, false, out, err);
}

/* ---- saving ---- */

static json_t *opt_int(int v)
{
    return v == LNLT_NONE ? json_null() : json_integer(v);
}

static json_t *save_unit_face(const lnlt_unit_face *f)
{
    json_t *o = json_object();
    json_object_set_new(o, "ifp", opt_int(f->ifp));
    json_object_set_new(o, "range", opt_int(f->range));
    json_object_set_new(o, "mf", opt_int(f->mf));
    json_object_set_new(o, "morale", opt_int(f->morale));
    json_object_set_new(o, "lm", opt_int(f->lm));
    if (f->min_range > 0)
        json_object_set_new(o, "min_range", json_integer(f->min_range));
    for (int i = 0; i < UFLAG_COUNT; i++)
        if (f->flags & (1u << i))
            json_object_set_new(o, uflag_names[i], json_true());
    return o;
}

static json_t *save_sw_face(const lnlt_sw_face *f)
{
    json_t *o = json_object();
    json_object_set_new(o, "fp", opt_int(f->fp));
    json_object_set_new(o, "range", opt_int(f->range));
    if (f->min_range != LNLT_NONE)
        json_object_set_new(o, "min_range", json_integer(f->min_range));
    return o;
}

static void set_str(json_t *o, const char *k, const char *s)
{
    if (s[0])
        json_object_set_new(o, k, json_string(s));
}

char *lnlt_catalog_save_file(const lnlt_catalog *c, int file)
{
    if (!c || file < 0 || file >= c->file_count)
        return NULL;
    int kind = c->file_kind[file];
    static const char *const kinds[] = {NULL, "units", "weapons", "nations", "skills", "vehicles"};
    if (kind < CAT_UNITS || kind > CAT_VEHICLES)
        return NULL;
    json_t *root = json_object();
    json_t *arr = json_array();
    json_object_set_new(root, "kind", json_string(kinds[kind]));
    json_object_set_new(root, "format", json_integer(LNLT_DATA_FORMAT));
    json_object_set_new(root, kinds[kind], arr);
    if (kind == CAT_VEHICLES)
        catalog_save_vehicles(c, file, arr);
    if (kind == 1)
        for (int i = 0; i < c->unit_count; i++) {
            const lnlt_unit_type *u = &c->unit[i];
            if (u->file != file)
                continue;
            json_t *o = json_object();
            json_object_set_new(o, "id", json_string(u->id));
            json_object_set_new(o, "name", json_string(u->name));
            json_object_set_new(o, "kind", json_string(unit_kind_names[u->kind]));
            json_object_set_new(o, "nation", json_string(u->nation_id));
            json_object_set_new(o, "back_is", json_string(back_names[u->back_kind]));
            json_object_set_new(o, "front", save_unit_face(&u->front));
            if (u->back_kind != LNLT_BACK_NONE)
                json_object_set_new(o, "back", save_unit_face(&u->back));
            set_str(o, "reduces_to", u->reduces_to_id);
            if (u->kind == LNLT_UK_WEAPON_TEAM)
                json_object_set_new(o, "weapon", json_string(wt_weapon_names[u->wt_weapon]));
            if (u->mount != LNLT_MOUNT_NONE) { /* 6.6 */
                json_object_set_new(o, "mount", json_string(mount_names[u->mount - 1]));
                set_str(o, "dismounts_to", u->dismounts_to_id);
            }
            if (u->gun >= 0) /* 1.7.1 */
                json_object_set_new(o, "ordnance", catalog_save_gun(&c->gun[u->gun]));
            json_object_set_new(o, "countermix", opt_int(u->countermix));
            set_str(o, "note", u->note);
            json_array_append_new(arr, o);
        }
    if (kind == 2)
        for (int i = 0; i < c->sw_count; i++) {
            const lnlt_sw_type *w = &c->sw[i];
            if (w->file != file)
                continue;
            json_t *o = json_object();
            json_object_set_new(o, "id", json_string(w->id));
            json_object_set_new(o, "name", json_string(w->name));
            json_object_set_new(o, "kind", json_string(sw_kind_names[w->kind]));
            set_str(o, "nation", w->nation_id);
            json_object_set_new(o, "back_is", json_string(sw_back_names[w->back_kind]));
            json_object_set_new(o, "front", save_sw_face(&w->front));
            if (w->back.fp != LNLT_NONE || w->back.range != LNLT_NONE ||
                w->back.min_range != LNLT_NONE)
                json_object_set_new(o, "back", save_sw_face(&w->back));
            for (int k = 0; k < SWFLAG_COUNT; k++)
                if (w->flags & (1u << k))
                    json_object_set_new(o, swflag_names[k], json_true());
            if (w->kind == LNLT_SWK_ORDNANCE)
                json_object_set_new(o, "he", opt_int(w->he));
            if (w->depletion != LNLT_NONE)
                json_object_set_new(o, "depletion", json_integer(w->depletion));
            if (w->to_hit_count) {
                json_t *t = json_array();
                for (int k = 0; k < 3; k++)
                    json_array_append_new(t, json_pack("{s:i,s:o,s:o}", "range",
                                                       w->to_hit[k].range, "to_hit",
                                                       opt_int(w->to_hit[k].to_hit), "pv",
                                                       opt_int(w->to_hit[k].pv)));
                json_object_set_new(o, "to_hit", t);
            }
            json_object_set_new(o, "countermix", opt_int(w->countermix));
            set_str(o, "note", w->note);
            json_array_append_new(arr, o);
        }
    if (kind == 3)
        for (int i = 0; i < c->nation_count; i++) {
            const lnlt_nation *n = &c->nation[i];
            if (n->file != file)
                continue;
            json_t *o = json_object();
            json_object_set_new(o, "id", json_string(n->id));
            json_object_set_new(o, "name", json_string(n->name));
            set_str(o, "module", n->module);
            json_object_set_new(o, "era", json_string(era_names[n->era]));
            json_object_set_new(o, "color", json_string(n->color));
            set_str(o, "badge", n->badge);
            json_object_set_new(o, "smoke", json_integer(n->smoke));
            json_object_set_new(o, "starshell", opt_int(n->starshell));
            json_object_set_new(o, "heroes", json_pack("{s:b,s:i}", "allowed",
                                                       n->heroes_allowed, "max", n->heroes_max));
            json_t *t = json_array();
            for (int k = 0; k < LNLT_TRAIT_COUNT; k++)
                if (n->traits & (1u << k))
                    json_array_append_new(t, json_string(trait_names[k]));
            json_object_set_new(o, "traits", t);
            t = json_array();
            for (int k = 0; k < n->share_count; k++)
                json_array_append_new(t, json_string(n->share_sw_id[k]));
            json_object_set_new(o, "shares_sw_with", t);
            t = json_array();
            for (int k = 0; k < n->casualty_count; k++) {
                const lnlt_casualty_row *row = &n->casualty[k];
                json_t *res = json_array();
                /* one result per face: simple and exact */
                for (int f = 0; f < 6; f++)
                    json_array_append_new(
                        res, json_pack("{s:[i],s:o}", "faces", f + 1, "to",
                                       row->to_id[f][0] ? json_string(row->to_id[f])
                                                        : json_null()));
                json_array_append_new(t, json_pack("{s:s,s:o}", "from", row->from_id,
                                                   "results", res));
            }
            json_object_set_new(o, "casualty_table", t);
            set_str(o, "note", n->note);
            json_array_append_new(arr, o);
        }
    if (kind == 4)
        for (int i = 0; i < c->skill_count; i++) {
            const lnlt_skill *s = &c->skill[i];
            if (s->file != file)
                continue;
            json_t *o = json_object();
            json_object_set_new(o, "id", json_string(s->id));
            json_object_set_new(o, "name", json_string(s->name));
            json_object_set_new(o, "era", json_string(era_names[s->era]));
            json_object_set_new(o, "single_use", json_boolean(s->single_use));
            json_t *h = json_array();
            for (int k = 0; k < LNLT_UK_COUNT; k++)
                if (s->holders & (1u << k))
                    json_array_append_new(h, json_string(unit_kind_names[k]));
            json_object_set_new(o, "holders", h);
            json_t *e = json_array();
            for (int k = 0; k < s->effect_count; k++) {
                json_t *x = json_object();
                json_object_set_new(x, "effect", json_string(effect_names[s->effect[k].kind]));
                json_object_set_new(x, "scope", json_string(scope_names[s->effect[k].scope]));
                if (s->effect[k].value != LNLT_NONE)
                    json_object_set_new(x, "value", json_integer(s->effect[k].value));
                json_array_append_new(e, x);
            }
            json_object_set_new(o, "effects", e);
            set_str(o, "note", s->note);
            json_array_append_new(arr, o);
        }
    char *text = json_dumps(root, JSON_INDENT(2) | JSON_PRESERVE_ORDER);
    json_decref(root);
    return text;
}
