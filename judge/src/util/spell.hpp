// "Did you mean ...?" suggestions for misspelled challenge names, spec keys and flags.
#pragma once

#include <cstddef>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace judge::util {

// Levenshtein distance: the fewest single-byte insertions, deletions and substitutions
// turning `a` into `b`.
std::size_t edit_distance(std::string_view a, std::string_view b);

// The candidate nearest to `word` within `max_distance` edits (ties go to the earlier
// candidate). When none is that close, a candidate that starts with `word` is offered
// instead, so an abbreviation like "mat" still finds "matmul". nullopt if neither.
// An empty `word` matches nothing.
std::optional<std::string> closest_match(std::string_view word, const std::vector<std::string>& candidates,
                                         std::size_t max_distance = 3);

}  // namespace judge::util
