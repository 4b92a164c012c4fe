/*
 * test_map_tables.c: the tables a map and a ctx keep for the engine's speed say
 * exactly what the general functions say (rules 1.4, 10.2, 10.3, 10.4.1, 10.6,
 * 22.0): every map's neighbour and floor tables, the line shapes replayed
 * backwards, and the engine's location adjacency, leader reach, zone and edge
 * tables of each shipped scenario, checked entry by entry against the
 * computation they replace; and hex ids and directions worked out without
 * printf or a search of the neighbours.
 */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <string.h>
#include <cmocka.h>

#include "lnlt/game.h"
#include "lnlt/map.h"
#include "lnlt/scenario.h"
#include "map/map_internal.h"
#include "rules/internal.h"

static const char *const maps[] = {"data/maps/map15.json",
                                   "data/maps/map1.json",
                                   "tests/fixtures/maps/floors.json",
                                   "tests/fixtures/maps/board_92_93.json",
                                   "tests/fixtures/maps/los_hills.json",
                                   "tests/fixtures/maps/sk_example.json"};

static lnlt_map *load(const char *path)
{
    lnlt_map *m;
    lnlt_error err;
    if (!lnlt_map_load_file(path, &m, &err))
        fail_msg("%s", err.msg);
    return m;
}

/* The neighbour of each cell in each direction is lnlt_map_index of
 * lnlt_hex_neighbor, and its floors are the locations lnlt_map_loc_level knows. */
static void neighbour_and_floor_tables_match_the_map(void **state)
{
    (void)state;
    for (size_t i = 0; i < sizeof maps / sizeof maps[0]; i++) {
        lnlt_map *m = load(maps[i]);
        int checked = 0;
        for (int c = 0; c < lnlt_map_cells(m); c++) {
            if (!lnlt_map_cell_exists(m, c)) {
                assert_int_equal(lnlt_map_floors(m, c), 0);
                continue;
            }
            lnlt_hex h = lnlt_map_hex_at(m, c);
            assert_int_equal(lnlt_map_index(m, h), c);
            assert_int_equal(lnlt_map_neighbor(m, c, 0), c);
            for (int d = 1; d <= 6; d++)
                assert_int_equal(lnlt_map_neighbor(m, c, d), lnlt_map_index(m, lnlt_hex_neighbor(h, (lnlt_dir)d)));
            /* the move costs between cells are those between their hexes */
            for (int d = 0; d <= 6; d++) {
                int n = lnlt_map_neighbor(m, c, d);
                if (n < 0)
                    continue;
                lnlt_hex g = lnlt_map_hex_at(m, n);
                assert_int_equal(lnlt_map_road_link_cells(m, c, n), lnlt_map_road_link(m, h, g));
                for (int mv = 0; mv < LNLT_MOVER_COUNT; mv++) {
                    assert_int_equal(lnlt_map_step_mp2_cells(m, c, n, (lnlt_mover)mv), lnlt_map_step_mp2(m, h, g, (lnlt_mover)mv));
                    assert_int_equal(lnlt_map_climb_mp2_cells(m, c, n, (lnlt_mover)mv), lnlt_map_climb_mp2(m, h, g, (lnlt_mover)mv));
                    assert_int_equal(lnlt_map_hexside_mp2_cells(m, c, n, (lnlt_mover)mv),
                                     lnlt_map_hexside_mp2(m, h, g, (lnlt_mover)mv));
                }
            }
            for (int f = 0; f < 3; f++) {
                lnlt_loc l = {h, (uint8_t)f};
                int lv;
                assert_int_equal((lnlt_map_floors(m, c) >> f) & 1, lnlt_map_loc_level(m, l, &lv));
            }
            checked++;
        }
        assert_true(checked > 0);
        assert_int_equal(lnlt_map_neighbor(m, -1, 1), -1);
        assert_int_equal(lnlt_map_floors(m, lnlt_map_cells(m)), 0);
        lnlt_map_free(m);
    }
}

/* The map stores one line per shape and builds half of them by running the
 * other half backwards: every stored shape is what lnlt_hex_trace gives. */
