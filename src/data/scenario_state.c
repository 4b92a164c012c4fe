/*
 * scenario_state.c: the mid-game position of a scenario (the "state" key,
 * docs/formats/scenario.md "Mid-game position"): reading it with a precise error
 * for anything the engine cannot honour, and writing it back. lnlt writes the
 * position of a game in progress in this form (src/game/snapshot.c), and saves
 * embed it (issue 17), so every part of the game state that matters has a key
 * here: units on and off the map with their force, markers and spent MP, weapons,
 * the markers lying in hexes, control (22.1), the dice generator, and the engine
 * registers of the decision under way (scenario_registers.c). Rulings R-SAVE-01
 * to R-SAVE-04 say what a position may not hold.
 */
#include <inttypes.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "data/scenario_internal.h"
#include "data/scenario_vehicles.h"
#include "lnlt/game.h"
#include "lnlt/map.h"

static const char *const phase_names[LNLT_SCN_PHASE_COUNT] = {"rally", "operations", "admin", "setup",
                                                               "game_over"};
static const char *const where_names[LNLT_SCN_WHERE_COUNT] = {"map", "waiting", "eliminated", "exited",
                                                               "merged"};
static const char *const hex_marker_names[LNLT_SCN_HM_COUNT] = {"smoke1", "smoke2",   "spotted",     "melee",
                                                                 "melee_fought", "ffe", "foxholes", "spotted_kept",
                                                                 "wreck", "wire", "mines", "fire1", "fire2",
                                                                 "collapsed_entrance", "rubble"};
/* LNLT_UNIT_* bits, in order. */
static const char *const unit_flag_names[] = {"wounded",    "activated", "rally_tried", "smoke_tried",
                                              "laid_smoke", "tended",    "ambushing",   "lent_lm"};
/* LNLT_MU_* bits, in order: a move suspended at depth 1 or 2 (6.8). */
static const char *const move_role_names[] = {"charging", "held", "suspended_mover_1", "suspended_activated_1",
                                              "suspended_mover_2", "suspended_activated_2", "continuous"};
/* LNLT_SW_* bits from flipped on (jammed, back side and used have keys of their own). */
static const char *const sw_flag_names[] = {NULL, NULL, NULL, "flipped", "captured", "broken", "abandon",
                                            "melee"};

#define NAMES(a) ((int)(sizeof(a) / sizeof((a)[0])))

/* A list of names from `names` into a bit set (bit i for names[i]). */
static bool read_name_bits(ctx *c, json_t *obj, const char *key, const char *const *names, int n,
                           uint32_t *out)
{
    json_t *a;
    *out = 0;
    if (!jr_array(&c->r, obj, key, false, (size_t)n, &a))
        return false;
    if (!a)
        return true;
    size_t old = jr_key(&c->r, key);
    for (size_t i = 0; i < json_array_size(a); i++) {
        size_t o2 = jr_idx(&c->r, i);
        const char *v = json_string_value(json_array_get(a, i));
        int found = -1;
        for (int k = 0; v && k < n; k++)
            if (names[k] && !strcmp(v, names[k]))
                found = k;
        if (found < 0) {
            char list[400] = "";
            for (int k = 0; k < n; k++)
                if (names[k])
                    snprintf(list + strlen(list), sizeof list - strlen(list), "%s\"%s\"", list[0] ? ", " : "",
                             names[k]);
            return jr_fail(&c->r, "expected one of %s", list);
        }
        *out |= 1u << found;
        jr_pop(&c->r, o2);
    }
    jr_pop(&c->r, old);
    return true;
}

static json_t *name_bits_json(uint32_t bits, const char *const *names, int n)
{
    json_t *a = json_array();
    for (int k = 0; k < n; k++)
        if (names[k] && (bits & (1u << k)))
            json_array_append_new(a, json_string(names[k]));
    return a;
}

static bool parse_hex64(const char *t, uint64_t *out)
{
    if (!t || strlen(t) != 16)
        return false;
    uint64_t v = 0;
    for (const char *p = t; *p; p++) {
        int d = *p >= '0' && *p <= '9' ? *p - '0' : *p >= 'a' && *p <= 'f' ? *p - 'a' + 10 : -1;
        if (d < 0)
            return false;
        v = v << 4 | (uint64_t)d;
    }
    *out = v;
    return true;
}

