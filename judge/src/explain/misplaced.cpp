#include "explain/misplaced.hpp"

#include <fmt/format.h>

#include <algorithm>
#include <bit>
#include <cmath>
#include <functional>

#include "check/compare.hpp"
#include "explain/relations.hpp"

namespace judge::explain {
namespace {

constexpr std::size_t kNone = static_cast<std::size_t>(-1);
constexpr std::size_t kMinMisplacedEvidence = 3;
constexpr std::size_t kMinTinyEvidence = 2;  // exact matches, on an output with fewer than kFewElements wrong
constexpr std::size_t kFewElements = 8;
constexpr std::size_t kMaxSetElements = std::size_t{1} << 23;  // value lookups sort up to this many

// A candidate mapping from an output index to the source index whose value it holds.
struct Mapping {
  std::string code_suffix;  // evidence "mapping"
  std::string words;        // "shifted by 1 (element i holds element i - 1)"
  std::function<std::size_t(std::size_t)> source;
  std::int64_t param = 0;  // evidence "mapping_param": the shift, or the block size (0: none)
};

std::vector<Mapping> candidates(const Values& out, const Values& src, bool with_identity) {
  std::vector<Mapping> v;
  const std::size_t n = out.count;
  if (src.count != n) return v;
  if (with_identity) v.push_back({"same_position", "at the same position", [](std::size_t i) { return i; }});
  // A matrix's own mappings come first: on a 2 x 2 output a transpose also reads as a mirror.
  if (out.dims.size() == 2 && out.dims[0] > 1 && out.dims[1] > 1) {
    const auto rows = static_cast<std::size_t>(out.dims[0]), cols = static_cast<std::size_t>(out.dims[1]);
    v.push_back({"transposed", "transposed (element [r, c] holds element [c, r])",
                 [rows, cols](std::size_t i) { return (i % cols) * rows + i / cols; }});
    if (rows != cols)
      v.push_back({"column_major", "laid out column-major (element [r, c] is at r + c * rows)",
                   [rows, cols](std::size_t i) { return (i % rows) * cols + i / rows; }});
    for (std::int64_t k : {std::int64_t{1}, std::int64_t{-1}}) {
      v.push_back({"rows_shifted", fmt::format("shifted by {} row{}", k, k == 1 ? "" : "s"),
                   [n, cols, k](std::size_t i) {
                     const auto j = static_cast<std::int64_t>(i) - k * static_cast<std::int64_t>(cols);
                     return j < 0 || j >= static_cast<std::int64_t>(n) ? kNone : static_cast<std::size_t>(j);
                   },
                   k});
    }
  }
  v.push_back({"mirrored", "mirrored (element i holds element N - 1 - i)", [n](std::size_t i) { return n - 1 - i; }});
  for (std::int64_t k = 1; k <= 32; k = k < 4 ? k + 1 : k * 2) {
    for (std::int64_t s : {k, -k}) {
      v.push_back({"shifted", fmt::format("shifted by {} (element i holds element i {} {})", s, s > 0 ? '-' : '+', k),
                   [n, s](std::size_t i) {
                     const auto j = static_cast<std::int64_t>(i) - s;
                     return j < 0 || j >= static_cast<std::int64_t>(n) ? kNone : static_cast<std::size_t>(j);
                   },
                   s});
    }
  }
  for (std::size_t b = 32; b <= 1024 && b < n; b *= 2) {
    v.push_back({"repeats_first_block",
                 fmt::format("element i holds element i % {} (every block of {} repeats the first block: nothing "
                             "carries from one block to the next)",
                             b, b),
                 [b](std::size_t i) { return i % b; }, static_cast<std::int64_t>(b)});
    v.push_back({"reversed_in_blocks", fmt::format("reversed within each block of {}", b),
                 [n, b](std::size_t i) {
                   const std::size_t j = i / b * b + (b - 1 - i % b);
                   return j < n ? j : kNone;
                 },
                 static_cast<std::int64_t>(b)});
  }
  return v;
}

// The mapping that explains the wrong elements: checked on up to 64 of them first, then on all.
// Elements the mapping has no source for (the first k of a shift by k) are no evidence either way,
// but at most one in ten (or one) may be such. With kFewElements wrong elements or more, 90% of the
// rest must hold the source's value within the tolerance, and kMinMisplacedEvidence at least; with fewer (a
// tiny output: a shift of 4 elements, a 2 x 2 transpose), every one must hold it exactly, and at
// least two distinct nonzero values, so that coincidences of rounding or of zeros invent nothing.
const Mapping* best_mapping(const Mismatches& m, const Values& src, const std::vector<Mapping>& maps) {
  const auto sample = wrong_indices(m, 64);
  if (sample.size() < kMinTinyEvidence) return nullptr;
  const bool floating = spec::is_floating(m.got.type);
  const bool few = m.wrong < kFewElements;
  const auto fits = [&](const Mapping& map, const std::vector<std::size_t>& idx) {
    std::size_t hits = 0, sourced = 0;
    std::vector<double> matched;
    for (std::size_t i : idx) {
      const std::size_t j = map.source(i);
      if (j == kNone) continue;
      ++sourced;
      const bool hit = few ? m.got[i] == src[j] : check::agrees(m.got[i], src[j], m.tolerance, floating);
      hits += hit;
      if (hit && few && m.got[i] != 0) matched.push_back(m.got[i]);
    }
    if (idx.size() - sourced > std::max<std::size_t>(1, idx.size() / 10)) return false;
    if (!few) return hits >= kMinMisplacedEvidence && hits * 10 >= sourced * 9;
    std::sort(matched.begin(), matched.end());
    const auto distinct = static_cast<std::size_t>(std::unique(matched.begin(), matched.end()) - matched.begin());
    return hits == sourced && distinct >= kMinTinyEvidence;
  };
  for (const Mapping& map : maps) {
    if (!fits(map, sample)) continue;
    if (sample.size() == m.wrong || fits(map, wrong_indices(m, kMaxRelated))) return &map;
  }
  return nullptr;
}

// Whether most of these values differ from each other (at least half distinct): only then does
// finding a value elsewhere say where it came from.
bool mostly_distinct(const Values& v, const std::vector<std::size_t>& indices) {
  std::vector<std::uint64_t> bits;
  bits.reserve(indices.size());
  for (std::size_t i : indices) bits.push_back(std::bit_cast<std::uint64_t>(v[i] + 0.0));
  std::sort(bits.begin(), bits.end());
  const auto distinct = static_cast<std::size_t>(std::unique(bits.begin(), bits.end()) - bits.begin());
  return distinct * 2 >= indices.size();
}

bool mostly_distinct(const Values& v) {
  std::vector<std::size_t> all(std::min<std::size_t>(v.count, 4096));
  for (std::size_t k = 0; k < all.size(); ++k) all[k] = k * (v.count / all.size());
  return mostly_distinct(v, all);
}

// How many wrong values occur somewhere in `src` (exact values), when both the wrong values and
// the source's values are mostly distinct (else a match says nothing).
std::size_t found_in(const Mismatches& m, const Values& src) {
  if (src.count > kMaxSetElements || !mostly_distinct(src) || !mostly_distinct(m.got, wrong_indices(m, 4096))) return 0;
  std::vector<std::uint64_t> sorted(src.count);  // bit patterns: NaN finds NaN, +0 and -0 are one (+ 0.0)
  for (std::size_t k = 0; k < src.count; ++k) sorted[k] = std::bit_cast<std::uint64_t>(src[k] + 0.0);
  std::sort(sorted.begin(), sorted.end());
  std::size_t hits = 0;
  for (std::size_t i = 0; i < m.cells.size(); ++i)
    if (m.cells[i] == Cell::wrong)
      hits += std::binary_search(sorted.begin(), sorted.end(), std::bit_cast<std::uint64_t>(m.got[i] + 0.0));
  return hits;
}

bool distinct_values(const Mismatches& m) {
  const auto idx = wrong_indices(m, 64);
  for (std::size_t i : idx)
    if (m.got[i] != m.got[idx[0]]) return true;
  return false;
}

}  // namespace

std::optional<Finding> expected_values_misplaced(const Mismatches& m) {
  if (m.wrong < kMinTinyEvidence || !distinct_values(m)) return std::nullopt;
  const auto maps = candidates(m.got, m.want, false);
  if (const Mapping* map = best_mapping(m, m.want, maps)) {
    Finding f{"values_misplaced", "", {}};
    f.evidence["count"] = m.wrong;
    f.evidence["mapping"] = map->code_suffix;
    if (map->param) f.evidence["mapping_param"] = map->param;
    f.sentence = fmt::format(
        "the {} wrong values of {} are right values in the wrong places: the output is {}; check the index "
        "arithmetic of the stores",
        m.wrong, m.buffer, map->words);
    return f;
  }
  if (m.wrong >= kMinMisplacedEvidence && found_in(m, m.want) * 10 >= m.wrong * 9) {
    Finding f{"values_misplaced", "", {}};
    f.evidence["count"] = m.wrong;
    f.sentence = fmt::format(
        "the {} wrong values of {} are right values in the wrong places (each is the expected value of another "
        "element): check the index arithmetic of the stores",
        m.wrong, m.buffer);
    return f;
  }
  return std::nullopt;
}

std::optional<Finding> input_values_misplaced(const Mismatches& m) {
  if (m.wrong < kMinTinyEvidence || !distinct_values(m)) return std::nullopt;
  for (const NamedValues& in : m.inputs) {
    const auto maps = candidates(m.got, in.values, true);
    const Mapping* map = best_mapping(m, in.values, maps);
    if (!map) continue;
    Finding f{map->code_suffix == "same_position" ? "input_copied" : "input_values_misplaced", "", {}};
    f.evidence["count"] = m.wrong;
    f.evidence["input"] = in.name;
    f.evidence["mapping"] = map->code_suffix;
    if (map->param) f.evidence["mapping_param"] = map->param;
    if (map->code_suffix == "same_position") {
      f.sentence = fmt::format(
          "the {} wrong values of {} are the values of {} at the same positions: the operation was not applied "
          "there (a copy, or a branch that skips the computation)",
          m.wrong, m.buffer, in.name);
    } else {
      f.sentence = fmt::format(
          "the {} wrong values of {} are values of {}, {}: a wrong index in the loads, or a race between threads "
          "that read and write data updated in place",
          m.wrong, m.buffer, in.name, map->words);
    }
    return f;
  }
  for (const NamedValues& in : m.inputs) {
    if (m.wrong < kMinMisplacedEvidence || found_in(m, in.values) * 10 < m.wrong * 9) continue;
    Finding f{"input_values_misplaced", "", {}};
    f.evidence["count"] = m.wrong;
    f.evidence["input"] = in.name;
    f.sentence = fmt::format(
        "the {} wrong values of {} are values that {} holds at other positions: a race between threads that read "
        "and write data updated in place (one thread reads an element another has already overwritten), or a "
        "wrong index",
        m.wrong, m.buffer, in.name);
    return f;
  }
  return std::nullopt;
}

bool misplaced_relation_holds(const Finding& f, const Mismatches& m) {
  const std::string mapping = f.evidence.value("mapping", std::string());
  if (mapping.empty()) return true;  // "found elsewhere": nothing to check position by position
  const Values* src = &m.want;
  if (f.code != "values_misplaced") {
    src = nullptr;
    for (const NamedValues& in : m.inputs)
      if (in.name == f.evidence.value("input", std::string())) src = &in.values;
    if (!src) return true;
  }
  const std::int64_t param = f.evidence.value("mapping_param", std::int64_t{0});
  const auto maps = candidates(m.got, *src, true);
  const auto map = std::find_if(maps.begin(), maps.end(),
                                [&](const Mapping& c) { return c.code_suffix == mapping && c.param == param; });
  if (map == maps.end()) return true;  // not a mapping of this output's shape
  const bool floating = spec::is_floating(m.got.type);
  std::size_t checked = 0, held = 0;
  for (std::size_t i : wrong_indices(m, kMaxRelated)) {
    const std::size_t j = map->source(i);
    if (j == kNone) continue;
    ++checked;
    held += check::agrees(m.got[i], (*src)[j], m.tolerance, floating);
  }
  return checked < kFewElements ? held == checked : held * 10 >= checked * 9;
}

}  // namespace judge::explain
