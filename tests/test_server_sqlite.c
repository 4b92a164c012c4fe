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
#include <sqlite3.h>

#include "support/server_cases.h"


static const char *fresh_sqlite(void)
{
    static char db[128];
    static int count;
    snprintf(db, sizeof db, "/tmp/lnlt-test-srv-%ld-%d.db", (long)getpid(), count++);
    return db;
}

/* Removes every database file this program made (the shared server's too). */
static int remove_db(void **state)
{
    (void)state;
    const char *suffix[] = {"", "-wal", "-shm"};
    for (int n = 0; n < 16; n++)
        for (int i = 0; i < 3; i++) {
            char path[160];
            snprintf(path, sizeof path, "/tmp/lnlt-test-srv-%ld-%d.db%s", (long)getpid(), n, suffix[i]);
            unlink(path);
        }
    return 0;
}

/* One statement on the SQLite file (through the server's own loader of the
 * library, src/server/sqlite_load.c). */
static long sqlite_scalar(const char *db, const char *sql)
{
    sqlite3 *h = NULL;
    sqlite3_stmt *q = NULL;
    long value = -1;
    if (sqlite3_open_v2(db, &h, SQLITE_OPEN_READWRITE, NULL) == SQLITE_OK &&
        sqlite3_prepare_v2(h, sql, -1, &q, NULL) == SQLITE_OK) {
        int rc = sqlite3_step(q);
        value = rc == SQLITE_ROW ? (long)sqlite3_column_int64(q, 0) : rc == SQLITE_DONE ? 0 : -1;
    }
    sqlite3_finalize(q);
    sqlite3_close(h);
    return value;
}

static int setup_all(void **state) { return cases_setup(state); }

static int teardown_all(void **state)
{
    cases_teardown(state);
    return remove_db(state);
}

int main(int argc, char **argv)
{
    (void)argc;
    harness_set_program(argv[0]);
    case_db = fresh_sqlite;
    case_db_scalar = sqlite_scalar;
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(case_two_seats_to_victory),
        cmocka_unit_test(case_bot_to_victory),
        cmocka_unit_test(case_resumed_after_restart),
        cmocka_unit_test(case_http_errors),
        cmocka_unit_test(case_client_queries),
        cmocka_unit_test(case_ordnance_preview),
        cmocka_unit_test(case_undo_and_resign),
        cmocka_unit_test(case_undo_against_the_computer),
        cmocka_unit_test(case_hidden_information),
        cmocka_unit_test(case_kill9_keeps_acknowledged),
        cmocka_unit_test(case_webhook_your_turn),
        cmocka_unit_test(case_optional_rules_chosen),
        cmocka_unit_test(case_store_without_rules_column),
    };
    return cmocka_run_group_tests_name("server (SQLite)", tests, setup_all, teardown_all);
}
