/*
 * view/view_internal.h: what the view modules of src/view/ share (the views
 * themselves are in lnlt/view.h).
 */
#ifndef LNLT_VIEW_INTERNAL_H
#define LNLT_VIEW_INTERNAL_H

#include <jansson.h>
#include <stdbool.h>
#include <stddef.h>

#include "lnlt/scenario.h"
#include "lnlt/session.h"

/* briefing.c: the scenario card in words, as `side` may know it. */
json_t *view_briefing_json(const lnlt_session *s, int side);
/* The numbers of the paragraphs read so far, in reading order; returns the count. */
int view_paragraphs_read(const lnlt_session *s, int *out, int cap);
/* How a force arrives, in words ("enters on turn 1 by the north edge"). */
void view_arrival_words(const lnlt_ctx *ctx, const lnlt_scn_arrive *ar, char *buf, size_t len);
/* Scenario action k (of an event marker or paragraph) in words. */
void view_scn_action_words(const lnlt_ctx *ctx, int k, char *buf, size_t len);

/* view_vehicles.c: a vehicle's or passenger's part of its unit object, the markers
 * of vehicles and fortifications, the off-board artillery left (14.0-18.2, 21.x). */
void view_unit_vehicle_json(const lnlt_session *s, int unit, json_t *o);
void view_vehicle_markers_json(const lnlt_session *s, json_t *arr);
/* view_terrain.c: Fords, Roadblocks, Craters and tree-lined road hexes (10.5). */
void view_terrain_markers_json(const lnlt_session *s, json_t *arr);
json_t *view_artillery_json(const lnlt_session *s);

/* decision.c: the decision waited on, in words, with its machine name. */
json_t *view_decision_json(const lnlt_session *s);

#endif
