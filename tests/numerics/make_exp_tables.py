#!/usr/bin/env python3
# SPDX-License-Identifier: BSL-1.0
"""Writes the reference data of the exp accuracy tests, next to this script:

  exp_double.txt  the arguments x and the correctly rounded exp(x) in IEEE binary64
  exp_float.txt   the same in IEEE binary32
  exp_sample.hpp  a few hundred of those points per type as constexpr arrays, for the compile-time checks

Usage: python3 make_exp_tables.py   (python3 and mpmath 1.3; no other argument). The output is a function of this
script alone (fixed seeds, integer-only rounding), so running it again rewrites the same bytes.

Each table line is

  <x bits> <exp(x) bits> [<offset>]

with both bit patterns in hex (0x + 16 digits for double, 8 for float). The result is exp(x) rounded to nearest, ties
to even, with subnormal results, 0 for underflow and inf for overflow; a NaN argument gives the quiet NaN. The offset,
present when the result is finite, is (exp(x) - result) / u in decimal, u being the spacing of the representable
numbers on the side of the result where exp(x) lies: |offset| <= 0.5, and 0.5 - |offset| is how close exp(x) is to a
rounding boundary (a midpoint between two neighbours). It has two decimals, or as many as it takes to show two
significant digits of 0.5 - |offset| when that is below 0.01. Lines starting with '#' are comments: the table's
header and one line per section of points.

exp(x) is computed with mpmath at 60 significant digits (200 bits; as 1 + expm1(x) for |x| < 1/4, so that tiny
arguments keep their full relative accuracy) and the precision is doubled, as often as needed, whenever the
approximation is too close to a midpoint for its error bound to decide the rounding.
"""

import os
import random
import struct

import mpmath
from mpmath import mp

BASE_DPS = 60
HERE = os.path.dirname(os.path.abspath(__file__))


class Format:
    """An IEEE binary interchange format: precision p (with the hidden bit), exponent range, encoding."""

    def __init__(self, name, bits, p, emax, seed):
        self.name = name
        self.bits = bits
        self.p = p
        self.emax = emax
        self.emin = 1 - emax
        self.min_q = self.emin - p + 1  # exponent of the smallest subnormal
        self.sign = 1 << (bits - 1)
        self.frac_bits = p - 1
        self.exp_mask = (1 << (bits - p)) - 1
        self.inf = self.exp_mask << self.frac_bits
        self.qnan = self.inf | (1 << (self.frac_bits - 1))
        self.max_finite = self.inf - 1
        self.hex_digits = bits // 4
        self.seed = seed

    # --- encoding -----------------------------------------------------------------------------------------------
    def to_py(self, b):
        """The value of the bit pattern b as a Python float (exact: every binary32 and binary64 value is one)."""
        if self.bits == 64:
            return struct.unpack('<d', struct.pack('<Q', b))[0]
        return struct.unpack('<f', struct.pack('<I', b))[0]

    def from_py(self, v):
        """The bit pattern of the Python float v, rounded to nearest into this format."""
        if self.bits == 64:
            return struct.unpack('<Q', struct.pack('<d', v))[0]
        return struct.unpack('<I', struct.pack('<f', v))[0]

    def is_nan(self, b):
        return (b & ~self.sign) > self.inf

    def ordered(self, b):
        """Bit pattern -> integer in the order of the values (both zeros give 0)."""
        return -(b & ~self.sign) if b & self.sign else b

    def from_ordered(self, o):
        return o if o >= 0 else (-o) | self.sign

    def step(self, b, n):
        """The value n representable numbers above b (b finite)."""
        return self.from_ordered(self.ordered(b) + n)

    def encode(self, n, q):
        """Bit pattern of n * 2^q for 0 <= n <= 2^p, with q >= min_q and n * 2^q already rounded."""
        if n == 1 << self.p:
            n >>= 1
            q += 1
        if n == 0:
            return 0
        if n >= 1 << (self.p - 1):
            field = q + self.p - 1 + self.emax
            if field >= self.exp_mask:
                return self.inf
            return (field << self.frac_bits) | (n - (1 << (self.p - 1)))
        assert q == self.min_q
        return n

    def hex(self, b):
        return '0x%0*x' % (self.hex_digits, b)


