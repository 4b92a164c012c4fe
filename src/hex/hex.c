/*
 * hex.c: hex ids, neighbours, distance, hexsides and vertices (rule 1.4 map
 * conventions; DESIGN.md "Hex grid facts"). The line trace lives in hexline.c.
 */
#include "lnlt/hex.h"

#include <ctype.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* Odd-letter columns (A, C, E...) have an even zero-based index and sit lower. */
static int column_is_low(int col) { return (col & 1) == 0; }

static void set_err(char *err, size_t errlen, const char *text, const char *why)
{
    if (err && errlen)
        snprintf(err, errlen, "bad hex id \"%s\": %s", text, why);
}

bool lnlt_hex_parse(const char *text, lnlt_hex *out, char *err, size_t errlen)
{
    if (!text) {
        set_err(err, errlen, "", "missing");
        return false;
    }
    const char *p = text;
    long map = 0;
    int ndigits = 0;
    while (isdigit((unsigned char)*p)) {
        map = map * 10 + (*p - '0');
        if (map > 255) {
            set_err(err, errlen, text, "map number above 255");
            return false;
        }
        p++;
        ndigits++;
    }
    int col = 0, nletters = 0;
    while (isalpha((unsigned char)*p)) {
        if (nletters == 2) {
            set_err(err, errlen, text, "more than two column letters");
            return false;
        }
        col = col * 26 + (toupper((unsigned char)*p) - 'A' + 1);
        p++;
        nletters++;
    }
    if (nletters == 0) {
        set_err(err, errlen, text, "expected a column letter, as in H7 or 15H7");
        return false;
    }
    if (!isdigit((unsigned char)*p)) {
        set_err(err, errlen, text, "expected a row number after the column letter");
        return false;
    }
    long row = 0;
    while (isdigit((unsigned char)*p)) {
        row = row * 10 + (*p - '0');
        if (row > 999) {
            set_err(err, errlen, text, "row number above 999");
            return false;
        }
        p++;
    }
    if (*p) {
        set_err(err, errlen, text, "unexpected characters after the row number");
        return false;
    }
    if (ndigits > 0 && map == 0) {
        set_err(err, errlen, text, "map number 0 is not allowed");
        return false;
    }
    out->map = (uint8_t)map;
    out->col = (int16_t)(col - 1);
    out->row = (int16_t)row;
    return true;
}

/* Writes v in decimal (as "%d" does) at p; returns the end. */
static char *put_int(char *p, int v)
{
    char digits[8];
    int n = 0;
    unsigned u = v < 0 ? 0u - (unsigned)v : (unsigned)v;
    if (v < 0)
        *p++ = '-';
    do {
        digits[n++] = (char)('0' + u % 10);
        u /= 10;
    } while (u);
    while (n)
        *p++ = digits[--n];
    return p;
}

char *lnlt_hex_format(lnlt_hex h, char *buf)
{
    if (h.col < 0 || h.col >= 26 * 27) {
        snprintf(buf, LNLT_HEX_ID_MAX, "?%d:%d", h.col, h.row);
        return buf;
    }
    /* "15H7": at most 3 + 2 + 6 characters, well inside LNLT_HEX_ID_MAX; by hand,
     * since the engine names hexes in every log line */
    char *p = buf;
    if (h.map)
        p = put_int(p, h.map);
    if (h.col >= 26) {
        *p++ = (char)('A' + h.col / 26 - 1);
        *p++ = (char)('A' + h.col % 26);
    } else {
        *p++ = (char)('A' + h.col);
    }
    p = put_int(p, h.row);
    *p = 0;
    return buf;
}

bool lnlt_hex_equal(lnlt_hex a, lnlt_hex b)
{
    return a.col == b.col && a.row == b.row && a.map == b.map;
}

/* Cube coordinates for the "low odd-letter column" offset layout. */
static void to_cube(lnlt_hex h, int *x, int *z)
{
    *x = h.col;
    *z = h.row - (h.col + (h.col & 1)) / 2;
}

int lnlt_hex_distance(lnlt_hex a, lnlt_hex b)
{
    int ax, az, bx, bz;
    to_cube(a, &ax, &az);
    to_cube(b, &bx, &bz);
    int dx = abs(ax - bx), dz = abs(az - bz), dy = abs((ax + az) - (bx + bz));
    int m = dx > dz ? dx : dz;
    return m > dy ? m : dy;
}

lnlt_hex lnlt_hex_neighbor(lnlt_hex h, lnlt_dir d)
{
    lnlt_hex n = h;
    int low = column_is_low(h.col);
    switch (d) {
    case LNLT_DIR_N: n.row--; break;
    case LNLT_DIR_S: n.row++; break;
    case LNLT_DIR_NE: n.col++; n.row = (int16_t)(low ? h.row : h.row - 1); break;
    case LNLT_DIR_SE: n.col++; n.row = (int16_t)(low ? h.row + 1 : h.row); break;
    case LNLT_DIR_SW: n.col--; n.row = (int16_t)(low ? h.row + 1 : h.row); break;
    case LNLT_DIR_NW: n.col--; n.row = (int16_t)(low ? h.row : h.row - 1); break;
    }
    return n;
}

int lnlt_hex_direction_to(lnlt_hex a, lnlt_hex b)
{
    /* lnlt_hex_neighbor read backwards: the column step, then the row step that
     * column's parity gives each direction */
    int dc = b.col - a.col, dr = b.row - a.row;
    if (dc == 0)
        return dr == -1 ? LNLT_DIR_N : dr == 1 ? LNLT_DIR_S : 0;
    if (dc != 1 && dc != -1)
        return 0;
    int up = column_is_low(a.col) ? 0 : -1; /* the row step of NE and NW */
    if (dr == up)
        return dc == 1 ? LNLT_DIR_NE : LNLT_DIR_NW;
    if (dr == up + 1)
        return dc == 1 ? LNLT_DIR_SE : LNLT_DIR_SW;
    return 0;
}