static bool read_dice(ctx *c, json_t *v, lnlt_scn_state *st)
{
    static const char *const keys[] = {"state", "inc", NULL};
    json_t *d = json_object_get(v, "dice");
    if (!d)
        return true;
    size_t old = jr_key(&c->r, "dice");
    if (!jr_is_object(&c->r, d) || !jr_keys(&c->r, d, keys))
        return false;
    if (!parse_hex64(json_string_value(json_object_get(d, "state")), &st->rng_state)) {
        jr_key(&c->r, "state");
        return jr_fail(&c->r, "expected the generator state as 16 lower-case hexadecimal digits");
    }
    if (!parse_hex64(json_string_value(json_object_get(d, "inc")), &st->rng_inc) || !(st->rng_inc & 1)) {
        jr_key(&c->r, "inc");
        return jr_fail(&c->r, "expected the generator increment as 16 lower-case hexadecimal digits, an odd number");
    }
    st->has_rng = true;
    jr_pop(&c->r, old);
    return true;
}

/* 3.0: "parent_squad", the squad type a half-squad was reduced from, so that
 * recombining gives it back without a die (ruling R-DATA-09). */
static bool read_parent_squad(ctx *c, json_t *e, lnlt_scn_unit_state *u)
{
    u->parent = LNLT_NONE;
    if (!jr_id(&c->r, e, "parent_squad", false, u->parent_id))
        return false;
    if (!u->parent_id[0])
        return true;
    int t = lnlt_catalog_unit(c->cat, u->parent_id);
    if (t < 0) {
        size_t old = jr_key(&c->r, "parent_squad");
        (void)old;
        return jr_fail(&c->r, "expected the id of a unit type in the catalog, found \"%s\"", u->parent_id);
    }
    u->parent = (int16_t)t;
    return true;
}

