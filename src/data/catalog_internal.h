/*
 * catalog_internal.h: what the catalog's loaders share inside src/data/: catalog.c
 * reads units, weapons, nations and skills; vehicles.c reads vehicles and the guns
 * of ordnance weapon teams (docs/formats/vehicles.md).
 */
#ifndef LNLT_DATA_CATALOG_INTERNAL_H
#define LNLT_DATA_CATALOG_INTERNAL_H

#include <jansson.h>

#include "data/jread.h"
#include "lnlt/data.h"

/* Internal file kinds of the catalog (lnlt_catalog.file_kind). */
enum { CAT_UNITS = 1, CAT_WEAPONS = 2, CAT_NATIONS = 3, CAT_SKILLS = 4, CAT_VEHICLES = 5 };

/* Fails with "id ... is already used by ..." if the id names any catalog entry. */
bool catalog_check_new_id(jr *r, const lnlt_catalog *c, const char *id);

/* 14.1: a gun object ({"name", "he", "shots", "ammo", "depletion", "hull",
 * "to_hit"}) at obj[key]; `owner` names the counter in defaults ("75 mm ATG"). */
bool catalog_read_gun(jr *r, json_t *gun, const char *owner, lnlt_gun *out);
json_t *catalog_save_gun(const lnlt_gun *g);

/* One entry of a vehicles file: its unit type (kind vehicle) and its vehicle values. */
bool catalog_read_vehicle(jr *r, lnlt_catalog *c, json_t *v, lnlt_unit_type *u, lnlt_vehicle_type *veh);
/* After every file is read: crews resolve to crew counters of the vehicle's nation. */
bool catalog_link_vehicles(lnlt_catalog *c, lnlt_error *err);
/* The entries of a vehicles file, appended to arr. */
void catalog_save_vehicles(const lnlt_catalog *c, int file, json_t *arr);

#endif
