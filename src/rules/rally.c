/*
 * rally.c: rallying shaken units in the rally phase (rule 3.0): who may rally
 * whom (a good-order leader or hero of the same IB in the hex, or self-rally for
 * SMCs and units printed SR), one attempt per unit per phase, shaken leaders
 * first, 2d6 against morale with the leader's LM and -2 in a hex with a positive
 * TM. The check arithmetic is lnlt_morale_check in src/rules/calc/.
 */
#include <string.h>

#include "lnlt/combat.h"
#include "rules/internal.h"

/* The best LM of a good-order leader of the unit's IB in its hex (one LM counts). */
static int rally_lm(const lnlt_ctx *ctx, const lnlt_state *st, int unit, bool *helper)
{
    const lnlt_unit *u = &st->unit[unit];
    int best = 0;
    *helper = false;
    for (int i = 0; i < st->unit_count; i++) {
        const lnlt_unit *l = &st->unit[i];
        if (i == unit || l->cell != u->cell || l->side != u->side || !rules_is_good(l) || !rules_same_ib(ctx, l, u))
            continue;
        if (rules_is_leader(ctx, l)) {
            *helper = true;
            if (rules_lm(ctx, l) > best)
                best = rules_lm(ctx, l);
        } else if (rules_is_hero(ctx, l)) {
            *helper = true;
        }
    }
    return best;
}

static bool may_try(const lnlt_ctx *ctx, const lnlt_state *st, int unit)
{
    const lnlt_unit *u = &st->unit[unit];
    if (!rules_on_map(u) || rules_is_good(u) || (u->flags & LNLT_UNIT_RALLY_TRIED))
        return false;
    bool helper;
    rally_lm(ctx, st, unit, &helper);
    bool self = rules_is_smc(ctx, u) || (rules_face(ctx, u)->flags & LNLT_UF_SELF_RALLY) ||
                rules_type(ctx, u)->kind == LNLT_UK_WEAPON_TEAM;
    return helper || self;
}

bool rules_can_rally(const lnlt_ctx *ctx, const lnlt_state *st, int cell, int side)
{
    for (int i = 0; i < st->unit_count; i++)
        if (st->unit[i].cell == cell && st->unit[i].side == side && may_try(ctx, st, i))
            return true;
    return false;
}

static bool attempt(lnlt_step *s, int unit)
{
    const lnlt_ctx *ctx = s->ctx;
    lnlt_state *st = s->st;
    lnlt_unit *u = &st->unit[unit];
    bool helper;
    lnlt_mc_input in;
    memset(&in, 0, sizeof in);
    in.morale = rules_face(ctx, u)->morale;
    in.adjust.wounded_smc = (u->flags & LNLT_UNIT_WOUNDED) && !rules_is_hero(ctx, u);
    in.lm = rally_lm(ctx, st, unit, &helper);
    in.positive_tm = rules_hex_tm(ctx, st, u->cell, u->side, NULL) > 0;
    int d[2];
    char purpose[80];
    snprintf(purpose, sizeof purpose, "rally, %s", rules_type(ctx, u)->name);
    lnlt_event *re;
    if (!lnlt_dice_roll(&s->dice, 2, NULL, purpose, "3.0", d, &re, s->err))
        return false;
    in.d1 = d[0];
    in.d2 = d[1];
    lnlt_mc_outcome out = lnlt_morale_check(&in);
    if (re) {
        size_t n = 0;
        n += (size_t)snprintf(re->text + n, sizeof re->text - n, "=");
        for (int i = 0; i < out.mods.count && n < sizeof re->text; i++)
            n += (size_t)snprintf(re->text + n, sizeof re->text - n, " %s %+d,", out.mods.mod[i].source,
                                  out.mods.mod[i].value);
        if (n < sizeof re->text)
            snprintf(re->text + n, sizeof re->text - n, " %d vs morale %d -> %s", out.roll, out.morale,
                     out.pass ? "rallied" : "still shaken");
    }
    u->flags |= LNLT_UNIT_RALLY_TRIED;
    if (out.pass)
        u->status = LNLT_GOOD_ORDER;
    lnlt_events_say(s->log, LNLT_EV_RESULT, "3.0", out.pass ? "rallied" : "not-rallied", "%s %s",
                    rules_type(ctx, u)->name, out.pass ? "rallies" : "stays shaken");
    return true;
}

bool rules_rally(lnlt_step *s, int cell)
{
    const lnlt_ctx *ctx = s->ctx;
    lnlt_state *st = s->st;
    int side = st->to_act;
    /* Shaken leaders try first, so that a rallied leader can help the others. */
    for (int pass = 0; pass < 2; pass++)
        for (int i = 0; i < st->unit_count; i++) {
            const lnlt_unit *u = &st->unit[i];
            if (u->cell != cell || u->side != side || rules_is_leader(ctx, u) != (pass == 0) || !may_try(ctx, st, i))
                continue;
            if (!attempt(s, i))
                return false;
        }
    return true;
}
