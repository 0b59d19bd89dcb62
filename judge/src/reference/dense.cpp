#include "reference/dense.hpp"

#include <algorithm>
#include <cstring>

#include "util/thread_pool.hpp"

namespace judge::reference {
namespace {

// The blocking (GotoBLAS's, reduced): a task owns kMc rows of the result as a double tile; for
// each kKc-long slice of the inner dimension it packs its rows of `a` (kMc x kKc doubles, 128 KiB:
// L2) and then, one kNr-wide panel at a time, `b` (kKc x kNr doubles, 16 KiB: L1), and the micro
// kernel adds a kMr x kNr block of products to the tile. Slices are taken in order and the tile
// keeps the running sums, so every sum is still added in the order of the inner index.
constexpr std::size_t kMr = 6, kNr = 8, kKc = 256, kMc = 60;

using v4d = double __attribute__((vector_size(32)));

// Unaligned loads and stores of four doubles. Vectors go by reference: passed by value, a 32-byte
// vector in a function built for the baseline x86-64 changes the calling convention (-Wpsabi).
__attribute__((always_inline)) inline void load4(v4d& v, const double* p) {
  std::memcpy(&v, p, sizeof v);
}

__attribute__((always_inline)) inline void store4(double* p, const v4d& v) {
  std::memcpy(p, &v, sizeof v);
}

// c[r * ldc + col] += sum over t < kc of pa[t * kMr + r] * pb[t * kNr + col], for the kMr x kNr
// block: kMr * kNr / 4 vector accumulators, enough to keep two FMA pipes busy.
__attribute__((always_inline)) inline void micro_kernel(const double* pa, const double* pb, std::size_t kc, double* c,
                                                        std::size_t ldc) {
  constexpr std::size_t kV = kNr / 4;
  v4d acc[kMr][kV];
#pragma GCC unroll 16
  for (std::size_t r = 0; r < kMr; ++r)
#pragma GCC unroll 4
    for (std::size_t v = 0; v < kV; ++v) load4(acc[r][v], c + r * ldc + 4 * v);
  for (std::size_t t = 0; t < kc; ++t, pa += kMr, pb += kNr) {
    v4d b[kV];
#pragma GCC unroll 4
    for (std::size_t v = 0; v < kV; ++v) load4(b[v], pb + 4 * v);
#pragma GCC unroll 16
    for (std::size_t r = 0; r < kMr; ++r)
#pragma GCC unroll 4
      for (std::size_t v = 0; v < kV; ++v) acc[r][v] += pa[r] * b[v];
  }
#pragma GCC unroll 16
  for (std::size_t r = 0; r < kMr; ++r)
#pragma GCC unroll 4
    for (std::size_t v = 0; v < kV; ++v) store4(c + r * ldc + 4 * v, acc[r][v]);
}

// Adds rows [i0, i0 + mc) of a x b to `tile` (mc rounded up to kMr rows of `ldc` doubles, ldc =
// n rounded up to kNr; the padding is computed from zeros and ignored). Built twice, for AVX2 with
// FMA and for the baseline x86-64, and picked at load time: the judge binary runs on any x86-64.
__attribute__((target_clones("arch=x86-64-v3", "default"))) void row_block(const FloatMatrix& a, const FloatMatrix& b,
                                                                           std::size_t i0, std::size_t mc,
                                                                           std::size_t n, std::size_t k, double* tile,
                                                                           std::size_t ldc, double* pa, double* pb) {
  const std::size_t mc_pad = (mc + kMr - 1) / kMr * kMr;
  for (std::size_t p0 = 0; p0 < k; p0 += kKc) {
    const std::size_t kc = std::min(kKc, k - p0);
    for (std::size_t ir = 0; ir < mc_pad; ir += kMr)
      for (std::size_t t = 0; t < kc; ++t)
        for (std::size_t r = 0; r < kMr; ++r)
          pa[ir * kc + t * kMr + r] = ir + r < mc ? static_cast<double>(a.at(i0 + ir + r, p0 + t)) : 0.0;
    for (std::size_t j0 = 0; j0 < ldc; j0 += kNr) {
      for (std::size_t t = 0; t < kc; ++t)
        for (std::size_t col = 0; col < kNr; ++col)
          pb[t * kNr + col] = j0 + col < n ? static_cast<double>(b.at(p0 + t, j0 + col)) : 0.0;
      for (std::size_t ir = 0; ir < mc_pad; ir += kMr) micro_kernel(pa + ir * kc, pb, kc, tile + ir * ldc + j0, ldc);
    }
  }
}

// body(i) for every i < count on every core, one index per task: unlike parallel_for's, the
// tasks here are large (a block of rows), so even a few of them are spread.
template <class Body>
void each_task(std::size_t count, Body&& body) {
  util::shared_pool().parallel_for(count, 1, [&](std::size_t begin, std::size_t end) {
    for (std::size_t i = begin; i < end; ++i) body(i);
  });
}

}  // namespace

void product(FloatMatrix a, FloatMatrix b, std::size_t m, std::size_t n, std::size_t k, const RowSums& store) {
  if (m == 0 || n == 0) return;
  const std::size_t ldc = (n + kNr - 1) / kNr * kNr;
  each_task((m + kMc - 1) / kMc, [&](std::size_t block) {
    const std::size_t i0 = block * kMc, mc = std::min(kMc, m - i0);
    std::vector<double> tile(kMc * ldc, 0.0), pa(kMc * kKc), pb(kKc * kNr);
    row_block(a, b, i0, mc, n, k, tile.data(), ldc, pa.data(), pb.data());
    for (std::size_t r = 0; r < mc; ++r) store(i0 + r, tile.data() + r * ldc);
  });
}

}  // namespace judge::reference
