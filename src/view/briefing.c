/*
 * briefing.c: the scenario card in words (rule 22.0 scenario layout: title and
 * summary, order of battle with set-up and arrival, scenario length and first
 * initiative, victory conditions and points, 22.1 initial control, special
 * scenario rules, event markers (1.8) and the paragraphs read so far), built from
 * the scenario data for the views (docs/view.md "briefing"). What a side may not
 * know is left out: held forces not yet revealed, unread paragraphs and a hidden
 * objective's hex (rulings R-VIEW-02, R-VIEW-04).
 */
#include <jansson.h>
#include <stdarg.h>
#include <stdio.h>
#include <string.h>

#include "lnlt/map.h"
#include "lnlt/scenario.h"
#include "lnlt/view.h"
#include "view/view_internal.h"

/* Appends printf-style text at *n, never past len. */
#if defined(__GNUC__)
__attribute__((format(printf, 4, 5)))
#endif
static void put(char *buf, size_t len, size_t *n, const char *fmt, ...)
{
    if (*n >= len)
        return;
    va_list ap;
    va_start(ap, fmt);
    int w = vsnprintf(buf + *n, len - *n, fmt, ap);
    va_end(ap);
    if (w > 0)
        *n += (size_t)w;
    if (*n >= len)
        *n = len - 1;
}

/* A scenario hex as the board and the commands name it: bare ("J5") on a
 * single-map board, as lnlt_cell_name does. */
static const char *board_id(const lnlt_ctx *ctx, lnlt_hex h, char *buf)
{
    if (!ctx->scenario || ctx->scenario->map_count <= 1)
        h.map = 0;
    return lnlt_hex_format(h, buf);
}

/* "the Americans" for a scenario side index, or `either` (LNLT_NONE). Side names
 * are plural ("Americans", "Viet Cong"), so the verbs that follow are too. */
static void the_side(const lnlt_ctx *ctx, int scn_side, const char *either, char *buf, size_t len)
{
    if (scn_side >= 0 && scn_side < 2)
        snprintf(buf, len, "the %s", lnlt_side_name(ctx, scn_side + 1));
    else
        snprintf(buf, len, "%s", either);
}

static void kinds_words(uint32_t kinds, char *buf, size_t len)
{
    size_t n = 0;
    int count = 0;
    buf[0] = 0;
    uint32_t smc = 0, mmc = 0;
    for (int k = 0; k < LNLT_UK_COUNT; k++) {
        smc |= lnlt_unit_kind_is_smc(k) ? 1u << k : 0;
        mmc |= lnlt_unit_kind_is_mmc(k) ? 1u << k : 0;
    }
    if ((kinds & mmc) == mmc) {
        put(buf, len, &n, "%smulti-man counter", count++ ? " or " : "");
        kinds &= ~mmc;
    }
    if ((kinds & smc) == smc) {
        put(buf, len, &n, "%ssingle-man counter", count++ ? " or " : "");
        kinds &= ~smc;
    }
    for (int k = 0; k < LNLT_UK_COUNT; k++)
        if ((kinds >> k) & 1) {
            put(buf, len, &n, "%s", count++ ? " or " : "");
            for (const char *p = lnlt_unit_kind_name(k); *p; p++)
                put(buf, len, &n, "%c", *p == '_' ? '-' : *p);
        }
}

