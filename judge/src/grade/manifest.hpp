// Manifests: a CSV or JSON file mapping each submission file to its challenge (and optionally
// the student and the expected verdict). Paths are relative to the manifest's folder.
#pragma once

#include <filesystem>
#include <vector>

#include "grade/discover.hpp"
#include "util/result.hpp"

namespace judge::grade {

// CSV: a header row naming the columns file, challenge (or slug), and optionally student and
// expected; other columns are ignored. Blank lines and lines starting with '#' are skipped.
// Errors read "manifest.csv:4: ...".
Result<std::vector<Submission>> read_csv_manifest(const std::filesystem::path& file,
                                                  const std::vector<std::string>& slugs);

// JSON: an array of {"file", "challenge", "student"?, "expected"?} objects, or an object with
// such an array under "submissions". Errors read "manifest.json: $.submissions[2].file: ...".
Result<std::vector<Submission>> read_json_manifest(const std::filesystem::path& file,
                                                   const std::vector<std::string>& slugs);

// One CSV record split into fields (quotes with "" escapes); nullopt on an unclosed quote.
std::optional<std::vector<std::string>> split_csv_line(const std::string& line);

}  // namespace judge::grade
