/*
 * test_map_load.c: loading maps, boards and terrain charts (docs/formats/map.md,
 * docs/formats/terrain.md; rules 1.4 map edges and half-hexes, 10.2 building
 * storeys). Good files load with the right shape; every broken fixture in
 * tests/fixtures/maps/bad/ is rejected with the file, the JSON path and what was
 * expected, never a crash or a leak (the ASan build checks the latter).
 */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <string.h>
#include <cmocka.h>

#include <jansson.h>
#include <stdlib.h>
#include <unistd.h>

#include "lnlt/map.h"

static lnlt_hex H(const char *id)
{
    lnlt_hex h;
    char err[128];
    if (!lnlt_hex_parse(id, &h, err, sizeof err))
        fail_msg("%s", err);
    return h;
}

static void tec_files_load(void **state)
{
    (void)state;
    static lnlt_tec tec;
    lnlt_error err;
    if (!lnlt_tec_load_file("data/terrain/wwii.json", &tec, &err))
        fail_msg("%s", err.msg);
    assert_string_equal(tec.era, "wwii");
    const lnlt_terrain *lw = &tec.t[lnlt_tec_find(&tec, "light_woods")];
    /* Light Woods: degrading, TM +1, Level-1, 4/6/8/2 MP (T/O/R/Leg). */
    assert_int_equal(lw->los, LNLT_LOS_DEGRADING);
    assert_int_equal(lw->tm, 1);
    assert_int_equal(lw->height2, 2);
    assert_int_equal(lw->mp2[LNLT_MOVER_TRACKED], 8);
    assert_int_equal(lw->mp2[LNLT_MOVER_OTHER], 12);
    assert_int_equal(lw->mp2[LNLT_MOVER_ROAD], 16);
    assert_int_equal(lw->mp2[LNLT_MOVER_LEG], 4);
    const lnlt_terrain *hedge = &tec.t[lnlt_tec_find(&tec, "hedge")];
    assert_int_equal(hedge->kind, LNLT_TK_HEXSIDE);
    assert_true(hedge->flags & LNLT_TF_CROSS_NO_MOVING_BONUS);
    const lnlt_terrain *hc = &tec.t[lnlt_tec_find(&tec, "hc_building")];
    assert_int_equal(hc->tm, 4);
    assert_int_equal(hc->height2_multistory, 4);
    assert_true(lnlt_tec_find(&tec, "bocage") >= 0);
    assert_int_equal(tec.stream_mp2[3][LNLT_MOVER_ROAD], LNLT_MP_PROHIBITED);
    assert_int_equal(tec.hill_tm, 1);
    if (!lnlt_tec_load_file("data/terrain/modern.json", &tec, &err))
        fail_msg("%s", err.msg);
    assert_string_equal(tec.era, "modern");
    assert_true(tec.t[lnlt_tec_find(&tec, "soccer_stands")].unit_level == 1);
}

static void map_grid_and_half_hexes(void **state)
{
    (void)state;
    lnlt_map *m;
    lnlt_error err;
    if (!lnlt_map_load_file("data/maps/map15.json", &m, &err))
        fail_msg("%s", err.msg);
    /* Odd-letter columns have the row-0 half-hex at the top; even-letter ones start at row 1. */
    assert_true(lnlt_map_has_hex(m, H("G0")));
    assert_true(lnlt_map_has_hex(m, H("15G0")));
    assert_false(lnlt_map_has_hex(m, H("H0")));
    assert_false(lnlt_map_has_hex(m, H("P1")));
    assert_false(lnlt_map_has_hex(m, H("14H3")));
    assert_true(lnlt_map_cell(m, lnlt_map_index(m, H("G0")))->flags & LNLT_HEXF_HALF);
    assert_true(lnlt_map_cell(m, lnlt_map_index(m, H("A4")))->flags & LNLT_HEXF_HALF);
    assert_false(lnlt_map_cell(m, lnlt_map_index(m, H("H4")))->flags & LNLT_HEXF_HALF);
    int n = 0;
    for (int c = 0; c < lnlt_map_cells(m); c++)
        n += lnlt_map_cell_exists(m, c);
    assert_int_equal(n, 8 * 9 + 7 * 8);
    assert_int_equal(lnlt_map_number(m), 15);
    lnlt_map_free(m);
}

