// judge report merge|junit|html: combine the JSON reports of `judge grade` shards, and re-render a
// saved report as JUnit XML or an HTML page. Reading and writing files happens here;
// report/grade_reports and report/html_report do the work.
#include <fmt/format.h>

#include <cstdlib>
#include <fstream>

#include "cli/commands.hpp"
#include "judging/verdict.hpp"
#include "report/grade_reports.hpp"
#include "report/html_baselines.hpp"
#include "report/html_report.hpp"
#include "spec/json_reader.hpp"

namespace judge::cli {
namespace {

using judging::ExitCode;
constexpr int kUsage = static_cast<int>(ExitCode::usage);
constexpr int kJudgeError = static_cast<int>(ExitCode::judge_error);

Result<nlohmann::json> load_report(const std::string& path) {
  auto j = spec::read_json_file(path);
  if (!j) return j.error();
  if (auto s = report::check_grade_report(*j, path); !s) return s.error();
  return std::move(*j);
}

// "-" is stdout. Appends when asked ($GITHUB_STEP_SUMMARY collects every step's summary).
Status write_report_file(const std::string& path, const std::string& text, bool append = false) {
  if (path == "-") {
    fmt::print("{}", text);
    return Ok{};
  }
  std::ofstream out(path, append ? std::ios::app : std::ios::trunc);
  out << text;
  out.close();
  if (!out) return make_error(fmt::format("{}: cannot write the file (does its folder exist?)", path));
  return Ok{};
}

// Annotations go to stdout, where the runner reads workflow commands; the summary goes to the
// file GitHub names, or to stdout when run outside Actions.
Status write_github(const nlohmann::json& report) {
  const report::GithubOutput gh = report::render_github(report);
  fmt::print("{}", gh.annotations);
  const char* summary = std::getenv("GITHUB_STEP_SUMMARY");
  return write_report_file(summary && *summary ? summary : "-", gh.step_summary_markdown, true);
}

struct MergeArgs {
  std::vector<std::string> inputs;
  std::string output = "-", junit;
  bool github = false;
};

int merge(const MergeArgs& a) {
  if (a.github && a.output == "-")
    return fail("--github prints annotations on stdout: write the merged report to a file with -o", kUsage);
  std::vector<nlohmann::json> reports;
  for (const std::string& path : a.inputs) {
    auto r = load_report(path);
    if (!r) return fail(r.error().message, kUsage);
    reports.push_back(std::move(*r));
  }
  auto merged = report::merge_grade_reports(reports, a.inputs);
  if (!merged) return fail(merged.error().message, kUsage);
  for (const auto& note : (*merged)["notes"]) fmt::print(stderr, "judge: note: {}\n", note.get<std::string>());
  if (auto s = write_report_file(a.output, merged->dump(2) + "\n"); !s) return fail(s.error().message, kJudgeError);
  if (!a.junit.empty())
    if (auto s = write_report_file(a.junit, report::render_junit(*merged)); !s)
      return fail(s.error().message, kJudgeError);
  if (a.github)
    if (auto s = write_github(*merged); !s) return fail(s.error().message, kJudgeError);
  if (a.output != "-")
    fmt::print(stderr, "judge: merged {} submissions from {} report(s) into {}\n", (*merged)["submissions"].size(),
               a.inputs.size(), a.output);
  return 0;
}

int junit(const std::string& input, const std::string& output) {
  auto r = load_report(input);
  if (!r) return fail(r.error().message, kUsage);
  if (auto s = write_report_file(output, report::render_junit(*r)); !s) return fail(s.error().message, kJudgeError);
  return 0;
}

int html(const GlobalOptions& g, const std::string& input, const std::string& output) {
  if (!report::html_available()) return fail(report::html_unavailable(), kUsage);
  auto r = load_report(input);
  if (!r) return fail(r.error().message, kUsage);
  report::ShippedBaselines shipped;
  if (auto cat = spec::Catalog::locate(g.root))
    shipped = report::shipped_baselines(*r, *cat);
  else
    shipped.notes.push_back("no shipped baselines: " + cat.error().message);
  auto page = report::render_html(*r, shipped);
  if (!page) return fail(page.error().message, kJudgeError);
  if (auto s = write_report_file(output, *page); !s) return fail(s.error().message, kJudgeError);
  if (output != "-") fmt::print(stderr, "judge: wrote {} ({} submissions)\n", output, (*r)["submissions"].size());
  return 0;
}

}  // namespace

Command report_command() {
  return {"report", "Merge the JSON reports of 'judge grade' shards, or re-render a saved one (JUnit, HTML)",
          [](CLI::App& sub, const GlobalOptions& g) {
            sub.require_subcommand(1);
            sub.footer(
                "Exit codes: 0 done, 2 bad or mismatched input reports (or usage), 3 an output could not be "
                "written. Rejected submissions do not change the exit code.");
            auto chosen = std::make_shared<std::function<int()>>();
            auto ma = std::make_shared<MergeArgs>();
            CLI::App* m = sub.add_subcommand("merge", "Combine judge-grade/1 reports (shards) into one");
            m->add_option("reports", ma->inputs, "JSON reports written by 'judge grade --json'")
                ->required()
                ->check(CLI::ExistingFile);
            m->add_option("-o,--output", ma->output, "File for the merged JSON report (default: stdout)");
            m->add_option("--junit", ma->junit, "Also write the merged result as JUnit XML to this file");
            m->add_flag("--github", ma->github,
                        "Print GitHub annotations on stdout and append a summary to $GITHUB_STEP_SUMMARY");
            m->callback([ma, chosen] { *chosen = [ma] { return merge(*ma); }; });
            auto in = std::make_shared<std::string>();
            auto out = std::make_shared<std::string>("-");
            CLI::App* j = sub.add_subcommand("junit", "Render a saved judge-grade/1 report as JUnit XML");
            j->add_option("report", *in, "JSON report written by 'judge grade --json'")
                ->required()
                ->check(CLI::ExistingFile);
            j->add_option("-o,--output", *out, "File for the XML (default: stdout)");
            j->callback([in, out, chosen] { *chosen = [in, out] { return junit(*in, *out); }; });
            auto html_in = std::make_shared<std::string>();
            auto html_out = std::make_shared<std::string>("-");
            CLI::App* h = sub.add_subcommand(
                "html",
                "Render a saved judge-grade/1 report as one self-contained HTML page (verdict matrix, runtime "
                "charts, sortable leaderboard)");
            h->add_option("report", *html_in, "JSON report written by 'judge grade --json' or 'judge report merge'")
                ->required()
                ->check(CLI::ExistingFile);
            h->add_option("-o,--output", *html_out, "File for the page (default: stdout)");
            h->footer(
                "The shipped baselines the charts compare against come from the data root's baselines/ (--root) for "
                "the report's GPU models. The page needs no network: Chart.js is inlined.");
            h->callback([&g, html_in, html_out, chosen] {
              *chosen = [&g, html_in, html_out] { return html(g, *html_in, *html_out); };
            });
            return std::function<int()>([chosen] { return *chosen ? (*chosen)() : kUsage; });
          }};
}

}  // namespace judge::cli
