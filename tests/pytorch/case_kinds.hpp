// SPDX-License-Identifier: BSL-1.0
// The kinds of PyTorch reference cases (data/cases.hpp, written by make_references.py) and the kinds of attn_mask.
#pragma once

namespace pytorch_test {

/// The module a case calls, as compare.hpp computes it.
enum class kind { linear, layer_norm, embedding, multihead_attention, encoder, decoder };

/// A MultiheadAttention case's attn_mask: none, boolean (True: not allowed) or additive (floating).
enum class mask { none, boolean, additive };

}  // namespace pytorch_test
