/*
 * state.c: creating, cloning and hashing the flat game state (DESIGN.md
 * principles 1-2), and the names of sides and phases.
 */
#include <stddef.h>
#include <string.h>

#include "lnlt/game.h"
#include "rules/internal.h"

/* The layout stays padding-free so that a clone copies nothing undefined (the
 * replay hash itself reads named fields: state_hash.c). */
_Static_assert(offsetof(lnlt_state, rng) == 24, "lnlt_state header must be padding-free");
_Static_assert(sizeof(lnlt_unit) == 18, "lnlt_unit must be padding-free");
_Static_assert(sizeof(lnlt_sw) == 8, "lnlt_sw must be padding-free");
_Static_assert(sizeof(lnlt_move_state) == 36, "lnlt_move_state must be padding-free");
_Static_assert(sizeof(lnlt_action) == 24, "lnlt_action must be padding-free");
_Static_assert(offsetof(lnlt_state, unit) == 48, "lnlt_state must be padding-free");
_Static_assert(offsetof(lnlt_state, move) == 48 + LNLT_MAX_UNITS * 18 + LNLT_MAX_SWS * 8, "no holes");
_Static_assert(offsetof(lnlt_state, fort) == offsetof(lnlt_state, activated) + LNLT_UNIT_BITS, "no holes");
_Static_assert(offsetof(lnlt_state, control) == offsetof(lnlt_state, spotted) + 3 * LNLT_MAX_CELLS / 8, "no holes");
_Static_assert(offsetof(lnlt_state, reserved_tail) == offsetof(lnlt_state, smoke) + 2 * LNLT_MAX_CELLS / 8, "no holes");
_Static_assert(offsetof(lnlt_state, ffe) == offsetof(lnlt_state, reserved_tail) + 4, "no holes");
_Static_assert(offsetof(lnlt_state, retreat) == offsetof(lnlt_state, om_depth) + 7, "no holes");
_Static_assert(offsetof(lnlt_state, spotted_up) == offsetof(lnlt_state, reserved_sw) + 2, "no holes");
_Static_assert(sizeof(lnlt_impulse_hex) == 6, "lnlt_impulse_hex must be padding-free");
_Static_assert(sizeof(lnlt_vehicle) == 12, "lnlt_vehicle must be padding-free");
_Static_assert(sizeof(lnlt_acquisition) == 6, "lnlt_acquisition must be padding-free");
_Static_assert(offsetof(lnlt_state, impulse_hex_count) ==
                   offsetof(lnlt_state, melee_fought_up) + (LNLT_FLOORS - 1) * LNLT_MAX_CELLS / 8, "no holes");
_Static_assert(offsetof(lnlt_state, impulse_hex) == offsetof(lnlt_state, impulse_hex_count) + 8, "no holes");
_Static_assert(offsetof(lnlt_state, squads_reduced) == offsetof(lnlt_state, impulse_hex) + LNLT_IMPULSE_HEXES * 6,
               "no holes");
_Static_assert(offsetof(lnlt_state, entry_cell) == offsetof(lnlt_state, squads_reduced) + 2, "no holes");
_Static_assert(offsetof(lnlt_state, forced) == offsetof(lnlt_state, entry_units) + LNLT_UNIT_BITS, "no holes");
_Static_assert(offsetof(lnlt_state, move_step_from) == offsetof(lnlt_state, forced) + LNLT_UNIT_BITS + 2, "no holes");
_Static_assert(offsetof(lnlt_state, control_up) == offsetof(lnlt_state, move_step_from) + 2, "no holes");
_Static_assert(offsetof(lnlt_state, gather_cell) == offsetof(lnlt_state, control_up) + 3 * (LNLT_FLOORS - 1) * LNLT_MAX_CELLS / 8,
               "no holes");
_Static_assert(offsetof(lnlt_state, vehicle) == offsetof(lnlt_state, rules_off) + 2, "no holes");
_Static_assert(offsetof(lnlt_state, aboard) ==
                   offsetof(lnlt_state, vehicle) + LNLT_MAX_VEHICLES * 12 + LNLT_MAX_ACQ * 6, "no holes");
_Static_assert(offsetof(lnlt_state, by_loc) == offsetof(lnlt_state, reserved_veh) + sizeof(((lnlt_state *)0)->reserved_veh),
               "no holes");
_Static_assert(offsetof(lnlt_state, by_loc) % 8 == 0, "the derived index starts a 64-bit word (search.c)");
_Static_assert(offsetof(lnlt_state, occupied) == offsetof(lnlt_state, reserved_index) + 7, "no holes");
_Static_assert(offsetof(lnlt_state, by_loc_at) == offsetof(lnlt_state, occupied) + 2 * LNLT_FLOORS * LNLT_MAX_CELLS / 8,
               "no holes");
_Static_assert(sizeof(lnlt_state) == offsetof(lnlt_state, by_loc_at) + 2 * LNLT_MAX_UNITS, "no tail padding");

void lnlt_state_init(lnlt_state *st, const lnlt_ctx *ctx, uint64_t seed)
{
    memset(st, 0, sizeof *st);
    st->version = LNLT_STATE_VERSION;
    st->turn = 1;
    st->last_turn = (uint8_t)(ctx->turns > 0 ? ctx->turns : 1);
    st->initiative = (uint8_t)(ctx->first_initiative == LNLT_SIDE_2 ? LNLT_SIDE_2 : LNLT_SIDE_1);
    st->phase = LNLT_PHASE_RALLY;
    st->to_act = st->initiative; /* 3.0: the initiative side rallies first */
    st->spotter = -1;
    st->spotted_cell = -1;
    memset(st->force_arrive, 0xFF, sizeof st->force_arrive);
    st->melee_cell = -1;
    st->mission_landing = -1;
    st->mission_caller = -1;
    for (int i = 0; i < LNLT_MAX_VEHICLES; i++) {
        st->vehicle[i].unit = -1;
        st->vehicle[i].fire_loc = -1;
    }
    for (int i = 0; i < LNLT_MAX_ACQ; i++)
        st->acq[i].firer = -1;
    st->entry_cell = -1;
    st->gather_cell = -1;
    rules_options_init(ctx, st); /* 22.0: the optional rules as the data says */
    lnlt_pcg32_seed(&st->rng, seed, 0x4c6e4c54u /* "LnLT" */);
    if (ctx->scenario && ctx->catalog && ctx->map)
        rules_setup_from_scenario(ctx, st);
    rules_index_rebuild(st);
}

void lnlt_state_clone(lnlt_state *dst, const lnlt_state *src) { memcpy(dst, src, sizeof *dst); }

const char *lnlt_side_name(const lnlt_ctx *ctx, int side)
{
    if (side == LNLT_SIDE_1 || side == LNLT_SIDE_2) {
        if (ctx && ctx->side_name[side])
            return ctx->side_name[side];
        return side == LNLT_SIDE_1 ? "side 1" : "side 2";
    }
    return "nobody";
}

const char *lnlt_phase_name(int phase)
{
    switch (phase) {
    case LNLT_PHASE_RALLY: return "Rally Phase";
    case LNLT_PHASE_OPERATIONS: return "Operations Phase";
    case LNLT_PHASE_ADMIN: return "Administrative Phase";
    case LNLT_PHASE_GAME_OVER: return "game over";
    case LNLT_PHASE_SETUP: return "Set-up";
    default: return "?";
    }
}
