/*
 * test_session.c: the session layer (lnlt/session.h): apply, undo and the hash;
 * forced dice per action; the save/load round trip; replaying recorded random games
 * reproduces their hashes (DESIGN.md: the save is the replay); every malformed save
 * is refused with its own message and leaves the session it would replace as it
 * was; saves are atomic.
 */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <dirent.h>
#include <sys/stat.h>
#include <unistd.h>
#include <cmocka.h>

#include <jansson.h>

#include "lnlt/bot.h"
#include "lnlt/session.h"

#define MINI "tests/fixtures/cli/mini.json"

/* Per-process temporary names: other test runs may share /tmp. */
static const char *tmp_path(const char *name)
{
    static char buf[8][256];
    static int k;
    char *b = buf[k++ % 8];
    snprintf(b, 256, "/tmp/lnlt-test-%ld-%s", (long)getpid(), name);
    return b;
}

static const lnlt_ctx hand_ctx = {3, LNLT_SIDE_2, {NULL, "US", "German"}};

static void apply_ok(lnlt_session *s, const char *cmd)
{
    lnlt_error err;
    if (!lnlt_session_apply_text(s, cmd, &err))
        fail_msg("%s: %s", cmd, err.msg);
}

/* Plays a game with the random bot; returns the number of actions. */
static int play_random(lnlt_session *s, uint64_t bot_seed, int max)
{
    lnlt_bot bot;
    lnlt_bot_init(&bot, bot_seed);
    lnlt_action a;
    lnlt_error err;
    int n = 0;
    while (n < max && lnlt_bot_choose(&bot, &s->ctx, &s->state, &a)) {
        if (!lnlt_session_apply(s, &a, &err))
            fail_msg("random game: %s", err.msg);
        n++;
    }
    return n;
}

static void session_apply_undo_restores_state_and_log(void **state)
{
    (void)state;
    lnlt_session s;
    lnlt_session_start(&s, &hand_ctx, "hand", 42);
    uint64_t h0 = lnlt_session_hash(&s);
    apply_ok(&s, "end-rally");
    uint64_t h1 = lnlt_session_hash(&s);
    int log1 = s.log.count;
    lnlt_state st1 = s.state;
    apply_ok(&s, "end-rally");
    apply_ok(&s, "pass");
    assert_int_equal(s.nsteps, 3);
    assert_int_not_equal(lnlt_session_hash(&s), h1);
    lnlt_error err;
    assert_true(lnlt_session_undo(&s, &err));
    assert_true(lnlt_session_undo(&s, &err));
    assert_int_equal(s.nsteps, 1);
    assert_int_equal(lnlt_session_hash(&s), h1);
    assert_memory_equal(&s.state, &st1, sizeof st1);
    assert_int_equal(s.log.count, log1);
    assert_true(lnlt_session_undo(&s, &err));
    assert_int_equal(lnlt_session_hash(&s), h0);
    assert_int_equal(s.log.count, 0);
    assert_false(lnlt_session_undo(&s, &err));
    assert_string_equal(err.msg, "nothing to undo");
    lnlt_session_close(&s);
}

static void session_illegal_action_changes_nothing(void **state)
{
    (void)state;
    lnlt_session s;
    lnlt_session_start(&s, &hand_ctx, "hand", 1);
    lnlt_state before = s.state;
    lnlt_error err;
    assert_false(lnlt_session_apply_text(&s, "pass", &err)); /* rally phase */
    assert_non_null(strstr(err.msg, "not a legal action"));
    assert_false(lnlt_session_apply_text(&s, "charge", &err));
    assert_non_null(strstr(err.msg, "unknown command"));
    assert_memory_equal(&s.state, &before, sizeof before);
    assert_int_equal(s.nsteps, 0);
    assert_int_equal(s.log.count, 0);
    lnlt_session_close(&s);
}

/* Forced dice: the initiative roll of turn 2 takes two faces; with none left the
 * action fails and nothing is consumed or logged. */
