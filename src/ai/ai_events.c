/*
 * ai_events.c: what a side may expect from an event marker it has not set off
 * yet (1.8, 22.0), so the scripted player prices setting one off (R-AI-41).
 *
 * 1.8: an Occupation marker goes off when the side named occupies its hex, a Line
 * of Sight marker when a unit of that side sees its hex; a paragraph is then read.
 * R-VIEW-01 makes the markers public (hex, type, who sets them off, what they do
 * up to "read paragraph N"); R-VIEW-02/04 keep the paragraphs unread, and the
 * state a bot decides on (R-VIEW-05) has every marker spent. So a bot knows where
 * a surprise waits but not what it is. A Line of Sight marker goes off at a
 * distance, on whatever ground the movers stand when they first see its hex, and
 * the player takes it for an ambush: one squad's fire at the units that set it
 * off, in the hex where they do. Only the worth beyond the side's cheapest
 * good-order MMC is charged (somebody must set it off), and the path that sets
 * it off first is credited what that spares the side's largest stack still to
 * move. An Occupation marker is set off in its own hex, mostly the building the
 * side is sent to take, and is not priced.
 *
 * Which markers are still on the map is public (R-VIEW-01), and the view a bot
 * decides on records the ones the game has set off (view_markers, R-VIEW-05), so
 * a bot made for one decision (the server's seats) knows it as well as one that
 * follows the whole game.
 */
#include "ai/ai.h"

/* The fire of the ambush a marker may hide: one squad's firepower (a rifle
 * squad's IFP of 2), the same for every marker, since the paragraph is unread. */
#define AMBUSH_FP 2

static int marker_cell(const ai_board *bd, int k)
{
    const lnlt_scenario *scn = bd->ctx->scenario;
    int cell = lnlt_map_index(bd->ctx->map, scn->event[k].hex);
    return cell >= 0 && cell < bd->cells ? cell : -1;
}

/* Whether the marker reads a paragraph (R-VIEW-01: all the side may know of it). */
static bool reads_paragraph(const lnlt_scenario *scn, const lnlt_scn_event *ev)
{
    for (int i = 0; i < ev->action_count; i++) {
        int a = ev->first_action + i;
        if (a >= 0 && a < scn->action_count && scn->action[a].op == LNLT_OP_READ)
            return true;
    }
    return false;
}

uint8_t ai_events_unread(const ai_board *bd, int side)
{
    const lnlt_scenario *scn = bd->ctx->scenario;
    uint8_t bits = 0;
    for (int k = 0; scn && k < scn->event_count && k < LNLT_SCN_EVENTS; k++) {
        const lnlt_scn_event *ev = &scn->event[k];
        /* 1.8: a marker that names no side (-1) reacts to either side */
        if (ev->type == LNLT_EVENT_LOS && (ev->side < 0 || ev->side + 1 == side) && marker_cell(bd, k) >= 0 &&
            reads_paragraph(scn, ev))
            bits |= (uint8_t)(1u << k);
    }
    return bits;
}

uint8_t ai_events_set_off_at(const ai_board *bd, uint8_t markers, int cell)
{
    const lnlt_scenario *scn = bd->ctx->scenario;
    uint8_t bits = 0;
    if (!scn || cell < 0 || cell >= bd->cells)
        return 0;
    for (int k = 0; k < scn->event_count && k < LNLT_SCN_EVENTS; k++) {
        int at = marker_cell(bd, k);
        if (!((markers >> k) & 1) || at < 0)
            continue;
        bool on = scn->event[k].type == LNLT_EVENT_OCCUPATION ? at == cell
                                                               : at == cell || ai_los(bd, cell, at) != LNLT_LOS_BLOCKED;
        if (on)
            bits |= (uint8_t)(1u << k);
    }
    return bits;
}

uint8_t ai_events_gone(const ai_board *bd, const lnlt_state *view)
{
    const lnlt_scenario *scn = bd->ctx->scenario;
    uint8_t bits = 0;
    if (!scn || !(view->view_markers & LNLT_VIEW_MARKERS_KNOWN))
        return 0;
    for (int k = 0; k < scn->event_count && k < LNLT_SCN_EVENTS; k++)
        if (view->view_markers & lnlt_scn_event_bit(&scn->event[k]))
            bits |= (uint8_t)(1u << k);
    return bits;
}

float ai_ambush_loss(const ai_board *bd, int cell)
{
    if (cell < 0 || cell >= bd->cells)
        return 0;
    /* A mover loses the cover of a hex whose TM is for units that stay still
     * (10.4): the -1 ai_shot_at_mover uses. */
    int tm = bd->tm[cell] + (bd->no_moving_bonus[cell] ? 0 : -1);
    return ai_hit(bd, AMBUSH_FP - tm);
}

static bool good_mmc(const ai_board *bd, const lnlt_unit *u)
{
    const lnlt_catalog *cat = bd->ctx->catalog;
    return u->status == LNLT_GOOD_ORDER && u->type >= 0 && u->type < cat->unit_count &&
           lnlt_unit_kind_is_mmc(cat->unit[u->type].kind);
}

float ai_ambush_exposed(const ai_board *bd, const lnlt_state *st, int side)
{
    float worth = 0, cheapest = -1;
    bool mmc_moves = false;
    for (int i = 0; i < st->unit_count; i++) {
        const lnlt_unit *u = &st->unit[i];
        if (u->side != side || u->cell < 0 || u->type < 0)
            continue;
        float v = bd->unit_value[u->type];
        if (lnlt_bit(st->move.units, i)) {
            worth += v * (u->status == LNLT_GOOD_ORDER ? 1.0f : 0.55f);
            mmc_moves |= good_mmc(bd, u);
        }
        if (good_mmc(bd, u) && (cheapest < 0 || v < cheapest))
            cheapest = v;
    }
    if (mmc_moves && cheapest > 0)
        worth -= cheapest;
    return worth > 0 ? worth : 0;
}

float ai_ambush_clearing(const ai_board *bd, const lnlt_state *st, int side)
{
    float cheapest = -1, best = 0;
    for (int i = 0; i < st->unit_count; i++) {
        const lnlt_unit *u = &st->unit[i];
        if (u->side == side && u->cell >= 0 && u->type >= 0 && good_mmc(bd, u) &&
            (cheapest < 0 || bd->unit_value[u->type] < cheapest))
            cheapest = bd->unit_value[u->type];
    }
    /* The stacks that may still move this turn, each as one group. */
    for (int i = 0; i < st->unit_count; i++) {
        const lnlt_unit *u = &st->unit[i];
        if (u->side != side || u->cell < 0 || u->cell >= bd->cells || lnlt_bit(st->move.units, i))
            continue;
        bool first = true;
        for (int j = 0; j < i && first; j++)
            first = !(st->unit[j].side == side && st->unit[j].cell == u->cell && !lnlt_bit(st->move.units, j));
        if (!first)
            continue;
        float worth = 0;
        bool mmc = false;
        for (int j = i; j < st->unit_count; j++) {
            const lnlt_unit *w = &st->unit[j];
            if (w->side != side || w->cell != u->cell || lnlt_bit(st->move.units, j) || w->type < 0 ||
                w->status != LNLT_GOOD_ORDER || (w->marks & AI_ACTED_MARKS))
                continue;
            worth += bd->unit_value[w->type];
            mmc |= good_mmc(bd, w);
        }
        if (mmc && cheapest > 0)
            worth -= cheapest;
        if (worth > best)
            best = worth;
    }
    /* Where they would cross: open ground, moving. */
    return best * ai_hit(bd, AMBUSH_FP + 1);
}
