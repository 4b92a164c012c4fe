/*
 * map_parse.h: what the map loader (map_load.c) asks of the reader of one sheet of
 * a map file (map_parse.c, docs/formats/map.md). Internal to src/map/.
 */
#ifndef LNLT_MAP_PARSE_H
#define LNLT_MAP_PARSE_H

#include <jansson.h>

#include "map/map_internal.h"

/* The sheet's "format", map number, columns and rows into s. */
bool map_parse_sheet_header(json_t *root, map_sheet *s, lnlt_error *err);
/* Fills sheet si's hexes, buildings and hexsides into the (allocated) board grid. */
bool map_load_sheet(struct lnlt_map *m, int si, json_t *root, lnlt_error *err);

#endif
