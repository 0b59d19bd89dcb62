#include "util/units.hpp"

#include <fmt/format.h>

namespace judge::util {

std::string format_duration_ms(double ms) {
  if (ms >= 1000) return fmt::format("{:.2f} s", ms / 1000);
  if (ms >= 1) return fmt::format("{:.3f} ms", ms);
  return fmt::format("{:.1f} us", ms * 1000);
}

std::string format_cuda_version(int v) {
  return v ? fmt::format("{}.{}", v / 1000, (v % 1000) / 10) : "";
}

}  // namespace judge::util
