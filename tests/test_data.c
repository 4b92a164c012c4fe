/*
 * test_data.c: the data files and their loaders (docs/formats/; lnlt/data.h,
 * lnlt/scenario.h). Checks the starter-kit counters against the values the
 * sources print (rules 1.1, 1.6, 11.x, 13.0; pac-and-starter-kit.md §2.0), the four
 * starter-kit scenarios in their v5.1 versions (22.0), load -> save -> load
 * round trips, every deliberately broken file in tests/fixtures/broken/ with its
 * exact message, and that loaders survive arbitrary bytes.
 */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <cmocka.h>
#include <jansson.h>

#include "lnlt/data.h"
#include "lnlt/scenario.h"

static const char *const scenario_files[] = {
    "data/scenarios/sk1_assault_on_vierville.json",
    "data/scenarios/sk2_rejoining_the_regiment.json",
    "data/scenarios/sk3_the_weapons_cache.json",
    "data/scenarios/sk4_a_friend_in_need.json",
    "data/scenarios/training_infantry_narrative.json",
};
#define SCENARIO_COUNT (sizeof scenario_files / sizeof scenario_files[0])

static lnlt_catalog *load_catalog(void)
{
    lnlt_catalog *c = NULL;
    lnlt_error err = {{0}};
    if (!lnlt_catalog_load_dir("data", &c, &err))
        fail_msg("%s", err.msg);
    return c;
}

static lnlt_scenario *load_scenario(const lnlt_catalog *c, const char *path)
{
    lnlt_scenario *s = NULL;
    lnlt_error err = {{0}};
    if (!lnlt_scenario_load_file(path, c, &s, &err))
        fail_msg("%s", err.msg);
    return s;
}

static const lnlt_unit_type *unit(const lnlt_catalog *c, const char *id)
{
    int i = lnlt_catalog_unit(c, id);
    assert_true(i >= 0);
    return &c->unit[i];
}

static const lnlt_sw_type *weapon(const lnlt_catalog *c, const char *id)
{
    int i = lnlt_catalog_sw(c, id);
    assert_true(i >= 0);
    return &c->sw[i];
}

/* ---- counters ---- */

static void data_starter_kit_counters_load(void **state)
{
    (void)state;
    lnlt_catalog *c = load_catalog();
    assert_true(c->nation_count >= 5); /* the starter kit's five, and those of the vehicle examples */
    assert_true(c->unit_count >= 24);
    /* Lt Koch 7-1-6 (SK example, v5.1 narrative); shaken: no LM, MF 3. */
    const lnlt_unit_type *k = unit(c, "de_lt_koch");
    assert_int_equal(k->kind, LNLT_UK_LEADER);
    assert_int_equal(k->front.morale, 7);
    assert_int_equal(k->front.lm, 1);
    assert_int_equal(k->front.mf, 6);
    assert_int_equal(k->back.lm, LNLT_NONE);
    assert_int_equal(k->back.mf, 3);
    /* US Airborne 2-5-4, morale 6, AM-capable (6.1). */
    const lnlt_unit_type *us = unit(c, "us_abn_squad_254");
    assert_int_equal(us->front.ifp, 2);
    assert_int_equal(us->front.range, 5);
    assert_int_equal(us->front.mf, 4);
    assert_int_equal(us->front.morale, 6);
    assert_true(us->front.flags & LNLT_UF_ASSAULT_MOVE);
    assert_int_equal(us->back.ifp, LNLT_NONE);
    /* Hero Hird 2-2-6; his back is the wounded side (11.2). */
    const lnlt_unit_type *h = unit(c, "us_hero_hird");
    assert_int_equal(h->back_kind, LNLT_BACK_WOUNDED);
    assert_int_equal(h->front.ifp, 2);
    assert_int_equal(h->back.ifp, 1);
    /* Snipers have no MF (11.4). */
    assert_int_equal(unit(c, "us_sniper_wwii")->front.mf, LNLT_NONE);
    assert_int_equal(unit(c, "vc_sniper")->front.mf, LNLT_NONE);
    lnlt_catalog_free(c);
}

static void data_casualty_reduction_wehrmacht_odd_even_13_0(void **state)
{
    (void)state;
    lnlt_catalog *c = load_catalog();
    const lnlt_unit_type *sq = unit(c, "de_squad_164");
    int h154 = lnlt_catalog_unit(c, "de_half_154"), h054 = lnlt_catalog_unit(c, "de_half_054");
    for (int face = 1; face <= 6; face++)
        assert_int_equal(sq->casualty[face - 1], face % 2 ? h154 : h054);
    /* A US Airborne squad always becomes a 1-4-4; a half-squad is eliminated. */
    int h144 = lnlt_catalog_unit(c, "us_abn_half_144");
    for (int f = 0; f < 6; f++) {
        assert_int_equal(unit(c, "us_abn_squad_254")->casualty[f], h144);
        assert_int_equal(unit(c, "us_abn_half_144")->casualty[f], LNLT_NONE);
    }
    lnlt_catalog_free(c);
}

