/*
 * action_text.c: actions as short text commands, the form players type, scripts
 * contain and the engine protocol exchanges (docs/cli.md): "pass", "end-rally",
 * "rally H5", "activate H5", "also I4", "fire H5 J3", "move H5", "assault H5",
 * "step I4", "stop", "opfire J3", "no-fire", "done". Hexes are map ids; the side
 * is the one whose decision it is, since commands do not name who issues them.
 */
#include <ctype.h>
#include <stdatomic.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "lnlt/game.h"
#include "lnlt/map.h"

static const struct {
    int type;
    const char *word;
    int hexes;
} words[] = {
    /* 1.6, 1.6.1, 3.0: "pickup H5 w2 #3", "drop H5 w2", "destroy-sw H5 w2", "give H5 w2 #4", "flip H5 w2" */
    {LNLT_ACT_SW_PICKUP, "pickup", 1},  {LNLT_ACT_SW_DROP, "drop", 1}, {LNLT_ACT_SW_DESTROY, "destroy-sw", 1},
    {LNLT_ACT_SW_GIVE, "give", 1},      {LNLT_ACT_SW_FLIP, "flip", 1},     {LNLT_ACT_SW_RETREAT, "retreat", 1},
    {LNLT_ACT_SW_INDIRECT, "indirect", 2},
    {LNLT_ACT_PASS, "pass", 0},         {LNLT_ACT_END_RALLY, "end-rally", 0}, {LNLT_ACT_RALLY, "rally", 1},
    {LNLT_ACT_ACTIVATE, "activate", 1}, {LNLT_ACT_ALSO, "also", 1},           {LNLT_ACT_FIRE, "fire", 2},
    {LNLT_ACT_MOVE, "move", 1},         {LNLT_ACT_ASSAULT, "assault", 1},     {LNLT_ACT_STEP, "step", 1},
    {LNLT_ACT_STOP, "stop", 0},         {LNLT_ACT_DONE, "done", 0},           {LNLT_ACT_OPFIRE, "opfire", 1},
    {LNLT_ACT_NO_FIRE, "no-fire", 0},   {LNLT_ACT_SPOT, "spot", 1},           {LNLT_ACT_PLACE, "place", 1},
    {LNLT_ACT_ENTER, "enter", 1},       {LNLT_ACT_EXIT, "exit", 0},           {LNLT_ACT_CHOOSE, "choose", 0},
    {LNLT_ACT_TARGET, "target", 0},     {LNLT_ACT_MELEE, "melee", 1},         {LNLT_ACT_DOUBLE_TIME, "dt", 1},
    {LNLT_ACT_LOW_CRAWL, "crawl", 1},   {LNLT_ACT_ASSAULT_FIRE, "assault-fire", 2},
    {LNLT_ACT_RECOMBINE, "recombine", 1},
    /* 7.0, 11.3, 11.4: "smoke H6 #2", "sniper K3 #9", "snipe K3 H5 #9", "tend H5 #4" */
    {LNLT_ACT_SMOKE, "smoke", 1},       {LNLT_ACT_SNIPER, "sniper", 1},       {LNLT_ACT_SNIPE, "snipe", 2},
    {LNLT_ACT_TEND, "tend", 1},         {LNLT_ACT_FIGHT_OR_DIE, "fight-or-die", 1},  {LNLT_ACT_CALL_FIRE, "call-fire", 1}, {LNLT_ACT_SHIFT_FIRE, "ffe", 1},
    {LNLT_ACT_WITHDRAW, "withdraw", 1}, {LNLT_ACT_STEALTH, "stealth", 1}, {LNLT_ACT_STEALTH_ASSAULT, "stealth-assault", 1},
    {LNLT_ACT_STEALTH_ASSAULT_FIRE, "stealth-assault-fire", 2}, {LNLT_ACT_DECISIVE, "decisive", 1},
    {LNLT_ACT_THE_AMBUSH, "the-ambush", 1},     {LNLT_ACT_HIT_AND_RUN, "hit-and-run", 1},
    {LNLT_ACT_HR_FIRE, "hr-fire", 1},          {LNLT_ACT_DISMOUNT, "dismount", 0},
    {LNLT_ACT_OPP_MOVE, "opp-move", 1},        {LNLT_ACT_OPP_HIT_AND_RUN, "opp-hit-and-run", 1},
    {LNLT_ACT_MORTAR_CALL, "call-mortar", 2},
    /* 6.1, 6.1.1 with 6.2: "assault-dt H5", "assault-fire-dt H5 J3" */
    {LNLT_ACT_ASSAULT_DT, "assault-dt", 1},    {LNLT_ACT_ASSAULT_FIRE_DT, "assault-fire-dt", 2},
    /* 8.1.1: "withdraw-assault H6", "withdraw-dt H6", "withdraw-crawl H6", ... */
    {LNLT_ACT_WITHDRAW_ASSAULT, "withdraw-assault", 1}, {LNLT_ACT_WITHDRAW_DT, "withdraw-dt", 1},
    {LNLT_ACT_WITHDRAW_CRAWL, "withdraw-crawl", 1},     {LNLT_ACT_WITHDRAW_STEALTH, "withdraw-stealth", 1},
    {LNLT_ACT_WITHDRAW_HIT_AND_RUN, "withdraw-hit-and-run", 1},
    /* 22.0: "join #4" adds a unit to the group gathered to enter */
    {LNLT_ACT_JOIN, "join", 0},
    /* 4.0: "gather H6 #3" starts a group out of a large stack, "cancel" drops it */
    {LNLT_ACT_GATHER, "gather", 1}, {LNLT_ACT_CANCEL, "cancel", 0},
};

