/*
 * units.c: counters on the map and their printed values (rules 1.1, 1.3
 * stacking, 1.5 morale, 11.1 leaders), plus placing units and weapons in a state
 * (scenario set-up, mid-game files, tests).
 */
#include <string.h>

#include "lnlt/scenario.h"
#include "rules/internal.h"

bool rules_is_smc(const lnlt_ctx *ctx, const lnlt_unit *u)
{
    return lnlt_unit_kind_is_smc(rules_type(ctx, u)->kind);
}

bool rules_is_leader(const lnlt_ctx *ctx, const lnlt_unit *u)
{
    /* 11.7: commissars and political officers are leaders for every purpose. */
    return rules_type(ctx, u)->kind == LNLT_UK_LEADER || rules_type(ctx, u)->kind == LNLT_UK_COMMISSAR;
}

bool rules_is_hero(const lnlt_ctx *ctx, const lnlt_unit *u) { return rules_type(ctx, u)->kind == LNLT_UK_HERO; }

int rules_morale(const lnlt_ctx *ctx, const lnlt_unit *u)
{
    int m = rules_face(ctx, u)->morale;
    /* 5.1: every wounded SMC but a hero (whose back side already shows it) loses 1. */
    if ((u->flags & LNLT_UNIT_WOUNDED) && !rules_is_hero(ctx, u))
        m--;
    return m;
}

int rules_lm(const lnlt_ctx *ctx, const lnlt_unit *u)
{
    if (!rules_is_leader(ctx, u) || !rules_is_good(u))
        return 0;
    int lm = rules_face(ctx, u)->lm;
    if (lm < 0)
        return 0;
    if (u->flags & LNLT_UNIT_WOUNDED)
        lm = lm > 0 ? lm - 1 : 0; /* 5.1: a wounded leader loses 1 LM, to no less than 0 */
    return lm;
}

bool rules_same_ib(const lnlt_ctx *ctx, const lnlt_unit *a, const lnlt_unit *b)
{
    return rules_type(ctx, a)->nation == rules_type(ctx, b)->nation;
}

bool rules_enemy_in(const lnlt_state *st, int cell, int side)
{
    if (!rules_side_in(st, cell, lnlt_other_side(side)))
        return false;
    if (st->vehicle_count == 0)
        return true;
    int units[LNLT_MAX_UNITS];
    int n = rules_units_in(st, cell, lnlt_other_side(side), units, LNLT_MAX_UNITS);
    for (int i = 0; i < n; i++)
        if (!rules_vehicle_abandoned(st, units[i])) /* 14.1.1: an abandoned vehicle is no one's */
            return true;
    return false;
}

int rules_sws_of(const lnlt_state *st, int unit, int *out, int cap)
{
    int n = 0;
    for (int i = 0; i < st->sw_count; i++)
        if (st->sw[i].holder == unit) {
            if (n < cap)
                out[n] = i;
            n++;
        }
    return n;
}

const lnlt_sw_type *rules_sw_type(const lnlt_ctx *ctx, const lnlt_sw *w) { return &ctx->catalog->sw[w->type]; }

const char *lnlt_cell_name(const lnlt_ctx *ctx, int loc, char *buf)
{
    int cell = lnlt_loc_cell(loc);
    if (!ctx->map || cell < 0 || cell >= lnlt_map_cells(ctx->map)) {
        snprintf(buf, LNLT_HEX_ID_MAX, "off-map");
        return buf;
    }
    lnlt_hex h = lnlt_map_hex_at(ctx->map, cell);
    h.map = 0; /* single-map boards print bare ids, as the starter kit does */
    lnlt_hex_format(h, buf);
    /* 10.4.1: the other floors are named as the LOS tool names them */
    static const char *const suffix[LNLT_FLOORS] = {"", ":upper", ":roof", ":bunker"};
    size_t len = strlen(buf);
    const char *tail = suffix[lnlt_loc_floor(loc) % LNLT_FLOORS];
    if (lnlt_loc_floor(loc) == LNLT_FLOOR_BUNKER && rules_cave_at(ctx, cell))
        tail = ":cave"; /* 10.7: a cave's inside */
    size_t n = strlen(tail);
    if (len + n >= LNLT_HEX_ID_MAX) /* never for a map's hexes; cut as snprintf would */
        n = LNLT_HEX_ID_MAX - 1 - len;
    memcpy(buf + len, tail, n);
    buf[len + n] = 0;
    return buf;
}