static void data_support_weapons_1_6(void **state)
{
    (void)state;
    lnlt_catalog *c = load_catalog();
    const lnlt_sw_type *mg42 = weapon(c, "mg42");
    assert_true(mg42->flags & LNLT_SWF_TRIPOD);
    assert_int_equal(mg42->back_kind, LNLT_SWB_BIPOD);
    assert_int_equal(mg42->front.fp, 3);
    assert_int_equal(mg42->back.fp, 2);
    assert_int_equal(mg42->back.range, 10);
    const lnlt_sw_type *m19 = weapon(c, "m1919a4");
    assert_int_equal(m19->back_kind, LNLT_SWB_DISMANTLED);
    assert_int_equal(m19->front.fp, 2);
    assert_int_equal(m19->front.range, 12);
    assert_int_equal(m19->back.fp, LNLT_NONE);
    assert_int_equal(weapon(c, "bar")->front.range, 6);
    assert_int_equal(weapon(c, "mg34")->front.range, 9);
    assert_int_equal(weapon(c, "m60")->front.range, 10);
    assert_int_equal(weapon(c, "rpd")->front.range, 8);
    const lnlt_sw_type *mortar = weapon(c, "mortar_51mm");
    assert_int_equal(mortar->front.min_range, 2);
    assert_int_equal(mortar->front.range, 9);
    assert_true(weapon(c, "satchel_charge")->flags & LNLT_SWF_SINGLE_USE);
    const lnlt_sw_type *cg = weapon(c, "carl_gustav");
    assert_int_equal(cg->to_hit_count, 3);
    assert_int_equal(cg->to_hit[2].range, 14);
    assert_int_equal(cg->to_hit[0].to_hit, 10);
    lnlt_catalog_free(c);
}

/* EX-002 (1.6, SW Example 1): the Bren MG counter reads FP 1, range 7. */
static void EX_002_bren_counter(void **state)
{
    (void)state;
    lnlt_catalog *c = load_catalog();
    const lnlt_sw_type *bren = weapon(c, "bren");
    assert_int_equal(bren->kind, LNLT_SWK_MG);
    assert_int_equal(bren->front.fp, 1);
    assert_int_equal(bren->front.range, 7);
    lnlt_catalog_free(c);
}

static void data_skills_holders_and_effects_12_0(void **state)
{
    (void)state;
    lnlt_catalog *c = load_catalog();
    const lnlt_skill *a = &c->skill[lnlt_catalog_skill(c, "assaulter")];
    assert_true(a->holders & (1u << LNLT_UK_LEADER));
    assert_false(a->holders & (1u << LNLT_UK_HERO));
    assert_int_equal(a->effect[0].kind, LNLT_SE_GRANT_ASSAULT_MOVE);
    const lnlt_skill *b = &c->skill[lnlt_catalog_skill(c, "bull")];
    assert_int_equal(b->effect[0].kind, LNLT_SE_EXTRA_WOUNDS);
    assert_int_equal(b->effect[0].value, 1);
    assert_true(c->skill[lnlt_catalog_skill(c, "decisive")].single_use);
    lnlt_catalog_free(c);
}

static void data_catalog_round_trip(void **state)
{
    (void)state;
    lnlt_catalog *c = load_catalog();
    lnlt_catalog *d = lnlt_catalog_new();
    lnlt_error err = {{0}};
    for (int f = 0; f < c->file_count; f++) {
        char *text = lnlt_catalog_save_file(c, f);
        assert_non_null(text);
        if (!lnlt_catalog_add_json(d, c->file_name[f], text, strlen(text), &err))
            fail_msg("%s\n%s", err.msg, text);
        free(text);
    }
    if (!lnlt_catalog_link(d, &err))
        fail_msg("%s", err.msg);
    assert_int_equal(memcmp(c, d, sizeof *c), 0);
    lnlt_catalog_free(c);
    lnlt_catalog_free(d);
}

/* ---- scenarios ---- */

static void data_scenario_vierville_v51_22_0(void **state)
{
    (void)state;
    lnlt_catalog *c = load_catalog();
    lnlt_scenario *s = load_scenario(c, scenario_files[0]);
    assert_int_equal(s->turns, 6);
    assert_string_equal(s->side[s->initiative].id, "de");
    assert_true(s->side[lnlt_scenario_side(s, "us")].sets_up_first);
    /* US garrison: 2 x 2-5-4, 1 x 1-4-4, Cpl Medrow, M1919A4, within 3 of 15H6. */
    const lnlt_scn_force *g = &s->force[lnlt_scenario_force(s, "us_garrison")];
    assert_int_equal(g->arrive.how, LNLT_ARRIVE_SETUP);
    const lnlt_scn_zone *z = &s->zone[g->arrive.zone];
    assert_true(z->has_within);
    assert_int_equal(z->range, 3);
    assert_int_equal(s->line[g->first_line].count, 2);
    /* SSR 3: German entry edge by 1d6, 1-2 east, 3-4 north, 5-6 west. */
    const lnlt_scn_force *de = &s->force[lnlt_scenario_force(s, "de_attack")];
    static const uint8_t want[6] = {LNLT_EDGE_E, LNLT_EDGE_E, LNLT_EDGE_N,
                                    LNLT_EDGE_N, LNLT_EDGE_W, LNLT_EDGE_W};
    assert_memory_equal(de->arrive.random_edge, want, 6);
    /* Events A 15J5 and B 15F5, German activation, both lead to paragraph 1. */
    assert_int_equal(s->event_count, 2);
    assert_int_equal(s->event[0].marker, 'A');
    assert_int_equal(s->event[0].hex.col, 9); /* J */
    assert_int_equal(s->event[0].hex.row, 5);
    assert_int_equal(s->event[1].hex.col, 5); /* F */
    assert_int_equal(s->event[0].side, lnlt_scenario_side(s, "de"));
    /* Paragraph 1: the US column enters after the first German reinforcement, by an
     * edge adjacent to the German one. */
    const lnlt_scn_paragraph *p = &s->paragraph[0];
    const lnlt_scn_action *us = &s->action[p->first_action + 1];
    assert_int_equal(us->op, LNLT_OP_RELEASE);
    assert_int_equal(us->arrive.when, LNLT_WHEN_AFTER_FORCE);
    assert_true(us->arrive.adjacent_to_ref);
    assert_int_equal(us->arrive.ref, lnlt_scenario_force(s, "de_reinforcements"));
    /* Victory: 4 building hexes within 3 of 15H7, either side, else a draw. */
    assert_int_equal(s->victory.condition[0].count, 4);
    assert_int_equal(s->victory.winner, LNLT_NONE);
    assert_int_equal(s->victory.otherwise, LNLT_OUTCOME_DRAW);
    lnlt_scenario_free(s);
    lnlt_catalog_free(c);
}

