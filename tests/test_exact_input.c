/*
 * test_exact_input.c: exact parsing of every text input (issue 17) and the unit
 * picks of `lnlt run` scripts (issue 12): a word that is too long, an extra word,
 * a NUL or another control byte, an over-long line are refused with a precise
 * error and change nothing; a script line is a comment only when it starts with
 * '#', so "place G5 #0" keeps its pick; forced dice are not capped at a few
 * thousand per game and switching to random dice drops the waiting ones.
 */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>
#include <cmocka.h>

#include "lnlt/session.h"
#include "support/cli_run.h"

#define SK1 "data/scenarios/sk1_assault_on_vierville.json"
#define MINI "tests/fixtures/cli/mini.json"

static const char *tmp_path(const char *name)
{
    static char buf[8][256];
    static int k;
    char *b = buf[k++ % 8];
    snprintf(b, 256, "/tmp/lnlt-test-exact-%ld-%s", (long)getpid(), name);
    return b;
}

static void write_bytes(const char *path, const char *bytes, size_t len)
{
    FILE *f = fopen(path, "wb");
    assert_non_null(f);
    assert_int_equal(fwrite(bytes, 1, len, f), len);
    fclose(f);
}

static void expect_in(const char *text, const char *want)
{
    if (!text || !strstr(text, want))
        fail_msg("expected \"%s\" in:\n%s", want, text ? text : "(null)");
}

/* Issue 12: `run` cut every line at '#', so "place G5 #0" lost its pick and was
 * refused (or, where the pick-less command is legal too, another action was
 * applied). A comment is a line that starts with '#'. */
static void run_script_keeps_unit_picks(void **state)
{
    (void)state;
    const char *script = tmp_path("picks.script");
    const char *text = "# the Americans set up first\n"
                       "   # an indented comment\n"
                       "place G5 #0\n"
                       "place J4 #1\n";
    write_bytes(script, text, strlen(text));
    const char *args[] = {"run", SK1, "--script", script, NULL};
    cli_result r = cli_run(args, NULL);
    if (r.status != 0)
        fail_msg("exit %d: %s", r.status, r.err);
    expect_in(r.out, "sets up");
    expect_in(r.out, "after 2 actions");
    cli_result_free(&r);
    /* A pick that names the wrong unit is refused, not dropped. */
    text = "place G5 #1\n";
    write_bytes(script, text, strlen(text));
    r = cli_run(args, NULL);
    assert_int_equal(r.status, 1);
    expect_in(r.err, "picks.script:1: \"place G5 #1\"");
    cli_result_free(&r);
    /* A '#' after a command is not a comment: it must be a unit pick. */
    text = "place G5 #0 # first unit\n";
    write_bytes(script, text, strlen(text));
    r = cli_run(args, NULL);
    assert_int_equal(r.status, 1);
    expect_in(r.err, "expected unit numbers such as #3 after the hexes, not \"#\"");
    cli_result_free(&r);
    unlink(script);
}

/* Tokens were cut at 31 characters: "#000...03" named unit 0. Now every word of a
 * command is checked whole, and a pick is '#' and one to three digits. */
static void action_words_parsed_exactly(void **state)
{
    (void)state;
    lnlt_session s;
    lnlt_error err;
    if (!lnlt_session_open(&s, SK1, 1, &err))
        fail_msg("%s", err.msg);
    lnlt_state before = s.state;
    struct {
        const char *cmd, *expect;
    } cases[] = {
        {"place G5 #0000000000000000000000000000003", "too long"},
        {"place G5 #0000000000000000000000000000000", "too long"},
        {"place G5 #+0", "expected unit numbers"},
        {"place G5 #-1", "expected unit numbers"},
        {"place G5 #0x", "expected unit numbers"},
        {"place G5 #1000", "expected unit numbers"},
        {"place G5 #", "expected unit numbers"},
        {"place G5 #0 extra", "expected unit numbers"},
        {"place G5\x01 #0", "control byte 0x01"},
        {"place G5 #0\r", "control byte 0x0d"},
        {"place G5\n#0", "control byte 0x0a"},
        {"placeplaceplaceplaceplaceplaceplace G5", "too long"},
        {"place GGGGGGGGGGGGGGGGGGGGGGGGGGGGGGGGGGGG5 #0", "too long"},
        {"pickup G5 w+0 #0", "support weapon such as w0"},
        {"pickup G5 w0x #0", "support weapon such as w0"},
    };
    for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++) {
        memset(&err, 0, sizeof err);
        if (lnlt_session_apply_text(&s, cases[i].cmd, &err))
            fail_msg("\"%s\" accepted", cases[i].cmd);
        if (!strstr(err.msg, cases[i].expect))
            fail_msg("\"%s\": message \"%s\" lacks \"%s\"", cases[i].cmd, err.msg, cases[i].expect);
        assert_memory_equal(&s.state, &before, sizeof before);
        assert_int_equal(s.nsteps, 0);
    }
    /* The same command written exactly is applied. */
    if (!lnlt_session_apply_text(&s, "place G5 #0", &err))
        fail_msg("%s", err.msg);
    lnlt_session_close(&s);
}

