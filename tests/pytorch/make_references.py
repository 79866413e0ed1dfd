#!/usr/bin/env python3
# SPDX-License-Identifier: BSL-1.0
"""Writes the PyTorch reference data of tests/pytorch/data/: small torch.nn modules with their weights, inputs and
PyTorch's outputs, for checking cta's layers against PyTorch's. The files are written with
tools/weights/write_weights.py (the safetensors library is not needed); only the computation needs PyTorch (Debian's
python3-torch, 1.13, the version the committed files were written with).

Usage: /usr/bin/python3 tests/pytorch/make_references.py [--check] [--data-dir DIR] [--self-test-mutation]
  (no option)            writes data/ (removing files of data/ it does not write), data/manifest.txt and
                         data/cases.hpp
  --check                writes nothing; compares what it would write with data/ (or DIR); exit status 0 when the
                         files are current, 1 naming the first file and tensor that differ, 77 without PyTorch
  --self-test-mutation   copies data/ into a temporary directory, changes one bit of a weight there, runs --check on
                         the copy and exits with 0 when that check fails naming the file and the tensor, 1 otherwise
  --spread               prints how far each float32 output is from the float64 one (OUTPUT_ULPS's measure)

The files, for each case <case> (its name ends with its dtype, _f64 or _f32):
  - <case>.safetensors: the module's state_dict, exactly, by PyTorch's names (weight, bias; self_attn.in_proj_weight,
    layers.1.linear2.bias...), so that a loader can require every name it expects and no other; metadata
    {"format": "pt"}. A module without parameters (LayerNorm with elementwise_affine=False) has a file without
    tensors.
  - <case>.io.safetensors: the inputs of the call, masks included, by the names of forward()'s parameters (input,
    query, key, value, attn_mask, key_padding_mask, src, src_mask, src_key_padding_mask, tgt, memory, tgt_mask,
    mask, tgt_key_padding_mask, memory_key_padding_mask), and PyTorch's outputs (output; for MultiheadAttention
    attn_output and attn_output_weights); metadata "inputs" and "outputs", the names in call order.
  - manifest.txt: one line per case: its name, dtype, seed, the module's class and constructor arguments, the call,
    and the name, dtype and shape of each tensor of its two files.
  - cases.hpp: the same for the C++ tests, one struct per case: the module as <cta/pytorch/nn.hpp> names it, the
    case's two files as the arrays of bytes cta_add_weights(... BYTES ...) declares, and the call's sizes and masks.

Dtypes: each case is written twice, in float64 (F64, the module converted with module.double()) and float32 (F32,
the same module and inputs converted with .float(), each value rounded once to nearest); both run in PyTorch in their
own dtype, so the _f32 case's outputs are float32 computations, not the float64 ones rounded. Token ids
(Embedding's input) are I64. Boolean masks are U8, 1 for True and 0 for False; float masks have the case's dtype.
Tensors keep PyTorch's shapes and row-major order: a sequence is (L, N, E) when batch_first is False and (N, L, E)
when it is True; MultiheadAttention's averaged attn_output_weights are (N, L, S).

The masks' meanings are PyTorch's: a boolean attn_mask (src_mask, tgt_mask, mask) is True (1) where attention is
NOT allowed (-inf is added to that score), of shape (L, S), L the queries and S the keys; a float attn_mask is
added to the scores; a key_padding_mask (src_key_padding_mask, tgt_key_padding_mask, memory_key_padding_mask) of
shape (N, S) is True (1) at the keys to ignore. The causal masks are True above the diagonal (key j > query i;
for L queries on S > L keys, j > i + S - L); the padding masks ignore the last keys of a sequence, and no row of a
case has every key masked, so that no softmax is over nothing.

Parameters and inputs: every case seeds PyTorch's generator (torch.manual_seed(seed)) after building the module and
converting it to float64, and draws every parameter again, in the order of named_modules() then of each module's
parameters, uniformly: LayerNorm's weight in [0.5, 1.5) and bias in [-0.5, 0.5), Embedding's weight in [-1, 1),
every other matrix in [-1/sqrt(cols), 1/sqrt(cols)) (nn.Linear's default bound) and every other bias in
[-0.5, 0.5); then the inputs in forward()'s order, uniform in [-1, 1) (float masks in [-2, 2), token ids uniform
in [0, num_embeddings)). PyTorch's own initialisation is not kept: it sets LayerNorm's gains and biases and
MultiheadAttention's biases to constants (1 and 0, which would not test them), gives the N layers of
nn.TransformerEncoder and nn.TransformerDecoder the same weights (they are copies of one layer), and draws
Embedding's weight with normal_, whose float32 kernel differs by processor (AVX2 or not). A uniform value is
torch.rand's (a 53-bit draw of the Mersenne Twister, element by element) scaled and shifted by two float64
operations (uniform() says why not Tensor.uniform_), so the weights and inputs are the same bits on every machine.
The _zero_bias cases then set every bias (Linear's, MultiheadAttention's in_proj_bias, LayerNorm's) to zero with
torch.nn.init.zeros_, as PyTorch 1.13 has no bias=False for these layers; the names stay in the state_dict.

The computation: torch.set_num_threads(1), torch.use_deterministic_algorithms(True), module.eval() (dropout does
nothing). PyTorch 1.13 has fast paths in eval mode that do not run the modules' Python code
(torch/nn/modules/activation.py and transformer.py): nn.MultiheadAttention calls torch._native_multi_head_attention
for a self-attention (query, key and value one tensor) with batch_first=True, an even number of heads, no attn_mask,
no bias_k and dropout 0; nn.TransformerEncoderLayer calls torch._transformer_encoder_layer_fwd when batch_first=True,
src_mask is None, the heads are even and both LayerNorms have the same eps; and nn.TransformerEncoder, under those
conditions on its first layer with norm_first=False, a src_key_padding_mask and no mask, turns the input into a
nested tensor and puts 0 at the padded positions (before the final norm) instead of what the layers compute there.
Each is taken only when gradients are off (torch.no_grad()) or no argument requires one. Under torch.no_grad() four
cases here would take one (mha_self_e16_h8_padding_bf, encoder_layer_post_gelu_d16_h4_ff32_eps1e-3_padding_bf,
encoder_layer_post_relu_d16_h8_ff32_bf, and encoder_2_post_relu_d8_h2_ff16_norm_padding_bf, whose outputs at the
padded positions then differ by up to 1.7), and the first three give float32 outputs that differ from the math
path's in the last bits (the float64 ones too, in the last bit). Here the forward runs with gradients on and the parameters requiring them (PyTorch's
defaults), so no fast path is taken and the outputs are those of the modules' Python code
(F.multi_head_attention_forward, the layers' _sa_block, _mha_block and _ff_block); the three fast-path functions are
replaced by ones that raise while the references are computed, so that a fast path taken would stop the script.

Regenerate with `/usr/bin/python3 tests/pytorch/make_references.py` (the test pytorch.references_current runs it
with --check).
"""

