/*
 * decision.c: the decision the engine waits on (DESIGN.md principle 3), in words
 * for the views: who decides, what kind of decision it is and what the choices
 * are (4.0 impulses and activations, 5.3 opportunity fire, 6.0 moves, 8.0 melee
 * targets, 22.0 set-up and events).
 */
#include <stdio.h>
#include <string.h>

#include "lnlt/map.h"
#include "lnlt/view.h"
#include "view/view_internal.h"

const char *lnlt_decision_kind_name(int kind)
{
    switch (kind) {
    case LNLT_DECIDE_NONE: return "none";
    case LNLT_DECIDE_RALLY: return "rally";
    case LNLT_DECIDE_IMPULSE: return "impulse";
    case LNLT_DECIDE_ACTIVATION: return "activation";
    case LNLT_DECIDE_MOVE: return "move";
    case LNLT_DECIDE_OPFIRE: return "opportunity_fire";
    case LNLT_DECIDE_SETUP: return "setup";
    case LNLT_DECIDE_EVENT_PLACE: return "event_place";
    case LNLT_DECIDE_EVENT_CHOOSE: return "event_choose";
    case LNLT_DECIDE_MELEE_TARGET: return "melee_target";
    case LNLT_DECIDE_FIRE_SHIFT: return "fire_shift";
    case LNLT_DECIDE_RETREAT: return "retreat";
    case LNLT_DECIDE_SW_DROP: return "weapon_drop";
    case LNLT_DECIDE_ENTRY_GROUP: return "entry_group";
    case LNLT_DECIDE_GATHER: return "gather";
    case LNLT_DECIDE_OPP_GATHER: return "opportunity_gather";
    case LNLT_DECIDE_CONTINUOUS: return "continuous_movement";
    case LNLT_DECIDE_DISEMBARK: return "disembark";
    case LNLT_DECIDE_ATGM: return "atgm_reaction";
    case LNLT_DECIDE_COUNTER_ASSAULT: return "counter_assault";
    default: return "other";
    }
}

/* "the Americans'" or "the Viet Cong's": side names are plural nouns. */
static const char *possessive(const char *name, char *buf, size_t len)
{
    size_t n = strlen(name);
    snprintf(buf, len, "%s%s", name, n && name[n - 1] == 's' ? "'" : "'s");
    return buf;
}

json_t *view_decision_json(const lnlt_session *s)
{
    const lnlt_ctx *ctx = &s->ctx;
    const lnlt_state *st = &s->state;
    lnlt_decision d = lnlt_decision_get(ctx, st);
    const char *who = d.side ? lnlt_side_name(ctx, d.side) : "nobody";
    char text[400], where[LNLT_HEX_ID_MAX], whose[80];
    possessive(who, whose, sizeof whose);
    int unit = lnlt_next_placed_unit(ctx, st);
    char label[80] = "a unit";
    if (unit >= 0)
        snprintf(label, sizeof label, "#%d %s", unit, lnlt_unit_name(ctx, st, unit));
    switch (d.kind) {
    case LNLT_DECIDE_NONE:
        if (st->winner)
            snprintf(text, sizeof text, "The game is over: the %s win.", lnlt_side_name(ctx, st->winner));
        else
            snprintf(text, sizeof text, "The game is over: a draw.");
        break;
    case LNLT_DECIDE_SETUP:
        snprintf(text, sizeof text, "The %s set up: place %s in its set-up zone (22.0).", who, label);
        break;
    case LNLT_DECIDE_RALLY:
        snprintf(text, sizeof text,
                 "The %s rally: rally shaken units, recombine half-squads, use medics and handle weapons (3.0), then "
                 "end-rally.",
                 who);
        break;
    case LNLT_DECIDE_IMPULSE:
        snprintf(text, sizeof text,
                 "The %s impulse: activate a hex, bring on reinforcements, spot, place a sniper, or pass (4.0).", whose);
        break;
    case LNLT_DECIDE_ACTIVATION:
        snprintf(text, sizeof text, "The %s activated units fire, move or act (4.0); done ends the impulse.", whose);
        break;
    case LNLT_DECIDE_MOVE: {
        int left = lnlt_move_mp2_left(ctx, st);
        snprintf(text, sizeof text, "The %s stack moving in %s (%d%s MP left) steps on, or stops (6.0).", whose,
                 lnlt_cell_name(ctx, st->move.cell, where), left / 2, left % 2 ? ".5" : "");
        break;
    }
    case LNLT_DECIDE_OPFIRE:
        snprintf(text, sizeof text, "The %s may opportunity-fire at the stack that entered %s (5.3), or no-fire.", who,
                 lnlt_cell_name(ctx, st->move.cell, where));
        break;
    case LNLT_DECIDE_ATGM:
        snprintf(text, sizeof text, "The %s may fire at the ATGM firer in %s before its missile flies (14.4), or no-fire.",
                 who, lnlt_cell_name(ctx, lnlt_unit_loc(&st->unit[st->atgm_unit > 0 ? st->atgm_unit - 1 : 0]), where));
        break;
    case LNLT_DECIDE_EVENT_PLACE:
        snprintf(text, sizeof text, "The %s place %s where the paragraph allows (22.0).", who, label);
        break;
    case LNLT_DECIDE_EVENT_CHOOSE:
        snprintf(text, sizeof text, "The %s pick the unit that takes the event's morale check (22.0).", who);
        break;
    case LNLT_DECIDE_MELEE_TARGET:
        snprintf(text, sizeof text, "The %s pick the enemy units they attack in the melee in %s (8.0).", who,
                 lnlt_cell_name(ctx, st->melee_cell, where));
        break;
    case LNLT_DECIDE_FIRE_SHIFT:
        snprintf(text, sizeof text, "The %s leader shifts the fire mission's landing hex, or keeps it (18.2).", whose);
        break;
    case LNLT_DECIDE_RETREAT:
        snprintf(text, sizeof text, "The %s pick the hex each shaken unit retreats into (1.6.3, 1.6.7).", who);
        break;
    case LNLT_DECIDE_SW_DROP:
        snprintf(text, sizeof text, "The %s pick the weapon a reduced unit drops (1.6).", who);
        break;
    case LNLT_DECIDE_ENTRY_GROUP:
        snprintf(text, sizeof text,
                 "The %s gather the units entering together at %s: join more, or move, assault or double-time them "
                 "on (22.0).",
                 who, lnlt_cell_name(ctx, st->entry_cell, where));
        break;
    case LNLT_DECIDE_GATHER:
        snprintf(text, sizeof text,
                 "The %s gather units of %s to act together: join more, then fire or move them, or cancel (4.0).", who,
                 lnlt_cell_name(ctx, st->gather_cell, where));
        break;
    case LNLT_DECIDE_OPP_GATHER:
        snprintf(text, sizeof text,
                 "The %s gather units of %s for an opportunity attack or move: join more, then fire or move them, "
                 "or cancel (5.3, 6.8).",
                 who, lnlt_cell_name(ctx, st->gather_cell, where));
        break;
    default:
        snprintf(text, sizeof text, "The %s decide.", who);
        break;
    }
    json_t *o = json_object();
    json_object_set_new(o, "side", json_integer(d.side));
    json_object_set_new(o, "kind", json_string(lnlt_decision_kind_name(d.kind)));
    json_object_set_new(o, "who", json_string(who));
    json_object_set_new(o, "text", json_string(text));
    if (unit >= 0)
        json_object_set_new(o, "unit", json_integer(unit));
    return o;
}

void *lnlt_decision_json(const lnlt_session *s) { return view_decision_json(s); }
