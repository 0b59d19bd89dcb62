// The marker `judge new` writes wherever the author has something to fill in. Every place still
// holding it is a problem for `judge validate`, so no scaffolded placeholder passes.
#pragma once

#include <filesystem>
#include <string_view>
#include <vector>

#include "content/problem.hpp"

namespace judge::content {

inline constexpr std::string_view kTodoMarker = "TODO(judge new)";

// One problem per line holding the marker, in the challenge's files: challenges/<slug>/,
// testcases/<slug>.json and solutions/<slug>/ (expected.json and every .cu).
Problems check_markers(const std::filesystem::path& root, const std::string& slug);

}  // namespace judge::content
