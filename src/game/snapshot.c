/*
 * snapshot.c: the writer of mid-game positions (lnlt/snapshot.h): from a game
 * state to the "state" of a scenario, in the documented format (issue 12), field
 * by field; src/rules/setup.c reads it back. Every field that the replay hash
 * covers (src/rules/state_hash.c) has its place: units and weapons with where
 * they are, the markers lying in hexes, control, the dice generator and the
 * engine registers of the decision under way.
 */
#include "lnlt/snapshot.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "lnlt/data.h"
#include "lnlt/map.h"
#include "lnlt/ordnance.h"

static int scn_where(int cell)
{
    switch (cell) {
    case LNLT_CELL_ELIMINATED: return LNLT_SCN_ELIMINATED;
    case LNLT_CELL_EXITED: return LNLT_SCN_EXITED;
    case LNLT_CELL_MERGED: return LNLT_SCN_MERGED;
    default: return LNLT_SCN_WAITING;
    }
}

/* The vehicle slot of unit i, or NULL. */
static const lnlt_vehicle *slot_of(const lnlt_state *st, int i)
{
    for (int k = 0; k < st->vehicle_count && k < LNLT_MAX_VEHICLES; k++)
        if (st->vehicle[k].unit == i)
            return &st->vehicle[k];
    return NULL;
}

/* The two hexes beside corner k of h (15.1), as the format names a vertex. */
static void corner_hexes(lnlt_hex h, int k, lnlt_hex out[2])
{
    int d1, d2;
    lnlt_corner_dirs(k, &d1, &d2);
    out[0] = lnlt_hex_neighbor(h, (lnlt_dir)d1);
    out[1] = lnlt_hex_neighbor(h, (lnlt_dir)d2);
}

/* 14.3, 15.0, 16.0: a unit's vehicle slot, the vehicle it rides and its
 * acquisition. */
static bool snap_vehicle_parts(const lnlt_ctx *ctx, const lnlt_state *st, int i, lnlt_scn_unit_state *x,
                               lnlt_error *err)
{
    x->aboard = LNLT_NONE;
    x->acq_target = LNLT_NONE;
    const lnlt_vehicle *v = slot_of(st, i);
    if (v && x->where == LNLT_SCN_ON_MAP) {
        x->has_facing = true;
        corner_hexes(x->hex, v->facing, x->facing);
        if (v->turret != v->facing) {
            x->has_turret = true;
            corner_hexes(x->hex, v->turret, x->turret);
        }
    }
    if (v) {
        x->buttoned = v->flags & LNLT_VEH_BUTTONED;
        x->veh_flags = (uint8_t)(v->flags & ~LNLT_VEH_BUTTONED);
        x->veh_impulse = v->impulse;
        x->veh_turn = v->turn;
        x->veh_road_mp2 = v->road_mp2;
        x->veh_shots = v->shots;
        x->veh_paused = v->paused;
        x->veh_fire_loc = v->fire_loc;
        if (x->where != LNLT_SCN_ON_MAP && (v->facing || v->turret)) { /* no hex to name them by */
            x->veh_has_corners = true;
            x->veh_corner = v->facing;
            x->veh_turret_corner = v->turret;
        }
        x->has_vehicle_state = x->veh_flags || v->impulse || v->turn || v->road_mp2 || v->shots || v->paused ||
                               v->fire_loc >= 0 || x->veh_has_corners;
    }
    uint8_t a = st->aboard[i];
    if (st->unit[i].cell == LNLT_CELL_ABOARD) {
        int slot = (a & LNLT_ABOARD_SLOT) - 1;
        int veh = slot >= 0 && slot < st->vehicle_count ? st->vehicle[slot].unit : -1;
        if (veh < 0 || veh >= st->unit_count || st->unit[veh].cell < 0)
            return lnlt_error_set(err, "unit #%d rides no vehicle on the map", i);
        x->where = LNLT_SCN_ON_MAP;
        x->hex = lnlt_map_hex_at(ctx->map, lnlt_loc_cell(st->unit[veh].cell));
        x->floor = 0;
        x->aboard = (int8_t)veh;
        x->outside = a & LNLT_ABOARD_OUTSIDE;
    }
    for (int k = 0; k < LNLT_MAX_ACQ; k++) {
        const lnlt_acquisition *q = &st->acq[k];
        if (q->firer != i)
            continue;
        x->acq_level = q->level;
        x->acq_fresh = q->fresh;
        if (q->target <= LNLT_ACQ_LOC) {
            x->acq_hex_set = true;
            int loc = LNLT_ACQ_LOC - q->target;
            if (lnlt_loc_cell(loc) >= lnlt_map_cells(ctx->map))
                return lnlt_error_set(err, "unit #%d has acquired location %d, off the map", i, loc);
            x->acq_hex = lnlt_map_hex_at(ctx->map, lnlt_loc_cell(loc));
            x->acq_floor = (uint8_t)lnlt_loc_floor(loc);
        } else {
            x->acq_target = (int8_t)q->target;
        }
    }
    return true;
}

