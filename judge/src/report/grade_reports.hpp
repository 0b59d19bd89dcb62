// Renderings and combination of grade reports (judge-grade/1, docs/grading.md): JUnit XML for CI
// test reporters, GitHub workflow annotations plus a Markdown step summary, and merging the JSON
// reports of several shards into one. These functions only read and format documents; grading
// itself lives in judge/src/grade.
#pragma once

#include <nlohmann/json.hpp>
#include <string>
#include <vector>

#include "util/result.hpp"

namespace judge::report {

inline constexpr const char* kGradeFormat = "judge-grade/1";

// JUnit XML: one <testsuite> per challenge, one <testcase> per submission. Expects a document
// that passed check_grade_report.
std::string render_junit(const nlohmann::json& grade_report);

struct GithubOutput {
  std::string annotations;            // workflow commands, one per line, for stdout
  std::string step_summary_markdown;  // to append to $GITHUB_STEP_SUMMARY
};
GithubOutput render_github(const nlohmann::json& grade_report);

// Combines shard reports into one. `names` (same length as `reports`) name the files in errors
// and in the merged document's "shards" list.
Result<nlohmann::json> merge_grade_reports(const std::vector<nlohmann::json>& reports,
                                           const std::vector<std::string>& names);

// Checks the document's shape; errors read "<file_name>: $.path: message".
Status check_grade_report(const nlohmann::json& report, const std::string& file_name);

}  // namespace judge::report
