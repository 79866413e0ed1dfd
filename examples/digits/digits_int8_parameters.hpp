// SPDX-License-Identifier: BSL-1.0
// Written by digits_int8_calibrate (digits_int8_calibrate.cpp; `cmake --build <build dir> --target
// update_digits_int8` writes it again): the quantization of every int8 tensor of the digits classifier
// (digits_int8.hpp), calibrated on the 1,437 training images; each scale by its float bits, then its value.
// digits_int8_parameters.json holds the same for int8_reference.py.
#pragma once

#include "digits_int8.hpp"

namespace digits::int8 {

/// The quantization of every tensor of the int8 model.
inline constexpr quantization calibrated = [] {
    quantization p{};
    p.patches = {0x3b808081U, -128};  // 0.00392156886
    p.embedded = {0x3c033d1cU, -15};  // 0.00801017508
    p.positions = {0x3b97084fU, 10};  // 0.00460914476
    p.positioned = {0x3c2231a8U, 8};  // 0.00989953429
    p.epsilon = {0x33286e1aU, -128};  // 3.92156849e-08
    p.layers[0].norm1.mean = {0x3a473c08U, -23};  // 0.000760019291
    p.layers[0].norm1.squares = {0x3be69701U, -128};  // 0.00703704404
    p.layers[0].norm1.variance = {0x3a8bd048U, -128};  // 0.0010666931
    p.layers[0].norm1.shifted = {0x3a8bd199U, -128};  // 0.00106673234
    p.layers[0].norm1.rsqrt = {0x3cbdbb88U, -128};  // 0.0231607109
    p.layers[0].norm1.centered = {0x3c1ea1d9U, 10};  // 0.00968214218
    p.layers[0].norm1.normalized = {0x3cb99cadU, 5};  // 0.0226577166
    p.layers[0].norm1.scaled = {0x3cc097dcU, 4};  // 0.0235099122
    p.layers[0].norm1.outputs = {0x3cbf21d8U, 4};  // 0.0233315676
    p.layers[0].norm1.gamma = {0x3b8c0a6dU, -128};  // 0.00427370379
    p.layers[0].norm1.beta = {0x3aab989cU, 6};  // 0.00130917458
    p.layers[0].queries = {0x3c319019U, 16};  // 0.0108375782
    p.layers[0].keys = {0x3cbb7878U, -2};  // 0.0228845924
    p.layers[0].values = {0x3cca38c6U, 3};  // 0.0246852748
    p.layers[0].scores = {0x3d485db0U, -4};  // 0.0489174724
    p.layers[0].context = {0x3c824f8cU, -7};  // 0.0159070715
    p.layers[0].attention = {0x3c51597cU, -5};  // 0.0127776824
    p.layers[0].residual1 = {0x3c782187U, -2};  // 0.0151447123
    p.layers[0].norm2.mean = {0x3ac83a3cU, -26};  // 0.00152761443
    p.layers[0].norm2.squares = {0x3c7074e0U, -128};  // 0.0146763027
    p.layers[0].norm2.variance = {0x3b7664b0U, -128};  // 0.00375966355
    p.layers[0].norm2.shifted = {0x3b766558U, -128};  // 0.00375970267
    p.layers[0].norm2.rsqrt = {0x3c974f64U, -128};  // 0.0184704736
    p.layers[0].norm2.centered = {0x3c785c92U, -1};  // 0.0151587892
    p.layers[0].norm2.normalized = {0x3cc58bb6U, 2};  // 0.0241144709
    p.layers[0].norm2.scaled = {0x3cc9a755U, 8};  // 0.0246159229
    p.layers[0].norm2.outputs = {0x3ccd9297U, 5};  // 0.0250943135
    p.layers[0].norm2.gamma = {0x3b89a9d7U, -128};  // 0.00420115469
    p.layers[0].norm2.beta = {0x3a718d53U, -15};  // 0.000921447936
    p.layers[0].hidden = {0x3c1b5e72U, -128};  // 0.00948296674
    p.layers[0].feed_forward = {0x3c89b7d5U, -9};  // 0.0168112908
    p.layers[0].residual2 = {0x3cae54d6U, -8};  // 0.0212806873
    p.layers[1].norm1.mean = {0x3aeeee5fU, -20};  // 0.00182289991
    p.layers[1].norm1.squares = {0x3ced1a35U, -128};  // 0.0289431605
    p.layers[1].norm1.variance = {0x3bf35ae7U, -128};  // 0.00742660789
    p.layers[1].norm1.shifted = {0x3bf35b3bU, -128};  // 0.007426647
    p.layers[1].norm1.rsqrt = {0x3ca06b53U, -128};  // 0.0195824262
    p.layers[1].norm1.centered = {0x3ca75a43U, -6};  // 0.0204287823
    p.layers[1].norm1.normalized = {0x3ccb33d6U, -2};  // 0.0248049907
    p.layers[1].norm1.scaled = {0x3cda673dU, -5};  // 0.026660556
    p.layers[1].norm1.outputs = {0x3cdd426eU, -6};  // 0.0270092152
    p.layers[1].norm1.gamma = {0x3ba02d7fU, -128};  // 0.00488823606
    p.layers[1].norm1.beta = {0x3a3c9a3fU, -24};  // 0.000719461532
    p.layers[1].queries = {0x3c6a83ceU, 1};  // 0.0143136512
    p.layers[1].keys = {0x3d0f47ccU, -2};  // 0.0349805802
    p.layers[1].values = {0x3ce9e062U, 8};  // 0.0285493769
    p.layers[1].scores = {0x3e1ab638U, 5};  // 0.151085734
    p.layers[1].context = {0x3ccef588U, 0};  // 0.0252635628
    p.layers[1].attention = {0x3cedad47U, -14};  // 0.0290132891
    p.layers[1].residual1 = {0x3d0779acU, -10};  // 0.0330750197
    p.layers[1].norm2.mean = {0x3b7b91f4U, -3};  // 0.00383865554
    p.layers[1].norm2.squares = {0x3dae5797U, -128};  // 0.0851280019
    p.layers[1].norm2.variance = {0x3c60bf0bU, -128};  // 0.0137174232
    p.layers[1].norm2.shifted = {0x3c60bf35U, -128};  // 0.0137174623
    p.layers[1].norm2.rsqrt = {0x3c0f0943U, -128};  // 0.00873023551
    p.layers[1].norm2.centered = {0x3d07a603U, -14};  // 0.0331173055
    p.layers[1].norm2.normalized = {0x3ccb03d6U, 0};  // 0.0247821026
    p.layers[1].norm2.scaled = {0x3cdc8638U, -1};  // 0.0269194692
    p.layers[1].norm2.outputs = {0x3cd9852cU, 3};  // 0.0265527591
    p.layers[1].norm2.gamma = {0x3b9823d8U, -128};  // 0.00464294478
    p.layers[1].norm2.beta = {0x3a79e7a6U, 20};  // 0.00095331145
    p.layers[1].hidden = {0x3c7fd1acU, -128};  // 0.0156139545
    p.layers[1].feed_forward = {0x3cd5e137U, 15};  // 0.0261083674
    p.layers[1].residual2 = {0x3d27df67U, 0};  // 0.0409845375
    p.norm.mean = {0x3ba95d6bU, 3};  // 0.00516860699
    p.norm.squares = {0x3de48024U, -128};  // 0.111572534
    p.norm.variance = {0x3cb1aeb2U, -128};  // 0.0216897465
    p.norm.shifted = {0x3cb1aec7U, -128};  // 0.0216897856
    p.norm.rsqrt = {0x3c0fe144U, -128};  // 0.00878173485
    p.norm.centered = {0x3d270fd3U, -4};  // 0.0407865755
    p.norm.normalized = {0x3ccf59f4U, -4};  // 0.0253114477
    p.norm.scaled = {0x3d62991fU, -1};  // 0.0553218089
    p.norm.outputs = {0x3d625ef3U, -2};  // 0.0552663319
    p.norm.gamma = {0x3c12d7b5U, -128};  // 0.00896256138
    p.norm.beta = {0x3a9c850fU, 7};  // 0.001194151
    p.pooled = {0x3d39f776U, 1};  // 0.0454020128
    p.logits = {0x3dba47b3U, -22};  // 0.0909570679
    return p;
}();

}  // namespace digits::int8
