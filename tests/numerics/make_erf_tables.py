#!/usr/bin/env python3
# SPDX-License-Identifier: BSL-1.0
"""Derives the constants of include/cta/math/erf.hpp (written into the header between its "make_erf_tables.py"
markers) and writes the reference data of the erf and erfc accuracy tests, next to this script:

  erf_double.txt, erf_float.txt    the arguments x and the correctly rounded erf(x), IEEE binary64 and binary32
  erfc_double.txt, erfc_float.txt  the same for erfc(x) = 1 - erf(x)
  erf_sample.hpp                   256 of those points per function and type as constexpr arrays, for the
                                   compile-time checks

Usage: python3 make_erf_tables.py [--constants]   (python3 and mpmath 1.3). With --constants, only derives the
constants, rewrites the header's block and prints the error bounds of the polynomials. The output is a function of
this script (and of make_exp_tables.py and make_log_tables.py, whose formats, sampling and rounding it shares) alone:
fixed seeds, integer-only rounding, so running it again rewrites the same bytes.

The tables have the lines of make_exp_tables.py: "<x bits> <f(x) bits> [<offset>]", the result rounded to nearest,
ties to even, the offset (f(x) - result) / ulp in decimal; '#' comments give the header and the sections. f(x) is
computed with mpmath at 60 significant digits (200 bits), and the precision doubled as often as needed whenever the
approximation is too close to a midpoint for its error bound to decide the rounding.

The constants (all fitted by mpmath's chebyfit, interpolation at the Chebyshev nodes, close to the minimax
polynomial, on the interval named, then rounded to double; the errors printed are those of the rounded polynomials,
measured on 801 points of the interval):
- 2/sqrt(pi) = c_hi + c_lo (each rounded to double);
- S(z), degree 7: erf(x) = x (c_hi + c_lo + z S(z)), z = x^2, fitted to (erf(sqrt z)/sqrt z - 2/sqrt(pi)) / z on
  [0, 1.001/16] (|x| < 1/4);
- E(r), degree 9: e^r = 1 + r + r^2/2 + r^3 E(r), fitted to (e^r - 1 - r - r^2/2) / r^3 on |r| <= 1.01 ln(2)/2; 1/ln 2 rounded, ln 2
  as ln2_hi (42 bits: k ln2_hi is exact for |k| < 2^11) + ln2_lo;
- G(a) = erfc(a) e^(a^2), an entire function (1 / (a sqrt(pi)) for large a), on 27 intervals [2^e (1 + j/4),
  2^e (1 + (j+1)/4)), e = -2..4, j = 0..3 (a from 1/4 to 28), each a polynomial of degree 16 in t = a - c around
  the interval's centre c: G(c) and G'(c) each as a sum hi + lo of two doubles, the coefficients of t^2 .. t^16
  fitted to (G(c + t) - G(c) - G'(c) t) / t^2 on the interval.
"""

import os
import random
import re
import sys

import mpmath
from mpmath import mp

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from make_exp_tables import (BASE_DPS, Format, Result, Sampler, consecutive, pick_sample, write_sample,  # noqa: E402
                             write_table)
from make_log_tables import rounded  # noqa: E402

HERE = os.path.dirname(os.path.abspath(__file__))
HEADER = os.path.join(HERE, '..', '..', 'include', 'cta', 'math', 'erf.hpp')
BEGIN, END = '// make_erf_tables.py: begin', '// make_erf_tables.py: end'

DOUBLE = Format('double', 64, 53, 1023, 0x0e2f1064)
FLOAT = Format('float', 32, 24, 127, 0x0e2f1032)

SMALL_DEGREE = 7
EXP_DEGREE = 9
G_DEGREE = 16
G_INTERVALS = 27  # [1/4, 5/16) .. [24, 28): erfc(x) rounds to 0 from x = 27.2 on, and the header stops at 27.5


# ---- The constants ---------------------------------------------------------------------------------------------

def evaluate(coefficients, x):
    p = mpmath.mpf(0)
    for c in reversed(coefficients):
        p = p * x + c
    return p


def fitted(f, lo, hi, degree):
    """The coefficients (from x^0 up, rounded to double) of the Chebyshev fit of f of the given degree on [lo, hi],
    and the largest |error| of the rounded polynomial on 801 points."""
    coefficients, _ = mpmath.chebyfit(f, [lo, hi], degree + 1, error=True)
    coefficients = [float(c) for c in reversed(coefficients)]
    worst = max(abs(evaluate(coefficients, x) - f(x)) for x in (lo + (hi - lo) * mpmath.mpf(i) / 800
                                                                 for i in range(801)))
    return coefficients, worst


def g_function(a):
    return mpmath.erfc(a) * mpmath.exp(a * a)


