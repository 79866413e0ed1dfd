// SPDX-License-Identifier: BSL-1.0
// What the programs of tests/embedded/quantized share to have their instructions counted
// (tests/embedded/quantized_figures.cmake): the marker functions cta_measure_begin and cta_measure_end, whose
// first instructions QEMU's trace shows, the command line `measure` that asks for a measured run, and the lines such
// a run prints, `measure: <name>|<multiply-accumulates>|<outputs>`, one for the markers alone first. Each program is
// one translation unit that includes this header once.
#pragma once

#include <cstddef>
#include <cstdint>

#include "line.hpp"

// The markers of a measured call: functions that do nothing, never inlined.
extern "C" [[gnu::noipa, gnu::used]] void cta_measure_begin() { asm volatile("" ::: "memory"); }
extern "C" [[gnu::noipa, gnu::used]] void cta_measure_end() { asm volatile("" ::: "memory"); }

namespace {

/// Whether the program's command line (semihosting) is `measure`.
bool measuring() {
    char command_line[16] = {};
    if (!semihosting::command_line(command_line, sizeof command_line)) return false;
    const char* word = "measure";
    std::size_t i = 0;
    while (word[i] != '\0' && command_line[i] == word[i]) ++i;
    return word[i] == '\0' && command_line[i] == '\0';
}

/// The markers with nothing between them (the instructions of the markers themselves), and their line.
void measure_markers() {
    cta_measure_begin();
    cta_measure_end();
    (line{} << "measure: the markers alone|0|0").print();
}

/// Case `C`'s call once between the markers, after `C::prepare()`, and its line.
template <class C>
void measure() {
    C::prepare();
    cta_measure_begin();
    C::compute();
    cta_measure_end();
    line out;
    out << "measure: " << C::name << '|';
    out.decimal(C::macs) << '|';
    out.decimal(C::outputs).print();
}

}  // namespace
