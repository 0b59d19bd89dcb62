// What the runner tells the judge about its GPU: the device block of its hello (name, compute
// capability, memory, clocks, driver, compute mode), and the device-to-device copy bandwidth
// speed-of-light is measured against (the "calibrate" request).
#pragma once

#include <nlohmann/json.hpp>
#include <string>

#include "util/result.hpp"

namespace judge::exec {

// Picks device 0 of those visible, creates the CUDA context (outside any timed region) and
// describes the device; fails with "no CUDA device: ..." when there is none.
Result<nlohmann::json> describe_device();
// The device's PCI bus id, once describe_device() ran (for NVML readings during timing).
const std::string& device_pci_bus_id();
// The "calibrated" reply: bytes read plus bytes written per second by a large device-to-device
// copy (the median of 30 copies after 3 to warm the clocks), or an error field.
nlohmann::json measure_copy_bandwidth();

}  // namespace judge::exec
