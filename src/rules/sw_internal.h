/*
 * sw_internal.h: what the support weapon files share inside src/rules/:
 * support_weapons.c (carrying, moves, repairs, after attacks, weapon teams),
 * sw_actions.c (the actions with weapons), sw_retreat.c (the forced retreat of
 * 1.6.3 and 1.6.7) and sw_indirect.c (indirect mortar fire, 1.6.5).
 */
#ifndef LNLT_RULES_SW_INTERNAL_H
#define LNLT_RULES_SW_INTERNAL_H

#include "rules/internal.h"

/* support_weapons.c: who may carry what (1.6, 3.0). */
/* 3.0: may the unit destroy a weapon (a good-order MMC other than a weapon team,
 * or a leader, commissar, hero, scout or advisor)? */
bool rules_sw_may_destroy(const lnlt_ctx *ctx, const lnlt_unit *u);
/* May the unit take one more weapon? */
bool rules_sw_has_room(const lnlt_ctx *ctx, const lnlt_state *st, int unit);
/* Does the unit hold more weapons than it may? */
bool rules_sw_over_capacity(const lnlt_ctx *ctx, const lnlt_state *st, int unit);
/* Is the weapon the unit's own side's (1.6)? Otherwise picking it up captures it. */
bool rules_sw_own_weapon(const lnlt_ctx *ctx, const lnlt_sw *w, const lnlt_unit *u);
/* 1.6.1, 1.6.5: a two-sided weapon flipped between assembled and dismantled? */
bool rules_sw_flippable(const lnlt_ctx *ctx, const lnlt_sw *w);
/* Asks the owners of units over their capacity which weapon to drop, or goes on
 * with a pending retreat. */
void rules_sw_settle_drops(lnlt_step *s, int side);

/* sw_actions.c */
/* Appends one weapon action to out (n of cap so far; nothing past cap). */
void rules_sw_put(lnlt_action *out, int cap, int *n, int type, int side, int cell, int sw, int unit);
/* The weapon counter's name, for the log. */
const char *rules_sw_name(const lnlt_step *s, int sw);
/* Takes a weapon out of play (destroyed, spent, or a failed captured weapon). */
void rules_sw_remove(lnlt_state *st, int sw);

/* sw_retreat.c (1.6.3, 1.6.7) */
int rules_sw_retreat_actions(const lnlt_ctx *ctx, const lnlt_state *st, int side, lnlt_action *out, int cap);
bool rules_sw_retreat(lnlt_step *s, int unit, int to);
/* Eliminates the retreating units with nowhere to go, then waits on the owner for
 * the others, or ends the retreat. */
void rules_sw_settle_retreats(lnlt_step *s);

/* sw_indirect.c (1.6.5) */
int rules_sw_indirect_actions(const lnlt_ctx *ctx, const lnlt_state *st, int side, lnlt_action *out, int cap);

#endif
