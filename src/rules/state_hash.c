/*
 * state_hash.c: lnlt_state_hash, the replay hash saves record (issue 17). It is
 * taken over a canonical serialisation of the fields that mean something to the
 * game, never over the struct's bytes, so a change of layout, a reordered field
 * or a new field does not change the hash of a game that never uses the new
 * field: a save keeps verifying across versions as long as the rules give the
 * same result.
 *
 * The serialisation is a sequence of records (field id: 2 bytes, element index:
 * 2 bytes, value: 8 bytes, little-endian), one per field element whose value
 * differs from the field's default, in the order of the tables below; FNV-1a (64
 * bits) of those bytes is the hash. Left out: the layout version, the reserved
 * bytes, a view's record of the markers set off (view_markers: views are never
 * saved), the count of actions applied (a statistic no rule reads), units and
 * weapons past unit_count and sw_count, and the units-by-location index (by_loc
 * and what follows it: derived from the units). A new field gets a new id at the end of
 * its table with the value a fresh state gives it as default: old games hash as
 * before. docs/formats/save.md describes it.
 */
#include <stddef.h>
#include <string.h>

#include "lnlt/game.h"

/* Every field of lnlt_state is either listed here or deliberately left out (see
 * above). When this fails, a field was added: list it below, and in the mid-game
 * snapshot (src/game/snapshot.c, src/data/scenario_state.c) so it survives saves. */
_Static_assert(sizeof(lnlt_state) == 6048, "lnlt_state changed: update state_hash.c and the snapshot");
_Static_assert(sizeof(lnlt_unit) == 18 && sizeof(lnlt_sw) == 8, "a unit or weapon field changed: update state_hash.c and the snapshot");
_Static_assert(sizeof(lnlt_vehicle) == 12 && sizeof(lnlt_acquisition) == 6,
               "a vehicle or acquisition field changed: update state_hash.c and the snapshot");

typedef struct canon_field {
    uint16_t id;
    uint16_t offset; /* in the struct the table describes */
    uint8_t size;    /* bytes of one element: 1, 2, 4 or 8 */
    uint8_t is_signed;
    uint16_t count;  /* elements */
    int64_t def;     /* the value a fresh state gives each element */
    uint16_t first;  /* the element index its first element is recorded under */
} canon_field;

/* Elements of an array field: its size is the array's over the count. Signedness
 * is given explicitly below (S = signed) since C11 has no typeof. */
#define U(id, type, field, count, def) {id, (uint16_t)offsetof(type, field), (uint8_t)(sizeof(((type *)0)->field) / (count)), 0, count, def, 0}
#define S(id, type, field, count, def) {id, (uint16_t)offsetof(type, field), (uint8_t)(sizeof(((type *)0)->field) / (count)), 1, count, def, 0}
/* A run of bytes inside a larger array, recorded under element indices from
 * `first`: the Spotted and Melee markers of upper floors and rooftops keep the
 * indices they had before bunker interiors (the third row) were added. */
#define RUN(id, field, count, first) {id, (uint16_t)offsetof(lnlt_state, field), 1, 0, count, 0, first}