static bool read_units(ctx *c, json_t *v, lnlt_scn_state *st)
{
    json_t *a;
    if (!jr_array(&c->r, v, "units", true, LNLT_SCN_STATE_UNITS, &a))
        return false;
    size_t o2 = jr_key(&c->r, "units");
    for (size_t i = 0; i < json_array_size(a); i++) {
        static const char *const uk[] = {"side",  "type",     "skill",      "hex",        "floor",
                                         "where", "force",    "entry_turn", "shaken",     "wounds",
                                         "markers", "flags",  "half_mp",    "skill_used", "move_roles",
                                         "facing", "parent_squad", "turret", "buttoned", "aboard",
                                         "outside", "acquiring", "vehicle_state", NULL};
        lnlt_scn_unit_state *u = &st->unit[i];
        json_t *e = json_array_get(a, i), *mk;
        int floor, wounds, where, half_mp;
        size_t o3 = jr_idx(&c->r, i);
        memset(u, 0, sizeof *u);
        if (!jr_is_object(&c->r, e) || !jr_keys(&c->r, e, uk))
            return false;
        if (!scn_read_side(c, e, "side", true, false, &u->side) ||
            !scn_read_unit_type(c, e, u->side, u->type_id, &u->type) ||
            !scn_read_skill_for(c, e, u->type, u->skill_id, &u->skill) ||
            !jr_enum(&c->r, e, "where", false, where_names, LNLT_SCN_WHERE_COUNT, LNLT_SCN_ON_MAP, &where) ||
            !jr_enum(&c->r, e, "floor", false, scn_floor_names, LNLT_FLOORS + 1, 0, &floor) ||
            !jr_bool(&c->r, e, "shaken", false, &u->shaken) ||
            !jr_int(&c->r, e, "wounds", false, 0, 3, 0, &wounds) ||
            !jr_int(&c->r, e, "half_mp", false, 0, 255, 0, &half_mp) ||
            !jr_bool(&c->r, e, "skill_used", false, &u->skill_used) ||
            !jr_array(&c->r, e, "markers", false, LNLT_SCN_MARK_COUNT, &mk))
            return false;
        if (!read_parent_squad(c, e, u))
            return false;
        u->where = (uint8_t)where;
        u->floor = (uint8_t)scn_floor_fold(floor);
        u->wounds = (int8_t)wounds;
        u->half_mp = (uint8_t)half_mp;
        bool has_hex = json_object_get(e, "hex") != NULL;
        bool aboard = json_object_get(e, "aboard") != NULL; /* 16.0: in its vehicle's hex */
        if (aboard && where != LNLT_SCN_ON_MAP) {
            jr_key(&c->r, "aboard");
            return jr_fail(&c->r, "a passenger rides a vehicle on the map: give no \"where\"");
        }
        if (has_hex != (where == LNLT_SCN_ON_MAP) && !aboard)
            return jr_fail(&c->r, "a unit on the map has a \"hex\" and no \"where\"; one off the map has a "
                                  "\"where\" (waiting, eliminated, exited, merged) and no \"hex\"");
        if (has_hex && !jr_hex(&c->r, e, "hex", true, &u->hex))
            return false;
        if (where != LNLT_SCN_ON_MAP && floor) {
            jr_key(&c->r, "floor");
            return jr_fail(&c->r, "only a unit on the map is on a floor");
        }
        char fid[LNLT_ID_MAX];
        u->force = LNLT_NONE;
        if (!jr_id(&c->r, e, "force", false, fid))
            return false;
        if (fid[0]) {
            u->force = (int8_t)lnlt_scenario_force(c->s, fid);
            size_t of = jr_key(&c->r, "force");
            if (u->force < 0)
                return jr_fail(&c->r, "there is no force \"%s\" in this scenario", fid);
            if (c->s->force[u->force].side != u->side)
                return jr_fail(&c->r, "force \"%s\" belongs to the other side", fid);
            jr_pop(&c->r, of);
        }
        json_t *et = json_object_get(e, "entry_turn");
        if (json_is_string(et) && !strcmp(json_string_value(et), "roll")) {
            u->entry_turn = LNLT_SCN_ENTRY_BY_ROLL;
        } else if (json_is_string(et) && !strcmp(json_string_value(et), "after_force")) {
            u->entry_turn = LNLT_SCN_ENTRY_AFTER_FORCE;
        } else if (json_is_string(et)) {
            jr_key(&c->r, "entry_turn");
            return jr_fail(&c->r, "expected a turn number, \"roll\" or \"after_force\"");
        } else {
            int t;
            if (!jr_int(&c->r, e, "entry_turn", false, 0, 40, 0, &t))
                return false;
            u->entry_turn = (uint8_t)t;
        }
        int kind = c->cat->unit[u->type].kind;
        if (wounds && !lnlt_unit_kind_is_smc(kind)) {
            jr_key(&c->r, "wounds");
            return jr_fail(&c->r, "only single-man counters are wounded; a %s is not", lnlt_unit_kind_name(kind));
        }
        if (u->shaken && kind == LNLT_UK_HERO) {
            jr_key(&c->r, "shaken");
            return jr_fail(&c->r, "heroes never shake (11.2): use \"wounds\"");
        }
        if (mk) {
            size_t o4 = jr_key(&c->r, "markers");
            for (size_t k = 0; k < json_array_size(mk); k++) {
                int m;
                size_t o5 = jr_idx(&c->r, k);
                if (!jr_enum_value(&c->r, json_array_get(mk, k), scn_marker_names, LNLT_SCN_MARK_COUNT, &m))
                    return false;
                if (m == LNLT_SCN_MARK_NONE)
                    return jr_fail(&c->r, "\"none\" is not a marker");
                if (m == LNLT_SCN_MARK_MELEE && where != LNLT_SCN_ON_MAP)
                    return jr_fail(&c->r, "a Melee marker lies on the map: this unit is not there");
                if (m == LNLT_SCN_MARK_IN_TUNNEL && (where != LNLT_SCN_ON_MAP || u->floor != LNLT_FLOOR_BUNKER))
                    return jr_fail(&c->r, "an In Tunnel marker is only on a unit in a cave (10.7.1)");
                u->markers |= (uint16_t)(1u << m);
                jr_pop(&c->r, o5);
            }
            jr_pop(&c->r, o4);
        }
        uint32_t bits;
        if (json_object_get(e, "flags")) {
            if (!read_name_bits(c, e, "flags", unit_flag_names, NAMES(unit_flag_names), &bits))
                return false;
            u->has_flags = true;
            u->flags = (uint8_t)bits;
        }
        if (!read_name_bits(c, e, "move_roles", move_role_names, NAMES(move_role_names), &bits))
            return false;
        u->mu_flags = (uint8_t)bits;
        if (!scn_read_unit_vehicle_state(&c->r, c->cat, st, (int)i, e)) /* 14.3, 15.0, 16.0, 11.5 */
            return false;
        st->unit_count++;
        jr_pop(&c->r, o3);
    }
    jr_pop(&c->r, o2);
    return scn_check_vehicle_state(&c->r, c->cat, st, a);
}

