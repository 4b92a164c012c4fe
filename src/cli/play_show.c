/*
 * play_show.c: what `lnlt play` prints, from the viewer's side view
 * (lnlt_view_json): the map grid, each occupied location with its units, their
 * numbers, state and markers (4.0 Moved/Fired/Ops Complete, 6.x move markers, 5.1
 * shaken and wounded, 8.1 Melee, 10.1 Spotted), weapons, hex markers (Smoke, FFE,
 * foxholes, the terrain counters of 10.5), the units off the map, control and victory points (22.1), the
 * status line with the decision in words, the scenario briefing, the paged list of
 * legal actions, and the log filtered as the viewer may see it, with the words of
 * each paragraph when it is read (1.8).
 */
#include <ctype.h>
#include <jansson.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "cli_game.h"
#include "lnlt/map.h"
#include "lnlt/view.h"
#include "play.h"

static const char *str(const json_t *o, const char *key)
{
    const char *v = json_string_value(json_object_get(o, key));
    return v ? v : "";
}

/* 15.1, 16.0: "facing E5/D6, turret F5/G5; inside #11 Airborne half-squad, ...". */
static void vehicle_line(const play *p, const json_t *u, const json_t *units)
{
    const json_t *x = json_object_get(u, "vehicle");
    if (!x)
        return;
    (void)p;
    printf(" [facing %s", str(x, "facing"));
    if (json_object_get(x, "turret") && strcmp(str(x, "turret"), str(x, "facing")))
        printf(", turret %s", str(x, "turret"));
    const json_t *cmd = json_object_get(x, "commander");
    const json_t *lists[2] = {json_object_get(x, "passengers"), json_object_get(x, "on_top")};
    for (int k = 0; k < 2; k++)
        for (size_t i = 0; i < json_array_size(lists[k]); i++) {
            int id = (int)json_integer_value(json_array_get(lists[k], i));
            printf("%s #%d", i ? "," : k == 0 ? "; inside" : "; on top", id);
            for (size_t j = 0; j < json_array_size(units); j++)
                if (json_integer_value(json_object_get(json_array_get(units, j), "id")) == id) {
                    const json_t *pu = json_array_get(units, j);
                    printf(" %s%s", str(pu, "name"), !strcmp(str(pu, "status"), "shaken") ? " (shaken)" : "");
                }
        }
    if (json_is_integer(cmd)) {
        int id = (int)json_integer_value(cmd);
        printf("; commanded by #%d", id);
        for (size_t j = 0; j < json_array_size(units); j++)
            if (json_integer_value(json_object_get(json_array_get(units, j), "id")) == id)
                printf(" %s", str(json_array_get(units, j), "name"));
    }
    printf("]");
}

/* "#3 Squad 1-6-4 (shaken, Moved, Fired) w0 MG42". */
static void unit_line(const play *p, const json_t *u, const json_t *weapons, const json_t *units)
{
    int side = (int)json_integer_value(json_object_get(u, "side"));
    printf(" %s#%d %s%s", play_col(p, side), (int)json_integer_value(json_object_get(u, "id")), str(u, "name"),
           play_off(p));
    const json_t *marks = json_object_get(u, "markers");
    static const struct {
        const char *key, *words;
    } names[] = {{"shaken", "shaken"},       {"wounded", "wounded"},         {"moved", "Moved"},
                 {"assault_move", "Assault Move"}, {"fired", "Fired"},         {"ops_complete", "Ops Complete"},
                 {"low_crawl", "Low Crawl"}, {"stealth", "Stealth"},         {"hit_and_run", "Hit & Run"},
                 {"melee", "Melee"},         {"spotted", "Spotted"},         {"buttoned", "buttoned"},
                 {"abandoned", "abandoned"}, {"hull_down", "Hull Down"},     {"continuous", "Continuous"}};
    int shown = 0;
    for (size_t k = 0; k < sizeof names / sizeof names[0]; k++) /* in this order: state first */
        for (size_t i = 0; i < json_array_size(marks); i++) {
            const char *m = json_string_value(json_array_get(marks, i));
            if (m && !strcmp(m, names[k].key))
                printf("%s%s", shown++ ? ", " : " (", names[k].words);
        }
    const json_t *skill = json_object_get(u, "skill");
    if (skill)
        printf("%s%s skill", shown++ ? ", " : " (", str(skill, "name"));
    if (shown)
        printf(")");
    vehicle_line(p, u, units);
    const json_t *ws = json_object_get(u, "weapons");
    for (size_t i = 0; i < json_array_size(ws); i++) {
        const char *wid = json_string_value(json_array_get(ws, i));
        for (size_t k = 0; wid && k < json_array_size(weapons); k++) {
            const json_t *w = json_array_get(weapons, k);
            if (strcmp(str(w, "id"), wid))
                continue;
            printf(" +%s %s", wid, str(w, "name"));
            if (!strcmp(str(w, "face"), "back") && strcmp(str(w, "kind"), "mg") == 0)
                printf(" (back)");
            if (json_is_true(json_object_get(w, "jammed")))
                printf(" (jammed)");
        }
    }
}

