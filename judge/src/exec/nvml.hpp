// Clock and throttling readings through NVML, loaded at run time (libnvidia-ml.so.1 ships with
// the driver; when it is missing the readings are simply absent).
#pragma once

#include <cstdint>
#include <nlohmann/json.hpp>
#include <optional>
#include <string>

namespace judge::exec {

struct ClockReading {
  unsigned sm_mhz = 0;
  unsigned memory_mhz = 0;
  std::uint64_t throttle_reasons = 0;  // NVML clocks-event reason bits
  // Power or thermal limits were slowing the clocks (idle and application settings do not count).
  bool throttled() const { return (throttle_reasons & 0xECull) != 0; }
};

std::optional<ClockReading> read_clocks(const std::string& pci_bus_id);
nlohmann::json to_json(const ClockReading& r);

}  // namespace judge::exec
