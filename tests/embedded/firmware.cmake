# SPDX-License-Identifier: BSL-1.0
# cta_build_firmware(<source dir> <toolchain file> <binary dir> <build type> [-D options...]): configures and builds a
# bare-metal program, a project of its own, with arm-none-eabi-g++ (ARM_NONE_EABI_GXX) and the toolchain file, with
# GENERATOR and MAKE_PROGRAM as the host build's; stops the script if either step fails. Included by the scripts of
# tests/embedded that read the programs they build (check_no_float.cmake, quantized_figures.cmake).
function(cta_build_firmware source toolchain dir type)
  set(configure "${CMAKE_COMMAND}" -S "${source}" -B "${dir}" -G "${GENERATOR}" "--toolchain=${toolchain}"
      "-DCMAKE_BUILD_TYPE=${type}" "-DCMAKE_CXX_COMPILER=${ARM_NONE_EABI_GXX}" ${ARGN})
  if(MAKE_PROGRAM)
    list(APPEND configure "-DCMAKE_MAKE_PROGRAM=${MAKE_PROGRAM}")
  endif()
  execute_process(COMMAND ${configure} RESULT_VARIABLE result OUTPUT_VARIABLE output ERROR_VARIABLE output)
  if(NOT result EQUAL 0)
    message(FATAL_ERROR "configuring ${source} in ${dir} failed:\n${output}")
  endif()
  execute_process(COMMAND "${CMAKE_COMMAND}" --build "${dir}" RESULT_VARIABLE result OUTPUT_VARIABLE output
                  ERROR_VARIABLE output)
  if(NOT result EQUAL 0)
    message(FATAL_ERROR "building ${source} in ${dir} failed:\n${output}")
  endif()
endfunction()

# cta_build_m4_firmware(<source dir> [-D options...]), a macro: builds the program of <source dir> for the Cortex-M4
# at -Os (MinSizeRel, the toolchain file arm-none-eabi-cortex-m4.cmake) in BINARY_DIR, and sets what measure_program
# (measure_program.cmake) reads of the core m4: m4_dir, m4_name, m4_machine (mps2-an386), and prefix, the cross
# tools' prefix. Used by the scripts that measure a Cortex-M4 program (attention_figures.cmake, digits_figures.cmake).
macro(cta_build_m4_firmware source)
  string(REGEX REPLACE "g\\+\\+$" "" prefix "${ARM_NONE_EABI_GXX}")
  set(m4_dir "${BINARY_DIR}")
  set(m4_name "Cortex-M4")
  set(m4_machine mps2-an386)
  cta_build_firmware("${source}" "${ROOT}/cmake/toolchains/arm-none-eabi-cortex-m4.cmake" "${m4_dir}" MinSizeRel
                     ${ARGN})
endmacro()
