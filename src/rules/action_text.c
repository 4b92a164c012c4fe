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
#include <strings.h>

#include "lnlt/game.h"
#include "lnlt/map.h"
#include "lnlt/ordnance.h"

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
    /* 10.5.6.3: "put-out H5 #3" */
    {LNLT_ACT_PUT_OUT, "put-out", 1},
};

/* Vehicle and ordnance commands (14.0-17.0): their hexes, then tokens that fill
 * the other arguments: "D6/E5" a faced corner (of the first hex), "v12" a target
 * vehicle (arg2), "g1" a vehicle's second gun or "w3" an ordnance weapon (arg3),
 * "m1" a vehicle MG (arg3), "outside" riders on top (arg3 = 1). */
enum { VX_VERTEX = 1, VX_VERTEX_OPT = 2, VX_V = 4, VX_GUN = 8, VX_MG = 16, VX_OUT = 32, VX_ARGS4 = 64, VX_AM = 128 };
static const struct {
    int type;
    const char *word;
    int hexes;
    unsigned shape;
} vwords[] = {
    {LNLT_ACT_BUTTON, "button", 1, 0},
    {LNLT_ACT_UNBUTTON, "unbutton", 1, 0},
    {LNLT_ACT_SHOOT, "shoot", 2, VX_V | VX_GUN | VX_ARGS4},
    {LNLT_ACT_OPSHOOT, "opshoot", 2, VX_V | VX_GUN | VX_ARGS4},
    {LNLT_ACT_VMG, "mg", 2, VX_V | VX_MG | VX_ARGS4},
    {LNLT_ACT_OPVMG, "opmg", 2, VX_V | VX_MG | VX_ARGS4},
    {LNLT_ACT_FIRE_AT, "fire-at", 2, VX_V | VX_ARGS4},
    {LNLT_ACT_OPFIRE_AT, "opfire-at", 2, VX_V | VX_ARGS4},
    {LNLT_ACT_DRIVE, "drive", 1, 0},
    {LNLT_ACT_DRIVE_ASSAULT, "drive-assault", 1, 0},
    {LNLT_ACT_PIVOT, "pivot", 1, VX_VERTEX},
    {LNLT_ACT_OVERRUN, "overrun", 1, 0},
    {LNLT_ACT_CLOSE_ASSAULT, "close-assault", 2, VX_V | VX_ARGS4},
    {LNLT_ACT_LOAD, "load", 1, VX_V | VX_OUT | VX_ARGS4},
    {LNLT_ACT_UNLOAD, "unload", 1, VX_V | VX_AM | VX_ARGS4}, /* "assault": 16.4 by assault move */
    {LNLT_ACT_HULL_DOWN, "hull-down", 0, 0},
    {LNLT_ACT_CONTINUOUS, "continuous", 0, 0},
    {LNLT_ACT_END_CONTINUOUS, "end-continuous", 0, 0},
    {LNLT_ACT_ABORT_FIRE, "abort", 0, 0},
    {LNLT_ACT_DISEMBARK, "disembark", 0, 0},
    {LNLT_ACT_STAY, "stay", 0, 0},
    {LNLT_ACT_VEHICLE_AF, "vehicle-af", 1, 0},
    {LNLT_ACT_PLACE, "place", 1, VX_VERTEX_OPT},
};

/* Corners by compass point, 0..5 clockwise from the north-east one (lnlt_vertex_of):
 * the name of a corner one of whose neighbours is off the map. */
static const char *const corner_name[LNLT_CORNERS] = {"ne", "e", "se", "sw", "w", "nw"};

/* The corner of hex `at` between the two hex ids of "D6/E5" (or named by its
 * compass point, "e"), or -1. */
static int parse_vertex(const lnlt_ctx *ctx, int at, const char *tok)
{
    for (int k = 0; k < LNLT_CORNERS; k++)
        if (strcasecmp(tok, corner_name[k]) == 0)
            return at >= 0 ? k : -1;
    char a[32], b[32];
    const char *slash = strchr(tok, '/');
    if (!slash || at < 0 || !ctx->map || (size_t)(slash - tok) >= sizeof a)
        return -1;
    memcpy(a, tok, (size_t)(slash - tok));
    a[slash - tok] = 0;
    snprintf(b, sizeof b, "%s", slash + 1);
    lnlt_hex ha, hb;
    if (!lnlt_hex_parse(a, &ha, NULL, 0) || !lnlt_hex_parse(b, &hb, NULL, 0))
        return -1;
    lnlt_hex h = lnlt_map_hex_at(ctx->map, at % LNLT_MAX_CELLS);
    ha.map = hb.map = h.map;
    return lnlt_corner_between(h, ha, hb);
}

