#!/usr/bin/env python3
# SPDX-License-Identifier: BSL-1.0
"""Derives the constants of include/cta/math/expm1.hpp (used by include/cta/math/tanh.hpp too) and writes the
reference data of the expm1 and tanh accuracy tests, next to this script:

  expm1_double.txt, expm1_float.txt  the arguments x and the correctly rounded expm1(x) = e^x - 1, IEEE binary64 and
                                     binary32
  tanh_double.txt, tanh_float.txt    the same for tanh(x)
  expm1_sample.hpp                   256 of those points per function and type as constexpr arrays, for the
                                     compile-time checks

Usage: python3 make_expm1_tables.py [--constants]   (python3 and mpmath 1.3). With --constants, only prints the
constants, the error bounds of their polynomials and the thresholds. The output is a function of this script (and
of make_exp_tables.py and make_log_tables.py, whose formats, sampling, offsets and rounding it shares) alone: fixed
seeds, integer-only rounding, so running it again rewrites the same bytes.

The tables have the lines of make_exp_tables.py: "<x bits> <f(x) bits> [<offset>]", the result rounded to nearest,
ties to even, the offset (f(x) - result) / ulp in decimal; '#' comments give the header and the sections. f(x) is
computed with mpmath at 60 significant digits (200 bits) or more: for tiny |x| the precision grows with the
exponent of x (expm1(x) - x and tanh(x) - x are about x^2 and x^3), and it is doubled as often as needed whenever
the approximation is too close to a midpoint for its error bound to decide the rounding. Where the result rounds to
-1 (expm1) or +-1 (tanh) far beyond 200 bits, the offset is formed from e^x, resp. 2 e^(-2|x|), directly.
tanh(x) is computed as expm1(2x) / (expm1(2x) + 2), free of cancellation.

The constants. e^r - 1 = r + r^2/2 + r^3 T(r), T(r) = 1/6 + r/24 + r^2/120 + ...; the polynomial is mpmath's
Chebyshev fit (chebyfit: interpolation at the Chebyshev nodes, close to the minimax polynomial) of T on
[-0.35, 0.35] (|r| <= ln 2 / 2 < 0.3466, and a little more where x / ln 2 rounds the other way), degree 9 for double
and 4 for float, its coefficients rounded to the type; its relative error is measured on 4001 points of the interval.
The thresholds: the largest x whose expm1(x) rounds to a finite value (e^x - 1 below the largest finite value plus
half its ulp), and the arguments from which expm1(x) rounds to -1 (e^x below half the spacing below 1) and tanh(x)
to 1 (1 - tanh x below that), and below which expm1(x) and tanh(x) round to x.
"""

import math
import os
import random

import mpmath
from mpmath import mp

from make_exp_tables import BASE_DPS, Format, Result, Sampler, consecutive
from make_log_tables import rounded, run, to_type

HERE = os.path.dirname(os.path.abspath(__file__))
DOUBLE = Format('double', 64, 53, 1023, 0x0c7a1e64)
FLOAT = Format('float', 32, 24, 127, 0x0c7a1e32)
DEGREE = {'double': 9, 'float': 4}
R_MAX = mpmath.mpf('0.35')
# The thresholds of the header: expm1(x) = x below TINY, -1 below MINUS_ONE; tanh(x) = x below TANH_TINY, +-1 from
# TANH_ONE on (|x|).
TINY = {'double': 2.0 ** -54, 'float': 2.0 ** -25}
MINUS_ONE = {'double': -40.0, 'float': -18.0}
TANH_TINY = {'double': 2.0 ** -27, 'float': 2.0 ** -13}
TANH_ONE = {'double': 22.0, 'float': 10.0}


# ---- The constants ---------------------------------------------------------------------------------------------

def tail_t(r):
    if r == 0:
        return mpmath.mpf(1) / 6
    return (mpmath.expm1(r) - r - r * r / 2) / r ** 3


def constants(fmt):
    """(coefficients of T from r^0 up, log2 of the largest relative error of the rounded polynomial)."""
    with mp.workdps(BASE_DPS):
        coefficients, _ = mpmath.chebyfit(tail_t, [-R_MAX, R_MAX], DEGREE[fmt.name] + 1, error=True)
        coefficients = [to_type(fmt, c) for c in reversed(coefficients)]
        worst = mpmath.mpf(0)
        for i in range(4001):
            r = -R_MAX + 2 * R_MAX * i / 4000
            p = mpmath.mpf(0)
            for c in reversed(coefficients):
                p = p * r + c
            worst = max(worst, abs(p - tail_t(r)) / tail_t(r))
        return coefficients, float(mpmath.log(worst, 2))


