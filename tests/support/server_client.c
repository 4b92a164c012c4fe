/*
 * server_client.c: the test client's side of a game (server_client.h): creating
 * games, views, actions, undo, random legal play, and the checks every finished
 * game gets (the victory report, the revealed seed, the dice proof).
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

#include "server/crypto.h"
#include "server_client.h"

void client_create(int port, const char *scenario, const char *seat1, const char *seat2, game *g)
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

json_t *client_view(int port, const game *g, int side, int *status)
{
    char path[256];
    snprintf(path, sizeof path, "/api/games/%s/view?token=%s", g->id, side ? g->token[side] : "");
    return http_call(port, "GET", path, NULL, status);
}

json_t *client_act(int port, const game *g, int side, json_int_t seq, const char *action, int *status)
{
    json_t *b = json_pack("{s:s, s:I, s:s}", "token", g->token[side], "seq", seq, "action", action);
    char path[128];
    snprintf(path, sizeof path, "/api/games/%s/actions", g->id);
    return http_post_json(port, path, b, status);
}

json_int_t seq_of(const json_t *v) { return json_integer_value(json_object_get(v, "seq")); }
bool over_of(const json_t *v) { return json_is_true(json_object_get(v, "over")); }
int to_act_of(const json_t *v)
{
    return (int)json_integer_value(json_object_get(json_object_get(v, "decision"), "side"));
}

/* A legal action picked at random, with a lean towards ending things (pass,
 * done, stop, no-fire) so games finish in a few hundred actions. */
const char *client_pick(const json_t *legal, unsigned *rng)
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
int client_play(int port, const game *g, unsigned seed, int limit)
{
    unsigned rng = seed;
    int made = 0, idle = 0;
    while (made < limit) {
        int st;
        json_t *v = client_view(port, g, g->token[1][0] ? 1 : 2, &st);
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
            v = client_view(port, g, side, &st);
            assert_int_equal(st, 200);
        }
        json_int_t seq = seq_of(v);
        const char *a = client_pick(json_object_get(v, "legal"), &rng);
        json_t *r = client_act(port, g, side, seq, a, &st);
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

void assert_victory_report(int port, const game *g, int side)
{
    int st;
    json_t *v = client_view(port, g, side, &st);
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
void assert_dice_proved(int port, const game *g)
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

json_t *client_undo(int port, const game *g, int side, json_int_t seq, int *status)
{
    char path[128];
    snprintf(path, sizeof path, "/api/games/%s/undo", g->id);
    return http_post_json(port, path, json_pack("{s:s, s:I}", "token", g->token[side], "seq", seq), status);
}

/* The position a seat sees: its units and its legal list. */
void assert_same_position(const json_t *a, const json_t *b)
{
    assert_true(json_equal(json_object_get(a, "units"), json_object_get(b, "units")));
    assert_true(json_equal(json_object_get(a, "decision"), json_object_get(b, "decision")));
    assert_true(json_equal(json_object_get(a, "legal"), json_object_get(b, "legal")));
}

/* st is read after the call that sets it (argument order is unspecified). */
void expect_error(json_t *r, const int *st, int want)
{
    if (*st != want)
        fail_msg("expected status %d, got %d: %s", want, *st, r ? json_string_value(json_object_get(r, "error")) : "");
    assert_true(json_is_string(json_object_get(r, "error")));
    json_decref(r);
}
