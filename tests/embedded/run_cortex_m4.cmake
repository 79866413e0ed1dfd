# Test driver of embedded.cortex_m4 (cmake -P): configures and builds examples/cortex-m4 with the arm-none-eabi
# toolchain file, runs the program under QEMU, and prints "cta-embedded: exit code <n>" with QEMU's exit code (the
# program's, through semihosting). Prints "cta-embedded: skipped: ..." when a tool is missing.
if(NOT ARM_NONE_EABI_GXX)
  message("cta-embedded: skipped: arm-none-eabi-g++ not found (bash .ci/install-deps installs it)")
  return()
endif()
if(NOT QEMU_SYSTEM_ARM)
  message("cta-embedded: skipped: qemu-system-arm not found (bash .ci/install-deps installs it)")
  return()
endif()

set(configure "${CMAKE_COMMAND}" -S "${SOURCE_DIR}" -B "${BINARY_DIR}" -G "${GENERATOR}"
  "--toolchain=${TOOLCHAIN_FILE}"
  "-DCMAKE_BUILD_TYPE=MinSizeRel"
  "-DCMAKE_CXX_COMPILER=${ARM_NONE_EABI_GXX}"
  "-DCTA_QEMU_SYSTEM_ARM=${QEMU_SYSTEM_ARM}")
if(MAKE_PROGRAM)
  list(APPEND configure "-DCMAKE_MAKE_PROGRAM=${MAKE_PROGRAM}")
endif()
if(BOOST_INCLUDE_DIR)
  list(GET BOOST_INCLUDE_DIR 0 boost_dir)
  list(APPEND configure "-DCTA_HOST_BOOST_INCLUDE_DIR=${boost_dir}")
endif()

execute_process(COMMAND ${configure} RESULT_VARIABLE result)
if(NOT result EQUAL 0)
  message(FATAL_ERROR "cta-embedded: configuring examples/cortex-m4 failed (${result})")
endif()
execute_process(COMMAND "${CMAKE_COMMAND}" --build "${BINARY_DIR}" --config MinSizeRel RESULT_VARIABLE result)
if(NOT result EQUAL 0)
  message(FATAL_ERROR "cta-embedded: building examples/cortex-m4 failed (${result})")
endif()

set(elf "${BINARY_DIR}/cta_cortex_m4.elf")
if(NOT EXISTS "${elf}")
  set(elf "${BINARY_DIR}/MinSizeRel/cta_cortex_m4.elf")  # multi-config generators
endif()

# QEMU writes the program's semihosting output to its standard error, passed through to the test's output.
execute_process(
  COMMAND "${QEMU_SYSTEM_ARM}" -M mps2-an386 -nographic -semihosting-config enable=on,target=native
          -kernel "${elf}"
  TIMEOUT 60
  RESULT_VARIABLE result)
message("cta-embedded: exit code ${result}")
if(NOT result EQUAL 0)
  message(FATAL_ERROR "cta-embedded: the program failed under QEMU")
endif()