void view_arrival_words(const lnlt_ctx *ctx, const lnlt_scn_arrive *ar, char *buf, size_t len)
{
    const lnlt_scenario *scn = ctx->scenario;
    size_t n = 0;
    char tmp[200];
    buf[0] = 0;
    switch (ar->how) {
    case LNLT_ARRIVE_SETUP:
        lnlt_scenario_zone_words(scn, ctx->map, ar->zone, tmp, sizeof tmp);
        put(buf, len, &n, "sets up in %s", tmp);
        return;
    case LNLT_ARRIVE_SNIPER:
        put(buf, len, &n, "is placed during play as a sniper (11.4)");
        return;
    case LNLT_ARRIVE_HELD:
        put(buf, len, &n, "arrives only when a paragraph says so");
        return;
    default:
        break;
    }
    switch (ar->when) {
    case LNLT_WHEN_TURN: put(buf, len, &n, "enters on turn %d", ar->turn > 0 ? ar->turn : 1); break;
    case LNLT_WHEN_NEXT_IMPULSE: put(buf, len, &n, "may enter from its side's next impulse"); break;
    case LNLT_WHEN_NEXT_TURN: put(buf, len, &n, "may enter from the next turn"); break;
    case LNLT_WHEN_AFTER_FORCE:
        if (ar->ref >= 0 && ar->ref < scn->force_count) {
            lnlt_scenario_force_words(scn, ctx->catalog, ar->ref, tmp, sizeof tmp);
            char who[80];
            the_side(ctx, scn->force[ar->ref].side, "a side", who, sizeof who);
            put(buf, len, &n, "may enter in any impulse after the first unit of %s (%s) has entered", who, tmp);
        } else {
            put(buf, len, &n, "may enter after another force");
        }
        break;
    case LNLT_WHEN_ROLL:
        put(buf, len, &n, "from turn %d, enters in a turn when 1d6 rolls %d or less", ar->turn, ar->roll_at_most);
        break;
    default: put(buf, len, &n, "enters"); break;
    }
    bool random = false;
    for (int i = 0; i < 6; i++)
        random |= ar->random_edge[i] != 0;
    if (ar->zone >= 0 && ar->zone < scn->zone_count) {
        lnlt_scenario_zone_words(scn, ctx->map, ar->zone, tmp, sizeof tmp);
        put(buf, len, &n, " through %s", tmp);
    } else if (random) {
        put(buf, len, &n, " by an edge rolled on 1d6 (");
        for (int f = 0; f < 6; f++)
            put(buf, len, &n, "%s%d: %s", f ? ", " : "", f + 1,
                lnlt_edge_words(ar->random_edge[f], tmp, sizeof tmp));
        put(buf, len, &n, ")");
    } else if (ar->adjacent_to_ref) {
        put(buf, len, &n, " by an edge next to the one that force used");
    } else if (ar->edges) {
        put(buf, len, &n, " by the %s", lnlt_edge_words(ar->edges, tmp, sizeof tmp));
    }
    if (ar->same_edge)
        put(buf, len, &n, ", all by the same edge");
}

static const char *marker_words(int m)
{
    switch (m) {
    case LNLT_SCN_MARK_MOVED: return "Moved";
    case LNLT_SCN_MARK_ASSAULT_MOVE: return "Assault Move";
    case LNLT_SCN_MARK_FIRED: return "Fired";
    case LNLT_SCN_MARK_OPS_COMPLETE: return "Ops Complete";
    case LNLT_SCN_MARK_LOW_CRAWL: return "Low Crawl";
    case LNLT_SCN_MARK_STEALTH: return "Stealth";
    case LNLT_SCN_MARK_MELEE: return "Melee";
    default: return NULL;
    }
}

static void events_letters(uint8_t events, char *buf, size_t len)
{
    size_t n = 0;
    int total = 0, count = 0;
    buf[0] = 0;
    for (int i = 0; i < 4; i++)
        total += (events >> i) & 1;
    for (int i = 0; i < 4; i++)
        if ((events >> i) & 1) {
            count++;
            put(buf, len, &n, "%s%c", count == 1 ? "" : count == total ? " and " : ", ", 'A' + i);
        }
}