static void data_scenario_rejoining_exit_two_squads_one_leader(void **state)
{
    (void)state;
    lnlt_catalog *c = load_catalog();
    lnlt_scenario *s = load_scenario(c, scenario_files[1]);
    const lnlt_scn_condition *cd = &s->victory.condition[0];
    assert_int_equal(cd->type, LNLT_COND_EXIT);
    assert_int_equal(cd->halves, 4);
    assert_int_equal(cd->leaders, 1);
    assert_int_equal(cd->by_turn, 5);
    assert_int_equal(s->victory.otherwise, lnlt_scenario_side(s, "us"));
    lnlt_scenario_free(s);
    lnlt_catalog_free(c);
}

static void data_scenario_weapons_cache_events(void **state)
{
    (void)state;
    lnlt_catalog *c = load_catalog();
    lnlt_scenario *s = load_scenario(c, scenario_files[2]);
    assert_int_equal(s->event_count, 3);
    assert_int_equal(s->event[0].type, LNLT_EVENT_LOS);
    assert_int_equal(s->event[2].marker, 'D');
    assert_true(s->objective[0].hidden);
    assert_int_equal(s->objective[0].needs_unit, lnlt_catalog_unit(c, "usa_lt_jenson"));
    /* NVA under VC control: the VC side fields both nations. */
    assert_int_equal(s->side[1].nation_count, 2);
    lnlt_scenario_free(s);
    lnlt_catalog_free(c);
}

static void data_scenario_friend_in_need_vp_and_morale_check(void **state)
{
    (void)state;
    lnlt_catalog *c = load_catalog();
    lnlt_scenario *s = load_scenario(c, scenario_files[3]);
    assert_true(s->victory.most_vp_wins);
    assert_int_equal(s->victory.vp_count, 3);
    assert_true(s->victory.vp[1].half_for_half_squads);
    assert_true(s->victory.vp[1].kinds & (1u << LNLT_UK_LEADER));
    const lnlt_scn_action *mc = &s->action[s->paragraph[0].first_action];
    assert_int_equal(mc->op, LNLT_OP_MORALE_CHECK);
    assert_false(mc->modified);
    assert_false(mc->shake_on_fail);
    assert_int_equal(mc->paragraph, 2);
    assert_int_equal(mc->paragraph_fail, 3);
    assert_true(mc->exclude_kinds & (1u << LNLT_UK_MEDIC));
    const lnlt_scn_action *fm = &s->action[s->paragraph[3].first_action + 1];
    assert_int_equal(fm->op, LNLT_OP_FIRE_MISSION);
    assert_int_equal(fm->fp, 5);
    assert_int_equal(fm->shift, 1);
    int lt = lnlt_scenario_force(s, "us_company");
    assert_int_equal(s->line[s->force[lt].first_line + 1].skill, lnlt_catalog_skill(c, "bull"));
    lnlt_scenario_free(s);
    lnlt_catalog_free(c);
}

static void data_scenarios_round_trip(void **state)
{
    (void)state;
    lnlt_catalog *c = load_catalog();
    for (size_t i = 0; i < SCENARIO_COUNT + 1; i++) {
        const char *path =
            i < SCENARIO_COUNT ? scenario_files[i] : "tests/fixtures/data/scenario_midgame.json";
        lnlt_scenario *a = load_scenario(c, path), *b = NULL;
        char *text = lnlt_scenario_save(a, c);
        lnlt_error err = {{0}};
        assert_non_null(text);
        if (!lnlt_scenario_load_json(path, text, strlen(text), c, &b, &err))
            fail_msg("%s\n%s", err.msg, text);
        if (memcmp(a, b, sizeof *a))
            fail_msg("%s: saved and reloaded scenario differs", path);
        free(text);
        lnlt_scenario_free(a);
        lnlt_scenario_free(b);
    }
    lnlt_catalog_free(c);
}

static void data_scenarios_cross_check_with_maps(void **state)
{
    (void)state;
    lnlt_catalog *c = load_catalog();
    for (size_t i = 0; i < SCENARIO_COUNT; i++) {
        lnlt_scenario *s = load_scenario(c, scenario_files[i]);
        lnlt_error err = {{0}};
        if (!lnlt_scenario_check_maps(s, c, scenario_files[i], "data/maps", &err))
            fail_msg("%s", err.msg);
        lnlt_scenario_free(s);
    }
    lnlt_catalog_free(c);
}

