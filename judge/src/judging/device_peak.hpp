// The device's limits that speed-of-light is measured against: device-to-device copy bandwidth
// (measured once per device and driver, then cached) and the theoretical FP32 FLOP rate.
#pragma once

#include <filesystem>
#include <nlohmann/json.hpp>
#include <optional>
#include <string>

#include "exec/runner.hpp"
#include "util/result.hpp"

namespace judge::judging {

struct DevicePeak {
  double copy_gbs = 0;     // measured: bytes read + written per second by a large D2D copy
  double fp32_gflops = 0;  // theoretical: SMs x FP32 lanes per SM x 2 x boost clock (0 if unknown)
  bool cached = false;
};

// "NVIDIA H100 80GB HBM3|580.159.04|2619000|5120": one measurement per such key.
std::string device_peak_key(const nlohmann::json& device);
// FP32 lanes per SM for a compute capability (0 when unknown).
int fp32_lanes_per_sm(int cc_major, int cc_minor);
double theoretical_fp32_gflops(const nlohmann::json& device);

// The cached measurement for `device`, if the cache at `cache_file` has one.
std::optional<DevicePeak> cached_device_peak(const nlohmann::json& device, const std::filesystem::path& cache_file);
// Reads the cache at `cache_file` or measures through the runner and stores the result.
Result<DevicePeak> device_peak(exec::Runner& runner, const std::filesystem::path& cache_file);

}  // namespace judge::judging
