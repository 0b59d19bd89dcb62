#include <gtest/gtest.h>

#include "baseline/rank.hpp"
#include "baseline/store.hpp"
#include "bench/stats.hpp"
#include "judging/device_peak.hpp"
#include "test_support.hpp"

namespace judge {
namespace {

baseline::Entry entry(std::string label, double ms, double noise = 0.001) {
  baseline::Entry e;
  e.label = std::move(label);
  e.median_ms = ms;
  e.noise = noise;
  return e;
}

TEST(Rank, PercentileCountsSlowerAndHalfOfTies) {
  const std::vector<baseline::Entry> b = {entry("a", 1.0), entry("b", 2.0), entry("c", 3.0), entry("d", 2.005)};
  const auto r = baseline::rank(2.0, 0.001, b);
  EXPECT_EQ(r.total, 4u);
  EXPECT_EQ(r.slower, 1u);  // c
  EXPECT_EQ(r.ties, 2u);    // b, d within 1%
  EXPECT_EQ(r.faster, 1u);  // a
  EXPECT_DOUBLE_EQ(r.percentile, 50.0);
  ASSERT_EQ(r.ladder.size(), 5u);
  EXPECT_EQ(r.ladder.front().label, "a");
  EXPECT_EQ(r.ladder.back().label, "c");
}

TEST(Rank, LadderKeepsNeighboursOnly) {
  std::vector<baseline::Entry> b;
  for (int i = 1; i <= 20; ++i) b.push_back(entry("s" + std::to_string(i), i));
  const auto r = baseline::rank(10.5, 0.001, b, 2);
  ASSERT_EQ(r.ladder.size(), 5u);
  EXPECT_EQ(r.ladder[0].label, "s9");
  EXPECT_TRUE(r.ladder[2].you);
  EXPECT_EQ(r.ladder[4].label, "s12");
  EXPECT_NEAR(r.percentile, 50.0, 0.1);  // interpolated between s10 and s11 (docs/timing.md)
  EXPECT_DOUBLE_EQ(baseline::rank(0.5, 0.001, b).percentile, 100.0);
  EXPECT_DOUBLE_EQ(baseline::rank(50, 0.001, b).percentile, 0.0);
}

TEST(Rank, NoisyTimesTieMoreEasily) {
  EXPECT_FALSE(baseline::ties(1.0, 0.001, 1.03, 0.001));
  EXPECT_TRUE(baseline::ties(1.0, 0.02, 1.03, 0.001));
}

TEST(Store, GpuKeysAndRoundTrip) {
  EXPECT_EQ(baseline::gpu_key("NVIDIA H100 80GB HBM3"), "nvidia-h100-80gb-hbm3");
  EXPECT_EQ(baseline::gpu_key("  Tesla  V100-SXM2 (16GB) "), "tesla-v100-sxm2-16gb");
  testing::TempDir dir;
  auto empty = baseline::load(dir.path(), "gpu-x", "softmax");
  ASSERT_TRUE(empty);
  EXPECT_TRUE(empty->entries.empty());
  baseline::File f;
  f.challenge = "softmax";
  f.gpu = "GPU X";
  baseline::upsert(f, entry("naive", 3.0));
  baseline::upsert(f, entry("best", 1.0));
  baseline::upsert(f, entry("naive", 2.5));  // same label replaces
  ASSERT_TRUE(baseline::save(dir.path(), f));
  auto back = baseline::load(dir.path(), "gpu-x", "softmax");
  ASSERT_TRUE(back) << back.error().message;
  ASSERT_EQ(back->entries.size(), 2u);
  EXPECT_EQ(back->entries[0].label, "best");  // stored fastest first
  EXPECT_DOUBLE_EQ(back->entries[1].median_ms, 2.5);
  EXPECT_EQ(baseline::gpu_keys(dir.path(), "softmax"), std::vector<std::string>{"gpu-x"});
}

TEST(Store, MalformedFilesNameThePath) {
  testing::TempDir dir;
  dir.write("gpu-x/softmax.json",
            R"({"format": 1, "challenge": "softmax", "gpu": "GPU X", "entries": [{"label": "a"}]})");
  auto f = baseline::load(dir.path(), "gpu-x", "softmax");
  ASSERT_FALSE(f);
  EXPECT_NE(f.error().message.find("softmax.json: $.entries[0]: missing required key 'median_ms'"), std::string::npos)
      << f.error().message;
}

TEST(Stats, MedianNoiseShrinksWithSamplesAndIgnoresOutliers) {
  std::vector<double> few = {1.0, 1.1, 0.9, 1.05, 0.95}, many;
  for (int i = 0; i < 100; ++i) many.insert(many.end(), few.begin(), few.end());
  EXPECT_GT(bench::median_noise(few), bench::median_noise(many));
  auto with_outlier = many;
  with_outlier.push_back(1000.0);
  EXPECT_NEAR(bench::median_noise(with_outlier), bench::median_noise(many), 0.001);
}

TEST(DevicePeak, TheoreticalFp32Rate) {
  const nlohmann::json h100 = {{"cc_major", 9}, {"cc_minor", 0}, {"sm_count", 132}, {"sm_clock_khz", 1980000}};
  EXPECT_NEAR(judging::theoretical_fp32_gflops(h100), 66908.16, 0.01);
  EXPECT_EQ(judging::fp32_lanes_per_sm(8, 0), 64);
  EXPECT_EQ(judging::fp32_lanes_per_sm(3, 5), 0);
}

}  // namespace
}  // namespace judge
