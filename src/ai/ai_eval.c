/*
 * ai_eval.c: the value of a position for one side (ai.h), the judgement every
 * computer player shares. Points, side minus enemy, from:
 *   - material: what each unit and weapon is worth, less for a shaken unit (5.1)
 *     or a wounded leader, a little back when a leader or medic stands with a
 *     shaken unit (3.0, 11.3: likely to rally);
 *   - exposure: how much of each stack the enemy's firepower in range and line
 *     of sight can expect to hurt, given the cover of its hex (5.0, 5.1, 10.4);
 *   - the goals of the victory conditions (22.0, 22.1): hexes held, units exited,
 *     objectives destroyed, VP, the enemy broken, and how far the units are from
 *     the goal hexes still missing, pressing harder as the turns run out;
 *   - readiness: in the Operations Phase, good-order units that may still act.
 * A finished game is worth +-1 (a draw 0); otherwise the points are squashed
 * into (-1, 1) with tanh.
 */
#include "ai/ai.h"

#include <math.h>
#include <string.h>

static const lnlt_unit_type *type_of(const ai_board *bd, const lnlt_unit *u)
{
    const lnlt_catalog *cat = bd->ctx->catalog;
    return u->type >= 0 && u->type < cat->unit_count ? &cat->unit[u->type] : NULL;
}

static int stack_at(ai_scan *sc, int loc, int side)
{
    for (int i = 0; i < sc->nstacks; i++)
        if (sc->stack[i].loc == loc && sc->stack[i].side == side)
            return i;
    if (sc->nstacks >= AI_STACKS)
        return -1;
    ai_stack *s = &sc->stack[sc->nstacks];
    memset(s, 0, sizeof *s);
    s->loc = (int16_t)loc;
    s->side = (uint8_t)side;
    int cell = lnlt_loc_cell(loc);
    if (cell >= 0 && cell < AI_CELLS && sc->stack_of_cell[cell] < 0)
        sc->stack_of_cell[cell] = (int16_t)sc->nstacks;
    return sc->nstacks++;
}

/* 5.3: a good-order unit may fire at a mover unless it is marked Moved, Low
 * Crawl, Hit and Run or Fired; outside the Operations Phase nobody is marked.
 * An Assault Move marker does not bar it: 6.1 lets the unit fire after its
 * move, opportunity fire included, at -2 FP for the stack (R-AI-102). */
static bool may_opfire(const lnlt_state *st, const lnlt_unit *u)
{
    enum { BARRED = LNLT_MARK_MOVED | LNLT_MARK_LOW_CRAWL | LNLT_MARK_HIT_AND_RUN | LNLT_MARK_FIRED };
    return u->status == LNLT_GOOD_ORDER && (st->phase != LNLT_PHASE_OPERATIONS || !(u->marks & BARRED));
}

