/*
 * movement.c: moving a stack hex by hex (rules 6.0 movement and its minimum
 * move, 6.1 assault movement, 1.3 stacking while moving, 5.1 shaken units may not
 * advance on an enemy they see), and the opportunity-fire window that follows
 * every hex entered (5.3): the other side may fire from each eligible hex, as many
 * attacks as the movers spent MP there (and a weapon team's own attack), before
 * the stack moves on. Also the move modes of 6.1.1-6.4.2, double time with assault
 * moves and assault fire (6.2), a stack mixing a move and an assault move (6.0),
 * the low crawl's need of a hex to crawl into (6.3), and the Versatile skill's
 * melee after assault fire (12.0). What each step costs, and why one may not be
 * taken, is step_cost.c's.
 */
#include <stdlib.h>
#include <string.h>

#include "rules/internal.h"

int rules_movers(const lnlt_ctx *ctx, const lnlt_state *st, int from, int *out, int cap)
{
    int n = 0;
    if (!rules_impulse_may_move(st, from))
        return 0; /* 4.0, 6.0: the hex's movers have gone, together */
    if (rules_in_melee(st, from))
        return 0; /* 8.1: locked in melee (withdrawal is not played yet) */
    int here[LNLT_MAX_UNITS];
    int nh = rules_units_in(st, from, 0, here, LNLT_MAX_UNITS); /* the index: the units there, in order */
    for (int k = 0; k < nh; k++) {
        int i = here[k];
        const lnlt_unit *u = &st->unit[i];
        if (!lnlt_bit(st->activated, i) || (u->flags & LNLT_UNIT_ACTIVATED))
            continue;
        if (rules_is_vehicle(ctx, u))
            continue; /* 15.1: vehicles drive on their own (vehicle_move.c) */
        if (rules_face(ctx, u)->mf <= 0)
            continue;
        if (n < cap)
            out[n] = i;
        n++;
    }
    return n;
}

/* 6.1, 12.0: may the unit assault-move, its stack starting from `hex`: its own
 * red box, or a good-order Assaulter leader in that hex (not for weapon teams;
 * he need not move with them). */
static bool assault_capable(const lnlt_ctx *ctx, const lnlt_state *st, int unit, int hex)
{
    const lnlt_unit *u = &st->unit[unit];
    if (rules_face(ctx, u)->flags & LNLT_UF_ASSAULT_MOVE)
        return true;
    return rules_type(ctx, u)->kind != LNLT_UK_WEAPON_TEAM &&
           rules_stack_skill(ctx, st, hex, u->side, LNLT_SE_GRANT_ASSAULT_MOVE, NULL) > 0;
}

bool rules_assault_capable(const lnlt_ctx *ctx, const lnlt_state *st, int unit, int hex)
{
    return rules_is_leader(ctx, &st->unit[unit]) || assault_capable(ctx, st, unit, hex);
}

/* In an assault move, does the unit move as an assault mover (half MF, marked
 * Assault Move; a leader with them too) or, not being able to, by a normal move
 * with the stack (6.0: a stack may mix the two)? */
static bool moves_by_assault(const lnlt_ctx *ctx, const lnlt_state *st, int unit)
{
    return rules_is_leader(ctx, &st->unit[unit]) || assault_capable(ctx, st, unit, st->move.origin);
}

/* 6.2: the best printed MF of a good-order leader of the unit's IB moving with
 * the stack, or 0 when none is (any more: a leader shaken on the way stops, and
 * the others no longer double-time). */
static int double_time_leader_mf(const lnlt_ctx *ctx, const lnlt_state *st, const lnlt_unit *u)
{
    int best = 0, m[LNLT_MAX_UNITS];
    int n = rules_unit_bits(st->move.units, st->unit_count, m);
    for (int k = 0; k < n; k++) {
        const lnlt_unit *l = &st->unit[m[k]];
        if (rules_is_leader(ctx, l) && rules_is_good(l) && rules_same_ib(ctx, l, u) && rules_type(ctx, l)->front.mf > best)
            best = rules_type(ctx, l)->front.mf;
    }
    return best;
}

