/*
 * server_cases.c: the end-to-end cases of server_cases.h, over real HTTP and
 * WebSocket against a real `lnlt serve` process: games to the victory report
 * (two seats, against the bot, resumed after a restart), the error statuses of
 * the contract, undo and resignation (R-SRV-03, R-SRV-08). Hidden information,
 * kill -9 and webhooks are in server_cases_safety.c; the client's helpers in
 * server_client.c.
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

#include "lnlt/bot.h"
#include "server_cases.h"
#include "server_client.h"

const char *(*case_db)(void);

/* One server serves the cases that need no restart of their own (civetweb takes
 * a second or two to stop, so every start and stop counts in CI's time). It
 * allows webhooks to the listener started with it. */
test_server shared;
hook_listener hooks;

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

/* ---- the cases ---- */

void case_two_seats_to_victory(void **state)
{
    (void)state;
    test_server s = shared;
    game g;
    client_create(s.port, SK1, "human", "human", &g);
    ws_client w1, w2;
    char path[200];
    snprintf(path, sizeof path, "/ws/games/%s?token=%s", g.id, g.token[1]);
    assert_true(ws_open(&w1, s.port, path));
    snprintf(path, sizeof path, "/ws/games/%s?token=%s", g.id, g.token[2]);
    assert_true(ws_open(&w2, s.port, path));
    assert_true(ws_wait_for(&w1, "\"type\":\"hello\"", 5000));
    assert_true(ws_wait_for(&w2, "\"type\":\"hello\"", 5000));
    int made = client_play(s.port, &g, 11, MAX_ACTIONS);
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
    json_t *now = client_view(s.port, &g, 0, &st);
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
    client_create(s.port, SK1, "human", "bot:random", &g);
    assert_true(client_play(s.port, &g, 5, MAX_ACTIONS) > 0);
    assert_victory_report(s.port, &g, 1);
    /* and the computer on side 1 */
    game h;
    client_create(s.port, SK1, "bot", "human", &h);
    client_play(s.port, &h, 6, MAX_ACTIONS);
    assert_victory_report(s.port, &h, 2);
    assert_dice_proved(s.port, &h);
}

