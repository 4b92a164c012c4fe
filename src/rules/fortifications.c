/*
 * fortifications.c: the fortifications and obstacles of rule 21.0 that vehicles
 * meet and the vehicle training situation uses: bunkers (21.1: a place of its own
 * in its hex, fire through its three front hexes only, reached from outside that
 * front only by ordnance, a satchel or from the hex itself; 21.1.1 spotted as
 * blocking terrain), foxholes (21.2), wire (21.3: Leg units pay 4 MP in all,
 * vehicles their TEC cost; a tracked vehicle leaving it tears it down) and mines
 * (21.4: each marker attacks entering enemy Leg units 1d6 + FP against 1d6, friends
 * pay +1 MP; 21.4.1 against vehicles, with the Mines vs Vehicles table).
 */
#include <string.h>

#include "lnlt/ordnance.h"
#include "rules/internal.h"

int rules_forts_at(const lnlt_state *st, int cell, int kind, int *fp_total)
{
    int n = 0;
    if (fp_total)
        *fp_total = 0;
    for (int i = 0; i < LNLT_MAX_FORTS; i++)
        if (st->fort[i].kind == kind && st->fort[i].cell == lnlt_loc_cell(cell)) {
            n++;
            if (fp_total)
                *fp_total += st->fort[i].value;
        }
    return n;
}

const char *rules_fort_barred(const lnlt_ctx *ctx, const lnlt_state *st, int kind, int cell)
{
    const lnlt_terrain *t = rules_terrain(ctx, st, cell);
    bool water = (t->flags & LNLT_TF_RIVER) || !strcmp(t->id, "pond") || !strcmp(t->id, "river");
    switch (kind) {
    case LNLT_FORT_FOXHOLES:
        if (water)
            return "foxholes are never dug in water (21.2)";
        if (rules_forts_at(st, cell, LNLT_FORT_FOXHOLES, NULL))
            return "one Foxholes marker per hex (21.2)";
        if (rules_crater_barred_foxholes(ctx, cell))
            return "no Foxholes in a hex with Craters (10.5.5)";
        return NULL;
    case LNLT_FORT_MINES:
        if (t->flags & (LNLT_TF_BUILDING | LNLT_TF_HUT))
            return "mines are never placed in buildings (21.4)";
        if (rules_forts_at(st, cell, LNLT_FORT_MINES, NULL) >= 2)
            return "at most two Mines markers per hex (21.4)";
        return NULL;
    case LNLT_FORT_WIRE:
        if (rules_forts_at(st, cell, LNLT_FORT_WIRE, NULL))
            return "one Wire marker per hex (21.3)";
        return NULL;
    default:
        return "unknown fortification";
    }
}

/* ---- bunkers (21.1) ---- */

int rules_bunker_tm(const lnlt_ctx *ctx, int loc)
{
    const lnlt_bunker *b = lnlt_loc_floor(loc) == LNLT_FLOOR_BUNKER ? rules_bunker_at(ctx, loc) : NULL;
    return b ? b->tm : 0;
}

bool rules_in_bunker_front(const lnlt_ctx *ctx, int bunker_loc, int other)
{
    const lnlt_bunker *b = rules_bunker_at(ctx, bunker_loc);
    if (!b)
        return true;
    if (lnlt_loc_cell(other) == lnlt_loc_cell(bunker_loc))
        return true; /* the units on top of it, as if adjacent */
    return lnlt_in_bunker_arc(rules_hex(ctx, bunker_loc), b->front, rules_hex(ctx, other));
}

const char *rules_bunker_fire_barred(const lnlt_ctx *ctx, int from, int to, bool ordnance)
{
    if (rules_in_cave(ctx, from) || rules_in_cave(ctx, to)) /* 10.7: caves.c */
        return rules_cave_fire_barred(ctx, from, to);
    /* 21.1: units inside fire only through the front three hexes */
    if (lnlt_loc_floor(from) == LNLT_FLOOR_BUNKER && !rules_in_bunker_front(ctx, from, to))
        return "from a bunker, fire goes only through its three front hexes (21.1)";
    /* 21.1.2: from outside its front, only ordnance (and the hex itself) reaches inside */
    if (lnlt_loc_floor(to) == LNLT_FLOOR_BUNKER && !ordnance && !rules_in_bunker_front(ctx, to, from))
        return "direct fire reaches a bunker only from its three front hexes (21.1.2)";
    return NULL;
}

/* ---- wire (21.3) ---- */

