# SPDX-License-Identifier: BSL-1.0
# README.md is a page a newcomer reads in two minutes, and what it states holds:
#   - at most 1,500 words of prose (the words outside fenced blocks and HTML comments), and its first C++ block
#     after at most 300 of them;
#   - every relative link names a file or directory, and an anchor (#...) a heading of the page it names, as GitHub
#     writes anchors (lower case, ASCII punctuation but hyphens and underscores left out, spaces as hyphens);
#   - the limits it states are docs/performance.md's: the largest n = d in one constant expression with GCC 12 and
#     with Clang 14 (the budgets per compiler, which budget.compiler_row.* checks against the compilers), and the
#     encoder layers that fit one constant expression with each, of the size that page measures (its encoder layer's
#     table, which budget.encoder_layer.* checks);
#   - the tag of its FetchContent example, and of docs/install.md's, is v<major>.<minor>.<patch> of
#     include/cta/version.hpp, from which CMake's project version is read.
#
#   cmake -DROOT=<source dir> [-DREADME=<file>] -P check_readme.cmake
#
# README defaults to ROOT/README.md (a changed copy elsewhere links relative to ROOT). Prints the counts; fails naming
# each statement that does not hold. Run by docs.readme (and, on a changed copy, by docs.readme.detects_drift).
cmake_minimum_required(VERSION 3.25)
if(NOT DEFINED README)
  set(README "${ROOT}/README.md")
endif()
set(max_words 1500)
set(max_first_cpp 300)
set(failures "")
# One failure, from the pieces of its message.
macro(_fail)
  string(CONCAT _failure ${ARGN})
  list(APPEND failures "${_failure}")
endmacro()

# The page's lines, a ";" kept as itself.
function(_lines file out)
  file(READ "${file}" text)
  string(REPLACE ";" "<semicolon>" text "${text}")
  string(REPLACE "\n" ";" text "${text}")
  set(${out} "${text}" PARENT_SCOPE)
endfunction()

# A flag turned over: each ``` line opens or closes a fenced block.
macro(_toggle flag)
  if(${flag})
    set(${flag} OFF)
  else()
    set(${flag} ON)
  endif()
endmacro()

# GitHub's anchor of a heading's text.
function(_anchor heading out)
  string(TOLOWER "${heading}" a)
  string(REPLACE "<semicolon>" "" a "${a}")
  string(REGEX REPLACE "[]!\"#$%&'()*+,./:<=>?@[\\^`{|}~]" "" a "${a}")
  string(REPLACE " " "-" a "${a}")
  set(${out} "${a}" PARENT_SCOPE)
endfunction()

# The anchors of a Markdown page's headings (outside fenced blocks).
function(_anchors file out)
  _lines("${file}" lines)
  set(anchors "")
  set(fenced OFF)
  foreach(line IN LISTS lines)
    if(line MATCHES "^```")
      _toggle(fenced)
    elseif(NOT fenced AND line MATCHES "^#+ (.*)$")
      _anchor("${CMAKE_MATCH_1}" a)
      list(APPEND anchors "${a}")
    endif()
  endforeach()
  set(${out} "${anchors}" PARENT_SCOPE)
endfunction()

# Words, the first C++ block, links.
_lines("${README}" lines)
set(words 0)
set(first_cpp "")
set(fenced OFF)
set(prose "")
foreach(line IN LISTS lines)
  if(line MATCHES "^```")
    if(NOT fenced AND line MATCHES "^```(cpp|c\\+\\+)" AND first_cpp STREQUAL "")
      set(first_cpp ${words})
    endif()
    _toggle(fenced)
    continue()
  endif()
  if(fenced OR line MATCHES "^<!--")
    continue()
  endif()
  string(REGEX MATCHALL "[^ \t]+" tokens "${line}")
  list(LENGTH tokens n)
  math(EXPR words "${words} + ${n}")
  string(APPEND prose "${line}\n")
endforeach()
if(words GREATER max_words)
  _fail("README.md has ${words} words of prose, more than ${max_words}")
endif()
if(first_cpp STREQUAL "")
  _fail("README.md has no C++ block")
elseif(first_cpp GREATER max_first_cpp)
  _fail("README.md's first C++ block comes after ${first_cpp} words, more than ${max_first_cpp}")
endif()

# (Brackets would stop a CMake list at its semicolons: the link's "](" becomes a marker first.)
string(REPLACE "](" "<link>(" prose "${prose}")
string(REGEX MATCHALL "<link>\\([^)]+\\)" links "${prose}")
set(n_links 0)
foreach(link IN LISTS links)
  string(REGEX REPLACE "^<link>\\((.*)\\)$" "\\1" target "${link}")
  if(target MATCHES "^(https?|mailto):")
    continue()
  endif()
  math(EXPR n_links "${n_links} + 1")
  set(anchor "")
  if(target MATCHES "^([^#]*)#(.*)$")
    set(path "${CMAKE_MATCH_1}")
    set(anchor "${CMAKE_MATCH_2}")
  else()
    set(path "${target}")
  endif()
  if(path STREQUAL "")
    set(file "${README}")
  else()
    set(file "${ROOT}/${path}")
  endif()
  if(NOT EXISTS "${file}")
    _fail("README.md links to ${target}: there is no ${path}")
  elseif(NOT anchor STREQUAL "")
    _anchors("${file}" anchors)
    if(NOT anchor IN_LIST anchors)
      _fail("README.md links to ${target}: ${path} has no heading with that anchor")
    endif()
  endif()
