/*
 * test_cli_play.c: `lnlt play` driven as a person would drive it: through a pipe
 * (numbers, typed commands, undo, save, help, a bad number, quit), through tmux
 * when it is installed (a real terminal: prompts, colour off with NO_COLOR), and
 * watching bot against bot to the end. A game saved in play resumes and replays
 * (docs/cli.md).
 */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>
#include <cmocka.h>

#include "support/cli_run.h"

#define MINI "tests/fixtures/cli/mini.json"

static const char *tmp_path(const char *name)
{
    static char buf[8][256];
    static int k;
    char *b = buf[k++ % 8];
    snprintf(b, 256, "/tmp/lnlt-test-play-%ld-%s", (long)getpid(), name);
    return b;
}

static void expect_in(const char *text, const char *needle)
{
    if (!text || !strstr(text, needle))
        fail_msg("\"%s\" not found in:\n%s", needle, text ? text : "(null)");
}

/* Human (side 1, US) against the computer (German, with turn-1 initiative). */
static void play_through_pipe(void **state)
{
    (void)state;
    const char *save = tmp_path("pipe-save.json");
    char input[512];
    snprintf(input, sizeof input,
             "help\n"
             "9\n"          /* no such action */
             "charge\n"     /* no such command */
             "1\n"          /* end-rally by number */
             "undo\n"       /* takes back ours and the computer's pass */
             "end-rally\n"  /* typed */
             "pass\n"
             "save %s\n"
             "quit\n",
             save);
    const char *args[] = {"play", MINI, "--seed", "5", NULL};
    cli_result r = cli_run(args, input);
    assert_int_equal(r.status, 0);
    expect_in(r.out, "US: human, German: computer");
    expect_in(r.out, "German (computer): end-rally");
    expect_in(r.out, "== turn 1/2, Rally Phase, initiative German: US to act");
    expect_in(r.out, "  1) end-rally");
    expect_in(r.out, "US> help\n");
    expect_in(r.out, "undo        take back");
    expect_in(r.out, "no action 9: pick 1..1");
    expect_in(r.out, "unknown command \"charge\"");
    expect_in(r.out, "undone 2 actions");
    expect_in(r.out, "German (computer): pass");
    expect_in(r.out, "[3.0] initiative, US: 1d6"); /* the roll explained after the third pass */
    expect_in(r.out, "saved to ");
    assert_string_equal(r.err, "");
    cli_result_free(&r);

    /* The save resumes where we left, and replays. */
    const char *rargs[] = {"replay", save, "--quiet", NULL};
    r = cli_run(rargs, NULL);
    assert_int_equal(r.status, 0);
    expect_in(r.out, "replay verified: 6 actions, turn 2/2");
    cli_result_free(&r);
    const char *resume[] = {"play", "--resume", save, "--seed", "5", NULL};
    r = cli_run(resume, "1\n1\n1\n1\n");
    assert_int_equal(r.status, 0);
    expect_in(r.out, "resumed ");
    expect_in(r.out, "game over after turn 2");
    cli_result_free(&r);
    unlink(save);
}

static void play_end_of_input_and_bad_resume(void **state)
{
    (void)state;
    const char *args[] = {"play", MINI, "--seed", "1", NULL};
    cli_result r = cli_run(args, "");
    assert_int_equal(r.status, 0);
    expect_in(r.out, "end of input");
    cli_result_free(&r);
    const char *bad = tmp_path("bad-save.json");
    FILE *f = fopen(bad, "w");
    assert_non_null(f);
    fputs("{\"format\":\"lnlt-save\",\"version\":1,", f);
    fclose(f);
    const char *resume[] = {"play", "--resume", bad, NULL};
    r = cli_run(resume, "");
    assert_int_equal(r.status, 1);
    expect_in(r.err, "not a readable save");
    cli_result_free(&r);
    unlink(bad);
}

