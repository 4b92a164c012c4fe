/*
 * test_map15.c: the reconstructed Map 15 (data/maps/map15.json) against every
 * terrain, hexside and LOS fact the sources state about it (pac-and-starter-kit.md
 * 3.2, lnlt-counters-tec-scenarios.md 2.1: the infantry gameplay narrative and
 * the TEC examples). Rules exercised: 10.3 and 10.3.2. If a correction from a
 * printed map breaks one of these, the correction or the fact is wrong.
 */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>
#include <cmocka.h>

#include <jansson.h>

#include "lnlt/map.h"

static lnlt_map *m;

static lnlt_hex H(const char *id)
{
    lnlt_hex h;
    char err[128];
    if (!lnlt_hex_parse(id, &h, err, sizeof err))
        fail_msg("%s", err);
    return h;
}

static lnlt_los_result los_dyn(lnlt_map *map, const char *a, const char *b, const uint8_t *dyn)
{
    lnlt_los_result r, back;
    lnlt_loc la = {H(a), 0}, lb = {H(b), 0};
    lnlt_los_dynamic d = {dyn};
    assert_true(lnlt_los(map, la, lb, &d, &r));
    assert_true(lnlt_los(map, lb, la, &d, &back));
    assert_int_equal(r.verdict, back.verdict);
    return r;
}

static int verdict(const char *a, const char *b) { return los_dyn(m, a, b, NULL).verdict; }

static int setup(void **state)
{
    (void)state;
    lnlt_error err;
    if (!lnlt_map_load_file("data/maps/map15.json", &m, &err))
        fail_msg("%s", err.msg);
    return 0;
}

static int teardown(void **state)
{
    (void)state;
    lnlt_map_free(m);
    return 0;
}

static void expect_terrain(const char *hex, const char *terrain)
{
    const lnlt_terrain *t = lnlt_map_terrain(m, H(hex));
    assert_non_null(t);
    if (strcmp(t->id, terrain))
        fail_msg("%s is %s, expected %s", hex, t->id, terrain);
}

static void map15_terrain_facts(void **state)
{
    (void)state;
    const char *clear[] = {"F1", "F2", "J1", "J2", "K3", "E6", "G0"};
    for (size_t i = 0; i < sizeof clear / sizeof *clear; i++)
        expect_terrain(clear[i], "clear");
    const char *road[] = {"H1", "H2", "H3", "H4", "H5", "H6", "H7", "H8", "F4", "E4",
                          "E5", "F6", "I3", "I4", "J4", "K4", "I7"};
    for (size_t i = 0; i < sizeof road / sizeof *road; i++) {
        expect_terrain(road[i], "road");
        assert_true(lnlt_map_cell(m, lnlt_map_index(m, H(road[i])))->flags & LNLT_HEXF_ROAD);
    }
    expect_terrain("E7", "forest");
    expect_terrain("G4", "light_woods");
    expect_terrain("K5", "light_woods");
    expect_terrain("C2", "low_crops");
    expect_terrain("D2", "brush");
    expect_terrain("J6", "cemetery");
    expect_terrain("K1", "wheat_field");
    const char *hc[] = {"F5", "G1", "G2", "I5", "I6", "J5"};
    for (size_t i = 0; i < sizeof hc / sizeof *hc; i++)
        expect_terrain(hc[i], "hc_building");
    const char *lc[] = {"F3", "J3", "G6", "G7", "F7"};
    for (size_t i = 0; i < sizeof lc / sizeof *lc; i++)
        expect_terrain(lc[i], "lc_building");
    /* A source-backed hex is not marked reconstructed; a filled-in one is. */
    assert_false(lnlt_map_cell(m, lnlt_map_index(m, H("J6")))->flags & LNLT_HEXF_RECONSTRUCTED);
    assert_true(lnlt_map_cell(m, lnlt_map_index(m, H("A1")))->flags & LNLT_HEXF_RECONSTRUCTED);
    assert_true(lnlt_map_cell(m, lnlt_map_index(m, H("I5")))->flags & LNLT_HEXF_STEEPLE);
}