static const canon_field state_fields[] = {
    U(1, lnlt_state, turn, 1, 1),
    U(2, lnlt_state, last_turn, 1, 0),
    U(3, lnlt_state, phase, 1, 0),
    U(4, lnlt_state, initiative, 1, 0),
    U(5, lnlt_state, to_act, 1, 0),
    U(6, lnlt_state, passes, 1, 0),
    U(7, lnlt_state, rally_done, 1, 0),
    U(8, lnlt_state, winner, 1, 0),
    U(9, lnlt_state, decision, 1, 0),
    U(10, lnlt_state, acted, 1, 0),
    U(11, lnlt_state, impulse_side, 1, 0),
    U(12, lnlt_state, spot_tried, 1, 0),
    S(13, lnlt_state, spotter, 1, -1),
    S(14, lnlt_state, spotted_cell, 1, -1),
    U(15, lnlt_state, rng.state, 1, 0),
    U(16, lnlt_state, rng.inc, 1, 0),
    U(17, lnlt_state, unit_count, 1, 0),
    U(18, lnlt_state, sw_count, 1, 0),
    S(19, lnlt_state, move.cell, 1, 0),
    S(20, lnlt_state, move.origin, 1, 0),
    U(21, lnlt_state, move.active, 1, 0),
    U(22, lnlt_state, move.mode, 1, 0),
    U(23, lnlt_state, move.mp2_here, 1, 0),
    U(24, lnlt_state, move.of_made, 1, 0),
    U(25, lnlt_state, move.hexes, 1, 0),
    U(26, lnlt_state, move.hr_fired, 1, 0),
    S(27, lnlt_state, move.of_from, 6, 0),
    U(28, lnlt_state, move.units, LNLT_UNIT_BITS, 0),
    U(29, lnlt_state, activated, LNLT_UNIT_BITS, 0),
    S(30, lnlt_state, fort, LNLT_MAX_FORTS * 2, 0), /* cell (int16), then kind and reserved read as one int16 */
    U(31, lnlt_state, spotted, 3 * LNLT_MAX_CELLS / 8, 0),
    U(32, lnlt_state, control, 3 * LNLT_MAX_CELLS / 8, 0),
    U(33, lnlt_state, force_edge, LNLT_MAX_FORCES, 0),
    U(34, lnlt_state, force_arrive, LNLT_MAX_FORCES, 0xFF),
    U(35, lnlt_state, events_done, 1, 0),
    U(36, lnlt_state, objectives, 1, 0),
    U(37, lnlt_state, pending, 1, 0),
    U(38, lnlt_state, pending_ref, 1, 0),
    U(39, lnlt_state, pending_side, 1, 0),
    U(40, lnlt_state, resume, 1, 0),
    U(41, lnlt_state, resume_to_act, 1, 0),
    U(42, lnlt_state, cont_count, 1, 0),
    U(43, lnlt_state, cont_next, 2, 0),
    U(44, lnlt_state, cont_end, 2, 0),
    U(45, lnlt_state, melee, LNLT_MAX_CELLS / 8, 0),
    U(46, lnlt_state, melee_fought, LNLT_MAX_CELLS / 8, 0),
    U(47, lnlt_state, melee_targets, LNLT_UNIT_BITS, 0),
    S(48, lnlt_state, melee_cell, 1, -1),
    U(49, lnlt_state, melee_stage, 1, 0),
    U(50, lnlt_state, melee_first, 1, 0),
    U(51, lnlt_state, smoke, 2 * LNLT_MAX_CELLS / 8, 0),
    U(52, lnlt_state, ffe, LNLT_MAX_CELLS / 8, 0),
    S(53, lnlt_state, mission_landing, 1, -1),
    S(54, lnlt_state, mission_caller, 1, -1),
    U(55, lnlt_state, missions, 3, 0),
    U(56, lnlt_state, ffe_fp, 1, 0),
    U(57, lnlt_state, mission_action, 1, 0),
    U(58, lnlt_state, om_depth, 1, 0),
    U(59, lnlt_state, om_frame, LNLT_OM_DEPTH_MAX * 3, 0),
    U(60, lnlt_state, retreat, LNLT_UNIT_BITS, 0),
    S(61, lnlt_state, retreat_from, 1, 0),
    RUN(62, spotted_up[0][0], 2 * LNLT_MAX_CELLS / 8, 0),
    RUN(62, spotted_up[1][0], 2 * LNLT_MAX_CELLS / 8, 2 * LNLT_MAX_CELLS / 8),
    RUN(62, spotted_up[2][0], 2 * LNLT_MAX_CELLS / 8, 4 * LNLT_MAX_CELLS / 8),
    RUN(63, melee_up[0], 2 * LNLT_MAX_CELLS / 8, 0),
    RUN(64, melee_fought_up[0], 2 * LNLT_MAX_CELLS / 8, 0),
    U(65, lnlt_state, move.double_time, 1, 0),
    U(66, lnlt_state, impulse_hex_count, 1, 0),
    /* per hex: location, fired_at, then done and by_leader read as one int16 */
    S(67, lnlt_state, impulse_hex, LNLT_IMPULSE_HEXES * 3, 0),
    U(68, lnlt_state, squads_reduced, 2, 0),
    S(69, lnlt_state, entry_cell, 1, -1),
    U(70, lnlt_state, entry_units, LNLT_UNIT_BITS, 0),
    /* 21.1: bunker interiors, the fourth floor (by side, then melee, melee fought) */
    RUN(71, spotted_up[0][LNLT_FLOOR_BUNKER - 1], LNLT_MAX_CELLS / 8, 0),
    RUN(71, spotted_up[1][LNLT_FLOOR_BUNKER - 1], LNLT_MAX_CELLS / 8, LNLT_MAX_CELLS / 8),
    RUN(71, spotted_up[2][LNLT_FLOOR_BUNKER - 1], LNLT_MAX_CELLS / 8, 2 * LNLT_MAX_CELLS / 8),
    RUN(72, melee_up[LNLT_FLOOR_BUNKER - 1], LNLT_MAX_CELLS / 8, 0),
    RUN(73, melee_fought_up[LNLT_FLOOR_BUNKER - 1], LNLT_MAX_CELLS / 8, 0),
    /* 14.0-18.2: vehicles (their slots and acquisitions are tables of their own, below) */
    U(74, lnlt_state, aboard, LNLT_MAX_UNITS, 0),
    U(75, lnlt_state, wreck, LNLT_MAX_CELLS / 8, 0),
    U(76, lnlt_state, oba_called, 1, 0),
    U(77, lnlt_state, vehicle_count, 1, 0),
    U(78, lnlt_state, pending_vehicle, 1, 0),
    U(79, lnlt_state, sw_fired, LNLT_MAX_SWS / 8, 0),
    U(80, lnlt_state, oba_left, 2, 0),
    U(81, lnlt_state, oba_fp, 2, 0),
    U(82, lnlt_state, forced, LNLT_UNIT_BITS, 0),
    U(83, lnlt_state, forced_window, 1, 0),
    U(84, lnlt_state, forced_impulse_side, 1, 0),
    S(85, lnlt_state, move_step_from, 1, 0),
    U(86, lnlt_state, control_up, 3 * (LNLT_FLOORS - 1) * LNLT_MAX_CELLS / 8, 0),
    S(87, lnlt_state, gather_cell, 1, -1),
    U(88, lnlt_state, gather_units, LNLT_UNIT_BITS, 0),
    U(89, lnlt_state, rules_off, 1, 0),
    U(90, lnlt_state, atgm_unit, 1, 0),
    S(91, lnlt_state, atgm_to, 1, 0),
    U(92, lnlt_state, atgm_code, 1, 0),
    U(93, lnlt_state, atgm_tv, 1, 0),
    U(94, lnlt_state, atgm_flags, 1, 0),
    U(95, lnlt_state, atgm_resume, 1, 0),
    U(96, lnlt_state, rubble, LNLT_MAX_CELLS / 8, 0), /* 15.1.2 */
    U(97, lnlt_state, rubble_any, 1, 0),
};

