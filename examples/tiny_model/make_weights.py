#!/usr/bin/env python3
# SPDX-License-Identifier: BSL-1.0
"""Constructs the weights of the tiny Transformer of examples/tiny_model (README.md there) and writes them, with the
model's dimensions and 64 test prompts and their answers, to tiny_model_weights.hpp next to this script, and the
model assembled from them, a constexpr cta::decoder_only_model, to tiny_model.hpp.

Usage: python3 make_weights.py [--check [header]]   (python3 and mpmath). Without an argument it writes the two
headers; with --check it writes nothing and exits with 1 when the weights header on disk (or the given file) or
tiny_model.hpp differs from what it would write. The output is a function of this script alone (50-digit
construction, a fixed-seed generator for the prompts), so running it again rewrites the same bytes.

The task: the prompt is L = 4 digits and a separator; the answer, generated greedily, is the L digits in reverse
order, each plus 1 modulo 10. "2 0 2 6 |" -> "7 3 1 3".

The construction, in 50-digit arithmetic, each weight then rounded to the nearest double, and written 0 below 1e-40 in
magnitude (what Gram-Schmidt leaves of an exact zero); x W convention: a row vector times W, W the transpose of
PyTorch's weight.

  residual stream  R^32 = P (+) T (+) C (+) 2 spare dimensions, orthogonal: P = span(1, PE(0), ..., PE(7)), the
                   positions (9 dimensions); T, 11 orthonormal directions t_0 .. t_10, one per token; C, 10
                   orthonormal directions c_0 .. c_9, one per digit. T and C come from Gram-Schmidt on the unit vectors
                   e_0, e_1, ... against P. Every direction of T and C has mean 0, so a layer norm's centering leaves
                   it alone, and a token's embedding 4 t_k has the same length for every token: a layer norm of
                   e(token) + PE(p) divides by a number that depends on p only.
  layer 1          attention, one head, reading the positions only: W_K = Pi E, W_Q = 400 Pi E R, Pi the orthogonal
                   projection onto P (it drops T and C), E the first 8 coordinates (the four fastest sine-cosine pairs
                   of the encoding, i = 0..3), R the reflection p -> 7 - p of those pairs:
                   (sin w(7 - p), cos w(7 - p)) = (sin 7w cos wp - cos 7w sin wp, cos 7w cos wp + sin 7w sin wp),
                   linear in (sin wp, cos wp). So the query of position t is, up to the layer norm's centering and
                   scale, 400 times the key of position 7 - t, and its score there beats every other visible position's
                   by at least SCORE_GAP (the scores are the same for every prompt; construct() asserts the gap). The
                   value of a digit d is head coordinate d (W_V reads t_d), the out-projection writes head coordinate d
                   into c_d. So at position t >= L the stream gains m_t c_d, d the digit at position 7 - t: the digits,
                   reversed, in C.
                   Feed-forward: zero (the stream passes unchanged).
  layer 2          attention: zero. Feed-forward: hidden unit j = ReLU(<LN(x), c_j> - 1/2), one per digit: only the
                   copied digit's unit fires; linear2 writes 2 h_j (c_(j+1 mod 10) - c_j), which moves the copied digit
                   from c_d to c_(d+1).
  head             logit of digit k = <LN(x), c_k>; the separator's logit is its bias, 1/2, which wins when no
                   digit has been copied.

All layer-norm gains are 1 and their biases 0; every bias not named is 0.
"""

import os
import random
import sys
from fractions import Fraction

from mpmath import mp, mpf, sqrt as mp_sqrt, sin as mp_sin, cos as mp_cos

mp.dps = 50
HERE = os.path.dirname(os.path.abspath(__file__))
HEADER = os.path.join(HERE, "tiny_model_weights.hpp")
MODEL_HEADER = os.path.join(HERE, "tiny_model.hpp")

