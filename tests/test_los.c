/*
 * test_los.c: line of sight (rules 10.2, 10.3, 10.3.1, 10.3.2, 10.6) on small
 * test maps built to match the LOS examples of the rulebook (digest Part 3,
 * EX-042..EX-060, EX-I09, EX-I10), plus dynamic obstacles and the precomputed
 * table. The fixtures are tests/fixtures/maps/los_wwii.json (level ground, WWII
 * terrain) and los_hills.json (hills, Modern terrain); where a book example uses
 * hexes that cannot coexist on one test map, the fixture moves it to other
 * columns and says so in the hex's "note".
 */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <string.h>
#include <cmocka.h>

#include "lnlt/map.h"
#include "map/map_internal.h"

static lnlt_map *wwii, *hills;

static lnlt_hex H(const char *id)
{
    lnlt_hex h;
    char err[128];
    if (!lnlt_hex_parse(id, &h, err, sizeof err))
        fail_msg("%s", err);
    return h;
}

static lnlt_loc L(const char *id, int floor)
{
    lnlt_loc l = {H(id), (uint8_t)floor};
    return l;
}

static lnlt_los_result los_dyn(lnlt_map *m, const char *a, int fa, const char *b, int fb, const uint8_t *dyn)
{
    lnlt_los_result r, back;
    lnlt_los_dynamic d = {dyn};
    assert_true(lnlt_los(m, L(a, fa), L(b, fb), &d, &r));
    /* 10.3: LOS is reciprocal. */
    assert_true(lnlt_los(m, L(b, fb), L(a, fa), &d, &back));
    assert_int_equal(r.verdict, back.verdict);
    assert_int_equal(r.degrade, back.degrade);
    assert_int_equal(r.limited, back.limited);
    return r;
}

static lnlt_los_result los(lnlt_map *m, const char *a, const char *b)
{
    return los_dyn(m, a, 0, b, 0, NULL);
}

static void expect(lnlt_los_result r, int verdict, int degrade)
{
    assert_int_equal(r.verdict, verdict);
    if (verdict != LNLT_LOS_BLOCKED)
        assert_int_equal(r.degrade, degrade);
}

static int setup(void **state)
{
    (void)state;
    lnlt_error err;
    if (!lnlt_map_load_file("tests/fixtures/maps/los_wwii.json", &wwii, &err))
        fail_msg("%s", err.msg);
    if (!lnlt_map_load_file("tests/fixtures/maps/los_hills.json", &hills, &err))
        fail_msg("%s", err.msg);
    return 0;
}

static int teardown(void **state)
{
    (void)state;
    lnlt_map_free(wwii);
    lnlt_map_free(hills);
    return 0;
}

/* ---- 10.2 buildings and levels ---- */

static void EX_042_upper_floor_on_level0_is_level1(void **state)
{
    (void)state;
    int lv = -1;
    assert_true(lnlt_map_loc_level(wwii, L("G2", LNLT_FLOOR_UPPER), &lv));
    assert_int_equal(lv, 1);
    /* A one-hex building has no upper floor. */
    assert_false(lnlt_map_loc_level(wwii, L("D6", LNLT_FLOOR_UPPER), &lv));
}

static void EX_043_upper_floor_on_level1_hill_is_level2(void **state)
{
    (void)state;
    int lv = -1;
    assert_true(lnlt_map_loc_level(hills, L("S6", LNLT_FLOOR_UPPER), &lv));
    assert_int_equal(lv, 2);
}

static void EX_044_adjacent_floors_of_one_building_no_los(void **state)
{
    (void)state;
    lnlt_los_result r = los_dyn(wwii, "G1", LNLT_FLOOR_GROUND, "G2", LNLT_FLOOR_UPPER, NULL);
    assert_int_equal(r.verdict, LNLT_LOS_BLOCKED);
    assert_int_equal(r.reason[0].cause, LNLT_LC_FLOORS);
    /* Same floor: they see each other. */
    expect(los_dyn(wwii, "G1", LNLT_FLOOR_UPPER, "G2", LNLT_FLOOR_UPPER, NULL), LNLT_LOS_CLEAR, 0);
}

