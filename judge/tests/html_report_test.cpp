// The HTML class report (report/html_*): escaping of hostile text in every field, the charts'
// JSON block, the matrix, totals and leaderboard of a report with every verdict, the shipped
// baselines lookup, and `judge report html` through the binary. The page in a real browser is
// html_browser_test.py's job.
#include <gtest/gtest.h>

#include <fstream>
#include <nlohmann/json.hpp>
#include <regex>

#include "report/html_assets.hpp"
#include "report/html_baselines.hpp"
#include "report/html_escape.hpp"
#include "report/html_report.hpp"
#include "test_support.hpp"
#include "util/subprocess.hpp"

namespace judge {
namespace {

using nlohmann::json;

// Each tries a different way out of the context it lands in: element text, a quoted attribute,
// the JSON inside <script>, an HTML comment.
const std::string kScript = "<script>alert(1)</script>";
const std::string kAttr = "\"><img src=x onerror=alert(2)>";
const std::string kQuote = "x' onmouseover='alert(3)";
const std::string kEnd = "</script><script>alert(4)</script><!--";

std::size_t count(const std::string& hay, const std::string& needle) {
  std::size_t n = 0;
  for (std::size_t p = hay.find(needle); p != std::string::npos; p = hay.find(needle, p + 1)) ++n;
  return n;
}

json test_entry(const std::string& name, const std::string& verdict, const std::string& summary = "") {
  return {{"name", name},
          {"kind", "functional"},
          {"verdict", verdict},
          {"summary", summary},
          {"details", json::array()},
          {"diagnosis", nullptr},
          {"warnings", json::array()},
          {"output", ""}};
}

json submission(const std::string& student, const std::string& challenge, const std::string& verdict,
                std::optional<double> median_ms = std::nullopt) {
  const std::string id = student + "/" + challenge + "/solution.cu";
  json tests = json::array({test_entry("example-1", verdict == "CE" ? "AC" : verdict)});
  if (verdict == "CE") tests = json::array();
  return {{"id", id},
          {"file", id},
          {"student", student},
          {"challenge", challenge},
          {"verdict", verdict},
          {"summary", verdict + " summary"},
          {"engine", "nvrtc"},
          {"note", ""},
          {"gpu", verdict == "CE" ? json(nullptr) : json(0)},
          {"compile_ms", 500.0},
          {"judge_seconds", 2.0},
          {"median_ms", median_ms ? json(*median_ms) : json(nullptr)},
          {"percentile", median_ms ? json(50.0) : json(nullptr)},
          {"tests", tests},
          {"compile_log", ""}};
}

json report_of(json subs) {
  json by = json::object();
  for (const json& s : subs) by[s["verdict"].get<std::string>()] = by.value(s["verdict"], 0) + 1;
  return {{"format", "judge-grade/1"},
          {"judge_version", "0.1.0"},
          {"created", "2026-11-25T12:00:00Z"},
          {"root", "/srv/class"},
          {"shard", nullptr},
          {"compile_only", false},
          {"tests", "all"},
          {"gpus", json::array({{{"index", 0}, {"name", "NVIDIA H200"}, {"key", "nvidia-h200"}, {"arch", "sm_90"}}})},
          {"wall_seconds", 12.5},
          {"submissions", subs},
          {"totals", {{"submissions", subs.size()}, {"by_verdict", by}}}};
}

json every_verdict() {
  return report_of(json::array({submission("alice", "relu", "AC", 0.05), submission("alice", "softmax", "AC", 0.02),
                                submission("bob", "relu", "AC", 0.04), submission("bob", "softmax", "WA"),
                                submission("carol", "relu", "TLE"), submission("carol", "softmax", "RTE"),
                                submission("dave", "relu", "CE"), submission("dave", "softmax", "OLE"),
                                submission("erin", "relu", "MLE"), submission("erin", "softmax", "JE")}));
}

std::string render(const json& report, const report::ShippedBaselines& shipped = {}) {
  if (!report::html_available()) return "";
  auto page = report::render_html(report, shipped);
  EXPECT_TRUE(page) << page.error().message;
  return page ? *page : "";
}

// The charts' data, read back from its <script type="application/json"> element.
json chart_data(const std::string& page) {
  const std::string open = "<script type=\"application/json\" id=\"judge-charts\">";
  const auto from = page.find(open);
  EXPECT_NE(from, std::string::npos);
  const auto start = from + open.size();
  return json::parse(page.substr(start, page.find("</script>", start) - start));
}

#define SKIP_WITHOUT_CHART_JS()                                              \
  if (!report::html_available()) GTEST_SKIP() << report::html_unavailable(); \
  static_assert(true)

TEST(HtmlEscape, MarkupQuotesControlsAndBadUtf8) {
  EXPECT_EQ(report::html_escape(R"(<a href="x">Tom & 'Jerry'</a>)"),
            "&lt;a href=&quot;x&quot;&gt;Tom &amp; &#39;Jerry&#39;&lt;/a&gt;");
  EXPECT_EQ(report::html_escape("line 1\n\tline 2"), "line 1\n\tline 2");
  EXPECT_EQ(report::html_escape("\x1b[31mred\x1b[0m"), "\\x1B[31mred\\x1B[0m");
  EXPECT_EQ(report::html_escape("caf\xc3\xa9 \xff"), "caf\xc3\xa9 \xef\xbf\xbd");
}

TEST(HtmlEscape, ScriptJsonCannotEndItsElement) {
  const json data = {{"label", kEnd + kScript}, {"bad", std::string("\xff")}, {"n", 1.5}};
  const std::string text = report::script_json(data);
  EXPECT_EQ(text.find('<'), std::string::npos) << text;
  EXPECT_EQ(text.find('>'), std::string::npos) << text;
  EXPECT_EQ(text.find('&'), std::string::npos) << text;
  EXPECT_NE(text.find("\\u003c/script\\u003e"), std::string::npos) << text;
  const json back = json::parse(text);
  EXPECT_EQ(back["label"], kEnd + kScript);
  EXPECT_EQ(back["bad"], "\xef\xbf\xbd") << "invalid UTF-8 becomes U+FFFD instead of failing";
}

TEST(HtmlAssets, EmbeddedAtBuildTimeAndSafeToInline) {
  EXPECT_NE(report::html_assets::page_css.find(".v-AC"), std::string_view::npos);
  EXPECT_NE(report::html_assets::page_js.find("data-drawn"), std::string_view::npos);
  SKIP_WITHOUT_CHART_JS();
  EXPECT_NE(report::html_assets::chart_js.find("Chart.js v"), std::string_view::npos);
  EXPECT_NE(report::html_assets::chart_js.find("MIT License"), std::string_view::npos) << "the license banner stays";
  EXPECT_FALSE(report::html_assets::chart_js_origin.empty());
  for (const std::string_view asset : {report::html_assets::chart_js, report::html_assets::page_js})
    EXPECT_EQ(asset.find("</script"), std::string_view::npos);
}

TEST(HtmlReport, HostileTextInEveryFieldIsEscaped) {
  SKIP_WITHOUT_CHART_JS();
  const std::string evil = kScript + kAttr + kQuote + kEnd;
  json s = submission(evil, evil, "WA", 0.5);
  s["id"] = s["file"] = evil + "/solution.cu";
  s["summary"] = s["note"] = s["engine"] = s["compile_log"] = evil;
  json t = test_entry(evil, "WA", evil);
  t["kind"] = t["diagnosis"] = t["output"] = evil;
  t["details"] = json::array({evil, evil});
  t["warnings"] = json::array({evil});
  t["timing"] = {{"median_ms", 0.5}};
  s["tests"] = json::array({t});
  json r = report_of(json::array({s, submission("bob", "relu", "AC", 0.1)}));
  r["root"] = r["created"] = r["judge_version"] = r["tests"] = evil;
  r["gpus"][0]["name"] = r["gpus"][0]["key"] = evil;
  r["notes"] = json::array({evil});
  report::ShippedBaselines shipped;
  shipped.times[{evil, evil}] = {{evil, evil, 0.25}};
  shipped.notes.push_back(evil);

  const std::string page = render(r, shipped);
  const std::string markup = page.substr(0, page.find("<script"));  // everything but the scripts
  // The page's own three scripts (chart data, Chart.js, page.js) and nothing else.
  EXPECT_EQ(count(page, "<script"), 3u);
  EXPECT_EQ(count(page, "</script>"), 3u);
  EXPECT_EQ(page.find("<img"), std::string::npos);
  EXPECT_EQ(page.find("alert(1)</script"), std::string::npos);
  EXPECT_EQ(markup.find("onmouseover='"), std::string::npos);
  EXPECT_EQ(page.find("<!--"), std::string::npos);
  EXPECT_GT(count(page,
                  "&lt;script&gt;alert(1)&lt;/script&gt;&quot;&gt;&lt;img src=x onerror=alert(2)&gt;x&#39; "
                  "onmouseover=&#39;alert(3)"),
            10u)
      << "every field shows its text, escaped";
  // Attribute values never hold a raw quote: every data-* attribute closes where it should.
  const std::regex attr(R"rx(data-(student|challenge|gpu)="([^"]*)")rx");
  std::size_t attrs = 0;
  for (auto it = std::sregex_iterator(page.begin(), page.end(), attr); it != std::sregex_iterator(); ++it, ++attrs)
    EXPECT_EQ((*it)[2].str().find_first_of("<>'"), std::string::npos) << (*it)[0];
  EXPECT_GE(attrs, 4u);
  // The chart data round-trips: Chart.js draws the labels as text, exactly as written.
  const json charts = chart_data(page);
  ASSERT_EQ(charts.size(), 2u) << charts.dump();
  bool found_student = false, found_shipped = false;
  for (const json& c : charts)
    for (const json& p : c["points"]) {
      found_student = found_student || p["label"] == evil;
      found_shipped = found_shipped || (p["label"] == "shipped: " + evil && p["note"] == evil);
    }
  EXPECT_TRUE(found_student) << charts.dump();
  EXPECT_TRUE(found_shipped) << charts.dump();
}

TEST(HtmlReport, MatrixTotalsAndLeaderboardOfEveryVerdict) {
  SKIP_WITHOUT_CHART_JS();
  const std::string page = render(every_verdict());
  for (const auto& [student, challenge, verdict] :
       std::vector<std::tuple<std::string, std::string, std::string>>{{"alice", "relu", "AC"},
                                                                      {"bob", "softmax", "WA"},
                                                                      {"carol", "relu", "TLE"},
                                                                      {"carol", "softmax", "RTE"},
                                                                      {"dave", "relu", "CE"},
                                                                      {"dave", "softmax", "OLE"},
                                                                      {"erin", "relu", "MLE"},
                                                                      {"erin", "softmax", "JE"}}) {
    const std::string cell = "data-student=\"" + student + "\" data-challenge=\"" + challenge + "\" data-verdicts=\"" +
                             verdict + "\"><a class=\"chip v-" + verdict + "\"";
    EXPECT_NE(page.find(cell), std::string::npos) << cell;
  }
  EXPECT_EQ(count(page, "<td class=\"cell"), 10u) << "5 students x 2 challenges";
  EXPECT_NE(page.find("<b>3 <small>(30%)</small></b><span>accepted</span>"), std::string::npos);
  EXPECT_NE(page.find("class=\"seg v-AC\" style=\"flex-grow:3\""), std::string::npos);
  EXPECT_NE(page.find("<td class=\"count\">2/2</td>"), std::string::npos) << "alice accepted both";
  // One <tbody> per submission; relu first, its timed rows fastest first.
  EXPECT_EQ(count(page, "<tbody id=\"sub-"), 10u);
  const auto bob = page.find("<tbody id=\"sub-2\""), alice = page.find("<tbody id=\"sub-0\""),
             carol = page.find("<tbody id=\"sub-4\"");
  EXPECT_LT(bob, alice) << "bob 40 us before alice 50 us";
  EXPECT_LT(alice, carol) << "timed before failed";
  EXPECT_EQ(count(page, "<details>"), 10u);
  // Each challenge has one chart; no shipped baselines here, so the class only.
  const json charts = chart_data(page);
  ASSERT_EQ(charts.size(), 2u);
  EXPECT_EQ(charts[0]["challenge"], "relu");
  ASSERT_EQ(charts[0]["points"].size(), 2u);
  EXPECT_EQ(charts[0]["points"][0]["label"], "bob");
  EXPECT_EQ(charts[0]["points"][0]["kind"], "class");
}

TEST(HtmlReport, ChartsCompareWithShippedTimesAndSayWhatIsMissing) {
  SKIP_WITHOUT_CHART_JS();
  json r = every_verdict();
  r["submissions"].push_back(submission("frank", "reverse-array", "WA"));
  r["totals"]["submissions"] = 11;
  r["totals"]["by_verdict"]["WA"] = 2;
  report::ShippedBaselines shipped;
  shipped.times[{"nvidia-h200", "relu"}] = {{"best", "one float4 per thread", 0.03}, {"naive", "", 0.045}};
  const std::string page = render(r, shipped);
  const json charts = chart_data(page);
  ASSERT_EQ(charts.size(), 2u) << "reverse-array has neither a class time nor a baseline";
  std::vector<std::string> labels;
  for (const json& p : charts[0]["points"]) labels.push_back(p["label"]);
  EXPECT_EQ(labels, (std::vector<std::string>{"shipped: best", "bob", "shipped: naive", "alice"}));
  EXPECT_NE(page.find("<b>reverse-array</b> on NVIDIA H200: no runtime"), std::string::npos);
  EXPECT_NE(page.find("2 shipped solution(s) (fastest: shipped: best, 30.0 us)"), std::string::npos);
}

TEST(HtmlReport, ShippedBaselinesComeFromTheDataRoot) {
  json r = every_verdict();
  r["submissions"][0]["challenge"] = "vector-addition";
  report::ShippedBaselines shipped = report::shipped_baselines(r, testing::catalog());
  const auto va = shipped.times.find({"nvidia-h200", "vector-addition"});
  ASSERT_NE(va, shipped.times.end());
  EXPECT_GE(va->second.size(), 8u);
  for (const report::ShippedTime& t : va->second) {
    EXPECT_FALSE(t.label.empty());
    EXPECT_GT(t.median_ms, 0);
  }
  EXPECT_TRUE(shipped.notes.empty()) << shipped.notes[0];
  EXPECT_FALSE(shipped.times.contains({"nvidia-h200", "no-such-challenge"}));
  r["gpus"][0]["key"] = "nvidia-gtx-480";
  shipped = report::shipped_baselines(r, testing::catalog());
  EXPECT_TRUE(shipped.times.empty());
  ASSERT_EQ(shipped.notes.size(), 1u);
  EXPECT_NE(shipped.notes[0].find("no shipped baselines for GPU nvidia-gtx-480"), std::string::npos);
}

using testing::run_command;

TEST(ReportCommand, HtmlThroughTheBinary) {
  testing::TempDir dir;
  const auto in = dir.write("report.json", every_verdict().dump());
  const std::string out = (dir.path() / "page.html").string();
  auto [code, text] = run_command({JUDGE_BINARY, "--root", JUDGE_TEST_ROOT, "report", "html", in.string(), "-o", out});
  if (!report::html_available()) {
    EXPECT_EQ(code, 2);
    EXPECT_NE(text.find("apt-get install libjs-chart.js"), std::string::npos) << text;
    return;
  }
  ASSERT_EQ(code, 0) << text;
  EXPECT_NE(text.find("wrote " + out + " (10 submissions)"), std::string::npos) << text;
  std::ifstream f(out);
  const std::string page((std::istreambuf_iterator<char>(f)), {});
  EXPECT_TRUE(page.starts_with("<!DOCTYPE html>"));
  EXPECT_EQ(count(page, "<canvas"), 2u);
  EXPECT_NE(page.find("Charts drawn by Chart.js v"), std::string::npos) << "the footer credits Chart.js (MIT)";
  // Nothing to fetch: no stylesheet link, no script or image source.
  EXPECT_EQ(page.find("<link"), std::string::npos);
  EXPECT_EQ(page.find("src="), std::string::npos);
  const auto broken = dir.write("broken.json", R"({"format": "judge-grade/1", "judge_version": "0.1.0"})");
  std::tie(code, text) = run_command({JUDGE_BINARY, "report", "html", broken.string(), "-o", out});
  EXPECT_EQ(code, 2);
  EXPECT_NE(text.find(broken.string() + ": $: missing required key 'submissions'"), std::string::npos) << text;
}

}  // namespace
}  // namespace judge
