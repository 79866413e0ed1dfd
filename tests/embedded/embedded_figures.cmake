# SPDX-License-Identifier: BSL-1.0
# The figures of docs/embedded.md's "Code size" section, written by this script from the build: examples/cortex-m4
# built with arm-none-eabi-g++ at -Os (MinSizeRel) and -O3 (Release), each in BINARY_DIR, and from them
#   - the whole program's text, data and bss (arm-none-eabi-size);
#   - every function of cta in the -Os program and its bytes (arm-none-eabi-nm --size-sort -S -C), by name, with the
#     element types of its template arguments;
#   - the stack frame of each (-fstack-usage, the .su files of the -Os build);
#   - the members of libgcc linked into it, with the bytes of their code (the link map).
# The block between the page's markers "<!-- embedded-figures:begin -->" and "<!-- embedded-figures:end -->" must be
# what this script writes (CHECK, the default), or is replaced by it (UPDATE=ON). Skipped, too, when the page was
# measured with another version of arm-none-eabi-g++. MUTATE=ON checks the page's block with
# its first figure (the -Os text) increased by one, which must fail (docs.embedded_figures.detects_drift). Prints "cta-embedded: skipped: ..."
# when arm-none-eabi-g++ is missing.
#   ARM_NONE_EABI_GXX, ROOT (the source tree), BINARY_DIR, GENERATOR, MAKE_PROGRAM, PAGE, UPDATE
cmake_minimum_required(VERSION 3.25)
if(NOT ARM_NONE_EABI_GXX)
  message("cta-embedded: skipped: arm-none-eabi-g++ not found (bash .ci/install-deps --all installs it)")
  return()
endif()
string(REGEX REPLACE "g\\+\\+$" "" prefix "${ARM_NONE_EABI_GXX}")

function(build type dir)
  set(configure "${CMAKE_COMMAND}" -S "${ROOT}/examples/cortex-m4" -B "${dir}" -G "${GENERATOR}"
      "--toolchain" "${ROOT}/cmake/toolchains/arm-none-eabi-cortex-m4.cmake" "-DCMAKE_BUILD_TYPE=${type}")
  if(MAKE_PROGRAM)
    list(APPEND configure "-DCMAKE_MAKE_PROGRAM=${MAKE_PROGRAM}")
  endif()
  execute_process(COMMAND ${configure} RESULT_VARIABLE result OUTPUT_QUIET)
  if(NOT result EQUAL 0)
    message(FATAL_ERROR "configuring examples/cortex-m4 (${type}) failed")
  endif()
  execute_process(COMMAND "${CMAKE_COMMAND}" --build "${dir}" RESULT_VARIABLE result OUTPUT_QUIET)
  if(NOT result EQUAL 0)
    message(FATAL_ERROR "building examples/cortex-m4 (${type}) failed")
  endif()
endfunction()
build(MinSizeRel "${BINARY_DIR}/Os")
build(Release "${BINARY_DIR}/O3")

# A function's name without its ABI tag, template arguments and parameters, and the element types in its template
# arguments.
function(short_name demangled out_name out_types)
  string(REGEX REPLACE "\\[abi:[a-z0-9_]+\\]" "" name "${demangled}")
  set(types "")
  foreach(type IN ITEMS int float double)
    if(name MATCHES "[<, (]${type}[,> )&]")
      list(APPEND types "${type}")
    endif()
  endforeach()
  # Drop nested <...> and (...) from the inside out.
  set(previous "")
  while(NOT name STREQUAL previous)
    set(previous "${name}")
    string(REGEX REPLACE "<[^<>]*>" "" name "${name}")
    string(REGEX REPLACE "\\([^()]*\\)" "" name "${name}")
  endwhile()
  string(REGEX REPLACE "^(auto|void|bool) " "" name "${name}")
  string(REPLACE ";" ", " types "${types}")
  set(${out_name} "${name}" PARENT_SCOPE)
  set(${out_types} "${types}" PARENT_SCOPE)
endfunction()

execute_process(COMMAND "${ARM_NONE_EABI_GXX}" -dumpfullversion OUTPUT_VARIABLE version OUTPUT_STRIP_TRAILING_WHITESPACE)
set(block "Measured with `arm-none-eabi-g++` ${version} and newlib-nano; `-Os` is `CMAKE_BUILD_TYPE=MinSizeRel` (the\n"
          "preset `cortex-m4`), `-O3` is `Release`.\n\nWhole program (`arm-none-eabi-size`; `bss` is the stack):\n\n"
          "| build | text | data | bss |\n|---|---|---|---|\n")
