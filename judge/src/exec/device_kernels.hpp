// The judge's own kernels in the runner (exec/device_compare.cu, compiled to PTX at build time
// and embedded): loaded once per runner, on first use, never before solve's checked call.
#pragma once

#include <cuda_runtime_api.h>

#include "util/result.hpp"

namespace judge::exec {

// The kernel `name` of the embedded library ("judge_compare", "judge_first_difference"). The
// library is loaded on the first call; a failure (the PTX does not load on this driver) is
// returned every time, and the caller checks on the host instead.
Result<cudaKernel_t> judge_kernel(const char* name);

}  // namespace judge::exec
