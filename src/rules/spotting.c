/*
 * spotting.c: whether a hex is spotted for a side (rule 10.1): open terrain,
 * a Spotted marker, an adjacent good-order enemy, or a unit in it that is moving
 * or marked Moved, Assault Move or Fired. Spotting attempts (10.1.1) will add
 * Spotted markers through the same per-side bitset.
 */
#include "lnlt/combat.h"
#include "rules/internal.h"

static void spot_status(const lnlt_ctx *ctx, const lnlt_state *st, int cell, int observer, lnlt_spot_status *out);
static bool open_terrain(const lnlt_ctx *ctx, const lnlt_state *st, int cell, int observer);
static void loc_marks(const lnlt_state *st, int cell, int observer, lnlt_spot_status *ss);
static bool observer_adjacent(const lnlt_ctx *ctx, const lnlt_state *st, int cell, int observer);

bool rules_spotted(const lnlt_ctx *ctx, const lnlt_state *st, int cell, int observer)
{
    /* lnlt_hex_spotted of spot_status, which is true as soon as one of its parts
     * is: the parts are asked cheapest first and no further than needed (the
     * adjacent observers, a search of the locations around, last). */
    if (open_terrain(ctx, st, cell, observer))
        return true;
    lnlt_spot_status ss = {0};
    loc_marks(st, cell, observer, &ss);
    int partner = rules_spot_partner(ctx, cell); /* 10.6.1 */
    if (partner >= 0)
        loc_marks(st, partner, observer, &ss);
    if (lnlt_hex_spotted(&ss))
        return true;
    return observer_adjacent(ctx, st, cell, observer) || (partner >= 0 && observer_adjacent(ctx, st, partner, observer));
}

bool rules_spotted_without_adjacency(const lnlt_ctx *ctx, const lnlt_state *st, int cell, int observer)
{
    lnlt_spot_status ss;
    spot_status(ctx, st, cell, observer, &ss);
    ss.go_enemy_adjacent = false;
    return lnlt_hex_spotted(&ss);
}

/* A Spotted or Melee marker, or an occupant giving the location away. */
static void loc_marks(const lnlt_state *st, int cell, int observer, lnlt_spot_status *ss)
{
    ss->spotted_marker |= rules_spot_marker(st, observer, cell);
    ss->unit_marked |= rules_melee_marker(st, cell); /* 10.1: a Melee marker */
    int occupant = lnlt_other_side(observer), here[LNLT_MAX_UNITS];
    int n = rules_units_in(st, cell, occupant, here, LNLT_MAX_UNITS);
    for (int k = 0; k < n; k++) {
        int i = here[k];
        const lnlt_unit *u = &st->unit[i];
        /* 6.4: a Stealth marker does not give the hex away; firing does */
        if ((u->marks & LNLT_MARK_FIRED) ||
            ((u->marks & (LNLT_MARK_MOVED | LNLT_MARK_ASSAULT_MOVE | LNLT_MARK_HIT_AND_RUN)) &&
             !(u->marks & LNLT_MARK_STEALTH)))
            ss->unit_marked = true;
        /* 6.3: a low crawl does not give the hex away */
        if (st->move.active && lnlt_bit(st->move.units, i) && st->move.mode != LNLT_MV_LOW_CRAWL &&
            !rules_stealth_mode(st->move.mode))
            ss->unit_moving = true;
    }
}

/* A good-order observer unit auto-spots the locations next to it (10.4.1 says
 * which floors those are); medics do not, nor buttoned or abandoned vehicles
 * (15.0.1). Adjacency is symmetric, so the observers are found in the locations
 * next to this one. */
static bool observer_adjacent(const lnlt_ctx *ctx, const lnlt_state *st, int cell, int observer)
{
    int near[LNLT_FLOORS * 7];
    int nn = rules_loc_neighbors(ctx, cell, near, LNLT_FLOORS * 7);
    for (int j = 0; j < nn && j < LNLT_FLOORS * 7; j++) {
        if (!rules_side_in(st, near[j], observer))
            continue;
        int obs[LNLT_MAX_UNITS];
        int no = rules_units_in(st, near[j], observer, obs, LNLT_MAX_UNITS);
        for (int k = 0; k < no; k++) {
            const lnlt_unit *u = &st->unit[obs[k]];
            if (rules_is_good(u) && rules_type(ctx, u)->kind != LNLT_UK_MEDIC &&
                rules_type(ctx, u)->kind != LNLT_UK_CORPSMAN &&
                !(rules_is_vehicle(ctx, u) && (rules_vehicle_buttoned(ctx, st, obs[k]) || rules_vehicle_abandoned(st, obs[k]))))
                return true;
        }
    }
    return false;
}

static void loc_status(const lnlt_ctx *ctx, const lnlt_state *st, int cell, int observer, lnlt_spot_status *ss)
{
    loc_marks(st, cell, observer, ss);
    if (!ss->go_enemy_adjacent)
        ss->go_enemy_adjacent = observer_adjacent(ctx, st, cell, observer);
}

/* 7.0: smoke is blocking terrain; an upper floor, a roof (10.6) or a bunker
 * (21.1.1) is never open; Craters degrade (10.5.5), a tree-lined road is open
 * only along it (10.5.3) */
static bool open_terrain(const lnlt_ctx *ctx, const lnlt_state *st, int cell, int observer)
{
    const lnlt_map_hex *mh = lnlt_map_cell(ctx->map, lnlt_loc_cell(cell));
    const lnlt_terrain *t = &lnlt_map_tec(ctx->map)->t[mh->terrain];
    if (t->los != LNLT_LOS_OPEN || rules_smoked(st, cell) || lnlt_loc_floor(cell) != LNLT_FLOOR_GROUND)
        return false;
    if (!mh->counter && !(mh->flags & LNLT_HEXF_TREE_LINED))
        return true;
    return rules_spot_terrain_class(ctx, st, cell, observer) == LNLT_LOS_OPEN;
}

static void spot_status(const lnlt_ctx *ctx, const lnlt_state *st, int cell, int observer, lnlt_spot_status *out)
{
    lnlt_spot_status ss = {0};
    ss.open_terrain = open_terrain(ctx, st, cell, observer);
    loc_status(ctx, st, cell, observer, &ss);
    /* 10.6.1: a rooftop and the floor under it are spotted as one */
    int partner = rules_spot_partner(ctx, cell);
    if (partner >= 0)
        loc_status(ctx, st, partner, observer, &ss);
    *out = ss;
}
