/*
 * test_saves.c: saves that outlive the version that wrote them (issue 17,
 * docs/formats/save.md): the version-1 saves written before this change
 * (tests/fixtures/saves_v1) load (verify while the rules give the same games) and play on; a save records the engine
 * version, a check hash per action and its final position, which loads as a
 * scenario to the same state; a save whose replay diverges says at which action and
 * why and continues from its final position, and saving that game again gives a
 * save that replays; a save's scenario never resolves outside the data directory,
 * and the engine's --sandbox confines every file.
 */
#include <dirent.h>
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

#include <jansson.h>

#include "lnlt/bot.h"
#include "lnlt/session.h"
#include "lnlt/version.h"
#include "support/cli_run.h"

#define SK1 "data/scenarios/sk1_assault_on_vierville.json"
#define SK3 "data/scenarios/sk3_the_weapons_cache.json"

static const char *tmp_path(const char *name)
{
    static char buf[8][256];
    static int k;
    char *b = buf[k++ % 8];
    snprintf(b, 256, "/tmp/lnlt-test-saves-%ld-%s", (long)getpid(), name);
    return b;
}

static int play_bot(lnlt_session *s, uint64_t seed, int max)
{
    lnlt_bot bot;
    lnlt_bot_init(&bot, seed);
    lnlt_action a;
    lnlt_error err;
    int n = 0;
    while (n < max && lnlt_bot_choose(&bot, &s->ctx, &s->state, &a)) {
        if (!lnlt_session_apply(s, &a, &err))
            fail_msg("bot action refused: %s", err.msg);
        n++;
    }
    return n;
}

/* Issue 17: every version-1 save written by the build before this change loads,
 * verifies with the hash of its day, and plays on; saved again (version 2), it
 * replays to the same hash. */
static void saves_v1_fixtures_load_and_continue(void **state)
{
    (void)state;
    const char *dir = "tests/fixtures/saves_v1";
    DIR *d = opendir(dir);
    assert_non_null(d);
    struct dirent *e;
    int count = 0;
    while ((e = readdir(d))) {
        size_t n = strlen(e->d_name);
        if (n < 6 || strcmp(e->d_name + n - 5, ".json"))
            continue;
        char path[512];
        snprintf(path, sizeof path, "%s/%s", dir, e->d_name);
        lnlt_session s, t;
        lnlt_error err;
        if (!lnlt_session_load(&s, path, &err))
            fail_msg("%s: %s", path, err.msg);
        /* Today they replay and verify; once a rules change alters one of these
         * games it must still open, saying where it diverges, and play on. */
        if (s.diverged ? !strstr(s.notice, "the game continues after") : !strstr(s.notice, "version-1 save"))
            fail_msg("%s: notice \"%s\"", path, s.notice);
        int before = s.nsteps;
        play_bot(&s, 77, 30); /* the game goes on */
        const char *out = tmp_path("v2.json");
        if (!lnlt_session_save(&s, out, &err))
            fail_msg("%s", err.msg);
        if (!lnlt_session_load(&t, out, &err))
            fail_msg("%s again: %s", path, err.msg);
        assert_false(t.diverged);
        assert_string_equal(t.notice, "");
        assert_int_equal(t.nsteps, s.nsteps);
        assert_true(t.nsteps >= before);
        assert_int_equal(lnlt_session_hash(&t), lnlt_session_hash(&s));
        lnlt_session_close(&s);
        lnlt_session_close(&t);
        unlink(out);
        count++;
    }
    closedir(d);
    assert_true(count >= 9);
}

/* A version-2 save: the engine version, the scenario relative to the data
 * directory, one check per action, and a final position that loads (as any
 * scenario) to the game's own state. */
