#include "explain/unwritten.hpp"

#include <fmt/format.h>
#include <fmt/ranges.h>

namespace judge::explain {
namespace {

// The largest power of two m (2..cap) with `start` a multiple of m and `rest` shorter than m: the
// vector width (cap 16) or block or tile size (cap 1024) that rounded the work down; 0 if none.
std::size_t rounding_unit(std::size_t start, std::size_t rest, std::size_t cap = 1024) {
  std::size_t found = 0;
  for (std::size_t m = 2; m <= cap; m *= 2)
    if (start % m == 0 && rest < m) found = m;
  return found;
}

std::string plural(std::size_t n, const char* word) {
  return fmt::format("{} {}{}", n, word, n == 1 ? "" : "s");
}

Finding tail(const Mismatches& m, std::size_t start) {
  const std::size_t n = m.cells.size(), rest = n - start;
  // A short rest reads as a vector width (at most 16), a longer one as a block size.
  const std::size_t unit = rounding_unit(start, rest, rest < 16 ? 16 : 1024);
  Finding f{"unwritten_tail", "", {}};
  f.evidence["first_unwritten"] = start;
  f.evidence["count"] = rest;
  std::string why;
  if (unit && rest < 16) {
    f.evidence["multiple_of"] = unit;
    why = fmt::format(
        ": {} is a multiple of {} (N = {} is not), the mark of a loop that handles several elements at a time (a "
        "vectorized load) without a scalar loop for the remainder{}",
        start, unit, n, start % 32 == 0 ? ", or of a grid rounded down to whole blocks" : "");
  } else if (unit) {
    f.evidence["multiple_of"] = unit;
    why = fmt::format(
        ": {} is a multiple of {}, the mark of a grid rounded down (N / block size blocks instead of "
        "(N + block size - 1) / block size)",
        start, unit);
  } else {
    why = ": the loop or the grid stops early";
  }
  f.sentence = fmt::format("the last {} of {} (from index {}) {} never written{}", plural(rest, "element"), m.buffer,
                           start, rest == 1 ? "was" : "were", why);
  return f;
}

// 2-D: the never-written cells are exactly the rows from r0 and/or the columns from c0.
std::optional<Finding> edges(const Mismatches& m) {
  if (m.got.dims.size() != 2) return std::nullopt;
  const auto rows = static_cast<std::size_t>(m.got.dims[0]), cols = static_cast<std::size_t>(m.got.dims[1]);
  if (rows * cols < 2) return std::nullopt;
  std::size_t r0 = rows, c0 = cols;  // the first fully unwritten row, and column
  for (std::size_t r = rows; r-- > 0;) {
    bool all = true;
    for (std::size_t c = 0; c < cols && all; ++c) all = m.cells[r * cols + c] == Cell::unwritten;
    if (!all) break;
    r0 = r;
  }
  for (std::size_t c = cols; c-- > 0;) {
    bool all = true;
    for (std::size_t r = 0; r < rows && all; ++r) all = m.cells[r * cols + c] == Cell::unwritten;
    if (!all) break;
    c0 = c;
  }
  if (r0 == rows && c0 == cols) return std::nullopt;
  // Exactly those: everything else right.
  for (std::size_t r = 0; r < r0; ++r)
    for (std::size_t c = 0; c < c0; ++c)
      if (m.cells[r * cols + c] != Cell::right) return std::nullopt;
  Finding f{"unwritten_edge", "", {}};
  std::vector<std::string> parts;
  std::size_t unit_r = 0, unit_c = 0;
  if (r0 < rows) {
    unit_r = rounding_unit(r0, rows - r0);
    f.evidence["first_unwritten_row"] = r0;
    parts.push_back(r0 + 1 == rows ? fmt::format("row {}", r0) : fmt::format("rows {} to {}", r0, rows - 1));
  }
  if (c0 < cols) {
    unit_c = rounding_unit(c0, cols - c0);
    f.evidence["first_unwritten_column"] = c0;
    parts.push_back(c0 + 1 == cols ? fmt::format("column {}", c0) : fmt::format("columns {} to {}", c0, cols - 1));
  }
  const std::string where = parts.size() == 2 ? parts[0] + " and " + parts[1] : parts[0];
  std::string why = ": the grid does not cover the last rows or columns";
  if ((r0 == rows || unit_r) && (c0 == cols || unit_c)) {
    std::vector<std::string> at;
    if (unit_r) at.push_back(fmt::format("{} is a multiple of {}", r0, unit_r));
    if (unit_c) at.push_back(fmt::format("{} is a multiple of {}", c0, unit_c));
    why = fmt::format(
        ": {}, the mark of a grid rounded down to whole tiles (use (size + tile - 1) / tile blocks and "
        "guard the edges)",
        at.size() == 2 ? at[0] + " and " + at[1] : at[0]);
  }
  const bool one = parts.size() == 1 && (r0 + 1 == rows || c0 + 1 == cols);
  f.sentence =
      fmt::format("{} of {} ({} x {}) {} never written{}", where, m.buffer, rows, cols, one ? "was" : "were", why);
  return f;
}

// Every run of never-written elements has the same length L and starts at a multiple of L.
std::optional<Finding> whole_blocks(const Mismatches& m) {
  const Runs r = runs_of(m.cells, Cell::unwritten, 3);
  if (r.total == 0) return std::nullopt;
  const std::size_t len = r.first[0].second - r.first[0].first;
  if (len < 2 || m.unwritten != r.total * len) return std::nullopt;  // all runs as long as the first
  // One run alone is a block only when it looks like one: 32..1024 elements, a power of two.
  if (r.total == 1 && (len < 32 || len > 1024 || (len & (len - 1)) != 0)) return std::nullopt;
  for (std::size_t i = 0; i < m.cells.size(); i += len) {
    // Each aligned block of L is all unwritten or has no unwritten element at all.
    const std::size_t end = std::min(m.cells.size(), i + len);
    std::size_t u = 0;
    for (std::size_t k = i; k < end; ++k) u += m.cells[k] == Cell::unwritten;
    if (u != 0 && u != len) return std::nullopt;
  }
  Finding f{"unwritten_blocks", "", {}};
  f.evidence["block"] = len;
  f.evidence["blocks"] = r.total;
  f.evidence["ranges"] = runs_json(r);
  f.sentence = fmt::format(
      "{} whole block{} of {} elements of {} {} never written ({}): some blocks did no work (an early return, or "
      "a block index that skips them)",
      r.total, r.total == 1 ? "" : "s", len, m.buffer, r.total == 1 ? "was" : "were", describe_runs(r));
  return f;
}

// Whether an element is unwritten depends only on its index modulo p (2 <= p <= 64).
std::optional<Finding> strided(const Mismatches& m) {
  const std::size_t n = m.cells.size();
  for (std::size_t p = 2; p <= 64 && 2 * p <= n; ++p) {
    bool periodic = true;
    for (std::size_t i = p; i < n && periodic; ++i)
      periodic = (m.cells[i] == Cell::unwritten) == (m.cells[i % p] == Cell::unwritten);
    if (!periodic) continue;
    std::vector<std::size_t> lanes;
    for (std::size_t k = 0; k < p; ++k)
      if (m.cells[k] == Cell::unwritten) lanes.push_back(k);
    if (lanes.empty() || lanes.size() == p) continue;
    Finding f{"unwritten_strided", "", {}};
    f.evidence["period"] = p;
    f.evidence["lanes"] = lanes;
    f.sentence = fmt::format(
        "the elements of {} at index i with i % {} in {{{}}} were never written ({} of {}): each thread writes only "
        "some of the {} consecutive elements it owns",
        m.buffer, p, fmt::join(lanes, ", "), m.unwritten, n, p);
    return f;
  }
  return std::nullopt;
}

}  // namespace

Finding explain_unwritten(const Mismatches& m) {
  const std::size_t n = m.cells.size();
  if (m.unwritten == n) {
    return {"nothing_written",
            fmt::format("no element of {} was written: nothing was launched (a grid of 0 blocks, solve returned "
                        "early) or the results went somewhere else (another pointer, a copy the wrong way)",
                        m.buffer),
            {{"count", n}}};
  }
  if (auto f = edges(m)) return *f;
  const Runs r = runs_of(m.cells, Cell::unwritten, 5);
  if (r.total == 1 && r.first[0].second == n) return tail(m, r.first[0].first);
  if (r.total == 1 && r.first[0].first == 0) {
    return {"unwritten_head",
            fmt::format("the first {} of {} {} never written: the indexing starts late (an offset added to the "
                        "index, or a loop that starts at 1)",
                        plural(r.first[0].second, "element"), m.buffer, r.first[0].second == 1 ? "was" : "were"),
            {{"count", r.first[0].second}}};
  }
  if (auto f = whole_blocks(m)) return *f;
  if (auto f = strided(m)) return *f;
  Finding f{"never_written", "", {}};
  f.evidence["count"] = m.unwritten;
  f.evidence["ranges"] = runs_json(r);
  f.sentence = fmt::format("{} of {} elements of {} were never written, in {}: {}", m.unwritten, n, m.buffer,
                           plural(r.total, "range"), describe_runs(r));
  return f;
}

}  // namespace judge::explain