static void data_scenario_training_narrative_switches(void **state)
{
    (void)state;
    lnlt_catalog *c = load_catalog();
    lnlt_scenario *s = load_scenario(c, scenario_files[4]);
    assert_true(s->has_area);
    assert_int_equal(s->area_col[0], 4); /* E */
    assert_int_equal(s->area_col[1], 10); /* K */
    assert_int_equal(s->rule[0].kind, LNLT_SSR_SNIPER_ZONE);
    assert_int_equal(s->zone[s->rule[0].zone].hex_count, 28); /* E5-K8 */
    assert_int_equal(s->rule[2].kind, LNLT_SSR_NO_UPPER_LEVEL);
    assert_int_equal(s->victory.condition[1].type, LNLT_COND_ENEMY_BROKEN);
    lnlt_scenario_free(s);
    lnlt_catalog_free(c);
}

static void data_midgame_state_loads(void **state)
{
    (void)state;
    lnlt_catalog *c = load_catalog();
    const char *path = "tests/fixtures/data/scenario_midgame.json";
    lnlt_scenario *s = load_scenario(c, path);
    lnlt_error err = {{0}};
    assert_true(s->has_state);
    assert_int_equal(s->state.turn, 2);
    assert_int_equal(s->state.phase, LNLT_SCN_PHASE_OPERATIONS);
    assert_true(s->state.unit[2].shaken);
    assert_true(s->state.unit[0].markers & (1u << LNLT_SCN_MARK_MOVED));
    assert_int_equal(s->state.sw[0].held_by, 0);
    assert_int_equal(s->state.sw[0].mode, LNLT_MODE_FRONT);
    assert_int_equal(s->state.sw[1].held_by, LNLT_NONE);
    /* A reinforcement that enters on a die roll from turn 3 on. */
    const lnlt_scn_arrive *ar = &s->force[lnlt_scenario_force(s, "de_relief")].arrive;
    assert_int_equal(ar->when, LNLT_WHEN_ROLL);
    assert_int_equal(ar->turn, 3);
    assert_int_equal(ar->roll_at_most, 3);
    if (!lnlt_scenario_check_maps(s, c, path, "data/maps", &err))
        fail_msg("%s", err.msg);
    lnlt_scenario_free(s);
    lnlt_catalog_free(c);
}

/* ---- broken files ---- */

