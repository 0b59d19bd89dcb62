// JUnit XML for a grade report: what GitLab, Jenkins and the common GitHub Actions reporters read.
// Shape (docs/schemas/junit.xsd): <testsuites> totals, one <testsuite> per challenge, one
// <testcase> per submission; WA/OLE are <failure>, the verdicts that stop judging are <error>.
// The document is built and written by pugixml, which escapes markup; xml_chars first makes every
// string from the report (compiler logs, solution output) into characters XML 1.0 can hold.
#include <fmt/format.h>

#include <algorithm>
#include <map>
#include <pugixml.hpp>

#include "judging/verdict.hpp"
#include "report/grade_fields.hpp"
#include "report/grade_reports.hpp"
#include "report/xml_chars.hpp"
#include "util/units.hpp"

namespace judge::report {
namespace {

using Json = nlohmann::json;
using gradedoc::number;
using gradedoc::text;

// Reporters show failure bodies inline; a 1 MiB compile log would bury everything else.
constexpr std::size_t kBodyBytes = 16 * 1024;
constexpr std::size_t kOutputBytes = 2000;

// Every string enters the document through these two.
void set_attribute(pugi::xml_node node, const char* attribute, std::string_view value) {
  node.append_attribute(attribute).set_value(xml_chars(value).c_str());
}
void set_text(pugi::xml_node node, std::string_view value) {
  node.text().set(xml_chars(value).c_str());
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

void add_testcase(pugi::xml_node suite, const Json& report, const Json& sub) {
  const std::string verdict = text(sub, "verdict");
  pugi::xml_node tc = suite.append_child("testcase");
  set_attribute(tc, "classname", text(sub, "challenge"));
  set_attribute(tc, "name", text(sub, "id"));
  set_attribute(tc, "time", format_seconds(submission_seconds(sub)));
  if (const std::string file = text(sub, "file"); !file.empty()) set_attribute(tc, "file", file);
  if (!gradedoc::passed(verdict)) {
    pugi::xml_node e = tc.append_child(gradedoc::is_failure(verdict) ? "failure" : "error");
    set_attribute(e, "message", fmt::format("{}: {}", verdict, text(sub, "summary")));
    set_attribute(e, "type", verdict);
    set_text(e, diagnostics(sub));
  }
  set_text(tc.append_child("system-out"), test_table(report, sub));
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
  void set_attributes(pugi::xml_node node) const {
    set_attribute(node, "tests", std::to_string(tests));
    set_attribute(node, "failures", std::to_string(failures));
    set_attribute(node, "errors", std::to_string(errors));
    set_attribute(node, "skipped", "0");
    set_attribute(node, "time", format_seconds(seconds));
  }
};

using Properties = std::vector<std::pair<std::string, std::string>>;

Properties properties(const Json& report) {
  Properties props = {{"judge_version", text(report, "judge_version")},
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
  return props;
}

// The Ant schema wants a local time without a zone; "created" is UTC ("...Z"), so drop the Z.
std::string timestamp(const Json& report) {
  std::string created = text(report, "created");
  if (created.ends_with('Z')) created.pop_back();
  return created.size() == 19 && created[10] == 'T' ? created : "";
}

struct StringWriter : pugi::xml_writer {
  std::string out;
  void write(const void* data, std::size_t size) override { out.append(static_cast<const char*>(data), size); }
};

}  // namespace

std::string render_junit(const Json& report) {
  std::map<std::string, std::vector<const Json*>> by_challenge;  // sorted: stable output
  for (const Json& sub : gradedoc::list(report, "submissions")) by_challenge[text(sub, "challenge")].push_back(&sub);
  pugi::xml_document doc;
  pugi::xml_node declaration = doc.append_child(pugi::node_declaration);
  declaration.append_attribute("version").set_value("1.0");
  declaration.append_attribute("encoding").set_value("UTF-8");
  pugi::xml_node suites = doc.append_child("testsuites");
  set_attribute(suites, "name", "judge grade");
  Counts all;
  const Properties props = properties(report);
  const std::string stamp = timestamp(report);
  std::size_t id = 0;
  for (auto& [challenge, subs] : by_challenge) {
    std::sort(subs.begin(), subs.end(), [](const Json* a, const Json* b) { return text(*a, "id") < text(*b, "id"); });
    Counts c;
    for (const Json* sub : subs) {
      c.add(*sub);
      all.add(*sub);
    }
    pugi::xml_node suite = suites.append_child("testsuite");
    set_attribute(suite, "name", challenge);
    set_attribute(suite, "id", std::to_string(id++));
    set_attribute(suite, "package", "judge");
    c.set_attributes(suite);
    if (!stamp.empty()) set_attribute(suite, "timestamp", stamp);
    pugi::xml_node properties_node = suite.append_child("properties");
    for (const auto& [name, value] : props) {
      pugi::xml_node p = properties_node.append_child("property");
      set_attribute(p, "name", name);
      set_attribute(p, "value", value);
    }
    for (const Json* sub : subs) add_testcase(suite, report, *sub);
  }
  if (const auto wall = number(report, "wall_seconds")) all.seconds = *wall;
  all.set_attributes(suites);
  StringWriter writer;
  doc.save(writer, "  ", pugi::format_indent, pugi::encoding_utf8);
  return writer.out;
}

}  // namespace judge::report