def thresholds(fmt):
    """(the largest x with a finite expm1(x), the x below which expm1(x) rounds to -1, the x from which tanh(x) rounds
    to 1), the first as a value of the format, the others as mpf."""
    with mp.workdps(BASE_DPS):
        half_over = mpmath.mpf(2) ** (fmt.emax + 1) * (1 - mpmath.mpf(2) ** (-fmt.p - 1))
        limit = mpmath.log1p(half_over)  # expm1(x) < the largest finite value plus half its ulp
        b = fmt.from_py(float(limit))
        while fmt.to_py(b) >= limit:
            b = fmt.step(b, -1)
        while fmt.to_py(fmt.step(b, 1)) < limit:
            b = fmt.step(b, 1)
        half_below_one = mpmath.mpf(2) ** (-fmt.p - 1)
        return fmt.to_py(b), mpmath.log(half_below_one), mpmath.atanh(1 - half_below_one)


def print_constants():
    for fmt in (DOUBLE, FLOAT):
        coefficients, error = constants(fmt)
        overflow, minus_one, tanh_one = thresholds(fmt)
        print('%s: T(r) of degree %d, relative error < 2^%.1f; tail error relative to the result < 2^%.1f' %
              (fmt.name, len(coefficients) - 1, error, error + math.log2(0.35 ** 2 / 6 * 1.2)))
        for i, c in enumerate(coefficients):
            print('  r^%d: %r (%s)' % (i, c, c.hex()))
        print('  largest x with a finite expm1(x): %r (%s)' % (overflow, overflow.hex()))
        print('  expm1(x) rounds to -1 below %s, tanh(x) to 1 from %s on' %
              (mpmath.nstr(minus_one, 6), mpmath.nstr(tanh_one, 6)))


# ---- References ------------------------------------------------------------------------------------------------

def extra_dps(x, power):
    """Digits beyond BASE_DPS for f(x) - x ~ x^power at a tiny x: (power - 1) times the binary exponent of |x|."""
    e = -math.frexp(abs(x))[1]
    return 0 if e < 8 else int((power - 1) * e / 3.3) + 10


def near_one(fmt, sign_bit, distance, negative):
    """The Result +-1 (sign_bit) for a value 1 - distance from it (distance > 0, far below the format's spacing below
    1), toward zero: offset -distance / 2^-p (or +distance for -1)."""
    one = fmt.from_py(1.0) | sign_bit
    with mp.workdps(BASE_DPS):
        units = distance * mpmath.mpf(2) ** fmt.p
        if units < mpmath.mpf(2) ** -9000:
            num, shift = 1, 10000
        else:
            shift = int(-mpmath.floor(mpmath.log(units, 2))) + 64
            num = int(mpmath.floor(units * mpmath.mpf(2) ** shift))
    return Result(one, num if negative else -num, shift)


def expm1_reference(fmt, b, dps=BASE_DPS):
    if fmt.is_nan(b):
        return Result(fmt.qnan)
    if (b & ~fmt.sign) == 0:
        return Result(b, 0, 0)
    if b == fmt.inf:
        return Result(fmt.inf)
    if b == fmt.inf | fmt.sign:
        return Result(fmt.from_py(-1.0))
    x = fmt.to_py(b)
    if x > 1e4:
        return Result(fmt.inf)
    if x < -150:  # e^x below 2^-216: -1 + e^x is -1 to far beyond 200 bits
        with mp.workdps(BASE_DPS):
            return near_one(fmt, fmt.sign, mpmath.exp(mpmath.mpf(x)), True)
    result = rounded(fmt, lambda: mpmath.expm1(mpmath.mpf(x)), dps + extra_dps(x, 2))
    return Result(fmt.inf) if result.bits == fmt.inf else result


