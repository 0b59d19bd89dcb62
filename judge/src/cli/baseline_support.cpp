#include "cli/baseline_support.hpp"

#include <fmt/format.h>

#include <set>

#include "baseline/freshness.hpp"
#include "compile/compiler.hpp"
#include "exec/runner.hpp"
#include "util/units.hpp"
#include "version.hpp"

namespace judge::cli {
namespace fs = std::filesystem;

std::string source_label(const fs::path& file, const fs::path& root) {
  std::error_code ec;
  const fs::path rel = fs::relative(fs::weakly_canonical(file, ec), fs::weakly_canonical(root, ec), ec);
  if (!ec && !rel.empty() && *rel.begin() != "..") return rel.string();
  return file.string();
}

std::variant<baseline::Entry, EntryError> entry_from_run(const Judged& j, const JudgeRequest& r,
                                                         const std::string& label) {
  if (j.result.verdict != judging::Verdict::AC)
    return EntryError{"only accepted solutions become baselines",
                      static_cast<int>(judging::exit_code_for(j.result.verdict))};
  const judging::TestResult* perf = judging::ranking_test(j.result.tests);
  if (!perf) return EntryError{"no performance result to store (does the challenge have a performance case?)", 3};
  baseline::Entry e;
  e.label = label.empty() ? fs::path(r.file).stem().string() : label;
  e.source = source_label(r.file, j.catalog.root());
  e.median_ms = perf->timing->events.median_ms;
  e.noise = perf->timing->events.noise;
  e.n = perf->timing->events.n;
  e.judge_version = kJudgeVersion;
  e.cuda_version = util::format_cuda_version(j.result.device.value("runtime_version", 0));
  e.driver_version = util::format_cuda_version(j.result.device.value("driver_version", 0));
  e.date = util::utc_timestamp();
  // The engine that built what was timed: nvcc for an NVRTC-judged file under --time-with nvcc.
  e.engine = perf->timing->engine.empty() ? j.result.compile.engine : perf->timing->engine;
  const auto version = e.engine == "nvcc" ? compile::nvcc_version() : compile::nvrtc_toolchain_version();
  if (version) e.compiler_version = *version;
  // What was timed (baseline/freshness): the case, and the file's bytes.
  e.case_key = perf->timing->case_key;
  e.source_sha256 = baseline::file_sha256(r.file);
  return e;
}

Result<nlohmann::json> local_device() {
  auto runner = exec::Runner::start({});
  if (!runner) return runner.error();
  nlohmann::json device = runner->device();
  runner->stop();
  return device;
}

Result<std::string> local_gpu_name() {
  auto device = local_device();
  if (!device) return device.error();
  return device->value("name", "");
}

fs::path store_or_default(const std::optional<std::string>& store) {
  return store ? fs::path(*store) : baseline::default_user_store();
}

std::string known_gpu_keys(const std::vector<fs::path>& stores, const std::string& slug) {
  std::set<std::string> keys;
  for (const fs::path& s : stores) {
    for (const std::string& k : baseline::gpu_keys(s, slug)) keys.insert(k);
  }
  std::string list;
  for (const std::string& k : keys) list += (list.empty() ? "" : ", ") + k;
  return list.empty() ? "none" : list;
}

}  // namespace judge::cli