/* ---- 10.4.1 hexes within hexes, 10.6 rooftops: adjacency of locations ---- */

static bool adj(lnlt_map *m, const char *a, int fa, const char *b, int fb)
{
    bool x = lnlt_map_loc_adjacent(m, L(a, fa), L(b, fb));
    assert_int_equal(x, lnlt_map_loc_adjacent(m, L(b, fb), L(a, fa)));
    return x;
}

static void EX_062_outside_hex_adjacent_to_both_floors(void **state)
{
    (void)state;
    /* Book: G1 road next to multi-storey G2; fixture: F2 (clear) next to G2. */
    assert_true(adj(wwii, "F2", 0, "G2", LNLT_FLOOR_GROUND));
    assert_true(adj(wwii, "F2", 0, "G2", LNLT_FLOOR_UPPER));
}

static void EX_063_same_building_other_floor_not_adjacent(void **state)
{
    (void)state;
    assert_true(adj(wwii, "G1", 0, "G2", LNLT_FLOOR_GROUND));
    assert_false(adj(wwii, "G1", 0, "G2", LNLT_FLOOR_UPPER));
    assert_true(adj(wwii, "G1", LNLT_FLOOR_UPPER, "G2", LNLT_FLOOR_UPPER));
}

static void EX_064_upper_floor_is_its_own_location(void **state)
{
    (void)state;
    /* A Sniper may go on the upper floor of the hex the Marines hold on the ground
     * floor: in a multi-storey building hex both floors exist, at different levels. */
    int g = -1, u = -1;
    assert_true(lnlt_map_loc_level(wwii, L("G2", LNLT_FLOOR_GROUND), &g));
    assert_true(lnlt_map_loc_level(wwii, L("G2", LNLT_FLOOR_UPPER), &u));
    assert_int_equal(u, g + 1);
}

static void EX_065_floors_of_one_hex_are_separate(void **state)
{
    (void)state;
    /* A Leader on the ground floor cannot rally a unit upstairs: the two are
     * separate sub-hexes, not the same location and not adjacent (R-LOS-10). */
    assert_false(adj(wwii, "G2", LNLT_FLOOR_GROUND, "G2", LNLT_FLOOR_UPPER));
}

static void EX_066_rooftop_adjacency(void **state)
{
    (void)state;
    int lv;
    assert_true(lnlt_map_loc_level(wwii, L("D4", LNLT_FLOOR_ROOF), &lv));
    assert_int_equal(lv, 1); /* 10.6: Level-1 on a single-storey building */
    assert_true(adj(wwii, "D4", LNLT_FLOOR_ROOF, "D4", LNLT_FLOOR_GROUND));
    assert_true(adj(wwii, "D4", LNLT_FLOOR_ROOF, "C4", LNLT_FLOOR_GROUND));
    assert_true(adj(wwii, "D4", LNLT_FLOOR_ROOF, "C3", LNLT_FLOOR_ROOF));
    /* Not to a unit on the ground outside. */
    assert_false(adj(wwii, "D4", LNLT_FLOOR_ROOF, "D5", LNLT_FLOOR_GROUND));
    /* Roofs exist only where the map says they are usable. */
    assert_false(lnlt_map_loc_level(wwii, L("D6", LNLT_FLOOR_ROOF), &lv));
}

static void EX_067_roof_to_roof_only_within_a_building(void **state)
{
    (void)state;
    /* C3, C4 and D4 are separate buildings, so no roof-to-roof move between them. */
    assert_int_not_equal(lnlt_map_building_of(wwii, H("C3")), lnlt_map_building_of(wwii, H("C4")));
    assert_int_not_equal(lnlt_map_building_of(wwii, H("C3")), lnlt_map_building_of(wwii, H("D4")));
}

/* ---- 10.3 obstacle heights (in half levels: Level-3 = 6) ---- */

