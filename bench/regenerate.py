#!/usr/bin/env python3
# SPDX-License-Identifier: BSL-1.0
"""Measures cta's compile-time and run-time costs and writes the tables of docs/performance.md.

    python3 bench/regenerate.py                 everything (about 30 minutes on 2 cores), into docs/performance.md
    python3 bench/regenerate.py --runs 1 --quick a fast pass (fewer sizes, short benchmarks) to try the script
    python3 bench/regenerate.py --headers       the table of preprocessed lines per public header alone (a minute)
    python3 bench/regenerate.py --batch-only    the run-time code of many shapes alone (a minute)
    python3 bench/regenerate.py --quantized-only the int8 self-attention alone (about 15 minutes)
    python3 bench/regenerate.py --functions-only the constant-evaluation cost of one call of each elementary function
                                                 alone (a few minutes)
    python3 bench/regenerate.py --transformer-only one encoder layer alone (about 10 minutes)
    python3 bench/regenerate.py --cortex-m4-only  the work per attention on the Cortex-M4 alone (a minute)
    python3 bench/regenerate.py --compilers-only the budgets of every compiler installed alone (a few minutes)
    python3 bench/regenerate.py --profile-only   the instructions per call at small sizes alone (a few minutes)
    python3 bench/regenerate.py --digits-only    the digits proof's compile time and peak memory per image alone
                                                 (a few minutes)

What it measures, for GCC (g++) and Clang (clang++), each translation unit compiled with -std=c++20 -O2 -c:
- compile time (wall seconds) and peak memory (maximum resident set size of the compiler) per translation unit,
  median and least of --runs runs: bench/compile_time/headers_only.cpp (the headers alone),
  tests/static/tutorial_proof.cpp (the seed's proof), attention_single.cpp (one self-attention in one constant
  expression) and attention_staged.cpp (each step in its own constant) for n = d in 8, 16, 32, 48, 64, with the
  constant-evaluation limits raised far enough for all of them;
- the largest n = d whose self-attention compiles in one constant expression under the compiler's default limits
  (attention_single.cpp; search over n, each candidate compiled);
- the constant-evaluation cost of a multiply-add (matmul_steps.cpp, an n x n x n product) and of one cta::exp call
  (exp_steps.cpp): the smallest -fconstexpr-steps (Clang) or -fconstexpr-ops-limit (GCC) that still compiles, found
  by bisection, so the counts are exact and the same on every machine;
- the constant-evaluation cost of one call of each elementary function of double (FUNCTIONS below: exp, log,
  log1p, sin, cos, expm1, tanh, erf, erfc, over small arguments, and sin and cos over the largest ones): 1000 calls in one
  constant expression and the same loop without them, each count the smallest limit that compiles (bisection, as
  above); tests/budget asserts the counts and tests/docs_generated (docs.function_costs) that the page shows them;
- for each public header (include/cta/*.hpp), a translation unit holding only `#include <cta/name.hpp>`, compiled
  with -std=c++20 -I include: its preprocessed lines (-E, as `wc -l` counts them), whether it reads a file of Boost,
  and the median of --runs -fsyntax-only times; the lines hold for one compiler version, standard library and Boost
  version (bench/compile_time/toolchain.cpp names them), and tests/docs_generated/check_header_lines.cmake checks
  them for those the page names;
- the run-time code of many shapes: attention_batch.cpp, cta::self_attention_batch over 1 and over 32 sequence
  lengths, compiled with -std=c++20 -O2 -c: compile time and peak memory as above, and from the object file its text
  bytes (size), the functions of cta it defines and, of them, the run-time product kernels (nm), which are counts;
- the int8 self-attention (<cta/quantized/attention.hpp>), n inputs of d features and d x d weights, n = d: the
  largest n whose int8 attention compiles in one constant expression under the compiler's default limits, its
  parameters, model and inputs constants of their own (bench/compile_time/quantized_attention.cpp), and the largest
  n whose calibration (calibrate_self_attention, the real-valued attention in double) and quantization
  (quantize_self_attention, the int8 inputs) compile, each a constant (its CTA_BENCH_CALIBRATION form); search over
  n as above. tests/budget (budget.quantized_*) checks both against the build for the compilers the page names,
  the attention with the activations' quantization of bench/compile_time/quantized_activations.hpp (written for the
  page's n and n + 1: after new figures, cmake --build <build> --target update_quantized_activations).
  And its run time at n = d = 64 against the double self-attention's (bench/quantized_bench.cpp), at -O2 and at
  -O3 -march=native, median and minimum of repetitions, and the binaries' checks (run time == compile time);
- one Transformer encoder layer, n = 16 tokens, d_model = 64, 4 heads, d_ff = 256, in double, post-norm
  (bench/compile_time/encoder_layer.cpp): the smallest limit with which one layer compiles in one constant expression
  (bisection, as for the products), whether one layer and two layers compile under the compilers' default limits
  (one compilation each), the constant-evaluation cost of a multiply-add in a 64x64x64 product (matmul_steps.cpp)
  and what the layer's products would cost at that rate; and its run time against the same layer written with
  Eigen 3.4 (bench/transformer_bench.cpp) at -O2 and at -O3 -march=native, median and minimum of repetitions, and the
  binaries' checks. tests/budget (budget.encoder_layer.*) checks the counts and the verdicts against the build for
  the compilers the page names;
- the work per self-attention on a Cortex-M4 (bench/cortex-m4, built with arm-none-eabi-g++ at -Os and run under
  qemu-system-arm's mps2-an386): the instructions one call executes and the bytes of code it runs, for
  cta::self_attention and two versions in plain loops, in float and double, for the seed's shape and n = d = 8 and
  16. Counts, the same on every machine: tests/embedded/attention_figures.cmake measures them and writes the block
  (this script runs it with UPDATE=ON), and docs.cortex_m4_attention_figures checks the page against the build;
- the budgets of every compiler of COMPILER_MATRIX that is installed (GCC 11 and 12, Clang 14, 16, 19 and 22, the
  compilers of .ci/test-all): the smallest limit with which a 64x64x64 product of doubles compiles (matmul_steps.cpp,
  bisection as above) and its cost per multiply-add, and the largest n = d whose self-attention compiles in one
  constant expression under the compiler's default limits (attention_single.cpp), with the flags
  cta_raise_constexpr_limits passes to it. tests/budget (budget.compiler_row.*) checks the row of the compiler that
  builds the tests;
- run time with Google Benchmark (bench/runtime_bench.cpp, built by CMake with -DCTA_BUILD_BENCH=ON): cta, Eigen 3.4
  fixed-size matrices and naive loops, at -O2, at -O3 -march=native and at -O3 for the x86-64 levels v3 (AVX2) and
  v4 (AVX-512) where the processor has them (as CPUID tells, through GCC's __builtin_cpu_supports: /proc/cpuinfo's
  flags may lack names a level needs in a virtual machine), median and minimum of repetitions, and each binary's own
  lines: the vectors cta's run-time kernels use, and its checks (no heap allocation, run time == compile time bit for
  bit).

Every run-time table (the attention and its steps, the int8 attention, the encoder layer, the instructions per call)
names in each row the processor that measured it: its model name and whether it has AVX-512, on which -O3
-march=native means 64-byte vectors for cta and Eigen alike and ratios differ from a processor without it (and, among
processors with it, between those that run a 512-bit instruction on one unit and those that split it in two).

The text of docs/performance.md outside the markers <!-- generated:begin --> and <!-- generated:end --> (and
<!-- generated-headers:begin --> and <!-- generated-headers:end -->, the table per header,
<!-- generated-batch:begin --> and <!-- generated-batch:end -->, the run-time code of many shapes, and
<!-- generated-quantized:begin --> and <!-- generated-quantized:end -->, the int8 self-attention, and
<!-- generated-functions:begin --> and <!-- generated-functions:end -->, the elementary functions,
<!-- generated-transformer:begin --> and <!-- generated-transformer:end -->, the encoder layer, and
<!-- embedded-attention:begin --> and <!-- embedded-attention:end -->, the Cortex-M4, and
<!-- generated-compilers:begin --> and <!-- generated-compilers:end -->, the budgets per compiler) is kept; between
them the script writes the machine, the command and the tables. tests/inlining (inlining.shared_kernels) compares
the counts of the batch block with the build.
"""

import argparse
import datetime
import json
import os
import platform
import re
import shutil
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
BENCH = ROOT / "bench"
COMPILE_TIME = BENCH / "compile_time"
DOC = ROOT / "docs" / "performance.md"
BEGIN, END = "<!-- generated:begin -->", "<!-- generated:end -->"
HEADERS_BEGIN, HEADERS_END = "<!-- generated-headers:begin -->", "<!-- generated-headers:end -->"
INCLUDE = ROOT / "include"
BATCH_BEGIN, BATCH_END = "<!-- generated-batch:begin -->", "<!-- generated-batch:end -->"
QUANTIZED_BEGIN, QUANTIZED_END = "<!-- generated-quantized:begin -->", "<!-- generated-quantized:end -->"
FUNCTIONS_BEGIN, FUNCTIONS_END = "<!-- generated-functions:begin -->", "<!-- generated-functions:end -->"
# The elementary functions whose cost per call the page shows: the function, its arguments, the translation unit of
# bench/compile_time, the defines of the loop with the calls and of the same loop without them, and the names of the
# two counts in tests/budget/CMakeLists.txt (budget.<name>.*), which tests/docs_generated/check_function_costs.cmake
# compares with the page. Each loop makes FUNCTION_CALLS calls.
FUNCTION_CALLS = 1000
_SMALL = ["-DCTA_BENCH_SMALL"]
FUNCTIONS = (
    ("cta::exp(double)", "[-10, 0)", "exp_steps.cpp", ["-DCTA_BENCH_EXP"], [], "exp_calls", "exp_loop"),
    ("cta::log(double)", "(0, 10)", "log_steps.cpp", ["-DCTA_BENCH_LOG"], [], "log_calls", "log_loop"),
    ("cta::log1p(double)", "(0, 10)", "log_steps.cpp", ["-DCTA_BENCH_LOG1P"], [], "log1p_calls", "log_loop"),
    ("cta::sin(double)", "(-10, 10)", "trig_steps.cpp", _SMALL + ["-DCTA_BENCH_SIN"], _SMALL, "sin_small",
     "trig_small_loop"),
    ("cta::cos(double)", "(-10, 10)", "trig_steps.cpp", _SMALL + ["-DCTA_BENCH_COS"], _SMALL, "cos_small",
     "trig_small_loop"),
    ("cta::sin(double)", "[1e300, 2e300)", "trig_steps.cpp", ["-DCTA_BENCH_SIN"], [], "sin_huge", "trig_loop"),
    ("cta::cos(double)", "[1e300, 2e300)", "trig_steps.cpp", ["-DCTA_BENCH_COS"], [], "cos_huge", "trig_loop"),
    ("cta::expm1(double)", "(-10, 10)", "expm1_steps.cpp", ["-DCTA_BENCH_EXPM1"], [], "expm1_calls", "expm1_loop"),
    ("cta::tanh(double)", "(-10, 10)", "tanh_steps.cpp", ["-DCTA_BENCH_TANH"], [], "tanh_calls", "tanh_loop"),
    ("cta::erf(double)", "(-5, 5)", "erf_steps.cpp", ["-DCTA_BENCH_ERF"], [], "erf_calls", "erf_loop"),
    ("cta::erfc(double)", "(-5, 5)", "erf_steps.cpp", ["-DCTA_BENCH_ERFC"], [], "erfc_calls", "erf_loop"),
)
# The int8 self-attention: the translation unit of the largest n = d, its forms (name, defines, what it holds), the
# aim for the int8 attention, and the run-time variants of bench/quantized_bench.cpp (bench/CMakeLists.txt).
QUANTIZED_SOURCE = COMPILE_TIME / "quantized_attention.cpp"
QUANTIZED_FORMS = (("attention", [], "the int8 attention in one constant expression"),
                   ("calibration", ["-DCTA_BENCH_CALIBRATION"], "calibration and quantization, a constant each"))
