/*
 * map_cache.c: a loaded map in the opening cache (src/util/opencache.h,
 * docs/performance.md). Parsing a map's JSON and its terrain chart with jansson
 * costs about 200 instructions a byte, more than the rest of opening a cached
 * scenario; a scenario whose special rules change the map (22.0: one-storey
 * buildings) loads its own copy every time it opens, so that cost came back at
 * every opening. `lnlt cache` writes the map as it is once loaded (the struct and
 * its arrays), and lnlt_map_load_file reads it back when this very program wrote
 * it for the same map file (its path and bytes name the cache file) and the other
 * files the load read (a board's sheets, the terrain charts) still hold the bytes
 * they held then; otherwise it parses the files as before. Either way the map is
 * the same, byte for byte (tests/test_opencache.c).
 */
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "lnlt/sandbox.h"
#include "map/jsonutil.h"
#include "map/map_internal.h"
#include "util/opencache.h"

/* The bytes of a file the map loader could read (inside the sandbox, within the
 * data file limit), malloc'ed in *out; false otherwise. */
static bool read_bytes(const char *path, uint8_t **out, size_t *n)
{
    lnlt_error ignored;
    *out = NULL;
    if (!lnlt_sandbox_allows(path, false, "file", &ignored))
        return false;
    int fd = open(path, O_RDONLY | O_CLOEXEC);
    if (fd < 0)
        return false;
    struct stat st;
    bool ok = fstat(fd, &st) == 0 && S_ISREG(st.st_mode) && (uint64_t)st.st_size <= LJ_FILE_MAX &&
              (*out = malloc((size_t)st.st_size + 1)) != NULL;
    size_t got = 0;
    while (ok && got < (size_t)st.st_size) {
        ssize_t r = read(fd, *out + got, (size_t)st.st_size - got);
        ok = r > 0;
        got += ok ? (size_t)r : 0;
    }
    close(fd);
    if (!ok) {
        free(*out);
        *out = NULL;
        return false;
    }
    *n = got;
    return true;
}

/* The digest of a file's path and bytes (0 with *found false when it cannot be read). */
static uint64_t file_digest(const char *kind, const char *path, bool *found)
{
    uint8_t *b;
    size_t n;
    *found = read_bytes(path, &b, &n);
    if (!*found)
        return 0;
    uint64_t d = oc_digest(kind, strlen(kind), OC_DIGEST_SEED);
    d = oc_digest(path, strlen(path) + 1, d);
    d = oc_digest(b, n, d);
    free(b);
    return d;
}

/* The regions of a map after its fixed part, in the order the cache file holds
 * them; sizes from the fixed part. */
enum { MAP_ARRAYS = 10 };
static void map_arrays(const lnlt_map *m, oc_part part[MAP_ARRAYS])
{
    size_t n = (size_t)m->ncell;
    part[0] = (oc_part){m->cell, n * sizeof *m->cell};
    part[1] = (oc_part){m->exists, n};
    part[2] = (oc_part){m->owner, n};
    part[3] = (oc_part){m->build, (size_t)m->nbuild * sizeof *m->build};
    part[4] = (oc_part){m->sil, (size_t)m->nsil * sizeof *m->sil};
    part[5] = (oc_part){m->pts, (size_t)m->npts * 2 * sizeof *m->pts};
    part[6] = (oc_part){m->hex_of, n * sizeof *m->hex_of};
    part[7] = (oc_part){m->nb, n * sizeof *m->nb};
    part[8] = (oc_part){m->floors, n};
    part[9] = (oc_part){m->floor_level, n * sizeof *m->floor_level};
}

/* A dependency as the cache file lists it: the file's path and digest. */
typedef struct dep_entry {
    char path[MAP_FILE_PATH_MAX];
    uint64_t digest;
} dep_entry;

/* The map in the blob (fixed part, the dependency count and entries, then the
 * arrays), when every dependency still has its digest. NULL otherwise. */
