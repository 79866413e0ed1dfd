#!/usr/bin/env python3
# SPDX-License-Identifier: BSL-1.0
"""Checks tools/weights/write_weights.py against NumPy: every .npy file that np.save can write, saved by NumPy from
the same array (dtype, shape, values, order), must be the same bytes as write_weights.py's and as the committed file.

  - the .npy files of tests/weights/files/ that np.save writes (make_files.py's Corpus.npy_arrays): every dtype's
    special values, matrices and scalars, Fortran order, a 3-D array, every F16 pattern, versions 2.0 and 3.0
    (numpy.lib.format.write_array(f, a, version=...)), and the files of dtypes the reader refuses (complex, strings,
    bool, uint16, big-endian float32);
  - the seed's .npy files of examples/weights/seed/ (make_seed_weights.py), from examples/seed.hpp's integers;
  - shapes that exercise the header's layout: 0-D, empty, one element, dimensions of 1 to 19 digits (the spaces for
    growth), 32 dimensions, 16 dimensions (where the spaces for growth make the header 192 bytes, not 128: the one
    place here where NumPy 1.24's header and an older one differ in bytes), Fortran order in 2, 3 and 16 dimensions,
    and shapes NumPy writes in C order whatever the array's order (a dimension of 1 or 0), for which
    write_weights.py refuses fortran_order=True.

The array is built by NumPy from the values: integers as given, floats converted by astype from float64 (a Fraction
through its nearest float64; none of the corpus's is a tie of the narrower type), Bits(pattern) as the pattern's
bits viewed as the dtype, and made Fortran-ordered with np.asfortranarray. np.save writes the header of
numpy/lib/format.py; the header's spaces for growth came with NumPy 1.24, so an older NumPy is refused.

Usage: python3 numpy_check.py (python3 and NumPy); exit status 0 when every file agrees, 1 otherwise, and 77 (CTest's
skip) without NumPy.
"""

import io
import os
import sys

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.dirname(os.path.dirname(HERE))
sys.path.insert(0, os.path.join(ROOT, "tools", "weights"))
sys.path.insert(0, HERE)
sys.path.insert(0, os.path.join(ROOT, "examples", "weights"))

try:
    import numpy as np
    import numpy.lib.format as npy_format
except ImportError:
    print("NumPy is not installed: skipped (Debian: python3-numpy, which .ci/install-deps --all installs)")
    sys.exit(77)

import make_files  # noqa: E402
import make_seed_weights  # noqa: E402
import write_weights as ww  # noqa: E402

UNSIGNED = {1: "<u1", 2: "<u2", 4: "<u4", 8: "<u8"}
WRITTEN = {descr for _, _, descr in ww.DTYPES.values() if descr is not None}


def numpy_array(descr, shape, values, fortran_order):
    """The NumPy array of dtype `descr` and `shape` whose row-major elements are `values`."""
    dtype = np.dtype(descr)
    if dtype.kind == "f":
        unsigned = UNSIGNED[dtype.itemsize]
        bits = np.empty(len(values), dtype=unsigned)
        for k, v in enumerate(values):
            if isinstance(v, ww.Bits):
                bits[k] = v.pattern
            else:
                bits[k] = np.array([float(v)], dtype=np.float64).astype(dtype).view(unsigned)[0]
        array = bits.view(dtype).reshape(shape)
    else:
        array = np.array(values, dtype=dtype).reshape(shape)
    if fortran_order:
        array = np.asfortranarray(array)
        assert array.flags.f_contiguous and not array.flags.c_contiguous, shape
    return array


def numpy_bytes(array, version):
    """The bytes np.save writes (version None), or numpy.lib.format.write_array with that version."""
    out = io.BytesIO()
    if version is None:
        np.save(out, array)
    else:
        npy_format.write_array(out, array, version=(version, 0) if isinstance(version, int) else tuple(version))
    return out.getvalue()


def first_difference(a, b):
    for k in range(min(len(a), len(b))):
        if a[k] != b[k]:
            return k
    return min(len(a), len(b))


class Check:
    def __init__(self):
        self.compared = 0
        self.failures = []

    def same(self, what, numpy_data, other, other_name):
        self.compared += 1
        if numpy_data == other:
            return
        k = first_difference(numpy_data, other)
        self.failures.append(f"{what}: np.save and {other_name} differ at byte {k} (sizes {len(numpy_data)} and "
                             f"{len(other)}):\n    NumPy:  {numpy_data[:k + 16][-96:]!r}\n"
                             f"    {other_name}: {other[:k + 16][-96:]!r}")


