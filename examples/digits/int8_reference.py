#!/usr/bin/env python3
# SPDX-License-Identifier: BSL-1.0
"""The int8 digits classifier (digits_int8.hpp) computed again, independently of cta: TensorFlow Lite's int8
reference kernels restated from their semantics in NumPy's int64 arithmetic (every value an int32 of the kernels,
held in int64 so that no product overflows), the converter's quantization of the weights restated in float32, and the
model lowered as digits_int8.hpp states. It reads the float weights (digits.safetensors), the quantization of every
tensor calibrated by digits_int8_calibrate (digits_int8_parameters.json) and the test images, computes the int8 class
of each of the 360 test images, and writes test_predictions_int8.npy and their int8 logits, test_logits_int8.npy,
which the build's proof checks.

Kernels restated: QuantizeMultiplier, SaturatingRoundingDoublingHighMul, RoundingDivideByPOT,
MultiplyByQuantizedMultiplier (TensorFlow Lite's double rounding); QUANTIZE; FULLY_CONNECTED with per-channel weights
and an int32 bias; BATCH_MATMUL; ADD and MUL (reference_integer_ops), SUB and SQUARED_DIFFERENCE; MEAN (TensorFlow
Lite Micro's QuantizedMeanOrSum); RSQRT (GetInvSqrtQuantizedMultiplierExp, gemmlowp's fixed point); SOFTMAX int8
(PreprocessSoftmaxScaling, gemmlowp's exp_on_negative_values and one_over_one_plus_x_for_x_in_0_1).

Usage: /usr/bin/python3 int8_reference.py [--check]   (NumPy only). With --check, writes nothing and exits with status
1 if test_predictions_int8.npy or test_logits_int8.npy differs from what it would write.
"""

import json
import math
import os
import sys

try:
    import numpy as np
except ImportError:
    print('examples/digits/int8_reference.py needs NumPy (Debian: python3-numpy): skipped')
    sys.exit(77)

HERE = os.path.dirname(os.path.abspath(__file__))
OUTPUT = os.path.join(HERE, 'test_predictions_int8.npy')
LOGITS = os.path.join(HERE, 'test_logits_int8.npy')
INT32_MIN, INT32_MAX = -2**31, 2**31 - 1
LAYERS, HEADS, D_MODEL, D_HEAD, PATCHES = 2, 2, 16, 8, 16
f32 = np.float32


# ---- the weights and the parameters -------------------------------------------------------------------------------

def load_safetensors(path):
    with open(path, 'rb') as f:
        data = f.read()
    n = int.from_bytes(data[:8], 'little')
    header = json.loads(data[8:8 + n])
    tensors = {}
    for name, t in header.items():
        if name == '__metadata__':
            continue
        assert t['dtype'] == 'F32'
        begin, end = t['data_offsets']
        tensors[name] = np.frombuffer(data[8 + n + begin:8 + n + end], dtype='<f4').reshape(t['shape'])
    return tensors


def load_parameters(path):
    """name -> (float32 scale, zero point)."""
    with open(path) as f:
        raw = json.load(f)
    return {k: (np.array([v['scale_bits']], dtype=np.uint32).view(np.float32)[0], v['zero_point'])
            for k, v in raw.items()}


# ---- TensorFlow Lite's fixed-point arithmetic ---------------------------------------------------------------------

def round_half_away(x):
    """float32 (or float64) x rounded half away from zero, exactly (TfLiteRound, std::round)."""
    x = np.asarray(x)
    t = np.trunc(x)
    frac = x - t  # exact
    return t + np.where(frac >= 0.5, 1, 0) - np.where(frac <= -0.5, 1, 0)


def quantize_multiplier(m):
    """QuantizeMultiplier: m = q 2^shift, q in [0.5, 1), multiplier = round(q 2^31)."""
    m = float(m)
    if m == 0.0:
        return 0, 0
    q, shift = math.frexp(m)
    q_fixed = int(math.floor(q * 2**31 + 0.5))  # q * 2^31 is exact; + 0.5 too: ties away from zero
    if q_fixed == 2**31:
        q_fixed //= 2
        shift += 1
    if shift < -31:
        return 0, 0
    assert shift <= 30
    return q_fixed, shift


