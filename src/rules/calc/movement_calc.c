/*
 * movement_calc.c: stacking limits, MP allowances and the cost of a step.
 *
 * Implements 1.3 and 6.6 (stacking per side and location), 6.0 (TEC costs per
 * mover class, the minimum move), 6.1/6.1.1 (Assault Move and Fire: half the MF
 * rounded up), 6.2 (Double Time: +2, +1 when Shaken, capped by the Leader's
 * printed MF), 6.3 (Low Crawl), 6.4 (Stealth), 6.5 (coordinated movers each pay
 * their own column), 6.7 (Hit & Run), 1.6 (a lone SMC carrying a SW loses 2 MP),
 * 7.0 (MF -1 after laying Smoke) and 11.2.1 (a Hero inherits the MP its parent
 * spent). The path and the opportunity-fire windows are the state machine's.
 */
#include "lnlt/combat.h"

int lnlt_stack_halves(const lnlt_stack_count *c)
{
    return 2 * c->squads + c->half_squads + c->crews + 2 * c->weapon_teams + c->atgm_teams;
}

bool lnlt_stack_ok(const lnlt_stack_count *c, const char **why)
{
    const char *w = NULL;
    if (lnlt_stack_halves(c) > 6)
        w = "more than 3 squads or equivalent (1.3)";
    else if (c->mu_halves > 4)
        w = "more than 2 mounted squads or equivalent (6.6)";
    else if (c->smcs > 2)
        w = "more than 2 SMCs (1.3)";
    else if (c->vehicles > 2)
        w = "more than 2 vehicles (1.3)";
    else if (c->wrecks > 1)
        w = "more than 1 wreck (1.3)";
    if (why)
        *why = w;
    return w == NULL;
}

static int half_up(int x)
{
    return x >= 0 ? (x + 1) / 2 : -((-x) / 2);
}

bool lnlt_mp_allowance_compute(const lnlt_mp_input *in, lnlt_mp_allowance *out,
                               lnlt_error *err)
{
    if (!in || !out)
        return lnlt_error_set(err, "movement: no input or no result given");
    if (in->mf < 0 || in->spent < 0 || in->spent2 < 0)
        return lnlt_error_set(err, "movement: negative MF %d or MP spent %d", in->mf,
                              in->spent);
    if (in->double_time && (in->kind == LNLT_MOVE_LOW_CRAWL || in->kind == LNLT_MOVE_STEALTH))
        return lnlt_error_set(err, "movement: Double Time cannot be combined with %s "
                              "(6.2)", in->kind == LNLT_MOVE_LOW_CRAWL ? "Low Crawl"
                                                                       : "Stealth Movement");
    lnlt_mp_allowance a = {0};
    int mf = in->mf;
    if (in->laid_smoke && mf > 0) {
        lnlt_mods_add(&a.mods, -1, "laid smoke", "7.0");
        mf -= 1;
    }
    if (in->kind == LNLT_MOVE_LOW_CRAWL) {
        /* 6.3: the whole impulse buys one hex, whatever it costs. */
        a.one_hex_only = true;
        a.mp = in->spent > 0 || in->spent2 > 0 ? 0 : mf;
        a.mp2 = 2 * a.mp;
        *out = a;
        return true;
    }
    int cap = -1;
    if (in->double_time) {
        int bonus = in->shaken ? 1 : 2;
        lnlt_mods_add(&a.mods, bonus, in->shaken ? "double time (Shaken)" : "double time",
                      "6.2");
        mf += bonus;
        cap = in->leader_mf;
    }
    bool halved = in->kind == LNLT_MOVE_ASSAULT || in->kind == LNLT_MOVE_ASSAULT_FIRE ||
                  in->kind == LNLT_MOVE_HIT_AND_RUN;
    int mp = mf;
    if (halved) {
        /* DT is added before halving (6.1, 6.1.1). */
        mp = half_up(mf);
        lnlt_mods_add(&a.mods, mp - mf, "half MF", in->kind == LNLT_MOVE_HIT_AND_RUN ? "6.7"
                                                                                   : "6.1");
        if (cap >= 0)
            cap = half_up(cap); /* ruling R-CORE-06 (digest A-28) */
    }
    if (cap >= 0 && mp > cap) {
        lnlt_mods_add(&a.mods, cap - mp, "Leader's MF cap", "6.2");
        mp = cap;
    }
    if (in->smc_carrying_sw) {
        /* ruling R-CORE-07: taken after halving, as 1.6.1 says for tripods */
        int loss = mp >= 2 ? 2 : mp;
        lnlt_mods_add(&a.mods, -loss, "SMC carrying SW", "1.6");
        mp -= loss;
    }
    int left2 = 2 * mp;
    int used2 = 2 * in->spent + in->spent2;
    if (used2 > left2)
        used2 = left2;
    if (used2 > 0)
        lnlt_mods_add(&a.mods, -((used2 + 1) / 2), "MP already spent", "11.2.1");
    a.mp2 = left2 - used2;
    a.mp = a.mp2 / 2;
    *out = a;
    return true;
}

int lnlt_move_cost2(const int8_t mp2[LNLT_MOVER_COUNT], lnlt_mover mover, int hexside_extra2,
                    bool scout_terrain)
{
    if (!mp2 || (int)mover < 0 || (int)mover >= LNLT_MOVER_COUNT)
        return LNLT_MP_PROHIBITED;
    int c = mp2[mover];
    if (c < 0 || hexside_extra2 < 0)
        return LNLT_MP_PROHIBITED;
    if (scout_terrain && mover == LNLT_MOVER_LEG)
        c = 2; /* 11.6: 1 MP */
    return c + hexside_extra2;
}

lnlt_step_verdict lnlt_move_step(int cost2, int left2, int total2, int mf)
{
    if (cost2 < 0)
        return LNLT_STEP_PROHIBITED;
    if (cost2 <= left2)
        return LNLT_STEP_OK;
    /* 6.0: the first hex of a move is always possible for a unit with MF >= 1. */
    if (left2 == total2 && mf >= 1 && left2 > 0)
        return LNLT_STEP_MINIMUM_MOVE;
    return LNLT_STEP_NOT_ENOUGH_MP;
}

bool lnlt_low_crawl_allowed(int cost2, int mf)
{
    return cost2 >= 0 && cost2 < 2 * mf; /* ruling R-CORE-08 (digest A-26) */
}
