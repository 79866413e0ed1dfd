# SPDX-License-Identifier: BSL-1.0
"""Writes blocks/*.tflite: small int8 Transformer encoder blocks as TensorFlow Lite files, laid out as TensorFlow
Lite's converter lays out a fully quantized Keras encoder block (float input quantized by QUANTIZE, the projections
by FULLY_CONNECTED with per-channel weights and int32 biases, the heads by RESHAPE and TRANSPOSE, the scores and
outputs by BATCH_MATMUL, SOFTMAX, a residual ADD, a layer norm of MEAN, SQUARED_DIFFERENCE, ADD, RSQRT, SUB and MUL,
a feed-forward network, and DEQUANTIZE), written through the classes flatc generates from TensorFlow Lite's schema
(schema/schema.fbs, as reference_dump.py generates them).

    write_blocks.py --flatc <flatc> --schema <schema.fbs> --work <dir> --out <dir>
    write_blocks.py --flatc <flatc> --schema <schema.fbs> --work <dir> --check <dir>

The first writes the files into --out; the second writes them into --work and compares them with those in --check,
byte for byte, and exits with 1 naming those that differ (the test tflite.blocks_current), or with 77 (skipped)
where flatc or FlatBuffers' Python library is missing.

The numbers: weights from Python's own generator (random.Random, seeded: the same numbers on every machine), the
quantization of each tensor from a float run of the block on calibration inputs, computed in Python's floats one
operation at a time (no library whose summation order depends on the processor), each range widened to multiples
of 2^-10 (so that an ulp of the C library's exp cannot move a scale): the files are the same bytes wherever they are
written. What the blocks compute is what TensorFlow Lite Micro computes from them
(tflm/outputs); the float run only chooses scales.
"""
import argparse
import math
import pathlib
import random
import sys

import reference_dump

N, D, HEADS, D_FF = 4, 8, 2, 16
D_K = D // HEADS


class Dims:
    """An encoder block's extents: n tokens of d, heads, the feed-forward width; `spread` scales the range of the
    weights whose sums run over d, `ff_spread` of those over d_ff (1 for the small blocks; about 1 / sqrt(fan-in)
    relative to them keeps a wider block's sums as wide)."""

    def __init__(self, n, d, heads, d_ff, spread=1.0, ff_spread=1.0):
        self.n, self.d, self.heads, self.d_ff, self.d_k = n, d, heads, d_ff, d // heads
        self.spread, self.ff_spread = spread, ff_spread


SMALL = Dims(N, D, HEADS, D_FF)


# --- A float model, one operation at a time --------------------------------------------------------------------

def matmul_t(x, w, b):
    """x (n x d_in) times the transpose of w (d_out x d_in), plus b."""
    return [[sum(x[i][k] * w[o][k] for k in range(len(w[o]))) + b[o] for o in range(len(w))] for i in range(len(x))]


def relu(x):
    return [[max(v, 0.0) for v in row] for row in x]


def heads(x, dm=SMALL):
    """[n, d] as [heads, n, d_k]."""
    return [[[x[i][h * dm.d_k + j] for j in range(dm.d_k)] for i in range(dm.n)] for h in range(dm.heads)]


def merge(o, dm=SMALL):
    return [[o[h][i][j] for h in range(dm.heads) for j in range(dm.d_k)] for i in range(dm.n)]


def softmax_rows(m):
    rows = []
    for row in m:
        top = max(row)
        e = [math.exp(s - top) for s in row]
        total = sum(e)
        rows.append([v / total for v in e])
    return rows


def block_float(x, p, dm=SMALL):
    """Every tensor of the block in float, by name."""
    N, D, HEADS, D_K = dm.n, dm.d, dm.heads, dm.d_k
    t = {"x": x}
    for name in ("q", "k", "v"):
        t[name] = matmul_t(x, p["w_" + name], p["b_" + name])
    qh, kh, vh = heads(t["q"], dm), heads(t["k"], dm), heads(t["v"], dm)
    t["qh"], t["kh"], t["vh"] = qh, kh, vh
    scores = [[[sum(qh[h][i][k] * kh[h][j][k] for k in range(D_K)) for j in range(N)] for i in range(N)]
              for h in range(HEADS)]
    t["scores"] = scores
    scaled = [[[s * p["scale"] for s in row] for row in m] for m in scores]
    t["scaled"] = scaled
    weights = [softmax_rows(m) for m in scaled]
    t["weights"] = weights
    o = [[[sum(weights[h][i][j] * vh[h][j][k] for j in range(N)) for k in range(D_K)] for i in range(N)]
         for h in range(HEADS)]
    t["heads_out"] = o
    t["merged"] = merge(o, dm)
    t["attention"] = matmul_t(t["merged"], p["w_o"], p["b_o"])
    h = [[x[i][j] + t["attention"][i][j] for j in range(D)] for i in range(N)]
    t["residual"] = h
    mean = [[sum(row) / D] for row in h]
    t["mean"] = mean
    sq = [[(h[i][j] - mean[i][0]) ** 2 for j in range(D)] for i in range(N)]
    t["squared"] = sq
    var = [[sum(row) / D] for row in sq]
    t["variance"] = var
    t["variance_eps"] = [[v[0] + p["epsilon"]] for v in var]
    t["rsqrt"] = [[1.0 / math.sqrt(v[0])] for v in t["variance_eps"]]
    t["centered"] = [[h[i][j] - mean[i][0] for j in range(D)] for i in range(N)]
    t["normalized"] = [[t["centered"][i][j] * t["rsqrt"][i][0] for j in range(D)] for i in range(N)]
    t["scaled_norm"] = [[t["normalized"][i][j] * p["gamma"][j] for j in range(D)] for i in range(N)]
    t["norm"] = [[t["scaled_norm"][i][j] + p["beta"][j] for j in range(D)] for i in range(N)]
    t["ff1"] = relu(matmul_t(t["norm"], p["w_1"], p["b_1"]))
    t["ff2"] = matmul_t(t["ff1"], p["w_2"], p["b_2"])
    t["out"] = [[t["norm"][i][j] + t["ff2"][i][j] for j in range(D)] for i in range(N)]
    return t


