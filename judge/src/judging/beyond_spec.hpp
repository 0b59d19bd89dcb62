// Tests past the statement's limits (spec::TestCase::beyond_spec): LeetGPU never runs them, so a
// failure there must not reject a solution that is right for every input the statement allows. It
// becomes AC with a warning naming the test and the clause it exceeds; --strict keeps the verdict.
#pragma once

#include "judging/result.hpp"
#include "spec/challenge.hpp"
#include "spec/testcase.hpp"

namespace judge::judging {

// "N = 25000000 is outside 1 <= N <= 10000", from the case's scalars; else the case's own reason.
std::string beyond_spec_clause(const spec::Challenge& c, const spec::TestCase& tc);

// Marks `tr` as beyond the statement and, unless `strict`, turns a rejecting verdict (not JE: the
// judge's own failure) into AC with a warning.
void apply_beyond_spec(TestResult& tr, const spec::Challenge& c, const spec::TestCase& tc, bool strict);

}  // namespace judge::judging