endforeach()

# The limits, against docs/performance.md.
file(READ "${ROOT}/docs/performance.md" performance)
file(READ "${README}" readme)
set(numbers one two three)
foreach(compiler "GCC 12" "Clang 14")
  string(REPLACE " " "_" key "${compiler}")
  if(NOT performance MATCHES "\n\\| ${compiler}\\.[0-9.]+ \\| `[^`]*` \\|[^|]*\\|[^|]*\\|[^|]*\\| ([0-9]+) \\|")
    message(FATAL_ERROR "docs/performance.md has no row of ${compiler} in its budgets per compiler")
  endif()
  set(largest_${key} "${CMAKE_MATCH_1}")
  if(NOT performance MATCHES "\n\\| ${compiler}\\.[0-9.]+ \\| [0-9,]+ \\| [0-9,]+ [a-z]+ \\| ([a-z ]+) \\| ([a-z ]+) \\|")
    message(FATAL_ERROR "docs/performance.md has no row of ${compiler} in its encoder layer's table")
  endif()
  if(CMAKE_MATCH_2 STREQUAL "compiles")
    set(layers_${key} two)
  elseif(CMAKE_MATCH_1 STREQUAL "compiles")
    set(layers_${key} one)
  else()
    set(layers_${key} none)
  endif()
endforeach()
if(NOT performance MATCHES "n = ([0-9]+) tokens, d_model = ([0-9]+), ([0-9]+) heads and d_ff = ([0-9]+)")
  message(FATAL_ERROR "docs/performance.md does not say the encoder layer's size")
endif()
set(layer_size "${CMAKE_MATCH_1} ${CMAKE_MATCH_2} ${CMAKE_MATCH_3} ${CMAKE_MATCH_4}")
string(REGEX REPLACE "[ \n]+" " " readme_flat "${readme}")
if(NOT readme_flat MATCHES "n = d = ([0-9]+) with GCC 12 and ([0-9]+) with Clang 14")
  _fail("README.md does not say 'n = d = <n> with GCC 12 and <n> with Clang 14'")
elseif(NOT CMAKE_MATCH_1 STREQUAL largest_GCC_12 OR NOT CMAKE_MATCH_2 STREQUAL largest_Clang_14)
  _fail("README.md says n = d = ${CMAKE_MATCH_1} with GCC 12 and ${CMAKE_MATCH_2} with Clang 14, "
                       "docs/performance.md ${largest_GCC_12} and ${largest_Clang_14}")
endif()
set(size_pattern "([0-9]+) tokens, width ([0-9]+), ([0-9]+) heads and a feed-forward width of ([0-9]+)")
if(NOT readme_flat MATCHES "${size_pattern}: ([a-z]+) in one constant expression with GCC 12, ([a-z]+) with Clang 14")
  _fail("README.md does not say which encoder layers fit one constant expression ('<n> tokens, width "
                       "<d>, <h> heads and a feed-forward width of <f>: <one|two> in one constant expression with GCC "
                       "12, <one|two> with Clang 14')")
else()
  set(said_size "${CMAKE_MATCH_1} ${CMAKE_MATCH_2} ${CMAKE_MATCH_3} ${CMAKE_MATCH_4}")
  if(NOT said_size STREQUAL layer_size OR NOT CMAKE_MATCH_5 STREQUAL layers_GCC_12
     OR NOT CMAKE_MATCH_6 STREQUAL layers_Clang_14)
    _fail("README.md says encoder layers of ${said_size}: ${CMAKE_MATCH_5} with GCC 12, "
                         "${CMAKE_MATCH_6} with Clang 14, docs/performance.md ${layer_size}: ${layers_GCC_12} and "
                         "${layers_Clang_14}")
  endif()
endif()

# The release tag.
file(READ "${ROOT}/include/cta/version.hpp" version_header)
foreach(part MAJOR MINOR PATCH)
  if(NOT version_header MATCHES "#define CTA_VERSION_${part} ([0-9]+)")
    message(FATAL_ERROR "include/cta/version.hpp has no CTA_VERSION_${part}")
  endif()
  set(${part} "${CMAKE_MATCH_1}")
endforeach()
set(tag "v${MAJOR}.${MINOR}.${PATCH}")
foreach(page "${README}" "${ROOT}/docs/install.md")
  file(READ "${page}" text)
  get_filename_component(name "${page}" NAME)
  string(REGEX MATCHALL "GIT_TAG [^ )]+" tags "${text}")
  if(NOT tags)
    _fail("${name} names no GIT_TAG")
  endif()
  foreach(t IN LISTS tags)
    if(NOT t STREQUAL "GIT_TAG ${tag}")
      _fail("${name} says ${t}, include/cta/version.hpp is ${tag}")
    endif()
  endforeach()
endforeach()

if(failures)
  foreach(failure IN LISTS failures)
    message("${failure}")
  endforeach()
  list(LENGTH failures n)
  message(FATAL_ERROR "README.md: ${n} of its statements do not hold (above)")
endif()
message("README.md: ${words} words of prose (at most ${max_words}), the first C++ block after word ${first_cpp} (at "
        "most ${max_first_cpp}), ${n_links} links to the repository's files, each there; n = d = ${largest_GCC_12} "
        "with GCC 12 and ${largest_Clang_14} with Clang 14, encoder layers: ${layers_GCC_12} and ${layers_Clang_14}, "
        "as docs/performance.md; GIT_TAG ${tag}, as include/cta/version.hpp")
