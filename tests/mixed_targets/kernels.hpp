// SPDX-License-Identifier: BSL-1.0
// The same functions of cta compiled into two units, one for x86-64's baseline and one for x86-64-v4 (AVX-512):
// softmax and self-attention on float, whose run-time code uses the widest vectors of its unit. Each unit defines
// them under its own prefix (CTA_MIXED_PREFIX).
#include <cta/attention.hpp>
#include <cta/softmax.hpp>

#define CTA_MIXED_CAT2(a, b) a##b
#define CTA_MIXED_CAT(a, b) CTA_MIXED_CAT2(a, b)

namespace mixed {
using scores = cta::matrix<float, 4, 32>;
using inputs = cta::matrix<float, 8, 16>;
using weights = cta::matrix<float, 16, 16>;
using outputs = cta::matrix<float, 8, 16>;
}  // namespace mixed

extern "C" void CTA_MIXED_CAT(CTA_MIXED_PREFIX, softmax)(mixed::scores& w, const mixed::scores& s);
extern "C" void CTA_MIXED_CAT(CTA_MIXED_PREFIX, self_attention)(mixed::outputs& o, const mixed::inputs& x,
                                                                 const mixed::weights& w);

#ifdef CTA_MIXED_DEFINE
extern "C" void CTA_MIXED_CAT(CTA_MIXED_PREFIX, softmax)(mixed::scores& w, const mixed::scores& s) {
    w = cta::softmax(s);
}
extern "C" void CTA_MIXED_CAT(CTA_MIXED_PREFIX, self_attention)(mixed::outputs& o, const mixed::inputs& x,
                                                                 const mixed::weights& w) {
    o = cta::self_attention(x, w, w, w, cta::scaled, cta::causal);
}
#endif
