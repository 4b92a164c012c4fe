/*
 * setup.c: turning a scenario into a starting state (rule 22.0): every unit of
 * every force is created off the map with its weapons; forces that set up are
 * placed by their owners one unit at a time, in the order the scenario lists
 * them, on legal hexes of their zone (1.3 stacking; not the half-hexes joined where
 * two maps meet); forces that enter later wait
 * off the map with the turn they may come on. A scenario's mid-game position is
 * placed directly instead.
 */
#include <string.h>

#include "lnlt/scenario.h"
#include "rules/internal.h"

/* Scenario sides are 0 and 1; engine sides are 1 and 2. */
static int engine_side(int scn_side) { return scn_side + 1; }

static int add_unit(lnlt_state *st, int type, int side, int force)
{
    if (st->unit_count >= LNLT_MAX_UNITS)
        return -1;
    lnlt_unit *u = &st->unit[st->unit_count];
    memset(u, 0, sizeof *u);
    u->skill = -1;
    u->parent = -1;
    u->type = (int16_t)type;
    u->cell = LNLT_CELL_NONE;
    u->side = (uint8_t)side;
    u->force = (uint8_t)force;
    return st->unit_count++;
}

static void add_sw(lnlt_state *st, int type, int holder, int cell, bool back, bool jammed)
{
    if (st->sw_count >= LNLT_MAX_SWS)
        return;
    lnlt_sw *w = &st->sw[st->sw_count++];
    memset(w, 0, sizeof *w);
    w->type = (int16_t)type;
    w->holder = (int16_t)holder;
    rules_put_sw(w, holder >= 0 ? LNLT_CELL_NONE : cell);
    w->flags = (uint8_t)((back ? LNLT_SW_BACK_SIDE : 0) | (jammed ? LNLT_SW_JAMMED : 0));
}

/* Weapons the scenario does not hand to a unit line go to the force's first
 * multi-man counter that has none yet (ruling R-SCN-01), then to any unit with
 * none, then to one that may still carry another (a squad, 1.6). The loader
 * refuses a force whose weapons its units cannot carry all together. */
static int default_holder(const lnlt_ctx *ctx, const lnlt_state *st, int first, int last)
{
    for (int pass = 0; pass < 3; pass++)
        for (int u = first; u < last; u++) {
            if (!lnlt_unit_kind_is_mmc(ctx->catalog->unit[st->unit[u].type].kind) && pass == 0)
                continue;
            int held[2], n = rules_sws_of(st, u, held, 2);
            if (n < rules_sw_capacity(ctx, &st->unit[u]) && (pass == 2 || n == 0))
                return u; /* never a unit that may carry none (medics, weapon teams, snipers) */
        }
    return first < last ? first : -1;
}

static int where_cell(int where)
{
    switch (where) {
    case LNLT_SCN_ELIMINATED: return LNLT_CELL_ELIMINATED;
    case LNLT_SCN_EXITED: return LNLT_CELL_EXITED;
    case LNLT_SCN_MERGED: return LNLT_CELL_MERGED;
    default: return LNLT_CELL_NONE;
    }
}

/* The location of a hex of the position (its map is the scenario's first). */
static int scn_loc(const lnlt_ctx *ctx, lnlt_hex h, int floor)
{
    return lnlt_location(lnlt_map_index(ctx->map, h), floor);
}