static void map15_buildings(void **state)
{
    (void)state;
    /* G1+G2 one building; the Church I5+I6 one building; G6 and G7 separate. */
    assert_int_equal(lnlt_map_building_of(m, H("G1")), lnlt_map_building_of(m, H("G2")));
    assert_int_equal(lnlt_map_building_of(m, H("I5")), lnlt_map_building_of(m, H("I6")));
    assert_int_not_equal(lnlt_map_building_of(m, H("G6")), lnlt_map_building_of(m, H("G7")));
    /* Map 15 has no multi-storey buildings and no hills. */
    for (int b = 0; b < lnlt_map_building_count(m); b++)
        assert_int_equal(lnlt_map_building(m, b)->stories, 1);
    for (int c = 0; c < lnlt_map_cells(m); c++)
        if (lnlt_map_cell_exists(m, c))
            assert_int_equal(lnlt_map_cell(m, c)->level, 0);
}

static void map15_hexsides(void **state)
{
    (void)state;
    const char *walls[][2] = {{"K6", "L6"}, {"F4", "G4"}, {"G4", "H5"}};
    for (size_t i = 0; i < 3; i++) {
        const lnlt_terrain *t = lnlt_map_hexside(m, H(walls[i][0]), H(walls[i][1]));
        assert_non_null(t);
        assert_string_equal(t->id, "wall");
    }
    /* Walls on four of G4's six sides. */
    int n = 0;
    for (int d = 1; d <= 6; d++) {
        const lnlt_terrain *t = lnlt_map_hexside(m, H("G4"), lnlt_hex_neighbor(H("G4"), (lnlt_dir)d));
        n += t && !strcmp(t->id, "wall");
    }
    assert_int_equal(n, 4);
    const char *hedges[][2] = {{"J1", "J2"}, {"K2", "K3"}, {"K2", "L2"}};
    for (size_t i = 0; i < 3; i++) {
        const lnlt_terrain *t = lnlt_map_hexside(m, H(hedges[i][0]), H(hedges[i][1]));
        assert_non_null(t);
        assert_string_equal(t->id, "hedge");
    }
    /* Wall: Leg units pay +1 MP to cross, vehicles other than tracked may not. */
    assert_int_equal(lnlt_map_hexside_mp2(m, H("F4"), H("G4"), LNLT_MOVER_LEG), 2);
    assert_int_equal(lnlt_map_hexside_mp2(m, H("F4"), H("G4"), LNLT_MOVER_ROAD), LNLT_MP_PROHIBITED);
}

static void map15_ranges(void **state)
{
    (void)state;
    assert_int_equal(los_dyn(m, "I5", "J3", NULL).range, 3);
    assert_int_equal(los_dyn(m, "G6", "J3", NULL).range, 5);
}

static void map15_los_I5_J3_and_G6_J3_clear(void **state)
{
    (void)state;
    assert_int_equal(verdict("I5", "J3"), LNLT_LOS_CLEAR);
    assert_int_equal(verdict("G6", "J3"), LNLT_LOS_CLEAR);
}

static void map15_los_G6_F4_blocked_by_F5(void **state)
{
    (void)state;
    lnlt_los_result r = los_dyn(m, "G6", "F4", NULL);
    assert_int_equal(r.verdict, LNLT_LOS_BLOCKED);
    assert_true(lnlt_hex_equal(r.reason[r.nreason - 1].a, H("15F5")));
}