/* A vehicle or gun-team slot (15.0, 1.7.1), for the slots in use. */
static const canon_field vehicle_fields[] = {
    S(1, lnlt_vehicle, unit, 1, -1),    S(2, lnlt_vehicle, fire_loc, 1, -1), U(3, lnlt_vehicle, facing, 1, 0),
    U(4, lnlt_vehicle, turret, 1, 0),   U(5, lnlt_vehicle, flags, 1, 0),     U(6, lnlt_vehicle, impulse, 1, 0),
    U(7, lnlt_vehicle, turn, 1, 0),     U(8, lnlt_vehicle, road_mp2, 1, 0),  U(9, lnlt_vehicle, shots, 1, 0),
    U(10, lnlt_vehicle, paused, 1, 0),
};

/* An acquisition (14.3). The slot an acquisition sits in means nothing to the
 * rules (they look them up by firer and target), so the used slots are recorded
 * in the order of their firers. */
static const canon_field acq_fields[] = {
    S(1, lnlt_acquisition, firer, 1, -1), S(2, lnlt_acquisition, target, 1, 0),
    U(3, lnlt_acquisition, level, 1, 0),  U(4, lnlt_acquisition, fresh, 1, 0),
};

static const canon_field unit_fields[] = {
    S(1, lnlt_unit, type, 1, 0),        S(2, lnlt_unit, cell, 1, 0),       U(3, lnlt_unit, side, 1, 0),
    U(4, lnlt_unit, floor, 1, 0),       U(5, lnlt_unit, status, 1, 0),     U(6, lnlt_unit, marks, 1, 0),
    U(7, lnlt_unit, flags, 1, 0),       U(8, lnlt_unit, mp2, 1, 0),        U(9, lnlt_unit, entry_turn, 1, 0),
    U(10, lnlt_unit, force, 1, 0),      S(11, lnlt_unit, skill, 1, 0),     U(12, lnlt_unit, skill_used, 1, 0),
    U(13, lnlt_unit, wounds, 1, 0),     U(14, lnlt_unit, mu_flags, 1, 0),  S(15, lnlt_unit, parent, 1, -1),
};

static const canon_field sw_fields[] = {
    S(1, lnlt_sw, type, 1, 0), S(2, lnlt_sw, holder, 1, 0), S(3, lnlt_sw, cell, 1, 0),
    U(4, lnlt_sw, flags, 1, 0), U(5, lnlt_sw, floor, 1, 0),
};

