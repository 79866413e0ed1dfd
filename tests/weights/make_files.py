#!/usr/bin/env python3
# SPDX-License-Identifier: BSL-1.0
"""Writes the weight files of tests/weights/files/ with tools/weights/write_weights.py, and files.manifest next to
them: what <cta/weights.hpp> must give for each, which weights_files_test.cpp checks by reading every file from disk.

The files (README-style names: <dtype>_<what>.npy, <DTYPE>.safetensors, bad_<reason>_<variant>.<format>):
  - every dtype in both formats: a 1-D tensor of special values (floats: +-0, +-infinity, a quiet NaN with a
    payload, a signalling NaN, a negative NaN, the smallest and largest subnormals, the smallest normal, +-the
    largest finite, values rounded by the writer; integers: the extremes and their neighbours), a 2 x 3 matrix and a
    0-D scalar;
  - .npy format versions 1.0, 2.0 and 3.0, Fortran order (2-D), a 3-D array (which does not load);
  - every one of the 65,536 F16 bit patterns (f2_all.npy, and as F16 in all_16bit.safetensors) and of the BF16 ones
    (all_16bit.safetensors), each 256 x 256: row = high byte, column = low byte;
  - several.safetensors: tensors of several dtypes (the writer orders them), __metadata__, a 3-D tensor, an empty
    one, a UTF-8 name; empty.safetensors, without tensors;
  - one bad file per reason of cta::weights::status a file can have, and variants (malformed headers and JSON);
    those of a dtype the reader refuses (complex, strings, bool, uint16, big-endian float32) as np.save writes them.

Corpus.npy_arrays records the arrays of the .npy files np.save writes, for numpy_check.py.

The manifest, one line per load: `file tensor element rows cols status [kind data...]`: load `tensor` (`-` for
.npy) of `file` into cta::matrix<element, rows, cols>; status is the cta::weights::status expected; for `ok` the
matrix's values, row-major: `bits` and one hexadecimal bit pattern per element (float, double), `ints` and one
decimal value per element, or `fnv1a` and the 64-bit FNV-1a hash of the elements' bit patterns as little-endian
bytes (the 256 x 256 tensors); for a file that does not load, `tensor` and the name of the tensor the reason concerns
(result::tensor), `-` for none (every .npy file).

The expected values are computed here from the bits of the file, independently of the C++ conversion: an F16 value
through Python's struct format 'e' (then packed as a float or a double, which hold it exactly); a BF16 value as the
float whose bits are its bits shifted left by 16; a float value to double through struct 'f'; NaNs, whose payload
struct does not keep, from their bits: sign, all-ones exponent, the significand moved to the top of the wider one.

Usage: python3 make_files.py [--check]. With --check it writes nothing and exits with 1 when files/ or
files.manifest differs from what it would write (a file missing, added or changed).
"""

import os
import struct
import sys
import tempfile
from fractions import Fraction

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.dirname(os.path.dirname(HERE))
sys.path.insert(0, os.path.join(ROOT, "tools", "weights"))
import write_weights as ww  # noqa: E402
from write_weights import Bits  # noqa: E402

FLOATS = ["F16", "BF16", "F32", "F64"]
INTS = ["I8", "I16", "I32", "I64", "U8"]
NPY_CODE = {"F16": "f2", "F32": "f4", "F64": "f8", "I8": "i1", "I16": "i2", "I32": "i4", "I64": "i8", "U8": "u1"}
# The element type each integer dtype loads into, and one it does not (narrower, or unsigned for a signed dtype).
INT_ELEMENT = {"I8": "i8", "I16": "i16", "I32": "i32", "I64": "i64", "U8": "u8"}
INT_NARROWER = {"I8": "u8", "I16": "i8", "I32": "i16", "I64": "i32", "U8": "i8"}


# ---- values ------------------------------------------------------------------------------------------------------

def layout(dtype):
    return ww.DTYPES[dtype][1]


def float_specials(dtype):
    """16 values of a floating dtype: bit patterns and values the writer rounds."""
    e, p = layout(dtype)
    width = 1 + e + p
    sign = 1 << (width - 1)
    exp = ((1 << e) - 1) << p
    quiet = 1 << (p - 1)
    largest = (((1 << e) - 2) << p) | ((1 << p) - 1)
    return [Bits(0), Bits(sign), Bits(exp), Bits(sign | exp), Bits(exp | quiet | 1), Bits(exp | 1),
            Bits(sign | exp | quiet), Bits(1), Bits((1 << p) - 1), Bits(1 << p), Bits(largest), Bits(sign | largest),
            1.0, -2.5, Fraction(1, 3), Bits(sign | 1)]


