#!/usr/bin/env python3
# SPDX-License-Identifier: BSL-1.0
"""Writes block_reference.hpp, next to this script: inputs and expected results of the Transformer blocks of
include/cta/transformer/ (attention_layer.hpp, encoder_layer.hpp, decoder_layer.hpp, generation.hpp, model.hpp),
computed from the formulas of those headers' comments, which are PyTorch's modules at inference (dropout off), in
50-digit arithmetic with plain loops over lists (nothing here uses the C++ library).

Usage: python3 make_block_reference.py   (python3 and mpmath; no argument). The output is a function of this script
and of make_layer_reference.py, whose fixed-seed generator and header writer it takes (a seed of its own, fixed
precision), so running it again rewrites the same bytes.

The inputs have 23 significant bits at most, so they are exact in float and in double; they are written twice, in the
structs `in_double` and `in_float` (hexadecimal literals), and the expected values once (struct `expected`, 20
significant digits), the exact results of the formulas on those inputs. Magnitudes: inputs in [-2, 2), weights in
[-1/2, 1/2), biases in [-1/4, 1/4), gains in [1/2, 3/2): the layer normalisations see rows of spread well above their
epsilon. d_model = 4, h = 2 heads (d_k = 2), d_ff = 8, n = 3 tokens:

  attention   the attention sublayer, nn.MultiheadAttention(4, 2) with biases: Q = x_q W_Q + b_Q, K = x_kv W_K + b_K,
              V = x_kv W_V + b_V, head h's weights softmax(Q_h K_h^T / sqrt(d_k)) (cta::causal: -inf above the
              diagonal), concat(weights_h V_h) W_O + b_O; self-attention on x (3 x 4) with and without the causal
              mask, cross-attention from x to memory (2 x 6, so its w_key and w_value are 6 x 4) with and without it
  encoder     nn.TransformerEncoderLayer(4, 2, 8), ReLU, LayerNorm eps 1e-5 with the biased variance: post-norm
              (r1 = x + SA(x), z = LN1(r1), r2 = z + FF(z), out = LN2(r2)) and pre-norm (r1 = x + SA(LN1(x)),
              z = LN2(r1), r2 = r1 + FF(z), out = r2), each without and with the causal mask
  decoder     nn.TransformerDecoderLayer(4, 2, 8), causal self-attention, memory 2 x 6: post-norm (z1 = LN1(x + SA(x)),
              z2 = LN2(z1 + CA(z1, m)), out = LN3(z2 + FF(z2))) and pre-norm (r1 = x + SA(LN1(x)),
              r2 = r1 + CA(LN2(r1), m), out = r2 + FF(LN3(r2)))
  stacks      two post-norm encoder layers of one type (the post-norm layer above, then another), and a post-norm
              layer followed by a pre-norm one with d_ff = 6 (two types)
  model       a decoder-only model, vocabulary 6: embedding 6 x 4, plus the sinusoidal positional encoding
              (PE(pos, 2i) = sin(pos / 10000^(2i/d)), PE(pos, 2i + 1) = cos(...)), two pre-norm encoder layers under
              the causal mask, a final LayerNorm, the head 4 x 6 plus its bias: the logits of ids 3, 1, 4, 0 and
              their argmax per row, and greedy decoding of 4 tokens after the prompt 2, 5 (each the argmax of the
              last row of the logits of the ids before it)

Every argmax is decided by a gap between the two largest logits of a row that the script asserts to be at least
MIN_GAP and prints (a seed where two logits were too close would have to be changed).
"""

import os
import struct
from fractions import Fraction

from mpmath import mp, mpf, nstr

from make_layer_reference import Header as LayerHeader, XorShift64Star, positional

mp.dps = 50
MIN_GAP = mpf("1e-3")
HERE = os.path.dirname(os.path.abspath(__file__))
OUTPUT = os.path.join(HERE, "block_reference.hpp")
D_MODEL, HEADS, D_FF, N, N_MEMORY, D_MEMORY, VOCABULARY = 4, 2, 8, 3, 2, 6, 6
BITS = 22  # values k 2^(e - 22), |k| < 2^22: at most 23 significant bits (exact in float)


class Rng(XorShift64Star):
    """make_layer_reference.py's generator, drawing values of BITS bits."""

    def draw(self, magnitude):
        """A number in [-magnitude, magnitude) (a power of two) of the form k magnitude 2^-BITS, |k| < 2^BITS."""
        return self.value(BITS, magnitude)

    def draws(self, rows, cols, magnitude):
        return self.table(rows, cols, BITS, magnitude)

    def gain(self, cols):
        return [[1 + self.draw(Fraction(1, 2)) for _ in range(cols)]]


