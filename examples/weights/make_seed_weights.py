#!/usr/bin/env python3
# SPDX-License-Identifier: BSL-1.0
"""Writes the seed tutorial's data (examples/seed.hpp: the inputs X, 3 x 4, and the weights W_Q, W_K, W_V, each
4 x 3) as weight files in seed/ next to this script, with tools/weights/write_weights.py (the bytes np.save and
safetensors' save_file write):

  x.npy, w_query.npy, w_key.npy, w_value.npy   each matrix as float64, np.save's format 1.0
  seed.safetensors                             the four as F64 tensors named x, w_query, w_key, w_value
  seed_f32.safetensors                         the same as F32
  seed_int8.safetensors                        the int8 weights of the quantized tutorial (examples/
                                               quantized_tutorial.cpp): w_query, w_key, w_value as I8 (4 x 3), and
                                               each one's scales, one per column, as F32 of shape (3,):
                                               w_query_scale, w_key_scale, w_value_scale

The values are read from examples/seed.hpp. The int8 weights are quantized as the tutorial's
cta::quantized::calibrate_self_attention and quantize_self_attention do it (symmetric, per column: the scale is the
column's largest magnitude / 127, as a float; each weight times 127 / that magnitude, rounded half away from zero).

Usage: python3 make_seed_weights.py [--check]. With --check it writes nothing and exits with 1 when a file in seed/
differs from what it would write (or is missing, or seed/ holds another file).
"""

import os
import re
import sys
from fractions import Fraction

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.dirname(os.path.dirname(HERE))
sys.path.insert(0, os.path.join(ROOT, "tools", "weights"))
import write_weights as ww  # noqa: E402

NAMES = {"inputs": "x", "w_query": "w_query", "w_key": "w_key", "w_value": "w_value"}


def read_seed():
    """The matrices of examples/seed.hpp: name -> (rows, columns, row-major integers)."""
    with open(os.path.join(ROOT, "examples", "seed.hpp"), encoding="utf-8") as f:
        text = f.read()
    found = {}
    pattern = re.compile(r"inline constexpr cta::matrix<int, (\d+), (\d+)> (\w+)\{\{(.*?)\}\};", re.S)
    for rows, columns, name, body in pattern.findall(text):
        values = [int(v) for v in re.findall(r"-?\d+", body)]
        rows, columns = int(rows), int(columns)
        if len(values) != rows * columns:
            raise SystemExit(f"examples/seed.hpp: {name} has {len(values)} values for {rows} x {columns}")
        found[name] = (rows, columns, values)
    if set(found) != set(NAMES):
        raise SystemExit(f"examples/seed.hpp: expected the matrices {sorted(NAMES)}, found {sorted(found)}")
    return found


def round_half_away(x):
    n = int(abs(x) + Fraction(1, 2))
    return n if x >= 0 else -n


def symmetric_int8(rows, columns, values):
    """The int8 weights and the float scale of each column (as Fractions rounded to float by the writer)."""
    scales = []
    q = [0] * (rows * columns)
    for c in range(columns):
        largest = max(abs(values[i * columns + c]) for i in range(rows))
        scales.append(Fraction(largest, 127) if largest > 0 else Fraction(1))
        for i in range(rows):
            v = Fraction(values[i * columns + c]) * 127 / largest if largest > 0 else Fraction(0)
            q[i * columns + c] = max(-127, min(127, round_half_away(v)))
    return q, scales


def files():
    """File name -> bytes."""
    seed = read_seed()
    out = {}
    f64, f32, int8 = {}, {}, {}
    for name, (rows, columns, values) in seed.items():
        tensor = NAMES[name]
        floats = [float(v) for v in values]
        out[tensor + ".npy"] = ww.npy_bytes(floats, (rows, columns), "f8")
        f64[tensor] = ("F64", (rows, columns), floats)
        f32[tensor] = ("F32", (rows, columns), floats)
        if tensor != "x":
            q, scales = symmetric_int8(rows, columns, values)
            int8[tensor] = ("I8", (rows, columns), q)
            int8[tensor + "_scale"] = ("F32", (columns,), scales)
    out["seed.safetensors"] = ww.safetensors_bytes(f64)
    out["seed_f32.safetensors"] = ww.safetensors_bytes(f32)
    out["seed_int8.safetensors"] = ww.safetensors_bytes(int8)
    return out


def main(argv):
    target = os.path.join(HERE, "seed")
    wanted = files()
    if argv[1:] == ["--check"]:
        present = set(os.listdir(target)) if os.path.isdir(target) else set()
        bad = sorted(present ^ set(wanted))
        for name, data in sorted(wanted.items()):
            path = os.path.join(target, name)
            if name in present:
                with open(path, "rb") as f:
                    if f.read() != data:
                        bad.append(name)
        for name in bad:
            print(f"seed/{name} is not what make_seed_weights.py writes", file=sys.stderr)
        return 1 if bad else 0
    if argv[1:]:
        print(__doc__, file=sys.stderr)
        return 2
    os.makedirs(target, exist_ok=True)
    for name, data in sorted(wanted.items()):
        with open(os.path.join(target, name), "wb") as f:
            f.write(data)
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv))
