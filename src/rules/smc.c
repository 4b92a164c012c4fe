/*
 * smc.c: the single-man counters' own actions (rules 11.3 medics and corpsmen,
 * with 11.4 / 11.12 snipers and marksmen and 7.0 smoke offered from here too),
 * and the list of those actions for each kind of decision, which engine.c adds
 * to its enumeration.
 *
 * 11.3: in the rally phase a good-order medic (or corpsman) may make one attempt
 * on a unit of his own hex: heal a wounded SMC (himself included) or rally a
 * shaken MMC/SMC. The attempt is a 2d6 morale check against the medic's own
 * morale (-1 if he is wounded), -2 in a hex with a positive TM, never with a
 * leader's LM. It does not count as the target's rally attempt. A shaken medic
 * self-rallies through rally.c and may then still make his attempt (EX-072).
 * Rulings R-SMC-01..05 (docs/rulings.md).
 */
#include <string.h>

#include "lnlt/combat.h"
#include "rules/internal.h"

static bool is_medic(const lnlt_ctx *ctx, const lnlt_unit *u)
{
    int k = rules_type(ctx, u)->kind;
    return k == LNLT_UK_MEDIC || k == LNLT_UK_CORPSMAN;
}

/* The first good-order medic of `side` in `cell` who has not tended anyone this
 * rally phase, or -1. */
static int tender(const lnlt_ctx *ctx, const lnlt_state *st, int cell, int side)
{
    for (int i = 0; i < st->unit_count; i++) {
        const lnlt_unit *u = &st->unit[i];
        if (u->cell == cell && u->side == side && is_medic(ctx, u) && rules_is_good(u) &&
            !(u->flags & LNLT_UNIT_TENDED))
            return i;
    }
    return -1;
}

bool rules_can_tend(const lnlt_ctx *ctx, const lnlt_state *st, int cell, int target)
{
    if (st->phase != LNLT_PHASE_RALLY || target < 0 || target >= st->unit_count || cell < 0)
        return false;
    const lnlt_unit *t = &st->unit[target];
    if (t->cell != cell || t->side != st->to_act || rules_in_melee(st, cell))
        return false;
    if (tender(ctx, st, cell, t->side) < 0)
        return false;
    bool wounded = (t->flags & LNLT_UNIT_WOUNDED) && rules_is_smc(ctx, t);
    return wounded || !rules_is_good(t);
}

bool rules_tend(lnlt_step *s, int cell, int target)
{
    const lnlt_ctx *ctx = s->ctx;
    lnlt_state *st = s->st;
    if (!rules_can_tend(ctx, st, cell, target))
        return lnlt_error_set(s->err, "no medic there can tend that unit (11.3)");
    int m = tender(ctx, st, cell, st->unit[target].side);
    lnlt_unit *med = &st->unit[m], *t = &st->unit[target];
    /* ruling R-SMC-04: a shaken unit is rallied; healing waits for a later phase. */
    bool rally = !rules_is_good(t);
    lnlt_mc_input in;
    memset(&in, 0, sizeof in);
    in.morale = rules_face(ctx, med)->morale;
    in.adjust.wounded_smc = (med->flags & LNLT_UNIT_WOUNDED) != 0;
    in.positive_tm = rules_hex_tm(ctx, st, cell, med->side, NULL) > 0;
    char purpose[128];
    snprintf(purpose, sizeof purpose, "%.40s %s %.40s", rules_type(ctx, med)->name, rally ? "rallies" : "heals",
             rules_type(ctx, t)->name);
    int d[2];
    lnlt_event *re;
    if (!lnlt_dice_roll(&s->dice, 2, NULL, purpose, "11.3", d, &re, s->err))
        return false;
    in.d1 = d[0];
    in.d2 = d[1];
    lnlt_mc_outcome out = lnlt_morale_check(&in);
    if (re) {
        size_t n = (size_t)snprintf(re->text, sizeof re->text, "=");
        for (int i = 0; i < out.mods.count && n < sizeof re->text; i++)
            n += (size_t)snprintf(re->text + n, sizeof re->text - n, " %s %+d,", out.mods.mod[i].source,
                                  out.mods.mod[i].value);
        if (n < sizeof re->text)
            snprintf(re->text + n, sizeof re->text - n, " %d vs medic's morale %d -> %s", out.roll, out.morale,
                     out.pass ? "passed" : "failed");
    }
    med->flags |= LNLT_UNIT_TENDED;
    if (out.pass) {
        if (rally) {
            t->status = LNLT_GOOD_ORDER; /* 11.3: not the unit's own rally attempt */
        } else {
            t->flags &= (uint8_t)~LNLT_UNIT_WOUNDED;
            t->wounds = 0;
        }
    }
    lnlt_events_say(s->log, LNLT_EV_RESULT, "11.3", out.pass ? (rally ? "medic-rallied" : "healed") : "medic-failed",
                    "%s %s", rules_type(ctx, t)->name,
                    out.pass ? (rally ? "is rallied by the medic" : "is healed") : "is not helped this rally phase");
    return true;
}

