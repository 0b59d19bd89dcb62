// Which timed calls are the performance result, and the escape threshold: decisions made on the
// samples the runner returns, checked here without a GPU.
#include "judging/timed_result.hpp"

#include <gtest/gtest.h>

#include <vector>

namespace judge {
namespace {

using judging::beyond_escape_threshold;
using judging::choose_timed_result;

std::vector<double> around(double ms, int n) {
  std::vector<double> v;
  for (int i = 0; i < n; ++i) v.push_back(ms * (1 + 0.001 * (i % 5)));
  return v;
}

TEST(TimedResult, QueuedCallsAreTheResultAndTheDifferenceIsTheLaunchLatency) {
  const auto r = choose_timed_result(around(0.100, 40), around(0.104, 10));
  EXPECT_EQ(r.timed_from, "queued");
  EXPECT_DOUBLE_EQ(r.events.median_ms, r.queued.median_ms);
  EXPECT_EQ(r.events.n, 40u);
  ASSERT_TRUE(r.launch_latency_ms);
  EXPECT_NEAR(*r.launch_latency_ms, 0.004, 0.0005);
}

TEST(TimedResult, WorkThatDidNotWaitForTheTimingIsTimedFromAnIdleDevice) {
  // 60 us more from an idle device: more than max(20 us, 25% of 100 us).
  const auto r = choose_timed_result(around(0.100, 40), around(0.160, 10));
  EXPECT_EQ(r.timed_from, "idle start");
  EXPECT_EQ(r.events.n, 10u);
  EXPECT_NEAR(r.events.median_ms, 0.160, 0.001);
  EXPECT_NEAR(r.queued.median_ms, 0.100, 0.001);
}

TEST(TimedResult, TooFewIdleStartCallsNeverReplaceTheResult) {
  const auto r = choose_timed_result(around(0.100, 8), around(0.300, 2));
  EXPECT_EQ(r.timed_from, "queued");
  ASSERT_TRUE(r.launch_latency_ms);
  EXPECT_GT(*r.launch_latency_ms, 0.1);
}

TEST(TimedResult, WithoutIdleStartCallsThereIsNoLatency) {
  const auto r = choose_timed_result(around(0.100, 10), {});
  EXPECT_EQ(r.timed_from, "queued");
  EXPECT_FALSE(r.idle_start);
  EXPECT_FALSE(r.launch_latency_ms);
}

TEST(TimedResult, DriftComparesTheSecondHalfOfTheQueuedCallsWithTheFirst) {
  std::vector<double> slowing = around(0.100, 20);
  const std::vector<double> later = around(0.102, 20);
  slowing.insert(slowing.end(), later.begin(), later.end());
  const auto r = choose_timed_result(slowing, {});
  ASSERT_TRUE(r.drift);
  EXPECT_NEAR(*r.drift, 0.02, 0.003);
  ASSERT_EQ(r.trend_ms.size(), judging::kTrendWindows);  // five calls per window
  EXPECT_NEAR(r.trend_ms.front(), 0.100, 0.0003);
  EXPECT_NEAR(r.trend_ms.back(), 0.102, 0.0003);
  const auto steady = choose_timed_result(around(0.100, 40), {});
  ASSERT_TRUE(steady.drift);
  EXPECT_NEAR(*steady.drift, 0.0, 0.001);
  EXPECT_FALSE(choose_timed_result(around(0.100, 9), {}).drift);  // too few calls to split
  EXPECT_TRUE(judging::drift_is_notable(0.02));
  EXPECT_TRUE(judging::drift_is_notable(-0.005));
  EXPECT_FALSE(judging::drift_is_notable(0.0035));  // the most seen in back-to-back runs
}

TEST(TimedResult, EscapeThresholdIsTwentyMicrosecondsOrAQuarter) {
  EXPECT_FALSE(beyond_escape_threshold(0.019, 0.010));  // short kernel: the 20 us floor
  EXPECT_TRUE(beyond_escape_threshold(0.021, 0.010));
  EXPECT_FALSE(beyond_escape_threshold(0.049, 0.200));  // long kernel: 25% of 200 us
  EXPECT_TRUE(beyond_escape_threshold(0.051, 0.200));
}

}  // namespace
}  // namespace judge
