// The interpolated percentile (docs/timing.md), the neighbours and notes around a time, and
// gathering a GPU's baselines from the shipped and user stores. GPU-free.
#include <gtest/gtest.h>

#include <cmath>

#include "baseline/pool.hpp"
#include "baseline/rank.hpp"
#include "report/ranking.hpp"
#include "test_support.hpp"

namespace judge {
namespace {

baseline::Entry entry(std::string label, double ms, double noise = 0.001) {
  baseline::Entry e;
  e.label = std::move(label);
  e.median_ms = ms;
  e.noise = noise;
  e.reference = true;
  return e;
}

TEST(Percentile, InterpolatesInLogTimeBetweenNeighbours) {
  const std::vector<baseline::Entry> b = {entry("fast", 1.0), entry("slow", 2.0)};
  // At a rung: its tie value, (slower + 1/2) / n.
  EXPECT_DOUBLE_EQ(baseline::percentile(1.0, 0.001, b), 75.0);
  EXPECT_DOUBLE_EQ(baseline::percentile(2.0, 0.001, b), 25.0);
  // Half way in log time (the geometric mean): half way between the two tie values.
  EXPECT_NEAR(baseline::percentile(std::sqrt(2.0), 0.001, b), 50.0, 1e-9);
  // Every improvement moves it.
  double last = -1;
  for (double ms = 1.95; ms > 1.02; ms -= 0.05) {
    const double p = baseline::percentile(ms, 0.001, b);
    EXPECT_GT(p, last) << ms;
    last = p;
  }
}

TEST(Percentile, BeyondEveryRungSaysByHowMuch) {
  const std::vector<baseline::Entry> b = {entry("best", 1.0), entry("naive", 2.0)};
  const auto fast = baseline::rank(0.88, 0.001, b);
  EXPECT_DOUBLE_EQ(fast.percentile, 100.0);
  ASSERT_TRUE(fast.beyond_best);
  EXPECT_NEAR(*fast.beyond_best, 0.12, 1e-9);
  EXPECT_FALSE(fast.next_faster);
  ASSERT_TRUE(fast.next_slower);
  EXPECT_EQ(fast.next_slower->label, "best");
  const auto slow = baseline::rank(2.6, 0.001, b);
  EXPECT_DOUBLE_EQ(slow.percentile, 0.0);
  ASSERT_TRUE(slow.behind_slowest);
  EXPECT_NEAR(*slow.behind_slowest, 0.3, 1e-9);
  const std::string text = report::ranking_text(fast, "", false);
  EXPECT_NE(text.find("percentile 100 of 2 reference solutions on this GPU: 12% faster than the best baseline"),
            std::string::npos)
      << text;
}

TEST(Percentile, TiesWithinNoiseStillCountHalf) {
  const std::vector<baseline::Entry> b = {entry("a", 1.0), entry("b", 2.0), entry("c", 3.0)};
  // 2.01 is within 1% of b: a plateau at b's tie value, whatever the exact time.
  EXPECT_DOUBLE_EQ(baseline::percentile(2.01, 0.001, b), 50.0);
  EXPECT_DOUBLE_EQ(baseline::percentile(1.99, 0.001, b), 50.0);
  // A noisy time ties more widely.
  EXPECT_DOUBLE_EQ(baseline::percentile(2.06, 0.05, b), 50.0);
  EXPECT_LT(baseline::percentile(2.06, 0.001, b), 50.0);
}

// The issue's four real 1d-convolution solutions (LeetGPU's 62.5th, 80.0th, 88.4th and 94.4th
// percentiles), against the shipped H100 baselines: four distinct percentiles, in that order.
TEST(Percentile, FourConvolutionTimesOnTheShippedH100BaselinesAreDistinct) {
  auto f = baseline::load(testing::source_root() / "baselines", "nvidia-h100-80gb-hbm3", "1d-convolution");
  ASSERT_TRUE(f) << f.error().message;
  ASSERT_GE(f->entries.size(), 3u);
  std::vector<double> got;
  for (double ms : {0.896, 0.856, 0.808, 0.312}) got.push_back(baseline::percentile(ms, 0.0005, f->entries));
  for (std::size_t i = 1; i < got.size(); ++i) {
    EXPECT_GT(got[i], got[i - 1] + 1.0) << "percentiles " << got[i - 1] << " and " << got[i];
  }
  EXPECT_GT(got.front(), 0.0);
  EXPECT_LT(got.back(), 100.0);
}

TEST(Percentile, NeighboursCarryLabelsNotesAndRatios) {
  std::vector<baseline::Entry> b = {entry("shared-tiled", 0.8), entry("naive", 1.2)};
  b[0].note = "stages the input slice in shared memory";
  const auto r = baseline::rank(0.9, 0.001, b);
  ASSERT_TRUE(r.next_faster && r.next_slower);
  EXPECT_EQ(r.next_faster->label, "shared-tiled");
  EXPECT_NEAR(r.next_faster_ratio, 1 - 0.8 / 0.9, 1e-12);
  EXPECT_NEAR(r.next_slower_ratio, 1.2 / 0.9 - 1, 1e-12);
  const std::string text = report::ranking_text(r, "", false);
  EXPECT_NE(text.find("next:  shared-tiled, 11% faster (800.0 us): stages the input slice in shared memory"),
            std::string::npos)
      << text;
  EXPECT_NE(text.find("below: naive, 33% slower"), std::string::npos) << text;
  const auto j = report::ranking_json(r);
  EXPECT_EQ(j.at("next_faster").at("note"), "stages the input slice in shared memory");
  EXPECT_EQ(j.at("references"), 2u);
}

TEST(Percentile, SaysWhatItIsAPercentileOf) {
  std::vector<baseline::Entry> b = {entry("a", 1.0), entry("b", 2.0), entry("mine", 1.5)};
  b[2].reference = false;
  const auto r = baseline::rank(1.2, 0.001, b);
  EXPECT_EQ(r.references, 2u);
  EXPECT_EQ(r.own, 1u);
  EXPECT_NE(report::ranking_text(r, "", false).find("of 2 reference solutions on this GPU, and 1 in your store"),
            std::string::npos);
}

TEST(Percentile, EngineNoteOnlyWhenEnginesDiffer) {
  std::vector<baseline::Entry> b = {entry("a", 1.0), entry("b", 2.0)};
  EXPECT_EQ(baseline::engine_note("nvcc", b), "");  // engines unknown (older files)
  b[0].engine = "nvrtc";
  EXPECT_EQ(baseline::engine_note("nvrtc", b), "");
  EXPECT_EQ(baseline::engine_note("nvcc", b).rfind("baselines timed with nvrtc, you with nvcc", 0), 0u);
}

TEST(Pool, CalibratedRungReplacesTheShippedOneAndNotesComeFromTheManifest) {
  testing::TempDir dir;
  dir.write("root/solutions/demo/expected.json", R"({"format": 1, "solutions": [
    {"file": "naive.cu", "verdict": "AC", "label": "one-thread", "note": "one thread per element"},
    {"file": "best.cu", "verdict": "AC", "note": "float4 loads"},
    {"file": "old.cu", "verdict": "AC", "rung": false, "note": "kept for the tests only"},
    {"file": "wrong/x.cu", "verdict": "WA", "note": "wrong"}]})");
  dir.write("root/solutions/demo/naive.cu", "// naive\n");
  dir.write("root/solutions/demo/best.cu", "// best\n");
  // Every entry below timed the case `key` and the rung files as they are (baseline/freshness).
  const std::string key(64, 'c');
  const auto timed_now = [&](baseline::Entry e) {
    e.case_key = key;
    e.source_sha256 = baseline::file_sha256(dir.path() / "root" / e.source);
    return e;
  };
  auto ladder = baseline::load_ladder(dir.path() / "root/solutions/demo", "demo");
  ASSERT_TRUE(ladder) << ladder.error().message;
  ASSERT_EQ(ladder->rungs.size(), 2u);
  EXPECT_EQ(ladder->rungs[0].label, "one-thread");
  EXPECT_EQ(ladder->rungs[1].label, "best");  // the file's stem
  EXPECT_FALSE(ladder->rungs[1].label_given);

