/*
 * test_hex.c: the hex grid (rule 1.4 conventions, 10.3.2 lines along hexsides).
 * Every range and adjacency fact quoted from the rulebooks and gameplay narratives
 * (pac-and-starter-kit.md §3.1, lnlt-counters-tec-scenarios.md §2.0), then
 * properties that must hold everywhere.
 */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <string.h>
#include <cmocka.h>

#include "lnlt/hex.h"

static lnlt_hex H(const char *id)
{
    lnlt_hex h;
    char err[128];
    if (!lnlt_hex_parse(id, &h, err, sizeof err))
        fail_msg("%s", err);
    return h;
}

/* ---- ids ---- */

static void hex_id_parse_and_format(void **state)
{
    (void)state;
    char buf[LNLT_HEX_ID_MAX];
    lnlt_hex h = H("15H7");
    assert_int_equal(h.map, 15);
    assert_int_equal(h.col, 7);
    assert_int_equal(h.row, 7);
    assert_string_equal(lnlt_hex_format(h, buf), "15H7");
    h = H("h7");
    assert_int_equal(h.map, 0);
    assert_string_equal(lnlt_hex_format(h, buf), "H7");
    h = H("1G1");
    assert_int_equal(h.map, 1);
    assert_int_equal(h.col, 6);
    assert_string_equal(lnlt_hex_format(h, buf), "1G1");
    h = H("K0");
    assert_int_equal(h.row, 0);
    h = H("AB12");
    assert_int_equal(h.col, 27);
    assert_string_equal(lnlt_hex_format(h, buf), "AB12");
}

static void hex_id_malformed_is_rejected_with_reason(void **state)
{
    (void)state;
    static const struct {
        const char *text;
        const char *reason;
    } bad[] = {
        {"", "expected a column letter"},
        {"15", "expected a column letter"},
        {"H", "expected a row number"},
        {"H7x", "unexpected characters"},
        {"0H7", "map number 0"},
        {"999H7", "map number above 255"},
        {"ABCD1", "more than two column letters"},
        {"H-1", "expected a row number"},
        {"H 7", "expected a row number"},
    };
    for (size_t i = 0; i < sizeof bad / sizeof bad[0]; i++) {
        lnlt_hex h = {99, 99, 99};
        char err[128] = "";
        assert_false(lnlt_hex_parse(bad[i].text, &h, err, sizeof err));
        if (!strstr(err, bad[i].reason))
            fail_msg("\"%s\": got \"%s\", expected \"%s\"", bad[i].text, err, bad[i].reason);
        assert_int_equal(h.col, 99); /* untouched on failure */
    }
}

/* ---- range facts from the rulebooks ---- */

typedef struct range_fact {
    const char *a, *b;
    int range;
    const char *source;
} range_fact;

static const range_fact range_facts[] = {
    {"I5", "J3", 3, "[001] narrative: Church to J3"},
    {"G6", "J3", 5, "[001] narrative: G6 to J3"},
    {"D5", "H7", 4, "counters digest 2.0"},
    {"E2", "G5", 4, "counters digest 2.0"},
    {"G2", "D7", 6, "counters digest 2.0"},
    {"H4", "I5", 2, "counters digest 2.0 (scatter H4 -> I4 -> J5 is I5's neighbour)"},
    {"F7", "C6", 3, "SK-EX-003: range 3"},
    {"C7", "F7", 3, "SK-EX-008: mortar range 3"},
    {"D6", "D8", 2, "SK-EX-010: OF range 2, not adjacent"},
    {"H4", "J5", 2, "scatter example: two hexes in direction 3"},
    {"J7", "H8", 2, "19.2.11 crash: two hexes SW (errata E5)"},
    {"H1", "K2", 3, "air-strike diagonal H1-I1-J2-K2"},
    {"H1", "E2", 3, "air-strike diagonal H1-G1-F2-E2"},
    {"I5", "I6", 1, "Church: two adjacent hexes"},
    {"G1", "G2", 1, "HC building G1+G2"},
};