DOUBLE = Format('double', 64, 53, 1023, 0x0c7a0e64)
FLOAT = Format('float', 32, 24, 127, 0x0c7a0e32)


class Result:
    """exp(x) rounded into a format: bits, and the offset as (numerator, log2 of the denominator), or None."""

    __slots__ = ('bits', 'off_num', 'off_shift')

    def __init__(self, bits, off_num=None, off_shift=0):
        self.bits = bits
        self.off_num = off_num
        self.off_shift = off_shift

    def distance_to_midpoint(self):
        """0.5 - |offset| as a float (1.0 when there is no offset), for ranking hard cases."""
        if self.off_num is None:
            return 1.0
        if self.off_shift == 0:
            return 0.5
        half = 1 << (self.off_shift - 1)
        return (half - abs(self.off_num)) / (1 << self.off_shift)

    def offset_text(self):
        if self.off_num is None:
            return None
        num, s = self.off_num, self.off_shift
        if num == 0:
            return '0'
        a = abs(num)
        gap = (1 << (s - 1)) - a  # (0.5 - |offset|) * 2^s, > 0
        decimals = 2
        while gap * 10 ** (decimals - 1) < (1 << s):
            decimals += 1
        scaled = (2 * a * 10 ** decimals + (1 << s)) >> (s + 1)  # |offset| * 10^decimals, rounded
        digits = str(scaled).rjust(decimals + 1, '0')
        return ('-' if num < 0 else '') + digits[:-decimals] + '.' + digits[-decimals:]


def exp_reference(fmt, b, dps=BASE_DPS):
    """exp of the value with bit pattern b, correctly rounded into fmt."""
    if fmt.is_nan(b):
        return Result(fmt.qnan)
    if b == fmt.inf:
        return Result(fmt.inf)
    if b == fmt.inf | fmt.sign:
        return Result(0)
    if b & ~fmt.sign == 0:
        return Result(fmt.from_py(1.0), 0, 0)
    x = fmt.to_py(b)
    if abs(x) > 1e4:  # far beyond both ends of the domain of either format
        return Result(fmt.inf) if x > 0 else Result(0, 1, 10000)  # offset exp(x) / 2^min_q, below 2^-10000
    prec = int(dps * 3.33) + 1
    while True:
        with mp.workprec(prec):
            if abs(x) < 0.25:
                # exp(x) = 1 + expm1(x), exactly as an integer times 2^e: accurate relative to x, not to 1.
                sign, man, e, _ = mpmath.expm1(mpmath.mpf(x))._mpf_
                man = (-man if sign else man) + (1 << -e)
            else:
                sign, man, e, _ = mpmath.exp(mpmath.mpf(x))._mpf_
        assert man > 0
        bc = man.bit_length()
        top = e + bc - 1  # floor(log2(exp(x)))
        if top > fmt.emax:
            return Result(fmt.inf)
        split = Split(fmt, man, e)
        # mpmath's error is below 2 ulps of the working precision of exp or expm1: at most 2 units of 2^e.
        if abs(split.diff) <= 2:
            prec *= 2
            continue
        result = split.rounded()
        if result.bits == fmt.inf:
            return Result(fmt.inf)
        return result


class Split:
    """The positive value man * 2^e (integers, 2^e below the format's last place) cut at the format's last place:
    n * 2^q the value truncated, rem the s bits below it, diff = rem - 2^(s-1) the distance to the midpoint above
    n * 2^q in units of 2^e."""

    def __init__(self, fmt, man, e):
        self.fmt = fmt
        self.q = max(e + man.bit_length() - fmt.p, fmt.min_q)
        self.s = self.q - e
        if self.s <= 0:
            raise AssertionError('%d * 2^%d came out representable' % (man, e))
        self.n = man >> self.s
        self.rem = man & ((1 << self.s) - 1)
        self.diff = self.rem - (1 << (self.s - 1))

    def rounded(self):
        """The value rounded to nearest (diff != 0), as a Result with its offset."""
        if self.diff > 0:
            return Result(self.fmt.encode(self.n + 1, self.q), self.rem - (1 << self.s), self.s)
        return Result(self.fmt.encode(self.n, self.q), self.rem, self.s)


