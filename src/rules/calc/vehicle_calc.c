/*
 * vehicle_calc.c: the geometry and arithmetic of vehicles (lnlt/ordnance.h).
 *
 * Implements 15.1 (facing a vertex: moving forward into the two hexes beside it,
 * reversing into the two behind at twice the cost, one MP per corner pivoted),
 * 1.7.1 (weapon teams pivot two corners per MP), 14.1 and 15.1.1 (covered arcs),
 * 14.1.3 (the face a shot strikes), 15.0 (a shaken vehicle's halved MF rounded
 * down, MG reach), 15.1.2 (rubbling), 15.2 (half MF for assault moves), 15.3 (the
 * overrun's FP), 15.4 and 16.1.1 (crews and bailouts), 15.10 (hull down), 16.1,
 * 16.2 and 16.4 (capacity and mounting costs), 17.1 (close assault), 17.2 (the
 * lowest armour factor), 21.4.1 (mines against vehicles) and 18.2 (drift).
 *
 * Directions run 1 = N ... 6 = NW clockwise; corner k lies between directions
 * k + 1 and k + 2 (corner 0 between N and NE). All geometry is done in the integer
 * lattice of lnlt/hex.h with cross products, so a line that runs exactly along an
 * arc's edge is decided exactly.
 */
#include <stdio.h>
#include "lnlt/ordnance.h"

/* Offsets of the neighbours' centres by direction (1..6) and of the corners (0..5). */
static const lnlt_point dir_vec[7] = {{0, 0}, {0, -2}, {3, -1}, {3, 1}, {0, 2}, {-3, 1}, {-3, -1}};
static const lnlt_point corner_vec[6] = {{1, -1}, {2, 0}, {1, 1}, {-1, 1}, {-2, 0}, {-1, -1}};

static int wrap_dir(int d) { return ((d - 1) % 6 + 6) % 6 + 1; }
static int wrap_corner(int k) { return (k % 6 + 6) % 6; }

static long cross(lnlt_point a, lnlt_point b) { return (long)a.x * b.y - (long)a.y * b.x; }

/* Is d inside the wedge turning clockwise from a to b (less than 180 degrees),
 * edges included? On the screen-like lattice (y grows south) clockwise is a
 * positive cross product. */
static bool in_wedge(lnlt_point a, lnlt_point b, lnlt_point d)
{
    return cross(a, d) >= 0 && cross(d, b) >= 0;
}

static lnlt_point offset(lnlt_hex from, lnlt_hex to)
{
    lnlt_point a = lnlt_hex_center(from), b = lnlt_hex_center(to);
    lnlt_point d = {b.x - a.x, b.y - a.y};
    return d;
}

int lnlt_corner_between(lnlt_hex h, lnlt_hex a, lnlt_hex b)
{
    int da = lnlt_hex_direction_to(h, a), db = lnlt_hex_direction_to(h, b);
    if (!da || !db)
        return -1;
    if (db == da % 6 + 1)
        return da - 1;
    if (da == db % 6 + 1)
        return db - 1;
    return -1;
}

void lnlt_corner_dirs(int corner, int *d1, int *d2)
{
    *d1 = wrap_dir(corner + 1);
    *d2 = wrap_dir(corner + 2);
}

bool lnlt_in_covered_arc(lnlt_hex from, int corner, lnlt_hex target)
{
    lnlt_point d = offset(from, target);
    if (d.x == 0 && d.y == 0)
        return true;
    int d1, d2;
    lnlt_corner_dirs(corner, &d1, &d2);
    return in_wedge(dir_vec[d1], dir_vec[d2], d); /* ruling R-VEH-01 */
}

bool lnlt_in_rear_arc(lnlt_hex from, int corner, lnlt_hex target)
{
    return lnlt_in_covered_arc(from, wrap_corner(corner + 3), target);
}

bool lnlt_in_bunker_arc(lnlt_hex bunker, int front_dir, lnlt_hex target)
{
    lnlt_point d = offset(bunker, target);
    if (d.x == 0 && d.y == 0)
        return true;
    return in_wedge(dir_vec[wrap_dir(front_dir - 1)], dir_vec[wrap_dir(front_dir + 1)], d);
}

