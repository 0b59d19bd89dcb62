// Rendering `judge run --profile`: per kernel of the profiled solve call, its share of the time,
// what bounds it, its occupancy and Nsight Compute's top findings with what to try (text, with
// throughput bars on a terminal), and every metric with ncu's names and units (JSON, the
// "profile" object of judge-run/1; docs/profile.md). Printers only format.
#pragma once

#include <nlohmann/json.hpp>
#include <string>

#include "profile/summary.hpp"
#include "report/bars.hpp"

namespace judge::report {

std::string profile_text(const profile::Profile& p, bool color, BarStyle bars);
nlohmann::ordered_json profile_json(const profile::Profile& p);

}  // namespace judge::report
