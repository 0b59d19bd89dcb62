// CPU reference for "prefix-sum": the inclusive scan output[i] = input[0] + ... + input[i],
// accumulated in double and rounded to float per element.
//
// In fixed chunks, so large cases use every core and give the same values on any number of
// threads: the chunk totals are added first, then each chunk is scanned from its carry.
#include <algorithm>
#include <cstddef>
#include <vector>

#include "reference/reference.hpp"

JUDGE_REFERENCE("prefix-sum", args) {
  const auto input = args.in<float>("input");
  const auto output = args.out<float>("output");
  const std::size_t n = input.size();

  constexpr std::size_t kChunk = 65536;
  const std::size_t chunks = (n + kChunk - 1) / kChunk;
  std::vector<double> carry(chunks, 0.0);
  judge::reference::parallel_for(chunks, [&](std::size_t c) {
    double s = 0;
    for (std::size_t i = c * kChunk, end = std::min(n, (c + 1) * kChunk); i < end; ++i) s += input[i];
    carry[c] = s;
  });
  double running = 0;  // turn the chunk totals into exclusive carries
  for (double& c : carry) {
    const double total = c;
    c = running;
    running += total;
  }
  judge::reference::parallel_for(chunks, [&](std::size_t c) {
    double s = carry[c];
    for (std::size_t i = c * kChunk, end = std::min(n, (c + 1) * kChunk); i < end; ++i) {
      s += input[i];
      output[i] = static_cast<float>(s);
    }
  });
}
