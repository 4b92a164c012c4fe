/*
 * activation.c: operations-phase impulses (rule 4.0): activating a hex, a
 * leader extending the activation to adjacent hexes (and chains of leaders), the
 * end of an activation, the 4.0 limit of one action per unit per phase, the
 * impulse's record of what each activated hex has done (its units fire together
 * at one hex and move together as one stack; a leader who only activated others
 * is marked Ops Complete), and the spotting attempt a side may make in its
 * impulse (10.1.1, with the 4.1 full-FP exception for the hex just spotted).
 */
#include <string.h>

#include "lnlt/combat.h"
#include "rules/internal.h"

/* ---- the impulse's activated hexes (4.0, ruling R-CORE-43) ---- */

static const lnlt_impulse_hex *impulse_hex(const lnlt_state *st, int loc)
{
    for (int i = 0; i < st->impulse_hex_count && i < LNLT_IMPULSE_HEXES; i++)
        if (st->impulse_hex[i].loc == loc)
            return &st->impulse_hex[i];
    return NULL;
}

/* The entry of `loc`, added (by_leader: who added it) when it has none; NULL
 * when the table is full. */
static lnlt_impulse_hex *impulse_hex_add(lnlt_state *st, int loc, int by_leader)
{
    lnlt_impulse_hex *h = (lnlt_impulse_hex *)impulse_hex(st, loc);
    if (h || st->impulse_hex_count >= LNLT_IMPULSE_HEXES)
        return h;
    h = &st->impulse_hex[st->impulse_hex_count++];
    h->loc = (int16_t)loc;
    h->fired_at = -1;
    h->done = 0;
    h->by_leader = (int8_t)by_leader;
    return h;
}

void rules_impulse_clear(lnlt_state *st)
{
    st->impulse_hex_count = 0;
    memset(st->impulse_hex, 0, sizeof st->impulse_hex);
}

bool rules_impulse_may_fire(const lnlt_state *st, int loc, int to, bool apart)
{
    const lnlt_impulse_hex *h = impulse_hex(st, loc);
    if (!h)
        return st->impulse_hex_count < LNLT_IMPULSE_HEXES;
    if (h->fired_at >= 0 && h->fired_at != to)
        return false; /* 4.0, 5.2: one hex attacked per hex and impulse */
    return apart || !(h->done & LNLT_IMP_GROUP_FIRED);
}

void rules_impulse_note_fire(lnlt_state *st, int loc, int to, bool group)
{
    lnlt_impulse_hex *h = impulse_hex_add(st, loc, -1);
    if (!h)
        return; /* not reached: rules_impulse_may_fire refused it first */
    h->fired_at = (int16_t)to;
    if (group)
        h->done |= LNLT_IMP_GROUP_FIRED;
}

bool rules_impulse_may_move(const lnlt_state *st, int loc)
{
    const lnlt_impulse_hex *h = impulse_hex(st, loc);
    return h ? !(h->done & LNLT_IMP_MOVED) : st->impulse_hex_count < LNLT_IMPULSE_HEXES;
}

void rules_impulse_note_move(lnlt_state *st, int loc)
{
    lnlt_impulse_hex *h = impulse_hex_add(st, loc, -1);
    if (h)
        h->done |= LNLT_IMP_MOVED;
}

bool rules_joins_spotted_fire(const lnlt_ctx *ctx, const lnlt_state *st, int unit)
{
    const lnlt_unit *u = &st->unit[unit];
    if (st->spotter < 0 || st->spotted_cell < 0 || unit == st->spotter || !rules_on_map(u))
        return false;
    const lnlt_unit *spotter = &st->unit[st->spotter];
    /* Ops Complete without having moved or fired; a leader lends his LM only to
     * fire at a hex he spotted himself (4.1), so he has nothing to add. */
    return u->side == spotter->side && lnlt_unit_loc(u) == lnlt_unit_loc(spotter) && rules_is_good(u) &&
           (u->marks & LNLT_MARK_OPS_COMPLETE) && !rules_is_leader(ctx, u) &&
           !(u->marks & (LNLT_MARK_MOVED | LNLT_MARK_FIRED | LNLT_MARK_ASSAULT_MOVE | LNLT_MARK_LOW_CRAWL |
                         LNLT_MARK_HIT_AND_RUN)) &&
           !(u->flags & LNLT_UNIT_LAID_SMOKE);
}

