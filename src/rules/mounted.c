/*
 * mounted.c: mounted units (rules 6.6, 6.6.1 horse MUs, 6.6.2 motorcycle MUs,
 * 15.5.1 their continuous movement).
 *
 * A mounted unit (MU) is a squad or half-squad whose counter names a mount and
 * the leg unit it becomes on dismounting (docs/formats/units.md). What this file
 * decides, each from a hook of a few lines in the rule area it changes:
 *   - stacking: at most two MU squad-equivalents in a hex, inside the usual three
 *     (units.c, rules_stacking_ok);
 *   - movement: a stack holding an MU pays the O column of the terrain chart, and
 *     the single-man counters moving with it ride at its MF (movement.c); no double
 *     time, no low crawl;
 *   - fire at MUs: -1 to the attack when the MU is moving or marked Moved, Assault
 *     Move or Hit & Run, +1 when it is not (fire.c, per target unit);
 *   - weapons: cavalry carries weapons but uses none while mounted; motorcycle units
 *     use only DFT weapons of FP 2 or less, never a mortar (fire.c, melee.c);
 *   - heroes: a mounted unit spawns none (damage.c); foxholes do not cover it
 *     (fire.c);
 *   - dismounting: an action during a move that spends half the MU's MF and turns it
 *     into its leg unit, which has half its own MF left; the enemy may then fire at
 *     the hex as at any other hex entered (ruling R-CORE-34);
 *   - continuous movement (15.5.1): a good-order MU marked Moved or Hit & Run may be
 *     declared in the Administrative Phase (turn.c) to keep its marker and move on
 *     in the next turn, when it must leave its hex before it stops (ruling R-VEH-34).
 * Cavalry charges (8.6) are in cavalry.c.
 */
#include <stdio.h>
#include <string.h>

#include "rules/internal.h"

int rules_mount(const lnlt_ctx *ctx, const lnlt_unit *u) { return rules_type(ctx, u)->mount; }

bool rules_is_mounted(const lnlt_ctx *ctx, const lnlt_unit *u) { return rules_mount(ctx, u) != LNLT_MOUNT_NONE; }

bool rules_group_mounted(const lnlt_ctx *ctx, const lnlt_state *st, const int *m, int n)
{
    for (int i = 0; i < n; i++)
        if (rules_is_mounted(ctx, &st->unit[m[i]]))
            return true;
    return false;
}

int rules_mu_stack_halves(const lnlt_ctx *ctx, const lnlt_unit *u)
{
    return rules_is_mounted(ctx, u) ? lnlt_unit_kind_stack_halves(rules_type(ctx, u)->kind) : 0;
}

/* The movers of the stack now moving, split into mounted units, leg multi-man
 * counters, and (by elimination) single-man counters. */
static void movers_kinds(const lnlt_ctx *ctx, const lnlt_state *st, bool *mu, bool *leg)
{
    *mu = *leg = false;
    int m[LNLT_MAX_UNITS];
    int n = rules_unit_bits(st->move.units, st->unit_count, m);
    for (int k = 0; k < n; k++) {
        const lnlt_unit *u = &st->unit[m[k]];
        if (rules_is_mounted(ctx, u))
            *mu = true;
        else if (!rules_is_smc(ctx, u))
            *leg = true;
    }
}

/* 6.6: MUs use the O column. A stack that also moves leg MMCs pays the dearer of
 * the two columns (ruling R-CORE-34); SMCs ride with the MUs. */
