// SPDX-License-Identifier: BSL-1.0
// Calibrates the int8 digits classifier (digits_int8.hpp) as TensorFlow Lite's converter calibrates a model: the
// real-valued model runs over the representative dataset, the 1,437 training images, and each activation tensor's
// range is the running min and max over all of them, widened to hold 0, from which cta::quantized::asymmetric_int8
// gives its scale and zero point. The real-valued model is train.py's float32 weights (digits::model<float>, read
// from digits.safetensors) computed in double, step by step as digits_int8.hpp lowers it (the layer norm in its nine
// operations, W_q and b_q scaled by 1/sqrt(8) in float); each value is rounded to float before it widens a range.
// The constant tensors (the positions, each norm's gamma and beta, epsilon) get the quantization of their own values.
//
//   digits_int8_calibrate <header> <json>
//
// writes the quantization of every tensor as a C++ header (each scale by its float bits; digits_int8_parameters.hpp)
// and the same as JSON for int8_reference.py (digits_int8_parameters.json).
#include <cmath>
#include <cstddef>
#include <cstdint>
#include <cstdio>
#include <cstring>
#include <string>

#include <digits_data.hpp>

#include "digits_int8.hpp"

namespace {

namespace q = cta::quantized;
using digits::d_ff;
using digits::d_model;
using digits::patches;
using digits::int8::d_head;

/// A tensor's running min and max, as floats.
struct range {
    float min = 0.0F, max = 0.0F;
    void widen(double v) {
        const auto f = static_cast<float>(v);
        min = f < min ? f : min;
        max = f > max ? f : max;
    }
    template <std::size_t R, std::size_t C>
    void widen(const double (&m)[R][C]) {
        for (std::size_t i = 0; i < R; ++i)
            for (std::size_t j = 0; j < C; ++j) widen(m[i][j]);
    }
    template <std::size_t R, std::size_t C>
    void widen(const cta::matrix<float, R, C>& m) {
        for (std::size_t i = 0; i < R; ++i)
            for (std::size_t j = 0; j < C; ++j) widen(static_cast<double>(m.elems[i][j]));
    }
};

using sequence = double[patches][d_model];

/// y = x W + b in double (W In x Out), optionally through ReLU.
template <std::size_t N, std::size_t In, std::size_t Out>
void linear(double (&y)[N][Out], const double (&x)[N][In], const cta::matrix<float, In, Out>& w,
            const cta::matrix<float, 1, Out>& b, bool relu = false) {
    for (std::size_t i = 0; i < N; ++i)
        for (std::size_t c = 0; c < Out; ++c) {
            double acc = b.elems[0][c];
            for (std::size_t k = 0; k < In; ++k) acc += x[i][k] * static_cast<double>(w.elems[k][c]);
            y[i][c] = relu && acc < 0.0 ? 0.0 : acc;
        }
}

/// The layer norm of x into y, its nine steps widening r.
template <class Norm>
void layer_norm(sequence& y, const sequence& x, const Norm& n, digits::int8::norm_tensors<range>& r) {
    for (std::size_t i = 0; i < patches; ++i) {
        double mean = 0.0;
        for (std::size_t j = 0; j < d_model; ++j) mean += x[i][j];
        mean /= d_model;
        r.mean.widen(mean);
        double variance = 0.0;
        for (std::size_t j = 0; j < d_model; ++j) {
            const double square = (x[i][j] - mean) * (x[i][j] - mean);
            r.squares.widen(square);
            variance += square;
        }
        variance /= d_model;
        r.variance.widen(variance);
        const double shifted = variance + static_cast<double>(digits::int8::epsilon);
        r.shifted.widen(shifted);
        const double rsqrt = 1.0 / std::sqrt(shifted);
        r.rsqrt.widen(rsqrt);
        for (std::size_t j = 0; j < d_model; ++j) {
            const double centered = x[i][j] - mean;
            const double normalized = centered * rsqrt;
            const double scaled = normalized * static_cast<double>(n.gain.elems[0][j]);
            y[i][j] = scaled + static_cast<double>(n.bias.elems[0][j]);
            r.centered.widen(centered);
            r.normalized.widen(normalized);
            r.scaled.widen(scaled);
            r.outputs.widen(y[i][j]);
        }
    }
}

/// Every activation of one image, widening r.
void calibrate(const digits::model<float>& m, const digits::image& image, digits::int8::model_tensors<range>& r) {
    const auto p = digits::patches_of<float>(image);
    double x[patches][digits::patch_pixels];
    for (std::size_t i = 0; i < patches; ++i)
        for (std::size_t k = 0; k < digits::patch_pixels; ++k) x[i][k] = p.elems[i][k];
    r.patches.widen(x);
    static sequence h, n, queries, keys, values, context, attention, ff;
    linear(h, x, m.embed.weight, m.embed.bias);
    r.embedded.widen(h);
    for (std::size_t i = 0; i < patches; ++i)
        for (std::size_t j = 0; j < d_model; ++j) h[i][j] += static_cast<double>(m.pos.elems[i][j]);
    r.positioned.widen(h);
    for (std::size_t l = 0; l < digits::layers; ++l) {
        const auto& layer = m.encoder.layers[l];
        const auto& a = layer.self_attention;
        auto& t = r.layers[l];
        layer_norm(n, h, layer.norm_1, t.norm1);
        linear(queries, n, digits::int8::scaled_query(a.w_query), digits::int8::scaled_query(a.b_query));
        linear(keys, n, a.w_key, a.b_key);
        linear(values, n, a.w_value, a.b_value);
        t.queries.widen(queries);
        t.keys.widen(keys);
        t.values.widen(values);
        for (std::size_t head = 0; head < digits::nhead; ++head) {
            const std::size_t o = head * d_head;
            for (std::size_t i = 0; i < patches; ++i) {
                double scores[patches];
                double most = -HUGE_VAL;
                for (std::size_t j = 0; j < patches; ++j) {
                    double s = 0.0;
                    for (std::size_t k = 0; k < d_head; ++k) s += queries[i][o + k] * keys[j][o + k];
                    scores[j] = s;
                    t.scores.widen(s);
                    most = s > most ? s : most;
                }
                double sum = 0.0;
                for (double& s : scores) sum += (s = std::exp(s - most));
                for (std::size_t k = 0; k < d_head; ++k) {
                    double c = 0.0;
                    for (std::size_t j = 0; j < patches; ++j) c += scores[j] / sum * values[j][o + k];
                    context[i][o + k] = c;
                }
            }
        }
        t.context.widen(context);
        linear(attention, context, a.w_out, a.b_out);
        t.attention.widen(attention);
        for (std::size_t i = 0; i < patches; ++i)
            for (std::size_t j = 0; j < d_model; ++j) h[i][j] += attention[i][j];
        t.residual1.widen(h);
        layer_norm(n, h, layer.norm_2, t.norm2);
        static double hidden[patches][d_ff];
        linear(hidden, n, layer.feed_forward.w_1, layer.feed_forward.b_1, true);
        t.hidden.widen(hidden);
        linear(ff, hidden, layer.feed_forward.w_2, layer.feed_forward.b_2);
        t.feed_forward.widen(ff);
        for (std::size_t i = 0; i < patches; ++i)
            for (std::size_t j = 0; j < d_model; ++j) h[i][j] += ff[i][j];
        t.residual2.widen(h);
    }
    layer_norm(n, h, m.encoder.norm, r.norm);
    double pooled[1][d_model];
    for (std::size_t j = 0; j < d_model; ++j) {
        double s = 0.0;
        for (std::size_t i = 0; i < patches; ++i) s += n[i][j];
        pooled[0][j] = s / patches;
    }
    r.pooled.widen(pooled);
    double logits[1][digits::classes];
    linear(logits, pooled, m.head.weight, m.head.bias);
    r.logits.widen(logits);
}

/// "layers.0.norm1." as C++: "layers[0].norm1.".
std::string member_path(const char* prefix) {
    std::string s = prefix;
    if (s.rfind("layers.", 0) == 0) s = "layers[" + s.substr(7, 1) + "]" + s.substr(8);
    return s;
}

bool write(const char* path, const std::string& text) {
    std::FILE* f = std::fopen(path, "wb");
    if (f == nullptr) return false;
    const bool ok = std::fwrite(text.data(), 1, text.size(), f) == text.size();
    return std::fclose(f) == 0 && ok;
}

}  // namespace

