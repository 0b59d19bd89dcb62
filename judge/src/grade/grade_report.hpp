// What `judge grade` prints and writes: the judge-grade/1 document (docs/grading.md), the summary
// table for stdout and the progress line for stderr. These only format Graded rows.
#pragma once

#include <filesystem>
#include <nlohmann/json.hpp>
#include <optional>
#include <string>
#include <vector>

#include "grade/gpus.hpp"
#include "grade/pipeline.hpp"
#include "grade/shard.hpp"

namespace judge::grade {

struct BatchInfo {
  std::filesystem::path root;  // the folder or manifest graded
  std::optional<Shard> shard;
  bool compile_only = false;
  std::string tests = "all";
  std::vector<Gpu> gpus;
  double wall_seconds = 0;
  std::string created;  // UTC, ISO 8601
};

nlohmann::ordered_json render_grade_json(const BatchInfo& batch, const std::vector<Graded>& rows);

// One line for a person: the verdict's reason, or for an accepted row how many tests passed.
std::string row_summary(const Graded& g);

// submission, challenge, verdict, time, percentile; sorted by id; then the totals line.
std::string render_table(const std::vector<Graded>& rows);

// "[12/120] alice/vector-addition/solution.cu AC 108.2 us"
std::string progress_line(const Graded& g, std::size_t done, std::size_t total);

}  // namespace judge::grade
