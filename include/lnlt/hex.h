/*
 * lnlt/hex.h: the hex grid of LnLT maps (rules 1.4, 10.3.2; DESIGN.md "Hex grid facts").
 *
 * Hexes are flat-topped and stand in lettered columns (A = column 0, west to east)
 * and numbered rows (row 1 on the north edge; row 0 is the half-hex row above it).
 * Odd-letter columns (A, C, E, ...) sit half a hex lower than even-letter ones.
 *
 * Geometry is done in an integer lattice so that "does this line run exactly along
 * a hexside?" has an exact answer: a hex centre is at X = 3*col, Y = 2*row + 1 for
 * odd-letter columns and Y = 2*row for even-letter ones, and the six corners sit at
 * (+-2, 0) and (+-1, +-1) from the centre. This is an affine image of the regular
 * tiling, and incidence (which hexes a segment crosses, touches or runs along) is
 * invariant under affine maps.
 */
#ifndef LNLT_HEX_H
#define LNLT_HEX_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

/* A hex on one map's grid. map is the printed map number (15 in "15H7"), or 0 when
 * the id carried no prefix. col 0 is column A; row is the printed row number. */
typedef struct lnlt_hex {
    int16_t col;
    int16_t row;
    uint8_t map;
} lnlt_hex;

/* Directions from a hex centre, clockwise, as numbered for scatter and drift. */
typedef enum lnlt_dir {
    LNLT_DIR_N = 1,
    LNLT_DIR_NE = 2,
    LNLT_DIR_SE = 3,
    LNLT_DIR_S = 4,
    LNLT_DIR_SW = 5,
    LNLT_DIR_NW = 6
} lnlt_dir;

/* The longest text a hex id formats to, with its terminator ("255ZZ-32768"). */
#define LNLT_HEX_ID_MAX 16

/* Parses "H7", "15H7", "h7", "AA3" (columns after Z are AA, AB, ...). Row 0 is
 * allowed (the half-hex row). On failure returns false and, if err is not NULL,
 * writes a one-line reason into err (errlen bytes). */
bool lnlt_hex_parse(const char *text, lnlt_hex *out, char *err, size_t errlen);

/* Formats as "H7", or "15H7" when map is non-zero. buf needs LNLT_HEX_ID_MAX bytes.
 * Returns buf. */
char *lnlt_hex_format(lnlt_hex h, char *buf);

bool lnlt_hex_equal(lnlt_hex a, lnlt_hex b);

/* Hex count between centres: 1 for neighbours, 0 for the same hex. Ignores map. */
int lnlt_hex_distance(lnlt_hex a, lnlt_hex b);

/* The neighbour across the hexside in direction d (1..6). Keeps the map number. */
lnlt_hex lnlt_hex_neighbor(lnlt_hex h, lnlt_dir d);

/* The direction from a to its neighbour b, or 0 when they are not adjacent. */
int lnlt_hex_direction_to(lnlt_hex a, lnlt_hex b);

bool lnlt_hex_adjacent(lnlt_hex a, lnlt_hex b);

/* Centre of a hex in the integer lattice described above. */
typedef struct lnlt_point {
    int32_t x, y;
} lnlt_point;
lnlt_point lnlt_hex_center(lnlt_hex h);

/* ---- Hexsides: walls, hedges, bocage and streams lie on them. ----
 * Canonical form: the hex and one of its N, NE, SE sides, so each hexside has
 * exactly one representation and can be compared with lnlt_hexside_equal. */
typedef struct lnlt_hexside {
    lnlt_hex hex;
    uint8_t dir; /* LNLT_DIR_N, LNLT_DIR_NE or LNLT_DIR_SE after canonicalisation */
} lnlt_hexside;

lnlt_hexside lnlt_hexside_of(lnlt_hex h, lnlt_dir d);
/* The hexside shared by two adjacent hexes; false if they are not adjacent. */
bool lnlt_hexside_between(lnlt_hex a, lnlt_hex b, lnlt_hexside *out);
/* The two hexes on either side. */
void lnlt_hexside_hexes(lnlt_hexside s, lnlt_hex *a, lnlt_hex *b);
bool lnlt_hexside_equal(lnlt_hexside a, lnlt_hexside b);
/* Endpoints (two corners) of the hexside in lattice coordinates. */
void lnlt_hexside_endpoints(lnlt_hexside s, lnlt_point *p, lnlt_point *q);
/* Formats as "K6/L6" (the two hexes). buf needs 2*LNLT_HEX_ID_MAX bytes. */
char *lnlt_hexside_format(lnlt_hexside s, char *buf);

/* ---- Vertices: vehicles and ordnance teams face one. ----
 * Each corner is shared by three hexes. Canonical form: the hex whose east corner
 * (east = true) or west corner (east = false) it is; every corner is exactly one of
 * the two for exactly one hex. */
typedef struct lnlt_vertex {
    lnlt_hex hex;
    bool east;
} lnlt_vertex;

/* Corner k of hex h, k = 0..5 clockwise from the north-east corner:
 * 0 = between N and NE sides, 1 = E, 2 = between SE and S, 3 = between S and SW,
 * 4 = W, 5 = between NW and N. */
lnlt_vertex lnlt_vertex_of(lnlt_hex h, int corner);
/* The corner shared by h and two of its mutually adjacent neighbours a and b
 * ("D5 facing the D6/E5 vertex"); false if no such corner exists. */
bool lnlt_vertex_between(lnlt_hex h, lnlt_hex a, lnlt_hex b, lnlt_vertex *out);
/* The three hexes sharing the corner. */
void lnlt_vertex_hexes(lnlt_vertex v, lnlt_hex out[3]);
lnlt_point lnlt_vertex_point(lnlt_vertex v);
bool lnlt_vertex_equal(lnlt_vertex a, lnlt_vertex b);

/* ---- The straight line between two hex centres (rule 10.3.2). ----
 * The trace lists, in order from the first hex to the second, every place where
 * the segment meets the grid in a way LOS cares about:
 *  - LNLT_TRACE_HEX: the segment passes through the hex's interior (the first and
 *    last entries are the end hexes themselves);
 *  - LNLT_TRACE_ALONG: the segment runs along the hexside between hexes a and b,
 *    touching neither interior (LOS is blocked there only if both sides block);
 *  - LNLT_TRACE_CROSS: the segment crosses the hexside between a and b, passing
 *    from one interior to the other (walls and hedges act here).
 * A segment that only grazes a corner does not meet the hexes at that corner. */
typedef enum lnlt_trace_kind {
    LNLT_TRACE_HEX = 1,
    LNLT_TRACE_ALONG = 2,
    LNLT_TRACE_CROSS = 3
} lnlt_trace_kind;

typedef struct lnlt_trace_step {
    uint8_t kind;   /* lnlt_trace_kind */
    lnlt_hex a;     /* the hex; or the first hex of the hexside */
    lnlt_hex b;     /* the second hex of the hexside (unused for HEX) */
} lnlt_trace_step;

#define LNLT_TRACE_MAX 256

typedef struct lnlt_trace {
    int count;
    lnlt_trace_step step[LNLT_TRACE_MAX];
} lnlt_trace;

/* Traces from the centre of `from` to the centre of `to`. Hexes are reported with
 * from's map number. Returns false only if the line is too long for the buffer. */
bool lnlt_hex_trace(lnlt_hex from, lnlt_hex to, lnlt_trace *out);

#endif
