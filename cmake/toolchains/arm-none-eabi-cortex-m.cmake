# SPDX-License-Identifier: BSL-1.0
# What the Cortex-M toolchain files (arm-none-eabi-cortex-m3.cmake, arm-none-eabi-cortex-m4.cmake) share, included by
# them after they set CTA_CORTEX_M_CPU to the core's flags: GCC's arm-none-eabi compilers and newlib, the flags of
# every language, the linker's, and the search roots.
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

# Every function and object in a section of its own, so that the linker's --gc-sections drops what is not used.
set(_cta_cortex_m_sections "-ffunction-sections -fdata-sections")
set(CMAKE_C_FLAGS_INIT "${CTA_CORTEX_M_CPU} ${_cta_cortex_m_sections}")
set(CMAKE_CXX_FLAGS_INIT "${CTA_CORTEX_M_CPU} ${_cta_cortex_m_sections} -fno-exceptions -fno-rtti")
set(CMAKE_ASM_FLAGS_INIT "${CTA_CORTEX_M_CPU}")
# newlib-nano, and libnosys's stubs in place of the system calls: no operating system, no semihosting library
# (a program that prints does its own semihosting calls, as examples/cortex-m4 does).
set(CMAKE_EXE_LINKER_FLAGS_INIT "--specs=nano.specs --specs=nosys.specs -Wl,--gc-sections")
unset(_cta_cortex_m_sections)

# find_* calls look for headers, libraries and packages only in the toolchain's target tree (newlib's include/ and
# lib/, the directory above the libc.a the compiler links), and for programs only on the host. Nothing of the host's
# /usr/include or /usr/lib is found by accident.
if(NOT CTA_ARM_NONE_EABI_ROOT)
  execute_process(COMMAND "${CMAKE_CXX_COMPILER}" -print-file-name=libc.a
    OUTPUT_VARIABLE _cta_cortex_m_libc OUTPUT_STRIP_TRAILING_WHITESPACE ERROR_QUIET)
  if(IS_ABSOLUTE "${_cta_cortex_m_libc}" AND EXISTS "${_cta_cortex_m_libc}")
    cmake_path(NORMAL_PATH _cta_cortex_m_libc)
    cmake_path(GET _cta_cortex_m_libc PARENT_PATH _cta_cortex_m_lib)
    cmake_path(GET _cta_cortex_m_lib PARENT_PATH CTA_ARM_NONE_EABI_ROOT)
  endif()
  unset(_cta_cortex_m_libc)
  unset(_cta_cortex_m_lib)
endif()
set(CMAKE_FIND_ROOT_PATH "${CTA_ARM_NONE_EABI_ROOT}")
set(CMAKE_FIND_ROOT_PATH_MODE_PROGRAM NEVER)
set(CMAKE_FIND_ROOT_PATH_MODE_LIBRARY ONLY)
set(CMAKE_FIND_ROOT_PATH_MODE_INCLUDE ONLY)
set(CMAKE_FIND_ROOT_PATH_MODE_PACKAGE ONLY)