const char *rules_cell(const lnlt_step *s, int cell, char *buf) { return lnlt_cell_name(s->ctx, cell, buf); }

const char *rules_labels(const lnlt_ctx *ctx, const lnlt_state *st, const uint8_t *units, char *buf, size_t len)
{
    size_t n = 0;
    int count = 0, total = 0;
    buf[0] = 0;
    for (int i = 0; i < st->unit_count; i++)
        total += lnlt_bit(units, i);
    for (int i = 0; i < st->unit_count && n < len; i++) {
        if (!lnlt_bit(units, i))
            continue;
        count++;
        if (count > 6) { /* a long list ends with how many more */
            snprintf(buf + n, len - n, " and %d more", total - 6);
            break;
        }
        int w = snprintf(buf + n, len - n, "%s%s", count == 1 ? "" : count == total ? " and " : ", ",
                         rules_label(ctx, st, i));
        n += w > 0 ? (size_t)w : 0;
    }
    return buf;
}

const char *rules_force_label(const lnlt_ctx *ctx, int force, char *buf, size_t len)
{
    char words[160];
    lnlt_scenario_force_words(ctx->scenario, ctx->catalog, force, words, sizeof words);
    int side = ctx->scenario && force >= 0 && force < ctx->scenario->force_count ? ctx->scenario->force[force].side + 1 : 0;
    snprintf(buf, len, "%s (%s)", words, lnlt_side_name(ctx, side));
    return buf;
}

const char *rules_label(const lnlt_ctx *ctx, const lnlt_state *st, int unit)
{
    static _Thread_local char ring[8][LNLT_NAME_MAX + 8];
    static _Thread_local int next;
    char *buf = ring[next++ % 8];
    snprintf(buf, sizeof ring[0], "#%d %s", unit, lnlt_unit_name(ctx, st, unit));
    return buf;
}

const char *lnlt_unit_name(const lnlt_ctx *ctx, const lnlt_state *st, int unit)
{
    if (!ctx->catalog || unit < 0 || unit >= st->unit_count)
        return "?";
    return rules_type(ctx, &st->unit[unit])->name;
}

void rules_eliminate(lnlt_step *s, int unit)
{
    lnlt_unit *u = &s->st->unit[unit];
    int cell = rules_place_of(s->st, unit); /* a passenger's weapons fall in its vehicle's hex */
    s->st->aboard[unit] = 0;
    rules_acq_forget(s->st, unit); /* 14.3: its Acquisition markers go with it */
    rules_unit_off_map(s->st, unit, LNLT_CELL_ELIMINATED);
    u->floor = 0;
    u->marks = 0;
    /* 1.6: weapons of an eliminated unit stay in its hex, unpossessed. */
    for (int i = 0; i < s->st->sw_count; i++)
        if (s->st->sw[i].holder == unit) {
            s->st->sw[i].holder = -1;
            rules_put_sw(&s->st->sw[i], cell);
        }
    lnlt_bit_clear(s->st->move.units, unit);
}