/* The engine protocol: a NUL byte no longer ends the command early, extra words
 * are refused, an over-long line is refused and the next line still works. */
static void engine_lines_parsed_exactly(void **state)
{
    (void)state;
    const char *args[] = {"engine", NULL};
    static const char in1[] = "load " SK1 " 1\n"
                              "hash\n"
                              "apply place G5 #1\0 evil\n"
                              "apply place G5 #0\x01\n"
                              "hash\n"
                              "load " SK1 " 1 extra\n"
                              "hash extra\n"
                              "legal now\n"
                              "save a b\n"
                              "apply place G5 #0\n"
                              "quit\n";
    cli_result r = cli_run_bytes(args, in1, sizeof in1 - 1);
    assert_int_equal(r.status, 0);
    expect_in(r.out, "error control byte 0x00 at column 18");
    expect_in(r.out, "error control byte 0x01 at column 18");
    expect_in(r.out, "error usage: load SCENARIO [SEED] [N=on|off]... (one scenario, at most one seed, then the "
                     "optional special rules)");
    expect_in(r.out, "error hash takes no argument");
    expect_in(r.out, "error legal takes no argument");
    expect_in(r.out, "error usage: save FILE");
    /* Both hashes before the last apply are the loaded game's: nothing was applied. */
    char *h1 = strstr(r.out, "\nok ");
    assert_non_null(h1);
    char first[17], second[17];
    snprintf(first, sizeof first, "%s", h1 + 4);
    char *h2 = strstr(h1 + 4, "\nok ");
    assert_non_null(h2);
    snprintf(second, sizeof second, "%s", h2 + 4);
    assert_string_equal(first, second);
    expect_in(r.out, "Airborne squad 2-5-4 sets up in G5");
    cli_result_free(&r);

    /* A 10 MB line is refused without being kept; the session goes on. */
    size_t big = 10u << 20;
    char *in2 = malloc(big + 64);
    assert_non_null(in2);
    memcpy(in2, "apply ", 6);
    memset(in2 + 6, 'x', big);
    int n = snprintf(in2 + 6 + big, 58, "\nhello\nquit\n");
    r = cli_run_bytes(args, in2, 6 + big + (size_t)n);
    assert_int_equal(r.status, 0);
    expect_in(r.out, "error line too long: more than 4096 bytes\nok lnlt-engine");
    cli_result_free(&r);
    free(in2);
}

/* `run`: an over-long or binary script line is an error naming the line; a
 * directory given as the script is an error, not an empty success. */
static void run_script_lines_and_files_checked(void **state)
{
    (void)state;
    const char *script = tmp_path("bad.script");
    const char *args[] = {"run", MINI, "--script", script, NULL};
    char *text = malloc(6000);
    assert_non_null(text);
    memcpy(text, "end-rally\n", 10);
    memset(text + 10, 'p', 5000);
    text[5010] = '\n';
    write_bytes(script, text, 5011);
    cli_result r = cli_run(args, NULL);
    assert_int_equal(r.status, 1);
    expect_in(r.err, "bad.script:2: line too long");
    cli_result_free(&r);
    write_bytes(script, "end-rally\nend-rally\0 x\n", 23);
    r = cli_run(args, NULL);
    assert_int_equal(r.status, 1);
    expect_in(r.err, "bad.script:2: control byte 0x00 at column 10");
    cli_result_free(&r);
    free(text);
    unlink(script);

    const char *dir = tmp_path("script-dir");
    mkdir(dir, 0700);
    const char *dargs[] = {"run", MINI, "--script", dir, NULL};
    r = cli_run(dargs, NULL);
    assert_int_equal(r.status, 1);
    expect_in(r.err, "cannot read the script: it is a directory");
    cli_result_free(&r);
    rmdir(dir);
}