def g_interval(i):
    """The ends and the centre of the interval i of G (exact binary fractions)."""
    e, j = i // 4 - 2, i % 4
    lo = mpmath.mpf(2) ** e * (1 + mpmath.mpf(j) / 4)
    hi = mpmath.mpf(2) ** e * (1 + mpmath.mpf(j + 1) / 4)
    return lo, hi, (lo + hi) / 2


def split_double(v):
    hi = float(v)
    return hi, float(v - hi)


def constants():
    """A dict of the constants and a list of (description, log2 of the error bound)."""
    with mp.workdps(BASE_DPS):
        c = 2 / mpmath.sqrt(mpmath.pi)
        c_hi, c_lo = split_double(c)
        out = {'c_hi': c_hi, 'c_lo': c_lo}
        errors = []

        def small(z):
            if z == 0:
                return -c / 3
            r = mpmath.sqrt(z)
            return (mpmath.erf(r) / r - c) / z

        out['small'], worst = fitted(small, mpmath.mpf(0), mpmath.mpf('1.001') / 16, SMALL_DEGREE)
        errors.append(('S(z) on [0, 1/16], absolute (x z S(z): relative to x, times 1/16)', worst))

        def exp_tail(r):
            if r == 0:
                return mpmath.mpf(1) / 6
            return (mpmath.exp(r) - 1 - r - r * r / 2) / (r * r * r)

        h = mpmath.log(2) / 2 * mpmath.mpf('1.01')
        out['exp'], worst = fitted(exp_tail, -h, h, EXP_DEGREE)
        errors.append(('E(r) on |r| <= ln(2)/2, absolute (r^3 E(r): times 1/23)', worst))
        ln2 = mpmath.log(2)
        ln2_hi = mpmath.floor(ln2 * 2 ** 42 + mpmath.mpf(0.5)) / 2 ** 42
        out['inv_ln2'], out['ln2_hi'], out['ln2_lo'] = float(1 / ln2), float(ln2_hi), float(ln2 - ln2_hi)
        rows = []
        worst_g = mpmath.mpf(0)
        for i in range(G_INTERVALS):
            lo, hi, centre = g_interval(i)
            g0 = g_function(centre)
            g1 = mpmath.diff(g_function, centre)

            def rest(t, centre=centre, g0=g0, g1=g1):
                if t == 0:
                    return mpmath.diff(g_function, centre, 2) / 2
                return (g_function(centre + t) - g0 - g1 * t) / (t * t)

            coefficients, _ = mpmath.chebyfit(rest, [lo - centre, hi - centre], G_DEGREE - 1, error=True)
            coefficients = [float(v) for v in reversed(coefficients)]
            row = list(split_double(g0)) + list(split_double(g1)) + coefficients
            # The relative error of the rounded polynomial (with G(c) and G'(c) in two parts) on 201 points.
            for k in range(201):
                t = lo - centre + (hi - lo) * mpmath.mpf(k) / 200
                value = (mpmath.mpf(row[0]) + row[1] + t * (mpmath.mpf(row[2]) + row[3])
                         + t * t * evaluate(coefficients, t))
                exact = g_function(centre + t)
                worst_g = max(worst_g, abs(value - exact) / exact)
            rows.append((lo, hi, row))
        out['g'] = rows
        errors.append(('G(a) on [1/4, 28), relative', worst_g))
        return out, errors


def literal(v):
    text = float(v).hex()
    return text


def header_block(out):
    lines = [BEGIN,
             '// 2/sqrt(pi) = erf_c_hi + erf_c_lo.',
             'inline constexpr double erf_c_hi = %s;' % literal(out['c_hi']),
             'inline constexpr double erf_c_lo = %s;' % literal(out['c_lo']),
             '// S(z), z^0 first: erf(x) = x (c_hi + c_lo + z S(z)) for |x| < 1/4.',
             'inline constexpr double erf_s[%d] = {' % len(out['small'])]
    lines += ['    ' + ', '.join(literal(v) for v in out['small'][i:i + 4]) + ','
              for i in range(0, len(out['small']), 4)]
    lines += ['};',
              '// E(r), r^0 first: e^r = 1 + r + r^2/2 + r^3 E(r) for |r| <= ln(2)/2; 1/ln 2, and ln 2 = ln2_hi (42 '
              'bits) + ln2_lo.',
              'inline constexpr double erf_exp[%d] = {' % len(out['exp'])]
    lines += ['    ' + ', '.join(literal(v) for v in out['exp'][i:i + 4]) + ','
              for i in range(0, len(out['exp']), 4)]
    lines += ['};',
              'inline constexpr double erf_inv_ln2 = %s;' % literal(out['inv_ln2']),
              'inline constexpr double erf_ln2_hi = %s;' % literal(out['ln2_hi']),
              'inline constexpr double erf_ln2_lo = %s;' % literal(out['ln2_lo']),
              '// G(c + t) = (g0_hi + g0_lo) + t (g1_hi + g1_lo) + t^2 (g2 + t g3 + ... + t^14 g16) around the centre c '
              'of',
              '// each interval [2^e (1 + j/4), 2^e (1 + (j+1)/4)): {g0_hi, g0_lo, g1_hi, g1_lo, g2, ..., g16}.',
              'inline constexpr double erf_g[%d][%d] = {' % (len(out['g']), len(out['g'][0][2]))]
    for lo, hi, row in out['g']:
        lines.append('    {  // [%s, %s)' % (mpmath.nstr(lo, 6), mpmath.nstr(hi, 6)))
        lines += ['        ' + ', '.join(literal(v) for v in row[i:i + 4]) + ','
                  for i in range(0, len(row), 4)]
        lines.append('    },')
    lines += ['};', END]
    return '\n'.join(lines)


