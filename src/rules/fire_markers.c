/*
 * fire_markers.c: the optional Fire rule (10.5.6), a game option a scenario
 * turns on with the special rule "fire" (22.0, ruling R-SCN-40). Fire markers
 * burn in one location (a hex's ground, or a building's upper floor) and live in
 * the state's fortification slots (LNLT_FORT_FIRE, value = intensity | floor << 4).
 * Here: the Fire Start check after an attack (10.5.6.1), the Administrative Phase
 * steps of 9.0 and 2.0 (the Fire Damage Checks first, then each Fire 1's
 * intensity, then the spread from each Fire 2: 10.5.6.2, 10.5.6.4), putting a
 * Fire 1 out as an impulse action (10.5.6.3), and the smoke a Fire fills its hex
 * with (10.5.6.4: rules_smoked, the LOS layer).
 */
#include <string.h>

#include "lnlt/scenario.h"
#include "rules/internal.h"

bool rules_fire_on(const lnlt_ctx *ctx, const lnlt_state *st)
{
    for (int r = 0; ctx->scenario && r < ctx->scenario->rule_count; r++)
        if (ctx->scenario->rule[r].kind == LNLT_SSR_FIRE && lnlt_rule_on(ctx, st, r))
            return true;
    return false;
}

static bool rain_or_snow(const lnlt_ctx *ctx)
{
    for (int r = 0; ctx->scenario && r < ctx->scenario->rule_count; r++)
        if (ctx->scenario->rule[r].kind == LNLT_SSR_RAIN_OR_SNOW)
            return true;
    return false;
}

static int fire_floor(const lnlt_fort *f) { return f->value >> 4; }
static int fire_level(const lnlt_fort *f) { return f->value & 0x0F; }

int rules_fire_at(const lnlt_state *st, int loc)
{
    int cell = lnlt_loc_cell(loc), floor = lnlt_loc_floor(loc);
    for (int i = 0; i < LNLT_MAX_FORTS; i++)
        if (st->fort[i].kind == LNLT_FORT_FIRE && st->fort[i].cell == cell && fire_floor(&st->fort[i]) == floor)
            return fire_level(&st->fort[i]);
    return 0;
}

/* False when no slot can hold a Fire marker: the slots' kind bits OR-ed a word
 * at a time against the bits of LNLT_FORT_FIRE. A cheap first look, as a Fire
 * is asked about for most hexes a line or a spotting check meets (rules_smoked)
 * and most games have none; true only means "look slot by slot". */
static inline uint64_t slot_pair(const unsigned char *slots, int i)
{
    uint64_t w;
    memcpy(&w, slots + 8 * i, sizeof w);
    return w;
}

static bool fire_possible(const lnlt_state *st)
{
    _Static_assert(sizeof st->fort == LNLT_MAX_FORTS * sizeof(uint32_t) && LNLT_MAX_FORTS == 16,
                   "16 slots of 4 bytes: 8 words");
    const lnlt_fort probe = {.cell = 0, .kind = LNLT_FORT_FIRE, .value = 0};
    uint32_t kind_bits;
    memcpy(&kind_bits, &probe, sizeof kind_bits);
    const unsigned char *slots = (const unsigned char *)st->fort;
    uint64_t any = slot_pair(slots, 0) | slot_pair(slots, 1) | slot_pair(slots, 2) | slot_pair(slots, 3) |
                   slot_pair(slots, 4) | slot_pair(slots, 5) | slot_pair(slots, 6) | slot_pair(slots, 7);
    return (any & (kind_bits | (uint64_t)kind_bits << 32)) != 0;
}

bool rules_fire_in_hex(const lnlt_state *st, int cell)
{
    if (!fire_possible(st))
        return false;
    cell = lnlt_loc_cell(cell);
    for (int i = 0; i < LNLT_MAX_FORTS; i++)
        if (st->fort[i].kind == LNLT_FORT_FIRE && st->fort[i].cell == cell)
            return true;
    return false;
}