static void board_joins_maps_side_by_side(void **state)
{
    (void)state;
    lnlt_map *m;
    lnlt_error err;
    if (!lnlt_map_load_file("tests/fixtures/maps/board_92_93.json", &m, &err))
        fail_msg("%s", err.msg);
    /* 92E2 and 93A2 are the two half-hexes of one joined hex. */
    assert_int_equal(lnlt_map_index(m, H("92E2")), lnlt_map_index(m, H("93A2")));
    assert_string_equal(lnlt_map_terrain(m, H("93A2"))->id, "lc_building");
    assert_false(lnlt_map_cell(m, lnlt_map_index(m, H("93A2")))->flags & LNLT_HEXF_HALF);
    assert_true(lnlt_map_cell(m, lnlt_map_index(m, H("93E2")))->flags & LNLT_HEXF_HALF);
    assert_string_equal(lnlt_map_terrain(m, H("93C3"))->id, "brush");
    assert_string_equal(lnlt_map_hexside(m, H("93D2"), H("93D3"))->id, "hedge");
    lnlt_hex back = lnlt_map_hex_at(m, lnlt_map_index(m, H("93C3")));
    assert_int_equal(back.map, 93);
    assert_int_equal(back.col, 2);
    /* A line across the join meets the joined building. */
    lnlt_loc a = {H("92C2"), 0}, b = {H("93C2"), 0};
    lnlt_los_result r;
    assert_true(lnlt_los(m, a, b, NULL, &r));
    assert_int_equal(r.verdict, LNLT_LOS_BLOCKED);
    assert_int_equal(r.range, 4);
    assert_int_equal(r.reason[r.nreason - 1].a.map, 92);
    lnlt_map_free(m);
}

typedef struct bad_case {
    const char *file;
    const char *want1, *want2;
} bad_case;

static void expect_rejected(const bad_case *bc)
{
    char path[256];
    snprintf(path, sizeof path, "tests/fixtures/maps/bad/%s", bc->file);
    lnlt_map *m = (lnlt_map *)1;
    lnlt_error err;
    memset(&err, 0, sizeof err);
    if (lnlt_map_load_file(path, &m, &err))
        fail_msg("%s loaded but should be rejected", bc->file);
    assert_null(m);
    if (!strstr(err.msg, bc->want1) || (bc->want2 && !strstr(err.msg, bc->want2)))
        fail_msg("%s: message \"%s\" lacks \"%s\" / \"%s\"", bc->file, err.msg, bc->want1,
                 bc->want2 ? bc->want2 : "");
}

static void map_rejects_broken_files(void **state)
{
    (void)state;
    static const bad_case cases[] = {
        {"unknown_terrain.json", "unknown_terrain.json: $.hexes.B2.terrain", "unknown hex terrain \"lava\""},
        {"hex_outside.json", "$.hexes.Z9", "outside the map"},
        {"half_hex_missing.json", "$.hexes.B0", "outside the map"},
        {"hexside_outside.json", "$.hexsides[0].hexes[1]", "outside the map"},
        {"hexside_not_adjacent.json", "$.hexsides[0].hexes", "not adjacent"},
        {"hexside_bad_feature.json", "$.hexsides[0].feature", "unknown hexside terrain"},
        {"building_not_touching.json", "$.buildings[0].hexes", "do not all touch"},
        {"building_not_building.json", "$.buildings[0].hexes[0]", "not a building terrain"},
        {"building_bad_stories.json", "$.buildings[0].stories", "expected an integer 1..2"},
        {"bad_level.json", "$.hexes.B2.level", "expected an integer 0..3"},
        {"level_wrong_type.json", "$.hexes.B2.level", "expected an integer 0..3"},
        {"columns_wrong_type.json", "$.columns", "expected an integer"},
        {"hexes_wrong_type.json", "$.hexes", "expected an object keyed by hex id"},
        {"unknown_field.json", "$.hexes.B2.colour", "unknown field"},
        {"silhouette_outside.json", "$.hexes.B2.silhouettes[0].points[1]", "outside the hex"},
        {"hex_missing.json", "$.hexes", "is missing"},
        {"syntax_error.json", "syntax_error.json: line 1", NULL},
        {"terrain_missing.json", "nope.json", NULL},
        {"board_odd_offset.json", "$.maps[1].column_offset", "even"},
        {"board_mixed_era.json", "map1.json", "differs"},
        {"map_with_bad_tec.json", "bad_tec.json: $.terrain[0].mp.road", "\"P\""},
        {"does_not_exist.json", "does_not_exist.json", NULL},
    };
    for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++)
        expect_rejected(&cases[i]);
}

