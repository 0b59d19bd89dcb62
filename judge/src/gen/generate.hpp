// Deterministic input data. Element i of a buffer is a pure function of
// (seed, buffer name, i, generator), so any element can be regenerated on its own and the
// same code can later run on a GPU.
#pragma once

#include <cstddef>
#include <cstdint>
#include <string>
#include <string_view>

#include "spec/dtype.hpp"
#include "spec/testcase.hpp"

namespace judge::gen {

// Bump when any generated value changes (a distribution, the counter layout, rounding): cached
// test data made by an older generator is then never used (judging/data_key.hpp).
inline constexpr int kGeneratorVersion = 1;

// The value of element i of `count` before it is rounded to the buffer's type (`floating`: the
// type is a floating one; integer types get integer values from `sorted` and `sparse`). With
// segments, the segment holding i makes it: positions count from the segment's first element, the
// random draw is still element i's.
double generate_value(const spec::InputSource& src, std::uint64_t seed, std::uint64_t stream, std::size_t i,
                      std::size_t count, bool floating = true);

// The segments of `src` as text, for the keys of cached data and baselines (judging/data_key,
// baseline/case_key): " segments [count kind a b nnz] ...", exact (%a); empty without segments, so
// the keys of every other input stay as they were.
std::string segments_key_text(const spec::InputSource& src);

// Stream id of a buffer name (64-bit FNV-1a), used as part of the Philox counter.
std::uint64_t stream_of(std::string_view buffer_name);

// Fills `count` elements of type `t` at `dst`. Large buffers are filled on several threads.
void generate(const spec::InputSource& src, spec::DType t, std::uint64_t seed, std::string_view buffer_name, void* dst,
              std::size_t count);

}  // namespace judge::gen