/* The map as a grid of hexes, drawn like `lnlt map show` (odd-letter columns half
 * a hex lower): each hex shows its id ('=' on a road) and under it either its units (the
 * first letters of the side's name and how many, '!' if one is shaken, '*' if it
 * holds Smoke) or a short terrain name (CAPITALS where it blocks line of sight). */
static void draw_map(const play *p, const json_t *view)
{
    const lnlt_map *m = p->s->ctx.map;
    if (!m)
        return;
    int ncell = lnlt_map_cells(m);
    int *count = calloc((size_t)ncell, sizeof *count), *side = calloc((size_t)ncell, sizeof *side);
    bool *shaken = calloc((size_t)ncell, sizeof *shaken), *smoke = calloc((size_t)ncell, sizeof *smoke);
    bool *wreck = calloc((size_t)ncell, sizeof *wreck), *rubble = calloc((size_t)ncell, sizeof *rubble);
    if (!count || !side || !shaken || !smoke || !wreck || !rubble) {
        free(rubble);
        free(count);
        free(side);
        free(shaken);
        free(smoke);
        free(wreck);
        return;
    }
    const json_t *units = json_object_get(view, "units");
    for (size_t i = 0; i < json_array_size(units); i++) {
        const json_t *u = json_array_get(units, i);
        int loc;
        if (strcmp(str(u, "where"), "map") || !lnlt_location_parse(&p->s->ctx, str(u, "location"), &loc, NULL))
            continue;
        int c = lnlt_loc_cell(loc), s = (int)json_integer_value(json_object_get(u, "side"));
        if (c < 0 || c >= ncell)
            continue;
        count[c]++;
        side[c] = side[c] && side[c] != s ? 3 : s; /* 3: both (melee) */
        shaken[c] |= !strcmp(str(u, "status"), "shaken");
    }
    const json_t *markers = json_object_get(view, "markers");
    for (size_t i = 0; i < json_array_size(markers); i++) {
        const json_t *mk = json_array_get(markers, i);
        int loc;
        if (!lnlt_location_parse(&p->s->ctx, str(mk, "location"), &loc, NULL) || lnlt_loc_cell(loc) < 0 ||
            lnlt_loc_cell(loc) >= ncell)
            continue;
        if (!strncmp(str(mk, "marker"), "smoke", 5))
            smoke[lnlt_loc_cell(loc)] = true;
        if (!strcmp(str(mk, "marker"), "wreck")) /* 1.3: a Wreck */
            wreck[lnlt_loc_cell(loc)] = true;
        if (!strcmp(str(mk, "marker"), "rubble")) /* 15.1.2: a rubbled building */
            rubble[lnlt_loc_cell(loc)] = true;
    }
    const lnlt_tec *tec = lnlt_map_tec(m);
    int cols, rows;
    lnlt_map_extent(m, &cols, &rows);
    for (int y = 0; y < 2 * rows + 3; y++) {
        for (int cx = 0; cx < cols; cx++) {
            int lower = (cx & 1) == 0 ? 1 : 0; /* A, C, E... (index 0, 2, 4) sit lower */
            int row = (y - lower) / 2, part = (y - lower) % 2;
            lnlt_hex h = {(int16_t)cx, (int16_t)row, 0};
            int c = (y - lower) >= 0 ? lnlt_map_index(m, h) : -1;
            if (c < 0 || !lnlt_map_cell_exists(m, c) || lnlt_map_hex_at(m, c).col != cx) {
                printf("       ");
                continue;
            }
            const lnlt_map_hex *x = lnlt_map_cell(m, c);
            if (part == 0) {
                char id[LNLT_HEX_ID_MAX];
                lnlt_hex_format(h, id);
                printf("%-4s%c  ", id, (x->flags & LNLT_HEXF_ROAD) ? '=' : ' ');
            } else if (count[c]) {
                const char *name = side[c] == 3 ? "**" : lnlt_side_name(&p->s->ctx, side[c]);
                printf("%s%c%c%d%c%c%s ", play_col(p, side[c] == 3 ? 0 : side[c]), name[0], name[1] ? name[1] : ' ',
                       count[c] > 9 ? 9 : count[c], shaken[c] ? '!' : ' ', smoke[c] ? '*' : ' ', play_off(p));
            } else if (smoke[c]) {
                printf("smoke* ");
            } else if (wreck[c]) {
                printf("wreck  ");
            } else if (rubble[c]) {
                printf("rubble ");
            } else {
                const lnlt_terrain *t = &tec->t[x->terrain];
                char ab[6] = "";
                for (int k = 0, n = 0; t->id[k] && n < 5 && strcmp(t->id, "clear"); k++)
                    if (t->id[k] != '_')
                        ab[n++] = t->los == LNLT_LOS_BLOCKING ? (char)toupper((unsigned char)t->id[k]) : t->id[k];
                printf("%-5s  ", ab);
            }
        }
        printf("\n");
    }
    printf("Each hex takes two lines: its id ('=' road), and under the id its units (side, how many,\n"
           "'!' if one is shaken, '*' Smoke) or its terrain (CAPITALS block line of sight); the word\n"
           "beside an id is the next column's, half a hex higher or lower.\n");
    free(rubble);
    free(wreck);
    free(count);
    free(side);
    free(shaken);
    free(smoke);
}

