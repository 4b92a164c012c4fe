/*
 * skills.c: skills as data (rule 12.0, the skill list in data/skills/): which
 * effect a unit's skill carries, and with what value. The rules that a skill
 * changes ask here: Assaulter lets a leader's stack assault-move (6.1), Deadly
 * adds FP to his stack's attacks (5.0), Deadeye doubles ranges (5.0), Bull lets
 * him survive one more wound (5.1), Charismatic lets him rally adjacent hexes
 * (3.0). Scopes follow the data (self, stack, stack total, adjacent); a stack
 * scope on a hero acts on the hero alone (ruling R-DATA-03).
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
