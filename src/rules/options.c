/*
 * options.c: the optional special rules of a scenario as game options (rule
 * 22.0: a scenario's optional rules are played only if the players agree). The
 * scenario data says whether each is on by default ("optional": true, "on");
 * the players may turn one on or off before the first action, and the choice is
 * part of the game state (lnlt_state.rules_off), so saves and snapshots keep it.
 * Rules that change the map, and the vehicle options of 15.x, are applied when
 * the scenario opens and stay as the data says.
 */
#include "lnlt/scenario.h"
#include "rules/internal.h"

void rules_options_init(const lnlt_ctx *ctx, lnlt_state *st)
{
    st->rules_off = 0;
    for (int r = 0; ctx->scenario && r < ctx->scenario->rule_count && r < LNLT_SCN_RULES; r++)
        if (ctx->scenario->rule[r].optional && ctx->scenario->rule[r].off)
            st->rules_off |= (uint16_t)(1u << r);
}

bool lnlt_rule_on(const lnlt_ctx *ctx, const lnlt_state *st, int rule)
{
    if (!ctx->scenario || rule < 0 || rule >= ctx->scenario->rule_count)
        return false;
    return !ctx->scenario->rule[rule].optional || !(st->rules_off & (1u << rule));
}

bool lnlt_rule_set(const lnlt_ctx *ctx, lnlt_state *st, int rule, bool on, lnlt_error *err)
{
    const lnlt_scenario *scn = ctx->scenario;
    if (!scn || rule < 0 || rule >= scn->rule_count)
        return lnlt_error_set(err, "the scenario has no special rule %d (it has %d)", rule, scn ? scn->rule_count : 0);
    const lnlt_scn_rule *r = &scn->rule[rule];
    if (!r->optional)
        return lnlt_error_set(err, "special rule %d is not optional", rule);
    if (r->kind == LNLT_SSR_BUILDINGS_ONE_LEVEL || r->kind == LNLT_SSR_NO_UPPER_LEVEL)
        return lnlt_error_set(err, "special rule %d changes the map and is fixed when the scenario opens", rule);
    if (r->kind == LNLT_SSR_VEHICLE_SIZE_SPEED || r->kind == LNLT_SSR_HULL_DOWN || r->kind == LNLT_SSR_MG_SPLIT ||
        r->kind == LNLT_SSR_SPOT_VEHICLES)
        return lnlt_error_set(err, "special rule %d is a vehicle option fixed when the scenario opens", rule);
    if (st->actions_applied > 0)
        return lnlt_error_set(err, "optional rules are chosen before the first action of the game");
    if (on)
        st->rules_off &= (uint16_t)~(1u << rule);
    else
        st->rules_off |= (uint16_t)(1u << rule);
    return true;
}
