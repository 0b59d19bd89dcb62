#include "exec/device_check.hpp"

#include <fmt/format.h>

#include <cstdint>

#include "exec/cuda_check.hpp"
#include "exec/device_kernels.hpp"

namespace judge::exec {

DeviceChecker::~DeviceChecker() {
  release();
}

void DeviceChecker::release() {
  for (Expected& e : expected_) {
    for (void* p : e.want)
      if (p) cudaFree(p);
    if (e.indices) cudaFree(e.indices);
  }
  expected_.clear();
  if (result_) cudaFree(result_);
  result_ = nullptr;
  kernel_ = nullptr;
}

void DeviceChecker::init(const TestRequest& r, const util::SharedMemory& shm) {
  auto fail = [&](std::string why, cudaError_t e) {
    release();
    cudaGetLastError();  // a failed allocation or load must not look like the solution's error later
    unavailable_ = fmt::format("{}: {}", why, cudaGetErrorName(e));
  };
  auto kernel = judge_kernel("judge_compare");
  if (!kernel) {
    release();
    unavailable_ = kernel.error().message;
    return;
  }
  kernel_ = *kernel;
  cudaError_t e;
  if ((e = cudaMalloc(reinterpret_cast<void**>(&result_), 2 * sizeof(unsigned long long))) != cudaSuccess)
    return fail("no device memory for the comparison", e);
  for (std::size_t i = 0; i < r.buffers.size(); ++i) {
    const BufferSlot& b = r.buffers[i];
    if (b.expected_offset == kNone) continue;
    Expected x;
    x.buffer = i;
    x.count = b.sample_count ? b.sample_count : b.bytes / b.element_bytes;
    const std::size_t offsets[2] = {b.expected_offset, b.alt_expected_offset};
    for (int set = 0; set < 2; ++set) {
      if (offsets[set] == kNone) continue;
      if ((e = cudaMalloc(&x.want[set], b.bytes)) != cudaSuccess ||
          (e = cudaMemcpy(x.want[set], shm.data() + offsets[set], b.bytes, cudaMemcpyHostToDevice)) != cudaSuccess) {
        expected_.push_back(x);
        return fail("no device memory for a copy of the expected values", e);
      }
    }
    if (b.sample_count) {
      const std::size_t bytes = b.sample_count * sizeof(std::uint64_t);
      if ((e = cudaMalloc(&x.indices, bytes)) != cudaSuccess ||
          (e = cudaMemcpy(x.indices, shm.data() + b.sample_offset, bytes, cudaMemcpyHostToDevice)) != cudaSuccess) {
        expected_.push_back(x);
        return fail("no device memory for the sampled indices", e);
      }
    }
    expected_.push_back(x);
  }
}

std::string DeviceChecker::method() const {
  return ready() ? "device" : fmt::format("host ({})", unavailable_);
}

Result<bool> DeviceChecker::matches(const TestRequest& r, const std::vector<GuardedBuffer>& bufs, int set) {
  for (const Expected& x : expected_) {
    const BufferSlot& b = r.buffers[x.buffer];
    void* want = x.want[set];
    if (!want) continue;  // no expected values for this set (the layout has one set)
    JUDGE_CUDA_TRY(cudaMemsetAsync(result_, 0, sizeof(unsigned long long), nullptr));
    JUDGE_CUDA_TRY(cudaMemsetAsync(result_ + 1, 0xff, sizeof(unsigned long long), nullptr));
    const void* got = bufs[x.buffer].data();
    const void* indices = x.indices;
    unsigned long long count = x.count;
    int type = static_cast<int>(b.type);
    double atol = r.tolerance.atol, rtol = r.tolerance.rtol;
    unsigned long long* result = result_;
    void* args[] = {&got, &want, &indices, &count, &type, &atol, &rtol, &result};
    JUDGE_CUDA_TRY(cudaLaunchKernel(reinterpret_cast<const void*>(kernel_), dim3(1024), dim3(256), args, 0, nullptr));
    unsigned long long host[2] = {0, 0};
    JUDGE_CUDA_TRY(cudaMemcpy(host, result_, sizeof host, cudaMemcpyDeviceToHost));
    if (host[0] != 0) return false;
  }
  return true;
}

}  // namespace judge::exec
