// CPU reference for "stream-compaction": the positive elements of A in their input order, then
// zeros up to N.
//
// In fixed chunks on every core: each chunk counts its positives, the counts become each chunk's
// first output position, and each chunk then copies its positives there.
#include <algorithm>
#include <cstddef>
#include <vector>

#include "reference/reference.hpp"

JUDGE_REFERENCE("stream-compaction", args) {
  const auto a = args.in<float>("A");
  const auto out = args.out<float>("out");
  const std::size_t n = a.size();

  constexpr std::size_t kChunk = 65536;
  const std::size_t chunks = (n + kChunk - 1) / kChunk;
  std::vector<std::size_t> start(chunks + 1, 0);
  judge::reference::parallel_for(chunks, [&](std::size_t c) {
    std::size_t kept = 0;
    for (std::size_t i = c * kChunk, end = std::min(n, (c + 1) * kChunk); i < end; ++i) kept += a[i] > 0.0f;
    start[c + 1] = kept;
  });
  for (std::size_t c = 0; c < chunks; ++c) start[c + 1] += start[c];
  judge::reference::parallel_for(chunks, [&](std::size_t c) {
    std::size_t at = start[c];
    for (std::size_t i = c * kChunk, end = std::min(n, (c + 1) * kChunk); i < end; ++i)
      if (a[i] > 0.0f) out[at++] = a[i];
  });
  std::fill(out.begin() + static_cast<std::ptrdiff_t>(start[chunks]), out.end(), 0.0f);
}
