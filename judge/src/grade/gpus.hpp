// The GPUs a batch is judged on. The judge process never touches CUDA: a probe runner reports
// how many devices it sees, then one runner pinned to each (CUDA_VISIBLE_DEVICES) names it.
#pragma once

#include <nlohmann/json.hpp>
#include <optional>
#include <string>
#include <vector>

#include "util/result.hpp"

namespace judge::grade {

struct Gpu {
  int index = 0;                // position among the devices the judge sees
  std::string visible_devices;  // the CUDA_VISIBLE_DEVICES value that pins a runner to it
  nlohmann::json device;        // the runner's device block
  std::string name, key, arch;  // "NVIDIA H100 80GB HBM3", "nvidia-h100-80gb-hbm3", "sm_90"
  // The default compute mode: several processes may hold a context at once, so several
  // submissions can share it (--gpu-jobs). False in exclusive-process (or prohibited) mode.
  bool shareable = true;
};

// The value that pins device `index`: the index-th entry of an inherited CUDA_VISIBLE_DEVICES
// (which may hold UUIDs), else the index itself.
std::string pin_value(int index, const char* inherited_visible_devices);

struct GpuQuery {
  std::optional<std::vector<int>> wanted;  // --gpus; default: every visible device
  std::string runner_executable;           // empty: this binary
  bool measure_peaks = false;              // cache each device's copy bandwidth before judging starts
};

// Fails with the runner's reason (e.g. "no CUDA device ...") or names a --gpus index that does
// not exist.
Result<std::vector<Gpu>> find_gpus(const GpuQuery& query);

}  // namespace judge::grade