void ai_scan_position(const ai_board *bd, const lnlt_state *st, ai_scan *out)
{
    out->nstacks = 0;
    for (int c = 0; c < AI_CELLS; c++)
        out->stack_of_cell[c] = -1;
    const lnlt_catalog *cat = bd->ctx->catalog;
    bool ops = st->phase == LNLT_PHASE_OPERATIONS;
    int fp_units[AI_STACKS] = {0};
    bool assault[AI_STACKS] = {false}; /* R-AI-102: a firer here fires after an Assault Move */
    for (int i = 0; i < st->unit_count; i++) {
        const lnlt_unit *u = &st->unit[i];
        const lnlt_unit_type *t = type_of(bd, u);
        if (u->cell < 0 || u->cell >= bd->cells || !t)
            continue;
        int k = stack_at(out, lnlt_unit_loc(u), u->side);
        if (k < 0)
            continue;
        ai_stack *s = &out->stack[k];
        s->units++;
        bool good = u->status == LNLT_GOOD_ORDER;
        float v = bd->unit_value[u->type] * (good ? 1.0f : 0.55f);
        s->value += v;
        if (!good) {
            s->shaken++;
            continue;
        }
        bool mmc = lnlt_unit_kind_is_mmc(t->kind);
        s->mmc_go += mmc;
        if (t->kind == LNLT_UK_LEADER && !(u->flags & LNLT_UNIT_WOUNDED) && t->front.lm > s->lm)
            s->lm = t->front.lm;
        if (t->kind == LNLT_UK_MEDIC || t->kind == LNLT_UK_CORPSMAN || t->kind == LNLT_UK_NURSE)
            s->medic = true;
        /* After an Assault Move a unit may still fire this turn, at 2 FP less
         * (6.1); the threat of its full FP is discounted like a moved unit's. */
        bool fresh = !ops || !(u->marks & (LNLT_MARK_FIRED | LNLT_MARK_MOVED | LNLT_MARK_ASSAULT_MOVE));
        if (t->front.ifp > 0 && t->kind != LNLT_UK_SNIPER) {
            s->fp = (int8_t)(s->fp + t->front.ifp);
            fp_units[k]++;
            if (t->front.range > s->range)
                s->range = t->front.range;
            s->can_fire |= fresh;
            if (may_opfire(st, u)) {
                if (ops && (u->marks & LNLT_MARK_ASSAULT_MOVE))
                    assault[k] = true;
                /* 5.3: an MMC under Ops Complete fires at -1 IFP. */
                s->op_fp = (int8_t)(s->op_fp + t->front.ifp - (u->marks & LNLT_MARK_OPS_COMPLETE ? 1 : 0));
                s->op_firers++;
            }
        }
    }
    /* Support weapons held by good-order units add their FP and range (1.6). */
    for (int w = 0; w < st->sw_count; w++) {
        const lnlt_sw *sw = &st->sw[w];
        if (sw->holder < 0 || sw->holder >= st->unit_count || (sw->flags & (LNLT_SW_USED | LNLT_SW_JAMMED | LNLT_SW_BROKEN)))
            continue;
        const lnlt_unit *u = &st->unit[sw->holder];
        if (u->cell < 0 || u->status != LNLT_GOOD_ORDER || sw->type < 0 || sw->type >= cat->sw_count)
            continue;
        const lnlt_sw_type *wt = &cat->sw[sw->type];
        const lnlt_sw_face *f = (sw->flags & LNLT_SW_BACK_SIDE) ? &wt->back : &wt->front;
        if (f->fp <= 0 || wt->kind == LNLT_SWK_ORDNANCE)
            continue;
        int k = stack_at(out, lnlt_unit_loc(u), u->side);
        if (k < 0)
            continue;
        ai_stack *s = &out->stack[k];
        s->fp = (int8_t)(s->fp + f->fp);
        fp_units[k]++;
        if (f->range > s->range)
            s->range = f->range;
        s->value += bd->sw_value[sw->type];
        s->can_fire |= st->phase != LNLT_PHASE_OPERATIONS || !(u->marks & LNLT_MARK_FIRED);
        if (may_opfire(st, u)) {
            /* 5.3: a machine gun or flamethrower of an Ops Complete holder fires
             * at half its FP, rounded up. */
            bool halved = (u->marks & LNLT_MARK_OPS_COMPLETE) &&
                          (wt->kind == LNLT_SWK_MG || wt->kind == LNLT_SWK_FLAMETHROWER);
            s->op_fp = (int8_t)(s->op_fp + (halved ? (f->fp + 1) / 2 : f->fp));
            s->op_firers++;
            if (st->phase == LNLT_PHASE_OPERATIONS && (u->marks & LNLT_MARK_ASSAULT_MOVE))
                assault[k] = true;
        }
    }
    for (int k = 0; k < out->nstacks; k++) {
        if (fp_units[k] > 0 && out->stack[k].lm > 0)
            out->stack[k].fp = (int8_t)(out->stack[k].fp + out->stack[k].lm);
        if (out->stack[k].op_firers > 0 && out->stack[k].lm > 0)
            out->stack[k].op_fp = (int8_t)(out->stack[k].op_fp + out->stack[k].lm);
        /* 6.1: fire after an Assault Move costs the stack 2 FP. */
        if (assault[k])
            out->stack[k].op_fp = (int8_t)(out->stack[k].op_fp - 2);
    }
}

/* Cover of a location against direct fire: the hex's TM (10.4) and foxholes (21.0). */
static int cover_of(const ai_board *bd, const lnlt_state *st, int cell)
{
    int tm = bd->tm[cell];
    for (int f = 0; f < LNLT_MAX_FORTS; f++)
        if (st->fort[f].kind == LNLT_FORT_FOXHOLES && st->fort[f].cell == cell)
            tm += 1;
    if (lnlt_bit(st->smoke[0], cell) || lnlt_bit(st->smoke[1], cell))
        tm += 1;
    return tm > 4 ? 4 : tm;
}

