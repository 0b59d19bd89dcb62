// Judging one submission: bind its signature, start the runner, compile for the runner's GPU,
// then run the selected tests in order and collect a verdict for each.
#pragma once

#include <filesystem>
#include <functional>
#include <set>
#include <string>
#include <vector>

#include "judging/result.hpp"
#include "spec/catalog.hpp"

namespace judge::judging {

struct RunOptions {
  std::set<spec::CaseKind> kinds = {spec::CaseKind::example, spec::CaseKind::functional, spec::CaseKind::performance};
  bool keep_going = false;
  std::string engine = "nvcc";
  std::vector<std::filesystem::path> include_dirs;
  bool use_cache = true;
  std::string runner_executable;  // empty: this process (the judge binary) re-executed
  // Baseline stores the performance result is ranked against (shipped first, then the user's).
  std::vector<std::filesystem::path> baseline_stores;
  // Called before each test (for progress on stderr); measuring itself never prints.
  std::function<void(const std::string& test, std::size_t index, std::size_t total)> on_test;
};

RunResult judge_submission(const spec::Challenge& challenge, const spec::TestSuite& suite,
                           const std::filesystem::path& source, const std::string& display_name,
                           const RunOptions& options);

}  // namespace judge::judging
