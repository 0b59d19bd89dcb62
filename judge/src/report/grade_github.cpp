// GitHub Actions output for a grade report: one workflow-command annotation per rejected
// submission (AC is not annotated: with a class of 100 it would bury the failures) and a Markdown
// step summary. Escaping follows @actions/core's issueCommand: data escapes %, CR and LF;
// properties also escape ':' and ','.
#include <fmt/format.h>

#include <algorithm>
#include <filesystem>
#include <map>
#include <regex>

#include "judging/verdict.hpp"
#include "report/grade_fields.hpp"
#include "report/grade_reports.hpp"
#include "util/units.hpp"

namespace judge::report {
namespace {

using Json = nlohmann::json;
using gradedoc::number;
using gradedoc::text;

// GitHub truncates long annotation messages; keep ours readable and bounded.
constexpr std::size_t kMessageBytes = 4000;
constexpr std::size_t kLogLinesScanned = 400;

std::string escape_data(std::string_view s) {
  std::string out;
  for (const char c : s) {
    if (c == '%')
      out += "%25";
    else if (c == '\r')
      out += "%0D";
    else if (c == '\n')
      out += "%0A";
    else
      out += c;
  }
  return out;
}

std::string escape_property(std::string_view s) {
  std::string out;
  for (const char c : escape_data(s)) {
    if (c == ':')
      out += "%3A";
    else if (c == ',')
      out += "%2C";
    else
      out += c;
  }
  return out;
}

// Annotations need paths relative to the checkout; ids already are relative to the graded root.
std::string relative_file(const Json& report, const Json& sub) {
  std::string file = text(sub, "file");
  if (file.empty()) file = text(sub, "id");
  const std::filesystem::path p(file), root(text(report, "root"));
  if (p.is_absolute() && !root.empty()) {
    const std::filesystem::path rel = p.lexically_relative(root);
    if (!rel.empty() && *rel.begin() != "..") return rel.generic_string();
  }
  return file;
}

struct CompilerLocation {
  int line = 0, column = 0;
  std::string message;  // the compiler's own line
};

// The first error the compiler reported in the submission's own file: nvcc/EDG writes
// "path(12): error: ...", gcc and clang write "path:12:5: error: ...".
std::optional<CompilerLocation> compiler_location(const std::string& log, const std::string& file) {
  static const std::regex edg(R"(^(.*)\((\d+)\): (?:catastrophic )?error.*$)");
  static const std::regex gnu(R"(^(.*):(\d+):(\d+): (?:fatal )?error.*$)");
  const std::string base = std::filesystem::path(file).filename().string();
  std::size_t pos = 0;
  for (std::size_t n = 0; n < kLogLinesScanned && pos < log.size(); ++n) {
    const std::size_t nl = log.find('\n', pos);
    const std::string line = log.substr(pos, nl == std::string::npos ? std::string::npos : nl - pos);
    pos = nl == std::string::npos ? log.size() : nl + 1;
    std::smatch m;
    const bool is_edg = std::regex_match(line, m, edg);
    if (!is_edg && !std::regex_match(line, m, gnu)) continue;
    if (std::filesystem::path(m[1].str()).filename().string() != base) continue;
    CompilerLocation loc{std::stoi(m[2].str()), is_edg ? 0 : std::stoi(m[3].str()), line};
    return loc;
  }
  return std::nullopt;
}

std::string annotation(const Json& report, const Json& sub) {
  const std::string verdict = text(sub, "verdict");
  const std::string file = relative_file(report, sub);
  std::string props = "file=" + escape_property(file);
  std::string message = text(sub, "summary");
  if (verdict == "CE") {
    if (const auto loc = compiler_location(text(sub, "compile_log"), file)) {
      props += fmt::format(",line={}", loc->line);
      if (loc->column > 0) props += fmt::format(",col={}", loc->column);
      if (message.find(loc->message) == std::string::npos) message += "\n" + loc->message;
    }
  }
  for (const Json& t : gradedoc::list(sub, "tests")) {
    if (text(t, "verdict") == "AC") continue;
    message += fmt::format("\ntest '{}': {} {}", text(t, "name"), text(t, "verdict"), text(t, "summary"));
    for (const std::string& line : gradedoc::detail_lines(t)) message += "\n  " + line;
  }
  if (message.size() > kMessageBytes)
    message = message.substr(0, kMessageBytes) + "\n... (see the JUnit or JSON report)";
  const std::string student = text(sub, "student");
  const std::string title =
      fmt::format("{} {}{}", verdict, text(sub, "challenge"), student.empty() ? "" : " (" + student + ")");
  // JE is the judge's failure, not the student's: a warning asks for a re-run, not a fix.
  return fmt::format("::{} {},title={}::{}\n", verdict == "JE" ? "warning" : "error", props, escape_property(title),
                     escape_data(message));
}

// A table cell: one line, no column breaks, no HTML.
std::string cell(std::string_view s, std::size_t max_chars = 160) {
  std::string out;
  for (const char c : s) {
    if (c == '|')
      out += "\\|";
    else if (c == '\n' || c == '\r')
      out += ' ';
    else if (c == '<')
      out += "&lt;";
    else if (c == '>')
      out += "&gt;";
    else
      out += c;
  }
  if (out.size() > max_chars) {
    std::size_t cut = max_chars;
    while (cut > 0 && (static_cast<unsigned char>(out[cut]) & 0xC0) == 0x80) --cut;
    out = out.substr(0, cut) + "…";
  }
  return out;
}

std::string code_cell(const std::string& s) {
  return s.find('`') == std::string::npos ? "`" + cell(s) + "`" : cell(s);
}

int rank(const Json& sub) {
  const std::string v = text(sub, "verdict");
  if (gradedoc::passed(v)) return 0;
  const auto parsed = judging::parse_verdict(v);
  return parsed ? 1 + judging::severity(*parsed) : 1;
}

std::string verdict_cell(const Json& sub) {
  const std::string v = text(sub, "verdict");
  if (gradedoc::passed(v)) return v;
  return fmt::format("**{}** {}", v, cell(text(sub, "summary")));
}

std::string step_summary(const Json& report) {
  const Json& subs = gradedoc::list(report, "submissions");
  std::map<std::string, std::size_t> by_verdict;
  std::map<std::string, std::vector<const Json*>> by_challenge;
  std::size_t passed = 0;
  for (const Json& s : subs) {
    ++by_verdict[text(s, "verdict")];
    passed += gradedoc::passed(text(s, "verdict"));
    by_challenge[text(s, "challenge")].push_back(&s);
  }
  std::string md = fmt::format("## judge grade: {} of {} submissions {}\n\n", passed, subs.size(),
                               report.value("compile_only", false) ? "compiled" : "accepted");
  for (const Json& note : report.value("notes", Json::array()))
    if (note.is_string()) md += "> **Note:** " + cell(note.get<std::string>(), 1000) + "\n\n";
  md += "| verdict | submissions |\n| --- | ---: |\n";
  for (const std::string& v : gradedoc::verdict_order()) {
    if (!by_verdict.contains(v)) continue;
    const auto parsed = judging::parse_verdict(v);
    md += fmt::format("| {} ({}) | {} |\n", v, parsed ? judging::verdict_meaning(*parsed) : "--compile-only",
                      by_verdict[v]);
  }
  for (auto& [challenge, list] : by_challenge) {
    std::stable_sort(list.begin(), list.end(), [](const Json* a, const Json* b) {
      if (rank(*a) != rank(*b)) return rank(*a) > rank(*b);  // failures first, worst first
      return text(*a, "id") < text(*b, "id");
    });
    std::size_t ok = 0;
    for (const Json* s : list) ok += gradedoc::passed(text(*s, "verdict"));
    md += fmt::format("\n### {}: {} of {} passed\n\n", cell(challenge), ok, list.size());
    md += "| submission | student | verdict | time | percentile |\n| --- | --- | --- | ---: | ---: |\n";
    for (const Json* s : list) {
      const auto median = number(*s, "median_ms");
      const auto pct = number(*s, "percentile");
      md += fmt::format("| {} | {} | {} | {} | {} |\n", code_cell(text(*s, "id")), cell(text(*s, "student")),
                        verdict_cell(*s), median ? util::format_duration_ms(*median) : "",
                        pct ? fmt::format("{:.0f}", *pct) : "");
    }
  }
  return md;
}

}  // namespace

GithubOutput render_github(const Json& report) {
  GithubOutput out;
  for (const Json& sub : gradedoc::list(report, "submissions"))
    if (!gradedoc::passed(text(sub, "verdict"))) out.annotations += annotation(report, sub);
  out.step_summary_markdown = step_summary(report);
  return out;
}

}  // namespace judge::report