int rules_wire_cost2(const lnlt_ctx *ctx, const lnlt_state *st, int cell, int mover, int cost2)
{
    if (lnlt_loc_floor(cell) != LNLT_FLOOR_GROUND || !rules_forts_at(st, cell, LNLT_FORT_WIRE, NULL))
        return cost2;
    int w = lnlt_tec_find(lnlt_map_tec(ctx->map), "wire");
    int wire = w >= 0 ? lnlt_map_tec(ctx->map)->t[w].mp2[mover] : (mover == LNLT_MOVER_LEG ? 8 : cost2);
    return wire; /* the total, not in addition to the hex (21.3, EX-I07) */
}

void rules_wire_on_leave(lnlt_step *s, int cell)
{
    /* 21.3.1: a tracked vehicle leaving a Wire hex tears the wire down */
    lnlt_fort *fort = s->st->fort;
    for (int i = 0; i < LNLT_MAX_FORTS;)
        if (fort[i].kind == LNLT_FORT_WIRE && fort[i].cell == lnlt_loc_cell(cell)) {
            char name[LNLT_HEX_ID_MAX];
            /* The used slots stay packed at the front, as set-up fills them and as
             * a mid-game position lists them (snapshot.c), so a position written
             * after a Wire is torn down loads back into the very same state. */
            memmove(&fort[i], &fort[i + 1], (size_t)(LNLT_MAX_FORTS - 1 - i) * sizeof *fort);
            memset(&fort[LNLT_MAX_FORTS - 1], 0, sizeof *fort);
            lnlt_events_say(s->log, LNLT_EV_CHANGE, "21.3.1", "wire-removed", "the tracked vehicle tears down the Wire in %s",
                            rules_cell(s, cell, name));
        } else {
            i++;
        }
}

/* ---- mines (21.4, 21.4.1) ---- */

int rules_mines_side(const lnlt_fort *f) { return f->kind == LNLT_FORT_MINES ? f->value >> 4 : 0; }
int rules_mines_fp(const lnlt_fort *f) { return f->kind == LNLT_FORT_MINES ? f->value & 0x0F : 0; }

bool rules_friendly_mines(const lnlt_state *st, int cell, int side)
{
    for (int i = 0; i < LNLT_MAX_FORTS; i++)
        if (st->fort[i].kind == LNLT_FORT_MINES && st->fort[i].cell == lnlt_loc_cell(cell) &&
            rules_mines_side(&st->fort[i]) == side)
            return true;
    return false;
}

/* One marker's attack on the entering enemy Leg units: no modifiers at all. */
static bool mines_vs_legs(lnlt_step *s, int cell, int fp, const int *units, int n)
{
    int ad, dd;
    char name[LNLT_HEX_ID_MAX];
    rules_cell(s, cell, name);
    if (!lnlt_dice_roll(&s->dice, 1, NULL, "mines", "21.4", &ad, NULL, s->err) ||
        !lnlt_dice_roll(&s->dice, 1, NULL, "defence against mines", "21.4", &dd, NULL, s->err))
        return false;
    int dc = lnlt_dc_modifier(ad + fp, dd);
    lnlt_events_say(s->log, LNLT_EV_RESULT, "21.4", "mines", "mines in %s: 1d6 %d + FP %d = %d vs 1d6 %d -> %s", name, ad,
                    fp, ad + fp, dd, dc > 0 ? "damage checks" : "no effect");
    int dcs[LNLT_MAX_UNITS];
    for (int i = 0; i < n; i++)
        dcs[i] = dc;
    return dc <= 0 || rules_damage_checks(s, units, dcs, n);
}

bool rules_mines_attack_units(lnlt_step *s, int cell, const int *units, int n)
{
    uint8_t set[LNLT_UNIT_BITS] = {0};
    for (int i = 0; i < n; i++)
        if (rules_on_map(&s->st->unit[units[i]]))
            lnlt_bit_set(set, units[i]);
    return rules_mines_attack(s, cell, set);
}

bool rules_mines_attack(lnlt_step *s, int cell, const uint8_t *entering)
{
    const lnlt_ctx *ctx = s->ctx;
    lnlt_state *st = s->st;
    cell = lnlt_loc_cell(cell);
    for (int f = 0; f < LNLT_MAX_FORTS; f++) {
        lnlt_fort mk = st->fort[f];
        if (mk.kind != LNLT_FORT_MINES || mk.cell != cell)
            continue;
        int legs[LNLT_MAX_UNITS], nl = 0;
        for (int i = 0; i < st->unit_count; i++) {
            const lnlt_unit *u = &st->unit[i];
            if (!lnlt_bit(entering, i) || !rules_on_map(u) || u->cell != cell || u->side == rules_mines_side(&mk))
                continue;
            if (rules_is_vehicle(ctx, u)) {
                if (!rules_mines_vs_vehicle(s, i, rules_mines_fp(&mk)))
                    return false;
            } else {
                legs[nl++] = i;
            }
        }
        if (nl > 0 && !mines_vs_legs(s, cell, rules_mines_fp(&mk), legs, nl))
            return false;
    }
    return true;
}
