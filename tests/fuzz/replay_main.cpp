// SPDX-License-Identifier: BSL-1.0
// Runs the fuzz target (attention_fuzz.cpp) on files: each argument is a file or a directory whose files are read,
// in name order. Built with every compiler, without libFuzzer, so that the seed corpus and every input that once
// found a problem (tests/fuzz/regressions) are checked by every configuration. Exits non-zero if an argument cannot
// be read; a violated check aborts.
#include <algorithm>
#include <cstddef>
#include <cstdint>
#include <filesystem>
#include <fstream>
#include <iostream>
#include <iterator>
#include <string>
#include <vector>

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size);

namespace {

bool replay(const std::filesystem::path& file) {
    std::ifstream in(file, std::ios::binary);
    if (!in) return false;
    const std::vector<char> bytes((std::istreambuf_iterator<char>(in)), std::istreambuf_iterator<char>());
    std::vector<std::uint8_t> data(bytes.size());
    std::transform(bytes.begin(), bytes.end(), data.begin(), [](char c) { return static_cast<std::uint8_t>(c); });
    LLVMFuzzerTestOneInput(data.data(), data.size());
    return true;
}

}  // namespace

int main(int argc, char** argv) {
    std::size_t count = 0;
    for (int a = 1; a < argc; ++a) {
        const std::filesystem::path path(argv[a]);
        std::vector<std::filesystem::path> files;
        if (std::filesystem::is_directory(path)) {
            for (const auto& entry : std::filesystem::directory_iterator(path)) {
                if (entry.is_regular_file() && entry.path().filename().string().front() != '.') {
                    files.push_back(entry.path());
                }
            }
            std::sort(files.begin(), files.end());
        } else {
            files.push_back(path);
        }
        for (const auto& file : files) {
            if (!replay(file)) {
                std::cerr << "cannot read " << file << '\n';
                return 1;
            }
            ++count;
        }
    }
    std::cout << "replayed " << count << " inputs\n";
    return 0;
}
