// Reading one input buffer's values from a test case: a literal list, or a generator object
// ({"uniform": [lo, hi]}, {"segments": [[count, GENERATOR], ...]}, ...; docs/formats.md). Split
// from spec/testcase.cpp, which reads the rest of a case.
#pragma once

#include <cstddef>

#include "spec/challenge.hpp"
#include "spec/json_reader.hpp"
#include "spec/testcase.hpp"
#include "util/result.hpp"

namespace judge::spec {

// Whether v fits the element type t (an integer type takes integers in its range); the error
// names `at`.
Status check_value_fits(double v, DType t, const JsonPath& at);
// The element count of buffer p at these scalars (the product of its shape), or an error at `at`.
Result<std::size_t> element_count(const Param& p, const ScalarValues& scalars, const JsonPath& at);
// The values of buffer p in case tc: `j` is a literal list (its length the buffer's) or one
// generator object; errors name the JSON path.
Result<InputSource> read_input(const Json& j, const JsonPath& at, const Param& p, const TestCase& tc);

}  // namespace judge::spec
