// SPDX-License-Identifier: BSL-1.0
// For clang-tidy: one call of every public function template of the library, in double, float and int, so that the
// checks also see the templates' instantiated code (the header-only translation units show only their patterns).
#include <cta/cta.hpp>
#include <cta/io.hpp>
#include <cta/math/erf.hpp>
#include <cta/math/expm1.hpp>
#include <cta/math/log.hpp>
#include <cta/math/tanh.hpp>
#include <cta/math/trig.hpp>
#include <cta/pytorch.hpp>
#include <cta/transformer.hpp>

#include <boost/hana/tuple.hpp>

#include <algorithm>
#include <array>
#include <cstdint>
#include <iostream>
#include <type_traits>

namespace {

constexpr cta::matrix<int, 3, 4> inputs{{{1, 0, 1, 0}, {0, 2, 0, 2}, {1, 1, 1, 1}}};
constexpr cta::matrix<int, 4, 2> w_query{{{1, 0}, {1, 0}, {0, 0}, {0, 1}}};
constexpr cta::matrix<int, 4, 2> w_key{{{0, 0}, {1, 1}, {0, 1}, {1, 1}}};
constexpr cta::matrix<int, 4, 2> w_value{{{0, 2}, {0, 3}, {1, 0}, {1, 1}}};
constexpr cta::matrix<int, 2, 3> w_out{{{1, 0, 1}, {0, 1, 1}}};
constexpr cta::matrix<bool, 3, 3> keep{{{true, false, true}, {true, true, false}, {false, false, false}}};
constexpr cta::matrix<double, 3, 3> additive{{{0.0, -1.0, 0.5}, {0.0, 0.0, 0.0}, {1.0, 0.0, -2.0}}};

template <class T>
void instantiate(std::ostream& os) {
    const auto x = inputs * T(1);
    const auto wq = w_query * T(1);
    const auto s = cta::self_attention_steps(x, wq, w_key, w_value);
    const auto t = cta::self_attention_steps(x, wq, w_key, w_value, cta::scaled, cta::causal, keep, additive);
    const auto c = cta::cross_attention_steps(x, inputs, wq, w_key, w_value, cta::scaled);
    const auto m = cta::multi_head_self_attention_steps<2>(x, wq, w_key, w_value, w_out, keep);
    const auto b = cta::self_attention_batch(boost::hana::make_tuple(x, inputs), wq, w_key, w_value, cta::causal);
    os << s << t << c << m << boost::hana::at_c<1>(b) << cta::with_decimals(s.outputs, 2)
       << cta::with_decimals(x * wq, 2) << '\n';
    os << cta::self_attention(x, wq, w_key, w_value) << cta::cross_attention(x, x, wq, w_key, w_value)
       << cta::multi_head_attention<1>(x, x, wq, w_key, w_value, w_out)
       << cta::scaled_dot_product_attention(s.queries, s.keys, s.values, keep)
       << cta::softmax<float>(s.scores) << cta::transpose(x - x + x) << cta::row(-x / T(2), 0) << '\n';
    os << cta::approx_equal(s.outputs, s.outputs, 1e-9) << cta::identical(s.weights, s.weights)
       << (cta::round_to(s.weights, 2) == s.weights) << (x == inputs) << (x != inputs) << cta::exp(T(1))
       << cta::sin(T(1)) << cta::cos(T(1))
       << cta::matmul(x, T(2) * wq) << cta::with_axes<cta::axis::tokens, cta::axis::model>(x) << '\n';
    auto y = cta::make_matrix<T, 1, 2>({{T(1), T(2)}});
    y += cta::make_matrix({{T(3), T(4)}});
    y -= cta::make_matrix(std::array<T, 2>{T(1), T(1)});
    y *= T(2);
    y /= T(2);
    T total{};
    for (const T& e : y) total += e;
    const auto [first, second] = y;
    std::sort(y.begin(), y.end());
    os << y << total << first << second << cta::get<1>(y) << y.data()[0] << cta::sqrt(2) << cta::sin(2)
       << cta::cos(3U) << '\n';
    os << cta::log(T(2)) << cta::log1p(T(1)) << cta::expm1(T(1)) << cta::tanh(T(1)) << cta::erf(T(1)) << cta::erfc(T(1)) << '\n';
    const auto gain = cta::make_matrix<T, 1, 2>({{T(1), T(2)}});
    const auto h = cta::linear(x, wq, gain);
    os << h << cta::linear(x, wq) << cta::layer_norm(h, gain, gain) << cta::rms_norm(h, gain)
       << cta::relu(h) << cta::silu(h) << cta::relu(T(-1)) << cta::silu(T(1))
       << cta::token_embedding(std::array<std::size_t, 2>{1, 0}, x) << cta::learned_positional_embedding(h, h)
       << cta::sinusoidal_positional_encoding<double, 2, 4>() << '\n';
    if constexpr (std::is_floating_point_v<T>) {
        const auto square = cta::make_matrix<T, 2, 2>({{T(1), T(0)}, {T(1), T(1)}});
        const cta::attention_weights a{square, gain, square, gain, square, gain, square, gain};
        const cta::feed_forward_weights f{square, gain, square, gain};
        const cta::layer_norm_weights n{gain, gain};
        const auto post = cta::make_encoder_layer<2>(a, f, n, n);
        const auto pre = cta::make_encoder_layer<1>(a, f, n, n, cta::pre_norm);
        const auto dec = cta::make_decoder_layer<2>(a, a, f, n, n, n, cta::pre_norm);
        os << cta::attention_layer<2>(h, h, a, cta::causal).outputs << cta::encoder_layer_steps(h, post).outputs
           << cta::encode(h, pre, cta::causal) << cta::encode(h, std::array{post, post})
           << cta::encode(h, boost::hana::make_tuple(post, pre)) << cta::decoder_layer_steps(h, h, dec).outputs
           << cta::decode(h, h, dec, cta::causal) << cta::decode(h, h, std::array{dec, dec})
           << cta::decode(h, h, boost::hana::make_tuple(dec)) << '\n';
        const cta::decoder_only_model model{cta::make_matrix<T, 3, 2>({{T(1), T(0)}, {T(0), T(1)}, {T(1), T(1)}}),
                                            std::array{pre}, n, cta::make_matrix<T, 2, 3>({{T(1), T(0), T(2)}, {T(0), T(1), T(1)}}),
                                            cta::make_matrix<T, 1, 3>({{T(0), T(1), T(0)}})};
        const cta::decoder_only_model plain{model.embedding, boost::hana::make_tuple(pre, pre), cta::no_norm,
                                            model.w_head, model.b_head};
        const std::array<std::size_t, 2> ids{0, 2};
        os << cta::model_logits(model, ids) << cta::next_token(plain, ids) << cta::generate<2>(model, ids)[3]
           << cta::argmax_rows(h)[0] << cta::argmax(h, 1)
           << cta::greedy_decode<1>(ids, [](const auto& p) { return p.size(); })[2] << '\n';
    }
}

// PyTorch's modules: loaded from a state_dict of nn.Linear(2, 1) and called, and the masks converted.
void instantiate_pytorch(std::ostream& os) {
    constexpr unsigned char linear_2x1[] = {
        0x76, 0, 0, 0, 0, 0, 0, 0,
        '{', '"', 'b', 'i', 'a', 's', '"', ':', '{', '"', 'd', 't', 'y', 'p', 'e', '"', ':', '"', 'F', '3', '2', '"',
        ',', '"', 's', 'h', 'a', 'p', 'e', '"', ':', '[', '1', ']', ',', '"', 'd', 'a', 't', 'a', '_', 'o', 'f', 'f',
        's', 'e', 't', 's', '"', ':', '[', '0', ',', '4', ']', '}', ',', '"', 'w', 'e', 'i', 'g', 'h', 't', '"', ':',
        '{', '"', 'd', 't', 'y', 'p', 'e', '"', ':', '"', 'F', '3', '2', '"', ',', '"', 's', 'h', 'a', 'p', 'e', '"',
        ':', '[', '1', ',', '2', ']', ',', '"', 'd', 'a', 't', 'a', '_', 'o', 'f', 'f', 's', 'e', 't', 's', '"', ':',
        '[', '4', ',', '1', '2', ']', '}', '}',
        0x00, 0x00, 0x00, 0x3f, 0x00, 0x00, 0x80, 0x3f, 0x00, 0x00, 0x00, 0x40};
    const auto linear = cta::pytorch::load<cta::pytorch::nn::Linear<float, 2, 1>>(linear_2x1);
    const auto tried = cta::pytorch::try_load<cta::pytorch::nn::Linear<double, 2, 1, false>>(linear_2x1, "fc.");
    const auto batch = cta::pytorch::try_load_batch<cta::matrix<float, 1, 2>, 1>(linear_2x1, "weight",
                                                                                cta::pytorch::batch_first);
    os << linear(cta::matrix<float, 3, 2>{}) << static_cast<int>(tried.reason) << batch.value[0] << '\n';
    const cta::pytorch::nn::MultiheadAttention<double, 4, 2, true, 3, 2> mha{};
    const cta::matrix<double, 2, 4> q{};
    const cta::matrix<double, 3, 3> k{};
    const cta::matrix<double, 3, 2> v{};
    const cta::matrix<std::uint8_t, 1, 3> padding{{{0, 0, 1}}};
    const cta::matrix<std::uint8_t, 2, 3> mask{{{0, 1, 1}, {0, 0, 1}}};
    const auto y = mha(q, k, v, cta::pytorch::key_padding_mask<2>(padding), cta::pytorch::attn_mask(mask));
    os << y.attn_output << y.attn_output_weights << mha.steps(q, k, v).outputs << '\n';
    using layer = cta::pytorch::nn::TransformerEncoderLayer<double, 4, 2, 8, cta::gelu_t, true>;
    using decoder_layer = cta::pytorch::nn::TransformerDecoderLayer<double, 4, 2, 8>;
    const cta::pytorch::nn::TransformerEncoder<layer, 2, true> encoder{};
    const cta::pytorch::nn::TransformerDecoder<decoder_layer, 1> decoder{};
    const cta::matrix<double, 3, 4> x{};
    os << encoder(x, cta::causal) << decoder(x, q, cta::memory_mask(cta::pytorch::key_padding_mask<3>(
                                                       cta::matrix<bool, 1, 2>{{{false, true}}})))
       << cta::pytorch::nn::Embedding<float, 4, 2>{}(std::array<std::size_t, 2>{1, 3})
       << cta::pytorch::nn::LayerNorm<double, 4, false>{}(x) << '\n';
}

}  // namespace

int main() {
    instantiate_pytorch(std::cout);
    instantiate<double>(std::cout);
    instantiate<float>(std::cout);
    instantiate<int>(std::cout);
}
