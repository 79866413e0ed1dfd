#!/usr/bin/env python3
# SPDX-License-Identifier: BSL-1.0
"""Writes tests/quantized/softmax_extremes.hpp: rows of TensorFlow Lite's quantized softmax at the extremes of the
input type, with the outputs TensorFlow Lite's reference kernels give them, computed here from those kernels'
arithmetic restated in Python's integers (independently of the library): softmax with int8 input
(`reference_ops::Softmax<int8_t, int8_t>` and `<int8_t, int16_t>`, gemmlowp's fixed-point e^x and 1 / (1 + x)) and
with int16 input (`reference_ops::SoftmaxInt16`, TensorFlow Lite's two tables as CMSIS-NN publishes them in
tflite_int8/softmax_s16_luts, read from there), and the parameters as a converted model derives them
(`PreprocessSoftmaxScaling`, `CalculateInputRadius`; TensorFlow Lite Micro's int16 preparation).

The cases: rows all at the type's minimum, all below -128 (int16), the maximum once and the minimum elsewhere, rows
of one value (constant rows) at the extremes and in between, a row of one element at the minimum; with several input
scales. Before it writes anything, the script checks that its restatement reproduces every output of TensorFlow
Lite's published vectors (tflite_int8/softmax, softmax_s8_s16, softmax_s16) and the parameters they state, and
CMSIS-NN's arm_softmax_s16 on the row {-30000, -30000, -20000, -25000} at input scale 2^-11 (225, 225, 29730, 2588).
softmax_proof.cpp proves every output element at compile time, softmax_test.cpp at run time.

Usage: python3 make_softmax_extremes.py [--check]   (python3 alone). With --check, writes nothing and exits with
status 1 if the header differs from what it would write.
"""

import math
import os
import re
import sys

HERE = os.path.dirname(os.path.abspath(__file__))
HEADER = os.path.join(HERE, 'softmax_extremes.hpp')
LUTS = os.path.join(HERE, 'tflite_int8', 'softmax_s16_luts')

INT32_MIN, INT32_MAX = -2**31, 2**31 - 1


def int32(v):
    assert INT32_MIN <= v <= INT32_MAX, v
    return v


def trunc_div(n, d):
    """n / d rounded toward zero, as C++'s integer division."""
    q = abs(n) // abs(d)
    return q if (n >= 0) == (d > 0) else -q


# gemmlowp's fixed-point arithmetic on int32 (fixedpoint.h).
def srdhm(a, b):
    """SaturatingRoundingDoublingHighMul."""
    if a == INT32_MIN and b == INT32_MIN:
        return INT32_MAX
    ab = a * b
    nudge = (1 << 30) if ab >= 0 else 1 - (1 << 30)
    return int32(trunc_div(ab + nudge, 1 << 31))


def rounding_divide_by_pot(x, exponent):
    assert 0 <= exponent <= 31
    mask = (1 << exponent) - 1
    remainder = x & mask
    threshold = (mask >> 1) + (1 if x < 0 else 0)
    return (x >> exponent) + (1 if remainder > threshold else 0)


def saturating_rounding_multiply_by_pot(x, exponent):
    if exponent == 0:
        return x
    if exponent < 0:
        return rounding_divide_by_pot(x, -exponent)
    threshold = (1 << (31 - exponent)) - 1
    if x > threshold:
        return INT32_MAX
    if x < -threshold:
        return INT32_MIN
    return int32(x << exponent)


def rescale(x, src_integer_bits, dst_integer_bits):
    return saturating_rounding_multiply_by_pot(x, src_integer_bits - dst_integer_bits)


def rounding_half_sum(a, b):
    s = a + b
    return int32(trunc_div(s + (1 if s >= 0 else -1), 2))


def exp_on_interval_between_negative_one_quarter_and_0_excl(a):
    constant_term = 1895147668  # e^(-1/8), Q0.31
    one_third = 715827883
    x = int32(a + (1 << 28))  # a + 1/8
    x2 = srdhm(x, x)
    x3 = srdhm(x2, x)
    x4 = srdhm(x2, x2)
    x4_over_4 = saturating_rounding_multiply_by_pot(x4, -2)
    poly = saturating_rounding_multiply_by_pot(int32(srdhm(int32(x4_over_4 + x3), one_third) + x2), -1)
    return int32(constant_term + srdhm(constant_term, int32(x + poly)))


