/*
 * fire_los.c: what the map and the markers on it give a shot: the terrain modifier
 * of the target's location (TEC; Smoke, 7.0; rooftops, 10.6; a nation's exception
 * on the chart, 13.0) and line of sight between two locations with the markers
 * that block it (10.0), asked of the precomputed table with the state's marker
 * summary.
 */
#include <string.h>

#include "lnlt/combat.h"
#include "rules/internal.h"

int rules_hex_tm(const lnlt_ctx *ctx, const lnlt_state *st, int cell, int side, lnlt_modifiers *mods)
{
    const lnlt_terrain *t = rules_terrain(ctx, st, cell); /* 15.1.2: Rubble once rubbled */
    int tm = t->tm;
    /* 7.0, TEC Smoke row: the marker's TM adds to the hex's (two markers still add
     * it once; 5.5 caps later). */
    int smoke = lnlt_map_smoke_terrain(ctx->map);
    int smoke_tm = smoke >= 0 ? lnlt_map_tec(ctx->map)->t[smoke].tm : 1;
    if (lnlt_loc_floor(cell) == LNLT_FLOOR_ROOF) {
        /* 10.6: a rooftop's own +1, not the building's (ruling R-CORE-42) */
        tm = 1;
        if (mods)
            lnlt_mods_add(mods, tm, "Rooftop", "10.6");
        if (rules_smoked(st, cell)) {
            tm += smoke_tm;
            if (mods)
                lnlt_mods_add(mods, smoke_tm, "Smoke", "7.0");
        }
        return tm;
    }
    /* 13.0: a nation's exception printed on the chart (VC in jungle); the first
     * unit of the side in the hex decides, as IB-mixed stacks do not occur in the kit. */
    int ids[LNLT_MAX_UNITS];
    int n = rules_units_in(st, cell, side, ids, LNLT_MAX_UNITS);
    if (n > 0) {
        const lnlt_terrain_override *o = rules_terrain_override(ctx, t, &st->unit[ids[0]]);
        if (o)
            tm = o->tm;
    }
    if (mods)
        lnlt_mods_add(mods, tm, t->name, "10.4");
    for (int i = 0; i < LNLT_MAX_FORTS; i++) {
        if (st->fort[i].kind != LNLT_FORT_FOXHOLES || st->fort[i].cell != cell) /* foxholes: ground only */
            continue;
        int f = lnlt_tec_find(lnlt_map_tec(ctx->map), "foxholes");
        int ftm = f >= 0 ? lnlt_map_tec(ctx->map)->t[f].tm : 1;
        tm += ftm;
        if (mods)
            lnlt_mods_add(mods, ftm, "Foxholes", "21.2");
    }
    if (rules_smoked(st, cell)) {
        tm += smoke_tm;
        if (mods)
            lnlt_mods_add(mods, smoke_tm, "Smoke", "7.0");
    }
    tm += rules_crater_tm(ctx, cell, mods); /* 10.5.5: on top of the hex's */
    /* 21.1, 10.7: inside a bunker or a cave its TM adds to the hex's */
    int btm = rules_bunker_tm(ctx, cell);
    if (btm) {
        tm += btm;
        if (mods)
            lnlt_mods_add(mods, btm, rules_in_cave(ctx, cell) ? "Cave" : "Bunker", rules_in_cave(ctx, cell) ? "10.7" : "21.1");
    }
    /* 10.1, TEC: a Wreck, or a vehicle, in the hex gives Leg units +2 (once) */
    int vtm = rules_vehicle_hex_tm(ctx, st, cell, false);
    if (vtm) {
        tm += vtm;
        if (mods)
            lnlt_mods_add(mods, vtm, rules_wreck_at(st, cell) ? "Wreck" : "vehicle in the hex", "10.1");
    }
    return tm;
}

/* The 256-bit summary of the dynamic obstacles on the map (smoke and Fire For
 * Effect markers) the LOS table asks for: bit c % 256 for each hex c holding one.
 * The marker sets hold hex c at bit c of their 512, so the summary is their
 * halves or'ed together: the state's markers are the obstacle mask, kept up to
 * date by the rules that place and remove them, and no layer is built to ask the
 * table. False when the map has no obstacle at all. */
static inline void fold_markers(uint8_t *restrict out, const uint8_t *restrict a, const uint8_t *restrict b,
                                const uint8_t *restrict c, const uint8_t *restrict d)
{
    enum { HALF = LNLT_LOS_TOUCH_BITS / 8 };
    for (int j = 0; j < HALF; j++)
        out[j] = (uint8_t)(a[j] | a[j + HALF] | b[j] | b[j + HALF] | c[j] | c[j + HALF] | d[j] | d[j + HALF]);
}