def int_specials(dtype):
    """8 values of an integer dtype."""
    if dtype == "U8":
        return [0, 255, 1, 2, 127, 128, 254, 3]
    bits = 8 * ww.DTYPES[dtype][0]
    low, high = -(1 << (bits - 1)), (1 << (bits - 1)) - 1
    return [low, high, -1, 0, 1, 2, low + 1, high - 1]


def matrix_values(dtype):
    """The values of the 2 x 3 matrices."""
    if dtype in FLOATS:
        return [1.0, -2.0, 0.5, 3.25, -0.125, 7.0]
    return [1, 2, 3, 250, 5, 6] if dtype == "U8" else [1, -2, 3, -4, 5, -6]


def scalar_value(dtype):
    return -1.5 if dtype in FLOATS else 42


# ---- the independent decoding ------------------------------------------------------------------------------------

def element_bits(dtype, data):
    """The elements of `data` (little-endian bytes of dtype) as unsigned bit patterns."""
    size = ww.DTYPES[dtype][0]
    return [int.from_bytes(data[k:k + size], "little") for k in range(0, len(data), size)]


def is_nan(bits, e, p):
    return (bits >> p) & ((1 << e) - 1) == (1 << e) - 1 and bits & ((1 << p) - 1) != 0


def nan_widened(bits, e, p, to_e, to_p):
    """A NaN of format (e, p) in format (to_e, to_p): its sign, all-ones exponent, its significand at the top."""
    sign = (bits >> (e + p)) & 1
    return (sign << (to_e + to_p)) | (((1 << to_e) - 1) << to_p) | ((bits & ((1 << p) - 1)) << (to_p - p))


def as_float32_bits(dtype, bits):
    """The bits of the float holding the dtype's value `bits` (F16, BF16, F32)."""
    if dtype == "BF16":
        return bits << 16
    if dtype == "F32":
        return bits
    if is_nan(bits, 5, 10):
        return nan_widened(bits, 5, 10, 8, 23)
    (x,) = struct.unpack("<e", bits.to_bytes(2, "little"))
    return int.from_bytes(struct.pack("<f", x), "little")


def as_float64_bits(dtype, bits):
    """The bits of the double holding the dtype's value `bits`."""
    if dtype == "F64":
        return bits
    e, p = layout(dtype)
    if is_nan(bits, e, p):
        return nan_widened(bits, e, p, 11, 52)
    if dtype == "F16":
        (x,) = struct.unpack("<e", bits.to_bytes(2, "little"))
    else:
        (x,) = struct.unpack("<f", as_float32_bits(dtype, bits).to_bytes(4, "little"))
    return int.from_bytes(struct.pack("<d", x), "little")


def signed(dtype, bits):
    width = 8 * ww.DTYPES[dtype][0]
    if dtype != "U8" and bits >> (width - 1):
        return bits - (1 << width)
    return bits


def fnv1a(patterns, size):
    h = 0xCBF29CE484222325
    for v in patterns:
        for byte in v.to_bytes(size, "little"):
            h = ((h ^ byte) * 0x100000001B3) & 0xFFFFFFFFFFFFFFFF
    return h


# ---- the corpus --------------------------------------------------------------------------------------------------

