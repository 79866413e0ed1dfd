# SPDX-License-Identifier: BSL-1.0
# Keeps documents true to the compiled sources they quote. A CMake script, run with `cmake -P`:
#
#   cmake [-DROOT=<source dir>] [-DDOCS=<doc>,<doc>...] [-DCHECK=all|snippets|numbers] [-DTRANSLATIONS=ON]
#         [-DUPDATE=ON] -P cmake/cta_check_snippets.cmake
#
# ROOT defaults to the directory above this file; DOCS (separated by commas or semicolons, relative to ROOT or
# absolute) to the tutorials and their translations, docs/tutorial.md, docs/tutorial.zh.md, docs/quantized.md,
# docs/quantized.zh.md, docs/transformer.md and docs/transformer.zh.md; CHECK to all.
#
# Snippets (CHECK=snippets). A code block quoted from a source is introduced by a marker line
#
#     <!-- snippet: examples/typed_tutorial.cpp#inputs -->
#
# directly followed by a ```cpp fenced block. The path is relative to ROOT; `inputs` names the region of that file
# between the lines `// [tutorial:inputs]` and `// [/tutorial:inputs]` (any lower-case word may stand for
# `tutorial`; a name is unique in its file). The block must equal the region: its lines without the two marker
# lines and without the marker lines of regions nested in it, without leading and trailing blank lines, with the
# indentation common to its non-blank lines removed; trailing blanks of a line do not count. The check fails, with
# the document, the line, the snippet and the first differing line, when a block differs from its region, when a
# marker names a file or region that does not exist or is not followed by a ```cpp block, and when a ```cpp (or
# ```c++) block has no marker. Fenced blocks of other languages (```text, ```sh) are not code to check.
#
# With -DUPDATE=ON the marked blocks are rewritten from their regions (a document is written only if it changes)
# and then checked: edit the source, run this, and the documents follow.
#
# Numbers (CHECK=numbers). Every number that a document's text shows must occur in a static_assert of the sources
# that the document's snippets come from. The text is everything outside the marked ```cpp blocks (which are the
# sources themselves), other fenced blocks included. The numbers checked are:
#   - a bracketed row of two or more numbers, [2, 4, 4] or [1.9366, 6.6831, 1.5951]: a static_assert must contain
#     the same numbers as a braced list, {2, 4, 4} (a row of a larger matrix literal counts);
#   - every other number with a decimal point, 0.0634: a static_assert must contain that number.
# Not checked: integers outside brackets (section numbers, years, shapes such as 3 x 4, "steps 7 to 10"), numbers
# with more than one dot (3.2.1), and link targets, the (...) after [text]. Numbers compare as decimals, without
# trailing zeros after the point: 0.50 is 0.5, 2.0 is 2, 0.0000 is 0. A static_assert is the text from
# "static_assert(" to the next ");" with // comments removed.
#
# With -DTRANSLATIONS=ON a translation must also quote the same snippets in the same order as its original and show
# the same set of checked numbers: a translation shows what the original shows. A translation is named after its
# original with a language before ".md" (docs/tutorial.zh.md translates docs/tutorial.md), and its original must be
# among DOCS. -DLIST_NUMBERS=ON lists the numbers checked.

cmake_minimum_required(VERSION 3.25)

if(NOT DEFINED ROOT)
  get_filename_component(ROOT "${CMAKE_CURRENT_LIST_DIR}/.." ABSOLUTE)
endif()
if(NOT DEFINED DOCS)
  set(DOCS "docs/tutorial.md,docs/tutorial.zh.md,docs/quantized.md,docs/quantized.zh.md,docs/transformer.md,"
           "docs/transformer.zh.md")
  string(REPLACE ";" "" DOCS "${DOCS}")
endif()
if(NOT DEFINED CHECK)
  set(CHECK all)
endif()
if(NOT CHECK MATCHES "^(all|snippets|numbers)$")
  message(FATAL_ERROR "cta_check_snippets: CHECK must be all, snippets or numbers, not '${CHECK}'")
endif()
string(REPLACE "," ";" DOCS "${DOCS}")

