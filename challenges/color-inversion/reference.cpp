// CPU reference for color-inversion: in place, every pixel's R, G and B byte becomes 255 - v
// and its alpha byte stays as it is. The inout buffer arrives holding the input image.
#include <cstddef>

#include "reference/reference.hpp"

JUDGE_REFERENCE("color-inversion", args) {
  const auto image = args.out<unsigned char>("image");
  const auto pixels =
      static_cast<std::size_t>(args.scalar_int("width")) * static_cast<std::size_t>(args.scalar_int("height"));
  judge::reference::parallel_for(pixels, [&](std::size_t p) {
    for (std::size_t channel = 0; channel < 3; ++channel) {
      unsigned char& v = image[4 * p + channel];
      v = static_cast<unsigned char>(255 - v);
    }
  });
}
