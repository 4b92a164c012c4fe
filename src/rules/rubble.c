/*
 * rubble.c: rubbling buildings and huts (rule 15.1.2) and what a Rubble marker
 * changes afterwards. A T- or O-class vehicle whose front hull armour is above 3
 * (above 1 for Bamboo Huts) may enter an unoccupied Wooden (LC) building or hut
 * hex, paying the chart's cost; the hex turns to Rubble at once (a marker in the
 * hex for the rest of the game) and 2d6 (2d6 - 2 for huts) above the front hull
 * AF, or a natural 12, abandons the vehicle there. From then on the hex is the
 * chart's Rubble row for every rule: line of sight (degrading, Level-1, never
 * whole-hex: fire.c rules_los), TM, movement costs, and no upper floor or rooftop
 * (locations.c). The state holds the markers as a bitset (lnlt_state.rubble)
 * with a flag saying any is set, so games without Rubble pay one byte test.
 * Rulings R-VEH-37 to R-VEH-41.
 */
#include <stdio.h>
#include <string.h>

#include "lnlt/ordnance.h"
#include "rules/internal.h"

const lnlt_terrain *rules_rubble_terrain(const lnlt_ctx *ctx)
{
    const lnlt_tec *tec = lnlt_map_tec(ctx->map);
    return &tec->t[lnlt_tec_find(tec, "rubble")];
}

int rules_rubble_enter_mp2(const lnlt_ctx *ctx, lnlt_mover mover) { return rules_rubble_terrain(ctx)->mp2[mover]; }

/* Is anyone, of either side, in any location of the hex (ground, upper floor,
 * rooftop, bunker)? Passengers are in their vehicle's hex. Ruling R-VEH-37. */
static bool hex_occupied(const lnlt_state *st, int cell)
{
    for (int side = 0; side < 2; side++)
        for (int f = 0; f < LNLT_FLOORS; f++)
            if (lnlt_bit(st->occupied[side][f], cell))
                return true;
    return false;
}

bool rules_rubble_layer(const lnlt_ctx *ctx, const lnlt_state *st, uint8_t *cells, bool have)
{
    if (!st->rubble_any)
        return have;
    int n = lnlt_map_cells(ctx->map);
    if (n > LNLT_MAX_CELLS)
        n = LNLT_MAX_CELLS;
    if (!have)
        memset(cells, 0, (size_t)n);
    for (int c = 0; c < n; c++)
        if (lnlt_bit(st->rubble, c))
            cells[c] |= LNLT_DYN_RUBBLE;
    return true;
}

bool rules_rubble_target(const lnlt_ctx *ctx, const lnlt_state *st, int cell, bool *hut)
{
    if (cell < 0 || !lnlt_map_cell_exists(ctx->map, cell) || rules_rubbled(st, cell))
        return false;
    const lnlt_terrain *t = &lnlt_map_tec(ctx->map)->t[lnlt_map_cell(ctx->map, cell)->terrain];
    if (!(t->flags & LNLT_TF_RUBBLES))
        return false;
    if (hut)
        *hut = (t->flags & LNLT_TF_HUT) != 0;
    return true;
}

const char *rules_rubble_barred(const lnlt_ctx *ctx, const lnlt_state *st, int vehicle, int to)
{
    bool hut = false;
    if (!rules_rubble_target(ctx, st, lnlt_loc_cell(to), &hut))
        return "no vehicle enters a building it cannot rubble (15.1.2, TEC)";
    const lnlt_vehicle_type *vt = rules_vtype(ctx, &st->unit[vehicle]);
    if (!vt || !lnlt_may_rubble((lnlt_move_class)vt->move_class, vt->armor[LNLT_HULL][LNLT_FACE_FRONT], hut))
        return hut ? "only a T- or O-class vehicle with front hull armour above 1 rubbles huts (15.1.2)"
                   : "only a T- or O-class vehicle with front hull armour above 3 rubbles an LC building (15.1.2)";
    if (hex_occupied(st, lnlt_loc_cell(to)))
        return "a vehicle rubbles only an unoccupied hex (15.1.2, 15.3; ruling R-VEH-37)";
    /* ruling R-VEH-38: leg units moving with the vehicle (6.5) would enter with it,
     * so the hex would not be unoccupied */
    for (int i = 0; i < st->unit_count; i++)
        if (i != vehicle && lnlt_bit(st->move.units, i))
            return "a vehicle rubbles a hex only when no leg units move with it (15.1.2, 6.5; ruling R-VEH-38)";
    return NULL;
}

