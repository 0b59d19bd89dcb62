#include "exec/device_watch.hpp"

#include <fmt/format.h>

namespace judge::exec {
namespace {

struct NamedLimit {
  cudaLimit limit;
  const char* name;
};
// Not cudaLimitStackSize: the driver raises it by itself for kernels that need a larger stack.
// Not the dynamic-parallelism limits: most devices refuse to read them (cudaErrorUnsupportedLimit),
// and compute-sanitizer reports every such refusal as an error of the program.
constexpr NamedLimit kLimits[DeviceWatch::kLimitCount] = {
    {cudaLimitPrintfFifoSize, "cudaLimitPrintfFifoSize"},
    {cudaLimitMallocHeapSize, "cudaLimitMallocHeapSize"},
    {cudaLimitMaxL2FetchGranularity, "cudaLimitMaxL2FetchGranularity"},
    {cudaLimitPersistingL2CacheSize, "cudaLimitPersistingL2CacheSize"},
};

// True when `p` is still a device allocation of the current context.
bool still_allocated(const void* p) {
  cudaPointerAttributes a{};
  const cudaError_t e = cudaPointerGetAttributes(&a, p);
  if (e != cudaSuccess) {
    cudaGetLastError();
    return false;
  }
  return a.type == cudaMemoryTypeDevice;
}

}  // namespace

DeviceWatch::DeviceWatch() {
  if (cudaGetDevice(&device_) != cudaSuccess) device_ = -1;
  flags_known_ = cudaGetDeviceFlags(&flags_) == cudaSuccess;
  for (int i = 0; i < kLimitCount; ++i)
    limit_known_[i] = cudaDeviceGetLimit(&limits_[i], kLimits[i].limit) == cudaSuccess;
  if (cudaMalloc(&sentinel_, 256) != cudaSuccess) sentinel_ = nullptr;
  cudaGetLastError();  // a limit this device does not have is not an error of the solution's
}

DeviceWatch::~DeviceWatch() {
  if (sentinel_ && still_allocated(sentinel_)) cudaFree(sentinel_);
  cudaGetLastError();
}

std::string DeviceWatch::changes(const std::vector<GuardedBuffer>& buffers,
                                 const std::vector<std::string>& names) const {
  int device = -1;
  if (cudaGetDevice(&device) == cudaSuccess && device_ >= 0 && device != device_) {
    return fmt::format(
        "solve switched the current device from {} to {} (cudaSetDevice); a solution must use the "
        "device it is given",
        device_, device);
  }
  if (sentinel_ && !still_allocated(sentinel_)) {
    return "solve reset the device (cudaDeviceReset or similar): the judge's buffers and context were destroyed";
  }
  for (std::size_t i = 0; i < buffers.size(); ++i) {
    if (buffers[i].data() && !still_allocated(buffers[i].data())) {
      return fmt::format("solve freed the judge's buffer {} (cudaFree); a solution must free only what it allocates",
                         i < names.size() ? names[i] : std::to_string(i));
    }
  }
  unsigned flags = 0;
  if (flags_known_ && cudaGetDeviceFlags(&flags) == cudaSuccess && flags != flags_) {
    return fmt::format("solve changed the device flags from {:#x} to {:#x} (cudaSetDeviceFlags)", flags_, flags);
  }
  for (int i = 0; i < kLimitCount; ++i) {
    std::size_t value = 0;
    if (limit_known_[i] && cudaDeviceGetLimit(&value, kLimits[i].limit) == cudaSuccess && value != limits_[i]) {
      return fmt::format("solve changed the device limit {} from {} to {} (cudaDeviceSetLimit)", kLimits[i].name,
                         limits_[i], value);
    }
  }
  cudaGetLastError();
  return "";
}

}  // namespace judge::exec
