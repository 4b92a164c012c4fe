/*
 * hexline.c: the straight line between two hex centres (rule 10.3.2), traced
 * exactly in the integer lattice of lnlt/hex.h.
 *
 * Every candidate hex near the segment is classified with exact integer cross
 * products of its six corners against the line: corners on both sides means the
 * segment crosses its interior; two consecutive corners on the line means the
 * segment runs along that hexside; anything else is a miss or a corner graze.
 * Only the ordering of the hits along the segment uses floating point, and hits
 * are separated by whole lattice distances so that ordering is robust.
 */
#include "lnlt/hex.h"

#include <math.h>
#include <stdlib.h>

static const lnlt_point corner_offset[6] = {{1, -1}, {2, 0}, {1, 1}, {-1, 1}, {-2, 0}, {-1, -1}};

typedef struct hit {
    double t; /* position along the segment, 0 at `from`, 1 at `to` */
    lnlt_trace_step step;
} hit;

/* The smaller and larger of two numbers, neither a NaN here: inline, where fmin
 * and fmax are calls into libm (they order NaNs, which never occur). */
static inline double dmin(double a, double b) { return a < b ? a : b; }
static inline double dmax(double a, double b) { return a > b ? a : b; }

static int64_t cross(int64_t ax, int64_t ay, int64_t bx, int64_t by) { return ax * by - ay * bx; }

/* Parameter of point p projected on the segment p0 + t*d (exact for points on it). */
static double param(lnlt_point p, lnlt_point p0, lnlt_point d)
{
    double num = (double)(p.x - p0.x) * d.x + (double)(p.y - p0.y) * d.y;
    return num / ((double)d.x * d.x + (double)d.y * d.y);
}

/* Classifies one hex; appends at most one HEX hit and up to one ALONG hit. */
static int classify(lnlt_hex h, lnlt_point p0, lnlt_point d, hit *hits, int n, int cap)
{
    lnlt_point c = lnlt_hex_center(h);
    int64_t cr[6];
    lnlt_point v[6];
    int pos = 0, neg = 0;
    for (int i = 0; i < 6; i++) {
        v[i].x = c.x + corner_offset[i].x;
        v[i].y = c.y + corner_offset[i].y;
        cr[i] = cross(d.x, d.y, v[i].x - p0.x, v[i].y - p0.y);
        pos += cr[i] > 0;
        neg += cr[i] < 0;
    }
    if (pos && neg) {
        /* Interior crossing: find the entry and exit parameters. */
        double tmin = INFINITY, tmax = -INFINITY;
        for (int i = 0; i < 6; i++) {
            int j = (i + 1) % 6;
            if ((cr[i] > 0 && cr[j] > 0) || (cr[i] < 0 && cr[j] < 0))
                continue;
            if (cr[i] == 0 && cr[j] == 0)
                continue;
            double f = (double)cr[i] / (double)(cr[i] - cr[j]);
            double px = v[i].x + f * (v[j].x - v[i].x), py = v[i].y + f * (v[j].y - v[i].y);
            double t = ((px - p0.x) * d.x + (py - p0.y) * d.y) / ((double)d.x * d.x + (double)d.y * d.y);
            if (t < tmin) tmin = t;
            if (t > tmax) tmax = t;
        }
        /* Hexes not containing an end centre meet the segment at least a lattice
         * step inside or outside [0, 1], so these comparisons have wide margins. */
        if (tmax <= 1e-9 || tmin >= 1 - 1e-9)
            return n;
        if (n < cap) {
            hits[n].t = (dmax(tmin, 0) + dmin(tmax, 1)) / 2;
            hits[n].step.kind = LNLT_TRACE_HEX;
            hits[n].step.a = h;
            hits[n].step.b = h;
        }
        return n + 1;
    }
    /* Along a hexside: two consecutive corners exactly on the line. Record it from
     * the hex that owns the canonical side, so each hexside is reported once. */
    for (int i = 0; i < 6; i++) {
        int j = (i + 1) % 6;
        if (cr[i] != 0 || cr[j] != 0)
            continue;
        double ta = param(v[i], p0, d), tb = param(v[j], p0, d);
        double lo = dmin(ta, tb), hi = dmax(ta, tb);
        if (hi <= 1e-9 || lo >= 1 - 1e-9)
            continue;
        /* Corners i and i+1 bound the side in direction i+2 (corner 0 is N/NE). */
        int dir = (i + 1) % 6 + 1;
        lnlt_hexside side = lnlt_hexside_of(h, (lnlt_dir)dir);
        if (!lnlt_hex_equal(side.hex, h))
            continue;
        if (n < cap) {
            hits[n].t = (dmax(lo, 0) + dmin(hi, 1)) / 2;
            hits[n].step.kind = LNLT_TRACE_ALONG;
            lnlt_hexside_hexes(side, &hits[n].step.a, &hits[n].step.b);
        }
        return n + 1;
    }
    return n;
}

