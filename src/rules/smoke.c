/*
 * smoke.c: laying Smoke and its life on the map (rule 7.0).
 *
 * Who may try (a good-order MMC other than a weapon team, unmarked, at the very
 * start of its activation, once per turn, into its own or an adjacent hex), the
 * 1d6 roll against the nation's smoke-laying capability, what the layer may do
 * afterwards (move, double time or melee with MF -1 for the turn; no fire, no low
 * crawl; Ops Complete if it does nothing else), and Smoke 1 -> Smoke 2 -> gone in
 * the administrative phases (9.0).
 *
 * The markers live in lnlt_state.smoke: one bit per hex for Smoke 1 and one for
 * Smoke 2, so a hex holding both (7.0: duration doubled, effect not) is just both
 * bits set. The effects are read elsewhere through rules_smoked: the LOS layer
 * (fire_los.c rules_los, as an lnlt_los_dynamic with LNLT_DYN_SMOKE), the +1 TM
 * (rules_hex_tm), firing out of smoke (-1 DFT), spotting (a smoked hex is not
 * open ground). Rulings R-SMOKE-01..04 (docs/rulings.md).
 */
#include <string.h>

#include "rules/internal.h"

bool rules_smoked(const lnlt_state *st, int cell)
{
    cell = lnlt_loc_cell(cell); /* 7.0: smoke fills the whole hex, every floor (R-CORE-42) */
    if (cell < 0 || cell >= LNLT_MAX_CELLS)
        return false;
    /* 10.5.6.4: a Fire marker fills its hex with smoke (ruling R-CORE-106) */
    return lnlt_bit(st->smoke[0], cell) || lnlt_bit(st->smoke[1], cell) || rules_fire_in_hex(st, cell);
}

bool rules_smoke_layer(const lnlt_ctx *ctx, const lnlt_state *st, uint8_t *cells)
{
    uint64_t any = 0; /* a word at a time */
    for (int i = 0; i < LNLT_MAX_CELLS / 64; i++) {
        uint64_t a, b;
        memcpy(&a, st->smoke[0] + 8 * i, sizeof a);
        memcpy(&b, st->smoke[1] + 8 * i, sizeof b);
        any |= a | b;
    }
    bool fire = rules_any_fire(st);
    if (!any && !fire)
        return false;
    int n = lnlt_map_cells(ctx->map);
    if (n > LNLT_MAX_CELLS)
        n = LNLT_MAX_CELLS;
    /* rules_smoked of every cell: the marker sets a byte (8 cells) at a time */
    memset(cells, 0, (size_t)n);
    for (int b = 0; b < LNLT_MAX_CELLS / 8 && 8 * b < n; b++)
        for (unsigned x = st->smoke[0][b] | st->smoke[1][b]; x; x &= x - 1) {
            int c = 8 * b + __builtin_ctz(x);
            if (c < n)
                cells[c] = LNLT_DYN_SMOKE;
        }
    for (int i = 0; fire && i < LNLT_MAX_FORTS; i++) /* 10.5.6.4: Fire counts as Smoke */
        if (st->fort[i].kind == LNLT_FORT_FIRE && st->fort[i].cell >= 0 && st->fort[i].cell < n)
            cells[st->fort[i].cell] |= LNLT_DYN_FIRE;
    return true;
}

/* The smoke-laying capability of the unit's nation (13.0 data); 0 = none. */
static int capability(const lnlt_ctx *ctx, const lnlt_unit *u)
{
    int nat = rules_type(ctx, u)->nation;
    if (!ctx->catalog || nat < 0 || nat >= ctx->catalog->nation_count)
        return 0;
    return ctx->catalog->nation[nat].smoke;
}

bool rules_may_lay_smoke_unit(const lnlt_ctx *ctx, const lnlt_state *st, int unit)
{
    const lnlt_unit *u = &st->unit[unit];
    /* "The very start of the impulse": before any unit of the activation did
     * anything but lay smoke (st->acted 2 marks smoke-only; ruling R-SMOKE-02). */
    if (st->phase != LNLT_PHASE_OPERATIONS || st->decision != LNLT_DECIDE_ACTIVATION || st->move.active ||
        (st->acted != 0 && st->acted != 2))
        return false;
    if (!rules_on_map(u) || u->side != st->impulse_side || !lnlt_bit(st->activated, unit) || !rules_is_good(u))
        return false;
    int kind = rules_type(ctx, u)->kind;
    if (!lnlt_unit_kind_is_mmc(kind) || kind == LNLT_UK_WEAPON_TEAM)
        return false;
    /* Unmarked (Moved, Low Crawl, AM, Fired, Ops Complete), not yet acting, one try a turn. */
    if (u->marks || (u->flags & (LNLT_UNIT_ACTIVATED | LNLT_UNIT_SMOKE_TRIED)) || unit == st->spotter)
        return false;
    return !rules_in_melee(st, lnlt_unit_loc(u)) && capability(ctx, u) > 0;
}

