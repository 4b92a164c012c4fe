/*
 * los.c: line of sight between two locations (rules 10.2, 10.3, 10.3.1, 10.3.2,
 * 10.4.1, 10.6), over the static map and the caller's dynamic obstacles (Smoke
 * and Fire 7.0/10.5.6.4, Wrecks and vehicles, Rubble).
 *
 * The line runs centre to centre and is traced exactly by lnlt_hex_trace(), which
 * says for every hex whether the line enters it, and for every hexside whether
 * the line crosses it or runs along it. Each intermediate hex then contributes at
 * most one effect (10.3: one degrading factor per hex):
 *   - its terrain, whole-hex or only where the line crosses a silhouette;
 *   - the hill itself, as a blocking obstacle of its own level;
 *   - Smoke/Fire (blocking) or a Wreck/vehicle (degrading);
 *   - Craters (10.5.5) and a tree-lined road the line does not follow (10.5.3),
 *     both degrading.
 * Whether an obstacle counts depends on heights (10.3): its top (ground level +
 * obstacle height, in half levels, ruling R-LOS-01) against the two ends, with
 * the shadow rule when the higher end is level with or above it (ruling R-LOS-02)
 * and the slope exception of 10.3.1.
 */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "map/map_internal.h"

enum { EFF_NONE = 0, EFF_DEGRADE = 1, EFF_BLOCK = 2 };

typedef struct los_ctx {
    const lnlt_map *m;
    const uint8_t *dyn;
    int fcell, tcell;
    lnlt_hex fg, tg;   /* board hexes of the two ends */
    lnlt_hex hi, lo;   /* the higher end (the viewer) and the lower end */
    int H, Lo;         /* their levels, in half levels */
    double ax, ay, bx, by;
    bool slope;        /* 10.3.1 clear slope holds */
    lnlt_los_result *out;
    const lnlt_trace *given; /* the line, already traced (map_los_traced), or NULL */
    int along_road;          /* 10.5.3: -1 not yet asked, else 0 or 1 */
} los_ctx;

static void add_reason(los_ctx *c, int effect, int cause, int terrain, int is_side, lnlt_hex a, lnlt_hex b,
                       const char *rule)
{
    lnlt_los_result *o = c->out;
    if (o->nreason >= LNLT_LOS_REASONS) {
        if (effect != LNLT_LOS_BLOCKED)
            return;
        o->nreason = LNLT_LOS_REASONS - 1; /* the blocking reason always makes the list */
    }
    lnlt_los_reason *r = &o->reason[o->nreason++];
    r->effect = (uint8_t)effect;
    r->cause = (uint8_t)cause;
    r->terrain = (uint8_t)terrain;
    r->is_side = (uint8_t)is_side;
    r->a = a;
    r->b = b;
    r->rule = rule;
}

/* ---- silhouettes (10.3: only art the line really crosses counts; ruling R-LOS-03) ---- */

static bool point_in_poly(double x, double y, const float *p, int n)
{
    bool in = false;
    for (int i = 0, j = n - 1; i < n; j = i++) {
        double xi = p[2 * i], yi = p[2 * i + 1], xj = p[2 * j], yj = p[2 * j + 1];
        if ((yi > y) != (yj > y) && x < (xj - xi) * (y - yi) / (yj - yi) + xi)
            in = !in;
    }
    return in;
}

static int cmp_double(const void *a, const void *b)
{
    double x = *(const double *)a, y = *(const double *)b;
    return (x > y) - (x < y);
}

/* True if the segment passes through the polygon's interior (touching its
 * outline is not crossing the art). */
