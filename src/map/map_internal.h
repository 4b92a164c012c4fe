/*
 * map_internal.h: the layout of a loaded map, shared by the grid and its queries
 * (map.c, map_query.c), the loader (map_load.c, map_parse.c, map_parse.h), the
 * line shapes (map_shapes.c), line of sight (los.c) and the precomputed LOS table
 * (lostable.c). Internal to src/map/; the public view is lnlt/map.h.
 */
#ifndef LNLT_MAP_INTERNAL_H
#define LNLT_MAP_INTERNAL_H

#include <stdatomic.h>

#include "lnlt/map.h"

#define MAP_MAX_SHEETS 8
#define MAP_MAX_COLS 128
#define MAP_MAX_ROWS 64

typedef struct map_sheet {
    uint8_t number;
    int16_t col_off, row_off; /* where its column A / row 0 sits on the board grid */
    int16_t cols, rows;       /* columns, and rows 1..rows (row 0 is the top half-hex row) */
} map_sheet;

/* A silhouette: a polygon in board lattice coordinates (lnlt/hex.h), with the
 * terrain whose LOS class it carries. */
typedef struct map_sil {
    uint8_t terrain;
    uint8_t npt;
    uint16_t first; /* index into pts (pairs) */
    float minx, maxx, miny, maxy;
} map_sil;

/* One line shape: the steps of the trace from a hex at the origin, as offsets
 * (count 0: too long for a trace, map_trace() asks lnlt_hex_trace() itself). */
struct map_shape {
    int count;
    struct map_shape_step {
        uint8_t kind;
        int8_t dca, dra, dcb, drb;
    } step[];
};

struct lnlt_map {
    char name[64];
    lnlt_tec tec;
    int nsheet;
    map_sheet sheet[MAP_MAX_SHEETS];
    int cols, rows, stride; /* board grid: columns 0..cols-1, rows 0..rows; stride = rows + 1 */
    int ncell;
    lnlt_map_hex *cell;
    uint8_t *exists;  /* 1 if the cell is a playable hex */
    uint8_t *owner;   /* sheet index of the cell */
    int nbuild;
    lnlt_building *build;
    int nsil;
    map_sil *sil;
    float *pts;
    int npts;
    int tid_wall, tid_smoke, tid_wreck, tid_rubble; /* terrain indices used by LOS, or -1 */
    int tid_road;                                /* the Road row (TEC Road, movement), or -1 */
    char tec_file[600];                          /* the chart file loaded into tec (sheets often share it) */
    /* Line shapes: the trace between two hexes depends only on the first hex's
     * column parity and the offset to the second (a shift by two columns or any
     * number of rows moves the lattice onto itself), so lnlt_hex_trace() runs once
     * per shape, the first time map_trace() is asked for a line of that shape, and
     * map_trace() replays it with the offset added. A game looks along a few
     * hundred of a map's shapes, so opening the map traces none. Threads sharing
     * the map may fill a shape at once: each publishes its copy with a
     * compare-and-swap, and the loser frees its own (both are the same trace). */
    int shape_dc, shape_dr;  /* offsets range over -shape_dc..shape_dc, -shape_dr..shape_dr */
    int nshape;
    _Atomic(struct map_shape *) *shape; /* [(parity * (2dc+1) + dc) * (2dr+1) + dr]: NULL until traced */
    /* Per-cell tables for the engine (maptables.c), NULL until the map is built. */
    lnlt_hex *hex_of;          /* [cell]: lnlt_map_hex_at */
    int16_t (*nb)[7];          /* [cell][dir 1..6]: the neighbour cell or -1; [0] the cell itself */
    uint8_t *floors;           /* [cell]: bit f when location (cell, floor f) exists */
    int8_t (*floor_level)[3];  /* [cell][floor]: lnlt_map_loc_level where it exists */
    bool from_cache;           /* read from the opening cache rather than parsed (map_cache.c; tests) */
};

