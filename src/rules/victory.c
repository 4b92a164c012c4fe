/*
 * victory.c: control of hexes (rule 22.1) and the end of the game (22.0): the
 * side occupying a hex with a good-order MMC or a hero, or the last to pass one
 * through it, controls it (the scenario names who controls what at the start),
 * each floor and rooftop of a hex on its own (ruling R-CORE-92);
 * units leaving through an exit hex; and, after the last turn, the scenario's
 * victory conditions or victory points decide the winner, with a summary in the
 * log (VP tally, hexes held, losses). A half-squad is worth half a squad's VP.
 */
#include <string.h>

#include "lnlt/scenario.h"
#include "lnlt/view.h"
#include "rules/internal.h"

static bool controls_by_presence(const lnlt_ctx *ctx, const lnlt_unit *u)
{
    if (!rules_on_map(u) || !rules_is_good(u))
        return false;
    int kind = rules_type(ctx, u)->kind;
    return lnlt_unit_kind_is_mmc(kind) || kind == LNLT_UK_HERO;
}

/* The control bits of one floor of every hex for a side (22.1, R-CORE-92). */
static uint8_t *control_bits(lnlt_state *st, int side, int floor)
{
    return floor ? st->control_up[side][floor - 1] : st->control[side];
}

void rules_update_control(const lnlt_ctx *ctx, lnlt_state *st)
{
    if (!ctx->map || !ctx->catalog)
        return;
    /* The locations each side holds by presence, then those only one side holds:
     * each floor of a hex is controlled on its own (R-CORE-92). This runs after
     * every action: the units-by-location index (kept up to date by every action)
     * gives each occupied location's units together, so no per-location scratch
     * sets are needed and the units off the map are never looked at. */
    for (int k = 0; k < st->by_loc_count;) {
        int loc = st->by_loc_at[k];
        bool holds[3] = {false, false, false};
        for (; k < st->by_loc_count && st->by_loc_at[k] == loc; k++) {
            const lnlt_unit *u = &st->unit[st->by_loc[k]];
            if (!holds[u->side] && controls_by_presence(ctx, u))
                holds[u->side] = true;
        }
        /* A location both sides hold (a melee) keeps its controller (22.1). */
        int side = holds[1] && !holds[2] ? 1 : holds[2] && !holds[1] ? 2 : 0;
        if (!side)
            continue;
        int cell = lnlt_loc_cell(loc), floor = lnlt_loc_floor(loc);
        lnlt_bit_set(control_bits(st, side, floor), cell);
        lnlt_bit_clear(control_bits(st, lnlt_other_side(side), floor), cell);
    }
}

int lnlt_hex_controller(const lnlt_state *st, int cell)
{
    if (cell < 0 || cell >= LNLT_MAX_CELLS)
        return 0;
    bool holds[3] = {false, false, false};
    for (int side = 1; side <= 2; side++)
        for (int f = 0; f < LNLT_FLOORS; f++)
            holds[side] |= lnlt_bit(f ? st->control_up[side][f - 1] : st->control[side], cell);
    return holds[1] && !holds[2] ? 1 : holds[2] && !holds[1] ? 2 : 0;
}

void rules_initial_control(const lnlt_ctx *ctx, lnlt_state *st)
{
    const lnlt_scenario *scn = ctx->scenario;
    int cells = lnlt_map_cells(ctx->map);
    for (int k = 0; k < scn->victory.control_count; k++) {
        const lnlt_scn_control *c = &scn->victory.initial_control[k];
        for (int cell = 0; cell < cells; cell++) /* the zone's table when the ctx has one */
            if (lnlt_map_cell_exists(ctx->map, cell) && rules_zone_has(ctx, c->zone, cell))
                for (int f = 0; f < LNLT_FLOORS; f++) /* every location of the hex (R-CORE-92) */
                    if (rules_loc_open(ctx, st, lnlt_location(cell, f)))
                        lnlt_bit_set(control_bits(st, c->side + 1, f), cell);
    }
}