const char *lnlt_action_word(int type)
{
    for (size_t i = 0; i < sizeof words / sizeof words[0]; i++)
        if (words[i].type == type)
            return words[i].word;
    return NULL;
}

bool lnlt_action_is_attack(int type)
{
    /* Judged from the command word, so a new fire action counts without a change
     * here: a word naming fire, "no-fire" aside. Each type's answer is worked out
     * once and kept (0 unknown, 1 no, 2 yes); threads that race store the same. */
    static atomic_uchar known[256];
    if (type < 0 || type > 255)
        return false;
    unsigned char k = atomic_load_explicit(&known[type], memory_order_relaxed);
    if (!k) {
        const char *word = lnlt_action_word(type);
        k = word && strstr(word, "fire") && strncmp(word, "no-", 3) != 0 ? 2 : 1;
        atomic_store_explicit(&known[type], k, memory_order_relaxed);
    }
    return k == 2;
}

/* Weapon actions name a support weapon after their hex, written "w3" (its index in
 * lnlt_state.sw). */
static bool names_sw(int type) { return type >= LNLT_ACT_SW_PICKUP && type <= LNLT_ACT_SW_FLIP; }

#define WORD_MAX 32 /* longest word of a command, with its terminating NUL */

/* Copies the next blank-separated word of p, lower-cased, into buf (WORD_MAX
 * bytes). Returns the position after it, or NULL when the word is too long or
 * holds a control byte: such a command is refused whole, never cut short. */
static const char *next_word(const char *p, char *buf, lnlt_error *err)
{
    size_t n = 0;
    while (*p == ' ' || *p == '\t')
        p++;
    const char *start = p;
    while (*p && *p != ' ' && *p != '\t') {
        unsigned char c = (unsigned char)*p;
        if (c < 0x20 || c == 0x7f) {
            lnlt_error_set(err, "control byte 0x%02x in the command: commands are plain text", c);
            return NULL;
        }
        if (n + 1 >= WORD_MAX) {
            lnlt_error_set(err, "word \"%.12s...\" is too long (a word has at most %d characters)", start,
                           WORD_MAX - 1);
            return NULL;
        }
        buf[n++] = (char)tolower(c);
        p++;
    }
    buf[n] = 0;
    return p;
}

