/*
 * preview.c: what a legal action would do (lnlt_preview_json; shape in
 * docs/view.md "preview"), computed by the engine itself so a preview can never
 * disagree with the resolution: the action is applied to scratch copies of the
 * state with forced dice, once for every combination of the dice that matter
 * (preview_probe.c), and what the engine logged and changed is read back.
 *
 * The copies are the state as the deciding side may know it (lnlt_state_for_side,
 * rulings R-VIEW-05, R-VIEW-06), so a preview never shows what that side may not see: no
 * unread paragraph fires, no hidden force appears, no sealed melee pick is used.
 *
 * This file: legality, the dispatch by action kind, moves and steps (6.0: MP cost
 * and the enemy locations that could opportunity-fire, 5.3), and the plain
 * summary of any other action. Fire is in preview_fire.c, ordnance in
 * preview_ordnance.c, melee in preview_melee.c.
 */
#include <jansson.h>
#include <stdlib.h>
#include <string.h>

#include "lnlt/scenario.h"
#include "lnlt/view.h"
#include "rules/internal.h"
#include "rules/preview.h"

/* Is the action among the legal actions of the current decision? */
static bool is_legal(const lnlt_ctx *ctx, const lnlt_state *st, const lnlt_action *a)
{
    int n = lnlt_legal_actions(ctx, st, NULL, 0);
    lnlt_action *all = malloc((size_t)(n > 0 ? n : 1) * sizeof *all);
    if (!all)
        return false;
    n = lnlt_legal_actions(ctx, st, all, n);
    bool found = false;
    for (int i = 0; i < n && !found; i++)
        found = lnlt_action_equal(&all[i], a);
    free(all);
    return found;
}

/* The reason the engine gives for refusing a (for a message). */
static void refusal(const lnlt_ctx *ctx, const lnlt_state *st, const lnlt_action *a, lnlt_error *err)
{
    lnlt_state *copy = malloc(sizeof *copy);
    lnlt_dice_queue *none = malloc(sizeof *none);
    if (!copy || !none) {
        lnlt_error_set(err, "out of memory");
    } else {
        lnlt_state_clone(copy, st);
        lnlt_dice_queue_clear(none);
        if (lnlt_apply(ctx, copy, a, none, NULL, err)) {
            char text[96];
            lnlt_action_format(ctx, a, text, sizeof text);
            lnlt_error_set(err, "\"%s\" is not a legal action now", text);
        }
    }
    free(copy);
    free(none);
}

json_t *preview_terms_json(const lnlt_modifiers *m)
{
    json_t *arr = json_array();
    for (int i = 0; i < m->count; i++) {
        json_t *t = json_object();
        json_object_set_new(t, "source", json_string(m->mod[i].source));
        json_object_set_new(t, "value", json_integer(m->mod[i].value));
        json_object_set_new(t, "rule", json_string(m->mod[i].rule));
        json_array_append_new(arr, t);
    }
    return arr;
}

json_t *preview_unit_json(const lnlt_ctx *ctx, const lnlt_state *st, int unit)
{
    json_t *o = json_object();
    char where[LNLT_HEX_ID_MAX];
    json_object_set_new(o, "unit", json_integer(unit));
    json_object_set_new(o, "name", json_string(lnlt_unit_name(ctx, st, unit)));
    json_object_set_new(o, "side", json_integer(st->unit[unit].side));
    if (st->unit[unit].cell >= 0)
        json_object_set_new(o, "location", json_string(lnlt_cell_name(ctx, lnlt_unit_loc(&st->unit[unit]), where)));
    json_object_set_new(o, "status", json_string(st->unit[unit].status == LNLT_SHAKEN ? "shaken" : "good_order"));
    json_object_set_new(o, "morale", json_integer(rules_morale(ctx, &st->unit[unit])));
    return o;
}

/* 6.0, 5.3: a step (or an entry) into the location `to`: its MP cost, what the
 * stack has left, and who could opportunity-fire at it there. */
