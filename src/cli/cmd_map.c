/*
 * cmd_map.c: `lnlt map show FILE` draws a map in the terminal and `lnlt map svg
 * FILE` writes it as SVG, so players and whoever corrects the reconstructed maps
 * can see what the data says: hex ids, terrain, levels (10.2), buildings, roads,
 * silhouettes (10.3) and hexside walls, hedges, bocage and streams (10.3.2,
 * 10.5.1). Hexes marked reconstructed are flagged in both views.
 */
#include <math.h>
#include <stdio.h>
#include <string.h>

#include "commands.h"
#include "lnlt/map.h"

static const struct {
    const char *id, *abbr, *fill;
} look[] = {
    {"clear", "   ", "#e8e4c0"},       {"road", "rd ", "#d8c8a0"},         {"bridge", "brg", "#c0b090"},
    {"brush", "bru", "#c8d890"},       {"cemetery", "cem", "#b8b8a8"},     {"forest", "FOR", "#3f7a32"},
    {"light_woods", "lw ", "#8fbf6a"}, {"low_crops", "crp", "#e0e090"},    {"marsh", "msh", "#a0c0b0"},
    {"river", "riv", "#6090d0"},       {"hc_building", "HC ", "#a05050"},  {"lc_building", "LC ", "#8a6040"},
    {"wheat_field", "WHT", "#e8c860"}, {"bamboo_hut", "HUT", "#b08850"},   {"kunai_grass", "KUN", "#b8c870"},
    {"rice_paddy", "pad", "#a8d0b8"},  {"heavy_jungle", "HJG", "#2f6a2a"}, {"light_jungle", "ljg", "#7fb060"},
    {"soccer_field", "soc", "#a0d080"}, {"soccer_stands", "std", "#909090"}, {"pool", "pol", "#80b0e0"},
};

static int look_of(const char *id)
{
    for (size_t i = 0; i < sizeof look / sizeof look[0]; i++)
        if (!strcmp(look[i].id, id))
            return (int)i;
    return -1;
}

static bool low_column(int col) { return (col & 1) == 0; }

/* True when the map is a board of several maps: ids then carry map numbers. */
static bool is_board(const lnlt_map *m)
{
    for (int c = 0; c < lnlt_map_cells(m); c++)
        if (lnlt_map_cell_exists(m, c) && lnlt_map_hex_at(m, c).map != lnlt_map_number(m))
            return true;
    return false;
}

static void list_hexsides(const lnlt_map *m, bool board)
{
    const lnlt_tec *tec = lnlt_map_tec(m);
    for (int f = 0; f < tec->count + 1; f++) {
        bool stream = f == tec->count;
        if (!stream && tec->t[f].kind != LNLT_TK_HEXSIDE)
            continue;
        int n = 0;
        for (int c = 0; c < lnlt_map_cells(m); c++) {
            if (!lnlt_map_cell_exists(m, c))
                continue;
            const lnlt_map_hex *h = lnlt_map_cell(m, c);
            for (int k = 0; k < 3; k++) {
                if (stream ? !h->stream[k] : h->side[k] != f)
                    continue;
                lnlt_hex a = lnlt_map_hex_at(m, c), b = lnlt_hex_neighbor(a, (lnlt_dir)(k + 1));
                char sa[LNLT_HEX_ID_MAX], sb[LNLT_HEX_ID_MAX];
                if (!board)
                    a.map = b.map = 0;
                if (!n++)
                    printf("%-10s", stream ? "streams:" : tec->t[f].name);
                printf(" %s/%s", lnlt_hex_format(a, sa), lnlt_hex_format(b, sb));
                if (stream)
                    printf("(%d)", h->stream[k]);
            }
        }
        if (n)
            printf("\n");
    }
}