def exp_on_negative_values(a, integer_bits):
    fractional_bits = 31 - integer_bits
    one_quarter = 1 << (fractional_bits - 2)
    mask = one_quarter - 1
    a_mod_quarter_minus_one_quarter = (a & mask) - one_quarter
    result = exp_on_interval_between_negative_one_quarter_and_0_excl(
        rescale(a_mod_quarter_minus_one_quarter, integer_bits, 0))
    remainder = int32(a_mod_quarter_minus_one_quarter - a)
    for exponent, multiplier in ((-2, 1672461947), (-1, 1302514674), (0, 790015084), (1, 290630308),
                                 (2, 39332535), (3, 720401), (4, 242)):
        if integer_bits > exponent:
            shift = fractional_bits + exponent
            if remainder & (1 << shift):
                result = srdhm(result, multiplier)
    if integer_bits > 5:
        clamp = -(1 << (36 - integer_bits))
        if a < clamp:
            result = 0
    if a == 0:
        result = INT32_MAX
    return result


def one_over_one_plus_x_for_x_in_0_1(a):
    half_denominator = rounding_half_sum(a, INT32_MAX)  # Q0.31
    x = int32(1515870810 + srdhm(half_denominator, -1010580540))  # 48/17 - 32/17 d, Q2.29
    for _ in range(3):
        half_denominator_times_x = srdhm(half_denominator, x)  # Q2.29
        one_minus = int32((1 << 29) - half_denominator_times_x)
        x = int32(x + rescale(srdhm(x, one_minus), 4, 2))
    return rescale(x, 1, 0)  # x / 2 (the same raw value in Q1.30), then Q0.31


def count_leading_zeros32(x):
    assert 0 <= x < 2**32
    return 32 - x.bit_length()


# TensorFlow Lite's quantization utilities.
def quantize_multiplier(m):
    if m == 0.0:
        return 0, 0
    q, shift = math.frexp(m)
    q_fixed = math.floor(abs(q) * 2**31 + 0.5) * (1 if q >= 0 else -1)  # std::round: half away from zero
    assert q_fixed <= 2**31
    if q_fixed == 2**31:
        q_fixed //= 2
        shift += 1
    if shift < -31:
        shift, q_fixed = 0, 0
    return int32(q_fixed), shift


def prepare_softmax_int8(input_scale, beta=1.0):
    """PreprocessSoftmaxScaling (5 integer bits, the cap 2^31 - 1) and diff_min = -CalculateInputRadius."""
    real = min(beta * input_scale * float(1 << 26), float((1 << 31) - 1))
    multiplier, left_shift = quantize_multiplier(real)
    assert left_shift >= 0
    radius = math.floor(1.0 * 31 * (1 << 26) / (1 << left_shift))
    return multiplier, left_shift, -radius


def prepare_softmax_int16(input_scale, beta=1.0):
    return quantize_multiplier(input_scale * beta / (10.0 / 65535.0))


def multiply_by_quantized_multiplier(x, multiplier, shift):
    left = shift if shift > 0 else 0
    right = 0 if shift > 0 else -shift
    return rounding_divide_by_pot(srdhm(int32(x * (1 << left)), multiplier), right)