def flat(v):
    if isinstance(v, list):
        for e in v:
            yield from flat(e)
    else:
        yield v


# --- Quantization -----------------------------------------------------------------------------------------------

def round_away(v):
    return int(math.floor(abs(v) + 0.5)) * (1 if v >= 0 else -1)


def f32(v):
    """v rounded to a float32, as a Python float."""
    import struct
    return struct.unpack("<f", struct.pack("<f", v))[0]


def asymmetric(lo, hi):
    """int8 scale and zero point of the range [lo, hi] widened to hold 0 (TensorFlow Lite's converter's form)."""
    lo, hi = min(lo, 0.0), max(hi, 0.0)
    scale = f32((hi - lo) / 255.0) if hi > lo else 1.0
    zero_point = max(-128, min(127, round_away(-128 - lo / scale)))
    return scale, zero_point


def symmetric_rows(w):
    """Per output channel (a row of w): scale max|w| / 127, zero point 0, and the int8 values."""
    scales, q = [], []
    for row in w:
        s = f32(max(abs(v) for v in row) / 127.0)
        scales.append(s)
        q.append([max(-127, min(127, round_away(v / s))) for v in row])
    return scales, q


def quantize_values(values, scale, zero_point):
    return [max(-128, min(127, round_away(v / scale) + zero_point)) for v in values]


def random_matrix(rng, rows, cols, spread):
    return [[f32(rng.uniform(-spread, spread)) for _ in range(cols)] for _ in range(rows)]


def calibrated(runs):
    """The int8 quantization of every tensor of the float runs (dictionaries of tensors by name), from the range of
    its values over all runs, and softmax's output ("weights") as TensorFlow Lite fixes it. Each range is widened to
    multiples of 2^-10: the float run's exp (the C library's, which may differ by an ulp from one machine to
    another) cannot move a scale, so the files are the same bytes everywhere."""
    def q_of(name):
        values = [v for r in runs for v in flat(r[name])]
        return asymmetric(math.floor(min(values) * 1024) / 1024, math.ceil(max(values) * 1024) / 1024)

    qp = {name: q_of(name) for name in runs[0]}
    qp["weights"] = (1.0 / 256.0, -128)
    return qp


# --- The file ---------------------------------------------------------------------------------------------------

class Writer:
    """Tensors, buffers and operators of one subgraph, as the object API of flatc's Python classes builds them."""

    def __init__(self, tfl):
        self.tfl = tfl
        self.tensors, self.buffers, self.operators, self.codes = [], [tfl.Buffer.BufferT()], [], []

    def tensor(self, name, shape, kind, scale=None, zero_point=None, data=None, axis=0):
        t = self.tfl.Tensor.TensorT()
        t.name = name
        t.shape = list(shape)
        t.type = kind
        if scale is not None:
            q = self.tfl.QuantizationParameters.QuantizationParametersT()
            q.scale = list(scale)
            q.zeroPoint = list(zero_point)
            q.quantizedDimension = axis
            t.quantization = q
        b = self.tfl.Buffer.BufferT()
        if data is not None:
            b.data = list(data)
            self.buffers.append(b)
            t.buffer = len(self.buffers) - 1
        else:
            t.buffer = 0
        self.tensors.append(t)
        return len(self.tensors) - 1

    def code(self, builtin, version):
        for i, c in enumerate(self.codes):
            if c.builtinCode == builtin and c.version == version:
                return i
        c = self.tfl.OperatorCode.OperatorCodeT()
        c.builtinCode = builtin
        c.deprecatedBuiltinCode = min(builtin, 127)
        c.version = version
        self.codes.append(c)
        return len(self.codes) - 1

    def op(self, builtin, version, inputs, outputs, options_type=0, options=None):
        o = self.tfl.Operator.OperatorT()
        o.opcodeIndex = self.code(builtin, version)
        o.inputs = list(inputs)
        o.outputs = list(outputs)
        o.builtinOptionsType = options_type
        o.builtinOptions = options
        self.operators.append(o)

    def activation(self, name, shape, quantization):
        """An int8 tensor computed at run time, quantized with (scale, zero point)."""
        scale, zero_point = quantization
        return self.tensor(name, shape, self.tfl.TensorType.TensorType.INT8, [scale], [zero_point])

    def const_int32(self, name, values):
        return self.tensor(name, [len(values)], self.tfl.TensorType.TensorType.INT32, data=int32_bytes(values))

    def dense(self, name, src, input_scale, weights, bias, out, activation=0):
        """FULLY_CONNECTED of src (of scale input_scale) with weights [output, input] quantized per channel and the
        bias in int32 at the scales input_scale * s_w(c), as the converter quantizes them, into an int8 tensor of
        (shape, quantization) `out`."""
        tfl = self.tfl
        types = tfl.TensorType.TensorType
        scales, qw = symmetric_rows(weights)
        wt = self.tensor(name + "/weights", [len(weights), len(weights[0])], types.INT8, scales, [0] * len(scales),
                         int8_bytes([v for row in qw for v in row]), axis=0)
        qb = [round_away(b / (input_scale * s)) for b, s in zip(bias, scales)]
        bt = self.tensor(name + "/bias", [len(bias)], types.INT32, [f32(input_scale * s) for s in scales],
                         [0] * len(scales), int32_bytes(qb), axis=0)
        o = self.activation(name, out[0], out[1])
        options = tfl.FullyConnectedOptions.FullyConnectedOptionsT()
        options.fusedActivationFunction = activation
        self.op(tfl.BuiltinOperator.BuiltinOperator.FULLY_CONNECTED, 5 if len(scales) > 1 else 4, [src, wt, bt], [o],
                tfl.BuiltinOptions.BuiltinOptions.FullyConnectedOptions, options)
        return o

    def finish(self, inputs, outputs, description):
        import flatbuffers
        g = self.tfl.SubGraph.SubGraphT()
        g.tensors, g.inputs, g.outputs, g.operators, g.name = self.tensors, inputs, outputs, self.operators, "main"
        m = self.tfl.Model.ModelT()
        m.version = 3
        m.operatorCodes = self.codes
        m.subgraphs = [g]
        m.description = description
        m.buffers = self.buffers
        builder = flatbuffers.Builder(4096)
        builder.Finish(m.Pack(builder), file_identifier=b"TFL3")
        return bytes(builder.Output())