static void session_forced_dice_and_running_out(void **state)
{
    (void)state;
    lnlt_session s;
    lnlt_session_start(&s, &hand_ctx, "hand", 1);
    lnlt_error err;
    assert_true(lnlt_session_force_dice(&s, "6", &err));
    assert_false(lnlt_session_force_dice(&s, "7", &err)); /* not a die face: nothing added */
    assert_int_equal(s.forced.count, 1);
    const char *turn1[] = {"end-rally", "end-rally", "pass", "pass"};
    for (int i = 0; i < 4; i++)
        apply_ok(&s, turn1[i]);
    lnlt_state before = s.state;
    int log_before = s.log.count;
    assert_false(lnlt_session_apply_text(&s, "pass", &err)); /* needs two faces, has one */
    assert_memory_equal(&s.state, &before, sizeof before);
    assert_int_equal(s.log.count, log_before);
    assert_int_equal(s.forced.next, 0);
    assert_true(lnlt_session_force_dice(&s, "2", &err));
    apply_ok(&s, "pass");
    assert_int_equal(s.forced.next, 2);
    assert_int_equal(s.state.initiative, LNLT_SIDE_1); /* US 6 vs German 2 */
    assert_int_equal(s.steps[4].dice_from, 0);
    assert_int_equal(s.steps[4].dice_to, 2);
    /* Undo gives the faces back; redoing takes them again. */
    assert_true(lnlt_session_undo(&s, &err));
    assert_int_equal(s.forced.next, 0);
    apply_ok(&s, "pass");
    assert_int_equal(s.state.initiative, LNLT_SIDE_1);
    lnlt_session_close(&s);
}

static void session_save_load_round_trip(void **state)
{
    (void)state;
    lnlt_session s, t;
    lnlt_error err;
    if (!lnlt_session_open(&s, MINI, 12345678901234567890ull, &err))
        fail_msg("%s", err.msg);
    apply_ok(&s, "end-rally");
    apply_ok(&s, "end-rally");
    apply_ok(&s, "pass");
    apply_ok(&s, "pass");
    assert_true(lnlt_session_force_dice(&s, "3,5", &err));
    apply_ok(&s, "pass"); /* turn 2 initiative from forced dice */
    lnlt_session_random_dice(&s);
    apply_ok(&s, "end-rally");
    const char *path = tmp_path("session-save.json");
    assert_true(lnlt_session_save(&s, path, &err));
    assert_true(lnlt_session_load(&t, path, &err));
    assert_int_equal(t.nsteps, s.nsteps);
    assert_int_equal(t.seed, 12345678901234567890ull);
    assert_int_equal(lnlt_session_hash(&t), lnlt_session_hash(&s));
    assert_memory_equal(&t.state, &s.state, sizeof s.state);
    assert_string_equal(t.scenario, MINI);
    assert_int_equal(t.log.count, s.log.count);
    assert_true(t.steps[4].forced);
    assert_false(t.steps[5].forced);
    /* The loaded game plays on and undoes like the original. */
    assert_true(lnlt_session_undo(&t, &err));
    assert_true(lnlt_session_undo(&s, &err));
    assert_int_equal(lnlt_session_hash(&t), lnlt_session_hash(&s));
    lnlt_session_close(&s);
    lnlt_session_close(&t);
    unlink(path);
}

/* Recorded random games replay to the same hash (DESIGN.md: the save is the
 * replay), and the replay also reproduces every intermediate step (undo). */
static void session_replay_random_games_reproduces_hashes(void **state)
{
    (void)state;
    lnlt_error err;
    lnlt_ctx ctx;
    if (!lnlt_ctx_open(MINI, &ctx, &err))
        fail_msg("%s", err.msg);
    for (uint64_t seed = 1; seed <= 20; seed++) {
        lnlt_session s, t;
        lnlt_session_start(&s, &ctx, MINI, seed);
        play_random(&s, seed * 77, 2000);
        json_t *save = lnlt_session_save_json(&s);
        char *text = json_dumps(save, 0);
        json_decref(save);
        json_t *back = json_loads(text, 0, NULL);
        free(text);
        if (!lnlt_session_load_json(&t, back, "memory", &ctx, &err))
            fail_msg("seed %llu: %s", (unsigned long long)seed, err.msg);
        json_decref(back);
        assert_int_equal(lnlt_session_hash(&t), lnlt_session_hash(&s));
        assert_true(lnlt_session_over(&t));
        lnlt_session_close(&s);
        lnlt_session_close(&t);
    }
    lnlt_ctx_close(&ctx);
}

static void write_text(const char *path, const char *text)
{
    FILE *f = fopen(path, "w");
    assert_non_null(f);
    fputs(text, f);
    fclose(f);
}

