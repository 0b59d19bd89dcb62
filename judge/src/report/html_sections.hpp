// The parts of the HTML class report, each rendered from a judge-grade/1 document that passed
// check_grade_report (report/html_report.cpp puts them together). Every text taken from the
// document goes through html_escape; the charts' data goes through script_json.
#pragma once

#include <nlohmann/json.hpp>
#include <string>
#include <vector>

#include "report/html_report.hpp"

namespace judge::report::html {

using Json = nlohmann::json;

// The anchor of the index-th submission of $.submissions, "sub-3": the matrix links to the
// leaderboard's rows with it.
std::string anchor(std::size_t index);

// The entry of $.gpus a submission was judged on, or null (not judged on a GPU: CE, compile-only).
const Json* gpu_of(const Json& submission, const Json& gpus);

// <span class="chip v-WA" title="wrong answer">WA</span>
std::string verdict_chip(const std::string& verdict);

// "wrong answer"; "compiled (--compile-only)" for compiled.
std::string verdict_meaning(const std::string& verdict);

// Counts, the share accepted and a bar of verdicts with their legend.
std::string totals_section(const Json& report);

// Students (rows) by challenges (columns); each cell holds the verdict of every submission of
// that student to that challenge, linked to its leaderboard row.
std::string matrix_section(const Json& report);

// One <figure> with a <canvas> per challenge and GPU model that has a runtime to show.
struct Charts {
  std::string section;  // HTML
  Json data;            // one entry per canvas, for page.js: {canvas, title, points: [{label, ms, kind, note}]}
};
Charts charts_section(const Json& report, const ShippedBaselines& baselines);

// The sortable table: one <tbody> per submission, its row and a <details> with its tests,
// diagnoses and compile log.
std::string leaderboard_section(const Json& report);

}  // namespace judge::report::html