class Sampler:
    """Deterministic sampling from a seeded Mersenne Twister, through getrandbits only."""

    def __init__(self, fmt):
        self.fmt = fmt
        self.rng = random.Random(fmt.seed)

    def below(self, n):
        k = n.bit_length()
        while True:
            r = self.rng.getrandbits(k)
            if r < n:
                return r

    def integer(self, lo, hi):
        return lo + self.below(hi - lo + 1)

    def bits_between(self, lo_bits, hi_bits, count):
        """count points uniform in the bit pattern (the ordered integer) between two finite values."""
        f = self.fmt
        lo, hi = sorted((f.ordered(lo_bits), f.ordered(hi_bits)))
        return [f.from_ordered(self.integer(lo, hi)) for _ in range(count)]

    def values_between(self, a, b, count):
        """count points uniform in value in [a, b] (Python floats), rounded into the format."""
        f = self.fmt
        out = []
        for _ in range(count):
            u = self.rng.getrandbits(53) / float(1 << 53)
            v = min(max(a + (b - a) * u, a), b)
            out.append(f.from_py(v))
        return out


def consecutive(fmt, center, n):
    """center and the n representable values on each side of it."""
    return [fmt.step(center, i) for i in range(-n, n + 1)]


def nearest(fmt, v):
    """The representable value nearest to the mpf v (v within range), rounded through a Python float: for binary32
    possibly the neighbour of the nearest. Only used to centre neighbourhoods and searches."""
    return fmt.from_py(float(v))


def domain(fmt):
    """(lo, hi): the smallest x with exp(x) != 0 and the largest x with a finite exp(x), as bit patterns."""
    with mp.workdps(BASE_DPS):
        lo = nearest(fmt, mpmath.log(mpmath.mpf(2) ** (fmt.min_q - 1)))
        hi = nearest(fmt, mpmath.log(mpmath.mpf(2) ** (fmt.emax + 1) * (1 - mpmath.mpf(2) ** (-fmt.p - 1))))
    while exp_reference(fmt, lo).bits == 0:
        lo = fmt.step(lo, 1)
    while exp_reference(fmt, fmt.step(lo, -1)).bits != 0:
        lo = fmt.step(lo, -1)
    while exp_reference(fmt, hi).bits == fmt.inf:
        hi = fmt.step(hi, -1)
    while exp_reference(fmt, fmt.step(hi, 1)).bits != fmt.inf:
        hi = fmt.step(hi, 1)
    return lo, hi


def near_midpoints(fmt, samp, lo_exp, hi_exp, count):
    """Arguments whose exp is close to a midpoint by construction: for a random x with lo_exp <= log2|x| < hi_exp,
    the midpoint M nearest to exp(x), and the representable values around log(M). Near 0, the exp of two neighbouring
    arguments are about |x| result ulps apart, so the argument nearest to log(M) has its exp within about |x| / 2
    ulps of M."""
    out = []
    for _ in range(count):
        e = samp.integer(lo_exp, hi_exp - 1)
        with mp.workdps(BASE_DPS):
            x = mpmath.mpf(2) ** e * (1 + mpmath.mpf(samp.rng.getrandbits(52)) / 2 ** 52)
            if samp.rng.getrandbits(1):
                x = -x
            b = nearest(fmt, x)
        r = exp_reference(fmt, b)
        off = mpmath.mpf(r.off_num) / mpmath.mpf(2) ** r.off_shift
        y = fmt.to_py(r.bits)
        with mp.workdps(BASE_DPS):
            # The spacing on the side of exp(x): the offset's unit.
            u = abs(mpmath.mpf(fmt.to_py(fmt.step(r.bits, 1 if off > 0 else -1))) - y)
            mid = y + (u / 2 if off > 0 else -u / 2)
            c = nearest(fmt, mpmath.log(mid))
        out.extend(consecutive(fmt, c, 1))
    return out


