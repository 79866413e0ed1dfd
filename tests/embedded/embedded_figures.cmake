# SPDX-License-Identifier: BSL-1.0
# The figures of docs/embedded.md's "Code size" and "Stack" sections, written by this script from the build.
#
# Code size: examples/cortex-m4 built with arm-none-eabi-g++ at -Os (MinSizeRel) and -O3 (Release), each in
# BINARY_DIR, and from them
#   - the whole program's text, data and bss (arm-none-eabi-size);
#   - every function of cta in the -Os program and its bytes (arm-none-eabi-nm --size-sort -S -C), by name, with the
#     element types of its template arguments;
#   - the stack frame of each (-fstack-usage, the .su files of the -Os build);
#   - the members of libgcc linked into it, with the bytes of their code (the link map).
# Stack:
#   - tests/embedded/stack/calls.cpp compiled with the -Os build's flags and -fcallgraph-info=su: the bytes of the
#     record of self_attention_steps (sizeof, from the assembly), and for each call of self_attention_steps,
#     self_attention and self_attention_steps_into the deepest chain of calls, each function's frame summed;
#   - tests/embedded/stack/panel.cpp compiled for each target (arm-none-eabi-g++ with the toolchain files' flags,
#     Clang for x86-64's levels and AArch64): the vectors and the bytes of the run-time products' panel of b.
# Each section's block, between the page's markers "<!-- embedded-<name>:begin -->" and "<!-- embedded-<name>:end -->"
# (<name>: figures, stack), must be what this script writes (CHECK, the default), or is replaced by it (UPDATE=ON);
# a line of a block that starts with ";" (a CMake list joined into the text) fails either way. Skipped when the page
# was measured with another version of arm-none-eabi-g++. MUTATE=ON checks the page's blocks with the -Os text
# increased by one and a ";" put before the next line, and the first record's bytes increased by one, which must
# fail with a message for each (docs.embedded_figures.detects_drift). Prints "cta-embedded: skipped: ..." when
# arm-none-eabi-g++ or Clang is missing.
#   ARM_NONE_EABI_GXX, CLANGXX, ROOT (the source tree), BINARY_DIR, GENERATOR, MAKE_PROGRAM, PAGE, UPDATE, MUTATE
#   MEASURED: the file where the check keeps what it measured and MUTATE reads it instead of measuring again
#   (cta_page_measuring, page_blocks.cmake)
cmake_minimum_required(VERSION 3.25)
if(NOT ARM_NONE_EABI_GXX)
  message("cta-embedded: skipped: arm-none-eabi-g++ not found (bash .ci/install-deps --all installs it)")
  return()
endif()
if(NOT CLANGXX)
  message("cta-embedded: skipped: clang++ not found (bash .ci/install-deps installs it)")
  return()