static bool segment_crosses_poly(const los_ctx *c, const map_sil *s)
{
    const float *p = &c->m->pts[2 * s->first];
    double dx = c->bx - c->ax, dy = c->by - c->ay;
    if (fmax(c->ax, c->bx) < s->minx || fmin(c->ax, c->bx) > s->maxx || fmax(c->ay, c->by) < s->miny ||
        fmin(c->ay, c->by) > s->maxy)
        return false;
    double ts[70];
    int nt = 0;
    ts[nt++] = 0;
    ts[nt++] = 1;
    for (int i = 0; i < s->npt; i++) {
        int j = (i + 1) % s->npt;
        double px = p[2 * i], py = p[2 * i + 1], ex = p[2 * j] - px, ey = p[2 * j + 1] - py;
        double den = dx * ey - dy * ex;
        if (fabs(den) < 1e-12)
            continue;
        double wx = px - c->ax, wy = py - c->ay;
        double t = (wx * ey - wy * ex) / den, u = (wx * dy - wy * dx) / den;
        if (t >= 0 && t <= 1 && u >= -1e-9 && u <= 1 + 1e-9)
            ts[nt++] = t;
    }
    qsort(ts, (size_t)nt, sizeof ts[0], cmp_double);
    for (int i = 0; i + 1 < nt; i++) {
        if (ts[i + 1] - ts[i] < 1e-9)
            continue;
        double t = (ts[i] + ts[i + 1]) / 2;
        if (point_in_poly(c->ax + t * dx, c->ay + t * dy, p, s->npt))
            return true;
    }
    return false;
}

/* ---- heights and shadows (10.3, rulings R-LOS-01 and R-LOS-02) ---- */

/* Effect of an obstacle whose top is `top` half levels. The shadow counts hexes
 * from the viewer (the higher end) up to and including the obstacle's hex (vh,
 * plus vadd), and from the obstacle to the lower end (lh, plus ladd); they are
 * only measured when a shadow is possible. Obstacles less than a whole level
 * high cast no shadow (C-01). */
static int obstacle(const los_ctx *c, int cls, int top, int height2, lnlt_hex vh, int vadd, lnlt_hex lh, int ladd,
                    bool *shadow)
{
    *shadow = false;
    if (cls == LNLT_LOS_OPEN)
        return EFF_NONE;
    if (top > c->H)
        return cls; /* higher than both ends */
    if (top <= c->Lo)
        return EFF_NONE; /* as high as or lower than both ends */
    if (height2 < 2)
        return EFF_NONE;
    /* Level with the viewer: 1 + the hexes between; below the viewer: 1 (R-LOS-02). */
    int len = (top == c->H) ? lnlt_hex_distance(c->hi, vh) + vadd : 1;
    if (lnlt_hex_distance(lh, c->lo) + ladd <= len) {
        *shadow = true;
        return cls;
    }
    return EFF_NONE;
}

/* Obstacle height of the static terrain of a cell (buildings: by storeys). */
static int terrain_height2(const lnlt_map *m, const lnlt_map_hex *h, const lnlt_terrain *t)
{
    if (h->building != LNLT_NO_BUILDING && m->build[h->building].stories >= 2)
        return t->height2_multistory;
    return t->height2;
}

typedef struct hex_effect {
    int eff, cause, terrain;
    bool shadow;
} hex_effect;

static void keep_max(hex_effect *best, int eff, int cause, int terrain, bool shadow)
{
    if (eff > best->eff) {
        best->eff = eff;
        best->cause = cause;
        best->terrain = terrain;
        best->shadow = shadow;
    }
}

/* The effect of one hex on the line. whole: the hex counts as whole-hex (LOS
 * along its edge, 10.3.2) so silhouettes are ignored and counters that are never
 * whole-hex are left out. */
/* 10.5.3: is the line exactly along the road? Asked once per line, and only when
 * it meets a tree-lined hex. */
static bool along_road(const los_ctx *c)
{
    los_ctx *w = (los_ctx *)c;
    if (w->along_road < 0)
        w->along_road = lnlt_map_line_along_road(c->m, c->fcell, c->tcell) ? 1 : 0;
    return w->along_road == 1;
}

