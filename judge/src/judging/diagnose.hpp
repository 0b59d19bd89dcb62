// Turning what the runner reported for one test into a verdict with an explanation.
#pragma once

#include <optional>

#include "exec/runner.hpp"
#include "judging/case_data.hpp"
#include "judging/result.hpp"

namespace judge::judging {

struct DiagnoseContext {
  const spec::Challenge* challenge = nullptr;
  const spec::TestCase* test = nullptr;
  int solve_limit_ms = 0;
  std::size_t output_cap_bytes = 0;
  std::optional<double> peak_copy_gbs;  // for speed-of-light and the physical-limit check
  double peak_fp32_gflops = 0;
};

TestResult diagnose(const DiagnoseContext& ctx, const CaseData& data, const exec::TestOutcome& outcome);

}  // namespace judge::judging
