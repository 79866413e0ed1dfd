/// @file
/// @brief The library's version, read by CMake as well.
#pragma once

#define CTA_VERSION_MAJOR 0
#define CTA_VERSION_MINOR 1
#define CTA_VERSION_PATCH 0

/// @brief The version as one number: major * 10000 + minor * 100 + patch.
#define CTA_VERSION (CTA_VERSION_MAJOR * 10000 + CTA_VERSION_MINOR * 100 + CTA_VERSION_PATCH)