bool rules_unit_can_act(const lnlt_ctx *ctx, const lnlt_state *st, int unit)
{
    const lnlt_unit *u = &st->unit[unit];
    if (!rules_on_map(u))
        return false;
    /* 4.1: this impulse's successful spotter may still fire at the hex it
     * spotted (a leader: lend his LM to that fire), nothing else. */
    if (unit == st->spotter)
        return st->spotted_cell >= 0 && !(u->marks & LNLT_MARK_FIRED);
    if (rules_joins_spotted_fire(ctx, st, unit)) /* 4.1: and the OC units of his hex (R-CORE-93) */
        return true;
    const lnlt_vehicle *v = rules_veh_c(st, unit);
    if (v && rules_is_vehicle(ctx, u)) {
        if (rules_vehicle_abandoned(st, unit))
            return false; /* 14.1.1: used by no one */
        if ((v->flags & LNLT_VEH_CONTINUOUS) && !(u->flags & LNLT_UNIT_ACTIVATED))
            return true; /* 15.5: it must move on */
    }
    if ((u->mu_flags & LNLT_MU_CONTINUOUS) && !(u->flags & LNLT_UNIT_ACTIVATED) && rules_is_good(u) &&
        rules_is_mounted(ctx, u))
        return true; /* 15.5.1: it must move on */
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
    int n = 0, here[LNLT_MAX_UNITS];
    int nh = rules_units_in(st, cell, side, here, LNLT_MAX_UNITS); /* the index: the units there, in order */
    for (int k = 0; k < nh; k++)
        if (rules_unit_can_act(ctx, st, here[k]))
            n++;
    return n;
}

/* 4.0, 6.0, 11.1.2: an unwounded leader, good order or shaken, activated in this
 * impulse and not yet used in this phase (4.1, SK-EX-002: the one who just spotted
 * a hex still may), in `cell`; the one already extending the activation is
 * preferred (ruling R-CORE-43). With `armor` (11.5, ruling R-CORE-142): an
 * activated vehicle of that hex, not yet used, commanded by an armor leader. -1
 * when there is none. */
static int activating_leader_in(const lnlt_ctx *ctx, const lnlt_state *st, int cell, bool armor)
{
    int first = -1, here[LNLT_MAX_UNITS];
    int nh = rules_units_in(st, cell, 0, here, LNLT_MAX_UNITS); /* the index: the units there, in order */
    for (int j = 0; j < nh; j++) {
        int i = here[j];
        const lnlt_unit *u = &st->unit[i];
        bool spotter = i == st->spotter && st->spotted_cell >= 0;
        bool leads = armor ? rules_is_vehicle(ctx, u) && rules_armor_leader_of(ctx, st, i) >= 0
                           : rules_is_leader(ctx, u) && !(u->flags & LNLT_UNIT_WOUNDED);
        if (!lnlt_bit(st->activated, i) || !leads || ((u->flags & LNLT_UNIT_ACTIVATED) && !spotter))
            continue;
        for (int k = 0; k < st->impulse_hex_count && k < LNLT_IMPULSE_HEXES; k++)
            if (st->impulse_hex[k].by_leader == i)
                return i;
        if (first < 0)
            first = i;
    }
    return first;
}

/* The leader (or, with `armor`, the armor leader's vehicle) whose range would add
 * `cell` to the activation, or -1. */
static int extending_leader(const lnlt_ctx *ctx, const lnlt_state *st, int cell, bool armor)
{
    int near[24];
    int k = rules_leader_range(ctx, cell, near, 24); /* 10.4.1: by floor in buildings */
    for (int i = 0; i < k && i < 24; i++)
        if (impulse_hex(st, near[i])) {
            int leader = activating_leader_in(ctx, st, near[i], armor);
            if (leader >= 0)
                return leader;
        }
    return -1;
}