static void step_preview(preview_probe *p, json_t *o)
{
    const lnlt_ctx *ctx = p->ctx;
    const lnlt_state *st = p->base;
    const lnlt_action *a = &p->action;
    int to = a->arg[0];
    char name[LNLT_HEX_ID_MAX];
    json_object_set_new(o, "to", json_string(lnlt_cell_name(ctx, to, name)));
    if (a->type == LNLT_ACT_STEP) {
        const char *why = NULL;
        int cost2 = rules_step_cost(ctx, st, to, &why);
        int left2 = rules_stack_mp2_left(ctx, st);
        json_object_set_new(o, "mp_cost", json_real(cost2 / 2.0));
        json_object_set_new(o, "mp_before", json_real(left2 / 2.0));
        json_object_set_new(o, "mp_after", json_real((left2 - cost2 > 0 ? left2 - cost2 : 0) / 2.0));
        json_object_set_new(o, "rule", json_string("6.0"));
    }
    int side = a->side;
    if (rules_enemy_in(st, to, side))
        json_object_set_new(o, "melee", json_string("the location holds enemy units: a melee follows (8.0)"));
    /* 1.8: an event marker of the mover's side in that hex (markers are public; their
     * paragraphs are not, R-VIEW-04) */
    const lnlt_scenario *scn = ctx->scenario;
    for (int k = 0; scn && k < scn->event_count && k < LNLT_SCN_EVENTS; k++) {
        const lnlt_scn_event *ev = &scn->event[k];
        if ((p->markers_set_off & lnlt_scn_event_bit(ev)) || ev->type != LNLT_EVENT_OCCUPATION || (ev->side >= 0 && ev->side + 1 != side))
            continue;
        if (lnlt_map_index(ctx->map, ev->hex) == lnlt_loc_cell(to)) {
            char text[96];
            snprintf(text, sizeof text, "entering sets off event marker %c (1.8)", ev->marker);
            json_object_set_new(o, "event", json_string(text));
        }
    }
    /* Where the stack would stand: the enemy locations whose units could fire at it
     * (5.3), as the engine opens the window after the step. */
    json_t *of = json_array();
    if (preview_probe_run(p, NULL, 0) && p->out->move.active && lnlt_loc_cell(p->out->move.cell) == lnlt_loc_cell(to)) {
        int cells[LNLT_MAX_UNITS];
        int n = rules_opfire_hexes(ctx, p->out, cells, LNLT_MAX_UNITS);
        for (int i = 0; i < n && i < LNLT_MAX_UNITS; i++) {
            json_t *h = json_object(), *units = json_array();
            json_object_set_new(h, "location", json_string(lnlt_cell_name(ctx, cells[i], name)));
            int g[LNLT_MAX_UNITS];
            int ng = rules_fire_group(ctx, p->out, cells[i], lnlt_other_side(side), true, g, LNLT_MAX_UNITS);
            for (int k = 0; k < ng && k < LNLT_MAX_UNITS; k++)
                json_array_append_new(units, json_integer(g[k]));
            json_object_set_new(h, "units", units);
            json_array_append_new(of, h);
        }
        json_object_set_new(o, "sniper_may_fire", json_boolean(rules_sniper_opfire_possible(ctx, p->out)));
    }
    json_object_set_new(o, "opportunity_fire_from", of);
}

/* 6.0-6.7: a move starts: how far each mover may go. */
static void move_preview(preview_probe *p, json_t *o)
{
    if (!preview_probe_run(p, NULL, 0))
        return;
    const lnlt_state *out = p->out;
    json_t *movers = json_array();
    for (int i = 0; i < out->unit_count; i++)
        if (lnlt_bit(out->move.units, i)) {
            json_t *m = preview_unit_json(p->ctx, out, i);
            json_object_set_new(m, "mp", json_real(rules_mp2_allowance(p->ctx, out, i) / 2.0));
            json_array_append_new(movers, m);
        }
    json_object_set_new(o, "movers", movers);
    json_object_set_new(o, "mp", json_real(out->move.active ? rules_stack_mp2_left(p->ctx, out) / 2.0 : 0));
}