QUANTIZED_AIM = 128
QUANTIZED_VARIANTS = (("o2", "-O2"), ("native", "-O3 -march=native"))
# The encoder layer: its translation unit, where the search for its exact count starts for each compiler (doubling
# from there, then bisection: a start just below the count takes about 25 compilations), the multiply-adds of its
# products (the projections 4 n d_model^2, the scores and the heads' outputs n^2 d_model each, the feed-forward part
# 2 n d_model d_ff) and the run-time variants of bench/transformer_bench.cpp (bench/CMakeLists.txt).
TRANSFORMER_BEGIN, TRANSFORMER_END = "<!-- generated-transformer:begin -->", "<!-- generated-transformer:end -->"
COMPILERS_BEGIN, COMPILERS_END = "<!-- generated-compilers:begin -->", "<!-- generated-compilers:end -->"
# The sizes of the run-time table (bench/runtime_bench.cpp's), and those with a target of their own.
RUN_TIME_SIZES = (("tutorial", "3 tokens, d = 4, d_k = 3"), ("8", "n = d = 8"), ("16", "n = d = 16"),
                  ("64", "n = d = 64"))
SMALL_SIZES = (("tutorial", "the tutorial's size"), ("8", "n = d = 8"), ("16", "n = d = 16"))
PROFILE_BEGIN, PROFILE_END = "<!-- generated-profile:begin -->", "<!-- generated-profile:end -->"
DIGITS_BEGIN, DIGITS_END = "<!-- generated-digits:begin -->", "<!-- generated-digits:end -->"
DIGITS_SOURCE = COMPILE_TIME / "digits_images.cpp"
DIGITS_COUNTS = (0, 10, 20)  # images per translation unit: 0 is the headers, the files' bytes and the model alone
DIGITS_TYPES = ("float", "double")
# The sizes, steps and variants of the instruction counts (--profile-only): runtime_bench --count runs the functions
# counted_<implementation>_<step>; valgrind has no AVX-512, so the widest variant counted is x86-64-v3 (AVX2, FMA).
PROFILE_SIZES = (("tutorial", "3 tokens, d = 4, d_k = 3"), ("8", "n = d = 8"), ("16", "n = d = 16"))
PROFILE_STEPS = (("attention", "whole attention"), ("products", "its five products"), ("softmax", "its softmax"))
PROFILE_VARIANTS = (("o2", "-O2"), ("x86_64_v3", "-O3 -march=x86-64-v3"))
PROFILE_CALLS = 1000
# The compilers of the budgets per compiler (.ci/test-all's): (family, command). Each one's default limits and the
# flags cmake/cta_constexpr_limits.cmake's cta_raise_constexpr_limits gives it with its defaults.
COMPILER_MATRIX = [("GCC", "g++-11"), ("GCC", "g++"), ("Clang", "clang++"), ("Clang", "clang++-16"),
                   ("Clang", "clang++-19"), ("Clang", "clang++-22")]


def raised_limits(family):
    """The flags cta_raise_constexpr_limits(<target>) passes to a compiler of the family with its defaults, read from
    cmake/cta_constexpr_limits.cmake's set(steps|ops|loop|depth <n>)."""
    text = (ROOT / "cmake" / "cta_constexpr_limits.cmake").read_text()
    value = {name: re.search(rf"\n  set\({name} ([0-9]+)\)", text).group(1) for name in ("steps", "ops", "loop", "depth")}
    if family == "Clang":
        return f"-fconstexpr-steps={value['steps']} -fconstexpr-depth={value['depth']}"
    return (f"-fconstexpr-ops-limit={value['ops']} -fconstexpr-loop-limit={value['loop']} "
            f"-fconstexpr-depth={value['depth']}")
TRANSFORMER_SOURCE = COMPILE_TIME / "encoder_layer.cpp"
TRANSFORMER_START = {"GCC": 2**24, "Clang": 2**17}
TRANSFORMER_N, TRANSFORMER_D, TRANSFORMER_H, TRANSFORMER_FF = 16, 64, 4, 256
TRANSFORMER_MULTIPLY_ADDS = (4 * TRANSFORMER_N * TRANSFORMER_D**2 + 2 * TRANSFORMER_N**2 * TRANSFORMER_D
                             + 2 * TRANSFORMER_N * TRANSFORMER_D * TRANSFORMER_FF)
TRANSFORMER_PRODUCT = 64  # the n x n x n product whose cost per multiply-add prices the layer's products
TRANSFORMER_VARIANTS = QUANTIZED_VARIANTS
# The numbers of sequence lengths of attention_batch.cpp, and the functions of cta that are run-time product kernels
# (demangled names; tests/inlining/check_shared_kernels.cmake has the same pattern).
BATCH_LENGTHS = (1, 32)
PRODUCT_KERNELS = re.compile(r" [TtWw] .*cta::detail::multiply_(kernel|strips|block|plain)[\[<(]")

COMPILERS = {"GCC": "g++", "Clang": "clang++"}
# The run-time variants (bench/CMakeLists.txt builds each): name, flags, and the x86-64 level the processor must have
# (from /proc/cpuinfo's flags, the features of the x86-64 psABI's level) or None.
VARIANTS = [("o2", "-O2", None), ("native", "-O3 -march=native", None),
            ("x86_64_v3", "-O3 -march=x86-64-v3", "x86-64-v3"), ("x86_64_v4", "-O3 -march=x86-64-v4", "x86-64-v4")]
LEVEL_FEATURES = {
    "x86-64-v2": {"cx16", "lahf_lm", "popcnt", "pni", "sse4_1", "sse4_2", "ssse3"},
    "x86-64-v3": {"avx", "avx2", "bmi1", "bmi2", "f16c", "fma", "abm", "movbe", "xsave"},
    "x86-64-v4": {"avx512f", "avx512bw", "avx512cd", "avx512dq", "avx512vl"},
}


def cpu_flags():
    try:
        text = Path("/proc/cpuinfo").read_text()
        return set(re.search(r"^flags\s*:(.*)$", text, re.M).group(1).split())
    except (OSError, AttributeError):
        return set()


LEVEL_PROBE = r"""#include <cstdio>
int main() {
    std::printf("%d %d %d\n", __builtin_cpu_supports("x86-64-v2") != 0, __builtin_cpu_supports("x86-64-v3") != 0,
                __builtin_cpu_supports("x86-64-v4") != 0);
}
"""
_levels_found = None


def processor_levels():
    """The x86-64 levels the processor has, as GCC's __builtin_cpu_supports finds them from CPUID (as
    cta_run_on_level does, tests/levels), or None where no probe could be built and run. /proc/cpuinfo's flags are
    the kernel's names, which a virtual machine may leave out (lzcnt, which x86-64-v3 needs, appears as `abm` or not
    at all)."""
    global _levels_found
    if _levels_found is None:
        _levels_found = ()
        if shutil.which("g++") is not None:
            with tempfile.TemporaryDirectory() as scratch:
                source, binary = Path(scratch) / "levels.cpp", Path(scratch) / "levels"
                source.write_text(LEVEL_PROBE)
                built = subprocess.run(["g++", "-O2", str(source), "-o", str(binary)], capture_output=True)
                ran = subprocess.run([str(binary)], capture_output=True, text=True) if built.returncode == 0 else None
                if ran is not None and ran.returncode == 0:
                    answers = ran.stdout.split()
                    _levels_found = tuple(level for level, yes in zip(LEVEL_FEATURES, answers) if yes == "1")
    return _levels_found


def has_level(level, flags):
    """Whether the processor has an x86-64 level: as CPUID tells it (processor_levels), else from /proc/cpuinfo's
    flags, the level's features and those of the levels below it."""
    if platform.machine() not in ("x86_64", "AMD64"):
        return False
    if processor_levels():
        return level in processor_levels()
    levels = list(LEVEL_FEATURES)
    return all(LEVEL_FEATURES[below] <= flags for below in levels[:levels.index(level) + 1])
# Limits far above anything measured here, for the compile-time table (each TU must compile).
RAISED = {
    "GCC": ["-fconstexpr-ops-limit=2147483647", "-fconstexpr-loop-limit=2147483647"],
    "Clang": ["-fconstexpr-steps=2147483647"],
}
# The default limits, for the record.
DEFAULT_LIMITS = {"GCC": "-fconstexpr-ops-limit=33554432, -fconstexpr-loop-limit=262144",
                  "Clang": "-fconstexpr-steps=1048576"}


def compile_command(compiler, source, extra=(), syntax_only=False, output=os.devnull):
    cmd = [COMPILERS[compiler], "-std=c++20", "-O2", f"-I{ROOT / 'include'}", f"-I{BENCH}", f"-I{ROOT / 'examples'}"]
    cmd += list(extra)
    cmd += ["-fsyntax-only"] if syntax_only else ["-c", "-o", str(output)]
    cmd += [str(source)]
    return cmd


