#include "judging/gpu_gate.hpp"

namespace judge::judging {

GpuGate::Use& GpuGate::Use::operator=(Use&& o) noexcept {
  if (this != &o) {
    release();
    gate_ = o.gate_;
    alone_ = o.alone_;
    o.gate_ = nullptr;
  }
  return *this;
}

void GpuGate::Use::release() {
  if (gate_) gate_->end(alone_);
  gate_ = nullptr;
}

GpuGate::Use GpuGate::share() {
  std::unique_lock lock(mutex_);
  changed_.wait(lock, [&] { return !alone_ && waiting_alone_ == 0; });
  ++sharing_;
  return Use(this, false);
}

GpuGate::Use GpuGate::alone() {
  std::unique_lock lock(mutex_);
  ++waiting_alone_;
  changed_.wait(lock, [&] { return !alone_ && sharing_ == 0; });
  --waiting_alone_;
  alone_ = true;
  return Use(this, true);
}

int GpuGate::waiting_alone() {
  std::lock_guard lock(mutex_);
  return waiting_alone_;
}

void GpuGate::end(bool alone) {
  {
    std::lock_guard lock(mutex_);
    if (alone)
      alone_ = false;
    else
      --sharing_;
  }
  changed_.notify_all();
}

}  // namespace judge::judging
