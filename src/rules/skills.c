/*
 * skills.c: skills as data (rule 12.0, the skill list in data/skills/): which
 * effect a unit's skill carries, and with what value. The rules that a skill
 * changes ask here: Assaulter lets a leader's stack assault-move (6.1), Deadly
 * adds FP to his stack's attacks (5.0), Deadeye doubles ranges (5.0), Bull lets
 * him survive one more wound (5.1), Charismatic lets him rally adjacent hexes
 * (3.0), Decisive lets him and his stack activate a second time (4.0), once.
 * Scopes follow the data (self, stack, stack total, adjacent); a stack scope on
 * a hero acts on the hero alone (ruling R-DATA-03).
 */
#include "rules/internal.h"

static const lnlt_skill *skill_of(const lnlt_ctx *ctx, const lnlt_unit *u)
{
    if (!ctx->catalog || u->skill < 0 || u->skill >= ctx->catalog->skill_count)
        return NULL;
    return &ctx->catalog->skill[u->skill];
}

const char *rules_skill_name(const lnlt_ctx *ctx, const lnlt_unit *u)
{
    const lnlt_skill *sk = skill_of(ctx, u);
    return sk ? sk->name : "";
}

int rules_skill_value(const lnlt_ctx *ctx, const lnlt_unit *u, int effect)
{
    const lnlt_skill *sk = skill_of(ctx, u);
    if (!sk || (sk->single_use && u->skill_used))
        return 0;
    for (int i = 0; i < sk->effect_count; i++)
        if (sk->effect[i].kind == effect)
            return sk->effect[i].value > 0 ? sk->effect[i].value : 1;
    return 0;
}

int rules_stack_skill(const lnlt_ctx *ctx, const lnlt_state *st, int cell, int side, int effect, int *holder)
{
    int best = 0;
    if (holder)
        *holder = -1;
    for (int i = 0; i < st->unit_count; i++) {
        const lnlt_unit *u = &st->unit[i];
        if (u->cell != cell || u->side != side || !rules_is_good(u))
            continue;
        int v = rules_skill_value(ctx, u, effect);
        if (v > best) {
            best = v;
            if (holder)
                *holder = i;
        }
    }
    return best;
}

/* The good-order Decisive leader of `side` in `cell` who has already activated
 * this phase and not yet used the skill, or -1. */
static int decisive_leader(const lnlt_ctx *ctx, const lnlt_state *st, int cell, int side)
{
    for (int i = 0; i < st->unit_count; i++) {
        const lnlt_unit *u = &st->unit[i];
        if (u->cell == cell && u->side == side && rules_on_map(u) && rules_is_leader(ctx, u) && rules_is_good(u) &&
            (u->flags & LNLT_UNIT_ACTIVATED) && rules_skill_value(ctx, u, LNLT_SE_EXTRA_ACTIVATION))
            return i;
    }
    return -1;
}

bool rules_can_decisive(const lnlt_ctx *ctx, const lnlt_state *st, int cell, int side)
{
    return decisive_leader(ctx, st, cell, side) >= 0;
}

/* 12.0 Decisive: in a later impulse than his first activation (this is an
 * impulse decision), his hex's units lose their Fired, Moved, Assault Move, Low
 * Crawl, Stealth and Ops Complete markers and the hex is activated again
 * (ruling R-CORE-30: "his stack" is every unit of his side in his hex now). */
bool rules_decisive(lnlt_step *s, int cell)
{
    lnlt_state *st = s->st;
    int side = st->impulse_side;
    int leader = decisive_leader(s->ctx, st, cell, side);
    if (leader < 0)
        return lnlt_error_set(s->err, "no leader there may use Decisive now (12.0)");
    st->unit[leader].skill_used = 1;
    const uint8_t cleared = LNLT_MARK_FIRED | LNLT_MARK_MOVED | LNLT_MARK_ASSAULT_MOVE | LNLT_MARK_LOW_CRAWL |
                            LNLT_MARK_STEALTH | LNLT_MARK_OPS_COMPLETE;
    for (int i = 0; i < st->unit_count; i++) {
        lnlt_unit *u = &st->unit[i];
        if (u->cell != cell || u->side != side)
            continue;
        u->marks &= (uint8_t)~cleared;
        u->flags &= (uint8_t)~LNLT_UNIT_ACTIVATED;
    }
    char name[LNLT_HEX_ID_MAX];
    lnlt_events_say(s->log, LNLT_EV_CHANGE, "12.0", "decisive", "%s is Decisive: his stack in %s activates again",
                    rules_type(s->ctx, &st->unit[leader])->name, rules_cell(s, cell, name));
    return rules_activate(s, cell, false);
}
