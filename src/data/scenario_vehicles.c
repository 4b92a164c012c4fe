/*
 * scenario_vehicles.c: the vehicle, ordnance and fortification parts of a scenario
 * file (docs/formats/scenario.md): the set-up's fortifications (21.1 bunkers with
 * their front, 21.2 foxholes, 21.3 wire, 21.4 mines of a side with their FP), the
 * OOB's off-board artillery missions (18.2, 18.3), and in a mid-game position a
 * unit's facing and turret (15.1, 15.1.1, 1.7.1), buttoned hatches (15.0.1), the
 * vehicle it rides or commands (16.0, 11.5), its acquisition (14.3) and the
 * engine's counters of its vehicle slot ("vehicle_state"). Reading, checking
 * against the catalog and the map, and saving; scenario.c and scenario_state.c
 * call in here.
 */
#include <string.h>

#include "data/scenario_internal.h"
#include "data/scenario_vehicles.h"
#include "lnlt/game.h"
#include "lnlt/ordnance.h"

static const char *const fort_names[LNLT_SCN_FORT_COUNT] = {"bunker", "foxholes", "wire", "mines", "cave"};

static bool read_side_id(jr *r, const lnlt_scenario *s, json_t *obj, const char *key, bool required, int8_t *out)
{
    char id[LNLT_ID_MAX];
    *out = LNLT_NONE;
    if (!jr_id(r, obj, key, required, id))
        return false;
    if (!id[0])
        return true;
    int k = lnlt_scenario_side(s, id);
    if (k < 0) {
        jr_key(r, key);
        return jr_fail(r, "expected a side id of the scenario (%s or %s), found \"%s\"", s->side[0].id, s->side[1].id,
                       id);
    }
    *out = (int8_t)k;
    return true;
}

