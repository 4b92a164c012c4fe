/*
 * entry_group.c: which off-map units enter the map together (rule 22.0: one unit
 * or stack per impulse, through one hex, in any mode the units are capable of; 6.0
 * to 6.7 for the modes, 1.3 for stacking). The owner picks any group that stacking
 * allows, one unit at a time, so the legal list stays short without leaving a
 * group out: `enter H1 #3` starts the group, `join #4` adds a unit, and a move
 * command on the entry hex (`move H1 #3 #4`, `dt`, `assault`, `assault-dt`, ...)
 * sends it in.
 *
 * Listing and applying ask one rule, rules_entry_step_ok: the step the move would
 * make, tested by rules_step_cost on a scratch copy of the state set up as
 * rules_enter sets up the real move. So an entry is listed exactly when the step
 * that follows is accepted (ruling R-SCN-09).
 */
#include <string.h>

#include "lnlt/scenario.h"
#include "rules/internal.h"

/* The scratch state set up as rules_enter sets up the real move of `units`. */
static void entry_setup(const lnlt_ctx *ctx, lnlt_state *scratch, const uint8_t *units, int mode, bool double_time)
{
    memset(&scratch->move, 0, sizeof scratch->move);
    scratch->move.active = 1;
    scratch->move.mode = (uint8_t)mode;
    scratch->move.double_time = double_time;
    scratch->move.cell = LNLT_CELL_NONE;
    scratch->move.origin = LNLT_CELL_NONE;
    memcpy(scratch->move.units, units, sizeof scratch->move.units);
    for (int i = 0; i < scratch->unit_count; i++)
        if (lnlt_bit(units, i))
            scratch->unit[i].mp2 = 0;
    rules_sw_enter_dismantled(ctx, scratch, units); /* 1.6.1: as rules_enter does, before the step */
}

bool rules_entry_step_ok(const lnlt_ctx *ctx, lnlt_state *scratch, int cell, const uint8_t *units, int mode,
                         bool double_time, const char **why)
{
    const char *dummy;
    if (!why)
        why = &dummy;
    entry_setup(ctx, scratch, units, mode, double_time);
    return rules_step_cost(ctx, scratch, cell, why) >= 0;
}

static void add(lnlt_action *out, int cap, int *n, int side, int type, int cell, const uint8_t *units)
{
    if (*n < cap && out) {
        lnlt_action *a = &out[*n];
        memset(a, 0, sizeof *a);
        a->type = (uint8_t)type;
        a->side = (uint8_t)side;
        a->nargs = cell >= 0 ? 1 : 0;
        a->arg[0] = (int16_t)(cell >= 0 ? cell : 0);
        memcpy(a->units, units, sizeof a->units);
    }
    (*n)++;
}

int rules_entry_actions(const lnlt_ctx *ctx, const lnlt_state *st, lnlt_action *out, int cap)
{
    static _Thread_local lnlt_state scratch;
    bool copied = false;
    int n = 0;
    /* a force is asked for its entering units only when one of its units of the
     * side is off the map (rules_entering_units needs one) */
    bool waiting[LNLT_MAX_FORCES] = {false};
    for (int u = 0; u < st->unit_count; u++)
        if (st->unit[u].cell == LNLT_CELL_NONE && st->unit[u].side == st->impulse_side && st->unit[u].force < LNLT_MAX_FORCES)
            waiting[st->unit[u].force] = true;
    for (int f = 0; ctx->scenario && f < ctx->scenario->force_count && f < LNLT_MAX_FORCES; f++) {
        int units[LNLT_MAX_UNITS], cells[LNLT_MAX_CELLS];
        int nu = waiting[f] ? rules_entering_units(ctx, st, f, units, LNLT_MAX_UNITS) : 0;
        int nc = nu ? rules_entry_cells(ctx, st, f, cells, LNLT_MAX_CELLS) : 0;
        if (nc > 0 && !copied) {
            lnlt_state_clone(&scratch, st);
            copied = true;
        }
        if (nc > LNLT_MAX_CELLS)
            nc = LNLT_MAX_CELLS;
        if (nu > LNLT_MAX_UNITS)
            nu = LNLT_MAX_UNITS;
        /* rules_entry_step_ok of each unit and hex, the unit's part of the step
         * (rules_move_facts) worked out once for all the hexes */
        uint8_t ok[LNLT_MAX_UNITS][LNLT_MAX_CELLS / 8];
        for (int i = 0; i < nu; i++) {
            uint8_t one[LNLT_UNIT_BITS] = {0};
            lnlt_bit_set(one, units[i]);
            entry_setup(ctx, &scratch, one, LNLT_MV_NORMAL, false);
            rules_move_facts facts;
            rules_move_facts_of(ctx, &scratch, &facts);
            memset(ok[i], 0, sizeof ok[i]);
            for (int c = 0; c < nc; c++) {
                const char *why;
                if (rules_step_cost_with(ctx, &scratch, &facts, cells[c], &why) >= 0)
                    lnlt_bit_set(ok[i], c);
            }
        }
        for (int c = 0; c < nc; c++)
            for (int i = 0; i < nu; i++)
                if (lnlt_bit(ok[i], c)) {
                    uint8_t one[LNLT_UNIT_BITS] = {0};
                    lnlt_bit_set(one, units[i]);
                    add(out, cap, &n, st->impulse_side, LNLT_ACT_ENTER, cells[c], one);
                }
    }
    return n;
}

/* The move commands that send a group in, with the test of the mode (the same
 * tests as on the map, engine.c). */
