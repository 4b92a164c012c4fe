/*
 * entry.c: units entering the map (rule 22.0 and the starter scenarios): a force
 * due on a turn enters through the hexes of its edge (or its entry hexes) in the
 * owner's impulses; entering is an activation whose move starts off the map, so
 * the units pay the cost of the first hex and draw opportunity fire there (6.0,
 * 5.3), in any mode they are capable of. An edge chosen by a die (Assault on
 * Vierville) is rolled when the force's first operations phase begins, and a force
 * told to use one edge keeps it. Which units enter together is gathered by
 * entry_group.c.
 */
#include <string.h>

#include "lnlt/scenario.h"
#include "rules/internal.h"

static const uint8_t edge_bits[4] = {LNLT_EDGE_N, LNLT_EDGE_E, LNLT_EDGE_S, LNLT_EDGE_W};
static const char *edge_names[4] = {"north", "east", "south", "west"};

static const char *edge_name(int bit)
{
    for (int i = 0; i < 4; i++)
        if (edge_bits[i] == bit)
            return edge_names[i];
    return "?";
}

bool rules_on_edge_compute(const lnlt_ctx *ctx, int cell, int bit)
{
    const lnlt_scenario *scn = ctx->scenario;
    lnlt_hex h = rules_hex(ctx, cell);
    if (!lnlt_scenario_in_area(scn, h))
        return false;
    int dir = bit == LNLT_EDGE_N ? LNLT_DIR_N : bit == LNLT_EDGE_S ? LNLT_DIR_S : 0;
    if (dir) {
        /* The outermost hex of its column: nothing in play beyond it. */
        lnlt_hex beyond = lnlt_hex_neighbor(h, (lnlt_dir)dir);
        int c = lnlt_map_index(ctx->map, beyond);
        return c < 0 || !lnlt_map_cell_exists(ctx->map, c) || !lnlt_scenario_in_area(scn, beyond);
    }
    int d1 = bit == LNLT_EDGE_E ? LNLT_DIR_NE : LNLT_DIR_NW, d2 = bit == LNLT_EDGE_E ? LNLT_DIR_SE : LNLT_DIR_SW;
    for (int k = 0; k < 2; k++) {
        lnlt_hex beyond = lnlt_hex_neighbor(h, (lnlt_dir)(k ? d2 : d1));
        int c = lnlt_map_index(ctx->map, beyond);
        if (c >= 0 && lnlt_map_cell_exists(ctx->map, c) && lnlt_scenario_in_area(scn, beyond))
            return false;
    }
    return true;
}

/* The arrival in force: the release that freed it, else its own. */
static const lnlt_scn_arrive *arrive_of(const lnlt_ctx *ctx, const lnlt_state *st, int force)
{
    int k = st->force_arrive[force];
    return k != 0xFF ? &ctx->scenario->action[k].arrive : &ctx->scenario->force[force].arrive;
}

/* 22.0: reinforcements due on a turn (a given turn, the next turn, the turn a die
 * allows) enter on that turn only; those released "from the next impulse" or
 * "after another force entered" may enter from then on (ruling R-SCN-12). */
static bool that_turn_only(const lnlt_scn_arrive *ar)
{
    return ar->when == LNLT_WHEN_TURN || ar->when == LNLT_WHEN_NEXT_TURN || ar->when == LNLT_WHEN_ROLL;
}

static bool entry_open(const lnlt_ctx *ctx, const lnlt_state *st, const lnlt_unit *u)
{
    if (u->cell != LNLT_CELL_NONE || u->entry_turn == 0 || u->force == LNLT_NO_FORCE)
        return false;
    if (u->entry_turn == LNLT_ENTRY_BY_ROLL)
        return false;
    if (u->entry_turn == LNLT_ENTRY_AFTER_FORCE) {
        /* Paragraph releases such as "after the first German reinforcement entered". */
        int ref = arrive_of(ctx, st, u->force)->ref;
        for (int i = 0; i < st->unit_count && ref >= 0; i++)
            if (st->unit[i].force == ref && st->unit[i].cell != LNLT_CELL_NONE)
                return true;
        return false;
    }
    if (ctx->scenario && that_turn_only(arrive_of(ctx, st, u->force)))
        return u->entry_turn == st->turn;
    return u->entry_turn <= st->turn;
}