static lnlt_map *unpack(const uint8_t *b, size_t n)
{
    size_t at = sizeof(lnlt_map) + sizeof(int32_t);
    if (n < at)
        return NULL;
    lnlt_map *m = calloc(1, sizeof *m);
    if (!m)
        return NULL;
    memcpy(m, b, sizeof *m);
    /* The fixed part's pointers were the writer's: none of them is kept. */
    m->cell = NULL, m->exists = NULL, m->owner = NULL, m->build = NULL, m->sil = NULL, m->pts = NULL;
    m->shape = NULL, m->hex_of = NULL, m->nb = NULL, m->floors = NULL, m->floor_level = NULL;
    int32_t ndep;
    memcpy(&ndep, b + sizeof *m, sizeof ndep);
    bool ok = ndep >= 0 && ndep <= MAP_FILES_MAX && m->cols > 0 && m->cols <= MAP_MAX_COLS && m->rows >= 0 &&
              m->rows < MAP_MAX_ROWS && m->stride == m->rows + 1 && m->ncell == m->cols * m->stride &&
              m->nbuild >= 0 && m->nsil >= 0 && m->npts >= 0 && at + (size_t)ndep * sizeof(dep_entry) <= n;
    for (int i = 0; ok && i < ndep; i++, at += sizeof(dep_entry)) {
        dep_entry e;
        memcpy(&e, b + at, sizeof e);
        bool found;
        ok = memchr(e.path, 0, sizeof e.path) != NULL && file_digest("map-file", e.path, &found) == e.digest && found;
    }
    oc_part part[MAP_ARRAYS];
    if (ok) {
        size_t c = (size_t)m->ncell;
        m->cell = malloc(c * sizeof *m->cell);
        m->exists = malloc(c);
        m->owner = malloc(c);
        m->build = malloc((size_t)m->nbuild * sizeof *m->build + 1);
        m->sil = malloc((size_t)m->nsil * sizeof *m->sil + 1);
        m->pts = malloc((size_t)m->npts * 2 * sizeof *m->pts + 1);
        m->hex_of = malloc(c * sizeof *m->hex_of);
        m->nb = malloc(c * sizeof *m->nb);
        m->floors = malloc(c);
        m->floor_level = malloc(c * sizeof *m->floor_level);
        ok = m->cell && m->exists && m->owner && m->build && m->sil && m->pts && m->hex_of && m->nb && m->floors &&
             m->floor_level;
        map_arrays(m, part);
    }
    for (int i = 0; ok && i < MAP_ARRAYS; i++) {
        ok = at + part[i].n <= n;
        if (ok)
            memcpy(part[i].p, b + at, part[i].n);
        at += part[i].n;
    }
    /* the line shapes start untraced, as after parsing */
    lnlt_error ignored;
    if (!ok || at != n || !map_build_shapes(m, &ignored)) {
        lnlt_map_free(m);
        return NULL;
    }
    m->from_cache = true;
    return m;
}

bool lnlt_map_load_file(const char *path, lnlt_map **out, lnlt_error *err)
{
    *out = NULL;
    bool found;
    uint64_t key = file_digest("map", path, &found);
    void *blob = NULL;
    size_t n = 0;
    if (found && oc_read_blob("map", key, &blob, &n)) {
        *out = unpack(blob, n);
        free(blob);
        if (*out)
            return true;
    }
    return map_load_files(path, out, NULL, err);
}

bool lnlt_map_cache_write(const char *path, lnlt_error *err)
{
    lnlt_map *m = NULL;
    map_files files;
    if (!map_load_files(path, &m, &files, err))
        return false;
    bool found = !files.overflow;
    uint64_t key = found ? file_digest("map", path, &found) : 0;
    dep_entry dep[MAP_FILES_MAX];
    memset(dep, 0, sizeof dep);
    for (int i = 0; found && i < files.n; i++) {
        snprintf(dep[i].path, sizeof dep[i].path, "%s", files.path[i]);
        dep[i].digest = file_digest("map-file", dep[i].path, &found);
    }
    bool ok = found || lnlt_error_set(err, "%s: the files of this map could not all be read again", path);
    /* The fixed part with its pointers cleared, so that the file's bytes depend
     * only on the map. */
    lnlt_map fixed;
    memcpy(&fixed, m, sizeof fixed);
    fixed.cell = NULL, fixed.exists = NULL, fixed.owner = NULL, fixed.build = NULL, fixed.sil = NULL;
    fixed.pts = NULL, fixed.shape = NULL, fixed.hex_of = NULL, fixed.nb = NULL, fixed.floors = NULL;
    fixed.floor_level = NULL;
    fixed.from_cache = false;
    int32_t ndep = files.n;
    oc_part part[3 + MAP_ARRAYS];
    part[0] = (oc_part){&fixed, sizeof fixed};
    part[1] = (oc_part){&ndep, sizeof ndep};
    part[2] = (oc_part){dep, (size_t)files.n * sizeof dep[0]};
    map_arrays(m, part + 3);
    /* one region, as oc_read_blob checks it */
    size_t total = 0;
    for (int i = 0; i < 3 + MAP_ARRAYS; i++)
        total += part[i].n;
    uint8_t *blob = ok ? malloc(total) : NULL;
    ok = ok && (blob || lnlt_error_set(err, "out of memory"));
    for (size_t i = 0, at = 0; ok && i < 3 + MAP_ARRAYS; at += part[i].n, i++)
        if (part[i].n) /* an empty array may have no memory */
            memcpy(blob + at, part[i].p, part[i].n);
    oc_part whole = {blob, total};
    ok = ok && oc_write("map", key, &whole, 1, err);
    free(blob);
    lnlt_map_free(m);
    return ok;
}
