#include <gtest/gtest.h>

#include <algorithm>
#include <vector>

#include "check/compare.hpp"
#include "judging/case_data.hpp"

namespace judge {
namespace {

TEST(Sampling, IndicesAreSortedUniqueDeterministicAndIncludeTheEnds) {
  const auto a = judging::sample_indices(42, "C", 1'000'000, 1000);
  EXPECT_EQ(a.size(), 1000u);
  EXPECT_TRUE(std::is_sorted(a.begin(), a.end()));
  EXPECT_EQ(std::adjacent_find(a.begin(), a.end()), a.end());
  EXPECT_EQ(a.front(), 0u);
  EXPECT_EQ(a.back(), 999'999u);
  EXPECT_EQ(a, judging::sample_indices(42, "C", 1'000'000, 1000));
  EXPECT_NE(a, judging::sample_indices(43, "C", 1'000'000, 1000));
  // Small buffers are checked whole; tiny ranges still terminate with every index.
  EXPECT_EQ(judging::sample_indices(1, "C", 5, 1000), (std::vector<std::size_t>{0, 1, 2, 3, 4}));
  EXPECT_EQ(judging::sample_indices(1, "C", 20, 19).size(), 19u);
}

TEST(Sampling, CompareLooksOnlyAtTheSampledIndices) {
  std::vector<float> want(100, 1.0f), got(100, 1.0f);
  got[50] = 7.0f;  // outside the sample
  const std::vector<std::size_t> idx = {0, 10, 99};
  check::CompareOptions o;
  o.type = spec::DType::float32;
  o.tolerance = {1e-5, 1e-5};
  o.dims = {100};
  o.indices = &idx;
  auto c = check::compare_buffer("C", got.data(), want.data(), 100, o);
  EXPECT_TRUE(c.ok());
  EXPECT_EQ(c.compared, 3u);
  got[10] = 7.0f;
  c = check::compare_buffer("C", got.data(), want.data(), 100, o);
  ASSERT_EQ(c.mismatches, 1u);
  EXPECT_EQ(c.first[0].index, 10u);
}

}  // namespace
}  // namespace judge
