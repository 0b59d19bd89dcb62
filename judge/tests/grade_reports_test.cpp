// Grade reports (judge-grade/1): checking, JUnit and GitHub renderings, merging shards, the JUnit
// schema (docs/schemas/junit.xsd, through xmllint), `judge report`, and the CI recipes in docs/ci.
#include <gtest/gtest.h>

#include <fmt/format.h>

#include <fstream>
#include <nlohmann/json.hpp>
#include <pugixml.hpp>
#include <regex>

#include "report/grade_reports.hpp"
#include "report/xml_chars.hpp"
#include "test_support.hpp"
#include "util/subprocess.hpp"

namespace judge {
namespace {

using nlohmann::json;

json test_entry(const std::string& name, const std::string& verdict, const std::string& summary = "",
                json details = json::array()) {
  return {{"name", name}, {"kind", "functional"}, {"verdict", verdict}, {"summary", summary}, {"details", details}};
}

json submission(const std::string& student, const std::string& challenge, const std::string& verdict,
                const std::string& summary, json tests = json::array()) {
  const std::string id = student + "/" + challenge + "/solution.cu";
  return {{"id", id},
          {"file", id},
          {"student", student},
          {"challenge", challenge},
          {"verdict", verdict},
          {"summary", summary},
          {"engine", "nvcc"},
          {"note", ""},
          {"gpu", 0},
          {"compile_ms", 812.0},
          {"judge_seconds", 2.5},
          {"median_ms", nullptr},
          {"percentile", nullptr},
          {"tests", tests},
          {"compile_log", ""}};
}

json with_totals(json report) {
  json by = json::object();
  for (const json& s : report["submissions"]) by[s["verdict"].get<std::string>()] = by.value(s["verdict"], 0) + 1;
  report["totals"] = {{"submissions", report["submissions"].size()}, {"by_verdict", by}};
  return report;
}

json header(json shard = nullptr) {
  return {
      {"format", "judge-grade/1"},
      {"judge_version", "0.1.0"},
      {"created", "2026-11-21T10:00:00Z"},
      {"root", "/srv/class"},
      {"shard", shard},
      {"compile_only", false},
      {"tests", "all"},
      {"gpus",
       json::array(
           {{{"index", 0}, {"name", "NVIDIA H100 80GB HBM3"}, {"key", "nvidia-h100-80gb-hbm3"}, {"arch", "sm_90"}}})},
      {"wall_seconds", 20.0},
      {"submissions", json::array()}};
}

// One submission per verdict, over two challenges.
json every_verdict_report() {
  json r = header();
  json ac = submission("alice", "vector-addition", "AC", "4 of 4 tests passed, median 108.2 us",
                       json::array({test_entry("example-1", "AC")}));
  ac["median_ms"] = 0.1082;
  ac["percentile"] = 73.0;
  r["submissions"] = json::array(
      {ac,
       submission("bob", "vector-addition", "WA", "functional-2: 3 of 1024 elements differ",
                  json::array({test_entry("example-1", "AC"),
                               test_entry("functional-2", "WA", "3 of 1024 elements differ",
                                          json::array({"C[17]: got 1.5, want 2.5", "C[18]: got 0, want 1"}))})),
       submission("carol", "vector-addition", "TLE", "performance: did not finish within 2 s",
                  json::array({test_entry("performance", "TLE", "did not finish within 2 s")})),
       submission("dave", "relu", "RTE", "illegal memory access", json::array({test_entry("example-1", "RTE")})),
       submission("erin", "relu", "CE", "identifier \"x\" is undefined"),
       submission("frank", "relu", "OLE", "printed more than 1 MiB", json::array({test_entry("example-1", "OLE")})),
       submission("grace", "relu", "MLE", "cudaErrorMemoryAllocation", json::array({test_entry("example-1", "MLE")})),
       submission("heidi", "relu", "JE", "runner did not answer", json::array({test_entry("example-1", "JE")}))});
  r["submissions"][4]["compile_log"] =
      "/srv/class/erin/relu/solution.cu(12): error: identifier \"x\" is undefined\n1 error detected\n";
  return with_totals(r);
}

std::size_t count(const std::string& hay, const std::string& needle) {
  std::size_t n = 0;
  for (std::size_t p = hay.find(needle); p != std::string::npos; p = hay.find(needle, p + 1)) ++n;
  return n;
}

std::string error_of(const json& report) {
  const Status s = report::check_grade_report(report, "shard-1.json");
  return s ? "" : s.error().message;
}

TEST(GradeReportCheck, AcceptsEveryVerdictAndCompileOnly) {
  EXPECT_EQ(error_of(every_verdict_report()), "");
  json r = header();
  r["compile_only"] = true;
  r["gpus"] = json::array();
  json s = submission("alice", "relu", "compiled", "compiled with nvcc for sm_90");
  s["gpu"] = nullptr;
  r["submissions"].push_back(s);
  EXPECT_EQ(error_of(with_totals(r)), "");
}

TEST(GradeReportCheck, ErrorsNameFileAndPath) {
  const std::vector<std::pair<std::function<void(json&)>, std::string>> cases = {
      {[](json& r) { r["format"] = "judge-run/1"; }, "shard-1.json: $.format: 'judge-run/1' is not a grade report"},
      {[](json& r) { r["format"] = "judge-grade/2"; }, "$.format: 'judge-grade/2' is another version"},
      {[](json& r) { r.erase("submissions"); }, "shard-1.json: $: missing required key 'submissions'"},
      {[](json& r) { r["submissions"][1]["verdict"] = "XX"; }, "$.submissions[1].verdict: unknown verdict 'XX'"},
      {[](json& r) { r["submissions"][0]["gpu"] = 5; }, "$.submissions[0].gpu: GPU 5 is not in $.gpus"},
      {[](json& r) { r["submissions"][2]["median_ms"] = "fast"; },
       "$.submissions[2].median_ms: expected a number or null, got a string"},
      {[](json& r) { r["submissions"][1]["tests"][1]["details"] = 3; },
       "$.submissions[1].tests[1].details: expected a list of lines or a string"},
      {[](json& r) { r["submissions"][1]["id"] = r["submissions"][0]["id"]; },
       "$.submissions[1].id: 'alice/vector-addition/solution.cu' is also $.submissions[0]"},
      {[](json& r) {
         r["shard"] = {{"index", 5}, {"count", 4}};
       },
       "$.shard: shard 5/4 is not possible"},
      {[](json& r) { r["totals"]["submissions"] = 9; }, "$.totals.submissions: says 9 but $.submissions lists 8"},
      {[](json& r) { r["totals"]["by_verdict"]["AC"] = 2; }, "$.totals.by_verdict.AC: says 2 but"},
  };
  for (const auto& [mutate, expected] : cases) {
    json r = every_verdict_report();
    mutate(r);
    EXPECT_NE(error_of(r).find(expected), std::string::npos) << "got: " << error_of(r) << "\nwant: " << expected;
  }
}

TEST(XmlChars, ControlCharactersAndBadUtf8) {
  using report::xml_chars;
  EXPECT_EQ(xml_chars("a<b>&\"c\" l1\nl2\tx\r"), "a<b>&\"c\" l1\nl2\tx\r") << "markup and white space: the writer's";
  EXPECT_EQ(xml_chars("bell\x07 esc\x1b[31m nul"), "bell\\x07 esc\\x1B[31m nul");
  EXPECT_EQ(xml_chars(std::string("z\0z", 3)), "z\\x00z");
  EXPECT_EQ(xml_chars("\xff\xc3(\xed\xa0\x80"), "\xEF\xBF\xBD\xEF\xBF\xBD(\xEF\xBF\xBD\xEF\xBF\xBD\xEF\xBF\xBD");
  EXPECT_EQ(xml_chars("\xef\xbf\xbf"), "\xEF\xBF\xBD") << "U+FFFF is not an XML character";
  EXPECT_EQ(xml_chars("é ✓ \xf0\x9f\x99\x82 \x7f"), "é ✓ \xf0\x9f\x99\x82 \x7f");
  const std::string clipped = report::clip_utf8("ééé", 3);  // cut falls inside the second é
  EXPECT_EQ(clipped.substr(0, 2), "é");
  EXPECT_NE(clipped.find("4 more bytes"), std::string::npos) << clipped;
}

TEST(JUnit, CountsAndVerdictMapping) {
  const std::string xml = report::render_junit(every_verdict_report());
  EXPECT_NE(xml.find(R"(<testsuites name="judge grade" tests="8" failures="2" errors="5" skipped="0" time="20.000">)"),
            std::string::npos)
      << xml;
  EXPECT_NE(xml.find(R"(<testsuite name="relu" id="0" package="judge" tests="5" failures="1" errors="4")"),
            std::string::npos);
  EXPECT_NE(xml.find(R"(<testsuite name="vector-addition" id="1" package="judge" tests="3" failures="1" errors="1")"),
            std::string::npos);
  EXPECT_NE(xml.find(R"(timestamp="2026-11-21T10:00:00")"), std::string::npos);
  EXPECT_EQ(count(xml, "<testcase "), 8u);
  EXPECT_EQ(count(xml, "<failure "), 2u);
  EXPECT_EQ(count(xml, "<error "), 5u);
  for (const char* type : {"WA", "OLE"})
    EXPECT_NE(xml.find(fmt::format("<failure message=\"{}: ", type)), std::string::npos);
  for (const char* type : {"TLE", "RTE", "CE", "MLE", "JE"})
    EXPECT_NE(xml.find(fmt::format("type=\"{}\">", type)), std::string::npos) << type;
  // The failure body carries the diagnostics of the failing test; the CE body the compiler's log.
  EXPECT_NE(xml.find("test 'functional-2' (functional): WA 3 of 1024 elements differ\n  C[17]: got 1.5, want 2.5"),
            std::string::npos);
  EXPECT_NE(xml.find("compiler output:\n/srv/class/erin/relu/solution.cu(12): error: identifier \"x\" is undefined"),
            std::string::npos);
  EXPECT_NE(xml.find(R"x(<property name="gpu.0" value="NVIDIA H100 80GB HBM3 (sm_90)")x"), std::string::npos);
  EXPECT_NE(xml.find("median 108.2 us, percentile 73"), std::string::npos) << "the system-out table";
}

TEST(JUnit, CompileOnlyPasses) {
  json r = header();
  r["compile_only"] = true;
  r["submissions"].push_back(submission("alice", "relu", "compiled", "compiled with nvcc for sm_90"));
  const std::string xml = report::render_junit(with_totals(r));
  EXPECT_NE(xml.find(R"(tests="1" failures="0" errors="0")"), std::string::npos);
  EXPECT_EQ(count(xml, "<failure"), 0u);
  EXPECT_EQ(count(xml, "<error"), 0u);
}

json hostile_report() {
  json r = header();
  json s = submission("mallory", "relu", "WA", "got <NaN> & \"inf\"\nsecond line \x01\x1b[0m",
                      json::array({test_entry("ex<1>", "WA", "a]]>b", json::array({"ü\x02", "\t<tab>"}))}));
  s["tests"][0]["output"] = "printf says \x07 & bye";
  s["student"] = "o'brien & \"co\"";
  r["submissions"].push_back(s);
  return with_totals(r);
}

// The document as an XML parser reads it (pugixml: markup and character references decoded, line
// ends normalised); the schema test below has xmllint check the same documents strictly.
std::unique_ptr<pugi::xml_document> parse_xml(const std::string& xml) {
  auto doc = std::make_unique<pugi::xml_document>();
  const pugi::xml_parse_result parsed = doc->load_string(xml.c_str());
  EXPECT_TRUE(parsed) << parsed.description() << " at byte " << parsed.offset << " of\n" << xml;
  return doc;
}

TEST(JUnit, EscapesEverythingItWrites) {
  const std::string xml = report::render_junit(hostile_report());
  const auto doc = parse_xml(xml);
  EXPECT_STREQ(doc->select_node("//failure").node().attribute("message").value(),
               "WA: got <NaN> & \"inf\"\nsecond line \\x01\\x1B[0m")
      << xml;
  EXPECT_NE(xml.find("&lt;NaN"), std::string::npos);
  EXPECT_NE(xml.find("test 'ex&lt;1&gt;' (functional): WA a]]&gt;b\n  ü\\x02\n  \t&lt;tab&gt;"), std::string::npos);
  EXPECT_NE(xml.find("printf says \\x07 &amp; bye"), std::string::npos);
  for (unsigned char c = 0; c < 0x20; ++c) {
    if (c != '\n' && c != '\t') {
      EXPECT_EQ(xml.find(static_cast<char>(c)), std::string::npos) << int(c);
    }
  }
}

// Text meant to break a hand-made XML writer, in every field the JUnit report shows.
const std::string kNasty = std::string("<script>alert('x')</script> ]]> \"q\" 'a' &amp; & \x01\x1f\x7f é \xff\r\nend") +
                           std::string(1, '\0') + "?";
// What a parser reads back: control characters shown as \xHH, invalid UTF-8 as U+FFFD, and (in
// element text, where XML normalises line ends) CR LF as LF; attributes keep the CR.
const std::string kNastyAttribute =
    "<script>alert('x')</script> ]]> \"q\" 'a' &amp; & \\x01\\x1F\x7f é \xEF\xBF\xBD\r\nend\\x00?";
const std::string kNastyText =
    "<script>alert('x')</script> ]]> \"q\" 'a' &amp; & \\x01\\x1F\x7f é \xEF\xBF\xBD\nend\\x00?";

json hostile_everywhere_report() {
  const std::string& nasty = kNasty;
  json r = header();
  r["root"] = nasty;
  r["gpus"][0]["name"] = nasty;
  json ce = submission("eve", nasty, "CE", nasty);
  ce["id"] = ce["file"] = "eve/" + nasty + ".cu";
  ce["compile_log"] = nasty;
  ce["note"] = nasty;
  json wa = submission("eve", "relu", "WA", nasty, json::array({test_entry(nasty, "WA", nasty, json::array({nasty}))}));
  wa["tests"][0]["output"] = nasty;
  r["submissions"] = json::array({ce, wa});
  return with_totals(r);
}

TEST(JUnit, HostileTextInEveryFieldReadsBackAsText) {
  ASSERT_EQ(kNasty.find('\0'), kNasty.size() - 2) << "the NUL is part of the text";
  const std::string xml = report::render_junit(hostile_everywhere_report());
  const auto doc = parse_xml(xml);
  EXPECT_FALSE(doc->select_node("//script")) << "markup in a field must stay text:\n" << xml;
  const pugi::xml_node ce = doc->select_node("//testcase[error]").node();
  EXPECT_EQ(std::string(ce.attribute("classname").value()), kNastyAttribute);
  EXPECT_EQ(std::string(ce.attribute("name").value()), "eve/" + kNastyAttribute + ".cu");
  EXPECT_EQ(std::string(ce.child("error").attribute("message").value()), "CE: " + kNastyAttribute);
  const std::string ce_body = ce.child("error").text().get();
  EXPECT_NE(ce_body.find("note: " + kNastyText + "\ncompiler output:\n" + kNastyText + "\n"), std::string::npos)
      << ce_body;
  const pugi::xml_node wa = doc->select_node("//testcase[failure]").node();
  const std::string wa_body = wa.child("failure").text().get();
  EXPECT_NE(
      wa_body.find(fmt::format("test '{0}' (functional): WA {0}\n  {0}\n  output of the solution:\n{0}\n", kNastyText)),
      std::string::npos)
      << wa_body;
  EXPECT_NE(std::string(wa.child("system-out").text().get()).find(kNastyText), std::string::npos);
  EXPECT_EQ(std::string(doc->select_node("//property[@name='root']").node().attribute("value").value()),
            kNastyAttribute);
  EXPECT_EQ(std::string(doc->select_node("//property[@name='gpu.0']").node().attribute("value").value()),
            kNastyAttribute + " (sm_90)");
}

using testing::run_command;

bool have(const std::string& tool) {
  return run_command({"/bin/sh", "-c", "command -v " + tool}).first == 0;
}

std::pair<int, std::string> validate(const std::string& xml) {
  testing::TempDir dir;
  const auto file = dir.write("report.xml", xml);
  return run_command(
      {"xmllint", "--noout", "--schema", (testing::source_root() / "docs/schemas/junit.xsd").string(), file.string()});
}

TEST(JUnitSchema, RenderedReportsValidate) {
  if (!have("xmllint")) GTEST_SKIP() << "xmllint not installed (apt-get install libxml2-utils): schema not checked";
  json compile_only = header();
  compile_only["compile_only"] = true;
  compile_only["created"] = "not a date";
  compile_only["submissions"].push_back(submission("alice", "relu", "compiled", "compiled"));
  for (const json& r : {every_verdict_report(), hostile_report(), hostile_everywhere_report(),
                        with_totals(compile_only), with_totals(header())}) {
    const auto [code, out] = validate(report::render_junit(r));
    EXPECT_EQ(code, 0) << out;
  }
}

TEST(JUnitSchema, RejectsAnInvalidDocument) {
  if (!have("xmllint")) GTEST_SKIP() << "xmllint not installed (apt-get install libxml2-utils): schema not checked";
  // A testcase without classname, a count that is not a number, and a failure after system-out.
  const std::string bad = R"(<?xml version="1.0" encoding="UTF-8"?>
<testsuites tests="1">
  <testsuite name="relu" tests="one">
    <testcase name="alice/relu/solution.cu" time="1,5">
      <system-out>x</system-out>
      <failure message="WA">y</failure>
    </testcase>
  </testsuite>
</testsuites>
)";
  const auto [code, out] = validate(bad);
  EXPECT_NE(code, 0);
  EXPECT_NE(out.find("fails to validate"), std::string::npos) << out;
  EXPECT_NE(out.find("classname"), std::string::npos) << out;
}

TEST(GitHub, AnnotatesRejectionsOnly) {
  const report::GithubOutput gh = report::render_github(every_verdict_report());
  EXPECT_EQ(count(gh.annotations, "::error "), 6u) << gh.annotations;
  EXPECT_EQ(count(gh.annotations, "::warning "), 1u) << "JE is the judge's fault";
  EXPECT_EQ(gh.annotations.find("alice/"), std::string::npos) << "AC is not annotated";
  EXPECT_NE(gh.annotations.find("::error file=erin/relu/solution.cu,line=12,title=CE relu (erin)::identifier"),
            std::string::npos)
      << gh.annotations;
  // ':' is escaped in properties only; the message keeps it and joins lines with %0A.
  EXPECT_NE(gh.annotations.find("::error file=bob/vector-addition/solution.cu,title=WA vector-addition (bob)::"
                                "functional-2: 3 of 1024 elements differ%0Atest 'functional-2': WA 3 of 1024 "
                                "elements differ%0A  C[17]: got 1.5, want 2.5%0A  C[18]: got 0, want 1\n"),
            std::string::npos)
      << gh.annotations;
}

TEST(GitHub, EscapingAndCompilerLocations) {
  json r = header();
  json ce = submission("a,b", "relu", "CE", "100% broken: see log");
  ce["id"] = ce["file"] = "/srv/class/x:y/relu/solution.cu";  // absolute: made relative to the root
  ce["compile_log"] =
      "In file included from /tmp/wrap.cu:1:\n/srv/class/x:y/relu/solution.cu:7:3: error: expected ';'\n";
  r["submissions"].push_back(ce);
  const std::string a = report::render_github(with_totals(r)).annotations;
  EXPECT_EQ(a,
            "::error file=x%3Ay/relu/solution.cu,line=7,col=3,title=CE relu (a%2Cb)::100%25 broken: see log%0A"
            "/srv/class/x:y/relu/solution.cu:7:3: error: expected ';'\n");
}

TEST(GitHub, StepSummaryListsFailuresFirst) {
  const std::string md = report::render_github(every_verdict_report()).step_summary_markdown;
  EXPECT_NE(md.find("## judge grade: 1 of 8 submissions accepted"), std::string::npos) << md;
  EXPECT_NE(md.find("| WA (wrong answer) | 1 |"), std::string::npos);
  EXPECT_NE(md.find("### vector-addition: 1 of 3 passed"), std::string::npos);
  const auto tle = md.find("| `carol/vector-addition/solution.cu` | carol | **TLE**");
  const auto wa = md.find("| `bob/vector-addition/solution.cu` | bob | **WA**");
  const auto ac = md.find("| `alice/vector-addition/solution.cu` | alice | AC | 108.2 us | 73 |");
  ASSERT_NE(ac, std::string::npos) << md;
  EXPECT_LT(tle, wa);
  EXPECT_LT(wa, ac);
  const std::string hostile = report::render_github(hostile_report()).step_summary_markdown;
  EXPECT_NE(hostile.find("got &lt;NaN&gt; & \"inf\" second line"), std::string::npos) << hostile;
}

json shard(int index, int count, std::vector<json> subs) {
  json r = header({{"index", index}, {"count", count}});
  for (auto& s : subs) r["submissions"].push_back(s);
  return with_totals(r);
}

TEST(Merge, CombinesShardsAndNotesMissingOnes) {
  json s1 = shard(1, 3, {submission("bob", "relu", "WA", "wrong"), submission("alice", "relu", "AC", "ok")});
  json s3 = shard(3, 3, {submission("carol", "relu", "AC", "ok")});
  s3["gpus"] = json::array({{{"index", 0}, {"name", "NVIDIA H200"}, {"key", "nvidia-h200"}, {"arch", "sm_90"}}});
  auto m = report::merge_grade_reports({s1, s3}, {"shard-1.json", "shard-3.json"});
  ASSERT_TRUE(m) << m.error().message;
  EXPECT_EQ(report::check_grade_report(*m, "merged").ok(), true);
  EXPECT_EQ((*m)["submissions"].size(), 3u);
  EXPECT_EQ((*m)["submissions"][0]["id"], "alice/relu/solution.cu") << "sorted by id";
  EXPECT_EQ((*m)["totals"]["by_verdict"], json({{"AC", 2}, {"WA", 1}}));
  EXPECT_EQ((*m)["shard"], nullptr);
  ASSERT_EQ((*m)["shards"].size(), 2u);
  EXPECT_EQ((*m)["shards"][1]["file"], "shard-3.json");
  EXPECT_EQ((*m)["missing_shards"], json({2}));
  EXPECT_EQ((*m)["notes"][0], "shard 2 of 3 missing: this report covers 2 of 3 shards");
  EXPECT_EQ((*m)["wall_seconds"], 40.0);
  // Each shard's GPU 0 is a different card: the merged list has both, and carol points at hers.
  EXPECT_EQ((*m)["gpus"].size(), 2u);
  EXPECT_EQ((*m)["submissions"][2]["gpu"], 1);
  // A merged report merges again, with the missing shard, into a complete one.
  auto all = report::merge_grade_reports({*m, shard(2, 3, {submission("dave", "relu", "AC", "ok")})},
                                         {"merged.json", "shard-2.json"});
  ASSERT_TRUE(all) << all.error().message;
  EXPECT_EQ((*all)["missing_shards"], json::array());
  EXPECT_EQ((*all)["notes"], json::array());
  EXPECT_EQ((*all)["shards"].size(), 3u);
  EXPECT_EQ((*all)["totals"]["submissions"], 4);
}

TEST(Merge, IdenticalDuplicatesAreKeptOnce) {
  const json same = submission("alice", "relu", "AC", "ok");
  auto m = report::merge_grade_reports({shard(1, 2, {same}), shard(2, 2, {same})}, {"a.json", "b.json"});
  ASSERT_TRUE(m) << m.error().message;
  EXPECT_EQ((*m)["submissions"].size(), 1u);
}

TEST(Merge, ErrorsNameTheFile) {
  const json ok = submission("alice", "relu", "AC", "ok");
  const json wa = submission("alice", "relu", "WA", "wrong");
  json compile_only = shard(2, 2, {});
  compile_only["compile_only"] = true;
  json bad = shard(2, 2, {});
  bad["format"] = "judge-run/1";
  const std::vector<std::pair<std::vector<json>, std::string>> cases = {
      {{shard(1, 2, {ok}), shard(2, 2, {wa})},
       "b.json: $.submissions[0]: submission 'alice/relu/solution.cu' is also in a.json with a different result (AC "
       "there, WA here)"},
      {{shard(1, 2, {}), bad}, "b.json: $.format: 'judge-run/1' is not a grade report"},
      {{shard(1, 2, {}), shard(2, 3, {})}, "b.json: $.shard: shard 2/3 does not belong with shards of 2 (a.json)"},
      {{shard(1, 2, {}), shard(1, 2, {})}, "b.json: $.shard: shard 1/2 is also in a.json: merge each shard once"},
      {{shard(1, 2, {}), compile_only}, "b.json: $.compile_only: is true but a.json has false"},
  };
  for (const auto& [reports, expected] : cases) {
    auto m = report::merge_grade_reports(reports, {"a.json", "b.json"});
    ASSERT_FALSE(m) << expected;
    EXPECT_NE(m.error().message.find(expected), std::string::npos) << m.error().message;
  }
  EXPECT_FALSE(report::merge_grade_reports({}, {}));
}

TEST(ReportCommand, MergeAndJunitThroughTheBinary) {
  testing::TempDir dir;
  const auto a = dir.write("shard-1.json", shard(1, 2, {submission("bob", "relu", "WA", "wrong")}).dump());
  const auto b = dir.write("shard-2.json", shard(2, 2, {submission("alice", "relu", "AC", "ok")}).dump());
  const std::string merged = (dir.path() / "merged.json").string(), xml = (dir.path() / "merged.xml").string();
  auto [code, out] =
      run_command({JUDGE_BINARY, "report", "merge", a.string(), b.string(), "-o", merged, "--junit", xml});
  ASSERT_EQ(code, 0) << out;
  std::ifstream in(merged);
  const json m = json::parse(in);
  EXPECT_EQ(m["totals"]["submissions"], 2);
  std::tie(code, out) = run_command({JUDGE_BINARY, "report", "junit", merged});
  EXPECT_EQ(code, 0) << out;
  EXPECT_NE(out.find(R"(tests="2" failures="1" errors="0")"), std::string::npos) << out;
  std::tie(code, out) =
      run_command({"/usr/bin/env", "GITHUB_STEP_SUMMARY=" + (dir.path() / "summary.md").string(), JUDGE_BINARY,
                   "report", "merge", a.string(), b.string(), "-o", merged, "--github"});
  EXPECT_EQ(code, 0) << out;
  EXPECT_NE(out.find("::error file=bob/relu/solution.cu,title=WA relu (bob)::wrong"), std::string::npos) << out;
  std::ifstream summary(dir.path() / "summary.md");
  EXPECT_NE(std::string(std::istreambuf_iterator<char>(summary), {}).find("## judge grade: 1 of 2"), std::string::npos);
  // A bad input is a usage error naming the file; a missing shard is a note, not an error.
  const auto broken = dir.write("broken.json", R"({"format": "judge-grade/1", "judge_version": "0.1.0"})");
  std::tie(code, out) = run_command({JUDGE_BINARY, "report", "merge", a.string(), broken.string()});
  EXPECT_EQ(code, 2);
  EXPECT_NE(out.find(broken.string() + ": $: missing required key 'submissions'"), std::string::npos) << out;
  std::tie(code, out) = run_command({JUDGE_BINARY, "report", "merge", a.string(), "-o", merged});
  EXPECT_EQ(code, 0);
  EXPECT_NE(out.find("judge: note: shard 2 of 2 missing"), std::string::npos) << out;
}

TEST(CiRecipes, SlurmScriptParses) {
  const auto script = testing::source_root() / "docs/ci/slurm-grade.sh";
  const auto [code, out] = run_command({"bash", "-n", script.string()});
  EXPECT_EQ(code, 0) << out;
}

TEST(CiRecipes, GithubWorkflowParses) {
  // The first python3 on PATH may be a private one (pyenv) that does not see Debian's python3-yaml.
  std::string python;
  for (const char* candidate : {"python3", "/usr/bin/python3"}) {
    if (run_command({candidate, "-c", "import yaml"}).first == 0) {
      python = candidate;
      break;
    }
  }
  if (python.empty()) GTEST_SKIP() << "python3-yaml not installed (apt-get install python3-yaml): workflow not parsed";
  // The shape that matters: GPU runner, a shard matrix, a merge job after it, a JUnit reporter.
  const std::string check = R"(
import sys, yaml
w = yaml.safe_load(open(sys.argv[1]))
jobs = w["jobs"]
grade, merge = jobs["grade"], jobs["merge"]
assert "gpu" in grade["runs-on"], grade["runs-on"]
assert len(grade["strategy"]["matrix"]["shard"]) >= 2
assert grade["strategy"]["fail-fast"] is False
assert merge["needs"] == "grade" or "grade" in merge["needs"]
runs = " ".join(s.get("run", "") for s in merge["steps"])
assert "judge report merge" in runs and "--junit" in runs, runs
assert any("junit" in s.get("uses", "") or "test-reporter" in s.get("uses", "") for s in merge["steps"])
grade_runs = " ".join(s.get("run", "") for s in grade["steps"])
assert "--shard" in grade_runs and "--json" in grade_runs, grade_runs
print("ok")
)";
  const auto [code, out] =
      run_command({python, "-c", check, (testing::source_root() / "docs/ci/github-actions-grade.yml").string()});
  EXPECT_EQ(code, 0) << out;
}

}  // namespace
}  // namespace judge