bool rules_flammable(const lnlt_ctx *ctx, const lnlt_state *st, int loc)
{
    /* 10.5.6.1: the chart's Flammable terrain; a Fire burns on the ground or in a
     * building's upper floor, never on a roof or in a bunker (ruling R-CORE-106) */
    int f = lnlt_loc_floor(loc);
    if (f == LNLT_FLOOR_ROOF || f == LNLT_FLOOR_BUNKER || !rules_loc_open(ctx, st, loc))
        return false;
    const lnlt_terrain *t = rules_terrain(ctx, st, loc);
    return t && (t->flags & LNLT_TF_FLAMMABLE);
}

static const char *loc_name(lnlt_step *s, int loc, char *buf) { return rules_cell(s, loc, buf); }

static bool place_fire(lnlt_step *s, int loc)
{
    lnlt_state *st = s->st;
    char name[LNLT_HEX_ID_MAX];
    for (int i = 0; i < LNLT_MAX_FORTS; i++)
        if (st->fort[i].kind == LNLT_FORT_NONE) {
            st->fort[i].cell = (int16_t)lnlt_loc_cell(loc);
            st->fort[i].kind = LNLT_FORT_FIRE;
            st->fort[i].value = (uint8_t)(1 | (lnlt_loc_floor(loc) << 4));
            lnlt_events_say(s->log, LNLT_EV_CHANGE, "10.5.6.1", "fire", "a Fire 1 marker is placed in %s",
                            loc_name(s, loc, name));
            return true;
        }
    /* the counters of a game are LNLT_MAX_FORTS at most (ruling R-CORE-106) */
    lnlt_events_say(s->log, LNLT_EV_RESULT, "10.5.6.1", "fire-no-slot",
                    "no Fire marker is left to place in %s (at most %d counters)", loc_name(s, loc, name),
                    LNLT_MAX_FORTS);
    return true;
}

static void remove_fort(lnlt_state *st, int i)
{
    /* the used slots stay packed at the front, as snapshot.c writes them */
    memmove(&st->fort[i], &st->fort[i + 1], (size_t)(LNLT_MAX_FORTS - 1 - i) * sizeof st->fort[0]);
    memset(&st->fort[LNLT_MAX_FORTS - 1], 0, sizeof st->fort[0]);
}

bool rules_fire_start_check(lnlt_step *s, int loc, int natural, bool oft, int weapon_mod)
{
    const lnlt_ctx *ctx = s->ctx;
    if (!rules_fire_on(ctx, s->st) || !rules_flammable(ctx, s->st, loc) || rules_fire_at(s->st, loc))
        return true;
    /* 10.5.6.1: a natural 6 on the DFT attack die, or 10+ on the OFT to-hit roll */
    if (oft ? natural < 10 : natural != 6)
        return true;
    int d[2];
    lnlt_event *ev;
    if (!lnlt_dice_roll(&s->dice, 2, NULL, "fire start", "10.5.6.1", d, &ev, s->err))
        return false;
    int mod = weapon_mod + (oft ? 1 : 0) - (rain_or_snow(ctx) ? 1 : 0);
    int total = d[0] + d[1] + mod;
    char name[LNLT_HEX_ID_MAX];
    lnlt_events_say(s->log, LNLT_EV_RESULT, "10.5.6.1", "fire-start", "Fire Start check in %s: 2d6 %d %+d = %d -> %s",
                    loc_name(s, loc, name), d[0] + d[1], mod, total, total >= 10 ? "the fire starts" : "no fire");
    return total < 10 || place_fire(s, loc);
}

