// SPDX-License-Identifier: BSL-1.0
// What `os << value` writes, as a string, for the tests of printing to compare with the text they expect (the
// Catch2 tests here and tests/format/format_test.cpp, which has no framework).
#pragma once

#include <sstream>
#include <string>

namespace test {

template <class T>
std::string print(const T& value) {
    std::ostringstream os;
    os << value;
    return os.str();
}

}  // namespace test
