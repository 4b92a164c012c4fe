/*
 * api.h: the HTTP handlers of `lnlt serve`, called by server.c's dispatcher with
 * the request's path and method; each replies and returns 1 (handled).
 */
#ifndef LNLT_SERVER_API_H
#define LNLT_SERVER_API_H

#include <civetweb.h>

#include "server/http.h"
#include "server/server.h"

int api_game(srv_http *c, srv_server *srv, const char *uri, const char *method);
int api_scenarios(srv_http *c, srv_server *srv);
/* GET /api/bots: the levels lnlt_bot_levels() knows, for the client's choice. */
int api_bots(srv_http *c);
int api_map(srv_http *c, srv_server *srv, const char *id);
int api_my_games(srv_http *c, srv_server *srv);
/* Static files of --web: only names found when the server started are served. */
bool api_static_load(srv_server *srv, lnlt_error *err);
void api_static_free(srv_server *srv);
int api_static(srv_http *c, srv_server *srv, const char *uri);
void srv_push_register(srv_server *srv);
/* Routes one request to its handler (server.c): civetweb's handler calls it, and
 * so does the fuzz target with a request in memory. */
void srv_dispatch(srv_server *srv, srv_http *h);

#endif
