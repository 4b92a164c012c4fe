/*
 * scenario_names.c: the words of the scenario format (docs/formats/scenario.md)
 * that both the loader and the writer use, so a name read is always the name
 * written back: arrivals, timings, edges, special rules, actions, events,
 * conditions, markers, modes and floors (rule 22.0; 10.7 and 21.1 for the fourth
 * floor of caves and bunkers).
 */
#include "lnlt/scenario.h"

#include "data/scenario_internal.h"

const char *const scn_arrive_names[LNLT_ARRIVE_COUNT] = {"setup", "enter", "sniper",
                                                             "held"};
const char *const scn_when_names[LNLT_WHEN_COUNT] = {"turn", "next_impulse", "next_turn",
                                                         "after_force", "roll"};
const char *const scn_edge_names[4] = {"north", "east", "south", "west"};
const char *const scn_rule_names[LNLT_SSR_COUNT] = {
    "buildings_one_level", "no_hero_creation", "hero_stand_in", "sniper_zone",
    "no_entry_edge", "no_upper_level", "exit_is_elimination", "vehicle_size_speed", "hull_down", "mg_split",
    "fire", "rain_or_snow", "spot_vehicles"};
const char *const scn_op_names[LNLT_OP_COUNT] = {
    "read", "remove_events", "release", "place", "morale_check", "end_trigger_impulse",
    "fire_mission", "reveal_objective"};
const char *const scn_event_type_names[2] = {"occupation", "line_of_sight"};
const char *const scn_cond_names[LNLT_COND_COUNT] = {"control", "exit", "objective",
                                                         "eliminate", "enemy_broken"};
const char *const scn_vp_for_names[2] = {"control", "eliminated"};
const char *const scn_north_names[4] = {"top", "bottom", "left", "right"};

/* Counter markers, facing modes and floors: also written into a saved position
 * (scenario_state.c). */

const char *const scn_marker_names[LNLT_SCN_MARK_COUNT] = {
    "none", "moved", "assault_move", "fired", "ops_complete", "low_crawl", "stealth", "melee", "hit_and_run",
    "in_tunnel"};
const char *const scn_mode_names[3] = {"any", "front", "back"};
/* The fourth floor is a bunker's or a cave's inside (21.1, 10.7): "cave" reads as
 * that floor (scn_floor_fold) and is written where the hex holds a cave. */
const char *const scn_floor_names[LNLT_FLOORS + 1] = {"ground", "upper", "roof", "bunker", "cave"};

int scn_floor_fold(int floor) { return floor == LNLT_FLOORS ? LNLT_FLOOR_BUNKER : floor; }

const char *scn_floor_word(const lnlt_scenario *s, lnlt_hex hex, int floor)
{
    if (floor == LNLT_FLOOR_BUNKER)
        for (int k = 0; k < s->fort_count; k++)
            if (s->fort[k].kind == LNLT_SCN_FORT_CAVE && lnlt_hex_equal(s->fort[k].hex, hex))
                return "cave";
    return scn_floor_names[floor];
}
