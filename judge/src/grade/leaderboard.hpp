// The class leaderboard: `judge grade --store DIR` adds every accepted submission's performance
// median to a baseline store (label: the student, else the id) and ranks each one among its
// classmates and the shipped baselines. `judge baseline list <slug> --store DIR` shows the ranking.
#pragma once

#include <filesystem>
#include <string>
#include <vector>

#include "grade/gpus.hpp"
#include "grade/pipeline.hpp"
#include "spec/catalog.hpp"
#include "util/result.hpp"

namespace judge::grade {

std::string baseline_label(const Submission& s);

// Stores the accepted rows (with the case they timed), then sets each stored row's percentile to
// its rank among the current shipped baselines of the catalog's data root and the store's other
// entries of the same case (baseline/freshness). `date` is the UTC time stamp recorded with each entry.
Status update_class_store(std::vector<Graded>& rows, const std::vector<Gpu>& gpus, const spec::Catalog& catalog,
                          const std::filesystem::path& class_store, const std::string& date);

}  // namespace judge::grade
