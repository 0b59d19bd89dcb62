#include "grade/gpus.hpp"

#include <fmt/format.h>

#include <cstdlib>
#include <sstream>

#include "baseline/store.hpp"
#include "exec/runner.hpp"
#include "judging/device_peak.hpp"
#include "util/cache_root.hpp"

namespace judge::grade {

std::string pin_value(int index, const char* inherited) {
  if (inherited && *inherited) {
    std::stringstream in(inherited);
    int i = 0;
    for (std::string entry; std::getline(in, entry, ','); ++i) {
      if (i == index) return entry;
    }
  }
  return std::to_string(index);
}

Result<std::vector<Gpu>> find_gpus(const GpuQuery& q) {
  exec::RunnerLimits probe_limits;
  probe_limits.executable = q.runner_executable;
  auto probe = exec::Runner::start(probe_limits);
  if (!probe) return probe.error();
  const int count = probe->device().value("device_count", 1);
  probe->stop();
  std::vector<int> indices;
  if (q.wanted) {
    for (int i : *q.wanted) {
      if (i < 0 || i >= count)
        return make_error(
            fmt::format("--gpus: there is no GPU {} (this machine shows {} GPU(s): 0 to {})", i, count, count - 1));
    }
    indices = *q.wanted;
  } else {
    for (int i = 0; i < count; ++i) indices.push_back(i);
  }
  std::vector<Gpu> gpus;
  for (int i : indices) {
    Gpu g;
    g.index = i;
    g.visible_devices = pin_value(i, std::getenv("CUDA_VISIBLE_DEVICES"));
    exec::RunnerLimits limits = probe_limits;
    limits.visible_devices = g.visible_devices;
    auto runner = exec::Runner::start(limits);
    if (!runner) return make_error(fmt::format("GPU {}: {}", i, runner.error().message));
    g.device = runner->device();
    g.name = g.device.value("name", "");
    g.key = baseline::gpu_key(g.name);
    g.arch = runner->arch();
    g.shareable = g.device.value("compute_mode", 0) == 0;
    // Measured here, one device at a time, so judging threads only ever read the cache.
    if (q.measure_peaks) (void)judging::device_peak(*runner, util::cache_root() / "device-peaks.json");
    runner->stop();
    gpus.push_back(std::move(g));
  }
  return gpus;
}

}  // namespace judge::grade
