/*
 * scenario_rules.c: the "special_rules" of a scenario file (the SSRs of rule 22.0,
 * docs/formats/scenario.md), among them the hero stand-ins of the optional rules
 * (11.2.1) and the zones snipers may be placed in (11.4).
 */
#include "lnlt/scenario.h"

#include <stdio.h>

#include "data/scenario_internal.h"

/* ---- special rules ---- */

bool scn_read_rules(ctx *c, json_t *root)
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
            !jr_enum(&c->r, v, "rule", true, scn_rule_names, LNLT_SSR_COUNT, 0, &kind) ||
            !jr_bool(&c->r, v, "optional", false, &ru->optional) ||
            !jr_bool(&c->r, v, "on", true, &on) ||
            !scn_read_side(c, v, "side", false, true, &ru->side) ||
            !scn_read_ref(c, v, "zone", false, 0, &ru->zone, NULL) ||
            !jr_int(&c->r, v, "value", false, -1, 12, -1, &value) ||
            !scn_read_edges(c, v, "edges", &ru->edges))
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
        snprintf(what, sizeof what, "rule \"%s\"", scn_rule_names[kind]);
        if (!scn_only_keys(c, v, rule_keys[kind], what))
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