static void place_mid_game_units(const lnlt_ctx *ctx, lnlt_state *st, const lnlt_scn_state *ms, int *index_of)
{
    static const uint8_t mark_of[LNLT_SCN_MARK_COUNT] = {
        [LNLT_SCN_MARK_MOVED] = LNLT_MARK_MOVED,         [LNLT_SCN_MARK_ASSAULT_MOVE] = LNLT_MARK_ASSAULT_MOVE,
        [LNLT_SCN_MARK_FIRED] = LNLT_MARK_FIRED,         [LNLT_SCN_MARK_OPS_COMPLETE] = LNLT_MARK_OPS_COMPLETE,
        [LNLT_SCN_MARK_LOW_CRAWL] = LNLT_MARK_LOW_CRAWL, [LNLT_SCN_MARK_STEALTH] = LNLT_MARK_STEALTH,
        [LNLT_SCN_MARK_HIT_AND_RUN] = LNLT_MARK_HIT_AND_RUN, [LNLT_SCN_MARK_IN_TUNNEL] = LNLT_MARK_IN_TUNNEL};
    for (int i = 0; i < ms->unit_count; i++) {
        const lnlt_scn_unit_state *us = &ms->unit[i];
        int u = add_unit(st, us->type, engine_side(us->side), us->force >= 0 ? us->force : LNLT_NO_FORCE);
        index_of[i] = u;
        if (u < 0)
            continue;
        lnlt_unit *x = &st->unit[u];
        x->skill = (int8_t)us->skill;
        x->wounds = (uint8_t)(us->wounds > 0 ? us->wounds : 0);
        x->skill_used = us->skill_used;
        x->mp2 = us->half_mp;
        x->entry_turn = us->entry_turn == LNLT_SCN_ENTRY_BY_ROLL      ? LNLT_ENTRY_BY_ROLL
                        : us->entry_turn == LNLT_SCN_ENTRY_AFTER_FORCE ? LNLT_ENTRY_AFTER_FORCE
                                                                       : us->entry_turn;
        x->mu_flags = us->mu_flags;
        x->parent = us->parent;
        int loc = us->where == LNLT_SCN_ON_MAP ? scn_loc(ctx, us->hex, us->floor) : where_cell(us->where);
        rules_put_unit(st, u, loc);
        x->status = us->shaken ? LNLT_SHAKEN : LNLT_GOOD_ORDER;
        for (int m = 0; m < LNLT_SCN_MARK_COUNT; m++)
            if (us->markers & (1u << m))
                x->marks |= mark_of[m];
        /* 8.1: a Melee marker lies on the unit's location. */
        if ((us->markers & (1u << LNLT_SCN_MARK_MELEE)) && loc >= 0)
            rules_set_melee_marker(st, loc, true);
        if (us->has_flags) {
            x->flags = us->flags; /* a snapshot says exactly */
        } else {
            if (us->wounds > 0)
                x->flags |= LNLT_UNIT_WOUNDED;
            if (x->marks)
                x->flags |= LNLT_UNIT_ACTIVATED;
        }
    }
}

static void place_mid_game_markers(const lnlt_ctx *ctx, lnlt_state *st, const lnlt_scn_state *ms)
{
    int forts = 0;
    while (forts < LNLT_MAX_FORTS && st->fort[forts].kind) /* after the set-up's (rules_scenario_forts) */
        forts++;
    for (int i = 0; i < ms->marker_count; i++) {
        const lnlt_scn_hex_marker *mk = &ms->marker[i];
        int cell = lnlt_map_index(ctx->map, mk->hex);
        if (cell < 0)
            continue; /* lnlt_scenario_check_maps refuses it first */
        int loc = lnlt_location(cell, mk->floor);
        switch (mk->kind) {
        case LNLT_SCN_HM_SMOKE1: lnlt_bit_set(st->smoke[0], cell); break;
        case LNLT_SCN_HM_SMOKE2: lnlt_bit_set(st->smoke[1], cell); break;
        case LNLT_SCN_HM_SPOTTED: rules_set_spot_marker(st, engine_side(mk->side), loc); break;
        case LNLT_SCN_HM_MELEE: rules_set_melee_marker(st, loc, true); break;
        case LNLT_SCN_HM_MELEE_FOUGHT:
            lnlt_bit_set(mk->floor ? st->melee_fought_up[mk->floor - 1] : st->melee_fought, cell);
            break;
        case LNLT_SCN_HM_FFE: lnlt_bit_set(st->ffe, cell); break;
        case LNLT_SCN_HM_SPOTTED_KEPT: /* ruling R-CORE-70: spotted[0] is no side's */
            lnlt_bit_set(mk->floor ? st->spotted_up[0][mk->floor - 1] : st->spotted[0], cell);
            break;
        case LNLT_SCN_HM_FOXHOLES:
            if (forts < LNLT_MAX_FORTS) {
                st->fort[forts].cell = (int16_t)cell;
                st->fort[forts].kind = LNLT_FORT_FOXHOLES;
                forts++;
            }
            break;
        case LNLT_SCN_HM_WRECK: lnlt_bit_set(st->wreck, cell); break; /* 1.3 */
        case LNLT_SCN_HM_RUBBLE: rules_place_rubble(st, cell); break; /* 15.1.2 */
        case LNLT_SCN_HM_FIRE1: /* 10.5.6 */
        case LNLT_SCN_HM_FIRE2:
            if (forts < LNLT_MAX_FORTS) {
                st->fort[forts].cell = (int16_t)cell;
                st->fort[forts].kind = LNLT_FORT_FIRE;
                st->fort[forts].value = (uint8_t)((mk->kind == LNLT_SCN_HM_FIRE2 ? 2 : 1) | (mk->floor << 4));
                forts++;
            }
            break;
        case LNLT_SCN_HM_COLLAPSED:                                   /* 10.7.2 */
            if (forts < LNLT_MAX_FORTS) {
                st->fort[forts].cell = (int16_t)cell;
                st->fort[forts].kind = LNLT_FORT_COLLAPSED;
                forts++;
            }
            break;
        case LNLT_SCN_HM_WIRE:                                        /* 21.3 */
        case LNLT_SCN_HM_MINES:                                       /* 21.4 */
            if (forts < LNLT_MAX_FORTS) {
                st->fort[forts].cell = (int16_t)cell;
                st->fort[forts].kind = mk->kind == LNLT_SCN_HM_WIRE ? LNLT_FORT_WIRE : LNLT_FORT_MINES;
                st->fort[forts].value = mk->kind == LNLT_SCN_HM_WIRE ? 0 : (uint8_t)((mk->fp & 0x0F) | ((mk->side + 1) << 4));
                forts++;
            }
            break;
        default: break;
        }
    }
}