bool rules_entry_open(const lnlt_ctx *ctx, const lnlt_state *st, int unit)
{
    return entry_open(ctx, st, &st->unit[unit]);
}

void rules_entry_turn_over(lnlt_step *s)
{
    const lnlt_ctx *ctx = s->ctx;
    lnlt_state *st = s->st;
    if (!ctx->scenario)
        return;
    for (int f = 0; f < ctx->scenario->force_count && f < LNLT_MAX_FORCES; f++) {
        if (!that_turn_only(arrive_of(ctx, st, f)))
            continue;
        int missed = 0;
        for (int i = 0; i < st->unit_count; i++) {
            lnlt_unit *u = &st->unit[i];
            if (u->force == f && u->cell == LNLT_CELL_NONE && u->entry_turn == st->turn) {
                u->entry_turn = 0; /* 22.0: not held in reserve: out of the game */
                missed++;
            }
        }
        char words[160];
        if (missed)
            lnlt_events_say(s->log, LNLT_EV_CHANGE, "22.0", "not-entered",
                            "%d unit%s of %s did not enter on turn %d and stay%s out of the game", missed,
                            missed == 1 ? "" : "s",
                            lnlt_scenario_force_words(ctx->scenario, ctx->catalog, f, words, sizeof words), st->turn,
                            missed == 1 ? "s" : "");
    }
}

int rules_entering_units(const lnlt_ctx *ctx, const lnlt_state *st, int force, int *out, int cap)
{
    int n = 0;
    for (int i = 0; i < st->unit_count; i++) {
        const lnlt_unit *u = &st->unit[i];
        if (u->force != force || u->side != st->impulse_side || !entry_open(ctx, st, u))
            continue;
        if (n < cap)
            out[n] = i;
        n++;
    }
    return n;
}

/* The edges a force may use now: a rolled or already used edge, else its list. */
static uint8_t force_edges(const lnlt_ctx *ctx, const lnlt_state *st, int force)
{
    const lnlt_scn_arrive *ar = arrive_of(ctx, st, force);
    if (st->force_edge[force])
        return st->force_edge[force];
    uint8_t edges = ar->edges;
    /* "an edge adjacent to the one the reference force used" (ruling R-DATA-04) */
    if (ar->adjacent_to_ref && ar->ref >= 0 && st->force_edge[ar->ref]) {
        uint8_t e = st->force_edge[ar->ref];
        edges = e & (LNLT_EDGE_N | LNLT_EDGE_S) ? LNLT_EDGE_E | LNLT_EDGE_W : LNLT_EDGE_N | LNLT_EDGE_S;
    }
    bool random = false;
    for (int i = 0; i < 6; i++)
        random |= ar->random_edge[i] != 0;
    if (random)
        return 0; /* not rolled yet */
    if (!edges && ar->zone < 0)
        edges = LNLT_EDGE_N | LNLT_EDGE_E | LNLT_EDGE_S | LNLT_EDGE_W;
    /* SSR: some sides may never use an edge. */
    for (int r = 0; r < ctx->scenario->rule_count; r++) {
        const lnlt_scn_rule *rule = &ctx->scenario->rule[r];
        if (rule->kind == LNLT_SSR_NO_ENTRY_EDGE && (rule->side < 0 || rule->side + 1 == st->impulse_side) &&
            lnlt_rule_on(ctx, st, r))
            edges &= (uint8_t)~rule->edges;
    }
    return edges;
}

/* Is cell c an entry hex of the force: in its zone (while no edge is rolled or
 * used) or on one of `edges`? */
static bool entry_cell_ok(const lnlt_ctx *ctx, const lnlt_state *st, int force, uint8_t edges, int c)
{
    const lnlt_scn_arrive *ar = arrive_of(ctx, st, force);
    if (!lnlt_map_cell_exists(ctx->map, c))
        return false;
    if (ar->zone >= 0 && !st->force_edge[force] && rules_zone_has(ctx, ar->zone, c))
        return true;
    for (int i = 0; i < 4; i++)
        if ((edges & edge_bits[i]) && rules_on_edge(ctx, c, edge_bits[i]))
            return true;
    return false;
}