def int8_bytes(values):
    return [v & 0xFF for v in values]


def int32_bytes(values):
    out = []
    for v in values:
        out += list((v & 0xFFFFFFFF).to_bytes(4, "little"))
    return out


def encoder_block(tfl, transposed=False, dm=SMALL, seed=20261207):
    """The int8 encoder block (post-norm, ReLU feed-forward) of extents `dm`. `transposed`: the keys and the
    attention weights transposed by TRANSPOSE (perm [0, 2, 1]) and multiplied as they are, the keys on the right,
    the weights on the left with adj_x."""
    N, D, HEADS, D_FF, D_K = dm.n, dm.d, dm.heads, dm.d_ff, dm.d_k
    rng = random.Random(seed)
    ops = tfl.BuiltinOperator.BuiltinOperator
    types = tfl.TensorType.TensorType
    kinds = tfl.BuiltinOptions.BuiltinOptions

    def matrix(rows, cols, spread):
        return random_matrix(rng, rows, cols, spread)

    p = {}
    for name in ("q", "k", "v", "o"):
        p["w_" + name] = matrix(D, D, 0.6 * dm.spread)
        p["b_" + name] = [f32(rng.uniform(-0.2, 0.2)) for _ in range(D)]
    p["w_1"], p["b_1"] = matrix(D_FF, D, 0.5 * dm.spread), [f32(rng.uniform(-0.2, 0.2)) for _ in range(D_FF)]
    p["w_2"], p["b_2"] = matrix(D, D_FF, 0.4 * dm.ff_spread), [f32(rng.uniform(-0.2, 0.2)) for _ in range(D)]
    p["gamma"] = [f32(rng.uniform(0.5, 1.5)) for _ in range(D)]
    p["beta"] = [f32(rng.uniform(-0.3, 0.3)) for _ in range(D)]
    p["scale"] = 1.0 / math.sqrt(D_K)
    p["epsilon"] = 1e-3
    calibration = [matrix(N, D, 2.0) for _ in range(16)]
    w = Writer(tfl)
    # Quantization of every activation, from the calibration run (softmax's output as TensorFlow Lite fixes it).
    qp = calibrated([block_float(x, p, dm) for x in calibration])
    # The heads' tensors keep the quantization of the tensor they come from (RESHAPE and TRANSPOSE move elements).
    for a, b in (("qh", "q"), ("kh", "k"), ("vh", "v"), ("merged", "heads_out")):
        qp[a] = qp[b]

    def act(name, shape):
        return w.activation(name, shape, qp[name])

    x_float = w.tensor("input", [N, D], types.FLOAT32)
    x = act("x", [N, D])
    w.op(ops.QUANTIZE, 1, [x_float], [x])

    def dense(name, src, src_name, weights, bias, activation=0):
        return w.dense(name, src, qp[src_name][0], weights, bias, ([N, len(weights)], qp[name]), activation)

    const_int32 = w.const_int32
    q = dense("q", x, "x", p["w_q"], p["b_q"])
    k = dense("k", x, "x", p["w_k"], p["b_k"])
    v = dense("v", x, "x", p["w_v"], p["b_v"])
    shape3 = const_int32("heads_shape", [N, HEADS, D_K])
    perm = const_int32("heads_perm", [1, 0, 2])
    split = {}
    for name, t in (("q", q), ("k", k), ("v", v)):
        r = w.tensor(name + "_split", [N, HEADS, D_K], types.INT8, [qp[name][0]], [qp[name][1]])
        options = tfl.ReshapeOptions.ReshapeOptionsT()
        options.newShape = [N, HEADS, D_K]
        w.op(ops.RESHAPE, 1, [t, shape3], [r], kinds.ReshapeOptions, options)
        hd = act(name + "h", [HEADS, N, D_K])
        w.op(ops.TRANSPOSE, 2, [r, perm], [hd], kinds.TransposeOptions, tfl.TransposeOptions.TransposeOptionsT())
        split[name] = hd
    scores = act("scores", [HEADS, N, N])
    options = tfl.BatchMatMulOptions.BatchMatMulOptionsT()
    swap = const_int32("swap_last_two", [0, 2, 1]) if transposed else None
    if transposed:
        keys_t = w.tensor("kh_t", [HEADS, D_K, N], types.INT8, [qp["kh"][0]], [qp["kh"][1]])
        w.op(ops.TRANSPOSE, 2, [split["k"], swap], [keys_t], kinds.TransposeOptions,
             tfl.TransposeOptions.TransposeOptionsT())
        options.adjX, options.adjY = False, False
        w.op(ops.BATCH_MATMUL, 1, [split["q"], keys_t], [scores], kinds.BatchMatMulOptions, options)
    else:
        options.adjX, options.adjY = False, True
        w.op(ops.BATCH_MATMUL, 1, [split["q"], split["k"]], [scores], kinds.BatchMatMulOptions, options)
    scale_t = w.tensor("scale", [], types.INT8, [f32(p["scale"] / 127.0)], [0], int8_bytes([127]))
    scaled = act("scaled", [HEADS, N, N])
    w.op(ops.MUL, 1, [scores, scale_t], [scaled], kinds.MulOptions, tfl.MulOptions.MulOptionsT())
    weights = act("weights", [HEADS, N, N])
    options = tfl.SoftmaxOptions.SoftmaxOptionsT()
    options.beta = 1.0
    w.op(ops.SOFTMAX, 1, [scaled], [weights], kinds.SoftmaxOptions, options)
    heads_out = act("heads_out", [HEADS, N, D_K])
    options = tfl.BatchMatMulOptions.BatchMatMulOptionsT()
    options.adjX, options.adjY = transposed, False
    if transposed:
        weights_t = w.tensor("weights_t", [HEADS, N, N], types.INT8, [qp["weights"][0]], [qp["weights"][1]])
        w.op(ops.TRANSPOSE, 2, [weights, swap], [weights_t], kinds.TransposeOptions,
             tfl.TransposeOptions.TransposeOptionsT())
        weights = weights_t
    w.op(ops.BATCH_MATMUL, 1, [weights, split["v"]], [heads_out], kinds.BatchMatMulOptions, options)
    back = w.tensor("heads_back", [N, HEADS, D_K], types.INT8, [qp["heads_out"][0]], [qp["heads_out"][1]])
    w.op(ops.TRANSPOSE, 2, [heads_out, perm], [back], kinds.TransposeOptions, tfl.TransposeOptions.TransposeOptionsT())
    merged = act("merged", [N, D])
    shape2 = const_int32("merged_shape", [N, D])
    options = tfl.ReshapeOptions.ReshapeOptionsT()
    options.newShape = [N, D]
    w.op(ops.RESHAPE, 1, [back, shape2], [merged], kinds.ReshapeOptions, options)
    attention = dense("attention", merged, "merged", p["w_o"], p["b_o"])

    def binary(builtin, version, name, a, b, shape, options_type, options):
        out = act(name, shape)
        w.op(builtin, version, [a, b], [out], options_type, options)
        return out

    add_options = tfl.AddOptions.AddOptionsT
    residual = binary(ops.ADD, 1, "residual", x, attention, [N, D], kinds.AddOptions, add_options())
    axis = const_int32("axis", [1])
    reducer = tfl.ReducerOptions.ReducerOptionsT()
    reducer.keepDims = True
    mean = binary(ops.MEAN, 2, "mean", residual, axis, [N, 1], kinds.ReducerOptions, reducer)
    squared = binary(ops.SQUARED_DIFFERENCE, 2, "squared", residual, mean, [N, D], kinds.SquaredDifferenceOptions,
                     tfl.SquaredDifferenceOptions.SquaredDifferenceOptionsT())
    variance = binary(ops.MEAN, 2, "variance", squared, axis, [N, 1], kinds.ReducerOptions, reducer)
    eps_scale = f32(p["epsilon"] / 127.0)
    eps = w.tensor("epsilon", [], types.INT8, [eps_scale], [0], int8_bytes([127]))
    variance_eps = binary(ops.ADD, 1, "variance_eps", variance, eps, [N, 1], kinds.AddOptions, add_options())
    rs = act("rsqrt", [N, 1])
    w.op(ops.RSQRT, 2, [variance_eps], [rs])
    centered = binary(ops.SUB, 2, "centered", residual, mean, [N, D], kinds.SubOptions, tfl.SubOptions.SubOptionsT())
    normalized = binary(ops.MUL, 1, "normalized", centered, rs, [N, D], kinds.MulOptions, tfl.MulOptions.MulOptionsT())
    g_scale = f32(max(abs(v) for v in p["gamma"]) / 127.0)
    gamma = w.tensor("gamma", [D], types.INT8, [g_scale], [0], int8_bytes(quantize_values(p["gamma"], g_scale, 0)))
    scaled_norm = binary(ops.MUL, 1, "scaled_norm", normalized, gamma, [N, D], kinds.MulOptions,
                         tfl.MulOptions.MulOptionsT())
    b_scale = f32(max(abs(v) for v in p["beta"]) / 127.0)
    beta = w.tensor("beta", [D], types.INT8, [b_scale], [0], int8_bytes(quantize_values(p["beta"], b_scale, 0)))
    norm = binary(ops.ADD, 1, "norm", scaled_norm, beta, [N, D], kinds.AddOptions, add_options())
    relu = tfl.ActivationFunctionType.ActivationFunctionType.RELU
    ff1 = dense("ff1", norm, "norm", p["w_1"], p["b_1"], activation=relu)
    ff2 = dense("ff2", ff1, "ff1", p["w_2"], p["b_2"])
    out = binary(ops.ADD, 1, "out", norm, ff2, [N, D], kinds.AddOptions, add_options())
    y = w.tensor("output", [N, D], types.FLOAT32)
    w.op(ops.DEQUANTIZE, 2, [out], [y])
    return w.finish([x_float], [y], "cta: an int8 Transformer encoder block (tests/tflite/write_blocks.py)")


