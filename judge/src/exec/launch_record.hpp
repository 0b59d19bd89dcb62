// Which kernel launch failed, and how it was configured.
//
// The runner (the judge executable) defines the runtime's launch entry points itself
// (cudaLaunchKernel, and __cudaLaunchKernel, which nvcc's launch stubs call) and exports them, so
// a dlopen()ed solution's launches bind to these first; each forwards to the runtime's own
// (dlsym RTLD_NEXT) and, while recording is on, keeps the first launch that the runtime refused:
// the kernel, grid, block, dynamic shared memory and error. A refused launch is named the same
// way whichever engine built the solution: a zero or oversized grid or block is
// cudaErrorInvalidConfiguration, as nvcc's <<<>>> reports it, whatever the entry point returned.
#pragma once

#include <cuda_runtime_api.h>

#include <optional>
#include <string>

namespace judge::exec {

struct FailedLaunch {
  std::string kernel;  // demangled name, or "" when the runtime cannot name it
  dim3 grid, block;
  std::size_t shared_bytes = 0;
  cudaError_t error = cudaSuccess;  // normalised (see above)
  int failed_launches = 0;          // how many launches were refused while recording
  int launches = 0;                 // how many launches were made while recording
};

// Recording covers the solution's calls only (not the runner's own launches).
void start_launch_recording();
// Stops recording; the first refused launch since start_launch_recording, if any.
std::optional<FailedLaunch> stop_launch_recording();
// How many launches the last recording counted (refused ones included).
int recorded_launches();

// The configuration error a launch with these dimensions gets from nvcc-built code, or
// cudaSuccess when the dimensions are valid for `max_threads_per_block` (pure; unit-tested).
cudaError_t configuration_error(dim3 grid, dim3 block, int max_threads_per_block = 1024);

// "kernel reverse(float*, int) with grid (0, 1, 1), block (256, 1, 1), 0 bytes of dynamic shared memory"
std::string describe_launch(const FailedLaunch& f);

}  // namespace judge::exec
