// CPU reference for "segmented-exclusive-prefix-sum": output[i] is the sum of the values from the
// start of i's segment up to i - 1 (0 at a segment's first element); a segment starts at index 0
// and at every i with flags[i] == 1. Sums in double, rounded to float per element.
//
// In fixed chunks on every core: each chunk's carry-out (the sum after its last flag, or its whole
// sum without one) is found first, the carries are chained in order, then each chunk is scanned.
#include <algorithm>
#include <cstddef>
#include <vector>

#include "reference/reference.hpp"

JUDGE_REFERENCE("segmented-exclusive-prefix-sum", args) {
  const auto values = args.in<float>("values");
  const auto flags = args.in<int>("flags");
  const auto output = args.out<float>("output");
  const std::size_t n = values.size();

  constexpr std::size_t kChunk = 65536;
  const std::size_t chunks = (n + kChunk - 1) / kChunk;
  std::vector<double> tail(chunks, 0.0);  // sum after the chunk's last flag (or all of it)
  std::vector<char> flagged(chunks, 0);
  judge::reference::parallel_for(chunks, [&](std::size_t c) {
    double s = 0;
    for (std::size_t i = c * kChunk, end = std::min(n, (c + 1) * kChunk); i < end; ++i) {
      if (flags[i] != 0) {
        s = 0;
        flagged[c] = 1;
      }
      s += values[i];
    }
    tail[c] = s;
  });
  std::vector<double> carry(chunks, 0.0);  // the running sum entering each chunk
  for (std::size_t c = 1; c < chunks; ++c) carry[c] = flagged[c - 1] ? tail[c - 1] : carry[c - 1] + tail[c - 1];
  judge::reference::parallel_for(chunks, [&](std::size_t c) {
    double s = carry[c];
    for (std::size_t i = c * kChunk, end = std::min(n, (c + 1) * kChunk); i < end; ++i) {
      if (flags[i] != 0) s = 0;
      output[i] = static_cast<float>(s);
      s += values[i];
    }
  });
}
