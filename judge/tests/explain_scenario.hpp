// What the mismatch analysis's tests share (explain_test, explain_evidence_test): an output made by
// hand as a buggy solution would leave it, and a check of the code and sentence it gets.
#pragma once

#include <gtest/gtest.h>

#include <cmath>
#include <string>
#include <utility>
#include <vector>

#include "explain/analyze.hpp"
#include "util/poison.hpp"

namespace judge::testing {

// An output buffer, its expected values and its inputs, built as float vectors.
struct Scenario {
  std::vector<float> got, want;
  std::vector<std::int64_t> dims;
  std::vector<std::pair<std::string, std::vector<float>>> inputs;
  spec::Tolerance tol{1e-5, 1e-5};
  std::string name = "C";
  bool reference_uses_exp = false;

  explicit Scenario(std::size_t n) : got(n), want(n) {
    for (std::size_t i = 0; i < n; ++i) want[i] = got[i] = std::sin(0.37f * static_cast<float>(i)) * 10 + 0.5f;
  }
  void never_write(std::size_t i) { util::fill_poison(&got[i], sizeof(float), sizeof(float)); }

  explain::Values view(const std::vector<float>& v) const { return {spec::DType::float32, v.data(), v.size(), dims}; }
  explain::Mismatches mismatches() const {
    auto m = explain::find_mismatches(name, view(got), view(want), tol, true);
    for (const auto& [n, v] : inputs) m.inputs.push_back({n, view(v)});
    m.reference_uses_exp = reference_uses_exp;
    return m;
  }
  explain::Finding analyze() const { return explain::analyze(mismatches()); }
};

inline ::testing::AssertionResult Says(const explain::Finding& f, const std::string& code,
                                       const std::string& fragment) {
  if (f.code == code && f.sentence.find(fragment) != std::string::npos) return ::testing::AssertionSuccess();
  return ::testing::AssertionFailure() << "got " << f.code << ": " << f.sentence << "\nwanted " << code << " with '"
                                       << fragment << "'";
}

}  // namespace judge::testing
