# SPDX-License-Identifier: BSL-1.0
"""Writes weight files byte for byte as NumPy's np.save and the safetensors library's save_file write them, with the
Python standard library alone: the files <cta/weights.hpp> reads (docs/weights.md), for programs and tests that have
no NumPy, PyTorch or safetensors at hand.

    import write_weights as ww
    ww.save_npy("w.npy", [1.0, 0.0, -2.5, 3.0], (2, 2), "f4")
    ww.save_safetensors("model.safetensors", {"w": ("F32", (2, 2), [1.0, 0.0, -2.5, 3.0])},
                        metadata={"format": "np"})

npy_bytes() and safetensors_bytes() return the bytes instead of writing them.

Dtypes: .npy "f2" "f4" "f8" "i1" "i2" "i4" "i8" "u1" (also spelled "<f4", "|i1"...: always little-endian);
safetensors "F16" "BF16" "F32" "F64" "I8" "I16" "I32" "I64" "U8". Either spelling is taken by both writers (BF16
has no NumPy spelling, so no .npy file holds it).

Values are given flat, in row-major (C) order, whatever the file's order. An integer dtype takes Python integers in
its range. A floating dtype takes, for each element,
  - a Python float, int or fractions.Fraction: rounded once to the nearest value of the dtype, ties to even, with
    subnormals, and to infinity past the largest finite value (what NumPy's astype does from a float64; a float's
    infinities and signed zeros are kept; a float NaN becomes the quiet NaN with the float's sign and the leading
    bits of its payload);
  - Bits(pattern): the element's bits exactly, as an unsigned integer (Bits(0x7d00) is the F16 NaN of payload
    0x100), so that any NaN payload, subnormal or signalling NaN can be written.

.npy (numpy/lib/format.py, as np.save writes an array since NumPy 1.24, which added the spaces for growth below;
the code that writes the header is the same in NumPy 2's numpy/lib/_format_impl.py; tests/weights/numpy_check.py
compares the bytes with NumPy's): the magic string b"\\x93NUMPY", the version, the header's
length (2 bytes little-endian for 1.0, 4 for 2.0 and 3.0), the header: repr of the dict with the keys 'descr',
'fortran_order' and 'shape' in that (sorted) order, "{'descr': '<f4', 'fortran_order': False, 'shape': (2, 3), }",
then 21 - len(repr(n)) spaces where n is the dimension that grows when the array is appended to (the first, or the
last in Fortran order; none for a 0-D array), then spaces and '\\n' so that the magic string, the version, the length
and the header together are a multiple of 64 bytes (1 to 64 spaces: at least one). Without a version the file is
1.0, or 2.0 when the header's length does not fit in 2 bytes, or 3.0 when the header is not latin-1 (never for the
dtypes here); a version can be asked for, as numpy.lib.format.write_array(version=...) does. fortran_order=True
writes the data column by column (the first index fastest): np.save does so for an array that is Fortran-contiguous
and not C-contiguous, so that two dimensions must be more than 1 and none 0; other shapes raise ValueError.

.safetensors (huggingface/safetensors, safetensors/src/tensor.rs, `prepare` and `serialize`, since 0.3.1): the
tensors sorted by dtype, widest alignment first in the library's order of dtypes (I64, F64, F32, I32, BF16, F16,
I16, I8, U8), then by name (by UTF-8 bytes); their data in that order, each tensor's data_offsets [begin, end] in
bytes from the start of the data; the JSON header written as serde_json does, without spaces:
{"__metadata__":{...},"name":{"dtype":"F32","shape":[2,3],"data_offsets":[0,24]},...}, "__metadata__" first and only
when metadata is given (even empty); strings escaped as serde_json does (\\" \\\\ \\b \\f \\n \\r \\t, other control
characters as \\u00xx, everything else as UTF-8); the JSON padded with spaces to a multiple of 8 bytes; its length
as 8 bytes little-endian before it. The library keeps metadata in a hash map, so with two or more metadata entries its
order of them varies from run to run; here they keep the order of the dict given.
"""

import struct
from fractions import Fraction
import math

__all__ = ["Bits", "npy_bytes", "save_npy", "safetensors_bytes", "save_safetensors", "encode", "float_bits",
           "canonical_dtype", "npy_header", "wrap_npy_header", "safetensors_header", "DTYPES"]


