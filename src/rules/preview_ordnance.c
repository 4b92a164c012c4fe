/*
 * preview_ordnance.c: the preview of an ordnance shot (rules 14.1-14.4, 14.1.1,
 * 14.1.3, 14.2.1, 14.2.2, 15.10): the odds before the dice roll.
 *
 * As every preview (rules/preview.h), the figures come from the engine applying
 * the shot to scratch copies with forced dice; nothing is sampled:
 *  - at a vehicle, the to-hit roll's 36 pairs are each applied: the pair hits or
 *    misses, and a hit strikes the turret or the hull (14.1.3); for one pair of
 *    each part struck, the penetration roll's 36 pairs are applied (dud,
 *    catastrophic, destroyed, or a morale check, 14.1, 14.1.1); the morale
 *    check's 36 pairs are applied once for each MAV - MPV difference that leads
 *    to one, since nothing else of the penetration roll changes it. What the
 *    vehicle is afterwards (destroyed, abandoned, shaken, unharmed) is read from
 *    the engine's state and log;
 *  - at non-vehicle units, the fire preview (preview_fire.c) enumerates the
 *    to-hit and HE dice up to the damage checks, so the DC of each unit and what
 *    it means come out as for direct fire; this file adds the to-hit part.
 */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "lnlt/ordnance.h"
#include "lnlt/view.h"
#include "rules/internal.h"
#include "rules/preview.h"

/* What a shot at a vehicle does to it. */
enum { O_MISS = 0, O_NONE, O_SHAKEN, O_ABANDONED, O_DESTROYED, O_COUNT };
static const char *const outcome_name[O_COUNT] = {"miss", "no_effect", "shaken", "abandoned", "destroyed"};

static double round4(double x) { return floor(x * 10000.0 + 0.5) / 10000.0; }

static const lnlt_event *find_event(const preview_probe *p, lnlt_event_kind kind, const char *what)
{
    for (int i = 0; i < p->log.count; i++)
        if (p->log.ev[i].kind == kind && !strncmp(p->log.ev[i].what, what, strlen(what)))
            return &p->log.ev[i];
    return NULL;
}

/* The to-hit ROLL event of the last run: did it hit? */
static bool run_hit(const preview_probe *p)
{
    const lnlt_event *e = find_event(p, LNLT_EV_ROLL, "to hit");
    return e && strstr(e->text, "-> hit");
}

/* What the last run did to vehicle tv. */
static int vehicle_outcome(const preview_probe *p, int tv)
{
    if (!run_hit(p))
        return O_MISS;
    for (int i = 0; i < p->log.count; i++)
        if (p->log.ev[i].kind == LNLT_EV_RESULT && !strcmp(p->log.ev[i].what, "destroyed"))
            return O_DESTROYED;
    if (rules_vehicle_abandoned(p->out, tv) && !rules_vehicle_abandoned(p->base, tv))
        return O_ABANDONED;
    if (p->out->unit[tv].status == LNLT_SHAKEN && p->base->unit[tv].status != LNLT_SHAKEN)
        return O_SHAKEN;
    return O_NONE;
}

/* The OFT to-hit part: number, modifiers with their rules, the chance of a hit. */
static json_t *to_hit_json(const preview_probe *p, double hit)
{
    const lnlt_event *calc = find_event(p, LNLT_EV_CALC, "ordnance");
    json_t *o = json_object();
    if (calc) {
        json_object_set_new(o, "what", json_string(calc->what));
        json_object_set_new(o, "rule", json_string(calc->rule));
        json_object_set_new(o, "shot", json_string(calc->text));
        json_object_set_new(o, "number", json_integer(calc->total));
        json_object_set_new(o, "terms", preview_terms_json(&calc->mods));
        json_object_set_new(o, "modifier", json_integer(lnlt_mods_total(&calc->mods)));
    }
    json_object_set_new(o, "dice", json_string("2d6"));
    json_object_set_new(o, "rule_note", json_string("hits when 2d6 + modifier is at most the number; a natural 2 always hits, a natural 12 always misses (14.1)"));
    json_object_set_new(o, "probability", json_real(round4(hit)));
    return o;
}

typedef struct part_stats {
    bool seen;
    int faces[2];            /* a to-hit pair that strikes this part */
    double p;                /* chance of a hit here */
    double given[O_COUNT];   /* outcome given a hit here */
    rules_ord_impact im;
} part_stats;

/* The morale check of a non-penetrating hit, for each MAV - MPV difference met. */
typedef struct mc_memo {
    int diff[16];
    double res[16][O_COUNT];
    int n;
} mc_memo;

