# SPDX-License-Identifier: BSL-1.0
"""The reference for cta's .tflite reader: the facts of a TensorFlow Lite file as FlatBuffers' own Python library
reads them, through the classes flatc generates from TensorFlow Lite's schema (schema/schema.fbs), written in the
lines of tests/tflite/dump.hpp.

    reference_dump.py --flatc <flatc> --schema <schema.fbs> --work <dir> <file.tflite>
    reference_dump.py --flatc <flatc> --schema <schema.fbs> --work <dir> --check <reference dir> <file.tflite>...

The first prints the lines; the second compares each file's lines with <reference dir>/<stem>.txt and exits with 1
naming those that differ (the test tflite.reference_current), or with 77 (skipped) where flatc or FlatBuffers'
Python library is missing.

Debian 12's flatc (2.0.8) does not parse the attribute "(deprecated)" after an enum value or a union member, which
the schema has twice (REDUCE_WINDOW, ReduceWindowOptions): the copy it compiles has those two attributes removed,
which changes no number of the schema. Needs Debian's flatbuffers-compiler and python3-flatbuffers.
"""
import argparse
import importlib
import pathlib
import re
import shutil
import struct
import subprocess
import sys


def generate(flatc, schema, work, object_api=False):
    """flatc's Python classes of the schema in work/tflite (with the object API where asked: write_blocks.py)."""
    work.mkdir(parents=True, exist_ok=True)
    text = pathlib.Path(schema).read_text()
    text = re.sub(r"^(\s+\w+(?: = \d+)?) \(deprecated\),", r"\1,", text, flags=re.M)
    copy = work / "schema.fbs"
    copy.write_text(text)
    subprocess.run([flatc, "--python"] + (["--gen-object-api"] if object_api else []) + ["-o", str(work), str(copy)],
                   check=True)
    sys.path.insert(0, str(work))


def hexfloat(v):
    return "%08x" % struct.unpack("<I", struct.pack("<f", v))[0]


def name(b):
    if b is None:
        return ""
    return "".join(chr(c) if 0x20 <= c <= 0x7E and c != 0x5C else "\\x%02x" % c for c in b)


def numbers(n, at):
    return "[" + ",".join(str(at(i)) for i in range(n)) + "]"


def floats(n, at):
    return "[" + ",".join(hexfloat(at(i)) for i in range(n)) + "]"


def fnv1a(n, at):
    h = 2166136261
    for i in range(n):
        h = ((h ^ at(i)) * 16777619) & 0xFFFFFFFF
    return "%08x" % h


def options_line(o, tfl):
    t = o.BuiltinOptionsType()
    table = o.BuiltinOptions()
    kinds = tfl.BuiltinOptions.BuiltinOptions

    def read(cls):
        x = getattr(importlib.import_module("tflite." + cls), cls)()
        x.Init(table.Bytes, table.Pos)
        return x

    if table is None:
        known = {kinds.FullyConnectedOptions, kinds.SoftmaxOptions, kinds.AddOptions, kinds.SubOptions,
                 kinds.MulOptions, kinds.ReducerOptions, kinds.BatchMatMulOptions, kinds.GeluOptions,
                 kinds.ReshapeOptions}
        if t not in known:
            return ""
        defaults = {kinds.FullyConnectedOptions: " activation 0 weights_format 0 keep_num_dims 0"
                                                 " asymmetric_quantize_inputs 0",
                    kinds.SoftmaxOptions: " beta 00000000",
                    kinds.AddOptions: " activation 0 pot_scale_int16 1",
                    kinds.SubOptions: " activation 0 pot_scale_int16 1",
                    kinds.MulOptions: " activation 0", kinds.ReducerOptions: " keep_dims 0",
                    kinds.BatchMatMulOptions: " adj_x 0 adj_y 0 asymmetric_quantize_inputs 0",
                    kinds.GeluOptions: " approximate 0", kinds.ReshapeOptions: " new_shape []"}
        return defaults[t]
    if t == kinds.FullyConnectedOptions:
        x = read("FullyConnectedOptions")
        return " activation %d weights_format %d keep_num_dims %d asymmetric_quantize_inputs %d" % (
            x.FusedActivationFunction(), x.WeightsFormat(), x.KeepNumDims(), x.AsymmetricQuantizeInputs())
    if t == kinds.SoftmaxOptions:
        return " beta " + hexfloat(read("SoftmaxOptions").Beta())
    if t in (kinds.AddOptions, kinds.SubOptions):
        x = read("AddOptions" if t == kinds.AddOptions else "SubOptions")
        return " activation %d pot_scale_int16 %d" % (x.FusedActivationFunction(), x.PotScaleInt16())
    if t == kinds.MulOptions:
        return " activation %d" % read("MulOptions").FusedActivationFunction()
    if t == kinds.ReducerOptions:
        return " keep_dims %d" % read("ReducerOptions").KeepDims()
    if t == kinds.BatchMatMulOptions:
        x = read("BatchMatMulOptions")
        return " adj_x %d adj_y %d asymmetric_quantize_inputs %d" % (x.AdjX(), x.AdjY(), x.AsymmetricQuantizeInputs())
    if t == kinds.GeluOptions:
        return " approximate %d" % read("GeluOptions").Approximate()
    if t == kinds.ReshapeOptions:
        x = read("ReshapeOptions")
        return " new_shape " + numbers(x.NewShapeLength(), x.NewShape)
    return ""