void rules_place_rubble(lnlt_state *st, int cell)
{
    lnlt_bit_set(st->rubble, cell);
    st->rubble_any = 1;
    /* the upper floors and rooftops are gone (ruling R-VEH-39): no control,
     * Spotted or Melee marker stays there; bunker interiors (the last row) are no
     * part of a building */
    for (int f = 0; f < LNLT_FLOOR_BUNKER - 1; f++) {
        for (int side = 0; side < 3; side++) {
            lnlt_bit_clear(st->control_up[side][f], cell);
            lnlt_bit_clear(st->spotted_up[side][f], cell);
        }
        lnlt_bit_clear(st->melee_up[f], cell);
        lnlt_bit_clear(st->melee_fought_up[f], cell);
    }
}

bool rules_rubble_entry(lnlt_step *s, int vehicle, int cell)
{
    const lnlt_ctx *ctx = s->ctx;
    lnlt_state *st = s->st;
    bool hut = false;
    if (!rules_rubble_target(ctx, st, cell, &hut))
        return true;
    char name[LNLT_HEX_ID_MAX];
    rules_place_rubble(st, cell);
    lnlt_events_say(s->log, LNLT_EV_CHANGE, "15.1.2", "rubble", "%s rubbles %s: a Rubble marker goes on it",
                    rules_label(ctx, st, vehicle), rules_cell(s, cell, name));
    const lnlt_vehicle_type *vt = rules_vtype(ctx, &st->unit[vehicle]);
    int af = vt->armor[LNLT_HULL][LNLT_FACE_FRONT];
    int d[2];
    lnlt_event *re;
    char purpose[40];
    snprintf(purpose, sizeof purpose, "rubble %s", name);
    if (!lnlt_dice_roll(&s->dice, 2, NULL, purpose, "15.1.2", d, &re, s->err))
        return false;
    bool abandoned = lnlt_rubble_abandons(d[0], d[1], af, hut);
    if (re) {
        char huts[32] = "";
        if (hut)
            snprintf(huts, sizeof huts, " - 2 (huts) = %d", d[0] + d[1] - 2);
        snprintf(re->text, sizeof re->text, "= %d%s vs front hull AF %d -> %s%s", d[0] + d[1], huts, af,
                 abandoned ? "abandoned" : "it may move on", d[0] + d[1] == 12 ? " (a 12 always abandons)" : "");
    }
    if (!abandoned)
        return true;
    return rules_vehicle_abandon(s, vehicle, "15.1.2");
}

bool lnlt_state_add_rubble(const lnlt_ctx *ctx, lnlt_state *st, const char *hex, lnlt_error *err)
{
    int loc;
    if (!lnlt_location_parse(ctx, hex, &loc, err))
        return false;
    if (loc < 0 || lnlt_loc_floor(loc) != LNLT_FLOOR_GROUND)
        return lnlt_error_set(err, "a Rubble marker lies on the ground of a hex");
    const lnlt_terrain *t = rules_terrain(ctx, st, loc);
    if (!t || !(t->flags & (LNLT_TF_BUILDING | LNLT_TF_HUT)))
        return lnlt_error_set(err, "%s: Rubble lies only in a building or huts hex (15.1.2)", hex);
    for (int side = 0; side < 2; side++)
        for (int f = LNLT_FLOOR_UPPER; f < LNLT_FLOOR_BUNKER; f++)
            if (lnlt_bit(st->occupied[side][f], loc))
                return lnlt_error_set(err, "%s: units stand above its ground, which Rubble leaves no room for", hex);
    rules_place_rubble(st, loc);
    return true;
}
