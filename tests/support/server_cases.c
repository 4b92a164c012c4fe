/*
 * server_cases.c: the end-to-end cases of server_cases.h, over real HTTP and
 * WebSocket against a real `lnlt serve` process: games to the victory report
 * (two seats, against the bot, resumed after a restart), the error statuses of
 * the contract, undo and resignation (R-SRV-03, R-SRV-08), what one side is sent
 * (no seed before the end, no unrevealed enemy forces: R-SRV-01, R-SRV-02), kill -9
 * durability (R-SRV-05) and webhooks (R-SRV-09).
 */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>
#include <cmocka.h>

#include <civetweb.h>
#include <inttypes.h>

#include "lnlt/data.h"
#include "lnlt/session.h"
#include "server/crypto.h"
#include "server_cases.h"

const char *(*case_db)(void);

/* One server serves the cases that need no restart of their own (civetweb takes
 * a second or two to stop, so every start and stop counts in CI's time). It
 * allows webhooks to the listener started with it. */
static test_server shared;
static hook_listener hooks;

int cases_setup(void **state)
{
    (void)state;
    hook_listener_start(&hooks);
    char allow[64];
    snprintf(allow, sizeof allow, "127.0.0.1:%d", hooks.port);
    const char *extra[] = {"--web", "tests/fixtures/web", "--webhook-allow", allow, NULL};
    server_start(&shared, case_db(), extra);
    return 0;
}

int cases_teardown(void **state)
{
    (void)state;
    server_stop(&shared);
    hook_listener_stop(&hooks);
    return 0;
}

#define SK1 "sk1_assault_on_vierville"
#define SK3 "sk3_the_weapons_cache"
#define MAX_ACTIONS 6000

/* ---- helpers ---- */

static void expect_error(json_t *r, const int *st, int want);

typedef struct game {
    char id[32];
    char token[3][80];
} game;

static void create(int port, const char *scenario, const char *seat1, const char *seat2, game *g)
{
    char body[256];
    snprintf(body, sizeof body, "{\"scenario\":\"%s\",\"seats\":{\"1\":\"%s\",\"2\":\"%s\"}}", scenario, seat1, seat2);
    int st;
    json_t *r = http_call(port, "POST", "/api/games", body, &st);
    assert_int_equal(st, 201);
    memset(g, 0, sizeof *g);
    snprintf(g->id, sizeof g->id, "%s", json_string_value(json_object_get(r, "id")));
    json_t *seats = json_object_get(r, "seats");
    assert_int_equal(json_array_size(seats), 2);
    for (size_t i = 0; i < 2; i++) {
        json_t *s = json_array_get(seats, i);
        int side = (int)json_integer_value(json_object_get(s, "side"));
        const char *tok = json_string_value(json_object_get(s, "token"));
        if (tok)
            snprintf(g->token[side], sizeof g->token[side], "%s", tok);
    }
    json_decref(r);
}

static json_t *view(int port, const game *g, int side, int *status)
{
    char path[256];
    snprintf(path, sizeof path, "/api/games/%s/view?token=%s", g->id, side ? g->token[side] : "");
    return http_call(port, "GET", path, NULL, status);
}

static json_t *act(int port, const game *g, int side, json_int_t seq, const char *action, int *status)
{
    json_t *b = json_pack("{s:s, s:I, s:s}", "token", g->token[side], "seq", seq, "action", action);
    char path[128];
    snprintf(path, sizeof path, "/api/games/%s/actions", g->id);
    return http_post_json(port, path, b, status);
}

static json_int_t seq_of(const json_t *v) { return json_integer_value(json_object_get(v, "seq")); }
static bool over_of(const json_t *v) { return json_is_true(json_object_get(v, "over")); }
static int to_act_of(const json_t *v)
{
    return (int)json_integer_value(json_object_get(json_object_get(v, "decision"), "side"));
}

/* A legal action picked at random, with a lean towards ending things (pass,
 * done, stop, no-fire) so games finish in a few hundred actions. */
static const char *pick(const json_t *legal, unsigned *rng)
{
    size_t n = json_array_size(legal);
    assert_true(n > 0);
    *rng = *rng * 1103515245u + 12345u;
    unsigned r = (*rng >> 8);
    if (r % 3 == 0)
        for (size_t i = 0; i < n; i++) {
            const char *t = json_string_value(json_array_get(legal, i));
            if (!strcmp(t, "pass") || !strcmp(t, "done") || !strcmp(t, "stop") || !strcmp(t, "no-fire") ||
                !strcmp(t, "end-rally"))
                return t;
        }
    return json_string_value(json_array_get(legal, (r / 3) % n));
}

