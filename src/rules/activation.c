/*
 * activation.c: operations-phase impulses (rule 4.0): activating a hex, a
 * leader extending the activation to adjacent hexes (and chains of leaders), the
 * end of an activation, the 4.0 limit of one action per unit per phase, and the
 * spotting attempt a side may make in its impulse (10.1.1, with the 4.1 full-FP
 * exception for the hex just spotted).
 */
#include <string.h>

#include "lnlt/combat.h"
#include "rules/internal.h"

bool rules_unit_can_act(const lnlt_ctx *ctx, const lnlt_state *st, int unit)
{
    const lnlt_unit *u = &st->unit[unit];
    if (!rules_on_map(u))
        return false;
    /* 10.1.1 / 4.1: this impulse's spotter still lends his LM and activates. */
    if (unit == st->spotter)
        return true;
    const lnlt_vehicle *v = rules_veh_c(st, unit);
    if (v && rules_is_vehicle(ctx, u)) {
        if (rules_vehicle_abandoned(st, unit))
            return false; /* 14.1.1: used by no one */
        if ((v->flags & LNLT_VEH_CONTINUOUS) && !(u->flags & LNLT_UNIT_ACTIVATED))
            return true; /* 15.5: it must move on */
    }
    if (u->flags & LNLT_UNIT_ACTIVATED) {
        /* 6.1: an assault-moved unit may still fire in a later impulse (15.2: a vehicle too). */
        return (u->marks & LNLT_MARK_ASSAULT_MOVE) && !(u->marks & LNLT_MARK_FIRED) && rules_is_good(u) &&
               (rules_face(ctx, u)->ifp >= 0 || v);
    }
    return !(u->marks & (LNLT_MARK_MOVED | LNLT_MARK_FIRED | LNLT_MARK_OPS_COMPLETE | LNLT_MARK_LOW_CRAWL |
                         LNLT_MARK_HIT_AND_RUN));
}

int rules_activatable(const lnlt_ctx *ctx, const lnlt_state *st, int cell, int side)
{
    int n = 0;
    for (int i = 0; i < st->unit_count; i++)
        if (lnlt_unit_loc(&st->unit[i]) == cell && st->unit[i].side == side && i != st->spotter && rules_unit_can_act(ctx, st, i))
            n++;
    return n;
}

/* An unwounded leader, good order or shaken, activated in this impulse (4.0). */
static bool activating_leader_in(const lnlt_ctx *ctx, const lnlt_state *st, int cell)
{
    for (int i = 0; i < st->unit_count; i++) {
        const lnlt_unit *u = &st->unit[i];
        if (lnlt_unit_loc(u) == cell && lnlt_bit(st->activated, i) && rules_is_leader(ctx, u) && !(u->flags & LNLT_UNIT_WOUNDED))
            return true;
    }
    return false;
}

static bool cell_activated(const lnlt_state *st, int cell)
{
    for (int i = 0; i < st->unit_count; i++)
        if (lnlt_unit_loc(&st->unit[i]) == cell && lnlt_bit(st->activated, i))
            return true;
    return false;
}

bool rules_can_also(const lnlt_ctx *ctx, const lnlt_state *st, int cell)
{
    /* All hexes are declared before any unit acts (4.0). */
    if (st->acted || cell_activated(st, cell) || rules_activatable(ctx, st, cell, st->impulse_side) == 0)
        return false;
    int near[24];
    int k = rules_leader_range(ctx, cell, near, 24); /* 10.4.1: by floor in buildings */
    for (int i = 0; i < k && i < 24; i++)
        if (cell_activated(st, near[i]) && activating_leader_in(ctx, st, near[i]))
            return true;
    return false;
}

bool rules_activate(lnlt_step *s, int cell, bool also)
{
    lnlt_state *st = s->st;
    if (!also) {
        memset(st->activated, 0, sizeof st->activated);
        st->acted = 0;
        st->decision = LNLT_DECIDE_ACTIVATION;
        st->passes = 0;
    }
    int n = 0;
    for (int i = 0; i < st->unit_count; i++) {
        if (lnlt_unit_loc(&st->unit[i]) != cell || st->unit[i].side != st->impulse_side || !rules_unit_can_act(s->ctx, st, i))
            continue;
        lnlt_bit_set(st->activated, i);
        n++;
    }
    char name[LNLT_HEX_ID_MAX];
    lnlt_events_say(s->log, LNLT_EV_CHANGE, "4.0", also ? "also-activated" : "activated", "%s activates %s (%d unit%s)%s",
                    lnlt_side_name(s->ctx, st->impulse_side), rules_cell(s, cell, name), n, n == 1 ? "" : "s",
                    also ? " through a leader" : "");
    return true;
}