static bool snap_units(const lnlt_ctx *ctx, const lnlt_state *st, lnlt_scn_state *ms, lnlt_error *err)
{
    static const struct {
        uint8_t mark, scn;
    } marks[] = {{LNLT_MARK_MOVED, LNLT_SCN_MARK_MOVED},       {LNLT_MARK_ASSAULT_MOVE, LNLT_SCN_MARK_ASSAULT_MOVE},
                 {LNLT_MARK_FIRED, LNLT_SCN_MARK_FIRED},       {LNLT_MARK_OPS_COMPLETE, LNLT_SCN_MARK_OPS_COMPLETE},
                 {LNLT_MARK_LOW_CRAWL, LNLT_SCN_MARK_LOW_CRAWL}, {LNLT_MARK_STEALTH, LNLT_SCN_MARK_STEALTH},
                 {LNLT_MARK_HIT_AND_RUN, LNLT_SCN_MARK_HIT_AND_RUN}, {LNLT_MARK_IN_TUNNEL, LNLT_SCN_MARK_IN_TUNNEL}};
    const lnlt_catalog *cat = ctx->catalog;
    const lnlt_scenario *scn = ctx->scenario;
    int cells = lnlt_map_cells(ctx->map);
    for (int i = 0; i < st->unit_count; i++) {
        const lnlt_unit *u = &st->unit[i];
        lnlt_scn_unit_state *x = &ms->unit[i];
        memset(x, 0, sizeof *x);
        if (u->type < 0 || u->type >= cat->unit_count || u->side < 1 || u->side > 2)
            return lnlt_error_set(err, "unit #%d has no type or side the snapshot can name", i);
        x->type = u->type;
        snprintf(x->type_id, sizeof x->type_id, "%s", cat->unit[u->type].id);
        x->skill = u->skill;
        if (u->skill >= 0 && u->skill < cat->skill_count)
            snprintf(x->skill_id, sizeof x->skill_id, "%s", cat->skill[u->skill].id);
        x->side = (int8_t)(u->side - 1);
        x->force = u->force != LNLT_NO_FORCE && u->force < scn->force_count ? (int8_t)u->force : LNLT_NONE;
        if (u->cell >= 0) {
            if (u->cell >= cells)
                return lnlt_error_set(err, "unit #%d is on cell %d, off the map", i, u->cell);
            x->where = LNLT_SCN_ON_MAP;
            x->hex = lnlt_map_hex_at(ctx->map, u->cell);
            x->floor = u->floor;
        } else {
            x->where = (uint8_t)scn_where(u->cell);
        }
        x->shaken = u->status == LNLT_SHAKEN;
        x->wounds = (int8_t)u->wounds;
        for (size_t k = 0; k < sizeof marks / sizeof marks[0]; k++)
            if (u->marks & marks[k].mark)
                x->markers |= (uint16_t)(1u << marks[k].scn);
        /* Written whenever the loader would otherwise derive something else. */
        x->has_flags = u->flags || u->wounds || u->marks;
        x->flags = u->flags;
        x->entry_turn = u->entry_turn;
        x->half_mp = u->mp2;
        x->skill_used = u->skill_used;
        x->mu_flags = u->mu_flags;
        x->parent = LNLT_NONE;
        if (u->parent >= 0 && u->parent < cat->unit_count) { /* 3.0: the squad a half-squad came from */
            x->parent = u->parent;
            snprintf(x->parent_id, sizeof x->parent_id, "%s", cat->unit[u->parent].id);
        }
        if (!snap_vehicle_parts(ctx, st, i, x, err))
            return false;
    }
    ms->unit_count = (uint8_t)st->unit_count;
    return true;
}