static void hex_range_facts_from_rulebooks(void **state)
{
    (void)state;
    for (size_t i = 0; i < sizeof range_facts / sizeof range_facts[0]; i++) {
        const range_fact *f = &range_facts[i];
        int got = lnlt_hex_distance(H(f->a), H(f->b));
        if (got != f->range)
            fail_msg("%s-%s: range %d, expected %d (%s)", f->a, f->b, got, f->range, f->source);
        assert_int_equal(lnlt_hex_distance(H(f->b), H(f->a)), f->range);
    }
}

typedef struct adj_fact {
    const char *a, *b;
    int adjacent;
    const char *source;
} adj_fact;

static const adj_fact adjacency_facts[] = {
    {"D8", "C7", 1, "SK-EX-014: hero enters adjacent C7 from D8"},
    {"E5", "D6", 1, "SK example of play"},
    {"K4", "J5", 1, "[001] narrative"},
    {"E8", "D8", 1, "SK-EX-014: squad moved E8 then D8"},
    {"G5", "G4", 1, "EX-061: G5 adjacent to G4"},
    {"G1", "G2", 1, "EX-062: G1 adjacent to G2"},
    {"F2", "G2", 1, "EX-063: F2 adjacent to G2"},
    {"J6", "J5", 1, "EX-117: Claymore in J6 vs J5"},
    {"I5", "I4", 1, "I5-J3 runs via I4"},
    {"I4", "J4", 1, "I5-J3 runs via I4/J4"},
    {"J4", "J3", 1, "I5-J3 runs via J4"},
    {"G6", "H6", 1, "G6-J3 path"},
    {"H6", "H5", 1, "G6-J3 path"},
    {"H5", "I4", 1, "G6-J3 path"},
    {"I4", "I3", 1, "G6-J3 path"},
    {"I3", "J3", 1, "G6-J3 path"},
    {"H1", "I1", 1, "air-strike diagonal"},
    {"I1", "J2", 1, "air-strike diagonal"},
    {"J2", "K2", 1, "air-strike diagonal"},
    {"H1", "G1", 1, "air-strike diagonal"},
    {"G1", "F2", 1, "air-strike diagonal"},
    {"F2", "E2", 1, "air-strike diagonal"},
    {"G6", "G7", 1, "F7-H7 runs along the G6/G7 hexside"},
    {"G6", "F7", 1, "G6/G7 hexside neighbours F7"},
    {"K6", "L6", 1, "wall hexside K6/L6"},
    {"K2", "L2", 1, "hedge hexside K2/L2"},
    {"J1", "J2", 1, "hedge hexside J1/J2"},
    {"K2", "K3", 1, "hedge hexside K2/K3"},
    {"F4", "G4", 1, "wall hexside F4/G4"},
    {"G4", "H5", 1, "wall hexside G4/H5"},
    {"H3", "H4", 1, "wall hexside H3/H4"},
    {"D6", "D8", 0, "SK-EX-010: not adjacent"},
    {"I4", "J3", 0, "I5-J3 needs three steps"},
    {"I5", "J3", 0, "range 3"},
};

static void hex_adjacency_facts_from_rulebooks(void **state)
{
    (void)state;
    for (size_t i = 0; i < sizeof adjacency_facts / sizeof adjacency_facts[0]; i++) {
        const adj_fact *f = &adjacency_facts[i];
        bool got = lnlt_hex_adjacent(H(f->a), H(f->b));
        if (got != (bool)f->adjacent)
            fail_msg("%s-%s: adjacent=%d, expected %d (%s)", f->a, f->b, got, f->adjacent, f->source);
        assert_int_equal(lnlt_hex_distance(H(f->a), H(f->b)) == 1, f->adjacent);
    }
}

static void hex_neighbours_of_J4(void **state)
{
    (void)state;
    /* counters digest 2.0: the neighbours of J4 are I3, I4, J3, J5, K3, K4. */
    const char *expect[7] = {"", "J3", "K3", "K4", "J5", "I4", "I3"};
    char buf[LNLT_HEX_ID_MAX];
    for (int d = 1; d <= 6; d++)
        assert_string_equal(lnlt_hex_format(lnlt_hex_neighbor(H("J4"), (lnlt_dir)d), buf), expect[d]);
}