/* Plays the human seats of g with random legal actions until the game is over
 * or `limit` actions were made; waits for the bot where it decides. Returns the
 * actions made. */
static int play(int port, const game *g, unsigned seed, int limit)
{
    unsigned rng = seed;
    int made = 0, idle = 0;
    while (made < limit) {
        int st;
        json_t *v = view(port, g, g->token[1][0] ? 1 : 2, &st);
        assert_int_equal(st, 200);
        if (over_of(v)) {
            json_decref(v);
            break;
        }
        int side = to_act_of(v);
        if (!g->token[side][0]) { /* the bot's decision */
            json_decref(v);
            assert_true(++idle < 20000);
            sleep_ms(2);
            continue;
        }
        idle = 0;
        if (side != (g->token[1][0] ? 1 : 2)) {
            json_decref(v);
            v = view(port, g, side, &st);
            assert_int_equal(st, 200);
        }
        json_int_t seq = seq_of(v);
        const char *a = pick(json_object_get(v, "legal"), &rng);
        json_t *r = act(port, g, side, seq, a, &st);
        if (st != 200)
            fail_msg("action \"%s\" at seq %lld: status %d: %s", a, (long long)seq, st,
                     json_string_value(json_object_get(r, "error")));
        assert_int_equal(seq_of(r), seq + 1);
        assert_true(json_is_array(json_object_get(r, "events")));
        json_decref(r);
        json_decref(v);
        made++;
    }
    return made;
}

static void assert_victory_report(int port, const game *g, int side)
{
    int st;
    json_t *v = view(port, g, side, &st);
    assert_int_equal(st, 200);
    assert_true(over_of(v));
    json_t *result = json_object_get(v, "result");
    assert_true(json_is_object(result));
    assert_true(json_array_size(json_object_get(result, "report")) > 0);
    /* R-SRV-01: the seed is revealed, and it is the one committed to. */
    const char *seed = json_string_value(json_object_get(v, "seed"));
    assert_non_null(seed);
    char commitment[SRV_SHA256_HEX];
    srv_seed_commitment(seed, commitment);
    assert_string_equal(commitment, json_string_value(json_object_get(v, "seed_commitment")));
    json_decref(v);
}

/* GET /replay, written to a file, proved with `lnlt replay --seed`. */
static void assert_dice_proved(int port, const game *g)
{
    char path[128], file[128], cmd[600];
    snprintf(path, sizeof path, "/api/games/%s/replay", g->id);
    int st;
    char *text = http_call_raw(port, "GET", path, NULL, &st);
    assert_int_equal(st, 200);
    json_t *x = json_loads(text, 0, NULL);
    assert_non_null(x);
    const char *secret = json_string_value(json_object_get(x, "seed_secret"));
    assert_non_null(secret);
    snprintf(file, sizeof file, "/tmp/lnlt-test-export-%ld.json", (long)getpid());
    FILE *f = fopen(file, "w");
    assert_non_null(f);
    fputs(text, f);
    fclose(f);
    snprintf(cmd, sizeof cmd, "%s replay --quiet --seed %s %s | grep -q 'dice verified'", harness_program(), secret,
             file);
    assert_int_equal(system(cmd), 0);
    json_decref(x);
    free(text);
    unlink(file);
}

/* ---- the cases ---- */

