/*
 * map_shapes.c: the hexes a line of sight crosses (10.0) on a loaded map, kept as
 * one shape per offset between the two hexes and parity of the first column, so
 * every line with the same offset shares it: traced the first time it is asked for
 * (or taken from the line back along it), packed into and unpacked from the opening
 * cache (docs/performance.md), and the trace of a line between two hexes
 * (map_trace).
 */
#include <stdlib.h>
#include <string.h>

#include "map/map_internal.h"

bool map_build_shapes(lnlt_map *m, lnlt_error *err)
{
    m->shape_dc = m->cols - 1;
    m->shape_dr = m->rows;
    m->nshape = 2 * (2 * m->shape_dc + 1) * (2 * m->shape_dr + 1);
    m->shape = calloc((size_t)m->nshape, sizeof *m->shape); /* all NULL: traced when first asked */
    if (!m->shape)
        return lnlt_error_set(err, "out of memory");
    for (int k = 0; k < m->nshape; k++)
        atomic_init(&m->shape[k], NULL);
    return true;
}

void map_free_shapes(lnlt_map *m)
{
    for (int k = 0; m->shape && k < m->nshape; k++)
        free(atomic_load_explicit(&m->shape[k], memory_order_relaxed));
    free(m->shape);
}

/* The line of shape s run backwards, from its far end: its steps in reverse
 * order, each crossing from the hex left to the next (a and b swapped), offsets
 * moved by (dc, dr) to the new origin. NULL when out of memory. */
static struct map_shape *shape_reversed(const struct map_shape *s, int dc, int dr)
{
    struct map_shape *b = malloc(sizeof *b + sizeof b->step[0] * (size_t)s->count);
    if (!b)
        return NULL;
    b->count = s->count;
    for (int i = 0; i < s->count; i++) {
        const struct map_shape_step *f = &s->step[s->count - 1 - i];
        bool cross = f->kind == LNLT_TRACE_CROSS;
        struct map_shape_step *o = &b->step[i];
        o->kind = f->kind;
        o->dca = (int8_t)((cross ? f->dcb : f->dca) + dc);
        o->dra = (int8_t)((cross ? f->drb : f->dra) + dr);
        o->dcb = (int8_t)((cross ? f->dca : f->dcb) + dc);
        o->drb = (int8_t)((cross ? f->dra : f->drb) + dr);
    }
    return b;
}

/* Stores shape s as shape k unless a thread stored it first; returns the one kept. */
static struct map_shape *shape_publish(const struct lnlt_map *m, int k, struct map_shape *s)
{
    struct map_shape *none = NULL;
    if (atomic_compare_exchange_strong_explicit(&m->shape[k], &none, s, memory_order_acq_rel, memory_order_acquire))
        return s;
    free(s); /* another thread stored the same shape first */
    return none;
}

/* Shape k (parity par, offset c, r), made now if no line of it was asked for
 * before: the line back along it run forwards (test_map_tables checks that the
 * two agree), or else traced, and then its own backward line stored as well.
 * NULL only when out of memory. */
static const struct map_shape *shape_of(const struct lnlt_map *m, int k, int par, int c, int r)
{
    struct map_shape *s = atomic_load_explicit(&m->shape[k], memory_order_acquire);
    if (s)
        return s;
    int back = (((par + c) & 1) * (2 * m->shape_dc + 1) + (m->shape_dc - c)) * (2 * m->shape_dr + 1) +
               (m->shape_dr - r);
    const struct map_shape *b = atomic_load_explicit(&m->shape[back], memory_order_acquire);
    if (b)
        return (s = shape_reversed(b, c, r)) ? shape_publish(m, k, s) : NULL;
    /* Far from the origin so every column and row stays positive. */
    lnlt_hex f = {(int16_t)(2 * MAP_MAX_COLS + par), (int16_t)(2 * MAP_MAX_ROWS), 0};
    lnlt_hex t = {(int16_t)(f.col + c), (int16_t)(f.row + r), 0};
    lnlt_trace tr;
    if (!lnlt_hex_trace(f, t, &tr))
        tr.count = 0; /* too long for a trace: map_trace() reports it */
    s = malloc(sizeof *s + sizeof s->step[0] * (size_t)tr.count);
    if (!s)
        return NULL;
    s->count = tr.count;
    for (int i = 0; i < tr.count; i++) {
        struct map_shape_step *st = &s->step[i];
        st->kind = tr.step[i].kind;
        st->dca = (int8_t)(tr.step[i].a.col - f.col);
        st->dra = (int8_t)(tr.step[i].a.row - f.row);
        st->dcb = (int8_t)(tr.step[i].b.col - f.col);
        st->drb = (int8_t)(tr.step[i].b.row - f.row);
    }
    s = shape_publish(m, k, s);
    if (back != k) {
        struct map_shape *rev = shape_reversed(s, -c, -r);
        if (rev)
            shape_publish(m, back, rev);
    }
    return s;
}

