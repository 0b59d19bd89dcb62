// Which performance case a baseline timed: a key of the case's timed work, so that a run is
// ranked only against baselines of the same work (baseline/freshness). It covers what the timed
// call depends on: the parameters' types and shapes, the scalars, the input generators and their
// seed, and the generator's version. It leaves out what does not change the timed work: the
// case's name and note, its time limit, literal expected values and the CPU reference's version
// (unlike the test-data cache's key, judging/data_key, which the reference's output depends on).
#pragma once

#include <string>

#include "spec/challenge.hpp"
#include "spec/testcase.hpp"

namespace judge::baseline {

// Bump when the text below changes form (every stored key then reads as another case).
inline constexpr int kCaseKeyFormat = 1;

// What the key covers, as text (hashed by case_key; tests read it).
std::string case_key_text(const spec::Challenge& c, const spec::TestCase& tc);
// 64 lowercase hex digits: SHA-256 of case_key_text.
std::string case_key(const spec::Challenge& c, const spec::TestCase& tc);

// The case a run is ranked on and baselines time: today the suite's single performance case
// (null when it has none). When a test file may add a larger "beyond_spec" case that ranks
// instead, this is the one place that picks it (spec/testcase.hpp's ranking case).
const spec::TestCase* ranking_case(const spec::TestSuite& suite);
// The key of the ranking case; empty when the suite has none.
std::string ranking_case_key(const spec::Challenge& c, const spec::TestSuite& suite);

}  // namespace judge::baseline
