#!/usr/bin/env python3
# SPDX-License-Identifier: BSL-1.0
"""Writes reference_values.hpp, next to this script: inputs and expected results of cta's attention features,
computed in 50-digit arithmetic with plain loops over lists (nothing here uses the C++ library).

Usage: python3 make_attention_reference.py   (python3 and mpmath; no argument). The output is a function of this
script alone (a fixed-seed generator of its own, fixed precision), so running it again rewrites the same bytes.

The cases, each a namespace of attention_reference:

  seed              the seed tutorial's inputs and weights: plain softmax(Q K^T) V, scaled softmax(Q K^T / sqrt(d_k)) V,
                    and both with the causal mask (query i sees keys j <= i)
  masked            self-attention of 4 tokens with a boolean keep-mask (unscaled), an additive mask (scaled; added
                    after scaling, with -inf entries), and both masks with the causal mask (scaled); each mask has a
                    fully masked row
  cross             cross-attention X_q W_Q, X_kv W_K, X_kv W_V with n_q = 2, n_kv = 5, d = 4, d' = 3, d_k = 2, d_v = 4:
                    plain, scaled, scaled and causal
  multi_head        multi-head self-attention, n = 3, d = 6, d_model = 8, d_out = 5, with h = 2 and h = 4 heads, and
                    h = 2 with the causal mask
  cross_multi_head  multi-head attention between n_q = 2 and n_kv = 4 tokens (d = 6, d' = 3), h = 2 and h = 4
  given             attention from given Q (3 x 2), K (4 x 2), V (4 x 3): plain, scaled, scaled and causal
  batch             two more sequences (2 and 5 tokens) for the seed's weights: plain, and scaled and causal

Semantics: logits L = Q K^T, divided by sqrt(d_k) when scaled; an entry excluded by the causal or the boolean mask is
-inf; an additive mask is added to the (scaled) logits. weights = softmax of each row over its finite logits, 0 for
the -inf entries; a row without a finite logit has weight 0 everywhere, so its output is 0. Multi-head attention with h
heads: head i uses columns i d_k .. (i + 1) d_k - 1 of Q = X_q W_Q, K = X_kv W_K, V = X_kv W_V with d_k = d_model / h,
is always scaled by 1 / sqrt(d_k), and the heads' outputs side by side are multiplied by W_O.

Inputs and weights are multiples of 1/4 (exact in binary floating point); projections and scores are then exact too
and are written exactly. Computed values are written with 20 significant digits.
"""

import os
from fractions import Fraction

from mpmath import mp, mpf, nstr

mp.dps = 50
DIGITS = 20
HERE = os.path.dirname(os.path.abspath(__file__))
OUTPUT = os.path.join(HERE, "reference_values.hpp")
WIDTH = 120
NEG_INF = mpf("-inf")

# The seed tutorial's reference values (shared/reference/tutorial-values.md), which the seed cases must reproduce
# digit for digit.
TUTORIAL = {
    "plain_weights": [
        ["0.063378938333037618189", "0.46831053083348119091", "0.46831053083348119091"],
        ["6.0336648545583371964e-6", "0.98200786489581679861", "0.017986101439328643048"],
        ["0.00029538722303456455904", "0.88053690177496159855", "0.11916771100200383689"],
    ],
    "plain_outputs": [
        ["1.9366210616669623818", "6.6831053083348119091", "1.5950684074995564273"],
        ["1.9999939663351454417", "7.9639915951322153639", "0.053976405312549604155"],
        ["1.9997046127769654354", "7.7598922546577849389", "0.35838929467511520436"],
    ],
    "scaled_weights": [
        ["0.13612579755693347738", "0.43193710122153326131", "0.43193710122153326131"],
        ["0.00089044739063233361869", "0.90884264721499345605", "0.090266905394374210332"],
        ["0.0074448923770739653755", "0.75470758064146427248", "0.23784752698146176214"],
    ],
    "scaled_outputs": [
        ["1.8638742024430665226", "6.3193710122153326131", "1.7041886963354002161"],
        ["1.9991095526093676664", "7.8141235048674575776", "0.27347205835501963185"],
        ["1.9925551076229260346", "7.4796355917746326835", "0.73587725807560718255"],
    ],
}


