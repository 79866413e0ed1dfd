# SPDX-License-Identifier: BSL-1.0
# Toolchain file: bare-metal Arm Cortex-M4 with FPU (ARMv7E-M, single-precision FPv4, hard-float ABI), GCC's
# arm-none-eabi compilers and newlib. Used by the preset cortex-m4 and by examples/cortex-m4.
#
#   cmake -S examples/cortex-m4 -B build/m4 --toolchain cmake/toolchains/arm-none-eabi-cortex-m4.cmake
#
# The compilers are looked up on PATH; pass -DCMAKE_CXX_COMPILER=/path/to/arm-none-eabi-g++ (and the C compiler
# likewise) to use another installation.
set(CMAKE_SYSTEM_NAME Generic)
set(CMAKE_SYSTEM_PROCESSOR arm)

if(NOT CMAKE_C_COMPILER)
  set(CMAKE_C_COMPILER arm-none-eabi-gcc)
endif()
if(NOT CMAKE_CXX_COMPILER)
  set(CMAKE_CXX_COMPILER arm-none-eabi-g++)
endif()
if(NOT CMAKE_ASM_COMPILER)
  set(CMAKE_ASM_COMPILER "${CMAKE_C_COMPILER}")
endif()

# There is no operating system to link a test executable for: the compiler checks build static libraries.
set(CMAKE_TRY_COMPILE_TARGET_TYPE STATIC_LIBRARY)

set(_cta_m4_cpu "-mcpu=cortex-m4 -mthumb -mfloat-abi=hard -mfpu=fpv4-sp-d16")
# Every function and object in a section of its own, so that the linker's --gc-sections drops what is not used.
set(_cta_m4_sections "-ffunction-sections -fdata-sections")
set(CMAKE_C_FLAGS_INIT "${_cta_m4_cpu} ${_cta_m4_sections}")
set(CMAKE_CXX_FLAGS_INIT "${_cta_m4_cpu} ${_cta_m4_sections} -fno-exceptions -fno-rtti")
set(CMAKE_ASM_FLAGS_INIT "${_cta_m4_cpu}")
# newlib-nano, and libnosys's stubs in place of the system calls: no operating system, no semihosting library
# (a program that prints does its own semihosting calls, as examples/cortex-m4 does).
set(CMAKE_EXE_LINKER_FLAGS_INIT "--specs=nano.specs --specs=nosys.specs -Wl,--gc-sections")
unset(_cta_m4_cpu)
unset(_cta_m4_sections)

# find_* calls look for headers, libraries and packages only in the toolchain's target tree (newlib's include/ and
# lib/, the directory above the libc.a the compiler links), and for programs only on the host. Nothing of the host's
# /usr/include or /usr/lib is found by accident.
if(NOT CTA_ARM_NONE_EABI_ROOT)
  execute_process(COMMAND "${CMAKE_CXX_COMPILER}" -print-file-name=libc.a
    OUTPUT_VARIABLE _cta_m4_libc OUTPUT_STRIP_TRAILING_WHITESPACE ERROR_QUIET)
  if(IS_ABSOLUTE "${_cta_m4_libc}" AND EXISTS "${_cta_m4_libc}")
    cmake_path(NORMAL_PATH _cta_m4_libc)
    cmake_path(GET _cta_m4_libc PARENT_PATH _cta_m4_lib)
    cmake_path(GET _cta_m4_lib PARENT_PATH CTA_ARM_NONE_EABI_ROOT)
  endif()
  unset(_cta_m4_libc)
  unset(_cta_m4_lib)
endif()
set(CMAKE_FIND_ROOT_PATH "${CTA_ARM_NONE_EABI_ROOT}")
set(CMAKE_FIND_ROOT_PATH_MODE_PROGRAM NEVER)
set(CMAKE_FIND_ROOT_PATH_MODE_LIBRARY ONLY)
set(CMAKE_FIND_ROOT_PATH_MODE_INCLUDE ONLY)
set(CMAKE_FIND_ROOT_PATH_MODE_PACKAGE ONLY)