/* A scenario's mid-game position (docs/formats/scenario.md): every field the
 * format has takes effect here; a snapshot written by lnlt (src/game/snapshot.c)
 * gives back the state it was taken from. */
static void place_mid_game(const lnlt_ctx *ctx, lnlt_state *st, const lnlt_scenario *scn)
{
    const lnlt_scn_state *ms = &scn->state;
    int index_of[LNLT_SCN_STATE_UNITS];
    place_mid_game_units(ctx, st, ms, index_of);
    for (int i = 0; i < ms->sw_count; i++) {
        const lnlt_scn_sw_state *ws = &ms->sw[i];
        int holder = ws->held_by >= 0 ? index_of[ws->held_by] : -1;
        int loc = holder >= 0                       ? LNLT_CELL_NONE
                  : ws->where == LNLT_SCN_ON_MAP    ? scn_loc(ctx, ws->hex, ws->floor)
                  : ws->where == LNLT_SCN_ELIMINATED ? LNLT_CELL_ELIMINATED
                                                    : LNLT_CELL_NONE;
        add_sw(st, ws->type, holder, loc, ws->mode == LNLT_MODE_BACK, ws->jammed);
        if (st->sw_count > 0 && st->sw_count - 1 == i) {
            lnlt_sw *w = &st->sw[i];
            w->flags |= ws->flags;
            if (ws->where == LNLT_SCN_ELIMINATED)
                w->flags |= LNLT_SW_USED;
        }
    }
    place_mid_game_markers(ctx, st, ms);
    rules_scenario_vehicle_state(ctx, st, index_of); /* 14.3, 15.0, 16.0 (scenario_vehicles_setup.c) */
    st->turn = (uint8_t)(ms->turn > 0 ? ms->turn : 1);
    if (ms->last_turn > 0)
        st->last_turn = (uint8_t)ms->last_turn;
    st->initiative = (uint8_t)engine_side(ms->initiative >= 0 ? ms->initiative : 0);
    st->to_act = ms->to_act >= 0 ? (uint8_t)engine_side(ms->to_act) : LNLT_SIDE_NONE;
    st->impulse_side = st->to_act;
    st->events_done = ms->events_done;
    switch (ms->phase) {
    case LNLT_SCN_PHASE_OPERATIONS:
        st->phase = LNLT_PHASE_OPERATIONS;
        st->decision = LNLT_DECIDE_IMPULSE;
        break;
    case LNLT_SCN_PHASE_SETUP: st->phase = LNLT_PHASE_SETUP; break;
    case LNLT_SCN_PHASE_GAME_OVER:
        st->phase = LNLT_PHASE_GAME_OVER;
        st->impulse_side = 0;
        break;
    case LNLT_SCN_PHASE_ADMIN: /* 15.5: the registers hold the declaration under way (R-SAVE-01) */
        st->phase = LNLT_PHASE_ADMIN;
        break;
    default:
        st->phase = LNLT_PHASE_RALLY;
        if (st->to_act != st->initiative)
            st->rally_done = (uint8_t)(1u << st->initiative);
        break;
    }
    if (ms->has_rng) {
        st->rng.state = ms->rng_state;
        st->rng.inc = ms->rng_inc;
    }
    if (ms->has_control) {
        memset(st->control, 0, sizeof st->control);
        memset(st->control_up, 0, sizeof st->control_up);
        for (int i = 0; i < ms->control_count; i++) {
            int cell = lnlt_map_index(ctx->map, ms->control[i].hex), f = ms->control[i].floor, side = engine_side(ms->control[i].side);
            if (cell >= 0 && f < LNLT_FLOORS)
                lnlt_bit_set(f ? st->control_up[side][f - 1] : st->control[side], cell);
        }
    }
    if (ms->has_registers) /* a snapshot: the decision under way, exactly */
        lnlt_scn_registers_to_state(&ms->reg, st);
    rules_index_rebuild(st); /* units were placed directly */
}

