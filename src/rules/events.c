/*
 * events.c: scenario event markers and their paragraphs (rules 1.8 and 22.0):
 * an occupation marker fires when a unit of its side is in its hex, a line-of-
 * sight marker when a good-order unit of its side sees its hex; each fires once
 * and runs its actions: remove markers, read a paragraph, release a force to
 * enter, place a force (on a hex, or where its owner chooses inside a zone), a
 * morale check on a unit the side picks that decides the next paragraph, the end
 * of the triggering impulse, revealing an objective. Where an action needs a
 * decision the engine asks for it and then carries on where it stopped. The
 * weapons cache (an objective destroyed by holding its hex a whole turn) is
 * checked in the administrative phase.
 */
#include <string.h>

#include "lnlt/combat.h"
#include "lnlt/scenario.h"
#include "rules/internal.h"

/* What the interrupted flow does once the event is over. */
enum { RESUME_NONE = 0, RESUME_STEP = 1 };

/* ruling R-SCN-06: a marker reacts to the units of its side that are moving (an
 * activation of that side): occupation when they enter its hex, line of sight
 * when one of them in good order sees it from the hex it entered. */
static bool event_fires(const lnlt_ctx *ctx, const lnlt_state *st, const lnlt_scn_event *ev)
{
    int cell = lnlt_map_index(ctx->map, ev->hex);
    /* 1.8: a marker that names no side reacts to either side's units */
    if (cell < 0 || !st->move.active || (ev->side >= 0 && st->impulse_side != ev->side + 1))
        return false;
    for (int i = 0; i < st->unit_count; i++) {
        const lnlt_unit *u = &st->unit[i];
        if (!lnlt_bit(st->move.units, i) || !rules_on_map(u))
            continue;
        if (ev->type == LNLT_EVENT_OCCUPATION && u->cell == cell) /* events are per hex, any floor */
            return true;
        if (ev->type == LNLT_EVENT_LOS && rules_is_good(u)) {
            lnlt_los_result los;
            if (u->cell == cell || rules_los(ctx, st, lnlt_unit_loc(u), cell, &los))
                return true;
        }
    }
    return false;
}

static int side_of_force(const lnlt_ctx *ctx, int force) { return ctx->scenario->force[force].side + 1; }

/* May the units `adding` of `side` appear in `cell`: no enemy there, and room
 * under the stacking limits (1.3: they apply at all times)? */
static bool room_for(lnlt_step *s, int cell, int side, const uint8_t *adding)
{
    const char *why;
    return !rules_enemy_in(s->st, cell, side) && rules_stacking_ok(s->ctx, s->st, cell, side, adding, &why);
}

/* Where an event-placed force goes when its hex holds the enemy (22.0) or has no
 * room for it (1.3, ruling R-SCN-41): the first neighbour (N, NE, ...) that has
 * both; its own hex if none has. */
static int free_cell_near(lnlt_step *s, int cell, int side, const uint8_t *adding)
{
    if (room_for(s, cell, side, adding))
        return cell;
    for (int d = 1; d <= 6; d++) {
        int c = lnlt_map_neighbor(s->ctx->map, lnlt_loc_cell(cell), d);
        if (c >= 0 && rules_loc_open(s->ctx, s->st, c) && room_for(s, c, side, adding))
            return c;
    }
    return cell;
}

