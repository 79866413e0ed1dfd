// SPDX-License-Identifier: BSL-1.0
/// @file
/// @brief `constexpr` error functions for `float` and `double`, identical in constant expressions and at run time:
/// `cta::erf(x)` and `cta::erfc(x)` = 1 - erf(x) (and, as `<cmath>`'s, for integers, computed in double).
///
/// Built like the functions of `<cta/math.hpp>`: only `+ - * /`, comparisons and `std::bit_cast`, no operation whose
/// result is NaN or infinite (special values are returned, not computed), under the library's strict floating-point
/// pragmas. `double` is computed in double. `float` is computed in double and rounded once to float, unlike `exp` and
/// `log`, which compute `float` in `float`: the double result is off by little more than half an ulp of double, so
/// the float is correctly rounded unless the exact value lies within about 2^-29 float ulps of a midpoint.
///
/// Method (double; a = |x|; the constants come from tests/numerics/make_erf_tables.py, which fits them with mpmath
/// and writes them into this file):
/// - a < 1/4: erf(x) = x c_hi + x (c_lo + z S(z)), z = x^2, 2/sqrt(pi) = c_hi + c_lo, S a polynomial of degree 7;
///   x c_hi = hi + e exactly (Dekker's product), so that erf(x) = hi + (e + x (c_lo + z S(z))) rounds once at the
///   end; erfc(x) = 1 - hi - (the rest), 1 - hi taken with its exact rounding error (Fast2Sum). Below 2^-1000 (and
///   for subnormal x), erf is computed for x 2^54 (exact) and scaled back: exactly for a normal result; for a
///   subnormal one, 2^-54 hi is rounded alone and its remainder (exact) added to the rest, so that only the last
///   addition rounds.
/// - 1/4 <= a < 27.5: erfc(a) = e^(-a^2) G(a), G(a) = erfc(a) e^(a^2) (an entire function, about
///   1 / (a sqrt(pi)) for large a):
///   - -a^2 = y_hi + y_lo: a = a_hi + a_lo (Veltkamp's split, a_hi on 26 bits), y_hi = -a_hi^2 exact,
///     y_lo = -(a_lo (2 a_hi) + a_lo^2);
///   - k = y_hi / ln 2 rounded, r_hi = y_hi - k ln2_hi (exact), r_lo = y_lo - k ln2_lo, r = r_hi + r_lo with its
///     exact error (TwoSum), |r| <= ln(2)/2 + 2^-15, r^2 exact as a sum of two doubles (Dekker), and
///     e^r = 1 + w + m with w = r_hi + r^2/2 (and its exact error, Fast2Sum) and m the rest: r_lo + r^3 E(r) + the
///     errors, E a polynomial of degree 9;
///   - G on 27 intervals (a quarter of a binade each, from 1/4 to 28): a polynomial of degree 16 in t = a - c
///     (exact) around the interval's centre c, G(c) and G'(c) each in two parts; t G'(c)_hi is taken exactly
///     (Dekker) and added to G(c)_hi with its exact error (Fast2Sum): G = g_hi + g_lo;
///   - erfc(a) 2^-k = G e^r = g_hi + g_hi w + (g_hi m + g_lo (1 + w + m)): g_hi w exact (Dekker), its sum with g_hi
///     with its exact error (Fast2Sum), the small terms added to that error; the pair renormalised (Fast2Sum) into
///     hi + lo.
///   Then erfc(x) = 2^k (hi + lo) for x > 0, one rounding (for a subnormal result, 2^k hi is rounded alone and its
///   remainder, exact, added to lo); erfc(-a) = 2 - 2^k hi - 2^k lo and erf(x) = ±(1 - 2^k hi - 2^k lo), each with
///   the exact error of the first subtraction (Fast2Sum).
/// - Beyond: erf(x) = ±1 for a >= 6, erfc(x) = 2 for x <= -6 and +0 for x >= 27.5, where they round to those.
/// The errors stay within the bounds that tests/numerics asserts (the largest errors found on at least 100,000
/// points per function and type), a little above half an ulp.
///
/// Special values (tests/numerics, at compile time and at run time): erf(±0) = ±0, erf(±inf) = ±1, erf(NaN) = NaN;
/// erfc(±0) = 1, erfc(+inf) = +0, erfc(-inf) = 2, erfc(NaN) = NaN. erf(x) is ±1 exactly, erfc(x) 2 exactly and +0
/// from where they round to those values on (make_erf_tables.py finds these thresholds and those of subnormal
/// results of erfc, and the tables hold the points around them). Subnormal arguments: erf(x) = 2x/sqrt(pi) rounded
/// as above (in float, through the double value), erfc(x) = 1. The cases are told apart by the bits, as in `cta::sqrt`.
///
/// Written in few statements (each costs Clang a step of its constant-evaluation budget; bench/compile_time/
/// erf_steps.cpp measures a call), as `exp` and `log`.
#pragma once

#include <bit>
#include <cstdint>
#include <limits>
#include <type_traits>

#include <cta/math.hpp>

CTA_FP_STRICT_BEGIN