void rules_setup_from_scenario(const lnlt_ctx *ctx, lnlt_state *st)
{
    const lnlt_scenario *scn = ctx->scenario;
    if (scn->turns > 0)
        st->last_turn = (uint8_t)scn->turns;
    st->initiative = (uint8_t)engine_side(scn->initiative >= 0 ? scn->initiative : 0);
    st->to_act = st->initiative;
    rules_initial_control(ctx, st);
    for (int k = 0; k < scn->objective_count && k < 4; k++)
        if (!scn->objective[k].hidden) /* known from the start: no paragraph reveals it */
            st->objectives |= (uint8_t)(1u << k);
    /* 21.2-21.4: the set-up's foxholes, wire and mines (a position adds those of its
     * markers; a snapshot writes them all as markers); 18.2: the OOB's artillery (a
     * snapshot's registers say what is left) */
    rules_scenario_forts(ctx, st);
    if (scn->has_state) {
        place_mid_game(ctx, st, scn);
        if (!scn->state.has_control)
            rules_update_control(ctx, st);
        return;
    }
    bool any_setup = false;
    for (int f = 0; f < scn->force_count && f < LNLT_MAX_FORCES; f++) {
        const lnlt_scn_force *fo = &scn->force[f];
        int side = engine_side(fo->side);
        int first = st->unit_count;
        int line_first_unit[LNLT_SCN_LINES];
        for (int l = 0; l < fo->line_count; l++) {
            const lnlt_scn_line *ln = &scn->line[fo->first_line + l];
            line_first_unit[l] = st->unit_count;
            for (int k = 0; k < ln->count; k++) {
                int u = add_unit(st, ln->type, side, f);
                if (u < 0)
                    break;
                st->unit[u].skill = (int8_t)ln->skill;
                if (fo->arrive.how == LNLT_ARRIVE_ENTER && fo->arrive.when == LNLT_WHEN_TURN)
                    st->unit[u].entry_turn = (uint8_t)(fo->arrive.turn > 0 ? fo->arrive.turn : 1);
                if (fo->arrive.how == LNLT_ARRIVE_ENTER && fo->arrive.when == LNLT_WHEN_ROLL)
                    st->unit[u].entry_turn = LNLT_ENTRY_BY_ROLL;
            }
        }
        for (int w = 0; w < fo->sw_count; w++) {
            const lnlt_scn_sw_line *sl = &scn->sw[fo->first_sw + w];
            for (int k = 0; k < sl->count; k++) {
                int holder = sl->held_by >= 0 && sl->held_by < fo->line_count
                                 ? line_first_unit[sl->held_by]
                                 : default_holder(ctx, st, first, st->unit_count);
                if (holder >= 0)
                    add_sw(st, sl->type, holder, LNLT_CELL_NONE, sl->mode == LNLT_MODE_BACK, false);
            }
        }
        any_setup |= fo->arrive.how == LNLT_ARRIVE_SETUP && st->unit_count > first;
    }
    rules_vehicles_attach_all(ctx, st); /* 15.0, 1.7.1 */
    if (any_setup) {
        int first_side = 0;
        for (int i = 0; i < LNLT_SCN_SIDES; i++)
            if (scn->side[i].sets_up_first)
                first_side = i;
        st->phase = LNLT_PHASE_SETUP;
        st->to_act = (uint8_t)engine_side(first_side);
        if (rules_next_setup_unit(ctx, st, st->to_act) < 0)
            st->to_act = (uint8_t)lnlt_other_side(st->to_act);
    }
}

