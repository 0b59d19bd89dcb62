// Rendering results: text for people, versioned JSON for machines. Printers only format.
#pragma once

#include <nlohmann/json.hpp>
#include <string>

#include "judging/result.hpp"
#include "report/bars.hpp"
#include "util/units.hpp"

namespace judge::report {

inline constexpr const char* kRunFormat = "judge-run/1";

// `bars` (a terminal: bar_style_for(stdout)): the ranking ladder's times and a profile's
// throughput also as bars.
std::string render_text(const judging::RunResult& r, bool color, BarStyle bars = BarStyle::none);
nlohmann::ordered_json render_json(const judging::RunResult& r);

using util::format_duration_ms;

}  // namespace judge::report