/* "#12": a unit number as the state lists them (1 to 3 digits, nothing else). */
static bool unit_pick(const char *word, int *unit)
{
    size_t n = strlen(word);
    if (word[0] != '#' || n < 2 || n > 4)
        return false;
    int v = 0;
    for (size_t i = 1; i < n; i++) {
        if (word[i] < '0' || word[i] > '9')
            return false;
        v = v * 10 + (word[i] - '0');
    }
    *unit = v;
    return true;
}

bool lnlt_action_parse(const lnlt_ctx *ctx, const lnlt_state *st, const char *text, lnlt_action *out,
                       lnlt_error *err)
{
    char word[WORD_MAX], arg[WORD_MAX];
    const char *p = next_word(text, word, err);
    if (!p)
        return false;
    if (!word[0])
        return lnlt_error_set(err, "empty command");
    for (size_t i = 0; i < sizeof words / sizeof words[0]; i++) {
        if (strcmp(word, words[i].word))
            continue;
        lnlt_action a;
        memset(&a, 0, sizeof a);
        a.type = (uint8_t)words[i].type;
        a.side = lnlt_decision_get(ctx, st).side;
        for (int k = 0; k < words[i].hexes; k++) {
            if (!(p = next_word(p, arg, err)))
                return false;
            if (!arg[0])
                return lnlt_error_set(err, "\"%s\" needs %d hex%s (as in \"%s%s\")", word, words[i].hexes,
                                      words[i].hexes == 1 ? "" : "es", word, words[i].hexes == 1 ? " H5" : " H5 J3");
            int cell = -1; /* set by a parse that succeeds (gcc -flto cannot see it) */
            if (!lnlt_location_parse(ctx, arg, &cell, err)) /* "H5", "H5:upper", "H5:roof" */
                return false;
            a.arg[k] = (int16_t)cell;
            a.nargs++;
        }
        if (names_sw(words[i].type)) {
            if (!(p = next_word(p, arg, err)))
                return false;
            char *end;
            long w = arg[0] == 'w' && arg[1] >= '0' && arg[1] <= '9' ? strtol(arg + 1, &end, 10) : -1;
            if (w < 0 || *end || w >= st->sw_count)
                return lnlt_error_set(err, "\"%s\" needs a support weapon such as w0 after the hex, not \"%s\"", word,
                                      arg);
            a.arg[a.nargs++] = (int16_t)w;
        }
        /* Optional unit picks: "#3 #7" (unit numbers as listed by the state). */
        for (;;) {
            if (!(p = next_word(p, arg, err)))
                return false;
            if (!arg[0])
                break;
            int u;
            if (!unit_pick(arg, &u))
                return lnlt_error_set(err, "\"%s\": expected unit numbers such as #3 after the hexes, not \"%s\"", word,
                                      arg);
            if (u >= st->unit_count)
                return lnlt_error_set(err, "there is no unit #%d", u);
            lnlt_bit_set(a.units, u);
        }
        *out = a;
        return true;
    }
    return lnlt_error_set(err, "unknown command \"%s\"", word);
}

void lnlt_action_format(const lnlt_ctx *ctx, const lnlt_action *a, char *buf, size_t len)
{
    for (size_t i = 0; i < sizeof words / sizeof words[0]; i++) {
        if (words[i].type != a->type)
            continue;
        size_t n = (size_t)snprintf(buf, len, "%s", words[i].word);
        for (int k = 0; k < words[i].hexes && k < a->nargs && n < len; k++) {
            char hex[LNLT_HEX_ID_MAX];
            n += (size_t)snprintf(buf + n, len - n, " %s", lnlt_cell_name(ctx, a->arg[k], hex));
        }
        if (names_sw(words[i].type) && a->nargs > words[i].hexes && n < len)
            n += (size_t)snprintf(buf + n, len - n, " w%d", a->arg[words[i].hexes]);
        for (int u = 0; u < LNLT_MAX_UNITS && n < len; u++)
            if (lnlt_bit(a->units, u))
                n += (size_t)snprintf(buf + n, len - n, " #%d", u);
        return;
    }
    snprintf(buf, len, "action-%d", a->type);
}