static void EX_045_forest_on_level1_hill_is_level3_obstacle(void **state)
{
    (void)state;
    /* Heavy Jungle stands in for Forest: both are Level-2 obstacles. */
    assert_int_equal(lnlt_map_obstacle_top2(hills, H("A2")), 6);
}

static void EX_046_lc_building_on_level2_hill_is_level3_obstacle(void **state)
{
    (void)state;
    assert_int_equal(lnlt_map_obstacle_top2(hills, H("A4")), 6);
}

static void EX_047_three_hex_hc_on_level1_is_level3_obstacle(void **state)
{
    (void)state;
    assert_int_equal(lnlt_map_obstacle_top2(hills, H("A6")), 6);
    assert_int_equal(lnlt_map_obstacle_top2(hills, H("B7")), 6);
}

static void EX_048_light_woods_on_level1_is_level2_obstacle(void **state)
{
    (void)state;
    /* Light Jungle stands in for Light Woods: both are Level-1 obstacles. */
    assert_int_equal(lnlt_map_obstacle_top2(hills, H("S2")), 4);
}

/* ---- 10.3 LOS examples ---- */

static void EX_049_brush_degrades_level0(void **state)
{
    (void)state;
    lnlt_los_result r = los(wwii, "M6", "M4");
    expect(r, LNLT_LOS_DEGRADED, 1);
    assert_int_equal(r.range, 2);
    assert_true(lnlt_hex_equal(r.reason[0].a, H("90M5")));
}

static void EX_050_lc_building_blocks_level0(void **state)
{
    (void)state;
    lnlt_los_result r = los(wwii, "C6", "E5");
    expect(r, LNLT_LOS_BLOCKED, 0);
    assert_true(lnlt_hex_equal(r.reason[r.nreason - 1].a, H("90D6")));
}

static void EX_051_rubble_does_not_degrade_between_upper_floors(void **state)
{
    (void)state;
    uint8_t dyn[4096] = {0};
    dyn[lnlt_map_index(wwii, H("H3"))] = LNLT_DYN_RUBBLE;
    expect(los_dyn(wwii, "G2", LNLT_FLOOR_UPPER, "I3", LNLT_FLOOR_UPPER, dyn), LNLT_LOS_CLEAR, 0);
    /* At ground level the same Rubble degrades (it is a Level-1 obstacle). */
    lnlt_los_result r = los_dyn(wwii, "H2", 0, "H4", 0, dyn);
    expect(r, LNLT_LOS_DEGRADED, 1);
    assert_int_equal(r.reason[0].cause, LNLT_LC_RUBBLE);
}

static void EX_052_hill_firer_light_woods_shadow(void **state)
{
    (void)state;
    /* Book K3 -> K1 over Light Woods K2; the fixture uses column C. */
    lnlt_los_result r = los(hills, "C3", "C1");
    expect(r, LNLT_LOS_DEGRADED, 1);
    assert_int_equal(r.reason[0].cause, LNLT_LC_SHADOW);
    expect(los(hills, "C3", "C0"), LNLT_LOS_CLEAR, 0);
    /* With an LC Building in place of the woods (column E): blocked, K0 still clear. */
    expect(los(hills, "E3", "E1"), LNLT_LOS_BLOCKED, 0);
    expect(los(hills, "E3", "E0"), LNLT_LOS_CLEAR, 0);
}