void case_two_seats_to_victory(void **state)
{
    (void)state;
    test_server s = shared;
    game g;
    create(s.port, SK1, "human", "human", &g);
    ws_client w1, w2;
    char path[200];
    snprintf(path, sizeof path, "/ws/games/%s?token=%s", g.id, g.token[1]);
    assert_true(ws_open(&w1, s.port, path));
    snprintf(path, sizeof path, "/ws/games/%s?token=%s", g.id, g.token[2]);
    assert_true(ws_open(&w2, s.port, path));
    assert_true(ws_wait_for(&w1, "\"type\":\"hello\"", 5000));
    assert_true(ws_wait_for(&w2, "\"type\":\"hello\"", 5000));
    int made = play(s.port, &g, 11, MAX_ACTIONS);
    assert_true(made > 10);
    assert_victory_report(s.port, &g, 1);
    assert_victory_report(s.port, &g, 2);
    /* Every applied action was pushed to both seats, the last one with the end. */
    char last[64];
    snprintf(last, sizeof last, "\"seq\":%d,", made);
    assert_true(ws_wait_for(&w1, last, 5000));
    assert_true(ws_wait_for(&w2, last, 5000));
    assert_true(ws_wait_for(&w1, "\"over\":true", 5000));
    assert_true(ws_count(&w1) >= made + 1);
    ws_close(&w1);
    ws_close(&w2);
    assert_dice_proved(s.port, &g);
    /* The replay's scrubber: any past position of the finished game. */
    char at[200];
    int st;
    snprintf(at, sizeof at, "/api/games/%s/view?token=%s&at=0", g.id, g.token[1]);
    json_t *first = http_call(s.port, "GET", at, NULL, &st);
    assert_int_equal(st, 200);
    assert_int_equal(json_integer_value(json_object_get(first, "at")), 0);
    snprintf(at, sizeof at, "/api/games/%s/view?at=%d", g.id, made);
    json_t *last_view = http_call(s.port, "GET", at, NULL, &st);
    assert_int_equal(st, 200);
    json_t *now = view(s.port, &g, 0, &st);
    assert_true(json_equal(json_object_get(last_view, "units"), json_object_get(now, "units")));
    assert_false(json_equal(json_object_get(first, "units"), json_object_get(now, "units")));
    json_decref(now);
    json_decref(last_view);
    json_decref(first);
    snprintf(at, sizeof at, "/api/games/%s/view?at=%d", g.id, made + 1);
    expect_error(http_call(s.port, "GET", at, NULL, &st), &st, 422);
    snprintf(at, sizeof at, "/api/games/%s/view?at=-1", g.id);
    expect_error(http_call(s.port, "GET", at, NULL, &st), &st, 400);
}

void case_bot_to_victory(void **state)
{
    (void)state;
    test_server s = shared;
    game g;
    create(s.port, SK1, "human", "bot:random", &g);
    assert_true(play(s.port, &g, 5, MAX_ACTIONS) > 0);
    assert_victory_report(s.port, &g, 1);
    /* and the computer on side 1 */
    game h;
    create(s.port, SK1, "bot", "human", &h);
    play(s.port, &h, 6, MAX_ACTIONS);
    assert_victory_report(s.port, &h, 2);
    assert_dice_proved(s.port, &h);
}

static json_t *undo(int port, const game *g, int side, json_int_t seq, int *status)
{
    char path[128];
    snprintf(path, sizeof path, "/api/games/%s/undo", g->id);
    return http_post_json(port, path, json_pack("{s:s, s:I}", "token", g->token[side], "seq", seq), status);
}

/* The position a seat sees: its units and its legal list. */
static void assert_same_position(const json_t *a, const json_t *b)
{
    assert_true(json_equal(json_object_get(a, "units"), json_object_get(b, "units")));
    assert_true(json_equal(json_object_get(a, "decision"), json_object_get(b, "decision")));
    assert_true(json_equal(json_object_get(a, "legal"), json_object_get(b, "legal")));
}

void case_resumed_after_restart(void **state)
{
    (void)state;
    const char *db = case_db();
    const char *extra[] = {"--snapshot-every", "3", NULL};
    test_server s;
    server_start(&s, db, extra);
    game g;
    create(s.port, SK1, "human", "human", &g);
    int st;
    /* Three set-up placements (a snapshot after the third), then one taken back:
     * the undo reaches behind the snapshot, so loading must replay from the start. */
    for (int i = 0; i < 3; i++) {
        json_t *v = view(s.port, &g, 1, &st);
        const char *a = json_string_value(json_array_get(json_object_get(v, "legal"), 0));
        assert_non_null(strstr(a, "place"));
        json_decref(act(s.port, &g, 1, seq_of(v), a, &st));
        assert_int_equal(st, 200);
        json_decref(v);
    }
    json_decref(undo(s.port, &g, 1, 3, &st));
    assert_int_equal(st, 200);
    json_t *before = view(s.port, &g, 1, &st);
    assert_int_equal(seq_of(before), 4);
    server_stop(&s);
    server_start(&s, db, extra);
    json_t *after = view(s.port, &g, 1, &st);
    assert_int_equal(st, 200);
    assert_int_equal(seq_of(after), 4);
    assert_same_position(before, after);
    json_decref(before);
    json_decref(after);
    /* Forty more actions, then a restart: loaded from the last snapshot and the
     * records after it, the same position. */
    assert_int_equal(play(s.port, &g, 21, 40), 40);
    before = view(s.port, &g, 1, &st);
    server_stop(&s);
    server_start(&s, db, extra);
    after = view(s.port, &g, 1, &st);
    assert_int_equal(st, 200);
    assert_int_equal(seq_of(after), 44);
    assert_same_position(before, after);
    json_decref(before);
    json_decref(after);
    play(s.port, &g, 22, MAX_ACTIONS);
    assert_victory_report(s.port, &g, 1);
    assert_dice_proved(s.port, &g);
    server_stop(&s);
}