/* The attack enemy stack e could make on stack s: its expected loss fraction
 * (0 when out of range or sight). */
static float threat(const ai_board *bd, const lnlt_state *st, const ai_stack *e, const ai_stack *s)
{
    int cell = lnlt_loc_cell(s->loc), ec = lnlt_loc_cell(e->loc);
    int range = ai_dist(ec, cell, bd);
    int fp = e->fp;
    if (range > e->range) {
        if (range > 2 * e->range)
            return 0;
        fp = (fp + 1) / 2; /* 5.4 extended range, roughly */
    }
    if (range > 0 && ai_los(bd, ec, cell) == LNLT_LOS_BLOCKED && lnlt_loc_floor(e->loc) == 0 &&
        lnlt_loc_floor(s->loc) == 0)
        return 0;
    int x = fp - cover_of(bd, st, cell) - (range > 0 ? ai_los_degrade(bd, ec, cell) : 0) + (range <= 1 ? 2 : 0);
    return ai_hit(bd, x) * (e->can_fire ? 1.0f : 0.6f);
}

/* The loss `side` may expect from the enemy's fire: each enemy stack fires once,
 * so its threat is shared among the stacks it could hit, in proportion to what
 * it would do to each. */
static float exposure_points(const ai_board *bd, const lnlt_state *st, const ai_scan *sc, int side)
{
    float total = 0;
    for (int k = 0; k < sc->nstacks; k++) {
        const ai_stack *e = &sc->stack[k];
        if (e->side == side || e->fp <= 0)
            continue;
        float sum = 0, weighted = 0;
        for (int j = 0; j < sc->nstacks; j++) {
            const ai_stack *s = &sc->stack[j];
            if (s->side != side)
                continue;
            float d = threat(bd, st, e, s);
            if (d <= 0)
                continue;
            float loss = d * s->value;
            sum += d;
            weighted += d * loss;
        }
        if (sum > 0)
            total += 0.6f * weighted / sum;
    }
    return total;
}

static bool counts_for_control(const lnlt_unit_type *t)
{
    return lnlt_unit_kind_is_mmc(t->kind) || t->kind == LNLT_UK_HERO;
}

static int unit_mf(const lnlt_unit_type *t, const lnlt_unit *u)
{
    int mf = u->status == LNLT_GOOD_ORDER ? t->front.mf : t->back.mf;
    return mf > 0 ? mf : 4;
}

/* A good-order unit of `side` that counts for control stands in the hex. */
static bool garrisoned(const ai_board *bd, const lnlt_state *st, int side, int cell)
{
    for (int i = 0; i < st->unit_count; i++) {
        const lnlt_unit *u = &st->unit[i];
        const lnlt_unit_type *t;
        if (u->cell == cell && u->side == side && u->status == LNLT_GOOD_ORDER && (t = type_of(bd, u)) &&
            counts_for_control(t))
            return true;
    }
    return false;
}

int ai_exit_halves(int kind)
{
    return kind == LNLT_UK_SQUAD || kind == LNLT_UK_WEAPON_TEAM ? 2 : kind == LNLT_UK_HALF_SQUAD || kind == LNLT_UK_CREW ? 1 : 0;
}

static int halves_of(const lnlt_unit_type *t) { return ai_exit_halves(t->kind); }

/* Operations Phases left for a goal due by `by_turn` (0: the last turn). */
static float turns_left(const lnlt_state *st, int by_turn)
{
    int last = by_turn > 0 && by_turn < st->last_turn ? by_turn : st->last_turn;
    int turn = st->phase == LNLT_PHASE_SETUP ? 1 : st->turn;
    bool this_one = st->phase == LNLT_PHASE_SETUP || st->phase == LNLT_PHASE_RALLY || st->phase == LNLT_PHASE_OPERATIONS;
    float left = (float)(last - turn) + (this_one ? 1.0f : 0.0f);
    return left > 0 ? left : 0;
}

/* What being `t` turns of movement from a goal hex costs, `left` turns before
 * it is due: a steady pull toward it, and a steep one when time runs short. */
static float distance_cost(float t, float left, float pull)
{
    if (t > 6)
        t = 6;
    /* Under fire a move takes longer than the map says: half as long again. */
    float late = 1.0f / (1.0f + expf((left - 1.5f * t - 0.5f) / 0.5f));
    return pull * t + 8.0f * late;
}

