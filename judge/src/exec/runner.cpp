#include "exec/runner.hpp"

#include "exec/protocol.hpp"

#include <fmt/format.h>
#include <sys/resource.h>

#include <algorithm>
#include <chrono>
#include <cstdlib>
#include <filesystem>
#include <thread>

namespace judge::exec {

namespace {
using Clock = std::chrono::steady_clock;
constexpr int kRunnerFd = 3;
// How long a runner whose channel closed may take to end by itself before it is killed: ending
// through the sandbox's init and outer process takes a few milliseconds.
constexpr int kDyingGraceMs = 1000;
}  // namespace

Result<Runner> Runner::start(const RunnerLimits& limits) {
  auto r = spawn(limits);
  if (!r) return r.error();
  if (auto s = r->wait_ready(); !s) return s.error();
  return r;
}

Result<Runner> Runner::spawn(const RunnerLimits& limits) {
  auto pair = Channel::make_pair();
  if (!pair) return pair.error();
  auto scratch = ScratchDir::create();
  if (!scratch) return scratch.error();
  util::SpawnOptions o;
  const std::string exe =
      limits.executable.empty() ? std::filesystem::read_symlink("/proc/self/exe").string() : limits.executable;
  o.argv = limits.wrapper;  // compute-sanitizer under --sanitize, else nothing
  o.argv.insert(o.argv.end(),
                {exe, "__runner", "--fd", std::to_string(kRunnerFd), "--scratch", scratch->path().string()});
  // Pinning through env(1): the judge may run several runners from several threads, so it must
  // not change its own environment, and a forked child must not call setenv before exec.
  std::vector<std::string> env;
  if (!limits.visible_devices.empty()) env.push_back("CUDA_VISIBLE_DEVICES=" + limits.visible_devices);
  // A wrapper (compute-sanitizer) cannot follow the runner into its own user and PID namespaces
  // (the runner then never starts: seen on an H200), so under one the runner keeps every other
  // protection but those (docs/security.md).
  if (!limits.wrapper.empty()) {
    const char* off = std::getenv("JUDGE_SANDBOX_DISABLE");
    env.push_back("JUDGE_SANDBOX_DISABLE=" + (off && *off ? std::string(off) + "," : std::string()) + "namespaces");
  }
  if (!env.empty()) {
    env.insert(env.begin(), "/usr/bin/env");
    o.argv.insert(o.argv.begin(), env.begin(), env.end());
  }
  o.fds = {{pair->second.get(), kRunnerFd}};
  o.rlimits = {{RLIMIT_CORE, 0}, {RLIMIT_FSIZE, rlim_t{1} << 30}, {RLIMIT_CPU, 3600}};
  o.capture_cap_bytes = limits.output_cap_bytes;
  o.die_with_parent = true;  // a judge killed with SIGKILL leaves no runner behind
  auto child = util::spawn(o);
  if (!child) return child.error();
  pair->second.reset();  // the child holds its end now; EOF on ours means it is gone
  Runner r;
  r.scratch_ = std::move(*scratch);
  r.child_ = std::move(*child);
  r.channel_ = std::move(pair->first);
  r.limits_ = limits;
  return r;
}

Status Runner::wait_ready() {
  bool timed_out = false;
  auto hello = wait_message(limits_.setup_ms, timed_out);
  if (!hello) {
    child_.kill_group();
    const util::ExitStatus& status = child_.wait();
    std::string why = timed_out ? "did not start in time" : "exited (" + status.describe() + ")";
    if (!child_.err().text.empty()) why += ": " + child_.err().text;
    return make_error("the GPU runner " + why);
  }
  if (!hello->body.value("ok", false))
    return make_error(hello->body.value("error", std::string("runner failed to start")));
  device_ = hello->body.at("device");
  sandbox_ = SandboxReport::from_json(hello->body.value("sandbox", nlohmann::json()));
  if (auto s = check_sandbox(); !s) {
    stop();
    return s;
  }
  return Ok{};
}

Status Runner::check_sandbox() const {
  if (!limits_.require_sandbox || sandbox_.complete()) return Ok{};
  return make_error("--require-sandbox: this machine lacks " + sandbox_.missing_line() +
                    " (judge doctor lists every protection; docs/security.md says what each needs)");
}

std::string Runner::arch() const {
  return "sm_" + std::to_string(device_.at("cc_major").get<int>()) + std::to_string(device_.at("cc_minor").get<int>());
}

Result<Message> Runner::wait_message(int timeout_ms, bool& timed_out) {
  timed_out = false;
  const auto deadline = Clock::now() + std::chrono::milliseconds(timeout_ms);
  for (;;) {
    const auto left = std::chrono::duration_cast<std::chrono::milliseconds>(deadline - Clock::now()).count();
    if (left <= 0) {
      timed_out = true;
      return make_error("timed out");
    }
    // drain() keeps the solution's stdout/stderr flowing while we wait for the channel.
    if (child_.drain(static_cast<int>(left), channel_.fd())) return channel_.recv();
  }
}

Status Runner::load(const std::string& artifact) {
  if (auto s = channel_.send({{"op", "load"}, {"artifact", artifact}}); !s) return s;
  bool timed_out = false;
  auto reply = wait_message(limits_.setup_ms, timed_out);
  if (!reply) return make_error("the GPU runner did not answer while loading the solution");
  if (reply->body.contains("sandbox")) sandbox_ = SandboxReport::from_json(reply->body["sandbox"]);
  if (auto s = check_sandbox(); !s) return s;
  if (!reply->body.value("ok", false)) return make_error(reply->body.value("error", std::string("load failed")));
  return Ok{};
}

Result<double> Runner::measure_copy_bandwidth() {
  if (auto s = channel_.send({{"op", "calibrate"}}); !s) return s.error();
  bool timed_out = false;
  auto reply = wait_message(limits_.setup_ms, timed_out);
  if (!reply) return make_error("the GPU runner did not answer the bandwidth measurement");
  if (reply->body.contains("error")) return make_error(reply->body["error"].get<std::string>());
  return reply->body.at("d2d_gbs").get<double>();
}

TestOutcome Runner::run(const TestRequest& request, const util::SharedMemory& shm, int solve_limit_ms) {
  TestOutcome out;
  const auto start = Clock::now();
  const std::size_t out_before = child_.out().total_bytes + child_.err().total_bytes;
  const std::size_t text_out = child_.out().text.size(), text_err = child_.err().text.size();
  auto finish = [&](TestOutcome::End end) {
    out.end = end;
    if (end == TestOutcome::End::died) {
      // The channel closed because the runner is ending (exit, abort, a crash). Let it end by
      // itself for a moment, so the status the judge reports is its own (mirrored out of the PID
      // namespace by the sandbox's outer process) and not the SIGKILL sent below.
      const auto give_up = Clock::now() + std::chrono::milliseconds(kDyingGraceMs);
      while (!child_.try_wait() && Clock::now() < give_up) {
        if (!child_.drain(5)) std::this_thread::sleep_for(std::chrono::milliseconds(5));
      }
    }
    if (end != TestOutcome::End::done) {  // whatever the runner is doing now, it must stop
      child_.kill_group();
      out.exit = child_.wait();
    } else {
      child_.drain(0);
    }
    out.output = child_.out().text.substr(text_out) + child_.err().text.substr(text_err);
    taken_out_ = child_.out().text.size();
    taken_err_ = child_.err().text.size();
    out.output_bytes = child_.out().total_bytes + child_.err().total_bytes - out_before;
    out.elapsed_ms = std::chrono::duration<double, std::milli>(Clock::now() - start).count();
    return out;
  };
  if (!channel_.send(to_json(request), shm.fd())) {
    out.phase = "setup";
    return finish(TestOutcome::End::died);
  }
  out.phase = "setup";
  int limit = limits_.setup_ms;
  for (;;) {
    bool timed_out = false;
    auto msg = wait_message(limit, timed_out);
    if (timed_out) {
      const bool judges_work = out.phase == "setup" || out.phase == "inspect";
      if (judges_work) out.error = fmt::format("the runner did not finish the judge's {} work in time", out.phase);
      return finish(judges_work ? TestOutcome::End::judge_error : TestOutcome::End::timeout);
    }
    if (!msg) return finish(TestOutcome::End::died);
    const std::string op = msg->body.value("op", "");
    if (op == "started") {
      out.phase = "solve";
      limit = solve_limit_ms;
    } else if (op == "solved") {
      out.phase = "inspect";
      limit = limits_.setup_ms;
    } else if (op == "timing") {
      out.phase = "timing";
      limit = limits_.timing_ms;
    } else if (op == "done") {
      auto reply = parse_reply(msg->body);
      if (!reply) {
        out.error = reply.error().message;
        return finish(TestOutcome::End::judge_error);
      }
      out.reply = std::move(*reply);
      if (out.reply.judge_error) {
        out.error = *out.reply.judge_error;
        return finish(TestOutcome::End::judge_error);
      }
      return finish(TestOutcome::End::done);
    } else {
      out.error = "unexpected message from the runner: " + msg->body.dump();
      return finish(TestOutcome::End::judge_error);
    }
  }
}

void Runner::stop() {
  if (!child_.running()) return;
  (void)channel_.send({{"op", "quit"}});
  child_.drain(2000);
  if (!child_.try_wait()) child_.kill_group();
  child_.wait();
  scratch_.remove();
}

std::string Runner::stop_and_collect(int timeout_ms) {
  if (child_.running()) {
    (void)channel_.send({{"op", "quit"}});
    child_.drain(timeout_ms);
    if (!child_.try_wait()) child_.kill_group();
    child_.wait();
  }
  const std::string& out = child_.out().text;
  const std::string& err = child_.err().text;
  return out.substr(std::min(taken_out_, out.size())) + err.substr(std::min(taken_err_, err.size()));
}

}  // namespace judge::exec
