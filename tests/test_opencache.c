/*
 * test_opencache.c: the opening cache (src/util/opencache.c, docs/performance.md):
 * a file is read back only when this program wrote it for the same inputs and it
 * is whole; the counter catalog, the maps and the LOS table read from it are the
 * ones computed from the data files.
 */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <cmocka.h>
#include <sys/stat.h>
#include <unistd.h>

#include "lnlt/data.h"
#include "lnlt/hex.h"
#include "lnlt/map.h"
#include "lnlt/sandbox.h"
#include "map/map_internal.h"
#include "util/opencache.h"

static char dir[64];

static int make_dir(void **state)
{
    (void)state;
    snprintf(dir, sizeof dir, "/tmp/lnlt-opencache-XXXXXX");
    if (!mkdtemp(dir))
        return -1;
    return setenv("LNLT_CACHE_DIR", dir, 1);
}

static int remove_dir(void **state)
{
    (void)state;
    char cmd[128];
    snprintf(cmd, sizeof cmd, "rm -rf %s", dir);
    unsetenv("LNLT_CACHE_DIR");
    return system(cmd);
}

/* The one file of `kind` in the cache directory, changed at byte `at` (from its
 * end when negative) or cut to `cut` bytes. */
static void damage(const char *kind, uint64_t digest, long at, long cut)
{
    char path[256];
    snprintf(path, sizeof path, "%s/%s-%016llx.bin", dir, kind, (unsigned long long)digest);
    FILE *f = fopen(path, "r+b");
    assert_non_null(f);
    if (cut >= 0) {
        assert_int_equal(ftruncate(fileno(f), cut), 0);
    } else {
        fseek(f, at, at < 0 ? SEEK_END : SEEK_SET);
        int c = fgetc(f);
        fseek(f, at, at < 0 ? SEEK_END : SEEK_SET);
        fputc(c ^ 0x40, f);
    }
    fclose(f);
}

static void opencache_reads_back_only_its_own_whole_files(void **state)
{
    (void)state;
    uint64_t data[100], back[100];
    for (int i = 0; i < 100; i++)
        data[i] = (uint64_t)i * 0x9e3779b97f4a7c15ull;
    oc_part w = {data, sizeof data}, r = {back, sizeof back};
    lnlt_error err = {{0}};
    assert_true(oc_write("t", 42, &w, 1, &err));
    memset(back, 0, sizeof back);
    assert_true(oc_read("t", 42, &r, 1));
    assert_memory_equal(back, data, sizeof data);
    assert_false(oc_read("t", 43, &r, 1)); /* other inputs: no such file */
    oc_part small = {back, sizeof back - 8};
    assert_false(oc_read("t", 42, &small, 1)); /* another size */
    damage("t", 42, -5, -1);                   /* a byte of the contents */
    assert_false(oc_read("t", 42, &r, 1));
    assert_true(oc_write("t", 42, &w, 1, &err));
    damage("t", 42, 9, -1); /* the writer's build id */
    assert_false(oc_read("t", 42, &r, 1));
    assert_true(oc_write("t", 42, &w, 1, &err));
    damage("t", 42, 0, 200); /* cut short */
    assert_false(oc_read("t", 42, &r, 1));
    setenv("LNLT_CACHE_DIR", "", 1); /* off */
    assert_false(oc_read("t", 42, &r, 1));
    assert_false(oc_write("t", 42, &w, 1, &err));
    setenv("LNLT_CACHE_DIR", dir, 1);
}

static void opencache_catalog_is_the_linked_files(void **state)
{
    (void)state;
    lnlt_error err = {{0}};
    lnlt_catalog *parsed, *cached;
    assert_true(lnlt_catalog_load_dir("data", &parsed, &err));
    assert_true(lnlt_catalog_cache_write("data", &err));
    assert_true(lnlt_catalog_load_dir("data", &cached, &err));
    assert_int_equal(cached->unit_count, parsed->unit_count);
    assert_int_equal(cached->file_count, parsed->file_count);
    assert_int_equal(lnlt_catalog_unit(cached, parsed->unit[3].id), 3);
    assert_memory_equal(cached->unit, parsed->unit, sizeof parsed->unit);
    assert_memory_equal(cached->file_name, parsed->file_name, sizeof parsed->file_name);
    lnlt_catalog_free(parsed);
    lnlt_catalog_free(cached);
}

