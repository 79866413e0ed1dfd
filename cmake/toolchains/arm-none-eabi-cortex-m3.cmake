# SPDX-License-Identifier: BSL-1.0
# Toolchain file: bare-metal Arm Cortex-M3 (ARMv7-M: no floating-point unit, no DSP extension; the soft-float ABI,
# where float and double arithmetic are libgcc's functions), GCC's arm-none-eabi compilers and newlib. Used by
# tests/embedded/quantized, run under QEMU's mps2-an385 board.
#
#   cmake -S tests/embedded/quantized -B build/m3 --toolchain cmake/toolchains/arm-none-eabi-cortex-m3.cmake
#
# The rest, shared with the Cortex-M4's file, is in arm-none-eabi-cortex-m.cmake.
set(CTA_CORTEX_M_CPU "-mcpu=cortex-m3 -mthumb -mfloat-abi=soft")
include("${CMAKE_CURRENT_LIST_DIR}/arm-none-eabi-cortex-m.cmake")
