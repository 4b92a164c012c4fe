/*
 * check.c: the engine's self-checks (lnlt/check.h): the state invariants that
 * the soak test has always checked, and the check that the legal-action list and
 * lnlt_apply agree, for `lnlt selfplay --check` (issue 17) and tests/test_soak.c.
 */
#include "lnlt/check.h"

#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "lnlt/data.h"
#include "lnlt/map.h"
#include "lnlt/view.h"

#if defined(__GNUC__)
__attribute__((format(printf, 3, 4)))
#endif
static bool fail(char *why, size_t len, const char *fmt, ...)
{
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(why, len, fmt, ap);
    va_end(ap);
    return false;
}

enum { LOCS = LNLT_FLOORS * LNLT_MAX_CELLS };

/* 16.0, 11.5: a passenger's (or armour leader's) place is a vehicle slot in use
 * whose vehicle is on the map. */
static bool rides_a_vehicle_on_the_map(const lnlt_state *st, int unit)
{
    int slot = (st->aboard[unit] & LNLT_ABOARD_SLOT) - 1;
    if (slot < 0 || slot >= st->vehicle_count || slot >= LNLT_MAX_VEHICLES)
        return false;
    int v = st->vehicle[slot].unit;
    return v >= 0 && v < st->unit_count && v != unit && st->unit[v].cell >= 0;
}

/* 21.1: whether the scenario put a bunker in this hex (the bunker "floor" exists there). */
static bool bunker_in(const lnlt_ctx *ctx, int cell)
{
    for (int i = 0; ctx->bunkers && i < ctx->bunkers->count && i < LNLT_MAX_BUNKERS; i++)
        if (ctx->bunkers->b[i].cell == cell)
            return true;
    return false;
}