def run_measured(cmd):
    """Runs cmd; returns (exit status, wall seconds, peak RSS in MiB of the process and its children, stderr)."""
    start = time.perf_counter()
    with tempfile.TemporaryFile() as err:
        proc = subprocess.Popen(cmd, stdout=subprocess.DEVNULL, stderr=err)
        _, status, usage = os.wait4(proc.pid, 0)
        seconds = time.perf_counter() - start
        proc.returncode = os.waitstatus_to_exitcode(status)
        err.seek(0)
        text = err.read().decode(errors="replace")
    return proc.returncode, seconds, usage.ru_maxrss / 1024.0, text


def compiles(compiler, source, extra):
    status, _, _, _ = run_measured(compile_command(compiler, source, extra, syntax_only=True))
    return status == 0


def measured_compile(compiler, source, extra):
    """(wall seconds, peak MiB) of one compilation of source."""
    status, seconds, mib, err = run_measured(compile_command(compiler, source, extra))
    if status != 0:
        raise SystemExit(f"{' '.join(compile_command(compiler, source, extra))} failed:\n{err[:4000]}")
    return seconds, mib


def first_true(predicate, start, ceiling):
    """The smallest integer n in [1, ceiling] with predicate(n) true, or ceiling + 1 if there is none, given predicate
    false below some n and true from there on: doubling from start, then bisection."""
    low, high = 0, start  # predicate(low) false (low == 0: taken as false), predicate(high) to be found true
    while high <= ceiling and not predicate(high):
        low, high = high, high * 2
    high = min(high, ceiling + 1)  # ceiling + 1: taken as true
    while high - low > 1:
        middle = (low + high) // 2
        if predicate(middle):
            high = middle
        else:
            low = middle
    return high


def limit_flags(compiler, value):
    if compiler == "Clang":
        return [f"-fconstexpr-steps={value}"]
    return [f"-fconstexpr-ops-limit={value}", "-fconstexpr-loop-limit=2147483647"]


def smallest_limit(compiler, source, defines, start=1024):
    limit = first_true(lambda value: compiles(compiler, source, defines + limit_flags(compiler, value)), start, 2**31)
    if limit > 2**31:
        raise SystemExit(f"{source}: no limit up to 2^31 compiles")
    return limit


def version(command):
    out = subprocess.run([command, "--version"], capture_output=True, text=True).stdout
    return out.splitlines()[0] if out else "?"


def compiler_version(compiler):
    """The compiler's version number, as CMake's CMAKE_CXX_COMPILER_VERSION gives it (12.2.0, 14.0.6)."""
    flag = "-dumpfullversion" if compiler == "GCC" else "-dumpversion"
    return subprocess.run([COMPILERS[compiler], flag], capture_output=True, text=True).stdout.strip() or "?"


def machine():
    model = "?"
    ids = {}  # vendor_id, cpu family, model: what names the processor where a virtual machine shortens its model name
    try:
        for line in Path("/proc/cpuinfo").read_text().splitlines():
            key, _, value = line.partition(":")
            key = key.strip()
            if key in ("vendor_id", "cpu family", "model", "model name") and key not in ids:
                ids[key] = value.strip()
            if line.strip() == "":
                break
        model = ids.get("model name", model)
    except OSError:
        pass
    family = (f"{ids['vendor_id']} family {ids['cpu family']} model {ids['model']}; "
              if all(k in ids for k in ("vendor_id", "cpu family", "model")) else "")
    mem = "?"
    try:
        kib = int(re.search(r"MemTotal:\s+(\d+)", Path("/proc/meminfo").read_text()).group(1))
        mem = f"{kib / 1024 / 1024:.0f} GiB"
    except (OSError, AttributeError):
        pass
    have = cpu_flags()
    flags = ", ".join(f for f in ("sse2", "avx", "avx2", "fma", "avx512f", "avx512dq", "avx512bw", "avx512vl")
                      if f in have)
    levels = [level for level in LEVEL_FEATURES if has_level(level, have)]
    if levels:
        flags += "; x86-64 levels " + ", ".join(levels)
    avx512 = "AVX-512" if has_level("x86-64-v4", have) else "no AVX-512"
    return {
        "cpu": f"{model}, {os.cpu_count()} logical CPUs ({flags})",
        "processor": f"{model} ({family}{avx512})",
        "memory": mem,
        "os": f"{platform.system()} {platform.release()}",
        "gcc": version("g++"),
        "clang": version("clang++"),
        "cmake": version("cmake"),
        "load": "{:.2f} {:.2f} {:.2f}".format(*os.getloadavg()),
    }


# ---- Compile time ------------------------------------------------------------------------------------------------


def compile_time_table(sizes, runs, log):
    rows = []
    units = [("headers only (`bench/compile_time/headers_only.cpp`)", COMPILE_TIME / "headers_only.cpp", []),
             ("the seed's proof (`tests/static/tutorial_proof.cpp`)", ROOT / "tests/static/tutorial_proof.cpp", [])]
    for n in sizes:
        units.append((f"self-attention n = d = {n}, one constant expression", COMPILE_TIME / "attention_single.cpp",
                      [f"-DCTA_BENCH_N={n}"]))
    for n in sizes:
        units.append((f"self-attention n = d = {n}, a constant per step", COMPILE_TIME / "attention_staged.cpp",
                      [f"-DCTA_BENCH_N={n}"]))
    # Run r of every translation unit, then run r + 1 of every one: a slow moment of the machine falls on several
    # units, not on all the runs of one.
    samples = {}
    for run in range(runs):
        log(f" run {run + 1} of {runs}")
        for name, source, defines in units:
            for compiler in COMPILERS:
                seconds, mib = measured_compile(compiler, source, defines + RAISED[compiler])
                samples.setdefault((name, compiler), []).append((seconds, mib))
    results = {}
    for name, _, _ in units:
        row = [name]
        for compiler in COMPILERS:
            times = [seconds for seconds, _ in samples[(name, compiler)]]
            median, least = statistics.median(times), min(times)
            mib = statistics.median(m for _, m in samples[(name, compiler)])
            results[(name, compiler)] = (median, least)
            log(f"  {compiler:5} {median:7.2f} s (least {least:.2f} s) {mib:7.0f} MiB  {name}")
            row += [f"{median:.2f}", f"{least:.2f}", f"{mib:.0f}"]
        rows.append(row)
    return rows, results


def largest_sizes(log):
    found = {}
    for compiler in COMPILERS:
        # The last n that compiles: one before the first that does not.
        n = first_true(lambda n: not compiles(compiler, COMPILE_TIME / "attention_single.cpp", [f"-DCTA_BENCH_N={n}"]),
                       16, 512) - 1
        found[compiler] = n
        log(f"  {compiler}: largest n = d in one constant expression under the default limits: {n}")
    return found


def budget_costs(matmul_sizes, exp_calls, log):
    costs = {}
    for compiler in COMPILERS:
        unit = "steps" if compiler == "Clang" else "operations"
        for n in matmul_sizes:
            limit = smallest_limit(compiler, COMPILE_TIME / "matmul_steps.cpp", [f"-DCTA_BENCH_N={n}"])
            costs[(compiler, "matmul", n)] = limit
            log(f"  {compiler}: {n}x{n}x{n} product: smallest limit {limit} {unit}, {limit / n**3:.3f} per multiply-add")
        with_exp = smallest_limit(compiler, COMPILE_TIME / "exp_steps.cpp",
                                  [f"-DCTA_BENCH_CALLS={exp_calls}", "-DCTA_BENCH_EXP"])
        without = smallest_limit(compiler, COMPILE_TIME / "exp_steps.cpp", [f"-DCTA_BENCH_CALLS={exp_calls}"])
        costs[(compiler, "exp")] = (with_exp, without)
        log(f"  {compiler}: {exp_calls} exp calls: {with_exp} vs {without} {unit}, "
            f"{(with_exp - without) / exp_calls:.2f} per call")
    return costs


def function_costs(log):
    """{(compiler, budget name): smallest limit} for the loops of FUNCTIONS (each loop measured once)."""
    costs = {}
    for compiler in COMPILERS:
        for _, _, source, with_calls, without, calls_name, loop_name in FUNCTIONS:
            for name, defines in ((calls_name, with_calls), (loop_name, without)):
                if (compiler, name) not in costs:
                    costs[(compiler, name)] = smallest_limit(
                        compiler, COMPILE_TIME / source, [f"-DCTA_BENCH_CALLS={FUNCTION_CALLS}"] + defines)
                    log(f"  {compiler}: {name} ({source} {' '.join(defines)}): {costs[(compiler, name)]}")
    return costs


def per_call(with_calls, without):
    """(with_calls - without) / FUNCTION_CALLS, exactly: FUNCTION_CALLS is 1000, so three decimals."""
    difference = with_calls - without
    return f"{difference // FUNCTION_CALLS:,}.{difference % FUNCTION_CALLS:03d}"


def functions_text(info, costs, command):
    out = [f"Measured on {datetime.date.today().isoformat()} by `{command}` ({info['gcc']}; {info['clang']}).\n"]
    out.append(f"Each row: {FUNCTION_CALLS} calls of the function in one constant expression, summed, and the same "
               "loop summing the arguments instead, each count the smallest `-fconstexpr-steps` (Clang) or "
               "`-fconstexpr-ops-limit` (GCC) with which the translation unit of `bench/compile_time` still compiles "
               "(`-std=c++20 -O2 -fsyntax-only`, bisection); the cost of one call is the difference over "
               f"{FUNCTION_CALLS}. The names are those of the tests of `tests/budget` that assert the counts "
               "(`budget.<name>.at_limit`, `budget.<name>.below_limit`).\n")
    rows = []
    for compiler in COMPILERS:
        unit = "steps" if compiler == "Clang" else "operations"
        for function, arguments, source, _, _, calls_name, loop_name in FUNCTIONS:
            with_calls, without = costs[(compiler, calls_name)], costs[(compiler, loop_name)]
            rows.append([f"`{function}` on {arguments}, `{source}`", f"{compiler} {compiler_version(compiler)}",
                         unit, f"`{calls_name}`", f"{with_calls:,}", f"`{loop_name}`", f"{without:,}",
                         per_call(with_calls, without)])
    out.append(table(["function, arguments, translation unit", "compiler", "counted", "with the calls", "count",
                      "without them", "count", "one call"], rows))
    return "\n".join(out)


