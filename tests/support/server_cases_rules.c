/*
 * server_cases_rules.c: the end-to-end cases of a scenario's optional special
 * rules (22.0) chosen when a game is created on the server (rulings R-SRV-30,
 * R-SRV-31; docs/server.md, "Optional rules"), and of a store made before the
 * choice was stored (the games.rules_off migration), run on each store.
 */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <cmocka.h>

#include "server_cases.h"
#include "server_client.h"

#define SK2 "sk2_rejoining_the_regiment"
#define CROSSROADS "vehicle_crossroads"

long (*case_db_scalar)(const char *db, const char *sql);

static const json_t *scenario_entry(const json_t *list, const char *id)
{
    for (size_t i = 0; i < json_array_size(list); i++)
        if (!strcmp(json_string_value(json_object_get(json_array_get(list, i), "id")), id))
            return json_array_get(list, i);
    fail_msg("no scenario %s in the listing", id);
    return NULL;
}

/* The "on" of rule `id` in a game's view (-1 when the view does not list it). */
static int rule_on(const json_t *view, int id)
{
    const json_t *rules = json_object_get(view, "optional_rules");
    for (size_t i = 0; i < json_array_size(rules); i++) {
        const json_t *r = json_array_get(rules, i);
        if (json_integer_value(json_object_get(r, "id")) == id)
            return json_is_true(json_object_get(r, "on"));
    }
    return -1;
}

static json_t *create_with(int port, const char *scenario, const char *rules, int *st)
{
    char body[400];
    snprintf(body, sizeof body, "{\"scenario\":\"%s\",\"seats\":{\"1\":\"human\",\"2\":\"human\"},\"optional_rules\":%s}",
             scenario, rules);
    return http_call(port, "POST", "/api/games", body, st);
}

static void create_game_with(int port, const char *scenario, const char *rules, game *g)
{
    int st;
    json_t *r = create_with(port, scenario, rules, &st);
    assert_int_equal(st, 201);
    memset(g, 0, sizeof *g);
    snprintf(g->id, sizeof g->id, "%s", json_string_value(json_object_get(r, "id")));
    json_t *seats = json_object_get(r, "seats");
    for (size_t i = 0; i < json_array_size(seats); i++) {
        json_t *s = json_array_get(seats, i);
        int side = (int)json_integer_value(json_object_get(s, "side"));
        snprintf(g->token[side], sizeof g->token[side], "%s", json_string_value(json_object_get(s, "token")));
    }
    json_decref(r);
}

static void expect_400_saying(int port, const char *scenario, const char *rules, const char *words)
{
    int st;
    json_t *r = create_with(port, scenario, rules, &st);
    assert_int_equal(st, 400);
    const char *why = json_string_value(json_object_get(r, "error"));
    assert_non_null(why);
    if (!strstr(why, words))
        fail_msg("%s: expected an error saying \"%s\", got \"%s\"", rules, words, why);
    json_decref(r);
}

/* R-SRV-30: the listing, the validation (nothing stored), the choice played,
 * kept through a restart and in the exported replay. */
