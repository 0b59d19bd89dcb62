#include "profile/ncu_tool.hpp"

#include <fmt/format.h>

#include <algorithm>
#include <fstream>
#include <sstream>

#include "util/tool_path.hpp"

namespace judge::profile {
namespace fs = std::filesystem;

namespace {

// Folders named `prefix`* under `dir`, the highest version first ("nsight-compute-2025.3.1"
// before "nsight-compute-2024.1.0"; versions of one year's width compare as text).
std::vector<fs::path> versioned_folders(const fs::path& dir, const std::string& prefix) {
  std::vector<fs::path> found;
  std::error_code ec;
  for (const auto& entry : fs::directory_iterator(dir, ec)) {
    const std::string name = entry.path().filename().string();
    if (name.rfind(prefix, 0) == 0 && entry.is_directory(ec)) found.push_back(entry.path());
  }
  std::sort(found.begin(), found.end(), [](const fs::path& a, const fs::path& b) { return a > b; });
  return found;
}

std::string first_line_with(std::string_view log, std::string_view marker) {
  const std::size_t at = log.find(marker);
  if (at == std::string_view::npos) return "";
  const std::size_t end = log.find('\n', at);
  std::string line(log.substr(at, end == std::string_view::npos ? std::string_view::npos : end - at));
  while (!line.empty() && (line.back() == '\r' || line.back() == ' ')) line.pop_back();
  return line;
}

}  // namespace

Result<fs::path> find_ncu() {
  const std::vector<fs::path> roots = util::cuda_roots();
  std::vector<fs::path> candidates;
  for (const fs::path& root : roots) {
    candidates.push_back(root / "bin" / "ncu");
    for (const fs::path& dir : versioned_folders(root, "nsight-compute")) candidates.push_back(dir / "ncu");
  }
  for (const fs::path& dir : versioned_folders("/opt/nvidia/nsight-compute", "")) candidates.push_back(dir / "ncu");
  return util::find_tool(
      "ncu", "JUDGE_NCU", candidates,
      fmt::format(
          "Nsight Compute (ncu) was not found (looked on PATH, in {}/bin, {}/nsight-compute-*/ and "
          "/opt/nvidia/nsight-compute/*/): install the CUDA toolkit's Nsight Compute, or set JUDGE_NCU to its ncu",
          roots.front().string(), roots.front().string()),
      ": point it to Nsight Compute's ncu");
}

std::vector<std::string> ncu_profile_argv(const fs::path& ncu, const fs::path& report_base, const fs::path& log,
                                          int launch_cap) {
  std::vector<std::string> argv = {ncu.string(),
                                   // Only the runner, not a process the solution might start.
                                   "--target-processes", "application-only",
                                   // Only what runs between cudaProfilerStart and Stop: solve.
                                   "--profile-from-start", "off", "--launch-count", std::to_string(launch_cap)};
  for (const char* section : kSections) {
    argv.push_back("--section");
    argv.push_back(section);
  }
  argv.insert(argv.end(), {"--export", report_base.string(), "--force-overwrite", "--log-file", log.string()});
  return argv;
}

std::vector<std::string> ncu_import_argv(const fs::path& ncu, const fs::path& report) {
  return {ncu.string(), "--import", report.string(), "--csv", "--page", "details", "--print-units", "base"};
}

std::string ncu_log_problem(std::string_view log) {
  if (log.find("ERR_NVGPUCTRPERM") != std::string_view::npos)
    return fmt::format(
        "the driver does not let this user read the GPU's performance counters (ERR_NVGPUCTRPERM): run the judge as "
        "root, or allow every user: 'options nvidia NVreg_RestrictProfilingToAdminUsers=0' in a file under "
        "/etc/modprobe.d, then reboot ({})",
        kCounterPermissionUrl);
  if (std::string error = first_line_with(log, "==ERROR=="); !error.empty())
    return "Nsight Compute failed: " + error.substr(std::string_view("==ERROR==").size() + 1);
  if (log.find("No kernels were profiled") != std::string_view::npos)
    return "Nsight Compute profiled no kernel: solve launched none that it could see";
  return "";
}

std::optional<bool> counters_admin_only(std::string_view params) {
  const std::string line = first_line_with(params, "RmProfilingAdminOnly:");
  if (line.empty()) return std::nullopt;
  const std::string value = line.substr(std::string_view("RmProfilingAdminOnly:").size());
  if (value.find('1') != std::string::npos) return true;
  if (value.find('0') != std::string::npos) return false;
  return std::nullopt;
}

std::string counter_permission_problem() {
  std::ifstream in("/proc/driver/nvidia/params");
  if (!in) return "";
  std::stringstream text;
  text << in.rdbuf();
  const auto admin_only = counters_admin_only(text.str());
  if (!admin_only || !*admin_only || ::geteuid() == 0) return "";
  return fmt::format(
      "the driver keeps the GPU's performance counters for administrators (RmProfilingAdminOnly: 1), so --profile "
      "fails with ERR_NVGPUCTRPERM: run as root, or set 'options nvidia NVreg_RestrictProfilingToAdminUsers=0' under "
      "/etc/modprobe.d and reboot ({})",
      kCounterPermissionUrl);
}

}  // namespace judge::profile
