/*
 * pq_load.c: libpq, opened the first time a PostgreSQL store connects rather than
 * at every start of a program. Linked in, libpq and what it needs (Kerberos,
 * LDAP, GnuTLS, SASL: twenty libraries) cost each start of `lnlt` about 8.4
 * million instructions of dynamic linking, which self-play, replays and the tests
 * paid without ever using them (docs/performance.md). The programs are linked
 * without -lpq; the libpq functions store_pg.c calls are defined here, with the
 * prototypes of <libpq-fe.h>, and each calls the real one in libpq.so.5, which
 * the first PQconnectdb opens (once, whichever thread gets there first).
 *
 * When libpq cannot be opened, PQconnectdb returns NULL, which PQstatus reports
 * as CONNECTION_BAD and PQerrorMessage explains (dlerror's words); the other
 * functions are never reached without a connection, and answer as libpq does for
 * a NULL argument.
 */
#include <dlfcn.h>
#include <libpq-fe.h>
#include <pthread.h>
#include <stdio.h>
#include <string.h>

#define PQ_LIBRARY "libpq.so.5"

static struct {
    void *lib;
    char why[300]; /* why it could not be opened, ending in a newline as libpq's messages do */
    void (*clear)(PGresult *);
    PGconn *(*connectdb)(const char *);
    int (*consume_input)(PGconn *);
    char *(*error_message)(const PGconn *);
    PGresult *(*exec)(PGconn *, const char *);
    PGresult *(*exec_params)(PGconn *, const char *, int, const Oid *, const char *const *, const int *, const int *,
                             int);
    void (*finish)(PGconn *);
    void (*freemem)(void *);
    char *(*getvalue)(const PGresult *, int, int);
    PGnotify *(*notifies)(PGconn *);
    int (*ntuples)(const PGresult *);
    void (*reset)(PGconn *);
    char *(*result_error_field)(const PGresult *, int);
    char *(*result_error_message)(const PGresult *);
    ExecStatusType (*result_status)(const PGresult *);
    int (*socket)(const PGconn *);
    ConnStatusType (*status)(const PGconn *);
    unsigned char *(*unescape_bytea)(const unsigned char *, size_t *);
} pq;

static pthread_once_t pq_once = PTHREAD_ONCE_INIT;

/* dlsym's address into a function pointer of the right type (POSIX guarantees
 * the two have one representation). */
#define PQ_SYM(field, name)                                                                                            \
    do {                                                                                                               \
        void *p_ = dlsym(lib, name);                                                                                   \
        if (!p_) {                                                                                                     \
            snprintf(pq.why, sizeof pq.why, "%s has no %s\n", PQ_LIBRARY, name);                                         \
            dlclose(lib);                                                                                              \
            return;                                                                                                    \
        }                                                                                                              \
        memcpy(&pq.field, &p_, sizeof p_);                                                                             \
    } while (0)

static void pq_open(void)
{
    void *lib = dlopen(PQ_LIBRARY, RTLD_NOW | RTLD_LOCAL);
    if (!lib) {
        const char *e = dlerror();
        snprintf(pq.why, sizeof pq.why, "cannot open %s: %s\n", PQ_LIBRARY, e ? e : "unknown error");
        return;
    }
    PQ_SYM(clear, "PQclear");
    PQ_SYM(connectdb, "PQconnectdb");
    PQ_SYM(consume_input, "PQconsumeInput");
    PQ_SYM(error_message, "PQerrorMessage");
    PQ_SYM(exec, "PQexec");
    PQ_SYM(exec_params, "PQexecParams");
    PQ_SYM(finish, "PQfinish");
    PQ_SYM(freemem, "PQfreemem");
    PQ_SYM(getvalue, "PQgetvalue");
    PQ_SYM(notifies, "PQnotifies");
    PQ_SYM(ntuples, "PQntuples");
    PQ_SYM(reset, "PQreset");
    PQ_SYM(result_error_field, "PQresultErrorField");
    PQ_SYM(result_error_message, "PQresultErrorMessage");
    PQ_SYM(result_status, "PQresultStatus");
    PQ_SYM(socket, "PQsocket");
    PQ_SYM(status, "PQstatus");
    PQ_SYM(unescape_bytea, "PQunescapeBytea");
    pq.lib = lib; /* every function found */
}

PGconn *PQconnectdb(const char *conninfo)
{
    pthread_once(&pq_once, pq_open);
    return pq.lib ? pq.connectdb(conninfo) : NULL;
}

/* The functions below are reached only with a connection or a result, so after
 * a successful PQconnectdb; the checks keep a NULL argument harmless as in libpq. */

ConnStatusType PQstatus(const PGconn *conn) { return pq.lib && conn ? pq.status(conn) : CONNECTION_BAD; }

char *PQerrorMessage(const PGconn *conn)
{
    if (!pq.lib)
        return pq.why[0] ? pq.why : (char *)"libpq is not open\n";
    return pq.error_message(conn);
}

void PQfinish(PGconn *conn)
{
    if (pq.lib && conn)
        pq.finish(conn);
}

void PQreset(PGconn *conn)
{
    if (pq.lib && conn)
        pq.reset(conn);
}

void PQclear(PGresult *res)
{
    if (pq.lib && res)
        pq.clear(res);
}

void PQfreemem(void *ptr)
{
    if (pq.lib && ptr)
        pq.freemem(ptr);
}

PGresult *PQexec(PGconn *conn, const char *query) { return pq.lib ? pq.exec(conn, query) : NULL; }

PGresult *PQexecParams(PGconn *conn, const char *command, int nParams, const Oid *paramTypes,
                       const char *const *paramValues, const int *paramLengths, const int *paramFormats,
                       int resultFormat)
{
    return pq.lib ? pq.exec_params(conn, command, nParams, paramTypes, paramValues, paramLengths, paramFormats,
                                   resultFormat)
                  : NULL;
}

int PQconsumeInput(PGconn *conn) { return pq.lib ? pq.consume_input(conn) : 0; }
PGnotify *PQnotifies(PGconn *conn) { return pq.lib ? pq.notifies(conn) : NULL; }
int PQsocket(const PGconn *conn) { return pq.lib ? pq.socket(conn) : -1; }
char *PQgetvalue(const PGresult *res, int tup_num, int field_num)
{
    return pq.lib ? pq.getvalue(res, tup_num, field_num) : NULL;
}
int PQntuples(const PGresult *res) { return pq.lib ? pq.ntuples(res) : 0; }
char *PQresultErrorField(const PGresult *res, int fieldcode)
{
    return pq.lib ? pq.result_error_field(res, fieldcode) : NULL;
}
char *PQresultErrorMessage(const PGresult *res) { return pq.lib ? pq.result_error_message(res) : (char *)""; }
ExecStatusType PQresultStatus(const PGresult *res)
{
    return pq.lib ? pq.result_status(res) : PGRES_FATAL_ERROR;
}
unsigned char *PQunescapeBytea(const unsigned char *strtext, size_t *retbuflen)
{
    return pq.lib ? pq.unescape_bytea(strtext, retbuflen) : NULL;
}
