// SPDX-License-Identifier: BSL-1.0
// Prints one line per cta::weights::status, "<name> <describe(status)>", the name as files.manifest spells it: the
// reasons corpus.cmake requires in cta-weights' messages for the bad files of tests/weights/files.
#include <cstdio>

#include <cta/weights.hpp>

#include "../status_name.hpp"

int main() {
    for (auto s = static_cast<unsigned>(cta::weights::status::ok); s <= static_cast<unsigned>(test::last_status); ++s) {
        const auto st = static_cast<cta::weights::status>(s);
        std::printf("%s %s\n", test::status_name(st), cta::weights::describe(st));
    }
    return 0;
}
