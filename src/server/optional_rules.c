/*
 * optional_rules.c: a scenario's optional special rules (rule 22.0) as choices
 * of the players when they create a game on the server (docs/server.md,
 * "Optional rules"). The scenario listing says which rules can be chosen, with
 * their default; the create request may turn any of them on or off; the choice
 * is stored with the game (games.rules_off) and every session of the game
 * (play, replay, past positions, export) starts with it.
 *
 * Nothing here knows a rule by kind: what may be chosen is whatever the engine's
 * lnlt_rule_set accepts before the first action (ruling R-SRV-30), so an optional
 * rule added to the engine is offered without a change here.
 */
#include <jansson.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "lnlt/game.h"
#include "lnlt/scenario.h"
#include "server/optional_rules.h"

/* Does the engine let the players choose rule r of this scenario (R-SRV-30)? */
static bool choosable(const lnlt_ctx *ctx, lnlt_state *scratch, int r)
{
    const lnlt_scn_rule *rule = &ctx->scenario->rule[r];
    if (!rule->optional)
        return false;
    lnlt_error ignored;
    return lnlt_rule_set(ctx, scratch, r, !rule->off, &ignored);
}

/* The rule's words as the briefing gives them, without its "Optional: " mark. */
static const char *rule_name(const json_t *briefing, int r)
{
    const json_t *rules = json_object_get(briefing, "special_rules");
    const char *text = json_string_value(json_object_get(json_array_get(rules, (size_t)r), "text"));
    if (!text)
        return "";
    static const char mark[] = "Optional: ";
    return strncmp(text, mark, sizeof mark - 1) ? text : text + sizeof mark - 1;
}

void *srv_optional_rules_json(const lnlt_ctx *ctx, const void *briefing, const lnlt_state *st)
{
    json_t *arr = json_array();
    lnlt_state *scratch = ctx->scenario ? malloc(sizeof *scratch) : NULL;
    if (!scratch)
        return arr;
    for (int r = 0; r < ctx->scenario->rule_count && r < LNLT_SCN_RULES; r++) {
        lnlt_state_init(scratch, ctx, 0);
        if (!choosable(ctx, scratch, r))
            continue;
        json_t *o = json_object();
        json_object_set_new(o, "id", json_integer(r));
        char name[320];
        snprintf(name, sizeof name, "%s", rule_name(briefing, r));
        if (name[0] >= 'a' && name[0] <= 'z')
            name[0] = (char)(name[0] - 'a' + 'A');
        json_object_set_new(o, "name", json_string(name));
        json_object_set_new(o, "default", json_boolean(!ctx->scenario->rule[r].off));
        if (st)
            json_object_set_new(o, "on", json_boolean(lnlt_rule_on(ctx, st, r)));
        json_array_append_new(arr, o);
    }
    free(scratch);
    return arr;
}

bool srv_optional_rules_choose(const lnlt_ctx *ctx, const char *scenario_id, const void *choice, lnlt_state *st,
                               lnlt_error *err)
{
    const json_t *obj = choice;
    if (!obj)
        return true;
    if (!json_is_object(obj))
        return lnlt_error_set(err, "\"optional_rules\": expected an object such as {\"0\": true, \"1\": false} "
                                   "(a rule id from GET /api/scenarios, and whether the game plays it)");
    int count = ctx->scenario ? ctx->scenario->rule_count : 0;
    const char *key;
    const json_t *v;
    json_object_foreach((json_t *)obj, key, v)
    {
        char *end;
        long r = strtol(key, &end, 10);
        if (!key[0] || *end || key[0] == '-' || key[0] == '+' || key[0] == ' ' || r < 0 || r >= count)
            return lnlt_error_set(err, "\"optional_rules\".\"%.40s\": scenario %s has no special rule with that id "
                                       "(its ids are 0 to %d)",
                                  key, scenario_id, count - 1);
        if (!json_is_boolean(v))
            return lnlt_error_set(err, "\"optional_rules\".\"%ld\": expected true (played) or false (not played)", r);
        lnlt_error why;
        if (!lnlt_rule_set(ctx, st, (int)r, json_is_true(v), &why))
            return lnlt_error_set(err, "\"optional_rules\".\"%ld\": %s", r, why.msg);
    }
    return true;
}

bool srv_optional_rules_apply(lnlt_session *s, int rules_off, lnlt_error *err)
{
    const lnlt_scenario *scn = s->ctx.scenario;
    for (int r = 0; rules_off >= 0 && scn && r < scn->rule_count && r < LNLT_SCN_RULES; r++) {
        bool on = !((rules_off >> r) & 1);
        if (!scn->rule[r].optional || lnlt_rule_on(&s->ctx, &s->start, r) == on)
            continue;
        if (!lnlt_session_set_rule(s, r, on, err)) {
            lnlt_error_prefix(err, "the optional rules chosen for the game");
            return false;
        }
    }
    return true;
}