def write_constants():
    out, errors = constants()
    for name, worst in errors:
        print('%s: |error| < 2^%.1f' % (name, float(mpmath.log(worst, 2))))
    text = open(HEADER).read()
    pattern = re.compile(re.escape(BEGIN) + '.*?' + re.escape(END), re.S)
    assert pattern.search(text), 'no block between the markers in erf.hpp'
    new = pattern.sub(lambda _: header_block(out), text)
    if new != text:
        with open(HEADER, 'w', newline='\n') as f:
            f.write(new)
        print('erf.hpp: constants rewritten')
    else:
        print('erf.hpp: constants unchanged')


# ---- References ------------------------------------------------------------------------------------------------

FAR = 30.0  # beyond it erf(x) = +-1 (to 2^-1300) and erfc(x) = 0 or 2 in both formats


def erf_reference(fmt, b, dps=BASE_DPS):
    if fmt.is_nan(b):
        return Result(fmt.qnan)
    negative = (b & fmt.sign) != 0
    one = fmt.from_py(-1.0 if negative else 1.0)
    if (b & ~fmt.sign) == 0:
        return Result(b, 0, 0)
    if (b & ~fmt.sign) == fmt.inf:
        return Result(one, 0, 0)
    x = fmt.to_py(b)
    if abs(x) >= FAR:
        return Result(one, 0, 0)
    return rounded(fmt, lambda: mpmath.erf(mpmath.mpf(x)), dps)


def erfc_reference(fmt, b, dps=BASE_DPS):
    if fmt.is_nan(b):
        return Result(fmt.qnan)
    if b == fmt.inf:
        return Result(0, 0, 0)
    if b == fmt.inf | fmt.sign:
        return Result(fmt.from_py(2.0), 0, 0)
    x = fmt.to_py(b)
    if x >= FAR:
        return Result(0, 1, 10000)  # offset erfc(x) / 2^min_q, below 2^-10000
    if x <= -FAR:
        return Result(fmt.from_py(2.0), 0, 0)
    if x == 0:
        return Result(fmt.from_py(1.0), 0, 0)
    return rounded(fmt, lambda: mpmath.erfc(mpmath.mpf(x)), dps)


REFERENCE = {'erf': erf_reference, 'erfc': erfc_reference}


# ---- The points ------------------------------------------------------------------------------------------------

def first_where(fmt, reference, lo, hi, predicate):
    """The smallest positive argument in [lo, hi] (bit patterns) whose result satisfies predicate(result bits),
    predicate being false at lo and true at hi (bisection over the bit patterns)."""
    while hi - lo > 1:
        mid = (lo + hi) // 2
        if predicate(reference(fmt, mid, dps=36).bits):
            hi = mid
        else:
            lo = mid
    return hi