void view_scn_action_words(const lnlt_ctx *ctx, int k, char *buf, size_t len)
{
    const lnlt_scenario *scn = ctx->scenario;
    const lnlt_scn_action *a = &scn->action[k];
    size_t n = 0;
    char tmp[200], tmp2[200];
    buf[0] = 0;
    switch (a->op) {
    case LNLT_OP_READ:
        put(buf, len, &n, "read paragraph %d", a->paragraph);
        break;
    case LNLT_OP_REMOVE_EVENTS:
        events_letters(a->events, tmp, sizeof tmp);
        put(buf, len, &n, "remove event marker%s %s", strlen(tmp) > 1 ? "s" : "", tmp);
        break;
    case LNLT_OP_RELEASE:
        if (a->force < 0 || a->force >= scn->force_count)
            break;
        lnlt_scenario_force_words(scn, ctx->catalog, a->force, tmp, sizeof tmp);
        view_arrival_words(ctx, &a->arrive, tmp2, sizeof tmp2);
        put(buf, len, &n, "the %s may now bring in %s (arrival: %s)", lnlt_side_name(ctx, scn->force[a->force].side + 1),
            tmp, tmp2);
        break;
    case LNLT_OP_PLACE: {
        if (a->force < 0 || a->force >= scn->force_count)
            break;
        lnlt_scenario_force_words(scn, ctx->catalog, a->force, tmp, sizeof tmp);
        put(buf, len, &n, "%s units (%s) appear", lnlt_side_name(ctx, scn->force[a->force].side + 1), tmp);
        char id[LNLT_HEX_ID_MAX];
        if (a->has_hex) {
            put(buf, len, &n, " in %s", board_id(ctx, a->hex, id));
        } else {
            lnlt_scenario_zone_words(scn, ctx->map, a->zone, tmp2, sizeof tmp2);
            put(buf, len, &n, ", placed by their owner in %s", tmp2);
        }
        if (marker_words(a->marker))
            put(buf, len, &n, ", marked %s", marker_words(a->marker));
        else /* ruling R-SCN-10: placed without a marker, they may fire at once */
            put(buf, len, &n, "; they may opportunity-fire at once");
        break;
    }
    case LNLT_OP_MORALE_CHECK:
        the_side(ctx, a->side, "a side", tmp2, sizeof tmp2);
        put(buf, len, &n, "%s pick one of their units", tmp2);
        if (a->exclude_kinds) {
            kinds_words(a->exclude_kinds, tmp, sizeof tmp);
            put(buf, len, &n, " (not a %s)", tmp);
        }
        if (a->event >= 0 && a->event < 4)
            put(buf, len, &n, " that sees event marker %c", 'A' + a->event);
        put(buf, len, &n, " to take a %s morale check%s: if it passes, read paragraph %d, otherwise paragraph %d",
            a->modified ? "modified" : "unmodified", a->shake_on_fail ? " (shaken if it fails)" : "", a->paragraph,
            a->paragraph_fail);
        break;
    case LNLT_OP_END_TRIGGER_IMPULSE:
        put(buf, len, &n, "the units that set off the event stop and their impulse ends");
        break;
    case LNLT_OP_FIRE_MISSION:
        kinds_words(a->caller_kinds, tmp, sizeof tmp);
        the_side(ctx, a->side, "a side", tmp2, sizeof tmp2);
        put(buf, len, &n, "%s receive a fire mission (FP %d, 18.2) called by a %s", tmp2, a->fp, tmp);
        if (a->fallback_kinds) {
            kinds_words(a->fallback_kinds, tmp, sizeof tmp);
            put(buf, len, &n, " (a %s if none is left)", tmp);
        }
        if (a->shift > 0)
            put(buf, len, &n, ", who may shift its landing by up to %d hex%s", a->shift, a->shift == 1 ? "" : "es");
        break;
    case LNLT_OP_REVEAL_OBJECTIVE:
        lnlt_scenario_objective_words(scn, a->objective, true, tmp, sizeof tmp);
        put(buf, len, &n, "%s is revealed", tmp);
        break;
    default:
        break;
    }
}

/* The paragraph with that number in words, one sentence per action. */
static json_t *paragraph_json(const lnlt_ctx *ctx, int number)
{
    const lnlt_scenario *scn = ctx->scenario;
    for (int p = 0; p < scn->paragraph_count; p++) {
        if (scn->paragraph[p].number != number)
            continue;
        json_t *o = json_object(), *items = json_array();
        char text[1024] = "";
        size_t n = 0;
        for (int k = scn->paragraph[p].first_action;
             k < scn->paragraph[p].first_action + scn->paragraph[p].action_count && k < scn->action_count; k++) {
            char one[400];
            view_scn_action_words(ctx, k, one, sizeof one);
            if (!one[0])
                continue;
            json_array_append_new(items, json_string(one));
            put(text, sizeof text, &n, "%s%c%s.", n ? " " : "", (char)(one[0] >= 'a' && one[0] <= 'z' ? one[0] - 32 : one[0]),
                one + 1);
        }
        json_object_set_new(o, "number", json_integer(number));
        json_object_set_new(o, "text", json_string(text));
        json_object_set_new(o, "effects", items);
        return o;
    }
    return NULL;
}

int view_paragraphs_read(const lnlt_session *s, int *out, int cap)
{
    int n = 0;
    for (int i = 0; i < s->log.count; i++) {
        const lnlt_event *e = &s->log.ev[i];
        int number;
        if (e->kind != LNLT_EV_CHANGE || strcmp(e->what, "paragraph") ||
            sscanf(e->text, "paragraph %d", &number) != 1)
            continue;
        bool seen = false;
        for (int k = 0; k < n && k < cap; k++)
            seen |= out[k] == number;
        if (!seen && n < cap)
            out[n++] = number;
    }
    return n;
}

