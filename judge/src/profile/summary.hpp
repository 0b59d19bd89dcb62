// A profile of one solve call: what `judge run --profile` measured (Profile, filled by
// judging/profile_run) and what the report says about each kernel (summarize). Pure.
#pragma once

#include <optional>
#include <string>
#include <vector>

#include "profile/advice.hpp"
#include "profile/analysis.hpp"
#include "profile/ncu_csv.hpp"

namespace judge::profile {

// At most this many kernel launches of solve are profiled (ncu --launch-count): each is replayed
// some 20-40 times, so a solve that launches thousands of kernels would take minutes.
inline constexpr int kLaunchCap = 20;
// Findings shown per kernel in the text.
inline constexpr std::size_t kFindingsShown = 3;

struct Profile {
  std::string ncu;   // the Nsight Compute binary used
  std::string test;  // the test whose single solve call was profiled
  // Why there is no profile, in one line with the fix ("Nsight Compute (ncu) was not found ...");
  // empty when profiled.
  std::string problem;
  std::vector<KernelRecord> launches;  // in launch order
  int launch_cap = kLaunchCap;
  std::optional<int> launches_in_solve;  // solve's kernel launches the runner counted (runtime API)
  double time_limit_s = 0;               // the profile run's limit
  bool hit_time_limit = false;           // it ran out of time (launches holds what ncu wrote, if any)
  double wall_s = 0;                     // how long the profile run took
  // The profile holds the first launch_cap launches only.
  bool capped() const;
};

// One kernel (by name) and what its numbers mean; launches of the same kernel are summed, and
// the details are those of its longest launch.
struct KernelSummary {
  std::string name;         // short_kernel_name
  std::string full_name;    // as ncu names it
  std::string grid, block;  // of the longest launch
  int launches = 0;
  double duration_ns = 0;  // all its launches
  double share = 0;        // of the summed duration of every profiled launch
  Bottleneck bottleneck;
  Occupancy occupancy;
  std::vector<Finding> findings;  // top_findings of the longest launch
  const KernelRecord* longest = nullptr;
};

// Kernels by time, longest first.
std::vector<KernelSummary> summarize(const std::vector<KernelRecord>& launches,
                                     std::size_t findings_shown = kFindingsShown);

}  // namespace judge::profile