static bool read_weapons(ctx *c, json_t *v, lnlt_scn_state *st)
{
    json_t *a;
    if (!jr_array(&c->r, v, "weapons", false, LNLT_SCN_STATE_SW, &a))
        return false;
    if (!a)
        return true;
    int load[LNLT_SCN_STATE_UNITS] = {0};
    /* R-SAVE-20: a position waiting on a reduced unit's weapon drop (1.6) holds
     * more than the unit may carry until the owner picks what goes; the engine's
     * decision enforces the limit then, so the loader does not refuse it. */
    json_t *pending = json_object_get(json_object_get(v, "registers"), "pending");
    bool dropping = json_is_integer(pending) && json_integer_value(pending) == LNLT_DECIDE_SW_DROP;
    size_t o2 = jr_key(&c->r, "weapons");
    for (size_t i = 0; i < json_array_size(a); i++) {
        static const char *const wk[] = {"type", "held_by", "hex", "floor", "where", "mode", "jammed", "flags", NULL};
        lnlt_scn_sw_state *w = &st->sw[i];
        json_t *e = json_array_get(a, i);
        int held, mode, floor, where;
        size_t o3 = jr_idx(&c->r, i);
        memset(w, 0, sizeof *w);
        if (!jr_is_object(&c->r, e) || !jr_keys(&c->r, e, wk) || !jr_id(&c->r, e, "type", true, w->type_id) ||
            !jr_int(&c->r, e, "held_by", false, -1, (int)st->unit_count - 1, -1, &held) ||
            !jr_enum(&c->r, e, "mode", false, scn_mode_names, 3, 0, &mode) ||
            !jr_enum(&c->r, e, "floor", false, scn_floor_names, LNLT_FLOORS + 1, 0, &floor) ||
            !jr_enum(&c->r, e, "where", false, where_names, LNLT_SCN_WHERE_COUNT, LNLT_SCN_ON_MAP, &where) ||
            !jr_bool(&c->r, e, "jammed", false, &w->jammed))
            return false;
        w->type = (int16_t)lnlt_catalog_sw(c->cat, w->type_id);
        if (w->type < 0) {
            jr_key(&c->r, "type");
            return jr_fail(&c->r, "expected the id of a support weapon in the catalog, found \"%s\"", w->type_id);
        }
        w->held_by = (int8_t)held;
        w->mode = (uint8_t)mode;
        w->floor = (uint8_t)scn_floor_fold(floor);
        w->where = (uint8_t)where;
        if (where != LNLT_SCN_ON_MAP && where != LNLT_SCN_ELIMINATED && where != LNLT_SCN_WAITING) {
            jr_key(&c->r, "where");
            return jr_fail(&c->r, "a weapon is held, lies in a hex, is \"eliminated\" (out of play) or "
                                  "\"waiting\" (nowhere yet)");
        }
        bool has_hex = json_object_get(e, "hex") != NULL;
        int placed = (held >= 0) + has_hex + (where != LNLT_SCN_ON_MAP);
        if (placed != 1)
            return jr_fail(&c->r, "a weapon is either held (\"held_by\"), lies in a hex (\"hex\") or is off the "
                                  "map (\"where\"), exactly one of them");
        if (has_hex && !jr_hex(&c->r, e, "hex", true, &w->hex))
            return false;
        if (floor && !has_hex) {
            jr_key(&c->r, "floor");
            return jr_fail(&c->r, "only a weapon lying in a hex has a floor of its own (a held one is where its "
                                  "holder is)");
        }
        if (held >= 0) {
            const lnlt_scn_unit_state *hu = &st->unit[held];
            int kind = c->cat->unit[hu->type].kind;
            w->hex = hu->hex;
            if (++load[held] > scn_sw_capacity(kind) && !dropping) {
                jr_key(&c->r, "held_by");
                return jr_fail(&c->r, "unit %d (%s) cannot carry %d support weapon(s) (1.6)", held, hu->type_id,
                               load[held]);
            }
            /* No nation check here: mid-game, a held weapon may be a captured one. */
        }
        if (w->jammed && !(c->cat->sw[w->type].flags & LNLT_SWF_JAM)) {
            jr_key(&c->r, "jammed");
            return jr_fail(&c->r, "only J weapons jam (1.6); \"%s\" has no J", w->type_id);
        }
        uint32_t bits;
        if (!read_name_bits(c, e, "flags", sw_flag_names, NAMES(sw_flag_names), &bits))
            return false;
        w->flags = (uint8_t)bits;
        st->sw_count++;
        jr_pop(&c->r, o3);
    }
    jr_pop(&c->r, o2);
    return true;
}

