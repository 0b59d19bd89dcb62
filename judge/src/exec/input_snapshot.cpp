#include "exec/input_snapshot.hpp"

#include "exec/cuda_check.hpp"
#include "exec/device_kernels.hpp"

namespace judge::exec {
namespace {

constexpr std::size_t kMinSnapshotBytes = std::size_t{1} << 20;

}  // namespace

InputSnapshot::~InputSnapshot() {
  release();
}

void InputSnapshot::release() {
  for (void*& p : copies_) {
    if (p) cudaFree(p);
    p = nullptr;
  }
  copies_.clear();
  bytes_.clear();
  if (result_) cudaFree(result_);
  result_ = nullptr;
}

void InputSnapshot::take(const TestRequest& r, const std::vector<GuardedBuffer>& bufs) {
  release();
  copies_.assign(r.buffers.size(), nullptr);
  bytes_.assign(r.buffers.size(), 0);
  if (cudaMalloc(reinterpret_cast<void**>(&result_), sizeof(unsigned long long)) != cudaSuccess) {
    cudaGetLastError();  // not the solution's error
    result_ = nullptr;
    return;
  }
  for (std::size_t i = 0; i < r.buffers.size(); ++i) {
    const BufferSlot& b = r.buffers[i];
    if (b.role != spec::Role::in || b.bytes < kMinSnapshotBytes) continue;
    void* copy = nullptr;
    if (cudaMalloc(&copy, b.bytes) != cudaSuccess) {
      cudaGetLastError();
      continue;  // checked on the host
    }
    if (cudaMemcpy(copy, bufs[i].data(), b.bytes, cudaMemcpyDeviceToDevice) != cudaSuccess) {
      cudaGetLastError();
      cudaFree(copy);
      continue;
    }
    copies_[i] = copy;
    bytes_[i] = b.bytes;
  }
}

std::vector<GuardedRange> InputSnapshot::ranges(const TestRequest& r) const {
  std::vector<GuardedRange> out;
  for (std::size_t i = 0; i < copies_.size(); ++i) {
    if (!copies_[i]) continue;
    const auto begin = reinterpret_cast<std::uintptr_t>(copies_[i]);
    out.push_back({r.buffers[i].name + " (the judge's copy of it)", begin, begin + bytes_[i]});
  }
  return out;
}

Result<std::optional<std::size_t>> InputSnapshot::first_change(std::size_t buffer, const GuardedBuffer& now) const {
  auto kernel = judge_kernel("judge_first_difference");
  if (!kernel) return kernel.error();
  JUDGE_CUDA_TRY(cudaMemset(result_, 0xff, sizeof(unsigned long long)));
  const void* a = now.data();
  const void* b = copies_.at(buffer);
  unsigned long long bytes = now.bytes();
  unsigned long long* result = result_;
  void* args[] = {&a, &b, &bytes, &result};
  JUDGE_CUDA_TRY(cudaLaunchKernel(reinterpret_cast<const void*>(*kernel), dim3(1024), dim3(256), args, 0, nullptr));
  unsigned long long first = 0;
  JUDGE_CUDA_TRY(cudaMemcpy(&first, result_, sizeof first, cudaMemcpyDeviceToHost));
  if (first == ~0ull) return std::optional<std::size_t>();
  return std::optional<std::size_t>(static_cast<std::size_t>(first));
}

}  // namespace judge::exec
