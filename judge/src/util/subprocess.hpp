// Child processes: spawned in their own process group with stdin on /dev/null, stdout and
// stderr captured up to a cap, resource limits, and a kill of the whole group on timeout or
// when the judge is interrupted. The spawning process becomes a child subreaper, so a
// descendant that leaves the group (setsid, double fork) comes back to it and is killed when
// its child ends (kill_strays).
#pragma once

#include <sys/resource.h>
#include <sys/types.h>

#include <chrono>
#include <filesystem>
#include <optional>
#include <string>
#include <utility>
#include <vector>

#include "util/fd.hpp"
#include "util/result.hpp"

namespace judge::util {

struct ExitStatus {
  bool exited = false;  // normal exit (else killed by a signal)
  int code = 0;
  int signal = 0;
  std::string describe() const;  // "exit code 3", "signal SIGSEGV (segmentation fault)"
};

// Output of a stream, keeping the first `cap` bytes and counting the rest.
struct CapturedStream {
  std::string text;
  std::size_t total_bytes = 0;
  bool truncated() const { return total_bytes > text.size(); }
};

struct SpawnOptions {
  std::vector<std::string> argv;
  std::vector<std::pair<int, int>> fds;  // (fd in the parent, fd number in the child)
  std::optional<std::filesystem::path> cwd;
  std::vector<std::pair<int, rlim_t>> rlimits;  // resource, soft = hard limit
  std::size_t capture_cap_bytes = 1 << 20;
  // SIGKILL the child when the thread that spawned it ends (PR_SET_PDEATHSIG): for children that
  // must not outlive a judge killed with SIGKILL. Leave it off for children spawned by a thread
  // that ends before them.
  bool die_with_parent = false;
};

class Child {
 public:
  Child() = default;
  Child(Child&&) noexcept;
  Child& operator=(Child&&) noexcept;
  Child(const Child&) = delete;
  Child& operator=(const Child&) = delete;
  ~Child();  // kills the group if still running

  pid_t pid() const { return pid_; }
  bool running() const { return pid_ > 0 && !status_; }

  // Reads whatever stdout/stderr have, for at most `timeout_ms` (-1: until both close).
  // Returns true early when `also_fd` becomes readable.
  bool drain(int timeout_ms, int also_fd = -1);
  void kill_group();
  // Waits for the child to end (kill_group first if it must end now).
  const ExitStatus& wait();
  // Reaps the child if it has ended; true when it has.
  bool try_wait();

  const CapturedStream& out() const { return out_; }
  const CapturedStream& err() const { return err_; }

 private:
  friend Result<Child> spawn(const SpawnOptions&);
  void read_into(Fd& fd, CapturedStream& s);
  void finish(int wstatus);
  pid_t pid_ = -1;
  Fd out_fd_, err_fd_;
  CapturedStream out_, err_;
  std::size_t cap_ = 0;
  std::optional<ExitStatus> status_;
};

Result<Child> spawn(const SpawnOptions& opts);

struct CapturedRun {
  ExitStatus status;
  CapturedStream out, err;
  bool timed_out = false;
  double wall_ms = 0;
};

// Runs a command to completion, killing its process group after `timeout_ms`.
Result<CapturedRun> run_captured(const SpawnOptions& opts, int timeout_ms);

// Kills (SIGKILL) and reaps every child of this process that spawn() does not know as live:
// descendants of ended children that escaped their group and were re-parented to us, the
// subreaper. Returns how many there were. Safe to call from any thread.
std::size_t kill_strays();

// SIGKILL to the group of every live child; async-signal-safe (util/interrupt's second signal).
void kill_all_child_groups();

// Kills every live child's group, reaps the children, then kill_strays(): what an interrupt does
// before the judge exits (util/interrupt). Not from a signal handler.
void stop_all_children();

}  // namespace judge::util
