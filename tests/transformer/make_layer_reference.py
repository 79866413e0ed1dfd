#!/usr/bin/env python3
# SPDX-License-Identifier: BSL-1.0
"""Writes layer_reference.hpp, next to this script: inputs and expected results of the Transformer layers of
include/cta/transformer/, computed from their formulas in 50-digit arithmetic with plain loops over lists (nothing here
uses the C++ library).

Usage: python3 make_layer_reference.py   (python3 and mpmath; no argument). The output is a function of this script
alone (a fixed-seed generator of its own, fixed precision), so running it again rewrites the same bytes.

Two sets of cases, the structs `in_double` and `in_float`: the same shapes and formulas, on inputs drawn with 53 significant bits
(exact in double) or with 24 (exact in float), written exactly (hexadecimal literals). The expected values are the
exact results of the formulas on those inputs, written with 20 significant digits:

  linear        y = x W + b and y = x W, x 3 x 5, W 5 x 4, b 1 x 4
  layer_norm    (x_j - mean) / sqrt(var + 1e-5) * gain_j + bias_j per row, var the biased variance (divided by d),
                x 4 x 6 whose last row is constant (0.1 rounded to the type), so its result is the bias
  rms_norm      x_j / sqrt(mean(x^2) + eps) * gain_j per row, x 3 x 6, eps the type's machine epsilon (2^-52 in
                double, 2^-23 in float: what cta::rms_norm and PyTorch's nn.RMSNorm take by default)
  activation    relu(x) = max(x, 0) and silu(x) = x / (1 + e^-x) on a 2 x 8 matrix of random values in [-8, 8] and on
                a row of special magnitudes (large negative values whose e^-x overflows, large positive ones);
                gelu(x) = x / 2 (1 + erf(x / sqrt 2)) and gelu_tanh(x) = x / 2 (1 + tanh(sqrt(2/pi) (x + 0.044715
                x^3))) on the same 2 x 8 matrix
  embedding     token_embedding: rows 3, 0, 5, 3 of a 6 x 4 table; learned_positional_embedding: x (3 x 4) plus rows
                0 .. 2 of a 5 x 4 table
  positional    the sinusoidal encoding, n = 16 positions, d = 8: PE(pos, 2i) = sin(pos / 10000^(2i/d)),
                PE(pos, 2i + 1) = cos(pos / 10000^(2i/d))

The script also checks the constant ln 10000 of include/cta/transformer/positional_encoding.hpp: the double nearest to
the 50-digit value.
"""

import os
import re
from fractions import Fraction

from mpmath import mp, mpf, nstr

mp.dps = 50
DIGITS = 20
HERE = os.path.dirname(os.path.abspath(__file__))
OUTPUT = os.path.join(HERE, "layer_reference.hpp")
HEADER = os.path.join(HERE, "..", "..", "include", "cta", "transformer", "positional_encoding.hpp")


class XorShift64Star:
    """Marsaglia's xorshift64* generator, seeded: 64-bit outputs, the same on every machine."""
    MASK = (1 << 64) - 1

    def __init__(self, seed):
        self.state = seed & self.MASK or 1

    def next(self):
        x = self.state
        x ^= x >> 12
        x ^= (x << 25) & self.MASK
        x ^= x >> 27
        self.state = x
        return (x * 0x2545F4914F6CDD1D) & self.MASK

    def value(self, bits, magnitude):
        """A number in [-magnitude, magnitude) with `bits` significant bits at most: k 2^(e - bits) for a random
        integer k, |k| < 2^bits, and e the exponent of magnitude (a power of two)."""
        k = self.next() % (1 << (bits + 1)) - (1 << bits)
        return Fraction(k * magnitude, 1 << bits)

    def table(self, rows, cols, bits, magnitude):
        return [[self.value(bits, magnitude) for _ in range(cols)] for _ in range(rows)]


def to_mp(x):
    return mpf(x.numerator) / x.denominator


def matmul(a, b):
    return [[mp.fsum(to_mp(a[i][t]) * to_mp(b[t][j]) for t in range(len(b))) for j in range(len(b[0]))]
            for i in range(len(a))]