/* 11.1.2, 11.5: the units of `cell` a leader next door may activate: a leader, the
 * units that are no vehicles; an armor leader, the vehicles only. */
static bool next_door_kind(const lnlt_ctx *ctx, const lnlt_state *st, int unit, bool armor)
{
    return rules_is_vehicle(ctx, &st->unit[unit]) == armor;
}

static int activatable_next_door(const lnlt_ctx *ctx, const lnlt_state *st, int cell, int side, bool armor)
{
    int n = 0, here[LNLT_MAX_UNITS];
    int nh = rules_units_in(st, cell, side, here, LNLT_MAX_UNITS);
    for (int k = 0; k < nh; k++)
        n += rules_unit_can_act(ctx, st, here[k]) && next_door_kind(ctx, st, here[k], armor);
    return n;
}

bool rules_can_also(const lnlt_ctx *ctx, const lnlt_state *st, int cell)
{
    /* All hexes are declared before any unit acts (4.0). */
    if (st->acted || impulse_hex(st, cell) || st->impulse_hex_count >= LNLT_IMPULSE_HEXES ||
        rules_activatable(ctx, st, cell, st->impulse_side) == 0)
        return false;
    /* the leader next door first: most hexes have none, and without vehicles in
     * the game no armor leader can extend an activation (11.5) */
    for (int armor = 0; armor < (st->vehicle_count > 0 ? 2 : 1); armor++)
        if (extending_leader(ctx, st, cell, armor) >= 0 &&
            activatable_next_door(ctx, st, cell, st->impulse_side, armor) > 0)
            return true;
    return false;
}