bool rules_end_activation(lnlt_step *s)
{
    lnlt_state *st = s->st;
    /* 4.0: a leader who only activated others is marked Ops Complete; units of an
     * activated hex that did nothing keep their activation for later (4.0: a
     * player activates all or some of a hex's units). */
    bool others_acted = st->acted;
    rules_vehicles_end_activation(s); /* 1.7.1, 15.1, 15.2.1, 16.4 */
    for (int i = 0; i < st->unit_count; i++) {
        lnlt_unit *u = &st->unit[i];
        if (lnlt_bit(st->activated, i) && rules_is_leader(s->ctx, u) && rules_on_map(u) &&
            !(u->flags & LNLT_UNIT_ACTIVATED) && others_acted) {
            u->marks |= LNLT_MARK_OPS_COMPLETE;
            u->flags |= LNLT_UNIT_ACTIVATED;
        }
    }
    memset(st->activated, 0, sizeof st->activated);
    st->acted = 0;
    st->decision = LNLT_DECIDE_IMPULSE;
    /* ruling R-CORE-27: an activation in which nobody acted counts as a pass. */
    return lnlt_turn_after_impulse(s, !others_acted);
}

bool rules_may_spot(const lnlt_ctx *ctx, const lnlt_state *st, int unit, int target, lnlt_los_result *los)
{
    const lnlt_unit *u = &st->unit[unit];
    int kind = rules_type(ctx, u)->kind;
    /* 10.1.1: good-order units, not medics, chaplains, nurses or pipers (15.0: a
     * shaken vehicle does not spot either). */
    if (st->spot_tried || u->side != st->impulse_side || !rules_is_good(u) || !rules_unit_can_act(ctx, st, unit) ||
        kind == LNLT_UK_MEDIC || kind == LNLT_UK_CORPSMAN || kind == LNLT_UK_CHAPLAIN || kind == LNLT_UK_NURSE ||
        kind == LNLT_UK_PIPER)
        return false;
    if (!rules_enemy_in(st, target, u->side) || rules_spotted(ctx, st, target, u->side))
        return false;
    return rules_los(ctx, st, lnlt_unit_loc(u), target, los);
}

bool rules_spot(lnlt_step *s, int unit, int target)
{
    const lnlt_ctx *ctx = s->ctx;
    lnlt_state *st = s->st;
    lnlt_unit *u = &st->unit[unit];
    lnlt_los_result los;
    rules_los(ctx, st, lnlt_unit_loc(u), target, &los);
    lnlt_spot_input in;
    memset(&in, 0, sizeof in);
    const lnlt_terrain *t = lnlt_map_terrain(ctx->map, rules_hex(ctx, target));
    in.target = (lnlt_los_class)t->los;
    if (rules_smoked(st, target) || lnlt_loc_floor(target) == LNLT_FLOOR_BUNKER)
        in.target = LNLT_LOS_BLOCKING; /* 7.0: Smoke (ruling R-SMOKE-03) and 21.1.1 bunkers spot as blocking */
    /* 15.0.1: a buttoned vehicle spots at +1 */
    in.buttoned_vehicle = rules_is_vehicle(ctx, u) && rules_vehicle_buttoned(ctx, st, unit);
    for (int i = 0; i < LNLT_MAX_FORTS; i++)
        if (st->fort[i].kind && st->fort[i].cell == target && in.target == LNLT_LOS_OPEN)
            in.target = LNLT_LOS_DEGRADING; /* ruling R-CORE-22: foxholes make an open hex need a roll */
    in.degrading_between = los.degrade;
    in.building_alley = los.limited;
    in.spotter_lm = rules_lm(ctx, u);
    in.scout = rules_type(ctx, u)->kind == LNLT_UK_SCOUT;
    char purpose[80], where[LNLT_HEX_ID_MAX];
    snprintf(purpose, sizeof purpose, "spotting %s by %s", rules_cell(s, target, where), rules_type(ctx, u)->name);
    lnlt_event *re;
    if (!lnlt_dice_roll(&s->dice, 1, NULL, purpose, "10.1.1", &in.die, &re, s->err))
        return false;
    lnlt_spot_outcome out = lnlt_spot_attempt(&in);
    if (re)
        snprintf(re->text, sizeof re->text, "%s%d vs %d -> %s", in.spotter_lm ? "- LM = " : "= ", out.roll, out.need,
                 out.success ? "spotted" : "not spotted");
    st->spot_tried = 1;
    st->spotter = (int16_t)unit;
    u->marks |= LNLT_MARK_OPS_COMPLETE;
    u->flags |= LNLT_UNIT_ACTIVATED;
    if (out.success) {
        rules_set_spot_marker(st, u->side, target);
        st->spotted_cell = (int16_t)target;
    }
    lnlt_events_say(s->log, LNLT_EV_RESULT, "10.1.1", out.success ? "spotted" : "not-spotted", "%s %s; %s is Ops Complete",
                    where, out.success ? "is spotted" : "stays unspotted", rules_label(ctx, st, unit));
    return true;
}

bool rules_anyone_can_act(const lnlt_ctx *ctx, const lnlt_state *st)
{
    for (int i = 0; i < st->unit_count; i++) {
        const lnlt_unit *u = &st->unit[i];
        if (rules_on_map(u) && rules_unit_can_act(ctx, st, i))
            return true;
        /* 12.0: a Decisive leader may still activate his stack again */
        if (rules_on_map(u) && rules_is_leader(ctx, u) && rules_skill_value(ctx, u, LNLT_SE_EXTRA_ACTIVATION) &&
            rules_can_decisive(ctx, st, lnlt_unit_loc(u), u->side))
            return true;
        /* units due to enter this turn have not acted yet */
        if (u->cell == LNLT_CELL_NONE && u->entry_turn > 0 && u->entry_turn <= st->turn)
            return true;
    }
    return false;
}