static void opencache_los_table_and_shapes_are_the_traced_ones(void **state)
{
    (void)state;
    lnlt_error err = {{0}};
    lnlt_map *m;
    assert_true(lnlt_map_load_file("data/maps/map1.json", &m, &err));
    lnlt_los_table *traced, *cached, *refused;
    assert_true(lnlt_los_table_build(m, &traced, &err));
    assert_false(map_los_table_from_cache(traced));
    assert_true(lnlt_los_table_cache_write(m, &err));
    assert_true(lnlt_los_table_build(m, &cached, &err));
    assert_true(map_los_table_from_cache(cached));
    int n = lnlt_map_cells(m), compared = 0;
    for (int a = 0; a < n; a++)
        for (int b = 0; b < n; b++) {
            if (!lnlt_map_cell_exists(m, a) || !lnlt_map_cell_exists(m, b))
                continue;
            lnlt_loc la = {lnlt_map_hex_at(m, a), LNLT_FLOOR_GROUND}, lb = {lnlt_map_hex_at(m, b), LNLT_FLOOR_GROUND};
            for (int f = 0; f < 3; f++) {
                la.floor = lb.floor = (uint8_t)f;
                assert_int_equal(lnlt_los_table_get(cached, m, la, lb, NULL), lnlt_los_table_get(traced, m, la, lb, NULL));
                compared++;
            }
        }
    assert_true(compared > 1000);
    /* a second copy of the map takes its line shapes from the cache too: the
     * lines it traces along them are the ones traced from scratch */
    lnlt_map *again;
    lnlt_los_table *again_table;
    assert_true(lnlt_map_load_file("data/maps/map1.json", &again, &err));
    assert_true(lnlt_los_table_build(again, &again_table, &err));
    assert_true(map_los_table_from_cache(again_table));
    assert_true(map_shapes_pack(again, NULL, 0) == map_shapes_pack(m, NULL, 0));
    for (int a = 0; a < n; a += 3)
        for (int b = 0; b < n; b += 5) {
            lnlt_trace shaped, direct;
            lnlt_hex ha = map_ghex(again, a), hb = map_ghex(again, b);
            bool ok1 = map_trace(again, ha, hb, &shaped), ok2 = lnlt_hex_trace(ha, hb, &direct);
            assert_int_equal(ok1, ok2);
            assert_int_equal(shaped.count, direct.count);
            for (int i = 0; ok1 && i < direct.count; i++) {
                assert_int_equal(shaped.step[i].kind, direct.step[i].kind);
                assert_true(lnlt_hex_equal(shaped.step[i].a, direct.step[i].a));
                assert_true(lnlt_hex_equal(shaped.step[i].b, direct.step[i].b));
            }
        }
    lnlt_los_table_free(again_table);
    lnlt_map_free(again);
    /* a table of another map is not this one's */
    m->cell[lnlt_map_cells(m) / 2].level++;
    assert_true(lnlt_los_table_build(m, &refused, &err));
    assert_false(map_los_table_from_cache(refused));
    lnlt_los_table_free(traced);
    lnlt_los_table_free(cached);
    lnlt_los_table_free(refused);
    lnlt_map_free(m);
}

/* Every field and array of two loaded maps, except where their memory is. */
static void assert_same_map(const lnlt_map *a, const lnlt_map *b)
{
    assert_string_equal(a->name, b->name);
    assert_memory_equal(&a->tec, &b->tec, sizeof a->tec);
    assert_int_equal(a->nsheet, b->nsheet);
    assert_memory_equal(a->sheet, b->sheet, sizeof a->sheet);
    assert_int_equal(a->cols, b->cols);
    assert_int_equal(a->rows, b->rows);
    assert_int_equal(a->stride, b->stride);
    assert_int_equal(a->ncell, b->ncell);
    size_t n = (size_t)a->ncell;
    assert_memory_equal(a->cell, b->cell, n * sizeof *a->cell);
    assert_memory_equal(a->exists, b->exists, n);
    assert_memory_equal(a->owner, b->owner, n);
    assert_int_equal(a->nbuild, b->nbuild);
    if (a->nbuild)
        assert_memory_equal(a->build, b->build, (size_t)a->nbuild * sizeof *a->build);
    assert_int_equal(a->nsil, b->nsil);
    assert_int_equal(a->npts, b->npts);
    if (a->nsil)
        assert_memory_equal(a->sil, b->sil, (size_t)a->nsil * sizeof *a->sil);
    if (a->npts)
        assert_memory_equal(a->pts, b->pts, (size_t)a->npts * 2 * sizeof *a->pts);
    assert_int_equal(a->tid_wall, b->tid_wall);
    assert_int_equal(a->tid_smoke, b->tid_smoke);
    assert_int_equal(a->tid_wreck, b->tid_wreck);
    assert_int_equal(a->tid_rubble, b->tid_rubble);
    assert_int_equal(a->tid_road, b->tid_road);
    assert_string_equal(a->tec_file, b->tec_file);
    assert_int_equal(a->shape_dc, b->shape_dc);
    assert_int_equal(a->shape_dr, b->shape_dr);
    assert_int_equal(a->nshape, b->nshape);
    assert_true(map_shapes_pack(a, NULL, 0) == map_shapes_pack(b, NULL, 0)); /* none traced */
    assert_memory_equal(a->hex_of, b->hex_of, n * sizeof *a->hex_of);
    assert_memory_equal(a->nb, b->nb, n * sizeof *a->nb);
    assert_memory_equal(a->floors, b->floors, n);
    assert_memory_equal(a->floor_level, b->floor_level, n * sizeof *a->floor_level);
}