class Bits:
    """The bits of one element of a floating dtype, given exactly (an unsigned integer of the dtype's width)."""

    __slots__ = ("pattern",)

    def __init__(self, pattern):
        self.pattern = int(pattern)

    def __repr__(self):
        return f"Bits({self.pattern:#x})"

    def __eq__(self, other):
        return isinstance(other, Bits) and other.pattern == self.pattern

    def __hash__(self):
        return hash(("Bits", self.pattern))


# name: (size in bytes, (exponent bits, stored significand bits) for a floating dtype or signedness for an integer
# one, the .npy descr or None)
DTYPES = {
    "F16": (2, (5, 10), "<f2"),
    "BF16": (2, (8, 7), None),
    "F32": (4, (8, 23), "<f4"),
    "F64": (8, (11, 52), "<f8"),
    "I8": (1, True, "|i1"),
    "I16": (2, True, "<i2"),
    "I32": (4, True, "<i4"),
    "I64": (8, True, "<i8"),
    "U8": (1, False, "|u1"),
}

_NPY_NAMES = {"f2": "F16", "f4": "F32", "f8": "F64", "i1": "I8", "i2": "I16", "i4": "I32", "i8": "I64", "u1": "U8"}

# The safetensors library's Dtype enumeration, in its declaration order (the dtypes here only): prepare() sorts the
# tensors by this order, the last first.
_SAFETENSORS_ORDER = ["U8", "I8", "I16", "F16", "BF16", "I32", "F32", "F64", "I64"]


def canonical_dtype(dtype):
    """The safetensors name of a dtype given in either spelling ("f4", "<f4", "F32" -> "F32")."""
    if dtype in DTYPES:
        return dtype
    name = dtype[1:] if dtype[:1] in ("<", "|", "=") else dtype
    if name in _NPY_NAMES:
        return _NPY_NAMES[name]
    raise ValueError(f"unknown dtype {dtype!r}: the dtypes are {sorted(DTYPES)} and {sorted(_NPY_NAMES)}")


def _round_to_format(x, exponent_bits, significand_bits):
    """The bits of the magnitude of the non-negative Fraction x rounded to the binary format, ties to even."""
    if x == 0:
        return 0
    bias = (1 << (exponent_bits - 1)) - 1
    infinity = ((1 << exponent_bits) - 1) << significand_bits
    # e = floor(log2(x)), from the bit lengths, then corrected.
    e = x.numerator.bit_length() - x.denominator.bit_length()
    if Fraction(2) ** e > x:
        e -= 1
    elif Fraction(2) ** (e + 1) <= x:
        e += 1
    e = max(e, 1 - bias)  # below the smallest normal exponent: a subnormal, on the same quantum
    n = round(x / Fraction(2) ** (e - significand_bits))  # round() of a Fraction ties to even
    if n == 1 << (significand_bits + 1):  # rounded up to the next power of two
        n >>= 1
        e += 1
    if e > bias:
        return infinity
    if n < 1 << significand_bits:  # a subnormal (only at the smallest exponent)
        return n
    return ((e + bias) << significand_bits) | (n - (1 << significand_bits))


def float_bits(value, dtype):
    """The bits of `value` (a float, int, Fraction or Bits) as an element of the floating dtype `dtype`."""
    dtype = canonical_dtype(dtype)
    size, layout, _ = DTYPES[dtype]
    if not isinstance(layout, tuple):
        raise ValueError(f"{dtype} is not a floating dtype")
    exponent_bits, significand_bits = layout
    width = 8 * size
    if isinstance(value, Bits):
        if not 0 <= value.pattern < 1 << width:
            raise ValueError(f"{value!r} does not fit in {width} bits")
        return value.pattern
    if isinstance(value, bool) or not isinstance(value, (float, int, Fraction)):
        raise TypeError(f"a {dtype} value is a float, int, Fraction or Bits, not {value!r}")
    sign_bit = 1 << (width - 1)
    infinity = ((1 << exponent_bits) - 1) << significand_bits
    if isinstance(value, float):
        sign = sign_bit if math.copysign(1.0, value) < 0 else 0
        if math.isnan(value):
            (double,) = struct.unpack("<Q", struct.pack("<d", value))
            payload = (double & ((1 << 52) - 1)) >> (52 - significand_bits)
            return sign | infinity | payload | (1 << (significand_bits - 1))
        if math.isinf(value):
            return sign | infinity
        magnitude = Fraction(abs(value))
    else:
        value = Fraction(value)
        sign = sign_bit if value < 0 else 0
        magnitude = abs(value)
    return sign | _round_to_format(magnitude, exponent_bits, significand_bits)


