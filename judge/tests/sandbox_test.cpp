// The runner's sandbox without a GPU: sandbox_child sets it up as the runner does and tries
// hostile things. A protection this kernel lacks skips its test, saying why.
#include <gtest/gtest.h>
#include <netinet/in.h>
#include <sys/socket.h>

#include <csignal>
#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <sstream>

#include "exec/sandbox.hpp"
#include "exec/scratch_dir.hpp"
#include "test_support.hpp"
#include "util/subprocess.hpp"

namespace judge {
namespace {

namespace fs = std::filesystem;

struct ChildRun {
  exec::SandboxReport report;
  std::string answer;  // the second line: what the hostile action achieved
  util::CapturedRun run;
};

ChildRun run_child(const std::string& action, const std::string& arg = "") {
  auto scratch = exec::ScratchDir::create();
  EXPECT_TRUE(scratch);
  util::SpawnOptions o;
  o.argv = {JUDGE_SANDBOX_CHILD, "--scratch", scratch->path().string(), action, arg};
  o.die_with_parent = true;
  auto r = util::run_captured(o, 20000);
  EXPECT_TRUE(r);
  ChildRun c;
  c.run = *r;
  std::stringstream lines(r->out.text);
  std::string report;
  std::getline(lines, report);
  std::getline(lines, c.answer);
  c.report = exec::SandboxReport::from_json(nlohmann::json::parse(report, nullptr, false));
  EXPECT_FALSE(c.report.protections.empty()) << r->out.text << r->err.text;
  return c;
}

// Empty when `name` is applied, else why not (the reason to skip with).
std::string missing(const exec::SandboxReport& r, const std::string& name) {
  for (const exec::Protection& p : r.protections) {
    if (p.name == name) return p.applied ? "" : name + " is missing here: " + p.how;
  }
  return "no protection named " + name;
}

// Processes named by sandbox_child's sleepers, anywhere on the machine.
int count_sleepers() {
  int n = 0;
  std::error_code ec;
  for (const auto& e : fs::directory_iterator("/proc", ec)) {
    std::ifstream comm(e.path() / "comm");
    std::string name;
    if (std::getline(comm, name) && name == "sbx-sleeper") ++n;
  }
  return n;
}

// Sets JUDGE_SANDBOX_DISABLE for one test.
struct DisableGuard {
  explicit DisableGuard(const char* what) { ::setenv("JUDGE_SANDBOX_DISABLE", what, 1); }
  ~DisableGuard() { ::unsetenv("JUDGE_SANDBOX_DISABLE"); }
};

TEST(Sandbox, ReportSaysHowOrWhyForEveryProtection) {
  const ChildRun c = run_child("report");
  for (const exec::Protection& p : c.report.protections) EXPECT_FALSE(p.how.empty()) << p.name;
  EXPECT_EQ(missing(c.report, "scratch directory"), "");
  EXPECT_EQ(missing(c.report, "runner dies with the judge"), "");
}

TEST(Sandbox, CannotSignalOrPtraceTheJudge) {
  const ChildRun c = run_child("signal-judge");
  if (auto why = missing(c.report, "signals and ptrace"); !why.empty()) GTEST_SKIP() << why;
  EXPECT_EQ(c.answer, "blocked");
  EXPECT_EQ(run_child("ptrace-judge").answer, "blocked");
}

TEST(Sandbox, SeccompAloneStopsSignalsToTheJudge) {
  DisableGuard off("namespaces,landlock");
  const ChildRun c = run_child("signal-judge");
  if (auto why = missing(c.report, "seccomp filter"); !why.empty()) GTEST_SKIP() << why;
  EXPECT_EQ(c.answer, "blocked");
  EXPECT_EQ(run_child("signal-all").answer, "blocked");
}

TEST(Sandbox, DescendantsDieWithIt) {
  const ChildRun c = run_child("escapers", "5");
  EXPECT_EQ(c.answer, "spawned");
  EXPECT_EQ(run_child("sleepers", "5").answer, "spawned");
  EXPECT_EQ(count_sleepers(), 0);
}

TEST(Sandbox, WithoutNamespacesTheSubreaperKillsEscapedDescendants) {
  DisableGuard off("all");
  const ChildRun c = run_child("escapers", "5");
  EXPECT_EQ(c.answer, "spawned");
  EXPECT_EQ(count_sleepers(), 0);
}

TEST(Sandbox, ReadsOnlyWhatItNeeds) {
  testing::TempDir dir;  // under the temporary folder, like the caches and stores: out of reach
  const fs::path secret = dir.path() / "expected.bin";
  std::ofstream(secret) << "42";
  const ChildRun c = run_child("read", secret.string());
  if (auto why = missing(c.report, "filesystem"); !why.empty()) GTEST_SKIP() << why;
  EXPECT_EQ(c.answer, "blocked");
  EXPECT_EQ(run_child("read", "/etc/ld.so.cache").answer, "allowed");
  if (const char* home = std::getenv("HOME"); home && fs::is_directory(home)) {
    EXPECT_EQ(run_child("read", home).answer, "blocked");
  }
}

TEST(Sandbox, WritesOnlyToItsScratchFolder) {
  testing::TempDir dir;
  const fs::path outside = dir.path() / "escaped.txt";
  const ChildRun c = run_child("write", outside.string());
  if (auto why = missing(c.report, "filesystem"); !why.empty()) GTEST_SKIP() << why;
  EXPECT_EQ(c.answer, "blocked");
  EXPECT_FALSE(fs::exists(outside));
  EXPECT_EQ(run_child("write", "inside.txt").answer, "allowed");  // relative: the scratch folder
}

TEST(Sandbox, HasNoNetwork) {
  const int listener = ::socket(AF_INET, SOCK_STREAM, 0);
  ASSERT_GE(listener, 0);
  sockaddr_in a{};
  a.sin_family = AF_INET;
  a.sin_addr.s_addr = htonl(INADDR_LOOPBACK);
  socklen_t len = sizeof a;
  ASSERT_EQ(::bind(listener, reinterpret_cast<sockaddr*>(&a), sizeof a), 0);
  ASSERT_EQ(::listen(listener, 1), 0);
  ASSERT_EQ(::getsockname(listener, reinterpret_cast<sockaddr*>(&a), &len), 0);
  const ChildRun c = run_child("connect", std::to_string(ntohs(a.sin_port)));
  ::close(listener);
  if (auto why = missing(c.report, "no network"); !why.empty()) GTEST_SKIP() << why;
  EXPECT_EQ(c.answer, "blocked");
}

TEST(Sandbox, TheJudgeSeesHowTheSandboxedProcessEnded) {
  // Inside a PID namespace the process is not the judge's child: the sandbox's outer process
  // mirrors its exit code or signal (exec/sandbox_namespaces.cpp).
  const ChildRun exited = run_child("exit", "7");
  EXPECT_TRUE(exited.run.status.exited);
  EXPECT_EQ(exited.run.status.code, 7) << exited.run.status.describe();
  const ChildRun aborted = run_child("abort");
  EXPECT_FALSE(aborted.run.status.exited);
  EXPECT_EQ(aborted.run.status.signal, SIGABRT) << aborted.run.status.describe();
}

TEST(Sandbox, ForkBombIsBounded) {
  const ChildRun probe = run_child("report");
  if (auto why = missing(probe.report, "process limit"); !why.empty()) GTEST_SKIP() << why;
  const ChildRun c = run_child("fork-bomb");
  EXPECT_LT(std::atoi(c.answer.c_str()), 600) << c.answer;
  EXPECT_EQ(count_sleepers(), 0);
}

TEST(Sandbox, ScratchFolderIsRemovedEvenWhenLockedUp) {
  auto scratch = exec::ScratchDir::create();
  ASSERT_TRUE(scratch);
  const fs::path path = scratch->path();
  fs::create_directories(path / "a" / "b");
  std::ofstream(path / "a" / "b" / "f") << "x";
  fs::permissions(path / "a", fs::perms::none);
  scratch->remove();
  EXPECT_FALSE(fs::exists(path));
}

TEST(Subprocess, DescendantsThatLeaveTheGroupAreKilled) {
  util::SpawnOptions o;
  // A double fork into a new session: the sleeper is re-parented to us, the subreaper.
  o.argv = {"/bin/sh", "-c", "(setsid sleep 987 >/dev/null 2>&1 &); exit 0"};
  auto r = util::run_captured(o, 10000);
  ASSERT_TRUE(r);
  EXPECT_FALSE(r->timed_out);
  int left = 0;
  std::error_code ec;
  for (const auto& e : fs::directory_iterator("/proc", ec)) {
    std::ifstream cmd(e.path() / "cmdline");
    std::string text;
    std::getline(cmd, text);
    if (text.rfind("sleep", 0) == 0 && text.find("987") != std::string::npos) ++left;
  }
  EXPECT_EQ(left, 0);
}

}  // namespace
}  // namespace judge
