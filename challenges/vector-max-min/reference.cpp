// CPU reference for "vector-max-min": result[0] = the largest element, result[1] = the smallest.
// Both are exact (no rounding), so the order of the comparisons does not matter; large inputs are
// scanned in fixed chunks on every core.
#include <algorithm>
#include <cstddef>
#include <vector>

#include "reference/reference.hpp"

JUDGE_REFERENCE("vector-max-min", args) {
  const auto input = args.in<float>("input");
  const auto result = args.out<float>("result");
  constexpr std::size_t kChunk = 65536;
  const std::size_t chunks = (input.size() + kChunk - 1) / kChunk;
  std::vector<float> chunk_max(chunks), chunk_min(chunks);
  judge::reference::parallel_for(chunks, [&](std::size_t c) {
    const std::size_t begin = c * kChunk, end = std::min(input.size(), begin + kChunk);
    float hi = input[begin], lo = input[begin];
    for (std::size_t i = begin + 1; i < end; ++i) {
      hi = std::max(hi, input[i]);
      lo = std::min(lo, input[i]);
    }
    chunk_max[c] = hi;
    chunk_min[c] = lo;
  });
  result[0] = *std::max_element(chunk_max.begin(), chunk_max.end());
  result[1] = *std::min_element(chunk_min.begin(), chunk_min.end());
}
