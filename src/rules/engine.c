/*
 * engine.c: the decision model (DESIGN.md principle 3): who decides, what kind of
 * decision, and apply (the legal actions are listed in legal_actions.c). Apply works on a scratch copy of the
 * state and keeps it only if every step succeeded, so a rejected action or a
 * failure half way (forced dice running out) leaves the state byte for byte as it
 * was and logs nothing.
 */
#include <stdio.h>
#include <string.h>

#include <stdlib.h>

#include "lnlt/scenario.h"
#include "rules/internal.h"

lnlt_decision lnlt_decision_get(const lnlt_ctx *ctx, const lnlt_state *st)
{
    (void)ctx;
    lnlt_decision d = {st->to_act, LNLT_DECIDE_NONE};
    if (st->pending) {
        d.side = st->pending_side;
        d.kind = st->pending;
        return d;
    }
    switch (st->phase) {
    case LNLT_PHASE_SETUP: d.kind = LNLT_DECIDE_SETUP; break;
    case LNLT_PHASE_RALLY: d.kind = LNLT_DECIDE_RALLY; break;
    case LNLT_PHASE_OPERATIONS: d.kind = st->decision ? st->decision : LNLT_DECIDE_IMPULSE; break;
    default: d.side = LNLT_SIDE_NONE; break;
    }
    return d;
}

bool lnlt_action_equal(const lnlt_action *a, const lnlt_action *b)
{
    if (a->type != b->type || a->side != b->side || a->nargs != b->nargs ||
        memcmp(a->units, b->units, sizeof a->units))
        return false;
    for (int i = 0; i < a->nargs && i < LNLT_ACTION_ARGS; i++)
        if (a->arg[i] != b->arg[i])
            return false;
    return true;
}

/* The whitelist check: an action is legal only if it is one of the enumerated
 * legal actions. Returns false with the reason otherwise; the action is put into
 * words only then. */
static bool check_legal(const lnlt_ctx *ctx, const lnlt_state *st, const lnlt_action *a, lnlt_error *err)
{
    /* A small list on the stack, a heap one for long lists: no large static or
     * thread-local buffer, since the server calls the engine from civetweb
     * threads whose whole stack and thread-local storage is 100 KB. */
    enum { CAP = 128 };
    lnlt_action small[CAP];
    lnlt_state spare;
    st = rules_indexed(st, &spare); /* a program may have moved units by hand */
    lnlt_decision d = lnlt_decision_get(ctx, st);
    if (d.kind != LNLT_DECIDE_NONE && a->side == d.side) {
        lnlt_action *legal = small;
        int n = rules_legal_actions(ctx, st, small, CAP);
        if (n > CAP) {
            lnlt_action *big = malloc((size_t)n * sizeof *big);
            if (!big)
                return lnlt_error_set(err, "out of memory checking an action");
            n = rules_legal_actions(ctx, st, big, n);
            legal = big;
        }
        bool found = false;
        for (int i = 0; i < n && !found; i++)
            found = lnlt_action_equal(&legal[i], a);
        if (legal != small)
            free(legal);
        if (found)
            return true;
    }
    char text[96];
    lnlt_action_format(ctx, a, text, sizeof text);
    if (d.kind == LNLT_DECIDE_NONE)
        return lnlt_error_set(err, "\"%s\" is not allowed: the game is over", text);
    if (a->side != d.side)
        return lnlt_error_set(err, "\"%s\" is not allowed: it is %s's decision, not %s's", text,
                              lnlt_side_name(ctx, d.side), lnlt_side_name(ctx, a->side));
    /* Say why (refusal.c): the rule that forbids it, or what is legal now. */
    char why[400];
    if (rules_refusal(ctx, st, a, why, sizeof why))
        return lnlt_error_set(err, "\"%s\" is not allowed: %s", text, why);
    return lnlt_error_set(err, "\"%s\" is not a legal action now (%s, %s to act); legal now: %s", text,
                          lnlt_phase_name(st->phase), lnlt_side_name(ctx, d.side), why);
}

