#include "exec/runner_device.hpp"

#include <cuda_runtime_api.h>
#include <fmt/format.h>

#include <algorithm>
#include <vector>

#include "exec/cuda_check.hpp"

namespace judge::exec {
namespace {

using Json = nlohmann::json;

std::string& bus_id() {
  static std::string id;
  return id;
}

}  // namespace

const std::string& device_pci_bus_id() {
  return bus_id();
}

Result<Json> describe_device() {
  int count = 0;
  const cudaError_t e = cudaGetDeviceCount(&count);
  if (e != cudaSuccess || count == 0) {
    return make_error(e == cudaSuccess
                          ? std::string("no CUDA device: the driver reports 0 devices")
                          : fmt::format("no CUDA device: {} ({})", cudaGetErrorName(e), cudaGetErrorString(e)));
  }
  int dev = 0;
  JUDGE_CUDA_TRY(cudaSetDevice(dev));
  JUDGE_CUDA_TRY(cudaFree(nullptr));  // create the context now, outside any timed region
  cudaDeviceProp p{};
  JUDGE_CUDA_TRY(cudaGetDeviceProperties(&p, dev));
  int driver = 0, runtime = 0, mem_clock_khz = 0, bus_width = 0, sm_clock_khz = 0, compute_mode = 0;
  cudaDriverGetVersion(&driver);
  cudaRuntimeGetVersion(&runtime);
  cudaDeviceGetAttribute(&mem_clock_khz, cudaDevAttrMemoryClockRate, dev);
  cudaDeviceGetAttribute(&bus_width, cudaDevAttrGlobalMemoryBusWidth, dev);
  cudaDeviceGetAttribute(&sm_clock_khz, cudaDevAttrClockRate, dev);
  // 0 default; 3 exclusive-process: one CUDA context at a time (judge grade cannot share it).
  cudaDeviceGetAttribute(&compute_mode, cudaDevAttrComputeMode, dev);
  char pci[32] = {};
  cudaDeviceGetPCIBusId(pci, sizeof pci, dev);
  bus_id() = pci;
  return Json{{"index", dev},
              {"name", p.name},
              {"cc_major", p.major},
              {"cc_minor", p.minor},
              {"sm_count", p.multiProcessorCount},
              {"l2_bytes", p.l2CacheSize},
              {"memory_bytes", p.totalGlobalMem},
              {"memory_clock_khz", mem_clock_khz},
              {"memory_bus_bits", bus_width},
              {"sm_clock_khz", sm_clock_khz},
              {"driver_version", driver},
              {"runtime_version", runtime},
              {"pci_bus_id", pci},
              {"compute_mode", compute_mode},
              {"device_count", count}};
}

Json measure_copy_bandwidth() {
  std::size_t free_bytes = 0, total = 0;
  if (cudaMemGetInfo(&free_bytes, &total) != cudaSuccess)
    return {{"op", "calibrated"}, {"error", "cudaMemGetInfo failed"}};
  const std::size_t bytes = std::min<std::size_t>(std::size_t{1} << 30, free_bytes / 4);
  void *src = nullptr, *dst = nullptr;
  cudaEvent_t a = nullptr, b = nullptr;
  std::vector<double> ms;
  if (cudaMalloc(&src, bytes) == cudaSuccess && cudaMalloc(&dst, bytes) == cudaSuccess &&
      cudaEventCreate(&a) == cudaSuccess && cudaEventCreate(&b) == cudaSuccess &&
      cudaMemset(src, 1, bytes) == cudaSuccess) {
    for (int i = 0; i < 33; ++i) {
      cudaEventRecord(a, nullptr);
      cudaMemcpyAsync(dst, src, bytes, cudaMemcpyDeviceToDevice, nullptr);
      cudaEventRecord(b, nullptr);
      float t = 0;
      if (cudaEventSynchronize(b) != cudaSuccess || cudaEventElapsedTime(&t, a, b) != cudaSuccess) break;
      if (i >= 3) ms.push_back(t);  // the first copies warm the clocks up
    }
  }
  cudaFree(src);
  cudaFree(dst);
  if (a) cudaEventDestroy(a);
  if (b) cudaEventDestroy(b);
  if (ms.size() < 10) return {{"op", "calibrated"}, {"error", "device-to-device copy failed"}};
  std::sort(ms.begin(), ms.end());
  const double median_ms = ms[ms.size() / 2];
  return {{"op", "calibrated"},
          {"d2d_gbs", 2.0 * static_cast<double>(bytes) / (median_ms / 1000) / 1e9},
          {"bytes", bytes},
          {"samples", ms.size()}};
}

}  // namespace judge::exec
