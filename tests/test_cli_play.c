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

#define FIRE "tests/fixtures/view/fire_position.json"

/* The text printed after the n-th (1-based) occurrence of `prompt` up to the next
 * prompt of either side, malloc'd. */
static char *after_prompt(const char *out, const char *prompt, int n)
{
    const char *p = out;
    for (int i = 0; i < n; i++) {
        p = strstr(p, prompt);
        if (!p)
            return NULL;
        p += strlen(prompt);
    }
    const char *end = strstr(p, "\nAmericans> "), *end2 = strstr(p, "\nGermans> ");
    if (!end || (end2 && end2 < end))
        end = end2;
    size_t len = end ? (size_t)(end - p) : strlen(p);
    char *t = malloc(len + 1);
    memcpy(t, p, len);
    t[len] = 0;
    return t;
}

/* Issue 14: "exit" is the action of leaving the map through an exit hex (22.0);
 * typing it where it is not legal says so, and the game goes on. */
static void play_exit_is_an_action_not_the_way_out(void **state)
{
    (void)state;
    const char *args[] = {"play", MINI, "--seed", "5", NULL};
    cli_result r = cli_run(args, "exit\nend-rally\nquit\n");
    assert_int_equal(r.status, 0);
    expect_in(r.out, "\"exit\" is not a legal action now");
    expect_in(r.out, "US: end-rally");
    cli_result_free(&r);
}

/* Issue 14: every legal action is listed, in pages, the decision's own words
 * first; "more" and "actions all" show the rest. */
static void play_lists_every_action_in_pages(void **state)
{
    (void)state;
    const char *args[] = {"play", FIRE, "--seed", "5", NULL};
    cli_result r = cli_run(args, "activate H7\nmore\nactions all\nquit\n");
    assert_int_equal(r.status, 0);
    char *page1 = after_prompt(r.out, "Americans> activate H7", 1);
    assert_non_null(page1);
    expect_in(page1, "(page 1 of 2, 56 in all)");
    expect_in(page1, ") done"); /* first, though it is the last action of the list */
    assert_null(strstr(page1, "smoke G6 #1"));
    free(page1);
    char *page2 = after_prompt(r.out, "Americans> more", 1);
    expect_in(page2, "(page 2 of 2, 56 in all)");
    expect_in(page2, "smoke G6 #1");
    free(page2);
    char *all = after_prompt(r.out, "Americans> actions all", 1);
    expect_in(all, "fire H7 J8");
    expect_in(all, "smoke G6 #1");
    free(all);
    cli_result_free(&r);
}

/* Issue 14: the board shows each unit's markers, the victory hexes and their
 * controller; the briefing is printed; previews and LOS at the prompt. */
static void play_shows_markers_briefing_previews(void **state)
{
    (void)state;
    const char *args[] = {"play", FIRE, "--seed", "5", NULL};
    cli_result r = cli_run(args, "activate H7\npreview fire H7 J8\nlos H7 J6\nquit\n");
    assert_int_equal(r.status, 0);
    expect_in(r.out, "Victory: The Americans win if the Americans control (22.1) at least 3 of the");
    expect_in(r.out, "#3 Squad 1-6-4 (Fired)");
    expect_in(r.out, "#4 Lt Koch (Fired)");
    expect_in(r.out, "+w0 BAR");
    expect_in(r.out, "victory hexes:");
    /* the legend says where a hex's terrain is: under its id, not beside it */
    expect_in(r.out, "Each hex takes two lines: its id ('=' road), and under the id its units");
    expect_in(r.out, "preview of \"fire H7 J8\":");
    expect_in(r.out, "attack: 1d6 + 6 (FP +4 (5.2), LM Major Tom +2 (5.0.1))");
    expect_in(r.out, "defence: 1d6 + TM 0 (Road +0 (10.4))");
    expect_in(r.out, "#3 Squad 1-6-4 (good order, morale 5):");
    expect_in(r.out, "H7 -> J6: range 2, line of sight blocked");
    expect_in(r.out, "blocked: Stone Building (HC) in I6 (10.3)");
    cli_result_free(&r);
}

