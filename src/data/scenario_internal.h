/*
 * scenario_internal.h: what the parts of the scenario loader share
 * (src/data/scenario.c reads and writes the scenario proper, scenario_state.c its
 * mid-game position). Not part of the public API.
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
    lnlt_scenario *s;
    int para_numbers[LNLT_SCN_PARAGRAPHS];
    int para_seen;
} ctx;

/* scenario.c */
bool scn_read_side(ctx *c, json_t *obj, const char *key, bool required, bool allow_any, int8_t *out);
bool scn_read_unit_type(ctx *c, json_t *obj, int side, char *idbuf, int16_t *out);
bool scn_read_skill_for(ctx *c, json_t *obj, int unit_type, char *idbuf, int16_t *out);
bool scn_read_event_letters(ctx *c, json_t *v, const char *key, uint8_t *out);
int scn_sw_capacity(int unit_kind);
json_t *scn_hex_json(lnlt_hex h);
json_t *scn_side_json(const lnlt_scenario *s, int side);
extern const char *const scn_marker_names[LNLT_SCN_MARK_COUNT];
extern const char *const scn_mode_names[3];
extern const char *const scn_floor_names[LNLT_FLOORS + 1]; /* LNLT_FLOORS: lnlt/game.h; the last is "cave" */
/* The floor number of a name read from scn_floor_names ("cave" is the fourth floor, 10.7). */
int scn_floor_fold(int floor);
/* The name of a floor of a hex: "cave" for the fourth floor of a cave's hex (10.7). */
const char *scn_floor_word(const lnlt_scenario *s, lnlt_hex hex, int floor);

/* scenario_state.c: the "state" key (absent: nothing to do). */
bool scn_read_state(ctx *c, json_t *root);
json_t *scn_state_json(const lnlt_scenario *s);

#endif
