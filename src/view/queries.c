/*
 * queries.c: the preview and line-of-sight queries on a game in progress
 * (lnlt/view.h): the rules answer them on the session's current state.
 */
#include "lnlt/view.h"

void *lnlt_preview_json(const lnlt_session *s, const char *action, lnlt_error *err)
{
    if (!s) {
        lnlt_error_set(err, "no game");
        return NULL;
    }
    return lnlt_preview_state_json(&s->ctx, &s->state, action, err);
}

void *lnlt_los_json(const lnlt_session *s, const char *from, const char *to, lnlt_error *err)
{
    if (!s) {
        lnlt_error_set(err, "no game");
        return NULL;
    }
    return lnlt_los_state_json(&s->ctx, &s->state, from, to, err);
}
