#!/usr/bin/env python3
# SPDX-License-Identifier: BSL-1.0
"""Derives the constants of include/cta/math/log.hpp and writes the reference data of the log and log1p accuracy
tests, next to this script:

  log_double.txt, log_float.txt      the arguments x and the correctly rounded log(x), IEEE binary64 and binary32
  log1p_double.txt, log1p_float.txt  the same for log1p(x) = log(1 + x)
  log_sample.hpp                     256 of those points per function and type as constexpr arrays, for the
                                     compile-time checks

Usage: python3 make_log_tables.py [--constants]   (python3 and mpmath 1.3). With --constants, only prints the
constants and the error bounds of their polynomials. The output is a function of this script (and of
make_exp_tables.py, whose formats, sampling and offsets it shares) alone: fixed seeds, integer-only rounding, so
running it again rewrites the same bytes.

The tables have the lines of make_exp_tables.py: "<x bits> <f(x) bits> [<offset>]", the result rounded to nearest,
ties to even, the offset (f(x) - result) / ulp in decimal; '#' comments give the header and the sections. f(x) is
computed with mpmath at 60 significant digits (200 bits), and the precision doubled as often as needed whenever the
approximation is too close to a midpoint for its error bound to decide the rounding.

The constants. With s = f / (2 + f), log(1 + f) = 2 atanh(s) = 2 s + s^3 Q(s^2), Q(z) = 2 (atanh(sqrt z) / sqrt z - 1)
/ z = sum 2 z^n / (2n + 3). For f in [sqrt(2)/2 - 1, sqrt(2) - 1), |s| <= 3 - 2 sqrt(2) and z <= z_max =
(3 - 2 sqrt(2))^2 = 17 - 12 sqrt(2) < 0.02944. The polynomial is mpmath's Chebyshev fit (chebyfit: interpolation at
the Chebyshev nodes, close to the minimax polynomial) of Q on [0, 1.001 z_max], degree 7 for double and 3 for float,
its coefficients rounded to the type; the error of the rounded polynomial is measured on 4001 points of the interval.
ln 2 is split into ln2_hi, ln 2 rounded to 42 bits (16 for float: k ln2_hi is exact for |k| < 2^11, resp. 2^8,
which covers every exponent with its subnormal shift), and ln2_lo = ln 2 - ln2_hi rounded to the type.
"""

import os
import random
import struct
import sys

import mpmath
from mpmath import mp

from make_exp_tables import (BASE_DPS, Format, Result, Sampler, Split, consecutive, pick_sample, write_sample,
                              write_table)

HERE = os.path.dirname(os.path.abspath(__file__))
DOUBLE = Format('double', 64, 53, 1023, 0x0c7a1064)
FLOAT = Format('float', 32, 24, 127, 0x0c7a1032)
DEGREE = {'double': 7, 'float': 3}
LN2_BITS = {'double': 42, 'float': 16}


# ---- The constants ---------------------------------------------------------------------------------------------

def to_type(fmt, v):
    """The mpf v rounded to the format, as a Python float (through a double first for binary32: both roundings are
    to nearest, and the double holds far more bits than needed to round the float correctly for these values)."""
    d = float(v)
    if fmt.bits == 32:
        d = struct.unpack('<f', struct.pack('<f', d))[0]
    return d


def tail_q(z):
    if z == 0:
        return mpmath.mpf(2) / 3
    r = mpmath.sqrt(z)
    return 2 * (mpmath.atanh(r) / r - 1) / z


def constants(fmt):
    """(coefficients of Q from z^0 up, ln2_hi, ln2_lo, log2 of the largest error of the rounded polynomial)."""
    with mp.workdps(BASE_DPS):
        z_max = (17 - 12 * mpmath.sqrt(2)) * mpmath.mpf('1.001')
        coefficients, _ = mpmath.chebyfit(tail_q, [0, z_max], DEGREE[fmt.name] + 1, error=True)
        coefficients = [to_type(fmt, c) for c in reversed(coefficients)]
        worst = mpmath.mpf(0)
        for i in range(4001):
            z = z_max * i / 4000
            p = mpmath.mpf(0)
            for c in reversed(coefficients):
                p = p * z + c
            worst = max(worst, abs(p - tail_q(z)))
        ln2 = mpmath.log(2)
        ln2_hi = mpmath.floor(ln2 * 2 ** LN2_BITS[fmt.name] + mpmath.mpf(0.5)) / 2 ** LN2_BITS[fmt.name]
        return coefficients, to_type(fmt, ln2_hi), to_type(fmt, ln2 - ln2_hi), float(mpmath.log(worst, 2))


def print_constants():
    for fmt in (DOUBLE, FLOAT):
        coefficients, ln2_hi, ln2_lo, error = constants(fmt)
        print('%s: Q(z) of degree %d, |error| < 2^%.1f; tail error relative to the result < 2^%.1f' %
              (fmt.name, len(coefficients) - 1, error, error - 6))
        for i, c in enumerate(coefficients):
            print('  z^%d: %r (%s)' % (i, c, c.hex()))
        print('  ln2_hi = %s, ln2_lo = %s' % (ln2_hi.hex(), ln2_lo.hex()))