static void save_records_version_checks_and_final_position(void **state)
{
    (void)state;
    lnlt_session s, f;
    lnlt_error err;
    if (!lnlt_session_open(&s, SK3, 21, &err))
        fail_msg("%s", err.msg);
    assert_true(lnlt_session_force_dice(&s, "3,1,4,1,5,2,6,5,3,5", &err));
    lnlt_session_random_dice(&s);
    play_bot(&s, 5, 150);
    json_t *o = lnlt_session_save_json(&s);
    assert_string_equal(json_string_value(json_object_get(o, "engine")), LNLT_ENGINE_ID);
    assert_int_equal(json_integer_value(json_object_get(o, "version")), LNLT_SAVE_VERSION);
    assert_string_equal(json_string_value(json_object_get(o, "scenario")), "scenarios/sk3_the_weapons_cache.json");
    assert_int_equal(json_array_size(json_object_get(o, "checks")), s.nsteps);
    json_t *final = json_object_get(o, "final");
    assert_non_null(json_object_get(final, "state"));
    char *text = json_dumps(final, 0);
    const char *fpath = tmp_path("final.json");
    FILE *fp = fopen(fpath, "w");
    fputs(text, fp);
    fclose(fp);
    free(text);
    /* Opened as a scenario file (the data directory is ./data): the same state. */
    if (!lnlt_session_open(&f, fpath, 1, &err))
        fail_msg("%s", err.msg);
    assert_int_equal(lnlt_session_hash(&f), lnlt_session_hash(&s));
    lnlt_session_close(&f);
    unlink(fpath);
    json_decref(o);
    lnlt_session_close(&s);
}

/* An action played with forced dice that rolled none is saved with an empty
 * dice list and loads back (found by fuzz_save under UBSan: appending no face
 * to an empty queue offset a null pointer). */
static void save_forced_actions_without_dice_reload(void **state)
{
    (void)state;
    lnlt_session s, t;
    lnlt_error err;
    if (!lnlt_session_open(&s, SK1, 2, &err))
        fail_msg("%s", err.msg);
    assert_true(lnlt_session_force_dice(&s, "6,5,4,3,2,1,6,5,4,3,2,1,6,5,4,3,2,1,6,5,4,3,2,1", &err));
    const char *cmds[] = {"place G5 #0", "place J4 #1", "place J5 #2", "place G8 #3"};
    for (int i = 0; i < 4; i++)
        if (!lnlt_session_apply_text(&s, cmds[i], &err))
            fail_msg("%s: %s", cmds[i], err.msg);
    json_t *o = lnlt_session_save_json(&s);
    assert_int_equal(json_array_size(json_object_get(json_array_get(json_object_get(o, "actions"), 0), "dice")), 0);
    if (!lnlt_session_load_json(&t, o, "forced.json", NULL, &err))
        fail_msg("%s", err.msg);
    assert_false(t.diverged);
    assert_int_equal(lnlt_session_hash(&t), lnlt_session_hash(&s));
    json_decref(o);
    lnlt_session_close(&t);
    lnlt_session_close(&s);
}

/* 22.0: the optional rules the players chose are in the save, and its replay
 * plays with them; none can be changed once the game is under way. */
static void save_records_the_optional_rules(void **state)
{
    (void)state;
    lnlt_session s, t;
    lnlt_error err;
    if (!lnlt_session_open(&s, SK3, 5, &err))
        fail_msg("%s", err.msg);
    assert_false(lnlt_session_set_rule_text(&s, "1=maybe", &err));
    assert_non_null(strstr(err.msg, "expected an optional rule as N=on or N=off"));
    assert_true(lnlt_session_set_rule_text(&s, "2=off", &err));
    lnlt_action first[64];
    assert_true(lnlt_legal_actions(&s.ctx, &s.state, first, 64) > 0);
    assert_true(lnlt_session_apply(&s, &first[0], &err)); /* the game is under way */
    json_t *o = lnlt_session_save_json(&s);
    assert_int_equal(json_integer_value(json_object_get(o, "optional_rules_off")), 4);
    if (!lnlt_session_load_json(&t, o, "rules.json", NULL, &err))
        fail_msg("%s", err.msg);
    assert_false(t.diverged);
    assert_false(lnlt_rule_on(&t.ctx, &t.state, 2));
    assert_int_equal(lnlt_session_hash(&t), lnlt_session_hash(&s));
    assert_false(lnlt_session_set_rule(&s, 2, true, &err));
    assert_non_null(strstr(err.msg, "before the first action"));
    json_decref(o);
    lnlt_session_close(&t);
    lnlt_session_close(&s);
}

