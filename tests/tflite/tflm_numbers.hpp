// SPDX-License-Identifier: BSL-1.0
// The numbers of tflm/inputs and tflm/outputs read from disk at run time (program_test.cpp, attention_test.cpp).
#pragma once

#include <fstream>
#include <string>
#include <vector>

namespace cta_test::tflite {

/// The numbers of tflm/<kind>/<model>.txt, one per word (integers, or floats by their bits in hexadecimal).
inline std::vector<long long> tflm_numbers(const std::string& kind, const std::string& model) {
    std::ifstream in(std::string(CTA_TFLITE_TFLM_DIR) + "/" + kind + "/" + model + ".txt");
    std::vector<long long> v;
    for (std::string word; in >> word;) v.push_back(std::stoll(word, nullptr, 0));
    return v;
}

}  // namespace cta_test::tflite
