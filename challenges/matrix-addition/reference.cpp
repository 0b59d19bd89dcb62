// CPU reference for matrix-addition: C = A + B element by element. One float addition per
// element, done in float: IEEE addition is correctly rounded, so this is exactly what a GPU's
// fadd gives, infinities and NaN included.
#include <cstddef>

#include "reference/reference.hpp"

JUDGE_REFERENCE("matrix-addition", args) {
  const auto a = args.in<float>("A");
  const auto b = args.in<float>("B");
  const auto c = args.out<float>("C");
  const auto n = static_cast<std::size_t>(args.scalar_int("N"));
  judge::reference::parallel_for(n * n, [&](std::size_t i) { c[i] = a[i] + b[i]; });
}
