/*
 * scenario_events.c: the "events" and "paragraphs" of a scenario file (rule 22.0
 * event markers, docs/formats/scenario.md): what sets an event off, the paragraph
 * it reads, and the actions a paragraph takes (releasing forces, placing counters,
 * morale checks, a scripted fire mission per 18.2, revealing objectives).
 */
#include "lnlt/scenario.h"

#include <string.h>

#include "data/scenario_internal.h"

/* ---- events, paragraphs, actions ---- */

static bool para_exists(ctx *c, int n)
{
    for (int i = 0; i < c->para_seen; i++)
        if (c->para_numbers[i] == n)
            return true;
    return false;
}

static bool read_paragraph_ref(ctx *c, json_t *v, const char *key, int8_t *out)
{
    int n;
    if (!jr_int(&c->r, v, key, true, 1, 99, 1, &n))
        return false;
    if (!para_exists(c, n)) {
        size_t old = jr_key(&c->r, key);
        jr_fail(&c->r, "there is no paragraph %d in this scenario", n);
        jr_pop(&c->r, old);
        return false;
    }
    *out = (int8_t)n;
    return true;
}

static int event_index(const lnlt_scenario *s, char m)
{
    for (int i = 0; i < s->event_count; i++)
        if (s->event[i].marker == m)
            return i;
    return LNLT_NONE;
}

bool scn_read_event_letters(ctx *c, json_t *v, const char *key, uint8_t *out)
{
    static const char *const letters[] = {"A", "B", "C", "D"};
    json_t *a;
    *out = 0;
    if (!jr_array(&c->r, v, key, true, 4, &a))
        return false;
    size_t old = jr_key(&c->r, key);
    for (size_t i = 0; i < json_array_size(a); i++) {
        int e;
        size_t o2 = jr_idx(&c->r, i);
        if (!jr_enum_value(&c->r, json_array_get(a, i), letters, 4, &e))
            return false;
        if (event_index(c->s, (char)('A' + e)) < 0)
            return jr_fail(&c->r, "there is no event marker %c in this scenario", 'A' + e);
        *out |= (uint8_t)(1u << e);
        jr_pop(&c->r, o2);
    }
    jr_pop(&c->r, old);
    return true;
}

