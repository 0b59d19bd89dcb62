#include "explain/reduction.hpp"

#include <fmt/format.h>

#include <algorithm>
#include <cmath>
#include <functional>

#include "check/compare.hpp"
#include "util/half.hpp"

namespace judge::explain {
namespace {

constexpr std::size_t kMaxTerms = std::size_t{1} << 27;  // a few passes over at most this many terms
// The differences tried: the last 1..4 terms (one element, or a float4 loop's tail), the first 1..2.
// More candidates would match a rounding error by chance more often. With these and the window
// below, on random products of 10^5..10^6 elements (inputs uniform on [-1, 1], [-0.5, 1], [0, 1]),
// a long running float sum (rounding) that failed a 1e-5 tolerance matched in 6 of 842 cases, and
// a GPU-shaped sum with its last term added twice in 886 of 894.
constexpr std::size_t kLastTerms = 4;
constexpr std::size_t kFirstTerms = 2;
constexpr std::size_t kTreeLeaf = 32;  // the tree sum adds runs of 32 first, as a warp's lanes

// One way the inputs make the output: the terms and whether they are added or averaged.
struct Form {
  std::string words;  // "A[i] * B[i]"
  std::function<double(std::size_t)> term;
  std::size_t n = 0;
  bool mean = false;
  double exact = 0;  // the sum (or mean) in double
};

std::vector<Form> forms_of(const std::vector<NamedValues>& inputs) {
  std::vector<Form> forms;
  for (std::size_t a = 0; a < inputs.size(); ++a) {
    const Values& x = inputs[a].values;
    if (x.count == 0 || x.count > kMaxTerms) continue;
    for (std::size_t b = a + 1; b < inputs.size(); ++b) {
      const Values& y = inputs[b].values;
      if (y.count != x.count) continue;
      const std::string& p = inputs[a].name;
      const std::string& q = inputs[b].name;
      forms.push_back({fmt::format("{}[i] * {}[i]", p, q), [x, y](std::size_t i) { return x[i] * y[i]; }, x.count});
      forms.push_back({fmt::format("({}[i] - {}[i])^2", p, q),
                       [x, y](std::size_t i) { return (x[i] - y[i]) * (x[i] - y[i]); }, x.count});
    }
    forms.push_back({inputs[a].name + "[i]", [x](std::size_t i) { return x[i]; }, x.count});
  }
  return forms;
}

// The unit roundoff of the output's type: how far one rounding to it can move a value.
double unit_roundoff(spec::DType t) {
  return t == spec::DType::float16 ? 0x1p-11 : t == spec::DType::float32 ? 0x1p-24 : 0x1p-53;
}

// The form whose exact sum or mean is the expected value (to one rounding to the output's type).
std::optional<Form> identify(const Mismatches& m) {
  const double want = m.want[0];
  for (Form f : forms_of(m.inputs)) {
    double sum = 0, abs_sum = 0;
    for (std::size_t i = 0; i < f.n; ++i) {
      const double t = f.term(i);
      sum += t;
      abs_sum += std::fabs(t);
    }
    if (!std::isfinite(sum)) continue;
    const double slack = 2 * unit_roundoff(m.want.type) * std::fabs(want);
    for (bool mean : {false, true}) {
      const double scale = mean ? 1.0 / static_cast<double>(f.n) : 1.0;
      if (std::fabs(sum * scale - want) <= slack + 1e-9 * abs_sum * scale + 1e-300) {
        f.mean = mean;
        f.exact = sum * scale;
        return f;
      }
    }
  }
  return std::nullopt;
}

float round_to(double v, spec::DType t) {
  const auto f = static_cast<float>(v);
  return t == spec::DType::float16 ? util::half_bits_to_float(util::float_to_half_bits(f)) : f;
}

// One long running sum of the terms in the output's type (float for float and double outputs): the
// largest error a sensible order makes.
double running_sum_error(const Form& f, spec::DType out) {
  const spec::DType t = out == spec::DType::float16 ? out : spec::DType::float32;
  float acc = 0;
  for (std::size_t i = 0; i < f.n; ++i) acc = round_to(static_cast<double>(acc) + round_to(f.term(i), t), t);
  const double got = f.mean ? acc / static_cast<double>(f.n) : acc;
  return std::fabs(got - f.exact);
}

// A tree-shaped float sum (runs of 32, then pairs): about the smallest error a GPU reduction makes.
double tree_sum_error(const Form& f) {
  std::vector<float> level;
  level.reserve(f.n / kTreeLeaf + 1);
  for (std::size_t b = 0; b < f.n; b += kTreeLeaf) {
    float acc = 0;
    for (std::size_t i = b; i < std::min(f.n, b + kTreeLeaf); ++i) acc += static_cast<float>(f.term(i));
    level.push_back(acc);
  }
  while (level.size() > 1) {
    for (std::size_t k = 0; k < level.size() / 2; ++k) level[k] = level[2 * k] + level[2 * k + 1];
    if (level.size() % 2) level[level.size() / 2] = level.back();
    level.resize((level.size() + 1) / 2);
  }
  const double got = f.mean ? level[0] / static_cast<double>(f.n) : level[0];
  return std::fabs(got - f.exact);
}

// The difference as a few terms at either end, counted twice (+) or left out (-).
struct EndTerms {
  bool last = true;
  std::size_t k = 0;
  int sign = 1;
  double value = 0;  // the terms' sum (or its share of the mean)
};

std::optional<EndTerms> end_terms(const Form& f, double diff, double allowance) {
  std::optional<EndTerms> best;
  double best_residual = 0;
  const double scale = f.mean ? 1.0 / static_cast<double>(f.n) : 1.0;
  for (bool last : {true, false}) {
    double sum = 0;
    for (std::size_t k = 1; k <= (last ? kLastTerms : kFirstTerms) && k < f.n; ++k) {
      sum += f.term(last ? f.n - k : k - 1) * scale;
      for (int sign : {1, -1}) {
        const double residual = std::fabs(diff - sign * sum);
        // Close to the terms, and closer than a quarter of them: the terms are most of the error.
        if (sum == 0 || residual > std::max(2e-3 * std::fabs(sum), allowance) || residual > 0.25 * std::fabs(sum))
          continue;
        if (!best || residual < best_residual) {
          best = EndTerms{last, k, sign, sum};
          best_residual = residual;
        }
      }
    }
  }
  return best;
}

std::string describe_terms(const Form& f, const EndTerms& e) {
  const std::string words = f.words + (f.mean ? " / N" : "");
  const std::string end = e.last ? "last" : "first";
  const std::size_t lo = e.last ? f.n - e.k : 0, hi = e.last ? f.n - 1 : e.k - 1;
  std::string one = words;  // "A[i] * B[i]" -> "A[99999] * B[99999]"
  for (std::size_t at = one.find("[i]"); at != std::string::npos; at = one.find("[i]", at))
    one.replace(at + 1, 1, std::to_string(lo));
  const std::string which = e.k == 1 ? fmt::format("the {} term, {} = {:.6g}", end, one, e.value)
                                     : fmt::format("the sum of the {} {} terms ({} for i from {} to {}) = {:.6g}", end,
                                                   e.k, words, lo, hi, e.value);
  const std::string elements =
      e.k == 1 ? fmt::format("the {} element was", end) : fmt::format("the {} {} elements were", end, e.k);
  if (e.sign > 0)
    return fmt::format("{}: {} added twice ({})", which, elements,
                       e.last ? "a tail loop that repeats what the main or vectorized loop already did"
                              : "a first element handled both before and inside the loop");
  return fmt::format("minus {}: {} left out ({})", which, elements,
                     e.last
                         ? "a loop bound one short, a tail never added, or a partial sum that never reaches the result"
                         : "a loop that starts late");
}

}  // namespace

std::optional<Finding> scalar_reduction(const Mismatches& m) {
  if (m.cells.size() != 1 || m.wrong != 1 || !spec::is_floating(m.got.type)) return std::nullopt;
  const double got = m.got[0], want = m.want[0];
  if (!std::isfinite(got) || !std::isfinite(want)) return std::nullopt;
  const std::optional<Form> form = identify(m);
  if (!form) return std::nullopt;
  const double diff = got - want;
  const double output_rounding = 2 * unit_roundoff(m.got.type) * std::max(std::fabs(got), std::fabs(want));
  const double tree = tree_sum_error(*form);
  const std::string values = fmt::format("{} is {} where {} was expected", m.buffer,
                                         check::format_value(got, m.got.type), check::format_value(want, m.want.type));
  if (const auto e = end_terms(*form, diff, 2 * tree + output_rounding)) {
    Finding f{"wrong_values", "", {}};
    f.evidence["count"] = 1;
    f.evidence["terms"] = {{"form", form->words}, {"mean", form->mean}, {"end", e->last ? "last" : "first"},
                           {"count", e->k},       {"sign", e->sign},    {"value", e->value}};
    f.sentence = fmt::format("{}: the difference, {:.6g}, is {}", values, diff, describe_terms(*form, *e));
    return f;
  }
  const double running = running_sum_error(*form, m.got.type);
  if (std::fabs(diff) > 2 * running + output_rounding) return std::nullopt;
  const bool half = m.got.type == spec::DType::float16;
  Finding f{"precision", "", {}};
  f.evidence["count"] = 1;
  f.evidence["max_relative_error"] = want != 0 ? std::fabs(diff / want) : std::fabs(diff);
  f.evidence["rtol"] = m.tolerance.rtol;
  f.evidence["atol"] = m.tolerance.atol;
  f.evidence["terms"] = {{"form", form->words}, {"mean", form->mean}, {"count", form->n}};
  f.evidence["running_sum_error"] = running;
  f.sentence = fmt::format(
      "{}, off by {:.3g} (rtol {:g}, atol {:g}): within what adding its {} terms ({}) in {} makes here, where one "
      "long running sum is off by {:.3g}; that is rounding, not a wrong formula: {}",
      values, diff, m.tolerance.rtol, m.tolerance.atol, form->n, form->words, half ? "half" : "float", running,
      half ? "accumulate in float and convert to half once at the end"
           : "accumulate in float or double, and add in a tree or in several partial sums rather than one long "
             "running sum");
  return f;
}

}  // namespace judge::explain