bool lnlt_check_invariants(const lnlt_ctx *ctx, const lnlt_state *st, char *why, size_t len)
{
    const lnlt_map *map = ctx->map;
    const lnlt_catalog *cat = ctx->catalog;
    int cells = lnlt_map_cells(map);
    /* 1.3, 10.4.1: stacking is counted per location (a floor of a hex) */
    typedef struct counts {
        int halves[3][LOCS], smcs[3][LOCS], mmcs[3][LOCS], mu[3][LOCS];
    } counts;
    counts *c = calloc(1, sizeof *c);
    if (!c)
        return fail(why, len, "out of memory");
    bool ok = false;
    char name[LNLT_HEX_ID_MAX];
    if (st->om_depth > LNLT_OM_DEPTH_MAX) {
        fail(why, len, "opportunity-move depth %d", st->om_depth);
        goto out;
    }
    if (st->om_depth && !((st->phase == LNLT_PHASE_OPERATIONS && st->move.active) || st->pending)) { /* 6.8 */
        fail(why, len, "an opportunity move is suspended with no move under way");
        goto out;
    }
    /* 4.0: the Operations Phase is always some side's impulse; a position whose
     * registers name nobody's (found by fuzz_scenario_map: "impulse_side": 0)
     * would hand the next impulse to side 3 */
    if (st->to_act > 2 || st->impulse_side > 2 ||
        (st->phase == LNLT_PHASE_OPERATIONS && (st->impulse_side < 1 || st->to_act < 1))) {
        fail(why, len, "side to act %d, impulse of side %d in phase %d", st->to_act, st->impulse_side, st->phase);
        goto out;
    }
    if (st->unit_count > LNLT_MAX_UNITS || st->sw_count > LNLT_MAX_SWS) {
        fail(why, len, "%d units, %d weapons", st->unit_count, st->sw_count);
        goto out;
    }
    /* 15.1.2: Rubble lies only in building or huts hexes, and rubble_any says so */
    for (int cc = 0; cc < LNLT_MAX_CELLS; cc++) {
        if (!lnlt_bit(st->rubble, cc))
            continue;
        if (!st->rubble_any || cc >= cells || !lnlt_map_cell_exists(map, cc) ||
            !(lnlt_map_tec(map)->t[lnlt_map_cell(map, cc)->terrain].flags & (LNLT_TF_BUILDING | LNLT_TF_HUT))) {
            fail(why, len, "a Rubble marker on cell %d, %s", cc,
                 st->rubble_any ? "which is no building or huts hex" : "but rubble_any is 0");
            goto out;
        }
    }
    for (int i = 0; i < st->unit_count; i++) {
        const lnlt_unit *u = &st->unit[i];
        int level;
        if (u->side != 1 && u->side != 2) {
            fail(why, len, "unit #%d has side %d", i, u->side);
            goto out;
        }
        if (!(u->cell == LNLT_CELL_ELIMINATED || u->cell == LNLT_CELL_NONE || u->cell == LNLT_CELL_EXITED ||
              u->cell == LNLT_CELL_MERGED || u->cell == LNLT_CELL_ABOARD ||
              (u->cell >= 0 && u->cell < cells && lnlt_map_cell_exists(map, u->cell)))) {
            fail(why, len, "unit #%d is on cell %d, which is no place", i, u->cell);
            goto out;
        }
        if (u->cell == LNLT_CELL_ABOARD && !rides_a_vehicle_on_the_map(st, i)) { /* 16.0, 11.5 */
            fail(why, len, "unit #%d is aboard (%#x) but no vehicle on the map carries it", i, st->aboard[i]);
            goto out;
        }
        lnlt_loc where = {u->cell >= 0 ? lnlt_map_hex_at(map, u->cell) : (lnlt_hex){0}, u->floor};
        if (u->cell >= 0 && u->floor == LNLT_FLOOR_BUNKER) { /* 21.1: only where the scenario put a bunker */
            if (!bunker_in(ctx, u->cell)) {
                fail(why, len, "unit #%d is in a bunker at cell %d, which has none", i, u->cell);
                goto out;
            }
        } else if (u->cell < 0 ? u->floor != 0 : !lnlt_map_loc_level(map, where, &level)) { /* a floor the hex has */
            fail(why, len, "unit #%d is on floor %d, which its hex lacks", i, u->floor);
            goto out;
        }
        bool rubbled = u->cell >= 0 && u->cell < cells && lnlt_bit(st->rubble, u->cell);
        if (rubbled && u->floor != LNLT_FLOOR_GROUND && u->floor != LNLT_FLOOR_BUNKER) { /* 15.1.2 */
            fail(why, len, "unit #%d is on floor %d of a rubbled hex, which has only its ground", i, u->floor);
            goto out;
        }
        if (u->cell >= 0 && u->type >= 0 && u->type < cat->unit_count && cat->unit[u->type].kind == LNLT_UK_VEHICLE &&
            !rubbled && (lnlt_map_tec(map)->t[lnlt_map_cell(map, u->cell)->terrain].flags & (LNLT_TF_BUILDING | LNLT_TF_HUT))) {
            fail(why, len, "vehicle #%d is in a building it has not rubbled (1.3, 15.1.2)", i);
            goto out;
        }
        if (u->status != LNLT_GOOD_ORDER && u->status != LNLT_SHAKEN) {
            fail(why, len, "unit #%d has status %d", i, u->status);
            goto out;
        }
        if (u->type < 0 || u->type >= cat->unit_count) {
            fail(why, len, "unit #%d has type %d", i, u->type);
            goto out;
        }
        if (u->status == LNLT_SHAKEN && cat->unit[u->type].kind == LNLT_UK_HERO) { /* 11.2: a wound, never a shake */
            fail(why, len, "unit #%d is a shaken hero (heroes never shake, 11.2)", i);
            goto out;
        }
        /* 8.6: charge marks live from the entry to the end of that round (a target
         * decision is pending); 6.8: suspended-move marks only under an opportunity move */
        if ((!st->pending && (u->mu_flags & (LNLT_MU_CHARGING | LNLT_MU_HELD))) ||
            (st->om_depth == 0 && (u->mu_flags & ~(LNLT_MU_CHARGING | LNLT_MU_HELD | LNLT_MU_CONTINUOUS)))) {
            fail(why, len, "unit #%d keeps charge or opportunity-move marks %#x out of their decision", i, u->mu_flags);
            goto out;
        }
        if (u->cell < 0)
            continue;
        int kind = cat->unit[u->type].kind, loc = lnlt_unit_loc(u);
        if (lnlt_unit_kind_is_smc(kind))
            c->smcs[u->side][loc]++;
        else {
            c->halves[u->side][loc] += lnlt_unit_kind_stack_halves(kind);
            c->mmcs[u->side][loc]++;
        }
        if (cat->unit[u->type].mount != LNLT_MOUNT_NONE)
            c->mu[u->side][loc] += lnlt_unit_kind_stack_halves(kind);
    }
    for (int s = 1; s <= 2; s++)
        for (int l = 0; l < LOCS; l++) {
            bool roof = lnlt_loc_floor(l) == LNLT_FLOOR_ROOF;
            if (c->halves[s][l] > 6 || c->smcs[s][l] > 2 || c->mu[s][l] > 4 ||
                (roof && c->mmcs[s][l] > 1)) { /* 10.6: one MMC on a roof */
                fail(why, len, "stacking broken in %s for side %d: %d half-squads, %d SMCs, %d mounted halves",
                     lnlt_cell_name(ctx, l, name), s, c->halves[s][l], c->smcs[s][l], c->mu[s][l]);
                goto out;
            }
        }
    for (int i = 0; i < st->sw_count; i++) {
        const lnlt_sw *w = &st->sw[i];
        if (w->holder >= 0) {
            /* held by a unit on the map, or by one still waiting to set up or enter */
            int hc = w->holder < st->unit_count ? st->unit[w->holder].cell : LNLT_CELL_ELIMINATED;
            if ((hc < 0 && hc != LNLT_CELL_NONE && hc != LNLT_CELL_ABOARD) || w->cell != LNLT_CELL_NONE) {
                fail(why, len, "weapon w%d is held by unit #%d, which is neither on the map nor waiting (or it lies in "
                     "a hex too)", i, w->holder);
                goto out;
            }
        } else if (w->flags & LNLT_SW_USED) {
            if (w->cell != LNLT_CELL_ELIMINATED) { /* out of play: destroyed or spent (1.6) */
                fail(why, len, "weapon w%d is out of play but lies on cell %d", i, w->cell);
                goto out;
            }
        } else if (!(w->cell >= 0 && w->cell < cells)) {
            fail(why, len, "weapon w%d is neither held nor on the map (cell %d)", i, w->cell);
            goto out;
        }
    }
    /* 1.6 carry limits: squad 2, half-squad, crew and most SMCs 1, weapon teams,
     * medics (11.3) and the other SMCs none (while the owner picks the weapon a
     * reduced squad drops, it still holds both) */
    for (int u = 0; u < st->unit_count && st->pending != LNLT_DECIDE_SW_DROP; u++) {
        int held = 0, kind = cat->unit[st->unit[u].type].kind;
        for (int i = 0; i < st->sw_count; i++)
            held += st->sw[i].holder == u;
        if (held > lnlt_unit_kind_sw_capacity(kind)) {
            fail(why, len, "unit #%d carries %d weapons (1.6)", u, held);
            goto out;
        }
    }
    ok = true;
out:
    free(c);
    return ok;
}

