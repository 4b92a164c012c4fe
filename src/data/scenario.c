/*
 * scenario.c: loading, checking and saving scenario files (lnlt/scenario.h,
 * docs/formats/scenario.md).
 *
 * Implements the data side of rule 22.0 (OOB, set-up first, entry by edge or hex,
 * playable area, turns, initiative, SSRs, event markers with their paragraphs,
 * victory conditions, "half-squads are worth half"), 22.1 (initial control), 11.4
 * (snipers placed during play), 11.2.1 (hero stand-ins of the optional SSRs) and
 * 18.2 (a scripted fire mission). Checks that need only the catalog happen here at
 * load; checks that need the map live in scenario_check.c.
 *
 * Parsing is in passes so references may point forward: paragraph numbers and
 * force ids are collected first, then everything that refers to them is read.
 */
#include "lnlt/scenario.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "data/jread.h"
#include "data/scenario_terrain.h"
#include "data/scenario_vehicles.h"
#include "data/scenario_internal.h"

static const char *const arrive_names[LNLT_ARRIVE_COUNT] = {"setup", "enter", "sniper",
                                                             "held"};
static const char *const when_names[LNLT_WHEN_COUNT] = {"turn", "next_impulse", "next_turn",
                                                         "after_force", "roll"};
static const char *const edge_names[] = {"north", "east", "south", "west"};
static const char *const rule_names[LNLT_SSR_COUNT] = {
    "buildings_one_level", "no_hero_creation", "hero_stand_in", "sniper_zone",
    "no_entry_edge", "no_upper_level", "exit_is_elimination", "vehicle_size_speed", "hull_down", "mg_split",
    "fire", "rain_or_snow", "spot_vehicles"};
static const char *const op_names[LNLT_OP_COUNT] = {
    "read", "remove_events", "release", "place", "morale_check", "end_trigger_impulse",
    "fire_mission", "reveal_objective"};
static const char *const event_type_names[] = {"occupation", "line_of_sight"};
static const char *const cond_names[LNLT_COND_COUNT] = {"control", "exit", "objective",
                                                         "eliminate", "enemy_broken"};
static const char *const vp_for_names[] = {"control", "eliminated"};
static const char *const north_names[] = {"top", "bottom", "left", "right"};

int lnlt_scenario_side(const lnlt_scenario *s, const char *id)
{
    for (int i = 0; i < LNLT_SCN_SIDES; i++)
        if (!strcmp(s->side[i].id, id))
            return i;
    return LNLT_NONE;
}
int lnlt_scenario_zone(const lnlt_scenario *s, const char *id)
{
    for (int i = 0; i < s->zone_count; i++)
        if (!strcmp(s->zone[i].id, id))
            return i;
    return LNLT_NONE;
}
int lnlt_scenario_force(const lnlt_scenario *s, const char *id)
{
    for (int i = 0; i < s->force_count; i++)
        if (!strcmp(s->force[i].id, id))
            return i;
    return LNLT_NONE;
}

bool lnlt_scenario_in_area(const lnlt_scenario *s, lnlt_hex h)
{
    if (!s->has_area)
        return true;
    return h.col >= s->area_col[0] && h.col <= s->area_col[1] && h.row >= s->area_row[0] &&
           h.row <= s->area_row[1];
}

void lnlt_scenario_free(lnlt_scenario *s)
{
    free(s);
}

/* ---- small readers ---- */


/* The keys a part of the format takes for its kind: any other key present is an
 * error, since the engine would ignore it (`what` names the kind in the message). */
static bool only_keys(ctx *c, json_t *obj, const char *const *allowed, const char *what)
{
    const char *key;
    json_t *v;
    json_object_foreach(obj, key, v) {
        bool ok = false;
        for (size_t i = 0; allowed[i] && !ok; i++)
            ok = !strcmp(key, allowed[i]);
        if (!ok) {
            char list[200] = "";
            size_t n = 0;
            for (size_t i = 0; allowed[i] && n < sizeof list - 40; i++)
                n += (size_t)snprintf(list + n, sizeof list - n, "%s%s", i ? ", " : "", allowed[i]);
            (void)v;
            jr_key(&c->r, key);
            return jr_fail(&c->r, "\"%.40s\" has no meaning for %s (it takes: %s)", key, what, list);
        }
    }
    return true;
}

/* A side id, or (if allow_any) "any"/"both" meaning LNLT_NONE. */
static bool read_side(ctx *c, json_t *obj, const char *key, bool required, bool allow_any,
                      int8_t *out)
{
    char id[LNLT_ID_MAX];
    *out = LNLT_NONE;
    if (!jr_id(&c->r, obj, key, required, id))
        return false;
    if (!id[0])
        return true;
    if (allow_any && (!strcmp(id, "any") || !strcmp(id, "both")))
        return true;
    int i = lnlt_scenario_side(c->s, id);
    if (i < 0) {
        size_t old = jr_key(&c->r, key);
        jr_fail(&c->r, "expected a side id (\"%s\" or \"%s\"%s), found \"%s\"", c->s->side[0].id,
                c->s->side[1].id, allow_any ? " or \"any\"" : "", id);
        jr_pop(&c->r, old);
        return false;
    }
    *out = (int8_t)i;
    return true;
}

static bool read_ref(ctx *c, json_t *obj, const char *key, bool required, int kind, int8_t *out,
                     char *idbuf)
{
    /* kind: 0 zone, 1 force, 2 objective */
    char id[LNLT_ID_MAX];
    *out = LNLT_NONE;
    if (!jr_id(&c->r, obj, key, required, id))
        return false;
    if (idbuf)
        memcpy(idbuf, id, LNLT_ID_MAX);
    if (!id[0])
        return true;
    int i = LNLT_NONE;
    if (kind == 0)
        i = lnlt_scenario_zone(c->s, id);
    else if (kind == 1)
        i = lnlt_scenario_force(c->s, id);
    else
        for (int k = 0; k < c->s->objective_count; k++)
            if (!strcmp(c->s->objective[k].id, id))
                i = k;
    if (i < 0) {
        static const char *const what[] = {"zone", "force", "objective"};
        size_t old = jr_key(&c->r, key);
        jr_fail(&c->r, "expected the id of a %s defined in this scenario, found \"%s\"",
                what[kind], id);
        jr_pop(&c->r, old);
        return false;
    }
    *out = (int8_t)i;
    return true;
}

static bool read_edges(ctx *c, json_t *obj, const char *key, uint8_t *out)
{
    json_t *a;
    *out = 0;
    if (!jr_array(&c->r, obj, key, false, 4, &a))
        return false;
    if (!a)
        return true;
    size_t old = jr_key(&c->r, key);
    for (size_t i = 0; i < json_array_size(a); i++) {
        int e;
        size_t o2 = jr_idx(&c->r, i);
        if (!jr_enum_value(&c->r, json_array_get(a, i), edge_names, 4, &e))
            return false;
        *out |= (uint8_t)(1u << e);
        jr_pop(&c->r, o2);
    }
    jr_pop(&c->r, old);
    return true;
}

/* Unit kinds named in a list; "mmc" and "smc" stand for their groups. */
static bool read_kinds(ctx *c, json_t *obj, const char *key, uint32_t *out)
{
    json_t *a;
    *out = 0;
    if (!jr_array(&c->r, obj, key, false, LNLT_UK_COUNT + 2, &a))
        return false;
    if (!a)
        return true;
    size_t old = jr_key(&c->r, key);
    const char *names[LNLT_UK_COUNT + 2];
    for (int k = 0; k < LNLT_UK_COUNT; k++)
        names[k] = lnlt_unit_kind_name(k);
    names[LNLT_UK_COUNT] = "mmc";
    names[LNLT_UK_COUNT + 1] = "smc";
    for (size_t i = 0; i < json_array_size(a); i++) {
        int k;
        size_t o2 = jr_idx(&c->r, i);
        if (!jr_enum_value(&c->r, json_array_get(a, i), names, LNLT_UK_COUNT + 2, &k))
            return false;
        if (k < LNLT_UK_COUNT)
            *out |= 1u << k;
        else
            for (int j = 0; j < LNLT_UK_COUNT; j++)
                if (k == LNLT_UK_COUNT ? lnlt_unit_kind_is_mmc(j) : lnlt_unit_kind_is_smc(j))
                    *out |= 1u << j;
        jr_pop(&c->r, o2);
    }
    jr_pop(&c->r, old);
    return true;
}

static bool read_hex_list(ctx *c, json_t *obj, const char *key, lnlt_hex *out, int max,
                          uint8_t *count)
{
    json_t *a;
    *count = 0;
    if (!jr_array(&c->r, obj, key, false, (size_t)max, &a))
        return false;
    if (!a)
        return true;
    size_t old = jr_key(&c->r, key);
    for (size_t i = 0; i < json_array_size(a); i++) {
        size_t o2 = jr_idx(&c->r, i);
        if (!jr_hex_value(&c->r, json_array_get(a, i), &out[i]))
            return false;
        for (size_t k = 0; k < i; k++)
            if (lnlt_hex_equal(out[k], out[i]))
                return jr_fail(&c->r, "hex listed twice");
        jr_pop(&c->r, o2);
    }
    *count = (uint8_t)json_array_size(a);
    jr_pop(&c->r, old);
    return true;
}

/* ---- sides ---- */