# Lines are handled as CMake list elements. Characters that lists treat specially are replaced by control
# characters while a line is a list element, and restored when it is shown or written.
string(ASCII 1 _sc)   # ;
string(ASCII 2 _lb)   # [
string(ASCII 3 _rb)   # ]
string(ASCII 4 _bs)   # backslash

# The lines of `text` as a list of escaped lines.
function(_cta_split_lines text out)
  string(REPLACE "\r\n" "\n" text "${text}")
  string(REPLACE "\\" "${_bs}" text "${text}")
  string(REPLACE ";" "${_sc}" text "${text}")
  string(REPLACE "[" "${_lb}" text "${text}")
  string(REPLACE "]" "${_rb}" text "${text}")
  string(REPLACE "\n" ";" text "${text}")
  set(${out} "${text}" PARENT_SCOPE)
endfunction()

# One escaped line (or a list of them, joined by newlines) as it reads.
function(_cta_unescape text out)
  string(REPLACE ";" "\n" text "${text}")
  string(REPLACE "${_sc}" ";" text "${text}")
  string(REPLACE "${_lb}" "[" text "${text}")
  string(REPLACE "${_rb}" "]" text "${text}")
  string(REPLACE "${_bs}" "\\" text "${text}")
  set(${out} "${text}" PARENT_SCOPE)
endfunction()

function(_cta_abs path out)
  if(IS_ABSOLUTE "${path}")
    set(${out} "${path}" PARENT_SCOPE)
  else()
    set(${out} "${ROOT}/${path}" PARENT_SCOPE)
  endif()
endfunction()

# Adds a message, the concatenation of the arguments, to _errors in the caller's scope (arguments one by one, so
# that semicolons in them stay).
set(_errors "")
function(_cta_error)
  set(text "")
  math(EXPR last "${ARGC} - 1")
  foreach(i RANGE ${last})
    string(APPEND text "${ARGV${i}}")
  endforeach()
  set(_errors "${_errors}\n${text}\n" PARENT_SCOPE)
endfunction()
set(_update_hint "\n  (cmake -DUPDATE=ON -P cmake/cta_check_snippets.cmake rewrites the docs from the sources)")

# ---- Sources: their regions ---------------------------------------------------------------------------------------

# A region marker line, escaped: `// [tutorial:name]` or `// [/tutorial:name]`.
set(_marker_re "^[ \t]*//[ \t]*${_lb}(/?)[a-z_]+:([A-Za-z0-9_.-]+)${_rb}[ \t]*$")

# Reads a source once and stores each region as _region_<source>__<name> (escaped lines, dedented), the region
# names in order as _regions_<source>, and problems with its markers as _source_error_<source>.
function(_cta_load_source source)
  if(DEFINED _loaded_${source})
    return()
  endif()
  set(_loaded_${source} TRUE PARENT_SCOPE)
  _cta_abs("${source}" path)
  if(NOT EXISTS "${path}")
    set(_source_error_${source} "${source} does not exist" PARENT_SCOPE)
    return()
  endif()
  file(READ "${path}" text)
  _cta_split_lines("${text}" lines)
  set(open "")        # names of the regions open at this line
  set(names "")
  set(problems "")
  set(number 0)
  foreach(line IN LISTS lines)
    math(EXPR number "${number} + 1")
    if(line MATCHES "${_marker_re}")
      set(name "${CMAKE_MATCH_2}")
      if(CMAKE_MATCH_1 STREQUAL "")
        if(name IN_LIST names)
          string(APPEND problems "${source}:${number}: region '${name}' is opened a second time. ")
        endif()
        list(APPEND names "${name}")
        list(APPEND open "${name}")
        set(body_${name} "")
        set(nonempty_${name} FALSE)
      elseif(NOT name IN_LIST open)
        string(APPEND problems "${source}:${number}: region '${name}' is closed but not open. ")
      else()
        list(REMOVE_ITEM open "${name}")
      endif()
      continue()
    endif()
    foreach(name IN LISTS open)
      if(nonempty_${name})
        string(APPEND body_${name} ";${line}")
      else()
        set(body_${name} "${line}")
        set(nonempty_${name} TRUE)
      endif()
    endforeach()
  endforeach()
  foreach(name IN LISTS open)
    string(APPEND problems "${source}: region '${name}' is not closed (no // [/...:${name}] line). ")
  endforeach()

  foreach(name IN LISTS names)
    # Trim, find the common indentation, dedent.
    set(body "")
    set(indent 100000)
    foreach(line IN LISTS body_${name})
      string(REGEX REPLACE "[ \t]+$" "" line "${line}")
      list(APPEND body "${line}")
      if(NOT line STREQUAL "")
        string(REGEX REPLACE "^[ \t]+" "" stripped "${line}")
        string(LENGTH "${line}" n)
        string(LENGTH "${stripped}" m)
        math(EXPR n "${n} - ${m}")
        if(n LESS indent)
          set(indent ${n})
        endif()
      endif()
    endforeach()
    set(dedented "")
    set(started FALSE)
    set(blanks 0)
    foreach(line IN LISTS body)
      if(line STREQUAL "")
        if(started)
          math(EXPR blanks "${blanks} + 1")
        endif()
        continue()
      endif()
      # Blank lines seen since the last non-blank one belong inside the region.
      while(blanks GREATER 0)
        list(APPEND dedented "")
        math(EXPR blanks "${blanks} - 1")
      endwhile()
      string(SUBSTRING "${line}" ${indent} -1 line)
      list(APPEND dedented "${line}")
      set(started TRUE)
    endforeach()
    set(_region_${source}__${name} "${dedented}" PARENT_SCOPE)
  endforeach()
  set(_regions_${source} "${names}" PARENT_SCOPE)
  set(_source_error_${source} "${problems}" PARENT_SCOPE)