# ---- A fixed-seed generator (SplitMix64), independent of Python's random module -----------------------------------
class SplitMix64:
    MASK = (1 << 64) - 1

    def __init__(self, seed):
        self.state = seed & self.MASK

    def next(self):
        self.state = (self.state + 0x9E3779B97F4A7C15) & self.MASK
        z = self.state
        z = ((z ^ (z >> 30)) * 0xBF58476D1CE4E5B9) & self.MASK
        z = ((z ^ (z >> 27)) * 0x94D049BB133111EB) & self.MASK
        return z ^ (z >> 31)

    def quarters(self, rows, cols, lo, hi):
        """A rows x cols table of multiples of 1/4 in [lo, hi] (Fractions)."""
        span = 4 * (hi - lo) + 1
        return [[Fraction(4 * lo + self.next() % span, 4) for _ in range(cols)] for _ in range(rows)]


# ---- Plain-loop linear algebra in mpmath ---------------------------------------------------------------------------
def to_mp(table):
    return [[mpf(x.numerator) / x.denominator if isinstance(x, Fraction) else mpf(x) for x in row] for row in table]


def shape(a):
    return len(a), len(a[0])


def matmul(a, b):
    n, k = shape(a)
    k2, m = shape(b)
    assert k == k2
    c = []
    for i in range(n):
        row = []
        for j in range(m):
            acc = mpf(0)
            for t in range(k):
                acc += a[i][t] * b[t][j]
            row.append(acc)
        c.append(row)
    return c


def transpose(a):
    n, m = shape(a)
    return [[a[i][j] for i in range(n)] for j in range(m)]


def columns(a, start, count):
    return [row[start:start + count] for row in a]


def softmax_rows(logits):
    weights = []
    for row in logits:
        finite = [x for x in row if x != NEG_INF]
        if not finite:
            weights.append([mpf(0)] * len(row))
            continue
        top = max(finite)
        e = [mpf(0) if x == NEG_INF else mp.exp(x - top) for x in row]
        total = mp.fsum(e)
        weights.append([x / total for x in e])
    return weights


def attend(q, k, v, scaled=False, causal=False, keep=None, additive=None):
    """softmax(L) V with L = Q K^T (/ sqrt(d_k)), masked; returns scores, logits, weights, outputs."""
    n_q, d_k = shape(q)
    n_kv, d_k2 = shape(k)
    assert d_k == d_k2 and shape(v)[0] == n_kv
    scores = matmul(q, transpose(k))
    root = mp.sqrt(d_k)
    logits = []
    for i in range(n_q):
        row = []
        for j in range(n_kv):
            x = scores[i][j] / root if scaled else scores[i][j]
            if causal and j > i:
                x = NEG_INF
            if keep is not None and not keep[i][j]:
                x = NEG_INF
            if additive is not None:
                x = x + additive[i][j]  # -inf stays -inf, and an additive -inf removes the entry
            row.append(x)
        logits.append(row)
    weights = softmax_rows(logits)
    outputs = matmul(weights, v)
    return {"scores": scores, "logits": logits, "weights": weights, "outputs": outputs}


def project_and_attend(x_q, x_kv, w_q, w_k, w_v, **options):
    q = matmul(x_q, w_q)
    k = matmul(x_kv, w_k)
    v = matmul(x_kv, w_v)
    result = attend(q, k, v, **options)
    result.update(queries=q, keys=k, values=v)
    return result