# The kernels.
def softmax_int8(row, params, output_bits):
    multiplier, left_shift, diff_min = params
    out_min, out_max = -(1 << (output_bits - 1)), (1 << (output_bits - 1)) - 1
    max_in_row = -128  # std::numeric_limits<int8_t>::min()
    for v in row:
        max_in_row = max(max_in_row, v)

    def exp_of(v):
        d = v - max_in_row
        return exp_on_negative_values(srdhm(int32(d * (1 << left_shift)), multiplier), 5)

    total = 0  # Q12.19
    for v in row:
        if v - max_in_row >= diff_min:
            total = int32(total + rescale(exp_of(v), 0, 12))
    headroom_plus_one = count_leading_zeros32(total)
    num_bits_over_unit = 12 - headroom_plus_one
    shifted_sum_minus_one = ((total << headroom_plus_one) - (1 << 31)) & 0xFFFFFFFF
    if shifted_sum_minus_one >= 2**31:
        shifted_sum_minus_one -= 2**32
    shifted_scale = one_over_one_plus_x_for_x_in_0_1(shifted_sum_minus_one)
    out = []
    for v in row:
        if v - max_in_row >= diff_min:
            unsat = rounding_divide_by_pot(srdhm(shifted_scale, exp_of(v)), num_bits_over_unit + 31 - output_bits)
            out.append(max(min(unsat + out_min, out_max), out_min))
        else:
            out.append(out_min)
    return out


def read_lut(name):
    with open(os.path.join(LUTS, name)) as f:
        text = f.read()
    body = text[text.index('{') + 1:text.index('}')]
    values = [int(v) for v in re.findall(r'-?\d+', body)]
    assert len(values) == 513
    return values


def int16_lut_lookup(value, lut):
    """generic_int16_table_lookup."""
    assert -32768 <= value <= 32767
    index = 256 + (value >> 7)
    offset = value & 0x7f
    base = lut[index]
    slope = lut[index + 1] - lut[index]
    delta = (slope * offset + 64) >> 7
    return base + delta


def softmax_int16(row, params, exp_lut, reciprocal_lut):
    multiplier, shift = params
    max_in_row = -32768  # std::numeric_limits<int16_t>::min()
    for v in row:
        max_in_row = max(max_in_row, v)
    exps = []
    total = 0  # Q16.15
    for v in row:
        scaled = multiply_by_quantized_multiplier(v - max_in_row, multiplier, shift) + 32767
        exps.append(int16_lut_lookup(max(-32768, min(scaled, 32767)), exp_lut))
        total = int32(total + exps[-1])
    headroom_plus_one = count_leading_zeros32(total)
    shifted_sum = ((total << (headroom_plus_one - 1)) + (1 << 13)) >> 14
    index = max(-32768, min(shifted_sum - ((1 << 15) + (1 << 16)), 32767))
    reciprocal = int16_lut_lookup(index, reciprocal_lut)
    right_shift = 31 - headroom_plus_one
    return [max(0, min((e * reciprocal + (1 << (right_shift - 1))) >> right_shift, 32767)) for e in exps]


def f32(x):
    """x rounded to float, as a model stores its scales."""
    import struct
    return struct.unpack('f', struct.pack('f', x))[0]


# The cases: (what, input scale, rows). Scales as a model's floats.
INT8_SCALES = {'1/256': 1.0 / 256, '1/16': 1.0 / 16, 'float 1/255': f32(1.0 / 255), '1': 1.0}
INT8_CASES = [
    ('a row all at the minimum', '1/256', [[-128] * 5]),
    ('rows all at the minimum, scale 1', '1', [[-128] * 7, [-128] * 7]),
    ('the maximum once, the minimum elsewhere', '1/16', [[127, -128, -128, -128], [-128, -128, -128, 127]]),
    ('the maximum once, the minimum elsewhere, scale 1/255', 'float 1/255', [[-128, 127, -128, -128, -128]]),
    ('the maximum and the minimum, 255 apart, scale 1/256', '1/256', [[127, -128, -128], [-128, 127, 127]]),
    ('constant rows at the extremes and in between', 'float 1/255', [[127] * 6, [-1] * 6, [0] * 6]),
    ('a row of one element at the minimum', '1/16', [[-128]]),
    ('a maximum of -127 above rows at the minimum', '1/16', [[-128, -127, -128, -128]]),
]
INT16_SCALES = {'2^-11': 2.0**-11, 'float 1/32767': f32(1.0 / 32767), '2^-8': 2.0**-8, '2^-4': 2.0**-4}
INT16_CASES = [
    ('a row below -128, scale 2^-11', '2^-11', [[-30000, -30000, -20000, -25000]]),
    ('a row all at the minimum', '2^-11', [[-32768] * 4]),
    ('rows all at the minimum, scale 1/32767', 'float 1/32767', [[-32768] * 5, [-32768] * 5]),
    ('rows all below -128', '2^-8', [[-129, -200, -300, -1000], [-20000, -20100, -20010, -32768]]),
    ('rows all below -128, scale 2^-4', '2^-4', [[-129, -130, -131, -160], [-32000, -32001, -31990, -32768]]),
    ('the maximum once, the minimum elsewhere', '2^-11',
     [[32767, -32768, -32768, -32768], [-32768, -32768, -32768, 32767]]),
    ('the maximum once, the minimum elsewhere, scale 2^-8', '2^-8', [[-32768, -32768, 32767]]),
    ('constant rows at the extremes and in between', '2^-11', [[32767] * 3, [-129] * 3, [-32767] * 3, [0] * 3]),
    ('a row of one element at the minimum', '2^-8', [[-32768]]),
    ('a maximum of -129 above rows at the minimum', 'float 1/32767', [[-32768, -129, -32768, -32768]]),
]


