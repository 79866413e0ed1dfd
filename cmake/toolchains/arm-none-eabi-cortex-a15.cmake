# SPDX-License-Identifier: BSL-1.0
# Toolchain file: bare-metal Arm Cortex-A15 (ARMv7-A with VFPv4 and NEON, hard-float ABI, Arm state), newlib from
# GCC's arm-none-eabi toolchain. Used by tests/embedded/cortex-a15 (the tests embedded.cortex_a15 and
# embedded.cortex_a15_clang).
#
#   cmake -S tests/embedded/cortex-a15 -B build/a15 --toolchain cmake/toolchains/arm-none-eabi-cortex-a15.cmake \
#     -DCMAKE_BUILD_TYPE=Release
#
# The compiler is arm-none-eabi-g++ from PATH, or the one given with -DCMAKE_CXX_COMPILER. A Clang given there
# (a name containing "clang") compiles for --target=armv7a-none-eabihf with the headers of arm-none-eabi-g++'s
# newlib and libstdc++, and arm-none-eabi-g++ links (Clang's bare-metal driver would look for libraries that this
# toolchain does not have); -DCTA_ARM_NONE_EABI_GXX=/path/to/arm-none-eabi-g++ names another one.
set(CMAKE_SYSTEM_NAME Generic)
set(CMAKE_SYSTEM_PROCESSOR arm)

if(NOT CMAKE_CXX_COMPILER)
  set(CMAKE_CXX_COMPILER arm-none-eabi-g++)
endif()
if(NOT CTA_ARM_NONE_EABI_GXX)
  if(CMAKE_CXX_COMPILER MATCHES "clang")
    set(CTA_ARM_NONE_EABI_GXX arm-none-eabi-g++)
  else()
    set(CTA_ARM_NONE_EABI_GXX "${CMAKE_CXX_COMPILER}")
  endif()
endif()
# The compiler checks build static libraries (there is no operating system to link a test executable for), in
# projects of their own that see the variables listed here.
set(CMAKE_TRY_COMPILE_TARGET_TYPE STATIC_LIBRARY)
list(APPEND CMAKE_TRY_COMPILE_PLATFORM_VARIABLES CTA_ARM_NONE_EABI_GXX CTA_ARM_NONE_EABI_ROOT)

set(_cta_a15_cpu "-mcpu=cortex-a15 -mfpu=neon-vfpv4 -mfloat-abi=hard -marm")
# The program leaves the MMU off, so that all memory is Strongly-ordered, where unaligned accesses fault: the
# compiler makes none. Every function and object in a section of its own, for the linker's --gc-sections.
set(_cta_a15_flags "${_cta_a15_cpu} -mno-unaligned-access -ffunction-sections -fdata-sections")

# arm-none-eabi-g++'s tree: <root>/lib/libc.a, <root>/include (newlib), <root>/include/c++/<version> (libstdc++).
if(NOT CTA_ARM_NONE_EABI_ROOT)
  execute_process(COMMAND "${CTA_ARM_NONE_EABI_GXX}" -print-file-name=libc.a
    OUTPUT_VARIABLE _cta_a15_libc OUTPUT_STRIP_TRAILING_WHITESPACE ERROR_QUIET)
  if(IS_ABSOLUTE "${_cta_a15_libc}" AND EXISTS "${_cta_a15_libc}")
    cmake_path(NORMAL_PATH _cta_a15_libc)
    cmake_path(GET _cta_a15_libc PARENT_PATH _cta_a15_lib)
    cmake_path(GET _cta_a15_lib PARENT_PATH CTA_ARM_NONE_EABI_ROOT)
  endif()
  unset(_cta_a15_libc)
  unset(_cta_a15_lib)
endif()