namespace cta {

CTA_FP_PRODUCTS_BEGIN

namespace detail {

// make_erf_tables.py: begin
// 2/sqrt(pi) = erf_c_hi + erf_c_lo.
inline constexpr double erf_c_hi = 0x1.20dd750429b6dp+0;
inline constexpr double erf_c_lo = 0x1.1ae3a914fed80p-56;
// S(z), z^0 first: erf(x) = x (c_hi + c_lo + z S(z)) for |x| < 1/4.
inline constexpr double erf_s[8] = {
    -0x1.812746b0379e7p-2, 0x1.ce2f21a042be2p-4, -0x1.b82ce31288a6ep-6, 0x1.565bcd0e4dfb3p-8,
    -0x1.c02db3c896269p-11, 0x1.f9a2eb95d702fp-14, -0x1.f4af39dfdb433p-17, 0x1.af0dd2a96d114p-20,
};
// E(r), r^0 first: e^r = 1 + r + r^2/2 + r^3 E(r) for |r| <= ln(2)/2; 1/ln 2, and ln 2 = ln2_hi (42 bits) + ln2_lo.
inline constexpr double erf_exp[10] = {
    0x1.5555555555556p-3, 0x1.5555555555555p-5, 0x1.1111111110918p-7, 0x1.6c16c16c16789p-10,
    0x1.a01a01a83ba17p-13, 0x1.a01a01a4bf4ccp-16, 0x1.71de0be2b5e96p-19, 0x1.27e4e0ede8585p-22,
    0x1.af3ce42b12b24p-26, 0x1.1f6949e9931a3p-29,
};
inline constexpr double erf_inv_ln2 = 0x1.71547652b82fep+0;
inline constexpr double erf_ln2_hi = 0x1.62e42fefa3800p-1;
inline constexpr double erf_ln2_lo = 0x1.ef35793c76730p-45;
// G(c + t) = (g0_hi + g0_lo) + t (g1_hi + g1_lo) + t^2 (g2 + t g3 + ... + t^14 g16) around the centre c of
// each interval [2^e (1 + j/4), 2^e (1 + (j+1)/4)): {g0_hi, g0_lo, g1_hi, g1_lo, g2, ..., g16}.
inline constexpr double erf_g[27][19] = {
    {  // [0.25, 0.3125)
        0x1.7ecff36408789p-1, 0x1.346331006613dp-57, -0x1.6a65f1200ea9dp-1, -0x1.109f0d338889bp-58,
        0x1.18e347930458dp-1, -0x1.79dd5bfe47412p-2, 0x1.c7804d4684a75p-3, -0x1.f61881cd60f5cp-4,
        0x1.00989203c2033p-4, -0x1.eb58ae8e15059p-6, 0x1.bc18ab7b89119p-7, -0x1.7d3d85b9851b7p-8,
        0x1.386336f12847ap-9, -0x1.eaa248b9ab25dp-11, 0x1.728512702db74p-12, -0x1.0ddd4504d7abfp-13,
        0x1.7c1483afc7c42p-15, -0x1.03735da1dfa8ap-16, 0x1.57bc80965dea8p-18,
    },
    {  // [0.3125, 0.375)
        0x1.693716c1c115fp-1, -0x1.92382a9e5e3cep-57, -0x1.49650a631eae9p-1, 0x1.b5b2108921863p-57,
        0x1.eff8b65f5d13ep-2, -0x1.4588640e4e3eep-2, 0x1.8011d3fa722e4p-3, -0x1.9f3bb8fed0fe4p-4,
        0x1.a0ef6ae8ddae1p-5, -0x1.88a782fe9ebbdp-6, 0x1.5d72a0651a65dp-7, -0x1.27a3630bc581fp-8,
        0x1.ddd0defe871efp-10, -0x1.724ad1489ead5p-11, 0x1.141d575964edep-12, -0x1.8d55de9ed740ep-14,
        0x1.1489182903c53p-15, -0x1.7544dc31e2c84p-17, 0x1.e91e002844161p-19,
    },
    {  // [0.375, 0.4375)
        0x1.558ef312ebe87p-1, -0x1.cc776d0afa064p-55, -0x1.2c36c488f3c0dp-1, 0x1.78da45b92adddp-56,
        0x1.b731667691c43p-2, -0x1.19564fa128314p-2, 0x1.44e6561d19702p-3, -0x1.588c09d1fe70dp-4,
        0x1.53e2857ded01ap-5, -0x1.3addbe850bc51p-6, 0x1.13ed7acae69dap-7, -0x1.cc1f1f3fb36c6p-9,
        0x1.6eb6e8fd7d6dap-10, -0x1.1875cb948bb7bp-11, 0x1.9cfea4d9cc7c8p-13, -0x1.258eae971e389p-14,
        0x1.93d8bfd14aa14p-16, -0x1.0d7a85c3a73dfp-17, 0x1.5d40d327498aap-19,
    },
    {  // [0.4375, 0.5)
        0x1.439ea3683d4ccp-1, -0x1.6fe8b5a67b6d0p-57, -0x1.125630d699f5bp-1, 0x1.c53a0e27ba677p-59,
        0x1.860c79074a433p-2, -0x1.e7c8b697b6cfep-3, 0x1.13b96e3bbb6a7p-3, -0x1.1ed4a2562bf7fp-4,
        0x1.15ff7594b6d07p-5, -0x1.faaf7410b96bbp-7, 0x1.b53dcbf5822bap-8, -0x1.674b875829b2fp-9,
        0x1.1a6ce030ad1e1p-10, -0x1.aa546129dd930p-12, 0x1.35f3fbbd0ee20p-13, -0x1.b34dc5de6dcedp-15,
        0x1.27eeb3ed8188ep-16, -0x1.867be15d829d8p-18, 0x1.f48d770b6ec3ap-20,
    },
    {  // [0.5, 0.625)
        0x1.2b84f076e14fbp-1, 0x1.b8bd1accf8123p-55, -0x1.e18ab7052be7fp-2, 0x1.c4c5d3382f510p-56,
        0x1.482bd9fad9ed0p-2, -0x1.8bed65e01718dp-3, 0x1.b1a22aa7a6dc0p-4, -0x1.b65943018044bp-5,
        0x1.9dcc15144e60fp-6, -0x1.6ff6b38454d3fp-7, 0x1.364eb29716855p-8, -0x1.f301024a60b78p-10,
        0x1.80374a0767bd3p-11, -0x1.1c5283fbf921fp-12, 0x1.95aac68ddcf8ap-14, -0x1.17b92aa407dc4p-15,
        0x1.75b54545f83fcp-17, -0x1.e55195ab33f8dp-19, 0x1.31f80904e9780p-20,
    },
    {  // [0.625, 0.75)
        0x1.0fce4e96dd619p-1, -0x1.7210607953137p-57, -0x1.97fe7bf1c60f0p-2, 0x1.cd62292f30155p-57,
        0x1.071da7f78298dp-2, -0x1.2ecd75f4d05d4p-3, 0x1.3e0e0ed6b5f18p-4, -0x1.358dce2b361d2p-5,
        0x1.1a31bff52474bp-6, -0x1.e5d3e4fd95e6fp-8, 0x1.8d62a9331d61fp-9, -0x1.366c6d2e3c2f8p-10,
        0x1.d1156c45275e1p-12, -0x1.4f41153394d8dp-13, 0x1.d2741151df014p-15, -0x1.39f28f529b296p-16,
        0x1.99c0aea7bc9b4p-18, -0x1.041bf5e2c3f19p-19, 0x1.40e0388b0f1c1p-21,
    },
    {  // [0.75, 0.875)
        0x1.f0723ff5acdf9p-2, -0x1.7b669ffa31576p-58, -0x1.5cbc2c216df00p-2, 0x1.95f54bdaba391p-57,
        0x1.aa32b83507192p-3, -0x1.d43ed8ca5d7a1p-4, 0x1.d7f26045a23f1p-5, -0x1.ba6d691685b3fp-6,
        0x1.859d3cc5fa92bp-7, -0x1.44bd2e2b89098p-8, 0x1.01b062044ae6dp-9, -0x1.87347d11681b5p-11,
        0x1.1d29276135ee2p-12, -0x1.90857bbea6de3p-14, 0x1.0fbd62ff6756dp-15, -0x1.65144b4fbe34cp-17,
        0x1.c755108f7e29fp-19, -0x1.1a98ca2b6b2ccp-20, 0x1.55195d4cdbbdcp-22,
    },
    {  // [0.875, 1.0)
        0x1.c7f81382721efp-2, -0x1.3f947ee724dfcp-62, -0x1.2c84af7c10e14p-2, -0x1.4881059988d91p-57,
        0x1.5c775dfc44978p-3, -0x1.6dcc9e7a2c9b5p-4, 0x1.61fee765ff5d7p-5, -0x1.3fc8366a2e3f3p-6,
        0x1.102167daf7951p-7, -0x1.b75cb1aca9956p-9, 0x1.524f5c6cffac2p-10, -0x1.f329c42d74c66p-12,
        0x1.621c1d83c0666p-13, -0x1.e49df1f5b3624p-15, 0x1.40b4211471597p-16, -0x1.9b6e17cb7b915p-18,
        0x1.00504ff8dfdd3p-19, -0x1.3716edbef2756p-21, 0x1.6f6c2315a47e6p-23,
    },
    {  // [1.0, 1.25)
        0x1.9531e09b149b5p-2, -0x1.aa513235e9c37p-58, -0x1.e78b356770fbbp-3, 0x1.ea9d55595b542p-57,
        0x1.05e72521ca1b8p-3, -0x1.01343a2c92265p-4, 0x1.d4e711a2df97dp-6, -0x1.910a5d7c0a71fp-7,
        0x1.446c5166ccf50p-8, -0x1.f38c6d05105dap-10, 0x1.6fd9a57ac0b77p-11, -0x1.041e38d54fb2cp-12,
        0x1.62743c045a61cp-14, -0x1.d2b30036e3d19p-16, 0x1.2997daee55417p-17, -0x1.705e91ed344c9p-19,
        0x1.bb65db691b44dp-21, -0x1.05211575d36a2p-22, 0x1.2a8851114bdc1p-24,
    },
    {  // [1.25, 1.5)
        0x1.5f88f52f3c76bp-2, -0x1.b7eb97a02d0e7p-57, -0x1.797a639d8129dp-3, -0x1.df1e6644f32f8p-58,
        0x1.701342cbcea7bp-4, -0x1.4bcdb9d9083c2p-5, 0x1.17eba60d31fcap-6, -0x1.bdf24bccac617p-8,
        0x1.51ab9ffce7487p-9, -0x1.e8ae68b41e929p-11, 0x1.535f57fdf98d8p-12, -0x1.c5fa6b09c1777p-14,
        0x1.254ed1ea8c470p-15, -0x1.6f0627138ac4bp-17, 0x1.bdb737091666fp-19, -0x1.0725d114bccebp-20,
        0x1.2ea061d805e2ap-22, -0x1.54ebc08eac14bp-24, 0x1.7569a9d8971b6p-26,
    },
    {  // [1.5, 1.75)
        0x1.3583f6644327bp-2, -0x1.88eb8ebfdccaep-56, -0x1.2b11e6959934cp-3, 0x1.d03d8df6e7293p-57,
        0x1.0a15ac2adab35p-4, -0x1.ba018e6428103p-6, 0x1.5a142948a9b2fp-7, -0x1.014eae28304aep-8,
        0x1.6d609f6ab13b0p-10, -0x1.f1b43d3ab8328p-12, 0x1.465ecd15accdfp-13, -0x1.9d62282c9c46ap-15,
        0x1.fafc8f3e8111bp-17, -0x1.2db3b760a9160p-18, 0x1.5d23634698f4fp-20, -0x1.89829b6fa3199p-22,
        0x1.b09f69c4af549p-24, -0x1.d2647506e326cp-26, 0x1.e9a7df63ebe5ep-28,
    },
    {  // [1.75, 2.0)
        0x1.13e5743b60480p-2, 0x1.ca1dfca5d5331p-56, -0x1.e36580c7f734ap-4, -0x1.93ccd69c7d620p-58,
        0x1.8a6efeed233adp-5, -0x1.2ef92f6f10797p-6, 0x1.b99589d40f23dp-8, -0x1.33237c3eeaceep-9,
        0x1.99b60e42dd5a3p-11, -0x1.070e0cb5e2664p-12, 0x1.4631c4b0b2356p-14, -0x1.87a61e43be858p-16,
        0x1.c8594802f7a7cp-18, -0x1.02863530f2009p-19, 0x1.1d4f4862c81e0p-21, -0x1.33297fd1e6838p-23,
        0x1.4307d38184206p-25, -0x1.4d765a9f46269p-27, 0x1.4fc0a0684a88ap-29,
    },
    {  // [2.0, 2.5)
        0x1.d94446d627932p-3, -0x1.a8198a8216449p-58, -0x1.6a70d2bb37411p-4, 0x1.ffe6c62a06b85p-62,
        0x1.0615670e25a7bp-5, -0x1.6883f9919a17ap-7, 0x1.da595561f7d33p-9, -0x1.2bd251bb2f028p-10,
        0x1.6d7743d3b280cp-12, -0x1.aed7ebc99ef81p-14, 0x1.ec773cc926d3ap-16, -0x1.117a666284562p-17,
        0x1.27af428b6a71cp-19, -0x1.37b9aa47655d9p-21, 0x1.40e79272c9c18p-23, -0x1.42f88517960b1p-25,
        0x1.3e3246f454a4bp-27, -0x1.372e572d6dceap-29, 0x1.267bc10f27c18p-31,
    },
    {  // [2.5, 3.0)
        0x1.8c9eb68ff27d7p-3, -0x1.bb4e763c64a35p-57, -0x1.0305781330099p-4, 0x1.10248e2763374p-59,
        0x1.43b98bac83823p-6, -0x1.84e9ab30e6ab3p-8, 0x1.c2c72fd72763ep-10, -0x1.f99e41ecb0903p-12,
        0x1.131bb16125573p-13, -0x1.2312b2596793fp-15, 0x1.2bfb5b0eb94eep-17, -0x1.2da329c384df5p-19,
        0x1.2856fab102f47p-21, -0x1.1ccf9decb1f83p-23, 0x1.0c1601c89002dp-25, -0x1.eec0ab5912168p-28,
        0x1.c00132c22c005p-30, -0x1.92d5756f6e45ep-32, 0x1.5ff46b884da31p-34,
    },
    {  // [3.0, 3.5)
        0x1.54a7a08d4bb45p-3, -0x1.6a0d91336bdc9p-61, -0x1.82a8522b868a1p-5, 0x1.b91956c8f3f36p-60,
        0x1.a7eddc9ee6425p-7, -0x1.c24b49c47a2c4p-9, 0x1.d085857a17f33p-11, -0x1.d25ebba1c4911p-13,
        0x1.c882f0238146ep-15, -0x1.b45d025fa28eep-17, 0x1.97dd78d7355b0p-19, -0x1.753cab576ff82p-21,
        0x1.4ec091fe497d7p-23, -0x1.268c3de701725p-25, 0x1.fcf8b29d8f9f0p-28, -0x1.b01f3ea66eba0p-30,
        0x1.68cea643dddd7p-32, -0x1.2b4a36177b344p-34, 0x1.e42a51b9ac657p-37,
    },
    {  // [3.5, 4.0)
        0x1.2a2af19c14930p-3, -0x1.fa04a06a33f29p-57, -0x1.2aa6503acda11p-5, -0x1.1d40a8d069620p-62,
        0x1.22f0664f3cbf9p-7, -0x1.1434ae05873abp-9, 0x1.fff032a0df889p-12, -0x1.cfcdea1b1f551p-14,
        0x1.9b50d0d260d9cp-16, -0x1.65778aad395a3p-18, 0x1.30c2fb3fec8ebp-20, -0x1.fe3e32b365816p-23,
        0x1.a3bee316bb369p-25, -0x1.5395121004a74p-27, 0x1.0e5db435b00bap-29, -0x1.a7ef407835c51p-32,
        0x1.477e4429b2e7dp-34, -0x1.f6eb098ad1771p-37, 0x1.79b0eb15411d5p-39,
    },
    {  // [4.0, 5.0)
        0x1.f5b2a049cf4c6p-4, -0x1.fc4bbbfb1695ap-58, -0x1.aa3eb6a946f7ep-6, -0x1.28e1009f1a894p-60,
        0x1.62c12cb5f7577p-8, -0x1.218ed930b23b1p-10, 0x1.d00785f2ed4fbp-13, -0x1.6d54b133d64c2p-15,
        0x1.1ad6a32debc78p-17, -0x1.aef8ea4ad48f9p-20, 0x1.4354fb1f09902p-22, -0x1.de09539682615p-25,
        0x1.5c64b30fd7e56p-27, -0x1.f4e92fdf18d76p-30, 0x1.635e572138ad1p-32, -0x1.f1ad8a1d10ee1p-35,
        0x1.5850870680e24p-37, -0x1.e386b960c3017p-40, 0x1.46877bfa4fba1p-42,
    },
    {  // [5.0, 6.0)
        0x1.9d8a8f2284f2cp-4, -0x1.5b0277fa1ecb8p-58, -0x1.238ca71b93fc3p-6, -0x1.52a7304d387abp-60,
        0x1.95252b932efe3p-9, -0x1.15976ddda3ca1p-11, 0x1.774f4826dc857p-14, -0x1.f4e46d179e3a9p-17,
        0x1.4a17e19bfd2ffp-19, -0x1.add7ac9caa5e1p-22, 0x1.149cd7825e5b7p-24, -0x1.60001e7015942p-27,
        0x1.bb09ba35d1484p-30, -0x1.13d9d691efeb5p-32, 0x1.53f6dfc5d88c2p-35, -0x1.9eb3475c8dda4p-38,
        0x1.f5035b8b84cd7p-41, -0x1.320033e793349p-43, 0x1.6aa20cf951a2ep-46,
    },
    {  // [6.0, 7.0)
        0x1.5f75c42e97171p-4, -0x1.a1eaaa8191c30p-58, -0x1.a6e2cf277a0cbp-7, -0x1.23ca674312372p-61,
        0x1.f75ef7a0fb2dbp-10, -0x1.28787f0e7f4c6p-12, 0x1.59b29296c518dp-15, -0x1.8f23feccb739ap-18,
        0x1.c871a15eaf7bep-21, -0x1.028f46472b4acp-23, 0x1.2246795854af1p-26, -0x1.430034654e8d2p-29,
        0x1.6450bceccc784p-32, -0x1.85c1429705477p-35, 0x1.a6d2a62d513f1p-38, -0x1.c6f4703f09328p-41,
        0x1.e5ba43f470454p-44, -0x1.057e3cebd1a37p-46, 0x1.12def5a654010p-49,
    },
    {  // [7.0, 8.0)
        0x1.31742f4d8d4d3p-4, -0x1.f82bc955e371ap-59, -0x1.404455ba9f3bep-7, -0x1.86b852c1299fap-61,
        0x1.4d07bba601411p-10, -0x1.5783a27fad25ap-13, 0x1.5f8a69c9ddb98p-16, -0x1.64fcbb7153f95p-19,
        0x1.67ca2bf7eaa58p-22, -0x1.67f14d3524cd6p-25, 0x1.657f396188149p-28, -0x1.608ea24f73cd4p-31,
        0x1.594675dd7667ep-34, -0x1.4fd8309409309p-37, 0x1.447ddc384a30cp-40, -0x1.37728d9feaa13p-43,
        0x1.2906a68dc36d2p-46, -0x1.1d29d8c5a02e0p-49, 0x1.0c85175c4b5eep-52,
    },
    {  // [8.0, 10.0)
        0x1.fe6cc4a0f9538p-5, 0x1.c95be62ca9a6dp-59, -0x1.c046699d77d51p-8, -0x1.7538cc20482e3p-62,
        0x1.876373f4a0f3ap-11, -0x1.53c131b5cb29fp-14, 0x1.254381038c8ecp-17, -0x1.f773505c34f57p-21,
        0x1.adc5f7f273289p-24, -0x1.6ce6631ad9da6p-27, 0x1.342c8749ecf2ap-30, -0x1.02e7b72785c9fp-33,
        0x1.b0c8e0e80f37ap-37, -0x1.67e2b5a9ddd5ap-40, 0x1.29c42dfe02f37p-43, -0x1.ea003ffee6d81p-47,
        0x1.9176a9c672f8cp-50, -0x1.5468c5a1ccea8p-53, 0x1.14254fdf69451p-56,
    },
    {  // [10.0, 12.0)
        0x1.a273c57e476cep-5, -0x1.6d026e15898ddp-59, -0x1.2ddd3d589bfb0p-8, -0x1.aa95f40e47827p-62,
        0x1.b1c8923879d89p-12, -0x1.3672f098120bbp-15, 0x1.baa1d9d8421f9p-19, -0x1.3a555d7a84631p-22,
        0x1.bcbee2a203639p-26, -0x1.397286297b985p-29, 0x1.b82d452144b53p-33, -0x1.33eef5837e573p-36,
        0x1.ad4523a3e2d10p-40, -0x1.2a21512a1ea47p-43, 0x1.9ca0728c71f2dp-47, -0x1.1c7387eea29edp-50,
        0x1.86eee4d50cebfp-54, -0x1.13305b7e8ae9ep-57, 0x1.7787ebbe058aap-61,
    },
    {  // [12.0, 14.0)
        0x1.627bcc27cb4aep-5, -0x1.d520e73ec05a6p-60, -0x1.b1be47a913fc3p-9, 0x1.636f92844a96ep-63,
        0x1.0898f73586fcfp-12, -0x1.41e750b2e0636p-16, 0x1.8682d21856146p-20, -0x1.d868cc70fabd3p-24,
        0x1.1cf1ff6c64605p-27, -0x1.56cb0dd5ac01bp-31, 0x1.9b410bb2ba9a0p-35, -0x1.ec0ba0f03fe5ep-39,
        0x1.258f4a0dc1e81p-42, -0x1.5d581e180406ep-46, 0x1.9e9fd9e39e4f4p-50, -0x1.eab93acaa01d2p-54,
        0x1.21af20ddc70bap-57, -0x1.5c23fae1f1484p-61, 0x1.98dcb9538a99dp-65,
    },
    {  // [14.0, 16.0)
        0x1.33714a024097ep-5, 0x1.f3b4d0ae3b609p-59, -0x1.467f441a50cf9p-9, -0x1.fb350f405bb88p-65,
        0x1.59fa2994d54efp-13, -0x1.6dd369db39094p-17, 0x1.81fb2ba7eb241p-21, -0x1.96605f1ea2fbep-25,
        0x1.aaf0d3bb729dbp-29, -0x1.bf9951f90339cp-33, 0x1.d445b8801f2b1p-37, -0x1.e8e11ca06a90dp-41,
        0x1.fd55ede3eda75p-45, -0x1.08c7138940accp-48, 0x1.12b9a5aa7a030p-52, -0x1.1c7041ea77cbdp-56,
        0x1.25edbd581c5bdp-60, -0x1.33e469b572d45p-64, 0x1.3cdee49def9e2p-68,
    },
    {  // [16.0, 20.0)
        0x1.005fe090c5e5dp-5, -0x1.4a17d4faf57b0p-59, -0x1.c661852c5133ap-10, -0x1.3b9df93e05aa7p-66,
        0x1.920b4fb071805p-14, -0x1.633259365787bp-18, 0x1.3955a9a783d3dp-22, -0x1.13fdbd8e16d4ap-26,
        0x1.e578451c0135ep-31, -0x1.aa561a7b04ee1p-35, 0x1.75d9d4960b69cp-39, -0x1.4757d89c24528p-43,
        0x1.1e33344243e80p-47, -0x1.f3ba553ffb892p-52, 0x1.b3a4c1c2afa48p-56, -0x1.7aeb2d178f75ep-60,
        0x1.495f7f2099343p-64, -0x1.2b0900eae2451p-68, 0x1.0327cf772f5bep-72,
    },
    {  // [20.0, 24.0)
        0x1.a3bc12161d4ebp-6, -0x1.b352d33781d73p-61, -0x1.30a253d642e9cp-10, -0x1.758b81515fdfbp-64,
        0x1.b9bd9f029a792p-15, -0x1.3ff35b4b9dfa9p-19, 0x1.cf017aa140a55p-24, -0x1.4eabfd67a0b69p-28,
        0x1.e35421d7c391bp-33, -0x1.5ca8142a82441p-37, 0x1.f6830eb5816bep-42, -0x1.69c477b2deefdp-46,
        0x1.042ec6708b636p-50, -0x1.75dfcc4b69f0cp-55, 0x1.0c5aedaac8a17p-59, -0x1.80b5b64955acep-64,
        0x1.13965173bd32bp-68, -0x1.969c25be594a8p-73, 0x1.22af76139726cp-77,
    },
    {  // [24.0, 28.0)
        0x1.63438bf2c3ee9p-6, -0x1.1fc7374725534p-61, -0x1.b49a775427ef7p-11, -0x1.0ec5d136fe882p-65,
        0x1.0c15fcc6f7feap-15, -0x1.48fb6bc69793cp-20, 0x1.936a6b39ad224p-25, -0x1.ee543f9173109p-30,
        0x1.2ea50cffc2cf1p-34, -0x1.724f1c7a96463p-39, 0x1.c4c5dc2bef53dp-44, -0x1.1499985bd95e4p-48,
        0x1.51b502ec3a8e7p-53, -0x1.9c04711dae40bp-58, 0x1.f65138cc9ff48p-63, -0x1.31eceea3cafd8p-67,
        0x1.7470876720da3p-72, -0x1.cf1beae2f468cp-77, 0x1.197ce39da99adp-81,
    },
};
// make_erf_tables.py: end

/// Veltkamp's split: y C - (y C - y) is y rounded to its first 26 significant bits (C = 2^27 + 1), so that the
/// products of two such halves are exact.
inline constexpr double erf_splitter = 0x1p27 + 1.0;
inline constexpr double erf_c_hi_1 = erf_c_hi * erf_splitter - (erf_c_hi * erf_splitter - erf_c_hi),
                        erf_c_hi_2 = erf_c_hi - erf_c_hi_1;

/// erf(x) = hi + lo for |x| < 1/4 (see the file's comment).
struct erf_parts {
    double hi;
    double lo;
};

/// erfc(a) = 2^k (hi + lo) for a in [1/4, 28).
struct erfc_parts {
    double hi;
    double lo;
    int k;
};

/// erf(x) = x c_hi + x (c_lo + z S(z)) for |x| < 1/4, x c_hi = hi + e exactly (Dekker's product): {hi, the rest}.
CTA_DETAIL_TARGET_TAG constexpr erf_parts erf_small(double x) noexcept {
    const double(&s)[8] = erf_s;
    const double z = x * x, xc = x * erf_splitter, x1 = xc - (xc - x), x2 = x - x1, hi = x * erf_c_hi;
    return {hi, (((x1 * erf_c_hi_1 - hi) + x1 * erf_c_hi_2 + x2 * erf_c_hi_1) + x2 * erf_c_hi_2) +
                    x * (erf_c_lo + z * (s[0] + z * (s[1] + z * (s[2] + z * (s[3] + z * (s[4] + z * (s[5] + z * (s[6] + z * (s[7])))))))))};
}

/// erfc(a) = 2^k (hi + lo) for a in [1/4, 28), a given by its bits b.
CTA_DETAIL_TARGET_TAG constexpr erfc_parts erfc_scaled(double a, std::uint64_t b) noexcept {
    // The interval: a's exponent and first two fraction bits; its centre: the same bits, then a one.
    const double(&g)[19] = erf_g[(b >> 50U) - (std::uint64_t{0x3fd} << 2U)];
    const double(&e)[10] = erf_exp;
    const double ac = a * erf_splitter, ah = ac - (ac - a), al = a - ah, yh = -(ah * ah), yl = -(al * (ah + ah) + al * al);
    const int k = static_cast<int>(yh * erf_inv_ln2 - 0.5);
    // e^(-a^2) = 2^k (1 + w + m): r = rh + rl + dr exactly (TwoSum), r^2 = rr + rre exactly (Dekker),
    // e^(rh + rl) = 1 + rh + rl + r^2/2 + r^3 E(r) + dr r, and rh + rr/2 = w + (rh - w) + rr/2 exactly (Fast2Sum).
    // G(a) = g0 + t g1 + t^2 R(t) with t g1_hi = q + qe exactly (Dekker) and
    // g0_hi + q = gh + (g0_hi - gh) + q exactly (Fast2Sum), so that G = gh + gl.
    const double kf = static_cast<double>(k), rh = yh - kf * erf_ln2_hi, rl = yl - kf * erf_ln2_lo, r = rh + rl,
                 rb = r - rh, dr = (rh - (r - rb)) + (rl - rb), rc = r * erf_splitter, r1 = rc - (rc - r),
                 r2 = r - r1, rr = r * r, rre = ((r1 * r1 - rr) + (r1 + r1) * r2) + r2 * r2,
                 w = rh + 0.5 * rr, m = ((rh - w) + 0.5 * rr) + (rl + (rr * r * (e[0] + r * (e[1] + r * (e[2] + r * (e[3] + r * (e[4] + r * (e[5] + r * (e[6] + r * (e[7] + r * (e[8] + r * (e[9])))))))))) + (0.5 * rre + dr * r))),
                 t = a - std::bit_cast<double>(((b >> 50U) << 50U) | (std::uint64_t{1} << 49U)),
                 tc = t * erf_splitter, t1 = tc - (tc - t), t2 = t - t1, dc = g[2] * erf_splitter,
                 d1 = dc - (dc - g[2]), d2 = g[2] - d1, q = t * g[2],
                 qe = ((t1 * d1 - q) + t1 * d2 + t2 * d1) + t2 * d2, gh = g[0] + q,
                 gl = ((g[0] - gh) + q) + (qe + (t * (t * (g[4] + t * (g[5] + t * (g[6] + t * (g[7] + t * (g[8] + t * (g[9] + t * (g[10] + t * (g[11] + t * (g[12] + t * (g[13] + t * (g[14] + t * (g[15] + t * (g[16] + t * (g[17] + t * (g[18])))))))))))))))) + (g[1] + t * g[3]))),
                 // gh w = p + pe exactly (Dekker), then gh + p = s + (gh - s) + p exactly (Fast2Sum, |p| < |gh|/2).
                 gc = gh * erf_splitter, gh1 = gc - (gc - gh), gh2 = gh - gh1, hc = w * erf_splitter,
                 w1 = hc - (hc - w), w2 = w - w1, p = gh * w,
                 pe = ((gh1 * w1 - p) + gh1 * w2 + gh2 * w1) + gh2 * w2, s = gh + p,
                 lo = ((gh - s) + p) + (pe + (gh * m + gl * (1.0 + (w + m)))), hi = s + lo;
    // Normalised (Fast2Sum): lo below half an ulp of hi, so that a subnormal 2^k hi can be rounded alone.
    return {hi, (s - hi) + lo, k};
}

/// base - erfc(a) for base 1 (erf) or 2 (erfc of -a), a in [1/4, 6), a given by its bits b.
CTA_DETAIL_TARGET_TAG constexpr double erfc_complement(double base, double a, std::uint64_t b) noexcept {
    const erfc_parts e = erfc_scaled(a, b);
    const double scale = pow2(e.k), h = e.hi * scale, w = base - h;
    return w + (((base - w) - h) - e.lo * scale);
}

/// The double y rounded to float. A subnormal double (far below float's range) gives 0 of its sign directly: Clang 14
/// rounds such a conversion to the smallest float subnormal in constant expressions, not to 0 as at run time.
CTA_DETAIL_TARGET_TAG constexpr float erf_to_float(double y) noexcept {
    const auto b = std::bit_cast<std::uint64_t>(y);
    return (b & ~(std::uint64_t{1} << 63U)) < 0x0010000000000000U ? ((b >> 63U) != 0 ? -0.0F : 0.0F)
                                                                    : static_cast<float>(y);
}

}  // namespace detail

/// @brief The error function erf(x) = 2/sqrt(pi) times the integral of e^(-t^2) from 0 to x, `constexpr`, within
/// 1 ulp (see the file's comment for the method, the accuracy and the special values: erf(±0) = ±0,
/// erf(±inf) = ±1, erf(NaN) = NaN).
CTA_DETAIL_TARGET_TAG constexpr double erf(double x) noexcept {
    const std::uint64_t b = std::bit_cast<std::uint64_t>(x), magnitude = b & ~(std::uint64_t{1} << 63U),
                        sign = b >> 63U;
    // NaN; |x| >= 6 (infinities included), where erf(x) rounds to ±1.
    if (magnitude >= 0x4018000000000000U) return magnitude > 0x7ff0000000000000U ? x : (sign != 0 ? -1.0 : 1.0);
    if (magnitude < 0x3fd0000000000000U) {  // |x| < 1/4: erf(x) = hi + lo
        if (magnitude >= 0x0170000000000000U) {
            const detail::erf_parts e = detail::erf_small(x);
            return e.hi + e.lo;
        }
        // |x| < 2^-1000: computed for x 2^54 (exact) and scaled back, exactly for a normal result; for a subnormal
        // one, 2^-54 hi is rounded alone and its remainder (exact) added to lo, so that only the last addition
        // rounds. ±0 is returned as it is.
        if (magnitude == 0) return x;
        const detail::erf_parts e = detail::erf_small(x * 0x1p54);
        const double high = e.hi * 0x1p-54;
        return (std::bit_cast<std::uint64_t>(high) & ~(std::uint64_t{1} << 63U)) >= 0x0010000000000000U
                   ? (e.hi + e.lo) * 0x1p-54
                   : high + ((e.hi - high * 0x1p54) + e.lo) * 0x1p-54;
    }
    const double a = std::bit_cast<double>(magnitude), y = detail::erfc_complement(1.0, a, magnitude);
    return sign != 0 ? -y : y;
}

/// @brief The complementary error function erfc(x) = 1 - erf(x), `constexpr`, within 1 ulp and with full relative
/// accuracy where erf(x) is near 1 (see the file's comment: erfc(±0) = 1, erfc(+inf) = +0, erfc(-inf) = 2,
/// erfc(NaN) = NaN).
CTA_DETAIL_TARGET_TAG constexpr double erfc(double x) noexcept {
    const std::uint64_t b = std::bit_cast<std::uint64_t>(x), magnitude = b & ~(std::uint64_t{1} << 63U),
                        sign = b >> 63U;
    // NaN; x <= -6 (erfc rounds to 2), x >= 27.5 (to +0), infinities included.
    if (magnitude > 0x7ff0000000000000U || (sign != 0 && magnitude >= 0x4018000000000000U) ||
        magnitude >= 0x403b800000000000U) {
        return magnitude > 0x7ff0000000000000U ? x : (sign != 0 ? 2.0 : 0.0);
    }
    if (magnitude < 0x3fd0000000000000U) {  // |x| < 1/4: 1 - hi (Fast2Sum) - lo, erf(x) = hi + lo
        const detail::erf_parts e = detail::erf_small(x);
        const double w = 1.0 - e.hi;
        return w + (((1.0 - w) - e.hi) - e.lo);
    }
    const auto a = std::bit_cast<double>(magnitude);
    if (sign != 0) return detail::erfc_complement(2.0, a, magnitude);
    const detail::erfc_parts e = detail::erfc_scaled(a, magnitude);
    if (e.k > -1000) return (e.hi + e.lo) * detail::pow2(e.k);
    // Near the subnormal range: a normal result is scaled exactly; for a subnormal one, 2^k hi is rounded alone and
    // its remainder (exact) added to lo, so that only the last addition rounds.
    const double high = scalbn(e.hi, e.k);
    return std::bit_cast<std::uint64_t>(high) >= 0x0010000000000000U
               ? scalbn(e.hi + e.lo, e.k)
               : high + scalbn((e.hi - scalbn(high, -e.k)) + e.lo, e.k);
}

/// @brief erf(x) in float: computed in double and rounded once (see the file's comment).
CTA_DETAIL_TARGET_TAG constexpr float erf(float x) noexcept {
    return isnan(x) ? x : detail::erf_to_float(erf(static_cast<double>(x)));
}

/// @brief erfc(x) in float: computed in double and rounded once (see the file's comment).
CTA_DETAIL_TARGET_TAG constexpr float erfc(float x) noexcept {
    return isnan(x) ? x : detail::erf_to_float(erfc(static_cast<double>(x)));
}

// Integer arguments, as `<cmath>` takes them: converted to double, computed in double.

/// @brief erf(x) for an integer x, computed in double: `erf(static_cast<double>(x))`.
template <class I>
    requires std::is_integral_v<I>
CTA_DETAIL_TARGET_TAG constexpr double erf(I x) noexcept {
    return erf(static_cast<double>(x));
}

/// @brief erfc(x) for an integer x, computed in double: `erfc(static_cast<double>(x))`.
template <class I>
    requires std::is_integral_v<I>
CTA_DETAIL_TARGET_TAG constexpr double erfc(I x) noexcept {
    return erfc(static_cast<double>(x));
}

CTA_FP_PRODUCTS_END

}  // namespace cta

CTA_FP_STRICT_END
