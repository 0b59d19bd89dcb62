// Nsight Compute's command line: finding `ncu`, the command that profiles the runner and the one
// that reads the report back, and what its log says when it could not profile. GPU-free.
#pragma once

#include <filesystem>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "util/result.hpp"

namespace judge::profile {

// The sections collected: throughput against peak, memory and compute workloads, occupancy and
// launch configuration, warp stalls and the scheduler, and the source counters (coalescing,
// shared-memory bank conflicts, divergence).
inline constexpr const char* kSections[] = {
    "SpeedOfLight",   "MemoryWorkloadAnalysis",  "Occupancy",     "LaunchStats", "WarpStateStats",
    "SourceCounters", "ComputeWorkloadAnalysis", "SchedulerStats"};

// NVIDIA's page for the counters' permission error.
inline constexpr const char* kCounterPermissionUrl = "https://developer.nvidia.com/ERR_NVGPUCTRPERM";

// $JUDGE_NCU; ncu on PATH; under $CUDA_HOME and /usr/local/cuda: bin/ncu, then the toolkit's
// nsight-compute-*/ncu; /opt/nvidia/nsight-compute/*/ncu (the newest version first). The error
// says where it looked and how to install or point to it.
Result<std::filesystem::path> find_ncu();

// ncu and its options, to put in front of `judge __runner --fd 3`: only the application process,
// only between cudaProfilerStart and cudaProfilerStop (the runner brackets the one solve call with
// them, so neither the judge's own kernels nor its copies are profiled), at most `launch_cap`
// launches, the sections above, the report at `report_base`.ncu-rep and ncu's own messages in
// `log` (the solution's output stays apart).
std::vector<std::string> ncu_profile_argv(const std::filesystem::path& ncu, const std::filesystem::path& report_base,
                                          const std::filesystem::path& log, int launch_cap);

// `ncu --import REPORT --csv --page details --print-units base`: the table ncu_csv reads.
std::vector<std::string> ncu_import_argv(const std::filesystem::path& ncu, const std::filesystem::path& report);

// What ncu's log says went wrong, in one line with the fix (ERR_NVGPUCTRPERM: the driver keeps the
// counters for administrators; no kernel profiled; another ==ERROR== line); empty when nothing.
std::string ncu_log_problem(std::string_view log);

// From /proc/driver/nvidia/params: whether the driver keeps the performance counters for
// administrators ("RmProfilingAdminOnly: 1"); nullopt when the file does not say.
std::optional<bool> counters_admin_only(std::string_view driver_params);
// The same for this machine and user, as one line for `judge doctor`: "" when counters are open
// to this user or it cannot tell, else the problem with the fix.
std::string counter_permission_problem();

}  // namespace judge::profile