static int first_unit(const lnlt_action *a)
{
    for (int i = 0; i < LNLT_MAX_UNITS; i++)
        if (lnlt_bit(a->units, i))
            return i;
    return -1;
}

/* 4.0 (R-CORE-94): a unit joins the group gathered out of a large stack, the
 * group is dropped, or it acts (the act then runs as from the activation, or from
 * the opportunity-fire decision, R-CORE-140). */
static bool run_gathered(lnlt_step *s, const lnlt_action *a, bool *done)
{
    lnlt_state *st = s->st;
    *done = true;
    if (a->type == LNLT_ACT_JOIN) {
        for (int i = 0; i < LNLT_UNIT_BITS; i++)
            st->gather_units[i] |= a->units[i];
        return true;
    }
    st->gather_cell = -1;
    memset(st->gather_units, 0, sizeof st->gather_units);
    st->decision = st->decision == LNLT_DECIDE_OPP_GATHER ? LNLT_DECIDE_OPFIRE : LNLT_DECIDE_ACTIVATION;
    *done = a->type == LNLT_ACT_CANCEL;
    return true;
}

static bool run_action(lnlt_step *s, const lnlt_action *a)
{
    /* A pending decision (an event's choice, a retreat...) comes first
     * (lnlt_decision_get): the group being gathered waits for it. */
    bool own = !s->st->pending && s->st->phase == LNLT_PHASE_OPERATIONS;
    if (own && s->st->decision == LNLT_DECIDE_ENTRY_GROUP)
        return a->type == LNLT_ACT_JOIN ? rules_entry_join(s, a->units)
                                        : rules_entry_commit(s, a->type, a->arg[0], a->units);
    if (own && (s->st->decision == LNLT_DECIDE_GATHER || s->st->decision == LNLT_DECIDE_OPP_GATHER)) {
        bool done;
        if (!run_gathered(s, a, &done) || done)
            return true;
    }
    switch (a->type) {
    case LNLT_ACT_GATHER:
        s->st->gather_cell = a->arg[0];
        memcpy(s->st->gather_units, a->units, sizeof s->st->gather_units);
        s->st->decision = s->st->decision == LNLT_DECIDE_OPFIRE ? LNLT_DECIDE_OPP_GATHER : LNLT_DECIDE_GATHER;
        return true;
    case LNLT_ACT_END_RALLY:
        return lnlt_turn_end_rally(s);
    case LNLT_ACT_RALLY:
        return rules_rally(s, a->arg[0]);
    case LNLT_ACT_PASS:
        return lnlt_turn_after_impulse(s, true);
    case LNLT_ACT_ACTIVATE:
        return rules_activate(s, a->arg[0], false);
    case LNLT_ACT_ALSO:
        return rules_activate(s, a->arg[0], true);
    case LNLT_ACT_DECISIVE:
        return rules_decisive(s, a->arg[0]);
    case LNLT_ACT_THE_AMBUSH:
        return rules_the_ambush(s, a->arg[0]);
    case LNLT_ACT_FIRE:
        s->st->acted = 1;
        return rules_fire(s, a->arg[0], a->arg[1], false, a->units);
    case LNLT_ACT_MOVE:
        return rules_start_move(s, a->arg[0], LNLT_MV_NORMAL, a->units);
    case LNLT_ACT_ASSAULT:
        return rules_start_move(s, a->arg[0], LNLT_MV_ASSAULT, a->units);
    case LNLT_ACT_DOUBLE_TIME:
        return rules_start_move(s, a->arg[0], LNLT_MV_DOUBLE_TIME, a->units);
    case LNLT_ACT_LOW_CRAWL:
        return rules_start_move(s, a->arg[0], LNLT_MV_LOW_CRAWL, a->units);
    case LNLT_ACT_ASSAULT_DT:
        return rules_start_assault_double_time(s, a->arg[0], a->units);
    case LNLT_ACT_ASSAULT_FIRE:
    case LNLT_ACT_ASSAULT_FIRE_DT:
        s->st->acted = 1;
        return rules_assault_fire(s, a->arg[0], a->arg[1], a->units, false, a->type == LNLT_ACT_ASSAULT_FIRE_DT);
    case LNLT_ACT_STEALTH_ASSAULT_FIRE:
        s->st->acted = 1;
        return rules_assault_fire(s, a->arg[0], a->arg[1], a->units, true, false);
    case LNLT_ACT_PUT_OUT: /* 10.5.6.3 */
        s->st->acted = 1;
        return rules_put_out_fire(s, a->arg[0], a->units);
    case LNLT_ACT_SMOKE:
    case LNLT_ACT_SNIPER:
    case LNLT_ACT_SNIPE:
    case LNLT_ACT_TEND:
    case LNLT_ACT_FIGHT_OR_DIE:
        return rules_smc_action(s, a);
    case LNLT_ACT_RECOMBINE:
        return rules_recombine(s, a->arg[0]);
    case LNLT_ACT_SW_PICKUP:
    case LNLT_ACT_SW_DROP:
    case LNLT_ACT_SW_DESTROY:
    case LNLT_ACT_SW_GIVE:
    case LNLT_ACT_SW_FLIP:
    case LNLT_ACT_SW_RETREAT:
        return rules_sw_action(s, a);
    case LNLT_ACT_SW_INDIRECT:
        s->st->acted = 1;
        return rules_sw_action(s, a);
    case LNLT_ACT_PLACE:
        if (s->st->pending == LNLT_DECIDE_EVENT_PLACE)
            return rules_event_place(s, first_unit(a), a->arg[0]);
        if (!rules_place(s, first_unit(a), a->arg[0]))
            return false;
        if (a->nargs > 1 && rules_veh(s->st, first_unit(a))) { /* 15.1, 1.7.1: the corner it faces */
            lnlt_vehicle *v = rules_veh(s->st, first_unit(a));
            v->facing = v->turret = (uint8_t)a->arg[1];
        }
        return true;
    case LNLT_ACT_CHOOSE:
        return rules_event_choose(s, first_unit(a));
    case LNLT_ACT_TARGET:
        return rules_melee_target(s, a->units);
    case LNLT_ACT_CALL_FIRE:
        return rules_call_fire(s, first_unit(a), a->arg[0]);
    case LNLT_ACT_SHIFT_FIRE:
        return rules_shift_fire(s, a->arg[0]);
    case LNLT_ACT_STEALTH:
        return rules_start_move(s, a->arg[0], LNLT_MV_STEALTH, a->units);
    case LNLT_ACT_STEALTH_ASSAULT:
        return rules_start_move(s, a->arg[0], LNLT_MV_STEALTH_ASSAULT, a->units);
    case LNLT_ACT_HIT_AND_RUN:
        return rules_start_move(s, a->arg[0], LNLT_MV_HIT_AND_RUN, a->units);
    case LNLT_ACT_MORTAR_CALL:
        return rules_mortar_team_action(s, a);
    case LNLT_ACT_HR_FIRE:
        return rules_hit_and_run_fire(s, a->arg[0]);
    case LNLT_ACT_DISMOUNT:
        return rules_dismount(s);
    case LNLT_ACT_OPP_MOVE:
        return rules_opp_move(s, a->arg[0], a->units, LNLT_MV_NORMAL);
    case LNLT_ACT_OPP_HIT_AND_RUN:
        return rules_opp_move(s, a->arg[0], a->units, LNLT_MV_HIT_AND_RUN);
    case LNLT_ACT_WITHDRAW:
        return rules_melee_withdraw(s, a->arg[0], LNLT_MV_NORMAL);
    case LNLT_ACT_WITHDRAW_ASSAULT:
        return rules_melee_withdraw(s, a->arg[0], LNLT_MV_ASSAULT);
    case LNLT_ACT_WITHDRAW_DT:
        return rules_melee_withdraw(s, a->arg[0], LNLT_MV_DOUBLE_TIME);
    case LNLT_ACT_WITHDRAW_CRAWL:
        return rules_melee_withdraw(s, a->arg[0], LNLT_MV_LOW_CRAWL);
    case LNLT_ACT_WITHDRAW_STEALTH:
        return rules_melee_withdraw(s, a->arg[0], LNLT_MV_STEALTH);
    case LNLT_ACT_WITHDRAW_HIT_AND_RUN:
        return rules_melee_withdraw(s, a->arg[0], LNLT_MV_HIT_AND_RUN);
    case LNLT_ACT_MELEE:
        return rules_melee_round(s, a->arg[0]);
    case LNLT_ACT_ENTER:
        return rules_entry_begin(s, a->arg[0], a->units);
    case LNLT_ACT_EXIT:
        return rules_exit(s);
    case LNLT_ACT_SPOT:
        return first_unit(a) >= 0 && rules_spot(s, first_unit(a), a->arg[0]);
    case LNLT_ACT_STEP:
        return rules_step(s, a->arg[0]);
    case LNLT_ACT_STOP:
        return rules_stop_move(s);
    case LNLT_ACT_DONE:
        return rules_end_activation(s);
    case LNLT_ACT_OPFIRE:
        if (s->st->decision == LNLT_DECIDE_ATGM)
            return rules_atgm_react(s, a); /* 14.4 */
        return rules_opfire(s, a->arg[0], a->units);
    case LNLT_ACT_NO_FIRE:
        if (s->st->decision == LNLT_DECIDE_ATGM)
            return rules_atgm_let_fly(s); /* 14.4 */
        return rules_no_fire(s);
    case LNLT_ACT_ABORT_FIRE:
        return rules_oba_abort(s); /* 18.2 */
    default:
        if (a->type >= LNLT_ACT_BUTTON && a->type <= LNLT_ACT_VEHICLE_AF)
            return rules_vehicle_action(s, a); /* 14.0-17.0, 15.5 */
        return lnlt_error_set(s->err, "internal: action type %d has no rule", a->type);
    }
}

