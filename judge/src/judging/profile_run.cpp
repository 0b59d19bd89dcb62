#include "judging/profile_run.hpp"

#include <fmt/format.h>

#include <algorithm>
#include <chrono>
#include <cstring>
#include <fstream>
#include <sstream>

#include "exec/scratch_dir.hpp"
#include "profile/ncu_tool.hpp"
#include "util/subprocess.hpp"

namespace judge::judging {
namespace fs = std::filesystem;
namespace {

std::string read_file(const fs::path& p) {
  std::ifstream in(p, std::ios::binary);
  std::stringstream text;
  text << in.rdbuf();
  return text.str();
}

// What ncu said, for a problem line: its recognised problem, else its last line.
std::string ncu_says(const std::string& log) {
  if (std::string problem = profile::ncu_log_problem(log); !problem.empty()) return problem;
  std::string last = log.substr(0, log.find_last_not_of(" \r\n") + 1);
  last = last.substr(last.rfind('\n') == std::string::npos ? 0 : last.rfind('\n') + 1);
  return last.empty() ? "" : "Nsight Compute said: " + last;
}

std::string with(std::string line, const std::string& more) {
  return more.empty() ? line : line + " (" + more + ")";
}

void restore_outputs(CaseData& d) {
  for (const exec::BufferSlot& s : d.request.buffers) {
    if (s.role == spec::Role::out) exec::fill_output_start(d.request, s, d.shm.data() + s.result_offset);
  }
}

// Reads the report back as the details page; fills p.launches or p.problem.
void import_report(profile::Profile& p, const fs::path& report) {
  util::SpawnOptions o;
  o.argv = profile::ncu_import_argv(p.ncu, report);
  o.capture_cap_bytes = std::size_t{64} << 20;
  auto run = util::run_captured(o, kProfileReportMs);
  if (!run) {
    p.problem = "cannot start Nsight Compute to read its report: " + run.error().message;
    return;
  }
  if (run->timed_out) {
    p.problem = fmt::format("Nsight Compute took longer than {} s to read its report back, and was stopped",
                            kProfileReportMs / 1000);
    return;
  }
  auto kernels = profile::parse_ncu_details(run->out.text);
  if (!kernels) {
    p.problem = with(kernels.error().message, ncu_says(run->err.text));
    return;
  }
  p.launches = std::move(*kernels);
  if (p.launches.empty()) p.problem = "Nsight Compute profiled no kernel: solve launched none that it could see";
}

}  // namespace

profile::Profile profile_case(const ProfileRequest& req, CaseData& data, const std::string& test) {
  const auto began = std::chrono::steady_clock::now();
  profile::Profile p;
  p.ncu = req.ncu.string();
  p.test = test;
  const int limit_ms = std::max(req.solve_limit_ms * kProfileSlowdown, kProfileMinSolveMs);
  p.time_limit_s = limit_ms / 1000.0;
  auto finish = [&] {
    p.wall_s = std::chrono::duration<double>(std::chrono::steady_clock::now() - began).count();
    return p;
  };
  // The report and ncu's log go to a folder of the judge's own (the runner cannot write there).
  auto dir = exec::ScratchDir::create();
  if (!dir) {
    p.problem = "cannot make a folder for Nsight Compute's report: " + dir.error().message;
    return finish();
  }
  const fs::path report_base = dir->path() / "profile", log = dir->path() / "ncu.log";
  exec::RunnerLimits limits = req.limits;
  limits.wrapper = profile::ncu_profile_argv(req.ncu, report_base, log, p.launch_cap);
  limits.setup_ms = kProfileSetupMs;
  auto runner = exec::Runner::start(limits);
  if (!runner) {
    p.problem =
        with("the GPU runner did not start under Nsight Compute: " + runner.error().message, ncu_says(read_file(log)));
    return finish();
  }
  if (auto s = runner->load(req.artifact); !s) {
    runner->stop();
    p.problem = with("the GPU runner under Nsight Compute could not load the solution: " + s.error().message,
                     ncu_says(read_file(log)));
    return finish();
  }
  exec::TestRequest request = data.request;
  request.performance = false;  // one checked call: no warm-up, no timing loop
  request.profile = true;
  request.sanitize.clear();
  restore_outputs(data);
  const exec::TestOutcome outcome = runner->run(request, data.shm, limit_ms);
  if (outcome.end == exec::TestOutcome::End::timeout) {
    p.hit_time_limit = true;
    p.problem = fmt::format(
        "the profile took longer than {:.0f} s ({} times the test's limit of one call) and was stopped: Nsight Compute "
        "replays each kernel 20-40 times; profile a faster solution, or use ncu yourself on a smaller case",
        p.time_limit_s, kProfileSlowdown);
    return finish();
  }
  // ncu writes the report as the runner exits.
  (void)runner->stop_and_collect(kProfileReportMs);
  if (outcome.reply.launches) p.launches_in_solve = *outcome.reply.launches;
  // ncu's messages go to its log; anything it printed elsewhere is in the runner's output.
  const std::string ncu_log = read_file(log) + "\n" + outcome.output;
  if (outcome.end != exec::TestOutcome::End::done || outcome.reply.cuda_error) {
    std::string why = outcome.error;
    if (why.empty() && outcome.reply.cuda_error) why = outcome.reply.cuda_error->name;
    if (why.empty()) why = outcome.exit.describe();
    p.problem = with("the solve call under Nsight Compute failed: " + why, ncu_says(ncu_log));
    return finish();
  }
  const fs::path report = report_base.string() + ".ncu-rep";
  if (!fs::exists(report)) {
    const std::string said = ncu_says(ncu_log);
    p.problem = said.empty() ? "Nsight Compute wrote no report" : said;
    return finish();
  }
  import_report(p, report);
  // No kernel in the report: what ncu's log says is the better reason (ERR_NVGPUCTRPERM).
  if (p.launches.empty())
    if (std::string said = profile::ncu_log_problem(ncu_log); !said.empty()) p.problem = said;
  return finish();
}

profile::Profile profile_performance_case(const spec::TestSuite& suite, const std::vector<TestResult>& tests,
                                          const exec::RunnerLimits& limits, ProfileCandidate& candidate) {
  profile::Profile p;
  for (const spec::TestCase& t : suite.cases)
    if (t.kind == spec::CaseKind::performance && p.test.empty()) p.test = t.name;
  auto ncu = profile::find_ncu();
  if (!ncu) {
    p.problem = ncu.error().message;
    return p;
  }
  p.ncu = ncu->string();
  if (!candidate.data) {
    const auto ran = std::find_if(tests.begin(), tests.end(),
                                  [](const TestResult& t) { return t.kind == spec::CaseKind::performance; });
    p.problem = ran == tests.end() ? "the performance case did not run (an earlier test failed, or --tests left it out)"
                                   : fmt::format("the performance case was not accepted ({}), so it was not profiled",
                                                 verdict_code(ran->verdict));
    return p;
  }
  return profile_case({*ncu, candidate.artifact, limits, candidate.limit_ms}, *candidate.data, candidate.test->name);
}

}  // namespace judge::judging
