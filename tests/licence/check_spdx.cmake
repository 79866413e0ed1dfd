# SPDX-License-Identifier: BSL-1.0
# Checks that ROOT has the Boost Software License 1.0 in LICENSE and that every source file under it (C++,
# CMake, Python, linker scripts, templates, the CI scripts; not data, figures or documentation, nor anything in a
# CMake binary directory, whatever its name, or in .git) names it in its first three lines: "SPDX-License-Identifier: BSL-1.0". Fails naming each file without it. Run by the licence.*
# tests (tests/licence/CMakeLists.txt).
cmake_minimum_required(VERSION 3.25)
if(NOT EXISTS "${ROOT}/LICENSE")
  message(FATAL_ERROR "${ROOT}/LICENSE is missing")
endif()
file(STRINGS "${ROOT}/LICENSE" licence_head LIMIT_COUNT 1)
if(NOT licence_head STREQUAL "Boost Software License - Version 1.0 - August 17th, 2003")
  message(FATAL_ERROR "${ROOT}/LICENSE is not the Boost Software License 1.0: '${licence_head}'")
endif()

file(GLOB_RECURSE sources RELATIVE "${ROOT}"
     "${ROOT}/*.hpp" "${ROOT}/*.cpp" "${ROOT}/*.cmake" "${ROOT}/*CMakeLists.txt" "${ROOT}/*.py" "${ROOT}/*.ld"
     "${ROOT}/*.in" "${ROOT}/.ci/*")
# CMake binary directories inside the tree, whatever their names, are not sources: each is recognised by its
# CMakeCache.txt (a build tree's nested projects, such as ExternalProject's, have one too); nor is .git.
file(GLOB_RECURSE caches RELATIVE "${ROOT}" "${ROOT}/*CMakeCache.txt")
foreach(cache IN LISTS caches)
  if(cache MATCHES "/CMakeCache\\.txt$")  # not ROOT itself (an in-source build): its sources are still sources
    get_filename_component(dir "${cache}" DIRECTORY)
    string(REGEX REPLACE "([][+.*?^$()|\\\\{}])" "\\\\\\1" dir_pattern "${dir}")
    list(FILTER sources EXCLUDE REGEX "^${dir_pattern}/")
  endif()
endforeach()
list(FILTER sources EXCLUDE REGEX "^\\.git/")
list(FILTER sources EXCLUDE REGEX "(^|/)CMakeFiles/")
set(missing "")
set(count 0)
foreach(source IN LISTS sources)
  math(EXPR count "${count} + 1")
  file(STRINGS "${ROOT}/${source}" head LIMIT_COUNT 3)
  if(NOT head MATCHES "SPDX-License-Identifier: BSL-1\\.0")
    list(APPEND missing "${source}")
    message("without the SPDX line: ${source}")
  endif()
endforeach()
list(LENGTH missing missing_count)
message("${count} source files, ${missing_count} without the SPDX line")
if(count EQUAL 0)
  message(FATAL_ERROR "no source file found under ${ROOT}")
endif()
if(missing_count GREATER 0)
  string(REPLACE ";" "\n  " missing "${missing}")
  message(FATAL_ERROR "without 'SPDX-License-Identifier: BSL-1.0' in their first three lines:\n  ${missing}")
endif()