static hex_effect hex_effect_of(const los_ctx *c, int cell, bool whole)
{
    hex_effect best = {EFF_NONE, 0, LNLT_NO_FEATURE, false};
    const lnlt_map *m = c->m;
    const lnlt_map_hex *h = &m->cell[cell];
    lnlt_hex g = map_ghex(m, cell);
    int base = 2 * h->level;
    uint8_t dyn = c->dyn ? c->dyn[cell] : 0;
    bool sh;
    /* Smoke and Fire: blocking, Level-2, always whole-hex (ruling R-LOS-08). */
    if (dyn & (LNLT_DYN_SMOKE | LNLT_DYN_FIRE)) {
        const lnlt_terrain *t = &m->tec.t[m->tid_smoke];
        int e = obstacle(c, t->los, base + t->height2, t->height2, g, 0, g, 0, &sh);
        keep_max(&best, e, LNLT_LC_SMOKE, m->tid_smoke, sh);
    }
    /* Static terrain, or the Rubble it became. */
    if ((dyn & LNLT_DYN_RUBBLE) && !whole) {
        const lnlt_terrain *t = &m->tec.t[m->tid_rubble];
        int e = obstacle(c, t->los, base + t->height2, t->height2, g, 0, g, 0, &sh);
        keep_max(&best, e, LNLT_LC_RUBBLE, m->tid_rubble, sh);
    } else if (!(dyn & LNLT_DYN_RUBBLE)) {
        if (h->nsil && !whole) {
            for (int i = 0; i < h->nsil; i++) {
                const map_sil *s = &m->sil[h->sil_first + i];
                const lnlt_terrain *t = &m->tec.t[s->terrain];
                if (t->los == LNLT_LOS_OPEN || (int)t->los <= best.eff)
                    continue;
                if (!segment_crosses_poly(c, s))
                    continue;
                int hh = terrain_height2(m, h, t);
                int e = obstacle(c, t->los, base + hh, hh, g, 0, g, 0, &sh);
                keep_max(&best, e, LNLT_LC_TERRAIN, s->terrain, sh);
            }
        } else {
            const lnlt_terrain *t = &m->tec.t[h->terrain];
            if (!(whole && (t->flags & LNLT_TF_NOT_WHOLE_HEX))) {
                int hh = terrain_height2(m, h, t);
                int e = obstacle(c, t->los, base + hh, hh, g, 0, g, 0, &sh);
                keep_max(&best, e, LNLT_LC_TERRAIN, h->terrain, sh);
            }
        }
    }
    /* The hill itself: a blocking obstacle of its own level, unless the line runs
     * down a clear slope (10.3.1, ruling R-LOS-06). */
    if (h->level > 0 && !c->slope) {
        int e = obstacle(c, LNLT_LOS_BLOCKING, base, base, g, 0, g, 0, &sh);
        keep_max(&best, e, LNLT_LC_HILL, LNLT_NO_FEATURE, sh);
    }
    /* 10.5.5 Craters: degrading on top of the hex's terrain. 10.5.3: a tree-lined
     * road hex degrades a line that does not run exactly along the road. */
    const lnlt_terrain *ct = NULL;
    int ctid = LNLT_NO_FEATURE;
    if (h->counter == LNLT_HEXC_CRATER1 || h->counter == LNLT_HEXC_CRATER2)
        ct = lnlt_map_counter_row(m, LNLT_HEXC_CRATER1);
    else if ((h->flags & LNLT_HEXF_TREE_LINED) && !along_road(c))
        ct = lnlt_map_counter_row(m, LNLT_HEXC_TREE_ROW);
    if (ct) {
        ctid = (int)(ct - m->tec.t);
        int e = obstacle(c, ct->los, base + ct->height2, ct->height2, g, 0, g, 0, &sh);
        keep_max(&best, e, LNLT_LC_TERRAIN, ctid, sh);
    }
    /* Wrecks and vehicles: degrading, never whole-hex. */
    if ((dyn & (LNLT_DYN_WRECK | LNLT_DYN_VEHICLE)) && !whole) {
        const lnlt_terrain *t = &m->tec.t[m->tid_wreck];
        int e = obstacle(c, t->los, base + t->height2, t->height2, g, 0, g, 0, &sh);
        keep_max(&best, e, LNLT_LC_WRECK, m->tid_wreck, sh);
    }
    return best;
}

/* The cell and slot (0 N, 1 NE, 2 SE) holding the hexside between adjacent board
 * hexes a and b: the same answer as lnlt_hexside_between(), without the search. */