endfunction()

# ---- Documents: snippet blocks ------------------------------------------------------------------------------------

set(_snippet_re "^<!--[ \t]*snippet:[ \t]*([^ \t#]+)#([A-Za-z0-9_.-]+)[ \t]*-->[ \t]*$")
set(_fence_re "^[ ]*```+[ \t]*([^ \t]*)")
set(_fence_close_re "^[ ]*```+[ \t]*$")

# Walks one document: checks (or with UPDATE rewrites) its snippet blocks, and collects its text lines outside
# them for the numbers, its snippets in order and its sources.
function(_cta_check_doc doc)
  _cta_abs("${doc}" path)
  if(NOT EXISTS "${path}")
    _cta_error("${doc}: the document does not exist")
    set(_errors "${_errors}" PARENT_SCOPE)
    return()
  endif()
  file(READ "${path}" text)
  _cta_split_lines("${text}" lines)

  set(out "")            # the document as rewritten (UPDATE)
  set(prose "")          # "<line number>:<escaped line>" for each text line
  set(snippets "")       # source#name, in order
  set(sources "")
  set(state text)        # text | marker (a marker was just read) | snippet | other (inside a fenced block)
  set(number 0)
  foreach(line IN LISTS lines)
    math(EXPR number "${number} + 1")
    if(state STREQUAL "snippet")
      if(line MATCHES "${_fence_close_re}")
        # The block ends: compare it with its region.
        if(region_ok)
          _cta_compare("${block}" "${region}" "${doc}" ${block_start} "${source}#${name}")
          if(UPDATE)
            foreach(r IN LISTS region)
              list(APPEND out "${r}")
            endforeach()
          else()
            foreach(b IN LISTS block)
              list(APPEND out "${b}")
            endforeach()
          endif()
        else()
          foreach(b IN LISTS block)
            list(APPEND out "${b}")
          endforeach()
        endif()
        list(APPEND out "${line}")
        set(state text)
      else()
        if(block_empty)
          set(block "${line}")
          set(block_empty FALSE)
        else()
          string(APPEND block ";${line}")
        endif()
      endif()
      continue()
    endif()
    list(APPEND out "${line}")
    if(state STREQUAL "other")
      if(line MATCHES "${_fence_close_re}")
        set(state text)
      else()
        list(APPEND prose "${number}:${line}")
      endif()
      continue()
    endif()
    if(state STREQUAL "marker")
      if(NOT line MATCHES "${_fence_re}" OR NOT CMAKE_MATCH_1 MATCHES "^(cpp|c\\+\\+|C\\+\\+|cxx)$")
        _cta_error("${doc}:${marker_line}: the marker of snippet ${source}#${name} "
                   "must be followed directly by a ```cpp block")
        set(state text)
      else()
        set(state snippet)
        set(block "")
        set(block_empty TRUE)
        math(EXPR block_start "${number} + 1")
        continue()
      endif()
    endif()
    if(line MATCHES "${_snippet_re}")
      set(source "${CMAKE_MATCH_1}")
      set(name "${CMAKE_MATCH_2}")
      set(marker_line ${number})
      list(APPEND snippets "${source}#${name}")
      if(NOT source IN_LIST sources)
        list(APPEND sources "${source}")
      endif()
      _cta_load_source("${source}")
      set(region_ok FALSE)
      if(NOT _source_error_${source} STREQUAL "")
        _cta_error("${doc}:${number}: snippet ${source}#${name}: ${_source_error_${source}}")
      elseif(NOT name IN_LIST _regions_${source})
        _cta_error("${doc}:${number}: snippet ${source}#${name}: ${source} has no region '${name}' "
                   "(no line // [tutorial:${name}])")
      else()
        set(region "${_region_${source}__${name}}")
        set(region_ok TRUE)
      endif()
      set(state marker)
    elseif(line MATCHES "${_fence_re}")
      if(CMAKE_MATCH_1 MATCHES "^(cpp|c\\+\\+|C\\+\\+|cxx)$")
        _cta_error("${doc}:${number}: a ```${CMAKE_MATCH_1} block without a snippet marker: C++ in the docs is "
                   "quoted from a compiled source, introduced by a line <!-- snippet: <source>#<region> -->")
        set(state snippet)
        set(region_ok FALSE)
        set(block "")
        set(block_empty TRUE)
      else()
        set(state other)
      endif()
    else()
      list(APPEND prose "${number}:${line}")
    endif()
  endforeach()
  if(state STREQUAL "snippet" OR state STREQUAL "other")
    _cta_error("${doc}: a fenced block is not closed")
  endif()

  if(UPDATE AND CHECK MATCHES "^(all|snippets)$")
    _cta_unescape("${out}" new_text)
    if(NOT new_text STREQUAL text)
      file(WRITE "${path}" "${new_text}")
      message(STATUS "cta_check_snippets: rewrote the snippets of ${doc} from their sources")
    endif()
  endif()

  set(_errors "${_errors}" PARENT_SCOPE)
  set(_prose_${doc} "${prose}" PARENT_SCOPE)
  set(_snippets_${doc} "${snippets}" PARENT_SCOPE)
  set(_sources_${doc} "${sources}" PARENT_SCOPE)
