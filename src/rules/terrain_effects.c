/*
 * terrain_effects.c: the effects of the terrain effects charts that depend on
 * where fire comes from rather than on the target hex alone (TEC rows Wall, Hedge,
 * Bocage and Hill; 10.4): the TM of a Wall or Bocage hexside the fire crosses into
 * the target's hex, the Hill's +1 against fire from a lower level, the Hedge that
 * cancels the moving-target bonus, and the -2 a morale check takes behind such
 * cover (1.5.1, 3.0: only when all potential enemy fire would cross the wall, or
 * come uphill), and the tree-lined road's +1 against fire not along the road
 * (10.5.3). The hex's own TM is rules_hex_tm (fire_los.c).
 */
#include <string.h>

#include "rules/internal.h"

/* The line from `from` to `to` as the map traces it, static terrain only: a dynamic
 * obstacle can block a line but never changes which hexsides it crosses. */
static void trace_line(const lnlt_ctx *ctx, int from, int to, lnlt_los_result *out)
{
    lnlt_loc a = {rules_hex(ctx, from), (uint8_t)lnlt_loc_floor(from)};
    lnlt_loc b = {rules_hex(ctx, to), (uint8_t)lnlt_loc_floor(to)};
    lnlt_los(ctx->map, a, b, NULL, out);
}

void rules_line_terrain(const lnlt_ctx *ctx, const lnlt_state *st, int from, int to, bool indirect,
                        rules_line_effects *out)
{
    (void)st;
    memset(out, 0, sizeof *out);
    if (!ctx->map || from < 0 || to < 0 || lnlt_loc_cell(from) == lnlt_loc_cell(to))
        return;
    const lnlt_tec *tec = lnlt_map_tec(ctx->map);
    lnlt_los_result los;
    trace_line(ctx, from, to, &los);
    /* TEC Wall / Bocage: their TM adds to the hex's for fire that crosses them into
     * the target's hex; on the ground only, as they stand half a level high and a
     * unit on an upper floor or a roof is above them (ruling R-TEC-02). Walls and
     * hedges give nothing against indirect fire (TEC, 18.0). */
    if (los.to_side != LNLT_NO_FEATURE && lnlt_loc_floor(to) == LNLT_FLOOR_GROUND) {
        const lnlt_terrain *t = &tec->t[los.to_side];
        if (t->tm > 0 && !(indirect && (t->flags & LNLT_TF_NO_INDIRECT_TM))) {
            out->side_tm = t->tm;
            out->side_name = t->name;
        }
    }
    /* TEC Hill: +1 against direct fire from below the level of the target's hill
     * (ruling R-TEC-01: the firer's level against the hill hex's ground level). */
    int from_level = 0;
    int hill = lnlt_map_level(ctx->map, rules_hex(ctx, to));
    lnlt_loc fl = {rules_hex(ctx, from), (uint8_t)lnlt_loc_floor(from)};
    if (!indirect && hill > 0 && lnlt_map_loc_level(ctx->map, fl, &from_level) && from_level < hill)
        out->hill_tm = tec->hill_tm;
    /* TEC Hedge: direct fire traced across it loses the +1 against a moving target
     * (ruling R-TEC-06: any hedge the line crosses). */
    out->moving_negated = !indirect && (los.crossed_flags & LNLT_TF_CROSS_NO_MOVING_BONUS) != 0;
    /* 10.5.3: a tree-lined road gives +1 to all fire not traced along the road */
    out->tree_tm = rules_tree_lined_tm(ctx, from, to);
}

int rules_line_tm_add(const rules_line_effects *le, lnlt_modifiers *mods)
{
    if (mods && le->side_tm)
        lnlt_mods_add(mods, le->side_tm, le->side_name, "10.4");
    if (mods && le->hill_tm)
        lnlt_mods_add(mods, le->hill_tm, "Hill, fire from below", "10.2");
    if (mods && le->tree_tm)
        lnlt_mods_add(mods, le->tree_tm, "Tree-lined road, fire not along it", "10.5.3");
    return le->side_tm + le->hill_tm + le->tree_tm;
}

/* Could a Wall (or Bocage) or the hill give this location a TM against some fire? */
static bool line_cover_possible(const lnlt_ctx *ctx, int loc)
{
    if (lnlt_loc_floor(loc) != LNLT_FLOOR_GROUND)
        return false;
    lnlt_hex h = rules_hex(ctx, loc);
    if (lnlt_map_level(ctx->map, h) > 0 && lnlt_map_tec(ctx->map)->hill_tm > 0)
        return true;
    if (lnlt_map_cell(ctx->map, lnlt_loc_cell(loc))->flags & LNLT_HEXF_TREE_LINED)
        return true; /* 10.5.3 */
    for (int d = 1; d <= 6; d++) {
        const lnlt_terrain *t = lnlt_map_hexside(ctx->map, h, lnlt_hex_neighbor(h, (lnlt_dir)d));
        if (t && t->tm > 0)
            return true;
    }
    return false;
}

bool rules_mc_cover(const lnlt_ctx *ctx, const lnlt_state *st, int loc, int side)
{
    if (rules_hex_tm(ctx, st, loc, side, NULL) > 0)
        return true;
    if (!ctx->map || loc < 0 || !line_cover_possible(ctx, loc))
        return false;
    /* 3.0 / TEC Wall note: a wall counts only if all potential enemy fire would
     * cross it; an otherwise Clear hill only if all of it would come uphill. The
     * potential fire is that of every enemy unit on the map that sees the location,
     * whatever its state or range; with none, there is no fire to shelter from
     * (ruling R-TEC-05). */
    int enemy[LNLT_MAX_UNITS];
    int n = rules_occupied(st, lnlt_other_side(side), enemy, LNLT_MAX_UNITS), seen = 0;
    for (int i = 0; i < n; i++) {
        lnlt_los_result los;
        if (!rules_los(ctx, st, enemy[i], loc, &los))
            continue;
        rules_line_effects le;
        rules_line_terrain(ctx, st, enemy[i], loc, false, &le);
        if (le.side_tm + le.hill_tm + le.tree_tm <= 0)
            return false;
        seen++;
    }
    return seen > 0;
}

void rules_log_tm(lnlt_step *s, int to, const lnlt_modifiers *parts)
{
    lnlt_event *e = lnlt_events_add(s->log, LNLT_EV_CALC, "10.4", "");
    if (!e)
        return;
    char name[LNLT_HEX_ID_MAX];
    snprintf(e->what, sizeof e->what, "TM of %s", rules_cell(s, to, name));
    snprintf(e->text, sizeof e->text, "the target's terrain and the line of fire (TEC)");
    e->mods = *parts;
    e->total = (int16_t)lnlt_mods_total(parts);
}