static void format_vertex(const lnlt_ctx *ctx, int at, int corner, char *buf, size_t len)
{
    if (!ctx->map || at < 0 || corner < 0 || corner > 5) {
        snprintf(buf, len, "?");
        return;
    }
    lnlt_hex h = lnlt_map_hex_at(ctx->map, at % LNLT_MAX_CELLS);
    int d1, d2;
    lnlt_corner_dirs(corner, &d1, &d2);
    lnlt_hex a = lnlt_hex_neighbor(h, (lnlt_dir)d1), b = lnlt_hex_neighbor(h, (lnlt_dir)d2);
    if (lnlt_map_index(ctx->map, a) < 0 || lnlt_map_index(ctx->map, b) < 0) {
        snprintf(buf, len, "%s", corner_name[corner]); /* at the map's edge */
        return;
    }
    a.map = b.map = 0;
    char ia[LNLT_HEX_ID_MAX], ib[LNLT_HEX_ID_MAX];
    snprintf(buf, len, "%s/%s", lnlt_hex_format(a, ia), lnlt_hex_format(b, ib));
}

static bool parse_vehicle_command(const lnlt_ctx *ctx, const lnlt_state *st, int k, const char *p, lnlt_action *out,
                                  lnlt_error *err);

const char *lnlt_corner_text(const lnlt_ctx *ctx, int loc, int corner, char *buf, size_t len)
{
    format_vertex(ctx, loc, corner, buf, len);
    return buf;
}

