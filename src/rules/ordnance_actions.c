/*
 * ordnance_actions.c: the legal ordnance shots of a side (14.0-14.4): for each
 * unit that holds ordnance and is ready to fire it (ordnance.c), each of its
 * weapons at each vehicle or hex it may shoot, in activations, opportunity fire
 * and the ATGM's window alike.
 */
#include <string.h>

#include "lnlt/combat.h"
#include "lnlt/ordnance.h"
#include "lnlt/scenario.h"
#include "rules/internal.h"

/* Every ordnance the unit holds, as weapon codes. */
static int codes_of(const lnlt_ctx *ctx, const lnlt_state *st, int unit, int *codes)
{
    int n = 0;
    const lnlt_vehicle_type *vt = rules_vtype(ctx, &st->unit[unit]);
    if (vt)
        for (int g = 0; g < vt->gun_count; g++)
            codes[n++] = g;
    else if (rules_is_gun_team(ctx, &st->unit[unit]))
        codes[n++] = 0;
    int sws[4];
    int k = rules_sws_of(st, unit, sws, 4);
    for (int i = 0; i < k && n < 6; i++)
        if (rules_sw_type(ctx, &st->sw[sws[i]])->kind == LNLT_SWK_ORDNANCE)
            codes[n++] = LNLT_WEAPON_SW + sws[i];
    return n;
}

/* Whether anything in play has ordnance (codes_of): a vehicle or gun team, each
 * of which holds a slot (rules_vehicle_attach; a set-up with more than the slots
 * is refused), or an ordnance support weapon. */
static bool ordnance_in_play(const lnlt_ctx *ctx, const lnlt_state *st)
{
    if (st->vehicle_count > 0)
        return true;
    for (int i = 0; i < st->sw_count; i++)
        if (rules_sw_type(ctx, &st->sw[i])->kind == LNLT_SWK_ORDNANCE)
            return true;
    return false;
}

int rules_ord_actions(const lnlt_ctx *ctx, const lnlt_state *st, int side, int mode, lnlt_action *out, int cap)
{
    bool opfire = mode == ORD_OPFIRE, moving = mode == ORD_MOVING;
    int n = 0;
    if (!ordnance_in_play(ctx, st))
        return 0; /* no firer has a weapon code: nobody is asked */
    int targets[LNLT_MAX_UNITS * LNLT_FLOORS];
    int nt = 0;
    if (opfire) {
        if (!st->move.active)
            return 0;
        targets[nt++] = st->move.cell;
    } else {
        nt = rules_occupied(st, lnlt_other_side(side), targets, LNLT_MAX_UNITS);
    }
    for (int u = 0; u < st->unit_count; u++) {
        const lnlt_unit *f = &st->unit[u];
        if (f->side != side || !rules_ord_firer_ready(ctx, st, u, opfire, moving))
            continue;
        if (moving && !(rules_vehicle_mvam(ctx, st, u) && st->move.mode == LNLT_MV_VEHICLE_ASSAULT))
            continue;
        int codes[6];
        int nc = codes_of(ctx, st, u, codes);
        for (int c = 0; c < nc; c++)
            for (int k = 0; k < nt; k++) {
                const char *why;
                int vs[4];
                int nv = rules_vehicles_in(ctx, st, targets[k], lnlt_other_side(side), vs, 4);
                if (rules_ord_can_shoot(ctx, st, u, codes[c], targets[k], -1, opfire, moving, &why))
                    n = rules_action_put4(out, n, cap, opfire ? LNLT_ACT_OPSHOOT : LNLT_ACT_SHOOT, side, u, lnlt_unit_loc(f),
                                 targets[k], -1, codes[c]);
                for (int j = 0; j < nv && j < 4; j++)
                    if (rules_ord_can_shoot(ctx, st, u, codes[c], targets[k], vs[j], opfire, moving, &why))
                        n = rules_action_put4(out, n, cap, opfire ? LNLT_ACT_OPSHOOT : LNLT_ACT_SHOOT, side, u,
                                     lnlt_unit_loc(f), targets[k], vs[j], codes[c]);
            }
    }
    return n;
}
