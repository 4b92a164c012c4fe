/*
 * ai_board.c: what a computer player knows about a scenario before play (ai.h):
 * the playable hexes and their neighbours, each hex's target modifier (10.4, TEC),
 * line of sight between hexes at ground level (10.3, from the map's precomputed
 * table), what each unit and support weapon is worth, and the goals the victory
 * conditions give each side (22.0, 22.1: hexes to control, exits, objectives,
 * victory points), each with a field of the movement cost (6.0, TEC leg column)
 * from every hex to the goal. All of it is public scenario data.
 */
#include "ai/ai.h"

#include <stdlib.h>
#include <string.h>

#include "lnlt/combat.h"
#include "lnlt/terrain.h"

/* What the unit an objective names is worth beyond its counter (R-AI-81). */
#define NAMED_UNIT_STAKE 20.0f

static float unit_worth(const lnlt_unit_type *t)
{
    const lnlt_unit_face *f = &t->front;
    int ifp = f->ifp > 0 ? f->ifp : 0;
    int morale = f->morale > 0 ? f->morale : 5;
    switch (t->kind) {
    case LNLT_UK_SQUAD: return 6.0f + 2.0f * (float)ifp + (float)(morale - 4);
    case LNLT_UK_HALF_SQUAD: return 3.0f + 2.0f * (float)ifp + 0.5f * (float)(morale - 4);
    case LNLT_UK_CREW: return 4.0f;
    case LNLT_UK_WEAPON_TEAM: return 8.0f;
    case LNLT_UK_LEADER: return 4.0f + 3.0f * (float)(f->lm > 0 ? f->lm : 0) + 0.5f * (float)(morale - 5);
    case LNLT_UK_HERO: return 5.0f + (float)ifp;
    case LNLT_UK_MEDIC:
    case LNLT_UK_CORPSMAN:
    case LNLT_UK_NURSE: return 4.0f;
    case LNLT_UK_COMMISSAR:
    case LNLT_UK_CHAPLAIN:
    case LNLT_UK_ADVISOR: return 4.0f;
    case LNLT_UK_SNIPER:
    case LNLT_UK_MARKSMAN: return 3.0f;
    default: return 3.0f;
    }
}

static float sw_worth(const lnlt_sw_type *t)
{
    int fp = t->front.fp > 0 ? t->front.fp : 1;
    switch (t->kind) {
    case LNLT_SWK_MG: return 1.5f * (float)fp;
    case LNLT_SWK_MORTAR: return 1.5f * (float)fp;
    case LNLT_SWK_FLAMETHROWER: return 3.0f;
    default: return (float)fp;
    }
}

static lnlt_hex hex_of(const ai_board *bd, int cell) { return lnlt_map_hex_at(bd->ctx->map, cell); }

static bool in_zone(const lnlt_ctx *ctx, int zone, lnlt_hex h)
{
    return lnlt_scenario_zone_has(ctx->scenario, zone, (const lnlt_map *const *)&ctx->map, 1, h);
}

/* Half MP for a leg unit to step from a into neighbour b, or -1 if it cannot. */
static int step_cost(const ai_board *bd, int a, int b)
{
    const lnlt_map *m = bd->ctx->map;
    lnlt_hex ha = hex_of(bd, a), hb = hex_of(bd, b);
    int enter = lnlt_map_mp2(m, hb, LNLT_MOVER_LEG);
    int side = lnlt_map_hexside_mp2(m, ha, hb, LNLT_MOVER_LEG);
    if (enter == LNLT_MP_PROHIBITED || side == LNLT_MP_PROHIBITED)
        return -1;
    return enter + side;
}

/* Dijkstra backwards from the hexes of `set`: dist2[x] = cheapest half MP from x
 * into the set. A simple O(cells^2) selection: boards hold a few hundred hexes
 * and this runs a few dozen times per scenario. */
static void distance_field(const ai_board *bd, const uint8_t *set, int16_t *dist2)
{
    bool done[AI_CELLS];
    for (int c = 0; c < bd->cells; c++) {
        dist2[c] = bd->usable[c] && lnlt_bit(set, c) ? 0 : AI_FAR;
        done[c] = false;
    }
    for (;;) {
        int best = -1;
        for (int c = 0; c < bd->cells; c++)
            if (!done[c] && dist2[c] < AI_FAR && (best < 0 || dist2[c] < dist2[best]))
                best = c;
        if (best < 0)
            break;
        done[best] = true;
        for (int k = 0; k < 6; k++) {
            int x = bd->nb[best][k];
            if (x < 0 || done[x])
                continue;
            int cost = step_cost(bd, x, best);
            if (cost < 0)
                continue;
            int d = dist2[best] + cost;
            if (d < dist2[x])
                dist2[x] = (int16_t)d;
        }
    }
}

/* 5.0 and 5.1 averaged over the dice: the attacker's d6 + x against the
 * defender's d6; a positive difference is the DC, and the DC roll (d6 + DC)
 * against Morale 5 shakes (half the unit's worth lost for a while), causes
 * casualties (most of it) or eliminates. */
