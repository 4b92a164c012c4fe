/*
 * scenario_forces.c: the "forces" of a scenario file (docs/formats/scenario.md):
 * the order of battle of each side (rule 22.0) and how and when each force
 * arrives: set up first, entering by an edge or a hex, held back for an event, or
 * placed during play as a sniper (11.4); which counters may carry support weapons
 * (1.6) and which skills fit which counters.
 */
#include "lnlt/scenario.h"

#include <string.h>

#include "data/scenario_internal.h"

/* ---- arrivals ---- */

bool scn_read_arrive(ctx *c, json_t *obj, const char *key, bool required,
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
        !jr_enum(&c->r, v, "how", true, scn_arrive_names, LNLT_ARRIVE_COUNT, 0, &how) ||
        !jr_enum(&c->r, v, "when", false, scn_when_names, LNLT_WHEN_COUNT, LNLT_WHEN_TURN, &when) ||
        !jr_int(&c->r, v, "turn", false, 0, 40, 0, &turn) ||
        !jr_int(&c->r, v, "roll_at_most", false, 0, 5, 0, &roll) ||
        !scn_read_ref(c, v, "zone", false, 0, &ar->zone, NULL) ||
        !scn_read_edges(c, v, "edges", &ar->edges) ||
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
            if (!jr_enum_value(&c->r, json_array_get(re, k), scn_edge_names, 4, &e))
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
        if (!scn_read_ref(c, v, rk, true, 1, &ar->ref, ar->ref_id))
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

bool scn_read_unit_type(ctx *c, json_t *obj, int side, char *idbuf, int16_t *out)
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

bool scn_read_skill_for(ctx *c, json_t *obj, int unit_type, char *idbuf, int16_t *out)
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

int scn_sw_capacity(int kind)
{
    return lnlt_unit_kind_sw_capacity(kind); /* 1.6, PAC SW portage */
}

bool scn_read_forces(ctx *c, json_t *root)
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
        if (!jr_keys(&c->r, v, keys) || !scn_read_side(c, v, "side", true, false, &f->side) ||
            !scn_read_arrive(c, v, "arrive", true, &f->arrive, (int)i) ||
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
                !scn_read_unit_type(c, u, f->side, ln->type_id, &ln->type) ||
                !jr_int(&c->r, u, "count", false, 1, 30, 1, &count) ||
                !scn_read_skill_for(c, u, ln->type, ln->skill_id, &ln->skill))
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
                    if (load[held] > scn_sw_capacity(kind) * hl->count) {
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
            /* 1.6: the weapons no line holds go to the force's units at set-up
             * (R-SCN-01), so all of them together must fit what the units carry;
             * otherwise one unit would start over its limit */
            int carried = 0, capacity = 0;
            for (int k = f->first_sw; k < s->sw_count; k++)
                carried += s->sw[k].count;
            for (int l = 0; l < f->line_count; l++)
                capacity += scn_sw_capacity(c->cat->unit[s->line[f->first_line + l].type].kind) *
                            s->line[f->first_line + l].count;
            if (carried > capacity)
                return jr_fail(&c->r, "force \"%s\" has %d support weapon(s) but its units can carry %d (1.6: "
                                      "squads 2, half-squads, crews and eligible SMCs 1, others none)",
                               f->id, carried, capacity);
            f->sw_count = (uint8_t)json_array_size(sws);
            jr_pop(&c->r, o3);
        }
        jr_pop(&c->r, o2);
    }
    jr_pop(&c->r, old);
    return true;
}