static const struct {
    const char *file;
    const char *message;
} broken[] = {
    {"tests/fixtures/broken/nations_casualty_face_twice.json",
     "tests/fixtures/broken/nations_casualty_face_twice.json: $.nations[0].casualty_table[0].results[1].faces[0]: face 3 is listed twice"},
    {"tests/fixtures/broken/nations_casualty_missing_face.json",
     "tests/fixtures/broken/nations_casualty_missing_face.json: $.nations[0].casualty_table[0].results: every face 1-6 needs a result; face 6 has none"},
    {"tests/fixtures/broken/nations_casualty_other_nation.json",
     "tests/fixtures/broken/nations_casualty_other_nation.json: $.nations[0].casualty_table[0].from: a nation's casualty table lists its own units only; not \"us_abn_squad_254\""},
    {"tests/fixtures/broken/nations_smoke_seven.json",
     "tests/fixtures/broken/nations_smoke_seven.json: $.nations[0].smoke: expected an integer from 0 to 6, found one out of range"},
    {"tests/fixtures/broken/nations_unknown_trait.json",
     "tests/fixtures/broken/nations_unknown_trait.json: $.nations[0].traits[0]: expected one of \"jungle_move_1mp\", \"light_jungle_tm_plus1\", \"heavy_jungle_tm_plus1\", \"ignore_heavy_jungle_stacking\", \"ambush\", found \"jungle_fighters\""},
    {"tests/fixtures/broken/scenario_array_top.json",
     "tests/fixtures/broken/scenario_array_top.json: $: expected the file to hold a JSON object, found an array"},
    {"tests/fixtures/broken/scenario_bad_hex_id.json",
     "tests/fixtures/broken/scenario_bad_hex_id.json: $.zones[1].hexes[0]: expected a hex id such as \"15H7\", found \"15H\" (bad hex id \"15H\": expected a row number after the column letter)"},
    {"tests/fixtures/broken/scenario_binary.json",
     "tests/fixtures/broken/scenario_binary.json: line 1, column 1: not valid JSON: '[' or '{' expected near end of file"},
    {"tests/fixtures/broken/scenario_by_turn_after_end.json",
     "tests/fixtures/broken/scenario_by_turn_after_end.json: $.victory.conditions[0].by_turn: turn 4 is after the last turn (3)"},
    {"tests/fixtures/broken/scenario_condition_key_of_other_type.json",
     "tests/fixtures/broken/scenario_condition_key_of_other_type.json: $.victory.conditions[0].squads: \"squads\" has no meaning for a \"control\" condition (it takes: type, side, zone, count, by_turn)"},
    {"tests/fixtures/broken/scenario_control_by_turn_early.json",
     "tests/fixtures/broken/scenario_control_by_turn_early.json: $.victory.conditions[0].by_turn: control is judged at the end of the scenario: \"by_turn\" may only be the last turn (3)"},
    {"tests/fixtures/broken/scenario_north_bottom.json",
     "tests/fixtures/broken/scenario_north_bottom.json: $.north_edge: the engine plays maps with north at the top (\"top\") only; turn the map and its hexes instead"},
    {"tests/fixtures/broken/scenario_objective_two_turns.json",
     "tests/fixtures/broken/scenario_objective_two_turns.json: $.objectives[0].turns: the engine destroys an objective held for one turn only (\"turns\": 1)"},
    {"tests/fixtures/broken/scenario_place_opportunity_fire.json",
     "tests/fixtures/broken/scenario_place_opportunity_fire.json: $.paragraphs[0].actions[0].opportunity_fire: units placed without a marker may opportunity-fire at once anyway, and a marker (\"ops_complete\") keeps them from it: leave the key out"},
    {"tests/fixtures/broken/scenario_rule_key_of_other_rule.json",
     "tests/fixtures/broken/scenario_rule_key_of_other_rule.json: $.special_rules[0].side: \"side\" has no meaning for rule \"buildings_one_level\" (it takes: rule, optional)"},
    {"tests/fixtures/broken/scenario_vp_key_of_other_award.json",
     "tests/fixtures/broken/scenario_vp_key_of_other_award.json: $.victory.vp[0].kinds: \"kinds\" has no meaning for VP for control (it takes: side, for, zone, vp)"},
    {"tests/fixtures/broken/scenario_empty.json",
     "tests/fixtures/broken/scenario_empty.json: line 1, column 0: not valid JSON: '[' or '{' expected near end of file"},
    {"tests/fixtures/broken/scenario_event_marker_e.json",
     "tests/fixtures/broken/scenario_event_marker_e.json: $.events[0].marker: expected one of \"A\", \"B\", \"C\", \"D\", found \"E\""},
    {"tests/fixtures/broken/scenario_exit_without_size.json",
     "tests/fixtures/broken/scenario_exit_without_size.json: $.victory.conditions[0]: an exit condition needs \"squads\" or \"leaders\""},
    {"tests/fixtures/broken/scenario_half_squad_two_sw.json",
     "tests/fixtures/broken/scenario_half_squad_two_sw.json: $.forces[0].weapons[1].held_by: unit line 0 (us_abn_half_144) cannot carry 2 support weapon(s) (1.6: squads 2, half-squads, crews and eligible SMCs 1, others none)"},
    {"tests/fixtures/broken/scenario_force_weapons_over_capacity.json",
     "tests/fixtures/broken/scenario_force_weapons_over_capacity.json: $.forces[0].weapons: force \"us_main\" has 2 support weapon(s) but its units can carry 1 (1.6: squads 2, half-squads, crews and eligible SMCs 1, others none)"},
    {"tests/fixtures/broken/scenario_held_never_released.json",
     "tests/fixtures/broken/scenario_held_never_released.json: $.forces[2]: force \"de_reserve\" is held off map but no event paragraph releases or places it"},
    {"tests/fixtures/broken/scenario_hero_shaken.json",
     "tests/fixtures/broken/scenario_hero_shaken.json: $.state.units[0].shaken: heroes never shake (11.2): use \"wounds\""},
    {"tests/fixtures/broken/scenario_hex_off_map.json",
     "tests/fixtures/broken/scenario_hex_off_map.json: $.zones[1].hexes[0]: hex 15Z40 is not on the scenario's map(s) (map15)"},
    {"tests/fixtures/broken/scenario_hex_outside_area.json",
     "tests/fixtures/broken/scenario_hex_outside_area.json: $.zones[1].hexes[0]: hex 15B2 is outside the playable area"},
    {"tests/fixtures/broken/scenario_jammed_bar.json",
     "tests/fixtures/broken/scenario_jammed_bar.json: $.state.weapons[0].jammed: only J weapons jam (1.6); \"bar\" has no J"},
    {"tests/fixtures/broken/scenario_paragraph_missing.json",
     "tests/fixtures/broken/scenario_paragraph_missing.json: $.events[0].actions[0].paragraph: there is no paragraph 9 in this scenario"},
    {"tests/fixtures/broken/scenario_setup_zone_too_small.json",
     "tests/fixtures/broken/scenario_setup_zone_too_small.json: $.forces[0].arrive.zone: force \"us_main\" (4 squad-equivalents, 1 SMCs) cannot stack legally in set-up zone \"us_setup\" (1 hex(es); at most 3 squad-equivalents and 2 SMCs per hex)"},
    {"tests/fixtures/broken/scenario_sides_same_id.json",
     "tests/fixtures/broken/scenario_sides_same_id.json: $.sides[1].id: both sides are called \"us\""},
    {"tests/fixtures/broken/scenario_skill_not_for_squad.json",
     "tests/fixtures/broken/scenario_skill_not_for_squad.json: $.forces[1].units[0].skill: a squad cannot hold the skill \"assaulter\" (12.0)"},
    {"tests/fixtures/broken/scenario_state_overstacked.json",
     "tests/fixtures/broken/scenario_state_overstacked.json: $.state.units[3]: overstacked in 15H6: at most 3 squad-equivalents and 2 SMCs per side per hex"},
    {"tests/fixtures/broken/scenario_three_heroes.json",
     "tests/fixtures/broken/scenario_three_heroes.json: $.forces[0].units[2]: 3 heroes of nation \"us_wwii\": at most 2 may be in play, reinforcements included (11.2)"},
    {"tests/fixtures/broken/scenario_unit_of_other_side.json",
     "tests/fixtures/broken/scenario_unit_of_other_side.json: $.forces[0].units[2].type: unit type \"de_squad_164\" belongs to nation \"de_wwii\", which is not one of side \"us\"'s nations"},
    {"tests/fixtures/broken/scenario_unknown_map.json",
     "tests/fixtures/broken/scenario_unknown_map.json: $.maps[0]: cannot load map \"map99\": data/maps/map99.json: line -1: unable to open data/maps/map99.json: No such file or directory"},
    {"tests/fixtures/broken/scenario_unknown_terrain.json",
     "tests/fixtures/broken/scenario_unknown_terrain.json: $.zones[2].terrain[0]: the wwii terrain chart has no terrain \"church\""},
    {"tests/fixtures/broken/scenario_unknown_unit.json",
     "tests/fixtures/broken/scenario_unknown_unit.json: $.forces[0].units[2].type: expected the id of a unit type in the catalog, found \"us_abn_squad_255\""},
    {"tests/fixtures/broken/skills_fp_bonus_no_value.json",
     "tests/fixtures/broken/skills_fp_bonus_no_value.json: $.skills[0].effects[0].value: the effect \"fp_bonus\" needs a value"},
    {"tests/fixtures/broken/skills_no_holders.json",
     "tests/fixtures/broken/skills_no_holders.json: $.skills[0].holders: expected at least one kind of unit that may hold the skill"},
    {"tests/fixtures/broken/units_bad_id.json",
     "tests/fixtures/broken/units_bad_id.json: $.units[0].id: expected an id made of a-z, 0-9 and _, found \"Lt Koch\""},
    {"tests/fixtures/broken/units_min_range_on_mg_team.json",
     "tests/fixtures/broken/units_min_range_on_mg_team.json: $.units[0].front.min_range: only mortar weapon teams print a minimum range (18.1)"},
    {"tests/fixtures/broken/units_min_range_beyond_range.json",
     "tests/fixtures/broken/units_min_range_beyond_range.json: $.units[0].front.min_range: the minimum range 12 is beyond the range"},
    {"tests/fixtures/broken/units_dismounts_to_half.json",
     "tests/fixtures/broken/units_dismounts_to_half.json: $.units[0].dismounts_to: a mounted unit dismounts to a leg unit of its own kind (squad or half-squad), not to \"de_half_154\""},
    {"tests/fixtures/broken/units_dismounts_to_unknown.json",
     "tests/fixtures/broken/units_dismounts_to_unknown.json: $.units[0].dismounts_to: expected the id of a unit type, found \"de_squad_999\""},
    {"tests/fixtures/broken/units_dismounts_unmounted.json",
     "tests/fixtures/broken/units_dismounts_unmounted.json: $.units[0].dismounts_to: only mounted units dismount (6.6): give \"mount\" too, or leave this out"},
    {"tests/fixtures/broken/units_mount_black_mf.json",
     "tests/fixtures/broken/units_mount_black_mf.json: $.units[0].front.hit_and_run: a mounted unit prints its MF in red (6.6): expected true"},
    {"tests/fixtures/broken/units_mount_camel.json",
     "tests/fixtures/broken/units_mount_camel.json: $.units[0].mount: expected one of \"horse\", \"motorcycle\", found \"camel\""},
    {"tests/fixtures/broken/units_mount_crew.json",
     "tests/fixtures/broken/units_mount_crew.json: $.units[0].mount: only squads and half-squads are mounted units (6.6); a crew is not"},
    {"tests/fixtures/broken/units_mount_no_leg_unit.json",
     "tests/fixtures/broken/units_mount_no_leg_unit.json: $.units[0].dismounts_to: missing: a mounted unit names the leg unit it dismounts to (6.6)"},
    {"tests/fixtures/broken/units_duplicate_id.json",
     "tests/fixtures/broken/units_duplicate_id.json: $.units[0].id: id \"de_lt_koch\" is already used by a unit type in data/units/de_wwii.json"},
    {"tests/fixtures/broken/units_format_2.json",
     "tests/fixtures/broken/units_format_2.json: $.format: expected format 1 (the only one this lnlt reads), found 2"},
    {"tests/fixtures/broken/units_hero_shaken_back.json",
     "tests/fixtures/broken/units_hero_shaken_back.json: $.units[0].back_is: a hero's back is his wounded side (11.2): expected \"wounded\""},
    {"tests/fixtures/broken/units_leader_reduces.json",
     "tests/fixtures/broken/units_leader_reduces.json: $.units[0].reduces_to: only squads, half-squads, crews and weapon teams take casualty reductions; a leader is wounded or eliminated instead"},
    {"tests/fixtures/broken/units_leader_without_lm.json",
     "tests/fixtures/broken/units_leader_without_lm.json: $.units[0].front.lm: a leader needs a leadership modifier (lm)"},
    {"tests/fixtures/broken/units_morale_string.json",
     "tests/fixtures/broken/units_morale_string.json: $.units[0].front.morale: expected an integer from 0 to 12 or null, found a string"},
    {"tests/fixtures/broken/units_no_kind.json",
     "tests/fixtures/broken/units_no_kind.json: $.kind: missing: every data file names its kind (\"units\", \"weapons\", \"vehicles\", \"nations\", \"skills\", \"scenario\"), or its \"format\" (\"lnlt-map\", \"lnlt-board\", \"lnlt-terrain\")"},
    {"tests/fixtures/broken/units_not_json.json",
     "tests/fixtures/broken/units_not_json.json: line 3, column 0: not valid JSON: string or '}' expected near end of file"},
    {"tests/fixtures/broken/units_shaken_fires.json",
     "tests/fixtures/broken/units_shaken_fires.json: $.units[0].back.ifp: shaken units cannot fire (1.1): expected null"},
    {"tests/fixtures/broken/units_sniper_with_mf.json",
     "tests/fixtures/broken/units_sniper_with_mf.json: $.units[0].front.mf: a sniper has no movement factor (expected null)"},
    {"tests/fixtures/broken/units_squad_with_lm.json",
     "tests/fixtures/broken/units_squad_with_lm.json: $.units[0].front.lm: only leaders, commissars, armor leaders, chaplains, nurses and pipers have an lm; a squad does not (expected null)"},
    {"tests/fixtures/broken/units_unknown_key.json",
     "tests/fixtures/broken/units_unknown_key.json: $.units[0]: unknown key \"moral\" (expected one of: id, name, kind, nation, front, back, back_is, reduces_to, countermix, note, weapon, mount, dismounts_to, ordnance)"},
    {"tests/fixtures/broken/units_weapon_not_team.json",
     "tests/fixtures/broken/units_weapon_not_team.json: $.units[0].weapon: only weapon teams name the weapon they serve (1.7)"},
    {"tests/fixtures/broken/units_unknown_kind.json",
     "tests/fixtures/broken/units_unknown_kind.json: $.kind: expected one of \"units\", \"weapons\", \"nations\", \"skills\", \"scenario\", \"map\", \"terrain\", \"vehicles\", found \"unit\""},
    {"tests/fixtures/broken/units_unknown_nation.json",
     "tests/fixtures/broken/units_unknown_nation.json: $.units[0].nation: expected the id of a nation, found \"de_ww2\""},
    {"tests/fixtures/broken/units_vehicle.json",
     "tests/fixtures/broken/units_vehicle.json: $.units[0].kind: vehicle counters go in a vehicles file (15.0, docs/formats/vehicles.md)"},
    {"tests/fixtures/broken/weapons_jam_no_jammed_side.json",
     "tests/fixtures/broken/weapons_jam_no_jammed_side.json: $.weapons[0].back_is: a J weapon's back is its jammed side: expected \"jammed\""},
    {"tests/fixtures/broken/weapons_min_above_max.json",
     "tests/fixtures/broken/weapons_min_above_max.json: $.weapons[0].front: min_range 9 is above range 2"},
    {"tests/fixtures/broken/weapons_mortar_no_min.json",
     "tests/fixtures/broken/weapons_mortar_no_min.json: $.weapons[0].front: a mortar prints its range as min-max: min_range is missing"},
    {"tests/fixtures/broken/weapons_ordnance_no_table.json",
     "tests/fixtures/broken/weapons_ordnance_no_table.json: $.weapons[0].to_hit: an ordnance weapon needs its to-hit table (14.1)"},
    {"tests/fixtures/broken/weapons_satchel_reusable.json",
     "tests/fixtures/broken/weapons_satchel_reusable.json: $.weapons[0].single_use: satchel charges and molotovs are single-use (1.6): set \"single_use\": true"},
    {"tests/fixtures/broken/weapons_to_hit_two_columns.json",
     "tests/fixtures/broken/weapons_to_hit_two_columns.json: $.weapons[0].to_hit: expected the three columns of a to-hit table (14.1), found 2"},
};

