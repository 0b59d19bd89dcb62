#include <gtest/gtest.h>

#include <algorithm>
#include <cmath>
#include <cstdint>
#include <vector>

#include "bench/stats.hpp"
#include "check/compare.hpp"
#include "exec/test_layout.hpp"
#include "judging/verdict.hpp"
#include "util/poison.hpp"

namespace judge {
namespace {

check::CompareOptions float_options(std::vector<std::int64_t> dims) {
  check::CompareOptions o;
  o.type = spec::DType::float32;
  o.tolerance = {1e-5, 1e-5};
  o.dims = std::move(dims);
  return o;
}

TEST(Compare, AllcloseWithAtolAndRtol) {
  const std::vector<float> want = {1.0f, 1000.0f, 0.0f};
  const std::vector<float> close = {1.0f + 1.5e-5f, 1000.0f + 0.009f, 9e-6f};
  EXPECT_TRUE(check::compare_buffer("C", close.data(), want.data(), 3, float_options({3})).ok());
  const std::vector<float> far = {1.0f + 3e-5f, 1000.0f, 0.0f};
  const auto c = check::compare_buffer("C", far.data(), want.data(), 3, float_options({3}));
  EXPECT_EQ(c.mismatches, 1u);
  EXPECT_NEAR(c.max_abs_error, 3e-5, 1e-6);
}

TEST(Compare, NanAndInfMustMatchExactly) {
  const std::vector<float> want = {NAN, INFINITY, -INFINITY, 1.0f};
  EXPECT_TRUE(check::compare_buffer("C", want.data(), want.data(), 4, float_options({4})).ok());
  const std::vector<float> got = {1.0f, -INFINITY, -INFINITY, NAN};
  EXPECT_EQ(check::compare_buffer("C", got.data(), want.data(), 4, float_options({4})).mismatches, 3u);
}

TEST(Compare, ReportsPositionsAndNeverWrittenElements) {
  std::vector<float> want(12, 2.0f), got(12, 2.0f);
  util::fill_poison(&got[7], sizeof(float), sizeof(float));  // element [1, 3] of a 3x4 matrix
  got[10] = 5.0f;
  const auto c = check::compare_buffer("out", got.data(), want.data(), 12, float_options({3, 4}));
  ASSERT_EQ(c.mismatches, 2u);
  EXPECT_EQ(c.never_written, 1u);
  EXPECT_EQ(check::format_position(c.first[0].position), "[1, 3]");
  EXPECT_TRUE(c.first[0].never_written);
  EXPECT_EQ(check::format_position(c.first[1].position), "[2, 2]");
  EXPECT_EQ(check::format_value(c.first[1].got, spec::DType::float32), "5");
}

TEST(Compare, IntegersAreExact) {
  const std::vector<std::uint8_t> want = {0, 255, 17}, got = {0, 254, 17};
  check::CompareOptions o;
  o.type = spec::DType::uint8;
  o.tolerance = {1e-5, 1e-5};
  o.dims = {3};
  o.detect_poison = false;
  const auto c = check::compare_buffer("image", got.data(), want.data(), 3, o);
  EXPECT_EQ(c.mismatches, 1u);
  EXPECT_EQ(check::format_value(c.first[0].want, spec::DType::uint8), "255");
}

// Outputs of tens of MiB are poisoned on every core, in 8 MiB chunks: every element of every
// size is the marker, across chunk boundaries and in the ragged last chunk.
TEST(Poison, LargeOutputsAreMarkedEverywhereForEveryElementSize) {
  const std::size_t bytes = (std::size_t{40} << 20) + 24;  // five chunks and a tail
  std::vector<std::uint64_t> storage(bytes / 8 + 1, 0);
  auto* p = reinterpret_cast<unsigned char*>(storage.data());
  for (std::size_t element : {1, 2, 4, 8}) {
    std::fill(storage.begin(), storage.end(), 0);
    util::fill_poison(p, bytes, element);
    std::size_t unmarked = 0;
    for (std::size_t i = 0; i + element <= bytes; i += element) unmarked += !util::is_poison(p + i, element);
    EXPECT_EQ(unmarked, 0u) << element << "-byte elements";
    EXPECT_EQ(p[bytes], 0) << "nothing past the end, " << element << "-byte elements";
  }
}

TEST(Verdicts, SeverityOrderAndExitCodes) {
  using judging::Verdict;
  EXPECT_EQ(judging::worst(Verdict::WA, Verdict::RTE), Verdict::RTE);
  EXPECT_EQ(judging::worst(Verdict::TLE, Verdict::MLE), Verdict::TLE);
  EXPECT_EQ(judging::worst(Verdict::OLE, Verdict::WA), Verdict::OLE);
  EXPECT_EQ(judging::worst(Verdict::JE, Verdict::CE), Verdict::JE);
  EXPECT_EQ(judging::worst(Verdict::AC, Verdict::AC), Verdict::AC);
  EXPECT_EQ(static_cast<int>(judging::exit_code_for(Verdict::AC)), 0);
  EXPECT_EQ(static_cast<int>(judging::exit_code_for(Verdict::WA)), 1);
  EXPECT_EQ(static_cast<int>(judging::exit_code_for(Verdict::JE)), 3);
  EXPECT_EQ(judging::parse_verdict("TLE"), Verdict::TLE);
  EXPECT_FALSE(judging::parse_verdict("XX"));
}

TEST(Stats, QuantilesAndSpread) {
  const auto s = bench::summarize({5, 1, 4, 2, 3});
  EXPECT_EQ(s.n, 5u);
  EXPECT_DOUBLE_EQ(s.median_ms, 3);
  EXPECT_DOUBLE_EQ(s.min_ms, 1);
  EXPECT_DOUBLE_EQ(s.q1_ms, 2);
  EXPECT_DOUBLE_EQ(s.q3_ms, 4);
  EXPECT_DOUBLE_EQ(s.spread(), 2.0 / 3.0);
  EXPECT_DOUBLE_EQ(bench::quantile({1, 2}, 0.5), 1.5);
}

TEST(Stats, WindowMediansFollowTheSamplingOrder) {
  // Ten samples in three windows of 3, 3 and 4, slowing down.
  const std::vector<double> slowing = {1, 1, 2, 3, 3, 3, 5, 5, 6, 5};
  EXPECT_EQ(bench::window_medians(slowing, 3), (std::vector<double>{1, 3, 5}));
  EXPECT_EQ(bench::window_medians({4, 2}, 8), (std::vector<double>{4, 2}));  // fewer samples than windows
  EXPECT_TRUE(bench::window_medians({}, 8).empty());
}

TEST(Layout, SectionsArePageAlignedAndOutputsHaveNoInput) {
  spec::Param a{"A", spec::DType::float32, true, spec::Role::in, {}, {}, {}};
  spec::Param c{"C", spec::DType::float32, true, spec::Role::out, {}, {}, {}};
  spec::Param img{"img", spec::DType::uint8, true, spec::Role::inout, {}, {}, {}};
  spec::Param n{"N", spec::DType::int32, false, spec::Role::in, {}, {}, {}};
  compile::Binding b;
  b.params = {{compile::ArgKind::pointer, "const float*"},
              {compile::ArgKind::pointer, "float*"},
              {compile::ArgKind::pointer, "unsigned char*"},
              {compile::ArgKind::u64, "size_t"}};
  const auto r = exec::make_layout("t", false, {a, c, img, n}, {10, 10, 5, 0}, {{"N", 10}}, b);
  ASSERT_EQ(r.buffers.size(), 3u);
  EXPECT_EQ(r.buffers[0].initial_offset, 0u);
  EXPECT_EQ(r.buffers[0].result_offset, exec::kNone);
  EXPECT_EQ(r.buffers[1].initial_offset, exec::kNone);
  EXPECT_EQ(r.buffers[1].result_offset % 4096, 0u);
  EXPECT_NE(r.buffers[2].initial_offset, r.buffers[2].result_offset);
  EXPECT_EQ(r.args[3].kind, compile::ArgKind::u64);
  EXPECT_EQ(r.args[3].value, 10);
  const auto back = exec::test_request_from_json(exec::to_json(r));
  EXPECT_EQ(back.shm_bytes, r.shm_bytes);
  EXPECT_EQ(back.buffers[2].name, "img");
}

}  // namespace
}  // namespace judge