# One encoder layer of the width of a small real model: 16 tokens of 64, 4 heads, feed-forward 256.
WIDE = Dims(16, 64, 4, 256, spread=math.sqrt(8 / 64), ff_spread=math.sqrt(16 / 256))


def activations(tfl):
    """int8 LOGISTIC and TANH of every int8 value, for three input quantizations: inputs x0, x1, x2 of 256 elements
    (scale 1/10 with zero point 0, 1/50 with -20, 1/16 with 5); outputs TANH(x0), LOGISTIC(x0), TANH(x1), ... with
    the quantizations TensorFlow Lite gives them (TANH 1/128 and 0, LOGISTIC 1/256 and -128)."""
    ops = tfl.BuiltinOperator.BuiltinOperator
    types = tfl.TensorType.TensorType
    w = Writer(tfl)
    inputs, outputs = [], []
    for k, (scale, zero_point) in enumerate(((0.1, 0), (0.02, -20), (0.0625, 5))):
        x = w.tensor("x%d" % k, [256], types.INT8, [f32(scale)], [zero_point])
        inputs.append(x)
        t = w.tensor("tanh%d" % k, [256], types.INT8, [1.0 / 128.0], [0])
        w.op(ops.TANH, 1, [x], [t])
        lg = w.tensor("logistic%d" % k, [256], types.INT8, [1.0 / 256.0], [-128])
        w.op(ops.LOGISTIC, 2, [x], [lg])
        outputs += [t, lg]
    return w.finish(inputs, outputs, "cta: int8 LOGISTIC and TANH on every int8 value (tests/tflite/write_blocks.py)")


