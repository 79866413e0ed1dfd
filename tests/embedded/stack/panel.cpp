// SPDX-License-Identifier: BSL-1.0
// The panel of b that cta's run-time products copy a slice of k into (include/cta/operations.hpp), for
// docs/embedded.md's "Stack" section: compiled to assembly by tests/embedded/embedded_figures.cmake for each target,
// whose constants below it reads. CTA_HAVE_VECTORS is 0 where the products are plain loops, without a panel.
#include <cstddef>

#include <cta/operations.hpp>

extern "C" const std::size_t cta_panel_vectors, cta_panel_depth;
extern "C" const std::size_t cta_panel_vectors = CTA_HAVE_VECTORS;
// The most rows of b a panel holds: the deepest slice of k taken at once.
extern "C" const std::size_t cta_panel_depth = cta::detail::panel_depth;

#if CTA_HAVE_VECTORS
namespace d = cta::detail;
extern "C" const std::size_t cta_panel_vector_bytes, cta_panel_block_rows, cta_panel_block_vectors,
    cta_panel_float_bytes, cta_panel_double_bytes, cta_panel_narrow_bytes;
// The vector registers, and the blocks of rows x vectors of the result that the wide strips take.
extern "C" const std::size_t cta_panel_vector_bytes = d::vector_bytes;
extern "C" const std::size_t cta_panel_block_rows = d::block_rows;
extern "C" const std::size_t cta_panel_block_vectors = d::block_vectors;
// The panel of the wide strips for k >= panel_depth, of float and of double.
extern "C" const std::size_t cta_panel_float_bytes = sizeof(d::panel_t<float, d::panel_depth, d::block_vectors>);
extern "C" const std::size_t cta_panel_double_bytes = sizeof(d::panel_t<double, d::panel_depth, d::block_vectors>);
// The panel of the strips of 2 vectors that take the columns the wide strips leave, where those are wider.
extern "C" const std::size_t cta_panel_narrow_bytes =
    d::block_vectors == 2 ? 0 : sizeof(d::panel_t<double, d::panel_depth, 2>);
#endif