/* 10.5.6.4: the Fire Damage Checks, before any intensity or spreading check. */
static bool fire_damage(lnlt_step *s)
{
    const lnlt_ctx *ctx = s->ctx;
    lnlt_state *st = s->st;
    for (int i = 0; i < LNLT_MAX_FORTS; i++) {
        const lnlt_fort f = st->fort[i];
        if (f.kind != LNLT_FORT_FIRE)
            continue;
        int loc = lnlt_location(f.cell, fire_floor(&f)), level = fire_level(&f);
        for (int side = 1; side <= 2; side++) {
            int legs[LNLT_MAX_UNITS], dcs[LNLT_MAX_UNITS];
            int n = rules_leg_units_in(ctx, st, loc, side, legs, LNLT_MAX_UNITS);
            for (int k = 0; k < n; k++)
                dcs[k] = level == 2 ? 4 : 2;
            if (n > 0) {
                char name[LNLT_HEX_ID_MAX];
                lnlt_events_say(s->log, LNLT_EV_RESULT, "10.5.6.4", "fire-damage",
                                "the Fire %d in %s: Fire Damage Checks at DC+%d", level, loc_name(s, loc, name),
                                dcs[0]);
                if (!rules_damage_checks(s, legs, dcs, n))
                    return false;
            }
            /* vehicles and their passengers: only a Fire 2, as small arms that hit (17.2, 17.3) */
            int vs[LNLT_MAX_UNITS];
            int nv = level == 2 ? rules_vehicles_in(ctx, st, loc, side, vs, LNLT_MAX_UNITS) : 0;
            for (int k = 0; k < nv; k++)
            {
                bool hit;
                if (!rules_vehicle_hit_by(s, vs[k], loc, 2, 0, HIT_FIRE_MARKER, &hit))
                    return false;
            }
        }
    }
    return true;
}

/* 10.5.6.2: each Fire 1 goes out on 1, grows to Fire 2 on 6. */
static bool fire_intensity(lnlt_step *s)
{
    lnlt_state *st = s->st;
    lnlt_fort was[LNLT_MAX_FORTS];
    memcpy(was, st->fort, sizeof was);
    for (int i = 0; i < LNLT_MAX_FORTS; i++) {
        if (was[i].kind != LNLT_FORT_FIRE || fire_level(&was[i]) != 1)
            continue;
        int loc = lnlt_location(was[i].cell, fire_floor(&was[i])), d;
        char name[LNLT_HEX_ID_MAX];
        if (!lnlt_dice_roll(&s->dice, 1, NULL, "fire intensity", "10.5.6.2", &d, NULL, s->err))
            return false;
        for (int k = 0; k < LNLT_MAX_FORTS; k++)
            if (st->fort[k].kind == LNLT_FORT_FIRE && st->fort[k].cell == was[i].cell &&
                fire_floor(&st->fort[k]) == fire_floor(&was[i])) {
                if (d <= 1) {
                    remove_fort(st, k);
                    lnlt_events_say(s->log, LNLT_EV_CHANGE, "10.5.6.2", "fire-out", "1d6 %d: the Fire in %s goes out", d,
                                    loc_name(s, loc, name));
                } else if (d >= 6) {
                    st->fort[k].value = (uint8_t)(2 | (fire_floor(&was[i]) << 4));
                    lnlt_events_say(s->log, LNLT_EV_CHANGE, "10.5.6.2", "fire-grows",
                                    "1d6 %d: the Fire in %s becomes a Fire 2", d, loc_name(s, loc, name));
                } else {
                    lnlt_events_say(s->log, LNLT_EV_RESULT, "10.5.6.2", "fire-burns", "1d6 %d: the Fire 1 in %s burns on",
                                    d, loc_name(s, loc, name));
                }
                break;
            }
    }
    return true;
}

/* 10.5.6.2: one roll for each Flammable location next to a Fire 2 (the floor
 * above or below in its building too); 6 sets it afire. In location order. */