import argparse
import copy
import json
import math
import os
import shutil
import struct
import subprocess
import sys
import tempfile

try:
    import torch
except ImportError:  # the tests pytorch.* are skipped (return code 77)
    print("make_references.py: PyTorch (python3-torch) cannot be imported by " + sys.executable, file=sys.stderr)
    sys.exit(77)

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.dirname(os.path.dirname(HERE))
DATA = os.path.join(HERE, "data")
sys.path.insert(0, os.path.join(ROOT, "tools", "weights"))
import write_weights as ww  # noqa: E402

nn = torch.nn

# The bound of --check for the outputs, in ulps of the output's dtype at the largest magnitude of the tensor. The
# weights and inputs must be the same bits on every machine, but the outputs come from PyTorch's CPU kernels, which
# are not the same code everywhere: its matrix products call the BLAS it is linked with (Debian's libblas.so.3 is
# the reference BLAS or OpenBLAS, whichever is installed, and OpenBLAS picks its kernels by processor), and its
# softmax, LayerNorm, GELU and sums are vectorised per processor (AVX2, AVX-512 or none: ATEN_CPU_CAPABILITY). They
# add the same terms in another order, which changes a result by a few rounding errors of its terms, not of the
# result: where terms cancel, a small element can change by many of its own ulps. So the difference of each element
# is measured in ulps of the tensor's largest magnitude. Each float32 output here is within 3.4 such ulps of the
# float64 one (make_references.py --spread), so two orders of evaluation should give outputs within about 7 of each
# other; 8 are accepted. Measured: the reference BLAS or OpenBLAS 0.3.21 (its Prescott, Sandybridge, Haswell, SkylakeX
# and Cooperlake kernels) with PyTorch's default, AVX2 and AVX-512 kernels differ from the files by at most 4.
OUTPUT_ULPS = 8

DTYPES = {"F64": torch.float64, "F32": torch.float32}


# ---- the cases ---------------------------------------------------------------------------------------------------

class Case:
    """One module, its call and its data in one dtype."""

    def __init__(self, name, dtype, seed, ctor, call, state, inputs, outputs):
        self.name = name
        self.dtype = dtype
        self.seed = seed
        self.ctor = ctor          # "nn.Linear(in_features=5,out_features=3,bias=True)"
        self.call = call          # "module(input)"
        self.state = state        # [(name, safetensors dtype, shape, flat values)] in state_dict order
        self.inputs = inputs      # the same, for the inputs
        self.outputs = outputs    # the same, for the outputs

    def state_bytes(self):
        return ww.safetensors_bytes(_spec(self.state), metadata={"format": "pt"})

    def io_bytes(self):
        metadata = {"inputs": ",".join(t[0] for t in self.inputs), "outputs": ",".join(t[0] for t in self.outputs)}
        return ww.safetensors_bytes(_spec(self.inputs + self.outputs), metadata=metadata)

    def manifest_line(self):
        def listing(tensors):
            return ",".join(f"{n}:{d}[{','.join(str(s) for s in shape)}]" for n, d, shape, _ in tensors) or "-"
        return (f"{self.name} dtype={self.dtype} seed={self.seed} module={self.ctor} call={self.call} "
                f"state={listing(self.state)} inputs={listing(self.inputs)} outputs={listing(self.outputs)}")


def _spec(tensors):
    return {n: (d, shape, values) for n, d, shape, values in tensors}


def _record(name, t, dtype_name):
    """(name, safetensors dtype, shape, flat row-major values) of the tensor t."""
    t = t.detach().contiguous()
    if t.dtype == torch.bool:
        return (name, "U8", tuple(t.shape), [int(v) for v in t.reshape(-1).tolist()])
    if t.dtype == torch.int64:
        return (name, "I64", tuple(t.shape), t.reshape(-1).tolist())
    assert t.dtype == DTYPES[dtype_name], (name, t.dtype)
    values = t.reshape(-1).tolist()
    assert all(math.isfinite(v) for v in values), f"{name} is not finite"
    return (name, dtype_name, tuple(t.shape), values)


def redraw(module, zero_bias):
    """Draws every parameter again (the module docstring's rule), then zeroes the biases if asked."""
    with torch.no_grad():
        for _, owner in module.named_modules():
            for pname, p in owner.named_parameters(recurse=False):
                if isinstance(owner, nn.LayerNorm):
                    low, high = (0.5, 1.5) if pname == "weight" else (-0.5, 0.5)
                elif isinstance(owner, nn.Embedding):
                    low, high = -1.0, 1.0
                elif p.dim() == 2:
                    low, high = -1.0 / math.sqrt(p.shape[1]), 1.0 / math.sqrt(p.shape[1])
                else:
                    low, high = -0.5, 0.5
                p.copy_(uniform(p.shape, low, high))
        if zero_bias:
            for pname, p in module.named_parameters():
                if pname.split(".")[-1] in ("bias", "in_proj_bias"):
                    nn.init.zeros_(p)


