// judge grade <folder-or-manifest>: grade a batch of submissions, compiling on the CPU cores and
// judging on every GPU at once, with reports for people (table), tools (JSON, JUnit) and GitHub.
#include <fmt/format.h>

#include <atomic>
#include <chrono>
#include <cstdlib>
#include <fstream>
#include <memory>
#include <set>
#include <sstream>
#include <thread>

#include "cli/run_support.hpp"
#include "grade/discover.hpp"
#include "grade/gpus.hpp"
#include "grade/grade_report.hpp"
#include "grade/leaderboard.hpp"
#include "grade/pipeline.hpp"
#include "grade/shard.hpp"
#include "judging/verdict.hpp"
#include "report/grade_reports.hpp"
#include "report/html_baselines.hpp"
#include "report/html_report.hpp"
#include "util/progress.hpp"
#include "util/units.hpp"

namespace judge::cli {
namespace {

namespace fs = std::filesystem;
using judging::ExitCode;

struct GradeArgs {
  std::string target, json_file, junit_file, html_file, arch, shard;
  std::vector<int> gpus;
  unsigned jobs = 0;
  unsigned gpu_jobs = 4;
  bool github = false, exit_zero = false, compile_only = false;
  JudgeRequest judge;  // --tests, --keep-going, --compiler, -I, --no-cache, --compile-timeout, --store
};

int code(ExitCode c) {
  return static_cast<int>(c);
}

Status write_text(const std::string& path, const std::string& text, std::ios::openmode mode = std::ios::trunc) {
  std::ofstream out(path, std::ios::binary | std::ios::out | mode);
  out << text;
  if (!out) return make_error(fmt::format("{}: cannot write the file", path));
  return Ok{};
}

// The GPUs to judge on, or (compile-only) the architecture to compile for.
Result<std::vector<grade::Gpu>> gpus_for(const GradeArgs& a, bool timing_wanted, std::string& arch) {
  grade::GpuQuery q;
  if (!a.gpus.empty()) q.wanted = a.gpus;
  q.measure_peaks = timing_wanted && !a.compile_only;
  if (a.compile_only && !a.arch.empty()) return std::vector<grade::Gpu>{};
  auto gpus = grade::find_gpus(q);
  if (!gpus)
    return make_error(gpus.error().message + (a.compile_only ? "; pass --arch sm_XX to compile without a GPU"
                                                             : "; use --compile-only --arch sm_XX to only compile"));
  arch = gpus->at(0).arch;
  if (a.compile_only) return std::vector<grade::Gpu>{};  // compiled for the GPU here, judged on none
  return gpus;
}

// Table, GitHub annotations and summary: what goes to stdout (and $GITHUB_STEP_SUMMARY).
Status print_results(const GradeArgs& a, const std::vector<grade::Graded>& rows, const nlohmann::json& doc) {
  fmt::print("{}", grade::render_table(rows));
  if (!a.github) return Ok{};
  const report::GithubOutput gh = report::render_github(doc);
  fmt::print("{}", gh.annotations);
  if (const char* summary = std::getenv("GITHUB_STEP_SUMMARY"); summary && *summary)
    return write_text(summary, gh.step_summary_markdown, std::ios::app);
  fmt::print("\n{}", gh.step_summary_markdown);
  return Ok{};
}

int exit_code_for(const GradeArgs& a, const std::vector<grade::Graded>& rows) {
  bool all_passed = true;
  for (const grade::Graded& g : rows) {
    if (!g.compiled_only && g.result.verdict == judging::Verdict::JE) return code(ExitCode::judge_error);
    all_passed = all_passed && g.passed();
  }
  return all_passed || a.exit_zero ? code(ExitCode::accepted) : code(ExitCode::rejected);
}

int run_grade(const GlobalOptions& g, GradeArgs a) {
  const auto start = std::chrono::steady_clock::now();
  auto cat = spec::Catalog::locate(g.root);
  if (!cat) return fail(cat.error().message, code(ExitCode::judge_error));
  // Said before grading starts, not after an hour of it.
  if (!a.html_file.empty() && !report::html_available()) return fail(report::html_unavailable(), code(ExitCode::usage));
  if (!a.arch.empty() && !a.compile_only)
    return fail("--arch needs --compile-only (judging compiles for each GPU's own architecture)",
                code(ExitCode::usage));
  std::optional<grade::Shard> shard;
  if (!a.shard.empty()) {
    auto s = grade::parse_shard(a.shard);
    if (!s) return fail(s.error().message, code(ExitCode::usage));
    shard = *s;
  }
  auto kinds = parse_kinds(a.judge.tests);
  if (!kinds) return fail(kinds.error().message, code(ExitCode::usage));
  auto found = grade::discover(a.target, cat->slugs());
  if (!found) return fail(found.error().message, code(ExitCode::usage));
  for (const std::string& s : found->skipped) fmt::print(stderr, "judge: skipped {}\n", s);
  if (found->submissions.empty())
    return fail(fmt::format("{}: no submissions found (see 'judge grade --help' for the discovery rules)", a.target),
                code(ExitCode::usage));
  const std::vector<grade::Submission> subs =
      shard ? grade::select_shard(found->submissions, *shard) : found->submissions;

  grade::PipelineOptions opt;
  if (!a.compile_only)
    if (auto problem = apply_sanitize(a.judge, *kinds, opt.run)) return fail(problem->first, problem->second);
  std::string arch = a.arch;
  auto gpus = gpus_for(a, kinds->count(spec::CaseKind::performance) > 0 && opt.run.sanitize.empty(), arch);
  if (!gpus) return fail(gpus.error().message, code(ExitCode::judge_error));

  opt.run.kinds = *kinds;
  opt.run.keep_going = a.judge.keep_going;
  opt.run.zero_fill = a.judge.fill == "zero";
  opt.run.strict = a.judge.strict;
  opt.run.time_with = a.judge.time_with;
  opt.run.engine = a.judge.compiler;
  opt.run.use_cache = !a.judge.no_cache;
  for (const std::string& d : a.judge.include_dirs) opt.run.include_dirs.emplace_back(d);
  opt.run.baseline_stores = {cat->root() / "baselines", user_store(a.judge)};
  opt.compile_only = a.compile_only;
  opt.arch = arch;
  opt.jobs = a.jobs ? a.jobs : std::max(1u, std::thread::hardware_concurrency());
  opt.gpu_jobs = a.gpu_jobs;
  opt.run.compile_timeout_ms = a.judge.compile_timeout_s * 1000;
  opt.run.require_sandbox = a.judge.require_sandbox;
  auto warned = std::make_shared<std::atomic<bool>>(false);  // one line for the batch, not one per submission
  opt.run.on_sandbox_gap = [warned](const std::string& missing) {
    if (!warned->exchange(true))
      fmt::print(stderr, "judge: warning: the sandbox lacks {} (judge doctor; --require-sandbox makes this an error)\n",
                 missing);
  };
  opt.run.data_root = cat->root();
  // One log line per submission; on a terminal, a progress bar under them once grading has taken
  // a second.
  auto progress = std::make_shared<util::ProgressLine>(stderr, util::progress_wanted(stderr, false));
  opt.on_done = [progress](const grade::Graded& row, std::size_t done, std::size_t total) {
    progress->print_above(grade::progress_line(row, done, total));
    progress->step(fmt::format("graded {}/{}", done, total), static_cast<double>(done) / static_cast<double>(total));
  };
  std::string where = a.compile_only ? "compiling only, for " + arch : fmt::format("on {} GPU(s):", gpus->size());
  for (const grade::Gpu& gpu : *gpus)
    where += fmt::format(" [{}] {}{}", gpu.index, gpu.name,
                         gpu.shareable || opt.gpu_jobs == 1 ? "" : " (exclusive-process mode: one at a time)");
  fmt::print(stderr, "grading {} submission(s){} {}; compiling on {} thread(s){}\n", subs.size(),
             shard ? fmt::format(" (shard {}/{} of {})", shard->index, shard->count, found->submissions.size()) : "",
             where, opt.jobs, a.compile_only ? "" : fmt::format(", {} at a time per GPU (timing alone)", opt.gpu_jobs));
  progress->step(fmt::format("graded 0/{}", subs.size()), 0.0);
  std::vector<grade::Graded> rows = grade::run_pipeline(*cat, subs, *gpus, opt);
  progress->clear();

  int exit_code = exit_code_for(a, rows);
  if (a.judge.store && !a.compile_only) {
    if (auto s = grade::update_class_store(rows, *gpus, *cat, *a.judge.store, util::utc_timestamp()); !s)
      exit_code = fail(s.error().message, code(ExitCode::judge_error));
  }
  grade::BatchInfo batch{fs::absolute(a.target).lexically_normal(), shard, a.compile_only, a.judge.tests, *gpus};
  batch.wall_seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
  batch.created = util::utc_timestamp();
  const nlohmann::ordered_json ordered = grade::render_grade_json(batch, rows);
  // The renderers read a plain json; the ordered one keeps the documented key order on disk.
  const nlohmann::json doc = nlohmann::json::parse(ordered.dump());
  if (auto s = report::check_grade_report(doc, a.json_file.empty() ? "grade report" : a.json_file); !s)
    return fail("internal error: the grade report is malformed: " + s.error().message, code(ExitCode::judge_error));
  if (!a.json_file.empty()) {
    if (auto s = write_text(a.json_file, ordered.dump(2) + "\n"); !s) exit_code = fail(s.error().message, 3);
  }
  if (!a.junit_file.empty()) {
    if (auto s = write_text(a.junit_file, report::render_junit(doc)); !s) exit_code = fail(s.error().message, 3);
  }
  if (!a.html_file.empty()) {
    auto page = report::render_html(doc, report::shipped_baselines(doc, *cat));
    if (!page)
      exit_code = fail(page.error().message, 3);
    else if (auto s = write_text(a.html_file, *page); !s)
      exit_code = fail(s.error().message, 3);
  }
  if (auto s = print_results(a, rows, doc); !s) exit_code = fail(s.error().message, code(ExitCode::judge_error));
  return exit_code;
}

}  // namespace

Command grade_command() {
  return {"grade", "Grade a batch of submissions (a folder or a manifest) on every GPU; reports for people and CI",
          [](CLI::App& sub, const GlobalOptions& g) {
            auto a = std::make_shared<GradeArgs>();
            sub.add_option(
                   "target", a->target,
                   "Folder of submissions (files under <challenge-slug>/ folders or tagged '// judge: <slug>' on "
                   "their first line), or a manifest .csv/.json (file,challenge[,student][,expected])")
                ->required();
            sub.add_option("--json", a->json_file, "Write the report (format judge-grade/1) to FILE");
            sub.add_option("--junit", a->junit_file, "Write a JUnit XML report to FILE");
            sub.add_option("--html", a->html_file,
                           "Write the class report to FILE: one self-contained HTML page (verdict matrix, runtime "
                           "charts against the shipped baselines, sortable leaderboard)");
            sub.add_flag("--github", a->github,
                         "Print GitHub workflow annotations; append a Markdown summary to $GITHUB_STEP_SUMMARY "
                         "(else print it)");
            sub.add_flag("--exit-zero", a->exit_zero, "Exit 0 even when some submissions are rejected");
            sub.add_flag("--compile-only", a->compile_only,
                         "Only check signatures and compile (no GPU needed with --arch)");
            sub.add_option("--arch", a->arch, "With --compile-only: the target, e.g. sm_90 (default: the GPU here)");
            sub.add_option("--shard", a->shard,
                           "Grade only shard i of n (1-based, e.g. 2/4): a stable subset by hash of the submission id");
            sub.add_option("--jobs", a->jobs, "Compile on N threads (default: the number of CPU cores)");
            sub.add_option("--gpu-jobs", a->gpu_jobs,
                           "Judge N submissions at once on each GPU: their tests share it, each performance case "
                           "has it alone (default 4; 1: one at a time)")
                ->check(CLI::Range(1u, 64u));
            sub.add_option("--gpus", a->gpus, "GPU indices to judge on, comma-separated (default: all visible)")
                ->delimiter(',');
            add_judge_options(sub, a->judge);
            add_sanitize_option(sub, a->judge);
            return std::function<int()>([&g, a] { return run_grade(g, *a); });
          }};
}

}  // namespace judge::cli