static void EX_053_upper_floor_sniper_building_shadow(void **state)
{
    (void)state;
    /* Book J4 (upper floor) over HC J3 to J2/J1; the fixture shifts it to G5 -> G4 -> G3/G2. */
    expect(los_dyn(hills, "G5", LNLT_FLOOR_UPPER, "G2", 0, NULL), LNLT_LOS_CLEAR, 0);
    lnlt_los_result r = los_dyn(hills, "G5", LNLT_FLOOR_UPPER, "G3", 0, NULL);
    expect(r, LNLT_LOS_BLOCKED, 0);
    assert_int_equal(r.reason[r.nreason - 1].cause, LNLT_LC_SHADOW);
    /* Follow-up: one hex between firer and building lengthens the shadow to two. */
    expect(los_dyn(hills, "Q5", LNLT_FLOOR_UPPER, "Q2", 0, NULL), LNLT_LOS_BLOCKED, 0);
    expect(los_dyn(hills, "Q5", LNLT_FLOOR_UPPER, "Q1", 0, NULL), LNLT_LOS_BLOCKED, 0);
    expect(los_dyn(hills, "Q5", LNLT_FLOOR_UPPER, "Q0", 0, NULL), LNLT_LOS_CLEAR, 0);
}

static void EX_054_higher_firer_one_hex_shadow(void **state)
{
    (void)state;
    lnlt_los_result r = los(hills, "I4", "I7");
    expect(r, LNLT_LOS_DEGRADED, 1);
    assert_true(lnlt_hex_equal(r.reason[0].a, H("91I6")));
    expect(los(hills, "I4", "I5"), LNLT_LOS_CLEAR, 0);
    expect(los(hills, "I4", "I8"), LNLT_LOS_CLEAR, 0);
}

static void EX_055_clear_slope_to_I6(void **state)
{
    (void)state;
    expect(los(hills, "I4", "I6"), LNLT_LOS_CLEAR, 0);
}

static void EX_056_slope_to_foot_of_hill(void **state)
{
    (void)state;
    /* Book I5 (L2) -> I3 (road) and I2; the fixture uses column K. */
    expect(los(hills, "K5", "K3"), LNLT_LOS_CLEAR, 0);
    expect(los(hills, "K5", "K2"), LNLT_LOS_CLEAR, 0);
    /* If the road hex were a Clear Level-1 hill too (column M): no LOS to the hex beyond. */
    expect(los(hills, "M5", "M2"), LNLT_LOS_BLOCKED, 0);
}

static void EX_057_same_level_hill_run_hides_three_hexes(void **state)
{
    (void)state;
    expect(los(hills, "U2", "U3"), LNLT_LOS_CLEAR, 0);
    expect(los(hills, "U2", "U4"), LNLT_LOS_CLEAR, 0);
    expect(los(hills, "U2", "U5"), LNLT_LOS_CLEAR, 0);
    expect(los(hills, "U2", "U6"), LNLT_LOS_BLOCKED, 0);
    expect(los(hills, "U2", "U7"), LNLT_LOS_BLOCKED, 0);
    expect(los(hills, "U2", "U8"), LNLT_LOS_BLOCKED, 0);
    expect(los(hills, "U2", "U9"), LNLT_LOS_CLEAR, 0);
}

/* ---- heights of units above the terrain (19.2.3) ---- */

static void EX_100_helicopter_levels(void **state)
{
    (void)state;
    /* Over open terrain on a Level-1 hill: Level-2. Over a Level-2 obstacle
     * (Heavy Jungle standing in for Forest) on a Level-1 hill: Level-4. */
    assert_int_equal(lnlt_map_helicopter_level(hills, H("I5")), 2);
    assert_int_equal(lnlt_map_helicopter_level(hills, H("A2")), 4);
    assert_int_equal(lnlt_map_helicopter_level(wwii, H("M5")), 1); /* brush: ground cover only */
}

static void los_levels_matches_locations_and_sees_further_up(void **state)
{
    (void)state;
    lnlt_los_result a, b;
    assert_true(lnlt_los_levels(hills, H("I4"), 2, H("I7"), 0, NULL, &a));
    assert_true(lnlt_los(hills, L("I4", 0), L("I7", 0), NULL, &b));
    assert_int_equal(a.verdict, b.verdict);
    assert_int_equal(a.degrade, b.degrade);
    /* From Level-3 above U2 the hill run U3-U5 hides only U6 (a one-hex shadow). */
    assert_true(lnlt_los_levels(hills, H("U2"), 3, H("U6"), 0, NULL, &a));
    assert_int_equal(a.verdict, LNLT_LOS_BLOCKED);
    assert_true(lnlt_los_levels(hills, H("U2"), 3, H("U7"), 0, NULL, &a));
    assert_int_equal(a.verdict, LNLT_LOS_CLEAR);
    assert_false(lnlt_los_levels(hills, H("U2"), 99, H("U7"), 0, NULL, &a));
}