/* R-SRV-03 against the computer: your action and its replies since go back
 * together, when none of them rolled a die or revealed anything. */
void case_undo_against_the_computer(void **state)
{
    (void)state;
    test_server s = shared;
    game g;
    create(s.port, SK1, "human", "bot", &g);
    unsigned rng = 31;
    int st, taken_back = 0;
    for (int i = 0; i < 400 && !taken_back; i++) {
        json_t *v = view(s.port, &g, 1, &st);
        if (over_of(v)) {
            json_decref(v);
            break;
        }
        if (!json_is_true(json_object_get(v, "your_turn"))) {
            json_decref(v);
            sleep_ms(2);
            continue;
        }
        json_int_t seq = seq_of(v);
        json_decref(act(s.port, &g, 1, seq, pick(json_object_get(v, "legal"), &rng), &st));
        assert_int_equal(st, 200);
        /* wait for the computer's reply, if it has the next decision */
        json_t *w = NULL;
        for (int k = 0; k < 5000; k++) {
            json_decref(w);
            w = view(s.port, &g, 1, &st);
            if (json_is_true(json_object_get(w, "your_turn")) || over_of(w))
                break;
            sleep_ms(2);
        }
        json_int_t now = seq_of(w);
        if (now >= seq + 2 && !over_of(w)) {
            json_t *u = undo(s.port, &g, 1, now, &st);
            if (st == 200) {
                json_t *back = view(s.port, &g, 1, &st);
                assert_int_equal(seq_of(back), now + 1);
                assert_same_position(v, back);
                json_decref(back);
                taken_back++;
            } else {
                assert_int_equal(st, 422); /* a die, a draw, an event or a reveal */
            }
            json_decref(u);
        }
        json_decref(w);
        json_decref(v);
    }
    assert_true(taken_back > 0);
}

/* st is read after the call that sets it (argument order is unspecified). */
static void expect_error(json_t *r, const int *st, int want)
{
    if (*st != want)
        fail_msg("expected status %d, got %d: %s", want, *st, r ? json_string_value(json_object_get(r, "error")) : "");
    assert_true(json_is_string(json_object_get(r, "error")));
    json_decref(r);
}

