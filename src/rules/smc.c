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
 * 11.10: a good-order nurse (not one who self-rallied this phase) either heals one
 * other unit with the same kind of MC, or makes the rally attempts of up to two
 * shaken units of her hex with her LM (one action naming both).
 * 11.11: a piper may also rally one unit in one adjacent hex ("tend" naming it);
 * his own hex is then Spotted.
 * 11.6: a stack moving with a scout pays 1 MP in forest, light woods, wheat,
 * jungle and tall grass (rules_scout_eases, used by movement.c).
 * 11.7.1: a good-order commissar may call Fight or Die once a rally phase for the
 * MMCs of his hex that failed to rally: each re-rolls with morale +1 and his LM;
 * a failure costs casualties, and a 12 also kills the commissar.
 * Rulings R-SMC-01..07 (docs/rulings.md).
 */
#include <string.h>

#include "lnlt/combat.h"
#include "rules/internal.h"

static bool is_medic(const lnlt_ctx *ctx, const lnlt_unit *u)
{
    int k = rules_type(ctx, u)->kind;
    return k == LNLT_UK_MEDIC || k == LNLT_UK_CORPSMAN;
}

static bool is_nurse(const lnlt_ctx *ctx, const lnlt_unit *u) { return rules_type(ctx, u)->kind == LNLT_UK_NURSE; }

/* The first good-order medic or nurse of `side` in `cell` who has not tended
 * anyone this rally phase, or -1. A nurse who self-rallied this phase may not
 * help others (11.10); a medic may (11.3, EX-072). */
static int tender(const lnlt_ctx *ctx, const lnlt_state *st, int cell, int side)
{
    int here[LNLT_MAX_UNITS];
    int n = rules_units_in(st, cell, side, here, LNLT_MAX_UNITS); /* the index: the units there, in order */
    for (int k = 0; k < n; k++) {
        const lnlt_unit *u = &st->unit[here[k]];
        if (!rules_is_good(u) || (u->flags & LNLT_UNIT_TENDED))
            continue;
        if (is_medic(ctx, u) || (is_nurse(ctx, u) && !(u->flags & LNLT_UNIT_RALLY_TRIED)))
            return here[k];
    }
    return -1;
}

/* 11.11: a good-order piper next to `cell` who may still rally one Leg unit there
 * (once a rally phase), or -1. Used when no medic or nurse is in the hex. */
static int adjacent_piper(const lnlt_ctx *ctx, const lnlt_state *st, int cell, int side)
{
    for (int i = 0; i < st->unit_count; i++) {
        const lnlt_unit *u = &st->unit[i];
        if (u->side == side && rules_on_map(u) && rules_type(ctx, u)->kind == LNLT_UK_PIPER && rules_is_good(u) &&
            !(u->flags & LNLT_UNIT_TENDED) && rules_loc_adjacent(ctx, lnlt_unit_loc(u), cell))
            return i;
    }
    return -1;
}

/* Who tends in `cell`: the hex's medic or nurse, else (one unit only) an adjacent piper. */
static int tender_for(const lnlt_ctx *ctx, const lnlt_state *st, int cell, int side, int n)
{
    int m = tender(ctx, st, cell, side);
    if (m < 0 && n == 1)
        m = adjacent_piper(ctx, st, cell, side);
    return m;
}

/* The units an action names, in index order; returns how many. */
static int picked(const lnlt_state *st, const uint8_t *units, int *out, int cap)
{
    int n = 0;
    for (int i = 0; i < st->unit_count; i++)
        if (lnlt_bit(units, i)) {
            if (n < cap)
                out[n] = i;
            n++;
        }
    return n;
}

/* May the hex's tender treat these units? One unit: heal a wounded SMC, or rally
 * a shaken one (ruling R-SMC-04: shaken first). Two units: a nurse's two rally
 * attempts (11.10). A nurse's rally is the unit's own attempt; a medic's is not. */
