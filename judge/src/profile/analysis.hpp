// What one profiled kernel launch's numbers mean, in words a learner reads: what bounds it
// (memory, and at which level, compute, or latency) and what limits its occupancy. Pure.
#pragma once

#include <optional>
#include <string>
#include <vector>

#include "profile/ncu_csv.hpp"

namespace judge::profile {

// ncu's section display names the analysis reads.
inline constexpr const char* kSpeedOfLight = "GPU Speed Of Light Throughput";
inline constexpr const char* kOccupancy = "Occupancy";
inline constexpr const char* kLaunchStats = "Launch Statistics";

// Below this share of peak (%) neither memory nor compute is busy: the kernel waits (ncu's own
// SOLBottleneck rule uses the same line between "latency issues" and a busy unit).
inline constexpr double kBusyPct = 60;
// Memory and compute within this many points of each other are called equally busy.
inline constexpr double kBalancedPct = 5;

struct Bottleneck {
  enum class Kind { memory, compute, balanced, latency, unknown };
  Kind kind = Kind::unknown;
  std::string level;  // for memory: "DRAM", "L2 cache" or "L1/shared memory", the busiest
  // % of peak, from the Speed Of Light section.
  std::optional<double> memory_pct, compute_pct, dram_pct, l1_pct, l2_pct;
  std::string sentence;  // "bound by memory: ..."
};
const char* kind_name(Bottleneck::Kind k);  // "memory", "compute", "balanced", "latency", "unknown"

Bottleneck classify(const KernelRecord& k);

struct Occupancy {
  std::optional<double> achieved_pct, theoretical_pct;
  // What caps the blocks per SM when theoretical occupancy is below 100%: "registers",
  // "shared memory", "block size", "blocks per SM", "barriers" (the smallest "Block Limit").
  std::vector<std::string> limited_by;
  std::string sentence;  // "22% achieved of 25% theoretical, limited by registers (127 per thread)"
};

Occupancy occupancy(const KernelRecord& k);

// "0.4%", "7.2%", "88%", "<0.1%": a share of peak as the report prints it.
std::string format_pct(double v);

// The kernel's duration in ns (Duration in any time unit ncu printed), 0 when absent.
double duration_ns(const KernelRecord& k);

}  // namespace judge::profile
