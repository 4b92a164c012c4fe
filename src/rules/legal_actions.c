/*
 * legal_actions.c: the legal-action list of every decision (DESIGN.md principle
 * 3: the engine's lists are the only source of what may be done): set-up
 * placements (2.0, 10.4.1), rally (3.0), an activation's fire, moves, assaults
 * and melee (4.0-8.0, R-CORE-94's gathering of large stacks), opportunity fire and
 * moves (5.3, 6.8, R-CORE-140), and the decisions of events, support weapons,
 * SMCs and vehicles through their own files. engine.c applies what is listed.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "lnlt/scenario.h"
#include "rules/internal.h"
/* An action of `nargs` arguments whose first two are a0 and a1, no unit named
 * yet: the start every legal list's entry shares (here, smc.c, vehicle fire). */
void rules_action_init(lnlt_action *a, int type, int side, int nargs, int a0, int a1)
{
    memset(a, 0, sizeof *a);
    a->type = (uint8_t)type;
    a->side = (uint8_t)side;
    a->nargs = (uint8_t)nargs;
    a->arg[0] = (int16_t)a0;
    a->arg[1] = (int16_t)a1;
}

/* One action of four arguments (from, to, target vehicle, a fourth) by `unit`
 * (none when negative) into out[n] when there is room; the count grows either
 * way, so a caller learns how many there are. Shared by the ordnance and
 * vehicle-fire lists. */
int rules_action_put4(lnlt_action *out, int n, int cap, int type, int side, int unit, int from, int to, int tv, int arg3)
{
    if (out && n < cap) {
        lnlt_action *a = &out[n];
        rules_action_init(a, type, side, 4, from, to);
        a->arg[2] = (int16_t)tv;
        a->arg[3] = (int16_t)arg3;
        if (unit >= 0)
            lnlt_bit_set(a->units, unit);
    }
    return n + 1;
}

typedef struct action_list {
    lnlt_action *out;
    int cap, n;
    int side;
    /* 4.0 (R-CORE-94): the units of the groups of more than four, offered to be
     * gathered; with `gathering`, only the acts of the gathered group are listed
     * (`allow` lets add_subsets through). */
    uint8_t big[LNLT_UNIT_BITS];
    const lnlt_state *gathering;
    bool allow;
} action_list;

static void add_units(action_list *l, int type, int nargs, int a0, int a1, const int *units, int nunits)
{
    if (l->gathering && !l->allow)
        return;
    if (l->n < l->cap) {
        lnlt_action *a = &l->out[l->n];
        rules_action_init(a, type, l->side, nargs, a0, a1);
        for (int i = 0; i < nunits; i++)
            lnlt_bit_set(a->units, units[i]);
    }
    l->n++;
}

static void add(action_list *l, int type, int nargs, int a0, int a1) { add_units(l, type, nargs, a0, a1, NULL, 0); }

/* The support-weapon actions of this decision (support_weapons.c). */
static void add_sw_actions(const lnlt_ctx *ctx, const lnlt_state *st, action_list *l, int kind)
{
    int at = l->n < l->cap ? l->n : l->cap;
    l->n += rules_sw_actions(ctx, st, kind, l->side, l->out ? l->out + at : NULL, l->cap - at);
}

/* 4.0: a player may act with some of a hex's units. The whole group is offered as
 * the plain command; proper subsets are offered for small groups (up to 4 units,
 * at most 14 more actions) and as single units for larger ones. */
typedef bool (*subset_ok_fn)(const lnlt_ctx *, const lnlt_state *, const int *, int, int, int);

/* The gathered group's act of this kind (R-CORE-94): listed when the group has
 * two units or more, all of them in this hex's group for the act, and the rule of
 * the act allows them. */
static void add_gathered(action_list *l, int type, int nargs, int a0, int a1, int target, const int *units, int n,
                         subset_ok_fn ok, const lnlt_ctx *ctx, const lnlt_state *st)
{
    if (a0 != st->gather_cell)
        return;
    int sub[LNLT_MAX_UNITS], k = 0, found = 0;
    for (int i = 0; i < st->unit_count; i++)
        if (lnlt_bit(st->gather_units, i))
            sub[k++] = i;
    for (int i = 0; i < n; i++)
        found += lnlt_bit(st->gather_units, units[i]) != 0;
    if (k < 2 || found != k || (ok && !ok(ctx, st, sub, k, a0, target)))
        return;
    l->allow = true;
    add_units(l, type, nargs, a0, a1, sub, k);
    l->allow = false;
}

