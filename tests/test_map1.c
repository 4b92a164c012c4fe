/*
 * test_map1.c: the reconstructed Map 1 (data/maps/map1.json) against every fact
 * the sources give about it (pac-and-starter-kit.md 3.3: the Modern TEC example
 * hexes and the two starter-kit scenarios played on it), plus the properties the
 * scenarios need from the reconstruction (the road runs 1H8-1G3-1H1; the LOS
 * event hexes can be seen from the American side). Also checks the Modern TEC
 * values the map relies on (rules 6.0, 10.4).
 */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <string.h>
#include <cmocka.h>

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

static int setup(void **state)
{
    (void)state;
    lnlt_error err;
    if (!lnlt_map_load_file("data/maps/map1.json", &m, &err))
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
    assert_false(lnlt_map_cell(m, lnlt_map_index(m, H(hex)))->flags & LNLT_HEXF_RECONSTRUCTED);
}

static void map1_tec_example_hexes(void **state)
{
    (void)state;
    expect_terrain("1L3", "lc_building");
    expect_terrain("1K4", "bamboo_hut");
    expect_terrain("1F3", "kunai_grass");
    expect_terrain("1F2", "rice_paddy");
    expect_terrain("1K7", "heavy_jungle");
    expect_terrain("1I3", "light_jungle");
    expect_terrain("1F5", "brush");
    expect_terrain("1I6", "clear");
    expect_terrain("1H5", "road");
    assert_int_equal(lnlt_map_level(m, H("1D5")), 1);
}

static void map1_scenario_hexes(void **state)
{
    (void)state;
    expect_terrain("1M3", "bamboo_hut"); /* the cache: "one of the Huts" */
    expect_terrain("1G1", "bamboo_hut"); /* huts next to the road */
    expect_terrain("1H1", "road");
    /* Every named hex exists: VC placement, US set-up centres, event hexes. */
    const char *named[] = {"K4", "M3", "L3", "J5", "I5", "I3", "J3", "K2", "L2", "M2",
                           "H7", "J8", "F6", "H8", "G3", "H1"};
    for (size_t i = 0; i < sizeof named / sizeof *named; i++)
        assert_true(lnlt_map_has_hex(m, H(named[i])));
    /* "The village and the surrounding jungle": each VC placement hex is a
     * dwelling or jungle. */
    const char *vc[] = {"K4", "M3", "L3", "J5", "I5", "I3", "J3", "K2", "L2", "M2"};
    for (size_t i = 0; i < sizeof vc / sizeof *vc; i++) {
        const lnlt_terrain *t = lnlt_map_terrain(m, H(vc[i]));
        bool ok = (t->flags & (LNLT_TF_BUILDING | LNLT_TF_HUT)) || !strcmp(t->id, "light_jungle") ||
                  !strcmp(t->id, "heavy_jungle");
        if (!ok)
            fail_msg("VC placement hex %s is %s", vc[i], t->id);
    }
    /* Friend in Need scores Wooden Buildings and Bamboo Huts: there are several. */
    int dwellings = 0;
    for (int c = 0; c < lnlt_map_cells(m); c++)
        if (lnlt_map_cell_exists(m, c) &&
            (lnlt_map_tec(m)->t[lnlt_map_cell(m, c)->terrain].flags & (LNLT_TF_BUILDING | LNLT_TF_HUT)))
            dwellings++;
    assert_true(dwellings >= 5);
}

/* The road runs from 1H8 through 1G3 to 1H1 along connected road hexes. */
static void map1_road_H8_G3_H1(void **state)
{
    (void)state;
    int n = lnlt_map_cells(m);
    int dist[4096];
    for (int i = 0; i < n; i++)
        dist[i] = -1;
    int queue[4096], qh = 0, qt = 0;
    int start = lnlt_map_index(m, H("H8"));
    dist[start] = 0;
    queue[qt++] = start;
    while (qh < qt) {
        int c = queue[qh++];
        lnlt_hex h = lnlt_map_hex_at(m, c);
        for (int d = 1; d <= 6; d++) {
            lnlt_hex nb = lnlt_hex_neighbor(h, (lnlt_dir)d);
            int j = lnlt_map_index(m, nb);
            if (j >= 0 && dist[j] < 0 && (lnlt_map_cell(m, j)->flags & LNLT_HEXF_ROAD)) {
                dist[j] = dist[c] + 1;
                queue[qt++] = j;
            }
        }
    }
    assert_true(dist[lnlt_map_index(m, H("G3"))] > 0);
    assert_true(dist[lnlt_map_index(m, H("H1"))] > dist[lnlt_map_index(m, H("G3"))]);
}