static bool mc_outcomes(preview_probe *p, int tv, const int *prefix, int diff, mc_memo *m, double *res)
{
    for (int i = 0; i < m->n; i++)
        if (m->diff[i] == diff) {
            memcpy(res, m->res[i], sizeof m->res[i]);
            return true;
        }
    double r[O_COUNT] = {0};
    for (int a = 1; a <= 6; a++)
        for (int b = 1; b <= 6; b++) {
            int f[6] = {prefix[0], prefix[1], prefix[2], prefix[3], a, b};
            if (!preview_probe_run(p, f, 6))
                return false;
            r[vehicle_outcome(p, tv)] += 1.0 / 36.0;
        }
    if (m->n < 16) {
        m->diff[m->n] = diff;
        memcpy(m->res[m->n], r, sizeof r);
        m->n++;
    }
    memcpy(res, r, sizeof r);
    return true;
}

static json_t *outcomes_json(const double *r)
{
    json_t *arr = json_array();
    for (int k = 0; k < O_COUNT; k++) {
        if (r[k] <= 0)
            continue;
        json_t *o = json_object();
        json_object_set_new(o, "result", json_string(outcome_name[k]));
        json_object_set_new(o, "probability", json_real(round4(r[k])));
        json_array_append_new(arr, o);
    }
    return arr;
}

/* A shot at vehicle tv. */
static bool vehicle_shot(preview_probe *p, json_t *o, int unit, int code, int tv, lnlt_error *err)
{
    const lnlt_ctx *ctx = p->ctx;
    part_stats part[2];
    memset(part, 0, sizeof part);
    double total[O_COUNT] = {0}, expended = 0, hit = 0;
    /* 1. the to-hit pairs */
    for (int a = 1; a <= 6; a++)
        for (int b = 1; b <= 6; b++) {
            int f[2] = {a, b};
            if (!preview_probe_run(p, f, 2))
                return lnlt_error_set(err, "%s", p->err.msg);
            if (find_event(p, LNLT_EV_RESULT, "atgm-expended"))
                expended += 1.0 / 36.0;
            if (!run_hit(p)) {
                total[O_MISS] += 1.0 / 36.0;
                continue;
            }
            hit += 1.0 / 36.0;
            lnlt_oft_roll r = lnlt_oft_to_hit(a, b, 99, NULL);
            rules_ord_impact im;
            if (!rules_ord_impact_of(ctx, p->base, unit, code, tv, r.turret, &im))
                return lnlt_error_set(err, "the shot has no vehicle to strike");
            part_stats *ps = &part[im.turret ? 1 : 0];
            if (!ps->seen) {
                ps->seen = true;
                ps->faces[0] = a;
                ps->faces[1] = b;
                ps->im = im;
            }
            ps->p += 1.0 / 36.0;
        }
    /* 2. for each part struck, the penetration pairs (and 3. the morale checks) */
    mc_memo memo = {0};
    json_t *parts = json_array();
    for (int k = 1; k >= 0; k--) {
        part_stats *ps = &part[k];
        if (!ps->seen)
            continue;
        if (ps->im.hull_down || ps->im.af == LNLT_NONE) {
            /* no penetration roll (15.10, 14.1.2): one run says it all */
            if (!preview_probe_run(p, ps->faces, 2))
                return lnlt_error_set(err, "%s", p->err.msg);
            ps->given[vehicle_outcome(p, tv)] = 1.0;
        } else {
            for (int a = 1; a <= 6; a++)
                for (int d = 1; d <= 6; d++) {
                    int f[4] = {ps->faces[0], ps->faces[1], a, d};
                    if (!preview_probe_run(p, f, 4))
                        return lnlt_error_set(err, "%s", p->err.msg);
                    if (find_event(p, LNLT_EV_ROLL, "morale check")) {
                        lnlt_penetration pen = lnlt_penetrate(a, ps->im.pv, d, ps->im.af, ps->im.heat_red);
                        double r[O_COUNT];
                        if (!mc_outcomes(p, tv, f, pen.mav - pen.mpv, &memo, r))
                            return lnlt_error_set(err, "%s", p->err.msg);
                        for (int x = 0; x < O_COUNT; x++)
                            ps->given[x] += r[x] / 36.0;
                    } else {
                        ps->given[vehicle_outcome(p, tv)] += 1.0 / 36.0;
                    }
                }
        }
        for (int x = 0; x < O_COUNT; x++)
            total[x] += ps->p * ps->given[x];
        json_t *j = json_object();
        json_object_set_new(j, "part", json_string(ps->im.turret ? "turret" : "hull"));
        json_object_set_new(j, "face", json_string(ps->im.where));
        json_object_set_new(j, "probability", json_real(round4(ps->p)));
        json_object_set_new(j, "rule", json_string("14.1.3"));
        if (ps->im.hull_down) {
            json_object_set_new(j, "hull_down", json_true());
            json_object_set_new(j, "note", json_string("a hull hit through the front arc of a hull-down vehicle has no effect (15.10)"));
        } else if (ps->im.af == LNLT_NONE) {
            json_object_set_new(j, "armor", json_null());
            json_object_set_new(j, "note", json_string("no armour there: a hit destroys it (14.1.2)"));
        } else {
            json_object_set_new(j, "armor", json_integer(ps->im.af));
            json_object_set_new(j, "pv", json_integer(ps->im.pv));
            if (ps->im.heat_red)
                json_object_set_new(j, "heat_vs_red", json_integer(-4));
            char how[96];
            snprintf(how, sizeof how, "1d6 + PV %d%s against 1d6 + AF %d (14.1)", ps->im.pv,
                     ps->im.heat_red ? " - 4 (HEAT on red armour, 14.2.2)" : "", ps->im.af);
            json_object_set_new(j, "penetration_roll", json_string(how));
            json_object_set_new(j, "penetration", json_real(round4(ps->given[O_DESTROYED])));
        }
        json_object_set_new(j, "outcomes", outcomes_json(ps->given));
        json_array_append_new(parts, j);
    }
    /* the shot as the engine logs it: a hitting pair if there is one */
    int f0[2] = {1, 1};
    preview_probe_run(p, f0, 2);
    json_object_set_new(o, "to_hit", to_hit_json(p, hit));
    json_object_set_new(o, "hit_location", parts);
    json_object_set_new(o, "outcomes", outcomes_json(total));
    json_object_set_new(o, "target", preview_unit_json(ctx, p->base, tv));
    if (expended > 0)
        json_object_set_new(o, "atgm_expended_probability", json_real(round4(expended)));
    return true;
}

