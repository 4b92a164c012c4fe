/*
 * atgm.c: the two steps of ATGM fire (rule 14.4). The firer announces its target
 * (a `shoot` with an ATGM); before the missile flies, the units of the other side
 * may fire at the firer as opportunity fire (5.3): fire groups with their IFP and
 * their weapons that use the DFT, vehicle MGs in their covered arc without turning
 * the turret or the hull (an all-round MG only when open), and small arms at a
 * vehicle that fires one (17.2). As soon as such an attack puts the firer to a
 * damage check, whatever its result, the missile misses; when the other side is
 * done (`no-fire`) or nobody is left who may fire, it flies (14.1).
 *
 * The window is its own decision (LNLT_DECIDE_ATGM) and keeps the shot in the
 * state (lnlt_state.atgm_*), so it survives saves and previews like any other
 * decision. Rulings R-VEH-31 (opportunity fire ATGMs fly at once), R-VEH-32 (no
 * depletion roll for a missile that missed this way; a firer that can no longer
 * fire launches nothing), R-VEH-33 (who may react).
 */
#include <string.h>

#include "rules/internal.h"

int rules_atgm_target(const lnlt_state *st)
{
    if (st->decision != LNLT_DECIDE_ATGM || st->atgm_unit == 0)
        return -1;
    return lnlt_unit_loc(&st->unit[st->atgm_unit - 1]);
}

int rules_opfire_loc(const lnlt_state *st)
{
    int at = rules_atgm_target(st);
    if (at >= 0)
        return at;
    return st->move.active ? st->move.cell : -1;
}

void rules_atgm_note_check(lnlt_state *st, int unit)
{
    if (st->atgm_unit && st->decision == LNLT_DECIDE_ATGM && unit == st->atgm_unit - 1)
        st->atgm_flags |= LNLT_ATGM_CHECKED;
}

/* The reacting side: the enemy of the ATGM firer. */
static int reacting_side(const lnlt_state *st) { return lnlt_other_side(st->unit[st->atgm_unit - 1].side); }

int rules_atgm_fire_hexes(const lnlt_ctx *ctx, const lnlt_state *st, int *cells, int cap)
{
    int target = rules_atgm_target(st);
    if (target < 0)
        return 0;
    int side = reacting_side(st);
    int mine[LNLT_MAX_UNITS];
    int nm = rules_occupied(st, side, mine, LNLT_MAX_UNITS), n = 0;
    for (int i = 0; i < nm; i++) {
        const char *why;
        int g[LNLT_MAX_UNITS];
        if (rules_fire_group_at(ctx, st, mine[i], target, side, true, g, LNLT_MAX_UNITS) > 0 &&
            rules_can_fire_at(ctx, st, mine[i], target, side, true, &why)) {
            if (cells && n < cap)
                cells[n] = mine[i];
            n++;
        }
    }
    return n;
}

int rules_atgm_vehicle_reactions(const lnlt_ctx *ctx, const lnlt_state *st, lnlt_action *out, int cap)
{
    if (rules_atgm_target(st) < 0)
        return 0;
    int side = reacting_side(st);
    int n = rules_vmg_actions(ctx, st, side, ORD_OPFIRE, out, cap);
    int m = rules_fire_at_actions(ctx, st, side, true, out ? out + (n < cap ? n : cap) : NULL, n < cap ? cap - n : 0);
    return n + m;
}

/* The announced shot flies, or misses (14.4); the decision goes back to the firer's side. */
static bool resolve(lnlt_step *s)
{
    lnlt_state *st = s->st;
    int unit = st->atgm_unit - 1, to = st->atgm_to, code = st->atgm_code, tv = st->atgm_tv - 1;
    bool lost = (st->atgm_flags & LNLT_ATGM_CHECKED) != 0;
    st->decision = st->atgm_resume;
    st->to_act = st->impulse_side;
    st->atgm_unit = 0;
    st->atgm_to = 0;
    st->atgm_code = 0;
    st->atgm_tv = 0;
    st->atgm_flags = 0;
    st->atgm_resume = 0;
    return rules_ord_resolve_atgm(s, unit, code, to, tv, lost);
}