endfunction()

# Compares a block (escaped lines) with its region; an error names the first differing line.
function(_cta_compare block region doc start snippet)
  if(UPDATE)
    return()
  endif()
  set(b "")
  foreach(line IN LISTS block)
    string(REGEX REPLACE "[ \t]+$" "" line "${line}")
    list(APPEND b "${line}")
  endforeach()
  list(LENGTH b nb)
  list(LENGTH region nr)
  set(i 0)
  while(i LESS nb AND i LESS nr)
    list(GET b ${i} x)
    list(GET region ${i} y)
    if(NOT x STREQUAL y)
      math(EXPR at "${start} + ${i}")
      _cta_unescape("${x}" x)
      _cta_unescape("${y}" y)
      math(EXPR i "${i} + 1")
      _cta_error("${doc}:${at}: snippet ${snippet} differs from its source, first at line ${i} of the block:"
                 "\n  docs:   ${x}\n  source: ${y}" "${_update_hint}")
      set(_errors "${_errors}" PARENT_SCOPE)
      return()
    endif()
    math(EXPR i "${i} + 1")
  endwhile()
  if(NOT nb EQUAL nr)
    math(EXPR at "${start} + ${i}")
    if(nb LESS nr)
      list(GET region ${i} y)
      _cta_unescape("${y}" y)
      _cta_error("${doc}:${at}: snippet ${snippet} differs from its source: the block ends at line ${at}, "
                 "where the source goes on with\n  source: ${y}" "${_update_hint}")
    else()
      list(GET b ${i} x)
      _cta_unescape("${x}" x)
      _cta_error("${doc}:${at}: snippet ${snippet} differs from its source: the source region ends here, "
                 "where the block goes on with\n  docs:   ${x}" "${_update_hint}")
    endif()
    set(_errors "${_errors}" PARENT_SCOPE)
  endif()
