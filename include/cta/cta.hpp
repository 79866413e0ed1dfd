// SPDX-License-Identifier: BSL-1.0
/// @file
/// @brief The whole library except printing: include `<cta/io.hpp>` as well to print matrices and steps.
#pragma once

#include <cta/attention.hpp>
#include <cta/attention_steps.hpp>
#include <cta/batch.hpp>
#include <cta/check.hpp>
#include <cta/compare.hpp>
#include <cta/math.hpp>
#include <cta/multi_head.hpp>
#include <cta/multi_head_steps.hpp>
#include <cta/matrix.hpp>
#include <cta/operations.hpp>
#include <cta/softmax.hpp>
#include <cta/version.hpp>
