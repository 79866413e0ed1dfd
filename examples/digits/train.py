#!/usr/bin/env python3
# SPDX-License-Identifier: BSL-1.0
"""Trains the digits classifier of examples/digits (docs/digits.md) with PyTorch on scikit-learn's handwritten digits
and writes what the build proves.

    /usr/bin/python3 examples/digits/train.py           trains and writes the files below
    /usr/bin/python3 examples/digits/train.py --check   trains again and compares with the committed files
                                                        (exit status 77 without PyTorch or scikit-learn)

The data: sklearn.datasets.load_digits(), 1,797 images of 8 x 8 pixels (values 0 to 16), 10 classes, split by
train_test_split(test_size=0.2, random_state=0, stratify=target): 1,437 training images, 360 test images.

The model (class DigitsViT): the image cut into 16 patches of 2 x 2 pixels, row by row (patch p covers rows
2 (p / 4), +1 and columns 2 (p % 4), +1; its 4 pixels row by row), pixels divided by 16; `embed`, nn.Linear(4, 16);
plus `pos`, a learned position per patch (16 x 16); `encoder`, nn.TransformerEncoder of 2 pre-norm
nn.TransformerEncoderLayer(d_model 16, nhead 2, dim_feedforward 32, ReLU, batch_first) with a final nn.LayerNorm;
the mean over the 16 positions; `head`, nn.Linear(16, 10). The predicted class is the first index of the largest of
the 10 logits.

Training, deterministic: torch.manual_seed(0) before the model is built, one thread, deterministic algorithms,
PyTorch's portable kernels (ATEN_CPU_CAPABILITY=default, oneDNN off) so that the processor's vector units do not
change the rounding; AdamW (lr 0.003, weight decay 0.01), batches of 32 in an order drawn by a seeded generator,
EPOCHS epochs, float32, dropout 0.

The files written here:
- digits.safetensors: the model's state_dict by PyTorch's names, float32 (tools/weights/write_weights.py writes it)
- test_images.npy: the 360 test images, (360, 64) uint8, each row the 8 x 8 pixels row by row
- test_labels.npy: their classes, (360,) uint8
- test_predictions.npy: the classes the trained model predicts in PyTorch, float32, (360,) uint8
- train_images.npy: the 1,437 training images, (1437, 64) uint8 (the int8 model's calibration)
- digits_results.txt: accuracy and the figures docs/digits.md states
- digits_results.hpp: the count of test images PyTorch classifies right, which the build checks against the files

--check trains again: the files must be the same bytes. PyTorch's portable kernels round the same on every x86-64
processor, but another architecture or PyTorch version may round training's sums otherwise; then the state_dict can
differ in its last bits and --check requires instead that the test images, labels and every test prediction are the
same (it says which).
"""
import os
import sys

os.environ.setdefault("ATEN_CPU_CAPABILITY", "default")  # before torch is imported: no processor-specific kernels

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, os.path.join(HERE, "..", "..", "tools", "weights"))
import write_weights as ww  # noqa: E402

try:
    import numpy as np
    import torch
    from torch import nn
    from sklearn.datasets import load_digits
    from sklearn.model_selection import train_test_split
except ImportError as e:  # pragma: no cover
    torch = None
    missing = e

EPOCHS = 60
D_MODEL, NHEAD, D_FF, LAYERS, PATCHES, PATCH_PIXELS, CLASSES = 16, 2, 32, 2, 16, 4, 10


def patches(x):
    """[B, 64] pixels (0..16) -> [B, 16, 4]: patch p = (row 2 (p // 4), column 2 (p % 4)), its pixels row by row."""
    b = x.shape[0]
    return x.reshape(b, 4, 2, 4, 2).permute(0, 1, 3, 2, 4).reshape(b, PATCHES, PATCH_PIXELS) / 16


if torch is not None:
    class DigitsViT(nn.Module):
        def __init__(self):
            super().__init__()
            self.embed = nn.Linear(PATCH_PIXELS, D_MODEL)
            self.pos = nn.Parameter(torch.randn(PATCHES, D_MODEL) * 0.02)
            layer = nn.TransformerEncoderLayer(D_MODEL, NHEAD, D_FF, dropout=0.0, batch_first=True, norm_first=True)
            self.encoder = nn.TransformerEncoder(layer, LAYERS, norm=nn.LayerNorm(D_MODEL))
            self.head = nn.Linear(D_MODEL, CLASSES)

        def forward(self, x):
            h = self.embed(patches(x)) + self.pos
            return self.head(self.encoder(h).mean(dim=1))