bool rules_stacking_ok(const lnlt_ctx *ctx, const lnlt_state *st, int cell, int side, const uint8_t *adding,
                       const char **why)
{
    /* 1.3 / T1: per side per hex at most 3 squad-equivalents, 2 SMCs and 2 vehicles. */
    int halves = 0, smcs = 0, mmcs = 0, mu_halves = 0;
    bool vehicles = false;
    /* the side's units there and the units joining them: the index, then the picks */
    int group[2 * LNLT_MAX_UNITS];
    int ng = rules_units_in(st, cell, side, group, LNLT_MAX_UNITS), kept = 0;
    for (int k = 0; k < ng; k++)
        if (!(adding && lnlt_bit(adding, group[k])))
            group[kept++] = group[k];
    ng = kept;
    if (adding)
        ng += rules_unit_bits(adding, st->unit_count, group + ng);
    for (int k = 0; k < ng; k++) {
        const lnlt_unit *u = &st->unit[group[k]];
        int kind = rules_type(ctx, u)->kind;
        if (kind == LNLT_UK_VEHICLE) {
            vehicles = true; /* counted apart, below */
            continue;
        }
        if (lnlt_unit_kind_is_smc(kind))
            smcs++;
        else {
            halves += rules_atgm_team(ctx, u) ? 1 : lnlt_unit_kind_stack_halves(kind); /* 1.3: an ATGM WT is a half-squad */
            mmcs++;
        }
        mu_halves += rules_mu_stack_halves(ctx, u); /* 6.6 */
    }
    if (vehicles && rules_vehicle_stack(ctx, st, cell, side, adding) > 2) {
        if (why)
            *why = "more than two vehicles, a Wreck counting as one (1.3)";
        return false;
    }
    if (lnlt_loc_floor(cell) == LNLT_FLOOR_ROOF && mmcs > 1) {
        if (why)
            *why = "a rooftop holds one multi-man counter (10.6)";
        return false;
    }
    if (halves > 6) {
        if (why)
            *why = "more than three squads or equivalents (1.3)";
        return false;
    }
    if (mu_halves > 4) {
        if (why)
            *why = "more than two mounted squads or equivalents (6.6)";
        return false;
    }
    /* 13.0 / TEC: Heavy Jungle holds two squad-equivalents and two weapons, unless
     * every unit there is of a nation that ignores it (NVA). */
    if (ctx->map && cell >= 0 && (rules_map_terrain(ctx, cell)->flags & LNLT_TF_STACKING_LIMIT)) {
        bool ignore = true;
        int sws = 0;
        for (int k = 0; k < ng; k++) {
            ignore &= rules_ignores_reduced_stacking(ctx, &st->unit[group[k]]);
            int held[4];
            sws += rules_sws_of(st, group[k], held, 4);
        }
        if (!ignore && (halves > 4 || sws > 2)) {
            if (why)
                *why = "Heavy Jungle holds two squads or equivalents and two weapons (TEC)";
            return false;
        }
    }
    if (smcs > 2) {
        if (why)
            *why = "more than two single-man counters (1.3)";
        return false;
    }
    return true;
}

/* TEC (Heavy Jungle): may `side` hold one more weapon in `cell`? Two at most,
 * unless every unit of the side there ignores the limit (NVA, 13.0). */
bool rules_hex_sw_room(const lnlt_ctx *ctx, const lnlt_state *st, int cell, int side)
{
    if (!ctx->map || cell < 0 || !(rules_map_terrain(ctx, cell)->flags & LNLT_TF_STACKING_LIMIT))
        return true;
    bool ignore = true;
    int sws = 0;
    for (int i = 0; i < st->unit_count; i++) {
        const lnlt_unit *u = &st->unit[i];
        if (lnlt_unit_loc(u) != cell || u->side != side)
            continue;
        ignore &= rules_ignores_reduced_stacking(ctx, u);
        int held[4];
        sws += rules_sws_of(st, i, held, 4);
    }
    return ignore || sws < 2;
}

/* Where a new unit of `type` may appear for `side`: `cell` itself if it stacks
 * there, else the first neighbour clockwise from north that is on the map, free
 * of enemies and has room (ruling R-CORE-25); -1 when none has. */
int rules_room_near(const lnlt_ctx *ctx, lnlt_state *st, int cell, int side, int type)
{
    if (st->unit_count >= LNLT_MAX_UNITS || cell < 0)
        return -1; /* off the map (a unit eliminated by the same check) there is no hex to be near */
    /* the newcomer is probed in the first free slot, which is left zeroed again */
    uint8_t adding[LNLT_UNIT_BITS] = {0};
    lnlt_unit probe = {0};
    probe.type = (int16_t)type;
    probe.side = (uint8_t)side;
    probe.cell = LNLT_CELL_NONE;
    st->unit[st->unit_count] = probe;
    lnlt_bit_set(adding, st->unit_count);
    st->unit_count++;
    int found = rules_stacking_ok(ctx, st, cell, side, adding, NULL) ? cell : -1;
    for (int d = 1; d <= 6 && found < 0; d++) {
        int c = lnlt_map_neighbor(ctx->map, lnlt_loc_cell(cell), d);
        if (c >= 0 && rules_loc_open(ctx, st, c) && !rules_enemy_in(st, c, side) &&
            rules_stacking_ok(ctx, st, c, side, adding, NULL))
            found = c;
    }
    st->unit_count--;
    memset(&st->unit[st->unit_count], 0, sizeof st->unit[0]);
    return found;
}

