/*
 * scenario_save.c: writing a scenario back as JSON (lnlt_scenario_save,
 * docs/formats/scenario.md) in the form the loader reads, with the words of
 * scenario_names.c, so a saved scenario loads to the same scenario.
 */
#include "lnlt/scenario.h"

#include <string.h>

#include "data/scenario_terrain.h"
#include "data/scenario_vehicles.h"
#include "data/scenario_internal.h"

/* ---- saving ---- */

json_t *scn_hex_json(lnlt_hex h)
{
    char buf[LNLT_HEX_ID_MAX];
    return json_string(lnlt_hex_format(h, buf));
}

static json_t *edges_j(uint8_t e)
{
    json_t *a = json_array();
    for (int i = 0; i < 4; i++)
        if (e & (1u << i))
            json_array_append_new(a, json_string(scn_edge_names[i]));
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

json_t *scn_side_json(const lnlt_scenario *s, int side)
{
    return json_string(side < 0 ? "any" : s->side[side].id);
}

static json_t *arrive_j(const lnlt_scenario *s, const lnlt_scn_arrive *a)
{
    json_t *o = json_object();
    json_object_set_new(o, "how", json_string(scn_arrive_names[a->how]));
    if (a->how == LNLT_ARRIVE_ENTER) {
        json_object_set_new(o, "when", json_string(scn_when_names[a->when]));
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
                        json_array_append_new(re, json_string(scn_edge_names[e]));
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
    json_object_set_new(o, "do", json_string(scn_op_names[a->op]));
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
            json_object_set_new(o, "hex", scn_hex_json(a->hex));
        if (a->zone >= 0)
            json_object_set_new(o, "zone", json_string(s->zone[a->zone].id));
        if (a->marker)
            json_object_set_new(o, "marker", json_string(scn_marker_names[a->marker]));
        break;
    case LNLT_OP_MORALE_CHECK:
        json_object_set_new(o, "side", scn_side_json(s, a->side));
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
        json_object_set_new(o, "side", scn_side_json(s, a->side));
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
    json_object_set_new(o, "north_edge", json_string(scn_north_names[s->north]));
    json_object_set_new(o, "turns", json_integer(s->turns));
    json_object_set_new(o, "initiative", scn_side_json(s, s->initiative));
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
                json_array_append_new(h, scn_hex_json(z->hex[k]));
            json_object_set_new(x, z->path_side > 0 ? "east_of" : z->path_side < 0 ? "west_of"
                                                                                   : "hexes", h);
        }
        if (z->has_within)
            json_object_set_new(x, "within", json_pack("{s:o,s:i}", "hex", scn_hex_json(z->center),
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
        json_object_set_new(x, "hex", scn_hex_json(ob->hex));
        json_object_set_new(x, "side", scn_side_json(s, ob->side));
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
        json_object_set_new(x, "side", scn_side_json(s, f->side));
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
        json_object_set_new(x, "rule", json_string(scn_rule_names[ru->kind]));
        if (ru->optional)
            json_object_set_new(x, "optional", json_true());
        if (ru->off)
            json_object_set_new(x, "on", json_false());
        if (ru->side >= 0)
            json_object_set_new(x, "side", scn_side_json(s, ru->side));
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
                                           scn_event_type_names[e->type], "side", scn_side_json(s, e->side),
                                           "hex", scn_hex_json(e->hex), "actions",
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
    json_object_set_new(v, "winner", scn_side_json(s, vi->winner));
    json_object_set_new(v, "otherwise", vi->otherwise == LNLT_OUTCOME_DRAW
                                            ? json_string("draw")
                                            : scn_side_json(s, vi->otherwise));
    a = json_array();
    for (int i = 0; i < vi->condition_count; i++) {
        const lnlt_scn_condition *cd = &vi->condition[i];
        json_t *x = json_object();
        json_object_set_new(x, "type", json_string(scn_cond_names[cd->type]));
        if (cd->type != LNLT_COND_OBJECTIVE || cd->side >= 0)
            json_object_set_new(x, "side", scn_side_json(s, cd->side));
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
        json_object_set_new(x, "side", p->side < 0 ? json_string("both") : scn_side_json(s, p->side));
        json_object_set_new(x, "for", json_string(scn_vp_for_names[p->vp_for]));
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
                                           scn_side_json(s, vi->initial_control[i].side), "zone",
                                           s->zone[vi->initial_control[i].zone].id));
    json_object_set_new(v, "initial_control", a);
    json_object_set_new(o, "victory", v);
    if (s->has_state)
        json_object_set_new(o, "state", scn_state_json(s));
    char *text = json_dumps(o, JSON_INDENT(2) | JSON_PRESERVE_ORDER);
    json_decref(o);
    return text;
}