/* Turns of movement from the nearest good-order unit of catalog type `type`
 * (of `side`) to the nearest hex of the side's control goals (6 when none). */
static float named_unit_to_goals(const ai_board *bd, const lnlt_state *st, int side, int type)
{
    float best = 6.0f;
    for (int k = 0; k < bd->goal_count; k++) {
        const ai_goal *g = &bd->goal[k];
        if (g->side != side || g->kind != AI_GOAL_CONTROL)
            continue;
        for (int i = 0; i < st->unit_count; i++) {
            const lnlt_unit *u = &st->unit[i];
            const lnlt_unit_type *t = type_of(bd, u);
            if (u->side != side || u->type != type || u->cell < 0 || u->cell >= bd->cells || !t ||
                u->status != LNLT_GOOD_ORDER || g->dist2[u->cell] >= AI_FAR)
                continue;
            float turns = (float)g->dist2[u->cell] / (2.0f * (float)unit_mf(t, u));
            if (turns < best)
                best = turns;
        }
    }
    return best;
}

/* R-AI-84: a hidden objective lies where the side has not been yet, and once
 * found it must still be reached and held: the hexes of the side's control goals
 * it has never held are searched, each by a unit of its own (R-AI-61), against a
 * deadline `left` turns away that leaves time for the hold. */
static float search_cost(const ai_board *bd, const lnlt_state *st, int side, float left)
{
    float pts = 0;
    for (int k = 0; k < bd->goal_count; k++) {
        const ai_goal *g = &bd->goal[k];
        if (g->side != side || g->kind != AI_GOAL_CONTROL)
            continue;
        int missing = 0;
        for (int h = 0; h < g->count; h++)
            missing += !lnlt_bit(st->control[side], g->hex[h]);
        if (missing == 0)
            continue;
        float t[AI_CELLS / 4];
        int nt = ai_goal_reach(bd, st, side, g, missing, t, (int)(sizeof t / sizeof t[0]));
        for (int i = 0; i < nt; i++)
            pts += distance_cost(t[i], left, 3.0f);
    }
    return pts;
}