/* ---- the actions of this file's rule areas, per decision ---- */

typedef struct smc_list {
    lnlt_action *out;
    int cap, n, side;
} smc_list;

static void put(smc_list *l, int type, int nargs, int a0, int a1, int unit)
{
    if (l->n < l->cap) {
        lnlt_action *a = &l->out[l->n];
        memset(a, 0, sizeof *a);
        a->type = (uint8_t)type;
        a->side = (uint8_t)l->side;
        a->nargs = (uint8_t)nargs;
        a->arg[0] = (int16_t)a0;
        a->arg[1] = (int16_t)a1;
        lnlt_bit_set(a->units, unit);
    }
    l->n++;
}

/* Sniper placements of `side` (11.4): each ready sniper on each legal hex. */
static void placements(const lnlt_ctx *ctx, const lnlt_state *st, smc_list *l)
{
    int cells = lnlt_map_cells(ctx->map);
    for (int u = 0; u < st->unit_count; u++) {
        if (st->unit[u].side != l->side || !rules_sniper_ready(ctx, st, u))
            continue;
        for (int c = 0; c < cells; c++)
            if (rules_sniper_can_place(ctx, st, u, c))
                put(l, LNLT_ACT_SNIPER, 1, c, 0, u);
    }
}

int rules_smc_actions(const lnlt_ctx *ctx, const lnlt_state *st, int kind, int side, lnlt_action *out, int cap)
{
    smc_list l = {out, cap, 0, side};
    if (!ctx->map || !ctx->catalog)
        return 0;
    switch (kind) {
    case LNLT_DECIDE_RALLY:
        for (int u = 0; u < st->unit_count; u++)
            if (st->unit[u].side == side && rules_on_map(&st->unit[u]) && rules_can_tend(ctx, st, st->unit[u].cell, u))
                put(&l, LNLT_ACT_TEND, 1, st->unit[u].cell, 0, u);
        break;
    case LNLT_DECIDE_IMPULSE:
        placements(ctx, st, &l);
        break;
    case LNLT_DECIDE_ACTIVATION:
        for (int u = 0; u < st->unit_count; u++) {
            const lnlt_unit *x = &st->unit[u];
            if (x->side != side || !rules_on_map(x) || !lnlt_bit(st->activated, u))
                continue;
            /* 7.0: smoke into the unit's own hex or a neighbour */
            lnlt_hex h = rules_hex(ctx, x->cell);
            if (rules_may_lay_smoke(ctx, st, u, x->cell))
                put(&l, LNLT_ACT_SMOKE, 1, x->cell, 0, u);
            for (int d = 1; d <= 6; d++) {
                int c = lnlt_map_index(ctx->map, lnlt_hex_neighbor(h, (lnlt_dir)d));
                if (c >= 0 && rules_may_lay_smoke(ctx, st, u, c))
                    put(&l, LNLT_ACT_SMOKE, 1, c, 0, u);
            }
            /* 11.4, 11.12: a sniper's or marksman's own attack */
            if (rules_fires_alone(ctx, x))
                for (int c = 0; c < lnlt_map_cells(ctx->map); c++)
                    if (rules_enemy_in(st, c, side) && rules_can_snipe(ctx, st, u, c, false))
                        put(&l, LNLT_ACT_SNIPE, 2, x->cell, c, u);
        }
        break;
    case LNLT_DECIDE_OPFIRE:
        for (int u = 0; u < st->unit_count; u++)
            if (st->unit[u].side == side && rules_can_snipe(ctx, st, u, st->move.cell, true))
                put(&l, LNLT_ACT_SNIPE, 2, st->unit[u].cell, st->move.cell, u);
        placements(ctx, st, &l);
        break;
    default:
        break;
    }
    return l.n;
}