static bool sets_up(const lnlt_ctx *ctx, const lnlt_unit *u)
{
    return u->force != LNLT_NO_FORCE && ctx->scenario->force[u->force].arrive.how == LNLT_ARRIVE_SETUP;
}

int rules_next_setup_unit(const lnlt_ctx *ctx, const lnlt_state *st, int side)
{
    if (!ctx->scenario)
        return -1;
    for (int i = 0; i < st->unit_count; i++) {
        const lnlt_unit *u = &st->unit[i];
        if (u->side == side && u->cell == LNLT_CELL_NONE && sets_up(ctx, u))
            return i;
    }
    return -1;
}

bool rules_in_setup_zone(const lnlt_ctx *ctx, const lnlt_state *st, int unit, int cell)
{
    int zone = ctx->scenario->force[st->unit[unit].force].arrive.zone;
    return zone >= 0 && rules_zone_has(ctx, zone, cell);
}

bool rules_can_place(const lnlt_ctx *ctx, const lnlt_state *st, int unit, int cell)
{
    const lnlt_unit *u = &st->unit[unit];
    if (!rules_in_setup_zone(ctx, st, unit, cell)) /* the set-up listing asks every hex: this first */
        return false;
    /* 22.0: the half-hexes joined where two maps meet belong to neither for set-up */
    if (lnlt_map_cell(ctx->map, lnlt_loc_cell(cell))->flags & LNLT_HEXF_JOINED)
        return false;
    const lnlt_terrain *t = rules_terrain(ctx, st, cell); /* lnlt_map_mp2 of its hex, without the hex */
    if (!t || t->mp2[LNLT_MOVER_LEG] == LNLT_MP_PROHIBITED)
        return false;
    if (rules_wt_barred(ctx, st, u, -1, cell)) /* 1.7: weapon teams set up where they may go */
        return false;
    if (rules_inside_barred(ctx, st, u, cell)) /* 21.1, 10.7: who may set up in a bunker or cave */
        return false;
    if (!rules_vehicle_may_stand(ctx, st, unit, cell)) /* 15.1 */
        return false;
    if (rules_type(ctx, u)->kind == LNLT_UK_ARMOR_LEADER) /* 11.5: he sets up in command of a vehicle there */
        return rules_commandable_vehicle(ctx, st, u->side, cell) >= 0;
    if (!rules_loc_open(ctx, st, cell)) /* 10.4.1: any floor the hex has */
        return false;
    uint8_t adding[LNLT_UNIT_BITS] = {0};
    lnlt_bit_set(adding, unit);
    return rules_stacking_ok(ctx, st, cell, u->side, adding, NULL);
}

bool rules_place(lnlt_step *s, int unit, int cell)
{
    lnlt_state *st = s->st;
    if (unit < 0 || unit >= st->unit_count || unit != rules_next_setup_unit(s->ctx, st, st->to_act))
        return lnlt_error_set(s->err, "that unit is not the next one to set up");
    if (!rules_can_place(s->ctx, st, unit, cell))
        return lnlt_error_set(s->err, "that hex is not in the unit's set-up zone or is full");
    rules_put_unit(st, unit, cell);
    if (rules_type(s->ctx, &st->unit[unit])->kind == LNLT_UK_ARMOR_LEADER)
        rules_board(st, unit, rules_commandable_vehicle(s->ctx, st, st->unit[unit].side, cell), RIDER_COMMANDER);
    char name[LNLT_HEX_ID_MAX];
    lnlt_events_say(s->log, LNLT_EV_CHANGE, "22.0", "placed", "%s: %s sets up in %s", lnlt_side_name(s->ctx, st->to_act),
                    rules_label(s->ctx, st, unit), rules_cell(s, cell, name));
    if (rules_next_setup_unit(s->ctx, st, st->to_act) >= 0)
        return true;
    int other = lnlt_other_side(st->to_act);
    if (rules_next_setup_unit(s->ctx, st, other) >= 0) {
        st->to_act = (uint8_t)other;
        return true;
    }
    /* Set-up done: turn 1 begins with the rally phase, initiative side first. */
    st->phase = LNLT_PHASE_RALLY;
    st->to_act = st->initiative;
    lnlt_events_say(s->log, LNLT_EV_CHANGE, "2.0", "turn", "set-up complete; turn 1 of %d begins", st->last_turn);
    return true;
}
