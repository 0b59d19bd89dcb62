// `judge run --watch` end to end, GPU-free: no device is visible, so every run of a solution
// whose signature binds ends in a judge error ("no CUDA device") after the runner was started,
// and a signature mismatch is a compile error found before: the two alternate as the file is
// rewritten, which shows each save was judged afresh. Saves in place, by rename and of an included
// header each give one run; Ctrl-C (SIGINT), idle or in the middle of a run, exits 130 and leaves
// no process and no scratch folder behind.
#include <gtest/gtest.h>
#include <signal.h>
#include <sys/wait.h>

#include <chrono>
#include <fstream>
#include <nlohmann/json.hpp>
#include <sstream>

#include "test_support.hpp"
#include "util/subprocess.hpp"

namespace judge {
namespace {

namespace fs = std::filesystem;
using namespace std::chrono_literals;

const char* const kBinds =
    "#include \"helper.cuh\"\n"
    "extern \"C\" void solve(const float* A, const float* B, float* C, int N) { add(A, B, C, N); }\n";
const char* const kMismatch =
    "#include \"helper.cuh\"\n"
    "extern \"C\" void solve(const float* A, float* C, int N) {}\n";
const char* const kHelper =
    "__global__ void add_kernel(const float* A, const float* B, float* C, int N) {\n"
    "  int i = blockIdx.x * blockDim.x + threadIdx.x;\n"
    "  if (i < N) C[i] = A[i] + B[i];\n"
    "}\n"
    "inline void add(const float* A, const float* B, float* C, int N) { add_kernel<<<(N + 255) / 256, 256>>>(A, B, C, "
    "N); }\n";

std::size_t count(const std::string& text, const std::string& what) {
  std::size_t n = 0;
  for (std::size_t at = text.find(what); at != std::string::npos; at = text.find(what, at + 1)) ++n;
  return n;
}

// `judge run ARGS...` started in `folder` with TMPDIR `tmp` (where runners make their scratch
// folders), read as it goes.
class RunningJudge {
 public:
  RunningJudge(const fs::path& folder, const fs::path& tmp, std::vector<std::string> args,
               std::vector<std::string> env = {}) {
    util::SpawnOptions o;
    o.argv = {"/usr/bin/env", "CUDA_VISIBLE_DEVICES=", "NO_COLOR=1", "TMPDIR=" + tmp.string()};
    o.argv.insert(o.argv.end(), env.begin(), env.end());
    o.argv.insert(o.argv.end(), {JUDGE_BINARY, "--root", JUDGE_TEST_ROOT, "run"});
    o.argv.insert(o.argv.end(), args.begin(), args.end());
    o.cwd = folder;
    auto c = util::spawn(o);
    EXPECT_TRUE(c) << c.error().message;
    child_ = std::move(*c);
  }

  // Reads output until `done` holds for stdout (true) or a minute passed (false).
  template <class Done>
  bool wait_for(Done done) {
    const auto deadline = std::chrono::steady_clock::now() + 60s;
    while (!done(out())) {
      if (std::chrono::steady_clock::now() > deadline || child_.try_wait()) return done(out());
      child_.drain(100);
    }
    return true;
  }
  // Reads output for `d`.
  void read_for(std::chrono::milliseconds d) {
    const auto deadline = std::chrono::steady_clock::now() + d;
    while (std::chrono::steady_clock::now() < deadline) child_.drain(50);
  }
  bool wait_for_footers(std::size_t n) {
    return wait_for([n](const std::string& out) { return count(out, "(Ctrl-C to stop)\n") >= n; });
  }

  // Ctrl-C: sends SIGINT and waits for the judge to end without reaping it yet, so that what it
  // left behind is still there to see: this test process is a child subreaper (util::spawn made
  // it one), so a process the judge left running or did not reap is now a child of ours.
  void interrupt() {
    ::kill(child_.pid(), SIGINT);
    siginfo_t info{};
    while (::waitid(P_PID, static_cast<id_t>(child_.pid()), &info, WEXITED | WNOWAIT) < 0 && errno == EINTR) {
    }
  }
  // After interrupt(): kills and counts the processes the judge left to us, then reaps it.
  std::size_t left_behind() { return util::kill_strays(); }
  const util::ExitStatus& status() { return child_.wait(); }
  const std::string& out() const { return child_.out().text; }
  const std::string& err() const { return child_.err().text; }

