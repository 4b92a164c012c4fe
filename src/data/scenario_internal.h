/*
 * scenario_internal.h: what the parts of the scenario loader share inside
 * src/data/. scenario.c reads the top-level document and calls one reader per part
 * (scenario_zones.c, _forces.c, _rules.c, _events.c, _victory.c, all built on the
 * small readers of scenario_readers.c); scenario_save.c writes the scenario back
 * with the words of scenario_names.c; scenario_state.c reads and writes its
 * mid-game position. Not part of the public API.
 */
#ifndef LNLT_DATA_SCENARIO_INTERNAL_H
#define LNLT_DATA_SCENARIO_INTERNAL_H

#include <jansson.h>

#include "data/jread.h"
#include "lnlt/game.h"
#include "lnlt/scenario.h"

typedef struct ctx {
    jr r;
    const lnlt_catalog *cat;
    /* The catalog with the scenario's stand-in heroes added (scn_read_state
     * reads a position's units against it), freed with the ctx; NULL if none. */
    lnlt_catalog *with_stand_ins;
    lnlt_scenario *s;
    int para_numbers[LNLT_SCN_PARAGRAPHS];
    int para_seen;
} ctx;

/* scenario_readers.c: small readers; each fails with a message naming the key. */
/* Fails if obj has a key not in the NULL-terminated `allowed` (`what` names the part). */
bool scn_only_keys(ctx *c, json_t *obj, const char *const *allowed, const char *what);
/* A side id, or (if allow_any) "any"/"both" meaning LNLT_NONE. */
bool scn_read_side(ctx *c, json_t *obj, const char *key, bool required, bool allow_any, int8_t *out);
/* An id of kind 0 zone, 1 force, 2 objective; idbuf (may be NULL) receives the id text. */
bool scn_read_ref(ctx *c, json_t *obj, const char *key, bool required, int kind, int8_t *out,
                  char *idbuf);
bool scn_read_edges(ctx *c, json_t *obj, const char *key, uint8_t *out);
/* Unit kinds named in a list; "mmc" and "smc" stand for their groups. */
bool scn_read_kinds(ctx *c, json_t *obj, const char *key, uint32_t *out);
bool scn_read_hex_list(ctx *c, json_t *obj, const char *key, lnlt_hex *out, int max,
                       uint8_t *count);

/* The parts of the document, in the order scenario.c reads them. */
bool scn_read_zones(ctx *c, json_t *root);            /* scenario_zones.c */
bool scn_read_objectives(ctx *c, json_t *root);       /* scenario_victory.c */
bool scn_read_forces(ctx *c, json_t *root);           /* scenario_forces.c */
bool scn_read_rules(ctx *c, json_t *root);            /* scenario_rules.c */
bool scn_read_events_and_paragraphs(ctx *c, json_t *root); /* scenario_events.c */
bool scn_read_victory(ctx *c, json_t *root);          /* scenario_victory.c */

/* scenario_forces.c */
/* How and when a force comes into play; self_force is the force arriving, which its
 * "after"/"adjacent_to" may not name. */
bool scn_read_arrive(ctx *c, json_t *obj, const char *key, bool required, lnlt_scn_arrive *ar,
                     int self_force);
bool scn_read_unit_type(ctx *c, json_t *obj, int side, char *idbuf, int16_t *out);
bool scn_read_skill_for(ctx *c, json_t *obj, int unit_type, char *idbuf, int16_t *out);
int scn_sw_capacity(int unit_kind);

/* scenario_events.c */
bool scn_read_event_letters(ctx *c, json_t *v, const char *key, uint8_t *out);

/* scenario_save.c */
json_t *scn_hex_json(lnlt_hex h);
json_t *scn_side_json(const lnlt_scenario *s, int side);

/* scenario_names.c: the words of the format, indexed by the enums of lnlt/scenario.h. */
extern const char *const scn_arrive_names[LNLT_ARRIVE_COUNT];
extern const char *const scn_when_names[LNLT_WHEN_COUNT];
extern const char *const scn_edge_names[4];
extern const char *const scn_rule_names[LNLT_SSR_COUNT];
extern const char *const scn_op_names[LNLT_OP_COUNT];
extern const char *const scn_event_type_names[2];
extern const char *const scn_cond_names[LNLT_COND_COUNT];
extern const char *const scn_vp_for_names[2];
extern const char *const scn_north_names[4];
extern const char *const scn_marker_names[LNLT_SCN_MARK_COUNT];
extern const char *const scn_mode_names[3];
extern const char *const scn_floor_names[LNLT_FLOORS + 1]; /* LNLT_FLOORS: lnlt/game.h; the last is "cave" */
/* The floor number of a name read from scn_floor_names ("cave" is the fourth floor, 10.7). */
int scn_floor_fold(int floor);
/* The name of a floor of a hex: "cave" for the fourth floor of a cave's hex (10.7). */
const char *scn_floor_word(const lnlt_scenario *s, lnlt_hex hex, int floor);

/* scenario_state.c: the "state" key (absent: nothing to do). */
bool scn_read_state(ctx *c, json_t *root);
/* scenario_check.c: adds the stand-in hero types of the scenario's hero_stand_in
 * rules (11.2.1, 22.0) that the catalog lacks, in the rules' order, so whoever
 * adds them first (the loader for a position, lnlt_scenario_prepare for play)
 * gives each the same index. */
bool scn_add_stand_ins(const lnlt_scenario *s, lnlt_catalog *cat, lnlt_error *err);
json_t *scn_state_json(const lnlt_scenario *s);

#endif