bool rules_in_play_area(const lnlt_ctx *ctx, int cell)
{
    const lnlt_scenario *scn = ctx->scenario;
    return !scn || !scn->has_area || lnlt_scenario_in_area(scn, rules_hex(ctx, lnlt_loc_cell(cell)));
}

/* A special rule of the side (LNLT_SSR_*), or NULL. */
static const lnlt_scn_rule *side_rule(const lnlt_ctx *ctx, const lnlt_state *st, int kind, int side)
{
    for (int r = 0; ctx->scenario && r < ctx->scenario->rule_count; r++) {
        const lnlt_scn_rule *rule = &ctx->scenario->rule[r];
        if (rule->kind == kind && (rule->side < 0 || rule->side + 1 == side) && lnlt_rule_on(ctx, st, r))
            return rule;
    }
    return NULL;
}

/* On the rim of the play: a neighbour is off the map or outside the playable area. */
static bool on_area_rim(const lnlt_ctx *ctx, int cell)
{
    lnlt_hex h = rules_hex(ctx, cell);
    for (int d = 1; d <= 6; d++) {
        int c = lnlt_map_index(ctx->map, lnlt_hex_neighbor(h, (lnlt_dir)d));
        if (c < 0 || !lnlt_map_cell_exists(ctx->map, c) || !rules_in_play_area(ctx, c))
            return true;
    }
    return false;
}

/* 22.0 (the training scenario): units of a side whose rule says so may leave the
 * playable area from its rim, and then count as eliminated. */
static bool may_leave_area(const lnlt_ctx *ctx, const lnlt_state *st, int cell, int side)
{
    return side_rule(ctx, st, LNLT_SSR_EXIT_IS_ELIMINATION, side) && on_area_rim(ctx, lnlt_loc_cell(cell));
}

/* Is the cell in an exit zone of a victory condition of the side? */
static bool exit_condition_zone(const lnlt_ctx *ctx, int cell, int side)
{
    const lnlt_scenario *scn = ctx->scenario;
    for (int k = 0; k < scn->victory.condition_count; k++) {
        const lnlt_scn_condition *c = &scn->victory.condition[k];
        if (c->type == LNLT_COND_EXIT && (c->side < 0 || c->side + 1 == side) && c->zone >= 0 &&
            rules_zone_has(ctx, c->zone, cell))
            return true;
    }
    return false;
}

bool rules_exit_zone_has(const lnlt_ctx *ctx, const lnlt_state *st, int cell, int side)
{
    if (!ctx->scenario || cell < 0 || lnlt_loc_floor(cell) != LNLT_FLOOR_GROUND) /* R-CORE-40: out from the ground */
        return false;
    return exit_condition_zone(ctx, cell, side) || may_leave_area(ctx, st, cell, side);
}

bool rules_exit(lnlt_step *s)
{
    lnlt_state *st = s->st;
    int n = 0;
    char name[LNLT_HEX_ID_MAX];
    rules_cell(s, st->move.cell, name);
    /* leaving by an exit hex of the victory conditions, or out of the playable area
     * under a rule that counts it as elimination */
    bool lost = !exit_condition_zone(s->ctx, st->move.cell, st->impulse_side);
    for (int i = 0; i < st->unit_count; i++)
        if (lnlt_bit(st->move.units, i)) {
            lnlt_bit_clear(st->move.units, i);
            n++;
            /* the weapons they carry leave play with them (ruling R-SCN-10) */
            for (int w = 0; w < st->sw_count; w++)
                if (st->sw[w].holder == i) {
                    st->sw[w].holder = -1;
                    st->sw[w].flags |= LNLT_SW_USED;
                    rules_put_sw(&st->sw[w], LNLT_CELL_ELIMINATED);
                }
            rules_unit_off_map(st, i, lost ? LNLT_CELL_ELIMINATED : LNLT_CELL_EXITED);
            st->unit[i].floor = 0;
            st->unit[i].marks = 0;
            if (!lost)
                st->unit[i].entry_turn = st->turn; /* for exited units: the turn they left */
        }
    lnlt_events_say(s->log, LNLT_EV_CHANGE, "22.0", "exit", "%d unit%s leave the %s through %s%s", n,
                    n == 1 ? "" : "s", lost ? "playable area" : "map", name,
                    lost ? ": they count as eliminated" : "");
    memset(&st->move, 0, sizeof st->move);
    st->decision = LNLT_DECIDE_ACTIVATION;
    st->to_act = st->impulse_side;
    return true;
}