int map_side_feature(const lnlt_map *m, lnlt_hex a, lnlt_hex b)
{
    int dc = b.col - a.col, dr = b.row - a.row;
    bool low = (a.col & 1) == 0;
    lnlt_hex owner = a;
    int slot;
    if (dc == 0) {
        slot = 0; /* N side of the southern hex */
        if (dr > 0)
            owner = b;
    } else {
        /* East-west neighbours: a NE/SE side of the western hex. */
        lnlt_hex w = dc > 0 ? a : b, e = dc > 0 ? b : a;
        bool wlow = dc > 0 ? low : ((b.col & 1) == 0);
        owner = w;
        /* For a low western column the eastern neighbours are rows r (NE) and r+1 (SE);
         * for a high one, r-1 (NE) and r (SE). */
        slot = (e.row - w.row == (wlow ? 0 : -1)) ? 1 : 2;
    }
    int cell = map_cell_of(m, owner.col, owner.row);
    return cell < 0 ? LNLT_NO_FEATURE : m->cell[cell].side[slot];
}

/* A building hex, and not turned to Rubble in play (15.1.2). */
static bool is_structure(const lnlt_map *m, const uint8_t *dyn, int cell)
{
    return cell >= 0 && m->cell[cell].building != LNLT_NO_BUILDING && !(dyn && (dyn[cell] & LNLT_DYN_RUBBLE)) &&
           (m->tec.t[m->cell[cell].terrain].flags & (LNLT_TF_BUILDING | LNLT_TF_HUT));
}

/* 10.3.1: from a hill down to lower ground through nothing but Clear hill hexes
 * whose levels fall step by step (ruling R-LOS-06). */
static bool clear_slope(const los_ctx *c, const lnlt_trace *tr)
{
    if (c->H == c->Lo)
        return false;
    const lnlt_map *m = c->m;
    int prev = c->H / 2;
    bool from_high = lnlt_hex_equal(c->hi, c->fg);
    int n = 0;
    for (int k = 1; k + 1 < tr->count; k++) {
        int i = from_high ? k : tr->count - 1 - k;
        const lnlt_trace_step *s = &tr->step[i];
        if (s->kind != LNLT_TRACE_HEX) {
            if (s->kind == LNLT_TRACE_ALONG)
                return false;
            continue;
        }
        int cell = map_cell_of(m, s->a.col, s->a.row);
        if (cell < 0)
            return false;
        const lnlt_map_hex *h = &m->cell[cell];
        if (m->tec.t[h->terrain].los != LNLT_LOS_OPEN || h->nsil)
            return false;
        if (c->dyn && c->dyn[cell])
            return false;
        if (h->level <= 0 || h->level >= prev || 2 * h->level <= c->Lo)
            return false;
        prev = h->level;
        n++;
    }
    return n > 0;
}

/* A line that runs along a hexside into (or out of) an end hex reaches it through a
 * corner, crossing none of its sides. It counts as crossing a Wall, Hedge or Bocage
 * there only when both sides of the end hex meeting at that corner carry one, as a
 * line along a hexside is blocked only when both sides block; then the lesser of
 * the two is the one crossed (ruling R-TEC-03). */
static void corner_side(const los_ctx *c, const lnlt_trace_step *s, lnlt_hex end, uint8_t *slot)
{
    const lnlt_map *m = c->m;
    if (*slot != LNLT_NO_FEATURE || s->kind != LNLT_TRACE_ALONG || lnlt_hex_distance(s->a, end) != 1 ||
        lnlt_hex_distance(s->b, end) != 1)
        return;
    int fa = map_side_feature(m, s->a, end), fb = map_side_feature(m, s->b, end);
    if (fa == LNLT_NO_FEATURE || fb == LNLT_NO_FEATURE)
        return;
    int f = m->tec.t[fa].tm <= m->tec.t[fb].tm ? fa : fb;
    *slot = (uint8_t)f;
    c->out->crossed_flags |= m->tec.t[fa].flags & m->tec.t[fb].flags;
}

static void corner_sides(const los_ctx *c, const lnlt_trace *tr)
{
    if (tr->count < 3)
        return;
    corner_side(c, &tr->step[tr->count - 2], c->tg, &c->out->to_side);
    corner_side(c, &tr->step[1], c->fg, &c->out->from_side);
}