int rules_mp2_allowance(const lnlt_ctx *ctx, const lnlt_state *st, int unit)
{
    const lnlt_unit *u = &st->unit[unit];
    if (rules_is_vehicle(ctx, u)) /* 15.0, 15.2 */
        return rules_vehicle_allowance2(ctx, st, unit, rules_vehicle_move(st) ? st->move.mode : LNLT_MV_VEHICLE);
    int mf = rules_rider_mf(ctx, st, unit, rules_face(ctx, u)->mf); /* 6.6: SMCs ride with MUs */
    if (mf < 0)
        mf = 0;
    if ((u->flags & LNLT_UNIT_LAID_SMOKE) && mf > 0)
        mf--; /* 7.0: MF -1 for the turn after laying smoke */
    if ((st->move.mode == LNLT_MV_DOUBLE_TIME || st->move.double_time) && lnlt_unit_kind_is_mmc(rules_type(ctx, u)->kind)) {
        /* 6.2: +2 MF (+1 when shaken), never beyond the leader's printed MF */
        int lead = double_time_leader_mf(ctx, st, u);
        if (lead > 0) {
            mf += rules_is_good(u) ? 2 : 1;
            if (mf > lead)
                mf = lead;
        }
    }
    if ((st->move.mode == LNLT_MV_ASSAULT && moves_by_assault(ctx, st, unit)) || st->move.mode == LNLT_MV_ASSAULT_FIRE ||
        st->move.mode == LNLT_MV_STEALTH_ASSAULT || st->move.mode == LNLT_MV_STEALTH_ASSAULT_FIRE ||
        st->move.mode == LNLT_MV_HIT_AND_RUN)
        mf = (mf + 1) / 2; /* 6.1, 6.1.1, 6.4.1, 6.4.2, 6.7: half the MF, rounded up */
    mf -= rules_sw_mp_penalty(ctx, st, unit); /* 1.6: an SMC carrying a weapon, after any halving (1.6.1) */
    return 2 * (mf > 0 ? mf : 0);
}

/* What the stack may still spend: the least any mover has left. */
int rules_stack_mp2_left(const lnlt_ctx *ctx, const lnlt_state *st)
{
    int left = 255, m[LNLT_MAX_UNITS];
    int n = rules_unit_bits(st->move.units, st->unit_count, m);
    for (int k = 0; k < n; k++) {
        int l = rules_mp2_allowance(ctx, st, m[k]) - st->unit[m[k]].mp2;
        if (l < left)
            left = l;
    }
    return left == 255 ? 0 : left;
}

bool rules_can_assault(const lnlt_ctx *ctx, const lnlt_state *st, const int *m, int n)
{
    if (n <= 0)
        return false;
    /* 6.0: units that cannot assault-move may go along by a normal move; one unit
     * (not only a leader) must assault-move */
    bool capable_mmc = false;
    for (int i = 0; i < n; i++) {
        const lnlt_unit *u = &st->unit[m[i]];
        if (!rules_is_good(u))
            return false;
        capable_mmc |= !rules_is_leader(ctx, u) && assault_capable(ctx, st, m[i], lnlt_unit_loc(u));
    }
    /* 6.1: a leader assault-moves with assault-capable units of his IB */
    for (int i = 0; i < n; i++) {
        const lnlt_unit *l = &st->unit[m[i]];
        if (!rules_is_leader(ctx, l) || (rules_face(ctx, l)->flags & LNLT_UF_ASSAULT_MOVE))
            continue;
        bool own = false;
        for (int k = 0; k < n && !own; k++)
            own = !rules_is_leader(ctx, &st->unit[m[k]]) && rules_same_ib(ctx, l, &st->unit[m[k]]) &&
                  assault_capable(ctx, st, m[k], lnlt_unit_loc(l));
        if (!own)
            return false;
    }
    return capable_mmc;
}

/* 6.2: double time needs a good-order leader moving with multi-man counters of
 * his IB, and no weapon team. */
bool rules_can_double_time(const lnlt_ctx *ctx, const lnlt_state *st, const int *m, int n)
{
    int leader = -1, mmcs = 0;
    if (rules_group_mounted(ctx, st, m, n))
        return false; /* 6.6: mounted units never double-time */
    for (int i = 0; i < n; i++) {
        const lnlt_unit *u = &st->unit[m[i]];
        int kind = rules_type(ctx, u)->kind;
        if (kind == LNLT_UK_WEAPON_TEAM || kind == LNLT_UK_PIPER)
            return false;
        if (rules_is_leader(ctx, u) && rules_is_good(u)) /* 11.7: commissars too */
            leader = m[i];
        mmcs += lnlt_unit_kind_is_mmc(kind);
    }
    if (leader < 0 || mmcs == 0)
        return false;
    for (int i = 0; i < n; i++)
        if (lnlt_unit_kind_is_mmc(rules_type(ctx, &st->unit[m[i]])->kind) &&
            !rules_same_ib(ctx, &st->unit[m[i]], &st->unit[leader]))
            return false;
    return true;
}

