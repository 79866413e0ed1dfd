// SPDX-License-Identifier: BSL-1.0
// tflm_run: computes a .tflite model with TensorFlow Lite Micro's interpreter and reference kernels, built from its
// public sources outside this project (tests/tflite/tflm/README.md), to write the outputs cta's tests expect.
//
//     tflm_run model.tflite < inputs.txt > outputs.txt
//
// Each line of the input is one evaluation: the elements of the model's inputs, input after input, each in its
// tensor's order, separated by spaces: integers for int8, int16 and int32 tensors, a float32 as its bits in
// hexadecimal (0x3fc00000 for 1.5). Each line of the output is the elements of the model's outputs in the same
// form. Any error (a model TensorFlow Lite Micro does not evaluate, a line with too few or too many numbers) stops
// the program with a message and exit status 1.
#include <cinttypes>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <string>
#include <vector>

#include "tensorflow/lite/micro/micro_interpreter.h"
#include "tensorflow/lite/micro/micro_mutable_op_resolver.h"
#include "tensorflow/lite/schema/schema_generated.h"

namespace {

[[noreturn]] void fail(const char* what) {
    std::fprintf(stderr, "tflm_run: %s\n", what);
    std::exit(1);
}

std::vector<std::uint8_t> read_file(const char* path) {
    std::FILE* f = std::fopen(path, "rb");
    if (f == nullptr) fail("cannot open the model file");
    std::vector<std::uint8_t> bytes;
    std::uint8_t chunk[4096];
    for (std::size_t n; (n = std::fread(chunk, 1, sizeof chunk, f)) > 0;) bytes.insert(bytes.end(), chunk, chunk + n);
    std::fclose(f);
    return bytes;
}

// One element of `t` at `i` from the text `word`.
void set_element(TfLiteTensor* t, std::size_t i, const char* word) {
    char* end = nullptr;
    switch (t->type) {
    case kTfLiteInt8: t->data.int8[i] = static_cast<std::int8_t>(std::strtol(word, &end, 10)); break;
    case kTfLiteInt16: t->data.i16[i] = static_cast<std::int16_t>(std::strtol(word, &end, 10)); break;
    case kTfLiteInt32: t->data.i32[i] = static_cast<std::int32_t>(std::strtol(word, &end, 10)); break;
    case kTfLiteFloat32: {
        const std::uint32_t bits = static_cast<std::uint32_t>(std::strtoul(word, &end, 16));
        std::memcpy(&t->data.f[i], &bits, 4);
        break;
    }
    default: fail("an input of a type tflm_run does not write");
    }
    if (end == word || *end != '\0') fail("a number that does not read");
}

void print_element(const TfLiteTensor* t, std::size_t i) {
    switch (t->type) {
    case kTfLiteInt8: std::printf("%d", t->data.int8[i]); break;
    case kTfLiteInt16: std::printf("%d", t->data.i16[i]); break;
    case kTfLiteInt32: std::printf("%" PRId32, t->data.i32[i]); break;
    case kTfLiteFloat32: {
        std::uint32_t bits;
        std::memcpy(&bits, &t->data.f[i], 4);
        std::printf("0x%08" PRIx32, bits);
        break;
    }
    default: fail("an output of a type tflm_run does not print");
    }
}

std::size_t elements(const TfLiteTensor* t) {
    std::size_t n = 1;
    for (int d = 0; d < t->dims->size; ++d) n *= static_cast<std::size_t>(t->dims->data[d]);
    return n;
}

}  // namespace

int main(int argc, char** argv) {
    if (argc != 2) fail("usage: tflm_run model.tflite < inputs.txt > outputs.txt");
    const std::vector<std::uint8_t> bytes = read_file(argv[1]);
    const tflite::Model* model = tflite::GetModel(bytes.data());

    // The operators cta evaluates or may evaluate; TensorFlow Lite Micro's reference kernels for each.
    static tflite::MicroMutableOpResolver<24> ops;
    ops.AddFullyConnected();
    ops.AddReshape();
    ops.AddSoftmax();
    ops.AddAdd();
    ops.AddSub();
    ops.AddMul();
    ops.AddMean();
    ops.AddSquaredDifference();
    ops.AddRsqrt();
    ops.AddBatchMatMul();
    ops.AddTranspose();
    ops.AddTanh();
    ops.AddLogistic();
    ops.AddQuantize();
    ops.AddDequantize();
    ops.AddDepthwiseConv2D();
    ops.AddUnidirectionalSequenceLSTM();

    static std::uint8_t arena[1 << 20];
    tflite::MicroInterpreter interpreter(model, ops, arena, sizeof arena);
    if (interpreter.AllocateTensors() != kTfLiteOk) fail("AllocateTensors failed");

    std::string line;
    for (int c; (c = std::getchar()) != EOF;) {
        if (c != '\n') {
            line.push_back(static_cast<char>(c));
            continue;
        }
        std::vector<std::string> words;
        for (std::size_t at = 0; at < line.size();) {
            const std::size_t end = line.find(' ', at);
            const std::size_t stop = end == std::string::npos ? line.size() : end;
            if (stop > at) words.push_back(line.substr(at, stop - at));
            at = stop + 1;
        }
        line.clear();
        std::size_t next = 0;
        for (std::size_t k = 0; k < interpreter.inputs_size(); ++k) {
            TfLiteTensor* t = interpreter.input(k);
            for (std::size_t i = 0; i < elements(t); ++i) {
                if (next == words.size()) fail("a line with too few numbers");
                set_element(t, i, words[next++].c_str());
            }
        }
        if (next != words.size()) fail("a line with too many numbers");
        if (interpreter.Invoke() != kTfLiteOk) fail("Invoke failed");
        const char* separator = "";
        for (std::size_t k = 0; k < interpreter.outputs_size(); ++k) {
            const TfLiteTensor* t = interpreter.output(k);
            for (std::size_t i = 0; i < elements(t); ++i) {
                std::printf("%s", separator);
                print_element(t, i);
                separator = " ";
            }
        }
        std::printf("\n");
    }
    return 0;
}
