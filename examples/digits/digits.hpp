// SPDX-License-Identifier: BSL-1.0
// The digits classifier of train.py (docs/digits.md), by PyTorch's names: `digits::model<T>` reads the state_dict
// train.py writes (digits.safetensors) with cta::pytorch::load and classifies an 8 x 8 image as DigitsViT.forward does.
#pragma once

#include <array>
#include <cstddef>
#include <cstdint>

#include <cta/pytorch.hpp>
#include <cta/transformer/generation.hpp>
#include <cta/weights.hpp>

namespace digits {

inline constexpr std::size_t d_model = 16;       // train.py's D_MODEL
inline constexpr std::size_t nhead = 2;          // NHEAD
inline constexpr std::size_t d_ff = 32;          // D_FF
inline constexpr std::size_t layers = 2;         // LAYERS
inline constexpr std::size_t patches = 16;       // PATCHES: 4 x 4 patches of 2 x 2 pixels
inline constexpr std::size_t patch_pixels = 4;   // PATCH_PIXELS
inline constexpr std::size_t classes = 10;       // CLASSES
inline constexpr std::size_t pixels = 64;        // an image, 8 x 8, row by row

/// An image as the files hold it: 64 pixels, 0 to 16, row by row.
using image = cta::matrix<std::uint8_t, 1, pixels>;

/// The index in an image of pixel k (0 to 3, row by row) of patch q (0 to 15, row by row).
constexpr std::size_t pixel_of_patch(std::size_t q, std::size_t k) noexcept {
    return (2 * (q / 4) + k / 2) * 8 + 2 * (q % 4) + k % 2;
}

/// The 16 patches of an image, one per row, each its 2 x 2 pixels row by row, divided by 16 (train.py's patches()).
template <class T>
constexpr cta::matrix<T, patches, patch_pixels> patches_of(const image& x) noexcept {
    cta::matrix<T, patches, patch_pixels> p{};
    for (std::size_t q = 0; q < patches; ++q)
        for (std::size_t k = 0; k < patch_pixels; ++k)
            p.elems[q][k] = static_cast<T>(x.elems[0][pixel_of_patch(q, k)]) / T(16);
    return p;
}

/// h + pos, in h: the learned position of each patch added to its embedding.
template <class T>
constexpr void add_positions(cta::matrix<T, patches, d_model>& h, const cta::matrix<T, patches, d_model>& pos) noexcept {
    for (std::size_t i = 0; i < patches; ++i)
        for (std::size_t j = 0; j < d_model; ++j) h.elems[i][j] += pos.elems[i][j];
}

/// The mean over the 16 positions (torch's mean(dim=1)): each column summed in order, divided by 16.
template <class T>
constexpr void mean_into(cta::matrix<T, 1, d_model>& mean, const cta::matrix<T, patches, d_model>& y) noexcept {
    for (std::size_t j = 0; j < d_model; ++j) {
        T sum = 0;
        for (std::size_t i = 0; i < patches; ++i) sum += y.elems[i][j];
        mean.elems[0][j] = sum / T(patches);
    }
}

// [digits:model]
/// DigitsViT: embed (Linear 4 -> 16), pos (16 x 16), encoder (2 pre-norm layers, d_model 16, 2 heads, d_ff 32, ReLU,
/// and the final LayerNorm), the mean over the 16 positions, head (Linear 16 -> 10).
template <class T>
struct model {
    using encoder_layer = cta::pytorch::nn::TransformerEncoderLayer<T, d_model, nhead, d_ff, cta::relu_t, true>;
    cta::pytorch::nn::Linear<T, patch_pixels, d_model> embed{};
    cta::matrix<T, patches, d_model> pos{};
    cta::pytorch::nn::TransformerEncoder<encoder_layer, layers, true> encoder{};
    cta::pytorch::nn::Linear<T, d_model, classes> head{};

    template <class Reader>
    constexpr void read_state(Reader& r, const cta::pytorch::tensor_key& key) noexcept {
        embed.read_state(r, key + "embed.");
        r.read(pos, key + "pos", cta::pytorch::as_stored(patches, d_model));
        encoder.read_state(r, key + "encoder.");
        head.read_state(r, key + "head.");
    }

