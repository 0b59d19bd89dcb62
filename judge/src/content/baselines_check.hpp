// The shipped baselines of a challenge: for every GPU model with a folder in baselines/, a file
// with a baseline for every rung, neighbours at least 3% apart (baseline::check_store, the
// checks `judge baseline check` runs).
#pragma once

#include <filesystem>

#include "baseline/ladder.hpp"
#include "content/problem.hpp"

namespace judge::content {

Problems check_baselines(const std::filesystem::path& root, const baseline::Ladder& ladder);

}  // namespace judge::content
