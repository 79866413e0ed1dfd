# SPDX-License-Identifier: BSL-1.0
# cta_python_with(<out> <module>): the Python interpreter that can import <module>, for the tests that need a
# package of the system's Python (NumPy, PyTorch; Debian: python3-numpy, python3-torch). That is Python3_EXECUTABLE
# if it can; where the python3 found first is another one (a virtual environment, pyenv) that cannot, the system's
# /usr/bin/python3 if it can; else Python3_EXECUTABLE still, whose test then exits with 77 (skipped).
function(cta_python_with out module)
  set(python "${Python3_EXECUTABLE}")
  execute_process(COMMAND "${Python3_EXECUTABLE}" -c "import ${module}" RESULT_VARIABLE status
                  OUTPUT_QUIET ERROR_QUIET)
  if(NOT status EQUAL 0)
    find_program(CTA_SYSTEM_PYTHON3 python3 PATHS /usr/bin NO_DEFAULT_PATH)
    if(CTA_SYSTEM_PYTHON3)
      execute_process(COMMAND "${CTA_SYSTEM_PYTHON3}" -c "import ${module}" RESULT_VARIABLE status
                      OUTPUT_QUIET ERROR_QUIET)
      if(status EQUAL 0)
        set(python "${CTA_SYSTEM_PYTHON3}")
      endif()
    endif()
  endif()
  set(${out} "${python}" PARENT_SCOPE)
endfunction()