def self_attention(tfl):
    """One head of int8 self-attention, int8 input and output (the layer `cta::quantized::self_attention` computes
    from a converted model's parameters): x [4, 8] -> Q, K [4, 4] and V [4, 6] by FULLY_CONNECTED (per-channel
    weights, int32 biases; 1/sqrt(4) folded into W_Q and b_Q, as a converter folds a constant factor into a layer)
    -> the scores Q K^T by BATCH_MATMUL with adj_y -> SOFTMAX -> the outputs by BATCH_MATMUL of the weights and V."""
    rng = random.Random(20261208)
    d_in, d_k, d_v = 8, 4, 6
    factor = 1.0 / math.sqrt(d_k)
    p = {"w_q": [[f32(v * factor) for v in row] for row in random_matrix(rng, d_k, d_in, 0.7)],
         "w_k": random_matrix(rng, d_k, d_in, 0.7), "w_v": random_matrix(rng, d_v, d_in, 0.7)}
    p["b_q"] = [f32(rng.uniform(-0.3, 0.3) * factor) for _ in range(d_k)]
    p["b_k"] = [f32(rng.uniform(-0.3, 0.3)) for _ in range(d_k)]
    p["b_v"] = [f32(rng.uniform(-0.3, 0.3)) for _ in range(d_v)]
    calibration = [random_matrix(rng, N, d_in, 2.0) for _ in range(16)]

    def run(x):
        t = {"x": x}
        for name in ("q", "k", "v"):
            t[name] = matmul_t(x, p["w_" + name], p["b_" + name])
        t["scores"] = [[sum(a * b for a, b in zip(qi, kj)) for kj in t["k"]] for qi in t["q"]]
        weights = softmax_rows(t["scores"])
        t["outputs"] = [[sum(weights[i][j] * t["v"][j][c] for j in range(N)) for c in range(d_v)] for i in range(N)]
        return t

    qp = calibrated([run(x) for x in calibration])
    w = Writer(tfl)
    x = w.activation("x", [N, d_in], qp["x"])
    q, k, v = (w.dense(name, x, qp["x"][0], p["w_" + name], p["b_" + name], ([N, len(p["w_" + name])], qp[name]))
               for name in ("q", "k", "v"))
    outputs = attention_products(tfl, w, q, k, v, [N, N], [N, d_v], qp, "outputs")
    return w.finish([x], [outputs], "cta: one head of int8 self-attention (tests/tflite/write_blocks.py)")


def attention_products(tfl, w, q, k, v, scores_shape, outputs_shape, qp, outputs_name):
    """The scores Q K^T (BATCH_MATMUL with adj_y), the weights (SOFTMAX) and their product with V (BATCH_MATMUL),
    each quantized as qp says: the outputs' tensor."""
    ops = tfl.BuiltinOperator.BuiltinOperator
    kinds = tfl.BuiltinOptions.BuiltinOptions
    scores = w.activation("scores", scores_shape, qp["scores"])
    options = tfl.BatchMatMulOptions.BatchMatMulOptionsT()
    options.adjX, options.adjY = False, True
    w.op(ops.BATCH_MATMUL, 1, [q, k], [scores], kinds.BatchMatMulOptions, options)
    weights = w.activation("weights", scores_shape, qp["weights"])
    options = tfl.SoftmaxOptions.SoftmaxOptionsT()
    options.beta = 1.0
    w.op(ops.SOFTMAX, 1, [scores], [weights], kinds.SoftmaxOptions, options)
    outputs = w.activation(outputs_name, outputs_shape, qp[outputs_name])
    options = tfl.BatchMatMulOptions.BatchMatMulOptionsT()
    options.adjX, options.adjY = False, False
    w.op(ops.BATCH_MATMUL, 1, [weights, v], [outputs], kinds.BatchMatMulOptions, options)
    return outputs