static json_t *condition_json(const lnlt_ctx *ctx, const lnlt_state *st, int k)
{
    const lnlt_scenario *scn = ctx->scenario;
    const lnlt_scn_condition *c = &scn->victory.condition[k];
    char text[400], tmp[200];
    size_t n = 0;
    char who[80];
    the_side(ctx, c->side, "it", who, sizeof who);
    switch (c->type) {
    case LNLT_COND_CONTROL:
        lnlt_scenario_zone_words(scn, ctx->map, c->zone, tmp, sizeof tmp);
        if (c->count > 0)
            put(text, sizeof text, &n, "%s control%s (22.1) at least %d of the %s", who, c->side >= 0 ? "" : "s",
                c->count, tmp);
        else
            put(text, sizeof text, &n, "%s control%s (22.1) all %s", who, c->side >= 0 ? "" : "s", tmp);
        break;
    case LNLT_COND_EXIT:
        lnlt_scenario_zone_words(scn, ctx->map, c->zone, tmp, sizeof tmp);
        put(text, sizeof text, &n, "%s exit%s at least %d.%d squads (two half-squads make a squad) and %d leader%s through %s",
            who, c->side >= 0 ? "" : "s", c->halves / 2, c->halves % 2 ? 5 : 0, c->leaders, c->leaders == 1 ? "" : "s",
            tmp);
        break;
    case LNLT_COND_OBJECTIVE: {
        const lnlt_scn_objective *ob = &scn->objective[c->objective];
        char finder[80];
        the_side(ctx, ob->side, who, finder, sizeof finder);
        lnlt_scenario_objective_words(scn, c->objective, (st->objectives >> c->objective) & 1, tmp, sizeof tmp);
        put(text, sizeof text, &n, "%s find%s and destroy%s %s", finder, ob->side >= 0 ? "" : "s",
            ob->side >= 0 ? "" : "s", tmp);
        break;
    }
    case LNLT_COND_ELIMINATE:
        put(text, sizeof text, &n, "%s eliminate%s at least %d enemy squads (two half-squads make a squad)", who,
            c->side >= 0 ? "" : "s", c->count);
        break;
    case LNLT_COND_ENEMY_BROKEN:
        put(text, sizeof text, &n, "no good-order enemy unit is left on the map for %s", who);
        break;
    default: put(text, sizeof text, &n, "a condition of another kind"); break;
    }
    if (c->by_turn > 0)
        put(text, sizeof text, &n, " by the end of turn %d", c->by_turn);
    else
        put(text, sizeof text, &n, " at the end of the game");
    json_t *o = json_object();
    json_object_set_new(o, "text", json_string(text));
    if (c->side >= 0)
        json_object_set_new(o, "side", json_integer(c->side + 1));
    /* where each side stands now, as the engine will judge it */
    json_t *status = json_object();
    for (int side = 1; side <= 2; side++) {
        if (c->side >= 0 && c->side + 1 != side)
            continue;
        if (scn->victory.winner >= 0 && scn->victory.winner + 1 != side)
            continue;
        char why[256];
        bool met = lnlt_victory_condition_status(ctx, st, k, side, why, sizeof why);
        json_t *so = json_object();
        json_object_set_new(so, "met", json_boolean(met));
        json_object_set_new(so, "text", json_string(why));
        char key[2] = {(char)('0' + side), 0};
        json_object_set_new(status, key, so);
    }
    json_object_set_new(o, "now", status);
    return o;
}