static void copy_file(const char *from, const char *to)
{
    char cmd[512];
    snprintf(cmd, sizeof cmd, "cp %s %s", from, to);
    assert_int_equal(system(cmd), 0);
}

static void append_space(const char *path)
{
    FILE *f = fopen(path, "ab");
    assert_non_null(f);
    fputc(' ', f);
    fclose(f);
}

/* A map loaded from the opening cache is the map parsed from its files; it is
 * read back only while the map file and every file the load read (a board's
 * sheets, the terrain charts) hold the same bytes. */
static void opencache_map_is_the_parsed_one(void **state)
{
    (void)state;
    char maps[128], terrain[128], map15[160], chart[160];
    snprintf(maps, sizeof maps, "%s/maps", dir);
    snprintf(terrain, sizeof terrain, "%s/terrain", dir);
    assert_int_equal(mkdir(maps, 0700), 0);
    assert_int_equal(mkdir(terrain, 0700), 0);
    snprintf(map15, sizeof map15, "%s/map15.json", maps);
    snprintf(chart, sizeof chart, "%s/wwii.json", terrain);
    copy_file("data/maps/map15.json", map15);
    copy_file("data/terrain/wwii.json", chart);
    lnlt_error err = {{0}};
    lnlt_map *parsed, *before, *cached, *m;
    assert_true(map_load_files(map15, &parsed, NULL, &err));
    assert_true(lnlt_map_load_file(map15, &before, &err));
    assert_false(before->from_cache); /* nothing written yet */
    assert_true(lnlt_map_cache_write(map15, &err));
    assert_true(lnlt_map_load_file(map15, &cached, &err));
    assert_true(cached->from_cache);
    assert_same_map(parsed, cached);
    assert_same_map(before, cached);
    /* a copy from the cache is the caller's own, as a parsed one (22.0 rules change it) */
    lnlt_map_one_storey_buildings(cached);
    lnlt_map_free(cached);
    assert_true(lnlt_map_load_file(map15, &cached, &err));
    assert_true(cached->from_cache);
    assert_same_map(parsed, cached);
    lnlt_map_free(cached);
    /* the terrain chart's bytes changed: parsed again */
    append_space(chart);
    assert_true(lnlt_map_load_file(map15, &m, &err));
    assert_false(m->from_cache);
    assert_same_map(parsed, m);
    lnlt_map_free(m);
    assert_true(lnlt_map_cache_write(map15, &err));
    assert_true(lnlt_map_load_file(map15, &m, &err));
    assert_true(m->from_cache);
    lnlt_map_free(m);
    /* the map file's bytes changed: parsed again */
    append_space(map15);
    assert_true(lnlt_map_load_file(map15, &m, &err));
    assert_false(m->from_cache);
    lnlt_map_free(m);
    /* a board: its sheets are the map's files too */
    lnlt_map *board, *board_cached;
    assert_true(map_load_files("tests/fixtures/maps/board_92_93.json", &board, NULL, &err));
    assert_true(lnlt_map_cache_write("tests/fixtures/maps/board_92_93.json", &err));
    assert_true(lnlt_map_load_file("tests/fixtures/maps/board_92_93.json", &board_cached, &err));
    assert_true(board_cached->from_cache);
    assert_same_map(board, board_cached);
    lnlt_map_free(board_cached);
    lnlt_map_free(board);
    lnlt_map_free(parsed);
    lnlt_map_free(before);
}

/* Last: a sandbox cannot be widened again once set. */
static void opencache_is_off_outside_the_sandbox(void **state)
{
    (void)state;
    uint64_t data[4] = {1, 2, 3, 4}, back[4];
    oc_part w = {data, sizeof data}, r = {back, sizeof back};
    lnlt_error err = {{0}};
    assert_true(oc_write("s", 7, &w, 1, &err));
    assert_true(oc_read("s", 7, &r, 1));
    char elsewhere[96];
    snprintf(elsewhere, sizeof elsewhere, "%s/elsewhere", dir);
    assert_int_equal(mkdir(elsewhere, 0700), 0);
    assert_true(lnlt_sandbox_set(elsewhere, &err));
    assert_false(oc_read("s", 7, &r, 1));
    assert_false(oc_write("s", 7, &w, 1, &err));
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(opencache_reads_back_only_its_own_whole_files),
        cmocka_unit_test(opencache_catalog_is_the_linked_files),
        cmocka_unit_test(opencache_los_table_and_shapes_are_the_traced_ones),
        cmocka_unit_test(opencache_map_is_the_parsed_one),
        cmocka_unit_test(opencache_is_off_outside_the_sandbox),
    };
    return cmocka_run_group_tests(tests, make_dir, remove_dir);
}