/* The line itself, once both ends are known to exist (levels in half levels). */
static bool los_core(los_ctx *cp, int F, int G, lnlt_hex from_id, lnlt_hex to_id)
{
    los_ctx c = *cp;
    const lnlt_map *m = c.m;
    lnlt_los_result *out = c.out;
    /* Ruling A-18 / R-LOS-02: heights are judged from the higher end. */
    if (F >= G) {
        c.hi = c.fg; c.lo = c.tg; c.H = F; c.Lo = G;
    } else {
        c.hi = c.tg; c.lo = c.fg; c.H = G; c.Lo = F;
    }
    lnlt_point pa = lnlt_hex_center(c.fg), pb = lnlt_hex_center(c.tg);
    c.ax = pa.x; c.ay = pa.y; c.bx = pb.x; c.by = pb.y;
    lnlt_trace traced;
    const lnlt_trace *tr = c.given;
    if (!tr && map_trace(m, c.fg, c.tg, &traced))
        tr = &traced;
    if (!tr) {
        out->verdict = LNLT_LOS_BLOCKED;
        add_reason(&c, LNLT_LOS_BLOCKED, LNLT_LC_NO_LOCATION, LNLT_NO_FEATURE, 0, from_id, to_id, "10.3");
        return false;
    }
    c.slope = clear_slope(&c, tr);
    int degrade = 0;
    bool limited = false;
    for (int i = 1; i + 1 < tr->count; i++) {
        const lnlt_trace_step *s = &tr->step[i];
        int effect = EFF_NONE, cause = 0, terrain = LNLT_NO_FEATURE, is_side = 0;
        bool shadow = false;
        lnlt_hex ra = s->a, rb = s->b;
        if (s->kind == LNLT_TRACE_HEX) {
            int cell = map_cell_of(m, s->a.col, s->a.row);
            if (cell < 0 || cell == c.fcell || cell == c.tcell)
                continue;
            hex_effect he = hex_effect_of(&c, cell, false);
            effect = he.eff;
            cause = he.cause;
            terrain = he.terrain;
            shadow = he.shadow;
        } else {
            int ca = map_cell_of(m, s->a.col, s->a.row), cb = map_cell_of(m, s->b.col, s->b.row);
            is_side = 1;
            int feature = map_side_feature(m, s->a, s->b);
            if (s->kind == LNLT_TRACE_CROSS) {
                bool own = ca == c.fcell || cb == c.fcell || ca == c.tcell || cb == c.tcell;
                if (feature != LNLT_NO_FEATURE && (ca == c.tcell || cb == c.tcell))
                    out->to_side = (uint8_t)feature;
                if (feature != LNLT_NO_FEATURE && (ca == c.fcell || cb == c.fcell))
                    out->from_side = (uint8_t)feature;
                if (feature != LNLT_NO_FEATURE)
                    out->crossed_flags |= m->tec.t[feature].flags;
                if (feature != LNLT_NO_FEATURE && !own) {
                    /* 10.3.2: a wall or hedge the line crosses, not a side of either end hex (R-LOS-05). */
                    const lnlt_terrain *t = &m->tec.t[feature];
                    int la = ca >= 0 ? m->cell[ca].level : 0, lb = cb >= 0 ? m->cell[cb].level : 0;
                    int base = 2 * (la > lb ? la : lb);
                    lnlt_hex near = s->a, far = s->b;
                    if (lnlt_hex_distance(c.hi, s->b) < lnlt_hex_distance(c.hi, s->a)) {
                        near = s->b;
                        far = s->a;
                    }
                    effect = obstacle(&c, t->los, base + t->height2, t->height2, near, 1, far, 1, &shadow);
                    cause = LNLT_LC_HEXSIDE;
                    terrain = feature;
                }
                /* 10.3.2: passing between two adjacent separate buildings at an angle (R-LOS-07). */
                if (!own && is_structure(m, c.dyn, ca) && is_structure(m, c.dyn, cb) && m->cell[ca].building != m->cell[cb].building)
                    limited = true;
            } else {
                /* Along a hexside (10.3.2, rulings R-LOS-04 and R-LOS-05). */
                bool touches_end = (lnlt_hex_distance(s->a, c.fg) == 1 && lnlt_hex_distance(s->b, c.fg) == 1) ||
                                   (lnlt_hex_distance(s->a, c.tg) == 1 && lnlt_hex_distance(s->b, c.tg) == 1);
                if (feature != LNLT_NO_FEATURE && !touches_end) {
                    const lnlt_terrain *t = &m->tec.t[feature];
                    int la = ca >= 0 ? m->cell[ca].level : 0, lb = cb >= 0 ? m->cell[cb].level : 0;
                    int base = 2 * (la > lb ? la : lb);
                    /* Measured from whichever side is nearer each end. */
                    lnlt_hex vh = lnlt_hex_distance(c.hi, s->a) < lnlt_hex_distance(c.hi, s->b) ? s->a : s->b;
                    lnlt_hex lh = lnlt_hex_distance(s->a, c.lo) < lnlt_hex_distance(s->b, c.lo) ? s->a : s->b;
                    effect = obstacle(&c, t->los, base + t->height2, t->height2, vh, 0, lh, 0, &shadow);
                    cause = LNLT_LC_HEXSIDE;
                    terrain = feature;
                }
                if (effect != EFF_BLOCK) {
                    hex_effect ea = {0, 0, LNLT_NO_FEATURE, false}, eb = ea;
                    if (ca >= 0 && ca != c.fcell && ca != c.tcell)
                        ea = hex_effect_of(&c, ca, true);
                    if (cb >= 0 && cb != c.fcell && cb != c.tcell)
                        eb = hex_effect_of(&c, cb, true);
                    if ((ea.cause == LNLT_LC_SMOKE || eb.cause == LNLT_LC_SMOKE) &&
                        (m->tec.t[m->tid_smoke].flags & LNLT_TF_BLOCKS_ALONG)) {
                        /* Smoke on either side blocks a line along its edge (TEC Smoke note). */
                        effect = EFF_BLOCK;
                        cause = LNLT_LC_SMOKE;
                        terrain = m->tid_smoke;
                    } else if (ea.eff && eb.eff) {
                        if (ea.eff == EFF_BLOCK && eb.eff == EFF_BLOCK && is_structure(m, c.dyn, ca) && is_structure(m, c.dyn, cb) &&
                            m->cell[ca].building != m->cell[cb].building) {
                            limited = true;
                        } else {
                            int e = (ea.eff == EFF_BLOCK && eb.eff == EFF_BLOCK) ? EFF_BLOCK : EFF_DEGRADE;
                            if (e > effect) {
                                effect = e;
                                cause = LNLT_LC_ALONG;
                                terrain = ea.eff >= eb.eff ? ea.terrain : eb.terrain;
                                shadow = ea.shadow || eb.shadow;
                            }
                        }
                    }
                }
            }
        }
        if (effect == EFF_NONE)
            continue;
        if (shadow && cause == LNLT_LC_TERRAIN)
            cause = LNLT_LC_SHADOW;
        const char *rule = cause == LNLT_LC_HEXSIDE || cause == LNLT_LC_ALONG ? "10.3.2"
                           : cause == LNLT_LC_HILL                           ? "10.3.1"
                           : cause == LNLT_LC_SMOKE                          ? "7.0"
                                                                             : "10.3";
        if (!is_side) {
            int cell = map_cell_of(m, s->a.col, s->a.row);
            ra = lnlt_map_hex_at(m, cell);
        } else {
            int ca = map_cell_of(m, s->a.col, s->a.row), cb = map_cell_of(m, s->b.col, s->b.row);
            if (ca >= 0) ra = lnlt_map_hex_at(m, ca);
            if (cb >= 0) rb = lnlt_map_hex_at(m, cb);
        }
        if (effect == EFF_BLOCK) {
            out->verdict = LNLT_LOS_BLOCKED;
            out->degrade = (uint8_t)degrade;
            add_reason(&c, LNLT_LOS_BLOCKED, cause, terrain, is_side, ra, rb, rule);
            return true;
        }
        degrade++;
        if (degrade > 2) {
            out->verdict = LNLT_LOS_BLOCKED;
            out->degrade = 2;
            add_reason(&c, LNLT_LOS_BLOCKED, LNLT_LC_THIRD_DEGRADE, terrain, is_side, ra, rb, "10.3");
            return true;
        }
        add_reason(&c, LNLT_LOS_DEGRADED, cause, terrain, is_side, ra, rb, rule);
    }
    corner_sides(&c, tr);
    out->degrade = (uint8_t)degrade;
    out->verdict = degrade ? LNLT_LOS_DEGRADED : LNLT_LOS_CLEAR;
    if (limited) {
        out->limited = 1;
        add_reason(&c, LNLT_LOS_CLEAR, LNLT_LC_BUILDING_ALLEY, LNLT_NO_FEATURE, 0, from_id, to_id, "10.3.2");
    }
    return true;
}

