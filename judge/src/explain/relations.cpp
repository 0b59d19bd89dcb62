#include "explain/relations.hpp"

#include <fmt/format.h>
#include <fmt/ranges.h>

#include <algorithm>
#include <cmath>
#include <limits>

#include "check/compare.hpp"

namespace judge::explain {
namespace {

constexpr std::size_t kMinRelationEvidence = 3;  // a relation needs this many wrong elements to be believed
constexpr double kExpOverflow = 88.72;           // expf overflows float above this

std::string value(double v, spec::DType t) {
  return check::format_value(v, t);
}

constexpr double kSquareOverflow = 1.8446744073709552e19;  // sqrt(FLT_MAX): x * x overflows above it

// Where the reference has no exp, an input beyond exp's range that meets an Inf (or a NaN, when the
// input is large enough that a sum or product of it overflows) points at an intermediate.
std::string overflow_hint(const std::string& where, double x, spec::DType type, bool got_inf) {
  if (std::fabs(x) >= kSquareOverflow)
    return fmt::format(
        "; {} is {}: an intermediate overflowed float (|x| above 3.4e38): a sum or product of a value this large "
        "(x + |x|, 2 * x, x * x) leaves float's range where the result itself does not; compute without it "
        "(compare and select, as fmaxf(x, 0) does, or scale down first)",
        where, value(x, type));
  if (!got_inf) return "";
  return fmt::format(
      "; {} is {}: an intermediate overflowed float (|x| above 3.4e38): look for a product or a power of it that "
      "leaves float's range before the result is formed",
      where, value(x, type));
}

// What an input holds at the output's index, when that says why a NaN or Inf appeared there.
// `exp` is named only where the challenge's reference calls it (Mismatches::reference_uses_exp);
// elsewhere the same inputs say that an intermediate overflowed.
std::string input_hint(const Mismatches& m, std::size_t i) {
  const bool exp = m.reference_uses_exp;
  const bool got_inf = std::isinf(m.got[i]);
  for (const NamedValues& in : m.inputs) {
    if (in.values.count != m.got.count) continue;
    const double x = in.values[i];
    if (!std::isfinite(x)) return fmt::format("; {}[{}] is {} itself", in.name, i, value(x, in.values.type));
    if (x == 0) return fmt::format("; {}[{}] is 0 there: a division by zero?", in.name, i);
    if (std::fabs(x) <= kExpOverflow) continue;
    if (!exp) return overflow_hint(fmt::format("{}[{}]", in.name, i), x, in.values.type, got_inf);
    if (x > kExpOverflow)
      return fmt::format(
          "; {}[{}] is {}, and exp overflows float above 88.7: subtract the maximum before exp (softmax-style "
          "stability)",
          in.name, i, value(x, in.values.type));
    return fmt::format(
        "; {}[{}] is {}, where exp underflows to 0, and 0 / 0 is NaN: subtract the maximum of the values that are "
        "normalised together (each row's own), not a smaller or a global one",
        in.name, i, value(x, in.values.type));
  }
  // Inputs of another shape (a row, a whole matrix): extreme values anywhere.
  for (const NamedValues& in : m.inputs) {
    if (in.values.count == m.got.count || in.values.count > (std::size_t{1} << 26)) continue;
    double largest = 0;
    for (std::size_t k = 0; k < in.values.count; ++k) largest = std::max(largest, std::fabs(in.values[k]));
    if (largest <= kExpOverflow) continue;
    if (!exp) {
      if (largest < kSquareOverflow || !got_inf) continue;
      return overflow_hint(fmt::format("the largest value of {}", in.name), largest, in.values.type, got_inf);
    }
    return fmt::format(
        "; {} holds values up to {}, and exp overflows float above 88.7: subtract the maximum before exp", in.name,
        largest);
  }
  return "";
}

// The gap between `w` and the next value of type `t` (0 for integers, whose offsets are exact).
double spacing(double w, spec::DType t) {
  if (!spec::is_floating(t)) return 0;
  const int mantissa = t == spec::DType::float16 ? 10 : t == spec::DType::float32 ? 23 : 52;
  const int floor_exp = t == spec::DType::float16 ? -14 : t == spec::DType::float32 ? -126 : -1022;
  const int e = w == 0 ? floor_exp : std::max(floor_exp, std::ilogb(w));
  return std::ldexp(1.0, e - mantissa);
}

// How a simple factor reads: "half", "twice", "-2 times".
std::string factor_words(double f) {
  if (f == 0.5) return "half";
  if (f == 2) return "twice";
  if (f == 0.25) return "a quarter of";
  return fmt::format("{:g} times", f);
}

// One or two wrong elements are too few for a factor measured approximately, but not for a simple
// one that holds exactly (got == want * f, with f a power of two or -1, so the product is exact):
// a value halved, counted twice, or with its sign lost.
std::optional<Finding> exact_simple_factor(const Mismatches& m, const std::vector<std::size_t>& idx) {
  static constexpr double kSimple[] = {-1, 0.5, 2, 0.25, 4, -0.5, -2};
  if (idx.empty()) return std::nullopt;
  for (double f : kSimple) {
    const bool all = std::all_of(idx.begin(), idx.end(), [&](std::size_t i) {
      const double w = m.want[i];
      return std::isfinite(w) && w != 0 && m.got[i] == w * f;
    });
    if (!all) continue;
    std::vector<std::string> each;
    for (std::size_t i : idx)
      each.push_back(fmt::format("{}{} is {} where {} was expected", m.buffer,
                                 m.cells.size() == 1 ? "" : fmt::format("[{}]", i), value(m.got[i], m.got.type),
                                 value(m.want[i], m.want.type)));
    const bool sign = f == -1;
    Finding found{sign ? "wrong_sign" : "constant_factor", "", {}};
    found.evidence["count"] = m.wrong;
    found.evidence["factor"] = f;
    found.evidence["exact"] = true;
    const std::string words =
        sign ? "the expected value with the opposite sign" : factor_words(f) + " the expected value";
    found.sentence =
        fmt::format("{}: {} {}, {}", fmt::join(each, " and "), idx.size() == 1 ? "exactly" : "each exactly", words,
                    sign ? "a subtraction the wrong way round, or a sign lost"
                         : "a missing or extra scale factor, or work counted a wrong number of times");
    return found;
  }
  return std::nullopt;
}

}  // namespace

std::vector<std::size_t> wrong_indices(const Mismatches& m, std::size_t limit) {
  std::vector<std::size_t> v;
  for (std::size_t i = 0; i < m.cells.size() && v.size() < limit; ++i)
    if (m.cells[i] == Cell::wrong) v.push_back(i);
  return v;
}

std::optional<Finding> non_finite(const Mismatches& m) {
  std::size_t count = 0, first = 0;
  for (std::size_t i = 0; i < m.cells.size(); ++i) {
    if (m.cells[i] != Cell::wrong || std::isfinite(m.got[i]) || !std::isfinite(m.want[i])) continue;
    if (count++ == 0) first = i;
  }
  if (!count) return std::nullopt;
  Finding f{"nan_or_inf", "", {}};
  f.evidence["count"] = count;
  f.evidence["first_index"] = first;
  f.sentence = fmt::format("{}[{}] is {} where {} was expected ({} of the {} wrong values are NaN or Inf){}", m.buffer,
                           first, value(m.got[first], m.got.type), value(m.want[first], m.want.type), count, m.wrong,
                           input_hint(m, first));
  return f;
}

std::optional<Finding> left_unchanged(const Mismatches& m) {
  const Values* initial = m.initial();
  if (!initial || m.wrong == 0) return std::nullopt;
  for (std::size_t i = 0; i < m.cells.size(); ++i)
    if (m.cells[i] == Cell::wrong && m.got[i] != (*initial)[i]) return std::nullopt;
  const Runs r = runs_of(m.cells, Cell::wrong, 4);
  Finding f{"left_unchanged", "", {}};
  f.evidence["count"] = m.wrong;
  f.evidence["ranges"] = runs_json(r);
  f.sentence = fmt::format(
      "the {} wrong elements of {} still hold their values from before solve ({}): they were never updated (a grid "
      "or loop that misses them, or a write that lands elsewhere)",
      m.wrong, m.buffer, describe_runs(r));
  return f;
}

std::optional<Finding> one_value(const Mismatches& m) {
  const auto idx = wrong_indices(m, kMaxRelated);
  if (idx.size() < kMinRelationEvidence) return std::nullopt;
  const double v = m.got[idx[0]];
  for (std::size_t i : idx)
    if (!(m.got[i] == v)) return std::nullopt;
  Finding f{v == 0 ? "wrote_zeros" : "one_value", "", {}};
  f.evidence["count"] = m.wrong;
  f.evidence["value"] = v;
  f.sentence = v == 0 ? fmt::format(
                            "all {} wrong elements of {} are 0: they were cleared or written, but never "
                            "given their computed value",
                            m.wrong, m.buffer)
                      : fmt::format(
                            "all {} wrong elements of {} hold the same value, {}: one value written "
                            "everywhere (a scalar or the wrong index)",
                            m.wrong, m.buffer, value(v, m.got.type));
  return f;
}

std::optional<Finding> constant_factor_or_offset(const Mismatches& m) {
  const auto idx = wrong_indices(m, kMaxRelated);
  if (idx.size() < kMinRelationEvidence) return exact_simple_factor(m, idx);
  const double scale = typical_magnitude(m.want);
  // A factor: got / want is the same for every wrong element with want != 0.
  std::optional<double> factor;
  bool factor_fits = true;
  std::size_t with_want = 0;
  for (std::size_t i : idx) {
    const double g = m.got[i], w = m.want[i];
    if (!std::isfinite(g) || !std::isfinite(w)) return std::nullopt;
    if (w == 0) {
      factor_fits = factor_fits && std::fabs(g) <= 1e-6 * std::max(scale, 1e-30);
      continue;
    }
    ++with_want;
    const double r = g / w;
    if (!factor) factor = r;
    factor_fits = factor_fits && std::fabs(r - *factor) <= 1e-3 * std::max(1.0, std::fabs(*factor));
  }
  if (factor && factor_fits && with_want >= kMinRelationEvidence && std::fabs(*factor - 1) > 1e-2) {
    const bool sign = std::fabs(*factor + 1) <= 1e-3;
    Finding f{sign ? "wrong_sign" : "constant_factor", "", {}};
    f.evidence["count"] = m.wrong;
    f.evidence["factor"] = *factor;
    f.sentence = sign ? fmt::format(
                            "every wrong value of {} is the expected value with the opposite sign ({} "
                            "elements): a subtraction the wrong way round, or a sign lost",
                            m.buffer, m.wrong)
                      : fmt::format(
                            "every wrong value of {} is {:.4g} times the expected value ({} elements): a "
                            "missing or extra scale factor, or work counted {} times",
                            m.buffer, *factor, m.wrong, *factor >= 1.5 ? "several" : "a wrong number of");
    return f;
  }
  // An offset: got - want is the same for every wrong element.
  const double d0 = m.got[idx[0]] - m.want[idx[0]];
  bool exact = true;  // the same difference to the type's spacing: no rounding spreads that evenly
  for (std::size_t i : idx) {
    const double d = m.got[i] - m.want[i];
    if (std::fabs(d - d0) > 1e-4 * std::max(std::fabs(d0), scale)) return std::nullopt;
    exact = exact && std::fabs(d - d0) <= spacing(m.want[i], m.want.type);
  }
  if (std::fabs(d0) <= 1e-2 * scale && !exact) return std::nullopt;  // that small and uneven, it is precision
  Finding f{"constant_offset", "", {}};
  f.evidence["count"] = m.wrong;
  f.evidence["offset"] = d0;
  f.sentence = fmt::format(
      "every wrong value of {} is the expected value plus {:.4g} ({} elements): a term added once too often or "
      "left out",
      m.buffer, d0, m.wrong);
  return f;
}

// Rounding spreads its error: many elements, each close, of mixed sign and size, none far off the
// rest. One or two wrong elements show no spread (a scalar output is explain/reduction.hpp's), the
// same difference everywhere is an offset, and a few elements far off the others are a bug there.
std::optional<Finding> precision(const Mismatches& m) {
  if (!spec::is_floating(m.got.type) || m.wrong < kMinRelationEvidence) return std::nullopt;
  const double scale = typical_magnitude(m.want);
  double worst = 0, head = 0, tail = 0;  // summed relative errors in the first and last quarter
  std::size_t n_head = 0, n_tail = 0;
  const std::size_t n = m.cells.size();
  std::vector<double> rels;
  bool even = true;  // every difference the same, to the type's spacing
  double d0 = 0;
  for (std::size_t i = 0; i < n; ++i) {
    if (m.cells[i] != Cell::wrong) continue;
    const double g = m.got[i], w = m.want[i];
    if (!std::isfinite(g) || !std::isfinite(w)) return std::nullopt;
    const double rel = std::fabs(g - w) / std::max({std::fabs(w), scale, std::numeric_limits<double>::min()});
    if (rel > 1e-2) return std::nullopt;  // not close: a wrong formula, not rounding
    if (rels.empty()) d0 = g - w;
    even = even && std::fabs((g - w) - d0) <= spacing(w, m.want.type);
    if (rels.size() < kMaxRelated) rels.push_back(rel);
    worst = std::max(worst, rel);
    if (4 * i < n) head += rel, ++n_head;
    if (4 * i >= 3 * n) tail += rel, ++n_tail;
  }
  if (even) return std::nullopt;
  std::nth_element(rels.begin(), rels.begin() + static_cast<std::ptrdiff_t>(rels.size() / 2), rels.end());
  const double median = rels[rels.size() / 2];
  const auto far =
      static_cast<std::size_t>(std::count_if(rels.begin(), rels.end(), [&](double r) { return r > 100 * median; }));
  if (far > 0 && far <= std::max<std::size_t>(1, rels.size() / 100)) return std::nullopt;
  // The error grows along the output (a running sum's does): the last quarter's wrong elements are
  // off by at least twice as much as the first quarter's, or only the last quarter has any.
  const bool grows = n >= 16 && n_tail >= kMinRelationEvidence &&
                     (n_head == 0 || tail / static_cast<double>(n_tail) >= 2 * head / static_cast<double>(n_head));
  Finding f{"precision", "", {}};
  f.evidence["count"] = m.wrong;
  f.evidence["max_relative_error"] = worst;
  f.evidence["rtol"] = m.tolerance.rtol;
  f.evidence["atol"] = m.tolerance.atol;
  f.evidence["grows_along_output"] = grows;
  const bool half = m.got.type == spec::DType::float16;
  f.sentence = fmt::format(
      "the {} wrong values of {} are close to the expected ones but outside the tolerance: the largest relative "
      "error is {:.2g} where rtol is {:g} (atol {:g}){}; that is rounding, not a wrong formula: {}",
      m.wrong, m.buffer, worst, m.tolerance.rtol, m.tolerance.atol,
      grows ? ", and the error grows along the output, as a long running sum's does" : "",
      half ? "accumulate in float and convert to half once at the end"
           : "accumulate in float or double, and add in a tree or in several partial sums rather than one long "
             "running sum");
  return f;
}

double typical_magnitude(const Values& want) {
  double sum = 0;
  std::size_t n = 0;
  for (std::size_t i = 0; i < want.count; ++i) {
    const double w = want[i];
    if (std::isfinite(w)) sum += w * w, ++n;
  }
  return n ? std::sqrt(sum / static_cast<double>(n)) : 0;
}

}  // namespace judge::explain