/* ---- 10.3.2 hexsides ---- */

static void EX_058_along_wall_joining_firer_and_target(void **state)
{
    (void)state;
    expect(los(wwii, "K5", "L7"), LNLT_LOS_CLEAR, 0);
}

static void EX_059_wall_crossed_blocks_unless_side_of_end_hex(void **state)
{
    (void)state;
    lnlt_los_result r = los(wwii, "J6", "M7");
    expect(r, LNLT_LOS_BLOCKED, 0);
    assert_int_equal(r.reason[r.nreason - 1].cause, LNLT_LC_HEXSIDE);
    lnlt_los_result r2 = los(wwii, "J6", "L7");
    expect(r2, LNLT_LOS_CLEAR, 0);
    /* The wall protects L7 (TEC: Wall TM +1 against direct fire crossing it). */
    int wall = lnlt_tec_find(lnlt_map_tec(wwii), "wall");
    assert_int_equal(r2.to_side, wall);
    assert_int_equal(r2.from_side, LNLT_NO_FEATURE);
    lnlt_los_result back;
    assert_true(lnlt_los(wwii, L("L7", 0), L("J6", 0), NULL, &back));
    assert_int_equal(back.from_side, wall);
    assert_int_equal(back.to_side, LNLT_NO_FEATURE);
}

static void EX_060_limited_los_between_separate_buildings(void **state)
{
    (void)state;
    lnlt_los_result r = los(wwii, "E2", "F4");
    expect(r, LNLT_LOS_CLEAR, 0);
    assert_int_equal(r.limited, 1);
}

static void EX_I09_light_woods_and_wreck_degrade_once(void **state)
{
    (void)state;
    uint8_t dyn[4096] = {0};
    dyn[lnlt_map_index(wwii, H("B3"))] = LNLT_DYN_WRECK;
    expect(los_dyn(wwii, "B1", 0, "B4", 0, dyn), LNLT_LOS_DEGRADED, 2);
    expect(los_dyn(wwii, "B2", 0, "B4", 0, dyn), LNLT_LOS_DEGRADED, 1);
}

static void EX_I10_along_hedge_between_end_hexes(void **state)
{
    (void)state;
    expect(los(wwii, "K4", "M4"), LNLT_LOS_CLEAR, 0);
}

/* ---- more of 10.3 ---- */

static void los_10_3_third_degrading_hex_blocks(void **state)
{
    (void)state;
    expect(los(wwii, "B1", "B5"), LNLT_LOS_BLOCKED, 0);
    expect(los(wwii, "B1", "B4"), LNLT_LOS_DEGRADED, 2);
}

static void los_10_3_end_hex_terrain_never_counts(void **state)
{
    (void)state;
    expect(los(wwii, "M5", "M7"), LNLT_LOS_CLEAR, 0);
    expect(los(wwii, "D6", "D4"), LNLT_LOS_CLEAR, 0);
}

static void los_10_3_silhouette_only_where_crossed(void **state)
{
    (void)state;
    /* A8's woods art sits in its north-west part: a line through its south-east part
     * passes clear, a line through the art is degraded. */
    expect(los(wwii, "A7", "A9"), LNLT_LOS_DEGRADED, 1);
    expect(los(wwii, "A9", "B7"), LNLT_LOS_CLEAR, 0);
}

