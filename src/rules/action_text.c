/*
 * action_text.c: actions as short text commands ("pass", "end-rally"), the form
 * players type, scripts contain and the engine protocol exchanges (docs/cli.md).
 * Parsing fills in the side from the current decision, since text commands do not
 * name who issues them.
 */
#include <ctype.h>
#include <stdio.h>
#include <string.h>

#include "lnlt/game.h"

static const struct {
    int type;
    const char *word;
} words[] = {
    {LNLT_ACT_PASS, "pass"},
    {LNLT_ACT_END_RALLY, "end-rally"},
};

bool lnlt_action_parse(const lnlt_ctx *ctx, const lnlt_state *st, const char *text, lnlt_action *out,
                       lnlt_error *err)
{
    char word[32];
    size_t n = 0;
    while (isspace((unsigned char)*text))
        text++;
    while (*text && !isspace((unsigned char)*text) && n + 1 < sizeof word)
        word[n++] = (char)tolower((unsigned char)*text++);
    word[n] = 0;
    while (isspace((unsigned char)*text))
        text++;
    if (!n)
        return lnlt_error_set(err, "empty command");
    for (size_t i = 0; i < sizeof words / sizeof words[0]; i++) {
        if (strcmp(word, words[i].word))
            continue;
        if (*text)
            return lnlt_error_set(err, "\"%s\" takes no arguments (got \"%s\")", word, text);
        memset(out, 0, sizeof *out);
        out->type = (uint8_t)words[i].type;
        out->side = lnlt_decision_get(ctx, st).side;
        return true;
    }
    return lnlt_error_set(err, "unknown command \"%s\"", word);
}

void lnlt_action_format(const lnlt_ctx *ctx, const lnlt_action *a, char *buf, size_t len)
{
    (void)ctx;
    for (size_t i = 0; i < sizeof words / sizeof words[0]; i++)
        if (words[i].type == a->type) {
            snprintf(buf, len, "%s", words[i].word);
            return;
        }
    snprintf(buf, len, "action-%d", a->type);
}