static bool snap_weapons(const lnlt_ctx *ctx, const lnlt_state *st, lnlt_scn_state *ms, lnlt_error *err)
{
    const lnlt_catalog *cat = ctx->catalog;
    for (int i = 0; i < st->sw_count; i++) {
        const lnlt_sw *w = &st->sw[i];
        lnlt_scn_sw_state *x = &ms->sw[i];
        memset(x, 0, sizeof *x);
        if (w->type < 0 || w->type >= cat->sw_count)
            return lnlt_error_set(err, "weapon w%d has no type the snapshot can name", i);
        x->type = w->type;
        snprintf(x->type_id, sizeof x->type_id, "%s", cat->sw[w->type].id);
        x->held_by = LNLT_NONE;
        if (w->flags & LNLT_SW_USED) {
            x->where = LNLT_SCN_ELIMINATED;
        } else if (w->holder >= 0 && w->holder < st->unit_count) {
            x->held_by = (int8_t)w->holder;
        } else if (w->cell >= 0) {
            x->where = LNLT_SCN_ON_MAP;
            x->hex = lnlt_map_hex_at(ctx->map, w->cell);
            x->floor = w->floor;
        } else {
            x->where = LNLT_SCN_WAITING;
        }
        x->mode = (w->flags & LNLT_SW_BACK_SIDE) ? LNLT_MODE_BACK : LNLT_MODE_FRONT;
        x->jammed = w->flags & LNLT_SW_JAMMED;
        x->flags = (uint8_t)(w->flags & ~(LNLT_SW_JAMMED | LNLT_SW_BACK_SIDE | LNLT_SW_USED));
    }
    ms->sw_count = (uint8_t)st->sw_count;
    return true;
}

static bool add_marker(lnlt_scn_state *ms, const lnlt_ctx *ctx, int kind, int cell, int floor, int side,
                       lnlt_error *err)
{
    if (ms->marker_count >= LNLT_SCN_STATE_MARKERS)
        return lnlt_error_set(err, "more than %d markers on the map", LNLT_SCN_STATE_MARKERS);
    lnlt_scn_hex_marker *m = &ms->marker[ms->marker_count++];
    m->kind = (uint8_t)kind;
    m->floor = (uint8_t)floor;
    m->side = (int8_t)side;
    m->hex = lnlt_map_hex_at(ctx->map, cell);
    return true;
}

/* Adds one cell bitmap of the state to the union of those that carry markers. */
static void union_with(uint8_t *any, const uint8_t *set)
{
    for (int i = 0; i < LNLT_MAX_CELLS / 8; i++)
        any[i] |= set[i];
}

