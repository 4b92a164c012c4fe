/*
 * scenario_victory.c: the "objectives" and "victory" of a scenario file (rule 22.0
 * victory conditions and victory points, "half-squads are worth half"; 22.1
 * initial control; docs/formats/scenario.md).
 */
#include "lnlt/scenario.h"

#include <stdio.h>
#include <string.h>

#include "data/scenario_internal.h"

/* ---- objectives ---- */

bool scn_read_objectives(ctx *c, json_t *root)
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
            !scn_read_side(c, v, "side", true, false, &o->side) ||
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

/* ---- victory ---- */

bool scn_read_victory(ctx *c, json_t *root)
{
    static const char *const keys[] = {"conditions", "winner", "otherwise", "vp", "most_vp_wins",
                                       "initial_control", NULL};
    lnlt_scn_victory *vi = &c->s->victory;
    json_t *v = json_object_get(root, "victory"), *a;
    size_t old = jr_key(&c->r, "victory");
    if (!v)
        return jr_fail(&c->r, "missing (required)");
    if (!jr_is_object(&c->r, v) || !jr_keys(&c->r, v, keys) ||
        !scn_read_side(c, v, "winner", false, true, &vi->winner) ||
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
                !jr_enum(&c->r, e, "type", true, scn_cond_names, LNLT_COND_COUNT, 0, &type) ||
                !scn_read_side(c, e, "side", type != LNLT_COND_OBJECTIVE, true, &cd->side) ||
                !scn_read_ref(c, e, "zone", type == LNLT_COND_CONTROL || type == LNLT_COND_EXIT, 0,
                          &cd->zone, NULL) ||
                !jr_int(&c->r, e, "count", false, 0, 99, 0, &count) ||
                !jr_int(&c->r, e, "by_turn", false, 0, 40, 0, &by) ||
                !jr_int(&c->r, e, "leaders", false, 0, 20, 0, &leaders) ||
                !scn_read_ref(c, e, "objective", type == LNLT_COND_OBJECTIVE, 2, &cd->objective,
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
            snprintf(what, sizeof what, "a \"%s\" condition", scn_cond_names[type]);
            if (!scn_only_keys(c, e, cond_keys[type], what))
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
                !scn_read_side(c, e, "side", true, true, &p->side) ||
                !jr_enum(&c->r, e, "for", true, scn_vp_for_names, 2, 0, &f) ||
                !scn_read_ref(c, e, "zone", f == LNLT_VP_CONTROL, 0, &p->zone, NULL) ||
                !jr_int(&c->r, e, "vp", true, 0, 99, 0, &vp) ||
                !scn_read_kinds(c, e, "kinds", &p->kinds) ||
                !jr_bool(&c->r, e, "half_for_half_squads", false, &p->half_for_half_squads))
                return false;
            static const char *const vp_keys[2][7] = {
                {"side", "for", "zone", "vp", NULL},
                {"side", "for", "vp", "kinds", "half_for_half_squads", NULL},
            };
            if (!scn_only_keys(c, e, vp_keys[f], f == LNLT_VP_CONTROL ? "VP for control" : "VP for eliminations"))
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
                !scn_read_side(c, e, "side", true, false, &vi->initial_control[i].side) ||
                !scn_read_ref(c, e, "zone", true, 0, &vi->initial_control[i].zone, NULL))
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
