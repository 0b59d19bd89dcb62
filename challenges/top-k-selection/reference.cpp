// CPU reference for "top-k-selection": the k largest values of the input, largest first.
//
// Each chunk of the input keeps its own k largest (a partial sort into a k-sized buffer, on every
// core), then the chunks' winners are sorted once. Equal values are interchangeable, so the output
// is unique however ties are broken.
#include <algorithm>
#include <cstddef>
#include <functional>
#include <vector>

#include "reference/reference.hpp"

JUDGE_REFERENCE("top-k-selection", args) {
  const auto input = args.in<float>("input");
  const auto output = args.out<float>("output");
  const std::size_t n = input.size();
  const auto k = static_cast<std::size_t>(args.scalar_int("k"));

  constexpr std::size_t kChunk = std::size_t{1} << 20;
  const std::size_t chunks = (n + kChunk - 1) / kChunk;
  std::vector<std::vector<float>> best(chunks);
  judge::reference::parallel_for(chunks, [&](std::size_t c) {
    const float* begin = input.data() + c * kChunk;
    const float* end = input.data() + std::min(n, (c + 1) * kChunk);
    best[c].resize(std::min<std::size_t>(k, static_cast<std::size_t>(end - begin)));
    std::partial_sort_copy(begin, end, best[c].begin(), best[c].end(), std::greater<float>());
  });
  std::vector<float> all;
  for (const auto& b : best) all.insert(all.end(), b.begin(), b.end());
  std::partial_sort(all.begin(), all.begin() + static_cast<std::ptrdiff_t>(k), all.end(), std::greater<float>());
  std::copy(all.begin(), all.begin() + static_cast<std::ptrdiff_t>(k), output.begin());
}
