/*
 * leadership.c: which leader lends his LM to a direct-fire attack (rules 5.0.1,
 * 11.1.1, 11.1.3): a good-order leader of the firing hex, unmarked (the spotter of
 * the target excepted, unless he then called indirect fire), of the IB of every
 * unit that fires (R-CORE-72); one leader per hex and impulse, who then lends to
 * every attack of his hex in that activation (R-CORE-47); and, when he holds a
 * weapon that fires, his weapon or his LM, whichever makes the stronger attack
 * (R-CORE-73). fire.c calls these while it builds an attack.
 */
#include <string.h>

#include "lnlt/combat.h"
#include "rules/internal.h"

/* 5.0.1, 11.1.3: may leader l lend his LM to an attack from `from` at `to`? A
 * good-order leader of the firing hex, not moving and not marked Fired or Ops
 * Complete: the leader who spotted `to` this impulse may, unless he then called or
 * directed indirect fire (11.1.3: not both in one turn). A leader who lent his LM
 * in this impulse lends it to every attack of his hex (11.1.3). */
static bool may_lend(const lnlt_ctx *ctx, const lnlt_state *st, int l, int from, int to, int side)
{
    const lnlt_unit *u = &st->unit[l];
    if (lnlt_unit_loc(u) != from || u->side != side || !rules_is_leader(ctx, u) || rules_lm(ctx, u) <= 0 ||
        rules_in_melee(st, from))
        return false;
    if (u->flags & LNLT_UNIT_LENT_LM)
        return true;
    bool spotter_here = l == st->spotter && to == st->spotted_cell && st->spot_tried != LNLT_SPOT_CALLED;
    /* 6.7: a leader riding with a hit and run stack lends his LM to its attack */
    bool moved = (u->marks & (LNLT_MARK_MOVED | LNLT_MARK_LOW_CRAWL)) ||
                 ((u->marks & LNLT_MARK_HIT_AND_RUN) && !rules_hit_and_run_may_fire(st, l));
    return !moved && !(u->marks & LNLT_MARK_FIRED) && (!(u->marks & LNLT_MARK_OPS_COMPLETE) || spotter_here);
}

/* 11.1.3: a leader aids attacks by units of his colour and IB: every other unit of
 * the group that fires at that range must share it (ruling R-CORE-72). */
static bool lends_to_group(const lnlt_ctx *ctx, const lnlt_state *st, int l, const int *group, int n, int range,
                           bool opfire)
{
    for (int i = 0; i < n; i++)
        if (group[i] != l && !rules_same_ib(ctx, &st->unit[l], &st->unit[group[i]]) &&
            rules_unit_fires_at(ctx, st, group[i], range, opfire))
            return false;
    return true;
}

/* The leader whose LM the attack takes, or -1 (`exclude`: a leader left out). One
 * leader per hex and impulse lends it (11.1.1): the one who already did, else the
 * best LM of the group. A leader holding a weapon may lend too; fire() then weighs
 * his weapon against his LM (11.1.3). */
int rules_lending_leader(const lnlt_ctx *ctx, const lnlt_state *st, int from, int to, const int *group, int n,
                          bool opfire, int exclude)
{
    int side = opfire ? lnlt_other_side(st->impulse_side) : st->impulse_side;
    int range = lnlt_hex_distance(rules_hex(ctx, from), rules_hex(ctx, to));
    for (int i = 0; i < st->unit_count && !opfire; i++) /* in an activation (R-CORE-47) */
        if (i != exclude && (st->unit[i].flags & LNLT_UNIT_LENT_LM) && may_lend(ctx, st, i, from, to, side))
            return lends_to_group(ctx, st, i, group, n, range, opfire) ? i : -1;
    int best = -1, best_lm = 0;
    for (int i = 0; i < n; i++) {
        int l = group[i];
        if (l == exclude || !may_lend(ctx, st, l, from, to, side) || !lends_to_group(ctx, st, l, group, n, range, opfire))
            continue;
        if (rules_lm(ctx, &st->unit[l]) > best_lm) {
            best_lm = rules_lm(ctx, &st->unit[l]);
            best = l;
        }
    }
    return best;
}

/* 11.1.3, 1.6: the lending leader holds a weapon that fires at the target: he fires
 * it (at half FP as an SMC) and another leader may lend his LM instead, when that
 * makes the stronger attack, or when nobody else fires (ruling R-CORE-73). On a
 * switch the leader joins the firers and *leader becomes the other lender. */
bool rules_leader_fires_instead(const lnlt_ctx *ctx, const lnlt_state *st, int from, int to, const int *group, int n,
                                 bool opfire, lnlt_fire_unit *fu, int *firer, int (*swid)[LNLT_FIRE_SW_MAX], int *nf,
                                 int *leader, const lnlt_fire_unit *leader_fu, const int *leader_sw,
                                 lnlt_fire_context *fc, int *lead, lnlt_fire_attack *atk, lnlt_error *err)
{
    int k = *nf;
    lnlt_fire_unit alt[LNLT_FIRE_UNITS_MAX];
    memcpy(alt, fu, (size_t)k * sizeof *fu);
    alt[k] = *leader_fu;
    int other = rules_lending_leader(ctx, st, from, to, group, n, opfire, *leader);
    lnlt_fire_context afc = *fc;
    afc.leader_lm = other >= 0 ? rules_lm(ctx, &st->unit[other]) : 0;
    afc.leader_name = other >= 0 ? rules_type(ctx, &st->unit[other])->name : NULL;
    int alead = lnlt_fire_best_lead(alt, k + 1, &afc);
    lnlt_fire_attack aatk;
    if (!lnlt_fire_compute(alt, k + 1, alead, &afc, &aatk, err))
        return false;
    if (k > 0 && aatk.total <= atk->total)
        return true; /* the LM is worth at least as much */
    fu[k] = *leader_fu;
    memcpy(swid[k], leader_sw, sizeof swid[k]);
    firer[k] = *leader;
    *nf = k + 1;
    *leader = other;
    *fc = afc;
    *lead = alead;
    *atk = aatk;
    return true;
}
