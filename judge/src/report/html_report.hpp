// The HTML class report (`judge grade --html`, `judge report html`): one self-contained page from
// a judge-grade/1 document, opening from disk with no network. Totals, a matrix of students by
// challenges coloured by verdict, per challenge a Chart.js chart of the class's runtimes against
// the shipped solutions' baselines, and a sortable leaderboard with each submission's tests,
// diagnosis and compile log folded under its row. docs/grading.md shows it.
#pragma once

#include <map>
#include <nlohmann/json.hpp>
#include <string>
#include <utility>
#include <vector>

#include "util/result.hpp"

namespace judge::report {

// A shipped reference solution's baseline time on one GPU model (a rung of the challenge's ladder).
struct ShippedTime {
  std::string label;  // "shared-tiled"
  std::string note;   // what it does, one line
  double median_ms = 0;
};

// The shipped baselines the charts compare against, per (GPU key, challenge slug), with lines
// saying where they came from or why some are missing (report/html_baselines).
struct ShippedBaselines {
  std::map<std::pair<std::string, std::string>, std::vector<ShippedTime>> times;
  std::vector<std::string> notes;
};

// Whether this judge was built with Chart.js embedded; without it, html_unavailable() says in one
// line what to install.
bool html_available();
std::string html_unavailable();

// The page. Expects a document that passed check_grade_report; every text from it is escaped.
// Fails only when html_available() is false.
Result<std::string> render_html(const nlohmann::json& grade_report, const ShippedBaselines& baselines);

}  // namespace judge::report
