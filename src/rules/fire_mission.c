/*
 * fire_mission.c: scripted off-board fire missions (rule 18.2 as A Friend in Need
 * paragraph 4 simplifies it): a side granted a mission calls it in an impulse with
 * an eligible unit, placing a spotting round on a hex in the caller's LOS; the
 * round drifts half the white die (rounded up) in the direction of the coloured
 * die; a round that leaves the caller's sight is lost without using the mission;
 * a leader may shift it one hex within his LOS; then the Fire For Effect attacks
 * the impact hex and its six neighbours, each hex with its own roll against all
 * units there, friend and foe, and stays until the administrative phase,
 * attacking every unit that enters one of those hexes. The caller ends up Ops
 * Complete either way.
 */
#include <string.h>

#include "lnlt/combat.h"
#include "lnlt/scenario.h"
#include "rules/internal.h"

static const lnlt_scn_action *mission(const lnlt_ctx *ctx, const lnlt_state *st)
{
    if (!ctx->scenario || st->mission_action >= ctx->scenario->action_count)
        return NULL;
    return &ctx->scenario->action[st->mission_action];
}

/* May `unit` call the mission? Callers of the listed kinds; if none of those is
 * left, the fallback kinds (who may not shift the round). */
static bool caller_ok(const lnlt_ctx *ctx, const lnlt_state *st, int unit, bool *may_shift)
{
    const lnlt_scn_action *a = mission(ctx, st);
    const lnlt_unit *u = &st->unit[unit];
    if (!a || u->side != st->impulse_side || st->missions[u->side] == 0 || !rules_on_map(u) || !rules_is_good(u) ||
        !rules_unit_can_act(ctx, st, unit))
        return false;
    bool primary_alive = false;
    for (int i = 0; i < st->unit_count; i++)
        primary_alive |= st->unit[i].side == u->side && rules_on_map(&st->unit[i]) &&
                         ((a->caller_kinds >> rules_type(ctx, &st->unit[i])->kind) & 1);
    int kind = rules_type(ctx, u)->kind;
    if ((a->caller_kinds >> kind) & 1) {
        *may_shift = a->shift > 0;
        return true;
    }
    *may_shift = false;
    return !primary_alive && ((a->fallback_kinds >> kind) & 1);
}

bool rules_may_call_fire(const lnlt_ctx *ctx, const lnlt_state *st, int unit, int target)
{
    bool shift;
    if ((!caller_ok(ctx, st, unit, &shift) && !rules_oba_may_call(ctx, st, unit)) || /* or the OOB's artillery (artillery.c) */
        !rules_loc_exists(ctx, target)) /* 22.0: a hex in play */
        return false;
    lnlt_los_result los;
    return st->unit[unit].cell == target || rules_los(ctx, st, lnlt_unit_loc(&st->unit[unit]), target, &los);
}

/* 18.2: one roll per hex, no LM, the hex's TM; every unit there takes the DCs. */
static bool attack_hex(lnlt_step *s, int cell, int fp, const uint8_t *only)
{
    lnlt_state *st = s->st;
    int units[LNLT_MAX_UNITS], n = 0, vehicles[LNLT_MAX_UNITS], nv = 0;
    for (int i = 0; i < st->unit_count; i++)
        if (st->unit[i].cell == cell && (!only || lnlt_bit(only, i)) && /* 18.2: the whole hex, every floor */
            !rules_tunnel_hides(s->ctx, st, i, lnlt_other_side(st->unit[i].side))) { /* 10.7.1 */
            if (rules_is_vehicle(s->ctx, &st->unit[i])) {
                if (!rules_vehicle_abandoned(st, i))
                    vehicles[nv++] = i; /* 17.4: vehicles are attacked as by small arms */
            } else {
                units[n++] = i;
            }
        }
    if (n == 0 && nv == 0)
        return true;
    char name[LNLT_HEX_ID_MAX];
    rules_cell(s, cell, name);
    int ad, dd;
    char purpose[48];
    snprintf(purpose, sizeof purpose, "fire for effect on %s", name);
    if (!lnlt_dice_roll(&s->dice, 1, NULL, purpose, "18.2", &ad, NULL, s->err) ||
        !lnlt_dice_roll(&s->dice, 1, NULL, "defence", "18.2", &dd, NULL, s->err))
        return false;
    /* Each side's units use their own TM (a nation's exceptions may differ). */
    int dcs[LNLT_MAX_UNITS];
    for (int i = 0; i < n; i++) {
        lnlt_modifiers parts = {0};
        rules_hex_tm(s->ctx, st, cell, st->unit[units[i]].side, &parts);
        int tm = lnlt_target_tm(&parts, false, NULL);
        dcs[i] = lnlt_dc_modifier(ad + fp, dd + tm);
        if (i == 0)
            lnlt_events_say(s->log, LNLT_EV_RESULT, "18.2", "ffe", "FFE on %s: 1d6 %d + FP %d = %d vs 1d6 %d + TM %d = %d -> %s",
                            name, ad, fp, ad + fp, dd, tm, dd + tm, dcs[i] > 0 ? "damage checks" : "no effect");
    }
    if (!rules_damage_checks(s, units, dcs, n))
        return false;
    /* 10.5.6.1: off-board artillery, +3 (the ground of the hex: ruling R-CORE-106) */
    if (n > 0 && !rules_fire_start_check(s, lnlt_location(cell, 0), ad, false, 3))
        return false;
    for (int i = 0; i < nv; i++) { /* 17.4: open or buttoned, lowest AF and TM against the same roll */
        bool any;
        if (rules_on_map(&st->unit[vehicles[i]]) &&
            !rules_vehicle_hit_by(s, vehicles[i], cell, ad + fp, dd, HIT_BARRAGE, &any))
            return false;
    }
    return true;
}