def multi_head_attention(tfl):
    """Two heads of int8 self-attention with the output projection, int8 input and output (the layer
    `cta::quantized::multi_head_self_attention` computes from a converted model's parameters): x [4, 8] -> Q, K, V
    [4, 8] by FULLY_CONNECTED (per-channel weights, int32 biases; 1/sqrt(4) folded into W_Q and b_Q) -> the heads by
    RESHAPE [4, 2, 4] and TRANSPOSE [2, 4, 4] -> the scores by BATCH_MATMUL with adj_y -> SOFTMAX -> the heads'
    outputs by BATCH_MATMUL -> TRANSPOSE and RESHAPE back to [4, 8] -> the outputs by FULLY_CONNECTED with W_O."""
    rng = random.Random(20261209)
    ops = tfl.BuiltinOperator.BuiltinOperator
    kinds = tfl.BuiltinOptions.BuiltinOptions
    factor = 1.0 / math.sqrt(D_K)
    p = {"w_q": [[f32(v * factor) for v in row] for row in random_matrix(rng, D, D, 0.7)]}
    for name in ("k", "v", "o"):
        p["w_" + name] = random_matrix(rng, D, D, 0.7)
    p["b_q"] = [f32(rng.uniform(-0.3, 0.3) * factor) for _ in range(D)]
    for name in ("k", "v", "o"):
        p["b_" + name] = [f32(rng.uniform(-0.3, 0.3)) for _ in range(D)]
    calibration = [random_matrix(rng, N, D, 2.0) for _ in range(16)]

    def run(x):
        t = {"x": x}
        for name in ("q", "k", "v"):
            t[name] = matmul_t(x, p["w_" + name], p["b_" + name])
        qh, kh, vh = heads(t["q"]), heads(t["k"]), heads(t["v"])
        t["scores"] = [[[sum(qh[h][i][c] * kh[h][j][c] for c in range(D_K)) for j in range(N)] for i in range(N)]
                       for h in range(HEADS)]
        weights = [softmax_rows(m) for m in t["scores"]]
        o = [[[sum(weights[h][i][j] * vh[h][j][c] for j in range(N)) for c in range(D_K)] for i in range(N)]
             for h in range(HEADS)]
        t["heads_out"] = o
        t["o"] = matmul_t(merge(o), p["w_o"], p["b_o"])
        return t

    qp = calibrated([run(x) for x in calibration])
    w = Writer(tfl)
    x = w.activation("x", [N, D], qp["x"])
    shape3 = w.const_int32("heads_shape", [N, HEADS, D_K])
    perm = w.const_int32("heads_perm", [1, 0, 2])
    split = {}
    for name in ("q", "k", "v"):
        t = w.dense(name, x, qp["x"][0], p["w_" + name], p["b_" + name], ([N, D], qp[name]))
        r = w.activation(name + "_split", [N, HEADS, D_K], qp[name])
        options = tfl.ReshapeOptions.ReshapeOptionsT()
        options.newShape = [N, HEADS, D_K]
        w.op(ops.RESHAPE, 1, [t, shape3], [r], kinds.ReshapeOptions, options)
        split[name] = w.activation(name + "h", [HEADS, N, D_K], qp[name])
        w.op(ops.TRANSPOSE, 2, [r, perm], [split[name]], kinds.TransposeOptions,
             tfl.TransposeOptions.TransposeOptionsT())
    heads_out = attention_products(tfl, w, split["q"], split["k"], split["v"], [HEADS, N, N], [HEADS, N, D_K], qp,
                                   "heads_out")
    back = w.activation("heads_back", [N, HEADS, D_K], qp["heads_out"])
    w.op(ops.TRANSPOSE, 2, [heads_out, perm], [back], kinds.TransposeOptions, tfl.TransposeOptions.TransposeOptionsT())
    merged = w.activation("merged", [N, D], qp["heads_out"])
    options = tfl.ReshapeOptions.ReshapeOptionsT()
    options.newShape = [N, D]
    w.op(ops.RESHAPE, 1, [back, w.const_int32("merged_shape", [N, D])], [merged], kinds.ReshapeOptions, options)
    out = w.dense("o", merged, qp["heads_out"][0], p["w_o"], p["b_o"], ([N, D], qp["o"]))
    return w.finish([x], [out], "cta: two heads of int8 self-attention and W_O (tests/tflite/write_blocks.py)")


def int16_ops(tfl):
    """int16 MUL, SOFTMAX, MEAN and SQUARED_DIFFERENCE as TensorFlow Lite's 16x8 quantization has them (zero points
    0): inputs a and b of 4 x 64 and c of 64; outputs a * b, a * c (c broadcast over the rows), softmax(a) over each
    row of 64 (scale 1/32768), the mean of each row of a (4 x 1, scale 1/32768) and of each column (64, scale
    3/32768), (a - b)^2 (scale 32/32768: from a difference of about 5.7 on, the int16 range's end) and (a - c)^2 (c
    broadcast, scale 16/32768)."""
    ops = tfl.BuiltinOperator.BuiltinOperator
    types = tfl.TensorType.TensorType
    kinds = tfl.BuiltinOptions.BuiltinOptions
    w = Writer(tfl)
    a = w.tensor("a", [4, 64], types.INT16, [f32(4.0 / 32768)], [0])
    b = w.tensor("b", [4, 64], types.INT16, [f32(3.0 / 32768)], [0])
    c = w.tensor("c", [64], types.INT16, [f32(0.5 / 32768)], [0])
    ab = w.tensor("a_times_b", [4, 64], types.INT16, [f32(6.0 / 32768)], [0])
    w.op(ops.MUL, 4, [a, b], [ab], kinds.MulOptions, tfl.MulOptions.MulOptionsT())
    ac = w.tensor("a_times_c", [4, 64], types.INT16, [f32(1.0 / 32768)], [0])
    w.op(ops.MUL, 4, [a, c], [ac], kinds.MulOptions, tfl.MulOptions.MulOptionsT())
    sa = w.tensor("softmax_a", [4, 64], types.INT16, [1.0 / 32768], [0])
    options = tfl.SoftmaxOptions.SoftmaxOptionsT()
    options.beta = 1.0
    w.op(ops.SOFTMAX, 3, [a], [sa], kinds.SoftmaxOptions, options)
    reducer = tfl.ReducerOptions.ReducerOptionsT()
    reducer.keepDims = True
    rows_mean = w.tensor("mean_of_rows", [4, 1], types.INT16, [f32(1.0 / 32768)], [0])
    w.op(ops.MEAN, 2, [a, w.const_int32("last_axis", [-1])], [rows_mean], kinds.ReducerOptions, reducer)
    reducer = tfl.ReducerOptions.ReducerOptionsT()
    columns_mean = w.tensor("mean_of_columns", [64], types.INT16, [f32(3.0 / 32768)], [0])
    w.op(ops.MEAN, 2, [a, w.const_int32("first_axis", [0])], [columns_mean], kinds.ReducerOptions, reducer)
    ab2 = w.tensor("a_minus_b_squared", [4, 64], types.INT16, [f32(32.0 / 32768)], [0])
    w.op(ops.SQUARED_DIFFERENCE, 1, [a, b], [ab2], kinds.SquaredDifferenceOptions,
         tfl.SquaredDifferenceOptions.SquaredDifferenceOptionsT())
    ac2 = w.tensor("a_minus_c_squared", [4, 64], types.INT16, [f32(16.0 / 32768)], [0])
    w.op(ops.SQUARED_DIFFERENCE, 1, [a, c], [ac2], kinds.SquaredDifferenceOptions,
         tfl.SquaredDifferenceOptions.SquaredDifferenceOptionsT())
    return w.finish([a, b, c], [ab, ac, sa, rows_mean, columns_mean, ab2, ac2],
                    "cta: int16 MUL, SOFTMAX, MEAN and SQUARED_DIFFERENCE (tests/tflite/write_blocks.py)")


