/*
 * catalog_names.c: the words of the counter files (docs/formats/units.md,
 * weapons.md, nations.md, skills.md) that both the loaders and the writer use, and
 * the public names and groups of unit kinds, weapon kinds, national traits and
 * skill effects (lnlt/data.h): MMC and SMC (1.0, 11.0), how many half-squads a
 * kind counts for in a stack (5.0).
 */
#include "lnlt/data.h"

#include "data/catalog_internal.h"

const char *const catalog_unit_kind_names[LNLT_UK_COUNT] = {
    "squad", "half_squad", "crew", "weapon_team", "leader", "hero", "medic", "corpsman",
    "sniper", "scout", "commissar", "chaplain", "advisor", "nurse", "piper", "marksman",
    "armor_leader", "vehicle"};

const char *const catalog_sw_kind_names[LNLT_SWK_COUNT] = {
    "small_arms", "mg", "flamethrower", "satchel", "molotov", "mortar", "ordnance"};

const char *const catalog_sw_back_names[5] = {"none", "jammed", "dismantled", "bipod", "to_hit"};
const char *const catalog_back_names[3] = {"shaken", "wounded", "none"};
const char *const catalog_wt_weapon_names[LNLT_WTW_COUNT] = {"other", "mg", "mortar"};
const char *const catalog_mount_names[2] = {"horse", "motorcycle"}; /* lnlt_mount - 1 */
const char *const catalog_era_names[3] = {"wwii", "modern", "any"};
const char *const catalog_trait_names[LNLT_TRAIT_COUNT] = {
    "jungle_move_1mp", "light_jungle_tm_plus1", "heavy_jungle_tm_plus1",
    "ignore_heavy_jungle_stacking", "ambush"};
const char *const catalog_effect_names[LNLT_SE_COUNT] = {
    "grant_assault_move", "grant_assault_fire", "fp_bonus", "range_multiplier",
    "extra_activation", "extra_wounds", "rally_range", "assault_fire_then_melee",
    "ambush_reinforcement", "unspecified"};
const char *const catalog_scope_names[LNLT_SS_COUNT] = {"self", "stack", "stack_total",
                                                       "adjacent"};

/* Unit face flags in JSON, in bit order. */
const char *const catalog_uflag_names[CATALOG_UFLAG_COUNT] = {"assaulter", "melee", "jam", "assault_move",
                                          "stealth", "self_rally", "self_rally_pairs",
                                          "extended_range", "hit_and_run"};
/* Weapon flags in JSON, in bit order. */
const char *const catalog_swflag_names[CATALOG_SWFLAG_COUNT] = {"jam", "melee", "tripod", "melee_eligible",
                                           "single_use", "throwable", "close_assault",
                                           "heat", "aa", "bunker_fire", "no_fire_down"};

const char *lnlt_unit_kind_name(int k)
{
    return k >= 0 && k < LNLT_UK_COUNT ? catalog_unit_kind_names[k] : "?";
}
const char *lnlt_sw_kind_name(int k)
{
    return k >= 0 && k < LNLT_SWK_COUNT ? catalog_sw_kind_names[k] : "?";
}
const char *lnlt_trait_name(int t)
{
    return t >= 0 && t < LNLT_TRAIT_COUNT ? catalog_trait_names[t] : "?";
}
const char *lnlt_skill_effect_name(int e)
{
    return e >= 0 && e < LNLT_SE_COUNT ? catalog_effect_names[e] : "?";
}
const char *lnlt_skill_scope_name(int s)
{
    return s >= 0 && s < LNLT_SS_COUNT ? catalog_scope_names[s] : "?";
}

const char *lnlt_data_kind_name(lnlt_data_kind k)
{
    static const char *const n[] = {"unknown", "units", "weapons", "nations",
                                    "skills", "scenario", "map", "terrain", "vehicles"};
    return (unsigned)k < sizeof n / sizeof n[0] ? n[k] : "unknown";
}

bool lnlt_unit_kind_is_mmc(int k)
{
    return k == LNLT_UK_SQUAD || k == LNLT_UK_HALF_SQUAD || k == LNLT_UK_CREW ||
           k == LNLT_UK_WEAPON_TEAM;
}
bool lnlt_unit_kind_is_smc(int k)
{
    return k >= LNLT_UK_LEADER && k <= LNLT_UK_ARMOR_LEADER;
}
int lnlt_unit_kind_sw_capacity(int k)
{
    switch (k) {
    case LNLT_UK_SQUAD: return 2;
    case LNLT_UK_HALF_SQUAD: case LNLT_UK_CREW: case LNLT_UK_LEADER: case LNLT_UK_HERO:
    case LNLT_UK_SCOUT: case LNLT_UK_COMMISSAR: case LNLT_UK_ADVISOR: return 1;
    default: return 0;
    }
}
int lnlt_unit_kind_stack_halves(int k)
{
    if (k == LNLT_UK_SQUAD || k == LNLT_UK_WEAPON_TEAM)
        return 2;
    if (k == LNLT_UK_HALF_SQUAD || k == LNLT_UK_CREW)
        return 1;
    return 0;
}
