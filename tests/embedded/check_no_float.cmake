# SPDX-License-Identifier: BSL-1.0
# A program with no floating-point arithmetic at run time (cmake -P): builds the firmware of SOURCE_DIR
# (tests/embedded/quantized, or tests/embedded/digits_int8) with the toolchain file (cta_build_firmware,
# firmware.cmake) in BINARY_DIR and reads its ELF file, PROGRAM.elf (cta_quantized.elf unless given), which must have
#   - no function of libgcc's software floating point (arm-none-eabi-nm): __aeabi_d* and __aeabi_f* (double and float
#     arithmetic, comparisons, conversions), __aeabi_[u]i2f/d and __aeabi_[u]l2f/d, __aeabi_cdcmp* and __aeabi_cfcmp*,
#     and GCC's own names of the same (__adddf3, __mulsf3, __floatsidf, __fixdfsi, __extendsfdf2, __eqdf2, ...);
#   - no instruction of the floating-point unit (arm-none-eabi-objdump -d): every VFP instruction's mnemonic starts
#     with "v" (vadd, vmul, vmov, vldr, vstr, vpush, vcvt, vmrs, ...), and no other Thumb instruction's does.
# Each finding is printed, and the check fails if there is one. With PROBE=ON the program is built with its option
# PROBE_OPTION=ON (CTA_QUANTIZED_FLOAT_PROBE unless given: a float product at run time; PROBE_WHAT, what the probe
# computes in float, "float product" unless given) and the check must find it: the script fails if it finds nothing
# (the tests embedded.quantized.no_float.*.detects_float, embedded.digits_int8.no_float.cortex_m3.detects_float).
# CONFIGURE_OPTIONS: more -D options for the program's configuration, separated by "|".
# Prints "cta-embedded: skipped: ..." when arm-none-eabi-g++ is missing.
#   ARM_NONE_EABI_GXX, SOURCE_DIR, TOOLCHAIN_FILE, BINARY_DIR, BUILD_TYPE, GENERATOR, MAKE_PROGRAM, PROBE, PROGRAM,
#   PROBE_OPTION, PROBE_WHAT, CONFIGURE_OPTIONS
cmake_minimum_required(VERSION 3.25)
if(NOT ARM_NONE_EABI_GXX)
  message("cta-embedded: skipped: arm-none-eabi-g++ not found (bash .ci/install-deps --all installs it)")
  return()
endif()
include("${CMAKE_CURRENT_LIST_DIR}/firmware.cmake")
if(NOT PROGRAM)
  set(PROGRAM cta_quantized)
endif()
if(NOT PROBE_OPTION)
  set(PROBE_OPTION CTA_QUANTIZED_FLOAT_PROBE)
endif()
if(NOT PROBE_WHAT)
  set(PROBE_WHAT "float product")
endif()
if(PROBE)
  set(probe_option -D${PROBE_OPTION}=ON)
else()
  set(probe_option -D${PROBE_OPTION}=OFF)
endif()
string(REPLACE "|" ";" configure_options "${CONFIGURE_OPTIONS}")
cta_build_firmware("${SOURCE_DIR}" "${TOOLCHAIN_FILE}" "${BINARY_DIR}" "${BUILD_TYPE}" ${probe_option}
                   ${configure_options})
set(elf "${BINARY_DIR}/${PROGRAM}.elf")
string(REGEX REPLACE "g\\+\\+$" "" prefix "${ARM_NONE_EABI_GXX}")

set(findings "")
execute_process(COMMAND "${prefix}nm" "${elf}" RESULT_VARIABLE result OUTPUT_VARIABLE symbols ERROR_VARIABLE symbols)
if(NOT result EQUAL 0)
  message(FATAL_ERROR "${prefix}nm ${elf} failed:\n${symbols}")
endif()
string(CONCAT soft_float
  "^__(aeabi_([df][a-z0-9]*|u?[il]2[df]|c[df]r?cmp[a-z]*)"
  "|(add|sub|mul|div|neg)[sdtx]f3|(eq|ne|lt|le|gt|ge|unord|cmp)[sdtx]f2|(extend|trunc)[sdtx]f[sdtx]f2"
  "|fix(uns)?[sdtx]f[sdt]i|float(un)?[sdt]i[sdtx]f)$")
string(REPLACE "\n" ";" lines "${symbols}")
foreach(line IN LISTS lines)
  if(line MATCHES "^[0-9a-f]* *[A-Za-z] (.*)$")
    set(name "${CMAKE_MATCH_1}")
    if(name MATCHES "${soft_float}")
      list(APPEND findings "software floating point: ${name}")
    endif()
  endif()
endforeach()

execute_process(COMMAND "${prefix}objdump" -d --no-show-raw-insn "${elf}" RESULT_VARIABLE result
                OUTPUT_VARIABLE code ERROR_VARIABLE code)
if(NOT result EQUAL 0)
  message(FATAL_ERROR "${prefix}objdump -d ${elf} failed:\n${code}")
endif()
# A mnemonic, "v" and lower-case letters, with its suffixes (".f32"), then its operands; constants kept in the code
# section are printed as their bytes in text, which never take that form.
string(REGEX MATCHALL "\n *[0-9a-f]+:\tv[a-z]+(\\.[a-z0-9]+)*[ \t][^\n]*" instructions "${code}")
foreach(instruction IN LISTS instructions)
  string(STRIP "${instruction}" instruction)
  string(REPLACE "\t" " " instruction "${instruction}")
  list(APPEND findings "floating-point instruction: ${instruction}")
endforeach()

list(LENGTH findings count)
list(JOIN findings "\n  " listed)
if(PROBE)
  if(count EQUAL 0)
    message(FATAL_ERROR "cta-embedded: the check found no floating point in ${elf}, built with a ${PROBE_WHAT}")
  endif()
  message("cta-embedded: the check finds the ${PROBE_WHAT} of the probe (${count} findings):\n  ${listed}")
  return()
endif()
if(count GREATER 0)
  message(FATAL_ERROR "cta-embedded: ${elf} has floating point at run time (${count} findings):\n  ${listed}")
endif()
message("cta-embedded: ${elf}: no function of libgcc's software floating point, no instruction of the FPU")