def read_reference(case, name):
    """The array `name` and the #defines of tflite_int8/<case>."""
    directory = os.path.join(HERE, 'tflite_int8', case)
    with open(os.path.join(directory, 'config_data.h')) as f:
        config = {k: int(v) for k, v in re.findall(r'#define (\w+) (-?\d+)', f.read())}
    for file in ('input_data.h', 'output_ref_data.h'):
        with open(os.path.join(directory, file)) as f:
            text = f.read()
        match = re.search(name + r'\[\d+\] = \{([^}]*)\}', text)
        if match:
            return config, [int(v) for v in re.findall(r'-?\d+', match.group(1))]
    raise KeyError(name)


def rows_of(values, length):
    return [values[i:i + length] for i in range(0, len(values), length)]


def check_against_published(exp_lut, reciprocal_lut):
    """The restatement above reproduces TensorFlow Lite's published vectors and the parameters they state."""
    config, inputs = read_reference('softmax', 'softmax_input')
    _, expected = read_reference('softmax', 'softmax_output_ref')
    params = (config['SOFTMAX_INPUT_MULT'], config['SOFTMAX_INPUT_LEFT_SHIFT'], config['SOFTMAX_DIFF_MIN'])
    assert params == prepare_softmax_int8(f32(1.0 / 255)), params
    got = [v for r in rows_of(inputs, config['SOFTMAX_ROW_SIZE']) for v in softmax_int8(r, params, 8)]
    assert got == expected, ('softmax', got, expected)
    config, inputs = read_reference('softmax_s8_s16', 'softmax_s8_s16_input')
    _, expected = read_reference('softmax_s8_s16', 'softmax_s8_s16_output_ref')
    params = (config['SOFTMAX_S8_S16_INPUT_MULT'], config['SOFTMAX_S8_S16_INPUT_LEFT_SHIFT'],
              config['SOFTMAX_S8_S16_DIFF_MIN'])
    assert params == prepare_softmax_int8(0.003922), params
    got = [v for r in rows_of(inputs, config['SOFTMAX_S8_S16_ROW_SIZE']) for v in softmax_int8(r, params, 16)]
    assert got == expected, ('softmax_s8_s16', got, expected)
    config, inputs = read_reference('softmax_s16', 'softmax_s16_input')
    _, expected = read_reference('softmax_s16', 'softmax_s16_output_ref')
    params = (config['SOFTMAX_S16_INPUT_MULT'], config['SOFTMAX_S16_INPUT_LEFT_SHIFT'])
    assert params == prepare_softmax_int16(f32(1.0 / 32767)), params
    got = [v for r in rows_of(inputs, config['SOFTMAX_S16_ROW_SIZE'])
           for v in softmax_int16(r, params, exp_lut, reciprocal_lut)]
    assert got == expected, ('softmax_s16', got, expected)
    # CMSIS-NN's arm_softmax_s16 on a row below -128, input scale 2^-11: 225, 225, 29730, 2588.
    got = softmax_int16([-30000, -30000, -20000, -25000], prepare_softmax_int16(2.0**-11), exp_lut, reciprocal_lut)
    assert got == [225, 225, 29730, 2588], got