static void list_places(const play *p, const json_t *view, const char *where, const char *title)
{
    const json_t *units = json_object_get(view, "units");
    int n = 0;
    for (size_t i = 0; i < json_array_size(units); i++) {
        const json_t *u = json_array_get(units, i);
        if (strcmp(str(u, "where"), where))
            continue;
        if (n++ == 0)
            printf("  %s:", title);
        int side = (int)json_integer_value(json_object_get(u, "side"));
        printf("%s %s#%d %s%s", n > 1 ? "," : "", play_col(p, side), (int)json_integer_value(json_object_get(u, "id")),
               str(u, "name"), play_off(p));
        const json_t *turn = json_object_get(u, "entry_turn");
        if (turn)
            printf(" (turn %d)", (int)json_integer_value(turn));
    }
    if (n)
        printf("\n");
}

static void show_control(const play *p, const json_t *view)
{
    const json_t *control = json_object_get(view, "control"), *vh = json_object_get(view, "victory_hexes");
    if (json_array_size(vh) == 0)
        return;
    printf("  victory hexes:");
    for (size_t i = 0; i < json_array_size(vh); i++) {
        const char *hex = json_string_value(json_array_get(vh, i));
        int owner = 0;
        for (int side = 1; side <= 2; side++) {
            const json_t *list = json_object_get(control, side == 1 ? "1" : "2");
            for (size_t k = 0; k < json_array_size(list); k++)
                if (!strcmp(json_string_value(json_array_get(list, k)), hex))
                    owner = side;
        }
        printf(" %s%s%s%s", play_col(p, owner), hex, owner ? (owner == 1 ? "(1)" : "(2)") : "", play_off(p));
    }
    printf("   [(1)/(2): the side that controls it, 22.1]\n");
    const json_t *vp = json_object_get(view, "vp");
    if (vp)
        printf("  victory points: %s %g, %s %g\n", lnlt_side_name(&p->s->ctx, 1),
               json_real_value(json_object_get(vp, "1")), lnlt_side_name(&p->s->ctx, 2),
               json_real_value(json_object_get(vp, "2")));
}