/* Every malformed save gives its message; the session it would replace stays. */
static void session_malformed_saves_refused_state_untouched(void **state)
{
    (void)state;
    lnlt_error err;
    lnlt_session good;
    if (!lnlt_session_open(&good, MINI, 9, &err))
        fail_msg("%s", err.msg);
    apply_ok(&good, "end-rally");
    apply_ok(&good, "end-rally");
    const char *ok_path = tmp_path("good-save.json");
    assert_true(lnlt_session_save(&good, ok_path, &err));
    char *ok_text = NULL;
    {
        FILE *f = fopen(ok_path, "r");
        assert_non_null(f);
        ok_text = calloc(1, 4096);
        assert_true(fread(ok_text, 1, 4095, f) > 0);
        fclose(f);
    }
    char trunc[4096];
    snprintf(trunc, sizeof trunc, "%.*s", (int)(strlen(ok_text) / 2), ok_text);
    char hash[17];
    lnlt_hash_format(lnlt_session_hash(&good), hash);
    char diverge[1024], unknown[1024], illegal[1024];
    snprintf(diverge, sizeof diverge,
             "{\"format\":\"lnlt-save\",\"version\":1,\"scenario\":\"" MINI "\",\"seed\":\"9\","
             "\"actions\":[\"end-rally\",\"end-rally\"],\"hash\":\"0000000000000000\"}");
    snprintf(unknown, sizeof unknown,
             "{\"format\":\"lnlt-save\",\"version\":1,\"scenario\":\"" MINI "\",\"seed\":\"9\","
             "\"actions\":[\"end-rally\",\"charge\"],\"hash\":\"%s\"}",
             hash);
    snprintf(illegal, sizeof illegal,
             "{\"format\":\"lnlt-save\",\"version\":1,\"scenario\":\"" MINI "\",\"seed\":\"9\","
             "\"actions\":[\"pass\"],\"hash\":\"%s\"}",
             hash);
    struct {
        const char *name, *text, *expect;
    } cases[] = {
        {"not JSON", "this is not a save\n", "not a readable save"},
        {"empty", "", "not a readable save"},
        {"truncated", trunc, "not a readable save"},
        {"array", "[1,2]", "expected a JSON object"},
        {"wrong format", "{\"format\":\"chess-pgn\",\"version\":1}", "$.format: expected \"lnlt-save\""},
        {"wrong version",
         "{\"format\":\"lnlt-save\",\"version\":99,\"scenario\":\"x\",\"seed\":\"1\",\"actions\":[],\"hash\":\"0000000000000000\"}",
         "$.version: expected 1 to 2"},
        {"no scenario", "{\"format\":\"lnlt-save\",\"version\":1,\"seed\":\"1\",\"actions\":[],\"hash\":\"0000000000000000\"}",
         "$.scenario"},
        {"bad seed",
         "{\"format\":\"lnlt-save\",\"version\":1,\"scenario\":\"" MINI "\",\"seed\":\"-4\",\"actions\":[],\"hash\":\"0000000000000000\"}",
         "$.seed"},
        {"seed too big",
         "{\"format\":\"lnlt-save\",\"version\":1,\"scenario\":\"" MINI "\",\"seed\":\"99999999999999999999\",\"actions\":[],\"hash\":\"0000000000000000\"}",
         "$.seed"},
        {"numeric seed",
         "{\"format\":\"lnlt-save\",\"version\":1,\"scenario\":\"" MINI "\",\"seed\":4,\"actions\":[],\"hash\":\"0000000000000000\"}",
         "$.seed"},
        {"actions not array",
         "{\"format\":\"lnlt-save\",\"version\":1,\"scenario\":\"" MINI "\",\"seed\":\"1\",\"actions\":\"pass\",\"hash\":\"0000000000000000\"}",
         "$.actions: expected an array"},
        {"bad hash", "{\"format\":\"lnlt-save\",\"version\":1,\"scenario\":\"" MINI "\",\"seed\":\"1\",\"actions\":[],\"hash\":\"xyz\"}",
         "$.hash"},
        {"action not a string",
         "{\"format\":\"lnlt-save\",\"version\":1,\"scenario\":\"" MINI "\",\"seed\":\"1\",\"actions\":[7],\"hash\":\"0000000000000000\"}",
         "$.actions[0]: expected a command"},
        {"bad forced die",
         "{\"format\":\"lnlt-save\",\"version\":1,\"scenario\":\"" MINI "\",\"seed\":\"1\",\"actions\":[{\"do\":\"end-rally\",\"dice\":[9]}],\"hash\":\"0000000000000000\"}",
         "$.actions[0].dice[0]: expected a die face 1-6"},
        {"checks of another length",
         "{\"format\":\"lnlt-save\",\"version\":2,\"engine\":\"x\",\"scenario\":\"" MINI "\",\"seed\":\"1\",\"actions\":[\"pass\"],\"checks\":[],\"hash\":\"0000000000000000\"}",
         "$.checks: expected one check hash per action"},
        {"no engine in version 2",
         "{\"format\":\"lnlt-save\",\"version\":2,\"scenario\":\"" MINI "\",\"seed\":\"1\",\"actions\":[],\"hash\":\"0000000000000000\"}",
         "$.engine"},
        {"final not a scenario",
         "{\"format\":\"lnlt-save\",\"version\":2,\"engine\":\"x\",\"scenario\":\"" MINI "\",\"seed\":\"1\",\"actions\":[],\"hash\":\"0000000000000000\",\"final\":3}",
         "$.final: expected the final position"},
        {"absolute scenario",
         "{\"format\":\"lnlt-save\",\"version\":1,\"scenario\":\"/etc/passwd\",\"seed\":\"1\",\"actions\":[],\"hash\":\"0000000000000000\"}",
         "a save names its scenario inside the data directory"},
        {"scenario through ..",
         "{\"format\":\"lnlt-save\",\"version\":1,\"scenario\":\"../../../../../../etc/passwd\",\"seed\":\"1\",\"actions\":[],\"hash\":\"0000000000000000\"}",
         "a save names its scenario inside the data directory"},
        {"missing scenario",
         "{\"format\":\"lnlt-save\",\"version\":1,\"scenario\":\"no/such/scenario.json\",\"seed\":\"1\",\"actions\":[],\"hash\":\"0000000000000000\"}",
         "$.scenario \"no/such/scenario.json\" cannot be opened"},
    };
    lnlt_state before = good.state;
    uint64_t hbefore = lnlt_session_hash(&good);
    const char *path = tmp_path("bad-save.json");
    for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++) {
        write_text(path, cases[i].text);
        memset(&err, 0, sizeof err);
        if (lnlt_session_load(&good, path, &err))
            fail_msg("%s: accepted", cases[i].name);
        if (!strstr(err.msg, cases[i].expect))
            fail_msg("%s: message \"%s\" lacks \"%s\"", cases[i].name, err.msg, cases[i].expect);
        if (strncmp(err.msg, path, strlen(path)))
            fail_msg("%s: message \"%s\" does not name the file", cases[i].name, err.msg);
        assert_memory_equal(&good.state, &before, sizeof before);
        assert_int_equal(lnlt_session_hash(&good), hbefore);
        assert_int_equal(good.nsteps, 2);
    }
    assert_false(lnlt_session_load(&good, "/tmp/lnlt-no-such-save.json", &err));
    assert_non_null(strstr(err.msg, "cannot read the save"));
    /* Issue 17: version-1 saves whose actions no longer replay, or whose hash
     * differs, are not refused: they continue as far as their actions replay, and
     * say where and why. */
    struct {
        const char *name, *text, *expect;
        int nsteps;
    } cont[] = {
        {"unknown action", unknown, "diverges at action 2 of 2 (" , 1},
        {"illegal action", illegal, "diverges at action 1 of 1 (", 0},
    };
    for (size_t i = 0; i < sizeof cont / sizeof cont[0]; i++) {
        lnlt_session t;
        write_text(path, cont[i].text);
        if (!lnlt_session_load(&t, path, &err))
            fail_msg("%s: refused: %s", cont[i].name, err.msg);
        assert_true(t.diverged);
        if (!strstr(t.notice, cont[i].expect) || !strstr(t.notice, "the game continues after"))
            fail_msg("%s: notice \"%s\" lacks \"%s\"", cont[i].name, t.notice, cont[i].expect);
        assert_int_equal(t.nsteps, cont[i].nsteps);
        lnlt_session_close(&t);
    }
    /* The hash of a version-1 save was the bytes of a state layout this version no
     * longer has: it cannot be checked, and the player is told so (R-SAVE-08). */
    lnlt_session t;
    write_text(path, diverge);
    if (!lnlt_session_load(&t, path, &err))
        fail_msg("diverging hash: refused: %s", err.msg);
    assert_false(t.diverged);
    assert_non_null(strstr(t.notice, "cannot be checked"));
    assert_int_equal(t.nsteps, 2);
    lnlt_session_close(&t);
    free(ok_text);
    unlink(path);
    unlink(ok_path);
    lnlt_session_close(&good);
}

