/*
 * catalog_nations.c: one entry of a nations file or a skills file
 * (docs/formats/nations.md, skills.md): national characteristics (13.0) and skill
 * cards with their effects and scopes (12.0).
 */
#include "lnlt/data.h"

#include <string.h>

#include "data/catalog_internal.h"

/* ---- nations ---- */

bool catalog_read_nation(jr *r, lnlt_catalog *c, json_t *v, lnlt_nation *n)
{
    static const char *const keys[] = {"id", "name", "module", "era", "color", "badge",
                                       "smoke", "starshell", "heroes", "casualty_table",
                                       "traits", "shares_sw_with", "note", NULL};
    int era, smoke;
    memset(n, 0, sizeof *n);
    if (!jr_is_object(r, v) || !jr_keys(r, v, keys))
        return false;
    if (!jr_id(r, v, "id", true, n->id) || !catalog_check_new_id(r, c, n->id) ||
        !jr_str(r, v, "name", true, n->name, sizeof n->name) ||
        !jr_str(r, v, "module", false, n->module, sizeof n->module) ||
        !jr_enum(r, v, "era", true, catalog_era_names, 2, 0, &era) ||
        !jr_str(r, v, "color", true, n->color, sizeof n->color) ||
        !jr_str(r, v, "badge", false, n->badge, sizeof n->badge) ||
        !jr_int(r, v, "smoke", true, 0, 6, 0, &smoke) ||
        !jr_int_or_none(r, v, "starshell", false, 0, 6, &n->starshell) ||
        !jr_str(r, v, "note", false, n->note, sizeof n->note))
        return false;
    n->era = (uint8_t)era;
    n->smoke = (int8_t)smoke;
    n->heroes_allowed = true;
    n->heroes_max = 2;
    json_t *h = json_object_get(v, "heroes");
    if (h) {
        static const char *const hk[] = {"allowed", "max", NULL};
        size_t old = jr_key(r, "heroes");
        int mx;
        if (!jr_is_object(r, h) || !jr_keys(r, h, hk) ||
            !jr_bool(r, h, "allowed", true, &n->heroes_allowed) ||
            !jr_int(r, h, "max", false, 0, 9, 2, &mx))
            return false;
        n->heroes_max = (int8_t)mx;
        jr_pop(r, old);
    }
    json_t *a;
    if (!jr_array(r, v, "traits", false, 16, &a))
        return false;
    if (a) {
        size_t old = jr_key(r, "traits");
        for (size_t i = 0; i < json_array_size(a); i++) {
            int t;
            size_t o2 = jr_idx(r, i);
            if (!jr_enum_value(r, json_array_get(a, i), catalog_trait_names, LNLT_TRAIT_COUNT, &t))
                return false;
            n->traits |= 1u << t;
            jr_pop(r, o2);
        }
        jr_pop(r, old);
    }
    if (!jr_array(r, v, "shares_sw_with", false, LNLT_MAX_SHARE, &a))
        return false;
    if (a) {
        size_t old = jr_key(r, "shares_sw_with");
        for (size_t i = 0; i < json_array_size(a); i++) {
            size_t o2 = jr_idx(r, i);
            if (!jr_id_value(r, json_array_get(a, i), n->share_sw_id[i]))
                return false;
            jr_pop(r, o2);
        }
        n->share_count = (uint8_t)json_array_size(a);
        jr_pop(r, old);
    }
    if (!jr_array(r, v, "casualty_table", false, LNLT_MAX_CASUALTY_ROWS, &a))
        return false;
    if (a) {
        size_t old = jr_key(r, "casualty_table");
        for (size_t i = 0; i < json_array_size(a); i++) {
            static const char *const ck[] = {"from", "results", NULL};
            lnlt_casualty_row *row = &n->casualty[i];
            json_t *e = json_array_get(a, i), *res;
            size_t o2 = jr_idx(r, i);
            if (!jr_is_object(r, e) || !jr_keys(r, e, ck) || !jr_id(r, e, "from", true, row->from_id) ||
                !jr_array(r, e, "results", true, 6, &res))
                return false;
            bool seen[6] = {false};
            size_t o3 = jr_key(r, "results");
            for (size_t k = 0; k < json_array_size(res); k++) {
                static const char *const rk[] = {"faces", "to", NULL};
                json_t *x = json_array_get(res, k), *faces;
                char to[LNLT_ID_MAX];
                size_t o4 = jr_idx(r, k);
                if (!jr_is_object(r, x) || !jr_keys(r, x, rk))
                    return false;
                json_t *tov = json_object_get(x, "to");
                if (tov && json_is_null(tov))
                    to[0] = 0;
                else if (!jr_id(r, x, "to", true, to))
                    return false;
                if (!jr_array(r, x, "faces", true, 6, &faces))
                    return false;
                size_t o5 = jr_key(r, "faces");
                for (size_t f = 0; f < json_array_size(faces); f++) {
                    json_t *fv = json_array_get(faces, f);
                    size_t o6 = jr_idx(r, f);
                    if (!json_is_integer(fv) || json_integer_value(fv) < 1 ||
                        json_integer_value(fv) > 6)
                        return jr_fail(r, "expected a die face from 1 to 6, found %s",
                                       json_is_integer(fv) ? "one out of range" : jr_type(fv));
                    int face = (int)json_integer_value(fv);
                    if (seen[face - 1])
                        return jr_fail(r, "face %d is listed twice", face);
                    seen[face - 1] = true;
                    jr_copy(row->to_id[face - 1], LNLT_ID_MAX, to);
                    jr_pop(r, o6);
                }
                jr_pop(r, o5);
                jr_pop(r, o4);
            }
            for (int f = 0; f < 6; f++)
                if (!seen[f])
                    return jr_fail(r, "every face 1-6 needs a result; face %d has none", f + 1);
            jr_pop(r, o3);
            jr_pop(r, o2);
        }
        n->casualty_count = (uint8_t)json_array_size(a);
        jr_pop(r, old);
    }
    return true;
}

