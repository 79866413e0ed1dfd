#!/usr/bin/env python3
# SPDX-License-Identifier: BSL-1.0
"""Checks the constants of include/cta/math/trig.hpp and writes the reference data of the sin and cos accuracy tests,
next to this script:

  trig_double.txt  the arguments x and the correctly rounded sin(x) and cos(x) in IEEE binary64
  trig_float.txt   the same in IEEE binary32
  trig_sample.hpp  a few hundred of those points per type as constexpr arrays, for the compile-time checks

Usage: python3 make_trig_tables.py   (python3 and mpmath 1.3; no other argument). The output is a function of this
script alone (fixed seeds, integer-only rounding), so running it again rewrites the same bytes.

The constants of trig.hpp, derived here from pi at 3000 bits and compared with the header's text (the script stops
on any difference):
  - the first 1280 bits of 2/pi in 40 words of 32 bits, and floor(pi/2 2^127) in 4 words (Payne-Hanek reduction);
  - pi/2 = C1 + C2 + C3 + C4, C1..C3 truncated to 32 significant bits, C4 the rest rounded to nearest (Cody-Waite);
  - 2/pi rounded to nearest, and the largest double below pi/4;
  - the Taylor coefficients (-1)^n / (2n+1)! (to n = 8) and (-1)^n / (2n)! (from n = 2 to 9), rounded to nearest,
    and the rounding errors of -1/6 and 1/24, rounded to nearest;
    the first omitted terms, |r|^19 / 19! and |r|^20 / 20! at |r| = pi/4 + 2^-30, are printed relative to sin and cos
    there.

Each table line is

  <x bits> <sin(x) bits> [<offset>] <cos(x) bits> [<offset>]

with the bit patterns in hex (0x + 16 digits for double, 8 for float). A result is the exact value rounded to
nearest, ties to even; NaN and infinite arguments give the quiet NaN and no offset. The offset, written for every
finite argument, is (f(x) - result) / u in decimal, u being the spacing of the representable numbers on the side of
the result where f(x) lies (make_exp_tables.py describes the format). Lines starting with '#' are comments: the
header, and one line per section of points.

sin and cos are computed with mpmath at 50 significant digits and 64 bits more, plus as many bits as the argument has
above the binary point (so that the argument reduction inside mpmath keeps 50 digits after it), and the precision is
doubled whenever the approximation is too close to a midpoint for its error bound to decide the rounding.

The hardest arguments for the argument reduction, the doubles and floats nearest to a multiple of pi/2, are found per
binade [2^E, 2^(E+1)) from the continued fraction of 2^(E - p + 1) 2/pi mod 1 (p the precision): the denominators q
of its convergents are the integers m with the smallest |m alpha - round(m alpha)| for their size; the candidates are
the multiples of q within [2^(p-1), 2^p). The script prints the smallest |x - k pi/2| it finds.
"""

import os
import random
import re
import sys

import mpmath
from mpmath import mp

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from make_exp_tables import Format, Result, Sampler, consecutive  # noqa: E402

BASE_DPS = 50
HERE = os.path.dirname(os.path.abspath(__file__))
HEADER = os.path.join(HERE, '..', '..', 'include', 'cta', 'math', 'trig.hpp')

DOUBLE = Format('double', 64, 53, 1023, 0x7219d0b1)
FLOAT = Format('float', 32, 24, 127, 0x7219f10a)


# --- the constants of trig.hpp ----------------------------------------------------------------------------------

def truncated(v, n):
    """v > 0 truncated to n significant bits."""
    with mp.workprec(3000):
        e = int(mpmath.floor(mpmath.log(v, 2)))
        return mpmath.floor(v * mpmath.mpf(2) ** (n - 1 - e)) / mpmath.mpf(2) ** (n - 1 - e)


def literal(text):
    """The value of a C hexadecimal floating literal."""
    return mpmath.mpf(float.fromhex(text.rstrip('fF')))


