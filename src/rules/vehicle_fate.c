/*
 * vehicle_fate.c: what happens to a vehicle, its crew and its passengers (rules
 * 14.1 and 14.1.1: destroyed, abandoned or shaken by ordnance; 15.0 shaken
 * vehicles button up; 15.4 crews and armor leaders; 16.1.1 bailout checks; 16.2
 * outside passengers thrown off; 16.3 passengers of abandoned vehicles; 17.2-17.4
 * damage checks on the Armored and Unarmored columns; 21.4.1 mines; the Fate of
 * Crew and Passengers table, digest T7). The attacks that cause these outcomes
 * live in ordnance.c, vehicle_fire.c, close_assault.c and fortifications.c.
 */
#include <string.h>

#include "lnlt/combat.h"
#include "lnlt/ordnance.h"
#include "rules/internal.h"

/* A new counter (the crew of 15.4) of `type` for `side` at loc, or next to it
 * when the hex is full (as heroes appear, ruling R-CORE-25); -1 if none fits. */
static int new_counter(lnlt_step *s, int type, int side, int loc, bool shaken)
{
    lnlt_state *st = s->st;
    int cell = type >= 0 ? rules_room_near(s->ctx, st, lnlt_location(lnlt_loc_cell(loc), 0), side, type) : -1;
    if (cell < 0 || st->unit_count >= LNLT_MAX_UNITS)
        return -1;
    lnlt_unit *u = &st->unit[st->unit_count];
    memset(u, 0, sizeof *u);
    u->skill = -1;
    u->type = (int16_t)type;
    u->side = (uint8_t)side;
    u->force = LNLT_NO_FORCE;
    u->status = shaken ? LNLT_SHAKEN : LNLT_GOOD_ORDER;
    u->marks = LNLT_MARK_MOVED; /* 15.4: under a Moved marker */
    u->flags = LNLT_UNIT_ACTIVATED;
    rules_put_unit(st, st->unit_count, cell); /* indexed once counted */
    st->unit_count++;
    rules_index_add(st, st->unit_count - 1);
    return st->unit_count - 1;
}

static void place_crew(lnlt_step *s, int vehicle, bool shaken, const char *rule)
{
    const lnlt_vehicle_type *t = rules_vtype(s->ctx, &s->st->unit[vehicle]);
    int loc = lnlt_unit_loc(&s->st->unit[vehicle]);
    int c = new_counter(s, t ? t->crew : -1, s->st->unit[vehicle].side, loc, shaken);
    char name[LNLT_HEX_ID_MAX];
    if (c < 0)
        lnlt_events_say(s->log, LNLT_EV_RESULT, rule, "crew-lost", "the crew finds no room and is lost");
    else
        lnlt_events_say(s->log, LNLT_EV_RESULT, rule, "crew", "%s crew bails out in %s under a Moved marker: %s",
                        shaken ? "a shaken" : "a good-order", rules_cell(s, lnlt_unit_loc(&s->st->unit[c]), name),
                        rules_label(s->ctx, s->st, c));
}

/* 15.4, 11.5: the armor leader in command shares his vehicle's fate. */
static void remove_commander(lnlt_step *s, int vehicle, const char *rule)
{
    int al = rules_armor_leader_of(s->ctx, s->st, vehicle);
    if (al < 0)
        return;
    lnlt_events_say(s->log, LNLT_EV_RESULT, rule, "armor-leader", "%s leaves play with his vehicle",
                    rules_label(s->ctx, s->st, al));
    rules_eliminate(s, al);
}