/* The goal's points for its side. */
static float goal_points(const ai_board *bd, const lnlt_state *st, const ai_goal *g, float late)
{
    int side = g->side, enemy = lnlt_other_side(side);
    float pts = 0, left = turns_left(st, g->by_turn);
    switch (g->kind) {
    case AI_GOAL_CONTROL: {
        int held = 0;
        for (int h = 0; h < g->count; h++)
            if (lnlt_bit(st->control[side], g->hex[h])) {
                held++;
                if (garrisoned(bd, st, side, g->hex[h]))
                    pts += 1.5f;
            }
        if (g->vp > 0) {
            pts += 5.0f * (float)g->vp * (float)held;
        } else {
            pts += 6.0f * (float)(held < g->need ? held : g->need);
            if (held >= g->need)
                pts += 4.0f + 10.0f * late;
        }
        /* The goal hexes still missing, nearest first: how soon could a unit be there? */
        int missing = g->vp > 0 ? g->count - held : g->need - held;
        if (missing <= 0)
            break;
        /* Each missing hex by a unit of its own, nearest pairs first: ruling R-AI-61. */
        float t[AI_CELLS / 4];
        int nt = ai_goal_reach(bd, st, side, g, missing, t, (int)(sizeof t / sizeof t[0]));
        /* A VP hex pulls at half the strength of a hex the victory conditions
         * require (R-AI-101: at a quarter, a stack four hexes from the huts sat
         * out a whole turn rather than walk in sight of one enemy squad). */
        for (int i = 0; i < nt; i++)
            pts -= g->vp > 0 ? 0.5f * distance_cost(t[i], left, 3.0f) : distance_cost(t[i], left, 3.0f);
        break;
    }
    case AI_GOAL_EXIT: {
        int halves = 0, leaders = 0;
        bool last_ops = st->phase == LNLT_PHASE_OPERATIONS && left <= 1.0f;
        /* Turns to the exit of the units that could still leave, nearest first. */
        float th[LNLT_MAX_UNITS], tl[LNLT_MAX_UNITS];
        int nh = 0, nl = 0;
        for (int i = 0; i < st->unit_count; i++) {
            const lnlt_unit *u = &st->unit[i];
            const lnlt_unit_type *t = type_of(bd, u);
            if (u->side != side || !t)
                continue;
            bool leader = t->kind == LNLT_UK_LEADER;
            if (u->cell == LNLT_CELL_EXITED) {
                if (!g->by_turn || u->entry_turn <= g->by_turn) {
                    halves += halves_of(t);
                    leaders += leader;
                }
                continue;
            }
            if (u->cell < 0 || u->cell >= bd->cells || (!leader && halves_of(t) == 0))
                continue;
            int d2 = g->dist2[u->cell];
            float turns = d2 >= AI_FAR ? 6.0f : (float)d2 / (2.0f * (float)unit_mf(t, u));
            if (u->status != LNLT_GOOD_ORDER)
                turns += 1.0f;
            /* A unit that has acted this turn moves again only next turn: in the
             * goal's last turn it cannot leave any more, however near it stands
             * (a melee in the exit hex ends the move there, 8.0). */
            if (last_ops && (u->marks & AI_ACTED_MARKS))
                turns = 6.0f;
            if (leader)
                tl[nl++] = turns;
            else
                for (int h = 0; h < halves_of(t); h++)
                    th[nh++] = turns;
        }
        pts += 5.0f * (float)(halves < g->need ? halves : g->need) +
               6.0f * (float)(leaders < g->leaders ? leaders : g->leaders);
        if (halves >= g->need && leaders >= g->leaders)
            pts += 10.0f + 10.0f * late;
        for (int pass = 0; pass < 2; pass++) {
            float *t = pass ? tl : th;
            int n = pass ? nl : nh, want = pass ? g->leaders - leaders : g->need - halves;
            for (int i = 0; i < want; i++) {
                if (i >= n) {
                    pts -= 8.0f; /* not enough units left to make it */
                    continue;
                }
                int m = i;
                for (int j = i + 1; j < n; j++)
                    if (t[j] < t[m])
                        m = j;
                float x = t[m];
                t[m] = t[i];
                pts -= distance_cost(x, left, 3.0f);
            }
        }
        break;
    }
    case AI_GOAL_OBJECTIVE: {
        if (ai_objective_destroyed(st, g->objective)) {
            pts += 25.0f;
            break;
        }
        const lnlt_scn_objective *o = &bd->ctx->scenario->objective[g->objective];
        bool known = !o->hidden || ((st->objectives >> g->objective) & 1);
        if (!known) {
            /* R-AI-01: where a hidden objective lies is not known, but the
             * victory conditions name the unit that must destroy it; that unit
             * goes with the side toward the hexes its other goals send it to,
             * where the objective will be found, so it is at hand when it is. */
            if (o->needs_unit >= 0)
                pts -= distance_cost(named_unit_to_goals(bd, st, side, o->needs_unit), left - 1.0f, 3.0f);
            pts -= search_cost(bd, st, side, left - (float)(o->turns > 0 ? o->turns : 1) - 1.0f);
            break;
        }
        int cell = g->count > 0 ? g->hex[0] : -1;
        /* Held since the turn began: destroyed at its end if nobody acts. */
        if (ai_objective_hold_begun(st, g->objective) && ai_objective_held(bd, st, o, cell, true)) {
            pts += 18.0f;
            break;
        }
        /* There: the hold begins with the next turn, if one is left before the
         * deadline (R-AI-82). */
        if (left >= 2.0f && ai_objective_held(bd, st, o, cell, false)) {
            pts += 9.0f;
            break;
        }
        /* R-AI-87: in the last turn a hold can begin before the deadline, a unit
         * that has acted this turn (laying smoke included, 7.0) moves again only
         * next turn: if it is not in the hex now, it will not be when the hold
         * must begin. Once no whole turn is left for a hold that has not begun,
         * nobody can make it. */
        int hold_turns = o->turns > 0 ? o->turns : 1;
        bool last_chance = st->phase == LNLT_PHASE_OPERATIONS && left < (float)hold_turns + 2.0f;
        bool too_late = left < (float)hold_turns + 1.0f;
        float named = 6.0f, mmc = 6.0f;
        const int16_t *field = bd->to_cell[cell] ? bd->to_cell[cell] : g->dist2;
        for (int i = 0; i < st->unit_count; i++) {
            const lnlt_unit *u = &st->unit[i];
            const lnlt_unit_type *t = type_of(bd, u);
            if (u->side != side || u->cell < 0 || u->cell >= bd->cells || !t || u->status != LNLT_GOOD_ORDER)
                continue;
            float turns = field[u->cell] >= AI_FAR ? 6.0f : (float)field[u->cell] / (2.0f * (float)unit_mf(t, u));
            bool acted = (u->marks & AI_ACTED_MARKS) || (u->flags & LNLT_UNIT_LAID_SMOKE);
            if (too_late || (last_chance && u->cell != cell && acted))
                turns = 6.0f;
            if (o->needs_unit >= 0 && u->type == o->needs_unit && turns < named)
                named = turns;
            if (lnlt_unit_kind_is_mmc(t->kind) && turns < mmc)
                mmc = turns;
        }
        if (o->needs_unit < 0)
            named = 0;
        /* It must be held through a whole turn before the deadline. */
        pts -= distance_cost(named, left - 1.0f, 3.0f) + distance_cost(mmc, left - 1.0f, 3.0f);
        break;
    }
    case AI_GOAL_ELIMINATE: {
        int halves = 0;
        for (int i = 0; i < st->unit_count; i++) {
            const lnlt_unit_type *t = type_of(bd, &st->unit[i]);
            if (t && st->unit[i].side == enemy && st->unit[i].cell == LNLT_CELL_ELIMINATED)
                halves += halves_of(t);
        }
        pts += 4.0f * (float)(halves < g->need ? halves : g->need);
        break;
    }
    case AI_GOAL_BREAK: {
        int standing = 0;
        for (int i = 0; i < st->unit_count; i++) {
            const lnlt_unit *u = &st->unit[i];
            if (u->side == enemy && u->cell >= 0 && u->status == LNLT_GOOD_ORDER)
                standing++;
        }
        pts += standing == 0 ? 20.0f : -1.5f * (float)standing;
        break;
    }
    default:
        break;
    }
    return pts;
}

