/*
 * test_map14.c: the reconstructed Map 14 (data/maps/map14.json) against every
 * terrain and LOS fact the v5.1 vehicle and ordnance narrative states
 * (lnlt-counters-tec-scenarios.md 2.2). Rules exercised: 10.3 (degrading hexes, a
 * third one blocks), 10.3.2 (lines along a hexside), and the TEC's Wreck and
 * vehicle counters (degrading, never whole-hex) with 21.1.1 (a bunker does not
 * affect LOS). If a correction from a printed map breaks one of these, the
 * correction or the fact is wrong.
 */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
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

/* LOS both ways with wrecks (W) and vehicles (V) as the narrative has them. */
static lnlt_los_result los_with(const char *a, const char *b, const char *const *wrecks, const char *const *vehicles)
{
    static uint8_t dyn[1024];
    memset(dyn, 0, sizeof dyn);
    for (int i = 0; wrecks && wrecks[i]; i++)
        dyn[lnlt_map_index(m, H(wrecks[i]))] |= LNLT_DYN_WRECK;
    for (int i = 0; vehicles && vehicles[i]; i++)
        dyn[lnlt_map_index(m, H(vehicles[i]))] |= LNLT_DYN_VEHICLE;
    lnlt_los_result r, back;
    lnlt_loc la = {H(a), 0}, lb = {H(b), 0};
    lnlt_los_dynamic d = {dyn};
    assert_true(lnlt_los(m, la, lb, &d, &r) || r.verdict == LNLT_LOS_BLOCKED);
    lnlt_los(m, lb, la, &d, &back);
    assert_int_equal(r.verdict, back.verdict);
    assert_int_equal(r.degrade, back.degrade);
    return r;
}

static void expect(const char *a, const char *b, const char *const *wrecks, const char *const *vehicles, int verdict,
                   int degrade)
{
    lnlt_los_result r = los_with(a, b, wrecks, vehicles);
    if (r.verdict != verdict || (verdict != LNLT_LOS_BLOCKED && r.degrade != degrade))
        fail_msg("%s-%s: verdict %d with %d degrading hexes, expected %d with %d", a, b, r.verdict, r.degrade, verdict,
                 degrade);
}

static int setup(void **state)
{
    (void)state;
    lnlt_error err;
    if (!lnlt_map_load_file("data/maps/map14.json", &m, &err))
        fail_msg("%s", err.msg);
    return 0;
}

static int teardown(void **state)
{
    (void)state;
    lnlt_map_free(m);
    return 0;
}

static void expect_terrain(const char *hex, const char *terrain, bool stated)
{
    const lnlt_terrain *t = lnlt_map_terrain(m, H(hex));
    assert_non_null(t);
    if (strcmp(t->id, terrain))
        fail_msg("%s is %s, expected %s", hex, t->id, terrain);
    bool reconstructed = lnlt_map_cell(m, lnlt_map_index(m, H(hex)))->flags & LNLT_HEXF_RECONSTRUCTED;
    if (stated && reconstructed)
        fail_msg("%s is stated by the narrative but marked reconstructed", hex);
}

static void map14_terrain_facts(void **state)
{
    (void)state;
    const char *clear[] = {"E3", "E4", "F3", "F4", "G2", "H6", "I3", "I5"};
    for (size_t i = 0; i < sizeof clear / sizeof *clear; i++)
        expect_terrain(clear[i], "clear", true);
    const char *road[] = {"E5", "F6", "G6", "H7"};
    for (size_t i = 0; i < sizeof road / sizeof *road; i++) {
        expect_terrain(road[i], "road", true);
        assert_true(lnlt_map_cell(m, lnlt_map_index(m, H(road[i])))->flags & LNLT_HEXF_ROAD);
    }
    expect_terrain("D6", "lc_building", true);
    expect_terrain("F5", "light_woods", true);
    expect_terrain("F7", "light_woods", true);
    expect_terrain("G7", "brush", true);
    expect_terrain("H4", "brush", true);
    assert_int_equal(lnlt_map_terrain(m, H("D6"))->tm, 3); /* "LC Building (+3)" */
    /* hexes a stated LOS fact forces open are not reconstructed either */
    const char *forced[] = {"H5", "G4", "I4", "E6"};
    for (size_t i = 0; i < sizeof forced / sizeof *forced; i++)
        expect_terrain(forced[i], "clear", true);
    /* a filled-in hex is marked */
    assert_true(lnlt_map_cell(m, lnlt_map_index(m, H("A1")))->flags & LNLT_HEXF_RECONSTRUCTED);
    /* the map is flat and has no hexside features stated */
    for (int c = 0; c < lnlt_map_cells(m); c++)
        if (lnlt_map_cell_exists(m, c))
            assert_int_equal(lnlt_map_cell(m, c)->level, 0);
}

static void map14_los_facts(void **state)
{
    (void)state;
    const char *f6[] = {"F6", NULL};
    const char *g5[] = {"G5", NULL};
    const char *f6_g5[] = {"F6", "G5", NULL};
    const char *f4[] = {"F4", NULL};
    /* D5 -> H7: degraded once, by the Wreck in F6 */
    expect("D5", "H7", f6, NULL, LNLT_LOS_DEGRADED, 1);
    expect("D5", "H7", NULL, NULL, LNLT_LOS_CLEAR, 0);
    /* G5 -> I3: degraded once, by the Brush of H4; its Bunker does not count (21.1.1) */
    expect("G5", "I3", NULL, NULL, LNLT_LOS_DEGRADED, 1);
    /* E2 -> G5 runs along the edge of the Light Woods F5: not degraded */
    expect("E2", "G5", NULL, NULL, LNLT_LOS_CLEAR, 0);
    /* I3 -> G6 runs along a Brush hexside (H4/I4) and past the Wreck in G5: clear */
    expect("I3", "G6", g5, NULL, LNLT_LOS_CLEAR, 0);
    /* H8 -> D5: Brush G7, Light Woods F7 and the Wreck F6 are three: blocked */
    expect("H8", "D5", f6, NULL, LNLT_LOS_BLOCKED, 0);
    /* F7 -> F4: degraded twice (the Wreck F6, the Light Woods F5) */
    expect("F7", "F4", f6, NULL, LNLT_LOS_DEGRADED, 2);
    /* G2 -> D7: degraded once, by the abandoned SdKfz 251 in F4 */
    expect("G2", "D7", f6_g5, f4, LNLT_LOS_DEGRADED, 1);
    /* F8 -> F5: across F7 (Light Woods) and F6 (the Wreck), still a LOS */
    expect("F8", "F5", f6, NULL, LNLT_LOS_DEGRADED, 2);
    /* F7 -> H4: degraded once, by the Wreck in G5 */
    expect("F7", "H4", f6_g5, NULL, LNLT_LOS_DEGRADED, 1);
    /* J5 is in Medrow's LOS from F7 */
    lnlt_los_result r = los_with("F7", "J5", f6_g5, NULL);
    assert_int_not_equal(r.verdict, LNLT_LOS_BLOCKED);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(map14_terrain_facts),
        cmocka_unit_test(map14_los_facts),
    };
    return cmocka_run_group_tests(tests, setup, teardown);
}