bool scn_read_fortifications(jr *r, lnlt_scenario *s, json_t *root)
{
    json_t *a;
    if (!jr_array(r, root, "fortifications", false, LNLT_SCN_FORTS, &a))
        return false;
    if (!a)
        return true;
    size_t old = jr_key(r, "fortifications");
    for (size_t i = 0; i < json_array_size(a); i++) {
        static const char *const keys[] = {"type", "hex", "front", "side", "fp", "tm", "tunnel_side", NULL};
        lnlt_scn_fort *f = &s->fort[i];
        json_t *v = json_array_get(a, i);
        int kind, fp, tm;
        size_t o2 = jr_idx(r, i);
        if (!jr_is_object(r, v) || !jr_keys(r, v, keys) ||
            !jr_enum(r, v, "type", true, fort_names, LNLT_SCN_FORT_COUNT, 0, &kind) ||
            !jr_hex(r, v, "hex", true, &f->hex))
            return false;
        f->kind = (uint8_t)kind;
        f->side = LNLT_NONE;
        f->tunnel_side = LNLT_NONE;
        if (kind != LNLT_SCN_FORT_CAVE && json_object_get(v, "tunnel_side"))
            return jr_fail(r, "only a cave has a \"tunnel_side\" (10.7.1)");
        bool has_front = json_object_get(v, "front") != NULL, has_side = json_object_get(v, "side") != NULL;
        bool has_fp = json_object_get(v, "fp") != NULL, has_tm = json_object_get(v, "tm") != NULL;
        if (kind == LNLT_SCN_FORT_BUNKER) {
            if (!has_front)
                return jr_fail(r, "a bunker names the hex its front faces (\"front\", 21.1)");
            if (has_side || has_fp)
                return jr_fail(r, "a bunker has a \"front\" and may have a \"tm\"; \"side\" and \"fp\" are for mines");
            if (!jr_hex(r, v, "front", true, &f->front) || !jr_int(r, v, "tm", false, 1, 4, 0, &tm))
                return false;
            f->fp = (int8_t)tm;
            if (lnlt_hex_distance(f->hex, f->front) != 1) {
                jr_key(r, "front");
                return jr_fail(r, "the front hex must be next to the bunker's hex");
            }
        } else if (kind == LNLT_SCN_FORT_CAVE) {
            /* 10.7: a cave faces like a bunker, and its marker prints its TM */
            if (!has_front || !has_tm)
                return jr_fail(r, "a cave names the hex its front faces (\"front\") and its TM (\"tm\", 10.7)");
            if (has_side || has_fp)
                return jr_fail(r, "a cave has a \"front\", a \"tm\" and may have a \"tunnel_side\"; \"side\" and \"fp\" are for mines");
            if (!jr_hex(r, v, "front", true, &f->front) || !jr_int(r, v, "tm", true, 1, 4, 1, &tm) ||
                !read_side_id(r, s, v, "tunnel_side", false, &f->tunnel_side))
                return false;
            f->fp = (int8_t)tm;
            if (lnlt_hex_distance(f->hex, f->front) != 1) {
                jr_key(r, "front");
                return jr_fail(r, "the front hex must be next to the cave's hex");
            }
        } else if (kind == LNLT_SCN_FORT_MINES) {
            if (has_front || has_tm)
                return jr_fail(r, "mines have a \"side\" and an \"fp\"; \"front\" and \"tm\" are for bunkers");
            if (!read_side_id(r, s, v, "side", true, &f->side) || !jr_int(r, v, "fp", true, 1, 12, 1, &fp))
                return false;
            f->fp = (int8_t)fp;
        } else if (has_front || has_side || has_fp || has_tm) {
            return jr_fail(r, "%s take a \"type\" and a \"hex\" only", fort_names[kind]);
        }
        for (size_t k = 0; k < i; k++)
            if (s->fort[k].kind == f->kind && lnlt_hex_equal(s->fort[k].hex, f->hex)) {
                jr_key(r, "hex");
                return jr_fail(r, "a second %s counter in the same hex", fort_names[kind]);
            }
        for (size_t k = 0; k < i; k++) /* ruling R-CORE-120: one bunker or cave per hex */
            if ((s->fort[k].kind == LNLT_SCN_FORT_CAVE || s->fort[k].kind == LNLT_SCN_FORT_BUNKER) &&
                (kind == LNLT_SCN_FORT_CAVE || kind == LNLT_SCN_FORT_BUNKER) && s->fort[k].kind != kind &&
                lnlt_hex_equal(s->fort[k].hex, f->hex)) {
                jr_key(r, "hex");
                return jr_fail(r, "a hex holds a bunker or a cave, not both (ruling R-CORE-120)");
            }
        int places = 0; /* the engine's bunkers and caves (LNLT_MAX_BUNKERS) */
        for (size_t k = 0; k <= i; k++)
            places += s->fort[k].kind == LNLT_SCN_FORT_BUNKER || s->fort[k].kind == LNLT_SCN_FORT_CAVE;
        if (places > LNLT_MAX_BUNKERS)
            return jr_fail(r, "at most %d bunkers and caves in a scenario", LNLT_MAX_BUNKERS);
        s->fort_count++;
        jr_pop(r, o2);
    }
    jr_pop(r, old);
    return true;
}

bool scn_read_artillery(jr *r, lnlt_scenario *s, json_t *root)
{
    json_t *a;
    if (!jr_array(r, root, "artillery", false, LNLT_SCN_ARTILLERY, &a))
        return false;
    if (!a)
        return true;
    size_t old = jr_key(r, "artillery");
    for (size_t i = 0; i < json_array_size(a); i++) {
        static const char *const keys[] = {"side", "missions", "fp", NULL};
        lnlt_scn_artillery *x = &s->artillery[i];
        json_t *v = json_array_get(a, i);
        int missions, fp;
        size_t o2 = jr_idx(r, i);
        if (!jr_is_object(r, v) || !jr_keys(r, v, keys) || !read_side_id(r, s, v, "side", true, &x->side) ||
            !jr_int(r, v, "missions", true, 1, 9, 1, &missions) || !jr_int(r, v, "fp", true, 1, 12, 1, &fp))
            return false;
        for (size_t k = 0; k < i; k++)
            if (s->artillery[k].side == x->side)
                return jr_fail(r, "one artillery line per side");
        x->missions = (uint8_t)missions;
        x->fp = (uint8_t)fp;
        s->artillery_count++;
        jr_pop(r, o2);
    }
    jr_pop(r, old);
    return true;
}

/* Corners by compass point, 0..5 clockwise from the north-east one (lnlt/ordnance.h):
 * the names a corner at the map's edge is written with. */
