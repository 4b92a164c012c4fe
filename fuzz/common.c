/*
 * fuzz_common.c: the shared set-up of the fuzz targets (common.h).
 */
#define _XOPEN_SOURCE 700 /* mkdtemp */
#include "common.h"

#include <glob.h>
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "../src/cli/commands.h"

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

/* The opening cache inside the sandbox, written once for the shipped scenarios as
 * `make` writes it beside an installed lnlt (the one beside the fuzz target is
 * outside the sandbox, so off): opening a save's base or final position then
 * reads the linked counter catalog, the maps and their LOS tables from it, as lnlt
 * does outside the fuzzer. The save and its scenario are still parsed from the
 * input. */
void fuzz_opening_cache(void)
{
    static bool written;
    if (written)
        return;
    written = true;
    char dir[300];
    snprintf(dir, sizeof dir, "%s/cache", sandbox);
    if (mkdir(dir, 0700) != 0 || setenv("LNLT_CACHE_DIR", dir, 1) != 0)
        abort();
    glob_t g;
    char pattern[320];
    snprintf(pattern, sizeof pattern, "%s/data/scenarios/*.json", sandbox);
    if (glob(pattern, 0, NULL, &g) != 0)
        abort();
    char **argv = calloc(g.gl_pathc + 2, sizeof *argv);
    if (!argv)
        abort();
    argv[0] = "cache";
    for (size_t i = 0; i < g.gl_pathc; i++)
        argv[i + 1] = g.gl_pathv[i];
    if (cmd_cache((int)g.gl_pathc + 1, argv) != 0) {
        fprintf(stderr, "fuzz: cannot write the opening cache in %s\n", dir);
        abort();
    }
    free(argv);
    globfree(&g);
    lnlt_ctx_cache_clear(); /* the scenarios were opened before their cache existed */
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
