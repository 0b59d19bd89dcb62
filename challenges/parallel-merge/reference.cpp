// CPU reference for "parallel-merge": the M + N values of the sorted arrays A and B in ascending
// order (on ties, A's elements first, which gives the same values either way).
//
// Merge path on every core: output chunk c starts at the point where the path of the merge
// crosses diagonal c * kChunk (found by binary search), and each chunk is merged on its own.
#include <algorithm>
#include <cstddef>

#include "reference/reference.hpp"

namespace {

// How many elements of a are among the first `diag` outputs of merging a and b (a first on ties).
std::size_t a_taken(const float* a, std::size_t m, const float* b, std::size_t n, std::size_t diag) {
  std::size_t lo = diag > n ? diag - n : 0, hi = std::min(diag, m);
  while (lo < hi) {
    const std::size_t mid = (lo + hi) / 2;
    if (a[mid] <= b[diag - 1 - mid])
      lo = mid + 1;
    else
      hi = mid;
  }
  return lo;
}

}  // namespace

JUDGE_REFERENCE("parallel-merge", args) {
  const auto a = args.in<float>("A");
  const auto b = args.in<float>("B");
  const auto c = args.out<float>("C");
  const std::size_t m = a.size(), n = b.size(), total = m + n;

  constexpr std::size_t kChunk = std::size_t{1} << 20;
  const std::size_t chunks = (total + kChunk - 1) / kChunk;
  judge::reference::parallel_for(chunks, [&](std::size_t k) {
    const std::size_t d0 = k * kChunk, d1 = std::min(total, d0 + kChunk);
    const std::size_t a0 = a_taken(a.data(), m, b.data(), n, d0), a1 = a_taken(a.data(), m, b.data(), n, d1);
    std::merge(a.begin() + static_cast<std::ptrdiff_t>(a0), a.begin() + static_cast<std::ptrdiff_t>(a1),
               b.begin() + static_cast<std::ptrdiff_t>(d0 - a0), b.begin() + static_cast<std::ptrdiff_t>(d1 - a1),
               c.begin() + static_cast<std::ptrdiff_t>(d0));
  });
}