/* 6.3: no weapon teams; they crawl one hex with their whole impulse. */
bool rules_can_low_crawl(const lnlt_ctx *ctx, const lnlt_state *st, const int *m, int n)
{
    if (rules_group_mounted(ctx, st, m, n))
        return false; /* 6.6: nor low crawl */
    for (int i = 0; i < n; i++)
        if (rules_type(ctx, &st->unit[m[i]])->kind == LNLT_UK_WEAPON_TEAM)
            return false;
    return n > 0;
}

static bool start_move(lnlt_step *s, int from, int mode, const int *m, int n, bool double_time);

static bool start_picked(lnlt_step *s, int from, int mode, const uint8_t *pick, bool double_time)
{
    int m[LNLT_MAX_UNITS];
    int n = rules_movers(s->ctx, s->st, from, m, LNLT_MAX_UNITS);
    if (pick)
        n = rules_pick(pick, m, n);
    if (n > 0)
        rules_impulse_note_move(s->st, from); /* 4.0: the hex's one move group */
    return start_move(s, from, mode, m, n, double_time);
}

/* The copy of the state rules_crawl_has_a_hex asks, and the listing's state it
 * may keep copying from (rules_crawl_scope): a listing asks it of every subset of
 * a hex's movers, and copying the whole state for each cost as much as the test. */
static _Thread_local lnlt_state probe;
static _Thread_local const lnlt_state *scope_st;
static _Thread_local bool probe_holds_scope; /* probe is scope_st but for .move and its movers' mp2 */

void rules_crawl_scope(const lnlt_state *st)
{
    scope_st = st;
    probe_holds_scope = false;
}

/* 6.0, 6.3: is there a hex next to `from` (or another floor of it) the units could
 * low-crawl into, one that would not take all their MP? Asked of a copy of the
 * state with the crawl under way. */
bool rules_crawl_has_a_hex(const lnlt_ctx *ctx, const lnlt_state *st, int from, const int *m, int n)
{
    if (st == scope_st && probe_holds_scope) { /* undo the last subset's changes only */
        for (int i = 0; i < st->unit_count; i++)
            if (lnlt_bit(probe.move.units, i))
                probe.unit[i].mp2 = st->unit[i].mp2;
    } else {
        lnlt_state_clone(&probe, st);
        probe_holds_scope = st == scope_st;
    }
    memset(&probe.move, 0, sizeof probe.move);
    probe.move.active = 1;
    probe.move.mode = LNLT_MV_LOW_CRAWL;
    probe.move.cell = (int16_t)from;
    probe.move.origin = (int16_t)from;
    for (int i = 0; i < n; i++) {
        lnlt_bit_set(probe.move.units, m[i]);
        probe.unit[m[i]].mp2 = 0;
    }
    rules_move_facts facts; /* the stack's part of every step's cost, once */
    rules_move_facts_of(ctx, &probe, &facts);
    for (int dir = 0; dir <= 6; dir++) { /* 0: another floor of the same hex (10.2, 10.6) */
        int c = lnlt_map_neighbor(ctx->map, lnlt_loc_cell(from), dir);
        for (int f = 0; f < LNLT_FLOORS && c >= 0; f++) {
            const char *why;
            int to = lnlt_location(c, f);
            if (to != from && rules_loc_exists(ctx, to) && rules_step_cost_with(ctx, &probe, &facts, to, &why) >= 0)
                return true;
        }
    }
    return false;
}

bool rules_start_move(lnlt_step *s, int from, int mode, const uint8_t *pick)
{
    return start_picked(s, from, mode, pick, false);
}

bool rules_start_assault_double_time(lnlt_step *s, int from, const uint8_t *pick)
{
    return start_picked(s, from, LNLT_MV_ASSAULT, pick, true);
}

bool rules_start_move_units(lnlt_step *s, int from, int mode, const int *m, int n)
{
    return start_move(s, from, mode, m, n, false);
}

