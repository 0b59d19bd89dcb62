// How the wrong values relate to the expected ones, element by element: NaN or Inf where a finite
// value was expected (and what the inputs hold there), values left as they were before solve, one
// value everywhere, a constant factor, the sign, a constant offset, or close but outside the
// tolerance (precision). Each returns nothing when its pattern does not fit every wrong element.
#pragma once

#include <optional>

#include "explain/mismatch.hpp"

namespace judge::explain {

std::optional<Finding> non_finite(const Mismatches& m);
std::optional<Finding> left_unchanged(const Mismatches& m);
std::optional<Finding> one_value(const Mismatches& m);
std::optional<Finding> constant_factor_or_offset(const Mismatches& m);
std::optional<Finding> precision(const Mismatches& m);

// A relation is checked on at most this many wrong elements (the first ones): enough to be sure,
// and a wrong 50M-element output costs no more than a few megabytes of indices.
inline constexpr std::size_t kMaxRelated = std::size_t{1} << 20;

// The indices of the wrong (written) elements, at most `limit` of them, in order.
std::vector<std::size_t> wrong_indices(const Mismatches& m, std::size_t limit);

// The root mean square of the finite expected values: the scale at which a relation between got
// and want is judged (a difference small against it is rounding).
double typical_magnitude(const Values& want);

}  // namespace judge::explain