int main(int argc, char** argv) {
    if (argc != 3) {
        std::fputs("usage: digits_int8_calibrate <header> <json>\n", stderr);
        return 2;
    }
    static const auto model = cta::pytorch::load<digits::model<float>>(digits_data::digits_safetensors);
    constexpr std::size_t train_count = 1437;  // train.py: 80% of the 1,797 images
    static const auto images = cta::weights::load_npy<cta::matrix<std::uint8_t, train_count, digits::pixels>>(
        digits_data::train_images_npy);
    // The constants' ranges are their values'; the activations' are widened by every training image.
    digits::int8::model_tensors<range> ranges{};
    ranges.positions.widen(model.pos);
    ranges.epsilon.widen(digits::int8::epsilon);
    for (std::size_t l = 0; l < digits::layers; ++l) {
        ranges.layers[l].norm1.gamma.widen(model.encoder.layers[l].norm_1.gain);
        ranges.layers[l].norm1.beta.widen(model.encoder.layers[l].norm_1.bias);
        ranges.layers[l].norm2.gamma.widen(model.encoder.layers[l].norm_2.gain);
        ranges.layers[l].norm2.beta.widen(model.encoder.layers[l].norm_2.bias);
    }
    ranges.norm.gamma.widen(model.encoder.norm.gain);
    ranges.norm.beta.widen(model.encoder.norm.bias);
    for (std::size_t s = 0; s < train_count; ++s) {
        digits::image x{};
        for (std::size_t k = 0; k < digits::pixels; ++k) x.elems[0][k] = images.elems[s][k];
        calibrate(model, x, ranges);
    }
    digits::int8::quantization p{};
    // Every tensor's quantization from its range; softmax's output is not a member (always 1/256, -128).
    digits::int8::for_each_tensor([](const char*, const char*, q::per_tensor& t, const range& r) {
        t = q::asymmetric_int8(r.min, r.max);
    }, p, ranges);
    std::string header =
        "// SPDX-License-Identifier: BSL-1.0\n"
        "// Written by digits_int8_calibrate (digits_int8_calibrate.cpp; `cmake --build <build dir> --target\n"
        "// update_digits_int8` writes it again): the quantization of every int8 tensor of the digits classifier\n"
        "// (digits_int8.hpp), calibrated on the 1,437 training images; each scale by its float bits, then its value.\n"
        "// digits_int8_parameters.json holds the same for int8_reference.py.\n"
        "#pragma once\n\n#include \"digits_int8.hpp\"\n\nnamespace digits::int8 {\n\n"
        "/// The quantization of every tensor of the int8 model.\n"
        "inline constexpr quantization calibrated = [] {\n    quantization p{};\n";
    std::string json = "{\n";
    bool first = true;
    char line[256];
    digits::int8::for_each_tensor([&](const char* prefix, const char* name, const q::per_tensor& t) {
        std::snprintf(line, sizeof line, "    p.%s%s = {0x%08xU, %d};  // %.9g\n", member_path(prefix).c_str(), name,
                      static_cast<unsigned>(t.scale_bits), static_cast<int>(t.zero_point),
                      static_cast<double>(t.scale()));
        header += line;
        std::snprintf(line, sizeof line, "%s  \"%s%s\": {\"scale_bits\": %u, \"zero_point\": %d, \"scale\": %.9g}",
                      first ? "" : ",\n", prefix, name, static_cast<unsigned>(t.scale_bits),
                      static_cast<int>(t.zero_point), static_cast<double>(t.scale()));
        json += line;
        first = false;
    }, p);
    header += "    return p;\n}();\n\n}  // namespace digits::int8\n";
    json += "\n}\n";
    if (!write(argv[1], header) || !write(argv[2], json)) {
        std::fprintf(stderr, "digits_int8_calibrate: cannot write %s or %s\n", argv[1], argv[2]);
        return 1;
    }
    return 0;
}
