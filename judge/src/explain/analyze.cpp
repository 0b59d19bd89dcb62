#include "explain/analyze.hpp"

#include <fmt/format.h>

#include <fmt/ranges.h>

#include <algorithm>
#include <cmath>
#include <string_view>

#include "check/compare.hpp"

#include "explain/misplaced.hpp"
#include "explain/reduction.hpp"
#include "explain/relations.hpp"
#include "explain/unwritten.hpp"

namespace judge::explain {
namespace {

// The wrong elements sit at the same positions of every stretch of p columns (p = 8..256): 97% of
// the elements follow one per-position pattern. The mark of tile edges computed wrongly.
std::optional<Finding> tile_positions(const Mismatches& m) {
  if (m.wrong < 8) return std::nullopt;
  const std::size_t n = m.cells.size();
  const bool two_d = m.got.dims.size() == 2 && m.got.dims[0] > 1;
  const std::size_t cols = two_d ? static_cast<std::size_t>(m.got.dims[1]) : n;
  for (std::size_t p = 8; p <= 256 && 2 * p <= cols; p *= 2) {
    std::vector<std::size_t> bad(p, 0), total(p, 0);
    for (std::size_t i = 0; i < n; ++i) {
      const std::size_t lane = (i % cols) % p;
      ++total[lane];
      bad[lane] += m.cells[i] != Cell::right;
    }
    std::vector<std::size_t> lanes;
    std::size_t agree = 0;
    for (std::size_t k = 0; k < p; ++k) {
      const bool is_bad = 2 * bad[k] >= total[k];
      if (is_bad) lanes.push_back(k);
      agree += is_bad ? bad[k] : total[k] - bad[k];
    }
    if (lanes.empty() || lanes.size() == p || agree * 100 < n * 97) continue;
    Finding f{"wrong_at_tile_positions", "", {}};
    f.evidence["period"] = p;
    f.evidence["positions"] = lanes;
    const bool run = lanes.back() - lanes.front() + 1 == lanes.size();
    const std::string where = run ? (lanes.size() == 1 ? fmt::format("position {}", lanes[0])
                                                       : fmt::format("positions {} to {}", lanes.front(), lanes.back()))
                                  : fmt::format("positions {{{}}}", fmt::join(lanes, ", "));
    f.sentence = fmt::format(
        "the wrong elements of {} sit at the same places in every {} consecutive {}s ({} of each {}): the edges "
        "of each tile of {} (a halo that is not loaded, or a tile size that does not match the indexing)",
        m.buffer, p, two_d ? "column" : "element", where, p, p);
    return f;
  }
  return std::nullopt;
}

// Outputs up to this size keep their values in the evidence of a diagnosis that a later test may
// explain better (judging/clearer_test), which checks that test's relation against them.
constexpr std::size_t kRecordedOutput = 64;

bool may_be_explained_later(const Finding& f) {
  static constexpr std::string_view kRelations[] = {
      "left_unchanged",         "wrote_zeros", "one_value",       "values_misplaced", "input_copied",
      "input_values_misplaced", "wrong_sign",  "constant_factor", "constant_offset",  "precision"};
  if (f.code == "wrong_values") return !f.evidence.contains("terms");
  return std::find(std::begin(kRelations), std::end(kRelations), f.code) != std::end(kRelations);
}

// evidence "output": {"buffer", "dims", "got", "want", "unwritten" (only when some are)}; NaN and
// Inf are JSON nulls.
void record_output(Finding& f, const Mismatches& m) {
  auto got = nlohmann::ordered_json::array(), want = nlohmann::ordered_json::array();
  std::vector<bool> unwritten(m.cells.size(), false);
  for (std::size_t i = 0; i < m.cells.size(); ++i) {
    unwritten[i] = m.cells[i] == Cell::unwritten;
    const double g = m.got[i], w = m.want[i];
    got.push_back(std::isfinite(g) && !unwritten[i] ? nlohmann::ordered_json(g) : nlohmann::ordered_json());
    want.push_back(std::isfinite(w) ? nlohmann::ordered_json(w) : nlohmann::ordered_json());
  }
  nlohmann::ordered_json o = {{"buffer", m.buffer}, {"dims", m.got.dims}, {"got", got}, {"want", want}};
  if (m.unwritten) o["unwritten"] = unwritten;
  f.evidence["output"] = std::move(o);
}

}  // namespace

Finding analyze(const Mismatches& m) {
  if (m.wrong == 0 && m.unwritten > 0) return explain_unwritten(m);
  using Pattern = std::optional<Finding> (*)(const Mismatches&);
  static constexpr Pattern kPatterns[] = {non_finite,
                                          left_unchanged,
                                          one_value,
                                          expected_values_misplaced,
                                          input_values_misplaced,
                                          constant_factor_or_offset,
                                          scalar_reduction,
                                          precision,
                                          tile_positions};
  std::optional<Finding> found;
  for (Pattern p : kPatterns)
    if ((found = p(m))) break;
  if (!found && m.wrong <= 3 && m.unwritten == 0) {  // a scalar or a few elements: say them
    std::vector<std::string> each;
    for (std::size_t i = 0; i < m.cells.size(); ++i) {
      if (m.cells[i] != Cell::wrong) continue;
      const double g = m.got[i], w = m.want[i];
      std::string off;
      if (std::isfinite(g) && std::isfinite(w) && w != 0)
        off = fmt::format(" ({:.3g}% too {})", std::fabs(g - w) / std::fabs(w) * 100, g > w ? "high" : "low");
      each.push_back(fmt::format("{}{} is {} where {} was expected{}", m.buffer,
                                 m.cells.size() == 1 ? "" : fmt::format("[{}]", i), check::format_value(g, m.got.type),
                                 check::format_value(w, m.want.type), off));
    }
    found = Finding{"wrong_values", fmt::format("{}", fmt::join(each, "; ")), {{"count", m.wrong}}};
  }
  if (!found) {
    const Runs r = runs_of(m.cells, Cell::wrong, 5);
    found = Finding{"wrong_values",
                    fmt::format("{} of {} elements of {} differ from the expected values, in {} range{}: {}", m.wrong,
                                m.cells.size(), m.buffer, r.total, r.total == 1 ? "" : "s", describe_runs(r)),
                    {{"count", m.wrong}, {"ranges", runs_json(r)}}};
  }
  if (m.unwritten > 0) {
    found->sentence +=
        fmt::format("; besides, {} element{} never written", m.unwritten, m.unwritten == 1 ? " was" : "s were");
    found->evidence["unwritten"] = m.unwritten;
  }
  if (m.cells.size() <= kRecordedOutput && may_be_explained_later(*found)) record_output(*found, m);
  return *found;
}

std::vector<std::string> where_map(const Mismatches& m, std::size_t max_rows, std::size_t max_cols) {
  const std::size_t n = m.cells.size();
  std::size_t rows = 1, cols = n;  // the output's own shape, or a vector folded into lines
  if (m.got.dims.size() == 2 && m.got.dims[0] > 1) {
    rows = static_cast<std::size_t>(m.got.dims[0]);
    cols = static_cast<std::size_t>(m.got.dims[1]);
  } else if (n > max_cols) {
    cols = max_cols * std::max<std::size_t>(1, (n + max_cols * max_rows - 1) / (max_cols * max_rows));
    rows = (n + cols - 1) / cols;
  }
  if (n < 16) return {};  // the listed mismatches already say it all
  const std::size_t map_rows = std::min(rows, max_rows), map_cols = std::min(cols, max_cols);
  const std::size_t row_step = (rows + map_rows - 1) / map_rows, col_step = (cols + map_cols - 1) / map_cols;
  std::vector<std::string> lines;
  for (std::size_t mr = 0; mr * row_step < rows; ++mr) {
    std::string line;
    for (std::size_t mc = 0; mc * col_step < cols; ++mc) {
      if (mr * row_step * cols + mc * col_step >= n) break;  // past the end of a folded vector
      bool wrong = false, unwritten = false;
      for (std::size_t r = mr * row_step; r < std::min(rows, (mr + 1) * row_step); ++r) {
        for (std::size_t c = mc * col_step; c < std::min(cols, (mc + 1) * col_step); ++c) {
          const std::size_t i = r * cols + c;
          if (i >= n) break;
          wrong = wrong || m.cells[i] == Cell::wrong;
          unwritten = unwritten || m.cells[i] == Cell::unwritten;
        }
      }
      line += wrong ? 'x' : unwritten ? '_' : '.';
    }
    lines.push_back(std::move(line));
  }
  const std::string unit = m.got.dims.size() == 2 && m.got.dims[0] > 1
                               ? fmt::format("{} x {} elements", row_step, col_step)
                               : fmt::format("{} element{}", col_step, col_step == 1 ? "" : "s");
  lines.push_back(fmt::format("(each cell {}: . right, x wrong, _ never written)", unit));
  return lines;
}

}  // namespace judge::explain
