// JUnit XML for a grade report: what GitLab, Jenkins and the common GitHub Actions reporters read.
// Shape (docs/schemas/junit.xsd): <testsuites> totals, one <testsuite> per challenge, one
// <testcase> per submission; WA/OLE are <failure>, the verdicts that stop judging are <error>.
#include <fmt/format.h>

#include <algorithm>
#include <map>

#include "judging/verdict.hpp"
#include "report/grade_fields.hpp"
#include "report/grade_reports.hpp"
#include "report/xml_escape.hpp"
#include "util/units.hpp"

namespace judge::report {
namespace {

using Json = nlohmann::json;
using gradedoc::number;
using gradedoc::text;

// Reporters show failure bodies inline; a 1 MiB compile log would bury everything else.
constexpr std::size_t kBodyBytes = 16 * 1024;
constexpr std::size_t kOutputBytes = 2000;

std::string attr(std::string_view s) {
  return xml_escape(s, true);
}
std::string body(std::string_view s) {
  return xml_escape(s, false);
}

std::string format_seconds(double s) {
  return fmt::format("{:.3f}", s < 0 ? 0.0 : s);
}

// What grading the submission cost: compiling plus judging (a cached compile counts ~0).
double submission_seconds(const Json& sub) {
  return std::max(0.0, number(sub, "compile_ms").value_or(0) / 1000 + number(sub, "judge_seconds").value_or(0));
}

std::string meaning(const std::string& verdict) {
  if (verdict == "compiled") return "compiled (--compile-only)";
  const auto v = judging::parse_verdict(verdict);
  return v ? std::string(judging::verdict_meaning(*v)) : verdict;
}

std::string gpu_label(const Json& report, const Json& sub) {
  const auto g = sub.find("gpu");
  if (g == sub.end() || g->is_null()) return "";
  const Json& gpus = gradedoc::list(report, "gpus");
  const std::size_t i = g->get<std::size_t>();
  if (i >= gpus.size()) return "";
  const std::string arch = text(gpus[i], "arch");
  return fmt::format("{}{}", text(gpus[i], "name"), arch.empty() ? "" : " (" + arch + ")");
}

// The diagnostics a reader needs to fix the submission: why, then each failing test in full.
std::string diagnostics(const Json& sub) {
  const std::string verdict = text(sub, "verdict");
  std::string out = fmt::format("{} ({}): {}\n", verdict, meaning(verdict), text(sub, "summary"));
  if (const std::string note = text(sub, "note"); !note.empty()) out += "note: " + note + "\n";
  if (const std::string log = text(sub, "compile_log"); !log.empty() && verdict == "CE")
    out += "compiler output:\n" + log + (log.ends_with('\n') ? "" : "\n");
  for (const Json& t : gradedoc::list(sub, "tests")) {
    if (text(t, "verdict") == "AC") continue;
    out += fmt::format("\ntest '{}' ({}): {} {}\n", text(t, "name"), text(t, "kind"), text(t, "verdict"),
                       text(t, "summary"));
    for (const std::string& line : gradedoc::detail_lines(t)) out += "  " + line + "\n";
    if (const std::string o = text(t, "output"); !o.empty())
      out += "  output of the solution:\n" + clip_utf8(o, kOutputBytes) + "\n";
  }
  return clip_utf8(out, kBodyBytes);
}

// A short table of every test, for <system-out>.
std::string test_table(const Json& report, const Json& sub) {
  std::string out = fmt::format("{} · {} · {}\n", text(sub, "id"), text(sub, "verdict"), text(sub, "summary"));
  std::string how;
  if (const std::string engine = text(sub, "engine"); !engine.empty()) how += "engine " + engine;
  if (const auto ms = number(sub, "compile_ms"))
    how += fmt::format("{}compile {:.0f} ms", how.empty() ? "" : ", ", *ms);
  if (const std::string gpu = gpu_label(report, sub); !gpu.empty()) how += (how.empty() ? "" : ", ") + gpu;
  if (!how.empty()) out += how + "\n";
  if (const auto median = number(sub, "median_ms")) {
    out += "median " + util::format_duration_ms(*median);
    if (const auto p = number(sub, "percentile")) out += fmt::format(", percentile {:.0f}", *p);
    out += "\n";
  }
  for (const Json& t : gradedoc::list(sub, "tests"))
    out += fmt::format("{:<4} {:<28} {:<12} {}\n", text(t, "verdict"), text(t, "name"), text(t, "kind"),
                       text(t, "summary"));
  return clip_utf8(out, kBodyBytes);
}

std::string testcase(const Json& report, const Json& sub) {
  const std::string verdict = text(sub, "verdict");
  std::string out = fmt::format(R"(    <testcase classname="{}" name="{}" time="{}")", attr(text(sub, "challenge")),
                                attr(text(sub, "id")), format_seconds(submission_seconds(sub)));
  if (const std::string file = text(sub, "file"); !file.empty()) out += fmt::format(R"( file="{}")", attr(file));
  out += ">\n";
  if (!gradedoc::passed(verdict)) {
    const char* element = gradedoc::is_failure(verdict) ? "failure" : "error";
    out += fmt::format(R"(      <{} message="{}" type="{}">{}</{}>)", element,
                       attr(fmt::format("{}: {}", verdict, text(sub, "summary"))), attr(verdict),
                       body(diagnostics(sub)), element);
    out += "\n";
  }
  out += fmt::format("      <system-out>{}</system-out>\n    </testcase>\n", body(test_table(report, sub)));
  return out;
}

struct Counts {
  std::size_t tests = 0, failures = 0, errors = 0;
  double seconds = 0;
  void add(const Json& sub) {
    const std::string v = text(sub, "verdict");
    ++tests;
    failures += !gradedoc::passed(v) && gradedoc::is_failure(v);
    errors += !gradedoc::passed(v) && !gradedoc::is_failure(v);
    seconds += submission_seconds(sub);
  }
  std::string attributes() const {
    return fmt::format(R"(tests="{}" failures="{}" errors="{}" skipped="0" time="{}")", tests, failures, errors,
                       format_seconds(seconds));
  }
};

std::string properties(const Json& report) {
  std::vector<std::pair<std::string, std::string>> props = {
      {"judge_version", text(report, "judge_version")},
      {"format", text(report, "format")},
      {"root", text(report, "root")},
      {"compile_only", report.value("compile_only", false) ? "true" : "false"},
      {"tests", text(report, "tests")}};
  const Json gpus = report.value("gpus", Json::array());
  for (std::size_t i = 0; i < gpus.size(); ++i) {
    const std::string arch = text(gpus[i], "arch");
    props.emplace_back(fmt::format("gpu.{}", i), text(gpus[i], "name") + (arch.empty() ? "" : " (" + arch + ")"));
  }
  if (const auto sh = report.find("shard"); sh != report.end() && sh->is_object())
    props.emplace_back("shard", fmt::format("{}/{}", sh->value("index", 0), sh->value("count", 0)));
  if (const auto m = report.find("missing_shards"); m != report.end() && m->is_array() && !m->empty())
    props.emplace_back("missing_shards", m->dump());
  std::string out = "    <properties>\n";
  for (const auto& [name, value] : props)
    out += fmt::format(R"(      <property name="{}" value="{}"/>)", attr(name), attr(value)) + "\n";
  return out + "    </properties>\n";
}

// The Ant schema wants a local time without a zone; "created" is UTC ("...Z"), so drop the Z.
std::string timestamp_attribute(const Json& report) {
  std::string created = text(report, "created");
  if (created.ends_with('Z')) created.pop_back();
  if (created.size() != 19 || created[10] != 'T') return "";
  return fmt::format(R"( timestamp="{}")", attr(created));
}

}  // namespace

std::string render_junit(const Json& report) {
  std::map<std::string, std::vector<const Json*>> by_challenge;  // sorted: stable output
  for (const Json& sub : gradedoc::list(report, "submissions")) by_challenge[text(sub, "challenge")].push_back(&sub);
  Counts all;
  std::string suites;
  const std::string props = properties(report), stamp = timestamp_attribute(report);
  std::size_t id = 0;
  for (auto& [challenge, subs] : by_challenge) {
    std::sort(subs.begin(), subs.end(), [](const Json* a, const Json* b) { return text(*a, "id") < text(*b, "id"); });
    Counts c;
    std::string cases;
    for (const Json* sub : subs) {
      c.add(*sub);
      all.add(*sub);
      cases += testcase(report, *sub);
    }
    suites += fmt::format(R"(  <testsuite name="{}" id="{}" package="judge" {}{}>)", attr(challenge), id++,
                          c.attributes(), stamp) +
              "\n" + props + cases + "  </testsuite>\n";
  }
  if (const auto wall = number(report, "wall_seconds")) all.seconds = *wall;
  return fmt::format(
      "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n<testsuites name=\"judge grade\" {}>\n{}</testsuites>\n",
      all.attributes(), suites);
}

}  // namespace judge::report