void case_optional_rules_chosen(void **state)
{
    (void)state;
    const char *db = case_db();
    test_server s;
    server_start(&s, db, NULL);
    int st;
    json_t *list = http_call(s.port, "GET", "/api/scenarios", NULL, &st);
    assert_int_equal(st, 200);
    const json_t *rules = json_object_get(scenario_entry(list, SK2), "optional_rules");
    assert_int_equal(json_array_size(rules), 2);
    for (int i = 0; i < 2; i++) {
        const json_t *r = json_array_get(rules, (size_t)i);
        assert_int_equal(json_integer_value(json_object_get(r, "id")), i);
        assert_true(json_is_true(json_object_get(r, "default")));
        assert_non_null(strstr(json_string_value(json_object_get(r, "name")), "hero counter"));
    }
    /* vehicle_crossroads' only special rule (hull down, 15.10) is not optional */
    assert_int_equal(json_array_size(json_object_get(scenario_entry(list, CROSSROADS), "optional_rules")), 0);
    json_decref(list);

    long games = case_db_scalar(db, "SELECT COUNT(*) FROM games");
    expect_400_saying(s.port, SK2, "{\"2\":false}", "no special rule");
    expect_400_saying(s.port, SK2, "{\"-1\":false}", "no special rule");
    expect_400_saying(s.port, SK2, "{\"x\":true}", "no special rule");
    expect_400_saying(s.port, SK2, "{\"0\":\"off\"}", "expected true");
    expect_400_saying(s.port, SK2, "[0]", "expected an object");
    expect_400_saying(s.port, SK2, "{\"0\":true,\"1\":0}", "expected true");
    expect_400_saying(s.port, CROSSROADS, "{\"0\":false}", "not optional");
    assert_int_equal(case_db_scalar(db, "SELECT COUNT(*) FROM games"), games);

    game chosen, plain;
    create_game_with(s.port, SK2, "{\"1\":false}", &chosen);
    create_game_with(s.port, SK2, "{}", &plain);
    json_t *v = client_view(s.port, &chosen, 1, &st);
    assert_int_equal(rule_on(v, 0), 1);
    assert_int_equal(rule_on(v, 1), 0);
    json_decref(v);
    v = client_view(s.port, &plain, 2, &st);
    assert_int_equal(rule_on(v, 0), 1);
    assert_int_equal(rule_on(v, 1), 1);
    json_decref(v);

    /* played, then the server restarts: the game loads with its choice */
    assert_int_equal(client_play(s.port, &chosen, 5, 30), 30);
    json_t *before = client_view(s.port, &chosen, 1, &st);
    server_stop(&s);
    server_start(&s, db, NULL);
    json_t *after = client_view(s.port, &chosen, 1, &st);
    assert_int_equal(st, 200);
    assert_same_position(before, after);
    assert_int_equal(rule_on(after, 1), 0);
    json_int_t seq = seq_of(after);
    json_decref(before);
    json_decref(after);

    /* the exported replay carries the choice, and `lnlt replay` proves it */
    char path[128], body[200];
    snprintf(path, sizeof path, "/api/games/%s/resign", chosen.id);
    snprintf(body, sizeof body, "{\"token\":\"%s\",\"seq\":%lld}", chosen.token[1], (long long)seq);
    json_decref(http_call(s.port, "POST", path, body, &st));
    assert_int_equal(st, 200);
    snprintf(path, sizeof path, "/api/games/%s/replay", chosen.id);
    json_t *x = http_call(s.port, "GET", path, NULL, &st);
    assert_int_equal(st, 200);
    assert_int_equal(json_integer_value(json_object_get(x, "optional_rules_off")), 2);
    json_decref(x);
    assert_dice_proved(s.port, &chosen);
    server_stop(&s);
}

/* R-SRV-31: a store made before games.rules_off existed opens, gains the column
 * (-1: the scenario's defaults) and keeps its games, which load where they were. */
void case_store_without_rules_column(void **state)
{
    (void)state;
    const char *db = case_db();
    test_server s;
    server_start(&s, db, NULL);
    game g;
    client_create(s.port, SK2, "human", "human", &g);
    assert_int_equal(client_play(s.port, &g, 9, 25), 25);
    int st;
    json_t *before = client_view(s.port, &g, 2, &st);
    server_stop(&s);
    /* the games table as lnlt wrote it before the column */
    assert_int_equal(case_db_scalar(db, "ALTER TABLE games DROP COLUMN rules_off"), 0);
    assert_int_equal(case_db_scalar(db, "SELECT COUNT(*) FROM games WHERE id = 'x' OR rules_off = 0"), -1);
    server_start(&s, db, NULL);
    json_t *after = client_view(s.port, &g, 2, &st);
    assert_int_equal(st, 200);
    assert_same_position(before, after);
    assert_int_equal(rule_on(after, 0), 1);
    assert_int_equal(rule_on(after, 1), 1);
    json_decref(before);
    json_decref(after);
    char sql[160];
    snprintf(sql, sizeof sql, "SELECT rules_off + 10 FROM games WHERE id = '%s'", g.id);
    assert_int_equal(case_db_scalar(db, sql), 9);
    /* and the game goes on */
    assert_int_equal(client_play(s.port, &g, 10, 10), 10);
    server_stop(&s);
}