def uniform(shape, low=-1.0, high=1.0):
    """float64 values uniform in [low, high) from the seeded generator: torch.rand's, k / 2^53 exactly, then scaled
    and shifted by two operations, each rounded once. Not Tensor.uniform_(low, high): its kernel computes
    u * (high - low) + low in one expression, which the compiler contracts into a fused multiply-add in PyTorch's AVX2
    and AVX-512 builds of it and not in the others, so that its values differ by processor when high - low is not a
    power of two (seen with ATEN_CPU_CAPABILITY=default)."""
    return torch.rand(shape, dtype=torch.float64) * (high - low) + low


def causal(n):
    """(n, n) boolean: True above the diagonal (a query may not attend to a later key)."""
    return torch.triu(torch.ones(n, n, dtype=torch.bool), diagonal=1)


def padding(lengths, s):
    """(N, S) boolean: True at the keys past each sequence's length (keys to ignore)."""
    return torch.tensor([[j >= n for j in range(s)] for n in lengths], dtype=torch.bool)


def sequence(n, l, e, batch_first):
    return uniform((n, l, e) if batch_first else (l, n, e))


def ctor_text(cls, **kwargs):
    return f"nn.{cls.__name__}(" + ",".join(f"{k}={v!r}" for k, v in kwargs.items()) + ")"


# A spec is a dict: name and seed; cls and kwargs, the module's class and constructor arguments (for the stacks also
# stack, layers and final_norm); inputs(), which draws the inputs in float64 (masks boolean, token ids int64) in
# forward()'s order after redraw; call, the call as the manifest shows it; forward(module, inputs), the outputs in
# order; zero_bias.

def spec_linear(name, seed, in_features, out_features, bias, input_shape):
    kwargs = dict(in_features=in_features, out_features=out_features, bias=bias)

    def inputs():
        return {"input": uniform(input_shape + (in_features,))}
    return dict(name=name, seed=seed, cls=nn.Linear, kwargs=kwargs, inputs=inputs, call="module(input)",
                forward=lambda m, x: {"output": m(x["input"])})


def spec_layer_norm(name, seed, shape, eps, affine, input_shape):
    kwargs = dict(normalized_shape=shape, eps=eps, elementwise_affine=affine)

    def inputs():
        return {"input": uniform(input_shape + (shape,))}
    return dict(name=name, seed=seed, cls=nn.LayerNorm, kwargs=kwargs, inputs=inputs, call="module(input)",
                forward=lambda m, x: {"output": m(x["input"])})


def spec_embedding(name, seed, num, dim, ids_shape):
    kwargs = dict(num_embeddings=num, embedding_dim=dim)

    def inputs():
        return {"input": torch.randint(0, num, ids_shape, dtype=torch.int64)}
    return dict(name=name, seed=seed, cls=nn.Embedding, kwargs=kwargs, inputs=inputs, call="module(input)",
                forward=lambda m, x: {"output": m(x["input"])})


def spec_mha(name, seed, e, heads, n, l, s=None, kdim=None, vdim=None, bias=True, batch_first=False, mask=None,
             lengths=None):
    """self-attention when s is None (key = value = query, one tensor), else cross-attention of l queries on s keys;
    mask None, "causal" (boolean (l, s)) or "float" ((l, s), added); lengths: a key_padding_mask."""
    kwargs = dict(embed_dim=e, num_heads=heads, bias=bias, add_bias_kv=False)
    if kdim is not None:
        kwargs.update(kdim=kdim, vdim=vdim)
    kwargs["batch_first"] = batch_first
    self_attention = s is None
    s = l if self_attention else s

    def inputs():
        x = {"query": sequence(n, l, e, batch_first)}
        if not self_attention:
            x["key"] = sequence(n, s, kdim or e, batch_first)
            x["value"] = sequence(n, s, vdim or e, batch_first)
        if mask == "causal":
            x["attn_mask"] = causal(l) if self_attention else torch.ones(l, s, dtype=torch.bool).triu(1 + s - l)
        elif mask == "float":
            x["attn_mask"] = uniform((l, s), -2.0, 2.0)
        if lengths is not None:
            x["key_padding_mask"] = padding(lengths, s)
        return x

    args = ["query", "query", "query"] if self_attention else ["query", "key", "value"]
    keywords = [f"{k}={k}" for k in ("attn_mask", "key_padding_mask")
                if (k == "attn_mask" and mask) or (k == "key_padding_mask" and lengths)]
    call = "module(" + ",".join(args + keywords + ["need_weights=True", "average_attn_weights=True"]) + ")"

    def forward(m, x):
        q = x["query"]
        k = q if self_attention else x["key"]
        v = q if self_attention else x["value"]
        out, weights = m(q, k, v, attn_mask=x.get("attn_mask"), key_padding_mask=x.get("key_padding_mask"),
                         need_weights=True, average_attn_weights=True)
        return {"attn_output": out, "attn_output_weights": weights}
    return dict(name=name, seed=seed, cls=nn.MultiheadAttention, kwargs=kwargs, inputs=inputs, call=call,
                forward=forward)


def layer_kwargs(d, heads, ff, activation, eps, norm_first, batch_first):
    kwargs = dict(d_model=d, nhead=heads, dim_feedforward=ff, dropout=0.1, activation=activation)
    if eps is not None:
        kwargs["layer_norm_eps"] = eps
    kwargs.update(batch_first=batch_first, norm_first=norm_first)
    return kwargs


