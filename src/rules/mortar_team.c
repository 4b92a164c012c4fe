/*
 * mortar_team.c: mortar weapon teams (rules 1.7, 18.1). A mortar team fires
 * directly like any unit (fire.c gives its FP the mortar's high die), or indirectly
 * at a hex its side's leader, scout or advisor sees: the caller need not be next
 * to the team and the team needs no line of sight, only the range; the caller is
 * marked Ops Complete and a Fire For Effect marker stays on the hex until the
 * administrative phase. Which attacks are offered is decided here.
 */
#include <string.h>

#include "rules/internal.h"

bool rules_is_mortar_team(const lnlt_ctx *ctx, const lnlt_unit *u)
{
    const lnlt_unit_type *t = rules_type(ctx, u);
    return t->kind == LNLT_UK_WEAPON_TEAM && t->wt_weapon == LNLT_WTW_MORTAR;
}

/* 18.1: a good-order leader, scout or advisor, unmarked (the one who spotted the
 * hex this impulse may still call on it), not in a melee, who sees the target. */
static bool may_call(const lnlt_ctx *ctx, const lnlt_state *st, int unit, int to)
{
    const lnlt_unit *u = &st->unit[unit];
    int k = rules_type(ctx, u)->kind;
    if (!rules_on_map(u) || !rules_is_good(u) || rules_in_melee(st, lnlt_unit_loc(u)))
        return false;
    if (!rules_is_leader(ctx, u) && k != LNLT_UK_SCOUT && k != LNLT_UK_ADVISOR)
        return false;
    bool spotter = unit == st->spotter && to == st->spotted_cell;
    if (u->marks & ~(spotter ? (unsigned)LNLT_MARK_OPS_COMPLETE : 0u))
        return false;
    lnlt_los_result los;
    return rules_los(ctx, st, lnlt_unit_loc(u), to, &los);
}

/* Can the activated team fire at that range now (range band, not from a barred hex)? */
static bool team_reaches(const lnlt_ctx *ctx, const lnlt_state *st, int team, int to)
{
    int from = lnlt_unit_loc(&st->unit[team]);
    int range = lnlt_hex_distance(rules_hex(ctx, from), rules_hex(ctx, to));
    if (rules_in_cave(ctx, from) && !rules_in_bunker_front(ctx, from, to))
        return false; /* 10.7: from a cave, through its three front hexsides only */
    int group[LNLT_MAX_UNITS];
    int n = rules_fire_group_at(ctx, st, from, to, st->unit[team].side, false, group, LNLT_MAX_UNITS);
    bool in_group = false;
    for (int i = 0; i < n; i++)
        in_group |= group[i] == team;
    return in_group && range > 0 && rules_unit_fires_at(ctx, st, team, range, false);
}

static void put(lnlt_action *out, int cap, int *n, int side, int from, int to, int team, int caller)
{
    if (*n < cap) {
        lnlt_action *a = &out[*n];
        memset(a, 0, sizeof *a);
        a->type = LNLT_ACT_MORTAR_CALL;
        a->side = (uint8_t)side;
        a->nargs = 2;
        a->arg[0] = (int16_t)from;
        a->arg[1] = (int16_t)to;
        lnlt_bit_set(a->units, team);
        lnlt_bit_set(a->units, caller);
    }
    (*n)++;
}

int rules_mortar_team_actions(const lnlt_ctx *ctx, const lnlt_state *st, int side, lnlt_action *out, int cap)
{
    int n = 0;
    int enemy[LNLT_MAX_UNITS];
    int ne = -1;
    for (int team = 0; team < st->unit_count; team++) {
        const lnlt_unit *t = &st->unit[team];
        if (t->side != side || !rules_on_map(t) || !rules_is_mortar_team(ctx, t))
            continue;
        if (ne < 0)
            ne = rules_occupied(st, lnlt_other_side(side), enemy, LNLT_MAX_UNITS);
        for (int k = 0; k < ne; k++) {
            int to = enemy[k], mine[1];
            /* a spotted hex of enemies only, not a melee (18.0) */
            if (rules_in_melee(st, to) || rules_units_in(st, to, side, mine, 1) > 0 ||
                !rules_spotted(ctx, st, to, side) || !team_reaches(ctx, st, team, to))
                continue;
            for (int c = 0; c < st->unit_count; c++)
                if (c != team && st->unit[c].side == side && may_call(ctx, st, c, to))
                    put(out, cap, &n, side, lnlt_unit_loc(t), to, team, c);
        }
    }
    return n;
}

bool rules_mortar_team_action(lnlt_step *s, const lnlt_action *a)
{
    int team = -1, caller = -1;
    for (int i = 0; i < s->st->unit_count; i++) {
        if (!lnlt_bit(a->units, i))
            continue;
        if (team < 0 && rules_is_mortar_team(s->ctx, &s->st->unit[i]) && lnlt_unit_loc(&s->st->unit[i]) == a->arg[0])
            team = i;
        else
            caller = i;
    }
    if (team < 0 || caller < 0)
        return lnlt_error_set(s->err, "a mortar call names the mortar team and the unit that calls (18.1)");
    return rules_fire_mortar_team(s, team, a->arg[1], caller);
}