/* Writes a copy of map 15 without the G4/H5 wall to a temporary file. */
static char *map_without_wall(void)
{
    json_error_t je;
    json_t *root = json_load_file("data/maps/map15.json", 0, &je);
    assert_non_null(root);
    char abs[4096];
    assert_non_null(getcwd(abs, sizeof abs - 32));
    strcat(abs, "/data/terrain/wwii.json");
    json_object_set_new(root, "terrain", json_string(abs));
    json_t *sides = json_object_get(root, "hexsides");
    for (size_t i = 0; i < json_array_size(sides); i++) {
        json_t *hx = json_object_get(json_array_get(sides, i), "hexes");
        if (!strcmp(json_string_value(json_array_get(hx, 0)), "G4") &&
            !strcmp(json_string_value(json_array_get(hx, 1)), "H5")) {
            json_array_remove(sides, i);
            break;
        }
    }
    static char path[] = "/tmp/lnlt_map15_nowall_XXXXXX";
    strcpy(path, "/tmp/lnlt_map15_nowall_XXXXXX");
    int fd = mkstemp(path);
    assert_true(fd >= 0);
    FILE *f = fdopen(fd, "w");
    assert_int_equal(json_dumpf(root, f, 0), 0);
    fclose(f);
    json_decref(root);
    return path;
}

static void map15_los_I5_F4_blocked_by_wall_else_degraded(void **state)
{
    (void)state;
    lnlt_los_result r = los_dyn(m, "I5", "F4", NULL);
    assert_int_equal(r.verdict, LNLT_LOS_BLOCKED);
    assert_int_equal(r.reason[r.nreason - 1].cause, LNLT_LC_HEXSIDE);
    char *path = map_without_wall();
    lnlt_map *m2;
    lnlt_error err;
    if (!lnlt_map_load_file(path, &m2, &err))
        fail_msg("%s", err.msg);
    r = los_dyn(m2, "I5", "F4", NULL);
    assert_int_equal(r.verdict, LNLT_LOS_DEGRADED);
    assert_int_equal(r.degrade, 1);
    assert_true(lnlt_hex_equal(r.reason[0].a, H("15G4")));
    lnlt_map_free(m2);
    remove(path);
}

static void map15_los_only_F5_sees_F3_from_rows_5_to_8(void **state)
{
    (void)state;
    /* Sniper placement: of the +TM hexes in rows 5-8, columns E-K, only F5 sees F3. */
    for (int col = 4; col <= 10; col++)
        for (int row = 5; row <= 8; row++) {
            lnlt_hex h = {(int16_t)col, (int16_t)row, 0};
            if (!lnlt_map_has_hex(m, h) || lnlt_map_terrain(m, h)->tm <= 0)
                continue;
            char id[LNLT_HEX_ID_MAX];
            lnlt_hex_format(h, id);
            int v = verdict(id, "F3");
            if (!strcmp(id, "F5"))
                assert_int_not_equal(v, LNLT_LOS_BLOCKED);
            else if (v != LNLT_LOS_BLOCKED)
                fail_msg("%s sees F3", id);
        }
}

static void map15_los_I5_G6_do_not_see_north(void **state)
{
    (void)state;
    const char *t[] = {"E1", "F1", "G1", "H1", "I1", "J1", "K1", "J2", "F2", "F3"};
    for (size_t i = 0; i < sizeof t / sizeof *t; i++) {
        if (verdict("I5", t[i]) != LNLT_LOS_BLOCKED)
            fail_msg("I5 sees %s", t[i]);
        if (verdict("G6", t[i]) != LNLT_LOS_BLOCKED)
            fail_msg("G6 sees %s", t[i]);
    }
}

static void map15_los_nobody_sees_E4(void **state)
{
    (void)state;
    assert_int_equal(verdict("I5", "E4"), LNLT_LOS_BLOCKED);
    assert_int_equal(verdict("G6", "E4"), LNLT_LOS_BLOCKED);
    assert_int_equal(verdict("J5", "E4"), LNLT_LOS_BLOCKED);
}

static void map15_los_G6_E5_and_J5_J3_clear(void **state)
{
    (void)state;
    assert_int_equal(verdict("G6", "E5"), LNLT_LOS_CLEAR);
    assert_int_equal(verdict("J5", "J3"), LNLT_LOS_CLEAR);
}