static bool read_sides(ctx *c, json_t *root)
{
    json_t *a;
    if (!jr_array(&c->r, root, "sides", true, 2, &a))
        return false;
    size_t old = jr_key(&c->r, "sides");
    if (json_array_size(a) != 2)
        return jr_fail(&c->r, "expected exactly two sides, found %zu", json_array_size(a));
    for (int i = 0; i < 2; i++) {
        static const char *const keys[] = {"id", "name", "formation", "nations",
                                           "sets_up_first", NULL};
        lnlt_scn_side *sd = &c->s->side[i];
        json_t *v = json_array_get(a, (size_t)i), *n;
        size_t o2 = jr_idx(&c->r, (size_t)i);
        if (!jr_is_object(&c->r, v) || !jr_keys(&c->r, v, keys) ||
            !jr_id(&c->r, v, "id", true, sd->id) ||
            !jr_str(&c->r, v, "name", true, sd->name, sizeof sd->name) ||
            !jr_str(&c->r, v, "formation", false, sd->formation, sizeof sd->formation) ||
            !jr_bool(&c->r, v, "sets_up_first", false, &sd->sets_up_first) ||
            !jr_array(&c->r, v, "nations", true, LNLT_SCN_SIDE_NATIONS, &n))
            return false;
        if (!strcmp(sd->id, "any") || !strcmp(sd->id, "both") || !strcmp(sd->id, "draw")) {
            jr_key(&c->r, "id");
            return jr_fail(&c->r, "\"%s\" is reserved and cannot name a side", sd->id);
        }
        if (i == 1 && !strcmp(sd->id, c->s->side[0].id)) {
            jr_key(&c->r, "id");
            return jr_fail(&c->r, "both sides are called \"%s\"", sd->id);
        }
        size_t o3 = jr_key(&c->r, "nations");
        if (json_array_size(n) == 0)
            return jr_fail(&c->r, "expected at least one nation");
        for (size_t k = 0; k < json_array_size(n); k++) {
            size_t o4 = jr_idx(&c->r, k);
            if (!jr_id_value(&c->r, json_array_get(n, k), sd->nation_id[k]))
                return false;
            int ni = lnlt_catalog_nation(c->cat, sd->nation_id[k]);
            if (ni < 0)
                return jr_fail(&c->r, "expected the id of a nation in the catalog, found \"%s\"",
                               sd->nation_id[k]);
            sd->nation[k] = (int16_t)ni;
            jr_pop(&c->r, o4);
        }
        sd->nation_count = (uint8_t)json_array_size(n);
        jr_pop(&c->r, o3);
        jr_pop(&c->r, o2);
    }
    if (c->s->side[0].sets_up_first && c->s->side[1].sets_up_first)
        return jr_fail(&c->r, "only one side can set up first");
    jr_pop(&c->r, old);
    return true;
}

/* ---- zones ---- */

static bool read_zones(ctx *c, json_t *root)
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
        if (!read_hex_list(c, v, hk, z->hex, LNLT_SCN_ZONE_HEXES, &z->hex_count))
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
        if (!read_edges(c, v, "edges", &z->edges))
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

/* ---- arrivals ---- */

static bool read_arrive(ctx *c, json_t *obj, const char *key, bool required,
                        lnlt_scn_arrive *ar, int self_force)
{
    static const char *const keys[] = {"how", "when", "turn", "roll_at_most", "zone", "edges",
                                       "random_edge", "after", "adjacent_to", "same_edge", NULL};
    json_t *v = json_object_get(obj, key);
    size_t old = jr_key(&c->r, key);
    memset(ar, 0, sizeof *ar);
    ar->zone = ar->ref = LNLT_NONE;
    if (!v) {
        if (required)
            return jr_fail(&c->r, "missing (required)");
        jr_pop(&c->r, old);
        return true;
    }
    int how, when, turn, roll;
    if (!jr_is_object(&c->r, v) || !jr_keys(&c->r, v, keys) ||
        !jr_enum(&c->r, v, "how", true, arrive_names, LNLT_ARRIVE_COUNT, 0, &how) ||
        !jr_enum(&c->r, v, "when", false, when_names, LNLT_WHEN_COUNT, LNLT_WHEN_TURN, &when) ||
        !jr_int(&c->r, v, "turn", false, 0, 40, 0, &turn) ||
        !jr_int(&c->r, v, "roll_at_most", false, 0, 5, 0, &roll) ||
        !read_ref(c, v, "zone", false, 0, &ar->zone, NULL) ||
        !read_edges(c, v, "edges", &ar->edges) ||
        !jr_bool(&c->r, v, "same_edge", false, &ar->same_edge))
        return false;
    ar->how = (uint8_t)how;
    ar->when = (uint8_t)when;
    ar->turn = (int8_t)turn;
    ar->roll_at_most = (int8_t)roll;
    json_t *re;
    if (!jr_array(&c->r, v, "random_edge", false, 6, &re))
        return false;
    if (re) {
        size_t o2 = jr_key(&c->r, "random_edge");
        if (json_array_size(re) != 6)
            return jr_fail(&c->r, "expected the edge for each face of 1d6 (6 entries), found %zu",
                           json_array_size(re));
        for (size_t k = 0; k < 6; k++) {
            int e;
            size_t o3 = jr_idx(&c->r, k);
            if (!jr_enum_value(&c->r, json_array_get(re, k), edge_names, 4, &e))
                return false;
            ar->random_edge[k] = (uint8_t)(1u << e);
            jr_pop(&c->r, o3);
        }
        jr_pop(&c->r, o2);
    }
    json_t *after = json_object_get(v, "after"), *adj = json_object_get(v, "adjacent_to");
    if (after && adj && !json_equal(after, adj))
        return jr_fail(&c->r, "\"after\" and \"adjacent_to\" must name the same force");
    const char *rk = after ? "after" : adj ? "adjacent_to" : NULL;
    if (rk) {
        if (!read_ref(c, v, rk, true, 1, &ar->ref, ar->ref_id))
            return false;
        if (ar->ref == self_force) {
            jr_key(&c->r, rk);
            return jr_fail(&c->r, "a force cannot refer to itself");
        }
        ar->adjacent_to_ref = adj != NULL;
    }
    /* Shape checks per kind of arrival. */
    const char *bad = NULL;
    if (how == LNLT_ARRIVE_SETUP && ar->zone == LNLT_NONE)
        bad = "a force that sets up needs a \"zone\"";
    else if (how == LNLT_ARRIVE_ENTER && ar->zone == LNLT_NONE && !ar->edges && !re &&
             !ar->adjacent_to_ref)
        bad = "an entering force needs \"zone\" (entry hexes), \"edges\", \"random_edge\" or "
              "\"adjacent_to\"";
    else if (how == LNLT_ARRIVE_ENTER && when == LNLT_WHEN_TURN && turn < 1)
        bad = "an entry \"when\": \"turn\" needs \"turn\" of 1 or more";
    else if (how == LNLT_ARRIVE_ENTER && when == LNLT_WHEN_AFTER_FORCE && !after)
        bad = "\"when\": \"after_force\" needs \"after\"";
    else if (how == LNLT_ARRIVE_ENTER && when == LNLT_WHEN_ROLL && (turn < 1 || roll < 1))
        bad = "\"when\": \"roll\" needs \"turn\" (the first turn rolled for) and "
              "\"roll_at_most\" (1 to 5)";
    else if (roll && when != LNLT_WHEN_ROLL)
        bad = "\"roll_at_most\" goes with \"when\": \"roll\"";
    else if (after && when != LNLT_WHEN_AFTER_FORCE)
        bad = "\"after\" goes with \"when\": \"after_force\"";
    else if (how != LNLT_ARRIVE_ENTER && (ar->edges || re || rk || json_object_get(v, "when")))
        bad = "\"when\", \"edges\", \"random_edge\", \"after\" and \"adjacent_to\" apply only to "
              "\"how\": \"enter\"";
    else if ((how == LNLT_ARRIVE_SNIPER || how == LNLT_ARRIVE_HELD) && ar->zone != LNLT_NONE)
        bad = "\"zone\" applies only to \"setup\" and \"enter\"";
    if (bad)
        return jr_fail(&c->r, "%s", bad);
    jr_pop(&c->r, old);
    return true;
}

/* ---- forces ---- */

static bool nation_on_side(const lnlt_catalog *cat, const lnlt_scn_side *sd, int nation,
                           bool sharing)
{
    for (int i = 0; i < sd->nation_count; i++) {
        if (sd->nation[i] == nation)
            return true;
        if (sharing) {
            const lnlt_nation *n = &cat->nation[sd->nation[i]];
            for (int k = 0; k < n->share_count; k++)
                if (n->share_sw[k] == nation)
                    return true;
        }
    }
    return false;
}

static bool read_unit_type(ctx *c, json_t *obj, int side, char *idbuf, int16_t *out)
{
    if (!jr_id(&c->r, obj, "type", true, idbuf))
        return false;
    int t = lnlt_catalog_unit(c->cat, idbuf);
    size_t old = jr_key(&c->r, "type");
    if (t < 0)
        return jr_fail(&c->r, "expected the id of a unit type in the catalog, found \"%s\"", idbuf);
    if (side >= 0 && !nation_on_side(c->cat, &c->s->side[side], c->cat->unit[t].nation, false))
        return jr_fail(&c->r, "unit type \"%s\" belongs to nation \"%s\", which is not one of side "
                              "\"%s\"'s nations",
                       idbuf, c->cat->unit[t].nation_id, c->s->side[side].id);
    jr_pop(&c->r, old);
    *out = (int16_t)t;
    return true;
}

static bool read_skill_for(ctx *c, json_t *obj, int unit_type, char *idbuf, int16_t *out)
{
    *out = LNLT_NONE;
    if (!jr_id(&c->r, obj, "skill", false, idbuf))
        return false;
    if (!idbuf[0])
        return true;
    int k = lnlt_catalog_skill(c->cat, idbuf);
    size_t old = jr_key(&c->r, "skill");
    if (k < 0)
        return jr_fail(&c->r, "expected the id of a skill in the catalog, found \"%s\"", idbuf);
    int kind = c->cat->unit[unit_type].kind;
    if (!(c->cat->skill[k].holders & (1u << kind)))
        return jr_fail(&c->r, "a %s cannot hold the skill \"%s\" (12.0)", lnlt_unit_kind_name(kind),
                       idbuf);
    jr_pop(&c->r, old);
    *out = (int16_t)k;
    return true;
}

static bool sw_nation_ok(ctx *c, int side, int sw)
{
    int n = c->cat->sw[sw].nation;
    return n == LNLT_NONE || side < 0 || nation_on_side(c->cat, &c->s->side[side], n, true);
}

/* Which unit kinds may carry a SW at all (1.6, PAC SW portage). */
static bool kind_carries_sw(int kind)
{
    switch (kind) {
    case LNLT_UK_SQUAD: case LNLT_UK_HALF_SQUAD: case LNLT_UK_CREW: case LNLT_UK_LEADER:
    case LNLT_UK_HERO: case LNLT_UK_SCOUT: case LNLT_UK_COMMISSAR: case LNLT_UK_ADVISOR:
        return true;
    default:
        return false;
    }
}
static int kind_sw_capacity(int kind)
{
    return kind == LNLT_UK_SQUAD ? 2 : kind_carries_sw(kind) ? 1 : 0;
}