bool lnlt_hex_adjacent(lnlt_hex a, lnlt_hex b) { return lnlt_hex_direction_to(a, b) != 0; }

lnlt_point lnlt_hex_center(lnlt_hex h)
{
    lnlt_point p = {3 * h.col, 2 * h.row + (column_is_low(h.col) ? 1 : 0)};
    return p;
}

/* ---- hexsides ---- */

static int opposite(int d) { return (d + 2) % 6 + 1; }

lnlt_hexside lnlt_hexside_of(lnlt_hex h, lnlt_dir d)
{
    lnlt_hexside s;
    if (d <= LNLT_DIR_SE) {
        s.hex = h;
        s.dir = (uint8_t)d;
    } else {
        s.hex = lnlt_hex_neighbor(h, d);
        s.dir = (uint8_t)opposite(d);
    }
    return s;
}

bool lnlt_hexside_between(lnlt_hex a, lnlt_hex b, lnlt_hexside *out)
{
    int d = lnlt_hex_direction_to(a, b);
    if (!d)
        return false;
    *out = lnlt_hexside_of(a, (lnlt_dir)d);
    return true;
}

void lnlt_hexside_hexes(lnlt_hexside s, lnlt_hex *a, lnlt_hex *b)
{
    *a = s.hex;
    *b = lnlt_hex_neighbor(s.hex, (lnlt_dir)s.dir);
}

bool lnlt_hexside_equal(lnlt_hexside a, lnlt_hexside b)
{
    return lnlt_hex_equal(a.hex, b.hex) && a.dir == b.dir;
}

/* Corner offsets, clockwise from the north-east corner (see lnlt_vertex_of). */
static const lnlt_point corner_offset[6] = {{1, -1}, {2, 0}, {1, 1}, {-1, 1}, {-2, 0}, {-1, -1}};

void lnlt_hexside_endpoints(lnlt_hexside s, lnlt_point *p, lnlt_point *q)
{
    /* The side in direction d runs between corners d-2 and d-1 (mod 6). */
    lnlt_point c = lnlt_hex_center(s.hex);
    int c1 = (s.dir + 4) % 6, c2 = (s.dir + 5) % 6;
    p->x = c.x + corner_offset[c1].x;
    p->y = c.y + corner_offset[c1].y;
    q->x = c.x + corner_offset[c2].x;
    q->y = c.y + corner_offset[c2].y;
}

char *lnlt_hexside_format(lnlt_hexside s, char *buf)
{
    lnlt_hex a, b;
    char ia[LNLT_HEX_ID_MAX], ib[LNLT_HEX_ID_MAX];
    lnlt_hexside_hexes(s, &a, &b);
    /* Name the western (then northern) hex first, as the rulebook does. */
    if (b.col < a.col || (b.col == a.col && b.row < a.row)) {
        lnlt_hex t = a;
        a = b;
        b = t;
    }
    snprintf(buf, 2 * LNLT_HEX_ID_MAX, "%s/%s", lnlt_hex_format(a, ia), lnlt_hex_format(b, ib));
    return buf;
}

/* ---- vertices ---- */

lnlt_vertex lnlt_vertex_of(lnlt_hex h, int corner)
{
    lnlt_vertex v;
    switch (((corner % 6) + 6) % 6) {
    case 0: v.hex = lnlt_hex_neighbor(h, LNLT_DIR_NE); v.east = false; break;
    case 1: v.hex = h; v.east = true; break;
    case 2: v.hex = lnlt_hex_neighbor(h, LNLT_DIR_SE); v.east = false; break;
    case 3: v.hex = lnlt_hex_neighbor(h, LNLT_DIR_SW); v.east = true; break;
    case 4: v.hex = h; v.east = false; break;
    default: v.hex = lnlt_hex_neighbor(h, LNLT_DIR_NW); v.east = true; break;
    }
    return v;
}

void lnlt_vertex_hexes(lnlt_vertex v, lnlt_hex out[3])
{
    out[0] = v.hex;
    out[1] = lnlt_hex_neighbor(v.hex, v.east ? LNLT_DIR_NE : LNLT_DIR_NW);
    out[2] = lnlt_hex_neighbor(v.hex, v.east ? LNLT_DIR_SE : LNLT_DIR_SW);
}

bool lnlt_vertex_between(lnlt_hex h, lnlt_hex a, lnlt_hex b, lnlt_vertex *out)
{
    int da = lnlt_hex_direction_to(h, a), db = lnlt_hex_direction_to(h, b);
    if (!da || !db)
        return false;
    /* Sides d and d+1 meet at corner d-1 (corner 0 joins N and NE). */
    if (db == da % 6 + 1) {
        *out = lnlt_vertex_of(h, da - 1);
        return true;
    }
    if (da == db % 6 + 1) {
        *out = lnlt_vertex_of(h, db - 1);
        return true;
    }
    return false;
}

lnlt_point lnlt_vertex_point(lnlt_vertex v)
{
    lnlt_point c = lnlt_hex_center(v.hex);
    c.x += v.east ? 2 : -2;
    return c;
}

bool lnlt_vertex_equal(lnlt_vertex a, lnlt_vertex b)
{
    return lnlt_hex_equal(a.hex, b.hex) && a.east == b.east;
}
