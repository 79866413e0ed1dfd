# SPDX-License-Identifier: BSL-1.0
# The check of the Arm tools that the embedded tests' driver (run_qemu.cmake) and the figures scripts share.
include_guard(GLOBAL)

# Stops the script (a macro, so that its return() returns from the script), printing "cta-embedded: skipped: ...",
# when ARM_NONE_EABI_GXX or QEMU_SYSTEM_ARM is not set.
macro(cta_skip_without_arm_tools)
  if(NOT ARM_NONE_EABI_GXX)
    message("cta-embedded: skipped: arm-none-eabi-g++ not found (bash .ci/install-deps --all installs it)")
    return()
  endif()
  if(NOT QEMU_SYSTEM_ARM)
    message("cta-embedded: skipped: qemu-system-arm not found (bash .ci/install-deps --all installs it)")
    return()
  endif()
endmacro()