def encode(values, dtype):
    """The little-endian bytes of `values` (a flat sequence) as elements of `dtype`."""
    dtype = canonical_dtype(dtype)
    size, layout, _ = DTYPES[dtype]
    out = bytearray()
    for v in values:
        if isinstance(layout, tuple):
            bits = float_bits(v, dtype)
        else:
            if isinstance(v, bool) or not isinstance(v, int):
                raise TypeError(f"a {dtype} value is an int, not {v!r}")
            low, high = (-(1 << (8 * size - 1)), 1 << (8 * size - 1)) if layout else (0, 1 << (8 * size))
            if not low <= v < high:
                raise ValueError(f"{v} is out of the range of {dtype}")
            bits = v & ((1 << (8 * size)) - 1)
        out += bits.to_bytes(size, "little")
    return bytes(out)


def _count(shape):
    n = 1
    for d in shape:
        if isinstance(d, bool) or not isinstance(d, int) or d < 0:
            raise ValueError(f"a shape is a tuple of non-negative integers, not {shape!r}")
        n *= d
    return n


def _fortran_order(values, shape):
    """The row-major `values` of `shape` in column-major order (the first index fastest)."""
    out = []
    strides = [1] * len(shape)  # row-major strides
    for k in range(len(shape) - 2, -1, -1):
        strides[k] = strides[k + 1] * shape[k + 1]
    total = _count(shape)
    index = [0] * len(shape)
    for _ in range(total):
        out.append(values[sum(i * s for i, s in zip(index, strides))])
        for k in range(len(shape)):  # the first index fastest
            index[k] += 1
            if index[k] < shape[k]:
                break
            index[k] = 0
    return out


_NPY_MAGIC = b"\x93NUMPY"
_NPY_LENGTH = {(1, 0): ("<H", "latin1"), (2, 0): ("<I", "latin1"), (3, 0): ("<I", "utf8")}


def npy_header(descr, fortran_order, shape):
    """The header's dict literal as np.save writes it, with the spaces for growth but without the padding."""
    shape = tuple(shape)
    text = "{" + f"'descr': {descr!r}, 'fortran_order': {fortran_order!r}, 'shape': {shape!r}, " + "}"
    if len(shape) > 0:
        text += " " * (21 - len(repr(shape[-1 if fortran_order else 0])))
    return text


def wrap_npy_header(text, version):
    """Magic string, version, length and `text` padded with spaces and ended by '\\n' to a multiple of 64 bytes.
    Raises ValueError when the length does not fit the version (UnicodeEncodeError, a ValueError, when the text is
    not latin-1 for 1.0 and 2.0)."""
    version = _version(version)
    fmt, encoding = _NPY_LENGTH[version]
    header = text.encode(encoding)
    length = len(header) + 1
    padding = 64 - (len(_NPY_MAGIC) + 2 + struct.calcsize(fmt) + length) % 64
    try:
        prefix = _NPY_MAGIC + bytes(version) + struct.pack(fmt, length + padding)
    except struct.error:
        raise ValueError(f"a header of {length} bytes does not fit in format version {version}") from None
    return prefix + header + b" " * padding + b"\n"


def _version(version):
    if isinstance(version, int):
        version = (version, 0)
    version = tuple(version)
    if version not in _NPY_LENGTH:
        raise ValueError(f"the .npy format versions are 1.0, 2.0 and 3.0, not {version}")
    return version


