/*
 * play_preview.c: `preview COMMAND` and `los FROM TO` at the prompt of `lnlt
 * play`: the engine's preview (lnlt_preview_json) and line of sight
 * (lnlt_los_json) written for a person: every modifier with its rule section,
 * the chance of each result, what each DC means for each target's morale; odds
 * and kill numbers for a melee; MP and opportunity fire for a step.
 */
#include <jansson.h>
#include <stdio.h>
#include <string.h>

#include "lnlt/view.h"
#include "play.h"

static const char *str(const json_t *o, const char *key)
{
    const char *v = json_string_value(json_object_get(o, key));
    return v ? v : "";
}

static double num(const json_t *o, const char *key) { return json_number_value(json_object_get(o, key)); }

static void terms(const json_t *arr)
{
    for (size_t i = 0; i < json_array_size(arr); i++) {
        const json_t *t = json_array_get(arr, i);
        printf("%s%s %+d (%s)", i ? ", " : "", str(t, "source"), (int)num(t, "value"), str(t, "rule"));
    }
}

static void results(const json_t *r)
{
    static const char *const order[] = {"no_effect", "shaken", "casualties", "wounded", "eliminated"};
    static const char *const words[] = {"no effect", "shaken", "casualties", "wounded", "eliminated"};
    int n = 0;
    for (int k = 0; k < 5; k++) {
        const json_t *v = json_object_get(r, order[k]);
        if (v)
            printf("%s%s %.1f%%", n++ ? ", " : "", words[k], 100 * json_number_value(v));
    }
}

static void fire_preview(const json_t *o)
{
    const json_t *atk = json_object_get(o, "attack"), *def = json_object_get(o, "defence");
    printf("  %s from %s at %s, range %d\n", str(o, "kind"), str(o, "from"), str(o, "to"), (int)num(o, "range"));
    int total = (int)num(atk, "total");
    printf("  attack: %s %c %d (", str(atk, "dice"), total < 0 ? '-' : '+', total < 0 ? -total : total);
    terms(json_object_get(atk, "terms"));
    printf(")");
    if (json_array_size(json_object_get(atk, "target_terms"))) {
        printf(", and against the units it concerns: ");
        terms(json_object_get(atk, "target_terms"));
    }
    printf("\n    firepower: %s\n", str(atk, "firepower"));
    printf("  defence: 1d6 + TM %d (", (int)num(def, "tm"));
    terms(json_object_get(def, "terms"));
    printf(")\n  result at %s:", str(o, "to"));
    const json_t *oc = json_object_get(o, "outcomes");
    for (size_t i = 0; i < json_array_size(oc); i++)
        printf("%s %s %.1f%%", i ? "," : "", str(json_array_get(oc, i), "result"),
               100 * num(json_array_get(oc, i), "probability"));
    printf("\n");
    if (json_object_get(o, "jam_probability"))
        printf("  a J weapon jams: %.1f%% (1.6.2)\n", 100 * num(o, "jam_probability"));
    const json_t *tg = json_object_get(o, "targets");
    for (size_t i = 0; i < json_array_size(tg); i++) {
        const json_t *t = json_array_get(tg, i);
        printf("  #%d %s (%s, morale %d): ", (int)num(t, "unit"), str(t, "name"),
               !strcmp(str(t, "status"), "shaken") ? "shaken" : "good order", (int)num(t, "morale"));
        results(json_object_get(t, "results"));
        if (json_object_get(t, "hero"))
            printf("; a hero appears %.1f%% (11.2.1)", 100 * num(t, "hero"));
        printf("\n");
        const json_t *dcs = json_object_get(t, "dc");
        for (size_t k = 0; k < json_array_size(dcs); k++) {
            const json_t *d = json_array_get(dcs, k);
            int dc = (int)num(d, "dc");
            if (dc == 0)
                continue;
            printf("      DC+%d (%.1f%%): ", dc, 100 * num(d, "probability"));
            const json_t *bd = json_object_get(d, "by_die");
            if (bd) {
                printf("damage check die");
                for (size_t f = 0; f < json_array_size(bd); f++) {
                    const char *r = json_string_value(json_array_get(bd, f));
                    printf(" %d:%s", (int)f + 1, r && !strcmp(r, "no_effect") ? "no effect" : r ? r : "?");
                }
            } else {
                results(json_object_get(d, "results"));
            }
            printf("\n");
        }
    }
}

static void melee_attack(const char *title, const json_t *a)
{
    if (!a || json_is_null(a))
        return;
    printf("  %s: FP %d vs %d, odds %s", title, (int)num(a, "attack_fp"), (int)num(a, "defence_fp"), str(a, "odds"));
    if (strcmp(str(a, "odds"), str(a, "base_odds")))
        printf(" (%s before the hero's shift)", str(a, "base_odds"));
    printf(", kill number %d", (int)num(a, "kill_number"));
    const json_t *m = json_object_get(a, "modifiers");
    if (json_array_size(m)) {
        printf(", modifiers ");
        terms(m);
    }
    printf(": a kill %.1f%% on 2d6 (8.0)%s\n", 100 * num(a, "kill_probability"),
           json_is_true(json_object_get(a, "legal")) ? "" : " - below 1-3 against several units: not allowed");
}

