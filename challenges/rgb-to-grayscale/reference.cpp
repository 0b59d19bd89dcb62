// CPU reference for rgb-to-grayscale: output[p] = 0.299 R + 0.587 G + 0.114 B for every pixel p,
// with R, G, B = input[3p], input[3p + 1], input[3p + 2]. As LeetGPU's reference computes it: in
// float32, with the coefficients rounded to float, as (0.299 R + 0.587 G) + 0.114 B, every
// product and sum rounded on its own (no fused multiply-add: the host build has none).
#include <cstddef>

#include "reference/reference.hpp"

JUDGE_REFERENCE("rgb-to-grayscale", args) {
  const auto input = args.in<float>("input");
  const auto output = args.out<float>("output");
  const auto pixels =
      static_cast<std::size_t>(args.scalar_int("width")) * static_cast<std::size_t>(args.scalar_int("height"));
  judge::reference::parallel_for(pixels, [&](std::size_t p) {
    const float r = 0.299f * input[3 * p];
    const float g = 0.587f * input[3 * p + 1];
    const float b = 0.114f * input[3 * p + 2];
    const float rg = r + g;
    output[p] = rg + b;
  });
}
