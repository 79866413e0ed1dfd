// SPDX-License-Identifier: BSL-1.0
// Startup for the Cortex-M4 of QEMU's mps2-an386 board (and the Cortex-M3 of mps2-an385, whose memory is the same,
// for tests/embedded/quantized): the vector table, and Reset_Handler, which enables the FPU where the core has one,
// copies .data from its load address, zeroes .bss, runs the static constructors, calls main and ends the run with
// main's result as the exit code. The symbols come from mps2-an386.ld.
#include <cstdint>

#include "semihosting.hpp"

extern "C" {
// Compiled freestanding (see CMakeLists.txt), this file may call main like any function; main.cpp defines it.
int main();
extern std::uint32_t __data_load[];
extern std::uint32_t __data_start[];
extern std::uint32_t __data_end[];
extern std::uint32_t __bss_start[];
extern std::uint32_t __bss_end[];
extern char __stack_top[];
using constructor = void (*)();
extern constructor __preinit_array_start[];
extern constructor __preinit_array_end[];
extern constructor __init_array_start[];
extern constructor __init_array_end[];

[[noreturn]] void Reset_Handler();
[[noreturn]] void Fault_Handler();
}

namespace {

#if defined(__ARM_FP)
// Coprocessor Access Control Register; CP10 and CP11 are the FPU.
constexpr std::uintptr_t cpacr_address = 0xE000ED88;
constexpr std::uint32_t cp10_cp11_full_access = 0xFU << 20;
#endif

[[noreturn, gnu::noinline]] void start() {
    for (std::uint32_t *from = __data_load, *to = __data_start; to < __data_end; ++from, ++to) *to = *from;
    for (std::uint32_t* p = __bss_start; p < __bss_end; ++p) *p = 0;
    for (constructor* c = __preinit_array_start; c < __preinit_array_end; ++c) (*c)();
    for (constructor* c = __init_array_start; c < __init_array_end; ++c) (*c)();
    semihosting::exit(main());
}

using handler = void (*)();

// The Armv7-M vector table: the initial stack pointer, then the handlers of exceptions 1 to 15. Interrupts stay
// disabled, so no interrupt vectors follow.
struct vector_table {
    const void* initial_stack_pointer;
    handler exceptions[15];
};

[[gnu::used, gnu::section(".vectors")]] const vector_table vectors{
    __stack_top,
    {
        Reset_Handler,  //  1 Reset
        Fault_Handler,  //  2 NMI
        Fault_Handler,  //  3 HardFault
        Fault_Handler,  //  4 MemManage
        Fault_Handler,  //  5 BusFault
        Fault_Handler,  //  6 UsageFault
        nullptr,        //  7 reserved
        nullptr,        //  8 reserved
        nullptr,        //  9 reserved
        nullptr,        // 10 reserved
        Fault_Handler,  // 11 SVCall
        Fault_Handler,  // 12 DebugMonitor
        nullptr,        // 13 reserved
        Fault_Handler,  // 14 PendSV
        Fault_Handler,  // 15 SysTick
    },
};

}  // namespace

// The FPU is off after reset, and any floating-point instruction faults until it is on: this function enables it
// before anything else runs (it uses no floating-point register itself) and leaves the rest to start(). A core
// without an FPU (the Cortex-M3, compiled without __ARM_FP) has no CPACR: nothing to enable.
extern "C" void Reset_Handler() {
#if defined(__ARM_FP)
    *reinterpret_cast<volatile std::uint32_t*>(cpacr_address) |= cp10_cp11_full_access;
    asm volatile("dsb\n\tisb" ::: "memory");
#endif
    start();
}

extern "C" void Fault_Handler() {
    semihosting::write("cortex-m4: unexpected exception (fault)\n");
    semihosting::exit(3);
}