def layer_norm(x, gain, bias, eps):
    out = []
    for row in x:
        v = [to_mp(e) for e in row]
        d = len(v)
        mean = mp.fsum(v) / d
        var = mp.fsum((e - mean) ** 2 for e in v) / d
        sigma = mp.sqrt(var + eps)
        out.append([(v[j] - mean) / sigma * to_mp(gain[0][j]) + to_mp(bias[0][j]) for j in range(d)])
    return out


def rms_norm(x, gain, eps):
    out = []
    for row in x:
        v = [to_mp(e) for e in row]
        rho = mp.sqrt(mp.fsum(e * e for e in v) / len(v) + eps)
        out.append([v[j] / rho * to_mp(gain[0][j]) for j in range(len(v))])
    return out


def silu(x):
    x = to_mp(x)
    return x / (1 + mp.exp(-x))


def gelu(x):
    x = to_mp(x)
    return x / 2 * mp.erfc(-x / mp.sqrt(2))


def gelu_tanh(x):
    x = to_mp(x)
    return x / 2 * (1 + mp.tanh(mp.sqrt(2 / mp.pi) * (x + mpf("0.044715") * x ** 3)))


def positional(n, d):
    out = []
    for pos in range(n):
        row = []
        for i in range(d // 2):
            angle = pos / mp.power(10000, mpf(2 * i) / d)
            row += [mp.sin(angle), mp.cos(angle)]
        out.append(row)
    return out


def exact(x, kind):
    """A float-exact or double-exact input as a hexadecimal literal of the type, exactly."""
    f = float(x)
    assert Fraction(f) == x
    text = f.hex() if f != 0 else "0x0p+0"
    return text + ("F" if kind == "float" else "")


def value(x):
    """An expected value with DIGITS significant digits; below half the smallest subnormal double, a zero with its sign
    (the double it rounds to)."""
    if x != 0 and abs(x) <= mpf(2) ** -1075:
        return "-0.0" if x < 0 else "0.0"
    text = nstr(x, DIGITS, min_fixed=-4, max_fixed=6)
    return text if re.search(r"[.e]", text) else text + ".0"


class Header:
    def __init__(self):
        self.lines = []
        self.in_struct = False

    def add(self, text=""):
        self.lines.append(text)

    def matrix(self, name, cells, kind):
        storage = "static" if self.in_struct else "inline"
        self.add(f"{storage} constexpr cta::matrix<{kind}, {len(cells)}, {len(cells[0])}> {name}{{{{")
        for row in cells:
            line = "    {" + ", ".join(row) + "},"
            while len(line) > 120:  # wrap at a comma
                cut = line.rfind(", ", 0, 120)
                self.add(line[:cut + 1])
                line = "     " + line[cut + 2:]
            self.add(line)
        self.add("}};")

    def inputs(self, name, table, kind):
        self.matrix(name, [[exact(x, kind) for x in row] for row in table], kind)

    def expected(self, name, table):
        self.matrix(name, [[value(x) for x in row] for row in table], "double")


def cases(h, rng, kind):
    bits = 52 if kind == "double" else 23
    eps_default = Fraction(1, 1 << bits)  # the type's machine epsilon
    h.add(f"struct in_{kind} {{")
    h.in_struct = True
    h.add("// linear: y = x W + b, y = x W")
    x, w, b = rng.table(3, 5, bits, 2), rng.table(5, 4, bits, 1), rng.table(1, 4, bits, 1)
    h.inputs("linear_x", x, kind)
    h.inputs("linear_w", w, kind)
    h.inputs("linear_b", b, kind)
    product = matmul(x, w)
    h.expected("linear_without_bias", product)
    h.expected("linear_with_bias", [[p + to_mp(b[0][j]) for j, p in enumerate(row)] for row in product])
    h.add()
    h.add("// layer_norm with epsilon 1e-5; the last row of x is constant")
    constant = Fraction(float(0.1)) if kind == "double" else Fraction(float(__import__("struct").unpack(
        "f", __import__("struct").pack("f", 0.1))[0]))
    x = rng.table(3, 6, bits, 4) + [[constant] * 6]
    gain, bias = rng.table(1, 6, bits, 2), rng.table(1, 6, bits, 1)
    h.inputs("layer_norm_x", x, kind)
    h.inputs("layer_norm_gain", gain, kind)
    h.inputs("layer_norm_bias", bias, kind)
    h.expected("layer_norm", layer_norm(x, gain, bias, mpf("1e-5")))
    h.add()
    h.add(f"// rms_norm with epsilon 2^-{bits}, the type's machine epsilon")
    x, gain = rng.table(3, 6, bits, 4), rng.table(1, 6, bits, 2)
    h.inputs("rms_norm_x", x, kind)
    h.inputs("rms_norm_gain", gain, kind)
    h.expected("rms_norm", rms_norm(x, gain, to_mp(eps_default)))
    h.add()
    h.add("// relu and silu: random values, and large magnitudes")
    x = rng.table(2, 8, bits, 8)
    h.inputs("activation_x", x, kind)
    h.expected("relu", [[to_mp(max(e, 0)) for e in row] for row in x])
    h.expected("silu", [[silu(e) for e in row] for row in x])
    h.expected("gelu", [[gelu(e) for e in row] for row in x])
    h.expected("gelu_tanh", [[gelu_tanh(e) for e in row] for row in x])
    large = [-1000, -750, -720, -100, -50, -20, 20, 50, 100, 720, 750, 1000] if kind == "double" else \
            [-1000, -120, -104, -100, -88, -50, 50, 88, 100, 104, 120, 1000]
    large = [[Fraction(e) for e in large]]
    h.inputs("silu_large_x", large, kind)
    h.expected("silu_large", [[silu(e) for e in row] for row in large])
    h.add()
    h.add("// token_embedding: ids 3, 0, 5, 3 of a 6 x 4 table; learned_positional_embedding: rows 0 .. 2 of 5 x 4")
    table = rng.table(6, 4, bits, 1)
    h.inputs("token_table", table, kind)
    h.expected("token_embedding", [[to_mp(e) for e in table[i]] for i in (3, 0, 5, 3)])
    x, positions = rng.table(3, 4, bits, 2), rng.table(5, 4, bits, 1)
    h.inputs("positional_x", x, kind)
    h.inputs("positional_table", positions, kind)
    h.expected("learned_positional_embedding", [[to_mp(x[i][j]) + to_mp(positions[i][j]) for j in range(4)]
                                                for i in range(3)])
    h.add("};")
    h.in_struct = False
    h.add()


def check_ln_10000():
    text = open(HEADER).read()
    literal = re.search(r"ln_10000 = (0x[0-9a-fp.+-]+);", text).group(1)
    constant = Fraction(float.fromhex(literal))
    exact_value = Fraction(str(mp.log(10000)))
    half_ulp = Fraction(1, 1 << 50)  # ln 10000 is in [8, 16): ulp 2^-49
    assert abs(constant - exact_value) <= half_ulp, "ln_10000 is not the double nearest to ln 10000"


def main():
    check_ln_10000()
    rng = XorShift64Star(0x7A11_2026_1A7E)
    h = Header()
    h.add("// SPDX-License-Identifier: BSL-1.0")
    h.add("// Generated by make_layer_reference.py (next to this file): do not edit, run the script instead.")
    h.add("// Inputs and expected results of the Transformer layers (include/cta/transformer/), computed from their")
    h.add("// formulas in 50-digit arithmetic, independently of the library, written with 20 significant digits;")
    h.add("// inputs are exact in their type. See the script for the cases.")
    h.add("#pragma once")
    h.add()
    h.add("#include <cta/matrix.hpp>")
    h.add()
    h.add("namespace layer_reference {")
    h.add()
    cases(h, rng, "double")
    cases(h, rng, "float")
    h.add("// The sinusoidal positional encoding, n = 16, d = 8 (the same in both types: it computes in double).")
    h.expected("sinusoidal_16_8", positional(16, 8))
    h.add()
    h.add("}  // namespace layer_reference")
    with open(OUTPUT, "w", encoding="utf-8") as f:
        f.write("\n".join(h.lines) + "\n")


if __name__ == "__main__":
    main()