# ---- Including a header ------------------------------------------------------------------------------------------


def toolchain(compiler):
    """The compiler's version, standard library and Boost version, e.g. "GCC 12.2, libstdc++ 12, Boost 1.74", read
    from bench/compile_time/toolchain.cpp preprocessed (as tests/docs_generated/check_header_lines.cmake reads it)."""
    out = subprocess.run([COMPILERS[compiler], "-std=c++20", "-E", "-P", str(COMPILE_TIME / "toolchain.cpp")],
                         capture_output=True, text=True, check=True).stdout
    name, major, minor = re.search(r"cta_toolchain_compiler (\S+) (\d+) (\d+)", out).groups()
    library, library_version = re.search(r"cta_toolchain_library (\S+) (\d+)", out).groups()
    boost_major, boost_minor = re.search(r'cta_toolchain_boost "(\d+)_(\d+)', out).groups()
    return f"{name} {major}.{minor}, {library} {library_version}, Boost {boost_major}.{boost_minor}"


def public_headers():
    return sorted(f"cta/{path.name}" for path in (INCLUDE / "cta").glob("*.hpp"))


def header_unit(directory, header):
    source = Path(directory) / (re.sub(r"\W", "_", header) + ".cpp")
    source.write_text(f"#include <{header}>\n")
    return source


def preprocessed(compiler, source):
    """(lines, reads Boost) of source preprocessed with -std=c++20 -I include -E."""
    out = subprocess.run([COMPILERS[compiler], "-std=c++20", f"-I{INCLUDE}", "-E", str(source)],
                         capture_output=True, text=True, check=True).stdout
    return out.count("\n"), re.search(r'^# \d+ "[^"\n]*/boost/', out, re.M) is not None


def header_costs(runs, log):
    """For each compiler: its toolchain, and for each public header its lines, whether it reads Boost, and the median
    of `runs` -fsyntax-only times (run 1 of every header with every compiler, then run 2, ...)."""
    headers = public_headers()
    chains = {compiler: toolchain(compiler) for compiler in COMPILERS}
    lines, boost, times = {}, {}, {}
    with tempfile.TemporaryDirectory() as directory:
        units = {header: header_unit(directory, header) for header in headers}
        for compiler in COMPILERS:
            for header in headers:
                lines[(compiler, header)], boost[(compiler, header)] = preprocessed(compiler, units[header])
        for run in range(runs):
            log(f" run {run + 1} of {runs}")
            for header in headers:
                for compiler in COMPILERS:
                    cmd = [COMPILERS[compiler], "-std=c++20", f"-I{INCLUDE}", "-fsyntax-only", str(units[header])]
                    status, seconds, _, err = run_measured(cmd)
                    if status != 0:
                        raise SystemExit(f"{' '.join(cmd)} failed:\n{err[:4000]}")
                    times.setdefault((compiler, header), []).append(seconds)
    for header in headers:
        log(f"  {header:24} " + "  ".join(
            f"{compiler} {lines[(compiler, header)]:6} lines {statistics.median(times[(compiler, header)]):.3f} s"
            for compiler in COMPILERS) + ("  (Boost)" if any(boost[(c, header)] for c in COMPILERS) else ""))
    return headers, chains, lines, boost, times


def headers_text(runs, info, costs, command):
    headers, chains, lines, boost, times = costs
    out = []
    out.append(f"Measured on {datetime.date.today().isoformat()} by `{command}` (CPU: {info['cpu']}; load average "
               f"at the start {info['load']}): for each public header, a translation unit that holds "
               "only `#include <cta/name.hpp>`, compiled with `-std=c++20 -I include`. Lines: its `-E` output, as "
               "`wc -l` counts them; they hold for the toolchain each column names (the compiler, its standard "
               "library, Boost; `bench/compile_time/toolchain.cpp`), and `docs.header_lines` checks them against "
               "the build where its toolchain is one of these. Boost: whether it reads a file of Boost. Seconds: "
               f"`-fsyntax-only`, the median of {runs} runs (run 1 of every unit, then run 2, ...), which depend on "
               "the machine and are not checked.\n")
    header_row = ["header", "Boost"]
    for compiler in COMPILERS:
        header_row += [f"lines, {chains[compiler]}", f"{compiler} s"]
    rows = []
    for header in headers:
        reads = {boost[(compiler, header)] for compiler in COMPILERS}
        if len(reads) != 1:
            raise SystemExit(f"<{header}> reads Boost with one compiler and not with the other")
        row = [f"`<{header}>`", "yes" if reads.pop() else "no"]
        for compiler in COMPILERS:
            row += [f"{lines[(compiler, header)]:,}", f"{statistics.median(times[(compiler, header)]):.2f}"]
        rows.append(row)
    out.append(table(header_row, rows))
    return "\n".join(out)


def replace_section(doc, begin, end, text, path):
    if begin not in doc or end not in doc:
        raise SystemExit(f"{path} has no {begin} ... {end} section")
    head, rest = doc.split(begin, 1)
    _, tail = rest.split(end, 1)
    return f"{head}{begin}\n{text}\n{end}{tail}"


# ---- Run-time code of many shapes --------------------------------------------------------------------------------


def object_figures(compiler, lengths):
    """(text bytes, functions of cta, run-time product kernels) of attention_batch.cpp's object file."""
    with tempfile.TemporaryDirectory() as tmp:
        obj = Path(tmp) / "batch.o"
        cmd = compile_command(compiler, COMPILE_TIME / "attention_batch.cpp", [f"-DCTA_BENCH_LENGTHS={lengths}"],
                              output=obj)
        subprocess.run(cmd, check=True)
        text = int(subprocess.run(["size", str(obj)], capture_output=True, text=True, check=True)
                   .stdout.splitlines()[1].split()[0])
        functions = [line.split(maxsplit=2) for line in subprocess.run(
            ["nm", "--defined-only", str(obj)], capture_output=True, text=True, check=True).stdout.splitlines()]
        cta = sum(1 for f in functions if len(f) == 3 and f[1] in "TtWw" and f[2].startswith("_ZN3cta"))
        demangled = subprocess.run(["nm", "--defined-only", "-C", str(obj)], capture_output=True, text=True,
                                   check=True).stdout.splitlines()
        kernels = len({line.split(maxsplit=2)[2] for line in demangled if PRODUCT_KERNELS.search(line)})
    return text, cta, kernels


def batch_table(runs, log):
    """Compile time, peak memory and object figures of attention_batch.cpp for each compiler and BATCH_LENGTHS."""
    samples = {}
    for run in range(runs):
        log(f" run {run + 1} of {runs}")
        for lengths in BATCH_LENGTHS:
            for compiler in COMPILERS:
                samples.setdefault((compiler, lengths), []).append(measured_compile(
                    compiler, COMPILE_TIME / "attention_batch.cpp", [f"-DCTA_BENCH_LENGTHS={lengths}"]))
    results = {}
    for compiler in COMPILERS:
        for lengths in BATCH_LENGTHS:
            times = [seconds for seconds, _ in samples[(compiler, lengths)]]
            mib = statistics.median(m for _, m in samples[(compiler, lengths)])
            figures = object_figures(compiler, lengths)
            results[(compiler, lengths)] = (statistics.median(times), min(times), mib) + figures
            log(f"  {compiler:5} over {lengths:2} length(s): {results[(compiler, lengths)][0]:.2f} s, "
                f"{figures[0]} bytes of text, {figures[1]} functions of cta, {figures[2]} product kernels")
    return results


def batch_text(info, results, command):
    out = [f"Measured on {datetime.date.today().isoformat()} by `{command}`, {info['cpu']}, load average at the start "
           f"{info['load']}; {platform.machine()}, the compilers' default target:\n"]
    rows = []
    for compiler in COMPILERS:
        for lengths in BATCH_LENGTHS:
            median, least, mib, text, cta, kernels = results[(compiler, lengths)]
            label = "1 length (32 tokens)" if lengths == 1 else f"{lengths} lengths (1 to 32 tokens)"
            rows.append([f"{compiler} {compiler_version(compiler)}", label, f"{median:.2f}", f"{least:.2f}",
                         f"{mib:.0f}", str(text), str(cta), str(kernels)])
    out.append(table(["compiler", "`self_attention_batch` over", "s", "s, least", "MiB", "text bytes",
                      "functions of cta", "product kernels"], rows))
    out.append("")
    rows = []
    for compiler in COMPILERS:
        one, many = results[(compiler, BATCH_LENGTHS[0])], results[(compiler, BATCH_LENGTHS[-1])]
        added = BATCH_LENGTHS[-1] - BATCH_LENGTHS[0]
        rows.append([compiler, f"{many[0] / one[0]:.2f}; {many[1] / one[1]:.2f}", f"{(many[3] - one[3]) / added:.0f}",
                     f"{one[5]}; {many[5]}", status(one[5] == many[5])])
    out.append(table(["compiler", f"compile time, {BATCH_LENGTHS[-1]} lengths over 1 (medians; least)",
                      "text bytes per length added", f"product kernels, 1; {BATCH_LENGTHS[-1]} lengths",
                      "the same kernels"], rows))
    return "\n".join(out)


# ---- Run time ----------------------------------------------------------------------------------------------------


def bench_build(build_root, compiler, targets):
    """Configures the build tree of the benchmarks for compiler (Release, CTA_BUILD_BENCH=ON) and builds targets;
    returns the tree."""
    build = build_root / compiler.lower()
    subprocess.run(["cmake", "-S", str(ROOT), "-B", str(build), "-G", "Ninja", "-DCMAKE_BUILD_TYPE=Release",
                    f"-DCMAKE_CXX_COMPILER={COMPILERS[compiler]}", "-DCTA_BUILD_BENCH=ON", "-DCTA_BENCH_LEVELS=ON",
                    "-DCTA_BUILD_TESTS=OFF", "-DCTA_BUILD_EXAMPLES=OFF"], check=True, stdout=subprocess.DEVNULL)
    subprocess.run(["cmake", "--build", str(build), "--target", *targets], check=True, stdout=subprocess.DEVNULL)
    return build


