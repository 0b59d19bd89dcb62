// The sampling stop rule (bench/stop_rule.hpp) as a pure function of the samples so far.
#include <gtest/gtest.h>

#include <vector>

#include "bench/stats.hpp"
#include "bench/stop_rule.hpp"

namespace judge {
namespace {

using bench::StopState;
using bench::TimingPolicy;

// n samples around 100 us with a relative spread `rel` (alternating above and below).
std::vector<double> samples(std::size_t n, double rel) {
  std::vector<double> s;
  for (std::size_t i = 0; i < n; ++i) s.push_back(0.1 * (1 + ((i % 4) - 1.5) / 1.5 * rel));
  return s;
}

StopState state(const std::vector<double>& s, double elapsed_ms) {
  double sum = 0;
  for (double v : s) sum += v;
  return {s.size(), sum, elapsed_ms};
}

TEST(StopRule, DefaultsAreTheDocumentedOnes) {
  const TimingPolicy p;
  EXPECT_EQ(p.min_warmup_calls, 3);
  EXPECT_EQ(p.min_warmup_ms, 50);
  EXPECT_EQ(p.min_samples, 50u);
  EXPECT_EQ(p.min_timed_ms, 0);
  EXPECT_EQ(p.target_noise, 0.001);
  EXPECT_EQ(p.budget_ms, 2000);
  EXPECT_EQ(p.max_samples, 50000u);
  EXPECT_EQ(p.max_total_ms, 15000);
}

TEST(StopRule, QuietSamplesStopAtTheMinimumCount) {
  const TimingPolicy p;
  auto s = samples(49, 0.0001);
  EXPECT_EQ(bench::stop_reason(s, state(s, 10), p), "");
  s = samples(50, 0.0001);
  EXPECT_EQ(bench::stop_reason(s, state(s, 10), p), "noise target met");
}

TEST(StopRule, NoisySamplesGoOnUntilTheNoiseIsLowOrTheBudgetIsSpent) {
  const TimingPolicy p;
  const auto noisy = samples(200, 0.05);
  ASSERT_GT(bench::median_noise(noisy), p.target_noise);
  EXPECT_EQ(bench::stop_reason(noisy, state(noisy, 100), p), "");
  EXPECT_EQ(bench::stop_reason(noisy, state(noisy, 2000), p), "time budget");
}

TEST(StopRule, MinTimeIsAFloorTheBudgetDoesNotCut) {
  TimingPolicy p;
  p.min_timed_ms = 500;                 // --min-time 0.5
  const auto s = samples(100, 0.0001);  // 10 ms of event time
  EXPECT_EQ(bench::stop_reason(s, state(s, 5000), p), "");
  // Only the hard cap, raised to 3x the floor when that is longer, ends it.
  EXPECT_EQ(bench::stop_reason(s, state(s, 15000), p), "time cap");
  p.min_timed_ms = 10000;
  EXPECT_EQ(bench::stop_reason(s, state(s, 15000), p), "");
  EXPECT_EQ(bench::stop_reason(s, state(s, 30000), p), "time cap");
}

TEST(StopRule, FewSlowSamplesStopAtTheHardCapsOnly) {
  const TimingPolicy p;
  const auto s = samples(5, 0.01);
  EXPECT_EQ(bench::stop_reason(s, state(s, 14999), p), "");
  EXPECT_EQ(bench::stop_reason(s, state(s, 15000), p), "time cap");
  TimingPolicy few;
  few.max_samples = 5;
  EXPECT_EQ(bench::stop_reason(s, state(s, 1), few), "sample cap");
}

TEST(StopRule, NoiseIsReestimatedLessOftenAsSamplesGrow) {
  for (std::size_t n = 1; n <= 256; ++n) EXPECT_TRUE(bench::noise_due(n));
  EXPECT_TRUE(bench::noise_due(640));   // 640 / 64 = 10 divides it
  EXPECT_FALSE(bench::noise_due(641));  // 641 % 10 != 0
  std::size_t due = 0;
  for (std::size_t n = 1000; n < 2000; ++n) due += bench::noise_due(n);
  EXPECT_LT(due, 100u);
  EXPECT_GT(due, 30u);
}

}  // namespace
}  // namespace judge