/* `validate --help` prints its usage; an unknown option is a usage error. */
static void validate_help_and_options(void **state)
{
    (void)state;
    const char *args[] = {"validate", "--help", NULL};
    cli_result r = cli_run(args, NULL);
    assert_int_equal(r.status, 0);
    expect_in(r.out, "usage: lnlt validate");
    cli_result_free(&r);
    const char *bad[] = {"validate", "--strict", SK1, NULL};
    r = cli_run(bad, NULL);
    assert_int_equal(r.status, 2);
    expect_in(r.err, "unknown option \"--strict\"");
    cli_result_free(&r);
    /* Issue 12: a mid-game position in the Administrative Phase is no longer "ok". */
    char *text = cli_slurp("data/scenarios/sk4_a_friend_in_need.json");
    assert_non_null(text);
    char *end = strrchr(text, '}');
    assert_non_null(end);
    *end = 0;
    const char *path = tmp_path("admin.json");
    FILE *f = fopen(path, "w");
    fprintf(f, "%s, \"state\": {\"turn\": 2, \"phase\": \"admin\", \"initiative\": \"us\", \"to_act\": \"us\", "
               "\"units\": []}}\n", text);
    fclose(f);
    free(text);
    const char *val[] = {"validate", path, NULL};
    r = cli_run(val, NULL);
    assert_int_equal(r.status, 1);
    expect_in(r.err, "$.state.phase: the engine never stops in the Administrative Phase");
    cli_result_free(&r);
    unlink(path);
}

/* Forced dice were capped at 4,096 per game and never given back; a switch to
 * random dice left the waiting faces to surface in a later forced roll. */
static void forced_dice_not_capped_nor_leaked(void **state)
{
    (void)state;
    lnlt_session s;
    lnlt_error err;
    if (!lnlt_session_open(&s, MINI, 3, &err))
        fail_msg("%s", err.msg);
    /* 6,000 faces in one list and 3,000 more: well past the old cap. */
    char *list = malloc(2 * 6000 + 1);
    assert_non_null(list);
    for (int i = 0; i < 6000; i++) {
        list[2 * i] = (char)('1' + i % 6);
        list[2 * i + 1] = ',';
    }
    list[2 * 6000] = 0;
    if (!lnlt_session_force_dice(&s, list, &err))
        fail_msg("%s", err.msg);
    list[2 * 3000] = 0;
    if (!lnlt_session_force_dice(&s, list, &err))
        fail_msg("%s", err.msg);
    assert_int_equal(lnlt_session_forced_left(&s), 9000);
    /* A bad list adds nothing, wherever the bad item is. */
    assert_false(lnlt_session_force_dice(&s, "1,2,\x02", &err));
    assert_non_null(strstr(err.msg, "control byte 0x02"));
    assert_int_equal(lnlt_session_forced_left(&s), 9000);
    /* Random dice drop the waiting faces; new forced faces come first again. */
    lnlt_session_random_dice(&s);
    assert_int_equal(lnlt_session_forced_left(&s), 0);
    const char *turn[] = {"end-rally", "end-rally", "pass", "pass"};
    for (int i = 0; i < 4; i++)
        if (!lnlt_session_apply_text(&s, turn[i], &err))
            fail_msg("%s", err.msg);
    assert_true(lnlt_session_force_dice(&s, "1,6", &err));
    if (!lnlt_session_apply_text(&s, "pass", &err)) /* turn 2's initiative: two faces */
        fail_msg("%s", err.msg);
    assert_int_equal(s.state.initiative, LNLT_SIDE_2); /* side 1 rolled 1, side 2 rolled 6 */
    assert_int_equal(lnlt_session_forced_left(&s), 0);
    free(list);
    lnlt_session_close(&s);
}

int main(int argc, char **argv)
{
    (void)argc;
    cli_set_program(argv[0]);
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(run_script_keeps_unit_picks),
        cmocka_unit_test(action_words_parsed_exactly),
        cmocka_unit_test(engine_lines_parsed_exactly),
        cmocka_unit_test(run_script_lines_and_files_checked),
        cmocka_unit_test(validate_help_and_options),
        cmocka_unit_test(forced_dice_not_capped_nor_leaked),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