/* No temporary file is left in dir. */
static void no_temp_files(const char *dir)
{
    DIR *d = opendir(dir);
    assert_non_null(d);
    struct dirent *e;
    while ((e = readdir(d)))
        if (strstr(e->d_name, ".tmp-"))
            fail_msg("temporary file %s left in %s", e->d_name, dir);
    closedir(d);
}

/* Issue 17: saves are written through a new, unpredictable temporary file
 * (O_EXCL), keep the mode of the file they replace, replace a symbolic link at
 * the save's name instead of writing through it, and a save that cannot be
 * written leaves the previous file as it was and no temporary file behind. */
static void session_save_is_atomic(void **state)
{
    (void)state;
    lnlt_session s;
    lnlt_error err;
    lnlt_session_start(&s, &hand_ctx, "hand", 3);
    const char *dir = tmp_path("atomic");
    mkdir(dir, 0700);
    char path[300], target[300], sub[300];
    snprintf(path, sizeof path, "%s/save.json", dir);
    snprintf(target, sizeof target, "%s/target.txt", dir);
    snprintf(sub, sizeof sub, "%s/sub", dir);
    assert_true(lnlt_session_save(&s, path, &err));
    /* The mode of the file replaced is kept. */
    assert_int_equal(chmod(path, 0640), 0);
    apply_ok(&s, "end-rally");
    assert_true(lnlt_session_save(&s, path, &err));
    struct stat st;
    assert_int_equal(stat(path, &st), 0);
    assert_int_equal(st.st_mode & 07777, 0640);
    json_t *o = json_load_file(path, 0, NULL);
    assert_int_equal(json_array_size(json_object_get(o, "actions")), 1);
    json_decref(o);
    no_temp_files(dir);
    /* A directory at the save's name: refused, nothing left behind. */
    mkdir(sub, 0700);
    assert_false(lnlt_session_save(&s, sub, &err));
    assert_non_null(strstr(err.msg, "it is a directory"));
    no_temp_files(dir);
    rmdir(sub);
    /* A directory that does not exist: refused; the old save is intact. */
    assert_false(lnlt_session_save(&s, "/tmp/lnlt-no-such-dir/x/save.json", &err));
    assert_non_null(strstr(err.msg, "cannot write save"));
    o = json_load_file(path, 0, NULL);
    assert_int_equal(json_array_size(json_object_get(o, "actions")), 1);
    json_decref(o);
    /* A symbolic link at the save's name is replaced, its target untouched. */
    FILE *f = fopen(target, "w");
    fputs("precious\n", f);
    fclose(f);
    unlink(path);
    assert_int_equal(symlink(target, path), 0);
    assert_true(lnlt_session_save(&s, path, &err));
    assert_int_equal(lstat(path, &st), 0);
    assert_true(S_ISREG(st.st_mode));
    char buf[32] = "";
    f = fopen(target, "r");
    assert_non_null(fgets(buf, sizeof buf, f));
    fclose(f);
    assert_string_equal(buf, "precious\n");
    no_temp_files(dir);
    unlink(path);
    unlink(target);
    rmdir(dir);
    lnlt_session_close(&s);
}