static void play_bot_against_bot_to_the_end(void **state)
{
    (void)state;
    const char *args[] = {"play", MINI, "--side1", "bot", "--side2", "bot", "--seed", "8", NULL};
    cli_result r = cli_run(args, NULL);
    assert_int_equal(r.status, 0);
    expect_in(r.out, "US (computer): end-rally");
    expect_in(r.out, "game over after turn 2");
    cli_result_free(&r);
    /* Hot-seat: both sides read from input. */
    const char *hot[] = {"play", MINI, "--side1", "human", "--side2", "human", "--seed", "8", NULL};
    r = cli_run(hot, "1\n1\nquit\n");
    assert_int_equal(r.status, 0);
    expect_in(r.out, "German> 1");
    expect_in(r.out, "US> 1");
    cli_result_free(&r);
}

/* A real terminal through tmux, on a private server socket (-L) so the test
 * never touches anyone's tmux sessions. */
static bool tmux_ok(void) { return system("command -v tmux >/dev/null 2>&1") == 0; }

#if defined(__GNUC__)
__attribute__((format(printf, 2, 3)))
#endif
static int tmux(const char *sock, const char *fmt, ...)
{
    char args[1400], cmd[1600];
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(args, sizeof args, fmt, ap);
    va_end(ap);
    snprintf(cmd, sizeof cmd, "tmux -L %s %s", sock, args);
    return system(cmd);
}

/* Waits (up to ~30 s: sanitizer builds are slow) until the pane shows needle;
 * returns the screen (malloc'd), or NULL. */
static char *tmux_wait(const char *sock, const char *needle)
{
    const char *path = tmp_path("pane.txt");
    for (int i = 0; i < 300; i++) {
        if (tmux(sock, "capture-pane -p -S -300 -t %s > %s 2>/dev/null", sock, path) == 0) {
            char *screen = cli_slurp(path);
            unlink(path);
            if (screen && strstr(screen, needle))
                return screen;
            free(screen);
        }
        nanosleep(&(struct timespec){0, 100000000}, NULL);
    }
    return NULL;
}

static void play_through_tmux(void **state)
{
    (void)state;
    if (!tmux_ok()) {
        printf("tmux not installed: terminal test skipped\n");
        return;
    }
    char sock[64], cwd[1024];
    snprintf(sock, sizeof sock, "lnlt-test-%ld", (long)getpid());
    if (!getcwd(cwd, sizeof cwd))
        fail_msg("getcwd");
    const char *prog = cli_program();
    if (tmux(sock, "new-session -d -s %s -x 120 -y 60 \"cd '%s' && NO_COLOR=1 %s%s play " MINI " --seed 5; sleep 30\"",
             sock, cwd, prog[0] == '/' ? "" : "./", prog) != 0) {
        printf("tmux could not start a session: terminal test skipped\n");
        return;
    }
    char *screen = tmux_wait(sock, "US>");
    bool ok = screen && strstr(screen, "1) end-rally");
    free(screen);
    if (ok) {
        tmux(sock, "send-keys -t %s 1 Enter", sock);
        tmux(sock, "send-keys -t %s pass Enter", sock);
        screen = tmux_wait(sock, "turn 2 of 2 begins");
        ok = screen && strstr(screen, "US: end-rally") && strstr(screen, "German (computer): pass") &&
             strstr(screen, "[3.0] initiative, US: 1d6");
        tmux(sock, "send-keys -t %s quit Enter", sock);
    }
    tmux(sock, "kill-server 2>/dev/null");
    if (!ok)
        fail_msg("the tmux session did not play as expected; last screen:\n%s", screen ? screen : "(none)");
    free(screen);
}

int main(int argc, char **argv)
{
    (void)argc;
    cli_set_program(argv[0]);
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(play_through_pipe),
        cmocka_unit_test(play_end_of_input_and_bad_resume),
        cmocka_unit_test(play_bot_against_bot_to_the_end),
        cmocka_unit_test(play_through_tmux),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