static const char *const corner_names[LNLT_CORNERS] = {"ne", "e", "se", "sw", "w", "nw"};

/* "facing": ["14D6", "14E5"], the two hexes beside the corner of `at` faced, or
 * the corner's compass point ("ne") when one of them is off the map. */
static bool read_corner(jr *r, json_t *e, const char *key, lnlt_hex at, lnlt_hex out[2], bool *has)
{
    json_t *fa;
    *has = false;
    json_t *named = json_object_get(e, key);
    if (json_is_string(named)) {
        int k;
        size_t o4 = jr_key(r, key);
        if (!jr_enum_value(r, named, corner_names, LNLT_CORNERS, &k))
            return false;
        int d1, d2;
        lnlt_corner_dirs(k, &d1, &d2);
        out[0] = lnlt_hex_neighbor(at, (lnlt_dir)d1);
        out[1] = lnlt_hex_neighbor(at, (lnlt_dir)d2);
        *has = true;
        jr_pop(r, o4);
        return true;
    }
    if (!jr_array(r, e, key, false, 2, &fa))
        return false;
    if (!fa)
        return true;
    size_t o4 = jr_key(r, key);
    if (json_array_size(fa) != 2)
        return jr_fail(r, "expected the two hexes that name the faced vertex");
    for (size_t k = 0; k < 2; k++) {
        size_t o5 = jr_idx(r, k);
        if (!jr_hex_value(r, json_array_get(fa, k), &out[k]))
            return false;
        jr_pop(r, o5);
    }
    if (lnlt_corner_between(at, out[0], out[1]) < 0)
        return jr_fail(r, "the two hexes must be adjacent to the unit's hex and to each other (they name a vertex)");
    *has = true;
    jr_pop(r, o4);
    return true;
}

/* LNLT_VEH_* bits in order ("buttoned" has a key of its own). */
static const char *const veh_flag_names[8] = {NULL,         "abandoned",     "immobilized",  "hull_down",
                                              "continuous", "atgm_expended", "assault_fire", "paused"};

/* "vehicle_state": the engine's counters of a vehicle slot, in its numbering
 * (docs/formats/scenario.md); a snapshot writes them when any is set. */
static bool read_vehicle_slot_state(jr *r, json_t *e, lnlt_scn_unit_state *u)
{
    static const char *const keys[] = {"flags", "impulse", "turn", "road_half_mp", "shots", "paused_mode",
                                       "fire_location", "corners", NULL};
    json_t *v = json_object_get(e, "vehicle_state");
    if (!v)
        return true;
    size_t old = jr_key(r, "vehicle_state");
    int impulse, turn, road, shots, paused, fire_loc;
    json_t *fl;
    if (!jr_is_object(r, v) || !jr_keys(r, v, keys) || !jr_array(r, v, "flags", false, 8, &fl) ||
        !jr_int(r, v, "impulse", false, 0, 255, 0, &impulse) || !jr_int(r, v, "turn", false, 0, 63, 0, &turn) ||
        !jr_int(r, v, "road_half_mp", false, 0, 255, 0, &road) || !jr_int(r, v, "shots", false, 0, 255, 0, &shots) ||
        !jr_int(r, v, "paused_mode", false, 0, 15, 0, &paused) ||
        !jr_int(r, v, "fire_location", false, -1, LNLT_MAX_CELLS * LNLT_FLOORS - 1, -1, &fire_loc))
        return false;
    u->veh_flags = 0;
    for (size_t k = 0; fl && k < json_array_size(fl); k++) {
        size_t o2 = jr_key(r, "flags"), o3 = jr_idx(r, k);
        const char *name = json_string_value(json_array_get(fl, k));
        int found = -1;
        for (int b = 0; name && b < 8; b++)
            if (veh_flag_names[b] && !strcmp(name, veh_flag_names[b]))
                found = b;
        if (found < 0)
            return jr_fail(r, "expected one of \"abandoned\", \"immobilized\", \"hull_down\", \"continuous\", "
                              "\"atgm_expended\", \"assault_fire\", \"paused\"");
        u->veh_flags |= (uint8_t)(1u << found);
        jr_pop(r, o3);
        jr_pop(r, o2);
    }
    u->veh_impulse = (uint8_t)impulse;
    u->veh_turn = (uint8_t)turn;
    u->veh_road_mp2 = (uint8_t)road;
    u->veh_shots = (uint8_t)shots;
    u->veh_paused = (uint8_t)paused;
    u->veh_fire_loc = (int16_t)fire_loc;
    json_t *co;
    if (!jr_array(r, v, "corners", false, 2, &co))
        return false;
    if (co) {
        size_t o2 = jr_key(r, "corners");
        json_t *c0 = json_array_get(co, 0), *c1 = json_array_get(co, 1);
        if (json_array_size(co) != 2 || !json_is_integer(c0) || !json_is_integer(c1) || json_integer_value(c0) < 0 ||
            json_integer_value(c0) > 5 || json_integer_value(c1) < 0 || json_integer_value(c1) > 5)
            return jr_fail(r, "expected the hull's and the turret's corners, two integers from 0 to 5");
        if (u->where == LNLT_SCN_ON_MAP)
            return jr_fail(r, "a vehicle on the map gives its \"facing\" instead");
        u->veh_has_corners = true;
        u->veh_corner = (uint8_t)json_integer_value(c0);
        u->veh_turret_corner = (uint8_t)json_integer_value(c1);
        jr_pop(r, o2);
    }
    u->has_vehicle_state = true;
    jr_pop(r, old);
    return true;
}

