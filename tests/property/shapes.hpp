// SPDX-License-Identifier: BSL-1.0
// The shapes of the property tests, fixed at compile time: (n_q, n_kv, d, d_kv, d_k, d_v, cases). Self-attention
// runs on the n_kv x d_kv inputs, cross-attention from n_q x d to n_kv x d_kv, attention from given queries
// (n_q x d_k), keys (n_kv x d_k) and values (n_kv x d_v); multi-head attention has d_model = d_k and d_out = d_v,
// with 1 head, 2 heads if 2 divides d_k and 4 heads if 4 does. `cases` is the number of random inputs drawn for the
// shape; the smaller shapes, which cost little, get more.
//
// An X-macro: CTA_PROPERTY_SHAPES(X) calls X(n_q, n_kv, d, d_kv, d_k, d_v, cases) once per shape. The shapes are
// split in two lists, compiled in two translation units.
#pragma once

#define CTA_PROPERTY_SHAPES_SMALL(X) \
    X(1, 1, 1, 1, 1, 1, 1500)        \
    X(1, 3, 2, 3, 2, 1, 1200)        \
    X(2, 2, 3, 3, 2, 3, 1200)        \
    X(3, 3, 4, 4, 3, 3, 1200)        \
    X(2, 5, 4, 6, 4, 2, 1000)        \
    X(5, 2, 3, 2, 4, 6, 1000)        \
    X(4, 4, 8, 8, 4, 8, 1000)

#define CTA_PROPERTY_SHAPES_LARGE(X) \
    X(6, 6, 5, 5, 8, 3, 600)         \
    X(7, 4, 6, 5, 6, 7, 600)         \
    X(8, 8, 16, 16, 8, 16, 400)      \
    X(4, 12, 8, 10, 12, 6, 400)      \
    X(12, 12, 12, 12, 16, 8, 300)    \
    X(16, 16, 32, 32, 16, 32, 150)   \
    X(16, 16, 64, 64, 64, 64, 100)

#define CTA_PROPERTY_SHAPES(X) CTA_PROPERTY_SHAPES_SMALL(X) CTA_PROPERTY_SHAPES_LARGE(X)
