// Every CUDA runtime call of the runner goes through JUDGE_CUDA_TRY, which turns a failure
// into an Error naming the file, line, the error and the call's text.
#pragma once

#include <cuda_runtime_api.h>
#include <fmt/format.h>

#include "util/result.hpp"

namespace judge::exec {

// Waits for the device and returns the first error raised since the last check (a launch error
// or one that surfaced at synchronisation), clearing it.
inline cudaError_t wait_for_device() {
  const cudaError_t sync = cudaDeviceSynchronize();
  const cudaError_t last = cudaGetLastError();
  return sync != cudaSuccess ? sync : last;
}

inline Error cuda_failure(cudaError_t e, const char* call, const char* file, int line) {
  return make_error(
      fmt::format("{}:{}: {} failed: {} ({})", file, line, call, cudaGetErrorName(e), cudaGetErrorString(e)));
}

}  // namespace judge::exec

#define JUDGE_CUDA_TRY(call)                                                                                        \
  do {                                                                                                              \
    const cudaError_t judge_cuda_e_ = (call);                                                                       \
    if (judge_cuda_e_ != cudaSuccess) return ::judge::exec::cuda_failure(judge_cuda_e_, #call, __FILE__, __LINE__); \
  } while (0)
