// Tests that compile build into one fresh cache per test process, unless the caller chose one
// (scripts/gpu-check.sh shares one, so the judge and the GPU tests later find these builds).
// Included by every compiling test file; the inline variable registers the environment once.
#pragma once

#include <gtest/gtest.h>

#include <cstdlib>

#include "test_support.hpp"

namespace judge::testing {

class CompileCacheEnvironment : public ::testing::Environment {
 public:
  void SetUp() override { ::setenv("JUDGE_CACHE_DIR", dir_.path().c_str(), 0); }

 private:
  TempDir dir_;
};

inline ::testing::Environment* const kCompileCacheEnvironment =
    ::testing::AddGlobalTestEnvironment(new CompileCacheEnvironment);

}  // namespace judge::testing
