// Human-readable quantities, shared by every printer.
#pragma once

#include <string>

namespace judge::util {

// "1.234 ms", "56.7 us", "2.10 s"
std::string format_duration_ms(double ms);
// CUDA's integer versions: 13000 -> "13.0" (empty for 0).
std::string format_cuda_version(int version);
// The current time as ISO 8601 UTC, "2026-11-21T10:00:00Z", for dates stored in reports and baselines.
std::string utc_timestamp();

}  // namespace judge::util
