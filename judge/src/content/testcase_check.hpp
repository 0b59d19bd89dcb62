// testcases/<slug>.json beyond what the loader checks: at least one example, eight functional
// cases and exactly one performance case; a note on every case; examples named example-1.. with
// literal inputs and expected values; and the CPU reference reproducing every literal expected
// value within the tolerance. (Scalars outside their ranges already fail to load.)
#pragma once

#include <filesystem>

#include "content/problem.hpp"
#include "spec/challenge.hpp"
#include "spec/testcase.hpp"

namespace judge::content {

inline constexpr std::size_t kMinExamples = 1;
inline constexpr std::size_t kMinFunctional = 8;

Problems check_testcases(const std::filesystem::path& root, const spec::Challenge& challenge,
                         const spec::TestSuite& suite);

}  // namespace judge::content