def tanh_reference(fmt, b, dps=BASE_DPS):
    if fmt.is_nan(b):
        return Result(fmt.qnan)
    if (b & ~fmt.sign) == 0:
        return Result(b, 0, 0)
    if (b & ~fmt.sign) == fmt.inf:
        return Result(fmt.from_py(1.0) | (b & fmt.sign))
    x = fmt.to_py(b)
    if abs(x) > 75:  # 2 e^(-2|x|) below 2^-215
        with mp.workdps(BASE_DPS):
            return near_one(fmt, b & fmt.sign, 2 * mpmath.exp(-2 * mpmath.mpf(abs(x))), x < 0)

    def compute():
        e = mpmath.expm1(2 * mpmath.mpf(x))
        return e / (e + 2)
    return rounded(fmt, compute, dps + extra_dps(x, 3))


REFERENCE = {'expm1': expm1_reference, 'tanh': tanh_reference}
INVERSE = {'expm1': mpmath.log1p, 'tanh': mpmath.atanh}


# ---- The points ------------------------------------------------------------------------------------------------

def near_midpoints(fmt, samp, name, lo_exp, hi_exp, count):
    """Arguments whose result is close to a midpoint by construction: for a random x with lo_exp <= log2|x| < hi_exp
    (either sign), the midpoint M nearest to f(x), and the representable values around the inverse of f at M."""
    reference, inverse = REFERENCE[name], INVERSE[name]
    out = []
    for _ in range(count):
        e = samp.integer(lo_exp, hi_exp - 1)
        x = 2.0 ** e * (1 + samp.rng.getrandbits(52) / 2.0 ** 52)
        if samp.rng.getrandbits(1):
            x = -x
        b = fmt.from_py(x)
        r = reference(fmt, b, dps=36)
        if r.off_num is None or r.off_num == 0:
            continue
        y = fmt.to_py(r.bits)
        with mp.workdps(BASE_DPS):
            u = abs(mpmath.mpf(fmt.to_py(fmt.step(r.bits, 1 if r.off_num > 0 else -1))) - y)
            mid = mpmath.mpf(y) + (u / 2 if r.off_num > 0 else -u / 2)
            if name == 'tanh' and abs(mid) >= 1:
                continue
            c = fmt.from_py(float(inverse(mid)))
        out.extend(consecutive(fmt, c, 1))
    return out


