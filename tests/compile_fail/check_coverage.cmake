# SPDX-License-Identifier: BSL-1.0
# Every public shape rule has a compile-fail pair. A CMake script, run by the test compile_fail.coverage:
#
#   cmake [-DROOT=<source dir>] -P tests/compile_fail/check_coverage.cmake
#
# The rules, read from the headers (include/cta/**/*.hpp): every static_assert whose condition is
# shapes_agree<op::...>, axes_agree<op::...>, element_types_agree<op::...> or quantizations_agree<op::...> (or
# cta::op::...; the shape, element type and quantization rules of the operations, shape_check.hpp) or
# elements_match<...> (CTA_EXPECT_EQUAL / CTA_EXPECT_NEAR), options_agree<...>
# (the attention options) and stack_fits<...> (CTA_STACK_LIMIT), and the matrix type's own rules (both dimensions at
# least 1, a plain matrix spelled without axes, cta::get's index, a quantized matrix's type: listed below). Each rule
# is known by its message.
# And the preconditions: every function declared in a `namespace precondition {` block (closed by
# `}  // namespace precondition`), which a constant evaluation calls only when a parameter breaks the rule, and which
# stops it with its name (the quantized arithmetic's, not being constexpr; cta::token_embedding's, by reading past an
# array, so that the compilers also print the id and the bound); such a rule's text is the function's name.
# And the reasons a weight file does not load: every function `template <class M> void <reason>()` declared in a
# `namespace cannot_load {` block (closed by `}  // namespace cannot_load`, include/cta/weights/result.hpp), which
# cta::weights::load and load_npy call in a constant evaluation to stop it with the reason's name; such a rule's text
# is the function's name too.
#
# The pairs, read from tests/compile_fail/CMakeLists.txt: each cta_add_compile_fail_test(...) and its REGEX and
# ANYWHERE expressions, which the pair's .ko test requires in the compiler's output.
#
# A rule's text is its message after the first ": " (what the rule says, without the function's signature that
# introduces it: "a's column count must equal b's row count"), or the whole message if it has no ": ". A rule is
# covered when some pair has an expression that matches the rule's text and no other rule's: the .ko test, which
# passes only if the compiler printed something that this expression matches, then shows that this rule, and not
# another, stopped the build (on GCC and on Clang, as both presets run the pairs). The op tags
# declared in shape_check.hpp must each have a rule. The script lists the rules with their pairs, and fails naming
# the rules without a pair and the tags without a rule.
cmake_minimum_required(VERSION 3.25)

if(NOT DEFINED ROOT)
  get_filename_component(ROOT "${CMAKE_CURRENT_LIST_DIR}/../.." ABSOLUTE)
endif()

# Shape rules whose condition is not one of the tagged conditions, by the start of their message.
set(_extra_rules "cta::matrix<T, Rows, Cols>: both dimensions must be at least 1"
                 "cta::matrix<T, Rows, Cols, cta::any_axis, cta::any_axis>: "
                 "cta::get<I>(m): "
                 "cta::quantized::qmatrix<T, R, C, Q>: ")

string(ASCII 1 _sc)  # stands for ';' while a text is a list element

# ---- The rules -----------------------------------------------------------------------------------------------------

