// SPDX-License-Identifier: BSL-1.0
// Writes the int8 lookup tables of TensorFlow Lite's GELU for the quantizations named on the command line, as the
// interpreter's GeluPrepare (tensorflow/lite/kernels/activations.cc) populates them: LUTPopulate<int8_t> of
// tensorflow/lite/kernels/internal/common.h with GeluTransform or GeluTransformApproximate of
// tensorflow/lite/kernels/internal/reference/gelu.h. README.md names the sources and the commands.
//
//     gelu_run <input scale bits> <input zero point> <output scale bits> <output zero point> <approximate: 0 or 1>
//
// prints the outputs for the inputs -128 to 127 on one line (scales as the hexadecimal bits of their floats).
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <cstring>

#include "tensorflow/lite/kernels/internal/common.h"
#include "tensorflow/lite/kernels/internal/reference/gelu.h"

namespace {

float float_of_bits(const char* word) {
    const auto bits = static_cast<std::uint32_t>(std::strtoul(word, nullptr, 16));
    float f;
    std::memcpy(&f, &bits, sizeof f);
    return f;
}

}  // namespace

int main(int argc, char** argv) {
    if (argc != 6) {
        std::fprintf(stderr, "usage: gelu_run <input scale bits> <input zero point> <output scale bits> "
                             "<output zero point> <approximate>\n");
        return 2;
    }
    const float input_scale = float_of_bits(argv[1]), output_scale = float_of_bits(argv[3]);
    const auto input_zero_point = static_cast<std::int32_t>(std::strtol(argv[2], nullptr, 10));
    const auto output_zero_point = static_cast<std::int32_t>(std::strtol(argv[4], nullptr, 10));
    const bool approximate = std::strtol(argv[5], nullptr, 10) != 0;
    std::int8_t lut[256];
    tflite::LUTPopulate<std::int8_t>(input_scale, input_zero_point, output_scale, output_zero_point,
                                     approximate ? tflite::reference_ops::GeluTransformApproximate
                                                 : tflite::reference_ops::GeluTransform,
                                     lut);
    for (int v = -128; v <= 127; ++v)
        std::printf("%s%d", v == -128 ? "" : " ", lut[static_cast<std::uint8_t>(static_cast<std::int8_t>(v))]);
    std::printf("\n");
    return 0;
}