lnlt_hex rules_hex(const lnlt_ctx *ctx, int cell) { return lnlt_map_hex_at(ctx->map, lnlt_loc_cell(cell)); }

bool lnlt_location_parse(const lnlt_ctx *ctx, const char *hex, int *cell, lnlt_error *err)
{
    lnlt_hex h;
    char why[96];
    if (!hex) {
        *cell = LNLT_CELL_NONE;
        return true;
    }
    /* "H5:upper" and "H5:roof" name the other floors of a hex (10.4.1, 10.6) */
    char id[LNLT_HEX_ID_MAX + 8];
    snprintf(id, sizeof id, "%s", hex);
    char *colon = strchr(id, ':');
    int floor = LNLT_FLOOR_GROUND;
    if (colon) {
        *colon = 0;
        if (!strcmp(colon + 1, "upper"))
            floor = LNLT_FLOOR_UPPER;
        else if (!strcmp(colon + 1, "roof"))
            floor = LNLT_FLOOR_ROOF;
        else if (!strcmp(colon + 1, "bunker"))
            floor = LNLT_FLOOR_BUNKER; /* 21.1 */
        else if (!strcmp(colon + 1, "cave"))
            floor = LNLT_FLOOR_BUNKER; /* 10.7: a cave's inside is the same fourth floor */
        else
            return lnlt_error_set(err, "unknown floor \"%s\" in %s (known: upper, roof, bunker, cave)", colon + 1, hex);
    }
    if (!lnlt_hex_parse(id, &h, why, sizeof why))
        return lnlt_error_set(err, "%s", why);
    int c = ctx->map ? lnlt_map_index(ctx->map, h) : -1;
    if (c < 0)
        return lnlt_error_set(err, "hex %s is not on the map", id);
    if (!rules_in_play_area(ctx, c))
        return lnlt_error_set(err, "hex %s is outside the playable area (22.0)", id);
    bool cave_named = colon && !strcmp(colon + 1, "cave");
    if (!rules_loc_exists(ctx, lnlt_location(c, floor)) ||
        (floor == LNLT_FLOOR_BUNKER && cave_named != (rules_cave_at(ctx, c) != NULL)))
        return lnlt_error_set(err, "hex %s has no %s", id,
                              floor == LNLT_FLOOR_UPPER ? "upper floor" : floor == LNLT_FLOOR_ROOF ? "usable rooftop"
                              : cave_named ? "cave" : "bunker");
    *cell = lnlt_location(c, floor);
    return true;
}

int lnlt_state_add_unit(const lnlt_ctx *ctx, lnlt_state *st, const char *type_id, int side, const char *hex,
                        lnlt_error *err)
{
    if (!ctx->catalog)
        return lnlt_error_set(err, "no counter data loaded"), -1;
    int type = lnlt_catalog_unit(ctx->catalog, type_id);
    if (type < 0)
        return lnlt_error_set(err, "unknown unit type \"%s\"", type_id), -1;
    if (side != LNLT_SIDE_1 && side != LNLT_SIDE_2)
        return lnlt_error_set(err, "side must be 1 or 2, not %d", side), -1;
    if (st->unit_count >= LNLT_MAX_UNITS)
        return lnlt_error_set(err, "more than %d units", LNLT_MAX_UNITS), -1;
    int cell;
    if (!lnlt_location_parse(ctx, hex, &cell, err))
        return -1;
    lnlt_unit *u = &st->unit[st->unit_count];
    memset(u, 0, sizeof *u);
    u->skill = -1;
    u->parent = -1;
    u->type = (int16_t)type;
    rules_put_unit(st, st->unit_count, cell); /* indexed once counted, below */
    u->side = (uint8_t)side;
    u->force = LNLT_NO_FORCE;
    st->unit_count++;
    rules_index_add(st, st->unit_count - 1);
    if (!rules_vehicle_attach(ctx, st, st->unit_count - 1)) { /* 15.0, 1.7.1: its facing and state */
        rules_unit_off_map(st, st->unit_count - 1, LNLT_CELL_ELIMINATED);
        memset(u, 0, sizeof *u);
        st->unit_count--;
        return lnlt_error_set(err, "more than %d vehicles and gun teams", LNLT_MAX_VEHICLES), -1;
    }
    return st->unit_count - 1;
}

