// CPU reference for "3d-subarray-sum": output[0] is the sum of input[d][r][c] over the depths
// S_DEP..E_DEP, rows S_ROW..E_ROW and columns S_COL..E_COL, all six bounds included, of the
// N x M x K array stored depth by depth, each depth row by row. Depth slices are added in
// parallel, in 64-bit integers; entries in [1, 10] and N, M, K <= 500 keep the total at or below
// 1.25 * 10^9, so it fits in int32, and the reference checks that it does.
#include <cstddef>
#include <cstdint>
#include <limits>
#include <stdexcept>
#include <vector>

#include "reference/reference.hpp"

JUDGE_REFERENCE("3d-subarray-sum", args) {
  const auto input = args.in<std::int32_t>("input");
  const auto output = args.out<std::int32_t>("output");
  const std::int64_t n = args.scalar_int("N");
  const std::int64_t m = args.scalar_int("M");
  const std::int64_t k = args.scalar_int("K");
  const std::int64_t s_dep = args.scalar_int("S_DEP");
  const std::int64_t e_dep = args.scalar_int("E_DEP");
  const std::int64_t s_row = args.scalar_int("S_ROW");
  const std::int64_t e_row = args.scalar_int("E_ROW");
  const std::int64_t s_col = args.scalar_int("S_COL");
  const std::int64_t e_col = args.scalar_int("E_COL");
  if (s_dep > e_dep || e_dep >= n || s_row > e_row || e_row >= m || s_col > e_col || e_col >= k)
    throw std::invalid_argument("the case must satisfy S_DEP <= E_DEP < N, S_ROW <= E_ROW < M and S_COL <= E_COL < K");

  const auto depths = static_cast<std::size_t>(e_dep - s_dep + 1);
  std::vector<std::int64_t> slice_sums(depths, 0);
  judge::reference::parallel_for(depths, [&](std::size_t i) {
    const std::int64_t d = s_dep + static_cast<std::int64_t>(i);
    std::int64_t sum = 0;
    for (std::int64_t r = s_row; r <= e_row; ++r) {
      const auto base = static_cast<std::size_t>((d * m + r) * k);
      for (auto c = static_cast<std::size_t>(s_col); c <= static_cast<std::size_t>(e_col); ++c) sum += input[base + c];
    }
    slice_sums[i] = sum;
  });
  std::int64_t total = 0;
  for (const std::int64_t s : slice_sums) total += s;
  if (total > std::numeric_limits<std::int32_t>::max() || total < std::numeric_limits<std::int32_t>::min())
    throw std::invalid_argument("the sum of the subarray does not fit in int32: keep the entries in [1, 10]");
  output[0] = static_cast<std::int32_t>(total);
}