bool rules_passenger_mc(lnlt_step *s, int unit, int lm, const char *rule)
{
    const lnlt_ctx *ctx = s->ctx;
    lnlt_unit *u = &s->st->unit[unit];
    if (!rules_is_good(u))
        return true;
    if (rules_is_hero(ctx, u)) { /* 11.2: a failed check could only shake him; ruling R-CORE-145 */
        lnlt_events_say(s->log, LNLT_EV_RESULT, rule, "no-check", "%s never shakes (11.2): no morale check",
                        rules_label(ctx, s->st, unit));
        return true;
    }
    lnlt_mc_input in;
    memset(&in, 0, sizeof in);
    in.morale = rules_face(ctx, u)->morale;
    in.adjust.wounded_smc = (u->flags & LNLT_UNIT_WOUNDED) && !rules_is_hero(ctx, u);
    in.lm = lm;
    int loc = rules_place_of(s->st, unit);
    in.positive_tm = u->cell != LNLT_CELL_ABOARD && loc >= 0 && rules_hex_tm(ctx, s->st, loc, u->side, NULL) > 0;
    char purpose[80];
    snprintf(purpose, sizeof purpose, "morale check, %s", rules_label(ctx, s->st, unit));
    lnlt_mc_outcome out;
    if (!rules_roll_morale_check(s, &in, purpose, rule, NULL, "passes", "shaken", &out))
        return false;
    if (!out.pass && rules_shake_unit(ctx, s->st, unit)) {
        lnlt_events_say(s->log, LNLT_EV_RESULT, rule, "shaken", "%s is shaken", rules_label(ctx, s->st, unit));
    }
    return true;
}

/* The best LM of a good-order leader among `units` (one LM counts). */
static int riders_lm(const lnlt_ctx *ctx, const lnlt_state *st, const int *units, int n)
{
    int best = 0;
    for (int i = 0; i < n; i++)
        if (rules_lm(ctx, &st->unit[units[i]]) > best)
            best = rules_lm(ctx, &st->unit[units[i]]);
    return best;
}

bool rules_riders_off(lnlt_step *s, int vehicle, unsigned which, bool mc, const char *rule)
{
    lnlt_state *st = s->st;
    int r[LNLT_MAX_UNITS];
    int n = rules_riders(st, vehicle, which, r, LNLT_MAX_UNITS);
    int loc = lnlt_unit_loc(&st->unit[vehicle]);
    char name[LNLT_HEX_ID_MAX];
    for (int i = 0; i < n; i++) {
        rules_disembark_unit(st, r[i], loc);
        st->unit[r[i]].marks |= LNLT_MARK_MOVED;
        st->unit[r[i]].flags |= LNLT_UNIT_ACTIVATED;
        lnlt_events_say(s->log, LNLT_EV_RESULT, rule, "disembark", "%s gets off in %s under a Moved marker",
                        rules_label(s->ctx, st, r[i]), rules_cell(s, loc, name));
    }
    /* 16.2, 16.3: then a morale check each, leaders first, lending their LM */
    for (int pass = 0; mc && pass < 2; pass++)
        for (int i = 0; i < n; i++)
            if (rules_is_leader(s->ctx, &st->unit[r[i]]) == (pass == 0) &&
                !rules_passenger_mc(s, r[i], pass ? riders_lm(s->ctx, st, r, n) : 0, rule))
                return false;
    return n == 0 || rules_mines_attack_units(s, loc, r, n); /* 21.4: off into a minefield */
}

void rules_vehicle_stops(lnlt_state *st, int vehicle)
{
    lnlt_bit_clear(st->move.units, vehicle);
    lnlt_vehicle *v = rules_veh(st, vehicle);
    if (v)
        v->flags &= (uint8_t)~(LNLT_VEH_HULL_DOWN | LNLT_VEH_PAUSED);
}

bool rules_vehicle_abandon(lnlt_step *s, int vehicle, const char *rule)
{
    lnlt_state *st = s->st;
    lnlt_vehicle *v = rules_veh(st, vehicle);
    lnlt_events_say(s->log, LNLT_EV_RESULT, rule, "abandoned", "%s is abandoned", rules_label(s->ctx, st, vehicle));
    v->flags |= LNLT_VEH_ABANDONED;
    v->flags &= (uint8_t)~(LNLT_VEH_CONTINUOUS | LNLT_VEH_HULL_DOWN);
    st->unit[vehicle].marks = 0;
    rules_vehicle_stops(st, vehicle);
    rules_acq_forget(st, vehicle);
    remove_commander(s, vehicle, rule);
    place_crew(s, vehicle, true, rule); /* 15.4: a shaken crew under a Moved marker */
    /* 16.3: the passengers get off, marked Moved, and check morale */
    return rules_riders_off(s, vehicle, RIDER_PASSENGERS, true, "16.3");
}