static const struct {
    int type, mode;
    bool double_time; /* 6.1 with 6.2: an assault move at double time */
} modes[] = {
    {LNLT_ACT_MOVE, LNLT_MV_NORMAL, false},
    {LNLT_ACT_ASSAULT, LNLT_MV_ASSAULT, false},
    {LNLT_ACT_DOUBLE_TIME, LNLT_MV_DOUBLE_TIME, false},
    {LNLT_ACT_ASSAULT_DT, LNLT_MV_ASSAULT, true},
    {LNLT_ACT_LOW_CRAWL, LNLT_MV_LOW_CRAWL, false},
    {LNLT_ACT_STEALTH, LNLT_MV_STEALTH, false},
    {LNLT_ACT_STEALTH_ASSAULT, LNLT_MV_STEALTH_ASSAULT, false},
    {LNLT_ACT_HIT_AND_RUN, LNLT_MV_HIT_AND_RUN, false},
};

static bool dt_capable(const lnlt_ctx *ctx, const lnlt_state *st, const int *m, int n)
{
    return rules_can_double_time(ctx, st, m, n) && !rules_group_has_kind(ctx, st, m, n, LNLT_UK_PIPER);
}

static bool mode_capable(const lnlt_ctx *ctx, const lnlt_state *st, int mode, bool double_time, const int *m, int n)
{
    if (double_time && !dt_capable(ctx, st, m, n))
        return false;
    switch (mode) {
    case LNLT_MV_NORMAL: return n > 0;
    case LNLT_MV_ASSAULT: return rules_can_assault(ctx, st, m, n);
    case LNLT_MV_DOUBLE_TIME: return dt_capable(ctx, st, m, n);
    case LNLT_MV_LOW_CRAWL: return rules_can_low_crawl(ctx, st, m, n);
    case LNLT_MV_STEALTH: return rules_can_stealth(ctx, st, m, n);
    case LNLT_MV_STEALTH_ASSAULT: return rules_can_stealth_assault(ctx, st, m, n);
    case LNLT_MV_HIT_AND_RUN: return rules_can_hit_and_run(ctx, st, m, n);
    default: return false;
    }
}

int rules_entry_group_actions(const lnlt_ctx *ctx, const lnlt_state *st, lnlt_action *out, int cap)
{
    static _Thread_local lnlt_state scratch;
    lnlt_state_clone(&scratch, st);
    int cell = st->entry_cell, side = st->impulse_side, n = 0;
    int m[LNLT_MAX_UNITS], nm = 0;
    for (int i = 0; i < st->unit_count; i++)
        if (lnlt_bit(st->entry_units, i))
            m[nm++] = i;
    /* Any other unit due now that may use this hex, if the stack still steps in. */
    uint32_t forces = rules_entry_forces_at(ctx, st, cell);
    for (int i = 0; i < st->unit_count; i++) {
        if (lnlt_bit(st->entry_units, i) || st->unit[i].force >= LNLT_MAX_FORCES ||
            !((forces >> st->unit[i].force) & 1) || !rules_entry_due(ctx, st, i))
            continue;
        uint8_t more[LNLT_UNIT_BITS];
        memcpy(more, st->entry_units, sizeof more);
        lnlt_bit_set(more, i);
        if (rules_entry_step_ok(ctx, &scratch, cell, more, LNLT_MV_NORMAL, false, NULL)) {
            uint8_t one[LNLT_UNIT_BITS] = {0};
            lnlt_bit_set(one, i);
            add(out, cap, &n, side, LNLT_ACT_JOIN, -1, one);
        }
    }
    /* 22.0: in any mode the group is capable of. */
    for (size_t k = 0; k < sizeof modes / sizeof modes[0]; k++)
        if (mode_capable(ctx, st, modes[k].mode, modes[k].double_time, m, nm) &&
            rules_entry_step_ok(ctx, &scratch, cell, st->entry_units, modes[k].mode, modes[k].double_time, NULL))
            add(out, cap, &n, side, modes[k].type, cell, st->entry_units);
    return n;
}

bool rules_entry_begin(lnlt_step *s, int cell, const uint8_t *units)
{
    lnlt_state *st = s->st;
    int n = 0;
    for (int i = 0; i < st->unit_count; i++)
        n += lnlt_bit(units, i);
    if (n != 1)
        return lnlt_error_set(s->err, "an entry starts with one unit; add others with \"join\"");
    st->entry_cell = (int16_t)cell;
    memcpy(st->entry_units, units, sizeof st->entry_units);
    st->decision = LNLT_DECIDE_ENTRY_GROUP;
    st->to_act = st->impulse_side;
    char name[LNLT_HEX_ID_MAX];
    lnlt_events_say(s->log, LNLT_EV_CHANGE, "22.0", "entry-group", "%s: units gather to enter through %s",
                    lnlt_side_name(s->ctx, st->impulse_side), rules_cell(s, cell, name));
    return true;
}

bool rules_entry_join(lnlt_step *s, const uint8_t *units)
{
    lnlt_state *st = s->st;
    for (int i = 0; i < LNLT_UNIT_BITS; i++)
        st->entry_units[i] |= units[i];
    return true;
}

bool rules_entry_commit(lnlt_step *s, int type, int cell, const uint8_t *units)
{
    lnlt_state *st = s->st;
    int mode = -1;
    bool double_time = false;
    for (size_t k = 0; k < sizeof modes / sizeof modes[0]; k++)
        if (modes[k].type == type) {
            mode = modes[k].mode;
            double_time = modes[k].double_time;
        }
    if (mode < 0 || cell != st->entry_cell || memcmp(units, st->entry_units, sizeof st->entry_units))
        return lnlt_error_set(s->err, "the gathered units enter through their hex with a move command");
    uint8_t group[LNLT_UNIT_BITS];
    memcpy(group, st->entry_units, sizeof group);
    st->entry_cell = -1;
    memset(st->entry_units, 0, sizeof st->entry_units);
    return rules_enter(s, cell, group, mode, double_time);
}