def multi_head(h, x_q, x_kv, w_q, w_k, w_v, w_o, causal=False):
    q = matmul(x_q, w_q)
    k = matmul(x_kv, w_k)
    v = matmul(x_kv, w_v)
    d_model = shape(q)[1]
    assert d_model % h == 0 and shape(k)[1] == d_model and shape(v)[1] == d_model
    d_k = d_model // h
    scores, weights, heads = [], [], []
    concatenated = [[] for _ in range(shape(q)[0])]
    for i in range(h):
        head = attend(columns(q, i * d_k, d_k), columns(k, i * d_k, d_k), columns(v, i * d_k, d_k), scaled=True,
                      causal=causal)
        scores.append(head["scores"])
        weights.append(head["weights"])
        heads.append(head["outputs"])
        for r, row in enumerate(head["outputs"]):
            concatenated[r].extend(row)
    return {"queries": q, "keys": k, "values": v, "scores": scores, "weights": weights, "head_outputs": heads,
            "concatenated": concatenated, "outputs": matmul(concatenated, w_o)}


# ---- C++ output ----------------------------------------------------------------------------------------------------
def exact_literal(x):
    """A multiple of 1/4 (Fraction or int) as a double literal, exactly."""
    f = float(x)
    assert Fraction(f) == Fraction(x)
    return repr(f)


def value_literal(x):
    if x == NEG_INF:
        return "-inf"
    assert mp.isfinite(x)
    return nstr(x, DIGITS)


def exact_value_literal(x, kind):
    """A computed value that is exact (a projection or a score): written exactly, as an int or a double."""
    if kind == "int":
        assert x == int(x)
        return str(int(x))
    text = value_literal(x)
    assert mpf(text) == x, "not exact in 20 digits: " + text
    return text


def cxx_type(kind, rows, cols):
    return f"cta::matrix<{kind}, {rows}, {cols}>"


def table_lines(cells, indent):
    """The rows of a braced table, each `{a, b, ...},`, wrapped at WIDTH."""
    lines = []
    for row in cells:
        line = " " * indent + "{" + ", ".join(row) + "},"
        if len(line) <= WIDTH:
            lines.append(line)
            continue
        current = " " * indent + "{"
        for k, cell in enumerate(row):
            piece = cell + ("}," if k == len(row) - 1 else ",")
            if len(current) + len(piece) + 1 > WIDTH and current.strip() != "{":
                lines.append(current.rstrip())
                current = " " * (indent + 1)
            current += piece + " "
        lines.append(current.rstrip())
    return lines