/* Any other action: the dice it rolls, or, when it rolls none, what it does. */
static void plain_preview(preview_probe *p, json_t *o)
{
    if (!preview_probe_run(p, NULL, 0))
        return;
    json_t *rolls = json_array(), *effects = json_array();
    bool dice = false;
    for (int i = 0; i < p->log.count; i++) {
        const lnlt_event *e = &p->log.ev[i];
        if (e->kind == LNLT_EV_ROLL) {
            json_t *r = json_object();
            json_object_set_new(r, "purpose", json_string(e->what));
            json_object_set_new(r, "rule", json_string(e->rule));
            json_object_set_new(r, "dice", json_integer(e->ndice));
            json_array_append_new(rolls, r);
            dice = true;
        }
    }
    for (int i = 0; i < p->log.count && !dice; i++) {
        const lnlt_event *e = &p->log.ev[i];
        if (e->kind == LNLT_EV_ACTION)
            continue;
        char text[LNLT_EVENT_TEXT_MAX + 64];
        lnlt_event_text(e, text, sizeof text);
        json_array_append_new(effects, json_string(text));
    }
    json_object_set_new(o, "rolls", rolls);
    if (!dice)
        json_object_set_new(o, "effects", effects);
}

void *lnlt_preview_state_json(const lnlt_ctx *ctx, const lnlt_state *st, const char *action, lnlt_error *err)
{
    if (!ctx || !st || !action) {
        lnlt_error_set(err, "preview needs a game and an action");
        return NULL;
    }
    lnlt_action a;
    if (!lnlt_action_parse(ctx, st, action, &a, err))
        return NULL;
    lnlt_decision d = lnlt_decision_get(ctx, st);
    if (d.kind == LNLT_DECIDE_NONE) {
        lnlt_error_set(err, "the game is over: nothing to preview");
        return NULL;
    }
    if (!is_legal(ctx, st, &a)) {
        refusal(ctx, st, &a, err);
        return NULL;
    }
    preview_probe *p = preview_probe_new(ctx, st, &a, d.side);
    if (!p) {
        lnlt_error_set(err, "out of memory");
        return NULL;
    }
    json_t *o = json_object();
    char text[128], word[32];
    lnlt_action_format(ctx, &a, text, sizeof text);
    sscanf(text, "%31s", word);
    json_object_set_new(o, "format", json_integer(LNLT_VIEW_FORMAT));
    json_object_set_new(o, "action", json_string(text));
    json_object_set_new(o, "kind", json_string(word));
    json_object_set_new(o, "side", json_integer(d.side));
    bool ok = true;
    switch (a.type) {
    case LNLT_ACT_FIRE:
    case LNLT_ACT_OPFIRE:
    case LNLT_ACT_ASSAULT_FIRE:
    case LNLT_ACT_ASSAULT_FIRE_DT:
    case LNLT_ACT_STEALTH_ASSAULT_FIRE:
    case LNLT_ACT_HR_FIRE:
    case LNLT_ACT_SNIPE:
    case LNLT_ACT_SW_INDIRECT:
    case LNLT_ACT_MORTAR_CALL:
        ok = preview_fire(p, o, err);
        break;
    case LNLT_ACT_SHOOT:
    case LNLT_ACT_OPSHOOT:
        ok = preview_ordnance(p, o, err);
        break;
    case LNLT_ACT_TARGET:
    case LNLT_ACT_MELEE:
        ok = preview_melee(p, o, err);
        break;
    case LNLT_ACT_STEP:
    case LNLT_ACT_ENTER:
        step_preview(p, o);
        if (rules_enemy_in(st, a.arg[0], a.side))
            ok = preview_melee(p, o, err);
        break;
    case LNLT_ACT_MOVE:
    case LNLT_ACT_ASSAULT:
    case LNLT_ACT_ASSAULT_DT:
    case LNLT_ACT_DOUBLE_TIME:
    case LNLT_ACT_LOW_CRAWL:
    case LNLT_ACT_STEALTH:
    case LNLT_ACT_STEALTH_ASSAULT:
    case LNLT_ACT_HIT_AND_RUN:
        move_preview(p, o);
        break;
    default:
        plain_preview(p, o);
        break;
    }
    if (ok && p->failed) {
        lnlt_error_set(err, "%s", p->err.msg);
        ok = false;
    }
    preview_probe_free(p);
    if (!ok) {
        json_decref(o);
        return NULL;
    }
    return o;
}