int rules_entry_cells(const lnlt_ctx *ctx, const lnlt_state *st, int force, int *out, int cap)
{
    const lnlt_scn_arrive *ar = arrive_of(ctx, st, force);
    uint8_t edges = force_edges(ctx, st, force);
    int n = 0, cells = lnlt_map_cells(ctx->map);
    /* Whether units may step in (terrain, stacking, enemies, a Melee marker,
     * R-CORE-20) is the move's own test: rules_entry_step_ok (entry_group.c). */
    uint8_t set[LNLT_MAX_CELLS / 8];
    if (cells <= LNLT_MAX_CELLS &&
        rules_table_entry_cells(ctx, ar->zone >= 0 && !st->force_edge[force] ? ar->zone : -1, edges, set)) {
        /* the same cells from the tables' bit sets (test_map_tables checks them) */
        for (int b = 0; b < LNLT_MAX_CELLS / 8; b++)
            for (unsigned x = set[b]; x; x &= x - 1) {
                if (out && n < cap)
                    out[n] = 8 * b + __builtin_ctz(x);
                n++;
            }
        return n;
    }
    for (int c = 0; c < cells; c++) {
        if (!entry_cell_ok(ctx, st, force, edges, c))
            continue;
        if (out && n < cap)
            out[n] = c;
        n++;
    }
    return n;
}

/* Forces that come on when a die allows it, from their first turn on. */
static bool roll_for_arrivals(lnlt_step *s)
{
    const lnlt_ctx *ctx = s->ctx;
    lnlt_state *st = s->st;
    for (int f = 0; f < ctx->scenario->force_count && f < LNLT_MAX_FORCES; f++) {
        const lnlt_scn_arrive *ar = arrive_of(ctx, st, f);
        if (ar->when != LNLT_WHEN_ROLL || st->turn < ar->turn)
            continue;
        bool waiting = false;
        for (int i = 0; i < st->unit_count; i++)
            waiting |= st->unit[i].force == f && st->unit[i].entry_turn == LNLT_ENTRY_BY_ROLL &&
                       st->unit[i].cell == LNLT_CELL_NONE;
        if (!waiting)
            continue;
        int face;
        char purpose[64];
        snprintf(purpose, sizeof purpose, "arrival of %s reinforcements", lnlt_side_name(ctx, ctx->scenario->force[f].side + 1));
        if (!lnlt_dice_roll(&s->dice, 1, NULL, purpose, "22.0", &face, NULL, s->err))
            return false;
        bool comes = face <= ar->roll_at_most;
        for (int i = 0; i < st->unit_count && comes; i++)
            if (st->unit[i].force == f && st->unit[i].entry_turn == LNLT_ENTRY_BY_ROLL)
                st->unit[i].entry_turn = st->turn;
        char who[160];
        lnlt_events_say(s->log, LNLT_EV_CHANGE, "22.0", "arrival", "%s %s (needs %d or less)",
                        rules_force_label(ctx, f, who, sizeof who),
                        comes ? "may enter this turn" : "does not arrive this turn", ar->roll_at_most);
    }
    return true;
}

bool rules_roll_entry_edges(lnlt_step *s)
{
    const lnlt_ctx *ctx = s->ctx;
    lnlt_state *st = s->st;
    if (!ctx->scenario)
        return true;
    if (!roll_for_arrivals(s))
        return false;
    for (int f = 0; f < ctx->scenario->force_count && f < LNLT_MAX_FORCES; f++) {
        const lnlt_scn_arrive *ar = arrive_of(ctx, st, f);
        bool random = false;
        for (int i = 0; i < 6; i++)
            random |= ar->random_edge[i] != 0;
        if (!random || st->force_edge[f])
            continue;
        bool due = false;
        for (int i = 0; i < st->unit_count; i++)
            due |= st->unit[i].force == f && entry_open(ctx, st, &st->unit[i]);
        if (!due)
            continue;
        int face;
        char purpose[64];
        snprintf(purpose, sizeof purpose, "entry edge of %s units", lnlt_side_name(ctx, ctx->scenario->force[f].side + 1));
        if (!lnlt_dice_roll(&s->dice, 1, NULL, purpose, "22.0", &face, NULL, s->err))
            return false;
        st->force_edge[f] = ar->random_edge[face - 1];
        char who[160];
        lnlt_events_say(s->log, LNLT_EV_CHANGE, "22.0", "entry-edge", "%s will enter from the %s edge",
                        rules_force_label(ctx, f, who, sizeof who), edge_name(st->force_edge[f]));
    }
    return true;
}