static void hex_directions_scatter_example(void **state)
{
    (void)state;
    /* Scatter example: from H4 two hexes in direction 3 (SE) land in J5 via I4. */
    lnlt_hex h = lnlt_hex_neighbor(H("H4"), LNLT_DIR_SE);
    assert_true(lnlt_hex_equal(h, H("I4")));
    h = lnlt_hex_neighbor(h, LNLT_DIR_SE);
    assert_true(lnlt_hex_equal(h, H("J5")));
    /* Helicopter crash (errata E5): from J7 two hexes in direction 5 (SW) is H8. */
    h = lnlt_hex_neighbor(lnlt_hex_neighbor(H("J7"), LNLT_DIR_SW), LNLT_DIR_SW);
    assert_true(lnlt_hex_equal(h, H("H8")));
    /* "The half-hex above G1" exists: G1's north neighbour is row 0. */
    assert_true(lnlt_hex_equal(lnlt_hex_neighbor(H("G1"), LNLT_DIR_N), H("G0")));
}

/* ---- properties over a 20 x 20 block ---- */

static void hex_properties_distance_symmetry_triangle_neighbours(void **state)
{
    (void)state;
    enum { N = 12 };
    for (int c1 = 0; c1 < N; c1++)
        for (int r1 = 0; r1 < N; r1++) {
            lnlt_hex a = {(int16_t)c1, (int16_t)r1, 0};
            assert_int_equal(lnlt_hex_distance(a, a), 0);
            for (int d = 1; d <= 6; d++) {
                lnlt_hex n = lnlt_hex_neighbor(a, (lnlt_dir)d);
                assert_int_equal(lnlt_hex_distance(a, n), 1);
                assert_int_equal(lnlt_hex_direction_to(a, n), d);
                /* going back the opposite way returns home */
                int back = (d + 2) % 6 + 1;
                assert_true(lnlt_hex_equal(lnlt_hex_neighbor(n, (lnlt_dir)back), a));
                /* the shared hexside is the same value from both sides */
                lnlt_hexside s1, s2;
                assert_true(lnlt_hexside_between(a, n, &s1));
                assert_true(lnlt_hexside_between(n, a, &s2));
                assert_true(lnlt_hexside_equal(s1, s2));
            }
            for (int c2 = 0; c2 < N; c2 += 3)
                for (int r2 = 0; r2 < N; r2 += 2) {
                    lnlt_hex b = {(int16_t)c2, (int16_t)r2, 0};
                    int ab = lnlt_hex_distance(a, b);
                    assert_int_equal(ab, lnlt_hex_distance(b, a));
                    for (int c3 = 1; c3 < N; c3 += 4)
                        for (int r3 = 1; r3 < N; r3 += 3) {
                            lnlt_hex c = {(int16_t)c3, (int16_t)r3, 0};
                            assert_true(ab <= lnlt_hex_distance(a, c) + lnlt_hex_distance(c, b));
                        }
                }
        }
}

static void hex_vertices_shared_by_three_hexes(void **state)
{
    (void)state;
    for (int c = 0; c < 6; c++)
        for (int r = 1; r < 6; r++) {
            lnlt_hex h = {(int16_t)c, (int16_t)r, 0};
            lnlt_point ctr = lnlt_hex_center(h);
            for (int k = 0; k < 6; k++) {
                lnlt_vertex v = lnlt_vertex_of(h, k);
                lnlt_hex three[3];
                lnlt_vertex_hexes(v, three);
                int mine = 0;
                for (int i = 0; i < 3; i++) {
                    mine += lnlt_hex_equal(three[i], h);
                    for (int j = i + 1; j < 3; j++)
                        assert_true(lnlt_hex_adjacent(three[i], three[j]));
                    /* every one of the three has the same canonical corner */
                    int found = 0;
                    for (int kk = 0; kk < 6; kk++)
                        found += lnlt_vertex_equal(lnlt_vertex_of(three[i], kk), v);
                    assert_int_equal(found, 1);
                }
                assert_int_equal(mine, 1);
                /* the corner lies at one of the six lattice corner offsets */
                lnlt_point p = lnlt_vertex_point(v);
                int dx = p.x - ctr.x, dy = p.y - ctr.y;
                assert_true((dx == 2 || dx == -2) ? dy == 0 : ((dx == 1 || dx == -1) && (dy == 1 || dy == -1)));
            }
        }
    /* Vehicle facing: "D5 facing the D6/E5 vertex" names a real corner of D5. */
    lnlt_vertex v;
    assert_true(lnlt_vertex_between(H("D5"), H("D6"), H("E5"), &v));
    lnlt_hex three[3];
    lnlt_vertex_hexes(v, three);
    int seen = 0;
    for (int i = 0; i < 3; i++)
        seen += lnlt_hex_equal(three[i], H("D5")) + lnlt_hex_equal(three[i], H("D6")) +
                lnlt_hex_equal(three[i], H("E5"));
    assert_int_equal(seen, 3);
    assert_false(lnlt_vertex_between(H("D5"), H("D6"), H("D4"), &v));
}