# ---- The formulas, on lists of mpf -----------------------------------------------------------------------------------
def mpm(a):
    return [[mpf(e.numerator) / e.denominator if isinstance(e, Fraction) else e for e in row] for row in a]


def matmul(a, b):
    a, b = mpm(a), mpm(b)
    return [[mp.fsum(a[i][t] * b[t][j] for t in range(len(b))) for j in range(len(b[0]))] for i in range(len(a))]


def add(a, b):
    a, b = mpm(a), mpm(b)
    return [[a[i][j] + b[i][j] for j in range(len(a[0]))] for i in range(len(a))]


def linear(x, w, b):
    return add(matmul(x, w), [mpm(b)[0]] * len(x))


def relu(a):
    return [[max(e, mpf(0)) for e in row] for row in mpm(a)]


def layer_norm(x, weights):
    gain, bias = mpm(weights["gain"])[0], mpm(weights["bias"])[0]
    out = []
    for v in mpm(x):
        d = len(v)
        mean = mp.fsum(v) / d
        var = mp.fsum((e - mean) ** 2 for e in v) / d
        sigma = mp.sqrt(var + mpf("1e-5"))
        out.append([(v[j] - mean) / sigma * gain[j] + bias[j] for j in range(d)])
    return out


def softmax_row(row):
    top = max(e for e in row if e is not None)
    exps = [mp.exp(e - top) if e is not None else mpf(0) for e in row]
    total = mp.fsum(exps)
    return [e / total for e in exps]


def attention(x_q, x_kv, w, causal):
    """Every step of the attention sublayer, as attention_layer.hpp's record has them."""
    q = linear(x_q, w["w_query"], w["b_query"])
    k = linear(x_kv, w["w_key"], w["b_key"])
    v = linear(x_kv, w["w_value"], w["b_value"])
    d_k = len(q[0]) // HEADS
    weights, concatenated = [], [[None] * len(q[0]) for _ in q]
    for h in range(HEADS):
        cols = range(h * d_k, (h + 1) * d_k)
        head = []
        for i in range(len(q)):
            logits = [mp.fsum(q[i][c] * k[j][c] for c in cols) / mp.sqrt(d_k) if not (causal and j > i) else None
                      for j in range(len(k))]
            head.append(softmax_row(logits))
        weights.append(head)
        for i in range(len(q)):
            for t, c in enumerate(cols):
                concatenated[i][c] = mp.fsum(head[i][j] * v[j][c] for j in range(len(k)))
    outputs = linear(concatenated, w["w_out"], w["b_out"])
    return {"queries": q, "keys": k, "values": v, "weights": weights, "concatenated": concatenated,
            "outputs": outputs}


def feed_forward(z, f):
    hidden = relu(linear(z, f["w_1"], f["b_1"]))
    return hidden, linear(hidden, f["w_2"], f["b_2"])


def encoder(x, layer, pre, causal):
    if pre:
        a_in = layer_norm(x, layer["norm_1"])
        sa = attention(a_in, a_in, layer["self_attention"], causal)
        r1 = add(x, sa["outputs"])
        z = layer_norm(r1, layer["norm_2"])
    else:
        a_in = mpm(x)
        sa = attention(a_in, a_in, layer["self_attention"], causal)
        r1 = add(x, sa["outputs"])
        z = layer_norm(r1, layer["norm_1"])
    hidden, ff = feed_forward(z, layer["feed_forward"])
    r2 = add(r1 if pre else z, ff)
    out = r2 if pre else layer_norm(r2, layer["norm_2"])
    return {"attention_inputs": a_in, "self_attention": sa, "residual_1": r1, "feed_forward_inputs": z,
            "hidden": hidden, "feed_forward": ff, "residual_2": r2, "outputs": out}


def decoder(x, memory, layer, pre):
    x = mpm(x)
    sa_in = layer_norm(x, layer["norm_1"]) if pre else x
    sa = attention(sa_in, sa_in, layer["self_attention"], True)
    r1 = add(x, sa["outputs"])
    ca_in = layer_norm(r1, layer["norm_2"] if pre else layer["norm_1"])
    ca = attention(ca_in, memory, layer["cross_attention"], False)
    r2 = add(r1 if pre else ca_in, ca["outputs"])
    z = layer_norm(r2, layer["norm_3"] if pre else layer["norm_2"])
    hidden, ff = feed_forward(z, layer["feed_forward"])
    r3 = add(r2 if pre else z, ff)
    out = r3 if pre else layer_norm(r3, layer["norm_3"])
    return {"self_attention_inputs": sa_in, "self_attention": sa, "residual_1": r1, "cross_attention_inputs": ca_in,
            "cross_attention": ca, "residual_2": r2, "feed_forward_inputs": z, "hidden": hidden,
            "feed_forward": ff, "residual_3": r3, "outputs": out}