static void los_10_3_2_wall_between_levels_does_not_block(void **state)
{
    (void)state;
    /* Wall C8/C9 crossed on level ground, side of neither end: blocked. */
    expect(los(wwii, "C7", "C10"), LNLT_LOS_BLOCKED, 0);
    /* Wall N5/N6: blocked at ground level, but a unit on an upper floor (Level-1)
     * looks over it (a wall is only ground-cover high, ruling R-LOS-01). */
    expect(los(wwii, "N4", "N7"), LNLT_LOS_BLOCKED, 0);
    expect(los_dyn(wwii, "N4", LNLT_FLOOR_UPPER, "N7", 0, NULL), LNLT_LOS_CLEAR, 0);
}

static void los_10_3_smoke_added_and_removed(void **state)
{
    (void)state;
    uint8_t dyn[4096] = {0};
    int c = lnlt_map_index(wwii, H("H7"));
    expect(los_dyn(wwii, "H6", 0, "H8", 0, dyn), LNLT_LOS_CLEAR, 0);
    dyn[c] = LNLT_DYN_SMOKE;
    lnlt_los_result r = los_dyn(wwii, "H6", 0, "H8", 0, dyn);
    expect(r, LNLT_LOS_BLOCKED, 0);
    assert_int_equal(r.reason[r.nreason - 1].cause, LNLT_LC_SMOKE);
    dyn[c] = 0;
    expect(los_dyn(wwii, "H6", 0, "H8", 0, dyn), LNLT_LOS_CLEAR, 0);
}

static void los_10_3_2_smoke_blocks_along_its_edge(void **state)
{
    (void)state;
    /* K5 -> L7 runs along K6/L6; smoke in K6 blocks it, a wreck there does not. */
    uint8_t dyn[4096] = {0};
    dyn[lnlt_map_index(wwii, H("K6"))] = LNLT_DYN_SMOKE;
    expect(los_dyn(wwii, "K5", 0, "L7", 0, dyn), LNLT_LOS_BLOCKED, 0);
    dyn[lnlt_map_index(wwii, H("K6"))] = LNLT_DYN_WRECK;
    expect(los_dyn(wwii, "K5", 0, "L7", 0, dyn), LNLT_LOS_CLEAR, 0);
}

static void los_table_matches_direct_queries(void **state)
{
    (void)state;
    lnlt_los_table *t;
    lnlt_error err;
    assert_true(lnlt_los_table_build(wwii, &t, &err));
    uint8_t dyn[4096] = {0};
    lnlt_los_dynamic d = {dyn};
    const char *pairs[][2] = {{"M6", "M4"}, {"C6", "E5"}, {"K5", "L7"}, {"J6", "M7"}, {"E2", "F4"}, {"H6", "H8"}};
    for (int round = 0; round < 2; round++) {
        for (size_t i = 0; i < sizeof pairs / sizeof pairs[0]; i++) {
            lnlt_los_result r;
            lnlt_los(wwii, L(pairs[i][0], 0), L(pairs[i][1], 0), &d, &r);
            uint8_t v = lnlt_los_table_get(t, wwii, L(pairs[i][0], 0), L(pairs[i][1], 0), &d);
            assert_int_equal(v & 3, r.verdict);
            assert_int_equal((v >> 4) & 1, r.limited);
        }
        dyn[lnlt_map_index(wwii, H("H7"))] = LNLT_DYN_SMOKE;
    }
    lnlt_los_table_free(t);
}

/* The line-shape table and the fast hexside lookup give exactly what the hex
 * module computes (rule 10.3.2 depends on the exact trace). */