/* What `lnlt validate` does for one file: the message of its first error. */
static bool check_file(const char *path, lnlt_error *err)
{
    char *text;
    size_t len;
    if (!lnlt_read_file(path, &text, &len, err))
        return false;
    lnlt_data_kind kind = lnlt_data_detect_kind(path, text, len, err);
    free(text);
    if (kind == LNLT_KIND_SCENARIO) {
        lnlt_catalog *c = load_catalog();
        lnlt_scenario *s;
        bool ok = lnlt_scenario_load_file(path, c, &s, err);
        if (ok) {
            ok = lnlt_scenario_check_maps(s, c, path, "data/maps", err);
            lnlt_scenario_free(s);
        }
        lnlt_catalog_free(c);
        return ok;
    }
    if (kind >= LNLT_KIND_UNITS && kind <= LNLT_KIND_SKILLS) {
        lnlt_catalog *c;
        if (!lnlt_catalog_load_dir_with("data", path, &c, err))
            return false;
        lnlt_catalog_free(c);
        return true;
    }
    return false;
}

static void data_broken_files_give_their_messages(void **state)
{
    (void)state;
    for (size_t i = 0; i < sizeof broken / sizeof broken[0]; i++) {
        lnlt_error err = {{0}};
        if (check_file(broken[i].file, &err))
            fail_msg("%s: loaded, but should fail with\n  %s", broken[i].file, broken[i].message);
        if (strcmp(err.msg, broken[i].message))
            fail_msg("%s:\n  got      %s\n  expected %s", broken[i].file, err.msg,
                     broken[i].message);
    }
}