static void los_rejects_missing_locations(void **state)
{
    (void)state;
    lnlt_map *m;
    lnlt_error err;
    if (!lnlt_map_load_file("data/maps/map15.json", &m, &err))
        fail_msg("%s", err.msg);
    lnlt_los_result r;
    lnlt_loc a = {H("I5"), LNLT_FLOOR_UPPER}, b = {H("J3"), 0}, off = {H("Z3"), 0};
    /* Map 15's buildings are single-storey: no upper floor (10.2), no usable roofs (10.6). */
    assert_false(lnlt_los(m, a, b, NULL, &r));
    assert_int_equal(r.verdict, LNLT_LOS_BLOCKED);
    assert_int_equal(r.reason[0].cause, LNLT_LC_NO_LOCATION);
    a.floor = LNLT_FLOOR_ROOF;
    assert_false(lnlt_los(m, a, b, NULL, &r));
    assert_false(lnlt_los(m, off, b, NULL, &r));
    lnlt_map_free(m);
}

/* ---- every value replaced by a wrong type: loaded or refused, never a crash ---- */

typedef struct slot {
    json_t *parent;
    const char *key; /* object member, or NULL for an array index */
    size_t index;
} slot;

static void collect(json_t *v, slot *out, int *n, int cap)
{
    const char *key;
    json_t *child;
    size_t i;
    if (json_is_object(v)) {
        json_object_foreach(v, key, child) {
            if (*n < cap)
                out[(*n)++] = (slot){v, key, 0};
            collect(child, out, n, cap);
        }
    } else if (json_is_array(v)) {
        json_array_foreach(v, i, child) {
            if (*n < cap)
                out[(*n)++] = (slot){v, NULL, i};
            collect(child, out, n, cap);
        }
    }
}

static int mutate_and_load(const char *src, bool is_map, const char *tec_abs)
{
    json_error_t je;
    json_t *root = json_load_file(src, 0, &je);
    assert_non_null(root);
    if (is_map)
        json_object_set_new(root, "terrain", json_string(tec_abs));
    static slot slots[4096];
    int n = 0, refused = 0;
    collect(root, slots, &n, 4096);
    char path[] = "/tmp/lnlt_mutant_XXXXXX";
    int fd = mkstemp(path);
    assert_true(fd >= 0);
    close(fd);
    for (int i = 0; i < n; i++) {
        slot *sl = &slots[i];
        json_t *orig = sl->key ? json_object_get(sl->parent, sl->key) : json_array_get(sl->parent, sl->index);
        json_incref(orig);
        json_t *wrong[5] = {json_null(), json_string("x"), json_integer(-99999), json_array(), json_true()};
        for (int w = 0; w < 5; w++) {
            if (sl->key)
                json_object_set(sl->parent, sl->key, wrong[w]);
            else
                json_array_set(sl->parent, sl->index, wrong[w]);
            assert_int_equal(json_dump_file(root, path, 0), 0);
            lnlt_error err;
            err.msg[0] = 0;
            bool ok;
            if (is_map) {
                lnlt_map *m = NULL;
                ok = lnlt_map_load_file(path, &m, &err);
                lnlt_map_free(m);
            } else {
                static lnlt_tec tec;
                ok = lnlt_tec_load_file(path, &tec, &err);
            }
            if (!ok) {
                refused++;
                if (!strstr(err.msg, path) || !strchr(err.msg, '$'))
                    fail_msg("mutant message lacks file or path: %s", err.msg);
            }
        }
        for (int w = 0; w < 5; w++)
            json_decref(wrong[w]);
        if (sl->key)
            json_object_set(sl->parent, sl->key, orig);
        else
            json_array_set(sl->parent, sl->index, orig);
        json_decref(orig);
    }
    remove(path);
    json_decref(root);
    return refused;
}

static void map_and_tec_survive_wrong_types(void **state)
{
    (void)state;
    char tec_abs[4096];
    assert_non_null(getcwd(tec_abs, sizeof tec_abs - 40));
    strcat(tec_abs, "/data/terrain/wwii.json");
    assert_true(mutate_and_load("tests/fixtures/maps/los_wwii.json", true, tec_abs) > 100);
    assert_true(mutate_and_load("data/terrain/modern.json", false, NULL) > 100);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(tec_files_load),
        cmocka_unit_test(map_grid_and_half_hexes),
        cmocka_unit_test(board_joins_maps_side_by_side),
        cmocka_unit_test(map_rejects_broken_files),
        cmocka_unit_test(los_rejects_missing_locations),
        cmocka_unit_test(map_and_tec_survive_wrong_types),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