int lnlt_corner_turns(int a, int b)
{
    int t = wrap_corner(a - b);
    return t > 3 ? 6 - t : t;
}

int lnlt_corner_toward(lnlt_hex from, int from_corner, lnlt_hex target)
{
    for (int t = 0; t <= 3; t++) {
        int cw = wrap_corner(from_corner + t), ccw = wrap_corner(from_corner - t);
        if (lnlt_in_covered_arc(from, cw, target))
            return cw;
        if (lnlt_in_covered_arc(from, ccw, target))
            return ccw;
    }
    return from_corner;
}

unsigned lnlt_impact_faces(lnlt_hex vehicle, int corner, lnlt_hex firer)
{
    lnlt_point d = offset(vehicle, firer);
    if (d.x == 0 && d.y == 0)
        return 1u << LNLT_FACE_FRONT;
    lnlt_point c[6];
    for (int i = 0; i < 6; i++)
        c[i] = corner_vec[wrap_corner(corner + i)];
    /* ruling R-VEH-02: front = corners -1..+1, flanks = +1..+2 and +4..+5, rear = +2..+4 */
    unsigned faces = 0;
    if (in_wedge(c[5], c[1], d))
        faces |= 1u << LNLT_FACE_FRONT;
    if (in_wedge(c[1], c[2], d) || in_wedge(c[4], c[5], d))
        faces |= 1u << LNLT_FACE_FLANK;
    if (in_wedge(c[2], c[4], d))
        faces |= 1u << LNLT_FACE_REAR;
    return faces;
}

int lnlt_weakest_face(const int8_t armor[3], unsigned faces)
{
    int best = -1;
    for (int f = 0; f < 3; f++) {
        if (!(faces & (1u << f)))
            continue;
        if (best < 0)
            best = f;
        else if (armor[f] == LNLT_NONE)
            best = armor[best] == LNLT_NONE ? best : f;
        else if (armor[best] != LNLT_NONE && armor[f] < armor[best])
            best = f;
    }
    return best < 0 ? LNLT_FACE_FRONT : best;
}

int lnlt_vehicle_step_cost2(int corner, int dir, int cost2, bool *reverse)
{
    int f1, f2, r1, r2;
    lnlt_corner_dirs(corner, &f1, &f2);
    lnlt_corner_dirs(corner + 3, &r1, &r2);
    *reverse = false;
    if (cost2 < 0)
        return -1;
    if (dir == f1 || dir == f2)
        return cost2;
    if (dir == r1 || dir == r2) {
        *reverse = true;
        return 2 * cost2; /* 15.1: reversing costs twice */
    }
    return -1;
}

int lnlt_pivot_cost2(int from_corner, int to_corner, bool weapon_team)
{
    int turns = lnlt_corner_turns(from_corner, to_corner);
    return weapon_team ? 2 * ((turns + 1) / 2) : 2 * turns;
}

int lnlt_vehicle_mp2(int mf, bool shaken, bool assault)
{
    if (mf < 0)
        mf = 0;
    if (shaken)
        mf /= 2; /* 15.0: the one fraction rounded down */
    if (assault)
        mf = (mf + 1) / 2;
    return 2 * mf;
}

bool lnlt_may_rubble(lnlt_move_class mc, int front_hull_af, bool hut)
{
    if (mc == LNLT_MC_ROAD || front_hull_af == LNLT_NONE)
        return false;
    return hut ? front_hull_af > 1 : front_hull_af > 3;
}

bool lnlt_rubble_abandons(int d1, int d2, int front_hull_af, bool hut)
{
    int roll = d1 + d2 - (hut ? 2 : 0);
    return d1 + d2 == 12 || roll > front_hull_af;
}

