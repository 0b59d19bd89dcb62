#include "exec/device_kernels.hpp"

#include <fmt/format.h>

namespace judge::exec {
namespace {

// nvcc -ptx of exec/device_compare.cu, generated at build time (CMakeLists.txt).
constexpr const char* kKernelsPtx =
#include "device_compare_ptx.inc"
    ;

}  // namespace

Result<cudaKernel_t> judge_kernel(const char* name) {
  // Kept for the runner's life: it serves every test of one solution, then the process ends.
  static cudaLibrary_t library = nullptr;
  static cudaError_t load_error = cudaSuccess;
  if (!library && load_error == cudaSuccess) {
    load_error = cudaLibraryLoadData(&library, kKernelsPtx, nullptr, nullptr, 0, nullptr, nullptr, 0);
    if (load_error != cudaSuccess) cudaGetLastError();  // not the solution's error
  }
  if (load_error != cudaSuccess)
    return make_error(fmt::format("the judge's kernels did not load: {}", cudaGetErrorName(load_error)));
  cudaKernel_t kernel = nullptr;
  if (const cudaError_t e = cudaLibraryGetKernel(&kernel, library, name); e != cudaSuccess) {
    cudaGetLastError();
    return make_error(fmt::format("the judge's kernel {} is missing: {}", name, cudaGetErrorName(e)));
  }
  return kernel;
}

}  // namespace judge::exec