/* The line between two existing locations: cells fcell and tcell, floors ffloor
 * and tfloor at levels lf and lt (whole levels); from_id and to_id name them. */
static bool los_cells(const lnlt_map *m, int fcell, int ffloor, int lf, int tcell, int tfloor, int lt,
                      lnlt_hex from_id, lnlt_hex to_id, const uint8_t *dyn, const lnlt_trace *given,
                      lnlt_los_result *out)
{
    los_ctx c;
    memset(&c, 0, sizeof c);
    c.m = m;
    c.out = out;
    c.dyn = dyn;
    c.given = given;
    c.along_road = -1;
    c.fcell = fcell;
    c.tcell = tcell;
    c.fg = map_ghex(m, c.fcell);
    c.tg = map_ghex(m, c.tcell);
    out->range = (int16_t)lnlt_hex_distance(c.fg, c.tg);
    if (c.fcell == c.tcell)
        return true;
    int F = 2 * lf, G = 2 * lt;
    /* 10.2: different floors of the same building in adjacent hexes see nothing
     * of each other (ruling R-LOS-07). */
    if (out->range == 1 && F != G && ffloor != LNLT_FLOOR_ROOF && tfloor != LNLT_FLOOR_ROOF &&
        m->cell[c.fcell].building != LNLT_NO_BUILDING &&
        m->cell[c.fcell].building == m->cell[c.tcell].building &&
        m->build[m->cell[c.fcell].building].stories >= 2) {
        out->verdict = LNLT_LOS_BLOCKED;
        add_reason(&c, LNLT_LOS_BLOCKED, LNLT_LC_FLOORS, LNLT_NO_FEATURE, 0, lnlt_map_hex_at(m, c.fcell),
                   lnlt_map_hex_at(m, c.tcell), "10.2");
        return true;
    }
    return los_core(&c, F, G, from_id, to_id);
}