static void line_shapes_equal_traces_both_ways(void **state)
{
    (void)state;
    for (size_t i = 0; i < sizeof maps / sizeof maps[0]; i++) {
        lnlt_map *m = load(maps[i]);
        int cols, rows, shapes = 0;
        lnlt_map_extent(m, &cols, &rows);
        for (int par = 0; par < 2; par++)
            for (int dc = -(cols - 1); dc <= cols - 1; dc++)
                for (int dr = -rows; dr <= rows; dr++) {
                    lnlt_hex f = {(int16_t)(40 + par), 40, 0}, t = {(int16_t)(f.col + dc), (int16_t)(f.row + dr), 0};
                    lnlt_trace a, b;
                    bool oka = map_trace(m, f, t, &a), okb = lnlt_hex_trace(f, t, &b);
                    assert_int_equal(oka, okb);
                    if (!oka)
                        continue;
                    assert_int_equal(a.count, b.count);
                    for (int k = 0; k < a.count; k++) {
                        assert_int_equal(a.step[k].kind, b.step[k].kind);
                        assert_true(lnlt_hex_equal(a.step[k].a, b.step[k].a) && lnlt_hex_equal(a.step[k].b, b.step[k].b));
                    }
                    shapes++;
                }
        assert_true(shapes > 0);
        lnlt_map_free(m);
    }
}

/* The engine's tables of each shipped scenario: the adjacent locations and the
 * leader's reach of every location, the hexes of every zone and map edge, as
 * computed without tables. */
static void engine_tables_match_the_rules(void **state)
{
    (void)state;
    static const char *const scenarios[] = {"data/scenarios/sk1_assault_on_vierville.json",
                                            "data/scenarios/sk4_a_friend_in_need.json",
                                            "data/scenarios/training_infantry_narrative.json"};
    for (size_t s = 0; s < sizeof scenarios / sizeof scenarios[0]; s++) {
        lnlt_ctx ctx;
        lnlt_error err;
        if (!lnlt_ctx_open(scenarios[s], &ctx, &err))
            fail_msg("%s", err.msg);
        assert_non_null(ctx.tables);
        lnlt_ctx bare = ctx;
        bare.tables = NULL;
        int cells = lnlt_map_cells(ctx.map), lists = 0;
        for (int c = 0; c < cells; c++)
            for (int f = 0; f < LNLT_FLOORS; f++) {
                int loc = lnlt_location(c, f);
                if (!rules_loc_exists(&ctx, loc))
                    continue;
                int x[32], y[32];
                int nx = rules_loc_neighbors(&ctx, loc, x, 32), ny = rules_loc_neighbors(&bare, loc, y, 32);
                assert_int_equal(nx, ny);
                assert_memory_equal(x, y, sizeof x[0] * (size_t)nx);
                nx = rules_leader_range(&ctx, loc, x, 32);
                ny = rules_leader_range(&bare, loc, y, 32);
                assert_int_equal(nx, ny);
                assert_memory_equal(x, y, sizeof x[0] * (size_t)nx);
                lists++;
            }
        for (int z = 0; z < ctx.scenario->zone_count; z++)
            for (int c = 0; c < cells; c++)
                if (lnlt_map_cell_exists(ctx.map, c))
                    assert_int_equal(rules_zone_has(&ctx, z, c),
                                     lnlt_scenario_zone_has(ctx.scenario, z, &ctx.map, 1, lnlt_map_hex_at(ctx.map, c)));
        static const int edges[4] = {LNLT_EDGE_N, LNLT_EDGE_E, LNLT_EDGE_S, LNLT_EDGE_W};
        for (int e = 0; e < 4; e++)
            for (int c = 0; c < cells; c++)
                if (lnlt_map_cell_exists(ctx.map, c))
                    assert_int_equal(rules_on_edge(&ctx, c, edges[e]), rules_on_edge_compute(&bare, c, edges[e]));
        /* 22.0: the entry hexes of a zone or of any set of edges (rules_table_entry_cells) */
        for (int z = -1; z < ctx.scenario->zone_count; z++)
            for (unsigned mask = 0; mask < 16; mask++) {
                uint8_t set[LNLT_MAX_CELLS / 8];
                assert_true(rules_table_entry_cells(&ctx, z, mask, set));
                for (int c = 0; c < LNLT_MAX_CELLS; c++) {
                    bool in = c < cells && lnlt_map_cell_exists(ctx.map, c) &&
                              ((z >= 0 && rules_zone_has(&bare, z, c)) || ((mask & LNLT_EDGE_N) && rules_on_edge_compute(&bare, c, LNLT_EDGE_N)) ||
                               ((mask & LNLT_EDGE_E) && rules_on_edge_compute(&bare, c, LNLT_EDGE_E)) ||
                               ((mask & LNLT_EDGE_S) && rules_on_edge_compute(&bare, c, LNLT_EDGE_S)) ||
                               ((mask & LNLT_EDGE_W) && rules_on_edge_compute(&bare, c, LNLT_EDGE_W)));
                    assert_int_equal(lnlt_bit(set, c), in);
                }
            }
        /* and each force's entry hexes, listed and asked one by one, for both sides */
        static lnlt_state st;
        lnlt_state_init(&st, &ctx, 1);
        for (int side = 1; side <= 2; side++) {
            st.impulse_side = (uint8_t)side;
            for (int f = 0; f < ctx.scenario->force_count && f < LNLT_MAX_FORCES; f++) {
                int x[LNLT_MAX_CELLS], y[LNLT_MAX_CELLS];
                int nx = rules_entry_cells(&ctx, &st, f, x, LNLT_MAX_CELLS), ny = rules_entry_cells(&bare, &st, f, y, LNLT_MAX_CELLS);
                assert_int_equal(nx, ny);
                assert_memory_equal(x, y, sizeof x[0] * (size_t)nx);
                for (int c = 0, k = 0; c < cells; c++) {
                    bool listed = k < nx && x[k] == c;
                    k += listed;
                    assert_int_equal((rules_entry_forces_at(&ctx, &st, c) >> f) & 1, listed);
                }
            }
        }
        int in_play = 0; /* 22.0: hexes outside the playable area are not in play */
        for (int c = 0; c < cells; c++)
            in_play += rules_loc_exists(&ctx, lnlt_location(c, LNLT_FLOOR_GROUND));
        assert_true(lists >= in_play && in_play > 0);
        lnlt_ctx_close(&ctx);
    }
}