def c_array(kind, name, values):
    lines, line = [], '    '
    for v in values:
        item = f'{v}, '
        if len(line) + len(item) > 118:
            lines.append(line.rstrip())
            line = '    '
        line += item
    lines.append(line.rstrip())
    return f'inline constexpr std::{kind} {name}[{len(values)}] = {{\n' + '\n'.join(lines) + '\n};'


def contents():
    exp_lut = read_lut('exp_lut_data.h')
    reciprocal_lut = read_lut('one_by_one_lut_data.h')
    check_against_published(exp_lut, reciprocal_lut)
    out = ['// SPDX-License-Identifier: BSL-1.0',
           '// Written by make_softmax_extremes.py (do not edit): rows of TensorFlow Lite\'s quantized softmax at the',
           '// extremes of the input type, with the outputs its reference kernels give them (restated in Python\'s',
           '// integers, independently of the library), and the parameters of each input scale (beta 1) as a converted',
           '// model derives them. softmax_proof.cpp proves every element at compile time, softmax_test.cpp at run',
           '// time.',
           '#pragma once', '', '#include <cstddef>', '#include <cstdint>', '', '#include "softmax_cases.hpp"', '',
           'namespace softmax_extremes {', '', 'namespace q = cta::quantized;',
           'using softmax_cases::int8_case;', 'using softmax_cases::int16_case;', '']
    int8_entries, int16_entries = [], []
    def add_case(i, what, scale_name, rows, params, input_type, outputs):
        """The arrays of one case (its input, then each (name, type, rows' outputs) of `outputs`); its rows and
        length."""
        length = len(rows[0])
        assert all(len(r) == length for r in rows)
        out.append(f'// {what}: input scale {scale_name}, parameters {{{", ".join(str(p) for p in params)}}}.')
        out.append(c_array(input_type, f'{input_type[:-2]}_input_{i}', [v for r in rows for v in r]))
        for name, output_type, compute in outputs:
            out.append(c_array(output_type, f'{name}_{i}', [v for r in rows for v in compute(r)]))
        out.append('')
        return f'    {{"{what}", {input_type[:-2]}_input_{i}, {len(rows)}, {length},\n'

    for i, (what, scale_name, rows) in enumerate(INT8_CASES):
        p = prepare_softmax_int8(INT8_SCALES[scale_name])
        head = add_case(i, what, scale_name, rows, p, 'int8_t',
                        [('int8_to_int8', 'int8_t', lambda r: softmax_int8(r, p, 8)),
                         ('int8_to_int16', 'int16_t', lambda r: softmax_int8(r, p, 16))])
        int8_entries.append(head + f'     q::softmax_int8_params{{{p[0]}, {p[1]}, {p[2]}}}, int8_to_int8_{i}, '
                                   f'int8_to_int16_{i}}},')
    for i, (what, scale_name, rows) in enumerate(INT16_CASES):
        p = prepare_softmax_int16(INT16_SCALES[scale_name])
        head = add_case(i, what, scale_name, rows, p, 'int16_t',
                        [('int16_to_int16', 'int16_t', lambda r: softmax_int16(r, p, exp_lut, reciprocal_lut))])
        int16_entries.append(head + f'     q::softmax_int16_params{{{p[0]}, {p[1]}}}, &softmax_cases::published_luts, '
                                    f'int16_to_int16_{i}}},')
    out.append('inline constexpr int8_case int8_cases[] = {')
    out.extend(int8_entries)
    out.append('};')
    out.append('inline constexpr int16_case int16_cases[] = {')
    out.extend(int16_entries)
    out.append('};')
    out.append('')
    out.append('}  // namespace softmax_extremes')
    return '\n'.join(out) + '\n'


def main():
    text = contents()
    if '--check' in sys.argv[1:]:
        with open(HEADER) as f:
            if f.read() != text:
                print(f'{HEADER} differs from what make_softmax_extremes.py writes', file=sys.stderr)
                return 1
        print(f'{HEADER} is what make_softmax_extremes.py writes')
        return 0
    with open(HEADER, 'w') as f:
        f.write(text)
    return 0


if __name__ == '__main__':
    sys.exit(main())