static bool read_forces(ctx *c, json_t *root)
{
    json_t *a;
    lnlt_scenario *s = c->s;
    if (!jr_array(&c->r, root, "forces", true, LNLT_SCN_FORCES, &a))
        return false;
    size_t old = jr_key(&c->r, "forces");
    /* pass 1: ids, so arrivals may refer to later forces */
    for (size_t i = 0; i < json_array_size(a); i++) {
        json_t *v = json_array_get(a, i);
        size_t o2 = jr_idx(&c->r, i);
        if (!jr_is_object(&c->r, v) || !jr_id(&c->r, v, "id", true, s->force[i].id))
            return false;
        if (lnlt_scenario_force(s, s->force[i].id) >= 0) {
            jr_key(&c->r, "id");
            return jr_fail(&c->r, "force id \"%s\" is defined twice", s->force[i].id);
        }
        s->force_count++;
        jr_pop(&c->r, o2);
    }
    for (size_t i = 0; i < json_array_size(a); i++) {
        static const char *const keys[] = {"id", "side", "arrive", "units", "weapons", NULL};
        lnlt_scn_force *f = &s->force[i];
        json_t *v = json_array_get(a, i), *units, *sws;
        size_t o2 = jr_idx(&c->r, i);
        if (!jr_keys(&c->r, v, keys) || !read_side(c, v, "side", true, false, &f->side) ||
            !read_arrive(c, v, "arrive", true, &f->arrive, (int)i) ||
            !jr_array(&c->r, v, "units", true, LNLT_SCN_LINES, &units) ||
            !jr_array(&c->r, v, "weapons", false, LNLT_SCN_SW_LINES, &sws))
            return false;
        size_t o3 = jr_key(&c->r, "units");
        if (json_array_size(units) == 0)
            return jr_fail(&c->r, "expected at least one unit line");
        if (s->line_count + json_array_size(units) > LNLT_SCN_LINES)
            return jr_fail(&c->r, "too many unit lines in the scenario (at most %d)", LNLT_SCN_LINES);
        f->first_line = s->line_count;
        for (size_t k = 0; k < json_array_size(units); k++) {
            static const char *const uk[] = {"type", "count", "skill", NULL};
            lnlt_scn_line *ln = &s->line[s->line_count];
            json_t *u = json_array_get(units, k);
            int count;
            size_t o4 = jr_idx(&c->r, k);
            if (!jr_is_object(&c->r, u) || !jr_keys(&c->r, u, uk) ||
                !read_unit_type(c, u, f->side, ln->type_id, &ln->type) ||
                !jr_int(&c->r, u, "count", false, 1, 30, 1, &count) ||
                !read_skill_for(c, u, ln->type, ln->skill_id, &ln->skill))
                return false;
            if (ln->skill >= 0 && count != 1) {
                jr_key(&c->r, "count");
                return jr_fail(&c->r, "a line with a skill names one unit (count 1)");
            }
            if (f->arrive.how == LNLT_ARRIVE_SNIPER && c->cat->unit[ln->type].kind != LNLT_UK_SNIPER)
                return jr_fail(&c->r, "only snipers arrive with \"how\": \"sniper\" (11.4)");
            ln->count = (uint8_t)count;
            ln->force = (int8_t)i;
            s->line_count++;
            jr_pop(&c->r, o4);
        }
        f->line_count = (uint8_t)json_array_size(units);
        jr_pop(&c->r, o3);
        f->first_sw = s->sw_count;
        if (sws) {
            o3 = jr_key(&c->r, "weapons");
            if (s->sw_count + json_array_size(sws) > LNLT_SCN_SW_LINES)
                return jr_fail(&c->r, "too many weapon lines in the scenario (at most %d)",
                               LNLT_SCN_SW_LINES);
            int load[LNLT_SCN_LINES] = {0};
            for (size_t k = 0; k < json_array_size(sws); k++) {
                static const char *const wk[] = {"type", "count", "mode", "held_by", NULL};
                lnlt_scn_sw_line *sl = &s->sw[s->sw_count];
                json_t *w = json_array_get(sws, k);
                int count, mode, held;
                size_t o4 = jr_idx(&c->r, k);
                if (!jr_is_object(&c->r, w) || !jr_keys(&c->r, w, wk) ||
                    !jr_id(&c->r, w, "type", true, sl->type_id) ||
                    !jr_int(&c->r, w, "count", false, 1, 30, 1, &count) ||
                    !jr_enum(&c->r, w, "mode", false, scn_mode_names, 3, 0, &mode) ||
                    !jr_int(&c->r, w, "held_by", false, -1, (int)f->line_count - 1, -1, &held))
                    return false;
                int t = lnlt_catalog_sw(c->cat, sl->type_id);
                if (t < 0) {
                    jr_key(&c->r, "type");
                    return jr_fail(&c->r, "expected the id of a support weapon in the catalog, "
                                          "found \"%s\"", sl->type_id);
                }
                if (!sw_nation_ok(c, f->side, t)) {
                    jr_key(&c->r, "type");
                    return jr_fail(&c->r, "support weapon \"%s\" belongs to nation \"%s\", which "
                                          "side \"%s\" neither has nor shares with",
                                   sl->type_id, c->cat->sw[t].nation_id, s->side[f->side].id);
                }
                if (mode == LNLT_MODE_BACK && c->cat->sw[t].back_kind != LNLT_SWB_DISMANTLED &&
                    c->cat->sw[t].back_kind != LNLT_SWB_BIPOD) {
                    jr_key(&c->r, "mode");
                    return jr_fail(&c->r, "\"back\" is for tripod weapons and mortars; \"%s\" has "
                                          "no such side", sl->type_id);
                }
                if (held >= 0) {
                    const lnlt_scn_line *hl = &s->line[f->first_line + held];
                    int kind = c->cat->unit[hl->type].kind;
                    load[held] += count;
                    if (load[held] > kind_sw_capacity(kind) * hl->count) {
                        jr_key(&c->r, "held_by");
                        return jr_fail(&c->r, "unit line %d (%s) cannot carry %d support "
                                              "weapon(s) (1.6: squads 2, half-squads, crews and "
                                              "eligible SMCs 1, others none)",
                                       held, hl->type_id, load[held]);
                    }
                }
                sl->type = (int16_t)t;
                sl->count = (uint8_t)count;
                sl->mode = (uint8_t)mode;
                sl->force = (int8_t)i;
                sl->held_by = (int8_t)held;
                s->sw_count++;
                jr_pop(&c->r, o4);
            }
            f->sw_count = (uint8_t)json_array_size(sws);
            jr_pop(&c->r, o3);
        }
        jr_pop(&c->r, o2);
    }
    jr_pop(&c->r, old);
    return true;
}

/* ---- special rules ---- */

static bool read_rules(ctx *c, json_t *root)
{
    json_t *a;
    if (!jr_array(&c->r, root, "special_rules", false, LNLT_SCN_RULES, &a))
        return false;
    if (!a)
        return true;
    size_t old = jr_key(&c->r, "special_rules");
    for (size_t i = 0; i < json_array_size(a); i++) {
        static const char *const keys[] = {"rule", "optional", "on", "side", "zone", "value",
                                           "edges", "unit", NULL};
        lnlt_scn_rule *ru = &c->s->rule[i];
        json_t *v = json_array_get(a, i);
        int kind, value;
        bool on = true;
        size_t o2 = jr_idx(&c->r, i);
        if (!jr_is_object(&c->r, v) || !jr_keys(&c->r, v, keys) ||
            !jr_enum(&c->r, v, "rule", true, rule_names, LNLT_SSR_COUNT, 0, &kind) ||
            !jr_bool(&c->r, v, "optional", false, &ru->optional) ||
            !jr_bool(&c->r, v, "on", true, &on) ||
            !read_side(c, v, "side", false, true, &ru->side) ||
            !read_ref(c, v, "zone", false, 0, &ru->zone, NULL) ||
            !jr_int(&c->r, v, "value", false, -1, 12, -1, &value) ||
            !read_edges(c, v, "edges", &ru->edges))
            return false;
        static const char *const rule_keys[LNLT_SSR_COUNT][7] = {
            [LNLT_SSR_BUILDINGS_ONE_LEVEL] = {"rule", "optional", NULL},
            [LNLT_SSR_NO_HERO_CREATION] = {"rule", "optional", "on", "side", NULL},
            [LNLT_SSR_HERO_STAND_IN] = {"rule", "optional", "on", "side", "unit", "value", NULL},
            [LNLT_SSR_SNIPER_ZONE] = {"rule", "optional", "on", "side", "zone", NULL},
            [LNLT_SSR_NO_ENTRY_EDGE] = {"rule", "optional", "on", "side", "edges", NULL},
            [LNLT_SSR_NO_UPPER_LEVEL] = {"rule", "optional", "zone", NULL},
            [LNLT_SSR_EXIT_IS_ELIMINATION] = {"rule", "optional", "on", "side", NULL},
                        /* the optional vehicle rules of 15.x switch on for the whole game */
            [LNLT_SSR_VEHICLE_SIZE_SPEED] = {"rule", "optional", NULL},
            [LNLT_SSR_HULL_DOWN] = {"rule", "optional", NULL},
            [LNLT_SSR_MG_SPLIT] = {"rule", "optional", NULL},
            [LNLT_SSR_FIRE] = {"rule", "optional", "on", NULL}, /* 10.5.6, a game option (R-SCN-40) */
            [LNLT_SSR_RAIN_OR_SNOW] = {"rule", NULL},
            [LNLT_SSR_SPOT_VEHICLES] = {"rule", "optional", NULL},
        };
        char what[48];
        snprintf(what, sizeof what, "rule \"%s\"", rule_names[kind]);
        if (!only_keys(c, v, rule_keys[kind], what))
            return false;
        ru->kind = (uint8_t)kind;
        ru->value = (int8_t)value;
        ru->off = !on;
        if (!on && !ru->optional) {
            jr_key(&c->r, "on");
            return jr_fail(&c->r, "only an optional rule (\"optional\": true) may be off by default");
        }
        ru->unit = LNLT_NONE;
        if (json_object_get(v, "unit")) {
            if (!jr_id(&c->r, v, "unit", true, ru->unit_id))
                return false;
            ru->unit = (int16_t)lnlt_catalog_unit(c->cat, ru->unit_id);
            if (ru->unit < 0) {
                jr_key(&c->r, "unit");
                return jr_fail(&c->r, "expected the id of a unit type in the catalog, found \"%s\"",
                               ru->unit_id);
            }
        }
        const char *bad = NULL;
        if (kind == LNLT_SSR_HERO_STAND_IN && (ru->side < 0 || ru->unit < 0 || value < 0))
            bad = "\"hero_stand_in\" needs \"side\", \"unit\" (the stand-in counter) and \"value\" "
                  "(its morale)";
        else if (kind == LNLT_SSR_SNIPER_ZONE && (ru->side < 0 || ru->zone < 0))
            bad = "\"sniper_zone\" needs \"side\" and \"zone\"";
        else if (kind == LNLT_SSR_NO_ENTRY_EDGE && (ru->side < 0 || !ru->edges))
            bad = "\"no_entry_edge\" needs \"side\" and \"edges\"";
        else if (kind == LNLT_SSR_NO_UPPER_LEVEL && ru->zone < 0)
            bad = "\"no_upper_level\" needs \"zone\"";
        else if (kind == LNLT_SSR_EXIT_IS_ELIMINATION && ru->side < 0)
            bad = "\"exit_is_elimination\" needs \"side\"";
        if (bad)
            return jr_fail(&c->r, "%s", bad);
        c->s->rule_count++;
        jr_pop(&c->r, o2);
    }
    jr_pop(&c->r, old);
    return true;
}

