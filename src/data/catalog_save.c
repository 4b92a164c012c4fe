/*
 * catalog_save.c: writing one file of a catalog back as JSON
 * (lnlt_catalog_save_file) in the form its loader reads, with the words of
 * catalog_names.c, so a saved file loads to the same entries.
 */
#include "lnlt/data.h"

#include "data/catalog_internal.h"

/* ---- saving ---- */

static json_t *opt_int(int v)
{
    return v == LNLT_NONE ? json_null() : json_integer(v);
}

static json_t *save_unit_face(const lnlt_unit_face *f)
{
    json_t *o = json_object();
    json_object_set_new(o, "ifp", opt_int(f->ifp));
    json_object_set_new(o, "range", opt_int(f->range));
    json_object_set_new(o, "mf", opt_int(f->mf));
    json_object_set_new(o, "morale", opt_int(f->morale));
    json_object_set_new(o, "lm", opt_int(f->lm));
    if (f->min_range > 0)
        json_object_set_new(o, "min_range", json_integer(f->min_range));
    for (int i = 0; i < CATALOG_UFLAG_COUNT; i++)
        if (f->flags & (1u << i))
            json_object_set_new(o, catalog_uflag_names[i], json_true());
    return o;
}

static json_t *save_sw_face(const lnlt_sw_face *f)
{
    json_t *o = json_object();
    json_object_set_new(o, "fp", opt_int(f->fp));
    json_object_set_new(o, "range", opt_int(f->range));
    if (f->min_range != LNLT_NONE)
        json_object_set_new(o, "min_range", json_integer(f->min_range));
    return o;
}

static void set_str(json_t *o, const char *k, const char *s)
{
    if (s[0])
        json_object_set_new(o, k, json_string(s));
}

