// solutions/<slug>/ against its expected.json: the ladder rules (baseline::check_manifest: at
// least 8 rungs with labels and notes), at least two wrong solutions with their verdicts, every
// listed file present, every .cu of the folder and of wrong/ listed, and best.cu an accepted rung.
#pragma once

#include <filesystem>

#include "baseline/ladder.hpp"
#include "content/problem.hpp"

namespace judge::content {

inline constexpr std::size_t kMinWrong = 2;

// `ladder` as baseline::load_ladder read it (empty when expected.json is missing).
Problems check_solutions(const std::filesystem::path& root, const baseline::Ladder& ladder);

}  // namespace judge::content
