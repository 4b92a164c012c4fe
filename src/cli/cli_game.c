/*
 * cli_game.c: helpers shared by the game subcommands (see cli_game.h).
 */
#include "cli_game.h"

#include <ctype.h>
#include <dirent.h>
#include <jansson.h>
#include <stdlib.h>
#include <string.h>

#ifndef LNLT_SOURCE_DIR
#define LNLT_SOURCE_DIR "."
#endif

void cli_print_events(FILE *out, const lnlt_events *log, int from, bool json, const char *indent)
{
    for (int i = from; i < log->count; i++) {
        if (json) {
            json_t *o = lnlt_event_json(&log->ev[i]);
            char *text = json_dumps(o, JSON_COMPACT | JSON_PRESERVE_ORDER);
            fprintf(out, "%s\n", text ? text : "{}");
            free(text);
            json_decref(o);
        } else {
            char text[LNLT_EVENT_TEXT_MAX + 256];
            lnlt_event_text(&log->ev[i], text, sizeof text);
            fprintf(out, "%s%s\n", indent ? indent : "", text);
        }
    }
}

bool cli_parse_u64(const char *text, uint64_t *out)
{
    if (!text || !*text)
        return false;
    uint64_t v = 0;
    for (const char *p = text; *p; p++) {
        if (*p < '0' || *p > '9')
            return false;
        uint64_t d = (uint64_t)(*p - '0');
        if (v > (UINT64_MAX - d) / 10)
            return false;
        v = v * 10 + d;
    }
    *out = v;
    return true;
}

char *cli_read_line(FILE *in)
{
    size_t cap = 128, n = 0;
    char *buf = malloc(cap);
    if (!buf)
        return NULL;
    int c;
    while ((c = fgetc(in)) != EOF && c != '\n') {
        if (n + 1 >= cap) {
            char *b = realloc(buf, cap * 2);
            if (!b) {
                free(buf);
                return NULL;
            }
            buf = b;
            cap *= 2;
        }
        buf[n++] = (char)c;
    }
    if (c == EOF && n == 0) {
        free(buf);
        return NULL;
    }
    if (n && buf[n - 1] == '\r') /* files written on Windows */
        n--;
    buf[n] = 0;
    return buf;
}

char *cli_trim(char *s)
{
    while (isspace((unsigned char)*s))
        s++;
    size_t n = strlen(s);
    while (n && isspace((unsigned char)s[n - 1]))
        s[--n] = 0;
    return s;
}

/* The first *.json in dir whose name contains `want` (NULL: any), in name order. */
static bool pick_in(const char *dir, const char *want, char *out, size_t len)
{
    DIR *d = opendir(dir);
    if (!d)
        return false;
    char best[256] = "";
    struct dirent *e;
    while ((e = readdir(d))) {
        size_t n = strlen(e->d_name);
        if (n < 6 || strcmp(e->d_name + n - 5, ".json") || n >= sizeof best)
            continue;
        if (want && !strstr(e->d_name, want))
            continue;
        if (!best[0] || strcmp(e->d_name, best) < 0)
            snprintf(best, sizeof best, "%s", e->d_name);
    }
    closedir(d);
    if (!best[0])
        return false;
    snprintf(out, len, "%s/%s", dir, best);
    return true;
}

bool cli_default_scenario(char *out, size_t len)
{
    const char *dirs[] = {"data/scenarios", LNLT_SOURCE_DIR "/data/scenarios"};
    for (int i = 0; i < 2; i++)
        if (pick_in(dirs[i], "vierville", out, len))
            return true;
    for (int i = 0; i < 2; i++)
        if (pick_in(dirs[i], NULL, out, len))
            return true;
    return false;
}

void cli_status_line(const lnlt_session *s, char *buf, size_t len)
{
    const lnlt_state *st = &s->state;
    lnlt_decision d = lnlt_decision_get(&s->ctx, st);
    if (d.kind == LNLT_DECIDE_NONE) {
        if (st->winner)
            snprintf(buf, len, "game over after turn %d: won by %s", st->turn, lnlt_side_name(&s->ctx, st->winner));
        else
            snprintf(buf, len, "game over after turn %d: draw", st->turn);
        return;
    }
    snprintf(buf, len, "turn %d/%d, %s, initiative %s: %s to act", st->turn, st->last_turn,
             lnlt_phase_name(st->phase), lnlt_side_name(&s->ctx, st->initiative), lnlt_side_name(&s->ctx, d.side));
}
