/*
 * preview_fire.c: the preview of an attack (rules 5.0-5.6 direct fire, 5.3
 * opportunity fire, 6.1.1 assault fire, 6.7 hit and run fire, 1.6.2 jams, 1.6.5
 * indirect mortar fire, 11.4 snipers, 11.12 marksmen, 18.1 mortar teams; 5.1
 * damage checks and 11.2.1 hero creation).
 *
 * Every figure comes from the engine applying the attack (rules/preview.h):
 *  1. the dice before the first damage check (the opposed roll, a mortar's two
 *     dice, a jam or a sniper's random target) are enumerated one die at a time,
 *     each branch applied, so the DC each unit gets has its exact probability;
 *  2. for each set of DCs that can occur, each hit unit's damage check is applied
 *     with each face of its die (and each face of the dice of the leaders hit with
 *     it, whose result decides the LM they lend, 5.0): the result of every face is
 *     what the engine does to that unit;
 *  3. the modifiers shown are the ones the engine logged for the attack (its CALC
 *     event) and the target's TM as the engine computes it (10.4, 5.5).
 * Ruling R-VIEW-06 says why, and what the enumeration leaves fixed.
 */
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "lnlt/view.h"
#include "rules/internal.h"
#include "rules/preview.h"

#define LEAVES_MAX 4096
#define PREFIX_MAX 8
#define VECTORS_MAX 64
#define TARGETS_MAX 24

/* The results of a damage check, as the state shows them afterwards (5.1). */
enum { R_NONE = 0, R_SHAKEN, R_CASUALTIES, R_WOUNDED, R_ELIMINATED, R_COUNT };
static const char *const result_name[R_COUNT] = {"no_effect", "shaken", "casualties", "wounded", "eliminated"};

typedef struct leaf {
    int faces[PREFIX_MAX];
    int n;
    double p;
} leaf;

typedef struct dc_vector {
    int dc[TARGETS_MAX]; /* by target index */
    double p;
    int leaf;            /* a leaf that produces it */
} dc_vector;

typedef struct fire_preview {
    preview_probe *probe;
    int from, to, side;
    int target[TARGETS_MAX]; /* unit indices */
    int ntarget;
    leaf *leaves;
    int nleaves;
    dc_vector vec[VECTORS_MAX];
    int nvec;
    double jam_p;
    double hex_dc[32];       /* the target location's result: 0 = no effect, else DC */
} fire_preview;

static int target_index(fire_preview *f, int unit, bool add)
{
    for (int i = 0; i < f->ntarget; i++)
        if (f->target[i] == unit)
            return i;
    if (!add || f->ntarget >= TARGETS_MAX)
        return -1;
    f->target[f->ntarget] = unit;
    return f->ntarget++;
}

static bool is_damage_check(const lnlt_event *e)
{
    return e->kind == LNLT_EV_ROLL && !strncmp(e->what, "damage check", 12);
}

/* Dice consumed before the first damage check of the last run. */
static int dice_before_checks(const preview_probe *p)
{
    int at = 0;
    for (int i = 0; i < p->log.count; i++) {
        const lnlt_event *e = &p->log.ev[i];
        if (is_damage_check(e))
            break;
        if (e->kind == LNLT_EV_ROLL)
            at += e->ndice;
    }
    return at;
}

/* The DC modifier a damage-check roll event carries (damage.c logs it as a term). */
static int event_dc(const lnlt_event *e)
{
    for (int i = 0; i < e->mods.count; i++)
        if (!strcmp(e->mods.mod[i].source, "DC"))
            return e->mods.mod[i].value;
    return 0;
}

/* The ROLL event of the last run that holds die number `index`, or NULL. */
static const lnlt_event *roll_holding(const preview_probe *p, int index)
{
    int at = 0;
    for (int i = 0; i < p->log.count; i++) {
        const lnlt_event *e = &p->log.ev[i];
        if (e->kind != LNLT_EV_ROLL)
            continue;
        if (index < at + e->ndice)
            return e;
        at += e->ndice;
    }
    return NULL;
}

/* Is die `index` of the last run the same roll made again (a random pick that
 * rejects a face and rolls anew, as 11.4's random target does)? */
static bool rolled_again(const preview_probe *p, int index)
{
    if (index <= 0)
        return false;
    const lnlt_event *now = roll_holding(p, index), *before = roll_holding(p, index - 1);
    return now && before && now != before && !strcmp(now->what, before->what) && !strcmp(now->rule, before->rule);
}

/* Step 1: enumerate the dice before the damage checks, depth first. A branch that
 * makes a rejecting pick roll again is dropped and the rest renormalised: the new
 * roll is independent of the rejected one, so the outcomes given acceptance are
 * the outcomes, exactly. */