bool scn_read_unit_vehicle_state(jr *r, const lnlt_catalog *cat, lnlt_scn_state *st, int i, json_t *e)
{
    lnlt_scn_unit_state *u = &st->unit[i];
    const lnlt_unit_type *t = &cat->unit[u->type];
    bool vehicle = t->kind == LNLT_UK_VEHICLE;
    int aboard, level, fresh, floor;
    u->aboard = LNLT_NONE;
    u->acq_target = LNLT_NONE;
    if (!jr_bool(r, e, "buttoned", false, &u->buttoned) || !jr_bool(r, e, "outside", false, &u->outside) ||
        !jr_int(r, e, "aboard", false, 0, LNLT_SCN_STATE_UNITS - 1, -1, &aboard) ||
        !read_corner(r, e, "facing", u->hex, u->facing, &u->has_facing) ||
        !read_corner(r, e, "turret", u->hex, u->turret, &u->has_turret) || !read_vehicle_slot_state(r, e, u))
        return false;
    if (u->has_turret && (!vehicle || !u->has_facing)) {
        jr_key(r, "turret");
        return jr_fail(r, "only a vehicle with a \"facing\" has a turret facing of its own (15.1.1)");
    }
    if (u->has_vehicle_state && !vehicle && t->gun < 0) {
        jr_key(r, "vehicle_state");
        return jr_fail(r, "only vehicles and gun teams have a vehicle state");
    }
    if (u->buttoned && !vehicle) {
        jr_key(r, "buttoned");
        return jr_fail(r, "only vehicles button up (15.0.1); a %s does not", lnlt_unit_kind_name(t->kind));
    }
    if (u->buttoned && vehicle) {
        const lnlt_vehicle_type *vt = &cat->vehicle[t->vehicle];
        if (!lnlt_vehicle_armored(vt) || (vt->flags & LNLT_VF_OPEN_TOP)) {
            jr_key(r, "buttoned");
            return jr_fail(r, "an open-topped or unarmored vehicle is always open (15.0.1)");
        }
    }
    if (u->has_facing && !vehicle && t->kind != LNLT_UK_WEAPON_TEAM) {
        jr_key(r, "facing");
        return jr_fail(r, "only vehicles and weapon teams face a vertex (15.1, 1.7.1)");
    }
    if (aboard >= 0) { /* the vehicle may be listed after it: checked in scn_check_vehicle_state */
        if (vehicle) {
            jr_key(r, "aboard");
            return jr_fail(r, "a vehicle rides no vehicle (16.0)");
        }
        if (t->kind == LNLT_UK_ARMOR_LEADER && u->outside) {
            jr_key(r, "outside");
            return jr_fail(r, "an armor leader commands his vehicle from inside (11.5)");
        }
        u->aboard = (int8_t)aboard;
        u->floor = 0;
    } else if (u->outside) {
        jr_key(r, "outside");
        return jr_fail(r, "\"outside\" goes with \"aboard\"");
    } else if (t->kind == LNLT_UK_ARMOR_LEADER && u->where == LNLT_SCN_ON_MAP) {
        return jr_fail(r, "an armor leader starts in command of a vehicle (\"aboard\", 11.5)");
    }
    json_t *q = json_object_get(e, "acquiring");
    if (!q)
        return true;
    static const char *const qk[] = {"target", "hex", "floor", "level", "fresh", NULL};
    size_t old = jr_key(r, "acquiring");
    int target;
    if (!jr_is_object(r, q) || !jr_keys(r, q, qk) || !jr_int(r, q, "target", false, 0, LNLT_SCN_STATE_UNITS - 1, -1, &target) ||
        !jr_int(r, q, "level", true, 1, 2, 1, &level) || !jr_int(r, q, "fresh", false, 0, 255, 0, &fresh) ||
        !jr_enum(r, q, "floor", false, scn_floor_names, LNLT_FLOORS + 1, 0, &floor))
        return false;
    u->acq_floor = (uint8_t)scn_floor_fold(floor);
    if (floor && !json_object_get(q, "hex")) {
        jr_key(r, "floor");
        return jr_fail(r, "a \"floor\" goes with the \"hex\" of non-vehicle units");
    }
    u->acq_fresh = (uint8_t)fresh;
    bool has_hex = json_object_get(q, "hex") != NULL;
    if ((target >= 0) == has_hex)
        return jr_fail(r, "an acquisition names a \"target\" vehicle (its unit index) or the \"hex\" of non-vehicle units");
    if (has_hex && !jr_hex(r, q, "hex", true, &u->acq_hex))
        return false;
    if (!vehicle && t->gun < 0 && !lnlt_unit_kind_is_mmc(t->kind) && !lnlt_unit_kind_is_smc(t->kind))
        return jr_fail(r, "only a unit with ordnance acquires a target (14.3)");
    u->acq_target = (int8_t)target;
    u->acq_hex_set = has_hex;
    u->acq_level = (uint8_t)level;
    jr_pop(r, old);
    return true;
}