bool rules_vehicle_shake(lnlt_step *s, int vehicle, const char *rule)
{
    lnlt_state *st = s->st;
    lnlt_unit *u = &st->unit[vehicle];
    if (!rules_is_good(u)) /* 14.1.1: shaken again is abandoned (ruling R-VEH-06 for every cause) */
        return rules_vehicle_abandon(s, vehicle, rule);
    u->status = LNLT_SHAKEN;
    int al = rules_armor_leader_of(s->ctx, st, vehicle);
    if (al >= 0)
        rules_shake_unit(s->ctx, st, al); /* 11.5: the armor leader is the crew */
    lnlt_vehicle *v = rules_veh(st, vehicle);
    const lnlt_vehicle_type *vt = rules_vtype(s->ctx, u);
    if (vt && lnlt_vehicle_armored(vt) && !(vt->flags & LNLT_VF_OPEN_TOP))
        v->flags |= LNLT_VEH_BUTTONED; /* 15.0: shaken vehicles button up (open ones have no hatches, 15.0.1) */
    v->flags &= (uint8_t)~LNLT_VEH_CONTINUOUS;
    /* 15.1: one that pivoted and is shaken before it fires is marked Moved */
    if ((v->impulse & LNLT_VI_PIVOTED) && !(u->marks & LNLT_MARK_FIRED))
        u->marks |= LNLT_MARK_MOVED;
    rules_vehicle_stops(st, vehicle);
    rules_acq_forget_firer(st, vehicle); /* 14.3: a shaken firer loses its Acquiring marker */
    lnlt_events_say(s->log, LNLT_EV_RESULT, rule, "shaken", "%s is shaken and buttons up", rules_label(s->ctx, st, vehicle));
    return true;
}

/* 16.1.1: a bailout check for each passenger counter and each of its weapons. */
static bool bailout(lnlt_step *s, int vehicle, int loc)
{
    lnlt_state *st = s->st;
    int r[LNLT_MAX_UNITS];
    int n = rules_riders(st, vehicle, RIDER_PASSENGERS, r, LNLT_MAX_UNITS);
    char purpose[80];
    for (int i = 0; i < n; i++) {
        int d;
        snprintf(purpose, sizeof purpose, "bailout, %s", rules_label(s->ctx, st, r[i]));
        if (!lnlt_dice_roll(&s->dice, 1, NULL, purpose, "16.1.1", &d, NULL, s->err))
            return false;
        int sws[4];
        int nw = rules_sws_of(st, r[i], sws, 4);
        bool lives = lnlt_bailout_survives(d);
        if (lives) {
            rules_disembark_unit(st, r[i], loc);
            lnlt_unit *u = &st->unit[r[i]];
            bool shaken = rules_shake_unit(s->ctx, st, r[i]); /* a hero never shakes (11.2) */
            u->marks |= LNLT_MARK_MOVED;
            u->flags |= LNLT_UNIT_ACTIVATED;
            lnlt_events_say(s->log, LNLT_EV_RESULT, "16.1.1", "bailout", "%s bails out%s under a Moved marker",
                            rules_label(s->ctx, st, r[i]), shaken ? ", shaken," : "");
        }
        for (int k = 0; k < nw && k < 4; k++) {
            int dw;
            snprintf(purpose, sizeof purpose, "bailout of the %s", rules_sw_type(s->ctx, &st->sw[sws[k]])->name);
            if (!lnlt_dice_roll(&s->dice, 1, NULL, purpose, "16.1.1", &dw, NULL, s->err))
                return false;
            lnlt_sw *w = &st->sw[sws[k]];
            if (!lnlt_bailout_survives(dw)) {
                w->holder = -1;
                w->flags |= LNLT_SW_USED;
                rules_put_sw(w, LNLT_CELL_ELIMINATED);
                lnlt_events_say(s->log, LNLT_EV_RESULT, "16.1.1", "sw-lost", "the %s is lost", rules_sw_type(s->ctx, w)->name);
            } else if (!lives) {
                w->holder = -1;
                rules_put_sw(w, lnlt_location(lnlt_loc_cell(loc), 0));
            }
        }
        if (!lives) {
            lnlt_events_say(s->log, LNLT_EV_RESULT, "16.1.1", "eliminated", "%s does not get out: eliminated",
                            rules_label(s->ctx, st, r[i]));
            rules_eliminate(s, r[i]);
        }
    }
    return n == 0 || rules_mines_attack_units(s, loc, r, n);
}