def run_benchmark(binary, out_json, repetitions, min_time):
    """Runs a benchmark binary, repetitions of all benchmarks interleaved in random order; returns its lines that
    start with the prefixes its checks print ("vectors: ", "check ") and, for each benchmark, its repetitions
    (Google Benchmark's JSON records)."""
    proc = subprocess.run([str(binary), f"--benchmark_out={out_json}", "--benchmark_out_format=json",
                           f"--benchmark_repetitions={repetitions}", "--benchmark_enable_random_interleaving=true",
                           f"--benchmark_min_time={min_time}"], capture_output=True, text=True)
    if proc.returncode != 0:
        raise SystemExit(f"{binary} failed:\n{proc.stdout}\n{proc.stderr}")
    lines = [line for line in proc.stdout.splitlines() if line.startswith(("vectors: ", "check "))]
    runs = {}
    for b in json.loads(out_json.read_text())["benchmarks"]:
        if b.get("run_type", "iteration") == "iteration":
            runs.setdefault(b["run_name"], []).append(b)
    return lines, runs


def run_time(build_root, repetitions, min_time, log):
    results = {}
    checks = {}
    for compiler in COMPILERS:
        build = bench_build(build_root, compiler, ["cta_bench"])
        for variant, _, level in VARIANTS:
            if level is not None and not has_level(level, cpu_flags()):
                log(f"  {compiler} {variant}: not run, the processor is not {level}")
                continue
            binary = build / "bench" / f"cta_runtime_bench_{variant}"
            checks[(compiler, variant)], runs = run_benchmark(binary, build / f"bench_{variant}.json", repetitions,
                                                              min_time)
            # Each repetition's time; the median and the minimum of the repetitions are reported.
            for name, reps in runs.items():
                _, size, implementation = name.split("/")
                times = [b["real_time"] for b in reps]
                results[(compiler, variant, size, implementation)] = (
                    statistics.median(times), reps[0]["time_unit"], max(b.get("allocs", 0.0) for b in reps),
                    min(times))
            log(f"  {compiler} {variant}: " + "; ".join(
                f"{s}/{i} {results[(compiler, variant, s, i)][0]:.0f} {results[(compiler, variant, s, i)][1]}"
                for s in ("tutorial", "8", "16", "64") for i in ("cta", "eigen", "naive")))
    return results, checks


# ---- int8 self-attention ------------------------------------------------------------------------------------------


def quantized_largest(log):
    """For each compiler and each form of bench/compile_time/quantized_attention.cpp (QUANTIZED_FORMS), the largest
    n = d that compiles under the compiler's default limits (one before the first that does not)."""
    found = {}
    for compiler in COMPILERS:
        for form, defines, what in QUANTIZED_FORMS:
            n = first_true(lambda n: not compiles(compiler, QUANTIZED_SOURCE, [f"-DCTA_BENCH_N={n}"] + defines),
                           64, 512) - 1
            found[(compiler, form)] = n
            log(f"  {compiler}: {what}: largest n = d under the default limits: {n}")
    return found


def paired_run_time(build_root, name, variants, implementations, repetitions, min_time, log):
    """Run time of the binaries cta_<name>_bench_<variant> (bench/CMakeLists.txt) for each compiler and variant: for
    each (compiler, variant, implementation, the last part of a benchmark's name), the median and the minimum of the
    repetitions and the time unit; and the binaries' checks."""
    results = {}
    checks = {}
    for compiler in COMPILERS:
        build = bench_build(build_root, compiler, [f"cta_{name}_bench_{v}" for v, _ in variants])
        for variant, _ in variants:
            binary = build / "bench" / f"cta_{name}_bench_{variant}"
            checks[(compiler, variant)], runs = run_benchmark(binary, build / f"{name}_bench_{variant}.json",
                                                              repetitions, min_time)
            for run_name, reps in runs.items():
                times = [b["real_time"] for b in reps]
                results[(compiler, variant, run_name.split("/")[-1])] = (statistics.median(times), min(times),
                                                                        reps[0]["time_unit"])
            log(f"  {compiler} {variant}: " + "; ".join(
                f"{i} {results[(compiler, variant, i)][0]:.0f} {results[(compiler, variant, i)][2]}"
                for i in implementations))
    return results, checks


def quantized_run_time(build_root, repetitions, min_time, log):
    """Run time of bench/quantized_bench.cpp for each compiler and QUANTIZED_VARIANTS (paired_run_time)."""
    return paired_run_time(build_root, "quantized", QUANTIZED_VARIANTS, ("int8", "double"), repetitions, min_time, log)


# ---- Encoder layer -----------------------------------------------------------------------------------------------


def transformer_budget(log):
    """For each compiler: the smallest limit with which one encoder layer compiles, whether one and two layers compile
    under the default limits, and the smallest limit of the TRANSFORMER_PRODUCT product (matmul_steps.cpp)."""
    found = {}
    for compiler in COMPILERS:
        unit = "steps" if compiler == "Clang" else "operations"
        count = smallest_limit(compiler, TRANSFORMER_SOURCE, ["-DCTA_BENCH_LAYERS=1"], TRANSFORMER_START[compiler])
        fits = {layers: compiles(compiler, TRANSFORMER_SOURCE, [f"-DCTA_BENCH_LAYERS={layers}"]) for layers in (1, 2)}
        n = TRANSFORMER_PRODUCT
        start = 2**22 if compiler == "GCC" else 2**14  # just below the counts docs/performance.md's results give
        product = smallest_limit(compiler, COMPILE_TIME / "matmul_steps.cpp", [f"-DCTA_BENCH_N={n}"], start)
        found[compiler] = (count, fits[1], fits[2], product)
        log(f"  {compiler}: one layer: smallest limit {count} {unit}; under the default limits one layer "
            f"{'compiles' if fits[1] else 'does not compile'}, two layers "
            f"{'compile' if fits[2] else 'do not compile'}; {n}x{n}x{n} product: {product} {unit}")
    return found


def transformer_run_time(build_root, repetitions, min_time, log):
    """Run time of bench/transformer_bench.cpp for each compiler and TRANSFORMER_VARIANTS (paired_run_time)."""
    return paired_run_time(build_root, "transformer", TRANSFORMER_VARIANTS, ("cta", "eigen"), repetitions, min_time,
                           log)


def compiles_text(fits):
    """The verdict of the table of the encoder layer, as tests/budget/check_encoder_layer.cmake reads it."""
    return "compiles" if fits else "does not compile"


def transformer_text(args, info, budget, rt, checks, command):
    default = {"GCC": 33554432, "Clang": 1048576}
    out = [f"Measured on {datetime.date.today().isoformat()} by `{command}` (CPU: {info['cpu']}; load average at the "
           f"start {info['load']}; {info['gcc']}; {info['clang']}).\n"]
    out.append(f"`bench/compile_time/encoder_layer.cpp`, compiled with `-std=c++20 -O2 -fsyntax-only`: one layer "
               "(`-DCTA_BENCH_LAYERS=1`) or two (`=2`) in one constant expression. The smallest limit is the least "
               "`-fconstexpr-ops-limit` (GCC, with `-fconstexpr-loop-limit=2147483647`) or `-fconstexpr-steps` "
               "(Clang) with which one layer compiles, found by bisection: a count, the same on every machine with "
               "the same compiler. The last two columns are one compilation each under the default limits:\n")
    rows = []
    for compiler in COMPILERS:
        count, one, two, _ = budget[compiler]
        unit = "steps" if compiler == "Clang" else "operations"
        rows.append([f"{compiler} {compiler_version(compiler)}", f"{count:,}", f"{default[compiler]:,} {unit}",
                     compiles_text(one), compiles_text(two), "one layer: " + status(one) + "; two layers: "
                     + status(two)])
    out.append(table(["compiler", "one layer: smallest limit", "default limit", "one layer, default limits",
                      "two layers, default limits", "aim"], rows))
    out.append("")
    n = TRANSFORMER_PRODUCT
    out.append(f"The layer's products hold {TRANSFORMER_MULTIPLY_ADDS:,} multiply-adds (the projections "
               f"4 n d_model^2, the scores and the heads' outputs n^2 d_model each, the feed-forward part "
               f"2 n d_model d_ff). Priced at what a multiply-add costs in a {n}x{n}x{n} product of doubles "
               "(`matmul_steps.cpp`, its smallest limit over n^3, measured in the same run), they would take:\n")
    rows = []
    for compiler in COMPILERS:
        count, _, _, product = budget[compiler]
        per = product / n**3
        products = per * TRANSFORMER_MULTIPLY_ADDS
        rows.append([compiler, f"{product:,}", f"{per:.3f}", f"{products:,.0f}", f"{products / count:.0%}",
                     f"{count - products:,.0f}"])
    out.append(table(["compiler", f"{n}x{n}x{n} product: smallest limit", "per multiply-add",
                      "the layer's products at that rate", "share of one layer's count", "the rest"], rows))
    out.append("")
    out.append(f"Run time, `bench/transformer_bench.cpp`, one layer, {args.repetitions} repetitions "
               f"(`--benchmark_min_time={args.min_time}`, the repetitions of both benchmarks interleaved in random "
               "order), ns per call: the median and the least of the repetitions. cta: `cta::encode(x, layer)`; "
               "Eigen: the same layer written with Eigen 3.4 fixed-size matrices.\n")
    rows = []
    for compiler in COMPILERS:
        for variant, flags in TRANSFORMER_VARIANTS:
            if (compiler, variant, "cta") not in rt:
                continue
            c, e = rt[(compiler, variant, "cta")], rt[(compiler, variant, "eigen")]
            ratio, ratio_least = c[0] / e[0], c[1] / e[1]
            rows.append([info["processor"], compiler, f"`{flags}`", f"{c[0]:,.0f}", f"{c[1]:,.0f}", f"{e[0]:,.0f}",
                         f"{e[1]:,.0f}",
                         f"{ratio:.2f}; {ratio_least:.2f}", "at most 1.00: " + status(ratio <= 1.0 and
                                                                                     ratio_least <= 1.0)])
    out.append(table(["processor", "compiler", "flags", "cta ns", "cta ns, least", "Eigen ns", "Eigen ns, least",
                      "cta / Eigen (medians; least)", "aim"], rows))
    out.append("")
    out.append("The benchmark binaries' checks, printed before the benchmarks run:\n")
    out.append(binary_lines(checks))
    return "\n".join(out)