static void add_subsets(action_list *l, int type, int nargs, int a0, int a1, int target, const int *units, int n,
                        subset_ok_fn ok, const lnlt_ctx *ctx, const lnlt_state *st)
{
    if (l->gathering) {
        add_gathered(l, type, nargs, a0, a1, target, units, n, ok, ctx, st);
        return;
    }
    if (!ok || ok(ctx, st, units, n, a0, target))
        add(l, type, nargs, a0, a1);
    if (n < 2)
        return;
    if (n <= 4) {
        for (unsigned mask = 1; mask < (1u << n) - 1; mask++) {
            int sub[4], k = 0;
            for (int i = 0; i < n; i++)
                if (mask & (1u << i))
                    sub[k++] = units[i];
            if (!ok || ok(ctx, st, sub, k, a0, target))
                add_units(l, type, nargs, a0, a1, sub, k);
        }
        return;
    }
    for (int i = 0; i < n; i++) {
        lnlt_bit_set(l->big, units[i]); /* any other group: gathered (R-CORE-94) */
        if (!ok || ok(ctx, st, &units[i], 1, a0, target))
            add_units(l, type, nargs, a0, a1, &units[i], 1);
    }
}

/* A fire subset must contain a unit that reaches the target (not only a leader). */
static bool fire_subset_ok(const lnlt_ctx *ctx, const lnlt_state *st, const int *units, int n, int from, int to)
{
    int range = lnlt_hex_distance(rules_hex(ctx, from), rules_hex(ctx, to));
    if (!rules_wt_fires_apart(ctx, st, units, n, range)) /* 1.7 */
        return false;
    for (int i = 0; i < n; i++)
        if (rules_unit_fires_at(ctx, st, units[i], range, st->unit[units[i]].side != st->impulse_side))
            return true;
    return false;
}

/* The vehicle, ordnance and passenger actions of this decision (vehicle_actions.c). */
static void add_vehicle_actions(const lnlt_ctx *ctx, const lnlt_state *st, action_list *l, int kind)
{
    int at = l->n < l->cap ? l->n : l->cap;
    l->n += rules_vehicle_actions(ctx, st, kind, l->side, l->out ? l->out + at : NULL, l->cap - at);
}

/* The smoke, sniper and medic actions of this decision (smc.c). */
static void add_smc_actions(const lnlt_ctx *ctx, const lnlt_state *st, action_list *l, int kind)
{
    int at = l->n < l->cap ? l->n : l->cap;
    l->n += rules_smc_actions(ctx, st, kind, l->side, l->out ? l->out + at : NULL, l->cap - at);
}

/* 7.0: a unit that laid smoke may move or double-time, nothing else (R-SMOKE-02). */
static bool assault_subset_ok(const lnlt_ctx *ctx, const lnlt_state *st, const int *units, int n, int from, int to)
{
    (void)from;
    (void)to;
    return rules_can_assault(ctx, st, units, n) && !rules_laid_smoke_only(ctx, st, units, n);
}

static bool double_time_subset_ok(const lnlt_ctx *ctx, const lnlt_state *st, const int *units, int n, int from, int to)
{
    (void)from;
    (void)to;
    return rules_can_double_time(ctx, st, units, n) && !rules_group_has_kind(ctx, st, units, n, LNLT_UK_PIPER);
}

static bool stealth_subset_ok(const lnlt_ctx *ctx, const lnlt_state *st, const int *units, int n, int from, int to)
{
    (void)from;
    (void)to;
    return rules_can_stealth(ctx, st, units, n);
}

static bool hit_and_run_subset_ok(const lnlt_ctx *ctx, const lnlt_state *st, const int *units, int n, int from,
                                  int to)
{
    (void)from;
    (void)to;
    return rules_can_hit_and_run(ctx, st, units, n) && !rules_laid_smoke_only(ctx, st, units, n);
}

static bool stealth_assault_subset_ok(const lnlt_ctx *ctx, const lnlt_state *st, const int *units, int n, int from,
                                      int to)
{
    (void)from;
    (void)to;
    return rules_can_stealth_assault(ctx, st, units, n);
}

static bool low_crawl_subset_ok(const lnlt_ctx *ctx, const lnlt_state *st, const int *units, int n, int from, int to)
{
    (void)to;
    return rules_can_low_crawl(ctx, st, units, n) && !rules_laid_smoke_only(ctx, st, units, n) &&
           rules_crawl_has_a_hex(ctx, st, from, units, n); /* 6.3: somewhere to crawl to */
}

/* 6.1.1: the picked units that can assault-move (with the leader and SMCs, R-CORE-29)
 * must move afterwards and be a stack that may assault-move; the others may add
 * their FP and stay; someone must reach the target. Fills movers. */