endif()
include("${CMAKE_CURRENT_LIST_DIR}/page_blocks.cmake")  # find_block, replace_block, cta_page_measuring
include("${CMAKE_CURRENT_LIST_DIR}/call_graph.cmake")  # cta_read_call_graph, cta_deepest
cta_page_measuring(measured)
if(NOT measured)
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
  string(CONCAT block
    "Measured with `arm-none-eabi-g++` ${version} and newlib-nano; `-Os` is `CMAKE_BUILD_TYPE=MinSizeRel` (the\n"
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

  set(figures_block "${block}")

  # ---- Stack ---------------------------------------------------------------------------------------------------------

  # Compiles <source> to assembly, <dir>/<name>.s (BINARY_DIR/stack), with <compiler> and the flags that follow, and
  # sets <out> to the assembly's text. Files that the compiler writes beside it (.ci) are named after <name>.
  function(compile_to_assembly name source out compiler)
    set(dir "${BINARY_DIR}/stack")
    file(MAKE_DIRECTORY "${dir}")
    execute_process(COMMAND "${compiler}" ${ARGN} -std=c++20 -S -o "${name}.s" "${source}" WORKING_DIRECTORY "${dir}"
                    RESULT_VARIABLE result OUTPUT_VARIABLE output ERROR_VARIABLE output)
    if(NOT result EQUAL 0)
      message(FATAL_ERROR "compiling ${source} (${name}) failed:\n${output}")
    endif()
    file(READ "${dir}/${name}.s" text)
    set(${out} "${text}" PARENT_SCOPE)
  endfunction()

  # Sets <out> to the number that the constant <symbol> (a std::size_t defined in the source) holds in <assembly>:
  # ".word 4096" (or .long, .quad, .xword), or ".space 4" (or .zero) for 0.
  function(constant assembly symbol out)
    if(assembly MATCHES "\n${symbol}:\n[ \t]*\\.(word|long|quad|xword)[ \t]+([0-9]+)")
      set(${out} "${CMAKE_MATCH_2}" PARENT_SCOPE)
    elseif(assembly MATCHES "\n${symbol}:\n[ \t]*\\.(space|zero)[ \t]+[0-9]+\n")
      set(${out} 0 PARENT_SCOPE)
    else()
      message(FATAL_ERROR "the assembly has no constant ${symbol}")
    endif()
  endfunction()

  # The flags of the -Os build (its cache: the toolchain file's and MinSizeRel's), and the example's warnings.
  file(STRINGS "${BINARY_DIR}/Os/CMakeCache.txt" cache REGEX "^CMAKE_CXX_FLAGS(_MINSIZEREL)?:")
  set(m4_flags "")
  foreach(entry IN LISTS cache)
    string(REGEX MATCH "=(.*)$" value "${entry}")
    separate_arguments(value UNIX_COMMAND "${CMAKE_MATCH_1}")
    list(APPEND m4_flags ${value})
  endforeach()
  list(APPEND m4_flags -Wall -Wextra -Wpedantic -Wconversion -Wshadow -Werror "-I${ROOT}/include")

  # The Boost directory of the -Os build (cmake/cta_boost_headers.cmake publishes it in the cache).
  load_cache("${BINARY_DIR}/Os" READ_WITH_PREFIX os_ CTA_BOOST_STAGED_INCLUDE_DIR)
  if(NOT os_CTA_BOOST_STAGED_INCLUDE_DIR)
    message(FATAL_ERROR "${BINARY_DIR}/Os/CMakeCache.txt has no CTA_BOOST_STAGED_INCLUDE_DIR")
  endif()

  # The calls of tests/embedded/stack/calls.cpp, with each function's frame and the calls it makes (the call graph of
  # -fcallgraph-info=su: a node for each function, "<bytes> bytes (static)" in the label of those compiled here, and
  # an edge for each call).
  set(stack_dir "${ROOT}/tests/embedded/stack")
  compile_to_assembly(calls "${stack_dir}/calls.cpp" calls "${ARM_NONE_EABI_GXX}" ${m4_flags} -fcallgraph-info=su
                      "-I${ROOT}/examples" -isystem "${os_CTA_BOOST_STAGED_INCLUDE_DIR}")
  cta_read_call_graph("${BINARY_DIR}/stack/calls.ci")

  # The cases of calls.cpp: name | inputs and weights | element type of the results.
  set(cases
    "tutorial_double|the tutorial's: 3 × 4 and 4 × 3 of `int`|`double`"
    "tutorial_float|the tutorial's: 3 × 4 and 4 × 3 of `int`|`float`"
    "square_float|16 × 16 of `float`|`float`"
    "square_double|16 × 16 of `double`|`double`"
    "square_double_scaled|16 × 16 of `double`, with `cta::scaled`|`double`")
  set(rows "")
  foreach(case IN LISTS cases)
    string(REPLACE "|" ";" fields "${case}")
    list(GET fields 0 name)
    list(GET fields 1 operands)
    list(GET fields 2 results)
    constant("${calls}" "cta_stack_${name}_record" record)
    set(row "| ${operands} | ${results} | ${record} |")
    foreach(call IN ITEMS steps outputs into)
      list(FIND nodes "cta_stack_${name}_${call}" index)
      if(index EQUAL -1)
        message(FATAL_ERROR "calls.ci has no function cta_stack_${name}_${call}")
      endif()
      cta_deepest(${index} bytes)
      string(APPEND row " ${bytes} |")
    endforeach()
    string(APPEND rows "${row}\n")
  endforeach()
  string(CONCAT block
    "Measured with `arm-none-eabi-g++` ${version} and the flags of the `-Os` build, from\n"
    "`tests/embedded/stack/calls.cpp`: the bytes of the record that `self_attention_steps` returns (`sizeof`), and for\n"
    "each call the stack it takes, the deepest chain of calls from a function that makes it and passes the result on,\n"
    "each function's frame summed (`-fcallgraph-info=su`; libgcc's routines for `double`, which have no figure there,\n"
    "left out). The last column calls `self_attention_steps_into` with the record in static storage.\n\n"
    "| inputs and weights | results | record, bytes | `self_attention_steps` | `self_attention` | "
    "`self_attention_steps_into` |\n|---|---|---|---|---|---|\n${rows}")

  # The run-time products' panel of b on each target, from tests/embedded/stack/panel.cpp.
  set(panel_source "${stack_dir}/panel.cpp")
  set(rows "")
  # Appends the row of <target>, compiled as <compiled>, from the constants of <assembly> (panel.cpp's).
  function(panel_row target compiled assembly)
    constant("${assembly}" cta_panel_vectors vectors)
    constant("${assembly}" cta_panel_depth depth)
    if(vectors)
      constant("${assembly}" cta_panel_vector_bytes vector_bytes)
      constant("${assembly}" cta_panel_block_rows block_rows)
      constant("${assembly}" cta_panel_block_vectors block_vectors)
      constant("${assembly}" cta_panel_float_bytes float_bytes)
      constant("${assembly}" cta_panel_double_bytes double_bytes)
      constant("${assembly}" cta_panel_narrow_bytes narrow_bytes)
      if(float_bytes EQUAL double_bytes)
        set(panel "${double_bytes}")
      else()
        set(panel "${float_bytes} (`float`), ${double_bytes} (`double`)")
      endif()
      if(narrow_bytes)
        string(APPEND panel "; then ${narrow_bytes} for the columns left over, 2 vectors wide")
      endif()
      set(row "| ${target} | ${compiled} | ${vector_bytes} bytes | ${block_rows} × ${block_vectors} | ${panel} |")
    else()
      set(row "| ${target} | ${compiled} | none | plain loops | none |")
    endif()
    set(rows "${rows}${row}\n" PARENT_SCOPE)
    set(depth "${depth}" PARENT_SCOPE)
  endfunction()

  compile_to_assembly(panel-cortex-m4 "${panel_source}" panel "${ARM_NONE_EABI_GXX}" ${m4_flags})
  panel_row("Cortex-M4" "`arm-none-eabi-g++`, the `-Os` build's flags" "${panel}")
  # The Cortex-A15's flags, from its toolchain file (CMAKE_CXX_FLAGS_INIT, for arm-none-eabi-g++).
  function(toolchain_flags file out)
    set(CMAKE_CXX_COMPILER "${ARM_NONE_EABI_GXX}")
    include("${file}")
    separate_arguments(flags UNIX_COMMAND "${CMAKE_CXX_FLAGS_INIT}")
    set(${out} ${flags} PARENT_SCOPE)
  endfunction()
  toolchain_flags("${ROOT}/cmake/toolchains/arm-none-eabi-cortex-a15.cmake" a15_flags)
  compile_to_assembly(panel-cortex-a15 "${panel_source}" panel "${ARM_NONE_EABI_GXX}" ${a15_flags} "-I${ROOT}/include")
  panel_row("Cortex-A15" "`arm-none-eabi-g++`, the flags of `arm-none-eabi-cortex-a15.cmake`" "${panel}")
  # The hosts' targets, compiled by Clang with arm-none-eabi-g++'s newlib and libstdc++ headers (the library's headers
  # need no more of them than <cstddef>, <type_traits> and <utility>), whatever the machine's own.
  execute_process(COMMAND "${ARM_NONE_EABI_GXX}" -print-file-name=libc.a
                  OUTPUT_VARIABLE libc OUTPUT_STRIP_TRAILING_WHITESPACE)
  cmake_path(GET libc PARENT_PATH arm_root)
  cmake_path(GET arm_root PARENT_PATH arm_root)
  set(clang_flags --sysroot=${arm_root} -nostdinc++ -isystem "${arm_root}/include/c++/${version}"
      -isystem "${arm_root}/include/c++/${version}/arm-none-eabi" "-I${ROOT}/include")
  foreach(level IN ITEMS "x86-64|SSE2" "x86-64-v3|AVX2" "x86-64-v4|AVX-512")
    string(REPLACE "|" ";" level "${level}")
    list(GET level 0 march)
    list(GET level 1 extension)
    compile_to_assembly(panel-${march} "${panel_source}" panel "${CLANGXX}" --target=x86_64-none-elf -march=${march}
                        ${clang_flags})
    panel_row("x86-64 (${extension})" "Clang, `--target=x86_64-none-elf -march=${march}`" "${panel}")
  endforeach()
  compile_to_assembly(panel-aarch64 "${panel_source}" panel "${CLANGXX}" --target=aarch64-none-elf ${clang_flags})
  panel_row("AArch64 (Advanced SIMD)" "Clang, `--target=aarch64-none-elf`" "${panel}")
  string(APPEND block
    "\nThe run-time products' panel of b (`detail::panel_t`, its `sizeof` where k ≥ ${depth}; with a smaller k, k of its\n"
    "${depth} rows), from `tests/embedded/stack/panel.cpp` compiled for each target:\n\n"
    "| target | compiled by | vectors | blocks of the result, rows × vectors | panel, bytes |\n|---|---|---|---|---|\n"
    "${rows}")
  set(stack_block "${block}")
  cta_page_measured(figures_block stack_block version)
endif()

# ---- The page's blocks -----------------------------------------------------------------------------------------------

foreach(name IN ITEMS figures stack)
  if(${name}_block MATCHES "^;" OR ${name}_block MATCHES "\n;")
    message(FATAL_ERROR "cta-embedded: a line that this script wrote for the ${name} block starts with \";\" "
                        "(a list joined into the text)")
  endif()
endforeach()

file(READ "${PAGE}" page)
find_block("${page}" figures figures_committed)
find_block("${page}" stack stack_committed)
if(MUTATE)
  # The -Os text increased by one, a ";" before the line that follows it (the table's header), and the first
  # record's bytes increased by one.
  string(REGEX MATCH "\\| `-Os` \\| ([0-9]+)" row "${figures_committed}")
  math(EXPR changed "${CMAKE_MATCH_1} + 1")
  string(REGEX REPLACE "\\| `-Os` \\| [0-9]+" "| `-Os` | ${changed}" figures_committed "${figures_committed}")
  string(REPLACE "\n| build |" "\n;| build |" figures_committed "${figures_committed}")
  string(REGEX MATCH "\n\\|[^|\n]*\\|[^|\n]*\\| ([0-9]+) \\|" row "${stack_committed}")
  math(EXPR changed "${CMAKE_MATCH_1} + 1")
  string(REGEX REPLACE "^(\n\\|[^|\n]*\\|[^|\n]*\\| )[0-9]+" "\\1${changed}" changed_row "${row}")
  string(REPLACE "${row}" "${changed_row}" stack_committed "${stack_committed}")
endif()
# Other versions of the cross compiler give other sizes: the page is checked with the version it was written with.
string(REGEX MATCH "Measured with `arm-none-eabi-g\\+\\+` ([0-9.]+)" measured "${figures_committed}")
if(NOT UPDATE AND NOT CMAKE_MATCH_1 STREQUAL version)
  message("cta-embedded: skipped: ${PAGE} was measured with arm-none-eabi-g++ ${CMAKE_MATCH_1}, this is ${version}")
  return()
endif()
if(UPDATE)
  foreach(name IN ITEMS stack figures)
    replace_block(page ${name} "${${name}_block}")
  endforeach()
  file(WRITE "${PAGE}" "${page}")
  message("cta-embedded: ${PAGE} updated")
  return()
endif()
set(differing "")
set(figures_what "code-size figures")
set(stack_what "stack figures")
foreach(name IN ITEMS figures stack)
  set(what "${${name}_what}")
  # Each message on a line of its own, whatever the paths' lengths.
  if(${name}_committed MATCHES "^;" OR ${name}_committed MATCHES "\n;")
    message("cta-embedded: a line of the page's ${what} starts with ';'")
    list(APPEND differing "${name}")
  endif()
  if(NOT ${name}_committed STREQUAL ${name}_block)
    file(WRITE "${BINARY_DIR}/${name}.md" "${${name}_block}")
    message("cta-embedded: the page's ${what} differ from the build's")
    list(APPEND differing "${name}")
  endif()
endforeach()
if(differing)
  list(REMOVE_DUPLICATES differing)
  list(TRANSFORM differing PREPEND "${BINARY_DIR}/")
  list(TRANSFORM differing APPEND ".md")
  list(JOIN differing ", " differing)
  message(FATAL_ERROR "cta-embedded: ${PAGE}'s figures differ from the build's (${differing}); "
                      "update them with the target update_embedded_figures")
endif()
message("cta-embedded: ${PAGE}'s figures are the build's")