static bool fire_spread(lnlt_step *s)
{
    const lnlt_ctx *ctx = s->ctx;
    lnlt_state *st = s->st;
    int cells = ctx->map ? lnlt_map_cells(ctx->map) : 0;
    uint8_t mark[LNLT_MAX_CELLS * LNLT_FLOORS / 8];
    memset(mark, 0, sizeof mark);
    bool any = false;
    for (int i = 0; i < LNLT_MAX_FORTS; i++) {
        const lnlt_fort *f = &st->fort[i];
        if (f->kind != LNLT_FORT_FIRE || fire_level(f) != 2)
            continue;
        int loc = lnlt_location(f->cell, fire_floor(f)), nb[LNLT_FLOORS * 7 + LNLT_FLOORS];
        int n = rules_loc_neighbors(ctx, loc, nb, LNLT_FLOORS * 7);
        for (int fl = 0; fl < LNLT_FLOORS - 1; fl++) /* the floor above or below in the building */
            if (fl != fire_floor(f) && rules_loc_open(ctx, st, lnlt_location(f->cell, fl)))
                nb[n++] = lnlt_location(f->cell, fl);
        for (int k = 0; k < n; k++) {
            int c = lnlt_loc_cell(nb[k]), fl = lnlt_loc_floor(nb[k]);
            if (c < 0 || c >= cells || !rules_flammable(ctx, st, nb[k]) || rules_fire_at(st, nb[k]))
                continue;
            lnlt_bit_set(mark, fl * LNLT_MAX_CELLS + c);
            any = true;
        }
    }
    for (int fl = 0; any && fl < LNLT_FLOORS; fl++)
        for (int c = 0; c < cells; c++) {
            if (!lnlt_bit(mark, fl * LNLT_MAX_CELLS + c))
                continue;
            int loc = lnlt_location(c, fl), d;
            char name[LNLT_HEX_ID_MAX];
            lnlt_event *ev;
            if (!lnlt_dice_roll(&s->dice, 1, NULL, "fire spreading", "10.5.6.2", &d, &ev, s->err))
                return false;
            lnlt_events_say(s->log, LNLT_EV_RESULT, "10.5.6.2", "fire-spread", "Fire spreading to %s: 1d6 %d -> %s",
                            loc_name(s, loc, name), d, d == 6 ? "it catches fire" : "no fire");
            if (d == 6 && !place_fire(s, loc))
                return false;
        }
    return true;
}

bool rules_fire_admin(lnlt_step *s)
{
    if (!rules_fire_on(s->ctx, s->st) || !rules_any_fire(s->st))
        return true;
    return fire_damage(s) && fire_intensity(s) && fire_spread(s);
}

bool rules_any_fire(const lnlt_state *st)
{
    if (!fire_possible(st))
        return false;
    for (int i = 0; i < LNLT_MAX_FORTS; i++)
        if (st->fort[i].kind == LNLT_FORT_FIRE)
            return true;
    return false;
}

/* ---- putting a Fire out (10.5.6.3) ---- */

/* A unit that may try: an MMC or a hero of the activated hex, in good order and
 * not yet marked for anything this turn (ruling R-CORE-107). */
static bool may_fight_fire(const lnlt_ctx *ctx, const lnlt_state *st, int u, int side)
{
    const lnlt_unit *x = &st->unit[u];
    if (x->side != side || !rules_on_map(x) || !lnlt_bit(st->activated, u) || !rules_is_good(x) || x->marks)
        return false;
    int k = rules_type(ctx, x)->kind;
    return k == LNLT_UK_SQUAD || k == LNLT_UK_HALF_SQUAD || k == LNLT_UK_CREW || k == LNLT_UK_WEAPON_TEAM ||
           rules_is_hero(ctx, x);
}

static int add_put_out(lnlt_action *out, int n, int cap, int side, int loc, const uint8_t *units)
{
    if (out && n < cap) {
        lnlt_action *a = &out[n];
        memset(a, 0, sizeof *a);
        a->type = LNLT_ACT_PUT_OUT;
        a->side = (uint8_t)side;
        a->nargs = 1;
        a->arg[0] = (int16_t)loc;
        memcpy(a->units, units, sizeof a->units);
    }
    return n + 1;
}