def spec_encoder(name, seed, d, heads, ff, n, l, activation="relu", eps=None, norm_first=False, batch_first=False,
                 causal_mask=False, lengths=None, zero_bias=False, layers=None, final_norm=False):
    """nn.TransformerEncoderLayer, or with layers nn.TransformerEncoder of that many copies (and a final LayerNorm
    of d_model with final_norm)."""
    kwargs = layer_kwargs(d, heads, ff, activation, eps, norm_first, batch_first)
    mask_name = "src_mask" if layers is None else "mask"

    def inputs():
        x = {"src": sequence(n, l, d, batch_first)}
        if causal_mask:
            x[mask_name] = causal(l)
        if lengths is not None:
            x["src_key_padding_mask"] = padding(lengths, l)
        return x

    call = "module(" + ",".join(["src"] + [f"{k}={k}" for k, on in ((mask_name, causal_mask),
                                                                       ("src_key_padding_mask", lengths)) if on]) + ")"

    def forward(m, x):
        return {"output": m(x["src"], x.get(mask_name), src_key_padding_mask=x.get("src_key_padding_mask"))}
    spec = dict(name=name, seed=seed, cls=nn.TransformerEncoderLayer, kwargs=kwargs, inputs=inputs, call=call,
                forward=forward, zero_bias=zero_bias)
    if layers is not None:
        spec.update(stack=nn.TransformerEncoder, layers=layers, final_norm=final_norm)
    return spec


def spec_decoder(name, seed, d, heads, ff, n, l, s, activation="relu", eps=None, norm_first=False, batch_first=False,
                 causal_mask=False, tgt_lengths=None, memory_lengths=None, zero_bias=False, layers=None,
                 final_norm=False):
    """nn.TransformerDecoderLayer of l target positions on s memory positions, or with layers
    nn.TransformerDecoder."""
    kwargs = layer_kwargs(d, heads, ff, activation, eps, norm_first, batch_first)
    keyed = (("tgt_mask", causal_mask), ("tgt_key_padding_mask", tgt_lengths),
             ("memory_key_padding_mask", memory_lengths))

    def inputs():
        x = {"tgt": sequence(n, l, d, batch_first), "memory": sequence(n, s, d, batch_first)}
        if causal_mask:
            x["tgt_mask"] = causal(l)
        if tgt_lengths is not None:
            x["tgt_key_padding_mask"] = padding(tgt_lengths, l)
        if memory_lengths is not None:
            x["memory_key_padding_mask"] = padding(memory_lengths, s)
        return x

    call = "module(" + ",".join(["tgt", "memory"] + [f"{k}={k}" for k, on in keyed if on]) + ")"

    def forward(m, x):
        return {"output": m(x["tgt"], x["memory"], tgt_mask=x.get("tgt_mask"),
                            tgt_key_padding_mask=x.get("tgt_key_padding_mask"),
                            memory_key_padding_mask=x.get("memory_key_padding_mask"))}
    spec = dict(name=name, seed=seed, cls=nn.TransformerDecoderLayer, kwargs=kwargs, inputs=inputs, call=call,
                forward=forward, zero_bias=zero_bias)
    if layers is not None:
        spec.update(stack=nn.TransformerDecoder, layers=layers, final_norm=final_norm)
    return spec


SPECS = [
    # nn.Linear: the name gives out_features x in_features (the weight's shape).
    spec_linear("linear_3x5", 101, 5, 3, True, (4,)),
    spec_linear("linear_8x4", 102, 4, 8, True, (2, 3)),
    spec_linear("linear_6x6_nobias", 103, 6, 6, False, (5,)),
    spec_linear("linear_16x8", 104, 8, 16, True, (1, 8)),
    spec_linear("linear_4x16_nobias", 105, 16, 4, False, (2, 2)),
    # nn.LayerNorm over the last dimension.
    spec_layer_norm("layer_norm_8", 201, 8, 1e-5, True, (2, 5)),
    spec_layer_norm("layer_norm_16_eps1e-3", 202, 16, 1e-3, True, (3,)),
    spec_layer_norm("layer_norm_4_noaffine", 203, 4, 1e-5, False, (6,)),
    spec_layer_norm("layer_norm_12_noaffine_eps1e-2", 204, 12, 1e-2, False, (2, 2)),
    # nn.Embedding: num_embeddings x embedding_dim.
    spec_embedding("embedding_10x4", 301, 10, 4, (2, 5)),
    spec_embedding("embedding_16x8", 302, 16, 8, (7,)),
    # nn.MultiheadAttention: e embed_dim, h heads, q and kv the query and key lengths, b the batch.
    spec_mha("mha_self_e8_h1", 401, 8, 1, n=1, l=4),
    spec_mha("mha_self_e8_h2_causal_bf", 402, 8, 2, n=2, l=5, batch_first=True, mask="causal"),
    spec_mha("mha_self_e16_h4_float_mask", 403, 16, 4, n=2, l=6, mask="float"),
    spec_mha("mha_self_e16_h8_padding_bf", 404, 16, 8, n=2, l=8, batch_first=True, lengths=(8, 5)),
    spec_mha("mha_self_e8_h2_causal_padding", 405, 8, 2, n=2, l=6, mask="causal", lengths=(4, 6)),
    spec_mha("mha_self_e4_h4_len1_bf", 406, 4, 4, n=1, l=1, batch_first=True),
    spec_mha("mha_self_e8_h4_nobias_causal", 407, 8, 4, n=1, l=7, bias=False, mask="causal"),
    spec_mha("mha_cross_e8_h2_q3_kv6_padding", 408, 8, 2, n=2, l=3, s=6, lengths=(6, 2)),
    spec_mha("mha_cross_e16_h4_q5_kv3_float_mask_bf", 409, 16, 4, n=1, l=5, s=3, batch_first=True, mask="float"),
    spec_mha("mha_cross_e8_h8_q2_kv4_causal", 410, 8, 8, n=1, l=2, s=4, mask="causal"),
    spec_mha("mha_kvdim_e8_h2_k6_v4_q4_kv5_bf", 411, 8, 2, n=2, l=4, s=5, kdim=6, vdim=4, batch_first=True),
    spec_mha("mha_kvdim_e16_h8_k12_v10_q3_kv7_padding", 412, 16, 8, n=2, l=3, s=7, kdim=12, vdim=10,
             lengths=(7, 4)),
    spec_mha("mha_kvdim_e8_h4_k4_v12_q6_kv6_nobias_float_mask", 413, 8, 4, n=1, l=6, s=6, kdim=4, vdim=12,
             bias=False, mask="float"),
    # nn.TransformerEncoderLayer: d d_model, h heads, ff dim_feedforward, post (norm_first False) or pre.
    spec_encoder("encoder_layer_post_relu_d8_h2_ff16", 501, 8, 2, 16, n=1, l=5),
    spec_encoder("encoder_layer_pre_gelu_d8_h2_ff16_causal_bf", 502, 8, 2, 16, n=2, l=4, activation="gelu",
                 norm_first=True, batch_first=True, causal_mask=True),
    spec_encoder("encoder_layer_post_gelu_d16_h4_ff32_eps1e-3_padding_bf", 503, 16, 4, 32, n=2, l=6,
                 activation="gelu", eps=1e-3, batch_first=True, lengths=(6, 3)),
    spec_encoder("encoder_layer_pre_relu_d8_h4_ff16_zero_bias_causal_padding", 504, 8, 4, 16, n=2, l=5,
                 norm_first=True, causal_mask=True, lengths=(5, 2), zero_bias=True),
    spec_encoder("encoder_layer_post_relu_d16_h8_ff32_bf", 505, 16, 8, 32, n=1, l=3, batch_first=True),
    spec_encoder("encoder_layer_post_relu_d4_h1_ff8_len1", 506, 4, 1, 8, n=1, l=1),
    # nn.TransformerDecoderLayer: q target positions on kv memory positions.
    spec_decoder("decoder_layer_post_relu_d8_h2_ff16_q4_kv6", 601, 8, 2, 16, n=1, l=4, s=6),
    spec_decoder("decoder_layer_pre_gelu_d8_h4_ff16_q5_kv3_causal_padding_bf", 602, 8, 4, 16, n=2, l=5, s=3,
                 activation="gelu", norm_first=True, batch_first=True, causal_mask=True, memory_lengths=(3, 1)),
    spec_decoder("decoder_layer_post_gelu_d16_h8_ff32_q3_kv7_eps1e-3_causal", 603, 16, 8, 32, n=2, l=3, s=7,
                 activation="gelu", eps=1e-3, causal_mask=True),
    spec_decoder("decoder_layer_pre_relu_d8_h2_ff16_q6_kv4_zero_bias_masks", 604, 8, 2, 16, n=2, l=6, s=4,
                 norm_first=True, causal_mask=True, tgt_lengths=(6, 4), memory_lengths=(2, 4), zero_bias=True),
    # nn.TransformerEncoder and nn.TransformerDecoder of 2 layers, with and without the final LayerNorm.
    spec_encoder("encoder_2_post_relu_d8_h2_ff16_norm_padding_bf", 701, 8, 2, 16, n=2, l=5, batch_first=True,
                 lengths=(5, 3), layers=2, final_norm=True),
    spec_encoder("encoder_2_pre_gelu_d8_h4_ff16_causal", 702, 8, 4, 16, n=1, l=6, activation="gelu",
                 norm_first=True, causal_mask=True, layers=2),
    spec_decoder("decoder_2_post_relu_d8_h2_ff16_q4_kv5_norm_causal_padding_bf", 703, 8, 2, 16, n=2, l=4, s=5,
                 batch_first=True, causal_mask=True, memory_lengths=(5, 3), layers=2, final_norm=True),
    spec_decoder("decoder_2_pre_gelu_d8_h2_ff16_q3_kv4", 704, 8, 2, 16, n=1, l=3, s=4, activation="gelu",
                 norm_first=True, layers=2),
]