bool rules_apply_action(lnlt_step *s, const lnlt_action *a)
{
    /* 1.6.3, 8.0: a forced move's opportunity fire; 6.8: a suspended move resumes */
    if (!run_action(s, a) || !rules_forced_after_action(s) || !rules_om_after_action(s))
        return false;
    rules_spot_markers_sweep(s->st); /* 10.1.1: markers of emptied hexes go (R-CORE-70) */
    rules_update_control(s->ctx, s->st); /* 22.1: occupying or passing through */
    s->st->actions_applied++;
    return true;
}

bool lnlt_apply(const lnlt_ctx *ctx, lnlt_state *st, const lnlt_action *a, lnlt_dice_queue *forced,
                lnlt_events *log, lnlt_error *err)
{
    if (!check_legal(ctx, st, a, err))
        return false;
    lnlt_state scratch;
    lnlt_state_clone(&scratch, st);
    if (!rules_index_valid(&scratch)) /* a program moved units by hand */
        rules_index_rebuild(&scratch);
    int forced_at = forced ? forced->next : 0;
    int log_at = log ? log->count : 0;
    lnlt_step s = {ctx, &scratch, {&scratch.rng, forced, log}, log, err};
    if (log) { /* the text only for a log that is read */
        char text[96];
        lnlt_action_format(ctx, a, text, sizeof text);
        lnlt_event *e =
            lnlt_events_say(log, LNLT_EV_ACTION, NULL, "action", "%s: %s", lnlt_side_name(ctx, a->side), text);
        if (e)
            e->side = a->side;
    }
    bool ok = rules_apply_action(&s, a);
    if (ok && !rules_index_valid(&scratch)) /* a rule moved a unit without rules_put_unit */
        ok = lnlt_error_set(err, "internal: the units-by-location index is out of date after \"%s\"",
                            lnlt_action_word(a->type) ? lnlt_action_word(a->type) : "?");
    if (!ok) {
        if (forced)
            forced->next = forced_at; /* nothing consumed by a rejected action */
        if (log)
            log->count = log_at;
        return false;
    }
    lnlt_state_clone(st, &scratch);
    return true;
}