/* Half-squad units (1 half-squad = 1, squad = 2), the VP currency of 22.0. */
static int halves_of(const lnlt_ctx *ctx, const lnlt_unit *u)
{
    int kind = rules_type(ctx, u)->kind;
    return kind == LNLT_UK_SQUAD || kind == LNLT_UK_WEAPON_TEAM ? 2 : kind == LNLT_UK_HALF_SQUAD || kind == LNLT_UK_CREW ? 1 : 0;
}

static int controlled_in_zone(const lnlt_ctx *ctx, const lnlt_state *st, int side, int zone, int *zone_size)
{
    int n = 0, size = 0, cells = lnlt_map_cells(ctx->map);
    for (int c = 0; c < cells; c++) {
        if (!lnlt_map_cell_exists(ctx->map, c) || !rules_zone_has(ctx, zone, c))
            continue;
        size++;
        n += lnlt_hex_controller(st, c) == side;
    }
    if (zone_size)
        *zone_size = size;
    return n;
}

static bool condition_met(const lnlt_ctx *ctx, const lnlt_state *st, const lnlt_scn_condition *c, int side,
                          char *why, size_t len)
{
    switch (c->type) {
    case LNLT_COND_CONTROL: {
        int size, n = controlled_in_zone(ctx, st, side, c->zone, &size);
        int need = c->count > 0 ? c->count : size;
        char zone[160];
        lnlt_scenario_zone_words(ctx->scenario, ctx->map, c->zone, zone, sizeof zone);
        snprintf(why, len, "controls %d of the %s (%d needed)", n, zone, need);
        return n >= need;
    }
    case LNLT_COND_EXIT: {
        int halves = 0, leaders = 0;
        for (int i = 0; i < st->unit_count; i++) {
            const lnlt_unit *u = &st->unit[i];
            if (u->side != side || u->cell != LNLT_CELL_EXITED || (c->by_turn && u->entry_turn > c->by_turn))
                continue;
            halves += halves_of(ctx, u);
            leaders += rules_is_leader(ctx, u);
        }
        snprintf(why, len, "exited %d.%d squads (needs %d.%d) and %d leaders (needs %d)", halves / 2, halves % 2 ? 5 : 0,
                 c->halves / 2, c->halves % 2 ? 5 : 0, leaders, c->leaders);
        return halves >= c->halves && leaders >= c->leaders;
    }
    case LNLT_COND_ELIMINATE: {
        int halves = 0;
        for (int i = 0; i < st->unit_count; i++)
            if (st->unit[i].side != side && st->unit[i].cell == LNLT_CELL_ELIMINATED)
                halves += halves_of(ctx, &st->unit[i]);
        snprintf(why, len, "eliminated %d half-squads of the enemy (needs %d)", halves, 2 * c->count);
        return halves >= 2 * c->count;
    }
    case LNLT_COND_ENEMY_BROKEN: {
        /* the training scenario: no good-order enemy MMC or SMC left on the map */
        int good = 0;
        for (int i = 0; i < st->unit_count; i++) {
            const lnlt_unit *u = &st->unit[i];
            int kind = rules_type(ctx, u)->kind;
            if (u->side != side && rules_on_map(u) && rules_is_good(u) &&
                (lnlt_unit_kind_is_mmc(kind) || lnlt_unit_kind_is_smc(kind)))
                good++;
        }
        snprintf(why, len, "%d good-order enemy unit%s left on the map (needs none)", good, good == 1 ? "" : "s");
        return good == 0;
    }
    case LNLT_COND_OBJECTIVE: {
        bool done = (st->events_done >> (4 + c->objective)) & 1;
        char what[80];
        lnlt_scenario_objective_words(ctx->scenario, c->objective, (st->objectives >> c->objective) & 1, what,
                                      sizeof what);
        snprintf(why, len, "%s %s", what, done ? "destroyed" : "not destroyed");
        return done;
    }
    default:
        snprintf(why, len, "unknown condition");
        return false;
    }
}

