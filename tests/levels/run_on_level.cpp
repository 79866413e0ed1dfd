// SPDX-License-Identifier: BSL-1.0
// Runs a program built for an x86-64 micro-architecture level (-march=x86-64-v2, -v3, -v4) if this processor and
// its operating system have every feature of that level, and otherwise says so and exits with 77, which CTest
// reports as a skipped test (SKIP_RETURN_CODE). So every machine compiles the code of every vector width, and runs
// what its processor can run; no test fails for lack of an instruction set.
//
//   cta_run_on_level x86-64-v4 <program> [arguments...]   runs the program (exec) or exits with 77
//   cta_run_on_level --list                               prints each level and whether this machine has it
//
// The features are those of the x86-64 psABI's levels, read with CPUID; the vector registers' state must also be
// enabled by the operating system (XCR0), as AVX and AVX-512 instructions fault without it. Built with GCC, --list
// also compares the answer with GCC's own __builtin_cpu_supports("x86-64-vN") and fails if they disagree.
#include <cpuid.h>
#include <unistd.h>

#include <cstdint>
#include <cstdio>
#include <cstring>
#include <initializer_list>

namespace {

struct feature {
    const char* name;
    bool present;
};

struct registers {
    unsigned a = 0, b = 0, c = 0, d = 0;
};

registers cpuid(unsigned leaf, unsigned subleaf = 0) {
    registers r;
    if (__get_cpuid_count(leaf, subleaf, &r.a, &r.b, &r.c, &r.d) == 0) r = registers{};
    return r;
}

bool bit(unsigned word, int n) { return ((word >> n) & 1U) != 0; }

/// XCR0: which register states the operating system saves (bit 1 SSE, 2 AVX, 5-7 AVX-512's opmask and zmm).
std::uint64_t xcr0(bool osxsave) {
    if (!osxsave) return 0;
    unsigned lo = 0, hi = 0;
    __asm__ volatile("xgetbv" : "=a"(lo), "=d"(hi) : "c"(0));
    return (static_cast<std::uint64_t>(hi) << 32) | lo;
}

/// The features of a level that this machine lacks, written into `missing`; false for an unknown level.
bool check_level(const char* level, char* missing, std::size_t size) {
    const registers l1 = cpuid(1), l7 = cpuid(7, 0), ext = cpuid(0x80000001U);
    const std::uint64_t state = xcr0(bit(l1.c, 27));
    const feature v2[] = {{"cx16", bit(l1.c, 13)},   {"lahf_lm", bit(ext.c, 0)}, {"popcnt", bit(l1.c, 23)},
                          {"sse3", bit(l1.c, 0)},    {"sse4_1", bit(l1.c, 19)},  {"sse4_2", bit(l1.c, 20)},
                          {"ssse3", bit(l1.c, 9)}};
    const feature v3[] = {{"avx", bit(l1.c, 28)},       {"avx2", bit(l7.b, 5)},     {"bmi1", bit(l7.b, 3)},
                          {"bmi2", bit(l7.b, 8)},       {"f16c", bit(l1.c, 29)},    {"fma", bit(l1.c, 12)},
                          {"lzcnt", bit(ext.c, 5)},     {"movbe", bit(l1.c, 22)},   {"osxsave", bit(l1.c, 27)},
                          {"os:ymm", (state & 0x6) == 0x6}};
    const feature v4[] = {{"avx512f", bit(l7.b, 16)},  {"avx512bw", bit(l7.b, 30)}, {"avx512cd", bit(l7.b, 28)},
                          {"avx512dq", bit(l7.b, 17)}, {"avx512vl", bit(l7.b, 31)},
                          {"os:zmm", (state & 0xE6) == 0xE6}};
    int depth = 0;
    if (std::strcmp(level, "x86-64-v2") == 0) depth = 2;
    if (std::strcmp(level, "x86-64-v3") == 0) depth = 3;
    if (std::strcmp(level, "x86-64-v4") == 0) depth = 4;
    if (depth == 0) return false;
    missing[0] = '\0';
    const auto add = [&](const auto& features) {
        for (const feature& f : features) {
            if (f.present) continue;
            if (missing[0] != '\0') std::strncat(missing, " ", size - std::strlen(missing) - 1);
            std::strncat(missing, f.name, size - std::strlen(missing) - 1);
        }
    };
    add(v2);
    if (depth >= 3) add(v3);
    if (depth >= 4) add(v4);
    return true;
}

int list() {
    int status = 0;
    for (const char* level : {"x86-64-v2", "x86-64-v3", "x86-64-v4"}) {
        char missing[256];
        check_level(level, missing, sizeof missing);
        const bool has = missing[0] == '\0';
        std::printf("%s: %s%s%s\n", level, has ? "yes" : "no (missing: ", missing, has ? "" : ")");
#if defined(__GNUC__) && !defined(__clang__) && __GNUC__ >= 12
        // GCC's own answer, from libgcc's cpuinfo, for the same levels.
        __builtin_cpu_init();
        const bool gcc_has = std::strcmp(level, "x86-64-v2") == 0   ? __builtin_cpu_supports("x86-64-v2")
                             : std::strcmp(level, "x86-64-v3") == 0 ? __builtin_cpu_supports("x86-64-v3")
                                                                    : __builtin_cpu_supports("x86-64-v4");
        if (gcc_has != has) {
            std::printf("%s: __builtin_cpu_supports says %s: the two disagree\n", level, gcc_has ? "yes" : "no");
            status = 1;
        }
#endif
    }
    return status;
}

}  // namespace

int main(int argc, char** argv) {
    if (argc == 2 && std::strcmp(argv[1], "--list") == 0) return list();
    char missing[256];
    if (argc < 3 || !check_level(argv[1], missing, sizeof missing)) {
        std::fprintf(stderr, "usage: cta_run_on_level x86-64-v2|x86-64-v3|x86-64-v4 <program> [arguments...]\n"
                             "       cta_run_on_level --list\n");
        return 2;
    }
    if (missing[0] != '\0') {
        std::printf("skipped: this processor is not %s (missing: %s)\n", argv[1], missing);
        return 77;
    }
    std::printf("%s: this processor has every feature of the level; running %s\n", argv[1], argv[2]);
    std::fflush(stdout);
    execv(argv[2], argv + 2);
    std::perror("cta_run_on_level: exec");
    return 2;
}