static void place_force_at(lnlt_step *s, int force, int cell, uint8_t marker)
{
    lnlt_state *st = s->st;
    static const uint8_t mark_of[LNLT_SCN_MARK_COUNT] = {
        [LNLT_SCN_MARK_MOVED] = LNLT_MARK_MOVED, [LNLT_SCN_MARK_ASSAULT_MOVE] = LNLT_MARK_ASSAULT_MOVE,
        [LNLT_SCN_MARK_FIRED] = LNLT_MARK_FIRED, [LNLT_SCN_MARK_OPS_COMPLETE] = LNLT_MARK_OPS_COMPLETE,
        [LNLT_SCN_MARK_LOW_CRAWL] = LNLT_MARK_LOW_CRAWL, [LNLT_SCN_MARK_STEALTH] = LNLT_MARK_STEALTH};
    int side = side_of_force(s->ctx, force);
    uint8_t arriving[LNLT_UNIT_BITS] = {0};
    for (int i = 0; i < st->unit_count; i++)
        if (st->unit[i].force == force && st->unit[i].cell == LNLT_CELL_NONE)
            lnlt_bit_set(arriving, i);
    cell = free_cell_near(s, cell, side, arriving);
    int n = 0;
    for (int i = 0; i < st->unit_count; i++) {
        lnlt_unit *u = &st->unit[i];
        if (u->force != force || u->cell != LNLT_CELL_NONE)
            continue;
        rules_put_unit(st, i, cell);
        u->entry_turn = 0;
        if (marker < LNLT_SCN_MARK_COUNT && mark_of[marker]) {
            u->marks |= mark_of[marker];
            u->flags |= LNLT_UNIT_ACTIVATED;
        }
        n++;
    }
    char name[LNLT_HEX_ID_MAX], who[160];
    uint8_t placed[LNLT_UNIT_BITS] = {0};
    for (int i = 0; i < st->unit_count; i++)
        if (st->unit[i].force == force && lnlt_unit_loc(&st->unit[i]) == cell)
            lnlt_bit_set(placed, i);
    lnlt_events_say(s->log, LNLT_EV_CHANGE, "22.0", "placed", "%s appear%s in %s", rules_labels(s->ctx, st, placed, who, sizeof who),
                    n == 1 ? "s" : "", rules_cell(s, cell, name));
}

static bool run_actions(lnlt_step *s, int first, int end);
static bool skip_unplaceable(lnlt_step *s);

static bool read_paragraph(lnlt_step *s, int number)
{
    const lnlt_scenario *scn = s->ctx->scenario;
    for (int p = 0; p < scn->paragraph_count; p++)
        if (scn->paragraph[p].number == number) {
            lnlt_events_say(s->log, LNLT_EV_CHANGE, "22.0", "paragraph", "paragraph %d is read", number);
            return run_actions(s, scn->paragraph[p].first_action,
                               scn->paragraph[p].first_action + scn->paragraph[p].action_count);
        }
    return lnlt_error_set(s->err, "scenario has no paragraph %d", number);
}

/* Stops the run here until a decision; actions [next, end) continue afterwards. */
static void wait_for(lnlt_step *s, int kind, int side, int force, int next, int end)
{
    lnlt_state *st = s->st;
    if (st->cont_count < 2) {
        st->cont_next[st->cont_count] = (uint8_t)next;
        st->cont_end[st->cont_count] = (uint8_t)end;
        st->cont_count++;
    }
    st->pending = (uint8_t)kind;
    st->pending_side = (uint8_t)side;
    st->pending_ref = (uint8_t)force;
}

static bool end_trigger_impulse(lnlt_step *s)
{
    lnlt_state *st = s->st;
    lnlt_events_say(s->log, LNLT_EV_CHANGE, "22.0", "impulse-ends", "the triggering units stop and the impulse ends");
    if (st->move.active)
        memset(&st->move, 0, sizeof st->move);
    st->resume = RESUME_NONE;
    st->resume_to_act = 0; /* the next impulse decides who acts */
    st->decision = LNLT_DECIDE_ACTIVATION;
    st->to_act = st->impulse_side;
    memset(st->activated, 0, sizeof st->activated);
    return rules_end_activation(s);
}