 private:
  util::Child child_;
};

// Ctrl-C ends the judge with 130, leaving no process and no scratch folder (in `tmp`) behind.
void expect_clean_interrupt(RunningJudge& judge, const fs::path& tmp) {
  EXPECT_EQ(judge.left_behind(), 0u) << "processes left behind by the judge";
  const util::ExitStatus& status = judge.status();
  EXPECT_TRUE(status.exited && status.code == 130) << status.describe() << judge.err();
  EXPECT_TRUE(fs::is_empty(tmp)) << "a runner's scratch folder was left in " << tmp;
}

void replace_by_rename(const fs::path& file, const std::string& text) {
  const fs::path tmp = file.parent_path() / ("." + file.filename().string() + ".swp");
  std::ofstream(tmp) << text;
  fs::rename(tmp, file);
}

TEST(Watch, EverySaveIsJudgedOnceUntilCtrlC) {
  testing::TempDir dir, tmp;
  dir.write("helper.cuh", kHelper);
  const fs::path s = dir.write("s.cu", kBinds);
  RunningJudge judge(dir.path(), tmp.path(), {"vector-addition", "s.cu", "--watch"});

  ASSERT_TRUE(judge.wait_for_footers(1)) << judge.out() << judge.err();
  EXPECT_NE(judge.out().find("] run 1: s.cu\n"), std::string::npos) << judge.out();
  EXPECT_NE(judge.out().find("no CUDA device"), std::string::npos) << judge.out();
  EXPECT_NE(judge.out().find("\nwatching s.cu and helper.cuh (Ctrl-C to stop)\n"), std::string::npos) << judge.out();

  // Saved in place (truncate, write, close: several events, one run): now a compile error.
  std::ofstream(s) << kMismatch;
  ASSERT_TRUE(judge.wait_for_footers(2)) << judge.out() << judge.err();
  std::string run = judge.out().substr(judge.out().find("] run 2: "));
  EXPECT_EQ(run.rfind("] run 2: s.cu changed\n", 0), 0u) << run;
  EXPECT_NE(run.find("signature mismatch"), std::string::npos) << run;

  // Saved as an editor does: a new file renamed over the old one. Judged again: no GPU.
  replace_by_rename(s, kBinds);
  ASSERT_TRUE(judge.wait_for_footers(3)) << judge.out() << judge.err();
  run = judge.out().substr(judge.out().find("] run 3: "));
  EXPECT_EQ(run.rfind("] run 3: s.cu changed\n", 0), 0u) << run;
  EXPECT_NE(run.find("no CUDA device"), std::string::npos) << run;

  // The header the solution includes, saved the same way; a file it does not include, not at all.
  dir.write("unrelated.cuh", "// not included\n");
  replace_by_rename(dir.path() / "helper.cuh", std::string(kHelper) + "// edited\n");
  ASSERT_TRUE(judge.wait_for_footers(4)) << judge.out() << judge.err();
  EXPECT_NE(judge.out().find("] run 4: helper.cuh changed\n"), std::string::npos) << judge.out();

  // One save, one run: nothing more comes once the saves are over (three times the debounce).
  judge.read_for(1s);
  EXPECT_EQ(count(judge.out(), "] run "), 4u) << judge.out();

  // Ctrl-C while watching.
  judge.interrupt();
  expect_clean_interrupt(judge, tmp.path());
  const std::string last = "\nwatching s.cu and helper.cuh (Ctrl-C to stop)\n";
  EXPECT_EQ(judge.out().rfind(last), judge.out().size() - last.size()) << "it ends with the footer: " << judge.out();
}

// Ctrl-C while a run waits for its runner: with --watch, and a plain `judge run` the same way.
void interrupt_during_a_run(bool watch) {
  testing::TempDir dir, tmp, pids;
  dir.write("s.cu", kBinds);
  dir.write("helper.cuh", kHelper);
  // A stand-in for compute-sanitizer (--sanitize starts the runner under it) that never starts
  // the runner: the run waits for it, with a child in its group, one that left the group
  // (setsid) and a file in the runner's scratch folder (the last argument).
  const fs::path fake =
      dir.write("fake-sanitizer",
                "#!/bin/sh\n"
                "for last; do :; done\n"
                "echo x > \"$last/written-by-the-runner\"\n"
                "sleep 300 & echo $! > " +
                    (pids.path() / "child").string() +
                    "\n"
                    "setsid sleep 300 & echo $! > " +
                    (pids.path() / "escaped").string() +
                    "\n"
                    "echo $$ > " +
                    (pids.path() / "wrapper.tmp").string() +
                    "\n"
                    "mv " +
                    (pids.path() / "wrapper.tmp").string() + " " + (pids.path() / "wrapper").string() +
                    "\n"
                    "wait\n");
  fs::permissions(fake, fs::perms::owner_all);
  std::vector<std::string> args = {"vector-addition", "s.cu", "--sanitize", "memcheck"};
  if (watch) args.push_back("--watch");
  RunningJudge judge(dir.path(), tmp.path(), args, {"JUDGE_COMPUTE_SANITIZER=" + fake.string()});
  ASSERT_TRUE(judge.wait_for([&](const std::string&) { return fs::exists(pids.path() / "wrapper"); }))
      << judge.out() << judge.err();
  std::vector<pid_t> started;
  for (const char* name : {"wrapper", "child", "escaped"}) {
    pid_t pid = 0;
    std::ifstream(pids.path() / name) >> pid;
    ASSERT_GT(pid, 0) << name;
    started.push_back(pid);
  }

  judge.interrupt();
  // Gone, not even a zombie (which would answer).
  for (pid_t pid : started) EXPECT_NE(::kill(pid, 0), 0) << "process " << pid << " is still there";
  expect_clean_interrupt(judge, tmp.path());
  if (!watch) {
    EXPECT_EQ(judge.out(), "") << "no report of an interrupted run";
    return;
  }
  EXPECT_EQ(count(judge.out(), "] run "), 1u) << judge.out();
  EXPECT_EQ(judge.out().find("(Ctrl-C to stop)"), std::string::npos) << "the run was not finished";
  EXPECT_EQ(judge.out().back(), '\n') << "no half line: " << judge.out();
}

TEST(Watch, CtrlCDuringARunStopsAndReapsItsProcesses) {
  interrupt_during_a_run(true);
}

TEST(Watch, CtrlCDuringAPlainRunIsJustAsClean) {
  interrupt_during_a_run(false);
}

TEST(Watch, JsonIsOneDocumentPerLine) {
  testing::TempDir dir, tmp;
  dir.write("helper.cuh", kHelper);
  const fs::path s = dir.write("s.cu", kBinds);
  RunningJudge judge(dir.path(), tmp.path(), {"vector-addition", "s.cu", "--watch", "--json"});
  auto lines = [](std::size_t n) { return [n](const std::string& out) { return count(out, "\n") >= n; }; };
  ASSERT_TRUE(judge.wait_for(lines(1))) << judge.out() << judge.err();
  std::ofstream(s) << kMismatch;
  ASSERT_TRUE(judge.wait_for(lines(2))) << judge.out() << judge.err();
  judge.interrupt();
  expect_clean_interrupt(judge, tmp.path());
  std::istringstream in(judge.out());
  std::vector<std::string> verdicts;
  for (std::string line; std::getline(in, line);) {
    const auto doc = nlohmann::json::parse(line);  // a line that is not a whole document throws
    EXPECT_EQ(doc["format"], "judge-run/1");
    verdicts.push_back(doc["verdict"]);
  }
  EXPECT_EQ(verdicts, (std::vector<std::string>{"JE", "CE"}));
  // The watch's own lines are on stderr.
  EXPECT_NE(judge.err().find("] run 2: s.cu changed\n"), std::string::npos) << judge.err();
  EXPECT_NE(judge.err().find("watching s.cu and helper.cuh (Ctrl-C to stop)"), std::string::npos) << judge.err();
}

util::CapturedRun judge_once(const fs::path& folder, std::vector<std::string> args) {
  util::SpawnOptions o;
  o.argv = {"/usr/bin/env", "CUDA_VISIBLE_DEVICES=", "NO_COLOR=1", JUDGE_BINARY, "--root", JUDGE_TEST_ROOT};
  o.argv.insert(o.argv.end(), args.begin(), args.end());
  o.cwd = folder;
  auto r = util::run_captured(o, 60000);
  EXPECT_TRUE(r);
  EXPECT_FALSE(r->timed_out) << "the judge kept watching";
  return *r;
}

TEST(Watch, WhatNoSaveCanFixEndsTheWatch) {
  testing::TempDir dir;
  dir.write("s.cu", kBinds);
  const auto unknown = judge_once(dir.path(), {"run", "vector-addtion", "s.cu", "--watch"});
  EXPECT_EQ(unknown.status.code, 2);
  EXPECT_NE(unknown.err.text.find("did you mean 'vector-addition'?"), std::string::npos) << unknown.err.text;
  const auto missing = judge_once(dir.path(), {"run", "vector-addition", "t.cu", "--watch"});
  EXPECT_EQ(missing.status.code, 2);
  EXPECT_NE(missing.err.text.find("t.cu: no such file (--watch follows a solution file on disk)"), std::string::npos)
      << missing.err.text;
}

TEST(Watch, RunHelpShowsTheFlag) {
  testing::TempDir dir;
  const auto help = judge_once(dir.path(), {"run", "--help"});
  EXPECT_EQ(help.status.code, 0);
  EXPECT_NE(help.out.text.find("--watch"), std::string::npos) << help.out.text;
}

}  // namespace
}  // namespace judge