void case_http_errors(void **state)
{
    (void)state;
    test_server s = shared;
    int st;
    /* the scenarios, with their briefing */
    json_t *list = http_call(s.port, "GET", "/api/scenarios", NULL, &st);
    assert_int_equal(st, 200);
    assert_true(json_array_size(list) >= 4);
    assert_non_null(json_object_get(json_array_get(list, 0), "title"));
    json_decref(list);
    json_t *map = http_call(s.port, "GET", "/api/maps/map15", NULL, &st);
    assert_int_equal(st, 200);
    assert_true(json_array_size(json_object_get(map, "hexes")) > 100);
    json_decref(map);
    expect_error(http_call(s.port, "GET", "/api/maps/nomap", NULL, &st), &st, 404);
    /* creating */
    expect_error(http_call(s.port, "POST", "/api/games", "{\"scenario\":", &st), &st, 400);
    expect_error(http_call(s.port, "POST", "/api/games", "[1]", &st), &st, 400);
    expect_error(http_call(s.port, "POST", "/api/games", "{\"seats\":{\"1\":\"human\",\"2\":\"human\"}}", &st), &st,
                 400);
    expect_error(http_call(s.port, "POST", "/api/games",
                           "{\"scenario\":\"" SK1 "\",\"seats\":{\"1\":\"human\",\"2\":\"bot:grandmaster\"}}", &st),
                 &st, 400);
    expect_error(http_call(s.port, "POST", "/api/games",
                           "{\"scenario\":\"../../etc/passwd\",\"seats\":{\"1\":\"human\",\"2\":\"human\"}}", &st),
                 &st, 422);
    char *big = malloc(70000);
    memset(big, ' ', 69999);
    big[69999] = 0;
    big[0] = '{';
    big[69998] = '}';
    expect_error(http_call(s.port, "POST", "/api/games", big, &st), &st, 413);
    free(big);
    game g;
    create(s.port, SK1, "human", "human", &g);
    /* viewing */
    json_t *v = view(s.port, &g, 1, &st);
    assert_int_equal(st, 200);
    json_int_t seq = seq_of(v);
    int side = to_act_of(v);
    assert_int_equal(side, 1);
    const char *legal = json_string_value(json_array_get(json_object_get(v, "legal"), 0));
    char path[600];
    snprintf(path, sizeof path, "/api/games/%s/view?token=nottoken", g.id);
    expect_error(http_call(s.port, "GET", path, NULL, &st), &st, 403);
    expect_error(http_call(s.port, "GET", "/api/games/0123456789abcdef/view", NULL, &st), &st, 404);
    expect_error(http_call(s.port, "GET", "/api/games/zz/view", NULL, &st), &st, 404);
    /* acting: 409 stale, 403 not yours, 422 illegal (nothing changes), 400 malformed */
    expect_error(act(s.port, &g, 1, seq + 5, legal, &st), &st, 409);
    expect_error(act(s.port, &g, 2, seq, legal, &st), &st, 403);
    expect_error(act(s.port, &g, 1, seq, "fire Z99 A1", &st), &st, 422);
    expect_error(act(s.port, &g, 1, seq, "dance", &st), &st, 422);
    json_t *again = view(s.port, &g, 1, &st);
    assert_int_equal(seq_of(again), seq);
    assert_true(json_equal(json_object_get(again, "units"), json_object_get(v, "units")));
    json_decref(again);
    snprintf(path, sizeof path, "/api/games/%s/actions", g.id);
    expect_error(http_call(s.port, "POST", path, "{\"token\":\"x\",\"seq\":0,\"action\":\"pass\"}", &st), &st, 403);
    char body[400];
    snprintf(body, sizeof body, "{\"token\":\"%s\",\"action\":\"pass\"}", g.token[1]);
    expect_error(http_call(s.port, "POST", path, body, &st), &st, 400);
    snprintf(body, sizeof body, "{\"token\":\"%s\",\"seq\":0,\"action\":\"%0250d\"}", g.token[1], 0);
    expect_error(http_call(s.port, "POST", path, body, &st), &st, 400);
    expect_error(http_call(s.port, "POST", path, "not json", &st), &st, 400);
    expect_error(http_call(s.port, "GET", path, NULL, &st), &st, 405);
    /* preview and LOS */
    char enc[200];
    mg_url_encode(legal, enc, sizeof enc);
    snprintf(path, sizeof path, "/api/games/%s/preview?token=%s&action=%s", g.id, g.token[1], enc);
    json_t *p = http_call(s.port, "GET", path, NULL, &st);
    assert_int_equal(st, 200);
    json_decref(p);
    snprintf(path, sizeof path, "/api/games/%s/preview?token=%s&action=dance", g.id, g.token[1]);
    expect_error(http_call(s.port, "GET", path, NULL, &st), &st, 422);
    snprintf(path, sizeof path, "/api/games/%s/los?from=H5&to=H8", g.id);
    json_t *los = http_call(s.port, "GET", path, NULL, &st);
    assert_int_equal(st, 200);
    assert_non_null(json_object_get(los, "verdict"));
    json_decref(los);
    snprintf(path, sizeof path, "/api/games/%s/los?from=H5&to=Q99", g.id);
    expect_error(http_call(s.port, "GET", path, NULL, &st), &st, 422);
    /* the replay is for finished games */
    snprintf(path, sizeof path, "/api/games/%s/replay", g.id);
    expect_error(http_call(s.port, "GET", path, NULL, &st), &st, 409);
    snprintf(path, sizeof path, "/api/games/%s/view?at=0", g.id);
    expect_error(http_call(s.port, "GET", path, NULL, &st), &st, 409);
    /* my games */
    snprintf(body, sizeof body, "{\"tokens\":[\"%s\",\"unknown\"]}", g.token[2]);
    json_t *mine = http_call(s.port, "POST", "/api/games/mine", body, &st);
    assert_int_equal(st, 200);
    assert_int_equal(json_array_size(mine), 1);
    assert_string_equal(json_string_value(json_object_get(json_array_get(mine, 0), "game")), g.id);
    assert_int_equal(json_integer_value(json_object_get(json_array_get(mine, 0), "side")), 2);
    json_decref(mine);
    /* static files: listed names only, never a path built from the request */
    char *page = http_call_raw(s.port, "GET", "/", NULL, &st);
    assert_int_equal(st, 200);
    assert_non_null(strstr(page, "lnlt"));
    free(page);
    free(http_call_raw(s.port, "GET", "/../Makefile", NULL, &st));
    assert_true(st == 404 || st == 400);
    free(http_call_raw(s.port, "GET", "/%2e%2e/%2e%2e/Makefile", NULL, &st));
    assert_true(st == 404 || st == 400);
    json_decref(v);
}

