/*
 * http.c: the request helpers of http.h: JSON replies, JSON errors, bounded body
 * and query reads (R-SRV-06: bodies up to SRV_MAX_BODY, query strings up to
 * SRV_MAX_QUERY, each parameter up to its caller's buffer).
 */
#include "server/http.h"

#include <jansson.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* In memory: keeps the answer (text is consumed). */
static void keep_answer(srv_http *c, int status, char *text, bool is_file)
{
    free(c->answer);
    c->status = status;
    c->answer = text;
    c->answer_is_file = is_file;
}

void http_json(srv_http *c, int status, void *json)
{
    char *text = json_dumps(json, JSON_COMPACT);
    json_decref(json);
    if (!c->mg)
        return keep_answer(c, text ? status : 500, text, false);
    if (!text) {
        mg_send_http_error(c->mg, 500, "%s", "out of memory");
        return;
    }
    /* Head and body in one write, so a kept-alive client never waits on a
     * delayed ACK between them. */
    size_t len = strlen(text);
    char head[256];
    int n = snprintf(head, sizeof head,
                     "HTTP/1.1 %d %s\r\nContent-Type: application/json\r\nContent-Length: %zu\r\n"
                     "Cache-Control: no-store\r\n\r\n",
                     status, mg_get_response_code_text(c->mg, status), len);
    char *all = malloc((size_t)n + len);
    if (!all) {
        free(text);
        mg_send_http_error(c->mg, 500, "%s", "out of memory");
        return;
    }
    memcpy(all, head, (size_t)n);
    memcpy(all + n, text, len);
    free(text);
    mg_write(c->mg, all, (size_t)n + len);
    free(all);
}

void http_file(srv_http *c, const char *path)
{
    if (!c->mg)
        return keep_answer(c, 200, strdup(path), true);
    mg_send_mime_file(c->mg, path, mg_get_builtin_mime_type(path));
}

void http_error(srv_http *c, int status, const char *fmt, ...)
{
    char msg[LNLT_ERROR_MAX + 64];
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(msg, sizeof msg, fmt, ap);
    va_end(ap);
    json_t *text = json_string(msg);
    if (!text) {
        /* Not UTF-8: the message repeats bytes of the request (an id, a query
         * parameter); they become '?' rather than an error without its text. */
        for (unsigned char *p = (unsigned char *)msg; *p; p++)
            if (*p >= 0x80 || *p < 0x20)
                *p = '?';
        text = json_string(msg);
    }
    json_t *o = json_object();
    json_object_set_new(o, "error", text);
    http_json(c, status, o);
}

void *http_read_json(srv_http *c)
{
    long long declared = c->mg ? mg_get_request_info(c->mg)->content_length : (long long)c->body_len;
    if (declared > SRV_MAX_BODY) {
        http_error(c, 413, "the request body is larger than %d bytes", SRV_MAX_BODY);
        return NULL;
    }
    char *buf = malloc(SRV_MAX_BODY + 1);
    if (!buf) {
        http_error(c, 500, "out of memory");
        return NULL;
    }
    size_t len = 0;
    if (!c->mg && c->body_len) {
        memcpy(buf, c->body, c->body_len);
        len = c->body_len;
    }
    while (c->mg) {
        int got = mg_read(c->mg, buf + len, SRV_MAX_BODY + 1 - len);
        if (got <= 0)
            break;
        len += (size_t)got;
        if (len > SRV_MAX_BODY) {
            free(buf);
            http_error(c, 413, "the request body is larger than %d bytes", SRV_MAX_BODY);
            return NULL;
        }
    }
    json_error_t jerr;
    json_t *o = json_loadb(buf, len, JSON_REJECT_DUPLICATES, &jerr);
    free(buf);
    if (!o) {
        http_error(c, 400, "malformed JSON: line %d column %d: %s", jerr.line, jerr.column, jerr.text);
        return NULL;
    }
    if (!json_is_object(o)) {
        json_decref(o);
        http_error(c, 400, "malformed request: expected a JSON object");
        return NULL;
    }
    return o;
}

int http_query(const srv_http *c, const char *name, char *out, size_t len)
{
    return http_query_in(c->query, name, out, len);
}

int http_query_in(const char *query, const char *name, char *out, size_t len)
{
    out[0] = 0;
    if (!query)
        return 0;
    size_t qlen = strlen(query);
    if (qlen > SRV_MAX_QUERY)
        return -1;
    int n = mg_get_var(query, qlen, name, out, len);
    if (n == -1)
        return 0;
    if (n < 0)
        return -1; /* -2: longer than the buffer */
    return 1;
}

bool http_game_path(const char *uri, const char *prefix, char id[SRV_ID_LEN + 2], const char **rest)
{
    size_t p = strlen(prefix);
    if (strncmp(uri, prefix, p))
        return false;
    const char *start = uri + p, *end = strchr(start, '/');
    size_t n = end ? (size_t)(end - start) : strlen(start);
    if (n == 0 || n > SRV_ID_LEN)
        return false;
    memcpy(id, start, n);
    id[n] = 0;
    *rest = end ? end : "";
    return true;
}

int http_status(srv_status st) { return (int)st; }
