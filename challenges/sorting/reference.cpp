// CPU reference for "sorting": the N floats of `data` in ascending order, written back in place.
// A sort of given values has exactly one result (equal values are indistinguishable), so any
// correct algorithm, stable or not, produces these floats bit for bit.
#include <algorithm>

#include "reference/reference.hpp"

JUDGE_REFERENCE("sorting", args) {
  const auto data = args.out<float>("data");  // inout: holds the unsorted input on entry
  std::sort(data.begin(), data.end());
}
