// What `judge run` and `judge baseline add` share: loading the challenge, building the run
// options, and the baseline stores a result is ranked against.
#pragma once

#include <filesystem>
#include <optional>
#include <set>
#include <string>
#include <vector>

#include "cli/commands.hpp"
#include "judging/submission.hpp"
#include "spec/catalog.hpp"

namespace judge::cli {

struct JudgeRequest {
  std::string slug, file, tests = "all", compiler = "auto";
  std::vector<std::string> include_dirs;
  std::optional<std::string> store;  // --store DIR (default: the user store)
  bool keep_going = false, no_cache = false, progress = false;
  std::string fill = "marker";     // --fill: what outputs hold when solve starts (marker or zero)
  bool strict = false;             // --strict: warnings reject
  std::string time_with = "nvcc";  // --time-with: the build the performance case runs on
  double min_time_s = 0;           // --min-time: event time the timed calls accumulate at least
  int compile_timeout_s = 120;     // --compile-timeout: the compile runs in a child process
  std::string sanitize;            // --sanitize TOOL (run and grade only)
  bool require_sandbox = false;    // --require-sandbox
  bool profile = false;            // --profile (run only)
};

// "example,functional" and the like (--tests); "all" is every kind.
Result<std::set<spec::CaseKind>> parse_kinds(const std::string& text);

// Declares the options both commands take (everything but slug and file).
void add_judge_options(CLI::App& sub, JudgeRequest& r);
// --sanitize TOOL, for the commands that judge without keeping a time (run, grade).
void add_sanitize_option(CLI::App& sub, JudgeRequest& r);
// --profile, for `judge run`: the performance case once more under Nsight Compute.
void add_profile_option(CLI::App& sub, JudgeRequest& r);
// Finds compute-sanitizer for --sanitize and sets the run options; the error says what is missing
// (exit code 3) or that the chosen tests cannot run under it (2).
std::optional<std::pair<std::string, int>> apply_sanitize(const JudgeRequest& r, const std::set<spec::CaseKind>& kinds,
                                                          judging::RunOptions& opt);

struct Judged {
  judging::RunResult result;
  spec::Catalog catalog{""};
};

// Judges the file; on a usage or set-up problem prints the error and returns the exit code.
std::variant<Judged, int> judge_file(const GlobalOptions& g, const JudgeRequest& r);

// The user's store: --store DIR, else $XDG_DATA_HOME/judge/baselines.
std::filesystem::path user_store(const JudgeRequest& r);

}  // namespace judge::cli