/* ---- objectives ---- */

static bool read_objectives(ctx *c, json_t *root)
{
    json_t *a;
    if (!jr_array(&c->r, root, "objectives", false, LNLT_SCN_OBJECTIVES, &a))
        return false;
    if (!a)
        return true;
    size_t old = jr_key(&c->r, "objectives");
    for (size_t i = 0; i < json_array_size(a); i++) {
        static const char *const keys[] = {"id", "hex", "side", "needs_go_mmc", "needs_unit",
                                           "turns", "hidden", NULL};
        lnlt_scn_objective *o = &c->s->objective[i];
        json_t *v = json_array_get(a, i);
        int turns;
        size_t o2 = jr_idx(&c->r, i);
        if (!jr_is_object(&c->r, v) || !jr_keys(&c->r, v, keys) ||
            !jr_id(&c->r, v, "id", true, o->id) || !jr_hex(&c->r, v, "hex", true, &o->hex) ||
            !read_side(c, v, "side", true, false, &o->side) ||
            !jr_bool(&c->r, v, "needs_go_mmc", false, &o->needs_go_mmc) ||
            !jr_bool(&c->r, v, "hidden", false, &o->hidden) ||
            !jr_int(&c->r, v, "turns", false, 1, 10, 1, &turns) ||
            !jr_id(&c->r, v, "needs_unit", false, o->needs_unit_id))
            return false;
        for (size_t k = 0; k < i; k++)
            if (!strcmp(c->s->objective[k].id, o->id)) {
                jr_key(&c->r, "id");
                return jr_fail(&c->r, "objective id \"%s\" is defined twice", o->id);
            }
        if (turns != 1) {
            jr_key(&c->r, "turns");
            return jr_fail(&c->r, "the engine destroys an objective held for one turn only (\"turns\": 1)");
        }
        o->turns = (int8_t)turns;
        o->needs_unit = LNLT_NONE;
        if (o->needs_unit_id[0]) {
            o->needs_unit = (int16_t)lnlt_catalog_unit(c->cat, o->needs_unit_id);
            if (o->needs_unit < 0) {
                jr_key(&c->r, "needs_unit");
                return jr_fail(&c->r, "expected the id of a unit type in the catalog, found \"%s\"",
                               o->needs_unit_id);
            }
        }
        c->s->objective_count++;
        jr_pop(&c->r, o2);
    }
    jr_pop(&c->r, old);
    return true;
}

/* ---- events, paragraphs, actions ---- */

static bool para_exists(ctx *c, int n)
{
    for (int i = 0; i < c->para_seen; i++)
        if (c->para_numbers[i] == n)
            return true;
    return false;
}

static bool read_paragraph_ref(ctx *c, json_t *v, const char *key, int8_t *out)
{
    int n;
    if (!jr_int(&c->r, v, key, true, 1, 99, 1, &n))
        return false;
    if (!para_exists(c, n)) {
        size_t old = jr_key(&c->r, key);
        jr_fail(&c->r, "there is no paragraph %d in this scenario", n);
        jr_pop(&c->r, old);
        return false;
    }
    *out = (int8_t)n;
    return true;
}

static int event_index(const lnlt_scenario *s, char m)
{
    for (int i = 0; i < s->event_count; i++)
        if (s->event[i].marker == m)
            return i;
    return LNLT_NONE;
}

static bool read_event_letters(ctx *c, json_t *v, const char *key, uint8_t *out)
{
    static const char *const letters[] = {"A", "B", "C", "D"};
    json_t *a;
    *out = 0;
    if (!jr_array(&c->r, v, key, true, 4, &a))
        return false;
    size_t old = jr_key(&c->r, key);
    for (size_t i = 0; i < json_array_size(a); i++) {
        int e;
        size_t o2 = jr_idx(&c->r, i);
        if (!jr_enum_value(&c->r, json_array_get(a, i), letters, 4, &e))
            return false;
        if (event_index(c->s, (char)('A' + e)) < 0)
            return jr_fail(&c->r, "there is no event marker %c in this scenario", 'A' + e);
        *out |= (uint8_t)(1u << e);
        jr_pop(&c->r, o2);
    }
    jr_pop(&c->r, old);
    return true;
}

static bool read_actions(ctx *c, json_t *obj, uint8_t *first, uint8_t *count)
{
    json_t *a;
    lnlt_scenario *s = c->s;
    if (!jr_array(&c->r, obj, "actions", true, LNLT_SCN_ACTIONS, &a))
        return false;
    size_t old = jr_key(&c->r, "actions");
    if (json_array_size(a) == 0)
        return jr_fail(&c->r, "expected at least one action");
    if (s->action_count + json_array_size(a) > LNLT_SCN_ACTIONS)
        return jr_fail(&c->r, "too many actions in the scenario (at most %d)", LNLT_SCN_ACTIONS);
    *first = s->action_count;
    for (size_t i = 0; i < json_array_size(a); i++) {
        lnlt_scn_action *ac = &s->action[s->action_count];
        json_t *v = json_array_get(a, i);
        int op;
        size_t o2 = jr_idx(&c->r, i);
        memset(ac, 0, sizeof *ac);
        ac->force = ac->zone = ac->side = ac->event = ac->objective = LNLT_NONE;
        ac->paragraph = ac->paragraph_fail = LNLT_NONE;
        ac->fp = ac->shift = LNLT_NONE;
        ac->arrive.zone = ac->arrive.ref = LNLT_NONE;
        if (!jr_is_object(&c->r, v) ||
            !jr_enum(&c->r, v, "do", true, op_names, LNLT_OP_COUNT, 0, &op))
            return false;
        ac->op = (uint8_t)op;
        switch (op) {
        case LNLT_OP_READ: {
            static const char *const k[] = {"do", "paragraph", NULL};
            if (!jr_keys(&c->r, v, k) || !read_paragraph_ref(c, v, "paragraph", &ac->paragraph))
                return false;
            break;
        }
        case LNLT_OP_REMOVE_EVENTS: {
            static const char *const k[] = {"do", "events", NULL};
            if (!jr_keys(&c->r, v, k) || !read_event_letters(c, v, "events", &ac->events))
                return false;
            break;
        }
        case LNLT_OP_RELEASE: {
            static const char *const k[] = {"do", "force", "arrive", NULL};
            if (!jr_keys(&c->r, v, k) || !read_ref(c, v, "force", true, 1, &ac->force, ac->force_id) ||
                !read_arrive(c, v, "arrive", true, &ac->arrive, ac->force))
                return false;
            if (s->force[ac->force].arrive.how != LNLT_ARRIVE_HELD) {
                jr_key(&c->r, "force");
                return jr_fail(&c->r, "force \"%s\" is not held off map (\"how\": \"held\"), so "
                                      "nothing can release it", ac->force_id);
            }
            if (ac->arrive.how == LNLT_ARRIVE_SETUP || ac->arrive.how == LNLT_ARRIVE_HELD) {
                jr_key(&c->r, "arrive");
                return jr_fail(&c->r, "a released force arrives by \"enter\" or \"sniper\"");
            }
            break;
        }
        case LNLT_OP_PLACE: {
            static const char *const k[] = {"do", "force", "hex", "zone", "marker", NULL};
            int mk;
            if (json_object_get(v, "opportunity_fire")) {
                /* ruling R-SCN-10: units placed without a marker may always fire at once */
                jr_key(&c->r, "opportunity_fire");
                return jr_fail(&c->r, "units placed without a marker may opportunity-fire at once anyway, and a "
                                      "marker (\"ops_complete\") keeps them from it: leave the key out");
            }
            if (!jr_keys(&c->r, v, k) || !read_ref(c, v, "force", true, 1, &ac->force, ac->force_id) ||
                !read_ref(c, v, "zone", false, 0, &ac->zone, NULL) ||
                !jr_enum(&c->r, v, "marker", false, scn_marker_names, LNLT_SCN_MARK_COUNT, 0, &mk))
                return false;
            if (mk == LNLT_SCN_MARK_MELEE || mk == LNLT_SCN_MARK_IN_TUNNEL || mk == LNLT_SCN_MARK_HIT_AND_RUN) {
                jr_key(&c->r, "marker");
                return jr_fail(&c->r, "units placed by an event start under no %s marker",
                               mk == LNLT_SCN_MARK_MELEE ? "Melee" : mk == LNLT_SCN_MARK_IN_TUNNEL ? "In Tunnel" : "Hit and Run");
            }
            ac->marker = (uint8_t)mk;
            if (json_object_get(v, "hex")) {
                if (!jr_hex(&c->r, v, "hex", true, &ac->hex))
                    return false;
                ac->has_hex = true;
            }
            if (ac->has_hex == (ac->zone != LNLT_NONE))
                return jr_fail(&c->r, "\"place\" needs exactly one of \"hex\" and \"zone\"");
            if (s->force[ac->force].arrive.how != LNLT_ARRIVE_HELD) {
                jr_key(&c->r, "force");
                return jr_fail(&c->r, "force \"%s\" is not held off map (\"how\": \"held\"), so "
                                      "it cannot be placed by a paragraph", ac->force_id);
            }
            break;
        }
        case LNLT_OP_MORALE_CHECK: {
            static const char *const k[] = {"do", "side", "exclude", "sees_event", "modified",
                                            "shake_on_fail", "pass", "fail", NULL};
            char ev[LNLT_ID_MAX];
            if (!jr_keys(&c->r, v, k) || !read_side(c, v, "side", true, false, &ac->side) ||
                !read_kinds(c, v, "exclude", &ac->exclude_kinds) ||
                !jr_bool(&c->r, v, "modified", true, &ac->modified) ||
                !jr_bool(&c->r, v, "shake_on_fail", true, &ac->shake_on_fail) ||
                !read_paragraph_ref(c, v, "pass", &ac->paragraph) ||
                !read_paragraph_ref(c, v, "fail", &ac->paragraph_fail) ||
                !jr_str(&c->r, v, "sees_event", false, ev, 2))
                return false;
            if (ev[0]) {
                ac->event = (int8_t)event_index(s, ev[0]);
                if (ac->event < 0) {
                    jr_key(&c->r, "sees_event");
                    return jr_fail(&c->r, "there is no event marker \"%s\" in this scenario", ev);
                }
            }
            break;
        }
        case LNLT_OP_END_TRIGGER_IMPULSE: {
            static const char *const k[] = {"do", NULL};
            if (!jr_keys(&c->r, v, k))
                return false;
            break;
        }
        case LNLT_OP_FIRE_MISSION: {
            static const char *const k[] = {"do", "side", "fp", "callers", "shift",
                                            "fallback_callers", NULL};
            int fp, shift;
            if (!jr_keys(&c->r, v, k) || !read_side(c, v, "side", true, false, &ac->side) ||
                !jr_int(&c->r, v, "fp", true, 1, 30, 1, &fp) ||
                !jr_int(&c->r, v, "shift", false, 0, 1, 0, &shift) ||
                !read_kinds(c, v, "callers", &ac->caller_kinds) ||
                !read_kinds(c, v, "fallback_callers", &ac->fallback_kinds))
                return false;
            if (!ac->caller_kinds)
                return jr_fail(&c->r, "a fire mission needs \"callers\" (unit kinds that may call it)");
            ac->fp = (int8_t)fp;
            ac->shift = (int8_t)shift;
            break;
        }
        case LNLT_OP_REVEAL_OBJECTIVE: {
            static const char *const k[] = {"do", "objective", NULL};
            if (!jr_keys(&c->r, v, k) ||
                !read_ref(c, v, "objective", true, 2, &ac->objective, ac->objective_id))
                return false;
            break;
        }
        }
        s->action_count++;
        jr_pop(&c->r, o2);
    }
    *count = (uint8_t)json_array_size(a);
    jr_pop(&c->r, old);
    return true;
}

