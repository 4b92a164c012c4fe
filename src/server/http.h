/*
 * http.h: request helpers over civetweb shared by the API handlers: JSON replies
 * and errors (always {"error": "..."}), bounded reads of bodies and query
 * parameters (R-SRV-06), and path parsing (a game id taken from the URL is only
 * compared, never used as a file name).
 */
#ifndef LNLT_SERVER_HTTP_H
#define LNLT_SERVER_HTTP_H

#include <civetweb.h>
#include <stdbool.h>
#include <stddef.h>

#include "server/server.h"

/* One request to the API: over a civetweb connection, or in memory (the fuzz
 * target fuzz/fuzz_http.c calls srv_dispatch with the same handlers, no socket). */
typedef struct srv_http {
    struct mg_connection *mg; /* NULL for a request in memory */
    const char *method, *uri; /* the path as sent (R-SRV-21) */
    const char *query;        /* after '?', or NULL */
    /* in memory only: the body, and the answer the handlers leave */
    const char *body;
    size_t body_len;
    int status;
    char *answer;             /* malloc'd JSON text; for a static file, its path */
    bool answer_is_file;
} srv_http;

/* Sends status and a JSON body (json_t*, consumed). */
void http_json(srv_http *c, int status, void *json);
/* Sends {"error": msg} with status. */
void http_error(srv_http *c, int status, const char *fmt, ...) __attribute__((format(printf, 3, 4)));
/* Sends the file at path (a static file of --web). */
void http_file(srv_http *c, const char *path);

/* Reads the whole body into a JSON object (json_t*); on failure replies 400/413
 * itself and returns NULL. */
void *http_read_json(srv_http *c);
/* A query parameter, decoded, at most len - 1 bytes: 1 found, 0 absent, -1 too
 * long (the caller replies 400). http_query_in: the same in a query string. */
int http_query(const srv_http *c, const char *name, char *out, size_t len);
int http_query_in(const char *query, const char *name, char *out, size_t len);

/* Splits "/api/games/ID/rest": copies ID (at most SRV_ID_LEN + 1 bytes) and points
 * *rest at what follows ("" or "/view"). False when the path has no id. */
bool http_game_path(const char *uri, const char *prefix, char id[SRV_ID_LEN + 2], const char **rest);

/* The HTTP status for a game operation's outcome. */
int http_status(srv_status st);

#endif
