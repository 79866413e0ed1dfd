# SPDX-License-Identifier: BSL-1.0
# Toolchain file: bare-metal Arm Cortex-M4 with FPU (ARMv7E-M, with the DSP extension, single-precision FPv4,
# hard-float ABI), GCC's arm-none-eabi compilers and newlib. Used by the preset cortex-m4, by examples/cortex-m4 and
# by tests/embedded/quantized.
#
#   cmake -S examples/cortex-m4 -B build/m4 --toolchain cmake/toolchains/arm-none-eabi-cortex-m4.cmake
#
# The rest, shared with the Cortex-M3's file, is in arm-none-eabi-cortex-m.cmake.
set(CTA_CORTEX_M_CPU "-mcpu=cortex-m4 -mthumb -mfloat-abi=hard -mfpu=fpv4-sp-d16")
include("${CMAKE_CURRENT_LIST_DIR}/arm-none-eabi-cortex-m.cmake")
