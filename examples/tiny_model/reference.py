#!/usr/bin/env python3
# SPDX-License-Identifier: BSL-1.0
"""The reference of the tiny Transformer of examples/tiny_model: its forward pass and greedy decoding, written from
the formulas of README.md ("The model") and reading the weights from tiny_model_weights.hpp, in three arithmetics:

  float64  Python's floats;
  float32  every operation's result rounded to float32 (struct.pack('f')), the weights rounded to float32 first;
  mpmath   50 digits, a separate implementation (whole sequences, no cache), for a few prompts.

Checks, each failing the run (exit status 1):

  1. the header, and tiny_model.hpp next to it, are what make_weights.py writes;
  2. float64: the model answers every one of the 10^4 prompts right, with the smallest gap between the winning logit
     and the runner-up over all prompts and steps (the margin) at least MARGIN_FLOOR;
  3. float32: right on a structured subset (all prompts a b a b, the header's 64 test prompts), every logit within
     a tenth of the margin of float64's; and again with every sin, cos and exp result moved by one float32 ulp;
  4. the header's test prompts have the answers it lists, which are the task's;
  5. mpmath: on MP_PROMPTS, each layer's float64 output is within 1e-13 of the 50-digit one (relative to the
     largest magnitude of that layer's output);
  6. zeroing layer 1's sublayers, or layer 2's, gives a wrong answer on some prompt (printed);
  7. README.md states the figures this run computes (python3 reference.py --update-readme writes them).

Usage: python3 reference.py [--update-readme | --header <file>]   (python3 and mpmath; exit status 77 without mpmath).
--header runs the checks on another header (tiny_model.reference.detects_wrong_weight gives it one with a weight
changed, which must fail); a prompt answered wrong in float64 ends that run.
"""

import math
import operator
import os
import random
import re
import struct
import subprocess
import sys
import textwrap

try:
    from mpmath import mp, mpf
except ImportError:  # pragma: no cover - depends on the machine
    print("mpmath is not installed: skipped")
    sys.exit(77)

HERE = os.path.dirname(os.path.abspath(__file__))
HEADER = os.path.join(HERE, "tiny_model_weights.hpp")
README = os.path.join(HERE, "README.md")
MARGIN_FLOOR = 1.0          # the float64 margin must be at least this
MP_PROMPTS = [[2, 0, 2, 6], [9, 9, 9, 9], [0, 1, 8, 3]]
PERTURB_SEED = 1


# ---- Reading the header ----

def read_header(path=HEADER):
    """The header's constants, weights (a 1 x n matrix as a list, else a list of rows), test prompts and answers."""
    with open(path, encoding="utf-8") as f:
        text = f.read()
    model = {name: int(value) for name, value in re.findall(r"inline constexpr std::size_t (\w+) = (\d+);", text)}
    model["eps"] = float(re.search(r"layer_norm_eps = ([^;]+);", text).group(1))
    layers = re.findall(r"namespace layer_(\d+) \{(.*?)\}  // namespace layer_\1", text, re.S)
    assert [int(n) for n, _ in layers] == list(range(1, model["N"] + 1)), "layer_1 .. layer_N"
    model["layers"] = [matrices(body) for _, body in layers]
    model.update(matrices(re.sub(r"namespace layer_(\d+) \{.*?\}  // namespace layer_\1", "", text, flags=re.S)))
    for name in ("test_prompts", "test_answers"):
        body = re.search(name + r"\{\{(.*?)\}\};", text, re.S).group(1)
        model[name] = [[int(x) for x in row.split(",")] for row in re.findall(r"\{\{([0-9, ]+)\}\}", body)]
    return model


def matrices(text):
    """The cta::matrix<double, R, C> definitions in text, by name; name{} is a matrix of zeros."""
    found = {}
    for m in re.finditer(r"cta::matrix<double, (\d+), (\d+)> (\w+)(?:\{\{(.*?)\}\}|\{\});", text, re.S):
        rows, cols, name = int(m.group(1)), int(m.group(2)), m.group(3)
        if m.group(4) is None:   # {}: zeros
            values = [0.0] * (rows * cols)
        else:
            values = [parse_literal(x) for x in re.sub(r"[{},]", " ", m.group(4)).split()]
        assert len(values) == rows * cols, name
        matrix = [values[r * cols:(r + 1) * cols] for r in range(rows)]
        found[name] = matrix[0] if rows == 1 else matrix
    return found


