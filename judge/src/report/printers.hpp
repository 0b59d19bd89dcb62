// Rendering results: text for people, versioned JSON for machines. Printers only format.
#pragma once

#include <nlohmann/json.hpp>
#include <string>

#include "judging/result.hpp"

namespace judge::report {

inline constexpr const char* kRunFormat = "judge-run/1";

std::string render_text(const judging::RunResult& r, bool color);
nlohmann::ordered_json render_json(const judging::RunResult& r);

// "1.234 ms", "56.7 us", "2.10 s"
std::string format_duration_ms(double ms);

}  // namespace judge::report