static void hit_table(ai_board *bd)
{
    for (int x = -12; x <= 12; x++) {
        float loss = 0;
        for (int a = 1; a <= 6; a++)
            for (int d = 1; d <= 6; d++) {
                int dc = a + x - d;
                if (dc <= 0)
                    continue;
                for (int die = 1; die <= 6; die++) {
                    lnlt_dct_result r = lnlt_dct_lookup(LNLT_DCT_GO_MMC, die + dc, 5);
                    loss += r == LNLT_DCT_SHAKEN ? 0.45f : r == LNLT_DCT_CASUALTIES ? 0.75f
                                                       : r == LNLT_DCT_ELIMINATED ? 1.0f : 0.0f;
                }
            }
        bd->hit[x + 12] = loss / 216.0f;
    }
}

static ai_goal *add_goal(ai_board *bd, int kind, int side)
{
    if (bd->goal_count >= AI_GOALS)
        return NULL;
    ai_goal *g = &bd->goal[bd->goal_count++];
    memset(g, 0, sizeof *g);
    g->kind = (uint8_t)kind;
    g->side = (uint8_t)side;
    g->objective = -1;
    return g;
}

static void zone_cells(ai_board *bd, ai_goal *g, int zone)
{
    for (int c = 0; c < bd->cells; c++)
        if (bd->usable[c] && in_zone(bd->ctx, zone, hex_of(bd, c))) {
            lnlt_bit_set(g->cells, c);
            g->hex[g->count++] = (int16_t)c;
        }
}

static void read_goals(ai_board *bd)
{
    const lnlt_scenario *scn = bd->ctx->scenario;
    const lnlt_scn_victory *v = &scn->victory;
    bd->defender = v->condition_count > 0 && v->otherwise >= 0 ? v->otherwise + 1 : 0;
    for (int k = 0; k < v->condition_count; k++) {
        const lnlt_scn_condition *c = &v->condition[k];
        int first = c->side >= 0 ? c->side + 1 : 1, last = c->side >= 0 ? c->side + 1 : 2;
        if (c->side < 0 && v->winner >= 0)
            first = last = v->winner + 1;
        for (int side = first; side <= last; side++) {
            ai_goal *g = NULL;
            switch (c->type) {
            case LNLT_COND_CONTROL:
                if (c->zone < 0 || !(g = add_goal(bd, AI_GOAL_CONTROL, side)))
                    break;
                zone_cells(bd, g, c->zone);
                g->need = (int16_t)(c->count > 0 ? c->count : g->count);
                break;
            case LNLT_COND_EXIT:
                if (c->zone < 0 || !(g = add_goal(bd, AI_GOAL_EXIT, side)))
                    break;
                zone_cells(bd, g, c->zone);
                g->need = c->halves;
                g->leaders = c->leaders;
                break;
            case LNLT_COND_OBJECTIVE: {
                if (c->objective < 0 || c->objective >= scn->objective_count)
                    break;
                const lnlt_scn_objective *o = &scn->objective[c->objective];
                int cell = lnlt_map_index(bd->ctx->map, o->hex);
                if (cell < 0 || !(g = add_goal(bd, AI_GOAL_OBJECTIVE, o->side >= 0 ? o->side + 1 : side)))
                    break;
                g->objective = (int8_t)c->objective;
                lnlt_bit_set(g->cells, cell);
                g->hex[0] = (int16_t)cell;
                g->count = 1;
                g->need = o->turns;
                break;
            }
            case LNLT_COND_ELIMINATE:
                if ((g = add_goal(bd, AI_GOAL_ELIMINATE, side)))
                    g->need = (int16_t)(2 * c->count);
                break;
            case LNLT_COND_ENEMY_BROKEN:
                g = add_goal(bd, AI_GOAL_BREAK, side);
                break;
            default:
                break;
            }
            if (g) {
                g->for_victory = true;
                g->by_turn = c->by_turn;
            }
        }
    }
    for (int k = 0; k < v->vp_count; k++) {
        const lnlt_scn_vp *p = &v->vp[k];
        if (p->vp_for != LNLT_VP_CONTROL || p->zone < 0)
            continue;
        for (int side = 1; side <= 2; side++) {
            if (p->side >= 0 && p->side + 1 != side)
                continue;
            ai_goal *g = add_goal(bd, AI_GOAL_CONTROL, side);
            if (!g)
                break;
            zone_cells(bd, g, p->zone);
            g->vp = p->vp;
        }
    }
    for (int k = 0; k < bd->goal_count; k++) {
        ai_goal *g = &bd->goal[k];
        if (g->count == 0)
            continue;
        distance_field(bd, g->cells, g->dist2);
        for (int c = 0; c < bd->cells; c++) {
            if (!lnlt_bit(g->cells, c) || bd->to_cell[c])
                continue;
            uint8_t one[AI_CELLS / 8] = {0};
            lnlt_bit_set(one, c);
            bd->to_cell[c] = malloc((size_t)bd->cells * sizeof(int16_t));
            if (bd->to_cell[c])
                distance_field(bd, one, bd->to_cell[c]);
        }
    }
    for (int side = 1; side <= 2; side++) {
        for (int c = 0; c < AI_CELLS; c++)
            bd->attract2[side][c] = AI_FAR;
        int owner = side;
        bool any = false;
        for (int k = 0; k < bd->goal_count; k++)
            any |= bd->goal[k].side == side && bd->goal[k].count > 0;
        if (!any)
            owner = lnlt_other_side(side);
        for (int k = 0; k < bd->goal_count; k++) {
            const ai_goal *g = &bd->goal[k];
            if (g->side != owner || g->count == 0)
                continue;
            for (int c = 0; c < bd->cells; c++)
                if (g->dist2[c] < bd->attract2[side][c])
                    bd->attract2[side][c] = g->dist2[c];
        }
    }
}