  baseline::File shipped;
  shipped.challenge = "demo";
  shipped.gpu = "GPU X";
  for (auto [label, file, ms] : {std::tuple{"naive", "naive.cu", 2.0}, {"best", "best.cu", 1.0}}) {
    baseline::Entry e = entry(label, ms);
    e.source = baseline::rung_source("demo", file);
    shipped.entries.push_back(timed_now(e));
  }
  ASSERT_TRUE(baseline::save(dir.path() / "shipped", shipped));
  baseline::File mine = shipped;
  mine.entries = {entry("one-thread", 2.2), entry("my-try", 1.5)};
  mine.entries[0].source = baseline::rung_source("demo", "naive.cu");
  mine.entries[1].source = "/home/me/try.cu";
  for (baseline::Entry& e : mine.entries) e = timed_now(e);
  ASSERT_TRUE(baseline::save(dir.path() / "user", mine));

  auto all = baseline::gather({dir.path() / "shipped", dir.path() / "user"}, "gpu-x", "demo", *ladder);
  ASSERT_TRUE(all) << all.error().message;
  ASSERT_EQ(all->size(), 3u);  // best (shipped), one-thread (timed here, replaces naive), my-try
  std::size_t references = 0;
  for (const auto& e : *all) {
    references += e.reference;
    if (e.source.ends_with("naive.cu")) {
      EXPECT_DOUBLE_EQ(e.median_ms, 2.2);
      EXPECT_EQ(e.note, "one thread per element");
    }
    if (e.label == "my-try") {
      EXPECT_FALSE(e.reference);
    }
  }
  EXPECT_EQ(references, 2u);

