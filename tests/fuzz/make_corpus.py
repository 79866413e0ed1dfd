#!/usr/bin/env python3
# SPDX-License-Identifier: BSL-1.0
"""Writes the seed corpus of the fuzz target (tests/fuzz/corpus/*.bin): for each function of attention_fuzz.cpp, a
few inputs with moderate values and every option combination in double and float, and some with the special values
(+-inf, NaN, huge and tiny numbers). The byte format is described in attention_fuzz.cpp. Deterministic: run it again
and the files do not change."""
import os
import random

HERE = os.path.dirname(os.path.abspath(__file__))
OUT = os.path.join(HERE, "corpus")

# Selector bytes of attention_fuzz.cpp's bytes::value.
INF, MINUS_INF, NAN, HUGE, MINUS_HUGE, MAX, MINUS_MAX = 176, 177, 178, 179, 180, 181, 182
SQRT_MAX, MINUS_SQRT_MAX, TINY, ZERO, MINUS_ZERO = 183, 184, 185, 186, 187
SPECIALS = list(range(176, 196))

FUNCTIONS = {0: "softmax", 1: "self", 2: "self1x1", 3: "cross", 4: "given", 5: "multi_head"}


def moderate(rng, n):
    return bytes(rng.randrange(0, 160) for _ in range(n))


def write(name, data):
    with open(os.path.join(OUT, name + ".bin"), "wb") as f:
        f.write(bytes(data))


def main():
    os.makedirs(OUT, exist_ok=True)
    rng = random.Random(20240601)
    for target, name in FUNCTIONS.items():
        for options in (0, 1, 2, 15, 16 | 7, 16 | 15):
            write(f"{name}_options{options}", bytes([target, options]) + moderate(rng, 120))
        # Special values sprinkled among moderate ones.
        data = bytearray(moderate(rng, 120))
        for k in range(0, len(data), 5):
            data[k] = SPECIALS[(k // 5) % len(SPECIALS)]
        write(f"{name}_specials", bytes([target, 15]) + bytes(data))
    # Softmax rows at the edges: a NaN, +inf twice, all -inf, +-1e300 and +-max together, a subnormal.
    write("softmax_edges", bytes([0, 0,
                                  80, NAN, 96, 64, 80, 80,
                                  INF, 80, INF, MINUS_INF, 96, 112,
                                  MINUS_INF, MINUS_INF, MINUS_INF, MINUS_INF, MINUS_INF, MINUS_INF]))
    write("softmax_huge", bytes([0, 0,
                                 HUGE, MINUS_HUGE, MAX, MINUS_MAX, 80, TINY,
                                 MAX, MAX, MINUS_MAX, ZERO, MINUS_ZERO, 80,
                                 SQRT_MAX, MINUS_SQRT_MAX, HUGE, 80, 96, 64]))
    write("softmax_huge_float", bytes([0, 16,
                                       HUGE, MINUS_HUGE, MAX, 80, 96, TINY,
                                       INF, 80, 80, 80, 80, 80,
                                       80, 81, 82, 83, 84, 85]))
    # Self-attention of the seed's shape with inputs near the overflow of the projections and scores.
    write("self_overflow", bytes([1, 1]) + bytes([SQRT_MAX, 96] * 40))
    # A fully masked row: causal, boolean mask with query 0 keeping nothing, additive mask with -inf.
    write("cross_masked", bytes([3, 15]) + moderate(rng, 52) + bytes([0x1F, 0x00]) + bytes([MINUS_INF] * 10))


if __name__ == "__main__":
    main()
