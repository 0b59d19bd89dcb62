// judge doctor: what this machine has for judging, and how to fix what is missing.
#include <fmt/format.h>
#include <nvrtc.h>

#include <nlohmann/json.hpp>

#include "cli/commands.hpp"
#include "compile/compiler.hpp"
#include "exec/runner.hpp"
#include "exec/sandbox_probe.hpp"
#include "judging/sanitize.hpp"
#include "profile/ncu_tool.hpp"
#include "spec/data_root.hpp"
#include "util/cache_root.hpp"
#include "util/units.hpp"
#include "version.hpp"

namespace judge::cli {
namespace {

int doctor(const GlobalOptions& g, bool json) {
  nlohmann::ordered_json j;
  j["format"] = "judge-doctor/1";
  j["judge_version"] = kJudgeVersion;
  std::vector<std::string> problems;

  auto root = spec::find_data_root(g.root);
  j["data_root"] = root ? root->path.string() : "";
  j["data_root_found_by"] = root ? root->found_by : "";
  if (!root) problems.push_back(root.error().message);

  auto nvcc = compile::find_nvcc();
  auto nvcc_ver = compile::nvcc_version();
  j["nvcc"] = nvcc ? nvcc->string() : "";
  j["nvcc_version"] = nvcc_ver ? *nvcc_ver : "";
  if (!nvcc) problems.push_back(nvcc.error().message);

  int major = 0, minor = 0;
  j["nvrtc_version"] = nvrtcVersion(&major, &minor) == NVRTC_SUCCESS ? fmt::format("{}.{}", major, minor) : "";
  j["cache_dir"] = util::cache_root().string();
  // Optional: only --sanitize needs it, so its absence is not a problem.
  auto sanitizer = judging::find_compute_sanitizer();
  j["compute_sanitizer"] = sanitizer ? sanitizer->string() : "";
  // Optional too: only --profile needs Nsight Compute, and the driver's leave to read counters.
  auto ncu = profile::find_ncu();
  const std::string counters = profile::counter_permission_problem();
  j["ncu"] = ncu ? ncu->string() : "";
  j["ncu_note"] = ncu ? counters : ncu.error().message;

  auto runner = exec::Runner::start({});
  if (runner) {
    j["device"] = runner->device();
    j["driver"] = util::format_cuda_version(runner->device().value("driver_version", 0));
    j["runtime"] = util::format_cuda_version(runner->device().value("runtime_version", 0));
    runner->stop();
  } else {
    j["device"] = nullptr;
    problems.push_back(runner.error().message +
                       " — judging needs an NVIDIA GPU with a working driver (check nvidia-smi); listing, showing "
                       "and compiling work without one");
  }
  // The sandbox, probed without a GPU: a missing protection is a note, not a problem (judging
  // works; --require-sandbox makes it an error).
  auto sandbox = exec::probe_sandbox("");
  j["sandbox"] = sandbox ? sandbox->to_json() : nlohmann::json(nullptr);
  if (!sandbox) problems.push_back(sandbox.error().message);
  j["problems"] = problems;
  if (json) {
    fmt::print("{}\n", j.dump(2));
  } else {
    fmt::print("judge {}\n", kJudgeVersion);
    fmt::print("  data root  {}{}\n", j["data_root"].get<std::string>(),
               root ? fmt::format(" (from {})", root->found_by) : std::string());
    fmt::print("  nvcc       {} {}\n", j["nvcc"].get<std::string>(), j["nvcc_version"].get<std::string>());
    fmt::print("  nvrtc      {}\n", j["nvrtc_version"].get<std::string>());
    fmt::print("  cache      {}\n", j["cache_dir"].get<std::string>());
    fmt::print("  sanitizer  {}\n", sanitizer ? sanitizer->string() : "not found (only --sanitize needs it)");
    if (ncu)
      fmt::print("  ncu        {}{}\n", ncu->string(), counters.empty() ? "" : "; but " + counters);
    else
      fmt::print("  ncu        not found (only --profile needs it): {}\n", ncu.error().message);
    if (runner) {
      const auto& d = runner->device();
      fmt::print("  gpu        {} (sm_{}{}, {} SMs, {:.1f} GiB)\n", d.value("name", "?"), d.value("cc_major", 0),
                 d.value("cc_minor", 0), d.value("sm_count", 0), d.value("memory_bytes", 0.0) / (1 << 30));
      fmt::print("  driver     CUDA {}, runtime {}\n", j["driver"].get<std::string>(), j["runtime"].get<std::string>());
    } else {
      fmt::print("  gpu        none\n");
    }
    if (sandbox) {
      fmt::print("  sandbox    {}\n", sandbox->complete() ? "complete" : "incomplete (judging still works)");
      for (const exec::Protection& p : sandbox->protections)
        fmt::print("    {:<9} {}: {}\n", p.applied ? "yes" : "MISSING", p.name, p.how);
    }
    for (const std::string& p : problems) fmt::print("  problem:   {}\n", p);
    if (problems.empty()) fmt::print("all good: try 'judge run vector-addition solutions/vector-addition/naive.cu'\n");
  }
  return problems.empty() ? 0 : 3;
}

}  // namespace

Command doctor_command() {
  return {"doctor", "Check the GPU, driver, CUDA runtime, NVRTC and nvcc, and say how to fix what is missing",
          [](CLI::App& sub, const GlobalOptions& g) {
            auto json = std::make_shared<bool>(false);
            sub.add_flag("--json", *json, "Print a JSON document");
            return std::function<int()>([&g, json] { return doctor(g, *json); });
          }};
}

}  // namespace judge::cli
