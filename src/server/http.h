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

/* Sends status and a JSON body (json_t*, consumed). */
void http_json(struct mg_connection *c, int status, void *json);
/* Sends {"error": msg} with status. */
void http_error(struct mg_connection *c, int status, const char *fmt, ...) __attribute__((format(printf, 3, 4)));

/* Reads the whole body into a JSON object (json_t*); on failure replies 400/413
 * itself and returns NULL. */
void *http_read_json(struct mg_connection *c);
/* A query parameter, decoded, at most len - 1 bytes: 1 found, 0 absent, -1 too
 * long (the caller replies 400). */
int http_query(const struct mg_connection *c, const char *name, char *out, size_t len);

/* Splits "/api/games/ID/rest": copies ID (at most SRV_ID_LEN + 1 bytes) and points
 * *rest at what follows ("" or "/view"). False when the path has no id. */
bool http_game_path(const char *uri, const char *prefix, char id[SRV_ID_LEN + 2], const char **rest);

/* The HTTP status for a game operation's outcome. */
int http_status(srv_status st);

#endif