foreach(build IN ITEMS Os O3)
  execute_process(COMMAND "${prefix}size" "${BINARY_DIR}/${build}/cta_cortex_m4.elf" OUTPUT_VARIABLE size)
  string(REGEX MATCH "\n *([0-9]+)[ \t]+([0-9]+)[ \t]+([0-9]+)" row "${size}")
  string(APPEND block "| `-${build}` | ${CMAKE_MATCH_1} | ${CMAKE_MATCH_2} | ${CMAKE_MATCH_3} |\n")
endforeach()

# Functions of cta in the -Os program.
set(elf "${BINARY_DIR}/Os/cta_cortex_m4.elf")
execute_process(COMMAND "${prefix}nm" --size-sort -S -C "${elf}" OUTPUT_VARIABLE symbols)
string(REPLACE ";" "," symbols "${symbols}")
string(REPLACE "\n" ";" symbols "${symbols}")
set(rows "")
set(function_names "")
set(total 0)
foreach(line IN LISTS symbols)
  if(line MATCHES "^[0-9a-f]+ ([0-9a-f]+) [tTwW] (.*cta::.*)$")
    math(EXPR bytes "0x${CMAKE_MATCH_1}")
    set(demangled "${CMAKE_MATCH_2}")
    if(demangled MATCHES "^(.*\\(anonymous namespace\\)|cta::matrix<)")  # the example's own helpers
      continue()
    endif()
    short_name("${demangled}" name types)
    list(APPEND rows "| `${name}` | ${types} | ${bytes} |")
    list(APPEND function_names "${name}")
    math(EXPR total "${total} + ${bytes}")
  endif()
endforeach()
list(SORT rows)
string(REPLACE ";" "\n" rows "${rows}")
string(APPEND block "\nThe functions of cta in the `-Os` program (`arm-none-eabi-nm --size-sort -S -C`; template arguments\n"
                    "left out but their element types):\n\n| function | element types | bytes |\n|---|---|---|\n"
                    "${rows}\n| **total** | | **${total}** |\n")

# Stack frames (-fstack-usage) of those functions.
# A line of a .su file: "<file>:<line>:<column>:<signature>\t<bytes>\t<kind>", the signature as GCC prints it,
# "constexpr void cta::detail::softmax_row(R (&)[N], const T (&)[N]) [with R = float; T = int; ...]".
file(GLOB_RECURSE su_files "${BINARY_DIR}/Os/*.su")
set(rows "")
foreach(su IN LISTS su_files)
  file(READ "${su}" text)
  string(REPLACE ";" "," text "${text}")
  # For a function with a deduced return type, GCC 12 writes only ") [with ...]" for the signature: its name is then
  # read from the source, at the line and column given.
  string(REPLACE "\n" ";" lines "${text}")
  foreach(line IN LISTS lines)
    if(line MATCHES "^([^\t:]*):([0-9]+):([0-9]+):\\)[^\t]*\t")
      set(source "${CMAKE_MATCH_1}")
      math(EXPR index "${CMAKE_MATCH_2} - 1")
      set(column "${CMAKE_MATCH_3}")
      file(READ "${source}" source_text)
      string(REPLACE ";" "," source_text "${source_text}")
      string(REPLACE "\n" ";" source_lines "${source_text}")
      list(GET source_lines ${index} source_line)
      math(EXPR column "${column} - 1")
      string(SUBSTRING "${source_line}" ${column} -1 rest)
      string(REGEX MATCH "^[A-Za-z_][A-Za-z0-9_]*" identifier "${rest}")
      if(source MATCHES "include/cta/")
        set(qualified "cta::${identifier}")  # with its namespace as the symbols above name it
        foreach(function IN LISTS function_names)
          if(function MATCHES "::${identifier}$")
            set(qualified "${function}")
          endif()
        endforeach()
        string(REGEX REPLACE "^([^\t:]*:[0-9]+:[0-9]+:)\\)" "\\1${qualified}()" line "${line}")
      endif()
    endif()
    if(line MATCHES "^[^\t]*:[0-9]+:[0-9]+:([^\t]*cta::[^\t]*)\t([0-9]+)\t")
      set(frame "${CMAKE_MATCH_2}")
      set(signature "${CMAKE_MATCH_1}")
      string(REGEX MATCH "^[^(]*" head "${signature}")
      string(REGEX MATCH "[^ ]+$" name "${head}")
      short_name("${signature}" unused types)
      if(name MATCHES "^cta::" AND NOT signature MATCHES "anonymous")
        list(APPEND rows "| `${name}` | ${types} | ${frame} |")
      endif()
    endif()
  endforeach()