bool preview_ordnance(preview_probe *p, json_t *o, lnlt_error *err)
{
    const lnlt_ctx *ctx = p->ctx;
    const lnlt_action *a = &p->action;
    int unit = -1;
    for (int i = 0; i < p->base->unit_count && unit < 0; i++)
        if (lnlt_bit(a->units, i))
            unit = i;
    int from = a->arg[0], to = a->arg[1], tv = a->arg[2], code = a->arg[3];
    if (unit < 0)
        return lnlt_error_set(err, "the shot names no firer");
    char name[LNLT_HEX_ID_MAX];
    /* 14.4: an ATGM is announced first; the odds are the missile's once it flies */
    p->let_atgm_fly = true;
    if (preview_probe_run(p, NULL, 0) && find_event(p, LNLT_EV_CHANGE, "atgm-window"))
        json_object_set_new(o, "atgm_window", json_string("the enemy may first fire at the firer; a damage check on it makes the missile miss (14.4)"));
    json_object_set_new(o, "ordnance", json_true());
    json_object_set_new(o, "firer", preview_unit_json(ctx, p->base, unit));
    if (tv >= 0) {
        json_object_set_new(o, "from", json_string(lnlt_cell_name(ctx, from, name)));
        json_object_set_new(o, "to", json_string(lnlt_cell_name(ctx, to, name)));
        json_object_set_new(o, "range", json_integer(lnlt_hex_distance(rules_hex(ctx, from), rules_hex(ctx, to))));
        bool ok = vehicle_shot(p, o, unit, code, tv, err);
        json_object_set_new(o, "engine_runs", json_integer(p->runs));
        return ok;
    }
    /* 14.1, 14.2.1: HE at the non-vehicle units: the fire preview's DCs */
    if (!preview_fire(p, o, err))
        return false;
    double hit = 0;
    for (int x = 1; x <= 6; x++)
        for (int y = 1; y <= 6; y++) {
            int f[2] = {x, y};
            if (!preview_probe_run(p, f, 2))
                return lnlt_error_set(err, "%s", p->err.msg);
            hit += run_hit(p) ? 1.0 / 36.0 : 0;
        }
    int f0[2] = {1, 1};
    preview_probe_run(p, f0, 2);
    json_object_del(o, "attack"); /* the OFT replaces the DFT's attack and defence */
    json_object_del(o, "defence");
    json_object_set_new(o, "to_hit", to_hit_json(p, hit));
    const lnlt_event *he = find_event(p, LNLT_EV_RESULT, "he");
    json_t *h = json_object();
    json_object_set_new(h, "rule", json_string("14.1"));
    json_object_set_new(h, "roll", json_string("1d6 + HE against 1d6; the difference is the DC (14.1; HEAT -1 outside buildings and bunkers, 14.2.1)"));
    const char *at = he ? strstr(he->text, "+ HE ") : NULL;
    if (at)
        json_object_set_new(h, "he", json_integer(atoi(at + 5)));
    json_object_set_new(o, "he", h);
    json_object_set_new(o, "engine_runs", json_integer(p->runs));
    return true;
}