static bool read_actions(ctx *c, json_t *obj, uint8_t *first, uint8_t *count)
{
    json_t *a;
    lnlt_scenario *s = c->s;
    if (!jr_array(&c->r, obj, "actions", true, LNLT_SCN_ACTIONS, &a))
        return false;
    size_t old = jr_key(&c->r, "actions");
    if (json_array_size(a) == 0)
        return jr_fail(&c->r, "expected at least one action");
    if (s->action_count + json_array_size(a) > LNLT_SCN_ACTIONS)
        return jr_fail(&c->r, "too many actions in the scenario (at most %d)", LNLT_SCN_ACTIONS);
    *first = s->action_count;
    for (size_t i = 0; i < json_array_size(a); i++) {
        lnlt_scn_action *ac = &s->action[s->action_count];
        json_t *v = json_array_get(a, i);
        int op;
        size_t o2 = jr_idx(&c->r, i);
        memset(ac, 0, sizeof *ac);
        ac->force = ac->zone = ac->side = ac->event = ac->objective = LNLT_NONE;
        ac->paragraph = ac->paragraph_fail = LNLT_NONE;
        ac->fp = ac->shift = LNLT_NONE;
        ac->arrive.zone = ac->arrive.ref = LNLT_NONE;
        if (!jr_is_object(&c->r, v) ||
            !jr_enum(&c->r, v, "do", true, scn_op_names, LNLT_OP_COUNT, 0, &op))
            return false;
        ac->op = (uint8_t)op;
        switch (op) {
        case LNLT_OP_READ: {
            static const char *const k[] = {"do", "paragraph", NULL};
            if (!jr_keys(&c->r, v, k) || !read_paragraph_ref(c, v, "paragraph", &ac->paragraph))
                return false;
            break;
        }
        case LNLT_OP_REMOVE_EVENTS: {
            static const char *const k[] = {"do", "events", NULL};
            if (!jr_keys(&c->r, v, k) || !scn_read_event_letters(c, v, "events", &ac->events))
                return false;
            break;
        }
        case LNLT_OP_RELEASE: {
            static const char *const k[] = {"do", "force", "arrive", NULL};
            if (!jr_keys(&c->r, v, k) || !scn_read_ref(c, v, "force", true, 1, &ac->force, ac->force_id) ||
                !scn_read_arrive(c, v, "arrive", true, &ac->arrive, ac->force))
                return false;
            if (s->force[ac->force].arrive.how != LNLT_ARRIVE_HELD) {
                jr_key(&c->r, "force");
                return jr_fail(&c->r, "force \"%s\" is not held off map (\"how\": \"held\"), so "
                                      "nothing can release it", ac->force_id);
            }
            if (ac->arrive.how == LNLT_ARRIVE_SETUP || ac->arrive.how == LNLT_ARRIVE_HELD) {
                jr_key(&c->r, "arrive");
                return jr_fail(&c->r, "a released force arrives by \"enter\" or \"sniper\"");
            }
            break;
        }
        case LNLT_OP_PLACE: {
            static const char *const k[] = {"do", "force", "hex", "zone", "marker", NULL};
            int mk;
            if (json_object_get(v, "opportunity_fire")) {
                /* ruling R-SCN-10: units placed without a marker may always fire at once */
                jr_key(&c->r, "opportunity_fire");
                return jr_fail(&c->r, "units placed without a marker may opportunity-fire at once anyway, and a "
                                      "marker (\"ops_complete\") keeps them from it: leave the key out");
            }
            if (!jr_keys(&c->r, v, k) || !scn_read_ref(c, v, "force", true, 1, &ac->force, ac->force_id) ||
                !scn_read_ref(c, v, "zone", false, 0, &ac->zone, NULL) ||
                !jr_enum(&c->r, v, "marker", false, scn_marker_names, LNLT_SCN_MARK_COUNT, 0, &mk))
                return false;
            if (mk == LNLT_SCN_MARK_MELEE || mk == LNLT_SCN_MARK_IN_TUNNEL || mk == LNLT_SCN_MARK_HIT_AND_RUN) {
                jr_key(&c->r, "marker");
                return jr_fail(&c->r, "units placed by an event start under no %s marker",
                               mk == LNLT_SCN_MARK_MELEE ? "Melee" : mk == LNLT_SCN_MARK_IN_TUNNEL ? "In Tunnel" : "Hit and Run");
            }
            ac->marker = (uint8_t)mk;
            if (json_object_get(v, "hex")) {
                if (!jr_hex(&c->r, v, "hex", true, &ac->hex))
                    return false;
                ac->has_hex = true;
            }
            if (ac->has_hex == (ac->zone != LNLT_NONE))
                return jr_fail(&c->r, "\"place\" needs exactly one of \"hex\" and \"zone\"");
            if (s->force[ac->force].arrive.how != LNLT_ARRIVE_HELD) {
                jr_key(&c->r, "force");
                return jr_fail(&c->r, "force \"%s\" is not held off map (\"how\": \"held\"), so "
                                      "it cannot be placed by a paragraph", ac->force_id);
            }
            break;
        }
        case LNLT_OP_MORALE_CHECK: {
            static const char *const k[] = {"do", "side", "exclude", "sees_event", "modified",
                                            "shake_on_fail", "pass", "fail", NULL};
            char ev[LNLT_ID_MAX];
            if (!jr_keys(&c->r, v, k) || !scn_read_side(c, v, "side", true, false, &ac->side) ||
                !scn_read_kinds(c, v, "exclude", &ac->exclude_kinds) ||
                !jr_bool(&c->r, v, "modified", true, &ac->modified) ||
                !jr_bool(&c->r, v, "shake_on_fail", true, &ac->shake_on_fail) ||
                !read_paragraph_ref(c, v, "pass", &ac->paragraph) ||
                !read_paragraph_ref(c, v, "fail", &ac->paragraph_fail) ||
                !jr_str(&c->r, v, "sees_event", false, ev, 2))
                return false;
            if (ev[0]) {
                ac->event = (int8_t)event_index(s, ev[0]);
                if (ac->event < 0) {
                    jr_key(&c->r, "sees_event");
                    return jr_fail(&c->r, "there is no event marker \"%s\" in this scenario", ev);
                }
            }
            break;
        }
        case LNLT_OP_END_TRIGGER_IMPULSE: {
            static const char *const k[] = {"do", NULL};
            if (!jr_keys(&c->r, v, k))
                return false;
            break;
        }
        case LNLT_OP_FIRE_MISSION: {
            static const char *const k[] = {"do", "side", "fp", "callers", "shift",
                                            "fallback_callers", NULL};
            int fp, shift;
            if (!jr_keys(&c->r, v, k) || !scn_read_side(c, v, "side", true, false, &ac->side) ||
                !jr_int(&c->r, v, "fp", true, 1, 30, 1, &fp) ||
                !jr_int(&c->r, v, "shift", false, 0, 1, 0, &shift) ||
                !scn_read_kinds(c, v, "callers", &ac->caller_kinds) ||
                !scn_read_kinds(c, v, "fallback_callers", &ac->fallback_kinds))
                return false;
            if (!ac->caller_kinds)
                return jr_fail(&c->r, "a fire mission needs \"callers\" (unit kinds that may call it)");
            ac->fp = (int8_t)fp;
            ac->shift = (int8_t)shift;
            break;
        }
        case LNLT_OP_REVEAL_OBJECTIVE: {
            static const char *const k[] = {"do", "objective", NULL};
            if (!jr_keys(&c->r, v, k) ||
                !scn_read_ref(c, v, "objective", true, 2, &ac->objective, ac->objective_id))
                return false;
            break;
        }
        }
        s->action_count++;
        jr_pop(&c->r, o2);
    }
    *count = (uint8_t)json_array_size(a);
    jr_pop(&c->r, old);
    return true;
}