def quantized_text(args, info, largest, rt, checks, command):
    out = [f"Measured on {datetime.date.today().isoformat()} by `{command}` (CPU: {info['cpu']}; load average at the "
           f"start {info['load']}; {info['gcc']}; {info['clang']}).\n"]
    out.append("Largest n = d under the compilers' default limits (" + "; ".join(
        f"{c} `{DEFAULT_LIMITS[c]}`" for c in COMPILERS) + "), found by compiling each candidate of "
               "`bench/compile_time/quantized_attention.cpp` with `-std=c++20 -O2 -fsyntax-only`:\n")
    rows = []
    for compiler in COMPILERS:
        n = largest[(compiler, "attention")]
        rows.append([f"{compiler} {compiler_version(compiler)}", str(n),
                     f"at least {QUANTIZED_AIM}: " + status(n >= QUANTIZED_AIM),
                     str(largest[(compiler, "calibration")])])
    out.append(table(["compiler", "int8 self-attention, one constant expression", "aim",
                      "calibration and quantization, a constant each"], rows))
    out.append("")
    out.append(f"Run time, `bench/quantized_bench.cpp`, n = d = 64, {args.repetitions} repetitions "
               f"(`--benchmark_min_time={args.min_time}`, the repetitions of both benchmarks interleaved in random "
               "order), ns per call: the median and the least of the repetitions. int8: "
               "`cta::quantized::self_attention` from int8 inputs to int8 outputs; double: `cta::self_attention`.\n")
    rows = []
    for compiler in COMPILERS:
        for variant, flags in QUANTIZED_VARIANTS:
            if (compiler, variant, "int8") not in rt:
                continue
            i8, dbl = rt[(compiler, variant, "int8")], rt[(compiler, variant, "double")]
            rows.append([info["processor"], compiler, f"`{flags}`", f"{i8[0]:,.0f}", f"{i8[1]:,.0f}",
                         f"{dbl[0]:,.0f}", f"{dbl[1]:,.0f}",
                         f"{i8[0] / dbl[0]:.2f}; {i8[1] / dbl[1]:.2f}"])
    out.append(table(["processor", "compiler", "flags", "int8 ns", "int8 ns, least", "double ns", "double ns, least",
                      "int8 / double (medians; least)"], rows))
    out.append("")
    out.append("The benchmark binaries' checks, printed before the benchmarks run:\n")
    out.append(binary_lines(checks))
    return "\n".join(out)



def transformer_section(args, info, command, log):
    """The block of the encoder layer, measured."""
    log("encoder layer, constant-evaluation counts:")
    budget = transformer_budget(log)
    log("encoder layer, run time:")
    rt, checks = transformer_run_time(args.build, args.repetitions, args.min_time, log)
    return transformer_text(args, info, budget, rt, checks, command)


def quantized_section(args, info, command, log):
    """The block of the int8 self-attention, measured."""
    log("int8 self-attention, largest n = d under the default limits:")
    largest = quantized_largest(log)
    log("int8 self-attention, run time:")
    rt, checks = quantized_run_time(args.build, args.repetitions, args.min_time, log)
    return quantized_text(args, info, largest, rt, checks, command)

# ---- The work per attention on the Cortex-M4 ---------------------------------------------------------------------


def cortex_m4_section(args, log):
    """Writes the block of the Cortex-M4 into args.output with tests/embedded/attention_figures.cmake (UPDATE=ON),
    which builds bench/cortex-m4 in build/cortex-m4-attention and counts its instructions under QEMU with
    tests/embedded/count_instructions.cpp, compiled here with the host's g++."""
    tools = {name: shutil.which(name) for name in ("arm-none-eabi-g++", "qemu-system-arm", "cmake", "g++")}
    missing = [name for name, path in tools.items() if path is None]
    if missing:
        raise SystemExit("--cortex-m4-only needs " + ", ".join(missing) + " (bash .ci/install-deps --all)")
    build = ROOT / "build" / "cortex-m4-attention"
    build.mkdir(parents=True, exist_ok=True)
    counter = build / "count_instructions"
    subprocess.run([tools["g++"], "-std=c++20", "-O2", "-o", str(counter),
                    str(ROOT / "tests" / "embedded" / "count_instructions.cpp")], check=True)
    command = [tools["cmake"], f"-DARM_NONE_EABI_GXX={tools['arm-none-eabi-g++']}",
               f"-DQEMU_SYSTEM_ARM={tools['qemu-system-arm']}", f"-DCOUNTER={counter}", f"-DROOT={ROOT}",
               f"-DBINARY_DIR={build / 'firmware'}", f"-DPAGE={args.output.resolve()}", "-DUPDATE=ON"]
    if shutil.which("ninja"):
        command += ["-DGENERATOR=Ninja", f"-DMAKE_PROGRAM={shutil.which('ninja')}"]
    else:
        command += ["-DGENERATOR=Unix Makefiles"]
    command += ["-P", str(ROOT / "tests" / "embedded" / "attention_figures.cmake")]
    log("the work per attention on the Cortex-M4:")
    result = subprocess.run(command, capture_output=True, text=True)
    log((result.stdout + result.stderr).strip())
    if result.returncode != 0 or "cta-embedded: skipped" in result.stdout + result.stderr:
        raise SystemExit("the Cortex-M4 figures were not written")


# ---- The digits proof per image --------------------------------------------------------------------------------


def digits_table(args, log):
    """Compile seconds and peak memory of bench/compile_time/digits_images.cpp for each compiler, type and count of
    DIGITS_COUNTS (median of args.runs compilations, -std=c++20 -O2 -c), with the header of the files' bytes that
    the target cta_bench_digits writes in the benchmarks' build tree."""
    results = {}
    for compiler in COMPILERS:
        build = bench_build(args.build, compiler, ["cta_bench_digits"])
        data = build / "bench" / "cta_weights" / "cta_bench_digits"
        if not (data / "digits_data.hpp").exists():
            raise SystemExit(f"{data / 'digits_data.hpp'} was not written")
        extra = [f"-I{ROOT / 'examples' / 'digits'}", f"-I{data}"]
        for kind in DIGITS_TYPES:
            for count in DIGITS_COUNTS:
                samples = [measured_compile(compiler, DIGITS_SOURCE,
                                            extra + [f"-DCTA_BENCH_IMAGES={count}", f"-DCTA_BENCH_TYPE={kind}"])
                           for _ in range(args.runs)]
                seconds = statistics.median(t for t, _ in samples)
                mib = statistics.median(m for _, m in samples)
                results[(compiler, kind, count)] = (seconds, min(t for t, _ in samples), mib)
                log(f"  {compiler:5} {kind:6} {count:2} images: {seconds:.2f} s, {mib:.0f} MiB")
    return results


def digits_text(info, results, runs, command):
    low, high = DIGITS_COUNTS[0], DIGITS_COUNTS[-1]
    out = [f"Measured on {datetime.date.today().isoformat()} by `{command}` on {info['processor']}, "
           f"{os.cpu_count()} logical CPUs, load average at the start {info['load']}: "
           "`bench/compile_time/digits_images.cpp`, a translation unit of the digits proof with a `static_assert` "
           "per test image (as `cta_add_proof` writes them), compiled with `-std=c++20 -O2 -c` and the default "
           "constant-evaluation limits; seconds of wall time and the compiler's peak resident memory, the median of "
           f"{runs} compilations.\n"]
    rows = []
    for compiler in COMPILERS:
        for kind in DIGITS_TYPES:
            cells = [f"{compiler} {compiler_version(compiler)}", kind]
            for count in DIGITS_COUNTS:
                seconds, _, mib = results[(compiler, kind, count)]
                cells.append(f"{seconds:.2f} s, {mib:.0f} MiB")
            first, last = results[(compiler, kind, low)], results[(compiler, kind, high)]
            mib = f"{(last[2] - first[2]) / (high - low):.1f}"
            mib = "0.0" if mib == "-0.0" else mib  # a peak that does not grow, measured a little lower
            cells.append(f"{(last[0] - first[0]) / (high - low):.3f} s, {mib} MiB")
            rows.append(cells)
    out.append(table(["compiler", "type"] + [f"{count} images" for count in DIGITS_COUNTS] +
                     [f"per image ({high} images less {low}, divided by {high - low})"], rows))
    return "\n".join(out)


def digits_section(args, log):
    log("the digits proof, compile time and peak memory per image:")
    info = machine()
    command = "python3 bench/regenerate.py --digits-only" + (f" --runs {args.runs}" if args.runs != 5 else "")
    text = digits_text(info, digits_table(args, log), args.runs, command)
    doc = args.output.read_text()
    args.output.write_text(replace_section(doc, DIGITS_BEGIN, DIGITS_END, text, args.output))


# ---- The document -----------------------------------------------------------------------------------------------


# ---- budgets per compiler ------------------------------------------------------------------------------------------


def compiles_with(command, source, extra):
    """Whether source compiles with the compiler command (-std=c++20 -O2 -fsyntax-only, as compile_command)."""
    cmd = [command, "-std=c++20", "-O2", f"-I{ROOT / 'include'}", f"-I{BENCH}", "-fsyntax-only"] + list(extra)
    status, _, _, _ = run_measured(cmd + [str(source)])
    return status == 0


