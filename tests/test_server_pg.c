/*
 * test_server_pg.c: `lnlt serve` end to end with its PostgreSQL store, against a
 * real PostgreSQL server this program starts in a temporary directory (initdb and
 * pg_ctl, as the postgres user when run as root) and removes at the end: the
 * same cases as SQLite (tests/support/server_cases.c), plus what only a shared
 * database gives: two server processes on one game, a WebSocket on one hearing
 * the other's actions (LISTEN/NOTIFY), and the primary key deciding between two
 * processes that apply at the same seq.
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
#include <libpq-fe.h>

#include "support/server_cases.h"

static test_pg pg;

static const char *shared_db(void) { return pg.uri; }

/* One statement on the database (through the server's own loader of libpq,
 * src/server/pq_load.c). */
static long pg_scalar(const char *db, const char *sql)
{
    PGconn *c = PQconnectdb(db);
    long value = -1;
    if (PQstatus(c) == CONNECTION_OK) {
        PGresult *r = PQexec(c, sql);
        if (PQresultStatus(r) == PGRES_TUPLES_OK)
            value = PQntuples(r) > 0 ? strtol(PQgetvalue(r, 0, 0), NULL, 10) : 0;
        else if (PQresultStatus(r) == PGRES_COMMAND_OK)
            value = 0;
        PQclear(r);
    }
    PQfinish(c);
    return value;
}

static int start_pg(void **state)
{
    if (!pg_start(&pg))
        return -1;
    return cases_setup(state);
}

static int stop_pg(void **state)
{
    cases_teardown(state);
    pg_stop(&pg);
    return 0;
}

static json_t *create_game(int port, const char *seats, int *status)
{
    char body[200];
    snprintf(body, sizeof body, "{\"scenario\":\"sk1_assault_on_vierville\",\"seats\":%s}", seats);
    return http_call(port, "POST", "/api/games", body, status);
}

static void two_processes_share_a_game(void **state)
{
    (void)state;
    test_server a, b;
    server_start(&a, pg.uri, NULL);
    server_start(&b, pg.uri, NULL);
    int st;
    json_t *g = create_game(a.port, "{\"1\":\"human\",\"2\":\"human\"}", &st);
    assert_int_equal(st, 201);
    const char *id = json_string_value(json_object_get(g, "id"));
    const char *tok1 = json_string_value(json_object_get(json_array_get(json_object_get(g, "seats"), 0), "token"));
    const char *tok2 = json_string_value(json_object_get(json_array_get(json_object_get(g, "seats"), 1), "token"));
    char path[300];
    /* side 2 listens on B; side 1 acts on A */
    ws_client w;
    snprintf(path, sizeof path, "/ws/games/%s?token=%s", id, tok2);
    assert_true(ws_open(&w, b.port, path));
    assert_true(ws_wait_for(&w, "\"type\":\"hello\"", 5000));
    snprintf(path, sizeof path, "/api/games/%s/view?token=%s", id, tok1);
    json_t *v = http_call(b.port, "GET", path, NULL, &st);
    assert_int_equal(st, 200);
    const char *first = json_string_value(json_array_get(json_object_get(v, "legal"), 0));
    const char *second = json_string_value(json_array_get(json_object_get(v, "legal"), 1));
    snprintf(path, sizeof path, "/api/games/%s/actions", id);
    json_t *r = http_post_json(a.port, path, json_pack("{s:s, s:i, s:s}", "token", tok1, "seq", 0, "action", first),
                               &st);
    assert_int_equal(st, 200);
    json_decref(r);
    assert_true(ws_wait_for(&w, "\"seq\":1,", 10000)); /* heard through LISTEN/NOTIFY */
    /* B catches up when asked, and the same seq applied on both: one wins. */
    r = http_post_json(b.port, path, json_pack("{s:s, s:i, s:s}", "token", tok1, "seq", 0, "action", second), &st);
    assert_int_equal(st, 409);
    json_decref(r);
    snprintf(path, sizeof path, "/api/games/%s/view?token=%s", id, tok1);
    json_decref(v);
    v = http_call(b.port, "GET", path, NULL, &st);
    assert_int_equal(json_integer_value(json_object_get(v, "seq")), 1);
    const char *next = json_string_value(json_array_get(json_object_get(v, "legal"), 0));
    snprintf(path, sizeof path, "/api/games/%s/actions", id);
    int sa = 0, sb = 0;
    json_t *ra = http_post_json(a.port, path, json_pack("{s:s, s:i, s:s}", "token", tok1, "seq", 1, "action", next),
                                &sa);
    json_t *rb = http_post_json(b.port, path, json_pack("{s:s, s:i, s:s}", "token", tok1, "seq", 1, "action", next),
                                &sb);
    assert_true((sa == 200 && sb == 409) || (sa == 409 && sb == 200));
    json_decref(ra);
    json_decref(rb);
    json_decref(v);
    ws_close(&w);
    json_decref(g);
    server_stop(&a);
    server_kill(&b);
}

int main(int argc, char **argv)
{
    (void)argc;
    harness_set_program(argv[0]);
    case_db = shared_db;
    case_db_scalar = pg_scalar;
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(case_two_seats_to_victory),
        cmocka_unit_test(case_bot_to_victory),
        cmocka_unit_test(case_resumed_after_restart),
        cmocka_unit_test(case_http_errors),
        cmocka_unit_test(case_undo_and_resign),
        cmocka_unit_test(case_undo_against_the_computer),
        cmocka_unit_test(case_hidden_information),
        cmocka_unit_test(case_kill9_keeps_acknowledged),
        cmocka_unit_test(case_webhook_your_turn),
        cmocka_unit_test(two_processes_share_a_game),
        cmocka_unit_test(case_optional_rules_chosen),
        cmocka_unit_test(case_store_without_rules_column),
    };
    return cmocka_run_group_tests_name("server (PostgreSQL)", tests, start_pg, stop_pg);
}