/* 16.0: a passenger's "aboard" names a vehicle of its side; it takes the
 * vehicle's hex. */
static bool check_aboard(jr *r, const lnlt_catalog *cat, lnlt_scn_state *st, int i, json_t *units)
{
    lnlt_scn_unit_state *u = &st->unit[i];
    if (u->aboard < 0)
        return true;
    size_t old = jr_key(r, "units"), o2 = jr_idx(r, (size_t)i), o3 = jr_key(r, "aboard");
    if (u->aboard >= st->unit_count || u->aboard == i)
        return jr_fail(r, "expected the index of a vehicle in \"units\"");
    const lnlt_scn_unit_state *v = &st->unit[u->aboard];
    if (cat->unit[v->type].kind != LNLT_UK_VEHICLE)
        return jr_fail(r, "unit %d (%s) is no vehicle: only vehicles carry passengers (16.0)", u->aboard, v->type_id);
    if (v->side != u->side)
        return jr_fail(r, "a passenger rides a vehicle of its own side");
    if (v->where != LNLT_SCN_ON_MAP)
        return jr_fail(r, "unit %d (%s) is not on the map", u->aboard, v->type_id);
    json_t *e = json_array_get(units, (size_t)i);
    if (e && json_object_get(e, "hex") && !lnlt_hex_equal(u->hex, v->hex)) {
        jr_pop(r, o3);
        jr_key(r, "hex");
        return jr_fail(r, "a passenger is in its vehicle's hex; leave \"hex\" out");
    }
    u->hex = v->hex;
    jr_pop(r, o3);
    jr_pop(r, o2);
    jr_pop(r, old);
    return true;
}

