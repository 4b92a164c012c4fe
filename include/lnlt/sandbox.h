/*
 * lnlt/sandbox.h: confining the files a process reads and writes to one
 * directory (`lnlt engine --sandbox DIR`, issue 17). Once set, opening a scenario
 * (and the data directory and map it uses), loading a save and writing one all
 * refuse any path whose real location (symbolic links followed) lies outside the
 * directory, without opening it; messages then name the path given, never the
 * contents of a file outside.
 */
#ifndef LNLT_SANDBOX_H
#define LNLT_SANDBOX_H

#include <stdbool.h>
#include <stddef.h>

#include "lnlt/error.h"

/* Confines the process to dir (which must exist). Once set it cannot be widened:
 * a second call may only name a directory inside the first. */
bool lnlt_sandbox_set(const char *dir, lnlt_error *err);
/* The sandbox's real path, or NULL when there is none. */
const char *lnlt_sandbox_dir(void);

/* True when there is no sandbox, or path lies inside it. With for_write, path
 * may not exist yet: its directory must then lie inside, and path itself, if it
 * exists, too. `what` names the path in the error ("save", "scenario"). */
bool lnlt_sandbox_allows(const char *path, bool for_write, const char *what, lnlt_error *err);

/* True when path exists and its real location (symbolic links followed) lies in
 * dir's, whatever sandbox is set: for a second tree a process may read, such as
 * the server's web directory. */
bool lnlt_path_within(const char *dir, const char *path);

/* The data directory for saves' scenario references: DIR/data or DIR inside a
 * sandbox (whichever holds nations/), else ./data when it exists, else the
 * source tree's data/. */
void lnlt_data_dir(char *out, size_t len);

#endif
