/*
 * damage_check.c: what a Damage Check does to a unit.
 *
 * Implements 5.0 (the DC roll and the Leader's LM reducing it, 11.1.1), 5.1 (the
 * Damage Check Table, casualty reduction by the nation's table, wounds) and
 * 11.2.1 (the natural-1 trigger and the even die that creates a Hero). The order
 * in which units of a stack roll (the Leader first, then the others with his LM
 * if he stayed in Good Order) is the state machine's job; the SK example of play
 * shows it (SK-EX-020).
 */
#include "lnlt/combat.h"

#include <stdio.h>

const char *lnlt_dct_result_name(lnlt_dct_result r)
{
    switch (r) {
    case LNLT_DCT_NO_EFFECT: return "no effect";
    case LNLT_DCT_SHAKEN: return "Shaken";
    case LNLT_DCT_CASUALTIES: return "Casualties";
    case LNLT_DCT_WOUNDED: return "Wounded";
    case LNLT_DCT_ELIMINATED: return "Eliminated";
    case LNLT_DCT_ABANDONED: return "Abandoned";
    case LNLT_DCT_DESTROYED: return "Destroyed";
    case LNLT_DCT_DAMAGED: return "Damaged";
    }
    return "?";
}

/* The four bands of the DCT (digest T2b) by column. */
static const lnlt_dct_result dct[7][3] = {
    /*                              M<R<2M               2M<=R<3M             R>=3M */
    [LNLT_DCT_GO_MMC]           = {LNLT_DCT_SHAKEN, LNLT_DCT_CASUALTIES, LNLT_DCT_ELIMINATED},
    [LNLT_DCT_SHAKEN_MMC]       = {LNLT_DCT_CASUALTIES, LNLT_DCT_CASUALTIES, LNLT_DCT_ELIMINATED},
    [LNLT_DCT_GO_SMC]           = {LNLT_DCT_SHAKEN, LNLT_DCT_WOUNDED, LNLT_DCT_ELIMINATED},
    [LNLT_DCT_HERO_OR_SHAKEN_SMC] = {LNLT_DCT_WOUNDED, LNLT_DCT_WOUNDED, LNLT_DCT_ELIMINATED},
    [LNLT_DCT_ARMORED]          = {LNLT_DCT_SHAKEN, LNLT_DCT_SHAKEN, LNLT_DCT_ABANDONED},
    [LNLT_DCT_UNARMORED]        = {LNLT_DCT_SHAKEN, LNLT_DCT_DESTROYED, LNLT_DCT_DESTROYED},
    [LNLT_DCT_HELICOPTER]       = {LNLT_DCT_DAMAGED, LNLT_DCT_DESTROYED, LNLT_DCT_DESTROYED},
};

lnlt_dct_result lnlt_dct_lookup(lnlt_dct_column col, int roll, int morale)
{
    if ((int)col < 0 || (int)col > LNLT_DCT_HELICOPTER)
        col = LNLT_DCT_GO_MMC;
    if (roll <= morale)
        return LNLT_DCT_NO_EFFECT;
    if (roll >= 3 * morale)
        return dct[col][2];
    if (roll >= 2 * morale)
        return dct[col][1];
    return dct[col][0];
}

lnlt_dct_column lnlt_dct_column_for(bool smc, bool hero, bool shaken)
{
    if (hero)
        return LNLT_DCT_HERO_OR_SHAKEN_SMC; /* never Shaken (5.1); ruling R-CORE-09 */
    if (smc)
        return shaken ? LNLT_DCT_HERO_OR_SHAKEN_SMC : LNLT_DCT_GO_SMC;
    return shaken ? LNLT_DCT_SHAKEN_MMC : LNLT_DCT_GO_MMC;
}

lnlt_dc_outcome lnlt_damage_check(const lnlt_dc_input *in)
{
    lnlt_dc_outcome o = {0};
    lnlt_mods_add(&o.mods, in->dc, "DC", "5.0");
    if (in->leader_lm > 0)
        lnlt_mods_add(&o.mods, -in->leader_lm, "Leader's LM", "11.1.1");
    o.roll = in->die + lnlt_mods_total(&o.mods);
    o.result = lnlt_dct_lookup(in->column, o.roll, in->morale);
    o.hero_check = in->die == 1 && in->hero_capable && in->enemy_fire; /* ruling R-CORE-05 */
    return o;
}

bool lnlt_hero_created(int die)
{
    return die % 2 == 0;
}

bool lnlt_casualty_reduce(lnlt_unit_size size, int type, const lnlt_reduction_row *table,
                          int rows, lnlt_casualty_fate *fate, int *half_squad_type,
                          lnlt_error *err)
{
    switch (size) {
    case LNLT_SIZE_HALF_SQUAD:
    case LNLT_SIZE_CREW:
    case LNLT_SIZE_WEAPON_TEAM:
        if (fate)
            *fate = LNLT_CASUALTY_ELIMINATED;
        return true;
    case LNLT_SIZE_SMC:
        return lnlt_error_set(err, "casualties: SMC type %d is wounded, not reduced (5.1)",
                              type);
    case LNLT_SIZE_SQUAD:
        break;
    }
    for (int i = 0; table && i < rows; i++) {
        if (table[i].squad_type == type) {
            if (fate)
                *fate = LNLT_CASUALTY_REDUCED;
            if (half_squad_type)
                *half_squad_type = table[i].half_squad_type;
            return true;
        }
    }
    return lnlt_error_set(err, "casualties: squad type %d has no row in the nation's "
                          "reduction table (5.1)", type);
}

lnlt_leader_values lnlt_leader_wounded(lnlt_leader_values v)
{
    v.morale -= 1;
    v.lm = v.lm > 0 ? v.lm - 1 : 0;
    v.lr = v.lr > 0 ? v.lr - 1 : 0;
    return v;
}
