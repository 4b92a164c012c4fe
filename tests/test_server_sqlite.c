/*
 * test_server_sqlite.c: `lnlt serve` end to end over real HTTP and WebSocket with
 * its default store, SQLite in WAL mode (the cases are in
 * tests/support/server_cases.c; each gets a database file of its own).
 */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <unistd.h>
#include <cmocka.h>

#include "support/server_cases.h"

static char last_db[128];

static const char *fresh_sqlite(void)
{
    static int count;
    snprintf(last_db, sizeof last_db, "/tmp/lnlt-test-srv-%ld-%d.db", (long)getpid(), count++);
    return last_db;
}

static int remove_db(void **state)
{
    (void)state;
    const char *suffix[] = {"", "-wal", "-shm"};
    for (int i = 0; i < 3; i++) {
        char path[160];
        snprintf(path, sizeof path, "%s%s", last_db, suffix[i]);
        unlink(path);
    }
    return 0;
}

int main(int argc, char **argv)
{
    (void)argc;
    harness_set_program(argv[0]);
    case_db = fresh_sqlite;
    const struct CMUnitTest tests[] = {
        cmocka_unit_test_teardown(case_two_seats_to_victory, remove_db),
        cmocka_unit_test_teardown(case_bot_to_victory, remove_db),
        cmocka_unit_test_teardown(case_resumed_after_restart, remove_db),
        cmocka_unit_test_teardown(case_http_errors, remove_db),
        cmocka_unit_test_teardown(case_undo_and_resign, remove_db),
        cmocka_unit_test_teardown(case_hidden_information, remove_db),
        cmocka_unit_test_teardown(case_kill9_keeps_acknowledged, remove_db),
        cmocka_unit_test_teardown(case_webhook_your_turn, remove_db),
    };
    return cmocka_run_group_tests_name("server (SQLite)", tests, NULL, NULL);
}