/* The unit an action names (its first bit), or -1. */
static int first_unit(const lnlt_action *a)
{
    for (int i = 0; i < LNLT_MAX_UNITS; i++)
        if (lnlt_bit(a->units, i))
            return i;
    return -1;
}

bool rules_smc_action(lnlt_step *s, const lnlt_action *a)
{
    int u = first_unit(a);
    if (u < 0)
        return lnlt_error_set(s->err, "the action names no unit");
    switch (a->type) {
    case LNLT_ACT_SMOKE:
        return rules_lay_smoke(s, u, a->arg[0]);
    case LNLT_ACT_SNIPER:
        return rules_sniper_place(s, u, a->arg[0]);
    case LNLT_ACT_SNIPE:
        if (s->st->unit[u].cell != a->arg[0])
            return lnlt_error_set(s->err, "that unit is not in that hex");
        return rules_snipe(s, u, a->arg[1], s->st->move.active && s->st->decision == LNLT_DECIDE_OPFIRE);
    case LNLT_ACT_TEND:
        return rules_tend(s, a->arg[0], u);
    default:
        return lnlt_error_set(s->err, "internal: not a single-man-counter action");
    }
}

/* ---- the other single-man counters in rallies and checks (11.7-11.11) ---- */

int rules_rally_lm_of(const lnlt_ctx *ctx, const lnlt_unit *u)
{
    int k = rules_type(ctx, u)->kind;
    /* 11.8, 11.11: a good-order chaplain or piper lends his LM to rally attempts
     * in his hex (never to fire or damage checks). Nurses rally through their
     * own attempts (rules_tend). */
    if ((k != LNLT_UK_CHAPLAIN && k != LNLT_UK_PIPER) || !rules_is_good(u) || !rules_on_map(u))
        return -1;
    int lm = rules_face(ctx, u)->lm;
    return lm > 0 ? lm : 0;
}

int rules_advisor_bonus(const lnlt_ctx *ctx, const lnlt_state *st, int unit)
{
    const lnlt_unit *u = &st->unit[unit];
    if (!rules_on_map(u) || !ctx->catalog)
        return 0;
    /* 11.9: +1 morale for every friendly unit stacked with an advisor, whether
     * he is in good order or shaken (not for the advisor himself). */
    for (int i = 0; i < st->unit_count; i++)
        if (i != unit && st->unit[i].cell == u->cell && st->unit[i].side == u->side &&
            rules_type(ctx, &st->unit[i])->kind == LNLT_UK_ADVISOR)
            return 1;
    return 0;
}

void rules_piper_after_rally(lnlt_step *s, int cell, int side)
{
    lnlt_state *st = s->st;
    /* 11.11: a piper who plays for a rally gives his hex away: it starts the
     * operations phase under a Spotted marker (ruling R-SMC-05). */
    for (int i = 0; i < st->unit_count; i++)
        if (st->unit[i].cell == cell && st->unit[i].side == side && rules_rally_lm_of(s->ctx, &st->unit[i]) >= 0 &&
            rules_type(s->ctx, &st->unit[i])->kind == LNLT_UK_PIPER) {
            lnlt_bit_set(st->spotted[lnlt_other_side(side)], cell);
            char name[LNLT_HEX_ID_MAX];
            lnlt_events_say(s->log, LNLT_EV_CHANGE, "11.11", "piper-spotted", "the piper's hex %s is Spotted",
                            rules_cell(s, cell, name));
            return;
        }
}