endfunction()

# ---- Numbers ------------------------------------------------------------------------------------------------------

# A number as compared: no trailing zeros after the decimal point, no point left alone.
function(_cta_normal_number n out)
  if(n MATCHES "^-?[0-9]+\\.[0-9]+$")
    string(REGEX REPLACE "0+$" "" n "${n}")
    string(REGEX REPLACE "\\.$" "" n "${n}")
  endif()
  set(${out} "${n}" PARENT_SCOPE)
endfunction()

# The static_asserts of a source: one string without blanks, numbers normalised (_asserts_<source>), and the
# numbers in them (_assert_numbers_<source>).
function(_cta_load_asserts source)
  if(DEFINED _asserts_${source})
    return()
  endif()
  _cta_abs("${source}" path)
  set(asserts "")
  if(EXISTS "${path}")
    file(READ "${path}" text)
    string(REGEX REPLACE "//[^\n]*" "" text "${text}")
    while(TRUE)
      string(FIND "${text}" "static_assert(" at)
      if(at EQUAL -1)
        break()
      endif()
      string(SUBSTRING "${text}" ${at} -1 text)
      string(FIND "${text}" ");" end)
      if(end EQUAL -1)
        set(end -1)
        string(APPEND asserts "${text}")
        break()
      endif()
      math(EXPR end "${end} + 2")
      string(SUBSTRING "${text}" 0 ${end} one)
      string(APPEND asserts "${one}\n")
      string(SUBSTRING "${text}" ${end} -1 text)
    endwhile()
  endif()
  string(REGEX REPLACE "[ \t\r\n]+" "" asserts "${asserts}")
  string(APPEND asserts " ")
  string(REGEX REPLACE "([0-9]\\.[0-9]*[1-9])0+([^0-9])" "\\1\\2" asserts "${asserts}")
  string(REGEX REPLACE "([0-9])\\.0+([^0-9])" "\\1\\2" asserts "${asserts}")
  string(REGEX MATCHALL "[0-9]+(\\.[0-9]+)?" numbers "${asserts}")
  list(REMOVE_DUPLICATES numbers)
  set(_asserts_${source} "${asserts}" PARENT_SCOPE)
  set(_assert_numbers_${source} "${numbers}" PARENT_SCOPE)
endfunction()

set(_row_re "\\[[ ]*-?[0-9]+(\\.[0-9]+)?([ ]*,[ ]*-?[0-9]+(\\.[0-9]+)?)+[ ]*\\]")

# Checks the numbers of one document's text against the static_asserts of its sources.
function(_cta_check_numbers doc)
  set(sources "${_sources_${doc}}")
  if(sources STREQUAL "")
    return()
  endif()
  foreach(source IN LISTS sources)
    _cta_load_asserts("${source}")
  endforeach()
  string(REPLACE ";" ", " source_names "${sources}")
  set(seen "")
  foreach(entry IN LISTS _prose_${doc})
    string(REGEX MATCH "^([0-9]+):(.*)$" _ "${entry}")
    set(number "${CMAKE_MATCH_1}")
    _cta_unescape("${CMAKE_MATCH_2}" line)
    string(REGEX REPLACE "\\]\\([^)]*\\)" "]" line "${line}")   # link targets
    # Bracketed rows.
    string(REGEX MATCHALL "${_row_re}" rows "${line}")
    string(REGEX REPLACE "${_row_re}" " " rest "${line}")
    foreach(row IN LISTS rows)
      string(REPLACE "[" "" items "${row}")
      string(REPLACE "]" "" items "${items}")
      string(REPLACE " " "" items "${items}")
      string(REPLACE "," ";" items "${items}")
      set(normal "")
      foreach(item IN LISTS items)
        _cta_normal_number("${item}" item)
        list(APPEND normal "${item}")
      endforeach()
      string(REPLACE ";" "," normal "${normal}")
      set(normal "{${normal}}")
      list(APPEND seen "${normal}")
      set(found FALSE)
      foreach(source IN LISTS sources)
        string(FIND "${_asserts_${source}}" "${normal}" at)
        if(NOT at EQUAL -1)
          set(found TRUE)
        endif()
      endforeach()
      if(NOT found)
        _cta_error("${doc}:${number}: the row ${row} is not asserted: "
                   "no static_assert in ${source_names} contains the numbers ${normal}")
      endif()
    endforeach()
    # Other numbers with a decimal point.
    string(REGEX MATCHALL "[0-9]+(\\.[0-9]+)+" decimals "${rest}")
    foreach(decimal IN LISTS decimals)
      if(decimal MATCHES "\\..*\\.")
        continue()   # 3.2.1: not a number
      endif()
      _cta_normal_number("${decimal}" normal)
      list(APPEND seen "${normal}")
      set(found FALSE)
      foreach(source IN LISTS sources)
        if(normal IN_LIST _assert_numbers_${source})
          set(found TRUE)
        endif()
      endforeach()
      if(NOT found)
        _cta_error("${doc}:${number}: the number ${decimal} is not asserted: "
                   "no static_assert in ${source_names} contains ${normal}")
      endif()
    endforeach()
  endforeach()
  list(REMOVE_DUPLICATES seen)
  list(SORT seen)
  set(_errors "${_errors}" PARENT_SCOPE)
  set(_numbers_${doc} "${seen}" PARENT_SCOPE)