static bool obstacle_mask(const lnlt_ctx *ctx, const lnlt_state *st, uint64_t *mask)
{
    enum { WORDS = LNLT_LOS_TOUCH_BITS / 64, HALF = LNLT_LOS_TOUCH_BITS / 8 };
    /* byte j of the summary is byte j and byte j + 32 of each set (little-endian
     * words): a loop the compiler does a vector at a time */
    uint8_t folded[HALF];
    fold_markers(folded, st->smoke[0], st->smoke[1], st->ffe, st->wreck); /* TEC: Wrecks degrade */
    memcpy(mask, folded, sizeof folded);
    uint64_t any = 0;
    for (int i = 0; i < WORDS; i++)
        any |= mask[i];
    /* 10.5.6.4: Fire markers block as Smoke */
    bool fire = rules_any_fire(st);
    for (int k = 0; fire && k < LNLT_MAX_FORTS; k++) {
        int c = st->fort[k].cell;
        if (st->fort[k].kind == LNLT_FORT_FIRE && c >= 0) {
            mask[(c % LNLT_LOS_TOUCH_BITS) / 64] |= 1ull << (c % 64);
            any = 1;
        }
    }
    /* 15.1.2: Rubble turns a blocking building into a degrading obstacle */
    if (st->rubble_any) {
        uint8_t rubble[HALF];
        for (int j = 0; j < HALF; j++)
            rubble[j] = (uint8_t)(st->rubble[j] | st->rubble[j + HALF]);
        for (int i = 0; i < WORDS; i++) {
            uint64_t w;
            memcpy(&w, rubble + 8 * i, sizeof w);
            mask[i] |= w;
        }
        any = 1;
    }
    /* TEC: so do vehicles, abandoned ones too */
    for (int k = 0; k < st->vehicle_count; k++) {
        int u = st->vehicle[k].unit, c = u >= 0 ? st->unit[u].cell : -1;
        if (c >= 0 && rules_is_vehicle(ctx, &st->unit[u])) {
            mask[(c % LNLT_LOS_TOUCH_BITS) / 64] |= 1ull << (c % 64);
            any = 1;
        }
    }
    return any != 0;
}
_Static_assert(sizeof(((lnlt_state *)0)->ffe) == LNLT_MAX_CELLS / 8 && sizeof(((lnlt_state *)0)->wreck) == LNLT_MAX_CELLS / 8 &&
                   LNLT_MAX_CELLS == 2 * LNLT_LOS_TOUCH_BITS,
               "marker sets are two 256-bit summaries (fold_markers)");

bool rules_los(const lnlt_ctx *ctx, const lnlt_state *st, int from, int to, lnlt_los_result *out)
{
    /* 10.2, 10.6: a unit sees from its floor's level; 21.1.1: a bunker from its hex's ground */
    int ff = lnlt_loc_floor(from), ft = lnlt_loc_floor(to);
    ff = ff == LNLT_FLOOR_BUNKER ? 0 : ff;
    ft = ft == LNLT_FLOOR_BUNKER ? 0 : ft;
    uint8_t v;
    uint64_t obstacles[LNLT_LOS_TOUCH_BITS / 64];
    bool any = ctx->los_table && obstacle_mask(ctx, st, obstacles);
    /* 15.1.2: a line from or into a rubbled hex (whose building no longer makes
     * the limited LOS of 10.3.2) is traced, the table's lines record only the
     * hexes between the ends */
    bool rubbled_end = __builtin_expect(st->rubble_any != 0, 0) &&
                       (lnlt_bit(st->rubble, lnlt_loc_cell(from)) || lnlt_bit(st->rubble, lnlt_loc_cell(to)));
    if (ctx->los_table && !rubbled_end && lnlt_los_table_lookup(ctx->los_table, lnlt_loc_cell(from), ff,
                                                lnlt_loc_cell(to), ft, any ? obstacles : NULL, &v) &&
        v != 0xFF) {
        /* The precomputed table answers the verdict, degrading count and limited
         * flag, which is all the rules ask; reasons are for the LOS tool. */
        memset(out, 0, sizeof *out);
        out->verdict = (uint8_t)(v & 3);
        out->degrade = (uint8_t)((v >> 2) & 3);
        out->limited = (uint8_t)((v >> 4) & 1);
        out->range = (int16_t)lnlt_map_cell_distance(ctx->map, lnlt_loc_cell(from), lnlt_loc_cell(to));
        return out->verdict != LNLT_LOS_BLOCKED;
    }
    lnlt_loc a = {rules_hex(ctx, from), (uint8_t)ff};
    lnlt_loc b = {rules_hex(ctx, to), (uint8_t)ft};
    /* 7.0: Smoke markers are dynamic blocking obstacles on top of the map. */
    uint8_t cells[LNLT_MAX_CELLS];
    lnlt_los_dynamic dyn = {cells};
    bool smoke = rules_smoke_layer(ctx, st, cells);
    smoke = rules_ffe_layer(ctx, st, cells, smoke); /* 18.2: FFE hexes degrade LOS */
    smoke = rules_vehicle_layer(ctx, st, cells, smoke); /* TEC: wrecks and vehicles degrade LOS */
    smoke = rules_rubble_layer(ctx, st, cells, smoke);  /* 15.1.2: Rubble instead of the building */
    if (ctx->los_table && !rubbled_end) {
        /* a line the obstacles may touch: traced with them, and answered as the
         * table answers (lnlt_los_table_get would trace it so, the obstacle mask
         * meeting the line's summary) */
        lnlt_los_result r;
        if (lnlt_los(ctx->map, a, b, smoke ? &dyn : NULL, &r)) {
            memset(out, 0, sizeof *out);
            out->verdict = r.verdict;
            out->degrade = r.degrade;
            out->limited = r.limited;
            out->range = (int16_t)lnlt_hex_distance(a.hex, b.hex);
            return out->verdict != LNLT_LOS_BLOCKED;
        }
    }
    lnlt_los(ctx->map, a, b, smoke ? &dyn : NULL, out);
    return out->verdict != LNLT_LOS_BLOCKED;
}
