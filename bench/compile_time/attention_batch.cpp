// SPDX-License-Identifier: BSL-1.0
// Run-time code for many shapes: one cta::self_attention_batch over the sequences of the CTA_BENCH_LENGTHS largest
// lengths of 1 to 32 tokens (CTA_BENCH_LENGTHS = 1: 32 tokens; 32: 1, 2, ..., 32 tokens) of d = 4 doubles, computed
// at run time (the operands come from memory). Each length is a type of its own, with its own projections, scores,
// softmax and outputs; bench/regenerate.py compiles it for 1 and for 32 lengths and compares compile time, object size
// and the functions of cta the object defines.
#include <cstddef>
#include <cstring>
#include <utility>

#include <boost/hana/for_each.hpp>
#include <boost/hana/tuple.hpp>

#include <cta/batch.hpp>

#ifndef CTA_BENCH_LENGTHS
#error "define CTA_BENCH_LENGTHS, the number of sequence lengths (1 to 32)"
#endif

namespace {

constexpr std::size_t d = 4, longest = 32, lengths = CTA_BENCH_LENGTHS;
static_assert(lengths >= 1 && lengths <= longest);
using weights = cta::matrix<double, d, d>;

/// The first n rows of the longest x d inputs at `data` as an n x d matrix.
template <std::size_t n>
cta::matrix<double, n, d> first_rows(const double* data) {
    cta::matrix<double, n, d> x;
    std::memcpy(&x.elems[0][0], data, sizeof x);
    return x;
}

template <std::size_t... i>
void attend_all(double* out, const double* data, const weights& w_query, const weights& w_key,
                const weights& w_value, std::index_sequence<i...>) {
    const auto outputs =
        cta::self_attention_batch(boost::hana::make_tuple(first_rows<longest - lengths + 1 + i>(data)...), w_query,
                                  w_key, w_value);
    boost::hana::for_each(outputs, [&out](const auto& o) { *out++ = o(o.rows - 1, d - 1); });
}

}  // namespace

/// out[l] = the last output of the l-th sequence, l = 0 .. CTA_BENCH_LENGTHS - 1.
extern "C" [[gnu::used]] void cta_bench_attention_batch(double* out, const double* data, const weights& w_query,
                                                        const weights& w_key, const weights& w_value) {
    attend_all(out, data, w_query, w_key, w_value, std::make_index_sequence<lengths>{});
}
