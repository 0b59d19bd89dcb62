// The ladder checks (baseline/ladder_check): the manifest's rungs, a GPU store's completeness
// and spacing, and a calibration's order against the shipped baselines. GPU-free.
#include <gtest/gtest.h>

#include "baseline/calibration.hpp"
#include "baseline/ladder_check.hpp"
#include "test_support.hpp"

namespace judge {
namespace {

baseline::Ladder ladder_of(std::size_t n) {
  baseline::Ladder l;
  l.slug = "demo";
  l.manifest = "solutions/demo/expected.json";
  for (std::size_t i = 0; i < n; ++i) {
    const std::string name = i + 1 == n ? "best" : "rung-" + std::to_string(i);
    l.rungs.push_back({name + ".cu", name, "what rung " + std::to_string(i) + " does", true});
  }
  return l;
}

// One entry per rung, rung i taking times[i] ms.
std::vector<baseline::Entry> measured(const baseline::Ladder& l, const std::vector<double>& times) {
  std::vector<baseline::Entry> out;
  for (std::size_t i = 0; i < times.size(); ++i) {
    baseline::Entry e;
    e.label = l.rungs[i].label;
    e.source = baseline::rung_source(l.slug, l.rungs[i].file);
    e.median_ms = times[i];
    e.noise = 0.001;
    out.push_back(e);
  }
  return out;
}

TEST(LadderCheck, ManifestNeedsEnoughRungsWithLabelsAndNotes) {
  EXPECT_TRUE(baseline::check_manifest(ladder_of(baseline::kMinRungs)).empty());
  const auto few = baseline::check_manifest(ladder_of(3));
  ASSERT_EQ(few.size(), 1u);
  EXPECT_NE(few[0].find("3 rungs"), std::string::npos) << few[0];
  auto l = ladder_of(baseline::kMinRungs);
  l.rungs[1].label = "Block_32";
  l.rungs[2].note = "";
  l.rungs[3].label = l.rungs[4].label;
  const auto p = baseline::check_manifest(l);
  ASSERT_EQ(p.size(), 3u);
  EXPECT_NE(p[0].find("label 'Block_32'"), std::string::npos) << p[0];
  EXPECT_NE(p[1].find("no \"note\""), std::string::npos) << p[1];
  EXPECT_NE(p[2].find("used twice"), std::string::npos) << p[2];
}

TEST(LadderCheck, StoreMissingRungsIsIncompleteAndCloseNeighboursAreNamed) {
  const auto l = ladder_of(4);
  const auto full = baseline::check_store(l, measured(l, {4.0, 2.0, 1.5, 1.0}));
  EXPECT_TRUE(full.ok());
  const auto part = baseline::check_store(l, measured(l, {4.0, 2.0}));
  EXPECT_FALSE(part.complete());
  EXPECT_EQ(part.missing, (std::vector<std::string>{"rung-2", "best"}));
  const auto close = baseline::check_store(l, measured(l, {4.0, 2.0, 1.98, 1.0}));
  ASSERT_EQ(close.close.size(), 1u);
  EXPECT_NE(close.close[0].find("rung-2 (1.980 ms) and rung-1 (2.000 ms) are 1.0% apart"), std::string::npos)
      << close.close[0];
}

TEST(LadderCheck, OrderHoldsWithinNoiseAndSwapsAreNamed) {
  const auto l = ladder_of(4);
  const auto shipped = measured(l, {4.0, 2.0, 1.5, 1.0});
  // 0.5% apart here, the other way round: a tie, not a swap.
  const auto same = baseline::check_order(l, shipped, measured(l, {4.1, 1.99, 1.98, 1.02}));
  EXPECT_TRUE(same.ok()) << (same.swapped.empty() ? "" : same.swapped[0]);
  EXPECT_EQ(same.pairs, 6u);
  const auto swapped = baseline::check_order(l, shipped, measured(l, {4.0, 1.4, 2.0, 1.0}));
  ASSERT_EQ(swapped.swapped.size(), 1u);
  EXPECT_NE(swapped.swapped[0].find("rung-1 and rung-2 swapped"), std::string::npos) << swapped.swapped[0];
}

TEST(LadderCheck, BestLandsWhereItsShippedBaselineSays) {
  const auto l = ladder_of(4);
  const auto shipped = measured(l, {4.0, 2.0, 1.5, 1.0});
  EXPECT_TRUE(baseline::check_order(l, shipped, measured(l, {4.0, 2.0, 1.5, 1.05})).misplaced.empty());
  // 1.7 ms here: slower than the shipped rung-2, which best beats there.
  const auto slow = baseline::check_order(l, shipped, measured(l, {4.0, 2.0, 1.5, 1.7}));
  ASSERT_EQ(slow.misplaced.size(), 1u);
  EXPECT_NE(slow.misplaced[0].find("best.cu: 1.700 ms here lands behind rung-2"), std::string::npos)
      << slow.misplaced[0];
}

// Every shipped challenge has its ladder: kMinRungs rungs with labels and notes. (Challenges
// migrate to 8 rungs in separate branches; until all are merged this test names the rest.)
TEST(LadderCheck, EveryShippedChallengeHasItsLadder) {
  const spec::Catalog cat = testing::catalog();
  for (const std::string& slug : cat.slugs()) {
    auto ladder = baseline::load_ladder(cat.solutions_dir(slug), slug);
    ASSERT_TRUE(ladder) << ladder.error().message;
    for (const std::string& p : baseline::check_manifest(*ladder)) ADD_FAILURE() << p;
  }
}

// Every shipped baseline file loads, and every shipped challenge's manifest reads as a ladder.
TEST(LadderCheck, ShippedBaselinesAndManifestsLoad) {
  const spec::Catalog cat = testing::catalog();
  for (const std::string& slug : cat.slugs()) {
    EXPECT_TRUE(baseline::load_ladder(cat.solutions_dir(slug), slug)) << slug;
    for (const std::string& key : baseline::gpu_keys(cat.root() / "baselines", slug)) {
      auto f = baseline::load(cat.root() / "baselines", key, slug);
      EXPECT_TRUE(f) << f.error().message;
    }
  }
}

}  // namespace
}  // namespace judge