bool scn_check_vehicle_state(jr *r, const lnlt_catalog *cat, lnlt_scn_state *st, json_t *units)
{
    int vehicles = 0;
    for (int i = 0; i < st->unit_count; i++)
        if (!check_aboard(r, cat, st, i, units))
            return false;
    for (int i = 0; i < st->unit_count; i++) {
        const lnlt_scn_unit_state *u = &st->unit[i];
        const lnlt_unit_type *t = &cat->unit[u->type];
        vehicles += t->kind == LNLT_UK_VEHICLE || t->gun >= 0;
        if (u->acq_target >= 0) {
            size_t old = jr_key(r, "units"), o2 = jr_idx(r, (size_t)i), o3 = jr_key(r, "acquiring");
            if (u->acq_target >= st->unit_count || cat->unit[st->unit[u->acq_target].type].kind != LNLT_UK_VEHICLE ||
                st->unit[u->acq_target].side == u->side)
                return jr_fail(r, "\"target\" is the index of an enemy vehicle in \"units\"");
            jr_pop(r, o3);
            jr_pop(r, o2);
            jr_pop(r, old);
        }
    }
    if (vehicles > LNLT_MAX_VEHICLES) {
        jr_key(r, "units");
        return jr_fail(r, "more than %d vehicles and gun teams", LNLT_MAX_VEHICLES);
    }
    return true;
}

bool scn_check_bunker_floors(jr *r, const lnlt_scenario *s)
{
    for (int i = 0; s->has_state && i < s->state.marker_count; i++) {
        const lnlt_scn_hex_marker *m = &s->state.marker[i];
        bool cave = false;
        for (int k = 0; k < s->fort_count; k++)
            cave |= s->fort[k].kind == LNLT_SCN_FORT_CAVE && lnlt_hex_equal(s->fort[k].hex, m->hex);
        if (m->kind == LNLT_SCN_HM_COLLAPSED && !cave) {
            size_t o1 = jr_key(r, "state"), o2 = jr_key(r, "markers"), o3 = jr_idx(r, (size_t)i), o4 = jr_key(r, "hex");
            (void)o1, (void)o2, (void)o3, (void)o4;
            return jr_fail(r, "a Collapsed Entrance needs a cave in that hex (\"fortifications\", 10.7.2)");
        }
    }
    for (int i = 0; s->has_state && i < s->state.unit_count; i++) {
        const lnlt_scn_unit_state *u = &s->state.unit[i];
        if (u->floor != 3)
            continue;
        bool found = false;
        for (int k = 0; k < s->fort_count; k++)
            found |= (s->fort[k].kind == LNLT_SCN_FORT_BUNKER || s->fort[k].kind == LNLT_SCN_FORT_CAVE) &&
                     lnlt_hex_equal(s->fort[k].hex, u->hex);
        if (!found) {
            size_t o1 = jr_key(r, "state"), o2 = jr_key(r, "units"), o3 = jr_idx(r, (size_t)i), o4 = jr_key(r, "floor");
            (void)o1, (void)o2, (void)o3, (void)o4;
            return jr_fail(r, "no bunker or cave in that hex (\"fortifications\", 21.1, 10.7)");
        }
        bool cave = false;
        for (int k = 0; k < s->fort_count; k++)
            cave |= s->fort[k].kind == LNLT_SCN_FORT_CAVE && lnlt_hex_equal(s->fort[k].hex, u->hex);
        if ((u->markers & (1u << LNLT_SCN_MARK_IN_TUNNEL)) && !cave) {
            size_t o1 = jr_key(r, "state"), o2 = jr_key(r, "units"), o3 = jr_idx(r, (size_t)i), o4 = jr_key(r, "markers");
            (void)o1, (void)o2, (void)o3, (void)o4;
            return jr_fail(r, "an In Tunnel marker is only on a unit in a cave (10.7.1)");
        }
    }
    return true;
}

