// SPDX-License-Identifier: BSL-1.0
/// @file
/// @brief The library's version, read by CMake as well.
#pragma once

/// @brief The major version number.
#define CTA_VERSION_MAJOR 0
/// @brief The minor version number.
#define CTA_VERSION_MINOR 1
/// @brief The patch version number.
#define CTA_VERSION_PATCH 0

/// @brief The version as one number: major * 10000 + minor * 100 + patch.
#define CTA_VERSION (CTA_VERSION_MAJOR * 10000 + CTA_VERSION_MINOR * 100 + CTA_VERSION_PATCH)