class Corpus:
    def __init__(self):
        self.files = {}
        self.lines = []
        # The .npy files np.save writes, as the arrays it writes them from: name -> (descr, shape, values,
        # fortran_order, version), values as given to write_weights.py (numpy_check.py saves them with NumPy).
        self.npy_arrays = {}

    def add(self, name, data):
        assert name not in self.files, name
        self.files[name] = data

    def expect(self, file, tensor, element, rows, cols, status, values=""):
        assert " " not in tensor
        self.lines.append(f"{file} {tensor} {element} {rows} {cols} {status}{' ' + values if values else ''}")

    def loads(self, file, tensor, dtype, shape, order_data, hashed=False):
        """The loads of a well-formed tensor: into the types it loads into, with the values computed from its
        row-major data; into a type it does not load into; into the transposed shape."""
        if len(shape) > 2:
            self.expect(file, tensor, "float", shape[0], shape[1], "shape_mismatch")
            return
        rows, cols = (1, 1) if len(shape) == 0 else (1, shape[0]) if len(shape) == 1 else shape
        patterns = element_bits(dtype, order_data)
        if dtype in FLOATS:
            targets = [("double", 16, as_float64_bits)]
            if dtype != "F64":
                targets.insert(0, ("float", 8, as_float32_bits))
            else:
                self.expect(file, tensor, "float", rows, cols, "dtype_mismatch")
            for element, digits, convert in targets:
                values = [convert(dtype, b) for b in patterns]
                if hashed:
                    text = f"fnv1a {fnv1a(values, digits // 2):016x}"
                else:
                    text = "bits " + " ".join(f"{v:0{digits}x}" for v in values)
                self.expect(file, tensor, element, rows, cols, "ok", text)
            self.expect(file, tensor, "i32", rows, cols, "dtype_mismatch")
        else:
            text = "ints " + " ".join(str(signed(dtype, b)) for b in patterns)
            for element in sorted({INT_ELEMENT[dtype], "i64"}):
                self.expect(file, tensor, element, rows, cols, "ok", text)
            self.expect(file, tensor, INT_NARROWER[dtype], rows, cols, "dtype_mismatch")
            self.expect(file, tensor, "double", rows, cols, "dtype_mismatch")
        if rows != cols:
            self.expect(file, tensor, "double" if dtype in FLOATS else "i64", cols, rows, "shape_mismatch")

    def npy(self, name, values, shape, dtype, fortran_order=False, version=None, hashed=False):
        data = ww.npy_bytes(values, shape, dtype, fortran_order, version)
        self.add(name, data)
        self.npy_arrays[name] = (ww.DTYPES[ww.canonical_dtype(dtype)][2], tuple(shape), list(values), fortran_order,
                                 version)
        self.loads(name, "-", dtype, tuple(shape), ww.encode(values, dtype), hashed)

    def safetensors(self, name, tensors, metadata=None, hashed=False):
        self.add(name, ww.safetensors_bytes(tensors, metadata))
        for tensor, (dtype, shape, values) in tensors.items():
            self.loads(name, tensor, dtype, tuple(shape), ww.encode(values, dtype), hashed)

    def bad(self, name, data, status, tensor="-", concerned="-"):
        """A file that does not load: `tensor` is the name asked for (`-` for .npy), `concerned` the tensor the
        reason concerns (the JSON entry where the problem is found; `-` when there is none, and for .npy)."""
        self.add(name, data)
        self.expect(name, tensor, "float", 2, 3, status, f"tensor {concerned}")

    def bad_npy_array(self, name, descr, shape, values, status):
        """A file that does not load, written as np.save writes the array of `descr` (a dtype the reader refuses),
        `shape` and `values` (Python values of that dtype, row-major)."""
        packing = {">f4": ">f", "<c8": "<ff", "<U1": "<I", "|b1": "?", "<u2": "<H"}[descr]
        data = b""
        for v in values:
            parts = (complex(v).real, complex(v).imag) if descr == "<c8" else (ord(v),) if descr == "<U1" else (v,)
            data += struct.pack(packing, *parts)
        self.bad(name, ww.wrap_npy_header(ww.npy_header(descr, False, shape), (1, 0)) + data, status)
        self.npy_arrays[name] = (descr, tuple(shape), list(values), False, None)


def npy_raw(header_text, data, version=1):
    """An .npy file with the dict literal `header_text` (padded as np.save pads) and the bytes `data`."""
    return ww.wrap_npy_header(header_text, version) + data


def st_raw(json_text, data, pad=True):
    """A safetensors file with the JSON text `json_text` (padded with spaces to 8 bytes) and the bytes `data`."""
    header = json_text.encode("utf-8")
    if pad:
        header += b" " * (-len(header) % 8)
    return struct.pack("<Q", len(header)) + header + data