def compilers_section(args, info, log):
    """The block of the budgets per compiler: for each compiler of COMPILER_MATRIX found on PATH, its 64x64x64
    product's exact count and the largest n = d in one constant expression under its default limits."""
    rows = []
    for family, command in COMPILER_MATRIX:
        if shutil.which(command) is None:
            log(f"  {command}: not installed, left out")
            continue
        flag = "-dumpfullversion" if family == "GCC" else "-dumpversion"
        number = subprocess.run([command, flag], capture_output=True, text=True).stdout.strip()
        limit = first_true(lambda value: compiles_with(command, COMPILE_TIME / "matmul_steps.cpp",
                                                       ["-DCTA_BENCH_N=64"] + limit_flags(family, value)),
                           1024, 2**31)
        largest = first_true(lambda n: not compiles_with(command, COMPILE_TIME / "attention_single.cpp",
                                                         [f"-DCTA_BENCH_N={n}"]), 16, 512) - 1
        unit = "steps" if family == "Clang" else "operations"
        log(f"  {family} {number} ({command}): 64x64x64 product {limit} {unit}, {limit / 64**3:.3f} per multiply-add; "
            f"largest n = d {largest}")
        rows.append([f"{family} {number}", f"`{command}`", f"`{DEFAULT_LIMITS[family].replace(', ', ' ')}`",
                     f"{limit:,} {unit}", f"{limit / 64**3:.3f}", str(largest), f"`{raised_limits(family)}`"])
    command_line = "python3 bench/regenerate.py --compilers-only"
    out = [f"Measured on {datetime.date.today().isoformat()} by `{command_line}` with the compilers of "
           f"`.ci/test-all` that are installed. Counts, not timings: the same on every machine with the same "
           f"compiler. The 64x64x64 product of doubles is `bench/compile_time/matmul_steps.cpp` "
           f"(`-DCTA_BENCH_N=64`), its count the smallest limit with which it compiles (bisection); the largest "
           f"n = d is that of `attention_single.cpp` (projections, scores, softmax, outputs in one constant "
           f"expression) under the compiler's default limits, each candidate compiled with `-std=c++20 -O2 "
           f"-fsyntax-only`. Clang counts steps (`-fconstexpr-steps`), GCC operations (`-fconstexpr-ops-limit`, "
           f"and iterations of one loop, `-fconstexpr-loop-limit`). The last column is what "
           f"`cta_raise_constexpr_limits(<target>)` passes to that compiler with its defaults (16 times the default "
           f"budgets, twice the depth). `tests/budget` (`budget.compiler_row.*`) checks the row of the compiler that "
           f"builds the tests: the product compiles at its count and stops one below, n compiles under the "
           f"default limits and n + 1 stops, and the last column is the helper's. In `.ci/test-all` every check "
           f"runs with GCC 11 and 12 and Clang 14; with Clang 16, 19 and 22, the tests that n compiles and n + 1 "
           f"stops (half a minute to a minute of constant evaluation each) are left to `ctest -L budget` in their build trees.", ""]
    out.append(table(["compiler", "command", "default limits", "64x64x64 product", "per multiply-add",
                      "largest n = d, one constant expression", "cta_raise_constexpr_limits"], rows))
    return "\n".join(out)


def counted_instructions(binary, size, calls):
    """Instructions of each counted function of runtime_bench (`--count size calls`) under callgrind, inclusive of
    what it calls: {(implementation, step): instructions}."""
    with tempfile.TemporaryDirectory() as scratch:
        out = Path(scratch) / "callgrind.out"
        subprocess.run(["valgrind", "--tool=callgrind", f"--callgrind-out-file={out}", str(binary), "--count", size,
                        str(calls)], check=True, capture_output=True)
        text = subprocess.run(["callgrind_annotate", "--inclusive=yes", str(out)], check=True, capture_output=True,
                              text=True).stdout
    counts = {}
    for line in text.splitlines():
        m = re.match(r"\s*([\d,]+) .*counted_(cta|eigen)_(attention|products|softmax)<", line)
        if m:
            key = (m.group(2), m.group(3))
            counts[key] = max(counts.get(key, 0), int(m.group(1).replace(",", "")))
    return counts


def profile_section(args, info, log):
    """The block of instructions per call at small sizes: runtime_bench --count under callgrind, cta and Eigen, the
    whole attention and its steps, PROFILE_CALLS and twice as many calls (the difference is per call, without what
    the first call alone runs)."""
    for tool in ("valgrind", "callgrind_annotate"):
        if shutil.which(tool) is None:
            raise SystemExit(f"--profile-only needs {tool} (bash .ci/install-deps --all)")
    rows = []
    for compiler in COMPILERS:
        build = bench_build(args.build, compiler, [f"cta_runtime_bench_{v}" for v, _ in PROFILE_VARIANTS])
        for variant, flags in PROFILE_VARIANTS:
            binary = build / "bench" / f"cta_runtime_bench_{variant}"
            for size, label in PROFILE_SIZES:
                once = counted_instructions(binary, size, PROFILE_CALLS)
                twice = counted_instructions(binary, size, 2 * PROFILE_CALLS)
                per_call = {key: (twice[key] - once[key]) / PROFILE_CALLS for key in twice}
                for step, step_label in PROFILE_STEPS:
                    c, e = per_call[("cta", step)], per_call[("eigen", step)]
                    rows.append([info["processor"], compiler, f"`{flags}`", label, step_label, f"{c:,.0f}",
                                 f"{e:,.0f}", f"{c / e:.2f}"])
                log(f"  {compiler} {variant} {size}: " + "; ".join(
                    f"{step} cta {per_call[('cta', step)]:.0f} Eigen {per_call[('eigen', step)]:.0f}"
                    for step, _ in PROFILE_STEPS))
    command_line = "python3 bench/regenerate.py --profile-only"
    valgrind = subprocess.run(["valgrind", "--version"], capture_output=True, text=True).stdout.strip()
    out = [f"Measured on {datetime.date.today().isoformat()} by `{command_line}` (CPU: {info['cpu']}; {info['gcc']}; "
           f"{info['clang']}; {valgrind}): "
           f"instructions per call, counted by callgrind in the benchmark binaries of the run-time table "
           f"(`bench/runtime_bench.cpp`, `--count <size> <calls>`), each step in a function of its own "
           f"(`counted_cta_*`, `counted_eigen_*`) with what it calls (glibc's `exp` for Eigen), the difference "
           f"between {2 * PROFILE_CALLS} and {PROFILE_CALLS} calls over {PROFILE_CALLS}. Counts, not times: the "
           f"same on every run of the same binary, whatever else the machine does. The products are X W_Q, X W_K, "
           f"X W_V, the scores Q K^T and the outputs W V; softmax is that of the scores. valgrind runs no AVX-512, "
           f"so the widest flags counted are `-march=x86-64-v3` (AVX2 and FMA).", ""]
    out.append(table(["processor", "compiler", "flags", "size", "step", "cta instructions", "Eigen instructions",
                      "cta / Eigen"],
                     rows))
    return "\n".join(out)


def table(header, rows):
    lines = ["| " + " | ".join(header) + " |", "|" + "|".join("---" for _ in header) + "|"]
    lines += ["| " + " | ".join(str(c) for c in row) + " |" for row in rows]
    return "\n".join(lines)


def status(ok):
    return "met" if ok else "**missed**"


def binary_lines(checks):
    """The lines the benchmark binaries printed (checks: {(compiler, variant): lines}) as a block of text."""
    out = ["```text"]
    for (compiler, variant), lines in checks.items():
        out += [f"{compiler} {variant}: {line}" for line in lines]
    out.append("```")
    return "\n".join(out)


def generated_text(args, info, ct_rows, ct_results, largest_n, costs, rt, checks, matmul_sizes, exp_calls, command):
    out = []
    out.append(f"Measured on {datetime.date.today().isoformat()} by `{command}`:\n")
    out.append(f"- CPU: {info['cpu']}; memory {info['memory']}; {info['os']}; load average at the start "
               f"{info['load']}")
    out.append(f"- {info['gcc']}; {info['clang']}; {info['cmake']}")
    out.append(f"- compile times: {args.runs} runs of each translation unit (run 1 of all of them, then run 2, ...), "
               "the median and the least; `-std=c++20 -O2 -c`, constant-evaluation limits raised "
               "(`-fconstexpr-ops-limit=2147483647 -fconstexpr-loop-limit=2147483647` on GCC, "
               "`-fconstexpr-steps=2147483647` on Clang) so that every size compiles; peak memory is the compiler's "
               "maximum resident set size")
    out.append("")

    out.append("### Compile time and peak memory per translation unit\n")
    out.append(table(["translation unit", "GCC s", "GCC s, least", "GCC MiB", "Clang s", "Clang s, least",
                      "Clang MiB"], ct_rows))
    out.append("")

    header_name = ct_rows[0][0]
    proof_name = ct_rows[1][0]
    out.append("### Targets\n")
    rows = []
    for compiler in COMPILERS:
        (proof, proof_least), (header, header_least) = ct_results[(proof_name, compiler)], \
            ct_results[(header_name, compiler)]
        ratio, ratio_least = proof / header, proof_least / header_least
        rows.append([f"{compiler}: the proof's compile time over the headers-only TU's (medians; least)",
                     "at most 1.3", f"{ratio:.2f}; {ratio_least:.2f}", status(ratio <= 1.3 and ratio_least <= 1.3)])
    for compiler in COMPILERS:
        n = largest_n[compiler]
        rows.append([f"{compiler}: largest n = d in one constant expression, default limits "
                     f"({DEFAULT_LIMITS[compiler]})", "at least 48 (aim: 64)", str(n),
                     status(n >= 48) + (" (64 too)" if n >= 64 else "")])
    big = max(matmul_sizes)
    steps_mac = costs[("Clang", "matmul", big)] / big**3
    rows.append([f"Clang steps per multiply-add ({big}x{big}x{big} product)", "at most 1.5", f"{steps_mac:.3f}",
                 status(steps_mac <= 1.5)])
    with_exp, without = costs[("Clang", "exp")]
    steps_exp = (with_exp - without) / exp_calls
    rows.append(["Clang steps per `cta::exp` call", "at most 40", f"{steps_exp:.2f}", status(steps_exp <= 40)])
    for size, label in (("64", "n = d = 64"),) + SMALL_SIZES:
        for variant, flags in (("o2", "-O2"), ("native", "-O3 -march=native")):
            for compiler in COMPILERS:
                key = (compiler, variant, size)
                if key + ("cta",) in rt:
                    ratio = rt[key + ("cta",)][0] / rt[key + ("eigen",)][0]
                    ratio_min = rt[key + ("cta",)][3] / rt[key + ("eigen",)][3]
                    rows.append([f"{compiler} {flags}: run time of cta over Eigen's, {label} (medians; minima), "
                                 f"on {info['processor']}",
                                 "at most 1.00", f"{ratio:.2f}; {ratio_min:.2f}",
                                 status(ratio <= 1.0 and ratio_min <= 1.0)])
    out.append(table(["target", "wanted", "measured", ""], rows))
    out.append("")

    out.append("### Constant-evaluation budget: exact costs\n")
    out.append("The smallest limit with which the translation unit still compiles (bisection), so these are counts, "
               "not timings. Clang counts *steps* (`-fconstexpr-steps`, default 1,048,576), GCC counts *operations* "
               "(`-fconstexpr-ops-limit`, default 33,554,432).\n")
    rows = []
    for n in matmul_sizes:
        row = [f"{n}x{n}x{n} product of doubles (`matmul_steps.cpp`), the whole evaluation"]
        for compiler in COMPILERS:
            limit = costs[(compiler, "matmul", n)]
            row += [f"{limit:,}", f"{limit / n**3:.3f}"]
        rows.append(row)
    row = [f"{exp_calls} calls of `cta::exp(double)` on [-10, 0) minus the same loop without them (`exp_steps.cpp`)"]
    for compiler in COMPILERS:
        with_exp, without = costs[(compiler, "exp")]
        row += [f"{with_exp - without:,}", f"{(with_exp - without) / exp_calls:.2f}"]
    rows.append(row)
    out.append(table(["evaluation", "Clang steps", "per multiply-add / call", "GCC operations",
                      "per multiply-add / call"],
                     [[r[0], r[3], r[4], r[1], r[2]] for r in rows]))
    out.append("")
    out.append("Largest n = d whose self-attention (`attention_single.cpp`: projections, scores, softmax, outputs) "
               "compiles in one constant expression under the default limits, found by compiling each candidate: "
               + ", ".join(f"{c} **{largest_n[c]}**" for c in COMPILERS) + ".\n")

    out.append("### Run time (Google Benchmark)\n")
    out.append(f"Every run-time figure of this block was measured on one processor, {info['processor']}, named in "
               "each row: times and their ratios depend on it (vector width, the cost of 512-bit instructions), and "
               "figures from a processor of another kind say nothing of it.\n")
    out.append(f"`bench/runtime_bench.cpp`, self-attention in doubles, {args.repetitions} repetitions "
               f"(`--benchmark_min_time={args.min_time}`, repetitions of all benchmarks interleaved in random order, so that "
               "a busy moment of the machine does not fall on one implementation only), times in ns per call, the "
               "median of the repetitions; cta / Eigen is given for the medians and for the minima (the minimum is the "
               "time least disturbed by the rest of the machine); `allocs` is heap allocations per "
               "call, counted by the binary's `operator new`. Eigen: fixed-size `Eigen::Matrix`; naive: a dot product "
               "per element and `std::exp`, compiled with the same flags (free to contract multiply-adds, unlike "
               "cta).\n")
    rows = []
    for compiler in COMPILERS:
        for variant, flags, _ in VARIANTS:
            for size, label in RUN_TIME_SIZES:
                key = (compiler, variant, size)
                if key + ("cta",) not in rt:
                    continue
                c, e, v = rt[key + ("cta",)], rt[key + ("eigen",)], rt[key + ("naive",)]
                rows.append([info["processor"], compiler, f"`{flags}`", label, f"{c[0]:,.0f}", f"{e[0]:,.0f}",
                             f"{v[0]:,.0f}",
                             f"{c[0] / e[0]:.2f}", f"{c[3] / e[3]:.2f}", f"{c[2]:g}"])
    out.append(table(["processor", "compiler", "flags", "size", "cta ns", "Eigen ns", "naive ns", "cta / Eigen",
                      "cta / Eigen, minima", "cta allocs"], rows))
    out.append("")
    out.append("Two steps of the n = d = 64 attention alone (`step/64/*`): a 64x64x64 product (X W_Q) and the softmax "
               "of the 64x64 scores, in ns per call:\n")
    rows = []
    for compiler in COMPILERS:
        for variant, flags, _ in VARIANTS:
            key = (compiler, variant, "64")
            if key + ("product_cta",) not in rt:
                continue
            pc, pe = rt[key + ("product_cta",)][0], rt[key + ("product_eigen",)][0]
            sc, se = rt[key + ("softmax_cta",)][0], rt[key + ("softmax_eigen",)][0]
            rows.append([info["processor"], compiler, f"`{flags}`", f"{pc:,.0f}", f"{pe:,.0f}", f"{pc / pe:.2f}",
                         f"{sc:,.0f}",
                         f"{se:,.0f}", f"{sc / se:.2f}"])
    out.append(table(["processor", "compiler", "flags", "product cta", "product Eigen", "cta / Eigen", "softmax cta",
                      "softmax Eigen", "cta / Eigen"], rows))
    out.append("")
    out.append("The benchmark binaries' own lines, printed before the benchmarks run: the vectors that cta's run-time "
               "kernels use with the binary's flags, and the checks:\n")
    out.append(binary_lines(checks))
    return "\n".join(out)


