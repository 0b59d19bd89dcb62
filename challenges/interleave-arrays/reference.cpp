// CPU reference for interleave-arrays: output[2i] = A[i] and output[2i + 1] = B[i], exact copies.
#include <cstddef>

#include "reference/reference.hpp"

JUDGE_REFERENCE("interleave-arrays", args) {
  const auto a = args.in<float>("A");
  const auto b = args.in<float>("B");
  const auto output = args.out<float>("output");
  const auto n = static_cast<std::size_t>(args.scalar_int("N"));
  judge::reference::parallel_for(n, [&](std::size_t i) {
    output[2 * i] = a[i];
    output[2 * i + 1] = b[i];
  });
}
