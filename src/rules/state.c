/*
 * state.c: creating, cloning and hashing the flat game state (DESIGN.md
 * principles 1-2), and the names of sides and phases.
 */
#include <stddef.h>
#include <string.h>

#include "lnlt/game.h"
#include "rules/internal.h"

/* The hash reads raw bytes, so the layout must have no padding holes. */
_Static_assert(offsetof(lnlt_state, rng) == 16, "lnlt_state header must be padding-free");
_Static_assert(sizeof(lnlt_unit) == 8, "lnlt_unit must be padding-free");
_Static_assert(offsetof(lnlt_state, unit) == 40, "lnlt_state must be padding-free");
_Static_assert(sizeof(lnlt_state) == 40 + LNLT_MAX_UNITS * sizeof(lnlt_unit), "no tail padding");

void lnlt_state_init(lnlt_state *st, const lnlt_ctx *ctx, uint64_t seed)
{
    memset(st, 0, sizeof *st);
    st->version = LNLT_STATE_VERSION;
    st->turn = 1;
    st->last_turn = (uint8_t)(ctx->turns > 0 ? ctx->turns : 1);
    st->initiative = (uint8_t)(ctx->first_initiative == LNLT_SIDE_2 ? LNLT_SIDE_2 : LNLT_SIDE_1);
    st->phase = LNLT_PHASE_RALLY;
    st->to_act = st->initiative; /* 3.0: the initiative side rallies first */
    lnlt_pcg32_seed(&st->rng, seed, 0x4c6e4c54u /* "LnLT" */);
}

void lnlt_state_clone(lnlt_state *dst, const lnlt_state *src) { memcpy(dst, src, sizeof *dst); }

uint64_t lnlt_state_hash(const lnlt_state *st)
{
    const unsigned char *p = (const unsigned char *)st;
    uint64_t h = 14695981039346656037ULL;
    for (size_t i = 0; i < sizeof *st; i++) {
        h ^= p[i];
        h *= 1099511628211ULL;
    }
    return h;
}

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
    default: return "?";
    }
}
