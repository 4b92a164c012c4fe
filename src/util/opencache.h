/*
 * opencache.h: the opening cache, files holding what opening a game computes from
 * the data files (the linked counter catalog, a map's complete line-of-sight
 * table), written by `lnlt cache` and read back instead of computing it again.
 * A file is used only when it was written by this very program (the same GNU
 * build id), for the same inputs (a digest of them names the file and is
 * repeated inside), and its contents match their checksum; anything else is
 * ignored and the data computed as before. Internal to the library.
 */
#ifndef LNLT_OPENCACHE_H
#define LNLT_OPENCACHE_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "lnlt/error.h"

/* A 64-bit digest of bytes, chained through `seed` (FNV-style multiply and shift
 * over 8-byte words; not cryptographic: it tells inputs apart). */
uint64_t oc_digest(const void *p, size_t n, uint64_t seed);
#define OC_DIGEST_SEED 0xcbf29ce484222325ull

/* One region of memory a cache file holds, in order. */
typedef struct oc_part {
    void *p;
    size_t n;
} oc_part;

/* Fills the parts from the cache file of `kind` for inputs `digest`: true only if
 * the file exists, comes from this program, was written for that digest with
 * exactly these sizes and passes its checksum (the parts may be partly
 * overwritten when it is refused). */
bool oc_read(const char *kind, uint64_t digest, const oc_part *parts, int nparts);

/* The contents of the cache file of `kind` for `digest`, whatever their length,
 * in *out (malloc'ed, the caller frees it), on the same conditions as oc_read. */
bool oc_read_blob(const char *kind, uint64_t digest, void **out, size_t *n);

/* Writes the parts as the cache file of `kind` for `digest` (a temporary file
 * renamed into place, so a reader never sees half a file). */
bool oc_write(const char *kind, uint64_t digest, const oc_part *parts, int nparts, lnlt_error *err);

#endif