def int16_bytes(values):
    out = []
    for v in values:
        out += list((v & 0xFFFF).to_bytes(2, "little"))
    return out


def int64_bytes(values):
    out = []
    for v in values:
        out += list((v & 0xFFFFFFFFFFFFFFFF).to_bytes(8, "little"))
    return out


def int16_products(tfl):
    """int16 FULLY_CONNECTED and BATCH_MATMUL (TensorFlow Lite's 16x8 quantization: int16 activations with zero
    point 0, int8 weights).

    FULLY_CONNECTED of the input x (4 x 32, scale 4/32768) into four outputs of 4 x 16, 4 x 8, 4 x 8 and 4 x 8, each
    with sums of another type: (1) weights per channel and an int64 bias (64-bit sums), no activation; (2) weights
    per tensor and an int32 bias (32-bit sums), RELU; (3) weights per channel, no bias (64-bit sums, the options'
    default), RELU6; (4) weights per tensor, no bias and the options' quantized_bias_type INT32 (32-bit sums), no
    activation. BATCH_MATMUL (64-bit sums) of the inputs a (2 x 4 x 16, scale 2/32768), b (2 x 16 x 8, 1/32768),
    c (2 x 8 x 16) and d (2 x 16 x 4) and the constant e (16 x 8): a b, a c^T (adj_y), d^T b (adj_x) and a e (e
    broadcast over the batch), each 2 x 4 x 8 of scale 16/32768. The outputs' scales 32/32768 and 16/32768: the
    first line's extremes saturate some sums."""
    ops = tfl.BuiltinOperator.BuiltinOperator
    types = tfl.TensorType.TensorType
    kinds = tfl.BuiltinOptions.BuiltinOptions
    acts = tfl.ActivationFunctionType.ActivationFunctionType
    rng = random.Random(20261214)
    w = Writer(tfl)
    in_scale = f32(4.0 / 32768)
    x = w.tensor("x", [4, 32], types.INT16, [in_scale], [0])
    outputs = []
    cases = (("per_channel_int64_bias", 16, True, "int64", acts.NONE, 32.0),
             ("per_tensor_int32_bias", 8, False, "int32", acts.RELU, 16.0),
             ("per_channel_no_bias", 8, True, None, acts.RELU6, 16.0),
             ("per_tensor_no_bias_int32_sums", 8, False, None, acts.NONE, 32.0))
    for name, out_depth, per_channel, bias_kind, activation, out_range in cases:
        weights = random_matrix(rng, out_depth, 32, 1.0)
        if per_channel:
            scales, qw = symmetric_rows(weights)
        else:
            s = f32(max(abs(v) for row in weights for v in row) / 127.0)
            scales, qw = [s], [[max(-127, min(127, round_away(v / s))) for v in row] for row in weights]
        wt = w.tensor(name + "/weights", [out_depth, 32], types.INT8, scales, [0] * len(scales),
                      int8_bytes([v for row in qw for v in row]), axis=0)
        inputs = [x, wt]
        if bias_kind is not None:
            bias = [f32(rng.uniform(-1.0, 1.0)) for _ in range(out_depth)]
            bias_scales = [f32(in_scale * scales[c if per_channel else 0]) for c in range(out_depth)]
            qb = [round_away(b / s) for b, s in zip(bias, bias_scales)]
            kind, data = (types.INT64, int64_bytes(qb)) if bias_kind == "int64" else (types.INT32, int32_bytes(qb))
            inputs.append(w.tensor(name + "/bias", [out_depth], kind,
                                   bias_scales if per_channel else bias_scales[:1],
                                   [0] * (out_depth if per_channel else 1), data, axis=0))
        else:
            inputs.append(-1)
        y = w.tensor(name, [4, out_depth], types.INT16, [f32(out_range / 32768)], [0])
        options = tfl.FullyConnectedOptions.FullyConnectedOptionsT()
        options.fusedActivationFunction = activation
        version = 7
        if name.endswith("int32_sums"):
            options.quantizedBiasType = types.INT32
            version = 11
        w.op(ops.FULLY_CONNECTED, version, inputs, [y], kinds.FullyConnectedOptions, options)
        outputs.append(y)
    a = w.tensor("a", [2, 4, 16], types.INT16, [f32(2.0 / 32768)], [0])
    b = w.tensor("b", [2, 16, 8], types.INT16, [f32(1.0 / 32768)], [0])
    c = w.tensor("c", [2, 8, 16], types.INT16, [f32(1.0 / 32768)], [0])
    d = w.tensor("d", [2, 16, 4], types.INT16, [f32(2.0 / 32768)], [0])
    e_values = [rng.randint(-32768, 32767) for _ in range(16 * 8)]
    e = w.tensor("e", [16, 8], types.INT16, [f32(1.0 / 32768)], [0], int16_bytes(e_values))
    for name, lhs, rhs, adj_x, adj_y in (("a_b", a, b, False, False), ("a_c_adj_y", a, c, False, True),
                                         ("d_b_adj_x", d, b, True, False), ("a_e", a, e, False, False)):
        y = w.tensor(name, [2, 4, 8], types.INT16, [f32(16.0 / 32768)], [0])
        options = tfl.BatchMatMulOptions.BatchMatMulOptionsT()
        options.adjX = adj_x
        options.adjY = adj_y
        w.op(ops.BATCH_MATMUL, 3, [lhs, rhs], [y], kinds.BatchMatMulOptions, options)
        outputs.append(y)
    return w.finish([x, a, b, c, d], outputs,
                    "cta: int16 FULLY_CONNECTED and BATCH_MATMUL (tests/tflite/write_blocks.py)")


