/*
 * scenario_registers.c: the engine registers of a mid-game position
 * (docs/formats/scenario.md, "Engine registers"): the parts of the game state
 * that say which decision is under way and how far it has gone (the impulse, a
 * move and its opportunity-fire window, a melee being set up, a pending scenario
 * event, a fire mission, suspended opportunity moves, retreats). They have no
 * counter on the table, so the format names them after the engine's fields and
 * writes them in the engine's numbering; lnlt writes them into every snapshot so
 * that a position saved as a scenario loads back identical (issues 12, 17).
 *
 * One table drives reading, writing, range checks and the copy to and from the
 * game state, so the four never disagree.
 */
#include <stddef.h>
#include <string.h>

#include "lnlt/game.h"
#include "lnlt/scenario.h"

#define REG(name, kind, field, count, is_signed, min, max, def)                                                  \
    {name, kind, count, (uint8_t)(sizeof(((lnlt_state *)0)->field) / (count)), is_signed,                        \
     (uint16_t)offsetof(lnlt_state, field), min, max, def, (uint8_t)(sizeof(((lnlt_state *)0)->field) / (count))}
/* A field of each element of a struct array: `stride` bytes apart. */
#define REG_OF(name, kind, array, field, count, is_signed, min, max, def)                                            \
    {name, kind, count, (uint8_t)sizeof(((lnlt_state *)0)->array[0].field), is_signed,                            \
     (uint16_t)(offsetof(lnlt_state, array) + offsetof(lnlt_impulse_hex, field)), min, max, def,                   \
     (uint8_t)sizeof(((lnlt_state *)0)->array[0])}
#define NUM(name, field, min, max, def) REG(name, LNLT_REG_NUMBER, field, 1, false, min, max, def)
#define NUMS(name, field, n, min, max, def) REG(name, LNLT_REG_NUMBER, field, n, false, min, max, def)
#define UNIT(name, field) REG(name, LNLT_REG_UNIT, field, 1, true, -1, LNLT_MAX_UNITS - 1, -1)
#define LOC(name, field, n, def) REG(name, LNLT_REG_LOCATION, field, n, true, -4, LNLT_MAX_CELLS * LNLT_FLOORS - 1, def)
#define UNITS(name, field) REG(name, LNLT_REG_UNITS, field, LNLT_UNIT_BITS, false, 0, 255, 0)

const lnlt_scn_register lnlt_scn_register_table[] = {
    NUM("winner", winner, 0, 2, 0),
    NUM("passes", passes, 0, 255, 0),
    NUM("rally_done", rally_done, 0, 6, 0), /* bit 1 << side */
    NUM("decision", decision, 0, 63, 0),    /* lnlt_decision_kind */
    NUM("acted", acted, 0, 255, 0),
    NUM("impulse_side", impulse_side, 0, 2, 0),
    NUM("spot_tried", spot_tried, 0, 255, 0),
    UNIT("spotter", spotter),
    LOC("spotted_location", spotted_cell, 1, -1),
    UNITS("activated", activated),
    LOC("move_location", move.cell, 1, 0),
    LOC("move_origin", move.origin, 1, 0),
    NUM("move_active", move.active, 0, 255, 0),
    NUM("move_mode", move.mode, 0, 15, 0),
    NUM("move_half_mp_here", move.mp2_here, 0, 255, 0),
    NUM("move_opportunity_fires", move.of_made, 0, 255, 0),
    NUM("move_hexes", move.hexes, 0, 255, 0),
    NUM("move_hit_and_run_fired", move.hr_fired, 0, 255, 0),
    LOC("move_fired_from", move.of_from, 6, 0),
    UNITS("move_units", move.units),
    NUMS("force_edge", force_edge, LNLT_MAX_FORCES, 0, 15, 0),
    NUMS("force_released_by", force_arrive, LNLT_MAX_FORCES, 0, LNLT_SCN_ACTIONS - 1, 0xFF),
    NUM("objectives", objectives, 0, 255, 0),
    REG("objectives_destroyed", LNLT_REG_HIGH_NIBBLE, events_done, 1, false, 0, 15, 0),
    NUM("pending", pending, 0, 63, 0),
    NUM("pending_ref", pending_ref, 0, LNLT_SCN_ACTIONS - 1, 0),
    NUM("pending_side", pending_side, 0, 2, 0),
    NUM("resume", resume, 0, 63, 0),
    NUM("resume_to_act", resume_to_act, 0, 2, 0),
    NUM("continue_count", cont_count, 0, LNLT_SCN_ACTIONS, 0),
    NUMS("continue_next", cont_next, 2, 0, LNLT_SCN_ACTIONS, 0),
    NUMS("continue_end", cont_end, 2, 0, LNLT_SCN_ACTIONS, 0),
    UNITS("melee_targets", melee_targets),
    LOC("melee_location", melee_cell, 1, -1),
    NUM("melee_stage", melee_stage, 0, 2, 0),
    NUM("melee_first", melee_first, 0, 2, 0),
    LOC("mission_landing", mission_landing, 1, -1),
    UNIT("mission_caller", mission_caller),
    NUMS("missions", missions, 3, 0, 255, 0),
    NUM("mission_fp", ffe_fp, 0, 255, 0),
    /* the scenario action that called the mission, or 254: the OOB's off-board artillery (18.2) */
    {"mission_action", LNLT_REG_NUMBER, 1, 1, false, (uint16_t)offsetof(lnlt_state, mission_action), 0,
     LNLT_SCN_ACTIONS - 1, 0, 1, true, 0xFE},
    NUM("opportunity_move_depth", om_depth, 0, LNLT_OM_DEPTH_MAX, 0),
    NUMS("opportunity_move_frames", om_frame, LNLT_OM_DEPTH_MAX * 3, 0, 255, 0),
    UNITS("retreating", retreat),
    LOC("retreat_from", retreat_from, 1, 0),
    NUM("move_double_time", move.double_time, 0, 1, 0),
    NUM("impulse_hex_count", impulse_hex_count, 0, LNLT_IMPULSE_HEXES, 0),
    REG_OF("impulse_hex_location", LNLT_REG_LOCATION, impulse_hex, loc, LNLT_IMPULSE_HEXES, true, -4,
           LNLT_MAX_CELLS * LNLT_FLOORS - 1, 0),
    REG_OF("impulse_hex_fired_at", LNLT_REG_LOCATION, impulse_hex, fired_at, LNLT_IMPULSE_HEXES, true, -4,
           LNLT_MAX_CELLS * LNLT_FLOORS - 1, 0),
    REG_OF("impulse_hex_done", LNLT_REG_NUMBER, impulse_hex, done, LNLT_IMPULSE_HEXES, false, 0, 255, 0),
    REG_OF("impulse_hex_leader", LNLT_REG_UNIT, impulse_hex, by_leader, LNLT_IMPULSE_HEXES, true, -1,
           LNLT_MAX_UNITS - 1, 0),
    NUMS("squads_reduced", squads_reduced, 2, 0, 255, 0),
    LOC("entry_group_location", entry_cell, 1, -1),
    UNITS("entry_group_units", entry_units),
    UNITS("forced_moves", forced),
    NUM("forced_window", forced_window, 0, 63, 0),
    NUM("forced_impulse_side", forced_impulse_side, 0, 2, 0),
    LOC("move_step_from", move_step_from, 1, 0),
    LOC("gather_location", gather_cell, 1, -1),
    UNITS("gather_units", gather_units),
    NUM("optional_rules_off", rules_off, 0, (1 << LNLT_SCN_RULES) - 1, 0),
    /* 14.1, 16.2, 18.2, 18.3: vehicles and ordnance */
    NUM("pending_vehicle", pending_vehicle, 0, LNLT_MAX_VEHICLES - 1, 0),
    NUMS("ordnance_weapons_fired", sw_fired, LNLT_MAX_SWS / 8, 0, 255, 0),
    NUM("artillery_called", oba_called, 0, 6, 0), /* bit 1 << side */
    NUMS("artillery_missions_left", oba_left, 2, 0, 9, 0),
    NUMS("artillery_fp", oba_fp, 2, 0, 12, 0),
    /* 14.4: an ATGM shot waiting on the enemy's reaction fire */
    NUM("atgm_firer", atgm_unit, 0, LNLT_MAX_UNITS, 0),
    LOC("atgm_target", atgm_to, 1, 0),
    NUM("atgm_weapon", atgm_code, 0, LNLT_WEAPON_SW + LNLT_MAX_SWS - 1, 0),
    NUM("atgm_vehicle", atgm_tv, 0, LNLT_MAX_UNITS, 0),
    NUM("atgm_flags", atgm_flags, 0, 1, 0),
    NUM("atgm_resume", atgm_resume, 0, 63, 0),
};