static void los_shapes_match_hex_trace(void **state)
{
    (void)state;
    lnlt_map *maps[2] = {wwii, hills};
    static lnlt_trace a, b;
    for (int k = 0; k < 2; k++) {
        lnlt_map *m = maps[k];
        for (int i = 0; i < lnlt_map_cells(m); i++) {
            if (!lnlt_map_cell_exists(m, i))
                continue;
            for (int j = 0; j < lnlt_map_cells(m); j++) {
                if (!lnlt_map_cell_exists(m, j))
                    continue;
                lnlt_hex f = map_ghex(m, i), t = map_ghex(m, j);
                assert_true(lnlt_hex_trace(f, t, &a));
                assert_true(map_trace(m, f, t, &b));
                assert_int_equal(a.count, b.count);
                for (int s = 0; s < a.count; s++) {
                    assert_int_equal(a.step[s].kind, b.step[s].kind);
                    assert_true(lnlt_hex_equal(a.step[s].a, b.step[s].a));
                    if (a.step[s].kind != LNLT_TRACE_HEX)
                        assert_true(lnlt_hex_equal(a.step[s].b, b.step[s].b));
                }
                if (lnlt_hex_distance(f, t) == 1) {
                    const lnlt_terrain *ft = lnlt_map_hexside(m, lnlt_map_hex_at(m, i), lnlt_map_hex_at(m, j));
                    int fi = map_side_feature(m, f, t);
                    assert_int_equal(ft ? (int)(ft - lnlt_map_tec(m)->t) : LNLT_NO_FEATURE, fi);
                }
            }
        }
    }
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(EX_042_upper_floor_on_level0_is_level1),
        cmocka_unit_test(EX_043_upper_floor_on_level1_hill_is_level2),
        cmocka_unit_test(EX_044_adjacent_floors_of_one_building_no_los),
        cmocka_unit_test(EX_062_outside_hex_adjacent_to_both_floors),
        cmocka_unit_test(EX_063_same_building_other_floor_not_adjacent),
        cmocka_unit_test(EX_064_upper_floor_is_its_own_location),
        cmocka_unit_test(EX_065_floors_of_one_hex_are_separate),
        cmocka_unit_test(EX_066_rooftop_adjacency),
        cmocka_unit_test(EX_067_roof_to_roof_only_within_a_building),
        cmocka_unit_test(EX_045_forest_on_level1_hill_is_level3_obstacle),
        cmocka_unit_test(EX_046_lc_building_on_level2_hill_is_level3_obstacle),
        cmocka_unit_test(EX_047_three_hex_hc_on_level1_is_level3_obstacle),
        cmocka_unit_test(EX_048_light_woods_on_level1_is_level2_obstacle),
        cmocka_unit_test(EX_049_brush_degrades_level0),
        cmocka_unit_test(EX_050_lc_building_blocks_level0),
        cmocka_unit_test(EX_051_rubble_does_not_degrade_between_upper_floors),
        cmocka_unit_test(EX_052_hill_firer_light_woods_shadow),
        cmocka_unit_test(EX_053_upper_floor_sniper_building_shadow),
        cmocka_unit_test(EX_054_higher_firer_one_hex_shadow),
        cmocka_unit_test(EX_055_clear_slope_to_I6),
        cmocka_unit_test(EX_056_slope_to_foot_of_hill),
        cmocka_unit_test(EX_057_same_level_hill_run_hides_three_hexes),
        cmocka_unit_test(EX_100_helicopter_levels),
        cmocka_unit_test(los_levels_matches_locations_and_sees_further_up),
        cmocka_unit_test(EX_058_along_wall_joining_firer_and_target),
        cmocka_unit_test(EX_059_wall_crossed_blocks_unless_side_of_end_hex),
        cmocka_unit_test(EX_060_limited_los_between_separate_buildings),
        cmocka_unit_test(EX_I09_light_woods_and_wreck_degrade_once),
        cmocka_unit_test(EX_I10_along_hedge_between_end_hexes),
        cmocka_unit_test(los_10_3_third_degrading_hex_blocks),
        cmocka_unit_test(los_10_3_end_hex_terrain_never_counts),
        cmocka_unit_test(los_10_3_silhouette_only_where_crossed),
        cmocka_unit_test(los_10_3_2_wall_between_levels_does_not_block),
        cmocka_unit_test(los_10_3_smoke_added_and_removed),
        cmocka_unit_test(los_10_3_2_smoke_blocks_along_its_edge),
        cmocka_unit_test(los_table_matches_direct_queries),
        cmocka_unit_test(los_shapes_match_hex_trace),
    };
    return cmocka_run_group_tests(tests, setup, teardown);
}
