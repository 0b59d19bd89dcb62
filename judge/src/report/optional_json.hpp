// An optional value as report JSON: the value, or null when absent (the `--json` reports write
// every key, so a reader tells "not measured" from a missing field).
#pragma once

#include <nlohmann/json.hpp>
#include <optional>

namespace judge::report {

template <class T>
nlohmann::ordered_json optional_json(const std::optional<T>& v) {
  return v ? nlohmann::ordered_json(*v) : nlohmann::ordered_json();
}

}  // namespace judge::report