void ai_board_set_values(ai_board *bd, const lnlt_catalog *cat)
{
    memset(bd->unit_value, 0, sizeof bd->unit_value);
    memset(bd->sw_value, 0, sizeof bd->sw_value);
    for (int t = 0; t < cat->unit_count && t < LNLT_MAX_UNIT_TYPES; t++)
        bd->unit_value[t] = unit_worth(&cat->unit[t]);
    for (int t = 0; t < cat->sw_count && t < LNLT_MAX_SW_TYPES; t++)
        bd->sw_value[t] = sw_worth(&cat->sw[t]);
    /* R-AI-81: the one unit an objective of the victory conditions names (22.0)
     * cannot be replaced; shaken or lost, the objective is lost with him. */
    for (int k = 0; k < bd->goal_count; k++) {
        const ai_goal *g = &bd->goal[k];
        if (g->kind != AI_GOAL_OBJECTIVE || g->objective < 0 || g->objective >= bd->ctx->scenario->objective_count)
            continue;
        int named = bd->ctx->scenario->objective[g->objective].needs_unit;
        if (named >= 0 && named < cat->unit_count && named < LNLT_MAX_UNIT_TYPES)
            bd->unit_value[named] += NAMED_UNIT_STAKE;
    }
}

ai_board *ai_board_new(const lnlt_ctx *ctx)
{
    if (!ctx || !ctx->map || !ctx->scenario || !ctx->catalog)
        return NULL;
    ai_board *bd = calloc(1, sizeof *bd);
    if (!bd)
        return NULL;
    bd->ctx = ctx;
    const lnlt_map *m = ctx->map;
    bd->cells = lnlt_map_cells(m);
    if (bd->cells > AI_CELLS)
        bd->cells = AI_CELLS;
    const lnlt_tec *tec = lnlt_map_tec(m);
    for (int c = 0; c < bd->cells; c++) {
        bd->usable[c] = lnlt_map_cell_exists(m, c) && lnlt_scenario_in_area(ctx->scenario, hex_of(bd, c));
        const lnlt_map_hex *x = lnlt_map_cell(m, c);
        if (bd->usable[c] && x && x->terrain < tec->count) {
            bd->tm[c] = tec->t[x->terrain].tm;
            bd->no_moving_bonus[c] = (tec->t[x->terrain].flags & LNLT_TF_NO_MOVING_BONUS) != 0;
        }
    }
    for (int c = 0; c < bd->cells; c++)
        for (int k = 0; k < 6; k++) {
            bd->nb[c][k] = -1;
            if (!bd->usable[c])
                continue;
            int n = lnlt_map_index(m, lnlt_hex_neighbor(hex_of(bd, c), (lnlt_dir)(k + 1)));
            if (n >= 0 && n < bd->cells && bd->usable[n])
                bd->nb[c][k] = (int16_t)n;
        }
    bd->los = malloc((size_t)bd->cells * (size_t)bd->cells);
    if (!bd->los) {
        free(bd);
        return NULL;
    }
    for (int a = 0; a < bd->cells; a++)
        for (int b = 0; b < bd->cells; b++) {
            uint8_t v = LNLT_LOS_BLOCKED;
            if (bd->usable[a] && bd->usable[b]) {
                lnlt_loc la = {hex_of(bd, a), LNLT_FLOOR_GROUND}, lb = {hex_of(bd, b), LNLT_FLOOR_GROUND};
                if (ctx->los_table) {
                    uint8_t t = lnlt_los_table_get(ctx->los_table, m, la, lb, NULL);
                    v = t == 0xFF ? LNLT_LOS_BLOCKED : (uint8_t)(t & 0x0F);
                } else if (b >= a) {
                    lnlt_los_result r;
                    lnlt_los(m, la, lb, NULL, &r);
                    v = (uint8_t)(r.verdict | (r.degrade > 3 ? 3 : r.degrade) << 2);
                } else {
                    v = bd->los[b * bd->cells + a];
                }
            }
            bd->los[a * bd->cells + b] = v;
        }
    hit_table(bd);
    read_goals(bd);
    ai_board_set_values(bd, ctx->catalog); /* after the goals: R-AI-81 reads them */
    return bd;
}

void ai_board_free(ai_board *b)
{
    if (!b)
        return;
    for (int c = 0; c < AI_CELLS; c++)
        free(b->to_cell[c]);
    free(b->los);
    free(b);
}