static bool tend_ok(const lnlt_ctx *ctx, const lnlt_state *st, int cell, const int *t, int n)
{
    /* 3.0: units locked in melee may be rallied too, so a melee hex is no bar (R-CORE-71) */
    if (st->phase != LNLT_PHASE_RALLY || n < 1 || n > 2 || cell < 0)
        return false;
    int side = st->to_act;
    int m = tender_for(ctx, st, cell, side, n);
    if (m < 0)
        return false;
    bool piper = lnlt_unit_loc(&st->unit[m]) != cell;
    bool nurse = is_nurse(ctx, &st->unit[m]) || piper; /* both make the unit's own rally attempt */
    if (n == 2 && (!nurse || t[0] == t[1]))
        return false;
    for (int i = 0; i < n; i++) {
        if (t[i] < 0 || t[i] >= st->unit_count)
            return false;
        const lnlt_unit *u = &st->unit[t[i]];
        if (lnlt_unit_loc(u) != cell || u->side != side)
            return false;
        bool shaken = !rules_is_good(u);
        bool wounded = (u->flags & LNLT_UNIT_WOUNDED) && rules_is_smc(ctx, u);
        if (n == 2 && !shaken)
            return false;
        if (shaken && nurse && (u->flags & LNLT_UNIT_RALLY_TRIED))
            return false; /* the nurse's rally is its one attempt of the phase */
        if (piper && !shaken)
            return false;
        if (shaken && !rules_rallies_for(ctx, &st->unit[m], u))
            return false; /* 3.0: only units of the tender's IB (R-CORE-71 for weapon teams) */
        if (!shaken && (!wounded || (nurse && t[i] == m)))
            return false; /* nothing to do; a nurse cannot heal herself */
    }
    return true;
}

bool rules_can_tend(const lnlt_ctx *ctx, const lnlt_state *st, int cell, const uint8_t *units)
{
    int t[3] = {-1, -1, -1};
    int n = picked(st, units, t, 3);
    return n <= 2 && tend_ok(ctx, st, cell, t, n);
}

/* One roll: the tender's MC (heal, or a medic's rally), or a nurse's rally
 * attempt for the unit with her LM. Returns false only when the dice fail. */
static bool tend_one(lnlt_step *s, int m, int target, int cell)
{
    const lnlt_ctx *ctx = s->ctx;
    lnlt_state *st = s->st;
    lnlt_unit *med = &st->unit[m], *t = &st->unit[target];
    bool piper = lnlt_unit_loc(med) != cell;
    bool nurse = is_nurse(ctx, med) || piper; /* a nurse's or a piper's rally: the unit's own, with the LM */
    bool rally = !rules_is_good(t);
    const char *rule = piper ? "11.11" : is_nurse(ctx, med) ? "11.10" : "11.3";
    lnlt_mc_input in;
    memset(&in, 0, sizeof in);
    in.positive_tm = rules_mc_cover(ctx, st, cell, med->side); /* 1.5.1, TEC Wall and Hill */
    if (nurse && rally) {
        /* 11.10: a normal rally attempt, with the nurse's LM (EX-076) */
        in.morale = rules_face(ctx, t)->morale;
        in.adjust.wounded_smc = (t->flags & LNLT_UNIT_WOUNDED) && !rules_is_hero(ctx, t);
        in.adjust.advisor = rules_advisor_bonus(ctx, st, target) > 0;
        int lm = rules_face(ctx, med)->lm;
        if (med->flags & LNLT_UNIT_WOUNDED)
            lm--; /* 5.1: a wounded SMC's LM drops by one (R-SMC-06) */
        in.lm = lm > 0 ? lm : 0;
        t->flags |= LNLT_UNIT_RALLY_TRIED;
    } else {
        /* 11.3, 11.10: the tender's own MC, never with an LM */
        in.morale = rules_face(ctx, med)->morale;
        in.adjust.wounded_smc = (med->flags & LNLT_UNIT_WOUNDED) != 0;
        in.adjust.advisor = rules_advisor_bonus(ctx, st, m) > 0;
    }
    char purpose[128];
    snprintf(purpose, sizeof purpose, "%.40s %s %.40s", rules_type(ctx, med)->name, rally ? "rallies" : "heals",
             rules_type(ctx, t)->name);
    lnlt_mc_outcome out;
    if (!rules_roll_morale_check(s, &in, purpose, rule, nurse && rally ? "its" : nurse ? "the nurse's" : "the medic's",
                                 "passed", "failed", &out))
        return false;
    if (out.pass) {
        if (rally) {
            t->status = LNLT_GOOD_ORDER;
        } else {
            t->flags &= (uint8_t)~LNLT_UNIT_WOUNDED;
            t->wounds = 0;
        }
    }
    lnlt_events_say(s->log, LNLT_EV_RESULT, rule, out.pass ? (rally ? "smc-rallied" : "healed") : "smc-failed", "%s %s",
                    rules_label(ctx, st, target),
                    out.pass ? (rally ? "is rallied" : "is healed") : "is not helped this rally phase");
    return true;
}

