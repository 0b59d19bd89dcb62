// When the performance case stops sampling: a pure function of the samples so far, unit-tested
// without a GPU (tests/stop_rule_test.cpp). The defaults are the judge's timing policy; their
// reasons are in docs/timing.md ("Stopping").
#pragma once

#include <cstddef>
#include <string>
#include <vector>

namespace judge::bench {

struct TimingPolicy {
  // Warm-up before any sample: at least this many calls and this much wall time.
  int min_warmup_calls = 3;
  double min_warmup_ms = 50;
  // Sampling may stop once there are `min_samples` queued samples, `min_timed_ms` of event time
  // in them (`judge run --min-time`; 0: no floor) and the median's relative noise is at most
  // `target_noise`. The noise target is five times tighter than the 0.5% repeatability target:
  // added in quadrature it moves the spread between runs by at most 0.1 point; the rest is the
  // process-to-process part (placement). docs/timing.md says why not tighter.
  std::size_t min_samples = 50;
  double min_timed_ms = 0;
  double target_noise = 0.001;
  // Wall-clock budget of the sampling loop: once the minimums above are met and this much time
  // has passed, sampling stops even if the noise target is not met (the noise is reported).
  double budget_ms = 2000;
  // Hard caps, whatever the minimums: a solution slow enough to reach them is measured on fewer
  // samples. The time cap grows to 3x min_timed_ms when --min-time asks for more.
  std::size_t max_samples = 50000;
  double max_total_ms = 15000;
};

struct StopState {
  std::size_t samples = 0;  // queued samples so far
  double timed_ms = 0;      // their event time, summed
  double elapsed_ms = 0;    // wall time since sampling started
};

// Empty while sampling should go on; otherwise the reason it stops: "noise target met",
// "time budget", "sample cap" or "time cap". `queued` holds the queued samples in any order.
std::string stop_reason(const std::vector<double>& queued, const StopState& state, const TimingPolicy& policy);

// The noise is re-estimated after every sample up to 256, then each time the count grows by
// 1/64 (sorting every time would make long sampling quadratic).
bool noise_due(std::size_t samples);

}  // namespace judge::bench