def sections(fmt, name):
    f = fmt
    samp = Sampler(f)
    samp.rng = random.Random(f.seed + (0 if name == 'expm1' else 7))
    reference = REFERENCE[name]
    is_double = f.bits == 64
    one = f.from_py(1.0)
    min_normal = f.from_py(2.0 ** f.emin)
    max_sub = min_normal - 1
    out = []

    def add(title, points):
        out.append((title, points))

    def around(center, n):
        return [b for b in consecutive(f, center, n) if not f.is_nan(b) and (b & ~f.sign) <= f.inf]

    def both(points):
        return points + [b ^ f.sign for b in points]

    overflow, minus_one_exact, tanh_one_exact = thresholds(f)
    overflow_b = f.from_py(overflow)
    tiny = f.from_py(TINY[f.name])
    tanh_tiny = f.from_py(TANH_TINY[f.name])
    half_ln2 = f.from_py(math.log(2) / 2)
    specials = [0, f.sign, f.inf, f.inf | f.sign, f.qnan, f.qnan | f.sign, f.qnan | 0x5a5, f.inf | 1,
                f.max_finite, f.max_finite | f.sign, 1, 1 | f.sign, max_sub, max_sub | f.sign, min_normal,
                min_normal | f.sign, one, one | f.sign, f.from_py(0.5), f.from_py(-0.5), half_ln2, half_ln2 | f.sign]
    if name == 'expm1':
        specials += [overflow_b, f.step(overflow_b, 1), tiny, tiny | f.sign, f.from_py(MINUS_ONE[f.name])]
    else:
        tanh_one = f.from_py(TANH_ONE[f.name])
        specials += [tanh_tiny, tanh_tiny | f.sign, tanh_one, tanh_one | f.sign]
    add('special values and extremes', specials)
    add('random bit patterns (any sign, NaN and infinities included)',
        [samp.below(1 << f.bits) for _ in range(5000)])
    add('uniform in the bit pattern over the finite numbers, both signs',
        samp.bits_between(1, f.max_finite, 10000) + samp.bits_between(f.sign | 1, f.max_finite | f.sign, 10000))
    add('subnormal x, both signs, and the threshold |x| = 2^%d of %s(x) = x' %
        (math.frexp(TINY[f.name] if name == 'expm1' else TANH_TINY[f.name])[1] - 1, name),
        both(samp.bits_between(1, max_sub, 1500)) + around(0, 200) + both(around(tiny if name == 'expm1' else
                                                                                   tanh_tiny, 500)))
    if name == 'expm1':
        add('uniform in the bit pattern over 2^-60 <= |x| < 710, both signs',
            both(samp.bits_between(f.from_py(2.0 ** -60), f.from_py(710.0), 10000)))
        add('uniform in value over [-40, 710]', samp.values_between(-40.0, 710.0 if is_double else 89.0, 10000))
        add('uniform in value over [-1, 1]', samp.values_between(-1.0, 1.0, 10000))
        add('uniform in value over [-ln 2 / 2, ln 2 / 2], where k = 0',
            samp.values_between(-math.log(2) / 2, math.log(2) / 2, 10000))
        pts = []
        for k in range(-60 if is_double else -30, (1025 if is_double else 129)):
            pts += around(f.from_py((k + 0.5) * math.log(2)), 2 if is_double else 6)
            pts += around(f.from_py(k * math.log(2)), 1 if is_double else 3)
        add('near every (k + 1/2) ln 2 and k ln 2 (the reduction changes k, resp. r = 0)', pts)
        add('around the largest x with a finite result (%s)' % overflow.hex(),
            around(overflow_b, 2000) + samp.bits_between(f.from_py(600.0 if is_double else 80.0), overflow_b, 2000))
        minus = f.from_py(float(minus_one_exact))
        add('around x = -%d ln 2, where the result rounds to -1, and the threshold x = %g' %
            (f.p + 1, MINUS_ONE[f.name]),
            around(minus, 1500) + around(f.from_py(MINUS_ONE[f.name]), 500)
            + samp.values_between(MINUS_ONE[f.name] - 10.0, -30.0 if is_double else -12.0, 2000))
        add('near midpoints of the results by construction, 2^-30 <= |x| < 2',
            near_midpoints(f, samp, name, -30 if is_double else -14, 1, 3000))
        lo_v, hi_v = -40.0, (709.0 if is_double else 88.0)
    else:
        add('uniform in the bit pattern over 2^-30 <= |x| < 25, both signs',
            both(samp.bits_between(f.from_py(2.0 ** -30), f.from_py(25.0), 10000)))
        add('uniform in value over [-25, 25]', samp.values_between(-25.0, 25.0, 10000))
        add('uniform in value over [-5, 5]', samp.values_between(-5.0, 5.0, 6000))
        add('uniform in value over [-1, 1]', samp.values_between(-1.0, 1.0, 10000))
        add('uniform in value over [-ln 2 / 4, ln 2 / 4], where expm1(2x) takes k = 0',
            samp.values_between(-math.log(2) / 4, math.log(2) / 4, 10000))
        pts = []
        for k in range(1, 60 if is_double else 30):
            pts += around(f.from_py((k + 0.5) * math.log(2) / 2), 3 if is_double else 8)
        add('near every (k + 1/2) ln 2 / 2 (the reduction of expm1(2x) changes k), both signs', both(pts))
        to_one = f.from_py(float(tanh_one_exact))
        add('around %s, from where the result rounds to 1, and the threshold |x| = %g, both signs' %
            (mpmath.nstr(tanh_one_exact, 6), TANH_ONE[f.name]),
            both(around(to_one, 1500) + around(f.from_py(TANH_ONE[f.name]), 500)))
        add('near midpoints of the results by construction, 2^-14 <= |x| < 8',
            near_midpoints(f, samp, name, -14 if is_double else -7, 3, 3000))
        lo_v, hi_v = -20.0, 20.0
    # The hardest of random arguments: half uniform in the bit pattern over |x| >= 2^-20, half uniform in value.
    cands = both(samp.bits_between(f.from_py(2.0 ** -20), f.from_py(hi_v), 7500)) + \
        samp.values_between(lo_v, hi_v, 15000)
    scored = sorted((reference(f, b, dps=36).distance_to_midpoint(), f.ordered(b), b) for b in set(cands))
    add('the hardest of 30000 random arguments', [b for _, _, b in scored[:1000]])
    return out


def main():
    run(print_constants, ('expm1', 'tanh'), (DOUBLE, FLOAT), sections, REFERENCE, 'make_expm1_tables.py',
        'expm1_point')


if __name__ == '__main__':
    main()