endforeach()
list(REMOVE_DUPLICATES rows)
list(SORT rows)
string(REPLACE ";" "\n" rows "${rows}")
string(APPEND block "\nTheir stack frames (`-fstack-usage`, `-Os`; a function inlined into another has no frame of its\n"
                    "own):\n\n| function | element types | bytes |\n|---|---|---|\n${rows}\n")

# The members of libgcc linked in, from the map's memory map (after its list of discarded input sections).
file(READ "${BINARY_DIR}/Os/cta_cortex_m4.map" map)
string(FIND "${map}" "Linker script and memory map" at)
string(SUBSTRING "${map}" ${at} -1 map)
string(REGEX MATCHALL "\n \\.text[ \t\n]+0x[0-9a-f]+[ \t]+0x([0-9a-f]+) [^\n]*libgcc\\.a\\(([^)]+)\\)" members "${map}")
set(rows "")
set(libgcc 0)
foreach(member IN LISTS members)
  string(REGEX MATCH "0x[0-9a-f]+[ \t]+0x([0-9a-f]+) [^\n]*libgcc\\.a\\(([^)]+)\\)" parsed "${member}")
  math(EXPR bytes "0x${CMAKE_MATCH_1}")
  if(bytes GREATER 0)
    list(APPEND rows "`${CMAKE_MATCH_2}` (${bytes})")
    math(EXPR libgcc "${libgcc} + ${bytes}")
  endif()
endforeach()
string(REPLACE ";" ", " rows "${rows}")
string(APPEND block "\nlibgcc's members linked in (the link map; bytes of code), for `double` arithmetic in software\n"
                    "and 64-bit division: ${rows}; ${libgcc} bytes in all.\n")

set(begin "<!-- embedded-figures:begin -->\n")
set(end "<!-- embedded-figures:end -->")
file(READ "${PAGE}" page)
string(FIND "${page}" "${begin}" first)
string(FIND "${page}" "${end}" last)
if(first EQUAL -1 OR last EQUAL -1)
  message(FATAL_ERROR "${PAGE} has no ${begin} ... ${end} block")
endif()
string(LENGTH "${begin}" begin_length)
math(EXPR start "${first} + ${begin_length}")
math(EXPR length "${last} - ${start}")
string(SUBSTRING "${page}" ${start} ${length} committed)
if(MUTATE)
  string(REGEX MATCH "\\| `-Os` \\| ([0-9]+)" row "${committed}")
  math(EXPR changed "${CMAKE_MATCH_1} + 1")
  string(REGEX REPLACE "\\| `-Os` \\| [0-9]+" "| `-Os` | ${changed}" committed "${committed}")
endif()
# Other versions of the cross compiler give other sizes: the page is checked with the version it was written with.
string(REGEX MATCH "Measured with `arm-none-eabi-g\\+\\+` ([0-9.]+)" measured "${committed}")
if(NOT UPDATE AND NOT CMAKE_MATCH_1 STREQUAL version)
  message("cta-embedded: skipped: ${PAGE} was measured with arm-none-eabi-g++ ${CMAKE_MATCH_1}, this is ${version}")
  return()
endif()
if(UPDATE)
  string(SUBSTRING "${page}" 0 ${start} head)
  string(SUBSTRING "${page}" ${last} -1 tail)
  file(WRITE "${PAGE}" "${head}${block}${tail}")
  message("cta-embedded: ${PAGE} updated")
elseif(NOT committed STREQUAL block)
  file(WRITE "${BINARY_DIR}/figures.md" "${block}")
  message("cta-embedded: the page's figures differ from the build's")  # one line, whatever the paths' lengths
  message(FATAL_ERROR "cta-embedded: ${PAGE}'s figures differ from the build's (${BINARY_DIR}/figures.md); "
                      "update them with the target update_embedded_figures")
else()
  message("cta-embedded: ${PAGE}'s figures are the build's")
endif()