/* Does a VP award for eliminated units pay half a squad's VP at a reduction? */
static bool pays_for_reduction(const lnlt_scn_vp *p)
{
    return p->vp_for == LNLT_VP_ELIMINATED && p->half_for_half_squads && ((p->kinds >> LNLT_UK_SQUAD) & 1);
}

void rules_note_squad_reduced(lnlt_step *s, int unit)
{
    lnlt_state *st = s->st;
    const lnlt_unit *u = &st->unit[unit];
    if (u->side < 1 || u->side > 2 || st->squads_reduced[u->side - 1] == 255)
        return;
    st->squads_reduced[u->side - 1]++;
    const lnlt_scenario *scn = s->ctx->scenario;
    for (int k = 0; scn && k < scn->victory.vp_count; k++) {
        const lnlt_scn_vp *p = &scn->victory.vp[k];
        int enemy = lnlt_other_side(u->side);
        if (pays_for_reduction(p) && (p->side < 0 || p->side + 1 == enemy)) {
            lnlt_event *e = lnlt_events_say(s->log, LNLT_EV_RESULT, "22.0", "vp",
                                            "%s scores %d%s VP: a squad reduced to a half-squad", lnlt_side_name(s->ctx, enemy),
                                            p->vp / 2, p->vp % 2 ? ".5" : "");
            if (e)
                e->side = (uint8_t)enemy;
        }
    }
}

/* Victory points of a side, doubled (a half-squad scores half, 22.0). */
static int vp2_of(const lnlt_ctx *ctx, const lnlt_state *st, int side)
{
    const lnlt_scn_victory *v = &ctx->scenario->victory;
    int vp2 = 0;
    for (int k = 0; k < v->vp_count; k++) {
        const lnlt_scn_vp *p = &v->vp[k];
        if (p->side >= 0 && p->side + 1 != side)
            continue;
        if (p->vp_for == LNLT_VP_CONTROL) {
            vp2 += 2 * p->vp * controlled_in_zone(ctx, st, side, p->zone, NULL);
            continue;
        }
        /* A Friend in Need: each enemy squad reduced scored half its value when it
         * was reduced; if its half-squad is eliminated later, that is the other half. */
        if (pays_for_reduction(p))
            vp2 += p->vp * st->squads_reduced[lnlt_other_side(side) - 1];
        for (int i = 0; i < st->unit_count; i++) {
            const lnlt_unit *u = &st->unit[i];
            int kind = rules_type(ctx, u)->kind;
            if (u->side == side || u->cell != LNLT_CELL_ELIMINATED)
                continue;
            bool counts = (p->kinds >> kind) & 1;
            /* "smc" in the data covers every single-man kind */
            if (!counts && kind == LNLT_UK_HALF_SQUAD && ((p->kinds >> LNLT_UK_SQUAD) & 1))
                counts = true;
            if (!counts)
                continue;
            vp2 += kind == LNLT_UK_HALF_SQUAD && p->half_for_half_squads ? p->vp : 2 * p->vp;
        }
    }
    return vp2;
}