bool rules_activate(lnlt_step *s, int cell, bool also)
{
    lnlt_state *st = s->st;
    /* 11.1.2, 11.5 (ruling R-CORE-142): a leader next door activates the units that
     * are no vehicles, an armor leader the vehicles */
    int by_leader = -1;
    bool legs = true, vehicles = true;
    if (also) {
        int leader = extending_leader(s->ctx, st, cell, false);
        int armor = st->vehicle_count > 0 ? extending_leader(s->ctx, st, cell, true) : -1; /* 11.5 */
        legs = leader >= 0 && activatable_next_door(s->ctx, st, cell, st->impulse_side, false) > 0;
        vehicles = armor >= 0 && activatable_next_door(s->ctx, st, cell, st->impulse_side, true) > 0;
        by_leader = legs ? leader : armor;
    }
    if (!also) {
        memset(st->activated, 0, sizeof st->activated);
        rules_impulse_clear(st);
        st->acted = 0;
        st->decision = LNLT_DECIDE_ACTIVATION;
        st->passes = 0;
    }
    impulse_hex_add(st, cell, by_leader);
    int n = 0;
    for (int i = 0; i < st->unit_count; i++) {
        if (lnlt_unit_loc(&st->unit[i]) != cell || st->unit[i].side != st->impulse_side || !rules_unit_can_act(s->ctx, st, i))
            continue;
        if (also && !(rules_is_vehicle(s->ctx, &st->unit[i]) ? vehicles : legs))
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
    /* 4.0: a leader who activated adjacent hexes and did nothing else is marked
     * Ops Complete. Every other unit that did nothing, a leader too, keeps its
     * activation for later (4.0, Ops Phase Example 2). */
    bool others_acted = st->acted;
    rules_vehicles_end_activation(s); /* 1.7.1, 15.1, 15.2.1, 16.4 */
    for (int k = 0; k < st->impulse_hex_count && k < LNLT_IMPULSE_HEXES && others_acted; k++) {
        int l = st->impulse_hex[k].by_leader;
        if (l < 0 || l >= st->unit_count)
            continue;
        lnlt_unit *u = &st->unit[l];
        if (rules_on_map(u) && !(u->flags & LNLT_UNIT_ACTIVATED)) {
            u->marks |= LNLT_MARK_OPS_COMPLETE;
            u->flags |= LNLT_UNIT_ACTIVATED;
        }
    }
    memset(st->activated, 0, sizeof st->activated);
    rules_impulse_clear(st);
    st->acted = 0;
    st->decision = LNLT_DECIDE_IMPULSE;
    /* ruling R-CORE-27: an activation in which nobody acted counts as a pass. */
    return lnlt_turn_after_impulse(s, !others_acted);
}

bool rules_may_spot_unit(const lnlt_ctx *ctx, const lnlt_state *st, int unit)
{
    const lnlt_unit *u = &st->unit[unit];
    int kind = rules_type(ctx, u)->kind;
    /* 10.1.1: good-order units, not medics, chaplains, nurses or pipers (15.0: a
     * shaken vehicle does not spot either). */
    return !(st->spot_tried || u->side != st->impulse_side || !rules_is_good(u) || !rules_unit_can_act(ctx, st, unit) ||
             kind == LNLT_UK_MEDIC || kind == LNLT_UK_CORPSMAN || kind == LNLT_UK_CHAPLAIN || kind == LNLT_UK_NURSE ||
             kind == LNLT_UK_PIPER);
}

bool rules_may_spot_target(const lnlt_ctx *ctx, const lnlt_state *st, int side, int target)
{
    return rules_enemy_in(st, target, side) && !rules_spotted(ctx, st, target, side);
}

bool rules_may_spot(const lnlt_ctx *ctx, const lnlt_state *st, int unit, int target, lnlt_los_result *los)
{
    const lnlt_unit *u = &st->unit[unit];
    return rules_may_spot_unit(ctx, st, unit) && rules_may_spot_target(ctx, st, u->side, target) &&
           rules_los(ctx, st, lnlt_unit_loc(u), target, los);
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
    in.target = (lnlt_los_class)rules_spot_class_from(ctx, st, lnlt_unit_loc(u), target); /* 10.5.3, 10.5.5 */
    if (rules_smoked(st, target) || lnlt_loc_floor(target) == LNLT_FLOOR_BUNKER)
        in.target = LNLT_LOS_BLOCKING; /* 7.0: Smoke (ruling R-SMOKE-03) and 21.1.1 bunkers spot as blocking */
    /* 15.0.1: a buttoned vehicle spots at +1 */
    in.buttoned_vehicle = rules_is_vehicle(ctx, u) && rules_vehicle_buttoned(ctx, st, unit);
    /* 10.1.1 (optional, special rule spot_vehicles): -1 at a hex holding an enemy vehicle */
    int vs[1];
    in.target_vehicle = rules_option(ctx, LNLT_OPT_SPOT_VEHICLES) &&
                        rules_vehicles_in(ctx, st, target, lnlt_other_side(u->side), vs, 1) > 0;
    for (int i = 0; i < LNLT_MAX_FORTS; i++)
        if (st->fort[i].kind && st->fort[i].cell == target && in.target == LNLT_LOS_OPEN)
            in.target = LNLT_LOS_DEGRADING; /* ruling R-CORE-22: foxholes make an open hex need a roll */
    in.degrading_between = los.degrade;
    in.building_alley = los.limited;
    in.spotter_lm = rules_lm(ctx, u);
    in.scout = rules_scout_abilities(ctx, st, unit); /* 11.6, R-SMC-20 */
    char purpose[80], where[LNLT_HEX_ID_MAX];
    snprintf(purpose, sizeof purpose, "spotting %s by %s", rules_cell(s, target, where), rules_type(ctx, u)->name);
    lnlt_event *re;
    if (!lnlt_dice_roll(&s->dice, 1, NULL, purpose, "10.1.1", &in.die, &re, s->err))
        return false;
    lnlt_spot_outcome out = lnlt_spot_attempt(&in);
    if (re)
        snprintf(re->text, sizeof re->text, "%s%d vs %d -> %s", in.spotter_lm ? "- LM = " : "= ", out.roll, out.need,
                 out.success ? "spotted" : "not spotted");
    st->spot_tried = LNLT_SPOT_TRIED;
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
        /* units due to enter now have not acted yet (22.0) */
        if (u->cell == LNLT_CELL_NONE && ctx->scenario && rules_entry_open(ctx, st, i))
            return true;
        /* 11.4: nor has an off-map sniper its side may still place */
        if (rules_sniper_ready(ctx, st, i))
            return true;
    }
    return false;
}