static bool read_events_and_paragraphs(ctx *c, json_t *root)
{
    json_t *ev, *pa;
    lnlt_scenario *s = c->s;
    if (!jr_array(&c->r, root, "events", false, LNLT_SCN_EVENTS, &ev) ||
        !jr_array(&c->r, root, "paragraphs", false, LNLT_SCN_PARAGRAPHS, &pa))
        return false;
    /* pass 1: paragraph numbers and event letters */
    if (pa) {
        size_t old = jr_key(&c->r, "paragraphs");
        for (size_t i = 0; i < json_array_size(pa); i++) {
            json_t *v = json_array_get(pa, i);
            int n;
            size_t o2 = jr_idx(&c->r, i);
            if (!jr_is_object(&c->r, v) || !jr_int(&c->r, v, "number", true, 1, 99, 1, &n))
                return false;
            if (para_exists(c, n)) {
                jr_key(&c->r, "number");
                return jr_fail(&c->r, "paragraph %d is defined twice", n);
            }
            c->para_numbers[c->para_seen++] = n;
            jr_pop(&c->r, o2);
        }
        jr_pop(&c->r, old);
    }
    if (ev) {
        size_t old = jr_key(&c->r, "events");
        for (size_t i = 0; i < json_array_size(ev); i++) {
            static const char *const keys[] = {"marker", "type", "side", "hex", "actions", NULL};
            static const char *const letters[] = {"A", "B", "C", "D"};
            lnlt_scn_event *e = &s->event[i];
            json_t *v = json_array_get(ev, i);
            int m, type;
            size_t o2 = jr_idx(&c->r, i);
            if (!jr_is_object(&c->r, v) || !jr_keys(&c->r, v, keys) ||
                !jr_enum(&c->r, v, "marker", true, letters, 4, 0, &m) ||
                !jr_enum(&c->r, v, "type", true, event_type_names, 2, 0, &type) ||
                !read_side(c, v, "side", false, true, &e->side) || /* 1.8: none given, either side */
                !jr_hex(&c->r, v, "hex", true, &e->hex))
                return false;
            if (event_index(s, (char)('A' + m)) >= 0) {
                jr_key(&c->r, "marker");
                return jr_fail(&c->r, "event marker %c is placed twice", 'A' + m);
            }
            e->marker = (char)('A' + m);
            e->type = (uint8_t)type;
            s->event_count++;
            jr_pop(&c->r, o2);
        }
        /* pass 2: actions (may refer to any event letter) */
        for (size_t i = 0; i < json_array_size(ev); i++) {
            size_t o2 = jr_idx(&c->r, i);
            if (!read_actions(c, json_array_get(ev, i), &s->event[i].first_action,
                              &s->event[i].action_count))
                return false;
            jr_pop(&c->r, o2);
        }
        jr_pop(&c->r, old);
    }
    if (pa) {
        size_t old = jr_key(&c->r, "paragraphs");
        for (size_t i = 0; i < json_array_size(pa); i++) {
            static const char *const keys[] = {"number", "actions", NULL};
            json_t *v = json_array_get(pa, i);
            size_t o2 = jr_idx(&c->r, i);
            if (!jr_keys(&c->r, v, keys))
                return false;
            s->paragraph[i].number = (int8_t)c->para_numbers[i];
            if (!read_actions(c, v, &s->paragraph[i].first_action, &s->paragraph[i].action_count))
                return false;
            s->paragraph_count++;
            jr_pop(&c->r, o2);
        }
        jr_pop(&c->r, old);
    }
    return true;
}

/* ---- victory ---- */

static bool read_victory(ctx *c, json_t *root)
{
    static const char *const keys[] = {"conditions", "winner", "otherwise", "vp", "most_vp_wins",
                                       "initial_control", NULL};
    lnlt_scn_victory *vi = &c->s->victory;
    json_t *v = json_object_get(root, "victory"), *a;
    size_t old = jr_key(&c->r, "victory");
    if (!v)
        return jr_fail(&c->r, "missing (required)");
    if (!jr_is_object(&c->r, v) || !jr_keys(&c->r, v, keys) ||
        !read_side(c, v, "winner", false, true, &vi->winner) ||
        !jr_bool(&c->r, v, "most_vp_wins", false, &vi->most_vp_wins))
        return false;
    vi->otherwise = LNLT_OUTCOME_DRAW;
    if (json_object_get(v, "otherwise")) {
        char id[LNLT_ID_MAX];
        if (!jr_id(&c->r, v, "otherwise", true, id))
            return false;
        if (strcmp(id, "draw")) {
            int si = lnlt_scenario_side(c->s, id);
            if (si < 0) {
                jr_key(&c->r, "otherwise");
                return jr_fail(&c->r, "expected a side id or \"draw\", found \"%s\"", id);
            }
            vi->otherwise = (int8_t)si;
        }
    }
    if (!jr_array(&c->r, v, "conditions", false, LNLT_SCN_CONDITIONS, &a))
        return false;
    if (a) {
        size_t o2 = jr_key(&c->r, "conditions");
        for (size_t i = 0; i < json_array_size(a); i++) {
            static const char *const ck[] = {"type", "side", "zone", "count", "by_turn",
                                             "squads", "leaders", "objective", NULL};
            lnlt_scn_condition *cd = &vi->condition[i];
            json_t *e = json_array_get(a, i);
            int type, count, by, leaders;
            size_t o3 = jr_idx(&c->r, i);
            if (!jr_is_object(&c->r, e) || !jr_keys(&c->r, e, ck) ||
                !jr_enum(&c->r, e, "type", true, cond_names, LNLT_COND_COUNT, 0, &type) ||
                !read_side(c, e, "side", type != LNLT_COND_OBJECTIVE, true, &cd->side) ||
                !read_ref(c, e, "zone", type == LNLT_COND_CONTROL || type == LNLT_COND_EXIT, 0,
                          &cd->zone, NULL) ||
                !jr_int(&c->r, e, "count", false, 0, 99, 0, &count) ||
                !jr_int(&c->r, e, "by_turn", false, 0, 40, 0, &by) ||
                !jr_int(&c->r, e, "leaders", false, 0, 20, 0, &leaders) ||
                !read_ref(c, e, "objective", type == LNLT_COND_OBJECTIVE, 2, &cd->objective,
                          cd->objective_id))
                return false;
            cd->type = (uint8_t)type;
            cd->count = (int8_t)count;
            cd->by_turn = (int8_t)by;
            cd->leaders = (int8_t)leaders;
            cd->halves = 0;
            json_t *sq = json_object_get(e, "squads");
            if (sq) {
                /* squad-equivalents may be given in halves: 1.5 */
                size_t o4 = jr_key(&c->r, "squads");
                double d = json_is_number(sq) ? json_number_value(sq) : -1;
                if (!json_is_number(sq) || d < 0 || d > 40 || (double)(int)(d * 2) != d * 2)
                    return jr_fail(&c->r, "expected a number of squad-equivalents in halves "
                                          "(0, 0.5, 1, ...), found %s", jr_type(sq));
                cd->halves = (int8_t)(d * 2);
                jr_pop(&c->r, o4);
            }
            static const char *const cond_keys[LNLT_COND_COUNT][8] = {
                [LNLT_COND_CONTROL] = {"type", "side", "zone", "count", "by_turn", NULL},
                [LNLT_COND_EXIT] = {"type", "side", "zone", "by_turn", "squads", "leaders", NULL},
                [LNLT_COND_OBJECTIVE] = {"type", "objective", NULL},
                [LNLT_COND_ELIMINATE] = {"type", "side", "count", NULL},
                [LNLT_COND_ENEMY_BROKEN] = {"type", "side", NULL},
            };
            char what[48];
            snprintf(what, sizeof what, "a \"%s\" condition", cond_names[type]);
            if (!only_keys(c, e, cond_keys[type], what))
                return false;
            if (type == LNLT_COND_EXIT && !cd->halves && !cd->leaders)
                return jr_fail(&c->r, "an exit condition needs \"squads\" or \"leaders\"");
            if (type == LNLT_COND_CONTROL && by && by != c->s->turns) {
                jr_key(&c->r, "by_turn");
                return jr_fail(&c->r, "control is judged at the end of the scenario: \"by_turn\" may only be the "
                                      "last turn (%d)", c->s->turns);
            }
            if (by > c->s->turns) {
                jr_key(&c->r, "by_turn");
                return jr_fail(&c->r, "turn %d is after the last turn (%d)", by, c->s->turns);
            }
            vi->condition_count++;
            jr_pop(&c->r, o3);
        }
        jr_pop(&c->r, o2);
    }
    if (!jr_array(&c->r, v, "vp", false, LNLT_SCN_VP, &a))
        return false;
    if (a) {
        size_t o2 = jr_key(&c->r, "vp");
        for (size_t i = 0; i < json_array_size(a); i++) {
            static const char *const vk[] = {"side", "for", "zone", "vp", "kinds",
                                             "half_for_half_squads", NULL};
            lnlt_scn_vp *p = &vi->vp[i];
            json_t *e = json_array_get(a, i);
            int f, vp;
            size_t o3 = jr_idx(&c->r, i);
            if (!jr_is_object(&c->r, e) || !jr_keys(&c->r, e, vk) ||
                !read_side(c, e, "side", true, true, &p->side) ||
                !jr_enum(&c->r, e, "for", true, vp_for_names, 2, 0, &f) ||
                !read_ref(c, e, "zone", f == LNLT_VP_CONTROL, 0, &p->zone, NULL) ||
                !jr_int(&c->r, e, "vp", true, 0, 99, 0, &vp) ||
                !read_kinds(c, e, "kinds", &p->kinds) ||
                !jr_bool(&c->r, e, "half_for_half_squads", false, &p->half_for_half_squads))
                return false;
            static const char *const vp_keys[2][7] = {
                {"side", "for", "zone", "vp", NULL},
                {"side", "for", "vp", "kinds", "half_for_half_squads", NULL},
            };
            if (!only_keys(c, e, vp_keys[f], f == LNLT_VP_CONTROL ? "VP for control" : "VP for eliminations"))
                return false;
            if (f == LNLT_VP_ELIMINATED && !p->kinds)
                return jr_fail(&c->r, "VP for eliminations need \"kinds\" (the enemy kinds that score)");
            p->vp_for = (uint8_t)f;
            p->vp = (int8_t)vp;
            vi->vp_count++;
            jr_pop(&c->r, o3);
        }
        jr_pop(&c->r, o2);
    }
    if (!jr_array(&c->r, v, "initial_control", false, LNLT_SCN_CONTROL, &a))
        return false;
    if (a) {
        size_t o2 = jr_key(&c->r, "initial_control");
        for (size_t i = 0; i < json_array_size(a); i++) {
            static const char *const ik[] = {"side", "zone", NULL};
            json_t *e = json_array_get(a, i);
            size_t o3 = jr_idx(&c->r, i);
            if (!jr_is_object(&c->r, e) || !jr_keys(&c->r, e, ik) ||
                !read_side(c, e, "side", true, false, &vi->initial_control[i].side) ||
                !read_ref(c, e, "zone", true, 0, &vi->initial_control[i].zone, NULL))
                return false;
            vi->control_count++;
            jr_pop(&c->r, o3);
        }
        jr_pop(&c->r, o2);
    }
    if (!vi->condition_count && !vi->most_vp_wins)
        return jr_fail(&c->r, "expected \"conditions\" or \"most_vp_wins\": a scenario needs a way "
                              "to be won");
    if (vi->most_vp_wins && !vi->vp_count)
        return jr_fail(&c->r, "\"most_vp_wins\" needs a \"vp\" schedule");
    jr_pop(&c->r, old);
    return true;
}

