// CPU reference for relu: output[i] = max(0, input[i]). Inputs are finite; positive values are
// copied exactly, everything else becomes +0.
#include <cstddef>

#include "reference/reference.hpp"

JUDGE_REFERENCE("relu", args) {
  const auto input = args.in<float>("input");
  const auto output = args.out<float>("output");
  const auto n = static_cast<std::size_t>(args.scalar_int("N"));
  judge::reference::parallel_for(n, [&](std::size_t i) { output[i] = input[i] > 0.0f ? input[i] : 0.0f; });
}
