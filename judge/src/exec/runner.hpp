// The judge's side of the runner process: start it, load a compiled solution, run one test
// under a wall-clock limit. A hang, crash or sticky error ends the runner, never the judge.
#pragma once

#include <nlohmann/json.hpp>
#include <optional>
#include <string>
#include <vector>

#include "exec/channel.hpp"
#include "exec/protocol.hpp"
#include "exec/sandbox.hpp"
#include "exec/scratch_dir.hpp"
#include "exec/test_layout.hpp"
#include "util/result.hpp"
#include "util/shared_memory.hpp"
#include "util/subprocess.hpp"

namespace judge::exec {

struct RunnerLimits {
  std::string executable;                  // the judge binary to start in runner mode; empty: this process's own
  int setup_ms = 120000;                   // allocating and uploading test data (the judge's own work)
  int solve_ms = 2000;                     // one checked solve call
  int timing_ms = 60000;                   // the whole performance measurement
  std::size_t output_cap_bytes = 1 << 20;  // stdout + stderr kept per runner
  // CUDA_VISIBLE_DEVICES for the runner (one GPU of several, for `judge grade`); empty: inherited.
  std::string visible_devices;
  // A command the runner is started under (compute-sanitizer and its options, for --sanitize):
  // `wrapper... judge __runner --fd 3`. Empty: none.
  std::vector<std::string> wrapper;
  // --require-sandbox: a protection of docs/security.md missing on this machine is an error.
  bool require_sandbox = false;
};

struct TestOutcome {
  enum class End : int { done = 0, timeout = 1, died = 2, judge_error = 3 };
  End end = End::done;
  std::string phase;             // "setup", "solve", "inspect" or "timing": where it ended
  TestReply reply;               // the runner's "done" message (when it came)
  util::ExitStatus exit;         // when died
  std::string output;            // what the solution printed during this test (capped)
  std::size_t output_bytes = 0;  // everything it printed, including past the cap
  std::string error;             // judge_error text
  double elapsed_ms = 0;
};

class Runner {
 public:
  // Starts `judge __runner` and waits for its hello. Fails (with the runner's reason, e.g. "no
  // CUDA device") when no GPU can be used.
  static Result<Runner> start(const RunnerLimits& limits);
  // start() in two steps: spawn() starts the process and returns at once; wait_ready() waits
  // for its hello (the CUDA context, a few hundred milliseconds), possibly on another thread, so
  // a runner started early gets ready while the caller works. Spawn from a thread that outlives
  // the runner: it dies with the thread that started it (PR_SET_PDEATHSIG).
  static Result<Runner> spawn(const RunnerLimits& limits);
  Status wait_ready();

  const nlohmann::json& device() const { return device_; }
  // The runner's protections: predicted at start, as applied once a solution is loaded.
  const SandboxReport& sandbox() const { return sandbox_; }
  // "sm_90" for the device in use.
  std::string arch() const;
  Status load(const std::string& artifact);
  // Measures device-to-device copy bandwidth (GB/s, read + write).
  Result<double> measure_copy_bandwidth();
  TestOutcome run(const TestRequest& request, const util::SharedMemory& shm, int solve_limit_ms);
  bool alive() const { return child_.running(); }
  // Asks the runner to exit and waits for it.
  void stop();
  // stop(), waiting up to `timeout_ms` for its output to close, and returns what it printed
  // after the last test's outcome was taken (a wrapper such as compute-sanitizer prints its
  // summary as the runner exits).
  std::string stop_and_collect(int timeout_ms);

 private:
  Result<Message> wait_message(int timeout_ms, bool& timed_out);
  Status check_sandbox() const;
  ScratchDir scratch_;  // before child_: the runner ends before its folder goes
  util::Child child_;
  Channel channel_;
  nlohmann::json device_;
  SandboxReport sandbox_;
  RunnerLimits limits_;
  std::size_t taken_out_ = 0, taken_err_ = 0;  // output bytes already handed out in a TestOutcome
};

}  // namespace judge::exec