static json_t *victory_json(const lnlt_ctx *ctx, const lnlt_state *st)
{
    const lnlt_scenario *scn = ctx->scenario;
    const lnlt_scn_victory *v = &scn->victory;
    json_t *o = json_object(), *conds = json_array(), *vps = json_array(), *ctl = json_array();
    char text[600], tmp[200];
    size_t n = 0;
    for (int k = 0; k < v->condition_count; k++)
        json_array_append_new(conds, condition_json(ctx, st, k));
    for (int k = 0; k < v->vp_count; k++) {
        const lnlt_scn_vp *p = &v->vp[k];
        char line[300];
        size_t m = 0;
        char who[80];
        the_side(ctx, p->side, "each side", who, sizeof who);
        const char *s_ = p->side >= 0 ? "" : "s";
        if (p->vp_for == LNLT_VP_CONTROL) {
            lnlt_scenario_zone_words(scn, ctx->map, p->zone, tmp, sizeof tmp);
            put(line, sizeof line, &m, "%s score%s %d VP for each of the %s controlled at the end", who, s_, p->vp, tmp);
        } else {
            kinds_words(p->kinds, tmp, sizeof tmp);
            put(line, sizeof line, &m, "%s score%s %d VP for each enemy %s eliminated%s", who, s_, p->vp, tmp,
                p->half_for_half_squads ? " (half for a half-squad)" : "");
        }
        json_array_append_new(vps, json_string(line));
    }
    for (int k = 0; k < v->control_count; k++) {
        lnlt_scenario_zone_words(scn, ctx->map, v->initial_control[k].zone, tmp, sizeof tmp);
        char line[400];
        char who[80];
        the_side(ctx, v->initial_control[k].side, "a side", who, sizeof who);
        snprintf(line, sizeof line, "%s control the %s at the start", who, tmp);
        json_array_append_new(ctl, json_string(line));
    }
    if (v->condition_count > 0) {
        if (v->winner >= 0)
            put(text, sizeof text, &n, "The %s win if ", lnlt_side_name(ctx, v->winner + 1));
        else
            put(text, sizeof text, &n, "A side wins if ");
        for (int k = 0; k < v->condition_count; k++)
            put(text, sizeof text, &n, "%s%s", k == 0 ? "" : k == v->condition_count - 1 ? " and " : "; ",
                json_string_value(json_object_get(json_array_get(conds, (size_t)k), "text")));
        put(text, sizeof text, &n, ".");
    } else if (v->most_vp_wins) {
        put(text, sizeof text, &n, "The side with the most victory points at the end wins.");
    }
    if (v->otherwise == LNLT_OUTCOME_DRAW)
        put(text, sizeof text, &n, " Any other result is a draw.");
    else if (v->otherwise >= 0)
        put(text, sizeof text, &n, " Any other result is a victory for the %s.", lnlt_side_name(ctx, v->otherwise + 1));
    json_object_set_new(o, "text", json_string(text));
    json_object_set_new(o, "conditions", conds);
    json_object_set_new(o, "points", vps);
    json_object_set_new(o, "initial_control", ctl);
    return o;
}

static json_t *special_rules_json(const lnlt_ctx *ctx)
{
    const lnlt_scenario *scn = ctx->scenario;
    json_t *arr = json_array();
    for (int r = 0; r < scn->rule_count; r++) {
        const lnlt_scn_rule *rule = &scn->rule[r];
        char text[300], tmp[200];
        size_t n = 0;
        char who[80];
        the_side(ctx, rule->side, "either side", who, sizeof who);
        if (rule->optional)
            put(text, sizeof text, &n, "Optional: ");
        switch (rule->kind) {
        case LNLT_SSR_BUILDINGS_ONE_LEVEL: put(text, sizeof text, &n, "every building has one storey (level 1)"); break;
        case LNLT_SSR_NO_HERO_CREATION:
            put(text, sizeof text, &n, "no heroes are created (11.2.1)%s%s", rule->side >= 0 ? " for the " : "",
                rule->side >= 0 ? who : "");
            break;
        case LNLT_SSR_HERO_STAND_IN:
            put(text, sizeof text, &n, "%s may use %s as a hero counter with morale %d", who,
                ctx->catalog && rule->unit >= 0 && rule->unit < ctx->catalog->unit_count
                    ? ctx->catalog->unit[rule->unit].name
                    : rule->unit_id,
                rule->value);
            break;
        case LNLT_SSR_SNIPER_ZONE:
            lnlt_scenario_zone_words(scn, ctx->map, rule->zone, tmp, sizeof tmp);
            put(text, sizeof text, &n, "%s may place their sniper only in %s", who, tmp);
            break;
        case LNLT_SSR_NO_ENTRY_EDGE:
            put(text, sizeof text, &n, "%s never enter by the %s", who, lnlt_edge_words(rule->edges, tmp, sizeof tmp));
            break;
        case LNLT_SSR_NO_UPPER_LEVEL:
            lnlt_scenario_zone_words(scn, ctx->map, rule->zone, tmp, sizeof tmp);
            put(text, sizeof text, &n, "%s have no upper level", tmp);
            break;
        case LNLT_SSR_EXIT_IS_ELIMINATION:
            put(text, sizeof text, &n, "units of %s that leave the playable area count as eliminated", who);
            break;
        case LNLT_SSR_VEHICLE_SIZE_SPEED:
            put(text, sizeof text, &n, "the vehicle size and speed modifiers to hit (15.6) are in play");
            break;
        case LNLT_SSR_HULL_DOWN: put(text, sizeof text, &n, "vehicles may go hull down (15.10)"); break;
        case LNLT_SSR_MG_SPLIT:
            put(text, sizeof text, &n, "a 4-FP vehicle MG may fire 2 FP into its turret arc and 2 into its hull arc (15.0)");
            break;
        case LNLT_SSR_FIRE:
            put(text, sizeof text, &n,
                "hexes can catch fire: Fire markers start, grow, spread and burn the units in them, and can be put out (10.5.6)");
            break;
        case LNLT_SSR_RAIN_OR_SNOW:
            put(text, sizeof text, &n, "the scenario is fought in rain or snow: fires start less easily (10.5.6)");
            break;
        case LNLT_SSR_SPOT_VEHICLES:
            put(text, sizeof text, &n, "spotting a hex that holds an enemy vehicle is 1 easier (10.1.1)");
            break;
        default: put(text, sizeof text, &n, "a special rule of another kind"); break;
        }
        if (text[0] >= 'a' && text[0] <= 'z')
            text[0] = (char)(text[0] - 32);
        json_t *o = json_object();
        json_object_set_new(o, "number", json_integer(r + 1));
        json_object_set_new(o, "text", json_string(text));
        json_object_set_new(o, "optional", json_boolean(rule->optional));
        json_array_append_new(arr, o);
    }
    return arr;
}

