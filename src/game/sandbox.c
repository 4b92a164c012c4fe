/*
 * sandbox.c: the path sandbox of lnlt/sandbox.h and the default data directory.
 * Paths are compared by their real location (realpath), so "..", symbolic links
 * and doubled slashes cannot reach outside.
 */
#define _XOPEN_SOURCE 700 /* realpath */
#include "lnlt/sandbox.h"

#include <errno.h>
#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#ifndef LNLT_SOURCE_DIR
#define LNLT_SOURCE_DIR "."
#endif

static char sandbox[PATH_MAX];

const char *lnlt_sandbox_dir(void) { return sandbox[0] ? sandbox : NULL; }

/* real is inside root (or root itself). */
static bool inside(const char *root, const char *real)
{
    size_t n = strlen(root);
    if (n == 1 && root[0] == '/')
        return true;
    return !strncmp(real, root, n) && (real[n] == '/' || real[n] == 0);
}

bool lnlt_sandbox_set(const char *dir, lnlt_error *err)
{
    char real[PATH_MAX];
    struct stat st;
    if (!realpath(dir, real) || stat(real, &st) != 0 || !S_ISDIR(st.st_mode))
        return lnlt_error_set(err, "sandbox %s: not a directory", dir);
    if (sandbox[0] && !inside(sandbox, real))
        return lnlt_error_set(err, "sandbox %s: outside the sandbox already set", dir);
    snprintf(sandbox, sizeof sandbox, "%s", real);
    return true;
}

bool lnlt_sandbox_allows(const char *path, bool for_write, const char *what, lnlt_error *err)
{
    if (!sandbox[0])
        return true;
    char real[PATH_MAX];
    if (realpath(path, real)) {
        if (inside(sandbox, real))
            return true;
        return lnlt_error_set(err, "%s %s: outside the sandbox", what, path);
    }
    if (!for_write || errno != ENOENT)
        return lnlt_error_set(err, "%s %s: %s", what, path, errno == ENOENT ? "no such file in the sandbox" : strerror(errno));
    /* A new file: its directory must be inside. */
    char dir[PATH_MAX];
    snprintf(dir, sizeof dir, "%s", path);
    char *slash = strrchr(dir, '/');
    if (!slash)
        snprintf(dir, sizeof dir, ".");
    else if (slash == dir)
        dir[1] = 0;
    else
        *slash = 0;
    if (realpath(dir, real) && inside(sandbox, real))
        return true;
    return lnlt_error_set(err, "%s %s: outside the sandbox", what, path);
}

bool lnlt_path_within(const char *dir, const char *path)
{
    char root[PATH_MAX], real[PATH_MAX];
    return realpath(dir, root) && realpath(path, real) && inside(root, real);
}

static bool has_nations(const char *dir)
{
    char p[PATH_MAX + 16];
    snprintf(p, sizeof p, "%s/nations", dir);
    return access(p, R_OK) == 0;
}

void lnlt_data_dir(char *out, size_t len)
{
    if (sandbox[0]) {
        snprintf(out, len, "%s/data", sandbox);
        if (!has_nations(out))
            snprintf(out, len, "%s", sandbox);
        return;
    }
    if (has_nations("data")) {
        snprintf(out, len, "data");
        return;
    }
    snprintf(out, len, "%s/data", LNLT_SOURCE_DIR);
}