def check_constants():
    with mp.workprec(3000):
        pi = mpmath.pi
        two_over_pi = int(mpmath.floor(2 / pi * mpmath.mpf(2) ** 1280))
        words = [(two_over_pi >> (32 * (39 - i))) & 0xffffffff for i in range(40)]
        pio2 = int(mpmath.floor(pi / 2 * mpmath.mpf(2) ** 127))
        pio2_words = [(pio2 >> (32 * (3 - i))) & 0xffffffff for i in range(4)]
        rest = pi / 2
        parts = []
        for _ in range(3):
            parts.append(truncated(rest, 32))
            rest -= parts[-1]
        parts.append(mpmath.mpf(float(rest)))
        representation_error = abs(pi / 2 - sum(parts))
        expected = {
            'trig_c1': parts[0], 'trig_c2': parts[1], 'trig_c3': parts[2], 'trig_c4': parts[3],
            'trig_two_over_pi_double': mpmath.mpf(float(2 / pi)),
        }
        below = float(pi / 4)
        assert mpmath.mpf(below) < pi / 4  # the nearest double is the largest below
        expected['trig_pi_over_4_below'] = mpmath.mpf(below)
        for n in range(1, 9):
            expected['trig_s%d' % (2 * n + 1)] = mpmath.mpf(float((-1) ** n / mpmath.factorial(2 * n + 1)))
        expected['trig_s3_lo'] = mpmath.mpf(float(-1 / mpmath.mpf(6) - expected['trig_s3']))
        for n in range(2, 10):
            name = 'trig_c4_coefficient' if n == 2 else 'trig_c%d' % (2 * n)
            expected[name] = mpmath.mpf(float((-1) ** n / mpmath.factorial(2 * n)))
        expected['trig_c4_lo'] = mpmath.mpf(float(1 / mpmath.mpf(24) - expected['trig_c4_coefficient']))
        r = pi / 4 + mpmath.mpf(2) ** -30
        sin_tail = r ** 19 / mpmath.factorial(19) / mpmath.sin(r)
        cos_tail = r ** 20 / mpmath.factorial(20) / mpmath.cos(r)
    text = open(HEADER).read()

    def array(name):
        m = re.search(r'%s\[\d+\] = \{([^}]*)\}' % name, text)
        assert m, name
        return [int(w, 16) for w in re.findall(r'0x[0-9a-f]+', m.group(1))]

    assert array('trig_two_over_pi') == words, 'trig_two_over_pi differs from 2/pi'
    assert array('trig_pi_over_2') == pio2_words, 'trig_pi_over_2 differs from pi/2'
    for name, value in expected.items():
        m = re.search(r'inline constexpr double %s = (-?0x[0-9a-fp.+-]+);' % name, text)
        assert m, name
        assert literal(m.group(1)) == value, '%s is %s, not %s' % (name, m.group(1), float(value).hex())
    for name in ('trig_c1', 'trig_c2', 'trig_c3'):
        assert expected[name]._mpf_[1].bit_length() <= 32, name  # 32 significant bits at most
    print('trig.hpp: constants checked (pi/2 in four parts to %.3g, Taylor tails %.3g (sin) and %.3g (cos) '
          'relative at pi/4 + 2^-30)' % (float(representation_error), float(sin_tail), float(cos_tail)))


# --- references ---------------------------------------------------------------------------------------------------

def round_into(fmt, sign, man, e):
    """(bits, offset numerator, offset shift) of the value (-1)^sign man 2^e rounded into fmt, or None when the
    approximation is within 2 units of 2^e of a midpoint."""
    man <<= fmt.p + 2  # an exact result (cos of a tiny x at the working precision) keeps bits below the last
    e -= fmt.p + 2
    bc = man.bit_length()
    top = e + bc - 1
    q = max(top - fmt.p + 1, fmt.min_q)
    s = q - e
    assert s > 0
    n = man >> s
    rem = man & ((1 << s) - 1)
    diff = rem - (1 << (s - 1))
    if abs(diff) <= 2:
        return None
    if diff > 0:
        n += 1
        off = rem - (1 << s)
    else:
        off = rem
    bits = fmt.encode(n, q)
    if sign:
        return bits | fmt.sign, -off, s
    return bits, off, s