void scn_save_fortifications(json_t *o, const lnlt_scenario *s)
{
    char buf[LNLT_HEX_ID_MAX];
    if (s->fort_count) {
        json_t *a = json_array();
        for (int i = 0; i < s->fort_count; i++) {
            const lnlt_scn_fort *f = &s->fort[i];
            json_t *y = json_object();
            json_object_set_new(y, "type", json_string(fort_names[f->kind]));
            json_object_set_new(y, "hex", json_string(lnlt_hex_format(f->hex, buf)));
            if (f->kind == LNLT_SCN_FORT_BUNKER || f->kind == LNLT_SCN_FORT_CAVE) {
                json_object_set_new(y, "front", json_string(lnlt_hex_format(f->front, buf)));
                if (f->fp)
                    json_object_set_new(y, "tm", json_integer(f->fp));
            }
            if (f->kind == LNLT_SCN_FORT_CAVE && f->tunnel_side >= 0)
                json_object_set_new(y, "tunnel_side", json_string(s->side[f->tunnel_side].id));
            if (f->kind == LNLT_SCN_FORT_MINES) {
                json_object_set_new(y, "side", json_string(s->side[f->side].id));
                json_object_set_new(y, "fp", json_integer(f->fp));
            }
            json_array_append_new(a, y);
        }
        json_object_set_new(o, "fortifications", a);
    }
    if (s->artillery_count) {
        json_t *a = json_array();
        for (int i = 0; i < s->artillery_count; i++)
            json_array_append_new(a, json_pack("{s:s,s:i,s:i}", "side", s->side[s->artillery[i].side].id, "missions",
                                               s->artillery[i].missions, "fp", s->artillery[i].fp));
        json_object_set_new(o, "artillery", a);
    }
}

static json_t *corner_json(lnlt_hex at, const lnlt_hex h[2])
{
    char a[LNLT_HEX_ID_MAX], b[LNLT_HEX_ID_MAX];
    lnlt_hex_format(h[0], a);
    lnlt_hex_format(h[1], b);
    lnlt_hex pa, pb;
    int k = lnlt_corner_between(at, h[0], h[1]);
    if (k >= 0 && (!lnlt_hex_parse(a, &pa, NULL, 0) || !lnlt_hex_parse(b, &pb, NULL, 0)))
        return json_string(corner_names[k]); /* a hex beside it has no id: the map's edge */
    return json_pack("[s,s]", a, b);
}

void scn_save_unit_vehicle_state(json_t *y, const lnlt_scenario *s, const lnlt_scn_unit_state *u)
{
    char buf[LNLT_HEX_ID_MAX];
    if (u->has_facing)
        json_object_set_new(y, "facing", corner_json(u->hex, u->facing));
    if (u->has_turret)
        json_object_set_new(y, "turret", corner_json(u->hex, u->turret));
    if (u->has_vehicle_state) {
        json_t *v = json_object();
        if (u->veh_flags) {
            json_t *fl = json_array();
            for (int b = 0; b < 8; b++)
                if (veh_flag_names[b] && (u->veh_flags & (1u << b)))
                    json_array_append_new(fl, json_string(veh_flag_names[b]));
            json_object_set_new(v, "flags", fl);
        }
        if (u->veh_impulse)
            json_object_set_new(v, "impulse", json_integer(u->veh_impulse));
        if (u->veh_turn)
            json_object_set_new(v, "turn", json_integer(u->veh_turn));
        if (u->veh_road_mp2)
            json_object_set_new(v, "road_half_mp", json_integer(u->veh_road_mp2));
        if (u->veh_shots)
            json_object_set_new(v, "shots", json_integer(u->veh_shots));
        if (u->veh_paused)
            json_object_set_new(v, "paused_mode", json_integer(u->veh_paused));
        if (u->veh_fire_loc >= 0)
            json_object_set_new(v, "fire_location", json_integer(u->veh_fire_loc));
        if (u->veh_has_corners)
            json_object_set_new(v, "corners", json_pack("[i,i]", u->veh_corner, u->veh_turret_corner));
        json_object_set_new(y, "vehicle_state", v);
    }
    if (u->buttoned)
        json_object_set_new(y, "buttoned", json_true());
    if (u->aboard >= 0) {
        json_object_del(y, "hex");
        json_object_set_new(y, "aboard", json_integer(u->aboard));
        if (u->outside)
            json_object_set_new(y, "outside", json_true());
    }
    if (u->acq_level) {
        json_t *q = json_object();
        if (u->acq_hex_set) {
            json_object_set_new(q, "hex", json_string(lnlt_hex_format(u->acq_hex, buf)));
            if (u->acq_floor)
                json_object_set_new(q, "floor", json_string(scn_floor_word(s, u->acq_hex, u->acq_floor)));
        } else {
            json_object_set_new(q, "target", json_integer(u->acq_target));
        }
        json_object_set_new(q, "level", json_integer(u->acq_level));
        if (u->acq_fresh)
            json_object_set_new(q, "fresh", json_integer(u->acq_fresh));
        json_object_set_new(y, "acquiring", q);
    }
}