static bool snap_markers(const lnlt_ctx *ctx, const lnlt_state *st, lnlt_scn_state *ms, lnlt_error *err)
{
    int cells = lnlt_map_cells(ctx->map);
    bool ok = true;
    /* The cells that carry any marker, found a byte at a time: every save takes
     * a snapshot, and most of the map carries none. */
    uint8_t any[LNLT_MAX_CELLS / 8] = {0};
    for (int k = 0; k < 2; k++)
        union_with(any, st->smoke[k]);
    for (int k = 0; k < LNLT_FLOORS - 1; k++) {
        union_with(any, st->melee_up[k]);
        union_with(any, st->melee_fought_up[k]);
    }
    for (int side = 0; side < 3; side++) {
        union_with(any, st->spotted[side]);
        union_with(any, st->control[side]);
        for (int k = 0; k < LNLT_FLOORS - 1; k++) {
            union_with(any, st->spotted_up[side][k]);
            union_with(any, st->control_up[side][k]);
        }
    }
    union_with(any, st->melee);
    union_with(any, st->melee_fought);
    union_with(any, st->ffe);
    union_with(any, st->wreck);
    union_with(any, st->rubble);
    for (int c = 0; ok && c < LNLT_MAX_CELLS; c++) {
        if (!any[c >> 3]) {
            c |= 7; /* the next byte */
            continue;
        }
        if (!lnlt_bit(any, c))
            continue;
        if (c >= cells)
            return lnlt_error_set(err, "a marker lies on cell %d, off the map", c);
        if (lnlt_bit(st->control[0], c) || lnlt_bit(st->control_up[0][0], c) || lnlt_bit(st->control_up[0][1], c) ||
            lnlt_bit(st->control_up[0][LNLT_FLOORS - 2], c))
            return lnlt_error_set(err, "a control marker of side 0 on cell %d", c);
        /* spotted[0]: Spotted markers kept until the Administrative Phase (R-CORE-70) */
        for (int f = 0; ok && f < LNLT_FLOORS; f++)
            if (lnlt_bit(f ? st->spotted_up[0][f - 1] : st->spotted[0], c))
                ok = add_marker(ms, ctx, LNLT_SCN_HM_SPOTTED_KEPT, c, f, LNLT_NONE, err);
        for (int k = 0; ok && k < 2; k++)
            if (lnlt_bit(st->smoke[k], c))
                ok = add_marker(ms, ctx, LNLT_SCN_HM_SMOKE1 + k, c, 0, LNLT_NONE, err);
        for (int side = 1; ok && side <= 2; side++)
            for (int f = 0; ok && f < LNLT_FLOORS; f++)
                if (lnlt_bit(f ? st->spotted_up[side][f - 1] : st->spotted[side], c))
                    ok = add_marker(ms, ctx, LNLT_SCN_HM_SPOTTED, c, f, side - 1, err);
        for (int f = 0; ok && f < LNLT_FLOORS; f++) {
            if (lnlt_bit(f ? st->melee_up[f - 1] : st->melee, c))
                ok = add_marker(ms, ctx, LNLT_SCN_HM_MELEE, c, f, LNLT_NONE, err);
            if (ok && lnlt_bit(f ? st->melee_fought_up[f - 1] : st->melee_fought, c))
                ok = add_marker(ms, ctx, LNLT_SCN_HM_MELEE_FOUGHT, c, f, LNLT_NONE, err);
        }
        if (ok && lnlt_bit(st->ffe, c))
            ok = add_marker(ms, ctx, LNLT_SCN_HM_FFE, c, 0, LNLT_NONE, err);
        if (ok && lnlt_bit(st->wreck, c)) /* 1.3 */
            ok = add_marker(ms, ctx, LNLT_SCN_HM_WRECK, c, 0, LNLT_NONE, err);
        if (ok && lnlt_bit(st->rubble, c)) /* 15.1.2 */
            ok = add_marker(ms, ctx, LNLT_SCN_HM_RUBBLE, c, 0, LNLT_NONE, err);
        for (int side = 1; ok && side <= 2; side++)
            for (int f = 0; f < LNLT_FLOORS; f++) /* each floor on its own (R-CORE-92) */
                if (lnlt_bit(f ? st->control_up[side][f - 1] : st->control[side], c)) {
                    if (ms->control_count >= LNLT_SCN_STATE_CONTROL)
                        return lnlt_error_set(err, "more than %d controlled locations", LNLT_SCN_STATE_CONTROL);
                    ms->control[ms->control_count].side = (int8_t)(side - 1);
                    ms->control[ms->control_count].floor = (uint8_t)f;
                    ms->control[ms->control_count].hex = lnlt_map_hex_at(ctx->map, c);
                    ms->control_count++;
                }
    }
    /* Fortifications in their slots' order; an empty slot before a used one
     * cannot be written (the loader fills slots in order). */
    bool gap = false;
    for (int f = 0; ok && f < LNLT_MAX_FORTS; f++) {
        const lnlt_fort *ft = &st->fort[f];
        if (ft->kind == LNLT_FORT_NONE) {
            gap = true;
            continue;
        }
        int side = ft->value >> 4, fp = ft->value & 0x0F;
        bool mines_ok = ft->kind == LNLT_FORT_MINES && (side == 1 || side == 2) && fp >= 1 && fp <= 9;
        if (ft->kind == LNLT_FORT_FIRE && !gap && ft->cell >= 0 && ft->cell < cells && (fp == 1 || fp == 2) &&
            side < LNLT_FLOORS) { /* 10.5.6: a Fire marker, intensity | floor << 4 */
            ok = add_marker(ms, ctx, fp == 2 ? LNLT_SCN_HM_FIRE2 : LNLT_SCN_HM_FIRE1, ft->cell, side, LNLT_NONE, err);
            continue;
        }
        if (gap || ft->cell < 0 || ft->cell >= cells || (ft->kind != LNLT_FORT_MINES && ft->value) ||
            (ft->kind != LNLT_FORT_FOXHOLES && ft->kind != LNLT_FORT_WIRE && ft->kind != LNLT_FORT_COLLAPSED &&
             !mines_ok))
            return lnlt_error_set(err, "fortification slot %d cannot be written", f);
        int kind = ft->kind == LNLT_FORT_FOXHOLES    ? LNLT_SCN_HM_FOXHOLES
                   : ft->kind == LNLT_FORT_WIRE      ? LNLT_SCN_HM_WIRE
                   : ft->kind == LNLT_FORT_COLLAPSED ? LNLT_SCN_HM_COLLAPSED /* 10.7.2 */
                                                     : LNLT_SCN_HM_MINES;    /* 21.2-21.4 */
        ok = add_marker(ms, ctx, kind, ft->cell, 0, mines_ok ? side - 1 : LNLT_NONE, err);
        if (ok && mines_ok)
            ms->marker[ms->marker_count - 1].fp = (int8_t)fp;
    }
    ms->has_control = true;
    return ok;
}