def sections(fmt, name):
    f = fmt
    samp = Sampler(f)
    samp.rng = random.Random(f.seed + (0 if name == 'erf' else 7))
    reference = REFERENCE[name]
    is_double = f.bits == 64
    min_normal = f.from_py(2.0 ** f.emin)
    max_sub = min_normal - 1
    half = f.from_py(0.5)
    quarter = f.from_py(0.25)
    out = []

    def add(title, points):
        out.append((title, points))

    def around(center, n):
        return [b for b in consecutive(f, center, n) if not f.is_nan(b) and (b & ~f.sign) <= f.inf]

    def both_signs(points):
        return points + [b ^ f.sign for b in points]

    # Where the results reach their limits: erf(x) = 1, erfc(x) = 0, erfc(-x) = 2, erfc(x) subnormal.
    far = f.from_py(FAR)
    one_from = first_where(f, erf_reference, half, far, lambda y: y == f.from_py(1.0))
    zero_from = first_where(f, erfc_reference, half, far, lambda y: y == 0)
    two_from = first_where(f, erfc_reference, half | f.sign, far | f.sign, lambda y: y == f.from_py(2.0))
    subnormal_from = first_where(f, erfc_reference, half, far, lambda y: y < min_normal)
    top = one_from if name == 'erf' else zero_from
    interval_ends = []
    for i in range(28):
        e, j = i // 4 - 2, i % 4
        interval_ends.append(f.from_py(2.0 ** e * (1 + j / 4)))

    specials = [0, f.sign, f.inf, f.inf | f.sign, f.qnan, f.qnan | f.sign, f.qnan | 0x5a5, f.inf | 1,
                f.max_finite, f.max_finite | f.sign, 1, 1 | f.sign, max_sub, min_normal, min_normal | f.sign,
                f.from_py(1.0), f.from_py(-1.0), quarter, quarter | f.sign, f.step(quarter, -1), f.step(quarter, -1) | f.sign,
                f.from_py(6.0), f.from_py(-6.0), f.from_py(27.5), f.from_py(-27.5)]
    add('special values and extremes', specials)
    add('random bit patterns (any sign, NaN and infinities included)',
        [samp.below(1 << f.bits) for _ in range(5000)])
    add('uniform in the bit pattern over the finite numbers, both signs',
        both_signs(samp.bits_between(1, f.max_finite, 10000)))
    add('subnormal x, both signs', both_signs(samp.bits_between(1, max_sub, 2500) + around(1, 100)
                                              + around(max_sub, 100) + around(min_normal, 100)))
    tiny_x = f.from_py(2.0 ** (-1000 if is_double else -100))
    add('tiny |x| below 2^-20, and around 2^%d (the end of the linear branch)' % (-1000 if is_double else -100),
        both_signs(samp.bits_between(min_normal, f.from_py(2.0 ** -20), 5000) + around(tiny_x, 200)))
    add('uniform in value over (-1/4, 1/4) (the polynomial S)', samp.values_between(-0.25, 0.25, 10000))
    add('uniform in value over [1/4, 6], both signs (the middle region)',
        both_signs(samp.values_between(0.25, 6.0, 20000)))
    add('uniform in the bit pattern over [1/4, 6], both signs',
        both_signs(samp.bits_between(quarter, f.from_py(6.0), 5000)))
    if name == 'erfc':
        add('uniform in value over [6, %s] (erfc down to its underflow)' % f.to_py(zero_from),
            samp.values_between(6.0, f.to_py(zero_from), 10000))
        add('x whose erfc(x) is subnormal, and its neighbours',
            samp.bits_between(f.step(subnormal_from, -200), f.step(zero_from, 200), 5000))
    pts = []
    for b in interval_ends:
        pts += both_signs(around(b, 4 if is_double else 16))
    add('around the ends of the intervals of G(a)', pts)
    pts = around(one_from, 300) if name == 'erf' else around(zero_from, 300) + around(two_from | f.sign, 300)
    pts += around(subnormal_from, 300) if name == 'erfc' else []
    pts += both_signs(around(f.from_py(6.0), 200)) + both_signs(around(f.from_py(27.5), 50))
    add('around the thresholds: %s' % (
        'erf(x) = 1 from x = %r' % f.to_py(one_from) if name == 'erf' else
        'erfc(x) = 0 from x = %r, erfc(x) = 2 from x = %r, erfc(x) subnormal from x = %r'
        % (f.to_py(zero_from), f.to_py(two_from), f.to_py(subnormal_from))), pts)
    # The hardest of random arguments: half over the middle region [1/4, top], half uniform in the bit pattern
    # over |x| below top.
    cands = both_signs(samp.values_between(0.25, f.to_py(top), 7500))
    cands += both_signs(samp.bits_between(1, top, 7500))
    scored = sorted((reference(f, b, dps=36).distance_to_midpoint(), f.ordered(b), b) for b in set(cands))
    add('the hardest of 30000 random arguments with |x| < %r' % f.to_py(top), [b for _, _, b in scored[:1000]])
    return out


def main():
    mp.dps = BASE_DPS
    write_constants()
    if sys.argv[1:] == ['--constants']:
        return
    samples = []
    for name in ('erf', 'erfc'):
        for fmt in (DOUBLE, FLOAT):
            rows = write_table(fmt, os.path.join(HERE, '%s_%s.txt' % (name, fmt.name)), sections(fmt, name),
                               REFERENCE[name], name, 'make_erf_tables.py')
            samples.append(('%s_sample_%s' % (name, fmt.name), fmt,
                            pick_sample(fmt, rows, 256, fmt.seed + len(name), specials=25)))
            print('%s_%s.txt: %d points' % (name, fmt.name, len(rows)))
    write_sample(samples, os.path.join(HERE, 'erf_sample.hpp'), [
        '// erf and erfc reference points for the compile-time checks: {x bits, correctly rounded result bits}.',
        '// Written by make_erf_tables.py from the same data as erf_*.txt and erfc_*.txt: do not edit.',
    ], 'erf_point')


if __name__ == '__main__':
    main()
