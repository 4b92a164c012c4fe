/*
 * fire_internal.h: what the direct fire files share inside src/rules/: the
 * description of a firing unit that fire_firers.c makes for the checks of who may
 * fire and fire.c for the attack itself, and the filters of the weapons a unit
 * adds in the cases that allow only some (1.6.5, 10.7, 10.7.2, 21.1.2).
 */
#ifndef LNLT_RULES_FIRE_INTERNAL_H
#define LNLT_RULES_FIRE_INTERNAL_H

#include "lnlt/combat.h"
#include "rules/internal.h"

/* Fills the pure layer's description of one firing unit at this range; sw_ids
 * receives, parallel to fu->sw, the index in st->sw of each weapon it adds (-1 for
 * a mortar team firing as its own mortar). */
void rules_describe_firer(const lnlt_ctx *ctx, const lnlt_state *st, int unit, int range, bool full_fp,
                          bool opfire, lnlt_fire_unit *fu, int *sw_ids);

/* 1.6.5: in indirect fire only the unit's mortars. */
void rules_keep_mortars(lnlt_fire_unit *fu, int *sw_ids);
/* 10.7, 21.1.2: behind a cave's or bunker's front only its satchel (at a cave,
 * also its mortar) firing at `to`. */
void rules_keep_rear_weapons(const lnlt_ctx *ctx, int to, lnlt_fire_unit *fu, int *sw_ids);
/* 10.7.2: at an empty cave only a satchel or a flamethrower. */
void rules_keep_collapse_weapons(lnlt_fire_unit *fu, int *sw_ids);

#endif