/* ---- lines (10.3.2) ---- */

static int find_step(const lnlt_trace *t, int kind, const char *a, const char *b)
{
    for (int i = 0; i < t->count; i++) {
        const lnlt_trace_step *s = &t->step[i];
        if (s->kind != kind)
            continue;
        if (kind == LNLT_TRACE_HEX && lnlt_hex_equal(s->a, H(a)))
            return i;
        if (kind != LNLT_TRACE_HEX && ((lnlt_hex_equal(s->a, H(a)) && lnlt_hex_equal(s->b, H(b))) ||
                                       (lnlt_hex_equal(s->a, H(b)) && lnlt_hex_equal(s->b, H(a)))))
            return i;
    }
    return -1;
}

static int hexes_in_trace(const lnlt_trace *t)
{
    int n = 0;
    for (int i = 0; i < t->count; i++)
        n += t->step[i].kind == LNLT_TRACE_HEX;
    return n;
}

static void hex_line_K5_L7_runs_along_K6_L6(void **state)
{
    (void)state;
    lnlt_trace t;
    assert_true(lnlt_hex_trace(H("K5"), H("L7"), &t));
    assert_int_equal(t.count, 3);
    assert_int_equal(find_step(&t, LNLT_TRACE_HEX, "K5", NULL), 0);
    assert_int_equal(find_step(&t, LNLT_TRACE_ALONG, "K6", "L6"), 1);
    assert_int_equal(find_step(&t, LNLT_TRACE_HEX, "L7", NULL), 2);
}

static void hex_line_K1_L3_runs_along_K2_L2(void **state)
{
    (void)state;
    lnlt_trace t;
    assert_true(lnlt_hex_trace(H("K1"), H("L3"), &t));
    assert_int_equal(t.count, 3);
    assert_int_equal(find_step(&t, LNLT_TRACE_ALONG, "K2", "L2"), 1);
    /* and backwards the same hexside */
    assert_true(lnlt_hex_trace(H("L3"), H("K1"), &t));
    assert_int_equal(find_step(&t, LNLT_TRACE_ALONG, "K2", "L2"), 1);
}

static void hex_line_K4_I6_through_J5_J6_midpoint(void **state)
{
    (void)state;
    /* Ruling R-HEX-01: the line crosses the J5/J6 hexside at its midpoint. */
    lnlt_trace t;
    assert_true(lnlt_hex_trace(H("K4"), H("I6"), &t));
    int j5 = find_step(&t, LNLT_TRACE_HEX, "J5", NULL), j6 = find_step(&t, LNLT_TRACE_HEX, "J6", NULL);
    int side = find_step(&t, LNLT_TRACE_CROSS, "J5", "J6");
    assert_true(j5 > 0 && side == j5 + 1 && j6 == side + 1);
    assert_int_equal(hexes_in_trace(&t), 4);
    lnlt_hexside s;
    lnlt_point p, q, a = lnlt_hex_center(H("K4")), b = lnlt_hex_center(H("I6"));
    assert_true(lnlt_hexside_between(H("J5"), H("J6"), &s));
    lnlt_hexside_endpoints(s, &p, &q);
    /* midpoint (doubled to stay integral) lies on the segment a-b */
    int64_t mx = p.x + q.x - 2 * a.x, my = p.y + q.y - 2 * a.y;
    int64_t dx = b.x - a.x, dy = b.y - a.y;
    assert_int_equal(mx * dy - my * dx, 0);
}