def _no_fast_path(name):
    def refuse(*args, **kwargs):
        raise RuntimeError(f"PyTorch took the fast path {name}: the references must come from the math path")
    return refuse


def build_module(spec):
    layer = spec["cls"](**spec["kwargs"])
    if "stack" not in spec:
        return layer, ctor_text(spec["cls"], **spec["kwargs"])
    d = spec["kwargs"]["d_model"]
    norm = nn.LayerNorm(d) if spec["final_norm"] else None
    module = spec["stack"](layer, spec["layers"], norm=norm)
    inner = ctor_text(spec["cls"], **spec["kwargs"])
    norm_text = f"nn.LayerNorm(normalized_shape={d},eps=1e-05,elementwise_affine=True)" if norm else "None"
    first = "encoder_layer" if spec["stack"] is nn.TransformerEncoder else "decoder_layer"
    return module, f"nn.{spec['stack'].__name__}({first}={inner},num_layers={spec['layers']},norm={norm_text})"


def build_cases(spec):
    """The _f64 and _f32 cases of one spec."""
    module, ctor = build_module(spec)
    module = module.double()
    torch.manual_seed(spec["seed"])
    redraw(module, spec.get("zero_bias", False))
    inputs = spec["inputs"]()
    cases = []
    for dtype_name, dtype in (("F64", torch.float64), ("F32", torch.float32)):
        m = copy.deepcopy(module).to(dtype)
        m.eval()
        x = {k: (v.to(dtype) if v.is_floating_point() else v) for k, v in inputs.items()}
        saved = {n: getattr(torch, n) for n in FAST_PATHS}
        try:
            for n in FAST_PATHS:
                setattr(torch, n, _no_fast_path(n))
            assert torch.is_grad_enabled() and all(p.requires_grad for p in m.parameters())
            outputs = spec["forward"](m, x)
        finally:
            for n, f in saved.items():
                setattr(torch, n, f)
        state = [_record(n, t, dtype_name) for n, t in m.state_dict().items()]
        cases.append(Case(f"{spec['name']}_{dtype_name.lower()}", dtype_name, spec["seed"], ctor, spec["call"], state,
                          [_record(n, t, dtype_name) for n, t in x.items()],
                          [_record(n, t, dtype_name) for n, t in outputs.items()]))
        cases[-1].spec = spec
    return cases


# The functions of PyTorch 1.13's fast paths (the module docstring), refused while the references are computed.
FAST_PATHS = ("_native_multi_head_attention", "_transformer_encoder_layer_fwd", "_nested_tensor_from_mask")


def build_all():
    torch.set_num_threads(1)
    torch.use_deterministic_algorithms(True)
    cases = []
    for spec in SPECS:
        cases += build_cases(spec)
    names = [c.name for c in cases]
    assert len(set(names)) == len(names), "two cases of one name"
    return cases


