/*
 * melee_calc.c: the numbers of one melee attack.
 *
 * Implements 8.0 (melee FP, the odds column rounded in the attacker's favour and
 * clamped to 1-3..5-1, kill numbers, the Leader's LM, the Hero's column shift,
 * Leaders and Heroes using half an ME SW's FP, WTs), 8.3 (0-IFP units), 8.4 (the
 * Ambush's tripled FP), 8.5 (M superscripts), 8.6 (the Cavalry Charge's doubled
 * IFP) and 11.1.4 / 11.6 (Leaders, Scouts). Target choice, simultaneity and the
 * removal of losses are the state machine's.
 *
 * The odds table (digest T6a, PAC 07) is not stored: the column is the smallest
 * ratio of the card's row that is at least attacker/defender, compared exactly in
 * integers. The test suite checks this against all 196 printed cells.
 */
#include "lnlt/combat.h"

#include <stdio.h>

static const int odds_p[LNLT_ODDS_COUNT] = {1, 1, 2, 1, 3, 2, 3, 4, 5};
static const int odds_q[LNLT_ODDS_COUNT] = {3, 2, 3, 1, 2, 1, 1, 1, 1};
static const char *const odds_names[LNLT_ODDS_COUNT] = {
    "1-3", "1-2", "2-3", "1-1", "3-2", "2-1", "3-1", "4-1", "5-1"};

const char *lnlt_odds_name(lnlt_odds o)
{
    if ((int)o < 0 || o >= LNLT_ODDS_COUNT)
        return "?";
    return odds_names[o];
}

lnlt_odds lnlt_melee_odds(int att_fp, int def_fp)
{
    if (def_fp <= 0)
        return LNLT_ODDS_5_1;
    if (att_fp <= 0)
        return LNLT_ODDS_1_3;
    for (int i = 0; i < LNLT_ODDS_COUNT; i++)
        if ((long)att_fp * odds_q[i] <= (long)def_fp * odds_p[i])
            return (lnlt_odds)i;
    return LNLT_ODDS_5_1;
}

bool lnlt_melee_below_1_3(int att_fp, int def_fp)
{
    return (long)att_fp * 3 < (long)def_fp;
}

lnlt_odds lnlt_odds_shift(lnlt_odds o, int columns)
{
    int i = (int)o + columns;
    if (i < 0)
        i = 0;
    if (i >= LNLT_ODDS_COUNT)
        i = LNLT_ODDS_COUNT - 1;
    return (lnlt_odds)i;
}

int lnlt_kill_number(lnlt_odds o)
{
    return 11 - (int)o;
}

static void add_part(lnlt_modifiers *m, int v, const char *name, const char *what,
                     const char *rule)
{
    char src[LNLT_MOD_SOURCE_MAX];
    snprintf(src, sizeof src, "%.20s %s", name ? name : "unit", what);
    lnlt_mods_add(m, v, src, rule);
}

lnlt_melee_fp lnlt_melee_group_fp(const lnlt_melee_unit *u, int n, lnlt_melee_role role,
                                  bool ambush, bool cavalry_charge)
{
    lnlt_melee_fp r = {0};
    bool any_attacker = false;
    for (int i = 0; i < n; i++) {
        const lnlt_melee_unit *x = &u[i];
        int fp = 0;
        if (x->weapon_team) {
            if (x->mg_team) {
                fp = x->ifp + (x->m_superscript ? 1 : 0);
                any_attacker = true;
            } else if (role == LNLT_MELEE_DEFENDING) {
                fp = 1; /* 8.0: a non-MG WT defends at 1 and never attacks */
            }
            if (fp)
                add_part(&r.parts, fp, x->name, "WT", "8.0");
            r.fp += fp;
            continue;
        }
        any_attacker = true;
        int sw_fp = 0, me_sws = 0;
        bool uses_sw = false;
        for (int s = 0; s < x->sw_count && s < LNLT_FIRE_SW_MAX; s++) {
            const lnlt_melee_sw *w = &x->sw[s];
            if (!w->melee_eligible)
                continue;
            int v = w->fp;
            if (x->leader || x->hero)
                v = (v + 1) / 2; /* 8.0: half the SW's FP, rounded up */
            v += w->m_superscript ? 1 : 0;
            sw_fp += v;
            uses_sw = true;
            me_sws++;
        }
        if (uses_sw) {
            add_part(&r.parts, sw_fp, x->name, "ME SW", "8.0");
            if (x->leader)
                r.leader_used_sw = true;
        }
        /* 1.6 limits carried into melee (8.0): a Hero using a SW, or a unit
         * using two, gives up its IFP; a Leader has none (his LM is lent
         * through lnlt_melee_input). */
        bool ifp_counts = !x->leader && (x->uses_ifp || !uses_sw) &&
                          !(x->hero && uses_sw) && me_sws < 2;
        int ifp = 0;
        bool zero_fp = !x->smc || x->scout;
        if (ifp_counts) {
            int base = x->scout ? 0 : x->ifp;
            if (base == 0 && zero_fp && !uses_sw) {
                base = 1; /* 8.3: counts 1, with a DRM */
                r.zero_fp_units++;
                add_part(&r.parts, 1, x->name, "0-FP as 1", "8.3");
            } else if (base > 0) {
                add_part(&r.parts, base, x->name, "IFP", "8.0");
            }
            ifp = base;
            if (x->m_superscript) {
                ifp += 1;
                add_part(&r.parts, 1, x->name, "M superscript", "8.5");
            }
            if (x->skill_fp) {
                ifp += x->skill_fp;
                add_part(&r.parts, x->skill_fp, x->name, "skill", "12.0");
            }
            if (cavalry_charge) {
                add_part(&r.parts, ifp, x->name, "cavalry charge x2", "8.6");
                ifp *= 2;
            }
        }
        int unit_fp = ifp + sw_fp;
        if (ambush) {
            add_part(&r.parts, 2 * unit_fp, x->name, "ambush x3", "8.4");
            unit_fp *= 3;
        }
        if (x->hero)
            r.hero = true;
        r.fp += unit_fp;
    }
    r.cannot_attack = role == LNLT_MELEE_ATTACKING && !any_attacker;
    return r;
}

lnlt_melee_outcome lnlt_melee_attack(const lnlt_melee_input *in)
{
    lnlt_melee_outcome o = {0};
    o.legal = !(in->multiple_targets && lnlt_melee_below_1_3(in->att_fp, in->def_fp));
    o.base_odds = lnlt_melee_odds(in->att_fp, in->def_fp);
    o.odds = in->hero ? lnlt_odds_shift(o.base_odds, 1) : o.base_odds;
    o.kill_number = lnlt_kill_number(o.odds);
    if (in->hero)
        lnlt_mods_add(&o.mods, 0, "Hero: one column right", "8.0");
    /* ruling R-CORE-10: these are the rolling side's own LM and 0-FP DRMs */
    if (in->leader_lm > 0)
        lnlt_mods_add(&o.mods, in->leader_lm, "Leader's LM", "8.0");
    if (in->zero_fp_attackers > 0)
        lnlt_mods_add(&o.mods, -in->zero_fp_attackers, "0-FP attackers", "8.3");
    if (in->zero_fp_defenders > 0)
        lnlt_mods_add(&o.mods, in->zero_fp_defenders, "0-FP defenders", "8.3");
    int mod = lnlt_mods_total(&o.mods);
    o.roll = in->d1 + in->d2 + mod;
    o.need = o.kill_number - mod;
    o.kill = o.legal && o.roll >= o.kill_number;
    return o;
}
