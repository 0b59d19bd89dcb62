#include "explain/consistency.hpp"

#include <algorithm>
#include <cmath>
#include <functional>
#include <limits>

#include "check/compare.hpp"
#include "explain/misplaced.hpp"
#include "explain/relations.hpp"

namespace judge::explain {

bool relation_holds(const Finding& f, const Mismatches& m) {
  const std::string& code = f.code;
  if (code == "values_misplaced" || code == "input_copied" || code == "input_values_misplaced")
    return misplaced_relation_holds(f, m);
  const bool floating = spec::is_floating(m.got.type);
  const auto agrees = [&](double got, double predicted) {
    return check::agrees(got, predicted, m.tolerance, floating);
  };
  const double scale = typical_magnitude(m.want);
  const Values* initial = m.initial();
  std::function<bool(double, double, std::size_t)> fits;  // (got, want, index)
  if (code == "constant_factor") {
    const double factor = f.evidence.value("factor", 1.0);
    fits = [&, factor](double g, double w, std::size_t) { return agrees(g, w * factor); };
  } else if (code == "wrong_sign") {
    fits = [&](double g, double w, std::size_t) { return agrees(g, -w); };
  } else if (code == "constant_offset") {
    const double offset = f.evidence.value("offset", 0.0);
    fits = [&, offset](double g, double w, std::size_t) { return agrees(g, w + offset); };
  } else if (code == "wrote_zeros") {
    fits = [](double g, double, std::size_t) { return g == 0; };
  } else if (code == "one_value") {
    const double v = f.evidence.value("value", 0.0);
    fits = [v](double g, double, std::size_t) { return g == v; };
  } else if (code == "left_unchanged") {
    if (!initial) return false;
    fits = [initial](double g, double, std::size_t i) { return g == (*initial)[i]; };
  } else if (code == "precision") {
    fits = [scale](double g, double w, std::size_t) {
      return std::isfinite(g) && std::isfinite(w) &&
             std::fabs(g - w) <= 1e-2 * std::max({std::fabs(w), scale, std::numeric_limits<double>::min()});
    };
  } else {
    return true;
  }
  for (std::size_t i : wrong_indices(m, kMaxRelated))
    if (!fits(m.got[i], m.want[i], i)) return false;
  return true;
}

}  // namespace judge::explain