def reference(fmt, b):
    """(sin, cos) of the value with bit pattern b, each a Result (make_exp_tables.py)."""
    if (b & ~fmt.sign) >= fmt.inf:
        return Result(fmt.qnan), Result(fmt.qnan)
    x = fmt.to_py(b)
    if x == 0:
        return Result(b, 0, 0), Result(fmt.from_py(1.0), 0, 0)
    out = []
    for function in (mpmath.sin, mpmath.cos):
        _, _, xe, xbc = mpmath.mpf(x)._mpf_
        prec = int(BASE_DPS * 3.33) + 64 + max(0, xe + xbc)
        while True:
            with mp.workprec(prec):
                sign, man, e, _ = function(mpmath.mpf(x))._mpf_
            r = round_into(fmt, sign, man, e)
            if r is not None:
                break
            prec *= 2
        out.append(Result(*r))
    return tuple(out)


# --- the hardest arguments for the reduction ---------------------------------------------------------------------

def convergent_denominators(alpha, limit):
    """The denominators of the convergents of alpha in (0, 1), up to limit."""
    out = []
    q_prev, q = 0, 1
    x = alpha
    while True:
        if x == 0:
            break
        x = 1 / x
        a = int(mpmath.floor(x))
        x -= a
        q_prev, q = q, a * q + q_prev
        if q > limit:
            break
        out.append(q)
    return out


