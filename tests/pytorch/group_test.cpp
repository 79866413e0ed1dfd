// SPDX-License-Identifier: BSL-1.0
// PyTorch's reference cases of one group (data/cases.hpp; the group is CTA_PYTORCH_GROUP, one of MODULES, ATTENTION,
// ENCODER and DECODER, named CTA_PYTORCH_GROUP_NAME: this file is compiled once per group), computed by the library:
// each case's outputs, loaded and computed in a constant evaluation, are within the bound of PyTorch's
// (static_assert: the build is the proof), and at run time the same computation gives the same bits (unless
// CTA_PYTORCH_PROOF_ONLY is defined: the proof alone, for the configurations of CTA_PYTORCH_RUN_TIME=OFF).
#ifndef CTA_PYTORCH_PROOF_ONLY
#include "catch.hpp"
#endif

#include "data/cases.hpp"
#include "compare.hpp"

#define CTA_PYTORCH_JOIN(a, b) a##b
#define CTA_PYTORCH_CASES_OF(group) CTA_PYTORCH_JOIN(CTA_PYTORCH_CASES_, group)

namespace {

#define CTA_PYTORCH_PROOF(c)                                                                                      \
    static_assert(pytorch_test::within_bound<pytorch_cases::c>(pytorch_test::at_compile_time<pytorch_cases::c>), \
                  "cta::pytorch: case " #c " differs from PyTorch's outputs by more than the bound");
CTA_PYTORCH_CASES_OF(CTA_PYTORCH_GROUP)(CTA_PYTORCH_PROOF)
#undef CTA_PYTORCH_PROOF

#ifndef CTA_PYTORCH_PROOF_ONLY
template <class Case>
void check_run_time() {
    const auto at_run_time = pytorch_test::run<Case>();
    INFO(Case::name << ": largest difference from PyTorch " << at_run_time.error << " (bound "
                    << pytorch_test::bound<typename Case::T>(at_run_time.scale) << ")");
    CHECK(pytorch_test::same_bits(at_run_time, pytorch_test::at_compile_time<Case>));
    CHECK(pytorch_test::within_bound<Case>(at_run_time));
}
#endif

}  // namespace

#ifndef CTA_PYTORCH_PROOF_ONLY
TEST_CASE(CTA_PYTORCH_GROUP_NAME ": run time gives the compile-time bits, within the bound of PyTorch's") {
#define CTA_PYTORCH_RUN(c) check_run_time<pytorch_cases::c>();
    CTA_PYTORCH_CASES_OF(CTA_PYTORCH_GROUP)(CTA_PYTORCH_RUN)
#undef CTA_PYTORCH_RUN
}
#endif