namespace judge {
namespace {

TEST(Calibration, RungsTimedByThisVersionAreSkippedAndReplacedByFile) {
  const auto l = ladder_of(2);  // rung-0.cu, best.cu
  baseline::File f;
  f.challenge = "demo";
  f.entries = measured(l, {2.0, 1.0});
  f.entries[0].judge_version = "0.1.0";
  f.entries[0].engine = "nvrtc";
  f.entries[1].judge_version = "0.1.0";  // no engine: written before the field, timed again
  // Both timed the case and the rung files as they are now (baseline/freshness).
  const baseline::Current now{
      std::string(64, 'c'),
      {{"solutions/demo/rung-0.cu", std::string(64, '0')}, {"solutions/demo/best.cu", std::string(64, 'b')}}};
  for (baseline::Entry& e : f.entries) {
    e.case_key = now.case_key;
    e.source_sha256 = now.rung_sha256.at(e.source);
  }
  baseline::Entry mine;
  mine.label = "my-try";
  mine.source = "/home/me/try.cu";
  mine.median_ms = 1.5;
  baseline::Entry stale = mine;
  stale.label = "naive";
  stale.source = "solutions/demo/naive.cu";  // no longer a rung
  f.entries.push_back(mine);
  f.entries.push_back(stale);
  EXPECT_TRUE(baseline::rung_timed(f, "solutions/demo/rung-0.cu", "0.1.0", now));
  EXPECT_FALSE(baseline::rung_timed(f, "solutions/demo/rung-0.cu", "0.2.0", now));
  EXPECT_FALSE(baseline::rung_timed(f, "solutions/demo/best.cu", "0.1.0", now));

  baseline::Entry again = f.entries[1];
  again.label = "float4";  // relabelled: still the same file
  again.median_ms = 0.9;
  again.engine = "nvcc";
  baseline::store_rung(f, l, again);
  ASSERT_EQ(f.entries.size(), 3u);  // rung-0, my-try, float4; best and the stale naive gone
  EXPECT_EQ(f.entries[0].label, "rung-0");
  EXPECT_EQ(f.entries[1].label, "my-try");
  EXPECT_EQ(f.entries[2].label, "float4");
  EXPECT_TRUE(baseline::rung_timed(f, "solutions/demo/best.cu", "0.1.0", now));
}

}  // namespace
}  // namespace judge
