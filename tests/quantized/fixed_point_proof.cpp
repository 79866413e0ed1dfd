// SPDX-License-Identifier: BSL-1.0
// The arithmetic of TensorFlow Lite's quantization at its edges, proven while this file compiles
// (static.quantized_fixed_point).
#include <cta/quantized/fixed_point.hpp>

#include <cstdint>
#include <limits>

namespace q = cta::quantized;
using q::quantized_multiplier;

constexpr std::int32_t int32_min = std::numeric_limits<std::int32_t>::min();
constexpr std::int32_t int32_max = std::numeric_limits<std::int32_t>::max();

// quantize_multiplier: M = multiplier * 2^(shift - 31), multiplier in [2^30, 2^31).
static_assert(q::quantize_multiplier(0.0123) == quantized_multiplier{1690499128, -6});  // round(0.7872 * 2^31)
static_assert(q::quantize_multiplier(0.5) == quantized_multiplier{1 << 30, 0});
static_assert(q::quantize_multiplier(1.0) == quantized_multiplier{1 << 30, 1});  // multipliers of 1 and more
static_assert(q::quantize_multiplier(3.0) == quantized_multiplier{3 << 29, 2});
static_assert(q::quantize_multiplier(0.0) == quantized_multiplier{0, 0});
// A mantissa that rounds up to 2^31 is halved and the shift raised: the largest double below 1.
static_assert(q::quantize_multiplier(0x1.fffffffffffffp-1) == quantized_multiplier{1 << 30, 1});
// The mantissa's 32nd bit rounds half away from zero: (2^31 - 1 + 1/2) / 2^31 gives 2^31, so 2^30 and shift + 1.
static_assert(q::quantize_multiplier((0x1p31 - 0.5) / 0x1p31) == quantized_multiplier{1 << 30, 1});
static_assert(q::quantize_multiplier((0x1p31 - 1.5) / 0x1p31) == quantized_multiplier{int32_max, 0});
// Tiny multipliers: shift -31 is kept, below it the multiplier is flushed to {0, 0}; subnormals too.
static_assert(q::quantize_multiplier(0x1p-32) == quantized_multiplier{1 << 30, -31});
static_assert(q::quantize_multiplier(0x1p-33) == quantized_multiplier{0, 0});
static_assert(q::quantize_multiplier(0x1p-1074) == quantized_multiplier{0, 0});
// The largest multiplier a shift of 30 holds.
static_assert(q::quantize_multiplier(0x1p29) == quantized_multiplier{1 << 30, 30});

// saturating_rounding_doubling_high_mul: round(2ab / 2^32), ties up (gemmlowp's nudge); the one overflow saturates.
static_assert(q::saturating_rounding_doubling_high_mul(int32_min, int32_min) == int32_max);
static_assert(q::saturating_rounding_doubling_high_mul(int32_min, int32_max) == -int32_max);
static_assert(q::saturating_rounding_doubling_high_mul(int32_max, int32_max) == int32_max - 1);
static_assert(q::saturating_rounding_doubling_high_mul(1 << 30, 1 << 30) == 1 << 29);
static_assert(q::saturating_rounding_doubling_high_mul(1, 1 << 30) == 1);      // 1/2 rounds up
static_assert(q::saturating_rounding_doubling_high_mul(-1, 1 << 30) == 0);     // -1/2 too
static_assert(q::saturating_rounding_doubling_high_mul(-3, 1 << 30) == -1);    // -3/2 too
static_assert(q::saturating_rounding_doubling_high_mul(-3, (1 << 30) + 1) == -2);  // below -3/2: to nearest
static_assert(q::saturating_rounding_doubling_high_mul(1, (1 << 30) - 1) == 0);
static_assert(q::saturating_rounding_doubling_high_mul(-1, (1 << 30) - 1) == 0);

// rounding_divide_by_pot: x / 2^e, ties away from zero.
static_assert(q::rounding_divide_by_pot(5, 1) == 3 && q::rounding_divide_by_pot(-5, 1) == -3);
static_assert(q::rounding_divide_by_pot(6, 2) == 2 && q::rounding_divide_by_pot(-6, 2) == -2);
static_assert(q::rounding_divide_by_pot(5, 2) == 1 && q::rounding_divide_by_pot(-5, 2) == -1);
static_assert(q::rounding_divide_by_pot(int32_max, 31) == 1 && q::rounding_divide_by_pot(int32_min, 31) == -1);
static_assert(q::rounding_divide_by_pot(int32_min, 0) == int32_min);

// multiply_by_quantized_multiplier: x * M, TensorFlow Lite's default double rounding.
static_assert(q::multiply_by_quantized_multiplier(1000, q::quantize_multiplier(0.0123)) == 12);
static_assert(q::multiply_by_quantized_multiplier(-1000, q::quantize_multiplier(0.0123)) == -12);
static_assert(q::multiply_by_quantized_multiplier(3, q::quantize_multiplier(0.5)) == 2);    // 1.5 -> 2
static_assert(q::multiply_by_quantized_multiplier(-3, q::quantize_multiplier(0.5)) == -1);  // -1.5 -> -1 (a tie, up)
static_assert(q::multiply_by_quantized_multiplier(-3, q::quantize_multiplier(0.25)) == -1); // -3/2 -> -1 (up), -1/2 -> -1 (away)
static_assert(q::multiply_by_quantized_multiplier(-6, q::quantize_multiplier(0.25)) == -2); // -3 exactly, then -3/2 -> -2 (away from zero)
static_assert(q::multiply_by_quantized_multiplier(7, q::quantize_multiplier(3.0)) == 21);
// A left shift that leaves 32 bits wraps as the processor's shift does, then saturates in the high multiply.
static_assert(q::multiply_by_quantized_multiplier(1 << 30, 1 << 30, 2) == 0);
