#include "util/spell.hpp"

#include <algorithm>

namespace judge::util {

std::size_t edit_distance(std::string_view a, std::string_view b) {
  // One row of the dynamic-programming table: row[j] = distance(a[0..i), b[0..j)).
  std::vector<std::size_t> row(b.size() + 1);
  for (std::size_t j = 0; j <= b.size(); ++j) row[j] = j;
  for (std::size_t i = 1; i <= a.size(); ++i) {
    std::size_t diagonal = row[0];  // distance(a[0..i-1), b[0..j-1))
    row[0] = i;
    for (std::size_t j = 1; j <= b.size(); ++j) {
      std::size_t above = row[j];
      std::size_t substitute = diagonal + (a[i - 1] == b[j - 1] ? 0 : 1);
      row[j] = std::min({substitute, above + 1, row[j - 1] + 1});
      diagonal = above;
    }
  }
  return row[b.size()];
}

std::optional<std::string> closest_match(std::string_view word, const std::vector<std::string>& candidates,
                                         std::size_t max_distance) {
  if (word.empty()) return std::nullopt;
  const std::string* best = nullptr;
  std::size_t best_distance = max_distance + 1;
  const std::string* first_prefixed = nullptr;
  for (const std::string& c : candidates) {
    std::size_t d = edit_distance(word, c);
    if (d < best_distance) {
      best = &c;
      best_distance = d;
    }
    if (!first_prefixed && c.starts_with(word)) first_prefixed = &c;
  }
  if (best) return *best;
  if (first_prefixed) return *first_prefixed;
  return std::nullopt;
}

}  // namespace judge::util