static void session_state_json_shape(void **state)
{
    (void)state;
    lnlt_session s;
    lnlt_session_start(&s, &hand_ctx, "hand", 3);
    json_t *o = lnlt_session_state_json(&s);
    assert_int_equal(json_integer_value(json_object_get(o, "turn")), 1);
    assert_string_equal(json_string_value(json_object_get(o, "phase")), "Rally Phase");
    assert_int_equal(json_integer_value(json_object_get(json_object_get(o, "decision"), "side")), 2);
    assert_string_equal(json_string_value(json_array_get(json_object_get(o, "legal"), 0)), "end-rally");
    assert_true(json_is_array(json_object_get(o, "units")));
    char hash[17];
    lnlt_hash_format(lnlt_session_hash(&s), hash);
    assert_string_equal(json_string_value(json_object_get(o, "hash")), hash);
    json_decref(o);
    lnlt_session_close(&s);
}

/* The protocol's state lists the support weapons (1.6) under the numbers the
 * weapon commands take: a carried one at its holder's hex, a loose one in its own
 * hex, one out of play as "eliminated", with its face and condition. */
static void session_state_json_lists_weapons(void **state)
{
    (void)state;
    lnlt_session s;
    lnlt_error err;
    if (!lnlt_session_open(&s, MINI, 5, &err))
        fail_msg("%s", err.msg);
    int sq = lnlt_state_add_unit(&s.ctx, &s.state, "us_abn_squad_254", 1, "H5", &err);
    assert_true(sq >= 0);
    assert_int_equal(lnlt_state_add_sw(&s.ctx, &s.state, "m1919a4", sq, NULL, &err), 0);
    assert_int_equal(lnlt_state_add_sw(&s.ctx, &s.state, "mg42", -1, "J3", &err), 1);
    assert_int_equal(lnlt_state_add_sw(&s.ctx, &s.state, "bar", sq, NULL, &err), 2);
    s.state.sw[1].flags |= LNLT_SW_JAMMED | LNLT_SW_BACK_SIDE;
    s.state.sw[2].flags |= LNLT_SW_USED;
    s.state.sw[2].holder = -1;
    s.state.sw[2].cell = LNLT_CELL_ELIMINATED;
    json_t *o = lnlt_session_state_json(&s);
    json_t *w = json_object_get(o, "weapons");
    assert_int_equal(json_array_size(w), 3);
    json_t *mg = json_array_get(w, 0);
    assert_string_equal(json_string_value(json_object_get(mg, "id")), "w0");
    assert_string_equal(json_string_value(json_object_get(mg, "type_id")), "m1919a4");
    assert_int_equal(json_integer_value(json_object_get(mg, "holder")), sq);
    assert_string_equal(json_string_value(json_object_get(mg, "hex")), "15H5");
    assert_string_equal(json_string_value(json_object_get(mg, "face")), "front");
    assert_false(json_is_true(json_object_get(mg, "jammed")));
    json_t *loose = json_array_get(w, 1);
    assert_true(json_is_null(json_object_get(loose, "holder")));
    assert_string_equal(json_string_value(json_object_get(loose, "hex")), "15J3");
    assert_string_equal(json_string_value(json_object_get(loose, "face")), "back");
    assert_true(json_is_true(json_object_get(loose, "jammed")));
    assert_string_equal(json_string_value(json_object_get(json_array_get(w, 2), "hex")), "eliminated");
    json_decref(o);
    lnlt_session_close(&s);
}