def parse_literal(s):
    return float.fromhex(s) if "x" in s else float(s)


# ---- The float forward pass: one position at a time, keys and values cached (the causal mask) ----

def f32(x):
    return struct.unpack("f", struct.pack("f", x))[0]


class Float64:
    """Python's floats; the sum of products runs left to right."""
    name = "float64"

    rnd = staticmethod(lambda x: x)

    @staticmethod
    def dot(a, b):
        return sum(map(operator.mul, a, b))

    exp = staticmethod(math.exp)
    sqrt = staticmethod(math.sqrt)
    sin = staticmethod(math.sin)
    cos = staticmethod(math.cos)


class Float32:
    """Every result rounded to float32; with perturb, every sin, cos and exp result moved by one ulp (a seeded
    direction)."""
    name = "float32"

    def __init__(self, perturb=None):
        self.rng = random.Random(perturb) if perturb is not None else None

    rnd = staticmethod(f32)

    @staticmethod
    def dot(a, b):
        s = 0.0
        for x, y in zip(a, b):
            s = f32(s + f32(x * y))
        return s

    def _elementary(self, f, x):
        y = f32(f(x))
        if self.rng is not None and y != 0.0:
            bits = struct.unpack("<I", struct.pack("<f", y))[0]
            bits += self.rng.choice((-1, 1))
            y = struct.unpack("<f", struct.pack("<I", bits))[0]
        return y

    def exp(self, x):
        return self._elementary(math.exp, x)

    def sin(self, x):
        return self._elementary(math.sin, x)

    def cos(self, x):
        return self._elementary(math.cos, x)

    @staticmethod
    def sqrt(x):
        return f32(math.sqrt(x))