static void result_init(lnlt_los_result *out)
{
    memset(out, 0, sizeof *out);
    out->to_side = out->from_side = LNLT_NO_FEATURE;
}

bool lnlt_los(const lnlt_map *m, lnlt_loc from, lnlt_loc to, const lnlt_los_dynamic *dyn, lnlt_los_result *out)
{
    result_init(out);
    int lf, lt;
    int fcell = lnlt_map_index(m, from.hex), tcell = lnlt_map_index(m, to.hex);
    bool from_ok = fcell >= 0 && lnlt_map_loc_level(m, from, &lf);
    bool to_ok = tcell >= 0 && lnlt_map_loc_level(m, to, &lt);
    if (!from_ok || !to_ok) {
        los_ctx c;
        memset(&c, 0, sizeof c);
        c.out = out;
        out->verdict = LNLT_LOS_BLOCKED;
        add_reason(&c, LNLT_LOS_BLOCKED, LNLT_LC_NO_LOCATION, LNLT_NO_FEATURE, 0, from_ok ? to.hex : from.hex,
                   to.hex, "10.4.1");
        return false;
    }
    return los_cells(m, fcell, from.floor, lf, tcell, to.floor, lt, from.hex, to.hex, dyn ? dyn->cell : NULL, NULL,
                     out);
}

bool map_los_traced(const lnlt_map *m, int fcell, int ffloor, int tcell, int tfloor, const lnlt_trace *line,
                    lnlt_los_result *out)
{
    result_init(out);
    return los_cells(m, fcell, ffloor, m->floor_level[fcell][ffloor], tcell, tfloor, m->floor_level[tcell][tfloor],
                     m->hex_of[fcell], m->hex_of[tcell], NULL, line, out);
}

/* LOS between two hexes at given levels: for units above the terrain that no
 * floor describes (helicopters 19.2.3, aircraft 19.1.1). */