bool rules_mounted_step_cost(const lnlt_ctx *ctx, const lnlt_state *st, int from, int to, int *enter,
                             int *side_cost, const char **why)
{
    bool mu, leg;
    movers_kinds(ctx, st, &mu, &leg);
    if (!mu)
        return true;
    if (lnlt_loc_floor(to) != LNLT_FLOOR_GROUND) {
        *why = "mounted units stay on the ground; dismount to climb (R-CORE-40)";
        return false;
    }
    lnlt_hex b = rules_hex(ctx, to);
    int e = rules_step_mp2(ctx, st, from, to, LNLT_MOVER_OTHER); /* TEC Road; Rubble, 15.1.2 */
    int sc = from < 0 ? 0 : lnlt_map_hexside_mp2(ctx->map, rules_hex(ctx, from), b, LNLT_MOVER_OTHER);
    if (e == LNLT_MP_PROHIBITED || sc == LNLT_MP_PROHIBITED) {
        *why = "the terrain chart prohibits it for mounted units (6.6: the O column)";
        return false;
    }
    if (!leg || e > *enter)
        *enter = e;
    if (!leg || sc > *side_cost)
        *side_cost = sc;
    return true;
}

/* 6.6: an SMC moving with an MU rides with it and has its MF (the least MF of the
 * MUs moving, when there are several). */
int rules_rider_mf(const lnlt_ctx *ctx, const lnlt_state *st, int unit, int mf)
{
    if (!st->move.active || !lnlt_bit(st->move.units, unit) || !rules_is_smc(ctx, &st->unit[unit]))
        return mf;
    int ride = -1, m[LNLT_MAX_UNITS];
    int n = rules_unit_bits(st->move.units, st->unit_count, m);
    for (int k = 0; k < n; k++)
        if (rules_is_mounted(ctx, &st->unit[m[k]])) {
            int f = rules_face(ctx, &st->unit[m[k]])->mf;
            if (ride < 0 || f < ride)
                ride = f;
        }
    return ride >= 0 ? ride : mf;
}

/* 6.6: a single-man counter stacked with a friendly MU shares its mounted status
 * (ruling R-CORE-34), as a target too. */
static bool counts_mounted(const lnlt_ctx *ctx, const lnlt_state *st, int unit)
{
    const lnlt_unit *u = &st->unit[unit];
    if (rules_is_mounted(ctx, u))
        return true;
    if (!rules_is_smc(ctx, u) || !rules_on_map(u))
        return false;
    int here[LNLT_MAX_UNITS];
    int n = rules_units_in(st, lnlt_unit_loc(u), u->side, here, LNLT_MAX_UNITS);
    for (int i = 0; i < n; i++)
        if (rules_is_mounted(ctx, &st->unit[here[i]]))
            return true;
    return false;
}

/* 6.6 (DFT card): -1 against an MU moving or marked Moved, AM or H&R; +1 (it is
 * exposed) against one that is not. 0 for any other target. */
int rules_mounted_target_drm(const lnlt_ctx *ctx, const lnlt_state *st, int unit, bool moving)
{
    const lnlt_unit *u = &st->unit[unit];
    if (!counts_mounted(ctx, st, unit))
        return 0;
    if (moving || (u->marks & (LNLT_MARK_MOVED | LNLT_MARK_ASSAULT_MOVE | LNLT_MARK_HIT_AND_RUN)))
        return -1;
    return 1;
}

const char *rules_mounted_drm_text(int drm)
{
    return drm < 0 ? " - mounted moving 1" : drm > 0 ? " + mounted exposed 1" : "";
}

/* 6.6, 21.2: a mounted unit has no benefit from the foxholes in its hex (only its
 * leg unit will, once dismounted). `tm` is the hex's TM for the other units;
 * returns this unit's, noting a difference in the log. */
int rules_mounted_target_tm(lnlt_step *s, int unit, int cell, int tm)
{
    const lnlt_ctx *ctx = s->ctx;
    const lnlt_unit *u = &s->st->unit[unit];
    if (!counts_mounted(ctx, s->st, unit))
        return tm;
    lnlt_modifiers parts = {0}, kept = {0};
    rules_hex_tm(ctx, s->st, cell, u->side, &parts);
    for (int i = 0; i < parts.count; i++)
        if (strcmp(parts.mod[i].rule, "21.2"))
            lnlt_mods_add(&kept, parts.mod[i].value, parts.mod[i].source, parts.mod[i].rule);
    int own = lnlt_target_tm(&kept, false, NULL);
    if (own != tm)
        lnlt_events_say(s->log, LNLT_EV_CHANGE, "6.6", "no-foxholes", "%s is mounted: no foxholes, TM %d instead of %d",
                        rules_label(ctx, s->st, unit), own, tm);
    return own;
}