static bool run_actions(lnlt_step *s, int first, int end)
{
    const lnlt_ctx *ctx = s->ctx;
    const lnlt_scenario *scn = ctx->scenario;
    lnlt_state *st = s->st;
    for (int k = first; k < end; k++) {
        const lnlt_scn_action *a = &scn->action[k];
        switch (a->op) {
        case LNLT_OP_READ:
            if (!read_paragraph(s, a->paragraph))
                return false;
            break;
        case LNLT_OP_REMOVE_EVENTS:
            st->events_done |= (uint8_t)(a->events & 0x0F);
            break;
        case LNLT_OP_RELEASE: {
            if (a->force < 0 || a->force >= LNLT_MAX_FORCES)
                break;
            st->force_arrive[a->force] = (uint8_t)k;
            uint8_t turn = a->arrive.when == LNLT_WHEN_NEXT_TURN ? (uint8_t)(st->turn + 1)
                         : a->arrive.when == LNLT_WHEN_AFTER_FORCE ? LNLT_ENTRY_AFTER_FORCE
                         : a->arrive.when == LNLT_WHEN_TURN ? (uint8_t)a->arrive.turn
                         : st->turn;
            for (int i = 0; i < st->unit_count; i++)
                if (st->unit[i].force == a->force && st->unit[i].cell == LNLT_CELL_NONE)
                    st->unit[i].entry_turn = a->arrive.how == LNLT_ARRIVE_ENTER ? turn : 0;
            char who[160];
            lnlt_events_say(s->log, LNLT_EV_CHANGE, "22.0", "released", "%s may now %s",
                            rules_force_label(ctx, a->force, who, sizeof who),
                            a->arrive.how == LNLT_ARRIVE_ENTER    ? "enter the map"
                            : a->arrive.how == LNLT_ARRIVE_SNIPER ? "be placed as a sniper (11.4)"
                                                                  : "arrive (not yet played by the engine)");
            break;
        }
        case LNLT_OP_PLACE:
            if (a->force < 0)
                break;
            if (a->has_hex) {
                int cell = lnlt_map_index(ctx->map, a->hex);
                if (cell >= 0)
                    place_force_at(s, a->force, cell, a->marker);
            } else if (a->zone >= 0) {
                /* The owner places the force unit by unit inside the zone. */
                wait_for(s, LNLT_DECIDE_EVENT_PLACE, side_of_force(ctx, a->force), a->force, k + 1, end);
                if (skip_unplaceable(s))
                    return true;
                st->pending = 0;
                st->cont_count--;
            }
            break;
        case LNLT_OP_MORALE_CHECK: {
            wait_for(s, LNLT_DECIDE_EVENT_CHOOSE, a->side + 1, k, k + 1, end);
            bool anyone = false;
            for (int u = 0; u < st->unit_count && !anyone; u++)
                anyone = rules_event_may_choose(ctx, st, u);
            if (anyone)
                return true;
            /* ruling R-SCN-07: with nobody able to take it, the check fails. */
            st->pending = 0;
            st->cont_count--;
            lnlt_events_say(s->log, LNLT_EV_RESULT, "22.0", "no-check", "no unit can take the event's morale check: it fails");
            if (!read_paragraph(s, a->paragraph_fail))
                return false;
            break;
        }
        case LNLT_OP_END_TRIGGER_IMPULSE:
            if (!end_trigger_impulse(s))
                return false;
            break;
        case LNLT_OP_REVEAL_OBJECTIVE:
            if (a->objective >= 0 && a->objective < 4) {
                st->objectives |= (uint8_t)(1u << a->objective);
                char what[80];
                lnlt_events_say(s->log, LNLT_EV_CHANGE, "22.0", "objective", "%s is revealed",
                                lnlt_scenario_objective_words(scn, a->objective, true, what, sizeof what));
            }
            break;
        case LNLT_OP_FIRE_MISSION:
            /* 18.2: the side may call the mission in one of its later impulses. */
            if (a->side >= 0 && a->side < 2) {
                st->missions[a->side + 1]++;
                st->mission_action = (uint8_t)k;
                lnlt_events_say(s->log, LNLT_EV_CHANGE, "18.2", "fire-mission", "%s receives a fire mission (FP %d)",
                                lnlt_side_name(ctx, a->side + 1), a->fp);
            }
            break;
        default:
            break;
        }
    }
    return true;
}

/* Runs what remains once a decision is made; returns when done or waiting again. */
static bool continue_run(lnlt_step *s)
{
    lnlt_state *st = s->st;
    while (!st->pending && st->cont_count > 0) {
        st->cont_count--;
        int next = st->cont_next[st->cont_count], end = st->cont_end[st->cont_count];
        if (!run_actions(s, next, end))
            return false;
    }
    if (st->pending)
        return true;
    return rules_events_resume(s);
}

bool rules_events_check(lnlt_step *s)
{
    const bool in_step = true;
    const lnlt_ctx *ctx = s->ctx;
    lnlt_state *st = s->st;
    if (!ctx->scenario || st->pending || st->phase == LNLT_PHASE_GAME_OVER)
        return true;
    const lnlt_scenario *scn = ctx->scenario;
    for (int e = 0; e < scn->event_count; e++) {
        const lnlt_scn_event *ev = &scn->event[e];
        uint8_t bit = lnlt_scn_event_bit(ev);
        if (!bit || (st->events_done & bit) || !event_fires(ctx, st, ev))
            continue;
        st->events_done |= bit;
        char where[LNLT_HEX_ID_MAX];
        lnlt_hex h = ev->hex;
        h.map = 0;
        lnlt_events_say(s->log, LNLT_EV_CHANGE, "22.0", "event", "event marker %c in %s is triggered by %s", ev->marker,
                        lnlt_hex_format(h, where), lnlt_side_name(ctx, st->impulse_side));
        st->resume = in_step ? RESUME_STEP : RESUME_NONE;
        st->resume_to_act = st->to_act;
        if (!run_actions(s, ev->first_action, ev->first_action + ev->action_count))
            return false;
        if (st->pending)
            return true; /* the decision comes first; the rest resumes after it */
        st->resume = RESUME_NONE;
    }
    return true;
}