static int show(const lnlt_map *m)
{
    int cols, rows;
    lnlt_map_extent(m, &cols, &rows);
    const lnlt_tec *tec = lnlt_map_tec(m);
    printf("%s (%s terrain)\n", lnlt_map_name(m), tec->era);
    printf("each hex: id, then terrain (upper case blocks, lower case degrades or is open),\n"
           "level if a hill, '=' road, '*' reconstructed; odd-letter columns sit half a hex lower\n\n");
    int lines = 2 * rows + 3;
    bool board = is_board(m);
    for (int y = 0; y < lines; y++) {
        for (int col = 0; col < cols; col++) {
            /* Hex (col,row) fills lines Y and Y+1, Y = 2*row (+1 for a low column). */
            int off = low_column(col) ? 1 : 0;
            int row = (y - off) / 2, part = (y - off) % 2;
            int c = (y - off) >= 0 ? lnlt_map_cell_at(m, col, row) : -1;
            if (c < 0) {
                printf("       ");
                continue;
            }
            /* The map's own id; on a board of several maps, with its map number. */
            lnlt_hex h = lnlt_map_hex_at(m, c);
            if (!board)
                h.map = 0;
            const lnlt_map_hex *x = lnlt_map_cell(m, c);
            if (part == 0) {
                char id[LNLT_HEX_ID_MAX];
                lnlt_hex_format(h, id);
                printf("%-4.5s%c%c ", id, (x->flags & LNLT_HEXF_ROAD) ? '=' : ' ',
                       (x->flags & LNLT_HEXF_RECONSTRUCTED) ? '*' : ' ');
            } else {
                const lnlt_terrain *t = &tec->t[x->terrain];
                int l = look_of(t->id);
                char ab[4];
                snprintf(ab, sizeof ab, "%s", l >= 0 ? look[l].abbr : t->id);
                if (x->level)
                    printf("%s%d%c  ", ab, x->level, x->nsil ? '~' : ' ');
                else
                    printf("%s %c  ", ab, x->nsil ? '~' : ' ');
            }
        }
        printf("\n");
    }
    printf("\n'~' marks a hex whose art is drawn as silhouettes (LOS is affected only where a line crosses them)\n");
    list_hexsides(m, board);
    for (int b = 0; b < lnlt_map_building_count(m); b++) {
        const lnlt_building *bd = lnlt_map_building(m, b);
        if (bd->nhex < 2 && bd->stories < 2)
            continue;
        printf("building %s: %d hexes, %d storey%s%s:", bd->id, bd->nhex, bd->stories, bd->stories > 1 ? "s" : "",
               bd->roof ? ", usable roof" : "");
        for (int c = 0; c < lnlt_map_cells(m); c++)
            if (lnlt_map_cell_exists(m, c) && lnlt_map_cell(m, c)->building == b) {
                char id[LNLT_HEX_ID_MAX];
                lnlt_hex h = lnlt_map_hex_at(m, c);
                if (!board)
                    h.map = 0;
                printf(" %s", lnlt_hex_format(h, id));
            }
        printf("\n");
    }
    return 0;
}

/* Lattice (lnlt/hex.h) to SVG pixels: a regular hex of radius S. */
#define S 30.0
static double px(double x) { return x * S / 2 + S * 1.5; }
static double py(double y) { return y * S * 0.8660254 + S * 1.5; }