static void summary(lnlt_step *s)
{
    const lnlt_ctx *ctx = s->ctx;
    const lnlt_state *st = s->st;
    for (int side = 1; side <= 2; side++) {
        int lost = 0, left = 0, exited = 0;
        for (int i = 0; i < st->unit_count; i++) {
            const lnlt_unit *u = &st->unit[i];
            if (u->side != side)
                continue;
            lost += u->cell == LNLT_CELL_ELIMINATED;
            left += u->cell >= 0;
            exited += u->cell == LNLT_CELL_EXITED;
        }
        int vp2 = vp2_of(ctx, st, side);
        lnlt_event *e = lnlt_events_say(s->log, LNLT_EV_RESULT, "22.0", "summary",
                                        "%s: %d VP%s, %d unit%s on the map, %d exited, %d eliminated",
                                        lnlt_side_name(ctx, side), vp2 / 2, vp2 % 2 ? ".5" : "", left,
                                        left == 1 ? "" : "s", exited, lost);
        if (e)
            e->side = (uint8_t)side;
    }
}

void rules_decide_winner(lnlt_step *s)
{
    const lnlt_ctx *ctx = s->ctx;
    lnlt_state *st = s->st;
    st->winner = 0;
    if (!ctx->scenario || !ctx->map) {
        lnlt_events_say(s->log, LNLT_EV_CHANGE, "22.0", "game-over",
                        "the last turn is over: no victory conditions are set, the game is a draw");
        return;
    }
    rules_update_control(ctx, st); /* the position as it stands at the end */
    const lnlt_scn_victory *v = &ctx->scenario->victory;
    char why[256] = "";
    int winner = 0;
    if (v->condition_count > 0) {
        bool met[3] = {false, false, false};
        for (int side = 1; side <= 2; side++) {
            if (v->winner >= 0 && v->winner + 1 != side)
                continue;
            bool all = true;
            for (int k = 0; k < v->condition_count && all; k++) {
                const lnlt_scn_condition *c = &v->condition[k];
                int who = c->side >= 0 ? c->side + 1 : side;
                all = who == side && condition_met(ctx, st, c, side, why, sizeof why);
                lnlt_events_say(s->log, LNLT_EV_RESULT, "22.0", "condition", "%s: %s", lnlt_side_name(ctx, side), why);
            }
            met[side] = all;
        }
        /* ruling R-SCN-03: if both sides meet an "either side" condition, a draw */
        winner = met[1] && met[2] ? 0 : met[1] ? 1 : met[2] ? 2 : v->otherwise >= 0 ? v->otherwise + 1 : 0;
    } else if (v->most_vp_wins) {
        int a = vp2_of(ctx, st, 1), b = vp2_of(ctx, st, 2);
        winner = a > b ? 1 : b > a ? 2 : (v->otherwise >= 0 ? v->otherwise + 1 : 0);
    }
    st->winner = (uint8_t)winner;
    summary(s);
    if (winner)
        lnlt_events_say(s->log, LNLT_EV_CHANGE, "22.0", "game-over", "the game is over: victory to the %s",
                        lnlt_side_name(ctx, winner));
    else
        lnlt_events_say(s->log, LNLT_EV_CHANGE, "22.0", "game-over", "the game is over: a draw");
}

/* ---- for the views (lnlt/view.h) ---- */

int lnlt_victory_points2(const lnlt_ctx *ctx, const lnlt_state *st, int side)
{
    if (!ctx->scenario || !ctx->map || !ctx->catalog || side < 1 || side > 2)
        return 0;
    return vp2_of(ctx, st, side);
}

bool lnlt_victory_condition_status(const lnlt_ctx *ctx, const lnlt_state *st, int k, int side, char *why, size_t len)
{
    if (len)
        why[0] = 0;
    if (!ctx->scenario || !ctx->map || !ctx->catalog || k < 0 || k >= ctx->scenario->victory.condition_count ||
        side < 1 || side > 2)
        return false;
    return condition_met(ctx, st, &ctx->scenario->victory.condition[k], side, why, len);
}
