/*
 * rally_calc.c: morale checks, rally attempts and the initiative roll.
 *
 * Implements 1.5.1 (a morale check: 2d6 at or under Morale, with only the LM and
 * the -2 for a positive-TM hex as modifiers), 3.0 (rally attempts and the
 * initiative die, ties to the previous holder), 3.1 (Self-Rally Pairs) and the
 * Morale adjustments of 5.1 (wounds), 11.7.1 (Fight or Die) and 11.9 (Advisors).
 * Medics, Nurses and vehicles use the same check with the caller choosing whose
 * Morale and whether an LM may count (digest T11).
 */
#include "lnlt/combat.h"

int lnlt_morale_adjusted(int printed, const lnlt_morale_adjust *adj, lnlt_modifiers *mods)
{
    lnlt_modifiers local = {0};
    if (adj) {
        if (adj->advisor)
            lnlt_mods_add(&local, 1, "Advisor stacked", "11.9");
        if (adj->wounded_smc)
            lnlt_mods_add(&local, -1, "wounded", "5.1");
        if (adj->fight_or_die)
            lnlt_mods_add(&local, 1, "Fight or Die", "11.7.1");
    }
    if (mods)
        *mods = local;
    return printed + lnlt_mods_total(&local);
}

int lnlt_best_lm(const int *lms, int n)
{
    int best = 0;
    for (int i = 0; lms && i < n; i++)
        if (lms[i] > best)
            best = lms[i];
    return best;
}

lnlt_mc_outcome lnlt_morale_check(const lnlt_mc_input *in)
{
    lnlt_mc_outcome o = {0};
    o.morale = lnlt_morale_adjusted(in->morale, &in->adjust, &o.morale_mods);
    if (in->srp) {
        /* 3.1: any pair rallies, whatever the Morale, TM or LM. */
        o.roll = in->d1 + in->d2;
        o.pass = in->d1 == in->d2;
        o.need = 0;
        return o;
    }
    if (in->lm > 0)
        lnlt_mods_add(&o.mods, -in->lm, "LM", "1.5.1");
    if (in->positive_tm) /* also withdrawal and charge MCs: ruling R-CORE-11 */
        lnlt_mods_add(&o.mods, -2, "positive TM hex", "1.5.1");
    int mod = lnlt_mods_total(&o.mods);
    o.roll = in->d1 + in->d2 + mod;
    o.need = o.morale - mod;
    o.pass = o.roll <= o.morale;
    o.commissar_killed = in->adjust.fight_or_die && in->d1 + in->d2 == 12;
    return o;
}

int lnlt_initiative(int die0, int die1, int previous_holder)
{
    if (die0 > die1)
        return 0;
    if (die1 > die0)
        return 1;
    return previous_holder;
}
