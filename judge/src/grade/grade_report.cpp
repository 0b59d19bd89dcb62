#include "grade/grade_report.hpp"

#include <fmt/format.h>

#include <algorithm>
#include <chrono>
#include <ctime>
#include <map>

#include "report/printers.hpp"
#include "version.hpp"

namespace judge::grade {

namespace {

using ojson = nlohmann::ordered_json;

template <class T>
ojson optional_json(const std::optional<T>& v) {
  return v ? ojson(*v) : ojson();
}

ojson submission_json(const Graded& g) {
  const judging::RunResult& r = g.result;
  ojson j;
  j["id"] = g.submission.id;
  j["file"] = g.submission.id;
  j["student"] = optional_json(g.submission.student);
  j["challenge"] = g.submission.challenge;
  j["verdict"] = g.verdict();
  j["summary"] = row_summary(g);
  j["engine"] = r.compile.engine;
  // The compile engine's fallback note, then why the submission was judged a second time.
  j["note"] = g.compile_note + (g.compile_note.empty() || g.judge_note.empty() ? "" : "; ") + g.judge_note;
  j["gpu"] = optional_json(g.gpu);
  j["compile_ms"] = r.compile.compile_ms;
  j["judge_seconds"] = g.judge_seconds;
  j["median_ms"] = optional_json(g.median_ms);
  j["percentile"] = optional_json(g.percentile);
  // The per-test entries of judge-run/1, rendered by the same printer.
  j["tests"] = report::render_json(r)["tests"];
  j["compile_log"] = r.compile.log;
  return j;
}

std::vector<const Graded*> by_id(const std::vector<Graded>& rows) {
  std::vector<const Graded*> sorted;
  for (const Graded& g : rows) sorted.push_back(&g);
  std::sort(sorted.begin(), sorted.end(),
            [](const Graded* a, const Graded* b) { return a->submission.id < b->submission.id; });
  return sorted;
}

// Verdict counts in a fixed order: passing first, then by code.
std::vector<std::pair<std::string, std::size_t>> count_verdicts(const std::vector<Graded>& rows) {
  std::map<std::string, std::size_t> counts;
  for (const Graded& g : rows) ++counts[g.verdict()];
  std::vector<std::pair<std::string, std::size_t>> out;
  for (const char* v : {"AC", "compiled", "WA", "TLE", "RTE", "MLE", "OLE", "CE", "JE"}) {
    if (auto it = counts.find(v); it != counts.end()) out.emplace_back(v, it->second);
  }
  return out;
}

std::string summary_first_line(const std::string& text) {
  const std::string line = text.substr(0, text.find('\n'));
  return line.size() > 160 ? line.substr(0, 157) + "..." : line;
}

}  // namespace

std::string row_summary(const Graded& g) {
  const judging::RunResult& r = g.result;
  if (g.compiled_only)
    return fmt::format("compiled with {} for {}{}", r.compile.engine, r.compile.arch,
                       r.compile.cached ? " (cached)" : "");
  if (!r.summary.empty()) return summary_first_line(r.summary);
  for (const judging::TestResult& t : r.tests) {
    if (t.verdict != judging::Verdict::AC) return fmt::format("{}: {}", t.name, summary_first_line(t.summary));
  }
  std::string s = fmt::format("{} of {} tests passed", r.tests.size(), r.tests_selected);
  if (g.median_ms) s += ", median " + report::format_duration_ms(*g.median_ms);
  return s;
}

nlohmann::ordered_json render_grade_json(const BatchInfo& b, const std::vector<Graded>& rows) {
  ojson j;
  j["format"] = "judge-grade/1";
  j["judge_version"] = kJudgeVersion;
  j["created"] = b.created;
  j["root"] = b.root.string();
  j["shard"] = b.shard ? ojson{{"index", b.shard->index}, {"count", b.shard->count}} : ojson();
  j["compile_only"] = b.compile_only;
  j["tests"] = b.tests;
  j["gpus"] = ojson::array();
  for (const Gpu& g : b.gpus)
    j["gpus"].push_back({{"index", g.index}, {"name", g.name}, {"key", g.key}, {"arch", g.arch}});
  j["wall_seconds"] = b.wall_seconds;
  j["submissions"] = ojson::array();
  for (const Graded* g : by_id(rows)) j["submissions"].push_back(submission_json(*g));
  ojson by_verdict = ojson::object();
  for (const auto& [v, n] : count_verdicts(rows)) by_verdict[v] = n;
  j["totals"] = {{"submissions", rows.size()}, {"by_verdict", by_verdict}};
  return j;
}

std::string render_table(const std::vector<Graded>& rows) {
  const std::vector<const Graded*> sorted = by_id(rows);
  std::size_t id_w = 10, ch_w = 9;
  for (const Graded* g : sorted) {
    id_w = std::max(id_w, g->submission.id.size());
    ch_w = std::max(ch_w, g->submission.challenge.size());
  }
  std::string out = fmt::format("{:<{}}  {:<{}}  {:<8}  {:>12}  {:>10}\n", "submission", id_w, "challenge", ch_w,
                                "verdict", "time", "percentile");
  for (const Graded* g : sorted) {
    out += fmt::format("{:<{}}  {:<{}}  {:<8}  {:>12}  {:>10}\n", g->submission.id, id_w, g->submission.challenge, ch_w,
                       g->verdict(), g->median_ms ? report::format_duration_ms(*g->median_ms) : "-",
                       g->percentile ? fmt::format("{:.0f}", *g->percentile) : "-");
  }
  std::string totals;
  for (const auto& [v, n] : count_verdicts(rows)) totals += fmt::format("{}{} {}", totals.empty() ? "" : ", ", n, v);
  out += fmt::format("{} submission(s){}{}\n", rows.size(), totals.empty() ? "" : ": ", totals);
  return out;
}

std::string progress_line(const Graded& g, std::size_t done, std::size_t total) {
  std::string line = fmt::format("[{}/{}] {} {}", done, total, g.submission.id, g.verdict());
  if (g.median_ms)
    line += " " + report::format_duration_ms(*g.median_ms);
  else if (!g.passed())
    line += " (" + row_summary(g) + ")";
  return line;
}

}  // namespace judge::grade