static bool start_move(lnlt_step *s, int from, int mode, const int *m, int n, bool double_time)
{
    bool assault = mode == LNLT_MV_ASSAULT;
    const lnlt_ctx *ctx = s->ctx;
    lnlt_state *st = s->st;
    if (n == 0)
        return lnlt_error_set(s->err, "no activated unit can move from there");
    memset(&st->move, 0, sizeof st->move);
    st->move.active = 1;
    st->move.mode = (uint8_t)mode;
    st->move.cell = (int16_t)from;
    st->move.origin = (int16_t)from;
    st->move.double_time = double_time; /* 6.1, 6.1.1: the +2 before halving */
    for (int i = 0; i < n; i++) {
        lnlt_bit_set(st->move.units, m[i]);
        st->unit[m[i]].flags |= LNLT_UNIT_ACTIVATED;
        st->unit[m[i]].mp2 = 0;
        if (st->unit[m[i]].mu_flags & LNLT_MU_CONTINUOUS) /* 15.5.1: this move's marker replaces last turn's */
            st->unit[m[i]].marks &= (uint8_t)~(LNLT_MARK_MOVED | LNLT_MARK_HIT_AND_RUN);
        if (mode == LNLT_MV_HIT_AND_RUN) /* 6.7: declared, and marked, as the move begins */
            st->unit[m[i]].marks |= LNLT_MARK_HIT_AND_RUN;
    }
    int slowest = rules_stack_mp2_left(ctx, st) / 2;
    st->acted = 1;
    st->decision = LNLT_DECIDE_MOVE;
    char name[LNLT_HEX_ID_MAX];
    static const char *how[] = {"move",      "assault-move",  "move at double time",   "low crawl",
                                "move after assault fire", "move stealthily", "stealth assault-move",
                                "move stealthily after assault fire", "hit and run"};
    static const char *rule[] = {"6.0", "6.1", "6.2", "6.3", "6.1.1", "6.4", "6.4.1", "6.4.2", "6.7"};
    (void)assault;
    int k = mode >= 0 && mode <= 8 ? mode : 0;
    lnlt_events_say(s->log, LNLT_EV_CHANGE, rule[k], "move", "%d unit%s %s%s from %s with %d MP", n, n == 1 ? "" : "s",
                    how[k], double_time ? " at double time" : "", rules_cell(s, from, name), slowest);
    return true;
}

static int mover_count(const lnlt_state *st)
{
    int m[LNLT_MAX_UNITS];
    return rules_unit_bits(st->move.units, st->unit_count, m);
}

/* After the window: the stack moves on, or its move is over. */
static bool continue_or_end(lnlt_step *s)
{
    lnlt_state *st = s->st;
    if (st->forced_window) { /* 1.6.3, 8.0: the window of a forced move is over */
        rules_forced_window_end(s);
        return true;
    }
    if (rules_vehicle_move(st))
        return rules_vehicle_continue(s);
    st->to_act = st->impulse_side;
    if (mover_count(st) == 0 || rules_stack_mp2_left(s->ctx, st) <= 0 ||
        (st->move.mode == LNLT_MV_LOW_CRAWL && st->move.hexes > 0))
        return rules_stop_move(s);
    st->decision = LNLT_DECIDE_MOVE;
    return true;
}

/* 5.3: attacks allowed at this entry: one per MP spent in the hex. */
int rules_of_budget(const lnlt_state *st) { return (st->move.mp2_here + 1) / 2 > 0 ? (st->move.mp2_here + 1) / 2 : 1; }

/* 5.3: the entry may still be fired at: attacks are left, and the movers are
 * still moving, or an attack was made already ("even if the first OF attack
 * Shakes the unit(s), forcing it to stop moving, the second OF attack can still
 * be made"; whether anyone is left to hit is the target check's). */
static bool of_entry_open(const lnlt_state *st)
{
    return st->move.active && st->move.of_made < rules_of_budget(st) && (mover_count(st) > 0 || st->move.of_made > 0);
}

bool rules_of_hex_fired(const lnlt_state *st, int loc)
{
    const lnlt_move_state *mv = &st->move;
    for (int k = 0; k < mv->of_made && k < 6; k++)
        if (mv->of_from[k] == loc)
            return true;
    return false;
}