static void map15_los_I5_sees_E5_E6_F6_not_J5(void **state)
{
    (void)state;
    assert_int_equal(verdict("I5", "E5"), LNLT_LOS_CLEAR);
    assert_int_equal(verdict("I5", "E6"), LNLT_LOS_CLEAR);
    assert_int_equal(verdict("I5", "F6"), LNLT_LOS_CLEAR);
    assert_int_equal(verdict("G6", "F6"), LNLT_LOS_CLEAR);
    assert_int_equal(verdict("J5", "F6"), LNLT_LOS_BLOCKED);
}

static void map15_los_K4_I6_clear_past_J5_J6(void **state)
{
    (void)state;
    /* Ruling R-HEX-01: the line crosses the J5/J6 hexside at its midpoint; the
     * building and cemetery art keep clear of it. */
    lnlt_los_result r = los_dyn(m, "K4", "I6", NULL);
    assert_int_equal(r.verdict, LNLT_LOS_CLEAR);
    assert_int_equal(r.degrade, 0);
}

static void map15_los_F7_H7_limited_along_G6_G7(void **state)
{
    (void)state;
    lnlt_los_result r = los_dyn(m, "F7", "H7", NULL);
    assert_int_equal(r.verdict, LNLT_LOS_CLEAR);
    assert_int_equal(r.limited, 1);
}

static void map15_los_H6_hidden_from_germans(void **state)
{
    (void)state;
    assert_int_equal(verdict("H6", "F7"), LNLT_LOS_BLOCKED);
    assert_int_equal(verdict("H6", "K4"), LNLT_LOS_BLOCKED);
    assert_int_equal(verdict("H6", "J5"), LNLT_LOS_BLOCKED);
}

static void map15_los_smoke_in_J4(void **state)
{
    (void)state;
    uint8_t *dyn = calloc((size_t)lnlt_map_cells(m), 1);
    assert_non_null(dyn);
    assert_int_equal(los_dyn(m, "I5", "K3", dyn).verdict, LNLT_LOS_CLEAR);
    assert_int_equal(los_dyn(m, "J3", "J5", dyn).verdict, LNLT_LOS_CLEAR);
    dyn[lnlt_map_index(m, H("J4"))] = LNLT_DYN_SMOKE;
    assert_int_equal(los_dyn(m, "I5", "J3", dyn).verdict, LNLT_LOS_BLOCKED);
    assert_int_equal(los_dyn(m, "I5", "K3", dyn).verdict, LNLT_LOS_BLOCKED);
    assert_int_equal(los_dyn(m, "J3", "J5", dyn).verdict, LNLT_LOS_BLOCKED);
    /* Ruling R-LOS-09: I5-K4 passes through J5's centre, so it is blocked by the
     * J5 building with or without the smoke. */
    assert_int_equal(los_dyn(m, "I5", "K4", dyn).verdict, LNLT_LOS_BLOCKED);
    free(dyn);
}

static void map15_los_J5_G2_blocked_by_central_walls(void **state)
{
    (void)state;
    lnlt_los_result r = los_dyn(m, "J5", "G2", NULL);
    assert_int_equal(r.verdict, LNLT_LOS_BLOCKED);
    assert_int_equal(r.reason[r.nreason - 1].cause, LNLT_LC_HEXSIDE);
}

static void map15_los_H5_sees_H4_H3_not_H2_H1(void **state)
{
    (void)state;
    assert_int_equal(verdict("H5", "H4"), LNLT_LOS_CLEAR);
    assert_int_equal(verdict("H5", "H3"), LNLT_LOS_CLEAR);
    assert_int_equal(verdict("H5", "H2"), LNLT_LOS_BLOCKED);
    assert_int_equal(verdict("H5", "H1"), LNLT_LOS_BLOCKED);
}