  baseline::File partial = shipped;
  partial.entries.erase(partial.entries.begin());  // best.cu only
  ASSERT_TRUE(baseline::save(dir.path() / "partial", partial));
  const baseline::Placement some = baseline::place(
      1.0, 0.001, {{dir.path() / "partial"}, dir.path() / "root/solutions/demo", "demo", "gpu-x", "nvrtc", key});
  ASSERT_TRUE(some.ranking);
  EXPECT_EQ(some.ranking->missing_note,
            "1 of the 2 reference solutions have no baseline on this GPU: 'judge baseline calibrate demo' times them");
  EXPECT_EQ(
      baseline::place(1.0, 0.001,
                      {{dir.path() / "shipped"}, dir.path() / "root/solutions/demo", "demo", "gpu-x", "nvrtc", key})
          .ranking->missing_note,
      "");

  baseline::PlaceQuery q{
      {dir.path() / "shipped", dir.path() / "user"}, dir.path() / "root/solutions/demo", "demo", "gpu-y", "nvrtc", key};
  const baseline::Placement none = baseline::place(1.0, 0.001, q);
  EXPECT_FALSE(none.ranking);
  EXPECT_EQ(none.note,
            "no baselines for demo on this GPU (gpu-y): 'judge baseline calibrate demo' times its 2 reference "
            "solutions here (about 10 s) and gives a percentile");
}

TEST(Pool, ManifestTyposAreErrorsNamingTheFile) {
  testing::TempDir dir;
  dir.write("demo/expected.json", R"({"format": 1, "solutions": [{"file": "a.cu", "verdict": "AC", "lable": "x"}]})");
  auto ladder = baseline::load_ladder(dir.path() / "demo", "demo");
  ASSERT_FALSE(ladder);
  EXPECT_NE(ladder.error().message.find("expected.json: $.solutions[0]"), std::string::npos) << ladder.error().message;
  dir.write("bad/expected.json", R"({"format": 1, "solutions": [{"file": "a.cu", "verdict": "WA", "rung": true}]})");
  EXPECT_FALSE(baseline::load_ladder(dir.path() / "bad", "bad"));
}

TEST(Store, EngineFieldsRoundTripAndOldEntriesLoad) {
  testing::TempDir dir;
  baseline::File f;
  f.challenge = "softmax";
  f.gpu = "GPU X";
  baseline::Entry e = entry("best", 1.0);
  e.engine = "nvcc";
  e.compiler_version = "release 13.0, V13.0.88";
  e.calibrated = true;
  f.entries = {e, entry("old", 2.0)};
  ASSERT_TRUE(baseline::save(dir.path(), f));
  auto back = baseline::load(dir.path(), "gpu-x", "softmax");
  ASSERT_TRUE(back) << back.error().message;
  EXPECT_EQ(back->entries[0].engine, "nvcc");
  EXPECT_EQ(back->entries[0].compiler_version, "release 13.0, V13.0.88");
  EXPECT_TRUE(back->entries[0].calibrated);
  EXPECT_EQ(back->entries[1].engine, "");  // unknown, as in files written before the field
  EXPECT_FALSE(back->entries[1].calibrated);
  dir.write("gpu-z/softmax.json", R"({"format": 1, "challenge": "softmax", "gpu": "GPU Z",
    "entries": [{"label": "a", "median_ms": 1, "engine": "clang"}]})");
  auto bad = baseline::load(dir.path(), "gpu-z", "softmax");
  ASSERT_FALSE(bad);
  EXPECT_NE(bad.error().message.find("$.entries[0].engine: must be"), std::string::npos) << bad.error().message;
}

}  // namespace
}  // namespace judge