static void hex_line_I5_J3_and_G6_J3_paths(void **state)
{
    (void)state;
    /* [001]: I5-J3 runs via I4/J4; G6-J3 via H6, H5, I4, I3/J4. */
    lnlt_trace t;
    assert_true(lnlt_hex_trace(H("I5"), H("J3"), &t));
    assert_true(find_step(&t, LNLT_TRACE_HEX, "I4", NULL) > 0);
    assert_true(find_step(&t, LNLT_TRACE_HEX, "J4", NULL) > 0);
    assert_int_equal(hexes_in_trace(&t), 4);
    assert_true(lnlt_hex_trace(H("G6"), H("J3"), &t));
    const char *path[] = {"G6", "H6", "H5", "I4", "J3"};
    int last = -1;
    for (int i = 0; i < 5; i++) {
        int at = find_step(&t, LNLT_TRACE_HEX, path[i], NULL);
        assert_true(at > last);
        last = at;
    }
}

static void hex_line_F7_H7_along_G6_G7(void **state)
{
    (void)state;
    /* v5.1 limited LOS: F7-H7 runs along the hexside between G6 and G7. */
    lnlt_trace t;
    assert_true(lnlt_hex_trace(H("F7"), H("H7"), &t));
    assert_int_equal(t.count, 3);
    assert_int_equal(find_step(&t, LNLT_TRACE_ALONG, "G6", "G7"), 1);
}

static void hex_line_properties(void **state)
{
    (void)state;
    /* Every consecutive pair of steps is connected, the trace starts and ends in
     * the end hexes, and it is the same set of places traced either way. */
    for (int c1 = 0; c1 < 8; c1++)
        for (int r1 = 1; r1 < 8; r1++)
            for (int c2 = 0; c2 < 8; c2++)
                for (int r2 = 1; r2 < 8; r2++) {
                    lnlt_hex a = {(int16_t)c1, (int16_t)r1, 0}, b = {(int16_t)c2, (int16_t)r2, 0};
                    lnlt_trace f, g;
                    assert_true(lnlt_hex_trace(a, b, &f));
                    assert_true(lnlt_hex_trace(b, a, &g));
                    assert_int_equal(f.count, g.count);
                    assert_true(lnlt_hex_equal(f.step[0].a, a));
                    assert_true(lnlt_hex_equal(f.step[f.count - 1].a, b));
                    int hexes = 0;
                    for (int i = 0; i < f.count; i++) {
                        const lnlt_trace_step *s = &f.step[i];
                        const lnlt_trace_step *m = &g.step[g.count - 1 - i];
                        assert_int_equal(s->kind, m->kind);
                        if (s->kind == LNLT_TRACE_HEX) {
                            hexes++;
                            assert_true(lnlt_hex_equal(s->a, m->a));
                        } else {
                            assert_true(lnlt_hex_adjacent(s->a, s->b));
                        }
                        if (s->kind == LNLT_TRACE_CROSS) {
                            assert_true(lnlt_hex_equal(s->a, f.step[i - 1].a));
                            assert_true(lnlt_hex_equal(s->b, f.step[i + 1].a));
                        }
                    }
                    /* a line crosses between 1 and 2*range+1 hexes */
                    assert_true(hexes >= 1 && hexes <= 2 * lnlt_hex_distance(a, b) + 1);
                }
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(hex_id_parse_and_format),
        cmocka_unit_test(hex_id_malformed_is_rejected_with_reason),
        cmocka_unit_test(hex_range_facts_from_rulebooks),
        cmocka_unit_test(hex_adjacency_facts_from_rulebooks),
        cmocka_unit_test(hex_neighbours_of_J4),
        cmocka_unit_test(hex_directions_scatter_example),
        cmocka_unit_test(hex_properties_distance_symmetry_triangle_neighbours),
        cmocka_unit_test(hex_vertices_shared_by_three_hexes),
        cmocka_unit_test(hex_line_K5_L7_runs_along_K6_L6),
        cmocka_unit_test(hex_line_K1_L3_runs_along_K2_L2),
        cmocka_unit_test(hex_line_K4_I6_through_J5_J6_midpoint),
        cmocka_unit_test(hex_line_I5_J3_and_G6_J3_paths),
        cmocka_unit_test(hex_line_F7_H7_along_G6_G7),
        cmocka_unit_test(hex_line_properties),
    };
    return cmocka_run_group_tests_name("hex", tests, NULL, NULL);
}
