// SPDX-License-Identifier: BSL-1.0
/// @file
/// @brief `CTA_STACK_LIMIT`: the most automatic storage (bytes) a function of cta may take for the matrices it
/// computes, and how a function that would take more stops the build.
///
/// The attention functions that return their results keep every step in automatic storage: on the stack at run
/// time, where a thread has a few MiB (8 MiB for Linux's main thread, far less on a microcontroller), and where an
/// overflow is a crash rather than an error. Each checks, while it compiles, the bytes it holds at once (the record
/// it returns, or the steps it keeps to compute its outputs) against `CTA_STACK_LIMIT`, 1 MiB unless defined before
/// cta is included (like Eigen's `EIGEN_STACK_ALLOCATION_LIMIT`); above it the build stops with
/// `stack_fits<operation, bytes, limit>`, which names both numbers. The `_into` functions
/// (`cta::self_attention_steps_into`, `cta::cross_attention_steps_into`) write into a record the caller provides,
/// static or on the heap, and take no automatic storage for the matrices.
#pragma once

#include <cstddef>

#ifndef CTA_STACK_LIMIT
/// @brief The most automatic storage, in bytes, for the matrices of one function of cta: 1 MiB unless defined before.
#define CTA_STACK_LIMIT 1048576
#endif

namespace cta {

/// @brief The most automatic storage, in bytes, that a function of cta takes for its matrices: `CTA_STACK_LIMIT`.
inline constexpr std::size_t stack_limit = CTA_STACK_LIMIT;

/// @brief Never true: the condition of the `static_assert` that reports an `Operation` whose matrices take `Bytes`
/// bytes of automatic storage, more than `Limit` (`CTA_STACK_LIMIT`).
template <class Operation, std::size_t Bytes, std::size_t Limit>
inline constexpr bool stack_fits = false;

}  // namespace cta