def data():
    digits = load_digits()
    x_train, x_test, y_train, y_test = train_test_split(digits.data, digits.target, test_size=0.2, random_state=0,
                                                        stratify=digits.target)
    as_u8 = lambda a: np.asarray(a).astype(np.uint8)  # noqa: E731  (pixels 0..16 and classes 0..9 are exact)
    return as_u8(x_train), as_u8(y_train), as_u8(x_test), as_u8(y_test)


def train(x_train, y_train):
    torch.set_num_threads(1)
    torch.use_deterministic_algorithms(True)
    torch.backends.mkldnn.enabled = False
    torch.manual_seed(0)
    model = DigitsViT()
    opt = torch.optim.AdamW(model.parameters(), lr=3e-3, weight_decay=0.01)
    x = torch.tensor(x_train, dtype=torch.float32)
    y = torch.tensor(y_train, dtype=torch.int64)
    order = torch.Generator().manual_seed(1)
    model.train()
    for _ in range(EPOCHS):
        perm = torch.randperm(len(x), generator=order)
        for k in range(0, len(x), 32):
            i = perm[k:k + 32]
            opt.zero_grad()
            nn.functional.cross_entropy(model(x[i]), y[i]).backward()
            opt.step()
    model.eval()
    return model


def logits_of(model, images):
    # Gradients on: PyTorch 1.13 then takes its modules' Python code, not the encoder's fused fast path.
    return model(torch.tensor(images, dtype=torch.float32)).detach()


def files():
    x_train, y_train, x_test, y_test = data()
    model = train(x_train, y_train)
    logits = logits_of(model, x_test)
    predictions = logits.argmax(dim=1).numpy().astype(np.uint8)
    top2 = logits.topk(2, dim=1).values
    margin = (top2[:, 0] - top2[:, 1]).min().item()
    correct = int((predictions == y_test).sum())
    train_correct = int((logits_of(model, x_train).argmax(dim=1).numpy() == y_train).sum())
    state = {n: ("F32", tuple(t.shape), t.detach().reshape(-1).tolist()) for n, t in model.state_dict().items()}
    results = (f"test images: {len(y_test)}\n"
               f"training images: {len(y_train)}\n"
               f"PyTorch float32 test accuracy: {correct}/{len(y_test)} = {100 * correct / len(y_test):.2f}%\n"
               f"PyTorch float32 training accuracy: {train_correct}/{len(y_train)}\n"
               f"smallest margin between the two largest logits: {margin:.4g}\n"
               f"parameters: {sum(t.numel() for t in model.state_dict().values())}\n"
               f"epochs: {EPOCHS}\n")
    u8 = lambda a: ww.npy_bytes(a.reshape(-1).tolist(), a.shape, "|u1")  # noqa: E731
    return {"digits.safetensors": ww.safetensors_bytes(state, metadata={"format": "pt"}),
            "test_images.npy": u8(x_test), "test_labels.npy": u8(y_test),
            "test_predictions.npy": u8(predictions), "train_images.npy": u8(x_train),
            "digits_results.txt": results.encode(),
            "digits_results.hpp": results_header(correct, len(y_test)).encode()}


def results_header(correct, count):
    return ("// SPDX-License-Identifier: BSL-1.0\n"
            "// Written by train.py: PyTorch's result on the test set, which digits_proof.hpp checks against the files.\n"
            "#pragma once\n\n#include <cstddef>\n\nnamespace digits::results {\n\n"
            f"inline constexpr std::size_t test_images = {count};\n"
            f"inline constexpr std::size_t pytorch_test_correct = {correct};  // PyTorch, float32\n\n"
            "}  // namespace digits::results\n")


def check():
    same_outcome = {"test_images.npy", "test_labels.npy", "test_predictions.npy", "train_images.npy"}
    differ = []
    for name, data in files().items():
        with open(os.path.join(HERE, name), "rb") as f:
            if f.read() != data:
                differ.append(name)
    if not differ:
        print(f"examples/digits: trained again, every file the same bytes (PyTorch {torch.__version__})")
        return 0
    if same_outcome.isdisjoint(differ):
        print(f"examples/digits: trained again; the test images, labels and all predictions are the same; "
              f"{', '.join(differ)} differ in rounding (PyTorch {torch.__version__})")
        return 0
    print(f"examples/digits: trained again and {', '.join(differ)} differ (PyTorch {torch.__version__})",
          file=sys.stderr)
    return 1


def main():
    if torch is None:
        print(f"examples/digits/train.py needs PyTorch and scikit-learn (Debian: python3-torch, python3-sklearn): "
              f"{missing}", file=sys.stderr)
        return 77
    if sys.argv[1:] == ["--check"]:
        return check()
    for name, data in files().items():
        with open(os.path.join(HERE, name), "wb") as f:
            f.write(data)
    with open(os.path.join(HERE, "digits_results.txt")) as f:
        print(f.read(), end="")
    return 0


if __name__ == "__main__":
    sys.exit(main())