def near_multiples(fmt, binades, keep):
    """For each binade exponent E in binades, the keep arguments m 2^(E - p + 1) nearest to a multiple of pi/2 found
    from the convergents, with |x - k pi/2| (an mpf); positive arguments only."""
    p = fmt.p
    lo, hi = 1 << (p - 1), 1 << p
    found = []
    with mp.workprec(1500 + 2 * p):
        two_over_pi = 2 / mpmath.pi
        for big_e in binades:
            scale = mpmath.mpf(2) ** (big_e - p + 1)
            alpha = scale * two_over_pi
            alpha -= mpmath.floor(alpha)
            cands = set()
            for q in convergent_denominators(alpha, hi):
                if q >= lo:
                    cands.add(q)
                else:
                    j = -(-lo // q)
                    for t in range(j, min(j + 3, (hi - 1) // q + 1)):
                        cands.add(t * q)
                    for t in range(max(j, (hi - 1) // q - 1), (hi - 1) // q + 1):
                        cands.add(t * q)
            binade = []
            for m in sorted(cands):
                v = m * scale
                k = mpmath.nint(v * two_over_pi)
                binade.append((abs(v - k * mpmath.pi / 2), fmt.encode(m, big_e - p + 1)))
            found += sorted(binade)[:keep]
    return found


# --- the points ---------------------------------------------------------------------------------------------------

def sections(fmt):
    f = fmt
    samp = Sampler(f)
    is_double = f.bits == 64
    out = []

    def add(title, points):
        out.append((title, points))

    def both_signs(points):
        return points + [b ^ f.sign for b in points]

    one = f.from_py(1.0)
    with mp.workdps(BASE_DPS):
        pio4 = f.from_py(float(mpmath.pi / 4))
    specials = [0, f.sign, f.inf, f.inf | f.sign, f.qnan, f.qnan | f.sign, f.qnan | 0x5a5, f.inf | 1,
                f.max_finite, f.max_finite | f.sign, 1, 1 | f.sign, f.from_py(2.0 ** f.emin),
                f.from_py(-(2.0 ** f.emin)), f.from_py(2.0 ** f.emin) - 1, one, one | f.sign]
    add('special values and extremes', specials)

    # The thresholds of the implementation (double arithmetic for both types): sin(x) = x below 2^-26,
    # cos(x) = 1 below 2^-27, no reduction up to pi/4, Cody-Waite below 2^20.
    pts = []
    for v in (2.0 ** -26, 2.0 ** -27, 2.0 ** 20):
        pts += both_signs(consecutive(f, f.from_py(v), 200 if is_double else 500))
    pts += both_signs(consecutive(f, pio4, 300 if is_double else 1000))
    add('around the thresholds 2^-27, 2^-26, pi/4 and 2^20', pts)

    add('subnormal and tiny |x| < 2^-26',
        both_signs(samp.bits_between(1, f.from_py(2.0 ** -26), 3000)))
    add('uniform in the bit pattern over all finite values',
        samp.bits_between(f.max_finite | f.sign, f.max_finite, 20000))
    add('uniform in value over [-pi, pi]', samp.values_between(-3.2, 3.2, 15000))
    add('uniform in value over [-100, 100]', samp.values_between(-100.0, 100.0, 10000))
    add('uniform in value over [-2^20, 2^20]', samp.values_between(-2.0 ** 20, 2.0 ** 20, 8000))
    add('uniform in the bit pattern over [2^20, max]', both_signs(samp.bits_between(f.from_py(2.0 ** 20),
                                                                                    f.max_finite, 5000)))

    # Around k pi/2: every k up to 2000, then random k below 2^20 2/pi.
    pts = []
    with mp.workdps(BASE_DPS):
        ks = list(range(1, 2001)) + [samp.integer(2001, 667000) for _ in range(3000)]
        for k in ks:
            c = f.from_py(float(k * mpmath.pi / 2))
            pts += consecutive(f, c, 2)
    add('around k pi/2, k up to 2000 and random k below 2^20 2/pi', both_signs(pts))

    top_binade = f.emax
    found = near_multiples(f, range(0, top_binade + 1), 4 if is_double else 8)
    found.sort()
    pts = []
    for _, b in found:
        pts += consecutive(f, b, 1)
    best = found[0]
    add('the %d nearest to a multiple of pi/2 in each binade (continued fractions), with their neighbours'
        % (4 if is_double else 8),
        both_signs(pts))
    print('%s: the argument nearest to a multiple of pi/2 found: %s, |x - k pi/2| = %s (2^%.2f)'
          % (f.name, f.hex(best[1]), mpmath.nstr(best[0], 6), float(mpmath.log(best[0], 2))))

    # The arguments whose sin or cos is closest to a midpoint between two representable values (where an error of
    # the kernels shows first): of 100000 random ones, a third uniform in the bit pattern over all finite values, a
    # third uniform in value over [-4, 4] and a third over [-2^20, 2^20], the 750 hardest for each function.
    cands = samp.bits_between(f.max_finite | f.sign, f.max_finite, 33334)
    cands += samp.values_between(-4.0, 4.0, 33333) + samp.values_between(-2.0 ** 20, 2.0 ** 20, 33333)
    cands = sorted(set(b for b in cands if (b & ~f.sign) < f.inf), key=f.ordered)
    refs = [(b, reference(f, b)) for b in cands]
    pts = []
    for i in range(2):
        ranked = sorted((r[i].distance_to_midpoint(), f.ordered(b), b) for b, r in refs)
        pts += [b for _, _, b in ranked[:750]]
    add('the hardest of 100000 random arguments for rounding sin and cos', pts)
    return out, found[:64]


def write_table(fmt, path):
    seen = set()
    lines = []
    rows = []
    secs, hardest = sections(fmt)
    for title, points in secs:
        fresh = []
        for b in points:
            if b not in seen:
                seen.add(b)
                fresh.append(b)
        fresh.sort(key=lambda b: (fmt.is_nan(b), fmt.ordered(b) if not fmt.is_nan(b) else b))
        lines.append('# section: %s: %d points' % (title, len(fresh)))
        for b in fresh:
            s, c = reference(fmt, b)
            rows.append((b, s, c))
            text = [fmt.hex(b), fmt.hex(s.bits)] + ([s.offset_text()] if s.off_num is not None else [])
            text += [fmt.hex(c.bits)] + ([c.offset_text()] if c.off_num is not None else [])
            lines.append(' '.join(text))
    header = [
        '# sin(x) and cos(x) in IEEE binary%d (%s), correctly rounded to nearest: x bits, sin(x) bits, '
        '(sin(x) - result) / ulp, cos(x) bits, (cos(x) - result) / ulp.' % (fmt.bits, fmt.name),
        '# Written by make_trig_tables.py (mpmath %s, %d digits): do not edit. %d points.'
        % (mpmath.__version__, BASE_DPS, len(rows)),
    ]
    with open(path, 'w', newline='\n') as out:
        out.write('\n'.join(header + lines) + '\n')
    return rows, [b for _, b in hardest]


def pick_sample(fmt, rows, hardest, count):
    """count points for the compile-time checks: the special values (quiet NaN only), the hardest arguments for the
    reduction, the nearest to a midpoint, then random ones."""
    samp = random.Random(fmt.seed + 1)
    by_bits = {b: (s, c) for b, s, c in rows}
    chosen = []
    seen = set()

    def take(b):
        if b not in seen and len(chosen) < count and (not fmt.is_nan(b) or b & (1 << (fmt.frac_bits - 1))):
            seen.add(b)
            chosen.append((b,) + by_bits[b])

    for b, _, _ in rows[:17]:
        take(b)
    for b in hardest[:count // 4]:
        take(b)
    for _, _, b in sorted((min(s.distance_to_midpoint(), c.distance_to_midpoint()), fmt.ordered(b), b)
                           for b, s, c in rows if not fmt.is_nan(b))[:count // 4]:
        take(b)
    while len(chosen) < count:
        take(rows[samp.getrandbits(20) % len(rows)][0])
    chosen.sort(key=lambda t: (fmt.is_nan(t[0]), fmt.ordered(t[0]) if not fmt.is_nan(t[0]) else t[0]))
    return chosen


def write_sample(samples, path):
    out = [
        '// SPDX-License-Identifier: BSL-1.0',
        '// sin and cos reference points for the compile-time checks: {x bits, correctly rounded sin(x) bits,',
        '// correctly rounded cos(x) bits}. Written by make_trig_tables.py from the same data as trig_double.txt',
        '// and trig_float.txt: do not edit.',
        '#pragma once',
        '',
        '#include <array>',
        '#include <cstdint>',
        '',
        'namespace cta_numerics {',
        '',
        'template <class Bits>',
        'struct trig_point {',
        '    Bits x;',
        '    Bits sin;',
        '    Bits cos;',
        '};',
    ]
    for fmt, chosen in samples:
        bits_type = 'std::uint64_t' if fmt.bits == 64 else 'std::uint32_t'
        per_line = 2 if fmt.bits == 64 else 3
        out.append('')
        out.append('inline constexpr std::array<trig_point<%s>, %d> trig_sample_%s{{'
                   % (bits_type, len(chosen), fmt.name))
        for i in range(0, len(chosen), per_line):
            out.append('    ' + ' '.join('{%s, %s, %s},' % (fmt.hex(b), fmt.hex(s.bits), fmt.hex(c.bits))
                                         for b, s, c in chosen[i:i + per_line]))
        out.append('}};')
    out += ['', '}  // namespace cta_numerics', '']
    with open(path, 'w', newline='\n') as f:
        f.write('\n'.join(out))


def main():
    mp.dps = BASE_DPS
    check_constants()
    samples = []
    for fmt in (DOUBLE, FLOAT):
        rows, hardest = write_table(fmt, os.path.join(HERE, 'trig_%s.txt' % fmt.name))
        samples.append((fmt, pick_sample(fmt, rows, hardest, 256)))
        print('trig_%s.txt: %d points' % (fmt.name, len(rows)))
    write_sample(samples, os.path.join(HERE, 'trig_sample.hpp'))


if __name__ == '__main__':
    main()
