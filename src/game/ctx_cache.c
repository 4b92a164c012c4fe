/*
 * ctx_cache.c: scenarios opened once per process (lnlt_ctx_open_cached). Opening
 * a scenario reads its counters and map and precomputes the map's line of sight,
 * tens of milliseconds; a process that starts many games of the same scenario (the
 * engine protocol's `load`, a server, self-play, the fuzz targets) shares one
 * read-only ctx per file instead. A file is known by its real path, size and
 * modification time, so an edited scenario is read again.
 */
#define _XOPEN_SOURCE 700 /* realpath */
#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

#include "lnlt/game.h"
#include "lnlt/sandbox.h"

#define CACHE_MAX 8

typedef struct cached {
    char real[PATH_MAX];
    struct timespec mtime;
    off_t size;
    lnlt_ctx ctx;
} cached;

static cached cache[CACHE_MAX];
static int cache_count;

bool lnlt_ctx_open_cached(const char *path, const lnlt_ctx **out, lnlt_error *err)
{
    char real[PATH_MAX];
    struct stat st;
    if (!lnlt_sandbox_allows(path, false, "scenario", err))
        return false;
    if (!realpath(path, real) || stat(real, &st) != 0)
        return lnlt_error_set(err, "%s: cannot read the scenario file", path);
    for (int i = 0; i < cache_count; i++) {
        cached *c = &cache[i];
        if (!strcmp(c->real, real) && c->size == st.st_size && c->mtime.tv_sec == st.st_mtim.tv_sec &&
            c->mtime.tv_nsec == st.st_mtim.tv_nsec) {
            *out = &c->ctx;
            return true;
        }
    }
    if (cache_count == CACHE_MAX) {
        /* Full: the caller opens its own. Entries are never evicted, since a game
         * in progress may still use any of them. */
        *out = NULL;
        return true;
    }
    cached *c = &cache[cache_count];
    if (!lnlt_ctx_open(path, &c->ctx, err))
        return false;
    cache_count++;
    snprintf(c->real, sizeof c->real, "%s", real);
    c->size = st.st_size;
    c->mtime = st.st_mtim;
    *out = &c->ctx;
    return true;
}

void lnlt_ctx_cache_clear(void)
{
    for (int i = 0; i < cache_count; i++)
        lnlt_ctx_close(&cache[i].ctx);
    memset(cache, 0, sizeof cache);
    cache_count = 0;
    lnlt_ctx_maps_clear(); /* after the scenarios that use them */
}