bool rules_place_ffe(lnlt_step *s, int impact)
{
    lnlt_state *st = s->st;
    const lnlt_scn_action *a = mission(s->ctx, st);
    int side = st->unit[st->mission_caller].side;
    int fp = st->mission_action == LNLT_OBA_ACTION ? rules_oba_fp(st, side) : a ? a->fp : 5;
    if (st->mission_action == LNLT_OBA_ACTION)
        st->oba_left[side - 1]--; /* 18.2: used up when the FFE is placed */
    else
        st->missions[side]--;
    st->ffe_fp = (uint8_t)fp;
    int cells[7], n = 0;
    cells[n++] = impact;
    for (int d = 1; d <= 6; d++) {
        int c = lnlt_map_neighbor(s->ctx->map, lnlt_loc_cell(impact), d);
        if (c >= 0 && lnlt_map_cell_exists(s->ctx->map, c))
            cells[n++] = c;
    }
    char name[LNLT_HEX_ID_MAX];
    lnlt_events_say(s->log, LNLT_EV_CHANGE, "18.2", "ffe", "Fire For Effect lands on %s and its neighbours (FP %d)",
                    rules_cell(s, impact, name), fp);
    for (int i = 0; i < n; i++)
        lnlt_bit_set(st->ffe, cells[i]);
    for (int i = 0; i < n; i++)
        if (!attack_hex(s, cells[i], fp, NULL))
            return false;
    return true;
}

bool rules_fire_mission_finish(lnlt_step *s)
{
    lnlt_state *st = s->st;
    /* The mission's own decision (where the round goes) is over. A weapon its Fire
     * For Effect made a reduced squad drop (1.6) is still its owner's to choose:
     * that decision comes first, then the next impulse. */
    if (st->pending != LNLT_DECIDE_SW_DROP)
        st->pending = 0;
    st->mission_landing = -1;
    st->mission_caller = -1;
    st->decision = LNLT_DECIDE_ACTIVATION;
    st->to_act = st->impulse_side;
    memset(st->activated, 0, sizeof st->activated);
    st->acted = 1;
    return rules_end_activation(s); /* the call takes the whole impulse */
}