static bool assault_fire_movers(const lnlt_ctx *ctx, const lnlt_state *st, const int *units, int n, int from,
                                int to, int *movers, int *nm)
{
    *nm = 0;
    if (!rules_impulse_may_move(st, from))
        return false; /* 4.0: the hex's move group has gone */
    for (int i = 0; i < n; i++) {
        if (st->unit[units[i]].flags & LNLT_UNIT_ACTIVATED)
            return false;
        if (!rules_moves_after_assault_fire(ctx, st, units[i], from))
            continue;
        if (rules_face(ctx, &st->unit[units[i]])->mf <= 0)
            return false;
        movers[(*nm)++] = units[i];
    }
    /* an assault-moving unit (not only a leader) fires: it fires, then moves */
    int range = lnlt_hex_distance(rules_hex(ctx, from), rules_hex(ctx, to));
    bool mover_fires = false;
    for (int i = 0; i < *nm && !mover_fires; i++)
        mover_fires = !rules_is_leader(ctx, &st->unit[movers[i]]) && rules_unit_fires_at(ctx, st, movers[i], range, false);
    return mover_fires && rules_can_assault(ctx, st, movers, *nm) && fire_subset_ok(ctx, st, units, n, from, to);
}

static bool assault_fire_subset_ok(const lnlt_ctx *ctx, const lnlt_state *st, const int *units, int n, int from,
                                   int to)
{
    int movers[LNLT_MAX_UNITS], nm;
    return assault_fire_movers(ctx, st, units, n, from, to, movers, &nm);
}

/* 6.1.1 with 6.2: the movers include a good-order leader and may double-time. */
static bool assault_fire_dt_subset_ok(const lnlt_ctx *ctx, const lnlt_state *st, const int *units, int n, int from,
                                      int to)
{
    int movers[LNLT_MAX_UNITS], nm;
    return assault_fire_movers(ctx, st, units, n, from, to, movers, &nm) &&
           double_time_subset_ok(ctx, st, movers, nm, from, to);
}

/* 6.1 with 6.2: an assault move at double time. */
static bool assault_dt_subset_ok(const lnlt_ctx *ctx, const lnlt_state *st, const int *units, int n, int from, int to)
{
    return assault_subset_ok(ctx, st, units, n, from, to) && double_time_subset_ok(ctx, st, units, n, from, to);
}

/* 6.4.2: the same, every picked unit able to move stealthily. */
static bool stealth_assault_fire_subset_ok(const lnlt_ctx *ctx, const lnlt_state *st, const int *units, int n,
                                           int from, int to)
{
    if (!rules_impulse_may_move(st, from))
        return false; /* 4.0: the hex's move group has gone */
    for (int i = 0; i < n; i++)
        if (st->unit[units[i]].flags & LNLT_UNIT_ACTIVATED || rules_face(ctx, &st->unit[units[i]])->mf <= 0)
            return false;
    return rules_can_stealth_assault(ctx, st, units, n) && fire_subset_ok(ctx, st, units, n, from, to);
}

/* 6.8: opportunity moves, normal or hit and run, of the hexes that may make one. */
static void add_om_actions(const lnlt_ctx *ctx, const lnlt_state *st, action_list *l)
{
    int cells[LNLT_MAX_UNITS], g[LNLT_MAX_UNITS];
    int n = rules_occupied(st, l->side, cells, LNLT_MAX_UNITS);
    for (int i = 0; i < n; i++) {
        int ng = rules_om_units(ctx, st, cells[i], g);
        if (ng == 0)
            continue;
        add_subsets(l, LNLT_ACT_OPP_MOVE, 1, cells[i], 0, 0, g, ng, hit_and_run_subset_ok, ctx, st);
        add_subsets(l, LNLT_ACT_OPP_HIT_AND_RUN, 1, cells[i], 0, 0, g, ng, hit_and_run_subset_ok, ctx, st);
    }
}

