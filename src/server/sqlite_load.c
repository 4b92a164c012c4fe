/*
 * sqlite_load.c: SQLite, opened the first time a SQLite store opens its database
 * rather than at every start of a program. Linked in, libsqlite3's relocations
 * cost each start of `lnlt` about 1.1 million instructions of dynamic linking,
 * which self-play, replays and the engine's tests paid without using it
 * (docs/performance.md). As pq_load.c does for libpq, the programs are linked
 * without -lsqlite3; the SQLite functions store_sqlite.c (and fuzz_http.c) call are defined here,
 * with the prototypes of <sqlite3.h>, and each calls the real one in
 * libsqlite3.so.0, which the first sqlite3_open_v2 opens (once, whichever thread
 * gets there first).
 *
 * When the library cannot be opened, sqlite3_open_v2 answers SQLITE_CANTOPEN with
 * no handle, and sqlite3_errmsg(NULL) gives dlerror's reason; every other function
 * is reached only with a handle or a statement, so after a successful open.
 */
#include <dlfcn.h>
#include <pthread.h>
#include <sqlite3.h>
#include <stdio.h>
#include <string.h>

#define SQLITE_LIBRARY "libsqlite3.so.0"

/* Every function used: its name, return type and parameter list. */
#define SQLITE_FUNCTIONS(X)                                                                                            \
    X(bind_blob, int, (sqlite3_stmt *, int, const void *, int, void (*)(void *)))                                      \
    X(bind_int, int, (sqlite3_stmt *, int, int))                                                                       \
    X(bind_int64, int, (sqlite3_stmt *, int, sqlite3_int64))                                                           \
    X(bind_text, int, (sqlite3_stmt *, int, const char *, int, void (*)(void *)))                                      \
    X(busy_timeout, int, (sqlite3 *, int))                                                                             \
    X(changes, int, (sqlite3 *))                                                                                       \
    X(clear_bindings, int, (sqlite3_stmt *))                                                                           \
    X(close, int, (sqlite3 *))                                                                                         \
    X(column_blob, const void *, (sqlite3_stmt *, int))                                                                \
    X(column_bytes, int, (sqlite3_stmt *, int))                                                                        \
    X(column_count, int, (sqlite3_stmt *))                                                                             \
    X(column_type, int, (sqlite3_stmt *, int))                                                                         \
    X(column_int, int, (sqlite3_stmt *, int))                                                                          \
    X(column_int64, sqlite3_int64, (sqlite3_stmt *, int))                                                              \
    X(column_text, const unsigned char *, (sqlite3_stmt *, int))                                                       \
    X(errmsg, const char *, (sqlite3 *))                                                                               \
    X(exec, int, (sqlite3 *, const char *, int (*)(void *, int, char **, char **), void *, char **))                   \
    X(finalize, int, (sqlite3_stmt *))                                                                                 \
    X(free, void, (void *))                                                                                            \
    X(open_v2, int, (const char *, sqlite3 **, int, const char *))                                                     \
    X(prepare_v2, int, (sqlite3 *, const char *, int, sqlite3_stmt **, const char **))                                 \
    X(prepare_v3, int, (sqlite3 *, const char *, int, unsigned int, sqlite3_stmt **, const char **))                   \
    X(reset, int, (sqlite3_stmt *))                                                                                    \
    X(step, int, (sqlite3_stmt *))

static struct {
    void *lib;
    char why[300]; /* why it could not be opened */
#define SQ_FIELD(name, ret, params) ret(*name) params;
    SQLITE_FUNCTIONS(SQ_FIELD)
#undef SQ_FIELD
} sq;

static pthread_once_t sq_once = PTHREAD_ONCE_INIT;