const char *lnlt_action_word(int type)
{
    for (size_t i = 0; i < sizeof words / sizeof words[0]; i++)
        if (words[i].type == type)
            return words[i].word;
    for (size_t i = 0; i < sizeof vwords / sizeof vwords[0]; i++)
        if (vwords[i].type == type)
            return vwords[i].word;
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
        /* vehicles and ordnance (14.0-17.0): shots, vehicle MGs, overruns and close assaults too */
        bool vehicle_attack = word && (!strcmp(word, "shoot") || !strcmp(word, "opshoot") || !strcmp(word, "mg") ||
                                       !strcmp(word, "opmg") || !strcmp(word, "overrun") || !strcmp(word, "close-assault"));
        k = word && ((strstr(word, "fire") && strncmp(word, "no-", 3) != 0) || vehicle_attack) ? 2 : 1;
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
    for (size_t i = 0; i < sizeof vwords / sizeof vwords[0]; i++)
        if (!strcmp(word, vwords[i].word))
            return parse_vehicle_command(ctx, st, (int)i, p, out, err);
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

static bool parse_vehicle_command(const lnlt_ctx *ctx, const lnlt_state *st, int k, const char *p, lnlt_action *out,
                                  lnlt_error *err)
{
    const char *word = vwords[k].word;
    unsigned shape = vwords[k].shape;
    char arg[WORD_MAX];
    lnlt_action a;
    memset(&a, 0, sizeof a);
    a.type = (uint8_t)vwords[k].type;
    a.side = lnlt_decision_get(ctx, st).side;
    for (int h = 0; h < vwords[k].hexes; h++) {
        if (!(p = next_word(p, arg, err)))
            return false;
        if (!arg[0])
            return lnlt_error_set(err, "\"%s\" needs %d hex%s (as in \"%s%s\")", word, vwords[k].hexes,
                                  vwords[k].hexes == 1 ? "" : "es", word, vwords[k].hexes == 1 ? " H5" : " H5 J3");
        int cell;
        if (!lnlt_location_parse(ctx, arg, &cell, err))
            return false;
        a.arg[h] = (int16_t)cell;
    }
    a.nargs = (uint8_t)vwords[k].hexes;
    if (shape & VX_ARGS4) {
        a.nargs = 4;
        a.arg[2] = -1; /* no target vehicle: the non-vehicle units */
        a.arg[3] = 0;
    }
    bool vertex = false;
    for (;;) {
        if (!(p = next_word(p, arg, err)))
            return false;
        if (!arg[0])
            break;
        char *end;
        long n = -1;
        if (arg[0] && isdigit((unsigned char)arg[1]))
            n = strtol(arg + 1, &end, 10);
        if (n > 9999)
            n = -1; /* no index is that large: refused below as unexpected */
        int pick;
        if (arg[0] == '#') {
            if (!unit_pick(arg, &pick))
                return lnlt_error_set(err, "\"%s\": expected unit numbers such as #3 after the hexes, not \"%s\"", word,
                                      arg);
            if (pick >= st->unit_count)
                return lnlt_error_set(err, "there is no unit #%d", pick);
            lnlt_bit_set(a.units, pick);
        } else if ((strchr(arg, '/') || parse_vertex(ctx, a.arg[0], arg) >= 0) && (shape & (VX_VERTEX | VX_VERTEX_OPT)) &&
                   !vertex) {
            int c = parse_vertex(ctx, a.arg[0], arg);
            if (c < 0)
                return lnlt_error_set(err, "\"%s\" does not name a corner of the hex: give the two hexes beside it, as "
                                           "in D6/E5, or its compass point (ne, e, se, sw, w, nw) (15.1)", arg);
            a.arg[1] = (int16_t)c;
            a.nargs = 2;
            vertex = true;
        } else if (arg[0] == 'v' && n >= 0 && !*end && (shape & VX_V)) {
            a.arg[2] = (int16_t)n;
        } else if (arg[0] == 'g' && n >= 0 && !*end && (shape & VX_GUN)) {
            a.arg[3] = (int16_t)n;
        } else if (arg[0] == 'w' && n >= 0 && !*end && (shape & VX_GUN)) {
            a.arg[3] = (int16_t)(LNLT_WEAPON_SW + n);
        } else if (arg[0] == 'm' && n >= 0 && !*end && (shape & VX_MG)) {
            a.arg[3] = (int16_t)n;
        } else if (!strcmp(arg, "outside") && (shape & VX_OUT)) {
            a.arg[3] = 1;
        } else if (!strcmp(arg, "assault") && (shape & VX_AM)) {
            a.arg[3] = 1;
        } else if (a.type == LNLT_ACT_PLACE) { /* a corner, then unit numbers only */
            return lnlt_error_set(err, "\"%s\": expected unit numbers such as #3 after the hexes, not \"%s\"", word,
                                  arg);
        } else {
            return lnlt_error_set(err, "\"%s\": unexpected \"%s\"", word, arg);
        }
    }
    if ((shape & VX_VERTEX) && !vertex)
        return lnlt_error_set(err, "\"%s\" needs the corner to face, as in \"%s H5 H6/I5\"", word, word);
    if (a.type == LNLT_ACT_PLACE && !vertex)
        a.nargs = 1;
    *out = a;
    return true;
}

static bool format_vehicle_command(const lnlt_ctx *ctx, const lnlt_action *a, char *buf, size_t len)
{
    for (size_t i = 0; i < sizeof vwords / sizeof vwords[0]; i++) {
        if (vwords[i].type != a->type || (a->type == LNLT_ACT_PLACE && a->nargs < 2))
            continue;
        unsigned shape = vwords[i].shape;
        size_t n = (size_t)snprintf(buf, len, "%s", vwords[i].word);
        for (int k = 0; k < vwords[i].hexes && n < len; k++) {
            char hex[LNLT_HEX_ID_MAX];
            n += (size_t)snprintf(buf + n, len - n, " %s", lnlt_cell_name(ctx, a->arg[k], hex));
        }
        if ((shape & (VX_VERTEX | VX_VERTEX_OPT)) && a->nargs >= 2 && n < len) {
            char v[2 * LNLT_HEX_ID_MAX + 2];
            format_vertex(ctx, a->arg[0], a->arg[1], v, sizeof v);
            n += (size_t)snprintf(buf + n, len - n, " %s", v);
        }
        if ((shape & VX_V) && a->arg[2] >= 0 && n < len)
            n += (size_t)snprintf(buf + n, len - n, " v%d", a->arg[2]);
        if ((shape & VX_GUN) && a->arg[3] >= LNLT_WEAPON_SW && n < len)
            n += (size_t)snprintf(buf + n, len - n, " w%d", a->arg[3] - LNLT_WEAPON_SW);
        else if ((shape & VX_GUN) && a->arg[3] > 0 && n < len)
            n += (size_t)snprintf(buf + n, len - n, " g%d", a->arg[3]);
        if ((shape & VX_MG) && a->arg[3] > 0 && n < len)
            n += (size_t)snprintf(buf + n, len - n, " m%d", a->arg[3]);
        if ((shape & VX_OUT) && a->arg[3] == 1 && n < len)
            n += (size_t)snprintf(buf + n, len - n, " outside");
        if ((shape & VX_AM) && a->arg[3] == 1 && n < len)
            n += (size_t)snprintf(buf + n, len - n, " assault");
        for (int u = 0; u < LNLT_MAX_UNITS && n < len; u++)
            if (lnlt_bit(a->units, u))
                n += (size_t)snprintf(buf + n, len - n, " #%d", u);
        return true;
    }
    return false;
}

void lnlt_action_format(const lnlt_ctx *ctx, const lnlt_action *a, char *buf, size_t len)
{
    if (format_vehicle_command(ctx, a, buf, len))
        return;
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
