/*
 * engine.c: the decision model (DESIGN.md principle 3): who decides, what kind of
 * decision, the legal actions, and apply. Apply works on a scratch copy of the
 * state and keeps it only if every step succeeded, so a rejected action or a
 * failure half way (forced dice running out) leaves the state byte for byte as it
 * was and logs nothing.
 */
#include <stdio.h>
#include <string.h>

#include "rules/internal.h"

lnlt_decision lnlt_decision_get(const lnlt_ctx *ctx, const lnlt_state *st)
{
    (void)ctx;
    lnlt_decision d = {st->to_act, LNLT_DECIDE_NONE};
    switch (st->phase) {
    case LNLT_PHASE_RALLY: d.kind = LNLT_DECIDE_RALLY; break;
    case LNLT_PHASE_OPERATIONS: d.kind = LNLT_DECIDE_IMPULSE; break;
    default: d.side = LNLT_SIDE_NONE; break;
    }
    return d;
}

static int push(lnlt_action *out, int cap, int n, lnlt_action a)
{
    if (n < cap)
        out[n] = a;
    return n + 1;
}

int lnlt_legal_actions(const lnlt_ctx *ctx, const lnlt_state *st, lnlt_action *out, int cap)
{
    lnlt_decision d = lnlt_decision_get(ctx, st);
    int n = 0;
    lnlt_action a;
    memset(&a, 0, sizeof a);
    a.side = d.side;
    switch (d.kind) {
    case LNLT_DECIDE_RALLY:
        a.type = LNLT_ACT_END_RALLY;
        n = push(out, cap, n, a);
        break;
    case LNLT_DECIDE_IMPULSE:
        a.type = LNLT_ACT_PASS;
        n = push(out, cap, n, a);
        break;
    default:
        break;
    }
    return n;
}

bool lnlt_action_equal(const lnlt_action *a, const lnlt_action *b)
{
    if (a->type != b->type || a->side != b->side || a->nargs != b->nargs)
        return false;
    for (int i = 0; i < a->nargs && i < LNLT_ACTION_ARGS; i++)
        if (a->arg[i] != b->arg[i])
            return false;
    return true;
}

/* The whitelist check: an action is legal only if it is one of the enumerated
 * legal actions. Returns false with the reason otherwise. */
static bool check_legal(const lnlt_ctx *ctx, const lnlt_state *st, const lnlt_action *a, lnlt_error *err)
{
    enum { CAP = 4096 };
    static _Thread_local lnlt_action legal[CAP];
    lnlt_decision d = lnlt_decision_get(ctx, st);
    char text[96];
    lnlt_action_format(ctx, a, text, sizeof text);
    if (d.kind == LNLT_DECIDE_NONE)
        return lnlt_error_set(err, "\"%s\" is not allowed: the game is over", text);
    if (a->side != d.side)
        return lnlt_error_set(err, "\"%s\" is not allowed: it is %s's decision, not %s's", text,
                              lnlt_side_name(ctx, d.side), lnlt_side_name(ctx, a->side));
    int n = lnlt_legal_actions(ctx, st, legal, CAP);
    for (int i = 0; i < n && i < CAP; i++)
        if (lnlt_action_equal(&legal[i], a))
            return true;
    return lnlt_error_set(err, "\"%s\" is not a legal action now (%s, %s to act)", text,
                          lnlt_phase_name(st->phase), lnlt_side_name(ctx, d.side));
}

static bool run_action(lnlt_step *s, const lnlt_action *a)
{
    switch (a->type) {
    case LNLT_ACT_END_RALLY:
        return lnlt_turn_end_rally(s);
    case LNLT_ACT_PASS:
        return lnlt_turn_after_impulse(s, true);
    default:
        return lnlt_error_set(s->err, "internal: action type %d has no rule", a->type);
    }
}

bool lnlt_apply(const lnlt_ctx *ctx, lnlt_state *st, const lnlt_action *a, lnlt_dice_queue *forced,
                lnlt_events *log, lnlt_error *err)
{
    if (!check_legal(ctx, st, a, err))
        return false;
    lnlt_state scratch;
    lnlt_state_clone(&scratch, st);
    int forced_at = forced ? forced->next : 0;
    int log_at = log ? log->count : 0;
    lnlt_step s = {ctx, &scratch, {&scratch.rng, forced, log}, log, err};
    char text[96];
    lnlt_action_format(ctx, a, text, sizeof text);
    lnlt_event *e = lnlt_events_say(log, LNLT_EV_ACTION, NULL, "action", "%s: %s", lnlt_side_name(ctx, a->side), text);
    if (e)
        e->side = a->side;
    if (!run_action(&s, a)) {
        if (forced)
            forced->next = forced_at; /* nothing consumed by a rejected action */
        if (log)
            log->count = log_at;
        return false;
    }
    scratch.actions_applied++;
    lnlt_state_clone(st, &scratch);
    return true;
}