/* ---- top level ---- */

static bool read_area(ctx *c, json_t *root)
{
    static const char *const keys[] = {"columns", "rows", NULL};
    lnlt_scenario *s = c->s;
    json_t *v = json_object_get(root, "playable_area");
    if (!v || json_is_null(v))
        return true;
    size_t old = jr_key(&c->r, "playable_area");
    json_t *cols, *rows;
    if (!jr_is_object(&c->r, v) || !jr_keys(&c->r, v, keys) ||
        !jr_array(&c->r, v, "columns", true, 2, &cols) || !jr_array(&c->r, v, "rows", true, 2, &rows))
        return false;
    size_t o2 = jr_key(&c->r, "columns");
    if (json_array_size(cols) != 2)
        return jr_fail(&c->r, "expected [first, last] column letters");
    for (size_t i = 0; i < 2; i++) {
        json_t *e = json_array_get(cols, i);
        char buf[16];
        lnlt_hex h;
        size_t o3 = jr_idx(&c->r, i);
        if (!json_is_string(e) || json_string_length(e) < 1 || json_string_length(e) > 3)
            return jr_fail(&c->r, "expected a column letter such as \"E\", found %s", jr_type(e));
        snprintf(buf, sizeof buf, "%s1", json_string_value(e));
        if (!lnlt_hex_parse(buf, &h, NULL, 0) || h.map)
            return jr_fail(&c->r, "expected a column letter such as \"E\", found \"%s\"",
                           json_string_value(e));
        s->area_col[i] = h.col;
        jr_pop(&c->r, o3);
    }
    jr_pop(&c->r, o2);
    o2 = jr_key(&c->r, "rows");
    if (json_array_size(rows) != 2)
        return jr_fail(&c->r, "expected [first, last] row numbers");
    for (size_t i = 0; i < 2; i++) {
        json_t *e = json_array_get(rows, i);
        size_t o3 = jr_idx(&c->r, i);
        if (!json_is_integer(e) || json_integer_value(e) < 0 || json_integer_value(e) > 99)
            return jr_fail(&c->r, "expected a row number from 0 to 99, found %s", jr_type(e));
        s->area_row[i] = (int16_t)json_integer_value(e);
        jr_pop(&c->r, o3);
    }
    jr_pop(&c->r, o2);
    if (s->area_col[0] > s->area_col[1] || s->area_row[0] > s->area_row[1])
        return jr_fail(&c->r, "the first column and row must not come after the last");
    s->has_area = true;
    jr_pop(&c->r, old);
    return true;
}

static bool parse_scenario(ctx *c, json_t *root)
{
    static const char *const keys[] = {"kind", "format", "id", "title", "place", "date",
                                       "summary", "source", "maps", "playable_area",
                                       "north_edge", "turns", "initiative", "sides", "zones",
                                       "forces", "special_rules", "objectives", "events",
                                       "paragraphs", "victory", "state", "fortifications", "artillery",
                                       "terrain_counters", NULL};
    lnlt_scenario *s = c->s;
    jr *r = &c->r;
    int turns, north;
    if (!jr_keys(r, root, keys) || !jr_header(r, root, "scenario") ||
        !jr_id(r, root, "id", true, s->id) || !jr_str(r, root, "title", true, s->title, sizeof s->title) ||
        !jr_str(r, root, "place", true, s->place, sizeof s->place) ||
        !jr_str(r, root, "date", true, s->date, sizeof s->date) ||
        !jr_str(r, root, "summary", false, s->summary, sizeof s->summary) ||
        !jr_str(r, root, "source", false, s->source, sizeof s->source) ||
        !jr_enum(r, root, "north_edge", false, north_names, 4, 0, &north) ||
        !jr_int(r, root, "turns", true, 1, 40, 1, &turns))
        return false;
    s->turns = (int8_t)turns;
    s->north = (uint8_t)north;
    if (north != LNLT_NORTH_TOP) {
        jr_key(r, "north_edge");
        return jr_fail(r, "the engine plays maps with north at the top (\"top\") only; turn the map and its "
                          "hexes instead");
    }
    if (strchr(s->summary, '\n')) {
        jr_key(r, "summary");
        return jr_fail(r, "the summary is one line (no newlines)");
    }
    json_t *maps;
    if (!jr_array(r, root, "maps", true, LNLT_SCN_MAPS, &maps))
        return false;
    size_t old = jr_key(r, "maps");
    if (json_array_size(maps) == 0)
        return jr_fail(r, "expected at least one map id");
    for (size_t i = 0; i < json_array_size(maps); i++) {
        size_t o2 = jr_idx(r, i);
        if (!jr_id_value(r, json_array_get(maps, i), s->map_id[i]))
            return false;
        jr_pop(r, o2);
    }
    s->map_count = (uint8_t)json_array_size(maps);
    jr_pop(r, old);
    if (!read_area(c, root) || !read_sides(c, root) ||
        !read_side(c, root, "initiative", true, false, &s->initiative) || !read_zones(c, root) ||
        !read_objectives(c, root) || !read_forces(c, root) || !read_rules(c, root) ||
        !read_events_and_paragraphs(c, root) || !read_victory(c, root) || !scn_read_state(c, root) ||
        !scn_read_fortifications(&c->r, c->s, root) || !scn_read_artillery(&c->r, c->s, root) ||
        !scn_read_terrain_counters(&c->r, c->s, root) || !scn_check_bunker_floors(&c->r, c->s))
        return false;
    /* At most heroes_max heroes per nation in play, counting every force that may
     * arrive (11.2). */
    for (int l = 0; l < s->line_count; l++) {
        const lnlt_unit_type *t = &c->cat->unit[s->line[l].type];
        if (t->kind != LNLT_UK_HERO)
            continue;
        int n = 0;
        for (int k = 0; k <= l; k++)
            if (c->cat->unit[s->line[k].type].kind == LNLT_UK_HERO &&
                c->cat->unit[s->line[k].type].nation == t->nation)
                n += s->line[k].count;
        const lnlt_nation *na = &c->cat->nation[t->nation];
        if (n > na->heroes_max) {
            const lnlt_scn_force *f = &s->force[s->line[l].force];
            jr_pop(r, 1);
            jr_key(r, "forces");
            jr_idx(r, (size_t)s->line[l].force);
            jr_key(r, "units");
            jr_idx(r, (size_t)(l - f->first_line));
            return jr_fail(r, "%d heroes of nation \"%s\": at most %d may be in play, reinforcements "
                              "included (11.2)", n, na->id, na->heroes_max);
        }
    }
    /* Every held force must be released or placed by something (else it never plays),
     * and every paragraph must be read by something. */
    for (int f = 0; f < s->force_count; f++) {
        if (s->force[f].arrive.how != LNLT_ARRIVE_HELD)
            continue;
        bool used = false;
        for (int k = 0; k < s->action_count; k++)
            if ((s->action[k].op == LNLT_OP_RELEASE || s->action[k].op == LNLT_OP_PLACE) &&
                s->action[k].force == f)
                used = true;
        if (!used) {
            jr_pop(r, 1);
            jr_key(r, "forces");
            jr_idx(r, (size_t)f);
            return jr_fail(r, "force \"%s\" is held off map but no event paragraph releases or "
                              "places it", s->force[f].id);
        }
    }
    for (int p = 0; p < s->paragraph_count; p++) {
        bool used = false;
        for (int k = 0; k < s->action_count; k++) {
            const lnlt_scn_action *ac = &s->action[k];
            if ((ac->op == LNLT_OP_READ || ac->op == LNLT_OP_MORALE_CHECK) &&
                (ac->paragraph == s->paragraph[p].number ||
                 (ac->op == LNLT_OP_MORALE_CHECK && ac->paragraph_fail == s->paragraph[p].number)))
                used = true;
        }
        if (!used) {
            jr_pop(r, 1);
            jr_key(r, "paragraphs");
            jr_idx(r, (size_t)p);
            return jr_fail(r, "paragraph %d is never read by an event or another paragraph",
                           s->paragraph[p].number);
        }
    }
    return true;
}