# ---- References ------------------------------------------------------------------------------------------------

def rounded(fmt, compute, dps=BASE_DPS):
    """compute(prec) (an mpf, nonzero and finite, with an error below 2 units of its last place at prec bits)
    correctly rounded into fmt."""
    prec = int(dps * 3.33) + 1
    while True:
        with mp.workprec(prec):
            sign, man, e, _ = compute()._mpf_
        bc = man.bit_length()
        if bc < prec:  # mpmath drops trailing zero bits: put them back, so that a unit is one of 2^-prec
            man <<= prec - bc
            e -= prec - bc
        split = Split(fmt, man, e)
        if abs(split.diff) <= 2:
            if prec > 100000:
                raise AssertionError('no rounding decided at %d bits' % prec)
            prec *= 2
            continue
        result = split.rounded()
        if sign:
            return Result(result.bits | fmt.sign, -result.off_num, result.off_shift)
        return result


def log_reference(fmt, b, dps=BASE_DPS):
    if fmt.is_nan(b):
        return Result(fmt.qnan)
    if (b & ~fmt.sign) == 0:
        return Result(fmt.inf | fmt.sign)
    if b & fmt.sign:
        return Result(fmt.qnan)
    if b == fmt.inf:
        return Result(fmt.inf)
    if b == fmt.from_py(1.0):
        return Result(0, 0, 0)
    x = fmt.to_py(b)
    return rounded(fmt, lambda: mpmath.log(mpmath.mpf(x)), dps)


def log1p_reference(fmt, b, dps=BASE_DPS):
    if fmt.is_nan(b):
        return Result(fmt.qnan)
    if (b & ~fmt.sign) == 0:
        return Result(b, 0, 0)
    if b == fmt.inf:
        return Result(fmt.inf)
    x = fmt.to_py(b)
    if x == -1.0:
        return Result(fmt.inf | fmt.sign)
    if x < -1.0:
        return Result(fmt.qnan)
    return rounded(fmt, lambda: mpmath.log1p(mpmath.mpf(x)), dps)


REFERENCE = {'log': log_reference, 'log1p': log1p_reference}


# ---- The points ------------------------------------------------------------------------------------------------