static bool listed(const lnlt_action *legal, int n, const lnlt_action *a)
{
    for (int i = 0; i < n; i++)
        if (lnlt_action_equal(&legal[i], a))
            return true;
    return false;
}

/* An action close to a listed one: another side, hex, unit pick or type. */
static lnlt_action variant(const lnlt_action *a, lnlt_pcg32 *rng, int cells, int units)
{
    lnlt_action v = *a;
    switch (lnlt_pcg32_below(rng, 4)) {
    case 0: v.side = (uint8_t)lnlt_other_side(v.side); break;
    case 1:
        v.arg[lnlt_pcg32_below(rng, LNLT_ACTION_ARGS)] = (int16_t)lnlt_pcg32_below(rng, (uint32_t)(cells > 0 ? cells : 1));
        if (v.nargs == 0)
            v.nargs = 1;
        break;
    case 2:
        if (units > 0) {
            int u = (int)lnlt_pcg32_below(rng, (uint32_t)units);
            v.units[u >> 3] ^= (uint8_t)(1u << (u & 7));
        }
        break;
    default: v.type = (uint8_t)lnlt_pcg32_below(rng, 90); break;
    }
    return v;
}

bool lnlt_check_legal_list(const lnlt_ctx *ctx, const lnlt_state *st, lnlt_pcg32 *rng, int max_listed, int unlisted,
                           char *why, size_t len)
{
    int n = lnlt_legal_actions(ctx, st, NULL, 0);
    lnlt_action *legal = malloc((size_t)(n > 0 ? n : 1) * sizeof *legal);
    lnlt_state *copy = malloc(sizeof *copy);
    bool ok = false;
    if (!legal || !copy) {
        fail(why, len, "out of memory");
        goto out;
    }
    n = lnlt_legal_actions(ctx, st, legal, n);
    bool over = lnlt_decision_get(ctx, st).kind == LNLT_DECIDE_NONE;
    if (over != (n == 0)) {
        fail(why, len, over ? "the game is over but %d actions are listed" : "the game goes on but no action is listed",
             n);
        goto out;
    }
    char text[256];
    lnlt_error err;
    int checks = max_listed > 0 && n > max_listed ? max_listed : n;
    for (int k = 0; k < checks; k++) {
        int i = checks == n ? k : (int)lnlt_pcg32_below(rng, (uint32_t)n);
        lnlt_state_clone(copy, st);
        if (!lnlt_apply(ctx, copy, &legal[i], NULL, NULL, &err)) {
            lnlt_action_format(ctx, &legal[i], text, sizeof text);
            fail(why, len, "the listed action \"%s\" is refused: %s", text, err.msg);
            goto out;
        }
    }
    int cells = ctx->map ? lnlt_map_cells(ctx->map) : LNLT_MAX_CELLS;
    for (int k = 0; n > 0 && k < unlisted; k++) {
        lnlt_action v = variant(&legal[lnlt_pcg32_below(rng, (uint32_t)n)], rng, cells, st->unit_count);
        if (listed(legal, n, &v))
            continue;
        lnlt_state_clone(copy, st);
        if (lnlt_apply(ctx, copy, &v, NULL, NULL, &err)) {
            lnlt_action_format(ctx, &v, text, sizeof text);
            fail(why, len, "the unlisted action \"%s\" is accepted", text);
            goto out;
        }
        if (memcmp(copy, st, sizeof *st)) {
            lnlt_action_format(ctx, &v, text, sizeof text);
            fail(why, len, "the refused action \"%s\" changed the state", text);
            goto out;
        }
    }
    ok = true;
out:
    free(legal);
    free(copy);
    return ok;
}