/* lnlt_hex_format writes hex ids by hand (the engine names hexes in every log
 * line): the same text as the printf formats it replaced. */
static void hex_ids_are_written_as_printf_writes_them(void **state)
{
    (void)state;
    for (int map = 0; map < 256; map += 17)
        for (int col = 0; col < 26 * 27; col += map ? 7 : 1)
            for (int row = -12; row <= 130; row++) {
                lnlt_hex h = {(int16_t)col, (int16_t)row, (uint8_t)map};
                char got[LNLT_HEX_ID_MAX], want[LNLT_HEX_ID_MAX], letters[4];
                if (col >= 26)
                    snprintf(letters, sizeof letters, "%c%c", 'A' + col / 26 - 1, 'A' + col % 26);
                else
                    snprintf(letters, sizeof letters, "%c", 'A' + col);
                if (map)
                    snprintf(want, sizeof want, "%u%s%d", (unsigned)map, letters, row);
                else
                    snprintf(want, sizeof want, "%s%d", letters, row);
                assert_string_equal(lnlt_hex_format(h, got), want);
            }
    lnlt_hex extreme = {5, -32768, 255};
    char got[LNLT_HEX_ID_MAX];
    assert_string_equal(lnlt_hex_format(extreme, got), "255F-32768");
}

/* lnlt_hex_direction_to computes the direction from the column and row steps:
 * the direction whose lnlt_hex_neighbor is the other hex, or 0. */
static void direction_to_reads_neighbor_backwards(void **state)
{
    (void)state;
    for (int col = -3; col < 40; col++)
        for (int row = -3; row < 40; row++)
            for (int dc = -2; dc <= 2; dc++)
                for (int dr = -2; dr <= 2; dr++) {
                    lnlt_hex a = {(int16_t)col, (int16_t)row, 0}, b = {(int16_t)(col + dc), (int16_t)(row + dr), 3};
                    int want = 0;
                    for (int d = 1; d <= 6 && !want; d++) {
                        lnlt_hex n = lnlt_hex_neighbor(a, (lnlt_dir)d);
                        if (n.col == b.col && n.row == b.row)
                            want = d;
                    }
                    assert_int_equal(lnlt_hex_direction_to(a, b), want);
                    assert_int_equal(lnlt_hex_adjacent(a, b), want != 0);
                }
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(direction_to_reads_neighbor_backwards),
        cmocka_unit_test(hex_ids_are_written_as_printf_writes_them),
        cmocka_unit_test(neighbour_and_floor_tables_match_the_map),
        cmocka_unit_test(line_shapes_equal_traces_both_ways),
        cmocka_unit_test(engine_tables_match_the_rules),
    };
    return cmocka_run_group_tests_name("map_tables", tests, NULL, NULL);
}
