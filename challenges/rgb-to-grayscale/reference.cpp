// CPU reference for rgb-to-grayscale: output[p] = 0.299 R + 0.587 G + 0.114 B for every pixel p,
// with R, G, B = input[3p], input[3p + 1], input[3p + 2], in double and rounded once to float.
#include <cstddef>

#include "reference/reference.hpp"

JUDGE_REFERENCE("rgb-to-grayscale", args) {
  const auto input = args.in<float>("input");
  const auto output = args.out<float>("output");
  const auto pixels =
      static_cast<std::size_t>(args.scalar_int("width")) * static_cast<std::size_t>(args.scalar_int("height"));
  judge::reference::parallel_for(pixels, [&](std::size_t p) {
    const double r = input[3 * p];
    const double g = input[3 * p + 1];
    const double b = input[3 * p + 2];
    output[p] = static_cast<float>(0.299 * r + 0.587 * g + 0.114 * b);
  });
}