static bool read_markers(ctx *c, json_t *v, lnlt_scn_state *st)
{
    json_t *a;
    if (!jr_array(&c->r, v, "markers", false, LNLT_SCN_STATE_MARKERS, &a))
        return false;
    if (!a)
        return true;
    size_t o2 = jr_key(&c->r, "markers");
    int forts = 0;
    for (size_t i = 0; i < json_array_size(a); i++) {
        static const char *const mk[] = {"marker", "hex", "floor", "side", "fp", NULL};
        lnlt_scn_hex_marker *m = &st->marker[i];
        json_t *e = json_array_get(a, i);
        int kind, floor, fp;
        size_t o3 = jr_idx(&c->r, i);
        if (!jr_is_object(&c->r, e) || !jr_keys(&c->r, e, mk) ||
            /* R-SAVE-02: a marker the engine has no rule for (fire without its special rule...) is refused. */
            !jr_enum(&c->r, e, "marker", true, hex_marker_names, LNLT_SCN_HM_COUNT, 0, &kind) ||
            !jr_hex(&c->r, e, "hex", true, &m->hex) ||
            !jr_enum(&c->r, e, "floor", false, scn_floor_names, LNLT_FLOORS + 1, 0, &floor) ||
            !scn_read_side(c, e, "side", kind == LNLT_SCN_HM_SPOTTED || kind == LNLT_SCN_HM_MINES, false, &m->side) ||
            !jr_int(&c->r, e, "fp", kind == LNLT_SCN_HM_MINES, 1, 9, 0, &fp))
            return false;
        m->kind = (uint8_t)kind;
        m->floor = (uint8_t)scn_floor_fold(floor);
        m->fp = (int8_t)fp;
        if (kind != LNLT_SCN_HM_SPOTTED && kind != LNLT_SCN_HM_MINES && m->side >= 0) {
            jr_key(&c->r, "side");
            return jr_fail(&c->r, "only a Spotted marker belongs to a side, or mines (21.4)");
        }
        if (kind != LNLT_SCN_HM_MINES && fp) {
            jr_key(&c->r, "fp");
            return jr_fail(&c->r, "only mines have an FP (21.4)");
        }
        bool fire = kind == LNLT_SCN_HM_FIRE1 || kind == LNLT_SCN_HM_FIRE2;
        bool floored = kind == LNLT_SCN_HM_SPOTTED || kind == LNLT_SCN_HM_MELEE || kind == LNLT_SCN_HM_MELEE_FOUGHT ||
                       kind == LNLT_SCN_HM_SPOTTED_KEPT || fire;
        if (fire) {
            /* 10.5.6: Fire markers belong to the optional fire rule */
            bool ruled = false;
            for (int r = 0; r < c->s->rule_count; r++)
                ruled |= c->s->rule[r].kind == LNLT_SSR_FIRE;
            if (!ruled)
                return jr_fail(&c->r, "a Fire marker needs the \"fire\" special rule (10.5.6)");
            if (floor == LNLT_FLOOR_ROOF || floor == LNLT_FLOOR_BUNKER) {
                jr_key(&c->r, "floor");
                return jr_fail(&c->r, "a Fire burns on the ground or a building's upper floor (ruling R-CORE-106)");
            }
        }
        if (floor && !floored) {
            jr_key(&c->r, "floor");
            return jr_fail(&c->r, "a %s marker covers the whole hex: it has no floor", hex_marker_names[kind]);
        }
        bool fort = kind == LNLT_SCN_HM_FOXHOLES || kind == LNLT_SCN_HM_WIRE || kind == LNLT_SCN_HM_MINES || fire ||
                    kind == LNLT_SCN_HM_COLLAPSED;
        if (fort && ++forts > LNLT_SCN_STATE_FORTS)
            return jr_fail(&c->r, "at most %d fortification counters", LNLT_SCN_STATE_FORTS);
        st->marker_count++;
        jr_pop(&c->r, o3);
    }
    jr_pop(&c->r, o2);
    return true;
}

/* "control": {"us": ["15H5", {"hex": "15H6", "floor": "upper"}, ...], "de": [...]}:
 * exactly the locations each side controls (22.1): a hex alone is its ground
 * floor (ruling R-CORE-92). */
static bool read_control(ctx *c, json_t *v, lnlt_scn_state *st)
{
    json_t *o = json_object_get(v, "control");
    if (!o)
        return true;
    size_t old = jr_key(&c->r, "control");
    if (!jr_is_object(&c->r, o))
        return false;
    const char *key;
    json_t *list;
    json_object_foreach(o, key, list) {
        int side = lnlt_scenario_side(c->s, key);
        size_t o2 = jr_key(&c->r, key);
        if (side < 0)
            return jr_fail(&c->r, "expected a side id (\"%s\" or \"%s\")", c->s->side[0].id, c->s->side[1].id);
        if (!json_is_array(list))
            return jr_fail(&c->r, "expected an array of hexes, found %s", jr_type(list));
        for (size_t i = 0; i < json_array_size(list); i++) {
            size_t o3 = jr_idx(&c->r, i);
            if (st->control_count >= LNLT_SCN_STATE_CONTROL)
                return jr_fail(&c->r, "more than %d controlled hexes", LNLT_SCN_STATE_CONTROL);
            lnlt_scn_control_hex *ct = &st->control[st->control_count];
            json_t *e = json_array_get(list, i);
            int floor = 0;
            if (json_is_object(e)) {
                static const char *const ck[] = {"hex", "floor", NULL};
                if (!jr_keys(&c->r, e, ck) || !jr_hex(&c->r, e, "hex", true, &ct->hex) ||
                    !jr_enum(&c->r, e, "floor", true, scn_floor_names, LNLT_FLOORS + 1, 0, &floor))
                    return false;
            } else if (!jr_hex_value(&c->r, e, &ct->hex)) {
                return false;
            }
            ct->floor = (uint8_t)scn_floor_fold(floor);
            ct->side = (int8_t)side;
            st->control_count++;
            jr_pop(&c->r, o3);
        }
        jr_pop(&c->r, o2);
    }
    st->has_control = true;
    jr_pop(&c->r, old);
    return true;
}