bool lnlt_los_levels(const lnlt_map *m, lnlt_hex from, int from_level, lnlt_hex to, int to_level,
                     const lnlt_los_dynamic *dyn, lnlt_los_result *out)
{
    memset(out, 0, sizeof *out);
    out->to_side = out->from_side = LNLT_NO_FEATURE;
    los_ctx c;
    memset(&c, 0, sizeof c);
    c.m = m;
    c.out = out;
    c.dyn = dyn ? dyn->cell : NULL;
    c.along_road = -1;
    c.fcell = lnlt_map_index(m, from);
    c.tcell = lnlt_map_index(m, to);
    bool from_ok = c.fcell >= 0 && from_level >= 0 && from_level <= 15;
    bool to_ok = c.tcell >= 0 && to_level >= 0 && to_level <= 15;
    if (!from_ok || !to_ok) {
        out->verdict = LNLT_LOS_BLOCKED;
        add_reason(&c, LNLT_LOS_BLOCKED, LNLT_LC_NO_LOCATION, LNLT_NO_FEATURE, 0, from_ok ? to : from, to, "10.3");
        return false;
    }
    c.fg = map_ghex(m, c.fcell);
    c.tg = map_ghex(m, c.tcell);
    out->range = (int16_t)lnlt_hex_distance(c.fg, c.tg);
    if (c.fcell == c.tcell)
        return true;
    return los_core(&c, 2 * from_level, 2 * to_level, from, to);
}

char *lnlt_los_reason_format(const lnlt_map *m, const lnlt_los_reason *r, char *buf, int len)
{
    char a[LNLT_HEX_ID_MAX], b[LNLT_HEX_ID_MAX];
    const char *eff = r->effect == LNLT_LOS_BLOCKED ? "blocked" : r->effect == LNLT_LOS_DEGRADED ? "degraded" : "note";
    const char *t = r->terrain != LNLT_NO_FEATURE ? m->tec.t[r->terrain].name : "terrain";
    lnlt_hex ha = r->a, hb = r->b;
    if (m->nsheet == 1) {
        ha.map = 0;
        hb.map = 0;
    }
    lnlt_hex_format(ha, a);
    lnlt_hex_format(hb, b);
    size_t n = (size_t)len;
    switch (r->cause) {
    case LNLT_LC_TERRAIN: snprintf(buf, n, "%s: %s in %s (%s)", eff, t, a, r->rule); break;
    case LNLT_LC_SHADOW: snprintf(buf, n, "%s: in the shadow of %s in %s (%s)", eff, t, a, r->rule); break;
    case LNLT_LC_ALONG:
        snprintf(buf, n, "%s: along hexside %s/%s with terrain on both sides (%s) (%s)", eff, a, b, t, r->rule);
        break;
    case LNLT_LC_HEXSIDE: snprintf(buf, n, "%s: %s on hexside %s/%s (%s)", eff, t, a, b, r->rule); break;
    case LNLT_LC_SMOKE:
        if (r->is_side)
            snprintf(buf, n, "%s: Smoke beside hexside %s/%s (%s)", eff, a, b, r->rule);
        else
            snprintf(buf, n, "%s: Smoke in %s (%s)", eff, a, r->rule);
        break;
    case LNLT_LC_WRECK: snprintf(buf, n, "%s: wreck or vehicle in %s (%s)", eff, a, r->rule); break;
    case LNLT_LC_RUBBLE: snprintf(buf, n, "%s: Rubble in %s (%s)", eff, a, r->rule); break;
    case LNLT_LC_HILL: snprintf(buf, n, "%s: hill in %s (%s)", eff, a, r->rule); break;
    case LNLT_LC_THIRD_DEGRADE:
        snprintf(buf, n, "%s: a third degrading %s at %s%s%s (%s)", eff, r->is_side ? "hexside" : "hex", a,
                 r->is_side ? "/" : "", r->is_side ? b : "", r->rule);
        break;
    case LNLT_LC_BUILDING_ALLEY:
        snprintf(buf, n, "limited: between two adjacent separate buildings (DFT -2, OFT +2, spotting +2) (%s)", r->rule);
        break;
    case LNLT_LC_FLOORS:
        snprintf(buf, n, "%s: different floors of one building in adjacent hexes (%s)", eff, r->rule);
        break;
    default:
        snprintf(buf, n, "%s: no such location %s (not on the map, or no such floor or roof there) (%s)", eff, a,
                 r->rule);
        break;
    }
    return buf;
}
