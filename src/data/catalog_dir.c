/*
 * catalog_dir.c: loading the catalog of a data directory (lnlt_catalog_load_dir,
 * lnlt_catalog_load_dir_with): every .json of its nations, units, vehicles,
 * weapons and skills folders in name order, then linking; and the opening cache
 * of docs/performance.md that skips all of it while the files stay the same.
 */
#include "lnlt/data.h"

#include <dirent.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

#include "data/catalog_internal.h"
#include "util/opencache.h"

/* ---- loading a directory ---- */

static int cmp_str(const void *a, const void *b)
{
    return strcmp(*(char *const *)a, *(char *const *)b);
}

/* The file to leave out of a directory load (same device and inode). */
typedef struct skip_id {
    bool set;
    dev_t dev;
    ino_t ino;
} skip_id;

/* The paths of the .json files of DIR/SUB in name order, appended to paths (n of them so far),
 * leaving out the skipped file. A missing section is simply empty. */
static bool list_dir(const char *dir, const char *sub, const skip_id *skip, char **paths, int *n,
                     lnlt_error *err)
{
    char path[1024];
    snprintf(path, sizeof path, "%s/%s", dir, sub);
    DIR *d = opendir(path);
    if (!d)
        return true;
    char *names[LNLT_MAX_FILES];
    int k = 0;
    bool ok = true;
    struct dirent *e;
    while (ok && (e = readdir(d))) {
        size_t l = strlen(e->d_name);
        if (l > 5 && !strcmp(e->d_name + l - 5, ".json") && e->d_name[0] != '.') {
            if (k == LNLT_MAX_FILES)
                ok = lnlt_error_set(err, "%s: more than %d data files", path, LNLT_MAX_FILES);
            else if (!(names[k++] = strdup(e->d_name)))
                ok = lnlt_error_set(err, "out of memory");
        }
    }
    closedir(d);
    if (ok)
        qsort(names, (size_t)k, sizeof names[0], cmp_str);
    for (int i = 0; i < k; i++) {
        char fp[1200];
        if (ok && names[i]) {
            snprintf(fp, sizeof fp, "%s/%s", path, names[i]);
            struct stat st;
            bool skipped = skip->set && stat(fp, &st) == 0 && st.st_dev == skip->dev && st.st_ino == skip->ino;
            if (!skipped && *n == 5 * LNLT_MAX_FILES)
                ok = lnlt_error_set(err, "%s: too many data files", path);
            else if (!skipped && !(paths[(*n)++] = strdup(fp)))
                ok = lnlt_error_set(err, "out of memory");
        }
        free(names[i]);
    }
    return ok;
}

/* Reads the files into texts (NULL where one cannot be read) and returns the
 * digest of their names and bytes: the key of the linked catalog in the opening
 * cache (src/util/opencache.h). */
static uint64_t read_all(char *const *paths, int n, char **texts, size_t *lens)
{
    uint64_t d = oc_digest("catalog", 7, OC_DIGEST_SEED);
    for (int i = 0; i < n; i++) {
        lnlt_error ignored;
        if (!lnlt_read_file(paths[i], &texts[i], &lens[i], &ignored)) {
            texts[i] = NULL;
            lens[i] = 0;
        }
        d = oc_digest(paths[i], strlen(paths[i]) + 1, d);
        d = oc_digest(texts[i] ? texts[i] : "", lens[i], d);
    }
    return d;
}

static bool load_dir(const char *dir, const char *file, bool use_cache, lnlt_catalog **out, lnlt_error *err)
{
    *out = NULL;
    skip_id skip = {false, 0, 0};
    if (file) {
        struct stat st;
        if (stat(file, &st) != 0)
            return lnlt_error_set(err, "%s: cannot open the file", file);
        skip.set = true;
        skip.dev = st.st_dev;
        skip.ino = st.st_ino;
    }
    lnlt_catalog *c = lnlt_catalog_new();
    if (!c)
        return lnlt_error_set(err, "out of memory");
    static const char *const subs[] = {"nations", "units", "vehicles", "weapons", "skills"};
    char *paths[5 * LNLT_MAX_FILES];
    char *texts[5 * LNLT_MAX_FILES];
    size_t lens[5 * LNLT_MAX_FILES];
    int n = 0;
    bool ok = true;
    for (int i = 0; ok && i < 5; i++)
        ok = list_dir(dir, subs[i], &skip, paths, &n, err);
    memset(texts, 0, sizeof texts);
    uint64_t key = ok ? read_all(paths, n, texts, lens) : 0;
    /* The whole directory as a previous run of this program linked it, when the
     * opening cache holds it: the same files, byte for byte. */
    oc_part whole = {c, sizeof *c};
    bool cached = ok && use_cache && !file && oc_read("catalog", key, &whole, 1);
    if (!cached && ok) {
        memset(c, 0, sizeof *c);
        for (int i = 0; ok && i < n; i++)
            ok = texts[i] ? lnlt_catalog_add_json(c, paths[i], texts[i], lens[i], err)
                          : lnlt_read_file(paths[i], &texts[i], &lens[i], err) && /* its reason */
                                lnlt_catalog_add_json(c, paths[i], texts[i], lens[i], err);
        ok = ok && (!file || lnlt_catalog_add_file(c, file, err)) && lnlt_catalog_link(c, err);
    }
    for (int i = 0; i < n; i++) {
        free(texts[i]);
        free(paths[i]);
    }
    if (!ok) {
        lnlt_catalog_free(c);
        return false;
    }
    *out = c;
    return true;
}

bool lnlt_catalog_cache_write(const char *dir, lnlt_error *err)
{
    lnlt_catalog *c = NULL;
    static const char *const subs[] = {"nations", "units", "vehicles", "weapons", "skills"};
    skip_id none = {false, 0, 0};
    char *paths[5 * LNLT_MAX_FILES];
    char *texts[5 * LNLT_MAX_FILES];
    size_t lens[5 * LNLT_MAX_FILES];
    int n = 0;
    bool ok = true;
    for (int i = 0; ok && i < 5; i++)
        ok = list_dir(dir, subs[i], &none, paths, &n, err);
    memset(texts, 0, sizeof texts);
    uint64_t key = ok ? read_all(paths, n, texts, lens) : 0;
    for (int i = 0; i < n; i++) {
        free(texts[i]);
        free(paths[i]);
    }
    /* linked from the files themselves, never from an older cache file */
    ok = ok && load_dir(dir, NULL, false, &c, err);
    if (ok) {
        oc_part whole = {c, sizeof *c};
        ok = oc_write("catalog", key, &whole, 1, err);
    }
    lnlt_catalog_free(c);
    return ok;
}

bool lnlt_catalog_load_dir(const char *dir, lnlt_catalog **out, lnlt_error *err)
{
    return load_dir(dir, NULL, true, out, err);
}

bool lnlt_catalog_load_dir_with(const char *dir, const char *file, lnlt_catalog **out,
                                lnlt_error *err)
{
    return load_dir(dir, file, false, out, err);
}