# The model's dimensions (README.md, "The model").
DIGITS = 10
SEP = 10                      # the separator's token
V = 11                        # vocabulary: digits 0-9, the separator
L = 4                         # digits in a prompt
D_MODEL = 32
NHEAD = 1
D_FF = 10
N_LAYERS = 2
EPS = mpf("1e-5")             # the layer norms' epsilon
NORM_FIRST = True             # pre-norm: x + SA(LN1(x)), x + FF(LN2(x))
MAX_POSITIONS = 2 * L         # the longest sequence the model reads: the prompt and L - 1 generated digits
MIRROR = 2 * L - 1            # position t reads the digit at MIRROR - t
EMBEDDING_LENGTH = 4          # each token's embedding row has this length (no scaling by sqrt(d_model))
QUERY_SCALE = 400             # layer 1's queries: this times the reflected positions
PAIRS = 4                     # layer 1 reads the encoding's first PAIRS sine-cosine pairs (the fastest)
SCORE_GAP = 40                # the mirror's score must beat every other visible position's by this much
THRESHOLD = mpf(1) / 2        # layer 2's hidden units fire above this coordinate
MOVE = 2                      # layer 2's linear2 moves the digit with this weight
SEP_BIAS = mpf(1) / 2         # the head's bias for the separator: its answer when no digit is copied
PROMPT_SEED = 2017            # the generator of the test prompts
PROMPT_COUNT = 64


def task(digits):
    """The answer to a prompt of L digits: reversed, each plus 1 modulo 10."""
    return [(d + 1) % 10 for d in reversed(digits)]