static json_t *event_markers_json(const lnlt_ctx *ctx, const lnlt_state *st)
{
    const lnlt_scenario *scn = ctx->scenario;
    json_t *arr = json_array();
    for (int k = 0; k < scn->event_count; k++) {
        const lnlt_scn_event *ev = &scn->event[k];
        json_t *o = json_object();
        char letter[2] = {ev->marker, 0}, id[LNLT_HEX_ID_MAX], text[600];
        size_t n = 0;
        json_object_set_new(o, "marker", json_string(letter));
        json_object_set_new(o, "type", json_string(ev->type == LNLT_EVENT_LOS ? "line_of_sight" : "occupation"));
        json_object_set_new(o, "hex", json_string(board_id(ctx, ev->hex, id)));
        if (ev->side >= 0)
            json_object_set_new(o, "side", json_integer(ev->side + 1));
        json_object_set_new(o, "on_map", json_boolean(!(st->events_done & lnlt_scn_event_bit(ev))));
        put(text, sizeof text, &n, "Event marker %c in %s: set off when a unit of %s%s %s it; then ", ev->marker, id,
            ev->side >= 0 ? "the " : "either side", ev->side >= 0 ? lnlt_side_name(ctx, ev->side + 1) : "",
            ev->type == LNLT_EVENT_LOS ? "has a line of sight to" : "enters");
        for (int a = ev->first_action; a < ev->first_action + ev->action_count && a < scn->action_count; a++) {
            char one[400];
            view_scn_action_words(ctx, a, one, sizeof one);
            put(text, sizeof text, &n, "%s%s", a == ev->first_action ? "" : ", ", one);
        }
        put(text, sizeof text, &n, ".");
        json_object_set_new(o, "text", json_string(text));
        json_array_append_new(arr, o);
    }
    return arr;
}

