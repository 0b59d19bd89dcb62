// The summary table, progress lines, the judge-grade/1 document (checked by the report module's
// own validator) and the class leaderboard, all from synthetic rows: no GPU needed.
#include <gtest/gtest.h>

#include <cmath>

#include "baseline/store.hpp"
#include "grade/grade_report.hpp"
#include "grade/leaderboard.hpp"
#include "report/grade_reports.hpp"
#include "test_support.hpp"
#include "util/units.hpp"

namespace judge::grade {
namespace {

Graded row(const std::string& id, std::optional<std::string> student, judging::Verdict v,
           std::optional<double> median_ms = std::nullopt) {
  Graded g;
  g.submission = {id, "/tmp/" + id, "vector-addition", std::move(student)};
  g.result.challenge = "vector-addition";
  g.result.source = id;
  g.result.verdict = v;
  g.result.tests_selected = 3;
  g.result.compile.engine = "nvcc";
  judging::TestResult t;
  t.name = "performance";
  t.kind = spec::CaseKind::performance;
  t.verdict = v;
  t.summary = v == judging::Verdict::AC ? "" : "C[3] = 1 (want 2)";
  if (median_ms) {
    t.timing.emplace();
    t.timing->events.median_ms = *median_ms;
    t.timing->events.noise = 0.001;
    t.timing->events.n = 50;
    t.timing->case_key = std::string(64, 'c');
    g.median_ms = median_ms;
    g.gpu = 0;
  }
  g.result.tests.push_back(t);
  return g;
}

Gpu h100() {
  Gpu g;
  g.name = "NVIDIA H100 80GB HBM3";
  g.key = "nvidia-h100-80gb-hbm3";
  g.arch = "sm_90";
  return g;
}

TEST(GradeReport, TableSortedWithTotals) {
  const std::vector<Graded> rows = {row("zed/a.cu", "zed", judging::Verdict::WA),
                                    row("amy/a.cu", "amy", judging::Verdict::AC, 0.1082)};
  const std::string t = render_table(rows);
  EXPECT_LT(t.find("amy/a.cu"), t.find("zed/a.cu")) << t;
  EXPECT_NE(t.find("108.2 us"), std::string::npos) << t;
  EXPECT_NE(t.find("2 submission(s): 1 AC, 1 WA"), std::string::npos) << t;
  EXPECT_EQ(progress_line(rows[1], 2, 7), "[2/7] amy/a.cu AC 108.2 us");
  EXPECT_EQ(progress_line(rows[0], 1, 7), "[1/7] zed/a.cu WA (performance: C[3] = 1 (want 2))");
}

TEST(GradeReport, JsonDocumentPassesTheSharedCheck) {
  BatchInfo b;
  b.root = "/graded";
  b.shard = Shard{2, 4};
  b.gpus = {h100()};
  b.created = util::utc_timestamp();
  const std::vector<Graded> rows = {row("b.cu", std::nullopt, judging::Verdict::WA),
                                    row("a.cu", "amy", judging::Verdict::AC, 0.5)};
  const auto doc = render_grade_json(b, rows);
  const auto plain = nlohmann::json::parse(doc.dump());
  const auto ok = report::check_grade_report(plain, "test.json");
  EXPECT_TRUE(ok) << ok.error().message;
  EXPECT_EQ(doc["shard"]["index"], 2);
  EXPECT_EQ(doc["submissions"][0]["id"], "a.cu");
  EXPECT_EQ(doc["submissions"][0]["median_ms"], 0.5);
  EXPECT_EQ(doc["submissions"][0]["summary"], "1 of 3 tests passed, median 500.0 us");
  EXPECT_TRUE(doc["submissions"][1]["student"].is_null());
  EXPECT_EQ(doc["submissions"][1]["tests"][0]["kind"], "performance");
  EXPECT_EQ(doc["totals"]["by_verdict"]["WA"], 1);
  EXPECT_EQ(doc["gpus"][0]["arch"], "sm_90");
}

TEST(GradeLeaderboard, StoresAcceptedAndRanksAmongClassmates) {
  testing::TempDir dir;
  std::vector<Graded> rows = {
      row("amy/a.cu", "amy", judging::Verdict::AC, 1.0), row("bo/a.cu", "bo", judging::Verdict::AC, 2.0),
      row("cy/a.cu", std::nullopt, judging::Verdict::AC, 3.0), row("dee/a.cu", "dee", judging::Verdict::WA)};
  const auto store = dir.path() / "class";
  auto s = update_class_store(rows, {h100()}, spec::Catalog(dir.path() / "no-root"), store, "2026-01-01T00:00:00Z");
  ASSERT_TRUE(s) << s.error().message;
  auto f = baseline::load(store, "nvidia-h100-80gb-hbm3", "vector-addition");
  ASSERT_TRUE(f) << f.error().message;
  ASSERT_EQ(f->entries.size(), 3u) << "only accepted rows are stored";
  std::set<std::string> labels;
  for (const auto& e : f->entries) labels.insert(e.label);
  EXPECT_EQ(labels, (std::set<std::string>{"amy", "bo", "cy/a.cu"}));
  // Against the two others: the fastest beats both; the middle one lies between them, the
  // percentile interpolated in log time (docs/timing.md): 100 (1 - 1/2 + ln(3/2) / ln(3/1)) / 2.
  EXPECT_DOUBLE_EQ(*rows[0].percentile, 100.0);
  EXPECT_NEAR(*rows[1].percentile, 100 * (0.5 + std::log(1.5) / std::log(3.0)) / 2, 1e-9);
  EXPECT_DOUBLE_EQ(*rows[2].percentile, 0.0);
  EXPECT_FALSE(rows[3].percentile);
}

TEST(GradeLeaderboard, RanksOnlyAmongTimesOfTheSameCase) {
  testing::TempDir dir;
  const auto store = dir.path() / "class";
  baseline::File earlier;  // an earlier batch, which timed another performance case
  earlier.challenge = "vector-addition";
  earlier.gpu = "NVIDIA H100 80GB HBM3";
  baseline::Entry fast;
  fast.label = "old";
  fast.source = "old/a.cu";
  fast.median_ms = 0.5;
  fast.case_key = std::string(64, 'd');
  earlier.entries = {fast};
  ASSERT_TRUE(baseline::save(store, earlier));
  std::vector<Graded> rows = {row("amy/a.cu", "amy", judging::Verdict::AC, 1.0),
                              row("bo/a.cu", "bo", judging::Verdict::AC, 2.0)};
  auto s = update_class_store(rows, {h100()}, spec::Catalog(dir.path() / "no-root"), store, "2026-01-01T00:00:00Z");
  ASSERT_TRUE(s) << s.error().message;
  EXPECT_DOUBLE_EQ(*rows[0].percentile, 100.0) << "the 0.5 ms of another case does not count";
  EXPECT_DOUBLE_EQ(*rows[1].percentile, 0.0);
  auto f = baseline::load(store, "nvidia-h100-80gb-hbm3", "vector-addition");
  ASSERT_TRUE(f) << f.error().message;
  for (const baseline::Entry& e : f->entries)
    EXPECT_EQ(e.case_key, e.label == "old" ? std::string(64, 'd') : std::string(64, 'c')) << e.label;
}

}  // namespace
}  // namespace judge::grade