static bool reg_value_ok(const lnlt_scn_register *g, const lnlt_scn_state *st, long long v)
{
    if (v == g->def || (g->has_extra && v == g->extra))
        return true;
    if (v < g->min || v > g->max)
        return false;
    return g->kind != LNLT_REG_UNIT || v < st->unit_count;
}

static bool read_registers(ctx *c, json_t *v, lnlt_scn_state *st)
{
    json_t *o = json_object_get(v, "registers");
    if (!o)
        return true;
    size_t old = jr_key(&c->r, "registers");
    if (!jr_is_object(&c->r, o))
        return false;
    const char *key;
    json_t *val;
    json_object_foreach(o, key, val) {
        int r = lnlt_scn_register_find(key);
        size_t o2 = jr_key(&c->r, key);
        if (r < 0)
            return jr_fail(&c->r, "no such engine register (docs/formats/scenario.md lists them)");
        const lnlt_scn_register *g = &lnlt_scn_register_table[r];
        int32_t *slot = &st->reg.slot[lnlt_scn_register_slot(r)];
        if (g->kind == LNLT_REG_UNITS) {
            if (!json_is_array(val))
                return jr_fail(&c->r, "expected an array of unit numbers, found %s", jr_type(val));
            for (size_t i = 0; i < json_array_size(val); i++) {
                json_t *x = json_array_get(val, i);
                if (!json_is_integer(x) || json_integer_value(x) < 0 || json_integer_value(x) >= st->unit_count) {
                    jr_idx(&c->r, i);
                    return jr_fail(&c->r, "expected a unit number from 0 to %d", st->unit_count - 1);
                }
                int u = (int)json_integer_value(x);
                slot[u >> 3] |= 1 << (u & 7);
            }
        } else if (g->count == 1) {
            if (!json_is_integer(val) || !reg_value_ok(g, st, json_integer_value(val)))
                return jr_fail(&c->r, "expected an integer from %d to %d%s", (int)g->min,
                               g->kind == LNLT_REG_UNIT ? st->unit_count - 1 : (int)g->max,
                               g->def < g->min || g->def > g->max ? " (or its default)" : "");
            slot[0] = (int32_t)json_integer_value(val);
        } else {
            if (!json_is_array(val) || json_array_size(val) != g->count)
                return jr_fail(&c->r, "expected an array of %d integers", g->count);
            for (size_t i = 0; i < g->count; i++) {
                json_t *x = json_array_get(val, i);
                if (!json_is_integer(x) || !reg_value_ok(g, st, json_integer_value(x))) {
                    jr_idx(&c->r, i);
                    return jr_fail(&c->r, "expected an integer from %d to %d", (int)g->min, (int)g->max);
                }
                slot[i] = (int32_t)json_integer_value(x);
            }
        }
        st->reg.given[r / 64] |= 1ull << (r % 64);
        jr_pop(&c->r, o2);
    }
    st->has_registers = true;
    jr_pop(&c->r, old);
    return true;
}

bool scn_read_state(ctx *c, json_t *root)
{
    static const char *const keys[] = {"turn",    "last_turn", "phase",   "initiative", "to_act",    "events_done",
                                       "dice",    "units",     "weapons", "markers",    "control",   "registers",
                                       NULL};
    lnlt_scenario *s = c->s;
    lnlt_scn_state *st = &s->state;
    json_t *v = json_object_get(root, "state");
    if (!v)
        return true;
    size_t old = jr_key(&c->r, "state");
    int turn, phase, last_turn;
    if (!jr_is_object(&c->r, v) || !jr_keys(&c->r, v, keys) ||
        !jr_enum(&c->r, v, "phase", true, phase_names, LNLT_SCN_PHASE_COUNT, 0, &phase))
        return false;
    bool over = phase == LNLT_SCN_PHASE_GAME_OVER;
    if (!jr_int(&c->r, v, "last_turn", false, 1, 40, s->turns, &last_turn) ||
        !jr_int(&c->r, v, "turn", true, 1, last_turn, 1, &turn) ||
        !scn_read_side(c, v, "initiative", true, false, &st->initiative) ||
        !scn_read_side(c, v, "to_act", !over, false, &st->to_act))
        return false;
    st->turn = (int8_t)turn;
    st->last_turn = (int8_t)last_turn;
    st->phase = (uint8_t)phase;
    if (json_object_get(v, "events_done") && !scn_read_event_letters(c, v, "events_done", &st->events_done))
        return false;
    /* A position may hold the scenario's stand-in heroes (a save's final
     * position does once one has appeared): its units are read against the
     * catalog as the game will have it, the stand-in types added to a copy
     * (ruling R-SCN-42). */
    for (int r = 0; r < s->rule_count && !c->with_stand_ins; r++) {
        if (s->rule[r].kind != LNLT_SSR_HERO_STAND_IN)
            continue;
        if (!(c->with_stand_ins = malloc(sizeof *c->with_stand_ins)))
            return jr_fail(&c->r, "out of memory");
        memcpy(c->with_stand_ins, c->cat, sizeof *c->with_stand_ins);
        lnlt_error err;
        if (!scn_add_stand_ins(s, c->with_stand_ins, &err))
            return jr_fail(&c->r, "%s", err.msg);
        c->cat = c->with_stand_ins;
    }
    if (!read_dice(c, v, st) || !read_units(c, v, st) || !read_weapons(c, v, st) || !read_markers(c, v, st) ||
        !read_control(c, v, st) || !read_registers(c, v, st))
        return false;
    int pending = lnlt_scn_register_find("pending");
    if (phase == LNLT_SCN_PHASE_ADMIN &&
        !((st->reg.given[pending / 64] & (1ull << (pending % 64))) && st->reg.slot[lnlt_scn_register_slot(pending)] == LNLT_DECIDE_CONTINUOUS)) {
        /* R-SAVE-01: the engine stops in the Administrative Phase only for 15.5. */
        jr_key(&c->r, "phase");
        return jr_fail(&c->r, "the engine never stops in the Administrative Phase but to declare continuous movement "
                              "(register \"pending\" %d, 15.5): give the position at the end of the operations phase "
                              "or at the start of the next rally phase (ruling R-SAVE-01)", LNLT_DECIDE_CONTINUOUS);
    }
    s->has_state = true;
    jr_pop(&c->r, old);
    return true;
}

