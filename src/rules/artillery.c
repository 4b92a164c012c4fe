/*
 * artillery.c: the off-board artillery of a scenario's OOB (rules 18.2 and 18.3,
 * "N x Off-board Artillery Missions (X FP)"), in full: a good-order leader, scout
 * or advisor spends an impulse placing a spotting round on any hex he sees; it
 * drifts half of (the white die + the degrading hexes of his line of sight - his
 * LM), rounded up, towards the coloured die (1 north, 2 north-east, ...); a round
 * landing out of his sight is removed and the mission is not used; otherwise he
 * may shift it one hex within his sight and fire for effect, or abort (the mission
 * is kept for a later turn). Either way he is marked Ops Complete (which also keeps
 * his LM out of direct fire for the turn, 18.2), and the side calls no other
 * mission this turn (18.3). The Fire For Effect itself and its attacks are
 * fire_mission.c's, shared with the scripted missions of A Friend in Need.
 */
#include <string.h>

#include "lnlt/ordnance.h"
#include "lnlt/scenario.h"
#include "rules/internal.h"

static const lnlt_scn_artillery *line_of(const lnlt_ctx *ctx, int side)
{
    const lnlt_scenario *scn = ctx->scenario;
    for (int i = 0; scn && i < scn->artillery_count; i++)
        if (scn->artillery[i].side + 1 == side)
            return &scn->artillery[i];
    return NULL;
}

int rules_oba_fp(const lnlt_state *st, int side) { return side == LNLT_SIDE_1 || side == LNLT_SIDE_2 ? st->oba_fp[side - 1] : 0; }

void rules_oba_setup(const lnlt_ctx *ctx, lnlt_state *st)
{
    for (int side = LNLT_SIDE_1; side <= LNLT_SIDE_2; side++) {
        const lnlt_scn_artillery *a = line_of(ctx, side);
        st->oba_left[side - 1] = a ? a->missions : 0;
        st->oba_fp[side - 1] = a ? a->fp : 0;
    }
}

bool rules_oba_available(const lnlt_ctx *ctx, const lnlt_state *st, int side)
{
    (void)ctx;
    /* 18.3: one mission per turn and side, aborted ones included; the scripted
     * missions (fire_mission.c) go first */
    return (side == LNLT_SIDE_1 || side == LNLT_SIDE_2) && st->oba_left[side - 1] > 0 &&
           !(st->oba_called & (1u << side)) && !st->missions[LNLT_SIDE_1] && !st->missions[LNLT_SIDE_2];
}

bool rules_oba_may_call(const lnlt_ctx *ctx, const lnlt_state *st, int unit)
{
    const lnlt_unit *u = &st->unit[unit];
    if (u->side != st->impulse_side || !rules_oba_available(ctx, st, u->side) || !rules_on_map(u) ||
        !rules_is_good(u) || !rules_unit_can_act(ctx, st, unit))
        return false;
    int kind = rules_type(ctx, u)->kind;
    return kind == LNLT_UK_LEADER || kind == LNLT_UK_SCOUT || kind == LNLT_UK_ADVISOR; /* 18.2 */
}

bool rules_oba_call(lnlt_step *s, int unit, int target)
{
    const lnlt_ctx *ctx = s->ctx;
    lnlt_state *st = s->st;
    lnlt_unit *u = &st->unit[unit];
    lnlt_los_result los;
    if (!rules_oba_may_call(ctx, st, unit) ||
        (lnlt_loc_cell(target) != u->cell && !rules_los(ctx, st, lnlt_unit_loc(u), target, &los)))
        return lnlt_error_set(s->err, "that unit cannot call the artillery on that hex (18.2)");
    if (lnlt_loc_cell(target) == u->cell)
        memset(&los, 0, sizeof los);
    u->marks |= LNLT_MARK_OPS_COMPLETE;
    u->flags |= LNLT_UNIT_ACTIVATED;
    st->oba_called |= (uint8_t)(1u << u->side);
    st->mission_caller = (int16_t)unit;
    st->mission_action = LNLT_OBA_ACTION;
    char name[LNLT_HEX_ID_MAX];
    lnlt_events_say(s->log, LNLT_EV_CHANGE, "18.2", "spotting-round", "%s places a spotting round on %s",
                    rules_label(ctx, st, unit), rules_cell(s, target, name));
    static const uint8_t colors[2] = {LNLT_DIE_WHITE, LNLT_DIE_COLORED};
    int d[2];
    lnlt_event *re;
    if (!lnlt_dice_roll(&s->dice, 2, colors, "spotting round drift", "18.2", d, &re, s->err))
        return false;
    int lm = rules_lm(ctx, u);
    int distance = lnlt_oba_drift(d[0], los.degrade, lm); /* ruling R-VEH-30 */
    lnlt_hex h = rules_hex(ctx, target);
    for (int k = 0; k < distance; k++)
        h = lnlt_hex_neighbor(h, (lnlt_dir)d[1]);
    int landing = lnlt_map_index(ctx->map, h);
    static const char *const dir_name[7] = {"", "N", "NE", "SE", "S", "SW", "NW"};
    if (re)
        snprintf(re->text, sizeof re->text, "%d + %d degrading - LM %d, halved: drifts %d hex%s %s", d[0], los.degrade, lm,
                 distance, distance == 1 ? "" : "es", dir_name[d[1]]);
    if (landing < 0 || !lnlt_map_cell_exists(ctx->map, landing) ||
        (landing != u->cell && !rules_los(ctx, st, lnlt_unit_loc(u), landing, &los))) {
        lnlt_events_say(s->log, LNLT_EV_RESULT, "18.2", "round-lost",
                        "the round lands out of the caller's sight: removed, the mission is not used");
        return rules_fire_mission_finish(s);
    }
    lnlt_events_say(s->log, LNLT_EV_RESULT, "18.2", "round-lands", "the round lands on %s", rules_cell(s, landing, name));
    st->mission_landing = (int16_t)landing;
    st->pending = LNLT_DECIDE_FIRE_SHIFT; /* fire for effect there or next to it, or abort */
    st->pending_side = u->side;
    return true;
}

bool rules_oba_may_abort(const lnlt_state *st)
{
    return st->pending == LNLT_DECIDE_FIRE_SHIFT && st->mission_action == LNLT_OBA_ACTION;
}

bool rules_oba_abort(lnlt_step *s)
{
    if (!rules_oba_may_abort(s->st))
        return lnlt_error_set(s->err, "no spotting round to abort");
    lnlt_events_say(s->log, LNLT_EV_RESULT, "18.2", "abort",
                    "the mission is aborted: the round is removed and the mission kept for a later turn");
    return rules_fire_mission_finish(s);
}
