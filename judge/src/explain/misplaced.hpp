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

}  // namespace judge::explain
