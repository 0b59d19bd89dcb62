// CPU reference for "2d-subarray-sum": output[0] is the sum of input[r][c] over the rows
// S_ROW..E_ROW and the columns S_COL..E_COL, all four bounds included, of the N x M row-major
// matrix. Rows are added in parallel, in 64-bit integers; entries in [1, 10] and N * M <= 10^8
// keep the total at or below 10^9, so it fits in int32, and the reference checks that it does.
#include <cstddef>
#include <cstdint>
#include <limits>
#include <stdexcept>
#include <vector>

#include "reference/reference.hpp"

JUDGE_REFERENCE("2d-subarray-sum", args) {
  const auto input = args.in<std::int32_t>("input");
  const auto output = args.out<std::int32_t>("output");
  const std::int64_t n = args.scalar_int("N");
  const std::int64_t m = args.scalar_int("M");
  const std::int64_t s_row = args.scalar_int("S_ROW");
  const std::int64_t e_row = args.scalar_int("E_ROW");
  const std::int64_t s_col = args.scalar_int("S_COL");
  const std::int64_t e_col = args.scalar_int("E_COL");
  if (s_row > e_row || e_row >= n || s_col > e_col || e_col >= m)
    throw std::invalid_argument("the case must satisfy 0 <= S_ROW <= E_ROW <= N - 1 and 0 <= S_COL <= E_COL <= M - 1");

  const auto rows = static_cast<std::size_t>(e_row - s_row + 1);
  std::vector<std::int64_t> row_sums(rows, 0);
  judge::reference::parallel_for(rows, [&](std::size_t k) {
    const std::size_t base =
        static_cast<std::size_t>(s_row + static_cast<std::int64_t>(k)) * static_cast<std::size_t>(m);
    std::int64_t sum = 0;
    for (auto c = static_cast<std::size_t>(s_col); c <= static_cast<std::size_t>(e_col); ++c) sum += input[base + c];
    row_sums[k] = sum;
  });
  std::int64_t total = 0;
  for (const std::int64_t s : row_sums) total += s;
  if (total > std::numeric_limits<std::int32_t>::max() || total < std::numeric_limits<std::int32_t>::min())
    throw std::invalid_argument("the sum of the subarray does not fit in int32: keep the entries in [1, 10]");
  output[0] = static_cast<std::int32_t>(total);
}