/* 6.6.1: cavalry uses none of its weapons while mounted. 6.6.2: motorcycle units
 * use DFT weapons of FP 2 or less, and never a mortar; an OFT weapon (ordnance)
 * waits until they dismount. Melee use counts as use (ruling R-CORE-34). */
bool rules_mounted_sw_usable(const lnlt_ctx *ctx, const lnlt_state *st, int unit, const lnlt_sw *w)
{
    int mount = rules_mount(ctx, &st->unit[unit]);
    if (mount == LNLT_MOUNT_NONE)
        return true;
    if (mount == LNLT_MOUNT_HORSE)
        return false;
    const lnlt_sw_type *t = rules_sw_type(ctx, w);
    const lnlt_sw_face *f = (w->flags & LNLT_SW_BACK_SIDE) ? &t->back : &t->front;
    return t->kind != LNLT_SWK_ORDNANCE && t->kind != LNLT_SWK_MORTAR && f->fp <= 2;
}

/* 6.6: no hero from a mounted unit; the natural 1 is noted in the log. */
bool rules_mounted_no_hero(lnlt_step *s, int unit, int die)
{
    if (!rules_is_mounted(s->ctx, &s->st->unit[unit]))
        return false;
    if (die == 1)
        lnlt_events_say(s->log, LNLT_EV_RESULT, "6.6", "no-hero", "a natural 1, but %s is mounted: no hero",
                        lnlt_unit_name(s->ctx, s->st, unit));
    return true;
}

/* ---- dismounting (6.6, ruling R-CORE-34) ---- */

/* Half the MF in half MP: exactly the MF. */
static int half_mf_mp2(const lnlt_ctx *ctx, const lnlt_unit *u)
{
    int mf = rules_face(ctx, u)->mf;
    return mf > 0 ? mf : 0;
}

bool rules_can_dismount(const lnlt_ctx *ctx, const lnlt_state *st)
{
    const lnlt_move_state *mv = &st->move;
    if (!mv->active || mv->mode != LNLT_MV_NORMAL || mv->cell < 0 || rules_in_melee(st, mv->cell))
        return false;
    bool any = false;
    int cost = 0;
    for (int i = 0; i < st->unit_count; i++) {
        const lnlt_unit *u = &st->unit[i];
        if (!lnlt_bit(mv->units, i) || !rules_is_mounted(ctx, u))
            continue;
        if (rules_type(ctx, u)->dismounts_to < 0)
            return false;
        int c = half_mf_mp2(ctx, u);
        if (rules_mp2_allowance(ctx, st, i) - u->mp2 < c)
            return false; /* half its MF is no longer there to spend */
        cost = c > cost ? c : cost;
        any = true;
    }
    if (!any)
        return false;
    /* leg MMCs moving along spend the same MP (riders are carried) */
    for (int i = 0; i < st->unit_count; i++) {
        const lnlt_unit *u = &st->unit[i];
        if (lnlt_bit(mv->units, i) && !rules_is_mounted(ctx, u) && !rules_is_smc(ctx, u) &&
            rules_mp2_allowance(ctx, st, i) - u->mp2 < cost)
            return false;
    }
    return true;
}