bool rules_tend(lnlt_step *s, int cell, const uint8_t *units)
{
    const lnlt_ctx *ctx = s->ctx;
    lnlt_state *st = s->st;
    int t[3] = {-1, -1, -1};
    int n = picked(st, units, t, 3);
    if (n > 2 || !tend_ok(ctx, st, cell, t, n))
        return lnlt_error_set(s->err, "no medic or nurse there can tend those units (11.3, 11.10)");
    int m = tender_for(ctx, st, cell, st->to_act, n);
    st->unit[m].flags |= LNLT_UNIT_TENDED;
    for (int i = 0; i < n; i++)
        if (!tend_one(s, m, t[i], cell))
            return false;
    if (lnlt_unit_loc(&st->unit[m]) != cell)
        rules_piper_after_rally(s, lnlt_unit_loc(&st->unit[m]), st->to_act); /* his own hex, not this one */
    return true;
}

/* ---- 11.7.1 Fight or Die! ---- */

/* The good-order commissar of `side` in `cell` who has not yet called Fight or
 * Die this rally phase, or -1. */
static int commissar_in(const lnlt_ctx *ctx, const lnlt_state *st, int cell, int side)
{
    for (int i = 0; i < st->unit_count; i++) {
        const lnlt_unit *u = &st->unit[i];
        if (lnlt_unit_loc(u) == cell && u->side == side && rules_type(ctx, u)->kind == LNLT_UK_COMMISSAR && rules_is_good(u) &&
            !(u->flags & LNLT_UNIT_TENDED))
            return i;
    }
    return -1;
}

/* An MMC of the hex that tried to rally this phase and failed (R-SMC-07). */
static bool failed_rally(const lnlt_ctx *ctx, const lnlt_state *st, int unit, int cell, int side, int c)
{
    const lnlt_unit *u = &st->unit[unit];
    return lnlt_unit_loc(u) == cell && u->side == side && !rules_is_good(u) && (u->flags & LNLT_UNIT_RALLY_TRIED) &&
           lnlt_unit_kind_is_mmc(rules_type(ctx, u)->kind) && c >= 0 && rules_rallies_for(ctx, &st->unit[c], u);
}

static bool can_fight_or_die(const lnlt_ctx *ctx, const lnlt_state *st, int cell, int side)
{
    if (st->phase != LNLT_PHASE_RALLY || commissar_in(ctx, st, cell, side) < 0) /* 3.0: melee is no bar */
        return false;
    int c = commissar_in(ctx, st, cell, side);
    for (int i = 0; i < st->unit_count; i++)
        if (failed_rally(ctx, st, i, cell, side, c))
            return true;
    return false;
}

static bool fight_or_die(lnlt_step *s, int cell)
{
    const lnlt_ctx *ctx = s->ctx;
    lnlt_state *st = s->st;
    int side = st->to_act;
    if (!can_fight_or_die(ctx, st, cell, side))
        return lnlt_error_set(s->err, "no commissar there can call Fight or Die (11.7.1)");
    int c = commissar_in(ctx, st, cell, side);
    st->unit[c].flags |= LNLT_UNIT_TENDED;
    int lm = rules_lm(ctx, &st->unit[c]);
    bool positive_tm = rules_mc_cover(ctx, st, cell, side); /* 1.5.1, TEC Wall and Hill */
    char where[LNLT_HEX_ID_MAX];
    lnlt_events_say(s->log, LNLT_EV_CHANGE, "11.7.1", "fight-or-die", "%s calls Fight or Die! in %s",
                    rules_type(ctx, &st->unit[c])->name, rules_cell(s, cell, where));
    bool killed = false;
    int n = st->unit_count;
    for (int i = 0; i < n; i++) {
        if (!failed_rally(ctx, st, i, cell, side, c))
            continue;
        lnlt_unit *u = &st->unit[i];
        lnlt_mc_input in;
        memset(&in, 0, sizeof in);
        in.morale = rules_face(ctx, u)->morale;
        in.adjust.fight_or_die = true;
        in.adjust.advisor = rules_advisor_bonus(ctx, st, i) > 0;
        in.lm = lm; /* declared for the whole hex before the first roll (R-SMC-07) */
        in.positive_tm = positive_tm;
        char purpose[96];
        snprintf(purpose, sizeof purpose, "Fight or Die!, %.40s", rules_type(ctx, u)->name);
        lnlt_mc_outcome out;
        if (!rules_roll_morale_check(s, &in, purpose, "11.7.1", NULL, "rallied", "casualties", &out))
            return false;
        if (in.d1 + in.d2 == 12 && !killed) {
            killed = true;
            lnlt_events_say(s->log, LNLT_EV_RESULT, "11.7.1", "commissar-killed", "a 12: %s is killed by his men",
                            rules_type(ctx, &st->unit[c])->name);
            rules_eliminate(s, c);
        }
        if (out.pass) {
            u->status = LNLT_GOOD_ORDER;
            lnlt_events_say(s->log, LNLT_EV_RESULT, "11.7.1", "rallied", "%s rallies", rules_type(ctx, u)->name);
        } else if (!rules_apply_casualties(s, i)) {
            return false;
        }
    }
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
        rules_action_init(a, type, l->side, nargs, a0, a1);
        lnlt_bit_set(a->units, unit);
    }
    l->n++;
}

