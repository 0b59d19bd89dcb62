// One GPU shared by several submissions at once (`judge grade --gpu-jobs N`): their example and
// functional tests, runner starts and loads use the GPU together; a measurement (the performance
// case, the device's peak bandwidth) has it alone. Like a reader-writer lock that favours the
// writer: once a measurement waits, no new shared use starts, and it begins when the shared uses
// in flight (one test each) have ended, so nothing else runs on the GPU while it is timed.
#pragma once

#include <condition_variable>
#include <mutex>

namespace judge::judging {

class GpuGate {
 public:
  // A use of the GPU, held until destroyed (or release()d). An empty Use holds nothing.
  class Use {
   public:
    Use() = default;
    Use(Use&& o) noexcept : gate_(o.gate_), alone_(o.alone_) { o.gate_ = nullptr; }
    Use& operator=(Use&& o) noexcept;
    Use(const Use&) = delete;
    Use& operator=(const Use&) = delete;
    ~Use() { release(); }
    void release();

   private:
    friend class GpuGate;
    Use(GpuGate* gate, bool alone) : gate_(gate), alone_(alone) {}
    GpuGate* gate_ = nullptr;
    bool alone_ = false;
  };

  // Waits while a measurement runs or waits.
  Use share();
  // Waits until no other use is in flight; new shared uses wait behind it.
  Use alone();

  // Either, for a gate that may be absent (`judge run`: the GPU is the run's own).
  static Use share(GpuGate* gate) { return gate ? gate->share() : Use(); }
  static Use alone(GpuGate* gate) { return gate ? gate->alone() : Use(); }

  // Measurements waiting for the GPU now (for tests and progress lines).
  int waiting_alone();

 private:
  void end(bool alone);
  std::mutex mutex_;
  std::condition_variable changed_;
  int sharing_ = 0;        // shared uses in flight
  int waiting_alone_ = 0;  // measurements waiting for the GPU
  bool alone_ = false;     // a measurement in flight
};

}  // namespace judge::judging
