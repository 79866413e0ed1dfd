#!/usr/bin/env python3
# SPDX-License-Identifier: BSL-1.0
"""The PyTorch side of examples/pytorch (docs/pytorch.md): a PyTorch model, its state_dict written as a .safetensors
file by PyTorch's names, and an input with PyTorch's output for it, which encoder.cpp proves the library computes.

    /usr/bin/python3 examples/pytorch/export.py           writes encoder.safetensors and encoder_io.safetensors
    /usr/bin/python3 examples/pytorch/export.py --check   compares with the committed files: the state_dict and the
                                                          input byte for byte, the output within 8 ulps of float64 at
                                                          its largest magnitude (another BLAS or processor may round
                                                          PyTorch's sums otherwise); exit status 77 without PyTorch

The model: nn.TransformerEncoder of 2 pre-norm layers (d_model 8, 2 heads, dim_feedforward 16, GELU, batch_first)
and a final LayerNorm, in float64, evaluated with a causal mask. Its parameters are drawn from torch.rand with a
fixed seed (the same bits on every machine; tests/pytorch/make_references.py says why not PyTorch's own
initialisation), so the example does not depend on training. The files are written with tools/weights/write_weights.py:
no safetensors package and no torch.save (pickle) is needed.
"""
import json
import math
import os
import struct
import sys

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, os.path.join(HERE, "..", "..", "tools", "weights"))
import write_weights as ww  # noqa: E402

try:
    import torch
    from torch import nn
except ImportError:
    torch = None

OUTPUT_ULPS = 8


def model_and_data():
    torch.set_num_threads(1)
    torch.use_deterministic_algorithms(True)
    layer = nn.TransformerEncoderLayer(d_model=8, nhead=2, dim_feedforward=16, dropout=0.1, activation="gelu",
                                       batch_first=True, norm_first=True)
    model = nn.TransformerEncoder(layer, num_layers=2, norm=nn.LayerNorm(8)).double()
    torch.manual_seed(2024)
    with torch.no_grad():
        for name, p in model.named_parameters():
            bound = 1.0 / math.sqrt(p.shape[1]) if p.dim() == 2 else 0.5
            p.copy_(torch.rand(p.shape, dtype=torch.float64) * (2 * bound) - bound)
    src = torch.rand((1, 5, 8), dtype=torch.float64) * 2 - 1
    mask = torch.triu(torch.ones(5, 5, dtype=torch.bool), diagonal=1)  # True: a later position, not allowed
    model.eval()
    # Gradients on: PyTorch 1.13 then takes its modules' Python code, not the fast paths (make_references.py).
    output = model(src, mask=mask)
    return model, src, output


def files():
    model, src, output = model_and_data()
    state = {n: ("F64", tuple(t.shape), t.detach().reshape(-1).tolist()) for n, t in model.state_dict().items()}
    io = {"src": ("F64", tuple(src.shape), src.reshape(-1).tolist()),
          "output": ("F64", tuple(output.shape), output.detach().reshape(-1).tolist())}
    return {"encoder.safetensors": ww.safetensors_bytes(state, metadata={"format": "pt"}),
            "encoder_io.safetensors": ww.safetensors_bytes(io)}


def check():
    problems = []
    for name, data in files().items():
        with open(os.path.join(HERE, name), "rb") as f:
            old = f.read()
        if old == data:
            continue
        if name != "encoder_io.safetensors" or len(old) != len(data):
            problems.append(f"{name} differs")
            continue
        (n,) = struct.unpack_from("<Q", data, 0)
        begin, end = json.loads(data[8:8 + n])["output"]["data_offsets"]
        out = [v for (v,) in struct.iter_unpack("<d", data[8 + n + begin:8 + n + end])]
        was = [v for (v,) in struct.iter_unpack("<d", old[8 + n + begin:8 + n + end])]
        ulp = 2.0 ** (math.frexp(max(abs(v) for v in was))[1] - 53)
        worst = max(abs(a - b) for a, b in zip(out, was)) / ulp
        rest_same = old[:8 + n + begin] + old[8 + n + end:] == data[:8 + n + begin] + data[8 + n + end:]
        if not rest_same or not worst <= OUTPUT_ULPS:
            problems.append(f"{name} differs (output by {worst:.3g} ulps)")
    for p in problems:
        print(p, file=sys.stderr)
    print(f"examples/pytorch: {len(problems)} files differ (PyTorch {torch.__version__})")
    return 1 if problems else 0


def main():
    if torch is None:
        print("PyTorch is not installed (Debian: python3-torch)", file=sys.stderr)
        return 77
    if sys.argv[1:] == ["--check"]:
        return check()
    for name, data in files().items():
        with open(os.path.join(HERE, name), "wb") as f:
            f.write(data)
    print("wrote examples/pytorch/encoder.safetensors and encoder_io.safetensors")
    return 0


if __name__ == "__main__":
    sys.exit(main())