def positional_encoding(pos, d=D_MODEL):
    """Section 3.5 of the paper: PE(pos, 2i) = sin(pos / 10000^(2i/d)), PE(pos, 2i + 1) = cos(pos / 10000^(2i/d))."""
    row = []
    for i in range(d // 2):
        angle = mpf(pos) / mpf(10000) ** (mpf(2 * i) / d)
        row += [mp_sin(angle), mp_cos(angle)]
    return row


def dot(a, b):
    return mp.fsum(x * y for x, y in zip(a, b))


def orthonormal_extend(basis, candidates):
    """Gram-Schmidt (twice, for accuracy): the candidates that are independent of basis, orthonormalised against it."""
    result = []
    for v in candidates:
        w = list(v)
        for _ in range(2):
            for b in basis + result:
                p = dot(w, b)
                w = [x - p * y for x, y in zip(w, b)]
        n = mp_sqrt(dot(w, w))
        if n > mpf("1e-20"):
            result.append([x / n for x in w])
    return result


def zeros(rows, cols):
    return [[mpf(0)] * cols for _ in range(rows)]


def layer_norm_factor(squared_length):
    """A layer norm maps a centred x to x sqrt(d) / sqrt(|x|^2 + d eps) (gain 1, bias 0)."""
    return mp_sqrt(D_MODEL) / mp_sqrt(squared_length + D_MODEL * EPS)


def layer_norm(x):
    mean = mp.fsum(x) / D_MODEL
    centred = [v - mean for v in x]
    return [v * layer_norm_factor(dot(centred, centred)) for v in centred]


def layer_1_scores(l1, pe, embedding_row):
    """Layer 1's scores q_t k_s / sqrt(d_head) for a sequence whose every token has the given embedding row."""
    rows = [layer_norm([e + p for e, p in zip(embedding_row, pe[t])]) for t in range(MAX_POSITIONS)]
    q = [[dot(x, [w[c] for w in l1["w_q"]]) for c in range(D_MODEL)] for x in rows]
    k = [[dot(x, [w[c] for w in l1["w_k"]]) for c in range(D_MODEL)] for x in rows]
    return [[dot(q[t], k[s]) / mp_sqrt(D_MODEL // NHEAD) for s in range(MAX_POSITIONS)] for t in range(MAX_POSITIONS)]


def smallest_score_gap(l1, pe, embedding):
    """The smallest lead of the mirror 2L - 1 - t's score over any other position s <= t, over t = L .. 2L - 1.
    Checks that the scores are the same whatever the tokens (to 40 digits)."""
    scores = layer_1_scores(l1, pe, embedding[0])
    for row in embedding[1:]:
        other = layer_1_scores(l1, pe, row)
        assert all(abs(a - b) < mpf("1e-40") for ra, rb in zip(scores, other) for a, b in zip(ra, rb))
    gaps = []
    for t in range(L, MAX_POSITIONS):
        mirror = MIRROR - t
        gaps.append(scores[t][mirror] - max(scores[t][s] for s in range(t + 1) if s != mirror))
    return min(gaps)


def construct():
    """The weights in 50-digit arithmetic: a dict of name -> matrix (list of rows) or vector (list)."""
    d = D_MODEL
    ones = [mpf(1)] * d
    pe = [positional_encoding(p) for p in range(MAX_POSITIONS)]
    positions = orthonormal_extend([], [ones] + pe)
    assert len(positions) == MAX_POSITIONS + 1, "1 and the 8 positional encodings are independent"
    unit = [[mpf(int(i == j)) for j in range(d)] for i in range(d)]
    free = orthonormal_extend(positions, unit)
    assert len(free) == d - len(positions)
    t_dirs = free[:V]                          # token directions
    c_dirs = free[V:V + DIGITS]                # copied-digit directions
    w = {}

    w["embedding"] = [[EMBEDDING_LENGTH * x for x in t_dirs[k]] for k in range(V)]

    # Layer 1 reads the positions: Pi, the projection onto P, then the first 2 PAIRS coordinates; the query also
    # reflects them, R (x W convention: row 2i + a, column 2i + b).
    reflection = zeros(2 * PAIRS, 2 * PAIRS)
    for i in range(PAIRS):
        w_i = 1 / mpf(10000) ** (mpf(2 * i) / d)
        s7, c7 = mp_sin(MIRROR * w_i), mp_cos(MIRROR * w_i)
        reflection[2 * i][2 * i], reflection[2 * i][2 * i + 1] = -c7, s7          # from sin(wp)
        reflection[2 * i + 1][2 * i], reflection[2 * i + 1][2 * i + 1] = s7, c7   # from cos(wp)
    projection = [[mp.fsum(b[r] * b[c] for b in positions) for c in range(2 * PAIRS)] for r in range(d)]
    l1 = {}
    l1["w_k"] = zeros(d, d)
    l1["w_q"] = zeros(d, d)
    for r in range(d):
        for c in range(2 * PAIRS):
            l1["w_k"][r][c] = projection[r][c]
            l1["w_q"][r][c] = QUERY_SCALE * mp.fsum(projection[r][k] * reflection[k][c] for k in range(2 * PAIRS))
    l1["w_v"] = zeros(d, d)
    l1["w_o"] = zeros(d, d)
    for digit in range(DIGITS):
        for r in range(d):
            l1["w_v"][r][digit] = t_dirs[digit][r]
            l1["w_o"][digit][r] = c_dirs[digit][r]
    l1["w_1"] = zeros(d, D_FF)
    l1["b_1"] = [mpf(0)] * D_FF
    l1["w_2"] = zeros(D_FF, d)

    l2 = {"w_q": zeros(d, d), "w_k": zeros(d, d), "w_v": zeros(d, d), "w_o": zeros(d, d)}
    l2["w_1"] = [[c_dirs[j][r] for j in range(DIGITS)] for r in range(d)]
    l2["b_1"] = [-THRESHOLD] * D_FF
    l2["w_2"] = [[MOVE * (c_dirs[(j + 1) % DIGITS][r] - c_dirs[j][r]) for r in range(d)] for j in range(DIGITS)]
    for layer in (l1, l2):
        for name in ("b_q", "b_k", "b_v", "b_o", "b_2", "ln1_b", "ln2_b"):
            layer[name] = [mpf(0)] * d
        layer["ln1_g"] = [mpf(1)] * d
        layer["ln2_g"] = [mpf(1)] * d
    w["layers"] = [l1, l2]
    w["score_gap"] = smallest_score_gap(l1, pe, w["embedding"])
    assert w["score_gap"] >= SCORE_GAP, w["score_gap"]
    w["lnf_g"] = [mpf(1)] * d
    w["lnf_b"] = [mpf(0)] * d
    w["w_head"] = [[c_dirs[k][r] if k < DIGITS else mpf(0) for k in range(V)] for r in range(d)]
    w["b_head"] = [mpf(0)] * DIGITS + [mpf(SEP_BIAS)]
    return w


def to_double(x):
    """x rounded to the nearest double; below 1e-40 in magnitude, 0 (Gram-Schmidt's residue of an exact zero)."""
    return 0.0 if abs(x) < mpf("1e-40") else float(x)


def doubles(w):
    """The same structure with every number rounded to the nearest double."""
    if isinstance(w, dict):
        return {k: doubles(v) for k, v in w.items()}
    if isinstance(w, list):
        return [doubles(v) for v in w]
    return to_double(w)


def test_prompts():
    """PROMPT_COUNT prompts of L digits from a fixed-seed generator, each with its answer."""
    rng = random.Random(PROMPT_SEED)
    prompts = [[rng.randrange(DIGITS) for _ in range(L)] for _ in range(PROMPT_COUNT)]
    return [(p, task(p)) for p in prompts]


def literal(x):
    """The double x exactly: a decimal when its shortest decimal is exact, else a hexadecimal floating literal."""
    if x == 0:
        return "-0.0" if str(x).startswith("-") else "0.0"
    shortest = repr(x)
    if "e" not in shortest and Fraction(shortest) == Fraction(x):
        return shortest
    return x.hex()


WIDTH = 120


def matrix_lines(name, rows, indent="    "):
    cols = len(rows[0])
    if not any(x for row in rows for x in row):
        return [f"{indent}inline constexpr cta::matrix<double, {len(rows)}, {cols}> {name}{{}};  // zeros"]
    out = [f"{indent}inline constexpr cta::matrix<double, {len(rows)}, {cols}> {name}{{{{"]
    for row in rows:
        line = indent + "    {"
        pieces = [literal(x) for x in row]
        current = line
        lines = []
        for i, piece in enumerate(pieces):
            text = piece + (", " if i + 1 < len(pieces) else "},")
            if len(current) + len(text.rstrip()) > WIDTH:
                lines.append(current.rstrip())
                current = indent + "     "
            current += text
        lines.append(current.rstrip())
        out += lines
    out.append(f"{indent}}}}};")
    return out


def vector_lines(name, values, indent="    "):
    return matrix_lines(name, [values], indent)


def header_text():
    w = doubles(construct())
    lines = [
        "// SPDX-License-Identifier: BSL-1.0",
        "// Generated by make_weights.py (next to this file): do not edit, run the script instead.",
        "// The weights of a two-layer Transformer that answers a prompt of L digits and a separator with the digits",
        "// reversed, each plus 1 modulo 10 (README.md next to this file describes the model and its construction).",
        "// Every value is a double written exactly (a decimal when exact, else a hexadecimal literal; {}: zeros).",
        "// Weights are in the x W convention: a row vector times W, W the transpose of the PyTorch weight. Biases and",
        "// layer-norm gains and biases are 1 x n matrices.",
        "#pragma once",
        "",
        "#include <array>",
        "#include <cstddef>",
        "",
        "#include <cta/matrix.hpp>",
        "",
        "namespace tiny_model {",
        "",
        f"inline constexpr std::size_t V = {V};              // tokens: digits 0-9 are tokens 0-9, the separator is 10",
        f"inline constexpr std::size_t separator = {SEP};",
        f"inline constexpr std::size_t d_model = {D_MODEL};",
        f"inline constexpr std::size_t nhead = {NHEAD};",
        f"inline constexpr std::size_t d_head = {D_MODEL // NHEAD};",
        f"inline constexpr std::size_t d_ff = {D_FF};",
        f"inline constexpr std::size_t N = {N_LAYERS};              // layers",
        f"inline constexpr std::size_t L = {L};              // digits in a prompt; the answer has L digits too",
        f"inline constexpr std::size_t prompt_length = {L + 1};  // L digits and the separator",
        f"inline constexpr std::size_t max_length = {MAX_POSITIONS};     // the longest sequence the model reads",
        "inline constexpr double layer_norm_eps = 1e-5;",
        f"inline constexpr bool norm_first = {str(NORM_FIRST).lower()};"
        "  // x + SA(LN1(x)), x + FF(LN2(x)); a final layer norm, the head",
        "",
        "// Token embedding (V x d_model, row lookup), not scaled; the sinusoidal positional encoding is added to it.",
    ]
    lines += matrix_lines("embedding", w["embedding"], "")
    for index, layer in enumerate(w["layers"]):
        lines += ["", f"// Layer {index + 1} (torch.nn.TransformerEncoderLayer, norm_first=True, causal mask).",
                  f"namespace layer_{index + 1} {{"]
        for name, comment in (("ln1_g", "layer norm before attention: gain"), ("ln1_b", "and bias"),
                              ("w_q", "in-projection, queries"), ("b_q", None), ("w_k", "keys"), ("b_k", None),
                              ("w_v", "values"), ("b_v", None), ("w_o", "out-projection"), ("b_o", None),
                              ("ln2_g", "layer norm before the feed-forward: gain"), ("ln2_b", "and bias"),
                              ("w_1", "feed-forward: linear1"), ("b_1", None), ("w_2", "linear2"), ("b_2", None)):
            if comment:
                lines.append(f"// {comment}")
            value = layer[name]
            lines += (matrix_lines if isinstance(value[0], list) else vector_lines)(name, value, "")
        lines.append(f"}}  // namespace layer_{index + 1}")
    lines += ["", "// Final layer norm and head (d_model -> V); the answer is the first index of the largest logit."]
    lines += vector_lines("lnf_g", w["lnf_g"], "")
    lines += vector_lines("lnf_b", w["lnf_b"], "")
    lines += matrix_lines("w_head", w["w_head"], "")
    lines += vector_lines("b_head", w["b_head"], "")
    prompts = test_prompts()
    lines += ["", f"// {PROMPT_COUNT} prompts from a fixed-seed generator (Python's random.Random({PROMPT_SEED})) and",
              "// the answers the model generates greedily (the prompt's digits reversed, each plus 1 modulo 10).",
              f"inline constexpr std::array<std::array<std::size_t, prompt_length>, {PROMPT_COUNT}> test_prompts{{{{"]
    for p, _ in prompts:
        lines.append("    {{" + ", ".join(str(x) for x in p + [SEP]) + "}},")
    lines += ["}};",
              f"inline constexpr std::array<std::array<std::size_t, L>, {PROMPT_COUNT}> test_answers{{{{"]
    for _, a in prompts:
        lines.append("    {{" + ", ".join(str(x) for x in a) + "}},")
    lines += ["}};", "", "}  // namespace tiny_model", ""]
    return "\n".join(lines)


def model_header_text():
    """tiny_model.hpp: the model assembled from the weights of tiny_model_weights.hpp, and its answer to a prompt."""
    placement = "cta::pre_norm" if NORM_FIRST else "cta::post_norm"
    lines = [
        "// SPDX-License-Identifier: BSL-1.0",
        "// Generated by make_weights.py (next to this file): do not edit, run the script instead.",
        "// The tiny Transformer of README.md (next to this file) assembled from the weights of"
        " tiny_model_weights.hpp:",
        "// tiny_model::model, a constexpr cta::decoder_only_model, and tiny_model::answer(prompt), the L tokens it",
        "// generates greedily after a prompt, at compile time or at run time.",
        "#pragma once",
        "",
        "#include <array>",
        "#include <cstddef>",
        "",
        "#include <cta/transformer/model.hpp>",
        "",
        '#include "tiny_model_weights.hpp"',
        "",
        "namespace tiny_model {",
    ]
    placement_type = placement + "_t"
    lines += [
        "",
        "// The types, spelled: an encoder layer of d_model, nhead and d_ff in double, and the model of N of them"
        " (with",
        "// a deduced type GCC may put a constexpr object in .data, copied to RAM, on embedded targets:"
        " docs/index.md).",
        f"using layer_type = cta::encoder_layer_t<double, d_model, nhead, d_ff, {placement_type}>;",
        "using norm_type = cta::layer_norm_weights<cta::matrix<double, 1, d_model>, cta::matrix<double, 1, d_model>>;",
        "using model_type = cta::decoder_only_model<cta::matrix<double, V, d_model>, std::array<layer_type, N>,"
        " norm_type,",
        "                                           cta::matrix<double, d_model, V>, cta::matrix<double, 1, V>>;",
    ]
    lines += [
        "",
        "// The encoder layer of these weights (named as in the namespaces layer_1 .. layer_N):",
        f"// torch.nn.TransformerEncoderLayer(d_model, nhead, d_ff, norm_first={NORM_FIRST}).",
        "constexpr layer_type make_layer(const auto& ln1_g, const auto& ln1_b, const auto& w_q, const auto& b_q,"
        " const auto& w_k,",
        "                                const auto& b_k, const auto& w_v, const auto& b_v, const auto& w_o,"
        " const auto& b_o,",
        "                                const auto& ln2_g, const auto& ln2_b, const auto& w_1, const auto& b_1,"
        " const auto& w_2,",
        "                                const auto& b_2) {",
        "    return cta::make_encoder_layer<nhead>(",
        "        cta::attention_weights{w_q, b_q, w_k, b_k, w_v, b_v, w_o, b_o},"
        " cta::feed_forward_weights{w_1, b_1, w_2, b_2},",
        "        cta::layer_norm_weights{ln1_g, ln1_b, layer_norm_eps},"
        " cta::layer_norm_weights{ln2_g, ln2_b, layer_norm_eps},",
        f"        {placement});",
        "}",
        "",
    ]
    for index in range(N_LAYERS):
        lines += [
            f"namespace layer_{index + 1} {{",
            "inline constexpr layer_type layer =",
            "    make_layer(ln1_g, ln1_b, w_q, b_q, w_k, b_k, w_v, b_v, w_o, b_o, ln2_g, ln2_b, w_1, b_1, w_2, b_2);",
            f"}}  // namespace layer_{index + 1}",
        ]
    layers = ", ".join(f"layer_{index + 1}::layer" for index in range(N_LAYERS))
    lines += [
        "",
        "// The model: embedding, sinusoidal positional encoding, the layers under the causal mask, the final layer"
        " norm",
        "// and the head.",
        f"inline constexpr model_type model{{embedding, {{{layers}}},",
        "                                  norm_type{lnf_g, lnf_b, layer_norm_eps}, w_head, b_head};",
        "",
        "// The L tokens the model generates greedily after `prompt` (L digits and the separator).",
        "constexpr std::array<std::size_t, L> answer(const std::array<std::size_t, prompt_length>& prompt) noexcept {",
        "    const auto ids = cta::generate<L>(model, prompt);",
        "    std::array<std::size_t, L> tokens{};",
        "    for (std::size_t i = 0; i < L; ++i) tokens[i] = ids[prompt_length + i];",
        "    return tokens;",
        "}",
        "",
        "}  // namespace tiny_model",
        "",
    ]
    return "\n".join(lines)


def main():
    texts = {HEADER: header_text(), MODEL_HEADER: model_header_text()}
    if sys.argv[1:2] == ["--check"] and len(sys.argv) <= 3:
        checked = {sys.argv[2] if len(sys.argv) == 3 else HEADER: texts[HEADER], MODEL_HEADER: texts[MODEL_HEADER]}
        differ = False
        for path, text in checked.items():
            with open(path, encoding="utf-8") as f:
                same = f.read() == text
            differ = differ or not same
            print(f"{path} is what make_weights.py writes" if same
                  else f"{path} differs from what make_weights.py writes: run python3 make_weights.py")
        return 1 if differ else 0
    if sys.argv[1:]:
        print("usage: python3 make_weights.py [--check [header]]", file=sys.stderr)
        return 2
    for path, text in texts.items():
        with open(path, "w", encoding="utf-8") as f:
            f.write(text)
        print(f"wrote {path}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