void play_show_board(const play *p, bool with_map)
{
    json_t *view = lnlt_view_json(p->s, play_viewer(p));
    if (!view)
        return;
    if (with_map) {
        printf("%s%s%s", play_col(p, 0), str(view, "map_name"), play_off(p));
        printf(": %s%s%s against %s%s%s\n", play_col(p, 1), lnlt_side_name(&p->s->ctx, 1), play_off(p), play_col(p, 2),
               lnlt_side_name(&p->s->ctx, 2), play_off(p));
        draw_map(p, view);
    }
    const json_t *units = json_object_get(view, "units"), *weapons = json_object_get(view, "weapons");
    /* each occupied location once, in the order its first unit comes */
    int on_map = 0;
    for (size_t i = 0; i < json_array_size(units); i++) {
        const json_t *u = json_array_get(units, i);
        if (strcmp(str(u, "where"), "map"))
            continue;
        on_map++;
        bool first = true;
        for (size_t k = 0; k < i && first; k++)
            first = strcmp(str(json_array_get(units, k), "location"), str(u, "location")) != 0 ||
                    strcmp(str(json_array_get(units, k), "where"), "map") != 0;
        if (!first)
            continue;
        printf("  %-8s", str(u, "location"));
        for (size_t k = i; k < json_array_size(units); k++) {
            const json_t *v = json_array_get(units, k);
            if (!strcmp(str(v, "where"), "map") && !strcmp(str(v, "location"), str(u, "location")))
                unit_line(p, v, weapons, units);
        }
        printf("\n");
    }
    if (on_map == 0)
        printf("  no units on the map\n");
    int lying = 0;
    for (size_t k = 0; k < json_array_size(weapons); k++) {
        const json_t *w = json_array_get(weapons, k);
        if (json_is_null(json_object_get(w, "holder")) && !strcmp(str(w, "where"), "map"))
            printf("%s %s %s in %s", lying++ ? "," : "  weapons lying:", str(w, "id"), str(w, "name"), str(w, "location"));
    }
    if (lying)
        printf("\n");
    const json_t *markers = json_object_get(view, "markers");
    int nm = 0;
    for (size_t i = 0; i < json_array_size(markers); i++) {
        const json_t *mk = json_array_get(markers, i);
        const char *kind = str(mk, "marker");
        if (!strcmp(kind, "spotted") || !strcmp(kind, "melee"))
            continue; /* shown with the units */
        const char *words = !strcmp(kind, "smoke1") ? "Smoke 1" : !strcmp(kind, "smoke2") ? "Smoke 2"
                          : !strcmp(kind, "ffe")    ? "Fire For Effect"
                          : !strcmp(kind, "foxholes") ? "foxholes"
                          : !strcmp(kind, "wreck")    ? "Wreck"
                          : !strcmp(kind, "rubble")   ? "Rubble"
                          : !strcmp(kind, "bunker")   ? "bunker"
                          : !strcmp(kind, "cave")     ? "cave"
                          : !strcmp(kind, "collapsed_entrance") ? "Collapsed Entrance"
                          : !strcmp(kind, "ford")     ? "Ford"
                          : !strcmp(kind, "roadblock") ? "Roadblock"
                          : !strcmp(kind, "craters")  ? "Craters"
                          : !strcmp(kind, "tree_lined") ? "tree-lined road"
                          : !strcmp(kind, "fire1")    ? "Fire 1"
                          : !strcmp(kind, "fire2")    ? "Fire 2"
                          : !strcmp(kind, "acquisition") ? "Acquisition" : kind;
        printf("%s %s %s", nm++ ? "," : "  markers:", words, str(mk, "location"));
        if (!strcmp(kind, "acquisition"))
            printf(" (-%d, by #%d)", (int)json_integer_value(json_object_get(mk, "level")),
                   (int)json_integer_value(json_object_get(mk, "firer")));
        if (!strcmp(kind, "bunker") || !strcmp(kind, "cave")) /* 21.1, 10.7 */
            printf(" (front %s, TM +%d)", str(mk, "front"), (int)json_integer_value(json_object_get(mk, "tm")));
        if (!strcmp(kind, "craters")) /* 10.5.5 */
            printf(" (+%d)", (int)json_integer_value(json_object_get(mk, "tm")));
    }
    if (nm)
        printf("\n");
    if (with_map)
        list_places(p, view, "off_map", "off the map");
    list_places(p, view, "eliminated", "eliminated");
    if (with_map)
        list_places(p, view, "exited", "exited");
    show_control(p, view);
    json_decref(view);
}

