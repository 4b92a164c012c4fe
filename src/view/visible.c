/*
 * visible.c: which events of a game's log a side may see (lnlt_event_visible):
 * all of them, except the first side's sealed melee targets while the other side
 * chooses (ruling R-VIEW-03) and anything about a unit hidden from that side
 * (R-VIEW-02).
 */
#include <string.h>

#include "lnlt/view.h"

/* The session step whose events include log entry `index`, or -1. */
static int step_of_event(const lnlt_session *s, int index)
{
    int lo = 0, hi = s->nsteps - 1, found = -1;
    while (lo <= hi) { /* steps are in log order: the last step starting at or before index */
        int mid = (lo + hi) / 2;
        if (s->steps[mid].log_from <= index) {
            found = mid;
            lo = mid + 1;
        } else {
            hi = mid - 1;
        }
    }
    return found;
}

/* Ruling R-VIEW-03: the pick of the side that chose its melee targets first is
 * sealed while the other side chooses (the round is simultaneous, 8.0). */
static bool sealed_melee_pick(const lnlt_session *s, int step, int side)
{
    const lnlt_state *st = &s->state;
    if (step != s->nsteps - 1 || s->steps[step].action.type != LNLT_ACT_TARGET)
        return false;
    if (st->pending != LNLT_DECIDE_MELEE_TARGET || st->melee_stage != 2)
        return false;
    return s->steps[step].action.side != side;
}

bool lnlt_event_visible(const lnlt_session *s, const lnlt_event *e, int side)
{
    if (!s || !e)
        return false;
    int index = -1;
    if (s->log.count > 0 && e >= s->log.ev && e < s->log.ev + s->log.count) {
        index = (int)(e - s->log.ev);
    } else { /* a copy: find it by content */
        for (int i = s->log.count - 1; i >= 0 && index < 0; i--)
            if (!memcmp(&s->log.ev[i], e, sizeof *e))
                index = i;
    }
    if (index < 0)
        return false; /* not of this game: nothing to show */
    int step = step_of_event(s, index);
    if (step >= 0 && sealed_melee_pick(s, step, side))
        return false;
    if (e->unit >= 0 && lnlt_unit_hidden(&s->ctx, &s->state, e->unit, side))
        return false;
    return true;
}