/* The hexes that may fire at the moving stack now; with `first`, stop at the first. */
static int opfire_hexes(const lnlt_ctx *ctx, const lnlt_state *st, int *out, int cap, bool first)
{
    const lnlt_move_state *mv = &st->move;
    if (!mv->active)
        return 0;
    bool open = of_entry_open(st);
    int side = lnlt_other_side(st->impulse_side);
    int n = 0;
    int locs[LNLT_MAX_UNITS];
    int nl = rules_occupied(st, side, locs, LNLT_MAX_UNITS);
    for (int k0 = 0; k0 < nl; k0++) {
        int c = locs[k0];
        /* 5.3: one attack per MP, each from another hex; a weapon team stacked
         * with the units that fired first adds its own (rules_fire_group_at) */
        if (!open && !rules_of_hex_fired(st, c))
            continue;
        /* a fire group first (most hexes have none left to fire), then the line of
         * sight, which rules_can_fire_at needs: a first look at a pair of hexes
         * traces its line for the LOS table */
        int g[LNLT_MAX_UNITS];
        if (rules_fire_group_at(ctx, st, c, mv->cell, side, true, g, LNLT_MAX_UNITS) == 0)
            continue;
        lnlt_los_result los;
        if (!rules_los(ctx, st, c, mv->cell, &los))
            continue;
        const char *why;
        if (!rules_can_fire_at(ctx, st, c, mv->cell, side, true, &why))
            continue;
        if (out && n < cap)
            out[n] = c;
        n++;
        if (first)
            break;
    }
    return n;
}

int rules_opfire_hexes(const lnlt_ctx *ctx, const lnlt_state *st, int *out, int cap)
{
    return opfire_hexes(ctx, st, out, cap, false);
}

bool rules_step(lnlt_step *s, int to)
{
    lnlt_state *st = s->st;
    if (rules_vehicle_move(st))
        return rules_vehicle_step(s, to);
    const char *why = "";
    int cost = rules_step_cost(s->ctx, st, to, &why);
    if (cost < 0)
        return lnlt_error_set(s->err, "cannot enter that hex: %s", why);
    lnlt_move_state *mv = &st->move;
    mv->mp2_here = (uint8_t)cost;
    mv->of_made = 0;
    mv->hexes++;
    rules_sw_on_step(s, mv->cell); /* 1.6: weapons abandoned in the hex left behind */
    int left_cell = mv->cell;
    bool tunnel = rules_tunnel_step(s->ctx, left_cell, to); /* 10.7.1 */
    st->move_step_from = (int16_t)left_cell; /* 8.0: where shaken enterers go back to */
    mv->cell = (int16_t)to;
    uint8_t mark = mv->mode == LNLT_MV_ASSAULT           ? LNLT_MARK_ASSAULT_MOVE
                 : mv->mode == LNLT_MV_LOW_CRAWL       ? LNLT_MARK_LOW_CRAWL
                 : mv->mode == LNLT_MV_STEALTH || mv->mode == LNLT_MV_STEALTH_ASSAULT_FIRE ? LNLT_MARK_STEALTH
                 : mv->mode == LNLT_MV_HIT_AND_RUN     ? LNLT_MARK_HIT_AND_RUN
                 : mv->mode == LNLT_MV_STEALTH_ASSAULT ? (uint8_t)(LNLT_MARK_STEALTH | LNLT_MARK_ASSAULT_MOVE)
                                                       : LNLT_MARK_MOVED;
    for (int i = 0; i < st->unit_count; i++)
        if (lnlt_bit(mv->units, i)) {
            st->unit[i].mu_flags &= (uint8_t)~LNLT_MU_CONTINUOUS; /* 15.5.1: it moved on */
            rules_put_unit(st, i, to);
            /* 6.0: in a mixed stack the units that cannot assault-move are Moved */
            st->unit[i].marks |= mark == LNLT_MARK_ASSAULT_MOVE && !moves_by_assault(s->ctx, st, i) ? LNLT_MARK_MOVED
                                                                                                   : mark;
            /* 10.7.1: an In Tunnel marker on arrival through a tunnel, gone at the next step */
            st->unit[i].marks = (uint8_t)(tunnel ? st->unit[i].marks | LNLT_MARK_IN_TUNNEL
                                                 : st->unit[i].marks & ~LNLT_MARK_IN_TUNNEL);
            st->unit[i].mp2 = (uint8_t)(st->unit[i].mp2 + cost);
        }
    char name[LNLT_HEX_ID_MAX];
    int left = rules_stack_mp2_left(s->ctx, st);
    lnlt_events_say(s->log, LNLT_EV_CHANGE, tunnel ? "10.7.1" : "6.0", "step", "the stack enters %s%s (%d%s MP; %d%s MP left)",
                    rules_cell(s, to, name), tunnel ? " through the tunnel" : "", cost / 2, cost & 1 ? ".5" : "",
                    left / 2, left & 1 ? ".5" : "");
    rules_melee_after_leave(s, left_cell); /* 8.1.1: the last one out of a melee */
    /* 6.0 entry sequence: Fire For Effect and mines, then events, then opportunity fire. */
    /* (10.7.1: come up through a tunnel, a stack crosses no minefield) */
    if (!rules_ffe_on_entry(s, to) || (!tunnel && !rules_mines_attack(s, to, mv->units)))
        return false;
    if (!st->move.active)
        return true;
    if (!rules_events_check(s))
        return false;
    if (st->pending || !st->move.active)
        return true;
    return rules_after_step(s);
}