static void ctx_open_errors(void **state)
{
    (void)state;
    lnlt_ctx ctx;
    lnlt_error err;
    assert_false(lnlt_ctx_open("tests/fixtures/cli/no-such.json", &ctx, &err));
    assert_non_null(strstr(err.msg, "cannot read the scenario file"));
    assert_null(ctx.owned);
    const char *path = tmp_path("bad-scenario.json");
    write_text(path, "{\"kind\":\"scenario\",");
    assert_false(lnlt_ctx_open(path, &ctx, &err));
    assert_non_null(strstr(err.msg, path));
    assert_null(ctx.owned);
    write_text(path, "{\"kind\":\"scenario\",\"turns\":0}");
    assert_false(lnlt_ctx_open(path, &ctx, &err));
    assert_non_null(strstr(err.msg, path));
    unlink(path);
    assert_true(lnlt_ctx_open(MINI, &ctx, &err));
    assert_int_equal(ctx.turns, 2);
    assert_int_equal(ctx.first_initiative, 2);
    assert_string_equal(ctx.side_name[1], "US");
    assert_string_equal(ctx.side_name[2], "German");
    assert_non_null(ctx.catalog);
    assert_non_null(ctx.map);
    assert_non_null(ctx.scenario);
    lnlt_ctx_close(&ctx);
}

/* The same for every shipped scenario, with whatever rules the engine has today:
 * random games replay to their hashes, and undoing back to a midpoint gives the
 * midpoint's state again. */