static void map15_tec_examples_K5_L7_and_K1_L3(void **state)
{
    (void)state;
    assert_int_equal(verdict("K5", "L7"), LNLT_LOS_CLEAR);
    assert_int_equal(verdict("K1", "L3"), LNLT_LOS_CLEAR);
}

/* Starter-kit LOS art that matches Map 15's hexes (pac-and-starter-kit.md 3.2, 3.5):
 * E2-F4 along the hexside of the LC buildings E3 and F3 (v4.1 blocked it; v5.1
 * makes it limited), and Brush in M5 degrading M6-M4. */
static void map15_starter_kit_los_art(void **state)
{
    (void)state;
    lnlt_los_result r = los_dyn(m, "E2", "F4", NULL);
    assert_int_equal(r.verdict, LNLT_LOS_CLEAR);
    assert_int_equal(r.limited, 1);
    r = los_dyn(m, "M6", "M4", NULL);
    assert_int_equal(r.verdict, LNLT_LOS_DEGRADED);
    assert_int_equal(r.degrade, 1);
}

/* Assault on Vierville is won by holding 4 Building hexes within 3 hexes of 15H7,
 * and its events sit on 15J5 and 15F5: the map must offer them. */
static void map15_vierville_needs(void **state)
{
    (void)state;
    int n = 0;
    for (int c = 0; c < lnlt_map_cells(m); c++) {
        if (!lnlt_map_cell_exists(m, c))
            continue;
        lnlt_hex h = lnlt_map_hex_at(m, c);
        if (lnlt_hex_distance(h, H("H7")) <= 3 && (lnlt_map_tec(m)->t[lnlt_map_cell(m, c)->terrain].flags & LNLT_TF_BUILDING))
            n++;
    }
    assert_true(n >= 4);
    assert_true(lnlt_map_building_of(m, H("J5")) >= 0);
    assert_true(lnlt_map_building_of(m, H("F5")) >= 0);
    /* Rejoining the Regiment: Germans enter at H1 and leave by H8, along the road. */
    for (int row = 1; row <= 8; row++) {
        lnlt_hex h = {7, (int16_t)row, 0};
        assert_true(lnlt_map_cell(m, lnlt_map_index(m, h))->flags & LNLT_HEXF_ROAD);
    }
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(map15_terrain_facts),
        cmocka_unit_test(map15_buildings),
        cmocka_unit_test(map15_hexsides),
        cmocka_unit_test(map15_ranges),
        cmocka_unit_test(map15_los_I5_J3_and_G6_J3_clear),
        cmocka_unit_test(map15_los_G6_F4_blocked_by_F5),
        cmocka_unit_test(map15_los_I5_F4_blocked_by_wall_else_degraded),
        cmocka_unit_test(map15_los_only_F5_sees_F3_from_rows_5_to_8),
        cmocka_unit_test(map15_los_I5_G6_do_not_see_north),
        cmocka_unit_test(map15_los_nobody_sees_E4),
        cmocka_unit_test(map15_los_G6_E5_and_J5_J3_clear),
        cmocka_unit_test(map15_los_I5_sees_E5_E6_F6_not_J5),
        cmocka_unit_test(map15_los_K4_I6_clear_past_J5_J6),
        cmocka_unit_test(map15_los_F7_H7_limited_along_G6_G7),
        cmocka_unit_test(map15_los_H6_hidden_from_germans),
        cmocka_unit_test(map15_los_smoke_in_J4),
        cmocka_unit_test(map15_los_J5_G2_blocked_by_central_walls),
        cmocka_unit_test(map15_los_H5_sees_H4_H3_not_H2_H1),
        cmocka_unit_test(map15_tec_examples_K5_L7_and_K1_L3),
        cmocka_unit_test(map15_starter_kit_los_art),
        cmocka_unit_test(map15_vierville_needs),
    };
    return cmocka_run_group_tests(tests, setup, teardown);
}