lnlt_scenario *lnlt_snapshot(const lnlt_ctx *ctx, const lnlt_state *st, lnlt_error *err)
{
    if (!ctx->scenario || !ctx->catalog || !ctx->map) {
        lnlt_error_set(err, "a snapshot needs the game's scenario, counters and map");
        return NULL;
    }
    int scn_phase;
    switch (st->phase) {
    case LNLT_PHASE_RALLY: scn_phase = LNLT_SCN_PHASE_RALLY; break;
    case LNLT_PHASE_OPERATIONS: scn_phase = LNLT_SCN_PHASE_OPERATIONS; break;
    case LNLT_PHASE_SETUP: scn_phase = LNLT_SCN_PHASE_SETUP; break;
    case LNLT_PHASE_GAME_OVER: scn_phase = LNLT_SCN_PHASE_GAME_OVER; break;
    case LNLT_PHASE_ADMIN: /* 15.5: only while vehicles' continuous movement is declared */
        scn_phase = LNLT_SCN_PHASE_ADMIN;
        break;
    default:
        lnlt_error_set(err, "the game waits in no phase a snapshot can name (%d)", st->phase);
        return NULL;
    }
    bool over = scn_phase == LNLT_SCN_PHASE_GAME_OVER;
    /* A game won outright in the middle of a turn keeps the side that was to act. */
    if (st->initiative < 1 || st->initiative > 2 || (!over && (st->to_act < 1 || st->to_act > 2)) ||
        st->to_act > 2 || st->turn < 1 || st->last_turn < 1 || st->last_turn > 40 ||
        st->turn > st->last_turn || st->unit_count > LNLT_SCN_STATE_UNITS || st->sw_count > LNLT_SCN_STATE_SW) {
        lnlt_error_set(err, "the state's turn, sides or counts are out of the format's range");
        return NULL;
    }
    lnlt_scenario *s = malloc(sizeof *s);
    if (!s) {
        lnlt_error_set(err, "out of memory");
        return NULL;
    }
    memcpy(s, ctx->scenario, sizeof *s);
    /* 21.2-21.4: foxholes, wire and mines are written as markers, in their slots'
     * order; the set-up's list keeps only the bunkers (fixed places of the map). */
    int kept = 0;
    for (int i = 0; i < s->fort_count; i++)
        if (s->fort[i].kind == LNLT_SCN_FORT_BUNKER || s->fort[i].kind == LNLT_SCN_FORT_CAVE) /* and caves, 10.7 */
            s->fort[kept++] = s->fort[i];
    s->fort_count = (uint8_t)kept;
    lnlt_scn_state *ms = &s->state;
    memset(ms, 0, sizeof *ms);
    s->has_state = true;
    ms->turn = (int8_t)st->turn;
    ms->last_turn = (int8_t)st->last_turn;
    ms->phase = (uint8_t)scn_phase;
    ms->initiative = (int8_t)(st->initiative - 1);
    ms->to_act = st->to_act ? (int8_t)(st->to_act - 1) : LNLT_NONE;
    ms->events_done = st->events_done & 0x0F; /* the high bits are a register */
    ms->has_rng = true;
    ms->rng_state = st->rng.state;
    ms->rng_inc = st->rng.inc;
    if (!snap_units(ctx, st, ms, err) || !snap_weapons(ctx, st, ms, err) || !snap_markers(ctx, st, ms, err)) {
        free(s);
        return NULL;
    }
    lnlt_scn_registers_from_state(&ms->reg, st);
    ms->has_registers = true;
    return s;
}

char *lnlt_snapshot_text(const lnlt_ctx *ctx, const lnlt_state *st, lnlt_error *err)
{
    lnlt_scenario *s = lnlt_snapshot(ctx, st, err);
    if (!s)
        return NULL;
    char *text = lnlt_scenario_save(s, ctx->catalog);
    lnlt_scenario_free(s);
    if (!text)
        lnlt_error_set(err, "out of memory writing the snapshot");
    return text;
}