static int svg(const lnlt_map *m)
{
    int cols, rows;
    lnlt_map_extent(m, &cols, &rows);
    const lnlt_tec *tec = lnlt_map_tec(m);
    double w = px(3.0 * cols) + S, hgt = py(2.0 * rows + 2) + S;
    printf("<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"%.0f\" height=\"%.0f\" font-family=\"sans-serif\">\n",
           w, hgt);
    printf("<title>%s</title>\n<rect width=\"100%%\" height=\"100%%\" fill=\"#ffffff\"/>\n", lnlt_map_name(m));
    bool board = is_board(m);
    static const int cx[6] = {1, 2, 1, -1, -2, -1}, cy[6] = {-1, 0, 1, 1, 0, -1};
    for (int c = 0; c < lnlt_map_cells(m); c++) {
        if (!lnlt_map_cell_exists(m, c))
            continue;
        const lnlt_map_hex *x = lnlt_map_cell(m, c);
        const lnlt_terrain *t = &tec->t[x->terrain];
        lnlt_hex g = lnlt_map_hex_at(m, c);
        if (!board)
            g.map = 0;
        lnlt_point p = lnlt_hex_center(lnlt_map_board_hex(m, c));
        int l = look_of(t->id);
        /* With silhouettes, the hex is drawn open and the art on top. */
        const char *fill = x->nsil ? "#e8e4c0" : (l >= 0 ? look[l].fill : "#cccccc");
        printf("<polygon points=\"");
        for (int k = 0; k < 6; k++)
            printf("%.1f,%.1f ", px(p.x + cx[k]), py(p.y + cy[k]));
        printf("\" fill=\"%s\" stroke=\"#777\" stroke-width=\"0.8\"/>\n", fill);
        if (x->level)
            printf("<polygon points=\"%.1f,%.1f %.1f,%.1f %.1f,%.1f\" fill=\"#8b5a2b\" opacity=\"%.2f\"/>\n",
                   px(p.x - 1), py(p.y + 1), px(p.x + 1), py(p.y + 1), px(p.x), py(p.y + 0.6), 0.3 * x->level);
        if (x->flags & LNLT_HEXF_ROAD)
            printf("<circle cx=\"%.1f\" cy=\"%.1f\" r=\"%.1f\" fill=\"#a07840\"/>\n", px(p.x), py(p.y), S / 5);
        char id[LNLT_HEX_ID_MAX];
        lnlt_hex_format(g, id);
        printf("<text x=\"%.1f\" y=\"%.1f\" font-size=\"8\" text-anchor=\"middle\">%s%s</text>\n", px(p.x),
               py(p.y - 0.6), id, (x->flags & LNLT_HEXF_RECONSTRUCTED) ? "*" : "");
        printf("<text x=\"%.1f\" y=\"%.1f\" font-size=\"6\" text-anchor=\"middle\">%s%s</text>\n", px(p.x),
               py(p.y + 0.75), t->name, x->level ? (x->level == 1 ? " L1" : x->level == 2 ? " L2" : " L3") : "");
    }
    /* Silhouettes: the terrain art that LOS checks exactly (10.3). */
    for (int c = 0; c < lnlt_map_cells(m); c++) {
        if (!lnlt_map_cell_exists(m, c))
            continue;
        for (int i = 0; i < lnlt_map_cell(m, c)->nsil; i++) {
            int tid;
            const float *xy;
            int n = lnlt_map_silhouette(m, c, i, &tid, &xy);
            int l = look_of(tec->t[tid].id);
            printf("<polygon points=\"");
            for (int k = 0; k < n; k++)
                printf("%.1f,%.1f ", px(xy[2 * k]), py(xy[2 * k + 1]));
            printf("\" fill=\"%s\" stroke=\"#333\" stroke-width=\"0.6\"/>\n", l >= 0 ? look[l].fill : "#cccccc");
        }
    }
    /* Hexside features. */
    for (int c = 0; c < lnlt_map_cells(m); c++) {
        if (!lnlt_map_cell_exists(m, c))
            continue;
        const lnlt_map_hex *x = lnlt_map_cell(m, c);
        lnlt_hex g = lnlt_map_board_hex(m, c);
        for (int k = 0; k < 3; k++) {
            if (x->side[k] == LNLT_NO_FEATURE && !x->stream[k])
                continue;
            lnlt_hexside s = lnlt_hexside_of(g, (lnlt_dir)(k + 1));
            lnlt_point a, b;
            lnlt_hexside_endpoints(s, &a, &b);
            const char *colour = "#3060d0";
            double width = 3;
            if (x->side[k] != LNLT_NO_FEATURE) {
                const char *fid = tec->t[x->side[k]].id;
                colour = !strcmp(fid, "wall") ? "#404040" : !strcmp(fid, "hedge") ? "#206020" : "#104010";
                width = !strcmp(fid, "bocage") ? 5 : 3.5;
            }
            printf("<line x1=\"%.1f\" y1=\"%.1f\" x2=\"%.1f\" y2=\"%.1f\" stroke=\"%s\" stroke-width=\"%.1f\" "
                   "stroke-linecap=\"round\"/>\n",
                   px(a.x), py(a.y), px(b.x), py(b.y), colour, width);
        }
    }
    printf("</svg>\n");
    return 0;
}

int cmd_map(int argc, char **argv)
{
    if (argc != 3 || (strcmp(argv[1], "show") && strcmp(argv[1], "svg"))) {
        fprintf(stderr, "usage: lnlt map show FILE | lnlt map svg FILE > out.svg\n");
        return 2;
    }
    lnlt_map *m;
    lnlt_error err;
    if (!lnlt_map_load_file(argv[2], &m, &err)) {
        fprintf(stderr, "lnlt map: %s\n", err.msg);
        return 1;
    }
    int rc = !strcmp(argv[1], "show") ? show(m) : svg(m);
    lnlt_map_free(m);
    return rc;
}