/* Record groups: the state's own fields, then each unit (group 1000 + 16 x
 * index), each weapon (3000 + 8 x index), each vehicle slot in use (4000 + 16 x
 * slot) and each acquisition (4400 + 8 x rank), so a field id never repeats. */

typedef struct fnv {
    uint64_t h;
} fnv;

static void fnv_bytes(fnv *f, const unsigned char *p, size_t n)
{
    for (size_t i = 0; i < n; i++) {
        f->h ^= p[i];
        f->h *= 1099511628211ULL;
    }
}

static void fnv_le(fnv *f, uint64_t v, int bytes)
{
    unsigned char b[8];
    for (int i = 0; i < bytes; i++)
        b[i] = (unsigned char)(v >> (8 * i));
    fnv_bytes(f, b, (size_t)bytes);
}

static int64_t read_elem(const unsigned char *base, const canon_field *c, int k)
{
    const unsigned char *p = base + c->offset + (size_t)k * c->size;
    switch (c->size) {
    case 1: return c->is_signed ? (int64_t)(int8_t)p[0] : (int64_t)p[0];
    case 2: {
        uint16_t v;
        memcpy(&v, p, 2);
        return c->is_signed ? (int64_t)(int16_t)v : (int64_t)v;
    }
    case 4: {
        uint32_t v;
        memcpy(&v, p, 4);
        return c->is_signed ? (int64_t)(int32_t)v : (int64_t)v;
    }
    default: {
        uint64_t v;
        memcpy(&v, p, 8);
        return (int64_t)v;
    }
    }
}

/* The first element at or after k of a byte field whose default is 0 that is
 * not 0: the state's bitmaps are mostly empty, so they are skipped eight bytes
 * at a time. Only a speed-up: the records hashed are the same. */
static int next_nonzero_byte(const unsigned char *p, int k, int count)
{
    uint64_t word;
    while (k + 8 <= count) {
        memcpy(&word, p + k, 8);
        if (word)
            break;
        k += 8;
    }
    while (k < count && !p[k])
        k++;
    return k;
}

static void hash_table(fnv *f, int group, const void *base, const canon_field *t, size_t n)
{
    for (size_t i = 0; i < n; i++)
        for (int k = 0; k < t[i].count; k++) {
            if (t[i].size == 1 && t[i].def == 0 && t[i].count > 8) {
                k = next_nonzero_byte((const unsigned char *)base + t[i].offset, k, t[i].count);
                if (k == t[i].count)
                    break;
            }
            int64_t v = read_elem(base, &t[i], k);
            if (v == t[i].def)
                continue;
            fnv_le(f, (uint64_t)(group + t[i].id), 2);
            fnv_le(f, (uint64_t)(t[i].first + k), 2);
            fnv_le(f, (uint64_t)v, 8);
        }
}

uint64_t lnlt_state_hash(const lnlt_state *st)
{
    fnv f = {14695981039346656037ULL};
    hash_table(&f, 0, st, state_fields, sizeof state_fields / sizeof state_fields[0]);
    for (int i = 0; i < st->unit_count && i < LNLT_MAX_UNITS; i++)
        hash_table(&f, 1000 + 16 * i, &st->unit[i], unit_fields, sizeof unit_fields / sizeof unit_fields[0]);
    for (int i = 0; i < st->sw_count && i < LNLT_MAX_SWS; i++)
        hash_table(&f, 3000 + 8 * i, &st->sw[i], sw_fields, sizeof sw_fields / sizeof sw_fields[0]);
    for (int k = 0; k < st->vehicle_count && k < LNLT_MAX_VEHICLES; k++)
        hash_table(&f, 4000 + 16 * k, &st->vehicle[k], vehicle_fields, sizeof vehicle_fields / sizeof vehicle_fields[0]);
    lnlt_acquisition acq[LNLT_MAX_ACQ];
    int n = 0;
    for (int k = 0; k < LNLT_MAX_ACQ; k++) /* used slots by firer (insertion sort: at most 8) */
        if (st->acq[k].firer >= 0) {
            int at = n++;
            while (at > 0 && acq[at - 1].firer > st->acq[k].firer) {
                acq[at] = acq[at - 1];
                at--;
            }
            acq[at] = st->acq[k];
        }
    for (int k = 0; k < n; k++)
        hash_table(&f, 4400 + 8 * k, &acq[k], acq_fields, sizeof acq_fields / sizeof acq_fields[0]);
    return f.h;
}
