/*
 * cavalry.c: cavalry charges (rule 8.6), the first round of a melee that horse
 * mounted units (6.6.1) start by riding into enemies who were at least two hexes
 * away when the move began.
 *
 * melee.c calls in at four points: when the movers enter the hex (is it a charge;
 * the defenders' morale checks), when it adds up a group's FP (the chargers' IFP
 * doubled), when it lists who attacks and which leader lends his LM (defenders who
 * failed only defend), and when the round is over (the charge is spent). The state
 * keeps each unit's part in lnlt_unit.mu_flags until then. Ruling R-CORE-35.
 */
#include <stdio.h>
#include <string.h>

#include "lnlt/combat.h"
#include "rules/internal.h"

/* 8.6: the target may not be in a Building, Bunker, Marsh, Forest or Dense Palms
 * hex. The terrain chart has no flag for it, so the ids are named here (ruling
 * R-CORE-35). */
static bool charge_barred_terrain(const lnlt_ctx *ctx, const lnlt_state *st, int cell)
{
    static const char *const barred[] = {"forest", "marsh", "bunker", "dense_palms"};
    const lnlt_terrain *t = rules_terrain(ctx, st, cell);
    if (t->flags & LNLT_TF_BUILDING)
        return true;
    for (size_t i = 0; i < sizeof barred / sizeof barred[0]; i++)
        if (!strcmp(t->id, barred[i]))
            return true;
    return false;
}

bool rules_charging(const lnlt_unit *u) { return (u->mu_flags & LNLT_MU_CHARGING) != 0; }

/* Defenders who failed their check attack nobody in the first round. */
int rules_charge_attackers(const lnlt_state *st, int *units, int n)
{
    int k = 0;
    for (int i = 0; i < n; i++)
        if (!(st->unit[units[i]].mu_flags & LNLT_MU_HELD))
            units[k++] = units[i];
    return k;
}

/* The best LM a leader of `side` in `cell` lends now: a leader who failed his
 * check against the charge lends none. `lm` is melee.c's answer without charges
 * (0 when no LM is lent at all, e.g. a leader fought with a weapon). */
int rules_charge_leader_lm(const lnlt_ctx *ctx, const lnlt_state *st, int cell, int side, int lm)
{
    int here[LNLT_MAX_UNITS];
    int n = rules_units_in(st, cell, side, here, LNLT_MAX_UNITS), best = 0;
    bool held = false;
    for (int i = 0; i < n; i++) {
        const lnlt_unit *u = &st->unit[here[i]];
        if (u->mu_flags & LNLT_MU_HELD)
            held |= rules_lm(ctx, u) > 0;
        else if (rules_lm(ctx, u) > best)
            best = rules_lm(ctx, u);
    }
    return held && lm > 0 ? best : lm;
}

/* The FP of a group, the chargers' IFP doubled (8.6; the pure layer doubles the
 * IFP, a 0-IFP unit counting 1 and so 2, still with one 0-FP DRM). */
lnlt_melee_fp rules_charge_group_fp(lnlt_melee_fp plain, int nplain, const lnlt_melee_unit *chargers, int n,
                                    lnlt_melee_role role)
{
    if (n == 0)
        return plain;
    lnlt_melee_fp c = lnlt_melee_group_fp(chargers, n, role, false, true);
    lnlt_melee_fp r = nplain > 0 ? plain : c;
    if (nplain > 0) {
        r.fp += c.fp;
        r.zero_fp_units += c.zero_fp_units;
        r.hero |= c.hero;
        r.leader_used_sw |= c.leader_used_sw;
        r.cannot_attack = plain.cannot_attack && c.cannot_attack;
        for (int i = 0; i < c.parts.count && r.parts.count < LNLT_MODS_MAX; i++)
            r.parts.mod[r.parts.count++] = c.parts.mod[i];
    }
    return r;
}

/* Is the move that just entered `cell` a charge, and by whom? The movers are those
 * that entered (st->move is already cleared by the caller). */
static int chargers(const lnlt_ctx *ctx, const lnlt_state *st, int cell, int origin, const uint8_t *movers,
                    int *out)
{
    /* 8.6: from two hexes or more (the target hex counted, the start not), into a
     * hex without a Melee marker (ruling R-CORE-35) and not into barred terrain. */
    if (origin < 0 || lnlt_hex_distance(rules_hex(ctx, origin), rules_hex(ctx, cell)) < 2 ||
        rules_in_melee(st, cell) || charge_barred_terrain(ctx, st, cell))
        return 0;
    int n = 0;
    for (int i = 0; i < st->unit_count; i++)
        if (lnlt_bit(movers, i) && rules_mount(ctx, &st->unit[i]) == LNLT_MOUNT_HORSE &&
            rules_melee_eligible(ctx, st, i))
            out[n++] = i;
    return n;
}

bool rules_charge_on_entry(lnlt_step *s, int cell, int origin, const uint8_t *movers)
{
    const lnlt_ctx *ctx = s->ctx;
    lnlt_state *st = s->st;
    int ch[LNLT_MAX_UNITS];
    int n = chargers(ctx, st, cell, origin, movers, ch);
    if (n == 0)
        return true;
    char name[LNLT_HEX_ID_MAX];
    for (int i = 0; i < n; i++)
        st->unit[ch[i]].mu_flags |= LNLT_MU_CHARGING;
    lnlt_events_say(s->log, LNLT_EV_CHANGE, "8.6", "charge",
                    "a cavalry charge into %s from %d hexes: the cavalry's IFP is doubled for the first round",
                    rules_cell(s, cell, name), lnlt_hex_distance(rules_hex(ctx, origin), rules_hex(ctx, cell)));
    /* 8.6: every good-order defender checks morale, TM applying as -2 for a +TM hex
     * (1.5.1 style, ruling R-CORE-35). Leaders first: one who passes lends his LM
     * to the others' checks; one who fails lends nothing this round. */
    int side = lnlt_other_side(st->unit[ch[0]].side);
    int d[LNLT_MAX_UNITS];
    int nd = rules_units_in(st, cell, side, d, LNLT_MAX_UNITS), best_lm = 0;
    bool positive_tm = rules_mc_cover(ctx, st, cell, side); /* 1.5.1, TEC Wall and Hill */
    for (int pass = 0; pass < 2; pass++)
        for (int i = 0; i < nd; i++) {
            lnlt_unit *u = &st->unit[d[i]];
            if (!rules_is_good(u) || rules_is_leader(ctx, u) != (pass == 0))
                continue;
            lnlt_mc_input in;
            memset(&in, 0, sizeof in);
            in.morale = rules_morale(ctx, u) + rules_advisor_bonus(ctx, st, d[i]);
            in.lm = pass == 0 ? 0 : best_lm;
            in.positive_tm = positive_tm;
            char purpose[80];
            snprintf(purpose, sizeof purpose, "charged, %s", rules_type(ctx, u)->name);
            lnlt_mc_outcome out;
            if (!rules_roll_morale_check(s, &in, purpose, "8.6", NULL, "stands", "only defends this round", &out))
                return false;
            if (!out.pass)
                u->mu_flags |= LNLT_MU_HELD;
            else if (pass == 0 && rules_lm(ctx, u) > best_lm)
                best_lm = rules_lm(ctx, u);
        }
    return true;
}

void rules_charge_round_over(lnlt_state *st)
{
    for (int i = 0; i < st->unit_count; i++)
        st->unit[i].mu_flags &= (uint8_t)~(LNLT_MU_CHARGING | LNLT_MU_HELD);
}