def tdiv(n, d):
    """n / d truncated toward zero (C's integer division), n int64 array, d > 0."""
    n = np.asarray(n, dtype=np.int64)
    return np.where(n >= 0, n // d, -((-n) // d))


def srdhm(a, b):
    """SaturatingRoundingDoublingHighMul."""
    a = np.asarray(a, dtype=np.int64)
    b = np.asarray(b, dtype=np.int64)
    ab = a * b
    nudge = np.where(ab >= 0, 1 << 30, 1 - (1 << 30))
    r = tdiv(ab + nudge, 1 << 31)
    return np.where((a == INT32_MIN) & (b == INT32_MIN), INT32_MAX, r)


def rdbpot(x, exponent):
    """RoundingDivideByPOT: x / 2^exponent, ties away from zero."""
    x = np.asarray(x, dtype=np.int64)
    mask = (1 << exponent) - 1
    remainder = x & mask
    threshold = (mask >> 1) + np.where(x < 0, 1, 0)
    return (x >> exponent) + np.where(remainder > threshold, 1, 0)


def mbqm(x, multiplier, shift):
    """MultiplyByQuantizedMultiplier (the default double rounding)."""
    x = np.asarray(x, dtype=np.int64)
    left = shift if shift > 0 else 0
    right = 0 if shift > 0 else -shift
    v = x * (1 << left)
    assert np.all((v >= INT32_MIN) & (v <= INT32_MAX))
    return rdbpot(srdhm(v, multiplier), right)


def clamp(v, lo=-128, hi=127):
    return np.clip(v, lo, hi).astype(np.int64)


def sat_shift_left(x, exponent):
    """gemmlowp's SaturatingRoundingMultiplyByPOT with a positive exponent."""
    threshold = (1 << (31 - exponent)) - 1
    x = np.asarray(x, dtype=np.int64)
    return np.where(x > threshold, INT32_MAX, np.where(x < -threshold, INT32_MIN, x * (1 << exponent)))


# ---- the kernels --------------------------------------------------------------------------------------------------

def quantize(x, q):
    """QUANTIZE (and the converter's constants): round(x / scale) + zero point, in float32, clamped."""
    scale, zp = q
    return clamp(round_half_away(f32(x) / scale) + zp)


def quantize_fc(w, b, qin, qout, relu=False):
    """A FULLY_CONNECTED as the converter quantizes it: w PyTorch's [out, in] float32, per output channel symmetric
    (scale max |row| / 127, each weight times 127 / max |row| in float32, rounded, clamped to [-127, 127]); the bias at
    float32 s_in s_w(c), times float32(1 / that), rounded; each channel's multiplier s_in s_w(c) / s_out in double."""
    w = w.astype(f32)
    half = np.max(np.abs(w), axis=1)
    scales = np.where(half > 0, half / f32(127), f32(1))
    inverse = np.where(half > 0, f32(127) / np.where(half > 0, half, f32(1)), f32(0)).astype(f32)
    wq = np.clip(round_half_away((w * inverse[:, None]).astype(f32)), -127, 127).astype(np.int64)
    bias_scale = (f32(qin[0]) * scales).astype(f32)
    bias_inverse = (1.0 / bias_scale.astype(np.float64)).astype(f32)
    bq = round_half_away((b.astype(f32) * bias_inverse).astype(f32)).astype(np.int64)
    mults = [quantize_multiplier(float(qin[0]) * float(s) / float(qout[0])) for s in scales]
    return {'w': wq, 'b': bq, 'm': mults, 'in_zp': qin[1], 'out_zp': qout[1],
            'act_min': qout[1] if relu else -128}


def fully_connected(x, fc):
    """x [..., in] int8 -> [..., out]: acc = sum (x - zp_in) w + bias, per channel requantized, clamped."""
    acc = np.einsum('...k,ck->...c', x - fc['in_zp'], fc['w']) + fc['b']
    out = np.empty_like(acc)
    for c, (m, s) in enumerate(fc['m']):
        out[..., c] = mbqm(acc[..., c], m, s)
    return clamp(out + fc['out_zp'], fc['act_min'], 127)


def batch_matmul(lhs, lhs_q, rhs, rhs_q, out_q):
    """BATCH_MATMUL lhs [..., r, d] times rhs [..., d, c]; the multiplier float32(s_l s_r) / s_out in double."""
    m, s = quantize_multiplier(float(f32(lhs_q[0]) * f32(rhs_q[0])) / float(out_q[0]))
    acc = np.matmul(lhs - lhs_q[1], rhs - rhs_q[1])
    return clamp(mbqm(acc, m, s) + out_q[1])


def add(x, xq, y, yq, oq):
    """ADD (reference_integer_ops::Add): left shift 20, twice the larger scale, multipliers in double."""
    twice_max = 2 * float(max(xq[0], yq[0]))
    m1 = quantize_multiplier(float(xq[0]) / twice_max)
    m2 = quantize_multiplier(float(yq[0]) / twice_max)
    mo = quantize_multiplier(twice_max / ((1 << 20) * float(oq[0])))
    s = mbqm((x - xq[1]) * (1 << 20), *m1) + mbqm((y - yq[1]) * (1 << 20), *m2)
    return clamp(mbqm(s, *mo) + oq[1])


def sub(x, xq, y, yq, oq):
    """SUB (TensorFlow Lite Micro): as ADD with the difference, the real multipliers computed in float32."""
    twice_max = f32(2) * max(f32(xq[0]), f32(yq[0]))
    m1 = quantize_multiplier(float(f32(xq[0]) / twice_max))
    m2 = quantize_multiplier(float(f32(yq[0]) / twice_max))
    mo = quantize_multiplier(float(twice_max / (f32(1 << 20) * f32(oq[0]))))
    d = mbqm((x - xq[1]) * (1 << 20), *m1) - mbqm((y - yq[1]) * (1 << 20), *m2)
    return clamp(mbqm(d, *mo) + oq[1])


def mul(x, xq, y, yq, oq):
    """MUL (reference_integer_ops::Mul): s_x s_y / s_out in double."""
    mo = quantize_multiplier(float(xq[0]) * float(yq[0]) / float(oq[0]))
    return clamp(mbqm((x - xq[1]) * (y - yq[1]), *mo) + oq[1])


def squared_difference(x, xq, y, yq, oq):
    """SQUARED_DIFFERENCE: left shift 7; the output's multiplier (2 max)^2 / float32(2^14 s_out)."""
    twice_max = 2.0 * float(max(xq[0], yq[0]))
    m1 = quantize_multiplier(float(xq[0]) / twice_max)
    m2 = quantize_multiplier(float(yq[0]) / twice_max)
    mo = quantize_multiplier(twice_max * twice_max / float(f32(1 << 14) * f32(oq[0])))
    d = mbqm((x - xq[1]) * (1 << 7), *m1) - mbqm((y - yq[1]) * (1 << 7), *m2)
    return clamp(mbqm(d * d, *mo) + oq[1])


def mean(x, axis, xq, oq):
    """MEAN with keep_dims (QuantizedMeanOrSum): one multiplier s_in / s_out, the count folded into it."""
    n = x.shape[axis]
    m, shift = quantize_multiplier(float(xq[0]) / float(oq[0]))
    s = min(n.bit_length() - 1, 32, 31 + shift)
    s = max(s, 0)
    m_n = (m << s) // n
    total = np.sum(x, axis=axis, keepdims=True) - xq[1] * n
    return clamp(mbqm(total, m_n, shift - s) + oq[1])


def inv_sqrt_multiplier(v):
    """GetInvSqrtQuantizedMultiplierExp(v, kReverseShift): 1/sqrt(v) = multiplier 2^(shift - 31)."""
    if v <= 1:
        return INT32_MAX, 0
    right_shift = 11
    while v >= 1 << 29:
        v //= 4
        right_shift += 1
    leading_zeros = 32 - v.bit_length()
    pairs = (leading_zeros - 1) // 2 - 1
    right_shift -= pairs
    v <<= 2 * pairs
    y = v >> 1  # F3
    half_y = int(rdbpot(y, 1))
    one = 1 << 28
    three_halves = one + (one >> 1)
    z = one
    for _ in range(5):
        z3 = int(sat_shift_left(srdhm(srdhm(z, z), z), 6))  # F9 to F3
        z = int(sat_shift_left(int(srdhm(three_halves, z)) - int(srdhm(half_y, z3)), 3))  # F6 to F3
    multiplier = int(srdhm(z, 1518500250))
    if right_shift < 0:
        multiplier <<= -right_shift
        right_shift = 0
    return multiplier, -right_shift


def rsqrt(x, xq, oq):
    """RSQRT (TensorFlow Lite Micro): 0 gives 127; the multiplier 1 / (sqrtf(s_in) s_out) computed in float32."""
    product = np.sqrt(f32(xq[0])).astype(f32) * f32(oq[0])
    m, shift = quantize_multiplier(1.0 / float(product))
    out = np.empty_like(x)
    for idx, q in np.ndenumerate(x):
        v = int(q) - xq[1]
        assert v >= 0
        if v == 0:
            out[idx] = 127
            continue
        im, ie = inv_sqrt_multiplier(v)
        d = mbqm(1, im, ie + 20)
        out[idx] = clamp(mbqm(d, m, shift - 20) + oq[1])
    return out


def exp_on_interval_between_negative_one_quarter_and_0_excl(a):
    x = a + (1 << 28)
    x2 = srdhm(x, x)
    x3 = srdhm(x2, x)
    x4 = srdhm(x2, x2)
    x4_over_4 = rdbpot(x4, 2)
    poly = rdbpot(srdhm(x4_over_4 + x3, 715827883) + x2, 1)
    c = 1895147668
    return c + srdhm(c, x + poly)


def exp_on_negative_values(a):
    """gemmlowp's exp of a <= 0 with 5 integer bits, to 0 integer bits."""
    fractional = 26
    quarter = 1 << (fractional - 2)
    a_mod_quarter_minus_quarter = (a & (quarter - 1)) - quarter
    result = exp_on_interval_between_negative_one_quarter_and_0_excl(sat_shift_left(a_mod_quarter_minus_quarter, 5))
    remainder = a_mod_quarter_minus_quarter - a
    for exponent, multiplier in ((-2, 1672461947), (-1, 1302514674), (0, 790015084), (1, 290630308),
                                 (2, 39332535), (3, 720401), (4, 242)):
        bit = 1 << (fractional + exponent)
        result = np.where((remainder & bit) != 0, srdhm(result, multiplier), result)
    return np.where(a == 0, INT32_MAX, result)


def one_over_one_plus_x_for_x_in_0_1(a):
    s = a + INT32_MAX
    half_denominator = tdiv(s + np.where(s >= 0, 1, -1), 2)
    x = 1515870810 + srdhm(half_denominator, -1010580540)
    for _ in range(3):
        t = (1 << 29) - srdhm(half_denominator, x)
        x = x + sat_shift_left(srdhm(x, t), 2)
    return sat_shift_left(x, 1)


def softmax(x, xq):
    """SOFTMAX int8 to int8 (output 1/256, -128), row by row over the last axis; beta 1."""
    real = min(1.0 * float(xq[0]) * (1 << 26), (1 << 31) - 1.0)
    multiplier, left_shift = quantize_multiplier(real)
    assert left_shift >= 0
    diff_min = -int(math.floor(31.0 * (1 << 26) / (1 << left_shift)))
    diff = x - np.max(x, axis=-1, keepdims=True)
    valid = diff >= diff_min
    scaled = srdhm(np.where(valid, diff, 0) * (1 << left_shift), multiplier)
    exps = exp_on_negative_values(np.where(valid, scaled, 0))
    total = np.sum(np.where(valid, rdbpot(exps, 12), 0), axis=-1, keepdims=True)
    headroom_plus_one = 32 - np.vectorize(int.bit_length)(total.astype(object)).astype(np.int64)
    num_bits_over_unit = 12 - headroom_plus_one
    shifted_minus_one = ((total << headroom_plus_one) & 0xFFFFFFFF) - (1 << 31)
    scale = one_over_one_plus_x_for_x_in_0_1(shifted_minus_one)
    product = srdhm(scale, exps)
    out = np.empty_like(x)
    for idx in np.ndindex(x.shape[:-1]):
        out[idx] = rdbpot(product[idx], int(num_bits_over_unit[idx][0]) + 31 - 8)
    return np.where(valid, clamp(out - 128), -128)


# ---- the model ----------------------------------------------------------------------------------------------------

def patches_of(images):
    """[n, 64] pixels -> [n, 16, 4]: the 2 x 2 patches, each pixel / 16 (train.py's patches())."""
    x = images.reshape(-1, 4, 2, 4, 2).transpose(0, 1, 3, 2, 4).reshape(-1, 16, 4)
    return x.astype(f32) / f32(16)


def layer_norm(x, xq, gamma, beta, P, prefix):
    t = lambda name: P[prefix + name]
    eps = quantize(f32(1e-5), P['epsilon'])
    g = quantize(gamma, t('gamma'))
    b = quantize(beta, t('beta'))
    mu = mean(x, -1, xq, t('mean'))
    sq = squared_difference(x, xq, mu, t('mean'), t('squares'))
    var = mean(sq, -1, t('squares'), t('variance'))
    shifted = add(var, t('variance'), eps, P['epsilon'], t('shifted'))
    r = rsqrt(shifted, t('shifted'), t('rsqrt'))
    centered = sub(x, xq, mu, t('mean'), t('centered'))
    normalized = mul(centered, t('centered'), r, t('rsqrt'), t('normalized'))
    scaled = mul(normalized, t('normalized'), g, t('gamma'), t('scaled'))
    return add(scaled, t('scaled'), b, t('beta'), t('outputs')), t('outputs')


def classify(images, W, P):
    softmax_q = (f32(1.0 / 256.0), -128)
    x = quantize(patches_of(images), P['patches'])
    h = fully_connected(x, quantize_fc(W['embed.weight'], W['embed.bias'], P['patches'], P['embedded']))
    h = add(h, P['embedded'], quantize(W['pos'], P['positions']), P['positions'], P['positioned'])
    hq = P['positioned']
    scaling = f32(1.0 / math.sqrt(D_HEAD))
    for l in range(LAYERS):
        k = f'encoder.layers.{l}.'
        p = f'layers.{l}.'
        n, nq = layer_norm(h, hq, W[k + 'norm1.weight'], W[k + 'norm1.bias'], P, p + 'norm1.')
        w_in, b_in = W[k + 'self_attn.in_proj_weight'], W[k + 'self_attn.in_proj_bias']
        e = D_MODEL
        queries = fully_connected(n, quantize_fc((w_in[:e] * scaling).astype(f32), (b_in[:e] * scaling).astype(f32),
                                                 nq, P[p + 'queries']))
        keys = fully_connected(n, quantize_fc(w_in[e:2 * e], b_in[e:2 * e], nq, P[p + 'keys']))
        values = fully_connected(n, quantize_fc(w_in[2 * e:], b_in[2 * e:], nq, P[p + 'values']))
        heads = lambda t: t.reshape(-1, PATCHES, HEADS, D_HEAD).transpose(0, 2, 1, 3)  # [n, head, position, d]
        scores = batch_matmul(heads(queries), P[p + 'queries'], heads(keys).transpose(0, 1, 3, 2), P[p + 'keys'],
                              P[p + 'scores'])
        weights = softmax(scores, P[p + 'scores'])
        context = batch_matmul(weights, softmax_q, heads(values), P[p + 'values'], P[p + 'context'])
        context = context.transpose(0, 2, 1, 3).reshape(-1, PATCHES, D_MODEL)
        attention = fully_connected(context, quantize_fc(W[k + 'self_attn.out_proj.weight'],
                                                         W[k + 'self_attn.out_proj.bias'], P[p + 'context'],
                                                         P[p + 'attention']))
        h = add(h, hq, attention, P[p + 'attention'], P[p + 'residual1'])
        hq = P[p + 'residual1']
        n, nq = layer_norm(h, hq, W[k + 'norm2.weight'], W[k + 'norm2.bias'], P, p + 'norm2.')
        hidden = fully_connected(n, quantize_fc(W[k + 'linear1.weight'], W[k + 'linear1.bias'], nq, P[p + 'hidden'],
                                                relu=True))
        ff = fully_connected(hidden, quantize_fc(W[k + 'linear2.weight'], W[k + 'linear2.bias'], P[p + 'hidden'],
                                                 P[p + 'feed_forward']))
        h = add(h, hq, ff, P[p + 'feed_forward'], P[p + 'residual2'])
        hq = P[p + 'residual2']
    n, nq = layer_norm(h, hq, W['encoder.norm.weight'], W['encoder.norm.bias'], P, 'norm.')
    pooled = mean(n, 1, nq, P['pooled'])
    logits = fully_connected(pooled, quantize_fc(W['head.weight'], W['head.bias'], P['pooled'], P['logits']))
    logits = logits.reshape(-1, 10)
    return np.argmax(logits, axis=1).astype(np.uint8), logits.astype(np.int8)  # the first index of the largest


def main():
    W = load_safetensors(os.path.join(HERE, 'digits.safetensors'))
    P = load_parameters(os.path.join(HERE, 'digits_int8_parameters.json'))
    images = np.load(os.path.join(HERE, 'test_images.npy'))
    labels = np.load(os.path.join(HERE, 'test_labels.npy'))
    float_predictions = np.load(os.path.join(HERE, 'test_predictions.npy'))
    predictions, logits = classify(images, W, P)
    print(f'int8: {int(np.sum(predictions == labels))} of {len(labels)} test images right; '
          f'{int(np.sum(predictions != float_predictions))} classified otherwise than by the float model')
    if '--check' in sys.argv[1:]:
        same = True
        for path, computed in ((OUTPUT, predictions), (LOGITS, logits)):
            current = np.array_equal(np.load(path), computed)
            print(f'{path}: ' + ('current' if current else 'differs from what int8_reference.py computes'))
            same = same and current
        return 0 if same else 1
    np.save(OUTPUT, predictions)
    np.save(LOGITS, logits)
    return 0


if __name__ == '__main__':
    sys.exit(main())