bool lnlt_scenario_load_json(const char *name, const char *text, size_t len,
                             const lnlt_catalog *cat, lnlt_scenario **out, lnlt_error *err)
{
    ctx c;
    memset(&c, 0, sizeof c);
    *out = NULL;
    jr_init(&c.r, name, err);
    if (!cat || !cat->linked)
        return lnlt_error_set(err, "%s: the catalog must be loaded and linked first", c.r.file);
    json_t *root = jr_parse(&c.r, text, len);
    if (!root)
        return false;
    c.cat = cat;
    c.s = calloc(1, sizeof *c.s);
    if (!c.s) {
        json_decref(root);
        return lnlt_error_set(err, "out of memory");
    }
    bool ok = parse_scenario(&c, root);
    json_decref(root);
    if (!ok) {
        free(c.s);
        return false;
    }
    *out = c.s;
    return true;
}

bool lnlt_scenario_load_file(const char *path, const lnlt_catalog *cat, lnlt_scenario **out,
                             lnlt_error *err)
{
    char *text;
    size_t len;
    *out = NULL;
    if (!lnlt_read_file(path, &text, &len, err))
        return false;
    bool ok = lnlt_scenario_load_json(path, text, len, cat, out, err);
    free(text);
    return ok;
}

/* ---- saving ---- */

static json_t *hexj(lnlt_hex h)
{
    char buf[LNLT_HEX_ID_MAX];
    return json_string(lnlt_hex_format(h, buf));
}

static json_t *edges_j(uint8_t e)
{
    json_t *a = json_array();
    for (int i = 0; i < 4; i++)
        if (e & (1u << i))
            json_array_append_new(a, json_string(edge_names[i]));
    return a;
}

static json_t *kinds_j(uint32_t k)
{
    json_t *a = json_array();
    for (int i = 0; i < LNLT_UK_COUNT; i++)
        if (k & (1u << i))
            json_array_append_new(a, json_string(lnlt_unit_kind_name(i)));
    return a;
}

static json_t *side_j(const lnlt_scenario *s, int side)
{
    return json_string(side < 0 ? "any" : s->side[side].id);
}

static json_t *arrive_j(const lnlt_scenario *s, const lnlt_scn_arrive *a)
{
    json_t *o = json_object();
    json_object_set_new(o, "how", json_string(arrive_names[a->how]));
    if (a->how == LNLT_ARRIVE_ENTER) {
        json_object_set_new(o, "when", json_string(when_names[a->when]));
        if (a->turn)
            json_object_set_new(o, "turn", json_integer(a->turn));
        if (a->roll_at_most)
            json_object_set_new(o, "roll_at_most", json_integer(a->roll_at_most));
        if (a->edges)
            json_object_set_new(o, "edges", edges_j(a->edges));
        if (a->random_edge[0]) {
            json_t *re = json_array();
            for (int i = 0; i < 6; i++)
                for (int e = 0; e < 4; e++)
                    if (a->random_edge[i] == (1u << e))
                        json_array_append_new(re, json_string(edge_names[e]));
            json_object_set_new(o, "random_edge", re);
        }
        if (a->ref >= 0) {
            if (a->when == LNLT_WHEN_AFTER_FORCE)
                json_object_set_new(o, "after", json_string(s->force[a->ref].id));
            if (a->adjacent_to_ref)
                json_object_set_new(o, "adjacent_to", json_string(s->force[a->ref].id));
        }
        if (a->same_edge)
            json_object_set_new(o, "same_edge", json_true());
    } else if (a->turn)
        json_object_set_new(o, "turn", json_integer(a->turn));
    if (a->zone >= 0)
        json_object_set_new(o, "zone", json_string(s->zone[a->zone].id));
    return o;
}

static json_t *action_j(const lnlt_scenario *s, const lnlt_scn_action *a)
{
    json_t *o = json_object();
    json_object_set_new(o, "do", json_string(op_names[a->op]));
    switch (a->op) {
    case LNLT_OP_READ:
        json_object_set_new(o, "paragraph", json_integer(a->paragraph));
        break;
    case LNLT_OP_REMOVE_EVENTS: {
        json_t *e = json_array();
        for (int i = 0; i < 4; i++)
            if (a->events & (1u << i)) {
                char l[2] = {(char)('A' + i), 0};
                json_array_append_new(e, json_string(l));
            }
        json_object_set_new(o, "events", e);
        break;
    }
    case LNLT_OP_RELEASE:
        json_object_set_new(o, "force", json_string(s->force[a->force].id));
        json_object_set_new(o, "arrive", arrive_j(s, &a->arrive));
        break;
    case LNLT_OP_PLACE:
        json_object_set_new(o, "force", json_string(s->force[a->force].id));
        if (a->has_hex)
            json_object_set_new(o, "hex", hexj(a->hex));
        if (a->zone >= 0)
            json_object_set_new(o, "zone", json_string(s->zone[a->zone].id));
        if (a->marker)
            json_object_set_new(o, "marker", json_string(scn_marker_names[a->marker]));
        break;
    case LNLT_OP_MORALE_CHECK:
        json_object_set_new(o, "side", side_j(s, a->side));
        if (a->exclude_kinds)
            json_object_set_new(o, "exclude", kinds_j(a->exclude_kinds));
        if (a->event >= 0) {
            char l[2] = {s->event[a->event].marker, 0};
            json_object_set_new(o, "sees_event", json_string(l));
        }
        json_object_set_new(o, "modified", json_boolean(a->modified));
        json_object_set_new(o, "shake_on_fail", json_boolean(a->shake_on_fail));
        json_object_set_new(o, "pass", json_integer(a->paragraph));
        json_object_set_new(o, "fail", json_integer(a->paragraph_fail));
        break;
    case LNLT_OP_FIRE_MISSION:
        json_object_set_new(o, "side", side_j(s, a->side));
        json_object_set_new(o, "fp", json_integer(a->fp));
        json_object_set_new(o, "shift", json_integer(a->shift));
        json_object_set_new(o, "callers", kinds_j(a->caller_kinds));
        if (a->fallback_kinds)
            json_object_set_new(o, "fallback_callers", kinds_j(a->fallback_kinds));
        break;
    case LNLT_OP_REVEAL_OBJECTIVE:
        json_object_set_new(o, "objective", json_string(s->objective[a->objective].id));
        break;
    default:
        break;
    }
    return o;
}

static json_t *actions_j(const lnlt_scenario *s, int first, int count)
{
    json_t *a = json_array();
    for (int i = 0; i < count; i++)
        json_array_append_new(a, action_j(s, &s->action[first + i]));
    return a;
}

