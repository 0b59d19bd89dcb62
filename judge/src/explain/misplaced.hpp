// Values that belong somewhere else: the expected values at other positions (shifted by k,
// mirrored, transposed, written column-major), or an input's values (unchanged at the same
// position, shifted, mirrored, reversed within each block, or simply from another position: a race
// on data updated in place, or a wrong index).
#pragma once

#include <optional>

#include "explain/mismatch.hpp"

namespace judge::explain {

// The expected values in the wrong places.
std::optional<Finding> expected_values_misplaced(const Mismatches& m);
// An input's values in the output (`same_position`: also tries the identity mapping).
std::optional<Finding> input_values_misplaced(const Mismatches& m);

// Whether a misplaced-values finding of another test of the same solution also holds on `m`: each
// wrong element of `m` its mapping gives a source holds that source's value (every one on a tiny
// output, 90% on a larger). True where it cannot be checked: no mapping (values found elsewhere),
// a mapping this output's shape has not, an input `m` lacks.
bool misplaced_relation_holds(const Finding& f, const Mismatches& m);

}  // namespace judge::explain