static bool enumerate_leaves(fire_preview *f)
{
    preview_probe *p = f->probe;
    leaf *stack = malloc(LEAVES_MAX * sizeof *stack);
    if (!stack)
        return false;
    int top = 0;
    stack[top++] = (leaf){{0}, 0, 1.0};
    while (top > 0) {
        leaf l = stack[--top];
        if (!preview_probe_run(p, l.faces, l.n)) {
            free(stack);
            return false;
        }
        int k = dice_before_checks(p);
        if (k > l.n && rolled_again(p, l.n))
            continue;
        if (k > l.n && l.n < PREFIX_MAX) {
            for (int face = 6; face >= 1 && top < LEAVES_MAX; face--) {
                leaf c = l;
                c.faces[c.n++] = face;
                c.p = l.p / 6.0;
                stack[top++] = c;
            }
            continue;
        }
        if (f->nleaves >= LEAVES_MAX)
            break;
        f->leaves[f->nleaves++] = l;
        /* the DCs this branch gives, and whether a weapon jammed in it */
        dc_vector v;
        memset(&v, 0, sizeof v);
        bool jammed = false;
        for (int i = 0; i < p->log.count; i++) {
            const lnlt_event *e = &p->log.ev[i];
            if (is_damage_check(e) && e->unit >= 0) {
                int t = target_index(f, e->unit, true);
                if (t >= 0)
                    v.dc[t] = event_dc(e);
            }
            jammed |= e->kind == LNLT_EV_RESULT && !strcmp(e->what, "sw-jammed");
        }
        if (jammed)
            f->jam_p += l.p;
        int hex = 0;
        for (int t = 0; t < f->ntarget; t++)
            if (lnlt_unit_loc(&f->probe->base->unit[f->target[t]]) == f->to && v.dc[t] > hex)
                hex = v.dc[t];
        f->hex_dc[hex < 32 ? hex : 31] += l.p;
        int found = -1;
        for (int i = 0; i < f->nvec && found < 0; i++)
            if (!memcmp(f->vec[i].dc, v.dc, sizeof v.dc))
                found = i;
        if (found < 0 && f->nvec < VECTORS_MAX) {
            found = f->nvec++;
            f->vec[found] = v;
            f->vec[found].p = 0;
            f->vec[found].leaf = f->nleaves - 1;
        }
        if (found >= 0)
            f->vec[found].p += l.p;
    }
    free(stack);
    double mass = 0;
    for (int i = 0; i < f->nleaves; i++)
        mass += f->leaves[i].p;
    if (mass <= 0)
        return false;
    for (int i = 0; i < f->nleaves; i++)
        f->leaves[i].p /= mass;
    for (int i = 0; i < f->nvec; i++)
        f->vec[i].p /= mass;
    for (int k = 0; k < 32; k++)
        f->hex_dc[k] /= mass;
    f->jam_p /= mass;
    return true;
}

/* What the last run did to unit u (5.1), read from the state. */
static int result_of(const preview_probe *p, int u)
{
    const lnlt_unit *a = &p->base->unit[u], *b = &p->out->unit[u];
    if (b->cell == LNLT_CELL_ELIMINATED)
        return R_ELIMINATED;
    if (b->type != a->type)
        return R_CASUALTIES;
    if (b->wounds > a->wounds)
        return R_WOUNDED;
    if (b->status != a->status)
        return R_SHAKEN;
    return R_NONE;
}

static bool hero_appeared(const preview_probe *p)
{
    for (int i = 0; i < p->log.count; i++)
        if (p->log.ev[i].kind == LNLT_EV_RESULT && !strcmp(p->log.ev[i].what, "hero"))
            return true;
    return false;
}

/* The die index of unit u's damage check in the last run, or -1. */
static int check_index(const preview_probe *p, int u)
{
    for (int i = 0; i < p->log.count; i++)
        if (is_damage_check(&p->log.ev[i]) && p->log.ev[i].unit == u)
            return preview_die_index(p, &p->log.ev[i]);
    return -1;
}

typedef struct meaning {
    double result[R_COUNT]; /* given the DCs of the vector */
    double hero;
    int by_die[6];          /* the result of each natural die, when no leader's die matters */
    bool by_die_known;
} meaning;

/* Step 2: unit `t`'s damage check under DC vector v, each face of its die, with
 * the dice of the other leaders hit enumerated (their results decide the LM). */