/* ---- skills ---- */

bool catalog_read_skill(jr *r, lnlt_catalog *c, json_t *v, lnlt_skill *s)
{
    static const char *const keys[] = {"id", "name", "era", "holders", "single_use",
                                       "effects", "note", NULL};
    int era;
    memset(s, 0, sizeof *s);
    if (!jr_is_object(r, v) || !jr_keys(r, v, keys))
        return false;
    if (!jr_id(r, v, "id", true, s->id) || !catalog_check_new_id(r, c, s->id) ||
        !jr_str(r, v, "name", true, s->name, sizeof s->name) ||
        !jr_enum(r, v, "era", false, catalog_era_names, 3, 2, &era) ||
        !jr_bool(r, v, "single_use", false, &s->single_use) ||
        !jr_str(r, v, "note", false, s->note, sizeof s->note))
        return false;
    s->era = (uint8_t)era;
    json_t *a;
    if (!jr_array(r, v, "holders", true, LNLT_UK_COUNT, &a))
        return false;
    size_t old = jr_key(r, "holders");
    if (json_array_size(a) == 0)
        return jr_fail(r, "expected at least one kind of unit that may hold the skill");
    for (size_t i = 0; i < json_array_size(a); i++) {
        int k;
        size_t o2 = jr_idx(r, i);
        if (!jr_enum_value(r, json_array_get(a, i), catalog_unit_kind_names, LNLT_UK_COUNT, &k))
            return false;
        s->holders |= 1u << k;
        jr_pop(r, o2);
    }
    jr_pop(r, old);
    if (!jr_array(r, v, "effects", true, LNLT_MAX_SKILL_EFFECTS, &a))
        return false;
    old = jr_key(r, "effects");
    for (size_t i = 0; i < json_array_size(a); i++) {
        static const char *const ek[] = {"effect", "scope", "value", NULL};
        json_t *e = json_array_get(a, i);
        int kind, scope;
        size_t o2 = jr_idx(r, i);
        if (!jr_is_object(r, e) || !jr_keys(r, e, ek) ||
            !jr_enum(r, e, "effect", true, catalog_effect_names, LNLT_SE_COUNT, 0, &kind) ||
            !jr_enum(r, e, "scope", false, catalog_scope_names, LNLT_SS_COUNT, LNLT_SS_SELF, &scope) ||
            !jr_int_or_none(r, e, "value", false, 0, 20, &s->effect[i].value))
            return false;
        bool needs_value = kind == LNLT_SE_FP_BONUS || kind == LNLT_SE_RANGE_MULTIPLIER ||
                           kind == LNLT_SE_EXTRA_WOUNDS || kind == LNLT_SE_RALLY_RANGE;
        if (needs_value && s->effect[i].value == LNLT_NONE) {
            jr_key(r, "value");
            return jr_fail(r, "the effect \"%s\" needs a value", catalog_effect_names[kind]);
        }
        s->effect[i].kind = (uint8_t)kind;
        s->effect[i].scope = (uint8_t)scope;
        jr_pop(r, o2);
    }
    s->effect_count = (uint8_t)json_array_size(a);
    jr_pop(r, old);
    return true;
}