def files_of(cases):
    """{file name: bytes} of data/."""
    files = {}
    for c in cases:
        files[c.name + ".safetensors"] = c.state_bytes()
        files[c.name + ".io.safetensors"] = c.io_bytes()
    lines = ["# SPDX-License-Identifier: BSL-1.0",
             "# Written by tests/pytorch/make_references.py (PyTorch's reference data; make_references.py says what",
             "# the files hold): case dtype seed module call state inputs outputs, each tensor as name:dtype[shape].",
             "# Boolean masks are U8, 1 = True (attn_mask: attention not allowed; key_padding_mask: key ignored)."]
    lines += [c.manifest_line() for c in cases]
    files["manifest.txt"] = ("\n".join(lines) + "\n").encode("utf-8")
    files["cases.hpp"] = cases_header(cases).encode("utf-8")
    return files


# ---- cases.hpp: the cases for the C++ tests -------------------------------------------------------------------------

def identifier_of(name):
    """The C++ identifier cta-weights gives a file's bytes (tools/weights/cta_weights.cpp, identifier_of)."""
    out = ""
    for c in name:
        d = c if (c.isascii() and (c.isalnum() or c == "_")) else "_"
        if d == "_" and out.endswith("_"):
            continue
        out += d
    if not out or out[0] == "_" or out[0].isdigit():
        out = "t" + out
    return out


def _shape(tensors, name):
    return next(shape for n, _, shape, _ in tensors if n == name)


def _has(tensors, name):
    return any(n == name for n, _, _, _ in tensors)


def cases_header(cases):
    """tests/pytorch/data/cases.hpp: one struct per case that names its module as <cta/pytorch/nn.hpp> declares it,
    its files' bytes (the header cta_add_weights(... BYTES ...) writes of data/, namespace pytorch_data) and the
    sizes and masks of its call; tests/pytorch/cases.hpp's functions compute each kind of case."""
    out = ["// SPDX-License-Identifier: BSL-1.0",
           "// Written by tests/pytorch/make_references.py: do not edit. One struct per case of data/ (manifest.txt):",
           "// the module as <cta/pytorch/nn.hpp> names it, the case's files (pytorch_data.hpp, their bytes), the call's",
           "// sizes and masks. tests/pytorch/compare.hpp computes each kind of case.",
           "#pragma once", "", "#include <cstddef>", "", "#include <cta/pytorch.hpp>", "", "#include <pytorch_data.hpp>", "", "#include \"case_kinds.hpp\"",
           "", "namespace pytorch_cases {", ""]
    for c in cases:
        spec, k = c.spec, c.spec["kwargs"]
        t = "double" if c.dtype == "F64" else "float"
        fields = [f"using T = {t};",
                  f'static constexpr const char* name = "{c.name}";',
                  f"static constexpr const auto& state = pytorch_data::{identifier_of(c.name + '.safetensors')};",
                  f"static constexpr const auto& io = pytorch_data::{identifier_of(c.name + '.io.safetensors')};"]
        cls = spec["cls"].__name__
        if cls in ("Linear", "LayerNorm"):
            shape = _shape(c.inputs, "input")
            batch, n = (1, shape[0]) if len(shape) == 2 else (shape[0], shape[1])
            if cls == "Linear":
                module = f"cta::pytorch::nn::Linear<T, {k['in_features']}, {k['out_features']}, {str(k['bias']).lower()}>"
                kind = "linear"
            else:
                module = (f"cta::pytorch::nn::LayerNorm<T, {k['normalized_shape']}, "
                          f"{str(k['elementwise_affine']).lower()}>")
                kind = "layer_norm"
            fields += [f"using module = {module};", f"static constexpr double layer_norm_eps = {k.get('eps', 1e-5)!r};",
                       f"static constexpr std::size_t batch = {batch};", f"static constexpr std::size_t n = {n};",
                       f"static constexpr bool batched = {str(len(shape) == 3).lower()};"]
        elif cls == "Embedding":
            kind = "embedding"
            shape = _shape(c.inputs, "input")
            batch, n = (1, shape[0]) if len(shape) == 1 else shape
            fields += [f"using module = cta::pytorch::nn::Embedding<T, {k['num_embeddings']}, {k['embedding_dim']}>;",
                       f"static constexpr std::size_t batch = {batch};", f"static constexpr std::size_t n = {n};",
                       f"static constexpr bool batched = {str(len(shape) == 2).lower()};"]
        elif cls == "MultiheadAttention":
            kind = "multihead_attention"
            e = k["embed_dim"]
            kdim, vdim = k.get("kdim", e), k.get("vdim", e)
            weights = _shape(c.outputs, "attn_output_weights")
            mask = "none"
            if _has(c.inputs, "attn_mask"):
                mask = "boolean" if next(d for n_, d, _, _ in c.inputs if n_ == "attn_mask") == "U8" else "additive"
            fields += [f"using module = cta::pytorch::nn::MultiheadAttention<T, {e}, {k['num_heads']}, "
                       f"{str(k['bias']).lower()}, {kdim}, {vdim}>;",
                       f"static constexpr std::size_t batch = {weights[0]};",
                       f"static constexpr std::size_t n_q = {weights[1]};",
                       f"static constexpr std::size_t n_kv = {weights[2]};",
                       f"static constexpr bool batch_first = {str(k['batch_first']).lower()};",
                       f"static constexpr bool self_attention = {str(not _has(c.inputs, 'key')).lower()};",
                       f"static constexpr pytorch_test::mask attn_mask = pytorch_test::mask::{mask};",
                       f"static constexpr bool key_padding_mask = {str(_has(c.inputs, 'key_padding_mask')).lower()};"]
        else:
            act = "cta::gelu_t" if k["activation"] == "gelu" else "cta::relu_t"
            layer_args = (f"T, {k['d_model']}, {k['nhead']}, {k['dim_feedforward']}, {act}, "
                          f"{str(k['norm_first']).lower()}")
            encoder = cls == "TransformerEncoderLayer"
            layer = f"cta::pytorch::nn::{cls}<{layer_args}>"
            if "stack" in spec:
                module = (f"cta::pytorch::nn::{spec['stack'].__name__}<{layer}, {spec['layers']}, "
                          f"{str(spec['final_norm']).lower()}>")
            else:
                module = layer
            first = "src" if encoder else "tgt"
            shape = _shape(c.inputs, first)
            batch_first = k["batch_first"]
            batch, n = (shape[0], shape[1]) if batch_first else (shape[1], shape[0])
            fields += [f"using module = {module};",
                       f"static constexpr double layer_norm_eps = {k.get('layer_norm_eps', 1e-5)!r};",
                       f"static constexpr std::size_t batch = {batch};", f"static constexpr std::size_t n = {n};",
                       f"static constexpr bool batch_first = {str(batch_first).lower()};"]
            if encoder:
                kind = "encoder"
                mask_name = "src_mask" if "stack" not in spec else "mask"
                fields += [f'static constexpr const char* mask_name = "{mask_name}";',
                           f"static constexpr bool src_mask = {str(_has(c.inputs, mask_name)).lower()};",
                           "static constexpr bool src_key_padding_mask = "
                           f"{str(_has(c.inputs, 'src_key_padding_mask')).lower()};"]
            else:
                kind = "decoder"
                memory = _shape(c.inputs, "memory")
                fields += [f"static constexpr std::size_t n_memory = {memory[1] if batch_first else memory[0]};",
                           f"static constexpr bool tgt_mask = {str(_has(c.inputs, 'tgt_mask')).lower()};",
                           "static constexpr bool tgt_key_padding_mask = "
                           f"{str(_has(c.inputs, 'tgt_key_padding_mask')).lower()};",
                           "static constexpr bool memory_key_padding_mask = "
                           f"{str(_has(c.inputs, 'memory_key_padding_mask')).lower()};"]
        fields.append(f"static constexpr pytorch_test::kind kind = pytorch_test::kind::{kind};")
        out.append(f"struct {identifier_of(c.name)} {{")
        for f_ in fields:
            out.append("    " + f_)
        out.append("};")
        out.append("")
    out.append("}  // namespace pytorch_cases")
    out.append("")
    groups = (("MODULES", ("Linear", "LayerNorm", "Embedding")), ("ATTENTION", ("MultiheadAttention",)),
              ("ENCODER", ("TransformerEncoderLayer",)), ("DECODER", ("TransformerDecoderLayer",)))
    out.append("// The cases by group, each as X(case): the basic modules, MultiheadAttention, the encoder's layers and")
    out.append("// stacks, the decoder's.")
    for group, classes in groups:
        names = [identifier_of(c.name) for c in cases if c.spec["cls"].__name__ in classes]
        out.append(f"#define CTA_PYTORCH_CASES_{group}(X) \\")
        out += [f"    X({n}) \\" for n in names[:-1]]
        out.append(f"    X({names[-1]})")
    return "\n".join(out) + "\n"