class FloatModel:
    def __init__(self, model, arith, zero_layers=()):
        self.a = arith
        r = arith.rnd
        self.d = model["d_model"]
        self.nhead = model["nhead"]
        self.dh = self.d // self.nhead
        self.eps = r(model["eps"])

        def mat(m):   # stored by columns, for dot products; None for a column of zeros (its products are 0)
            cols = [[r(m[i][j]) for i in range(len(m))] for j in range(len(m[0]))]
            return [c if any(c) else None for c in cols]

        def vec(v):
            return [r(x) for x in v]

        self.embedding = [vec(row) for row in model["embedding"]]
        self.layers = []
        for index, layer in enumerate(model["layers"]):
            zero = (index + 1) in zero_layers
            ly = {}
            for name in ("w_q", "w_k", "w_v", "w_o", "w_1", "w_2"):
                m = mat(layer[name])
                ly[name] = [None] * len(m) if zero else m
            for name in ("b_q", "b_k", "b_v", "b_o", "b_1", "b_2"):
                ly[name] = [0.0] * len(layer[name]) if zero else vec(layer[name])
            for name in ("ln1_g", "ln1_b", "ln2_g", "ln2_b"):
                ly[name] = vec(layer[name])
            self.layers.append(ly)
        self.lnf_g, self.lnf_b = vec(model["lnf_g"]), vec(model["lnf_b"])
        self.w_head, self.b_head = mat(model["w_head"]), vec(model["b_head"])
        self.inv_sqrt_dh = r(1.0 / math.sqrt(self.dh))
        self.pe = [self.positional_encoding(p) for p in range(model["max_length"])]

    def positional_encoding(self, pos):
        a, r = self.a, self.a.rnd
        row = []
        for i in range(self.d // 2):
            angle = r(pos / r(10000.0 ** r(r(2 * i) / self.d)))
            row += [a.sin(angle), a.cos(angle)]
        return row

    def linear(self, x, w_cols, b):
        r = self.a.rnd
        return [bias if col is None else r(self.a.dot(x, col) + bias) for col, bias in zip(w_cols, b)]

    def layer_norm(self, x, g, b):
        r, d = self.a.rnd, len(x)
        mean = r(sum_rounded(x, r) / d)
        centred = [r(v - mean) for v in x]
        var = r(self.a.dot(centred, centred) / d)
        inv = r(1.0 / self.a.sqrt(r(var + self.eps)))
        return [r(r(r(c * inv) * gi) + bi) for c, gi, bi in zip(centred, g, b)]

    def new_cache(self):
        return [([], []) for _ in self.layers]

    def step(self, token, pos, cache, record=None):
        """The logits at position pos, given the caches of positions 0 .. pos - 1 (extended by this position)."""
        a, r = self.a, self.a.rnd
        x = [r(e + p) for e, p in zip(self.embedding[token], self.pe[pos])]
        for ly, (keys, values) in zip(self.layers, cache):
            h = self.layer_norm(x, ly["ln1_g"], ly["ln1_b"])
            q = self.linear(h, ly["w_q"], ly["b_q"])
            keys.append(self.linear(h, ly["w_k"], ly["b_k"]))
            values.append(self.linear(h, ly["w_v"], ly["b_v"]))
            heads = []
            for head in range(self.nhead):
                lo, hi = head * self.dh, (head + 1) * self.dh
                qh = q[lo:hi]
                scores = [r(a.dot(qh, k[lo:hi]) * self.inv_sqrt_dh) for k in keys]
                top = max(scores)
                e = [a.exp(r(s - top)) for s in scores]
                total = sum_rounded(e, r)
                weights = [r(v / total) for v in e]
                for j in range(lo, hi):
                    heads.append(a.dot(weights, [v[j] for v in values]))
            x = [r(xi + oi) for xi, oi in zip(x, self.linear(heads, ly["w_o"], ly["b_o"]))]
            h = self.layer_norm(x, ly["ln2_g"], ly["ln2_b"])
            hidden = [max(v, 0.0) for v in self.linear(h, ly["w_1"], ly["b_1"])]
            x = [r(xi + fi) for xi, fi in zip(x, self.linear(hidden, ly["w_2"], ly["b_2"]))]
            if record is not None:
                record.append(x)
        logits = self.linear(self.layer_norm(x, self.lnf_g, self.lnf_b), self.w_head, self.b_head)
        if record is not None:
            record.append(logits)
        return logits


def sum_rounded(values, r):
    s = 0.0
    for v in values:
        s = r(s + v)
    return s


def argmax_and_gap(logits):
    best = max(range(len(logits)), key=lambda i: (logits[i], -i))   # the first index among equal maxima
    runner_up = max(v for i, v in enumerate(logits) if i != best)
    return best, logits[best] - runner_up


def generate(fm, prompt, separator, L):
    """Greedy decoding: the answer's L tokens, the gap of each step, and each step's logits."""
    cache = fm.new_cache()
    tokens = list(prompt) + [separator]
    logits = None
    for pos, token in enumerate(tokens):
        logits = fm.step(token, pos, cache)
    answer, gaps, all_logits = [], [], []
    while True:
        token, gap = argmax_and_gap(logits)
        answer.append(token)
        gaps.append(gap)
        all_logits.append(logits)
        if len(answer) == L:
            return answer, gaps, all_logits
        logits = fm.step(token, len(tokens), cache)
        tokens.append(token)


def exhaustive(fm, separator, L, task):
    """Every prompt of L digits, sharing the work of common prefixes: the wrong answers, and for each step of the
    answer the smallest and the largest gap between the winning logit and the runner-up."""
    wrong = []
    gaps = [[math.inf, -math.inf] for _ in range(L)]
    cache = fm.new_cache()

    def truncate(n):
        for keys, values in cache:
            del keys[n:], values[n:]

    def visit(prefix):
        if len(prefix) == L:
            logits = fm.step(separator, L, cache)
            answer = []
            while True:
                token, gap = argmax_and_gap(logits)
                step = gaps[len(answer)]
                step[0], step[1] = min(step[0], gap), max(step[1], gap)
                answer.append(token)
                if len(answer) == L:
                    break
                logits = fm.step(token, L + len(answer), cache)
            if answer != task(prefix):
                wrong.append((list(prefix), answer))
            truncate(L)
            return
        for digit in range(10):
            fm.step(digit, len(prefix), cache)
            visit(prefix + [digit])
            truncate(len(prefix))

    visit([])
    return wrong, gaps


def layer_1_score_gap(fm, tokens, L):
    """Layer 1's scores for the sequence tokens: the smallest lead of the mirror 2L - 1 - t over any other position
    s <= t, over t = L .. 2L - 1."""
    ly = fm.layers[0]
    rows = [fm.layer_norm([e + p for e, p in zip(fm.embedding[t], fm.pe[pos])], ly["ln1_g"], ly["ln1_b"])
            for pos, t in enumerate(tokens)]
    q = [fm.linear(h, ly["w_q"], ly["b_q"]) for h in rows]
    k = [fm.linear(h, ly["w_k"], ly["b_k"]) for h in rows]
    gap = math.inf
    for t in range(L, len(tokens)):
        scores = [fm.a.dot(q[t], k[s]) * fm.inv_sqrt_dh for s in range(t + 1)]
        mirror = 2 * L - 1 - t
        gap = min(gap, scores[mirror] - max(v for s, v in enumerate(scores) if s != mirror))
    return gap


# ---- The 50-digit forward pass: whole sequences, from the formulas ----

def mp_forward(model, tokens):
    """Each layer's output rows and the logits rows for the sequence tokens, in 50-digit arithmetic."""
    mp.dps = 50
    d, nhead = model["d_model"], model["nhead"]
    dh = d // nhead
    eps = mpf(model["eps"])
    n = len(tokens)

    def matmul(x, w):
        return [[mp.fsum(mpf(xi[k]) * mpf(w[k][j]) for k in range(len(w))) for j in range(len(w[0]))] for xi in x]

    def add_bias(x, b):
        return [[v + mpf(bj) for v, bj in zip(row, b)] for row in x]

    def layer_norm(x, g, b):
        out = []
        for row in x:
            mean = mp.fsum(row) / d
            var = mp.fsum((v - mean) ** 2 for v in row) / d
            out.append([(v - mean) / mp.sqrt(var + eps) * mpf(gi) + mpf(bi) for v, gi, bi in zip(row, g, b)])
        return out

    def pe(pos):
        row = []
        for i in range(d // 2):
            angle = mpf(pos) / mpf(10000) ** (mpf(2 * i) / d)
            row += [mp.sin(angle), mp.cos(angle)]
        return row

    x = [[mpf(e) + p for e, p in zip(model["embedding"][t], pe(pos))] for pos, t in enumerate(tokens)]
    outputs = []
    for ly in model["layers"]:
        h = layer_norm(x, ly["ln1_g"], ly["ln1_b"])
        q = add_bias(matmul(h, ly["w_q"]), ly["b_q"])
        k = add_bias(matmul(h, ly["w_k"]), ly["b_k"])
        v = add_bias(matmul(h, ly["w_v"]), ly["b_v"])
        heads = [[mpf(0)] * d for _ in range(n)]
        for head in range(nhead):
            cols = range(head * dh, (head + 1) * dh)
            for i in range(n):
                scores = [mp.fsum(q[i][c] * k[j][c] for c in cols) / mp.sqrt(dh) if j <= i else mpf("-inf")
                          for j in range(n)]
                top = max(scores)
                e = [mp.exp(s - top) for s in scores]
                total = mp.fsum(e)
                for c in cols:
                    heads[i][c] = mp.fsum(e[j] / total * v[j][c] for j in range(n))
        attention = add_bias(matmul(heads, ly["w_o"]), ly["b_o"])
        x = [[a + b for a, b in zip(r1, r2)] for r1, r2 in zip(x, attention)]
        h = layer_norm(x, ly["ln2_g"], ly["ln2_b"])
        hidden = [[max(v, mpf(0)) for v in row] for row in add_bias(matmul(h, ly["w_1"]), ly["b_1"])]
        ff = add_bias(matmul(hidden, ly["w_2"]), ly["b_2"])
        x = [[a + b for a, b in zip(r1, r2)] for r1, r2 in zip(x, ff)]
        outputs.append(x)
    y = layer_norm(x, model["lnf_g"], model["lnf_b"])
    outputs.append(add_bias(matmul(y, model["w_head"]), model["b_head"]))
    return outputs


def float_layer_outputs(fm, tokens):
    """Each layer's output rows and the logits rows, from the cached float forward pass."""
    cache = fm.new_cache()
    per_position = []
    for pos, t in enumerate(tokens):
        record = []
        fm.step(t, pos, cache, record)
        per_position.append(record)
    return [[rec[i] for rec in per_position] for i in range(len(per_position[0]))]


# ---- The checks ----

def task(digits):
    return [(d + 1) % 10 for d in reversed(digits)]


def show(prompt, answer):
    """A prompt and an answer as README.md writes them; the separator (token 10) is |."""
    def text(tokens):
        return " ".join("|" if t == 10 else str(t) for t in tokens)
    return text(prompt) + " | -> " + text(answer)


def wrapped(lines, width=120):
    """Markdown list items wrapped at width, continued with two spaces."""
    out = []
    for line in lines:
        if line.startswith("- "):
            out += textwrap.wrap(line, width, subsequent_indent="  ", break_on_hyphens=False, break_long_words=False)
        else:
            out.append(line)
    return out


def power_of_ten_above(x):
    """The smallest 10^k above x, as text: '1e-15'."""
    k = math.floor(math.log10(x)) + 1 if x > 0 else -99
    return f"1e{k}"


def main():
    args = sys.argv[1:]
    update = args == ["--update-readme"]
    header = args[1] if len(args) == 2 and args[0] == "--header" else HEADER
    if not (args == [] or update or (len(args) == 2 and args[0] == "--header")):
        print("usage: python3 reference.py [--update-readme | --header <file>]", file=sys.stderr)
        return 2
    failures = []
    figures = {}

    def check(ok, message):
        print(("ok: " if ok else "FAILED: ") + message)
        if not ok:
            failures.append(message)

    # 1. The header.
    made = subprocess.run([sys.executable, os.path.join(HERE, "make_weights.py"), "--check", header],
                          capture_output=True, text=True)
    check(made.returncode == 0, made.stdout.strip() or made.stderr.strip())
    model = read_header(header)
    L, sep = model["L"], model["separator"]
    print(f"model: V = {model['V']}, d_model = {model['d_model']}, nhead = {model['nhead']}, d_ff = {model['d_ff']}, "
          f"N = {model['N']}, L = {L}")

    # 2. float64, every prompt.
    fm64 = FloatModel(model, Float64())
    wrong, gaps = exhaustive(fm64, sep, L, task)
    check(not wrong, f"float64: {10 ** L - len(wrong)} of {10 ** L} prompts answered right"
          + (f"; first wrong: {show(*wrong[0])}" if wrong else ""))
    if wrong and header != HEADER:
        print("1 failed (--header: the checks after the first wrong answer are not run)")
        return 1
    margin = min(low for low, _ in gaps)
    check(margin >= MARGIN_FLOOR, f"float64: margin (smallest gap between the winning logit and the runner-up, over "
          f"all prompts and steps) {margin:.6f}, at least {MARGIN_FLOOR}")
    spread = max(high - low for low, high in gaps)
    check(spread < 1e-12, "float64: the gap of each step is the same for every prompt (within 1e-12): "
          + ", ".join(f"step {i + 1}: {low:.6f} to {high:.6f}" for i, (low, high) in enumerate(gaps)))
    figures["margin"] = f"{margin:.4f}"
    figures["gaps"] = ", ".join(f"{low:.4f}" for low, _ in gaps)
    score_gap = min(layer_1_score_gap(fm64, p[:L] + [sep] + task(p[:L])[:-1], L) for p in model["test_prompts"])
    check(score_gap >= 40, f"layer 1: the mirror's score leads every other visible position's by {score_gap:.4f} or "
          "more (the header's test prompts)")
    figures["score_gap"] = f"{score_gap:.2f}"

    # 3. float32 on a structured subset, plain and with sin, cos and exp one ulp off.
    subset = [[a, b, a, b] for a in range(10) for b in range(10)] + model["test_prompts"]
    subset = [p[:L] for p in subset]
    for label, arith in (("float32", Float32()), ("float32, sin/cos/exp one ulp off", Float32(PERTURB_SEED))):
        fm32 = FloatModel(model, arith)
        worst_diff, worst_gap, bad = 0.0, math.inf, []
        for prompt in subset:
            answer, gaps, logits32 = generate(fm32, prompt, sep, L)
            _, _, logits64 = generate(fm64, prompt, sep, L)
            if answer != task(prompt):
                bad.append((prompt, answer))
            worst_gap = min(worst_gap, min(gaps))
            for l32, l64 in zip(logits32, logits64):
                worst_diff = max(worst_diff, max(abs(u - v) for u, v in zip(l32, l64)))
        check(not bad, f"{label}: {len(subset) - len(bad)} of {len(subset)} prompts (a b a b, and the 64 test "
              f"prompts) answered right" + (f"; first wrong: {show(*bad[0])}" if bad else ""))
        check(worst_diff < margin / 10, f"{label}: largest logit difference from float64 {worst_diff:.3g}, below a "
              f"tenth of the margin; smallest gap {worst_gap:.6f}")
        figures["f32_diff" if arith.rng is None else "f32_perturbed_diff"] = power_of_ten_above(worst_diff)
    figures["f32_count"] = str(len(subset))

    # 4. The header's test prompts.
    answers = [generate(fm64, p[:L], sep, L)[0] for p in model["test_prompts"]]
    check(all(p[L] == sep for p in model["test_prompts"]) and answers == model["test_answers"]
          and all(a == task(p[:L]) for p, a in zip(model["test_prompts"], answers)),
          f"the header's {len(answers)} test prompts: the model's answers are the listed ones, and the task's")
    figures["test_count"] = str(len(answers))

    # 5. mpmath.
    worst = [0.0] * (model["N"] + 1)
    for prompt in MP_PROMPTS:
        answer = task(prompt)
        tokens = prompt + [sep] + answer[:-1]
        exact = mp_forward(model, tokens)
        approx = float_layer_outputs(fm64, tokens)
        for i, (e_rows, a_rows) in enumerate(zip(exact, approx)):
            scale = max(abs(v) for row in e_rows for v in row)
            diff = max(abs(mpf(a) - e) for er, ar in zip(e_rows, a_rows) for a, e in zip(ar, er))
            worst[i] = max(worst[i], float(diff / scale))
        last = [max(range(len(row)), key=lambda j: row[j]) for row in exact[-1][L:]]
        check(last == answer, f"mpmath: {show(prompt, last)} (the 50-digit model's answer)")
    names = [f"layer {i + 1}" for i in range(model["N"])] + ["logits"]
    for name, value in zip(names, worst):
        check(value < 1e-13, f"mpmath against float64, {name}: largest difference {value:.3g} (relative to the "
              f"largest magnitude of the output)")
    figures["mp_diff"] = power_of_ten_above(max(worst))
    figures["mp_prompts"] = "; ".join(" ".join(map(str, p)) for p in MP_PROMPTS)

    # 6. Each layer is needed.
    for layer in range(1, model["N"] + 1):
        ablated = FloatModel(model, Float64(), zero_layers=(layer,))
        broken = None
        for p in model["test_prompts"]:
            answer = generate(ablated, p[:L], sep, L)[0]
            if answer != task(p[:L]):
                broken = (p[:L], answer)
                break
        check(broken is not None, f"layer {layer} zeroed: " + (
            f"{show(*broken)}, not {' '.join(map(str, task(broken[0])))}" if broken else "every answer still right"))
        if broken:
            figures[f"ablate_{layer}"] = f"`{show(*broken)}`, not `{' '.join(map(str, task(broken[0])))}`"

    # 7. README.md: the model's table and the figures.
    sys.dont_write_bytecode = True   # nothing written into the source tree
    sys.path.insert(0, HERE)
    import make_weights as mw   # the construction's parameters only
    table = "\n".join([
        "<!-- model: written by python3 reference.py --update-readme from the header and make_weights.py -->",
        "| | |",
        "|---|---|",
        f"| tokens | V = {model['V']}: the digits 0 to 9 are tokens 0 to 9, the separator is token "
        f"{model['separator']} |",
        f"| prompt, answer | L = {L} digits and the separator; the answer is L digits |",
        f"| longest sequence the model reads | {model['max_length']} positions, 0 to {model['max_length'] - 1} "
        "(the last answer digit is not read back) |",
        f"| d_model, nhead, d_head, d_ff, N | {model['d_model']}, {model['nhead']}, {model['d_head']}, "
        f"{model['d_ff']}, {model['N']} |",
        f"| residual stream | P: {model['max_length'] + 1}, T: {model['V']}, C: 10, spare: "
        f"{model['d_model'] - model['max_length'] - 1 - model['V'] - 10} dimensions |",
        f"| layer norm | eps = {model['eps']:g}, pre-norm (`norm_first=True`), gain 1 and bias 0 everywhere |",
        f"| embedding | rows of length {mw.EMBEDDING_LENGTH} (E), not scaled by sqrt(d_model) |",
        f"| layer 1 | reads the encoding's first {mw.PAIRS} sine-cosine pairs; query scale λ = {mw.QUERY_SCALE} |",
        f"| layer 2 | threshold θ = {mw.THRESHOLD}, move weight μ = {mw.MOVE} |",
        f"| head | separator bias β = {mw.SEP_BIAS} |",
        f"| test prompts | {len(model['test_prompts'])}, drawn by `random.Random({mw.PROMPT_SEED})` |",
        "<!-- end of model -->"])
    block = "\n".join(wrapped([
        "<!-- figures: written by python3 reference.py --update-readme, checked by python3 reference.py -->",
        f"- layer 1's attention: the mirror's score leads every other visible position's by at least "
        f"{figures['score_gap']}, so every other weight is below e^-{figures['score_gap'].split('.')[0]};",
        f"- margin (float64, all {10 ** L} prompts, every step): **{figures['margin']}**; the smallest gap of the "
        f"answer's steps 1 to {L}: {figures['gaps']} (the same for every prompt, within 1e-12);",
        f"- float32 ({figures['f32_count']} prompts: every a b a b, and the test prompts): every logit within "
        f"{figures['f32_diff']} of float64's; with "
        f"every sin, cos and exp result one float32 ulp off: within {figures['f32_perturbed_diff']};",
        f"- 50-digit reference ({figures['mp_prompts']}): every layer's float64 output within {figures['mp_diff']} "
        "of it, relative to the output's largest magnitude;",
        f"- the header's {figures['test_count']} test prompts answered as listed;",
        f"- layer 1 zeroed: {figures.get('ablate_1', '-')}; layer 2 zeroed: {figures.get('ablate_2', '-')}.",
        "<!-- end of figures -->"]))
    with open(README, encoding="utf-8") as f:
        readme = f.read()
    for name, text in (("model", table), ("figures", block)):
        pattern = re.compile(r"<!-- " + name + r":.*?<!-- end of " + name + " -->", re.S)
        if update:
            readme = pattern.sub(lambda _: text, readme)
            continue
        found = pattern.search(readme)
        same = found is not None and found.group(0) == text
        check(same, f"README.md states this run's {name}" + (
            "" if same else ":\n" + text + "\n(python3 reference.py --update-readme)"))
    if update:
        with open(README, "w", encoding="utf-8") as f:
            f.write(readme)
        print(f"wrote the model's table and the figures into {README}")
    print(f"{len(failures)} failed" if failures else "all checks passed")
    return 1 if failures else 0


if __name__ == "__main__":
    sys.exit(main())
