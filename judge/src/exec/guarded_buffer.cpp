#include "exec/guarded_buffer.hpp"

#include <utility>
#include <vector>

#include "exec/cuda_check.hpp"
#include "exec/test_layout.hpp"

namespace judge::exec {

std::size_t GuardedBuffer::front_bytes() {
  return kGuardBytes;
}

GuardedBuffer::GuardedBuffer(GuardedBuffer&& o) noexcept {
  *this = std::move(o);
}

GuardedBuffer& GuardedBuffer::operator=(GuardedBuffer&& o) noexcept {
  if (this != &o) {
    if (base_) cudaFree(base_);
    base_ = std::exchange(o.base_, nullptr);
    bytes_ = std::exchange(o.bytes_, 0);
    total_ = std::exchange(o.total_, 0);
    canary_ = o.canary_;
  }
  return *this;
}

GuardedBuffer::~GuardedBuffer() {
  if (base_) cudaFree(base_);
}

Result<GuardedBuffer> GuardedBuffer::allocate(std::size_t bytes, unsigned char canary) {
  GuardedBuffer b;
  b.canary_ = canary;
  // The data starts kGuardBytes in, which keeps cudaMalloc's 256-byte alignment.
  b.total_ = kGuardBytes + bytes + kGuardBytes;
  void* p = nullptr;
  JUDGE_CUDA_TRY(cudaMalloc(&p, b.total_));
  b.base_ = static_cast<unsigned char*>(p);
  b.bytes_ = bytes;
  JUDGE_CUDA_TRY(cudaMemset(b.base_, canary, kGuardBytes));
  JUDGE_CUDA_TRY(cudaMemset(b.base_ + kGuardBytes + bytes, canary, kGuardBytes));
  return b;
}

Result<std::optional<long long>> GuardedBuffer::first_guard_change() const {
  std::vector<unsigned char> front(kGuardBytes), back(kGuardBytes);
  JUDGE_CUDA_TRY(cudaMemcpy(front.data(), base_, kGuardBytes, cudaMemcpyDeviceToHost));
  JUDGE_CUDA_TRY(cudaMemcpy(back.data(), base_ + kGuardBytes + bytes_, kGuardBytes, cudaMemcpyDeviceToHost));
  // After the end first: one-past-the-end is the common bug and the most useful to report.
  for (std::size_t i = 0; i < kGuardBytes; ++i) {
    if (back[i] != canary_) return std::optional<long long>(static_cast<long long>(bytes_ + i));
  }
  for (std::size_t i = kGuardBytes; i-- > 0;) {
    if (front[i] != canary_)
      return std::optional<long long>(static_cast<long long>(i) - static_cast<long long>(kGuardBytes));
  }
  return std::optional<long long>();
}

}  // namespace judge::exec