/* Standing in the way of the enemy's goals: the two nearest good-order units of
 * `side` to each enemy goal (exit hexes, objectives, hexes to take) it does not
 * share. */
static float denial_points(const ai_board *bd, const lnlt_state *st, int side)
{
    float pts = 0;
    for (int k = 0; k < bd->goal_count; k++) {
        const ai_goal *g = &bd->goal[k];
        if (g->side == side || g->count == 0 || g->kind == AI_GOAL_ELIMINATE || g->kind == AI_GOAL_BREAK)
            continue;
        bool shared = false;
        for (int j = 0; j < bd->goal_count && !shared; j++)
            shared = bd->goal[j].side == side && bd->goal[j].kind == g->kind && g->kind == AI_GOAL_CONTROL &&
                     !memcmp(bd->goal[j].cells, g->cells, sizeof g->cells);
        if (shared)
            continue;
        float near[2] = {3.0f, 3.0f};
        for (int i = 0; i < st->unit_count; i++) {
            const lnlt_unit *u = &st->unit[i];
            const lnlt_unit_type *t = type_of(bd, u);
            if (u->side != side || u->cell < 0 || u->cell >= bd->cells || !t || u->status != LNLT_GOOD_ORDER ||
                !counts_for_control(t) || g->dist2[u->cell] >= AI_FAR)
                continue;
            float turns = (float)g->dist2[u->cell] / (2.0f * (float)unit_mf(t, u));
            if (turns < near[0]) {
                near[1] = near[0];
                near[0] = turns;
            } else if (turns < near[1]) {
                near[1] = turns;
            }
        }
        pts -= 0.6f * (near[0] + near[1]);
    }
    return pts;
}

/* VP for eliminated enemy units in a most-VP scenario (22.0; half-squads half). */
static float elimination_vp(const ai_board *bd, const lnlt_state *st, int side)
{
    const lnlt_scn_victory *v = &bd->ctx->scenario->victory;
    float vp = 0;
    for (int k = 0; k < v->vp_count; k++) {
        const lnlt_scn_vp *p = &v->vp[k];
        if (p->vp_for != LNLT_VP_ELIMINATED || (p->side >= 0 && p->side + 1 != side))
            continue;
        for (int i = 0; i < st->unit_count; i++) {
            const lnlt_unit *u = &st->unit[i];
            const lnlt_unit_type *t = type_of(bd, u);
            if (!t || u->side == side || u->cell != LNLT_CELL_ELIMINATED)
                continue;
            bool counts = (p->kinds >> t->kind) & 1;
            if (!counts && t->kind == LNLT_UK_HALF_SQUAD && ((p->kinds >> LNLT_UK_SQUAD) & 1))
                counts = true;
            if (counts)
                vp += t->kind == LNLT_UK_HALF_SQUAD && p->half_for_half_squads ? 0.5f * (float)p->vp : (float)p->vp;
        }
    }
    return vp;
}