bool rules_events_resume(lnlt_step *s)
{
    lnlt_state *st = s->st;
    int resume = st->resume;
    st->resume = RESUME_NONE;
    st->to_act = st->resume_to_act ? st->resume_to_act : st->impulse_side;
    if (resume == RESUME_STEP && st->move.active)
        return rules_after_step(s);
    return true;
}

/* ---- decisions inside an event ---- */

int rules_event_place_unit(const lnlt_ctx *ctx, const lnlt_state *st)
{
    for (int i = 0; i < st->unit_count; i++)
        if (st->unit[i].force == st->pending_ref && st->unit[i].cell == LNLT_CELL_NONE)
            return i;
    (void)ctx;
    return -1;
}

int rules_event_place_zone(const lnlt_ctx *ctx, const lnlt_state *st)
{
    /* The zone of the PLACE action that is waiting (the one before cont_next). */
    const lnlt_scenario *scn = ctx->scenario;
    if (st->cont_count == 0)
        return -1;
    int k = st->cont_next[st->cont_count - 1] - 1;
    return k >= 0 && k < scn->action_count && scn->action[k].op == LNLT_OP_PLACE ? scn->action[k].zone : -1;
}

bool rules_event_can_place(const lnlt_ctx *ctx, const lnlt_state *st, int unit, int cell)
{
    int zone = rules_event_place_zone(ctx, st);
    if (zone < 0 || !rules_zone_has(ctx, zone, cell) ||
        rules_enemy_in(st, cell, st->unit[unit].side))
        return false;
    uint8_t adding[LNLT_UNIT_BITS] = {0};
    lnlt_bit_set(adding, unit);
    return rules_stacking_ok(ctx, st, cell, st->unit[unit].side, adding, NULL);
}

/* ruling R-SCN-07: a unit the event cannot place anywhere (zone full or held by
 * the enemy) stays off the map. True while some unit is still to be placed. */
static bool skip_unplaceable(lnlt_step *s)
{
    lnlt_state *st = s->st;
    int cells = lnlt_map_cells(s->ctx->map);
    for (int u = rules_event_place_unit(s->ctx, st); u >= 0; u = rules_event_place_unit(s->ctx, st)) {
        for (int c = 0; c < cells; c++)
            if (lnlt_map_cell_exists(s->ctx->map, c) && rules_event_can_place(s->ctx, st, u, c))
                return true;
        rules_unit_off_map(st, u, LNLT_CELL_EXITED); /* out of play, never on the map */
        lnlt_events_say(s->log, LNLT_EV_RESULT, "22.0", "not-placed", "%s has no hex left in its zone and stays out of play",
                        rules_label(s->ctx, st, u));
    }
    return false;
}

bool rules_event_place(lnlt_step *s, int unit, int cell)
{
    lnlt_state *st = s->st;
    if (unit != rules_event_place_unit(s->ctx, st) || !rules_event_can_place(s->ctx, st, unit, cell))
        return lnlt_error_set(s->err, "that unit cannot be placed there");
    rules_put_unit(st, unit, cell);
    st->unit[unit].entry_turn = 0;
    char name[LNLT_HEX_ID_MAX];
    lnlt_events_say(s->log, LNLT_EV_CHANGE, "22.0", "placed", "%s appears in %s", rules_label(s->ctx, st, unit),
                    rules_cell(s, cell, name));
    if (skip_unplaceable(s))
        return true;
    st->pending = 0;
    return continue_run(s);
}

bool rules_event_may_choose(const lnlt_ctx *ctx, const lnlt_state *st, int unit)
{
    const lnlt_scn_action *a = &ctx->scenario->action[st->pending_ref];
    const lnlt_unit *u = &st->unit[unit];
    if (u->side != st->pending_side || !rules_on_map(u))
        return false;
    if ((a->exclude_kinds >> rules_type(ctx, u)->kind) & 1)
        return false;
    if (a->event >= 0 && a->event < ctx->scenario->event_count) {
        int cell = lnlt_map_index(ctx->map, ctx->scenario->event[a->event].hex);
        lnlt_los_result los;
        if (cell < 0 || (u->cell != cell && !rules_los(ctx, st, lnlt_unit_loc(u), cell, &los)))
            return false;
    }
    return true;
}