# ---- --check -----------------------------------------------------------------------------------------------------

def read_safetensors(data):
    """(header bytes, [(name, dtype, shape, bytes)] in the file's order) of a .safetensors file's bytes."""
    (n,) = struct.unpack_from("<Q", data, 0)
    header = data[8:8 + n]
    entries = json.loads(header)
    entries.pop("__metadata__", None)
    body = data[8 + n:]
    tensors = sorted(((name, e["dtype"], tuple(e["shape"]), body[e["data_offsets"][0]:e["data_offsets"][1]],
                       e["data_offsets"][0]) for name, e in entries.items()), key=lambda t: t[4])
    return header, [t[:4] for t in tensors]


def ordered(bits, width):
    """The bits of a float as an integer that grows with the float (for ulp distances)."""
    sign = 1 << (width - 1)
    return -(bits & (sign - 1)) if bits & sign else bits


def ulp(x, dtype):
    """The ulp of |x| in the dtype (F32 or F64)."""
    x = abs(x)
    p, emin = (53, -1022) if dtype == "F64" else (24, -126)
    e = max(math.frexp(x)[1] - 1, emin) if x > 0 else emin
    return 2.0 ** (e - p + 1)


def output_difference(old, new, dtype):
    """The largest difference between two output tensors' bytes, in ulps at the old tensor's largest magnitude."""
    fmt = "<d" if dtype == "F64" else "<f"
    size = struct.calcsize(fmt)
    a = [v for (v,) in struct.iter_unpack(fmt, old)]
    b = [v for (v,) in struct.iter_unpack(fmt, new)]
    scale = ulp(max((abs(v) for v in a), default=0.0), dtype)
    worst = 0.0
    for x, y in zip(a, b):
        if not (math.isfinite(x) and math.isfinite(y)):
            return math.inf
        worst = max(worst, abs(x - y) / scale)
    assert len(old) == len(a) * size
    return worst


def compare(cases, directory):
    """(problems, notes, largest): what differs between the files the cases write and those of directory, each
    output file whose outputs differ within OUTPUT_ULPS, and the largest such difference."""
    files = files_of(cases)
    outputs = {c.name + ".io.safetensors": {t[0] for t in c.outputs} for c in cases}
    present = set(os.listdir(directory)) if os.path.isdir(directory) else set()
    problems = [f"{name}: not written by make_references.py" for name in sorted(present - set(files))]
    notes = []
    largest = 0.0
    for name, data in files.items():
        path = os.path.join(directory, name)
        if name not in present:
            problems.append(f"{name}: missing")
            continue
        with open(path, "rb") as f:
            old = f.read()
        if old == data:
            continue
        if name in ("manifest.txt", "cases.hpp"):
            old_lines, new_lines = old.decode("utf-8", "replace").split("\n"), data.decode("utf-8").split("\n")
            line = next(i for i, (a, b) in enumerate(zip(old_lines + [None], new_lines + [None])) if a != b)
            problems.append(f"{name}: line {line + 1} differs")
            continue
        what, worst = _first_difference(old, data, outputs.get(name, set()))
        if what:  # the state_dicts, the inputs and the files' headers must be the same bytes
            problems.append(f"{name}: {what}")
        else:
            largest = max(largest, worst)
            notes.append(f"{name}: outputs differ by at most {worst:.3g} ulps at the tensor's largest magnitude")
    return problems, notes, largest