/* Every shape traced so far, each as its count (-1: not traced) then its steps of
 * five bytes; the bytes needed, written only up to cap. */
size_t map_shapes_pack(const struct lnlt_map *m, uint8_t *buf, size_t cap)
{
    size_t n = 0;
    for (int k = 0; k < m->nshape; k++) {
        const struct map_shape *s = atomic_load_explicit(&m->shape[k], memory_order_acquire);
        int32_t count = s ? s->count : -1;
        if (n + 4 <= cap)
            memcpy(buf + n, &count, 4);
        n += 4;
        for (int i = 0; s && i < s->count; i++, n += 5)
            if (n + 5 <= cap) {
                const struct map_shape_step *st = &s->step[i];
                uint8_t b[5] = {st->kind, (uint8_t)st->dca, (uint8_t)st->dra, (uint8_t)st->dcb, (uint8_t)st->drb};
                memcpy(buf + n, b, 5);
            }
    }
    return n;
}

bool map_shapes_unpack(const struct lnlt_map *m, const uint8_t *buf, size_t n)
{
    size_t at = 0;
    for (int k = 0; k < m->nshape; k++) {
        int32_t count;
        if (at + 4 > n)
            return false;
        memcpy(&count, buf + at, 4);
        at += 4;
        if (count < 0)
            continue;
        if (count > LNLT_TRACE_MAX || at + 5 * (size_t)count > n)
            return false;
        struct map_shape *s = malloc(sizeof *s + sizeof s->step[0] * (size_t)count);
        if (!s)
            return false;
        s->count = count;
        for (int i = 0; i < count; i++, at += 5) {
            struct map_shape_step *st = &s->step[i];
            st->kind = buf[at];
            st->dca = (int8_t)buf[at + 1];
            st->dra = (int8_t)buf[at + 2];
            st->dcb = (int8_t)buf[at + 3];
            st->drb = (int8_t)buf[at + 4];
        }
        shape_publish(m, k, s);
    }
    return at == n;
}

bool map_trace(const struct lnlt_map *m, lnlt_hex from, lnlt_hex to, lnlt_trace *out)
{
    int c = to.col - from.col, r = to.row - from.row;
    if (!m->shape || c < -m->shape_dc || c > m->shape_dc || r < -m->shape_dr || r > m->shape_dr)
        return lnlt_hex_trace(from, to, out);
    int par = from.col & 1;
    int k = (par * (2 * m->shape_dc + 1) + c + m->shape_dc) * (2 * m->shape_dr + 1) + r + m->shape_dr;
    const struct map_shape *s = shape_of(m, k, par, c, r);
    if (!s || s->count == 0)
        return lnlt_hex_trace(from, to, out);
    out->count = s->count;
    for (int i = 0; i < out->count; i++) {
        const struct map_shape_step *st = &s->step[i];
        lnlt_trace_step *o = &out->step[i];
        o->kind = st->kind;
        o->a.col = (int16_t)(from.col + st->dca);
        o->a.row = (int16_t)(from.row + st->dra);
        o->b.col = (int16_t)(from.col + st->dcb);
        o->b.row = (int16_t)(from.row + st->drb);
        o->a.map = o->b.map = from.map;
    }
    return true;
}