bool rules_after_step(lnlt_step *s)
{
    lnlt_state *st = s->st;
    /* 6.0 entry sequence, enemy hex: melee instead of opportunity fire, unless the
     * entry attacks left nobody to fight it (8.0). */
    if (rules_enemy_in(st, st->move.cell, st->impulse_side) || rules_in_melee(st, st->move.cell)) {
        bool returned;
        if (!rules_shaken_enterers_return(s, &returned))
            return false;
        return returned || rules_melee_on_entry(s, st->move.cell);
    }
    if (rules_opfire_window(s->ctx, st)) {
        st->decision = LNLT_DECIDE_OPFIRE;
        st->to_act = (uint8_t)lnlt_other_side(st->impulse_side);
        return true;
    }
    return continue_or_end(s);
}

bool rules_opfire(lnlt_step *s, int from, const uint8_t *pick)
{
    lnlt_state *st = s->st;
    lnlt_move_state *mv = &st->move;
    bool extra = rules_of_hex_fired(st, from); /* 5.3: a weapon team's own attack */
    if (!rules_fire(s, from, mv->cell, true, pick))
        return false;
    if (!extra) {
        if (mv->of_made < 6)
            mv->of_from[mv->of_made] = (int16_t)from;
        mv->of_made++;
    }
    if (rules_opfire_window(s->ctx, st))
        return true; /* the window stays open for further attacks */
    return continue_or_end(s);
}

/* 5.3 and 11.4: the window opens for fire groups and for snipers and marksmen
 * (who fire alone), within the same budget of attacks. */
bool rules_opfire_window(const lnlt_ctx *ctx, const lnlt_state *st)
{
    if (opfire_hexes(ctx, st, NULL, 0, true) > 0) /* whether any may, not how many */
        return true;
    if (st->move.active && mover_count(st) > 0 && rules_vehicle_of_possible(ctx, st))
        return true; /* 14.1, 15.0, 17.2: guns, vehicle MGs and small arms at vehicles */
    if (!of_entry_open(st))
        return false;
    /* 6.8: or move instead, while there is a move to answer */
    return rules_sniper_opfire_possible(ctx, st) ||
           (mover_count(st) > 0 && !st->forced_window && rules_om_possible(ctx, st)); /* R-SW-40 */
}

bool rules_after_vehicle_of(lnlt_step *s, int from, bool counts)
{
    lnlt_move_state *mv = &s->st->move;
    if (counts) { /* 5.3: one of the MP's attacks, from a hex of its own */
        if (mv->of_made < 6)
            mv->of_from[mv->of_made] = (int16_t)from;
        mv->of_made++;
    }
    if (s->st->pending)
        return true; /* riders deciding whether to jump off (16.2) */
    if (rules_opfire_window(s->ctx, s->st))
        return true;
    return continue_or_end(s);
}

bool rules_no_fire(lnlt_step *s) { return continue_or_end(s); }

bool rules_stop_move(lnlt_step *s)
{
    lnlt_state *st = s->st;
    if (rules_vehicle_move(st))
        return rules_vehicle_stop(s);
    char name[LNLT_HEX_ID_MAX];
    lnlt_events_say(s->log, LNLT_EV_CHANGE, "6.0", "stop", "the move ends in %s", rules_cell(s, st->move.cell, name));
    rules_sw_on_stop(st);
    rules_stealth_on_stop(s);
    memset(&st->move, 0, sizeof st->move);
    st->decision = LNLT_DECIDE_ACTIVATION;
    st->to_act = st->impulse_side;
    return true;
}

