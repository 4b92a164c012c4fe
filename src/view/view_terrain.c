/*
 * view_terrain.c: the terrain counters of 10.5 as view markers (docs/view.md
 * "Markers"): a Ford (10.5.2), a Roadblock (10.5.4) and Craters with their TM
 * (10.5.5), which lie on the game's map from set-up, and a tree-lined road hex
 * (10.5.3), a feature of the map itself; and the Fire markers of the optional
 * fire rule (10.5.6), in the location they burn in.
 */
#include "lnlt/map.h"
#include "view/view_internal.h"

void view_terrain_markers_json(const lnlt_session *s, json_t *arr)
{
    const lnlt_ctx *ctx = &s->ctx;
    char buf[LNLT_HEX_ID_MAX];
    int cells = ctx->map ? lnlt_map_cells(ctx->map) : 0;
    for (int c = 0; c < cells; c++) {
        if (!lnlt_map_cell_exists(ctx->map, c))
            continue;
        const lnlt_map_hex *h = lnlt_map_cell(ctx->map, c);
        if (h->flags & LNLT_HEXF_TREE_LINED)
            json_array_append_new(arr, json_pack("{s:s,s:s,s:s}", "marker", "tree_lined", "location",
                                                 lnlt_cell_name(ctx, c, buf), "rule", "10.5.3"));
        switch (h->counter) {
        case LNLT_HEXC_FORD:
            json_array_append_new(arr, json_pack("{s:s,s:s,s:s}", "marker", "ford", "location",
                                                 lnlt_cell_name(ctx, c, buf), "rule", "10.5.2"));
            break;
        case LNLT_HEXC_ROADBLOCK:
            json_array_append_new(arr, json_pack("{s:s,s:s,s:s}", "marker", "roadblock", "location",
                                                 lnlt_cell_name(ctx, c, buf), "rule", "10.5.4"));
            break;
        case LNLT_HEXC_CRATER1:
        case LNLT_HEXC_CRATER2:
            json_array_append_new(arr, json_pack("{s:s,s:s,s:i,s:s}", "marker", "craters", "location",
                                                 lnlt_cell_name(ctx, c, buf), "tm", lnlt_map_crater_tm(ctx->map, c),
                                                 "rule", "10.5.5"));
            break;
        default:
            break;
        }
    }
    const lnlt_state *st = &s->state;
    for (int i = 0; i < LNLT_MAX_FORTS; i++) {
        const lnlt_fort *f = &st->fort[i];
        if (f->kind != LNLT_FORT_FIRE || f->cell < 0)
            continue;
        int loc = lnlt_location(f->cell, f->value >> 4);
        json_array_append_new(arr, json_pack("{s:s,s:s,s:s}", "marker", (f->value & 0x0F) == 2 ? "fire2" : "fire1",
                                             "location", lnlt_cell_name(ctx, loc, buf), "rule", "10.5.6"));
    }
}