json_t *view_briefing_json(const lnlt_session *s, int side)
{
    const lnlt_ctx *ctx = &s->ctx;
    const lnlt_state *st = &s->state;
    const lnlt_scenario *scn = ctx->scenario;
    json_t *o = json_object();
    if (!scn)
        return o;
    json_object_set_new(o, "id", json_string(scn->id));
    json_object_set_new(o, "title", json_string(scn->title));
    json_object_set_new(o, "place", json_string(scn->place));
    json_object_set_new(o, "date", json_string(scn->date));
    json_object_set_new(o, "summary", json_string(scn->summary));
    json_object_set_new(o, "turns", json_integer(scn->turns));
    char text[400];
    snprintf(text, sizeof text, "%d turn%s. The %s have the initiative on turn 1.", scn->turns, scn->turns == 1 ? "" : "s",
             lnlt_side_name(ctx, scn->initiative + 1));
    json_object_set_new(o, "length", json_string(text));
    json_object_set_new(o, "first_initiative", json_integer(scn->initiative + 1));
    int first = 0;
    for (int k = 0; k < scn->force_count; k++)
        if (scn->force[k].arrive.how == LNLT_ARRIVE_SETUP && !first)
            first = scn->force[k].side + 1;
    for (int k = 0; k < 2; k++)
        if (scn->side[k].sets_up_first)
            first = k + 1;
    if (first)
        json_object_set_new(o, "sets_up_first", json_integer(first));
    json_t *sides = json_array();
    for (int k = 0; k < 2; k++) {
        json_t *so = json_object(), *forces = json_array();
        json_object_set_new(so, "side", json_integer(k + 1));
        json_object_set_new(so, "name", json_string(scn->side[k].name));
        json_object_set_new(so, "formation", json_string(scn->side[k].formation));
        for (int f = 0; f < scn->force_count; f++) {
            if (scn->force[f].side != k || lnlt_force_hidden(ctx, st, f, side))
                continue;
            json_t *fo = json_object();
            char words[400], arrive[400];
            lnlt_scenario_force_words(scn, ctx->catalog, f, words, sizeof words);
            const lnlt_scn_arrive *ar = &scn->force[f].arrive;
            if (f < LNLT_MAX_FORCES && st->force_arrive[f] != 0xFF && st->force_arrive[f] < scn->action_count)
                ar = &scn->action[st->force_arrive[f]].arrive; /* released by a paragraph */
            view_arrival_words(ctx, ar, arrive, sizeof arrive);
            json_object_set_new(fo, "units", json_string(words));
            json_object_set_new(fo, "arrival", json_string(arrive));
            json_array_append_new(forces, fo);
        }
        json_object_set_new(so, "forces", forces);
        json_array_append_new(sides, so);
    }
    json_object_set_new(o, "sides", sides);
    json_object_set_new(o, "victory", victory_json(ctx, st));
    json_object_set_new(o, "special_rules", special_rules_json(ctx));
    json_object_set_new(o, "event_markers", event_markers_json(ctx, st));
    json_t *paras = json_array();
    int read[LNLT_SCN_PARAGRAPHS * 2];
    int nread = view_paragraphs_read(s, read, (int)(sizeof read / sizeof read[0]));
    for (int i = 0; i < nread; i++) {
        json_t *p = paragraph_json(ctx, read[i]);
        if (p)
            json_array_append_new(paras, p);
    }
    json_object_set_new(o, "paragraphs", paras);
    json_t *objs = json_array();
    for (int k = 0; k < scn->objective_count; k++) {
        const lnlt_scn_objective *ob = &scn->objective[k];
        bool revealed = !ob->hidden || ((st->objectives >> k) & 1);
        json_t *oo = json_object();
        char words[200], id[LNLT_HEX_ID_MAX];
        lnlt_scenario_objective_words(scn, k, revealed, words, sizeof words);
        json_object_set_new(oo, "text", json_string(words));
        json_object_set_new(oo, "revealed", json_boolean(revealed));
        json_object_set_new(oo, "hex", revealed ? json_string(board_id(ctx, ob->hex, id)) : json_null());
        json_object_set_new(oo, "destroyed", json_boolean((st->events_done >> (4 + k)) & 1));
        if (revealed) {
            char how[300];
            size_t n = 0;
            char who[80];
            the_side(ctx, ob->side, "a side", who, sizeof who);
            put(how, sizeof how, &n, "%s destroy it by holding its hex for %d whole turn%s", who, ob->turns,
                ob->turns == 1 ? "" : "s");
            if (ob->needs_go_mmc)
                put(how, sizeof how, &n, " with a good-order squad or half-squad");
            if (ob->needs_unit >= 0 && ctx->catalog && ob->needs_unit < ctx->catalog->unit_count)
                put(how, sizeof how, &n, " and %s", ctx->catalog->unit[ob->needs_unit].name);
            put(how, sizeof how, &n, ", doing nothing else");
            json_object_set_new(oo, "how", json_string(how));
        }
        json_array_append_new(objs, oo);
    }
    json_object_set_new(o, "objectives", objs);
    return o;
}
