/*
 * fuzz_common.c: the shared set-up of the fuzz targets (common.h).
 */
#define _XOPEN_SOURCE 700 /* mkdtemp */
#include "common.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "lnlt/bot.h"
#include "lnlt/game.h"
#include "lnlt/sandbox.h"

static char sandbox[256];

static void remove_sandbox(void)
{
    char cmd[300];
    lnlt_bot_cache_clear();
    lnlt_ctx_cache_clear();
    if (sandbox[0] && chdir("/") == 0) {
        snprintf(cmd, sizeof cmd, "rm -rf '%s'", sandbox);
        if (system(cmd) != 0)
            fprintf(stderr, "fuzz: could not remove %s\n", sandbox);
    }
}

void fuzz_enter_sandbox(void)
{
    if (sandbox[0])
        return;
    /* In memory when the system has a tmpfs for it: the targets write their
     * input, scripts and saves there on every run, and a disk file system would
     * spend more time on that than the code under test takes (saves sync their
     * directory). */
    const char *base = access("/dev/shm", W_OK) == 0 ? "/dev/shm" : "/tmp";
    snprintf(sandbox, sizeof sandbox, "%s/lnlt-fuzz-XXXXXX", base);
    char cmd[400];
    lnlt_error err;
    if (!mkdtemp(sandbox))
        abort();
    snprintf(cmd, sizeof cmd, "cp -r data '%s/data'", sandbox);
    if (system(cmd) != 0 || chdir(sandbox) != 0 || !lnlt_sandbox_set(".", &err)) {
        fprintf(stderr, "fuzz: cannot set up the sandbox in %s (run from the repository root)\n", sandbox);
        abort();
    }
    atexit(remove_sandbox);
    if (!freopen("/dev/null", "w", stdout))
        abort();
}

char *fuzz_text(const uint8_t *data, size_t size)
{
    char *t = malloc(size + 1);
    if (!t)
        abort();
    memcpy(t, data, size);
    t[size] = 0;
    return t;
}

const char *fuzz_file(const char *name, const uint8_t *data, size_t size)
{
    FILE *f = fopen(name, "wb");
    if (!f || fwrite(data, 1, size, f) != size || fclose(f) != 0)
        abort();
    return name;
}

size_t fuzz_lines(const uint8_t *data, size_t size, int max_lines)
{
    int lines = 0;
    for (size_t i = 0; i < size; i++)
        if (data[i] == '\n' && ++lines == max_lines)
            return i + 1;
    return size;
}