/* A save whose replay diverges (here: its seed edited, as a rules change would
 * change a roll) is not lost: the player is told the first action after which
 * the game differs, how, and the game continues from the saved position; saving
 * it again writes a save that starts from that position and replays exactly. */
static void save_diverging_continues_from_final_position(void **state)
{
    (void)state;
    lnlt_session s, t, u;
    lnlt_error err;
    if (!lnlt_session_open(&s, SK1, 8, &err))
        fail_msg("%s", err.msg);
    play_bot(&s, 9, 120);
    json_t *o = lnlt_session_save_json(&s);
    json_object_set_new(o, "seed", json_string("9")); /* other random dice from the first roll on */
    if (!lnlt_session_load_json(&t, o, "edited.json", NULL, &err))
        fail_msg("%s", err.msg);
    json_decref(o);
    assert_true(t.diverged);
    if (!strstr(t.notice, "the replay diverges at action ") ||
        !strstr(t.notice, "the game continues from the position the save holds"))
        fail_msg("notice: %s", t.notice);
    assert_int_equal(lnlt_session_hash(&t), lnlt_session_hash(&s)); /* the saved position */
    assert_int_equal(t.nsteps, 0);
    /* Play on, save, load: the new save starts from that position and verifies. */
    play_bot(&t, 10, 40);
    const char *path = tmp_path("continued.json");
    if (!lnlt_session_save(&t, path, &err))
        fail_msg("%s", err.msg);
    json_t *c = json_load_file(path, 0, NULL);
    assert_non_null(json_object_get(c, "base"));
    json_decref(c);
    if (!lnlt_session_load(&u, path, &err))
        fail_msg("%s", err.msg);
    assert_false(u.diverged);
    assert_int_equal(u.nsteps, t.nsteps);
    assert_int_equal(lnlt_session_hash(&u), lnlt_session_hash(&t));
    /* The replay command reports the divergence with exit status 1. */
    lnlt_session_close(&u);
    lnlt_session_close(&t);
    lnlt_session_close(&s);
    unlink(path);
}

/* A save that names a scenario outside the data directory is refused without
 * the file being read, so no message quotes it; a save over the size cap is
 * refused unread. */
static void save_scenario_never_outside_data_dir(void **state)
{
    (void)state;
    const char *path = tmp_path("evil.json");
    const char *refs[] = {"/etc/passwd", "../../../../../../../etc/passwd", "data/../../etc/passwd"};
    for (size_t i = 0; i < sizeof refs / sizeof refs[0]; i++) {
        FILE *f = fopen(path, "w");
        fprintf(f,
                "{\"format\":\"lnlt-save\",\"version\":1,\"scenario\":\"%s\",\"seed\":\"1\",\"actions\":[],"
                "\"hash\":\"0000000000000000\"}",
                refs[i]);
        fclose(f);
        lnlt_session s;
        lnlt_error err = {{0}};
        assert_false(lnlt_session_load(&s, path, &err));
        assert_non_null(strstr(err.msg, "inside the data directory"));
        assert_null(strstr(err.msg, "root"));
    }
    /* 17 MB of blanks: refused by size, not parsed. */
    FILE *f = fopen(path, "w");
    assert_int_equal(ftruncate(fileno(f), 17 << 20), 0);
    fclose(f);
    lnlt_session s;
    lnlt_error err = {{0}};
    assert_false(lnlt_session_load(&s, path, &err));
    assert_non_null(strstr(err.msg, "16 MB"));
    unlink(path);
}

/* `lnlt engine --sandbox DIR`: scenarios, their data and saves only inside DIR;
 * an outside path is refused without its contents appearing anywhere. */