bool rules_event_choose(lnlt_step *s, int unit)
{
    const lnlt_ctx *ctx = s->ctx;
    lnlt_state *st = s->st;
    if (unit < 0 || !rules_event_may_choose(ctx, st, unit))
        return lnlt_error_set(s->err, "that unit may not take this morale check");
    const lnlt_scn_action *a = &ctx->scenario->action[st->pending_ref];
    lnlt_unit *u = &st->unit[unit];
    lnlt_mc_input in;
    memset(&in, 0, sizeof in);
    in.morale = rules_morale(ctx, u) + rules_advisor_bonus(ctx, st, unit); /* 11.9 */
    if (a->modified) {
        in.positive_tm = rules_mc_cover(ctx, st, lnlt_unit_loc(u), u->side); /* 1.5.1, 3.0, TEC Wall and Hill */
    }
    char purpose[80];
    snprintf(purpose, sizeof purpose, "event morale check, %s", rules_label(ctx, st, unit));
    lnlt_mc_outcome out;
    if (!rules_roll_morale_check(s, &in, purpose, "1.5.1", NULL, "passed", "failed", &out))
        return false;
    if (!out.pass && a->shake_on_fail)
        rules_shake_unit(ctx, st, unit); /* a hero fails the check but never shakes (11.2) */
    st->pending = 0;
    if (!read_paragraph(s, out.pass ? a->paragraph : a->paragraph_fail))
        return false;
    return continue_run(s);
}

/* ---- objectives held for a turn (The Weapons Cache) ---- */

static bool holding(const lnlt_ctx *ctx, const lnlt_state *st, const lnlt_scn_objective *o)
{
    int cell = lnlt_map_index(ctx->map, o->hex);
    /* The Weapons Cache, Paragraph Two: no melee in the hex during the turn */
    for (int f = 0; f < LNLT_FLOORS && cell >= 0; f++)
        if (rules_in_melee(st, lnlt_location(cell, f)) || rules_melee_was_fought(st, lnlt_location(cell, f)))
            return false;
    bool mmc = !o->needs_go_mmc, named = o->needs_unit < 0;
    for (int i = 0; i < st->unit_count; i++) {
        const lnlt_unit *u = &st->unit[i];
        if (u->cell != cell || u->side != o->side + 1) /* objectives are hexes, any floor */
            continue;
        /* ruling R-SCN-05: "doing nothing else" = no marker for any action this turn;
         * neither may be shaken */
        if (u->marks || !rules_is_good(u))
            continue;
        if (lnlt_unit_kind_is_mmc(rules_type(ctx, u)->kind))
            mmc = true;
        if (u->type == o->needs_unit)
            named = true;
    }
    return mmc && named;
}

void rules_objectives_turn_start(const lnlt_ctx *ctx, lnlt_state *st)
{
    if (!ctx->scenario)
        return;
    for (int k = 0; k < ctx->scenario->objective_count && k < 4; k++) {
        bool hold = (st->objectives & (1u << k)) && holding(ctx, st, &ctx->scenario->objective[k]);
        st->objectives = (uint8_t)(hold ? st->objectives | (1u << (4 + k)) : st->objectives & ~(1u << (4 + k)));
    }
}

void rules_objectives_turn_end(lnlt_step *s)
{
    const lnlt_ctx *ctx = s->ctx;
    lnlt_state *st = s->st;
    if (!ctx->scenario)
        return;
    for (int k = 0; k < ctx->scenario->objective_count && k < 4; k++) {
        const lnlt_scn_objective *o = &ctx->scenario->objective[k];
        if ((st->events_done & (1u << (4 + k))) || !(st->objectives & (1u << (4 + k))) || !holding(ctx, st, o))
            continue;
        st->events_done |= (uint8_t)(1u << (4 + k));
        char what[80];
        lnlt_events_say(s->log, LNLT_EV_RESULT, "22.0", "objective-destroyed", "%s is destroyed",
                        lnlt_scenario_objective_words(ctx->scenario, k, true, what, sizeof what));
    }
}
