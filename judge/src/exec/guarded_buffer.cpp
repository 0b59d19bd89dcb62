#include "exec/guarded_buffer.hpp"

#include <utility>
#include <vector>

#include "exec/cuda_check.hpp"
#include "exec/test_layout.hpp"

namespace judge::exec {

GuardedBuffer::GuardedBuffer(GuardedBuffer&& o) noexcept {
  *this = std::move(o);
}

GuardedBuffer& GuardedBuffer::operator=(GuardedBuffer&& o) noexcept {
  if (this != &o) {
    if (base_) cudaFree(base_);
    base_ = std::exchange(o.base_, nullptr);
    bytes_ = std::exchange(o.bytes_, 0);
    total_ = std::exchange(o.total_, 0);
    guard_ = o.guard_;
    canary_ = o.canary_;
  }
  return *this;
}

GuardedBuffer::~GuardedBuffer() {
  if (base_) cudaFree(base_);
}

Result<GuardedBuffer> GuardedBuffer::allocate(std::size_t bytes, unsigned char canary, std::size_t guard_bytes) {
  GuardedBuffer b;
  b.canary_ = canary;
  b.guard_ = guard_bytes;
  // The data starts guard_bytes in (64 KiB or 0), which keeps cudaMalloc's 256-byte alignment.
  b.total_ = guard_bytes + bytes + guard_bytes;
  void* p = nullptr;
  JUDGE_CUDA_TRY(cudaMalloc(&p, b.total_));
  b.base_ = static_cast<unsigned char*>(p);
  b.bytes_ = bytes;
  if (guard_bytes) {
    JUDGE_CUDA_TRY(cudaMemset(b.base_, canary, guard_bytes));
    JUDGE_CUDA_TRY(cudaMemset(b.base_ + guard_bytes + bytes, canary, guard_bytes));
  }
  return b;
}

Result<std::optional<long long>> GuardedBuffer::first_guard_change() const {
  if (guard_ == 0) return std::optional<long long>();
  std::vector<unsigned char> front(guard_), back(guard_);
  JUDGE_CUDA_TRY(cudaMemcpy(front.data(), base_, guard_, cudaMemcpyDeviceToHost));
  JUDGE_CUDA_TRY(cudaMemcpy(back.data(), base_ + guard_ + bytes_, guard_, cudaMemcpyDeviceToHost));
  // After the end first: one-past-the-end is the common bug and the most useful to report.
  for (std::size_t i = 0; i < guard_; ++i) {
    if (back[i] != canary_) return std::optional<long long>(static_cast<long long>(bytes_ + i));
  }
  for (std::size_t i = guard_; i-- > 0;) {
    if (front[i] != canary_)
      return std::optional<long long>(static_cast<long long>(i) - static_cast<long long>(guard_));
  }
  return std::optional<long long>();
}

}  // namespace judge::exec
