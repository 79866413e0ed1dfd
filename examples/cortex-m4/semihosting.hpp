// SPDX-License-Identifier: BSL-1.0
// Arm semihosting: the program asks the debugger (here QEMU, run with -semihosting-config enable=on) to print and
// to end the run. The operation goes in r0 and its argument in r1; the request is `bkpt 0xab` on M-profile cores
// (examples/cortex-m4), `svc 0x123456` on A- and R-profile cores in Arm state (tests/embedded/cortex-a15), and
// `svc 0xab` in Thumb state. (An A-profile program makes its requests in System mode, where a real SVC exception,
// taken to Supervisor mode, would not overwrite its link register.)
#pragma once

#include <cstdint>

namespace semihosting {

inline constexpr int sys_write0 = 0x04;         // print a NUL-terminated string
inline constexpr int sys_get_cmdline = 0x15;    // the command line (QEMU: -semihosting-config arg=...)
inline constexpr int sys_exit_extended = 0x20;  // end the run with an exit code
inline constexpr std::uint32_t adp_stopped_application_exit = 0x20026;

inline int call(int operation, const void* argument) noexcept {
    int result;
    asm volatile("mov r0, %[operation]\n\t"
                 "mov r1, %[argument]\n\t"
#if defined(__ARM_ARCH_PROFILE) && __ARM_ARCH_PROFILE == 'M'
                 "bkpt 0xab\n\t"
#elif defined(__thumb__)
                 "svc 0xab\n\t"
#else
                 "svc 0x123456\n\t"
#endif
                 "mov %[result], r0"
                 : [result] "=r"(result)
                 : [operation] "r"(operation), [argument] "r"(argument)
                 : "r0", "r1", "memory");
    return result;
}

/// Prints `text` on the host (QEMU writes it to its standard error, or to the semihosting chardev if one is given).
inline void write(const char* text) noexcept { call(sys_write0, text); }

/// Writes the command line that QEMU was given (`-semihosting-config enable=on,arg=<word>,...`: the words joined
/// by spaces), NUL-terminated, into `buffer` of `size` bytes. Returns false if there is none or it does not fit.
inline bool command_line(char* buffer, std::uint32_t size) noexcept {
    std::uint32_t block[2] = {static_cast<std::uint32_t>(reinterpret_cast<std::uintptr_t>(buffer)), size};
    return call(sys_get_cmdline, block) == 0;
}

/// Ends the run: QEMU exits with `code` as its exit status.
[[noreturn]] inline void exit(int code) noexcept {
    const std::uint32_t block[2] = {adp_stopped_application_exit, static_cast<std::uint32_t>(code)};
    call(sys_exit_extended, block);
    for (;;) {
    }
}

}  // namespace semihosting