def build():
    c = Corpus()
    # Every dtype in both formats.
    for dtype in FLOATS + INTS:
        specials = float_specials(dtype) if dtype in FLOATS else int_specials(dtype)
        tensors = {"specials": (dtype, (len(specials),), specials),
                   "matrix": (dtype, (2, 3), matrix_values(dtype)),
                   "scalar": (dtype, (), [scalar_value(dtype)])}
        c.safetensors(f"{dtype}.safetensors", tensors)
        if dtype in NPY_CODE:
            code = NPY_CODE[dtype]
            c.npy(f"{code}_specials.npy", specials, (len(specials),), dtype)
            c.npy(f"{code}_2x3.npy", matrix_values(dtype), (2, 3), dtype)
            c.npy(f"{code}_0d.npy", [scalar_value(dtype)], (), dtype)
    # Format versions, Fortran order, 3-D.
    c.npy("f4_2x3_v2.npy", matrix_values("F32"), (2, 3), "F32", version=2)
    c.npy("f4_2x3_v3.npy", matrix_values("F32"), (2, 3), "F32", version=3)
    c.npy("i2_specials_v2.npy", int_specials("I16"), (8,), "I16", version=2)
    c.npy("f4_2x3_fortran.npy", matrix_values("F32"), (2, 3), "F32", fortran_order=True)
    c.npy("f8_3x4_fortran.npy", [float(k) / 8 - 0.75 for k in range(12)], (3, 4), "F64", fortran_order=True)
    c.npy("i1_3x2_fortran.npy", [-128, 127, -1, 0, 1, 2], (3, 2), "I8", fortran_order=True)
    c.npy("f4_2x2x2.npy", [float(k) for k in range(8)], (2, 2, 2), "F32")
    # Every 16-bit pattern.
    every = [Bits(k) for k in range(1 << 16)]
    c.npy("f2_all.npy", every, (256, 256), "F16", hashed=True)
    c.safetensors("all_16bit.safetensors", {"f16": ("F16", (256, 256), every), "bf16": ("BF16", (256, 256), every)},
                  hashed=True)
    # Several tensors, metadata, a 3-D and an empty tensor, a UTF-8 name.
    c.safetensors("several.safetensors", {
        "w_query": ("F32", (3, 2), [0.25, -0.5, 1.0, 2.0, -4.0, 8.0]),
        "bias": ("F16", (2,), [0.5, -1.0]),
        "counts": ("U8", (2, 3), [0, 1, 2, 3, 4, 255]),
        "steps": ("I64", (), [-(1 << 62)]),
        "cube": ("BF16", (2, 2, 2), [float(k) for k in range(8)]),
        "poids_\u00e9": ("F64", (1, 2), [0.1, -0.2]),
    }, metadata={"format": "pt", "note": "a \"quoted\" line\n"})
    c.add("empty.safetensors", ww.safetensors_bytes({}))
    c.expect("empty.safetensors", "w", "float", 1, 1, "missing_tensor")
    c.expect("several.safetensors", "__metadata__", "float", 1, 1, "missing_tensor")
    c.expect("several.safetensors", "w_key", "float", 3, 2, "missing_tensor")
    c.add("empty_tensor.safetensors", ww.safetensors_bytes({"e": ("F32", (0,), []), "w": ("F32", (1,), [1.0])}))
    c.expect("empty_tensor.safetensors", "e", "float", 1, 1, "shape_mismatch")
    c.expect("empty_tensor.safetensors", "w", "float", 1, 1, "ok", "bits 3f800000")

    # ---- one bad .npy file per reason, and variants ----
    good = ww.npy_bytes(matrix_values("F32"), (2, 3), "F32")
    data = ww.encode(matrix_values("F32"), "F32")
    dict_f4 = ww.npy_header("<f4", False, (2, 3))
    c.bad("bad_truncated_prefix.npy", good[:9], "truncated")
    c.bad("bad_truncated_length.npy", ww.npy_bytes([1.0], (), "F32", version=2)[:11], "truncated")
    c.bad("bad_truncated_data.npy", good[:-1], "truncated")
    c.bad("bad_magic.npy", b"\x93NUMPZ" + good[6:], "bad_magic")
    c.bad("bad_magic_zip.npy", b"PK\x03\x04" + good[4:], "bad_magic")  # a zip file, as torch.save writes
    c.bad("bad_version_4.npy", good[:6] + b"\x04\x00" + good[8:], "unsupported_version")
    c.bad("bad_version_1_1.npy", good[:6] + b"\x01\x01" + good[8:], "unsupported_version")
    c.bad("bad_header_too_long.npy", good[:8] + struct.pack("<H", len(good)) + good[10:], "header_too_long")
    c.bad("bad_not_terminated.npy", good[:127] + b" " + good[128:], "header_not_terminated")
    malformed = {
        "unclosed": "{'descr': '<f4', 'fortran_order': False, 'shape': (2, 3), ",
        "not_a_dict": "['<f4', False, (2, 3)]",
        "missing_key": "{'descr': '<f4', 'shape': (2, 3), }",
        "extra_key": "{'descr': '<f4', 'fortran_order': False, 'shape': (2, 3), 'align': 8, }",
        "repeated_key": "{'descr': '<f4', 'descr': '<f4', 'fortran_order': False, 'shape': (2, 3), }",
        "unterminated_string": "{'descr': '<f4, }",
        "order_not_bool": "{'descr': '<f4', 'fortran_order': 0, 'shape': (2, 3), }",
        "text_after": dict_f4.rstrip() + " x",
    }
    for variant, text in malformed.items():
        c.bad(f"bad_malformed_{variant}.npy", npy_raw(text, data), "malformed_header")
    shapes = {"negative": "(-2, -3)", "float": "(2.0, 3)", "not_a_tuple": "(6)", "string": "'(2, 3)'",
              "list": "[2, 3]"}
    for variant, shape in shapes.items():
        text = "{'descr': '<f4', 'fortran_order': False, 'shape': " + shape + ", }"
        c.bad(f"bad_shape_{variant}.npy", npy_raw(text, data), "bad_shape")
    # Dtypes the reader refuses, in files as np.save writes them (numpy_check.py compares): complex64, strings,
    # bool, uint16, big-endian float32; and '<f16' (long double where it is 16 bytes, so no array of every machine).
    refused = {"complex": ("<c8", [1 + 2j, -0.5j, 3.0, 0j, 1.5 - 1j, -4 + 0j]),
               "unicode": ("<U1", ["a", "b", "c", "\u00e9", "e", "f"]),
               "bool": ("|b1", [True, False, True, True, False, False]),
               "u2": ("<u2", [0, 1, 65535, 256, 2, 3])}
    for variant, (descr, values) in refused.items():
        c.bad_npy_array(f"bad_dtype_{variant}.npy", descr, (2, 3), values, "unsupported_dtype")
    text = "{'descr': '<f16', 'fortran_order': False, 'shape': (2, 3), }"
    c.bad("bad_dtype_f16.npy", npy_raw(text, data), "unsupported_dtype")
    c.bad_npy_array("bad_big_endian.npy", ">f4", (2, 3), matrix_values("F32"), "big_endian")
    c.bad("bad_data_size.npy", good + b"\x00", "data_size_mismatch")

    # ---- one bad .safetensors file per reason, and variants ----
    def entry(name, dtype, shape, begin, end):
        return f'"{name}":{{"dtype":"{dtype}","shape":[{",".join(map(str, shape))}],"data_offsets":[{begin},{end}]}}'

    w = entry("w", "F32", (2, 3), 0, 24)
    c.bad("bad_truncated.safetensors", b"\x10\x00\x00\x00\x00", "truncated", "w")
    c.bad("bad_header_too_long.safetensors", struct.pack("<Q", 1000) + b"{}", "header_too_long", "w")
    c.bad("bad_not_terminated.safetensors", st_raw("{" + w + "} x", data), "header_not_terminated", "w", "w")
    # variant: (JSON, the tensor concerned: the entry being read where the JSON fails, "-" before any name)
    bad_json = {
        "not_an_object": ("[" + w[4:] + "]", "-"),
        "trailing_comma": ("{" + w + ",}", "-"),
        "unclosed": ("{" + w, "w"),
        "no_dtype": ('{"w":{"shape":[2,3],"data_offsets":[0,24]}}', "w"),
        "repeated_key": ('{"w":{"dtype":"F32","dtype":"F32","shape":[2,3],"data_offsets":[0,24]}}', "w"),
        "bad_escape": ('{"\\x77":{"dtype":"F32","shape":[2,3],"data_offsets":[0,24]}}', "-"),
        "lone_surrogate": ('{"\\ud800":{"dtype":"F32","shape":[2,3],"data_offsets":[0,24]}}', "-"),
        "metadata_not_strings": ('{"__metadata__":{"n":1},' + w + "}", "__metadata__"),
        "offsets_not_integers": ('{"w":{"dtype":"F32","shape":[2,3],"data_offsets":[0.0,24]}}', "w"),
        "single_quotes": ("{'w':{'dtype':'F32','shape':[2,3],'data_offsets':[0,24]}}", "-"),
        "empty": ("", "-"),
    }
    for variant, (text, concerned) in bad_json.items():
        c.bad(f"bad_malformed_{variant}.safetensors", st_raw(text, data), "malformed_header", "w", concerned)
    for variant, shape in {"negative": "[-2,3]", "float": "[2,1.5]", "string": '["2",3]', "object": "{}"}.items():
        text = '{"w":{"dtype":"F32","shape":' + shape + ',"data_offsets":[0,24]}}'
        c.bad(f"bad_shape_{variant}.safetensors", st_raw(text, data), "bad_shape", "w", "w")
    for dtype in ["F8_E4M3", "BOOL", "U16", "f32"]:
        c.bad(f"bad_dtype_{dtype}.safetensors", st_raw("{" + entry("w", dtype, (2, 3), 0, 24) + "}", data),
              "unsupported_dtype", "w", "w")
    c.bad("bad_data_size.safetensors", st_raw("{" + entry("w", "F32", (2, 3), 0, 20) + "}", data[:20]),
          "data_size_mismatch", "w", "w")
    c.bad("bad_offsets_past_end.safetensors", st_raw("{" + entry("w", "F32", (2, 3), 4, 28) + "}", data),
          "offsets_out_of_range", "w", "w")
    c.bad("bad_offsets_reversed.safetensors", st_raw("{" + entry("w", "F32", (0,), 8, 4) + "," +
                                                     entry("v", "F32", (2, 3), 0, 24) + "}", data),
          "offsets_out_of_range", "v", "w")  # asked for v: the whole file is checked first
    c.bad("bad_overlapping.safetensors", st_raw("{" + entry("a", "F32", (2,), 0, 8) + "," +
                                                entry("b", "F32", (2,), 4, 12) + "}", data[:12]),
          "overlapping_offsets", "a", "b")  # the second of the two
    c.bad("bad_uncovered.safetensors", st_raw("{" + entry("w", "F32", (2, 3), 0, 24) + "}", data + b"\x00"),
          "uncovered_data", "w")
    c.bad("bad_duplicate.safetensors", st_raw("{" + entry("w", "F32", (3,), 0, 12) + "," +
                                              entry("w", "F32", (3,), 12, 24) + "}", data),
          "duplicate_name", "w", "w")
    c.bad("bad_duplicate_escaped.safetensors", st_raw("{" + entry("w", "F32", (3,), 0, 12) + "," +
                                                      entry("\\u0077", "F32", (3,), 12, 24) + "}", data),
          "duplicate_name", "w", "w")
    return c