def model_logits(model, ids):
    x = add([model["embedding"][t] for t in ids], positional(len(ids), D_MODEL))
    for layer in model["layers"]:
        x = encoder(x, layer, True, True)["outputs"]
    return linear(layer_norm(x, model["final_norm"]), model["w_head"], model["b_head"])


GAPS = []


def argmax(row, what):
    order = sorted(range(len(row)), key=lambda j: row[j], reverse=True)
    gap = row[order[0]] - row[order[1]]
    GAPS.append((gap, what))
    assert gap >= MIN_GAP, f"{what}: the two largest logits are {nstr(gap, 3)} apart; choose another seed"
    return order[0]


# ---- Random weights ---------------------------------------------------------------------------------------------------
def attention_weights(rng, d_kv):
    return {"w_query": rng.draws(D_MODEL, D_MODEL, Fraction(1, 2)), "b_query": rng.draws(1, D_MODEL, Fraction(1, 4)),
            "w_key": rng.draws(d_kv, D_MODEL, Fraction(1, 2)), "b_key": rng.draws(1, D_MODEL, Fraction(1, 4)),
            "w_value": rng.draws(d_kv, D_MODEL, Fraction(1, 2)), "b_value": rng.draws(1, D_MODEL, Fraction(1, 4)),
            "w_out": rng.draws(D_MODEL, D_MODEL, Fraction(1, 2)), "b_out": rng.draws(1, D_MODEL, Fraction(1, 4))}


def feed_forward_weights(rng, d_ff=D_FF):
    return {"w_1": rng.draws(D_MODEL, d_ff, Fraction(1, 2)), "b_1": rng.draws(1, d_ff, Fraction(1, 4)),
            "w_2": rng.draws(d_ff, D_MODEL, Fraction(1, 2)), "b_2": rng.draws(1, D_MODEL, Fraction(1, 4))}


def norm_weights(rng):
    return {"gain": rng.gain(D_MODEL), "bias": rng.draws(1, D_MODEL, Fraction(1, 4))}


def encoder_weights(rng, d_ff=D_FF):
    return {"self_attention": attention_weights(rng, D_MODEL), "feed_forward": feed_forward_weights(rng, d_ff),
            "norm_1": norm_weights(rng), "norm_2": norm_weights(rng)}


def decoder_weights(rng):
    return {"self_attention": attention_weights(rng, D_MODEL), "cross_attention": attention_weights(rng, D_MEMORY),
            "feed_forward": feed_forward_weights(rng), "norm_1": norm_weights(rng), "norm_2": norm_weights(rng),
            "norm_3": norm_weights(rng)}


# ---- The header -----------------------------------------------------------------------------------------------------
def exact(x, kind):
    """An input, exact in float and in double, as a hexadecimal literal of the type."""
    f = float(x)
    assert Fraction(f) == x and struct.unpack("f", struct.pack("f", f))[0] == f, "not exact in float"
    text = f.hex() if f != 0 else "0x0p+0"
    return text + ("F" if kind == "float" else "")


class Header(LayerHeader):
    """make_layer_reference.py's header writer, every matrix a static member of a struct, inputs exact in float."""

    def __init__(self):
        super().__init__()
        self.in_struct = True

    def inputs(self, name, table, kind):
        self.matrix(name, [[exact(x, kind) for x in row] for row in table], kind)

    def weights(self, name, weights, kind):
        """A struct of the matrices of a dict of weights (a nested dict: a nested struct)."""
        self.add(f"struct {name} {{")
        for key, item in weights.items():
            if isinstance(item, dict):
                self.weights(key, item, kind)
            else:
                self.inputs(key, item, kind)
        self.add("};")

    def record(self, name, record):
        """A struct of every step of a record (nested records: nested structs; the attention weights: one matrix per
        head, weights_0, weights_1, ...)."""
        self.add(f"struct {name} {{")
        for key, item in record.items():
            if isinstance(item, dict):
                self.record(key, item)
            elif key == "weights":
                for h, head in enumerate(item):
                    self.expected(f"weights_{h}", head)
            else:
                self.expected(key, item)
        self.add("};")


def ids_array(name, ids):
    return f"static constexpr std::array<std::size_t, {len(ids)}> {name}{{{', '.join(str(i) for i in ids)}}};"