/* ---- writing ---- */

static json_t *units_json(const lnlt_scenario *s, const lnlt_scn_state *st)
{
    json_t *a = json_array();
    for (int i = 0; i < st->unit_count; i++) {
        const lnlt_scn_unit_state *u = &st->unit[i];
        json_t *y = json_object();
        json_object_set_new(y, "side", scn_side_json(s, u->side));
        json_object_set_new(y, "type", json_string(u->type_id));
        if (u->skill_id[0])
            json_object_set_new(y, "skill", json_string(u->skill_id));
        if (u->where == LNLT_SCN_ON_MAP)
            json_object_set_new(y, "hex", scn_hex_json(u->hex));
        else
            json_object_set_new(y, "where", json_string(where_names[u->where]));
        if (u->floor)
            json_object_set_new(y, "floor", json_string(scn_floor_word(s, u->hex, u->floor)));
        if (u->force >= 0)
            json_object_set_new(y, "force", json_string(s->force[u->force].id));
        if (u->entry_turn == LNLT_SCN_ENTRY_BY_ROLL)
            json_object_set_new(y, "entry_turn", json_string("roll"));
        else if (u->entry_turn == LNLT_SCN_ENTRY_AFTER_FORCE)
            json_object_set_new(y, "entry_turn", json_string("after_force"));
        else if (u->entry_turn)
            json_object_set_new(y, "entry_turn", json_integer(u->entry_turn));
        if (u->shaken)
            json_object_set_new(y, "shaken", json_true());
        if (u->wounds)
            json_object_set_new(y, "wounds", json_integer(u->wounds));
        if (u->markers) {
            json_t *m = json_array();
            for (int k = 1; k < LNLT_SCN_MARK_COUNT; k++)
                if (u->markers & (1u << k))
                    json_array_append_new(m, json_string(scn_marker_names[k]));
            json_object_set_new(y, "markers", m);
        }
        if (u->has_flags)
            json_object_set_new(y, "flags", name_bits_json(u->flags, unit_flag_names, NAMES(unit_flag_names)));
        if (u->half_mp)
            json_object_set_new(y, "half_mp", json_integer(u->half_mp));
        if (u->skill_used)
            json_object_set_new(y, "skill_used", json_true());
        if (u->mu_flags)
            json_object_set_new(y, "move_roles", name_bits_json(u->mu_flags, move_role_names, NAMES(move_role_names)));
        if (u->parent >= 0)
            json_object_set_new(y, "parent_squad", json_string(u->parent_id));
        scn_save_unit_vehicle_state(y, s, u); /* a passenger's hex is its vehicle's: left out */
        json_array_append_new(a, y);
    }
    return a;
}

