/*
 * refusal.c: why an action is not legal now, in words a player can act on
 * (DESIGN.md principle 3: apply rejects anything else "with a reason"). The rules
 * that decide legality stay where they are; this file asks them which condition
 * failed: 22.0 set-up zones, entry turns, entry edges and hexes, event placement;
 * 1.3 stacking; 1.7 weapon teams; 6.0 steps; 5.0 and 5.3 fire. When no rule can
 * name the cause, the reason lists the commands that are legal now.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "lnlt/scenario.h"
#include "rules/internal.h"

static int first_unit(const lnlt_action *a)
{
    for (int i = 0; i < LNLT_MAX_UNITS; i++)
        if (lnlt_bit(a->units, i))
            return i;
    return -1;
}

static int unit_count(const lnlt_action *a)
{
    int n = 0;
    for (int i = 0; i < LNLT_MAX_UNITS; i++)
        n += lnlt_bit(a->units, i);
    return n;
}

/* The whole legal list, on the caller's small buffer when it fits and on the
 * heap otherwise (the caller frees *out when it is not `small`). No large static
 * or thread-local list: the server runs the engine on civetweb's request threads,
 * whose stack and thread-local storage together are 100 KB. */
enum { SMALL_LEGAL = 128 };
static int all_legal(const lnlt_ctx *ctx, const lnlt_state *st, lnlt_action *small, lnlt_action **out)
{
    *out = small;
    int n = lnlt_legal_actions(ctx, st, small, SMALL_LEGAL);
    if (n > SMALL_LEGAL) {
        lnlt_action *big = malloc((size_t)n * sizeof *big);
        if (!big)
            return SMALL_LEGAL; /* out of memory: the reason lists fewer commands */
        n = lnlt_legal_actions(ctx, st, big, n);
        *out = big;
    }
    return n;
}

/* The command words legal now, each once: "pass, activate, enter, spot". */
static void legal_words(const lnlt_ctx *ctx, const lnlt_state *st, char *buf, size_t len)
{
    lnlt_action small[SMALL_LEGAL], *legal;
    int n = all_legal(ctx, st, small, &legal);
    size_t used = 0;
    char seen[48][24];
    int nseen = 0;
    buf[0] = 0;
    for (int i = 0; i < n; i++) {
        char text[128], word[24];
        lnlt_action_format(ctx, &legal[i], text, sizeof text);
        sscanf(text, "%23s", word);
        bool dup = false;
        for (int k = 0; k < nseen && !dup; k++)
            dup = !strcmp(seen[k], word);
        if (dup || nseen >= 48)
            continue;
        snprintf(seen[nseen++], sizeof seen[0], "%s", word);
        int w = snprintf(buf + used, used < len ? len - used : 0, "%s%s", used ? ", " : "", word);
        used += w > 0 ? (size_t)w : 0;
    }
    if (legal != small)
        free(legal);
}

static const char *zone_words(const lnlt_ctx *ctx, int zone, char *buf, size_t len)
{
    return lnlt_scenario_zone_words(ctx->scenario, ctx->map, zone, buf, len);
}

/* 22.0: placing a set-up unit. */
static bool place_reason(const lnlt_ctx *ctx, const lnlt_state *st, const lnlt_action *a, char *buf, size_t len)
{
    int unit = first_unit(a), cell = a->arg[0];
    bool event = st->pending == LNLT_DECIDE_EVENT_PLACE;
    int next = event ? rules_event_place_unit(ctx, st) : rules_next_setup_unit(ctx, st, st->to_act);
    char where[LNLT_HEX_ID_MAX], tmp[200];
    lnlt_cell_name(ctx, cell, where);
    if (unit_count(a) != 1 || unit != next) {
        if (next < 0)
            return false;
        snprintf(buf, len, "the unit to place now is %s (as in \"place %s #%d\")", rules_label(ctx, st, next), where,
                 next);
        return true;
    }
    const lnlt_unit *u = &st->unit[unit];
    int zone = event ? rules_event_place_zone(ctx, st) : ctx->scenario->force[u->force].arrive.zone;
    const lnlt_map *maps[1] = {ctx->map};
    if (zone >= 0 && !lnlt_scenario_zone_has(ctx->scenario, zone, maps, 1, rules_hex(ctx, cell))) {
        snprintf(buf, len, "%s is outside the zone where %s may be placed (%s)", where, rules_label(ctx, st, unit),
                 zone_words(ctx, zone, tmp, sizeof tmp));
        return true;
    }
    if (!rules_loc_exists(ctx, cell)) {
        snprintf(buf, len, "there is no %s in that hex (10.4.1, 10.6)", lnlt_loc_floor(cell) == 2 ? "rooftop" : "upper floor");
        return true;
    }
    if (rules_enemy_in(st, cell, u->side)) {
        snprintf(buf, len, "%s holds enemy units (22.0)", where);
        return true;
    }
    if (rules_enter_mp2(ctx, st, cell, LNLT_MOVER_LEG) == LNLT_MP_PROHIBITED) {
        snprintf(buf, len, "infantry may not enter the terrain of %s (TEC)", where);
        return true;
    }
    const char *wt = rules_wt_barred(ctx, st, u, -1, cell);
    if (!wt)
        wt = rules_inside_barred(ctx, st, u, cell); /* 21.1, 10.7 */
    if (wt) {
        snprintf(buf, len, "%s", wt);
        return true;
    }
    uint8_t adding[LNLT_UNIT_BITS] = {0};
    lnlt_bit_set(adding, unit);
    const char *why = NULL;
    if (!rules_stacking_ok(ctx, st, cell, u->side, adding, &why)) {
        snprintf(buf, len, "%s would hold %s", where, why ? why : "too many units (1.3)");
        return true;
    }
    return false;
}