void case_resumed_after_restart(void **state)
{
    (void)state;
    const char *db = case_db();
    const char *extra[] = {"--snapshot-every", "3", NULL};
    test_server s;
    server_start(&s, db, extra);
    game g;
    client_create(s.port, SK1, "human", "human", &g);
    int st;
    /* Three set-up placements (a snapshot after the third), then one taken back:
     * the undo reaches behind the snapshot, so loading must replay from the start. */
    for (int i = 0; i < 3; i++) {
        json_t *v = client_view(s.port, &g, 1, &st);
        const char *a = json_string_value(json_array_get(json_object_get(v, "legal"), 0));
        assert_non_null(strstr(a, "place"));
        json_decref(client_act(s.port, &g, 1, seq_of(v), a, &st));
        assert_int_equal(st, 200);
        json_decref(v);
    }
    json_decref(client_undo(s.port, &g, 1, 3, &st));
    assert_int_equal(st, 200);
    json_t *before = client_view(s.port, &g, 1, &st);
    assert_int_equal(seq_of(before), 4);
    server_stop(&s);
    server_start(&s, db, extra);
    json_t *after = client_view(s.port, &g, 1, &st);
    assert_int_equal(st, 200);
    assert_int_equal(seq_of(after), 4);
    assert_same_position(before, after);
    json_decref(before);
    json_decref(after);
    /* Forty more actions, then a restart: loaded from the last snapshot and the
     * records after it, the same position. */
    assert_int_equal(client_play(s.port, &g, 21, 40), 40);
    before = client_view(s.port, &g, 1, &st);
    server_stop(&s);
    server_start(&s, db, extra);
    after = client_view(s.port, &g, 1, &st);
    assert_int_equal(st, 200);
    assert_int_equal(seq_of(after), 44);
    assert_same_position(before, after);
    json_decref(before);
    json_decref(after);
    client_play(s.port, &g, 22, MAX_ACTIONS);
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
    client_create(s.port, SK1, "human", "bot", &g);
    unsigned rng = 31;
    int st, taken_back = 0;
    for (int i = 0; i < 400 && !taken_back; i++) {
        json_t *v = client_view(s.port, &g, 1, &st);
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
        json_decref(client_act(s.port, &g, 1, seq, client_pick(json_object_get(v, "legal"), &rng), &st));
        assert_int_equal(st, 200);
        /* wait for the computer's reply, if it has the next decision */
        json_t *w = NULL;
        for (int k = 0; k < 5000; k++) {
            json_decref(w);
            w = client_view(s.port, &g, 1, &st);
            if (json_is_true(json_object_get(w, "your_turn")) || over_of(w))
                break;
            sleep_ms(2);
        }
        json_int_t now = seq_of(w);
        if (now >= seq + 2 && !over_of(w)) {
            json_t *u = client_undo(s.port, &g, 1, now, &st);
            if (st == 200) {
                json_t *back = client_view(s.port, &g, 1, &st);
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
    client_create(s.port, SK1, "human", "human", &g);
    /* viewing */
    json_t *v = client_view(s.port, &g, 1, &st);
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
    expect_error(client_act(s.port, &g, 1, seq + 5, legal, &st), &st, 409);
    expect_error(client_act(s.port, &g, 2, seq, legal, &st), &st, 403);
    expect_error(client_act(s.port, &g, 1, seq, "fire Z99 A1", &st), &st, 422);
    expect_error(client_act(s.port, &g, 1, seq, "dance", &st), &st, 422);
    json_t *again = client_view(s.port, &g, 1, &st);
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

/* What the browser client's start page needs before any game exists (issue 14):
 * the computer's levels as the bot API lists them, and each scenario's card in
 * words, as a spectator's view gives it. */
void case_client_queries(void **state)
{
    (void)state;
    test_server s = shared;
    int st;
    json_t *bots = http_call(s.port, "GET", "/api/bots", NULL, &st);
    assert_int_equal(st, 200);
    const char *const *levels = lnlt_bot_levels();
    json_t *got = json_object_get(bots, "levels");
    size_t n = 0;
    while (levels[n])
        n++;
    assert_int_equal(json_array_size(got), n);
    for (size_t i = 0; i < n; i++)
        assert_string_equal(json_string_value(json_array_get(got, i)), levels[i]);
    assert_string_equal(json_string_value(json_object_get(bots, "default")), levels[0]);
    json_decref(bots);
    expect_error(http_call(s.port, "POST", "/api/bots", "{}", &st), &st, 405);

    json_t *list = http_call(s.port, "GET", "/api/scenarios", NULL, &st);
    assert_int_equal(st, 200);
    size_t i;
    json_t *sc;
    json_array_foreach(list, i, sc) {
        json_t *card = json_object_get(sc, "briefing");
        assert_true(json_is_object(card));
        assert_string_equal(json_string_value(json_object_get(card, "id")),
                            json_string_value(json_object_get(sc, "id")));
        const char *victory = json_string_value(json_object_get(json_object_get(card, "victory"), "text"));
        assert_non_null(victory);
        assert_true(strlen(victory) > 20);
        assert_true(json_array_size(json_object_get(card, "sides")) == 2);
        /* nothing read yet: no paragraph is in a card before play */
        assert_int_equal(json_array_size(json_object_get(card, "paragraphs")), 0);
    }
    json_decref(list);
}

void case_undo_and_resign(void **state)
{
    (void)state;
    test_server s = shared;
    game g;
    client_create(s.port, SK1, "human", "human", &g);
    int st;
    /* SK1 begins with the American set-up: placements roll no die. */
    json_t *v0 = client_view(s.port, &g, 1, &st);
    json_int_t seq = seq_of(v0);
    const char *first = json_string_value(json_array_get(json_object_get(v0, "legal"), 3));
    json_decref(client_act(s.port, &g, 1, seq, first, &st));
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
    json_t *v1 = client_view(s.port, &g, 1, &st);
    assert_true(json_equal(json_object_get(v0, "units"), json_object_get(v1, "units")));
    assert_true(json_equal(json_object_get(v0, "legal"), json_object_get(v1, "legal")));
    json_decref(r);
    json_decref(v1);
    json_decref(v0);
    /* Play on until an action of side 1 rolls a die: that one stays. */
    unsigned rng = 3;
    bool rolled = false;
    for (int i = 0; i < 3000 && !rolled; i++) {
        json_t *v = client_view(s.port, &g, 1, &st);
        if (over_of(v)) {
            json_decref(v);
            break;
        }
        int side = to_act_of(v);
        if (side != 1) {
            json_decref(v);
            v = client_view(s.port, &g, side, &st);
        }
        json_int_t q = seq_of(v);
        r = client_act(s.port, &g, side, q, client_pick(json_object_get(v, "legal"), &rng), &st);
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
    json_t *v = client_view(s.port, &g, 2, &st);
    seq = seq_of(v);
    json_decref(v);
    snprintf(path, sizeof path, "/api/games/%s/resign", g.id);
    snprintf(body, sizeof body, "{\"token\":\"%s\",\"seq\":%lld}", g.token[2], (long long)seq);
    json_decref(http_call(s.port, "POST", path, body, &st));
    assert_int_equal(st, 200);
    v = client_view(s.port, &g, 1, &st);
    assert_true(over_of(v));
    json_t *result = json_object_get(v, "result");
    assert_string_equal(json_string_value(json_object_get(result, "reason")), "resigned");
    assert_int_equal(json_integer_value(json_object_get(result, "winner")), 1);
    json_decref(v);
    expect_error(client_act(s.port, &g, 1, seq + 1, "pass", &st), &st, 409);
    assert_victory_report(s.port, &g, 2);
    assert_dice_proved(s.port, &g);
}

/* An ordnance shot's preview over HTTP gives the odds (14.1, 14.1.3, 14.1.1): in the
 * vehicle training situation the buttoned Pz IV H in D5 fires its 75 mm (to-hit 9,
 * PV 5 at 3 hexes) at the M4A1 in G5 with +3 (buttoned, turret turned, one
 * degrading hex). By hand: a hit on 2d6 <= 6, 15/36; the turret on a natural 4 or 6
 * (8/36), the hull on 2, 3 or 5 (7/36); against front turret AF 4, 1d6 + 5 beats
 * 1d6 + 4 on 21 pairs of 36, against front hull AF 5 on 15; destroyed in all
 * 8/36 x 21/36 + 7/36 x 15/36 = 273/1296. */
void case_ordnance_preview(void **state)
{
    (void)state;
    test_server s = shared;
    game g;
    int st;
    client_create(s.port, "training_vehicle_narrative", "human", "human", &g);
    json_t *v = client_view(s.port, &g, 2, &st);
    assert_int_equal(st, 200);
    assert_int_equal(to_act_of(v), 2);
    json_decref(client_act(s.port, &g, 2, seq_of(v), "activate D5", &st));
    assert_int_equal(st, 200);
    json_decref(v);
    char path[400];
    snprintf(path, sizeof path, "/api/games/%s/preview?token=%s&action=shoot%%20D5%%20G5%%20v16%%20%%230", g.id,
             g.token[2]);
    json_t *p = http_call(s.port, "GET", path, NULL, &st);
    assert_int_equal(st, 200);
    const double eps = 0.00006;
    json_t *th = json_object_get(p, "to_hit");
    assert_int_equal(json_integer_value(json_object_get(th, "number")), 9);
    assert_int_equal(json_integer_value(json_object_get(th, "modifier")), 3);
    assert_int_equal(json_array_size(json_object_get(th, "terms")), 3);
    assert_float_equal(json_real_value(json_object_get(th, "probability")), 15.0 / 36, eps);
    json_t *parts = json_object_get(p, "hit_location");
    json_t *tur = json_array_get(parts, 0), *hull = json_array_get(parts, 1);
    assert_string_equal(json_string_value(json_object_get(tur, "face")), "front turret");
    assert_float_equal(json_real_value(json_object_get(tur, "probability")), 8.0 / 36, eps);
    assert_float_equal(json_real_value(json_object_get(tur, "penetration")), 21.0 / 36, eps);
    assert_string_equal(json_string_value(json_object_get(hull, "face")), "front hull");
    assert_float_equal(json_real_value(json_object_get(hull, "probability")), 7.0 / 36, eps);
    assert_float_equal(json_real_value(json_object_get(hull, "penetration")), 15.0 / 36, eps);
    json_t *out = json_object_get(p, "outcomes");
    double sum = 0, destroyed = -1;
    for (size_t i = 0; i < json_array_size(out); i++) {
        json_t *o = json_array_get(out, i);
        sum += json_real_value(json_object_get(o, "probability"));
        if (!strcmp(json_string_value(json_object_get(o, "result")), "destroyed"))
            destroyed = json_real_value(json_object_get(o, "probability"));
    }
    assert_float_equal(destroyed, 273.0 / 1296, eps);
    assert_float_equal(sum, 1.0, 0.0005);
    json_decref(p);
}