bool rules_vehicle_destroy(lnlt_step *s, int vehicle, int cause, const char *rule)
{
    lnlt_state *st = s->st;
    int loc = lnlt_unit_loc(&st->unit[vehicle]);
    lnlt_events_say(s->log, LNLT_EV_RESULT, rule, "destroyed", "%s is destroyed", rules_label(s->ctx, st, vehicle));
    rules_vehicle_stops(st, vehicle);
    rules_acq_forget(st, vehicle);
    remove_commander(s, vehicle, rule);
    if (cause == FATE_CLOSE_ASSAULT) {
        /* 17.1, 16.1.1: crew and inside passengers die with it */
        int r[LNLT_MAX_UNITS];
        int n = rules_riders(st, vehicle, RIDER_PASSENGERS, r, LNLT_MAX_UNITS);
        for (int i = 0; i < n; i++) {
            lnlt_events_say(s->log, LNLT_EV_RESULT, rule, "eliminated", "%s dies in it", rules_label(s->ctx, st, r[i]));
            rules_eliminate(s, r[i]);
        }
    } else if (cause == FATE_ORDNANCE) {
        int d;
        if (!lnlt_dice_roll(&s->dice, 1, NULL, "crew survival", "15.4", &d, NULL, s->err))
            return false;
        if (lnlt_crew_survives_ordnance(d))
            place_crew(s, vehicle, false, "15.4"); /* a good-order crew under a Moved marker */
        else
            lnlt_events_say(s->log, LNLT_EV_RESULT, "15.4", "crew-lost", "the crew dies with it");
        if (!bailout(s, vehicle, loc))
            return false;
    } else if (cause == FATE_DCT) {
        int d; /* 15.4: destroyed on the DCT, the crew takes a bailout check */
        if (!lnlt_dice_roll(&s->dice, 1, NULL, "crew bailout", "15.4", &d, NULL, s->err))
            return false;
        if (lnlt_bailout_survives(d))
            place_crew(s, vehicle, true, "15.4");
        else
            lnlt_events_say(s->log, LNLT_EV_RESULT, "15.4", "crew-lost", "the crew dies with it");
        if (!bailout(s, vehicle, loc))
            return false;
    } else { /* FATE_MINES: 21.4.1 destroyed with its crew; passengers bail out (16.1.1) */
        lnlt_events_say(s->log, LNLT_EV_RESULT, "21.4.1", "crew-lost", "the crew dies with it");
        if (!bailout(s, vehicle, loc))
            return false;
    }
    rules_eliminate(s, vehicle);
    rules_place_wreck(s, loc, rule);
    return true;
}

