/*
 * common.h: what the libFuzzer targets of fuzz/ share (docs/fuzzing.md):
 * a private sandbox directory holding a copy of data/ (so targets that write files
 * write only there, and scenarios open by the same relative paths as in the
 * repository), quiet standard output, and the input as a C string.
 */
#ifndef LNLT_FUZZ_COMMON_H
#define LNLT_FUZZ_COMMON_H

#include <stddef.h>
#include <stdint.h>

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

/* Once per process: makes a temporary directory (in /dev/shm when there is one)
 * with a copy of the repository's data/ (the fuzzer runs from the repository
 * root), moves into it, confines the process to it (lnlt/sandbox.h) and sends
 * stdout to /dev/null. The directory is removed at exit. */
void fuzz_enter_sandbox(void);

/* Once per process, after fuzz_enter_sandbox: the opening cache (docs/performance.md)
 * of the shipped scenarios in the sandbox, for a target that opens a scenario for
 * every input (fuzz_save), so that the unchanging counter catalog is not parsed
 * again each time. */
void fuzz_opening_cache(void);

/* The input as a NUL-terminated string (malloc'd); bytes after a NUL stay. */
char *fuzz_text(const uint8_t *data, size_t size);

/* Writes the input to a file of the sandbox and returns its name. */
const char *fuzz_file(const char *name, const uint8_t *data, size_t size);

/* The length of the input's first max_lines lines (all of it when it has
 * fewer): the targets that run a session line by line take at most that many,
 * so the work of one run stays bounded however long the input grows. */
size_t fuzz_lines(const uint8_t *data, size_t size, int max_lines);

#endif