bool rules_may_lay_smoke_at(const lnlt_ctx *ctx, const lnlt_state *st, int unit, int cell)
{
    const lnlt_unit *u = &st->unit[unit];
    if (cell < 0 || cell >= lnlt_map_cells(ctx->map) || cell >= LNLT_MAX_CELLS || !rules_loc_exists(ctx, cell))
        return false;
    if (cell != lnlt_unit_loc(u) && lnlt_hex_distance(rules_hex(ctx, lnlt_unit_loc(u)), rules_hex(ctx, cell)) != 1)
        return false;
    /* ruling R-SMOKE-01: a second Smoke 1 in a hex would change nothing. */
    return !lnlt_bit(st->smoke[0], cell);
}

bool rules_may_lay_smoke(const lnlt_ctx *ctx, const lnlt_state *st, int unit, int cell)
{
    return rules_may_lay_smoke_unit(ctx, st, unit) && rules_may_lay_smoke_at(ctx, st, unit, cell);
}

bool rules_lay_smoke(lnlt_step *s, int unit, int cell)
{
    const lnlt_ctx *ctx = s->ctx;
    lnlt_state *st = s->st;
    if (unit < 0 || unit >= st->unit_count || !rules_may_lay_smoke(ctx, st, unit, cell))
        return lnlt_error_set(s->err, "that unit may not lay smoke there (7.0)");
    lnlt_unit *u = &st->unit[unit];
    int need = capability(ctx, u);
    char where[LNLT_HEX_ID_MAX], purpose[96];
    snprintf(purpose, sizeof purpose, "smoke into %s by %s", rules_cell(s, cell, where), rules_type(ctx, u)->name);
    int die;
    lnlt_event *re;
    if (!lnlt_dice_roll(&s->dice, 1, NULL, purpose, "7.0", &die, &re, s->err))
        return false;
    bool ok = die <= need;
    if (re)
        snprintf(re->text, sizeof re->text, "%d vs smoke capability %d -> %s", die, need, ok ? "Smoke 1" : "no smoke");
    u->flags |= LNLT_UNIT_SMOKE_TRIED;
    if (!st->acted)
        st->acted = 2;
    if (ok) {
        lnlt_bit_set(st->smoke[0], cell);
        u->flags |= LNLT_UNIT_LAID_SMOKE;
        lnlt_events_say(s->log, LNLT_EV_RESULT, "7.0", "smoke", "Smoke 1 is placed in %s; %s may still move (MF -1)",
                        where, rules_type(ctx, u)->name);
    } else {
        u->marks |= LNLT_MARK_OPS_COMPLETE;
        u->flags |= LNLT_UNIT_ACTIVATED;
        lnlt_events_say(s->log, LNLT_EV_RESULT, "7.0", "no-smoke", "no smoke in %s; %s is Ops Complete", where,
                        rules_type(ctx, u)->name);
    }
    return true;
}

bool rules_laid_smoke_only(const lnlt_ctx *ctx, const lnlt_state *st, const int *units, int n)
{
    (void)ctx;
    for (int i = 0; i < n; i++)
        if (st->unit[units[i]].flags & LNLT_UNIT_LAID_SMOKE)
            return true;
    return false;
}

void rules_smoke_impulse_end(lnlt_step *s)
{
    lnlt_state *st = s->st;
    /* 7.0: a unit that laid smoke and did nothing else is Ops Complete. */
    for (int i = 0; i < st->unit_count; i++) {
        lnlt_unit *u = &st->unit[i];
        if ((u->flags & LNLT_UNIT_LAID_SMOKE) && !(u->flags & LNLT_UNIT_ACTIVATED) && rules_on_map(u)) {
            u->marks |= LNLT_MARK_OPS_COMPLETE;
            u->flags |= LNLT_UNIT_ACTIVATED;
            lnlt_events_say(s->log, LNLT_EV_CHANGE, "7.0", "smoke-oc", "%s laid smoke and did nothing else: Ops Complete",
                            rules_label(s->ctx, st, i));
        }
    }
}

void rules_smoke_admin(lnlt_step *s)
{
    lnlt_state *st = s->st;
    int flipped = 0, removed = 0;
    for (int b = 0; b < LNLT_MAX_CELLS / 8; b++) {
        flipped += __builtin_popcount(st->smoke[0][b]);
        removed += __builtin_popcount(st->smoke[1][b] & (unsigned)~st->smoke[0][b]);
    }
    memcpy(st->smoke[1], st->smoke[0], sizeof st->smoke[1]);
    memset(st->smoke[0], 0, sizeof st->smoke[0]);
    for (int i = 0; i < st->unit_count; i++)
        st->unit[i].flags &= (uint8_t)~(LNLT_UNIT_SMOKE_TRIED | LNLT_UNIT_LAID_SMOKE | LNLT_UNIT_TENDED);
    if (flipped || removed)
        lnlt_events_say(s->log, LNLT_EV_CHANGE, "7.0", "smoke-admin", "Smoke 1 becomes Smoke 2 in %d hex%s; smoke clears from %d hex%s",
                        flipped, flipped == 1 ? "" : "es", removed, removed == 1 ? "" : "es");
}