def npy_bytes(values, shape, dtype, fortran_order=False, version=None):
    """The bytes np.save writes for the array of `shape` and `dtype` whose elements, in row-major order, are
    `values`; version None (as np.save) or 1, 2, 3, (1, 0), (2, 0), (3, 0) (as numpy.lib.format.write_array)."""
    shape = tuple(shape)
    name = canonical_dtype(dtype)
    descr = DTYPES[name][2]
    if descr is None:
        raise ValueError(f"{name} has no .npy dtype")
    values = list(values)
    if len(values) != _count(shape):
        raise ValueError(f"{len(values)} values for the shape {shape}")
    if fortran_order:
        if sum(1 for d in shape if d > 1) < 2 or 0 in shape:
            raise ValueError(f"np.save writes fortran_order False for the shape {shape}: an array of it in Fortran "
                             "order is also C-contiguous")
        values = _fortran_order(values, shape)
    text = npy_header(descr, bool(fortran_order), shape)
    if version is None:
        try:
            header = wrap_npy_header(text, (1, 0))
        except ValueError:
            try:
                header = wrap_npy_header(text, (2, 0))
            except UnicodeEncodeError:
                header = wrap_npy_header(text, (3, 0))
    else:
        header = wrap_npy_header(text, version)
    return header + encode(values, name)


def save_npy(path, values, shape, dtype, fortran_order=False, version=None):
    """Writes npy_bytes(values, shape, dtype, fortran_order, version) to `path`."""
    data = npy_bytes(values, shape, dtype, fortran_order, version)
    with open(path, "wb") as f:
        f.write(data)


def _json_string(s):
    """A JSON string as serde_json writes it."""
    out = ['"']
    short = {'"': '\\"', "\\": "\\\\", "\b": "\\b", "\f": "\\f", "\n": "\\n", "\r": "\\r", "\t": "\\t"}
    for c in s:
        if c in short:
            out.append(short[c])
        elif ord(c) < 0x20:
            out.append(f"\\u{ord(c):04x}")
        else:
            out.append(c)
    out.append('"')
    return "".join(out)


def _prepared(tensors):
    """The tensors as (name, dtype, shape, data) in the order of the file."""
    items = []
    for name, spec in tensors.items():
        if not isinstance(name, str):
            raise TypeError(f"a tensor's name is a string, not {name!r}")
        dtype, shape, values = spec
        dtype = canonical_dtype(dtype)
        shape = tuple(shape)
        values = list(values)
        if len(values) != _count(shape):
            raise ValueError(f"{len(values)} values for the shape {shape} of {name!r}")
        items.append((name, dtype, shape, encode(values, dtype)))
    items.sort(key=lambda t: (-_SAFETENSORS_ORDER.index(t[1]), t[0].encode("utf-8")))
    return items


def safetensors_header(entries, metadata=None):
    """The JSON text of a safetensors header, unpadded: entries are (name, dtype, shape, (begin, end)) in order."""
    parts = []
    if metadata is not None:
        fields = ",".join(f"{_json_string(k)}:{_json_string(v)}" for k, v in metadata.items())
        parts.append('"__metadata__":{' + fields + "}")
    for name, dtype, shape, (begin, end) in entries:
        dims = ",".join(str(d) for d in shape)
        parts.append(f'{_json_string(name)}:{{"dtype":"{dtype}","shape":[{dims}],"data_offsets":[{begin},{end}]}}')
    return "{" + ",".join(parts) + "}"


def safetensors_bytes(tensors, metadata=None):
    """The bytes safetensors' save_file writes for `tensors`, a dict name -> (dtype, shape, flat row-major values),
    and `metadata`, None or a dict of strings."""
    if metadata is not None:
        for k, v in metadata.items():
            if not isinstance(k, str) or not isinstance(v, str):
                raise TypeError("metadata maps strings to strings")
    items = _prepared(tensors)
    entries = []
    offset = 0
    for name, dtype, shape, data in items:
        entries.append((name, dtype, shape, (offset, offset + len(data))))
        offset += len(data)
    header = safetensors_header(entries, metadata).encode("utf-8")
    header += b" " * (-len(header) % 8)
    return struct.pack("<Q", len(header)) + header + b"".join(item[3] for item in items)


def save_safetensors(path, tensors, metadata=None):
    """Writes safetensors_bytes(tensors, metadata) to `path`."""
    data = safetensors_bytes(tensors, metadata)
    with open(path, "wb") as f:
        f.write(data)
