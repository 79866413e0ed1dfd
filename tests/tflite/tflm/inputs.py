#!/usr/bin/env python3
# SPDX-License-Identifier: BSL-1.0
"""Writes tests/tflite/tflm/inputs/: the inputs on which TensorFlow Lite Micro computes the models (outputs.sh) and
cta's tests prove the same outputs. One evaluation per line (tflm_run.cc's format: integers, floats by their bits).

    hello_world_int8   every int8 value, -128 to 127: all the inputs the model has
    hello_world_float  x = k / 16 for k = 0 to 100 (0 to 6.25, each a float exactly)
    activations_int8   (../blocks) one line: every int8 value, -128 to 127, for each of the model's three inputs
    encoder_block_int8, encoder_block_adj_x_int8 (../blocks)
                       20 inputs of 4 x 8 floats, uniform in [-2, 2) from Python's own generator (random.Random(7):
                       the same numbers on every machine), each rounded to a float; the same for both blocks
    self_attention_int8, multi_head_attention_int8 (../blocks)
                       20 inputs of 4 x 8 int8 values, uniform in [-128, 127] (random.Random(8)); the same for both
    add0, sub0         int16 ADD and SUB of TensorFlow Lite Micro's SEANet tests: 8 evaluations of the two inputs
                       (320 and 320 int16 values; 1,536 and 64), the first of the extremes -32768, 32767, 0, -1, 1 in
                       turn, the others uniform over the int16 range (random.Random(9) and (10))
    encoder_block_d64_int8 (../blocks) 4 inputs of 16 x 64 floats, uniform in [-2, 2) (random.Random(12)), each
                       rounded to a float
    int16_ops (../blocks) 8 evaluations of the inputs a, b (4 x 64) and c (64), int16: the first of the extremes, the
                       others uniform over the int16 range (random.Random(13))
    int16_products (../blocks) 8 evaluations of the inputs x (4 x 32), a (2 x 4 x 16), b (2 x 16 x 8), c (2 x 8 x 16)
                       and d (2 x 16 x 4), int16: the first of the extremes, the others uniform over the int16 range
                       (random.Random(14))
    quantize0          int32 to int16 QUANTIZE: 8 evaluations of 640 int32 values, the first the extremes -2^31,
                       2^31 - 1, 0, -1, 1 in turn, the next three uniform in [-2^26, 2^26] (outputs within int16),
                       the last four uniform over the int32 range (random.Random(11))
"""
import pathlib
import random
import struct

here = pathlib.Path(__file__).resolve().parent / "inputs"


def float_bits(x):
    return "0x%08x" % struct.unpack("<I", struct.pack("<f", x))[0]


def main():
    here.mkdir(exist_ok=True)
    (here / "hello_world_int8.txt").write_text("".join("%d\n" % v for v in range(-128, 128)))
    (here / "hello_world_float.txt").write_text("".join(float_bits(k / 16) + "\n" for k in range(101)))
    (here / "activations_int8.txt").write_text(
        " ".join(["%d" % v for v in range(-128, 128)] * 3) + "\n")
    rng = random.Random(7)
    lines = [" ".join(float_bits(rng.uniform(-2.0, 2.0)) for _ in range(32)) for _ in range(20)]
    for block in ("encoder_block_int8", "encoder_block_adj_x_int8"):
        (here / (block + ".txt")).write_text("".join(line + "\n" for line in lines))
    rng = random.Random(8)
    lines = [" ".join("%d" % rng.randint(-128, 127) for _ in range(32)) for _ in range(20)]
    for layer in ("self_attention_int8", "multi_head_attention_int8"):
        (here / (layer + ".txt")).write_text("".join(line + "\n" for line in lines))
    extremes16 = [-32768, 32767, 0, -1, 1]
    for model, sizes, seed in (("add0", (320, 320), 9), ("sub0", (1536, 64), 10)):
        rng = random.Random(seed)
        lines = [" ".join("%d" % extremes16[(k + i) % 5] for k, n in enumerate(sizes) for i in range(n))]
        lines += [" ".join("%d" % rng.randint(-32768, 32767) for _ in range(sum(sizes))) for _ in range(7)]
        (here / (model + ".txt")).write_text("".join(line + "\n" for line in lines))
    rng = random.Random(12)
    (here / "encoder_block_d64_int8.txt").write_text(
        "".join(" ".join(float_bits(rng.uniform(-2.0, 2.0)) for _ in range(16 * 64)) + "\n" for _ in range(4)))
    rng = random.Random(13)
    lines = [" ".join("%d" % extremes16[i % 5] for i in range(4 * 64 * 2 + 64))]
    lines += [" ".join("%d" % rng.randint(-32768, 32767) for _ in range(4 * 64 * 2 + 64)) for _ in range(7)]
    (here / "int16_ops.txt").write_text("".join(line + "\n" for line in lines))
    rng = random.Random(14)
    count = 4 * 32 + 2 * 4 * 16 + 2 * 16 * 8 + 2 * 8 * 16 + 2 * 16 * 4  # x, a, b, c, d
    lines = [" ".join("%d" % extremes16[i % 5] for i in range(count))]
    lines += [" ".join("%d" % rng.randint(-32768, 32767) for _ in range(count)) for _ in range(7)]
    (here / "int16_products.txt").write_text("".join(line + "\n" for line in lines))
    rng = random.Random(11)
    extremes32 = [-2**31, 2**31 - 1, 0, -1, 1]
    lines = [" ".join("%d" % extremes32[i % 5] for i in range(640))]
    lines += [" ".join("%d" % rng.randint(-2**26, 2**26) for _ in range(640)) for _ in range(3)]
    lines += [" ".join("%d" % rng.randint(-2**31, 2**31 - 1) for _ in range(640)) for _ in range(4)]
    (here / "quantize0.txt").write_text("".join(line + "\n" for line in lines))


if __name__ == "__main__":
    main()