# GELU's cases: input scale and zero point, output scale and zero point (gelu/tables.sh has the same four).
GELU_CASES = ((0.0625, 0, 0.0318, -123), (0.05, 10, 0.025, -121), (0.1, -20, 0.05, -125), (0.02, -5, 0.011, -111))


def gelu(tfl):
    """int8 GELU of every int8 value, for four quantizations (GELU_CASES): inputs x0 to x3 of 256 elements, outputs
    GELU(x0), GELU(x0) approximate (the tanh form), GELU(x1), ..., quantized as each case says."""
    ops = tfl.BuiltinOperator.BuiltinOperator
    types = tfl.TensorType.TensorType
    kinds = tfl.BuiltinOptions.BuiltinOptions
    w = Writer(tfl)
    inputs, outputs = [], []
    for k, (scale, zero_point, out_scale, out_zero_point) in enumerate(GELU_CASES):
        x = w.tensor("x%d" % k, [256], types.INT8, [f32(scale)], [zero_point])
        inputs.append(x)
        for approximate in (False, True):
            name = ("gelu_approximate%d" if approximate else "gelu%d") % k
            y = w.tensor(name, [256], types.INT8, [f32(out_scale)], [out_zero_point])
            options = tfl.GeluOptions.GeluOptionsT()
            options.approximate = approximate
            w.op(ops.GELU, 1, [x], [y], kinds.GeluOptions, options)
            outputs.append(y)
    return w.finish(inputs, outputs, "cta: int8 GELU on every int8 value (tests/tflite/write_blocks.py)")


BLOCKS = {"activations_int8": activations,
          "encoder_block_int8": encoder_block,
          "encoder_block_adj_x_int8": lambda tfl: encoder_block(tfl, transposed=True),
          "encoder_block_d64_int8": lambda tfl: encoder_block(tfl, dm=WIDE, seed=20261210),
          "gelu_int8": gelu,
          "int16_ops": int16_ops,
          "int16_products": int16_products,
          "multi_head_attention_int8": multi_head_attention,
          "self_attention_int8": self_attention}


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("--flatc", required=True)
    parser.add_argument("--schema", required=True)
    parser.add_argument("--work", required=True)
    parser.add_argument("--out")
    parser.add_argument("--check")
    args = parser.parse_args()
    work = pathlib.Path(args.work)
    try:
        import flatbuffers  # noqa: F401
        reference_dump.generate(args.flatc, args.schema, work, object_api=True)
    except (ImportError, FileNotFoundError) as e:
        if args.check:
            print("skipped: %s" % e)
            sys.exit(77)
        raise
    import importlib
    names = ["Buffer", "Tensor", "QuantizationParameters", "OperatorCode", "Operator", "SubGraph", "Model",
             "BuiltinOperator", "TensorType", "BuiltinOptions", "FullyConnectedOptions", "ReshapeOptions",
             "TransposeOptions", "BatchMatMulOptions", "MulOptions", "SoftmaxOptions", "AddOptions", "SubOptions",
             "ReducerOptions", "SquaredDifferenceOptions", "ActivationFunctionType", "GeluOptions"]

    class Schema:
        pass

    tfl = Schema()
    for n in names:
        setattr(tfl, n, importlib.import_module("tflite." + n))
    out = work / "blocks" if args.check else pathlib.Path(args.out)
    out.mkdir(parents=True, exist_ok=True)
    for name, make in BLOCKS.items():
        (out / (name + ".tflite")).write_bytes(make(tfl))
    if args.check:
        committed = pathlib.Path(args.check)
        differ = [n for n in BLOCKS if not (committed / (n + ".tflite")).is_file() or
                  (out / (n + ".tflite")).read_bytes() != (committed / (n + ".tflite")).read_bytes()]
        if differ:
            print("blocks differ from what write_blocks.py writes now: " + ", ".join(n + ".tflite" for n in differ))
            sys.exit(1)
        print("blocks as written: " + ", ".join(n + ".tflite" for n in BLOCKS))


if __name__ == "__main__":
    main()