const int lnlt_scn_register_count = (int)(sizeof lnlt_scn_register_table / sizeof lnlt_scn_register_table[0]);

_Static_assert(sizeof lnlt_scn_register_table / sizeof lnlt_scn_register_table[0] <= 128, "one bit per register in `given`");

int lnlt_scn_register_find(const char *name)
{
    for (int r = 0; r < lnlt_scn_register_count; r++)
        if (!strcmp(lnlt_scn_register_table[r].name, name))
            return r;
    return -1;
}

int lnlt_scn_register_slot(int reg)
{
    int slot = 0;
    for (int r = 0; r < reg; r++)
        slot += lnlt_scn_register_table[r].count;
    return slot;
}

static int32_t get_elem(const unsigned char *base, const lnlt_scn_register *g, int k)
{
    const unsigned char *p = base + g->offset + (size_t)k * g->stride;
    if (g->size == 2) {
        int16_t v;
        memcpy(&v, p, 2);
        return v;
    }
    if (g->kind == LNLT_REG_HIGH_NIBBLE)
        return p[0] >> 4;
    return g->is_signed ? (int32_t)(int8_t)p[0] : (int32_t)p[0];
}

static void set_elem(unsigned char *base, const lnlt_scn_register *g, int k, int32_t v)
{
    unsigned char *p = base + g->offset + (size_t)k * g->stride;
    if (g->size == 2) {
        int16_t x = (int16_t)v;
        memcpy(p, &x, 2);
    } else if (g->kind == LNLT_REG_HIGH_NIBBLE) {
        p[0] = (unsigned char)((p[0] & 0x0F) | ((v & 0x0F) << 4));
    } else {
        p[0] = (unsigned char)v;
    }
}

void lnlt_scn_registers_from_state(lnlt_scn_registers *regs, const void *state)
{
    memset(regs, 0, sizeof *regs);
    for (int r = 0, slot = 0; r < lnlt_scn_register_count; r++) {
        const lnlt_scn_register *g = &lnlt_scn_register_table[r];
        for (int k = 0; k < g->count; k++)
            regs->slot[slot++] = get_elem(state, g, k);
        regs->given[r / 64] |= 1ull << (r % 64);
    }
}

void lnlt_scn_registers_to_state(const lnlt_scn_registers *regs, void *state)
{
    for (int r = 0, slot = 0; r < lnlt_scn_register_count; r++) {
        const lnlt_scn_register *g = &lnlt_scn_register_table[r];
        bool given = regs->given[r / 64] & (1ull << (r % 64));
        for (int k = 0; k < g->count; k++, slot++)
            set_elem(state, g, k, given ? regs->slot[slot] : g->def);
    }
}
