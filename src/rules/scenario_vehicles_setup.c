/*
 * scenario_vehicles_setup.c: the vehicle parts of a scenario put into a starting
 * state (22.0 with 14.0-16.0, 18.2 and 21.x): every vehicle and gun team gets its
 * slot, a mid-game position's facings, hatches, passengers, armor leaders,
 * acquisitions and Wreck markers, the set-up's foxholes, wire and mines (bunkers
 * are places of the ctx, ctx_open.c), and the OOB's off-board artillery missions.
 * setup.c calls in here.
 */
#include <string.h>

#include "lnlt/ordnance.h"
#include "lnlt/scenario.h"
#include "rules/internal.h"

void rules_vehicles_attach_all(const lnlt_ctx *ctx, lnlt_state *st)
{
    for (int i = 0; i < st->unit_count; i++)
        (void)rules_vehicle_attach(ctx, st, i); /* the validator keeps them within LNLT_MAX_VEHICLES */
}

int rules_commandable_vehicle(const lnlt_ctx *ctx, const lnlt_state *st, int side, int loc)
{
    int vs[4];
    int n = rules_vehicles_in(ctx, st, loc, side, vs, 4);
    for (int i = 0; i < n && i < 4; i++) {
        int rider[1];
        if (rules_riders(st, vs[i], RIDER_COMMANDER, rider, 1) == 0)
            return vs[i];
    }
    return -1;
}

static void add_fort(lnlt_state *st, int kind, int cell, int value)
{
    for (int f = 0; f < LNLT_MAX_FORTS; f++)
        if (!st->fort[f].kind) {
            st->fort[f].cell = (int16_t)cell;
            st->fort[f].kind = (uint8_t)kind;
            st->fort[f].value = (uint8_t)value;
            return;
        }
}

void rules_scenario_forts(const lnlt_ctx *ctx, lnlt_state *st)
{
    const lnlt_scenario *scn = ctx->scenario;
    for (int i = 0; i < scn->fort_count; i++) {
        const lnlt_scn_fort *f = &scn->fort[i];
        int cell = lnlt_map_index(ctx->map, f->hex);
        if (cell < 0)
            continue;
        if (f->kind == LNLT_SCN_FORT_FOXHOLES)
            add_fort(st, LNLT_FORT_FOXHOLES, cell, 0); /* value: for mines only */
        else if (f->kind == LNLT_SCN_FORT_WIRE)
            add_fort(st, LNLT_FORT_WIRE, cell, 0);
        else if (f->kind == LNLT_SCN_FORT_MINES)
            add_fort(st, LNLT_FORT_MINES, cell, (f->fp & 0x0F) | ((f->side + 1) << 4));
    }
    rules_oba_setup(ctx, st);
}

void rules_scenario_vehicle_state(const lnlt_ctx *ctx, lnlt_state *st, const int *index_of)
{
    const lnlt_scn_state *ms = &ctx->scenario->state;
    rules_vehicles_attach_all(ctx, st);
    for (int i = 0; i < ms->unit_count; i++) {
        const lnlt_scn_unit_state *us = &ms->unit[i];
        int u = index_of[i];
        if (u < 0)
            continue;
        lnlt_vehicle *v = rules_veh(st, u);
        if (v && us->has_facing) {
            int k = lnlt_corner_between(us->hex, us->facing[0], us->facing[1]);
            if (k >= 0)
                v->facing = v->turret = (uint8_t)k;
        }
        if (v && us->has_turret) {
            int k = lnlt_corner_between(us->hex, us->turret[0], us->turret[1]);
            if (k >= 0)
                v->turret = (uint8_t)k;
        }
        if (v && us->has_vehicle_state) { /* a snapshot: the slot's counters exactly */
            v->flags = us->veh_flags;
            v->impulse = us->veh_impulse;
            v->turn = us->veh_turn;
            v->road_mp2 = us->veh_road_mp2;
            v->shots = us->veh_shots;
            v->paused = us->veh_paused;
            v->fire_loc = us->veh_fire_loc;
            if (us->veh_has_corners) {
                v->facing = us->veh_corner;
                v->turret = us->veh_turret_corner;
            }
        }
        if (v && us->buttoned)
            v->flags |= LNLT_VEH_BUTTONED;
        if (us->aboard >= 0 && index_of[us->aboard] >= 0) {
            bool commander = rules_type(ctx, &st->unit[u])->kind == LNLT_UK_ARMOR_LEADER;
            rules_board(st, u, index_of[us->aboard],
                        commander ? RIDER_COMMANDER : us->outside ? RIDER_OUTSIDE : RIDER_INSIDE);
        }
    }
    for (int i = 0; i < ms->unit_count; i++) { /* acquisitions once every vehicle has its slot */
        const lnlt_scn_unit_state *us = &ms->unit[i];
        if (!us->acq_level || index_of[i] < 0)
            continue;
        for (int k = 0; k < LNLT_MAX_ACQ; k++)
            if (st->acq[k].firer < 0) {
                st->acq[k].firer = (int16_t)index_of[i];
                st->acq[k].target = (int16_t)(us->acq_hex_set ? LNLT_ACQ_LOC - lnlt_location(lnlt_map_index(ctx->map, us->acq_hex), us->acq_floor)
                                                              : index_of[us->acq_target]);
                st->acq[k].level = us->acq_level;
                st->acq[k].fresh = us->acq_fresh;
                break;
            }
    }
}