/* ---- totality: arbitrary bytes give data or an error, never a crash ---- */

static void data_loaders_total_on_truncated_and_mutated_input(void **state)
{
    (void)state;
    lnlt_catalog *c = load_catalog();
    const char *files[] = {scenario_files[3], "data/units/de_wwii.json",
                           "data/nations/starter_kit.json", "data/weapons/legend_examples.json"};
    uint32_t rng = 12345;
    for (size_t f = 0; f < 4; f++) {
        char *text;
        size_t len;
        lnlt_error err = {{0}};
        assert_true(lnlt_read_file(files[f], &text, &len, &err));
        char *buf = malloc(len + 1);
        for (int trial = 0; trial < 300; trial++) {
            memcpy(buf, text, len + 1);
            size_t n = len;
            if (trial % 3 == 0)
                n = (size_t)trial * len / 300; /* truncate */
            else
                for (int k = 0; k < 1 + trial % 5; k++) { /* flip bytes */
                    rng = rng * 1103515245u + 12345u;
                    buf[(rng >> 8) % len] = (char)(rng >> 3);
                }
            err.msg[0] = 0;
            if (f == 0) {
                lnlt_scenario *s = NULL;
                if (lnlt_scenario_load_json("fuzz", buf, n, c, &s, &err))
                    lnlt_scenario_free(s);
                else
                    assert_true(err.msg[0] != 0);
            } else {
                lnlt_catalog *d = lnlt_catalog_new();
                if (!lnlt_catalog_add_json(d, "fuzz", buf, n, &err))
                    assert_true(err.msg[0] != 0);
                free(d);
            }
        }
        free(buf);
        free(text);
    }
    lnlt_catalog_free(c);
}