def main():
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--runs", type=int, default=5,
                        help="compilations per translation unit (median and least)")
    parser.add_argument("--repetitions", type=int, default=15,
                        help="Google Benchmark repetitions (median and minimum)")
    parser.add_argument("--min-time", default="0.1", help="Google Benchmark --benchmark_min_time, seconds")
    parser.add_argument("--quick", action="store_true", help="sizes 8 and 16 only, short benchmarks")
    parser.add_argument("--headers", action="store_true",
                        help="only the table of preprocessed lines and times per public header")
    parser.add_argument("--output", type=Path, default=DOC, help="the document to update (default: %(default)s)")
    parser.add_argument("--build", type=Path, default=ROOT / "build" / "bench", help="build tree for the benchmarks")
    parser.add_argument("--batch-only", action="store_true",
                        help="measure and write the run-time code of many shapes only (its own block of the page)")
    parser.add_argument("--functions-only", action="store_true",
                        help="measure and write the constant-evaluation cost of the elementary functions only (its "
                             "own block of the page)")
    parser.add_argument("--transformer-only", action="store_true",
                        help="measure and write the encoder layer only (its own block of the page): its exact count, "
                             "whether one and two layers fit the default limits, and its run time against Eigen's")
    parser.add_argument("--quantized-only", action="store_true",
                        help="measure and write the int8 self-attention only (its own block of the page): the "
                             "largest n = d under the default limits and the run time at n = d = 64")
    parser.add_argument("--cortex-m4-only", action="store_true",
                        help="measure and write the work per attention on the Cortex-M4 only (its own block of the "
                             "page): instructions per call and code bytes of cta and of plain loops under QEMU")
    parser.add_argument("--profile-only", action="store_true",
                        help="measure and write the instructions per call at small sizes only (its own block of the "
                             "page): cta and Eigen, the whole attention and its steps, counted by callgrind")
    parser.add_argument("--digits-only", action="store_true",
                        help="measure and write the digits proof's compile time and peak memory per image only (its "
                             "own block of the page), GCC and Clang, float and double")
    parser.add_argument("--compilers-only", action="store_true",
                        help="measure and write the budgets per compiler only (its own block of the page): every "
                             "installed compiler of .ci/test-all")
    args = parser.parse_args()
    if args.compilers_only:
        doc = args.output.read_text()
        print("budgets per compiler:", flush=True)
        text = compilers_section(args, machine(), lambda text: print(text, flush=True))
        args.output.write_text(replace_section(doc, COMPILERS_BEGIN, COMPILERS_END, text, args.output))
        print(f"wrote {args.output}")
        return
    if args.profile_only:
        doc = args.output.read_text()
        print("instructions per call at small sizes:", flush=True)
        text = profile_section(args, machine(), lambda text: print(text, flush=True))
        args.output.write_text(replace_section(doc, PROFILE_BEGIN, PROFILE_END, text, args.output))
        print(f"wrote {args.output}")
        return
    if args.digits_only:
        digits_section(args, lambda text: print(text, flush=True))
        print(f"wrote {args.output}")
        return
    if args.cortex_m4_only:
        cortex_m4_section(args, lambda text: print(text, flush=True))
        print(f"wrote {args.output}")
        return
    if args.quick:
        args.min_time = "0.01"
        args.repetitions = 1
    sizes = [8, 16] if args.quick else [8, 16, 32, 48, 64]
    matmul_sizes = [16] if args.quick else [32, 64]
    exp_calls = 100 if args.quick else 1000
    command = "python3 bench/regenerate.py" + (" --quick" if args.quick else "") + \
        (" --headers" if args.headers else "") + (" --batch-only" if args.batch_only else "") + \
        (" --quantized-only" if args.quantized_only else "") + \
        (" --functions-only" if args.functions_only else "") + \
        (" --transformer-only" if args.transformer_only else "") + \
        (f" --runs {args.runs}" if args.runs != 5 else "")

    def log(text):
        print(text, flush=True)

    info = machine()
    log(f"machine: {info}")
    doc = args.output.read_text() if args.output.exists() else \
        f"# Performance\n\n{BEGIN}\n{END}\n\n{HEADERS_BEGIN}\n{HEADERS_END}\n\n{BATCH_BEGIN}\n{BATCH_END}\n\n" \
        f"{QUANTIZED_BEGIN}\n{QUANTIZED_END}\n\n{FUNCTIONS_BEGIN}\n{FUNCTIONS_END}\n\n{TRANSFORMER_BEGIN}\n{TRANSFORMER_END}\n"

    def functions_section(args, info, command, log):
        log("the elementary functions, cost of one call in constant evaluation:")
        return functions_text(info, function_costs(log), command)

    # The blocks of the elementary functions, of the encoder layer and of the int8 self-attention, each alone with its
    # option.
    only = args.functions_only or args.transformer_only or args.quantized_only
    for alone, begin, end, section in ((args.functions_only, FUNCTIONS_BEGIN, FUNCTIONS_END, functions_section),
                                       (args.transformer_only, TRANSFORMER_BEGIN, TRANSFORMER_END, transformer_section),
                                       (args.quantized_only, QUANTIZED_BEGIN, QUANTIZED_END, quantized_section)):
        if args.headers or args.batch_only or (not alone and only):
            continue
        doc = replace_section(doc, begin, end, section(args, info, command, log), args.output)
        if alone:
            args.output.write_text(doc)
            log(f"wrote {args.output}")
            return
    if not args.batch_only:
        log("including each public header:")
        header_section = headers_text(args.runs, info, header_costs(args.runs, log), command)
        doc = replace_section(doc, HEADERS_BEGIN, HEADERS_END, header_section, args.output)
    if not args.headers:
        log("run-time code of many shapes:")
        batch = batch_text(info, batch_table(args.runs, log), command)
        doc = replace_section(doc, BATCH_BEGIN, BATCH_END, batch, args.output)
    if args.headers or args.batch_only:
        args.output.write_text(doc)
        log(f"wrote {args.output}")
        return
    log("compile time and peak memory:")
    ct_rows, ct_results = compile_time_table(sizes, args.runs, log)
    log("largest n = d under the default limits:")
    largest_n = largest_sizes(log)
    log("constant-evaluation costs:")
    costs = budget_costs(matmul_sizes, exp_calls, log)
    log("run time:")
    rt, checks = run_time(args.build, args.repetitions, args.min_time, log)

    text = generated_text(args, info, ct_rows, ct_results, largest_n, costs, rt, checks, matmul_sizes, exp_calls,
                          command)
    args.output.write_text(replace_section(doc, BEGIN, END, text, args.output))
    log(f"wrote {args.output}")


if __name__ == "__main__":
    main()