def check_corpus(check):
    corpus = make_files.build()
    directory = os.path.join(HERE, "files")
    for name, (descr, shape, values, fortran_order, version) in sorted(corpus.npy_arrays.items()):
        data = numpy_bytes(numpy_array(descr, shape, values, fortran_order), version)
        with open(os.path.join(directory, name), "rb") as f:
            check.same(f"tests/weights/files/{name}", data, f.read(), "the file")
        if descr in WRITTEN:  # a dtype write_weights.py writes (the others' files are made of its header alone)
            check.same(f"tests/weights/files/{name}", data,
                       ww.npy_bytes(values, shape, descr, fortran_order, version), "write_weights.py")
    # The .npy files left: bad files np.save cannot write (malformed, truncated...), and '<f16'.
    left = sorted(n for n in os.listdir(directory) if n.endswith(".npy") and n not in corpus.npy_arrays)
    assert all(n.startswith("bad_") for n in left), left
    return len(corpus.npy_arrays), left


def check_seed(check):
    directory = os.path.join(ROOT, "examples", "weights", "seed")
    count = 0
    for name, (rows, columns, values) in sorted(make_seed_weights.read_seed().items()):
        tensor = make_seed_weights.NAMES[name]
        data = numpy_bytes(np.array(values, dtype=np.float64).reshape(rows, columns), None)
        with open(os.path.join(directory, tensor + ".npy"), "rb") as f:
            check.same(f"examples/weights/seed/{tensor}.npy", data, f.read(), "the file")
        check.same(f"examples/weights/seed/{tensor}.npy", data,
                   ww.npy_bytes([float(v) for v in values], (rows, columns), "f8"), "write_weights.py")
        count += 1
    return count


def check_layouts(check):
    """Shapes and orders for the header's layout, every dtype."""
    count = 0
    shapes = [((), False), ((0,), False), ((1,), False), ((7,), False), ((3, 0), False), ((0, 5), False),
              ((123456789, 0), False), ((0, 10 ** 18), False), ((1,) * 32, False), ((1,) * 16, False),
              ((2, 2, 2) + (1,) * 13, True), ((2, 3), True), ((5, 2), True),
              ((2, 1, 3), True), ((2, 3, 4), True), ((1, 3), True), ((3, 1), True), ((0, 4), True), ((1, 1), True)]
    for code in sorted(make_files.NPY_CODE.values()):
        descr = ww.DTYPES[ww.canonical_dtype(code)][2]
        for shape, fortran in shapes:
            n = 1
            for d in shape:
                n *= d
            values = [(k % 100) - 50 if code[0] == "i" else k % 200 for k in range(n)]
            if code[0] == "f":
                values = [v / 4 for v in values]
            array = numpy_array(descr, shape, values, False)
            if fortran:
                array = np.asfortranarray(array)
            data = numpy_bytes(array, None)
            writes_fortran = array.flags.f_contiguous and not array.flags.c_contiguous
            what = f"{descr} {shape}{' Fortran-ordered' if fortran else ''}"
            if fortran and not writes_fortran:
                # NumPy writes C order; write_weights.py refuses fortran_order=True for the shape, and writes the
                # same bytes with fortran_order=False.
                try:
                    ww.npy_bytes(values, shape, code, True)
                    check.failures.append(f"{what}: write_weights.py takes fortran_order=True, np.save writes "
                                          "fortran_order False")
                except ValueError:
                    pass
            check.same(what, data, ww.npy_bytes(values, shape, code, writes_fortran), "write_weights.py")
            count += 1
    return count


def main():
    version = tuple(int(p) for p in np.__version__.split(".")[:2])
    if version < (1, 24):
        print(f"NumPy {np.__version__} writes the header without the spaces for growth of NumPy 1.24 and later, which "
              "write_weights.py follows: install NumPy 1.24 or later")
        return 1
    check = Check()
    corpus, left = check_corpus(check)
    seed = check_seed(check)
    layouts = check_layouts(check)
    for failure in check.failures:
        print(failure, file=sys.stderr)
    print(f"NumPy {np.__version__}: {corpus} .npy files of tests/weights/files, {seed} of examples/weights/seed and "
          f"{layouts} layouts written by np.save; {check.compared} comparisons, {len(check.failures)} differ")
    print(f"not written by np.save: {len(left)} files of tests/weights/files ({', '.join(left)})")
    return 1 if check.failures else 0


if __name__ == "__main__":
    sys.exit(main())
