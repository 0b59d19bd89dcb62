#include "profile/summary.hpp"

#include <algorithm>

namespace judge::profile {

bool Profile::capped() const {
  const int profiled = static_cast<int>(launches.size());
  // The runner counts runtime-API launches only; a count that matches says nothing was left out.
  return profiled >= launch_cap && !(launches_in_solve && *launches_in_solve == profiled);
}

std::vector<KernelSummary> summarize(const std::vector<KernelRecord>& launches, std::size_t findings_shown) {
  std::vector<KernelSummary> kernels;
  double total_ns = 0;
  for (const KernelRecord& launch : launches) {
    const double ns = duration_ns(launch);
    total_ns += ns;
    auto it = std::find_if(kernels.begin(), kernels.end(),
                           [&](const KernelSummary& k) { return k.full_name == launch.name; });
    if (it == kernels.end()) {
      kernels.push_back({});
      it = std::prev(kernels.end());
      it->full_name = launch.name;
      it->name = short_kernel_name(launch.name);
    }
    ++it->launches;
    it->duration_ns += ns;
    if (!it->longest || ns > duration_ns(*it->longest)) it->longest = &launch;
  }
  for (KernelSummary& k : kernels) {
    k.share = total_ns > 0 ? k.duration_ns / total_ns : 1.0 / static_cast<double>(kernels.size());
    k.grid = k.longest->grid;
    k.block = k.longest->block;
    k.bottleneck = classify(*k.longest);
    k.occupancy = occupancy(*k.longest);
    for (const Finding* f : top_findings(k.longest->findings, findings_shown)) k.findings.push_back(*f);
  }
  std::stable_sort(kernels.begin(), kernels.end(),
                   [](const KernelSummary& a, const KernelSummary& b) { return a.duration_ns > b.duration_ns; });
  return kernels;
}

}  // namespace judge::profile
