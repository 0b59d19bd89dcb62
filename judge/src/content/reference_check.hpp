// The CPU reference against a test case's literal `expected` values: the inputs made as the
// judge makes them, the reference run on them, every expected output compared with the
// challenge's tolerance. Shared by `judge validate` and the unit tests (reference_test).
#pragma once

#include <string>
#include <vector>

#include "spec/challenge.hpp"
#include "spec/testcase.hpp"
#include "util/result.hpp"

namespace judge::content {

struct ExpectedMismatch {
  std::string buffer;
  std::size_t mismatches = 0;  // elements outside the tolerance
  std::size_t count = 0;       // elements compared
  std::size_t index = 0;       // the first one, flat
  double got = 0;              // the reference's value there
  double want = 0;             // the case's expected value there
};

// One entry per expected buffer the reference disagrees with; empty when it reproduces them all.
// An error when the reference is missing or fails (throws) on the case.
Result<std::vector<ExpectedMismatch>> check_expected(const spec::Challenge& challenge, const spec::TestCase& tc);

}  // namespace judge::content