void case_undo_and_resign(void **state)
{
    (void)state;
    test_server s = shared;
    game g;
    create(s.port, SK1, "human", "human", &g);
    int st;
    /* SK1 begins with the American set-up: placements roll no die. */
    json_t *v0 = view(s.port, &g, 1, &st);
    json_int_t seq = seq_of(v0);
    const char *first = json_string_value(json_array_get(json_object_get(v0, "legal"), 3));
    json_decref(act(s.port, &g, 1, seq, first, &st));
    assert_int_equal(st, 200);
    char path[128], body[300];
    /* the other seat cannot take it back */
    snprintf(path, sizeof path, "/api/games/%s/undo", g.id);
    snprintf(body, sizeof body, "{\"token\":\"%s\",\"seq\":%lld}", g.token[2], (long long)seq + 1);
    expect_error(http_call(s.port, "POST", path, body, &st), &st, 422);
    /* a stale seq is refused */
    snprintf(body, sizeof body, "{\"token\":\"%s\",\"seq\":%lld}", g.token[1], (long long)seq);
    expect_error(http_call(s.port, "POST", path, body, &st), &st, 409);
    /* its author can: the position is the one before, at a new seq */
    snprintf(body, sizeof body, "{\"token\":\"%s\",\"seq\":%lld}", g.token[1], (long long)seq + 1);
    json_t *r = http_call(s.port, "POST", path, body, &st);
    assert_int_equal(st, 200);
    assert_int_equal(seq_of(r), seq + 2);
    json_t *v1 = view(s.port, &g, 1, &st);
    assert_true(json_equal(json_object_get(v0, "units"), json_object_get(v1, "units")));
    assert_true(json_equal(json_object_get(v0, "legal"), json_object_get(v1, "legal")));
    json_decref(r);
    json_decref(v1);
    json_decref(v0);
    /* Play on until an action of side 1 rolls a die: that one stays. */
    unsigned rng = 3;
    bool rolled = false;
    for (int i = 0; i < 3000 && !rolled; i++) {
        json_t *v = view(s.port, &g, 1, &st);
        if (over_of(v)) {
            json_decref(v);
            break;
        }
        int side = to_act_of(v);
        if (side != 1) {
            json_decref(v);
            v = view(s.port, &g, side, &st);
        }
        json_int_t q = seq_of(v);
        r = act(s.port, &g, side, q, pick(json_object_get(v, "legal"), &rng), &st);
        assert_int_equal(st, 200);
        json_t *ev;
        size_t k;
        json_array_foreach(json_object_get(r, "events"), k, ev)
        {
            const char *kind = json_string_value(json_object_get(ev, "kind"));
            if (side == 1 && kind && !strcmp(kind, "roll"))
                rolled = true;
        }
        if (rolled) {
            snprintf(body, sizeof body, "{\"token\":\"%s\",\"seq\":%lld}", g.token[1], (long long)q + 1);
            json_t *u = http_call(s.port, "POST", path, body, &st);
            assert_int_equal(st, 422);
            assert_non_null(strstr(json_string_value(json_object_get(u, "error")), "die"));
            json_decref(u);
        }
        json_decref(r);
        json_decref(v);
    }
    assert_true(rolled);
    /* resignation ends the game for both; nothing is accepted after it */
    json_t *v = view(s.port, &g, 2, &st);
    seq = seq_of(v);
    json_decref(v);
    snprintf(path, sizeof path, "/api/games/%s/resign", g.id);
    snprintf(body, sizeof body, "{\"token\":\"%s\",\"seq\":%lld}", g.token[2], (long long)seq);
    json_decref(http_call(s.port, "POST", path, body, &st));
    assert_int_equal(st, 200);
    v = view(s.port, &g, 1, &st);
    assert_true(over_of(v));
    json_t *result = json_object_get(v, "result");
    assert_string_equal(json_string_value(json_object_get(result, "reason")), "resigned");
    assert_int_equal(json_integer_value(json_object_get(result, "winner")), 1);
    json_decref(v);
    expect_error(act(s.port, &g, 1, seq + 1, "pass", &st), &st, 409);
    assert_victory_report(s.port, &g, 2);
    assert_dice_proved(s.port, &g);
}

/* ---- hidden information (R-SRV-01, R-SRV-02) ---- */

typedef struct sent {
    char **text;
    json_int_t *seq;
    int n, cap;
} sent;

static void keep(sent *m, const char *text, json_int_t seq)
{
    if (m->n == m->cap) {
        m->cap = m->cap ? m->cap * 2 : 256;
        m->text = realloc(m->text, (size_t)m->cap * sizeof *m->text);
        m->seq = realloc(m->seq, (size_t)m->cap * sizeof *m->seq);
    }
    m->text[m->n] = strdup(text);
    m->seq[m->n++] = seq;
}