lnlt_hull_down lnlt_hull_down_attempt(int die, bool modern, int armor_leader_lm, bool open_hex)
{
    lnlt_hull_down h = {0};
    if (armor_leader_lm)
        lnlt_mods_add(&h.mods, -armor_leader_lm, "armor leader's LM", "15.10");
    if (open_hex)
        lnlt_mods_add(&h.mods, 1, "no cover in the hex", "15.10");
    h.roll = die + lnlt_mods_total(&h.mods);
    h.need = modern ? 3 : 2;
    h.success = h.roll <= h.need;
    return h;
}

int lnlt_vehicle_mg_range(int fp) { return fp <= 2 ? 10 : 14; }

int lnlt_overrun_fp(const lnlt_overrun_input *in, lnlt_modifiers *mods)
{
    lnlt_modifiers local = {0};
    lnlt_modifiers *m = mods ? mods : &local;
    if (in->he > 0)
    {
        char what[LNLT_MOD_SOURCE_MAX];
        if (in->shots > 1)
            snprintf(what, sizeof what, "HE %dx%d", in->he, in->shots);
        else
            snprintf(what, sizeof what, "HE");
        lnlt_mods_add(m, in->he * (in->shots > 0 ? in->shots : 1), what, "15.3");
    }
    if (in->mg_fp > 0)
        lnlt_mods_add(m, in->mg_fp, "MG", "15.3");
    if (in->armor_leader_lm)
        lnlt_mods_add(m, in->armor_leader_lm, "LM", "15.3");
    lnlt_mods_add(m, 2, "overrun", "15.3");
    return lnlt_mods_total(m);
}

lnlt_close_assault lnlt_close_assault_roll(int attack_die, int ifp, int lm, int at_sw, int defence_die, int lowest_af)
{
    lnlt_close_assault c = {0};
    if (ifp > 0)
        lnlt_mods_add(&c.mods, ifp, "IFP", "17.1");
    if (lm > 0)
        lnlt_mods_add(&c.mods, lm, "leader's LM", "17.1");
    if (at_sw > 0)
        lnlt_mods_add(&c.mods, at_sw, "anti-tank weapon", "17.1");
    c.attack = attack_die + lnlt_mods_total(&c.mods);
    c.defence = defence_die + (lowest_af > 0 ? lowest_af : 0);
    c.destroyed = c.attack > c.defence;
    return c;
}

int lnlt_lowest_armor(const lnlt_vehicle_type *v)
{
    int low = 99;
    for (int p = 0; p < 2; p++)
        for (int f = 0; f < 3; f++)
            if (v->armor[p][f] != LNLT_NONE && v->armor[p][f] < low)
                low = v->armor[p][f];
    return low == 99 ? 0 : low;
}

int lnlt_lowest_hull_armor(const lnlt_vehicle_type *v)
{
    int low = 99;
    for (int f = 0; f < 3; f++)
        if (v->armor[LNLT_HULL][f] != LNLT_NONE && v->armor[LNLT_HULL][f] < low)
            low = v->armor[LNLT_HULL][f];
    return low == 99 ? 0 : low;
}

int lnlt_mine_defence(int defence_die, int lowest_hull_af) { return defence_die + (lowest_hull_af + 1) / 2; }

lnlt_mine_effect lnlt_mines_vs_vehicle(int table_die)
{
    if (table_die <= 1)
        return LNLT_MINE_NONE;
    if (table_die <= 3)
        return LNLT_MINE_SHAKEN;
    if (table_die <= 5)
        return LNLT_MINE_IMMOBILIZED;
    return LNLT_MINE_DESTROYED;
}

bool lnlt_crew_survives_ordnance(int die) { return die == 1; }
bool lnlt_bailout_survives(int die) { return die % 2 == 0; }

bool lnlt_passengers_fit(int p, int halves, int sws, int smcs) { return halves <= p && sws <= p && smcs <= p; }

int lnlt_mount_cost(int mf) { return mf > 0 ? (mf + 1) / 2 : 0; }

int lnlt_oba_drift(int white_die, int degrading, int lm)
{
    int x = white_die + degrading - lm;
    return x > 0 ? (x + 1) / 2 : 0;
}
