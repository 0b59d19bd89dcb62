#include "profile/analysis.hpp"

#include <fmt/format.h>

#include <algorithm>
#include <cmath>

namespace judge::profile {
namespace {

std::string pct(double v) {
  return format_pct(v);
}
std::string pct(const std::optional<double>& v) {
  return v ? pct(*v) : "?";
}

std::string whole(double v) {
  return fmt::format("{:.0f}", v);
}

std::string memory_sentence(const Bottleneck& b) {
  if (b.level == "DRAM")
    return fmt::format(
        "bound by memory: DRAM bandwidth is at {} of peak (compute {}); the kernel waits on device memory, so only "
        "moving fewer bytes makes it faster",
        pct(b.dram_pct), pct(b.compute_pct));
  if (b.level == "L2 cache")
    return fmt::format(
        "bound by memory: the L2 cache is {} busy while DRAM is at {} (compute {}); data is fetched again and again "
        "from L2, so keep what a block reuses in shared memory or registers",
        pct(b.l2_pct), pct(b.dram_pct), pct(b.compute_pct));
  return fmt::format(
      "bound by memory, on chip: L1/shared memory is {} busy while DRAM is at only {} (compute {}); the data comes "
      "from cache or shared memory, and the number of load and store instructions is what limits it",
      pct(b.l1_pct), pct(b.dram_pct), pct(b.compute_pct));
}

}  // namespace

std::string format_pct(double v) {
  if (v > 0 && v < 0.05) return "<0.1%";  // not "0.0%" for traffic that is there
  return v < 10 ? fmt::format("{:.1f}%", v) : fmt::format("{:.0f}%", v);
}

const char* kind_name(Bottleneck::Kind k) {
  switch (k) {
    case Bottleneck::Kind::memory:
      return "memory";
    case Bottleneck::Kind::compute:
      return "compute";
    case Bottleneck::Kind::balanced:
      return "balanced";
    case Bottleneck::Kind::latency:
      return "latency";
    case Bottleneck::Kind::unknown:
      break;
  }
  return "unknown";
}

Bottleneck classify(const KernelRecord& k) {
  Bottleneck b;
  b.memory_pct = k.value(kSpeedOfLight, "Memory Throughput");
  b.compute_pct = k.value(kSpeedOfLight, "Compute (SM) Throughput");
  b.dram_pct = k.value(kSpeedOfLight, "DRAM Throughput");
  b.l1_pct = k.value(kSpeedOfLight, "L1/TEX Cache Throughput");
  b.l2_pct = k.value(kSpeedOfLight, "L2 Cache Throughput");
  if (!b.memory_pct || !b.compute_pct) {
    b.sentence = "no Speed Of Light numbers for this kernel, so what bounds it is unknown";
    return b;
  }
  const double mem = *b.memory_pct, comp = *b.compute_pct;
  // The busiest memory level; "Memory Throughput" is the busiest memory unit of all.
  const std::pair<double, const char*> levels[] = {
      {b.dram_pct.value_or(0), "DRAM"}, {b.l2_pct.value_or(0), "L2 cache"}, {b.l1_pct.value_or(0), "L1/shared memory"}};
  b.level = std::max_element(std::begin(levels), std::end(levels))->second;
  if (mem < kBusyPct && comp < kBusyPct) {
    b.kind = Bottleneck::Kind::latency;
    b.sentence = fmt::format(
        "bound by latency: neither memory ({}) nor compute ({}) is near its peak; warps mostly wait (on memory "
        "latency, barriers or dependencies between instructions), or the grid is too small to fill the GPU",
        pct(mem), pct(comp));
  } else if (std::abs(mem - comp) < kBalancedPct) {
    b.kind = Bottleneck::Kind::balanced;
    b.sentence = fmt::format(
        "bound by memory and compute alike (memory {}, busiest on {}; compute {}): both are near their limits, so "
        "doing less work of either kind helps",
        pct(mem), b.level, pct(comp));
  } else if (comp > mem) {
    b.kind = Bottleneck::Kind::compute;
    b.sentence = fmt::format(
        "bound by compute: the SMs' pipelines are {} busy (memory {}); fewer or cheaper instructions per result make "
        "it faster",
        pct(comp), pct(mem));
  } else {
    b.kind = Bottleneck::Kind::memory;
    b.sentence = memory_sentence(b);
  }
  return b;
}

Occupancy occupancy(const KernelRecord& k) {
  Occupancy o;
  o.achieved_pct = k.value(kOccupancy, "Achieved Occupancy");
  o.theoretical_pct = k.value(kOccupancy, "Theoretical Occupancy");
  if (!o.achieved_pct || !o.theoretical_pct) {
    o.sentence = "no occupancy numbers for this kernel";
    return o;
  }
  o.sentence = fmt::format("{} achieved of {} theoretical", pct(*o.achieved_pct), pct(*o.theoretical_pct));
  const double block = k.value(kLaunchStats, "Block Size").value_or(0);
  if (*o.theoretical_pct < 99.5) {
    const double shared = k.value(kLaunchStats, "Static Shared Memory Per Block").value_or(0) +
                          k.value(kLaunchStats, "Dynamic Shared Memory Per Block").value_or(0) +
                          k.value(kLaunchStats, "Driver Shared Memory Per Block").value_or(0);
    const std::pair<const char*, std::string> limits[] = {
        {"Block Limit Registers",
         fmt::format("registers ({} per thread)", whole(k.value(kLaunchStats, "Registers Per Thread").value_or(0)))},
        {"Block Limit Shared Mem", fmt::format("shared memory ({} bytes per block)", whole(shared))},
        {"Block Limit Warps", fmt::format("block size ({} threads per block)", whole(block))},
        {"Block Limit SM", fmt::format("blocks per SM (at most {} blocks of {} threads fit)",
                                       whole(k.value(kOccupancy, "Block Limit SM").value_or(0)), whole(block))},
        {"Block Limit Barriers", std::string("barriers")}};
    double least = 1e300;
    for (const auto& [metric, words] : limits)
      if (auto v = k.value(kOccupancy, metric)) least = std::min(least, *v);
    std::vector<std::string> words_of;
    for (const auto& [metric, words] : limits) {
      const auto v = k.value(kOccupancy, metric);
      if (!v || *v != least) continue;
      o.limited_by.push_back(words.substr(0, words.find(" (")));
      words_of.push_back(words);
    }
    if (!words_of.empty()) {
      std::string joined;
      for (std::size_t i = 0; i < words_of.size(); ++i)
        joined += (i == 0 ? "" : i + 1 == words_of.size() ? " and " : ", ") + words_of[i];
      o.sentence += fmt::format(", limited by {}: {} block{} per SM", joined, whole(least), least == 1 ? "" : "s");
    }
  }
  if (*o.achieved_pct < 0.8 * *o.theoretical_pct) {
    o.sentence += "; well below theoretical: blocks end unevenly or there are too few of them";
    if (auto waves = k.value(kLaunchStats, "Waves Per SM")) o.sentence += fmt::format(" ({:.2f} waves per SM)", *waves);
  }
  return o;
}

double duration_ns(const KernelRecord& k) {
  const Metric* m = k.metric(kSpeedOfLight, "Duration");
  if (!m || !m->value) return 0;
  const std::string& u = m->unit;
  if (u == "ns" || u == "nsecond") return *m->value;
  if (u == "us" || u == "usecond") return *m->value * 1e3;
  if (u == "ms" || u == "msecond") return *m->value * 1e6;
  if (u == "s" || u == "second") return *m->value * 1e9;
  return *m->value;  // --print-units base prints ns
}

}  // namespace judge::profile