class Header:
    def __init__(self):
        self.lines = []

    def add(self, text=""):
        self.lines.append(text)

    def comment(self, text):
        words = text.split()
        line = "//"
        for word in words:
            if len(line) + 1 + len(word) > WIDTH:
                self.add(line)
                line = "//"
            line += " " + word
        self.add(line)

    def matrix(self, name, cells, kind):
        rows, cols = len(cells), len(cells[0])
        self.add(f"inline constexpr {cxx_type(kind, rows, cols)} {name}{{{{")
        self.lines.extend(table_lines(cells, 4))
        self.add("}};")

    def matrix_array(self, name, tables, kind):
        rows, cols = len(tables[0]), len(tables[0][0])
        t = cxx_type(kind, rows, cols)
        self.add(f"inline constexpr std::array<{t}, {len(tables)}> {name}{{{{")
        for cells in tables:
            self.add(f"    {t}{{{{")
            self.lines.extend(table_lines(cells, 8))
            self.add("    }},")
        self.add("}};")

    def exact_input(self, name, table):
        if all(isinstance(x, int) for row in table for x in row):
            self.matrix(name, [[str(x) for x in row] for row in table], "int")
        else:
            self.matrix(name, [[exact_literal(x) for x in row] for row in table], "double")

    def bool_mask(self, name, table):
        self.matrix(name, [["true" if x else "false" for x in row] for row in table], "bool")

    def additive_mask(self, name, table):
        self.matrix(name, [["-inf" if x is None else exact_literal(x) for x in row] for row in table], "double")

    def exact_result(self, name, values, kind):
        self.matrix(name, [[exact_value_literal(x, kind) for x in row] for row in values], kind)

    def result(self, name, values):
        self.matrix(name, [[value_literal(x) for x in row] for row in values], "double")

    def projections(self, r, exact_kind, projections=True, scores=True):
        """The exact steps shared by a case's variants: queries, keys, values (unless given) and scores."""
        if projections:
            self.exact_result("queries", r["queries"], exact_kind)
            self.exact_result("keys", r["keys"], exact_kind)
            self.exact_result("values", r["values"], exact_kind)
        if scores:
            self.exact_result("scores", r["scores"], exact_kind)

    def attention_result(self, namespace, description, r, logits=True):
        self.add()
        self.comment(description)
        self.add(f"namespace {namespace} {{")
        if logits:
            self.result("logits", r["logits"])
        self.result("weights", r["weights"])
        self.result("outputs", r["outputs"])
        self.add(f"}}  // namespace {namespace}")

    def multi_head_result(self, namespace, description, r):
        self.add()
        self.comment(description)
        self.add(f"namespace {namespace} {{")
        self.matrix_array("scores", [[[exact_value_literal(x, "double") for x in row] for row in s]
                                     for s in r["scores"]], "double")
        self.matrix_array("weights", [[[value_literal(x) for x in row] for row in w] for w in r["weights"]], "double")
        self.matrix_array("head_outputs", [[[value_literal(x) for x in row] for row in o] for o in r["head_outputs"]],
                          "double")
        self.result("concatenated", r["concatenated"])
        self.result("outputs", r["outputs"])
        self.add(f"}}  // namespace {namespace}")

    def text(self):
        return "\n".join(self.lines) + "\n"


def check_tutorial(result, weights_key, outputs_key):
    for key, values in ((weights_key, result["weights"]), (outputs_key, result["outputs"])):
        printed = [[value_literal(x) for x in row] for row in values]
        assert printed == TUTORIAL[key], f"{key} differs from tutorial-values.md: {printed}"


