// What `judge run` prints for a timed test, as text and as --json: the figures the timing protocol
// produced must all reach the reader (median, spread, speed-of-light, percentile and ladder, the
// launch latency and a notable drift).
#include <gtest/gtest.h>

#include "report/printers.hpp"

namespace judge {
namespace {

bench::Summary summary_around(double median_ms, std::size_t n) {
  bench::Summary s;
  s.n = n;
  s.median_ms = median_ms;
  s.min_ms = median_ms * 0.99;
  s.max_ms = median_ms * 1.02;
  s.mean_ms = median_ms;
  s.q1_ms = median_ms * 0.999;
  s.q3_ms = median_ms * 1.001;
  s.noise = 0.0002;
  return s;
}

judging::RunResult timed_run(double drift) {
  judging::Timing t;
  t.events = t.queued = summary_around(0.0965, 5000);
  t.idle_start = summary_around(0.1000, 1700);
  t.launch_latency_ms = 0.0035;
  t.drift = drift;
  t.trend_ms = {0.0966, 0.0965, 0.0965, 0.0964};
  t.warmup_trend_ms = {0.0970, 0.0966};
  t.stop_reason = "noise target met";
  t.validated_samples = 14;
  t.alternate_inputs = true;
  t.bandwidth_gbs = 3130;
  judging::SpeedOfLight sol;
  sol.peak_copy_gbs = 2988;
  sol.memory_fraction = 3130.0 / 2988;
  t.speed_of_light = sol;
  baseline::Ranking ranking;
  ranking.total = 3;
  ranking.references = 3;
  ranking.slower = 2;
  ranking.faster = 1;
  ranking.percentile = 66.7;
  ranking.ladder = {{"best", 0.0960, false}, {"you", 0.0965, true}, {"naive", 0.1200, false}};
  t.ranking = ranking;

  judging::TestResult test;
  test.name = "performance";
  test.kind = spec::CaseKind::performance;
  test.timing = t;
  judging::RunResult r;
  r.challenge = "vector-addition";
  r.source = "solution.cu";
  r.tests = {test};
  r.tests_selected = 1;
  return r;
}

TEST(Report, TimedTestShowsMedianSpreadSpeedOfLightAndLadder) {
  const std::string text = report::render_text(timed_run(0.0001), /*color=*/false);
  for (const char* want : {"median 96.5 us", "spread 0.2%", "105% of speed-of-light (memory-bound",
                           "percentile 66.7 of 3 reference solutions on this GPU", "> you", "  naive", "launch latency",
                           "inputs alternated between 2 sets"})
    EXPECT_NE(text.find(want), std::string::npos) << "missing '" << want << "' in:\n" << text;
  EXPECT_EQ(text.find("speed changed while sampling"), std::string::npos) << text;
}

TEST(Report, NotableDriftGetsALine) {
  const std::string faster = report::render_text(timed_run(-0.0065), false);
  EXPECT_NE(faster.find("second half of the calls was 0.7% faster than the first"), std::string::npos) << faster;
  const std::string slower = report::render_text(timed_run(0.012), false);
  EXPECT_NE(slower.find("1.2% slower"), std::string::npos) << slower;
}

TEST(Report, JsonCarriesTheTimingFigures) {
  const auto j = report::render_json(timed_run(-0.0065));
  const auto& t = j.at("tests").at(0).at("timing");
  EXPECT_DOUBLE_EQ(t.at("events").at("median_ms").get<double>(), 0.0965);
  EXPECT_EQ(t.at("timed_from"), "queued");
  EXPECT_DOUBLE_EQ(t.at("drift").get<double>(), -0.0065);
  EXPECT_EQ(t.at("trend_ms").size(), 4u);
  EXPECT_EQ(t.at("warmup_trend_ms").size(), 2u);
  EXPECT_NEAR(t.at("speed_of_light").at("fraction").get<double>(), 1.0475, 0.001);
  EXPECT_EQ(t.at("ranking").at("ladder").size(), 3u);
  EXPECT_TRUE(t.at("ranking").at("ladder").at(1).at("you").get<bool>());
}

}  // namespace
}  // namespace judge
