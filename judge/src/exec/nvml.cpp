#include "exec/nvml.hpp"

#include <dlfcn.h>

namespace judge::exec {
namespace {

// The few NVML entry points we use, with their C signatures (nvmlDevice_t is an opaque pointer).
using Init = int (*)();
using HandleByPci = int (*)(const char*, void**);
using ClockInfo = int (*)(void*, int, unsigned*);
using Reasons = int (*)(void*, unsigned long long*);
constexpr int kClockSm = 1, kClockMem = 2;

struct Nvml {
  Init init = nullptr;
  HandleByPci handle = nullptr;
  ClockInfo clock = nullptr;
  Reasons reasons = nullptr;
  bool ready = false;
};

const Nvml& nvml() {
  static const Nvml n = [] {
    Nvml x;
    void* lib = ::dlopen("libnvidia-ml.so.1", RTLD_NOW | RTLD_LOCAL);
    if (!lib) return x;
    x.init = reinterpret_cast<Init>(::dlsym(lib, "nvmlInit_v2"));
    x.handle = reinterpret_cast<HandleByPci>(::dlsym(lib, "nvmlDeviceGetHandleByPciBusId_v2"));
    x.clock = reinterpret_cast<ClockInfo>(::dlsym(lib, "nvmlDeviceGetClockInfo"));
    x.reasons = reinterpret_cast<Reasons>(::dlsym(lib, "nvmlDeviceGetCurrentClocksEventReasons"));
    if (!x.reasons) x.reasons = reinterpret_cast<Reasons>(::dlsym(lib, "nvmlDeviceGetCurrentClocksThrottleReasons"));
    x.ready = x.init && x.handle && x.clock && x.init() == 0;
    return x;
  }();
  return n;
}

}  // namespace

std::optional<ClockReading> read_clocks(const std::string& pci_bus_id) {
  const Nvml& n = nvml();
  if (!n.ready) return std::nullopt;
  void* dev = nullptr;
  if (n.handle(pci_bus_id.c_str(), &dev) != 0) return std::nullopt;
  ClockReading r;
  if (n.clock(dev, kClockSm, &r.sm_mhz) != 0) return std::nullopt;
  n.clock(dev, kClockMem, &r.memory_mhz);
  unsigned long long reasons = 0;
  if (n.reasons && n.reasons(dev, &reasons) == 0) r.throttle_reasons = reasons;
  return r;
}

nlohmann::json to_json(const ClockReading& r) {
  return {{"sm_mhz", r.sm_mhz},
          {"memory_mhz", r.memory_mhz},
          {"throttle_reasons", r.throttle_reasons},
          {"throttled", r.throttled()}};
}

}  // namespace judge::exec
