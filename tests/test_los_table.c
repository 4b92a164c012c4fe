/*
 * test_los_table.c: the engine's fast line of sight (src/rules/fire.c rules_los
 * with ctx->los_table) gives the same verdict, degrading count and limited flag
 * as tracing the line, for every pair of locations (every floor of every hex) of
 * Maps 15 and 1 and of the floors test board, in both directions, with and
 * without smoke and with a Fire For Effect (rules 10.3, 10.2, 10.6, 7.0, 18.2).
 * The table fills each pair the first time it is asked, so the first round asks
 * a fresh table and the later rounds a filled one.
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
#include "rules/internal.h"

static void compare_all_pairs(const char *path)
{
    lnlt_error err;
    lnlt_map *m = NULL;
    lnlt_los_table *t = NULL;
    if (!lnlt_map_load_file(path, &m, &err) || !lnlt_los_table_build(m, &t, &err))
        fail_msg("%s", err.msg);
    lnlt_ctx slow = {0}, fast = {0};
    slow.map = fast.map = m;
    fast.los_table = t;
    static lnlt_state st;
    memset(&st, 0, sizeof st);
    int cells = lnlt_map_cells(m), compared = 0;
    for (int round = 0; round < 3; round++) {
        if (round == 1) /* a Smoke 1 marker in the middle of the map */
            lnlt_bit_set(st.smoke[0], cells / 2 + 3);
        if (round == 2) /* and a Fire For Effect elsewhere */
            lnlt_bit_set(st.ffe, cells / 3 + 1);
        for (int a = 0; a < cells * LNLT_FLOORS; a++) {
            int la = lnlt_location(a % cells, a / cells);
            if (!rules_loc_exists(&fast, la))
                continue;
            for (int b = 0; b < cells * LNLT_FLOORS; b++) {
                int lb = lnlt_location(b % cells, b / cells);
                if (!rules_loc_exists(&fast, lb))
                    continue;
                lnlt_los_result r1, r2;
                bool s1 = rules_los(&slow, &st, la, lb, &r1), s2 = rules_los(&fast, &st, la, lb, &r2);
                if (s1 != s2 || r1.verdict != r2.verdict || r1.degrade != r2.degrade || r1.limited != r2.limited ||
                    r1.range != r2.range) {
                    char x[LNLT_HEX_ID_MAX], y[LNLT_HEX_ID_MAX];
                    fail_msg("%s %s-%s (round %d): traced %d/%d/%d, table %d/%d/%d", path, lnlt_cell_name(&slow, la, x),
                             lnlt_cell_name(&slow, lb, y), round, r1.verdict, r1.degrade, r1.limited, r2.verdict,
                             r2.degrade, r2.limited);
                }
                compared++;
            }
        }
    }
    print_message("%s: %d pairs agree\n", path, compared);
    lnlt_los_table_free(t);
    lnlt_map_free(m);
}

static void los_table_agrees_with_tracing_map15(void **state)
{
    (void)state;
    compare_all_pairs("data/maps/map15.json");
}

static void los_table_agrees_with_tracing_map1(void **state)
{
    (void)state;
    compare_all_pairs("data/maps/map1.json");
}

static void los_table_agrees_with_tracing_floors(void **state)
{
    (void)state;
    compare_all_pairs("tests/fixtures/maps/floors.json"); /* upper floors and rooftops */
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(los_table_agrees_with_tracing_map15),
        cmocka_unit_test(los_table_agrees_with_tracing_map1),
        cmocka_unit_test(los_table_agrees_with_tracing_floors),
    };
    return cmocka_run_group_tests_name("los_table", tests, NULL, NULL);
}
