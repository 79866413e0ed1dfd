// SPDX-License-Identifier: BSL-1.0
// What cta::tflite::open reads from a .tflite file, written as text by a constexpr function into a fixed buffer:
// the same lines as reference_dump.py writes with FlatBuffers' own Python library and the classes flatc generates
// from TensorFlow Lite's schema (tests/tflite/CMakeLists.txt compares them). One fact per line; lists as [a,b];
// floats as the hexadecimal of their 32 bits; names with bytes outside printable ASCII and backslashes as \xNN;
// a buffer's data as its size and its FNV-1a hash (32 bits).
#pragma once

#include <bit>
#include <cstddef>
#include <cstdint>

#include <cta/tflite.hpp>

namespace cta_test::tflite {

/// Text of at most N characters; `overflow` where more were written.
template <std::size_t N>
struct text {
    char chars[N]{};
    std::size_t size = 0;
    bool overflow = false;

    constexpr void put(char c) noexcept {
        if (size < N) {
            chars[size++] = c;
        } else {
            overflow = true;
        }
    }
    constexpr void put(const char* s) noexcept {
        while (*s != '\0') put(*s++);
    }
    constexpr void number(std::int64_t v) noexcept {
        if (v < 0) {
            put('-');
            // the magnitude as unsigned: INT64_MIN too
            unsigned_number(static_cast<std::uint64_t>(-(v + 1)) + 1);
        } else {
            unsigned_number(static_cast<std::uint64_t>(v));
        }
    }
    constexpr void unsigned_number(std::uint64_t v) noexcept {
        char digits[20]{};
        std::size_t n = 0;
        do {
            digits[n++] = static_cast<char>('0' + v % 10);
            v /= 10;
        } while (v != 0);
        while (n > 0) put(digits[--n]);
    }
    constexpr void hex(std::uint32_t v) noexcept {
        constexpr char digits[] = "0123456789abcdef";
        for (int shift = 28; shift >= 0; shift -= 4) put(digits[(v >> shift) & 15U]);
    }
    template <class Name>
    constexpr void name(const Name& s) noexcept {
        constexpr char digits[] = "0123456789abcdef";
        for (std::size_t i = 0; i < s.size(); ++i) {
            const auto c = static_cast<unsigned char>(s[i]);
            if (c < 0x20 || c > 0x7e || c == '\\') {
                put("\\x");
                put(digits[c >> 4U]);
                put(digits[c & 15U]);
            } else {
                put(static_cast<char>(c));
            }
        }
    }
    template <class List>
    constexpr void numbers(const List& l) noexcept {
        put('[');
        for (std::size_t i = 0; i < l.size(); ++i) {
            if (i > 0) put(',');
            number(static_cast<std::int64_t>(l[i]));
        }
        put(']');
    }
    template <class List>
    constexpr void floats(const List& l) noexcept {
        put('[');
        for (std::size_t i = 0; i < l.size(); ++i) {
            if (i > 0) put(',');
            hex(std::bit_cast<std::uint32_t>(l[i]));
        }
        put(']');
    }
};

/// FNV-1a, 32 bits, of a buffer's bytes.
template <class List>
constexpr std::uint32_t fnv1a(const List& bytes) noexcept {
    std::uint32_t h = 2166136261U;
    for (std::size_t i = 0; i < bytes.size(); ++i) {
        h ^= bytes[i];
        h *= 16777619U;
    }
    return h;
}

/// The options line of an operator whose options cta reads (none for the others).
template <std::size_t N, class Op>
constexpr void dump_options(text<N>& t, const Op& o) noexcept {
    using kind = cta::tflite::options_type;
    const auto flag = [&t](const char* label, bool b) {
        t.put(' ');
        t.put(label);
        t.put(b ? " 1" : " 0");
    };
    const auto value = [&t](const char* label, std::int64_t v) {
        t.put(' ');
        t.put(label);
        t.put(' ');
        t.number(v);
    };
    switch (o.options_type()) {
    case kind::fully_connected: {
        const auto f = o.fully_connected();
        value("activation", static_cast<std::int64_t>(f.fused_activation));
        value("weights_format", f.weights_format);
        flag("keep_num_dims", f.keep_num_dims);
        flag("asymmetric_quantize_inputs", f.asymmetric_quantize_inputs);
        break;
    }
    case kind::softmax:
        t.put(" beta ");
        t.hex(std::bit_cast<std::uint32_t>(o.softmax().beta));
        break;
    case kind::add:
    case kind::sub: {
        const auto a = o.add();
        value("activation", static_cast<std::int64_t>(a.fused_activation));
        flag("pot_scale_int16", a.pot_scale_int16);
        break;
    }
    case kind::mul: value("activation", static_cast<std::int64_t>(o.mul().fused_activation)); break;
    case kind::reducer: flag("keep_dims", o.reducer().keep_dims); break;
    case kind::batch_matmul: {
        const auto b = o.batch_matmul();
        flag("adj_x", b.adj_x);
        flag("adj_y", b.adj_y);
        flag("asymmetric_quantize_inputs", b.asymmetric_quantize_inputs);
        break;
    }
    case kind::gelu: flag("approximate", o.gelu().approximate); break;
    case kind::reshape:
        t.put(" new_shape ");
        t.numbers(o.new_shape());
        break;
    default: return;
    }
}

/// Every fact the reader reads of `m`, one per line.
template <std::size_t N, class Model>
constexpr void dump(text<N>& t, const Model& m) noexcept {
    t.put("version ");
    t.number(m.version());
    t.put("\ndescription ");
    t.name(m.description());
    t.put("\noperator_codes ");
    t.number(static_cast<std::int64_t>(m.operator_codes().size()));
    for (std::size_t i = 0; i < m.operator_codes().size(); ++i) {
        const auto c = m.operator_codes()[i];
        t.put("\ncode ");
        t.number(static_cast<std::int64_t>(i));
        t.put(" builtin ");
        t.number(static_cast<std::int64_t>(c.builtin()));
        t.put(" builtin_code ");
        t.number(c.builtin_code());
        t.put(" deprecated_builtin_code ");
        t.number(c.deprecated_builtin_code());
        t.put(" version ");
        t.number(c.version());
        t.put(" custom ");
        t.name(c.custom_code());
    }
    t.put("\nbuffers ");
    t.number(static_cast<std::int64_t>(m.buffers().size()));
    for (std::size_t i = 0; i < m.buffers().size(); ++i) {
        const auto data = m.buffers()[i].data();
        t.put("\nbuffer ");
        t.number(static_cast<std::int64_t>(i));
        t.put(" size ");
        t.number(static_cast<std::int64_t>(data.size()));
        t.put(" fnv1a ");
        t.hex(fnv1a(data));
    }
    t.put("\nsubgraphs ");
    t.number(static_cast<std::int64_t>(m.subgraphs().size()));
    for (std::size_t s = 0; s < m.subgraphs().size(); ++s) {
        const auto g = m.subgraphs()[s];
        t.put("\nsubgraph ");
        t.number(static_cast<std::int64_t>(s));
        t.put(" name ");
        t.name(g.name());
        t.put(" tensors ");
        t.number(static_cast<std::int64_t>(g.tensors().size()));
        t.put(" inputs ");
        t.numbers(g.inputs());
        t.put(" outputs ");
        t.numbers(g.outputs());
        t.put(" operators ");
        t.number(static_cast<std::int64_t>(g.operators().size()));
        for (std::size_t i = 0; i < g.tensors().size(); ++i) {
            const auto x = g.tensors()[i];
            t.put("\ntensor ");
            t.number(static_cast<std::int64_t>(s));
            t.put('.');
            t.number(static_cast<std::int64_t>(i));
            t.put(" type ");
            t.number(static_cast<std::int64_t>(x.type()));
            t.put(" buffer ");
            t.number(x.buffer());
            t.put(" variable ");
            t.number(x.is_variable() ? 1 : 0);
            t.put(" shape ");
            t.numbers(x.shape());
            t.put(" name ");
            t.name(x.name());
            if (x.has_quantization()) {
                const auto q = x.quantization();
                t.put("\nquantization ");
                t.number(static_cast<std::int64_t>(s));
                t.put('.');
                t.number(static_cast<std::int64_t>(i));
                t.put(" scale ");
                t.floats(q.scale());
                t.put(" zero_point ");
                t.numbers(q.zero_point());
                t.put(" min ");
                t.floats(q.min());
                t.put(" max ");
                t.floats(q.max());
                t.put(" dimension ");
                t.number(q.quantized_dimension());
            }
        }
        for (std::size_t i = 0; i < g.operators().size(); ++i) {
            const auto o = g.operators()[i];
            t.put("\noperator ");
            t.number(static_cast<std::int64_t>(s));
            t.put('.');
            t.number(static_cast<std::int64_t>(i));
            t.put(" opcode ");
            t.number(o.opcode_index());
            t.put(" inputs ");
            t.numbers(o.inputs());
            t.put(" outputs ");
            t.numbers(o.outputs());
            t.put(" options ");
            t.number(static_cast<std::int64_t>(o.options_type()));
            t.put(" :");
            dump_options(t, o);
        }
    }
    t.put('\n');
}

}  // namespace cta_test::tflite