/* Sniper placements of `side` (11.4): each ready sniper on each legal hex. */
static void placements(const lnlt_ctx *ctx, const lnlt_state *st, smc_list *l)
{
    for (int u = 0; u < st->unit_count; u++) {
        if (st->unit[u].side != l->side || !rules_sniper_ready(ctx, st, u))
            continue;
        /* every location of the map (10.4.1), in location order: rules_sniper_can_place,
         * its unit's part asked once */
        int cells = lnlt_map_cells(ctx->map), zone = rules_sniper_zone(ctx, st, l->side);
        for (int f = 0; f < LNLT_FLOORS; f++)
            for (int c = 0; c < cells && c < LNLT_MAX_CELLS; c++)
                if ((lnlt_map_floors(ctx->map, c) >> f & 1) && rules_sniper_place_ok(ctx, st, u, zone, lnlt_location(c, f)))
                    put(l, LNLT_ACT_SNIPER, 1, lnlt_location(c, f), 0, u);
    }
}

int rules_smc_actions(const lnlt_ctx *ctx, const lnlt_state *st, int kind, int side, lnlt_action *out, int cap)
{
    smc_list l = {out, cap, 0, side};
    if (!ctx->map || !ctx->catalog)
        return 0;
    switch (kind) {
    case LNLT_DECIDE_RALLY: {
        /* a tender is a medic, corpsman or nurse in the hex or a piper next to it
         * (tender_for): without one of them on the map there is nothing to list */
        bool tenders = false;
        for (int u = 0; u < st->unit_count && !tenders; u++) {
            const lnlt_unit *x = &st->unit[u];
            int k = rules_type(ctx, x)->kind;
            tenders = x->side == side && rules_on_map(x) &&
                      (k == LNLT_UK_MEDIC || k == LNLT_UK_CORPSMAN || k == LNLT_UK_NURSE || k == LNLT_UK_PIPER);
        }
        for (int u = 0; u < st->unit_count && tenders; u++) {
            const lnlt_unit *x = &st->unit[u];
            if (x->side != side || !rules_on_map(x))
                continue;
            /* tend_ok refuses a unit in good order unless it is a wounded SMC, and a
             * pair unless both are shaken: those are skipped without asking it */
            bool shaken = !rules_is_good(x);
            if (!shaken && !((x->flags & LNLT_UNIT_WOUNDED) && rules_is_smc(ctx, x)))
                continue;
            int one[1] = {u};
            if (tend_ok(ctx, st, lnlt_unit_loc(x), one, 1))
                put(&l, LNLT_ACT_TEND, 1, lnlt_unit_loc(x), 0, u);
            /* 11.10: a nurse's two rally attempts, as one action */
            for (int v = u + 1; v < st->unit_count && shaken; v++) {
                int two[2] = {u, v};
                if (lnlt_unit_loc(&st->unit[v]) == lnlt_unit_loc(x) && !rules_is_good(&st->unit[v]) &&
                    tend_ok(ctx, st, lnlt_unit_loc(x), two, 2)) {
                    put(&l, LNLT_ACT_TEND, 1, lnlt_unit_loc(x), 0, u);
                    if (l.n <= l.cap)
                        lnlt_bit_set(l.out[l.n - 1].units, v);
                }
            }
        }
        /* 11.7.1: a commissar's second try for the hex's failed rallies */
        for (int c = 0; c < st->unit_count; c++) {
            const lnlt_unit *x = &st->unit[c];
            if (x->side == side && rules_on_map(x) && rules_type(ctx, x)->kind == LNLT_UK_COMMISSAR &&
                c == commissar_in(ctx, st, lnlt_unit_loc(x), side) && can_fight_or_die(ctx, st, lnlt_unit_loc(x), side))
                put(&l, LNLT_ACT_FIGHT_OR_DIE, 1, lnlt_unit_loc(x), 0, c);
        }
        break;
    }
    case LNLT_DECIDE_IMPULSE:
        placements(ctx, st, &l);
        break;
    case LNLT_DECIDE_ACTIVATION:
        for (int u = 0; u < st->unit_count; u++) {
            const lnlt_unit *x = &st->unit[u];
            if (x->side != side || !rules_on_map(x) || !lnlt_bit(st->activated, u))
                continue;
            /* 7.0: smoke into the unit's own hex or a neighbour */
            bool smoker = rules_may_lay_smoke_unit(ctx, st, u);
            if (smoker && rules_may_lay_smoke_at(ctx, st, u, x->cell)) /* smoke fills the hex, every floor */
                put(&l, LNLT_ACT_SMOKE, 1, x->cell, 0, u);
            for (int d = 1; d <= 6 && smoker; d++) {
                int c = lnlt_map_neighbor(ctx->map, x->cell, d);
                if (c >= 0 && rules_may_lay_smoke_at(ctx, st, u, c))
                    put(&l, LNLT_ACT_SMOKE, 1, c, 0, u);
            }
            /* 11.4, 11.12: a sniper's or marksman's own attack */
            if (rules_fires_alone(ctx, x)) {
                int enemy[LNLT_MAX_UNITS]; /* enemies on every floor (10.4.1) */
                int ne = rules_occupied(st, lnlt_other_side(side), enemy, LNLT_MAX_UNITS);
                for (int k = 0; k < ne; k++)
                    if (rules_can_snipe(ctx, st, u, enemy[k], false))
                        put(&l, LNLT_ACT_SNIPE, 2, lnlt_unit_loc(x), enemy[k], u);
            }
        }
        break;
    case LNLT_DECIDE_OPFIRE:
        for (int u = 0; u < st->unit_count; u++)
            if (st->unit[u].side == side && rules_can_snipe(ctx, st, u, st->move.cell, true))
                put(&l, LNLT_ACT_SNIPE, 2, lnlt_unit_loc(&st->unit[u]), st->move.cell, u);
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
        if (lnlt_unit_loc(&s->st->unit[u]) != a->arg[0])
            return lnlt_error_set(s->err, "that unit is not in that hex");
        return rules_snipe(s, u, a->arg[1], s->st->move.active && s->st->decision == LNLT_DECIDE_OPFIRE);
    case LNLT_ACT_TEND:
        return rules_tend(s, a->arg[0], a->units);
    case LNLT_ACT_FIGHT_OR_DIE:
        return fight_or_die(s, a->arg[0]);
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
        if (i != unit && lnlt_unit_loc(&st->unit[i]) == lnlt_unit_loc(u) && st->unit[i].side == u->side &&
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
        if (lnlt_unit_loc(&st->unit[i]) == cell && st->unit[i].side == side && rules_rally_lm_of(s->ctx, &st->unit[i]) >= 0 &&
            rules_type(s->ctx, &st->unit[i])->kind == LNLT_UK_PIPER) {
            rules_set_spot_marker(st, lnlt_other_side(side), cell);
            char name[LNLT_HEX_ID_MAX];
            lnlt_events_say(s->log, LNLT_EV_CHANGE, "11.11", "piper-spotted", "the piper's hex %s is Spotted",
                            rules_cell(s, cell, name));
            return;
        }
}

bool rules_scout_abilities(const lnlt_ctx *ctx, const lnlt_state *st, int unit)
{
    /* 11.6: a scout who carries (crews) a weapon loses his stealth movement, his -2
     * on spotting and his unpenalised assault fire (ruling R-SMC-20) */
    int held[1];
    return rules_type(ctx, &st->unit[unit])->kind == LNLT_UK_SCOUT && rules_sws_of(st, unit, held, 1) == 0;
}

bool rules_scout_eases(const lnlt_ctx *ctx, const lnlt_state *st, const lnlt_terrain *t)
{
    /* 11.6: a stack moving with a scout pays 1 MP in these terrains. */
    static const char *const eased[] = {"forest", "light_woods", "wheat_field", "light_jungle", "heavy_jungle",
                                        "kunai_grass", "tall_grass"};
    bool listed = false;
    for (size_t i = 0; i < sizeof eased / sizeof eased[0]; i++)
        listed |= !strcmp(t->id, eased[i]);
    if (!listed || !st->move.active)
        return false;
    for (int i = 0; i < st->unit_count; i++)
        if (lnlt_bit(st->move.units, i) && rules_type(ctx, &st->unit[i])->kind == LNLT_UK_SCOUT)
            return true;
    return false;
}

bool rules_group_has_kind(const lnlt_ctx *ctx, const lnlt_state *st, const int *units, int n, int kind)
{
    for (int i = 0; i < n; i++)
        if (rules_type(ctx, &st->unit[units[i]])->kind == kind)
            return true;
    return false;
}
