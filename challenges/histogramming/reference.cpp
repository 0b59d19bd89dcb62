// CPU reference for "histogramming": histogram[b] is the number of indices i with input[i] == b,
// for every bin b in [0, num_bins). Values outside [0, num_bins) are ignored (the constraints
// rule them out; the official reference ignores them too).
//
// The input is split into fixed chunks counted in parallel, each into its own histogram, and
// the chunk histograms are added up: exact integer counts, the same on any number of threads.
#include <algorithm>
#include <cstddef>
#include <cstdint>
#include <vector>

#include "reference/reference.hpp"

JUDGE_REFERENCE("histogramming", args) {
  const auto input = args.in<std::int32_t>("input");
  const auto histogram = args.out<std::int32_t>("histogram");
  const auto bins = static_cast<std::size_t>(args.scalar_int("num_bins"));

  constexpr std::size_t kChunk = std::size_t{1} << 20;
  const std::size_t chunks = (input.size() + kChunk - 1) / kChunk;
  std::vector<std::vector<std::int64_t>> partial(chunks, std::vector<std::int64_t>(bins, 0));
  judge::reference::parallel_for(chunks, [&](std::size_t c) {
    std::vector<std::int64_t>& counts = partial[c];
    const std::size_t end = std::min(input.size(), (c + 1) * kChunk);
    for (std::size_t i = c * kChunk; i < end; ++i) {
      const std::int32_t v = input[i];
      if (v >= 0 && static_cast<std::size_t>(v) < bins) ++counts[static_cast<std::size_t>(v)];
    }
  });

  for (std::size_t b = 0; b < bins; ++b) {
    std::int64_t total = 0;
    for (const auto& counts : partial) total += counts[b];
    histogram[b] = static_cast<std::int32_t>(total);  // at most N <= 10^8: fits
  }
}
