#include "exec/launch_record.hpp"

#include <cxxabi.h>
#include <dlfcn.h>
#include <fmt/format.h>

#include <atomic>
#include <cstdlib>
#include <memory>
#include <mutex>

#include "exec/runtime_symbol.hpp"

namespace judge::exec {
namespace {

struct Pending {
  const void* func = nullptr;
  dim3 grid, block;
  std::size_t shared_bytes = 0;
  cudaError_t error = cudaSuccess;
};

std::atomic<bool> g_recording{false};
std::atomic<int> g_launches{0};
std::atomic<int> g_failed{0};
std::mutex g_mutex;  // guards g_first (solve may launch from several host threads)
Pending g_first;

void note_launch(const void* func, dim3 grid, dim3 block, std::size_t shared_bytes, cudaError_t returned) {
  if (!g_recording.load(std::memory_order_relaxed)) return;
  g_launches.fetch_add(1, std::memory_order_relaxed);
  if (returned == cudaSuccess) return;
  if (g_failed.fetch_add(1, std::memory_order_relaxed) != 0) return;
  const cudaError_t normal = configuration_error(grid, block);
  std::lock_guard<std::mutex> lock(g_mutex);
  g_first = {func, grid, block, shared_bytes, normal != cudaSuccess ? normal : returned};
}

std::string demangle(const char* name) {
  int status = 0;
  std::unique_ptr<char, void (*)(void*)> d(abi::__cxa_demangle(name, nullptr, nullptr, &status), std::free);
  return status == 0 && d ? std::string(d.get()) : std::string(name);
}

// Called after solve, never inside a launch: naming can fail and set the runtime's last error,
// which the caller has already read by then.
std::string kernel_name(const void* func) {
  const char* name = nullptr;
  if (cudaFuncGetName(&name, func) == cudaSuccess && name) return demangle(name);
  (void)cudaGetLastError();
  Dl_info info{};
  if (::dladdr(func, &info) && info.dli_sname) return demangle(info.dli_sname);
  // A cudaKernel_t (how both engines launch under CUDA 12.4+) is the driver's CUkernel.
  if (void* driver = ::dlopen("libcuda.so.1", RTLD_LAZY | RTLD_NOLOAD)) {
    using GetName = int (*)(const char**, const void*);
    if (auto get = reinterpret_cast<GetName>(::dlsym(driver, "cuKernelGetName")); get && get(&name, func) == 0 && name)
      return demangle(name);
  }
  return "";
}

using LaunchFn = cudaError_t (*)(const void*, dim3, dim3, void**, std::size_t, cudaStream_t);

cudaError_t forward(LaunchFn real, const void* func, dim3 grid, dim3 block, void** args, std::size_t shared,
                    cudaStream_t stream) {
  const cudaError_t e = real ? real(func, grid, block, args, shared, stream) : cudaErrorNotSupported;
  note_launch(func, grid, block, shared, e);
  return e;
}

}  // namespace

cudaError_t configuration_error(dim3 grid, dim3 block, int max_threads_per_block) {
  if (grid.x == 0 || grid.y == 0 || grid.z == 0 || block.x == 0 || block.y == 0 || block.z == 0)
    return cudaErrorInvalidConfiguration;
  if (block.x > 1024 || block.y > 1024 || block.z > 64) return cudaErrorInvalidConfiguration;
  if (std::uint64_t{block.x} * block.y * block.z > static_cast<std::uint64_t>(max_threads_per_block))
    return cudaErrorInvalidConfiguration;
  if (grid.x > 0x7fffffffu || grid.y > 65535 || grid.z > 65535) return cudaErrorInvalidConfiguration;
  return cudaSuccess;
}

void start_launch_recording() {
  g_launches = 0;
  g_failed = 0;
  {
    std::lock_guard<std::mutex> lock(g_mutex);
    g_first = {};
  }
  g_recording = true;
}

std::optional<FailedLaunch> stop_launch_recording() {
  g_recording = false;
  if (g_failed.load() == 0) return std::nullopt;
  Pending p;
  {
    std::lock_guard<std::mutex> lock(g_mutex);
    p = g_first;
  }
  FailedLaunch f;
  f.kernel = kernel_name(p.func);
  f.grid = p.grid;
  f.block = p.block;
  f.shared_bytes = p.shared_bytes;
  f.error = p.error;
  f.failed_launches = g_failed.load();
  f.launches = g_launches.load();
  return f;
}

int recorded_launches() {
  return g_launches.load();
}

std::string describe_launch(const FailedLaunch& f) {
  return fmt::format("kernel {} with grid ({}, {}, {}), block ({}, {}, {}), {} bytes of dynamic shared memory",
                     f.kernel.empty() ? "(unnamed)" : f.kernel, f.grid.x, f.grid.y, f.grid.z, f.block.x, f.block.y,
                     f.block.z, f.shared_bytes);
}

}  // namespace judge::exec

// The launch entry points, defined in the runner executable and exported (CMakeLists.txt), so a
// loaded solution's launches come here first. nvcc's stubs call __cudaLaunchKernel with a
// cudaKernel_t; the NVRTC engine's launchers and hand-written launches call cudaLaunchKernel.
extern "C" {
cudaError_t __cudaLaunchKernel(cudaKernel_t kernel, dim3 grid, dim3 block, void** args, std::size_t shared,
                               cudaStream_t stream) {
  static const auto real = judge::exec::next_symbol<judge::exec::LaunchFn>("__cudaLaunchKernel");
  return judge::exec::forward(real, kernel, grid, block, args, shared, stream);
}
cudaError_t __cudaLaunchKernel_ptsz(cudaKernel_t kernel, dim3 grid, dim3 block, void** args, std::size_t shared,
                                    cudaStream_t stream) {
  static const auto real = judge::exec::next_symbol<judge::exec::LaunchFn>("__cudaLaunchKernel_ptsz");
  return judge::exec::forward(real, kernel, grid, block, args, shared, stream);
}
cudaError_t cudaLaunchKernel(const void* func, dim3 grid, dim3 block, void** args, std::size_t shared,
                             cudaStream_t stream) {
  static const auto real = judge::exec::next_symbol<judge::exec::LaunchFn>("cudaLaunchKernel");
  return judge::exec::forward(real, func, grid, block, args, shared, stream);
}
cudaError_t cudaLaunchKernel_ptsz(const void* func, dim3 grid, dim3 block, void** args, std::size_t shared,
                                  cudaStream_t stream) {
  static const auto real = judge::exec::next_symbol<judge::exec::LaunchFn>("cudaLaunchKernel_ptsz");
  return judge::exec::forward(real, func, grid, block, args, shared, stream);
}
}