void play_show_status(const play *p)
{
    char status[256];
    cli_status_line(p->s, status, sizeof status);
    lnlt_decision d = lnlt_decision_get(&p->s->ctx, &p->s->state);
    json_t *dec = lnlt_decision_json(p->s); /* the view's "decision", without the rest of the view */
    printf("%s== %s%s\n", play_col(p, d.side), status, play_off(p));
    if (dec && d.kind != LNLT_DECIDE_NONE)
        printf("   %s\n", str(dec, "text"));
    json_decref(dec);
}

void play_show_briefing(const play *p)
{
    json_t *view = lnlt_view_json(p->s, play_viewer(p));
    const json_t *b = json_object_get(view, "briefing");
    if (!b || !json_object_get(b, "title")) {
        printf("this game has no scenario briefing\n");
        json_decref(view);
        return;
    }
    printf("%s%s%s (%s, %s)\n  %s\n  %s\n", play_col(p, 0), str(b, "title"), play_off(p), str(b, "place"), str(b, "date"),
           str(b, "summary"), str(b, "length"));
    const json_t *sides = json_object_get(b, "sides");
    for (size_t i = 0; i < json_array_size(sides); i++) {
        const json_t *s = json_array_get(sides, i);
        int side = (int)json_integer_value(json_object_get(s, "side"));
        printf("  %s%s%s (%s):\n", play_col(p, side), str(s, "name"), play_off(p), str(s, "formation"));
        const json_t *forces = json_object_get(s, "forces");
        for (size_t k = 0; k < json_array_size(forces); k++)
            printf("    - %s: %s\n", str(json_array_get(forces, k), "units"), str(json_array_get(forces, k), "arrival"));
    }
    const json_t *v = json_object_get(b, "victory");
    printf("  Victory: %s\n", str(v, "text"));
    const json_t *pts = json_object_get(v, "points"), *ctl = json_object_get(v, "initial_control");
    for (size_t i = 0; i < json_array_size(pts); i++)
        printf("    - %s\n", json_string_value(json_array_get(pts, i)));
    for (size_t i = 0; i < json_array_size(ctl); i++)
        printf("    - %s\n", json_string_value(json_array_get(ctl, i)));
    const json_t *conds = json_object_get(v, "conditions");
    for (size_t i = 0; i < json_array_size(conds); i++) {
        const json_t *now = json_object_get(json_array_get(conds, i), "now");
        const char *key;
        const json_t *st;
        json_object_foreach((json_t *)now, key, st)
            printf("    now, %s: %s\n", lnlt_side_name(&p->s->ctx, atoi(key)), str(st, "text"));
    }
    const json_t *ssr = json_object_get(b, "special_rules");
    for (size_t i = 0; i < json_array_size(ssr); i++)
        printf("  Special rule %d: %s\n", (int)(i + 1), str(json_array_get(ssr, i), "text"));
    const json_t *ev = json_object_get(b, "event_markers");
    for (size_t i = 0; i < json_array_size(ev); i++) {
        const json_t *e = json_array_get(ev, i);
        printf("  %s%s\n", str(e, "text"), json_is_true(json_object_get(e, "on_map")) ? "" : " (no longer on the map)");
    }
    const json_t *paras = json_object_get(b, "paragraphs");
    for (size_t i = 0; i < json_array_size(paras); i++) {
        const json_t *pa = json_array_get(paras, i);
        printf("  Paragraph %d (read): %s\n", (int)json_integer_value(json_object_get(pa, "number")), str(pa, "text"));
    }
    const json_t *objs = json_object_get(b, "objectives");
    for (size_t i = 0; i < json_array_size(objs); i++) {
        const json_t *o = json_array_get(objs, i);
        printf("  Objective: %s%s%s%s\n", str(o, "text"), json_is_true(json_object_get(o, "revealed")) ? "" : " (hidden)",
               json_object_get(o, "how") ? ": " : "", str(o, "how"));
    }
    json_decref(view);
}