def dump(path):
    import tflite.BuiltinOptions
    import tflite.Model
    tfl = sys.modules["tflite"]
    m = tflite.Model.Model.GetRootAsModel(bytearray(pathlib.Path(path).read_bytes()), 0)
    out = ["version %d" % m.Version(), "description " + name(m.Description()),
           "operator_codes %d" % m.OperatorCodesLength()]
    for i in range(m.OperatorCodesLength()):
        c = m.OperatorCodes(i)
        out.append("code %d builtin %d builtin_code %d deprecated_builtin_code %d version %d custom %s" % (
            i, max(c.BuiltinCode(), c.DeprecatedBuiltinCode()), c.BuiltinCode(), c.DeprecatedBuiltinCode(),
            c.Version(), name(c.CustomCode())))
    out.append("buffers %d" % m.BuffersLength())
    for i in range(m.BuffersLength()):
        b = m.Buffers(i)
        out.append("buffer %d size %d fnv1a %s" % (i, b.DataLength(), fnv1a(b.DataLength(), b.Data)))
    out.append("subgraphs %d" % m.SubgraphsLength())
    for s in range(m.SubgraphsLength()):
        g = m.Subgraphs(s)
        out.append("subgraph %d name %s tensors %d inputs %s outputs %s operators %d" % (
            s, name(g.Name()), g.TensorsLength(), numbers(g.InputsLength(), g.Inputs),
            numbers(g.OutputsLength(), g.Outputs), g.OperatorsLength()))
        for i in range(g.TensorsLength()):
            x = g.Tensors(i)
            out.append("tensor %d.%d type %d buffer %d variable %d shape %s name %s" % (
                s, i, x.Type(), x.Buffer(), x.IsVariable(), numbers(x.ShapeLength(), x.Shape), name(x.Name())))
            q = x.Quantization()
            if q is not None:
                out.append("quantization %d.%d scale %s zero_point %s min %s max %s dimension %d" % (
                    s, i, floats(q.ScaleLength(), q.Scale), numbers(q.ZeroPointLength(), q.ZeroPoint),
                    floats(q.MinLength(), q.Min), floats(q.MaxLength(), q.Max), q.QuantizedDimension()))
        for i in range(g.OperatorsLength()):
            o = g.Operators(i)
            out.append("operator %d.%d opcode %d inputs %s outputs %s options %d :%s" % (
                s, i, o.OpcodeIndex(), numbers(o.InputsLength(), o.Inputs), numbers(o.OutputsLength(), o.Outputs),
                o.BuiltinOptionsType(), options_line(o, tfl)))
    return "\n".join(out) + "\n"


def main():
    p = argparse.ArgumentParser()
    p.add_argument("--flatc", required=True)
    p.add_argument("--schema", required=True)
    p.add_argument("--work", required=True)
    p.add_argument("--check")
    p.add_argument("files", nargs="+")
    a = p.parse_args()
    if a.check:
        try:
            import flatbuffers  # noqa: F401
        except ImportError:
            print("skipped: FlatBuffers' Python library is missing (Debian: python3-flatbuffers)")
            sys.exit(77)
        if shutil.which(a.flatc) is None:
            print("skipped: flatc is missing (Debian: flatbuffers-compiler)")
            sys.exit(77)
    generate(a.flatc, a.schema, pathlib.Path(a.work))
    if not a.check:
        for f in a.files:
            sys.stdout.write(dump(f))
        return
    differ = []
    for f in a.files:
        reference = pathlib.Path(a.check) / (pathlib.Path(f).stem + ".txt")
        same = reference.exists() and reference.read_text() == dump(f)
        print("%s: %s" % (reference.name, "the same" if same else "differs"))
        if not same:
            differ.append(reference.name)
    if differ:
        print("differ from what FlatBuffers reads now: " + ", ".join(differ))
        sys.exit(1)
    print("%d reference files, each what FlatBuffers reads from its model" % len(a.files))


if __name__ == "__main__":
    main()
