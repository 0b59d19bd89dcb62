// Rendering a baseline ranking: the lines under a timed test in `judge run`, and the
// output of `judge baseline rank`. Printers only format.
#pragma once

#include <nlohmann/json.hpp>
#include <string>

#include "baseline/rank.hpp"
#include "report/bars.hpp"

namespace judge::report {

// "62.4", "100", "0": one decimal, none when whole.
std::string format_percentile(double p);
// "percentile 62.4 of 9 reference solutions on this GPU, and 23 in your store (...)", the
// neighbours with their notes, the engine note and the ladder; every line starts with `pad`.
// With `bars` (a terminal), each rung of the ladder also gets a bar of its time, on a log scale.
std::string ranking_text(const baseline::Ranking& r, const std::string& pad, bool color,
                         BarStyle bars = BarStyle::none);
nlohmann::ordered_json ranking_json(const baseline::Ranking& r);

}  // namespace judge::report
