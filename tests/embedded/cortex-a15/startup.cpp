// SPDX-License-Identifier: BSL-1.0
// Startup for the Cortex-A15 of QEMU's vexpress-a15 board. QEMU starts the core at _start (the ELF's entry point,
// vexpress-a15.ld) in Arm state, in a privileged mode, with the MMU and caches off and the FPU disabled. _start
// switches to System mode (where a semihosting `svc` taken as a real exception would not overwrite the program's
// link register), sets the stack pointer and the vector base (VBAR, low vectors, exceptions taken in Arm state),
// grants full access to the FPU and NEON (CPACR: coprocessors 10 and 11), enables them (FPEXC.EN) and sets FPSCR
// to 0: FZ = 0, so the VFP keeps subnormals (IEEE 754); no default NaN; round to nearest; no trapped exceptions.
// start_program() then zeroes .bss, runs the static constructors, calls main and ends the run with main's result
// as the exit code. Any exception (undefined instruction, abort, interrupt) prints its mode and ends the run with
// exit code 3.
#include <cstdint>

#include "semihosting.hpp"

extern "C" {
// Compiled freestanding (see CMakeLists.txt), this file may call main like any function; main.cpp defines it.
int main();
extern std::uint32_t __bss_start[];
extern std::uint32_t __bss_end[];
using constructor = void (*)();
extern constructor __preinit_array_start[];
extern constructor __preinit_array_end[];
extern constructor __init_array_start[];
extern constructor __init_array_end[];

[[noreturn]] void start_program();
[[noreturn]] void unexpected_exception(std::uint32_t mode);
}

// No C++ code may run before the stack pointer is set and the FPU enabled: _start and the vector table are
// assembly. (Before `vmsr fpexc`, any floating-point or NEON instruction is undefined.)
asm(R"(
    .pushsection .text.start, "ax", %progbits
    .arm
    .global _start
    .type _start, %function
_start:
    cps     #0x1f                   @ System mode
    ldr     sp, =__stack_top
    mrc     p15, 0, r0, c1, c0, 0   @ SCTLR: V = 0 (vectors at VBAR), TE = 0 (exceptions in Arm state)
    bic     r0, r0, #(1 << 13)
    bic     r0, r0, #(1 << 30)
    mcr     p15, 0, r0, c1, c0, 0
    ldr     r0, =exception_vectors
    mcr     p15, 0, r0, c12, c0, 0  @ VBAR
    mrc     p15, 0, r0, c1, c0, 2   @ CPACR: coprocessors 10 and 11, full access
    orr     r0, r0, #(0xf << 20)
    mcr     p15, 0, r0, c1, c0, 2
    isb
    mov     r0, #(1 << 30)          @ FPEXC.EN
    vmsr    fpexc, r0
    mov     r0, #0                  @ FPSCR: FZ = 0, DN = 0, round to nearest, no trapped exceptions
    vmsr    fpscr, r0
    b       start_program
    .ltorg
    .size _start, . - _start

    .balign 32
exception_vectors:                  @ reset, undefined, SVC, prefetch abort, data abort, -, IRQ, FIQ
    .rept 8
    b       exception
    .endr
exception:
    ldr     sp, =__stack_top
    mrs     r0, cpsr
    and     r0, r0, #0x1f           @ the mode the exception was taken to
    b       unexpected_exception
    .ltorg
    .popsection
)");

extern "C" void start_program() {
    for (std::uint32_t* p = __bss_start; p < __bss_end; ++p) *p = 0;
    for (constructor* c = __preinit_array_start; c < __preinit_array_end; ++c) (*c)();
    for (constructor* c = __init_array_start; c < __init_array_end; ++c) (*c)();
    semihosting::exit(main());
}

extern "C" void unexpected_exception(std::uint32_t mode) {
    semihosting::write(mode == 0x1b   ? "cortex-a15: unexpected exception (undefined instruction)\n"
                       : mode == 0x17 ? "cortex-a15: unexpected exception (abort)\n"
                       : mode == 0x12 ? "cortex-a15: unexpected exception (IRQ)\n"
                       : mode == 0x11 ? "cortex-a15: unexpected exception (FIQ)\n"
                                      : "cortex-a15: unexpected exception\n");
    semihosting::exit(3);
}