static void session_replay_shipped_scenarios(void **state)
{
    (void)state;
    DIR *d = opendir("data/scenarios");
    if (!d)
        skip();
    struct dirent *e;
    int scenarios = 0;
    while ((e = readdir(d))) {
        size_t n = strlen(e->d_name);
        if (n < 6 || strcmp(e->d_name + n - 5, ".json"))
            continue;
        char path[512];
        snprintf(path, sizeof path, "data/scenarios/%s", e->d_name);
        lnlt_error err;
        lnlt_ctx ctx;
        if (!lnlt_ctx_open(path, &ctx, &err))
            fail_msg("%s", err.msg);
        scenarios++;
        for (uint64_t seed = 1; seed <= 2; seed++) {
            lnlt_session s, t;
            lnlt_session_start(&s, &ctx, path, seed);
            /* Undo by replay costs a replay per step: check it a few steps deep. */
            int half = play_random(&s, seed + 1000, 60);
            uint64_t mid = lnlt_session_hash(&s);
            lnlt_state mid_state = s.state;
            play_random(&s, seed + 2000, 4);
            while (s.nsteps > half)
                if (!lnlt_session_undo(&s, &err))
                    fail_msg("%s: undo: %s", path, err.msg);
            assert_int_equal(lnlt_session_hash(&s), mid);
            assert_memory_equal(&s.state, &mid_state, sizeof mid_state);
            play_random(&s, seed + 3000, 20000);
            int total = s.nsteps;
            json_t *save = lnlt_session_save_json(&s);
            if (!lnlt_session_load_json(&t, save, path, &ctx, &err))
                fail_msg("%s seed %llu: %s", path, (unsigned long long)seed, err.msg);
            json_decref(save);
            assert_int_equal(lnlt_session_hash(&t), lnlt_session_hash(&s));
            assert_int_equal(t.nsteps, total);
            lnlt_session_close(&s);
            lnlt_session_close(&t);
        }
        lnlt_ctx_close(&ctx);
    }
    closedir(d);
    assert_true(scenarios > 0);
}

/* The bot's attack preference is judged from the command word. */
static void bot_fire_classification_and_determinism(void **state)
{
    (void)state;
    lnlt_action a;
    memset(&a, 0, sizeof a);
    const struct {
        int type;
        bool fire;
    } cases[] = {{LNLT_ACT_FIRE, true},  {LNLT_ACT_OPFIRE, true}, {LNLT_ACT_NO_FIRE, false},
                 {LNLT_ACT_PASS, false}, {LNLT_ACT_MOVE, false},  {LNLT_ACT_END_RALLY, false}};
    for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++) {
        a.type = (uint8_t)cases[i].type;
        a.nargs = cases[i].type == LNLT_ACT_FIRE ? 2 : cases[i].type == LNLT_ACT_OPFIRE || cases[i].type == LNLT_ACT_MOVE;
        if (lnlt_action_is_fire(&hand_ctx, &a) != cases[i].fire)
            fail_msg("action type %d: fire %d expected", cases[i].type, cases[i].fire);
    }
    /* Same seed, same game. */
    lnlt_session s, t;
    lnlt_session_start(&s, &hand_ctx, "hand", 5);
    lnlt_session_start(&t, &hand_ctx, "hand", 5);
    play_random(&s, 99, 500);
    play_random(&t, 99, 500);
    assert_int_equal(s.nsteps, t.nsteps);
    assert_int_equal(lnlt_session_hash(&s), lnlt_session_hash(&t));
    assert_true(lnlt_session_over(&s));
    lnlt_session_close(&s);
    lnlt_session_close(&t);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(session_apply_undo_restores_state_and_log),
        cmocka_unit_test(session_illegal_action_changes_nothing),
        cmocka_unit_test(session_forced_dice_and_running_out),
        cmocka_unit_test(session_save_load_round_trip),
        cmocka_unit_test(session_replay_random_games_reproduces_hashes),
        cmocka_unit_test(session_replay_shipped_scenarios),
        cmocka_unit_test(session_malformed_saves_refused_state_untouched),
        cmocka_unit_test(session_save_is_atomic),
        cmocka_unit_test(session_state_json_shape),
        cmocka_unit_test(session_state_json_lists_weapons),
        cmocka_unit_test(ctx_open_errors),
        cmocka_unit_test(bot_fire_classification_and_determinism),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
