/*
 * scenario_readers.c: the small readers every part of the scenario loader uses
 * (docs/formats/scenario.md): allowed keys, sides, references to zones and forces
 * by id, map edges, unit kinds and lists of hexes. Each fails with a precise
 * message naming the key and changes nothing it was not asked to fill.
 */
#include "lnlt/scenario.h"

#include <stdio.h>
#include <string.h>

#include "data/scenario_internal.h"

/* ---- small readers ---- */


/* The keys a part of the format takes for its kind: any other key present is an
 * error, since the engine would ignore it (`what` names the kind in the message). */
bool scn_only_keys(ctx *c, json_t *obj, const char *const *allowed, const char *what)
{
    const char *key;
    json_t *v;
    json_object_foreach(obj, key, v) {
        bool ok = false;
        for (size_t i = 0; allowed[i] && !ok; i++)
            ok = !strcmp(key, allowed[i]);
        if (!ok) {
            char list[200] = "";
            size_t n = 0;
            for (size_t i = 0; allowed[i] && n < sizeof list - 40; i++)
                n += (size_t)snprintf(list + n, sizeof list - n, "%s%s", i ? ", " : "", allowed[i]);
            (void)v;
            jr_key(&c->r, key);
            return jr_fail(&c->r, "\"%.40s\" has no meaning for %s (it takes: %s)", key, what, list);
        }
    }
    return true;
}

/* A side id, or (if allow_any) "any"/"both" meaning LNLT_NONE. */
bool scn_read_side(ctx *c, json_t *obj, const char *key, bool required, bool allow_any,
                   int8_t *out)
{
    char id[LNLT_ID_MAX];
    *out = LNLT_NONE;
    if (!jr_id(&c->r, obj, key, required, id))
        return false;
    if (!id[0])
        return true;
    if (allow_any && (!strcmp(id, "any") || !strcmp(id, "both")))
        return true;
    int i = lnlt_scenario_side(c->s, id);
    if (i < 0) {
        size_t old = jr_key(&c->r, key);
        jr_fail(&c->r, "expected a side id (\"%s\" or \"%s\"%s), found \"%s\"", c->s->side[0].id,
                c->s->side[1].id, allow_any ? " or \"any\"" : "", id);
        jr_pop(&c->r, old);
        return false;
    }
    *out = (int8_t)i;
    return true;
}

bool scn_read_ref(ctx *c, json_t *obj, const char *key, bool required, int kind, int8_t *out,
                  char *idbuf)
{
    /* kind: 0 zone, 1 force, 2 objective */
    char id[LNLT_ID_MAX];
    *out = LNLT_NONE;
    if (!jr_id(&c->r, obj, key, required, id))
        return false;
    if (idbuf)
        memcpy(idbuf, id, LNLT_ID_MAX);
    if (!id[0])
        return true;
    int i = LNLT_NONE;
    if (kind == 0)
        i = lnlt_scenario_zone(c->s, id);
    else if (kind == 1)
        i = lnlt_scenario_force(c->s, id);
    else
        for (int k = 0; k < c->s->objective_count; k++)
            if (!strcmp(c->s->objective[k].id, id))
                i = k;
    if (i < 0) {
        static const char *const what[] = {"zone", "force", "objective"};
        size_t old = jr_key(&c->r, key);
        jr_fail(&c->r, "expected the id of a %s defined in this scenario, found \"%s\"",
                what[kind], id);
        jr_pop(&c->r, old);
        return false;
    }
    *out = (int8_t)i;
    return true;
}

bool scn_read_edges(ctx *c, json_t *obj, const char *key, uint8_t *out)
{
    json_t *a;
    *out = 0;
    if (!jr_array(&c->r, obj, key, false, 4, &a))
        return false;
    if (!a)
        return true;
    size_t old = jr_key(&c->r, key);
    for (size_t i = 0; i < json_array_size(a); i++) {
        int e;
        size_t o2 = jr_idx(&c->r, i);
        if (!jr_enum_value(&c->r, json_array_get(a, i), scn_edge_names, 4, &e))
            return false;
        *out |= (uint8_t)(1u << e);
        jr_pop(&c->r, o2);
    }
    jr_pop(&c->r, old);
    return true;
}

/* Unit kinds named in a list; "mmc" and "smc" stand for their groups. */
bool scn_read_kinds(ctx *c, json_t *obj, const char *key, uint32_t *out)
{
    json_t *a;
    *out = 0;
    if (!jr_array(&c->r, obj, key, false, LNLT_UK_COUNT + 2, &a))
        return false;
    if (!a)
        return true;
    size_t old = jr_key(&c->r, key);
    const char *names[LNLT_UK_COUNT + 2];
    for (int k = 0; k < LNLT_UK_COUNT; k++)
        names[k] = lnlt_unit_kind_name(k);
    names[LNLT_UK_COUNT] = "mmc";
    names[LNLT_UK_COUNT + 1] = "smc";
    for (size_t i = 0; i < json_array_size(a); i++) {
        int k;
        size_t o2 = jr_idx(&c->r, i);
        if (!jr_enum_value(&c->r, json_array_get(a, i), names, LNLT_UK_COUNT + 2, &k))
            return false;
        if (k < LNLT_UK_COUNT)
            *out |= 1u << k;
        else
            for (int j = 0; j < LNLT_UK_COUNT; j++)
                if (k == LNLT_UK_COUNT ? lnlt_unit_kind_is_mmc(j) : lnlt_unit_kind_is_smc(j))
                    *out |= 1u << j;
        jr_pop(&c->r, o2);
    }
    jr_pop(&c->r, old);
    return true;
}

bool scn_read_hex_list(ctx *c, json_t *obj, const char *key, lnlt_hex *out, int max,
                       uint8_t *count)
{
    json_t *a;
    *count = 0;
    if (!jr_array(&c->r, obj, key, false, (size_t)max, &a))
        return false;
    if (!a)
        return true;
    size_t old = jr_key(&c->r, key);
    for (size_t i = 0; i < json_array_size(a); i++) {
        size_t o2 = jr_idx(&c->r, i);
        if (!jr_hex_value(&c->r, json_array_get(a, i), &out[i]))
            return false;
        for (size_t k = 0; k < i; k++)
            if (lnlt_hex_equal(out[k], out[i]))
                return jr_fail(&c->r, "hex listed twice");
        jr_pop(&c->r, o2);
    }
    *count = (uint8_t)json_array_size(a);
    jr_pop(&c->r, old);
    return true;
}