static void legal_activation(const lnlt_ctx *ctx, const lnlt_state *st, action_list *l)
{
    int side = st->impulse_side;
    int cells[LNLT_MAX_UNITS], enemy[LNLT_MAX_UNITS];
    int n = rules_occupied(st, side, cells, LNLT_MAX_UNITS);
    for (int i = 0; i < n && !st->acted; i++)
        if (rules_can_also(ctx, st, cells[i]))
            add(l, LNLT_ACT_ALSO, 1, cells[i], 0);
    int ne = rules_occupied(st, lnlt_other_side(side), enemy, LNLT_MAX_UNITS);
    /* rules_can_fire_at needs the target spotted (10.1) and in sight (10.3): both
     * are asked first, the spotting once per target, so the fire groups are formed
     * only where an attack may be */
    bool spotted[LNLT_MAX_UNITS];
    for (int k = 0; k < ne; k++)
        spotted[k] = rules_spotted(ctx, st, enemy[k], side);
    /* 4.0: only units of the activated hexes fire, move, fight or withdraw (each
     * of the checks below asks for one): the locations holding one */
    int acts[LNLT_MAX_UNITS], na = 0, act_units[LNLT_MAX_UNITS];
    int nu = rules_unit_bits(st->activated, st->unit_count, act_units);
    for (int k = 0; k < nu; k++) {
        const lnlt_unit *u = &st->unit[act_units[k]];
        int j = 0, loc = lnlt_unit_loc(u);
        while (j < na && acts[j] != loc)
            j++;
        if (rules_on_map(u) && j == na)
            acts[na++] = loc;
    }
    for (int i = 0; i < n; i++) {
        int j = 0;
        while (j < na && acts[j] != cells[i])
            j++;
        if (j == na)
            continue; /* no unit of an activated hex there */
        int g[LNLT_MAX_UNITS], hex_group[LNLT_MAX_UNITS]; /* the hex's fire group, formed once for every target */
        int nhex = rules_fire_group(ctx, st, cells[i], side, false, hex_group, LNLT_MAX_UNITS);
        for (int k = 0; k < ne && nhex > 0; k++) {
            const char *why;
            lnlt_los_result los;
            if (!spotted[k] || !rules_los(ctx, st, cells[i], enemy[k], &los))
                continue;
            int ng = rules_fire_group_for(ctx, st, cells[i], enemy[k], false, hex_group, nhex, g, LNLT_MAX_UNITS);
            if (ng > 0 && rules_can_fire_at(ctx, st, cells[i], enemy[k], side, false, &why)) {
                add_subsets(l, LNLT_ACT_FIRE, 2, cells[i], enemy[k], enemy[k], g, ng, fire_subset_ok, ctx, st);
                add_subsets(l, LNLT_ACT_ASSAULT_FIRE, 2, cells[i], enemy[k], enemy[k], g, ng, assault_fire_subset_ok,
                            ctx, st);
                add_subsets(l, LNLT_ACT_ASSAULT_FIRE_DT, 2, cells[i], enemy[k], enemy[k], g, ng,
                            assault_fire_dt_subset_ok, ctx, st);
                add_subsets(l, LNLT_ACT_STEALTH_ASSAULT_FIRE, 2, cells[i], enemy[k], enemy[k], g, ng,
                            stealth_assault_fire_subset_ok, ctx, st);
            }
        }
        /* 10.7.2: a satchel or flamethrower may try to collapse an empty cave (plain fire only) */
        for (int b = 0; ctx->bunkers && b < ctx->bunkers->count && b < LNLT_MAX_BUNKERS && nhex > 0; b++) {
            const char *why;
            int cave = lnlt_location(ctx->bunkers->b[b].cell, LNLT_FLOOR_BUNKER);
            lnlt_los_result los;
            if (!rules_empty_cave(ctx, st, cave) || !rules_los(ctx, st, cells[i], cave, &los))
                continue;
            int ng = rules_fire_group_for(ctx, st, cells[i], cave, false, hex_group, nhex, g, LNLT_MAX_UNITS);
            if (ng > 0 && rules_can_fire_at(ctx, st, cells[i], cave, side, false, &why))
                add_subsets(l, LNLT_ACT_FIRE, 2, cells[i], cave, cave, g, ng, fire_subset_ok, ctx, st);
        }
        if (rules_melee_can_fight(ctx, st, cells[i]))
            add(l, LNLT_ACT_MELEE, 1, cells[i], 0);
        if (rules_melee_can_withdraw(ctx, st, cells[i])) {
            /* 8.1.1: by a normal move, or any other kind but assault fire */
            int w[LNLT_MAX_UNITS];
            int nw = rules_melee_withdrawers(ctx, st, cells[i], w);
            add(l, LNLT_ACT_WITHDRAW, 1, cells[i], 0);
            if (assault_subset_ok(ctx, st, w, nw, cells[i], 0))
                add(l, LNLT_ACT_WITHDRAW_ASSAULT, 1, cells[i], 0);
            if (double_time_subset_ok(ctx, st, w, nw, cells[i], 0))
                add(l, LNLT_ACT_WITHDRAW_DT, 1, cells[i], 0);
            if (low_crawl_subset_ok(ctx, st, w, nw, cells[i], 0))
                add(l, LNLT_ACT_WITHDRAW_CRAWL, 1, cells[i], 0);
            if (stealth_subset_ok(ctx, st, w, nw, cells[i], 0))
                add(l, LNLT_ACT_WITHDRAW_STEALTH, 1, cells[i], 0);
            if (hit_and_run_subset_ok(ctx, st, w, nw, cells[i], 0))
                add(l, LNLT_ACT_WITHDRAW_HIT_AND_RUN, 1, cells[i], 0);
        }
        int nm = rules_movers(ctx, st, cells[i], g, LNLT_MAX_UNITS);
        if (nm > 0) {
            add_subsets(l, LNLT_ACT_MOVE, 1, cells[i], 0, 0, g, nm, NULL, ctx, st);
            add_subsets(l, LNLT_ACT_ASSAULT, 1, cells[i], 0, 0, g, nm, assault_subset_ok, ctx, st);
            add_subsets(l, LNLT_ACT_DOUBLE_TIME, 1, cells[i], 0, 0, g, nm, double_time_subset_ok, ctx, st);
            add_subsets(l, LNLT_ACT_ASSAULT_DT, 1, cells[i], 0, 0, g, nm, assault_dt_subset_ok, ctx, st);
            add_subsets(l, LNLT_ACT_LOW_CRAWL, 1, cells[i], 0, 0, g, nm, low_crawl_subset_ok, ctx, st);
            add_subsets(l, LNLT_ACT_STEALTH, 1, cells[i], 0, 0, g, nm, stealth_subset_ok, ctx, st);
            add_subsets(l, LNLT_ACT_STEALTH_ASSAULT, 1, cells[i], 0, 0, g, nm, stealth_assault_subset_ok, ctx, st);
            add_subsets(l, LNLT_ACT_HIT_AND_RUN, 1, cells[i], 0, 0, g, nm, hit_and_run_subset_ok, ctx, st);
        }
    }
    if (l->gathering)
        return; /* R-CORE-94: only the gathered group's acts */
    add_smc_actions(ctx, st, l, LNLT_DECIDE_ACTIVATION); /* 7.0 smoke, 11.4/11.12 sniper fire */
    add_sw_actions(ctx, st, l, LNLT_DECIDE_ACTIVATION); /* 1.6.5: indirect mortar fire */
    {
        int at0 = l->n < l->cap ? l->n : l->cap; /* 10.5.6.3: putting a Fire 1 out */
        l->n += rules_fire_actions(ctx, st, side, l->out ? l->out + at0 : NULL, l->cap - at0);
    }
    int at = l->n < l->cap ? l->n : l->cap; /* 18.1: mortar teams' called fire */
    l->n += rules_mortar_team_actions(ctx, st, side, l->out ? l->out + at : NULL, l->cap - at);
    /* 4.0: any group of a large stack, gathered one unit at a time (R-CORE-94) */
    for (int u = 0; u < st->unit_count; u++)
        if (lnlt_bit(l->big, u))
            add_units(l, LNLT_ACT_GATHER, 1, lnlt_unit_loc(&st->unit[u]), 0, &u, 1);
    add_vehicle_actions(ctx, st, l, LNLT_DECIDE_ACTIVATION); /* 14.0-17.0 */
    add(l, LNLT_ACT_DONE, 0, 0, 0);
}