bool rules_vehicle_dc(lnlt_step *s, int vehicle, int dc, const char *rule, lnlt_dct_result *result)
{
    rules_atgm_note_check(s->st, vehicle); /* 14.4: an ATGM firer's missile misses */
    const lnlt_ctx *ctx = s->ctx;
    lnlt_state *st = s->st;
    *result = LNLT_DCT_NO_EFFECT;
    if (dc <= 0)
        return true;
    int die;
    char purpose[80];
    snprintf(purpose, sizeof purpose, "damage check, %s", rules_label(ctx, st, vehicle));
    lnlt_event *re;
    if (!lnlt_dice_roll(&s->dice, 1, NULL, purpose, "5.1", &die, &re, s->err))
        return false;
    bool armored = rules_vehicle_armored(ctx, &st->unit[vehicle]);
    int morale = rules_vehicle_morale(ctx, st, vehicle); /* 11.5, 17.2: an armor leader's morale */
    lnlt_dc_input in;
    memset(&in, 0, sizeof in);
    in.die = die;
    in.dc = dc;
    in.morale = morale;
    in.column = armored ? LNLT_DCT_ARMORED : LNLT_DCT_UNARMORED;
    lnlt_dc_outcome out = lnlt_damage_check(&in);
    if (re) {
        re->unit = (int16_t)vehicle;
        snprintf(re->text, sizeof re->text, "+ DC %d = %d vs morale %d (%s column) -> %s", dc, out.roll, morale,
                 armored ? "armored" : "unarmored", lnlt_dct_result_name(out.result));
    }
    *result = out.result;
    switch (out.result) {
    case LNLT_DCT_SHAKEN: return rules_vehicle_shake(s, vehicle, rule);
    case LNLT_DCT_ABANDONED: return rules_vehicle_abandon(s, vehicle, rule);
    case LNLT_DCT_DESTROYED: return rules_vehicle_destroy(s, vehicle, FATE_DCT, rule);
    default: return true;
    }
}

bool rules_mines_vs_vehicle(lnlt_step *s, int vehicle, int fp)
{
    lnlt_state *st = s->st;
    const lnlt_vehicle_type *t = rules_vtype(s->ctx, &st->unit[vehicle]);
    int ad, dd;
    if (!lnlt_dice_roll(&s->dice, 1, NULL, "mines against a vehicle", "21.4.1", &ad, NULL, s->err) ||
        !lnlt_dice_roll(&s->dice, 1, NULL, "vehicle's defence against mines", "21.4.1", &dd, NULL, s->err))
        return false;
    int low = t ? lnlt_lowest_hull_armor(t) : 0;
    int def = lnlt_mine_defence(dd, low);
    bool win = ad + fp > def;
    lnlt_events_say(s->log, LNLT_EV_RESULT, "21.4.1", "mines", "mines against %s: 1d6 %d + FP %d = %d vs 1d6 %d + half of AF %d = %d -> %s",
                    rules_label(s->ctx, st, vehicle), ad, fp, ad + fp, dd, low, def, win ? "roll on the table" : "no effect");
    if (!win)
        return true;
    int d;
    lnlt_event *re;
    if (!lnlt_dice_roll(&s->dice, 1, NULL, "Mines vs Vehicles table", "21.4.1", &d, &re, s->err))
        return false;
    lnlt_mine_effect e = lnlt_mines_vs_vehicle(d);
    static const char *const words[] = {"no effect", "shaken", "shaken and immobilized", "destroyed with its crew"};
    if (re)
        snprintf(re->text, sizeof re->text, "-> %s", words[e]);
    switch (e) {
    case LNLT_MINE_NONE: return true;
    case LNLT_MINE_SHAKEN: return rules_vehicle_shake(s, vehicle, "21.4.1");
    case LNLT_MINE_IMMOBILIZED:
        rules_veh(st, vehicle)->flags |= LNLT_VEH_IMMOBILIZED; /* 21.4.2 */
        lnlt_events_say(s->log, LNLT_EV_RESULT, "21.4.2", "immobilized", "%s is immobilized", rules_label(s->ctx, st, vehicle));
        return rules_vehicle_shake(s, vehicle, "21.4.1");
    default: return rules_vehicle_destroy(s, vehicle, FATE_MINES, "21.4.1");
    }
}