char *lnlt_scenario_save(const lnlt_scenario *s, const lnlt_catalog *cat)
{
    (void)cat;
    if (!s)
        return NULL;
    json_t *o = json_object(), *a;
    json_object_set_new(o, "kind", json_string("scenario"));
    json_object_set_new(o, "format", json_integer(LNLT_DATA_FORMAT));
    json_object_set_new(o, "id", json_string(s->id));
    json_object_set_new(o, "title", json_string(s->title));
    json_object_set_new(o, "place", json_string(s->place));
    json_object_set_new(o, "date", json_string(s->date));
    if (s->summary[0])
        json_object_set_new(o, "summary", json_string(s->summary));
    if (s->source[0])
        json_object_set_new(o, "source", json_string(s->source));
    a = json_array();
    for (int i = 0; i < s->map_count; i++)
        json_array_append_new(a, json_string(s->map_id[i]));
    json_object_set_new(o, "maps", a);
    if (s->has_area) {
        char c0[LNLT_HEX_ID_MAX], c1[LNLT_HEX_ID_MAX];
        lnlt_hex h0 = {s->area_col[0], 1, 0}, h1 = {s->area_col[1], 1, 0};
        lnlt_hex_format(h0, c0);
        lnlt_hex_format(h1, c1);
        c0[strcspn(c0, "0123456789")] = 0;
        c1[strcspn(c1, "0123456789")] = 0;
        json_object_set_new(o, "playable_area",
                            json_pack("{s:[s,s],s:[i,i]}", "columns", c0, c1, "rows",
                                      (int)s->area_row[0], (int)s->area_row[1]));
    }
    json_object_set_new(o, "north_edge", json_string(north_names[s->north]));
    json_object_set_new(o, "turns", json_integer(s->turns));
    json_object_set_new(o, "initiative", side_j(s, s->initiative));
    a = json_array();
    for (int i = 0; i < 2; i++) {
        const lnlt_scn_side *sd = &s->side[i];
        json_t *x = json_object(), *n = json_array();
        json_object_set_new(x, "id", json_string(sd->id));
        json_object_set_new(x, "name", json_string(sd->name));
        if (sd->formation[0])
            json_object_set_new(x, "formation", json_string(sd->formation));
        for (int k = 0; k < sd->nation_count; k++)
            json_array_append_new(n, json_string(sd->nation_id[k]));
        json_object_set_new(x, "nations", n);
        if (sd->sets_up_first)
            json_object_set_new(x, "sets_up_first", json_true());
        json_array_append_new(a, x);
    }
    json_object_set_new(o, "sides", a);
    a = json_array();
    for (int i = 0; i < s->zone_count; i++) {
        const lnlt_scn_zone *z = &s->zone[i];
        json_t *x = json_object();
        json_object_set_new(x, "id", json_string(z->id));
        if (z->hex_count) {
            json_t *h = json_array();
            for (int k = 0; k < z->hex_count; k++)
                json_array_append_new(h, hexj(z->hex[k]));
            json_object_set_new(x, z->path_side > 0 ? "east_of" : z->path_side < 0 ? "west_of"
                                                                                   : "hexes", h);
        }
        if (z->has_within)
            json_object_set_new(x, "within", json_pack("{s:o,s:i}", "hex", hexj(z->center),
                                                       "range", (int)z->range));
        if (z->edges)
            json_object_set_new(x, "edges", edges_j(z->edges));
        if (z->terrain_count) {
            json_t *t = json_array();
            for (int k = 0; k < z->terrain_count; k++)
                json_array_append_new(t, json_string(z->terrain[k]));
            json_object_set_new(x, "terrain", t);
        }
        json_array_append_new(a, x);
    }
    json_object_set_new(o, "zones", a);
    a = json_array();
    for (int i = 0; i < s->objective_count; i++) {
        const lnlt_scn_objective *ob = &s->objective[i];
        json_t *x = json_object();
        json_object_set_new(x, "id", json_string(ob->id));
        json_object_set_new(x, "hex", hexj(ob->hex));
        json_object_set_new(x, "side", side_j(s, ob->side));
        json_object_set_new(x, "needs_go_mmc", json_boolean(ob->needs_go_mmc));
        if (ob->needs_unit_id[0])
            json_object_set_new(x, "needs_unit", json_string(ob->needs_unit_id));
        json_object_set_new(x, "turns", json_integer(ob->turns));
        json_object_set_new(x, "hidden", json_boolean(ob->hidden));
        json_array_append_new(a, x);
    }
    json_object_set_new(o, "objectives", a);
    a = json_array();
    for (int i = 0; i < s->force_count; i++) {
        const lnlt_scn_force *f = &s->force[i];
        json_t *x = json_object(), *u = json_array();
        json_object_set_new(x, "id", json_string(f->id));
        json_object_set_new(x, "side", side_j(s, f->side));
        json_object_set_new(x, "arrive", arrive_j(s, &f->arrive));
        for (int k = 0; k < f->line_count; k++) {
            const lnlt_scn_line *ln = &s->line[f->first_line + k];
            json_t *y = json_pack("{s:s,s:i}", "type", ln->type_id, "count", ln->count);
            if (ln->skill_id[0])
                json_object_set_new(y, "skill", json_string(ln->skill_id));
            json_array_append_new(u, y);
        }
        json_object_set_new(x, "units", u);
        if (f->sw_count) {
            json_t *w = json_array();
            for (int k = 0; k < f->sw_count; k++) {
                const lnlt_scn_sw_line *sl = &s->sw[f->first_sw + k];
                json_t *y = json_pack("{s:s,s:i,s:s}", "type", sl->type_id, "count", sl->count,
                                      "mode", scn_mode_names[sl->mode]);
                if (sl->held_by >= 0)
                    json_object_set_new(y, "held_by", json_integer(sl->held_by));
                json_array_append_new(w, y);
            }
            json_object_set_new(x, "weapons", w);
        }
        json_array_append_new(a, x);
    }
    json_object_set_new(o, "forces", a);
    a = json_array();
    for (int i = 0; i < s->rule_count; i++) {
        const lnlt_scn_rule *ru = &s->rule[i];
        json_t *x = json_object();
        json_object_set_new(x, "rule", json_string(rule_names[ru->kind]));
        if (ru->optional)
            json_object_set_new(x, "optional", json_true());
        if (ru->off)
            json_object_set_new(x, "on", json_false());
        if (ru->side >= 0)
            json_object_set_new(x, "side", side_j(s, ru->side));
        if (ru->zone >= 0)
            json_object_set_new(x, "zone", json_string(s->zone[ru->zone].id));
        if (ru->value >= 0)
            json_object_set_new(x, "value", json_integer(ru->value));
        if (ru->edges)
            json_object_set_new(x, "edges", edges_j(ru->edges));
        if (ru->unit_id[0])
            json_object_set_new(x, "unit", json_string(ru->unit_id));
        json_array_append_new(a, x);
    }
    json_object_set_new(o, "special_rules", a);
    scn_save_fortifications(o, s);
    scn_save_terrain_counters(o, s);
    a = json_array();
    for (int i = 0; i < s->event_count; i++) {
        const lnlt_scn_event *e = &s->event[i];
        char l[2] = {e->marker, 0};
        json_array_append_new(a, json_pack("{s:s,s:s,s:o,s:o,s:o}", "marker", l, "type",
                                           event_type_names[e->type], "side", side_j(s, e->side),
                                           "hex", hexj(e->hex), "actions",
                                           actions_j(s, e->first_action, e->action_count)));
    }
    json_object_set_new(o, "events", a);
    a = json_array();
    for (int i = 0; i < s->paragraph_count; i++) {
        const lnlt_scn_paragraph *p = &s->paragraph[i];
        json_array_append_new(a, json_pack("{s:i,s:o}", "number", p->number, "actions",
                                           actions_j(s, p->first_action, p->action_count)));
    }
    json_object_set_new(o, "paragraphs", a);
    const lnlt_scn_victory *vi = &s->victory;
    json_t *v = json_object();
    json_object_set_new(v, "winner", side_j(s, vi->winner));
    json_object_set_new(v, "otherwise", vi->otherwise == LNLT_OUTCOME_DRAW
                                            ? json_string("draw")
                                            : side_j(s, vi->otherwise));
    a = json_array();
    for (int i = 0; i < vi->condition_count; i++) {
        const lnlt_scn_condition *cd = &vi->condition[i];
        json_t *x = json_object();
        json_object_set_new(x, "type", json_string(cond_names[cd->type]));
        if (cd->type != LNLT_COND_OBJECTIVE || cd->side >= 0)
            json_object_set_new(x, "side", side_j(s, cd->side));
        if (cd->zone >= 0)
            json_object_set_new(x, "zone", json_string(s->zone[cd->zone].id));
        if (cd->count)
            json_object_set_new(x, "count", json_integer(cd->count));
        if (cd->by_turn)
            json_object_set_new(x, "by_turn", json_integer(cd->by_turn));
        if (cd->halves)
            json_object_set_new(x, "squads", cd->halves % 2 ? json_real(cd->halves / 2.0)
                                                            : json_integer(cd->halves / 2));
        if (cd->leaders)
            json_object_set_new(x, "leaders", json_integer(cd->leaders));
        if (cd->objective >= 0)
            json_object_set_new(x, "objective", json_string(s->objective[cd->objective].id));
        json_array_append_new(a, x);
    }
    json_object_set_new(v, "conditions", a);
    a = json_array();
    for (int i = 0; i < vi->vp_count; i++) {
        const lnlt_scn_vp *p = &vi->vp[i];
        json_t *x = json_object();
        json_object_set_new(x, "side", p->side < 0 ? json_string("both") : side_j(s, p->side));
        json_object_set_new(x, "for", json_string(vp_for_names[p->vp_for]));
        if (p->zone >= 0)
            json_object_set_new(x, "zone", json_string(s->zone[p->zone].id));
        json_object_set_new(x, "vp", json_integer(p->vp));
        if (p->kinds)
            json_object_set_new(x, "kinds", kinds_j(p->kinds));
        if (p->half_for_half_squads)
            json_object_set_new(x, "half_for_half_squads", json_true());
        json_array_append_new(a, x);
    }
    json_object_set_new(v, "vp", a);
    if (vi->most_vp_wins)
        json_object_set_new(v, "most_vp_wins", json_true());
    a = json_array();
    for (int i = 0; i < vi->control_count; i++)
        json_array_append_new(a, json_pack("{s:o,s:s}", "side",
                                           side_j(s, vi->initial_control[i].side), "zone",
                                           s->zone[vi->initial_control[i].zone].id));
    json_object_set_new(v, "initial_control", a);
    json_object_set_new(o, "victory", v);
    if (s->has_state)
        json_object_set_new(o, "state", scn_state_json(s));
    char *text = json_dumps(o, JSON_INDENT(2) | JSON_PRESERVE_ORDER);
    json_decref(o);
    return text;
}

/* ---- shared with scenario_state.c (scenario_internal.h) ---- */

const char *const scn_marker_names[LNLT_SCN_MARK_COUNT] = {
    "none", "moved", "assault_move", "fired", "ops_complete", "low_crawl", "stealth", "melee", "hit_and_run",
    "in_tunnel"};
const char *const scn_mode_names[3] = {"any", "front", "back"};
/* The fourth floor is a bunker's or a cave's inside (21.1, 10.7): "cave" reads as
 * that floor (scn_floor_fold) and is written where the hex holds a cave. */
const char *const scn_floor_names[LNLT_FLOORS + 1] = {"ground", "upper", "roof", "bunker", "cave"};

int scn_floor_fold(int floor) { return floor == LNLT_FLOORS ? LNLT_FLOOR_BUNKER : floor; }

const char *scn_floor_word(const lnlt_scenario *s, lnlt_hex hex, int floor)
{
    if (floor == LNLT_FLOOR_BUNKER)
        for (int k = 0; k < s->fort_count; k++)
            if (s->fort[k].kind == LNLT_SCN_FORT_CAVE && lnlt_hex_equal(s->fort[k].hex, hex))
                return "cave";
    return scn_floor_names[floor];
}

bool scn_read_side(ctx *c, json_t *obj, const char *key, bool required, bool allow_any, int8_t *out)
{
    return read_side(c, obj, key, required, allow_any, out);
}

bool scn_read_unit_type(ctx *c, json_t *obj, int side, char *idbuf, int16_t *out)
{
    return read_unit_type(c, obj, side, idbuf, out);
}

bool scn_read_skill_for(ctx *c, json_t *obj, int unit_type, char *idbuf, int16_t *out)
{
    return read_skill_for(c, obj, unit_type, idbuf, out);
}

bool scn_read_event_letters(ctx *c, json_t *v, const char *key, uint8_t *out)
{
    return read_event_letters(c, v, key, out);
}

int scn_sw_capacity(int unit_kind) { return kind_sw_capacity(unit_kind); }
json_t *scn_hex_json(lnlt_hex h) { return hexj(h); }
json_t *scn_side_json(const lnlt_scenario *s, int side) { return side_j(s, side); }