/* A mid-game position loaded from a scenario's `state` (docs/formats/scenario.md)
 * must be one the game can go on from: the invariants hold, and a game that is not
 * over waits on a decision that lists at least one action. The format lets a
 * position name its decision and registers freely (R-SAVE-01), so a register
 * that contradicts the phase (a set-up decision in the operations phase, found by
 * fuzz_scenario_map) is caught here by its effect: nobody could act. */
bool lnlt_check_position(const lnlt_ctx *ctx, char *why, size_t len)
{
    lnlt_state *st = malloc(sizeof *st);
    if (!st)
        return fail(why, len, "out of memory");
    lnlt_state_init(st, ctx, 1);
    bool ok = lnlt_check_invariants(ctx, st, why, len);
    if (ok) {
        lnlt_decision d = lnlt_decision_get(ctx, st);
        int n = lnlt_legal_actions(ctx, st, NULL, 0);
        if (d.kind != LNLT_DECIDE_NONE && n == 0)
            ok = fail(why, len,
                      "the game is not over, but its decision (%s for %s in the %s phase) lists no action: "
                      "the registers contradict the position",
                      lnlt_decision_kind_name(d.kind), lnlt_side_name(ctx, d.side), lnlt_phase_name(st->phase));
    }
    free(st);
    return ok;
}