static void sq_open(void)
{
    void *lib = dlopen(SQLITE_LIBRARY, RTLD_NOW | RTLD_LOCAL);
    if (!lib) {
        const char *e = dlerror();
        snprintf(sq.why, sizeof sq.why, "cannot open %s: %s", SQLITE_LIBRARY, e ? e : "unknown error");
        return;
    }
    /* dlsym's address into a function pointer of the right type (POSIX
     * guarantees the two have one representation). */
#define SQ_SYM(name, ret, params)                                                                                      \
    {                                                                                                                  \
        void *p_ = dlsym(lib, "sqlite3_" #name);                                                                      \
        if (!p_) {                                                                                                     \
            snprintf(sq.why, sizeof sq.why, "%s has no sqlite3_%s", SQLITE_LIBRARY, #name);                            \
            dlclose(lib);                                                                                              \
            return;                                                                                                    \
        }                                                                                                              \
        memcpy(&sq.name, &p_, sizeof p_);                                                                              \
    }
    SQLITE_FUNCTIONS(SQ_SYM)
#undef SQ_SYM
    sq.lib = lib; /* every function found */
}

int sqlite3_open_v2(const char *filename, sqlite3 **ppDb, int flags, const char *zVfs)
{
    pthread_once(&sq_once, sq_open);
    if (!sq.lib) {
        *ppDb = NULL;
        return SQLITE_CANTOPEN;
    }
    return sq.open_v2(filename, ppDb, flags, zVfs);
}

const char *sqlite3_errmsg(sqlite3 *db)
{
    if (!sq.lib)
        return sq.why[0] ? sq.why : "SQLite is not open";
    return sq.errmsg(db);
}

int sqlite3_close(sqlite3 *db) { return sq.lib ? sq.close(db) : SQLITE_OK; }
void sqlite3_free(void *p)
{
    if (sq.lib)
        sq.free(p);
}

/* The functions below are reached only with a handle or a statement, so after a
 * successful sqlite3_open_v2. */

int sqlite3_bind_blob(sqlite3_stmt *s, int i, const void *v, int n, void (*d)(void *))
{
    return sq.bind_blob(s, i, v, n, d);
}
int sqlite3_bind_int(sqlite3_stmt *s, int i, int v) { return sq.bind_int(s, i, v); }
int sqlite3_bind_int64(sqlite3_stmt *s, int i, sqlite3_int64 v) { return sq.bind_int64(s, i, v); }
int sqlite3_bind_text(sqlite3_stmt *s, int i, const char *v, int n, void (*d)(void *))
{
    return sq.bind_text(s, i, v, n, d);
}
int sqlite3_busy_timeout(sqlite3 *db, int ms) { return sq.busy_timeout(db, ms); }
int sqlite3_changes(sqlite3 *db) { return sq.changes(db); }
int sqlite3_clear_bindings(sqlite3_stmt *s) { return sq.clear_bindings(s); }
const void *sqlite3_column_blob(sqlite3_stmt *s, int i) { return sq.column_blob(s, i); }
int sqlite3_column_bytes(sqlite3_stmt *s, int i) { return sq.column_bytes(s, i); }
int sqlite3_column_count(sqlite3_stmt *s) { return sq.column_count(s); }
int sqlite3_column_type(sqlite3_stmt *s, int i) { return sq.column_type(s, i); }
int sqlite3_column_int(sqlite3_stmt *s, int i) { return sq.column_int(s, i); }
sqlite3_int64 sqlite3_column_int64(sqlite3_stmt *s, int i) { return sq.column_int64(s, i); }
const unsigned char *sqlite3_column_text(sqlite3_stmt *s, int i) { return sq.column_text(s, i); }
int sqlite3_exec(sqlite3 *db, const char *sql, int (*cb)(void *, int, char **, char **), void *arg, char **errmsg)
{
    return sq.exec(db, sql, cb, arg, errmsg);
}
int sqlite3_finalize(sqlite3_stmt *s) { return sq.lib ? sq.finalize(s) : SQLITE_OK; }
int sqlite3_prepare_v2(sqlite3 *db, const char *sql, int n, sqlite3_stmt **st, const char **tail)
{
    return sq.prepare_v2(db, sql, n, st, tail);
}
int sqlite3_prepare_v3(sqlite3 *db, const char *sql, int n, unsigned int flags, sqlite3_stmt **st, const char **tail)
{
    return sq.prepare_v3(db, sql, n, flags, st, tail);
}
int sqlite3_reset(sqlite3_stmt *s) { return sq.reset(s); }
int sqlite3_step(sqlite3_stmt *s) { return sq.step(s); }