include("${CMAKE_CURRENT_LIST_DIR}/preconditions.cmake")
set(_rule_count 0)
cta_precondition_headers("${ROOT}" _headers)  # include/cta/**/*.hpp, the headers tests/quantized reads too
foreach(_header IN LISTS _headers)
  file(READ "${_header}" _text)
  string(REPLACE ";" "${_sc}" _text "${_text}")
  file(RELATIVE_PATH _where "${ROOT}" "${_header}")
  # The preconditions and the reasons a weight file does not load: the functions of each `namespace precondition`
  # and `namespace cannot_load` block.
  cta_preconditions_of("${_where}" "${_text}" _preconditions)
  cta_cannot_load_reasons_of("${_where}" "${_text}" _reasons)
  foreach(_function IN LISTS _preconditions _reasons)
    if(_function IN_LIST _preconditions)
      set(_rule_${_rule_count}_name "precondition::${_function}")
    else()
      set(_rule_${_rule_count}_name "cannot_load::${_function}")
    endif()
    set(_rule_${_rule_count}_tag "")
    set(_rule_${_rule_count}_where "${_where}")
    set(_rule_${_rule_count}_message "${_function}")
    set(_rule_${_rule_count}_text "${_function}")
    math(EXPR _rule_count "${_rule_count} + 1")
  endforeach()
  string(REGEX REPLACE "//[^\n]*" "" _text "${_text}")  # comments (the headers' examples of static_assert)
  while(TRUE)
    string(FIND "${_text}" "static_assert(" _at)
    if(_at EQUAL -1)
      break()
    endif()
    string(SUBSTRING "${_text}" ${_at} -1 _text)
    string(FIND "${_text}" "\")${_sc}" _end)
    if(_end EQUAL -1)
      break()
    endif()
    string(SUBSTRING "${_text}" 0 ${_end} _statement)
    string(SUBSTRING "${_text}" 14 -1 _text)  # past "static_assert("
    # A static_assert without a message ends before the next one's message: not a shape rule.
    string(SUBSTRING "${_statement}" 14 -1 _after_open)
    string(FIND "${_after_open}" "static_assert(" _nested)
    if(NOT _nested EQUAL -1)
      continue()
    endif()
    string(FIND "${_statement}" "\"" _quote)
    if(_quote EQUAL -1)
      continue()
    endif()
    string(SUBSTRING "${_statement}" 0 ${_quote} _condition)
    string(SUBSTRING "${_statement}" ${_quote} -1 _literals)
    string(APPEND _literals "\"")
    # The message: the string literals, concatenated.
    string(REGEX MATCHALL "\"[^\"]*\"" _parts "${_literals}")
    set(_message "")
    foreach(_part IN LISTS _parts)
      string(REGEX REPLACE "^\"(.*)\"$" "\\1" _part "${_part}")
      string(APPEND _message "${_part}")
    endforeach()
    string(REPLACE "${_sc}" ";" _message "${_message}")
    if(_condition MATCHES "shapes_agree<(cta::)?op::([a-z_]+)")
      set(_name "op::${CMAKE_MATCH_2}")
      set(_tag "${CMAKE_MATCH_2}")
    elseif(_condition MATCHES "axes_agree<(cta::)?op::([a-z_]+)")
      set(_name "op::${CMAKE_MATCH_2} (axes)")
      set(_tag "${CMAKE_MATCH_2}")
    elseif(_condition MATCHES "quantizations_agree<(cta::)?op::([a-z_]+)")
      set(_name "op::${CMAKE_MATCH_2} (quantization)")
      set(_tag "${CMAKE_MATCH_2}")
    elseif(_condition MATCHES "element_types_agree<(cta::)?op::([a-z_]+)")
      set(_name "op::${CMAKE_MATCH_2} (element type)")
      set(_tag "${CMAKE_MATCH_2}")
    elseif(_condition MATCHES "options_agree<Operation")
      set(_name "attention options")
      set(_tag "")
    elseif(_condition MATCHES "stack_fits<Operation")
      set(_name "CTA_STACK_LIMIT")
      set(_tag "")
    elseif(_condition MATCHES "elements_match<")
      set(_name "CTA_EXPECT elements")
      set(_tag "")
    else()
      set(_extra FALSE)
      foreach(_start IN LISTS _extra_rules)
        string(FIND "${_message}" "${_start}" _found)
        if(_found EQUAL 0)
          set(_extra TRUE)
        endif()
      endforeach()
      if(NOT _extra)
        continue()
      endif()
      # Named by what the message introduces: "cta::matrix<T, Rows, Cols>", "cta::get<I>(m)".
      string(FIND "${_message}" ": " _colon)
      string(SUBSTRING "${_message}" 0 ${_colon} _name)
      set(_tag "")
    endif()
        set(_rule_${_rule_count}_name "${_name}")
    set(_rule_${_rule_count}_tag "${_tag}")
    set(_rule_${_rule_count}_where "${_where}")
    set(_rule_${_rule_count}_message "${_message}")
    string(FIND "${_message}" ": " _colon)
    if(_colon EQUAL -1)
      set(_rule_${_rule_count}_text "${_message}")
    else()
      math(EXPR _colon "${_colon} + 2")
      string(SUBSTRING "${_message}" ${_colon} -1 _rule_${_rule_count}_text)
    endif()
    math(EXPR _rule_count "${_rule_count} + 1")
  endwhile()
endforeach()

# The op tags of shape_check.hpp.
file(READ "${ROOT}/include/cta/detail/shape_check.hpp" _shape_check)
string(REPLACE ";" "${_sc}" _shape_check "${_shape_check}")
string(REGEX MATCH "namespace op {[^}]*}" _op_block "${_shape_check}")
string(REGEX MATCHALL "struct [a-z_]+" _tags "${_op_block}")
list(TRANSFORM _tags REPLACE "^struct " "")

# ---- The pairs -----------------------------------------------------------------------------------------------------

# Kept in global properties, so that the pairs made by functions of the CMakeLists.txt (such as the weight files'
# _cta_weights_compile_fail) are seen too.
set_property(GLOBAL PROPERTY _cta_pair_count 0)
function(cta_add_compile_fail_test _pair_name _pair_source)
  cmake_parse_arguments(PARSE_ARGV 2 _pair "" "" "REGEX;ANYWHERE")
  get_property(_n GLOBAL PROPERTY _cta_pair_count)
  set_property(GLOBAL PROPERTY _cta_pair_${_n}_name "${_pair_name}")
  set_property(GLOBAL PROPERTY _cta_pair_${_n}_source "${_pair_source}")
  set_property(GLOBAL PROPERTY _cta_pair_${_n}_regexes ${_pair_REGEX} ${_pair_ANYWHERE})
  math(EXPR _n "${_n} + 1")
  set_property(GLOBAL PROPERTY _cta_pair_count ${_n})