/* 6.1.1, ruling R-CORE-29: who of an assault fire's firers at `from` moves
 * afterwards: the units able to assault-move (their own red box, or an Assaulter
 * leader's grant, 12.0) and the single-man counters (the leader lending his LM,
 * an SMC crewing a weapon). The others only contribute their FP. */
bool rules_moves_after_assault_fire(const lnlt_ctx *ctx, const lnlt_state *st, int unit, int from)
{
    return rules_is_smc(ctx, &st->unit[unit]) || assault_capable(ctx, st, unit, from);
}

/* 6.1.1 and, with `stealthy`, 6.4.2: the move that follows is a stealth move;
 * with `double_time` (6.2) the picked good-order leader moves with them too and
 * the +2 is added before halving. */
bool rules_assault_fire(lnlt_step *s, int from, int to, const uint8_t *pick, bool stealthy, bool double_time)
{
    const lnlt_ctx *ctx = s->ctx;
    lnlt_state *st = s->st;
    uint8_t fired[LNLT_UNIT_BITS] = {0};
    bool any_pick = false;
    for (int i = 0; i < LNLT_UNIT_BITS && pick; i++)
        any_pick |= pick[i] != 0;
    if (!rules_fire_assault(s, from, to, pick, fired))
        return false;
    /* 6.1.1: the assault-firing units are marked Moved, not Fired, and must move;
     * units that cannot assault-move keep their Fired marker and stay. */
    uint8_t movers[LNLT_UNIT_BITS] = {0};
    int n = 0;
    for (int i = 0; i < st->unit_count; i++) {
        lnlt_unit *u = &st->unit[i];
        bool dt_leader = double_time && lnlt_unit_loc(u) == from && u->side == st->impulse_side &&
                         (any_pick ? lnlt_bit(pick, i) : lnlt_bit(st->activated, i)) && rules_is_leader(ctx, u) &&
                         rules_is_good(u) && !(u->flags & LNLT_UNIT_ACTIVATED);
        if (!(lnlt_bit(fired, i) && (stealthy || rules_moves_after_assault_fire(ctx, st, i, from))) && !dt_leader)
            continue;
        u->marks &= (uint8_t)~LNLT_MARK_FIRED;
        u->flags &= (uint8_t)~LNLT_UNIT_ACTIVATED;
        lnlt_bit_set(movers, i);
        n++;
    }
    /* Its origin hex, if degrading or blocking, stays spotted to the enemy until
     * the administrative phase. */
    if (rules_terrain(s->ctx, s->st, from)->los != LNLT_LOS_OPEN) {
        rules_set_spot_marker(st, lnlt_other_side(st->impulse_side), from);
        rules_keep_spot_marker(st, from); /* 10.1.1: even once the hex is empty */
    }
    if (n == 0)
        return true;
    return start_picked(s, from, stealthy ? LNLT_MV_STEALTH_ASSAULT_FIRE : LNLT_MV_ASSAULT_FIRE, movers, double_time);
}

/* 6.7: a stack may hit and run when it holds a unit with the red MF and every
 * other unit is one too or a single-man counter riding with it, all in good
 * order (the move exists to fire). */
bool rules_can_hit_and_run(const lnlt_ctx *ctx, const lnlt_state *st, const int *m, int n)
{
    bool red = false;
    for (int i = 0; i < n; i++) {
        const lnlt_unit *u = &st->unit[m[i]];
        bool capable = (rules_face(ctx, u)->flags & LNLT_UF_HIT_AND_RUN) != 0;
        if (!rules_is_good(u) || (!capable && !rules_is_smc(ctx, u)))
            return false;
        red |= capable;
    }
    return red;
}

/* 6.7: the hit and run stack's one attack, from wherever it is in its move, at
 * -2 FP; then it moves on with what MP it has left. */
bool rules_hit_and_run_fire(lnlt_step *s, int to)
{
    lnlt_state *st = s->st;
    if (!st->move.active || st->move.mode != LNLT_MV_HIT_AND_RUN || st->move.hr_fired)
        return lnlt_error_set(s->err, "only a hit and run stack fires during its move, once (6.7)");
    uint8_t movers[LNLT_UNIT_BITS];
    memcpy(movers, st->move.units, sizeof movers);
    if (!rules_fire_hit_and_run(s, st->move.cell, to, movers))
        return false;
    st->move.hr_fired = 1;
    return continue_or_end(s);
}