bool scn_read_events_and_paragraphs(ctx *c, json_t *root)
{
    json_t *ev, *pa;
    lnlt_scenario *s = c->s;
    if (!jr_array(&c->r, root, "events", false, LNLT_SCN_EVENTS, &ev) ||
        !jr_array(&c->r, root, "paragraphs", false, LNLT_SCN_PARAGRAPHS, &pa))
        return false;
    /* pass 1: paragraph numbers and event letters */
    if (pa) {
        size_t old = jr_key(&c->r, "paragraphs");
        for (size_t i = 0; i < json_array_size(pa); i++) {
            json_t *v = json_array_get(pa, i);
            int n;
            size_t o2 = jr_idx(&c->r, i);
            if (!jr_is_object(&c->r, v) || !jr_int(&c->r, v, "number", true, 1, 99, 1, &n))
                return false;
            if (para_exists(c, n)) {
                jr_key(&c->r, "number");
                return jr_fail(&c->r, "paragraph %d is defined twice", n);
            }
            c->para_numbers[c->para_seen++] = n;
            jr_pop(&c->r, o2);
        }
        jr_pop(&c->r, old);
    }
    if (ev) {
        size_t old = jr_key(&c->r, "events");
        for (size_t i = 0; i < json_array_size(ev); i++) {
            static const char *const keys[] = {"marker", "type", "side", "hex", "actions", NULL};
            static const char *const letters[] = {"A", "B", "C", "D"};
            lnlt_scn_event *e = &s->event[i];
            json_t *v = json_array_get(ev, i);
            int m, type;
            size_t o2 = jr_idx(&c->r, i);
            if (!jr_is_object(&c->r, v) || !jr_keys(&c->r, v, keys) ||
                !jr_enum(&c->r, v, "marker", true, letters, 4, 0, &m) ||
                !jr_enum(&c->r, v, "type", true, scn_event_type_names, 2, 0, &type) ||
                !scn_read_side(c, v, "side", false, true, &e->side) || /* 1.8: none given, either side */
                !jr_hex(&c->r, v, "hex", true, &e->hex))
                return false;
            if (event_index(s, (char)('A' + m)) >= 0) {
                jr_key(&c->r, "marker");
                return jr_fail(&c->r, "event marker %c is placed twice", 'A' + m);
            }
            e->marker = (char)('A' + m);
            e->type = (uint8_t)type;
            s->event_count++;
            jr_pop(&c->r, o2);
        }
        /* pass 2: actions (may refer to any event letter) */
        for (size_t i = 0; i < json_array_size(ev); i++) {
            size_t o2 = jr_idx(&c->r, i);
            if (!read_actions(c, json_array_get(ev, i), &s->event[i].first_action,
                              &s->event[i].action_count))
                return false;
            jr_pop(&c->r, o2);
        }
        jr_pop(&c->r, old);
    }
    if (pa) {
        size_t old = jr_key(&c->r, "paragraphs");
        for (size_t i = 0; i < json_array_size(pa); i++) {
            static const char *const keys[] = {"number", "actions", NULL};
            json_t *v = json_array_get(pa, i);
            size_t o2 = jr_idx(&c->r, i);
            if (!jr_keys(&c->r, v, keys))
                return false;
            s->paragraph[i].number = (int8_t)c->para_numbers[i];
            if (!read_actions(c, v, &s->paragraph[i].first_action, &s->paragraph[i].action_count))
                return false;
            s->paragraph_count++;
            jr_pop(&c->r, o2);
        }
        jr_pop(&c->r, old);
    }
    return true;
}
