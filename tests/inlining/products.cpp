// SPDX-License-Identifier: BSL-1.0
// The library's run-time code for a target with fused multiply-add (x86-64-v3): every product the library writes
// must be rounded before the sum that uses it, as constant evaluation rounds it, so the object code of these
// functions must have no fused multiply-add instruction (tests/inlining/check_products.cmake disassembles it). The
// functions below have no arithmetic of their own: every instruction in them is the library's, inlined or called.
#include <cta/cta.hpp>

#define CTA_PRODUCTS_EXPORT extern "C" [[gnu::used]]

namespace {
using d8 = cta::matrix<double, 8, 8>;
using f8 = cta::matrix<float, 8, 8>;
using d16 = cta::matrix<double, 4, 16>;
using f16 = cta::matrix<float, 4, 16>;
}  // namespace

CTA_PRODUCTS_EXPORT double products_exp(double x) { return cta::exp(x); }
CTA_PRODUCTS_EXPORT float products_expf(float x) { return cta::exp(x); }
CTA_PRODUCTS_EXPORT double products_sqrt(double x) { return cta::sqrt(x); }
CTA_PRODUCTS_EXPORT double products_scalbn(double x, int n) { return cta::scalbn(x, n); }
CTA_PRODUCTS_EXPORT void products_matmul(d8& c, const d8& a, const d8& b) { c = a * b; }
CTA_PRODUCTS_EXPORT void products_matmulf(f8& c, const f8& a, const f8& b) { c = a * b; }
// A product of the library followed by a sum of the library: inlined into one function, still two roundings.
CTA_PRODUCTS_EXPORT void products_scale_add(d8& c, const d8& a, const d8& b) { c = a * 3.0 + b; }
CTA_PRODUCTS_EXPORT void products_scale_addf(f8& c, const f8& a, const f8& b) { c = 3.0F * a - b; }
CTA_PRODUCTS_EXPORT void products_softmax(d16& w, const d16& s) { w = cta::softmax(s); }
CTA_PRODUCTS_EXPORT void products_softmaxf(f16& w, const f16& s) { w = cta::softmax(s); }
CTA_PRODUCTS_EXPORT void products_round_to(d8& r, const d8& m) { r = cta::round_to(m, 3); }
CTA_PRODUCTS_EXPORT void products_attention(cta::matrix<float, 8, 16>& o, const cta::matrix<float, 8, 16>& x,
                                            const cta::matrix<float, 16, 16>& w) {
    o = cta::self_attention(x, w, w, w, cta::scaled, cta::causal);
}
CTA_PRODUCTS_EXPORT void products_attention_steps(cta::matrix<double, 4, 8>& o, const cta::matrix<double, 4, 8>& x,
                                                  const cta::matrix<double, 8, 8>& w) {
    const auto steps = cta::self_attention_steps(x, w, w, w);
    o = steps.weighted_values[1];
}
CTA_PRODUCTS_EXPORT void products_multi_head(cta::matrix<float, 4, 8>& o, const cta::matrix<float, 4, 8>& x,
                                             const cta::matrix<float, 8, 8>& w) {
    o = cta::multi_head_self_attention<2>(x, w, w, w, w);
}
