/*
 * preview_melee.c: the preview of a melee attack (rules 8.0 odds and kill numbers,
 * 8.2 reinforcing, 8.3 zero-FP units, 8.4 ambush, 8.5 "M" superscripts, 8.6
 * cavalry charges): the attacking side's FP against the targets' FP, the odds
 * column before and after a hero's shift, the kill number, the roll's modifiers,
 * and the chance of a kill over the 36 rolls of 2d6. The input is built by the
 * same function the melee round rolls with (rules_melee_attack_input), and each
 * roll is judged by the same calculation (lnlt_melee_attack), so the preview and
 * the round cannot disagree.
 *
 * For a target pick the attack is the one picked. For a melee round about to be
 * fought, or a step into an enemy location that starts one, the targets are not
 * picked yet: the preview shows the attack on all the enemy's melee-eligible units
 * there and on each one alone. Only the deciding side's attack is shown: the
 * other side's picks may be sealed (ruling R-VIEW-03).
 */
#include <math.h>
#include <string.h>

#include "lnlt/combat.h"
#include "lnlt/view.h"
#include "rules/internal.h"
#include "rules/preview.h"

static double round4(double x) { return floor(x * 10000.0 + 0.5) / 10000.0; }

/* The attack of `side` in `cell` on the units of `targets`, or NULL when that side
 * makes none there. */
static json_t *attack_json(const lnlt_ctx *ctx, const lnlt_state *st, int cell, int side, const uint8_t *targets)
{
    lnlt_melee_input in;
    int ambush;
    if (!rules_melee_attack_input(ctx, st, cell, side, targets, &in, &ambush))
        return NULL;
    int kills = 0;
    lnlt_melee_outcome any;
    memset(&any, 0, sizeof any);
    for (int d1 = 1; d1 <= 6; d1++)
        for (int d2 = 1; d2 <= 6; d2++) {
            in.d1 = d1;
            in.d2 = d2;
            lnlt_melee_outcome out = lnlt_melee_attack(&in);
            kills += out.kill;
            any = out;
        }
    json_t *o = json_object(), *tg = json_array();
    for (int i = 0; i < st->unit_count; i++)
        if (lnlt_bit(targets, i))
            json_array_append_new(tg, preview_unit_json(ctx, st, i));
    json_object_set_new(o, "targets", tg);
    json_object_set_new(o, "attack_fp", json_integer(in.att_fp));
    json_object_set_new(o, "defence_fp", json_integer(in.def_fp));
    if (ambush >= 0)
        json_object_set_new(o, "ambush_fp", json_integer(ambush));
    json_object_set_new(o, "legal", json_boolean(any.legal));
    json_object_set_new(o, "odds", json_string(lnlt_odds_name(any.odds)));
    json_object_set_new(o, "base_odds", json_string(lnlt_odds_name(any.base_odds)));
    json_object_set_new(o, "kill_number", json_integer(any.kill_number));
    json_object_set_new(o, "modifiers", preview_terms_json(&any.mods));
    json_object_set_new(o, "dice", json_string("2d6"));
    json_object_set_new(o, "kill_probability", json_real(round4(kills / 36.0)));
    json_object_set_new(o, "rule", json_string("8.0"));
    return o;
}

/* The enemy's melee-eligible units in `cell`. */
static int enemy_fighters(const lnlt_ctx *ctx, const lnlt_state *st, int cell, int side, uint8_t *set)
{
    memset(set, 0, LNLT_UNIT_BITS);
    int n = 0;
    for (int i = 0; i < st->unit_count; i++)
        if (lnlt_unit_loc(&st->unit[i]) == cell && st->unit[i].side != side && rules_melee_eligible(ctx, st, i)) {
            lnlt_bit_set(set, i);
            n++;
        }
    return n;
}

bool preview_melee(preview_probe *p, json_t *o, lnlt_error *err)
{
    const lnlt_ctx *ctx = p->ctx;
    const lnlt_action *a = &p->action;
    int side = p->side;
    json_t *m = json_object();
    char name[LNLT_HEX_ID_MAX];
    if (a->type == LNLT_ACT_TARGET) {
        int cell = p->base->melee_cell;
        json_object_set_new(m, "location", json_string(lnlt_cell_name(ctx, cell, name)));
        json_t *atk = attack_json(ctx, p->base, cell, side, a->units);
        json_object_set_new(m, "attack", atk ? atk : json_null());
        json_object_set_new(m, "then", json_string(p->base->melee_stage == 1
                                                       ? "the other side picks its targets, then both attacks are rolled "
                                                         "and the losses taken together (8.0)"
                                                       : "both attacks are rolled and the losses taken together (8.0)"));
        json_object_set_new(o, "melee", m);
        return true;
    }
    /* a round about to be fought (8.1) or started by a step: the state after it */
    if (!preview_probe_run(p, NULL, 0)) {
        json_decref(m);
        return lnlt_error_set(err, "%s", p->err.msg);
    }
    const lnlt_state *st = p->out;
    if (st->pending != LNLT_DECIDE_MELEE_TARGET || st->melee_cell < 0) {
        json_decref(m);
        return true; /* no melee follows after all (the stack was stopped first) */
    }
    int cell = st->melee_cell;
    json_object_set_new(m, "location", json_string(lnlt_cell_name(ctx, cell, name)));
    uint8_t all[LNLT_UNIT_BITS];
    int n = enemy_fighters(ctx, st, cell, side, all);
    json_t *atk = attack_json(ctx, st, cell, side, all);
    json_object_set_new(m, "attack_all", atk ? atk : json_null());
    json_t *each = json_array();
    for (int i = 0; i < st->unit_count && n > 1; i++) {
        if (!lnlt_bit(all, i))
            continue;
        uint8_t one[LNLT_UNIT_BITS] = {0};
        lnlt_bit_set(one, i);
        json_t *x = attack_json(ctx, st, cell, side, one);
        if (x)
            json_array_append_new(each, x);
    }
    json_object_set_new(m, "attack_each", each);
    json_object_set_new(o, "melee", m);
    return true;
}