def main():
    rng = Rng(0xB10C_2026_0E7C)
    x = rng.draws(N, D_MODEL, 2)
    memory = rng.draws(N_MEMORY, D_MEMORY, 2)
    self_weights = attention_weights(rng, D_MODEL)
    cross_weights = attention_weights(rng, D_MEMORY)
    enc = encoder_weights(rng)
    enc_2 = encoder_weights(rng)
    enc_3 = encoder_weights(rng, 6)
    dec = decoder_weights(rng)
    model = {"embedding": rng.draws(VOCABULARY, D_MODEL, 1), "layers": [encoder_weights(rng), encoder_weights(rng)],
             "final_norm": norm_weights(rng), "w_head": rng.draws(D_MODEL, VOCABULARY, 2),
             "b_head": rng.draws(1, VOCABULARY, Fraction(1, 4))}
    inputs = [("x", x), ("memory", memory)]
    weights = [("self", self_weights), ("cross", cross_weights), ("enc", enc), ("enc_2", enc_2), ("enc_3", enc_3),
               ("dec", dec), ("model", {"embedding": model["embedding"], "layer_0": model["layers"][0],
                                        "layer_1": model["layers"][1], "final_norm": model["final_norm"],
                                        "w_head": model["w_head"], "b_head": model["b_head"]})]

    h = Header()
    h.add("// SPDX-License-Identifier: BSL-1.0")
    h.add("// Generated by make_block_reference.py (next to this file): do not edit, run the script instead.")
    h.add("// Inputs and expected results of the Transformer blocks (include/cta/transformer/), computed from their")
    h.add("// formulas in 50-digit arithmetic, independently of the library, written with 20 significant digits;")
    h.add("// inputs are exact in float and in double. See the script for the cases.")
    h.add("#pragma once")
    h.add()
    h.add("#include <array>")
    h.add("#include <cstddef>")
    h.add()
    h.add("#include <cta/matrix.hpp>")
    h.add()
    h.add("namespace block_reference {")
    h.add()
    for kind in ("double", "float"):
        h.add(f"struct in_{kind} {{")
        for name, table in inputs:
            h.inputs(name, table, kind)
        for name, table in weights:
            h.weights(name, table, kind)
        h.add("};")
        h.add()

    h.add("struct expected {")
    h.add("// The attention sublayer: self-attention on x, cross-attention from x to memory, without and with causal")
    h.record("self", attention(x, x, self_weights, False))
    h.record("self_causal", attention(x, x, self_weights, True))
    h.record("cross", attention(x, memory, cross_weights, False))
    h.record("cross_causal", attention(x, memory, cross_weights, True))
    h.add("// The encoder layer enc on x: post-norm and pre-norm, without and with causal")
    h.record("encoder_post", encoder(x, enc, False, False))
    h.record("encoder_pre", encoder(x, enc, True, False))
    h.record("encoder_post_causal", encoder(x, enc, False, True))
    h.record("encoder_pre_causal", encoder(x, enc, True, True))
    h.add("// The decoder layer dec on x attending to memory, causal self-attention: post-norm and pre-norm")
    h.record("decoder_post", decoder(x, memory, dec, False))
    h.record("decoder_pre", decoder(x, memory, dec, True))
    h.add("// Stacks: post-norm enc then post-norm enc_2 (one type); post-norm enc then pre-norm enc_3 (two types)")
    post = encoder(x, enc, False, False)["outputs"]
    h.expected("stack_array", encoder(post, enc_2, False, False)["outputs"])
    h.expected("stack_tuple", encoder(post, enc_3, True, False)["outputs"])
    h.add("// The decoder-only model: logits of model_ids and their argmax per row; greedy decoding after the prompt")
    ids = [3, 1, 4, 0]
    logits = model_logits(model, ids)
    h.add(ids_array("model_ids", ids))
    h.expected("model_logits", logits)
    h.add(ids_array("model_argmax", [argmax(row, f"logits row {i}") for i, row in enumerate(logits)]))
    generated = [2, 5]
    h.add(ids_array("prompt", generated))
    for _ in range(4):
        generated.append(argmax(model_logits(model, generated)[-1], f"generation after {generated}"))
    h.add(ids_array("generated", generated))
    h.add("};")
    h.add()
    h.add("}  // namespace block_reference")
    with open(OUTPUT, "w", encoding="utf-8") as f:
        f.write("\n".join(h.lines) + "\n")
    gap, what = min(GAPS)
    print(f"smallest gap between the two largest logits of an argmax: {nstr(gap, 3)} ({what})")


if __name__ == "__main__":
    main()
