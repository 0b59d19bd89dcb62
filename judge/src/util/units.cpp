#include "util/units.hpp"

#include <chrono>
#include <ctime>

#include <fmt/format.h>

namespace judge::util {

std::string utc_timestamp() {
  const std::time_t t = std::chrono::system_clock::to_time_t(std::chrono::system_clock::now());
  std::tm tm{};
  ::gmtime_r(&t, &tm);
  char buf[32];
  std::strftime(buf, sizeof buf, "%Y-%m-%dT%H:%M:%SZ", &tm);
  return buf;
}

std::string format_duration_ms(double ms) {
  if (ms >= 1000) return fmt::format("{:.2f} s", ms / 1000);
  if (ms >= 1) return fmt::format("{:.3f} ms", ms);
  return fmt::format("{:.1f} us", ms * 1000);
}

std::string format_cuda_version(int v) {
  return v ? fmt::format("{}.{}", v / 1000, (v % 1000) / 10) : "";
}

}  // namespace judge::util