/* 5.3, 6.8 (R-CORE-140): the opportunity attacks and moves of the hexes that may
 * make one at the moving stack, any group of a large stack gathered as in an
 * activation (R-CORE-94), or no fire. */
static void legal_opfire(const lnlt_ctx *ctx, const lnlt_state *st, action_list *l)
{
    int cells[LNLT_MAX_UNITS];
    int n = rules_opfire_hexes(ctx, st, cells, LNLT_MAX_UNITS);
    for (int i = 0; i < n && i < LNLT_MAX_UNITS; i++) {
        int g[LNLT_MAX_UNITS];
        int ng = rules_fire_group_at(ctx, st, cells[i], st->move.cell, l->side, true, g, LNLT_MAX_UNITS);
        add_subsets(l, LNLT_ACT_OPFIRE, 1, cells[i], 0, st->move.cell, g, ng, fire_subset_ok, ctx, st);
    }
    if (!l->gathering)
        add_smc_actions(ctx, st, l, LNLT_DECIDE_OPFIRE); /* 11.4, 11.12: snipers fire alone or are placed */
    add_om_actions(ctx, st, l); /* 6.8: or an opportunity move */
    if (l->gathering)
        return; /* R-CORE-140: only the gathered group's acts */
    add_vehicle_actions(ctx, st, l, LNLT_DECIDE_OPFIRE); /* 5.3 with guns, vehicle MGs, at vehicles */
    for (int u = 0; u < st->unit_count; u++)
        if (lnlt_bit(l->big, u))
            add_units(l, LNLT_ACT_GATHER, 1, lnlt_unit_loc(&st->unit[u]), 0, &u, 1);
    add(l, LNLT_ACT_NO_FIRE, 0, 0, 0);
}

/* 4.0 (R-CORE-94), 5.3 and 6.8 (R-CORE-140): while a group is gathered out of a
 * large stack, the units of its hex that may still join it, its acts in the
 * decision it was gathered from (`list`), and `cancel`. */