/* The decision's own words (pass, done, stop, no-fire, end-rally) come first, so
 * a long list never hides them. */
static bool key_action(int type)
{
    return type == LNLT_ACT_PASS || type == LNLT_ACT_DONE || type == LNLT_ACT_STOP || type == LNLT_ACT_NO_FIRE ||
           type == LNLT_ACT_END_RALLY;
}

void play_show_actions(play *p, int page)
{
    int n = p->nlegal, k = 0;
    for (int pass = 0; pass < 2; pass++)
        for (int i = 0; i < n; i++)
            if (key_action(p->legal[i].type) == (pass == 0))
                p->order[k++] = i;
    int pages = (n + PLAY_PAGE - 1) / PLAY_PAGE;
    int from = 0, to = n;
    if (page >= 0) {
        if (page >= pages)
            page = pages > 0 ? pages - 1 : 0;
        from = page * PLAY_PAGE;
        to = from + PLAY_PAGE < n ? from + PLAY_PAGE : n;
        p->page = page;
    }
    int width = 0; /* the page's longest command sets the column width */
    for (int j = from; j < to; j++) {
        char text[256];
        lnlt_action_format(&p->s->ctx, &p->legal[p->order[j]], text, sizeof text);
        int len = (int)strlen(text);
        width = len > width ? len : width;
    }
    printf("legal actions");
    if (page >= 0 && pages > 1)
        printf(" (page %d of %d, %d in all)", page + 1, pages, n);
    printf(":");
    for (int j = from; j < to; j++) {
        int i = p->order[j];
        char text[256];
        lnlt_action_format(&p->s->ctx, &p->legal[i], text, sizeof text);
        int col = (j - from) % 3;
        bool last_in_row = col == 2 || j == to - 1;
        printf("%s%3d) %-*s", col ? " " : "\n  ", i + 1, last_in_row ? 0 : width, text);
    }
    printf("\n");
    if (page >= 0 && pages > 1)
        printf("  more: the next page; actions N: page N; actions all: every one (or type the command)\n");
}

void play_print_events(const play *p, int from)
{
    int viewer = play_viewer(p);
    json_t *view = NULL;
    for (int i = from; i < p->s->log.count; i++) {
        const lnlt_event *e = &p->s->log.ev[i];
        if (!lnlt_event_visible(p->s, e, viewer)) {
            if (e->kind == LNLT_EV_ACTION)
                printf("  (%s choose in secret: shown when the melee round is rolled, 8.0)\n",
                       lnlt_side_name(&p->s->ctx, e->side));
            continue;
        }
        char text[LNLT_EVENT_TEXT_MAX + 256];
        lnlt_event_text(e, text, sizeof text);
        printf("  %s\n", text);
        int number;
        if (e->kind == LNLT_EV_CHANGE && !strcmp(e->what, "paragraph") && sscanf(e->text, "paragraph %d", &number) == 1) {
            if (!view)
                view = lnlt_view_json(p->s, viewer);
            const json_t *paras = json_object_get(json_object_get(view, "briefing"), "paragraphs");
            for (size_t k = 0; k < json_array_size(paras); k++) {
                const json_t *pa = json_array_get(paras, k);
                if (json_integer_value(json_object_get(pa, "number")) == number)
                    printf("  %s>> Paragraph %d: %s%s\n", play_col(p, 0), number, str(pa, "text"), play_off(p));
            }
        }
    }
    json_decref(view);
}
