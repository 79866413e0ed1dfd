// SPDX-License-Identifier: BSL-1.0
// cta_tflite_figures: the rows of docs/tflite.md's table of models as functions (and of its translation), as this
// build lays the programs out: the operators of each model, the bytes of its storage (the tensors computed at run
// time: the RAM of one evaluation) and of its constants (the constant tensors decoded from the file: flash). The test
// docs.tflite_figures requires each row in both pages.
#include <cstddef>
#include <cstdio>

#include <cta/tflite/program.hpp>

#include <tflite_files.hpp>

namespace {

namespace files = cta_test::tflite::files;

/// n with a comma between thousands.
void print_number(std::size_t n) {
    if (n >= 1000) {
        print_number(n / 1000);
        std::printf(",%03zu", n % 1000);
    } else {
        std::printf("%zu", n);
    }
}

template <class P>
void row(const char* file) {
    std::printf("| `%s` | ", file);
    print_number(P::model.subgraphs()[0].operators().size());
    std::printf(" | ");
    print_number(sizeof(typename P::storage));
    std::printf(" | ");
    print_number(sizeof(P::constants));
    std::printf(" |\n");
}

}  // namespace

int main() {
    row<cta::tflite::program<files::hello_world_int8_tflite>>("hello_world_int8.tflite");
    row<cta::tflite::program<files::hello_world_float_tflite>>("hello_world_float.tflite");
    row<cta::tflite::program<files::encoder_block_int8_tflite>>("encoder_block_int8.tflite");
    row<cta::tflite::program<files::encoder_block_adj_x_int8_tflite>>("encoder_block_adj_x_int8.tflite");
    row<cta::tflite::program<files::activations_int8_tflite>>("activations_int8.tflite");
    row<cta::tflite::program<files::encoder_block_d64_int8_tflite>>("encoder_block_d64_int8.tflite");
    row<cta::tflite::program<files::self_attention_int8_tflite>>("self_attention_int8.tflite");
    row<cta::tflite::program<files::multi_head_attention_int8_tflite>>("multi_head_attention_int8.tflite");
    row<cta::tflite::program<files::add0_tflite>>("add0.tflite");
    row<cta::tflite::program<files::sub0_tflite>>("sub0.tflite");
    row<cta::tflite::program<files::quantize0_tflite>>("quantize0.tflite");
    row<cta::tflite::program<files::gelu_int8_tflite>>("gelu_int8.tflite");
    row<cta::tflite::program<files::int16_ops_tflite>>("int16_ops.tflite");
    row<cta::tflite::program<files::int16_products_tflite>>("int16_products.tflite");
}
