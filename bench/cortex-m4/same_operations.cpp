// SPDX-License-Identifier: BSL-1.0
// The plain loops of attention.hpp with cta::exp, compiled with -ffp-contract=off (CMakeLists.txt): each product
// rounded before its sum, as cta rounds it, so that the outputs are cta::self_attention's bit for bit and the
// instructions counted differ from cta's by the code of the loops alone. One function for each case that
// attention.cpp measures, never inlined into its caller nor specialised for it.
#include <cstddef>

#include <cta/math.hpp>

#include "attention.hpp"

namespace bench {

template <class Real, std::size_t N, std::size_t D, std::size_t DK>
[[gnu::noipa]] void same_operations_attention(const operands<Real, N, D, DK>& o, outputs<Real, N, DK>& out) {
    plain_loops(o.x.elems, o.w_query.elems, o.w_key.elems, o.w_value.elems, out.elems,
                [](Real e) { return cta::exp(e); });
}

template void same_operations_attention(const operands<float, 3, 4, 3>&, outputs<float, 3, 3>&);
template void same_operations_attention(const operands<float, 8, 8, 8>&, outputs<float, 8, 8>&);
template void same_operations_attention(const operands<float, 16, 16, 16>&, outputs<float, 16, 16>&);
template void same_operations_attention(const operands<double, 3, 4, 3>&, outputs<double, 3, 3>&);
template void same_operations_attention(const operands<double, 8, 8, 8>&, outputs<double, 8, 8>&);
template void same_operations_attention(const operands<double, 16, 16, 16>&, outputs<double, 16, 16>&);

}  // namespace bench
