#include <gtest/gtest.h>

#include <chrono>
#include <cstdlib>

#include "exec/runner.hpp"
#include "util/subprocess.hpp"

namespace judge {
namespace {

util::SpawnOptions sh(const std::string& script, std::size_t cap = 1 << 20) {
  util::SpawnOptions o;
  o.argv = {"/bin/sh", "-c", script};
  o.capture_cap_bytes = cap;
  return o;
}

TEST(Subprocess, CapturesOutputAndExitCode) {
  auto r = util::run_captured(sh("echo out; echo err >&2; exit 7"), 10000);
  ASSERT_TRUE(r);
  EXPECT_EQ(r->out.text, "out\n");
  EXPECT_EQ(r->err.text, "err\n");
  EXPECT_TRUE(r->status.exited);
  EXPECT_EQ(r->status.code, 7);
  EXPECT_FALSE(r->timed_out);
}

TEST(Subprocess, TimeoutKillsTheWholeGroup) {
  const auto start = std::chrono::steady_clock::now();
  // The grandchild holds stdout open; killing only the shell would leave us waiting.
  auto r = util::run_captured(sh("sleep 30 & sleep 30"), 300);
  const double ms = std::chrono::duration<double, std::milli>(std::chrono::steady_clock::now() - start).count();
  ASSERT_TRUE(r);
  EXPECT_TRUE(r->timed_out);
  EXPECT_FALSE(r->status.exited);
  EXPECT_LT(ms, 3000);
}

TEST(Subprocess, OutputIsCappedButCounted) {
  auto r = util::run_captured(sh("head -c 100000 /dev/zero", 1000), 10000);
  ASSERT_TRUE(r);
  EXPECT_EQ(r->out.text.size(), 1000u);
  EXPECT_EQ(r->out.total_bytes, 100000u);
  EXPECT_TRUE(r->out.truncated());
}

TEST(Subprocess, DescribesSignals) {
  auto r = util::run_captured(sh("kill -SEGV $$"), 10000);
  ASSERT_TRUE(r);
  EXPECT_EQ(r->status.describe().rfind("signal SIGSEGV", 0), 0u) << r->status.describe();
}

// With no device visible, the runner says so and the judge gets a clean error.
TEST(Runner, ReportsNoCudaDevice) {
  ::setenv("CUDA_VISIBLE_DEVICES", "", 1);
  exec::RunnerLimits limits;
  limits.executable = JUDGE_BINARY;
  auto r = exec::Runner::start(limits);
  ::unsetenv("CUDA_VISIBLE_DEVICES");
  ASSERT_FALSE(r);
  EXPECT_NE(r.error().message.find("no CUDA device"), std::string::npos) << r.error().message;
}

}  // namespace
}  // namespace judge