static bool damage_meaning(fire_preview *f, const dc_vector *v, int t, meaning *m)
{
    preview_probe *p = f->probe;
    const lnlt_ctx *ctx = p->ctx;
    const leaf *l = &f->leaves[v->leaf];
    int unit = f->target[t];
    memset(m, 0, sizeof *m);
    int faces[PREFIX_MAX + 16];
    memcpy(faces, l->faces, (size_t)l->n * sizeof faces[0]);
    /* the hit leaders other than this unit: they check first, each one die (5.0) */
    int leaders[TARGETS_MAX], nl = 0;
    bool self_leader = rules_is_leader(ctx, &p->base->unit[unit]);
    for (int i = 0; i < f->ntarget && !self_leader; i++)
        if (i != t && v->dc[i] > 0 && rules_is_leader(ctx, &p->base->unit[f->target[i]]))
            leaders[nl++] = f->target[i];
    if (nl > 2)
        nl = 2; /* a third leader hit in one stack is beyond the kit; his die stays neutral */
    if (!preview_probe_run(p, faces, l->n))
        return false;
    int lpos[2];
    for (int k = 0; k < nl; k++)
        lpos[k] = check_index(p, leaders[k]);
    int combos = nl == 0 ? 1 : nl == 1 ? 6 : 36;
    m->by_die_known = nl == 0;
    for (int c = 0; c < combos; c++) {
        int run[PREFIX_MAX + 64];
        int n = l->n;
        memcpy(run, faces, (size_t)l->n * sizeof run[0]);
        int lf[2] = {c % 6 + 1, c / 6 + 1};
        for (int k = 0; k < nl; k++) {
            while (n <= lpos[k])
                run[n++] = PREVIEW_FILLER;
            run[lpos[k]] = lf[k];
        }
        if (!preview_probe_run(p, run, n))
            return false;
        int pos = check_index(p, unit);
        if (pos < 0)
            continue; /* no check for it in this branch */
        for (int die = 1; die <= 6; die++) {
            int r2[PREFIX_MAX + 64];
            memcpy(r2, run, (size_t)n * sizeof r2[0]);
            int n2 = n;
            while (n2 <= pos)
                r2[n2++] = PREVIEW_FILLER;
            r2[pos] = die;
            if (!preview_probe_run(p, r2, n2))
                return false;
            int r = result_of(p, unit);
            m->result[r] += 1.0 / 6.0 / combos;
            if (m->by_die_known)
                m->by_die[die - 1] = r;
            if (die == 1) { /* 11.2.1: a natural 1, then an even die makes a hero */
                while (n2 <= pos + 1)
                    r2[n2++] = PREVIEW_FILLER;
                r2[pos + 1] = 2;
                if (!preview_probe_run(p, r2, n2))
                    return false;
                if (hero_appeared(p))
                    m->hero += 1.0 / 6.0 / 2.0 / combos;
            }
        }
    }
    return true;
}

static double round4(double x) { return floor(x * 10000.0 + 0.5) / 10000.0; }

static json_t *results_json(const double *r)
{
    json_t *o = json_object();
    for (int k = 0; k < R_COUNT; k++)
        if (r[k] > 0)
            json_object_set_new(o, result_name[k], json_real(round4(r[k])));
    return o;
}

/* The first CALC event of the last run: the attack's FP and modifiers. */
static const lnlt_event *attack_calc(const preview_probe *p)
{
    for (int i = 0; i < p->log.count; i++)
        if (p->log.ev[i].kind == LNLT_EV_CALC)
            return &p->log.ev[i];
    return NULL;
}

/* The TM the opposed roll of the last run used ("... vs 1d6 4 + TM 2 = 6"), or -1. */
static int logged_tm(const preview_probe *p)
{
    for (int i = 0; i < p->log.count; i++) {
        const lnlt_event *e = &p->log.ev[i];
        const char *at = strstr(e->text, " + TM ");
        if (e->kind == LNLT_EV_RESULT && !strcmp(e->what, "opposed roll") && at)
            return atoi(at + 6);
    }
    return -1;
}

/* The modifiers the engine adds per target unit rather than to the whole attack,
 * as its opposed-roll line of the last run shows them: +1 against Leg units that
 * move or are marked Moved or AM (5.3), the mounted unit's -1 or +1 (6.6), +1
 * against a Fired backblast holder in a building (1.6.4 d). They are not in the
 * attack's CALC event, so without them the preview's "1d6 + 4" would not read
 * like the "1d6 5 + 4 + moving 1" the roll then prints. In a hex where only some
 * units move, only those get the +1; each target's DC odds below count it exactly. */