static json_t *weapons_json(const lnlt_scenario *s, const lnlt_scn_state *st)
{
    json_t *a = json_array();
    for (int i = 0; i < st->sw_count; i++) {
        const lnlt_scn_sw_state *w = &st->sw[i];
        json_t *y = json_object();
        json_object_set_new(y, "type", json_string(w->type_id));
        if (w->held_by >= 0)
            json_object_set_new(y, "held_by", json_integer(w->held_by));
        else if (w->where != LNLT_SCN_ON_MAP)
            json_object_set_new(y, "where", json_string(where_names[w->where]));
        else
            json_object_set_new(y, "hex", scn_hex_json(w->hex));
        if (w->floor)
            json_object_set_new(y, "floor", json_string(scn_floor_word(s, w->hex, w->floor)));
        json_object_set_new(y, "mode", json_string(scn_mode_names[w->mode]));
        if (w->jammed)
            json_object_set_new(y, "jammed", json_true());
        if (w->flags)
            json_object_set_new(y, "flags", name_bits_json(w->flags, sw_flag_names, NAMES(sw_flag_names)));
        json_array_append_new(a, y);
    }
    return a;
}

static json_t *registers_json(const lnlt_scn_state *st)
{
    json_t *o = json_object();
    for (int r = 0; r < lnlt_scn_register_count; r++) {
        const lnlt_scn_register *g = &lnlt_scn_register_table[r];
        const int32_t *slot = &st->reg.slot[lnlt_scn_register_slot(r)];
        if (!(st->reg.given[r / 64] & (1ull << (r % 64))))
            continue;
        bool is_default = true;
        for (int k = 0; k < g->count; k++)
            is_default &= g->kind == LNLT_REG_UNITS ? slot[k] == 0 : slot[k] == g->def;
        if (is_default)
            continue;
        json_t *x;
        if (g->kind == LNLT_REG_UNITS) {
            x = json_array();
            for (int u = 0; u < g->count * 8; u++)
                if (slot[u >> 3] & (1 << (u & 7)))
                    json_array_append_new(x, json_integer(u));
        } else if (g->count == 1) {
            x = json_integer(slot[0]);
        } else {
            x = json_array();
            for (int k = 0; k < g->count; k++)
                json_array_append_new(x, json_integer(slot[k]));
        }
        json_object_set_new(o, g->name, x);
    }
    return o;
}

json_t *scn_state_json(const lnlt_scenario *s)
{
    const lnlt_scn_state *st = &s->state;
    json_t *x = json_object();
    json_object_set_new(x, "turn", json_integer(st->turn));
    if (st->last_turn != s->turns)
        json_object_set_new(x, "last_turn", json_integer(st->last_turn));
    json_object_set_new(x, "phase", json_string(phase_names[st->phase]));
    json_object_set_new(x, "initiative", scn_side_json(s, st->initiative));
    if (st->to_act >= 0)
        json_object_set_new(x, "to_act", scn_side_json(s, st->to_act));
    if (st->events_done & 0x0F) {
        json_t *e = json_array();
        for (int i = 0; i < 4; i++)
            if (st->events_done & (1u << i)) {
                char l[2] = {(char)('A' + i), 0};
                json_array_append_new(e, json_string(l));
            }
        json_object_set_new(x, "events_done", e);
    }
    if (st->has_rng) {
        char a[17], b[17];
        snprintf(a, sizeof a, "%016" PRIx64, st->rng_state);
        snprintf(b, sizeof b, "%016" PRIx64, st->rng_inc);
        json_object_set_new(x, "dice", json_pack("{s:s,s:s}", "state", a, "inc", b));
    }
    json_object_set_new(x, "units", units_json(s, st));
    json_object_set_new(x, "weapons", weapons_json(s, st));
    json_t *a = json_array();
    for (int i = 0; i < st->marker_count; i++) {
        const lnlt_scn_hex_marker *m = &st->marker[i];
        json_t *y = json_pack("{s:s,s:o}", "marker", hex_marker_names[m->kind], "hex", scn_hex_json(m->hex));
        if (m->floor)
            json_object_set_new(y, "floor", json_string(scn_floor_word(s, m->hex, m->floor)));
        if (m->side >= 0)
            json_object_set_new(y, "side", scn_side_json(s, m->side));
        if (m->kind == LNLT_SCN_HM_MINES)
            json_object_set_new(y, "fp", json_integer(m->fp));
        json_array_append_new(a, y);
    }
    json_object_set_new(x, "markers", a);
    if (st->has_control) {
        json_t *c = json_object();
        for (int side = 0; side < LNLT_SCN_SIDES; side++) {
            json_t *l = json_array();
            for (int i = 0; i < st->control_count; i++)
                if (st->control[i].side == side && st->control[i].floor)
                    json_array_append_new(l, json_pack("{s:o,s:s}", "hex", scn_hex_json(st->control[i].hex), "floor",
                                                       scn_floor_word(s, st->control[i].hex, st->control[i].floor)));
                else if (st->control[i].side == side)
                    json_array_append_new(l, scn_hex_json(st->control[i].hex));
            json_object_set_new(c, s->side[side].id, l);
        }
        json_object_set_new(x, "control", c);
    }
    if (st->has_registers)
        json_object_set_new(x, "registers", registers_json(st));
    return x;
}