static void engine_sandbox_confines_files(void **state)
{
    (void)state;
    const char *dir = tmp_path("sandbox");
    char cmd[600];
    snprintf(cmd, sizeof cmd, "rm -rf %s && mkdir -p %s && cp -r data %s/data", dir, dir, dir);
    assert_int_equal(system(cmd), 0);
    const char *args[] = {"engine", "--sandbox", dir, NULL};
    const char *in = "load data/scenarios/sk1_assault_on_vierville.json 3\n"
                     "apply place G5 #0\n"
                     "save game.json\n"
                     "save /tmp/lnlt-outside.json\n"
                     "save ../outside.json\n"
                     "load /etc/passwd\n"
                     "load ../../../../etc/passwd\n"
                     "resume /etc/passwd\n"
                     "resume game.json\n"
                     "quit\n";
    cli_result r = cli_run(args, in);
    assert_int_equal(r.status, 0);
    if (!strstr(r.out, "ok saved game.json") || !strstr(r.out, "error save /tmp/lnlt-outside.json: outside the sandbox") ||
        !strstr(r.out, "error save ../outside.json: outside the sandbox") ||
        !strstr(r.out, "error scenario /etc/passwd: outside the sandbox") ||
        !strstr(r.out, "error scenario ../../../../etc/passwd: outside the sandbox") ||
        !strstr(r.out, "error save /etc/passwd: outside the sandbox") || !strstr(r.out, "ok resumed game.json actions 1") ||
        strstr(r.out, "root:"))
        fail_msg("transcript:\n%s", r.out);
    cli_result_free(&r);
    struct stat st;
    assert_int_equal(stat("/tmp/lnlt-outside.json", &st), -1);
    snprintf(cmd, sizeof cmd, "rm -rf %s", dir);
    assert_int_equal(system(cmd), 0);
    /* A sandbox that is not a directory. */
    const char *bad[] = {"engine", "--sandbox", "/nonexistent-lnlt-dir", NULL};
    r = cli_run(bad, "");
    assert_int_equal(r.status, 1);
    assert_non_null(strstr(r.err, "not a directory"));
    cli_result_free(&r);
}

/* `lnlt replay` of a diverging save: the where and why, exit status 1. */
static void replay_reports_divergence(void **state)
{
    (void)state;
    lnlt_session s;
    lnlt_error err;
    if (!lnlt_session_open(&s, SK1, 8, &err))
        fail_msg("%s", err.msg);
    play_bot(&s, 9, 60);
    json_t *o = lnlt_session_save_json(&s);
    json_object_set_new(o, "seed", json_string("9"));
    const char *path = tmp_path("diverging.json");
    json_dump_file(o, path, 0);
    json_decref(o);
    const char *args[] = {"replay", path, "--quiet", NULL};
    cli_result r = cli_run(args, NULL);
    assert_int_equal(r.status, 1);
    if (!strstr(r.err, "the replay diverges at action"))
        fail_msg("%s", r.err);
    cli_result_free(&r);
    /* The engine resumes it, with the note. */
    char in[400];
    snprintf(in, sizeof in, "resume %s\nquit\n", path);
    const char *eargs[] = {"engine", NULL};
    r = cli_run(eargs, in);
    if (!strstr(r.out, "ok resumed") || !strstr(r.out, "note: the replay diverges"))
        fail_msg("%s", r.out);
    cli_result_free(&r);
    unlink(path);
    lnlt_session_close(&s);
}

int main(int argc, char **argv)
{
    (void)argc;
    cli_set_program(argv[0]);
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(saves_v1_fixtures_load_and_continue),
        cmocka_unit_test(save_records_version_checks_and_final_position),
        cmocka_unit_test(save_forced_actions_without_dice_reload),
        cmocka_unit_test(save_records_the_optional_rules),
        cmocka_unit_test(save_diverging_continues_from_final_position),
        cmocka_unit_test(save_scenario_never_outside_data_dir),
        cmocka_unit_test(engine_sandbox_confines_files),
        cmocka_unit_test(replay_reports_divergence),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