bool rules_dismount(lnlt_step *s)
{
    const lnlt_ctx *ctx = s->ctx;
    lnlt_state *st = s->st;
    lnlt_move_state *mv = &st->move;
    if (!rules_can_dismount(ctx, st))
        return lnlt_error_set(s->err, "the moving stack cannot dismount now (6.6)");
    /* Each MU spends half its MF; the stack's OF budget counts the most spent. */
    int cost = 0, left = 255;
    uint8_t riders[LNLT_UNIT_BITS] = {0};
    char name[LNLT_HEX_ID_MAX];
    for (int i = 0; i < st->unit_count; i++) {
        if (!lnlt_bit(mv->units, i))
            continue;
        if (rules_is_smc(ctx, &st->unit[i]))
            lnlt_bit_set(riders, i);
        if (rules_is_mounted(ctx, &st->unit[i]))
            cost = half_mf_mp2(ctx, &st->unit[i]) > cost ? half_mf_mp2(ctx, &st->unit[i]) : cost;
    }
    for (int i = 0; i < st->unit_count; i++) {
        lnlt_unit *u = &st->unit[i];
        if (!lnlt_bit(mv->units, i) || lnlt_bit(riders, i))
            continue;
        u->marks |= LNLT_MARK_MOVED;
        if (!rules_is_mounted(ctx, u)) {
            u->mp2 = (uint8_t)(u->mp2 + cost);
            continue;
        }
        const char *was = rules_type(ctx, u)->name;
        int own = half_mf_mp2(ctx, u);
        u->type = rules_type(ctx, u)->dismounts_to; /* the mounts are gone for good */
        if (u->parent >= 0) /* 3.0: a reduced mounted squad's half remembers the squad on foot */
            u->parent = ctx->catalog->unit[u->parent].dismounts_to;
        /* the leg unit has half its own MF still to spend */
        int allowance = rules_mp2_allowance(ctx, st, i), keep = half_mf_mp2(ctx, u);
        u->mp2 = (uint8_t)(allowance > keep ? allowance - keep : 0);
        int l = allowance - u->mp2;
        left = l < left ? l : left;
        lnlt_events_say(s->log, LNLT_EV_CHANGE, "6.6", "dismount",
                        "%s dismounts in %s for %d%s MP and is now %s with %d%s MP to spend", was,
                        rules_cell(s, mv->cell, name), own / 2, own & 1 ? ".5" : "", rules_type(ctx, u)->name,
                        l / 2, l & 1 ? ".5" : "");
    }
    /* Riders walk on with what the dismounted units have left. */
    for (int i = 0; i < st->unit_count; i++)
        if (lnlt_bit(riders, i)) {
            lnlt_unit *u = &st->unit[i];
            int allowance = rules_mp2_allowance(ctx, st, i);
            int keep = left < allowance ? left : allowance;
            u->mp2 = (uint8_t)(allowance - keep);
            u->marks |= LNLT_MARK_MOVED;
        }
    /* 6.6: the enemy may fire at the hex where they dismount, as at a hex entered. */
    mv->mp2_here = (uint8_t)cost;
    mv->of_made = 0;
    st->acted = 1;
    return rules_after_step(s);
}

/* ---- 15.5.1: continuous movement of mounted units ---- */

bool rules_mu_continuous_eligible(const lnlt_ctx *ctx, const lnlt_state *st, int unit)
{
    const lnlt_unit *u = &st->unit[unit];
    return rules_on_map(u) && rules_is_good(u) && rules_is_mounted(ctx, u) && !(u->mu_flags & LNLT_MU_CONTINUOUS) &&
           (u->marks & (LNLT_MARK_MOVED | LNLT_MARK_HIT_AND_RUN));
}

bool rules_mu_must_move_on(const lnlt_ctx *ctx, const lnlt_state *st)
{
    if (!st->move.active)
        return false;
    for (int i = 0; i < st->unit_count; i++)
        if (lnlt_bit(st->move.units, i) && (st->unit[i].mu_flags & LNLT_MU_CONTINUOUS) &&
            rules_is_mounted(ctx, &st->unit[i]))
            return true;
    return false;
}
