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

int cli_next_line(FILE *in, char **line, char *why, size_t whylen)
{
    *line = NULL;
    char *buf = malloc(CLI_LINE_MAX + 1);
    if (!buf) {
        snprintf(why, whylen, "out of memory");
        return -1;
    }
    size_t n = 0;
    int c, bad = 0;
    long bad_at = 0;
    bool too_long = false;
    while ((c = fgetc(in)) != EOF && c != '\n') {
        if (n >= CLI_LINE_MAX) {
            too_long = true; /* read on to the end of the line, keeping nothing */
            continue;
        }
        /* A NUL or another control byte (tab and a final CR aside) has no place in
         * a command: refuse the line rather than let a C string end early. */
        if (!bad && (c == 0 || ((unsigned char)c < 0x20 && c != '\t' && c != '\r') || c == 0x7f)) {
            bad = c ? c : 0x100;
            bad_at = (long)n + 1;
        }
        buf[n++] = (char)c;
    }
    if (c == EOF && n == 0 && !too_long) {
        free(buf);
        return 0;
    }
    if (n && buf[n - 1] == '\r') /* files written on Windows */
        n--;
    buf[n] = 0;
    if (too_long) {
        free(buf);
        snprintf(why, whylen, "line too long: more than %d bytes", CLI_LINE_MAX);
        return -1;
    }
    for (size_t i = 0; !bad && i < n; i++)
        if (buf[i] == '\r') { /* a CR inside the line */
            bad = '\r';
            bad_at = (long)i + 1;
        }
    if (bad) {
        free(buf);
        snprintf(why, whylen, "control byte 0x%02x at column %ld: commands are plain text", bad & 0xff, bad_at);
        return -1;
    }
    *line = buf;
    return 1;
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