/* A preview whose modifiers add up below zero writes the attack as 1d6 - 1, not
 * 1d6 + -1 (a half-squad through two degrading hexes of map 15, 10.3). */
static void preview_writes_a_negative_attack_total_with_a_minus(void **state)
{
    (void)state;
    const char *args[] = {"play", "tests/fixtures/view/weak_fire_position.json", "--side2", "human", "--seed", "5", NULL};
    cli_result r = cli_run(args, "activate J7\npreview fire J7 M8\nquit\n");
    assert_int_equal(r.status, 0);
    expect_in(r.out, "attack: 1d6 - 1 (FP +1 (5.2), degrading hexes in LOS -2 (10.3))");
    assert_null(strstr(r.out, "+ -"));
    cli_result_free(&r);
}

/* Issue 14: a paragraph's words are printed when it is read (1.8). */
static void play_prints_a_paragraph_when_read(void **state)
{
    (void)state;
    const char *args[] = {"play", "tests/fixtures/view/paragraph_position.json", "--seed", "2", NULL};
    cli_result r = cli_run(args, "activate H7\nmove H7\nstep H6\nquit\n");
    assert_int_equal(r.status, 0);
    expect_in(r.out, "[22.0] paragraph 1 is read\n  >> Paragraph 1: The Americans receive a fire mission (FP 5, 18.2)");
    cli_result_free(&r);
}

/* Issue 14: the save records who plays each side; --resume takes them back. */
static void play_resume_keeps_the_seats(void **state)
{
    (void)state;
    const char *save = tmp_path("seats.json");
    char input[256];
    snprintf(input, sizeof input, "save %s\nquit\n", save);
    const char *args[] = {"play", MINI, "--side1", "bot", "--side2", "human", "--seed", "5", NULL};
    cli_result r = cli_run(args, input);
    assert_int_equal(r.status, 0);
    expect_in(r.out, "US: computer, German: human");
    cli_result_free(&r);
    char *text = cli_slurp(save);
    expect_in(text, "\"seats\"");
    free(text);
    const char *resume[] = {"play", "--resume", save, NULL};
    r = cli_run(resume, "quit\n");
    assert_int_equal(r.status, 0);
    expect_in(r.out, "US: computer, German: human");
    cli_result_free(&r);
    unlink(save);
}

/* Issue 14: after an undo, the computer replies as before and meets the same dice
 * (Vierville: the Germans' entry edge is rolled, then they choose where to enter). */
static void play_undo_gives_the_same_reply_and_dice(void **state)
{
    (void)state;
    /* The scripted computer: hard searches for as long as its time budget allows,
     * so how many playouts it makes, and at times its reply, depend on the load
     * of the machine (the test failed one run in three beside busy processes). */
    const char *args[] = {"play", "data/scenarios/sk1_assault_on_vierville.json", "--seed", "9", "--bot", "normal", NULL};
    cli_result r = cli_run(args, "place H6 #0\nplace H6 #1\nplace H7 #2\nplace H7 #3\nend-rally\nundo\nend-rally\nquit\n");
    assert_int_equal(r.status, 0);
    char *first = after_prompt(r.out, "Americans> end-rally", 1), *second = after_prompt(r.out, "Americans> end-rally", 2);
    assert_non_null(first);
    assert_non_null(second);
    expect_in(first, "Germans (computer): enter");
    expect_in(first, "entry edge of Germans units: 1d6");
    assert_string_equal(first, second);
    free(first);
    free(second);
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
        cmocka_unit_test(play_exit_is_an_action_not_the_way_out),
        cmocka_unit_test(play_lists_every_action_in_pages),
        cmocka_unit_test(play_shows_markers_briefing_previews),
        cmocka_unit_test(preview_writes_a_negative_attack_total_with_a_minus),
        cmocka_unit_test(play_prints_a_paragraph_when_read),
        cmocka_unit_test(play_resume_keeps_the_seats),
        cmocka_unit_test(play_undo_gives_the_same_reply_and_dice),
        cmocka_unit_test(play_through_tmux),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