static int by_t(const void *a, const void *b)
{
    double x = ((const hit *)a)->t, y = ((const hit *)b)->t;
    return (x > y) - (x < y);
}

bool lnlt_hex_trace(lnlt_hex from, lnlt_hex to, lnlt_trace *out)
{
    enum { CAP = LNLT_TRACE_MAX };
    hit hits[CAP];
    int n = 0;
    out->count = 0;
    lnlt_point p0 = lnlt_hex_center(from), p1 = lnlt_hex_center(to);
    lnlt_point d = {p1.x - p0.x, p1.y - p0.y};
    if (d.x == 0 && d.y == 0) {
        out->count = 1;
        out->step[0].kind = LNLT_TRACE_HEX;
        out->step[0].a = out->step[0].b = from;
        return true;
    }
    /* The largest |cross(d, corner offset)| of the six corners (they come in
     * opposite pairs): how far from the line, in cross-product units, a hex's
     * centre may lie for the line to touch it. */
    int64_t reach = 0;
    for (int i = 0; i < 3; i++) {
        int64_t k = cross(d.x, d.y, corner_offset[i].x, corner_offset[i].y);
        if (k < 0)
            k = -k;
        if (k > reach)
            reach = k;
    }
    int c0 = from.col < to.col ? from.col : to.col;
    int c1 = from.col < to.col ? to.col : from.col;
    double xlo = p0.x < p1.x ? p0.x : p1.x, xhi = p0.x < p1.x ? p1.x : p0.x;
    for (int col = c0; col <= c1; col++) {
        /* The part of the segment over this column's X band [3col-2, 3col+2]. */
        double bx0 = dmax(3.0 * col - 2, xlo), bx1 = dmin(3.0 * col + 2, xhi);
        double y0, y1;
        if (d.x == 0) {
            y0 = p0.y < p1.y ? p0.y : p1.y;
            y1 = p0.y < p1.y ? p1.y : p0.y;
        } else {
            double ya = p0.y + (bx0 - p0.x) * d.y / (double)d.x;
            double yb = p0.y + (bx1 - p0.x) * d.y / (double)d.x;
            y0 = dmin(ya, yb);
            y1 = dmax(ya, yb);
        }
        int low = (col & 1) == 0;
        /* Hex centre Y = 2*row + low spans Y +-1; widen by one row for safety. */
        int r0 = (int)floor((y0 - 1 - low) / 2.0) - 1;
        int r1 = (int)ceil((y1 + 1 - low) / 2.0) + 1;
        for (int row = r0; row <= r1; row++) {
            lnlt_hex h = {(int16_t)col, (int16_t)row, from.map};
            /* A corner's cross product is the centre's plus its offset's, at most
             * reach: a centre beyond that has all six corners strictly on one side
             * of the line, which classify() would find after six cross products. */
            lnlt_point c = lnlt_hex_center(h);
            int64_t off = cross(d.x, d.y, c.x - p0.x, c.y - p0.y);
            if (off > reach || off < -reach)
                continue;
            n = classify(h, p0, d, hits, n, CAP);
            if (n > CAP)
                return false;
        }
    }
    /* Ordered along the segment. The columns were visited in order, so the hits
     * are nearly sorted already: an insertion sort (stable, as glibc's qsort is
     * for these few elements) does it in about n steps. */
    for (int i = 1; i < n; i++) {
        hit x = hits[i];
        int j = i;
        for (; j > 0 && by_t(&hits[j - 1], &x) > 0; j--)
            hits[j] = hits[j - 1];
        hits[j] = x;
    }

    /* Emit the hits, with a CROSS step wherever the segment passes directly from
     * one hex's interior into a neighbour's. */
    for (int i = 0; i < n; i++) {
        if (i > 0 && hits[i].step.kind == LNLT_TRACE_HEX && hits[i - 1].step.kind == LNLT_TRACE_HEX &&
            lnlt_hex_adjacent(hits[i - 1].step.a, hits[i].step.a)) {
            if (out->count >= LNLT_TRACE_MAX)
                return false;
            lnlt_trace_step *s = &out->step[out->count++];
            s->kind = LNLT_TRACE_CROSS;
            s->a = hits[i - 1].step.a;
            s->b = hits[i].step.a;
        }
        if (out->count >= LNLT_TRACE_MAX)
            return false;
        out->step[out->count++] = hits[i].step;
    }
    return true;
}