bool rules_entry_due(const lnlt_ctx *ctx, const lnlt_state *st, int unit)
{
    return st->unit[unit].side == st->impulse_side && rules_entry_open(ctx, st, unit);
}

uint32_t rules_entry_forces_at(const lnlt_ctx *ctx, const lnlt_state *st, int cell)
{
    uint32_t forces = 0;
    if (cell < 0 || cell >= lnlt_map_cells(ctx->map))
        return 0;
    /* the cell alone, by the test rules_entry_cells makes of every cell */
    for (int f = 0; ctx->scenario && f < ctx->scenario->force_count && f < LNLT_MAX_FORCES; f++)
        if (entry_cell_ok(ctx, st, f, force_edges(ctx, st, f), cell))
            forces |= 1u << f;
    return forces;
}

bool rules_may_enter_at(const lnlt_ctx *ctx, const lnlt_state *st, int unit, int cell)
{
    return rules_entry_due(ctx, st, unit) && st->unit[unit].force < LNLT_MAX_FORCES &&
           (rules_entry_forces_at(ctx, st, cell) >> st->unit[unit].force) & 1;
}

bool rules_enter(lnlt_step *s, int cell, const uint8_t *units, int mode, bool double_time)
{
    const lnlt_ctx *ctx = s->ctx;
    lnlt_state *st = s->st;
    int n = 0;
    uint32_t forces = 0;
    for (int i = 0; i < st->unit_count; i++)
        if (lnlt_bit(units, i)) {
            if (!rules_may_enter_at(ctx, st, i, cell))
                return lnlt_error_set(s->err, "unit #%d cannot enter there now", i);
            forces |= 1u << st->unit[i].force;
            n++;
        }
    if (n == 0)
        return lnlt_error_set(s->err, "no unit to enter");
    /* The entry is an activation of these units with a move that starts off the map. */
    memset(st->activated, 0, sizeof st->activated);
    memcpy(st->activated, units, sizeof st->activated);
    st->acted = 1;
    st->passes = 0;
    memset(&st->move, 0, sizeof st->move);
    st->move.active = 1;
    st->move.mode = (uint8_t)mode; /* 22.0: in any mode the units are capable of */
    st->move.double_time = double_time; /* 6.1 with 6.2: an assault move at double time */
    st->move.cell = LNLT_CELL_NONE;
    st->move.origin = LNLT_CELL_NONE;
    memcpy(st->move.units, units, sizeof st->move.units);
    for (int i = 0; i < st->unit_count; i++)
        if (lnlt_bit(units, i)) {
            st->unit[i].flags |= LNLT_UNIT_ACTIVATED;
            st->unit[i].mp2 = 0;
            st->unit[i].entry_turn = 0;
            if (mode == LNLT_MV_HIT_AND_RUN) /* 6.7: declared, and marked, as the move begins */
                st->unit[i].marks |= LNLT_MARK_HIT_AND_RUN;
        }
    rules_sw_enter_dismantled(ctx, st, units); /* 1.6.1 */
    /* One edge for the whole force when the scenario says so. */
    for (int f = 0; f < LNLT_MAX_FORCES && f < ctx->scenario->force_count; f++)
        if ((forces & (1u << f)) && arrive_of(ctx, st, f)->same_edge && !st->force_edge[f])
            for (int i = 0; i < 4; i++)
                if (rules_on_edge(ctx, cell, edge_bits[i])) {
                    st->force_edge[f] = edge_bits[i];
                    break;
                }
    static const char *how[] = {"", " assault-moving", " at double time", " low crawling", "", " stealthily",
                                " stealthily assault-moving", "", " hitting and running"};
    char name[LNLT_HEX_ID_MAX], who[160];
    lnlt_events_say(s->log, LNLT_EV_CHANGE, "22.0", "enter", "%s enter%s%s through %s",
                    rules_labels(ctx, st, units, who, sizeof who), n == 1 ? "s" : "",
                    double_time ? " assault-moving at double time" : mode >= 0 && mode <= 8 ? how[mode] : "",
                    rules_cell(s, cell, name));
    return rules_step(s, cell);
}