endfunction()

# ---- Run ------------------------------------------------------------------------------------------------------------

foreach(doc IN LISTS DOCS)
  _cta_check_doc("${doc}")
endforeach()
if(CHECK STREQUAL "numbers")
  # Snippet problems are CHECK=snippets' to report; the walk above only collected the text.
  set(_errors "")
endif()
if(CHECK MATCHES "^(all|numbers)$")
  foreach(doc IN LISTS DOCS)
    _cta_check_numbers("${doc}")
  endforeach()
endif()

if(TRANSLATIONS)
  foreach(doc IN LISTS DOCS)
    # <name>.<language>.md translates <name>.md.
    if(NOT doc MATCHES "^(.*)\\.[a-z][a-z](-[A-Za-z]+)?\\.md$")
      continue()
    endif()
    set(_original "${CMAKE_MATCH_1}.md")
    if(NOT _original IN_LIST DOCS)
      _cta_error("${doc} is a translation, and its original, ${_original}, is not among the documents checked")
      continue()
    endif()
    if(CHECK MATCHES "^(all|snippets)$" AND NOT _snippets_${doc} STREQUAL _snippets_${_original})
      string(REPLACE ";" "\n    " a "${_snippets_${_original}}")
      string(REPLACE ";" "\n    " b "${_snippets_${doc}}")
      _cta_error("${doc} and ${_original} must quote the same snippets in the same order:"
                 "\n  ${_original}:\n    ${a}\n  ${doc}:\n    ${b}")
    endif()
    if(CHECK MATCHES "^(all|numbers)$")
      set(_only_original "${_numbers_${_original}}")
      set(_only_doc "${_numbers_${doc}}")
      if(_numbers_${doc})
        list(REMOVE_ITEM _only_original ${_numbers_${doc}})
      endif()
      if(_numbers_${_original})
        list(REMOVE_ITEM _only_doc ${_numbers_${_original}})
      endif()
      if(_only_original OR _only_doc)
        string(REPLACE ";" " " a "${_only_original}")
        string(REPLACE ";" " " b "${_only_doc}")
        _cta_error("${doc} and ${_original} must show the same numbers:"
                   "\n  only in ${_original}: ${a}\n  only in ${doc}: ${b}")
      endif()
    endif()
  endforeach()
endif()

if(NOT _errors STREQUAL "")
  message(FATAL_ERROR "cta_check_snippets (${CHECK}) failed:\n${_errors}")
endif()
foreach(doc IN LISTS DOCS)
  list(LENGTH _snippets_${doc} _n_snippets)
  set(_summary "${_n_snippets} snippet blocks")
  if(CHECK MATCHES "^(all|numbers)$")
    list(LENGTH _numbers_${doc} _n_numbers)
    string(APPEND _summary ", ${_n_numbers} distinct numbers")
    if(LIST_NUMBERS)
      string(REPLACE ";" " " _list "${_numbers_${doc}}")
      string(APPEND _summary ": ${_list}")
    endif()
  endif()
  message(STATUS "cta_check_snippets (${CHECK}): ${doc}: OK (${_summary})")
endforeach()
