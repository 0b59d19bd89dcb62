// CPU reference for "weight-dequantization": Y[i][j] = X[i][j] * S[i / TILE_SIZE][j / TILE_SIZE],
// one float multiply per element, exact as the official float32 reference computes it. S has
// ceil(M / TILE_SIZE) rows of ceil(N / TILE_SIZE) scales; the last tile row and column may be
// partial.
#include <cstddef>

#include "reference/reference.hpp"

JUDGE_REFERENCE("weight-dequantization", args) {
  const auto x = args.in<float>("X");
  const auto s = args.in<float>("S");
  const auto y = args.out<float>("Y");
  const auto m = static_cast<std::size_t>(args.scalar_int("M"));
  const auto n = static_cast<std::size_t>(args.scalar_int("N"));
  const auto tile = static_cast<std::size_t>(args.scalar_int("TILE_SIZE"));
  const std::size_t tiles_per_row = (n + tile - 1) / tile;

  judge::reference::parallel_for(m, [&](std::size_t i) {
    const float* scales = &s[(i / tile) * tiles_per_row];
    for (std::size_t j = 0; j < n; ++j) y[i * n + j] = x[i * n + j] * scales[j / tile];
  });
}
