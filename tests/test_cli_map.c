/*
 * test_cli_map.c: golden tests of `lnlt map show`, `lnlt map svg` and `lnlt los`
 * (rules 10.2-10.3.2 as printed for players), and their handling of bad input:
 * exit 1 with the file and JSON path for a broken map, exit 2 for bad usage.
 */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <string.h>
#include <cmocka.h>

#include "support/cli_run.h"

static cli_result run(const char *const *args, int want_status)
{
    cli_result r = cli_run(args, NULL);
    if (r.status != want_status)
        fail_msg("%s %s: exit %d, expected %d; stderr: %s", args[0], args[1], r.status, want_status, r.err);
    return r;
}

static void cli_map_show_map15_golden(void **state)
{
    (void)state;
    const char *args[] = {"map", "show", "data/maps/map15.json", NULL};
    cli_result r = run(args, 0);
    assert_true(cli_golden("tests/golden/map15_show.txt", r.out));
    cli_result_free(&r);
}

static void cli_map_svg_map1(void **state)
{
    (void)state;
    const char *args[] = {"map", "svg", "data/maps/map1.json", NULL};
    cli_result r = run(args, 0);
    assert_non_null(strstr(r.out, "<svg xmlns="));
    assert_non_null(strstr(r.out, "</svg>"));
    /* 128 hexes drawn, ids carry a * when reconstructed. */
    int hexes = 0;
    for (const char *p = r.out; (p = strstr(p, "stroke=\"#777\"")); p++)
        hexes++;
    assert_int_equal(hexes, 128);
    assert_non_null(strstr(r.out, ">L3<"));
    assert_non_null(strstr(r.out, ">A1*<"));
    cli_result_free(&r);
}

static void cli_los_golden(void **state)
{
    (void)state;
    const char *cases[][7] = {
        {"los", "data/maps/map15.json", "I5", "F4", NULL, NULL},
        {"los", "data/maps/map15.json", "F7", "H7", NULL, NULL},
        {"los", "data/maps/map15.json", "I5", "J3", "--smoke", "J4"},
        {"los", "tests/fixtures/maps/los_hills.json", "I4", "I7", NULL, NULL},
        {"los", "tests/fixtures/maps/los_wwii.json", "B1", "B5", NULL, NULL},
        {"los", "tests/fixtures/maps/los_wwii.json", "G2:upper", "I3:upper", "--rubble", "H3"},
    };
    char all[8192] = "";
    for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++) {
        cli_result r = run(cases[i], 0);
        strncat(all, r.out, sizeof all - strlen(all) - 1);
        cli_result_free(&r);
    }
    assert_true(cli_golden("tests/golden/los.txt", all));
}

static void cli_map_and_los_bad_input(void **state)
{
    (void)state;
    const char *bad_map[] = {"map", "show", "tests/fixtures/maps/bad/building_not_touching.json", NULL};
    cli_result r = run(bad_map, 1);
    assert_non_null(strstr(r.err, "building_not_touching.json: $.buildings[0].hexes"));
    cli_result_free(&r);
    const char *bad_los[] = {"los", "data/maps/map15.json", "I5:upper", "J3", NULL};
    r = run(bad_los, 1);
    assert_non_null(strstr(r.err, "no such location I5"));
    cli_result_free(&r);
    const char *bad_hex[] = {"los", "data/maps/map15.json", "I5", "J3", "--smoke", "Z9", NULL};
    r = run(bad_hex, 1);
    assert_non_null(strstr(r.err, "Z9 is not on the map"));
    cli_result_free(&r);
    const char *usage1[] = {"map", "draw", "data/maps/map15.json", NULL};
    r = run(usage1, 2);
    cli_result_free(&r);
    const char *usage2[] = {"los", "data/maps/map15.json", "I5", NULL};
    r = run(usage2, 2);
    cli_result_free(&r);
    const char *usage3[] = {"los", "data/maps/map15.json", "I5:attic", "J3", NULL};
    r = run(usage3, 2);
    cli_result_free(&r);
}

int main(int argc, char **argv)
{
    (void)argc;
    cli_set_program(argv[0]);
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(cli_map_show_map15_golden),
        cmocka_unit_test(cli_map_svg_map1),
        cmocka_unit_test(cli_los_golden),
        cmocka_unit_test(cli_map_and_los_bad_input),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