def sections(fmt, name):
    f = fmt
    samp = Sampler(f)
    samp.rng = random.Random(f.seed + (0 if name == 'log' else 7))
    reference = REFERENCE[name]
    one = f.from_py(1.0)
    is_double = f.bits == 64
    sqrt2 = f.from_py(float(mpmath.sqrt(2)))
    min_normal = f.from_py(2.0 ** f.emin)
    max_sub = min_normal - 1
    out = []

    def add(title, points):
        out.append((title, points))

    def around(center, n):
        return [b for b in consecutive(f, center, n) if not f.is_nan(b) and (b & ~f.sign) <= f.inf]

    specials = [0, f.sign, f.inf, f.inf | f.sign, f.qnan, f.qnan | f.sign, f.qnan | 0x5a5, f.inf | 1,
                f.max_finite, f.max_finite | f.sign, 1, 1 | f.sign, max_sub, min_normal, min_normal | f.sign,
                one, one | f.sign, f.step(one, 1), f.step(one, -1), f.from_py(2.0), f.from_py(0.5),
                f.from_py(-2.0), f.from_py(float(mpmath.e)), sqrt2, f.step(sqrt2, 1)]
    add('special values and extremes', specials)
    add('random bit patterns (any sign, NaN and infinities included)',
        [samp.below(1 << f.bits) for _ in range(5000)])
    if name == 'log':
        add('uniform in the bit pattern over the positive numbers', samp.bits_between(1, f.max_finite, 36000))
        add('subnormal x', samp.bits_between(1, max_sub, 5000) + around(1, 200) + around(max_sub, 200)
            + around(min_normal, 200))
        add('tiny x below 2^%d' % (f.emin + 60), samp.bits_between(min_normal, f.from_py(2.0 ** (f.emin + 60)), 3000))
        add('huge x above 2^%d' % (f.emax - 60), samp.bits_between(f.from_py(2.0 ** (f.emax - 60)), f.max_finite, 3000))
        pts = around(one, 1000 if is_double else 3000)
        for _ in range(10000):
            d = 2.0 ** -samp.integer(1, f.p + 2) * (1 + samp.rng.getrandbits(52) / 2.0 ** 52)
            pts.append(f.from_py(1.0 + d if samp.rng.getrandbits(1) else 1.0 - d / 2))
        add('near 1, both sides (1 + d and 1 - d/2 with log-uniform d)', pts)
        add('uniform in value over [1/2, 2]', samp.values_between(0.5, 2.0, 10000))
        add('uniform in value over (0, 100]', samp.values_between(0.0, 100.0, 5000))
        pts = []
        for e in range(f.min_q, f.emax + 1):
            p2 = f.from_py(2.0 ** e)
            pts += around(p2, 2 if is_double else 8)
            pts += around(f.from_py(2.0 ** e * f.to_py(sqrt2)), 1 if is_double else 4)
        add('near every power of two and sqrt(2) times it (the branch of the reduction)', pts)
        sq = []
        for c in (sqrt2, f.from_py(f.to_py(sqrt2) / 2)):
            sq += around(c, 2000 if is_double else 5000)
        add('around sqrt(2) and sqrt(2)/2', sq)
        lo_b, hi_b = 1, f.max_finite
    else:
        minus_one = one | f.sign
        add('uniform in the bit pattern over (0, max]', samp.bits_between(1, f.max_finite, 20000))
        add('uniform in the bit pattern over (-1, 0)', samp.bits_between(f.sign | 1, f.step(minus_one, -1), 15000))
        add('subnormal x, both signs', samp.bits_between(1, max_sub, 2500) + samp.bits_between(f.sign | 1,
            f.sign | max_sub, 2500) + around(0, 200))
        tiny = f.from_py(2.0 ** (-54 if is_double else -25))
        add('tiny |x| below 2^-20 and the threshold |x| = 2^%d of log1p(x) = x' % (-54 if is_double else -25),
            samp.bits_between(min_normal, f.from_py(2.0 ** -20), 5000)
            + samp.bits_between(min_normal | f.sign, f.from_py(-2.0 ** -20), 5000)
            + around(tiny, 500) + around(tiny | f.sign, 500))
        pts = around(f.step(minus_one, -1), 1000) + samp.bits_between(
            f.step(minus_one, -1), f.from_py(-1.0 + 2.0 ** -10), 4000)
        add('near -1', pts)
        add('uniform in value over [-1, 1]', samp.values_between(-1.0, 1.0, 15000))
        add('uniform in value over the direct range [sqrt(2)/2 - 1, sqrt(2) - 1]',
            samp.values_between(f.to_py(sqrt2) / 2 - 1, f.to_py(sqrt2) - 1, 10000))
        pts = []
        for c in (f.from_py(f.to_py(sqrt2) - 1), f.from_py(f.to_py(sqrt2) / 2 - 1)):
            pts += around(c, 1000 if is_double else 3000)
        add('around the ends of the direct range', pts)
        pts = []
        for e in range(-f.p - 2, f.emax + 1):
            pts += around(f.from_py(2.0 ** e - 1.0), 2 if is_double else 6)
            if e < 1:
                pts += around(f.from_py(2.0 ** -1 * (1 + 2.0 ** e) - 1.0), 2 if is_double else 6)
        add('x = 2^e - 1 (1 + x near a power of two) for every e', pts)
        add('huge x above 2^%d' % f.p, samp.bits_between(f.from_py(2.0 ** f.p), f.max_finite, 3000))
        lo_b, hi_b = f.step(minus_one, -1), f.max_finite
    # The hardest of random arguments: half uniform in the bit pattern, half uniform in value over [-1, 4].
    cands = samp.bits_between(lo_b, hi_b, 15000) + samp.values_between(-0.999 if name == 'log1p' else 0.001, 4.0,
                                                                       15000)
    scored = sorted((reference(f, b, dps=36).distance_to_midpoint(), f.ordered(b), b) for b in set(cands))
    add('the hardest of 30000 random arguments', [b for _, _, b in scored[:1000]])
    return out


def run(print_constants_of, names, formats, sections_of, references, script, point):
    """The script of two functions names (make_log_tables.py, make_expm1_tables.py): prints the constants, and
    unless the only argument is --constants writes for each function of names and format of formats its table
    <name>_<format>.txt at the points of sections_of(fmt, name), computed by references[name], then 256 of the points
    of each in <first name>_sample.hpp as arrays of the struct point."""
    mp.dps = BASE_DPS
    print_constants_of()
    if sys.argv[1:] == ['--constants']:
        return
    samples = []
    for name in names:
        for fmt in formats:
            rows = write_table(fmt, os.path.join(HERE, '%s_%s.txt' % (name, fmt.name)), sections_of(fmt, name),
                               references[name], name, script)
            samples.append(('%s_sample_%s' % (name, fmt.name), fmt,
                            pick_sample(fmt, rows, 256, fmt.seed + len(name), specials=25)))
            print('%s_%s.txt: %d points' % (name, fmt.name, len(rows)), flush=True)
    write_sample(samples, os.path.join(HERE, '%s_sample.hpp' % names[0]), [
        '// %s and %s reference points for the compile-time checks: {x bits, correctly rounded result bits}.' % names,
        '// Written by %s from the same data as %s_*.txt and %s_*.txt: do not edit.' % ((script,) + names),
    ], point)


def main():
    run(print_constants, ('log', 'log1p'), (DOUBLE, FLOAT), sections, REFERENCE, 'make_log_tables.py', 'log_point')


if __name__ == '__main__':
    main()