int rules_fire_actions(const lnlt_ctx *ctx, const lnlt_state *st, int side, lnlt_action *out, int cap)
{
    if (!rules_fire_on(ctx, st) || !rules_any_fire(st))
        return 0;
    int n = 0;
    for (int i = 0; i < LNLT_MAX_FORTS; i++) {
        const lnlt_fort *f = &st->fort[i];
        if (f->kind != LNLT_FORT_FIRE || fire_level(f) != 1) /* a Fire 2 cannot be put out */
            continue;
        int loc = lnlt_location(f->cell, fire_floor(f));
        uint8_t all[LNLT_UNIT_BITS] = {0};
        int count = 0;
        int here[LNLT_MAX_UNITS];
        int nh = rules_units_in(st, loc, side, here, LNLT_MAX_UNITS);
        for (int k = 0; k < nh; k++)
            if (may_fight_fire(ctx, st, here[k], side)) {
                uint8_t one[LNLT_UNIT_BITS] = {0};
                lnlt_bit_set(one, here[k]);
                n = add_put_out(out, n, cap, side, loc, one); /* one unit alone */
                lnlt_bit_set(all, here[k]);
                count++;
            }
        if (count > 1)
            n = add_put_out(out, n, cap, side, loc, all); /* or all of them together */
    }
    return n;
}

bool rules_put_out_fire(lnlt_step *s, int loc, const uint8_t *units)
{
    const lnlt_ctx *ctx = s->ctx;
    lnlt_state *st = s->st;
    int side = st->impulse_side;
    if (rules_fire_at(st, loc) != 1)
        return lnlt_error_set(s->err, "there is no Fire 1 marker there to put out (10.5.6.3)");
    int who[LNLT_MAX_UNITS], n = 0;
    for (int u = 0; u < st->unit_count; u++)
        if (lnlt_bit(units, u)) {
            if (lnlt_unit_loc(&st->unit[u]) != loc || !may_fight_fire(ctx, st, u, side))
                return lnlt_error_set(s->err, "%s cannot fight the fire (10.5.6.3)", rules_label(ctx, st, u));
            who[n++] = u;
        }
    if (n == 0)
        return lnlt_error_set(s->err, "no unit named to put the fire out");
    /* the best good-order leader of the location lends his LM and is marked too */
    int leader = -1, lm = 0, here[LNLT_MAX_UNITS];
    int nh = rules_units_in(st, loc, side, here, LNLT_MAX_UNITS);
    for (int k = 0; k < nh; k++) {
        const lnlt_unit *x = &st->unit[here[k]];
        if (rules_is_leader(ctx, x) && rules_is_good(x) && rules_lm(ctx, x) > lm) {
            lm = rules_lm(ctx, x);
            leader = here[k];
        }
    }
    int d;
    if (!lnlt_dice_roll(&s->dice, 1, NULL, "putting out the fire", "10.5.6.3", &d, NULL, s->err))
        return false;
    int total = d + (n - 1) + lm;
    char name[LNLT_HEX_ID_MAX];
    lnlt_events_say(s->log, LNLT_EV_RESULT, "10.5.6.3", "put-out",
                    "putting out the Fire in %s: 1d6 %d + %d helping + LM %d = %d -> %s", loc_name(s, loc, name), d,
                    n - 1, lm, total, total >= 6 ? "the fire is out" : "it burns on");
    for (int k = 0; k < n; k++) {
        st->unit[who[k]].marks |= LNLT_MARK_FIRED;
        st->unit[who[k]].flags |= LNLT_UNIT_ACTIVATED;
    }
    if (leader >= 0) {
        st->unit[leader].marks |= LNLT_MARK_FIRED;
        st->unit[leader].flags |= LNLT_UNIT_ACTIVATED;
    }
    if (total >= 6)
        for (int i = 0; i < LNLT_MAX_FORTS; i++)
            if (st->fort[i].kind == LNLT_FORT_FIRE && st->fort[i].cell == lnlt_loc_cell(loc) &&
                fire_floor(&st->fort[i]) == lnlt_loc_floor(loc)) {
                remove_fort(st, i);
                break;
            }
    return true;
}