def write(c, target):
    os.makedirs(os.path.join(target, "files"), exist_ok=True)
    for name, data in c.files.items():
        with open(os.path.join(target, "files", name), "wb") as f:
            f.write(data)
    with open(os.path.join(target, "files.manifest"), "w", encoding="utf-8", newline="\n") as f:
        f.write("# Written by make_files.py: file tensor element rows cols status [bits|ints|fnv1a|tensor values...]\n")
        f.write("\n".join(c.lines) + "\n")


def differences(a, b):
    """The paths under files/ and files.manifest that differ between directories a and b."""
    names = set()
    for root in (a, b):
        d = os.path.join(root, "files")
        if os.path.isdir(d):
            names |= {os.path.join("files", n) for n in os.listdir(d)}
    names.add("files.manifest")
    out = []
    for name in sorted(names):
        contents = []
        for root in (a, b):
            path = os.path.join(root, name)
            if os.path.isfile(path):
                with open(path, "rb") as f:
                    contents.append(f.read())
            else:
                contents.append(None)
        if contents[0] != contents[1]:
            out.append(name)
    return out


def main(argv):
    corpus = build()
    if argv[1:] == ["--check"]:
        with tempfile.TemporaryDirectory() as temp:
            write(corpus, temp)
            bad = differences(HERE, temp)
        for name in bad:
            print(f"tests/weights/{name} is not what make_files.py writes: run python3 tests/weights/make_files.py",
                  file=sys.stderr)
        print(f"{len(corpus.files)} files and {len(corpus.lines)} manifest lines compared, {len(bad)} differ")
        return 1 if bad else 0
    if argv[1:]:
        print(__doc__, file=sys.stderr)
        return 2
    directory = os.path.join(HERE, "files")
    if os.path.isdir(directory):
        for name in os.listdir(directory):
            if name not in corpus.files:
                os.remove(os.path.join(directory, name))
    write(corpus, HERE)
    print(f"{len(corpus.files)} files, {len(corpus.lines)} manifest lines")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv))