static bool anyone_may_react(const lnlt_ctx *ctx, const lnlt_state *st)
{
    return rules_atgm_fire_hexes(ctx, st, NULL, 0) > 0 || rules_atgm_vehicle_reactions(ctx, st, NULL, 0) > 0;
}

bool rules_atgm_announce(lnlt_step *s, int unit, int code, int to, int tv)
{
    lnlt_state *st = s->st;
    char where[LNLT_HEX_ID_MAX];
    st->atgm_unit = (uint8_t)(unit + 1);
    st->atgm_to = (int16_t)to;
    st->atgm_code = (uint8_t)code;
    st->atgm_tv = (uint8_t)(tv + 1);
    st->atgm_flags = 0;
    st->atgm_resume = st->decision;
    st->decision = LNLT_DECIDE_ATGM; /* the window, while it is asked who may react */
    lnlt_events_say(s->log, LNLT_EV_CHANGE, "14.4", "atgm-announced", "%s announces an ATGM shot at %s%s%s",
                    rules_label(s->ctx, st, unit), tv >= 0 ? rules_label(s->ctx, st, tv) : "the units in ",
                    tv >= 0 ? " in " : "", rules_cell(s, to, where));
    if (!anyone_may_react(s->ctx, st)) {
        lnlt_events_say(s->log, LNLT_EV_CHANGE, "14.4", "atgm-flies", "no enemy unit can fire at it: the missile flies");
        return resolve(s);
    }
    st->to_act = (uint8_t)reacting_side(st);
    lnlt_events_say(s->log, LNLT_EV_CHANGE, "14.4", "atgm-window",
                    "before it flies, the enemy may fire at the ATGM firer in %s (5.3)",
                    rules_cell(s, lnlt_unit_loc(&st->unit[unit]), where));
    return true;
}

/* After a reaction attack: a damage check on the firer, or nobody left to fire,
 * ends the window. */
static bool after_reaction(lnlt_step *s)
{
    lnlt_state *st = s->st;
    if (st->decision != LNLT_DECIDE_ATGM || !st->atgm_unit)
        return true;
    if ((st->atgm_flags & LNLT_ATGM_CHECKED) || !anyone_may_react(s->ctx, st))
        return resolve(s);
    return true;
}

bool rules_atgm_react(lnlt_step *s, const lnlt_action *a)
{
    lnlt_state *st = s->st;
    int target = rules_atgm_target(st);
    if (target < 0)
        return lnlt_error_set(s->err, "no ATGM shot is waiting");
    bool ok;
    int u = -1;
    for (int i = 0; i < st->unit_count && u < 0; i++)
        if (lnlt_bit(a->units, i))
            u = i;
    switch (a->type) {
    case LNLT_ACT_OPFIRE:
        ok = rules_fire(s, a->arg[0], target, true, u >= 0 ? a->units : NULL);
        break;
    case LNLT_ACT_OPVMG:
        ok = u >= 0 && rules_vmg_fire(s, u, a->arg[3], a->arg[1], a->arg[2], true, false);
        break;
    case LNLT_ACT_OPFIRE_AT:
        ok = rules_fire_at_vehicle(s, a->arg[0], a->arg[1], a->arg[2], true, u >= 0 ? a->units : NULL);
        break;
    default:
        return lnlt_error_set(s->err, "internal: not a reaction to an ATGM");
    }
    return ok && after_reaction(s);
}

bool rules_atgm_let_fly(lnlt_step *s)
{
    lnlt_events_say(s->log, LNLT_EV_CHANGE, "14.4", "atgm-flies", "no more fire at the ATGM firer: the missile flies");
    return resolve(s);
}
