#!/usr/bin/env python3
# SPDX-License-Identifier: BSL-1.0
"""Writes include/cta/detail/exp_table.hpp, the table of cta::exp(double): 2^(j/128) for j = 0 .. 127 as the sum of
two doubles, hi = 2^(j/128) rounded to nearest and lo = 2^(j/128) - hi rounded to nearest, and the constants of its
reduction (128 / ln 2, and ln 2 / 128 in two parts, the first with 35 significant bits so that k * it is exact for
|k| < 2^18).

Usage: python3 make_exp_table.py [--check]   (python3 and mpmath 1.3). The output is a function of this script
alone: mpmath at 300 bits, each value rounded to nearest once by mpmath's conversion to a Python float. With
--check, writes nothing and exits with status 1 if the header differs from what it would write (77 without
mpmath).
"""

import os
import sys

try:
    from mpmath import mp
except ImportError:  # the test numerics.exp_table is skipped (return code 77)
    print('make_exp_table.py: mpmath is not installed', file=sys.stderr)
    sys.exit(77)

HERE = os.path.dirname(os.path.abspath(__file__))
HEADER = os.path.join(HERE, '..', '..', 'include', 'cta', 'detail', 'exp_table.hpp')
N = 128


def rounded(v):
    """v rounded to the nearest double (mpmath rounds to nearest, ties to even, when it converts)."""
    return float(v)


def contents():
    mp.prec = 300
    ln2 = mp.log(2)
    step = ln2 / N
    # ln 2 / 128 with 35 significant bits: k * ln2_hi is exact for |k| < 2^18 (53 - 35 = 18 bits for k).
    quantum = mp.mpf(2) ** (mp.floor(mp.log(step, 2)) - 34)
    ln2_hi = mp.nint(step / quantum) * quantum
    assert rounded(ln2_hi) == ln2_hi
    lines = [
        '// SPDX-License-Identifier: BSL-1.0',
        '/// @file',
        '/// @brief The table and constants of cta::exp(double) (<cta/math.hpp>), written by',
        '/// tests/numerics/make_exp_table.py (mpmath at 300 bits); do not edit.',
        '#pragma once',
        '',
        'namespace cta::detail {',
        '',
        '/// 128 / ln 2, rounded to nearest.',
        f'inline constexpr double exp_n_inv_ln2 = {rounded(N / ln2).hex()};',
        '/// ln 2 / 128 = exp_ln2_n_hi + exp_ln2_n_lo: the first with 35 significant bits (k * it is exact for',
        '/// |k| < 2^18), the second the rest rounded to nearest.',
        f'inline constexpr double exp_ln2_n_hi = {rounded(ln2_hi).hex()};',
        f'inline constexpr double exp_ln2_n_lo = {rounded(step - ln2_hi).hex()};',
        '',
        '/// 2^(j/128) = exp_table[2j] + exp_table[2j + 1], j = 0 .. 127: the value rounded to nearest, and what it',
        '/// lacks rounded to nearest.',
        'inline constexpr double exp_table[2 * 128] = {',
    ]
    for j in range(N):
        exact = mp.mpf(2) ** (mp.mpf(j) / N)
        hi = rounded(exact)
        lo = rounded(exact - hi)
        lines.append(f'    {hi.hex()}, {lo.hex()},')
    lines += ['};', '', '}  // namespace cta::detail', '']
    return '\n'.join(lines)


def main():
    text = contents()
    if sys.argv[1:] == ['--check']:
        with open(HEADER, encoding='utf-8') as f:
            same = f.read() == text
        print('exp_table.hpp is ' + ('what make_exp_table.py writes' if same else 'NOT what make_exp_table.py writes'))
        return 0 if same else 1
    if sys.argv[1:]:
        print(__doc__, file=sys.stderr)
        return 2
    with open(HEADER, 'w', encoding='utf-8') as f:
        f.write(text)
    return 0


if __name__ == '__main__':
    sys.exit(main())