static void per_target_terms(const preview_probe *p, lnlt_modifiers *out)
{
    static const struct {
        const char *text;
        int value;
        const char *source, *rule;
    } known[] = {
        {" + moving 1", 1, "moving target", "5.3"},
        {" - mounted moving 1", -1, "mounted unit moving", "6.6"},
        {" + mounted exposed 1", 1, "mounted unit not moving", "6.6"},
        {" + backblast 1", 1, "Fired backblast weapon in a building", "1.6.4"},
    };
    for (int i = 0; i < p->log.count; i++) {
        const lnlt_event *e = &p->log.ev[i];
        if (e->kind != LNLT_EV_RESULT || strcmp(e->what, "opposed roll"))
            continue;
        const char *vs = strstr(e->text, " vs ");
        for (size_t k = 0; k < sizeof known / sizeof known[0]; k++) {
            const char *at = strstr(e->text, known[k].text);
            if (at && (!vs || at < vs))
                lnlt_mods_add(out, known[k].value, known[k].source, known[k].rule);
        }
        return;
    }
}

/* The locations of the attack, by action kind. */
static void ends_of(const preview_probe *p, int *from, int *to)
{
    const lnlt_action *a = &p->action;
    const lnlt_state *st = p->base;
    switch (a->type) {
    case LNLT_ACT_OPFIRE: *from = a->arg[0]; *to = rules_opfire_loc(st); break; /* 5.3, 14.4 */
    case LNLT_ACT_HR_FIRE: *from = st->move.cell; *to = a->arg[0]; break;
    default: *from = a->arg[0]; *to = a->arg[1]; break;
    }
}

static const char *dice_words(const preview_probe *p)
{
    for (int i = 0; i < p->log.count; i++) {
        const lnlt_event *e = &p->log.ev[i];
        if (e->kind != LNLT_EV_ROLL)
            continue;
        if (strstr(e->what, "high die"))
            return "the higher of 2d6 (1.6.5)";
        if (!strncmp(e->what, "attack", 6))
            return e->ndice == 2 ? "2d6" : "1d6";
    }
    for (int i = 0; i < p->log.count; i++)
        if (p->log.ev[i].kind == LNLT_EV_ROLL && p->log.ev[i].ndice == 2)
            return "2d6 (11.4)";
    return "1d6";
}

