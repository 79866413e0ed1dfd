# SPDX-License-Identifier: BSL-1.0
# Test driver of the embedded tests (cmake -P): configures and builds a bare-metal program (SOURCE_DIR, a project of
# its own) with an arm-none-eabi toolchain file in its own build tree, runs PROGRAM.elf under QEMU's board MACHINE,
# and prints "cta-embedded: exit code <n>" with QEMU's exit code (the program's, through semihosting). Prints
# "cta-embedded: skipped: ..." when a tool is missing. CXX_COMPILER, if given, compiles instead of arm-none-eabi-g++
# (which still provides newlib and links); QEMU_OPTIONS, more options for QEMU separated by spaces; FLASH_OBJECTS,
# objects (demangled names, separated by "|") that must be in read-only memory: in the ELF's .text or .rodata
# (arm-none-eabi-objdump -t), not in .data, which is copied to RAM at reset. BOOST_INCLUDE_DIR, if given, is passed
# as CTA_BOOST_INCLUDE_DIR (cmake/cta_boost_headers.cmake); CONFIGURE_OPTIONS, more -D options separated by "|";
# FRESH=ON empties BINARY_DIR first, so that nothing of an earlier configuration (a cache entry found then) counts.
include("${CMAKE_CURRENT_LIST_DIR}/arm_tools.cmake")
cta_skip_without_arm_tools()
if(DEFINED CXX_COMPILER AND NOT CXX_COMPILER)
  message("cta-embedded: skipped: clang++ not found (bash .ci/install-deps --all installs it)")
  return()
endif()

if(FRESH)
  file(REMOVE_RECURSE "${BINARY_DIR}")
endif()
set(configure "${CMAKE_COMMAND}" -S "${SOURCE_DIR}" -B "${BINARY_DIR}" -G "${GENERATOR}"
  "--toolchain=${TOOLCHAIN_FILE}"
  "-DCMAKE_BUILD_TYPE=${BUILD_TYPE}"
  "-DCTA_QEMU_SYSTEM_ARM=${QEMU_SYSTEM_ARM}")
if(CXX_COMPILER)
  list(APPEND configure "-DCMAKE_CXX_COMPILER=${CXX_COMPILER}" "-DCTA_ARM_NONE_EABI_GXX=${ARM_NONE_EABI_GXX}")
else()
  list(APPEND configure "-DCMAKE_CXX_COMPILER=${ARM_NONE_EABI_GXX}")
endif()
if(MAKE_PROGRAM)
  list(APPEND configure "-DCMAKE_MAKE_PROGRAM=${MAKE_PROGRAM}")
endif()
if(BOOST_INCLUDE_DIR)
  list(GET BOOST_INCLUDE_DIR 0 boost_dir)
  list(APPEND configure "-DCTA_BOOST_INCLUDE_DIR=${boost_dir}")
endif()
if(CONFIGURE_OPTIONS)
  string(REPLACE "|" ";" configure_options "${CONFIGURE_OPTIONS}")
  list(APPEND configure ${configure_options})
endif()

execute_process(COMMAND ${configure} RESULT_VARIABLE result)
if(NOT result EQUAL 0)
  message(FATAL_ERROR "cta-embedded: configuring ${SOURCE_DIR} failed (${result})")
endif()
execute_process(COMMAND "${CMAKE_COMMAND}" --build "${BINARY_DIR}" --config "${BUILD_TYPE}" RESULT_VARIABLE result)
if(NOT result EQUAL 0)
  message(FATAL_ERROR "cta-embedded: building ${SOURCE_DIR} failed (${result})")
endif()

set(elf "${BINARY_DIR}/${PROGRAM}.elf")
if(NOT EXISTS "${elf}")
  set(elf "${BINARY_DIR}/${BUILD_TYPE}/${PROGRAM}.elf")  # multi-config generators
endif()

if(FLASH_OBJECTS)
  string(REGEX REPLACE "g\\+\\+$" "objdump" objdump "${ARM_NONE_EABI_GXX}")
  execute_process(COMMAND "${objdump}" -t -C "${elf}" RESULT_VARIABLE result OUTPUT_VARIABLE symbols
                  ERROR_VARIABLE symbols)
  if(NOT result EQUAL 0)
    message(FATAL_ERROR "cta-embedded: ${objdump} -t failed:\n${symbols}")
  endif()
  string(REPLACE "|" ";" flash_objects "${FLASH_OBJECTS}")
  foreach(object IN LISTS flash_objects)
    string(REGEX MATCH "\n[0-9a-f]+ [^\n]* O (\\.[a-z_.]+)[ \t]+[0-9a-f]+ ${object}\n" line "${symbols}")
    set(section "${CMAKE_MATCH_1}")
    if(NOT line)
      message(FATAL_ERROR "cta-embedded: ${object} is not an object of ${elf}")
    endif()
    if(NOT section MATCHES "^\\.(text|rodata)")
      message(FATAL_ERROR "cta-embedded: ${object} is in ${section}, not in read-only memory")
    endif()
    message("cta-embedded: ${object} in ${section}")
  endforeach()
endif()

separate_arguments(qemu_options UNIX_COMMAND "${QEMU_OPTIONS}")
# QEMU writes the program's semihosting output to its standard error, passed through to the test's output.
execute_process(
  COMMAND "${QEMU_SYSTEM_ARM}" -M "${MACHINE}" -nographic ${qemu_options}
          -semihosting-config enable=on,target=native -kernel "${elf}"
  TIMEOUT 60
  RESULT_VARIABLE result)
message("cta-embedded: exit code ${result}")
if(NOT result EQUAL 0)
  message(FATAL_ERROR "cta-embedded: the program failed under QEMU")
endif()