void case_hidden_information(void **state)
{
    (void)state;
    test_server s = shared;
    game g;
    create(s.port, SK3, "human", "bot", &g);
    ws_client w;
    char path[300];
    snprintf(path, sizeof path, "/ws/games/%s?token=%s", g.id, g.token[1]);
    assert_true(ws_open(&w, s.port, path));
    sent m = {0};
    unsigned rng = 9;
    for (int i = 0; i < 20000; i++) {
        int st;
        snprintf(path, sizeof path, "/api/games/%s/view?token=%s", g.id, g.token[1]);
        char *text = http_call_raw(s.port, "GET", path, NULL, &st);
        assert_int_equal(st, 200);
        json_t *v = json_loads(text, 0, NULL);
        keep(&m, text, seq_of(v));
        free(text);
        if (i % 16 == 0) { /* the log, as a client reloading mid-game asks it */
            snprintf(path, sizeof path, "/api/games/%s/log?token=%s", g.id, g.token[1]);
            text = http_call_raw(s.port, "GET", path, NULL, &st);
            assert_int_equal(st, 200);
            json_t *l = json_loads(text, 0, NULL);
            keep(&m, text, seq_of(l));
            json_decref(l);
            free(text);
        }
        if (over_of(v)) {
            json_decref(v);
            break;
        }
        if (to_act_of(v) != 1) {
            json_decref(v);
            sleep_ms(2);
            continue;
        }
        json_t *b = json_pack("{s:s, s:I, s:s}", "token", g.token[1], "seq", seq_of(v), "action",
                              pick(json_object_get(v, "legal"), &rng));
        char *bt = json_dumps(b, 0);
        json_decref(b);
        snprintf(path, sizeof path, "/api/games/%s/actions", g.id);
        text = http_call_raw(s.port, "POST", path, bt, &st);
        free(bt);
        assert_int_equal(st, 200);
        json_t *r = json_loads(text, 0, NULL);
        keep(&m, text, seq_of(r));
        json_decref(r);
        free(text);
        json_decref(v);
    }
    sleep_ms(200);
    pthread_mutex_lock(&w.mu);
    for (int i = 0; i < w.n; i++) {
        json_t *x = json_loads(w.msg[i], 0, NULL);
        keep(&m, w.msg[i], seq_of(x));
        json_decref(x);
    }
    pthread_mutex_unlock(&w.mu);
    ws_close(&w);
    /* The replay reveals the seed, and replaying it gives every position. */
    int st;
    snprintf(path, sizeof path, "/api/games/%s/replay", g.id);
    json_t *x = http_call(s.port, "GET", path, NULL, &st);
    assert_int_equal(st, 200);
    const char *secret = json_string_value(json_object_get(x, "seed_secret"));
    char decimal[32];
    uint64_t seed;
    assert_true(srv_seed_from_secret(secret, &seed));
    snprintf(decimal, sizeof decimal, "%" PRIu64, seed);
    lnlt_session *sess = malloc(sizeof *sess);
    lnlt_error err;
    if (!lnlt_session_load_json(sess, x, "export", NULL, &err))
        fail_msg("%s", err.msg);
    json_int_t final = sess->nsteps;
    int checked_hidden = 0;
    for (int i = 0; i < m.n; i++) {
        bool before_end = m.seq[i] < final || !strstr(m.text[i], "\"over\":true");
        if (before_end) {
            if (strstr(m.text[i], secret) || strstr(m.text[i], decimal))
                fail_msg("message %d (seq %lld) carries the seed", i, (long long)m.seq[i]);
        }
        /* The enemy units still held off the map at that seq: their types appear
         * nowhere in what side 1 was sent. */
        lnlt_state st0;
        lnlt_state_clone(&st0, &sess->start);
        for (json_int_t k = 0; k < m.seq[i] && k < sess->nsteps; k++)
            assert_true(lnlt_apply(&sess->ctx, &st0, &sess->steps[k].action, NULL, NULL, &err));
        for (int u = 0; u < st0.unit_count; u++) {
            if (st0.unit[u].side != 2 || st0.unit[u].cell != LNLT_CELL_NONE)
                continue;
            bool type_seen = false; /* another unit of that type on the map shows it legitimately */
            for (int o = 0; o < st0.unit_count; o++)
                if (st0.unit[o].type == st0.unit[u].type && st0.unit[o].cell != LNLT_CELL_NONE)
                    type_seen = true;
            if (type_seen || !before_end)
                continue;
            char needle[96];
            snprintf(needle, sizeof needle, "\"%s\"", sess->ctx.catalog->unit[st0.unit[u].type].id);
            if (strstr(m.text[i], needle))
                fail_msg("message %d (seq %lld) shows the held unit type %s", i, (long long)m.seq[i], needle);
            checked_hidden++;
        }
    }
    assert_true(checked_hidden > 0);
    lnlt_session_close(sess);
    free(sess);
    json_decref(x);
    for (int i = 0; i < m.n; i++)
        free(m.text[i]);
    free(m.text);
    free(m.seq);
}