def hardest(fmt, samp, lo_bits, hi_bits, tries, keep):
    """The keep arguments, among tries random ones (half uniform in value, half uniform in the bit pattern with
    |x| >= 2^-8), whose exp is closest to a midpoint."""
    lo_v, hi_v = fmt.to_py(lo_bits), fmt.to_py(hi_bits)
    cands = samp.values_between(lo_v, hi_v, tries // 2)
    small = fmt.from_py(2.0 ** -8)
    half = (tries - tries // 2) // 2
    cands += samp.bits_between(small, hi_bits, half)
    cands += samp.bits_between(small | fmt.sign, lo_bits, tries - tries // 2 - half)
    scored = sorted((exp_reference(fmt, b, dps=36).distance_to_midpoint(), fmt.ordered(b), b) for b in set(cands))
    return [b for _, _, b in scored[:keep]]


def sections(fmt):
    """The table's points, as (title, bit patterns) in order."""
    f = fmt
    samp = Sampler(f)
    lo, hi = domain(f)
    one = f.from_py(1.0)
    ln2 = mpmath.log(2)
    is_double = f.bits == 64
    tiny_exp = -28 if is_double else -14
    out = []

    def add(title, points):
        out.append((title, points))

    def both_signs(points):
        return points + [b ^ f.sign for b in points]

    # Special and extreme arguments.
    specials = [0, f.sign, f.inf, f.inf | f.sign, f.qnan, f.qnan | f.sign, f.qnan | 0x5a5,
                f.inf | 1, f.max_finite, f.max_finite | f.sign, 1, 1 | f.sign,
                f.from_py(2.0 ** f.emin), f.from_py(-(2.0 ** f.emin)), one, one | f.sign,
                lo, f.step(lo, -1), hi, f.step(hi, 1)]
    add('special values, extremes and the ends of the domain', specials)

    add('uniform in the bit pattern over the domain [%r, %r]' % (f.to_py(lo), f.to_py(hi)),
        samp.bits_between(lo, hi, 20000))
    add('uniform in value over the domain', samp.values_between(f.to_py(lo), f.to_py(hi), 20000))
    add('uniform in value over [-1, 1]', samp.values_between(-1.0, 1.0, 15000))
    add('uniform in the bit pattern over [-1, 1]', samp.bits_between(one | f.sign, one, 5000))

    # The branch points of the argument reduction: |x| = ln2/2 and 3ln2/2, the exact value and the threshold
    # the implementation tests (on the high 32 bits for double).
    with mp.workdps(BASE_DPS):
        half_ln2 = nearest(f, ln2 / 2)
        three_half_ln2 = nearest(f, 3 * ln2 / 2)
    centers = [half_ln2, three_half_ln2]
    if is_double:
        centers += [((half_ln2 >> 32) + 1) << 32, (three_half_ln2 >> 32) << 32]
    else:
        centers += [half_ln2 + 1, three_half_ln2 + 1]
    n_consecutive = 300 if is_double else 1000
    pts = []
    for c in centers:
        pts += both_signs(consecutive(f, c, n_consecutive))
        v = f.to_py(c)
        pts += both_signs(samp.values_between(v * (1 - 2.0 ** -12), v * (1 + 2.0 ** -12), 500))
    add('around |x| = ln2/2 and 3ln2/2', pts)

    # Tiny |x|: exp(x) = 1 + x, and the threshold of that branch.
    tiny = f.from_py(2.0 ** tiny_exp)
    pts = samp.bits_between(f.sign | 1, tiny | f.sign, 2000) + samp.bits_between(1, tiny, 2000)
    # The implementation takes 1 + x for |x| <= 2^-28 (double: high 32 bits <= 0x3e300000) and for
    # |x| <= 2^-13 (float: bits <= 0x39000000).
    tiny_branch = (((tiny >> 32) + 1) << 32) if is_double else 0x39000001
    for c in (tiny, tiny_branch):
        pts += both_signs(consecutive(f, c, 300 if is_double else 1000))
    add('tiny |x| < 2^%d and the threshold of the 1 + x branch' % tiny_exp, pts)

    # Overflow threshold.
    pts = consecutive(f, hi, 1000 if is_double else 2000)
    pts += samp.values_between(f.to_py(hi) - 1.0, f.to_py(hi), 2000)
    pts += samp.values_between(f.to_py(hi), f.to_py(hi) + 1.0, 100)
    pts += samp.bits_between(f.step(hi, 1), f.max_finite, 100)
    add('around the overflow threshold %r' % f.to_py(hi), pts)

    # Results in the subnormal range, its upper end, and the branch at |x| = 708.39 / 87.34 (the test of the
    # implementation on the high bits), on both signs.
    with mp.workdps(BASE_DPS):
        min_normal_x = nearest(f, mpmath.log(mpmath.mpf(2) ** f.emin))
    pts = samp.values_between(f.to_py(lo), f.to_py(min_normal_x), 8000)
    pts += consecutive(f, min_normal_x, 500 if is_double else 1000)
    branch = (min_normal_x >> 32) << 32 if is_double else min_normal_x
    pts += both_signs(consecutive(f, branch & ~f.sign, 250 if is_double else 500))
    add('subnormal results, x in [%r, %r]' % (f.to_py(lo), f.to_py(min_normal_x)), pts)

    # The boundary where exp(x) rounds to 0.
    pts = consecutive(f, lo, 1000 if is_double else 2000)
    pts += samp.values_between(f.to_py(lo) - 1.0, f.to_py(lo), 100)
    pts += samp.bits_between(f.step(lo, -1), f.max_finite | f.sign, 100)
    add('around the underflow-to-zero boundary %r' % f.to_py(lo), pts)

    add('integers', [f.from_py(float(i)) for i in range(int(f.to_py(lo)) - 1, int(f.to_py(hi)) + 2)])

    # x near k ln2 (results near a power of two: the reduction gives r near 0 and the binade changes) and near
    # (k + 1/2) ln2 (the rounding of x / ln2 to k changes, r near +-ln2/2), for every k of the domain.
    pts = []
    k_lo = int(mpmath.floor(f.to_py(lo) / ln2))
    k_hi = int(mpmath.ceil(f.to_py(hi) / ln2))
    width = 2 if is_double else 10
    for k in range(k_lo, k_hi + 1):
        for m in (k, k + mpmath.mpf(0.5)):
            with mp.workdps(BASE_DPS):
                v = m * ln2
            if f.to_py(lo) <= v <= f.to_py(hi):
                pts += consecutive(f, nearest(f, v), width)
    add('around k ln2 and (k + 1/2) ln2 for every k', pts)

    # Arguments whose exp(x) is closest to a midpoint.
    add('constructed near-midpoint cases, 2^%d <= |x| < 2^-4' % (-56 if is_double else -26),
        near_midpoints(f, samp, -56 if is_double else -26, -4, 600 if is_double else 500))
    add('the hardest of 100000 random arguments', hardest(f, samp, lo, hi, 100000, 1500))
    return out


def write_table(fmt, path, named_sections=None, reference=None, name='exp', script='make_exp_tables.py'):
    """Writes the table of the function `name` (exp unless told) at the points of named_sections (sections(fmt)
    unless told), computed by reference(fmt, bits); returns its rows (bits, Result) in order."""
    named_sections = sections(fmt) if named_sections is None else named_sections
    reference = exp_reference if reference is None else reference
    seen = set()
    lines = []
    rows = []
    for title, points in named_sections:
        fresh = []
        for b in points:
            if b not in seen:
                seen.add(b)
                fresh.append(b)
        fresh.sort(key=fmt.ordered)
        lines.append('# section: %s: %d points' % (title, len(fresh)))
        for b in fresh:
            r = reference(fmt, b)
            off = r.offset_text()
            rows.append((b, r))
            lines.append('%s %s%s' % (fmt.hex(b), fmt.hex(r.bits), '' if off is None else ' ' + off))
    header = [
        '# %s(x) in IEEE binary%d (%s), correctly rounded to nearest: x bits, %s(x) bits, (%s(x) - result) / ulp.'
        % (name, fmt.bits, fmt.name, name, name),
        '# Written by %s (mpmath %s, %d digits): do not edit. %d points.'
        % (script, mpmath.__version__, BASE_DPS, len(rows)),
    ]
    with open(path, 'w', newline='\n') as out:
        out.write('\n'.join(header + lines) + '\n')
    return rows


def pick_sample(fmt, rows, count, seed=None, specials=20):
    """count points of the table for the compile-time checks: the special values and ends of the domain (the first
    `specials` rows), the hardest cases, then random ones (seeded with fmt.seed + 1 unless told); qNaN only (no
    signaling NaN in constant expressions)."""
    samp = random.Random(fmt.seed + 1 if seed is None else seed)
    chosen = []
    seen = set()

    def take(b, r):
        if b not in seen and len(chosen) < count:
            seen.add(b)
            chosen.append((b, r))

    for b, r in rows[:specials]:  # the first section: special values and extremes
        if not fmt.is_nan(b) or b & (1 << (fmt.frac_bits - 1)):
            take(b, r)
    for _, _, b, r in sorted((r.distance_to_midpoint(), fmt.ordered(b), b, r) for b, r in rows)[:count // 4]:
        take(b, r)
    while len(chosen) < count:
        b, r = rows[samp.getrandbits(20) % len(rows)]
        if not fmt.is_nan(b):
            take(b, r)
    chosen.sort(key=lambda br: (fmt.is_nan(br[0]), fmt.ordered(br[0]) if not fmt.is_nan(br[0]) else br[0]))
    return chosen


SAMPLE_COMMENT = [
    '// exp reference points for the compile-time checks: {x bits, correctly rounded exp(x) bits}.',
    '// Written by make_exp_tables.py from the same data as exp_double.txt and exp_float.txt: do not edit.',
]


def write_sample(samples, path, comment=None, point='exp_point'):
    """The header of sample arrays: samples is a list of (array name, fmt, chosen rows); comment its first lines
    after the licence (exp's unless told), point the name of the point struct."""
    out = ['// SPDX-License-Identifier: BSL-1.0'] + (SAMPLE_COMMENT if comment is None else comment) + [
        '#pragma once',
        '',
        '#include <array>',
        '#include <cstdint>',
        '',
        'namespace cta_numerics {',
        '',
        'template <class Bits>',
        'struct %s {' % point,
        '    Bits x;',
        '    Bits y;',
        '};',
    ]
    for array, fmt, chosen in samples:
        bits_type = 'std::uint64_t' if fmt.bits == 64 else 'std::uint32_t'
        per_line = 2 if fmt.bits == 64 else 4
        out.append('')
        out.append('inline constexpr std::array<%s<%s>, %d> %s{{' % (point, bits_type, len(chosen), array))
        for i in range(0, len(chosen), per_line):
            out.append('    ' + ' '.join('{%s, %s},' % (fmt.hex(b), fmt.hex(r.bits))
                                         for b, r in chosen[i:i + per_line]))
        out.append('}};')
    out += ['', '}  // namespace cta_numerics', '']
    with open(path, 'w', newline='\n') as f:
        f.write('\n'.join(out))


def main():
    mp.dps = BASE_DPS
    samples = []
    for fmt in (DOUBLE, FLOAT):
        rows = write_table(fmt, os.path.join(HERE, 'exp_%s.txt' % fmt.name))
        samples.append(('exp_sample_%s' % fmt.name, fmt, pick_sample(fmt, rows, 256)))
        print('exp_%s.txt: %d points' % (fmt.name, len(rows)))
    write_sample(samples, os.path.join(HERE, 'exp_sample.hpp'))


if __name__ == '__main__':
    main()