int lnlt_state_add_sw(const lnlt_ctx *ctx, lnlt_state *st, const char *sw_id, int holder, const char *hex,
                      lnlt_error *err)
{
    if (!ctx->catalog)
        return lnlt_error_set(err, "no counter data loaded"), -1;
    int type = lnlt_catalog_sw(ctx->catalog, sw_id);
    if (type < 0)
        return lnlt_error_set(err, "unknown support weapon \"%s\"", sw_id), -1;
    if (st->sw_count >= LNLT_MAX_SWS)
        return lnlt_error_set(err, "more than %d support weapons", LNLT_MAX_SWS), -1;
    if (holder >= st->unit_count)
        return lnlt_error_set(err, "no unit %d to hold the %s", holder, sw_id), -1;
    int cell = LNLT_CELL_NONE;
    if (holder < 0 && !lnlt_location_parse(ctx, hex, &cell, err))
        return -1;
    lnlt_sw *w = &st->sw[st->sw_count];
    memset(w, 0, sizeof *w);
    w->type = (int16_t)type;
    w->holder = (int16_t)holder;
    rules_put_sw(w, holder >= 0 ? LNLT_CELL_NONE : cell);
    return st->sw_count++;
}

int lnlt_state_add_fort(const lnlt_ctx *ctx, lnlt_state *st, const char *kind, const char *hex, lnlt_error *err)
{
    return lnlt_state_add_fort_value(ctx, st, kind, hex, 0, 1, err);
}

int lnlt_state_add_fort_value(const lnlt_ctx *ctx, lnlt_state *st, const char *kind, const char *hex, int side,
                              int value, lnlt_error *err)
{
    int k = !strcmp(kind, "foxholes") ? LNLT_FORT_FOXHOLES
          : !strcmp(kind, "wire")     ? LNLT_FORT_WIRE
          : !strcmp(kind, "mines")    ? LNLT_FORT_MINES
                                      : LNLT_FORT_NONE;
    if (k == LNLT_FORT_NONE)
        return lnlt_error_set(err, "unknown fortification \"%s\" (known: foxholes, wire, mines)", kind), -1;
    int cell;
    if (!lnlt_location_parse(ctx, hex, &cell, err))
        return -1;
    if (cell < 0 || lnlt_loc_floor(cell) != LNLT_FLOOR_GROUND)
        return lnlt_error_set(err, "a fortification needs a hex"), -1;
    if (k == LNLT_FORT_MINES && (value < 1 || value > 9 || side < LNLT_SIDE_1 || side > LNLT_SIDE_2))
        return lnlt_error_set(err, "mines belong to side 1 or 2 and attack with an FP from 1 to 9 (21.4)"), -1;
    const char *why = rules_fort_barred(ctx, st, k, cell);
    if (why)
        return lnlt_error_set(err, "%s", why), -1;
    for (int i = 0; i < LNLT_MAX_FORTS; i++)
        if (st->fort[i].kind == LNLT_FORT_NONE) {
            st->fort[i].cell = (int16_t)cell;
            st->fort[i].kind = (uint8_t)k;
            st->fort[i].value = (uint8_t)(k == LNLT_FORT_MINES ? value | side << 4 : 0);
            return i;
        }
    return lnlt_error_set(err, "more than %d fortifications", LNLT_MAX_FORTS), -1;
}

bool lnlt_state_set_skill(const lnlt_ctx *ctx, lnlt_state *st, int unit, const char *skill_id, lnlt_error *err)
{
    if (!ctx->catalog || unit < 0 || unit >= st->unit_count)
        return lnlt_error_set(err, "no unit %d", unit);
    int k = lnlt_catalog_skill(ctx->catalog, skill_id);
    if (k < 0)
        return lnlt_error_set(err, "unknown skill \"%s\"", skill_id);
    st->unit[unit].skill = (int8_t)k;
    return true;
}