bool preview_fire(preview_probe *p, json_t *o, lnlt_error *err)
{
    const lnlt_ctx *ctx = p->ctx;
    const lnlt_state *st = p->base;
    fire_preview f;
    memset(&f, 0, sizeof f);
    f.probe = p;
    f.side = p->side;
    ends_of(p, &f.from, &f.to);
    f.leaves = malloc(LEAVES_MAX * sizeof *f.leaves);
    if (!f.leaves)
        return lnlt_error_set(err, "out of memory");
    /* the enemy units at the target location, whether hit or not */
    for (int i = 0; i < st->unit_count; i++)
        if (lnlt_unit_loc(&st->unit[i]) == f.to && st->unit[i].side != f.side && rules_on_map(&st->unit[i]))
            target_index(&f, i, true);
    if (!enumerate_leaves(&f)) {
        free(f.leaves);
        return lnlt_error_set(err, "%s", p->err.msg);
    }
    char name[LNLT_HEX_ID_MAX];
    json_object_set_new(o, "from", json_string(lnlt_cell_name(ctx, f.from, name)));
    json_object_set_new(o, "to", json_string(lnlt_cell_name(ctx, f.to, name)));
    json_object_set_new(o, "range", json_integer(lnlt_hex_distance(rules_hex(ctx, f.from), rules_hex(ctx, f.to))));
    /* the attack as the engine logged it (first branch: every branch logs the same) */
    preview_probe_run(p, f.leaves[0].faces, f.leaves[0].n);
    const lnlt_event *calc = attack_calc(p);
    json_t *atk = json_object();
    if (calc) {
        json_object_set_new(atk, "what", json_string(calc->what));
        json_object_set_new(atk, "rule", json_string(calc->rule));
        json_object_set_new(atk, "terms", preview_terms_json(&calc->mods));
        json_object_set_new(atk, "total", json_integer(calc->total));
        json_object_set_new(atk, "firepower", json_string(calc->text));
    }
    json_object_set_new(atk, "dice", json_string(dice_words(p)));
    lnlt_modifiers per_target = {0};
    per_target_terms(p, &per_target);
    json_object_set_new(atk, "target_terms", preview_terms_json(&per_target));
    json_object_set_new(o, "attack", atk);
    /* the target's TM (10.4, 5.5 cap; 11.4 a lone sniper doubles it, except
     * against some attacks): its parts as the rules count them, doubled when the
     * engine's opposed roll used the doubled value */
    lnlt_modifiers parts = {0}, tmmods = {0};
    rules_hex_tm(ctx, st, f.to, lnlt_other_side(f.side), &parts);
    int logged = logged_tm(p);
    int tm = lnlt_target_tm(&parts, false, NULL);
    bool doubled = logged >= 0 && logged != tm && logged == lnlt_target_tm(&parts, true, NULL);
    tm = lnlt_target_tm(&parts, doubled, &tmmods);
    json_t *def = json_object();
    json_object_set_new(def, "terms", preview_terms_json(&tmmods));
    json_object_set_new(def, "tm", json_integer(tm));
    json_object_set_new(def, "dice", json_string("1d6"));
    json_object_set_new(o, "defence", def);
    /* the target location's outcome, as the opposed-roll line reports it */
    json_t *outcomes = json_array();
    for (int k = 0; k < 32; k++) {
        if (f.hex_dc[k] <= 0)
            continue;
        json_t *oc = json_object();
        char label[16];
        if (k == 0)
            snprintf(label, sizeof label, "no effect");
        else
            snprintf(label, sizeof label, "DC+%d", k);
        json_object_set_new(oc, "result", json_string(label));
        json_object_set_new(oc, "dc", json_integer(k));
        json_object_set_new(oc, "probability", json_real(round4(f.hex_dc[k])));
        json_array_append_new(outcomes, oc);
    }
    json_object_set_new(o, "outcomes", outcomes);
    if (f.jam_p > 0)
        json_object_set_new(o, "jam_probability", json_real(round4(f.jam_p)));
    /* per unit: the DC it may get, and what each DC means for its morale */
    json_t *targets = json_array();
    bool ok = true;
    for (int t = 0; t < f.ntarget && ok; t++) {
        int unit = f.target[t];
        json_t *to = preview_unit_json(ctx, st, unit);
        double by_dc[32] = {0}, total[R_COUNT] = {0}, hero = 0;
        double cond[32][R_COUNT];
        double cond_hero[32];
        int cond_die[32][6];
        bool cond_die_known[32];
        memset(cond, 0, sizeof cond);
        memset(cond_hero, 0, sizeof cond_hero);
        for (int k = 0; k < 32; k++)
            cond_die_known[k] = false;
        for (int vi = 0; vi < f.nvec && ok; vi++) {
            const dc_vector *v = &f.vec[vi];
            int dc = v->dc[t] < 32 ? v->dc[t] : 31;
            by_dc[dc] += v->p;
            if (dc == 0) {
                total[R_NONE] += v->p;
                cond[0][R_NONE] += v->p;
                continue;
            }
            meaning m;
            if (!damage_meaning(&f, v, t, &m)) {
                ok = false;
                break;
            }
            for (int r = 0; r < R_COUNT; r++) {
                total[r] += v->p * m.result[r];
                cond[dc][r] += v->p * m.result[r];
            }
            hero += v->p * m.hero;
            cond_hero[dc] += v->p * m.hero;
            if (m.by_die_known && !cond_die_known[dc]) {
                memcpy(cond_die[dc], m.by_die, sizeof m.by_die);
                cond_die_known[dc] = true;
            }
        }
        json_t *dcs = json_array();
        for (int k = 0; k < 32; k++) {
            if (by_dc[k] <= 0)
                continue;
            json_t *d = json_object();
            json_object_set_new(d, "dc", json_integer(k));
            json_object_set_new(d, "probability", json_real(round4(by_dc[k])));
            double given[R_COUNT];
            for (int r = 0; r < R_COUNT; r++)
                given[r] = cond[k][r] / by_dc[k];
            json_object_set_new(d, "results", results_json(given));
            if (k > 0 && cond_hero[k] > 0)
                json_object_set_new(d, "hero", json_real(round4(cond_hero[k] / by_dc[k])));
            if (k > 0 && cond_die_known[k]) {
                json_t *bd = json_array();
                for (int die = 0; die < 6; die++)
                    json_array_append_new(bd, json_string(result_name[cond_die[k][die]]));
                json_object_set_new(d, "by_die", bd);
            }
            json_array_append_new(dcs, d);
        }
        json_object_set_new(to, "dc", dcs);
        json_object_set_new(to, "results", results_json(total));
        if (hero > 0)
            json_object_set_new(to, "hero", json_real(round4(hero)));
        json_array_append_new(targets, to);
    }
    json_object_set_new(o, "targets", targets);
    json_object_set_new(o, "engine_runs", json_integer(p->runs));
    free(f.leaves);
    if (!ok)
        return lnlt_error_set(err, "%s", p->err.msg);
    return true;
}
