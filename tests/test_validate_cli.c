/*
 * test_validate_cli.c: the `lnlt validate` command (src/cli/cmd_validate.c): every
 * shipped data file validates, a broken file prints its file / JSON path / message
 * and fails, usage errors exit 2. Runs the lnlt program of the same build
 * (build/<config>/tests/test_x -> build/<config>/lnlt).
 */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/wait.h>
#include <cmocka.h>

static char program[1024];

/* Runs "lnlt ARGS 2>&1"; returns the exit status and the output (malloc'd). */
static int run(const char *args, char **out)
{
    char cmd[2048];
    snprintf(cmd, sizeof cmd, "%s %s 2>&1", program, args);
    FILE *p = popen(cmd, "r");
    assert_non_null(p);
    size_t cap = 1 << 16, n = 0;
    char *buf = malloc(cap);
    assert_non_null(buf);
    size_t got;
    while ((got = fread(buf + n, 1, cap - 1 - n, p)) > 0) {
        n += got;
        if (n + 1 >= cap) {
            cap *= 2;
            buf = realloc(buf, cap);
            assert_non_null(buf);
        }
    }
    buf[n] = 0;
    int st = pclose(p);
    *out = buf;
    return WIFEXITED(st) ? WEXITSTATUS(st) : 128;
}

static void validate_all_shipped_data_files(void **state)
{
    (void)state;
    char *out;
    int st = run("validate data/nations/*.json data/units/*.json data/weapons/*.json "
                 "data/skills/*.json data/scenarios/*.json data/maps/*.json data/terrain/*.json",
                 &out);
    if (st != 0)
        fail_msg("exit %d:\n%s", st, out);
    assert_non_null(strstr(out, "data/scenarios/sk1_assault_on_vierville.json: ok (scenario \"Assault on Vierville\""));
    assert_non_null(strstr(out, "data/scenarios/sk4_a_friend_in_need.json: ok"));
    assert_null(strstr(out, "$."));
    free(out);
}

static void validate_broken_file_reports_path_and_fails(void **state)
{
    (void)state;
    char *out;
    int st = run("validate data/units/de_wwii.json tests/fixtures/broken/units_leader_without_lm.json", &out);
    assert_int_equal(st, 1);
    assert_non_null(strstr(out, "data/units/de_wwii.json: ok"));
    assert_non_null(strstr(out, "tests/fixtures/broken/units_leader_without_lm.json: $.units[0].front.lm: "
                                "a leader needs a leadership modifier (lm)"));
    free(out);
}

static void validate_scenario_hex_off_map(void **state)
{
    (void)state;
    char *out;
    int st = run("validate tests/fixtures/broken/scenario_hex_off_map.json", &out);
    assert_int_equal(st, 1);
    assert_non_null(strstr(out, "$.zones[1].hexes[0]: hex 15Z40 is not on the scenario's map(s) (map15)"));
    free(out);
}

static void validate_without_files_is_a_usage_error(void **state)
{
    (void)state;
    char *out;
    assert_int_equal(run("validate", &out), 2);
    assert_non_null(strstr(out, "usage: lnlt validate"));
    free(out);
}

int main(int argc, char **argv)
{
    (void)argc;
    /* build/<config>/tests/test_validate_cli -> build/<config>/lnlt */
    snprintf(program, sizeof program, "%s", argv[0]);
    char *slash = strrchr(program, '/');
    if (slash) {
        *slash = 0;
        slash = strrchr(program, '/');
    }
    if (slash)
        snprintf(slash, sizeof program - (size_t)(slash - program), "/lnlt");
    else
        snprintf(program, sizeof program, "build/debug/lnlt");
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(validate_all_shipped_data_files),
        cmocka_unit_test(validate_broken_file_reports_path_and_fails),
        cmocka_unit_test(validate_scenario_hex_off_map),
        cmocka_unit_test(validate_without_files_is_a_usage_error),
    };
    return cmocka_run_group_tests_name("validate_cli", tests, NULL, NULL);
}