def main():
    rng = SplitMix64(0x5EED_A77E_2024)
    h = Header()
    h.add("// SPDX-License-Identifier: BSL-1.0")
    h.add("// Generated by make_attention_reference.py (next to this file): do not edit, run the script instead.")
    h.comment("Inputs and expected results of cta's attention features, computed independently of the library in "
              "50-digit arithmetic and written with 20 significant digits (projections and scores exactly). Inputs "
              "and weights are multiples of 1/4, exact in double. See the script for the semantics of each case.")
    h.add("#pragma once")
    h.add()
    h.add("#include <array>")
    h.add("#include <limits>")
    h.add()
    h.add("#include <cta/matrix.hpp>")
    h.add()
    h.add("namespace attention_reference {")
    h.add()
    h.add("inline constexpr double inf = std::numeric_limits<double>::infinity();")

    # ---- (a), (b) the seed ---------------------------------------------------------------------------------------
    seed_inputs = [[1, 0, 1, 0], [0, 2, 0, 2], [1, 1, 1, 1]]
    seed_w_key = [[0, 0, 1], [1, 1, 0], [0, 1, 0], [1, 1, 0]]
    seed_w_query = [[1, 0, 1], [1, 0, 0], [0, 0, 1], [0, 1, 1]]
    seed_w_value = [[0, 2, 0], [0, 3, 0], [1, 0, 3], [1, 1, 0]]
    x, wq, wk, wv = map(to_mp, (seed_inputs, seed_w_query, seed_w_key, seed_w_value))
    plain = project_and_attend(x, x, wq, wk, wv)
    scaled = project_and_attend(x, x, wq, wk, wv, scaled=True)
    causal = project_and_attend(x, x, wq, wk, wv, causal=True)
    scaled_causal = project_and_attend(x, x, wq, wk, wv, scaled=True, causal=True)
    check_tutorial(plain, "plain_weights", "plain_outputs")
    check_tutorial(scaled, "scaled_weights", "scaled_outputs")
    h.add()
    h.comment("---- The seed tutorial: 3 tokens, d = 4, d_k = d_v = 3 (integers) ----")
    h.add("namespace seed {")
    h.add()
    h.exact_input("inputs", seed_inputs)
    h.exact_input("w_query", seed_w_query)
    h.exact_input("w_key", seed_w_key)
    h.exact_input("w_value", seed_w_value)
    h.comment("The exact steps: Q = X W_Q, K = X W_K, V = X W_V, S = Q K^T.")
    h.projections(plain, "int")
    h.attention_result("plain", "softmax(Q K^T) V, the seed's self-attention.", plain, logits=False)
    h.attention_result("scaled", "softmax(Q K^T / sqrt(3)) V.", scaled)
    h.attention_result("causal", "softmax(Q K^T) V with the causal mask.", causal)
    h.attention_result("scaled_causal", "softmax(Q K^T / sqrt(3)) V with the causal mask.", scaled_causal)
    h.add()
    h.add("}  // namespace seed")

    # ---- (c) masks -------------------------------------------------------------------------------------------------
    m_inputs = rng.quarters(4, 4, -2, 2)
    m_w_query = rng.quarters(4, 3, -1, 1)
    m_w_key = rng.quarters(4, 3, -1, 1)
    m_w_value = rng.quarters(4, 2, -1, 1)
    keep = [
        [True, False, True, True],
        [False, True, True, False],
        [False, False, False, False],  # fully masked
        [True, True, False, True],
    ]
    q = Fraction
    additive = [  # None is -inf
        [q(0), q(-1, 2), None, q(1)],
        [None, None, None, None],  # fully masked
        [q(1, 2), None, q(0), q(-1)],
        [q(0), q(1, 4), None, q(-1)],
    ]
    additive_mp = [[NEG_INF if a is None else mpf(a.numerator) / a.denominator for a in row] for row in additive]
    x, wq, wk, wv = map(to_mp, (m_inputs, m_w_query, m_w_key, m_w_value))
    with_keep = project_and_attend(x, x, wq, wk, wv, keep=keep)
    with_additive = project_and_attend(x, x, wq, wk, wv, scaled=True, additive=additive_mp)
    with_all = project_and_attend(x, x, wq, wk, wv, scaled=True, causal=True, keep=keep, additive=additive_mp)
    h.add()
    h.comment("---- Masks: 4 tokens, d = 4, d_k = 3, d_v = 2 ----")
    h.add("namespace masked {")
    h.add()
    h.exact_input("inputs", m_inputs)
    h.exact_input("w_query", m_w_query)
    h.exact_input("w_key", m_w_key)
    h.exact_input("w_value", m_w_value)
    h.comment("A boolean mask: false removes an entry. Row 2 is fully masked.")
    h.bool_mask("keep", keep)
    h.comment("An additive mask, added to the scaled scores. Row 1 is fully masked.")
    h.additive_mask("additive", additive)
    h.comment("The exact steps: Q = X W_Q, K = X W_K, V = X W_V, S = Q K^T.")
    h.projections(with_keep, "double")
    h.attention_result("with_keep", "softmax(Q K^T, masked by keep) V (unscaled).", with_keep)
    h.attention_result("with_additive", "softmax(Q K^T / sqrt(3) + additive) V.", with_additive)
    h.attention_result("with_all", "softmax(Q K^T / sqrt(3) + additive, masked by keep and causal) V.", with_all)
    h.add()
    h.add("}  // namespace masked")

    # ---- (d) cross-attention -------------------------------------------------------------------------------------
    c_x_q = rng.quarters(2, 4, -2, 2)
    c_x_kv = rng.quarters(5, 3, -2, 2)
    c_w_query = rng.quarters(4, 2, -1, 1)
    c_w_key = rng.quarters(3, 2, -1, 1)
    c_w_value = rng.quarters(3, 4, -1, 1)
    xq, xkv, wq, wk, wv = map(to_mp, (c_x_q, c_x_kv, c_w_query, c_w_key, c_w_value))
    h.add()
    h.comment("---- Cross-attention: n_q = 2, n_kv = 5, d = 4, d' = 3, d_k = 2, d_v = 4 ----")
    h.add("namespace cross {")
    h.add()
    h.exact_input("x_q", c_x_q)
    h.exact_input("x_kv", c_x_kv)
    h.exact_input("w_query", c_w_query)
    h.exact_input("w_key", c_w_key)
    h.exact_input("w_value", c_w_value)
    c_plain = project_and_attend(xq, xkv, wq, wk, wv)
    h.comment("The exact steps: Q = X_q W_Q, K = X_kv W_K, V = X_kv W_V, S = Q K^T.")
    h.projections(c_plain, "double")
    h.attention_result("plain", "softmax(Q K^T) V.", c_plain, logits=False)
    h.attention_result("scaled", "softmax(Q K^T / sqrt(2)) V.", project_and_attend(xq, xkv, wq, wk, wv, scaled=True))
    h.attention_result("scaled_causal", "softmax(Q K^T / sqrt(2)) V with the causal mask (query i sees keys j <= i).",
                       project_and_attend(xq, xkv, wq, wk, wv, scaled=True, causal=True))
    h.add()
    h.add("}  // namespace cross")

    # ---- (e) multi-head attention ----------------------------------------------------------------------------------
    mh_x = rng.quarters(3, 6, -2, 2)
    mh_w_query = rng.quarters(6, 8, -1, 1)
    mh_w_key = rng.quarters(6, 8, -1, 1)
    mh_w_value = rng.quarters(6, 8, -1, 1)
    mh_w_out = rng.quarters(8, 5, -1, 1)
    x, wq, wk, wv, wo = map(to_mp, (mh_x, mh_w_query, mh_w_key, mh_w_value, mh_w_out))
    h.add()
    h.comment("---- Multi-head self-attention: n = 3, d = 6, d_model = 8, d_out = 5 ----")
    h.add("namespace multi_head {")
    h.add()
    h.exact_input("inputs", mh_x)
    h.exact_input("w_query", mh_w_query)
    h.exact_input("w_key", mh_w_key)
    h.exact_input("w_value", mh_w_value)
    h.exact_input("w_out", mh_w_out)
    mh_2 = multi_head(2, x, x, wq, wk, wv, wo)
    h.comment("The exact projections: Q = X W_Q, K = X W_K, V = X W_V (every head's side by side).")
    h.projections(mh_2, "double", scores=False)
    h.multi_head_result("heads_2", "Two heads, d_k = 4.", mh_2)
    h.multi_head_result("heads_4", "Four heads, d_k = 2.", multi_head(4, x, x, wq, wk, wv, wo))
    h.multi_head_result("heads_2_causal", "Two heads, d_k = 4, with the causal mask.",
                        multi_head(2, x, x, wq, wk, wv, wo, causal=True))
    h.add()
    h.add("}  // namespace multi_head")

    cm_x_q = rng.quarters(2, 6, -2, 2)
    cm_x_kv = rng.quarters(4, 3, -2, 2)
    cm_w_query = rng.quarters(6, 8, -1, 1)
    cm_w_key = rng.quarters(3, 8, -1, 1)
    cm_w_value = rng.quarters(3, 8, -1, 1)
    cm_w_out = rng.quarters(8, 5, -1, 1)
    xq, xkv, wq, wk, wv, wo = map(to_mp, (cm_x_q, cm_x_kv, cm_w_query, cm_w_key, cm_w_value, cm_w_out))
    h.add()
    h.comment("---- Multi-head cross-attention: n_q = 2, n_kv = 4, d = 6, d' = 3, d_model = 8, d_out = 5 ----")
    h.add("namespace cross_multi_head {")
    h.add()
    h.exact_input("x_q", cm_x_q)
    h.exact_input("x_kv", cm_x_kv)
    h.exact_input("w_query", cm_w_query)
    h.exact_input("w_key", cm_w_key)
    h.exact_input("w_value", cm_w_value)
    h.exact_input("w_out", cm_w_out)
    cm_2 = multi_head(2, xq, xkv, wq, wk, wv, wo)
    h.comment("The exact projections: Q = X_q W_Q, K = X_kv W_K, V = X_kv W_V (every head's side by side).")
    h.projections(cm_2, "double", scores=False)
    h.multi_head_result("heads_2", "Two heads, d_k = 4.", cm_2)
    h.multi_head_result("heads_4", "Four heads, d_k = 2.", multi_head(4, xq, xkv, wq, wk, wv, wo))
    h.add()
    h.add("}  // namespace cross_multi_head")

    # ---- (f) attention from given queries, keys and values ----------------------------------------------------------
    g_q = rng.quarters(3, 2, -2, 2)
    g_k = rng.quarters(4, 2, -2, 2)
    g_v = rng.quarters(4, 3, -2, 2)
    q_, k_, v_ = map(to_mp, (g_q, g_k, g_v))
    h.add()
    h.comment("---- Attention from given queries (3 x 2), keys (4 x 2) and values (4 x 3) ----")
    h.add("namespace given {")
    h.add()
    h.exact_input("queries", g_q)
    h.exact_input("keys", g_k)
    h.exact_input("values", g_v)
    g_plain = attend(q_, k_, v_)
    h.comment("The exact scores S = Q K^T.")
    h.projections(g_plain, "double", projections=False)
    h.attention_result("plain", "softmax(Q K^T) V.", g_plain, logits=False)
    h.attention_result("scaled", "softmax(Q K^T / sqrt(2)) V.", attend(q_, k_, v_, scaled=True))
    h.attention_result("scaled_causal", "softmax(Q K^T / sqrt(2)) V with the causal mask.",
                       attend(q_, k_, v_, scaled=True, causal=True))
    h.add()
    h.add("}  // namespace given")

    # ---- batch: sequences of 2 and 5 tokens for the seed's weights --------------------------------------------------
    b_short = rng.quarters(2, 4, -2, 2)
    b_long = rng.quarters(5, 4, -2, 2)
    wq, wk, wv = map(to_mp, (seed_w_query, seed_w_key, seed_w_value))
    s_, l_ = map(to_mp, (b_short, b_long))
    h.add()
    h.comment("---- A batch: sequences of 2 and 5 tokens (and the seed's 3) with the seed's weights ----")
    h.add("namespace batch {")
    h.add()
    h.exact_input("short_inputs", b_short)
    h.exact_input("long_inputs", b_long)
    h.add()
    h.comment("softmax(Q K^T) V.")
    h.add("namespace plain {")
    h.result("short_outputs", project_and_attend(s_, s_, wq, wk, wv)["outputs"])
    h.result("long_outputs", project_and_attend(l_, l_, wq, wk, wv)["outputs"])
    h.add("}  // namespace plain")
    h.add()
    h.comment("softmax(Q K^T / sqrt(3)) V with the causal mask.")
    h.add("namespace scaled_causal {")
    h.result("short_outputs", project_and_attend(s_, s_, wq, wk, wv, scaled=True, causal=True)["outputs"])
    h.result("long_outputs", project_and_attend(l_, l_, wq, wk, wv, scaled=True, causal=True)["outputs"])
    h.add("}  // namespace scaled_causal")
    h.add()
    h.add("}  // namespace batch")

    h.add()
    h.add("}  // namespace attention_reference")

    with open(OUTPUT, "w", encoding="utf-8", newline="\n") as f:
        f.write(h.text())


if __name__ == "__main__":
    main()