static void legal_gather(const lnlt_ctx *ctx, const lnlt_state *st, action_list *l,
                         void (*list)(const lnlt_ctx *, const lnlt_state *, action_list *))
{
    action_list probe = {NULL, 0, 0, l->side, {0}, NULL, false};
    list(ctx, st, &probe); /* which units belong to the large groups */
    for (int u = 0; u < st->unit_count; u++)
        if (lnlt_bit(probe.big, u) && !lnlt_bit(st->gather_units, u) && lnlt_unit_loc(&st->unit[u]) == st->gather_cell)
            add_units(l, LNLT_ACT_JOIN, 0, 0, 0, &u, 1);
    l->gathering = st;
    list(ctx, st, l);
    l->gathering = NULL;
    add(l, LNLT_ACT_CANCEL, 0, 0, 0);
}

int lnlt_legal_actions(const lnlt_ctx *ctx, const lnlt_state *st, lnlt_action *out, int cap)
{
    lnlt_state spare;
    return rules_legal_actions(ctx, rules_indexed(st, &spare), out, cap); /* a program may have moved units by hand */
}

int rules_legal_actions(const lnlt_ctx *ctx, const lnlt_state *st, lnlt_action *out, int cap)
{
    lnlt_decision d = lnlt_decision_get(ctx, st);
    action_list l = {out, cap, 0, d.side};
    int cells[LNLT_MAX_UNITS];
    switch (d.kind) {
    case LNLT_DECIDE_SETUP: {
        int u = rules_next_setup_unit(ctx, st, d.side);
        int ncells = lnlt_map_cells(ctx->map);
        bool faces = u >= 0 && rules_vslot(st, u) >= 0; /* 15.1, 1.7.1: and the corner it faces */
        /* rules_can_place asks whether the floor exists last, except of an armor
         * leader (11.5): asked first here, the hex's missing floors cost nothing */
        bool any_floor = u >= 0 && rules_type(ctx, &st->unit[u])->kind == LNLT_UK_ARMOR_LEADER;
        for (int c = 0; c < ncells && u >= 0; c++) {
            if (!lnlt_map_cell_exists(ctx->map, c) || !rules_in_setup_zone(ctx, st, u, c))
                continue; /* the hex's own test once, before its floors' */
            for (int f = 0; f < LNLT_FLOORS; f++) /* 10.4.1: each floor */
                if ((any_floor || rules_loc_open(ctx, st, lnlt_location(c, f))) &&
                    rules_can_place(ctx, st, u, lnlt_location(c, f))) {
                    for (int k = 0; faces && k < 6; k++)
                        add_units(&l, LNLT_ACT_PLACE, 2, lnlt_location(c, f), k, &u, 1);
                    if (!faces)
                        add_units(&l, LNLT_ACT_PLACE, 1, lnlt_location(c, f), 0, &u, 1);
                }
        }
        break;
    }
    case LNLT_DECIDE_COUNTER_ASSAULT:
    case LNLT_DECIDE_DISEMBARK:
    case LNLT_DECIDE_CONTINUOUS:
        add_vehicle_actions(ctx, st, &l, d.kind); /* 15.3, 16.2, 15.5 */
        break;
    case LNLT_DECIDE_ATGM: { /* 14.4: fire at the ATGM firer first, or let it fly */
        int target = rules_atgm_target(st);
        int n = rules_atgm_fire_hexes(ctx, st, cells, LNLT_MAX_UNITS);
        for (int i = 0; i < n && i < LNLT_MAX_UNITS; i++) {
            int g[LNLT_MAX_UNITS];
            int ng = rules_fire_group_at(ctx, st, cells[i], target, d.side, true, g, LNLT_MAX_UNITS);
            add_subsets(&l, LNLT_ACT_OPFIRE, 1, cells[i], 0, target, g, ng, fire_subset_ok, ctx, st);
        }
        add_vehicle_actions(ctx, st, &l, d.kind);
        add(&l, LNLT_ACT_NO_FIRE, 0, 0, 0);
        break;
    }
    case LNLT_DECIDE_EVENT_PLACE: {
        int u = rules_event_place_unit(ctx, st);
        int ncells = lnlt_map_cells(ctx->map);
        for (int c = 0; c < ncells && u >= 0; c++)
            if (lnlt_map_cell_exists(ctx->map, c) && rules_event_can_place(ctx, st, u, c))
                add_units(&l, LNLT_ACT_PLACE, 1, c, 0, &u, 1);
        break;
    }
    case LNLT_DECIDE_MELEE_TARGET: {
        static _Thread_local uint8_t picks[64][LNLT_UNIT_BITS];
        int n = rules_melee_target_actions(ctx, st, picks, 64);
        for (int i = 0; i < n; i++) {
            int before = l.n;
            add(&l, LNLT_ACT_TARGET, 0, 0, 0);
            if (before < l.cap)
                memcpy(l.out[before].units, picks[i], LNLT_UNIT_BITS);
        }
        break;
    }
    case LNLT_DECIDE_RETREAT:
    case LNLT_DECIDE_SW_DROP:
        add_sw_actions(ctx, st, &l, d.kind); /* 1.6.3, 1.6.7; 1.6 */
        break;
    case LNLT_DECIDE_FIRE_SHIFT: {
        int ncells = lnlt_map_cells(ctx->map);
        for (int c = 0; c < ncells; c++)
            if (rules_may_shift_fire(ctx, st, c))
                add(&l, LNLT_ACT_SHIFT_FIRE, 1, c, 0);
        if (rules_oba_may_abort(st)) /* 18.2: the caller may abort instead */
            add(&l, LNLT_ACT_ABORT_FIRE, 0, 0, 0);
        break;
    }
    case LNLT_DECIDE_EVENT_CHOOSE:
        for (int u = 0; u < st->unit_count; u++)
            if (rules_event_may_choose(ctx, st, u))
                add_units(&l, LNLT_ACT_CHOOSE, 0, 0, 0, &u, 1);
        break;
    case LNLT_DECIDE_RALLY: {
        int n = ctx->map ? rules_occupied(st, d.side, cells, LNLT_MAX_UNITS) : 0;
        for (int i = 0; i < n; i++) {
            if (rules_can_rally(ctx, st, cells[i], d.side))
                add(&l, LNLT_ACT_RALLY, 1, cells[i], 0);
            if (rules_can_recombine(ctx, st, cells[i], d.side))
                add(&l, LNLT_ACT_RECOMBINE, 1, cells[i], 0);
        }
        add_sw_actions(ctx, st, &l, d.kind); /* 1.6, 1.6.1, 3.0 */
        add_smc_actions(ctx, st, &l, d.kind); /* 11.3 medics */
        add(&l, LNLT_ACT_END_RALLY, 0, 0, 0);
        break;
    }
    case LNLT_DECIDE_IMPULSE: {
        int n = ctx->map ? rules_occupied(st, d.side, cells, LNLT_MAX_UNITS) : 0;
        for (int i = 0; i < n; i++)
            if (rules_activatable(ctx, st, cells[i], d.side) > 0)
                add(&l, LNLT_ACT_ACTIVATE, 1, cells[i], 0);
        /* 12.0 Decisive, The Ambush: asked where someone of the side has the skill */
        unsigned skills = n > 0 ? rules_side_skill_effects(ctx, st, d.side) : 0;
        bool decisive = skills & (1u << LNLT_SE_EXTRA_ACTIVATION), ambush = skills & (1u << LNLT_SE_AMBUSH_REINFORCEMENT);
        for (int i = 0; i < n && (decisive || ambush); i++) {
            if (decisive && rules_can_decisive(ctx, st, cells[i], d.side))
                add(&l, LNLT_ACT_DECISIVE, 1, cells[i], 0);
            if (ambush && rules_can_the_ambush(ctx, st, cells[i], d.side))
                add(&l, LNLT_ACT_THE_AMBUSH, 1, cells[i], 0);
        }
        /* 22.0: off-map units due now begin an entry, one unit at a time (entry_group.c). */
        {
            int at = l.n < l.cap ? l.n : l.cap;
            l.n += rules_entry_actions(ctx, st, l.out ? l.out + at : NULL, l.cap - at);
        }
        /* 18.2: a granted fire mission, called on any hex the caller sees. */
        if ((st->missions[d.side] || rules_oba_available(ctx, st, d.side)) && ctx->map) {
            int ncells = lnlt_map_cells(ctx->map);
            for (int u = 0; u < st->unit_count; u++) {
                if (st->unit[u].side != d.side || !rules_on_map(&st->unit[u]))
                    continue;
                for (int c = 0; c < ncells; c++)
                    if (lnlt_map_cell_exists(ctx->map, c) && rules_may_call_fire(ctx, st, u, c))
                        add_units(&l, LNLT_ACT_CALL_FIRE, 1, c, 0, &u, 1);
            }
        }
        /* 10.1.1: one spotting attempt per impulse, at an unspotted enemy hex. */
        int enemy[LNLT_MAX_UNITS];
        int ne = ctx->map && !st->spot_tried ? rules_occupied(st, lnlt_other_side(d.side), enemy, LNLT_MAX_UNITS) : 0;
        /* rules_may_spot in parts: each target's part once, not once per spotter */
        bool target_ok[LNLT_MAX_UNITS];
        for (int k = 0; k < ne; k++)
            target_ok[k] = rules_may_spot_target(ctx, st, d.side, enemy[k]);
        for (int u = 0; u < st->unit_count && ne > 0; u++) {
            if (st->unit[u].side != d.side || !rules_on_map(&st->unit[u]) || !rules_may_spot_unit(ctx, st, u))
                continue;
            for (int k = 0; k < ne; k++) {
                lnlt_los_result los;
                if (target_ok[k] && rules_los(ctx, st, lnlt_unit_loc(&st->unit[u]), enemy[k], &los))
                    add_units(&l, LNLT_ACT_SPOT, 1, enemy[k], 0, &u, 1);
            }
        }
        add_smc_actions(ctx, st, &l, d.kind); /* 11.4 sniper placement */
        add(&l, LNLT_ACT_PASS, 0, 0, 0);
        break;
    }
    case LNLT_DECIDE_ACTIVATION:
        rules_crawl_scope(st); /* st is const here: one copy for every low-crawl test of the listing */
        legal_activation(ctx, st, &l);
        rules_crawl_scope(NULL);
        break;
    case LNLT_DECIDE_GATHER:
        legal_gather(ctx, st, &l, legal_activation);
        break;
    case LNLT_DECIDE_ENTRY_GROUP: { /* 22.0: more units join, or the group enters */
        int at = l.n < l.cap ? l.n : l.cap;
        l.n += rules_entry_group_actions(ctx, st, l.out ? l.out + at : NULL, l.cap - at);
        break;
    }
    case LNLT_DECIDE_MOVE: {
        rules_move_facts facts; /* the stack's part of every step's cost, once */
        rules_move_facts_of(ctx, st, &facts);
        for (int dir = 0; dir <= 6; dir++) { /* 0: another floor of the same hex (10.2, 10.6) */
            int c = lnlt_map_neighbor(ctx->map, lnlt_loc_cell(st->move.cell), dir);
            for (int f = 0; f < LNLT_FLOORS && c >= 0; f++) {
                const char *why;
                int to = lnlt_location(c, f);
                if (to != st->move.cell && rules_loc_exists(ctx, to) && rules_step_cost_with(ctx, st, &facts, to, &why) >= 0)
                    add(&l, LNLT_ACT_STEP, 1, to, 0);
            }
        }
        int exits[LNLT_MAX_BUNKERS]; /* 10.7.1: through a tunnel to another cave */
        int nx = rules_tunnel_exits(ctx, st->move.cell, exits, LNLT_MAX_BUNKERS);
        for (int k = 0; k < nx; k++) {
            const char *why;
            if (rules_step_cost_with(ctx, st, &facts, exits[k], &why) >= 0)
                add(&l, LNLT_ACT_STEP, 1, exits[k], 0);
        }
        int steps = l.n;
        add_vehicle_actions(ctx, st, &l, d.kind); /* 15.1-15.3, 16.4, 17.1 */
        if (rules_vehicle_move(st)) { /* a vehicle's move: nothing of the leg stack's below */
            if (steps == 0 || rules_vehicle_may_stop(ctx, st)) /* 15.5: a continuous mover leaves its hex */
                add(&l, LNLT_ACT_STOP, 0, 0, 0);
            break;
        }
        /* 22.0: leaving through an exit hex, as a step off the map (ruling R-SCN-02). */
        if (rules_exit_zone_has(ctx, st, st->move.cell, d.side) && facts.mp2_left >= 2 &&
            !rules_sw_movers_immobile(ctx, st)) /* 1.6.1 */
            add(&l, LNLT_ACT_EXIT, 0, 0, 0);
        add_sw_actions(ctx, st, &l, d.kind); /* 1.6, 1.6.1: abandon, pick up, flip */
        if (rules_can_dismount(ctx, st)) /* 6.6 */
            add(&l, LNLT_ACT_DISMOUNT, 0, 0, 0);
        if (st->move.mode == LNLT_MV_HIT_AND_RUN && !st->move.hr_fired) { /* 6.7: one attack, any time */
            int ne = rules_occupied(st, lnlt_other_side(d.side), cells, LNLT_MAX_UNITS);
            for (int k = 0; k < ne; k++) {
                const char *why;
                /* only the movers fire: one of them must reach (others of the hex may be activated) */
                int g[LNLT_MAX_UNITS];
                int ng = rules_fire_group_at(ctx, st, st->move.cell, cells[k], d.side, false, g, LNLT_MAX_UNITS);
                ng = rules_pick(st->move.units, g, ng);
                if (rules_can_fire_at(ctx, st, st->move.cell, cells[k], d.side, false, &why) && ng > 0 &&
                    fire_subset_ok(ctx, st, g, ng, st->move.cell, cells[k]))
                    add(&l, LNLT_ACT_HR_FIRE, 1, cells[k], 0);
            }
        }
        if (steps == 0 || !rules_mu_must_move_on(ctx, st)) /* 15.5.1: a continuous MU leaves its hex */
            add(&l, LNLT_ACT_STOP, 0, 0, 0);
        break;
    }
    case LNLT_DECIDE_OPFIRE:
        legal_opfire(ctx, st, &l);
        break;
    case LNLT_DECIDE_OPP_GATHER:
        legal_gather(ctx, st, &l, legal_opfire);
        break;
    default:
        break;
    }
    return l.n;
}