static void map1_los_event_hexes_visible_from_us_side(void **state)
{
    (void)state;
    /* Weapons Cache Event A (LOS to 1K4) and Friend in Need Event A (LOS to 1G1)
     * must be triggerable: some hex of rows 6-8 sees each. */
    const char *targets[] = {"K4", "G1"};
    for (int t = 0; t < 2; t++) {
        bool seen = false;
        for (int c = 0; c < lnlt_map_cells(m) && !seen; c++) {
            if (!lnlt_map_cell_exists(m, c))
                continue;
            lnlt_hex h = lnlt_map_hex_at(m, c);
            if (h.row < 6)
                continue;
            lnlt_loc a = {h, 0}, b = {H(targets[t]), 0};
            lnlt_los_result r;
            assert_true(lnlt_los(m, a, b, NULL, &r));
            seen = r.verdict != LNLT_LOS_BLOCKED;
        }
        if (!seen)
            fail_msg("nothing in rows 6-8 sees %s", targets[t]);
    }
}

static void map1_modern_tec_values(void **state)
{
    (void)state;
    const lnlt_tec *tec = lnlt_map_tec(m);
    const lnlt_terrain *hj = &tec->t[lnlt_tec_find(tec, "heavy_jungle")];
    assert_int_equal(hj->tm, 2);
    assert_int_equal(hj->los, LNLT_LOS_BLOCKING);
    assert_int_equal(hj->height2, 4);
    assert_int_equal(hj->mp2[LNLT_MOVER_LEG], 4);
    assert_int_equal(hj->mp2[LNLT_MOVER_TRACKED], LNLT_MP_PROHIBITED);
    assert_int_equal(hj->noverride, 2);
    assert_string_equal(hj->override[0].nation, "VC");
    assert_int_equal(hj->override[0].tm, 3);
    assert_int_equal(hj->override[0].leg_mp2, 2);
    const lnlt_terrain *road = &tec->t[lnlt_tec_find(tec, "road")];
    assert_int_equal(road->mp2[LNLT_MOVER_ROAD], 1); /* half an MP */
    const lnlt_terrain *hut = &tec->t[lnlt_tec_find(tec, "bamboo_hut")];
    assert_true(hut->flags & LNLT_TF_HUT);
    assert_int_equal(hut->tm, 1);
    const lnlt_terrain *brush = &tec->t[lnlt_tec_find(tec, "brush")];
    assert_true(brush->flags & LNLT_TF_NO_MOVING_BONUS);
    assert_int_equal(lnlt_map_mp2(m, H("K7"), LNLT_MOVER_LEG), 4);
    /* Stream class 2 on E6/F6: +1 MP for Leg, +4 for road vehicles (10.5.1). */
    assert_int_equal(lnlt_map_stream(m, H("E6"), H("F6")), 2);
    assert_int_equal(lnlt_map_hexside_mp2(m, H("E6"), H("F6"), LNLT_MOVER_LEG), 2);
    assert_int_equal(lnlt_map_hexside_mp2(m, H("E6"), H("F6"), LNLT_MOVER_ROAD), 8);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(map1_tec_example_hexes),
        cmocka_unit_test(map1_scenario_hexes),
        cmocka_unit_test(map1_road_H8_G3_H1),
        cmocka_unit_test(map1_los_event_hexes_visible_from_us_side),
        cmocka_unit_test(map1_modern_tec_values),
    };
    return cmocka_run_group_tests(tests, setup, teardown);
}