/* 22.0: units entering the map. */
static bool enter_reason(const lnlt_ctx *ctx, const lnlt_state *st, const lnlt_action *a, char *buf, size_t len)
{
    int cell = a->arg[0], force = -1;
    char where[LNLT_HEX_ID_MAX];
    lnlt_cell_name(ctx, cell, where);
    if (unit_count(a) == 0) {
        snprintf(buf, len, "name the entering units, as in \"enter %s #5 #6\"", where);
        return true;
    }
    for (int i = 0; i < st->unit_count; i++) {
        if (!lnlt_bit(a->units, i))
            continue;
        const lnlt_unit *u = &st->unit[i];
        if (u->side != st->impulse_side) {
            snprintf(buf, len, "%s is not one of your units", rules_label(ctx, st, i));
            return true;
        }
        if (u->cell != LNLT_CELL_NONE) {
            snprintf(buf, len, "%s is not waiting off the map", rules_label(ctx, st, i));
            return true;
        }
        int ids[LNLT_MAX_UNITS];
        int n = u->force != LNLT_NO_FORCE ? rules_entering_units(ctx, st, u->force, ids, LNLT_MAX_UNITS) : 0;
        bool may = false;
        for (int k = 0; k < n && k < LNLT_MAX_UNITS; k++)
            may |= ids[k] == i;
        if (!may) {
            if (u->entry_turn > 0 && u->entry_turn < 0xF0 && u->entry_turn > st->turn)
                snprintf(buf, len, "%s may enter from turn %d (22.0)", rules_label(ctx, st, i), u->entry_turn);
            else
                snprintf(buf, len, "%s may not enter now (22.0: its force has not been released, or waits on another)",
                         rules_label(ctx, st, i));
            return true;
        }
        if (force >= 0 && u->force != force) {
            snprintf(buf, len, "units of different forces enter separately (22.0)");
            return true;
        }
        force = u->force;
    }
    int cells[LNLT_MAX_CELLS];
    int nc = rules_entry_cells(ctx, st, force, cells, LNLT_MAX_CELLS);
    bool entry = false;
    for (int k = 0; k < nc && k < LNLT_MAX_CELLS; k++)
        entry |= cells[k] == cell;
    if (!entry) {
        char first[LNLT_HEX_ID_MAX] = "";
        if (nc > 0)
            lnlt_cell_name(ctx, cells[0], first);
        snprintf(buf, len, "%s is not an entry hex for these units now (22.0)%s%s%s", where, nc ? "; they may enter at " : "",
                 first, nc > 1 ? " and other hexes of their edge" : "");
        return true;
    }
    const char *why = NULL;
    if (!rules_stacking_ok(ctx, st, cell, st->impulse_side, a->units, &why)) {
        snprintf(buf, len, "%s would hold %s", where, why ? why : "too many units (1.3)");
        return true;
    }
    /* the enumeration offers the largest group that stacks legally, and each unit alone */
    lnlt_action small[SMALL_LEGAL], *legal;
    int n = all_legal(ctx, st, small, &legal);
    int group = -1;
    for (int i = 0; i < n && group < 0; i++)
        if (legal[i].type == LNLT_ACT_ENTER && legal[i].arg[0] == cell && unit_count(&legal[i]) > 1)
            group = i;
    if (group >= 0) {
        char text[160];
        lnlt_action_format(ctx, &legal[group], text, sizeof text);
        snprintf(buf, len, "units enter as the largest group that fits (here \"%s\") or one at a time", text);
    } else {
        snprintf(buf, len, "units enter one at a time here");
    }
    if (legal != small)
        free(legal);
    return true;
}

bool rules_refusal(const lnlt_ctx *ctx, const lnlt_state *st, const lnlt_action *a, char *buf, size_t len)
{
    lnlt_decision d = lnlt_decision_get(ctx, st);
    const char *why = NULL;
    bool ok_args = true;
    for (int k = 0; k < a->nargs && k < 2; k++)
        ok_args &= a->arg[k] < 0 || rules_loc_exists(ctx, a->arg[k]);
    if (!ctx->map || !ctx->catalog || !ok_args) {
        why = NULL;
    } else if (a->type == LNLT_ACT_STEP && d.kind == LNLT_DECIDE_MOVE) {
        rules_step_cost(ctx, st, a->arg[0], &why);
    } else if (a->type == LNLT_ACT_FIRE && d.kind == LNLT_DECIDE_ACTIVATION) {
        rules_can_fire_at(ctx, st, a->arg[0], a->arg[1], d.side, false, &why);
    } else if (a->type == LNLT_ACT_OPFIRE && d.kind == LNLT_DECIDE_OPFIRE) {
        rules_can_fire_at(ctx, st, a->arg[0], st->move.cell, d.side, true, &why);
    } else if (a->type == LNLT_ACT_PLACE && ctx->scenario &&
               (d.kind == LNLT_DECIDE_SETUP || d.kind == LNLT_DECIDE_EVENT_PLACE)) {
        if (place_reason(ctx, st, a, buf, len))
            return true;
    } else if (a->type >= LNLT_ACT_BUTTON && a->type <= LNLT_ACT_VEHICLE_AF) {
        why = rules_vehicle_refusal(ctx, st, a); /* 14.0-17.0 */
    } else if (a->type == LNLT_ACT_ENTER && ctx->scenario && d.kind == LNLT_DECIDE_IMPULSE) {
        if (enter_reason(ctx, st, a, buf, len))
            return true;
    }
    if (why) {
        snprintf(buf, len, "%s", why);
        return true;
    }
    legal_words(ctx, st, buf, len);
    return false;
}