/* Replaces the k-th value (in a depth-first walk) of root with v; returns true when
 * it found the k-th value. */
static bool replace_nth(json_t *node, int *k, json_t *v)
{
    if (json_is_object(node)) {
        const char *key;
        json_t *child;
        void *tmp;
        json_object_foreach_safe(node, tmp, key, child) {
            if ((*k)-- == 0) {
                json_object_set(node, key, v);
                return true;
            }
            if (replace_nth(child, k, v))
                return true;
        }
    } else if (json_is_array(node)) {
        for (size_t i = 0; i < json_array_size(node); i++) {
            if ((*k)-- == 0) {
                json_array_set(node, i, v);
                return true;
            }
            if (replace_nth(json_array_get(node, i), k, v))
                return true;
        }
    }
    return false;
}

static void data_loaders_total_on_values_of_every_wrong_type(void **state)
{
    (void)state;
    lnlt_catalog *c = load_catalog();
    const char *files[] = {scenario_files[0], scenario_files[2], scenario_files[3],
                           "tests/fixtures/data/scenario_midgame.json", "data/units/us_wwii.json",
                           "data/nations/starter_kit.json", "data/weapons/legend_examples.json",
                           "data/skills/skills.json"};
    json_t *values[] = {json_null(), json_true(), json_integer(-1), json_integer(100000),
                        json_real(0.5), json_string(""), json_string("15Z99"), json_string("A"),
                        json_array(), json_object()};
    int loaded = 0, rejected = 0;
    for (size_t f = 0; f < sizeof files / sizeof files[0]; f++) {
        json_t *orig = json_load_file(files[f], 0, NULL);
        assert_non_null(orig);
        for (int k = 0;; k++) {
            bool any = false;
            for (size_t v = 0; v < sizeof values / sizeof values[0]; v++) {
                json_t *copy = json_deep_copy(orig);
                int n = k;
                if (!replace_nth(copy, &n, values[v])) {
                    json_decref(copy);
                    break;
                }
                any = true;
                char *text = json_dumps(copy, 0);
                json_decref(copy);
                lnlt_error err = {{0}};
                bool ok;
                if (f < 4) {
                    lnlt_scenario *s = NULL;
                    ok = lnlt_scenario_load_json("mut", text, strlen(text), c, &s, &err);
                    if (ok) {
                        /* still a scenario the map checks (sampled: they load the
                         * maps each time) and the saver must handle */
                        lnlt_error e2 = {{0}};
                        if (v % 3 == 0)
                            (void)lnlt_scenario_check_maps(s, c, "mut", "data/maps", &e2);
                        char *saved = lnlt_scenario_save(s, c);
                        assert_non_null(saved);
                        free(saved);
                    }
                    lnlt_scenario_free(s);
                } else {
                    lnlt_catalog *d = lnlt_catalog_new();
                    ok = lnlt_catalog_add_json(d, "mut", text, strlen(text), &err);
                    lnlt_catalog_free(d);
                }
                if (ok)
                    loaded++;
                else {
                    assert_true(err.msg[0] != 0);
                    rejected++;
                }
                free(text);
            }
            if (!any)
                break;
        }
        json_decref(orig);
    }
    for (size_t v = 0; v < sizeof values / sizeof values[0]; v++)
        json_decref(values[v]);
    assert_true(rejected > loaded); /* most wrong-typed values must be refused */
    lnlt_catalog_free(c);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(data_starter_kit_counters_load),
        cmocka_unit_test(data_casualty_reduction_wehrmacht_odd_even_13_0),
        cmocka_unit_test(data_support_weapons_1_6),
        cmocka_unit_test(EX_002_bren_counter),
        cmocka_unit_test(data_skills_holders_and_effects_12_0),
        cmocka_unit_test(data_catalog_round_trip),
        cmocka_unit_test(data_scenario_vierville_v51_22_0),
        cmocka_unit_test(data_scenario_rejoining_exit_two_squads_one_leader),
        cmocka_unit_test(data_scenario_weapons_cache_events),
        cmocka_unit_test(data_scenario_friend_in_need_vp_and_morale_check),
        cmocka_unit_test(data_scenarios_round_trip),
        cmocka_unit_test(data_scenarios_cross_check_with_maps),
        cmocka_unit_test(data_scenario_training_narrative_switches),
        cmocka_unit_test(data_midgame_state_loads),
        cmocka_unit_test(data_broken_files_give_their_messages),
        cmocka_unit_test(data_loaders_total_on_truncated_and_mutated_input),
        cmocka_unit_test(data_loaders_total_on_values_of_every_wrong_type),
    };
    return cmocka_run_group_tests_name("data", tests, NULL, NULL);
}
