/*
 * spotting.c: whether a hex is spotted for a side (rule 10.1): open terrain,
 * a Spotted marker, an adjacent good-order enemy, or a unit in it that is moving
 * or marked Moved, Assault Move or Fired. Spotting attempts (10.1.1) will add
 * Spotted markers through the same per-side bitset.
 */
#include "lnlt/combat.h"
#include "rules/internal.h"

static void spot_status(const lnlt_ctx *ctx, const lnlt_state *st, int cell, int observer, lnlt_spot_status *out);

bool rules_spotted(const lnlt_ctx *ctx, const lnlt_state *st, int cell, int observer)
{
    lnlt_spot_status ss;
    spot_status(ctx, st, cell, observer, &ss);
    return lnlt_hex_spotted(&ss);
}

bool rules_spotted_without_adjacency(const lnlt_ctx *ctx, const lnlt_state *st, int cell, int observer)
{
    lnlt_spot_status ss;
    spot_status(ctx, st, cell, observer, &ss);
    ss.go_enemy_adjacent = false;
    return lnlt_hex_spotted(&ss);
}

static void spot_status(const lnlt_ctx *ctx, const lnlt_state *st, int cell, int observer, lnlt_spot_status *out)
{
    lnlt_spot_status ss = {0};
    const lnlt_terrain *t = &lnlt_map_tec(ctx->map)->t[lnlt_map_cell(ctx->map, cell)->terrain];
    ss.open_terrain = t->los == LNLT_LOS_OPEN && !rules_smoked(st, cell); /* 7.0: smoke is blocking terrain */
    ss.spotted_marker = lnlt_bit(st->spotted[observer], cell);
    ss.unit_marked = lnlt_bit(st->melee, cell); /* 10.1: a Melee marker */
    lnlt_hex h = rules_hex(ctx, cell);
    int occupant = lnlt_other_side(observer);
    for (int i = 0; i < st->unit_count; i++) {
        const lnlt_unit *u = &st->unit[i];
        if (!rules_on_map(u))
            continue;
        if (u->side == occupant && u->cell == cell) {
            /* 6.4: a Stealth marker does not give the hex away; firing does */
            if ((u->marks & LNLT_MARK_FIRED) ||
                ((u->marks & (LNLT_MARK_MOVED | LNLT_MARK_ASSAULT_MOVE | LNLT_MARK_HIT_AND_RUN)) &&
                 !(u->marks & LNLT_MARK_STEALTH)))
                ss.unit_marked = true;
            /* 6.3: a low crawl does not give the hex away */
            if (st->move.active && lnlt_bit(st->move.units, i) && st->move.mode != LNLT_MV_LOW_CRAWL &&
                !rules_stealth_mode(st->move.mode))
                ss.unit_moving = true;
        }
        /* A good-order observer unit auto-spots its six neighbours; medics do not. */
        if (u->side == observer && rules_is_good(u) && rules_type(ctx, u)->kind != LNLT_UK_MEDIC &&
            rules_type(ctx, u)->kind != LNLT_UK_CORPSMAN && lnlt_hex_distance(rules_hex(ctx, u->cell), h) == 1)
            ss.go_enemy_adjacent = true;
    }
    *out = ss;
}