static void melee_preview(const json_t *m)
{
    printf("  melee in %s:\n", str(m, "location"));
    melee_attack("your attack", json_object_get(m, "attack"));
    melee_attack("attacking all of them", json_object_get(m, "attack_all"));
    const json_t *each = json_object_get(m, "attack_each");
    for (size_t i = 0; i < json_array_size(each); i++) {
        const json_t *a = json_array_get(each, i);
        const json_t *t = json_array_get(json_object_get(a, "targets"), 0);
        char title[96];
        snprintf(title, sizeof title, "attacking #%d %s alone", (int)num(t, "unit"), str(t, "name"));
        melee_attack(title, a);
    }
    if (json_object_get(m, "then"))
        printf("  then %s\n", str(m, "then"));
}

static void step_preview(const json_t *o)
{
    if (json_object_get(o, "mp_cost"))
        printf("  %s costs %g MP (%g left before, %g after) (6.0)\n", str(o, "to"), num(o, "mp_cost"), num(o, "mp_before"),
               num(o, "mp_after"));
    const json_t *of = json_object_get(o, "opportunity_fire_from");
    if (json_array_size(of) == 0) {
        printf("  no enemy unit could opportunity-fire at the stack there (5.3)\n");
    } else {
        printf("  opportunity fire possible from:");
        for (size_t i = 0; i < json_array_size(of); i++) {
            const json_t *h = json_array_get(of, i), *units = json_object_get(h, "units");
            printf("%s %s (", i ? "," : "", str(h, "location"));
            for (size_t k = 0; k < json_array_size(units); k++)
                printf("%s#%d", k ? " " : "", (int)json_integer_value(json_array_get(units, k)));
            printf(")");
        }
        printf(" (5.3)\n");
    }
    if (json_is_true(json_object_get(o, "sniper_may_fire")))
        printf("  an enemy sniper may fire at it too (11.4)\n");
    if (json_object_get(o, "event"))
        printf("  %s\n", str(o, "event"));
    if (json_object_get(o, "melee") && json_is_string(json_object_get(o, "melee")))
        printf("  %s\n", str(o, "melee"));
}

void play_preview(const play *p, const char *command)
{
    lnlt_error err;
    json_t *o = lnlt_preview_json(p->s, command, &err);
    if (!o) {
        printf("%s\n", err.msg);
        return;
    }
    printf("preview of \"%s\":\n", str(o, "action"));
    if (json_object_get(o, "attack"))
        fire_preview(o);
    if (json_object_get(o, "opportunity_fire_from"))
        step_preview(o);
    const json_t *m = json_object_get(o, "melee");
    if (json_is_object(m))
        melee_preview(m);
    const json_t *movers = json_object_get(o, "movers");
    if (movers) {
        printf("  the stack may spend %g MP:", num(o, "mp"));
        for (size_t i = 0; i < json_array_size(movers); i++) {
            const json_t *u = json_array_get(movers, i);
            printf("%s #%d %s %g MP", i ? "," : "", (int)num(u, "unit"), str(u, "name"), num(u, "mp"));
        }
        printf("\n");
    }
    const json_t *rolls = json_object_get(o, "rolls"), *effects = json_object_get(o, "effects");
    for (size_t i = 0; i < json_array_size(rolls); i++)
        printf("  rolls %dd6: %s (%s)\n", (int)num(json_array_get(rolls, i), "dice"), str(json_array_get(rolls, i), "purpose"),
               str(json_array_get(rolls, i), "rule"));
    for (size_t i = 0; i < json_array_size(effects); i++)
        printf("  %s\n", json_string_value(json_array_get(effects, i)));
    json_decref(o);
}

void play_los(const play *p, const char *args)
{
    char from[32] = "", to[32] = "", extra[8] = "";
    if (sscanf(args, "%31s %31s %7s", from, to, extra) != 2) {
        printf("usage: los FROM TO (locations such as H5 or H5:upper)\n");
        return;
    }
    lnlt_error err;
    json_t *o = lnlt_los_json(p->s, from, to, &err);
    if (!o) {
        printf("%s\n", err.msg);
        return;
    }
    printf("%s -> %s: range %d, line of sight %s\n", str(o, "from"), str(o, "to"), (int)num(o, "range"),
           str(o, "verdict"));
    const json_t *eff = json_object_get(o, "effects"), *rs = json_object_get(o, "reasons");
    for (size_t i = 0; i < json_array_size(eff); i++)
        printf("  %s\n", json_string_value(json_array_get(eff, i)));
    for (size_t i = 0; i < json_array_size(rs); i++)
        printf("  %s\n", str(json_array_get(rs, i), "text"));
    json_decref(o);
}