def _first_difference(old, new, output_names):
    """(what differs first, or "" when only outputs differ within OUTPUT_ULPS; the largest such difference)."""
    try:
        old_header, old_tensors = read_safetensors(old)
    except (ValueError, KeyError, struct.error) as e:
        return f"not a safetensors file this script writes ({e})", 0.0
    new_header, new_tensors = read_safetensors(new)
    if old_header != new_header:
        return "the header (names, dtypes, shapes or metadata) differs", 0.0
    worst = 0.0
    outputs_differ = False
    for (name, dtype, _, a), (_, _, _, b) in zip(old_tensors, new_tensors):
        if a == b:
            continue
        if name not in output_names:
            return f"tensor {name!r} differs (weights and inputs must be the same bits)", 0.0
        d = output_difference(a, b, dtype)
        if not d <= OUTPUT_ULPS:
            return (f"output {name!r} differs by {d:.3g} ulps at its largest magnitude, more than the "
                    f"{OUTPUT_ULPS} accepted", 0.0)
        worst = max(worst, d)
        outputs_differ = True
    if not outputs_differ:  # the same header and tensors, other bytes (past the last tensor)
        return "the data differs", 0.0
    return "", worst


def check(directory):
    cases = build_all()
    problems, notes, largest = compare(cases, directory)
    shown = os.path.relpath(directory, ROOT) if directory.startswith(ROOT) else directory
    for line in notes:
        print(f"{shown}/{line}")
    for line in problems:
        print(f"{shown}/{line}", file=sys.stderr)
    print(f"{len(cases)} cases ({2 * len(cases) + 2} files) compared with {shown} (PyTorch {torch.__version__}): "
          f"{len(problems)} differ; outputs not the same bits: {len(notes)}, largest difference "
          f"{largest:.3g} ulps (at most {OUTPUT_ULPS} accepted)")
    if problems:
        print("regenerate with /usr/bin/python3 tests/pytorch/make_references.py if the change is meant",
              file=sys.stderr)
    return 1 if problems else 0


def self_test_mutation():
    """--check must fail on a copy of data/ in which one bit of one weight differs."""
    victim, tensor = "linear_3x5_f64.safetensors", "weight"
    with tempfile.TemporaryDirectory() as temp:
        copy_dir = os.path.join(temp, "data")
        shutil.copytree(DATA, copy_dir)
        path = os.path.join(copy_dir, victim)
        with open(path, "rb") as f:
            data = bytearray(f.read())
        (n,) = struct.unpack_from("<Q", data, 0)
        begin = json.loads(data[8:8 + n])[tensor]["data_offsets"][0]
        data[8 + n + begin] ^= 1  # the lowest bit of the weight's first element (little-endian): one ulp
        with open(path, "wb") as f:
            f.write(data)
        run = subprocess.run([sys.executable, os.path.abspath(__file__), "--check", "--data-dir", copy_dir],
                             capture_output=True, text=True)
    sys.stdout.write(run.stdout)
    sys.stdout.write(run.stderr)
    expected = f"{victim}: tensor {tensor!r} differs"
    if run.returncode == 1 and expected in run.stderr:
        print(f"--check failed (exit status 1) on the copy with one bit of {victim}'s {tensor!r} changed, as it must")
        return 0
    print(f"--check on the changed copy exited with {run.returncode} without reporting '{expected}'",
          file=sys.stderr)
    return 1


def spread():
    """Prints, for each case of float32, the largest difference of its outputs from the float64 case's, in float32
    ulps at the tensor's largest magnitude (the scale OUTPUT_ULPS is chosen against)."""
    cases = {c.name: c for c in build_all()}
    overall = 0.0
    for name, c in cases.items():
        if c.dtype != "F32":
            continue
        wide = cases[name[:-4] + "_f64"]
        for (n, _, _, values), (_, _, _, exact) in zip(c.outputs, wide.outputs):
            scale = ulp(max(abs(v) for v in exact), "F32")
            d = max(abs(a - b) for a, b in zip(values, exact)) / scale
            overall = max(overall, d)
            print(f"{name} {n}: {d:.3g}")
    print(f"largest: {overall:.3g} float32 ulps at the tensor's largest magnitude")
    return 0


def write(directory):
    cases = build_all()
    files = files_of(cases)
    os.makedirs(directory, exist_ok=True)
    for name in os.listdir(directory):
        if name not in files:
            os.remove(os.path.join(directory, name))
    for name, data in files.items():
        with open(os.path.join(directory, name), "wb") as f:
            f.write(data)
    total = sum(len(d) for d in files.values())
    print(f"{len(cases)} cases, {len(files)} files, {total} bytes in {directory} (PyTorch {torch.__version__})")
    return 0


def main(argv):
    parser = argparse.ArgumentParser(description="PyTorch's reference data for tests/pytorch (see the docstring).")
    parser.add_argument("--check", action="store_true", help="compare with the files instead of writing them")
    parser.add_argument("--data-dir", default=DATA, help="the directory of the files (default: tests/pytorch/data)")
    parser.add_argument("--self-test-mutation", action="store_true",
                        help="check that --check fails on a copy of data/ with one weight bit changed")
    parser.add_argument("--spread", action="store_true",
                        help="print how far the float32 outputs are from the float64 ones")
    args = parser.parse_args(argv[1:])
    if args.self_test_mutation:
        return self_test_mutation()
    if args.spread:
        return spread()
    if args.check:
        return check(os.path.abspath(args.data_dir))
    return write(os.path.abspath(args.data_dir))


if __name__ == "__main__":
    sys.exit(main(sys.argv))
