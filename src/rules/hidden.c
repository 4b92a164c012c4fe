/*
 * hidden.c: what a side may not know (rules 1.8 and 22.0: paragraphs are not read
 * until an event marker sends the players to them; 8.0: melee attacks are
 * simultaneous), and the state as one side may know it, for computer players.
 *
 * Rulings (docs/rulings.md):
 *   R-VIEW-01  everything on the map, the scenario card and the log is public,
 *              except what the rulings below hide;
 *   R-VIEW-02  a held force (one that arrives only through a paragraph) is hidden
 *              from both sides and spectators until a paragraph releases or
 *              places it;
 *   R-VIEW-03  the first side's melee targets stay sealed until the round is
 *              rolled;
 *   R-VIEW-04  paragraphs are hidden until read; a hidden objective's hex until it
 *              is revealed;
 *   R-VIEW-05  the state for a side: hidden units and weapons neutralised, event
 *              markers spent, sealed targets replaced, dice re-seeded.
 */
#include <string.h>

#include "lnlt/scenario.h"
#include "lnlt/search.h"
#include "lnlt/view.h"

/* Is force f (a held force) still unrevealed in st (ruling R-VIEW-02)? */
static bool force_hidden(const lnlt_ctx *ctx, const lnlt_state *st, int f)
{
    const lnlt_scenario *scn = ctx->scenario;
    if (!scn || f < 0 || f >= scn->force_count || f >= LNLT_MAX_FORCES)
        return false;
    if (scn->force[f].arrive.how != LNLT_ARRIVE_HELD || st->force_arrive[f] != 0xFF)
        return false;
    if (st->pending == LNLT_DECIDE_EVENT_PLACE && st->pending_ref == f)
        return false; /* a paragraph is placing it now */
    for (int i = 0; i < st->unit_count && i < LNLT_MAX_UNITS; i++)
        if (st->unit[i].force == f && st->unit[i].cell != LNLT_CELL_NONE)
            return false; /* placed by a paragraph: in play */
    return true;
}

bool lnlt_force_hidden(const lnlt_ctx *ctx, const lnlt_state *st, int f, int side)
{
    (void)side; /* ruling R-VIEW-02: hidden from both sides alike */
    return force_hidden(ctx, st, f);
}

bool lnlt_unit_hidden(const lnlt_ctx *ctx, const lnlt_state *st, int unit, int side)
{
    (void)side; /* ruling R-VIEW-02: no reading ahead, for either player */
    if (unit < 0 || unit >= st->unit_count || unit >= LNLT_MAX_UNITS)
        return false;
    const lnlt_unit *u = &st->unit[unit];
    return u->cell == LNLT_CELL_NONE && u->force != LNLT_NO_FORCE && force_hidden(ctx, st, u->force);
}

/* A weapon held by a hidden unit is hidden with it. */
static bool sw_hidden(const lnlt_ctx *ctx, const lnlt_state *st, int w, int side)
{
    const lnlt_sw *sw = &st->sw[w];
    return sw->holder >= 0 && lnlt_unit_hidden(ctx, st, sw->holder, side);
}

void lnlt_state_for_side(const lnlt_ctx *ctx, const lnlt_state *st, int side, uint64_t resample_seed,
                         lnlt_state *out)
{
    lnlt_state_clone(out, st);
    /* R-VIEW-05: hidden units keep their slots (actions name units by index) but
     * become blank counters out of play; trailing ones are dropped altogether. */
    bool hidden[LNLT_MAX_UNITS] = {false};
    for (int i = 0; i < st->unit_count && i < LNLT_MAX_UNITS; i++)
        hidden[i] = lnlt_unit_hidden(ctx, st, i, side);
    for (int w = 0; w < st->sw_count && w < LNLT_MAX_SWS; w++) {
        if (!sw_hidden(ctx, st, w, side))
            continue;
        lnlt_sw *sw = &out->sw[w];
        memset(sw, 0, sizeof *sw);
        sw->holder = -1;
        sw->cell = LNLT_CELL_ELIMINATED;
        sw->flags = LNLT_SW_USED;
    }
    for (int i = 0; i < st->unit_count && i < LNLT_MAX_UNITS; i++) {
        if (!hidden[i])
            continue;
        lnlt_unit *u = &out->unit[i];
        memset(u, 0, sizeof *u);
        u->type = 0;
        u->cell = LNLT_CELL_MERGED; /* out of play, never counted as a loss */
        u->side = 1; /* the same for every blank: it tells nothing */
        u->force = LNLT_NO_FORCE;
        u->skill = -1;
    }
    while (out->unit_count > 0 && hidden[out->unit_count - 1])
        out->unit_count--;
    while (out->sw_count > 0 && out->sw[out->sw_count - 1].flags == LNLT_SW_USED &&
           out->sw[out->sw_count - 1].holder < 0 && sw_hidden(ctx, st, out->sw_count - 1, side))
        out->sw_count--;
    /* Event markers not yet triggered would play paragraphs nobody has read: they
     * are spent, so a search meets no scripted surprise it could learn from. Which
     * ones had gone off is public (R-VIEW-01) and kept aside for the bots; a view
     * taken again of a view keeps that record, not its all-spent markers. */
    if (!(st->view_markers & LNLT_VIEW_MARKERS_KNOWN))
        out->view_markers = (uint8_t)(LNLT_VIEW_MARKERS_KNOWN | (st->events_done & 0x0F));
    if (ctx->scenario)
        for (int k = 0; k < ctx->scenario->event_count && k < LNLT_SCN_EVENTS; k++)
            out->events_done |= lnlt_scn_event_bit(&ctx->scenario->event[k]);
    /* R-VIEW-03: the other side's sealed melee targets become what a player would
     * assume: all of this side's units there. */
    if (st->pending == LNLT_DECIDE_MELEE_TARGET && st->melee_stage == 2 && st->melee_first != side) {
        memset(out->melee_targets, 0, sizeof out->melee_targets);
        for (int i = 0; i < out->unit_count; i++)
            if (lnlt_unit_loc(&out->unit[i]) == out->melee_cell && out->unit[i].side == side)
                lnlt_bit_set(out->melee_targets, i);
    }
    lnlt_pcg32_seed(&out->rng, resample_seed, 0x5eedull);
    lnlt_state_refresh(out); /* hidden units left the map: the index of units by location follows */
}
