/*
 * acquisition.c: the Acquiring and Acquisition markers of ordnance (rule 14.3): a
 * firer that does not destroy its target acquires it (-1), fires at it again for
 * -2, keeps the marker while it fires at it each turn (ruling R-VEH-10), and loses
 * it when it pivots, is shaken or leaves, or the target leaves. The shot itself
 * is in ordnance.c.
 */
#include "rules/internal.h"

/* ---- acquisition (14.3) ---- */

int rules_acq_code(const lnlt_state *st, int target_vehicle, int loc)
{
    (void)st;
    return target_vehicle >= 0 ? target_vehicle : LNLT_ACQ_LOC - loc;
}

void rules_acq_forget(lnlt_state *st, int unit)
{
    for (int i = 0; i < LNLT_MAX_ACQ; i++)
        if (st->acq[i].firer == unit || (st->acq[i].firer >= 0 && st->acq[i].target == unit))
            st->acq[i].firer = -1;
}

void rules_acq_forget_firer(lnlt_state *st, int unit)
{
    for (int i = 0; i < LNLT_MAX_ACQ; i++)
        if (st->acq[i].firer == unit)
            st->acq[i].firer = -1;
}

void rules_acq_forget_target(lnlt_state *st, int unit)
{
    for (int i = 0; i < LNLT_MAX_ACQ; i++)
        if (st->acq[i].firer >= 0 && st->acq[i].target == unit)
            st->acq[i].firer = -1;
}

/* The level of a firer's acquisition of a target in force now (0: none). */
int rules_acq_level(const lnlt_ctx *ctx, const lnlt_state *st, int firer, int code)
{
    for (int i = 0; i < LNLT_MAX_ACQ; i++) {
        const lnlt_acquisition *a = &st->acq[i];
        if (a->firer != firer || a->target != code || (a->fresh & ACQ_FRESH))
            continue;
        if (code <= LNLT_ACQ_LOC) { /* non-vehicle units: while any is still there */
            int loc = LNLT_ACQ_LOC - code;
            if (!rules_enemy_leg_in(ctx, st, loc, st->unit[firer].side))
                return 0;
        }
        return a->level;
    }
    return 0;
}

void rules_acq_after_shot(lnlt_state *st, int firer, int code, bool destroyed)
{
    int slot = -1;
    for (int i = 0; i < LNLT_MAX_ACQ; i++)
        if (st->acq[i].firer == firer)
            slot = i;
    if (destroyed) {
        if (slot >= 0)
            st->acq[slot].firer = -1;
        return;
    }
    if (slot >= 0 && st->acq[slot].target == code) {
        /* 14.3: fired again at its acquired target: the marker grows to -2; between
         * "N x" shots of one impulse it stays (the marker comes at the impulse's end) */
        if (!(st->acq[slot].fresh & ACQ_FRESH) && st->acq[slot].level < 2)
            st->acq[slot].level++;
        st->acq[slot].fresh |= ACQ_FRESH | ACQ_FIRED;
        return;
    }
    if (slot < 0)
        for (int i = 0; i < LNLT_MAX_ACQ && slot < 0; i++)
            if (st->acq[i].firer < 0)
                slot = i;
    if (slot < 0)
        return; /* no marker left: the shot simply leaves none */
    st->acq[slot].firer = (int16_t)firer;
    st->acq[slot].target = (int16_t)code;
    st->acq[slot].level = 1;
    st->acq[slot].fresh = ACQ_FRESH | ACQ_FIRED;
}

void rules_acq_impulse_end(const lnlt_ctx *ctx, lnlt_state *st)
{
    for (int i = 0; i < LNLT_MAX_ACQ; i++) {
        lnlt_acquisition *a = &st->acq[i];
        a->fresh &= (uint8_t)~ACQ_FRESH;
        /* 14.3: non-vehicle targets that have all left the hex take the marker away;
         * so does a shaken firer, or one or a target gone from the map */
        if (a->firer >= 0 && a->target <= LNLT_ACQ_LOC &&
            !rules_enemy_leg_in(ctx, st, LNLT_ACQ_LOC - a->target, st->unit[a->firer].side))
            a->firer = -1;
        if (a->firer >= 0 && (!rules_on_map(&st->unit[a->firer]) || !rules_is_good(&st->unit[a->firer]) ||
                              (a->target >= 0 && !rules_on_map(&st->unit[a->target]))))
            a->firer = -1;
    }
}

void rules_acq_admin(lnlt_step *s)
{
    /* 14.3: a firer that did not fire its ordnance again at all this turn loses
     * the marker (ruling R-VEH-10); the others stand into the next turn. */
    for (int i = 0; i < LNLT_MAX_ACQ; i++) {
        lnlt_acquisition *a = &s->st->acq[i];
        if (a->firer < 0)
            continue;
        if (!(a->fresh & ACQ_FIRED))
            a->firer = -1;
        a->fresh = 0;
    }
}
