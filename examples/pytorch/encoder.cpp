// SPDX-License-Identifier: BSL-1.0
// A PyTorch model proven by the build (docs/pytorch.md): export.py wrote the state_dict of an nn.TransformerEncoder
// (2 pre-norm layers, d_model 8, 2 heads, dim_feedforward 16, GELU, a final LayerNorm) and PyTorch's output for
// an input with a causal mask; CMake's cta_add_weights(... BYTES ...) made the two files arrays of bytes
// (pytorch_example.hpp). Here the same model is declared by PyTorch's names, loaded from the state_dict and evaluated
// while compiling, and static_assert requires its output within 1e-12 of PyTorch's.
#include <cstdio>

// [pytorch:model]
#include <cta/compare.hpp>
#include <cta/pytorch.hpp>

#include <pytorch_example.hpp>

namespace nn = cta::pytorch::nn;

// nn.TransformerEncoderLayer(d_model=8, nhead=2, dim_feedforward=16, activation="gelu", norm_first=True)
using layer = nn::TransformerEncoderLayer<double, 8, 2, 16, cta::gelu_t, true>;
// nn.TransformerEncoder(layer, num_layers=2, norm=nn.LayerNorm(8))
using encoder = nn::TransformerEncoder<layer, 2, true>;

constexpr encoder model = cta::pytorch::load<encoder>(pytorch_example::encoder_safetensors);
// [/pytorch:model]

// [pytorch:proof]
// The input and PyTorch's output, [1, 5, 8] (batch_first): one sequence of 5 tokens.
using sequence = cta::matrix<double, 5, 8>;
constexpr auto src = cta::pytorch::load_batch<sequence, 1>(pytorch_example::encoder_io_safetensors, "src",
                                                           cta::pytorch::batch_first)[0];
constexpr auto pytorch_output = cta::pytorch::load_batch<sequence, 1>(pytorch_example::encoder_io_safetensors,
                                                                      "output", cta::pytorch::batch_first)[0];

// PyTorch's mask=torch.triu(ones(5, 5), diagonal=1).bool() (True: not allowed) is the library's cta::causal.
constexpr sequence output = model(src, cta::causal);
static_assert(cta::approx_equal(output, pytorch_output, 1e-12));
// [/pytorch:proof]

int main() {
    const sequence at_run_time = model(src, cta::causal);
    std::printf("output of token 1: ");
    for (std::size_t j = 0; j < 8; ++j) std::printf("%.6f ", at_run_time(0, j));
    std::printf("\nsame bits at run time: %s\n", cta::identical(at_run_time, output) ? "yes" : "no");
    return cta::identical(at_run_time, output) ? 0 : 1;
}