void case_kill9_keeps_acknowledged(void **state)
{
    (void)state;
    const char *db = case_db();
    test_server s;
    server_start(&s, db, NULL);
    game g, busy;
    create(s.port, SK1, "human", "human", &g);
    create(s.port, SK1, "bot", "bot", &busy); /* the server is writing for it when killed */
    unsigned rng = 77;
    char sent_actions[60][128];
    int n = 0;
    while (n < 60) {
        int st;
        json_t *v = view(s.port, &g, 1, &st);
        int side = to_act_of(v);
        if (side != 1) {
            json_decref(v);
            v = view(s.port, &g, side, &st);
        }
        const char *a = pick(json_object_get(v, "legal"), &rng);
        snprintf(sent_actions[n], sizeof sent_actions[n], "%s", a);
        json_t *r = act(s.port, &g, side, seq_of(v), a, &st);
        assert_int_equal(st, 200); /* acknowledged */
        json_decref(r);
        json_decref(v);
        n++;
    }
    server_kill(&s); /* SIGKILL right after the last acknowledgement */
    server_start(&s, db, NULL);
    int st;
    json_t *v = view(s.port, &g, 1, &st);
    assert_int_equal(st, 200);
    assert_int_equal(seq_of(v), n);
    json_decref(v);
    /* the restarted server finishes the computer's game by itself */
    bool finished = false;
    for (int i = 0; i < 3000 && !finished; i++) {
        json_t *b = view(s.port, &busy, 0, &st);
        finished = over_of(b);
        json_decref(b);
        if (!finished)
            sleep_ms(10);
    }
    assert_true(finished);
    play(s.port, &g, 78, MAX_ACTIONS);
    char path[128];
    snprintf(path, sizeof path, "/api/games/%s/replay", g.id);
    json_t *x = http_call(s.port, "GET", path, NULL, &st);
    assert_int_equal(st, 200);
    json_t *acts = json_object_get(x, "actions");
    for (int i = 0; i < n; i++)
        assert_string_equal(json_string_value(json_array_get(acts, (size_t)i)), sent_actions[i]);
    json_decref(x);
    server_kill(&s); /* a second kill: the next start finds everything again */
}

void case_webhook_your_turn(void **state)
{
    (void)state;
    hook_listener *h = &hooks;
    char url[128];
    snprintf(url, sizeof url, "http://127.0.0.1:%d/hook", h->port);
    test_server s = shared;
    game g;
    create(s.port, SK1, "human", "human", &g);
    char path[128];
    snprintf(path, sizeof path, "/api/games/%s/webhook", g.id);
    int st;
    expect_error(http_post_json(s.port, path, json_pack("{s:s, s:s}", "token", g.token[2], "url",
                                                        "http://127.0.0.2:9/elsewhere"),
                                &st),
                 &st, 403);
    expect_error(http_post_json(s.port, path, json_pack("{s:s, s:s}", "token", g.token[2], "url", "https://x/y"), &st),
                 &st, 400);
    json_decref(http_post_json(s.port, path, json_pack("{s:s, s:s}", "token", g.token[2], "url", url), &st));
    assert_int_equal(st, 200);
    /* Side 1 plays until side 2 must decide: side 2 is not connected, so its
     * webhook is called. */
    unsigned rng = 4;
    for (int i = 0; i < 500; i++) {
        json_t *v = view(s.port, &g, 1, &st);
        int side = to_act_of(v);
        json_decref(v);
        if (side == 2)
            break;
        v = view(s.port, &g, 1, &st);
        json_decref(act(s.port, &g, 1, seq_of(v), pick(json_object_get(v, "legal"), &rng), &st));
        json_decref(v);
    }
    assert_true(hook_listener_wait(h, 1, 10000));
    json_t *body = json_loads(h->bodies[0], 0, NULL);
    assert_string_equal(json_string_value(json_object_get(body, "type")), "your_turn");
    assert_string_equal(json_string_value(json_object_get(body, "game")), g.id);
    assert_int_equal(json_integer_value(json_object_get(body, "side")), 2);
    json_decref(body);
}
