// Outputs whose right answer is not unique (reference::find_accept, docs/formats.md): the
// comparison's accept callback. GPU-free.
#include <gtest/gtest.h>

#include <algorithm>
#include <cstdint>
#include <mutex>
#include <vector>

#include "check/compare.hpp"
#include "util/poison.hpp"

namespace judge {
namespace {

check::CompareOptions int_options(std::size_t n) {
  check::CompareOptions o;
  o.type = spec::DType::int32;
  o.dims = {static_cast<std::int64_t>(n)};
  o.detect_poison = false;
  return o;
}

TEST(CompareAccept, AnAcceptedAlternativeIsNoMismatchAndAnUnacceptedOneIs) {
  const std::vector<std::int32_t> want = {1, 1, 1, 1, 1};
  const std::vector<std::int32_t> got = {1, 2, 3, 2, 7};
  check::CompareOptions o = int_options(5);
  std::vector<std::size_t> asked;
  std::mutex m;
  o.accept = [&](std::size_t i, double g) {
    const std::lock_guard<std::mutex> lock(m);
    asked.push_back(i);
    return g == 2.0;  // 2 is another right answer; 3 and 7 are not
  };
  const auto c = check::compare_buffer("tok", got.data(), want.data(), 5, o);
  EXPECT_EQ(c.compared, 5u);
  EXPECT_EQ(c.mismatches, 2u);
  ASSERT_EQ(c.first.size(), 2u);
  EXPECT_EQ(c.first[0].index, 2u);
  EXPECT_EQ(c.first[0].got, 3.0);
  EXPECT_EQ(c.first[1].index, 4u);
  EXPECT_EQ(c.max_abs_error, 6.0) << "accepted elements add nothing to the error statistics";
  std::sort(asked.begin(), asked.end());
  EXPECT_EQ(asked, (std::vector<std::size_t>{1, 2, 3, 4})) << "asked only about elements that differ";

  o.accept = [](std::size_t, double g) { return g == 2.0 || g == 3.0 || g == 7.0; };
  const auto all = check::compare_buffer("tok", got.data(), want.data(), 5, o);
  EXPECT_TRUE(all.ok());
  EXPECT_EQ(all.max_abs_error, 0.0);
}

TEST(CompareAccept, ANeverWrittenElementIsNeverAccepted) {
  std::vector<std::int32_t> want = {1, 1}, got = {1, 0};
  util::fill_poison(&got[1], sizeof got[1], sizeof got[1]);
  check::CompareOptions o = int_options(2);
  o.detect_poison = true;
  o.accept = [](std::size_t, double) { return true; };
  const auto c = check::compare_buffer("tok", got.data(), want.data(), 2, o);
  EXPECT_EQ(c.mismatches, 1u);
  EXPECT_EQ(c.never_written, 1u);
}

TEST(CompareAccept, LargeBuffersComparedInPartsCountEveryPart) {
  // Three parts of 2^20 elements, compared on several threads: every 1000th element differs, and
  // every other one of those is accepted.
  const std::size_t n = (std::size_t{3} << 20) + 17;
  std::vector<std::int32_t> want(n, 0), got(n, 0);
  std::size_t differing = 0, rejected = 0;
  for (std::size_t i = 1000; i < n; i += 1000) {
    got[i] = static_cast<std::int32_t>((i / 1000) % 2 ? 1 : 2);
    ++differing;
    rejected += (i / 1000) % 2 == 0;
  }
  check::CompareOptions o = int_options(n);
  o.accept = [](std::size_t, double g) { return g == 1.0; };
  const auto c = check::compare_buffer("tok", got.data(), want.data(), n, o);
  EXPECT_EQ(c.compared, n);
  EXPECT_EQ(c.mismatches, rejected);
  EXPECT_LT(rejected, differing);
  ASSERT_FALSE(c.first.empty());
  EXPECT_EQ(c.first[0].index, 2000u) << "the first rejected element, in index order";
}

}  // namespace
}  // namespace judge
