/*
 * ai_groups.c: which parts of a stack the scripted player weighs when it scores
 * activating a hex (4.0, 6.0).
 *
 * Scoring an activation looks one decision ahead at what its units can do; the
 * moves it weighs there are those of whole stacks, since a move of every subset
 * of a stack would be planned one by one. A stack that holds shaken units as
 * well as good-order ones is the exception (ruling R-AI-04): the whole stack's
 * move is held back by its shaken units (5.1: they may not advance toward an
 * enemy in their line of sight), so what such a hex is worth is also what its
 * good-order units can do without them. A rallied leader
 * beside a shaken half-squad, the last leader an exit needs, was otherwise
 * never activated on the last turn: his hex looked worth no more than the
 * whole stack's move.
 */
#include "ai/ai.h"

bool ai_move_is_good_order_part(const lnlt_state *st, const lnlt_action *a)
{
    if (!ai_is_move(a->type))
        return false;
    int loc = a->arg[0], movers = 0, left_behind = 0; /* a move names a location (10.4.1) */
    for (int i = 0; i < st->unit_count; i++) {
        const lnlt_unit *u = &st->unit[i];
        if (lnlt_unit_loc(u) != loc || u->side != a->side)
            continue;
        bool moving = lnlt_bit(a->units, i);
        /* Good-order units that have acted cannot move again: neither group. */
        bool good = u->status == LNLT_GOOD_ORDER;
        if (good && !moving && (u->marks & AI_ACTED_MARKS))
            continue;
        if (moving != good)
            return false; /* not exactly the good-order units */
        movers += moving;
        left_behind += !moving;
    }
    return movers > 0 && left_behind > 0;
}