/* The files a map load read besides the map file itself (a board's sheets, the
 * terrain charts), so that the opening cache can tell whether any changed
 * (map_cache.c). */
#define MAP_FILES_MAX (2 * MAP_MAX_SHEETS)
#define MAP_FILE_PATH_MAX 600
typedef struct map_files {
    int n;
    bool overflow; /* more than MAP_FILES_MAX: not cached */
    char path[MAP_FILES_MAX][MAP_FILE_PATH_MAX];
} map_files;

/* lnlt_map_load_file from the files themselves, never from the opening cache;
 * notes in `files` (when not NULL) the other files it read. */
bool map_load_files(const char *path, struct lnlt_map **out, map_files *files, lnlt_error *err);

bool map_build_tables(struct lnlt_map *m, lnlt_error *err);
void map_free_tables(struct lnlt_map *m);
/* Recomputes which floors of cell c exist and their levels (after a scenario rule
 * changed the map's buildings, lnlt_map_one_storey_buildings). */
void map_refresh_floors(struct lnlt_map *m, int c);

static inline int map_cell_of(const struct lnlt_map *m, int gcol, int grow)
{
    if (gcol < 0 || gcol >= m->cols || grow < 0 || grow > m->rows)
        return -1;
    int i = gcol * m->stride + grow;
    return m->exists[i] ? i : -1;
}

/* Board-grid hex (map 0) of a cell. */
static inline lnlt_hex map_ghex(const struct lnlt_map *m, int cell)
{
    lnlt_hex h = {(int16_t)(cell / m->stride), (int16_t)(cell % m->stride), 0};
    return h;
}

/* lnlt_los without dynamic obstacles along a line already traced, between two
 * locations that exist (floor ffloor of cell fcell, floor tfloor of cell tcell,
 * both with a bit in floors[]): `line` is map_trace of the two cells' board
 * hexes, from fcell to tcell. */
bool map_los_traced(const struct lnlt_map *m, int fcell, int ffloor, int tcell, int tfloor, const lnlt_trace *line,
                    lnlt_los_result *out);

/* The line shapes traced so far as bytes (the bytes needed; written up to cap),
 * and those bytes made the map's shapes again (a shape traced meanwhile is kept):
 * for the opening cache. False when the bytes are not such a list. */
size_t map_shapes_pack(const struct lnlt_map *m, uint8_t *buf, size_t cap);
bool map_shapes_unpack(const struct lnlt_map *m, const uint8_t *buf, size_t n);

/* Whether the table started complete from the opening cache (tests). */
bool map_los_table_from_cache(const lnlt_los_table *t);

/* The exact trace between two board hexes (as lnlt_hex_trace() gives it). */
bool map_trace(const struct lnlt_map *m, lnlt_hex from, lnlt_hex to, lnlt_trace *out);

/* Hexside feature (terrain index or LNLT_NO_FEATURE) between adjacent board hexes. */
int map_side_feature(const struct lnlt_map *m, lnlt_hex a, lnlt_hex b);

/* Board-grid hex of a sheet hex, or col -1 if the map number is unknown. */
lnlt_hex map_to_board(const struct lnlt_map *m, lnlt_hex h);

/* map.c: does sheet-local (col,row) exist on the sheet, and is it a half hex on
 * the sheet's edge? */
bool map_sheet_has(const map_sheet *s, int col, int row);
bool map_sheet_half(const map_sheet *s, int col, int row);

/* map_shapes.c: the map's table of line shapes, all untraced (false: out of
 * memory), and freeing the shapes traced. */
bool map_build_shapes(struct lnlt_map *m, lnlt_error *err);
void map_free_shapes(struct lnlt_map *m);
/* map_digest.c: the digest of a map's content from `seed` (lnlt_map_digest, and
 * the LOS table cache's key in lostable.c). */
uint64_t map_content_digest(const struct lnlt_map *m, uint64_t seed);

#endif