bool rules_call_fire(lnlt_step *s, int unit, int target)
{
    const lnlt_ctx *ctx = s->ctx;
    lnlt_state *st = s->st;
    bool may_shift;
    if (!caller_ok(ctx, st, unit, &may_shift)) {
        if (rules_oba_may_call(ctx, st, unit))
            return rules_oba_call(s, unit, target); /* 18.2 in full (artillery.c) */
        return lnlt_error_set(s->err, "that unit cannot call the fire mission");
    }
    lnlt_unit *u = &st->unit[unit];
    u->marks |= LNLT_MARK_OPS_COMPLETE;
    u->flags |= LNLT_UNIT_ACTIVATED;
    st->mission_caller = (int16_t)unit;
    char name[LNLT_HEX_ID_MAX];
    lnlt_events_say(s->log, LNLT_EV_CHANGE, "18.2", "spotting-round", "%s places a spotting round on %s",
                    rules_type(ctx, u)->name, rules_cell(s, target, name));
    /* Drift: half the white die, rounded up, in the coloured die's direction
     * (ruling R-SCN-08: the scenario's version, without the 18.2 modifiers). */
    static const uint8_t colors[2] = {LNLT_DIE_WHITE, LNLT_DIE_COLORED};
    int d[2];
    lnlt_event *re;
    if (!lnlt_dice_roll(&s->dice, 2, colors, "spotting round drift", "18.2", d, &re, s->err))
        return false;
    int distance = (d[0] + 1) / 2;
    lnlt_hex h = rules_hex(ctx, target);
    for (int k = 0; k < distance; k++)
        h = lnlt_hex_neighbor(h, (lnlt_dir)d[1]);
    int landing = lnlt_map_index(ctx->map, h);
    static const char *dir_name[7] = {"", "N", "NE", "SE", "S", "SW", "NW"};
    if (re)
        snprintf(re->text, sizeof re->text, "-> drifts %d hex%s %s", distance, distance == 1 ? "" : "es", dir_name[d[1]]);
    lnlt_los_result los;
    if (landing < 0 || !lnlt_map_cell_exists(ctx->map, landing) ||
        (landing != u->cell && !rules_los(ctx, st, lnlt_unit_loc(u), landing, &los))) {
        lnlt_events_say(s->log, LNLT_EV_RESULT, "18.2", "round-lost",
                        "the round lands out of the caller's sight: no fire, the mission is kept");
        return rules_fire_mission_finish(s);
    }
    lnlt_events_say(s->log, LNLT_EV_RESULT, "18.2", "round-lands", "the round lands on %s", rules_cell(s, landing, name));
    st->mission_landing = (int16_t)landing;
    if (may_shift) {
        st->pending = LNLT_DECIDE_FIRE_SHIFT;
        st->pending_side = u->side;
        return true;
    }
    if (!rules_place_ffe(s, landing))
        return false;
    return rules_fire_mission_finish(s);
}

bool rules_may_shift_fire(const lnlt_ctx *ctx, const lnlt_state *st, int cell)
{
    int landing = st->mission_landing;
    if (landing < 0 || cell < 0 || !lnlt_map_cell_exists(ctx->map, cell))
        return false;
    if (cell != landing && lnlt_hex_distance(rules_hex(ctx, cell), rules_hex(ctx, landing)) != 1)
        return false;
    const lnlt_unit *caller = &st->unit[st->mission_caller];
    lnlt_los_result los;
    return cell == caller->cell || rules_los(ctx, st, lnlt_unit_loc(caller), cell, &los);
}

bool rules_shift_fire(lnlt_step *s, int cell)
{
    if (!rules_may_shift_fire(s->ctx, s->st, cell))
        return lnlt_error_set(s->err, "the round may move one hex, within the caller's sight");
    if (!rules_place_ffe(s, cell))
        return false;
    return rules_fire_mission_finish(s);
}

bool rules_ffe_on_entry(lnlt_step *s, int cell) { return rules_ffe_on_units(s, cell, s->st->move.units); }

bool rules_ffe_on_units(lnlt_step *s, int cell, const uint8_t *units)
{
    lnlt_state *st = s->st;
    cell = lnlt_loc_cell(cell); /* the FFE covers the hex, every floor */
    if (!lnlt_bit(st->ffe, cell))
        return true;
    return attack_hex(s, cell, st->ffe_fp, units);
}

void rules_fire_mission_admin(lnlt_step *s)
{
    memset(s->st->ffe, 0, sizeof s->st->ffe);
}

bool rules_ffe_layer(const lnlt_ctx *ctx, const lnlt_state *st, uint8_t *cells, bool have)
{
    uint64_t any = 0; /* a word at a time: mostly there is no FFE at all */
    for (int i = 0; i < LNLT_MAX_CELLS / 64; i++) {
        uint64_t w;
        memcpy(&w, st->ffe + 8 * i, sizeof w);
        any |= w;
    }
    if (!any)
        return have;
    int n = lnlt_map_cells(ctx->map);
    if (n > LNLT_MAX_CELLS)
        n = LNLT_MAX_CELLS;
    if (!have)
        memset(cells, 0, (size_t)n);
    /* 18.2: the seven hexes count as degrading terrain for LOS; the map layer's
     * degrading obstacle (the one wrecks use) stands in for it (ruling R-SCN-04). */
    for (int b = 0; b < LNLT_MAX_CELLS / 8 && 8 * b < n; b++)
        for (unsigned x = st->ffe[b]; x; x &= x - 1) {
            int c = 8 * b + __builtin_ctz(x);
            if (c < n)
                cells[c] |= LNLT_DYN_WRECK;
        }
    return true;
}
