/*
 * cli_run.h: test support for the command-line tests: find the lnlt program that
 * belongs to the test binary's build (build/<config>/tests/test_x ->
 * build/<config>/lnlt, so the ASan suite tests the ASan program), run it with
 * given input, and capture its output, errors and exit status.
 */
#ifndef LNLT_TEST_CLI_RUN_H
#define LNLT_TEST_CLI_RUN_H

#include <stdbool.h>
#include <stddef.h>

typedef struct cli_result {
    int status;  /* exit status, or 128 + signal */
    char *out;   /* stdout (malloc'd, NUL-terminated) */
    char *err;   /* stderr */
} cli_result;

/* Remembers the program next to the test binary; call first with main's argv[0]. */
void cli_set_program(const char *test_argv0);
const char *cli_program(void);

/* Runs the program with args (NULL-terminated, without the program name); input
 * (may be NULL) is fed on stdin. */
cli_result cli_run(const char *const *args, const char *input);
/* The same with len bytes of input that may hold NUL bytes. */
cli_result cli_run_bytes(const char *const *args, const char *input, size_t len);
void cli_result_free(cli_result *r);

/* Reads a whole file (malloc'd); NULL if unreadable. */
char *cli_slurp(const char *path);

/* Compares text with the golden file exactly; with LNLT_UPDATE_GOLDEN=1 in the
 * environment, rewrites the golden file instead. On a difference prints both
 * and the first differing line, and returns false. */
bool cli_golden(const char *golden_path, const char *text);

/* Replaces every 16-hex-digit word (a state hash) with "<hash>" in place, so golden
 * files do not change each time the state layout grows; hashes are checked by
 * replay tests instead. Returns text. */
char *cli_mask_hashes(char *text);

#endif