char *lnlt_catalog_save_file(const lnlt_catalog *c, int file)
{
    if (!c || file < 0 || file >= c->file_count)
        return NULL;
    int kind = c->file_kind[file];
    static const char *const kinds[] = {NULL, "units", "weapons", "nations", "skills", "vehicles"};
    if (kind < CAT_UNITS || kind > CAT_VEHICLES)
        return NULL;
    json_t *root = json_object();
    json_t *arr = json_array();
    json_object_set_new(root, "kind", json_string(kinds[kind]));
    json_object_set_new(root, "format", json_integer(LNLT_DATA_FORMAT));
    json_object_set_new(root, kinds[kind], arr);
    if (kind == CAT_VEHICLES)
        catalog_save_vehicles(c, file, arr);
    if (kind == 1)
        for (int i = 0; i < c->unit_count; i++) {
            const lnlt_unit_type *u = &c->unit[i];
            if (u->file != file)
                continue;
            json_t *o = json_object();
            json_object_set_new(o, "id", json_string(u->id));
            json_object_set_new(o, "name", json_string(u->name));
            json_object_set_new(o, "kind", json_string(catalog_unit_kind_names[u->kind]));
            json_object_set_new(o, "nation", json_string(u->nation_id));
            json_object_set_new(o, "back_is", json_string(catalog_back_names[u->back_kind]));
            json_object_set_new(o, "front", save_unit_face(&u->front));
            if (u->back_kind != LNLT_BACK_NONE)
                json_object_set_new(o, "back", save_unit_face(&u->back));
            set_str(o, "reduces_to", u->reduces_to_id);
            if (u->kind == LNLT_UK_WEAPON_TEAM)
                json_object_set_new(o, "weapon", json_string(catalog_wt_weapon_names[u->wt_weapon]));
            if (u->mount != LNLT_MOUNT_NONE) { /* 6.6 */
                json_object_set_new(o, "mount", json_string(catalog_mount_names[u->mount - 1]));
                set_str(o, "dismounts_to", u->dismounts_to_id);
            }
            if (u->gun >= 0) /* 1.7.1 */
                json_object_set_new(o, "ordnance", catalog_save_gun(&c->gun[u->gun]));
            json_object_set_new(o, "countermix", opt_int(u->countermix));
            set_str(o, "note", u->note);
            json_array_append_new(arr, o);
        }
    if (kind == 2)
        for (int i = 0; i < c->sw_count; i++) {
            const lnlt_sw_type *w = &c->sw[i];
            if (w->file != file)
                continue;
            json_t *o = json_object();
            json_object_set_new(o, "id", json_string(w->id));
            json_object_set_new(o, "name", json_string(w->name));
            json_object_set_new(o, "kind", json_string(catalog_sw_kind_names[w->kind]));
            set_str(o, "nation", w->nation_id);
            json_object_set_new(o, "back_is", json_string(catalog_sw_back_names[w->back_kind]));
            json_object_set_new(o, "front", save_sw_face(&w->front));
            if (w->back.fp != LNLT_NONE || w->back.range != LNLT_NONE ||
                w->back.min_range != LNLT_NONE)
                json_object_set_new(o, "back", save_sw_face(&w->back));
            for (int k = 0; k < CATALOG_SWFLAG_COUNT; k++)
                if (w->flags & (1u << k))
                    json_object_set_new(o, catalog_swflag_names[k], json_true());
            if (w->kind == LNLT_SWK_ORDNANCE)
                json_object_set_new(o, "he", opt_int(w->he));
            if (w->depletion != LNLT_NONE)
                json_object_set_new(o, "depletion", json_integer(w->depletion));
            if (w->to_hit_count) {
                json_t *t = json_array();
                for (int k = 0; k < 3; k++)
                    json_array_append_new(t, json_pack("{s:i,s:o,s:o}", "range",
                                                       w->to_hit[k].range, "to_hit",
                                                       opt_int(w->to_hit[k].to_hit), "pv",
                                                       opt_int(w->to_hit[k].pv)));
                json_object_set_new(o, "to_hit", t);
            }
            json_object_set_new(o, "countermix", opt_int(w->countermix));
            set_str(o, "note", w->note);
            json_array_append_new(arr, o);
        }
    if (kind == 3)
        for (int i = 0; i < c->nation_count; i++) {
            const lnlt_nation *n = &c->nation[i];
            if (n->file != file)
                continue;
            json_t *o = json_object();
            json_object_set_new(o, "id", json_string(n->id));
            json_object_set_new(o, "name", json_string(n->name));
            set_str(o, "module", n->module);
            json_object_set_new(o, "era", json_string(catalog_era_names[n->era]));
            json_object_set_new(o, "color", json_string(n->color));
            set_str(o, "badge", n->badge);
            json_object_set_new(o, "smoke", json_integer(n->smoke));
            json_object_set_new(o, "starshell", opt_int(n->starshell));
            json_object_set_new(o, "heroes", json_pack("{s:b,s:i}", "allowed",
                                                       n->heroes_allowed, "max", n->heroes_max));
            json_t *t = json_array();
            for (int k = 0; k < LNLT_TRAIT_COUNT; k++)
                if (n->traits & (1u << k))
                    json_array_append_new(t, json_string(catalog_trait_names[k]));
            json_object_set_new(o, "traits", t);
            t = json_array();
            for (int k = 0; k < n->share_count; k++)
                json_array_append_new(t, json_string(n->share_sw_id[k]));
            json_object_set_new(o, "shares_sw_with", t);
            t = json_array();
            for (int k = 0; k < n->casualty_count; k++) {
                const lnlt_casualty_row *row = &n->casualty[k];
                json_t *res = json_array();
                /* one result per face: simple and exact */
                for (int f = 0; f < 6; f++)
                    json_array_append_new(
                        res, json_pack("{s:[i],s:o}", "faces", f + 1, "to",
                                       row->to_id[f][0] ? json_string(row->to_id[f])
                                                        : json_null()));
                json_array_append_new(t, json_pack("{s:s,s:o}", "from", row->from_id,
                                                   "results", res));
            }
            json_object_set_new(o, "casualty_table", t);
            set_str(o, "note", n->note);
            json_array_append_new(arr, o);
        }
    if (kind == 4)
        for (int i = 0; i < c->skill_count; i++) {
            const lnlt_skill *s = &c->skill[i];
            if (s->file != file)
                continue;
            json_t *o = json_object();
            json_object_set_new(o, "id", json_string(s->id));
            json_object_set_new(o, "name", json_string(s->name));
            json_object_set_new(o, "era", json_string(catalog_era_names[s->era]));
            json_object_set_new(o, "single_use", json_boolean(s->single_use));
            json_t *h = json_array();
            for (int k = 0; k < LNLT_UK_COUNT; k++)
                if (s->holders & (1u << k))
                    json_array_append_new(h, json_string(catalog_unit_kind_names[k]));
            json_object_set_new(o, "holders", h);
            json_t *e = json_array();
            for (int k = 0; k < s->effect_count; k++) {
                json_t *x = json_object();
                json_object_set_new(x, "effect", json_string(catalog_effect_names[s->effect[k].kind]));
                json_object_set_new(x, "scope", json_string(catalog_scope_names[s->effect[k].scope]));
                if (s->effect[k].value != LNLT_NONE)
                    json_object_set_new(x, "value", json_integer(s->effect[k].value));
                json_array_append_new(e, x);
            }
            json_object_set_new(o, "effects", e);
            set_str(o, "note", s->note);
            json_array_append_new(arr, o);
        }
    char *text = json_dumps(root, JSON_INDENT(2) | JSON_PRESERVE_ORDER);
    json_decref(root);
    return text;
}
