// CPU reference for vector-addition: C[i] = A[i] + B[i], one float addition per element,
// rounded exactly like the GPU's fp32 add.
#include <cstddef>

#include "reference/reference.hpp"

JUDGE_REFERENCE("vector-addition", args) {
  const auto a = args.in<float>("A");
  const auto b = args.in<float>("B");
  const auto c = args.out<float>("C");
  const auto n = static_cast<std::size_t>(args.scalar_int("N"));
  judge::reference::parallel_for(n, [&](std::size_t i) { c[i] = a[i] + b[i]; });
}