static float side_points(const ai_board *bd, const lnlt_state *st, const ai_scan *sc, int side)
{
    const lnlt_catalog *cat = bd->ctx->catalog;
    float pts = 0;
    for (int i = 0; i < st->unit_count; i++) {
        const lnlt_unit *u = &st->unit[i];
        const lnlt_unit_type *t = type_of(bd, u);
        if (u->side != side || !t)
            continue;
        float v = bd->unit_value[u->type];
        if (u->cell >= 0) {
            if (u->status != LNLT_GOOD_ORDER)
                v *= 0.55f;
            if (u->flags & LNLT_UNIT_WOUNDED)
                v *= 0.7f;
            if (u->status == LNLT_GOOD_ORDER && lnlt_unit_kind_is_mmc(t->kind) && !(u->marks & AI_ACTED_MARKS))
                pts += 0.4f;
        } else if (u->cell == LNLT_CELL_NONE) {
            v *= 0.9f; /* still to arrive */
        } else if (u->cell == LNLT_CELL_EXITED) {
            v *= 0.3f;
        } else {
            v = 0;
        }
        pts += v;
    }
    for (int w = 0; w < st->sw_count; w++) {
        const lnlt_sw *sw = &st->sw[w];
        if (sw->holder < 0 || sw->holder >= st->unit_count || (sw->flags & LNLT_SW_USED) || sw->type < 0 ||
            sw->type >= cat->sw_count)
            continue;
        const lnlt_unit *u = &st->unit[sw->holder];
        if (u->side != side || u->cell == LNLT_CELL_ELIMINATED)
            continue;
        float v = bd->sw_value[sw->type];
        if (u->status != LNLT_GOOD_ORDER || (sw->flags & LNLT_SW_BROKEN))
            v *= 0.5f;
        pts += v;
    }
    for (int k = 0; k < sc->nstacks; k++) {
        const ai_stack *s = &sc->stack[k];
        if (s->side != side)
            continue;
        if (s->shaken && (s->lm > 0 || s->medic))
            pts += 1.2f * (float)s->shaken;
        /* Cover is worth something even before the enemy shows up, and a
         * leader's LM lifts the fire and the rallies of the MMCs with him. */
        int cell = lnlt_loc_cell(s->loc);
        pts += 0.1f * (float)bd->tm[cell] * (float)(s->units < 3 ? s->units : 3);
        if (s->lm > 0)
            pts += 0.8f * (float)(s->mmc_go < 3 ? s->mmc_go : 3);
    }
    pts += denial_points(bd, st, side) - exposure_points(bd, st, sc, side);
    pts += ai_overrun_points(bd, st, sc, side);
    float late = st->last_turn ? (float)st->turn / (float)st->last_turn : 0.5f;
    if (late > 1)
        late = 1;
    for (int k = 0; k < bd->goal_count; k++)
        if (bd->goal[k].side == side)
            pts += goal_points(bd, st, &bd->goal[k], late);
    if (bd->ctx->scenario->victory.most_vp_wins)
        pts += 5.0f * elimination_vp(bd, st, side);
    return pts;
}

float ai_evaluate_points(const ai_board *bd, const lnlt_state *st, int side)
{
    if (st->phase == LNLT_PHASE_GAME_OVER)
        return st->winner == side ? 100.0f : st->winner == 0 ? 0.0f : -100.0f;
    ai_scan sc;
    ai_scan_position(bd, st, &sc);
    return side_points(bd, st, &sc, side) - side_points(bd, st, &sc, lnlt_other_side(side));
}

float ai_evaluate(const ai_board *bd, const lnlt_state *st, int side)
{
    if (st->phase == LNLT_PHASE_GAME_OVER)
        return st->winner == side ? 1.0f : st->winner == 0 ? 0.0f : -1.0f;
    return tanhf(ai_evaluate_points(bd, st, side) / AI_POINT_SCALE);
}
