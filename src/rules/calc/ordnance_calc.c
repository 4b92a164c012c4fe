/*
 * ordnance_calc.c: the arithmetic of an ordnance shot (lnlt/ordnance.h).
 *
 * Implements 14.1 (the range column of a to-hit table, the OFT modifiers of the
 * PAC, a natural 2 always hitting and a 12 always missing, the HE equivalent
 * against non-vehicles, penetration with duds and catastrophic hits), 14.1.1 (the
 * morale check after a non-penetrating hit), 14.1.3 (a turret hit on an even
 * natural roll above 2), 14.2.1 and 14.2.2 (HEAT against infantry in the open and
 * against red armour), 14.4.1 (ATGM depletion on the coloured die), 15.2/15.2.2
 * (+2 after an assault move, +1 for a modern vehicle) and the optional 15.6 speed
 * modifier. Who fires at what is the engine's business (src/rules/ordnance.c).
 */
#include "lnlt/ordnance.h"

int lnlt_oft_column(const lnlt_to_hit table[3], int range)
{
    for (int i = 0; i < 3; i++)
        if (table[i].range >= range)
            return table[i].to_hit == LNLT_NONE ? -1 : i;
    return -1;
}

void lnlt_oft_modifiers(const lnlt_oft_context *c, lnlt_modifiers *out)
{
    out->count = 0;
    if (c->leader_lm)
        lnlt_mods_add(out, -c->leader_lm, "leader's LM", "11.1.3");
    if (c->buttoned)
        lnlt_mods_add(out, 1, "buttoned", "15.0.1");
    if (c->turret_rotated)
        lnlt_mods_add(out, 1, "turret turned to the target", "15.1.1");
    if (c->pivoted)
        lnlt_mods_add(out, 1, "pivoted to fire", "15.1");
    if (c->leg_assault)
        lnlt_mods_add(out, 1, "assault move or fire", "6.1");
    if (c->smc_sw)
        lnlt_mods_add(out, 1, "SMC firing a weapon", "1.6");
    int deg = c->degrading_hexes > 2 ? 2 : c->degrading_hexes;
    if (deg > 0)
        lnlt_mods_add(out, deg, "degrading terrain", "10.3");
    if (c->out_of_smoke)
        lnlt_mods_add(out, 1, "firing out of smoke", "7.0");
    if (c->vehicle_assault)
        lnlt_mods_add(out, c->mvam ? 1 : 2, c->mvam ? "assault move (MVAM)" : "vehicle assault move or fire",
                      c->mvam ? "15.2.2" : "15.2");
    if (c->ops_complete)
        lnlt_mods_add(out, c->mvam ? 1 : 2, "Ops Complete", c->mvam ? "15.2.2" : "4.1");
    if (c->building_alley)
        lnlt_mods_add(out, 2, "between two buildings", "10.3.2");
    if (c->night)
        lnlt_mods_add(out, 3, "night", "20.1");
    if (c->railroad)
        lnlt_mods_add(out, 1, "across railroad tracks", "10.5.7");
    if (c->target_speed)
        lnlt_mods_add(out, 2, "fast moving target", "15.6");
    else if (c->target_moving)
        lnlt_mods_add(out, 1, "moving target", "14.1");
    if (c->adjacent)
        lnlt_mods_add(out, -2, "adjacent target", "14.1");
    if (c->target_tm)
        lnlt_mods_add(out, c->target_tm, "target's TM", "14.1");
    if (c->mu_still)
        lnlt_mods_add(out, -1, "mounted unit standing still", "6.6");
    if (c->size_drm)
        lnlt_mods_add(out, c->size_drm, "target's size", "15.6");
    if (c->acquisition)
        lnlt_mods_add(out, -c->acquisition, "acquired target", "14.3");
    if (c->backblast)
        lnlt_mods_add(out, -1, "backblast in a building", "1.6.4");
}

lnlt_oft_roll lnlt_oft_to_hit(int d1, int d2, int to_hit, const lnlt_modifiers *mods)
{
    lnlt_oft_roll r;
    r.natural = d1 + d2;
    r.modified = r.natural + (mods ? lnlt_mods_total(mods) : 0);
    r.hit = r.natural == 2 || (r.natural != 12 && r.modified <= to_hit);
    r.turret = r.hit && r.natural > 2 && r.natural % 2 == 0; /* ruling R-VEH-03 */
    return r;
}

bool lnlt_atgm_depleted(int colored_die, int depletion) { return depletion > 0 && colored_die < depletion; }

const char *lnlt_pen_result_name(lnlt_pen_result r)
{
    switch (r) {
    case LNLT_PEN_DUD: return "dud";
    case LNLT_PEN_CATASTROPHIC: return "catastrophic hit";
    case LNLT_PEN_DESTROYED: return "penetrates";
    case LNLT_PEN_EQUAL: return "non-penetrating hit (equal)";
    case LNLT_PEN_LESS: return "non-penetrating hit";
    }
    return "?";
}

lnlt_penetration lnlt_penetrate(int attack_die, int pv, int defence_die, int armor, bool heat_vs_red)
{
    lnlt_penetration p;
    p.pv = heat_vs_red ? pv - 4 : pv; /* 14.2.2 */
    p.mpv = attack_die + p.pv;
    p.mav = defence_die + armor;
    if (attack_die == 1 && defence_die == 6)
        p.result = LNLT_PEN_DUD;
    else if (attack_die == 6 && defence_die == 1)
        p.result = LNLT_PEN_CATASTROPHIC;
    else if (p.mpv > p.mav)
        p.result = LNLT_PEN_DESTROYED;
    else if (p.mpv == p.mav)
        p.result = LNLT_PEN_EQUAL;
    else
        p.result = LNLT_PEN_LESS;
    return p;
}

lnlt_nonpen_check lnlt_nonpen_mc(int d1, int d2, int morale, const lnlt_penetration *p)
{
    lnlt_nonpen_check c = {0};
    int natural = d1 + d2;
    if (p->result == LNLT_PEN_LESS)
        lnlt_mods_add(&c.mods, -(p->mav - p->mpv), "MAV above MPV", "14.1.1");
    c.roll = natural + lnlt_mods_total(&c.mods);
    c.pass = c.roll <= morale && natural != 12;
    if (p->result == LNLT_PEN_EQUAL) /* the one check whose passing shakes (14.1.1) */
        c.effect = c.pass ? LNLT_NONPEN_SHAKEN : LNLT_NONPEN_ABANDONED;
    else
        c.effect = c.pass ? LNLT_NONPEN_NONE : LNLT_NONPEN_SHAKEN;
    return c;
}

lnlt_he_attack lnlt_he_vs_infantry(int attack_die, int he, bool heat, bool target_covered, int defence_die)
{
    lnlt_he_attack a;
    a.he = heat && !target_covered ? he - 1 : he; /* 14.2.1 */
    a.attack = attack_die + a.he;
    a.defence = defence_die;
    a.dc = a.attack > a.defence ? a.attack - a.defence : 0;
    return a;
}

bool lnlt_speed_drm_applies(lnlt_move_class mc, int mf, bool moving, int road_mp_spent)
{
    if (!moving)
        return false;
    switch (mc) {
    case LNLT_MC_TRACKED: return mf >= 16;
    case LNLT_MC_OFF_ROAD: return mf >= 20;
    case LNLT_MC_ROAD: return mf >= 12 && road_mp_spent >= 2;
    default: return false;
    }
}