    /// The 10 logits of an image.
    constexpr cta::matrix<T, 1, classes> logits(const image& x) const noexcept {
        auto h = embed(patches_of<T>(x));
        add_positions(h, pos);
        cta::matrix<T, 1, d_model> mean{};
        mean_into(mean, encoder(h));
        return head(mean);
    }
    /// The predicted class: the first index of the largest logit (torch.argmax).
    constexpr std::size_t classify(const image& x) const noexcept { return cta::argmax(logits(x), 0); }
};
// [/digits:model]

/// Every intermediate of one image's logits, in storage the caller provides (model<T>::logits_into): with it the
/// model needs no memory but sizeof(workspace<T>), known while compiling, and the stack of its calls.
template <class T>
struct workspace {
    using sequence = cta::matrix<T, patches, d_model>;
    cta::matrix<T, patches, patch_pixels> inputs{};  ///< the patches, divided by 16
    sequence embedded{};                              ///< embed(inputs) + pos
    cta::encoder_stack_steps_t<sequence, std::array<typename model<T>::encoder_layer, layers>> encoder{};
    sequence normalized{};                            ///< the encoder's final LayerNorm
    cta::matrix<T, 1, d_model> mean{};                ///< over the 16 positions
    cta::matrix<T, 1, classes> logits{};              ///< head(mean)
};

/// The steps of logits_into around the encoder, in w: the patches, then their embeddings plus the positions in `h`;
/// then `encode()`, which runs the encoder on h and returns its final LayerNorm; then the mean and the head.
template <class T, class Workspace, class Encode>
constexpr void logits_around(Workspace& w, cta::matrix<T, patches, d_model>& h, const model<T>& m, const image& x,
                             Encode encode) noexcept {
    w.inputs = patches_of<T>(x);
    h = m.embed(w.inputs);
    add_positions(h, m.pos);
    mean_into(w.mean, encode());
    w.logits = m.head(w.mean);
}

/// model.logits(x), the same bits, every step written into w.
template <class T>
constexpr void logits_into(workspace<T>& w, const model<T>& m, const image& x) noexcept {
    logits_around(w, w.embedded, m, x, [&]() -> const auto& {
        cta::encoder_stack_steps_into(w.encoder, w.embedded, m.encoder.layers);
        w.normalized = m.encoder.norm(w.encoder[layers - 1].outputs);
        return w.normalized;
    });
}

/// What one image's logits need besides the model, and no more (logits_into below): the patches, the sequence that
/// every encoder layer rewrites in place, one layer's scratch that both layers reuse (cta::encoder_layer_scratch_t),
/// the mean and the logits. With it the model needs no memory but sizeof(lean_workspace<T>), known while compiling,
/// and the stack of its calls; workspace<T> keeps every step instead.
template <class T>
struct lean_workspace {
    using sequence = cta::matrix<T, patches, d_model>;
    cta::matrix<T, patches, patch_pixels> inputs{};  ///< the patches, divided by 16
    sequence states{};                                ///< embed(inputs) + pos, then each layer's outputs
    cta::encoder_layer_scratch_t<sequence, typename model<T>::encoder_layer> encoder{};  ///< reused by every layer
    cta::matrix<T, 1, d_model> mean{};                ///< over the 16 positions
    cta::matrix<T, 1, classes> logits{};              ///< head(mean)
};

/// model.logits(x), the same bits, in w: the encoder's layers by cta::encoder_stack_into, in place, its final
/// LayerNorm into the scratch's normalized matrix.
template <class T>
constexpr void logits_into(lean_workspace<T>& w, const model<T>& m, const image& x) noexcept {
    logits_around(w, w.states, m, x, [&]() -> const auto& {
        cta::encoder_stack_into(w.states, w.encoder, w.states, m.encoder.layers);
        w.encoder.normalized = m.encoder.norm(w.states);
        return w.encoder.normalized;
    });
}

}  // namespace digits