if(CMAKE_CXX_COMPILER MATCHES "clang")
  # Clang finds newlib's headers from --sysroot=<root>; libstdc++'s are named here (Clang 14 would find
  # <root>/include/c++/<version> too, newer ones look for libc++), with the multilib directory of these flags, which
  # holds bits/c++config.h. -nostdinc++ keeps out the host's libc++ headers, which a newer Clang puts first on the
  # path where they are installed (libc++-22-dev for clang++-22), and whose <cstddef> stops with "No thread API".
  separate_arguments(_cta_a15_cpu_list UNIX_COMMAND "${_cta_a15_cpu}")
  execute_process(COMMAND "${CTA_ARM_NONE_EABI_GXX}" ${_cta_a15_cpu_list} -print-multi-directory
    OUTPUT_VARIABLE _cta_a15_multilib OUTPUT_STRIP_TRAILING_WHITESPACE ERROR_QUIET)
  execute_process(COMMAND "${CTA_ARM_NONE_EABI_GXX}" -dumpfullversion
    OUTPUT_VARIABLE _cta_a15_version OUTPUT_STRIP_TRAILING_WHITESPACE ERROR_QUIET)
  set(_cta_a15_cxx "${CTA_ARM_NONE_EABI_ROOT}/include/c++/${_cta_a15_version}")
  set(_cta_a15_config "${_cta_a15_cxx}/arm-none-eabi/${_cta_a15_multilib}")
  if(NOT CTA_ARM_NONE_EABI_ROOT OR NOT EXISTS "${_cta_a15_config}/bits/c++config.h")
    message(FATAL_ERROR "Clang for the Cortex-A15 needs arm-none-eabi-g++'s newlib and libstdc++: "
      "${CTA_ARM_NONE_EABI_GXX} gave none (set CTA_ARM_NONE_EABI_GXX)")
  endif()
  set(CMAKE_CXX_COMPILER_TARGET armv7a-none-eabihf)
  set(CMAKE_SYSROOT "${CTA_ARM_NONE_EABI_ROOT}")
  # -fshort-enums: the enums of arm-none-eabi's ABI, which newlib and libgcc are built with, as GCC has them.
  string(APPEND _cta_a15_flags " -nostdinc++ -isystem ${_cta_a15_cxx} -isystem ${_cta_a15_config} -fshort-enums")
  # Clang's code calls newlib's __aeabi_memclr, whose object has no .note.GNU-stack section; without -z noexecstack
  # the linker warns that the stack is executable (which means nothing without an MMU).
  set(_cta_a15_link_flags "-Wl,-z,noexecstack")
  set(CMAKE_CXX_LINK_EXECUTABLE
    "\"${CTA_ARM_NONE_EABI_GXX}\" ${_cta_a15_cpu} <CMAKE_CXX_LINK_FLAGS> <LINK_FLAGS> <OBJECTS> -o <TARGET> <LINK_LIBRARIES>")
  unset(_cta_a15_cpu_list)
  unset(_cta_a15_multilib)
  unset(_cta_a15_version)
  unset(_cta_a15_cxx)
  unset(_cta_a15_config)
endif()

set(CMAKE_CXX_FLAGS_INIT "${_cta_a15_flags} -fno-exceptions -fno-rtti")
# newlib-nano, and libnosys's stubs in place of the system calls (the program does its own semihosting calls).
set(CMAKE_EXE_LINKER_FLAGS_INIT "--specs=nano.specs --specs=nosys.specs -Wl,--gc-sections ${_cta_a15_link_flags}")
unset(_cta_a15_cpu)
unset(_cta_a15_flags)
unset(_cta_a15_link_flags)

# find_* calls look for headers, libraries and packages only in the toolchain's tree, and for programs only on the
# host.
set(CMAKE_FIND_ROOT_PATH "${CTA_ARM_NONE_EABI_ROOT}")
set(CMAKE_FIND_ROOT_PATH_MODE_PROGRAM NEVER)
set(CMAKE_FIND_ROOT_PATH_MODE_LIBRARY ONLY)
set(CMAKE_FIND_ROOT_PATH_MODE_INCLUDE ONLY)
set(CMAKE_FIND_ROOT_PATH_MODE_PACKAGE ONLY)
