// The leaderboard of the HTML class report: one <tbody> per submission (page.js sorts them by
// any column), holding the submission's row and, folded under it in a <details>, its tests,
// their diagnoses and output, and the compile log.
#include <fmt/format.h>

#include <algorithm>
#include <map>
#include <numeric>

#include "report/grade_fields.hpp"
#include "report/html_escape.hpp"
#include "report/html_sections.hpp"
#include "report/xml_chars.hpp"
#include "util/units.hpp"

namespace judge::report::html {
namespace {

using gradedoc::text;

// Long compile logs and outputs are cut (the JSON report has all of it).
constexpr std::size_t kMaxBlockBytes = 64 * 1024;

std::string pre(const std::string& body, const char* cls = "") {
  return fmt::format("<pre class=\"{}\">{}</pre>\n", cls, html_escape(clip_utf8(body, kMaxBlockBytes)));
}

std::size_t verdict_rank(const std::string& verdict) {
  const auto& order = gradedoc::verdict_order();
  const auto it = std::find(order.begin(), order.end(), verdict);
  // compiled passes like AC: sort it next to AC.
  return verdict == "compiled" ? 0 : static_cast<std::size_t>(it - order.begin());
}

std::string duration_or_dash(const std::optional<double>& ms) {
  return ms ? util::format_duration_ms(*ms) : "-";
}

// A <td> sorted by `value` (empty: no value, sorted last) and showing `shown`.
std::string leaderboard_cell(const std::string& value, const std::string& shown, const char* cls = "") {
  return fmt::format("<td class=\"{}\" data-v=\"{}\">{}</td>", cls, value, shown);
}

std::string number_value(const std::optional<double>& v) {
  return v ? fmt::format("{}", *v) : "";
}

std::string test_time(const Json& t) {
  if (const auto timing = t.find("timing"); timing != t.end() && timing->is_object())
    if (const auto ms = gradedoc::number(*timing, "median_ms")) return "median " + util::format_duration_ms(*ms);
  const auto ms = gradedoc::number(t, "solve_ms");
  return ms ? util::format_duration_ms(*ms) : "";
}

// What one test says beyond its row: details, warnings, the solution's output.
std::string test_block(const Json& t) {
  const std::vector<std::string> details = gradedoc::detail_lines(t);
  std::string warnings;
  for (const Json& w : gradedoc::list(t, "warnings"))
    if (w.is_string()) warnings += "<li>" + html_escape(w.get<std::string>()) + "</li>";
  const std::string output = text(t, "output");
  if (details.empty() && warnings.empty() && output.empty()) return "";
  std::string out = fmt::format("<div class=\"test-detail\"><h4>{} {}", verdict_chip(text(t, "verdict")),
                                html_escape(text(t, "name")));
  if (const std::string code = text(t, "diagnosis"); !code.empty())
    out += " <code class=\"diagnosis\">" + html_escape(code) + "</code>";
  out += "</h4>\n";
  if (!details.empty())
    out += pre(std::accumulate(details.begin(), details.end(), std::string(),
                               [](std::string a, const std::string& b) { return a + b + "\n"; }));
  if (!warnings.empty()) out += "<ul class=\"warnings\">" + warnings + "</ul>\n";
  if (!output.empty()) {
    out += "<p class=\"label\">what the solution printed" +
           std::string(t.value("output_truncated", false) ? " (cut by the judge)" : "") + "</p>\n";
    out += pre(output, "output");
  }
  return out + "</div>\n";
}

std::string details(const Json& s, const Json& gpus) {
  const Json& tests = gradedoc::list(s, "tests");
  const std::string log = text(s, "compile_log");
  std::string inside = "<dl class=\"facts\">";
  const auto fact = [&](const char* name, const std::string& value) {
    if (!value.empty()) inside += fmt::format("<dt>{}</dt><dd>{}</dd>", name, value);
  };
  fact("file", html_escape(text(s, "file").empty() ? text(s, "id") : text(s, "file")));
  fact("summary", html_escape(text(s, "summary")));
  fact("engine", html_escape(text(s, "engine")));
  if (const Json* gpu = gpu_of(s, gpus)) fact("GPU", html_escape(text(*gpu, "name")));
  if (const auto ms = gradedoc::number(s, "compile_ms"); ms && *ms > 0)
    fact("compiled in", fmt::format("{:.2f} s", *ms / 1000));
  if (const auto sec = gradedoc::number(s, "judge_seconds"); sec && *sec > 0)
    fact("judged in", util::format_duration_ms(*sec * 1000));
  fact("note", html_escape(text(s, "note")));
  inside += "</dl>\n";
  std::string blocks;
  if (!tests.empty()) {
    inside +=
        "<table class=\"tests\"><thead><tr><th>verdict</th><th>test</th><th>kind</th><th>time</th>"
        "<th>summary</th><th>diagnosis</th></tr></thead><tbody>\n";
    for (const Json& t : tests) {
      inside +=
          fmt::format("<tr><td>{}</td><td>{}</td><td>{}</td><td>{}</td><td>{}</td><td><code>{}</code></td></tr>\n",
                      verdict_chip(text(t, "verdict")), html_escape(text(t, "name")), html_escape(text(t, "kind")),
                      test_time(t), html_escape(text(t, "summary")), html_escape(text(t, "diagnosis")));
      blocks += test_block(t);
    }
    inside += "</tbody></table>\n";
  }
  inside += blocks;
  if (!log.empty()) inside += "<p class=\"label\">compile log</p>\n" + pre(log, "log");
  std::string what = fmt::format("{} test(s)", tests.size());
  if (!blocks.empty()) what += ", diagnosis";
  if (!log.empty()) what += ", compile log";
  return fmt::format("<details><summary>{}</summary>\n{}</details>", what, inside);
}

// Leaderboard order: by challenge; within one, the timed submissions fastest first, then the
// other passing ones, then failures by verdict; ties by id.
std::vector<std::size_t> default_order(const Json& subs) {
  std::vector<std::size_t> order(subs.size());
  std::iota(order.begin(), order.end(), 0);
  const auto key = [&](std::size_t i) {
    const Json& s = subs[i];
    const auto ms = gradedoc::number(s, "median_ms");
    return std::make_tuple(text(s, "challenge"), verdict_rank(text(s, "verdict")), !ms.has_value(), ms.value_or(0),
                           text(s, "id"));
  };
  std::sort(order.begin(), order.end(), [&](std::size_t a, std::size_t b) { return key(a) < key(b); });
  return order;
}

}  // namespace

std::string leaderboard_section(const Json& report) {
  const Json& subs = gradedoc::list(report, "submissions");
  const Json& gpus = gradedoc::list(report, "gpus");
  std::string out =
      "<section id=\"leaderboard\">\n<h2>Leaderboard</h2>\n<p class=\"hint\">Click a column to sort; "
      "open a row's details for its tests, diagnoses and compile log.</p>\n<div class=\"scroll\">\n"
      "<table class=\"leaderboard sortable\">\n<thead><tr>";
  for (const auto& [name, type] : std::vector<std::pair<const char*, const char*>>{{"#", "number"},
                                                                                   {"submission", "text"},
                                                                                   {"student", "text"},
                                                                                   {"challenge", "text"},
                                                                                   {"verdict", "number"},
                                                                                   {"time", "number"},
                                                                                   {"percentile", "number"},
                                                                                   {"compile", "number"}})
    out += fmt::format("<th data-type=\"{}\"><button type=\"button\">{}</button></th>", type, name);
  out += "</tr></thead>\n";
  std::map<std::string, std::size_t> timed_in;  // challenge -> timed submissions placed so far
  for (const std::size_t i : default_order(subs)) {
    const Json& s = subs[i];
    const std::string verdict = text(s, "verdict");
    const auto ms = gradedoc::number(s, "median_ms");
    const auto pct = gradedoc::number(s, "percentile");
    const auto compile = gradedoc::number(s, "compile_ms");
    const std::string rank = ms ? std::to_string(++timed_in[text(s, "challenge")]) : "";
    const std::string student = text(s, "student");
    out += fmt::format("<tbody id=\"{}\" data-verdict=\"{}\"><tr class=\"row\">", anchor(i), html_escape(verdict));
    out += leaderboard_cell(rank, rank, "num");
    out += leaderboard_cell(html_escape(text(s, "id")), "<code>" + html_escape(text(s, "id")) + "</code>");
    out += leaderboard_cell(html_escape(student), html_escape(student));
    out += leaderboard_cell(html_escape(text(s, "challenge")), html_escape(text(s, "challenge")));
    out += leaderboard_cell(std::to_string(verdict_rank(verdict)), verdict_chip(verdict));
    out += leaderboard_cell(number_value(ms), duration_or_dash(ms), "num");
    out += leaderboard_cell(number_value(pct), pct ? fmt::format("{:.0f}", *pct) : "-", "num");
    out += leaderboard_cell(number_value(compile),
                            compile && *compile > 0 ? fmt::format("{:.2f} s", *compile / 1000) : "-", "num");
    out += "</tr>\n<tr class=\"more\"><td colspan=\"8\">" + details(s, gpus) + "</td></tr></tbody>\n";
  }
  return out + "</table>\n</div>\n</section>\n";
}

}  // namespace judge::report::html
