/*
 * catalog_internal.h: what the catalog's loaders share inside src/data/: catalog.c
 * adds a file's entries through the reader of its kind (catalog_units.c,
 * catalog_weapons.c, catalog_nations.c for nations and skills, vehicles.c for
 * vehicles and the guns of ordnance weapon teams, docs/formats/vehicles.md);
 * catalog_save.c writes them back with the words of catalog_names.c.
 */
#ifndef LNLT_DATA_CATALOG_INTERNAL_H
#define LNLT_DATA_CATALOG_INTERNAL_H

#include <jansson.h>

#include "data/jread.h"
#include "lnlt/data.h"

/* Internal file kinds of the catalog (lnlt_catalog.file_kind). */
enum { CAT_UNITS = 1, CAT_WEAPONS = 2, CAT_NATIONS = 3, CAT_SKILLS = 4, CAT_VEHICLES = 5 };

/* The words of the files (catalog_names.c), indexed by the enums of lnlt/data.h. */
extern const char *const catalog_unit_kind_names[LNLT_UK_COUNT];
extern const char *const catalog_sw_kind_names[LNLT_SWK_COUNT];
extern const char *const catalog_sw_back_names[5];
extern const char *const catalog_back_names[3];
extern const char *const catalog_wt_weapon_names[LNLT_WTW_COUNT];
extern const char *const catalog_mount_names[2]; /* lnlt_mount - 1 */
extern const char *const catalog_era_names[3];
extern const char *const catalog_trait_names[LNLT_TRAIT_COUNT];
extern const char *const catalog_effect_names[LNLT_SE_COUNT];
extern const char *const catalog_scope_names[LNLT_SS_COUNT];
/* Unit face flags in JSON, in bit order. */
#define CATALOG_UFLAG_COUNT 9
extern const char *const catalog_uflag_names[CATALOG_UFLAG_COUNT];
/* Weapon flags in JSON, in bit order. */
#define CATALOG_SWFLAG_COUNT 11
extern const char *const catalog_swflag_names[CATALOG_SWFLAG_COUNT];

/* One entry of a file of each kind; `u`, `w`, `n`, `s` are the entry to fill. */
bool catalog_read_unit(jr *r, lnlt_catalog *c, json_t *v, lnlt_unit_type *u);    /* catalog_units.c */
bool catalog_read_sw(jr *r, lnlt_catalog *c, json_t *v, lnlt_sw_type *w);        /* catalog_weapons.c */
bool catalog_read_nation(jr *r, lnlt_catalog *c, json_t *v, lnlt_nation *n);     /* catalog_nations.c */
bool catalog_read_skill(jr *r, lnlt_catalog *c, json_t *v, lnlt_skill *s);       /* catalog_nations.c */

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
