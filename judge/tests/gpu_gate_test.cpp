// judging/gpu_gate: tests share the GPU, a measurement has it alone, and a waiting measurement
// keeps new shared uses out (judge grade --gpu-jobs); and how many submissions share each GPU.
// GPU-free: the gate is plain threads.
#include "judging/gpu_gate.hpp"

#include <gtest/gtest.h>

#include <atomic>
#include <chrono>
#include <thread>
#include <vector>

#include "grade/pipeline.hpp"

namespace judge {
namespace {

using judging::GpuGate;
using namespace std::chrono_literals;

TEST(GpuGate, SharedUsesRunTogether) {
  GpuGate gate;
  GpuGate::Use a = gate.share();
  std::atomic<bool> second{false};
  std::thread t([&] {
    GpuGate::Use b = gate.share();  // must not wait for `a`
    second = true;
  });
  t.join();
  EXPECT_TRUE(second);
}

TEST(GpuGate, AMeasurementWaitsForTheTestsInFlightAndKeepsNewOnesOut) {
  GpuGate gate;
  std::vector<int> order;
  std::mutex order_mutex;
  auto note = [&](int what) {
    std::lock_guard lock(order_mutex);
    order.push_back(what);
  };
  GpuGate::Use test = gate.share();
  std::thread measurement([&] {
    GpuGate::Use alone = gate.alone();
    note(2);  // only after the test in flight ended
    std::this_thread::sleep_for(20ms);
    note(3);
  });
  while (gate.waiting_alone() == 0) std::this_thread::sleep_for(1ms);
  std::thread late_test([&] {
    GpuGate::Use use = gate.share();  // arrives while the measurement waits: goes after it
    note(4);
  });
  std::this_thread::sleep_for(20ms);
  note(1);
  test.release();
  measurement.join();
  late_test.join();
  EXPECT_EQ(order, (std::vector<int>{1, 2, 3, 4}));
}

TEST(GpuGate, MeasurementsHaveTheGpuOneAtATime) {
  GpuGate gate;
  std::atomic<int> inside{0}, most{0};
  std::vector<std::thread> threads;
  for (int i = 0; i < 4; ++i) {
    threads.emplace_back([&] {
      GpuGate::Use alone = gate.alone();
      const int now = ++inside;
      most = std::max(most.load(), now);
      std::this_thread::sleep_for(5ms);
      --inside;
    });
  }
  for (std::thread& t : threads) t.join();
  EXPECT_EQ(most.load(), 1);
}

TEST(GpuGate, WithoutAGateAUseHoldsNothing) {
  // `judge run` has no gate: two "alone" uses at once must not wait for each other (the test
  // would hang).
  GpuGate::Use a = GpuGate::alone(nullptr);
  GpuGate::Use b = GpuGate::alone(nullptr);
  GpuGate::Use c = GpuGate::share(nullptr);
  GpuGate gate;
  EXPECT_EQ(gate.waiting_alone(), 0);
  GpuGate::Use d = gate.alone();  // the real gate is free: nothing above holds it
  EXPECT_EQ(gate.waiting_alone(), 0);
}

TEST(GpuGate, AGpuInExclusiveProcessModeJudgesOneSubmissionAtATime) {
  grade::PipelineOptions options;
  options.gpu_jobs = 4;
  grade::Gpu shared, exclusive;
  exclusive.shareable = false;  // compute mode 3: one CUDA context at a time
  EXPECT_EQ(grade::workers_for(shared, options), 4u);
  EXPECT_EQ(grade::workers_for(exclusive, options), 1u);
  options.gpu_jobs = 0;  // read as 1
  EXPECT_EQ(grade::workers_for(shared, options), 1u);
}

}  // namespace
}  // namespace judge
