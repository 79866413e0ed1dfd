// SPDX-License-Identifier: BSL-1.0
// Counts the instructions that a bare-metal program executed between two marker functions, from QEMU's log of the
// translation blocks it translated and executed (qemu-system-arm -d in_asm,exec,nochain):
// - each block, when translated: "IN: <symbol>", a line "0x<address>:  <encoding>  <instruction>" for each of its
//   instructions, and an empty line;
// - each execution of a block: "Trace 0: 0x<host> [<base>/<pc>/<flags>/<cflags>] <symbol>", where <host> is the
//   block's translated code, which names it (with nochain every execution is logged, none is chained to the last);
//   a block is executed right after it is translated, so the first execution that follows its "IN:" lines is its.
// A block is a run of instructions that ends at a branch: the instructions executed are the sum, over the blocks
// executed, of their instructions (an instruction that an IT block skips counts, as a processor retires it).
//
//   count_instructions <begin> <end> [<symbols>] < log   (the addresses in hexadecimal, as arm-none-eabi-nm prints
//                                                         them)
//
// For each execution of the block at <begin> (the first marker's entry, a function that returns at once), the
// instructions of the blocks executed after it up to the block at <end> (the second marker's entry) are counted,
// and the count is printed on a line of its own. With <symbols>, a file of the program's functions as
// `arm-none-eabi-nm -S --defined-only` lists them ("<address> <size> <type> <name>", types t, T, w and W), the line
// holds a second number after the count: the bytes of the functions whose code those blocks ran, each function
// counted once (a block belongs to the function whose bytes hold its first instruction), except the caller's: the
// function of the first block after <begin>, the one that called the markers. Exit code 1 on a malformed argument, an execution of a block not
// translated before, or a <begin> without its <end>, or a <symbols> file that cannot be read. Used by
// tests/embedded/quantized_figures.cmake and tests/embedded/attention_figures.cmake.
#include <cstdint>
#include <cstdlib>
#include <fstream>
#include <iostream>
#include <map>
#include <set>
#include <sstream>
#include <string>
#include <unordered_map>

namespace {

/// The address in `text` (hexadecimal, an optional 0x), with the Thumb bit cleared; false if it is not one.
bool parse_address(const std::string& text, std::uint64_t& address) {
    if (text.empty()) return false;
    char* end = nullptr;
    address = std::strtoull(text.c_str(), &end, 16);
    address &= ~std::uint64_t{1};
    return end != nullptr && *end == '\0';
}

/// The host address and the pc of an execution line, `Trace 0: 0x<host> [<base>/<pc>/...`; false for another line.
bool execution(const std::string& line, std::string& host, std::uint64_t& pc) {
    if (line.rfind("Trace ", 0) != 0) return false;
    const auto open = line.find('[');
    const auto at = line.find(": ");
    if (open == std::string::npos || at == std::string::npos || at > open) return false;
    host = line.substr(at + 2, open - at - 2);
    const auto first = line.find('/', open);
    if (first == std::string::npos) return false;
    const auto second = line.find('/', first + 1);
    if (second == std::string::npos) return false;
    return parse_address(line.substr(first + 1, second - first - 1), pc);
}

/// A function of the program: where its code starts and its bytes.
struct function {
    std::uint64_t start;
    std::uint64_t size;
};

/// The functions of an `nm -S --defined-only` listing, by the address of their end (one past their last byte);
/// false if the file cannot be read.
bool read_functions(const char* path, std::map<std::uint64_t, function>& functions) {
    std::ifstream in(path);
    if (!in) return false;
    std::string line;
    while (std::getline(in, line)) {
        std::istringstream fields(line);
        std::string address, size, type;
        function f{};
        if (!(fields >> address >> size >> type) || type.size() != 1 ||
            std::string("tTwW").find(type[0]) == std::string::npos || !parse_address(address, f.start))
            continue;
        char* size_end = nullptr;
        f.size = std::strtoull(size.c_str(), &size_end, 16);
        if (size_end == nullptr || *size_end != '\0' || f.size == 0) continue;
        functions[f.start + f.size] = f;
    }
    return true;
}

}  // namespace

int main(int argc, char** argv) {
    std::uint64_t begin = 0;
    std::uint64_t end = 0;
    if ((argc != 3 && argc != 4) || !parse_address(argv[1], begin) || !parse_address(argv[2], end)) {
        std::cerr << "usage: count_instructions <begin address> <end address> [<symbols>] < trace\n";
        return 1;
    }
    std::map<std::uint64_t, function> functions;  // by the end of their code
    if (argc == 4 && !read_functions(argv[3], functions)) {
        std::cerr << "count_instructions: cannot read " << argv[3] << '\n';
        return 1;
    }
    std::set<std::uint64_t> ran;  // the functions whose code the blocks between the markers ran, by their start
    std::uint64_t caller = 0;     // the start of the function that called the markers, or 0 before its first block
    bool first_block = false;
    std::ios::sync_with_stdio(false);
    std::unordered_map<std::string, std::uint64_t> block_sizes;  // by host address
    bool in_block = false;       // between "IN:" and the empty line
    std::uint64_t translated = 0;  // the instructions of the block translated last, until its first execution
    bool counting = false;
    std::uint64_t count = 0;
    std::string line;
    std::string host;
    while (std::getline(std::cin, line)) {
        if (line.rfind("IN:", 0) == 0) {
            in_block = true;
            translated = 0;
            continue;
        }
        if (in_block) {
            if (line.empty()) {
                in_block = false;
            } else if (line.rfind("0x", 0) == 0) {
                ++translated;
            }
            continue;
        }
        std::uint64_t pc = 0;
        if (!execution(line, host, pc)) continue;
        if (translated != 0) {
            block_sizes[host] = translated;
            translated = 0;
        }
        const auto block = block_sizes.find(host);
        if (block == block_sizes.end()) {
            std::cerr << "count_instructions: a block executed that was not translated: " << line << '\n';
            return 1;
        }
        if (pc == begin) {
            counting = true;
            count = 0;
            ran.clear();
            first_block = true;
        } else if (counting && pc == end) {
            std::cout << count;
            if (argc == 4) {
                std::uint64_t bytes = 0;
                for (const auto start : ran)
                    if (start != caller) bytes += functions.upper_bound(start)->second.size;
                std::cout << ' ' << bytes;
            }
            std::cout << '\n';
            counting = false;
        } else if (counting) {
            count += block->second;
            if (argc == 4) {
                // the caller's block first, then those of the call
                const auto f = functions.upper_bound(pc);
                const std::uint64_t start = f != functions.end() && f->second.start <= pc ? f->second.start : 0;
                if (first_block) caller = start;
                if (start != 0) ran.insert(start);
            }
            first_block = false;
        }
    }
    if (counting) {
        std::cerr << "count_instructions: the trace ends between the markers\n";
        return 1;
    }
    return 0;
}