endfunction()
set(CMAKE_CURRENT_SOURCE_DIR "${ROOT}/tests/compile_fail")
include("${ROOT}/tests/compile_fail/CMakeLists.txt")
get_property(_pair_count GLOBAL PROPERTY _cta_pair_count)
if(_pair_count GREATER 0)
  math(EXPR _last "${_pair_count} - 1")
  foreach(_p RANGE ${_last})
    foreach(_field IN ITEMS name source regexes)
      get_property(_pair_${_p}_${_field} GLOBAL PROPERTY _cta_pair_${_p}_${_field})
    endforeach()
  endforeach()
endif()

# ---- Coverage ------------------------------------------------------------------------------------------------------

set(_errors "")
if(_rule_count EQUAL 0)
  message(FATAL_ERROR "No shape rule found in ${ROOT}/include/cta: is ROOT right?")
endif()
math(EXPR _last_rule "${_rule_count} - 1")
if(_pair_count GREATER 0)
  math(EXPR _last_pair "${_pair_count} - 1")
else()
  set(_last_pair -1)
endif()

# A pair's source must hold the mistake behind CTA_COMPILE_FAIL.
if(_last_pair GREATER_EQUAL 0)
  foreach(_p RANGE ${_last_pair})
    set(_file "${ROOT}/tests/compile_fail/${_pair_${_p}_source}")
    if(NOT EXISTS "${_file}")
      string(APPEND _errors "  pair ${_pair_${_p}_name}: ${_pair_${_p}_source} does not exist\n")
    else()
      file(READ "${_file}" _source_text)
      string(FIND "${_source_text}" "CTA_COMPILE_FAIL" _found)
      if(_found EQUAL -1)
        string(APPEND _errors "  pair ${_pair_${_p}_name}: ${_pair_${_p}_source} has no CTA_COMPILE_FAIL\n")
      endif()
    endif()
  endforeach()
endif()

set(_report "")
set(_covered 0)
foreach(_r RANGE ${_last_rule})
  set(_by "")
  if(_last_pair GREATER_EQUAL 0)
    foreach(_p RANGE ${_last_pair})
      foreach(_regex IN LISTS _pair_${_p}_regexes)
        if(NOT _rule_${_r}_text MATCHES "${_regex}")
          continue()
        endif()
        set(_only TRUE)
        foreach(_o RANGE ${_last_rule})
          if(NOT _o EQUAL _r AND _rule_${_o}_text MATCHES "${_regex}")
            set(_only FALSE)
          endif()
        endforeach()
        if(_only AND NOT _pair_${_p}_name IN_LIST _by)
          list(APPEND _by "${_pair_${_p}_name}")
        endif()
      endforeach()
    endforeach()
  endif()
  if(_by)
    math(EXPR _covered "${_covered} + 1")
    list(JOIN _by ", " _by_text)
    string(APPEND _report "  ${_rule_${_r}_name} (${_rule_${_r}_where}): ${_by_text}\n")
  else()
    string(APPEND _report "  ${_rule_${_r}_name} (${_rule_${_r}_where}): NO PAIR\n")
    string(APPEND _errors "  rule ${_rule_${_r}_name} in ${_rule_${_r}_where} has no compile-fail pair whose REGEX "
                          "or ANYWHERE matches its text, and no other rule's:\n    \"${_rule_${_r}_text}\"\n")
  endif()
endforeach()

foreach(_tag IN LISTS _tags)
  set(_has_rule FALSE)
  foreach(_r RANGE ${_last_rule})
    if(_rule_${_r}_tag STREQUAL _tag)
      set(_has_rule TRUE)
    endif()
  endforeach()
  if(NOT _has_rule)
    string(APPEND _errors "  op::${_tag} (shape_check.hpp) is the tag of no static_assert in the headers\n")
  endif()
endforeach()

list(LENGTH _tags _tag_count)
message("Shape rules, preconditions and weight-file reasons of the public headers (${_rule_count} rules, ${_tag_count} op tags) and the "
        "compile-fail pairs that check each (of ${_pair_count} pairs):\n${_report}")
if(_errors)
  message(FATAL_ERROR "Rules without a compile-fail pair:\n${_errors}"
                      "Add a pair in tests/compile_fail/ (cta_add_compile_fail_test) with a REGEX or ANYWHERE that "
                      "matches the rule's text only.")
endif()
message("${_covered} of ${_rule_count} rules have a pair.")
