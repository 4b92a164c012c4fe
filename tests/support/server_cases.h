/*
 * server_cases.h: the end-to-end cases of `lnlt serve`, written once and run
 * against each store (test_server_sqlite.c, test_server_pg.c). case_db() gives
 * each case a fresh database of the backend under test.
 */
#ifndef LNLT_TEST_SERVER_CASES_H
#define LNLT_TEST_SERVER_CASES_H

#include "server_harness.h"

/* Set by the test program: returns the --db text for a fresh database. */
extern const char *(*case_db)(void);

/* Set by the test program: runs one SQL statement on the database `db` names and
 * returns the first column of its first row as a number, 0 when it returns no
 * row, -1 when it fails (server_cases_rules.c). */
extern long (*case_db_scalar)(const char *db, const char *sql);

/* The server the cases without a restart of their own share, and the listener
 * its webhooks may reach (started by cases_setup). */
extern test_server shared;
extern hook_listener hooks;

/* Group setup and teardown: the shared server (and its webhook listener). */
int cases_setup(void **state);
int cases_teardown(void **state);

void case_two_seats_to_victory(void **state);
void case_bot_to_victory(void **state);
void case_resumed_after_restart(void **state);
void case_http_errors(void **state);
void case_client_queries(void **state);
void case_undo_and_resign(void **state);
void case_undo_against_the_computer(void **state);
void case_hidden_information(void **state);
void case_kill9_keeps_acknowledged(void **state);
void case_webhook_your_turn(void **state);
void case_optional_rules_chosen(void **state);
void case_store_without_rules_column(void **state);
void case_ordnance_preview(void **state);

#endif
