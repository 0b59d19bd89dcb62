#include "exec/runner_child.hpp"

#include <cuda_profiler_api.h>
#include <dlfcn.h>

#include <algorithm>
#include <chrono>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <optional>
#include <vector>

#include "bench/stop_rule.hpp"
#include "compile/trampoline.hpp"
#include "exec/channel.hpp"
#include "exec/cuda_check.hpp"
#include "exec/device_watch.hpp"
#include "exec/free_guard.hpp"
#include "exec/guarded_buffer.hpp"
#include "exec/input_snapshot.hpp"
#include "exec/launch_record.hpp"
#include "exec/protocol.hpp"
#include "exec/runner_device.hpp"
#include "exec/sandbox.hpp"
#include "exec/test_layout.hpp"
#include "exec/timing.hpp"
#include "util/poison.hpp"
#include "util/shared_memory.hpp"

namespace judge::exec {
namespace {

using Json = nlohmann::json;
using SolveFn = void (*)(void* const*);

double ms_since(std::chrono::steady_clock::time_point t) {
  return std::chrono::duration<double, std::milli>(std::chrono::steady_clock::now() - t).count();
}

CudaErrorReport cuda_error_report(cudaError_t e, bool sticky) {
  CudaErrorReport r;
  r.name = cudaGetErrorName(e);
  r.text = cudaGetErrorString(e);
  r.sticky = sticky;
  return r;
}

RefusedLaunch refused_launch(const FailedLaunch& f) {
  RefusedLaunch l;
  l.kernel = f.kernel;
  l.grid = {f.grid.x, f.grid.y, f.grid.z};
  l.block = {f.block.x, f.block.y, f.block.z};
  l.shared_bytes = f.shared_bytes;
  l.failed_launches = f.failed_launches;
  l.launches = f.launches;
  return l;
}

TestReply judge_failure(std::string what) {
  TestReply r;
  r.judge_error = std::move(what);
  return r;
}

struct Loaded {
  void* handle = nullptr;
  SolveFn solve = nullptr;
};

Result<Loaded> load_artifact(const std::string& path) {
  Loaded l;
  l.handle = ::dlopen(path.c_str(), RTLD_NOW | RTLD_LOCAL);
  if (!l.handle) return make_error(fmt::format("cannot load the compiled solution: {}", ::dlerror()));
  l.solve = reinterpret_cast<SolveFn>(::dlsym(l.handle, compile::kTrampolineSymbol));
  if (!l.solve) return make_error(fmt::format("compiled solution lacks {}", compile::kTrampolineSymbol));
  return l;
}

// Argument storage: each argument's bytes in its own 8-byte slot, in the declared C type.
std::vector<std::uint64_t> make_arg_storage(const TestRequest& r, const std::vector<GuardedBuffer>& bufs) {
  std::vector<std::uint64_t> s(r.args.size(), 0);
  for (std::size_t i = 0; i < r.args.size(); ++i) {
    const ArgSlot& a = r.args[i];
    void* slot = &s[i];
    using K = compile::ArgKind;
    switch (a.kind) {
      case K::pointer: {
        void* p = bufs[a.buffer].data();
        std::memcpy(slot, &p, sizeof p);
        break;
      }
      case K::i32: {
        auto v = static_cast<std::int32_t>(a.value);
        std::memcpy(slot, &v, 4);
        break;
      }
      case K::u32: {
        auto v = static_cast<std::uint32_t>(a.value);
        std::memcpy(slot, &v, 4);
        break;
      }
      case K::i64: {
        auto v = static_cast<std::int64_t>(a.value);
        std::memcpy(slot, &v, 8);
        break;
      }
      case K::u64: {
        auto v = static_cast<std::uint64_t>(a.value);
        std::memcpy(slot, &v, 8);
        break;
      }
      case K::f32: {
        auto v = static_cast<float>(a.value);
        std::memcpy(slot, &v, 4);
        break;
      }
      case K::f64: {
        double v = a.value;
        std::memcpy(slot, &v, 8);
        break;
      }
    }
  }
  return s;
}

// Allocates every buffer and uploads its starting contents (inputs, or poison for outputs).
// Under a sanitizer the request says otherwise (TestRequest::sanitize).
Result<std::vector<GuardedBuffer>> upload(const TestRequest& r, const util::SharedMemory& shm) {
  std::vector<GuardedBuffer> bufs;
  for (std::size_t i = 0; i < r.buffers.size(); ++i) {
    const BufferSlot& b = r.buffers[i];
    auto g = GuardedBuffer::allocate(b.bytes, util::canary_byte(i), r.sanitize == "memcheck" ? 0 : util::kGuardBytes);
    if (!g) return g.error();
    const std::size_t from = b.initial_offset != kNone ? b.initial_offset : b.result_offset;
    if (r.sanitize == "initcheck" && b.role == spec::Role::out) {  // unwritten: initcheck sees a read before a write
      bufs.push_back(std::move(*g));
      continue;
    }
    JUDGE_CUDA_TRY(cudaMemcpy(g->data(), shm.data() + from, b.bytes, cudaMemcpyHostToDevice));
    bufs.push_back(std::move(*g));
  }
  JUDGE_CUDA_TRY(cudaDeviceSynchronize());
  return bufs;
}

// Results back to shared memory, then the guard and input-immutability checks (on the device
// where `snapshot` holds a copy of the input, else on the host).
// Fills the reply's guards and modified.
Status inspect(const TestRequest& r, const util::SharedMemory& shm, const std::vector<GuardedBuffer>& bufs,
               const InputSnapshot& snapshot, TestReply& reply) {
  std::vector<unsigned char> scratch;
  for (std::size_t i = 0; i < r.buffers.size(); ++i) {
    const BufferSlot& b = r.buffers[i];
    if (b.result_offset != kNone)
      JUDGE_CUDA_TRY(cudaMemcpy(shm.data() + b.result_offset, bufs[i].data(), b.bytes, cudaMemcpyDeviceToHost));
    auto change = bufs[i].first_guard_change();
    if (!change) return change.error();
    if (*change) reply.guards.push_back({b.name, static_cast<long long>(**change)});
    if (b.role == spec::Role::in && snapshot.has(i)) {
      auto first = snapshot.first_change(i, bufs[i]);
      if (!first) return first.error();
      if (*first) reply.modified.push_back({b.name, **first / b.element_bytes});
    } else if (b.role == spec::Role::in) {
      scratch.resize(b.bytes);
      JUDGE_CUDA_TRY(cudaMemcpy(scratch.data(), bufs[i].data(), b.bytes, cudaMemcpyDeviceToHost));
      const unsigned char* orig = shm.data() + b.initial_offset;
      for (std::size_t k = 0; k < b.bytes; ++k) {
        if (scratch[k] != orig[k]) {
          reply.modified.push_back({b.name, k / b.element_bytes});
          break;
        }
      }
    }
  }
  return Ok{};
}

// Calls solve once and waits for the device; the error, if any, is the first one raised.
void invoke_solve(SolveFn solve, const std::vector<std::uint64_t>& storage) {
  std::vector<void*> ptrs;
  for (const std::uint64_t& s : storage) ptrs.push_back(const_cast<std::uint64_t*>(&s));
  solve(ptrs.data());
}

struct SolveOutcome {
  cudaError_t error = cudaSuccess;
  bool sticky = false;                 // the context is unusable (every later call fails)
  std::optional<FailedLaunch> launch;  // the first launch the runtime refused, if any
  std::optional<std::string> freed;    // solve tried to free a judge buffer (free_guard.hpp)
};

std::vector<GuardedRange> judge_ranges(const TestRequest& r, const std::vector<GuardedBuffer>& bufs) {
  std::vector<GuardedRange> ranges;
  for (std::size_t i = 0; i < bufs.size(); ++i)
    ranges.push_back({r.buffers[i].name, bufs[i].allocation_begin(), bufs[i].allocation_end()});
  return ranges;
}

// Calls solve, waits for the device and tells a sticky error (a kernel fault: the context is
// lost) from one the context survives (a refused launch, a bad argument to an API call), after
// which the outputs can still be inspected, as LeetGPU's harness would.
SolveOutcome call_solve(SolveFn solve, const std::vector<std::uint64_t>& storage, std::vector<GuardedRange> ranges) {
  SolveOutcome o;
  start_free_guard(std::move(ranges));
  start_launch_recording();
  invoke_solve(solve, storage);
  const cudaError_t waited = wait_for_device();
  o.freed = stop_free_guard();
  // A sticky error is raised again by every later call; one the context survived is not.
  o.sticky = waited != cudaSuccess && (cudaDeviceSynchronize() != cudaSuccess || cudaGetLastError() != cudaSuccess);
  o.launch = stop_launch_recording();
  // A refused launch comes first and is named the same way whichever engine built the solution
  // (also when solve cleared the error itself); a lost context is named by its own error.
  o.error = !o.sticky && o.launch ? o.launch->error : waited;
  return o;
}

TestReply run_test(const Channel& ch, const Loaded& loaded, const TestRequest& r, util::SharedMemory& shm,
                   bool& must_exit) {
  if (!loaded.solve) return judge_failure("no solution loaded");
  const auto upload_start = std::chrono::steady_clock::now();
  auto bufs = upload(r, shm);
  if (!bufs) return judge_failure(bufs.error().message);
  // Under a sanitizer the inputs are checked on the host: no kernel of the judge's own runs
  // under the tool.
  InputSnapshot snapshot;
  if (r.sanitize.empty()) snapshot.take(r, *bufs);
  TestReply reply;
  reply.upload_ms = ms_since(upload_start);
  const auto storage = make_arg_storage(r, *bufs);
  if (!r.sanitize.empty()) {  // for a sanitizer's reports, which name addresses
    for (std::size_t i = 0; i < r.buffers.size(); ++i)
      reply.buffers.push_back({r.buffers[i].name,
                               r.buffers[i].role == spec::Role::out     ? "out"
                               : r.buffers[i].role == spec::Role::inout ? "inout"
                                                                        : "in",
                               reinterpret_cast<std::uintptr_t>((*bufs)[i].data()), r.buffers[i].bytes,
                               r.buffers[i].element_bytes});
  }
  std::vector<std::string> names;
  for (const BufferSlot& b : r.buffers) names.push_back(b.name);
  const DeviceWatch watch;  // what solve must leave as it found it
  (void)ch.send({{"op", "started"}});
  const auto t0 = std::chrono::steady_clock::now();
  // Under Nsight Compute (--profile-from-start off) only this range is profiled: solve's kernels.
  if (r.profile) cudaProfilerStart();
  std::vector<GuardedRange> guarded = judge_ranges(r, *bufs);
  for (GuardedRange& g : snapshot.ranges(r)) guarded.push_back(std::move(g));
  const SolveOutcome solved = call_solve(loaded.solve, storage, std::move(guarded));
  if (r.profile) cudaProfilerStop();
  reply.solve_ms = ms_since(t0);
  std::fflush(stdout);
  // solve is done: what follows (copies back, guard and input checks) is the judge's own work
  // and must not count against the solution's time limit.
  (void)ch.send({{"op", "solved"}});
  if (solved.error != cudaSuccess) {
    reply.cuda_error = cuda_error_report(solved.error, solved.sticky);
    if (solved.launch) reply.cuda_error->launch = refused_launch(*solved.launch);
  }
  if (solved.sticky) {
    must_exit = true;  // the context is unusable; a fresh runner serves the next test
    return reply;
  }
  if (std::string what = watch.changes(*bufs, names); !what.empty() || solved.freed) {
    must_exit = true;  // the judge's context or buffers are not what it set up
    TestReply misused;
    misused.solve_ms = reply.solve_ms;
    misused.misuse = what.empty() ? *solved.freed : what;
    return misused;
  }
  const auto inspect_start = std::chrono::steady_clock::now();
  auto inspected = inspect(r, shm, *bufs, snapshot, reply);
  snapshot.release();
  reply.inspect_ms = ms_since(inspect_start);
  if (!inspected) {
    must_exit = true;
    return judge_failure(inspected.error().message);
  }
  // (a survivable cuda_error stays in the reply: the context survived it)
  if (r.profile) reply.launches = recorded_launches();
  if (r.performance && reply.guards.empty() && reply.modified.empty()) {
    (void)ch.send({{"op", "timing"}});
    bench::TimingPolicy policy;
    policy.min_timed_ms = r.min_timed_ms;
    auto timing = time_solve([&] { invoke_solve(loaded.solve, storage); }, r, *bufs, shm, device_pci_bus_id(), policy);
    std::fflush(stdout);
    if (timing.cuda_error != cudaSuccess) {
      must_exit = true;
      reply.cuda_error = cuda_error_report(timing.cuda_error, true);
    } else if (!timing.judge_error.empty()) {
      reply.judge_error = timing.judge_error;
    } else {
      reply.timing = static_cast<const TimingSamples&>(timing);
    }
    // A solution that resets the device on a later call breaks the timing loop: say so, as
    // after the checked call, rather than report the loop's failure.
    if (std::string what = watch.changes(*bufs, names); !what.empty()) {
      must_exit = true;
      reply.cuda_error.reset();
      reply.judge_error.reset();
      reply.timing.reset();
      reply.misuse = what + " (during the timed calls)";
    }
  }
  return reply;
}

}  // namespace

int runner_main(int control_fd, const std::string& scratch) {
  // Namespaces first, while this process has one thread and no CUDA (docs/security.md).
  SandboxState sandbox;
  sandbox.switches = SandboxSwitches::from_env();
  enter_namespaces(sandbox);
  if (!scratch.empty() && ::chdir(scratch.c_str()) == 0) {
    sandbox.scratch = scratch;
    ::setenv("TMPDIR", scratch.c_str(), 1);
  }
  // Load every kernel when the solution is loaded, not lazily inside the first timed call.
  ::setenv("CUDA_MODULE_LOADING", "EAGER", 1);
  Channel ch{util::Fd(control_fd)};
  auto info = describe_device();
  if (!info) {
    (void)ch.send({{"op", "hello"}, {"ok", false}, {"error", info.error().message}});
    return 0;
  }
  (void)ch.send({{"op", "hello"}, {"ok", true}, {"device", *info}, {"sandbox", sandbox.report().to_json()}});
  Loaded loaded;
  for (;;) {
    auto msg = ch.recv();
    if (!msg) return 0;  // the judge is gone
    const std::string op = msg->body.value("op", "");
    if (op == "quit") return 0;
    if (op == "load") {
      const std::string artifact = msg->body.at("artifact").get<std::string>();
      // CUDA is up; the solution's code (its static constructors too) runs from dlopen on.
      if (!sandbox.restricted) restrict_process(sandbox, {{artifact}});
      auto l = load_artifact(artifact);
      if (l) loaded = *l;
      Json reply = l ? Json{{"op", "loaded"}, {"ok", true}}
                     : Json{{"op", "loaded"}, {"ok", false}, {"error", l.error().message}};
      reply["sandbox"] = sandbox.report().to_json();
      (void)ch.send(reply);
      continue;
    }
    if (op == "calibrate") {
      (void)ch.send(measure_copy_bandwidth());
      continue;
    }
    if (op == "run") {
      const TestRequest r = test_request_from_json(msg->body);
      auto shm = util::SharedMemory::map(std::move(msg->fd), r.shm_bytes);
      bool must_exit = false;
      const TestReply done = shm ? run_test(ch, loaded, r, *shm, must_exit) : judge_failure(shm.error().message);
      (void)ch.send(to_json(done));
      if (must_exit) return 0;
      continue;
    }
    (void)ch.send({{"op", "error"}, {"error", "unknown request '" + op + "'"}});
  }
}

}  // namespace judge::exec
