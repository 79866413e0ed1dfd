// SPDX-License-Identifier: BSL-1.0
// A batch of sequences of different lengths: self-attention over each, with the same weights, in one call. The
// sequences travel in a Boost.Hana tuple, so each keeps its own length in its type, and so does each result: no
// padding to the longest sequence.
#include <cstddef>
#include <iostream>
#include <type_traits>

#include <boost/hana/at.hpp>
#include <boost/hana/for_each.hpp>
#include <boost/hana/tuple.hpp>

#include <cta/cta.hpp>
#include <cta/io.hpp>

#include "seed.hpp"

namespace {

using boost::hana::at_c;
using cta::matrix;

// The seed's first two tokens; the seed's three; the seed's three and two more.
constexpr matrix<int, 2, 4> two_tokens{{
    {1, 0, 1, 0},
    {0, 2, 0, 2},
}};
constexpr matrix<int, 5, 4> five_tokens{{
    {1, 0, 1, 0},
    {0, 2, 0, 2},
    {1, 1, 1, 1},
    {0, 0, 2, 1},
    {3, 0, 0, 0},
}};

constexpr auto outputs = cta::self_attention_batch(boost::hana::make_tuple(two_tokens, seed::inputs, five_tokens),
                                                   seed::w_query, seed::w_key, seed::w_value);

// One result per sequence, as many rows as the sequence has tokens, d_v = 3 columns each.
template <std::size_t I>
using result_t = std::remove_cvref_t<decltype(at_c<I>(outputs))>;
static_assert(std::is_same_v<result_t<0>, matrix<double, 2, 3>>);
static_assert(std::is_same_v<result_t<1>, matrix<double, 3, 3>>);
static_assert(std::is_same_v<result_t<2>, matrix<double, 5, 3>>);

// Each sequence attends within itself only, to 17 significant digits (computed in 50-digit arithmetic).
constexpr matrix<double, 2, 3> two_token_outputs{{
    {1.8807970779778824, 7.2847824678672947, 0.35760876606635267},
    {1.9999938558253978, 7.9999631349523867, 1.8432523806644153e-5},
}};
constexpr matrix<double, 3, 3> seed_outputs{{
    {1.9366210616669624, 6.6831053083348119, 1.5950684074995564},
    {1.9999939663351454, 7.9639915951322154, 0.053976405312549604},
    {1.9997046127769654, 7.7598922546577849, 0.3583892946751152},
}};
constexpr matrix<double, 5, 3> five_token_outputs{{
    {0.4475262823308585, 6.1263527237834819, 0.38694999044121163},
    {2.0002341395274084, 7.9616107983295342, 0.05593204779971119},
    {1.9165540744041737, 7.6808409267796422, 0.34768549020494708},
    {0.11937623584301002, 5.9757261496585004, 0.17306966279347611},
    {1.9094633211329788, 7.8174679253321942, 0.13681489925467571},
}};
static_assert(CTA_EXPECT_NEAR(at_c<0>(outputs), two_token_outputs, 1e-13));
static_assert(CTA_EXPECT_NEAR(at_c<1>(outputs), seed_outputs, 1e-13));
static_assert(CTA_EXPECT_NEAR(at_c<2>(outputs), five_token_outputs, 1e-13));

// The same numbers as one call per sequence.
static_assert(cta::identical(at_c<1>(outputs),
                             cta::self_attention(seed::inputs, seed::w_query, seed::w_key, seed::w_value)));

}  // namespace

int main() {
    std::cout << "Self-attention over a batch of 3 sequences, with the seed's weights:\n";
    boost::hana::for_each(outputs, [](const auto& result) {
        using result_type = std::remove_cvref_t<decltype(result)>;
        std::cout << '\n' << result_type::rows << " tokens -> " << result_type::rows << " x " << result_type::cols
                  << " outputs:\n" << cta::with_decimals(result, 4) << '\n';
    });
    return 0;
}
