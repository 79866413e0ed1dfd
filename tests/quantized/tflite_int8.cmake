# SPDX-License-Identifier: BSL-1.0
# cta_tflite_int8_headers(<out_dir>): TensorFlow Lite's reference vectors (tflite_int8/, kept as published) for
# constant expressions. The published headers declare `const int8_t name[N] = {...}`, which C++ cannot read in a
# constant expression. For each case, the files its test_data.h includes (or all of them, for the tables) are written
# again, unchanged but for `const` becoming `inline constexpr const`, into one header, <out_dir>/tflite_int8/CASE.hpp,
# inside `namespace cta_tflite_int8::CASE` (the `#define`d parameters stay macros); put <out_dir> on the include path.
# Included by tests/quantized/CMakeLists.txt (target cta_tflite_int8) and by the firmware of tests/embedded/quantized;
# the directory that calls it is configured again when a published file changes.
set(_cta_tflite_int8_source "${CMAKE_CURRENT_LIST_DIR}/tflite_int8")
function(cta_tflite_int8_headers out_dir)
  file(GLOB cases LIST_DIRECTORIES true RELATIVE "${_cta_tflite_int8_source}" "${_cta_tflite_int8_source}/*")
  foreach(case IN LISTS cases)
    set(dir "${_cta_tflite_int8_source}/${case}")
    if(NOT IS_DIRECTORY "${dir}")
      continue()
    endif()
    if(EXISTS "${dir}/test_data.h")
      file(STRINGS "${dir}/test_data.h" includes REGEX "^#include \"")
      list(TRANSFORM includes REPLACE "^#include \"([^\"]+)\".*" "\\1")
    else()
      file(GLOB includes RELATIVE "${dir}" "${dir}/*.h")
    endif()
    set(text "// Generated from tests/quantized/tflite_int8/${case} (TensorFlow Lite's reference vectors, Apache License 2.0):\n")
    string(APPEND text "// the published arrays as constexpr. Do not edit.\n#pragma once\n#include <stdint.h>\n#include <stddef.h>\n")
    string(APPEND text "namespace cta_tflite_int8::${case} {\n")
    foreach(file IN LISTS includes)
      set_property(DIRECTORY APPEND PROPERTY CMAKE_CONFIGURE_DEPENDS "${dir}/${file}")
      file(READ "${dir}/${file}" content)
      string(REGEX REPLACE "#pragma once\n" "" content "${content}")
      string(REGEX REPLACE "#include <[a-z]+\\.h>\n" "" content "${content}")
      string(REGEX REPLACE "(^|\n)const " "\\1inline constexpr const " content "${content}")
      string(APPEND text "// ${file}\n${content}\n")
    endforeach()
    string(APPEND text "}  // namespace cta_tflite_int8::${case}\n")
    file(CONFIGURE OUTPUT "${out_dir}/tflite_int8/${case}.hpp" CONTENT "${text}" @ONLY)
  endforeach()
endfunction()
